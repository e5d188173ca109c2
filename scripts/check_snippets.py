#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Compile the C code blocks of the documentation against the public headers, in double and in float.

    scripts/check_snippets.py [--cc CC] [FILE.md ...]     (default: README.md and docs/*.md)

A block that includes headers itself is compiled as a whole file. Other blocks are fragments: a block that defines
a function is placed at file scope, any other becomes the body of a function; all of them see <gjk/gjk.h>, <stdio.h>,
<stdlib.h>, <string.h> and a file-scope `gjk_pair3 pair` (the pair the guide's fragments talk about). Blocks for
another setting (the single header's GJK_IMPLEMENTATION lines) are skipped. Compiles with -std=c11 -Wall -Wextra
-pedantic -Werror (unused variables allowed: fragments declare what they show), syntax only, against a generated
gjk/config.h. Exits 1 with the compiler's messages when a block does not compile. Needs a C compiler.
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

PRELUDE = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <gjk/gjk.h>\nstatic gjk_pair3 pair;\n"
FUNCTION_DEF = re.compile(r"^(?!for\b|if\b|while\b|switch\b|return\b)(static )?[A-Za-z_][\w ]*\*?\s*\w+\([^;]*\)\s*\{",
                          re.M)
BLOCK = re.compile(r"^```c\n(.*?)^```", re.S | re.M)


def blocks(path):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    for m in BLOCK.finditer(text):
        line = text.count("\n", 0, m.start()) + 2
        yield line, m.group(1)


def translation_units(files):
    """(label, source) pairs: whole-file blocks alone, fragments of one markdown file together."""
    for path in files:
        fragments = []
        for line, code in blocks(path):
            label = "%s:%d" % (path, line)
            if "GJK_IMPLEMENTATION" in code or '#include "gjk.h"' in code:
                continue
            if "#include" in code:
                yield label, "#line %d \"%s\"\n%s" % (line, path, code)
            elif FUNCTION_DEF.search(code):
                fragments.append("#line %d \"%s\"\n%s\n" % (line, path, code))
            else:
                n = len(fragments)
                fragments.append("void gjk_doc_fragment_%d(void) {\n#line %d \"%s\"\n%s}\n" % (n, line, path, code))
        if fragments:
            yield path, PRELUDE + "\n".join(fragments)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    os.chdir(root)
    files = a.files or ["README.md"] + sorted(glob.glob("docs/*.md"))
    units = list(translation_units(files))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for precision, flag in (("double", 0), ("float", 1)):
            inc = os.path.join(tmp, precision, "gjk")
            os.makedirs(inc)
            with open(os.path.join(inc, "config.h"), "w") as fh:
                fh.write("#ifndef GJK_CONFIG_H\n#define GJK_CONFIG_H\n#define GJK_USE_FLOAT %d\n#endif\n" % flag)
            for i, (label, source) in enumerate(units):
                src = os.path.join(tmp, "unit%d.c" % i)
                with open(src, "w") as fh:
                    fh.write(source)
                cmd = [a.cc, "-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-Wno-unused-variable",
                       "-Wno-unused-but-set-variable", "-Wno-unused-function", "-fsyntax-only",
                       "-I", os.path.join(tmp, precision), "-I", "include", src]
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode != 0:
                    failed += 1
                    print("%s (%s): does not compile\n%s" % (label, precision, r.stderr.strip()))
    if failed:
        print("check_snippets: %d failure(s)" % failed, file=sys.stderr)
        return 1
    print("check_snippets: %d translation units from %d files compile in double and float" % (len(units), len(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
