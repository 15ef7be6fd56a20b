#!/usr/bin/env bash
# Clock safety and memory over long self-play (docs/reliability.md): for every variant,
# GAMES games at 1 s + 10 ms (default 200, CONCURRENCY 1), reporting time forfeits from the
# match report and the peak resident size (VmHWM) of every engine process, sampled from /proc.
# Usage: scripts/clock_soak.sh [games] [concurrency] [hash_mb]   (builds the release binary)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
GAMES=${1:-200}
CONC=${2:-1}
HASH=${3:-16}
cargo build --release -q -p grimoire
BIN=target/release/grimoire
for v in ${VARIANTS:-$($BIN variants)}; do
  report=$(mktemp)
  pgn=${PGN_DIR:-/tmp}/clock-soak-$v.pgn
  start=$(date +%s)
  $BIN selfplay --variant "$v" --tc 1+0.01 --games "$GAMES" --concurrency "$CONC" \
    --option "Hash=$HASH" --pgn "$pgn" --quiet >"$report" 2>&1 &
  pid=$!
  peak=0
  while kill -0 "$pid" 2>/dev/null; do
    for c in $(cat /proc/"$pid"/task/*/children 2>/dev/null); do
      hwm=$(awk '/^VmHWM:/ {print $2}' /proc/"$c"/status 2>/dev/null || echo 0)
      [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
    done
    sleep 0.5
  done
  wait "$pid" || true
  echo "== $v: $GAMES games at 1+0.01, concurrency $CONC, Hash $HASH MB, $(( $(date +%s) - start )) s"
  grep -E "^(Endings|Illegal|total)" "$report" || cat "$report"
  echo "peak engine VmHWM: $peak KB (Hash $HASH MB = $(( HASH * 1024 )) KB)"
  grep -o "[A-Za-z]* loses on time[^}]*" "$pgn" || true
  echo "games: $pgn"
  rm -f "$report"
done
