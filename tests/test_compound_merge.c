// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Merged manifolds of compound pairs (gjk_compound_merge3 / _2, gjk_world_merge3 / _2): a table of 5 boxes resting
   on the ground gives one manifold of its 4 outer leg corners (closed form, 3D and 2D, flat and tilted); a body on
   the ground and against a wall gives two; random compounds on random ground and synthetic contact lists of many
   directions are checked against a grouping written here from the documented rule (the manifolds sorted by depth,
   each joining the first reference within 5 degrees), and every merged point against the input points it must be
   a copy of; shuffled contacts of distinct depths give the same groups; the chunked reduction of groups beyond 196 points; world contacts; truncated outputs; bad input. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "manifold3_internal.h"
#include "tolerance.h"

/* ---- the rule, written out independently of the kernel's passes ---- */

/* The documented angle test: the normals' cosine at least GJK_MERGE_NORMAL_COS (squared, by the lengths). */
static bool within3(gjk_vec3 r, gjk_vec3 n) {
    gjk_real d = gjk_dot3(r, n);
    return d > 0 && d * d >= GJK_MERGE_NORMAL_COS * GJK_MERGE_NORMAL_COS * (gjk_dot3(r, r) * gjk_dot3(n, n));
}

/* One manifold of either dimension, as the oracle sees it. */
typedef struct item {
    int count;
    gjk_vec3 normal;
    double depth;
    int part_a, part_b;
    gjk_status status;
} item;

static const item *g_sort_items;
static int cmp_depth(const void *pa, const void *pb) {
    int a = *(const int *)pa, b = *(const int *)pb;
    double da = g_sort_items[a].depth, db = g_sort_items[b].depth;
    if (da != db) return da < db ? -1 : 1;
    return a < b ? -1 : (a > b);
}

/* group[i]: the group of manifold i (-1 without points), refs[g] the reference of group g; returns the groups. */
static int oracle_groups(const item *it, int n, int *group, int *refs) {
    int *order = (int *)malloc(sizeof(int) * (size_t)(n + 1)), m = 0, groups = 0;
    for (int i = 0; i < n; ++i) {
        group[i] = -1;
        if (it[i].count > 0) order[m++] = i;
    }
    g_sort_items = it;
    qsort(order, (size_t)m, sizeof(int), cmp_depth);
    for (int k = 0; k < m; ++k) {
        int i = order[k], g = 0;
        while (g < groups && !within3(it[refs[g]].normal, it[i].normal)) ++g;
        if (g == groups) refs[groups++] = i;
        group[i] = g;
    }
    free(order);
    return groups;
}

/* ---- contacts of both dimensions seen as items and points ---- */

static item item3(const gjk_compound_contact3 *c) {
    item it;
    it.count = c->manifold.count;
    it.normal = c->manifold.normal;
    it.depth = 0;
    for (int k = 0; k < c->manifold.count; ++k)
        if (k == 0 || c->manifold.points[k].separation < it.depth) it.depth = c->manifold.points[k].separation;
    it.part_a = c->part_a;
    it.part_b = c->part_b;
    it.status = c->manifold.status;
    return it;
}
static item item2(const gjk_compound_contact2 *c) {
    item it;
    it.count = c->manifold.count;
    it.normal = gjk_v3(c->manifold.normal.x, c->manifold.normal.y, 0);
    it.depth = 0;
    for (int k = 0; k < c->manifold.count; ++k)
        if (k == 0 || c->manifold.points[k].separation < it.depth) it.depth = c->manifold.points[k].separation;
    it.part_a = c->part_a;
    it.part_b = c->part_b;
    it.status = c->manifold.status;
    return it;
}

static bool same3(gjk_vec3 a, gjk_vec3 b) { return memcmp(&a, &b, sizeof a) == 0; }
static bool same2(gjk_vec2 a, gjk_vec2 b) { return memcmp(&a, &b, sizeof a) == 0; }

/* Check counters: how many of each kind ran (the totals are printed, so a test that silently checks nothing shows). */
static long g_checked_groups, g_checked_points, g_shuffled;

/* Every invariant of a 3D merge against the oracle: groups, references, normals, members, statuses; each point a
   bit copy of an input point of its group, with that contact's parts; the deepest point of the group kept (up to the
   reduction's documented tie); all points kept when they fit; no two points the same. */
