#!/bin/sh
# Build the web demo: the library (src/*.c, double precision) and the demo's C files (demo_*.c) compiled to
# WebAssembly with Debian's emscripten, plus the page, into build-web/ at the repository root (git-ignored).
#   demo/web/build.sh            then serve build-web/ with any static server, e.g.
#   python3 -m http.server -d build-web 8000   and open http://127.0.0.1:8000/
# Installs emscripten (apt) when it is missing. GJK_WEB_OUT=DIR builds elsewhere.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${GJK_WEB_OUT:-$root/build-web}

if ! command -v emcc >/dev/null 2>&1; then
  echo "installing: emscripten"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 \
    emscripten
fi
# Debian's emcc runs its JavaScript optimiser (acorn) at -O1 and above from node's system modules.
NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export NODE_PATH

mkdir -p "$out/include/gjk"
# The build options header CMake would generate: gjk_real = double.
sed 's/@GJK_USE_FLOAT_01@/0/' "$root/include/gjk/config.h.in" > "$out/include/gjk/config.h.tmp"
if ! cmp -s "$out/include/gjk/config.h.tmp" "$out/include/gjk/config.h" 2>/dev/null; then
  mv "$out/include/gjk/config.h.tmp" "$out/include/gjk/config.h"
else
  rm -f "$out/include/gjk/config.h.tmp"
fi

exports=_demo_input,_demo_result,_demo_geometry,_demo_input_size,_demo_geometry_size,_demo_slots,_demo_real_is_float
exports=$exports,_demo2_set_polygon,_demo2_set_box,_demo2_set_circle,_demo2_set_capsule,_demo2_set_segment
exports=$exports,_demo2_set_point,_demo2_set_pose,_demo2_query,_demo2_outline,_demo2_minkowski
exports=$exports,_demo3_set_hull,_demo3_set_box,_demo3_set_sphere,_demo3_set_capsule,_demo3_set_cylinder
exports=$exports,_demo3_set_cone,_demo3_set_ellipsoid,_demo3_set_pose,_demo3_query,_demo3_wireframe,_demo3_minkowski
exports=$exports,_demo_contacts,_demo2_collide,_demo3_collide,_demo2_raycast,_demo3_raycast,_demo2_cast,_demo3_cast
exports=$exports,_demo_world_poses,_demo_world_stats,_demo_world_contacts,_demo_world_nodes,_demo_world_max
exports=$exports,_demo_world_contact_stride,_demo_world_reset,_demo_world_add,_demo_world_step,_demo_world_read
exports=$exports,_malloc,_free

echo "== emcc -> $out/gjk_demo.js, gjk_demo.wasm"
# -ffp-contract=off as the native build (no fused multiply-add); NDEBUG as a release build; the warnings of
# CMakeLists.txt (GJK_WARNINGS), as errors as in CI.
# shellcheck disable=SC2086
emcc -std=c11 -O2 -DNDEBUG -ffp-contract=off \
  -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror \
  -I"$root/include" -I"$out/include" \
  "$here/demo_api.c" "$here/demo_contacts.c" "$here/demo_geometry.c" "$here/demo_world.c" "$root"/src/*.c \
  -o "$out/gjk_demo.js" \
  -sMODULARIZE=1 -sEXPORT_NAME=createGjk \
  -sEXPORTED_FUNCTIONS=$exports \
  -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,HEAPF64 \
  -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web,node

page="index.html style.css gjk_api.js demo_common.js demo_contacts.js demo_2d.js demo_3d.js demo_world.js demo.js"
for f in $page; do cp "$here/$f" "$out/"; done
echo "== built $out (gjk_demo.js, gjk_demo.wasm, $page)"
