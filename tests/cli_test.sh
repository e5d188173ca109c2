#!/bin/sh
# Tests of the gjk command-line tool, run by CTest (tests/cli.cmake):
#   cli_test.sh GJK SOURCE_DIR CASE
# CASE: examples | known | stdin | pairs | errors | badinput | usage | tolerance | keys | rotation (in cli_strict.sh) | render (in
# cli_render.sh) | manifold | raycast | cast | contact_errors (in cli_contacts.sh) | world | world_errors (in
# cli_world.sh) | compound | compound_errors (in cli_compound.sh). JSON output is
# checked by cli_test.py, gjk render's SVG by render_test.py (python3, standard library only; $GJK_PYTHON3 overrides
# the interpreter). Exits 0 on success, 1 on failure, 77 (skipped) without python3.
set -u
if [ $# -ne 3 ]; then
    echo "usage: cli_test.sh GJK SOURCE_DIR CASE" >&2
    exit 1
fi
gjk=$1
src=$2
case=$3
py=${GJK_PYTHON3:-python3}
if ! command -v "$py" >/dev/null 2>&1; then
    echo "python3 not found: skipped"
    exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
failures=0
precision=$("$gjk" --version | sed -n 's/^gjk [0-9.]* (\([a-z]*\))$/\1/p')
if [ -z "$precision" ]; then
    echo "FAIL: cannot tell the precision from '$("$gjk" --version)'"
    exit 1
fi

bad() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# run_ok NAME SCENE_PATH DIM EXPECTED_JSON: exit 0, nothing on stderr, stdout checked by cli_test.py.
run_ok() {
    "$gjk" query "$2" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ] || [ -s "$tmp/err" ]; then
        bad "$1: exit $rc, stderr: $(cat "$tmp/err")"
        return
    fi
    "$py" "$src/tests/cli_test.py" "$tmp/out" "$3" "$precision" "$4" || bad "$1: output (above)"
}

# check_error NAME RC MESSAGE: exit 2, nothing on stdout, exactly MESSAGE (one line) on stderr.
check_error() {
    [ "$2" -eq 2 ] || bad "$1: exit $2, expected 2"
    [ -s "$tmp/out" ] && bad "$1: stdout not empty: $(head -c 200 "$tmp/out")"
    [ "$(cat "$tmp/err")" = "$3" ] || bad "$1: stderr is '$(cat "$tmp/err")', expected '$3'"
}

# expect_error NAME SCENE_TEXT MESSAGE: the scene (written to $tmp/bad.json) is rejected with MESSAGE.
expect_error() {
    printf '%s\n' "$2" >"$tmp/bad.json"
    "$gjk" query "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
    check_error "$1" $? "$3"
}

case_examples() {
    run_ok scene.json "$src/examples/scene.json" 3 '[
        {"a": 0, "b": 1, "status": "ok", "intersect": false, "distance": 0.25, "normal": [0, 0, 1], "tol": 1e-6},
        {"a": 2, "b": 3, "status": "ok", "intersect": true, "distance": -0.25, "normal": [1, 0, 0], "tol": 1e-6},
        {"a": 4, "b": 5, "status": "ok", "intersect": false, "distance": 0.5, "normal": [1, 0, 0], "tol": 1e-6},
        {"a": 6, "b": 7, "status": "ok", "intersect": false, "distance": 0.05, "normal": [0, 0, 1], "tol": 1e-6},
        {"a": 8, "b": 9, "status": "ok", "intersect": true, "distance": -0.25, "normal": [1, 0, 0], "tol": 1e-6}]'
    run_ok scene2d.json "$src/examples/scene2d.json" 2 '[
        {"a": 0, "b": 1, "status": "ok", "intersect": false, "distance": 0.25, "normal": [0, 1], "tol": 1e-6},
        {"a": 2, "b": 3, "status": "ok", "intersect": true, "distance": -0.25, "normal": [1, 0], "tol": 1e-6},
        {"a": 4, "b": 5, "status": "ok", "intersect": false, "distance": 0.6928932188134524, "normal": [0, 1],
         "tol": 1e-6}]'
}

case_known() {
    # Spheres 3 apart; boxes overlapping by 0.25 along x; a box turned 45 degrees about z (corner at sqrt 2); a
    # quaternion given unnormalised (90 degrees about z); a rounded box; a pair in B-A order.
    cat >"$tmp/known.json" <<'EOF'
{"dim": 3, "shapes": [
  {"type": "sphere", "radius": 1}, {"type": "sphere", "radius": 1, "position": [3, 0, 0]},
  {"type": "box", "half_extents": [1, 1, 1], "position": [10, 0, 0]},
  {"type": "box", "half_extents": [1, 1, 1], "position": [11.75, 0.5, 0.25]},
  {"type": "box", "half_extents": [1, 1, 1], "position": [20, 0, 0],
   "rotation": [0.9238795325112867, 0, 0, 0.3826834323650898]},
  {"type": "sphere", "radius": 0.5, "position": [23, 0, 0]},
  {"type": "box", "half_extents": [2, 1, 1], "position": [30, 0, 0], "rotation": [2, 0, 0, 2]},
  {"type": "sphere", "radius": 0.5, "position": [33, 0, 0]},
  {"type": "box", "half_extents": [1, 1, 1], "margin": 0.5, "position": [40, 0, 0]},
  {"type": "sphere", "radius": 0.5, "position": [43, 0, 0]}],
 "pairs": [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [1, 0]]}
EOF
    run_ok known3 "$tmp/known.json" 3 '[
        {"a": 0, "b": 1, "intersect": false, "distance": 1, "exact": true, "normal": [1, 0, 0],
         "point_a": [1, 0, 0], "point_b": [2, 0, 0]},
        {"a": 2, "b": 3, "intersect": true, "distance": -0.25, "normal": [1, 0, 0], "tol": 1e-7},
        {"a": 4, "b": 5, "intersect": false, "distance": 1.0857864376269049, "normal": [1, 0, 0], "tol": 1e-7},
        {"a": 6, "b": 7, "intersect": false, "distance": 1.5, "normal": [1, 0, 0], "tol": 1e-7},
        {"a": 8, "b": 9, "intersect": false, "distance": 1.0, "normal": [1, 0, 0], "tol": 1e-7},
        {"a": 1, "b": 0, "intersect": false, "distance": 1, "exact": true, "normal": [-1, 0, 0],
         "point_a": [2, 0, 0], "point_b": [1, 0, 0]}]'
    # 2D: separated and overlapping circles, a box turned 90 degrees, a capsule (axis y) and a point.
    cat >"$tmp/known2.json" <<'EOF'
{"dim": 2, "shapes": [
  {"type": "circle", "radius": 1}, {"type": "circle", "radius": 0.5, "position": [2, 0]},
  {"type": "circle", "radius": 1, "position": [10, 0]}, {"type": "circle", "radius": 1, "position": [10, 1.5]},
  {"type": "box", "half_extents": [2, 1], "position": [20, 0], "rotation": 1.5707963267948966},
  {"type": "circle", "radius": 0.5, "position": [23, 0]},
  {"type": "capsule", "radius": 0.5, "half_height": 1, "position": [30, 0]}, {"type": "point", "position": [30, 3]}],
 "pairs": [[0, 1], [2, 3], [4, 5], [6, 7]]}
