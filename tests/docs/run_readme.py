#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Runs every command the project's Markdown files print.

Every fenced block of every *.md in the source tree is either run or
accounted for:

  ```text (and code listings: ```c, ```json ...)  prose, never run
  ```sh, ```bash, ```shell, bare ```              commands, run here

A command block is split into statements. Environment statements (export,
plain assignments) are evaluated by bash and apply to the statements after
them; `sleep` and `wait` are dropped (this runner waits on conditions); every
other statement is a program this runner knows how to make self-contained,
or one of EXEMPT (each naming the test that covers it). Anything else fails
the test, so a new printed command cannot go unrun.

What is substituted, and only this: an adapter selector that names hardware
(`auto`, `usb:...`, none at all) becomes a `virtual:` adapter on a private
air (the block's DEVOURER_AIR_DIR is private, whatever it exports); `v4l2src` becomes a live test pattern; a display sink becomes
`fakesink` (`fpsdisplaysink`'s own display too: `video-sink=fakesink`); a
source that would run forever gets num-buffers. A program
that runs until Ctrl-C is stopped with SIGINT once its peer has finished.

`meson devenv -C DIR` on a line of its own is the shell a user opens
before typing what follows: the block's later statements run in the
environment and the directory that command gives (read by running
`meson devenv -C DIR env -0`), with this test's own GST_PLUGIN_PATH and
DEVOURER_FIRMWARE_DIR removed first, so they prove the developer
environment alone finds the plugin and the firmware.

Processes of one block are grouped as they are printed: a group holds at
most one receiver (devourersrc, rxdemo, ground.sh, ground_telemetry.sh)
and one sender (devourersink, txdemo, drone.sh, drone_telemetry.sh). Its
receiver starts first; once it is up the sender runs to its end; the
receiver must then report what it received
(buffers at its last element, or frames rxdemo recognised) before it is
stopped. Every process must exit 0.

The commands run in a scratch directory that looks like the checkout (each
top-level entry a symlink into the source tree, `build` the build tree under
test), so printed paths such as build/examples/... and examples/ground.sh
resolve as they do for a user, and files they write stay in the scratch.

usage: run_readme.py --source DIR --build DIR [--list] [FILE.md ...]
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

# Printed commands covered elsewhere: the statement, as printed (comment
# stripped, blanks collapsed) -> where it is covered. One that no document
# prints any more fails the test too, so this list cannot rot.
EXEMPT = {
    "bash scripts/demo.sh":
        "test docs_demo runs the demo (fewer frames) and checks its PNG",
    "bash scripts/test.sh":
        "the test command itself: CI runs it, and this test is one of its tests",
    "bash scripts/bench.sh":
        "builds a release tree and measures for minutes; its programs run "
        "as meson benchmarks (bench/meson.build)",
    "bash scripts/bench.sh --quick":
        "as bash scripts/bench.sh",
    "bash scripts/cross.sh":
        "the ARM stage: scripts/test.sh runs it (cross builds, tests under "
        "qemu-user)",
    "bash scripts/cross.sh --bench":
        "as bash scripts/cross.sh, plus instruction counts under qemu "
        "(minutes)",
    "sudo build/examples/devourer-tun -i gs-wfb -a 10.5.0.1/24":
        "test examples_tunnel runs it, and its drone twin, with the TUNNEL=1 "
        "scripts in a network namespace per side (a TUN interface here "
        "would be the host's) and pings across",
    "sudo build/examples/devourer-tun -i drone-wfb -a 10.5.0.2/24":
        "as the ground's devourer-tun (test examples_tunnel)",
    "bash scripts/fresh_check.sh":
        "builds a bare Debian root and runs the README's two commands in it "
        "(some 35 minutes, run by hand before a change to packages, scripts "
        "or the build); test docs_fresh_check_plan checks it runs exactly "
        "the commands the README prints",
    "scripts/soak.sh --minutes 5 --rate 1000 --loss 0.05":
        "test soak runs this very command, shortened by DEVOURER_SOAK_SECONDS",
}

COMMAND_LANGS = {"", "sh", "bash", "shell", "console"}
PROSE_LANGS = {"text", "c", "h", "json", "diff", "ini", "yaml", "xml",
               "python", "meson", "make"}

# What `meson devenv` provides (meson.build, add_devenv): a block that
# opens it must not lean on the test's own values.
DEVENV_PROVIDES = ("GST_PLUGIN_PATH", "DEVOURER_FIRMWARE_DIR")

DISPLAY_SINKS = {"autovideosink", "autoaudiosink", "xvimagesink",
                 "ximagesink", "glimagesink", "waylandsink", "kmssink",
                 "fbdevsink", "alsasink", "pulsesink"}
UNBOUNDED_SOURCES = {"videotestsrc", "audiotestsrc"}
VIDEO_FRAMES = 60          # 2 s at 30 fps
AUDIO_BUFFERS = 100        # ~2.3 s of audiotestsrc's 1024-sample buffers
READY_TIMEOUT = 90         # a sanitized bring-up on a loaded machine
SENDER_TIMEOUT = 240
RECEIVE_TIMEOUT = 60


class Unrunnable(Exception):
    """A printed command this runner does not know how to run."""


# ---------------------------------------------------------------- parsing

def find_docs(source):
    # The project's own documents are what git tracks: a walk would also
    # read whatever lies in the checkout (a fresh-root check's Debian root
    # under build-fresh/, a clone inside it, another worktree).
    try:
        out = subprocess.run(["git", "-C", source, "ls-files", "-z", "--",
                              "*.md"], capture_output=True, check=True).stdout
        tracked = sorted(os.path.join(source, f.decode())
                         for f in out.split(b"\0") if f)
        if tracked:
            return [p for p in tracked if os.path.isfile(p)]
    except (OSError, subprocess.CalledProcessError):
        pass
    docs = []
    for root, dirs, files in os.walk(source):
        # Not the checkout: hidden dirs, build trees (meson-private), results.
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and not os.path.isdir(os.path.join(root, d, "meson-private"))
                         and not (root == source and d in ("results", "subprojects")))
        docs += [os.path.join(root, f) for f in sorted(files) if f.endswith(".md")]
    return docs


def fenced_blocks(path):
    """(line number, info string, text) of every fenced block."""
    blocks, cur = [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.match(r"^\s*(```+|~~~+)\s*([\w+-]*)", line)
            if cur is None and m:
                cur = (n, m.group(2).lower(), m.group(1), [])
            elif cur is not None and line.strip().startswith(cur[2]):
                blocks.append((cur[0], cur[1], "".join(cur[3])))
                cur = None
            elif cur is not None:
                cur[3].append(line)
    if cur is not None:
        raise Unrunnable(f"{path}:{cur[0]}: fence never closed")
    return blocks


