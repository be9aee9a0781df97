#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The ground side of a video + telemetry link on ONE adapter: video and
# the drone's MAVLink received, the ground station's MAVLink sent up —
# and optionally an IP tunnel both ways — in one GStreamer pipeline whose
# devourersrc and devourersink elements all name the same device. The
# mirror image of examples/drone_telemetry.sh.
#
#   PASSWORD=secret examples/ground_telemetry.sh   # or KEY_FILE=gs.key
#
#   devourersrc  radio port 0    -> rtph264depay -> avdec_h264 -> screen
#   devourersrc  radio port 0x10 -> udp GCS_HOST:GCS_PORT          (MAVLink down)
#   udp :GCS_LISTEN_PORT         -> devourersink radio port 0x90   (MAVLink up)
#   with TUNNEL=1, for devourer-tun (see examples/README.md):
#   devourersrc  radio port 0x20 -> udp TUN_HOST:TUN_PORT          (IP down)
#   udp :TUN_LISTEN_PORT         -> devourersink radio port 0xa0   (IP up)
#
# A ground station such as QGroundControl listens on UDP 14550 (GCS_PORT)
# and sends to the address it is told: add a UDP link with target host
# 127.0.0.1:14551 (GCS_LISTEN_PORT) for the uplink.
#
# Settings (environment):
#   DEVICE    adapter selector; one adapter (it both receives and sends)
#                                                                     [auto]
#   CHANNEL   Wi-Fi channel                                           [149]
#   MCS       HT MCS index of the uplink (-1 = legacy 6 Mbit/s)       [1]
#   TELEMETRY_FEC   uplink MAVLink k/n (wfb-ng's mavlink default)     [1/2]
#   SINK      video sink (fakesink for no display)              [autovideosink]
#   SECONDS   stop after this long (0 = until Ctrl-C)                 [0]
#   GCS_HOST / GCS_PORT  where the drone's MAVLink goes    [127.0.0.1 / 14550]
#   GCS_LISTEN_PORT      UDP port the ground station's MAVLink arrives on
#                                                                     [14551]
#   GCS_LISTEN_ADDRESS   address that port is bound to        [127.0.0.1]
#   TUNNEL    1: also carry devourer-tun's IP packets                  [0]
#   TUN_LISTEN_PORT  UDP port devourer-tun sends its packets to       [5801]
#   TUN_LISTEN_ADDRESS  address that port is bound to         [127.0.0.1]
#   TUN_HOST / TUN_PORT  where IP packets from the drone go [127.0.0.1 / 5800]
#   KEY_FILE / PASSWORD   the link key (one of them is required); with a
#             key file the ground uses gs.key for every stream
#   DEVOURER_BUILD        build directory holding gst/ and examples/  [build]
set -euo pipefail
cd "$(dirname "$0")/.."

DEVICE=${DEVICE:-auto}
CHANNEL=${CHANNEL:-149}
MCS=${MCS:-1}
TELEMETRY_FEC=${TELEMETRY_FEC:-1/2}
SINK=${SINK:-autovideosink}
SECONDS_LIMIT=${SECONDS:-0}
GCS_HOST=${GCS_HOST:-127.0.0.1}
GCS_PORT=${GCS_PORT:-14550}
GCS_LISTEN_PORT=${GCS_LISTEN_PORT:-14551}
GCS_LISTEN_ADDRESS=${GCS_LISTEN_ADDRESS:-127.0.0.1}
TUNNEL=${TUNNEL:-0}
TUN_LISTEN_PORT=${TUN_LISTEN_PORT:-5801}
TUN_LISTEN_ADDRESS=${TUN_LISTEN_ADDRESS:-127.0.0.1}
TUN_HOST=${TUN_HOST:-127.0.0.1}
TUN_PORT=${TUN_PORT:-5800}
BUILD=${DEVOURER_BUILD:-build}

. examples/radio_env.sh
radio_env ground_telemetry.sh gs.key

# One adapter for every element: the same selector and channel.
RADIO="device=\"$DEVICE\" channel=$CHANNEL $KEY"
# Telemetry sinks: small datagrams, each sent the moment it arrives. They
# do not preroll (async=false): the first datagram may come much later
# (no flight controller or ground station yet), and a sink waiting for it
# would hold the whole pipeline, video included, out of PLAYING.
TELEM_TX="mcs=$MCS fec-k=${TELEMETRY_FEC%/*} fec-n=${TELEMETRY_FEC#*/} fec-timeout=0 async=false"

PIPELINE="devourersrc name=radio $RADIO radio-port=0
    caps=\"application/x-rtp,media=video,clock-rate=90000,encoding-name=H264,payload=96\" !
  rtph264depay ! avdec_h264 ! videoconvert ! $SINK name=screen sync=false
  devourersrc name=mavlink-down $RADIO radio-port=16 !
  udpsink name=gcs host=$GCS_HOST port=$GCS_PORT sync=false async=false
  udpsrc name=gcs-in address=$GCS_LISTEN_ADDRESS port=$GCS_LISTEN_PORT !
  devourersink name=mavlink-up $RADIO radio-port=144 $TELEM_TX"
if [ "$TUNNEL" = 1 ]; then
  PIPELINE="$PIPELINE
  devourersrc name=tunnel-down $RADIO radio-port=32 !
  udpsink name=tun-out host=$TUN_HOST port=$TUN_PORT sync=false async=false
  udpsrc name=tun address=$TUN_LISTEN_ADDRESS port=$TUN_LISTEN_PORT !
  devourersink name=tunnel-up $RADIO radio-port=160 $TELEM_TX"
fi

# devourer-busmon prints init timing and RX stats, and the decoded frame count.
if [ -x "$BUILD/examples/devourer-busmon" ]; then
  LIMIT=()
  [ "$SECONDS_LIMIT" -gt 0 ] && LIMIT=(-t "$SECONDS_LIMIT")
  exec "$BUILD/examples/devourer-busmon" "${LIMIT[@]}" -c screen "$PIPELINE"
fi
exec gst-launch-1.0 -e "$PIPELINE"
