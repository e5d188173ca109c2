#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Generate single/gjk.h, the stb-style single-header gjk, from include/gjk/*.h and src/.

    /usr/bin/python3 scripts/single_header.py            # writes single/gjk.h
    /usr/bin/python3 scripts/single_header.py -o FILE    # writes FILE ('-' for stdout)

The API part is include/gjk/gjk.h with every gjk header expanded once in include order and config.h produced
inline. The implementation part, under GJK_IMPLEMENTATION, is every src/*.c in name order, each private header
expanded at its first include. All of src/ then compiles as one translation unit, so the script refuses (exit 1)
when two .c files define the same file-scope name (static function or variable, type, struct/enum tag, enum
constant): rename one of them in src/. Macros a .c file defines are #undef'd at the end of its section, and the
private headers' macros at the end of the implementation, so that none leaks into the next file or the user's code.
Standard library only.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = os.path.join(ROOT, "include")
SRC = os.path.join(ROOT, "src")

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
DEFINE_RE = re.compile(r'^\s*#\s*define\s+(\w+)', re.M)
SPDX_RE = re.compile(r'^// SPDX-[\w-]+:')
IDENT_RE = re.compile(r'[A-Za-z_]\w*')


class Fail(Exception):
    pass


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def version():
    m = re.search(r'project\(\s*gjk\s+VERSION\s+([0-9.]+)', read(os.path.join(ROOT, "CMakeLists.txt")))
    if not m:
        raise Fail("no 'project(gjk VERSION x.y.z' in CMakeLists.txt")
    return m.group(1)


# ---- a small C scanner: enough to list the names a file defines at file scope ----

def strip_c(text):
    """The text without comments, string and character literals, or preprocessor lines (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text[i] in "\"'":
            q, j = text[i], i + 1
            while j < n and text[j] != q:
                j += 2 if text[j] == "\\" else 1
            out.append("0")
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    lines, cont, cplusplus = [], False, False
    for line in "".join(out).split("\n"):
        pre = cont or line.lstrip().startswith("#")
        cont = pre and line.endswith("\\")
        # The C view of the file: the extern "C" braces under #ifdef __cplusplus are not a scope.
        directive = line.split()
        if directive[:2] == ["#ifdef", "__cplusplus"]:
            cplusplus = True
        elif cplusplus and directive[:1] in (["#endif"], ["#else"]):
            cplusplus = False
        lines.append("" if pre or cplusplus else line)
    return "\n".join(lines)


def statements(code):
    """File-scope statements: declarations up to ';' and function definitions up to their closing brace."""
    stmts, buf, depth = [], [], 0
    for ch in code:
        buf.append(ch)
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                head = "".join(buf).split("{", 1)[0].strip()
                if head.endswith(")") and "=" not in head:  # a function body ends the statement
                    stmts.append(" ".join("".join(buf).split()))
                    buf = []
        elif ch == ";" and depth == 0:
            stmts.append(" ".join("".join(buf).split()))
            buf = []
    return stmts


def outer(stmt):
    """The statement with the contents of every brace pair removed."""
    out, depth = [], 0
    for ch in stmt:
        if ch == "{":
            if depth == 0:
                out.append("{}")
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def file_scope_names(text):
    """Names with internal linkage or no linkage that a file defines at file scope: they would collide with the
    same name defined in another file once both are in one translation unit."""
    names = set()
    for stmt in statements(strip_c(text)):
        for m in re.finditer(r'\b(?:struct|union|enum)\s+(\w+)\s*\{', stmt):
            names.add(m.group(1))
        for m in re.finditer(r'\benum\b[^{;]*\{([^}]*)\}', stmt):
            for item in m.group(1).split(","):
                ident = IDENT_RE.match(item.strip())
                if ident:
                    names.add(ident.group(0))
        top = outer(stmt)
        if top.startswith("typedef"):
            pointer = re.search(r'\(\s*\*\s*(\w+)\s*\)', top)
            function = re.search(r'(\w+)\s*\(.*\)\s*;?\s*$', top)
            last = re.search(r'(\w+)\s*(?:\[[^\]]*\]\s*)*;?\s*$', top)
            names.add((pointer or function or last).group(1))
        elif re.match(r'(?:static|(?:inline|const)\s+static)\b', top):
            decl = top.split("=", 1)[0]
            m = re.search(r'(\w+)\s*\(', decl) or re.search(r'(\w+)\s*(?:\[[^\]]*\]\s*)*;?\s*$', decl)
            if not m:
                raise Fail("cannot read the name of this file-scope static: " + top[:100])
            names.add(m.group(1))
    return names


# ---- expansion ----

class Amalgam:
    def __init__(self):
        self.done = set()          # headers already expanded
        self.system = set()        # <...> headers already included
        self.out = []
        self.header_macros = []    # macros the private headers define, #undef'd at the end

    def emit(self, line=""):
        self.out.append(line)

    def expand(self, path, public):
        """Append the file, its quoted includes expanded at their first occurrence."""
        self.done.add(path)
        self.emit("/* ---- %s ---- */" % rel(path))
        for line in read(path).split("\n"):
            if SPDX_RE.match(line) or line.startswith("/// @file"):
                continue
            m = INCLUDE_RE.match(line)
            if not m:
                self.emit(line)
                continue
            kind, name = m.groups()
            if kind == "<" and not name.startswith("gjk/"):
                if name not in self.system:
                    self.system.add(name)
                    self.emit(line)
                continue
            if name == "gjk/config.h":
                if "config" not in self.done:
                    self.done.add("config")
                    self.config()
                continue
            target = os.path.join(INCLUDE, name) if name.startswith("gjk/") else os.path.join(SRC, name)
            if not os.path.isfile(target):
                raise Fail("%s includes \"%s\", which is neither include/%s nor src/%s" % (rel(path), name, name, name))
            if not public and target.startswith(SRC + os.sep) and target not in self.done:
                text = strip_comments_only(read(target))
                guard = re.search(r'^\s*#\s*ifndef\s+(\w+)', text, re.M)
                self.header_macros += [m for m in DEFINE_RE.findall(text) if not guard or m != guard.group(1)]
            if target not in self.done:
                self.expand(target, public)
        self.emit("/* ---- end of %s ---- */" % rel(path))

    def config(self):
        self.emit("/* ---- gjk/config.h ---- */")
        self.emit("/* GJK_USE_FLOAT selects the precision of gjk_real: 0 or undefined for double, 1 for float. Every")
        self.emit("   translation unit that includes this header must see the same value. */")
        self.emit("#ifndef GJK_USE_FLOAT")
        self.emit("#define GJK_USE_FLOAT 0")
        self.emit("#elif (1 - GJK_USE_FLOAT - 1) == 2 /* defined with no value: float */")
        self.emit("#undef GJK_USE_FLOAT")
        self.emit("#define GJK_USE_FLOAT 1")
        self.emit("#endif")
        self.emit("/* ---- end of gjk/config.h ---- */")


