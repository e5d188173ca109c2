# The contact commands' cases of tests/cli_test.sh (sourced by it: uses its $gjk, $src, $tmp, $py, $precision,
# bad() and check_error()): gjk manifold, gjk raycast and gjk cast on scenes with known answers, and their invalid
# input and usage. cli_contacts.py checks every line's fields, types and contract, then the expected values.
# shellcheck shell=sh disable=SC2154 # gjk, src, tmp, py and precision are set by cli_test.sh

# contact_ok COMMAND NAME SCENE_TEXT DIM EXPECTED_JSON [OPTIONS...]: gjk COMMAND on the scene (written to
# $tmp/NAME.json) exits 0 with nothing on stderr, and its output is as expected.
contact_ok() {
    command=$1 name=$2 dim=$4 want=$5
    printf '%s\n' "$3" >"$tmp/$name.json"
    shift 5
    "$gjk" "$command" "$tmp/$name.json" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 0 ] || [ -s "$tmp/err" ]; then
        bad "$command $name: exit $rc, stderr: $(cat "$tmp/err")"
        return
    fi
    "$py" "$src/tests/cli_contacts.py" "$command" "$tmp/out" "$dim" "$precision" "$want" ||
        bad "$command $name: output (above)"
}

# contact_error COMMAND NAME SCENE_TEXT MESSAGE [OPTIONS...]: exit 2, nothing on stdout, MESSAGE on stderr.
contact_error() {
    command=$1 name=$2 message=$4
    printf '%s\n' "$3" >"$tmp/bad.json"
    shift 4
    "$gjk" "$command" "$tmp/bad.json" "$@" >"$tmp/out" 2>"$tmp/err"
    check_error "$command $name" $? "$message"
}