def split_statements(text):
    """Shell statements of a block: continuation lines joined, comments
    dropped, split at unquoted ';', '&' and newlines. Each is
    (text, background)."""
    out, cur, quote, depth, i = [], "", None, 0, 0
    text = text.replace("\\\n", " ")

    def flush(bg):
        nonlocal cur
        s = cur.strip()
        if s:
            out.append((re.sub(r"\s+", " ", s), bg))
        cur = ""

    while i < len(text):
        c = text[i]
        if quote:
            cur += c
            if c == "\\" and quote == '"' and i + 1 < len(text):
                cur += text[i + 1]
                i += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
            cur += c
        elif c == "\\" and i + 1 < len(text):
            cur += text[i:i + 2]
            i += 1
        elif c == "(":
            depth += 1
            cur += c
        elif c == ")":
            depth -= 1
            cur += c
        elif depth == 0 and c == "#" and (not cur or cur[-1] in " \t"):
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif depth == 0 and c == "&" and text[i + 1:i + 2] == "&":
            raise Unrunnable("'&&' lists are not supported: print one command a line")
        elif depth == 0 and c == "|":
            raise Unrunnable("shell pipes are not supported: print one command a line")
        elif depth == 0 and c in ";\n":
            flush(False)
        elif depth == 0 and c == "&":
            flush(True)
        else:
            cur += c
        i += 1
    if quote:
        raise Unrunnable("unbalanced quote")
    flush(False)
    return out


