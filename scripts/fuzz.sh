#!/usr/bin/env bash
# Runs every libFuzzer target (fuzz/) for SECONDS each (default 300), one after another.
# Needs a nightly toolchain and cargo-fuzz: `rustup toolchain install nightly` and
# `cargo install cargo-fuzz`. Corpora grow in fuzz/corpus/<target> (seeded from
# fuzz/seeds/<target>); crashes land in fuzz/artifacts/<target>. See docs/reliability.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# VOLUME=1: a build without comparison tracing (`--no-trace-compares`, its own target folder),
# which runs the same inputs and checks 2-3.5 times faster; for piling up executions over a
# corpus that the traced build has grown (docs/reliability.md, section 6).
SECONDS_EACH=${1:-300}
TARGETS=${TARGETS:-"fen moves uci setoption session"}
if [ "${VOLUME:-0}" = 1 ]; then
  build=(--no-trace-compares --target-dir "$PWD/fuzz/target-volume")
  bin=fuzz/target-volume/x86_64-unknown-linux-gnu/release
else
  build=()
  bin=fuzz/target/x86_64-unknown-linux-gnu/release
fi
cargo +nightly fuzz build -O -s none "${build[@]}"
for t in $TARGETS; do
  mkdir -p "fuzz/corpus/$t" "fuzz/artifacts/$t"
  echo "== $t for $SECONDS_EACH s"
  "$bin/$t" -max_total_time="$SECONDS_EACH" -timeout=120 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$t/" \
    "fuzz/corpus/$t" "fuzz/seeds/$t" 2>&1 \
    | grep -E "^(#[0-9]+ +DONE|stat::|==|SUMMARY|Done)|panicked|ERROR|Test unit written" || true
done
