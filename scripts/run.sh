#!/bin/sh
# Install what is needed, build the library and the gjk tool, and run it on the bundled example scenes.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh run
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DGJK_BUILD_TESTS=OFF >/dev/null
cmake --build build -j"$(nproc)" --target gjk_cli >/dev/null
echo "== gjk query examples/scene.json"
build/tools/gjk query examples/scene.json
echo "== gjk query examples/scene2d.json"
build/tools/gjk query examples/scene2d.json
