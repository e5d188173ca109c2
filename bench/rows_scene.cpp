// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// The inputs of the raycast and cast rows, added to every scene after its pairs (from their own random stream, so
// the pairs of the intersect / distance / penetration rows stay as they were), and the warm scenes: frames of a
// pair moving by small steps.
#include <algorithm>

#include "bench.h"
#include "rng.h"

namespace {

uint64_t seed_of(const std::string &name) { // FNV-1a
    uint64_t h = 1469598103934665603ull;
    for (char c : name) h = (h ^ (unsigned char)c) * 1099511628211ull;
    return h;
}

V3 random_dir(Rng &r, int dim) {
    if (dim == 3) return r.unit_vector();
    double a = r.uniform(-3.141592653589793, 3.141592653589793);
    return v3(std::cos(a), std::sin(a), 0);
}

// Mean support (half the mean width) about the local origin, over 64 directions: the shape's typical radius.
double mean_support(const Shape &sh, int dim) {
    double sum = 0;
    int n = 64;
    for (int i = 0; i < n; ++i) {
        V3 d;
        if (dim == 3) {
            double z = 1 - (2 * i + 1) / (double)n, rr = std::sqrt(1 - z * z), ph = 2.399963229728653 * i;
            d = v3(rr * std::cos(ph), rr * std::sin(ph), z);
        } else {
            d = v3(std::cos(6.283185307179586 * i / n), std::sin(6.283185307179586 * i / n), 0);
        }
        double h = 0;
        switch (sh.kind) {
        case Kind::Box: h = sh.half.x * std::fabs(d.x) + sh.half.y * std::fabs(d.y) + sh.half.z * std::fabs(d.z); break;
        case Kind::Sphere: h = sh.radius; break;
        case Kind::Capsule: h = sh.radius + sh.half_height * std::fabs(d.z); break;
        case Kind::Cylinder: h = sh.radius * std::sqrt(std::max(0.0, 1 - d.z * d.z)) + sh.half_height * std::fabs(d.z); break;
        case Kind::Hull:
        case Kind::Polygon:
            h = -1e300;
            for (const V3 &v : sh.pts) h = std::max(h, dot(v, d));
            break;
        }
        sum += h;
    }
    return sum / n;
}

const char *const kWarm[] = {"warm-box-box", "warm-cyl-cyl", "warm-hull-32", "warm-hull-1024"};
const int kFrames = 200;
const double kAim3 = 1.6, kAim2 = 2.4; // aim radius over the mean support (3D, 2D): about half the rays and casts hit

} // namespace

// Rays: the origin outside A's bounding sphere (1.1 to 3 times its radius from A's position, so every ray starts
// outside, where every peer answers), aimed at a point within 1.6 (2D: 2.4) times A's mean support (half its mean width) of
// A's position, the ray running twice as far as the aim point. About half of them hit.
// Casts: B starts on the placement direction u at 1.1 to 2 times the touching offset t0 (so it is separated from
// A), and translates by twice the way to an aim point within 1.6 (2D: 2.4) x (mean support of A + that of B) of A's position.
// About half hit.
void add_rows(Scene &s) {
    Rng r{seed_of(s.name + "/rows")};
    for (Pair &p : s.pairs) {
        const Shape &a = s.shapes[(size_t)p.a], &b = s.shapes[(size_t)p.b];
        double ma = mean_support(a, s.dim), mb = mean_support(b, s.dim), k = s.dim == 3 ? kAim3 : kAim2;
        V3 o = p.pa.p + (a.size * r.uniform(1.1, 3.0)) * random_dir(r, s.dim);
        V3 aim = p.pa.p + (ma * k * std::pow(r.uniform(0, 1), 1.0 / s.dim)) * random_dir(r, s.dim);
        p.ray_o = o;
        p.ray_d = 2.0 * (aim - o);
        p.cast_pb = p.pb;
        p.cast_pb.p = p.pa.p + (p.t0 * r.uniform(1.1, 2.0)) * p.u;
        V3 aim_b =
            p.pa.p + ((ma + mb) * k * std::pow(r.uniform(0, 1), 1.0 / s.dim)) * random_dir(r, s.dim);
        p.cast_v = 2.0 * (aim_b - p.cast_pb.p);
    }
    s.sel[Q_RAYCAST].clear(), s.sel[Q_CAST].clear();
    for (int i = 0; i < (int)s.pairs.size(); ++i) s.sel[Q_RAYCAST].push_back(i), s.sel[Q_CAST].push_back(i);
    s.sel[Q_MANIFOLD] = s.sel[Q_PENETRATION];
}

const std::vector<std::string> &warm_scene_names() {
    static std::vector<std::string> names(std::begin(kWarm), std::end(kWarm));
    return names;
}

// Warm scenes: max(1, npairs / 200) sequences of 200 frames. Each starts from a pair of the base scene; over the
// sequence B's offset along the placement direction goes through 1 + 0.35 cos(phase + 2 pi k / 200) times the
// touching offset (so the pair goes into contact and out again), while B turns 0.01 rad and A 0.005 rad per frame
// about fixed random axes. Steps: about 1% of the shapes' size and 0.6 degrees per frame.
bool make_warm_scene(const std::string &name, int npairs, Scene &out) {
    if (std::find(warm_scene_names().begin(), warm_scene_names().end(), name) == warm_scene_names().end())
        return false;
    int nseq = std::max(1, npairs / kFrames);
    Scene base;
    if (!make_scene(name.substr(5), nseq, base)) return false;
    Rng r{seed_of(name)};
    out = base;
    out.name = name;
    out.pairs.clear();
    for (int q = 0; q < Q_COUNT; ++q) out.sel[q].clear();
    for (int j = 0; j < nseq; ++j) {
        const Pair &p0 = base.pairs[(size_t)j];
        V3 wa = (0.005 * kFrames) * r.unit_vector(), wb = (0.01 * kFrames) * r.unit_vector();
        double phase = r.uniform(0, 6.283185307179586);
        for (int k = 0; k < kFrames; ++k) {
            double t = (double)k / kFrames;
            Pair p = p0;
            p.seq = j;
            p.f = 1 + 0.35 * std::cos(phase + 6.283185307179586 * t);
            p.overlap = p.f < 1;
            p.pa.q = quat_normalized(quat_mul(quat_from_rotation_vector(t * wa), p0.pa.q));
            p.pb.q = quat_normalized(quat_mul(quat_from_rotation_vector(t * wb), p0.pb.q));
            p.pb.p = p0.pa.p + (p.f * p0.t0) * p0.u;
            out.pairs.push_back(p);
        }
    }
    for (int i = 0; i < (int)out.pairs.size(); ++i) {
        out.sel[Q_INTERSECT].push_back(i);
        out.sel[Q_DISTANCE].push_back(i);
        out.sel[Q_MANIFOLD].push_back(i);
    }
    out.ref.assign(out.pairs.size(), Ref());
    out.queries = (1u << Q_INTERSECT) | (1u << Q_DISTANCE) | (1u << Q_MANIFOLD);
    out.gjk_only = true;
    return true;
}
