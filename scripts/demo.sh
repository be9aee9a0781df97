#!/usr/bin/env bash
# The demo: installs what is missing, builds, then runs a real injection
# link over two virtual adapters in two processes — txdemo on "drone",
# rxdemo on "ground" — and prints what happened.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh

BUILD=${DEVOURER_BUILD:-build}
[ -f "$BUILD/build.ninja" ] || meson setup "$BUILD" >/dev/null
meson compile -C "$BUILD" >/dev/null

# Firmware: the user's choice, else the system's, else the test copy.
if [ -z "${DEVOURER_FIRMWARE_DIR:-}" ]; then
  for d in /lib/firmware/rtw88 ../shared/firmware; do
    if [ -f "$d/rtw8812a_fw.bin" ]; then export DEVOURER_FIRMWARE_DIR=$d; break; fi
  done
fi
if [ -z "${DEVOURER_FIRMWARE_DIR:-}" ]; then
  echo "demo: rtw8812a_fw.bin not found: install linux-firmware (rtw88/) or set DEVOURER_FIRMWARE_DIR" >&2
  exit 1
fi

# A private air for this demo, so nothing else on the host interferes.
DEVOURER_AIR_DIR=$(mktemp -d /tmp/devourer-demo-air-XXXXXX)
export DEVOURER_AIR_DIR
trap 'rm -rf "$DEVOURER_AIR_DIR"' EXIT

CHANNEL=${CHANNEL:-149}
COUNT=${COUNT:-500}
echo "== devourer demo: channel $CHANNEL, $COUNT frames, virtual adapters 'drone' → 'ground' (loss 2%)"
echo "== firmware from $DEVOURER_FIRMWARE_DIR"

"$BUILD/examples/rxdemo" -d "virtual:ground,loss=0.02,rssi=-58" -c "$CHANNEL" -t 8 -v \
  > "$DEVOURER_AIR_DIR/rx.log" 2>&1 &
rx=$!
sleep 2   # let the receiver come up (its init timing is printed below)
"$BUILD/examples/txdemo" -d virtual:drone -c "$CHANNEL" -n "$COUNT" -r mcs:3 -s 1200 -i 5 \
  2>&1 | sed 's/^/[drone]  /'
wait $rx || true
sed 's/^/[ground] /' "$DEVOURER_AIR_DIR/rx.log"

# The verdict, from rxdemo's machine-readable summary line.
line=$(grep '^rxdemo: valid=' "$DEVOURER_AIR_DIR/rx.log" || true)
valid=$(sed -n 's/.* valid=\([0-9]*\).*/\1/p' <<<"$line")
invalid=$(sed -n 's/.* invalid=\([0-9]*\).*/\1/p' <<<"$line")
echo "== result: 'ground' received ${valid:-0} of $COUNT injected frames byte-exact," \
     "${invalid:-?} corrupt; the rest were lost to the configured 2% loss"
[ "${invalid:-1}" = 0 ] && [ "${valid:-0}" -gt 0 ]
