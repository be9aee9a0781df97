#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Turns a bench raw.json into report.md and PNG plots next to it.

    bench/report.py results/<stamp>/raw.json

Every figure is a median with min-max over the repetitions of one run;
ratios compare stages measured in that same run. Each table names the
command (from raw.json) that produced its numbers. Re-running this script
on a raw.json from another machine (e.g. one with a real adapter) gives
the same tables for it.
"""
import json
import os
import statistics
import sys
from collections import defaultdict

# Lower bound on one synchronous control transfer on a USB 2.0 high-speed
# bus: its stages are scheduled in 125 us microframes (USB 2.0 spec 8.4.3.1)
# and the driver waits for each register access to complete before the
# next, so one transfer costs at least one microframe on the host's
# schedule. Real host controllers often add more (completion interrupt
# moderation), so this estimate is a floor, not a prediction.
USB2_US_PER_CTRL = 125.0
# High-speed bulk/control payload throughput in practice (~35 MB/s of the
# 60 MB/s signalling rate).
USB2_BYTES_PER_US = 35.0

TX_STAGES = [
    ("tx_aead", "AEAD floor: the n/k seals of S+3 B the link TX must make (libcrypto, the link's AEAD)", "thread_ns"),
    ("tx_aead_sodium", "AEAD floor before: the same seals with libsodium (the link's AEAD until now)", "thread_ns"),
    ("tx_link", "link TX: framing + FEC + ChaCha20-Poly1305", "thread_ns"),
    ("tx_radiotap", "radiotap parse + merge (dvr_send)", "thread_ns"),
    ("tx_desc", "TX descriptor (ops->build_tx_desc)", "thread_ns"),
    ("tx_send", "dvr_send whole, caller thread (radiotap+desc+copy+submit)", "thread_ns"),
    ("tx_model", "virtual transport + chip model + air (other threads)", None),
]
RX_STAGES = [
    ("rx_walk", "aggregate walk + RX descriptor parse (dvr_rx_walk)", "thread_ns"),
    ("rx_radiotap", "radiotap RX header build (monitor/pcap)", "thread_ns"),
    ("rx_link", "link RX: authenticate + decrypt + reorder (no loss)", "thread_ns"),
    ("rx_link_fec", "link RX with 1 data fragment lost per block (+FEC decode)", "thread_ns"),
]


def pump_base(table, size):
    """The library path streaming-rx's own cost is taken against: the one
    pumping as the element does (rx_lib_pump) where the run has it."""
    return "rx_lib_pump" if table.get(("rx_lib_pump", size)) else "rx_lib"


GST_ROWS = {
    "tx": [("tx_gst", "element path, live: appsrc ! devourersink (bench push + streaming + timer threads)"),
           ("tx_lib", "library path, live, same run: link TX + dvr_send from the bench thread")],
    "rx": [("rx_gst", "element path, live: devourersrc streaming-rx=false ! appsink (driver RX thread + streaming + timer)"),
           ("rx_lib", "library path, live, same run: on_rx → dvr_link_rx_push (driver RX thread)"),
           ("rx_pump", "element path, live, streaming-rx=true: devourersrc's streaming thread completes the transfers itself (streaming + timer + parked driver RX thread)"),
           ("rx_pump_pad", "element path, live, streaming-rx=true into a pad's chain (as a depayloader takes it; no appsink queue): streaming + timer + parked driver RX thread"),
           ("rx_lib_pump", "library path of streaming-rx, same run: a bench thread pumps a share (dvr_share_rx_pump) → on_rx → dvr_link_rx_push (pumping + parked driver RX thread)")],
}
# TX, the camera's path (bench/gst_stages.c tx_pad_window): the bench thread
# pushes from a pad of its own straight into devourersink's chain, as
# rtph264pay does, with no queue thread; each row's own cost is taken
# against the same run's library path (tx_lib).
GST_TX_PAD_ROWS = [
    ("tx_pad", "element path, live: pad push ! devourersink, single buffers (bench thread + timer)",
     "**TX stage's own cost, pad push, single buffers** (element − library path, per repetition)"),
    ("tx_list", "element path, live: pad push ! devourersink, one buffer list per 8-packet frame (bench thread + timer)",
     "**TX stage's own cost, pad push, buffer lists** (element − library path, per repetition)"),
]
GST_TX_PAD_STAGES = tuple(r[0] for r in GST_TX_PAD_ROWS)
# The RX element's own cost when it receives in its streaming thread
# (devourersrc streaming-rx=true, the default: the RX pump), beside the
# driver thread's hand-off (streaming-rx=false).
GST_OWN_PUMP = "**GStreamer stage's own cost, streaming-rx=true** (element − library path, per repetition)"
GST_OWN_PUMP_PAD = "**GStreamer stage's own cost, streaming-rx=true into a pad's chain** (element − library path, per repetition)"
GST_OWN = {"tx": "**GStreamer stage's own cost** (element − library path, per repetition)",
           "rx": "**GStreamer stage's own cost** (element − library path, per repetition)"}


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def fmt(x, digits=3):
    if x != x:
        return "–"
    if x == 0:
        return "0"
    if abs(x) >= 100:
        return "%.0f" % x
    return ("%%.%dg" % digits) % x


def mm(xs, digits=3):
    """'median (min–max)'"""
    if not xs:
        return "–"
    return "%s (%s–%s)" % (fmt(med(xs), digits), fmt(min(xs), digits), fmt(max(xs), digits))


def cmd_of(raw, cid):
    for c in raw.get("commands", []):
        if c["id"] == cid:
            return c["cmd"]
    return "(not run)"


class Cpu:
    """Per-packet core-us per stage and size, each a list over reps."""

    def __init__(self, recs):
        self.per = defaultdict(list)       # (stage, size) -> [us/packet]
        self.user = defaultdict(float)     # stage -> ns (getrusage)
        self.sys = defaultdict(float)
        self.sizes = sorted({r["size"] for r in recs if r.get("bench") == "cpu"})
        self.meta = next((r for r in recs if r.get("bench") == "cpu_meta"), {})
        self.capture = {r["size"]: r for r in recs if r.get("bench") == "cpu_capture"}
        self.checks = []
        for r in recs:
            if r.get("bench") != "cpu":
                continue
            st, n = r["stage"], r["packets"]
            if n <= 0:
                continue
            self.per[(st, r["size"])].append(r["thread_ns"] / n / 1000.0)
            if st == "tx_send":
                self.per[("tx_model", r["size"])].append(
                    (r["process_ns"] - r["thread_ns"]) / n / 1000.0)
                self.per[("tx_send_process", r["size"])].append(r["process_ns"] / n / 1000.0)
                self.user["tx_send_process"] += r["user_ns"]
                self.sys["tx_send_process"] += r["sys_ns"]
            self.user[st] += r["thread_user_ns"]
            self.sys[st] += r["thread_sys_ns"]
            if st in ("rx_link", "rx_link_fec") and r["check"] != self.capture.get(r["size"], {}).get("_n", r["check"]):
                pass
            self.checks.append(r)

    def m(self, stage, size):
        return med(self.per.get((stage, size), []))


class Gst:
    """The GStreamer element stage (bench/gst_stages.c): per stage and size,
    core-us per packet of the host path (thread-attributed), per class,
    and the element's own cost = element path - library path, taken per
    repetition (same size, same repetition, same process)."""

    STAGES = ("tx_gst",) + GST_TX_PAD_STAGES + ("tx_lib", "rx_gst", "rx_lib", "rx_pump", "rx_pump_pad", "rx_lib_pump")
    CLASSES = ("main", "gst", "drv", "model")

    def __init__(self, recs):
        self.per = defaultdict(list)       # (stage, size) -> [us/packet]
        self.cls = defaultdict(list)       # (stage, size, class) -> [us/packet]
        self.own = defaultdict(list)       # ("tx"|"rx", size) -> [us/packet]
        self.own_pad = defaultdict(list)   # (tx pad stage, size) -> [us/packet]
        self.user = defaultdict(float)     # stage -> ns, host-path threads
        self.sys = defaultdict(float)
        self.checks = defaultdict(list)    # (stage, size) -> [(packets, check, check2)]
        self.blocks = defaultdict(list)    # (stage, size) -> [host-thread sleeps per packet]
        self.meta = next((r for r in recs if r.get("bench") == "gst_meta"), {})
        by_rep = {}
        for r in recs:
            if r.get("bench") != "gst" or r["packets"] <= 0:
                continue
            st, size, n = r["stage"], r["size"], r["packets"]
            us = r["host_ns"] / n / 1000.0
            self.per[(st, size)].append(us)
            for c in self.CLASSES:
                self.cls[(st, size, c)].append(r[c + "_ns"] / n / 1000.0)
            self.user[st] += r.get("host_user_ns", 0.0)
            self.sys[st] += r.get("host_sys_ns", 0.0)
            self.checks[(st, size)].append((n, r["check"], r["check2"]))
            if "host_blocks" in r:
                self.blocks[(st, size)].append(r["host_blocks"] / n)
            by_rep[(st, size, r["rep"])] = us
        self.sizes = sorted({k[1] for k in self.per})
        for (st, size, rep), us in by_rep.items():
            if st.endswith("_gst") and (st[:2] + "_lib", size, rep) in by_rep:
                self.own[(st[:2], size)].append(us - by_rep[(st[:2] + "_lib", size, rep)])
            if st in GST_TX_PAD_STAGES and ("tx_lib", size, rep) in by_rep:
                self.own_pad[(st, size)].append(us - by_rep[("tx_lib", size, rep)])
            # The pump's own cost against the library path that pumps the
            # same way (its frames wake the same reap); runs without that
            # stage take the driver-thread library path.
            base = "rx_lib_pump" if ("rx_lib_pump", size, rep) in by_rep else "rx_lib"
            if st in ("rx_pump", "rx_pump_pad") and (base, size, rep) in by_rep:
                self.own[(st, size)].append(us - by_rep[(base, size, rep)])
        self.reps = len({k[2] for k in by_rep})

    def m(self, stage, size):
        return med(self.per.get((stage, size), []))

    def own_m(self, d, size):
        return med(self.own.get((d, size), []))

    def own_pad_m(self, st, size):
        return med(self.own_pad.get((st, size), []))


def gst_callgrind(raw):
    """{(stage, size): host instructions per packet} from the callgrind run:
    all threads' instructions in the window minus the virtual adapter's
    threads (model) and the bench thread's waiting (wait)."""
    cg = raw.get("gst_callgrind") or {}
    div = {}
    for r in raw.get("gst_callgrind_run") or []:
        if r.get("bench") == "gst":
            div[(r["stage"], r["size"])] = r["packets"]
    out = {}
    for key, d in cg.items():
        st, size = key.split()
        size = int(size)
        n = div.get((st, size))
        if not n or not d.get("model"):
            continue   # no divisor, or the model's threads were not found
        out[(st, size)] = (d["total"] - d.get("model", 0) - d.get("wait", 0)) / n
    return out


