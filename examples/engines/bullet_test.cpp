// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Tests of bullet_gjk.cpp: the contacts Bullet stores from gjk's manifold checked numerically over random box and
// hull pairs, then Bullet scenes (a stack of 10 cubes, a pyramid of 385 cubes, a pile of random hulls), each run
// with Bullet's own narrow phase and with gjk's in the same process (engines_report.h says what is required).
// Exit status 0 when everything passes.
#include "bullet_gjk.h"
#include "engines_report.h"

#include <btBulletDynamicsCommon.h>

#include <cfloat>
#include <memory>
#include <vector>

namespace {

using engines::Rng;

using engines::expect;

btVector3 random_unit(Rng &rng) {
    for (;;) {
        const btVector3 v((btScalar)rng.uniform(-1, 1), (btScalar)rng.uniform(-1, 1), (btScalar)rng.uniform(-1, 1));
        const btScalar l = v.length();
        if (l > 0.1f && l <= 1) return v / l;
    }
}

// A box (half extents lo to hi) or a hull of 6 to 24 random points within a ball of radius lo to hi.
std::unique_ptr<btConvexShape> random_shape(Rng &rng, double lo, double hi) {
    if (rng.uniform(0, 1) < 0.4)
        return std::unique_ptr<btConvexShape>(new btBoxShape(btVector3(
            (btScalar)rng.uniform(lo, hi), (btScalar)rng.uniform(lo, hi), (btScalar)rng.uniform(lo, hi))));
    btConvexHullShape *hull = new btConvexHullShape();
    const int n = (int)rng.uniform(6, 25);
    const double r = rng.uniform(lo, hi);
    for (int i = 0; i < n; ++i) hull->addPoint(random_unit(rng) * (btScalar)(r * rng.uniform(0.6, 1)), false);
    hull->recalcLocalAabb();
    return std::unique_ptr<btConvexShape>(hull);
}

btQuaternion random_rotation(Rng &rng) {
    return btQuaternion(random_unit(rng), (btScalar)rng.uniform(-3.14159, 3.14159));
}

double gap(const btVector3 &a, const gjk_vec3 &b) {
    return std::hypot(std::hypot(a.x() - b.x, a.y() - b.y), a.z() - b.z);
}

void test_conversion() {
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher(&configuration);
    gjk_bt_register(&dispatcher);
    btDispatcherInfo info;
    Rng rng(3);
    const int pairs = 5000;
    int with_points = 0, stored = 0, compared = 0;
    double worst = 0, worst_own_boxes = 0, worst_own = 0;
    int compared_boxes = 0, own_deeper = 0;
    for (int k = 0; k < pairs; ++k) {
        std::unique_ptr<btConvexShape> sa = random_shape(rng, 0.2, 1.5), sb = random_shape(rng, 0.2, 1.5);
        btVector3 ca;
        btScalar ra, rb;
        sa->getBoundingSphere(ca, ra);
        sb->getBoundingSphere(ca, rb);
        const btTransform ta(random_rotation(rng), btVector3((btScalar)rng.uniform(-10, 10),
                                                             (btScalar)rng.uniform(-10, 10), (btScalar)rng.uniform(-10, 10)));
        const btTransform tb(random_rotation(rng), ta.getOrigin() + random_unit(rng) * (btScalar)(rng.uniform(0.3, 0.9) * (ra + rb)));
        btCollisionObject oa, ob;
        oa.setCollisionShape(sa.get());
        oa.setWorldTransform(ta);
        ob.setCollisionShape(sb.get());
        ob.setWorldTransform(tb);
        btCollisionObjectWrapper wa(nullptr, sa.get(), &oa, ta, -1, -1), wb(nullptr, sb.get(), &ob, tb, -1, -1);
        btCollisionAlgorithm *algorithm = dispatcher.findAlgorithm(&wa, &wb, nullptr, BT_CONTACT_POINT_ALGORITHMS);
        btManifoldResult result(&wa, &wb);
        const std::uint64_t calls0 = gjk_bt_evaluations();
        algorithm->processCollision(&wa, &wb, info, &result);
        expect(gjk_bt_evaluations() == calls0 + 1, "the registered algorithm was not gjk's", k);
        btManifoldArray manifolds;
        algorithm->getAllContactManifolds(manifolds);
        // gjk's own answer for the same pair and threshold.
        gjk_hull3 *ha = nullptr, *hb = nullptr;
        const gjk_shape3 ga = gjk_bt_shape(sa.get(), &ha), gb = gjk_bt_shape(sb.get(), &hb);
        gjk_pair3 pair;
        pair.a = &ga;
        pair.pose_a = gjk_bt_pose(ta);
        pair.b = &gb;
        pair.pose_b = gjk_bt_pose(tb);
        const btPersistentManifold *pm = manifolds.size() ? manifolds[0] : nullptr;
        expect(pm != nullptr, "no persistent manifold", k);
        if (!pm) continue;
        const gjk_manifold3 g = gjk_collide3(&pair, pm->getContactBreakingThreshold(), nullptr);
        expect(g.status == GJK_OK, "gjk_collide3 status", k);
        if (g.count > 0) ++with_points;
        stored += pm->getNumContacts();
        // Bullet merges a point with a stored one within the breaking threshold, so it may keep fewer than gjk gave;
        // every stored point must be one of gjk's, with both positions, the normal and the depth carried over.
        expect(pm->getNumContacts() <= g.count && (g.count == 0) == (pm->getNumContacts() == 0), "point count", k);
        const double scale = 1 + ta.getOrigin().length() + ra + rb;
        for (int i = 0; i < pm->getNumContacts(); ++i) {
            const btManifoldPoint &p = pm->getContactPoint(i);
            double best = 1e30;
            for (int j = 0; j < g.count; ++j) {
                const gjk_manifold_point3 &q = g.points[j];
                const double e = std::max(std::max(gap(p.getPositionWorldOnA(), q.point_a), gap(p.getPositionWorldOnB(), q.point_b)),
                                          std::max(std::fabs(p.getDistance() - q.separation), gap(-p.m_normalWorldOnB, g.normal)));
                best = std::min(best, e / scale);
            }
            // The local points Bullet keeps must bring each point back with its body.
            best = std::max(best, (double)(ta * p.m_localPointA - p.getPositionWorldOnA()).length() / scale);
            best = std::max(best, (double)(tb * p.m_localPointB - p.getPositionWorldOnB()).length() / scale);
            worst = std::max(worst, best);
            expect(best <= 32 * FLT_EPSILON, "a stored point is not one of gjk's (to float rounding)", k);
        }
        algorithm->~btCollisionAlgorithm();
        dispatcher.freeCollisionAlgorithm(algorithm);
        // Bullet's own narrow phase on the same pair: the deepest depths agree (Bullet's GJK-EPA on rounded shapes
        // to its own tolerance, btBoxBoxDetector exactly).
        {
            btDefaultCollisionConfiguration own_configuration;
            btCollisionDispatcher own(&own_configuration);
            btCollisionAlgorithm *a = own.findAlgorithm(&wa, &wb, nullptr, BT_CONTACT_POINT_ALGORITHMS);
            btManifoldResult r(&wa, &wb);
            a->processCollision(&wa, &wb, info, &r);
            btManifoldArray ms;
            a->getAllContactManifolds(ms);
            double deepest_own = 1, deepest_gjk = 1;
            if (ms.size())
                for (int i = 0; i < ms[0]->getNumContacts(); ++i)
                    deepest_own = std::min(deepest_own, (double)ms[0]->getContactPoint(i).getDistance());
            for (int i = 0; i < g.count; ++i) deepest_gjk = std::min(deepest_gjk, (double)g.points[i].separation);
            if (deepest_own < -0.01 && deepest_gjk < -0.01) {
                const double e = std::fabs(deepest_own - deepest_gjk);
                if (sa->getShapeType() == BOX_SHAPE_PROXYTYPE && sb->getShapeType() == BOX_SHAPE_PROXYTYPE) {
                    ++compared_boxes;
                    worst_own_boxes = std::max(worst_own_boxes, e);
                    // btBoxBoxDetector prefers a face axis to an edge axis up to 5% deeper, so it may report more
                    // than the penetration depth, never less; gjk's is the exact depth.
                    expect(deepest_gjk >= deepest_own - 1e-4 * scale, "box-box: gjk deeper than btBoxBoxDetector", k);
                    if (e > 1e-4 * scale) ++own_deeper;
                } else {
                    ++compared;
                    worst_own = std::max(worst_own, e);
                }
            }
            a->~btCollisionAlgorithm();
            own.freeCollisionAlgorithm(a);
        }
        gjk_hull3_destroy(ha);
        gjk_hull3_destroy(hb);
    }
    std::printf("conversion: %d random box/hull pairs, %d with points, %d points stored by Bullet; worst error %.2e "
                "(relative, float); deepest depth against Bullet's own: %d box pairs (btBoxBoxDetector) worst "
                "difference %.2e (%d where btBoxBoxDetector is deeper than gjk's exact depth, none the other way), %d pairs with a hull (btConvexConvexAlgorithm: GJK-EPA on the rounded shapes) worst "
                "%.2e\n",
                pairs, with_points, stored, worst, compared_boxes, worst_own_boxes, own_deeper, compared, worst_own);
}

} // namespace

