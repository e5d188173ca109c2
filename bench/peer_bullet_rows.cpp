// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Bullet 3 (Debian's single-precision build) for the raycast, cast and manifold rows, through its public API:
// - "bullet subsimplex": btSubsimplexConvexCast with btVoronoiSimplexSolver. Ray casts as
//   btCollisionWorld::rayTestSingle does for a convex shape: a btSphereShape of radius 0 and margin 0 cast from the
//   ray's origin to its end against the shape; a hit counts when calcTimeOfImpact returns true with a normal of
//   squared length above 1e-4 and a fraction below 1 (rayTestSingle's tests). Shape casts: B's shape cast from its
//   start transform to the end against A standing still.
// - "bullet gjkcast": the same with btGjkConvexCast (rayTestSingle's kF_UseGjkConvexCastRaytest).
// - "bullet clip": contact manifolds as btConvexConvexAlgorithm makes them for polyhedra by default
//   (m_enableSatConvex false): btGjkPairDetector (btVoronoiSimplexSolver, btGjkEpaPenetrationDepthSolver) gives the
//   normal and distance, then btPolyhedralContactClipping::clipHullAgainstHull (minDist = that distance, maxDist 0)
//   on the btConvexPolyhedron of btBoxShape / btConvexHullShape (initializePolyhedralFeatures, margin 0). Every
//   clipped point is reported (before btPersistentManifold reduces them to 4).
// - "bullet clip sat": the m_enableSatConvex path: findSeparatingAxis (face normals and every pair of edges) instead
//   of GJK + EPA, then clipHullAgainstHull with minDist -1e30.
//   Both on box-box, rest-box, hull-8 and hull-32 only (the edge-pair search is slow on big hulls).
// - "bullet boxbox": btBoxBoxDetector, the narrow phase Bullet's default configuration uses for two boxes
//   (btBoxBoxCollisionAlgorithm, ODE's dBoxBox: the separating axes, then up to 4 clipped points), on box-box and
//   rest-box.
// Shapes as in peer_bullet.cpp: sphere and capsule are a point and a segment with the radius as margin.
#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/CollisionShapes/btConvexPolyhedron.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>
#include <BulletCollision/NarrowPhaseCollision/btSubSimplexConvexCast.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include "bench.h"

namespace {

V3 from(const btVector3 &v) { return v3((double)v.x(), (double)v.y(), (double)v.z()); }
btVector3 to(V3 v) { return btVector3((btScalar)v.x, (btScalar)v.y, (btScalar)v.z); }

btTransform transform(const Pose &p) {
    btQuaternion q((btScalar)p.q.x, (btScalar)p.q.y, (btScalar)p.q.z, (btScalar)p.q.w);
    return btTransform(q, to(p.p));
}

// Collects every point clipHullAgainstHull reports (depth: separation along the normal, negative overlapping).
struct Collector : public btDiscreteCollisionDetectorInterface::Result {
    int count = 0;
    double seps[16] = {};
    double min_sep = 1e300;
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3 &, const btVector3 &, btScalar depth) override {
        if (count < 16) seps[count] = (double)depth;
        ++count;
        min_sep = std::min(min_sep, (double)depth);
    }
};

enum Mode { SUBSIMPLEX, GJKCAST, CLIP, CLIP_SAT, BOXBOX };

