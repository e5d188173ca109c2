#!/bin/sh
# Build the libFuzzer harnesses (fuzz/) with clang + ASan + UBSan and run each for a while.
# Usage: scripts/fuzz.sh [SECONDS] [harness ...]
#   (default 60 s each; harnesses: fuzz_query fuzz_query_float fuzz_scene; fuzz_query_float is fuzz_query built with
#   gjk_real = float)
# Each run starts from the committed seed corpus fuzz/corpus/NAME and adds what it finds to build-fuzz/corpus/NAME.
# A crash or a broken invariant stops that harness with the input saved as build-fuzz/crash-*; exit status 1.
# Environment: FUZZ_SEED=N fixes libFuzzer's seed (reproducible smoke runs; default: random),
#              FUZZ_OUT=DIR builds and keeps the grown corpus there instead of build-fuzz.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
seconds=${1:-60}
[ $# -gt 0 ] && shift
harnesses=${*:-"fuzz_query fuzz_query_float fuzz_scene"}
cc=clang-14
command -v $cc >/dev/null 2>&1 || cc=clang
out=${FUZZ_OUT:-build-fuzz}
seed=${FUZZ_SEED:-0}
root=$(pwd)
mkdir -p $out/include/gjk $out/float/include/gjk
sed 's/@GJK_USE_FLOAT_01@/0/' include/gjk/config.h.in > $out/include/gjk/config.h
sed 's/@GJK_USE_FLOAT_01@/1/' include/gjk/config.h.in > $out/float/include/gjk/config.h
flags="-Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer -ffp-contract=off -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
failed=""
for h in $harnesses; do
  case $h in
    fuzz_query)       src=fuzz_query; cfg=$out/include; extra="" ;;
    fuzz_query_float) src=fuzz_query; cfg=$out/float/include; extra="" ;;
    fuzz_scene)       src=fuzz_scene; cfg=$out/include; extra="tools/scene.c $(pkg-config --cflags --libs libcjson)" ;;
    *) echo "unknown harness $h" >&2; exit 2 ;;
  esac
  echo "== $h: build"
  # shellcheck disable=SC2086
  $cc $flags -Iinclude -I$cfg -Isrc -Itools fuzz/$src.c src/*.c $extra -lm -o $out/$h
  mkdir -p $out/corpus/$h
  echo "== $h: run ${seconds}s"
  if (cd $out && ./$h -seed="$seed" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        corpus/$h "$root/fuzz/corpus/$h" > $h.log 2>&1); then
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" $out/$h.log || true
    echo "$h: 1 passed, 0 failed"
  else
    tail -40 $out/$h.log
    echo "$h: 0 passed, 1 failed"
    failed="$failed $h"
  fi
done
[ -z "$failed" ] || { echo "fuzzing found problems in:$failed"; exit 1; }