EOF
    run_ok known2 "$tmp/known2.json" 2 '[
        {"a": 0, "b": 1, "intersect": false, "distance": 0.5, "exact": true, "normal": [1, 0],
         "point_a": [1, 0], "point_b": [1.5, 0]},
        {"a": 2, "b": 3, "intersect": true, "distance": -0.5, "normal": [0, 1], "tol": 1e-7},
        {"a": 4, "b": 5, "intersect": false, "distance": 1.5, "normal": [1, 0], "tol": 1e-7},
        {"a": 6, "b": 7, "intersect": false, "distance": 1.5, "normal": [0, 1], "point_b": [30, 3], "tol": 1e-7}]'
}

case_stdin() {
    for scene in scene.json scene2d.json; do
        "$gjk" query "$src/examples/$scene" >"$tmp/file.out" 2>&1 || bad "stdin: $scene from a file failed"
        "$gjk" query - <"$src/examples/$scene" >"$tmp/stdin.out" 2>&1 || bad "stdin: $scene redirected failed"
        # shellcheck disable=SC2002 # a pipe, not a regular file, on purpose
        cat "$src/examples/$scene" | "$gjk" query - >"$tmp/pipe.out" 2>&1 || bad "stdin: $scene piped failed"
        cmp -s "$tmp/file.out" "$tmp/stdin.out" || bad "stdin: $scene redirected differs from the file"
        cmp -s "$tmp/file.out" "$tmp/pipe.out" || bad "stdin: $scene piped differs from the file"
    done
    printf '{"shapes": [' | "$gjk" query - >"$tmp/out" 2>"$tmp/err"
    check_error "stdin: invalid JSON" $? "gjk: <stdin>: invalid JSON near line 1, column 13"
    "$gjk" query - </dev/null >"$tmp/out" 2>"$tmp/err"
    check_error "stdin: empty" $? "gjk: <stdin>: empty input (expected a JSON object)"
}

case_pairs() {
    # No "pairs": every pair i < j in order; "dim" defaults to 3.
    cat >"$tmp/all.json" <<'EOF'
{"shapes": [{"type": "sphere", "radius": 0.5}, {"type": "point", "position": [2, 0, 0]},
            {"type": "sphere", "radius": 0.5, "position": [0, 2, 0]}, {"type": "point", "position": [0, 0, 2]}]}
EOF
    run_ok default-pairs "$tmp/all.json" 3 '[
        {"a": 0, "b": 1, "distance": 1.5}, {"a": 0, "b": 2, "distance": 1}, {"a": 0, "b": 3, "distance": 1.5},
        {"a": 1, "b": 2, "distance": 2.3284271247461903, "tol": 1e-7},
        {"a": 1, "b": 3, "distance": 2.8284271247461903, "tol": 1e-7},
        {"a": 2, "b": 3, "distance": 2.3284271247461903, "tol": 1e-7}]'
    printf '{"dim": 2, "shapes": [{"type": "circle", "radius": 1}]}' >"$tmp/one.json"
    run_ok one-shape "$tmp/one.json" 2 '[]'
    printf '{"shapes": [{"type": "point"}, {"type": "point"}], "pairs": []}' >"$tmp/none.json"
    run_ok empty-pairs "$tmp/none.json" 3 '[]'
    printf '{"shapes": []}' >"$tmp/empty.json"
    run_ok no-shapes "$tmp/empty.json" 3 '[]'
    printf '{"shapes": [{"type": "point"}, {"type": "point", "position": [1, 0, 0]}],
             "pairs": [[1, 0], [0, 1], [1, 0]]}' >"$tmp/dup.json"
    run_ok listed-pairs "$tmp/dup.json" 3 '[{"a": 1, "b": 0}, {"a": 0, "b": 1}, {"a": 1, "b": 0}]'
}

