#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The air side of a video link: camera (or test pattern) -> H.264 -> RTP ->
# devourersink (WFB-NG: FEC + encryption, injected by a Realtek adapter).
#
#   PASSWORD=secret examples/drone.sh            # or KEY_FILE=drone.key
#
# Settings (environment):
#   DEVICE    adapter selector (auto, usb:0bda:8812, virtual:drone)   [auto]
#   CHANNEL   Wi-Fi channel                                           [149]
#   MCS       HT MCS index (-1 = legacy 6 Mbit/s)                     [1]
#   FEC       k/n                                                     [8/12]
#   BITRATE   H.264 kbit/s                                            [4000]
#   CAMERA    V4L2 device; without one a live test pattern is sent
#   PATTERN   videotestsrc pattern (and its options) when there is no
#             camera; "snow" or a moving "smpte horizontal-speed=4"
#             keep the encoder at its bitrate like a real scene     [ball]
#   SIZE      WIDTHxHEIGHT                                            [1280x720]
#   FPS       frames per second                                       [30]
#   FRAMES    stop after this many frames (0 = run until Ctrl-C)     [0]
#   KEY_FILE / PASSWORD   the link key (one of them is required)
#   DEVOURER_BUILD        build directory holding gst/ and examples/  [build]
set -euo pipefail
cd "$(dirname "$0")/.."

DEVICE=${DEVICE:-auto}
CHANNEL=${CHANNEL:-149}
MCS=${MCS:-1}
FEC=${FEC:-8/12}
BITRATE=${BITRATE:-4000}
SIZE=${SIZE:-1280x720}
FPS=${FPS:-30}
FRAMES=${FRAMES:-0}
BUILD=${DEVOURER_BUILD:-build}

. examples/radio_env.sh
radio_env drone.sh drone.key

W=${SIZE%x*}
H=${SIZE#*x}
NUM=""
[ "$FRAMES" -gt 0 ] && NUM="num-buffers=$FRAMES"
if [ -n "${CAMERA:-}" ]; then
  SRC="v4l2src device=$CAMERA $NUM ! videoconvert ! videoscale"
else
  SRC="videotestsrc is-live=true pattern=${PATTERN:-ball} $NUM"
fi

PIPELINE="$SRC ! video/x-raw,width=$W,height=$H,framerate=$FPS/1 !
  x264enc tune=zerolatency speed-preset=ultrafast bitrate=$BITRATE
          key-int-max=$((FPS * 2)) !
  rtph264pay mtu=1400 config-interval=-1 pt=96 !
  devourersink name=radio device=$DEVICE channel=$CHANNEL mcs=$MCS
               fec-k=${FEC%/*} fec-n=${FEC#*/} $KEY"

# devourer-busmon prints the init timing and TX duty messages as they arrive.
if [ -x "$BUILD/examples/devourer-busmon" ]; then
  exec "$BUILD/examples/devourer-busmon" "$PIPELINE"
fi
exec gst-launch-1.0 -e "$PIPELINE"
