# Sourced by the example pipeline scripts (run from the project root):
# what every side needs before it builds its pipeline.
#   radio_env NAME HALF
# sets KEY to the key argument of the devourer elements (KEY_FILE, a
# wfb_keygen file, or PASSWORD; NAME says who asks and HALF which file this
# side holds), makes BUILD absolute, and puts the build tree's plugin first
# on GST_PLUGIN_PATH when there is one.
radio_env() {
  if [ -n "${KEY_FILE:-}" ]; then
    KEY="key-file=$KEY_FILE"
  elif [ -n "${PASSWORD:-}" ]; then
    KEY="password=$PASSWORD"
  else
    echo "$1: set KEY_FILE (a wfb_keygen $2) or PASSWORD" >&2
    exit 2
  fi
  case "$BUILD" in /*) ;; *) BUILD="$PWD/$BUILD" ;; esac
  if [ -d "$BUILD/gst" ]; then
    export GST_PLUGIN_PATH="$BUILD/gst${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}"
  fi
}
