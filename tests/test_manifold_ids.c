// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Feature ids of contact manifolds (gjk/manifold.h), 2D and 3D: an id names the feature of each shape the point lies
   on, so it must not change while the same features touch, whatever clipping, rounding, the order of the points or
   the choice of reference face does.

   - the named regressions: two unit cubes stacked flush, B nudged by -+1e-6 or turned by -+1e-5, gave two disjoint
     sets of ids (the clipping's outcome at flush sides flipped with the sign of the nudge);
   - nudges at the rounding level (1e-12 to 1e-6 of the size, translations and turns about each axis, both signs)
     of flush pairs (equal boxes, prisms of 3 to 8 sides and hulls stacked; a box on a box with one side flush; a
     capsule on a box with an end flush; equal cylinders), stacked and tilted pairs: the set of ids never changes;
     and the same pairs with A and B exchanged give the same ids with their halves exchanged;
   - coherent frame sequences (a box sliding across another, rocking by tiny angles, settling), the points of
     consecutive frames matched by position: between frames whose touching features did not change (every point
     matched, none within the ambiguous band of a snap boundary: between half and twice the snap from a vertex or
     an edge of either face), every point keeps its id. The share over all matched points is printed. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846
#define SNAP 1e-3 /* GJK_FEATURE_SNAP (feature3.h) */
#define SPEC GJK_R(0.02)

/* ---- id sets ------------------------------------------------------------------------------------------------- */

typedef struct idset {
    int n;
    uint32_t id[4];
} idset;

static uint32_t swap_halves(uint32_t id) { return id << 16 | id >> 16; }

static idset sorted(idset s) {
    for (int i = 1; i < s.n; ++i)
        for (int j = i; j > 0 && s.id[j - 1] > s.id[j]; --j) {
            uint32_t t = s.id[j];
            s.id[j] = s.id[j - 1];
            s.id[j - 1] = t;
        }
    return s;
}

static idset ids3(const gjk_manifold3 *m, bool swap) {
    idset s;
    s.n = m->count;
    for (int i = 0; i < m->count; ++i) s.id[i] = swap ? swap_halves(m->points[i].id) : m->points[i].id;
    return sorted(s);
}

static idset ids2(const gjk_manifold2 *m, bool swap) {
    idset s;
    s.n = m->count;
    for (int i = 0; i < m->count; ++i) s.id[i] = swap ? swap_halves(m->points[i].id) : m->points[i].id;
    return sorted(s);
}

static bool same_ids(idset a, idset b) {
    if (a.n != b.n) return false;
    for (int i = 0; i < a.n; ++i)
        if (a.id[i] != b.id[i]) return false;
    return true;
}

static void format_ids(char *buf, size_t size, idset s) {
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < s.n && at + 10 < size; ++i) at += (size_t)snprintf(buf + at, size - at, " %08x", s.id[i]);
}

static void expect_same(idset want, idset got, const char *label, const char *what) {
    if (same_ids(want, got)) return;
    char w[64], g[64];
    format_ids(w, sizeof w, want);
    format_ids(g, sizeof g, got);
    fail_msg("%s, %s: ids%s, expected%s", label, what, g, w);
}

/* ---- nudges -------------------------------------------------------------------------------------------------- */

static const double magnitudes[4] = {1e-12, 1e-10, 1e-8, 1e-6};

/* Pose p moved by `mag` (times `size`) along axis kind (0-2) or turned by `mag` radians about axis kind - 3. */
static gjk_pose3 nudge3(gjk_pose3 p, int kind, double mag, double size) {
    gjk_vec3 axis = gjk_v3(kind % 3 == 0, kind % 3 == 1, kind % 3 == 2);
    if (kind < 3)
        p.position = gjk_mad3(p.position, (gjk_real)(mag * size), axis);
    else
        p.rotation = gjk_quat_mul(gjk_quat_from_axis_angle(axis, (gjk_real)mag), p.rotation);
    return p;
}

static gjk_pose2 nudge2(gjk_pose2 p, int kind, double mag, double size) {
    if (kind < 2) {
        if (kind == 0)
            p.position.x += (gjk_real)(mag * size);
        else
            p.position.y += (gjk_real)(mag * size);
        return p;
    }
    gjk_rot2 t = gjk_rot2_from_angle((gjk_real)mag), r = p.rotation;
    p.rotation.c = t.c * r.c - t.s * r.s;
    p.rotation.s = t.s * r.c + t.c * r.s;
    return p;
}

/* A pair of either dimension (a3 set: 3D), to be nudged. */
typedef struct nudged_pair {
    const gjk_shape3 *a3, *b3;
    gjk_pose3 pa3, pb3;
    const gjk_shape2 *a2, *b2;
    gjk_pose2 pa2, pb2;
    double size;
} nudged_pair;

