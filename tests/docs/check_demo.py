#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The demo as a user runs it (scripts/demo.sh), fewer raw frames: it must
succeed and leave the decoded frame it prints the path of as a whole PNG
(signature, IHDR with non-zero dimensions, IEND) of the size sent.

usage: check_demo.py SOURCE_DIR BUILD_DIR
"""

import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib


def png_size(path):
    """(width, height) of a complete PNG file, or a reason it is not one."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return "no PNG signature"
    pos, size, chunks = 8, None, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc = data[pos + 8 + length:pos + 12 + length]
        if len(body) != length or len(crc) != 4:
            return f"chunk {kind!r} cut short"
        if struct.unpack(">I", crc)[0] != zlib.crc32(kind + body):
            return f"chunk {kind!r} has a bad CRC"
        chunks.append(kind)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        pos += 12 + length
    if not chunks or chunks[0] != b"IHDR" or size is None:
        return "no IHDR first"
    if chunks[-1] != b"IEND":
        return "no IEND: the file is incomplete"
    if b"IDAT" not in chunks:
        return "no image data"
    return size


def main():
    source, build = sys.argv[1], sys.argv[2]
    scratch = tempfile.mkdtemp(prefix="devourer-demo-test-")
    frame = os.path.join(scratch, "frame.png")
    # The video as long as the demo's own (150 frames, a keyframe every
    # 60): the drone announces its session key once a second, and a ground
    # whose 10% loss took the first announce decodes from the next
    # keyframe; with a single keyframe it would decode nothing.
    env = dict(os.environ, DEVOURER_BUILD=os.path.realpath(build),
               DEMO_FRAME=frame, COUNT="100", FRAMES="150")
    r = subprocess.run(["bash", os.path.join(source, "scripts", "demo.sh")],
                       env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=400)
    print(r.stdout)
    failures = []
    if r.returncode != 0:
        failures.append(f"scripts/demo.sh exited {r.returncode}")
    m = re.search(r"^== a decoded frame, (\d+)x(\d+): (.+)$", r.stdout, re.M)
    if not m:
        failures.append("the demo printed no decoded frame's path")
    else:
        w, h, path = int(m.group(1)), int(m.group(2)), m.group(3)
        if os.path.realpath(path) != os.path.realpath(frame):
            failures.append(f"the demo printed {path}, not {frame}")
        elif not os.path.isfile(path):
            failures.append(f"{path} does not exist")
        else:
            size = png_size(path)
            if isinstance(size, str):
                failures.append(f"{path}: {size}")
            elif size != (w, h) or size != (1280, 720):
                failures.append(f"{path} is {size[0]}x{size[1]}; the demo "
                                f"printed {w}x{h} and sent 1280x720")
            else:
                print(f"check_demo: {path} is a complete {w}x{h} PNG")
    for f in failures:
        print("FAIL " + f)
    if not failures:
        subprocess.run(["rm", "-rf", scratch])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