def gst_tokens(desc):
    """Whitespace-separated tokens of a gst-launch description, quotes kept."""
    toks, cur, quote = [], "", None
    for c in desc:
        if quote:
            cur += c
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
            cur += c
        elif c.isspace():
            if cur:
                toks.append(cur)
            cur = ""
        elif c == "!":
            if cur:
                toks.append(cur)
            toks.append("!")
            cur = ""
        else:
            cur += c
    if cur:
        toks.append(cur)
    return toks


def unquote(v):
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
        return v[1:-1]
    return v


# ----------------------------------------------------------- the processes

class Proc:
    """One printed program, made self-contained."""

    def __init__(self, label, argv, env, role, ready, count, drained=None,
                 note=None):
        self.label = label      # the statement as printed
        self.argv = argv
        self.env = env          # overrides
        self.role = role        # "rx", "tx" or None
        self.ready = ready      # regex on its output: up and listening
        self.count = count      # output -> received count (receivers)
        # output -> whether all that will arrive has (the sender being
        # done): by default, as soon as anything was received
        self.drained = drained or (lambda out: count(out) > 0)
        self.note = note        # why it is not run as printed
        self.cwd = None         # None: the block's directory
        # SIGINT goes to the program's children, not to it: set for a
        # launcher that kills its child on SIGINT (meson devenv CMD)
        self.signal_children = False
        self.popen = None
        self.log = None


class Rewriter:
    """Substitutes virtual adapters, test sources and fakesinks."""

    def __init__(self, tag):
        self.tag = tag
        self.n = 0

    def virtual(self, role):
        self.n += 1
        return f"virtual:{self.tag}{role or 'x'}{self.n}"

    def device_value(self, value, role, under_vusb):
        """A selector as a user with hardware gives it -> a virtual one."""
        if under_vusb:
            return value       # devourer-vusb plugs the adapter in for it
        pieces = [p for p in re.split(r";", value) if p] if value else []
        if pieces and all(p.startswith("virtual:") for p in pieces):
            return value
        return ";".join(self.virtual(role) for _ in (pieces or [""]))

    def pipeline(self, toks, receiver_count, under_vusb):
        """Rewrites gst-launch tokens; returns (tokens, role, last sink
        name, last element's factory)."""
        segs, cur = [], []
        for t in toks:
            if t == "!":
                segs.append(cur)
                cur = []
            else:
                cur.append(t)
        segs.append(cur)
        names = [s[0] if s else "" for s in segs]
        role = None
        if "devourersrc" in names:
            role = "rx"
        elif "devourersink" in names:
            role = "tx"
        for idx, seg in enumerate(segs):
            if not seg:
                continue
            el = seg[0]
            props = seg[1:]
            if el == "v4l2src":
                seg[:] = ["videotestsrc", "is-live=true", f"num-buffers={VIDEO_FRAMES}"]
                continue
            if el in DISPLAY_SINKS:
                seg[:] = ["fakesink"] + [p for p in props
                                         if p.split("=")[0] in ("name", "sync")]
                el = "fakesink"
            if el == "fpsdisplaysink":
                # Its own sink (autovideosink unless told) is the display;
                # its frame counts are what is checked, so silent goes.
                inner = [p for p in props if p.startswith("video-sink=")]
                if not inner or unquote(inner[0].split("=", 1)[1]) in DISPLAY_SINKS:
                    props = [p for p in props
                             if p.split("=")[0] not in ("video-sink", "text-overlay")]
                    props += ["video-sink=fakesink", "text-overlay=false"]
                seg[1:] = [p for p in props if not p.startswith("silent=")]
                props = seg[1:]
            if el in ("devourersrc", "devourersink"):
                this_role = "rx" if el == "devourersrc" else "tx"
                dev = [i for i, p in enumerate(props) if p.startswith("device=")]
                if dev:
                    i = dev[0]
                    value = unquote(props[i].split("=", 1)[1])
                    new = self.device_value(value, this_role, under_vusb)
                    if new != value:
                        props[i] = f"device={new}"
                elif not under_vusb:
                    props.append("device=" + self.virtual(this_role))
                seg[1:] = props
            if idx == 0 and el in UNBOUNDED_SOURCES and \
                    not any(p.startswith("num-buffers=") for p in props):
                n = VIDEO_FRAMES if el == "videotestsrc" else AUDIO_BUFFERS
                seg.append(f"num-buffers={n}")
        sink = None
        last = segs[-1]
        if role == "rx" and last:
            names = [p.split("=", 1)[1] for p in last[1:] if p.startswith("name=")]
            if names:
                sink = unquote(names[0])
            else:
                sink = "docs_sink"
                last.append("name=docs_sink")
            if receiver_count == "fakesink":
                if last[0] not in ("fakesink", "fpsdisplaysink"):
                    raise Unrunnable("a receiving gst-launch pipeline must end in "
                                     "a display sink, fpsdisplaysink or fakesink "
                                     "to be checked")
                if last[0] == "fakesink":
                    last[:] = [p for p in last if not p.startswith("silent=")]
                    last.append("silent=false")
        out = []
        for s in segs:
            if out:
                out.append("!")
            out += s
        return out, role, sink, (last[0] if last else None)


