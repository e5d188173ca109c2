// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Deterministic scenes: random shapes, random rotations, B placed along a random direction at 0.6 to 1.4 times the
// distance where the two shapes touch (so about half the pairs overlap).
#include <algorithm>
#include <cstdio>
#include <cstring>

#include "bench.h"
#include "rng.h"

extern "C" {
#include "oracle3.h"
}

namespace {

struct SceneDef {
    const char *name;
    int dim;
    Kind a, b;
    int points; // hull / polygon vertex count
    bool rest = false; // B resting on A's top face (make_rest_pair), for the penetration and manifold rows
};

const SceneDef kScenes[] = {
    {"box-box", 3, Kind::Box, Kind::Box, 0},
    {"rest-box", 3, Kind::Box, Kind::Box, 0, true},
    {"sphere-box", 3, Kind::Sphere, Kind::Box, 0},
    {"capsule-box", 3, Kind::Capsule, Kind::Box, 0},
    {"cyl-cyl", 3, Kind::Cylinder, Kind::Cylinder, 0},
    {"hull-8", 3, Kind::Hull, Kind::Hull, 8},
    {"hull-32", 3, Kind::Hull, Kind::Hull, 32},
    {"hull-256", 3, Kind::Hull, Kind::Hull, 256},
    {"hull-1024", 3, Kind::Hull, Kind::Hull, 1024},
    {"poly-4", 2, Kind::Polygon, Kind::Polygon, 4},
    {"rest-box2", 2, Kind::Polygon, Kind::Polygon, 4, true},
    {"poly-8", 2, Kind::Polygon, Kind::Polygon, 8},
    {"poly-32", 2, Kind::Polygon, Kind::Polygon, 32},
};

uint64_t seed_of(const char *name) { // FNV-1a of the name: each scene its own fixed stream
    uint64_t h = 1469598103934665603ull;
    for (const char *c = name; *c; ++c) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    return h;
}

// Hull of points on a sphere of radius `scale`, recentred on their mean (so the local origin is inside), with
// qhull's triangles oriented outward.
bool make_hull(Rng &r, int n, Shape &s) {
    double scale = r.uniform(0.5, 2.0);
    std::vector<V3> p((size_t)n);
    V3 mean;
    for (int i = 0; i < n; ++i) {
        p[(size_t)i] = scale * r.unit_vector();
        mean = mean + p[(size_t)i];
    }
    mean = (1.0 / n) * mean;
    std::vector<double> flat((size_t)n * 3);
    for (int i = 0; i < n; ++i) {
        p[(size_t)i] = p[(size_t)i] - mean;
        flat[3 * (size_t)i] = p[(size_t)i].x, flat[3 * (size_t)i + 1] = p[(size_t)i].y,
                       flat[3 * (size_t)i + 2] = p[(size_t)i].z;
    }
    oracle3_hull h;
    if (!oracle3_hull_build(&h, (const double(*)[3])flat.data(), n) || h.dim != 3) {
        oracle3_hull_free(&h);
        return false;
    }
    s.kind = Kind::Hull;
    s.pts.clear();
    for (int i = 0; i < h.vertex_count; ++i) s.pts.push_back(v3(h.vertices[i][0], h.vertices[i][1], h.vertices[i][2]));
    s.tris.clear();
    for (int t = 0; t < h.tri_count; ++t) {
        int a = h.tris[t][0], b = h.tris[t][1], c = h.tris[t][2];
        V3 nrm = cross(s.pts[(size_t)b] - s.pts[(size_t)a], s.pts[(size_t)c] - s.pts[(size_t)a]);
        V3 fn = v3(h.normals[t][0], h.normals[t][1], h.normals[t][2]);
        if (dot(nrm, fn) < 0) std::swap(b, c);
        s.tris.push_back(a), s.tris.push_back(b), s.tris.push_back(c);
    }
    oracle3_hull_free(&h);
    s.size = 0;
    for (const V3 &v : s.pts) s.size = std::max(s.size, norm(v));
    return true;
}

// Convex polygon: n sorted random angles (one per equal cell, jittered) on a circle, counter-clockwise, recentred.
void make_polygon(Rng &r, int n, Shape &s) {
    double radius = r.uniform(0.5, 2.0), phase = r.uniform(0, 6.283185307179586);
    s.kind = Kind::Polygon;
    s.pts.clear();
    V3 mean;
    for (int i = 0; i < n; ++i) {
        double a = phase + 6.283185307179586 * (i + r.uniform(0.2, 0.8)) / n;
        s.pts.push_back(v3(radius * std::cos(a), radius * std::sin(a), 0));
        mean = mean + s.pts.back();
    }
    mean = (1.0 / n) * mean;
    s.size = 0;
    for (V3 &v : s.pts) {
        v = v - mean;
        s.size = std::max(s.size, norm(v));
    }
}

void make_primitive(Rng &r, Kind k, Shape &s) {
    s.kind = k;
    switch (k) {
    case Kind::Box: {
        double x = r.uniform(0.2, 1.5), y = r.uniform(0.2, 1.5), z = r.uniform(0.2, 1.5);
        s.half = v3(x, y, z);
        s.size = norm(s.half);
        break;
    }
    case Kind::Sphere:
        s.radius = r.uniform(0.2, 1.0);
        s.size = s.radius;
        break;
    case Kind::Capsule:
    case Kind::Cylinder:
        s.radius = r.uniform(0.2, 1.0);
        s.half_height = r.uniform(0.2, 1.5);
        s.size = k == Kind::Capsule ? s.radius + s.half_height : std::hypot(s.radius, s.half_height);
        break;
    default: break;
    }
}

// A 2D box as a counter-clockwise 4-gon (Box2D's b2PolygonShape::SetAsBox), half extents hx, hy.
void make_box2(double hx, double hy, Shape &s) {
    s.kind = Kind::Polygon;
    s.pts = {v3(-hx, -hy, 0), v3(hx, -hy, 0), v3(hx, hy, 0), v3(-hx, hy, 0)};
    s.size = std::hypot(hx, hy);
}

// Where engines spend their time: a box resting on another's top face (A's local +z, 2D +y). Half the pairs are a
// stack (equal boxes, aligned within 1e-3 rad, centred within 2% of the width), half a random box resting at a
// random yaw and a tilt below 0.3 degrees anywhere over A's face (its centre within 80% of the half extents). B's
// lowest point sinks 1e-4 to 1e-2 of the smaller box's thickness into A's face. Pairs that do not overlap after all
// (a low corner overhanging A's face) are drawn again.
void make_rest_pair(Rng &r, const SceneDef &def, Scene &out, Pair &p) {
    const double pi = 3.141592653589793;
    for (;;) {
        bool stack = r.uniform(0, 1) < 0.5;
        Shape sa, sb;
        V3 ha = v3(r.uniform(0.3, 1.5), r.uniform(0.3, 1.5), r.uniform(0.2, 1.0));
        V3 hb = stack ? ha : v3(r.uniform(0.2, 1.0), r.uniform(0.2, 1.0), r.uniform(0.2, 1.0));
        double lim = stack ? 0.02 : 0.8, spin = stack ? 1e-3 : pi, tilt = stack ? 1e-3 : 5e-3;
        V3 off = v3(r.uniform(-lim, lim) * ha.x, r.uniform(-lim, lim) * ha.y, 0);
        if (def.dim == 3) {
            sa.kind = sb.kind = Kind::Box;
            sa.half = ha, sb.half = hb;
            sa.size = norm(ha), sb.size = norm(hb);
            double axis = r.uniform(-pi, pi);
            Quat rel = quat_mul(quat_from_rotation_vector(r.uniform(0, tilt) * v3(std::cos(axis), std::sin(axis), 0)),
                                quat_from_rotation_vector(v3(0, 0, r.uniform(-spin, spin))));
            double down = 0; // B's reach below its centre along A's -z
            V3 e[3] = {v3(hb.x, 0, 0), v3(0, hb.y, 0), v3(0, 0, hb.z)};
            for (const V3 &k : e) down += std::fabs(rotate(rel, k).z);
            double sink = r.uniform(1e-4, 1e-2) * std::min(ha.z, hb.z);
            p.pa.p = v3(r.uniform(-2, 2), r.uniform(-2, 2), r.uniform(-2, 2));
            p.pa.q = r.rotation();
            p.pb.q = quat_normalized(quat_mul(p.pa.q, rel));
            p.pb.p = apply(p.pa, off + v3(0, 0, ha.z + down - sink));
            p.u = rotate(p.pa.q, v3(0, 0, 1));
        } else {
            make_box2(ha.x, ha.z, sa);
            make_box2(stack ? ha.x : hb.x, stack ? ha.z : hb.z, sb);
            double rel = r.uniform(-tilt, tilt) + (stack ? 0 : (r.uniform(0, 1) < 0.5 ? 0 : pi / 2));
            double bx = sb.pts[2].x, by = sb.pts[2].y;
            double down = std::fabs(std::sin(rel)) * bx + std::fabs(std::cos(rel)) * by;
            double sink = r.uniform(1e-4, 1e-2) * std::min(ha.z, by);
            p.pa.p = v3(r.uniform(-2, 2), r.uniform(-2, 2), 0);
            p.pa.angle = r.uniform(-pi, pi);
            p.pb.angle = p.pa.angle + rel;
            p.pb.p = apply2(p.pa, v3(off.x, ha.z + down - sink, 0));
            p.u = apply2(Pose{V3{}, Quat{}, p.pa.angle}, v3(0, 1, 0));
        }
        p.a = (int)out.shapes.size();
        out.shapes.push_back(sa);
        p.b = (int)out.shapes.size();
        out.shapes.push_back(sb);
        p.f = 0.5;
        p.t0 = sa.size + sb.size;
        p.overlap = true;
        if (gjk_overlap(out, p)) return;
        out.shapes.pop_back();
        out.shapes.pop_back();
        gjk_forget_shapes();
    }
}

} // namespace

