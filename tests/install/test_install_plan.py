#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Checks the install plan of a configured build (tests/install/meson.build).

argv: BUILD_DIR [MAN]. Reads BUILD_DIR/meson-info/intro-installed.json
(source or build file -> installed path) and intro-buildoptions.json.
TAP on stdout.
"""
import json
import os
import re
import subprocess
import sys

build, man = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else ''
info = os.path.join(build, 'meson-info')
with open(os.path.join(info, 'intro-installed.json')) as f:
    installed = json.load(f)  # {file in the tree: installed path}
with open(os.path.join(info, 'intro-buildoptions.json')) as f:
    opts = {o['name']: o['value'] for o in json.load(f)}

prefix = opts['prefix']
def under(d):
    return os.path.join(prefix, d)
bindir, mandir = under(opts['bindir']), under(opts['mandir'])
incdir, datadir = under(opts['includedir']), under(opts['datadir'])
dests = set(installed.values())

n = 0
failed = 0
def check(ok, what):
    global n, failed
    n += 1
    if not ok:
        failed += 1
    print(('ok' if ok else 'not ok') + f' {n} - {what}')
    return ok

# Every program in bindir has its page in man1, and the page parses
# without a single warning.
progs = sorted(os.path.basename(d) for d in dests
               if os.path.dirname(d) == bindir)
check(len(progs) > 0, f'programs installed: {", ".join(progs)}')
for p in progs:
    page = os.path.join(mandir, 'man1', p + '.1')
    if not check(page in dests, f'{p}: man page installed as {page}'):
        continue
    src = next(s for s, d in installed.items() if d == page)
    with open(src) as f:
        text = f.read()
    check(re.search(r'^\.TH ' + re.escape(p.upper()) + r' 1 ', text, re.M)
          is not None, f'{p}: the page is titled {p.upper()}(1)')
    check('@VERSION@' not in text and '@FIRMWARE_DIR@' not in text,
          f'{p}: placeholders filled')
    if man:
        r = subprocess.run([man, '--warnings', '-E', 'UTF-8', '-l', src],
                           capture_output=True, text=True,
                           env=dict(os.environ, MANWIDTH='80',
                                    LC_ALL='C.UTF-8', MANPAGER='cat',
                                    PAGER='cat'))
        check(r.returncode == 0 and r.stderr.strip() == ''
              and 'SYNOPSIS' in r.stdout,
              f'{p}: man --warnings -l renders it cleanly'
              + (f' ({r.stderr.strip()})' if r.stderr.strip() else ''))
    # Every option the program's own usage text names is in its page.
    exe = next((s for s, d in installed.items()
                if d == os.path.join(bindir, p)), None)
    if exe and os.access(exe, os.X_OK):
        r = subprocess.run([exe, '-h'], capture_output=True, text=True,
                           env=dict(os.environ,
                                    ASAN_OPTIONS='detect_leaks=0'))
        usage = r.stdout + r.stderr
        opts_named = sorted(set(re.findall(r'(?<![\w-])(--?[a-z][a-z-]*)',
                                           usage.split('\n', 1)[0] + '\n'
                                           + usage)))
        missing = [o for o in opts_named
                   if o.replace('-', '\\-') not in text]
        check(r.returncode == 0 and opts_named and not missing,
              f'{p}: the page covers every option of -h '
              f'({" ".join(opts_named)})'
              + (f', missing {" ".join(missing)}' if missing else ''))
# Pages only for installed programs.
pages = sorted(d for d in dests if d.startswith(os.path.join(mandir, 'man1')))
for page in pages:
    prog = os.path.basename(page)[:-2]
    check(prog in progs, f'{prog}.1 documents an installed program')

# The public headers, and every devourer header they include.
hdr_dir = os.path.join(incdir, 'devourer')
for h in ('devourer.h', 'link.h', 'radiotap.h', 'export.h'):
    check(os.path.join(hdr_dir, h) in dests, f'<devourer/{h}> installed')
for src, d in installed.items():
    if os.path.dirname(d) != hdr_dir:
        continue
    with open(src) as f:
        for inc in re.findall(r'#include\s+<devourer/([^>]+)>', f.read()):
            check(os.path.join(hdr_dir, inc) in dests,
                  f'{os.path.basename(d)} includes <devourer/{inc}>: installed')
check(any(d.endswith('/pkgconfig/devourer.pc') for d in dests),
      'devourer.pc installed')

# The firmware the HAL loads and its licence, where the loader looks last.
fw = os.path.join(datadir, 'devourer', 'firmware')
# Those of the chips the build drives (-Dchips), and no other.
all_chips = ('8812a', '8822c', '8821c', '8822b', '8822e')
for name in ['rtw%s_fw.bin' % c for c in opts['chips']] + \
        ['LICENCE.rtlwifi_firmware.txt']:
    check(os.path.join(fw, name) in dests, f'{name} installed into {fw}')
for c in all_chips:
    if c not in opts['chips']:
        name = 'rtw%s_fw.bin' % c
        check(os.path.join(fw, name) not in dests,
              f'{name} not installed (not in -Dchips)')
check(os.path.join(fw, 'rtw8822c_wow_fw.bin') not in dests,
      'the WoWLAN image (model test input only) is not installed')

# The udev rule, with uaccess.
rules = [s for s, d in installed.items() if d.endswith('/60-devourer.rules')]
if check(len(rules) == 1, 'udev rule installed'):
    with open(rules[0]) as f:
        check('TAG+="uaccess"' in f.read(), 'the udev rule tags uaccess')

# The plugin, when built: in a gstreamer-1.0 plugin dir.
plugin = [d for d in dests if os.path.basename(d) == 'libgstdevourer.so']
if opts.get('gst') != 'disabled' and plugin:
    check(os.path.basename(os.path.dirname(plugin[0])) == 'gstreamer-1.0',
          f'plugin installed into a gstreamer-1.0 dir ({plugin[0]})')
    # The layout of devourersrc's buffer meta, for applications reading
    # it (the plugin exports no library).
    check(os.path.join(hdr_dir, 'gstdevourerrxmeta.h') in dests,
          '<devourer/gstdevourerrxmeta.h> installed with the plugin')

print(f'1..{n}')
sys.exit(1 if failed else 0)
