#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Re-run tools/gen_end_state.py and check that the committed table part of
a chip's end-state expectation is identical."""
import os
import subprocess
import sys

gen, json_path, committed = sys.argv[1:4]
if not os.path.exists(json_path):
    print("FAIL: %s is missing (tools/tables/ is part of the repository)"
          % json_path)
    sys.exit(1)
fresh = subprocess.run([sys.executable, gen, json_path], check=True,
                       capture_output=True, text=True).stdout
with open(committed) as f:
    old = f.read()
if fresh != old:
    print("MISMATCH: %s differs from a fresh generator run" % committed)
    sys.exit(1)
print("ok: %s" % committed)