def cpu_section(raw, out, plots):
    recs = raw.get("cpu")
    if not recs:
        out.append("CPU bench did not run (see logs/cpu.stderr).\n")
        return None
    c = Cpu(recs)
    g = Gst(raw["gst"]) if raw.get("gst") else None
    if g and not g.sizes:
        g = None
    c.gst = g
    k, n = c.meta.get("fec_k", 8), c.meta.get("fec_n", 12)
    out.append("## 1. CPU per packet, by stage\n")
    out.append("Command: `%s`\n" % cmd_of(raw, "cpu"))
    out.append(
        "Unit: one application packet of S bytes (a GStreamer buffer / UDP datagram). The link "
        "turns k=%d packets into n=%d 802.11 frames, so stages below the link handle n/k = %.2g "
        "frames per packet; every figure is **core-µs per input packet** (thread CPU time, "
        "`CLOCK_THREAD_CPUTIME_ID`), median (min–max) over %d repetitions. The same number is "
        "**core-ms per 1000 packets**. Rate: %s. The memcpy row is the floor: copying the "
        "packet's bytes once.\n" % (k, n, n / k, len({r['rep'] for r in recs if r.get('bench') == 'cpu'}),
                                   c.meta.get("rate", "?")))
    for title, stages in (("TX", TX_STAGES), ("RX", RX_STAGES)):
        out.append("### %s\n" % title)
        out.append("| stage | " + " | ".join("%d B" % s for s in c.sizes) + " |")
        out.append("|---|" + "---|" * len(c.sizes))
        out.append("| memcpy of the packet (floor) | " +
                   " | ".join(mm(c.per[("memcpy", s)]) for s in c.sizes) + " |")
        for st, label, _ in stages:
            out.append("| %s | " % label + " | ".join(mm(c.per[(st, s)]) for s in c.sizes) + " |")
        if g:
            d = title.lower()
            for st, label in GST_ROWS[d]:
                out.append("| %s | " % label + " | ".join(mm(g.per[(st, s)]) for s in c.sizes) + " |")
            out.append("| %s | " % GST_OWN[d] + " | ".join(mm(g.own[(d, s)]) for s in c.sizes) + " |")
            if d == "tx" and any(g.per.get((st, s)) for st in GST_TX_PAD_STAGES for s in c.sizes):
                for st, label, own_label in GST_TX_PAD_ROWS:
                    out.append("| %s | " % label + " | ".join(mm(g.per[(st, s)]) for s in c.sizes) + " |")
                    out.append("| %s | " % own_label + " | ".join(mm(g.own_pad[(st, s)]) for s in c.sizes) + " |")
            if d == "rx" and any(g.own.get(("rx_pump", s)) for s in c.sizes):
                out.append("| %s | " % GST_OWN_PUMP + " | ".join(mm(g.own[("rx_pump", s)]) for s in c.sizes) + " |")
                if any(g.own.get(("rx_pump_pad", s)) for s in c.sizes):
                    out.append("| %s | " % GST_OWN_PUMP_PAD + " | ".join(mm(g.own[("rx_pump_pad", s)]) for s in c.sizes) + " |")
        out.append("")
    if g:
        out.append("The element and library rows of each table are the GStreamer element stage "
                   "(section 1.1): live paths over virtual adapters, so they include the thread "
                   "hand-offs and wake-ups that the stages above, replayed in a loop, do not. TX "
                   "has two element paths: `appsrc ! devourersink` (appsrc's queue hands every "
                   "buffer to its streaming thread) and the camera's, where the upstream element "
                   "pushes into the sink in its own thread (pad push).\n")
    # Path totals and ratios, all from this run.
    out.append("### Whole path per packet, and ratios (same run)\n")
    out.append("| | " + " | ".join("%d B" % s for s in c.sizes) + " |")
    out.append("|---|" + "---|" * len(c.sizes))
    tx_path = {s: c.m("tx_link", s) + c.m("tx_send", s) for s in c.sizes}
    rx_path = {s: c.m("rx_walk", s) + c.m("rx_link", s) for s in c.sizes}
    rows = []
    if all(c.per.get(("tx_aead", s)) and c.per.get(("tx_aead_sodium", s)) for s in c.sizes):
        rows += [
            ("link TX ÷ AEAD floor (libcrypto)", lambda s: c.m("tx_link", s) / c.m("tx_aead", s)),
            ("link TX with libsodium's AEAD (link TX − floor + libsodium floor), µs",
             lambda s: c.m("tx_link", s) - c.m("tx_aead", s) + c.m("tx_aead_sodium", s)),
            ("  link TX now ÷ with libsodium's AEAD",
             lambda s: c.m("tx_link", s) / (c.m("tx_link", s) - c.m("tx_aead", s) + c.m("tx_aead_sodium", s))),
        ]
    rows += [
        ("TX host path = link TX + dvr_send (caller), µs", lambda s: tx_path[s]),
        ("  ÷ memcpy floor", lambda s: tx_path[s] / c.m("memcpy", s)),
        ("  link TX share of the TX host path", lambda s: "%.0f %%" % (100 * c.m("tx_link", s) / tx_path[s])),
        ("  chip model (other threads) ÷ dvr_send caller", lambda s: c.m("tx_model", s) / c.m("tx_send", s)),
        ("RX host path = walk + link RX, µs", lambda s: rx_path[s]),
        ("  ÷ memcpy floor", lambda s: rx_path[s] / c.m("memcpy", s)),
        ("  link RX share of the RX host path", lambda s: "%.0f %%" % (100 * c.m("rx_link", s) / rx_path[s])),
        ("  link RX with FEC decode ÷ without", lambda s: c.m("rx_link_fec", s) / c.m("rx_link", s)),
    ]
    if g:
        rows += [
            ("appsrc ! devourersink path ÷ library TX path (both live)", lambda s: g.m("tx_gst", s) / g.m("tx_lib", s)),
            ("  GStreamer stage's own share of it", lambda s: "%.0f %%" % (100 * g.own_m("tx", s) / g.m("tx_gst", s))),
        ]
        if any(g.per.get(("tx_list", s)) for s in c.sizes):
            rows += [
                ("pad push ! devourersink path (single buffers) ÷ library TX path", lambda s: g.m("tx_pad", s) / g.m("tx_lib", s)),
                ("pad push ! devourersink path (buffer lists) ÷ library TX path", lambda s: g.m("tx_list", s) / g.m("tx_lib", s)),
            ]
        rows += [
            ("devourersrc streaming-rx=false ! appsink path ÷ library RX path (both live)", lambda s: g.m("rx_gst", s) / g.m("rx_lib", s)),
            ("  GStreamer stage's own share of it", lambda s: "%.0f %%" % (100 * g.own_m("rx", s) / g.m("rx_gst", s))),
            ("devourersrc streaming-rx=true (default) ! appsink path ÷ library RX path (both live)", lambda s: g.m("rx_pump", s) / g.m(pump_base(g.per, s), s)),
            ("  GStreamer stage's own share of it", lambda s: "%.0f %%" % (100 * g.own_m("rx_pump", s) / g.m("rx_pump", s))),
        ]
    for label, f in rows:
        vals = []
        for s in c.sizes:
            v = f(s)
            vals.append(v if isinstance(v, str) else fmt(v))
        out.append("| %s | %s |" % (label, " | ".join(vals)))
    out.append("")
    out.append("dvr_send's caller-thread figure already contains the radiotap and descriptor "
               "stages (measured alone above). The chip-model row is CPU the *virtual* adapter "
               "burns in its own threads (FIFO, airtime pacing, air socket); a real adapter does "
               "that in silicon, and the real USB transport's cost (libusb submit + kernel) is "
               "not part of this table.\n")
    # user/system split
    out.append("### User / system split (getrusage, summed over sizes and repetitions)\n")
    out.append("| stage | user | system |")
    out.append("|---|---|---|")
    for st, label in (("tx_link", "link TX"), ("tx_send", "dvr_send, caller thread"),
                      ("tx_send_process", "dvr_send, whole process (incl. model)"),
                      ("rx_walk", "RX walk"), ("rx_link", "link RX")):
        u, s_ = c.user.get(st, 0.0), c.sys.get(st, 0.0)
        if u + s_ > 0:
            out.append("| %s | %.0f %% | %.0f %% |" % (label, 100 * u / (u + s_), 100 * s_ / (u + s_)))
    for st, label in (("tx_gst", "element path, live: appsrc ! devourersink (its host threads)"),
                      ("tx_pad", "element path, live: pad push ! devourersink, single buffers (its host threads)"),
                      ("tx_list", "element path, live: pad push ! devourersink, buffer lists (its host threads)"),
                      ("tx_lib", "library TX path, live (bench thread)"),
                      ("rx_gst", "element path, live: devourersrc streaming-rx=false ! appsink (its host threads)"),
                      ("rx_lib", "library RX path, live (driver RX thread)"),
                      ("rx_pump", "element path, live: devourersrc streaming-rx=true (default) ! appsink (its host threads)")):
        if not g:
            break
        u, s_ = g.user.get(st, 0.0), g.sys.get(st, 0.0)
        if u + s_ > 0:
            out.append("| %s | %.0f %% | %.0f %% |" % (label, 100 * u / (u + s_), 100 * s_ / (u + s_)))
    out.append("\nLinux splits a thread's exact run time into user and system in proportion to "
               "timer-tick samples, so the split is coarse for stages shorter than a few ms in "
               "total.%s\n" % (" The live rows are the host-path threads of section 1.1 (the "
                               "calling thread's getrusage, the other threads' /proc stat), not "
                               "the virtual adapter's." if g else ""))
    # capture facts
    out.append("RX input: bulk IN transfers captured from the virtual RX chip while the TX "
               "adapter sent the link's frames on the same air:\n")
    out.append("| size | 802.11 frames sent | frame bytes | bulk IN transfers | frames parsed | CRC errors |")
    out.append("|---|---|---|---|---|---|")
    for s in c.sizes:
        cp = c.capture.get(s, {})
        out.append("| %d B | %d | %d | %d | %d | %d |" % (s, cp.get("tx_frames", 0), cp.get("frame_bytes", 0),
                                                           cp.get("aggregates", 0), cp.get("rx_frames", 0),
                                                           cp.get("rx_crc_errors", 0)))
    out.append("")
    callgrind_section(raw, c, out)
    if g:
        gst_section(raw, c, g, out)
    else:
        why = next((x["why"] for x in raw.get("skipped", []) if x["what"] == "GStreamer element stage"),
                   "the run failed (see logs/gst.stderr)")
        out.append("### 1.1 GStreamer element stage\n\nNot measured: %s.\n" % why)
    gst_latency_section(raw, out)
    link_floor_section(raw, out)
    plot_cpu(c, plots)
    return c


