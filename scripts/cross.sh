#!/usr/bin/env bash
# The ARM stage: cross-builds the library, the link layer, the chip model
# and their tests for armhf (ARMv7) and arm64 (AArch64) with Debian's
# cross toolchains and multiarch libraries, and runs the unit, link and
# FEC tests under qemu-user (meson's exe_wrapper, tools/cross/*.ini).
# Installs what is missing first (apt, by package name; the foreign
# architectures added to dpkg when they are not yet).
#
#   scripts/cross.sh            build and test both architectures
#   scripts/cross.sh --bench    also count instructions per packet on
#                               x86_64, armhf and arm64 (bench/arch_insns.c
#                               under qemu with bench/qemu_insn_count.c,
#                               bench/arch_insns.py)
#
# DEVOURER_CROSS_ARCHES="armhf" limits the architectures;
# DEVOURER_CROSS_BUILD (build-cross) is the parent of the build dirs.
# Ends with one summary line; exits non-zero when a build or test failed.
set -euo pipefail
cd "$(dirname "$0")/.."

BENCH=0
for a in "$@"; do
  case "$a" in
    --bench) BENCH=1 ;;
    *) echo "usage: scripts/cross.sh [--bench]" >&2; exit 2 ;;
  esac
done

ARCHES=(${DEVOURER_CROSS_ARCHES:-armhf arm64})
TOP=${DEVOURER_CROSS_BUILD:-build-cross}
mkdir -p "$TOP"
TOP=$(realpath "$TOP")
start=$(date +%s)

triplet() {
  case "$1" in
    armhf) echo arm-linux-gnueabihf ;;
    arm64) echo aarch64-linux-gnu ;;
    *) echo "devourer: cross: unknown architecture $1" >&2; return 1 ;;
  esac
}

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive

# --- what the stage needs -------------------------------------------------
updated=0
apt_update() {
  if [ "$updated" = 0 ]; then
    $SUDO apt-get update -q >/dev/null
    updated=1
  fi
}
for a in "${ARCHES[@]}"; do
  if ! dpkg --print-foreign-architectures | grep -qx "$a"; then
    echo "devourer: cross: adding dpkg architecture $a"
    $SUDO dpkg --add-architecture "$a"
    updated=0
  fi
done
# The cross compiler's C library (crt*.o, libc.so, headers) is only a
# Recommends of gcc-<triplet>, which --no-install-recommends skips: it is
# named here, as the multiarch libc6-dev of the architecture (what
# crossbuild-essential-<arch> uses), the same glibc the tests run on.
need=(meson ninja-build pkg-config qemu-user gcc)
for a in "${ARCHES[@]}"; do
  t=$(triplet "$a")
  need+=("gcc-$t" "libc6:$a" "libc6-dev:$a" "libsodium-dev:$a" "libssl-dev:$a"
         "libusb-1.0-0-dev:$a")
done
missing=()
for p in "${need[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "devourer: cross: installing ${missing[*]}"
  apt_update
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi

# ISA-L's Debian packages are not multiarch-coinstallable (libisal2 and
# libisal-dev of two architectures conflict, and the native build needs
# the amd64 ones), so each architecture's are unpacked into the build
# tree instead of installed: headers and libisal.so to link, found at run
# time through the rpath the build sets.
isal_root() {
  local a=$1 dir="$TOP/isal-$1"
  if [ ! -f "$dir/.unpacked" ]; then
    rm -rf "$dir" "$TOP/debs-$a"
    mkdir -p "$dir" "$TOP/debs-$a"
    if ! (cd "$TOP/debs-$a" && apt-get download -q "libisal2:$a" \
        "libisal-dev:$a" >/dev/null 2>&1); then
      apt_update
      (cd "$TOP/debs-$a" && apt-get download -q "libisal2:$a" \
        "libisal-dev:$a" >/dev/null 2>&1)
    fi
    for d in "$TOP/debs-$a"/*.deb; do
      dpkg-deb -x "$d" "$dir"
    done
    touch "$dir/.unpacked"
  fi
  echo "$dir"
}

# --- build and test per architecture --------------------------------------
# What runs under qemu: the unit tests of the chip model, the core and the
# HAL, the link layer (FEC included: test_fec, test_wfbng_vectors) and the
# layer rules. The e2e bring-ups and the GStreamer and usbfs tests stay native.
SUITES=(--suite link --suite virtual --suite core --suite hal --suite layers)
OPTS=(-Dwerror=true -Dgst=disabled -Dvusb=disabled -Dexamples=false
      -Dtests=true)

status=0
summary=()
for a in "${ARCHES[@]}"; do
  t=$(triplet "$a")
  isal=$(isal_root "$a")
  dir="$TOP/$a"
  args=("${OPTS[@]}" -Dbench=$([ "$BENCH" = 1 ] && echo true || echo false)
        "-Dc_args=-I$isal/usr/include"
        "-Dc_link_args=-L$isal/usr/lib/$t -Wl,-rpath,$isal/usr/lib/$t")
  log="$TOP/$a.log"
  a_start=$(date +%s)
  if [ -f "$dir/build.ninja" ]; then
    setup=(meson setup --reconfigure "$dir" "${args[@]}")
  else
    setup=(meson setup "$dir" --cross-file "tools/cross/$a.ini" "${args[@]}")
  fi
  if ! "${setup[@]}" >"$log" 2>&1 || ! meson compile -C "$dir" >>"$log" 2>&1
  then
    echo "devourer: cross: the $a build failed (last lines of $log):"
    tail -20 "$log"
    summary+=("$a: build failed")
    status=1
    continue
  fi
  if meson test -C "$dir" --no-rebuild --num-processes 2 --print-errorlogs \
      "${SUITES[@]}" >>"$log" 2>&1; then
    res=ok
  else
    res=failed
    status=1
    echo "devourer: cross: $a tests failed under qemu (see $log):"
    grep -E '^ *[0-9]+/[0-9]+ .*(FAIL|ERROR|TIMEOUT)' "$log" | head -20 || true
  fi
  # armhf: the FEC and link tests again on an ARMv7 without NEON
  # (qemu's Cortex-R5F: VFPv3-D16 only, Debian armhf's baseline), where
  # the NEON kernel must stay unused and AUTO fall back to portable.
  noneon=""
  if [ "$a" = armhf ]; then
    nres=ok
    if ! QEMU_CPU=cortex-r5f meson test -C "$dir" --no-rebuild \
        --num-processes 2 --print-errorlogs --logbase testlog-noneon \
        test_fec test_wfbng_vectors test_link >>"$log" 2>&1; then
      nres=failed
      status=1
      echo "devourer: cross: $a FEC/link tests failed on a NEON-less CPU (see $log)"
    fi
    noneon="; FEC and link tests on a NEON-less ARMv7 $nres"
  fi
  counts=$(python3 scripts/testlog_counts.py "$dir/meson-logs/testlog.json")
  summary+=("$a: $counts under qemu$noneon ($(( $(date +%s) - a_start )) s)")
done

# --- instructions per packet ---------------------------------------------
if [ "$BENCH" = 1 ] && [ "$status" = 0 ]; then
  if ! python3 bench/arch_insns.py --top "$TOP" "${ARCHES[@]}"; then
    summary+=("instruction counts: failed")
    status=1
  fi
fi

line=""
for part in "${summary[@]}"; do
  line+="$part; "
done
echo "devourer: cross: ${line}$(( $(date +%s) - start )) s in all"
exit $status
