#!/usr/bin/env bash
# The demo: installs what is missing, builds, then runs over two virtual
# adapters in separate processes: (1) raw injection, devourer-tx → devourer-rx,
# checked byte for byte; (2) H.264 video through devourersink →
# devourersrc with 10% loss repaired by FEC. Prints what happened and
# leaves a decoded frame as a PNG ($DEMO_FRAME, default
# build/demo-frame.png), printing its path.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says what it does as it starts; the build, most of the
# demo's time the first time (~3 min on 2 cores, 730 steps), prints a
# progress line at every tenth of ninja's steps (scripts/progress.sh).
PROGRESS_PREFIX="== "
source scripts/progress.sh
t_start=$(date +%s)
echo "== packages: installing what is missing (scripts/deps.sh)"
bash scripts/deps.sh

BUILD=${DEVOURER_BUILD:-build}
if [ ! -f "$BUILD/build.ninja" ]; then
  echo "== configure: meson setup $BUILD"
  if ! out=$(meson setup "$BUILD" 2>&1); then
    echo "$out" | tail -20
    exit 1
  fi
fi
echo "== build: meson compile -C $BUILD (the whole output: $BUILD/demo-build.log)"
progress_compile "$BUILD" "$BUILD/demo-build.log"
echo "== ready after $(( $(date +%s) - t_start )) s; the link now runs (about 15 s)"

# Firmware: the user's choice, else the system's, else the copy this project ships.
if [ -z "${DEVOURER_FIRMWARE_DIR:-}" ]; then
  for d in /lib/firmware/rtw88 "$PWD/firmware"; do
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

# The receivers run until told: each side waits on what the other prints,
# never on a fixed time, so a loaded host only makes the demo slower.
# wait_line FILE REGEX PID [AFTER]: until a line matching REGEX, beyond the
# first AFTER lines, is in FILE (written by PID); fails when PID ends
# first or after WAIT_LIMIT seconds.
WAIT_LIMIT=${WAIT_LIMIT:-120}
wait_line() {
  local file=$1 regex=$2 pid=$3 after=${4:-0} end=$(( $(date +%s) + WAIT_LIMIT ))
  until tail -n +"$((after + 1))" "$file" 2>/dev/null | grep -Eq -- "$regex"; do
    kill -0 "$pid" 2>/dev/null || return 1
    [ "$(date +%s)" -lt "$end" ] || return 1
    sleep 0.1
  done
}
# stop_when_quiet FILE REGEX PID SIGNAL: once the sender is done, a whole
# report interval in which the receiver got nothing (a line matching
# REGEX, printed after now) means every frame is in; then SIGNAL ends it.
stop_when_quiet() {
  local file=$1 regex=$2 pid=$3 sig=$4 lines
  lines=$(wc -l <"$file")
  wait_line "$file" "$regex" "$pid" "$lines" || true
  kill -"$sig" "$pid" 2>/dev/null || true
}

CHANNEL=${CHANNEL:-149}
COUNT=${COUNT:-200}
FRAMES=${FRAMES:-150}
# The decoded frame the demo leaves behind (outside the air, which goes).
FRAME_PNG=${DEMO_FRAME:-$BUILD/demo-frame.png}
rm -f "$FRAME_PNG"

echo "== part 1: raw injection, devourer-tx on 'drone' → devourer-rx on 'ground', channel $CHANNEL, $COUNT frames, 2% loss"
echo "== firmware from $DEVOURER_FIRMWARE_DIR"
"$BUILD/examples/devourer-rx" -d "virtual:ground,loss=0.02,rssi=-58" -c "$CHANNEL" -t "$WAIT_LIMIT" -v \
  > "$DEVOURER_AIR_DIR/rx.log" 2>&1 &
rx=$!
# The receiver is up once its bring-up ends (its init timing is printed below).
wait_line "$DEVOURER_AIR_DIR/rx.log" 'init total' $rx || true
"$BUILD/examples/devourer-tx" -d virtual:drone -c "$CHANNEL" -n "$COUNT" -r mcs:3 -s 1200 -i 5 \
  2>&1 | sed 's/^/[drone]  /'