namespace {

using engines::Run;

constexpr btScalar time_step = 1.0f / 60.0f;
constexpr int max_steps = 60 * 60; // one simulated minute

struct Tracked {
    btRigidBody *body;
    double radius;
    btTransform start;
};

// A world and everything in it, deleted together.
struct World {
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher{&configuration};
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &configuration};
    std::vector<std::unique_ptr<btCollisionShape>> shapes;
    std::vector<std::unique_ptr<btDefaultMotionState>> states;
    std::vector<std::unique_ptr<btRigidBody>> bodies;
    std::vector<Tracked> tracked;
    int top = -1;
    bool from_landing = false;

    World() { world.setGravity(btVector3(0, -10, 0)); }
    ~World() {
        for (auto &b : bodies) world.removeRigidBody(b.get());
    }
    btCollisionShape *keep(btCollisionShape *shape) {
        shapes.emplace_back(shape);
        return shape;
    }
    btRigidBody *add(btCollisionShape *shape, const btTransform &pose, btScalar mass) {
        btVector3 inertia(0, 0, 0);
        if (mass > 0) shape->calculateLocalInertia(mass, inertia);
        states.emplace_back(new btDefaultMotionState(pose));
        btRigidBody::btRigidBodyConstructionInfo info(mass, states.back().get(), shape, inertia);
        info.m_friction = 0.6f;
        bodies.emplace_back(new btRigidBody(info));
        world.addRigidBody(bodies.back().get());
        if (mass > 0) {
            btVector3 centre;
            btScalar radius;
            shape->getBoundingSphere(centre, radius);
            tracked.push_back(Tracked{bodies.back().get(), radius + centre.length(), pose});
        }
        return bodies.back().get();
    }
    void ground(const btVector3 &centre, const btVector3 &half) {
        add(keep(new btBoxShape(half)), btTransform(btQuaternion::getIdentity(), centre), 0);
    }
};

