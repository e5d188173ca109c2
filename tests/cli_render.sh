# The render case of tests/cli_test.sh (sourced by it: uses its $gjk, $src, $tmp, $py, $precision and bad()): gjk
# render on the examples, on scenes with known answers and on bad usage; render_test.py checks each picture against
# gjk query's answers for the same scene.
# shellcheck shell=sh disable=SC2154 # gjk, src, tmp, py and precision are set by cli_test.sh

# render_ok NAME SCENE_PATH [EXPECTED_JSON [-- OPTIONS...]]: gjk render exits 0 with nothing on stdout or stderr, and
# the picture agrees with gjk query, gjk manifold (with the same --speculative), gjk raycast and gjk cast on the same
# scene (render_test.py). The picture is left in $tmp/NAME.svg.
render_ok() {
    name=$1 scene=$2 want=${3:-"{}"}
    shift 2
    [ $# -gt 0 ] && shift
    [ $# -gt 0 ] && shift
    speculative=0 next=""
    for arg in "$@"; do
        [ "$next" = speculative ] && speculative=$arg
        next=""
        [ "$arg" = --speculative ] && next=speculative
    done
    "$gjk" render "$scene" -o "$tmp/$name.svg" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ] || [ -s "$tmp/err" ] || [ -s "$tmp/out" ]; then
        bad "render $name: exit $rc, stdout '$(head -c 200 "$tmp/out")', stderr '$(cat "$tmp/err")'"
        return
    fi
    "$gjk" query "$scene" >"$tmp/$name.query" 2>&1 || bad "render $name: gjk query failed"
    "$gjk" manifold "$scene" --speculative "$speculative" >"$tmp/$name.manifold" 2>&1 ||
        bad "render $name: gjk manifold failed"
    "$gjk" raycast "$scene" >"$tmp/$name.raycast" 2>&1 || bad "render $name: gjk raycast failed"
    "$gjk" cast "$scene" >"$tmp/$name.cast" 2>&1 || bad "render $name: gjk cast failed"
    "$py" "$src/tests/render_test.py" "$tmp/$name.svg" "$tmp/$name.query" "$scene" "$precision" "$want" \
        --manifold "$tmp/$name.manifold" --raycast "$tmp/$name.raycast" --cast "$tmp/$name.cast" ||
        bad "render $name: picture (above)"
}

# render_error NAME EXIT MESSAGE -- ARGS...: gjk render ARGS exits EXIT with exactly MESSAGE (one line) on stderr,
# writes nothing on stdout, and leaves the directory $tmp/outdir as it was (no picture, no temporary file).
render_error() {
    name=$1 want=$2 message=$3
    shift 4
    find "$tmp/outdir" | sort >"$tmp/before"
    "$gjk" render "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ $rc -eq "$want" ] || bad "render $name: exit $rc, expected $want"
    [ -s "$tmp/out" ] && bad "render $name: stdout not empty: $(head -c 200 "$tmp/out")"
    [ "$(cat "$tmp/err")" = "$message" ] || bad "render $name: stderr is '$(cat "$tmp/err")', expected '$message'"
    find "$tmp/outdir" | sort | cmp -s - "$tmp/before" ||
        bad "render $name: the output directory changed: $(find "$tmp/outdir" | tr '\n' ' ')"
}

case_render() {
    render_ok scene "$src/examples/scene.json"
    render_ok scene2d "$src/examples/scene2d.json"
    # The picture in the README agrees with the library.
    "$gjk" query "$src/examples/scene2d.json" >"$tmp/docs.query" 2>&1 || bad "render docs: gjk query failed"
    "$py" "$src/tests/render_test.py" "$src/docs/scene2d.svg" "$tmp/docs.query" "$src/examples/scene2d.json" \
        "$precision" || bad "render docs: docs/scene2d.svg does not match gjk query (render it again)"
    # Known answers. 2D: a unit circle 1 from a box; a circle overlapping a triangle by 0.5 + 0.1 sqrt 2 across its
    # long side; a point 1 above a segment; two squares 2e-15 apart (touching); a capsule in no pair (not red); a
    # flat triangle whose top vertex shows only for directions between two of the 256 sampled (it must not be lost).
    printf '%s\n' '{"dim": 2, "shapes": [
  {"type": "circle", "radius": 1}, {"type": "box", "half_extents": [1, 0.5], "position": [3, 0]},
  {"type": "polygon", "points": [[0, 0], [2, 0], [0, 2], [0.5, 0.5]], "position": [0, -4]},
  {"type": "circle", "radius": 0.5, "position": [0.9, -3.1]},
  {"type": "point", "position": [5, -3]}, {"type": "segment", "points": [[-1, 0], [1, 0]], "position": [5, -4]},
  {"type": "capsule", "radius": 0.5, "half_height": 1, "position": [8, 0], "rotation": 1.5707963267948966},
  {"type": "polygon", "points": [[-1, 0], [1, 0.025], [0, 0.02]], "position": [0, 3]},
  {"type": "box", "half_extents": [0.5, 0.5], "position": [10, -3]},
  {"type": "box", "half_extents": [0.5, 0.5], "position": [11.000000000000002, -3]}],
 "pairs": [[0, 1], [2, 3], [4, 5], [8, 9]]}' >"$tmp/known2.json"
    render_ok known2 "$tmp/known2.json" '{
        "circles": [[0, 0, 0, 1], [3, 0.9, -3.1, 0.5]],
        "vertices": [[1, [[2, -0.5], [4, -0.5], [4, 0.5], [2, 0.5]]], [2, [[0, -4], [2, -4], [0, -2]]],
                     [4, [[5, -3]]], [5, [[4, -4], [6, -4]]], [7, [[-1, 3], [1, 3.025], [0, 3.02]]]],
        "pairs": [{"distance": 1, "point_a": [1, 0], "point_b": [2, 0]},
                  {"distance": -0.6414213562373095, "point_a": [1, -3],
                   "point_b": [0.5464466094067263, -3.4535533905932737], "tol": 1e-7},
                  {"distance": 1, "point_a": [5, -3], "point_b": [5, -4]},
                  {"distance": 0, "tol": 1e-14}]}'
    grep -q '>8-9: touching, d = [0-9.e-]*<' "$tmp/known2.svg" ||
        bad "render known2: the touching pair is not labelled so"
    grep -q 'class="shape" data-index="6" data-type="capsule" data-intersect="false"' "$tmp/known2.svg" ||
        bad "render known2: the capsule in no pair is not drawn as such"
    grep -q 'class="shape-point" data-index="4"' "$tmp/known2.svg" || bad "render known2: the point shape has no dot"
    # 3D: a cube's silhouette is the hexagon of the 6 corners not extreme along the view; spheres are circles; shapes
    # are painted from the farthest (mid-depth along the view) to the nearest.
    printf '%s\n' '{"dim": 3, "shapes": [
  {"type": "box", "half_extents": [1, 1, 1]}, {"type": "sphere", "radius": 1, "position": [0, 4, 0]},
  {"type": "sphere", "radius": 1, "position": [1.5, 0, 0]}, {"type": "point", "position": [0, 0, 5]},
  {"type": "triangle", "points": [[-1, 0, 0], [1, 0, 0], [0, 1, 0]], "position": [0, 0, 3.5]},
  {"type": "cylinder", "radius": 0.5, "half_height": 1, "position": [0, -4, 0]}],
 "pairs": [[0, 1], [0, 2], [3, 4]]}' >"$tmp/known3.json"
    render_ok known3 "$tmp/known3.json" '{
        "circles": [[1, 0, 4, 0, 1], [2, 1.5, 0, 0, 1]],
        "vertices": [[0, [[1, -1, -1], [1, 1, -1], [-1, 1, -1], [-1, 1, 1], [-1, -1, 1], [1, -1, 1]]],
                     [3, [[0, 0, 5]]], [4, [[-1, 0, 3.5], [1, 0, 3.5], [0, 1, 3.5]]]],
        "order": [5, 0, 2, 1, 4, 3],
        "pairs": [{"distance": 2, "point_a": [0, 1, 0], "point_b": [0, 3, 0]},
                  {"distance": -0.5, "point_a": [1, 0, 0], "point_b": [0.5, 0, 0], "tol": 1e-7},
                  {"distance": 1.5, "point_a": [0, 0, 5], "point_b": [0, 0, 3.5]}]}'
    grep -q 'class="edges" data-index="0"' "$tmp/known3.svg" || bad "render known3: the cube's edges are not drawn"
    # Manifolds, rays and casts. 2D: a box resting on a wider one (2 contact points, ids v3/v0 and v2/v1: the ends of
    # A's top edge paired with B's bottom corners), a square 0.05 above a floor seen with --speculative 0.1 (2 points, separation
    # 0.05), a circle falling onto the floor (hit at t = 0.5), a triangle sliding and turning into the big box, a
    # capsule moving away (separated); rays across everything, one starting inside a shape, one missing all.
    printf '%s\n' '{"dim": 2, "shapes": [
  {"type": "box", "half_extents": [2, 0.5]}, {"type": "box", "half_extents": [0.5, 0.5], "position": [0.3, 0.95]},
  {"type": "box", "half_extents": [3, 0.25], "position": [8, -2]},
  {"type": "box", "half_extents": [0.5, 0.5], "position": [6, -1.2]},
  {"type": "circle", "radius": 0.5, "position": [9, 0.75], "velocity": [0, -4]},
  {"type": "polygon", "points": [[0, 0], [1, 0], [0.5, 1]], "position": [-4, 2], "velocity": [3, -3], "angular": 2},
  {"type": "capsule", "radius": 0.25, "half_height": 0.5, "position": [10.5, -0.5], "velocity": [1, 0.5]}],
 "pairs": [[0, 1], [2, 3], [2, 4], [0, 5], [2, 6]],
 "rays": [{"origin": [-5, -0.25], "translation": [16, 0]}, {"origin": [0.2, 0.1], "translation": [0, 3],
           "max_fraction": 0.5}, {"origin": [-5, 5], "translation": [1, 0]}]}' >"$tmp/contacts2.json"
    render_ok contacts2 "$tmp/contacts2.json" '{}' -- --speculative 0.1
    grep -q '>0-1: depth 0.05<' "$tmp/contacts2.svg" || bad "render contacts2: the resting box's depth"
    [ "$(grep -c 'class="contact" ' "$tmp/contacts2.svg")" = 4 ] || bad "render contacts2: expected 4 contact points"
    grep -q '>v3/v0<' "$tmp/contacts2.svg" && grep -q '>v2/v1<' "$tmp/contacts2.svg" ||
        bad "render contacts2: the resting box's contact ids"
    grep -q '>2-4: hit at t = 0.5<' "$tmp/contacts2.svg" || bad "render contacts2: the falling circle's impact"
    grep -q '>2-6: separated<' "$tmp/contacts2.svg" || bad "render contacts2: the capsule moving away"
    grep -q '>inside 0<' "$tmp/contacts2.svg" || bad "render contacts2: the ray starting inside the box"
    # 3D: a cube resting on a slab (4 points), a sphere falling onto the slab while a box turns into it, rays.
    printf '%s\n' '{"shapes": [
  {"type": "box", "half_extents": [3, 3, 0.5]}, {"type": "box", "half_extents": [0.5, 0.5, 0.5], "position": [0, 0, 0.95]},
  {"type": "sphere", "radius": 0.5, "position": [2, 0, 3], "velocity": [0, 0, -5]},
  {"type": "box", "half_extents": [1, 0.2, 0.2], "position": [-1.5, -1.5, 1.5], "velocity": [0, 0, -1],
   "angular": [0, 1.5, 0]},
  {"type": "capsule", "radius": 0.3, "half_height": 0.5, "position": [0, 5, 0], "rotation": [1, 1, 0, 0],
   "velocity": [2, 0, 0]}],
 "pairs": [[0, 1], [0, 2], [0, 3], [0, 4]],
 "rays": [{"origin": [-4, 0, 0.8], "translation": [8, 0, 0]}, {"origin": [1, 1, 4], "translation": [0, 0, -8]},
          {"origin": [0, 0, 0], "translation": [0, 0, 1], "max_fraction": 2}]}' >"$tmp/contacts3.json"
    render_ok contacts3 "$tmp/contacts3.json"
    # The README's picture of it (docs/render-contacts3.svg, rendered from a file of that name) agrees with the CLI.
    for c in query manifold raycast cast; do "$gjk" "$c" "$tmp/contacts3.json" >"$tmp/docs3.$c" 2>&1; done
    "$py" "$src/tests/render_test.py" "$src/docs/render-contacts3.svg" "$tmp/docs3.query" "$tmp/contacts3.json" \
        "$precision" --manifold "$tmp/docs3.manifold" --raycast "$tmp/docs3.raycast" --cast "$tmp/docs3.cast" ||
        bad "render docs: docs/render-contacts3.svg does not match the CLI (render it again)"
    [ "$(grep -c 'class="contact" ' "$tmp/contacts3.svg")" = 4 ] || bad "render contacts3: expected the cube's 4 points"
    grep -q '>0-2: hit at t = 0.4<' "$tmp/contacts3.svg" || bad "render contacts3: the falling sphere's impact"
    grep -q 'class="cast" data-pair="2" data-a="0" data-b="3" data-status="ok" data-state="hit"' "$tmp/contacts3.svg" ||
        bad "render contacts3: the turning box does not hit the slab"
    # Every type, rounded and turned, every pair; narrower and wider pictures.
    printf '%s\n' '{"shapes": [
  {"type": "point"}, {"type": "segment", "points": [[0, 0, 0], [1, 1, 0]], "position": [1, 0, 0]},
  {"type": "triangle", "points": [[0, 0, 0], [1, 0, 0], [0, 0, 1]], "position": [0, 2, 0], "margin": 0.1},
  {"type": "box", "half_extents": [0.5, 0.25, 1], "position": [2, 2, 0], "rotation": [1, 0.3, 0.2, 0.1]},
  {"type": "sphere", "radius": 0.5, "position": [0, 0, 2]},
  {"type": "capsule", "radius": 0.3, "half_height": 0.5, "position": [3, 0, 0], "rotation": [1, 1, 0, 0]},
  {"type": "cylinder", "radius": 0.5, "half_height": 0.5, "position": [3, 3, 1]},
  {"type": "cone", "radius": 0.5, "half_height": 0.5, "position": [1, 3, 2], "margin": 0.05},
  {"type": "ellipsoid", "radii": [1, 0.5, 0.25], "position": [2, -1, 1], "rotation": [1, 0, 0, 1]},
  {"type": "hull", "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]], "position": [-2, 0, 0]}]}' \
        >"$tmp/all3.json"
    render_ok all3 "$tmp/all3.json" '{"width": 300}' -- --width 300
    printf '%s\n' '{"dim": 2, "shapes": [
  {"type": "point", "position": [0, 1]}, {"type": "segment", "points": [[0, 0], [1, 1]], "margin": 0.2},
  {"type": "circle", "radius": 0.5, "position": [2, 0]}, {"type": "box", "half_extents": [0.5, 0.25], "rotation": 1},
  {"type": "capsule", "radius": 0.25, "half_height": 0.5, "position": [1, 2]},
  {"type": "polygon", "points": [[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 1.5]], "position": [-2, 0], "rotation": 0.3}]}' \
        >"$tmp/all2.json"
    render_ok all2 "$tmp/all2.json" '{"width": 1200}' -- --width 1200
    # Extreme sizes: shapes at the coordinate limit (1e150, float builds 1e18) with tiny ones; all numbers finite.
    if [ "$precision" = float ]; then
        big=1e18 part=1e17 tiny=1e-30
    else
        big=1e150 part=1e149 tiny=1e-300
    fi
    printf '{"shapes": [{"type": "sphere", "radius": %s, "position": [%s, 0, 0]},
  {"type": "box", "half_extents": [%s, %s, %s], "position": [-%s, 0, 0]},
  {"type": "hull", "points": [[0, 0, 0], [%s, 0, 0], [0, %s, 0], [0, 0, %s]]}]}' \
        "$part" "$big" "$tiny" "$tiny" "$tiny" "$big" "$tiny" "$tiny" "$tiny" >"$tmp/big.json"
    render_ok big "$tmp/big.json"
    printf '{"dim": 2, "shapes": [{"type": "circle", "radius": %s, "position": [%s, 0]},
  {"type": "polygon", "points": [[0, 0], [%s, 0], [0, %s]]}]}' "$tiny" "$tiny" "$tiny" "$tiny" >"$tmp/tiny.json"
    render_ok tiny "$tmp/tiny.json"
    # Odd scenes: no shapes, one shape, shapes all at one point.
    printf '{"shapes": []}' >"$tmp/empty.json"
    render_ok empty "$tmp/empty.json"
    printf '{"dim": 2, "shapes": [{"type": "point", "position": [3, 4]}]}' >"$tmp/one.json"
    render_ok one "$tmp/one.json"
    printf '{"shapes": [{"type": "point"}, {"type": "point"}]}' >"$tmp/same.json"
    render_ok same "$tmp/same.json"
    # Standard input and standard output: the same picture as from and to files (the title names <stdin>).
    s2="$src/examples/scene2d.json"
    "$gjk" render - -o - <"$s2" >"$tmp/stdin.svg" 2>"$tmp/err" || bad "render: stdin to stdout failed"
    "$gjk" render "$s2" -o - >"$tmp/stdout.svg" 2>>"$tmp/err" || bad "render: stdout failed"
    [ -s "$tmp/err" ] && bad "render: stderr: $(cat "$tmp/err")"
    cmp -s "$tmp/stdout.svg" "$tmp/scene2d.svg" || bad "render: -o - differs from the file"
    sed 's/&lt;stdin&gt;/scene2d.json/' "$tmp/stdin.svg" | cmp -s - "$tmp/scene2d.svg" ||
        bad "render: the picture from standard input differs"
    # Options in any order and in every spelling; an existing file is replaced.
    "$gjk" render -o "$tmp/scene2d.svg" --width 800 "$s2" 2>"$tmp/err" || bad "render: options first failed"
    cmp -s "$tmp/stdout.svg" "$tmp/scene2d.svg" || bad "render: options first gave another picture"
    for spelling in "--output=$tmp/scene2d.svg --width=800 -s0" "-w800 --output $tmp/scene2d.svg --speculative 0"; do
        # shellcheck disable=SC2086 # split on purpose
        "$gjk" render "$s2" $spelling 2>"$tmp/err" || bad "render: options '$spelling' failed: $(cat "$tmp/err")"
        cmp -s "$tmp/stdout.svg" "$tmp/scene2d.svg" || bad "render: options '$spelling' gave another picture"
    done
    # Errors: exit 2 and one line for bad usage or an invalid scene, exit 1 when the file cannot be written; never a
    # picture, a temporary file or a change to an existing picture.
    mkdir "$tmp/outdir" || return
    out="$tmp/outdir/out.svg"
    printf '{"shapes": [{"type": "point"}, {"type": "sphere", "radius": -1}]}' >"$tmp/bad.json"
    render_error invalid 2 "gjk: shape 1: sphere radius must be a positive number" -- "$tmp/bad.json" -o "$out"
    printf '{"dim": 2, "shapes": [{"type": "point"}], "pairs": [[0, 3]]}' >"$tmp/bad.json"
    range="gjk: pair 0: shape index 3 is out of range (shapes are 0 to 0)"
    render_error bad-pair 2 "$range" -- "$tmp/bad.json" -o "$out"
    render_error missing 2 "gjk: $tmp/none.json: cannot read: No such file or directory" -- "$tmp/none.json" -o "$out"
    render_error invalid-stdout 2 "$range" -- "$tmp/bad.json" -o -
    echo old >"$out"
    printf '{"shapes": [' >"$tmp/bad.json"
    render_error keep 2 "gjk: $tmp/bad.json: invalid JSON near line 1, column 13" -- "$tmp/bad.json" -o "$out"
    [ "$(cat "$out")" = old ] || bad "render keep: an invalid scene changed the existing picture"
    rm -f "$out"
    one="gjk: render takes one SCENE argument (a path, or - for standard input)"
    render_error no-o 2 "gjk: render needs -o FILE, the SVG to write (- for standard output)" -- "$s2"
    render_error no-arguments 2 "$one" --
    render_error no-scene 2 "$one" -- -o "$out"
    render_error two-scenes 2 "$one" -- "$s2" "$s2" -o "$out"
    render_error o-value 2 "gjk: render: option -o needs a value (the SVG file to write, - for standard output)" -- \
        "$s2" -o
    render_error output-value 2 \
        "gjk: render: option --output needs a value (the SVG file to write, - for standard output)" -- "$s2" --output
    render_error o-twice 2 "gjk: render: option --output is given twice" -- "$s2" -o "$out" --output "$out"
    render_error option 2 'gjk: render: unknown option "-x" (gjk --help lists the options)' -- "$s2" -x -o "$out"
    render_error long-option 2 'gjk: render: unknown option "--widht" (did you mean "--width"?)' -- \
        "$s2" -o "$out" --widht=300
    wmsg="(a whole number of pixels from 200 to 100000)"
    for w in 0 199 100001 abc 12px '' -800 ' 800' 99999999999999999999; do
        render_error "width '$w'" 2 "gjk: render: invalid value \"$w\" for --width $wmsg" -- "$s2" -o "$out" --width "$w"
    done
    render_error w-short 2 "gjk: render: invalid value \"199\" for -w $wmsg" -- "$s2" -o "$out" -w199
    render_error width-twice 2 "gjk: render: option -w is given twice" -- "$s2" -o "$out" --width 300 -w 300
    render_error width-value 2 "gjk: render: option --width needs a value $wmsg" -- "$s2" -o "$out" --width
    for d in -1 abc '' nan inf 1e200 0.1x; do
        render_error "speculative '$d'" 2 "gjk: render: invalid value \"$d\" for --speculative (a distance >= 0)" -- \
            "$s2" -o "$out" --speculative="$d"
    done
    render_error speculative-twice 2 "gjk: render: option --speculative is given twice" -- \
        "$s2" -o "$out" --speculative 0 --speculative 0
    render_error speculative-value 2 "gjk: render: option --speculative needs a value (a distance >= 0)" -- \
        "$s2" -o "$out" --speculative
    render_error no-dir 1 "gjk: $tmp/outdir/no/out.svg: cannot write: No such file or directory" -- \
        "$s2" -o "$tmp/outdir/no/out.svg"
    mkdir "$tmp/outdir/dir.svg"
    render_error directory 1 "gjk: $tmp/outdir/dir.svg: cannot write: Is a directory" -- "$s2" -o "$tmp/outdir/dir.svg"
    if [ -w /dev/full ]; then
        "$gjk" render "$s2" -o - >/dev/full 2>"$tmp/err"
        rc=$?
        if [ $rc -ne 1 ] || [ "$(cat "$tmp/err")" != "gjk: error writing output: No space left on device" ]; then
            bad "render to a full disk: exit $rc, stderr '$(cat "$tmp/err")'"
        fi
    fi
    "$gjk" render --help >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ] || [ -s "$tmp/err" ] ||
        ! grep -q '^  gjk render SCENE -o FILE \[-w N | --width N\] \[-s D | --speculative D\]$' "$tmp/out"; then
        bad "render --help: exit $rc, $(head -n 3 "$tmp/out")"
    fi
}
