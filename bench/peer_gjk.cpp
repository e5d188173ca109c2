// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// gjk through its public C API: gjk_intersect3 / gjk_distance3 / gjk_penetration3 (and the 2D mirrors), cold
// (cache = NULL) and warm (one zero-initialised gjk_cache3 per pair and query, kept across passes; in the warm
// scenes one per moving pair, carried from frame to frame). The rows: gjk_raycast3/2, gjk_shape_cast3/2 (linear,
// target distance 0, default tolerance), gjk_collide3/2 (speculative distance 0).
#include <gjk/gjk.h>

#include <algorithm>

#include "bench.h"

namespace {

gjk_vec3 g3(V3 v) { return gjk_v3((gjk_real)v.x, (gjk_real)v.y, (gjk_real)v.z); }
V3 b3(gjk_vec3 v) { return v3((double)v.x, (double)v.y, (double)v.z); }
V3 b2(gjk_vec2 v) { return v3((double)v.x, (double)v.y, 0); }
gjk_pose3 pose3(const Pose &p) {
    gjk_quat q = {(gjk_real)p.q.w, (gjk_real)p.q.x, (gjk_real)p.q.y, (gjk_real)p.q.z};
    return gjk_pose3_make(g3(p.p), q);
}
gjk_pose2 pose2(const Pose &p) { return gjk_pose2_make(gjk_v2((gjk_real)p.p.x, (gjk_real)p.p.y), (gjk_real)p.angle); }

// The scene in gjk's types: shapes (hulls owned), one gjk_pair per pair.
struct GjkScene {
    int dim = 3;
    std::vector<gjk_shape3> s3;
    std::vector<gjk_shape2> s2;
    std::vector<gjk_hull3 *> h3;
    std::vector<gjk_hull2 *> h2;
    std::vector<gjk_pair3> p3;
    std::vector<gjk_pair2> p2;