def callgrind_section(raw, c, out):
    cg = raw.get("callgrind")
    out.append("### Instructions per packet (callgrind)\n")
    if not cg:
        out.append("Not measured (%s).\n" % next((s["why"] for s in raw.get("skipped", [])
                                                   if s["what"] == "callgrind"), "callgrind run failed"))
        return
    n = raw.get("callgrind_packets", 200)
    out.append("Command: `%s` — the same stages, %d packets, one repetition; each stage is "
               "bracketed by callgrind client requests (zero, dump). Instruction counts are "
               "repeatable where times are not. Divisor: packets (rx_link: the packets delivered "
               "in its timed part, as above).\n" % (cmd_of(raw, "callgrind"), n))
    divisors = {}
    for r in raw.get("callgrind_run") or []:
        if r.get("bench") == "cpu":
            divisors["%s %d" % (r["stage"], r["size"])] = r["packets"]
    out.append("| stage | " + " | ".join("%d B" % s for s in c.sizes) + " |")
    out.append("|---|" + "---|" * len(c.sizes))
    for st in ["memcpy"] + [x[0] for x in TX_STAGES if x[0] != "tx_model"] + [x[0] for x in RX_STAGES]:
        vals = []
        for s in c.sizes:
            key = "%s %d" % (st, s)
            if key in cg and divisors.get(key):
                vals.append("%.0f" % (cg[key] / divisors[key]))
            else:
                vals.append("–")
        out.append("| %s | %s |" % (st, " | ".join(vals)))
    gcg = gst_callgrind(raw)
    if gcg:
        for st, label in (("tx_gst", "tx element path (appsrc ! devourersink)"),
                          ("tx_lib", "tx library path, live"),
                          ("tx_own", "**TX GStreamer stage's own**"),
                          ("tx_pad", "tx element path, pad push, single buffers"),
                          ("tx_pad_own", "**TX stage's own, pad push, single buffers**"),
                          ("tx_list", "tx element path, pad push, buffer lists"),
                          ("tx_list_own", "**TX stage's own, pad push, buffer lists**"),
                          ("rx_gst", "rx element path (devourersrc streaming-rx=false ! appsink)"),
                          ("rx_lib", "rx library path, live"),
                          ("rx_own", "**RX GStreamer stage's own**")):
            vals = []
            for s in c.sizes:
                if st in ("tx_pad_own", "tx_list_own"):
                    a_, b_ = gcg.get((st[:-4], s)), gcg.get(("tx_lib", s))
                    v = a_ - b_ if a_ is not None and b_ is not None else None
                elif st.endswith("_own"):
                    a_, b_ = gcg.get((st[:2] + "_gst", s)), gcg.get((st[:2] + "_lib", s))
                    v = a_ - b_ if a_ is not None and b_ is not None else None
                else:
                    v = gcg.get((st, s))
                vals.append("%.0f" % v if v is not None else "–")
            out.append("| %s | %s |" % (label, " | ".join(vals)))
    out.append("\n`tx_send` under callgrind counts every thread (callgrind runs them one at a "
               "time), i.e. caller + virtual transport + chip model.%s\n" % (
                   " The element rows come from `%s` (%d packets per window, one repetition): all "
                   "threads' instructions in the window minus the virtual adapter's own threads "
                   "(the inclusive cost of the chip model's TX and RX thread functions and of the "
                   "transport's OUT worker, read from the dump) and minus the bench thread's "
                   "waiting. Callgrind counts user-space instructions only: the kernel's part of "
                   "handing a packet to another thread (futex wake-up, context switch) is not in "
                   "them, but is in the times."
                   % (cmd_of(raw, "gst_callgrind"), raw.get("gst_callgrind_packets", 200)) if gcg else ""))


