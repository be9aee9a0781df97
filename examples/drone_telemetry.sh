#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The air side of a video + telemetry link on ONE adapter: H.264 video
# down, the flight controller's MAVLink down, the ground's MAVLink up —
# and optionally an IP tunnel both ways — in one GStreamer pipeline whose
# devourersink and devourersrc elements all name the same device.
#
#   PASSWORD=secret examples/drone_telemetry.sh    # or KEY_FILE=drone.key
#
#   camera -> x264enc -> rtph264pay -> devourersink   radio port 0    (video)
#   udp :FC_LISTEN_PORT            -> devourersink    radio port 0x10 (MAVLink down)
#   devourersrc  radio port 0x90   -> udp FC_HOST:FC_PORT             (MAVLink up)
#   with TUNNEL=1, for devourer-tun (see examples/README.md):
#   udp :TUN_LISTEN_PORT           -> devourersink    radio port 0x20 (IP down)
#   devourersrc  radio port 0xa0   -> udp TUN_HOST:TUN_PORT           (IP up)
#
# The radio ports are wfb-ng's defaults (its master.cfg), so each stream
# also meets wfb-ng on the ground. Telemetry uses wfb-ng's mavlink FEC,
# 1/2: every datagram is a block of its own, sent at once and repeated
# once, so a lost frame costs nothing and no datagram waits for others to
# fill a block (which is why fec-timeout does not matter at k=1).
#
# Settings (environment):
#   DEVICE    adapter selector (auto, usb:0bda:8812, virtual:drone)   [auto]
#   CHANNEL   Wi-Fi channel                                           [149]
#   MCS       HT MCS index of every stream (-1 = legacy 6 Mbit/s)     [1]
#   FEC       video k/n                                               [8/12]
#   TELEMETRY_FEC   MAVLink k/n (wfb-ng's mavlink default)            [1/2]
#   BITRATE   H.264 kbit/s                                            [4000]
#   CAMERA    V4L2 device; without one a live test pattern is sent
#   PATTERN   videotestsrc pattern (and options) without a camera     [ball]
#   SIZE      WIDTHxHEIGHT                                            [1280x720]
#   FPS       frames per second                                       [30]
#   FRAMES    stop the whole pipeline after this many video frames
#             (0 = run until Ctrl-C)                                  [0]
#   FC_LISTEN_PORT  UDP port the flight controller's MAVLink arrives on
#                   (wfb-ng's drone side listens on 14560)            [14560]
#   FC_LISTEN_ADDRESS  address that port is bound to          [127.0.0.1]
#   FC_HOST / FC_PORT  where MAVLink from the ground goes   [127.0.0.1 / 14561]
#   TUNNEL    1: also carry devourer-tun's IP packets                  [0]
#   TUN_LISTEN_PORT  UDP port devourer-tun sends its packets to       [5801]
#   TUN_LISTEN_ADDRESS  address that port is bound to         [127.0.0.1]
#   TUN_HOST / TUN_PORT  where IP packets from the ground go [127.0.0.1 / 5800]
#   KEY_FILE / PASSWORD   the link key (one of them is required); with a
#             key file the drone uses drone.key for every stream, as
#             wfb-ng does (the ground's gs.key opens what the drone sends
#             and seals what it sends up)
#   DEVOURER_BUILD        build directory holding gst/ and examples/  [build]
set -euo pipefail
cd "$(dirname "$0")/.."

DEVICE=${DEVICE:-auto}
CHANNEL=${CHANNEL:-149}
MCS=${MCS:-1}
FEC=${FEC:-8/12}
TELEMETRY_FEC=${TELEMETRY_FEC:-1/2}
BITRATE=${BITRATE:-4000}
SIZE=${SIZE:-1280x720}
FPS=${FPS:-30}
FRAMES=${FRAMES:-0}
FC_LISTEN_PORT=${FC_LISTEN_PORT:-14560}
FC_LISTEN_ADDRESS=${FC_LISTEN_ADDRESS:-127.0.0.1}
FC_HOST=${FC_HOST:-127.0.0.1}
FC_PORT=${FC_PORT:-14561}
TUNNEL=${TUNNEL:-0}
TUN_LISTEN_PORT=${TUN_LISTEN_PORT:-5801}
TUN_LISTEN_ADDRESS=${TUN_LISTEN_ADDRESS:-127.0.0.1}
TUN_HOST=${TUN_HOST:-127.0.0.1}
TUN_PORT=${TUN_PORT:-5800}
BUILD=${DEVOURER_BUILD:-build}

. examples/radio_env.sh
radio_env drone_telemetry.sh drone.key

W=${SIZE%x*}
H=${SIZE#*x}
NUM=""
[ "$FRAMES" -gt 0 ] && NUM="num-buffers=$FRAMES"
if [ -n "${CAMERA:-}" ]; then
  SRC="v4l2src device=$CAMERA $NUM ! videoconvert ! videoscale"
else
  SRC="videotestsrc is-live=true pattern=${PATTERN:-ball} $NUM"
fi

# What every element says about the one adapter they share: the same
# selector and channel (the adapter has one channel; a different one is
# refused as busy), and the key.
RADIO="device=\"$DEVICE\" channel=$CHANNEL $KEY"
# Telemetry sinks: small datagrams, each sent the moment it arrives. They
# do not preroll (async=false): the first datagram may come much later
# (no flight controller or ground station yet), and a sink waiting for it
# would hold the whole pipeline, video included, out of PLAYING.
TELEM_TX="mcs=$MCS fec-k=${TELEMETRY_FEC%/*} fec-n=${TELEMETRY_FEC#*/} fec-timeout=0 async=false"

PIPELINE="$SRC ! video/x-raw,width=$W,height=$H,framerate=$FPS/1 !
  x264enc tune=zerolatency speed-preset=ultrafast bitrate=$BITRATE
          key-int-max=$((FPS * 2)) !
  rtph264pay mtu=1400 config-interval=-1 pt=96 !
  devourersink name=radio $RADIO radio-port=0 mcs=$MCS
               fec-k=${FEC%/*} fec-n=${FEC#*/}
  udpsrc name=fc address=$FC_LISTEN_ADDRESS port=$FC_LISTEN_PORT !
  devourersink name=mavlink-down $RADIO radio-port=16 $TELEM_TX
  devourersrc name=mavlink-up $RADIO radio-port=144 !
  udpsink name=fc-out host=$FC_HOST port=$FC_PORT sync=false async=false"
if [ "$TUNNEL" = 1 ]; then
  PIPELINE="$PIPELINE
  udpsrc name=tun address=$TUN_LISTEN_ADDRESS port=$TUN_LISTEN_PORT !
  devourersink name=tunnel-down $RADIO radio-port=32 $TELEM_TX
  devourersrc name=tunnel-up $RADIO radio-port=160 !
  udpsink name=tun-out host=$TUN_HOST port=$TUN_PORT sync=false async=false"
fi

# devourer-busmon prints the devourer messages as they arrive; with
# FRAMES it ends the pipeline once the video sink has its last frame (the
# telemetry sources are live and never end by themselves).
if [ -x "$BUILD/examples/devourer-busmon" ]; then
  END=()
  [ "$FRAMES" -gt 0 ] && END=(-e radio)
  exec "$BUILD/examples/devourer-busmon" "${END[@]}" "$PIPELINE"
fi
if [ "$FRAMES" -gt 0 ]; then
  echo "drone_telemetry.sh: FRAMES needs devourer-busmon (build the examples)" >&2
  exit 2
fi
exec gst-launch-1.0 -e "$PIPELINE"
