#!/usr/bin/env bash
# The test command: installs what is missing, builds with AddressSanitizer
# and UndefinedBehaviorSanitizer, runs every test, then the stages beside
# them (clang, default gcc, fuzz, ThreadSanitizer, install, ARM cross).
# Each stage says when it starts and how it ended, the builds with a
# progress line; the closing line counts every test and every stage,
# passed and failed. Exit status: 0 when nothing failed, else 1.
set -euo pipefail
cd "$(dirname "$0")/.."

# stage_begin/stage_end, progress_compile, progress_tests.
PROGRESS_PREFIX="devourer: "
source scripts/progress.sh
# A step that stops the command (the packages, a configure, the main
# build) still ends it with a closing line and status 1.
SUMMARY_PRINTED=0
on_exit() {
  local rc=$? passed=0 failed=1 r
  if [ "$SUMMARY_PRINTED" = 0 ]; then
    for r in "${STAGE_RESULTS[@]}"; do
      case "$r" in
        passed) passed=$((passed + 1)) ;;
        failed) failed=$((failed + 1)) ;;
      esac
    done
    echo "devourer: stopped${STAGE_CURRENT:+ in stage '$STAGE_CURRENT'} (exit $rc):" \
      "$passed passed, $failed failed, 0 skipped (the stages before it; no later stage ran)"
    exit 1
  fi
}
trap on_exit EXIT

stage_begin packages
bash scripts/deps.sh
stage_end passed
# devourer_build_dir: every build below gets -Dwerror=true and every
# optional part, fresh or reconfigured (scripts/build_dir.sh).
source scripts/build_dir.sh

BUILD=${DEVOURER_TEST_BUILD:-build-test}
stage_begin "configure $BUILD"
devourer_build_dir "$BUILD" -Db_sanitize=address,undefined -Db_lundef=false \
  -Dc_args=-fno-sanitize-recover=all
stage_end passed
stage_begin "ASan+UBSan build"
progress_compile "$BUILD" "$BUILD/asan-build.log"
stage_end passed

# The tests, printing each as it finishes (meson test's own lines); any
# arguments of this command go to meson test (names, --suite ...).
status=0
stage_begin "meson tests"
echo "devourer: meson tests: $(meson test -C "$BUILD" --list "$@" 2>/dev/null | wc -l) to run"
meson test -C "$BUILD" --print-errorlogs --num-processes 2 "$@" || status=$?
# Counted test by test in the closing line, not as a stage.
echo "devourer: meson tests: ended ($(( $(date +%s) - STAGE_T0 )) s; counted in the closing line)"
STAGE_CURRENT=""

# The code must also build warning-free with clang (C11, -Werror), the
# compiler many ARM camera SDKs ship: compile only, the tests ran above.
clang_failed=0
stage_begin "clang build"
if command -v clang >/dev/null 2>&1; then
  CLANG_BUILD=${DEVOURER_CLANG_BUILD:-build-clang}
  CC=clang devourer_build_dir "$CLANG_BUILD"
  if ! progress_compile "$CLANG_BUILD" "$BUILD/clang-build.log"; then
    clang_failed=1
    status=1
  fi
  stage_end "$( [ "$clang_failed" = 0 ] && echo passed || echo failed)"
else
  echo "devourer: clang missing, the clang build not made"
  stage_end skipped
fi

# The default build a user makes (gcc, no sanitizers, optimised) warns
# where the sanitized one does not (-Wformat-truncation needs the
# optimiser's value ranges): it must build warning-free too. The install
# stage below installs it; its prefix is a directory of its own (the
# compiled-in firmware path points there) and the udev rule goes under
# that prefix, so nothing is written outside the build dir.
plain_failed=0
stage_begin "default gcc build"
PLAIN_BUILD=${DEVOURER_PLAIN_BUILD:-build-plain}
PLAIN_PREFIX=$(realpath -m "$PLAIN_BUILD")/stage-prefix
devourer_build_dir "$PLAIN_BUILD" --prefix="$PLAIN_PREFIX" \
  -Dudev_rules_dir=lib/udev/rules.d
if ! progress_compile "$PLAIN_BUILD" "$BUILD/plain-build.log"; then
  plain_failed=1
  status=1
fi
stage_end "$( [ "$plain_failed" = 0 ] && echo passed || echo failed)"

# Fuzzing (tests/fuzz/README.md): a clang build of its own with libFuzzer
# and ASan+UBSan; each target replays its committed corpus (regression
# inputs included) and fuzzes for FUZZ_SECONDS (20) seconds. Any crash,
# sanitizer report or oracle failure fails the command; the crashing
# input is left in $FUZZ_BUILD/tests/fuzz/work_<target>/.
fuzz_failed=0
stage_begin fuzz
if command -v clang >/dev/null 2>&1; then
  FUZZ_BUILD=${DEVOURER_FUZZ_BUILD:-build-fuzz}
  CC=clang devourer_build_dir "$FUZZ_BUILD" -Dfuzz=true \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fno-sanitize-recover=all
  fuzz_targets=()
  for f in tests/fuzz/fuzz_*.c; do
    fuzz_targets+=("$(basename "$f" .c)")
  done
  if ! progress_compile "$FUZZ_BUILD" "$BUILD/fuzz-build.log" \
      "${fuzz_targets[@]}"; then
    echo "devourer: the fuzz build failed"
    fuzz_failed=1
  elif ! progress_tests "$BUILD/fuzz-test.log" \
      meson test -C "$FUZZ_BUILD" --no-rebuild --suite fuzz \
      --print-errorlogs --num-processes 2; then
    echo "devourer: a fuzz target failed (see $BUILD/fuzz-test.log):"
    grep -E "^ *[0-9]+/[0-9]+ .*(FAIL|ERROR|TIMEOUT)|fuzz_[a-z0-9_]+: |SUMMARY" \
      "$BUILD/fuzz-test.log" | head -20
    fuzz_failed=1
  else
    echo "devourer: fuzz: ${#fuzz_targets[@]} targets ran clean"
  fi
