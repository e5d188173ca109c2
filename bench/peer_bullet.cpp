// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Bullet 3 (Debian's default single-precision build) through its public API, two ways:
// - "bullet epa2": btGjkEpaSolver2::Distance (intersect: it reports false for overlapping shapes; distance) and
//   btGjkEpaSolver2::Penetration (penetration);
// - "bullet pairdet": btGjkPairDetector with btVoronoiSimplexSolver and btGjkEpaPenetrationDepthSolver,
//   getClosestPoints for all three queries (the path Bullet's convex-convex collision algorithm takes).
// Shapes: btBoxShape, btSphereShape, btCapsuleShapeZ, btCylinderShapeZ (gjk's capsule and cylinder axes are local
// z), btConvexHullShape; margins set to 0 where Bullet allows it (its sphere and capsule are a point and a segment
// with the radius as margin: their default). 3D only.
#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include "bench.h"

namespace {

V3 from(const btVector3 &v) { return v3((double)v.x(), (double)v.y(), (double)v.z()); }

btTransform transform(const Pose &p) {
    btQuaternion q((btScalar)p.q.x, (btScalar)p.q.y, (btScalar)p.q.z, (btScalar)p.q.w);
    return btTransform(q, btVector3((btScalar)p.p.x, (btScalar)p.p.y, (btScalar)p.p.z));
}

class BulletLib : public Lib {
public:
    explicit BulletLib(bool pairdet) : pairdet_(pairdet) {}
    const char *name() const override { return pairdet_ ? "bullet pairdet" : "bullet epa2"; }
    bool supports(const Scene &s, Query q) const override { return s.dim == 3 && q <= Q_PENETRATION; }
    bool prepare(const Scene &s) override {
        release();
        if (s.dim != 3) return true;
        for (const Shape &sh : s.shapes) {
            btConvexShape *b = nullptr;
            switch (sh.kind) {
            case Kind::Box:
                b = new btBoxShape(btVector3((btScalar)sh.half.x, (btScalar)sh.half.y, (btScalar)sh.half.z));
                b->setMargin(0);
                break;
            case Kind::Sphere: b = new btSphereShape((btScalar)sh.radius); break;
            case Kind::Capsule: b = new btCapsuleShapeZ((btScalar)sh.radius, (btScalar)(2 * sh.half_height)); break;
            case Kind::Cylinder:
                b = new btCylinderShapeZ(
                    btVector3((btScalar)sh.radius, (btScalar)sh.radius, (btScalar)sh.half_height));
                b->setMargin(0);
                break;
            case Kind::Hull: {
                btConvexHullShape *h = new btConvexHullShape();
                for (const V3 &v : sh.pts) h->addPoint(btVector3((btScalar)v.x, (btScalar)v.y, (btScalar)v.z), false);
                h->recalcLocalAabb();
                h->setMargin(0);
                b = h;
                break;
            }
            default: return false;
            }
            shapes_.push_back(b);
        }
        for (const Pair &p : s.pairs) {
            a_.push_back(shapes_[(size_t)p.a]);
            b_.push_back(shapes_[(size_t)p.b]);
            ta_.push_back(transform(p.pa));
            tb_.push_back(transform(p.pb));
        }
        return true;
    }
    void release() override {
        for (btConvexShape *b : shapes_) delete b;
        shapes_.clear(), a_.clear(), b_.clear(), ta_.clear(), tb_.clear();
    }

    // btGjkPairDetector: distance > 0 separated, < 0 penetrating; normal on B points from B to A.
    bool closest(int i, btPointCollector &out) {
        btGjkPairDetector det(a_[(size_t)i], b_[(size_t)i], &simplex_, &depth_solver_);
        btDiscreteCollisionDetectorInterface::ClosestPointInput in;
        in.m_transformA = ta_[(size_t)i];
        in.m_transformB = tb_[(size_t)i];
        det.getClosestPoints(in, out, nullptr);
        return out.m_hasResult;
    }
    // btGjkEpaSolver2's normal is in shape 0's local frame and points from B to A (Distance: w0 - w1;
    // Penetration: minus the EPA normal, and B's witness is A's minus the EPA normal times the depth).
    V3 world_normal(int i, const btGjkEpaSolver2::sResults &res) const {
        return -from(ta_[(size_t)i].getBasis() * res.normal);
    }
    btVector3 guess(int i) const { return tb_[(size_t)i].getOrigin() - ta_[(size_t)i].getOrigin(); }

