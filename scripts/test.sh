#!/bin/sh
# Install the test dependencies, then build and run every test in each configuration:
#   gcc   double  Release, warnings as errors, with the SDL2 demo and its headless test (demo/sdl)
#   gcc   float   Release, warnings as errors
#   clang double  ASan + UBSan, warnings as errors, with the SDL2 demo
#   clang float   ASan + UBSan, warnings as errors
#   tsan  the determinism test (4 threads) and the batch test (gjk_parallel_for) under ThreadSanitizer
#   web   the WebAssembly demo (demo/web, Debian's emscripten) and its browser test in headless chromium
#         (playwright-core from npm): the page's answers against the native gjk tool's, dragging, screenshots
#   docs  the API reference (Doxygen over include/gjk/, every warning an error: scripts/docs.sh), every markdown link
#         and image resolving inside the repository, the README's shape and example (scripts/check_links.py), and the
#         C snippets of the README and docs/ compiling in double and float (scripts/check_snippets.py)
#   single the single header single/gjk.h: up to date with the sources, building as C11 and C++ (gcc, clang, g++,
#         clang++; double and float) and answering bit for bit like the library (tests/single_header_test.sh)
#   fuzz  each fuzz harness (fuzz/) on its committed seeds and 100,000 mutants of them from a fixed sequence: the
#         same inputs on every machine (clang, ASan + UBSan; fuzz/replay.c)
#   engines the drop-in narrow phases for Box2D 2.4 and Bullet 3 (examples/engines/, Debian's packages): the
#         manifold conversions checked on random pairs, and stacks, pyramids and piles settling with gjk as with each
#         engine's own narrow phase (tests/engines_test.sh); and the broad phase against Bullet's and Box2D's, every
#         pair of overlapping boxes found by each (scripts/bench_broad_smoke.sh)
#   python the Python package (python/) installed into a venv as the README says, its pytest suite (answers equal to
#         the C library's bit for bit) and the Dask example at 100,000 pairs (tests/python_test.sh)
#   install the install routes as users take them: cmake --install --prefix, then pkg-config at -O0 against the
#         shared library (also after moving the prefix) and find_package(gjk); add_subdirectory and FetchContent
#         (tests/install_test.sh)
# Usage: scripts/test.sh [config ...]
#   configs: gcc-double gcc-float clang-asan clang-asan-float tsan install docs single engines python web fuzz (the default: all
#            of these), and
#            valgrind (every test executable under valgrind memcheck, RelWithDebInfo; about half an hour, not in CI)
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh test
configs=${*:-"gcc-double gcc-float clang-asan clang-asan-float tsan install docs single engines python web fuzz"}
jobs=$(nproc)
failed=""
for c in $configs; do
  case $c in
    gcc-double)       cc=gcc;   opts="-DCMAKE_BUILD_TYPE=Release -DGJK_BUILD_SDL_DEMO=ON" ;;
    gcc-float)        cc=gcc;   opts="-DCMAKE_BUILD_TYPE=Release -DGJK_USE_FLOAT=ON" ;;
    clang-asan)       cc=clang; opts="-DCMAKE_BUILD_TYPE=RelWithDebInfo -DGJK_SANITIZE=ON -DGJK_ENABLE_ASSERT=ON -DGJK_BUILD_SDL_DEMO=ON" ;;
    clang-asan-float) cc=clang; opts="-DCMAKE_BUILD_TYPE=RelWithDebInfo -DGJK_SANITIZE=ON -DGJK_USE_FLOAT=ON" ;;
    install)
      echo "== install: pkg-config, find_package(gjk), add_subdirectory, FetchContent"
      if sh tests/install_test.sh; then echo "install: 1 passed, 0 failed"; else failed="$failed install"; fi
      continue ;;
    docs)
      echo "== docs: API reference, links, snippets"
      if scripts/docs.sh build-test/docs && /usr/bin/python3 scripts/check_links.py &&
         /usr/bin/python3 scripts/check_snippets.py; then
        echo "docs: 1 passed, 0 failed"
      else
        failed="$failed docs"
      fi
      continue ;;
    engines)
      echo "== engines: gjk as Box2D's and Bullet's narrow phase"
      if sh tests/engines_test.sh build-test/engines; then echo "engines: 1 passed, 0 failed"; else failed="$failed engines"; fi
      # The broad phase against Bullet's and Box2D's: every pair of overlapping tight boxes reported by each.
      echo "== engines: broad phase against Bullet and Box2D"
      if GJK_BROAD_BUILD_DIR=build-test/broad sh scripts/bench_broad_smoke.sh; then echo "broad: 1 passed, 0 failed"
      else failed="$failed broad"; fi
      continue ;;
    single)
      echo "== single: the single header"
      if sh tests/single_header_test.sh; then echo "single: 1 passed, 0 failed"; else failed="$failed single"; fi
      continue ;;
    web)
      # (demo/web/test.sh installs emscripten, chromium and playwright-core when missing.)
      echo "== web: the WebAssembly demo and its browser test"
      dir=build-test/web-native
      if cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DGJK_WERROR=ON -DGJK_BUILD_TESTS=OFF \
           -DGJK_BUILD_EXAMPLES=OFF >/dev/null &&
         cmake --build "$dir" -j"$jobs" --target gjk_cli >"$dir.build.log" 2>&1 &&
         GJK_WEB_OUT=build-test/web sh demo/web/test.sh "$dir/tools/gjk" build-test/web-shots; then :
      else
        [ -f "$dir.build.log" ] && tail -20 "$dir.build.log"; failed="$failed web"
      fi
      continue ;;
    python)
      echo "== python: the package (python/) installed as the README says, its tests, the Dask example"
      if scripts/install-deps.sh python && tests/python_test.sh; then echo "python: 1 passed, 0 failed"
      else failed="$failed python"; fi
      continue ;;
    fuzz)
      echo "== fuzz: reproducible smoke run of each harness (seeds and fixed mutants)"
      if FUZZ_SEED=1 FUZZ_RUNS=100000 FUZZ_OUT=build-test/fuzz scripts/fuzz.sh 0 fuzz_query fuzz_query_float fuzz_scene
      then :; else failed="$failed fuzz"; fi
      continue ;;
    valgrind)         cc=gcc;   opts="-DCMAKE_BUILD_TYPE=RelWithDebInfo -DGJK_ENABLE_ASSERT=ON" ;;
    tsan)
      # ThreadSanitizer on the determinism test (4 threads answering the same pairs) and the batch test (batches
      # split across threads by gjk_parallel_for): no data race anywhere a query reaches.
      echo "== tsan: the determinism and batch tests under ThreadSanitizer (clang)"
      dir=build-test/tsan
      if CC=clang cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGJK_WERROR=ON \
           -DCMAKE_C_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" >/dev/null &&
         cmake --build "$dir" -j"$jobs" --target test_determinism test_batch >"$dir.build.log" 2>&1 &&
         TSAN_OPTIONS=halt_on_error=1 "$dir/tests/test_determinism" &&
         TSAN_OPTIONS=halt_on_error=1 "$dir/tests/test_batch"; then
        echo "tsan: 1 passed, 0 failed"
      else
        [ -f "$dir.build.log" ] && tail -20 "$dir.build.log"; failed="$failed tsan"
      fi
      continue ;;
    *) echo "unknown config $c" >&2; exit 2 ;;
  esac
  dir=build-test/$c
  echo "== $c: configure and build ($cc $opts)"
  CC=$cc cmake -S . -B "$dir" $opts -DGJK_WERROR=ON >/dev/null
  if ! cmake --build "$dir" -j"$jobs" >"$dir.build.log" 2>&1; then
    cat "$dir.build.log"; failed="$failed $c"; continue
  fi
  if [ "$c" = valgrind ]; then
    # Every test executable under memcheck: any error or definite leak fails it. (The CLI tests run the tool
    # through sh and python, which memcheck would not follow; ASan covers them in the other configurations.)
    echo "== valgrind: memcheck on each test executable"
    for t in "$dir"/tests/test_*; do
      [ -x "$t" ] || continue
      if valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite "$t" >"$t.memcheck.log" 2>&1
      then echo "memcheck clean: $(basename "$t")"
      else cat "$t.memcheck.log"; echo "memcheck FAILED: $(basename "$t")"; failed="$failed valgrind:$(basename "$t")"
      fi
    done
    continue
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
