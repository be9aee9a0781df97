#!/bin/sh
# One bounded fuzz run: run_fuzz.sh TARGET CORPUS WORKDIR SECONDS
# Replays every committed input of CORPUS (regressions included), then
# fuzzes for SECONDS seconds, writing new inputs to WORKDIR (wiped first,
# so each run starts from the committed corpus alone) and any crashing
# input to WORKDIR/crash-*. Exits non-zero on any crash, leak, sanitizer
# report or oracle failure: 1, not libFuzzer's default 77, which meson
# reads as a skipped test.
set -eu
target=$1 corpus=$2 work=$3 seconds=${FUZZ_SECONDS:-$4}
rm -rf "$work"
mkdir -p "$work/new"
exec "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -error_exitcode=1 -print_final_stats=1 -artifact_prefix="$work/" \
  "$work/new" "$corpus"
