// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Tests of box2d_gjk.cpp: the conversion of gjk's manifold into Box2D's b2Manifold checked numerically over random
// polygon pairs, then Box2D scenes (a stack of 12 boxes, a stack on tilted ground, a 20-row pyramid, a pile of
// random polygons), each run with Box2D's own b2CollidePolygons and with gjk's in the same process
// (engines_report.h says what is required). Exit status 0 when everything passes.
#include "box2d_gjk.h"
#include "engines_report.h"

#include <box2d/box2d.h>

#include <cfloat>
#include <string>
#include <vector>

namespace {

using engines::Rng;

using engines::expect;

// Box2D's world manifold (b2WorldManifold::Initialize) evaluated in double on the unrounded local manifold, with the
// rotations the conversion used: the conversion itself is then checked to double precision.
struct WorldManifold {
    gjk_vec2 normal;
    gjk_vec2 points[2];
    gjk_real separations[2];
};

WorldManifold world_of(const gjk_b2_local_manifold &m, const b2Transform &xf_a, gjk_real ra, const b2Transform &xf_b,
                       gjk_real rb) {
    WorldManifold w = WorldManifold();
    const bool face_a = m.type == b2Manifold::e_faceA;
    const gjk_pose2 ref = gjk_b2_pose(face_a ? xf_a : xf_b), inc = gjk_b2_pose(face_a ? xf_b : xf_a);
    const gjk_real r_ref = face_a ? ra : rb, r_inc = face_a ? rb : ra;
    const gjk_vec2 n = gjk_rotate2(ref.rotation, m.local_normal);
    const gjk_vec2 plane = gjk_pose2_apply(ref, m.local_point);
    for (int i = 0; i < m.count; ++i) {
        const gjk_vec2 clip = gjk_pose2_apply(inc, m.points[i]);
        const gjk_vec2 on_ref = gjk_mad2(clip, r_ref - gjk_dot2(gjk_sub2(clip, plane), n), n);
        const gjk_vec2 on_inc = gjk_mad2(clip, -r_inc, n);
        w.points[i] = gjk_scale2(gjk_add2(on_ref, on_inc), 0.5);
        w.separations[i] = gjk_dot2(gjk_sub2(on_inc, on_ref), n);
    }
    w.normal = face_a ? n : gjk_scale2(n, -1);
    return w;
}

// A box (3 in 10) or a polygon of 3 to 8 random points, of size (half width or radius) between lo and hi.
b2PolygonShape random_polygon(Rng &rng, double lo, double hi) {
    b2PolygonShape p;
    if (rng.uniform(0, 1) < 0.3) {
        p.SetAsBox((float)rng.uniform(lo, hi), (float)rng.uniform(lo, hi));
        return p;
    }
    // Points around a circle at jittered angles and radii: convex or nearly, never flat, so that Set keeps a polygon.
    const int n = (int)rng.uniform(3, b2_maxPolygonVertices + 1);
    const double r = rng.uniform(lo, hi);
    b2Vec2 v[b2_maxPolygonVertices];
    for (int i = 0; i < n; ++i) {
        const double t = (i + rng.uniform(-0.3, 0.3)) * 2 * b2_pi / n, s = rng.uniform(0.7, 1) * r;
        v[i].Set((float)(s * std::cos(t)), (float)(s * std::sin(t)));
    }
    p.Set(v, n);
    return p;
}

// Largest distance from the body's origin to a vertex: a bound for the skin-less polygon's points.
double extent(const b2PolygonShape &p) {
    double r = 0;
    for (int i = 0; i < p.m_count; ++i) r = std::max(r, (double)p.m_vertices[i].Length());
    return r;
}

void test_conversion() {
    Rng rng(1);
    const int pairs = 20000;
    int with_points = 0, two_points = 0, face_b = 0, compared = 0;
    double worst_double = 0, worst_float = 0, worst_own = 0;
    for (int k = 0; k < pairs; ++k) {
        const b2PolygonShape pa = random_polygon(rng, 0.1, 2), pb = random_polygon(rng, 0.1, 2);
        b2Transform xa, xb;
        xa.Set(b2Vec2((float)rng.uniform(-10, 10), (float)rng.uniform(-10, 10)), (float)rng.uniform(-4, 4));
        const double t = rng.uniform(0, 2 * b2_pi);
        // Near contact: B's centre at up to the sum of the two extents from A's, along a random direction.
        const double d = rng.uniform(0, 1) * (extent(pa) + extent(pb));
        xb.Set(xa.p + b2Vec2((float)(d * std::cos(t)), (float)(d * std::sin(t))), (float)rng.uniform(-4, 4));
        if (rng.uniform(0, 1) < 0.2) xb.q = xa.q; // flush sides are common in engines: same angle
        const double scale = 1 + std::fabs(xa.p.x) + std::fabs(xa.p.y) + extent(pa) + extent(pb);
        gjk_hull2 *ha = nullptr, *hb = nullptr;
        const gjk_shape2 sa = gjk_b2_shape(pa, &ha), sb = gjk_b2_shape(pb, &hb);
        gjk_pair2 pair;
        pair.a = &sa;
        pair.pose_a = gjk_b2_pose(xa);
        pair.b = &sb;
        pair.pose_b = gjk_b2_pose(xb);
        const gjk_manifold2 g = gjk_collide2(&pair, 0, nullptr);
        expect(g.status == GJK_OK, "gjk_collide2 status", k);
        const gjk_b2_local_manifold local = gjk_b2_local(g, xa, pa.m_radius, xb, pb.m_radius);
        b2Manifold bm;
        gjk_b2_store(local, &bm);
        expect(bm.pointCount == g.count, "point count", k);
        if (g.count > 0) {
            ++with_points;
            if (g.count == 2) ++two_points;
            if (local.type == b2Manifold::e_faceB) ++face_b;
            // Double: the conversion reproduces gjk's points, normal and separations to rounding.
            const WorldManifold w = world_of(local, xa, pa.m_radius, xb, pb.m_radius);
            for (int i = 0; i < g.count; ++i) {
                const gjk_vec2 mid = gjk_scale2(gjk_add2(g.points[i].point_a, g.points[i].point_b), 0.5);
                const double e = std::max(gjk_len2(gjk_sub2(w.points[i], mid)),
                                          std::fabs(w.separations[i] - g.points[i].separation)) / scale;
                worst_double = std::max(worst_double, e);
                expect(e <= 1e-9, "double: point or separation off by more than 1e-9 relative", k);
                expect(bm.points[i].id.key == g.points[i].id, "id not kept whole", k);
            }
            const double en = gjk_len2(gjk_sub2(w.normal, g.normal));
            worst_double = std::max(worst_double, en);
            expect(en <= 1e-9, "double: normal off by more than 1e-9", k);
            // Float: Box2D's own b2WorldManifold on the stored b2Manifold, to float rounding of the coordinates.
            b2WorldManifold wm;
            wm.Initialize(&bm, xa, pa.m_radius, xb, pb.m_radius);
            for (int i = 0; i < g.count; ++i) {
                const gjk_vec2 mid = gjk_scale2(gjk_add2(g.points[i].point_a, g.points[i].point_b), 0.5);
                const double e = std::max(std::hypot(wm.points[i].x - mid.x, wm.points[i].y - mid.y),
                                          std::fabs(wm.separations[i] - g.points[i].separation)) / scale;
                worst_float = std::max(worst_float, e);
                expect(e <= 16 * FLT_EPSILON, "float: b2WorldManifold point or separation off", k);
            }
            const double ef = std::hypot(wm.normal.x - g.normal.x, wm.normal.y - g.normal.y);
            worst_float = std::max(worst_float, ef);
            expect(ef <= 16 * FLT_EPSILON, "float: b2WorldManifold normal off", k);
        }
        // Against Box2D's own polygon manifold: the deepest separation agrees (b2CollidePolygons prefers A's face
        // within 0.1 b2_linearSlop of the deepest axis, so its depth may be shallower by that much).
        b2Manifold own;
        b2CollidePolygons(&own, &pa, xa, &pb, xb);
        b2WorldManifold ow;
        ow.Initialize(&own, xa, pa.m_radius, xb, pb.m_radius);
        double deepest_own = 1, deepest_gjk = 1;
        for (int i = 0; i < own.pointCount; ++i) deepest_own = std::min(deepest_own, (double)ow.separations[i]);
        for (int i = 0; i < g.count; ++i) deepest_gjk = std::min(deepest_gjk, (double)g.points[i].separation);
        if (deepest_own < -2e-3 || deepest_gjk < -2e-3) {
            ++compared;
            const double e = std::fabs(deepest_own - deepest_gjk);
            worst_own = std::max(worst_own, e);
            expect(e <= 0.1 * b2_linearSlop + 1e-5 * scale, "deepest separation differs from b2CollidePolygons", k);
        }
        gjk_hull2_destroy(ha);
        gjk_hull2_destroy(hb);
    }
    std::printf("conversion: %d random pairs, %d with points (%d with 2, %d on B's face); worst error %.2e (double, "
                "relative), %.2e (through b2WorldManifold, float); deepest separation against b2CollidePolygons on %d "
                "pairs: worst %.2e\n",
                pairs, with_points, two_points, face_b, worst_double, worst_float, compared, worst_own);
}

} // namespace

