// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Exact answers for the accuracy columns, computed without the libraries under test.
//
// - sphere-box: closed form (point to oriented box, minus the radius), tests/oracle3.c.
// - box-box, capsule-box, hulls: the qhull Minkowski-difference oracle of tests/oracle3.c (a capsule is a rounded
//   segment). For big hulls the difference of all vertex pairs (up to a million points) is too slow, so the oracle
//   runs on the vertices of A and B within delta of their extreme along a guessed normal, and the answer is then
//   certified on the full vertex sets: a separated answer by the lower bound -h_A(n) - h_B(-n) of the gap along its
//   normal, an overlapping one by the support h_A(n) + h_B(-n) of the whole difference along its normal (the
//   subset's difference lies inside the whole one, which bounds the answer from the other side). When the
//   certificate fails, delta grows until it holds or the subsets are whole. The guess is gjk's normal, but nothing
//   trusts it: it only decides which vertices go first.
// - cylinders: no closed form; see compute_cylinder_refs.
// - 2D polygons: tests/oracle2.c (separating axes over every edge normal, vertex-edge distances).
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "bench.h"

extern "C" {
#include "oracle2.h"
#include "oracle3.h"
}

namespace {

// A placed shape, positions relative to A's position (so the digits stay where the shapes are).
struct Body {
    Kind kind = Kind::Box;
    std::vector<V3> core; // polytope cores: box corners, hull vertices, capsule segment ends, sphere centre
    double radius = 0;    // sphere, capsule
    V3 pos;
    Quat q;
    double cyl_r = 0, cyl_h = 0; // cylinders: closed-form support
};

Body make_body(const Scene &s, int shape, const Pose &pose, V3 origin) {
    const Shape &sh = s.shapes[(size_t)shape];
    Body b;
    b.kind = sh.kind;
    b.pos = pose.p - origin;
    b.q = pose.q;
    auto put = [&](V3 local) { b.core.push_back(rotate(pose.q, local) + b.pos); };
    switch (sh.kind) {
    case Kind::Box:
        for (int k = 0; k < 8; ++k)
            put(v3((k & 1) ? sh.half.x : -sh.half.x, (k & 2) ? sh.half.y : -sh.half.y,
                   (k & 4) ? sh.half.z : -sh.half.z));
        break;
    case Kind::Sphere:
        put(v3(0, 0, 0));
        b.radius = sh.radius;
        break;
    case Kind::Capsule:
        put(v3(0, 0, -sh.half_height));
        put(v3(0, 0, sh.half_height));
        b.radius = sh.radius;
        break;
    case Kind::Cylinder:
        b.cyl_r = sh.radius;
        b.cyl_h = sh.half_height;
        break;
    case Kind::Hull:
        for (const V3 &v : sh.pts) put(v);
        break;
    case Kind::Polygon: break;
    }
    return b;
}

// Support point and value of the whole (rounded) body along n (need not be unit).
V3 support_point(const Body &b, V3 n) {
    if (b.kind == Kind::Cylinder) {
        V3 l = inv_rotate(b.q, n);
        double rl = std::sqrt(l.x * l.x + l.y * l.y);
        V3 s = rl > 0 ? v3(b.cyl_r * l.x / rl, b.cyl_r * l.y / rl, 0) : v3(0, 0, 0);
        s.z = l.z < 0 ? -b.cyl_h : b.cyl_h;
        return rotate(b.q, s) + b.pos;
    }
    size_t best = 0;
    double bv = dot(b.core[0], n);
    for (size_t i = 1; i < b.core.size(); ++i) {
        double v = dot(b.core[i], n);
        if (v > bv) bv = v, best = i;
    }
    return b.core[best] + b.radius * unit(n);
}
double support(const Body &b, V3 n) { return dot(support_point(b, n), n); }

// Lower bound of the gap along unit n (A to B): min over A, B of (b - a).n. Positive: certified separated.
double gap_bound(const Body &a, const Body &b, V3 n) { return -support(a, n) - support(b, -n); }
// Support of the difference A - B along unit n: an upper bound of the depth, equal to it at the depth normal.
double diff_support(const Body &a, const Body &b, V3 n) { return support(a, n) + support(b, -n); }

// Exact signed distance and normal of two polytope bodies (cores + radii).
//
// Small pairs: the oracle on every vertex pair. Big pairs: the oracle on a subset P of the difference's vertices
// (pairs of A's and B's vertices within delta of their extremes along the guessed normal, and the difference's
// support points along 26 fixed directions so that P surrounds the origin when the cores overlap), grown until the
// answer is certified on the full vertex sets:
// - separated: the gap of P's hull along its normal m is also the lower bound -h_A(m) - h_B(-m) of the full gap;
//   else the difference's vertex extreme along -m goes into P;
// - overlapping: P's hull lies inside the difference, so its nearest facet bounds the depth from below; when that
//   facet's plane also supports the full difference (h_A(m) + h_B(-m) equals its distance), it bounds it from
//   above too. Facets of P that are nearer than every supporting one are cut by the truncation, not by the
//   difference: the difference's vertices beyond them go into P.
// The guess only decides where P starts; a poor guess costs iterations, never correctness.
bool exact_polytopes(const Body &a, const Body &b, V3 guess, double scale, Ref &out) {
    V3 n = unit(guess);
    if (norm(n) == 0) n = unit(b.pos - a.pos);
    if (norm(n) == 0) n = v3(1, 0, 0);
    double R = a.radius + b.radius, tol = 1e-12 * scale, amb = 1e-6 * scale;
    Body ca = a, cb = b; // cores, without radii
    ca.radius = cb.radius = 0;
    std::vector<double> pts;
    auto add = [&](V3 d) { pts.insert(pts.end(), {d.x, d.y, d.z}); };
    auto add_support = [&](V3 v) { add(support_point(ca, v) - support_point(cb, -v)); };
    bool whole = a.core.size() * b.core.size() <= 4096;
    if (whole) {
        for (const V3 &x : a.core)
            for (const V3 &y : b.core) add(x - y);
    } else {
        double top_a = -1e300, bot_b = 1e300, delta = 0.02 * scale;
        for (const V3 &v : a.core) top_a = std::max(top_a, dot(v, n));
        for (const V3 &v : b.core) bot_b = std::min(bot_b, dot(v, n));
        std::vector<V3> sa, sb;
        for (const V3 &v : a.core)
            if (dot(v, n) >= top_a - delta) sa.push_back(v);
        for (const V3 &v : b.core)
            if (dot(v, n) <= bot_b + delta) sb.push_back(v);
        for (const V3 &x : sa)
            for (const V3 &y : sb) add(x - y);
        for (int i = -1; i <= 1; ++i)
            for (int j = -1; j <= 1; ++j)
                for (int k = -1; k <= 1; ++k)
                    if (i || j || k) add_support(v3(i, j, k));
        add_support(-n);
    }
    for (int round = 0; round < 500; ++round) {
        oracle3_pair p = oracle3_pair();
        if (!oracle3_hull_build(&p.d, (const double(*)[3])pts.data(), (int)(pts.size() / 3))) {
            oracle3_hull_free(&p.d);
            return false;
        }
        oracle3_answer ans;
        oracle3_pair_answer(&p, amb, 1e-6, &ans);
        double s = ans.distance; // cores only
        V3 m = v3(ans.normal[0], ans.normal[1], ans.normal[2]);
        size_t before = pts.size();
        bool ok = whole;
        if (!ok && s > 0) {
            ok = gap_bound(ca, cb, m) >= s - tol;
            if (!ok) add_support(m);
        } else if (!ok && p.d.dim == 3) {
            // nearest facet whose plane supports the full difference; nearer ones are truncation facets
            double best_real = 1e300;
            std::vector<std::pair<double, int>> cut;
            for (int f = 0; f < p.d.facet_count; ++f) {
                V3 mf = v3(p.d.normals[f][0], p.d.normals[f][1], p.d.normals[f][2]);
                double dist = -p.d.offsets[f];
                if (diff_support(ca, cb, mf) <= dist + tol) best_real = std::min(best_real, dist);
                else cut.emplace_back(dist, f);
            }
            std::sort(cut.begin(), cut.end());
            ok = -s >= best_real - tol;
            for (size_t k = 0; !ok && k < cut.size() && k < 32 && cut[k].first < best_real; ++k) {
                int f = cut[k].second;
                add_support(v3(p.d.normals[f][0], p.d.normals[f][1], p.d.normals[f][2]));
            }
        }
        oracle3_hull_free(&p.d);
        if (ok) {
            out.sd = s - R;
            out.normal = m;
            out.normal_unique = ans.normal_unique != 0;
            out.have = true;
            return true;
        }
        if (pts.size() == before) return false; // nothing new to add: give up (reported as an oracle failure)
    }
    return false;
}

o2_shape polygon_of(const Scene &s, int shape, const Pose &pose) {
    o2_shape o;
    o.n = 0;
    o.r = 0;
    for (const V3 &v : s.shapes[(size_t)shape].pts) {
        V3 w = apply2(pose, v);
        if (o.n < O2_MAX_VERTICES) o.v[o.n++] = o2_v(w.x, w.y);
    }
    return o;
}

// Closest point of the solid cylinder to p.
V3 clamp_to_cylinder(const Body &b, V3 p) {
    V3 l = inv_rotate(b.q, p - b.pos);
    double rl = std::sqrt(l.x * l.x + l.y * l.y);
    if (rl > b.cyl_r) l.x *= b.cyl_r / rl, l.y *= b.cyl_r / rl;
    l.z = std::max(-b.cyl_h, std::min(b.cyl_h, l.z));
    return rotate(b.q, l) + b.pos;
}

// Local search on the unit sphere: maximise f (sign = +1) or minimise it (sign = -1), from n. A supergradient
// (subgradient) step with backtracking, then a pattern search over shrinking tangent steps, which also handles the
// kinks of the cylinders' support functions (rims).
template <class F> V3 local_opt(F f, V3 n, double sign, const Body &a, const Body &b) {
    n = unit(n);
    double best = sign * f(n);
    for (int it = 0; it < 50; ++it) {
        // the gradient of gap_bound and minus the gradient of diff_support: uphill for the first, downhill for
        // the second
        V3 g = support_point(b, -n) - support_point(a, n);
        bool improved = false;
        for (double t = 1.0; t > 1e-12; t *= 0.25) {
            V3 c = unit(n + t * g);
            double v = sign * f(c);
            if (v > best) {
                best = v, n = c, improved = true;
                break;
            }
        }
        if (!improved) break;
    }
    for (double step = 1e-2; step > 1e-15; step *= 0.5) {
        bool moved = true;
        for (int guard = 0; moved && guard < 100; ++guard) {
            moved = false;
            V3 t1 = unit(cross(n, std::fabs(n.x) < 0.6 ? v3(1, 0, 0) : v3(0, 1, 0))), t2 = cross(n, t1);
            for (int k = 0; k < 8; ++k) {
                double ang = k * 0.7853981633974483;
                V3 c = unit(n + step * (std::cos(ang) * t1 + std::sin(ang) * t2));
                double v = sign * f(c);
                if (v > best) best = v, n = c, moved = true;
            }
        }
    }
    return n;
}

} // namespace

