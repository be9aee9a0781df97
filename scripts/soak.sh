#!/usr/bin/env bash
# The soak: a real sender pipeline (gst-launch-1.0 ... ! devourersink) and a
# real receiver pipeline (devourersrc, under examples/devourer-busmon which prints
# its RX stats) over two virtual adapters on a private air, for N minutes
# at a high packet rate with random loss on the receiver's adapter.
#
#   scripts/soak.sh [--minutes N] [--rate PPS] [--loss P] [--fec-timeout MS]
#
# Reports delivered / lost / fec-recovered / duplicates, the packets lost
# beyond FEC capacity (allowed) and within it (must be 0), and VmRSS of
# both processes after warm-up and at the end. Exits non-zero if a packet
# was lost within FEC capacity, if either RSS grew more than the bound
# (--rss-growth-kib, default 8192) after warm-up, if nothing was delivered,
# or if a pipeline failed. A packet counts as lost within capacity when k
# fragments of its block did arrive, but after the receiver gave the block
# up (devourersrc fec-timeout, here 200 ms by default: frames of a virtual
# air wait for the host's scheduler, which on a loaded machine takes tens
# of milliseconds). DEVOURER_SOAK_SECONDS overrides --minutes (the
# short run of the test suite). Build dir: DEVOURER_BUILD (default build).
set -euo pipefail
cd "$(dirname "$0")/.."

MINUTES=5
RATE=1000
LOSS=0.05
RSS_GROWTH_KIB=8192
FEC_TIMEOUT=200
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) MINUTES=$2; shift 2 ;;
    --rate) RATE=$2; shift 2 ;;
    --loss) LOSS=$2; shift 2 ;;
    --rss-growth-kib) RSS_GROWTH_KIB=$2; shift 2 ;;
    --fec-timeout) FEC_TIMEOUT=$2; shift 2 ;;
    *) echo "usage: scripts/soak.sh [--minutes N] [--rate PPS] [--loss P] [--fec-timeout MS] [--rss-growth-kib K]" >&2
       exit 2 ;;
  esac
done
SECS=${DEVOURER_SOAK_SECONDS:-$((MINUTES * 60))}
BUILD=${DEVOURER_BUILD:-build}
CHANNEL=${CHANNEL:-149}

if [ ! -f "$BUILD/build.ninja" ]; then
  meson setup "$BUILD" >/dev/null
fi
meson compile -C "$BUILD" >/dev/null
BUILD=$(cd "$BUILD" && pwd)
command -v gst-launch-1.0 >/dev/null || { echo "soak: gst-launch-1.0 missing (scripts/deps.sh)" >&2; exit 1; }

# Firmware: the user's choice, else the system's, else the copy this project ships.
if [ -z "${DEVOURER_FIRMWARE_DIR:-}" ]; then
  for d in /lib/firmware/rtw88 "$PWD/firmware"; do
    if [ -f "$d/rtw8812a_fw.bin" ]; then export DEVOURER_FIRMWARE_DIR=$d; break; fi
  done
fi
[ -n "${DEVOURER_FIRMWARE_DIR:-}" ] || { echo "soak: rtw8812a_fw.bin not found: set DEVOURER_FIRMWARE_DIR" >&2; exit 1; }

