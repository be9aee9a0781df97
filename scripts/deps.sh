#!/usr/bin/env bash
# Installs the Debian packages devourer needs, only those missing.
# Run by scripts/demo.sh, scripts/test.sh and scripts/bench.sh; arguments
# are more packages a caller needs (scripts/bench.sh: plots, valgrind).
set -euo pipefail

DEVOURER_PACKAGES=(
  gcc clang pkg-config meson ninja-build python3
  # libFuzzer and the sanitizer runtimes clang links (tests/fuzz)
  libclang-rt-dev
  libusb-1.0-0-dev libsodium-dev libssl-dev libisal-dev
  libglib2.0-dev
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools
  gstreamer1.0-plugins-base-apps
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad
  gstreamer1.0-plugins-ugly gstreamer1.0-libav
  umockdev libumockdev-dev
  # the install stage of scripts/test.sh checks the man pages parse
  man-db groff-base
  # examples_tunnel sets up a TUN link between two network namespaces
  iproute2
  "$@"
)

# Installed for this machine's own architecture (or architecture-free):
# scripts/cross.sh installs the -dev packages of armhf and arm64 too, and
# a bare name also matches those, so a native one missing beside them
# would go unnoticed (meson then finds no libusb-1.0).
NATIVE=$(dpkg --print-architecture)
# A name a caller qualified with an architecture is taken as it is.
missing=()
for p in "${DEVOURER_PACKAGES[@]}"; do
  case "$p" in
    *:*) want=$p arches="[^ ]+" ;;
    *) want=$p:$NATIVE arches="$NATIVE|all" ;;
  esac
  if ! dpkg-query -W -f='${Status} ${Architecture}\n' "$p" 2>/dev/null |
      grep -qE "^install ok installed ($arches)\$"; then
    missing+=("$want")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "devourer: installing Debian packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