/* The pair's ids with B moved or turned (kind and mag as for nudge3 and nudge2; kind -1: as it stands); exchanged:
   with A and B exchanged (the same body nudged), the halves exchanged back. */
static idset nudged_ids(const nudged_pair *np, int kind, double mag, bool exchanged) {
    if (np->a3) {
        gjk_pose3 pb = kind < 0 ? np->pb3 : nudge3(np->pb3, kind, mag, np->size);
        gjk_pair3 p = {np->a3, np->pa3, np->b3, pb}, q = {np->b3, pb, np->a3, np->pa3};
        gjk_manifold3 m = gjk_collide3(exchanged ? &q : &p, SPEC, NULL);
        return ids3(&m, exchanged);
    }
    gjk_pose2 pb = kind < 0 ? np->pb2 : nudge2(np->pb2, kind, mag, np->size);
    gjk_pair2 p = {np->a2, np->pa2, np->b2, pb}, q = {np->b2, pb, np->a2, np->pa2};
    gjk_manifold2 m = gjk_collide2(exchanged ? &q : &p, SPEC, NULL);
    return ids2(&m, exchanged);
}

/* The pair's ids under every nudge of B, and with the roles exchanged: always the unperturbed set. Returns the
   number of points. */
static int check_nudges(const char *label, const nudged_pair *np, int min_points) {
    idset want = nudged_ids(np, -1, 0, false);
    if (want.n < min_points) fail_msg("%s: %d points, expected %d or more", label, want.n, min_points);
    expect_same(want, nudged_ids(np, -1, 0, true), label, "roles exchanged");
    int moves = np->a3 ? 3 : 2;
    char what[96];
    for (int kind = 0; kind < 2 * moves; ++kind)
        for (int k = 0; k < 16; ++k) {
            double mag = (k & 1 ? -1 : 1) * magnitudes[(k >> 1) & 3];
            bool exchanged = k >= 8;
            snprintf(what, sizeof what, "%s by %g (%s)", kind < moves ? "moved" : "turned", mag,
                     exchanged ? "roles exchanged" : "B");
            expect_same(want, nudged_ids(np, kind, mag, exchanged), label, what);
        }
    return want.n;
}

static int check_nudges3(const char *label, const gjk_shape3 *a, gjk_pose3 pa, const gjk_shape3 *b, gjk_pose3 pb,
                         double size, int min_points) {
    nudged_pair np = {.a3 = a, .b3 = b, .pa3 = pa, .pb3 = pb, .size = size};
    return check_nudges(label, &np, min_points);
}

static int check_nudges2(const char *label, const gjk_shape2 *a, gjk_pose2 pa, const gjk_shape2 *b, gjk_pose2 pb,
                         double size, int min_points) {
    nudged_pair np = {.a2 = a, .b2 = b, .pa2 = pa, .pb2 = pb, .size = size};
    return check_nudges(label, &np, min_points);
}

/* ---- the named regressions ------------------------------------------------------------------------------------ */

static bool is_vertex_pair(uint32_t id) { return (id >> 30) == 0 && ((id >> 14) & 3u) == 0; }

/* Two unit cubes, B at (d, d, 0.999), speculative 0.02: d = -1e-6 gave 400d4006 80050003 400c4004 00048004 and
   d = +1e-6 gave 00078004 40104000 80050000 40124001 (an incident corner inside the reference face, an incident
   edge cut by a side plane or a reference corner inside the incident face, by the sign of d). Each point is at a
   corner of both cubes: (vertex, vertex) whatever d. */
static void regression_flush_cubes_ids3(void **state) {
    (void)state;
    gjk_shape3 cube = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.5)));
    idset first = {0, {0}};
    for (int side = 0; side < 2; ++side) {
        gjk_real d = side ? GJK_R(1e-6) : GJK_R(-1e-6);
        gjk_pair3 p = {&cube, gjk_pose3_identity(), &cube,
                       gjk_pose3_make(gjk_v3(d, d, GJK_R(0.999)), gjk_quat_identity())};
        gjk_manifold3 m = gjk_collide3(&p, SPEC, NULL);
        assert_int_equal(m.count, 4);
        idset s = ids3(&m, false);
        for (int i = 0; i < 4; ++i) {
            if (!is_vertex_pair(s.id[i])) fail_msg("d = %g: id %08x is not (vertex, vertex)", (double)d, s.id[i]);
            /* the lower cube's top corner (bit 2 set) under the upper cube's bottom corner with the same x, y */
            assert_int_equal(s.id[i] >> 16, (s.id[i] & 0xFFFFu) | 4u);
        }
        if (side == 0) first = s;
        expect_same(first, s, "flush cubes", "d = +1e-6 against -1e-6");
    }
}

