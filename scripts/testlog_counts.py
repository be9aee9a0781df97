#!/usr/bin/env python3
"""Counts the results in a meson testlog.json and prints one summary line.

    python3 scripts/testlog_counts.py TESTLOG [STAGE=0|1 ...]

TESTLOG is meson's meson-logs/testlog.json (one JSON object a line); OK
and EXPECTEDFAIL count as passed, SKIP as skipped, anything else as
failed. Each STAGE=0 or STAGE=1 is a check that ran outside meson test
(a build, a sanitizer stage): passed when 0, failed when 1.

Without stages it prints "<passed> passed, <failed> failed, <skipped>
skipped" (scripts/cross.sh, per architecture). With stages, the test
command's closing line (scripts/test.sh): those totals over the tests and
the stages together, then each part on its own and the failed stages by
name. A TESTLOG that is missing or unreadable counts as one failure (the
tests did not run to their end). Exit status 0.
"""
import json
import sys


def count_tests(path):
    """(passed, failed, skipped, note) of a testlog.json."""
    passed = failed = skipped = 0
    try:
        with open(path) as f:
            for line in f:
                if not line.strip():
                    continue
                result = json.loads(line)["result"]
                if result in ("OK", "EXPECTEDFAIL"):
                    passed += 1
                elif result == "SKIP":
                    skipped += 1
                else:
                    failed += 1
    except (OSError, ValueError, KeyError) as e:
        return passed, failed + 1, skipped, f"{path} unreadable: {e}"
    return passed, failed, skipped, None


def main(argv):
    if len(argv) < 2:
        print("usage: testlog_counts.py TESTLOG [STAGE=0|1 ...]",
              file=sys.stderr)
        return 2
    stages = []
    for arg in argv[2:]:
        name, sep, value = arg.rpartition("=")
        if not sep or value not in ("0", "1"):
            print(f"testlog_counts.py: {arg!r} is not STAGE=0 or STAGE=1",
                  file=sys.stderr)
            return 2
        stages.append((name, value == "1"))
    passed, failed, skipped, note = count_tests(argv[1])
    if not stages:
        print(f"{passed} passed, {failed} failed, {skipped} skipped"
              + (f" ({note})" if note else ""))
        return 0
    bad = [name for name, fail in stages if fail]
    good = len(stages) - len(bad)
    print(f"devourer: {passed + good} passed, {failed + len(bad)} failed, "
          f"{skipped} skipped: "
          f"tests {passed} passed, {failed} failed, {skipped} skipped; "
          f"stages {good} passed, {len(bad)} failed"
          + (f" ({', '.join(bad)})" if bad else "")
          + (f"; {note}" if note else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
