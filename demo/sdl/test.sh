#!/bin/sh
# Headless test of the SDL demo: drive it with a script (SDL_VIDEODRIVER=offscreen, no display needed), then check
# the frame lines it prints and the pixels of its screenshots (check_pixels.py, python3 standard library only).
#   test.sh DEMO_BINARY OUTPUT_DIR
# The screenshots stay in OUTPUT_DIR. Prints "sdl: N passed, M failed"; exits 0 only when nothing failed,
# 77 (skipped) without python3. $GJK_PYTHON3 overrides the interpreter.
set -u
if [ $# -ne 2 ]; then
    echo "usage: test.sh DEMO_BINARY OUTPUT_DIR" >&2
    exit 2
fi
demo=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
py=${GJK_PYTHON3:-python3}
if ! command -v "$py" >/dev/null 2>&1; then
    echo "python3 not found: skipped"
    exit 77
fi
mkdir -p "$out" || exit 1
rm -f "$out"/*.bmp "$out"/frames.txt
passed=0
failed=0
ok() {
    echo "ok    $*"
    passed=$((passed + 1))
}
bad() {
    echo "FAIL  $*"
    failed=$((failed + 1))
}

# 1. B far from A (rotated 20 degrees), 2. B dragged onto A, 3. the closed forms on (Space): the separating-axis
# path, no GJK, 4. A a circle (key 3), B the next shape (a box), apart again and GJK forced again.
script="key q; key q; move 650 160; frame; shot $out/sep.bmp;
move 470 300; frame; shot $out/hit.bmp;
key space; frame; shot $out/closed.bmp;
key 3; key shift+tab; key space; move 520 260; frame; shot $out/circle.bmp"
script=$(printf '%s' "$script" | tr '\n' ' ')
SDL_VIDEODRIVER=${SDL_VIDEODRIVER:-offscreen} SDL_AUDIODRIVER=dummy "$demo" --script "$script" \
    >"$out/frames.txt" 2>"$out/stderr.txt"
rc=$?
if [ $rc -eq 0 ]; then ok "demo ran the script (exit 0)"; else bad "demo exit $rc: $(cat "$out/stderr.txt")"; fi

# The frame lines: what the library answered for each frame.
frame_has() { # FRAME WORD...: every WORD appears in line "frame FRAME: ..."
    n=$1
    shift
    line=$(grep "^frame $n: " "$out/frames.txt")
    for w in "$@"; do
        case " $line " in
        *" $w "*) ;;
        *)
            bad "frame $n has '$w': '$line'"
            return
            ;;
        esac
    done
    ok "frame $n has $*"
}
frame_has 1 a=polygon b=polygon b_angle=20 intersect=0 status=ok path=gjk closed_forms=off
frame_has 2 a=polygon b=polygon intersect=1 status=ok path=gjk+epa closed_forms=off
frame_has 3 intersect=1 status=ok path=closed_form steps=0 simplex=0 epa_vertices=0 closed_forms=on
frame_has 4 a=circle b=box intersect=0 status=ok path=gjk closed_forms=off
# Distances: positive apart, negative overlapping, the same depth by GJK/EPA and by the closed form.
d1=$(sed -n 's/^frame 1: .* distance=\([-0-9.]*\) .*/\1/p' "$out/frames.txt")
d2=$(sed -n 's/^frame 2: .* distance=\([-0-9.]*\) .*/\1/p' "$out/frames.txt")
d3=$(sed -n 's/^frame 3: .* distance=\([-0-9.]*\) .*/\1/p' "$out/frames.txt")
if "$py" -c "import sys; a, b, c = map(float, sys.argv[1:]); sys.exit(not (a > 0.5 and b < -0.5 and abs(b - c) < 1e-3))" \
    "${d1:-x}" "${d2:-x}" "${d3:-x}" 2>/dev/null; then
    ok "distances: apart $d1 > 0, overlap $d2 < 0, closed form $d3 = GJK/EPA $d2"
else
    bad "distances: apart '$d1' > 0.5, overlap '$d2' < -0.5, closed form '$d3' = '$d2'"
fi

# The pixels: each check of check_pixels.py counts (its last line is "FILE: N passed, M failed").
for kind in sep hit closed circle; do
    "$py" "$here/check_pixels.py" "$out/$kind.bmp" "$kind" >"$out/check_$kind.txt" 2>&1
    rc=$?
    grep -v '^ok ' "$out/check_$kind.txt"
    p=$(tail -n 1 "$out/check_$kind.txt" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    f=$(tail -n 1 "$out/check_$kind.txt" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    if [ -z "$p" ] || [ -z "$f" ] || { [ $rc -ne 0 ] && [ "$f" -eq 0 ]; }; then
        bad "check_pixels.py $kind: exit $rc without a result line"
    else
        passed=$((passed + p))
        failed=$((failed + f))
    fi
done

# Negative controls: the checks must fail on the wrong screenshot (green where red is due, a simplex where the
# closed form drew none, red where green is due, a polygon where the circle should be).
for pair in hit.bmp:sep sep.bmp:hit hit.bmp:closed closed.bmp:hit sep.bmp:circle; do
    file=${pair%%:*}
    kind=${pair##*:}
    if "$py" "$here/check_pixels.py" "$out/$file" "$kind" >/dev/null 2>&1; then
        bad "check '$kind' accepted $file"
    else
        ok "check '$kind' rejects $file"
    fi
done

echo "sdl: $passed passed, $failed failed"
[ $failed -eq 0 ] && [ $passed -gt 0 ]
