#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Turn a gjk-bench report (the markdown file `gjk-bench --markdown FILE` writes) into a CSV table and two plots.

    bench/plot.py bench/RESULTS.md       # writes bench/RESULTS.csv, docs/bench-ratio.svg, docs/bench-error.svg
                                         # (and docs/bench-broad.svg when the report has the broad-phase rows)
    bench/plot.py REPORT.md --csv OUT.csv --ratio R.svg --error E.svg [--broad B.svg]

The CSV has one row per scene, query and library: the median time, gjk's time over the library's, and the accuracy
figures split into columns (the report's text is kept too). The plots:
  - ratio: gjk's median time divided by the fastest peer's, per scene and query (below 1: gjk is faster);
  - error: each library's largest error per cell against the exact references (distance and depth; ray and cast t;
    the deepest manifold point), one row per library;
  - broad: the broad phase's time per step per library and scene (the report's "Broad phase" section; its table is
    in ms per step, the CSV's median_ns in ns like every other row).
Needs /usr/bin/python3 with Debian's python3-matplotlib (scripts/bench.sh installs it).
"""

import argparse
import csv
import math
import os
import re
import sys

DASH = "\u2014"  # the report's "no such query" mark
ANGLE = "\u2220"

CSV_FIELDS = ["section", "scene", "query", "library", "median_ns", "gjk_over_lib", "max_error", "median_error",
              "max_angle", "separating_percent", "wrong", "missed", "false_hits", "late", "phantom", "none", "fail",
              "over_1e-3", "iterations", "extra_pairs", "area_cost", "accuracy"]


def split_row(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def tables(text):
    """Yield (section, header, rows) for every markdown table of the report."""
    section = "queries"
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            title = line[3:].lower()
            section = ("warm" if "warm" in title else "rows" if "ray" in title else "broad" if "broad" in title
                       else section)
        if line.startswith("| scene | query |") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            header = split_row(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(split_row(lines[i]))
                i += 1
            yield section, header, rows
            continue
        i += 1


def number(pattern, text, conv=float):
    m = re.search(pattern, text)
    return conv(m.group(1)) if m else ""


def accuracy_fields(text):
    """Split one accuracy cell ("err 2.0e-15, ∠ 8.0e-15, sep 100.0%", "t err 1e-15 (median 5.6e-17), ...")."""
    f = {"accuracy": text}
    if text in ("", DASH):
        return f
    f["max_error"] = number(r"(?:^|\s|\()(?:t err|deepest err|err|diff) ([0-9.eE+-]+)", text)
    f["median_error"] = number(r"median ([0-9.eE+-]+)", text)
    f["max_angle"] = number(ANGLE + r" ([0-9.eE+-]+)", text)
    f["separating_percent"] = number(r"sep ([0-9.]+)%", text)
    f["wrong"] = number(r"wrong (\d+)", text, int)
    f["missed"] = number(r"missed (\d+)", text, int)
    f["false_hits"] = number(r"false hits (\d+)", text, int)
    f["late"] = number(r"late (\d+)", text, int)
    f["phantom"] = number(r"phantom (\d+)", text, int)
    f["none"] = number(r"none (\d+)", text, int)
    f["fail"] = number(r"fail (\d+)", text, int)
    f["over_1e-3"] = number(r"(\d+) over 1e-3", text, int)
    f["iterations"] = number(r"iter ([0-9.]+)", text)
    f["extra_pairs"] = number(r"extra (\d+)", text, int)
    f["area_cost"] = number(r"cost ([0-9.]+)", text)
    return f


def parse_report(path):
    """Rows of the CSV, in the report's order."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    rows = {}
    order = []
    for section, header, body in tables(text):
        libs = header[2:]
        timing = "fastest peer" in header or "gjk / gjk warm" in header
        for cells in body:
            scene, query = cells[0], cells[1]
            for lib, cell in zip(libs, cells[2:]):
                if lib in ("fastest peer", "gjk / fastest", "gjk / gjk warm", "tight"):
                    continue
                key = (scene, query, lib)
                if key not in rows:
                    rows[key] = {k: "" for k in CSV_FIELDS}
                    rows[key].update(section=section, scene=scene, query=query, library=lib)
                    order.append(key)
                r = rows[key]
                if timing:
                    m = re.match(r"([0-9.]+)(?: \(([0-9.]+)\))?$", cell)
                    if m:
                        # the broad phase's table is in ms per step
                        r["median_ns"] = float(m.group(1)) * (1e6 if section == "broad" else 1)
                        r["gjk_over_lib"] = float(m.group(2)) if m.group(2) else ""
                else:
                    r.update(accuracy_fields(cell))
    out = [rows[k] for k in order]
    # Rows with neither a time nor an accuracy figure are libraries without that query.
    return [r for r in out if r["median_ns"] != "" or r["accuracy"] not in ("", DASH)]