def p99(xs):
    xs = sorted(xs)
    return xs[max(0, -(-99 * len(xs) // 100) - 1)] if xs else float("nan")


def gst_latency(raw):
    """config -> (median ms, p99 ms, packets, fec-timeout ms) of bench/gst_latency.c."""
    res = {}
    for r in raw.get("gst_latency") or []:
        if r.get("bench") == "gst_latency" and r.get("latency_us"):
            us = r["latency_us"]
            res[r["config"]] = (med(us) / 1000.0, p99(us) / 1000.0, len(us), r.get("fec_timeout_ms"))
    return res


def gst_latency_section(raw, out):
    out.append("### 1.2 One-way latency through both elements\n")
    lat = gst_latency(raw)
    if not lat:
        why = next((x["why"] for x in raw.get("skipped", []) if x["what"] == "GStreamer one-way latency"),
                   "the run failed (see logs/gst_latency.stderr)")
        out.append("Not measured: %s.\n" % why)
        return
    out.append("Command: `%s`\n" % cmd_of(raw, "gst_latency"))
    out.append(
        "From the push into `appsrc is-live=true do-timestamp=true ! devourersink` to the handoff of "
        "`devourersrc ! fakesink` over two virtual adapters, one packet in flight at a time, each "
        "closing its FEC block (MARKER, as the last RTP packet of a frame). *defaults*: devourersink "
        "as it comes and fakesink `sync=true` (a display sink syncs by default); *sync-false*: "
        "`sync=false` on both sinks. devourersrc stamps packets after the FEC hold-back and answers "
        "LATENCY 0, so the difference is the syncing sink's own `processing-deadline` (20 ms by "
        "default), not `fec-timeout`.\n")
    out.append("| configuration | packets | fec-timeout | median | p99 |")
    out.append("|---|---|---|---|---|")
    for cfg in ("defaults", "sync-false"):
        if cfg in lat:
            m, p, n, ft = lat[cfg]
            out.append("| %s | %d | %s ms | %s ms | %s ms |" % (cfg, n, ft, fmt(m), fmt(p)))
    out.append("")


def gst_section_tx_pad_rows(g, gcg, out):
    """The camera's TX path (pad push) rows of the 1.1 summary table."""
    for st, el in (("tx_pad", "TX stage, pad push, single buffers"),
                   ("tx_list", "TX stage, pad push, buffer lists of 8")):
        if not any(g.own_pad.get((st, s)) for s in g.sizes):
            continue
        out.append("| %s own, core-µs per packet | %s |" % (el, " | ".join(mm(g.own_pad[(st, s)]) for s in g.sizes)))
        out.append("| %s own ÷ its whole path | %s |" % (el, " | ".join(
            "%.0f %%" % (100 * g.own_pad_m(st, s) / g.m(st, s)) for s in g.sizes)))
        if gcg:
            vals = []
            for s in g.sizes:
                a_, b_ = gcg.get((st, s)), gcg.get(("tx_lib", s))
                vals.append("%.0f (%.0f %%)" % (a_ - b_, 100 * (a_ - b_) / a_) if a_ and b_ else "–")
            out.append("| %s own, instructions per packet (share) | %s |" % (el, " | ".join(vals)))


def gst_section(raw, c, g, out):
    out.append("### 1.1 GStreamer element stage (same process, same run)\n")
    out.append("Command: `%s`\n" % cmd_of(raw, "gst"))
    out.append(
        "**TX**: the bench thread pushes N buffers of S bytes (from a buffer pool: the "
        "application allocates nothing per packet) into `appsrc ! devourersink` on one virtual "
        "adapter, then hands the same N packets to the path the sink wraps, called directly on "
        "another: `dvr_link_tx_send` → frame callback → `dvr_send`. Same rate (%s), FEC %d/%d, "
        "key, link id, FEC timeout and maximum payload as the sink sets up. **RX**: a second "
        "process (`gst_stages --sender`, so its CPU is not counted) transmits N link packets "
        "of S bytes on the same private air, in turn to `devourersrc streaming-rx=false ! appsink` (a callback "
        "pulls and counts every sample) and to a library receiver, `dvr_open` with `on_rx` → "
        "`dvr_link_rx_push` → a packet callback that counts, and to `devourersrc "
        "streaming-rx=true ! appsink`, whose streaming thread completes the adapter's bulk IN "
        "transfers itself (`dvr_share_rx_pump`: the walk, `on_rx`, the link and the buffer all in "
        "that thread, no hand-off per packet). The receivers run in the measured process on "
        "different channels, so each hears only its own stream.\n"
        % (g.meta.get("rate", "?"), g.meta.get("fec_k", 8), g.meta.get("fec_n", 12)))
    out.append(
        "**TX, the camera's path** (pad push): no appsrc. In `v4l2src ! x264enc ! rtph264pay ! "
        "devourersink` the payloader pushes in the encoder's streaming thread straight into the "
        "sink's chain function; here the bench thread does the same from a source pad of its own "
        "linked to the sink's (stream-start, RTP caps, TIME segment first), on a third adapter: "
        "once one buffer per push, once one buffer list per video frame of 8 packets, the last "
        "one with the RTP marker as rtph264pay sets it. The packets are made before the window "
        "and each push hands the sink a reference, so the window holds the stage and none of "
        "the payloader's own work. Host path = the bench thread (which runs the sink) + the "
        "sink's timer thread; its own cost is taken against the same library path.\n")
    out.append(
        "**Attribution.** The virtual chip model runs in the same process, so every window's "
        "CPU is split by thread (per-thread CPU clocks, `bench/thread_cpu.c`). Before a device "
        "is opened the bench thread renames itself `dvr:<device>`, so the threads libdevourer "
        "and the model start for it inherit that name, while GStreamer's streaming threads name "
        "themselves; threads of a device beyond the number libdevourer starts for the library "
        "device of the same kind are the element's (its timer thread). Host path: TX element = "
        "bench thread's push + streaming + timer threads, TX library = bench thread; RX element "
        "= driver RX thread (the bulk IN worker, which runs `on_rx`) + streaming + timer, RX "
        "library = driver RX thread; with streaming-rx the same classes, the driver RX thread "
        "parked and the frames' work in the streaming thread. The adapter's threads (model TX/RX, OUT worker) are left "
        "out of both, as a real adapter does that work in silicon. The element's own cost is "
        "element − library per repetition; median (min–max) over %d repetitions.\n" % g.reps)
    out.append("Per class, core-µs per packet (medians):\n")
    out.append("| path | class | " + " | ".join("%d B" % s for s in g.sizes) + " |")
    out.append("|---|---|" + "---|" * len(g.sizes))
    names = {"main": "bench thread", "gst": "GStreamer threads (streaming, timer)",
             "drv": "driver RX thread (bulk IN worker, on_rx)", "model": "virtual adapter (not host; left out)"}
    for st, path in (("tx_gst", "appsrc ! devourersink"),
                     ("tx_pad", "pad push ! devourersink, single buffers"),
                     ("tx_list", "pad push ! devourersink, buffer lists"), ("tx_lib", "library TX"),
                     ("rx_gst", "devourersrc streaming-rx=false ! appsink"), ("rx_lib", "library RX"),
                     ("rx_pump", "devourersrc streaming-rx=true (default) ! appsink"),
                     ("rx_pump_pad", "devourersrc streaming-rx=true (default) → pad"),
                     ("rx_lib_pump", "library RX, pumped")):
        for cl in Gst.CLASSES:
            vals = [med(g.cls.get((st, s, cl), [])) for s in g.sizes]
            if all(v == 0 or v != v for v in vals) or (st.startswith("tx") and cl == "drv"):
                continue
            if st.startswith("rx") and cl == "main":
                continue   # the bench thread only waits in an RX window
            if st in GST_TX_PAD_STAGES and cl == "gst":
                label = "the sink's timer thread"
            elif st in GST_TX_PAD_STAGES and cl == "main":
                label = "bench thread (push, render, link, dvr_send)"
            else:
                label = names[cl]
            out.append("| %s | %s | %s |" % (path, label, " | ".join(fmt(v) for v in vals)))
    out.append("")
    gcg = gst_callgrind(raw)
    out.append("Summary, same run (element's own cost; instructions from the callgrind run in "
               "the table above):\n")
    out.append("| | " + " | ".join("%d B" % s for s in g.sizes) + " |")
    out.append("|---|" + "---|" * len(g.sizes))
    for d, el in (("tx", "TX stage (appsrc ! devourersink)"), ("rx", "RX stage (devourersrc streaming-rx=false ! appsink)")):
        out.append("| %s own, core-µs per packet | %s |" % (el, " | ".join(mm(g.own[(d, s)]) for s in g.sizes)))
        out.append("| %s own ÷ its whole path | %s |" % (el, " | ".join(
            "%.0f %%" % (100 * g.own_m(d, s) / g.m(d + "_gst", s)) for s in g.sizes)))
        if gcg:
            vals = []
            for s in g.sizes:
                a_, b_ = gcg.get((d + "_gst", s)), gcg.get((d + "_lib", s))
                vals.append("%.0f (%.0f %%)" % (a_ - b_, 100 * (a_ - b_) / a_) if a_ and b_ else "–")
            out.append("| %s own, instructions per packet (share) | %s |" % (el, " | ".join(vals)))
            # The own instructions, run at the speed the library path ran
            # its own instructions in this run: what the stage's code alone
            # would take; the rest of the own time is not instructions.
            code, rest = [], []
            for s in g.sizes:
                a_, b_, lib_us = gcg.get((d + "_gst", s)), gcg.get((d + "_lib", s)), g.m(d + "_lib", s)
                if a_ and b_ and lib_us > 0:
                    us = (a_ - b_) / (b_ / lib_us)
                    code.append(fmt(us))
                    rest.append(fmt(g.own_m(d, s) - us))
                else:
                    code.append("–")
                    rest.append("–")
            out.append("| %s own instructions at the library path's instructions/µs, core-µs | %s |" % (el, " | ".join(code)))
            out.append("| %s own time not explained by instructions, core-µs | %s |" % (el, " | ".join(rest)))
        if d == "tx":
            gst_section_tx_pad_rows(g, gcg, out)
    for pst, el in (("rx_pump", "RX stage, streaming-rx=true (devourersrc's streaming thread pumps)"),
                    ("rx_pump_pad", "RX stage, streaming-rx=true into a pad's chain (no appsink)")):
        if not any(g.own.get((pst, s)) for s in g.sizes):
            continue
        out.append("| %s own, core-µs per packet | %s |" % (el, " | ".join(mm(g.own[(pst, s)]) for s in g.sizes)))
        out.append("| %s own ÷ its whole path | %s |" % (el, " | ".join(
            "%.0f %%" % (100 * g.own_m(pst, s) / g.m(pst, s)) for s in g.sizes)))
        if gcg:
            vals = []
            for s in g.sizes:
                a_, b_ = gcg.get((pst, s)), gcg.get((pump_base(gcg, s), s))
                vals.append("%.0f (%.0f %%)" % (a_ - b_, 100 * (a_ - b_) / a_) if a_ and b_ else "–")
            out.append("| %s own, instructions per packet (share) | %s |" % (el, " | ".join(vals)))
    rx_sleep = [st for st in ("rx_gst", "rx_lib", "rx_pump", "rx_pump_pad", "rx_lib_pump")
                if any(g.blocks.get((st, s)) for s in g.sizes)]
    if rx_sleep:
        out.append("")
        out.append("Sleeps per packet of the RX host-path threads (voluntary context switches; each "
                   "is a wake-up the thread's CPU time pays), medians:\n")
        out.append("| stage | " + " | ".join("%d B" % s for s in g.sizes) + " |")
        out.append("|---|" + "---|" * len(g.sizes))
        for st in rx_sleep:
            out.append("| %s | %s |" % (st, " | ".join(
                "%.2f" % med(g.blocks[(st, s)]) if g.blocks.get((st, s)) else "–" for s in g.sizes)))
    out.append("")
    def sys_share(st):
        u, s_ = g.user.get(st, 0.0), g.sys.get(st, 0.0)
        return 100 * s_ / (u + s_) if u + s_ > 0 else float("nan")
    out.append(
        "Time and instructions measure different things. The instructions (callgrind, user "
        "space only) are the GStreamer stage's code: buffer pool, map, locks, timestamps, "
        "queues, appsrc/appsink; run at the rate the library path ran its own instructions in "
        "this run, they account for the row \"at the library path's instructions/µs\". The rest "
        "of the stage's time is not accounted for by its instructions; we attribute it (an "
        "inference: the bench does not count cache misses) to handing each packet to another "
        "thread — appsrc's queue to its streaming thread on TX; the driver's RX thread to "
        "devourersrc's queue to its streaming thread on RX: the kernel's futex wake-up and "
        "context switch (system time of the host-path threads, same run: TX element path %.0f %% "
        "vs library %.0f %%, RX %.0f %% vs %.0f %%, tick-sampled) and slower user code after each "
        "switch (cold caches, the packet's cache lines moving between CPUs; 2 vCPUs shared with "
        "the adapter model's threads here). Both library paths run in one thread and pay none "
        "of that. What a hand-off costs depends on the machine (a VM's are dear); the "
        "instruction counts are the machine-independent part.\n"
        % (sys_share("tx_gst"), sys_share("tx_lib"), sys_share("rx_gst"), sys_share("rx_lib")))
    # checks
    out.append("Checks (every window): packets delivered per window (RX) or sent by the link "
               "(TX), devourersrc queue drops, and the thread attribution check (the library "
               "receiver's `on_rx` ran on the thread taken as the driver RX thread):\n")
    out.append("| stage | size | packets per window (min–max) | counted (min–max) | drops / send errors | attribution |")
    out.append("|---|---|---|---|---|---|")
    for st in Gst.STAGES:
        for s in g.sizes:
            ck = g.checks.get((st, s), [])
            if not ck:
                continue
            n = [x[0] for x in ck]
            c1 = [x[1] for x in ck]
            c2 = [x[2] for x in ck]
            attr = ("%d/%d ok" % (sum(1 for x in c2 if x == 1), len(c2))) if st == "rx_lib" else "–"
            drops = "–" if st == "rx_lib" else "%.0f" % sum(c2)
            out.append("| %s | %d B | %.0f–%.0f | %.0f–%.0f | %s | %s |" % (
                st, s, min(n), max(n), min(c1), max(c1), drops, attr))
    out.append("")


def plot_cpu(c, plots):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2, figsize=(12, 7.2), sharey=True)
    for ax, title, stages in ((axes[0], "TX", TX_STAGES), (axes[1], "RX", RX_STAGES)):
        for st, label, _ in stages:
            ys = [c.m(st, s) for s in c.sizes]
            lo = [min(c.per[(st, s)]) for s in c.sizes]
            hi = [max(c.per[(st, s)]) for s in c.sizes]
            ax.errorbar(c.sizes, ys, yerr=[[y - l for y, l in zip(ys, lo)], [h - y for y, h in zip(ys, hi)]],
                        marker="o", capsize=3, label=label.split(":")[0].split(" (")[0])
        g = getattr(c, "gst", None)
        if g:
            d = title.lower()
            for st, label, style in ((d + "_gst", "%s, live" % ("appsrc ! devourersink" if d == "tx" else "devourersrc streaming-rx=false ! appsink"), "s-"),
                                     (d + "_lib", "library path, live", "s:")):
                ys = [g.m(st, s) for s in g.sizes]
                ax.plot(g.sizes, ys, style, color="tab:gray" if st.endswith("_lib") else "tab:brown", label=label)
            own = [g.own_m(d, s) for s in g.sizes]
            pts = [(s, y, min(g.own[(d, s)]), max(g.own[(d, s)])) for s, y in zip(g.sizes, own) if y > 0]
            if pts:
                ax.errorbar([p[0] for p in pts], [p[1] for p in pts],
                            yerr=[[p[1] - max(p[2], p[1] * 0.05) for p in pts], [p[3] - p[1] for p in pts]],
                            fmt="D-", color="black", capsize=3, linewidth=2,
                            label="GStreamer stage, own cost")
        ax.plot(c.sizes, [c.m("memcpy", s) for s in c.sizes], "k--", marker=".", label="memcpy floor")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xticks(c.sizes)
        ax.set_xticklabels([str(s) for s in c.sizes])
        ax.set_xlabel("packet size (bytes)")
        ax.set_title("%s: core-µs per packet by stage (median, min–max)" % title, fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7.5, loc="upper center", bbox_to_anchor=(0.5, -0.11), ncol=2)
    axes[0].set_ylabel("core-µs per packet (= core-ms per 1000 packets)")
    fig.tight_layout()
    path = os.path.join(plots["dir"], "cpu_per_packet.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    plots["files"].append(("CPU per packet vs size, per stage", "cpu_per_packet.png"))


def duty_table(recs, out, title):
    pts = defaultdict(list)
    for r in recs:
        if r.get("bench") != "duty" or r["wall_ns"] <= 0:
            continue
        wall_us = r["wall_ns"] / 1000.0
        duty = r["airtime_us"] / wall_us
        goodput = r["bytes"] * 8 / wall_us             # Mbit/s
        ceiling = r["len"] * 8 / r["frame_airtime_us"]  # Mbit/s with the medium always busy
        cpu = r["process_ns"] / max(r["completed"], 1) / 1000.0
        pts[(r["mode"], r["bw"], r["mcs"])].append((duty, goodput, goodput / ceiling, cpu, ceiling))
    if not pts:
        out.append("No duty results.\n")
        return pts
    modes = sorted({k[0] for k in pts})
    bws = sorted({k[1] for k in pts})
    mcss = sorted({k[2] for k in pts})
    out.append("%s\n" % title)
    out.append("| mode | bw | MCS | PHY Mbit/s | ceiling goodput Mbit/s | goodput Mbit/s | duty | share of ceiling | process core-µs/frame |")
    out.append("|---|---|---|---|---|---|---|---|---|")
    for mo in modes:
        for bw in bws:
            for m in mcss:
                v = pts.get((mo, bw, m))
                if not v:
                    continue
                out.append("| %s | %d | %d | – | %s | %s | %s | %s | %s |" % (
                    mo, bw, m, fmt(v[0][4]), mm([x[1] for x in v]),
                    mm([100 * x[0] for x in v]) + " %", mm([100 * x[2] for x in v]) + " %",
                    mm([x[3] for x in v])))
    out.append("")
    return pts


def duty_section(raw, out, plots):
    out.append("## 2. TX throughput and duty, MCS0–7, 20/40 MHz, async vs sync\n")
    recs = raw.get("duty")
    if not recs:
        out.append("Duty bench did not run (see logs/duty.stderr).\n")
        return None
    r0 = recs[0]
    out.append("Command: `%s`\n" % cmd_of(raw, "duty"))
    out.append(
        "Back-to-back %d-byte 802.11 frames (HT, long GI, no ACK) over a virtual adapter that "
        "holds the medium for each frame's airtime. After 100 ms to fill the chip's TX FIFO, a "
        "steady-state window: goodput = 802.11 bytes completed × 8 / window; duty = "
        "`dvr_get_tx_stats().airtime_us` / window; ceiling = frame bits / one frame's airtime "
        "(`dvr_airtime_us`), the goodput with the medium never idle; share = goodput / ceiling. "
        "Median (min–max) over repetitions.\n" % r0["len"])
    pts = duty_table(recs, out, "")
    # fill the PHY column
    phy = {(r["bw"], r["mcs"]): r["phy_kbps"] / 1000.0 for r in recs if r.get("bench") == "duty"}
    for i, line in enumerate(out):
        if line.startswith("| async |") or line.startswith("| sync |"):
            parts = line.split(" | ")
            bw, m = int(parts[1]), int(parts[2])
            parts[3] = fmt(phy.get((bw, m), float("nan")))
            out[i] = " | ".join(parts)
    out.append("Duty and share of the ceiling coincide here because every frame of a point has "
               "the same airtime; they differ when sizes or rates mix.\n")
    # Same-run ratios
    modes = sorted({k[0] for k in pts})
    if "async" in modes and "sync" in modes:
        out.append("Sync ÷ async goodput, same run, per point: " + ", ".join(
            "%d MHz MCS%d %.2f" % (bw, m, med([x[1] for x in pts[("sync", bw, m)]]) /
                                   med([x[1] for x in pts[("async", bw, m)]]))
            for (mo, bw, m) in sorted(pts) if mo == "async" and ("sync", bw, m) in pts) + ".\n")
    out.append("Where the share of the ceiling falls at high MCS, the limit is the virtual "
               "air, not the driver: the model sleeps until each frame's airtime has ended, "
               "then sends it to the other stations and reserves the medium for the next frame "
               "from *now*, so every frame pays a thread wake-up and a socket send (tens of µs "
               "on this VM) on top of its airtime; at 128 µs frames that gap is a large share. "
               "The driver's own per-frame cost is in section 1.\n")
    plot_duty(pts, plots)
    return pts


def plot_duty(pts, plots):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 4.5))
    styles = {"async": "-", "sync": "--"}
    colors = {20: "tab:blue", 40: "tab:orange", 80: "tab:green"}
    for (mo, bw) in sorted({(k[0], k[1]) for k in pts}):
        ms = sorted(k[2] for k in pts if k[0] == mo and k[1] == bw)
        ys = [100 * med([x[0] for x in pts[(mo, bw, m)]]) for m in ms]
        lo = [100 * min(x[0] for x in pts[(mo, bw, m)]) for m in ms]
        hi = [100 * max(x[0] for x in pts[(mo, bw, m)]) for m in ms]
        ax.errorbar(ms, ys, yerr=[[y - l for y, l in zip(ys, lo)], [h - y for y, h in zip(ys, hi)]],
                    linestyle=styles.get(mo, "-"), color=colors.get(bw), marker="o", capsize=3,
                    label="%s, %d MHz" % (mo, bw))
    ax.set_ylim(0, 105)
    ax.set_xlabel("HT MCS")
    ax.set_ylabel("TX duty: airtime / wall time (%)")
    ax.set_title("TX duty vs MCS over a virtual adapter (median, min–max)", fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(plots["dir"], "duty_vs_mcs.png"), dpi=90)
    plt.close(fig)
    plots["files"].append(("TX duty vs MCS", "duty_vs_mcs.png"))


STAGE_ORDER = ["identify", "power_on", "firmware", "mac", "phy", "monitor", "channel", "total"]


def init_stats(recs):
    st = defaultdict(lambda: {"ms": [], "xfers": [], "bytes": []})
    for r in recs or []:
        if r.get("bench") != "init":
            continue
        s = st[r["stage"]]
        s["ms"].append(r["ms"])
        s["xfers"].append(r["ctrl_transfers"])
        s["bytes"].append(r["ctrl_bytes"])
    return st


def init_table(raw, key, cid, out):
    st = init_stats(raw.get(key))
    if not st:
        return None
    out.append("Command: `%s`\n" % cmd_of(raw, cid))
    out.append("| stage | ms (median, min–max) | control transfers | control bytes | "
               "USB 2.0 floor, ms (transfers × %.0f µs + bytes / %.0f B/µs) |" % (USB2_US_PER_CTRL, USB2_BYTES_PER_US))
    out.append("|---|---|---|---|---|")
    for name in STAGE_ORDER + sorted(set(st) - set(STAGE_ORDER)):
        if name not in st:
            continue
        s = st[name]
        x, b = med(s["xfers"]), med(s["bytes"])
        est = (x * USB2_US_PER_CTRL + b / USB2_BYTES_PER_US) / 1000.0
        lab = "**total**" if name == "total" else name
        out.append("| %s | %s | %.0f | %.0f | %s |" % (lab, mm(s["ms"]), x, b, fmt(est)))
    out.append("")
    return st


def init_section(raw, out, plots):
    out.append("## 3. Bring-up time per init stage\n")
    out.append("From the `DVR_EVENT_INIT_STAGE` events of `dvr_start()` (each carries the stage's "
               "ms, control transfers and control bytes); every repetition is a cold open + start "
               "+ close.\n")
    out.append("### Virtual adapter, in-process transport\n")
    st = init_table(raw, "init", "init", out)
    if st is None:
        out.append("Init bench did not run (see logs/init.stderr).\n")
    out.append("### Virtual adapter over libusb (devourer-vusb, umockdev)\n")
    if init_table(raw, "init_vusb", "init_vusb", out) is None:
        why = next((s["why"] for s in raw.get("skipped", []) if s["what"].startswith("init over libusb")),
                   "the run failed (see logs/init_vusb.stderr)")
        out.append("Skipped: %s.\n" % why)
    out.append(
        "**USB 2.0 estimate.** The virtual bus answers a control transfer in a few µs, so the "
        "virtual times show the driver's own work and the chip's mandated delays (polls, settle "
        "times), not bus cost. On a real USB 2.0 high-speed bus every synchronous register access "
        "is a control transfer whose stages the host schedules in 125 µs microframes (USB 2.0 "
        "specification, 8.4.3.1), and the driver waits for each one before the next: %.0f µs per "
        "transfer is therefore a *lower bound*; payload moves at ≈ %.0f B/µs. The last column "
        "applies that floor to the measured counts; add the virtual stage time for the chip-side "
        "delays.\n" % (USB2_US_PER_CTRL, USB2_BYTES_PER_US))
    if st:
        plot_init(st, plots)
    return st


def plot_init(st, plots):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    names = [n for n in STAGE_ORDER if n in st and n != "total"]
    ms = [med(st[n]["ms"]) for n in names]
    usb = [(med(st[n]["xfers"]) * USB2_US_PER_CTRL + med(st[n]["bytes"]) / USB2_BYTES_PER_US) / 1000.0
           for n in names]
    xf = [med(st[n]["xfers"]) for n in names]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.2))
    y = range(len(names))
    axes[0].barh([i + 0.2 for i in y], ms, height=0.4, label="virtual adapter (measured)")
    axes[0].barh([i - 0.2 for i in y], usb, height=0.4, label="USB 2.0 bus floor (estimate)")
    axes[0].set_yticks(list(y))
    axes[0].set_yticklabels(names)
    axes[0].invert_yaxis()
    axes[0].set_xlabel("ms")
    axes[0].set_title("Init stage time (median)", fontsize=10)
    axes[0].legend(fontsize=8)
    axes[0].grid(True, axis="x", alpha=0.3)
    axes[1].barh(list(y), xf, color="tab:green")
    axes[1].set_yticks(list(y))
    axes[1].set_yticklabels(names)
    axes[1].invert_yaxis()
    axes[1].set_xlabel("control transfers")
    axes[1].set_title("Control transfers per stage", fontsize=10)
    axes[1].grid(True, axis="x", alpha=0.3)
    for i, v in enumerate(xf):
        axes[1].text(v, i, " %d" % v, va="center", fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(plots["dir"], "init_stages.png"), dpi=90)
    plt.close(fig)
    plots["files"].append(("Init stages", "init_stages.png"))


