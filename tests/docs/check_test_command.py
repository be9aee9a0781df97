#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The test command's own logic (scripts/test.sh), on stubs: a copy of it
runs in a scratch tree where meson, clang and the scripts it calls
(deps.sh, install_check.sh, cross.sh) are stand-ins that succeed or fail
as each case asks, in seconds. Each stage must announce itself and end
with its result, the builds must print ninja's progress, the closing line
must count every test and every stage, passed and failed, and the exit
status must be 0 when nothing failed and 1 otherwise, also when a step
stops the command early.

usage: check_test_command.py SOURCE_DIR
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, failures  # noqa: E402


# meson as the test command uses it: setup, introspect, compile (two
# ninja steps), test (a testlog of two passes and a skip, plus a failure
# when asked). STUB_FAIL lists what fails: build:DIR, test:DIR.
MESON_STUB = r'''#!/usr/bin/env bash
cmd=$1; shift
dir=""; setup=""; list=0
while [ $# -gt 0 ]; do
  case "$1" in
    -C) dir=$2; shift ;;
    --setup) setup=$2; shift ;;
    --list) list=1 ;;
    --reconfigure|--*=*|-D*) ;;
    -*) ;;
    *) [ -z "$dir" ] && [ "$cmd" = setup ] && dir=$1 ;;
  esac
  shift
done
name=$(basename "$dir")
fails() { case ",$STUB_FAIL," in *",$1,"*) return 0 ;; esac; return 1; }
case "$cmd" in
  setup) mkdir -p "$dir"; touch "$dir/build.ninja" ;;
  introspect) echo '[]' ;;
  compile)
    echo "[1/2] Compiling C object a.o"
    if fails "build:$name"; then echo "a.c:1: error: stub"; exit 1; fi
    echo "[2/2] Linking target b" ;;
  test)
    if [ "$list" = 1 ]; then printf 't1\nt2\nt3\n'; exit 0; fi
    mkdir -p "$dir/meson-logs"
    log=$dir/meson-logs/testlog${setup:+-$setup}.json
    : >"$dir/meson-logs/testlog${setup:+-$setup}.txt"
    echo '{"name": "t1", "result": "OK"}' >"$log"
    echo '{"name": "t2", "result": "SKIP"}' >>"$log"
    echo " 1/3 t1 OK 0.1s"
    echo " 2/3 t2 SKIP 0.0s"
    if fails "test:$name"; then
      echo '{"name": "t3", "result": "FAIL"}' >>"$log"
      echo " 3/3 t3 FAIL 0.1s"
      exit 1
    fi
    echo '{"name": "t3", "result": "OK"}' >>"$log"
    echo " 3/3 t3 OK 0.1s" ;;
esac
'''

SCRIPT_STUB = r'''#!/usr/bin/env bash
case ",$STUB_FAIL," in *",{name},"*) echo "{name}: stub failure"; exit 3 ;; esac
{ok}
'''


def make_tree(source, scratch):
    tree = os.path.join(scratch, "tree")
    os.makedirs(os.path.join(tree, "scripts"))
    os.makedirs(os.path.join(tree, "tests", "fuzz"))
    open(os.path.join(tree, "tests", "fuzz", "fuzz_stub.c"), "w").close()
    for f in ("test.sh", "progress.sh", "build_dir.sh", "testlog_counts.py"):
        shutil.copy(os.path.join(source, "scripts", f),
                    os.path.join(tree, "scripts", f))
    stubs = {
        "deps.sh": ("deps", "exit 0"),
        "install_check.sh": ("install", 'echo "ok 1 - stub"\n'
                             'echo "devourer-install: 1 of 1 install checks passed"'),
        "cross.sh": ("cross", 'echo "devourer: cross: armhf: stub (1 s)"'),
    }
    for f, (name, ok) in stubs.items():
        with open(os.path.join(tree, "scripts", f), "w") as out:
            out.write(SCRIPT_STUB.replace("{name}", name).replace("{ok}", ok))
    bindir = os.path.join(scratch, "bin")
    os.makedirs(bindir)
    for prog, text in (("meson", MESON_STUB), ("clang", "#!/bin/sh\nexit 0\n")):
        path = os.path.join(bindir, prog)
        with open(path, "w") as out:
            out.write(text)
        os.chmod(path, 0o755)
    return tree, bindir