static void check_merge3(const gjk_compound_contact3 *c, int n) {
    item *it = (item *)malloc(sizeof(item) * (size_t)(n + 1));
    int *group = (int *)malloc(sizeof(int) * (size_t)(n + 1)), *refs = (int *)malloc(sizeof(int) * (size_t)(n + 1));
    for (int i = 0; i < n; ++i) it[i] = item3(&c[i]);
    int groups = oracle_groups(it, n, group, refs);
    gjk_compound_manifold3 *out = (gjk_compound_manifold3 *)calloc((size_t)groups + 1, sizeof *out);
    gjk_status st = GJK_INVALID_INPUT;
    assert_int_equal(gjk_compound_merge3(c, n, out, groups + 1, &st), groups);
    assert_int_equal(st, GJK_OK);
    for (int g = 0; g < groups; ++g) {
        const gjk_compound_manifold3 *o = &out[g];
        assert_int_equal(o->reference, refs[g]);
        assert_true(same3(o->normal, c[refs[g]].manifold.normal));
        for (int h = 0; h < g; ++h) assert_false(within3(out[h].normal, o->normal)); /* groups stay apart */
        int merged = 0, total = 0;
        gjk_status worst = GJK_OK;
        double deepest = 1e300, width = 0;
        for (int i = 0; i < n; ++i) {
            if (group[i] != g) continue;
            ++merged;
            worst = it[i].status > worst ? it[i].status : worst;
            /* every member within the angle of the group's normal, by the angle itself */
            double cosv = (double)gjk_dot3(o->normal, it[i].normal) /
                          sqrt((double)gjk_dot3(o->normal, o->normal) * (double)gjk_dot3(it[i].normal, it[i].normal));
            assert_true(cosv >= cos(5.0 * 3.14159265358979323846 / 180.0) - TU(1e-12));
            assert_true(it[refs[g]].depth <= it[i].depth);
            total += it[i].count;
            deepest = fmin(deepest, it[i].depth);
            for (int k = 0; k < it[i].count; ++k)
                for (int l = 0; l < it[i].count; ++l) {
                    gjk_vec3 d = gjk_sub3(c[i].manifold.points[k].point_a, c[i].manifold.points[l].point_a);
                    width = fmax(width, sqrt((double)gjk_dot3(d, d)));
                }
        }
        assert_int_equal(o->merged, merged);
        assert_int_equal(o->status, worst);
        assert_true(o->count >= 1 && o->count <= GJK_MANIFOLD_MAX_POINTS3);
        if (total <= GJK_MANIFOLD_MAX_POINTS3) assert_true(o->count >= 1);
        double kept = 1e300;
        for (int k = 0; k < o->count; ++k) {
            const gjk_compound_point3 *p = &o->points[k];
            bool found = false;
            for (int i = 0; i < n && !found; ++i) {
                if (group[i] != g || c[i].part_a != p->part_a || c[i].part_b != p->part_b) continue;
                for (int l = 0; l < c[i].manifold.count; ++l) {
                    const gjk_manifold_point3 *q = &c[i].manifold.points[l];
                    if (same3(q->point_a, p->point_a) && same3(q->point_b, p->point_b) &&
                        memcmp(&q->separation, &p->separation, sizeof q->separation) == 0 && q->id == p->id)
                        found = true;
                }
            }
            assert_true(found);
            kept = fmin(kept, (double)p->separation);
            for (int l = 0; l < k; ++l) /* no point twice */
                assert_false(same3(o->points[l].point_a, p->point_a) && same3(o->points[l].point_b, p->point_b));
            ++g_checked_points;
        }
        /* The deepest point of the group, up to the reduction's tie (GJK_MANIFOLD_DEPTH_TIE of the width) */
        assert_true(kept <= deepest + (double)GJK_MANIFOLD_DEPTH_TIE * 4 * (width + 10) + TU(1e-12) * 100);
        if (total <= GJK_MANIFOLD_MAX_POINTS3) assert_true(kept == deepest);
        for (int k = o->count; k < GJK_MANIFOLD_MAX_POINTS3; ++k) assert_int_equal(o->points[k].part_a, 0);
        ++g_checked_groups;
    }
    /* A smaller capacity writes a prefix of the same answer and returns the same count. */
    for (int cap = 0; cap < groups; cap = cap < 2 ? cap + 1 : cap + 1 + groups / 3) { /* 0, 1, 2, ... */
        gjk_compound_manifold3 *part = (gjk_compound_manifold3 *)calloc((size_t)groups + 1, sizeof *part);
        assert_int_equal(gjk_compound_merge3(c, n, cap ? part : NULL, cap, &st), groups);
        assert_int_equal(memcmp(part, out, sizeof *part * (size_t)cap), 0);
        free(part);
    }
    /* The same contacts as one body pair's world contacts give the same answer. */
    gjk_world_contact3 *w = (gjk_world_contact3 *)calloc((size_t)n + 1, sizeof *w);
    gjk_compound_manifold3 *wout = (gjk_compound_manifold3 *)calloc((size_t)groups + 1, sizeof *wout);
    for (int i = 0; i < n; ++i) {
        w[i].a = 3;
        w[i].b = 7;
        w[i].part_a = c[i].part_a;
        w[i].part_b = c[i].part_b;
        w[i].manifold = c[i].manifold;
    }
    assert_int_equal(gjk_world_merge3(w, n, wout, groups, &st), groups);
    assert_int_equal(st, GJK_OK);
    assert_int_equal(memcmp(wout, out, sizeof *out * (size_t)groups), 0);
    free(wout);
    free(w);
    free(out);
    free(refs);
    free(group);
    free(it);
}

/* The groups depend on the order only through exact ties of depth: shuffled contacts of distinct depths give the
   same groups (each group's reference and members named by their part pairs, the same normal). */
static void check_shuffled3(const gjk_compound_contact3 *c, int n, test_rng *r) {
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < i; ++j)
            if (item3(&c[i]).depth == item3(&c[j]).depth) return; /* a tie: the order decides */
    gjk_compound_contact3 *s = (gjk_compound_contact3 *)malloc(sizeof *s * (size_t)(n + 1));
    memcpy(s, c, sizeof *s * (size_t)n);
    for (int i = n - 1; i > 0; --i) {
        int j = (int)(test_next(r) % (uint64_t)(i + 1));
        gjk_compound_contact3 t = s[i];
        s[i] = s[j];
        s[j] = t;
    }
    gjk_compound_manifold3 *a = (gjk_compound_manifold3 *)calloc((size_t)n + 1, sizeof *a);
    gjk_compound_manifold3 *b = (gjk_compound_manifold3 *)calloc((size_t)n + 1, sizeof *b);
    gjk_status st;
    int ga = gjk_compound_merge3(c, n, a, n, &st), gb = gjk_compound_merge3(s, n, b, n, &st);
    assert_int_equal(ga, gb);
    for (int g = 0; g < ga; ++g) {
        const gjk_compound_contact3 *ra = &c[a[g].reference], *rb = &s[b[g].reference];
        assert_int_equal(ra->part_a, rb->part_a);
        assert_int_equal(ra->part_b, rb->part_b);
        assert_true(same3(a[g].normal, b[g].normal));
        assert_int_equal(a[g].merged, b[g].merged);
        /* the same members: each of the shuffled list's contacts in the group of its original */
        for (int i = 0; i < n; ++i) {
            if (s[i].manifold.count == 0) continue;
            int gi = 0, go = 0;
            while (gi < gb && !within3(b[gi].normal, s[i].manifold.normal)) ++gi;
            while (go < ga && !within3(a[go].normal, s[i].manifold.normal)) ++go;
            assert_int_equal(gi, go);
        }
    }
    ++g_shuffled;
    free(b);
    free(a);
    free(s);
}

