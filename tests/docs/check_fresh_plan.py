#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The fresh-root check runs the README's two commands as printed: its
plan (scripts/fresh_check.sh --plan) must name a bare Debian bookworm root
made by mmdebstrap and, in order, exactly the commands of the README's
first fenced block, each without its comment. The whole check builds a
root and runs the test command inside it (some 35 minutes): it is run by
hand before a change to packages, scripts or the build (README,
"Contributing"), not here.

usage: check_fresh_plan.py SOURCE_DIR
"""
import re
import subprocess
import sys

src = sys.argv[1]
with open(f"{src}/README.md", encoding="utf-8") as f:
    text = f.read()
block = re.search(r"^```[a-z]*\n(.*?)^```", text, re.S | re.M)
if not block:
    sys.exit("README.md has no fenced block")
printed = [re.sub(r"\s*#.*", "", line).strip()
           for line in block.group(1).splitlines()]
printed = [c for c in printed if c]
if printed != ["bash scripts/demo.sh", "bash scripts/test.sh"]:
    sys.exit(f"the README's first block is {printed}, not the demo and the tests")

plan = subprocess.run(["bash", f"{src}/scripts/fresh_check.sh", "--plan"],
                      capture_output=True, text=True)
print(plan.stdout, end="")
if plan.returncode != 0:
    sys.exit(f"fresh_check.sh --plan exited {plan.returncode}: {plan.stderr}")
lines = plan.stdout.splitlines()
runs = [l[len("run: "):] for l in lines if l.startswith("run: ")]
bad = 0
if runs != printed:
    print(f"FAIL: the plan runs {runs}, the README prints {printed}")
    bad = 1
if not any(l.startswith("root: Debian bookworm, mmdebstrap --variant=apt")
           for l in lines):
    print("FAIL: the plan names no bare bookworm root")
    bad = 1
if not any(l.startswith("clone: HEAD of ") for l in lines):
    print("FAIL: the plan clones no HEAD")
    bad = 1
print("ok: the fresh-root check runs the README's commands as printed"
      if not bad else "")
sys.exit(bad)
