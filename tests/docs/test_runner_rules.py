#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The docs runner's own rules (tests/docs/run_readme.py), without running
any radio: what it substitutes, what it refuses, how it pairs processes and
reads their output. A runner that silently accepted a command it cannot
run would make docs_readmes pass for nothing."""

import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_readme as rr  # noqa: E402

from checks import check, failures  # noqa: E402


def refused(fn):
    try:
        fn()
    except rr.Unrunnable:
        return True
    return False


def plan(text, env):
    block = rr.Block("x.md", 1, text)
    return rr.plan_block(block, env, env["PWD"], set(), "t")[1]


scratch = tempfile.mkdtemp(prefix="devourer-docs-rules-")
os.environ["TMPDIR"] = scratch
env = dict(os.environ, PWD=scratch, DEVOURER_AIR_DIR=os.path.join(scratch, "air"))

# statements
st = rr.split_statements("a one \\\n  two # note; not a statement\nb & c; sleep 1\n")
check(st == [("a one two", False), ("b", True), ("c", False), ("sleep 1", False)],
      f"statements: continuation joined, comment dropped, & and ; split: {st}")
check(refused(lambda: rr.split_statements("a | b\n")), "a shell pipe is refused")
check(refused(lambda: rr.split_statements("a 'b\n")), "an unbalanced quote is refused")

# a ground gst-launch pipeline as printed for hardware
rw = rr.Rewriter("t")
p = rr.classify(["gst-launch-1.0", "devourersrc", "password=x", "!", "rtph264depay",
                 "!", "autovideosink"], {}, rw)
check(p.role == "rx", "devourersrc makes a receiver")
check("-e" in p.argv and "-v" in p.argv, f"the receiver ends on SIGINT with EOS and prints buffers: {p.argv}")
check(any(a.startswith("device=virtual:") for a in p.argv), f"no device -> a virtual adapter: {p.argv}")
check("autovideosink" not in p.argv and p.argv[-3:] == ["fakesink", "name=docs_sink", "silent=false"],
      f"the screen becomes a counting fakesink: {p.argv}")
check(p.count("/GstPipeline:pipeline0/GstFakeSink:docs_sink: last-message = chain   ***\n") == 1
      and p.count("nothing") == 0, "the receiver counts the buffers its last element got")

p = rr.classify(["gst-launch-1.0", "v4l2src", "device=/dev/video0", "!", "x264enc", "!",
                 "devourersink", "device=usb:0bda:8812#1"], {}, rw)
check(p.role == "tx" and p.argv[1:4] == ["videotestsrc", "is-live=true", f"num-buffers={rr.VIDEO_FRAMES}"],
      f"a camera becomes a bounded live test pattern: {p.argv}")
check("device=usb:0bda:8812#1" not in p.argv and any(a.startswith("device=virtual:") for a in p.argv),
      f"a usb: selector -> a virtual adapter: {p.argv}")

p = rr.classify(["gst-launch-1.0", "audiotestsrc", "!", "devourersink", "device=virtual:mine,loss=0.1"], {}, rw)
check("device=virtual:mine,loss=0.1" in p.argv, "a printed virtual adapter stays as printed")
check(f"num-buffers={rr.AUDIO_BUFFERS}" in p.argv, "an endless test source gets num-buffers")

# fpsdisplaysink: the headless form stays as printed, a display inside it
# becomes fakesink, and the ground is judged by the frames it reports
p = rr.classify(["gst-launch-1.0", "devourersrc", "device=virtual:g", "password=x", "!",
                 "fpsdisplaysink", "video-sink=fakesink", "text-overlay=false"], {}, rw)
check(p.role == "rx" and p.argv[-4:] == ["fpsdisplaysink", "video-sink=fakesink",
                                         "text-overlay=false", "name=docs_sink"],
      f"a headless fpsdisplaysink runs as printed: {p.argv}")
check(p.count("/GstPipeline:pipeline0/GstFPSDisplaySink:docs_sink: last-message = "
              "rendered: 3, dropped: 0, current: 5.98, average: 5.98\n"
              "/GstPipeline:pipeline0/GstFPSDisplaySink:docs_sink: last-message = "
              "rendered: 18, dropped: 0, current: 29.97, average: 17.80\n") == 18
      and p.count("Setting pipeline to PLAYING\n") == 0,
      "fpsdisplaysink's receiver counts the frames it last reported")
for shown in (["fpsdisplaysink"], ["fpsdisplaysink", "video-sink=xvimagesink", "silent=true"]):
    p = rr.classify(["gst-launch-1.0", "devourersrc", "password=x", "!"] + shown, {}, rw)
    tail = p.argv[p.argv.index("fpsdisplaysink"):]
    check("video-sink=fakesink" in tail and "text-overlay=false" in tail
          and not any(t.startswith("silent=") or t == "video-sink=xvimagesink" for t in tail),
          f"fpsdisplaysink's screen becomes fakesink, its reports stay on: {tail}")
check(refused(lambda: rr.classify(["gst-launch-1.0", "devourersrc", "password=x", "!",
                                   "filesink", "location=x"], {}, rw)),
      "a receiver ending in a sink it cannot count is refused")

p = rr.classify(["x/devourer-vusb", "--adapter", "g", "--", "gst-launch-1.0", "devourersrc",
                 "device=auto", "!", "fakesink"], {}, rw)
check("device=auto" in p.argv and p.role == "rx",
      f"under devourer-vusb 'auto' stays: the launcher plugs the adapter in: {p.argv}")

p = rr.classify(["build/examples/busmon", "-t", "5", "devourersrc ! fakesink name=s"], {}, rw)
check(p.argv[-3:-1] == ["-c", "s"], f"a busmon receiver counts at its last element: {p.argv}")
check(p.drained("rx-stats 12 pkts\nrx-stats      0 pkts\n") and not p.drained("rx-stats 3 pkts\n"),
      "busmon's receiver has drained once packets came and then stopped")
check(p.count("s received 7 buffers\n") == 7, "busmon's closing count is read")

p = rr.classify(["build/examples/rxdemo", "-d", "auto", "-c", "36"], {}, rw)
check(p.role == "rx" and p.argv[2].startswith("virtual:"), f"rxdemo -d auto -> virtual: {p.argv}")
check(p.count("rxdemo: frames=3 bytes=9 crc=0 malformed=0 valid=3 invalid=0 rssi=-40\n") == 3
      and p.count("rxdemo: valid=5 invalid=0 other=0\n") == 5, "rxdemo's counts are read")

p = rr.classify(["bash", "examples/drone.sh"], {"PASSWORD": "x"}, rw)
check(p.role == "tx" and p.env["DEVICE"].startswith("virtual:") and p.env["FRAMES"] != "0",
      f"drone.sh gets a virtual adapter and an end: {p.env}")

p = rr.classify(["bash", "examples/drone_telemetry.sh"], {"PASSWORD": "x"}, rw)
check(p.role == "tx" and p.env["DEVICE"].startswith("virtual:") and p.env["FRAMES"] != "0",
      f"drone_telemetry.sh gets a virtual adapter and an end: {p.env}")
p = rr.classify(["bash", "examples/ground_telemetry.sh"], {"PASSWORD": "x"}, rw)
check(p.role == "rx" and p.env["DEVICE"].startswith("virtual:") and p.env["SINK"] == "fakesink",
      f"ground_telemetry.sh gets a virtual adapter and no screen: {p.env}")
check(not p.drained("   1.0 radio          rx-stats     12 pkts\n"
                    "   1.1 mavlink-down   rx-stats      0 pkts\n")
      and p.drained("   1.0 radio          rx-stats     12 pkts\n"
                    "   2.0 radio          rx-stats      0 pkts\n"),
      "ground_telemetry.sh has drained when its video source says so, not its telemetry's")

check(refused(lambda: rr.classify(["frobnicate", "--now"], {}, rw)), "an unknown program is refused")
check(refused(lambda: plan(" gst/  the plugin\n libdevourer/  the driver\n", env)),
      "a bare block that is not a command is refused (prose is fenced as text)")

groups = plan("gst-launch-1.0 v4l2src ! devourersink password=s\n"
              "gst-launch-1.0 devourersrc password=s ! fakesink\n", env)
check(len(groups) == 1 and sorted(q.role for q in groups[0][1]) == ["rx", "tx"],
      "a printed drone and ground run as one pair")
groups = plan("build/examples/rxdemo\nbuild/examples/txdemo\n"
              "build/examples/rxdemo\nbuild/examples/txdemo\n", env)
check(len(groups) == 2, "two printed pairs run as two pairs")
check(refused(lambda: plan("meson devenv -C build gst-inspect-1.0 devourersink\n", env)),
      "meson devenv with a command on the same line is refused (print the shell, then the commands)")
check(refused(lambda: plan("meson devenv\n", env)), "meson devenv without -C is refused")

groups = plan("export DEVOURER_AIR_DIR=/tmp/air\nbash scripts/test.sh\n", env)
check(groups[0][0] == "exempt", "an exempt command is not run and says where it is covered")

shutil.rmtree(scratch)
print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
