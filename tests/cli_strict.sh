# The strict scene format's cases of tests/cli_test.sh (sourced by it: uses its $gjk, $src, $tmp, $py, bad(),
# check_error() and expect_error()): unknown keys at every level of a scene, with the nearest known key; rotations
# as axis_angle against the same quaternion, bit for bit; both rotations, or a bad axis_angle, rejected.
# shellcheck shell=sh disable=SC2154 # gjk, src, tmp and py are set by cli_test.sh

# every_command NAME SCENE_TEXT MESSAGE: each command that reads scenes rejects the scene with MESSAGE.
every_command() {
    printf '%s\n' "$2" >"$tmp/bad.json"
    for command in query manifold raycast cast world; do
        "$gjk" "$command" "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
        check_error "$command $1" $? "$3"
    done
    "$gjk" render "$tmp/bad.json" -o - >"$tmp/out" 2>"$tmp/err"
    check_error "render $1" $? "$3"
}

case_keys() {
    f="$tmp/bad.json"
    # The document.
    expect_error doc-misspelt '{"shape": []}' "gjk: $f: unknown key \"shape\" (did you mean \"shapes\"?)"
    expect_error doc-pair '{"shapes": [], "pair": [[0, 1]]}' "gjk: $f: unknown key \"pair\" (did you mean \"pairs\"?)"
    expect_error doc-case '{"Dim": 2, "shapes": []}' "gjk: $f: unknown key \"Dim\" (did you mean \"dim\"?)"
    expect_error doc-far '{"shapes": [], "comment": "x"}' "gjk: $f: unknown key \"comment\""
    expect_error doc-rays '{"shapes": [], "ray": []}' "gjk: $f: unknown key \"ray\" (did you mean \"rays\"?)"
    # Shapes, 3D: the keys of every shape, then each type's own (a key of another type is unknown here).
    s='{"type": "point"}, {"type": "point"}'
    expect_error postion "{\"shapes\": [$s, {\"type\": \"box\", \"half_extents\": [1, 1, 1],
        \"postion\": [0, 0, 1]}]}" \
        'gjk: shape 2: unknown key "postion" for a box (did you mean "position"?)'
    expect_error rotaton '{"shapes": [{"type": "sphere", "radius": 1, "rotaton": [1, 0, 0, 0]}]}' \
        'gjk: shape 0: unknown key "rotaton" for a sphere (did you mean "rotation"?)'
    expect_error axisangle '{"shapes": [{"type": "sphere", "radius": 1, "axisangle": [0, 0, 1, 1]}]}' \
        'gjk: shape 0: unknown key "axisangle" for a sphere (did you mean "axis_angle"?)'
    expect_error margn '{"shapes": [{"type": "point", "margn": 0.1}]}' \
        'gjk: shape 0: unknown key "margn" for a point (did you mean "margin"?)'
    expect_error velocty '{"shapes": [{"type": "point", "velocty": [1, 0, 0]}]}' \
        'gjk: shape 0: unknown key "velocty" for a point (did you mean "velocity"?)'
    expect_error angluar '{"shapes": [{"type": "point", "angluar": [1, 0, 0]}]}' \
        'gjk: shape 0: unknown key "angluar" for a point (did you mean "angular"?)'
    expect_error tpye '{"shapes": [{"tpye": "sphere", "radius": 1}]}' \
        'gjk: shape 0: unknown key "tpye" (did you mean "type"?)'
    expect_error half_extent '{"shapes": [{"type": "box", "half_extent": [1, 1, 1]}]}' \
        'gjk: shape 0: unknown key "half_extent" for a box (did you mean "half_extents"?)'
    expect_error box-radius '{"shapes": [{"type": "box", "half_extents": [1, 1, 1], "radius": 1}]}' \
        'gjk: shape 0: unknown key "radius" for a box'
    expect_error raduis '{"shapes": [{"type": "cylinder", "raduis": 1, "half_height": 1}]}' \
        'gjk: shape 0: unknown key "raduis" for a cylinder (did you mean "radius"?)'
    expect_error half_heigth '{"shapes": [{"type": "cone", "radius": 1, "half_heigth": 1}]}' \
        'gjk: shape 0: unknown key "half_heigth" for a cone (did you mean "half_height"?)'
    expect_error capsule-radii '{"shapes": [{"type": "capsule", "radii": 1, "half_height": 1}]}' \
        'gjk: shape 0: unknown key "radii" for a capsule (did you mean "radius"?)'
    expect_error ellipsoid-radius '{"shapes": [{"type": "ellipsoid", "radius": 1}]}' \
        'gjk: shape 0: unknown key "radius" for an ellipsoid (did you mean "radii"?)'
    expect_error sphere-points '{"shapes": [{"type": "sphere", "radius": 1, "points": [[0, 0, 0]]}]}' \
        'gjk: shape 0: unknown key "points" for a sphere'
    expect_error hull-point '{"shapes": [{"type": "hull", "point": [[0, 0, 0]]}]}' \
        'gjk: shape 0: unknown key "point" for a hull (did you mean "points"?)'
    expect_error triangle-note '{"shapes": [{"type": "triangle", "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0]],
        "note": "floor"}]}' 'gjk: shape 0: unknown key "note" for a triangle'
    expect_error segment-extents '{"shapes": [{"type": "segment", "points": [[0, 0, 0], [1, 0, 0]],
        "half_extents": [1, 1, 1]}]}' 'gjk: shape 0: unknown key "half_extents" for a segment'
    expect_error trailing-space '{"shapes": [{"type": "sphere", "radius ": 1}]}' \
        'gjk: shape 0: unknown key "radius " for a sphere (did you mean "radius"?)'
    expect_error empty-key '{"shapes": [{"type": "point", "": 1}]}' 'gjk: shape 0: unknown key "" for a point'
    # Shapes, 2D: no axis_angle (the rotation is an angle); each type's keys.
    expect_error 2d-axis-angle '{"dim": 2, "shapes": [{"type": "box", "half_extents": [1, 1],
        "axis_angle": [0, 0, 1, 1]}]}' \
        'gjk: shape 0: unknown key "axis_angle" for a 2D box (its rotation is an angle in radians)'
    expect_error 2d-radii '{"dim": 2, "shapes": [{"type": "circle", "radii": [1, 1]}]}' \
        'gjk: shape 0: unknown key "radii" for a 2D circle (did you mean "radius"?)'
    expect_error 2d-polygon '{"dim": 2, "shapes": [{"type": "polygon", "pionts": [[0, 0], [1, 0], [0, 1]]}]}' \
        'gjk: shape 0: unknown key "pionts" for a 2D polygon (did you mean "points"?)'
    expect_error 2d-capsule '{"dim": 2, "shapes": [{"type": "capsule", "radius": 1, "half_height": 1,
        "half_extents": [1, 1]}]}' \
        'gjk: shape 0: unknown key "half_extents" for a 2D capsule'
    # Rays.
    r='{"origin": [0, 0, 0], "translation": [1, 0, 0]}'
    expect_error ray-orign "{\"shapes\": [], \"rays\": [$r, {\"orign\": [0, 0, 0], \"translation\": [1, 0, 0]}]}" \
        'gjk: ray 1: unknown key "orign" (did you mean "origin"?)'
    expect_error ray-max '{"shapes": [], "rays": [{"origin": [0, 0, 0], "translation": [1, 0, 0], "max": 1}]}' \
        'gjk: ray 0: unknown key "max"'
    expect_error ray-direction '{"dim": 2, "shapes": [], "rays": [{"origin": [0, 0], "direction": [1, 0]}]}' \
        'gjk: ray 0: unknown key "direction"'
    expect_error ray-twice '{"shapes": [], "rays": [{"origin": [0, 0, 0], "origin": [1, 0, 0]}]}' \
        'gjk: ray 0: origin is given twice'
    # Every command rejects it the same way, with nothing on stdout.
    every_command postion '{"shapes": [{"type": "point", "postion": [0, 0, 0]}, {"type": "point"}]}' \
        'gjk: shape 0: unknown key "postion" for a point (did you mean "position"?)'
    every_command doc '{"shapes": [{"type": "point"}, {"type": "point"}], "pairz": [[0, 1]]}' \
        "gjk: $f: unknown key \"pairz\" (did you mean \"pairs\"?)"
}

