#!/usr/bin/env bash
# Single-thread perft speed on a 10x10 board, measured in one run: grimoire's ArchMage (start
# position and the middle-game suite position) beside fairy-stockfish's built-in 10x10 `grand`
# variant (start position).
# Usage: scripts/perft_compare_archmage.sh [--repeat N] [--no-build]
# Each run is timed as a whole process (wall clock) minus the same engine's best `perft 1` time
# on the same position (its startup cost); the best of N runs is kept, engines interleaved.
set -euo pipefail
export LC_ALL=C
export PATH="$PATH:/usr/games"

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GRIM="$ROOT/target/release/grimoire"
MIDDLE='g2sqk3g/x1tfzif1bx/pp1p1pp1pp/2pbr1tm2/4P1M3/4UPD3/P2P1B1HP1/1PT3PP1P/X2FZI2TX/GR1SQK1U1G[Dh] w Q - 2 14'
REPEAT=3 BUILD=1
while (($#)); do
  case $1 in
    --repeat) REPEAT=$2; shift ;;
    --no-build) BUILD=0 ;;
    -h|--help) sed -n '2,7s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done
((BUILD)) && (cd "$ROOT" && cargo build --release -p grimoire >&2)
command -v fairy-stockfish >/dev/null || { echo "fairy-stockfish not found" >&2; exit 1; }

now() { echo "$EPOCHREALTIME"; }
sub() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", a - b }'; }

run_grim() { # fen depth -> "nodes seconds"
  local t0 out
  t0=$(now)
  if [[ -z $1 ]]; then
    out=$("$GRIM" perft --variant archmage --depth "$2" --threads 1)
  else
    out=$("$GRIM" perft --variant archmage --depth "$2" --threads 1 --fen "$1")
  fi
  echo "$(sed -n 's/^Nodes searched: *//p' <<<"$out") $(sub "$(now)" "$t0")"
}

run_fsf() { # depth -> "nodes seconds"
  local t0 out
  t0=$(now)
  out=$(printf 'setoption name Threads value 1\nsetoption name UCI_Variant value grand\nposition startpos\ngo perft %s\nquit\n' "$1" | fairy-stockfish 2>&1)
  echo "$(sed -n 's/^Nodes searched: *//p' <<<"$out") $(sub "$(now)" "$t0")"
}

declare -A BEST=() NODES=() START=()
measure() { # key command... : keeps the best time
  local key=$1; shift
  local res nodes t
  res=$("$@"); nodes=${res% *}; t=${res#* }
  NODES[$key]=$nodes
  if [[ -z ${BEST[$key]:-} ]] || awk -v a="$t" -v b="${BEST[$key]}" 'BEGIN { exit !(a < b) }'; then
    BEST[$key]=$t
  fi
}
for ((r = 1; r <= REPEAT; r++)); do
  measure grim_start1 run_grim "" 1
  measure grim_start run_grim "" 4
  measure grim_mid1 run_grim "$MIDDLE" 1
  measure grim_mid run_grim "$MIDDLE" 4
  measure fsf_start1 run_fsf 1
  measure fsf_start run_fsf 4
done

report() { # label key startup_key
  local net
  net=$(sub "${BEST[$2]}" "${BEST[$3]}")
  awk -v l="$1" -v n="${NODES[$2]}" -v t="$net" \
    'BEGIN { printf "%-44s %12d nodes %8.3f s %8.2f Mnps\n", l, n, t, n / t / 1e6 }'
}
echo "nproc: $(nproc); best of $REPEAT; one thread each"
report "grimoire archmage startpos perft 4" grim_start grim_start1
report "grimoire archmage middle perft 4" grim_mid grim_mid1
report "fairy-stockfish grand startpos perft 4" fsf_start fsf_start1