/* The same cubes with B at (0, 0, 0.999) turned by -+1e-5 about z: the same 4 (vertex, vertex) ids. */
static void regression_flush_cubes_turned_ids3(void **state) {
    (void)state;
    gjk_shape3 cube = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.5)));
    idset first = {0, {0}};
    for (int side = 0; side < 2; ++side) {
        double turn = side ? 1e-5 : -1e-5;
        gjk_pair3 p = {
            &cube, gjk_pose3_identity(), &cube,
            gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.999)), gjk_quat_from_axis_angle(gjk_v3(0, 0, 1), (gjk_real)turn))};
        gjk_manifold3 m = gjk_collide3(&p, SPEC, NULL);
        assert_int_equal(m.count, 4);
        idset s = ids3(&m, false);
        for (int i = 0; i < 4; ++i)
            if (!is_vertex_pair(s.id[i])) fail_msg("turn %g: id %08x is not (vertex, vertex)", turn, s.id[i]);
        if (side == 0) first = s;
        expect_same(first, s, "flush cubes turned", "+1e-5 against -1e-5");
    }
}

/* ---- nudges of flush, stacked and tilted pairs ---------------------------------------------------------------- */

/* A prism of n sides (radius 0.5, half height 0.25), its axis along z, a side's edge along x at the bottom. */
static gjk_hull3 *prism3(int n) {
    gjk_vec3 v[16];
    for (int i = 0; i < n; ++i) {
        double t = 2 * PI * (i + 0.5) / n - PI / 2;
        for (int k = 0; k < 2; ++k)
            v[2 * i + k] = gjk_v3((gjk_real)(0.5 * cos(t)), (gjk_real)(0.5 * sin(t)), k ? GJK_R(0.25) : -GJK_R(0.25));
    }
    return gjk_hull3_create(v, 2 * n, NULL);
}

static gjk_quat about_z(double angle) { return gjk_quat_from_axis_angle(gjk_v3(0, 0, 1), (gjk_real)angle); }

static void test_nudged_boxes3(void **state) {
    (void)state;
    gjk_shape3 cube = gjk_box3(gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.5)));
    gjk_shape3 ground = gjk_box3(gjk_v3(1, 1, GJK_R(0.5))),
               small = gjk_box3(gjk_v3(GJK_R(0.3), GJK_R(0.2), GJK_R(0.25)));
    gjk_pose3 origin = gjk_pose3_identity();
    check_nudges3("equal cubes stacked flush", &cube, origin, &cube,
                  gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.999)), gjk_quat_identity()), 1, 4);
    check_nudges3("equal cubes stacked, offset", &cube, origin, &cube,
                  gjk_pose3_make(gjk_v3(GJK_R(0.2), GJK_R(0.1), GJK_R(0.999)), gjk_quat_identity()), 1, 4);
    check_nudges3("equal cubes, one side flush", &cube, origin, &cube,
                  gjk_pose3_make(gjk_v3(GJK_R(0.3), 0, GJK_R(0.999)), gjk_quat_identity()), 1, 4);
    check_nudges3("box on box, one side flush", &ground, origin, &small,
                  gjk_pose3_make(gjk_v3(GJK_R(0.7), 0, GJK_R(0.749)), gjk_quat_identity()), 1, 4);
    check_nudges3("box on box, a corner flush", &ground, origin, &small,
                  gjk_pose3_make(gjk_v3(GJK_R(0.7), GJK_R(0.8), GJK_R(0.749)), gjk_quat_identity()), 1, 4);
    check_nudges3("box on box, turned", &ground, origin, &small,
                  gjk_pose3_make(gjk_v3(GJK_R(0.1), GJK_R(0.2), GJK_R(0.749)), about_z(0.4)), 1, 4);
    check_nudges3("equal cubes, turned (8 corners reduced)", &cube, origin, &cube,
                  gjk_pose3_make(gjk_v3(GJK_R(0.05), 0, GJK_R(0.999)), about_z(0.3)), 1, 4);
    /* tilted within the angular tolerance (a face) and beyond it (the incident face, sunk at a corner) */
    gjk_quat tilt = gjk_quat_mul(gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), GJK_R(0.01)), about_z(0.3));
    check_nudges3("box on box, tilted 0.01", &ground, origin, &small, gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.75)), tilt),
                  1, 2);
    tilt = gjk_quat_mul(gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), GJK_R(0.05)), about_z(0.3));
    check_nudges3("box on box, tilted 0.05", &ground, origin, &small, gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.75)), tilt),
                  1, 2);
}

