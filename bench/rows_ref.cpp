// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Exact references of the raycast row, computed without the libraries under test: the ray in the shape's local
// frame against closed forms (box slabs, sphere and capsule quadratics, cylinder side and caps), the facet planes of
// the hull (qhull's triangles, scenes.cpp) and the polygon's edges (Cyrus-Beck clipping).
//
// A ray is "ambiguous" (left out of the hit/miss count) when the shape scaled about its local origin by 1 - 1e-6
// and by 1 + 1e-6 (nested, as the origin is inside) gives different hit/miss answers: it grazes the shape or ends
// at it. The normal is "unique" unless another face (another slab, a cap's rim, a non-coplanar facet) is entered
// within 1e-9 x size of the hit.
#include <algorithm>

#include "bench.h"

namespace {

const double kAmbiguous = 1e-6;

struct RayAnswer {
    bool hit = false;
    double t = 0;
    V3 n;               // local frame
    bool unique = true; // normal
};

// Interval of a ray o + t d inside a slab |x| <= h along one coordinate.
bool slab(double o, double d, double h, double &tin, double &tout) {
    if (d == 0) {
        tin = -1e300, tout = 1e300;
        return std::fabs(o) <= h;
    }
    double t1 = (-h - o) / d, t2 = (h - o) / d;
    tin = std::min(t1, t2), tout = std::max(t1, t2);
    return true;
}

// Interval of the ray inside the infinite cylinder x^2 + y^2 <= r^2 (stable quadratic).
bool infinite_cylinder(V3 o, V3 d, double r, double &tin, double &tout) {
    double a = d.x * d.x + d.y * d.y, b = o.x * d.x + o.y * d.y, c = o.x * o.x + o.y * o.y - r * r;
    if (a == 0) {
        tin = -1e300, tout = 1e300;
        return c <= 0;
    }
    double disc = b * b - a * c;
    if (disc < 0) return false;
    double q = -(b + (b >= 0 ? 1 : -1) * std::sqrt(disc));
    double t1 = q / a, t2 = q != 0 ? c / q : t1;
    tin = std::min(t1, t2), tout = std::max(t1, t2);
    return true;
}

// Interval inside the ball |x - c| <= r.
bool ball(V3 o, V3 d, V3 c, double r, double &tin, double &tout) {
    V3 oc = o - c;
    double a = dot(d, d), b = dot(oc, d), cc = dot(oc, oc) - r * r;
    double disc = b * b - a * cc;
    if (disc < 0 || a == 0) return false;
    double q = -(b + (b >= 0 ? 1 : -1) * std::sqrt(disc));
    double t1 = q / a, t2 = q != 0 ? cc / q : t1;
    tin = std::min(t1, t2), tout = std::max(t1, t2);
    return true;
}

bool accept(double tin, double tout) { return tin <= tout && tin <= 1 && tout >= 0; }

// Cyrus-Beck against planes n . x <= k * off (hull facets, polygon edges).
RayAnswer planes_ray(const std::vector<V3> &n, const std::vector<double> &off, V3 o, V3 d, double k, double tie) {
    RayAnswer a;
    double tin = -1e300, tout = 1e300;
    int best = -1;
    for (size_t f = 0; f < n.size(); ++f) {
        double nd = dot(n[f], d), dist = dot(n[f], o) - k * off[f];
        if (nd == 0) {
            if (dist > 0) return a;
            continue;
        }
        double t = -dist / nd;
        if (nd < 0) {
            if (t > tin) tin = t, best = (int)f;
        } else {
            tout = std::min(tout, t);
        }
    }
    if (!accept(tin, tout) || best < 0) return a;
    a.hit = true, a.t = std::max(tin, 0.0), a.n = n[(size_t)best];
    for (size_t f = 0; f < n.size(); ++f) {
        double nd = dot(n[f], d);
        if (nd >= 0 || (int)f == best) continue;
        double t = -(dot(n[f], o) - k * off[f]) / nd;
        if ((tin - t) * norm(d) < tie && dot(n[f], a.n) < 1 - 1e-12) a.unique = false;
    }
    return a;
}

struct ShapePlanes {
    std::vector<V3> n;
    std::vector<double> off;
};

ShapePlanes planes_of(const Shape &sh) {
    ShapePlanes p;
    if (sh.kind == Kind::Polygon) {
        size_t m = sh.pts.size();
        for (size_t i = 0; i < m; ++i) {
            V3 e = sh.pts[(i + 1) % m] - sh.pts[i];
            V3 n = unit(v3(e.y, -e.x, 0));
            p.n.push_back(n), p.off.push_back(dot(n, sh.pts[i]));
        }
    } else if (sh.kind == Kind::Hull) {
        for (size_t t = 0; t + 2 < sh.tris.size(); t += 3) {
            V3 a = sh.pts[(size_t)sh.tris[t]], b = sh.pts[(size_t)sh.tris[t + 1]], c = sh.pts[(size_t)sh.tris[t + 2]];
            V3 n = unit(cross(b - a, c - a));
            p.n.push_back(n), p.off.push_back((dot(n, a) + dot(n, b) + dot(n, c)) / 3);
        }
    }
    return p;
}

// The ray o + t d (local frame) against the shape scaled by k about its origin.
RayAnswer shape_ray(const Shape &sh, const ShapePlanes &pl, V3 o, V3 d, double k) {
    double tie = 1e-9 * sh.size;
    RayAnswer a;
    switch (sh.kind) {
    case Kind::Box: {
        double h[3] = {k * sh.half.x, k * sh.half.y, k * sh.half.z}, oo[3] = {o.x, o.y, o.z}, dd[3] = {d.x, d.y, d.z};
        double tin = -1e300, tout = 1e300, enter[3];
        int best = -1;
        for (int i = 0; i < 3; ++i) {
            double a0, a1;
            if (!slab(oo[i], dd[i], h[i], a0, a1)) return a;
            enter[i] = a0;
            if (a0 > tin) tin = a0, best = i;
            tout = std::min(tout, a1);
        }
        if (!accept(tin, tout) || best < 0) return a;
        a.hit = true, a.t = std::max(tin, 0.0);
        double nn[3] = {0, 0, 0};
        nn[best] = dd[best] < 0 ? 1 : -1;
        a.n = v3(nn[0], nn[1], nn[2]);
        for (int i = 0; i < 3; ++i)
            if (i != best && (tin - enter[i]) * norm(d) < tie) a.unique = false;
        return a;
    }
    case Kind::Sphere: {
        double tin, tout;
        if (!ball(o, d, v3(0, 0, 0), k * sh.radius, tin, tout) || !accept(tin, tout)) return a;
        a.hit = true, a.t = std::max(tin, 0.0), a.n = unit(o + a.t * d);
        return a;
    }
    case Kind::Capsule: {
        double r = k * sh.radius, h = k * sh.half_height, best = 1e300;
        double c0, c1, z0, z1;
        if (infinite_cylinder(o, d, r, c0, c1) && slab(o.z, d.z, h, z0, z1)) {
            double tin = std::max(c0, z0), tout = std::min(c1, z1);
            if (accept(tin, tout)) best = std::max(tin, 0.0), a.hit = true, a.n = unit(v3(o.x + best * d.x, o.y + best * d.y, 0));
        }
        for (double zc : {-h, h}) {
            double tin, tout;
            if (ball(o, d, v3(0, 0, zc), r, tin, tout) && accept(tin, tout) && std::max(tin, 0.0) < best) {
                best = std::max(tin, 0.0), a.hit = true;
                a.n = unit(o + best * d - v3(0, 0, zc));
            }
        }
        a.t = best;
        return a;
    }
    case Kind::Cylinder: {
        double r = k * sh.radius, h = k * sh.half_height, c0, c1, z0, z1;
        if (!infinite_cylinder(o, d, r, c0, c1) || !slab(o.z, d.z, h, z0, z1)) return a;
        double tin = std::max(c0, z0), tout = std::min(c1, z1);
        if (!accept(tin, tout)) return a;
        a.hit = true, a.t = std::max(tin, 0.0);
        if (z0 >= c0) a.n = v3(0, 0, d.z < 0 ? 1 : -1);
        else a.n = unit(v3(o.x + a.t * d.x, o.y + a.t * d.y, 0));
        a.unique = std::fabs(z0 - c0) * norm(d) >= tie;
        return a;
    }
    case Kind::Hull:
    case Kind::Polygon: return planes_ray(pl.n, pl.off, o, d, k, tie);
    }
    return a;
}

} // namespace

