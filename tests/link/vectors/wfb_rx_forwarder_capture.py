#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Capture what a real wfb_rx -f forwards (README.md), with no Wi-Fi.

usage: unshare -n python3 wfb_rx_forwarder_capture.py WFB_RX \
           wfb_tx_capture.txt wfb_rx_forwarder_capture.txt

Two TAP devices get the link type ARPHRD_IEEE80211_RADIOTAP (TUNSETLINK),
so libpcap opens them as DLT_IEEE802_11_RADIO, the encapsulation wfb_rx
requires, and a frame written to a TAP's file descriptor is a frame that
interface received. Each frame of wfb_tx_capture.txt is written to both
(wlan 0 and wlan 1) under a radiotap RX header; wfb_rx -f forwards what it
captures to a UDP socket here, whose datagrams are written out in arrival
order after the P records of the input.
"""
import fcntl, os, socket, struct, subprocess, sys, time
TUNSETIFF, TUNSETLINK = 0x400454ca, 0x400454cd
IFF_TAP, IFF_NO_PI = 0x0002, 0x1000
ARPHRD_IEEE80211_RADIOTAP = 803
wfb_rx, capture, out_path = sys.argv[1], sys.argv[2], sys.argv[3]

def tap(name):
    fd = os.open('/dev/net/tun', os.O_RDWR)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack('16sH', name.encode(), IFF_TAP | IFF_NO_PI))
    fcntl.ioctl(fd, TUNSETLINK, ARPHRD_IEEE80211_RADIOTAP)
    subprocess.check_call(['ip', 'link', 'set', name, 'up'])
    return fd

def rx_radiotap(rssi, antenna):
    # present: FLAGS(1) CHANNEL(3) DBM_ANTSIGNAL(5) ANTENNA(11) MCS(19)
    present = (1 << 1) | (1 << 3) | (1 << 5) | (1 << 11) | (1 << 19)
    body = struct.pack('<B', 0)                     # flags @8
    body += b'\x00'                                 # pad: channel aligned to 2
    body += struct.pack('<HH', 5745, 0x0140)        # channel @10: 5745 MHz, OFDM|5GHz
    body += struct.pack('<bB', rssi, antenna)       # antsignal @14, antenna @15
    body += bytes([0x07, 0x00, 0x01])               # MCS @16: known bw|mcs|gi, flags 0 (20 MHz), MCS 1
    return struct.pack('<BBHI', 0, 0, 8 + len(body), present) + body

packets, frames = [], []
for line in open(capture):
    if line.startswith('P'):
        packets.append(line[1:].strip())
    elif line.startswith('F'):
        raw = bytes.fromhex(line[1:].strip())
        rtap_len = raw[6] | (raw[7] << 8)
        frames.append(raw[4 + rtap_len:])           # 802.11 header + WFB packet

subprocess.check_call(['ip', 'link', 'set', 'lo', 'up'])
fds = [tap('wfbtap0'), tap('wfbtap1')]
sink = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sink.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)
sink.bind(('127.0.0.1', 5810))
sink.settimeout(1.0)
fwd = subprocess.Popen([wfb_rx, '-f', '-c', '127.0.0.1', '-u', '5810', '-p', '7',
                        '-i', '1193046', 'wfbtap0', 'wfbtap1'],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
time.sleep(1.5)   # by hand: wfb_rx opens its pcap handles
for i, fr in enumerate(frames):
    os.write(fds[0], rx_radiotap(-40 - i % 3, 0) + fr)   # wlan 0 hears every frame
    os.write(fds[1], rx_radiotap(-61, 1) + fr)           # wlan 1 too: a copy
    time.sleep(0.01)
time.sleep(0.3)    # past FWD_DEDUP_BATCH_MS: the forwarder flushes its batch
os.write(fds[0], rx_radiotap(-40, 0) + frames[0])        # the session again: triggers the flush
got = []
while True:
    try:
        got.append(sink.recv(65536))
    except socket.timeout:
        break
fwd.terminate()
print(fwd.communicate()[0].decode()[-800:])
with open(out_path, 'w') as f:
    f.write('# wfb_rx -f datagrams (wfb-ng forwarder format) of the frames in\n'
            '# wfb_tx_capture.txt, heard on two interfaces: see README.md.\n'
            '# P = input packet of wfb_tx, D = one UDP datagram wfb_rx -f sent.\n')
    for p in packets:
        f.write('P %s\n' % p)
    for d in got:
        f.write('D %s\n' % d.hex())
print('frames written %d x2 (+1), datagrams received %d' % (len(frames), len(got)))