void compute_refs(Scene &s) {
    for (size_t i = 0; i < s.pairs.size(); ++i) {
        const Pair &p = s.pairs[i];
        Ref &r = s.ref[i];
        if (s.dim == 2) {
            o2_shape a = polygon_of(s, p.a, p.pa), b = polygon_of(s, p.b, p.pb);
            o2_answer ans = o2_query(&a, &b);
            r.sd = ans.signed_distance;
            r.normal = v3(ans.normal.x, ans.normal.y, 0);
            r.normal_unique = ans.normal_unique;
            r.have = true;
            continue;
        }
        Kind ka = s.shapes[(size_t)p.a].kind;
        if (ka == Kind::Cylinder) continue; // after the libraries have answered
        if (ka == Kind::Sphere) {
            const Shape &box = s.shapes[(size_t)p.b];
            double m[3][3], axes[3][3], half[3] = {box.half.x, box.half.y, box.half.z};
            quat_matrix(p.pb.q, m);
            for (int k = 0; k < 3; ++k)
                for (int j = 0; j < 3; ++j) axes[k][j] = m[j][k];
            double centre[3] = {p.pb.p.x, p.pb.p.y, p.pb.p.z}, c[3] = {p.pa.p.x, p.pa.p.y, p.pa.p.z};
            oracle3_answer ans;
            oracle3_box_sphere(centre, axes, half, c, s.shapes[(size_t)p.a].radius, 1e-6 * s.scale, &ans);
            r.sd = ans.distance;
            r.normal = -v3(ans.normal[0], ans.normal[1], ans.normal[2]); // the closed form's normal is box to sphere
            r.normal_unique = ans.normal_unique != 0;
            r.have = true;
            continue;
        }
        Body a = make_body(s, p.a, p.pa, p.pa.p), b = make_body(s, p.b, p.pb, p.pa.p);
        double sd;
        V3 guess;
        if (!gjk_signed(s, p, &sd, &guess)) guess = b.pos - a.pos;
        if (!exact_polytopes(a, b, guess, s.scale, r))
            std::fprintf(stderr, "gjk-bench: oracle failure on %s pair %zu (left out of the accuracy columns)\n",
                         s.name.c_str(), i);
    }
}

