// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Box2D 2.4 (2D, single precision) through its public API: b2Distance with proxies of the polygon vertices and
// useRadii = false, no warm start (intersect: distance below 10 b2_epsilon, as b2TestOverlap decides; distance:
// gap and closest points), and b2CollidePolygons + b2WorldManifold for penetration on polygons Box2D can hold
// (up to b2_maxPolygonVertices = 8), with the polygon skin radius set to 0. Larger polygons: penetration is '—'.
// The rows: b2PolygonShape::RayCast (raycast, up to 8 vertices), b2ShapeCast (cast, proxies of any size, radius 0),
// b2CollidePolygons (manifold: the points' separations from b2WorldManifold, up to 8 vertices); "box2d toi":
// b2TimeOfImpact with A's sweep standing still and B's translating (cast).
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_polygon_shape.h>
#include <box2d/b2_time_of_impact.h>

#include "bench.h"

namespace {

b2Transform transform(const Pose &p) {
    b2Transform t;
    t.Set(b2Vec2((float)p.p.x, (float)p.p.y), (float)p.angle);
    return t;
}

class Box2dLib : public Lib {
public:
    explicit Box2dLib(bool toi) : toi_(toi) {}
    const char *name() const override { return toi_ ? "box2d toi" : "box2d"; }
    bool supports(const Scene &s, Query q) const override {
        if (s.dim != 2) return false;
        if (toi_) return q == Q_CAST;
        if (q == Q_INTERSECT || q == Q_DISTANCE || q == Q_CAST) return true;
        for (const Shape &sh : s.shapes)
            if ((int)sh.pts.size() > b2_maxPolygonVertices) return false;
        return true;
    }
    bool prepare(const Scene &s) override {
        release();
        if (s.dim != 2) return true;
        verts_.resize(s.shapes.size());
        polys_.resize(s.shapes.size());
        for (size_t k = 0; k < s.shapes.size(); ++k) {
            for (const V3 &v : s.shapes[k].pts) verts_[k].push_back(b2Vec2((float)v.x, (float)v.y));
            if ((int)verts_[k].size() <= b2_maxPolygonVertices) {
                polys_[k].Set(verts_[k].data(), (int32)verts_[k].size());
                polys_[k].m_radius = 0;
            }
        }
        for (size_t k = 0; k < s.shapes.size(); ++k) {
            b2DistanceProxy px;
            px.Set(verts_[k].data(), (int32)verts_[k].size(), 0.0f);
            proxies_.push_back(px);
        }
        for (const Pair &p : s.pairs) {
            b2DistanceInput in;
            in.proxyA = proxies_[(size_t)p.a];
            in.proxyB = proxies_[(size_t)p.b];
            in.transformA = transform(p.pa);
            in.transformB = transform(p.pb);
            in.useRadii = false;
            inputs_.push_back(in);
            ia_.push_back(p.a), ib_.push_back(p.b);
            b2RayCastInput ray;
            ray.p1 = b2Vec2((float)p.ray_o.x, (float)p.ray_o.y);
            ray.p2 = b2Vec2((float)(p.ray_o.x + p.ray_d.x), (float)(p.ray_o.y + p.ray_d.y));
            ray.maxFraction = 1;
            rays_.push_back(ray);
            b2ShapeCastInput sc;
            sc.proxyA = in.proxyA, sc.proxyB = in.proxyB;
            sc.transformA = in.transformA;
            sc.transformB = transform(p.cast_pb);
            sc.translationB = b2Vec2((float)p.cast_v.x, (float)p.cast_v.y);
            casts_.push_back(sc);
            b2TOIInput ti;
            ti.proxyA = in.proxyA, ti.proxyB = in.proxyB;
            ti.sweepA.localCenter.SetZero();
            ti.sweepA.c0 = ti.sweepA.c = in.transformA.p;
            ti.sweepA.a0 = ti.sweepA.a = (float)p.pa.angle;
            ti.sweepA.alpha0 = 0;
            ti.sweepB.localCenter.SetZero();
            ti.sweepB.c0 = sc.transformB.p;
            ti.sweepB.c = sc.transformB.p + sc.translationB;
            ti.sweepB.a0 = ti.sweepB.a = (float)p.cast_pb.angle;
            ti.sweepB.alpha0 = 0;
            ti.tMax = 1;
            tois_.push_back(ti);
        }
        return true;
    }
    void release() override {
        verts_.clear(), polys_.clear(), proxies_.clear(), inputs_.clear(), ia_.clear(), ib_.clear(), rays_.clear(),
            casts_.clear(), tois_.clear();
    }
    Result row(Query q, int i) {
        Result r;
        size_t k = (size_t)i;
        r.valid = true;
        if (q == Q_RAYCAST) {
            b2RayCastOutput out;
            r.intersect = polys_[(size_t)ia_[k]].RayCast(&out, rays_[k], inputs_[k].transformA, 0);
            r.distance = r.intersect ? (double)out.fraction : 1;
            r.normal = v3((double)out.normal.x, (double)out.normal.y, 0);
            r.has_normal = r.intersect;
        } else if (toi_) {
            b2TOIOutput out;
            b2TimeOfImpact(&out, &tois_[k]);
            r.valid = out.state != b2TOIOutput::e_failed && out.state != b2TOIOutput::e_unknown;
            r.intersect = out.state == b2TOIOutput::e_touching || out.state == b2TOIOutput::e_overlapped;
            r.distance = r.intersect ? (double)out.t : 1;
        } else {
            b2ShapeCastOutput out;
            r.intersect = b2ShapeCast(&out, &casts_[k]);
            r.distance = r.intersect ? (double)out.lambda : 1;
            r.iterations = out.iterations;
        }
        return r;
    }
    Result manifold(int i) {
        Result r;
        const b2DistanceInput &in = inputs_[(size_t)i];
        b2Manifold m;
        b2CollidePolygons(&m, &polys_[(size_t)ia_[(size_t)i]], in.transformA, &polys_[(size_t)ib_[(size_t)i]],
                          in.transformB);
        r.valid = true;
        r.count = m.pointCount;
        r.intersect = m.pointCount > 0;
        if (!m.pointCount) return r;
        b2WorldManifold wm;
        wm.Initialize(&m, in.transformA, 0.0f, in.transformB, 0.0f);
        r.distance = 1e300;
        for (int k = 0; k < m.pointCount; ++k) {
            r.seps[k] = (double)wm.separations[k];
            r.distance = std::min(r.distance, r.seps[k]);
        }
        return r;
    }
    Result run(Query q, int i) override {
        if (q == Q_RAYCAST || q == Q_CAST) return row(q, i);
        if (q == Q_MANIFOLD) return manifold(i);
        Result r;
        const b2DistanceInput &in = inputs_[(size_t)i];
        if (q != Q_PENETRATION) {
            b2SimplexCache cache;
            cache.count = 0;
            b2DistanceOutput out;
            b2Distance(&out, &cache, &in);
            r.valid = true;
            r.intersect = out.distance < 10.0f * b2_epsilon;
            if (q == Q_INTERSECT || r.intersect) return r;
            r.distance = (double)out.distance;
            r.pa = v3((double)out.pointA.x, (double)out.pointA.y, 0);
            r.pb = v3((double)out.pointB.x, (double)out.pointB.y, 0);
            r.normal = unit(r.pb - r.pa);
            r.has_normal = r.has_points = true;
            return r;
        }
        b2Manifold m;
        b2CollidePolygons(&m, &polys_[(size_t)ia_[(size_t)i]], in.transformA, &polys_[(size_t)ib_[(size_t)i]],
                          in.transformB);
        r.intersect = m.pointCount > 0;
        r.valid = r.intersect;
        if (!r.valid) return r;
        b2WorldManifold wm;
        wm.Initialize(&m, in.transformA, 0.0f, in.transformB, 0.0f);
        double sep = (double)wm.separations[0];
        for (int k = 1; k < m.pointCount; ++k) sep = std::min(sep, (double)wm.separations[k]);
        r.distance = sep;
        r.normal = v3((double)wm.normal.x, (double)wm.normal.y, 0);
        r.pa = r.pb = v3((double)wm.points[0].x, (double)wm.points[0].y, 0);
        r.has_normal = true;
        return r;
    }
    double pass(Query q, const std::vector<int> &idx) override {
        double sum = 0;
        if (q == Q_RAYCAST) {
            for (int i : idx) {
                b2RayCastOutput out;
                out.fraction = 0;
                sum += polys_[(size_t)ia_[(size_t)i]].RayCast(&out, rays_[(size_t)i], inputs_[(size_t)i].transformA, 0);
                sum += (double)out.fraction;
            }
            return sum;
        }
        if (q == Q_CAST && toi_) {
            for (int i : idx) {
                b2TOIOutput out;
                b2TimeOfImpact(&out, &tois_[(size_t)i]);
                sum += (double)out.t + (double)out.state;
            }
            return sum;
        }
        if (q == Q_MANIFOLD) { // b2CollidePolygons, and b2WorldManifold for the separations in the world
            for (int i : idx) {
                const b2DistanceInput &in = inputs_[(size_t)i];
                b2Manifold m;
                b2CollidePolygons(&m, &polys_[(size_t)ia_[(size_t)i]], in.transformA, &polys_[(size_t)ib_[(size_t)i]],
                                  in.transformB);
                if (!m.pointCount) continue;
                b2WorldManifold wm;
                wm.Initialize(&m, in.transformA, 0.0f, in.transformB, 0.0f);
                sum += (double)wm.separations[0] + (double)m.pointCount;
            }
            return sum;
        }
        if (q == Q_CAST) {
            for (int i : idx) {
                b2ShapeCastOutput out;
                out.lambda = 0;
                sum += b2ShapeCast(&out, &casts_[(size_t)i]) + (double)out.lambda;
            }
            return sum;
        }
        for (int i : idx) {
            const b2DistanceInput &in = inputs_[(size_t)i];
            if (q != Q_PENETRATION) {
                b2SimplexCache cache;
                cache.count = 0;
                b2DistanceOutput out;
                b2Distance(&out, &cache, &in);
                sum += (double)out.distance;
            } else {
                b2Manifold m;
                b2CollidePolygons(&m, &polys_[(size_t)ia_[(size_t)i]], in.transformA, &polys_[(size_t)ib_[(size_t)i]],
                                  in.transformB);
                sum += m.pointCount ? (double)m.points[0].localPoint.x : 0.0;
            }
        }
        return sum;
    }

private:
    std::vector<std::vector<b2Vec2>> verts_;
    std::vector<b2PolygonShape> polys_;
    std::vector<b2DistanceProxy> proxies_;
    std::vector<b2DistanceInput> inputs_;
    std::vector<int> ia_, ib_;
    std::vector<b2RayCastInput> rays_;
    std::vector<b2ShapeCastInput> casts_;
    std::vector<b2TOIInput> tois_;
    bool toi_;
};

} // namespace

void add_box2d_libs(std::vector<std::unique_ptr<Lib>> &libs) {
    libs.emplace_back(new Box2dLib(false));
    libs.emplace_back(new Box2dLib(true));
}