    // Convert one shape (appended to s3 / s2). Hulls are built here, once per shape.
    bool add_shape(const Shape &sh, int d) {
        if (d == 2) {
            std::vector<gjk_vec2> pts;
            for (const V3 &v : sh.pts) pts.push_back(gjk_v2((gjk_real)v.x, (gjk_real)v.y));
            gjk_status st;
            gjk_hull2 *h = gjk_hull2_create(pts.data(), (int)pts.size(), &st);
            if (!h) return false;
            h2.push_back(h);
            s2.push_back(gjk_polygon2(h));
            return true;
        }
        switch (sh.kind) {
        case Kind::Box: s3.push_back(gjk_box3(g3(sh.half))); break;
        case Kind::Sphere: s3.push_back(gjk_sphere3((gjk_real)sh.radius)); break;
        case Kind::Capsule: s3.push_back(gjk_capsule3((gjk_real)sh.radius, (gjk_real)sh.half_height)); break;
        case Kind::Cylinder: s3.push_back(gjk_cylinder3((gjk_real)sh.radius, (gjk_real)sh.half_height)); break;
        case Kind::Hull: {
            std::vector<gjk_vec3> pts;
            for (const V3 &v : sh.pts) pts.push_back(g3(v));
            gjk_status st;
            gjk_hull3 *h = gjk_hull3_create(pts.data(), (int)pts.size(), &st);
            if (!h) return false;
            h3.push_back(h);
            s3.push_back(gjk_hull_shape3(h));
            break;
        }
        default: return false;
        }
        return true;
    }
    bool build(const Scene &s) {
        clear();
        dim = s.dim;
        for (const Shape &sh : s.shapes)
            if (!add_shape(sh, s.dim)) return false;
        for (const Pair &p : s.pairs) {
            if (s.dim == 2) {
                gjk_pair2 q = {&s2[(size_t)p.a], pose2(p.pa), &s2[(size_t)p.b], pose2(p.pb)};
                p2.push_back(q);
            } else {
                gjk_pair3 q = {&s3[(size_t)p.a], pose3(p.pa), &s3[(size_t)p.b], pose3(p.pb)};
                p3.push_back(q);
            }
        }
        return true;
    }
    void clear() {
        for (gjk_hull3 *h : h3) gjk_hull3_destroy(h);
        for (gjk_hull2 *h : h2) gjk_hull2_destroy(h);
        h3.clear(), h2.clear(), s3.clear(), s2.clear(), p3.clear(), p2.clear();
    }
    ~GjkScene() { clear(); }
};

Result convert(Query q, const gjk_result3 &r) {
    Result o;
    o.intersect = r.intersect;
    o.valid = r.status == GJK_OK || r.status == GJK_MAX_ITERATIONS || r.status == GJK_DEGENERATE;
    if (q == Q_PENETRATION && !r.intersect) o.valid = false;
    o.distance = (double)r.distance;
    o.normal = b3(r.normal);
    o.pa = b3(r.point_a);
    o.pb = b3(r.point_b);
    o.has_normal = o.has_points = q != Q_INTERSECT;
    o.iterations = r.iterations + r.epa_iterations;
    return o;
}
Result convert(Query q, const gjk_result2 &r) {
    Result o;
    o.intersect = r.intersect;
    o.valid = r.status == GJK_OK || r.status == GJK_MAX_ITERATIONS || r.status == GJK_DEGENERATE;
    if (q == Q_PENETRATION && !r.intersect) o.valid = false;
    o.distance = (double)r.distance;
    o.normal = b2(r.normal);
    o.pa = b2(r.point_a);
    o.pb = b2(r.point_b);
    o.has_normal = o.has_points = q != Q_INTERSECT;
    o.iterations = r.iterations + r.epa_iterations;
    return o;
}

Result convert(const gjk_ray_result3 &r) {
    Result o;
    o.valid = r.status == GJK_OK || r.status == GJK_MAX_ITERATIONS;
    o.intersect = r.hit;
    o.distance = (double)r.fraction;
    o.normal = b3(r.normal);
    o.has_normal = r.hit;
    o.iterations = r.iterations;
    return o;
}
Result convert(const gjk_ray_result2 &r) {
    Result o;
    o.valid = r.status == GJK_OK || r.status == GJK_MAX_ITERATIONS;
    o.intersect = r.hit;
    o.distance = (double)r.fraction;
    o.normal = b2(r.normal);
    o.has_normal = r.hit;
    o.iterations = r.iterations;
    return o;
}
template <class R> Result convert_cast(const R &r) {
    Result o;
    o.valid = r.status == GJK_OK || r.state == GJK_CAST_FAILED;
    o.intersect = r.hit;
    o.distance = (double)r.t;
    o.iterations = r.iterations;
    return o;
}
template <class M> Result convert_manifold(const M &m) {
    Result o;
    o.valid = m.status == GJK_OK || m.status == GJK_MAX_ITERATIONS || m.status == GJK_DEGENERATE;
    o.intersect = m.count > 0;
    o.count = m.count;
    o.distance = 1e300;
    for (int k = 0; k < m.count && k < 4; ++k) {
        o.seps[k] = (double)m.points[k].separation;
        o.distance = std::min(o.distance, o.seps[k]);
    }
    if (!m.count) o.distance = 0;
    o.iterations = m.iterations;
    return o;
}

// The speed knob: the queries at this relative tolerance (gjk_options), with their certified bounds; a column of
// its own, "gjk tol", next to the exact defaults.
gjk_real loose_tolerance = (gjk_real)1e-4;

class GjkLib : public Lib {
public:
    explicit GjkLib(bool warm, bool loose = false) : warm_(warm), loose_(loose) {
        options_ = gjk_options{};
        options_.tolerance = loose_tolerance;
    }
    const char *name() const override { return loose_ ? "gjk tol" : warm_ ? "gjk warm" : "gjk"; }
    bool supports(const Scene &, Query q) const override {
        return loose_ ? q < Q_RAYCAST : !warm_ || (q != Q_RAYCAST && q != Q_CAST);
    }
    bool prepare(const Scene &s) override {
        options_.tolerance = loose_tolerance; // (set after the command line is read)
        if (!g_.build(s)) return false;
        for (int q = 0; q < Q_COUNT; ++q) {
            c3_[q].assign(s.pairs.size(), gjk_cache3{});
            c2_[q].assign(s.pairs.size(), gjk_cache2{});
        }
        slot_.clear();
        for (size_t i = 0; i < s.pairs.size(); ++i) slot_.push_back(s.pairs[i].seq >= 0 ? s.pairs[i].seq : (int)i);
        rays3_.clear(), rays2_.clear(), casts3_.clear(), casts2_.clear();
        for (size_t i = 0; i < s.pairs.size(); ++i) {
            const Pair &p = s.pairs[i];
            if (s.dim == 3) {
                gjk_ray3 ray = {g3(p.ray_o), g3(p.ray_d), 1};
                rays3_.push_back(ray);
                gjk_cast_input3 in = {};
                in.pair = g_.p3[i];
                in.pair.pose_b = pose3(p.cast_pb);
                in.motion_b.translation = g3(p.cast_v);
                casts3_.push_back(in);
            } else {
                gjk_ray2 ray = {gjk_v2((gjk_real)p.ray_o.x, (gjk_real)p.ray_o.y),
                                gjk_v2((gjk_real)p.ray_d.x, (gjk_real)p.ray_d.y), 1};
                rays2_.push_back(ray);
                gjk_cast_input2 in = {};
                in.pair = g_.p2[i];
                in.pair.pose_b = pose2(p.cast_pb);
                in.motion_b.translation = gjk_v2((gjk_real)p.cast_v.x, (gjk_real)p.cast_v.y);
                casts2_.push_back(in);
            }
        }
        return true;
    }
    void release() override { g_.clear(); }
    gjk_cache3 *cache3(Query q, int i) { return warm_ ? &c3_[q][(size_t)slot_[(size_t)i]] : nullptr; }
    gjk_cache2 *cache2(Query q, int i) { return warm_ ? &c2_[q][(size_t)slot_[(size_t)i]] : nullptr; }
    // The rows: raycast, cast, manifold.
    Result row(Query q, int i) {
        size_t k = (size_t)i;
        if (g_.dim == 2) {
            const gjk_pair2 &p = g_.p2[k];
            if (q == Q_RAYCAST) return convert(gjk_raycast2(p.a, p.pose_a, &rays2_[k]));
            if (q == Q_CAST) return convert_cast(gjk_shape_cast2(&casts2_[k]));
            return convert_manifold(gjk_collide2(&p, 0, cache2(q, i)));
        }
        const gjk_pair3 &p = g_.p3[k];
        if (q == Q_RAYCAST) return convert(gjk_raycast3(p.a, p.pose_a, &rays3_[k]));
        if (q == Q_CAST) return convert_cast(gjk_shape_cast3(&casts3_[k]));
        return convert_manifold(gjk_collide3(&p, 0, cache3(q, i)));
    }
    double row_pass(Query q, const std::vector<int> &idx) {
        double sum = 0;
        if (g_.dim == 2) {
            for (int i : idx) {
                size_t k = (size_t)i;
                const gjk_pair2 &p = g_.p2[k];
                if (q == Q_RAYCAST) {
                    gjk_ray_result2 r = gjk_raycast2(p.a, p.pose_a, &rays2_[k]);
                    sum += (double)r.fraction + (double)r.normal.x;
                } else if (q == Q_CAST) {
                    gjk_cast_result2 r = gjk_shape_cast2(&casts2_[k]);
                    sum += (double)r.t + (double)r.normal.x;
                } else {
                    gjk_manifold2 m = gjk_collide2(&p, 0, cache2(q, i));
                    sum += (double)m.count + (double)m.points[0].separation;
                }
            }
            return sum;
        }
        for (int i : idx) {
            size_t k = (size_t)i;
            const gjk_pair3 &p = g_.p3[k];
            if (q == Q_RAYCAST) {
                gjk_ray_result3 r = gjk_raycast3(p.a, p.pose_a, &rays3_[k]);
                sum += (double)r.fraction + (double)r.normal.x;
            } else if (q == Q_CAST) {
                gjk_cast_result3 r = gjk_shape_cast3(&casts3_[k]);
                sum += (double)r.t + (double)r.normal.x;
            } else {
                gjk_manifold3 m = gjk_collide3(&p, 0, cache3(q, i));
                sum += (double)m.count + (double)m.points[0].separation;
            }
        }
        return sum;
    }
    static gjk_query_kind kind(Query q) {
        return q == Q_INTERSECT ? GJK_QUERY_INTERSECT : q == Q_DISTANCE ? GJK_QUERY_DISTANCE : GJK_QUERY_PENETRATION;
    }
    Result run(Query q, int i) override {
        if (q >= Q_RAYCAST) return row(q, i);
        if (loose_) {
            if (g_.dim == 2) return convert(q, gjk_query2(kind(q), &g_.p2[(size_t)i], &options_, nullptr));
            return convert(q, gjk_query3(kind(q), &g_.p3[(size_t)i], &options_, nullptr));
        }
        if (g_.dim == 2) {
            const gjk_pair2 *p = &g_.p2[(size_t)i];
            gjk_cache2 *c = cache2(q, i);
            return convert(q, q == Q_INTERSECT ? gjk_intersect2(p, c)
                              : q == Q_DISTANCE ? gjk_distance2(p, c)
                                                : gjk_penetration2(p, c));
        }
        const gjk_pair3 *p = &g_.p3[(size_t)i];
        gjk_cache3 *c = cache3(q, i);
        return convert(q, q == Q_INTERSECT ? gjk_intersect3(p, c)
                          : q == Q_DISTANCE ? gjk_distance3(p, c)
                                            : gjk_penetration3(p, c));
    }
    double pass(Query q, const std::vector<int> &idx) override {
        if (q >= Q_RAYCAST) return row_pass(q, idx);
        double sum = 0;
        if (loose_) {
            const gjk_query_kind k = kind(q);
            for (int i : idx) {
                if (g_.dim == 2) {
                    gjk_result2 r = gjk_query2(k, &g_.p2[(size_t)i], &options_, nullptr);
                    sum += (double)r.distance + (double)r.intersect;
                } else {
                    gjk_result3 r = gjk_query3(k, &g_.p3[(size_t)i], &options_, nullptr);
                    sum += (double)r.distance + (double)r.intersect;
                }
            }
            return sum;
        }
        if (g_.dim == 2) {
            for (int i : idx) {
                const gjk_pair2 *p = &g_.p2[(size_t)i];
                gjk_cache2 *c = cache2(q, i);
                gjk_result2 r = q == Q_INTERSECT  ? gjk_intersect2(p, c)
                                : q == Q_DISTANCE ? gjk_distance2(p, c)
                                                  : gjk_penetration2(p, c);
                sum += (double)r.distance + (double)r.intersect;
            }
            return sum;
        }
        for (int i : idx) {
            const gjk_pair3 *p = &g_.p3[(size_t)i];
            gjk_cache3 *c = cache3(q, i);
            gjk_result3 r = q == Q_INTERSECT  ? gjk_intersect3(p, c)
                            : q == Q_DISTANCE ? gjk_distance3(p, c)
                                              : gjk_penetration3(p, c);
            sum += (double)r.distance + (double)r.intersect;
        }
        return sum;
    }

private:
    bool warm_, loose_;
    gjk_options options_;
    GjkScene g_;
    std::vector<gjk_cache3> c3_[Q_COUNT];
    std::vector<gjk_cache2> c2_[Q_COUNT];
    std::vector<int> slot_; // cache slot of each pair: the pair, or its sequence in the warm scenes
    std::vector<gjk_ray3> rays3_;
    std::vector<gjk_ray2> rays2_;
    std::vector<gjk_cast_input3> casts3_;
    std::vector<gjk_cast_input2> casts2_;
};

// gjk's shapes for the scene builder (placement) and the reference (starting guesses): converted once per shape
// and kept for the last scene seen (ids are unique in a run; a scene under construction only grows).
struct ShapeCache {
    long id = -1;
    GjkScene g;
    bool sync(const Scene &s) {
        if (id != s.id) g.clear(), id = s.id;
        size_t have = s.dim == 2 ? g.s2.size() : g.s3.size();
        for (size_t k = have; k < s.shapes.size(); ++k)
            if (!g.add_shape(s.shapes[k], s.dim)) return false;
        return true;
    }
};
ShapeCache cache;

} // namespace

