// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 3D contact manifolds (gjk_collide3): exact answers for resting boxes, the failures other engines' users reported
   (each a named test), stability of points and ids, invariance under moving the whole scene, and bad input. The
   random pairs of every kind are in test_manifold3_random.c; the per-point checks in manifold3_check.c. */
#include "manifold3_check.h"

#include <stdio.h>

#include "feature3.h" /* GJK_MANIFOLD_DEPTH_TIE */

/* Aligned boxes resting face to face: exactly the 4 corners of the overlap rectangle, each at the exact depth, on
   A's top face and on B's bottom face. Dyadic numbers make every expected value exact in float too. The same scene
   turned and moved as a whole gives the same manifold, turned and moved. */
static void test_boxes_face_to_face_exact(void **state) {
    (void)state;
    gjk_shape3 a = gjk_box3(gjk_v3(1, 1, GJK_R(0.5))), b = gjk_box3(gjk_v3(GJK_R(0.375), GJK_R(0.25), GJK_R(0.125)));
    const gjk_real depth = GJK_R(0.0078125), top = GJK_R(0.5); /* 2^-7 */
    gjk_pair3 p = {&a, gjk_pose3_identity(), &b,
                   gjk_pose3_make(gjk_v3(GJK_R(0.75), -GJK_R(0.125), top + GJK_R(0.125) - depth), gjk_quat_identity())};
    gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.status, GJK_OK);
    assert_int_equal(m.count, 4);
    expect_vec(m.normal, gjk_v3(0, 0, 1), 0);
    /* B's bottom face x in [0.375, 1.125], y in [-0.375, 0.125], cut by A's top face at x = 1 */
    const gjk_real cx[4] = {GJK_R(0.375), 1, 1, GJK_R(0.375)},
                   cy[4] = {-GJK_R(0.375), -GJK_R(0.375), GJK_R(0.125), GJK_R(0.125)};
    for (int k = 0; k < 4; ++k) {
        int found = 0;
        for (int i = 0; i < m.count; ++i) {
            const gjk_manifold_point3 *q = &m.points[i];
            if (q->point_a.x != cx[k] || q->point_a.y != cy[k]) continue;
            found = 1;
            EXPECT_NEAR(q->point_a.z, top, 0);
            EXPECT_NEAR(q->point_b.x, cx[k], 0);
            EXPECT_NEAR(q->point_b.y, cy[k], 0);
            EXPECT_NEAR(q->point_b.z, top - depth, 0);
            EXPECT_NEAR(q->separation, -depth, 0);
        }
        if (!found) fail_msg("corner %d (%g, %g) missing", k, (double)cx[k], (double)cy[k]);
    }
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < i; ++j) assert_true(m.points[i].id != m.points[j].id);
    /* Ids name the features (kind in the top 2 bits of each half: 0 vertex, 1 edge, 2 face): B's corners over A's
       face are (face, vertex); where A's edge x = 1 cuts B's edges, (edge, edge). */
    for (int i = 0; i < 4; ++i) {
        unsigned ka = m.points[i].id >> 30, kb = (m.points[i].id >> 14) & 3;
        if (m.points[i].point_a.x == 1)
            assert_true(ka == 1 && kb == 1);
        else
            assert_true(ka == 2 && kb == 0);
    }

    /* Turned and moved as a whole: points move with the scene, separations and ids stay. */
    test_rng r = {7};
    for (int trial = 0; trial < 20; ++trial) {
        gjk_quat q = test_quat(&r);
        gjk_vec3 t = test_vec3(&r, -10, 10);
        gjk_pose3 world = gjk_pose3_make(t, q);
        gjk_pair3 moved = {&a, gjk_pose3_make(gjk_pose3_apply(world, p.pose_a.position), q), &b,
                           gjk_pose3_make(gjk_pose3_apply(world, p.pose_b.position), q)};
        gjk_manifold3 mm = gjk_collide3(&moved, 0, NULL);
        assert_int_equal(mm.count, 4);
        expect_vec(mm.normal, gjk_quat_rotate(q, m.normal), EXACT);
        for (int i = 0; i < 4; ++i) {
            const gjk_manifold_point3 *q0 = &m.points[i], *q1 = by_id(&mm, q0->id);
            assert_non_null(q1);
            EXPECT_NEAR(q1->separation, q0->separation, 20 * EXACT);
            expect_vec(q1->point_a, gjk_pose3_apply(world, q0->point_a), 20 * EXACT);
            expect_vec(q1->point_b, gjk_pose3_apply(world, q0->point_b), 20 * EXACT);
        }
    }
}

