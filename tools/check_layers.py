#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Refuse an #include that crosses the driver's layers the wrong way.

Every C file of the tree belongs to a layer by its path; each layer may
include only the layers listed for it in RULES. An include names a file of
the tree when it resolves next to the including file or from the tree root
(the build puts the root and libdevourer/include on the include path);
includes that resolve nowhere in the tree (system and generated headers)
are not judged.

Known violations that another part of the project still has to remove are
listed, one per line, in the allow-list (tools/layers_allow.txt):
    FILE INCLUDED    # why it is there and who removes it
An entry that no longer matches anything is reported, so it can be
deleted.

usage: check_layers.py ROOT [--allow FILE] [--stamp OUT] [--depfile DEP]
  --stamp    written when the tree passes (the build's order-only input)
  --depfile  make-style list of every file and directory scanned, so the
             build re-runs the check when a file changes, appears or goes
"""
import argparse
import os
import re
import sys

# Layer of a path: the first prefix that matches.
LAYERS = [
    ('libdevourer/include/', 'public'),
    ('libdevourer/bus/', 'bus'),
    ('libdevourer/io/', 'io'),
    ('libdevourer/src/', 'core'),
    ('libdevourer/link/', 'link'),
    ('libdevourer/virtual/', 'vchip'),
    ('libdevourer/vusb/', 'vusb'),
    ('firmware/', 'firmware'),
    # The HAL in four layers, each built on the ones before it: what every
    # chip shares, a CPU generation, a chip family, one chip. hal/ itself
    # (hal.h, the registry) is the interface the core sees.
    ('hal/common/', 'hal-common'),
    ('hal/halmac/', 'hal-generation'),
    ('hal/jaguar', 'hal-family'),
    ('hal/rtl', 'hal-chip'),
    ('hal/', 'hal'),
    ('gst/', 'gst'),
    ('examples/', 'examples'),
    ('bench/', 'bench'),
    ('tests/', 'tests'),
]

# Layer -> the layers its files may include (a layer always may include
# itself). None: unrestricted.
RULES = {
    'public': set(),
    # The buses; the virtual one fronts the chip model.
    'bus': {'public', 'vchip'},
    # Register access sits on the bus.
    'io': {'public', 'bus'},
    'firmware': {'public'},
    # Chip programming reaches the bus only through register access.
    'hal': {'public', 'io', 'firmware'},
    'hal-common': {'public', 'io', 'firmware', 'hal'},
    'hal-generation': {'public', 'io', 'firmware', 'hal', 'hal-common'},
    'hal-family': {'public', 'io', 'firmware', 'hal', 'hal-common',
                   'hal-generation'},
    'hal-chip': {'public', 'io', 'firmware', 'hal', 'hal-common',
                 'hal-generation', 'hal-family'},
    'core': {'public', 'hal', 'io', 'bus', 'firmware'},
    'link': {'public'},
    # The chip model knows nothing of the driver that runs on it.
    'vchip': {'public'},
    'vusb': {'public', 'vchip'},
    # Applications of the library: its public API only.
    'gst': {'public'},
    'examples': {'public'},
    'bench': None,
    'tests': None,
}

# Files of a layer that may include one particular file of another.
NARROW = {
    # hal/ may include the bus only through io.h, never the bus headers.
    (h, 'io'): {'libdevourer/io/io.h'}
    for h in ('hal', 'hal-common', 'hal-generation', 'hal-family',
              'hal-chip')
}

# Layers whose folders are siblings that may not include one another: a
# chip never reaches into another chip's folder, nor a family into
# another family's; what two of them share belongs a layer down.
SIBLINGS = {'hal-generation', 'hal-family', 'hal-chip'}

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SOURCE_EXT = ('.c', '.h')
SKIP_DIRS = {'subprojects'}


def layer_of(rel):
    for prefix, name in LAYERS:
        if rel.startswith(prefix):
            return name
    return None


def folder_of(rel):
    """The sibling a file belongs to: hal/<folder>/."""
    return '/'.join(rel.split('/')[:2])


def scan_files(root, dirs=None):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        if dirs is not None:
            dirs.append(dirpath)
        rel_dir = os.path.relpath(dirpath, root)
        # Build directories carry a meson-private marker.
        dirnames[:] = sorted(
            d for d in dirnames
            if d not in SKIP_DIRS and not d.startswith('.') and
            not os.path.exists(
                os.path.join(dirpath, d, 'meson-private')))
        for f in sorted(filenames):
            if f.endswith(SOURCE_EXT):
                rel = os.path.normpath(os.path.join(rel_dir, f))
                if layer_of(rel):
                    out.append(rel)
    return out


def resolve(root, rel, kind, name):
    """The tree path an include names, or None."""
    candidates = []
    if kind == '"':
        candidates.append(os.path.join(os.path.dirname(rel), name))
    candidates.append(name)
    candidates.append(os.path.join('libdevourer/include', name))
    for c in candidates:
        c = os.path.normpath(c)
        if not c.startswith('..') and os.path.isfile(os.path.join(root, c)):
            return c
    return None


def read_allow(path):
    allow = {}
    if not path:
        return allow
    with open(path, encoding='utf-8') as f:
        for n, line in enumerate(f, 1):
            text = line.split('#', 1)[0].split()
            if not text:
                continue
            if len(text) != 2:
                sys.exit('%s:%d: expected "FILE INCLUDED"' % (path, n))
            allow[(text[0], text[1])] = n
    return allow


def check(root, allow, scanned=None):
    errors, used = [], set()
    files = scan_files(root, scanned)
    if scanned is not None:
        scanned.extend(os.path.join(root, rel) for rel in files)
    for rel in files:
        src_layer = layer_of(rel)
        allowed = RULES[src_layer]
        if allowed is None:
            continue
        with open(os.path.join(root, rel), encoding='utf-8',
                  errors='replace') as f:
            lines = f.readlines()
        for n, line in enumerate(lines, 1):
            m = INCLUDE_RE.match(line)
            if not m:
                continue
            target = resolve(root, rel, m.group(1), m.group(2))
            if target is None:
                continue
            dst_layer = layer_of(target)
            if dst_layer == src_layer:
                if (src_layer not in SIBLINGS or
                        folder_of(rel) == folder_of(target) or
                        (rel, target) in allow):
                    used.update({(rel, target)} & set(allow))
                    continue
                errors.append(
                    '%s:%d: layer violation: includes %s, another %s '
                    'folder; what %s and %s share belongs to a layer below '
                    'both' % (rel, n, target, src_layer, folder_of(rel),
                              folder_of(target)))
                continue
            ok = dst_layer in allowed
            narrow = NARROW.get((src_layer, dst_layer))
            if ok and narrow is not None and target not in narrow:
                ok = False
            if ok:
                continue
            if (rel, target) in allow:
                used.add((rel, target))
                continue
            may = sorted(allowed)
            if narrow is not None:
                may = [l if l != dst_layer else
                       '%s (only %s)' % (l, ', '.join(sorted(narrow)))
                       for l in may]
            errors.append(
                '%s:%d: layer violation: includes %s (layer %s); rule: '
                '%s may include only %s' %
                (rel, n, target, dst_layer or 'none', src_layer,
                 ', '.join(may) if may else 'nothing outside itself'))
    stale = sorted(set(allow) - used)
    return errors, stale


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('root')
    ap.add_argument('--allow')
    ap.add_argument('--stamp')
    ap.add_argument('--depfile')
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    scanned = []
    errors, stale = check(root, read_allow(a.allow), scanned)
    if a.depfile and a.stamp:
        deps = scanned + [os.path.abspath(a.allow)] if a.allow else scanned
        with open(a.depfile, 'w', encoding='utf-8') as f:
            f.write('%s: %s\n' % (a.stamp.replace(' ', '\\ '), ' \\\n '.join(
                d.replace(' ', '\\ ') for d in deps)))
    for s in stale:
        print('check_layers: allow-list entry "%s %s" matches nothing any '
              'more; delete it' % s, file=sys.stderr)
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        print('check_layers: %d layer violation(s); see the layer rules in '
              'tools/check_layers.py and docs/architecture.md' % len(errors),
              file=sys.stderr)
        return 1
    if a.stamp:
        with open(a.stamp, 'w', encoding='utf-8') as f:
            f.write('/* generated by tools/check_layers.py: the include '
                    'layers were checked */\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
