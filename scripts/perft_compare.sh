#!/usr/bin/env bash
# Single-thread perft speed: grimoire vs Debian's fairy-stockfish and stockfish.
# Usage: scripts/perft_compare.sh [--quick] [--repeat N] [--no-build] [--only-references]
#   --quick            startpos depth 5 / Kiwipete depth 4 (smoke run) instead of 6 / 5
#   --repeat N         measurements per engine and position (default 3); best time kept,
#                      engines run interleaved (A B C A B C ...)
#   --no-build         do not run `cargo build --release -p grimoire` first
#   --only-references  measure fairy-stockfish and stockfish only
# Every run is timed as a whole process (wall clock); the same engine's best time for
# `perft 1` on the same position (its startup cost) is subtracted from it.
# Exit status: 0 when every engine ran and every node count matched, 1 otherwise, 2 on bad usage.
set -euo pipefail
export LC_ALL=C
export PATH="$PATH:/usr/games"

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GRIM="$ROOT/target/release/grimoire"
# Kiwipete (knight on e5): perft 4 = 4085603, perft 5 = 193690690.
KIWI='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
REPEAT=3 QUICK=0 BUILD=1 ONLY_REF=0 TIMEOUT=1800

die() { echo "perft_compare: $*" >&2; exit 2; }
while (($#)); do
  case $1 in
    --quick) QUICK=1 ;;
    --repeat) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || die "--repeat needs a positive integer"
              REPEAT=$2; shift ;;
    --no-build) BUILD=0 ;;
    --only-references) ONLY_REF=1 ;;
    -h|--help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) die "unknown option: $1 (see --help)" ;;
  esac
  shift
done

# name|fen (empty = startpos)|depth|expected nodes
if ((QUICK)); then
  POSITIONS=("startpos||5|4865609" "kiwipete|$KIWI|4|4085603")
else
  POSITIONS=("startpos||6|119060324" "kiwipete|$KIWI|5|193690690")
fi

ENGINES=(fairy-stockfish stockfish)
((ONLY_REF)) || ENGINES=(grimoire "${ENGINES[@]}")
declare -A BAD=() BEST=() START=() NODES=() WRONG=()

for e in "${ENGINES[@]}"; do
  [[ $e == grimoire ]] && continue
  command -v "$e" >/dev/null || BAD[$e]="not found in PATH (nor /usr/games)"
done
if ! ((ONLY_REF)); then
  if ((BUILD)); then
    echo "building: cargo build --release -p grimoire" >&2
    (cd "$ROOT" && cargo build --release -p grimoire) >&2 || BAD[grimoire]="cargo build --release -p grimoire failed"
  fi
  [[ -n ${BAD[grimoire]:-} || -x $GRIM ]] || BAD[grimoire]="binary $GRIM missing"
fi

# Each runner sets RES_NODES (empty on failure), RES_TIME (seconds) and RES_ERR.
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }

