#!/bin/sh
# Install what gjk needs from Debian's packages (Debian 12). Usage: scripts/install-deps.sh [run|docs|test|bench|
# engines|python]
#   run   - build the library and the gjk tool: compiler, CMake, cJSON
#   docs  - also doxygen (the API reference, scripts/docs.sh)
#   test  - also the test tools: cmocka, qhull (oracle), clang (second compiler, sanitizers), python3 (CLI checks),
#           SDL2 (the desktop demo and its headless test), doxygen
#   bench - also the peers the benchmark compares against: libccd, Bullet, FCL (+ Eigen), Box2D
#   engines - the run set, C++ and the engines gjk plugs into (examples/engines, tests/engines_test.sh): Box2D, Bullet
#   python - the run set and the Python package's build and tests (python/, tests/python_test.sh): Python headers,
#           numpy, setuptools, venv, pytest, Dask
# Packages already present are not reinstalled; run as root (or with sudo available).
set -eu
what=${1:-test}
pkgs="build-essential cmake pkg-config libcjson-dev"
if [ "$what" = docs ]; then
  pkgs="$pkgs doxygen"
fi
if [ "$what" = test ] || [ "$what" = bench ]; then
  pkgs="$pkgs libcmocka-dev libqhull-dev clang libclang-rt-14-dev python3 valgrind libsdl2-dev doxygen"
fi
if [ "$what" = bench ]; then
  pkgs="$pkgs g++ libccd-dev libbullet-dev libfcl-dev libeigen3-dev libbox2d-dev"
fi
if [ "$what" = python ]; then
  pkgs="$pkgs python3-dev python3-numpy python3-setuptools python3-venv python3-pytest python3-dask python3-distributed"
fi
if [ "$what" = engines ]; then
  pkgs="$pkgs g++ libbox2d-dev libbullet-dev"
fi
missing=""
for p in $pkgs; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 $missing