else
  echo "devourer: fuzz: clang missing, fuzz targets not run"
  fuzz_failed=1
fi
if [ "$fuzz_failed" -ne 0 ]; then
  status=1
fi
stage_end "$( [ "$fuzz_failed" = 0 ] && echo passed || echo failed)"

# ThreadSanitizer over the threaded suites (meson suite 'threaded': the
# link, the chip model and air, e2e, vusb and the GStreamer element tests
# the sanitizer can follow), in a build of its own. The 'tsan' test setup
# (tests/meson.build) preloads tests/tsan_glib_locks.c (GLib's futex locks
# made visible) and applies tests/tsan.supp (third-party frames only). Any
# report in the test log fails the stage, even one of a child process
# whose exit status its test ignored.
tsan_failed=0
stage_begin ThreadSanitizer
TSAN_BUILD=${DEVOURER_TSAN_BUILD:-build-tsan}
devourer_build_dir "$TSAN_BUILD" -Db_sanitize=thread -Db_lundef=false \
  -Doptimization=1 -Ddebug=true
if ! progress_compile "$TSAN_BUILD" "$BUILD/tsan-build.log"; then
  tsan_failed=1
else
  if ! progress_tests "$BUILD/tsan-test.log" \
      meson test -C "$TSAN_BUILD" --setup tsan --suite threaded \
      --num-processes 1 --print-errorlogs; then
    echo "devourer: threaded suites failed under ThreadSanitizer (see $BUILD/tsan-test.log):"
    grep -E '^ *[0-9]+/[0-9]+ .*(FAIL|ERROR|TIMEOUT)' "$BUILD/tsan-test.log" || tail -20 "$BUILD/tsan-test.log"
    tsan_failed=1
  fi
  if grep -q 'WARNING: ThreadSanitizer' "$TSAN_BUILD/meson-logs/testlog-tsan.txt"; then
    echo "devourer: ThreadSanitizer reports (in $TSAN_BUILD/meson-logs/testlog-tsan.txt):"
    grep 'SUMMARY: ThreadSanitizer' "$TSAN_BUILD/meson-logs/testlog-tsan.txt" | sort | uniq -c
    tsan_failed=1
  fi
fi
[ "$tsan_failed" = 0 ] || status=1
stage_end "$( [ "$tsan_failed" = 0 ] && echo passed || echo failed)"

# What `meson install` makes (scripts/install_check.sh): the default
# build installed into a DESTDIR (plugin found by gst-inspect-1.0 there,
# headers and devourer.pc compile a program, man pages, udev rule,
# firmware) and into its own prefix (the installed firmware copy found
# with nothing else set); a library-only configuration; a prefix-/usr
# configuration puts the plugin in GStreamer's own dir.
install_failed=0
stage_begin install
if [ "$plain_failed" -ne 0 ]; then
  echo "devourer: install: skipped, the default build failed"
  install_failed=1
elif ! bash scripts/install_check.sh "$PLAIN_BUILD" 2>&1 |
    tee "$BUILD/install-check.log" |
    { grep --line-buffered -E '^(ok|not ok) ' || true; }; then
  echo "devourer: the install stage failed (see $BUILD/install-check.log):"
  grep -E '^(not ok|devourer-install:)' "$BUILD/install-check.log" |
    head -20 || true
  install_failed=1
else
  grep -E '^devourer-install: ' "$BUILD/install-check.log" | tail -1
fi
[ "$install_failed" = 0 ] || status=1
stage_end "$( [ "$install_failed" = 0 ] && echo passed || echo failed)"

# ARM (scripts/cross.sh): the library, link layer, chip model and their
# unit, HAL, link and FEC tests cross-built for armhf and arm64 and run
# under qemu-user, in build dirs of their own (build-cross/).
cross_failed=0
stage_begin "ARM cross"
if ! bash scripts/cross.sh 2>&1 | tee "$BUILD/cross.log" |
    { grep --line-buffered -E '^devourer: cross:' || true; }; then
  echo "devourer: the ARM cross stage failed (see $BUILD/cross.log):"
  grep -E '^ *[0-9]+/[0-9]+ .*(FAIL|ERROR|TIMEOUT)' "$BUILD/cross.log" |
    head -20 || true
  cross_failed=1
fi
[ "$cross_failed" = 0 ] || status=1
stage_end "$( [ "$cross_failed" = 0 ] && echo passed || echo failed)"

# One closing line any CI reader understands: every meson test and every
# stage (the builds, fuzz, ThreadSanitizer, install, ARM cross), passed
# and failed. A failure anywhere makes the status 1.
mapfile -t stage_args < <(stage_summary_args)
SUMMARY_PRINTED=1
python3 scripts/testlog_counts.py "$BUILD/meson-logs/testlog.json" \
  "${stage_args[@]}" || status=1
[ "$status" = 0 ] && exit 0
exit 1
