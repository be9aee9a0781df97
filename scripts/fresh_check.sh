#!/usr/bin/env bash
# The fresh-root check: proves the install steps where nothing was ever
# installed by hand. Builds a bare Debian root (mmdebstrap --variant=apt:
# apt and the Essential packages, nothing else), copies a clean clone of
# this repository's HEAD into it, and runs the README's two commands inside
# it exactly as the README prints them, one after the other, reporting each
# stage with its time and its closing lines. Run it before any change that
# touches packages, scripts or the build (README, "Contributing").
#
#   bash scripts/fresh_check.sh           the whole check (about 28 min)
#   bash scripts/fresh_check.sh --plan    print what it would run, and stop
#   bash scripts/fresh_check.sh --keep    leave the root for a look inside
#
# DEVOURER_FRESH_SUITE (bookworm) is the Debian release of the root;
# DEVOURER_FRESH_SOURCES a sources file for it (deb822 or one-line) where
# the host's own apt sources (default) are not the ones to use;
# DEVOURER_FRESH_DIR (build-fresh) holds the logs, and the root unless
# DEVOURER_FRESH_ROOT names another directory.
#
# The root reaches Debian's archive as the host does: the host's apt
# sources and its Acquire options (proxies, validity checks) are copied in,
# nothing else of the host. It runs as root (mmdebstrap's root mode, a
# chroot), in a mount and PID namespace of its own: /proc, /sys and /dev
# are mounted there only, and every process the commands leave behind ends
# with it. Committed work only: the clone is of HEAD.
# Exits non-zero when a stage fails; the last line sums up.
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$PWD

PLAN=0
KEEP=0
for a in "$@"; do
  case "$a" in
    --plan) PLAN=1 ;;
    --keep) KEEP=1 ;;
    *) echo "usage: scripts/fresh_check.sh [--plan] [--keep]" >&2; exit 2 ;;
  esac
done

SUITE=${DEVOURER_FRESH_SUITE:-bookworm}
OUT=${DEVOURER_FRESH_DIR:-build-fresh}
ROOT=${DEVOURER_FRESH_ROOT:-$OUT/root}
LOGS=$OUT/logs