/* The 2D mirror of check_merge3, with at most 2 points. */
static void check_merge2(const gjk_compound_contact2 *c, int n) {
    item *it = (item *)malloc(sizeof(item) * (size_t)(n + 1));
    int *group = (int *)malloc(sizeof(int) * (size_t)(n + 1)), *refs = (int *)malloc(sizeof(int) * (size_t)(n + 1));
    for (int i = 0; i < n; ++i) it[i] = item2(&c[i]);
    int groups = oracle_groups(it, n, group, refs);
    gjk_compound_manifold2 *out = (gjk_compound_manifold2 *)calloc((size_t)groups + 1, sizeof *out);
    gjk_status st = GJK_INVALID_INPUT;
    assert_int_equal(gjk_compound_merge2(c, n, out, groups + 1, &st), groups);
    assert_int_equal(st, GJK_OK);
    for (int g = 0; g < groups; ++g) {
        const gjk_compound_manifold2 *o = &out[g];
        gjk_vec3 on = gjk_v3(o->normal.x, o->normal.y, 0);
        assert_int_equal(o->reference, refs[g]);
        assert_true(same2(o->normal, c[refs[g]].manifold.normal));
        for (int h = 0; h < g; ++h) assert_false(within3(gjk_v3(out[h].normal.x, out[h].normal.y, 0), on));
        int merged = 0, total = 0;
        gjk_status worst = GJK_OK;
        double deepest = 1e300, width = 0;
        for (int i = 0; i < n; ++i) {
            if (group[i] != g) continue;
            ++merged;
            worst = it[i].status > worst ? it[i].status : worst;
            double cosv = (double)gjk_dot3(on, it[i].normal) /
                          sqrt((double)gjk_dot3(on, on) * (double)gjk_dot3(it[i].normal, it[i].normal));
            assert_true(cosv >= cos(5.0 * 3.14159265358979323846 / 180.0) - TU(1e-12));
            assert_true(it[refs[g]].depth <= it[i].depth);
            total += it[i].count;
            deepest = fmin(deepest, it[i].depth);
            for (int k = 0; k < it[i].count; ++k) {
                gjk_vec2 d = gjk_sub2(c[i].manifold.points[k].point_a, c[i].manifold.points[0].point_a);
                width = fmax(width, 2 * sqrt((double)gjk_dot2(d, d)));
            }
        }
        assert_int_equal(o->merged, merged);
        assert_int_equal(o->status, worst);
        assert_true(o->count >= 1 && o->count <= GJK_MANIFOLD_MAX_POINTS2);
        double kept = 1e300;
        for (int k = 0; k < o->count; ++k) {
            const gjk_compound_point2 *p = &o->points[k];
            bool found = false;
            for (int i = 0; i < n && !found; ++i) {
                if (group[i] != g || c[i].part_a != p->part_a || c[i].part_b != p->part_b) continue;
                for (int l = 0; l < c[i].manifold.count; ++l) {
                    const gjk_manifold_point2 *q = &c[i].manifold.points[l];
                    if (same2(q->point_a, p->point_a) && same2(q->point_b, p->point_b) &&
                        memcmp(&q->separation, &p->separation, sizeof q->separation) == 0 && q->id == p->id)
                        found = true;
                }
            }
            assert_true(found);
            kept = fmin(kept, (double)p->separation);
            for (int l = 0; l < k; ++l)
                assert_false(same2(o->points[l].point_a, p->point_a) && same2(o->points[l].point_b, p->point_b));
            ++g_checked_points;
        }
        assert_true(kept <= deepest + (double)GJK_MANIFOLD_DEPTH_TIE * 4 * (width + 10) + TU(1e-12) * 100);
        if (total <= GJK_MANIFOLD_MAX_POINTS2) assert_true(kept == deepest);
        ++g_checked_groups;
    }
    for (int cap = 0; cap < groups; cap = cap < 2 ? cap + 1 : cap + 1 + groups / 3) { /* 0, 1, 2, ... */
        gjk_compound_manifold2 *part = (gjk_compound_manifold2 *)calloc((size_t)groups + 1, sizeof *part);
        assert_int_equal(gjk_compound_merge2(c, n, cap ? part : NULL, cap, &st), groups);
        assert_int_equal(memcmp(part, out, sizeof *part * (size_t)cap), 0);
        free(part);
    }
    gjk_world_contact2 *w = (gjk_world_contact2 *)calloc((size_t)n + 1, sizeof *w);
    gjk_compound_manifold2 *wout = (gjk_compound_manifold2 *)calloc((size_t)groups + 1, sizeof *wout);
    for (int i = 0; i < n; ++i) {
        w[i].a = 1;
        w[i].b = 2;
        w[i].part_a = c[i].part_a;
        w[i].part_b = c[i].part_b;
        w[i].manifold = c[i].manifold;
    }
    assert_int_equal(gjk_world_merge2(w, n, wout, groups, &st), groups);
    assert_int_equal(memcmp(wout, out, sizeof *out * (size_t)groups), 0);
    free(wout);
    free(w);
    free(out);
    free(refs);
    free(group);
    free(it);
}

/* ---- the table ---- */

/* A table: a top (part 0) and 4 legs (parts 1-4) of half extents 0.1 x 0.1 x 0.5 centred at (+-0.8, +-0.4, -0.5),
   counter-clockwise from (-0.8, -0.4) (part 1 at the corner `first` of that order); feet at z = -1 in the table's
   frame. */
static const double g_leg_x[4] = {-1, 1, 1, -1}, g_leg_y[4] = {-1, -1, 1, 1};
static gjk_compound3 *table3(int first) {
    gjk_shape3 s[5];
    gjk_pose3 p[5];
    s[0] = gjk_box3(gjk_v3(1, GJK_R(0.6), GJK_R(0.05)));
    p[0] = gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.05)), gjk_quat_identity());
    for (int i = 0; i < 4; ++i) {
        int at = (first + i) % 4;
        s[i + 1] = gjk_box3(gjk_v3(GJK_R(0.1), GJK_R(0.1), GJK_R(0.5)));
        p[i + 1] = gjk_pose3_make(gjk_v3((gjk_real)(0.8 * g_leg_x[at]), (gjk_real)(0.4 * g_leg_y[at]), GJK_R(-0.5)),
                                  gjk_quat_identity());
    }
    gjk_status st;
    gjk_compound3 *t = gjk_compound3_create(s, p, 5, &st);
    assert_non_null(t);
    return t;
}

/* The table standing with its feet 0.001 deep in a ground box whose top is z = 0, flat or turned by 0.002 about the
   axis (1, -1, 0) through the foot corner (0.9, 0.5, -1) (so that this outer corner is the deepest), with each leg
   listed first: one manifold of the 4 outer leg corners, each on its leg (part), separations the part pairs' own.
   Flat, the 16 corners tie for deepest and the first of them is the first leg's inner corner for 3 of the 4 orders:
   the tie goes to the one farthest from the second pick, an outer corner. */
