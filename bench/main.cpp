// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// gjk-bench: gjk side by side with libccd, Bullet, FCL and Box2D on a fixed random suite. See bench/README.md.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench.h"
#include "broad.h"
#include "probe.h"
#include "report.h"

namespace {

void add_all_libs(std::vector<std::unique_ptr<Lib>> &libs) {
    add_gjk_libs(libs), add_ccd_libs(libs), add_bullet_libs(libs), add_fcl_libs(libs), add_box2d_libs(libs);
    add_bullet_row_libs(libs);
}

volatile double g_sink; // every timing pass adds its checksum here, so no call can be optimised away

struct Options {
    bool quick = false;
    bool accuracy = true;
    int pairs = 1000;
    double seconds = 0.3;
    int reps = 5;
    std::vector<std::string> scenes, queries, libs;
    std::string markdown;
    std::string command;
};

void usage(FILE *f) {
    std::fprintf(f,
                 "usage: gjk-bench [options]\n"
                 "  --quick            short run (fewer pairs, 0.05 s per measurement, 3 repetitions)\n"
                 "  --scene NAME       only this scene (repeatable, or comma-separated)\n"
                 "  --query NAME       only this query: intersect, distance, penetration, raycast, cast, manifold,\n"
                 "                     warm (the warm scenes: gjk cold against warm on frames of moving pairs),\n"
                 "                     broad (the broad phase: many moving bodies, gjk's tree against Bullet's\n"
                 "                     btDbvtBroadphase and Box2D's b2BroadPhase; with --quick a correctness smoke)\n"
                 "  --lib NAME         only this library (exact name), or those whose name contains NAME, e.g.\n"
                 "                     gjk (just gjk), 'gjk warm', gjk,ccd (gjk and every ccd column)\n"
                 "  --pairs N          pairs per scene (default 1000, quick 200)\n"
                 "  --time SEC         minimum time per measurement (default 0.3, quick 0.05)\n"
                 "  --reps N           repetitions, interleaved across libraries (default 5, quick 3)\n"
                 "  --no-accuracy      timing only\n"
                 "  --tolerance T      relative tolerance of the 'gjk tol' column (default 1e-4)\n"
                 "  --markdown FILE    also write the results as a markdown table\n"
                 "  --list             list scenes, queries and libraries\n"
                 "scenes:");
    for (const std::string &s : scene_names()) std::fprintf(f, " %s", s.c_str());
    for (const std::string &s : warm_scene_names()) std::fprintf(f, " %s", s.c_str());
    for (const std::string &s : broad_scene_names()) std::fprintf(f, " %s", s.c_str());
    std::fprintf(f, "\n");
}

void split_into(const char *arg, std::vector<std::string> &out) {
    std::string s(arg);
    size_t start = 0;
    while (start <= s.size()) {
        size_t comma = s.find(',', start);
        if (comma == std::string::npos) comma = s.size();
        if (comma > start) out.push_back(s.substr(start, comma - start));
        start = comma + 1;
    }
}

bool wanted(const std::vector<std::string> &filter, const std::string &name, bool substring) {
    if (filter.empty()) return true;
    for (const std::string &f : filter)
        if (substring ? name.find(f) != std::string::npos : name == f) return true;
    return false;
}

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// ns per query: one warm-up pass, then passes until `seconds` have gone by.
double measure(Lib &lib, Query q, const std::vector<int> &idx, double seconds) {
    g_sink = g_sink + lib.pass(q, idx);
    long passes = 0;
    double t0 = now(), el = 0;
    do {
        g_sink = g_sink + lib.pass(q, idx);
        ++passes;
        el = now() - t0;
    } while (el < seconds);
    return el * 1e9 / ((double)passes * (double)idx.size());
}

// Accuracy of one library's answers in one cell against the scene's reference.
void score(const Scene &s, Query q, const std::vector<Result> &res, LibCell &lc) {
    lc.accuracy = true;
    const std::vector<int> &idx = s.sel[q];
    lc.pairs = (long)idx.size();
    for (size_t k = 0; k < idx.size(); ++k) {
        int i = idx[k];
        const Ref &ref = s.ref[(size_t)i];
        const Result &r = res[k];
        if (!ref.have) continue;
        bool finite = std::isfinite(r.distance) && (!r.has_normal || std::isfinite(norm(r.normal)));
        if (!r.valid || !finite) { // no answer, or NaN / infinity: a failure
            ++lc.invalid;
            if (q == Q_PENETRATION) ++lc.sep_total;
            continue;
        }
        double band = 1e-9 * s.scale;
        if (q == Q_INTERSECT) {
            bool truth = ref.sd <= 0;
            if (r.intersect != truth && std::fabs(ref.sd) > band) ++lc.wrong;
            continue;
        }
        if (q == Q_DISTANCE && r.intersect) { // says overlapping: a wrong answer, scored as an error of the gap
            if (std::fabs(ref.sd) > band) ++lc.wrong;
            lc.max_err = std::max(lc.max_err, std::fabs(ref.sd));
            continue;
        }
        double err = std::fabs(r.distance - ref.sd);
        if (err > lc.max_err) lc.max_err = err, lc.worst = i;
        if (err > 1e-3 * s.scale) ++lc.big;
        if (std::getenv("GJK_BENCH_DEBUG") && err > 1e-3 * s.scale)
            std::fprintf(stderr, "  %s %s pair %d: %.17g (ref %.17g) n %g %g %g (ref %g %g %g)\n", lc.lib.c_str(),
                         query_name(q), i, r.distance, ref.sd, r.normal.x, r.normal.y, r.normal.z, ref.normal.x,
                         ref.normal.y, ref.normal.z);
        if (r.has_normal && ref.normal_unique) {
            double c = dot(unit(r.normal), ref.normal);
            double a = std::atan2(norm(cross(unit(r.normal), ref.normal)), c);
            lc.max_angle = std::max(lc.max_angle, a);
        }
        if (q == Q_PENETRATION && r.has_normal) {
            double depth = -r.distance;
            V3 shift = (depth + 1e-6 * s.scale) * unit(r.normal);
            ++lc.sep_total;
            if (separated_after_shift(s, i, shift)) ++lc.sep_ok;
        }
    }
}

} // namespace