def write_csv(rows, path):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=CSV_FIELDS, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.6g" % v if isinstance(v, float) else v) for k, v in r.items()})


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        for k in ("median_ns", "gjk_over_lib", "max_error"):
            r[k] = float(r[k]) if r[k] != "" else ""
    return rows


def is_peer(lib):
    return not lib.startswith("gjk")


QUERIES = ["intersect", "distance", "penetration", "raycast", "cast", "manifold"]


def pyplot():
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "gjk-bench"  # the same SVG from the same numbers (stable element ids)
    import matplotlib.pyplot as plt
    return plt


def plot_ratio(rows, path):
    plt = pyplot()
    from matplotlib.colors import LogNorm

    scenes = []
    rows = [r for r in rows if r["section"] != "broad"]
    for r in rows:
        if r["section"] != "warm" and r["scene"] not in scenes:
            scenes.append(r["scene"])
    queries = [q for q in QUERIES if any(r["query"] == q for r in rows)]
    gjk = {(r["scene"], r["query"]): r["median_ns"] for r in rows if r["library"] == "gjk" and r["median_ns"] != ""}
    best = {}  # (scene, query) -> (peer's ns, peer, gjk / peer as the report printed it)
    for r in rows:
        if is_peer(r["library"]) and r["median_ns"] != "":
            k = (r["scene"], r["query"])
            if k not in best or r["median_ns"] < best[k][0]:
                best[k] = (r["median_ns"], r["library"], r["gjk_over_lib"])
    grid = [[math.nan] * len(queries) for _ in scenes]
    fig, ax = plt.subplots(figsize=(1.45 * len(queries) + 2.2, 0.52 * len(scenes) + 1.6))
    for i, s in enumerate(scenes):
        for j, q in enumerate(queries):
            if (s, q) in gjk and (s, q) in best:
                # The report's ratio (of unrounded medians) where it printed one.
                ratio = best[(s, q)][2] or gjk[(s, q)] / best[(s, q)][0]
                grid[i][j] = ratio
                dark = abs(math.log(ratio)) > math.log(4)
                ax.text(j, i - 0.12, "%.2f" % ratio, ha="center", va="center", fontsize=9,
                        fontweight="bold" if ratio > 1 else "normal", color="white" if dark else "black")
                ax.text(j, i + 0.24, best[(s, q)][1], ha="center", va="center", fontsize=6.5,
                        color="#eeeeee" if dark else "#333333")
            else:
                ax.text(j, i, "no peer", ha="center", va="center", fontsize=7, color="#777777")
    norm = LogNorm(vmin=1 / 8, vmax=8)
    im = ax.imshow([[min(max(v, 1 / 8), 8) if v == v else math.nan for v in row] for row in grid],
                   cmap="RdYlGn_r", norm=norm, aspect="auto")
    ax.set_xticks(range(len(queries)))
    ax.set_xticklabels(queries)
    ax.set_yticks(range(len(scenes)))
    ax.set_yticklabels(scenes)
    ax.xaxis.tick_top()
    ax.set_xticks([x - 0.5 for x in range(1, len(queries))], minor=True)
    ax.set_yticks([y - 0.5 for y in range(1, len(scenes))], minor=True)
    ax.grid(which="minor", color="white", linewidth=1.5)
    ax.tick_params(which="minor", length=0)
    bar = fig.colorbar(im, ax=ax, ticks=[1 / 8, 1 / 4, 1 / 2, 1, 2, 4, 8], fraction=0.04)
    bar.ax.set_yticklabels(["1/8", "1/4", "1/2", "1", "2", "4", "8"])
    bar.set_label("gjk time / fastest peer's time (log)")
    ax.set_title("gjk's median time over the fastest peer's (below 1: gjk faster; the peer named under it)",
                 fontsize=9, pad=26)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)