static void test_table3(void **st) {
    (void)st;
    gjk_shape3 g = gjk_box3(gjk_v3(5, 5, 1));
    gjk_status s;
    gjk_compound3 *ground = gjk_compound3_create(&g, NULL, 1, &s);
    assert_non_null(ground);
    for (int run = 0; run < 8; ++run) {
        int tilt = run % 2, first = run / 2;
        gjk_compound3 *table = table3(first);
        gjk_real angle = tilt ? GJK_R(-0.002) : 0;
        gjk_quat q = gjk_quat_from_axis_angle(gjk_normalize3(gjk_v3(1, -1, 0)), angle);
        /* the corner (0.9, 0.5, -1) lands at (0.9, 0.5, -0.001) in the world */
        gjk_vec3 corner = gjk_quat_rotate(q, gjk_v3(GJK_R(0.9), GJK_R(0.5), -1));
        gjk_vec3 pos = gjk_sub3(gjk_v3(GJK_R(0.9), GJK_R(0.5), GJK_R(-0.001)), corner);
        gjk_compound_pair3 pair = {table, gjk_pose3_make(pos, q), ground,
                                   gjk_pose3_make(gjk_v3(0, 0, -1), gjk_quat_identity())};
        gjk_compound_contact3 c[8];
        int n = gjk_compound_collide3(&pair, GJK_R(0.01), c, 8, &s);
        assert_int_equal(n, 4);
        for (int i = 0; i < 4; ++i) assert_int_equal(c[i].manifold.count, 4);
        gjk_compound_manifold3 m[2];
        assert_int_equal(gjk_compound_merge3(c, n, m, 2, &s), 1);
        assert_int_equal(s, GJK_OK);
        assert_int_equal(m[0].count, 4);
        assert_int_equal(m[0].merged, 4);
        EXPECT_NEAR(m[0].normal.z, -1, TU(1e-12));
        /* Each outer corner once, on its leg: the leg at corner `at` of the order has its outer corner at
           (sx 0.9, sy 0.5). */
        for (int at = 0; at < 4; ++at) {
            int leg = (at - first + 4) % 4;
            gjk_vec3 want = gjk_pose3_apply(pair.pose_a, gjk_v3((gjk_real)(0.9 * g_leg_x[at]), (gjk_real)(0.5 * g_leg_y[at]), -1));
            int hits = 0;
            for (int k = 0; k < 4; ++k) {
                const gjk_compound_point3 *p = &m[0].points[k];
                if (fabs((double)p->point_a.x - want.x) < 1e-4 && fabs((double)p->point_a.y - want.y) < 1e-4) {
                    ++hits;
                    assert_int_equal(p->part_a, leg + 1);
                    assert_int_equal(p->part_b, 0);
                    EXPECT_NEAR(p->point_a.z, want.z, TU(1e-12));
                    EXPECT_NEAR(p->point_b.z, 0, TU(1e-12));
                    EXPECT_NEAR(p->separation, want.z, TU(1e-12));
                }
            }
            assert_int_equal(hits, 1);
        }
        if (tilt) { /* the deepest: (0.9, 0.5), 0.001 deep */
            double least = 1;
            for (int k = 0; k < 4; ++k) least = fmin(least, (double)m[0].points[k].separation);
            EXPECT_NEAR(least, -0.001, TU(1e-12));
        }
        check_merge3(c, n);
        gjk_compound3_destroy(table);
    }
    gjk_compound3_destroy(ground);
}

/* The 2D table: a top (part 0) and legs (parts 1, 2) of half extents 0.1 x 0.5 at x = -0.8 and 0.8, feet at y = -1,
   0.001 deep in the ground: one manifold of the 2 outer corners (+-0.9, -0.001). */
static void test_table2(void **st) {
    (void)st;
    gjk_shape2 s[3] = {gjk_box2(gjk_v2(1, GJK_R(0.05))), gjk_box2(gjk_v2(GJK_R(0.1), GJK_R(0.5))),
                       gjk_box2(gjk_v2(GJK_R(0.1), GJK_R(0.5)))};
    gjk_pose2 p[3] = {gjk_pose2_make(gjk_v2(0, GJK_R(0.05)), 0), gjk_pose2_make(gjk_v2(GJK_R(-0.8), GJK_R(-0.5)), 0),
                      gjk_pose2_make(gjk_v2(GJK_R(0.8), GJK_R(-0.5)), 0)};
    gjk_status status;
    gjk_compound2 *table = gjk_compound2_create(s, p, 3, &status);
    gjk_shape2 g = gjk_box2(gjk_v2(5, 1));
    gjk_compound2 *ground = gjk_compound2_create(&g, NULL, 1, &status);
    assert_non_null(table);
    assert_non_null(ground);
    for (int tilt = 0; tilt < 3; ++tilt) {
        /* flat, or turned about the outer foot corner (-0.9, -1) (tilt 1) or (0.9, -1) (tilt 2) so it is deepest */
        gjk_real angle = tilt == 0 ? 0 : tilt == 1 ? GJK_R(-0.002) : GJK_R(0.002);
        gjk_real cx = tilt == 2 ? GJK_R(0.9) : GJK_R(-0.9);
        gjk_pose2 rot = gjk_pose2_make(gjk_v2(0, 0), angle);
        gjk_vec2 corner = gjk_pose2_apply(rot, gjk_v2(cx, -1));
        gjk_pose2 pose = gjk_pose2_make(gjk_sub2(gjk_v2(cx, GJK_R(-0.001)), corner), angle);
        gjk_compound_pair2 pair = {table, pose, ground, gjk_pose2_make(gjk_v2(0, -1), 0)};
        gjk_compound_contact2 c[4];
        int n = gjk_compound_collide2(&pair, GJK_R(0.01), c, 4, &status);
        assert_int_equal(n, 2);
        gjk_compound_manifold2 m[2];
        assert_int_equal(gjk_compound_merge2(c, n, m, 2, &status), 1);
        assert_int_equal(m[0].count, 2);
        assert_int_equal(m[0].merged, 2);
        EXPECT_NEAR(m[0].normal.y, -1, TU(1e-12));
        for (int leg = 0; leg < 2; ++leg) {
            gjk_vec2 want = gjk_pose2_apply(pose, gjk_v2(leg ? GJK_R(0.9) : GJK_R(-0.9), -1));
            int hits = 0;
            for (int k = 0; k < 2; ++k) {
                const gjk_compound_point2 *q = &m[0].points[k];
                if (fabs((double)q->point_a.x - want.x) < 1e-4) {
                    ++hits;
                    assert_int_equal(q->part_a, leg + 1);
                    assert_int_equal(q->part_b, 0);
                    EXPECT_NEAR(q->point_a.y, want.y, TU(1e-12));
                    EXPECT_NEAR(q->separation, want.y, TU(1e-12));
                }
            }
            assert_int_equal(hits, 1);
        }
        check_merge2(c, n);
    }
    gjk_compound2_destroy(ground);
    gjk_compound2_destroy(table);
}

/* A compound of two boxes (part 0 low, part 1 at the side) against a ground and a wall (one compound): two merged
   manifolds, the ground's (normal -z from A to B) and the wall's (+x), each of its own parts. */
