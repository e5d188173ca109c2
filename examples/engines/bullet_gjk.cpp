// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// gjk_collide3 as Bullet 3's narrow phase for boxes and convex hulls (see bullet_gjk.h).
//
// Conventions mapped (Bullet 3, btManifoldResult::addContactPoint): Bullet's normal points from B to A and its
// point lies on B, with A's point at pointInWorld + normalOnBInWorld * depth; gjk's normal points from A to B and
// point_b = point_a + separation * normal, so normalOnBInWorld = -normal, pointInWorld = point_b and depth =
// separation give back both of gjk's points. Bullet keeps at most 4 points per pair across steps, matched by
// position (not by id), and drops those that drift apart in refreshContactPoints(); the speculative distance is the
// persistent manifold's contact breaking threshold, the distance up to which Bullet keeps points.
#include "bullet_gjk.h"

#include <BulletCollision/CollisionDispatch/btActivatingCollisionAlgorithm.h>
#include <BulletCollision/CollisionDispatch/btCollisionCreateFunc.h>

#include <atomic>
#include <new>

namespace {

// Relaxed atomic: a multithreaded dispatcher may evaluate pairs on several threads.
std::atomic<std::uint64_t> evaluations(0);

// One pair's algorithm: its persistent manifold, the two gjk shapes (rebuilt if the pair's shapes change) and
// gjk's warm-start cache.
class GjkConvexAlgorithm : public btActivatingCollisionAlgorithm {
public:
    GjkConvexAlgorithm(const btCollisionAlgorithmConstructionInfo &ci, const btCollisionObjectWrapper *wrap_a,
                       const btCollisionObjectWrapper *wrap_b)
        : btActivatingCollisionAlgorithm(ci, wrap_a, wrap_b), manifold_(ci.m_manifold) {
        if (!manifold_ && m_dispatcher->needsCollision(wrap_a->getCollisionObject(), wrap_b->getCollisionObject())) {
            manifold_ = m_dispatcher->getNewManifold(wrap_a->getCollisionObject(), wrap_b->getCollisionObject());
            own_manifold_ = true;
        }
        cache_ = gjk_cache3();
    }
    ~GjkConvexAlgorithm() override {
        if (own_manifold_ && manifold_) m_dispatcher->releaseManifold(manifold_);
        gjk_hull3_destroy(hull_[0]);
        gjk_hull3_destroy(hull_[1]);
    }

    void processCollision(const btCollisionObjectWrapper *wrap_a, const btCollisionObjectWrapper *wrap_b,
                          const btDispatcherInfo &, btManifoldResult *result) override {
        if (!manifold_) return;
        evaluations.fetch_add(1, std::memory_order_relaxed);
        result->setPersistentManifold(manifold_);
        gjk_pair3 pair;
        pair.a = shape(0, wrap_a->getCollisionShape());
        pair.pose_a = gjk_bt_pose(wrap_a->getWorldTransform());
        pair.b = shape(1, wrap_b->getCollisionShape());
        pair.pose_b = gjk_bt_pose(wrap_b->getWorldTransform());
        const gjk_manifold3 m = gjk_collide3(&pair, manifold_->getContactBreakingThreshold(), &cache_);
        gjk_bt_add(m, result);
        if (own_manifold_) result->refreshContactPoints();
    }

    btScalar calculateTimeOfImpact(btCollisionObject *, btCollisionObject *, const btDispatcherInfo &,
                                   btManifoldResult *) override {
        return 1; // no continuous collision, as Bullet's own convex algorithms by default
    }

    void getAllContactManifolds(btManifoldArray &manifolds) override {
        if (manifold_ && own_manifold_) manifolds.push_back(manifold_);
    }

    struct CreateFunc : public btCollisionAlgorithmCreateFunc {
        btCollisionAlgorithm *CreateCollisionAlgorithm(btCollisionAlgorithmConstructionInfo &ci,
                                                       const btCollisionObjectWrapper *wrap_a,
                                                       const btCollisionObjectWrapper *wrap_b) override {
            // Not from the dispatcher's pool: its blocks are as large as the default configuration's largest
            // algorithm, smaller than this one, and it hands one out whatever the size asked. The dispatcher frees
            // a block it did not pool with btAlignedFree.
            void *memory = btAlignedAlloc(sizeof(GjkConvexAlgorithm), 16);
            return new (memory) GjkConvexAlgorithm(ci, wrap_a, wrap_b);
        }
    };

private:
    const gjk_shape3 *shape(int i, const btCollisionShape *s) {
        if (source_[i] != s) {
            gjk_hull3_destroy(hull_[i]);
            shape_[i] = gjk_bt_shape(s, &hull_[i]);
            source_[i] = s;
            cache_ = gjk_cache3();
        }
        return &shape_[i];
    }

    btPersistentManifold *manifold_;
    bool own_manifold_ = false;
    const btCollisionShape *source_[2] = {nullptr, nullptr};
    gjk_shape3 shape_[2];
    gjk_hull3 *hull_[2] = {nullptr, nullptr};
    gjk_cache3 cache_;
};

} // namespace

void gjk_bt_register(btCollisionDispatcher *dispatcher) {
    // The create function must outlive every dispatcher it is registered with: one for the program.
    static GjkConvexAlgorithm::CreateFunc create;
    const int types[2] = {BOX_SHAPE_PROXYTYPE, CONVEX_HULL_SHAPE_PROXYTYPE};
    for (int a : types)
        for (int b : types) dispatcher->registerCollisionCreateFunc(a, b, &create);
}

std::uint64_t gjk_bt_evaluations() { return evaluations.load(std::memory_order_relaxed); }

gjk_shape3 gjk_bt_shape(const btCollisionShape *shape, gjk_hull3 **hull) {
    *hull = nullptr;
    if (shape->getShapeType() == BOX_SHAPE_PROXYTYPE) {
        const btVector3 h = static_cast<const btBoxShape *>(shape)->getHalfExtentsWithMargin();
        return gjk_box3(gjk_v3(h.x(), h.y(), h.z()));
    }
    if (shape->getShapeType() == CONVEX_HULL_SHAPE_PROXYTYPE) {
        const btConvexHullShape *s = static_cast<const btConvexHullShape *>(shape);
        const int n = s->getNumPoints();
        gjk_vec3 *points = new gjk_vec3[n > 0 ? n : 1];
        for (int i = 0; i < n; ++i) {
            const btVector3 p = s->getScaledPoint(i);
            points[i] = gjk_v3(p.x(), p.y(), p.z());
        }
        *hull = gjk_hull3_create(points, n, nullptr);
        delete[] points;
        if (*hull) return gjk_rounded3(gjk_hull_shape3(*hull), s->getMargin());
    }
    return gjk_point3();
}

gjk_pose3 gjk_bt_pose(const btTransform &transform) {
    const btVector3 &p = transform.getOrigin();
    const btQuaternion q = transform.getRotation();
    gjk_quat r;
    r.w = q.w();
    r.x = q.x();
    r.y = q.y();
    r.z = q.z();
    return gjk_pose3_make(gjk_v3(p.x(), p.y(), p.z()), r);
}

void gjk_bt_add(const gjk_manifold3 &m, btManifoldResult *result) {
    const btVector3 normal_on_b((btScalar)-m.normal.x, (btScalar)-m.normal.y, (btScalar)-m.normal.z);
    for (int i = 0; i < m.count; ++i) {
        const gjk_vec3 &pb = m.points[i].point_b;
        result->addContactPoint(normal_on_b, btVector3((btScalar)pb.x, (btScalar)pb.y, (btScalar)pb.z),
                                (btScalar)m.points[i].separation);
    }
}
