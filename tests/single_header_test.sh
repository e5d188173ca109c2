#!/bin/sh
# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
# Checks single/gjk.h, the single-header gjk:
#   1. up to date: scripts/single_header.py regenerates it byte for byte (and refuses colliding file-scope names);
#   2. builds: the implementation (one TU defining GJK_IMPLEMENTATION) and a plain TU linked together, with gcc and
#      clang as C11 and with g++ and clang++ as C++11, -Wall -Wextra -pedantic -Wshadow -Werror, in double and
#      in float;
#   3. answers bit for bit like the library: tests/single/driver.c (random pairs of every shape kind through every
#      query, every output field printed with %a) and examples/box_capsule.c, built against libgjk (CMake, in a
#      temporary directory) and against the header in each of those builds (also a C++ program over the C-compiled
#      implementation), outputs compared byte for byte; the -O0 build of the driver also runs under valgrind.
# Usage: sh tests/single_header_test.sh   (from any directory; exits non-zero on any failure)
# Needs: cmake, gcc, g++, clang, clang++, valgrind, python3 (Debian: build-essential cmake clang valgrind python3).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
py=/usr/bin/python3
[ -x "$py" ] || py=python3
for tool in cmake gcc g++ clang clang++ valgrind "$py"; do
  command -v "$tool" >/dev/null 2>&1 ||
    { echo "single header test: $tool is missing (Debian: build-essential cmake clang valgrind python3)" >&2; exit 1; }
done

# ---- 1. up to date ----
"$py" "$root/scripts/single_header.py" -o "$tmp/gjk.h"
if ! diff -u "$root/single/gjk.h" "$tmp/gjk.h" >"$tmp/stale.diff"; then
  echo "FAIL: single/gjk.h is not what scripts/single_header.py generates from include/ and src/ now." >&2
  echo "      Run /usr/bin/python3 scripts/single_header.py and commit single/gjk.h. The difference:" >&2
  head -40 "$tmp/stale.diff" >&2
  exit 1
fi
echo "single header: up to date"

# The generator refuses two .c files that define the same file-scope name (here a second static place()).
mkdir -p "$tmp/collide"
cp -r "$root/scripts" "$root/include" "$root/src" "$root/CMakeLists.txt" "$root/LICENSE" "$tmp/collide/"
printf 'static int place(int x) { return x; }\n' >>"$tmp/collide/src/toi3.c"
if "$py" "$tmp/collide/scripts/single_header.py" -o "$tmp/collide/gjk.h" 2>"$tmp/collide/err"; then
  echo "FAIL: scripts/single_header.py accepted two file-scope statics named place" >&2
  exit 1
fi
grep -q "'place' in src/hull3.c and in src/toi3.c" "$tmp/collide/err" ||
  { echo "FAIL: the generator's message does not name the colliding files:" >&2; cat "$tmp/collide/err" >&2; exit 1; }
echo "single header: the generator refuses colliding file-scope names"

# The header as users copy it, reachable as <gjk/gjk.h> so that the driver and the example build unchanged.
mkdir -p "$tmp/shim/gjk"
cp "$root/single/gjk.h" "$tmp/shim/gjk/gjk.h"
# The implementation TU also checks that the declarations may come first and a second inclusion is harmless, and
# that the implementation's private macros end with it.
cat >"$tmp/impl.c" <<'EOF'
#include <gjk/gjk.h>
#define GJK_IMPLEMENTATION
#include <gjk/gjk.h>
#include <gjk/gjk.h>
#if defined(GJK_ASSERT) || defined(GJK_COPYSIGN) || defined(CAST_TOL_DEFAULT) || defined(GJK_TOI_ROOT_ROUNDS)
#error "the implementation's private macros leak into the file that includes it"
#endif
EOF

# -Wall -Wextra -pedantic, plus the library's own -Wshadow (and, for C, its prototype warnings): a file-scope name of
# one source file shadowing a local of another shows there.
warn="-Wall -Wextra -pedantic -Wshadow -Werror"
cwarn="-Wstrict-prototypes -Wmissing-prototypes"