def classify(argv, assigns, rw, under_vusb=False):
    """A Proc for one expanded statement, or Unrunnable."""
    if not argv:
        raise Unrunnable("empty command")
    prog = argv[0]
    base = os.path.basename(prog)
    env = dict(assigns)

    if base == "devourer-vusb" or prog.endswith("/devourer-vusb"):
        if "--" not in argv:
            raise Unrunnable("devourer-vusb without '--' and a program")
        k = argv.index("--")
        inner = classify(argv[k + 1:], {}, rw, under_vusb=True)
        inner.argv = argv[:k + 1] + inner.argv
        inner.env.update(env)
        return inner

    if base == "sudo" and argv[1:2] == ["meson"] and "install" in argv:
        # Installing needs root only for the system's prefix; here it
        # goes into a scratch DESTDIR.
        return classify(argv[1:], assigns, rw, under_vusb)

    if base == "meson":
        sub = argv[1] if len(argv) > 1 else ""
        if sub == "compile":
            return Proc(None, list(argv), env, None, None, None)
        if sub == "install":
            env.setdefault("DESTDIR", os.path.join(os.environ["TMPDIR"], "destdir"))
            return Proc(None, list(argv), env, None, None, None)
        if sub in ("setup", "configure"):
            return Proc(None, ["true"] + list(argv), env, None, None, None,
                        note="the tree under test is already configured "
                             "(by the test command)")

    if base in ("gst-inspect-1.0", "gst-device-monitor-1.0",
                "gst-discoverer-1.0") or re.fullmatch(r"(devourer-)?keygen", base):
        return Proc(None, list(argv), env, None, None, None)

    if base == "bash" and len(argv) > 1 and not argv[1].startswith("-"):
        argv = argv[1:]
        prog, base = argv[0], os.path.basename(argv[0])

    if base == "gst-launch-1.0":
        opts, i = [], 1
        while i < len(argv) and argv[i].startswith("-"):
            opts.append(argv[i])
            i += 1
        toks, role, sink, last = rw.pipeline(argv[i:], "fakesink", under_vusb)
        if role == "rx":
            opts = [o for o in opts if o not in ("-q", "--quiet")]
            for o in ("-e", "-v"):
                if o not in opts:
                    opts.append(o)
            if last == "fpsdisplaysink":
                count = lambda out, s=sink: fps_rendered(out, s)
            else:
                count = lambda out, s=sink: len(re.findall(
                    r"GstFakeSink:%s: last-message = chain" % re.escape(s), out))
            return Proc(None, [prog] + opts + toks, env, "rx",
                        r"Setting pipeline to PLAYING", count)
        return Proc(None, [prog] + opts + toks, env, role, None, None)

    if re.fullmatch(r"(devourer-)?busmon", base):
        opts, i = [], 1
        while i < len(argv) and argv[i].startswith("-"):
            opts.append(argv[i])
            if argv[i] in ("-t", "-c"):
                opts.append(argv[i + 1])
                i += 1
            i += 1
        toks, role, sink, _ = rw.pipeline(gst_tokens(" ".join(argv[i:])),
                                          "probe", under_vusb)
        if role == "rx":
            if "-c" in opts:
                sink = opts[opts.index("-c") + 1]
            else:
                opts += ["-c", sink]
            return Proc(None, [prog] + opts + [" ".join(toks)], env, "rx",
                        r"init\s+\S+\s+total",
                        lambda out, s=sink: received_line(out, s),
                        busmon_drained)
        return Proc(None, [prog] + opts + [" ".join(toks)], env, role, None, None)

    if re.fullmatch(r"(devourer-)?rx(demo)?", base) or \
            re.fullmatch(r"(devourer-)?tx(demo)?", base):
        role = "rx" if "rx" in base else "tx"
        argv = list(argv)
        if "-d" in argv:
            i = argv.index("-d") + 1
            argv[i] = rw.device_value(argv[i], role, under_vusb)
        elif not under_vusb:
            argv += ["-d", rw.virtual(role)]
        if role == "rx":
            return Proc(None, argv, env, "rx", r"frames=\d+ bytes=",
                        rxdemo_count)
        return Proc(None, argv, env, "tx", None, None)

    if prog.endswith(("examples/ground.sh", "examples/ground_telemetry.sh")):
        if not under_vusb:
            env["DEVICE"] = rw.device_value(env.get("DEVICE", "auto"), "rx", False)
        if env.get("SINK", "autovideosink") in DISPLAY_SINKS:
            env["SINK"] = "fakesink"
        # The telemetry script's other sources post rx-stats of their own:
        # only the video source's ("radio") say when the video stopped.
        drained = busmon_drained
        if prog.endswith("examples/ground_telemetry.sh"):
            drained = lambda out: busmon_drained(
                "\n".join(re.findall(r"^\s*[\d.]+ radio\s+rx-stats.*$", out, re.M)))
        return Proc(None, list(argv), env, "rx", r"init\s+\S+\s+total",
                    lambda out: received_line(out, "screen"), drained)

    # Its FRAMES ends the whole pipeline, telemetry branches included.
    if prog.endswith(("examples/drone.sh", "examples/drone_telemetry.sh")):
        if not under_vusb:
            env["DEVICE"] = rw.device_value(env.get("DEVICE", "auto"), "tx", False)
        env.pop("CAMERA", None)
        if env.get("FRAMES", "0") == "0":
            env["FRAMES"] = str(VIDEO_FRAMES)
        env.setdefault("SIZE", "640x360")
        return Proc(None, list(argv), env, "tx", None, None)

    raise Unrunnable(f"no rule to run '{prog}': teach tests/docs/run_readme.py "
                     "how, or list it in EXEMPT with the test that covers it")


