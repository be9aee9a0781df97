#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Re-run tools/gen_tables.py into a temporary directory and check that the
committed hal/<chip>/ files are byte-identical."""
import filecmp
import os
import subprocess
import sys
import tempfile

gen, json_path, committed = sys.argv[1:4]
if not os.path.exists(json_path):
    print("FAIL: %s is missing (tools/tables/ is part of the repository)"
          % json_path)
    sys.exit(1)
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.executable, gen, json_path, tmp], check=True)
    bad = 0
    for name in sorted(os.listdir(tmp)):
        ref = os.path.join(committed, name)
        if not os.path.exists(ref) or not filecmp.cmp(os.path.join(tmp, name), ref, shallow=False):
            print("MISMATCH: %s differs from a fresh generator run" % ref)
            bad += 1
        else:
            print("ok: %s" % name)
    sys.exit(1 if bad else 0)
