#!/bin/sh
# Build the API reference (Doxygen, from the public headers' /// comments) into build-docs/html.
# Fails (exit 1) on any doxygen warning: an undocumented public function, type, field, enum value or macro, or a
# broken doc command; and on an undocumented member of the headers' nested structs and unions, which doxygen does
# not report (scripts/docs-fields.awk). Usage: scripts/docs.sh [OUTPUT_DIR]   (default build-docs; installs
# Debian's doxygen through scripts/install-deps.sh docs when it is missing)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-build-docs}
case "$out" in /*) ;; *) out="$root/$out" ;; esac
command -v doxygen >/dev/null 2>&1 || "$root/scripts/install-deps.sh" docs
mkdir -p "$out"
cd "$root"
awk -f scripts/docs-fields.awk include/gjk/*.h include/gjk/config.h.in ||
  { echo "docs.sh: undocumented fields in include/gjk (above): FAILED" >&2; exit 1; }
log="$out/doxygen-warnings.log"
# OUTPUT_DIRECTORY and WARN_LOGFILE override the Doxyfile's, so that any directory can hold the build.
status=0
{ cat docs/Doxyfile; echo "OUTPUT_DIRECTORY = \"$out\""; echo "WARN_LOGFILE = \"$log\""; } |
  doxygen - >"$out/doxygen.log" 2>&1 || status=$?
if [ -s "$log" ] || [ "$status" -ne 0 ]; then
  cat "$log" >&2 2>/dev/null || true
  [ "$status" -ne 0 ] && tail -n 20 "$out/doxygen.log" >&2
  echo "docs.sh: doxygen reported $(wc -l <"$log" 2>/dev/null || echo '?') warning line(s): FAILED" >&2
  exit 1
fi
echo "docs.sh: API reference in $out/html/index.html"