def rxdemo_count(out):
    """txdemo frames rxdemo recognised: its closing summary, or until it
    is printed, the sum of its per-second lines."""
    final = re.findall(r": valid=(\d+) invalid=", out)
    if final:
        return int(final[-1])
    return sum(int(v) for v in re.findall(r"malformed=\d+ valid=(\d+)", out))


def fps_rendered(out, name):
    """Frames fpsdisplaysink NAME rendered: the last of the reports it
    posts (gst-launch-1.0 -v prints them) every fps-update-interval."""
    m = re.findall(r"GstFPSDisplaySink:%s: last-message = rendered: (\d+)"
                   % re.escape(name), out)
    return int(m[-1]) if m else 0


def busmon_drained(out):
    """busmon prints the decoded count only at the end; its per-second
    rx-stats show when packets came and when they stopped coming."""
    pkts = [int(v) for v in re.findall(r"rx-stats\s+(\d+) pkts", out)]
    return any(pkts) and pkts[-1] == 0


def received_line(out, name):
    m = re.findall(r"^%s received (\d+) buffers" % re.escape(name), out, re.M)
    return int(m[-1]) if m else 0


# ----------------------------------------------------------------- running

class Block:
    def __init__(self, doc, line, text):
        self.doc, self.line, self.text = doc, line, text
        self.where = f"{doc}:{line}"


