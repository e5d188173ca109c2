// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Exact references of the cast row (B translating by v, A standing still), computed without the libraries under
// test. B(t) = B + t v touches A first when the origin enters A - B(t) = D - t v, i.e. where the ray t v (t >= 0)
// enters D = A - B:
// - polytopes (boxes, hulls, polygons): Cyrus-Beck of that ray against the facets of D's hull: qhull of every vertex
//   difference (3D), or an own monotone chain (2D). For big hulls (more than 4096 differences) the hull of a subset
//   P of D's vertices, grown until certified on the full vertex sets: a hit through a facet of hull(P) whose plane
//   supports D (h_A(m) + h_B(-m) equals its offset) is D's first hit, as hull(P) lies inside D; a miss is certified
//   by a plane separating the segment [0, v] from D; otherwise D's support point along the facet normal (or against
//   the plane) goes into P.
// - sphere-box, capsule-box: D's core (the sphere's centre or the capsule's segment minus the box corners, qhull) and
//   the radius r: the first root of g(t) = dist(t v, core) - r, a convex function (golden section for its minimum on
//   [0, 1], then bisection), with the exact point-polytope distance of tests/oracle3.c.
// - cyl-cyl: the same search on the best lower bound of the gap found by local search for a separating axis
//   (ref.cpp): certified separated before the reference t, not certified to be in contact at it.
// Ambiguous casts (left out of the hit/miss counts): polytopes whose answer changes when D is scaled about an
// interior point by 1 -/+ 1e-6; rounded and cylinder pairs whose smallest gap over the step, or gap at t = 1, is
// within 1e-6 x size of zero.
#include <algorithm>

#include "bench.h"

extern "C" {
#include "oracle3.h"
}