stop_when_quiet "$DEVOURER_AIR_DIR/rx.log" '^devourer-rx: frames=0 ' $rx TERM
wait $rx || true
sed 's/^/[ground] /' "$DEVOURER_AIR_DIR/rx.log"
line=$(grep '^devourer-rx: valid=' "$DEVOURER_AIR_DIR/rx.log" || true)
valid=$(sed -n 's/.* valid=\([0-9]*\).*/\1/p' <<<"$line")
invalid=$(sed -n 's/.* invalid=\([0-9]*\).*/\1/p' <<<"$line")
echo "== part 1 result: 'ground' received ${valid:-0} of $COUNT injected frames byte-exact," \
     "${invalid:-?} corrupt; the rest were lost to the configured 2% loss"
raw_ok=0
[ "${invalid:-1}" = 0 ] && [ "${valid:-0}" -gt 0 ] && raw_ok=1

echo
echo "== part 2: H.264 video through GStreamer: drone.sh (videotestsrc SMPTE bars moving sideways, 1280x720 30 fps," \
     "x264 4 Mbit/s, rtph264pay, devourersink MCS3 FEC 8/12) → ground.sh (devourersrc," \
     "10% loss, rtph264depay, avdec_h264)"
export DEVOURER_BUILD="$BUILD"
DEVICE="virtual:ground,loss=0.1,rssi=-62" SINK=fakesink SECONDS=$((FRAMES / 30 + WAIT_LIMIT)) \
  CHANNEL=$CHANNEL PASSWORD=devourer-demo SNAPSHOT="$FRAME_PNG" bash examples/ground.sh \
  > "$DEVOURER_AIR_DIR/ground.log" 2>&1 &
gs=$!
wait_line "$DEVOURER_AIR_DIR/ground.log" ' init .* total ' $gs || true
# Colour bars moving sideways cost the encoder its full 4 Mbit/s, as a real
# scene does, and the decoded frame the demo writes is a picture one can
# check by eye.
DEVICE=virtual:drone FRAMES=$FRAMES PATTERN="smpte horizontal-speed=4" MCS=3 BITRATE=4000 SIZE=1280x720 CHANNEL=$CHANNEL \
  PASSWORD=devourer-demo bash examples/drone.sh 2>&1 | sed 's/^/[drone]  /'
# devourer-busmon ends the ground's pipeline through EOS on SIGINT, so
# the decoder's last frames are counted.
stop_when_quiet "$DEVOURER_AIR_DIR/ground.log" 'rx-stats +0 pkts' $gs INT
wait $gs || true
sed 's/^/[ground] /' "$DEVOURER_AIR_DIR/ground.log"
decoded=$(sed -n 's/.*screen received \([0-9]*\) buffers.*/\1/p' "$DEVOURER_AIR_DIR/ground.log" | tail -1)
# Sums of the per-interval rx-stats lines devourer-busmon printed.
read -r repaired lost < <(awk '/rx-stats/ {
    for (i = 1; i < NF; i++) {
      if ($i == "fec-recovered") r += $(i + 1)
      if ($i == "lost") l += $(i + 1)
    }
  } END { print r + 0, l + 0 }' "$DEVOURER_AIR_DIR/ground.log")
beyond=""
[ "$lost" -gt 0 ] && beyond=" (their blocks lost more than n-k fragments; the picture shows the damage until the next keyframe)"
echo "== part 2 result: the ground decoded ${decoded:-0} of $FRAMES video frames sent through 10% loss;" \
     "FEC repaired $repaired packets, $lost were lost beyond repair$beyond"
# The PNG's width and height: bytes 16..23, big-endian, of its IHDR chunk.
png_ok=0
if [ -s "$FRAME_PNG" ] && [ "$(head -c 8 "$FRAME_PNG" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
  read -r w0 w1 w2 w3 h0 h1 h2 h3 < <(od -An -tu1 -j16 -N8 "$FRAME_PNG")
  w=$(( (w0 << 24) | (w1 << 16) | (w2 << 8) | w3 ))
  h=$(( (h0 << 24) | (h1 << 16) | (h2 << 8) | h3 ))
  FRAME_PNG=$(cd "$(dirname "$FRAME_PNG")" && pwd)/$(basename "$FRAME_PNG")
  echo "== a decoded frame, ${w}x${h}: $FRAME_PNG"
  [ "$w" -gt 0 ] && [ "$h" -gt 0 ] && png_ok=1
else
  echo "== no decoded frame was written to $FRAME_PNG"
fi
[ "$raw_ok" = 1 ] && [ "${decoded:-0}" -gt 0 ] && [ "$png_ok" = 1 ]