case_errors() {
    f="$tmp/bad.json"
    "$gjk" query "$tmp/missing.json" >"$tmp/out" 2>"$tmp/err"
    check_error missing-file $? "gjk: $tmp/missing.json: cannot read: No such file or directory"
    "$gjk" query "$tmp" >"$tmp/out" 2>"$tmp/err"
    check_error directory $? "gjk: $tmp: cannot read: Is a directory"
    expect_error empty '' "gjk: $f: empty input (expected a JSON object)"
    expect_error syntax '{"shapes": [
  {"type": "box" "half_extents": [1, 1, 1]}]}' "gjk: $f: invalid JSON near line 2, column 18"
    expect_error trailing '{"shapes": []} x' "gjk: $f: invalid JSON near line 1, column 16"
    expect_error not-object '[]' "gjk: $f: the scene must be a JSON object"
    expect_error dim '{"dim": 4, "shapes": []}' "gjk: dim must be 2 or 3"
    expect_error dim-string '{"dim": "3", "shapes": []}' "gjk: dim must be 2 or 3"
    expect_error no-shapes '{"dim": 3}' "gjk: the scene needs shapes (an array of shape objects)"
    expect_error shapes-type '{"shapes": {}}' "gjk: shapes must be an array of shape objects"
    expect_error shape-object '{"shapes": [{"type": "point"}, 7]}' 'gjk: shape 1: must be an object with a "type"'
    types3="point, segment, triangle, box, sphere, capsule, cylinder, cone, ellipsoid, hull, compound"
    expect_error no-type '{"shapes": [{"radius": 1}]}' "gjk: shape 0: needs a type (one of: $types3)"
    expect_error type-number '{"shapes": [{"type": 1}]}' "gjk: shape 0: type must be a string (one of: $types3)"
    expect_error unknown-type '{"shapes": [{"type": "point"}, {"type": "blob"}]}' \
        "gjk: shape 1: unknown 3D type \"blob\" (expected one of: $types3)"
    expect_error 2d-type-in-3d '{"shapes": [{"type": "circle", "radius": 1}]}' \
        "gjk: shape 0: unknown 3D type \"circle\" (expected one of: $types3); set \"dim\": 2 for a 2D scene"
    expect_error 3d-type-in-2d '{"dim": 2, "shapes": [{"type": "sphere", "radius": 1}]}' \
        'gjk: shape 0: unknown 2D type "sphere" (expected one of: point, segment, circle, box, capsule, polygon, compound)'
    s='{"type": "point"}, {"type": "point"}, {"type": "point"}'
    expect_error box-zero "{\"shapes\": [$s, {\"type\": \"box\", \"half_extents\": [1, 0, 1]}]}" \
        "gjk: shape 3: box half_extents must be 3 positive numbers"
    expect_error box-short '{"shapes": [{"type": "box", "half_extents": [1, 1]}]}' \
        "gjk: shape 0: box half_extents must be 3 positive numbers"
    expect_error box-infinite '{"shapes": [{"type": "box", "half_extents": [1, 1, 1e999]}]}' \
        "gjk: shape 0: box half_extents must be 3 positive numbers"
    expect_error box-missing '{"shapes": [{"type": "box"}]}' "gjk: shape 0: box needs half_extents (3 positive numbers)"
    expect_error box2d '{"dim": 2, "shapes": [{"type": "box", "half_extents": [1, 1, 1]}]}' \
        "gjk: shape 0: box half_extents must be 2 positive numbers"
    expect_error sphere-zero '{"shapes": [{"type": "sphere", "radius": 0}]}' \
        "gjk: shape 0: sphere radius must be a positive number"
    expect_error sphere-string '{"shapes": [{"type": "sphere", "radius": "1"}]}' \
        "gjk: shape 0: sphere radius must be a positive number"
    expect_error capsule-negative '{"shapes": [{"type": "capsule", "radius": 1, "half_height": -1}]}' \
        "gjk: shape 0: capsule half_height must be a number >= 0"
    expect_error cylinder-flat '{"shapes": [{"type": "cylinder", "radius": 1, "half_height": 0}]}' \
        "gjk: shape 0: cylinder half_height must be a positive number"
    expect_error cone-missing '{"shapes": [{"type": "cone", "radius": 1}]}' \
        "gjk: shape 0: cone needs half_height (a positive number)"
    expect_error circle-missing '{"dim": 2, "shapes": [{"type": "circle"}]}' \
        "gjk: shape 0: circle needs radius (a positive number)"
    expect_error ellipsoid '{"shapes": [{"type": "ellipsoid", "radii": [1, 2, -3]}]}' \
        "gjk: shape 0: ellipsoid radii must be 3 positive numbers"
    expect_error hull-missing '{"shapes": [{"type": "hull"}]}' \
        "gjk: shape 0: hull needs points (an array of 1 to 1048576 points, each [x, y, z])"
    expect_error hull-empty '{"shapes": [{"type": "hull", "points": []}]}' \
        "gjk: shape 0: hull points must be an array of 1 to 1048576 points, each [x, y, z]"
    expect_error hull-point '{"shapes": [{"type": "hull", "points": [[0, 0, 0], [1, 0]]}]}' \
        "gjk: shape 0: hull points[1] must be [x, y, z], 3 finite numbers"
    expect_error polygon-point '{"dim": 2, "shapes": [{"type": "polygon", "points": [[0, 0], [1, 0, 0]]}]}' \
        "gjk: shape 0: polygon points[1] must be [x, y], 2 finite numbers"
    expect_error segment-count '{"shapes": [{"type": "segment", "points": [[0, 0, 0]]}]}' \
        "gjk: shape 0: segment points must be 2 points, each [x, y, z]"
    expect_error triangle-value '{"shapes": [{"type": "triangle", "points": [[0, 0, 0], [1, 0, 0], [0, 1, "z"]]}]}' \
        "gjk: shape 0: triangle points[2] must be [x, y, z], 3 finite numbers"
    expect_error position '{"shapes": [{"type": "point", "position": [0, 0]}]}' \
        "gjk: shape 0: position must be [x, y, z], 3 finite numbers"
    expect_error position2d '{"dim": 2, "shapes": [{"type": "point", "position": [0, 0, 0]}]}' \
        "gjk: shape 0: position must be [x, y], 2 finite numbers"
    expect_error rotation-zero '{"shapes": [{"type": "point", "rotation": [0, 0, 0, 0]}]}' \
        "gjk: shape 0: rotation must be a quaternion [w, x, y, z], 4 finite numbers not all zero"
    expect_error rotation-angle-in-3d '{"shapes": [{"type": "point", "rotation": 1.5}]}' \
        "gjk: shape 0: rotation must be a quaternion [w, x, y, z], 4 finite numbers not all zero"
    expect_error rotation2d '{"dim": 2, "shapes": [{"type": "point", "rotation": [1, 0, 0, 0]}]}' \
        "gjk: shape 0: rotation must be an angle in radians (a finite number)"
    expect_error margin '{"shapes": [{"type": "point", "margin": -0.1}]}' "gjk: shape 0: margin must be a number >= 0"
    expect_error margin-null '{"shapes": [{"type": "point", "margin": null}]}' \
        "gjk: shape 0: margin must be a number >= 0"
    s='{"type": "point"}, {"type": "point"}'
    expect_error pairs-type "{\"shapes\": [$s], \"pairs\": {}}" \
        "gjk: pairs must be an array of [a, b] shape index pairs"
    expect_error pair-range "{\"shapes\": [$s], \"pairs\": [[0, 1], [0, 2]]}" \
        "gjk: pair 1: shape index 2 is out of range (shapes are 0 to 1)"
    expect_error pair-negative "{\"shapes\": [$s], \"pairs\": [[-1, 0]]}" \
        "gjk: pair 0: shape index -1 is out of range (shapes are 0 to 1)"
    expect_error pair-self "{\"shapes\": [$s], \"pairs\": [[1, 1]]}" "gjk: pair 0: shape 1 is paired with itself"
    expect_error pair-fraction "{\"shapes\": [$s], \"pairs\": [[0, 0.5]]}" \
        "gjk: pair 0: must be [a, b], two shape indices"
    expect_error pair-short "{\"shapes\": [$s], \"pairs\": [[0, 1], [1]]}" \
        "gjk: pair 1: must be [a, b], two shape indices"
    expect_error pair-string "{\"shapes\": [$s], \"pairs\": [[\"0\", 1]]}" \
        "gjk: pair 0: must be [a, b], two shape indices"
    # The first error wins and nothing is printed, even when earlier pairs are fine.
    expect_error late-error "{\"shapes\": [$s, {\"type\": \"sphere\", \"radius\": -1}]}" \
        "gjk: shape 2: sphere radius must be a positive number"
}