def bash_eval(script, env, cwd, extra):
    """Runs bash with `extra` in its environment; returns stdout."""
    e = dict(env)
    e.update(extra)
    r = subprocess.run(["bash", "-c", script], env=e, cwd=cwd,
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise Unrunnable(f"bash could not evaluate it: {r.stderr.strip()}")
    return r.stdout


def apply_env_statement(stmt, env, cwd):
    out = bash_eval('set -a; eval "$DOCS_STMT"; env -0', env, cwd,
                    {"DOCS_STMT": stmt})
    new = {}
    for item in out.split("\0"):
        if "=" in item:
            k, v = item.split("=", 1)
            new[k] = v
    new.pop("DOCS_STMT", None)
    new.pop("_", None)
    new.pop("SHLVL", None)
    return new


def expand_words(stmt, env, cwd):
    out = bash_eval('eval "set -- $DOCS_STMT"; printf "%s\\0" "$@"', env, cwd,
                    {"DOCS_STMT": stmt})
    return out.split("\0")[:-1]


def devenv_statement(words, env, cwd):
    """(environment, workdir) of a printed `meson devenv -C DIR [-w DIR]`,
    which opens a shell; None for any other statement."""
    if words[:2] != ["meson", "devenv"]:
        return None
    build, workdir, rest = None, None, words[2:]
    while rest:
        if rest[0] == "-C" and len(rest) > 1:
            build, rest = rest[1], rest[2:]
        elif rest[0] in ("-w", "--workdir") and len(rest) > 1:
            workdir, rest = rest[1], rest[2:]
        else:
            raise Unrunnable("print `meson devenv -C DIR` on a line of its own "
                             "(the shell it opens) and the commands after it")
    if build is None:
        raise Unrunnable("meson devenv without -C DIR")
    base = {k: v for k, v in env.items() if k not in DEVENV_PROVIDES}
    r = subprocess.run(["meson", "devenv", "-C", build, "env", "-0"],
                       env=base, cwd=cwd, capture_output=True, timeout=120)
    if r.returncode != 0:
        raise Unrunnable(f"meson devenv -C {build} failed: "
                         f"{r.stderr.decode(errors='replace').strip()}")
    new = {}
    for item in r.stdout.decode(errors="replace").split("\0"):
        if "=" in item:
            k, v = item.split("=", 1)
            new[k] = v
    new.pop("_", None)
    new.pop("SHLVL", None)
    return new, os.path.normpath(os.path.join(cwd, workdir or build))


def is_env_statement(words):
    if not words:
        return False
    if words[0] == "export":
        return True
    return all(re.match(r"^[A-Za-z_]\w*=", w) for w in words)


def plan_block(block, base_env, cwd, used_exempt, tag):
    """The groups of processes a block prints, or Unrunnable."""
    env = dict(base_env)
    rw = Rewriter(tag)
    procs = []
    workdir = None
    for stmt, _bg in split_statements(block.text):
        if stmt in EXEMPT:
            used_exempt.add(stmt)
            procs.append(("exempt", stmt, EXEMPT[stmt]))
            continue
        words = expand_words(stmt, env, workdir or cwd)
        dev = devenv_statement(words, env, workdir or cwd)
        if dev is not None:
            env, workdir = dev
            env["DEVOURER_AIR_DIR"] = base_env["DEVOURER_AIR_DIR"]
            continue
        if is_env_statement(words):
            env = apply_env_statement(stmt, env, workdir or cwd)
            # Where virtual adapters meet is part of the substitution: a
            # printed fixed air (/tmp/air) would be shared with every other
            # run on the host.
            env["DEVOURER_AIR_DIR"] = base_env["DEVOURER_AIR_DIR"]
            continue
        if words and words[0] in ("sleep", "wait"):
            continue
        assigns, i = {}, 0
        while i < len(words) and re.match(r"^[A-Za-z_]\w*=", words[i]):
            k, v = words[i].split("=", 1)
            assigns[k] = v
            i += 1
        p = classify(words[i:], assigns, rw)
        p.label = stmt
        p.cwd = workdir
        procs.append(("run", p, None))
    groups, cur = [], []
    for kind, p, why in procs:
        if kind == "exempt":
            groups.append(("exempt", p, why))
            continue
        roles = [q.role for q in cur]
        if p.role is not None and p.role in roles or \
                p.role is None and cur:
            groups.append(("run", cur, None))
            cur = []
        cur.append(p)
    if cur:
        groups.append(("run", cur, None))
    return env, groups


def wait_for(cond, timeout, proc=None):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        if proc is not None and proc.poll() is not None:
            return cond()
        time.sleep(0.1)
    return cond()


def output(p):
    p.log.flush()
    with open(p.log.name, encoding="utf-8", errors="replace") as f:
        return f.read()


def start(p, env, cwd, logdir, k):
    e = dict(env)
    e.update(p.env)
    p.log = open(os.path.join(logdir, f"p{k}.log"), "w+")
    p.popen = subprocess.Popen(p.argv, env=e, cwd=p.cwd or cwd, stdout=p.log,
                               stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)


def children(pid):
    """The processes @pid started (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def stop(p):
    if p.popen.poll() is None:
        targets = children(p.popen.pid) if p.signal_children else []
        for pid in targets:
            try:
                os.kill(pid, signal.SIGINT)
            except ProcessLookupError:
                pass
        if not targets:
            p.popen.send_signal(signal.SIGINT)
        try:
            p.popen.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.popen.kill()
            p.popen.wait()
            return False
    return True


def run_group(group, env, cwd, logdir, problems, where):
    """Receiver first, then the sender, then the receiver's count."""
    group = [p for p in group if not p.note]
    rx = [p for p in group if p.role == "rx"]
    others = [p for p in group if p.role != "rx"]
    started = []
    try:
        for p in rx:
            start(p, env, cwd, logdir, len(os.listdir(logdir)))
            started.append(p)
            if not wait_for(lambda p=p: re.search(p.ready, output(p)),
                            READY_TIMEOUT, p.popen):
                problems.append(f"{where}: receiver never came up: {p.label}")
                return
        for p in others:
            start(p, env, cwd, logdir, len(os.listdir(logdir)))
            started.append(p)
            try:
                p.popen.wait(timeout=SENDER_TIMEOUT)
            except subprocess.TimeoutExpired:
                problems.append(f"{where}: did not end within {SENDER_TIMEOUT} s: {p.label}")
        for p in rx:
            # Bounded: a receiver that never drains is stopped anyway and
            # judged by what it reports.
            wait_for(lambda p=p: p.drained(output(p)) or
                     p.popen.poll() is not None, RECEIVE_TIMEOUT)
            if not stop(p):
                problems.append(f"{where}: did not stop on SIGINT: {p.label}")
            print(f"   received {p.count(output(p))}: {p.label}")
            if p.count(output(p)) <= 0:
                problems.append(f"{where}: the receiver received nothing: {p.label}")
    finally:
        for p in started:
            if p.popen.poll() is None:
                p.popen.kill()
            p.popen.wait()
    for p in started:
        rc = p.popen.returncode
        if rc != 0:
            problems.append(f"{where}: exit status {rc}: {p.label}")


def make_clone(source, build, scratch):
    """A directory that looks like the checkout, with `build` the tree
    under test."""
    clone = os.path.join(scratch, "checkout")
    os.mkdir(clone)
    real_build = os.path.realpath(build)
    for name in os.listdir(source):
        path = os.path.join(source, name)
        if name in ("build", ".git") or os.path.realpath(path) == real_build:
            continue
        if os.path.isdir(os.path.join(path, "meson-private")):
            continue
        os.symlink(path, os.path.join(clone, name))
    os.symlink(real_build, os.path.join(clone, "build"))
    return clone


GST_TOOLS = ("gst-launch-1.0", "gst-inspect-1.0", "gst-device-monitor-1.0",
             "gst-discoverer-1.0")


def wrap_gst_tools(scratch, preload):
    """GStreamer's tools on PATH, with the sanitizer runtimes first in
    their LD_PRELOAD when the plugin is sanitized (the uninstrumented
    programs could not load it otherwise), wherever a printed command
    starts them (scripts, devourer-vusb). Leak checking is for our
    instrumented programs; a host program's own allocations are not ours
    to judge."""
    bindir = os.path.join(scratch, "bin")
    os.mkdir(bindir)
    for tool in GST_TOOLS:
        real = None
        for d in os.environ.get("PATH", "").split(os.pathsep):
            cand = os.path.join(d, tool)
            if os.access(cand, os.X_OK):
                real = cand
                break
        if real is None:
            if tool == "gst-launch-1.0":
                raise SystemExit("gst-launch-1.0 not found (scripts/deps.sh installs it)")
            continue
        with open(os.path.join(bindir, tool), "w") as f:
            f.write("#!/bin/sh\n")
            if preload:
                f.write(f'LD_PRELOAD="{preload}${{LD_PRELOAD:+:$LD_PRELOAD}}"\n'
                        'ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"\n'
                        "export LD_PRELOAD ASAN_OPTIONS\n")
            f.write(f'exec "{real}" "$@"\n')
        os.chmod(os.path.join(bindir, tool), 0o755)
    return bindir


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--list", action="store_true",
                    help="print what would run, run nothing")
    ap.add_argument("docs", nargs="*", help="these files only (default: every *.md)")
    a = ap.parse_args()
    source = os.path.realpath(a.source)
    docs = [os.path.realpath(d) for d in a.docs] or find_docs(source)

    scratch = tempfile.mkdtemp(prefix="devourer-docs-")
    clone = make_clone(source, a.build, scratch)
    preload = os.environ.get("DOCS_SANITIZE_PRELOAD", "").replace(" ", ":")
    env = dict(os.environ)
    env["PATH"] = wrap_gst_tools(scratch, preload) + os.pathsep + env["PATH"]
    env["PWD"] = clone
    env["TMPDIR"] = scratch          # where printed $(mktemp -d) lands
    os.environ["TMPDIR"] = scratch
    env.setdefault("DEVOURER_FIRMWARE_DIR", os.path.join(source, "firmware"))

    problems, used_exempt, ran, seen = [], set(), 0, 0
    for doc in docs:
        rel = os.path.relpath(doc, source)
        try:
            blocks = fenced_blocks(doc)
        except Unrunnable as e:
            problems.append(str(e))
            continue
        for line, lang, text in blocks:
            where = f"{rel}:{line}"
            if lang in PROSE_LANGS:
                continue
            if lang not in COMMAND_LANGS:
                problems.append(f"{where}: fence language '{lang}' is neither "
                                "commands nor prose: use ```sh or ```text")
                continue
            block = Block(rel, line, text)
            seen += 1
            tag = f"b{seen}"
            air = os.path.join(scratch, f"air-{tag}")
            os.mkdir(air)
            block_env = dict(env)
            block_env["DEVOURER_AIR_DIR"] = air
            try:
                benv, groups = plan_block(block, block_env, clone, used_exempt, tag)
            except Unrunnable as e:
                problems.append(f"{where}: cannot run this block ({e}); a prose "
                                "block must be marked ```text:\n" + text)
                continue
            ran += 1
            for kind, g, why in groups:
                if kind == "exempt":
                    print(f"# {where}: not run here: {g}  ({why})")
                    continue
                print(f"# {where}: group of {len(g)}")
                for p in g:
                    extra = " ".join(f"{k}={v}" for k, v in p.env.items())
                    if p.note:
                        print(f"   [-] {p.label}: not run ({p.note})")
                        continue
                    print(f"   [{p.role or '-'}] {p.label}\n"
                          f"        -> {extra + ' ' if extra else ''}{' '.join(p.argv)}")
                if a.list:
                    continue
                logdir = os.path.join(scratch, f"logs-{tag}")
                os.makedirs(logdir, exist_ok=True)
                before = len(problems)
                t0 = time.monotonic()
                run_group(g, benv, clone, logdir, problems, where)
                print(f"   {'ok' if len(problems) == before else 'FAILED'} "
                      f"in {time.monotonic() - t0:.1f} s")
                if len(problems) != before:
                    for p in g:
                        if p.log:
                            print(f"   --- output of: {p.label}")
                            print("   " + output(p)[-4000:].replace("\n", "\n   "))
    if not a.docs:
        for stmt in sorted(set(EXEMPT) - used_exempt):
            problems.append(f"EXEMPT lists '{stmt}', which no document prints")
    for pr in problems:
        print("FAIL " + pr)
    if problems:
        print(f"scratch kept: {scratch}")
        return 1
    subprocess.run(["rm", "-rf", scratch])
    print(f"all printed commands ran ({ran} blocks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