run_uci() { # engine fen depth: UCI over a coprocess; quit is sent only after the result
  local eng=$1 fen=$2 depth=$3 pos line t0 t1 in out pid
  if [[ -z $fen ]]; then pos='position startpos'; else pos="position fen $fen"; fi
  RES_NODES='' RES_ERR="no 'Nodes searched' line (crashed or timed out after ${TIMEOUT}s)"
  t0=$EPOCHREALTIME
  coproc UCI { "$eng" 2>&1; }
  in=${UCI[1]} out=${UCI[0]} pid=$UCI_PID
  printf 'setoption name Threads value 1\n%s\ngo perft %s\n' "$pos" "$depth" >&"$in"
  while IFS= read -r -t "$TIMEOUT" line <&"$out"; do
    if [[ $line == 'Nodes searched:'* ]]; then
      t1=$EPOCHREALTIME
      RES_NODES=${line##* } RES_TIME=$(elapsed "$t0" "$t1")
      break
    fi
  done
  { printf 'quit\n' >&"$in"; } 2>/dev/null || true
  exec {in}>&- {out}<&-
  [[ -n $RES_NODES ]] || kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

run_grim() { # fen depth: the whole process is timed
  local fen=$1 depth=$2 t0 t1 out rc=0
  local args=(perft --variant chess --depth "$depth" --threads 1)
  if [[ -n $fen ]]; then args+=(--fen "$fen"); fi
  RES_NODES='' RES_ERR=''
  t0=$EPOCHREALTIME
  out=$(timeout "$TIMEOUT" "$GRIM" "${args[@]}" 2>&1) || rc=$?
  t1=$EPOCHREALTIME
  if ((rc)); then RES_ERR="exited with status $rc: $(tail -n 3 <<<"$out" | tr '\n' ' ')"; return; fi
  RES_NODES=$(sed -n 's/^Nodes searched: *\([0-9][0-9]*\).*/\1/p' <<<"$out" | tail -n 1)
  RES_TIME=$(elapsed "$t0" "$t1")
  [[ -n $RES_NODES ]] || RES_ERR="no 'Nodes searched' line in output"
}

measure() { if [[ $1 == grimoire ]]; then run_grim "$2" "$3"; else run_uci "$@"; fi; }
lower() { [[ -z ${2:-} ]] || awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

echo "nproc: $(nproc); repeat: $REPEAT; threads: 1; engines: ${ENGINES[*]}" >&2
for p in "${POSITIONS[@]}"; do
  IFS='|' read -r pname fen depth expect <<<"$p"
  for ((r = 1; r <= REPEAT; r++)); do
    for e in "${ENGINES[@]}"; do
      [[ -z ${BAD[$e]:-} ]] || continue
      k="$e|$pname"
      # Untimed perft 1 first: a start after a pause is slower (memory handed back to the
      # host), and the timed startup run must see the same warm state as the full run.
      measure "$e" "$fen" 1
      if [[ -n $RES_NODES ]]; then measure "$e" "$fen" 1; fi
      if [[ -z $RES_NODES ]]; then BAD[$e]="perft 1 on $pname: $RES_ERR"; continue; fi
      lower "$RES_TIME" "${START[$k]:-}" && START[$k]=$RES_TIME
      echo "  [$r/$REPEAT] $pname d$depth $e ..." >&2
      measure "$e" "$fen" "$depth"
      if [[ -z $RES_NODES ]]; then BAD[$e]="perft $depth on $pname: $RES_ERR"; continue; fi
      NODES[$k]=$RES_NODES
      [[ $RES_NODES == "$expect" ]] || WRONG[$k]="got $RES_NODES, expected $expect"
      lower "$RES_TIME" "${BEST[$k]:-}" && BEST[$k]=$RES_TIME
    done
  done
done

status=0
echo "Wall-clock times, best of $REPEAT, minus each engine's startup cost (best perft 1 run on the same position)."
for p in "${POSITIONS[@]}"; do
  IFS='|' read -r pname fen depth expect <<<"$p"
  echo
  echo "== $pname, depth $depth (expected $expect nodes)"
  printf '%-16s %12s %10s %10s %10s  %s\n' engine nodes startup_s best_s Mnps check
  declare -A MNPS=()
  for e in "${ENGINES[@]}"; do
    k="$e|$pname"
    if [[ -n ${BAD[$e]:-} && -z ${BEST[$k]:-} ]]; then
      printf '%-16s %12s %10s %10s %10s  %s\n' "$e" - - - - "ERROR: ${BAD[$e]}"; status=1; continue
    fi
    net=$(elapsed "${START[$k]}" "${BEST[$k]}") check=ok
    if lower "$net" 0.01; then # below what startup-cost subtraction can resolve
      mnps=n/a check="too short to time: use a deeper run"
    else
      mnps=$(awk -v n="${NODES[$k]}" -v t="$net" 'BEGIN { printf "%.2f", n / t / 1e6 }') MNPS[$e]=$mnps
    fi
    if [[ -n ${WRONG[$k]:-} ]]; then check="WRONG NODE COUNT (${WRONG[$k]})"; status=1; fi
    printf '%-16s %12s %10.3f %10.3f %10s  %s\n' "$e" "${NODES[$k]}" "${START[$k]}" "$net" "$mnps" "$check"
  done
  for ref in fairy-stockfish stockfish; do
    if [[ -n ${MNPS[grimoire]:-} && -n ${MNPS[$ref]:-} ]]; then
      awk -v a="${MNPS[grimoire]}" -v b="${MNPS[$ref]}" -v r="$ref" \
        'BEGIN { printf "nps ratio grimoire/%-16s %6.3f\n", r, a / b }'
    fi
  done
  unset MNPS
done

for e in "${!BAD[@]}"; do echo "ERROR: $e: ${BAD[$e]}" >&2; status=1; done
exit "$status"
