#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Flies a scripted path with real H.264 video: fixed MCS 1, fixed MCS 5
and the adaptive link, second by second.

    bench/adapt_flight.py --build build-bench --out DIR [--quick] [--json]

Each flight is two gst-launch-1.0 processes, the ground and the drone,
started together on a private virtual air (DEVOURER_AIR_DIR), both
adapters reading the same path file (`pathloss=`, whose clock starts when
each adapter is plugged in), so the downlink (video) and the uplink (the
ground's feedback records) fade together:

  drone:  videotestsrc ! x264enc name=enc ! identity name=enc_out
          ! rtph264pay ! devourersink (fixed mcs, or adapt=true encoder=enc)
  ground: devourersrc feedback-interval=100 ! identity name=rx
          ! rtph264depay ! identity name=au ! avdec_h264
          ! identity name=dec ! fakesink

gst-launch's -v prints each identity's last-message (size, PTS and flags
of every buffer) and -m every bus message (devourer-link-profile,
devourer-rx-stats, devourer-tx-duty), which this program reads line by
line (python3-gi is not among the project's packages; gst-launch-1.0 is).
Times are the ground's running time; the drone's buffers and messages are
moved onto it by the instants the two went to PLAYING. What it counts,
per second:

- goodput: bytes of the RTP packets devourersrc delivered (identity rx);
- decoded: pictures avdec_h264 put out (identity dec);
- damaged: decoded pictures that cannot be whole. A picture is damaged
  when its PTS is at or after a loss and no keyframe came between: a loss
  is a devourersrc buffer flagged DISCONT or GAP after the first one (the
  src flags the first packet after packets went missing, gst/README.md,
  devourersrc), a keyframe an access unit rtph264depay put out without
  DELTA_UNIT (identity au). The decoder copies its input's PTS to its
  picture, so picture, access unit and loss share one time base. A picture
  avdec_h264 flags CORRUPTED is damaged too. The access unit being
  assembled when the loss struck is dropped by the depayloader and so is
  missing (encoded − decoded), not damaged;
- good = decoded − damaged;
- the MCS and encoder bitrate in force at the end of the second (fixed
  flights: as configured; the adaptive one: the last
  devourer-link-profile message), and the path loss the air applied to
  the downlink in the middle of the second.

Writes DIR/adapt_flight.md, DIR/adapt_flight.png, DIR/adapt_flight.json
and each flight's gst-launch output (DIR/logs/adapt_flight-*.log); with
--json the records go to stdout as well (what bench/run.py keeps in
raw.json for bench/report.py).
"""
import argparse
import bisect
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

CHANNEL = 36          # the channel the path file's comment works out
FREQ_MHZ = 5180
# The built-in ladder's bitrates for MCS 1 and MCS 5 (20 MHz, long GI,
# FEC 8/12: half the PHY rate after FEC, libdevourer/link/link_adapt.c
# ladder_bitrate): what each fixed link can carry with the ladder's
# allowance for injection overhead and keyframes.
FLIGHTS = [
    {"name": "mcs1", "label": "fixed MCS 1", "mcs": 1, "bitrate": 4300, "adapt": False},
    {"name": "mcs5", "label": "fixed MCS 5", "mcs": 5, "bitrate": 17300, "adapt": False},
    # starts as MCS 1 until the first feedback record picks its row
    {"name": "adapt", "label": "adaptive", "mcs": 1, "bitrate": 4300, "adapt": True},
]

# GstBufferFlags (gst/gstbuffer.h)
F_DISCONT = 0x40
F_CORRUPTED = 0x100
F_GAP = 0x800
F_DELTA = 0x2000


# ---------------------------------------------------------------- path

def parse_path(path):
    """[(t, value, is_distance)] of a pathloss file (the format of
    libdevourer/virtual/vchip_pathloss.h); raises ValueError with the
    line on a bad one."""
    pts = []
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            m = re.fullmatch(r"([0-9.]+)(m|dB)", parts[1]) if len(parts) == 2 else None
            try:
                t = float(parts[0])
            except ValueError:
                t = None
            if m is None or t is None or (pts and t <= pts[-1][0]):
                raise ValueError("%s:%d: expected 'seconds 20m' or 'seconds 95dB' "
                                 "with rising times" % (path, no))
            pts.append((t, float(m.group(1)), m.group(2) == "m"))
    if not pts:
        raise ValueError("%s: no points" % path)
    return pts


def free_space_db(d, freq=FREQ_MHZ):
    return 20 * math.log10(max(d, 1.0)) + 20 * math.log10(freq) - 27.55


def loss_at(pts, t):
    """The air's loss at t s, as vc_pathloss_db interpolates it."""
    def db(p):
        return free_space_db(p[1]) if p[2] else p[1]
    if t <= pts[0][0] or len(pts) == 1:
        return db(pts[0])
    if t >= pts[-1][0]:
        return db(pts[-1])
    i = bisect.bisect_right([p[0] for p in pts], t)
    p, q = pts[i - 1], pts[i]
    f = (t - p[0]) / (q[0] - p[0])
    if p[2] and q[2]:
        return free_space_db(p[1] + f * (q[1] - p[1]))
    return db(p) + f * (db(q) - db(p))


def scaled_path(pts, scale, out):
    with open(out, "w") as f:
        f.write("# time-scaled (x%g) by bench/adapt_flight.py --quick\n" % scale)
        for t, v, dist in pts:
            f.write("%g %g%s\n" % (t * scale, v, "m" if dist else "dB"))


# ---------------------------------------------------------------- run

IDENT = re.compile(r"GstIdentity:(\w+): last-message = chain .*?\((\d+) bytes, "
                   r"dts: [^,]*, pts: ([0-9:.]+|none),.*?flags: ([0-9a-f]+)")
MSG = re.compile(r'^Got message #\d+ from element "([^"]+)" \(element\): ([\w-]+), (.*)$')
FIELD = re.compile(r'([\w-]+)=\((\w+)\)("(?:[^"\\]|\\.)*"|[^,;]*)')


def clock(s):
    if s == "none":
        return None
    h, m, sec = s.split(":")
    t = int(h) * 3600 + int(m) * 60 + float(sec)
    # x264enc offsets its timestamps by 1000 hours (room for negative
    # DTS); its running time is the rest.
    if t >= 1000 * 3600:
        t -= 1000 * 3600
    return t


def fields(text):
    out = {}
    for k, typ, v in FIELD.findall(text):
        if typ in ("int", "uint", "gint64", "guint64", "int64", "uint64"):
            try:
                out[k] = int(v)
            except ValueError:
                pass
        elif typ in ("double", "float"):
            try:
                out[k] = float(v)
            except ValueError:
                pass
        elif typ == "boolean":
            out[k] = v.strip() == "true"
        else:
            out[k] = v.strip('"')
    return out


def pipelines(fl, path, width, height, pattern):
    """(drone, ground) gst-launch arguments."""
    drone = ("devourersink name=sink device=virtual:drone,pathloss=%s channel=%d "
             "bandwidth=20 password=flight mcs=%d fec-k=8 fec-n=12 stats-interval=1000 "
             "sync=false" % (path, CHANNEL, fl["mcs"]))
    if fl["adapt"]:
        drone += " adapt=true encoder=enc"
    drone = [
        "videotestsrc", "is-live=true", "pattern=%s" % pattern, "!",
        "video/x-raw,format=I420,width=%d,height=%d,framerate=30/1" % (width, height), "!",
        "x264enc", "name=enc", "tune=zerolatency", "speed-preset=ultrafast",
        "key-int-max=30", "bitrate=%d" % fl["bitrate"], "!",
        "identity", "name=enc_out", "silent=false", "!",
        "rtph264pay", "mtu=1400", "config-interval=-1", "!"] + drone.split()
    ground = [
        "devourersrc", "name=src", "device=virtual:ground,pathloss=%s" % path,
        "channel=%d" % CHANNEL, "bandwidth=20", "password=flight",
        "feedback-interval=100", "stats-interval=1000", "!",
        "application/x-rtp,media=video,clock-rate=90000,encoding-name=H264,payload=96", "!",
        "identity", "name=rx", "silent=false", "!",
        "rtph264depay", "!", "video/x-h264,stream-format=byte-stream,alignment=au", "!",
        "identity", "name=au", "silent=false", "!",
        "avdec_h264", "!", "identity", "name=dec", "silent=false", "!",
        "fakesink", "sync=false"]
    return drone, ground


class Side:
    """One gst-launch process and what its output said. Buffer times are
    its running time (PTS); bus messages are stamped on arrival, in
    seconds since this process went to PLAYING."""

    def __init__(self, name, argv, env, log):
        self.name, self.log = name, log
        self.buffers = {"enc": [], "rx": [], "au": [], "dec": []}
        self.msgs = []
        self.errors = []
        self.playing = threading.Event()
        self.playing_at = None
        if shutil.which("stdbuf"):
            argv = ["stdbuf", "-oL"] + argv   # lines as they come, not in 4 KiB blocks
        self.lf = open(log, "w")
        self.lf.write("# %s\n" % " ".join(argv))
        self.p = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, errors="replace")
        self.th = threading.Thread(target=self.read)
        self.th.start()

    def read(self):
        for line in self.p.stdout:
            self.lf.write(line)
            m = IDENT.search(line)
            if m:
                name, size, pts, flags = (m.group(1), int(m.group(2)), clock(m.group(3)),
                                          int(m.group(4), 16))
                key = "enc" if name == "enc_out" else name
                if pts is not None and key in self.buffers:
                    self.buffers[key].append((pts, size, flags))
                continue
            m = MSG.match(line)
            if m:
                t = time.monotonic() - self.playing_at if self.playing_at else 0.0
                self.msgs.append((t, m.group(1), m.group(2), fields(m.group(3))))
            elif line.startswith("Setting pipeline to PLAYING"):
                self.playing_at = time.monotonic()
                self.playing.set()
            elif line.startswith("ERROR") or line.startswith("WARNING"):
                self.errors.append(line.strip())

    def stop(self):
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGINT)   # -e: EOS, then the final stats
        try:
            self.p.wait(20)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        self.th.join()
        self.lf.close()


