#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The video + telemetry examples as a user runs them:
examples/ground_telemetry.sh and examples/drone_telemetry.sh, each one
pipeline on ONE virtual adapter, with the substitutions the docs runner
makes (virtual adapters, fakesink, a smaller picture) and the UDP ports
pointed at this test. While the video runs, numbered MAVLink-sized
datagrams (12..280 bytes, 50 a second) go into both sides at once: the
flight controller's into the drone, the ground station's into the
ground. Every one must come out of the other side byte-exact, once; the
ground must have decoded video, received while the telemetry ran; both
scripts must exit 0.

With --key-files the two sides use a fresh devourer-keygen pair instead
of a password, as wfb-ng's do: drone.key for every stream of the drone,
gs.key for every stream of the ground.

usage: check_telemetry.py SOURCE_DIR BUILD_DIR [--key-files]
"""

import os
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_readme  # noqa: E402  (make_clone: the checkout as a user has it)
from telemetry_probe import Direction, free_udp_port, run_both  # noqa: E402

COUNT = 150              # datagrams each way: 3 s at 50 Hz
READY_TIMEOUT = 120      # a sanitized bring-up on a loaded machine
STOP_TIMEOUT = 60
MIN_FRAMES = 30          # one second of the drone's video


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def video_packets(out):
    """Packets of each rx-stats line the ground's video source posted."""
    return [int(v) for v in re.findall(r"^\s*[\d.]+ radio\s+rx-stats\s+(\d+) pkts",
                                       out, re.M)]


def stop(proc, problems, what):
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            problems.append(f"{what} did not stop on SIGINT")
    if proc.returncode != 0:
        problems.append(f"{what} exited {proc.returncode}")


def udp_bound(port):
    """The local IPv4 addresses UDP sockets of this network namespace are
    bound to on PORT (/proc/net/udp: address and port in hex)."""
    found = set()
    with open("/proc/net/udp") as f:
        next(f)
        for line in f:
            addr, hexport = line.split()[1].split(":")
            if int(hexport, 16) == port:
                found.add(socket.inet_ntoa(struct.pack("<I", int(addr, 16))))
    return found