static void test_two_groups(void **st) {
    (void)st;
    gjk_shape3 a[2] = {gjk_box3(gjk_v3(GJK_R(0.9), 1, GJK_R(0.25))), gjk_box3(gjk_v3(GJK_R(0.25), 1, 1))};
    gjk_pose3 pa[2] = {gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.25)), gjk_quat_identity()),
                       gjk_pose3_make(gjk_v3(GJK_R(0.75), 0, GJK_R(1.5)), gjk_quat_identity())};
    gjk_shape3 b[2] = {gjk_box3(gjk_v3(5, 5, 1)), gjk_box3(gjk_v3(1, 5, 5))};
    gjk_pose3 pb[2] = {gjk_pose3_make(gjk_v3(0, 0, -1), gjk_quat_identity()),
                       gjk_pose3_make(gjk_v3(2, 0, 5), gjk_quat_identity())};
    gjk_status s;
    gjk_compound3 *ca = gjk_compound3_create(a, pa, 2, &s), *cb = gjk_compound3_create(b, pb, 2, &s);
    /* A sunk 0.002 into the ground and 0.001 into the wall (x = 1): the ground contact is the deeper */
    gjk_compound_pair3 pair = {ca, gjk_pose3_make(gjk_v3(GJK_R(0.001), 0, GJK_R(-0.002)), gjk_quat_identity()), cb,
                               gjk_pose3_identity()};
    gjk_compound_contact3 c[8];
    int n = gjk_compound_collide3(&pair, 0, c, 8, &s);
    assert_int_equal(n, 2);
    gjk_compound_manifold3 m[3];
    assert_int_equal(gjk_compound_merge3(c, n, m, 3, &s), 2);
    EXPECT_NEAR(m[0].normal.z, -1, TU(1e-12));
    EXPECT_NEAR(m[1].normal.x, 1, TU(1e-12));
    assert_int_equal(m[0].count, 4);
    assert_int_equal(m[1].count, 4);
    for (int k = 0; k < 4; ++k) {
        assert_int_equal(m[0].points[k].part_a, 0);
        assert_int_equal(m[0].points[k].part_b, 0);
        EXPECT_NEAR(m[0].points[k].separation, -0.002, TU(1e-12));
        assert_int_equal(m[1].points[k].part_a, 1);
        assert_int_equal(m[1].points[k].part_b, 1);
        EXPECT_NEAR(m[1].points[k].separation, -0.001, TU(1e-12));
    }
    check_merge3(c, n);
    gjk_compound3_destroy(ca);
    gjk_compound3_destroy(cb);
}

/* ---- random compounds on random ground ---- */

/* A random shape of about unit size (boxes most often, for face contacts that merge). */
static gjk_shape3 random_part3(test_rng *r) {
    int kind = (int)(test_next(r) % 6);
    gjk_real x = (gjk_real)test_uniform(r, 0.1, 0.6), y = (gjk_real)test_uniform(r, 0.1, 0.6);
    gjk_real z = (gjk_real)test_uniform(r, 0.1, 0.6);
    switch (kind) {
    case 0: return gjk_sphere3(x);
    case 1: return gjk_capsule3(y, x);
    case 2: return gjk_cylinder3(y, x);
    default: return gjk_box3(gjk_v3(x, y, z));
    }
}
static gjk_quat small_turn(test_rng *r, double max_angle) {
    gjk_vec3 axis = test_unit3(r);
    return gjk_quat_from_axis_angle(axis, (gjk_real)test_uniform(r, -max_angle, max_angle));
}

/* 300 pairs: A of 1-12 parts (often unturned boxes on a common plane, so that several touch at once), B a ground of
   1-9 slabs each tilted by up to 8 degrees (some within the merge angle of each other, some not). */
static void test_random3(void **st) {
    (void)st;
    test_rng r = {11};
    g_checked_groups = g_checked_points = g_shuffled = 0;
    long contacts = 0, multi = 0;
    for (int trial = 0; trial < 300; ++trial) {
        int na = 1 + (int)(test_next(&r) % 12), nb = 1 + (int)(test_next(&r) % 9);
        gjk_shape3 sa[12], sb[9];
        gjk_pose3 pa[12], pb[9];
        bool flat = test_next(&r) % 2;
        for (int i = 0; i < na; ++i) {
            sa[i] = random_part3(&r);
            gjk_vec3 at = test_vec3(&r, -2, 2);
            if (flat && sa[i].type == GJK_SHAPE3_BOX) at.z = sa[i].box.half_extents.z; /* feet on z = 0 */
            pa[i] = gjk_pose3_make(at, flat ? gjk_quat_identity() : test_quat(&r));
        }
        double tilt = test_uniform(&r, 0, 8) * 3.14159265358979323846 / 180;
        for (int i = 0; i < nb; ++i) {
            sb[i] = gjk_box3(gjk_v3((gjk_real)test_uniform(&r, 0.5, 3), (gjk_real)test_uniform(&r, 0.5, 3), 1));
            gjk_quat q = small_turn(&r, tilt);
            gjk_vec3 top = gjk_quat_rotate(q, gjk_v3(0, 0, 1));
            gjk_vec3 at = test_vec3(&r, -3, 3);
            at.z = 0;
            pb[i] = gjk_pose3_make(gjk_sub3(at, top), q); /* top face through (x, y, 0) */
        }
        gjk_status s;
        gjk_compound3 *ca = gjk_compound3_create(sa, pa, na, &s), *cb = gjk_compound3_create(sb, pb, nb, &s);
        assert_non_null(ca);
        assert_non_null(cb);
        gjk_quat qa = small_turn(&r, test_uniform(&r, 0, 0.1));
        gjk_pose3 pose_a = gjk_pose3_make(gjk_v3(0, 0, 0), qa);
        gjk_aabb3 box = gjk_compound3_aabb(ca, pose_a);
        pose_a.position.z = (gjk_real)(test_uniform(&r, -0.05, 0.02) - (double)box.lower.z);
        gjk_compound_pair3 pair = {ca, pose_a, cb, gjk_pose3_identity()};
        gjk_compound_contact3 c[200];
        int n = gjk_compound_collide3(&pair, GJK_R(0.05), c, 200, &s);
        assert_true(n <= 200);
        contacts += n;
        check_merge3(c, n);
        check_shuffled3(c, n, &r);
        gjk_compound_manifold3 m[1];
        if (gjk_compound_merge3(c, n, m, 1, &s) > 1) ++multi;
        gjk_compound3_destroy(ca);
        gjk_compound3_destroy(cb);
    }
    printf("random3: %ld contacts, %ld pairs with more than one merged manifold, %ld groups, %ld points checked, "
           "%ld shuffled\n", contacts, multi, g_checked_groups, g_checked_points, g_shuffled);
    assert_true(multi > 20);
    assert_true(g_shuffled > 100);
}