def hw_section(raw, out):
    out.append("## 4. Real adapter\n")
    if not raw.get("hw_init") and not raw.get("hw_duty"):
        why = next((s["why"] for s in raw.get("skipped", []) if s["what"] == "real adapter"), "the runs failed")
        out.append("Skipped: %s. Plug in an RTL8812AU adapter (see README, \"Using a real "
                   "adapter\") and run `bash scripts/bench.sh` again: the same init and duty "
                   "tables appear here for selector `%s`. Contributions of rows welcome: attach "
                   "`results/<stamp>/raw.json`.\n" % (why, raw.get("hw_selector", "usb:…")))
        return
    out.append("Adapter: `%s`\n" % raw.get("hw_selector"))
    if raw.get("hw_init"):
        init_table(raw, "hw_init", "hw_init", out)
    if raw.get("hw_duty"):
        out.append("Command: `%s`\n" % cmd_of(raw, "hw_duty"))
        duty_table(raw["hw_duty"], out, "")


def share_stats(raw):
    """bench/share_cost.c: (µs per packet of one stream, extra µs per packet
    of a second, {shares: (process µs, hub RX threads µs) per frame}, ns
    one more share adds to the hub's RX CPU per frame)."""
    recs = [r for r in raw.get("share") or [] if r.get("bench") == "share_cost"]
    one = {r["rep"]: r for r in recs if r["phase"] == "one" and r.get("sent_a")}
    two = {r["rep"]: r for r in recs if r["phase"] == "two" and r.get("sent_b")}
    if not one:
        return None
    per_one = [r["process_ns"] / r["sent_a"] / 1000.0 for r in one.values()]
    extra = [(two[k]["process_ns"] - one[k]["process_ns"]) / two[k]["sent_b"] / 1000.0
             for k in one if k in two]
    demux = {}
    for r in recs:
        if r["phase"] == "demux" and r.get("heard"):
            d = demux.setdefault(int(r["shares"]), ([], []))
            d[0].append(r["process_ns"] / r["heard"] / 1000.0)
            d[1].append(r.get("hub_threads_ns", 0) / r["heard"] / 1000.0)
    dm = {n: (med(p), med(h)) for n, (p, h) in sorted(demux.items())}
    slope = None
    if len(dm) >= 2:
        xs, ys = list(dm.keys()), [v[1] for v in dm.values()]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        sxx = sum((x - mx) ** 2 for x in xs)
        if sxx:
            slope = 1000.0 * sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    return med(per_one), (med(extra) if extra else None), dm, slope