bool separated_after_shift(const Scene &s, int i, V3 shift) {
    const Pair &p = s.pairs[(size_t)i];
    if (s.dim == 2) {
        o2_shape a = polygon_of(s, p.a, p.pa), b = polygon_of(s, p.b, p.pb);
        o2_shape bs = o2_translated(&b, o2_v(shift.x, shift.y));
        return o2_query(&a, &bs).signed_distance > 0;
    }
    Pose moved = p.pb;
    moved.p = moved.p + shift;
    Body a = make_body(s, p.a, p.pa, p.pa.p), b = make_body(s, p.b, moved, p.pa.p);
    V3 n = unit(shift);
    if (norm(n) > 0 && gap_bound(a, b, n) > 0) return true; // the usual certificate: the normal itself separates
    if (a.kind == Kind::Cylinder) {
        V3 m = local_opt([&](V3 c) { return gap_bound(a, b, c); }, n, 1.0, a, b);
        return gap_bound(a, b, m) > 0;
    }
    // Otherwise decide exactly. The library's normal may be far off, so the oracle's vertex subsets start from
    // gjk's normal for the moved pair (only a starting point: the answer is certified on the full vertex sets).
    Pair moved_pair = p;
    moved_pair.pb = moved;
    double sd;
    V3 guess = norm(n) > 0 ? n : b.pos - a.pos, g;
    if (gjk_signed(s, moved_pair, &sd, &g) && norm(g) > 0.5) guess = g;
    Ref r;
    if (!exact_polytopes(a, b, guess, s.scale, r)) return false;
    return r.sd > 0;
}