/* Rounded boxes (margins): the points sit on the rounded faces, the margins along the normal. */
static void test_rounded_boxes_exact(void **state) {
    (void)state;
    gjk_shape3 a = gjk_rounded3(gjk_box3(gjk_v3(1, 1, GJK_R(0.5))), GJK_R(0.125));
    gjk_shape3 b = gjk_rounded3(gjk_box3(gjk_v3(GJK_R(0.25), GJK_R(0.25), GJK_R(0.25))), GJK_R(0.0625));
    const gjk_real depth = GJK_R(0.015625), top = GJK_R(0.625); /* A's rounded top at 0.5 + 0.125 */
    gjk_pair3 p = {&a, gjk_pose3_identity(), &b,
                   gjk_pose3_make(gjk_v3(0, GJK_R(0.5), top + GJK_R(0.3125) - depth), gjk_quat_identity())};
    gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.count, 4);
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(m.points[i].separation, -depth, 0);
        EXPECT_NEAR(m.points[i].point_a.z, top, 0);
        EXPECT_NEAR(m.points[i].point_b.z, top - depth, 0);
        EXPECT_NEAR(fabs(m.points[i].point_a.x), 0.25, 0);       /* the core's corners: the rounded face's */
        EXPECT_NEAR(fabs(m.points[i].point_a.y - 0.5), 0.25, 0); /* flat part ends there */
    }
}

/* mujoco #3476: boxes resting face to face at near-zero overlap produced a contact far deeper than the overlap.
   Here, at overlaps from 0 to 1e-6 and B turned about the normal, every point is at the overlap, none deeper. */
static void test_no_phantom_deep_contact(void **state) {
    (void)state;
    test_rng r = {3476};
    gjk_shape3 a = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.5)));
    gjk_shape3 b = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.375), GJK_R(0.125)));
    const double overlaps[5] = {0, 1e-12, 1e-9, 1e-7, 1e-6};
    for (int trial = 0; trial < 200; ++trial) {
        double ov = overlaps[trial % 5];
#if GJK_USE_FLOAT
        if (ov > 0 && ov < 1e-6) ov = 1e-6; /* below float's resolution at z = 0.625 */
#endif
        gjk_real angle = (gjk_real)test_uniform(&r, -PI, PI);
        gjk_real ax = (gjk_real)test_uniform(&r, -0.6, 0.6), ay = (gjk_real)test_uniform(&r, -0.6, 0.6);
        gjk_vec3 at = gjk_v3(ax, ay, (gjk_real)(0.625 - ov));
        gjk_pair3 p = {&a, gjk_pose3_identity(), &b, gjk_pose3_make(at, axis_angle(0, 0, 1, angle))};
        gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
        double real_ov = 0.5 - ((double)at.z - 0.125); /* after rounding `at` */
        if (m.count < 3) fail_msg("trial %d: %d points for a face resting on a face", trial, m.count);
        for (int i = 0; i < m.count; ++i) {
            if (m.points[i].separation < -real_ov - EXACT)
                fail_msg("trial %d: phantom point %.17g deeper than the overlap %.17g", trial, m.points[i].separation,
                         real_ov);
            EXPECT_NEAR(m.points[i].separation, -real_ov, EXACT);
        }
    }
}

/* Jolt PR #1756: a face against a two-vertex face (a capsule or a cylinder's side) gave 1 contact instead of 2. A
   box on a lying cylinder and on a lying capsule, a cylinder and a capsule lying on a box: 2 points, at the ends of
   the contact line, both at the depth. */
