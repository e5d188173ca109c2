// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Text and markdown reports, and the targets check.
#include "report.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fstream>

#ifndef GJK_BENCH_COMPILER
#define GJK_BENCH_COMPILER "unknown compiler"
#endif
#ifndef GJK_BENCH_FLAGS
#define GJK_BENCH_FLAGS "unknown flags"
#endif

namespace {

bool is_gjk(const std::string &name) { return name.compare(0, 3, "gjk") == 0; }

std::string fmt(const char *f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::string ns_text(const LibCell &l) {
    if (!l.note.empty()) return "skipped";
    if (!l.supported) return "—";
    if (l.ns.empty()) return "";
    return l.median_ns >= 1e4 ? fmt("%.0f", l.median_ns) : l.median_ns >= 100 ? fmt("%.0f", l.median_ns)
                                                                               : fmt("%.1f", l.median_ns);
}

std::string err_text(double e) {
    if (e == 0) return "0";
    return fmt("%.1e", e);
}

// The accuracy of one library in one cell, short: "wrong 0" or "err 1.2e-15, 0.0e+00 rad, sep 100%".
std::string accuracy_text(const Cell &c, const LibCell &l, bool markdown) {
    if (!l.note.empty()) return l.note;
    if (!l.supported) return "—";
    if (!l.accuracy) return "";
    std::string s;
    if (is_warm(c)) {
        s = "iter " + fmt("%.2f", l.mean_iter);
        if (l.lib != "gjk") {
            if (c.query != Q_INTERSECT) s += ", diff " + err_text(l.max_diff);
            if (l.max_angle >= 0) s += markdown ? ", ∠ " + err_text(l.max_angle) : ", ang " + err_text(l.max_angle);
            s += ", mismatch " + std::to_string(l.mismatch);
        }
    } else if (c.query == Q_RAYCAST || c.query == Q_CAST) {
        s = "t err " + err_text(l.max_err) + " (median " + (l.med_err >= 0 ? err_text(l.med_err) : "—") + ")";
        if (l.max_angle >= 0) s += markdown ? ", ∠ " + err_text(l.max_angle) : ", ang " + err_text(l.max_angle);
        if (c.query == Q_CAST) s += ", late " + std::to_string(l.late) + (l.late ? " (max " + err_text(l.max_late) + ")" : "");
        s += ", missed " + std::to_string(l.missed);
        if (l.false_hits) s += ", false hits " + std::to_string(l.false_hits);
        if (l.big) s += ", " + std::to_string(l.big) + " over 1e-3";
        if (!markdown && l.worst >= 0 && l.max_err > 0) s += " (worst: pair " + std::to_string(l.worst) + ")";
        if (!markdown && l.mean_iter > 0) s += ", iter " + fmt("%.1f", l.mean_iter);
    } else if (c.query == Q_MANIFOLD) {
        s = "deepest err " + err_text(l.max_err) + ", phantom " + std::to_string(l.phantom);
        if (l.big) s += ", " + std::to_string(l.big) + " over 1e-3";
        if (!markdown && l.worst >= 0 && l.max_err > 0) s += " (worst: pair " + std::to_string(l.worst) + ")";
        if (l.invalid) s += ", none " + std::to_string(l.invalid);
        return s;
    } else if (c.query == Q_INTERSECT) {
        s = "wrong " + std::to_string(l.wrong);
    } else {
        s = "err " + err_text(l.max_err);
        if (l.max_angle >= 0) s += markdown ? ", ∠ " + err_text(l.max_angle) : ", ang " + err_text(l.max_angle);
        if (c.query == Q_PENETRATION)
            s += ", sep " + (l.sep_total ? fmt("%.1f%%", 100.0 * (double)l.sep_ok / (double)l.sep_total)
                                         : std::string("n/a"));
        if (l.big) s += ", " + std::to_string(l.big) + " over 1e-3";
        if (!markdown && l.worst >= 0 && l.max_err > 0) s += " (worst: pair " + std::to_string(l.worst) + ")";
        if (l.wrong) s += ", wrong " + std::to_string(l.wrong);
    }
    if (l.invalid) s += ", fail " + std::to_string(l.invalid);
    return s;
}

std::string machine() {
    std::ifstream f("/proc/cpuinfo");
    std::string line;
    while (std::getline(f, line))
        if (line.compare(0, 10, "model name") == 0) {
            size_t colon = line.find(':');
            if (colon != std::string::npos) return line.substr(colon + 2);
        }
    return "unknown CPU";
}

int cpu_count() {
    std::ifstream f("/proc/cpuinfo");
    std::string line;
    int n = 0;
    while (std::getline(f, line))
        if (line.compare(0, 9, "processor") == 0) ++n;
    return n;
}

} // namespace

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

const LibCell *find_lib(const Cell &c, const std::string &name) {
    for (const LibCell &l : c.libs)
        if (l.lib == name) return &l;
    return nullptr;
}

const LibCell *fastest_peer(const Cell &c) {
    const LibCell *best = nullptr;
    for (const LibCell &l : c.libs)
        if (!is_gjk(l.lib) && l.supported && !l.ns.empty() && (!best || l.median_ns < best->median_ns)) best = &l;
    return best;
}

void print_cell(FILE *out, const Cell &c) {
    const char *what = is_warm(c) ? " (frames of moving pairs)"
                       : c.query == Q_DISTANCE ? ", separated"
                       : c.query == Q_PENETRATION || c.query == Q_MANIFOLD ? ", overlapping"
                       : c.query == Q_RAYCAST ? " (rays)" : "";
    std::fprintf(out, "\n%s / %s  (%ld pairs%s)\n", c.scene.c_str(), query_name(c.query), c.pairs, what);
    const LibCell *g = find_lib(c, "gjk");
    std::fprintf(out, "  %-18s %10s %9s  %s\n", "library", "ns/query", "gjk/lib", "accuracy");
    for (const LibCell &l : c.libs) {
        std::string ratio = "";
        if (l.supported && g && !g->ns.empty() && !l.ns.empty() && l.median_ns > 0)
            ratio = fmt("%.2f", g->median_ns / l.median_ns);
        std::fprintf(out, "  %-18s %10s %9s  %s\n", l.lib.c_str(), ns_text(l).c_str(), ratio.c_str(),
                     accuracy_text(c, l, false).c_str());
    }
    if (c.bracket > 0) std::fprintf(out, "  (reference bracket width up to %.1e)\n", c.bracket);
}

int print_summary(FILE *out, const std::vector<Cell> &cells) {
    int failed = 0, checked = 0;
    std::fprintf(out, "targets (gjk = gjk cold):\n");
    for (const Cell &c : cells) {
        const LibCell *g = find_lib(c, "gjk");
        if (!g || g->ns.empty()) continue;
        std::string line = c.scene + " / " + query_name(c.query) + ": ";
        std::vector<std::string> bad;
        const LibCell *f = fastest_peer(c);
        if (f) {
            double r = g->median_ns / f->median_ns;
            line += "fastest peer " + f->lib + " " + ns_text(*f) + " ns, gjk " + ns_text(*g) + " ns (x" +
                    fmt("%.2f", r) + ")";
            double need = c.scene == "hull-1024" && c.query == Q_INTERSECT ? 1.0 / 3.0 : 1.0;
            if (r > need) bad.push_back(need < 1 ? "not 3x faster than the fastest peer" : "slower than " + f->lib);
        } else {
            line += "no peer, gjk " + ns_text(*g) + " ns";
        }
        double ccd_best = 0;
        for (const LibCell &l : c.libs)
            if (l.lib.compare(0, 6, "libccd") == 0 && l.supported && !l.ns.empty())
                ccd_best = ccd_best == 0 ? l.median_ns : std::min(ccd_best, l.median_ns);
        if (ccd_best > 0 && g->median_ns > 0.5 * ccd_best) bad.push_back("not 2x faster than libccd");
        if (g->accuracy && (is_row(c) || is_warm(c))) {
            if (c.query == Q_RAYCAST || c.query == Q_CAST) {
                if (g->missed || g->false_hits)
                    bad.push_back(std::to_string(g->missed + g->false_hits) + " wrong hit / miss");
                if (g->max_err > 1e-9) bad.push_back("t error " + err_text(g->max_err));
            }
            if (c.query == Q_CAST && g->late) bad.push_back(std::to_string(g->late) + " late");
            if (is_row(c) && c.query == Q_MANIFOLD && g->phantom) bad.push_back(std::to_string(g->phantom) + " phantom points");
            if (g->invalid) bad.push_back(std::to_string(g->invalid) + " failures");
        } else if (g->accuracy) {
            if (c.query == Q_INTERSECT && g->wrong) bad.push_back(std::to_string(g->wrong) + " wrong");
            if (c.query == Q_DISTANCE && g->max_err > 1e-9) bad.push_back("distance error " + err_text(g->max_err));
            if (c.query == Q_PENETRATION && g->max_err > 1e-7) bad.push_back("depth error " + err_text(g->max_err));
            if (c.query == Q_PENETRATION && g->sep_ok != g->sep_total)
                bad.push_back(std::to_string(g->sep_total - g->sep_ok) + " normals do not separate");
            if (g->invalid) bad.push_back(std::to_string(g->invalid) + " failures");
        }
        ++checked;
        if (!bad.empty()) {
            ++failed;
            line += "  MISSED:";
            for (size_t i = 0; i < bad.size(); ++i) line += (i ? "; " : " ") + bad[i];
        } else {
            line += "  ok";
        }
        std::fprintf(out, "  %s\n", line.c_str());
    }
    std::fprintf(out, "%d of %d cells meet every target\n", checked - failed, checked);
    return failed;
}

namespace {

// One group of cells: the timing table and the accuracy table, columns for the libraries that answer in the group.
void write_group(FILE *f, const std::vector<Cell> &cells, const char *title, const char *legend) {
    if (cells.empty()) return;
    std::vector<std::string> libs; // column order: gjk's columns, then the others by first appearance
    for (int pass = 0; pass < 2; ++pass)
        for (const Cell &c : cells)
            for (const LibCell &l : c.libs)
                if ((l.supported || !l.note.empty()) && is_gjk(l.lib) == (pass == 0) &&
                    std::find(libs.begin(), libs.end(), l.lib) == libs.end())
                    libs.push_back(l.lib);
    bool warm = is_warm(cells[0]);
    std::fprintf(f, "%s\n\n| scene | query |", title);
    for (const std::string &l : libs) std::fprintf(f, " %s |", l.c_str());
    std::fprintf(f, warm ? " gjk / gjk warm |\n|---|---|" : " fastest peer | gjk / fastest |\n|---|---|");
    for (size_t i = 0; i < libs.size(); ++i) std::fprintf(f, "---:|");
    std::fprintf(f, warm ? "---:|\n" : "---|---:|\n");
    for (const Cell &c : cells) {
        const LibCell *g = find_lib(c, "gjk");
        std::fprintf(f, "| %s | %s |", c.scene.c_str(), query_name(c.query));
        for (const std::string &name : libs) {
            const LibCell *l = find_lib(c, name);
            if (!l) {
                std::fprintf(f, " — |");
                continue;
            }
            std::string s = ns_text(*l);
            if (l->supported && g && !is_gjk(name) && !g->ns.empty() && l->median_ns > 0)
                s += " (" + fmt("%.2f", g->median_ns / l->median_ns) + ")";
            std::fprintf(f, " %s |", s.c_str());
        }
        const LibCell *p = fastest_peer(c), *w = find_lib(c, "gjk warm");
        if (warm)
            std::fprintf(f, " %s |\n", g && w && !g->ns.empty() && w->median_ns > 0
                                           ? fmt("%.2f", g->median_ns / w->median_ns).c_str() : "—");
        else if (p && g && !g->ns.empty())
            std::fprintf(f, " %s | %.2f |\n", p->lib.c_str(), g->median_ns / p->median_ns);
        else
            std::fprintf(f, " — | — |\n");
    }
    bool any_acc = false;
    for (const Cell &c : cells)
        for (const LibCell &l : c.libs) any_acc = any_acc || l.accuracy;
    if (!any_acc) return;
    std::fprintf(f, "\n%s\n\n| scene | query |", legend);
    for (const std::string &l : libs) std::fprintf(f, " %s |", l.c_str());
    std::fprintf(f, "\n|---|---|");
    for (size_t i = 0; i < libs.size(); ++i) std::fprintf(f, "---|");
    std::fprintf(f, "\n");
    for (const Cell &c : cells) {
        std::fprintf(f, "| %s | %s |", c.scene.c_str(), query_name(c.query));
        for (const std::string &name : libs) {
            const LibCell *l = find_lib(c, name);
            std::fprintf(f, " %s |", l ? accuracy_text(c, *l, true).c_str() : "—");
        }
        std::fprintf(f, "\n");
    }
}

} // namespace

bool write_markdown(const std::string &path, const std::vector<Cell> &cells, const std::string &command,
                    double seconds, bool quick, const std::string &extra) {
    FILE *f = std::fopen(path.c_str(), "w");
    if (!f) return false;
    char date[64];
    std::time_t t = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&t));
    std::fprintf(f, "Machine: %s (%d logical CPUs). Compiler: %s, flags `%s`. Date: %s. Command: `%s`%s; "
                    "%.0f s in all.\n\n",
                 machine().c_str(), cpu_count(), GJK_BENCH_COMPILER, GJK_BENCH_FLAGS, date, command.c_str(),
                 quick ? " (quick mode: fewer pairs, shorter measurements)" : "", seconds);
    std::vector<Cell> classic, rows, warm;
    for (const Cell &c : cells) (is_warm(c) ? warm : is_row(c) ? rows : classic).push_back(c);
    bool any_acc = false;
    for (const Cell &c : cells)
        for (const LibCell &l : c.libs) any_acc = any_acc || l.accuracy;
    write_group(f, classic,
                "Median ns per query; in brackets gjk's time divided by the library's (below 1: gjk is faster). "
                "— : the library has no such query for these shapes.",
                "Accuracy in the same run. intersect: wrong answers (pairs within 1e-9 of touching "
                "excluded). distance (separated pairs) and penetration (overlapping pairs): largest "
                "|value - exact|, largest normal angle in radians (∠, where the normal is unique), share of "
                "penetration normals that separate the pair when B moves by depth + 1e-6 x size along them; fail: "
                "no answer (error, or no contact reported for an overlapping pair).");
    if (!rows.empty()) std::fprintf(f, "\n## Ray casts, shape casts, contact manifolds\n\n");
    write_group(f, rows,
                "Median ns per query; in brackets gjk's time divided by the library's (below 1: gjk is faster). "
                "raycast: one ray per pair against shape A; cast: B translating against A (linear); manifold: the "
                "overlapping pairs, speculative distance 0.",
                "Accuracy in the same run, against exact references. raycast, cast: largest |t - exact| over the "
                "rays / casts where both hit (t is the fraction of the ray or motion; median in brackets), normal "
                "angle (rays, where the normal is unique), late: casts whose t passes the true contact by more than "
                "1e-7 x size along the motion, missed / false hits: hit or miss wrong (grazing rays and casts "
                "excluded). manifold: |deepest point's separation - exact signed distance|, phantom: points deeper "
                "than the exact depth by more than 1e-6 x size, none: overlapping pairs without a point.");
    if (!warm.empty()) std::fprintf(f, "\n## Warm start: frames of moving pairs\n\n");
    write_group(f, warm,
                "Median ns per query over every frame of the sequences; gjk is cold (cache NULL), gjk warm keeps one "
                "cache per moving pair from frame to frame.",
                "iter: mean GJK iterations per query (manifold: GJK + EPA of the signed distance); diff: largest "
                "|warm answer - cold answer| (distance, deepest separation), ∠: largest angle between the warm and "
                "cold normals (distance), mismatch: frames whose intersect flag or point count differs.");
    for (const Cell &c : cells)
        if (c.bracket > 0 && c.query == Q_DISTANCE)
            std::fprintf(f, "\n%s %s: no closed form; the reference is certified to within %.1e (bracket width: "
                            "largest lower bound from every library's normal, refined, against the nearest pair of "
                            "points in both shapes); no normal angle is reported.\n",
                         c.scene.c_str(), query_name(c.query), c.bracket);
    if (any_acc)
        for (const Cell &c : cells)
            if (c.scene == "cyl-cyl" && c.query == Q_PENETRATION)
                std::fprintf(f, "\ncyl-cyl penetration: the reference depth is the smallest support of A - B over every "
                                "library's normal after local minimisation, an upper bound of the true depth; no normal "
                                "angle is reported.\n");
    std::fputs(extra.c_str(), f);
    if (!cells.empty()) {
        std::fprintf(f, "\n```\n");
        print_summary(f, cells);
        std::fprintf(f, "```\n");
    }
    std::fclose(f);
    return true;
}
