#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Instructions per packet on x86_64, armhf and arm64 (scripts/cross.sh --bench).

Each architecture's bench/arch_insns runs under qemu-user with
bench/qemu_insn_count.c loaded (Debian's qemu 7.2 ships no contrib plugin,
so we build that small one for the build machine). Every measure runs the
program at two packet counts; (count(hi) - count(lo)) / (hi - lo) is what
one packet costs, setup and exit cancelling. The RX rows are the TX+RX run
less the TX run of the same backend. x86_64 runs under qemu too, so all
columns count the same way; qemu's x86_64 CPU has no AVX-512, so its
ISA-L column is ISA-L's AVX2/SSE code and GFNI is not measured here.

usage: arch_insns.py --top BUILD_CROSS_DIR [ARCH ...]
Prints a markdown table; writes TOP/arch_insns.json (records) and
TOP/arch_insns.md (the table).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

QEMU = {"x86_64": "qemu-x86_64", "armhf": "qemu-arm", "arm64": "qemu-aarch64"}
# The backends worth a column on each architecture.
BACKENDS = {
    "x86_64": ["isal", "portable"],
    "armhf": ["portable", "isal", "neon"],
    "arm64": ["isal", "neon", "portable"],
}
WORKS = ["fec", "tx", "txrx", "txrx-loss"]
LO, HI = 80, 400          # packets; multiples of the FEC k (8)
LENS = [1400, 1500]


def count(top, arch, plugin, args):
    prog = os.path.join(top, arch, "bench", "arch_insns")
    with tempfile.NamedTemporaryFile("r", suffix=".insns") as out:
        cmd = [QEMU[arch], "-plugin", f"{plugin},out={out.name}", prog] + args
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"arch_insns: {' '.join(cmd)} failed: "
                             f"{r.stdout}{r.stderr}")
        return int(out.read().strip())


def per_packet(top, arch, plugin, work, backend, length):
    lo = count(top, arch, plugin, [work, backend, str(LO), str(length)])
    hi = count(top, arch, plugin, [work, backend, str(HI), str(length)])
    return (hi - lo) / (HI - LO)


def build_native(top):
    """A native build of the link layer and this bench (same options as the
    cross builds: debugoptimized, -O2)."""
    d = os.path.join(top, "x86_64")
    opts = ["-Dwerror=true", "-Dgst=disabled", "-Dvusb=disabled",
            "-Dexamples=false", "-Dtests=false", "-Dbench=true"]
    if not os.path.exists(os.path.join(d, "build.ninja")):
        subprocess.run(["meson", "setup", d] + opts, check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run(["meson", "compile", "-C", d, "arch_insns"], check=True,
                   stdout=subprocess.DEVNULL)


def build_plugin(top):
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "qemu_insn_count.c")
    so = os.path.join(top, "qemu_insn_count.so")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC",
                    "-fvisibility=hidden", "-std=c11", "-Wall", "-Wextra",
                    "-Werror", src, "-o", so], check=True)
    return so


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--top", required=True)
    ap.add_argument("arches", nargs="*", default=["armhf", "arm64"])
    a = ap.parse_args()
    top = os.path.abspath(a.top)
    plugin = build_plugin(top)
    build_native(top)
    arches = ["x86_64"] + [x for x in a.arches if x != "x86_64"]
    records = []
    for arch in arches:
        for be in BACKENDS[arch]:
            for length in LENS:
                got = {w: per_packet(top, arch, plugin, w, be, length)
                       for w in WORKS}
                records.append({
                    "bench": "arch_insns", "arch": arch, "backend": be,
                    "len": length, "k": 8, "n": 12,
                    "fec_encode": got["fec"], "link_tx": got["tx"],
                    "link_rx": got["txrx"] - got["tx"],
                    "link_rx_loss": got["txrx-loss"] - got["tx"],
                })
    lines = ["| arch | FEC backend | len | FEC encode | link TX | link RX | "
             "link RX, 1 loss/block |", "|---|---|---|---|---|---|---|"]
    for r in records:
        lines.append(f"| {r['arch']} | {r['backend']} | {r['len']} | "
                     f"{r['fec_encode']:.0f} | {r['link_tx']:.0f} | "
                     f"{r['link_rx']:.0f} | {r['link_rx_loss']:.0f} |")
    table = "\n".join(lines)
    head = ("Instructions per packet (FEC 8/12; qemu-user instruction "
            f"count, runs of {LO} and {HI} packets differenced):")
    print(head)
    print(table)
    with open(os.path.join(top, "arch_insns.json"), "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    with open(os.path.join(top, "arch_insns.md"), "w") as f:
        f.write(head + "\n\n" + table + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
