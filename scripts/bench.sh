#!/bin/sh
# Build and run the side-by-side benchmark (bench/): gjk against libccd, Bullet, FCL and Box2D.
# Usage: scripts/bench.sh [--quick] [gjk-bench options...]   (scripts/bench.sh --help lists them)
# Installs the peers (Debian packages) if missing, configures a Release build (gcc, -O2) in build-bench/, builds
# the gjk-bench program and runs it with the given arguments.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/install-deps.sh bench
build=${GJK_BENCH_BUILD_DIR:-build-bench}
CC=${CC:-gcc} CXX=${CXX:-g++} cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
  -DGJK_BUILD_BENCH=ON -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_TOOLS=OFF -DGJK_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target gjk-bench >/dev/null
GJK_BENCH_COMMAND="scripts/bench.sh $*" exec "$build/bench/gjk-bench" "$@"