static void test_nudged_hulls3(void **state) {
    (void)state;
    gjk_shape3 ground = gjk_box3(gjk_v3(1, 1, GJK_R(0.5)));
    gjk_pose3 origin = gjk_pose3_identity();
    char label[64];
    for (int n = 3; n <= 8; ++n) {
        gjk_hull3 *h = prism3(n);
        assert_non_null(h);
        gjk_shape3 s = gjk_hull_shape3(h);
        snprintf(label, sizeof label, "equal %d-prisms stacked", n);
        check_nudges3(label, &s, origin, &s, gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.499)), gjk_quat_identity()), 1,
                      n < 4 ? n : 4);
        snprintf(label, sizeof label, "equal %d-prisms stacked, offset", n);
        check_nudges3(label, &s, origin, &s,
                      gjk_pose3_make(gjk_v3(GJK_R(0.1), GJK_R(0.05), GJK_R(0.499)), gjk_quat_identity()), 1, 3);
        snprintf(label, sizeof label, "%d-prism on a box, a side flush", n);
        check_nudges3(
            label, &ground, origin, &s,
            gjk_pose3_make(gjk_v3(0, -1 + GJK_R(0.5) * (gjk_real)cos(PI / n), GJK_R(0.749)), gjk_quat_identity()), 1,
            3);
        snprintf(label, sizeof label, "%d-prism on a box, turned", n);
        check_nudges3(label, &ground, origin, &s, gjk_pose3_make(gjk_v3(GJK_R(0.2), 0, GJK_R(0.749)), about_z(0.7)), 1,
                      3);
        gjk_hull3_destroy(h);
    }
}

static void test_nudged_round_shapes3(void **state) {
    (void)state;
    gjk_shape3 ground = gjk_box3(gjk_v3(1, 1, GJK_R(0.5))), cap = gjk_capsule3(GJK_R(0.2), GJK_R(0.3));
    gjk_shape3 cyl = gjk_cylinder3(GJK_R(0.4), GJK_R(0.5));
    gjk_pose3 origin = gjk_pose3_identity();
    gjk_quat lying = gjk_quat_from_axis_angle(gjk_v3(0, 1, 0), (gjk_real)(PI / 2));
    /* the capsule's axis along x, its end at x = 1 over the box's edge */
    check_nudges3("capsule on a box, an end flush", &ground, origin, &cap,
                  gjk_pose3_make(gjk_v3(GJK_R(0.7), 0, GJK_R(0.699)), lying), 1, 2);
    check_nudges3("capsule on a box", &ground, origin, &cap, gjk_pose3_make(gjk_v3(0, GJK_R(0.3), GJK_R(0.699)), lying),
                  1, 2);
    check_nudges3("equal capsules side by side, ends flush", &cap, gjk_pose3_make(gjk_v3(0, 0, 0), lying), &cap,
                  gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.399)), lying), 1, 2);
    check_nudges3("capsules side by side, offset", &cap, gjk_pose3_make(gjk_v3(0, 0, 0), lying), &cap,
                  gjk_pose3_make(gjk_v3(GJK_R(0.2), 0, GJK_R(0.399)), lying), 1, 2);
    check_nudges3("cylinder lying on a box, an end flush", &ground, origin, &cyl,
                  gjk_pose3_make(gjk_v3(GJK_R(0.5), 0, GJK_R(0.899)), lying), 1, 2);
    /* a rounded box on one of its edges (a segment: the rounded surface keeps the edge's feature), the edge's end
       flush with the ground's side x = 1 */
    gjk_shape3 rbox = gjk_rounded3(gjk_box3(gjk_v3(GJK_R(0.3), GJK_R(0.2), GJK_R(0.2))), GJK_R(0.05));
    gjk_quat on_edge = gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), (gjk_real)(PI / 4));
    check_nudges3("rounded box on an edge, an end flush", &ground, origin, &rbox,
                  gjk_pose3_make(gjk_v3(GJK_R(0.7), 0, (gjk_real)(0.5 + 0.05 + 0.2 * sqrt(2.0) - 0.001)), on_edge), 1,
                  2);
    check_nudges3("cylinder standing on a box", &ground, origin, &cyl,
                  gjk_pose3_make(gjk_v3(GJK_R(0.1), 0, GJK_R(0.999)), about_z(0.3)), 1, 4);
    check_nudges3("equal cylinders stacked", &cyl, origin, &cyl,
                  gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.999)), gjk_quat_identity()), 1, 4);
    /* the rim crossing the box's side x = 1 at 60 degrees from its rim point 0 */
    check_nudges3("cylinder on a box, rim over a side", &ground, origin, &cyl,
                  gjk_pose3_make(gjk_v3(GJK_R(0.8), 0, GJK_R(0.999)), gjk_quat_identity()), 1, 3);
}