void compute_ray_refs(Scene &s) {
    std::vector<ShapePlanes> planes(s.shapes.size());
    for (size_t k = 0; k < s.shapes.size(); ++k) planes[k] = planes_of(s.shapes[k]);
    for (int i : s.sel[Q_RAYCAST]) {
        const Pair &p = s.pairs[(size_t)i];
        const Shape &sh = s.shapes[(size_t)p.a];
        V3 o, d;
        if (s.dim == 3) {
            o = inv_rotate(p.pa.q, p.ray_o - p.pa.p), d = inv_rotate(p.pa.q, p.ray_d);
        } else {
            double c = std::cos(p.pa.angle), sn = std::sin(p.pa.angle);
            V3 w = p.ray_o - p.pa.p;
            o = v3(c * w.x + sn * w.y, -sn * w.x + c * w.y, 0);
            d = v3(c * p.ray_d.x + sn * p.ray_d.y, -sn * p.ray_d.x + c * p.ray_d.y, 0);
        }
        const ShapePlanes &pl = planes[(size_t)p.a];
        RayAnswer a = shape_ray(sh, pl, o, d, 1.0);
        bool lo = shape_ray(sh, pl, o, d, 1 - kAmbiguous).hit, hi = shape_ray(sh, pl, o, d, 1 + kAmbiguous).hit;
        Ref &r = s.ref[(size_t)i];
        r.ray_have = true;
        r.ray_hit = a.hit;
        r.ray_ambiguous = lo != hi;
        r.ray_t = a.t;
        r.ray_normal_unique = a.hit && a.unique;
        if (s.dim == 3) r.ray_normal = rotate(p.pa.q, a.n);
        else {
            double c = std::cos(p.pa.angle), sn = std::sin(p.pa.angle);
            r.ray_normal = v3(c * a.n.x - sn * a.n.y, sn * a.n.x + c * a.n.y, 0);
        }
    }
}