def share_section(raw, out):
    out.append("## 5. A second stream on one shared adapter\n")
    st = share_stats(raw)
    if not st:
        out.append("Not measured: the run failed (see logs/share.stderr).\n")
        return
    per_one, extra, dm, slope = st
    out.append("Command: `%s`\n" % cmd_of(raw, "share"))
    out.append(
        "Process CPU (every thread, both sides of the link in this process) of WFB-NG streams over "
        "one shared virtual adapter per side (bench/share_cost.c): stream A alone, then A and B "
        "(its own port, keys and FEC, same packet rate) on the same two adapters. The extra cost "
        "per packet of B is the difference of the two runs over B's packets.\n")
    out.append("| measure | median |")
    out.append("|---|---|")
    out.append("| CPU per packet, one stream | %s core-µs |" % fmt(per_one))
    if extra is not None:
        out.append("| extra CPU per packet of a second stream on the same adapters | %s core-µs (%.0f %% of the first) |"
                   % (fmt(extra), 100.0 * extra / per_one if per_one else 0))
    out.append("")
    if dm:
        out.append("RX demultiplexing: a hub adapter with N shares, each matching its own radio "
                   "port; frames of one port. CPU per frame heard, of the whole process (the sender "
                   "and the air included) and of the hub's own RX threads (reap, walk, demultiplex, "
                   "callbacks):\n")
        out.append("| shares | process core-µs per frame | hub RX threads core-µs per frame |")
        out.append("|---|---|---|")
        for n, (p, h) in dm.items():
            out.append("| %d | %s | %s |" % (n, fmt(p), fmt(h)))
        if slope is not None:
            out.append("\nLeast-squares slope of the hub's RX CPU: %s core-ns per frame for each "
                       "share more (compare with the spread between repetitions: a slope inside "
                       "it means the matching is below what this run can resolve).\n" % fmt(slope))
    out.append("")


def link_records(raw):
    """bench/link_bench.c --json: {(k, n, size): record}, reject record."""
    recs = raw.get("link_bench")
    if not isinstance(recs, list):
        return {}, None
    rows = {(int(r["k"]), int(r["n"]), int(r["size"])): r for r in recs if r.get("bench") == "link"}
    rej = next((r for r in recs if r.get("bench") == "link_reject"), None)
    return rows, rej


def link_floor_section(raw, out):
    """Section 1.3: link TX against the AEAD floor, 8/12, from link_bench."""
    rows, _ = link_records(raw)
    kn = sorted(k for k in rows if k[:2] == (8, 12))
    out.append("### 1.3 Link TX against the AEAD floor (link_bench)\n")
    if not kn:
        out.append("Not measured (see logs/link_bench.stderr).\n")
        return
    out.append("Command: `%s`\n" % cmd_of(raw, "link_bench"))
    out.append("ns per input packet at FEC 8/12, best of %d turns; each turn times the floor, the "
               "libsodium floor and the TX path on the same packets one after the other. Floor: "
               "the n/k = 1.5 seals of S+3 bytes (ChaCha20-Poly1305, original construction, "
               "9-byte block header as AD) the TX cannot avoid. The TX with libsodium's AEAD is "
               "derived in this run: TX − libcrypto floor + libsodium floor (the rest of the path "
               "is the same code).\n" % int(rows[kn[0]].get("turns", 0)))
    out.append("| | " + " | ".join("%d B" % k[2] for k in kn) + " |")
    out.append("|---|" + "---|" * len(kn))
    lines = [
        ("AEAD floor, libcrypto (the link's), ns", lambda r: fmt(r["aead_floor_ns"])),
        ("AEAD floor, libsodium (before), ns", lambda r: fmt(r["aead_floor_sodium_ns"])),
        ("libcrypto ÷ libsodium floor", lambda r: fmt(r["aead_floor_ns"] / r["aead_floor_sodium_ns"])),
        ("**link TX, ns**", lambda r: fmt(r["tx_ns"])),
        ("**link TX ÷ AEAD floor (libcrypto)**", lambda r: "%.2f×" % (r["tx_ns"] / r["aead_floor_ns"])),
        ("link TX with libsodium's AEAD (derived), ns", lambda r: fmt(r["tx_before_ns"])),
        ("**link TX now ÷ with libsodium's AEAD**", lambda r: "%.2f×" % (r["tx_ns"] / r["tx_before_ns"])),
    ]
    for label, f in lines:
        out.append("| %s | %s |" % (label, " | ".join(f(rows[k]) for k in kn)))
    out.append("")


def link_appendix(raw, out):
    rows, rej = link_records(raw)
    if not rows:
        if isinstance(raw.get("link_bench"), str):   # a run of the older markdown form
            out.append(raw["link_bench"].strip() + "\n")
        return
    an = next(iter(rows.values())).get("fec_default", "default")
    out.append("| k/n | bytes | memcpy ns | FEC enc %s (default) ns (× memcpy) | FEC enc ISA-L ns (× memcpy) | "
               "FEC enc portable ns (× memcpy) | AEAD 1 frag ns | AEAD floor n/k frags ns | "
               "TX ns (× AEAD floor, × memcpy) | RX ns (× memcpy) | RX 1 loss/block ns (× memcpy) |" % an)
    out.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for k in sorted(rows):
        r = rows[k]
        m = r["memcpy_ns"]
        out.append("| %d/%d | %d | %.1f | %.1f (%.1f×) | %.1f (%.1f×) | %.1f (%.1f×) | %.0f | %.0f | "
                   "%.0f (%.2f×, %.0f×) | %.0f (%.0f×) | %.0f (%.0f×) |"
                   % (k[0], k[1], k[2], m, r["fec_auto_ns"], r["fec_auto_ns"] / m,
                      r["fec_isal_ns"], r["fec_isal_ns"] / m, r["fec_portable_ns"], r["fec_portable_ns"] / m,
                      r["aead_frag_ns"], r["aead_floor_ns"], r["tx_ns"], r["tx_ns"] / r["aead_floor_ns"],
                      r["tx_ns"] / m, r["rx_ns"], r["rx_ns"] / m, r["rx_loss_ns"], r["rx_loss_ns"] / m))
    out.append("\nper input packet; FEC/TX/RX include the n/k expansion; AEAD is the link's (libcrypto)\n")
    if rej:
        out.append("| RX refuses | ns per frame |\n|---|---|")
        out.append("| forged session packet reject | %.0f |" % rej["session_forged_ns"])
        out.append("| forged data fragment (1400 B) reject | %.0f |" % rej["data_forged_ns"])
        out.append("| repeat of the current session packet | %.0f |\n" % rej["session_repeat_ns"])


