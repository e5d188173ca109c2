#!/bin/sh
# Build the fuzz harnesses (fuzz/) with clang + ASan + UBSan and run each, in one of two ways:
#   scripts/fuzz.sh [SECONDS] [harness ...]
#       explore with libFuzzer for SECONDS each (default 60), from the committed seeds in fuzz/corpus/NAME, adding
#       what it finds to build-fuzz/corpus/NAME. Each run explores differently (FUZZ_SEED=N fixes libFuzzer's seed,
#       but its exploration still depends on timing and directory order).
#   FUZZ_RUNS=N scripts/fuzz.sh 0 [harness ...]
#       the reproducible smoke run CI makes: fuzz/replay.c runs every committed seed, then N mutants of them from a
#       fixed pseudo-random sequence (FUZZ_SEED, default 1). The same inputs on every machine.
# Harnesses: fuzz_query fuzz_query_float fuzz_scene (fuzz_query_float is fuzz_query built with gjk_real = float).
# A crash or a broken invariant stops that harness with the input saved (build-fuzz/crash-* or
# build-fuzz/replay-crash); exit status 1.
# FUZZ_OUT=DIR builds and keeps the corpus there instead of build-fuzz.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
seconds=${1:-60}
[ $# -gt 0 ] && shift
harnesses=${*:-"fuzz_query fuzz_query_float fuzz_scene"}
cc=clang-14
command -v $cc >/dev/null 2>&1 || cc=clang
out=${FUZZ_OUT:-build-fuzz}
runs=${FUZZ_RUNS:-}
root=$(pwd)
mkdir -p $out/include/gjk $out/float/include/gjk
sed 's/@GJK_USE_FLOAT_01@/0/' include/gjk/config.h.in > $out/include/gjk/config.h
sed 's/@GJK_USE_FLOAT_01@/1/' include/gjk/config.h.in > $out/float/include/gjk/config.h
common="-Wall -Wextra -Werror -g -O1 -fno-omit-frame-pointer -ffp-contract=off -fno-sanitize-recover=undefined"
failed=""
for h in $harnesses; do
  case $h in
    fuzz_query)       src=fuzz_query; cfg=$out/include; extra="" ;;
    fuzz_query_float) src=fuzz_query; cfg=$out/float/include; extra="" ;;
    fuzz_scene)       src=fuzz_scene; cfg=$out/include
                      extra="tools/scene.c tools/scene_shape.c $(pkg-config --cflags --libs libcjson)" ;;
    *) echo "unknown harness $h" >&2; exit 2 ;;
  esac
  echo "== $h: build"
  if [ -n "$runs" ]; then
    # shellcheck disable=SC2086
    $cc $common -fsanitize=address,undefined -Iinclude -I$cfg -Isrc -Itools fuzz/$src.c fuzz/replay.c src/*.c $extra \
      -lm -o $out/$h-replay
    echo "== $h: the seeds and $runs mutants (seed ${FUZZ_SEED:-1})"
    # (sorted: the seed list, and so the mutants, must not depend on directory order)
    # shellcheck disable=SC2046
    if (cd $out && ./$h-replay -n "$runs" -s "${FUZZ_SEED:-1}" $(find "$root/fuzz/corpus/$h" -type f | LC_ALL=C sort) \
          > $h.log 2>&1); then
      tail -1 $out/$h.log
      echo "$h: 1 passed, 0 failed"
    else
      tail -40 $out/$h.log
      echo "$h: 0 passed, 1 failed"
      failed="$failed $h"
    fi
    continue
  fi
  # shellcheck disable=SC2086
  $cc $common -fsanitize=fuzzer,address,undefined -Iinclude -I$cfg -Isrc -Itools fuzz/$src.c src/*.c $extra -lm \
    -o $out/$h
  mkdir -p $out/corpus/$h
  echo "== $h: run ${seconds}s"
  if (cd $out && ./$h -seed="${FUZZ_SEED:-0}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 corpus/$h "$root/fuzz/corpus/$h" > $h.log 2>&1); then
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" $out/$h.log || true
    echo "$h: 1 passed, 0 failed"
  else
    tail -40 $out/$h.log
    echo "$h: 0 passed, 1 failed"
    failed="$failed $h"
  fi
done
[ -z "$failed" ] || { echo "fuzzing found problems in:$failed"; exit 1; }
