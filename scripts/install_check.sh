#!/usr/bin/env bash
# The install stage of scripts/test.sh: what `meson install` makes, checked
# as a user and a packager meet it. Argument: a compiled build dir whose
# prefix is a directory of its own (scripts/test.sh sets
# BUILD/stage-prefix). Prints one TAP line per check and a closing
# "devourer-install:" line; exits non-zero when a check failed.
#   1. DESTDIR: `meson install --destdir` from BUILD; gst-inspect-1.0 finds
#      devourersink and devourersrc with only GST_PLUGIN_SYSTEM_PATH
#      pointed into the tree; a program compiles and runs against the
#      installed headers through the installed devourer.pc, linked with
#      libdevourer.so and with libdevourer.a; every program
#      has its man page; udev rule and firmware are there.
#   2. the installed firmware: BUILD's devourer-tx, with
#      DEVOURER_FIRMWARE_DIR unset, fails naming the installed dir before
#      `meson install` into the prefix and runs after it.
#   3. configurations: prefix /usr puts the plugin into GStreamer's own
#      plugin dir; a library-only configuration finds nothing beyond
#      threads, libusb-1.0, libsodium, libcrypto, libm and ISA-L; each option off
#      on its own configures.
set -uo pipefail
cd "$(dirname "$0")/.."

