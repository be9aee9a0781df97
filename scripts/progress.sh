#!/usr/bin/env bash
# Sourced by scripts/demo.sh and scripts/test.sh: what their long steps
# print while they run, so nobody waits minutes in front of a silent
# terminal. Every line starts with $PROGRESS_PREFIX ("== " in the demo,
# "devourer: " in the test command).

PROGRESS_PREFIX=${PROGRESS_PREFIX:-}

# Stages: stage_begin NAME announces one; stage_end passed|failed|skipped
# says how it went and how long it took, and records it for
# stage_summary_args.
STAGE_NAMES=()
STAGE_RESULTS=()
STAGE_CURRENT=""
STAGE_T0=0

stage_begin() {
  STAGE_CURRENT=$1
  STAGE_T0=$(date +%s)
  echo "${PROGRESS_PREFIX}${STAGE_CURRENT}: started $(date +%H:%M:%S)"
}

stage_end() {
  STAGE_NAMES+=("$STAGE_CURRENT")
  STAGE_RESULTS+=("$1")
  echo "${PROGRESS_PREFIX}${STAGE_CURRENT}: $1 ($(( $(date +%s) - STAGE_T0 )) s)"
  STAGE_CURRENT=""
}

# NAME=0 (passed) or NAME=1 (failed) for every stage recorded, skipped
# ones left out: scripts/testlog_counts.py's stage arguments.
stage_summary_args() {
  local i
  for i in "${!STAGE_NAMES[@]}"; do
    case "${STAGE_RESULTS[$i]}" in
      passed) echo "${STAGE_NAMES[$i]}=0" ;;
      failed) echo "${STAGE_NAMES[$i]}=1" ;;
    esac
  done
}

# progress_compile DIR LOG [TARGET...]: `meson compile -C DIR`, its whole
# output in LOG; prints the number of steps when ninja starts and where
# it is at every tenth of them (ninja's own [N/M] count), or that DIR
# was up to date. On a failure it prints LOG's last lines. Returns meson
# compile's status.
progress_compile() {
  local dir=$1 log=$2 rc=0
  shift 2
  meson compile -C "$dir" "$@" 2>&1 | tee "$log" |
    awk -v prefix="$PROGRESS_PREFIX" -v dir="$dir" '
      # meson regenerating its build files first is a count of its own
      /^\[[0-9]+\/[0-9]+\] / && !/Regenerating build files/ {
        split(substr($1, 2), a, "/")
        n = a[1] + 0
        total = a[2] + 0
        if (total != seen_total) {
          seen_total = total
          next_pct = 10
          printf "%sbuilding %s: %d steps\n", prefix, dir, total
          fflush()
        }
        if (total > 0 && (n * 100 >= next_pct * total || n == total)) {
          pct = int(n * 100 / total)
          printf "%sbuilding %s: %d/%d (%d %%)\n", prefix, dir, n, total, pct
          fflush()
          while (next_pct <= pct)
            next_pct += 10
        }
      }
      /^ninja: no work to do/ {
        printf "%sbuilding %s: up to date\n", prefix, dir
        fflush()
      }' || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "${PROGRESS_PREFIX}building $dir failed (last lines of $log):"
    tail -20 "$log"
  fi
  return "$rc"
}

# progress_tests LOG CMD...: runs a `meson test` command with its output
# in LOG, printing each test's result line as it finishes. Returns the
# command's status.
progress_tests() {
  local log=$1 rc=0
  shift
  "$@" 2>&1 | tee "$log" |
    { grep --line-buffered -E '^ *[0-9]+/[0-9]+ ' || true; } || rc=$?
  return "$rc"
}
