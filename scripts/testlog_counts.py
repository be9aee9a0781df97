#!/usr/bin/env python3
"""Counts the results in a meson testlog.json and prints one summary line.

    python3 scripts/testlog_counts.py TESTLOG [FAILED_STAGE ...]

TESTLOG is meson's meson-logs/testlog.json (one JSON object a line).
Each FAILED_STAGE is 0 or 1: a check that ran outside meson test (a
build, a sanitizer stage) and counts as one failure when it is 1.
Prints "<passed> passed, <failed> failed, <skipped> skipped"; OK and
EXPECTEDFAIL count as passed, SKIP as skipped, anything else as failed.
Used by scripts/test.sh and scripts/cross.sh.
"""
import json
import sys


def main(argv):
    if len(argv) < 2:
        print("usage: testlog_counts.py TESTLOG [FAILED_STAGE ...]",
              file=sys.stderr)
        return 2
    passed = failed = skipped = 0
    for stage in argv[2:]:
        failed += int(stage)
    with open(argv[1]) as f:
        for line in f:
            result = json.loads(line)["result"]
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