def plot_error(rows, path):
    plt = pyplot()

    panels = [("distance and depth: largest |value - exact|", ("distance", "penetration")),
              ("ray and shape casts: largest |t - exact|; manifolds: deepest point's error",
               ("raycast", "cast", "manifold"))]
    markers = {"distance": "o", "penetration": "s", "raycast": "^", "cast": "v", "manifold": "D"}
    colours = {"distance": "#1f77b4", "penetration": "#d62728", "raycast": "#2ca02c", "cast": "#9467bd",
               "manifold": "#ff7f0e"}
    floor = 1e-17
    rows = [r for r in rows if r["section"] != "broad"]
    fig, axes = plt.subplots(1, 2, figsize=(12, 5.2))
    for ax, (title, queries) in zip(axes, panels):
        libs = []
        for r in rows:
            if r["section"] != "warm" and r["query"] in queries and r["max_error"] != "" and r["library"] not in libs:
                libs.append(r["library"])
        libs = [l for l in libs if l != "gjk warm"]
        for y, lib in enumerate(libs):
            for qi, q in enumerate(queries):
                xs = [max(r["max_error"], floor) for r in rows if r["library"] == lib and r["query"] == q
                      and r["section"] != "warm" and r["max_error"] != ""]
                if not xs:
                    continue
                offset = (qi - (len(queries) - 1) / 2) * 0.18
                ax.scatter(xs, [y + offset] * len(xs), marker=markers[q], s=22, alpha=0.75, color=colours[q],
                           label=q if y == 0 or not ax.get_legend_handles_labels()[1].count(q) else None)
        ax.set_xscale("log")
        ax.set_xlim(floor / 2, 10)
        ax.set_yticks(range(len(libs)))
        ax.set_yticklabels(libs)
        ax.invert_yaxis()
        ax.axvline(1e-9, color="#999999", linestyle=":", linewidth=1)
        ax.grid(axis="x", color="#e5e5e5")
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("largest error over a scene's pairs (log; one mark per scene)")
        if not libs:
            ax.text(0.5, 0.5, "no such cells in this report", transform=ax.transAxes, ha="center", color="#777777")
            continue
        handles, labels = ax.get_legend_handles_labels()
        uniq = dict(zip(labels, handles))
        ax.legend(uniq.values(), uniq.keys(), fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.17), ncol=3)
    fig.suptitle("Error per library against exact references, same pairs and run (dotted: 1e-9)", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)


def plot_broad(rows, path):
    """The broad phase: ms per step per library, one group of bars per scene (log scale)."""
    plt = pyplot()

    rows = [r for r in rows if r["section"] == "broad" and r["median_ns"] != ""]
    scenes, libs = [], []
    for r in rows:
        if r["scene"] not in scenes:
            scenes.append(r["scene"])
        if r["library"] not in libs:
            libs.append(r["library"])
    colours = {"gjk": "#2ca02c", "bullet dbvt": "#1f77b4", "box2d": "#ff7f0e"}
    ms = {(r["scene"], r["library"]): r["median_ns"] / 1e6 for r in rows}
    width = 0.8 / max(len(libs), 1)
    fig, ax = plt.subplots(figsize=(max(8, 0.62 * len(scenes) + 2), 4.6))
    for j, lib in enumerate(libs):
        xs = [i + (j - (len(libs) - 1) / 2) * width for i, s in enumerate(scenes) if (s, lib) in ms]
        ys = [ms[(s, lib)] for s in scenes if (s, lib) in ms]
        ax.bar(xs, ys, width=width, label=lib, color=colours.get(lib, "#888888"))
    ax.set_yscale("log")
    ax.set_xticks(range(len(scenes)))
    ax.set_xticklabels(scenes, rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("median CPU ms per step (log)")
    ax.grid(axis="y", color="#e5e5e5")
    ax.set_axisbelow(True)
    ax.legend(fontsize=8)
    ax.set_title("Broad phase: update every proxy and find the step's pairs (lower is better)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("report", nargs="?", default=os.path.join(root, "bench", "RESULTS.md"),
                    help="markdown report written by gjk-bench --markdown (default bench/RESULTS.md)")
    ap.add_argument("--csv", help="CSV to write (default: the report's name with .csv)")
    ap.add_argument("--ratio", default=os.path.join(root, "docs", "bench-ratio.svg"), help="ratio plot to write")
    ap.add_argument("--error", default=os.path.join(root, "docs", "bench-error.svg"), help="error plot to write")
    ap.add_argument("--broad", help="broad-phase plot to write (default: the ratio plot's name with -broad for "
                                    "-ratio), when the report has the broad-phase rows")
    a = ap.parse_args()
    rows = parse_report(a.report)
    if not any(r["library"] == "gjk" for r in rows):
        sys.exit("plot.py: no gjk results in %s" % a.report)
    out_csv = a.csv or os.path.splitext(a.report)[0] + ".csv"
    write_csv(rows, out_csv)
    rows = read_csv(out_csv)  # the plots are drawn from the CSV, as they would be from any other run's
    plots = []
    if any(r["section"] != "broad" for r in rows):
        plot_ratio(rows, a.ratio)
        plot_error(rows, a.error)
        plots += [a.ratio, a.error]
    if any(r["section"] == "broad" for r in rows):
        broad = a.broad or (a.ratio[:-len("-ratio.svg")] + "-broad.svg" if a.ratio.endswith("-ratio.svg")
                            else os.path.splitext(a.ratio)[0] + "-broad.svg")
        plot_broad(rows, broad)
        plots.append(broad)
    print("plot.py: %d rows -> %s; plots %s" % (len(rows), out_csv, ", ".join(plots)))


if __name__ == "__main__":
    main()