def summary(raw, c, pts, st):
    """The few lines the README quotes."""
    lines = []
    lines.append("| measure | result (this run) |")
    lines.append("|---|---|")
    if c:
        s = 1500 if 1500 in c.sizes else c.sizes[-1]
        tx = c.m("tx_link", s) + c.m("tx_send", s)
        rx = c.m("rx_walk", s) + c.m("rx_link", s)
        lines.append("| TX host CPU per %d B packet (link + dvr_send) | %s core-µs = %s× memcpy; link TX is %.0f %% of it |"
                     % (s, fmt(tx), fmt(tx / c.m("memcpy", s)), 100 * c.m("tx_link", s) / tx))
        lines.append("| RX host CPU per %d B packet (walk + link RX) | %s core-µs = %s× memcpy; walk+descriptor is %.1f %% of it |"
                     % (s, fmt(rx), fmt(rx / c.m("memcpy", s)), 100 * c.m("rx_walk", s) / rx))
        lines.append("| TX descriptor + radiotap per frame vs link TX per packet (%d B) | %s× |"
                     % (s, fmt((c.m("tx_desc", s) + c.m("tx_radiotap", s)) / c.m("tx_link", s))))
    lrows, _ = link_records(raw)
    lr = lrows.get((8, 12, 1400))
    if lr:
        lines.append("| Link TX per 1400 B packet (8/12, link_bench) ÷ AEAD floor (libcrypto) / ÷ the same TX with libsodium's AEAD | %.2f× (%s vs %s ns) / %.2f× (%s ns before) |"
                     % (lr["tx_ns"] / lr["aead_floor_ns"], fmt(lr["tx_ns"]), fmt(lr["aead_floor_ns"]),
                        lr["tx_ns"] / lr["tx_before_ns"], fmt(lr["tx_before_ns"])))
    if c:
        g = getattr(c, "gst", None)
        if g and s in g.sizes:
            gcg = gst_callgrind(raw)
            parts = []
            for d in ("tx", "rx"):
                a_, b_ = gcg.get((d + "_gst", s)), gcg.get((d + "_lib", s))
                parts.append("%s core-µs = %.0f %% of the element path%s" % (
                    fmt(g.own_m(d, s)), 100 * g.own_m(d, s) / g.m(d + "_gst", s),
                    "; %.0f instructions (%.0f %%)" % (a_ - b_, 100 * (a_ - b_) / a_) if a_ and b_ else ""))
            lines.append("| GStreamer stage's own CPU per %d B packet (element path − library path, live, same run): TX appsrc ! devourersink / RX devourersrc streaming-rx=false ! appsink | %s / %s |"
                         % (s, parts[0], parts[1]))
            if g.own_pad.get(("tx_pad", s)) and g.own_pad.get(("tx_list", s)):
                pad = []
                for stage in ("tx_pad", "tx_list"):
                    a_, b_ = gcg.get((stage, s)), gcg.get(("tx_lib", s))
                    pad.append("%s core-µs%s" % (fmt(g.own_pad_m(stage, s)),
                               "; %.0f instructions" % (a_ - b_) if a_ and b_ else ""))
                lines.append("| TX GStreamer stage's own CPU per %d B packet, the camera's path (upstream pushes into devourersink in its own thread, as rtph264pay; no queue thread): single buffers / buffer lists of 8 (appsrc, above: %s core-µs) | %s / %s |"
                             % (s, fmt(g.own_m("tx", s)), pad[0], pad[1]))
            if g.own.get(("rx_pump", s)):
                a_, b_ = gcg.get(("rx_pump", s)), gcg.get((pump_base(gcg, s), s))
                pad = ""
                if g.own.get(("rx_pump_pad", s)):
                    pa_ = gcg.get(("rx_pump_pad", s))
                    pad = "; into a pad's chain (a depayloader's place, no appsink): %s core-µs%s" % (
                        fmt(g.own_m("rx_pump_pad", s)),
                        ", %.0f instructions" % (pa_ - b_) if pa_ and b_ else "")
                lines.append("| RX GStreamer stage's own CPU per %d B packet, devourersrc as by default (streaming-rx=true: its streaming thread pumps the adapter) vs streaming-rx=false (the driver thread hands off), same run | into appsink: %s core-µs = %.0f %% of the element path%s%s vs %s core-µs |"
                             % (s, fmt(g.own_m("rx_pump", s)), 100 * g.own_m("rx_pump", s) / g.m("rx_pump", s),
                                "; %.0f instructions (%.0f %%)" % (a_ - b_, 100 * (a_ - b_) / a_) if a_ and b_ else "",
                                pad, fmt(g.own_m("rx", s))))
    sh = share_stats(raw)
    if sh and sh[1] is not None:
        lines.append("| CPU per packet of a stream over one shared adapter per side / extra per packet of a second stream on the same adapters | %s / %s core-µs |"
                     % (fmt(sh[0]), fmt(sh[1])))
    lat = gst_latency(raw)
    if "defaults" in lat and "sync-false" in lat:
        lines.append("| One-way latency through both elements (virtual air), median / p99: default sinks / sync=false | %s / %s ms; %s / %s ms |"
                     % (fmt(lat["defaults"][0]), fmt(lat["defaults"][1]),
                        fmt(lat["sync-false"][0]), fmt(lat["sync-false"][1])))
    if pts:
        def d(mo, bw, m):
            v = pts.get((mo, bw, m))
            return 100 * med([x[0] for x in v]) if v else float("nan")
        lines.append("| TX duty, async, 20 MHz: MCS0 / MCS7 | %.0f %% / %.0f %% |" % (d("async", 20, 0), d("async", 20, 7)))
        lines.append("| TX duty, sync, 20 MHz: MCS0 / MCS7 | %.0f %% / %.0f %% |" % (d("sync", 20, 0), d("sync", 20, 7)))
    cpu = agg_cpu(raw)
    if cpu.get((AGG_STAGES[0], 1500)) and cpu.get((AGG_STAGES[1], 1500)):
        a_ = med([x[1] for x in cpu[(AGG_STAGES[1], 1500)]])
        b_ = med([x[1] for x in cpu[(AGG_STAGES[0], 1500)]])
        lines.append("| USB TX aggregation, RTL8822CU async, 1500 B: process CPU per packet one frame per transfer / aggregated | %s / %s core-µs (%.2f×, %s frames per transfer) |"
                     % (fmt(b_), fmt(a_), a_ / b_, fmt(med([x[2] for x in cpu[(AGG_STAGES[1], 1500)]]))))
    if st and "total" in st:
        x = med(st["total"]["xfers"])
        lines.append("| Bring-up (virtual): total / control transfers | %s ms / %.0f transfers (%.0f KiB) → ≥ %s ms on USB 2.0 |"
                     % (fmt(med(st["total"]["ms"])), x, med(st["total"]["bytes"]) / 1024,
                        fmt((x * USB2_US_PER_CTRL + med(st["total"]["bytes"]) / USB2_BYTES_PER_US) / 1000.0)))
        sv = init_stats(raw.get("init_vusb"))
        if "total" in sv:
            lines.append("| Bring-up over libusb (devourer-vusb) ÷ in-process, same run | %s× (%s ms vs %s ms) |"
                         % (fmt(med(sv["total"]["ms"]) / med(st["total"]["ms"])),
                            fmt(med(sv["total"]["ms"])), fmt(med(st["total"]["ms"]))))
        slow = max((n for n in st if n != "total"), key=lambda n: med(st[n]["ms"]))
        lines.append("| Slowest init stage (virtual) | %s: %s ms of %s |" % (slow, fmt(med(st[slow]["ms"])),
                                                                           fmt(med(st["total"]["ms"]))))
    return lines


AGG_STAGES = ("tx_send_8822c", "tx_send_8822c_agg")


def agg_cpu(raw):
    """{(stage, size): [(thread us/packet, process us/packet, frames per
    transfer)]} of the RTL8822CU dvr_send stages of cpu_stages."""
    out = defaultdict(list)
    for r in raw.get("cpu") or []:
        if r.get("bench") != "cpu" or r.get("stage") not in AGG_STAGES:
            continue
        n = r["packets"]
        if n <= 0 or not r.get("transfers"):
            continue
        out[(r["stage"], r["size"])].append((r["thread_ns"] / n / 1000.0,
                                             r["process_ns"] / n / 1000.0,
                                             r["check"] / r["transfers"]))
    return out


def agg_duty(raw):
    """{(mode, agg, bw, mcs): [(duty, process us/frame, frames per
    transfer, caller thread us/frame)]} of the duty_agg run."""
    pts = defaultdict(list)
    for r in raw.get("duty_agg") or []:
        if r.get("bench") != "duty" or r["wall_ns"] <= 0 or not r["completed"]:
            continue
        wall_us = r["wall_ns"] / 1000.0
        pts[(r["mode"], r.get("agg", "off"), r["bw"], r["mcs"])].append((
            r["airtime_us"] / wall_us, r["process_ns"] / r["completed"] / 1000.0,
            r["completed"] / max(r.get("transfers", 0), 1),
            r["thread_ns"] / r["completed"] / 1000.0))
    return pts


def agg_section(raw, out):
    """USB TX aggregation on the RTL8822CU: CPU per packet (cpu_stages'
    dvr_send stages) and duty (tx_duty --agg) without and with it."""
    out.append("## 7. USB TX aggregation (RTL8822CU, async)\n")
    cpu = agg_cpu(raw)
    if not cpu and not raw.get("duty_agg"):
        out.append("Not measured (cpu_stages without its RTL8822CU stages, duty_agg did not run).\n")
        return
    out.append(
        "Up to 3 frames per bulk OUT while transfers are in flight (`dvr_config.tx_agg`, "
        "devourersink `tx-aggregation`). Over a virtual RTL8822CU both measures include the "
        "virtual transport's OUT worker and the chip model (in-process); the caller thread is "
        "the driver's submit path alone. On a real adapter a transfer costs a URB submitted and "
        "reaped (two ioctls) and a wake-up of libusb's event thread, which the virtual "
        "transport's hand-off to its worker stands in for; the model's own work per transfer "
        "is silicon there.\n")
    sizes = sorted({k[1] for k in cpu})
    if sizes:
        out.append("Command: `%s` (stages `tx_send_8822c`, `tx_send_8822c_agg`: every frame of "
                   "the size's stream through `dvr_send`, flushed; HT MCS7 40 MHz short GI, FEC "
                   "8/12, so 1.5 frames per packet). Core-µs per input packet, median (min–max) "
                   "over repetitions; frames per transfer from `dvr_tx_stats.transfers`.\n"
                   % cmd_of(raw, "cpu"))
        out.append("| measure | " + " | ".join("%d B" % x for x in sizes) + " |")
        out.append("|---|" + "---|" * len(sizes))
        for label, i, st in (("caller thread, one frame per transfer", 0, AGG_STAGES[0]),
                             ("caller thread, aggregated", 0, AGG_STAGES[1]),
                             ("whole process, one frame per transfer", 1, AGG_STAGES[0]),
                             ("whole process, aggregated", 1, AGG_STAGES[1]),
                             ("frames per transfer, aggregated", 2, AGG_STAGES[1])):
            out.append("| %s | %s |" % (label, " | ".join(
                mm([x[i] for x in cpu.get((st, z), [])]) for z in sizes)))
        for label, i in (("**aggregated ÷ one per transfer, caller thread**", 0),
                         ("**aggregated ÷ one per transfer, whole process**", 1)):
            out.append("| %s | %s |" % (label, " | ".join(
                "%.2f" % (med([x[i] for x in cpu.get((AGG_STAGES[1], z), [])]) /
                          med([x[i] for x in cpu.get((AGG_STAGES[0], z), [])]))
                if cpu.get((AGG_STAGES[0], z)) and cpu.get((AGG_STAGES[1], z)) else "–"
                for z in sizes)))
        cg = raw.get("callgrind") or {}
        div = {"%s %d" % (r["stage"], r["size"]): r["packets"]
               for r in raw.get("callgrind_run") or [] if r.get("bench") == "cpu"}
        if any("%s %d" % (st, z) in cg for st in AGG_STAGES for z in sizes):
            for st, label in ((AGG_STAGES[0], "instructions, one frame per transfer (every thread)"),
                              (AGG_STAGES[1], "instructions, aggregated (every thread)")):
                out.append("| %s | %s |" % (label, " | ".join(
                    "%.0f" % (cg["%s %d" % (st, z)] / div["%s %d" % (st, z)])
                    if "%s %d" % (st, z) in cg and div.get("%s %d" % (st, z)) else "–"
                    for z in sizes)))
        out.append("")
    pts = agg_duty(raw)
    if pts:
        out.append("Command: `%s` — tx_duty's steady-state window as in section 2, on a virtual "
                   "RTL8822CU, each async point without and with aggregation (sync for "
                   "reference). Median (min–max) over repetitions.\n" % cmd_of(raw, "duty_agg"))
        out.append("| mode | aggregation | bw | MCS | duty | process core-µs/frame | caller thread core-µs/frame | frames per transfer |")
        out.append("|---|---|---|---|---|---|---|---|")
        for k in sorted(pts, key=lambda k: (k[2], k[3], k[0], k[1])):
            v = pts[k]
            out.append("| %s | %s | %d | %d | %s %% | %s | %s | %s |" % (
                k[0], k[1], k[2], k[3], mm([100 * x[0] for x in v]), mm([x[1] for x in v]),
                mm([x[3] for x in v]), mm([x[2] for x in v])))
        out.append("")


