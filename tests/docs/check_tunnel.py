#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The IP tunnel of examples/README.md, over virtual adapters: on each
side devourer-tun and the telemetry script with TUNNEL=1, as printed,
each side in a network namespace of its own (so the two tunnel ends are
two hosts and every port is the printed default). The drone pings the
ground's tunnel address and the ground the drone's: each echo request
crosses the radio one way and its reply the other. Every ping must be
answered; the ground must also have decoded video.

Needs root (CAP_NET_ADMIN for the TUN interfaces, CAP_SYS_ADMIN for the
namespaces), /dev/net/tun, unshare and nsenter; without them it is
skipped (exit 77) and says which is missing.

usage: check_tunnel.py SOURCE_DIR BUILD_DIR
       check_tunnel.py --ping ADDR COUNT TIMEOUT   (inside a namespace)
"""

import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_readme  # noqa: E402

PINGS = 10
READY_TIMEOUT = 120
STOP_TIMEOUT = 60
PING_TIMEOUT = 60        # the path coming up, then each echo's answer
DRONE_ADDR, GROUND_ADDR = "10.5.0.2", "10.5.0.1"


# ------------------------------------------------------------ the pinger

def checksum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    s = (s >> 16) + (s & 0xffff)
    s += s >> 16
    return ~s & 0xffff


def ping(addr, count, timeout):
    """Echo requests to addr: first until one is answered (the path
    coming up), then `count` numbered ones, each answered before the
    next. Returns 0 when all were."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    ident = os.getpid() & 0xffff

    def echo(seq, payload):
        hdr = struct.pack("!BBHHH", 8, 0, 0, ident, seq)
        pkt = hdr + payload
        pkt = pkt[:2] + struct.pack("!H", checksum(pkt)) + pkt[4:]
        sock.sendto(pkt, (addr, 0))

    def answered(seq, payload, wait):
        end = time.monotonic() + wait
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return False
            sock.settimeout(left)
            try:
                data, src = sock.recvfrom(65536)
            except socket.timeout:
                return False
            ihl = (data[0] & 0x0f) * 4
            icmp = data[ihl:]
            if src[0] != addr or len(icmp) < 8:
                continue
            typ, _code, _ck, rid, rseq = struct.unpack("!BBHHH", icmp[:8])
            if typ == 0 and rid == ident and rseq == seq:
                return icmp[8:] == payload

    end = time.monotonic() + timeout
    seq = 0
    while True:
        seq += 1
        if seq > 0x7fff or time.monotonic() > end:
            print(f"ping {addr}: never answered")
            return 1
        echo(seq, b"warm-up")
        if answered(seq, b"warm-up", 0.5):
            break
    ok = 0
    for i in range(count):
        payload = bytes((i + j) & 0xff for j in range(56 + i * 100))
        s = 0x8000 + i
        echo(s, payload)
        if answered(s, payload, timeout):
            ok += 1
        else:
            print(f"ping {addr}: echo {i} ({len(payload)} bytes) unanswered")
    print(f"ping {addr}: {ok} of {count} answered")
    return 0 if ok == count else 1


def ipv4_echo(src, dst, seq):
    """An IPv4 ICMP echo request, checksums right."""
    icmp = struct.pack("!BBHHH", 8, 0, 0, 0x4242, seq) + b"batched"
    icmp = icmp[:2] + struct.pack("!H", checksum(icmp)) + icmp[4:]
    hdr = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(icmp), seq, 0, 64, 1, 0,
                      socket.inet_aton(src), socket.inet_aton(dst))
    hdr = hdr[:10] + struct.pack("!H", checksum(hdr)) + hdr[12:]
    return hdr + icmp