# gst-launch-1.0 as the benches run it: EOS on SIGINT (-e), every bus
# message (-m), every identity's last-message (-v).
LAUNCH = ["gst-launch-1.0", "-e", "-m", "-v"]


def run_sides(specs, env, seconds, what):
    """Start each (name, argv, log, settle) in order — a settling one is
    waited for until it plays before the next starts; the others start
    together —, let them all run @seconds from when every one plays (or
    until one exits), stop them last first. Returns the Sides."""
    sides = []
    try:
        for name, argv, log, settle in specs:
            sides.append(Side(name, argv, env, log))
            if settle and not sides[-1].playing.wait(60):
                raise RuntimeError("%s: the %s never reached PLAYING (see %s)" % (what, name, log))
        for sd in sides:
            if not sd.playing.wait(60):
                raise RuntimeError("%s: the %s never reached PLAYING (see %s)" %
                                   (what, sd.name, sd.log))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and all(sd.p.poll() is None for sd in sides):
            time.sleep(0.2)
    finally:
        for sd in reversed(sides):
            sd.stop()
    return sides


def fly(fl, path, seconds, build, logs, width, height, pattern):
    """Runs one flight: the ground and the drone as two processes started
    together (each adapter's path clock starts when it is plugged in, so
    they start within a few ms of each other). Returns the events on the
    ground's clock."""
    env = dict(os.environ)
    air = tempfile.mkdtemp(prefix="devourer-flight-air-")
    env["DEVOURER_AIR_DIR"] = air
    env["GST_PLUGIN_PATH"] = os.path.join(build, "gst")
    env["GST_REGISTRY"] = os.path.join(build, "adapt-flight-registry.bin")
    drone_argv, ground_argv = pipelines(fl, path, width, height, pattern)
    try:
        ground, drone = run_sides(
            [("ground", LAUNCH + ground_argv,
              os.path.join(logs, "adapt_flight-%s-ground.log" % fl["name"]), False),
             ("drone", LAUNCH + drone_argv,
              os.path.join(logs, "adapt_flight-%s-drone.log" % fl["name"]), False)],
            env, seconds, "flight %s" % fl["name"])
    finally:
        shutil.rmtree(air, ignore_errors=True)
    # The drone's running time on the ground's: their PLAYING instants.
    d = drone.playing_at - ground.playing_at
    ev = {"rx": ground.buffers["rx"], "au": ground.buffers["au"], "dec": ground.buffers["dec"],
          "enc": [(t + d, size, f) for t, size, f in drone.buffers["enc"]],
          "msgs": sorted(ground.msgs + [(t + d, s, n, fd) for t, s, n, fd in drone.msgs],
                         key=lambda m: m[0]),
          "errors": ground.errors + drone.errors,
          "cmd": "%s & %s" % (" ".join(LAUNCH + ground_argv), " ".join(LAUNCH + drone_argv)),
          "drone_offset": d}
    if not ev["enc"]:
        raise RuntimeError("flight %s: the drone encoded nothing (see %s): %s" %
                           (fl["name"], drone.log, "; ".join(ev["errors"][:3])))
    return ev