def strip_comments_only(text):
    return re.sub(r'/\*.*?\*/|//[^\n]*', '', text, flags=re.S)


def check_collisions(sources, headers):
    """Fail when two files of the amalgamation define the same file-scope name."""
    owner = {}
    for path in headers:
        for name in file_scope_names(read(path)) | set(DEFINE_RE.findall(strip_comments_only(read(path)))):
            owner.setdefault(name, path)
    clashes = []
    for path in sources:
        for name in sorted(file_scope_names(read(path))):
            if name in owner and owner[name] != path:
                clashes.append((name, owner[name], path))
            owner.setdefault(name, path)
    if clashes:
        msg = ["in the single header every src/*.c file shares one translation unit, and these names are defined "
               "at file scope in two files:"]
        for name, a, b in clashes:
            msg.append("  '%s' in %s and in %s" % (name, rel(a), rel(b)))
        msg.append("Give each a distinct, file-specific name in src/ (the 2D file's with a 2 suffix, say "
                   "setup -> setup2), then run this script again.")
        raise Fail("\n".join(msg))


def check_macros(sources, public_headers, private_headers):
    """A .c file's macros are #undef'd after it: that is only safe when no header defines the same macro."""
    header = {}
    for path in public_headers + private_headers:
        for name in DEFINE_RE.findall(strip_comments_only(read(path))):
            header.setdefault(name, path)
    for path in sources:
        for name in DEFINE_RE.findall(strip_comments_only(read(path))):
            if name in header:
                raise Fail("%s defines the macro %s that %s also defines; #undef'ing it after the .c file would "
                           "remove the header's. Define it in one place." % (rel(path), name, rel(header[name])))