# Bad input of every kind (issue 4): each scene exits 2, prints nothing on stdout and one line on stderr naming the
# shape (or pair) and the field. JSON has no NaN: 1e400 parses to infinity; "big" is finite but beyond the limit on
# coordinates and sizes (1e150, float builds 1e18: the library's bound on 3D input, applied in 2D as well).
case_badinput() {
    f="$tmp/bad.json"
    if [ "$precision" = float ]; then
        big=1e30 shown=1e+30 limit=1e+18
    else
        big=1e200 shown=1e+200 limit=1e+150
    fi
    beyond="is beyond the limit of $limit in magnitude"
    # Malformed JSON.
    expect_error blank ' 	 ' "gjk: $f: empty input (expected a JSON object)"
    expect_error truncated '{"shapes": [{"type": "point"}' "gjk: $f: invalid JSON near line 2, column 1"
    expect_error trailing-comma '{"shapes": [],}' "gjk: $f: invalid JSON near line 1, column 16"
    expect_error single-quotes "{'shapes': []}" "gjk: $f: invalid JSON near line 1, column 3"
    expect_error nan-literal '{"shapes": [{"type": "sphere", "radius": NaN}]}' \
        "gjk: $f: invalid JSON near line 1, column 42"
    expect_error infinity-literal '{"shapes": [{"type": "sphere", "radius": Infinity}]}' \
        "gjk: $f: invalid JSON near line 1, column 42"
    expect_error comment '{"shapes": [] /* none */}' "gjk: $f: invalid JSON near line 1, column 15"
    expect_error two-values '{"shapes": []} {"shapes": []}' "gjk: $f: invalid JSON near line 1, column 16"
    # Nesting deeper than cJSON allows (where it stops depends on its build: only the start of the message).
    printf '{"shapes": %2000s\n' '' | tr ' ' '[' >"$f"
    "$gjk" query "$f" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    case $(cat "$tmp/err") in
    "gjk: $f: invalid JSON near line 1, column "*) check_error too-deep $rc "$(cat "$tmp/err")" ;;
    *) bad "too-deep: stderr is '$(cat "$tmp/err")'" ;;
    esac
    printf '{"shapes": []}\0' >"$f"
    "$gjk" query "$f" >"$tmp/out" 2>"$tmp/err"
    check_error nul-byte $? "gjk: $f: invalid JSON (contains a NUL byte)"
    # Empty or mistyped documents.
    expect_error empty-object '{}' "gjk: the scene needs shapes (an array of shape objects)"
    expect_error null-document 'null' "gjk: $f: the scene must be a JSON object"
    expect_error shapes-null '{"shapes": null}' "gjk: shapes must be an array of shape objects"
    expect_error shapes-string '{"shapes": "sphere"}' "gjk: shapes must be an array of shape objects"
    expect_error dim-array '{"dim": [3], "shapes": []}' "gjk: dim must be 2 or 3"
    expect_error dim-fraction '{"dim": 2.5, "shapes": []}' "gjk: dim must be 2 or 3"
    expect_error dim-infinite '{"dim": 1e400, "shapes": []}' "gjk: dim must be 2 or 3"
    expect_error shapes-twice '{"shapes": [], "shapes": [{"type": "point"}]}' "gjk: $f: shapes is given twice"
    expect_error shape-null '{"shapes": [null]}' 'gjk: shape 0: must be an object with a "type"'
    expect_error shape-array '{"shapes": [["point"]]}' 'gjk: shape 0: must be an object with a "type"'
    # Unknown or mistyped types.
    types3="point, segment, triangle, box, sphere, capsule, cylinder, cone, ellipsoid, hull, compound"
    types2="point, segment, circle, box, capsule, polygon, compound"
    expect_error type-case '{"shapes": [{"type": "Sphere", "radius": 1}]}' \
        "gjk: shape 0: unknown 3D type \"Sphere\" (expected one of: $types3)"
    expect_error type-empty '{"shapes": [{"type": ""}]}' "gjk: shape 0: unknown 3D type \"\" (expected one of: $types3)"
    expect_error type-null '{"shapes": [{"type": null}]}' "gjk: shape 0: type must be a string (one of: $types3)"
    expect_error type-array '{"dim": 2, "shapes": [{"type": ["circle"]}]}' \
        "gjk: shape 0: type must be a string (one of: $types2)"
    expect_error type-long "{\"shapes\": [{\"type\": \"$(printf '%60s' '' | tr ' ' 'x')\"}]}" \
        "gjk: shape 0: unknown 3D type \"$(printf '%40s' '' | tr ' ' 'x')...\" (expected one of: $types3)"
    expect_error type-twice '{"shapes": [{"type": "point", "type": "sphere"}]}' "gjk: shape 0: type is given twice"
    # Missing fields.
    expect_error sphere-no-radius '{"shapes": [{"type": "sphere"}]}' \
        "gjk: shape 0: sphere needs radius (a positive number)"
    expect_error capsule-no-radius '{"shapes": [{"type": "capsule", "half_height": 1}]}' \
        "gjk: shape 0: capsule needs radius (a number >= 0)"
    expect_error cylinder-no-height '{"shapes": [{"type": "cylinder", "radius": 1}]}' \
        "gjk: shape 0: cylinder needs half_height (a positive number)"
    expect_error ellipsoid-no-radii '{"shapes": [{"type": "ellipsoid"}]}' \
        "gjk: shape 0: ellipsoid needs radii (3 positive numbers)"
    expect_error segment-no-points '{"shapes": [{"type": "segment"}]}' \
        "gjk: shape 0: segment needs points (2 points, each [x, y, z])"
    expect_error triangle-no-points '{"shapes": [{"type": "triangle"}]}' \
        "gjk: shape 0: triangle needs points (3 points, each [x, y, z])"
    expect_error polygon-no-points '{"dim": 2, "shapes": [{"type": "polygon"}]}' \
        "gjk: shape 0: polygon needs points (an array of 1 to 1048576 points, each [x, y])"
    expect_error box2-no-extents '{"dim": 2, "shapes": [{"type": "box"}]}' \
        "gjk: shape 0: box needs half_extents (2 positive numbers)"
    expect_error capsule2-no-height '{"dim": 2, "shapes": [{"type": "capsule", "radius": 1}]}' \
        "gjk: shape 0: capsule needs half_height (a number >= 0)"
    # Mistyped fields.
    expect_error radius-string '{"dim": 2, "shapes": [{"type": "circle", "radius": "1"}]}' \
        "gjk: shape 0: circle radius must be a positive number"
    expect_error radius-array '{"shapes": [{"type": "sphere", "radius": [1]}]}' \
        "gjk: shape 0: sphere radius must be a positive number"
    expect_error radius-bool '{"shapes": [{"type": "cone", "radius": true, "half_height": 1}]}' \
        "gjk: shape 0: cone radius must be a positive number"
    expect_error radius-null '{"shapes": [{"type": "capsule", "radius": null, "half_height": 1}]}' \
        "gjk: shape 0: capsule radius must be a number >= 0"
    expect_error extents-number '{"shapes": [{"type": "box", "half_extents": 1}]}' \
        "gjk: shape 0: box half_extents must be 3 positive numbers"
    expect_error extents-strings '{"shapes": [{"type": "box", "half_extents": ["1", "1", "1"]}]}' \
        "gjk: shape 0: box half_extents must be 3 positive numbers"
    expect_error points-object '{"shapes": [{"type": "hull", "points": {"0": [0, 0, 0]}}]}' \
        "gjk: shape 0: hull points must be an array of 1 to 1048576 points, each [x, y, z]"
    expect_error point-number '{"shapes": [{"type": "hull", "points": [[0, 0, 0], 1]}]}' \
        "gjk: shape 0: hull points[1] must be [x, y, z], 3 finite numbers"
    expect_error position-string '{"shapes": [{"type": "point", "position": "0 0 0"}]}' \
        "gjk: shape 0: position must be [x, y, z], 3 finite numbers"
    expect_error position-null '{"dim": 2, "shapes": [{"type": "point", "position": null}]}' \
        "gjk: shape 0: position must be [x, y], 2 finite numbers"
    expect_error rotation-string '{"shapes": [{"type": "point", "rotation": "identity"}]}' \
        "gjk: shape 0: rotation must be a quaternion [w, x, y, z], 4 finite numbers not all zero"
    expect_error angle-string '{"dim": 2, "shapes": [{"type": "point", "rotation": "0"}]}' \
        "gjk: shape 0: rotation must be an angle in radians (a finite number)"
    expect_error margin-string '{"shapes": [{"type": "sphere", "radius": 1, "margin": "0.1"}]}' \
        "gjk: shape 0: margin must be a number >= 0"
    expect_error radius-twice '{"shapes": [{"type": "sphere", "radius": 1, "radius": -1}]}' \
        "gjk: shape 0: radius is given twice"
    expect_error position-twice '{"shapes": [{"type": "point", "position": [0, 0, 0], "position": [1, 0, 0]}]}' \
        "gjk: shape 0: position is given twice"
    # Wrong array lengths.
    expect_error position-4 '{"shapes": [{"type": "point", "position": [0, 0, 0, 0]}]}' \
        "gjk: shape 0: position must be [x, y, z], 3 finite numbers"
    expect_error position2-3 '{"dim": 2, "shapes": [{"type": "point", "position": [0, 0, 0]}]}' \
        "gjk: shape 0: position must be [x, y], 2 finite numbers"
    expect_error rotation-3 '{"shapes": [{"type": "point", "rotation": [1, 0, 0]}]}' \
        "gjk: shape 0: rotation must be a quaternion [w, x, y, z], 4 finite numbers not all zero"
    expect_error extents-4 '{"shapes": [{"type": "box", "half_extents": [1, 1, 1, 1]}]}' \
        "gjk: shape 0: box half_extents must be 3 positive numbers"
    expect_error extents2-1 '{"dim": 2, "shapes": [{"type": "box", "half_extents": [1]}]}' \
        "gjk: shape 0: box half_extents must be 2 positive numbers"
    expect_error radii-2 '{"shapes": [{"type": "ellipsoid", "radii": [1, 1]}]}' \
        "gjk: shape 0: ellipsoid radii must be 3 positive numbers"
    expect_error segment-3 '{"shapes": [{"type": "segment", "points": [[0, 0, 0], [1, 0, 0], [2, 0, 0]]}]}' \
        "gjk: shape 0: segment points must be 2 points, each [x, y, z]"
    expect_error triangle-2 '{"shapes": [{"type": "triangle", "points": [[0, 0, 0], [1, 0, 0]]}]}' \
        "gjk: shape 0: triangle points must be 3 points, each [x, y, z]"
    expect_error segment2-3d '{"dim": 2, "shapes": [{"type": "segment", "points": [[0, 0], [1, 0, 0]]}]}' \
        "gjk: shape 0: segment points[1] must be [x, y], 2 finite numbers"
    expect_error hull-2d-point '{"shapes": [{"type": "hull", "points": [[0, 0, 0], [1, 0, 0], [0, 1]]}]}' \
        "gjk: shape 0: hull points[2] must be [x, y, z], 3 finite numbers"
    # Negative and zero sizes, in every size field.
    s='{"type": "point"}'
    expect_error box-negative "{\"shapes\": [$s, {\"type\": \"box\", \"half_extents\": [1, -1, 1]}]}" \
        "gjk: shape 1: box half_extents must be 3 positive numbers"
    expect_error sphere-negative '{"shapes": [{"type": "sphere", "radius": -1}]}' \
        "gjk: shape 0: sphere radius must be a positive number"
    expect_error sphere-negative-zero '{"shapes": [{"type": "sphere", "radius": -0.0}]}' \
        "gjk: shape 0: sphere radius must be a positive number"
    expect_error capsule-radius '{"shapes": [{"type": "capsule", "radius": -0.5, "half_height": 1}]}' \
        "gjk: shape 0: capsule radius must be a number >= 0"
    expect_error cylinder-radius '{"shapes": [{"type": "cylinder", "radius": 0, "half_height": 1}]}' \
        "gjk: shape 0: cylinder radius must be a positive number"
    expect_error cone-height '{"shapes": [{"type": "cone", "radius": 1, "half_height": -2}]}' \
        "gjk: shape 0: cone half_height must be a positive number"
    expect_error ellipsoid-zero '{"shapes": [{"type": "ellipsoid", "radii": [1, 0, 1]}]}' \
        "gjk: shape 0: ellipsoid radii must be 3 positive numbers"
    expect_error underflow '{"shapes": [{"type": "sphere", "radius": 1e-400}]}' \
        "gjk: shape 0: sphere radius must be a positive number"
    expect_error circle-negative '{"dim": 2, "shapes": [{"type": "circle", "radius": -1}]}' \
        "gjk: shape 0: circle radius must be a positive number"
    expect_error box2-negative '{"dim": 2, "shapes": [{"type": "box", "half_extents": [-1, 1]}]}' \
        "gjk: shape 0: box half_extents must be 2 positive numbers"
    expect_error capsule2-negative '{"dim": 2, "shapes": [{"type": "capsule", "radius": 1, "half_height": -1}]}' \
        "gjk: shape 0: capsule half_height must be a number >= 0"
    expect_error margin2-negative '{"dim": 2, "shapes": [{"type": "point", "margin": -1}]}' \
        "gjk: shape 0: margin must be a number >= 0"
    # Infinities (1e400 parses to infinity).
    expect_error radius-inf '{"shapes": [{"type": "sphere", "radius": 1e400}]}' \
        "gjk: shape 0: sphere radius must be a positive number"
    expect_error height-inf '{"shapes": [{"type": "capsule", "radius": 1, "half_height": 1e400}]}' \
        "gjk: shape 0: capsule half_height must be a number >= 0"
    expect_error extents-inf '{"dim": 2, "shapes": [{"type": "box", "half_extents": [1e400, 1]}]}' \
        "gjk: shape 0: box half_extents must be 2 positive numbers"
    expect_error position-inf '{"shapes": [{"type": "point", "position": [0, -1e400, 0]}]}' \
        "gjk: shape 0: position must be [x, y, z], 3 finite numbers"
    expect_error position2-inf '{"dim": 2, "shapes": [{"type": "point", "position": [1e400, 0]}]}' \
        "gjk: shape 0: position must be [x, y], 2 finite numbers"
    expect_error rotation-inf '{"shapes": [{"type": "point", "rotation": [1, 0, 1e400, 0]}]}' \
        "gjk: shape 0: rotation must be a quaternion [w, x, y, z], 4 finite numbers not all zero"
    expect_error angle-inf '{"dim": 2, "shapes": [{"type": "point", "rotation": -1e400}]}' \
        "gjk: shape 0: rotation must be an angle in radians (a finite number)"
    expect_error margin-inf '{"shapes": [{"type": "point", "margin": 1e400}]}' \
        "gjk: shape 0: margin must be a number >= 0"
    expect_error points-inf '{"shapes": [{"type": "segment", "points": [[0, 0, 0], [0, 0, -1e400]]}]}' \
        "gjk: shape 0: segment points[1] must be [x, y, z], 3 finite numbers"
    expect_error polygon-inf '{"dim": 2, "shapes": [{"type": "polygon", "points": [[0, 0], [1e400, 0], [0, 1]]}]}' \
        "gjk: shape 0: polygon points[1] must be [x, y], 2 finite numbers"
    # Finite but beyond the limit: the library would reject the 3D pair (exit 0 with invalid_input) or, in 2D, a pair
    # whose difference overflows; the loader names the field instead.
    s='{"type": "point"}, {"type": "point"}'
    expect_error position-big "{\"shapes\": [$s, {\"type\": \"point\", \"position\": [0, 0, -$big]}]}" \
        "gjk: shape 2: position[2]: -$shown $beyond"
    expect_error position2-big "{\"dim\": 2, \"shapes\": [$s, {\"type\": \"point\", \"position\": [$big, 0]}]}" \
        "gjk: shape 2: position[0]: $shown $beyond"
    expect_error radius-big "{\"shapes\": [{\"type\": \"sphere\", \"radius\": $big}]}" \
        "gjk: shape 0: sphere radius: $shown $beyond"
    expect_error circle-big "{\"dim\": 2, \"shapes\": [{\"type\": \"circle\", \"radius\": $big}]}" \
        "gjk: shape 0: circle radius: $shown $beyond"
    expect_error height-big "{\"shapes\": [{\"type\": \"cylinder\", \"radius\": 1, \"half_height\": $big}]}" \
        "gjk: shape 0: cylinder half_height: $shown $beyond"
    expect_error extents-big "{\"shapes\": [{\"type\": \"box\", \"half_extents\": [1, 1, $big]}]}" \
        "gjk: shape 0: box half_extents[2]: $shown $beyond"
    expect_error radii-big "{\"shapes\": [{\"type\": \"ellipsoid\", \"radii\": [$big, 1, 1]}]}" \
        "gjk: shape 0: ellipsoid radii[0]: $shown $beyond"
    expect_error margin-big "{\"shapes\": [{\"type\": \"point\", \"margin\": $big}]}" \
        "gjk: shape 0: margin: $shown $beyond"
    expect_error triangle-big \
        "{\"shapes\": [{\"type\": \"triangle\", \"points\": [[0, 0, 0], [1, 0, 0], [0, -$big, 0]]}]}" \
        "gjk: shape 0: triangle points[2][1]: -$shown $beyond"
    expect_error hull-big \
        "{\"shapes\": [{\"type\": \"hull\", \"points\": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, $big]]}]}" \
        "gjk: shape 0: hull points[3][2]: $shown $beyond"
    expect_error polygon-big \
        "{\"dim\": 2, \"shapes\": [{\"type\": \"polygon\", \"points\": [[0, 0], [$big, 0], [0, 1]]}]}" \
        "gjk: shape 0: polygon points[1][0]: $shown $beyond"
    # Every point within the limit, but their spread beyond what the library accepts (the hull's radius).
    m=${limit#1e+}
    expect_error hull-spread \
        "{\"shapes\": [{\"type\": \"hull\", \"points\": [[1e$m, 1e$m, 1e$m], [-1e$m, -1e$m, -1e$m]]}]}" \
        "gjk: shape 0: hull rejected by the library (invalid_input): its points lie farther than $limit from their\
 centre"
    # Pairs.
    s='{"type": "point"}, {"type": "point"}, {"type": "point"}'
    expect_error pairs-number "{\"shapes\": [$s], \"pairs\": 1}" \
        "gjk: pairs must be an array of [a, b] shape index pairs"
    expect_error pairs-twice "{\"shapes\": [$s], \"pairs\": [[0, 1]], \"pairs\": [[0, 2]]}" \
        "gjk: $f: pairs is given twice"
    expect_error pair-null "{\"shapes\": [$s], \"pairs\": [[0, 1], null]}" \
        "gjk: pair 1: must be [a, b], two shape indices"
    expect_error pair-object "{\"shapes\": [$s], \"pairs\": [{\"a\": 0, \"b\": 1}]}" \
        "gjk: pair 0: must be [a, b], two shape indices"
    expect_error pair-triple "{\"shapes\": [$s], \"pairs\": [[0, 1, 2]]}" \
        "gjk: pair 0: must be [a, b], two shape indices"
    expect_error pair-empty "{\"shapes\": [$s], \"pairs\": [[]]}" "gjk: pair 0: must be [a, b], two shape indices"
    expect_error pair-inf "{\"shapes\": [$s], \"pairs\": [[0, 1e400]]}" "gjk: pair 0: must be [a, b], two shape indices"
    expect_error pair-bool "{\"shapes\": [$s], \"pairs\": [[true, 1]]}" "gjk: pair 0: must be [a, b], two shape indices"
    expect_error pair-nested "{\"shapes\": [$s], \"pairs\": [[[0], [1]]]}" \
        "gjk: pair 0: must be [a, b], two shape indices"
    expect_error pair-huge "{\"shapes\": [$s], \"pairs\": [[0, 4294967298]]}" \
        "gjk: pair 0: shape index 4294967298 is out of range (shapes are 0 to 2)"
    expect_error pair-range-3 "{\"shapes\": [$s], \"pairs\": [[0, 1], [2, 3]]}" \
        "gjk: pair 1: shape index 3 is out of range (shapes are 0 to 2)"
    expect_error pair-no-shapes '{"shapes": [], "pairs": [[0, 1]]}' \
        "gjk: pair 0: shape index 0 is out of range (no shapes)"
    # A bad shape after many good ones, with many pairs: still nothing on stdout.
    shapes=$(
        i=0
        while [ $i -lt 200 ]; do
            printf '{"type": "sphere", "radius": 0.5, "position": [%d, 0, 0]}, ' $i
            i=$((i + 1))
        done
    )
    expect_error late-shape "{\"shapes\": [$shapes{\"type\": \"box\", \"half_extents\": [1, 1, 0]}]}" \
        "gjk: shape 200: box half_extents must be 3 positive numbers"
    expect_error late-pair "{\"shapes\": [${shapes%, }], \"pairs\": [[0, 1], [1, 2], [2, 3], [3, 200]]}" \
        "gjk: pair 3: shape index 200 is out of range (shapes are 0 to 199)"
    # The same scenes from standard input.
    printf '{"dim": 2, "shapes": [{"type": "circle", "radius": -1}]}' | "$gjk" query - >"$tmp/out" 2>"$tmp/err"
    check_error stdin-negative $? "gjk: shape 0: circle radius must be a positive number"
}

