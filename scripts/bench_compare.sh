#!/usr/bin/env bash
# Single-thread search speed: `grimoire bench` beside Debian's `fairy-stockfish bench`, run
# alternately in one session (each engine's own fixed positions and depth; nodes per second is
# the figure compared). Usage: scripts/bench_compare.sh [--repeat N] [--no-build]
set -euo pipefail
export LC_ALL=C PATH="$PATH:/usr/games"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPEAT=3 BUILD=1
while (($#)); do
  case $1 in
    --repeat) REPEAT=$2; shift ;;
    --no-build) BUILD=0 ;;
    *) echo "usage: $0 [--repeat N] [--no-build]" >&2; exit 2 ;;
  esac
  shift
done
command -v fairy-stockfish >/dev/null || { echo "fairy-stockfish is not installed" >&2; exit 1; }
((BUILD)) && (cd "$ROOT" && cargo build --release -q -p grimoire)
best_g=0 best_f=0
for ((i = 1; i <= REPEAT; i++)); do
  g=$("$ROOT/target/release/grimoire" bench | awk -F': ' '/^Nodes\/second/ {print $2}')
  f=$( (echo bench; sleep 0.2) | fairy-stockfish 2>&1 | awk -F': ' '/^Nodes\/second/ {print $2}')
  echo "run $i: grimoire $g nps, fairy-stockfish $f nps"
  ((g > best_g)) && best_g=$g
  ((f > best_f)) && best_f=$f
done
echo "best: grimoire $best_g nps, fairy-stockfish $best_f nps"
awk -v g="$best_g" -v f="$best_f" 'BEGIN { printf "nps ratio grimoire/fairy-stockfish %.2f\n", g / f }'