def main():
    source, build = os.path.realpath(sys.argv[1]), sys.argv[2]
    scratch = tempfile.mkdtemp(prefix="devourer-telemetry-test-")
    clone = run_readme.make_clone(source, build, scratch)
    air = os.path.join(scratch, "air")
    os.mkdir(air)

    # The probe's own ends: the flight controller hears the uplink, the
    # ground station the downlink, on sockets it holds from the start.
    fc = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    fc.bind(("127.0.0.1", 0))
    gcs = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    gcs.bind(("127.0.0.1", 0))
    drone_in, ground_in = free_udp_port(), free_udp_port()
    drone_tun_in, ground_tun_in = free_udp_port(), free_udp_port()

    env = dict(os.environ, DEVOURER_AIR_DIR=air, CHANNEL="149")
    keys = {}
    if "--key-files" in sys.argv[3:]:
        keygen = os.path.join(build, "libdevourer", "link", "devourer-keygen")
        subprocess.run([keygen, "-d", scratch], check=True,
                       stdout=subprocess.DEVNULL)
        keys = {"drone": {"KEY_FILE": os.path.join(scratch, "drone.key")},
                "ground": {"KEY_FILE": os.path.join(scratch, "gs.key")}}
    else:
        env["PASSWORD"] = "telemetry-test"
    env.setdefault("DEVOURER_FIRMWARE_DIR", os.path.join(source, "firmware"))
    ground_env = dict(env, DEVICE="virtual:tground,rssi=-55", SINK="fakesink",
                      GCS_HOST="127.0.0.1", GCS_PORT=str(gcs.getsockname()[1]),
                      GCS_LISTEN_PORT=str(ground_in), TUNNEL="1",
                      TUN_LISTEN_PORT=str(ground_tun_in),
                      **keys.get("ground", {}))
    drone_env = dict(env, DEVICE="virtual:tdrone", FRAMES="0", SIZE="320x240",
                     BITRATE="500", FC_LISTEN_PORT=str(drone_in),
                     FC_HOST="127.0.0.1", FC_PORT=str(fc.getsockname()[1]),
                     TUNNEL="1", TUN_LISTEN_PORT=str(drone_tun_in),
                     **keys.get("drone", {}))
    glog = os.path.join(scratch, "ground.log")
    dlog = os.path.join(scratch, "drone.log")
    problems = []
    ground = drone = None
    try:
        with open(glog, "w") as g:
            ground = subprocess.Popen(["bash", "examples/ground_telemetry.sh"],
                                      cwd=clone, env=ground_env, stdout=g,
                                      stderr=subprocess.STDOUT,
                                      stdin=subprocess.DEVNULL)
        if not run_readme.wait_for(lambda: re.search(r"init\s+\S+\s+total", read(glog)),
                        READY_TIMEOUT, ground):
            problems.append("the ground never came up")
            return finish(problems, scratch, glog, dlog)
        with open(dlog, "w") as d:
            drone = subprocess.Popen(["bash", "examples/drone_telemetry.sh"],
                                     cwd=clone, env=drone_env, stdout=d,
                                     stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)

        # Video first, before any datagram: a pipeline whose telemetry
        # branch held it out of PLAYING until its first datagram would
        # send no video to a drone without a flight controller.
        if not run_readme.wait_for(lambda: any(video_packets(read(glog))), READY_TIMEOUT,
                        drone):
            problems.append("no video reached the ground before any telemetry "
                            "was sent")
            return finish(problems, scratch, glog, dlog)
        # Every port the scripts take datagrams on for the link listens on
        # loopback only: a port open to the LAN would let any host put
        # datagrams onto the authenticated uplink.
        for what, port in (("drone FC_LISTEN_PORT", drone_in),
                           ("ground GCS_LISTEN_PORT", ground_in),
                           ("drone TUN_LISTEN_PORT", drone_tun_in),
                           ("ground TUN_LISTEN_PORT", ground_tun_in)):
            bound = udp_bound(port)
            if bound != {"127.0.0.1"}:
                problems.append(f"{what} {port} is bound to "
                                f"{sorted(bound) or 'nothing'}, not 127.0.0.1 only")
        down = Direction("down (flight controller -> drone -> ground station)",
                         1, ("127.0.0.1", drone_in), gcs)
        up = Direction("up (ground station -> ground -> flight controller)",
                       2, ("127.0.0.1", ground_in), fc)
        problems += run_both([down, up], COUNT, READY_TIMEOUT,
                             alive=lambda: ground.poll() is None and
                             drone.poll() is None)
        # Video must have been arriving while the telemetry did.
        during = video_packets(read(glog))
        if not any(during):
            problems.append("no video packets reached the ground while the "
                            "telemetry ran")
        stop(drone, problems, "drone_telemetry.sh")
        # The ground has all the video once its video source reports an
        # interval without packets.
        run_readme.wait_for(lambda: (lambda p: any(p) and p[-1] == 0)(video_packets(read(glog))),
                 STOP_TIMEOUT, ground)
        stop(ground, problems, "ground_telemetry.sh")
        m = re.findall(r"^screen received (\d+) buffers", read(glog), re.M)
        frames = int(m[-1]) if m else 0
        print(f"check_telemetry: the ground decoded {frames} video frames")
        # The drone ran for seconds at 30 fps: a ground whose pipeline
        # stalled in preroll would have let one frame through, not this many.
        if frames < MIN_FRAMES:
            problems.append(f"the ground decoded {frames} video frames, "
                            f"fewer than {MIN_FRAMES}")
    finally:
        for p in (drone, ground):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
        fc.close()
        gcs.close()
    return finish(problems, scratch, glog, dlog)


def finish(problems, scratch, glog, dlog):
    if problems:
        for name, path in (("ground", glog), ("drone", dlog)):
            if os.path.exists(path):
                print(f"--- {name} output (last 6000 characters)")
                print(read(path)[-6000:])
        for pr in problems:
            print("FAIL " + pr)
        print(f"scratch kept: {scratch}")
        return 1
    subprocess.run(["rm", "-rf", scratch])
    print("check_telemetry: video down and telemetry both ways arrived")
    return 0


if __name__ == "__main__":
    sys.exit(main())
