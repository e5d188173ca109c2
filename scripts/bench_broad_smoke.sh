#!/bin/sh
# The broad phase's correctness smoke: every pair of bodies whose tight boxes overlap must be reported by gjk's tree,
# Bullet's btDbvtBroadphase and Box2D's b2BroadPhase (`gjk-bench --query broad --quick`: 300 and 2,000 moving boxes
# and hulls, fields and piles, 3D and 2D, every step checked; about a second). Then the same run with one tight pair
# taken from every library's answer must fail, so that the check itself is known to work.
# Usage: scripts/bench_broad_smoke.sh       (exit status 0: pass)
# Needs the benchmark's peers (Debian: libccd-dev libbullet-dev libfcl-dev libeigen3-dev libbox2d-dev libqhull-dev,
# installed by scripts/install-deps.sh bench) and builds gjk-bench alone in build-broad/ (gcc, -O2).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${GJK_BROAD_BUILD_DIR:-build-broad}
scripts/install-deps.sh bench
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="-O2" -DCMAKE_CXX_FLAGS_RELEASE="-O2" \
  -DGJK_BUILD_BENCH=ON -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_TOOLS=OFF -DGJK_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j 2 --target gjk-bench >/dev/null
"$build/bench/gjk-bench" --query broad --quick
if GJK_BENCH_BROAD_DROP=1 "$build/bench/gjk-bench" --query broad --quick >/dev/null 2>&1; then
  echo "bench_broad_smoke: a run with pairs taken away passed: the check is broken" >&2
  exit 1
fi
echo "bench_broad_smoke: ok (every tight pair reported; a run missing pairs fails)"
