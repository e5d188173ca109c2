#!/bin/sh
# The drop-in narrow phases for real engines (examples/engines, docs/engines.md): installs Box2D 2.4 and Bullet 3.24
# from Debian (scripts/install-deps.sh engines), configures a build with -DGJK_BUILD_ENGINE_EXAMPLES=ON (warnings
# as errors), builds the two drivers and runs them. Each checks its engine's manifold conversion on random pairs,
# then runs its scenes with the engine's own narrow phase and with gjk's and prints the table of figures.
# Exit status non-zero when a build or a check fails.
# Usage: tests/engines_test.sh [build-dir]   (default build-test/engines; JOBS=N for the build, default 2)
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh engines
dir=${1:-build-test/engines}
mkdir -p "$dir"
echo "== engines: configure and build ($dir)"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DGJK_WERROR=ON -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_TOOLS=OFF \
  -DGJK_BUILD_EXAMPLES=OFF -DGJK_INSTALL=OFF -DGJK_BUILD_ENGINE_EXAMPLES=ON >/dev/null
if ! cmake --build "$dir" -j"${JOBS:-2}" --target engines_box2d engines_bullet >"$dir/build.log" 2>&1; then
  cat "$dir/build.log"
  echo "engines: 0 passed, 1 failed (build)"
  exit 1
fi
passed=0
failed=0
for t in engines_box2d engines_bullet; do
  echo "== $t"
  if "$dir/examples/engines/$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "engines: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