static void test_nudged_pairs2(void **state) {
    (void)state;
    gjk_shape2 box = gjk_box2(gjk_v2(GJK_R(0.5), GJK_R(0.5))), ground = gjk_box2(gjk_v2(1, GJK_R(0.5)));
    gjk_shape2 small = gjk_box2(gjk_v2(GJK_R(0.3), GJK_R(0.2))), cap = gjk_capsule2(GJK_R(0.2), GJK_R(0.3));
    gjk_pose2 origin = gjk_pose2_identity();
    check_nudges2("equal boxes stacked flush", &box, origin, &box, gjk_pose2_make(gjk_v2(0, GJK_R(0.999)), 0), 1, 2);
    check_nudges2("equal boxes stacked, offset", &box, origin, &box,
                  gjk_pose2_make(gjk_v2(GJK_R(0.3), GJK_R(0.999)), 0), 1, 2);
    check_nudges2("box on box, one side flush", &ground, origin, &small,
                  gjk_pose2_make(gjk_v2(GJK_R(0.7), GJK_R(0.699)), 0), 1, 2);
    check_nudges2("capsule on a box, an end flush", &ground, origin, &cap,
                  gjk_pose2_make(gjk_v2(GJK_R(0.7), GJK_R(0.699)), (gjk_real)(PI / 2)), 1, 2);
    check_nudges2("box on box, tilted 0.01", &ground, origin, &small,
                  gjk_pose2_make(gjk_v2(GJK_R(0.1), GJK_R(0.7)), GJK_R(0.01)), 1, 2);
    check_nudges2("box on box, tilted 0.05", &ground, origin, &small,
                  gjk_pose2_make(gjk_v2(GJK_R(0.1), GJK_R(0.7)), GJK_R(0.05)), 1, 1);
    char label[64];
    for (int n = 3; n <= 8; ++n) {
        /* a regular n-gon with a flat top edge; the same turned by a half turn has a flat bottom edge over it */
        gjk_vec2 v[8];
        for (int i = 0; i < n; ++i) {
            double t = 2 * PI * (i + 0.5) / n + PI / 2;
            v[i] = gjk_v2((gjk_real)(0.5 * cos(t)), (gjk_real)(0.5 * sin(t)));
        }
        gjk_hull2 *h = gjk_hull2_create(v, n, NULL);
        assert_non_null(h);
        gjk_shape2 s = gjk_polygon2(h);
        double top = 0.5 * cos(PI / n);
        snprintf(label, sizeof label, "equal %d-gons stacked flush", n);
        check_nudges2(label, &s, origin, &s, gjk_pose2_make(gjk_v2(0, (gjk_real)(2 * top - 0.001)), (gjk_real)PI), 1,
                      2);
        snprintf(label, sizeof label, "%d-gon on a box, a side flush", n);
        check_nudges2(
            label, &ground, origin, &s,
            gjk_pose2_make(gjk_v2((gjk_real)(1 - 0.5 * sin(PI / n)), (gjk_real)(0.5 + top - 0.001)), (gjk_real)PI), 1,
            2);
        gjk_hull2_destroy(h);
    }
}

/* ---- coherent frame sequences --------------------------------------------------------------------------------- */

/* One body of a sequence: a box. The face of it that faces world direction d, and how far a world point is from
   that face's corners and edges, seen along the face's normal. */
typedef struct seq_body3 {
    gjk_vec3 h;
    gjk_pose3 pose;
} seq_body3;

static gjk_vec3 to_local3(gjk_pose3 p, gjk_vec3 x) {
    return gjk_quat_rotate(gjk_quat_conj(p.rotation), gjk_sub3(x, p.position));
}

/* Which feature of box b's face facing world direction d the world point x lies on, by the test's own reading of the
   snap rule: the corner (0-3) when x is well within the snap of its two edges, an edge (4-7) when well within the
   snap of that one only, the face (8) when well away from every edge; -1 when it is between half and twice the
   snap from an edge (where rounding may decide). The face's axis (0-5 with the side) in `axis`. */