# ---------------------------------------------------------------- analysis

def analyse(fl, ev, pts, seconds, offset):
    """Per-second rows and the flight's summary from one flight's events."""
    n = int(math.ceil(seconds))
    rx = sorted(ev["rx"])
    losses = [t for i, (t, _, f) in enumerate(rx) if i > 0 and f & (F_DISCONT | F_GAP)]
    keys = sorted(t for t, _, f in ev["au"] if not f & F_DELTA)
    rows = [{"t": s, "goodput_bytes": 0, "decoded": 0, "damaged": 0, "encoded": 0,
             "enc_bytes": 0, "losses": 0, "keyframes": 0, "lost_packets": 0,
             "fec_recovered": 0} for s in range(n)]

    def row(t):
        s = int(t)
        return rows[s] if 0 <= s < n else None

    for t, size, _ in rx:
        r = row(t)
        if r:
            r["goodput_bytes"] += size
    for t in losses:
        r = row(t)
        if r:
            r["losses"] += 1
    for t in keys:
        r = row(t)
        if r:
            r["keyframes"] += 1
    for t, size, _ in ev["enc"]:
        r = row(t)
        if r:
            r["encoded"] += 1
            r["enc_bytes"] += size
    for t, _, f in sorted(ev["dec"]):
        r = row(t)
        if not r:
            continue
        r["decoded"] += 1
        i = bisect.bisect_right(losses, t)
        last_loss = losses[i - 1] if i else None
        j = bisect.bisect_right(keys, t)
        last_key = keys[j - 1] if j else None
        if (f & F_CORRUPTED) or (last_loss is not None and
                                 (last_key is None or last_key < last_loss)):
            r["damaged"] += 1

    # The row in force and the link's own counters, from the bus.
    changes = []
    for t, src, name, fd in ev["msgs"]:
        if name == "devourer-link-profile":
            changes.append((t, fd.get("mcs"), fd.get("bitrate"), fd.get("why")))
        elif name == "devourer-rx-stats":
            r = row(t) or (rows[-1] if t >= n else None)
            if r:
                r["lost_packets"] += fd.get("lost", 0)
                r["fec_recovered"] += fd.get("fec-recovered", 0)
    for r in rows:
        end = r["t"] + 1
        mcs, br = fl["mcs"], fl["bitrate"]
        for t, m, b, _ in changes:
            if t < end:
                mcs, br = (m if m is not None else mcs), (b if b is not None else br)
        r["mcs"], r["bitrate_kbps"] = mcs, br
        r["good"] = r["decoded"] - r["damaged"]
        r["loss_db"] = round(loss_at(pts, r["t"] + 0.5 + offset), 1)

    lo = min(r["loss_db"] for r in rows)
    hi = max(r["loss_db"] for r in rows)

    def phase(sel):
        rs = [r for r in rows if sel(r)]
        secs = len(rs) or 1
        return {"seconds": len(rs),
                "goodput_mbps": round(sum(r["goodput_bytes"] for r in rs) * 8 / secs / 1e6, 2),
                "decoded": sum(r["decoded"] for r in rs),
                "damaged": sum(r["damaged"] for r in rs),
                "good": sum(r["good"] for r in rs),
                "encoded": sum(r["encoded"] for r in rs)}
    summary = {
        "all": phase(lambda r: True),
        # within 1 dB of the path's least / greatest loss: the hovers
        "close": phase(lambda r: r["loss_db"] <= lo + 1),
        "range": phase(lambda r: r["loss_db"] >= hi - 1),
        "changes": len(changes),
        "keyframes": len(keys),
        "losses": len(losses),
        "mcs_seconds": {},
    }
    for r in rows:
        k = str(r["mcs"])
        summary["mcs_seconds"][k] = summary["mcs_seconds"].get(k, 0) + 1
    return rows, summary, changes