namespace {

using engines::Run;

constexpr float time_step = 1.0f / 60.0f;
constexpr int max_steps = 60 * 60; // one simulated minute
constexpr float friction = 0.6f;
// Resting pitch of stacked unit boxes: their cores 2 skins apart, less the b2_linearSlop Box2D lets them sink.
constexpr float pitch = 1.0f + 2 * b2_polygonRadius - b2_linearSlop;

struct Tracked {
    b2Body *body;
    double radius;
    b2Vec2 p0;
    float a0;
};

struct Scene {
    std::vector<Tracked> bodies;
    int top = -1;                 // the body whose sideways move is the lean
    b2Vec2 across = b2Vec2(1, 0); // the sideways direction (along the ground)
    bool from_landing = false;    // displacement measured from the landed pile, not from the start
};

void add_ground(b2World &world, b2Vec2 centre, float angle, float hx, float hy) {
    b2BodyDef bd;
    bd.position = centre;
    bd.angle = angle;
    b2Body *g = world.CreateBody(&bd);
    b2PolygonShape box;
    box.SetAsBox(hx, hy);
    b2FixtureDef fd;
    fd.shape = &box;
    fd.friction = friction;
    g->CreateFixture(&fd);
}

void add_body(b2World &world, Scene &scene, const b2PolygonShape &shape, b2Vec2 position, float angle) {
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.position = position;
    bd.angle = angle;
    b2Body *b = world.CreateBody(&bd);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 1;
    fd.friction = friction;
    b->CreateFixture(&fd);
    scene.bodies.push_back(Tracked{b, extent(shape), position, angle});
}

void unit_box(b2PolygonShape *box) { box->SetAsBox(0.5f, 0.5f); }

// 12 unit boxes on flat ground, each resting on the one below.
void stack(b2World &world, Scene &scene) {
    add_ground(world, b2Vec2(0, -1), 0, 20, 1);
    b2PolygonShape box;
    unit_box(&box);
    for (int i = 0; i < 12; ++i) add_body(world, scene, box, b2Vec2(0, 0.5f + b2_polygonRadius + i * pitch), 0);
    scene.top = 11;
}

// The ground's tilt in the tilted stack (radians); `box2d_test --tilt T` runs that scene alone at another tilt.
float tilt = 0.05f;

// 8 unit boxes stacked square on ground tilted by `tilt`: the stack leans (at 0.05 rad its centre of mass lies 0.2
// off its base's centre; Box2D's own narrow phase keeps it standing up to about 0.08 rad) and stands on friction.
void tilted_stack(b2World &world, Scene &scene) {
    const b2Rot q(tilt);
    add_ground(world, b2Mul(q, b2Vec2(0, -1)), tilt, 20, 1);
    b2PolygonShape box;
    unit_box(&box);
    for (int i = 0; i < 8; ++i)
        add_body(world, scene, box, b2Mul(q, b2Vec2(0, 0.5f + b2_polygonRadius + i * pitch)), tilt);
    scene.top = 7;
    scene.across = q.GetXAxis();
}

// A pyramid of 20 rows of unit boxes (210), each box on two below, 0.125 apart in a row.
void pyramid(b2World &world, Scene &scene) {
    add_ground(world, b2Vec2(0, -1), 0, 40, 1);
    b2PolygonShape box;
    unit_box(&box);
    const int rows = 20;
    for (int r = 0; r < rows; ++r)
        for (int j = 0; j < rows - r; ++j)
            add_body(world, scene, box,
                     b2Vec2((j - 0.5f * (rows - r - 1)) * 1.125f, 0.5f + b2_polygonRadius + r * pitch), 0);
    scene.top = (int)scene.bodies.size() - 1;
}

// 60 random convex polygons and boxes dropped into a bin: displacement is measured from where they
// landed (the first time every body has moved slower than 0.1 for 30 steps), so it shows creep after settling.
void pile(b2World &world, Scene &scene) {
    add_ground(world, b2Vec2(0, -1), 0, 8, 1);
    add_ground(world, b2Vec2(-9, 9), 0, 1, 10);
    add_ground(world, b2Vec2(9, 9), 0, 1, 10);
    Rng rng(6 + engines::scene_seed());
    for (int j = 0; j < 10; ++j)
        for (int i = 0; i < 6; ++i) {
            const b2PolygonShape p = random_polygon(rng, 0.25, 0.6);
            add_body(world, scene, p, b2Vec2(-5.5f + 2.2f * i + (float)rng.uniform(-0.2, 0.2), 1.5f + 1.6f * j),
                     (float)rng.uniform(-3, 3));
        }
    scene.from_landing = true;
}

double displacement(const Tracked &t, b2Vec2 p0, float a0) {
    const b2Vec2 d = t.body->GetPosition() - p0;
    return d.Length() + std::fabs(t.body->GetAngle() - a0) * t.radius;
}

Run run(void (*build)(b2World &, Scene &), bool with_gjk) {
    if (with_gjk) gjk_b2_install();
    Run out;
    const std::uint64_t calls0 = gjk_b2_evaluations();
    {
        b2World world(b2Vec2(0, -10));
        Scene scene;
        build(world, scene);
        std::vector<b2Vec2> ref_p;
        std::vector<float> ref_a;
        for (const Tracked &t : scene.bodies) {
            ref_p.push_back(t.p0);
            ref_a.push_back(t.a0);
        }
        engines::settle(
            out, max_steps, scene.bodies, [&] { world.Step(time_step, 8, 3); },
            [](const Tracked &t) { return t.body->IsAwake(); },
            [](const Tracked &t) { return t.body->GetLinearVelocity().Length() < 0.1f; },
            [&] {
                if (!scene.from_landing) return;
                for (size_t i = 0; i < scene.bodies.size(); ++i) {
                    ref_p[i] = scene.bodies[i].body->GetPosition();
                    ref_a[i] = scene.bodies[i].body->GetAngle();
                }
            });
        for (size_t i = 0; i < scene.bodies.size(); ++i) {
            const Tracked &t = scene.bodies[i];
            const b2Vec2 p = t.body->GetPosition();
            out.finite = out.finite && std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(t.body->GetAngle());
            out.displacement = std::max(out.displacement, displacement(t, ref_p[i], ref_a[i]));
        }
        if (scene.top >= 0) {
            const Tracked &t = scene.bodies[scene.top];
            out.lean = b2Dot(t.body->GetPosition() - t.p0, scene.across);
        }
    }
    out.gjk_calls = gjk_b2_evaluations() - calls0;
    gjk_b2_uninstall();
    return out;
}

struct Entry {
    const char *name;
    void (*build)(b2World &, Scene &);
    int bodies;
    int seeds; // random piles: how many are run, judged by the median (engines::run_seeds); 1 elsewhere
};

bool tilt_only = false;
bool wanted(const Entry &e) { return !tilt_only || e.build == tilted_stack; }

} // namespace

int main(int argc, char **argv) {
    // --tilt T: only the tilted stack, on ground tilted by T radians (to find where each narrow phase lets it fall).
    tilt_only = argc == 3 && std::string(argv[1]) == "--tilt";
    if (tilt_only) tilt = std::strtof(argv[2], nullptr);
    if (!tilt_only) test_conversion();
    const Entry scenes[] = {{"stack of 12", stack, 12, 1},
                            {"tilted stack of 8", tilted_stack, 8, 1},
                            {"pyramid of 20 rows", pyramid, 210, 1},
                            {"5 piles of 60 polygons", pile, 60, 5}};
    return engines::run_scenes("Box2D 2.4", scenes, 4, run, wanted) ? 1 : 0;
}