void quat_matrix(Quat q, double m[3][3]) {
    V3 e[3] = {rotate(q, v3(1, 0, 0)), rotate(q, v3(0, 1, 0)), rotate(q, v3(0, 0, 1))};
    for (int j = 0; j < 3; ++j) {
        m[0][j] = e[j].x;
        m[1][j] = e[j].y;
        m[2][j] = e[j].z;
    }
}

const char *query_name(Query q) {
    static const char *names[] = {"intersect", "distance", "penetration", "raycast", "cast", "manifold"};
    return names[q];
}

const std::vector<std::string> &scene_names() {
    static std::vector<std::string> names;
    if (names.empty())
        for (const SceneDef &d : kScenes) names.push_back(d.name);
    return names;
}

bool make_scene(const std::string &name, int npairs, Scene &out) {
    const SceneDef *def = nullptr;
    for (const SceneDef &d : kScenes)
        if (name == d.name) def = &d;
    if (!def) return false;
    Rng r{seed_of(def->name)};
    static long next_id = 0;
    out = Scene();
    out.id = ++next_id;
    out.name = def->name;
    out.dim = def->dim;
    // Hulls and polygons come from a small pool (shapes shared by many pairs, as in a real scene); primitives get
    // their own random size per pair.
    int pool = 0;
    if (def->a == Kind::Hull) pool = 8;
    if (def->a == Kind::Polygon && !def->rest) pool = 16;
    for (int i = 0; i < pool; ++i) {
        Shape s;
        if (def->a == Kind::Hull) {
            if (!make_hull(r, def->points, s)) return false;
        } else {
            make_polygon(r, def->points, s);
        }
        out.shapes.push_back(s);
    }
    double size_sum = 0;
    if (def->rest) {
        for (int i = 0; i < npairs; ++i) {
            Pair p;
            make_rest_pair(r, *def, out, p);
            size_sum += out.shapes[(size_t)p.a].size + out.shapes[(size_t)p.b].size;
            out.pairs.push_back(p);
            out.sel[Q_INTERSECT].push_back(i);
            out.sel[Q_PENETRATION].push_back(i);
            out.sel[Q_MANIFOLD].push_back(i);
        }
        out.scale = npairs ? size_sum / (2.0 * npairs) : 1.0;
        out.ref.assign((size_t)npairs, Ref());
        out.queries = (1u << Q_INTERSECT) | (1u << Q_PENETRATION) | (1u << Q_MANIFOLD);
        return true;
    }
    for (int i = 0; i < npairs; ++i) {
        Pair p;
        if (pool) {
            p.a = (int)(r.next() % (uint64_t)pool);
            p.b = (int)(r.next() % (uint64_t)pool);
        } else {
            Shape sa, sb;
            make_primitive(r, def->a, sa);
            make_primitive(r, def->b, sb);
            p.a = (int)out.shapes.size();
            out.shapes.push_back(sa);
            p.b = (int)out.shapes.size();
            out.shapes.push_back(sb);
        }
        V3 u;
        if (def->dim == 3) {
            double x = r.uniform(-2, 2), y = r.uniform(-2, 2), z = r.uniform(-2, 2);
            p.pa.p = v3(x, y, z);
            p.pa.q = r.rotation();
            p.pb.q = r.rotation();
            u = r.unit_vector();
        } else {
            double x = r.uniform(-2, 2), y = r.uniform(-2, 2);
            p.pa.p = v3(x, y, 0);
            p.pa.angle = r.uniform(-3.141592653589793, 3.141592653589793);
            p.pb.angle = r.uniform(-3.141592653589793, 3.141592653589793);
            double a = r.uniform(-3.141592653589793, 3.141592653589793);
            u = v3(std::cos(a), std::sin(a), 0);
        }
        p.f = r.uniform(0.6, 1.4);
        // Touching distance t0 along u by bisection: both shapes contain their local origin, so the pair overlaps
        // at t = 0 and the overlapping offsets form an interval [0, t0].
        double lo = 0, hi = out.shapes[(size_t)p.a].size + out.shapes[(size_t)p.b].size + 1e-3;
        for (int it = 0; it < 64 && hi - lo > 1e-15 * hi; ++it) {
            double mid = 0.5 * (lo + hi);
            p.pb.p = p.pa.p + mid * u;
            (gjk_overlap(out, p) ? lo : hi) = mid;
        }
        double t0 = 0.5 * (lo + hi);
        p.pb.p = p.pa.p + (p.f * t0) * u;
        p.u = u;
        p.t0 = t0;
        p.overlap = p.f < 1.0;
        size_sum += out.shapes[(size_t)p.a].size + out.shapes[(size_t)p.b].size;
        out.pairs.push_back(p);
    }
    out.scale = npairs ? size_sum / (2.0 * npairs) : 1.0;
    for (int i = 0; i < npairs; ++i) {
        out.sel[Q_INTERSECT].push_back(i);
        out.sel[out.pairs[(size_t)i].overlap ? Q_PENETRATION : Q_DISTANCE].push_back(i);
    }
    out.ref.assign((size_t)npairs, Ref());
    out.queries = (1u << Q_COUNT) - 1;
    add_rows(out);
    return true;
}
