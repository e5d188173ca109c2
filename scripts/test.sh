#!/bin/sh
# Install the test dependencies, then build and run every test in each configuration:
#   gcc   double  Release, warnings as errors
#   gcc   float   Release, warnings as errors
#   clang double  ASan + UBSan, warnings as errors
#   clang float   ASan + UBSan, warnings as errors
# and check that the installed package works through find_package(gjk) and pkg-config.
# Usage: scripts/test.sh [config ...]   (configs: gcc-double gcc-float clang-asan clang-asan-float install)
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
configs=${*:-"gcc-double gcc-float clang-asan clang-asan-float install"}
jobs=$(nproc)
failed=""
for c in $configs; do
  case $c in
    gcc-double)       cc=gcc;   opts="-DCMAKE_BUILD_TYPE=Release" ;;
    gcc-float)        cc=gcc;   opts="-DCMAKE_BUILD_TYPE=Release -DGJK_USE_FLOAT=ON" ;;
    clang-asan)       cc=clang; opts="-DCMAKE_BUILD_TYPE=RelWithDebInfo -DGJK_SANITIZE=ON -DGJK_ENABLE_ASSERT=ON" ;;
    clang-asan-float) cc=clang; opts="-DCMAKE_BUILD_TYPE=RelWithDebInfo -DGJK_SANITIZE=ON -DGJK_USE_FLOAT=ON" ;;
    install)
      echo "== install: find_package(gjk) and pkg-config"
      if sh tests/install_test.sh; then echo "install: 1 passed, 0 failed"; else failed="$failed install"; fi
      continue ;;
    *) echo "unknown config $c" >&2; exit 2 ;;
  esac
  dir=build-test/$c
  echo "== $c: configure and build ($cc $opts)"
  CC=$cc cmake -S . -B "$dir" $opts -DGJK_WERROR=ON >/dev/null
  if ! cmake --build "$dir" -j"$jobs" >"$dir.build.log" 2>&1; then
    cat "$dir.build.log"; failed="$failed $c"; continue
  fi
  echo "== $c: ctest"
  if ! (cd "$dir" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --output-on-failure -j"$jobs"); then
    failed="$failed $c"
  fi
done
if [ -n "$failed" ]; then
  echo "FAILED:$failed"
  exit 1
fi
echo "all configurations passed: $configs"