static void test_face_against_edge_two_points(void **state) {
    (void)state;
    const gjk_quat lying = axis_angle(0, 1, 0, PI / 2); /* local z along world x */
    gjk_shape3 box = gjk_box3(gjk_v3(GJK_R(0.3), GJK_R(0.3), GJK_R(0.3))), big = gjk_box3(gjk_v3(2, 2, GJK_R(0.5)));
    gjk_shape3 cyl = gjk_cylinder3(GJK_R(0.5), 1), cap = gjk_capsule3(GJK_R(0.5), 1);
    const gjk_real depth = GJK_R(0.01);
    for (int turn = 0; turn < 4; ++turn) {
        gjk_real yaw = (gjk_real)(0.3 * turn);
        /* a box on a lying cylinder / capsule (A), resting on the line y = 0, z = 0.5 of its side */
        for (int k = 0; k < 2; ++k) {
            const gjk_shape3 *s = k ? &cap : &cyl;
            gjk_pair3 p = {
                s, gjk_pose3_make(gjk_v3(0, 0, 0), lying), &box,
                gjk_pose3_make(gjk_v3(GJK_R(0.2), 0, GJK_R(0.5) + GJK_R(0.3) - depth), axis_angle(0, 0, 1, yaw))};
            gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
            if (m.count != 2)
                fail_msg("box on a lying %s, yaw %g: %d points", k ? "capsule" : "cylinder", (double)yaw, m.count);
            /* the box's bottom square, turned by yaw about (0.2, 0), cut along y = 0 */
            double half = 0.3 / fmax(fabs(cos((double)yaw)), fabs(sin((double)yaw))),
                   lo = fmin(m.points[0].point_a.x, m.points[1].point_a.x);
            double hi = fmax(m.points[0].point_a.x, m.points[1].point_a.x);
            EXPECT_NEAR(lo, 0.2 - half, TU(1e-7));
            EXPECT_NEAR(hi, 0.2 + half, TU(1e-7));
            for (int i = 0; i < 2; ++i) {
                EXPECT_NEAR(m.points[i].separation, -depth, TU(1e-8));
                EXPECT_NEAR(m.points[i].point_a.y, 0, TU(1e-7));
                EXPECT_NEAR(m.points[i].point_a.z, 0.5, TU(1e-8));
            }
        }
        /* two capsules side by side, crossed at yaw (the 2 points for nearly parallel ones only) */
        {
            gjk_pair3 p = {&cap, gjk_pose3_make(gjk_v3(0, 0, 0), lying), &cap,
                           gjk_pose3_make(gjk_v3(GJK_R(0.25), 0, 1 - depth),
                                          gjk_quat_mul(axis_angle(0, 0, 1, 0.01 * yaw), lying))};
            gjk_manifold3 m = gjk_collide3(&p, GJK_R(0.001), NULL);
            if (m.count != 2) fail_msg("capsules side by side, yaw %g: %d points", 0.01 * yaw, m.count);
            for (int i = 0; i < 2; ++i) EXPECT_NEAR(m.points[i].separation, -depth, yaw == 0 ? TU(1e-12) : 1e-5);
        }
        /* a lying cylinder / capsule (B) on a big box: the whole side line, x in [-1, 1] (the capsule's core) */
        for (int k = 0; k < 2; ++k) {
            const gjk_shape3 *s = k ? &cap : &cyl;
            gjk_quat q = gjk_quat_mul(axis_angle(0, 0, 1, yaw), lying);
            gjk_pair3 p = {&big, gjk_pose3_identity(), s, gjk_pose3_make(gjk_v3(GJK_R(0.1), GJK_R(0.2), 1 - depth), q)};
            gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
            if (m.count != 2)
                fail_msg("lying %s on a box, yaw %g: %d points", k ? "capsule" : "cylinder", (double)yaw, m.count);
            for (int i = 0; i < 2; ++i) {
                EXPECT_NEAR(m.points[i].separation, -depth, TU(1e-8));
                EXPECT_NEAR(m.points[i].point_b.z, 0.5 - depth, TU(1e-8));
                /* an end of the core segment: 1 from the centre across the box top */
                double dx = m.points[i].point_b.x - 0.1, dy = m.points[i].point_b.y - 0.2;
                EXPECT_NEAR(sqrt(dx * dx + dy * dy), 1, TU(1e-7));
            }
        }
    }
}

/* A cylinder (and a cone) resting on its cap keeps its points in place frame after frame: the tiny random tilts and
   slides of a resting body must not move them around the rim, as a support point along the normal would (the rim
   point along the normal's noise). Here, over 300 frames: always the same 4 ids, each at the same point of the
   cylinder's own frame. */
static void test_cylinder_cap_points_fixed(void **state) {
    (void)state;
    test_rng r = {77};
    gjk_shape3 ground = gjk_box3(gjk_v3(3, 3, GJK_R(0.5))), cyl = gjk_cylinder3(GJK_R(0.4), GJK_R(0.6)),
               cone = gjk_cone3(GJK_R(0.5), GJK_R(0.4));
    gjk_shape3 plate = gjk_cylinder3(GJK_R(1.5), GJK_R(0.2)); /* a bigger cap: cap on cap */
    const gjk_shape3 *stands[3] = {&cyl, &cone, &cyl}, *bases[3] = {&ground, &ground, &plate};
    for (int s = 0; s < 3; ++s) {
        const gjk_shape3 *body = stands[s];
        gjk_real h = body->cylinder.half_height, top = bases[s] == &plate ? GJK_R(0.2) : GJK_R(0.5);
        uint32_t ids[4];
        gjk_vec3 local[4];
        gjk_cache3 cache = {0};
        for (int frame = 0; frame < 300; ++frame) {
            gjk_vec3 axis = test_unit3(&r);
            gjk_quat q =
                gjk_quat_mul(axis_angle(0, 0, 1, 0.7), axis_angle(axis.x, axis.y, 0, test_uniform(&r, 0, 1e-4)));
            gjk_real ax = (gjk_real)test_uniform(&r, -1e-3, 1e-3), ay = (gjk_real)test_uniform(&r, -1e-3, 1e-3);
            gjk_real az = (gjk_real)(top + h - test_uniform(&r, 0, 1e-3));
            gjk_vec3 at = gjk_v3(ax, ay, az);
            gjk_pair3 p = {bases[s], gjk_pose3_identity(), body, gjk_pose3_make(at, q)};
            gjk_manifold3 m = gjk_collide3(&p, GJK_R(0.01), &cache);
            if (m.count != 4) fail_msg("stand %d frame %d: %d points", s, frame, m.count);
            for (int i = 0; i < 4; ++i) {
                gjk_vec3 l = gjk_pose3_inv_apply(p.pose_b, m.points[i].point_b);
                if (frame == 0) {
                    ids[i] = m.points[i].id;
                    local[i] = l;
                    EXPECT_NEAR(sqrt(l.x * l.x + l.y * l.y), body->cylinder.radius, TU(1e-9)); /* on the rim */
                    EXPECT_NEAR(l.z, -h, TU(1e-9));
                    continue;
                }
                if (m.points[i].id != ids[i])
                    fail_msg("stand %d frame %d: point %d id %08x, was %08x", s, frame, i, m.points[i].id, ids[i]);
                expect_vec(l, local[i], TU(1e-9));
            }
        }
    }
}

