#!/bin/sh
# The install routes, taken the way users take them:
#   1. configure with no prefix, `cmake --install --prefix P`, then
#      a. pkg-config: the README's example at -O0 against the shared library (the inline math of gjk/math.h needs
#         -lm in the user's link line), and against libgjk.a; again after moving P elsewhere
#         (the .pc file finds its prefix from its own place);
#      b. find_package(gjk) from P: gjk::gjk (static), gjk::gjk_shared and gjk::gjk_threads (examples/batch.c);
#   2. as a subproject, add_subdirectory(gjk) and FetchContent (from a tarball of this tree): the gjk::gjk target,
#      no tests, tools or examples configured, no install rules, and the parent's (empty) build type left alone.
# Usage: tests/install_test.sh (any cwd; needs cmake, a C compiler, pkg-config, tar).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect="signed distance 0.700000"
fail() { echo "install test FAILED: $*" >&2; exit 1; }
check_run() { # name, command...: the program prints the README example's answer
  name=$1; shift
  out=$("$@") || fail "$name: exit $?"
  echo "$out" | grep -q "$expect" || fail "$name: printed '$out'"
  echo "ok: $name"
}

# ---- 1. install with the prefix given at install time ----
cmake -S "$root" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_TOOLS=OFF \
  -DGJK_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$tmp/build" -j"$(nproc)" >/dev/null
cmake --install "$tmp/build" --prefix "$tmp/prefix" >/dev/null
pcdir=$(dirname "$(find "$tmp/prefix" -name gjk.pc | head -1)")
[ -f "$pcdir/gjk.pc" ] || fail "no gjk.pc installed"
grep -q "$tmp" "$pcdir/gjk.pc" && fail "gjk.pc holds the absolute build-time path"
app="$root/examples/box_capsule.c"

# 1.0 the shared library exports exactly the functions the installed headers declare GJK_API, none of its internals.
so=$(find "$tmp/prefix" -name 'libgjk.so.*.*' | head -1)
[ -n "$so" ] || fail "no libgjk.so installed"
nm -D --defined-only "$so" | awk '$2 == "T" {print $3}' | sort >"$tmp/exported"
# (gjk/threads.h declares the separate gjk_threads library's function)
for h in "$tmp/prefix/include/gjk/"*.h; do
  [ "$(basename "$h")" = threads.h ] || sed -n 's/^GJK_API [^(]*[ *]\(gjk_[a-z0-9_]*\)(.*/\1/p' "$h"
done | sort >"$tmp/declared"
[ -s "$tmp/declared" ] || fail "no GJK_API declarations found in the installed headers"
cmp -s "$tmp/exported" "$tmp/declared" ||
  fail "libgjk.so exports differ from the GJK_API declarations: $(diff "$tmp/declared" "$tmp/exported" | grep '^[<>]' | head -5 | tr '\n' ' ')"
echo "ok: libgjk.so exports the $(wc -l <"$tmp/exported") GJK_API functions and nothing else"

# 1a. pkg-config, -O0, shared library by default (no --static), then static, then after a move.
flags=$(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs gjk)
cc -std=c11 -O0 "$app" -o "$tmp/pc_shared" $flags || fail "pkg-config shared link at -O0 ($flags)"
readelf -d "$tmp/pc_shared" | grep -q "NEEDED.*libgjk\.so" || fail "pkg-config build did not link libgjk.so"
libdir=$(PKG_CONFIG_PATH="$pcdir" pkg-config --variable=libdir gjk)
check_run "pkg-config, shared, -O0" env LD_LIBRARY_PATH="$libdir" "$tmp/pc_shared"
cc -std=c11 -O0 "$app" -o "$tmp/pc_static" $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags gjk) "$libdir/libgjk.a" -lm ||
  fail "static link with the archive"
