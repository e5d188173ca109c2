#!/bin/sh
# Browser test of the web demo: demo/web/test.sh GJK_CLI OUT_DIR
#   GJK_CLI  the native `gjk` command-line tool (e.g. build/tools/gjk): its answers are the reference
#   OUT_DIR  where the screenshots (web-2d-separated.png, web-2d-overlap-epa.png, web-3d.png, the contact tools',
#            web-world.png) and the compared pair scenes go
# Builds the demo into build-web/ when a source is newer than it, installs what is missing (Debian's emscripten and
# chromium; playwright-core by `npm ci` in demo/web/test), serves build-web/ on 127.0.0.1 and drives chromium
# headless (demo/web/test/browser_test.mjs). Closes with `web: N passed, M failed`; exit status 0 only if all passed.
set -eu
if [ $# -ne 2 ]; then
  echo "usage: $0 GJK_CLI OUT_DIR" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=$1
out=$2
web=${GJK_WEB_OUT:-$root/build-web}
if [ ! -x "$cli" ]; then
  echo "$0: $cli is not an executable (build the gjk CLI first)" >&2
  exit 2
fi

missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v emcc >/dev/null 2>&1 || missing="$missing emscripten"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
if [ -n "$missing" ]; then
  echo "installing:$missing"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 \
    $missing
fi

# Build when the output is missing or any source (library, glue, page) is newer.
stamp=$web/gjk_demo.wasm
sources="$root/src $root/include $here/demo_api.c $here/demo_contacts.c $here/demo_geometry.c $here/demo_world.c $here/demo_api.h"
sources="$sources $here/index.html $here/gjk_api.js $here/demo_common.js $here/demo_contacts.js $here/demo_2d.js $here/demo_3d.js $here/demo_world.js $here/demo.js $here/style.css"
sources="$sources $here/build.sh"
# shellcheck disable=SC2086
if [ ! -f "$stamp" ] || [ ! -f "$web/index.html" ] ||
   [ -n "$(find $sources -newer "$stamp" -print 2>/dev/null | head -n 1)" ]; then
  GJK_WEB_OUT=$web "$here/build.sh"
fi

(cd "$here/test" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error)
mkdir -p "$out"
exec node "$here/test/browser_test.mjs" --cli "$cli" --out "$out" --web "$web"