# gjk query --tolerance T: the same pairs answered early, within bounds at most T x size wide that hold the default
# answer; the value is parsed strictly.
case_tolerance() {
    cat >"$tmp/curved.json" <<'EOF'
{"dim": 3, "shapes": [
  {"type": "cylinder", "radius": 1, "half_height": 1},
  {"type": "cylinder", "radius": 0.8, "half_height": 1.2, "position": [2.3, 0.4, 0.2], "axis_angle": [1, 0, 0, 0.7]},
  {"type": "cone", "radius": 1, "half_height": 1, "position": [10, 0, 0]},
  {"type": "ellipsoid", "radii": [1, 0.6, 0.8], "position": [11.2, 0.3, 0.5], "axis_angle": [0, 1, 1, 0.4]},
  {"type": "cylinder", "radius": 1, "half_height": 1, "position": [20, 0, 0], "axis_angle": [1, 1, 0, 0.3]},
  {"type": "ellipsoid", "radii": [0.5, 1, 0.7], "position": [21.5, 0.2, 1.2]}],
 "pairs": [[0, 1], [2, 3], [4, 5], [1, 0]]}
EOF
    cat >"$tmp/polygons.json" <<'EOF'
{"dim": 2, "shapes": [
  {"type": "polygon", "points": [[1, 0], [0.87, 0.5], [0.5, 0.87], [0, 1], [-0.5, 0.87], [-0.87, 0.5], [-1, 0],
    [-0.87, -0.5], [-0.5, -0.87], [0, -1], [0.5, -0.87], [0.87, -0.5]]},
  {"type": "polygon", "points": [[1, 0], [0.87, 0.5], [0.5, 0.87], [0, 1], [-0.5, 0.87], [-0.87, 0.5], [-1, 0],
    [-0.87, -0.5], [-0.5, -0.87], [0, -1], [0.5, -0.87], [0.87, -0.5]], "position": [2.2, 0.7], "rotation": 0.1},
  {"type": "circle", "radius": 0.5, "position": [0.5, 2]}],
 "pairs": [[0, 1], [1, 2], [0, 2]]}
EOF
    for scene in curved:3 polygons:2; do
        name=${scene%:*} dim=${scene#*:}
        "$gjk" query "$tmp/$name.json" >"$tmp/default.out" 2>"$tmp/err" || bad "$name: gjk query failed"
        for t in 1e-2 1e-4; do
            "$gjk" query --tolerance "$t" "$tmp/$name.json" >"$tmp/loose.out" 2>"$tmp/err"
            rc=$?
            if [ $rc -ne 0 ] || [ -s "$tmp/err" ]; then
                bad "$name --tolerance $t: exit $rc, stderr: $(cat "$tmp/err")"
                continue
            fi
            "$py" "$src/tests/cli_test.py" --tolerance "$tmp/loose.out" "$tmp/default.out" "$dim" "$precision" "$t" 6 ||
                bad "$name --tolerance $t: output (above)"
        done
        # --tolerance 0 is the default: the same output to the byte.
        "$gjk" query --tolerance=0 "$tmp/$name.json" >"$tmp/zero.out" 2>&1
        cmp -s "$tmp/zero.out" "$tmp/default.out" || bad "$name: --tolerance 0 differs from the default"
    done
    value="a relative tolerance >= 0, e.g. 1e-4"
    for v in -1 -1e-3 nan inf 1e999 abc 1e-3x ''; do
        expect_usage "--tolerance '$v'" 2 err "gjk: query: invalid value \"$v\" for --tolerance ($value)" -- \
            query --tolerance "$v" "$tmp/curved.json"
    done
    expect_usage "--tolerance without a value" 2 err "gjk: query: option --tolerance needs a value ($value)" -- \
        query "$tmp/curved.json" --tolerance
    expect_usage "--tolerance twice" 2 err "gjk: query: option --tolerance is given twice" -- \
        query --tolerance 1e-3 "$tmp/curved.json" --tolerance=1e-4
    expect_usage "--tolerance misspelt" 2 err \
        'gjk: query: unknown option "--tolerence" (did you mean "--tolerance"?)' -- query --tolerence 1 "$tmp/curved.json"
}

# expect_usage NAME EXIT STREAM FIRST_LINE -- ARGS...: gjk ARGS exits EXIT, writes only to STREAM (out or err), and
# STREAM's first line is FIRST_LINE.
expect_usage() {
    name=$1 want=$2 stream=$3 first=$4
    shift 5
    "$gjk" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    other=err
    [ "$stream" = err ] && other=out
    if [ $rc -ne "$want" ] || [ -s "$tmp/$other" ] || [ "$(head -n 1 "$tmp/$stream")" != "$first" ]; then
        bad "$name: exit $rc, stdout '$(head -n 3 "$tmp/out")', stderr '$(head -n 3 "$tmp/err")'"
    fi
}

case_usage() {
    usage="usage: gjk COMMAND [ARGS]"
    expect_usage "no arguments" 2 err "$usage" --
    expect_usage "unknown command" 2 err 'gjk: unknown command "frobnicate"' -- frobnicate
    one="gjk: query takes one SCENE argument (a path, or - for standard input)"
    expect_usage "query without SCENE" 2 err "$one" -- query
    expect_usage "query with two SCENEs" 2 err "$one" -- query a b
    expect_usage "query with an option" 2 err 'gjk: query: unknown option "-x" (gjk --help lists the options)' -- \
        query -x
    for help in --help -h help; do
        expect_usage "$help" 0 out "$usage" -- "$help"
        grep -q '^  gjk query SCENE \[--tolerance T\]$' "$tmp/out" || bad "$help does not list the query command"
    done
    expect_usage "query --help" 0 out "$usage" -- query --help
    expect_usage "manifold -h after SCENE" 0 out "$usage" -- manifold scene.json -h
    expect_usage "unknown global option" 2 err 'gjk: unknown option "--verbose"' -- --verbose
    expect_usage "query misspelt --help" 2 err 'gjk: query: unknown option "--hlep" (did you mean "--help"?)' -- \
        query --hlep
    expect_usage "query after --" 2 err "$one" -- query -- a b
    # The help names the quaternion order and the other rotation forms where a user looks first.
    "$gjk" --help >"$tmp/out" 2>&1
    grep -q 'a quaternion \[w, x, y, z\] (scalar first' "$tmp/out" || bad "--help does not give the quaternion order"
    grep -q '"axis_angle"' "$tmp/out" || bad "--help does not mention axis_angle"
    grep -q '^  gjk manifold SCENE \[-s D | --speculative D\]$' "$tmp/out" || bad "--help does not list -s"
    "$gjk" --version >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ] || [ -s "$tmp/err" ] ||
        ! grep -Eq '^gjk [0-9]+\.[0-9]+\.[0-9]+ \((double|float)\)$' "$tmp/out"; then
        bad "--version: exit $rc, output $(cat "$tmp/out")"
    fi
}