void gjk_forget_shapes() {
    cache.g.clear();
    cache.id = -1;
}

bool gjk_overlap(const Scene &s, const Pair &p) {
    if (!cache.sync(s)) return false;
    const GjkScene &g = cache.g;
    if (s.dim == 2) {
        gjk_pair2 q = {&g.s2[(size_t)p.a], pose2(p.pa), &g.s2[(size_t)p.b], pose2(p.pb)};
        return gjk_intersect2(&q, nullptr).intersect;
    }
    gjk_pair3 q = {&g.s3[(size_t)p.a], pose3(p.pa), &g.s3[(size_t)p.b], pose3(p.pb)};
    return gjk_intersect3(&q, nullptr).intersect;
}

bool gjk_signed(const Scene &s, const Pair &p, double *sd, V3 *normal) {
    if (!cache.sync(s)) return false;
    const GjkScene &g = cache.g;
    if (s.dim == 2) {
        gjk_pair2 q = {&g.s2[(size_t)p.a], pose2(p.pa), &g.s2[(size_t)p.b], pose2(p.pb)};
        gjk_result2 r = gjk_signed_distance2(&q, nullptr);
        *sd = (double)r.distance;
        *normal = b2(r.normal);
        return r.status != GJK_INVALID_INPUT;
    }
    gjk_pair3 q = {&g.s3[(size_t)p.a], pose3(p.pa), &g.s3[(size_t)p.b], pose3(p.pb)};
    gjk_result3 r = gjk_signed_distance3(&q, nullptr);
    *sd = (double)r.distance;
    *normal = b3(r.normal);
    return r.status != GJK_INVALID_INPUT;
}

void gjk_set_bench_tolerance(double t) { loose_tolerance = (gjk_real)t; }

void add_gjk_libs(std::vector<std::unique_ptr<Lib>> &libs) {
    libs.emplace_back(new GjkLib(false));
    libs.emplace_back(new GjkLib(true));
    libs.emplace_back(new GjkLib(false, true));
}