# quaternion X Y Z ANGLE: the quaternion [w, x, y, z] the loader makes of "axis_angle": [X, Y, Z, ANGLE], in the
# same double operations (the axis scaled by its largest component, then to unit length; cos and sin of the half
# angle), printed round-trip exact.
quaternion() {
    "$py" -c '
import math, sys
v = [float(a) for a in sys.argv[1:4]]
m = max(abs(x) for x in v)
v = [x / m for x in v]
s = 0.0
for x in v:
    s += x * x
s = math.sqrt(s)
u = [x / s for x in v]
a = float(sys.argv[4])
c, sn = math.cos(a / 2), math.sin(a / 2)
print("[%s]" % ", ".join(repr(x) for x in [c, sn * u[0], sn * u[1], sn * u[2]]))' "$@"
}

case_rotation() {
    # The same scene with each rotation given as axis_angle and as the quaternion it stands for: the same output,
    # byte for byte, from every command (the axis need not be unit; an angle beyond a turn is fine).
    set -- "0.3 -0.5 1 0.9" "0 0 2 1.5707963267948966" "1 1 1 -2.5" "-4 0.25 0 7.5" "0 1e-3 0 0.2"
    n=0
    for spec in "$@"; do
        # shellcheck disable=SC2086 # four numbers
        q=$(quaternion $spec) || { bad "rotation: python failed"; return; }
        aa="[$(echo "$spec" | sed 's/ /, /g')]"
        for form in axis_angle quat; do
            if [ $form = axis_angle ]; then rot="\"axis_angle\": $aa"; else rot="\"rotation\": $q"; fi
            cat >"$tmp/rot-$form.json" <<EOF
{"shapes": [
  {"type": "box", "half_extents": [1, 0.6, 0.4], $rot},
  {"type": "hull", "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [0.7, 0.7, 0.7]], "position": [1.2, 0.3, 0.4],
   $rot, "velocity": [-1, 0, 0]},
  {"type": "cylinder", "radius": 0.5, "half_height": 0.7, "position": [-0.5, 1.1, 0.2], $rot}],
 "rays": [{"origin": [-3, 0.1, 0.05], "translation": [6, 0.2, 0.1]},
          {"origin": [0.3, 0.2, 3], "translation": [0, 0, -6]}]}
EOF
        done
        for command in query "manifold -s 0.1" raycast cast; do
            # shellcheck disable=SC2086 # the command and its option
            "$gjk" $command "$tmp/rot-axis_angle.json" >"$tmp/aa.out" 2>&1
            # shellcheck disable=SC2086
            "$gjk" $command "$tmp/rot-quat.json" >"$tmp/q.out" 2>&1
            [ -s "$tmp/aa.out" ] && cmp -s "$tmp/aa.out" "$tmp/q.out" ||
                bad "rotation: axis_angle $aa and rotation $q differ for $command:" \
                    "$(diff "$tmp/aa.out" "$tmp/q.out" | head -n 3)"
        done
        n=$((n + 1))
    done
    # A quarter turn about z by hand: the box's long side (x) turns to y.
    printf '%s\n' '{"shapes": [
  {"type": "box", "half_extents": [2, 0.5, 0.5], "axis_angle": [0, 0, 5, 1.5707963267948966]},
  {"type": "sphere", "radius": 0.5, "position": [0, 3, 0]}]}' >"$tmp/quarter.json"
    "$gjk" query "$tmp/quarter.json" >"$tmp/out" 2>"$tmp/err" || bad "rotation quarter: $(cat "$tmp/err")"
    "$py" "$src/tests/cli_test.py" "$tmp/out" 3 "$precision" \
        '[{"a": 0, "b": 1, "distance": 0.5, "normal": [0, 1, 0], "point_a": [0, 2, 0], "tol": 1e-7}]' ||
        bad "rotation quarter: output (above)"
    # Errors: both forms, a zero or bad axis, a wrong length; the quaternion's own messages are in case_errors.
    expect_error both '{"shapes": [{"type": "point", "rotation": [1, 0, 0, 0], "axis_angle": [0, 0, 1, 0]}]}' \
        "gjk: shape 0: rotation and axis_angle are both given (one rotation only)"
    bad_aa="axis_angle must be [x, y, z, radians], 4 finite numbers with a nonzero axis"
    expect_error zero-axis '{"shapes": [{"type": "point", "axis_angle": [0, 0, 0, 1]}]}' "gjk: shape 0: $bad_aa"
    expect_error short '{"shapes": [{"type": "point", "axis_angle": [0, 0, 1]}]}' "gjk: shape 0: $bad_aa"
    expect_error infinite-angle '{"shapes": [{"type": "point", "axis_angle": [0, 0, 1, 1e400]}]}' \
        "gjk: shape 0: $bad_aa"
    expect_error string '{"shapes": [{"type": "point", "axis_angle": "z 90"}]}' "gjk: shape 0: $bad_aa"
    [ $n -eq 5 ] || bad "rotation: $n of 5 rotations compared"
}
