#!/usr/bin/env bash
# Effective branching factor per variant: `grimoire bench` nodes at depth d over depth d-1.
# Bench nodes are deterministic, so one run per depth is enough. A depth whose bench takes
# longer than the time cap (seconds, default 120) ends that variant's series.
# Usage: scripts/ebf.sh [--bin PATH] [--cap S] [--max-depth D] [variant ...]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN="$ROOT/target/release/grimoire" CAP=120 MAX=10
while (($#)); do
  case $1 in
    --bin) BIN=$2; shift ;;
    --cap) CAP=$2; shift ;;
    --max-depth) MAX=$2; shift ;;
    *) break ;;
  esac
  shift
done
VARIANTS=("$@")
((${#VARIANTS[@]})) || VARIANTS=(chess duggan archmage ghost eldritch hobgoblin)
for v in "${VARIANTS[@]}"; do
  prev=0 line="$v:"
  for ((d = 1; d <= MAX; d++)); do
    out=$(timeout "$CAP" "$BIN" bench --variant "$v" --depth "$d" 2>&1) || { line+=" d$d>${CAP}s"; break; }
    n=$(awk -F': *' '/^Nodes searched/ {print $2}' <<<"$out")
    ms=$(awk -F': *' '/^Total time/ {print $2}' <<<"$out")
    if ((prev > 0)); then
      line+=" d$d=$n($(awk -v a="$n" -v b="$prev" 'BEGIN{printf "x%.2f", a/b}'),${ms}ms)"
    else
      line+=" d$d=$n"
    fi
    prev=$n
  done
  echo "$line"
done
