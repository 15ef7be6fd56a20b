#!/usr/bin/env bash
# Perft and bench of two grimoire binaries side by side in one run, interleaved, so a change's
# speed is compared under the same machine load. Node counts must match; times are the best of
# the runs. Usage: scripts/compare_binaries.sh OLD NEW [RUNS]
set -euo pipefail
old=$1 new=$2 runs=${3:-3}

# Seconds of one command (best of $runs), and the node count it printed.
measure() {
  local bin=$1 kind=$2 variant=$3 depth=$4 best="" nodes="" out t0 t1 t
  for _ in $(seq "$runs"); do
    t0=$(date +%s.%N)
    if [ "$kind" = perft ]; then
      out=$("$bin" perft --variant "$variant" --depth "$depth")
      nodes=$(grep -Eo 'Nodes searched: [0-9]+' <<<"$out" | grep -Eo '[0-9]+' || true)
    else
      out=$("$bin" bench --variant "$variant" --depth "$depth")
      nodes=$(grep -Eo 'Nodes searched *: [0-9]+' <<<"$out" | grep -Eo '[0-9]+' || true)
    fi
    t1=$(date +%s.%N)
    t=$(echo "$t1 - $t0" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  echo "$nodes $best"
}

printf '%-6s %-9s %5s %14s %14s %9s %9s %7s\n' what variant depth nodes_old nodes_new s_old s_new new/old
while read -r kind variant depth; do
  read -r n_old s_old < <(measure "$old" "$kind" "$variant" "$depth")
  read -r n_new s_new < <(measure "$new" "$kind" "$variant" "$depth")
  ratio=$(echo "scale=3; $s_new / $s_old" | bc)
  printf '%-6s %-9s %5s %14s %14s %9.3f %9.3f %7s\n' "$kind" "$variant" "$depth" "$n_old" "$n_new" "$s_old" "$s_new" "$ratio"
  [ "$n_old" = "$n_new" ] || echo "  MISMATCH: node counts differ"
done <<'CASES'
perft chess 5
perft chess 6
perft duggan 5
perft archmage 4
perft ghost 5
perft eldritch 4
perft eldritch 5
perft hobgoblin 2
bench chess 9
bench duggan 9
bench ghost 9
bench archmage 7
bench eldritch 7
bench hobgoblin 3
CASES
