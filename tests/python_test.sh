#!/bin/sh
# The Python package (python/) the way the README installs it: a virtual environment over Debian's numpy, then
# `pip install --no-build-isolation ./python` (no package index); its pytest suite (python/tests: answers equal to
# the C library's bit for bit, batches, threads, bad input, pickling), run from outside the source tree so that the
# installed package is the one tested; and the Dask example at 100,000 pairs on a local cluster of two worker
# processes, whose results must equal the single-process run bit for bit.
# Usage: tests/python_test.sh (any cwd; needs scripts/install-deps.sh python).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "python test FAILED: $*" >&2; exit 1; }
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv" || fail "venv"
"$tmp/venv/bin/pip" install -q --no-build-isolation --no-index "$root/python" || fail "pip install ./python"
cd "$tmp"
"$tmp/venv/bin/python" -c "import gjk, sys; sys.exit(not gjk.__file__.startswith('$tmp'))" ||
  fail "the installed package is not the one imported"
"$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests" || fail "pytest"
"$tmp/venv/bin/python" "$root/python/examples/dask_signed_distance.py" --pairs 100000 --workers 2 ||
  fail "the Dask example"
echo "python test passed"