static int feature_of3(const seq_body3 *b, gjk_vec3 d, gjk_vec3 x, double snap, int *axis) {
    gjk_vec3 dl = gjk_quat_rotate(gjk_quat_conj(b->pose.rotation), d), pl = to_local3(b->pose, x);
    const double dc[3] = {dl.x, dl.y, dl.z}, pc[3] = {pl.x, pl.y, pl.z}, hc[3] = {b->h.x, b->h.y, b->h.z};
    int ax = 0;
    for (int k = 1; k < 3; ++k)
        if (fabs(dc[k]) > fabs(dc[ax])) ax = k;
    *axis = dc[ax] > 0 ? ax : ax + 3;
    int u = (ax + 1) % 3, w = (ax + 2) % 3;
    double x0 = pc[u], y0 = pc[w], hu = hc[u], hw = hc[w];
    bool near[4];
    for (int k = 0; k < 4; ++k) { /* the edges as segments: w = -hw, w = +hw, u = -hu, u = +hu */
        double de;
        if (k < 2)
            de = hypot(x0 - fmax(-hu, fmin(hu, x0)), y0 - (k ? hw : -hw));
        else
            de = hypot(x0 - (k == 3 ? hu : -hu), y0 - fmax(-hw, fmin(hw, y0)));
        if (de >= snap / 2 && de <= 2 * snap) return -1;
        near[k] = de < snap / 2;
    }
    int count = near[0] + near[1] + near[2] + near[3];
    if (count == 0) return 8;
    if (count == 1) return 4 + (near[0] ? 0 : near[1] ? 1 : near[2] ? 2 : 3);
    if (count == 2 && near[0] != near[1] && near[2] != near[3]) return 2 * near[1] + near[3];
    return -1;
}

typedef struct seq_stats {
    long frames, matched, kept, unchanged_pairs, unchanged_points, unchanged_kept;
} seq_stats;

/* Compares frame f1 with f0 (bodies a and b at those frames): the points matched by position (the nearest within
   `match`, one to one); counts kept ids, and those of frame pairs whose touching features did not change (the
   same number of points, all matched, each on the same features of both faces by feature_of3). */
static void compare_frames3(const char *label, int frame, const gjk_manifold3 *m0, const gjk_manifold3 *m1,
                            const seq_body3 *a0, const seq_body3 *b0, const seq_body3 *a1, const seq_body3 *b1,
                            double match, double snap, seq_stats *st) {
    bool unchanged = m0->count == m1->count && m0->count > 0;
    bool used[4] = {false, false, false, false};
    int matched = 0, kept = 0;
    for (int i = 0; i < m0->count; ++i) {
        int best = -1;
        double bd = match;
        for (int j = 0; j < m1->count; ++j) {
            double dd = gjk_len3(gjk_sub3(m1->points[j].point_a, m0->points[i].point_a));
            if (!used[j] && dd < bd) bd = dd, best = j;
        }
        if (best < 0) continue;
        used[best] = true;
        ++matched;
        /* the same features of both faces under the point in both frames, none where rounding may decide */
        int f0a, f0b, f1a, f1b, x0a, x0b, x1a, x1b;
        f0a = feature_of3(a0, m0->normal, m0->points[i].point_a, snap, &x0a);
        f0b = feature_of3(b0, gjk_neg3(m0->normal), m0->points[i].point_b, snap, &x0b);
        f1a = feature_of3(a1, m1->normal, m1->points[best].point_a, snap, &x1a);
        f1b = feature_of3(b1, gjk_neg3(m1->normal), m1->points[best].point_b, snap, &x1b);
        bool same = f0a >= 0 && f0b >= 0 && f0a == f1a && f0b == f1b && x0a == x1a && x0b == x1b;
        if (!same) unchanged = false;
        if (m1->points[best].id == m0->points[i].id)
            ++kept;
        else if (same)
            printf("  %s frame %d: point at (%.9f %.9f %.9f) was %08x, now %08x\n", label, frame,
                   (double)m0->points[i].point_a.x, (double)m0->points[i].point_a.y, (double)m0->points[i].point_a.z,
                   m0->points[i].id, m1->points[best].id);
    }
    if (matched != m0->count) unchanged = false;
    st->matched += matched;
    st->kept += kept;
    if (unchanged) {
        st->unchanged_pairs++;
        st->unchanged_points += matched;
        st->unchanged_kept += kept;
    }
}

/* Runs a sequence of `frames` poses of B over A (pose_of(frame) fills them) and checks it. */
typedef void seq_pose3_fn(int frame, gjk_pose3 *pb);