namespace {

const double kAmbiguous = 1e-6;

struct Planes {
    std::vector<V3> n;
    std::vector<double> off; // n . x <= off inside
    V3 c;                     // an interior point
};

struct Hit {
    bool hit = false;
    double t = 0;
    int face = -1;
};

// Ray t v, t in [0, 1], against the planes scaled about c by k.
Hit cyrus_beck(const Planes &p, V3 v, double k) {
    Hit h;
    double tin = -1e300, tout = 1e300;
    for (size_t f = 0; f < p.n.size(); ++f) {
        double nc = dot(p.n[f], p.c), off = nc + k * (p.off[f] - nc), nd = dot(p.n[f], v);
        if (nd == 0) {
            if (off < 0) return h;
            continue;
        }
        double t = off / nd;
        if (nd < 0) {
            if (t > tin) tin = t, h.face = (int)f;
        } else {
            tout = std::min(tout, t);
        }
    }
    h.hit = tin <= tout && tin <= 1 && tout >= 0;
    h.t = std::max(tin, 0.0);
    return h;
}

Planes planes_of_hull(const oracle3_hull &h) {
    Planes p;
    for (int f = 0; f < h.facet_count; ++f) {
        p.n.push_back(v3(h.normals[f][0], h.normals[f][1], h.normals[f][2]));
        p.off.push_back(-h.offsets[f]);
    }
    for (int i = 0; i < h.vertex_count; ++i) p.c = p.c + v3(h.vertices[i][0], h.vertices[i][1], h.vertices[i][2]);
    p.c = (1.0 / std::max(1, h.vertex_count)) * p.c;
    return p;
}

bool build_hull(const std::vector<V3> &pts, oracle3_hull &h) {
    std::vector<double> flat;
    for (const V3 &q : pts) flat.insert(flat.end(), {q.x, q.y, q.z});
    return oracle3_hull_build(&h, (const double(*)[3])flat.data(), (int)pts.size()) && h.dim == 3;
}

// 2D convex hull (Andrew's monotone chain), counter-clockwise, as edge planes.
Planes polygon_planes(std::vector<V3> pts) {
    std::sort(pts.begin(), pts.end(), [](V3 a, V3 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
    std::vector<V3> h(2 * pts.size() + 1);
    size_t k = 0;
    auto turn = [](V3 o, V3 a, V3 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); };
    for (size_t i = 0; i < pts.size(); ++i) {
        while (k >= 2 && turn(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
        h[k++] = pts[i];
    }
    for (size_t i = pts.size() - 1, lo = k + 1; i-- > 0;) {
        while (k >= lo && turn(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
        h[k++] = pts[i];
    }
    h.resize(k - 1);
    Planes p;
    for (size_t i = 0; i < h.size(); ++i) {
        V3 e = h[(i + 1) % h.size()] - h[i];
        V3 n = unit(v3(e.y, -e.x, 0));
        p.n.push_back(n), p.off.push_back(dot(n, h[i]));
        p.c = p.c + h[i];
    }
    p.c = (1.0 / (double)h.size()) * p.c;
    return p;
}

// Vertices of a shape at a pose, relative to `origin` (cores: a sphere's centre, a capsule's segment ends).
std::vector<V3> vertices(const Scene &s, int shape, const Pose &pose, V3 origin) {
    const Shape &sh = s.shapes[(size_t)shape];
    std::vector<V3> out;
    auto put = [&](V3 l) { out.push_back(rotate(pose.q, l) + pose.p - origin); };
    switch (sh.kind) {
    case Kind::Box:
        for (int k = 0; k < 8; ++k)
            put(v3((k & 1) ? sh.half.x : -sh.half.x, (k & 2) ? sh.half.y : -sh.half.y, (k & 4) ? sh.half.z : -sh.half.z));
        break;
    case Kind::Sphere: put(v3(0, 0, 0)); break;
    case Kind::Capsule: put(v3(0, 0, -sh.half_height)), put(v3(0, 0, sh.half_height)); break;
    case Kind::Hull:
        for (const V3 &v : sh.pts) put(v);
        break;
    case Kind::Polygon:
        for (const V3 &v : sh.pts) out.push_back(apply2(pose, v) - origin);
        break;
    case Kind::Cylinder: break;
    }
    return out;
}

struct Diff { // D = A - B by its vertex sets
    const std::vector<V3> &a, &b;
    V3 support(V3 n) const {
        size_t ia = 0, ib = 0;
        for (size_t i = 1; i < a.size(); ++i)
            if (dot(a[i], n) > dot(a[ia], n)) ia = i;
        for (size_t i = 1; i < b.size(); ++i)
            if (dot(b[i], n) < dot(b[ib], n)) ib = i;
        return a[ia] - b[ib];
    }
};

// Big polytopes: the certified subset loop described at the top. Returns false on an oracle failure.
bool subset_cast(const Diff &d, V3 v, double scale, Ref &r) {
    double tol = 1e-12 * scale;
    std::vector<V3> P;
    for (int i = -1; i <= 1; ++i)
        for (int j = -1; j <= 1; ++j)
            for (int k = -1; k <= 1; ++k)
                if (i || j || k) P.push_back(d.support(v3(i, j, k)));
    for (int i = 0; i < 64; ++i) { // Fibonacci sphere
        double z = 1 - (2 * i + 1) / 64.0, rr = std::sqrt(1 - z * z), ph = 2.399963229728653 * i;
        P.push_back(d.support(v3(rr * std::cos(ph), rr * std::sin(ph), z)));
    }
    P.push_back(d.support(-1.0 * v)), P.push_back(d.support(v));
    for (int round = 0; round < 2000; ++round) {
        oracle3_hull h;
        if (!build_hull(P, h)) {
            oracle3_hull_free(&h);
            return false;
        }
        Planes pl = planes_of_hull(h);
        oracle3_hull_free(&h);
        Hit hit = cyrus_beck(pl, v, 1.0);
        if (hit.hit) {
            V3 m = pl.n[(size_t)hit.face];
            if (dot(d.support(m), m) <= pl.off[(size_t)hit.face] + tol) {
                r.cast_hit = true, r.cast_t = hit.t;
                r.cast_ambiguous = cyrus_beck(pl, v, 1 - kAmbiguous).hit != cyrus_beck(pl, v, 1 + kAmbiguous).hit;
                return true;
            }
            P.push_back(d.support(m));
            continue;
        }
        // a separating plane between the segment [0, v] and hull(P): from the point of hull(P - [0, v]) nearest
        // the origin
        std::vector<V3> E = P;
        for (const V3 &q : P) E.push_back(q - v);
        oracle3_hull he;
        if (!build_hull(E, he)) {
            oracle3_hull_free(&he);
            return false;
        }
        double o[3] = {0, 0, 0}, cp[3];
        oracle3_hull_sd(&he, o, cp);
        oracle3_hull_free(&he);
        V3 c = unit(v3(cp[0], cp[1], cp[2]));
        V3 low = d.support(-1.0 * c); // D's point least along c
        double margin = dot(low, c) - std::max(0.0, dot(v, c));
        if (margin > -tol) {
            r.cast_hit = false, r.cast_t = 1;
            r.cast_ambiguous = margin < kAmbiguous * scale;
            return true;
        }
        P.push_back(low);
    }
    return false;
}

// First root on [0, 1] of a convex g with g(0) > 0. Returns false (t = 1) when g stays positive; `gmin` receives
// the smallest value found.
template <class G> bool first_root(G g, double &t, double &gmin, double &g1) {
    double lo = 0, hi = 1;
    const double phi = 0.6180339887498949;
    double x1 = hi - phi * (hi - lo), x2 = lo + phi * (hi - lo), f1 = g(x1), f2 = g(x2);
    for (int it = 0; it < 90 && hi - lo > 1e-16; ++it) {
        if (f1 <= f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - phi * (hi - lo), f1 = g(x1);
        else lo = x1, x1 = x2, f1 = f2, x2 = lo + phi * (hi - lo), f2 = g(x2);
    }
    double tm = f1 <= f2 ? x1 : x2;
    gmin = std::min(f1, f2);
    g1 = g(1.0);
    if (g1 < gmin) gmin = g1, tm = 1;
    if (gmin > 0) {
        t = 1;
        return false;
    }
    double a = 0, b = tm;
    for (int it = 0; it < 200 && b - a > 0; ++it) {
        double mid = 0.5 * (a + b);
        if (mid <= a || mid >= b) break;
        (g(mid) > 0 ? a : b) = mid;
    }
    t = b;
    return true;
}

} // namespace

void compute_cast_refs(Scene &s) {
    for (int i : s.sel[Q_CAST]) {
        const Pair &p = s.pairs[(size_t)i];
        Ref &r = s.ref[(size_t)i];
        Kind ka = s.shapes[(size_t)p.a].kind;
        V3 v = p.cast_v;
        double eps = kAmbiguous * s.scale;
        if (ka == Kind::Cylinder) {
            V3 n = unit(p.cast_pb.p - p.pa.p);
            auto g = [&](double t) {
                Pair moved = p;
                moved.pb = p.cast_pb;
                moved.pb.p = moved.pb.p + t * v;
                // start the axis search from the last axis and from gjk's normal at t (a starting point only:
                // the value is the certified lower bound the search reaches)
                double sd;
                V3 gn, n2;
                double best = cylinder_gap_lb(s, p, moved.pb, n);
                if (gjk_signed(s, moved, &sd, &gn) && norm(gn) > 0.5) {
                    n2 = gn;
                    double v2 = cylinder_gap_lb(s, p, moved.pb, n2);
                    if (v2 > best) best = v2, n = n2;
                }
                return best;
            };
            double gmin, g1;
            r.cast_hit = first_root(g, r.cast_t, gmin, g1);
            r.cast_ambiguous = std::fabs(gmin) < eps || std::fabs(g1) < eps;
            r.cast_certified = false;
            r.cast_have = true;
            continue;
        }
        std::vector<V3> A = vertices(s, p.a, p.pa, p.pa.p), B = vertices(s, p.b, p.cast_pb, p.pa.p);
        double radius = ka == Kind::Sphere || ka == Kind::Capsule ? s.shapes[(size_t)p.a].radius : 0;
        std::vector<V3> D;
        if (A.size() * B.size() <= 4096)
            for (const V3 &x : A)
                for (const V3 &y : B) D.push_back(x - y);
        if (s.dim == 2) {
            Planes pl = polygon_planes(D);
            Hit h = cyrus_beck(pl, v, 1.0);
            r.cast_hit = h.hit, r.cast_t = h.hit ? h.t : 1;
            r.cast_ambiguous = cyrus_beck(pl, v, 1 - kAmbiguous).hit != cyrus_beck(pl, v, 1 + kAmbiguous).hit;
            r.cast_have = true;
            continue;
        }
        if (D.empty()) {
            Diff d{A, B};
            r.cast_have = subset_cast(d, v, s.scale, r);
            if (!r.cast_have) std::fprintf(stderr, "gjk-bench: cast oracle failure on %s pair %d\n", s.name.c_str(), i);
            continue;
        }
        oracle3_hull h;
        if (!build_hull(D, h)) {
            oracle3_hull_free(&h);
            std::fprintf(stderr, "gjk-bench: cast oracle failure on %s pair %d\n", s.name.c_str(), i);
            continue;
        }
        if (radius == 0) {
            Planes pl = planes_of_hull(h);
            Hit hh = cyrus_beck(pl, v, 1.0);
            r.cast_hit = hh.hit, r.cast_t = hh.hit ? hh.t : 1;
            r.cast_ambiguous = cyrus_beck(pl, v, 1 - kAmbiguous).hit != cyrus_beck(pl, v, 1 + kAmbiguous).hit;
        } else {
            auto g = [&](double t) {
                double q[3] = {t * v.x, t * v.y, t * v.z};
                return oracle3_hull_sd(&h, q, nullptr) - radius;
            };
            double gmin, g1;
            r.cast_hit = first_root(g, r.cast_t, gmin, g1);
            r.cast_ambiguous = std::fabs(gmin) < eps || std::fabs(g1) < eps;
        }
        oracle3_hull_free(&h);
        r.cast_have = true;
    }
}