# One precision: the library and its reference outputs, then each build of the header against them.
check() {
  prec=$1
  dir="$tmp/$prec"
  mkdir -p "$dir"
  if [ "$prec" = float ]; then
    useflt=ON
    def="-DGJK_USE_FLOAT=1"
    # As the library's CMake does for GCC float builds (GCC 12's SLP vectorizer drops double-to-float roundings).
    gnu="-fno-tree-slp-vectorize"
  else
    useflt=OFF
    def=""
    gnu=""
  fi
  cmake -S "$root" -B "$dir/lib" -DCMAKE_BUILD_TYPE=Release -DGJK_USE_FLOAT=$useflt -DGJK_WERROR=ON \
    -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_TOOLS=OFF -DGJK_BUILD_EXAMPLES=OFF >"$dir/cmake.log" 2>&1 ||
    { cat "$dir/cmake.log"; return 1; }
  cmake --build "$dir/lib" --target gjk_static >>"$dir/cmake.log" 2>&1 || { cat "$dir/cmake.log"; return 1; }
  for prog in driver example; do
    src="$root/tests/single/driver.c"
    [ $prog = example ] && src="$root/examples/box_capsule.c"
    gcc -std=c11 $warn $cwarn -O2 -ffp-contract=off $gnu -I"$root/include" -I"$dir/lib/include" "$src" \
      "$dir/lib/libgjk.a" -lm -o "$dir/$prog-lib" || return 1
    "$dir/$prog-lib" >"$dir/$prog-lib.out" || { echo "FAIL ($prec): $prog against the library failed" >&2; return 1; }
  done

  # The implementation TU: C with gcc and clang, C++ with g++ and clang++, at -O0 to -O2 (the bits must not depend
  # on the optimisation level; the library is -O3). C++11: the oldest C++ with alignof, so the widest reach.
  for impl in "gcc c11 -O2" "clang c11 -O1" "g++ c++11 -O0" "clang++ c++11 -O1"; do
    set -- $impl
    lang=c
    extra=$cwarn
    case $2 in c++*) lang=c++ extra="" ;; esac
    case $1 in gcc | g++) extra="$extra $gnu" ;; esac
    $1 -x $lang -std=$2 $warn $3 -ffp-contract=off $extra $def -I"$tmp/shim" -c "$tmp/impl.c" -o "$dir/impl-$1.o" ||
      { echo "FAIL ($prec): the implementation does not build with $1 -std=$2" >&2; return 1; }
  done
  # Programs: the plain TU with the same compiler as the implementation, and C++ programs over the C-compiled
  # implementation.
  for pair in "gcc gcc c11" "clang clang c11" "g++ g++ c++11" "clang++ clang++ c++11" "gcc g++ c++11" \
    "clang clang++ c++11"; do
    set -- $pair
    lang=c
    extra=$cwarn
    case $3 in c++*) lang=c++ extra="" ;; esac
    case $2 in gcc | g++) extra="$extra $gnu" ;; esac
    for prog in driver example; do
      src="$root/tests/single/driver.c"
      [ $prog = example ] && src="$root/examples/box_capsule.c"
      exe="$dir/$prog-$1-$2"
      $2 -x $lang -std=$3 $warn -O2 -ffp-contract=off $extra $def -I"$tmp/shim" -c "$src" -o "$exe.o" ||
        { echo "FAIL ($prec): $prog does not build with $2 -std=$3 over the single header" >&2; return 1; }
      $2 "$exe.o" "$dir/impl-$1.o" -lm -o "$exe" ||
        { echo "FAIL ($prec): $prog ($2) does not link with the implementation built by $1" >&2; return 1; }
      "$exe" >"$exe.out" || { echo "FAIL ($prec): $prog ($1 implementation, $2 program) failed" >&2; return 1; }
      # The -O0 build also runs under memcheck: a read of uninitialised memory, whose garbage differs from build
      # to build and from run to run, shows there at once.
      if [ $prog = driver ] && [ $1 = g++ ] &&
        ! valgrind -q --error-exitcode=1 "$exe" >/dev/null 2>"$exe.memcheck"; then
        echo "FAIL ($prec): memcheck reports errors in the single-header build (g++ -O0):" >&2
        head -40 "$exe.memcheck" >&2
        return 1
      fi
      if ! cmp -s "$dir/$prog-lib.out" "$exe.out"; then
        echo "FAIL ($prec): $prog answers differently through the single header (implementation $1, program $2)" \
          "than through the library; first differences:" >&2
        diff "$dir/$prog-lib.out" "$exe.out" | head -6 | cut -c1-200 >&2
        return 1
      fi
    done
  done
  echo "single header ($prec): builds with gcc, clang (C11), g++, clang++ (C++11); $(wc -l <"$dir/driver-lib.out")" \
    "driver lines and the example identical to the library's in 6 builds"
}

# The two precisions run side by side (two cores).
for prec in double float; do
  (if check $prec >"$tmp/$prec.log" 2>&1; then echo 0; else echo 1; fi >"$tmp/$prec.rc") &
done
wait
status=0
for prec in double float; do
  cat "$tmp/$prec.log"
  [ "$(cat "$tmp/$prec.rc")" = 0 ] || status=1
done
if [ $status -ne 0 ]; then
  echo "single header test FAILED" >&2
  exit 1
fi
echo "single header test passed ($(($(date +%s) - start)) s)"