// 10 unit cubes on the ground, each resting on the one below.
void stack(World &w) {
    w.ground(btVector3(0, -1, 0), btVector3(20, 1, 20));
    btCollisionShape *cube = w.keep(new btBoxShape(btVector3(0.5f, 0.5f, 0.5f)));
    for (int i = 0; i < 10; ++i) w.add(cube, btTransform(btQuaternion::getIdentity(), btVector3(0, 0.5f + i, 0)), 1);
    w.top = 9;
}

// A square pyramid of unit cubes, 10 x 10 at the base to 1 at the top (385), each cube on four below, 0.05 apart.
void pyramid(World &w) {
    w.ground(btVector3(0, -1, 0), btVector3(40, 1, 40));
    btCollisionShape *cube = w.keep(new btBoxShape(btVector3(0.5f, 0.5f, 0.5f)));
    const int layers = 10;
    const btScalar pitch = 1.05f;
    for (int l = 0; l < layers; ++l) {
        const int n = layers - l;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                w.add(cube, btTransform(btQuaternion::getIdentity(),
                                        btVector3((i - 0.5f * (n - 1)) * pitch, 0.5f + l, (j - 0.5f * (n - 1)) * pitch)), 1);
    }
    w.top = (int)w.tracked.size() - 1;
}

// 80 random convex hulls and boxes dropped into a bin: displacement is measured from where they
// landed (the first time every body has moved slower than 0.1 for 30 steps), so it shows creep after settling.
void pile(World &w) {
    w.ground(btVector3(0, -1, 0), btVector3(6, 1, 6));
    w.ground(btVector3(-7, 4, 0), btVector3(1, 6, 6));
    w.ground(btVector3(7, 4, 0), btVector3(1, 6, 6));
    w.ground(btVector3(0, 4, -7), btVector3(6, 6, 1));
    w.ground(btVector3(0, 4, 7), btVector3(6, 6, 1));
    Rng rng(10 + engines::scene_seed());
    for (int l = 0; l < 5; ++l)
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 4; ++j) {
                btCollisionShape *s = w.keep(random_shape(rng, 0.3, 0.7).release());
                const btVector3 at((btScalar)(-3.6 + 2.4 * i + rng.uniform(-0.2, 0.2)), (btScalar)(1.5 + 2.0 * l),
                                   (btScalar)(-3.6 + 2.4 * j + rng.uniform(-0.2, 0.2)));
                w.add(s, btTransform(random_rotation(rng), at), 1);
            }
    w.from_landing = true;
}