check_run "libgjk.a with pkg-config --cflags" "$tmp/pc_static"
mv "$tmp/prefix" "$tmp/moved"
pcdir2=$(echo "$pcdir" | sed "s|$tmp/prefix|$tmp/moved|")
flags2=$(PKG_CONFIG_PATH="$pcdir2" pkg-config --cflags --libs gjk)
echo "$flags2" | grep -q "$tmp/moved" || fail "pkg-config after the move gives '$flags2'"
cc -std=c11 -O0 "$app" -o "$tmp/pc_moved" $flags2 || fail "pkg-config after the move"
check_run "pkg-config, prefix moved" env LD_LIBRARY_PATH="$(PKG_CONFIG_PATH="$pcdir2" pkg-config --variable=libdir gjk)" \
  "$tmp/pc_moved"
mv "$tmp/moved" "$tmp/prefix"

# 1b. find_package(gjk) from the prefix.
mkdir -p "$tmp/consumer"
cp "$app" "$tmp/consumer/main.c"
cp "$root/examples/batch.c" "$tmp/consumer/batch.c"
cat > "$tmp/consumer/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.16)
project(consumer C)
find_package(gjk 0.1 REQUIRED)
add_executable(consumer main.c)
target_link_libraries(consumer PRIVATE gjk::gjk)
add_executable(consumer_shared main.c)
target_link_libraries(consumer_shared PRIVATE gjk::gjk_shared)
add_executable(consumer_threads batch.c)
target_link_libraries(consumer_threads PRIVATE gjk::gjk_threads)
CM
cmake -S "$tmp/consumer" -B "$tmp/consumer/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null ||
  fail "find_package(gjk) configure"
cmake --build "$tmp/consumer/build" >/dev/null || fail "find_package(gjk) build"
check_run "find_package, gjk::gjk" "$tmp/consumer/build/consumer"
check_run "find_package, gjk::gjk_shared" "$tmp/consumer/build/consumer_shared"
check_run "find_package, gjk::gjk_threads (examples/batch.c)" "$tmp/consumer/build/consumer_threads"

# ---- 2. as a subproject ----
subproject() { # name, the CMake lines that bring gjk in
  dir="$tmp/$1"
  mkdir -p "$dir"
  cp "$app" "$dir/main.c"
  cat > "$dir/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.16)
project(parent C)
$2
add_executable(app main.c)
target_link_libraries(app PRIVATE gjk::gjk)
CM
  cmake -S "$dir" -B "$dir/build" >"$dir/configure.log" 2>&1 || { cat "$dir/configure.log"; fail "$1: configure"; }
  cache_type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$dir/build/CMakeCache.txt")
  [ -z "$cache_type" ] || fail "$1: the parent's build type became '$cache_type'"
  for t in test_gjk gjk_cli example_box_capsule; do
    cmake --build "$dir/build" --target help | grep -q " $t\$" && fail "$1: target $t configured"
  done
  [ -z "$(find "$dir/build" -name CTestTestfile.cmake)" ] || fail "$1: tests configured"
  grep -q "gjkTargets" "$dir/build/cmake_install.cmake" 2>/dev/null && fail "$1: install rules generated"
  find "$dir/build" -name cmake_install.cmake -exec grep -l "gjkTargets\|gjk.pc" {} + 2>/dev/null | grep -q . &&
    fail "$1: install rules generated"
  cmake --build "$dir/build" -j"$(nproc)" >"$dir/build.log" 2>&1 || { tail -20 "$dir/build.log"; fail "$1: build"; }
  check_run "$1" "$dir/build/app"
}
subproject add_subdirectory "add_subdirectory(\"$root\" gjk)"
# FetchContent from a tarball of the tree as it is (committed or not), the way a release archive is used.
(cd "$root" && tar -czf "$tmp/gjk-src.tar.gz" --transform 's|^\./|gjk/|' \
  --exclude='./build*' --exclude='./.git' --exclude='./node_modules' --exclude='*/node_modules' \
  ./CMakeLists.txt ./cmake ./include ./src ./tools ./examples ./tests ./LICENSE)
subproject fetchcontent "include(FetchContent)
FetchContent_Declare(gjk URL \"file://$tmp/gjk-src.tar.gz\")
FetchContent_MakeAvailable(gjk)"
echo "install test passed"
