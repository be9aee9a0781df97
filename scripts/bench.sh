#!/usr/bin/env bash
# The benchmarks: installs what is missing, builds a release build, runs
# every bench program (bench/run.py) and writes results/<timestamp>/
# report.md with PNG plots and raw.json. Under ten minutes on a 2-CPU VM,
# plus about 3.5 for the adaptive-link flights (bench/adapt_flight.py).
#   bash scripts/bench.sh            # full run
#   bash scripts/bench.sh --quick    # fewer repetitions (about a minute,
#                                    # plus 1.7 for the flights)
set -euo pipefail
cd "$(dirname "$0")/.."

# What only the bench needs beside the rest: plots and instruction counts.
bash scripts/deps.sh python3-matplotlib valgrind

# Optimised, unsanitised: the numbers users get.
BUILD=${DEVOURER_BENCH_BUILD:-build-bench}
[ -f "$BUILD/build.ninja" ] || meson setup "$BUILD" --buildtype=release >/dev/null
ninja -C "$BUILD" bench/cpu_stages bench/tx_duty bench/init_timing bench/link_bench bench/share_cost bench/airtime >/dev/null
# The GStreamer element stage: its program and the plugin it loads
# (skipped, and said so in the report, when they cannot be built).
ninja -C "$BUILD" bench/gst_stages bench/gst_latency gst/libgstdevourer.so >/dev/null 2>&1 ||
  echo "bench: gst_stages, gst_latency or the plugin did not build; the element stage is skipped"
# The libusb launcher, when that part of the tree exists (skipped otherwise).
if [ -d libdevourer/vusb ]; then
  ninja -C "$BUILD" libdevourer/vusb/devourer-vusb >/dev/null 2>&1 ||
    echo "bench: devourer-vusb did not build; its init run is skipped"
fi

OUT=results/$(date +%Y%m%d-%H%M%S)
mkdir -p "$OUT"
# Debian's python3 (where python3-matplotlib lives), not a pyenv shim.
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
"$PY" bench/run.py --build "$BUILD" --out "$OUT" "$@"
echo "bench: report in $OUT/report.md"