def run(tree, bindir, fail):
    env = {k: v for k, v in os.environ.items()
           if not re.match(r"DEVOURER_\w*BUILD$", k)}
    env["PATH"] = bindir + os.pathsep + env["PATH"]
    env["STUB_FAIL"] = fail
    # Each case from a clean tree: no build dirs of the one before.
    for d in os.listdir(tree):
        if d.startswith("build"):
            shutil.rmtree(os.path.join(tree, d))
    r = subprocess.run(["bash", os.path.join(tree, "scripts", "test.sh")],
                       env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=120)
    lines = r.stdout.strip().splitlines()
    return r.returncode, r.stdout, lines[-1] if lines else ""


STAGES = ["packages", "configure build-test", "ASan+UBSan build",
          "clang build", "default gcc build", "fuzz", "ThreadSanitizer",
          "install", "ARM cross"]


def main():
    source = sys.argv[1]
    scratch = tempfile.mkdtemp(prefix="devourer-testcmd-")
    tree, bindir = make_tree(source, scratch)

    rc, out, last = run(tree, bindir, "")
    print(out)
    check(rc == 0, f"all passing: exit status 0 (got {rc})")
    check(last == "devourer: 11 passed, 0 failed, 1 skipped: tests 2 passed, "
          "0 failed, 1 skipped; stages 9 passed, 0 failed",
          f"all passing: the closing line counts 2 tests and 9 stages: {last!r}")
    for st in STAGES:
        check(f"devourer: {st}: started" in out
              and re.search(rf"^devourer: {re.escape(st)}: passed \(\d+ s\)$", out, re.M),
              f"stage '{st}' announces itself and ends 'passed (N s)'")
    check("devourer: building build-test: 2 steps" in out
          and "devourer: building build-test: 2/2 (100 %)" in out,
          "the main build prints ninja's progress")
    check(re.search(r"^ 3/3 t3 OK", out, re.M) is not None,
          "the tests print each result as it comes")

    cases = [
        ("build:build-tsan", 1, "stages 8 passed, 1 failed (ThreadSanitizer)",
         "the ThreadSanitizer build fails"),
        ("test:build-test", 1, "tests 1 passed, 1 failed, 1 skipped; stages 9 passed, 0 failed",
         "a meson test fails"),
        ("cross,install", 1, "stages 7 passed, 2 failed (install, ARM cross)",
         "the install and cross stages fail"),
        ("build:build-fuzz", 1, "stages 8 passed, 1 failed (fuzz)",
         "the fuzz build fails"),
    ]
    for fail, want_rc, want, what in cases:
        rc, out, last = run(tree, bindir, fail)
        ok = rc == want_rc and last.startswith("devourer: ") and want in last
        check(ok, f"{what}: exit {want_rc}, closing line has '{want}': "
              f"exit {rc}, {last!r}")
        if not ok:
            print(out)

    # A step that stops the command: still a closing line, status 1.
    rc, out, last = run(tree, bindir, "deps")
    check(rc == 1 and last == "devourer: stopped in stage 'packages' (exit 3): "
          "0 passed, 1 failed, 0 skipped (the stages before it; no later stage ran)",
          f"the packages step fails: exit 1 and a closing line: exit {rc}, {last!r}")
    rc, out, last = run(tree, bindir, "build:build-test")
    check(rc == 1 and "stopped in stage 'ASan+UBSan build' (exit 1): 2 passed, 1 failed" in last
          and "building build-test failed" in out,
          f"the main build fails: its log's tail, exit 1, a closing line: exit {rc}, {last!r}")

    shutil.rmtree(scratch)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