    Result run(Query q, int i) override {
        Result r;
        if (pairdet_) {
            btPointCollector out;
            if (!closest(i, out)) return r;
            double d = (double)out.m_distance;
            r.valid = true;
            r.intersect = d <= 0;
            if (q == Q_INTERSECT) return r;
            if (q == Q_PENETRATION && !r.intersect) r.valid = false;
            r.distance = d;
            r.normal = -from(out.m_normalOnBInWorld);
            r.pb = from(out.m_pointInWorld);
            r.pa = r.pb - d * r.normal;
            r.has_normal = r.has_points = true;
            return r;
        }
        btGjkEpaSolver2::sResults res;
        res.distance = 0;
        if (q == Q_INTERSECT || q == Q_DISTANCE) {
            bool sep = btGjkEpaSolver2::Distance(a_[(size_t)i], ta_[(size_t)i], b_[(size_t)i], tb_[(size_t)i],
                                                 guess(i), res);
            r.valid = sep || res.status == btGjkEpaSolver2::sResults::Penetrating ||
                      res.status == btGjkEpaSolver2::sResults::GJK_Failed;
            // Distance works on the shapes without their margins (Bullet's sphere and capsule radii): add them
            // back, as a caller of this API has to
            double ma = (double)a_[(size_t)i]->getMargin(), mb = (double)b_[(size_t)i]->getMargin();
            r.intersect = !sep || (double)res.distance <= ma + mb;
            if (q == Q_INTERSECT || r.intersect) return r;
            r.normal = world_normal(i, res);
            r.distance = (double)res.distance - ma - mb;
            r.pa = from(res.witnesses[0]) + ma * r.normal;
            r.pb = from(res.witnesses[1]) - mb * r.normal;
            r.has_normal = r.has_points = true;
            return r;
        } else {
            bool pen = btGjkEpaSolver2::Penetration(a_[(size_t)i], ta_[(size_t)i], b_[(size_t)i], tb_[(size_t)i],
                                                    guess(i), res);
            r.valid = pen;
            r.intersect = pen;
            if (!pen) return r;
            r.distance = (double)res.distance; // negative: minus the depth
        }
        r.pa = from(res.witnesses[0]);
        r.pb = from(res.witnesses[1]);
        r.normal = world_normal(i, res);
        r.has_normal = r.has_points = true;
        return r;
    }
    double pass(Query q, const std::vector<int> &idx) override {
        double sum = 0;
        if (pairdet_) {
            for (int i : idx) {
                btPointCollector out;
                closest(i, out);
                sum += (double)out.m_distance;
            }
            return sum;
        }
        for (int i : idx) {
            btGjkEpaSolver2::sResults res;
            res.distance = 0;
            bool hit = q == Q_PENETRATION
                           ? btGjkEpaSolver2::Penetration(a_[(size_t)i], ta_[(size_t)i], b_[(size_t)i],
                                                          tb_[(size_t)i], guess(i), res)
                           : btGjkEpaSolver2::Distance(a_[(size_t)i], ta_[(size_t)i], b_[(size_t)i], tb_[(size_t)i],
                                                       guess(i), res);
            if (q != Q_PENETRATION) // margins (sphere, capsule radii) back on, as in run()
                hit = hit && (double)res.distance > (double)a_[(size_t)i]->getMargin() + (double)b_[(size_t)i]->getMargin();
            sum += (double)res.distance + (double)hit;
        }
        return sum;
    }

private:
    bool pairdet_;
    std::vector<btConvexShape *> shapes_, a_, b_;
    std::vector<btTransform> ta_, tb_;
    btVoronoiSimplexSolver simplex_;
    btGjkEpaPenetrationDepthSolver depth_solver_;
};

} // namespace

void add_bullet_libs(std::vector<std::unique_ptr<Lib>> &libs) {
    libs.emplace_back(new BulletLib(false));
    libs.emplace_back(new BulletLib(true));
}
