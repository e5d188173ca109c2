#!/bin/sh
# Install gjk into a temporary prefix and build a consumer with find_package(gjk) and with pkg-config.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake -S "$root" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_TOOLS=OFF \
  -DGJK_BUILD_EXAMPLES=OFF -DCMAKE_INSTALL_PREFIX="$tmp/prefix" >/dev/null
cmake --build "$tmp/build" -j"$(nproc)" >/dev/null
cmake --install "$tmp/build" >/dev/null
mkdir -p "$tmp/consumer"
cp "$root/examples/box_capsule.c" "$tmp/consumer/main.c"
cat > "$tmp/consumer/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.16)
project(consumer C)
find_package(gjk REQUIRED)
add_executable(consumer main.c)
target_link_libraries(consumer PRIVATE gjk::gjk)
add_executable(consumer_shared main.c)
target_link_libraries(consumer_shared PRIVATE gjk::gjk_shared)
CM
cmake -S "$tmp/consumer" -B "$tmp/consumer/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer/build" >/dev/null
"$tmp/consumer/build/consumer" | grep -q "signed distance 0.700000"
LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/consumer/build/consumer_shared" | grep -q "signed distance 0.700000"
libdir=$(ls -d "$tmp/prefix"/lib*/pkgconfig | head -1)
cc "$tmp/consumer/main.c" -o "$tmp/pc" $(PKG_CONFIG_PATH="$libdir" pkg-config --cflags --libs --static gjk)
LD_LIBRARY_PATH="$tmp/prefix/lib" "$tmp/pc" | grep -q "signed distance 0.700000"
echo "install test passed"