/* Moving the whole scene (any rotation, translations up to 20; float: 2, as a float's rounding at 20 already moves
   a normal taken from cores 1e-3 apart by 3e-3) moves the manifold with it: the same ids, the same separations, the
   points moved. Random pairs of every kind near contact. */
#if GJK_USE_FLOAT
#define FAR 2
#else
#define FAR 20
#endif
static void test_scene_transform_invariance(void **state) {
    (void)state;
    test_rng r = {99};
    long compared = 0;
    for (int i = 0; i < 1500; ++i) {
        gjk_hull3 *ha = NULL, *hb = NULL;
        gjk_shape3 a = test_shape3(&r, -1, &ha), b = test_shape3(&r, -1, &hb);
        /* (one draw per statement: the order of arguments differs between compilers) */
        gjk_vec3 at = test_vec3(&r, -1, 1), dir = test_unit3(&r);
        gjk_quat qa = test_quat(&r), qb = test_quat(&r);
        gjk_pose3 pa = gjk_pose3_make(at, qa), pb = gjk_pose3_make(gjk_mad3(at, 3, dir), qb);
        pb = m3_place(&a, pa, &b, pb, test_uniform(&r, -0.2, 0.04));
        gjk_vec3 wt = test_vec3(&r, -FAR, FAR);
        gjk_pose3 world = gjk_pose3_make(wt, test_quat(&r));
        gjk_pair3 p0 = {&a, pa, &b, pb};
        gjk_pair3 p1 = {
            &a, gjk_pose3_make(gjk_pose3_apply(world, pa.position), gjk_quat_mul(world.rotation, pa.rotation)), &b,
            gjk_pose3_make(gjk_pose3_apply(world, pb.position), gjk_quat_mul(world.rotation, pb.rotation))};
        gjk_manifold3 m0 = gjk_collide3(&p0, GJK_R(0.05), NULL), m1 = gjk_collide3(&p1, GJK_R(0.05), NULL);
        gjk_result3 r0 = gjk_signed_distance3(&p0, NULL);
        /* (curved shapes: EPA's answer moves within its tolerance with the rounding of the poses; touching pairs
           have no well-defined normal) */
        if (r0.status != GJK_OK || fabs(r0.distance) < 1e-6 || fabs(r0.distance - 0.05) < 1e-6) goto next;
        assert_int_equal(m1.count, m0.count);
        int curved = a.type >= GJK_SHAPE3_CYLINDER && a.type != GJK_SHAPE3_HULL;
        curved |= b.type >= GJK_SHAPE3_CYLINDER && b.type != GJK_SHAPE3_HULL;
        /* Tolerances on the normal, the separations and the points. Polytopes: EPA's normal is a face normal of
           A - B, off by the rounding of its support points (which moves with the poses' rounding, up to FAR from the
           origin) over the face's size. Curved shapes: EPA's normal is good to about 1e-4 in double and 1e-2 in
           float (the depth to 1e-9 and 1e-5 relative: it is flat in the normal near the answer), and the support
           points, hence the manifold's points, move with it. */
#if GJK_USE_FLOAT
        double tn = curved ? 2e-2 : 2e-3, ts = curved ? 1e-3 : 1e-4, tp = curved ? 4e-2 : 4e-3;
#else
        double tn = curved ? 2e-4 : 1e-10, ts = curved ? 1e-6 : 1e-10, tp = curved ? 1e-3 : 2e-9;
#endif
        expect_vec(m1.normal, gjk_quat_rotate(world.rotation, m0.normal), tn);
        for (int k = 0; k < m0.count; ++k) {
            const gjk_manifold_point3 *q0 = &m0.points[k], *q1 = by_id(&m1, q0->id);
            if (!q1) fail_msg("pair %d: id %08x lost when the scene moved", i, q0->id);
            EXPECT_NEAR(q1->separation, q0->separation, ts);
            expect_vec(q1->point_a, gjk_pose3_apply(world, q0->point_a), tp);
            expect_vec(q1->point_b, gjk_pose3_apply(world, q0->point_b), tp);
        }
        ++compared;
    next:
        gjk_hull3_destroy(ha);
        gjk_hull3_destroy(hb);
    }
    printf("scene moves: %ld manifolds compared\n", compared);
    assert_true(compared > 1000);
}