# ---------------------------------------------------------------- output

def markdown(recs):
    """The report's text for the records of one run."""
    out = []
    head = recs[0]
    out.append("Path `%s` (%s s%s), %dx%d `%s` video at 30 fps through x264enc "
               "(ultrafast, zerolatency, key-int-max=30), channel %d, 20 MHz, FEC 8/12; "
               "the path's clock runs about %.0f ms ahead of the running time (the "
               "adapters' bring-up before PLAYING).\n" % (
                   os.path.relpath(head["path"], ROOT) if head["path"].startswith(ROOT) else head["path"],
                   head["seconds"], ", time-scaled" if head.get("scale", 1) != 1 else "",
                   head["width"], head["height"], head["pattern"], CHANNEL,
                   head["offset"] * 1000))
    out.append("| flight | start bitrate kbit/s | goodput Mbit/s (all / close / range) | "
               "decoded | damaged | good (all / close / range) | encoded | profile changes | "
               "keyframes | losses | seconds per MCS |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in recs:
        s = r["summary"]
        out.append("| %s | %d | %.2f / %.2f / %.2f | %d | %d | %d / %d / %d | %d | %d | %d | %d | %s |" % (
            r["label"], r["bitrate"], s["all"]["goodput_mbps"], s["close"]["goodput_mbps"],
            s["range"]["goodput_mbps"], s["all"]["decoded"], s["all"]["damaged"],
            s["all"]["good"], s["close"]["good"], s["range"]["good"], s["all"]["encoded"],
            s["changes"], s["keyframes"], s["losses"],
            ", ".join("%s: %d" % (k, v) for k, v in sorted(s["mcs_seconds"].items()))))
    out.append("\n\"close\": the %d seconds within 1 dB of the path's least loss; \"range\": "
               "the %d within 1 dB of its greatest.\n" % (
                   head["summary"]["close"]["seconds"], head["summary"]["range"]["seconds"]))
    out.append("Per second (goodput Mbit/s, decoded / damaged pictures, MCS in force):\n")
    hdr = "| t s | loss dB |" + "".join(" %s |" % r["label"] for r in recs)
    out.append(hdr)
    out.append("|---|---|" + "---|" * len(recs))
    for i in range(len(recs[0]["rows"])):
        cells = []
        for r in recs:
            x = r["rows"][i] if i < len(r["rows"]) else None
            cells.append("%.2f, %d/%d, MCS %s" % (x["goodput_bytes"] * 8 / 1e6, x["decoded"],
                                                  x["damaged"], x["mcs"]) if x else "")
        out.append("| %d | %.1f | %s |" % (i, recs[0]["rows"][i]["loss_db"], " | ".join(cells)))
    out.append("")
    return out


def plot(recs, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(3, 1, figsize=(10, 9), sharex=True)
    colors = {"mcs1": "tab:blue", "mcs5": "tab:orange", "adapt": "tab:green"}
    for r in recs:
        t = [x["t"] + 0.5 for x in r["rows"]]
        c = colors.get(r["name"])
        ax[0].plot(t, [x["goodput_bytes"] * 8 / 1e6 for x in r["rows"]], color=c, label=r["label"])
        ax[1].plot(t, [x["good"] for x in r["rows"]], color=c, label=r["label"] + ": good")
        ax[1].plot(t, [x["damaged"] for x in r["rows"]], color=c, linestyle=":",
                   label=r["label"] + ": damaged")
        ax[2].step(t, [x["mcs"] for x in r["rows"]], where="mid", color=c, label=r["label"])
    t = [x["t"] + 0.5 for x in recs[0]["rows"]]
    for a in ax:
        tw = a.twinx()
        tw.plot(t, [x["loss_db"] for x in recs[0]["rows"]], color="grey", alpha=0.4)
        tw.set_ylabel("path loss dB", color="grey")
    ax[0].set_ylabel("goodput Mbit/s")
    ax[1].set_ylabel("pictures per second")
    ax[2].set_ylabel("MCS in force")
    ax[2].set_xlabel("running time s")
    for a in ax:
        a.legend(fontsize=7, loc="upper left")
        a.grid(alpha=0.3)
    ax[0].set_title("Flight over the scripted path: goodput, decoded pictures, MCS")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build-bench")
    ap.add_argument("--out", default=None, help="directory for the report (default: a new results/ one)")
    ap.add_argument("--path", default=os.path.join(ROOT, "examples", "air", "fly-away-and-back.txt"))
    ap.add_argument("--quick", action="store_true", help="the path at half time (30 s flights)")
    ap.add_argument("--scale", type=float, default=None, help="time scale of the path (default 1, 0.5 with --quick)")
    ap.add_argument("--only", default=None, help="comma-separated flights: mcs1,mcs5,adapt")
    ap.add_argument("--width", type=int, default=854)
    ap.add_argument("--height", type=int, default=480)
    # Not "ball": on a black field x264enc makes ~0.27 Mbit/s of it at any
    # bitrate setting, so no link would ever be full; noise takes every
    # bit the encoder is given, as a detailed camera scene does.
    ap.add_argument("--pattern", default="snow")
    ap.add_argument("--json", action="store_true", help="also print the records on stdout")
    a = ap.parse_args()

    build = os.path.abspath(a.build)
    if not os.path.exists(os.path.join(build, "gst", "libgstdevourer.so")):
        sys.exit("adapt_flight: %s/gst/libgstdevourer.so is not built" % build)
    out = a.out or os.path.join(ROOT, "results", "flight-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    if not os.environ.get("DEVOURER_FIRMWARE_DIR"):
        for d in (os.path.join(ROOT, "firmware"), "/lib/firmware/rtw88",
                  os.path.join(ROOT, "..", "shared", "firmware")):
            if os.path.isfile(os.path.join(d, "rtw8812a_fw.bin")):
                os.environ["DEVOURER_FIRMWARE_DIR"] = os.path.abspath(d)
                break
    try:
        pts = parse_path(a.path)
    except (OSError, ValueError) as e:
        sys.exit("adapt_flight: %s" % e)
    scale = a.scale if a.scale else (0.5 if a.quick else 1.0)
    path = os.path.abspath(a.path)
    if scale != 1.0:
        path = os.path.join(os.path.abspath(out), "path-x%g.txt" % scale)
        scaled_path(pts, scale, path)
        pts = parse_path(path)
    seconds = pts[-1][0]

    recs = []
    only = set(a.only.split(",")) if a.only else None
    for fl in FLIGHTS:
        if only and fl["name"] not in only:
            continue
        print("adapt_flight: flying %s (%g s)" % (fl["label"], seconds), file=sys.stderr, flush=True)
        ev = fly(fl, path, seconds + 1.0, build, os.path.join(out, "logs"), a.width, a.height, a.pattern)
        # The path's clock starts when each adapter is plugged in, before
        # PLAYING: their bring-up (devourer-init-timing, stage total).
        init = [fd.get("ms", 0.0) for _, src, name, fd in ev["msgs"]
                if src == "src" and name == "devourer-init-timing" and fd.get("stage") == "total"]
        offset = max(init) / 1000 if init else 0.0
        rows, summary, changes = analyse(fl, ev, pts, seconds, offset)
        recs.append({"bench": "adapt_flight", "name": fl["name"], "label": fl["label"],
                     "mcs": fl["mcs"], "bitrate": fl["bitrate"], "adapt": fl["adapt"],
                     "path": path, "scale": scale, "drone_offset": ev["drone_offset"], "seconds": seconds, "offset": offset,
                     "width": a.width, "height": a.height, "pattern": a.pattern,
                     "cmd": ev["cmd"], "rows": rows, "summary": summary,
                     "changes": changes, "errors": ev["errors"][:20]})
    with open(os.path.join(out, "adapt_flight.json"), "w") as f:
        json.dump(recs, f, indent=1)
    text = markdown(recs)
    if plot(recs, os.path.join(out, "adapt_flight.png")):
        text.insert(0, "![flight](adapt_flight.png)\n")
    with open(os.path.join(out, "adapt_flight.md"), "w") as f:
        f.write("# Adaptive link over a flight\n\n" + "\n".join(text) + "\n")
    print("adapt_flight: %s" % os.path.join(out, "adapt_flight.md"), file=sys.stderr)
    if a.json:
        json.dump(recs, sys.stdout)
        print()


if __name__ == "__main__":
    main()
