#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The uninstalled build works as an installed one inside `meson devenv`
(meson.build, add_devenv): with no GST_PLUGIN_PATH and no
DEVOURER_FIRMWARE_DIR in this test's environment, `meson devenv -C BUILD
CMD` runs gst-inspect-1.0 on both elements, devourer-tx from PATH on a
virtual adapter (its firmware found), and the README's quick-start pair
(the first block of its "Quick start" section), each side under a
`meson devenv` of its own as a user types it in two terminals; the
ground must receive.

DEVOURER_AIR_DIR is set to a directory of this test's own so that tests
running at once do not meet on one air; the quick start works without it
(both sides then meet on the user's default air). In a sanitized build
GStreamer's tools get the sanitizer runtimes preloaded (as in
docs_readmes): that is the test bed's need, not the user's.

usage: check_devenv.py MESON SOURCE_DIR BUILD_DIR
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_readme as rr  # noqa: E402

from checks import check, failures  # noqa: E402


def quick_start_block(source):
    """The commands of the README's quick start: its section's first
    command block."""
    readme = os.path.join(source, "README.md")
    with open(readme, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next((i for i, l in enumerate(lines)
                  if re.match(r"^## Quick start", l)), None)
    if start is None:
        return None
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].startswith("## ")), len(lines))
    for line, lang, text in rr.fenced_blocks(readme):
        if start < line <= end and lang in rr.COMMAND_LANGS:
            return line, text
    return None


def main():
    meson, source, build = sys.argv[1], os.path.realpath(sys.argv[2]), \
        os.path.realpath(sys.argv[3])
    scratch = tempfile.mkdtemp(prefix="devourer-devenv-")
    env = {k: v for k, v in os.environ.items()
           if k not in rr.DEVENV_PROVIDES + ("DEVOURER_TEST_FIRMWARE_DIR",)}
    env["TMPDIR"] = scratch
    env["DEVOURER_AIR_DIR"] = os.path.join(scratch, "air")
    os.mkdir(env["DEVOURER_AIR_DIR"])
    # A registry of its own: the plugin is found by a scan of what
    # GST_PLUGIN_PATH names, not from a cache another test filled.
    env["GST_REGISTRY"] = os.path.join(scratch, "registry.bin")
    preload = env.get("DOCS_SANITIZE_PRELOAD", "").replace(" ", ":")
    env["PATH"] = rr.wrap_gst_tools(scratch, preload) + os.pathsep + env["PATH"]

    def devenv(cmd):
        return [meson, "devenv", "-C", build, "-w", scratch] + cmd

    for el in ("devourersink", "devourersrc"):
        r = subprocess.run(devenv(["gst-inspect-1.0", el]), env=env,
                           capture_output=True, text=True, timeout=120)
        check(r.returncode == 0 and "Factory Details" in r.stdout
              and el in r.stdout,
              f"meson devenv -C build gst-inspect-1.0 {el} finds the plugin"
              + ("" if r.returncode == 0 else f" (exit {r.returncode}: "
                 f"{(r.stdout + r.stderr)[-600:]})"))

    r = subprocess.run(devenv(["sh", "-c", "command -v devourer-tx"]), env=env,
                       capture_output=True, text=True, timeout=60)
    found = r.stdout.strip()
    check(r.returncode == 0 and os.path.realpath(found).startswith(build + os.sep),
          f"devourer-tx on the devenv's PATH is the build's: {found!r}")
    r = subprocess.run(devenv(["devourer-tx", "-d", "virtual:devenv-tx",
                               "-c", "36", "-n", "5"]), env=env,
                       capture_output=True, text=True, timeout=120)
    check(r.returncode == 0,
          "devourer-tx brings a virtual adapter up, the firmware found"
          + ("" if r.returncode == 0 else
             f" (exit {r.returncode}: {(r.stdout + r.stderr)[-600:]})"))

    qs = quick_start_block(source)
    check(qs is not None, "README.md has a Quick start section with a command block")
    if qs is not None:
        line, text = qs
        stmts = [s for s, _bg in rr.split_statements(text)]
        check(any(re.fullmatch(r"meson devenv -C build", s) for s in stmts),
              "the quick start opens meson devenv -C build")
        rw = rr.Rewriter("devenv")
        group = []
        for s in stmts:
            words = rr.expand_words(s, env, scratch)
            if words[:2] == ["meson", "devenv"]:
                continue
            p = rr.classify(words, {}, rw)
            p.label = s
            p.argv = devenv(p.argv)
            # meson devenv kills its command on SIGINT: the stop goes to
            # the command, which ends through EOS, as with Ctrl-C.
            p.signal_children = True
            group.append(p)
        roles = sorted(p.role or "-" for p in group)
        check(roles == ["rx", "tx"],
              f"the quick start is a ground and a drone: {roles}")
        if roles == ["rx", "tx"]:
            logdir = os.path.join(scratch, "logs")
            os.mkdir(logdir)
            problems = []
            rr.run_group(group, env, scratch, logdir, problems,
                         f"README.md:{line}")
            for p in group:
                if problems and p.log:
                    print(f"--- output of: {p.label}")
                    print(rr.output(p)[-4000:])
            for pr in problems:
                print("#   " + pr)
            check(not problems, "the quick-start pair runs in meson devenv, "
                  "the ground receiving")
    if failures:
        print(f"scratch kept: {scratch}")
        return 1
    subprocess.run(["rm", "-rf", scratch])
    return 0


if __name__ == "__main__":
    sys.exit(main())