def airtime_section(raw, out):
    """bench/airtime.c: radio frames and airtime per video frame, fixed
    and fit FEC policies, against the lower bound p + (n-k)."""
    recs = [r for r in raw.get("airtime") or [] if r.get("bench") == "airtime"]
    out.append("## 6. Airtime per video frame: FEC policies against the bound\n")
    if not recs:
        out.append("Not measured: the run failed (see logs/airtime.stderr).\n")
        return
    out.append("Command: `%s`\n" % cmd_of(raw, "airtime"))
    out.append(
        "Every radio frame the link emits for a video frame of p 1400-byte packets closed "
        "by the marker (`dvr_link_tx_flush`), counted in its frame callback; airtime = "
        "`dvr_airtime_us` of each (PSDU = 802.11 frame + FCS, HT 20 MHz long GI, preamble "
        "included, no channel access). Bound = the fewest frames that keep the guarantee "
        "both policies give (any n-k of a frame's radio frames lost): p data + (n-k) "
        "parity, no fillers, no announcements. Loss check: n-k of every block's frames "
        "(with the announcements sent for it) dropped at random before `dvr_link_rx`; "
        "`ok` = every packet delivered, in order. Mixes: `mix-issue` = an I-frame of 30 "
        "packets every 30 frames, P-frames of 2..6; `mix-4mbit` = I 60, P 8..12 (3.9 Mbit/s "
        "at 30 fps).\n")
    out.append("| FEC | frame (packets) | radio frames fixed / fit / bound | µs MCS3 fixed / fit / bound | µs MCS7 fixed / fit / bound | fit re-keys | loss check |")
    out.append("|---|---|---|---|---|---|---|")
    by = {}
    for r in recs:
        by[(r["fec"], r["frames"], r["policy"])] = r
    seen = []
    for r in recs:
        key = (r["fec"], r["frames"])
        if key in seen:
            continue
        seen.append(key)
        f, t = by.get(key + ("fixed",)), by.get(key + ("fit",))
        if not f or not t:
            continue
        pf, pt = f["per_frame"], t["per_frame"]
        out.append("| %s | %s | %.2f / %.2f / %.2f | %.0f / %.0f / %.0f | %.0f / %.0f / %.0f | %d in %d | %s |" % (
            key[0], key[1], pf["radio_frames"], pt["radio_frames"], pf["bound_frames"],
            pf["air_us_mcs3"], pt["air_us_mcs3"], pf["bound_us_mcs3"],
            pf["air_us_mcs7"], pt["air_us_mcs7"], pf["bound_us_mcs7"],
            t["rekeys"], t["video_frames"],
            "ok" if f["ok"] and t["ok"] else "LOST PACKETS"))
    out.append("")


# Full channel set against the reference driver's cached fast retune, on
# hardware, and what one synchronous control transfer took on that chip
# (OpenIPC devourer docs/frequency-hopping.md, "The ports": "USB op
# cost"), in ms.
REFERENCE_RETUNE_MS = {
    "RTL8812AU": (277.0, 1.6, 0.8),
    "RTL8822BU/RTL8812BU": (65.0, 2.5, 1.0),
    "RTL8821CU/RTL8811CU": (30.0, 0.55, 0.5),
    "RTL8822CU/RTL8812CU": (12.0, 1.9, 0.21),
    "RTL8812EU/RTL8822EU": (12.0, 2.4, 0.27),
}


def retune_section(raw, out):
    """bench/retune_cost.c: a full channel set against a hop, per chip."""
    recs = [r for r in raw.get("retune") or [] if r.get("bench") == "retune"]
    out.append("## 9. Channel changes: a full set against a hop\n")
    if not recs:
        out.append("Not measured: the run failed (see logs/retune.stderr).\n")
        return
    out.append("Command: `%s`\n" % cmd_of(raw, "retune"))
    out.append(
        "Each chip on a virtual adapter at a fixed 13 dBm: the first visit of a channel is a "
        "full set, every later move within the band and bandwidth a hop (`DVR_EVENT_CHANNEL` "
        "says which; pairs 6-8, 36-40, 132-136, each within one EFUSE power group). Bus = "
        "the control transfers at one 125 µs USB 2.0 microframe each, bytes at %.0f B/µs, "
        "plus the settle time the chip asked for: a floor for a real bus. The hop's bus is the "
        "move's own; the TX power words written after it (where the chip's regulatory limit "
        "differs between the two channels) are counted apart. Model = the wall "
        "time of `dvr_set_channel` on the virtual adapter (its transfers are µs, so this is "
        "the driver's own work and waits). Reference = OpenIPC devourer's full set and "
        "cached fast retune on hardware (docs/frequency-hopping.md); \"at its op cost\" = our hop's "
        "transfers at the time one control transfer took on that chip there, what our hop "
        "would cost on its hardware. Goal: a hop within 1 ms of bus.\n"
        % USB2_BYTES_PER_US)
    out.append("| chip | full set: transfers / bus ms / model ms | hop: transfers / bus µs / model µs "
               "| TX power after a hop: transfers (max) | reference full / fast (ms, hardware) "
               "| our hop at its op cost (ms) | hop within 1 ms |")
    out.append("|---|---|---|---|---|---|---|")
    chips = []
    for r in recs:
        if r["chip"] not in chips:
            chips.append(r["chip"])

    def bus_us(r):
        return r["ctrl_transfers"] * USB2_US_PER_CTRL + r["ctrl_bytes"] / USB2_BYTES_PER_US + r["delay_us"]

    def move(r):
        # the move alone: without the power words (4 data bytes each)
        p = r.get("power_transfers", 0)
        return dict(r, ctrl_transfers=r["ctrl_transfers"] - p, ctrl_bytes=r["ctrl_bytes"] - 4 * p)
    for chip in chips:
        full = [r for r in recs if r["chip"] == chip and r["kind"] == "full"]
        hop = [move(r) for r in recs if r["chip"] == chip and r["kind"] == "hop"]
        power = [r.get("power_transfers", 0) for r in recs if r["chip"] == chip and r["kind"] == "hop"]
        ref = REFERENCE_RETUNE_MS.get(chip)
        f = "%.0f / %.1f / %.1f" % (med([r["ctrl_transfers"] for r in full]),
                                    med([bus_us(r) for r in full]) / 1000,
                                    med([r["wall_ns"] for r in full]) / 1e6) if full else "–"
        h = "%.0f / %.0f / %.0f" % (med([r["ctrl_transfers"] for r in hop]),
                                    med([bus_us(r) for r in hop]),
                                    med([r["wall_ns"] for r in hop]) / 1e3) if hop else "no hop"
        at_op = "%.2f" % (med([r["ctrl_transfers"] for r in hop]) * ref[2]) if ref and hop else "–"
        ok = "yes" if hop and max(bus_us(r) for r in hop) <= 1000 else "no"
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            chip, f, h, "%d" % max(power) if power else "–",
            "%g / %g" % ref[:2] if ref else "–", at_op, ok))
    out.append("")


def flight_section(raw, outdir, out):
    """bench/adapt_flight.py: the adaptive link against fixed MCS 1 and
    MCS 5 over a scripted flight; its own module renders the tables and
    the plot."""
    out.append("## 8. Adaptive link over a flight (real H.264)\n")
    recs = [r for r in raw.get("adapt_flight") or [] if r.get("bench") == "adapt_flight"]
    if not recs:
        why = [s["why"] for s in raw.get("skipped", []) if s["what"] == "adaptive link flight"]
        out.append("Not measured: %s.\n" % (why[0] if why else
                                            "the run failed (see logs/adapt_flight.stderr)"))
        return
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import adapt_flight
    out.append("Command: `%s` — the first flight's two processes: `%s`. Counting rules: bench/README.md, "
               "\"adapt_flight\".\n" % (cmd_of(raw, "adapt_flight"), recs[0]["cmd"]))
    if adapt_flight.plot(recs, os.path.join(outdir, "adapt_flight.png")):
        out.append("![adaptive link over a flight](adapt_flight.png)\n")
    out += adapt_flight.markdown(recs)


def jammer_section(raw, outdir, out):
    """bench/hop_jammer.py: video against a jammer, fixed and hopping."""
    out.append("## 10. Video against a jammer: fixed channel and hopping (real H.264)\n")
    recs = [r for r in raw.get("hop_jammer") or [] if r.get("bench") == "hop_jammer"]
    if not recs:
        why = [s["why"] for s in raw.get("skipped", []) if s["what"] == "jammer runs"]
        out.append("Not measured: %s.\n" % (why[0] if why else
                                            "the run failed (see logs/hop_jammer.stderr)"))
        return
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import hop_jammer
    out.append("Command: `%s` — the hopping run's processes: `%s`.\n" % (
        cmd_of(raw, "hop_jammer"), recs[-1]["cmd"]))
    out += hop_jammer.markdown(recs)
    out.append("")


def main():
    path = sys.argv[1]
    with open(path) as f:
        raw = json.load(f)
    outdir = os.path.dirname(os.path.abspath(path))
    plots = {"dir": outdir, "files": []}
    body = []
    c = cpu_section(raw, body, plots)
    pts = duty_section(raw, body, plots)
    st = init_section(raw, body, plots)
    hw_section(raw, body)
    share_section(raw, body)
    airtime_section(raw, body)
    agg_section(raw, body)
    flight_section(raw, outdir, body)
    retune_section(raw, body)
    jammer_section(raw, outdir, body)

    h = raw.get("host", {})
    out = ["# devourer benchmark report\n",
           "Host: %s, %s CPUs, Linux %s; commit %s; %s. Whole run: %s s%s.\n" % (
               h.get("cpu", "?"), h.get("cpus", "?"), h.get("kernel", "?"), h.get("commit", "?"),
               h.get("date", "?"), raw.get("seconds", "?"), " (--quick)" if raw.get("quick") else ""),
           "Times on a shared VM are noisy: read the ratios, which compare stages measured in the "
           "same run, and the instruction counts, which repeat. Every table names its command; "
           "`raw.json` holds every repetition and `logs/` each command's output.\n",
           "## Summary\n"]
    out += summary(raw, c, pts, st)
    out.append("")
    for title, fn in plots["files"]:
        out.append("![%s](%s)\n" % (title, fn))
    out += body
    if raw.get("link_bench"):
        out.append("## Appendix: link layer detail (link_bench)\n")
        out.append("Command: `%s`\n" % cmd_of(raw, "link_bench"))
        link_appendix(raw, out)
    out.append("## Commands\n")
    out.append("| id | command | seconds | exit |")
    out.append("|---|---|---|---|")
    for cmd in raw.get("commands", []):
        out.append("| %s | `%s` | %s | %s |" % (cmd["id"], cmd["cmd"].replace("|", "\\|"),
                                                 cmd["seconds"], cmd["status"]))
    if raw.get("skipped"):
        out.append("\nSkipped: " + "; ".join("%s — %s" % (s["what"], s["why"]) for s in raw["skipped"]) + ".")
    out.append("")
    with open(os.path.join(outdir, "report.md"), "w") as f:
        f.write("\n".join(out))
    with open(os.path.join(outdir, "summary.md"), "w") as f:
        f.write("\n".join(summary(raw, c, pts, st)) + "\n")


if __name__ == "__main__":
    main()
