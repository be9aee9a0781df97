#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Runs every bench program, keeps their raw JSON and the exact commands.

    bench/run.py --build build-bench --out results/20250101-120000 [--quick]

Writes OUT/raw.json (every record every program printed, plus the command
that printed it), OUT/logs/ (stderr of each command, callgrind dumps), then
calls bench/report.py to write OUT/report.md and the PNG plots.

Each command runs with a fresh private DEVOURER_AIR_DIR, so virtual
adapters of one bench never hear another's. A real adapter (dvr_list_adapters
finds a usb: one) adds the same init and duty runs on selector "auto";
the umockdev launcher devourer-vusb, when built, adds an init run over
libusb. Both are skipped, and said so in the report, when absent. The
GStreamer element stage (gst_stages) runs with the build's gst/ on
GST_PLUGIN_PATH and a registry file of its own in the build directory, and
so does the one-way latency run (gst_latency).
"""
import argparse
import glob
import json
import os
import platform
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def firmware_dir():
    if os.environ.get("DEVOURER_FIRMWARE_DIR"):
        return os.environ["DEVOURER_FIRMWARE_DIR"]
    for d in ("/lib/firmware/rtw88", os.path.join(ROOT, "..", "shared", "firmware")):
        if os.path.isfile(os.path.join(d, "rtw8812a_fw.bin")):
            return os.path.abspath(d)
    return None


class Runner:
    def __init__(self, build, out):
        self.build = os.path.abspath(build)
        self.out = out
        self.logs = os.path.join(out, "logs")
        os.makedirs(self.logs, exist_ok=True)
        self.commands = []   # {id, cmd, seconds, status}
        self.skipped = []    # {what, why}

    def prog(self, name):
        return os.path.join(self.build, "bench", name)

    def run(self, cid, argv, parse_json=True, timeout=600, private_air=True, extra_env=None):
        """Run argv; return parsed stdout JSON (a list) or None on failure.
        The command is recorded as a user would retype it from ROOT;
        extra_env (name -> value) is set for it and shown in front."""
        env = dict(os.environ)
        env.update(extra_env or {})
        air = None
        if private_air:
            air = tempfile.mkdtemp(prefix="devourer-bench-air-")
            env["DEVOURER_AIR_DIR"] = air
        shown = " ".join(shlex.quote(os.path.relpath(a, ROOT) if a.startswith(self.build) else a)
                         for a in argv)
        fw = env.get("DEVOURER_FIRMWARE_DIR", "")
        extra = "".join("%s=%s " % (k, shlex.quote(os.path.relpath(v, ROOT) if v.startswith(ROOT) else v))
                        for k, v in (extra_env or {}).items())
        shown = "DEVOURER_FIRMWARE_DIR=%s %s%s%s" % (
            shlex.quote(fw), "DEVOURER_AIR_DIR=$(mktemp -d) " if private_air else "", extra, shown)
        t0 = time.monotonic()
        print("bench: [%s] %s" % (cid, shown), file=sys.stderr, flush=True)
        try:
            p = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True,
                               text=True, timeout=timeout)
            status, stdout, stderr = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired as e:
            status, stdout, stderr = "timeout", e.stdout or "", e.stderr or ""
            if isinstance(stdout, bytes):
                stdout = stdout.decode(errors="replace")
            if isinstance(stderr, bytes):
                stderr = stderr.decode(errors="replace")
        finally:
            if air:
                shutil.rmtree(air, ignore_errors=True)
        secs = time.monotonic() - t0
        with open(os.path.join(self.logs, cid + ".stderr"), "w") as f:
            f.write(stderr)
        with open(os.path.join(self.logs, cid + ".stdout"), "w") as f:
            f.write(stdout)
        self.commands.append({"id": cid, "cmd": shown, "seconds": round(secs, 1),
                              "status": status})
        if status != 0:
            print("bench: [%s] failed (%s), see %s" % (cid, status,
                  os.path.join(self.logs, cid + ".stderr")), file=sys.stderr)
            return None
        if not parse_json:
            return stdout
        try:
            return json.loads(stdout)
        except ValueError as e:
            print("bench: [%s] bad JSON: %s" % (cid, e), file=sys.stderr)
            return None


def parse_callgrind(dump_dir):
    """Instruction counts per 'stage size' dump (client request dumps)."""
    counts = {}
    for path in glob.glob(os.path.join(dump_dir, "callgrind.out*")):
        trigger, total = None, None
        with open(path, errors="replace") as f:
            for line in f:
                if line.startswith("desc: Trigger: Client Request: "):
                    trigger = line.split("Client Request: ", 1)[1].strip()
                elif line.startswith("totals:"):
                    # the events of this dump ("summary:" is cumulative)
                    total = int(line.split()[1])
        if trigger and total is not None:
            counts[trigger] = total
    return counts


# Thread entry functions of libdevourer's virtual adapter. In a callgrind
# dump (all threads summed) their inclusive cost is what those threads did
# in the window: the chip model (TX, RX/air) and the transport's OUT worker
# stand for the adapter; the IN worker is the driver's RX thread (bulk IN
# wait, aggregate walk, on_rx callback). gst_stages' own waiting functions
# are the bench thread's part of an RX window. Names are matched without
# the compiler's ".constprop.N"-style suffixes.
CG_ROOTS = {"tx_thread": "model", "rx_thread": "model", "out_worker": "model",
            "in_worker": "drv", "sender_send": "wait", "wait_count": "wait"}


def parse_callgrind_roots(path):
    """One callgrind dump: (trigger, total Ir, {class: inclusive Ir of its
    root functions}). Inclusive = a root's self cost + the cost of every
    call it made (the 'calls=' lines' cost lines)."""
    names = {}
    fn, after_calls = None, False
    incl = defaultdict(int)
    trigger, total = None, None

    def name_of(spec):
        m = re.match(r"\((\d+)\)(?: (.*))?$", spec)
        if not m:
            return spec
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), spec)

    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("desc: Trigger: Client Request: "):
                trigger = line.split("Client Request: ", 1)[1].strip()
            elif line.startswith("totals:"):
                total = int(line.split()[1])
            elif line.startswith("fn="):
                fn, after_calls = name_of(line[3:]).split(".")[0], False
            elif line.startswith("cfn="):
                name_of(line[4:])   # defines a compressed name
            elif line.startswith("calls="):
                after_calls = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                parts = line.split()
                if len(parts) >= 2 and fn in CG_ROOTS:
                    incl[CG_ROOTS[fn]] += int(parts[1])
                after_calls = False
    return trigger, total, dict(incl)