case_manifold() {
    # A small box resting 0.01 deep on a large one: exactly the 4 corners of the overlap; a capsule lying on a box:
    # its 2 segment ends; spheres 0.5 apart: no point, one within --speculative 0.6; the boxes again with B turned a
    # quarter turn about the normal (the same corners); a pair in B-A order (the normal from A to B).
    scene='{"shapes": [
  {"type": "box", "half_extents": [2, 2, 0.5]},
  {"type": "box", "half_extents": [0.5, 0.5, 0.5], "position": [0.25, 0.5, 0.99]},
  {"type": "box", "half_extents": [2, 2, 0.5], "position": [20, 0, 0]},
  {"type": "capsule", "radius": 0.25, "half_height": 1, "position": [20, 0, 0.73],
   "rotation": [0.7071067811865476, 0.7071067811865476, 0, 0]},
  {"type": "sphere", "radius": 1, "position": [10, 0, 0]}, {"type": "sphere", "radius": 1, "position": [12.5, 0, 0]},
  {"type": "box", "half_extents": [0.5, 0.5, 0.5], "position": [0.25, 0.5, 0.99],
   "rotation": [0.7071067811865476, 0, 0, 0.7071067811865476]}],
 "pairs": [[0, 1], [2, 3], [4, 5], [0, 6], [1, 0]]}'
    corners='[{"point_a": [-0.25, 0, 0.5], "point_b": [-0.25, 0, 0.49], "separation": -0.01},
              {"point_a": [0.75, 0, 0.5], "point_b": [0.75, 0, 0.49], "separation": -0.01},
              {"point_a": [-0.25, 1, 0.5], "point_b": [-0.25, 1, 0.49], "separation": -0.01},
              {"point_a": [0.75, 1, 0.5], "point_b": [0.75, 1, 0.49], "separation": -0.01}]'
    flipped='[{"point_a": [-0.25, 0, 0.49], "point_b": [-0.25, 0, 0.5]},
              {"point_a": [0.75, 0, 0.49], "point_b": [0.75, 0, 0.5]},
              {"point_a": [-0.25, 1, 0.49], "point_b": [-0.25, 1, 0.5]},
              {"point_a": [0.75, 1, 0.49], "point_b": [0.75, 1, 0.5]}]'
    capsule='[{"point_a": [20, -1, 0.5], "point_b": [20, -1, 0.48], "separation": -0.02},
              {"point_a": [20, 1, 0.5], "point_b": [20, 1, 0.48], "separation": -0.02}]'
    contact_ok manifold resting3 "$scene" 3 "[
        {\"a\": 0, \"b\": 1, \"status\": \"ok\", \"normal\": [0, 0, 1], \"points\": $corners},
        {\"a\": 2, \"b\": 3, \"status\": \"ok\", \"normal\": [0, 0, 1], \"points\": $capsule},
        {\"a\": 4, \"b\": 5, \"status\": \"ok\", \"normal\": [1, 0, 0], \"points\": []},
        {\"a\": 0, \"b\": 6, \"normal\": [0, 0, 1], \"points\": $corners},
        {\"a\": 1, \"b\": 0, \"normal\": [0, 0, -1], \"points\": $flipped}]"
    contact_ok manifold speculative3 "$scene" 3 "[
        {\"a\": 0, \"b\": 1, \"points\": $corners}, {\"a\": 2, \"b\": 3, \"points\": $capsule},
        {\"a\": 4, \"b\": 5, \"normal\": [1, 0, 0], \"points\": [
            {\"point_a\": [11, 0, 0], \"point_b\": [11.5, 0, 0], \"separation\": 0.5}]},
        {\"a\": 0, \"b\": 6, \"points\": $corners}, {\"a\": 1, \"b\": 0, \"points\": $flipped}]" --speculative 0.6
    # 2D: a box resting 0.01 deep on a wider one (2 corners), a circle on a box (1 point).
    contact_ok manifold resting2 '{"dim": 2, "shapes": [
  {"type": "box", "half_extents": [2, 0.5]}, {"type": "box", "half_extents": [0.5, 0.5], "position": [0.25, 0.99]},
  {"type": "box", "half_extents": [2, 0.5], "position": [10, 0]},
  {"type": "circle", "radius": 0.5, "position": [10, 0.99]}], "pairs": [[0, 1], [2, 3]]}' 2 '[
        {"a": 0, "b": 1, "status": "ok", "normal": [0, 1], "points": [
            {"point_a": [-0.25, 0.5], "point_b": [-0.25, 0.49], "separation": -0.01},
            {"point_a": [0.75, 0.5], "point_b": [0.75, 0.49], "separation": -0.01}]},
        {"a": 2, "b": 3, "status": "ok", "normal": [0, 1], "points": [
            {"point_a": [10, 0.5], "point_b": [10, 0.49], "separation": -0.01}]}]'

    # Feature ids, by hand (docs/cli.md, "Feature ids"): a small box resting on a large one gives points of A's top
    # face (face 5: axis z, + side) on B's 4 bottom corners (vertex k: bit 0 x > 0, bit 1 y > 0, bit 2 z > 0); B
    # turned a quarter turn about z brings its corner 0 (-x, -y) to the world's (+x, -y) place, and so on; in B-A
    # order the halves swap. Two boxes crossing edge on edge, A turned 45 degrees about y (its top edge is the one
    # from corner 4 (-x, -y, +z) along y: edge 4 * 3 + 1 = 13), B turned 45 degrees about x (its bottom edge from
    # corner 0 along x: edge 0 * 3 + 0 = 0): one point, edge 13 / edge 0.
    ids='{"shapes": [
  {"type": "box", "half_extents": [2, 2, 0.5]},
  {"type": "box", "half_extents": [0.5, 0.5, 0.5], "position": [0.25, 0.5, 0.99]},
  {"type": "box", "half_extents": [0.5, 0.5, 0.5], "position": [0.25, 0.5, 0.99],
   "rotation": [0.7071067811865476, 0, 0, 0.7071067811865476]},
  {"type": "box", "half_extents": [1, 1, 1], "position": [10, 0, 0], "axis_angle": [0, 1, 0, 0.7853981633974483]},
  {"type": "box", "half_extents": [1, 1, 1], "position": [10, 0, 2.818427124746190],
   "axis_angle": [1, 0, 0, 0.7853981633974483]}],
 "pairs": [[0, 1], [0, 2], [1, 0], [3, 4]]}'
    f5=32773 # (2 << 14) | 5
    contact_ok manifold feature-ids "$ids" 3 "[
        {\"a\": 0, \"b\": 1, \"points\": [
            {\"point_a\": [-0.25, 0, 0.5], \"id\": $((f5 << 16)), \"feature_a\": \"face 5\", \"feature_b\": \"vertex 0\"},
            {\"point_a\": [0.75, 0, 0.5], \"id\": $((f5 << 16 | 1)), \"feature_a\": \"face 5\", \"feature_b\": \"vertex 1\"},
            {\"point_a\": [-0.25, 1, 0.5], \"id\": $((f5 << 16 | 2)), \"feature_a\": \"face 5\", \"feature_b\": \"vertex 2\"},
            {\"point_a\": [0.75, 1, 0.5], \"id\": $((f5 << 16 | 3)), \"feature_a\": \"face 5\", \"feature_b\": \"vertex 3\"}]},
        {\"a\": 0, \"b\": 2, \"points\": [
            {\"point_a\": [0.75, 0, 0.5], \"feature_a\": \"face 5\", \"feature_b\": \"vertex 0\"},
            {\"point_a\": [0.75, 1, 0.5], \"feature_a\": \"face 5\", \"feature_b\": \"vertex 1\"},
            {\"point_a\": [-0.25, 0, 0.5], \"feature_a\": \"face 5\", \"feature_b\": \"vertex 2\"},
            {\"point_a\": [-0.25, 1, 0.5], \"feature_a\": \"face 5\", \"feature_b\": \"vertex 3\"}]},
        {\"a\": 1, \"b\": 0, \"points\": [
            {\"point_a\": [-0.25, 0, 0.49], \"id\": $f5, \"feature_a\": \"vertex 0\", \"feature_b\": \"face 5\"},
            {\"point_a\": [0.75, 0, 0.49], \"id\": $((1 << 16 | f5)), \"feature_a\": \"vertex 1\", \"feature_b\": \"face 5\"},
            {\"point_a\": [-0.25, 1, 0.49], \"id\": $((2 << 16 | f5)), \"feature_a\": \"vertex 2\", \"feature_b\": \"face 5\"},
            {\"point_a\": [0.75, 1, 0.49], \"id\": $((3 << 16 | f5)), \"feature_a\": \"vertex 3\", \"feature_b\": \"face 5\"}]},
        {\"a\": 3, \"b\": 4, \"normal\": [0, 0, 1], \"points\": [
            {\"point_a\": [10, 0, 1.4142135623730951], \"separation\": -0.01, \"id\": $(((1 << 14 | 13) << 16 | 1 << 14)),
             \"feature_a\": \"edge 13\", \"feature_b\": \"edge 0\"}]}]"
    # 2D: the top edge of a box (corners 0-3 counter-clockwise from (-x, -y): the edge runs from corner 2 to 3)
    # against the bottom corners of a smaller one (0 and 1): each point names the ends of the two edges on its side.
    contact_ok manifold feature-ids2 '{"dim": 2, "shapes": [
  {"type": "box", "half_extents": [2, 0.5]}, {"type": "box", "half_extents": [0.5, 0.5], "position": [0.25, 0.99]}]}' \
        2 "[{\"a\": 0, \"b\": 1, \"points\": [
            {\"point_a\": [-0.25, 0.5], \"feature_a\": \"vertex 3\", \"feature_b\": \"vertex 0\"},
            {\"point_a\": [0.75, 0.5], \"feature_a\": \"vertex 2\", \"feature_b\": \"vertex 1\"}]}]"
    # examples/contacts.json (docs/cli.md shows these lines): a cube resting 0.01 deep on a slab, corners 0-3 of its
    # bottom face on the slab's top face (face 5); the falling sphere and the rising capsule touch nothing.
    contact_ok manifold example "$(cat "$src/examples/contacts.json")" 3 '[
        {"a": 0, "b": 1, "normal": [0, 0, 1], "points": [
            {"point_a": [-0.5, -0.5, 0.5], "separation": -0.01, "feature_a": "face 5", "feature_b": "vertex 0"},
            {"point_a": [0.5, -0.5, 0.5], "separation": -0.01, "feature_a": "face 5", "feature_b": "vertex 1"},
            {"point_a": [-0.5, 0.5, 0.5], "separation": -0.01, "feature_a": "face 5", "feature_b": "vertex 2"},
            {"point_a": [0.5, 0.5, 0.5], "separation": -0.01, "feature_a": "face 5", "feature_b": "vertex 3"}]},
        {"a": 0, "b": 2, "points": []}, {"a": 0, "b": 3, "points": []}]'
    # Every spelling of the option gives the same lines.
    printf '%s\n' "$scene" >"$tmp/spell.json"
    "$gjk" manifold "$tmp/spell.json" --speculative 0.6 >"$tmp/spell.ref" 2>&1 || bad "manifold --speculative 0.6 failed"
    for spelling in --speculative=0.6 "-s 0.6" -s0.6 "--spec 0.6" "-s0.6 --"; do
        # shellcheck disable=SC2086 # split on purpose
        "$gjk" manifold $spelling "$tmp/spell.json" >"$tmp/spell.out" 2>&1
        cmp -s "$tmp/spell.ref" "$tmp/spell.out" || bad "manifold $spelling: not the output of --speculative 0.6"
    done
}

case_raycast() {
    # Rays along the axes through a box, a sphere, a capsule (axis z) and a cylinder: entry points by hand; a ray
    # from inside the box (inside: fraction 0, normal back along the ray); a max_fraction short of every hit.
    contact_ok raycast rays3 '{"shapes": [
  {"type": "box", "half_extents": [1, 1, 1]}, {"type": "sphere", "radius": 0.5, "position": [3, 0, 0]},
  {"type": "capsule", "radius": 0.5, "half_height": 1, "position": [0, 5, 0]},
  {"type": "cylinder", "radius": 1, "half_height": 1, "position": [0, 0, 5]}],
 "rays": [{"origin": [-5, 0, 0], "translation": [10, 0, 0]}, {"origin": [0, 0, 0], "translation": [0, 0, 10]},
          {"origin": [0, 10, 0], "translation": [0, -10, 0]},
          {"origin": [-5, 0, 0], "translation": [10, 0, 0], "max_fraction": 0.3}]}' 3 '[
        {"ray": 0, "shape": 0, "status": "ok", "hit": true, "inside": false, "fraction": 0.4, "point": [-1, 0, 0],
         "normal": [-1, 0, 0]},
        {"ray": 0, "shape": 1, "hit": true, "fraction": 0.75, "point": [2.5, 0, 0], "normal": [-1, 0, 0]},
        {"ray": 0, "shape": 2, "hit": false, "inside": false, "fraction": null, "point": null, "normal": null},
        {"ray": 0, "shape": 3, "hit": false, "fraction": null, "point": null, "normal": null},
        {"ray": 1, "shape": 0, "hit": true, "inside": true, "fraction": 0, "point": [0, 0, 0], "normal": [0, 0, -1]},
        {"ray": 1, "shape": 1, "hit": false}, {"ray": 1, "shape": 2, "hit": false},
        {"ray": 1, "shape": 3, "hit": true, "inside": false, "fraction": 0.4, "point": [0, 0, 4],
         "normal": [0, 0, -1]},
        {"ray": 2, "shape": 0, "hit": true, "fraction": 0.9, "point": [0, 1, 0], "normal": [0, 1, 0]},
        {"ray": 2, "shape": 1, "hit": false},
        {"ray": 2, "shape": 2, "hit": true, "fraction": 0.45, "point": [0, 5.5, 0], "normal": [0, 1, 0]},
        {"ray": 2, "shape": 3, "hit": false},
        {"ray": 3, "shape": 0, "hit": false}, {"ray": 3, "shape": 1, "hit": false},
        {"ray": 3, "shape": 2, "hit": false}, {"ray": 3, "shape": 3, "hit": false}]'
    contact_ok raycast rays2 '{"dim": 2, "shapes": [
  {"type": "circle", "radius": 1}, {"type": "box", "half_extents": [1, 0.5], "position": [5, 0]}],
 "rays": [{"origin": [-3, 0], "translation": [10, 0]}, {"origin": [5, 0], "translation": [0, 1]}]}' 2 '[
        {"ray": 0, "shape": 0, "hit": true, "inside": false, "fraction": 0.2, "point": [-1, 0], "normal": [-1, 0]},
        {"ray": 0, "shape": 1, "hit": true, "fraction": 0.7, "point": [4, 0], "normal": [-1, 0]},
        {"ray": 1, "shape": 0, "hit": false},
        {"ray": 1, "shape": 1, "hit": true, "inside": true, "fraction": 0, "point": [5, 0], "normal": [0, -1]}]'
    # A point query (no translation) from inside: a hit at the origin with no normal; from outside: a miss.
    contact_ok raycast point-query '{"shapes": [{"type": "sphere", "radius": 1}],
 "rays": [{"origin": [0.5, 0, 0], "translation": [0, 0, 0]}, {"origin": [2, 0, 0], "translation": [0, 0, 0]}]}' 3 '[
        {"ray": 0, "shape": 0, "hit": true, "inside": true, "fraction": 0, "point": [0.5, 0, 0], "normal": null},
        {"ray": 1, "shape": 0, "hit": false, "inside": false, "fraction": null, "point": null, "normal": null}]'
    # examples/contacts.json: the first ray meets the cube's -x face, the second the sphere, then the slab.
    miss='"hit": false, "inside": false, "fraction": null, "point": null, "normal": null'
    contact_ok raycast example "$(cat "$src/examples/contacts.json")" 3 "[
        {\"ray\": 0, \"shape\": 0, $miss},
        {\"ray\": 0, \"shape\": 1, \"hit\": true, \"fraction\": 0.4375, \"point\": [-0.5, 0, 0.9], \"normal\": [-1, 0, 0]},
        {\"ray\": 0, \"shape\": 2, $miss}, {\"ray\": 0, \"shape\": 3, $miss},
        {\"ray\": 1, \"shape\": 0, \"hit\": true, \"fraction\": 0.875, \"point\": [1.2, 1.2, 0.5], \"normal\": [0, 0, 1]},
        {\"ray\": 1, \"shape\": 1, $miss},
        {\"ray\": 1, \"shape\": 2, \"hit\": true, \"fraction\": 0.125, \"point\": [1.2, 1.2, 3.5], \"normal\": [0, 0, 1]},
        {\"ray\": 1, \"shape\": 3, $miss}]"
    # No rays: nothing to print.
    contact_ok raycast norays '{"shapes": [{"type": "point"}]}' 3 '[]'
}

case_cast() {
    # Spheres closing 2 per step from 0.5 apart: t = 0.25; a box flying at a box: t = 3.5 / 8; spheres moving
    # apart: separated (t = 1); a box and a sphere already overlapping: t = 0; a rod of half width 0.05 turning a
    # quarter turn about z toward a sphere of radius 0.1 centred 1 out at 45 degrees: contact when the rod's angle
    # is pi/4 - asin(0.15), t = that / (pi/2), with the normal square to the rod and the point 0.1 in from the
    # sphere's centre along it.
    contact_ok cast casts3 '{"shapes": [
  {"type": "sphere", "radius": 1, "position": [10, 0, 0]},
  {"type": "sphere", "radius": 1, "position": [12.5, 0, 0], "velocity": [-2, 0, 0]},
  {"type": "box", "half_extents": [1, 1, 1]},
  {"type": "box", "half_extents": [0.5, 0.5, 0.5], "position": [5, 0, 0], "velocity": [-8, 0, 0]},
  {"type": "sphere", "radius": 1, "position": [20, 0, 0]},
  {"type": "sphere", "radius": 1, "position": [23, 0, 0], "velocity": [1, 0, 0]},
  {"type": "box", "half_extents": [1, 1, 1], "position": [30, 0, 0]},
  {"type": "sphere", "radius": 1, "position": [30.5, 0, 0]},
  {"type": "box", "half_extents": [2, 0.05, 0.05], "position": [40, 0, 0], "angular": [0, 0, 1.5707963267948966]},
  {"type": "sphere", "radius": 0.1, "position": [40.707106781186548, 0.70710678118654752, 0]}],
 "pairs": [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]}' 3 '[
        {"a": 0, "b": 1, "status": "ok", "state": "hit", "hit": true, "t": 0.25, "normal": [1, 0, 0],
         "point": [11, 0, 0]},
        {"a": 2, "b": 3, "state": "hit", "hit": true, "t": 0.4375, "normal": [1, 0, 0]},
        {"a": 4, "b": 5, "state": "separated", "hit": false, "t": 1, "normal": null, "point": null},
        {"a": 6, "b": 7, "state": "overlapped", "hit": true, "t": 0},
        {"a": 8, "b": 9, "state": "hit", "hit": true, "t": 0.40414526045912624,
         "normal": [-0.593040555527496, 0.8051725898834603, 0], "point": [40.7664108367393, 0.6265895221982014, 0],
         "tol": 1e-6}]'
    # examples/contacts.json: the resting cube overlaps at t = 0; the sphere falls 2 in half the step; the capsule
    # rises away.
    contact_ok cast example "$(cat "$src/examples/contacts.json")" 3 '[
        {"a": 0, "b": 1, "state": "overlapped", "hit": true, "t": 0, "normal": [0, 0, 1], "point": [0, 0, 0.495]},
        {"a": 0, "b": 2, "state": "hit", "hit": true, "t": 0.5, "normal": [0, 0, 1], "point": [1.2, 1.2, 0.5]},
        {"a": 0, "b": 3, "state": "separated", "hit": false, "t": 1, "normal": null, "point": null}]'
    # Options: spheres 1.5 apart closing 2 per step come within 0.5 at t = 0.5 (--target 0.5), midway point between
    # the two closest points; a sphere overlapping a box and moving away is no hit with --ignore-separating.
    options='{"shapes": [{"type": "sphere", "radius": 1, "position": [10, 0, 0]},
  {"type": "sphere", "radius": 1, "position": [13.5, 0, 0], "velocity": [-2, 0, 0]},
  {"type": "box", "half_extents": [1, 1, 1], "position": [30, 0, 0]},
  {"type": "sphere", "radius": 1, "position": [30.5, 0, 0], "velocity": [1, 0, 0]}], "pairs": [[0, 1], [2, 3]]}'
    contact_ok cast plain "$options" 3 '[{"state": "hit", "t": 0.75, "point": [11, 0, 0]},
        {"state": "overlapped", "hit": true, "t": 0}]'
    contact_ok cast target "$options" 3 '[{"state": "hit", "t": 0.5, "normal": [1, 0, 0], "point": [11.25, 0, 0]},
        {"state": "overlapped", "hit": true, "t": 0}]' --target 0.5
    contact_ok cast ignore "$options" 3 '[{"state": "hit", "t": 0.75},
        {"state": "overlapped", "hit": false, "t": 0, "normal": [1, 0, 0]}]' --ignore-separating
    # 2D: a box flying at a circle (t = 0.5); a box turning a quarter turn past a circle out of its reach.
    contact_ok cast casts2 '{"dim": 2, "shapes": [
  {"type": "circle", "radius": 0.5}, {"type": "box", "half_extents": [0.5, 0.5], "position": [3, 0],
   "velocity": [-4, 0]},
  {"type": "box", "half_extents": [1, 0.1], "position": [10, 0], "angular": 1.5707963267948966},
  {"type": "circle", "radius": 0.2, "position": [12, 2]}]}' 2 '[
        {"a": 0, "b": 1, "status": "ok", "state": "hit", "hit": true, "t": 0.5, "normal": [1, 0],
         "point": [0.5, 0]},
        {"a": 0, "b": 2, "state": "separated", "hit": false, "t": 1, "normal": null, "point": null},
        {"a": 0, "b": 3, "state": "separated", "hit": false, "t": 1},
        {"a": 1, "b": 2, "state": "separated", "hit": false, "t": 1},
        {"a": 1, "b": 3, "state": "separated", "hit": false, "t": 1},
        {"a": 2, "b": 3, "state": "separated", "hit": false, "t": 1}]'
}

case_contact_errors() {
    r='{"origin": [0, 0, 0], "translation": [1, 0, 0]}'
    contact_error raycast origin "{\"shapes\": [{\"type\": \"point\"}], \"rays\": [$r, {\"origin\": [0, 0]}]}" \
        "gjk: ray 1: origin must be [x, y, z], 3 finite numbers"
    contact_error raycast rays-type '{"shapes": [{"type": "point"}], "rays": {}}' \
        "gjk: rays must be an array of ray objects"
    contact_error raycast ray-number '{"shapes": [{"type": "point"}], "rays": [5]}' \
        "gjk: ray 0: must be an object with an origin and a translation"
    contact_error raycast translation '{"shapes": [{"type": "point"}], "rays": [{"origin": [0, 0, 0]}]}' \
        "gjk: ray 0: needs a translation [x, y, z], 3 finite numbers"
    contact_error raycast max-fraction "{\"shapes\": [{\"type\": \"point\"}], \"rays\": [$r,
        {\"origin\": [0, 0, 0], \"translation\": [1, 0, 0], \"max_fraction\": -1}]}" \
        "gjk: ray 1: max_fraction must be a number >= 0"
    contact_error cast angular '{"shapes": [{"type": "point", "angular": 2}]}' \
        "gjk: shape 0: angular must be a rotation vector [x, y, z] (radians), 3 finite numbers"
    contact_error cast angular2d '{"dim": 2, "shapes": [{"type": "point", "angular": [1, 2]}]}' \
        "gjk: shape 0: angular must be an angle in radians (a finite number)"
    contact_error cast velocity '{"shapes": [{"type": "box", "half_extents": [1, 1, 1], "velocity": [1, "a", 0]}]}' \
        "gjk: shape 0: velocity must be [x, y, z], 3 finite numbers"
    contact_error cast velocity2d '{"dim": 2, "shapes": [{"type": "point", "velocity": [1, 0, 0]}]}' \
        "gjk: shape 0: velocity must be [x, y], 2 finite numbers"
    for d in -1 x 1e400; do
        contact_error manifold "speculative $d" '{"shapes": []}' \
            "gjk: manifold: invalid value \"$d\" for --speculative (a distance >= 0)" --speculative "$d"
    done
    contact_error manifold "speculative= -1" '{"shapes": []}' \
        'gjk: manifold: invalid value "-1" for --speculative (a distance >= 0)' --speculative=-1
    contact_error manifold "-s -1" '{"shapes": []}' 'gjk: manifold: invalid value "-1" for -s (a distance >= 0)' -s -1
    contact_error manifold "speculative without D" '{"shapes": []}' \
        "gjk: manifold: option --speculative needs a value (a distance >= 0)" --speculative
    contact_error cast "target -2" '{"shapes": []}' 'gjk: cast: invalid value "-2" for --target (a distance >= 0)' \
        --target -2
    contact_error cast "target without D" '{"shapes": []}' \
        "gjk: cast: option --target needs a value (a distance >= 0)" --target
    contact_error cast "-t without D" '{"shapes": []}' "gjk: cast: option -t needs a value (a distance >= 0)" -t
    contact_error cast "flag with a value" '{"shapes": []}' "gjk: cast: option --ignore-separating takes no value" \
        --ignore-separating=yes
    contact_error cast "flag twice" '{"shapes": []}' "gjk: cast: option -i is given twice" --ignore-separating -i
    # Unknown options, named, with the nearest option when one is close.
    contact_error raycast "unknown option" '{"shapes": []}' \
        'gjk: raycast: unknown option "--speculative" (gjk --help lists the options)' --speculative 1
    contact_error cast "unknown option" '{"shapes": []}' \
        'gjk: cast: unknown option "--speculative" (gjk --help lists the options)' --speculative=1
    contact_error manifold "misspelt option" '{"shapes": []}' \
        'gjk: manifold: unknown option "--speculatve" (did you mean "--speculative"?)' --speculatve 1
    contact_error cast "misspelt option" '{"shapes": []}' \
        'gjk: cast: unknown option "--ignore-seperating" (did you mean "--ignore-separating"?)' --ignore-seperating
    contact_error cast "unknown short option" '{"shapes": []}' \
        'gjk: cast: unknown option "-s" (gjk --help lists the options)' -s 1
    # A bad shape is reported the same way by every command.
    for command in manifold raycast cast; do
        contact_error "$command" bad-shape '{"shapes": [{"type": "sphere", "radius": -1}]}' \
            "gjk: shape 0: sphere radius must be a positive number"
    done
}