def preamble(ver):
    lic = read(os.path.join(ROOT, "LICENSE")).strip().split("\n")
    text = """// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk.h: gjk %(ver)s as a single header. Convex collision detection in 2D and 3D for physics engines, games,
   robotics and tools: GJK and EPA intersection, distance, penetration and signed distance, contact manifolds,
   ray casts, shape casts (linear and rotating), warm starts, convex hulls, debug recording. C11 and C++11.

   Generated by scripts/single_header.py from include/gjk/ and src/ of the gjk repository: do not edit; change
   those files and run the script again. The library's own documentation (the headers below, the README and
   docs/) applies unchanged.

   Use
   ---
   Copy this one file into your tree. In exactly one C or C++ source file, define GJK_IMPLEMENTATION before
   including it:

       #define GJK_IMPLEMENTATION
       #include "gjk.h"

   Every other file includes it plainly (#include "gjk.h") and sees the declarations only; including it twice
   is harmless. The documentation's examples write #include <gjk/gjk.h>, the installed library's header: this
   file declares the same API. Give the implementation a source file of its own (gjk.c or gjk.cpp holding just
   those two lines): it brings the library's file-scope helpers (static functions named support, setup, box,
   ...) into that file, where they could collide with yours. The declarations have C linkage in C++ too, so a
   C++ program may also use this header against the implementation compiled as C, or against the built library
   (libgjk).

   Options (define them the same way in every file that includes this header, before the include):
   - GJK_USE_FLOAT: 1 for gjk_real = float; undefined or 0 for double (the default). The library's CMake option
     -DGJK_USE_FLOAT=ON is the same switch.
   - GJK_ENABLE_ASSERT: keep the internal consistency checks (GJK_ASSERT) when NDEBUG is defined; without NDEBUG
     they are on.

   Bit-identical answers: the library is built with -ffp-contract=off (no fused multiply-add), so its answers do
   not depend on what the compiler chooses to fuse. Compile the implementation file with the same flag to get
   the same bits as the library (at -O1 to -O3, on every machine); GCC float builds also need
   -fno-tree-slp-vectorize, as the library's CMake adds (GCC 12's vectorizer drops roundings from double to
   float). Checked with GCC 12 and Clang 14, as C11 and as C++11, -Wall -Wextra -pedantic. Link with -lm where
   the C library keeps its math functions apart.

   Licence
   -------
""" % {"ver": ver}
    text += "\n".join(("   " + l).rstrip() for l in lic) + "\n*/"
    return text


def generate():
    public_top = os.path.join(INCLUDE, "gjk", "gjk.h")
    # gjk/threads.h belongs to the separate gjk_threads library (src/threads/, POSIX threads): not in the single
    # header, which stays libm-only like the core library.
    public_headers = sorted(os.path.join(INCLUDE, "gjk", f) for f in os.listdir(os.path.join(INCLUDE, "gjk"))
                            if f.endswith(".h") and f != "threads.h")
    private_headers = sorted(os.path.join(SRC, f) for f in os.listdir(SRC) if f.endswith(".h"))
    sources = sorted(os.path.join(SRC, f) for f in os.listdir(SRC) if f.endswith(".c"))
    check_collisions(sources, public_headers + private_headers)
    check_macros(sources, public_headers, private_headers)

    a = Amalgam()
    a.emit(preamble(version()))
    a.emit("")
    a.emit("/* ======== API ======== */")
    a.expand(public_top, public=True)
    missing = [rel(h) for h in public_headers if h not in a.done]
    if missing:
        raise Fail("gjk/gjk.h does not include (directly or not): " + ", ".join(missing))
    a.emit("")
    a.emit("/* ======== implementation ======== */")
    a.emit("#if defined(GJK_IMPLEMENTATION) && !defined(GJK_IMPLEMENTATION_INCLUDED)")
    a.emit("#define GJK_IMPLEMENTATION_INCLUDED")
    for path in sources:
        a.emit("")
        a.expand(path, public=False)
        own = sorted(set(DEFINE_RE.findall(strip_comments_only(read(path)))))
        for name in own:
            a.emit("#undef " + name)
    unused = [rel(h) for h in private_headers if h not in a.done]
    if unused:
        raise Fail("no source file includes " + ", ".join(unused) + ": remove it or include it")
    a.emit("")
    a.emit("/* The private headers' macros end with the implementation. */")
    seen = set()
    for name in a.header_macros:
        if name not in seen:
            seen.add(name)
            a.emit("#undef " + name)
    a.emit("#endif /* GJK_IMPLEMENTATION */")
    text = "\n".join(a.out)
    text = re.sub(r'\n{3,}', '\n\n', text)
    return text.rstrip("\n") + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-o", "--output", default=os.path.join(ROOT, "single", "gjk.h"),
                    help="where to write the header ('-' for stdout; default single/gjk.h)")
    args = ap.parse_args()
    try:
        text = generate()
    except Fail as e:
        sys.stderr.write("single_header.py: %s\n" % e)
        return 1
    if args.output == "-":
        sys.stdout.write(text)
    else:
        d = os.path.dirname(os.path.abspath(args.output))
        os.makedirs(d, exist_ok=True)
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
