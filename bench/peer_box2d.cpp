// Box2D 2.4 (2D, single precision) through its public API: b2Distance with proxies of the polygon vertices and
// useRadii = false, no warm start (intersect: distance below 10 b2_epsilon, as b2TestOverlap decides; distance:
// gap and closest points), and b2CollidePolygons + b2WorldManifold for penetration on polygons Box2D can hold
// (up to b2_maxPolygonVertices = 8), with the polygon skin radius set to 0. Larger polygons: penetration is '—'.
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_polygon_shape.h>

#include "bench.h"

namespace {

b2Transform transform(const Pose &p) {
    b2Transform t;
    t.Set(b2Vec2((float)p.p.x, (float)p.p.y), (float)p.angle);
    return t;
}

class Box2dLib : public Lib {
public:
    const char *name() const override { return "box2d"; }
    bool supports(const Scene &s, Query q) const override {
        if (s.dim != 2) return false;
        if (q != Q_PENETRATION) return true;
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
        }
        return true;
    }
    void release() override {
        verts_.clear(), polys_.clear(), proxies_.clear(), inputs_.clear(), ia_.clear(), ib_.clear();
    }
    Result run(Query q, int i) override {
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
};

} // namespace

void add_box2d_libs(std::vector<std::unique_ptr<Lib>> &libs) { libs.emplace_back(new Box2dLib()); }
