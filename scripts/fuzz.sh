#!/usr/bin/env bash
# Runs every libFuzzer target (fuzz/) for SECONDS each (default 300), one after another.
# Needs a nightly toolchain and cargo-fuzz: `rustup toolchain install nightly` and
# `cargo install cargo-fuzz`. Corpora grow in fuzz/corpus/<target> (seeded from
# fuzz/seeds/<target>); crashes land in fuzz/artifacts/<target>. See docs/reliability.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SECONDS_EACH=${1:-300}
TARGETS=${TARGETS:-"fen moves uci setoption session"}
cargo +nightly fuzz build -O -s none
for t in $TARGETS; do
  mkdir -p "fuzz/corpus/$t"
  echo "== $t for $SECONDS_EACH s"
  cargo +nightly fuzz run -O -s none "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
    -max_total_time="$SECONDS_EACH" -timeout=120 -rss_limit_mb=4096 -print_final_stats=1 2>&1 \
    | grep -E "^(#[0-9]+ +DONE|stat::|==|SUMMARY|Done)|panicked|ERROR|Test unit written" || true
done
