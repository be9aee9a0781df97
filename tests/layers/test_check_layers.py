#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""tools/check_layers.py refuses layer violations and passes clean trees.

usage: test_check_layers.py CHECK_LAYERS_PY SOURCE_ROOT ALLOW_LIST
Builds small synthetic trees in a temporary directory, runs the checker on
each and checks its verdict and message; then the real tree with its
allow-list. Prints TAP.
"""
import os
import subprocess
import sys
import tempfile

results = []


def check(ok, what, detail=''):
    results.append((bool(ok), what, detail))


def tree(files):
    d = tempfile.mkdtemp(prefix='dvr-layers-')
    for rel, text in files.items():
        p = os.path.join(d, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, 'w', encoding='utf-8') as f:
            f.write(text)
    return d


def run(checker, root, allow=None):
    cmd = [sys.executable, checker, root]
    if allow:
        cmd += ['--allow', allow]
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stderr


# The headers every synthetic tree has.
BASE = {
    'libdevourer/include/devourer/devourer.h': '/* public */\n',
    'libdevourer/bus/transport.h': '#include <devourer/devourer.h>\n',
    'libdevourer/io/io.h': '#include "libdevourer/bus/transport.h"\n',
    'libdevourer/src/rx_walk.h': '#include "hal/hal.h"\n',
    'libdevourer/virtual/vchip.h': '#include <devourer/devourer.h>\n',
    'firmware/firmware.h': '\n',
    'hal/hal.h': '#include "libdevourer/io/io.h"\n'
                 '#include "firmware/firmware.h"\n',
    'gst/gstthing.h': '#include <devourer/devourer.h>\n',
    'examples/demo.c': '#include <devourer/devourer.h>\n'
                       '#include "config.h"\n',
    'tests/t.c': '#include "libdevourer/src/rx_walk.h"\n',
    # The HAL's layers, each on the ones before it.
    'hal/common/tables.h': '#include "hal/hal.h"\n',
    'hal/halmac/halmac.h': '#include "hal/common/tables.h"\n',
    'hal/jaguar2/jaguar2.h': '#include "hal/halmac/halmac.h"\n',
    'hal/jaguar3/jaguar3.h': '#include "hal/halmac/halmac.h"\n',
    'hal/rtl8822b/rtl8822b.c': '#include "hal/jaguar2/jaguar2.h"\n'
                               '#include "hal/common/tables.h"\n',
    'hal/rtl8822c/rtl8822c.c': '#include "hal/jaguar3/jaguar3.h"\n',
}

VIOLATIONS = [
    ('hal/chip.c', '#include "libdevourer/bus/transport.h"\n',
     'libdevourer/bus/transport.h', 'hal may include only'),
    ('libdevourer/bus/usb.c', '#include "hal/hal.h"\n',
     'hal/hal.h', 'bus may include only'),
    ('gst/gstsink.c', '#include "gstthing.h"\n#include "hal/hal.h"\n',
     'hal/hal.h', 'gst may include only public'),
    ('examples/tx.c', '#include <libdevourer/src/rx_walk.h>\n',
     'libdevourer/src/rx_walk.h', 'examples may include only public'),
    ('libdevourer/virtual/vchip.c', '#include "libdevourer/io/io.h"\n',
     'libdevourer/io/io.h', 'vchip may include only public'),
    ('hal/x.c', '#include "libdevourer/src/rx_walk.h"\n',
     'libdevourer/src/rx_walk.h', 'hal may include only'),
    # Down the HAL's layers only, never sideways.
    ('hal/common/tx.c', '#include "hal/jaguar3/jaguar3.h"\n',
     'hal/jaguar3/jaguar3.h', 'hal-common may include only'),
    ('hal/halmac/mac.c', '#include "hal/rtl8822c/rtl8822c.c"\n',
     'hal/rtl8822c/rtl8822c.c', 'hal-generation may include only'),
    ('hal/jaguar2/rx.c', '#include "hal/jaguar3/jaguar3.h"\n',
     'hal/jaguar3/jaguar3.h', 'another hal-family folder'),
    ('hal/rtl8821c/rtl8821c.c', '#include "hal/rtl8822b/rtl8822b.c"\n',
     'hal/rtl8822b/rtl8822b.c', 'another hal-chip folder'),
    ('libdevourer/src/device.c', '#include "hal/rtl8822c/rtl8822c.c"\n',
     'hal/rtl8822c/rtl8822c.c', 'core may include only'),
]


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    checker, real_root, real_allow = sys.argv[1:]

    rc, err = run(checker, tree(BASE))
    check(rc == 0, 'a clean tree passes', err)

    for src, text, target, rule in VIOLATIONS:
        files = dict(BASE)
        files[src] = text
        rc, err = run(checker, tree(files))
        check(rc != 0, '%s including %s fails' % (src, target), err)
        check(src in err and target in err and rule in err,
              '... naming the file, the include and the rule', err)

    # A listed exception passes; an entry that matches nothing is reported.
    files = dict(BASE)
    files['libdevourer/virtual/vchip.c'] = \
        '#include "libdevourer/bus/transport.h"\n'
    root = tree(files)
    allow = os.path.join(root, 'allow.txt')
    with open(allow, 'w', encoding='utf-8') as f:
        f.write('# known\nlibdevourer/virtual/vchip.c '
                'libdevourer/bus/transport.h\nhal/gone.c hal/hal.h\n')
    rc, err = run(checker, root, allow)
    check(rc == 0, 'an allow-listed include passes', err)
    check('hal/gone.c' in err, 'a stale allow-list entry is reported', err)

    rc, err = run(checker, real_root, real_allow)
    check(rc == 0, 'the source tree keeps its layers', err)

    print('1..%d' % len(results))
    for i, (ok, what, detail) in enumerate(results, 1):
        print('%s %d - %s' % ('ok' if ok else 'not ok', i, what))
        if not ok:
            for line in detail.splitlines():
                print('#   ' + line)
    return 0 if all(ok for ok, _, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main())
