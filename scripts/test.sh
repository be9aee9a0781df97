#!/usr/bin/env bash
# The test command: installs what is missing, builds with AddressSanitizer
# and UndefinedBehaviorSanitizer, runs every test, prints a summary line.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh

BUILD=${DEVOURER_TEST_BUILD:-build-test}
if [ ! -f "$BUILD/build.ninja" ]; then
  meson setup "$BUILD" -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fno-sanitize-recover=all
fi
meson compile -C "$BUILD"

status=0
meson test -C "$BUILD" --print-errorlogs --num-processes 2 "$@" || status=$?

# One closing line any CI reader understands.
python3 - "$BUILD/meson-logs/testlog.json" <<'PY'
import json, sys
passed = failed = skipped = 0
with open(sys.argv[1]) as f:
    for line in f:
        r = json.loads(line)["result"]
        if r in ("OK", "EXPECTEDFAIL"):
            passed += 1
        elif r == "SKIP":
            skipped += 1
        else:
            failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit $status
