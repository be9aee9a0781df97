#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Real H.264 video against a jammer: a fixed channel against keyed
hopping over 4 and over 8 channels, the jammer parked on one of them.

    bench/hop_jammer.py --build build-bench --out DIR [--seconds 15] [--json]

Each run is three gst-launch-1.0 processes on a private virtual air: the
jammer (a virtual adapter opened with jam=44, whose power every receiver
on channel 44 gets, bench/README.md), then the ground and the drone:

  drone:  videotestsrc ! x264enc ! rtph264pay ! devourersink (hop-channels=...)
  ground: devourersrc (hop-channels=...) ! rtph264depay ! avdec_h264 ! fakesink

Pictures are counted as bench/adapt_flight.py counts them (decoded,
damaged: at or after a loss with no keyframe since, good = decoded -
damaged), over the whole run after the ground's first picture. The
jammer's power (JAM_DBM) is above the link's signal (the virtual
adapters' default -40 dBm), so nothing on its channel is decoded at any
rate: a link parked there carries nothing, a hopping one loses the slots
that land there, which FEC repairs while a block holds no more of them
than its parity.

For exploring, JAM_CH=N moves the jammer (e.g. off the hop sets, to see
what hopping alone costs) and HOP_DWELL=MS changes the slot.

Writes DIR/hop_jammer.md, DIR/hop_jammer.json and the processes' output
(DIR/logs/hop_jammer-*.log); --json prints the records on stdout too.
"""
import argparse
import bisect
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import adapt_flight as af  # noqa: E402  (its gst-launch reader)

JAM_CHANNEL = int(os.environ.get("JAM_CH", "44"))
JAM_DBM = -35
DWELL_MS = int(os.environ.get("HOP_DWELL", "10"))
FEC = (8, 12)
BITRATE = 2000
RUNS = [
    {"name": "fixed-clean", "label": "fixed channel 149 (clean)", "channel": 149, "hop": None},
    {"name": "fixed-jammed", "label": "fixed channel 44 (jammed)", "channel": 44, "hop": None},
    {"name": "hop4", "label": "hopping over 4 (36-48)", "channel": 36,
     "hop": "36,40,44,48"},
    {"name": "hop8", "label": "hopping over 8 (36-48, 149-161)", "channel": 36,
     "hop": "36,40,44,48,149,153,157,161"},
]


def pipelines(run, chip, width, height):
    hop = []
    if run["hop"]:
        hop = ["hop-channels=%s" % run["hop"], "hop-dwell=%d" % DWELL_MS]
    drone = ["videotestsrc", "is-live=true", "pattern=snow", "!",
             "video/x-raw,format=I420,width=%d,height=%d,framerate=30/1" % (width, height), "!",
             "x264enc", "tune=zerolatency", "speed-preset=ultrafast", "key-int-max=30",
             "bitrate=%d" % BITRATE, "!", "identity", "name=enc_out", "silent=false", "!",
             "rtph264pay", "mtu=1400", "config-interval=-1", "!",
             "devourersink", "device=virtual:drone,chip=%s" % chip, "channel=%d" % run["channel"],
             "password=jam", "mcs=1", "fec-k=%d" % FEC[0], "fec-n=%d" % FEC[1],
             "stats-interval=1000", "sync=false"] + hop
    ground = ["devourersrc", "name=src", "device=virtual:ground,chip=%s" % chip,
              "channel=%d" % run["channel"], "password=jam", "stats-interval=1000"] + hop + [
              "!", "application/x-rtp,media=video,clock-rate=90000,encoding-name=H264,payload=96",
              "!", "identity", "name=rx", "silent=false", "!", "rtph264depay", "!",
              "video/x-h264,stream-format=byte-stream,alignment=au", "!",
              "identity", "name=au", "silent=false", "!", "avdec_h264", "!",
              "identity", "name=dec", "silent=false", "!", "fakesink", "sync=false"]
    jammer = ["devourersrc", "device=virtual:jammer,jam=%d,jam-dbm=%d" % (JAM_CHANNEL, JAM_DBM),
              "channel=165", "password=jam", "!", "fakesink"]
    return drone, ground, jammer


def count(ev):
    rx = sorted(ev["rx"])
    losses = [t for i, (t, _, f) in enumerate(rx) if i > 0 and f & (af.F_DISCONT | af.F_GAP)]
    keys = sorted(t for t, _, f in ev["au"] if not f & af.F_DELTA)
    decoded = damaged = 0
    for t, _, f in sorted(ev["dec"]):
        decoded += 1
        i = bisect.bisect_right(losses, t)
        last_loss = losses[i - 1] if i else None
        j = bisect.bisect_right(keys, t)
        last_key = keys[j - 1] if j else None
        if (f & af.F_CORRUPTED) or (last_loss is not None and
                                    (last_key is None or last_key < last_loss)):
            damaged += 1
    out = {"decoded": decoded, "damaged": damaged, "good": decoded - damaged,
           "encoded": len(ev["enc"]), "losses": len(losses), "lost_packets": 0,
           "fec_recovered": 0, "packets": 0, "hop_losses": 0, "hop_acquisitions": 0}
    for _, src, name, fd in ev["msgs"]:
        if src == "src" and name == "devourer-rx-stats":
            out["lost_packets"] += fd.get("lost", 0)
            out["fec_recovered"] += fd.get("fec-recovered", 0)
            out["packets"] += fd.get("packets", 0)
            out["hop_losses"] = max(out["hop_losses"], fd.get("hop-losses", 0))
            out["hop_acquisitions"] = max(out["hop_acquisitions"], fd.get("hop-acquisitions", 0))
    return out


def fly(run, chip, seconds, build, logs, width, height):
    env = dict(os.environ)
    air = tempfile.mkdtemp(prefix="devourer-jam-air-")
    env["DEVOURER_AIR_DIR"] = air
    env["GST_PLUGIN_PATH"] = os.path.join(build, "gst")
    env["GST_REGISTRY"] = os.path.join(build, "hop-jammer-registry.bin")
    drone_argv, ground_argv, jam_argv = pipelines(run, chip, width, height)
    def logs_of(side):
        return os.path.join(logs, "hop_jammer-%s-%s.log" % (run["name"], side))
    try:
        # the jammer is on the air before the link starts
        _, ground, drone = af.run_sides(
            [("jammer", af.LAUNCH + jam_argv, logs_of("jammer"), True),
             ("ground", af.LAUNCH + ground_argv, logs_of("ground"), False),
             ("drone", af.LAUNCH + drone_argv, logs_of("drone"), False)],
            env, seconds, "run %s" % run["name"])
    finally:
        shutil.rmtree(air, ignore_errors=True)
    d = drone.playing_at - ground.playing_at
    ev = {"rx": ground.buffers["rx"], "au": ground.buffers["au"], "dec": ground.buffers["dec"],
          "enc": [(t + d, s, f) for t, s, f in drone.buffers["enc"]],
          "msgs": ground.msgs + [(t + d, s, n, fd) for t, s, n, fd in drone.msgs],
          "errors": ground.errors + drone.errors,
          "cmd": "%s & %s & %s" % (" ".join(af.LAUNCH + jam_argv), " ".join(af.LAUNCH + ground_argv),
                                   " ".join(af.LAUNCH + drone_argv))}
    return ev


def markdown(recs):
    out = ["Jammer on channel %d at %d dBm at every receiver there (the link's signal: -40 dBm); "
           "H.264 at %d kbit/s, HT MCS1, FEC %d/%d, %d ms hop slots in the link's keyed order; "
           "%g s per run on %s virtual adapters.\n" % (
               JAM_CHANNEL, JAM_DBM, BITRATE, FEC[0], FEC[1], DWELL_MS, recs[0]["seconds"],
               recs[0]["chip"]),
           "| link | pictures encoded | decoded | damaged | good | good of encoded | "
           "packets lost | FEC repaired | ground lost the drone |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in recs:
        c = r["counts"]
        share = 100.0 * c["good"] / c["encoded"] if c["encoded"] else 0.0
        out.append("| %s | %d | %d | %d | %d | %.0f %% | %d | %d | %s |" % (
            r["label"], c["encoded"], c["decoded"], c["damaged"], c["good"], share,
            c["lost_packets"], c["fec_recovered"],
            str(c["hop_losses"]) if r["hop"] else "–"))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build-bench")
    ap.add_argument("--out", default=None)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--chip", default="8812a")
    ap.add_argument("--only", default=None, help="comma-separated runs")
    ap.add_argument("--width", type=int, default=640)
    ap.add_argument("--height", type=int, default=360)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    if not os.path.exists(os.path.join(build, "gst", "libgstdevourer.so")):
        sys.exit("hop_jammer: %s/gst/libgstdevourer.so is not built" % build)
    out = a.out or os.path.join(ROOT, "results", "jammer-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    if not os.environ.get("DEVOURER_FIRMWARE_DIR"):
        os.environ["DEVOURER_FIRMWARE_DIR"] = os.path.join(ROOT, "firmware")
    recs = []
    only = set(a.only.split(",")) if a.only else None
    for run in RUNS:
        if only and run["name"] not in only:
            continue
        print("hop_jammer: %s (%g s)" % (run["label"], a.seconds), file=sys.stderr, flush=True)
        ev = fly(run, a.chip, a.seconds, build, os.path.join(out, "logs"), a.width, a.height)
        recs.append({"bench": "hop_jammer", "name": run["name"], "label": run["label"],
                     "hop": run["hop"], "channel": run["channel"], "chip": a.chip,
                     "seconds": a.seconds, "counts": count(ev), "cmd": ev["cmd"],
                     "errors": ev["errors"][:20]})
    with open(os.path.join(out, "hop_jammer.json"), "w") as f:
        json.dump(recs, f, indent=1)
    with open(os.path.join(out, "hop_jammer.md"), "w") as f:
        f.write("# Video against a jammer: fixed channel and hopping\n\n" +
                "\n".join(markdown(recs)) + "\n")
    print("hop_jammer: %s" % os.path.join(out, "hop_jammer.md"), file=sys.stderr)
    if a.json:
        json.dump(recs, sys.stdout)
        print()


if __name__ == "__main__":
    main()