/* Resting configurations whose ids must survive a 1e-4 nudge of B (position and rotation): the same features touch,
   so an engine matching points by id keeps their impulses. Two contacts have more than 4 candidates (the
   hexagonal prism's face, the box on a cap: its corners and the rim's points), and the reduction to 4 keeps the
   deepest (to GJK_MANIFOLD_DEPTH_TIE of the width): a real turn of 1e-4 moves the deepest point, and the kept
   points with it, so those two are turned by 1e-6, a solver's drift, which the depth tie absorbs; their positions
   are still nudged by 1e-4. */
static void test_ids_stable_under_perturbation(void **state) {
    (void)state;
    test_rng r = {1234};
    gjk_vec3 prism[12];
    for (int i = 0; i < 6; ++i) {
        double t = 2 * PI * i / 6 + 0.2;
        prism[2 * i] = gjk_v3((gjk_real)(0.6 * cos(t)), (gjk_real)(0.6 * sin(t)), GJK_R(0.3));
        prism[2 * i + 1] = gjk_v3((gjk_real)(0.6 * cos(t)), (gjk_real)(0.6 * sin(t)), -GJK_R(0.3));
    }
    gjk_hull3 *hull = gjk_hull3_create(prism, 12, NULL);
    assert_non_null(hull);
    const gjk_quat lying = axis_angle(1, 0, 0, PI / 2);
    gjk_shape3 ground = gjk_box3(gjk_v3(2, 2, GJK_R(0.5))), box = gjk_box3(gjk_v3(GJK_R(0.4), GJK_R(0.3), GJK_R(0.2)));
    gjk_shape3 hs = gjk_hull_shape3(hull), cyl = gjk_cylinder3(GJK_R(0.4), GJK_R(0.5)),
               cap = gjk_capsule3(GJK_R(0.2), GJK_R(0.6));
    gjk_shape3 rbox = gjk_rounded3(box, GJK_R(0.05));
    struct {
        const gjk_shape3 *a, *b;
        gjk_pose3 pb;
    } cases[] = {
        {&ground, &box, gjk_pose3_make(gjk_v3(GJK_R(0.1), GJK_R(0.2), GJK_R(0.695)), axis_angle(0, 0, 1, 0.4))},
        {&ground, &box,
         gjk_pose3_make(gjk_v3(GJK_R(1.9), GJK_R(0.2), GJK_R(0.695)), axis_angle(0, 0, 1, 0.4))}, /* overhanging */
        {&ground, &box,
         gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.5) + GJK_R(0.25) - GJK_R(0.005)), axis_angle(1, 0, 0, PI / 4))}, /* edge */
        {&ground, &hs, gjk_pose3_make(gjk_v3(GJK_R(0.3), -GJK_R(0.2), GJK_R(0.795)), axis_angle(0, 0, 1, 1))},
        {&ground, &cyl, gjk_pose3_make(gjk_v3(GJK_R(0.3), -GJK_R(0.2), GJK_R(0.995)), axis_angle(0, 0, 1, 1))},
        {&ground, &cyl,
         gjk_pose3_make(gjk_v3(GJK_R(0.3), -GJK_R(0.2), GJK_R(0.895)), gjk_quat_mul(axis_angle(0, 0, 1, 1), lying))},
        {&ground, &cap,
         gjk_pose3_make(gjk_v3(GJK_R(0.3), -GJK_R(0.2), GJK_R(0.695)), gjk_quat_mul(axis_angle(0, 0, 1, 1), lying))},
        {&ground, &rbox,
         gjk_pose3_make(gjk_v3(-GJK_R(1.8), GJK_R(1.8), GJK_R(0.745)), axis_angle(0, 0, 1, 0.3))}, /* over a corner */
        {&cyl, &box,
         gjk_pose3_make(gjk_v3(GJK_R(0.1), 0, GJK_R(0.5) + GJK_R(0.2) - GJK_R(0.005)),
                        axis_angle(0, 0, 1, 0.3))}, /* on a cap */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        gjk_pair3 p = {cases[c].a, gjk_pose3_identity(), cases[c].b, cases[c].pb};
        gjk_manifold3 m0 = gjk_collide3(&p, GJK_R(0.005), NULL);
        assert_true(m0.count >= 2);
        for (int trial = 0; trial < 50; ++trial) {
            gjk_pair3 q = p;
            q.pose_b.position = gjk_add3(p.pose_b.position, gjk_scale3(test_unit3(&r), 1e-4f));
            gjk_vec3 axis = test_unit3(&r);
            double turn = cases[c].b == &hs || cases[c].a == &cyl ? 1e-6 : 1e-4;
            q.pose_b.rotation = gjk_quat_mul(axis_angle(axis.x, axis.y, axis.z, turn), p.pose_b.rotation);
            gjk_manifold3 m1 = gjk_collide3(&q, GJK_R(0.005), NULL);
            if (m1.count != m0.count)
                fail_msg("case %d trial %d: %d points, was %d", (int)c, trial, m1.count, m0.count);
            for (int i = 0; i < m0.count; ++i)
                if (!by_id(&m1, m0.points[i].id)) {
                    for (int j = 0; j < m0.count; ++j)
                        printf("  m0 %08x sep %.9g at %.6g %.6g %.6g\n", m0.points[j].id, m0.points[j].separation,
                               m0.points[j].point_b.x, m0.points[j].point_b.y, m0.points[j].point_b.z);
                    for (int j = 0; j < m1.count; ++j)
                        printf("  m1 %08x sep %.9g at %.6g %.6g %.6g\n", m1.points[j].id, m1.points[j].separation,
                               m1.points[j].point_b.x, m1.points[j].point_b.y, m1.points[j].point_b.z);
                    fail_msg("case %d trial %d: id %08x gone", (int)c, trial, m0.points[i].id);
                }
        }
    }
    gjk_hull3_destroy(hull);
}