void compute_cylinder_refs(Scene &s, const std::vector<Candidates> &candidates) {
    // where pair i sits in each query's selection
    std::vector<std::vector<int>> at(Q_COUNT, std::vector<int>(s.pairs.size(), -1));
    for (int q = 0; q < Q_COUNT; ++q)
        for (size_t k = 0; k < s.sel[q].size(); ++k) at[(size_t)q][(size_t)s.sel[q][k]] = (int)k;
    for (size_t i = 0; i < s.pairs.size(); ++i) {
        const Pair &p = s.pairs[i];
        Body a = make_body(s, p.a, p.pa, p.pa.p), b = make_body(s, p.b, p.pb, p.pa.p);
        std::vector<V3> starts;
        std::vector<std::pair<V3, V3>> witnesses;
        double sd;
        V3 g;
        if (gjk_signed(s, p, &sd, &g) && norm(g) > 0.5) starts.push_back(g);
        starts.push_back(unit(b.pos - a.pos));
        for (const Candidates &c : candidates) {
            int k = at[(size_t)c.q][i];
            if (k < 0) continue;
            const Result &r = (*c.res)[(size_t)k];
            if (!r.valid || !r.has_normal || !(norm(r.normal) > 0.5)) continue;
            starts.push_back(unit(r.normal));
            if (r.has_points && c.q == Q_DISTANCE)
                witnesses.emplace_back(r.pa - p.pa.p, r.pb - p.pa.p);
        }
        Ref &ref = s.ref[i];
        ref.have = true;
        if (!p.overlap) {
            // separated: the gap is in [max_n gap_bound(n), |a - b| for points a in A, b in B]
            double lo = -1e300, hi = 1e300;
            V3 best_n;
            for (const V3 &st : starts) {
                V3 m = local_opt([&](V3 c) { return gap_bound(a, b, c); }, st, 1.0, a, b);
                double v = gap_bound(a, b, m);
                if (v > lo) lo = v, best_n = m;
                hi = std::min(hi, norm(support_point(b, -m) - support_point(a, m)));
            }
            for (const auto &w : witnesses)
                hi = std::min(hi, norm(clamp_to_cylinder(b, w.second) - clamp_to_cylinder(a, w.first)));
            ref.sd = lo;
            ref.normal = best_n;
            // the gap is flat to second order about its normal: a gap certified to 1e-12 pins the normal only to
            // about 1e-6, so no angle column for cylinders
            ref.normal_unique = false;
            ref.bracket = hi - lo;
        } else {
            // overlapping: the depth is min_n diff_support(n); the smallest local minimum found is an upper bound
            double best = 1e300;
            V3 best_n;
            for (const V3 &st : starts) {
                V3 m = local_opt([&](V3 c) { return diff_support(a, b, c); }, st, -1.0, a, b);
                double v = diff_support(a, b, m);
                if (v < best) best = v, best_n = m;
            }
            ref.sd = -best;
            ref.normal = best_n;
            ref.normal_unique = false; // not certified: no angle column for cylinder depths
        }
    }
}

double cylinder_gap_lb(const Scene &s, const Pair &p, const Pose &pb, V3 &n) {
    Body a = make_body(s, p.a, p.pa, p.pa.p), b = make_body(s, p.b, pb, p.pa.p);
    double best = -1e300;
    V3 best_n = n;
    for (V3 st : {n, unit(b.pos - a.pos)}) {
        if (!(norm(st) > 0.5)) continue;
        V3 m = local_opt([&](V3 c) { return gap_bound(a, b, c); }, st, 1.0, a, b);
        double v = gap_bound(a, b, m);
        if (v > best) best = v, best_n = m;
    }
    n = best_n;
    return best;
}