def parse_callgrind_gst(dump_dir):
    """{'stage size': {'total': Ir, 'model': Ir, 'drv': Ir, 'wait': Ir}}"""
    out = {}
    for path in glob.glob(os.path.join(dump_dir, "callgrind.out*")):
        trigger, total, incl = parse_callgrind_roots(path)
        if trigger and total is not None:
            d = {"total": total}
            d.update(incl)
            out[trigger] = d
    return out


def find_vusb(build):
    for cand in glob.glob(os.path.join(build, "**", "devourer-vusb"), recursive=True):
        if os.access(cand, os.X_OK) and os.path.isfile(cand):
            return cand
    return None


def host_info():
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    return {"cpu": cpu, "cpus": os.cpu_count(), "kernel": platform.release(),
            "python": platform.python_version(), "commit": commit,
            "date": time.strftime("%Y-%m-%d %H:%M:%S %z")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true",
                    help="fewer repetitions and points (a smoke run)")
    ap.add_argument("--no-callgrind", action="store_true")
    a = ap.parse_args()

    fw = firmware_dir()
    if not fw:
        sys.exit("bench: rtw8812a_fw.bin not found: set DEVOURER_FIRMWARE_DIR")
    os.environ["DEVOURER_FIRMWARE_DIR"] = fw
    r = Runner(a.build, a.out)
    t_start = time.monotonic()
    raw = {"host": host_info(), "quick": a.quick}

    packets, reps = ("500", "3") if a.quick else ("2000", "7")
    raw["cpu"] = r.run("cpu", [r.prog("cpu_stages"), "--packets", packets, "--reps", reps])

    # Instruction counts: the same stages once, fewer packets, under callgrind.
    raw["callgrind"] = None
    raw["callgrind_packets"] = 200
    if a.no_callgrind:
        r.skipped.append({"what": "callgrind", "why": "--no-callgrind"})
    elif not shutil.which("valgrind"):
        r.skipped.append({"what": "callgrind", "why": "valgrind not installed"})
    else:
        cg_dir = os.path.join(r.logs, "callgrind")
        os.makedirs(cg_dir, exist_ok=True)
        out = r.run("callgrind", ["valgrind", "--tool=callgrind",
                                  "--callgrind-out-file=" + os.path.join(cg_dir, "callgrind.out.%p"),
                                  r.prog("cpu_stages"), "--packets", "200", "--callgrind"])
        if out is not None:
            raw["callgrind"] = parse_callgrind(cg_dir)
            raw["callgrind_run"] = out

    # The GStreamer element stage: devourersink / devourersrc against the
    # library path they wrap, same run (bench/gst_stages.c).
    gst_prog = r.prog("gst_stages")
    plugin_dir = os.path.join(r.build, "gst")
    raw["gst"] = raw["gst_callgrind"] = raw["gst_latency"] = None
    raw["gst_callgrind_packets"] = 200
    if not (os.access(gst_prog, os.X_OK) and
            glob.glob(os.path.join(plugin_dir, "libgstdevourer*.so"))):
        r.skipped.append({"what": "GStreamer element stage",
                          "why": "gst_stages or the plugin is not built in %s"
                          % os.path.relpath(a.build, ROOT)})
    else:
        gst_env = {"GST_PLUGIN_PATH": plugin_dir,
                   # a registry of its own: no scan of ~/.cache, none
                   # under valgrind (the normal run writes it first)
                   "GST_REGISTRY": os.path.join(r.build, "bench", "gst-registry.bin")}
        raw["gst"] = r.run("gst", [gst_prog, "--packets", packets, "--reps", reps],
                           extra_env=gst_env)
        # One-way latency through both elements, default sinks vs
        # sync=false (bench/gst_latency.c).
        lat_prog = r.prog("gst_latency")
        if os.access(lat_prog, os.X_OK):
            raw["gst_latency"] = r.run("gst_latency", [lat_prog, "--packets",
                                                       "50" if a.quick else "200"],
                                       extra_env=gst_env)
        else:
            r.skipped.append({"what": "GStreamer one-way latency",
                              "why": "gst_latency is not built in %s"
                              % os.path.relpath(a.build, ROOT)})
        if a.no_callgrind or not shutil.which("valgrind"):
            r.skipped.append({"what": "callgrind (GStreamer stage)",
                              "why": "--no-callgrind" if a.no_callgrind else "valgrind not installed"})
        else:
            cg_dir = os.path.join(r.logs, "callgrind-gst")
            os.makedirs(cg_dir, exist_ok=True)
            out = r.run("gst_callgrind", ["valgrind", "--tool=callgrind",
                                          "--callgrind-out-file=" + os.path.join(cg_dir, "callgrind.out.%p"),
                                          gst_prog, "--packets", "200", "--callgrind"],
                        extra_env=gst_env)
            if out is not None:
                raw["gst_callgrind"] = parse_callgrind_gst(cg_dir)
                raw["gst_callgrind_run"] = out

    mcs = "0,1,2,3,4,5,6,7"
    duty_args = ["--ms", "300", "--reps", "2"] if a.quick else ["--ms", "400", "--reps", "3"]
    raw["duty"] = r.run("duty", [r.prog("tx_duty"), "--mcs", mcs] + duty_args)
    # USB TX aggregation on a virtual RTL8822CU: each async point without
    # and with it, sync for reference (bench/tx_duty.c --agg).
    raw["duty_agg"] = r.run("duty_agg", [r.prog("tx_duty"), "--device",
                                         "virtual:duty-agg,chip=8822c",
                                         "--mcs", "0,3,7", "--bw", "20,40",
                                         "--agg", "off,on"] + duty_args)
    raw["init"] = r.run("init", [r.prog("init_timing"), "--reps", "3" if a.quick else "7"])

    vusb = find_vusb(a.build)
    raw["init_vusb"] = None
    if vusb:
        raw["init_vusb"] = r.run("init_vusb", [vusb, "--adapter", "bench-vusb", "--",
                                               r.prog("init_timing"), "--device", "auto",
                                               "--reps", "3" if a.quick else "5"])
    else:
        r.skipped.append({"what": "init over libusb (devourer-vusb)",
                          "why": "devourer-vusb is not built in %s (libdevourer/vusb/ not there yet)"
                          % os.path.relpath(a.build, ROOT)})

    # Real hardware: only when a usb: adapter is plugged in.
    adapters = r.run("list", [r.prog("init_timing"), "--list"]) or []
    usb = [x for x in adapters if x.get("selector", "").startswith("usb:")]
    raw["adapters"] = adapters
    raw["hw_init"] = raw["hw_duty"] = None
    if usb:
        sel = usb[0]["selector"]
        raw["hw_selector"] = sel
        raw["hw_init"] = r.run("hw_init", [r.prog("init_timing"), "--device", sel,
                                           "--reps", "3"], private_air=False)
        raw["hw_duty"] = r.run("hw_duty", [r.prog("tx_duty"), "--device", sel, "--mcs", mcs]
                               + duty_args, private_air=False)
    else:
        r.skipped.append({"what": "real adapter", "why": "dvr_list_adapters found no usb: adapter"})

    # A second stream on one shared adapter, and RX demultiplexing over
    # N shares (bench/share_cost.c).
    share_args = ["--ms", "500", "--reps", "2"] if a.quick else ["--ms", "1000", "--reps", "5"]
    raw["share"] = r.run("share", [r.prog("share_cost")] + share_args)

    # Radio frames and airtime per video frame, FEC policies against the
    # lower bound (bench/airtime.c): counts, the same on every run.
    raw["airtime"] = r.run("airtime", [r.prog("airtime")] +
                           (["--frames", "30"] if a.quick else []))

    # Link TX against the AEAD floor (section 1.3) and the link detail
    # (appendix), one JSON record per row (bench/link_bench.c).
    raw["link_bench"] = r.run("link_bench", [os.path.join(r.build, "bench", "link_bench"), "--json"]
                              + (["--quick"] if a.quick else []))

    def gst_script(key, what, script, args, timeout):
        """A bench script that runs gst-launch-1.0 pipelines over the
        built plugin, or a note of why it could not run."""
        if not shutil.which("gst-launch-1.0"):
            r.skipped.append({"what": what, "why": "gst-launch-1.0 not installed"})
        elif not glob.glob(os.path.join(plugin_dir, "libgstdevourer*.so")):
            r.skipped.append({"what": what, "why": "the plugin is not built in %s"
                              % os.path.relpath(a.build, ROOT)})
        else:
            return r.run(key, [sys.executable, os.path.join(HERE, script),
                               "--build", r.build, "--out", a.out, "--json"] + args,
                         timeout=timeout, private_air=False)
        return None

    # The adaptive link against fixed MCS 1 and MCS 5 over a scripted
    # flight, real H.264 end to end (bench/adapt_flight.py: its own airs,
    # two gst-launch-1.0 processes per flight; about 3.5 min, 1.7 with
    # --quick).
    raw["adapt_flight"] = gst_script("adapt_flight", "adaptive link flight", "adapt_flight.py",
                                     ["--quick"] if a.quick else [], 900)

    # A full channel set against a hop, per chip (bench/retune_cost.c).
    raw["retune"] = r.run("retune", [r.prog("retune_cost"), "--reps", "2" if a.quick else "5"])

    # Video against a jammer: a fixed channel against hopping over 4 and
    # 8 channels (bench/hop_jammer.py: three gst-launch-1.0 processes per
    # run on their own air; about 1.5 min, 45 s with --quick).
    raw["hop_jammer"] = gst_script("hop_jammer", "jammer runs", "hop_jammer.py",
                                   ["--seconds", "8" if a.quick else "15"], 600)

    raw["commands"] = r.commands
    raw["skipped"] = r.skipped
    raw["seconds"] = round(time.monotonic() - t_start, 1)
    with open(os.path.join(a.out, "raw.json"), "w") as f:
        json.dump(raw, f, indent=1)
    report = [sys.executable, os.path.join(HERE, "report.py"), os.path.join(a.out, "raw.json")]
    if subprocess.run(report).returncode != 0:
        sys.exit("bench: report failed")
    print("bench: wrote %s/report.md in %.0f s" % (a.out, raw["seconds"]), file=sys.stderr)


if __name__ == "__main__":
    main()
