#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Write wfb_forwarder_capture.txt from wfb_tx_capture.txt (README.md).

Each frame wfb_tx sent (an F record: fwmark, radiotap, 802.11 header, WFB
packet) becomes the datagram a wfb-ng forwarder (wfb_rx -f) sends for it:
the 17-byte forwarder header, then the frame after its 802.11 header
(layout: wfb-ng src/wifibroadcast.hpp wrxfwd_t, src/rx.cpp Forwarder).
Every frame is written twice, as two adapters of one forwarder heard it
(wlan 0 and wlan 1), and two records that carry no frame are added: a
forwarder's dedup batch (type 0x3 from wlan 0xff) and a datagram cut
inside its header. Run from this directory; the output is deterministic.
"""
import struct

FREQ_MHZ = 5745          # channel 149
MCS = 1                  # wfb_tx's default HT MCS 1
BANDWIDTH = 20


def header(wlan, rssi, noise):
    antenna = [0, 1, 0xff, 0xff]
    rssi = list(rssi) + [-128] * (4 - len(rssi))
    noise = list(noise) + [127] * (4 - len(noise))
    return struct.pack('>B4B4b4bHBB', wlan, *antenna, *rssi, *noise,
                       FREQ_MHZ, MCS, BANDWIDTH)


def main():
    packets, frames = [], []
    with open('wfb_tx_capture.txt') as f:
        for line in f:
            if line.startswith('P'):
                packets.append(line[1:].strip())
            elif line.startswith('F'):
                raw = bytes.fromhex(line[1:].strip())
                rtap_len = raw[6] | (raw[7] << 8)   # after the 4-byte fwmark
                frames.append(raw[4 + rtap_len + 24:])
    out = ['# wfb-ng forwarder datagrams (wfb_rx -f format) of the frames in',
           '# wfb_tx_capture.txt: see README.md. P = input packet,',
           '# D = one UDP datagram to the aggregator, in sending order.']
    out += ['P ' + p for p in packets]
    for i, fr in enumerate(frames):
        out.append('D ' + (header(0, [-40 - i % 3, -44], [-90, -92]) + fr).hex())
        out.append('D ' + (header(1, [-61, -63], [-91, -93]) + fr).hex())
        if i == 3:
            # A dedup batch: one record (8-byte hash + a header).
            rec = bytes(range(8)) + header(1, [-62], [-92])
            out.append('D ' + (header(0xff, [], []) + b'\x03' + rec).hex())
            out.append('D ' + header(0, [-40], [-90])[:9].hex())
    with open('wfb_forwarder_capture.txt', 'w') as f:
        f.write('\n'.join(out) + '\n')


if __name__ == '__main__':
    main()
