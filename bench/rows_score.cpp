// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Accuracy of the raycast, cast and manifold rows against the exact references (rows_ref.cpp, rows_cast_ref.cpp,
// ref.cpp), and of the warm scenes against gjk cold's answers.
#include <algorithm>
#include <cstdlib>

#include "report.h"

bool is_row(const Cell &c) { return c.query >= Q_RAYCAST && c.scene.compare(0, 5, "warm-") != 0; }
bool is_warm(const Cell &c) { return c.scene.compare(0, 5, "warm-") == 0; }

void score_row(const Scene &s, Query q, const std::vector<Result> &res, LibCell &lc) {
    lc.accuracy = true;
    const std::vector<int> &idx = s.sel[q];
    lc.pairs = (long)idx.size();
    std::vector<double> errs;
    double iters = 0;
    bool debug = std::getenv("GJK_BENCH_DEBUG") != nullptr;
    for (size_t k = 0; k < idx.size(); ++k) {
        int i = idx[k];
        const Ref &ref = s.ref[(size_t)i];
        const Result &r = res[k];
        iters += r.iterations;
        if (!r.valid || !std::isfinite(r.distance)) {
            ++lc.invalid;
            continue;
        }
        if (q == Q_MANIFOLD) {
            if (!ref.have) continue;
            if (r.count == 0) {
                ++lc.invalid; // no result on an overlapping pair
                continue;
            }
            double err = std::fabs(r.distance - ref.sd);
            if (err > lc.max_err) lc.max_err = err, lc.worst = i;
            if (err > 1e-3 * s.scale) ++lc.big;
            for (int j = 0; j < std::min(r.count, 16); ++j)
                if (r.seps[j] < ref.sd - 1e-6 * s.scale) ++lc.phantom;
            if (debug && err > 1e-3 * s.scale)
                std::fprintf(stderr, "  %s manifold pair %d: deepest %.17g (ref %.17g), %d points\n", lc.lib.c_str(), i,
                             r.distance, ref.sd, r.count);
            continue;
        }
        bool have = q == Q_RAYCAST ? ref.ray_have : ref.cast_have;
        if (!have) continue;
        bool hit = q == Q_RAYCAST ? ref.ray_hit : ref.cast_hit;
        bool amb = q == Q_RAYCAST ? ref.ray_ambiguous : ref.cast_ambiguous;
        double t = q == Q_RAYCAST ? ref.ray_t : ref.cast_t;
        double len = norm(q == Q_RAYCAST ? s.pairs[(size_t)i].ray_d : s.pairs[(size_t)i].cast_v);
        if (amb) ++lc.ambiguous;
        if (hit != r.intersect) {
            if (!amb) {
                ++(hit ? lc.missed : lc.false_hits);
                if (lc.worst < 0) lc.worst = i;
                if (debug)
                    std::fprintf(stderr, "  %s %s pair %d: hit %d t %.17g (ref hit %d t %.17g)\n", lc.lib.c_str(),
                                 query_name(q), i, (int)r.intersect, r.distance, (int)hit, t);
            }
            continue;
        }
        if (!hit) continue;
        double err = std::fabs(r.distance - t);
        errs.push_back(err);
        if (err > lc.max_err) lc.max_err = err, lc.worst = i;
        if (err * len > 1e-3 * s.scale) ++lc.big;
        if (debug && err * len > 1e-3 * s.scale)
            std::fprintf(stderr, "  %s %s pair %d: t %.17g (ref %.17g)\n", lc.lib.c_str(), query_name(q), i,
                         r.distance, t);
        if (q == Q_CAST) {
            double late = (r.distance - t) * len;
            lc.max_late = std::max(lc.max_late, late);
            if (late > 1e-7 * s.scale) ++lc.late;
        }
        if (q == Q_RAYCAST && r.has_normal && ref.ray_normal_unique) {
            V3 n = unit(r.normal);
            lc.max_angle = std::max(lc.max_angle, std::atan2(norm(cross(n, ref.ray_normal)), dot(n, ref.ray_normal)));
        }
    }
    if (!errs.empty()) {
        std::sort(errs.begin(), errs.end());
        lc.med_err = errs[errs.size() / 2];
    }
    if (!idx.empty()) lc.mean_iter = iters / (double)idx.size();
}

void score_warm(const Scene &s, Query q, const std::vector<Result> &res, const std::vector<Result> &cold, LibCell &lc) {
    lc.accuracy = true;
    const std::vector<int> &idx = s.sel[q];
    lc.pairs = (long)idx.size();
    double iters = 0;
    lc.max_diff = 0;
    for (size_t k = 0; k < idx.size() && k < res.size(); ++k) {
        const Result &r = res[k];
        iters += r.iterations;
        if (!r.valid) ++lc.invalid;
        if (k >= cold.size()) continue;
        const Result &c = cold[k];
        if (r.intersect != c.intersect || (q == Q_MANIFOLD && r.count != c.count)) ++lc.mismatch;
        if (q == Q_INTERSECT) continue;
        if (r.intersect == c.intersect) lc.max_diff = std::max(lc.max_diff, std::fabs(r.distance - c.distance));
        if (q == Q_DISTANCE && !r.intersect && r.has_normal && c.has_normal) {
            V3 a = unit(r.normal), b = unit(c.normal);
            lc.max_angle = std::max(lc.max_angle, std::atan2(norm(cross(a, b)), dot(a, b)));
        }
    }
    if (!idx.empty()) lc.mean_iter = iters / (double)idx.size();
}