/* The speculative distance: points of a pair apart by less are reported with their (positive) separations; a pair
   apart by more gives none, with the normal still set. */
static void test_speculative_distance(void **state) {
    (void)state;
    gjk_shape3 a = gjk_box3(gjk_v3(1, 1, 1)), b = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.5)));
    gjk_pair3 p = {&a, gjk_pose3_identity(), &b, gjk_pose3_make(gjk_v3(0, 0, GJK_R(1.5625)), gjk_quat_identity())};
    gjk_manifold3 m = gjk_collide3(&p, GJK_R(0.125), NULL);
    assert_int_equal(m.count, 4);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(m.points[i].separation, 0.0625, 0);
    m = gjk_collide3(&p, GJK_R(0.0625), NULL); /* exactly at the distance: reported */
    assert_int_equal(m.count, 4);
    m = gjk_collide3(&p, GJK_R(0.03125), NULL);
    assert_int_equal(m.status, GJK_OK);
    assert_int_equal(m.count, 0);
    expect_vec(m.normal, gjk_v3(0, 0, 1), 0);
    /* a tilted box within the speculative distance keeps only the corners within it */
    p.pose_b = gjk_pose3_make(gjk_v3(0, 0, GJK_R(1.7)), axis_angle(1, 0, 0, 0.1));
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    m = gjk_collide3(&p, (gjk_real)(r.distance + 0.05), NULL);
    assert_int_equal(m.count, 2); /* the lower edge; the upper one is 1 * sin(0.1) = 0.0998 higher */
    for (int i = 0; i < 2; ++i) EXPECT_NEAR(m.points[i].separation, r.distance, EXACT);
    /* the whole tilted face (the incident face of A's top, tilt 0.1 beyond the face tolerance) within reach */
    m = gjk_collide3(&p, (gjk_real)(r.distance + 0.15), NULL);
    assert_int_equal(m.count, 4);
    int upper = 0;
    for (int i = 0; i < 4; ++i) {
        double above = (double)m.points[i].separation - (double)r.distance;
        if (above > 1e-6) {
            EXPECT_NEAR(above, sin(0.1), EXACT);
            ++upper;
        }
    }
    assert_int_equal(upper, 2);
}

/* A box sunk 0.1 into another at a tilt of 0.05 rad about y (beyond the 1.1 degrees within which a face counts as
   facing the normal): all four bottom corners are inside, and all four are points, each at its exact depth below
   A's top face, each pair on the vertical line through the corner (reported by the demo work: only the deepest
   edge came back, 2 points, a rocking contact for an engine). With A and B swapped, the same points come back with
   their roles and id halves swapped. */
