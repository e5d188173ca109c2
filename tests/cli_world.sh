# gjk world's cases of tests/cli_test.sh (sourced by it: uses its $gjk, $src, $tmp, $py, $precision, bad() and
# check_error()): the pairs against a brute-force loop over every pair (cli_world.py), and the command's invalid
# usage and scenes.
# shellcheck shell=sh disable=SC2154 # gjk, src, tmp, py and precision are set by cli_test.sh

case_world() {
    "$py" "$src/tests/cli_world.py" "$gjk" || bad "world: against brute force (above)"
}

# world_error NAME SCENE_TEXT MESSAGE [OPTIONS...]: exit 2, nothing on stdout, MESSAGE on stderr.
world_error() {
    name=$1 message=$3
    printf '%s\n' "$2" >"$tmp/bad.json"
    shift 3
    "$gjk" world "$tmp/bad.json" "$@" >"$tmp/out" 2>"$tmp/err"
    check_error "world $name" $? "$message"
}

# lines_ok NAME COUNT COMMAND...: the command exits 0 with COUNT lines on stdout.
lines_ok() {
    name=$1 count=$2
    shift 2
    if ! "$@" >"$tmp/out" 2>"$tmp/err"; then
        bad "$name: exit status, stderr: $(cat "$tmp/err")"
    elif [ "$(wc -l <"$tmp/out")" -ne "$count" ]; then
        bad "$name: $(wc -l <"$tmp/out") lines, expected $count"
    fi
}

case_world_errors() {
    s='{"shapes": [{"type": "sphere", "radius": 1}, {"type": "sphere", "radius": 1, "position": [1, 0, 0]}]}'
    for d in -1 -0.5 x 1e400 nan inf 0x ""; do
        world_error "margin '$d'" "$s" "gjk: world: invalid value \"$d\" for --margin (a distance >= 0)" --margin "$d"
    done
    world_error "margin=-1" "$s" 'gjk: world: invalid value "-1" for --margin (a distance >= 0)' --margin=-1
    world_error "margin without D" "$s" "gjk: world: option --margin needs a value (a distance >= 0)" --margin
    world_error "margin twice" "$s" "gjk: world: option --margin is given twice" --margin 1 --margin 2
    world_error "manifold with a value" "$s" "gjk: world: option --manifold takes no value" --manifold=yes
    world_error "manifold twice" "$s" "gjk: world: option --manifold is given twice" --manifold --manifold
    world_error "unknown option" "$s" 'gjk: world: unknown option "--speculative" (gjk --help lists the options)' \
        --speculative 1
    world_error "misspelt option" "$s" 'gjk: world: unknown option "--margn" (did you mean "--margin"?)' --margn 1
    world_error "short option" "$s" 'gjk: world: unknown option "-m" (gjk --help lists the options)' -m
    world_error "two scenes" "$s" "gjk: world takes one SCENE argument (a path, or - for standard input)" \
        "$tmp/bad.json"
    "$gjk" world >"$tmp/out" 2>"$tmp/err"
    check_error "world without a scene" $? "gjk: world takes one SCENE argument (a path, or - for standard input)"
    # A pairs list is not needed, but one that is given is checked as for the other commands.
    world_error "bad pair" '{"shapes": [{"type": "point"}], "pairs": [[0, 0]]}' \
        "gjk: pair 0: shape 0 is paired with itself"
    world_error "pairs type" '{"shapes": [], "pairs": 3}' "gjk: pairs must be an array of [a, b] shape index pairs"
    # A shape at the edge of the coordinates: a query takes it, the world's widened box does not.
    edge=150
    [ "$precision" = float ] && edge=18
    world_error edge "{\"shapes\": [{\"type\": \"sphere\", \"radius\": 1, \"position\": [1e$edge, 0, 0]}]}" \
        "gjk: shape 0: its box, widened by half the margin, reaches beyond 1e+$edge, the world's range"
    # Without a pairs list every command but world still reads every pair i < j; standard input; the help.
    printf '%s\n' "$s" >"$tmp/two.json"
    lines_ok "query without pairs" 1 "$gjk" query "$tmp/two.json"
    lines_ok "world from standard input" 1 "$gjk" world - --margin 0 <"$tmp/two.json"
    "$gjk" world --help >"$tmp/out" 2>"$tmp/err"
    grep -q 'gjk world SCENE \[--margin D\] \[--manifold\]' "$tmp/out" || bad "world --help: $(head -c 300 "$tmp/out")"
}
