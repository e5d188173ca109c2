# Compound shapes' cases of tests/cli_test.sh (sourced by it: uses its $gjk, $src, $tmp, $py, $precision, bad() and
# check_error()): every command that takes compounds against the compounds' parts taken one by one
# (cli_compound.py), and the invalid compounds, each with its message.
# shellcheck shell=sh disable=SC2154 # gjk, src, tmp, py and precision are set by cli_test.sh

case_compound() {
    "$py" "$src/tests/cli_compound.py" "$gjk" "$src" || bad "compound: against the parts (above)"
    # The examples: each command that takes compounds answers them (exit 0, one line per pair, ray and shape).
    for c in query manifold raycast cast world; do
        for f in compound compound2d; do
            if ! "$gjk" $c "$src/examples/$f.json" >"$tmp/out" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
                bad "$c $f.json: exit status or stderr: $(cat "$tmp/err")"
            fi
        done
    done
    "$gjk" query "$src/examples/compound.json" >"$tmp/out"
    [ "$(wc -l <"$tmp/out")" -eq 15 ] || bad "query compound.json: $(wc -l <"$tmp/out") lines, expected 15 (6 shapes)"
    # The documented output of the example (docs/cli.md): the table stands on the ground, the ball lies on the top
    # (part 0), the box sinks 0.01 into the ground and the dumbbell floats 0.01 above it.
    "$gjk" world "$src/examples/compound.json" --margin 0.05 >"$tmp/out"
    pairs=$(sed 's/^{"a": \([0-9]*\), "b": \([0-9]*\),.*/\1-\2/' "$tmp/out" | tr '\n' ' ')
    [ "$pairs" = "0-1 0-3 0-4 1-2 " ] || bad "world compound.json --margin 0.05: pairs $pairs"
    grep -q '^{"a": 1, "b": 2, .*"part_a": 0, "part_b": 0}$' "$tmp/out" || bad "world compound.json: ball on part 0"
    grep -q '^{"a": 0, "b": 3, .*"bounds": \[[^]]*\]}$' "$tmp/out" || bad "world compound.json: convex pair with parts"
    # A compound's line names its parts; render refuses the scene (exit 2, nothing written).
    printf '%s\n' '{"shapes": [{"type": "sphere", "radius": 1}, {"type": "compound", "parts": [{"type": "point"}]}]}' \
        >"$tmp/c.json"
    "$gjk" render "$tmp/c.json" -o "$tmp/c.svg" >"$tmp/out" 2>"$tmp/err"
    check_error "render of a compound" $? \
        "gjk: shape 1: this command does not take compound shapes (query, manifold, raycast, cast and world do)"
    [ -e "$tmp/c.svg" ] && bad "render of a compound wrote a picture"
}

# compound_error NAME SCENE_TEXT MESSAGE: every command that takes compounds rejects the scene with MESSAGE.
compound_error() {
    printf '%s\n' "$2" >"$tmp/bad.json"
    for c in query manifold raycast cast world; do
        "$gjk" $c "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
        check_error "$c: $1" $? "$3"
    done
}