def inject(port):
    """What a radio peer may send devourer-tun's UDP side, good and bad:
    a keepalive, two malformed batches, a wfb-ng batch of two packets,
    a packet that is not IP, and one longer than the interface's MTU
    (1443), which must be counted and never written to the TUN."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    to = ("127.0.0.1", port)
    a, b = ipv4_echo(DRONE_ADDR, GROUND_ADDR, 1), ipv4_echo(DRONE_ADDR, GROUND_ADDR, 2)
    for d in (b"",                                       # keepalive
              b"\x00",                                   # cut inside a length
              b"\x00\x10abc",                            # length past the end
              struct.pack("!H", len(a)) + a + struct.pack("!H", len(b)) + b,
              struct.pack("!H", 4) + b"\0\0\0\0",         # not IP
              struct.pack("!H", 1444) + ipv4_echo(DRONE_ADDR, GROUND_ADDR, 3)
              + bytes(1444 - 35)):                      # above the MTU
        sock.sendto(d, to)
    return 0


# ------------------------------------------------------------ the test

def missing_rights():
    if os.geteuid() != 0:
        return "not root (TUN interfaces need CAP_NET_ADMIN, namespaces CAP_SYS_ADMIN)"
    if not os.path.exists("/dev/net/tun"):
        return "no /dev/net/tun"
    for tool in ("unshare", "nsenter", "ip"):
        if shutil.which(tool) is None:
            return f"no {tool}"
    r = subprocess.run(["unshare", "-n", "true"], capture_output=True, text=True)
    if r.returncode != 0:
        return f"unshare -n fails: {r.stderr.strip()}"
    return None


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


class Side:
    """A network namespace, held open by a process that waits on stdin."""

    def __init__(self, name, scratch, env, cwd):
        self.name, self.scratch, self.env, self.cwd = name, scratch, env, cwd
        self.holder = subprocess.Popen(["unshare", "-n", "cat"],
                                       stdin=subprocess.PIPE,
                                       stdout=subprocess.DEVNULL)
        self.procs = []
        # unshare has made the namespace once its process is in another
        # one than ours; entering it before would enter ours.
        mine = os.readlink("/proc/self/ns/net")
        if not run_readme.wait_for(lambda: self.netns() not in (None, mine), READY_TIMEOUT,
                        self.holder):
            raise RuntimeError(f"{name}: unshare -n never made a namespace")
        r = self.run(["ip", "link", "set", "lo", "up"])
        if r.returncode != 0:
            raise RuntimeError(f"{name}: ip link set lo up: {r.stderr}")

    def netns(self):
        try:
            return os.readlink(f"/proc/{self.holder.pid}/ns/net")
        except OSError:
            return None

    def enter(self, argv):
        return ["nsenter", "-t", str(self.holder.pid), "-n", "--"] + argv

    def run(self, argv):
        r = subprocess.run(self.enter(argv), capture_output=True, text=True,
                           env=self.env, cwd=self.cwd, timeout=READY_TIMEOUT * 2)
        return r

    def start(self, label, argv, env):
        log = os.path.join(self.scratch, f"{self.name}-{label}.log")
        with open(log, "w") as f:
            p = subprocess.Popen(self.enter(argv), env=dict(self.env, **env),
                                 cwd=self.cwd, stdout=f,
                                 stderr=subprocess.STDOUT,
                                 stdin=subprocess.DEVNULL)
        self.procs.append((label, p, log))
        return p, log

    def close(self):
        for _label, p, _log in self.procs:
            if p.poll() is None:
                p.kill()
                p.wait()
        self.holder.stdin.close()
        self.holder.wait()


def stop(proc, label, problems):
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            problems.append(f"{label} did not stop on SIGINT")
    if proc.returncode != 0:
        problems.append(f"{label} exited {proc.returncode}")


def main():
    if sys.argv[1:2] == ["--ping"]:
        return ping(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
    if sys.argv[1:2] == ["--inject"]:
        return inject(int(sys.argv[2]))
    why = missing_rights()
    if why:
        print(f"check_tunnel: skipped: {why}")
        return 77
    source, build = os.path.realpath(sys.argv[1]), sys.argv[2]
    scratch = tempfile.mkdtemp(prefix="devourer-tunnel-test-")
    clone = run_readme.make_clone(source, build, scratch)
    air = os.path.join(scratch, "air")
    os.mkdir(air)
    env = dict(os.environ, DEVOURER_AIR_DIR=air, PASSWORD="tunnel-test")
    env.setdefault("DEVOURER_FIRMWARE_DIR", os.path.join(source, "firmware"))
    tun = os.path.join(clone, "build", "examples", "devourer-tun")
    me = os.path.abspath(__file__)
    problems, sides = [], []
    try:
        drone = Side("drone", scratch, env, clone)
        ground = Side("ground", scratch, env, clone)
        sides = [drone, ground]
        # The tunnel ends first, as printed.
        for side, ifname, addr in ((drone, "drone-wfb", DRONE_ADDR),
                                   (ground, "gs-wfb", GROUND_ADDR)):
            p, log = side.start("tun", [tun, "-i", ifname, "-a", addr + "/24"], {})
            if not run_readme.wait_for(lambda log=log: " up, " in read(log), READY_TIMEOUT, p):
                problems.append(f"{side.name}: devourer-tun never came up:\n{read(log)}")
                return finish(problems, scratch, sides)
        gp, glog = ground.start("pipeline", ["bash", "examples/ground_telemetry.sh"],
                                {"TUNNEL": "1", "DEVICE": "virtual:nground",
                                 "SINK": "fakesink"})
        if not run_readme.wait_for(lambda: re.search(r"init\s+\S+\s+total", read(glog)),
                        READY_TIMEOUT, gp):
            problems.append("the ground never came up")
            return finish(problems, scratch, sides)
        dp, _dlog = drone.start("pipeline", ["bash", "examples/drone_telemetry.sh"],
                                {"TUNNEL": "1", "DEVICE": "virtual:ndrone",
                                 "FRAMES": "0", "SIZE": "320x240",
                                 "BITRATE": "500"})
        for side, addr in ((drone, GROUND_ADDR), (ground, DRONE_ADDR)):
            r = side.run(["python3", me, "--ping", addr, str(PINGS),
                          str(PING_TIMEOUT)])
            print(f"[{side.name}] {r.stdout.strip()} {r.stderr.strip()}")
            if r.returncode != 0:
                problems.append(f"{side.name}: ping {addr} failed")
        # Bad input on the ground's UDP side: counted, never fatal (the
        # pipeline and devourer-tun must still stop cleanly below).
        tun_log = next(log for label, _p, log in ground.procs if label == "tun")
        r = ground.run(["python3", me, "--inject", "5800"])
        if r.returncode != 0:
            problems.append(f"inject: {r.stderr}")
        stop(dp, "drone_telemetry.sh", problems)
        stop(gp, "ground_telemetry.sh", problems)
        m = re.findall(r"^screen received (\d+) buffers", read(glog), re.M)
        frames = int(m[-1]) if m else 0
        print(f"check_tunnel: the ground decoded {frames} video frames")
        if frames <= 0:
            problems.append("the ground decoded no video frame")
        for side in sides:
            for label, p, log in side.procs:
                if label == "tun":
                    stop(p, f"{side.name} devourer-tun", problems)
                    print(f"[{side.name}] " + read(log).strip().splitlines()[-1])
        end = re.findall(r"^devourer-tun: end: .*$", read(tun_log), re.M)
        counts = {k: int(v) for k, v in re.findall(r"([a-z-]+) (\d+)", end[-1])} if end else {}
        want = {"keepalives": 1, "malformed": 2, "refused": 1, "oversize": 1}
        if any(counts.get(k) != v for k, v in want.items()):
            problems.append(f"the ground's devourer-tun counted {counts}, not {want} "
                            "of the injected datagrams")
    finally:
        for side in sides:
            side.close()
    return finish(problems, scratch, sides)


def finish(problems, scratch, sides):
    if problems:
        for side in sides:
            for label, _p, log in side.procs:
                print(f"--- {side.name} {label} (last 4000 characters)")
                print(read(log)[-4000:])
        for pr in problems:
            print("FAIL " + pr)
        print(f"scratch kept: {scratch}")
        return 1
    subprocess.run(["rm", "-rf", scratch])
    print("check_tunnel: pings answered both ways through the tunnel")
    return 0


if __name__ == "__main__":
    sys.exit(main())