case $case in
examples | known | stdin | pairs | errors | badinput | usage | tolerance) "case_$case" ;;
manifold | raycast | cast | contact_errors)
    # The contact commands' cases, in their own file to keep this one short.
    # shellcheck source=tests/cli_contacts.sh
    . "$src/tests/cli_contacts.sh"
    "case_$case"
    ;;
keys | rotation)
    # The strict scene format's cases, in their own file to keep this one short.
    # shellcheck source=tests/cli_strict.sh
    . "$src/tests/cli_strict.sh"
    "case_$case"
    ;;
world | world_errors)
    # gjk world's cases, in their own file to keep this one short.
    # shellcheck source=tests/cli_world.sh
    . "$src/tests/cli_world.sh"
    "case_$case"
    ;;
compound | compound_errors)
    # Compound shapes' cases, in their own file to keep this one short.
    # shellcheck source=tests/cli_compound.sh
    . "$src/tests/cli_compound.sh"
    "case_$case"
    ;;
render)
    # gjk render's case, in its own file to keep this one short; it uses the helpers and variables above.
    # shellcheck source=tests/cli_render.sh
    . "$src/tests/cli_render.sh"
    case_render
    ;;
*)
    echo "cli_test.sh: unknown case '$case'" >&2
    exit 1
    ;;
esac
if [ $failures -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "cli $case: ok"