int main(int argc, char **argv) {
    Options o;
    bool set_pairs = false, set_time = false, set_reps = false;
    for (int i = 0; i < argc; ++i) {
        if (i) o.command += ' ';
        o.command += argv[i];
    }
    if (const char *c = std::getenv("GJK_BENCH_COMMAND")) o.command = c; // scripts/bench.sh names itself
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        auto need = [&](const char *opt) -> const char * {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "gjk-bench: %s needs a value\n", opt);
                std::exit(2);
            }
            return argv[++i];
        };
        if (!std::strcmp(a, "--quick")) o.quick = true;
        else if (!std::strcmp(a, "--scene")) split_into(need(a), o.scenes);
        else if (!std::strcmp(a, "--query")) split_into(need(a), o.queries);
        else if (!std::strcmp(a, "--lib")) split_into(need(a), o.libs);
        else if (!std::strcmp(a, "--pairs")) o.pairs = std::atoi(need(a)), set_pairs = true;
        else if (!std::strcmp(a, "--time")) o.seconds = std::atof(need(a)), set_time = true;
        else if (!std::strcmp(a, "--reps")) o.reps = std::atoi(need(a)), set_reps = true;
        else if (!std::strcmp(a, "--no-accuracy")) o.accuracy = false;
        else if (!std::strcmp(a, "--tolerance")) {
            const char *v = need(a);
            char *end = nullptr;
            double t = std::strtod(v, &end);
            if (!(t >= 0 && t < 1) || end == v || *end) {
                std::fprintf(stderr, "gjk-bench: --tolerance needs a number in [0, 1), got %s\n", v);
                return 2;
            }
            gjk_set_bench_tolerance(t);
        }
        else if (!std::strcmp(a, "--markdown")) o.markdown = need(a);
        else if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!std::strcmp(a, "--list")) {
            std::vector<std::unique_ptr<Lib>> libs;
            add_all_libs(libs);
            std::printf("scenes:");
            for (const std::string &s : scene_names()) std::printf(" %s", s.c_str());
            for (const std::string &s : warm_scene_names()) std::printf(" %s", s.c_str());
            for (const std::string &s : broad_scene_names()) std::printf(" %s", s.c_str());
            std::printf("\nqueries: intersect distance penetration raycast cast manifold warm broad\nlibraries:");
            for (auto &l : libs) std::printf(" '%s'", l->name());
            std::printf("\n");
            return 0;
        } else {
            std::fprintf(stderr, "gjk-bench: unknown option %s\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (o.quick) {
        if (!set_pairs) o.pairs = 200;
        if (!set_time) o.seconds = 0.05;
        if (!set_reps) o.reps = 3;
    }
    if (o.pairs < 1 || o.reps < 1 || !(o.seconds >= 0)) {
        std::fprintf(stderr, "gjk-bench: bad --pairs, --reps or --time\n");
        return 2;
    }
    for (const std::string &s : o.scenes)
        if (std::find(scene_names().begin(), scene_names().end(), s) == scene_names().end() &&
            std::find(warm_scene_names().begin(), warm_scene_names().end(), s) == warm_scene_names().end() &&
            s.compare(0, 6, "field-") != 0 && s.compare(0, 5, "pile-") != 0) {
            std::fprintf(stderr, "gjk-bench: unknown scene %s\n", s.c_str());
            usage(stderr);
            return 2;
        }
    for (const std::string &q : o.queries)
        if (q != "intersect" && q != "distance" && q != "penetration" && q != "raycast" && q != "cast" &&
            q != "manifold" && q != "warm" && q != "broad") {
            std::fprintf(stderr, "gjk-bench: unknown query %s (intersect, distance, penetration, raycast, cast, "
                                 "manifold, warm, broad)\n", q.c_str());
            return 2;
        }

    std::vector<std::unique_ptr<Lib>> all;
    add_all_libs(all);
    // --lib: a library's exact name selects just it ("gjk" is not "gjk warm"), anything else is a substring
    std::vector<Lib *> libs;
    for (auto &l : all) {
        bool take = o.libs.empty();
        for (const std::string &f : o.libs) {
            bool exact = false;
            for (auto &m : all) exact = exact || f == m->name();
            take = take || (exact ? f == l->name() : std::string(l->name()).find(f) != std::string::npos);
        }
        if (take) libs.push_back(l.get());
    }
    if (libs.empty()) {
        std::fprintf(stderr, "gjk-bench: no library matches --lib\n");
        return 2;
    }

    double t_start = now();
    std::printf("gjk-bench: %d pairs per scene, >= %.3g s per measurement, %d repetitions%s\n", o.pairs, o.seconds,
                o.reps, o.accuracy ? ", with accuracy" : "");
    std::vector<Cell> cells;
    // regular scenes, then the warm scenes (selected by --query warm, or by no --query)
    std::vector<std::string> all_scenes = scene_names();
    bool warm_wanted = o.queries.empty() || wanted(o.queries, "warm", false);
    bool regular_wanted = o.queries.empty();
    for (const std::string &q : o.queries) regular_wanted = regular_wanted || (q != "warm" && q != "broad");
    if (warm_wanted) all_scenes.insert(all_scenes.end(), warm_scene_names().begin(), warm_scene_names().end());
    for (const std::string &name : all_scenes) {
        bool warm = name.compare(0, 5, "warm-") == 0;
        if (warm ? !(o.scenes.empty() || wanted(o.scenes, name, false) || wanted(o.scenes, name.substr(5), false))
                 : !regular_wanted || !wanted(o.scenes, name, false))
            continue;
        Scene s;
        double t0 = now();
        if (!(warm ? make_warm_scene(name, o.pairs, s) : make_scene(name, o.pairs, s))) {
            std::fprintf(stderr, "gjk-bench: cannot build scene %s\n", name.c_str());
            return 1;
        }
        std::vector<Query> queries;
        for (int qi = 0; qi < Q_COUNT; ++qi)
            if ((s.queries >> qi & 1u) && (warm || wanted(o.queries, query_name((Query)qi), false)))
                queries.push_back((Query)qi);
        auto has = [&](Query q) { return std::find(queries.begin(), queries.end(), q) != queries.end(); };
        double t_refs = now();
        if (o.accuracy && !s.gjk_only) {
            if (has(Q_INTERSECT) || has(Q_DISTANCE) || has(Q_PENETRATION) || has(Q_MANIFOLD)) compute_refs(s);
            if (has(Q_RAYCAST)) compute_ray_refs(s);
            if (has(Q_CAST)) compute_cast_refs(s);
        }
        t_refs = now() - t_refs;
        // Prepare every library, and run its answers once in a guarded child (crash / hang guard). A library
        // that fails there is left out of this scene's timing, with a note.
        std::vector<Lib *> ready;
        std::vector<std::pair<std::string, std::string>> skipped;
        std::vector<ProbeOut> answers;
        for (Lib *l : libs) {
            if (s.gjk_only && std::string(l->name()).compare(0, 3, "gjk") != 0) continue;
            bool any = false;
            for (Query q : queries) any = any || l->supports(s, q);
            if (!any) continue;
            ProbeOut po;
            if (!l->prepare(s)) {
                po.note = "cannot represent the scene";
            } else if (!probe(*l, s, queries, o.quick ? 60.0 : 180.0, po)) {
                l->release();
            }
            if (!po.note.empty()) {
                std::printf("  (%s on %s: %s; skipped)\n", l->name(), name.c_str(), po.note.c_str());
                continue;
            }
            ready.push_back(l);
            answers.push_back(po);
        }
        std::fprintf(stderr, "[%s: %zu pairs, %zu overlapping; scene, reference and guarded answers in %.2f s (%.2f s "
                             "reference)]\n",
                     name.c_str(), s.pairs.size(), s.sel[Q_PENETRATION].size(), now() - t0, t_refs);
        if (o.accuracy && (has(Q_RAYCAST) || has(Q_CAST))) {
            long rh = 0, ra = 0, ch = 0, ca = 0;
            for (const Ref &r : s.ref) rh += r.ray_hit, ra += r.ray_ambiguous, ch += r.cast_hit, ca += r.cast_ambiguous;
            std::fprintf(stderr, "[%s: reference: %ld of %zu rays hit (%ld grazing), %ld of %zu casts hit (%ld grazing)]\n",
                         name.c_str(), rh, s.sel[Q_RAYCAST].size(), ra, ch, s.sel[Q_CAST].size(), ca);
        }
        std::vector<Cell> scene_cells;
        std::vector<std::vector<size_t>> c_at; // per cell: each LibCell's index in `ready`
        for (Query q : queries) {
            Cell c;
            c.scene = name;
            c.query = q;
            c.pairs = (long)s.sel[q].size();
            // libraries of this cell (the rows and warm scenes list only the libraries that answer), with their
            // index in `ready`
            std::vector<size_t> at;
            for (size_t k = 0; k < ready.size(); ++k) {
                LibCell lc;
                lc.lib = ready[k]->name();
                lc.supported = ready[k]->supports(s, q);
                bool classic = false; // the library answers one of the intersect / distance / penetration queries
                for (int cq = 0; cq < Q_RAYCAST; ++cq) classic = classic || ready[k]->supports(s, (Query)cq);
                if (!lc.supported && (q >= Q_RAYCAST || s.gjk_only || !classic)) continue;
                c.libs.push_back(lc);
                at.push_back(k);
            }
            if (!s.sel[q].empty())
                for (int rep = 0; rep < o.reps; ++rep)
                    for (size_t j = 0; j < c.libs.size(); ++j)
                        if (c.libs[j].supported)
                            c.libs[j].ns.push_back(measure(*ready[at[j]], q, s.sel[q], o.seconds));
            for (LibCell &lc : c.libs) lc.median_ns = median(lc.ns);
            c_at.push_back(at);
            scene_cells.push_back(c);
        }
        double t_score = now();
        if (o.accuracy) {
            bool cyl = s.shapes[0].kind == Kind::Cylinder && !s.gjk_only;
            if (cyl && (has(Q_DISTANCE) || has(Q_PENETRATION) || has(Q_MANIFOLD) || has(Q_INTERSECT))) {
                std::vector<Candidates> cand;
                for (Query q : queries)
                    for (const ProbeOut &po : answers)
                        if ((q == Q_DISTANCE || q == Q_PENETRATION) && !po.results[q].empty())
                            cand.push_back(Candidates{q, &po.results[q]});
                compute_cylinder_refs(s, cand);
            }
            int cold = -1; // gjk cold's answers: the warm scenes' reference
            for (size_t k = 0; k < ready.size(); ++k)
                if (std::string(ready[k]->name()) == "gjk") cold = (int)k;
            for (size_t ci = 0; ci < scene_cells.size(); ++ci) {
                Cell &c = scene_cells[ci];
                for (size_t j = 0; j < c.libs.size(); ++j) {
                    const std::vector<Result> &res = answers[c_at[ci][j]].results[c.query];
                    if (!c.libs[j].supported || res.empty()) continue;
                    if (s.gjk_only) {
                        if (cold >= 0) score_warm(s, c.query, res, answers[(size_t)cold].results[c.query], c.libs[j]);
                    } else if (c.query >= Q_RAYCAST) {
                        score_row(s, c.query, res, c.libs[j]);
                    } else {
                        score(s, c.query, res, c.libs[j]);
                    }
                }
                if (cyl)
                    for (int i : s.sel[c.query]) c.bracket = std::max(c.bracket, s.ref[(size_t)i].bracket);
            }
        }
        if (o.accuracy) std::fprintf(stderr, "[%s: accuracy scored in %.2f s]\n", name.c_str(), now() - t_score);
        for (Lib *l : ready) l->release();
        for (Cell &c : scene_cells) {
            for (const auto &sk : skipped) {
                LibCell lc;
                lc.lib = sk.first;
                lc.note = sk.second;
                c.libs.push_back(lc);
            }
            print_cell(stdout, c);
            std::fflush(stdout);
            cells.push_back(c);
        }
    }
    // The broad phase: its own scenes of many bodies (bench/broad.cpp), after the pairs.
    std::string broad_md;
    long broad_missed = 0;
    if (o.queries.empty() || wanted(o.queries, "broad", false)) {
        std::vector<std::string> broad_scenes;
        for (const std::string &s : o.scenes)
            if (s.compare(0, 6, "field-") == 0 || s.compare(0, 5, "pile-") == 0) broad_scenes.push_back(s);
        if (o.scenes.empty() || !broad_scenes.empty()) {
            std::printf("\nbroad phase%s:\n", o.quick ? " (quick: correctness smoke)" : "");
            broad_missed = run_broad(o.quick, o.libs, broad_scenes, broad_md);
        }
    }
    double total = now() - t_start;
    std::printf("\n");
    if (!cells.empty()) print_summary(stdout, cells);
    std::printf("total time %.1f s (checksum %g)\n", total, (double)g_sink);
    if (!o.markdown.empty() && !write_markdown(o.markdown, cells, o.command, total, o.quick, broad_md)) {
        std::fprintf(stderr, "gjk-bench: cannot write %s\n", o.markdown.c_str());
        return 1;
    }
    if (broad_missed) {
        std::printf("BROAD PHASE FAILED: %ld tight pairs missed (listed above)\n", broad_missed);
        return 1;
    }
    return 0;
}