double displacement(const Tracked &t, const btTransform &from) {
    const btTransform &now = t.body->getWorldTransform();
    const double turn = now.getRotation().angleShortestPath(from.getRotation());
    return (now.getOrigin() - from.getOrigin()).length() + turn * t.radius;
}

Run run(void (*build)(World &), bool with_gjk) {
    Run out;
    const std::uint64_t calls0 = gjk_bt_evaluations();
    {
        World w;
        if (with_gjk) gjk_bt_register(&w.dispatcher);
        build(w);
        std::vector<btTransform> reference;
        for (const Tracked &t : w.tracked) reference.push_back(t.start);
        engines::settle(
            out, max_steps, w.tracked, [&] { w.world.stepSimulation(time_step, 0); },
            [](const Tracked &t) { return t.body->isActive(); },
            [](const Tracked &t) { return t.body->getLinearVelocity().length() < 0.1f; },
            [&] {
                if (!w.from_landing) return;
                for (size_t i = 0; i < w.tracked.size(); ++i) reference[i] = w.tracked[i].body->getWorldTransform();
            });
        for (size_t i = 0; i < w.tracked.size(); ++i) {
            const Tracked &t = w.tracked[i];
            const btTransform &x = t.body->getWorldTransform();
            const btVector3 p = x.getOrigin();
            const btQuaternion q = x.getRotation();
            out.finite = out.finite && std::isfinite(p.x()) && std::isfinite(p.y()) && std::isfinite(p.z()) &&
                         std::isfinite(q.x()) && std::isfinite(q.y()) && std::isfinite(q.z()) && std::isfinite(q.w());
            out.displacement = std::max(out.displacement, displacement(t, reference[i]));
        }
        if (w.top >= 0) {
            const Tracked &t = w.tracked[w.top];
            btVector3 d = t.body->getWorldTransform().getOrigin() - t.start.getOrigin();
            d.setY(0);
            out.lean = d.length();
        }
    }
    out.gjk_calls = gjk_bt_evaluations() - calls0;
    return out;
}

struct Entry {
    const char *name;
    void (*build)(World &);
    int bodies;
    int seeds; // random piles: how many are run, judged by the median (engines::run_seeds); 1 elsewhere
};

bool every(const Entry &) { return true; }

} // namespace

int main() {
    test_conversion();
    const Entry scenes[] = {
        {"stack of 10", stack, 10, 1}, {"pyramid of 385", pyramid, 385, 1}, {"5 piles of 80 hulls", pile, 80, 5}};
    return engines::run_scenes("Bullet 3.24", scenes, 3, run, every) ? 1 : 0;
}