BUILD=${1:?usage: install_check.sh BUILD_DIR}
WORK=$(mktemp -d /tmp/devourer-install-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
n=0
failed=0
skipped=0
check() { # check "what" command...
  local what=$1
  shift
  n=$((n + 1))
  if "$@" >"$WORK/last.log" 2>&1; then
    echo "ok $n - $what"
  else
    echo "not ok $n - $what"
    sed 's/^/#   /' "$WORK/last.log" | tail -15
    failed=$((failed + 1))
  fi
}
skip() {
  n=$((n + 1))
  skipped=$((skipped + 1))
  echo "ok $n - $1 # SKIP $2"
}

opt() { # the configured value of option $1 in build dir $2
  meson introspect --buildoptions "$2" | python3 -c '
import json, sys
print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == sys.argv[1]))
' "$1"
}
PREFIX=$(opt prefix "$BUILD")
LIBDIR=$PREFIX/$(opt libdir "$BUILD")
case $(opt libdir "$BUILD") in /*) LIBDIR=$(opt libdir "$BUILD") ;; esac
BINDIR=$PREFIX/bin
MANDIR=$PREFIX/$(opt mandir "$BUILD")
FWDIR=$PREFIX/$(opt datadir "$BUILD")/devourer/firmware
planned() { # where build $1 installs the file whose name ends in $2
  meson introspect --installed "$1" | python3 -c '
import json, sys
print(next((d for d in json.load(sys.stdin).values()
            if d.endswith(sys.argv[1])), ""))' "$2"
}
# The plugin's dir and the udev rule as this build plans them.
PLUGINDIR=$(dirname "$(planned "$BUILD" /libgstdevourer.so)")
UDEV_RULE=$(planned "$BUILD" /60-devourer.rules)

# --- 1. DESTDIR -----------------------------------------------------------
DEST=$WORK/destdir
check "meson install --destdir" \
  meson install -C "$BUILD" --no-rebuild --quiet --destdir "$DEST"

inspect() { # gst-inspect-1.0 ELEMENT, only the DESTDIR's plugin dir
  env -u GST_PLUGIN_PATH -u GST_PLUGIN_PATH_1_0 -u GST_PLUGIN_SYSTEM_PATH_1_0 \
    -u LD_LIBRARY_PATH \
    GST_PLUGIN_SYSTEM_PATH="$DEST$PLUGINDIR" GST_REGISTRY="$WORK/registry.bin" \
    gst-inspect-1.0 "$1"
}
check "gst-inspect-1.0 devourersink finds the installed plugin" inspect devourersink
check "gst-inspect-1.0 devourersrc finds the installed plugin" inspect devourersrc
no_plugin() { # the same lookup, the plugin dir emptied: must not find it
  local saved=$DEST
  DEST=$WORK/empty
  ! inspect devourersink
  local rc=$?
  DEST=$saved
  return $rc
}
check "with an empty plugin dir it is not found (the lookup can fail)" no_plugin

for h in devourer.h link.h radiotap.h export.h; do
  check "<devourer/$h> installed" test -f "$DEST$PREFIX/include/devourer/$h"
done

# A program against the installed tree only: its .pc, its headers.
cat >"$WORK/use.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <devourer/devourer.h>
#include <devourer/link.h>
#include <devourer/radiotap.h>

int main(void)
{
	struct dvr_tx_params p;
	unsigned char rt[64];

	memset(&p, 0, sizeof p);
	p.rate.kind = DVR_RATE_LEGACY;
	p.rate.legacy_500k = 12;
	p.bw_mhz = 20;
	struct dvr_link_keys drone, gs;
	if (dvr_link_keygen_password("x", &drone, &gs) != DVR_OK)
		return 1;
	printf("devourer %s, chips %s, radiotap %zu bytes\n", dvr_version(),
	       dvr_supported_chips(), dvr_radiotap_build_tx(&p, rt, sizeof rt));
	return 0;
}
C
pc() {
  env PKG_CONFIG_PATH="$DEST$LIBDIR/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$DEST" \
    pkg-config "$@" devourer
}
check "pkg-config finds the installed devourer.pc" pc --exists
private_fields() {
  local s
  s=$(pc --static --libs) || return 1
  echo "static libs: $s"
  for want in -lusb-1.0 -lsodium -lcrypto -lisal -lm; do
    case " $s " in *" $want "*) ;; *) echo "missing $want"; return 1 ;; esac
  done
  local req
  req=$(grep -E '^Requires.private:' "$DEST$LIBDIR/pkgconfig/devourer.pc") || return 1
  echo "$req"
  for want in libusb-1.0 libsodium libcrypto; do
    case "$req" in *"$want"*) ;; *) echo "missing $want"; return 1 ;; esac
  done
}
check "devourer.pc: Requires.private libusb-1.0, libsodium, libcrypto; -lisal -lm private" \
  private_fields
build_use() {
  # shellcheck disable=SC2046
  cc -std=c11 -Wall -Wextra -Werror -o "$WORK/use" "$WORK/use.c" \
    $(pc --cflags --libs) &&
    env LD_LIBRARY_PATH="$DEST$LIBDIR" "$WORK/use"
}
check "a program builds with the installed headers and devourer.pc, and runs" \
  build_use
static_use() {
  # libdevourer.a and what devourer.pc's private fields name, nothing
  # else: a field missing there is an undefined symbol here.
  local libs
  libs=$(pc --static --libs) || return 1
  libs=$(echo " $libs " | sed 's/ -ldevourer / /')
  # shellcheck disable=SC2046,SC2086
  cc -std=c11 -Wall -Wextra -Werror -o "$WORK/use-static" "$WORK/use.c" \
    $(pc --cflags) "$DEST$LIBDIR/libdevourer.a" $libs || return 1
  if ldd "$WORK/use-static" | grep libdevourer; then
    return 1
  fi
  env -u LD_LIBRARY_PATH "$WORK/use-static"
}
check "a program links libdevourer.a with devourer.pc's static flags, and runs" \
  static_use

progs=$(ls "$DEST$BINDIR")
for p in $progs; do
  check "$p: man page installed" test -f "$DEST$MANDIR/man1/$p.1"
done
runs_alone() { # an installed program starts with no LD_LIBRARY_PATH
  env -u LD_LIBRARY_PATH "$DEST$BINDIR/$1" -h
}
for p in devourer-tx devourer-rx; do
  check "installed $p finds its library from the tree (-h)" runs_alone "$p"
done
check "udev rule installed ($UDEV_RULE)" test -f "$DEST$UDEV_RULE"
for f in rtw8812a_fw.bin rtw8821c_fw.bin rtw8822b_fw.bin rtw8822c_fw.bin \
         rtw8822e_fw.bin LICENCE.rtlwifi_firmware.txt README.md; do
  check "firmware/$f installed into the data dir" test -f "$DEST$FWDIR/$f"
done

# --- 2. the installed firmware copy, found with nothing else set ---------
tx_virtual() { # devourer-tx on a virtual adapter; $1: the binary
  env -u DEVOURER_FIRMWARE_DIR -u LD_LIBRARY_PATH DEVOURER_AIR_DIR="$WORK/air" \
    "$1" -d virtual:install-check -c 36 -n 3 -i 0
}
no_fw_names_dir() {
  ! tx_virtual "$BUILD/examples/devourer-tx" >"$WORK/nofw.log" 2>&1
  local rc=$?
  cat "$WORK/nofw.log"
  [ $rc -eq 0 ] && grep -qF "$FWDIR" "$WORK/nofw.log"
}
system_fw=""
for d in /lib/firmware/updates/rtw88 /lib/firmware/rtw88 \
         /usr/lib/firmware/updates/rtw88 /usr/lib/firmware/rtw88; do
  [ -f "$d/rtw8812a_fw.bin" ] && system_fw=$d
done
mkdir -p "$WORK/air"
BUILD_ABS=$(cd "$BUILD" && pwd)
if [ "${PREFIX#"$BUILD_ABS"/}" = "$PREFIX" ]; then
  # This step installs into the prefix and removes it again: only a
  # prefix inside the build dir (scripts/test.sh's) is ours to do that to.
  skip "installed firmware copy found" "prefix $PREFIX is not inside $BUILD_ABS"
elif [ -n "$system_fw" ]; then
  skip "installed firmware copy found" "the system has $system_fw/rtw8812a_fw.bin, which comes first"
else
  rm -rf "$PREFIX"
  check "not installed: devourer-tx fails naming $FWDIR" no_fw_names_dir
  check "meson install into the prefix" \
    meson install -C "$BUILD" --no-rebuild --quiet
  check "installed: devourer-tx brings the adapter up from $FWDIR" \
    tx_virtual "$BINDIR/devourer-tx"
  rm -rf "$PREFIX"
fi

# --- 3. configurations (setup only, no compile) --------------------------
planned_plugin_dir() { dirname "$(planned "$1" /libgstdevourer.so)"; }
distro_prefix() {
  local gst_prefix want got
  gst_prefix=$(pkg-config --variable=prefix gstreamer-1.0) &&
    want=$(pkg-config --variable=pluginsdir gstreamer-1.0) &&
    meson setup "$WORK/distro" --prefix="$gst_prefix" -Dtests=false \
      -Dbench=false -Dvusb=disabled >/dev/null &&
    got=$(planned_plugin_dir "$WORK/distro") &&
    echo "prefix $gst_prefix: plugin into $got (GStreamer's: $want)" &&
    [ "$got" = "$want" ]
}
check "prefix = GStreamer's: the plugin goes into its pluginsdir" distro_prefix
library_only() {
  meson setup "$WORK/camera" -Dgst=disabled -Dvusb=disabled \
    -Dexamples=false -Dtests=false -Dbench=false >/dev/null || return 1
  local found
  found=$(grep -E '^(Run-time dependency|Library) .* found: YES' \
            "$WORK/camera/meson-logs/meson-log.txt" |
          sed -E 's/^(Run-time dependency|Library) ([^ ]+) .*/\2/' | sort -u)
  echo "found:" $found
  for d in $found; do
    case $d in threads|libusb-1.0|libsodium|libcrypto|m|isal) ;; *) return 1 ;; esac
  done
  ! meson introspect --installed "$WORK/camera" | grep -q gstdevourer
}
check "library-only configuration needs only libusb, libsodium, libcrypto, ISA-L" library_only
# A camera's build of the one chip it carries: compiles, drives that chip,
# names no other, and leaves out the RTL8822E's GPL-2.0-only tables and
# its firmware image (README.md, "Licence").
ONECHIP="$WORK/onechip"
onechip_builds() {
  meson setup "$ONECHIP" -Dchips=8812a -Dgst=disabled -Dvusb=disabled \
    -Dtests=false -Dbench=false >/dev/null &&
    meson compile -C "$ONECHIP" devourer-tx >/dev/null
}
onechip_runs() {
  env -u LD_LIBRARY_PATH DEVOURER_FIRMWARE_DIR="$PWD/firmware" \
    DEVOURER_AIR_DIR="$WORK/air" "$ONECHIP/examples/devourer-tx" \
    -d virtual:onechip -c 36 -n 3 -i 0
}
onechip_only_8812a() {
  local lib
  # the library itself, not the build's libdevourer.so.*.p/ files
  # (its .symbols list sits beside the objects and matches the name too)
  lib=$(find "$ONECHIP/libdevourer" -maxdepth 1 -name 'libdevourer.so.*' \
    -type f | head -1)
  [ -n "$lib" ] || return 1
  # no other chip's name in the library, no GPL-2.0-only table compiled
  grep -aq 'RTL8812AU' "$lib" && ! grep -aq 'RTL8812EU' "$lib" &&
    ! meson introspect --targets "$ONECHIP" | grep -q 'rtl8822e_tables'
}
onechip_installs_no_8822e() {
  local planned
  planned=$(meson introspect --installed "$ONECHIP")
  echo "$planned" | grep -q 'rtw8812a_fw.bin' &&
    ! echo "$planned" | grep -q 'rtw8822e_fw.bin'
}
check "-Dchips=8812a builds (library and devourer-tx)" onechip_builds
check "-Dchips=8812a: devourer-tx brings a virtual RTL8812AU up" onechip_runs
check "-Dchips=8812a: the library holds that chip only, no GPL-2.0-only table" \
  onechip_only_8812a
check "-Dchips=8812a: installs rtw8812a_fw.bin, not the RTL8822E image" \
  onechip_installs_no_8822e
configures() { rm -rf "$WORK/combo" && meson setup "$WORK/combo" "$@" >/dev/null; }
for combo in "-Dgst=disabled" "-Dvusb=disabled" "-Dexamples=false" \
             "-Dtests=false -Dbench=false"; do
  # shellcheck disable=SC2086
  check "configures with $combo" configures $combo
done

echo "1..$n"
echo "devourer-install: $((n - failed - skipped)) of $n install checks passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