static void test_tilted_box_four_points(void **state) {
    (void)state;
    gjk_shape3 ground = gjk_box3(gjk_v3(2, 2, GJK_R(0.5))), box = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.5)));
    gjk_pose3 pb = gjk_pose3_make(gjk_v3(GJK_R(0.3), 0, GJK_R(0.9)), axis_angle(0, 1, 0, 0.05));
    gjk_pair3 p = {&ground, gjk_pose3_identity(), &box, pb};
    gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.count, 4);
    for (int i = 0; i < 4; ++i) {
        gjk_vec3 want = gjk_v3(0, 0, 0);
        double best = INFINITY;
        for (int k = 0; k < 8; ++k) {
            gjk_vec3 c = gjk_pose3_apply(pb, gjk_v3(k & 1 ? GJK_R(0.5) : GJK_R(-0.5), k & 2 ? GJK_R(0.5) : GJK_R(-0.5),
                                                   k & 4 ? GJK_R(0.5) : GJK_R(-0.5)));
            double d = gjk_len3(gjk_sub3(c, m.points[i].point_b));
            if (d < best) best = d, want = c;
        }
        EXPECT_NEAR(best, 0, EXACT);
        EXPECT_NEAR(m.points[i].separation, (double)want.z - 0.5, EXACT);
        expect_vec(m.points[i].point_a, gjk_v3(want.x, want.y, GJK_R(0.5)), EXACT);
    }
    gjk_pair3 q = {&box, pb, &ground, gjk_pose3_identity()};
    gjk_manifold3 w = gjk_collide3(&q, 0, NULL);
    assert_int_equal(w.count, 4);
    for (int i = 0; i < 4; ++i) {
        int j = -1;
        for (int k = 0; k < 4; ++k)
            if (gjk_len3(gjk_sub3(w.points[k].point_a, m.points[i].point_b)) < 1e-6) j = k;
        assert_true(j >= 0);
        EXPECT_NEAR(w.points[j].separation, m.points[i].separation, EXACT);
        expect_vec(w.points[j].point_b, m.points[i].point_a, EXACT);
        assert_true(w.points[j].id == (m.points[i].id << 16 | m.points[i].id >> 16));
    }
}

/* A capsule settling on a face at 0.05 rad from flat (beyond the face tolerance), both ends sunk: 2 points, one
   under each end, each on the capsule's rounded surface (at distance r from its segment: the tilted side reaches
   below an end's ball, so the upper point is not simply r below the segment) and on A's top face, the pair along
   the normal (it used to give only the deeper end). */
static void test_tilted_capsule_two_points(void **state) {
    (void)state;
    gjk_shape3 ground = gjk_box3(gjk_v3(2, 2, GJK_R(0.5))), cap = gjk_capsule3(GJK_R(0.25), 1);
    gjk_pose3 pc = gjk_pose3_make(gjk_v3(GJK_R(0.1), GJK_R(0.2), GJK_R(0.7)), axis_angle(0, 1, 0, PI / 2 - 0.05));
    gjk_pair3 p = {&ground, gjk_pose3_identity(), &cap, pc};
    gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.count, 2);
    gjk_vec3 e0 = gjk_pose3_apply(pc, gjk_v3(0, 0, -1)), e1 = gjk_pose3_apply(pc, gjk_v3(0, 0, 1));
    for (int i = 0; i < 2; ++i) {
        const gjk_manifold_point3 *q = &m.points[i];
        EXPECT_NEAR(q->point_a.z, 0.5, EXACT);
        EXPECT_NEAR(q->separation, (double)q->point_b.z - 0.5, EXACT);
        EXPECT_NEAR(q->point_b.x, q->point_a.x, EXACT);
        EXPECT_NEAR(q->point_b.y, q->point_a.y, EXACT);
        /* on the rounded surface: r from the segment */
        gjk_vec3 e = gjk_sub3(e1, e0), w = gjk_sub3(q->point_b, e0);
        double t = fmin(fmax((double)gjk_dot3(w, e) / (double)gjk_dot3(e, e), 0), 1);
        EXPECT_NEAR(gjk_len3(gjk_sub3(q->point_b, gjk_mad3(e0, (gjk_real)t, e))), 0.25, EXACT);
    }
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    EXPECT_NEAR(fmin(m.points[0].separation, m.points[1].separation), r.distance, EXACT);
}

/* A fuzz finding (fuzz_query_float, seed regression_incident_sliver): a triangle 2 across touching a flat hull that
   is a sliver triangle 5,500 long and 5e-6 thick in float. The sliver's incident face, clipped against the small
   triangle's prism, gave 4 points of which two had the same id, 0.0076 deeper than the query's depth (8e-8 apart).
   An incident face whose points do not reproduce the depth, or repeat an id, now gives way to the features
   within the tolerance. */