class BulletRowLib : public Lib {
public:
    explicit BulletRowLib(Mode m) : mode_(m) {}
    const char *name() const override {
        return mode_ == SUBSIMPLEX ? "bullet subsimplex"
               : mode_ == GJKCAST  ? "bullet gjkcast"
               : mode_ == CLIP     ? "bullet clip"
               : mode_ == CLIP_SAT ? "bullet clip sat"
                                   : "bullet boxbox";
    }
    bool supports(const Scene &s, Query q) const override {
        if (s.dim != 3) return false;
        if (mode_ == SUBSIMPLEX || mode_ == GJKCAST) return q == Q_RAYCAST || q == Q_CAST;
        if (mode_ == BOXBOX) return q == Q_MANIFOLD && (s.name == "box-box" || s.name == "rest-box");
        return q == Q_MANIFOLD &&
               (s.name == "box-box" || s.name == "rest-box" || s.name == "hull-8" || s.name == "hull-32");
    }
    bool prepare(const Scene &s) override {
        release();
        if (s.dim != 3) return true;
        bool clip = supports(s, Q_MANIFOLD) && mode_ != BOXBOX;
        for (const Shape &sh : s.shapes) {
            btConvexShape *b = nullptr;
            switch (sh.kind) {
            case Kind::Box: {
                btBoxShape *x = new btBoxShape(to(sh.half));
                x->setMargin(0);
                if (clip) x->initializePolyhedralFeatures();
                b = x;
                break;
            }
            case Kind::Sphere: b = new btSphereShape((btScalar)sh.radius); break;
            case Kind::Capsule: b = new btCapsuleShapeZ((btScalar)sh.radius, (btScalar)(2 * sh.half_height)); break;
            case Kind::Cylinder:
                b = new btCylinderShapeZ(btVector3((btScalar)sh.radius, (btScalar)sh.radius, (btScalar)sh.half_height));
                b->setMargin(0);
                break;
            case Kind::Hull: {
                btConvexHullShape *h = new btConvexHullShape();
                for (const V3 &v : sh.pts) h->addPoint(to(v), false);
                h->recalcLocalAabb();
                h->setMargin(0);
                if (clip) h->initializePolyhedralFeatures();
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
            btTransform from = transform(p.cast_pb), end = from;
            end.setOrigin(from.getOrigin() + to(p.cast_v));
            cb0_.push_back(from), cb1_.push_back(end);
            btTransform r0, r1;
            r0.setIdentity(), r1.setIdentity();
            r0.setOrigin(to(p.ray_o)), r1.setOrigin(to(p.ray_o + p.ray_d));
            r0_.push_back(r0), r1_.push_back(r1);
        }
        point_.setMargin(0);
        return true;
    }
    void release() override {
        for (btConvexShape *b : shapes_) delete b;
        shapes_.clear(), a_.clear(), b_.clear(), ta_.clear(), tb_.clear(), cb0_.clear(), cb1_.clear(), r0_.clear(),
            r1_.clear();
    }

    // One ray or shape cast; returns whether it hit (rayTestSingle's conditions for rays).
    bool cast(Query q, int i, btConvexCast::CastResult &res) {
        size_t k = (size_t)i;
        res.m_fraction = 1;
        btConvexCast *caster;
        const btConvexShape *moving = q == Q_RAYCAST ? &point_ : b_[k];
        btSubsimplexConvexCast sub(moving, a_[k], &simplex_);
        btGjkConvexCast gjk(moving, a_[k], &simplex_);
        caster = mode_ == SUBSIMPLEX ? (btConvexCast *)&sub : (btConvexCast *)&gjk;
        bool hit = q == Q_RAYCAST ? caster->calcTimeOfImpact(r0_[k], r1_[k], ta_[k], ta_[k], res)
                                  : caster->calcTimeOfImpact(cb0_[k], cb1_[k], ta_[k], ta_[k], res);
        if (q == Q_RAYCAST) hit = hit && res.m_normal.length2() > btScalar(0.0001) && res.m_fraction < btScalar(1);
        return hit && res.m_fraction <= btScalar(1);
    }
    bool clip(int i, Collector &out) {
        size_t k = (size_t)i;
        if (mode_ == BOXBOX) {
            btBoxBoxDetector det((const btBoxShape *)a_[k], (const btBoxShape *)b_[k]);
            btDiscreteCollisionDetectorInterface::ClosestPointInput in;
            in.m_transformA = ta_[k];
            in.m_transformB = tb_[k];
            in.m_maximumDistanceSquared = BT_LARGE_FLOAT; // as btBoxBoxCollisionAlgorithm
            det.getClosestPoints(in, out, nullptr);
            return true;
        }
        const btConvexPolyhedron *pa = ((btPolyhedralConvexShape *)a_[k])->getConvexPolyhedron();
        const btConvexPolyhedron *pb = ((btPolyhedralConvexShape *)b_[k])->getConvexPolyhedron();
        if (!pa || !pb) return false;
        btVector3 sep;
        btScalar min_dist = btScalar(-1e30);
        if (mode_ == CLIP_SAT) {
            if (!btPolyhedralContactClipping::findSeparatingAxis(*pa, *pb, ta_[k], tb_[k], sep, out)) return false;
        } else {
            btGjkPairDetector det(a_[k], b_[k], &simplex_, &depth_solver_);
            btDiscreteCollisionDetectorInterface::ClosestPointInput in;
            in.m_transformA = ta_[k];
            in.m_transformB = tb_[k];
            btPointCollector pc;
            det.getClosestPoints(in, pc, nullptr);
            if (!pc.m_hasResult || !(pc.m_distance < 0) || det.getCachedSeparatingAxis().length2() <= SIMD_EPSILON)
                return false;
            sep = pc.m_normalOnBInWorld;
            min_dist = pc.m_distance;
        }
        verts1_.resize(0), verts2_.resize(0);
        btPolyhedralContactClipping::clipHullAgainstHull(sep, *pa, *pb, ta_[k], tb_[k], min_dist, btScalar(0), verts1_,
                                                         verts2_, out);
        return true;
    }

    Result run(Query q, int i) override {
        Result r;
        if (q == Q_MANIFOLD) {
            Collector c;
            clip(i, c);
            r.valid = true;
            r.count = c.count;
            r.intersect = c.count > 0;
            for (int k = 0; k < 16; ++k) r.seps[k] = c.seps[k];
            r.distance = c.count ? c.min_sep : 0;
            return r;
        }
        btConvexCast::CastResult res;
        bool hit = cast(q, i, res);
        r.valid = true;
        r.intersect = hit;
        r.distance = hit ? (double)res.m_fraction : 1;
        if (hit && q == Q_RAYCAST) {
            r.normal = from(res.m_normal.normalized());
            r.has_normal = true;
        }
        return r;
    }
    double pass(Query q, const std::vector<int> &idx) override {
        double sum = 0;
        for (int i : idx) {
            if (q == Q_MANIFOLD) {
                Collector c;
                clip(i, c);
                sum += c.count + (c.count ? c.min_sep : 0);
            } else {
                btConvexCast::CastResult res;
                sum += cast(q, i, res) + (double)res.m_fraction;
            }
        }
        return sum;
    }

private:
    Mode mode_;
    std::vector<btConvexShape *> shapes_, a_, b_;
    std::vector<btTransform> ta_, tb_, cb0_, cb1_, r0_, r1_;
    btSphereShape point_{0};
    btVoronoiSimplexSolver simplex_;
    btGjkEpaPenetrationDepthSolver depth_solver_;
    btVertexArray verts1_, verts2_;
};

} // namespace

void add_bullet_row_libs(std::vector<std::unique_ptr<Lib>> &libs) {
    libs.emplace_back(new BulletRowLib(SUBSIMPLEX));
    libs.emplace_back(new BulletRowLib(GJKCAST));
    libs.emplace_back(new BulletRowLib(CLIP));
    libs.emplace_back(new BulletRowLib(CLIP_SAT));
    libs.emplace_back(new BulletRowLib(BOXBOX));
}
