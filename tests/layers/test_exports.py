#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""libdevourer.so exports exactly the functions its public headers declare.

usage: test_exports.py LIBDEVOURER_SO INCLUDE_DIR
The exported set is the .so's dynamic symbol table (nm -D --defined-only,
functions and data); the declared set is every DVR_API declaration in
INCLUDE_DIR/devourer/*.h. Both directions must hold: nothing internal is
exported, nothing public is missing. Prints TAP.
"""
import glob
import os
import re
import subprocess
import sys

DECL_RE = re.compile(r'^DVR_API\b[^(;]*?\b(dvr_[A-Za-z0-9_]+)\s*\(', re.M)


def declared(include_dir):
    names = set()
    for h in sorted(glob.glob(os.path.join(include_dir, 'devourer', '*.h'))):
        with open(h, encoding='utf-8') as f:
            names.update(DECL_RE.findall(f.read()))
    return names


def exported(so):
    out = subprocess.run(['nm', '-D', '--defined-only', so], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in 'TtDdBbRrVvWwiu':
            names.add(parts[2].split('@')[0])
    # What the toolchain puts in every shared object is not ours.
    return {n for n in names if not n.startswith('_') and n not in
            ('edata', 'end', 'etext')}


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    want = declared(sys.argv[2])
    have = exported(sys.argv[1])
    checks = [
        ('public headers declare DVR_API functions (%d)' % len(want),
         len(want) > 20, []),
        ('nothing internal exported', not (have - want),
         sorted(have - want)),
        ('every public function exported', not (want - have),
         sorted(want - have)),
    ]
    failed = 0
    print('1..%d' % len(checks))
    for i, (what, ok, extra) in enumerate(checks, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', i, what))
        for e in extra:
            print('#   %s' % e)
        failed += not ok
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