static void test_random2(void **st) {
    (void)st;
    test_rng r = {12};
    g_checked_groups = g_checked_points = 0;
    long contacts = 0, multi = 0;
    for (int trial = 0; trial < 300; ++trial) {
        int na = 1 + (int)(test_next(&r) % 10), nb = 1 + (int)(test_next(&r) % 8);
        gjk_shape2 sa[10], sb[8];
        gjk_pose2 pa[10], pb[8];
        bool flat = test_next(&r) % 2;
        for (int i = 0; i < na; ++i) {
            gjk_real x = (gjk_real)test_uniform(&r, 0.1, 0.6), y = (gjk_real)test_uniform(&r, 0.1, 0.6);
            int kind = (int)(test_next(&r) % 4);
            sa[i] = kind == 0 ? gjk_circle2(x) : kind == 1 ? gjk_capsule2(y, x) : gjk_box2(gjk_v2(x, y));
            gjk_real px = (gjk_real)test_uniform(&r, -3, 3), py = (gjk_real)test_uniform(&r, -1, 1);
            if (flat && kind > 1) py = y;
            pa[i] = gjk_pose2_make(gjk_v2(px, py), flat ? 0 : (gjk_real)test_uniform(&r, -3.2, 3.2));
        }
        double tilt = test_uniform(&r, 0, 8) * 3.14159265358979323846 / 180;
        for (int i = 0; i < nb; ++i) {
            sb[i] = gjk_box2(gjk_v2((gjk_real)test_uniform(&r, 0.5, 3), 1));
            gjk_real angle = (gjk_real)test_uniform(&r, -tilt, tilt);
            gjk_vec2 top = gjk_pose2_apply(gjk_pose2_make(gjk_v2(0, 0), angle), gjk_v2(0, 1));
            pb[i] = gjk_pose2_make(gjk_sub2(gjk_v2((gjk_real)test_uniform(&r, -4, 4), 0), top), angle);
        }
        gjk_status s;
        gjk_compound2 *ca = gjk_compound2_create(sa, pa, na, &s), *cb = gjk_compound2_create(sb, pb, nb, &s);
        assert_non_null(ca);
        assert_non_null(cb);
        gjk_pose2 pose_a = gjk_pose2_make(gjk_v2(0, 0), (gjk_real)test_uniform(&r, -0.1, 0.1));
        gjk_aabb2 box = gjk_compound2_aabb(ca, pose_a);
        pose_a.position.y = (gjk_real)(test_uniform(&r, -0.05, 0.02) - (double)box.lower.y);
        gjk_compound_pair2 pair = {ca, pose_a, cb, gjk_pose2_identity()};
        gjk_compound_contact2 c[100];
        int n = gjk_compound_collide2(&pair, GJK_R(0.05), c, 100, &s);
        assert_true(n <= 100);
        contacts += n;
        check_merge2(c, n);
        gjk_compound_manifold2 m[1];
        if (gjk_compound_merge2(c, n, m, 1, &s) > 1) ++multi;
        gjk_compound2_destroy(ca);
        gjk_compound2_destroy(cb);
    }
    printf("random2: %ld contacts, %ld pairs with more than one merged manifold, %ld groups, %ld points checked\n",
           contacts, multi, g_checked_groups, g_checked_points);
    assert_true(multi > 20);
}

/* ---- synthetic lists: many directions, ties, the passes of the depth sort ---- */

/* 40 lists of up to 700 manifolds: normals drawn from a few clusters (spread up to 8 degrees) and from anywhere,
   depths quantised so that many tie, some manifolds without points, statuses mixed. More than 64 manifolds take
   the kernel's depth sort through several passes; groups number in the hundreds. */
static void test_synthetic3(void **st) {
    (void)st;
    test_rng r = {13};
    int most = 0;
    for (int trial = 0; trial < 40; ++trial) {
        int n = (int)(test_next(&r) % 700);
        gjk_compound_contact3 *c = (gjk_compound_contact3 *)calloc((size_t)n + 1, sizeof *c);
        gjk_vec3 centres[4];
        for (int k = 0; k < 4; ++k) centres[k] = test_unit3(&r);
        for (int i = 0; i < n; ++i) {
            gjk_manifold3 *m = &c[i].manifold;
            c[i].part_a = (int)(test_next(&r) % 50);
            c[i].part_b = (int)(test_next(&r) % 50);
            m->count = (int)(test_next(&r) % 5);
            m->status = (gjk_status)(test_next(&r) % 7 == 0 ? GJK_MAX_ITERATIONS : GJK_OK);
            gjk_vec3 nrm = test_unit3(&r);
            if (test_next(&r) % 3) { /* near a cluster's centre */
                gjk_vec3 d = gjk_scale3(test_unit3(&r), (gjk_real)test_uniform(&r, 0, 0.14));
                nrm = gjk_normalize3(gjk_add3(centres[test_next(&r) % 4], d));
            }
            m->normal = nrm;
            for (int k = 0; k < m->count; ++k) {
                gjk_manifold_point3 *p = &m->points[k];
                p->point_a = test_vec3(&r, -2, 2);
                p->separation = (gjk_real)(0.01 * (double)(test_next(&r) % 5) - 0.02);
                p->point_b = gjk_add3(p->point_a, gjk_scale3(nrm, p->separation));
                p->id = (uint32_t)test_next(&r);
            }
        }
        check_merge3(c, n);
        gjk_status s;
        int groups = gjk_compound_merge3(c, n, NULL, 0, &s);
        most = groups > most ? groups : most;
        free(c);
    }
    printf("synthetic3: up to %d groups in one list\n", most);
    assert_true(most > 100);
}

static void test_synthetic2(void **st) {
    (void)st;
    test_rng r = {14};
    for (int trial = 0; trial < 40; ++trial) {
        int n = (int)(test_next(&r) % 300);
        gjk_compound_contact2 *c = (gjk_compound_contact2 *)calloc((size_t)n + 1, sizeof *c);
        for (int i = 0; i < n; ++i) {
            gjk_manifold2 *m = &c[i].manifold;
            c[i].part_a = (int)(test_next(&r) % 50);
            c[i].part_b = (int)(test_next(&r) % 50);
            m->count = (int)(test_next(&r) % 3);
            m->status = (gjk_status)(test_next(&r) % 7 == 0 ? GJK_DEGENERATE : GJK_OK);
            double angle = test_next(&r) % 2 ? test_uniform(&r, -3.2, 3.2) : test_uniform(&r, 1.4, 1.8);
            m->normal = gjk_v2((gjk_real)cos(angle), (gjk_real)sin(angle));
            for (int k = 0; k < m->count; ++k) {
                gjk_manifold_point2 *p = &m->points[k];
                p->point_a = gjk_v2((gjk_real)test_uniform(&r, -2, 2), (gjk_real)test_uniform(&r, -2, 2));
                p->separation = (gjk_real)(0.01 * (double)(test_next(&r) % 5) - 0.02);
                p->point_b = gjk_add2(p->point_a, gjk_scale2(m->normal, p->separation));
                p->id = (uint32_t)test_next(&r);
            }
        }
        check_merge2(c, n);
        free(c);
    }
}