# The README's two commands: the first fenced block, each line without its
# comment, as the README prints them.
readme_commands() {
  awk '/^```/ { if (inblock) exit; inblock = 1; next }
       inblock { sub(/[[:space:]]*#.*/, ""); if (length) print }' README.md
}
mapfile -t COMMANDS < <(readme_commands)
if [ ${#COMMANDS[@]} -ne 2 ]; then
  echo "devourer-fresh: the README's first block has ${#COMMANDS[@]} commands, not the demo's and the tests'" >&2
  exit 1
fi

# The host's apt sources, unless DEVOURER_FRESH_SOURCES names a file.
host_sources() {
  if [ -n "${DEVOURER_FRESH_SOURCES:-}" ]; then
    echo "$DEVOURER_FRESH_SOURCES"
    return
  fi
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
           /etc/apt/sources.list.d/*.sources; do
    if [ -f "$f" ] && grep -qvE '^[[:space:]]*(#|$)' "$f"; then
      echo "$f"
    fi
  done
}
mapfile -t SOURCES < <(host_sources)

if [ "$PLAN" = 1 ]; then
  echo "root: Debian $SUITE, mmdebstrap --variant=apt, in $ROOT"
  echo "apt sources: ${SOURCES[*]:-(none found)}"
  echo "clone: HEAD of $SRC into /root/devourer"
  for c in "${COMMANDS[@]}"; do
    echo "run: $c"
  done
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  exec sudo --preserve-env=DEVOURER_FRESH_SUITE,DEVOURER_FRESH_SOURCES,DEVOURER_FRESH_DIR,DEVOURER_FRESH_ROOT \
    bash "$0" "$@"
fi
if [ ${#SOURCES[@]} -eq 0 ]; then
  echo "devourer-fresh: no apt sources on this host; name a file in DEVOURER_FRESH_SOURCES" >&2
  exit 1
fi

start=$(date +%s)
summary=()
status=0
report() {  # STAGE RESULT SECONDS
  echo "devourer-fresh: $1: $2 ($3 s)"
  summary+=("$1 $2")
}

# --- what the check itself needs, on the host ------------------------------
need=()
command -v mmdebstrap >/dev/null || need+=(mmdebstrap)
command -v git >/dev/null || need+=(git)
command -v unshare >/dev/null || need+=(util-linux)
if [ ${#need[@]} -gt 0 ]; then
  echo "devourer-fresh: installing on the host: ${need[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${need[@]}" >/dev/null
fi

if [ -n "$(git -C "$SRC" status --porcelain --untracked-files=no)" ]; then
  echo "devourer-fresh: note: uncommitted changes are not part of the check (it clones HEAD)"
fi

# --- the bare root ----------------------------------------------------------
mkdir -p "$OUT" "$LOGS"
ROOT=$(realpath -m "$ROOT")
LOGS=$(realpath "$LOGS")
if [ -e "$ROOT" ]; then
  rm -rf --one-file-system "$ROOT"
fi
aptopts=$(mktemp)
trap 'rm -f "$aptopts"' EXIT
apt-config dump | grep -E '^Acquire::(Check-Valid-Until|Check-Date|https?::Proxy|ftp::Proxy|Retries) ' \
  >"$aptopts" || true
t0=$(date +%s)
if ! mmdebstrap --variant=apt --aptopt="$aptopts" "$SUITE" "$ROOT" \
    "${SOURCES[@]}" >"$LOGS/mmdebstrap.log" 2>&1; then
  report "bare $SUITE root" "FAILED (see $LOGS/mmdebstrap.log)" $(( $(date +%s) - t0 ))
  tail -20 "$LOGS/mmdebstrap.log"
  exit 1
fi
cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
report "bare $SUITE root" "built, $(chroot "$ROOT" dpkg-query -W | wc -l) packages" \
  $(( $(date +%s) - t0 ))

t0=$(date +%s)
git clone -q --no-local "$SRC" "$ROOT/root/devourer"
report clone "$(git -C "$ROOT/root/devourer" rev-parse --short HEAD)" $(( $(date +%s) - t0 ))

# --- the README's commands inside it ----------------------------------------
# in_root CMD LOG: runs CMD as the README prints it, from the clone, with a
# login's environment and nothing of this shell's.
in_root() {
  unshare --mount --propagation private --pid --fork bash -c '
    set -e
    root=$1
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
    exec chroot "$root" /usr/bin/env -i HOME=/root USER=root LOGNAME=root \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      LANG=C.UTF-8 TERM=dumb SHELL=/bin/bash \
      /bin/bash -c "cd /root/devourer && $2"
  ' fresh-root "$ROOT" "$1" </dev/null >"$2" 2>&1
}

n=0
for c in "${COMMANDS[@]}"; do
  n=$((n + 1))
  log="$LOGS/command$n.log"
  t0=$(date +%s)
  rc=0
  in_root "$c" "$log" || rc=$?
  secs=$(( $(date +%s) - t0 ))
  echo "devourer-fresh: \`$c\` — last lines of $log:"
  tail -6 "$log" | sed 's/^/    /'
  # A picture the command wrote (the demo's decoded frame) is kept with
  # the logs, since the root goes.
  png=$(grep -oE '/[^ ]*\.png' "$log" | tail -1 || true)
  if [ -n "$png" ] && [ -f "$ROOT$png" ]; then
    cp "$ROOT$png" "$LOGS/"
  fi
  if [ "$rc" -eq 0 ]; then
    report "\`$c\`" "exit 0" "$secs"
  else
    report "\`$c\`" "FAILED, exit $rc" "$secs"
    status=1
  fi
done

if [ "$KEEP" = 1 ]; then
  echo "devourer-fresh: the root is kept in $ROOT"
else
  rm -rf --one-file-system "$ROOT"
fi

line=""
for part in "${summary[@]}"; do
  line+="$part; "
done
echo "devourer-fresh: ${line}$(( $(date +%s) - start )) s in all"
exit $status
