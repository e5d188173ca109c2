#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Check the project's documentation links and its references to files.

    scripts/check_links.py [--root DIR]

Checks, over the files git tracks (every file under the root when it is not a git checkout):
  1. every relative link and image in every *.md file (inline, reference-style, and HTML src/href) names a file or
     directory of the repository, and an anchor (#section) names a heading (or an explicit anchor) of its target;
  2. no file mentions a path outside the repository: ../shared, NUMERICS.md (the notes live in docs/numerics.md),
     /work/, or a markdown link that climbs above the root;
  3. README.md holds at most 300 lines with a picture in its first 40, and its C program (the block with main) is
     the one in examples/box_capsule.c (without the file's leading comment lines).
Prints one line per failure (file:line: what) and exits 1 if there is any, else prints a summary and exits 0.
Standard library only.
"""

import argparse
import os
import re
import subprocess
import sys
import unicodedata

SELF = os.path.join("scripts", "check_links.py")
README_MAX_LINES = 300
README_PICTURE_WITHIN = 40
EXAMPLE = os.path.join("examples", "box_capsule.c")

# Mentions of places outside the repository, in any tracked text file.
OUTSIDE = [
    (re.compile(r"\.\./shared\b"), "refers to ../shared, outside the repository"),
    (re.compile(r"\bNUMERICS\.md\b"), "refers to NUMERICS.md, which is not in the repository (docs/numerics.md is)"),
    (re.compile(r"(?<![\w.~-])/work/"), "refers to /work/, a path on one machine"),
]

FENCE = re.compile(r"^\s{0,3}(```|~~~)")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REF_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_ATTR = re.compile(r"<(?:img|a|source)\b[^>]*?\b(?:src|href)\s*=\s*[\"']([^\"']+)[\"']", re.I)
HTML_ANCHOR = re.compile(r"<a\b[^>]*?\b(?:name|id)\s*=\s*[\"']([^\"']+)[\"']", re.I)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True, capture_output=True).stdout
        files = [f for f in out.decode("utf-8", "replace").split("\0") if f]
        if files:
            return sorted(f for f in files if os.path.isfile(os.path.join(root, f)))
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for d, dirs, names in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(".") and not x.startswith("build")]
        files += [os.path.relpath(os.path.join(d, n), root) for n in names]
    return sorted(files)


def read_text(path):
    with open(path, "rb") as fh:
        data = fh.read()
    if b"\0" in data:
        return None
    return data.decode("utf-8", "replace")


def slug(text):
    """GitHub's anchor for a heading: formatting dropped, lower case, punctuation removed, spaces to hyphens."""
    text = CODE_SPAN.sub(lambda m: m.group(2), text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.replace("*", "")
    out = []
    for ch in text.strip().lower():
        if ch in " -_":
            out.append("-" if ch == " " else ch)
        elif unicodedata.category(ch)[0] in "LN":
            out.append(ch)
    return "".join(out)


def markdown_lines(text, keep_code_spans=False):
    """(line number, line) outside fenced code blocks, with code spans blanked unless asked to keep them."""
    in_fence = None
    for n, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if m:
            if in_fence is None:
                in_fence = m.group(1)
            elif m.group(1) == in_fence:
                in_fence = None
            continue
        if in_fence is None:
            yield n, line if keep_code_spans else CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def anchors_of(text):
    found = set()
    seen = {}
    for _, line in markdown_lines(text, keep_code_spans=True):
        m = HEADING.match(line)
        if m:
            base = slug(m.group(2))
            k = seen.get(base, 0)
            seen[base] = k + 1
            found.add(base if k == 0 else "%s-%d" % (base, k))
        for a in HTML_ANCHOR.findall(line):
            found.add(a)
    return found


def link_targets(text):
    """(line number, target) of every link and image of a markdown text, outside code."""
    lines = list(markdown_lines(text))
    # Joining continuation lines lets a link whose text wraps across lines be found; positions map back to lines.
    joined = ""
    starts = []
    for n, line in lines:
        starts.append((len(joined), n))
        joined += line + "\n"

    def line_of(pos):
        lo = 0
        for i, (p, _) in enumerate(starts):
            if p <= pos:
                lo = i
            else:
                break
        return starts[lo][1]

    for m in INLINE_LINK.finditer(joined):
        yield line_of(m.start()), m.group(1)
    for m in HTML_ATTR.finditer(joined):
        yield line_of(m.start()), m.group(1)
    for n, line in lines:
        m = REF_DEF.match(line)
        if m:
            yield n, m.group(1)


def check_links(root, files, failures):
    fileset = set(files)
    dirs = set()
    for f in files:
        d = os.path.dirname(f)
        while d:
            dirs.add(d)
            d = os.path.dirname(d)
    anchor_cache = {}
    count = 0
    for f in files:
        if not f.endswith(".md"):
            continue
        text = read_text(os.path.join(root, f))
        if text is None:
            continue
        for n, target in link_targets(text):
            if SCHEME.match(target) or target.startswith("//"):
                continue  # absolute URL: not checked here
            count += 1
            path, _, anchor = target.partition("#")
            path = path.split("?")[0]
            if path.startswith("/"):
                failures.append("%s:%d: link %s is absolute; use a path relative to the file" % (f, n, target))
                continue
            if path:
                resolved = os.path.normpath(os.path.join(os.path.dirname(f), path))
                if resolved == ".." or resolved.startswith(".." + os.sep):
                    failures.append("%s:%d: link %s leaves the repository" % (f, n, target))
                    continue
                resolved = resolved.replace(os.sep, "/")
                if resolved not in fileset and resolved not in dirs and resolved != ".":
                    failures.append("%s:%d: link %s: no such file in the repository (%s)" % (f, n, target, resolved))
                    continue
            else:
                resolved = f
            if anchor:
                if not resolved.endswith(".md"):
                    continue  # anchors into other kinds of files (line numbers, SVG ids) are not checked
                if resolved not in anchor_cache:
                    t = read_text(os.path.join(root, resolved)) or ""
                    anchor_cache[resolved] = anchors_of(t)
                if anchor not in anchor_cache[resolved] and anchor.lower() not in anchor_cache[resolved]:
                    failures.append("%s:%d: link %s: no heading #%s in %s" % (f, n, target, anchor, resolved))
    return count


def check_outside(root, files, failures):
    for f in files:
        if f.replace(os.sep, "/") == SELF.replace(os.sep, "/"):
            continue
        text = read_text(os.path.join(root, f))
        if text is None:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for pattern, what in OUTSIDE:
                if pattern.search(line):
                    failures.append("%s:%d: %s" % (f, n, what))


def check_readme(root, failures):
    path = os.path.join(root, "README.md")
    text = read_text(path) if os.path.exists(path) else None
    if text is None:
        failures.append("README.md: missing")
        return
    lines = text.splitlines()
    if len(lines) > README_MAX_LINES:
        failures.append("README.md: %d lines, more than %d" % (len(lines), README_MAX_LINES))
    head = "\n".join(lines[:README_PICTURE_WITHIN])
    if not re.search(r"!\[[^\]]*\]\(|<img\b", head):
        failures.append("README.md: no picture in the first %d lines" % README_PICTURE_WITHIN)
    example = os.path.join(root, EXAMPLE)
    m = next((b for b in re.finditer(r"```c\n(.*?)```", text, re.S) if "int main(" in b.group(1)), None)
    if os.path.exists(example) and m:
        src = read_text(example) or ""
        body = src.splitlines()
        while body and (body[0].startswith("//") or body[0].startswith("/*") or not body[0].strip()):
            body.pop(0)
        if m.group(1).strip() != "\n".join(body).strip():
            failures.append("README.md: the C program differs from %s (keep them the same program)" % EXAMPLE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    files = tracked_files(root)
    failures = []
    links = check_links(root, files, failures)
    check_outside(root, files, failures)
    check_readme(root, failures)
    for line in failures:
        print(line)
    mds = sum(1 for f in files if f.endswith(".md"))
    if failures:
        print("check_links: %d problem(s) in %d files (%d markdown files, %d relative links)"
              % (len(failures), len(files), mds, links), file=sys.stderr)
        return 1
    print("check_links: %d relative links in %d markdown files resolve; no reference outside the repository"
          % (links, mds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