static void run_sequence3(const char *label, gjk_vec3 ha, gjk_vec3 hb, int frames, seq_pose3_fn *pose_of, double match,
                          seq_stats *total) {
    gjk_shape3 a = gjk_box3(ha), b = gjk_box3(hb);
    seq_body3 ba = {ha, gjk_pose3_identity()}, prev_a = ba, prev_b = {hb, gjk_pose3_identity()};
    double snap = SNAP * 2 * fmin(fmin(ha.x, fmin(ha.y, ha.z)), fmin(hb.x, fmin(hb.y, hb.z)));
    seq_stats st = {0, 0, 0, 0, 0, 0};
    gjk_manifold3 prev;
    memset(&prev, 0, sizeof prev);
    for (int f = 0; f < frames; ++f) {
        seq_body3 bb = {hb, gjk_pose3_identity()};
        pose_of(f, &bb.pose);
        gjk_pair3 p = {&a, ba.pose, &b, bb.pose};
        gjk_manifold3 m = gjk_collide3(&p, SPEC, NULL);
        if (f > 0 && prev.count > 0 && m.count > 0)
            compare_frames3(label, f, &prev, &m, &prev_a, &prev_b, &ba, &bb, match, snap, &st);
        st.frames++;
        prev = m;
        prev_a = ba;
        prev_b = bb;
    }
    printf("%-34s %4ld frames: %ld of %ld matched points kept their id (%.1f%%); unchanged features: %ld frame pairs, "
           "%ld of %ld points\n",
           label, st.frames, st.kept, st.matched, st.matched ? 100.0 * (double)st.kept / (double)st.matched : 100.0,
           st.unchanged_pairs, st.unchanged_kept, st.unchanged_points);
    if (st.unchanged_kept != st.unchanged_points)
        fail_msg("%s: %ld of %ld points kept their id between frames whose features did not change", label,
                 st.unchanged_kept, st.unchanged_points);
    if (!(st.unchanged_pairs * 2 >= st.frames))
        fail_msg("%s: only %ld of %ld frame pairs compared", label, st.unchanged_pairs, st.frames);
    total->frames += st.frames;
    total->matched += st.matched;
    total->kept += st.kept;
    total->unchanged_pairs += st.unchanged_pairs;
    total->unchanged_points += st.unchanged_points;
    total->unchanged_kept += st.unchanged_kept;
}

/* A solver's noise: a deterministic jitter of 1e-9 in position and angle, different at every frame. */
static gjk_pose3 jitter3(int frame, gjk_pose3 p) {
    test_rng r = {(uint64_t)frame * 7919u + 17u};
    p.position = gjk_add3(p.position, gjk_scale3(test_unit3(&r), GJK_R(1e-9)));
    p.rotation = gjk_quat_mul(gjk_quat_from_axis_angle(test_unit3(&r), GJK_R(1e-9)), p.rotation);
    return p;
}

/* Sliding across an equal cube, the sides along x flush: the corners of the overlap are corners of both cubes on
   the flush sides. */
static void slide_flush(int f, gjk_pose3 *p) {
    *p = jitter3(f, gjk_pose3_make(gjk_v3((gjk_real)(-0.95 + 0.01 * f), 0, GJK_R(0.999)), gjk_quat_identity()));
}
/* Sliding across a larger box, turned. */
static void slide_turned(int f, gjk_pose3 *p) {
    *p = jitter3(f, gjk_pose3_make(gjk_v3((gjk_real)(-0.8 + 0.01 * f), GJK_R(0.3), GJK_R(0.749)), about_z(0.2)));
}
/* Rocking by 1e-4 rad on an equal cube, offset. */
static void rock(int f, gjk_pose3 *p) {
    gjk_quat q = gjk_quat_mul(gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), (gjk_real)(1e-4 * sin(0.3 * f))),
                              gjk_quat_from_axis_angle(gjk_v3(0, 1, 0), (gjk_real)(1e-4 * cos(0.2 * f))));
    *p = jitter3(f, gjk_pose3_make(gjk_v3(GJK_R(0.2), GJK_R(0.1), GJK_R(0.999)), q));
}
/* Rocking flush on an equal cube. */
static void rock_flush(int f, gjk_pose3 *p) {
    gjk_quat q = gjk_quat_from_axis_angle(gjk_v3(1, 1, 0), (gjk_real)(1e-6 * sin(0.4 * f)));
    *p = jitter3(f, gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.999)), q));
}
/* Settling: coming down from 0.03 above, a tilt of 0.01 dying out, turned by 0.3. */
static void settle(int f, gjk_pose3 *p) {
    double z = 0.75 + 0.03 * exp(-f / 20.0) - 0.001, tilt = 0.01 * exp(-f / 15.0);
    gjk_quat q = gjk_quat_mul(gjk_quat_from_axis_angle(gjk_v3(1, 0, 0), (gjk_real)tilt), about_z(0.3));
    *p = jitter3(f, gjk_pose3_make(gjk_v3(GJK_R(0.1), 0, (gjk_real)z), q));
}

