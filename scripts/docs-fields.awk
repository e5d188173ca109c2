# Fields doxygen does not check: members of the nested (anonymous) structs and unions in the public headers, which
# doxygen 1.9 documents when commented but never reports when not. Prints each undocumented field as FILE:LINE and
# exits 1 if there is one. Usage: awk -f scripts/docs-fields.awk include/gjk/*.h
function documented(line, prev) { return line ~ /\/\/\/</ || prev ~ /^[ \t]*\/\/\// }
FNR == 1 { depth = 0; prev = "" }
{
    line = $0
    code = line; sub(/\/\/.*/, "", code); sub(/\/\*.*\*\//, "", code)
    if (code ~ /(struct|union)[^;(]*\{[ \t]*$/) {          # a struct or union body opens
        ++depth; kind[depth] = "record"; doc[depth] = (depth > 1 && documented(line, prev))
    } else if (code ~ /\{[ \t]*$/) {                        # any other block (inline function bodies)
        ++depth; kind[depth] = "code"
    } else if (code ~ /^[ \t]*\}/) {                        # a block closes, maybe naming a nested member
        if (depth > 1 && kind[depth] == "record" && kind[depth - 1] == "record" && code ~ /\}[ \t]*[A-Za-z_]/ \
            && !doc[depth]) { print FILENAME ":" FNR ": undocumented member: " line; bad = 1 }
        if (code !~ /\{/) --depth
    } else if (depth > 0 && kind[depth] == "record" && code ~ /;[ \t]*$/ && !documented(line, prev)) {
        print FILENAME ":" FNR ": undocumented field: " line; bad = 1
    }
    if (line !~ /^[ \t]*$/) prev = line
}
END { exit bad }
