#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""By hand, not in CI: devourersrc forward= against a real wfb_rx -a.

usage: wfb_rx_aggregator_interop.py WFB_RX BUILD_DIR
Run inside a private network namespace (unshare -n, then ip link set lo
up). A devourersink sends 200 known packets over a virtual air to a
devourersrc that forwards what it hears to wfb_rx -a; the packets wfb_rx
delivers on its UDP output are compared with those sent. README.md says
what it printed.
"""
import os
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
AGG_PORT, OUT_PORT, IN_PORT = 5801, 5802, 5803
LINK = ['link-id=1193046', 'radio-port=7', 'channel=149']


def main():
    wfb_rx, build = sys.argv[1], os.path.abspath(sys.argv[2])
    preload = ' '.join(subprocess.check_output(
        ['gcc', '-print-file-name=' + lib]).decode().strip()
        for lib in ['libasan.so', 'libubsan.so'])
    air = tempfile.mkdtemp()
    env = dict(os.environ, GST_PLUGIN_PATH=build + '/gst',
               DEVOURER_AIR_DIR=air, DEVOURER_FIRMWARE_DIR=SRC + '/firmware',
               LD_PRELOAD=preload, ASAN_OPTIONS='detect_leaks=0',
               GST_REGISTRY=air + '/registry.bin', GST_REGISTRY_FORK='no')
    out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    out.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
    out.bind(('127.0.0.1', OUT_PORT))
    out.settimeout(0.5)
    log = open(air + '/wfb_rx.log', 'w')
    agg = subprocess.Popen([wfb_rx, '-a', str(AGG_PORT), '-K', HERE + '/gs.key',
                            '-c', '127.0.0.1', '-u', str(OUT_PORT),
                            '-p', '7', '-i', '1193046'],
                           stdout=log, stderr=subprocess.STDOUT)
    rx = subprocess.Popen(['gst-launch-1.0', '-q', 'devourersrc',
                           'device=virtual:ground', 'key-file=' + HERE + '/gs.key',
                           'forward=127.0.0.1:%d' % AGG_PORT] + LINK +
                          ['!', 'fakesink'], env=env)
    time.sleep(4)   # by hand: the receiver's bring-up
    tx = subprocess.Popen(['gst-launch-1.0', '-q', 'udpsrc', 'port=%d' % IN_PORT,
                           '!', 'devourersink', 'device=virtual:drone',
                           'key-file=' + HERE + '/drone.key', 'sync=false'] +
                          LINK, env=env)
    time.sleep(4)
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sent = [bytes(((i * 7 + j) & 0xff) for j in range(1 + (i * 37) % 1200))
            for i in range(200)]
    for p in sent:
        s.sendto(p, ('127.0.0.1', IN_PORT))
        time.sleep(0.002)
    got = []
    end = time.time() + 5
    while time.time() < end and len(got) < len(sent):
        try:
            got.append(out.recv(65536))
        except socket.timeout:
            pass
    time.sleep(1.5)   # one more of wfb_rx's 1 s log intervals
    for p in (tx, rx, agg):
        p.terminate()
        p.wait()
    print('sent %d, wfb_rx -a delivered %d, byte-exact and in order: %s' %
          (len(sent), len(got), got == sent))
    # wfb_rx's log, less its idle per-second lines.
    for line in open(air + '/wfb_rx.log'):
        if not line.rstrip().endswith('\t0:0:0:0:0:0:0:0:0:0:0'):
            print(line.rstrip())


if __name__ == '__main__':
    main()