static void test_frame_sequences3(void **state) {
    (void)state;
    seq_stats total = {0, 0, 0, 0, 0, 0};
    gjk_vec3 cube = gjk_v3(GJK_R(0.5), GJK_R(0.5), GJK_R(0.5)), ground = gjk_v3(1, 1, GJK_R(0.5));
    gjk_vec3 small = gjk_v3(GJK_R(0.3), GJK_R(0.2), GJK_R(0.25));
    run_sequence3("cube sliding, sides flush", cube, cube, 191, slide_flush, 0.05, &total);
    run_sequence3("box sliding, turned", ground, small, 161, slide_turned, 0.05, &total);
    run_sequence3("cube rocking by 1e-4", cube, cube, 100, rock, 0.01, &total);
    run_sequence3("cube rocking flush by 1e-6", cube, cube, 100, rock_flush, 0.01, &total);
    run_sequence3("box settling", ground, small, 100, settle, 0.05, &total);
    printf("all 3D sequences: %.2f%% of %ld matched points kept their id; 100%% required of the %ld in frame pairs "
           "whose features did not change\n",
           100.0 * (double)total.kept / (double)total.matched, total.matched, total.unchanged_points);
}

/* 2D: a box sliding across an equal box (the ends of the overlap are the boxes' corners, flush at the middle), and
   rocking flush by 1e-6. The same two edges touch in every frame (A's top, B's bottom), so in 2D, where a point is
   named by an end of each edge, every matched point must keep its id, also where a sliding corner passes the other
   box's corner (ids read from the point's position, an end within a snap distance else the edge, change there, and
   Box2D then drops the contact's warm-start impulses: a leaning stack shears further and topples earlier). */
static void test_frame_sequences2(void **state) {
    (void)state;
    gjk_shape2 box = gjk_box2(gjk_v2(GJK_R(0.5), GJK_R(0.5)));
    for (int motion = 0; motion < 2; ++motion) {
        long matched = 0, kept = 0, unchanged_points = 0, unchanged_kept = 0, pairs = 0;
        gjk_manifold2 prev;
        memset(&prev, 0, sizeof prev);
        int frames = motion ? 100 : 191;
        for (int f = 0; f < frames; ++f) {
            test_rng r = {(uint64_t)f * 31u + 5u};
            double jx = test_uniform(&r, -1e-9, 1e-9), jy = test_uniform(&r, -1e-9, 1e-9);
            double ja = test_uniform(&r, -1e-9, 1e-9);
            gjk_pose2 pb =
                motion
                    ? gjk_pose2_make(gjk_v2((gjk_real)jx, (gjk_real)(0.999 + jy)), (gjk_real)(1e-6 * sin(0.4 * f) + ja))
                    : gjk_pose2_make(gjk_v2((gjk_real)(-0.95 + 0.01 * f + jx), (gjk_real)(0.999 + jy)), (gjk_real)ja);
            gjk_pair2 p = {&box, gjk_pose2_identity(), &box, pb};
            gjk_manifold2 m = gjk_collide2(&p, SPEC, NULL);
            if (f > 0 && prev.count > 0) {
                bool unchanged = prev.count == m.count;
                bool used[2] = {false, false};
                int mt = 0, kp = 0;
                for (int i = 0; i < prev.count; ++i) {
                    int best = -1;
                    double bd = 0.05;
                    for (int j = 0; j < m.count; ++j) {
                        double dd = gjk_len2(gjk_sub2(m.points[j].point_a, prev.points[i].point_a));
                        if (!used[j] && dd < bd) bd = dd, best = j;
                    }
                    if (best < 0) continue;
                    used[best] = true;
                    ++mt;
                    kp += m.points[best].id == prev.points[i].id;
                }
                if (mt != prev.count) unchanged = false;
                matched += mt;
                kept += kp;
                if (unchanged) {
                    ++pairs;
                    unchanged_points += mt;
                    unchanged_kept += kp;
                }
            }
            prev = m;
        }
        const char *label = motion ? "2D box rocking flush by 1e-6" : "2D box sliding across an equal box";
        printf(
            "%-34s %4d frames: %ld of %ld matched points kept their id (%.1f%%); unchanged features: %ld frame pairs, "
            "%ld of %ld points\n",
            label, frames, kept, matched, matched ? 100.0 * (double)kept / (double)matched : 100.0, pairs,
            unchanged_kept, unchanged_points);
        if (unchanged_kept != unchanged_points)
            fail_msg("%s: %ld of %ld points kept their id between frames whose features did not change", label,
                     unchanged_kept, unchanged_points);
        if (!(pairs * 2 >= frames)) fail_msg("%s: only %ld of %d frame pairs compared", label, pairs, frames);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(regression_flush_cubes_ids3), cmocka_unit_test(regression_flush_cubes_turned_ids3),
        cmocka_unit_test(test_nudged_boxes3),          cmocka_unit_test(test_nudged_hulls3),
        cmocka_unit_test(test_nudged_round_shapes3),   cmocka_unit_test(test_nudged_pairs2),
        cmocka_unit_test(test_frame_sequences3),       cmocka_unit_test(test_frame_sequences2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