/* A grid of 8 x 8 legs (256 points, beyond the 196 reduced at once) flat on the ground, and a single group of
   mixed depths: the reduction in chunks keeps 4 points, copies of the input, the deepest among them. The grid's
   answer is its 4 outer corners: the first point (leg 0's corner (-x, -y)) ties for deepest, the farthest from it
   is the opposite outer corner, and the largest triangles take the other two. */
static void test_chunks(void **st) {
    (void)st;
    gjk_compound_contact3 c[64];
    memset(c, 0, sizeof c);
    for (int i = 0; i < 64; ++i) {
        gjk_real x0 = (gjk_real)(i % 8), y0 = (gjk_real)(i / 8);
        c[i].part_a = i;
        c[i].part_b = 0;
        c[i].manifold.count = 4;
        c[i].manifold.normal = gjk_v3(0, 0, -1);
        for (int k = 0; k < 4; ++k) {
            gjk_manifold_point3 *p = &c[i].manifold.points[k];
            p->point_a = gjk_v3(x0 + (k & 1 ? GJK_R(0.2) : 0), y0 + (k & 2 ? GJK_R(0.2) : 0), GJK_R(-0.001));
            p->point_b = gjk_v3(p->point_a.x, p->point_a.y, 0);
            p->separation = GJK_R(-0.001);
            p->id = (uint32_t)k;
        }
    }
    gjk_compound_manifold3 m;
    gjk_status s;
    assert_int_equal(gjk_compound_merge3(c, 64, &m, 1, &s), 1);
    assert_int_equal(m.count, 4);
    assert_int_equal(m.merged, 64);
    const gjk_real want[4][2] = {{0, 0}, {GJK_R(7.2), 0}, {0, GJK_R(7.2)}, {GJK_R(7.2), GJK_R(7.2)}};
    for (int w = 0; w < 4; ++w) {
        int hits = 0;
        for (int k = 0; k < 4; ++k)
            if (m.points[k].point_a.x == want[w][0] && m.points[k].point_a.y == want[w][1]) ++hits;
        assert_int_equal(hits, 1);
    }
    check_merge3(c, 64);
    /* One leg in the middle deeper: it stays. */
    c[27].manifold.points[2].separation = GJK_R(-0.01);
    assert_int_equal(gjk_compound_merge3(c, 64, &m, 1, &s), 1);
    bool deepest = false;
    for (int k = 0; k < m.count; ++k) deepest |= m.points[k].separation == GJK_R(-0.01) && m.points[k].part_a == 27;
    assert_true(deepest);
    check_merge3(c, 64);
}

/* The table in a world: the world's contacts of the (table, ground) pair merge into one manifold of 4 points, equal
   to the compound pair's merge. */
static void test_world3(void **st) {
    (void)st;
    gjk_compound3 *table = table3(0);
    gjk_world3 *w = gjk_world3_create(NULL);
    gjk_shape3 g = gjk_box3(gjk_v3(5, 5, 1));
    gjk_pose3 ground_pose = gjk_pose3_make(gjk_v3(0, 0, -1), gjk_quat_identity());
    gjk_pose3 table_pose = gjk_pose3_make(gjk_v3(0, 0, GJK_R(0.999)), gjk_quat_identity());
    int ground = gjk_world3_add(w, &g, ground_pose, 0);
    int body = gjk_world3_add_compound(w, table, table_pose, 1);
    assert_true(ground >= 0 && body >= 0);
    assert_int_equal(gjk_world3_step(w), GJK_OK);
    int n = 0;
    const gjk_world_contact3 *c = gjk_world3_contacts(w, &n);
    assert_int_equal(n, 4);
    gjk_compound_manifold3 m[2];
    gjk_status s;
    assert_int_equal(gjk_world_merge3(c, n, m, 2, &s), 1);
    assert_int_equal(m[0].count, 4);
    assert_int_equal(m[0].merged, 4);
    for (int k = 0; k < 4; ++k) {
        assert_true(fabs(fabs((double)m[0].points[k].point_a.x) - 0.9) < 1e-6);
        assert_true(fabs(fabs((double)m[0].points[k].point_a.y) - 0.5) < 1e-6);
    }
    gjk_world3_destroy(w);
    gjk_compound3_destroy(table);
}

