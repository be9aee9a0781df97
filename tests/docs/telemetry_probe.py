# SPDX-License-Identifier: LGPL-2.1-or-later
"""Numbered, MAVLink-sized UDP datagrams through a link, both ways at once.

Each direction sends COUNT datagrams of 12..280 bytes (a MAVLink v1
heartbeat is 17, a v2 message at most 280) at 50 a second into one side
and reads them where the other side delivers them. A datagram carries a
magic, its direction and number, and a body derived from the number, so
the receiver checks each one byte for byte with nothing shared but the
rule. Before counting, each direction sends hellos until one is heard,
so the count starts once the whole path is up (a link that never comes
up fails on a bound, not by a count that happens to be short).
"""

import random
import socket
import struct
import threading
import time

MAGIC = b"DVRT"
HEADER = struct.Struct(">4sBIH")   # magic, direction, number, length
HELLO = 0xFFFFFFFF
RATE_HZ = 50
MIN_LEN, MAX_LEN = 12, 280


def free_udp_port():
    """A UDP port nothing on 127.0.0.1 holds now, for a pipeline's udpsrc."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def datagram(direction, seq):
    if seq == HELLO:
        length = HEADER.size
    else:
        length = MIN_LEN + (seq * 97) % (MAX_LEN - MIN_LEN + 1)
    body = random.Random(direction * 1_000_003 + seq).randbytes(length - HEADER.size)
    return HEADER.pack(MAGIC, direction, seq, length) + body


class Direction:
    """One way through the link: where to send, the socket that hears."""

    def __init__(self, name, ident, send_to, recv_sock):
        self.name = name
        self.ident = ident
        self.send_to = send_to
        self.sock = recv_sock
        self.heard_hello = threading.Event()
        self.got = {}          # number -> times received intact
        self.bad = []          # reasons, for datagrams that were not intact
        self.done = threading.Event()
        self.lock = threading.Lock()

    def receive(self, count, stop):
        self.sock.settimeout(0.2)
        while not stop.is_set():
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                return
            if len(data) < HEADER.size:
                self.bad.append(f"a {len(data)}-byte datagram")
                continue
            magic, direction, seq, length = HEADER.unpack_from(data)
            if magic != MAGIC or direction != self.ident:
                self.bad.append(f"a datagram not of this direction: {data[:16].hex()}")
                continue
            if seq == HELLO:
                self.heard_hello.set()
                continue
            if seq >= count or data != datagram(direction, seq):
                self.bad.append(f"datagram {seq} ({len(data)} bytes) is not "
                                "the one sent")
                continue
            with self.lock:
                self.got[seq] = self.got.get(seq, 0) + 1
                if len(self.got) == count:
                    self.done.set()


def run_both(directions, count, timeout, alive=lambda: True):
    """Sends and checks every direction at once; returns the problems."""
    stop = threading.Event()
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    readers = [threading.Thread(target=d.receive, args=(count, stop), daemon=True)
               for d in directions]
    for r in readers:
        r.start()
    problems = []
    try:
        # Hellos until every direction has heard one (bounded).
        end = time.monotonic() + timeout
        while not all(d.heard_hello.is_set() for d in directions):
            if time.monotonic() > end or not alive():
                return [f"{d.name}: the path never came up" for d in directions
                        if not d.heard_hello.is_set()] or ["a side exited"]
            for d in directions:
                if not d.heard_hello.is_set():
                    out.sendto(datagram(d.ident, HELLO), d.send_to)
            time.sleep(0.1)
        # The counted run: both directions interleaved at RATE_HZ each.
        t0 = time.monotonic()
        for seq in range(count):
            for d in directions:
                out.sendto(datagram(d.ident, seq), d.send_to)
            delay = t0 + (seq + 1) / RATE_HZ - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        # Then until each has all (bounded: what is missing is reported).
        end = time.monotonic() + timeout
        while not all(d.done.is_set() for d in directions):
            if time.monotonic() > end or not alive():
                break
            time.sleep(0.1)
    finally:
        stop.set()
        for r in readers:
            r.join()
        out.close()
    for d in directions:
        with d.lock:
            missing = [s for s in range(count) if s not in d.got]
            twice = [s for s, n in d.got.items() if n > 1]
        print(f"telemetry {d.name}: {len(d.got)} of {count} arrived intact, "
              f"{len(d.bad)} not intact, {len(twice)} more than once")
        if missing:
            problems.append(f"{d.name}: {len(missing)} of {count} never arrived "
                            f"(first {missing[:10]})")
        if twice:
            problems.append(f"{d.name}: delivered more than once: {twice[:10]}")
        problems += [f"{d.name}: {b}" for b in d.bad[:10]]
    return problems