static void test_regression_incident_sliver(void **state) {
    (void)state;
    gjk_shape3 a = gjk_triangle3(gjk_v3(-1.52f, 1.12f, 1.36f), gjk_v3(5.5e-6f, -5.0625e-6f, 5.5e-6f),
                                 gjk_v3(5.5e-6f, 5.5e-6f, 5.5e-6f));
    const gjk_vec3 pts[3] = {{5500, 5.5e-6f, 7.5e-6f}, {5.5e-6f, 5.5e-6f, 550}, {-5.375e-6f, 5.5e-6f, 5.5e-6f}};
    gjk_hull3 *h = gjk_hull3_create(pts, 3, NULL);
    assert_non_null(h);
    gjk_shape3 b = gjk_hull_shape3(h);
    gjk_quat qa = {-2.32f, 5.5e-6f, 5.5e-6f, 5.5e-6f}, qb = {5.5e-6f, 5.5e-6f, 5.5e-6f, 5.5e-6f};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(5.5e-6f, 5.5e-6f, 5.5e-6f), qa), &b,
                   gjk_pose3_make(gjk_v3(5.625e-6f, 5.5e-6f, 5.5e-6f), qb)};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    gjk_manifold3 m = gjk_collide3(&p, GJK_R(0.5), NULL);
    assert_int_equal(m.status, r.status);
    for (int i = 0; i < m.count; ++i) {
        for (int j = 0; j < i; ++j) assert_true(m.points[j].id != m.points[i].id);
        /* none deeper than the depth, within the pair's rounding: float's ulp at the pair's size (5,500) is 5e-4,
           and the tolerance features of such a sliver put the deepest point 1.4e-6 of the size (0.0076) below it */
        assert_true(m.points[i].separation >= r.distance - (GJK_USE_FLOAT ? 5500 * 2e-6 : 1e-9));
    }
    gjk_hull3_destroy(h);
}

/* One point where one point describes the contact: a sphere on a box, a box corner on a box. */
static void test_single_point_contacts(void **state) {
    (void)state;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1)), ball = gjk_sphere3(GJK_R(0.5)),
               small = gjk_box3(gjk_v3(GJK_R(0.25), GJK_R(0.25), GJK_R(0.25)));
    gjk_pair3 p = {&box, gjk_pose3_identity(), &ball,
                   gjk_pose3_make(gjk_v3(GJK_R(0.25), GJK_R(0.5), GJK_R(1.375)), gjk_quat_identity())};
    gjk_manifold3 m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.count, 1);
    expect_vec(m.points[0].point_a, gjk_v3(GJK_R(0.25), GJK_R(0.5), 1), 0);
    expect_vec(m.points[0].point_b, gjk_v3(GJK_R(0.25), GJK_R(0.5), GJK_R(0.875)), 0);
    EXPECT_NEAR(m.points[0].separation, -0.125, 0);
    /* a cube standing on a corner (diagonal along z): its lowest corner */
    gjk_quat q = gjk_quat_mul(axis_angle(1, 0, 0, atan(sqrt(2.0))), axis_angle(0, 0, 1, PI / 4));
    gjk_real half_diag = (gjk_real)(0.25 * sqrt(3.0));
    p.b = &small;
    p.pose_b = gjk_pose3_make(gjk_v3(GJK_R(0.1), GJK_R(0.2), 1 + half_diag - GJK_R(0.01)), q);
    m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.count, 1);
    EXPECT_NEAR(m.points[0].separation, -0.01, TU(1e-12));
    EXPECT_NEAR(m.points[0].point_b.x, 0.1, TU(1e-12));
    EXPECT_NEAR(m.points[0].point_b.y, 0.2, TU(1e-12));
}

static void test_bad_input(void **state) {
    (void)state;
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1)), bad = gjk_sphere3(-1);
    gjk_pair3 p = {&box, gjk_pose3_identity(), &box, gjk_pose3_make(gjk_v3(0, 0, GJK_R(1.5)), gjk_quat_identity())};
    const gjk_real specs[4] = {-1, (gjk_real)NAN, (gjk_real)INFINITY, -GJK_R(0.0)};
    for (int i = 0; i < 4; ++i) {
        gjk_manifold3 m = gjk_collide3(&p, specs[i], NULL);
        if (i == 3) { /* -0 is a valid zero */
            assert_int_equal(m.status, GJK_OK);
            continue;
        }
        assert_int_equal(m.status, GJK_INVALID_INPUT);
        assert_int_equal(m.count, 0);
    }
    gjk_manifold3 m = gjk_collide3(NULL, 0, NULL);
    assert_int_equal(m.status, GJK_INVALID_INPUT);
    assert_int_equal(m.count, 0);
    p.b = &bad;
    m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.status, GJK_INVALID_INPUT);
    assert_int_equal(m.count, 0);
    p.b = &box;
    p.pose_b.rotation.w = (gjk_real)NAN;
    m = gjk_collide3(&p, 0, NULL);
    assert_int_equal(m.status, GJK_INVALID_INPUT);
    assert_int_equal(m.count, 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boxes_face_to_face_exact),
        cmocka_unit_test(test_rounded_boxes_exact),
        cmocka_unit_test(test_no_phantom_deep_contact),
        cmocka_unit_test(test_face_against_edge_two_points),
        cmocka_unit_test(test_cylinder_cap_points_fixed),
        cmocka_unit_test(test_scene_transform_invariance),
        cmocka_unit_test(test_ids_stable_under_perturbation),
        cmocka_unit_test(test_speculative_distance),
        cmocka_unit_test(test_tilted_box_four_points),
        cmocka_unit_test(test_tilted_capsule_two_points),
        cmocka_unit_test(test_regression_incident_sliver),
        cmocka_unit_test(test_single_point_contacts),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
