#!/usr/bin/env bash
# Sourced by scripts/test.sh: devourer_build_dir DIR ARGS... makes DIR a
# build configured with ARGS (meson setup options: -Dname=value,
# --prefix=...) plus what every build of the test command has: werror
# (users get no -Werror by default; the test command does) and the
# optional parts enabled, so every test is built. A fresh DIR is set up;
# an existing one (a developer's, possibly made before an option existed
# or with other values) is reconfigured when any of those values differs.
# The compiler stays the one DIR was set up with (CC at first setup).

DEVOURER_TEST_BUILD_ARGS=(-Dwerror=true -Dgst=enabled -Dvusb=enabled
                          -Dexamples=true -Dtests=true -Dbench=true)

# True when DIR's configured options already are ARGS.
devourer_build_dir_matches() {
  local dir=$1
  shift
  meson introspect --buildoptions "$dir" 2>/dev/null |
    python3 -c '
import json, sys
have = {o["name"]: o["value"] for o in json.load(sys.stdin)}
def text(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return " ".join(v)
    return str(v)
for a in sys.argv[1:]:
    if a.startswith("-D"):
        k, _, v = a[2:].partition("=")
    elif a.startswith("--") and "=" in a:
        k, _, v = a[2:].partition("=")
    else:
        continue
    if k not in have or text(have[k]) != v:
        print(f"devourer: {sys.argv[0]}: {k} is {text(have.get(k, None))!r}, "
              f"wants {v!r}", file=sys.stderr)
        sys.exit(1)
' "$@"
}

devourer_build_dir() {
  local dir=$1
  shift
  local args=("${DEVOURER_TEST_BUILD_ARGS[@]}" "$@")
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "${args[@]}" >/dev/null
  elif ! devourer_build_dir_matches "$dir" "${args[@]}" 2>/dev/null; then
    echo "devourer: reconfiguring $dir (${args[*]})"
    meson setup --reconfigure "$dir" "${args[@]}" >/dev/null
  fi
}
