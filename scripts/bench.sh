#!/bin/sh
# Build and run the side-by-side benchmark (bench/): gjk against libccd, Bullet, FCL and Box2D, then draw its plots.
# Usage:
#   scripts/bench.sh [--quick] [gjk-bench options...]   run (scripts/bench.sh --help lists the options), then plot
#   scripts/bench.sh --markdown bench/RESULTS.md        the full run whose results are committed: also redraws
#                                                       bench/RESULTS.csv, docs/bench-ratio.svg and docs/bench-error.svg
#   scripts/bench.sh --plots [REPORT.md]                no run: redraw the CSV and plots from a report (default: the
#                                                       committed bench/RESULTS.md)
# Installs the peers (Debian packages) if missing, configures a Release build (gcc, -O2) in build-bench/, builds
# the gjk-bench program and runs it with the given arguments. Every run writes its report as markdown (the file given
# with --markdown, else build-bench/results.md) and bench/plot.py turns it into a CSV next to it and two SVG plots:
# into docs/ for bench/RESULTS.md, else next to the report.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${GJK_BENCH_BUILD_DIR:-build-bench}

need_matplotlib() {
  /usr/bin/python3 -c 'import matplotlib' 2>/dev/null && return 0
  echo "installing: python3-matplotlib"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 \
    python3-matplotlib
}

# Draw the CSV and plots of one markdown report.
plots() {
  need_matplotlib
  report=$1
  case "$report" in
    bench/RESULTS.md|"$root"/bench/RESULTS.md) /usr/bin/python3 bench/plot.py "$report" ;;
    *) stem=${report%.md}
       /usr/bin/python3 bench/plot.py "$report" --ratio "$stem-ratio.svg" --error "$stem-error.svg" ;;
  esac
}

if [ "${1:-}" = --plots ]; then
  plots "${2:-bench/RESULTS.md}"
  exit 0
fi

# The report: the --markdown FILE given, or one in the build directory.
report=""
prev=""
for a in "$@"; do
  [ "$prev" = --markdown ] && report=$a
  case "$a" in --help|-h|--list) report=none ;; esac
  prev=$a
done
extra=""
if [ -z "$report" ]; then
  report=$build/results.md
  extra="--markdown $report"
fi

scripts/install-deps.sh bench
CC=${CC:-gcc} CXX=${CXX:-g++} cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
  -DGJK_BUILD_BENCH=ON -DGJK_BUILD_TESTS=OFF -DGJK_BUILD_TOOLS=OFF -DGJK_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target gjk-bench >/dev/null
# shellcheck disable=SC2086 # $extra is empty or two words
GJK_BENCH_COMMAND="scripts/bench.sh $*" "$build/bench/gjk-bench" "$@" $extra
[ "$report" = none ] || plots "$report"
