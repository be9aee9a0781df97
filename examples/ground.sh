#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The ground side of a video link: devourersrc (one or several adapters) ->
# RTP -> H.264 decoder -> screen.
#
#   PASSWORD=secret examples/ground.sh           # or KEY_FILE=gs.key
#
# Settings (environment):
#   DEVICE    adapter selector(s); several for diversity, separated by ';'
#             (e.g. "usb:0bda:8812#0;usb:0bda:8812#1")                [auto]
#   CHANNEL   Wi-Fi channel                                           [149]
#   SINK      video sink (fakesink for no display)              [autovideosink]
#   SECONDS   stop after this long (0 = until Ctrl-C)                 [0]
#   SNAPSHOT  also write the latest decoded frame to this PNG file, at
#             most once a second (it holds the last one when the run ends)
#   KEY_FILE / PASSWORD   the link key (one of them is required)
#   DEVOURER_BUILD        build directory holding gst/ and examples/  [build]
set -euo pipefail
cd "$(dirname "$0")/.."

DEVICE=${DEVICE:-auto}
CHANNEL=${CHANNEL:-149}
SINK=${SINK:-autovideosink}
SECONDS_LIMIT=${SECONDS:-0}
BUILD=${DEVOURER_BUILD:-build}

. examples/radio_env.sh
radio_env ground.sh gs.key

# One string: gst_parse_launch handles the quoting inside it.
PIPELINE="devourersrc name=radio device=\"$DEVICE\" channel=$CHANNEL $KEY
    caps=\"application/x-rtp,media=video,clock-rate=90000,encoding-name=H264,payload=96\" !
  rtph264depay ! avdec_h264 ! tee name=decoded
  decoded. ! queue ! videoconvert ! $SINK name=screen sync=false"
if [ -n "${SNAPSHOT:-}" ]; then
  # A branch that can never hold the screen back: its queue drops rather
  # than blocks, videorate lets one frame a second through, and each one
  # rewrites the file whole (pngenc snapshot=true would end the stream at
  # the tee, screen included, after the first frame).
  PIPELINE="$PIPELINE
  decoded. ! queue leaky=downstream max-size-buffers=2 !
    videorate drop-only=true max-rate=1 ! videoconvert ! pngenc !
    multifilesink location=\"$SNAPSHOT\""
fi

# devourer-busmon prints init timing and RX stats, and the decoded frame count.
if [ -x "$BUILD/examples/devourer-busmon" ]; then
  LIMIT=()
  [ "$SECONDS_LIMIT" -gt 0 ] && LIMIT=(-t "$SECONDS_LIMIT")
  exec "$BUILD/examples/devourer-busmon" "${LIMIT[@]}" -c screen "$PIPELINE"
fi
exec gst-launch-1.0 -e "$PIPELINE"