case_compound_errors() {
    max=1048576
    types3="point, segment, triangle, box, sphere, capsule, cylinder, cone, ellipsoid, hull"
    ball='{"type": "sphere", "radius": 1}'
    compound_error nested "{\"shapes\": [$ball, {\"type\": \"compound\", \"parts\": [$ball, {\"type\": \"compound\"}]}]}" \
        "gjk: shape 1: part 1: a part cannot be a compound (parts are convex shapes)"
    compound_error "no parts" '{"shapes": [{"type": "compound"}]}' \
        "gjk: shape 0: compound needs parts (an array of 1 to $max shape objects)"
    compound_error "empty parts" '{"shapes": [{"type": "compound", "parts": []}]}' \
        "gjk: shape 0: compound parts must be an array of 1 to $max shape objects"
    compound_error "parts not an array" "{\"shapes\": [{\"type\": \"compound\", \"parts\": $ball}]}" \
        "gjk: shape 0: compound parts must be an array of 1 to $max shape objects"
    compound_error "part not an object" '{"shapes": [{"type": "compound", "parts": [3]}]}' \
        'gjk: shape 0: part 0: must be an object with a "type"'
    compound_error "bad part size" \
        "{\"shapes\": [$ball, {\"type\": \"compound\", \"parts\": [$ball, {\"type\": \"sphere\", \"radius\": -1}]}]}" \
        "gjk: shape 1: part 1: sphere radius must be a positive number"
    compound_error "part without a type" '{"shapes": [{"type": "compound", "parts": [{"radius": 1}]}]}' \
        "gjk: shape 0: part 0: needs a type (one of: $types3)"
    compound_error "part of unknown type" '{"shapes": [{"type": "compound", "parts": [{"type": "blob"}]}]}' \
        "gjk: shape 0: part 0: unknown 3D type \"blob\" (expected one of: $types3)"
    compound_error "misspelt part key" \
        '{"shapes": [{"type": "compound", "parts": [{"type": "sphere", "radius": 1, "postion": [0, 0, 0]}]}]}' \
        'gjk: shape 0: part 0: unknown key "postion" for a sphere (did you mean "position"?)'
    compound_error "moving part" \
        '{"shapes": [{"type": "compound", "parts": [{"type": "sphere", "radius": 1, "velocity": [1, 0, 0]}]}]}' \
        'gjk: shape 0: part 0: unknown key "velocity" for a part (it moves with its compound)'
    compound_error "margin of a compound" "{\"shapes\": [{\"type\": \"compound\", \"margin\": 1, \"parts\": [$ball]}]}" \
        'gjk: shape 0: unknown key "margin" for a compound (its parts have their own sizes and margins)'
    compound_error "misspelt compound key" '{"shapes": [{"type": "compound", "prts": []}]}' \
        'gjk: shape 0: unknown key "prts" for a compound (its parts have their own sizes and margins) (did you mean "parts"?)'
    compound_error "parts twice" "{\"shapes\": [{\"type\": \"compound\", \"parts\": [$ball], \"parts\": [$ball]}]}" \
        "gjk: shape 0: parts is given twice"
    compound_error "bad compound position" "{\"shapes\": [{\"type\": \"compound\", \"position\": [1, 2], \"parts\": [$ball]}]}" \
        "gjk: shape 0: position must be [x, y, z], 3 finite numbers"
    compound_error "bad part rotation" \
        '{"shapes": [{"type": "compound", "parts": [{"type": "point", "rotation": [0, 0, 0, 0]}]}]}' \
        "gjk: shape 0: part 0: rotation must be a quaternion [w, x, y, z], 4 finite numbers not all zero"
    compound_error "bad hull part" \
        '{"shapes": [{"type": "compound", "parts": [{"type": "hull", "points": [[0, 0, 0], [1, 0]]}]}]}' \
        "gjk: shape 0: part 0: hull points[1] must be [x, y, z], 3 finite numbers"
    compound_error "2D part with axis_angle" \
        '{"dim": 2, "shapes": [{"type": "compound", "parts": [{"type": "circle", "radius": 1, "axis_angle": [0, 0, 1, 1]}]}]}' \
        'gjk: shape 0: part 0: unknown key "axis_angle" for a 2D circle (its rotation is an angle in radians)'
    compound_error "2D compound with axis_angle" \
        '{"dim": 2, "shapes": [{"type": "compound", "axis_angle": [0, 0, 1, 1], "parts": [{"type": "point"}]}]}' \
        'gjk: shape 0: unknown key "axis_angle" for a 2D compound (its rotation is an angle in radians)'
    compound_error "2D nested" '{"dim": 2, "shapes": [{"type": "compound", "parts": [{"type": "compound"}]}]}' \
        "gjk: shape 0: part 0: a part cannot be a compound (parts are convex shapes)"
    # Beyond the coordinates: a part's own box, and a part's world position (the compound's pose times its own).
    edge=150
    [ "$precision" = float ] && edge=18
    compound_error "part box beyond the limit" \
        "{\"shapes\": [{\"type\": \"compound\", \"parts\": [{\"type\": \"sphere\", \"radius\": 1, \"position\": [1e$edge, 0, 0]}]}]}" \
        "gjk: shape 0: compound rejected by the library (invalid_input): a part's box reaches farther than 1e+$edge from the compound's origin"
    compound_error "part world position beyond the limit" \
        "{\"shapes\": [{\"type\": \"compound\", \"position\": [0, -1e$edge, 0], \"parts\": [$ball, {\"type\": \"point\", \"position\": [0, -1e$((edge - 1)), 0]}]}]}" \
        "gjk: shape 0: part 1: its world position[1], -1.1e+$edge, is beyond the limit of 1e+$edge in magnitude"
    # In a scene with compounds, a convex shape must be one a compound's pair takes: its box within the limit.
    compound_error "convex shape too large to pair with a compound" \
        "{\"shapes\": [{\"type\": \"compound\", \"parts\": [$ball]}, {\"type\": \"sphere\", \"radius\": 1e$edge, \"margin\": 1e$edge}]}" \
        "gjk: shape 1: its box reaches farther than 1e+$edge from its origin, too far to pair with a compound (the library refuses it as a compound's part: invalid_input)"
    # A compound at the edge: the commands answer it, the world's widened box is beyond its range.
    printf '%s\n' "{\"shapes\": [{\"type\": \"compound\", \"position\": [1e$edge, 0, 0], \"parts\": [$ball]}]}" \
        >"$tmp/bad.json"
    "$gjk" world "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
    check_error "world: compound at the edge" $? \
        "gjk: shape 0: its box, widened by half the margin, reaches beyond 1e+$edge, the world's range"
}