/* Bad input: a status and 0, the output untouched; empty input: 0 and GJK_OK. */
static void test_bad_input(void **st) {
    (void)st;
    gjk_compound_contact3 c[2];
    memset(c, 0, sizeof c);
    for (int i = 0; i < 2; ++i) {
        c[i].manifold.count = 1;
        c[i].manifold.normal = gjk_v3(0, 0, 1);
    }
    gjk_compound_manifold3 m[2];
    gjk_status s = GJK_OK;
    assert_int_equal(gjk_compound_merge3(c, 2, m, 2, &s), 1);
    assert_int_equal(s, GJK_OK);
    assert_int_equal(gjk_compound_merge3(NULL, 0, NULL, 0, &s), 0);
    assert_int_equal(s, GJK_OK);
    assert_int_equal(gjk_compound_merge3(c, 2, NULL, 0, NULL), 1); /* count only, status NULL */
#define BAD3(call)                                                                                                 \
    do {                                                                                                           \
        s = GJK_OK;                                                                                                \
        memset(m, 0xAB, sizeof m);                                                                                 \
        assert_int_equal(call, 0);                                                                                 \
        assert_int_equal(s, GJK_INVALID_INPUT);                                                                    \
        assert_int_equal(((unsigned char *)m)[0], 0xAB);                                                           \
    } while (0)
    BAD3(gjk_compound_merge3(NULL, 1, m, 2, &s));
    BAD3(gjk_compound_merge3(c, -1, m, 2, &s));
    BAD3(gjk_compound_merge3(c, 2, m, -1, &s));
    BAD3(gjk_compound_merge3(c, 2, NULL, 1, &s));
    c[1].manifold.count = 5;
    BAD3(gjk_compound_merge3(c, 2, m, 2, &s));
    c[1].manifold.count = -1;
    BAD3(gjk_compound_merge3(c, 2, m, 2, &s));
    c[1].manifold.count = 1;
    c[1].manifold.normal = gjk_v3(0, 0, 0);
    BAD3(gjk_compound_merge3(c, 2, m, 2, &s));
    c[1].manifold.normal = gjk_v3(0, 0, GJK_R(1.02));
    BAD3(gjk_compound_merge3(c, 2, m, 2, &s));
    c[1].manifold.normal = gjk_v3(0, 0, (gjk_real)NAN);
    BAD3(gjk_compound_merge3(c, 2, m, 2, &s));
    c[1].manifold.normal = gjk_v3(0, 0, 1);
    c[1].manifold.points[0].separation = (gjk_real)NAN;
    BAD3(gjk_compound_merge3(c, 2, m, 2, &s));
    c[1].manifold.points[0].separation = 0;
    c[1].manifold.points[0].point_b.x = (gjk_real)INFINITY;
    BAD3(gjk_compound_merge3(c, 2, m, 2, &s));
    c[1].manifold.points[0].point_b.x = GJK_R(1e19);
#if !GJK_USE_FLOAT
    c[1].manifold.points[0].point_b.x = GJK_R(1e151);
#endif
    BAD3(gjk_compound_merge3(c, 2, m, 2, &s));
    c[1].manifold.points[0].point_b.x = 0;
    /* a manifold without points is skipped, whatever its normal */
    c[1].manifold.count = 0;
    c[1].manifold.normal = gjk_v3(0, 0, 0);
    assert_int_equal(gjk_compound_merge3(c, 2, m, 2, &s), 1);
    assert_int_equal(s, GJK_OK);
    assert_int_equal(m[0].merged, 1);
    /* world contacts of two body pairs */
    gjk_world_contact3 w[2];
    memset(w, 0, sizeof w);
    for (int i = 0; i < 2; ++i) {
        w[i].a = 0;
        w[i].b = 1;
        w[i].manifold = c[0].manifold;
    }
    assert_int_equal(gjk_world_merge3(w, 2, m, 2, &s), 1);
    w[1].b = 2;
    BAD3(gjk_world_merge3(w, 2, m, 2, &s));
    w[1].b = 1;
    w[1].a = 5;
    BAD3(gjk_world_merge3(w, 2, m, 2, &s));
    /* 2D */
    gjk_compound_contact2 c2[2];
    gjk_compound_manifold2 m2[2];
    memset(c2, 0, sizeof c2);
    for (int i = 0; i < 2; ++i) {
        c2[i].manifold.count = 2;
        c2[i].manifold.normal = gjk_v2(0, 1);
        c2[i].manifold.points[1].point_a = gjk_v2((gjk_real)i, 1);
    }
    assert_int_equal(gjk_compound_merge2(c2, 2, m2, 2, &s), 1);
    assert_int_equal(m2[0].count, 2);
#define BAD2(call)                                                                                                 \
    do {                                                                                                           \
        s = GJK_OK;                                                                                                \
        memset(m2, 0xAB, sizeof m2);                                                                               \
        assert_int_equal(call, 0);                                                                                 \
        assert_int_equal(s, GJK_INVALID_INPUT);                                                                    \
        assert_int_equal(((unsigned char *)m2)[0], 0xAB);                                                          \
    } while (0)
    BAD2(gjk_compound_merge2(NULL, 1, m2, 2, &s));
    BAD2(gjk_compound_merge2(c2, -1, m2, 2, &s));
    BAD2(gjk_compound_merge2(c2, 2, m2, -1, &s));
    BAD2(gjk_compound_merge2(c2, 2, NULL, 2, &s));
    c2[0].manifold.count = 3;
    BAD2(gjk_compound_merge2(c2, 2, m2, 2, &s));
    c2[0].manifold.count = 2;
    c2[0].manifold.normal = gjk_v2(0, GJK_R(0.98));
    BAD2(gjk_compound_merge2(c2, 2, m2, 2, &s));
    c2[0].manifold.normal = gjk_v2(0, 1);
    c2[0].manifold.points[1].point_a.y = (gjk_real)NAN;
    BAD2(gjk_compound_merge2(c2, 2, m2, 2, &s));
    c2[0].manifold.points[1].point_a.y = 1;
    gjk_world_contact2 w2[2];
    memset(w2, 0, sizeof w2);
    for (int i = 0; i < 2; ++i) w2[i].manifold = c2[i].manifold;
    w2[1].a = 1;
    BAD2(gjk_world_merge2(w2, 2, m2, 2, &s));
#undef BAD3
#undef BAD2
}

/* The depth order decides the groups: a chain of normals 4 degrees apart (0, 4, 8 degrees about x) groups around
   whichever is deepest. Deepest at 4 degrees: one group of all three; deepest at 0: {0, 4} and {8}. */
static void test_chain(void **st) {
    (void)st;
    gjk_compound_contact3 c[3];
    memset(c, 0, sizeof c);
    for (int i = 0; i < 3; ++i) {
        double a = 4.0 * i * 3.14159265358979323846 / 180;
        c[i].part_a = i;
        c[i].manifold.count = 1;
        c[i].manifold.normal = gjk_v3(0, (gjk_real)sin(a), (gjk_real)cos(a));
        c[i].manifold.points[0].point_a = gjk_v3((gjk_real)i, 0, 0);
        c[i].manifold.points[0].separation = GJK_R(-0.01);
    }
    gjk_compound_manifold3 m[3];
    gjk_status s;
    c[1].manifold.points[0].separation = GJK_R(-0.02);
    assert_int_equal(gjk_compound_merge3(c, 3, m, 3, &s), 1);
    assert_int_equal(m[0].reference, 1);
    assert_int_equal(m[0].count, 3);
    check_merge3(c, 3);
    c[1].manifold.points[0].separation = GJK_R(-0.01);
    c[0].manifold.points[0].separation = GJK_R(-0.02);
    assert_int_equal(gjk_compound_merge3(c, 3, m, 3, &s), 2);
    assert_int_equal(m[0].reference, 0);
    assert_int_equal(m[0].merged, 2);
    assert_int_equal(m[1].reference, 2);
    check_merge3(c, 3);
    /* equal depths: input order decides, the first is the reference */
    c[0].manifold.points[0].separation = GJK_R(-0.01);
    assert_int_equal(gjk_compound_merge3(c, 3, m, 3, &s), 2);
    assert_int_equal(m[0].reference, 0);
    check_merge3(c, 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table3),     cmocka_unit_test(test_table2),     cmocka_unit_test(test_two_groups),
        cmocka_unit_test(test_random3),    cmocka_unit_test(test_random2),    cmocka_unit_test(test_synthetic3),
        cmocka_unit_test(test_synthetic2), cmocka_unit_test(test_chunks),     cmocka_unit_test(test_world3),
        cmocka_unit_test(test_bad_input),  cmocka_unit_test(test_chain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