DEVOURER_AIR_DIR=$(mktemp -d /tmp/devourer-soak-air-XXXXXX)
export DEVOURER_AIR_DIR
export GST_PLUGIN_PATH="$BUILD/gst${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
rx=""; tx=""
cleanup() {
  [ -n "$tx" ] && kill "$tx" 2>/dev/null || true
  [ -n "$rx" ] && kill "$rx" 2>/dev/null || true
  wait 2>/dev/null || true
  [ -n "${DEVOURER_SOAK_KEEP:-}" ] && cp "$DEVOURER_AIR_DIR"/*.log "$DEVOURER_SOAK_KEEP"/ 2>/dev/null
  rm -rf "$DEVOURER_AIR_DIR"
}
trap cleanup EXIT

rss_kib() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$1/status" 2>/dev/null || echo 0; }

# A sanitized build (the test suite's): the uninstrumented gst-launch-1.0
# needs the sanitizer runtimes the plugin links, loaded first. Their
# quarantine would read as RSS growth: keep it small.
SAN_PRELOAD=$(ldd "$BUILD/gst/libgstdevourer.so" | awk '/lib(asan|ubsan)\.so/ {print $3}' | paste -sd: -)
if [ -n "$SAN_PRELOAD" ]; then
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=4:detect_leaks=0"
  # The uninstrumented gst-plugin-scanner cannot load the plugin: scan
  # in-process, into a registry of our own.
  export GST_REGISTRY_FORK=no GST_REGISTRY="$DEVOURER_AIR_DIR/registry.bin"
fi

PACKETS=$((RATE * SECS))
echo "== soak: $SECS s, $RATE packets/s of 1000 bytes ($PACKETS), loss $LOSS on the receiver, FEC 8/12," \
     "receiver fec-timeout $FEC_TIMEOUT ms, MCS 3, channel $CHANNEL"

# The receiver: runs until the sender is done and the last blocks are in.
"$BUILD/examples/devourer-busmon" -t $((SECS + 8)) -c sink \
  "devourersrc device=\"virtual:ground,loss=$LOSS\" channel=$CHANNEL password=soak fec-timeout=$FEC_TIMEOUT stats-interval=1000 ! fakesink name=sink sync=false" \
  > "$DEVOURER_AIR_DIR/rx.log" 2>&1 &
rx=$!
# Until the receiver listens (its first stats line), the sender would talk
# to nobody.
for _ in $(seq 300); do
  grep -q 'rx-stats' "$DEVOURER_AIR_DIR/rx.log" 2>/dev/null && break
  kill -0 "$rx" 2>/dev/null || break
  sleep 0.1
done

# The sender: one 1000-byte packet per buffer (a 1000x1 GRAY8 frame).
LD_PRELOAD="$SAN_PRELOAD" ASAN_OPTIONS="${ASAN_OPTIONS:-}" \
gst-launch-1.0 -q videotestsrc is-live=true pattern=snow num-buffers=$PACKETS ! \
  "video/x-raw,format=GRAY8,width=1000,height=1,framerate=$RATE/1" ! \
  devourersink device=virtual:drone channel=$CHANNEL password=soak mcs=3 fec-k=8 fec-n=12 \
  > "$DEVOURER_AIR_DIR/tx.log" 2>&1 &
tx=$!

started=$(date +%s)
# Wait until @1 seconds after the sender started, unless a pipeline ends.
wait_alive() {
  while [ $(($(date +%s) - started)) -lt "$1" ]; do
    kill -0 "$tx" 2>/dev/null && kill -0 "$rx" 2>/dev/null || return 0
    sleep 0.2
  done
}
# Warm-up: a fifth of the run (at least 5 s), then the first RSS reading.
warm=$((SECS / 5)); [ "$warm" -lt 5 ] && warm=5
wait_alive "$warm"
rx_rss0=$(rss_kib "$rx"); tx_rss0=$(rss_kib "$tx")
# The last reading a little before the sender's last buffer (at SECS).
wait_alive $((SECS - 2 > warm ? SECS - 2 : warm))
rx_rss1=$(rss_kib "$rx"); tx_rss1=$(rss_kib "$tx")

tx_status=0; wait "$tx" || tx_status=$?; tx=""
rx_status=0; wait "$rx" || rx_status=$?; rx=""

sed 's/^/[drone]  /' "$DEVOURER_AIR_DIR/tx.log"
grep -v 'rx-stats' "$DEVOURER_AIR_DIR/rx.log" | sed 's/^/[ground] /' || true
# The seconds in which packets were lost within capacity, to see when.
grep 'rx-stats' "$DEVOURER_AIR_DIR/rx.log" | grep -v 'within-capacity 0 ' | sed 's/^/[ground] /' || true

sum() { sed -n "s/.*rx-stats.* $1 \([0-9]*\).*/\1/p" "$DEVOURER_AIR_DIR/rx.log" | awk '{s+=$1} END {print s+0}'; }
delivered=$(sed -n 's/.*rx-stats *\([0-9]*\) pkts.*/\1/p' "$DEVOURER_AIR_DIR/rx.log" | awk '{s+=$1} END {print s+0}')
lost=$(sum lost)
maybe=$(sum maybe-lost)
recovered=$(sum fec-recovered)
within=$(sum within-capacity)
dup=$(sum dup)
# within-capacity counts the slots of blocks FEC should have repaired,
# packets or fillers alike: the rest of both counts was beyond capacity.
beyond=$((lost + maybe - within))

echo "== soak result: sent $PACKETS, delivered $delivered, lost $lost" \
     "(maybe $maybe more: slots a packet or a filler held; beyond FEC capacity $beyond, within capacity $within), fec-recovered $recovered, duplicates $dup"
echo "== RSS (KiB) after ${warm} s warm-up -> end: receiver $rx_rss0 -> $rx_rss1, sender $tx_rss0 -> $tx_rss1 (bound +$RSS_GROWTH_KIB)"

fail=0
[ "$tx_status" = 0 ] || { echo "soak: FAIL: the sender pipeline exited with $tx_status"; fail=1; }
[ "$rx_status" = 0 ] || { echo "soak: FAIL: the receiver pipeline exited with $rx_status"; fail=1; }
if grep -q '^ERROR' "$DEVOURER_AIR_DIR/rx.log" "$DEVOURER_AIR_DIR/tx.log"; then
  echo "soak: FAIL: a pipeline posted an error"; fail=1
fi
[ "$delivered" -gt 0 ] || { echo "soak: FAIL: nothing delivered"; fail=1; }
[ "$within" = 0 ] || { echo "soak: FAIL: $within packets lost within FEC capacity"; fail=1; }
for pair in "receiver $rx_rss0 $rx_rss1" "sender $tx_rss0 $tx_rss1"; do
  set -- $pair
  if [ "$2" = 0 ] || [ "$3" = 0 ]; then
    echo "soak: FAIL: no RSS reading of the $1 (it ended early)"; fail=1
  elif [ $(($3 - $2)) -gt "$RSS_GROWTH_KIB" ]; then
    echo "soak: FAIL: the $1's RSS grew by $(($3 - $2)) KiB"; fail=1
  fi
done
[ "$fail" = 0 ] && echo "== soak passed"
exit $fail
