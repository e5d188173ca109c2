// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Compound shapes (gjk/compound.h), 3D and 2D: every query kind, collide and raycast against brute force over all
   part pairs (the same part queries at the same composed poses, the minimum taken here), on random compounds of 1 to
   300 parts of every shape kind and on degenerate ones (all parts at one point, on a line, huge and tiny together);
   pruning on two compounds of 1000 parts; bad input; no allocation in queries; determinism; the descent's fallback
   with a tiny stack. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "compound_internal.h"

/* ---- shared checks ---- */

/* The allocator failing at its n-th call from now (n < 0: never). */
static long g_fail_at = -1;
static void *failing_alloc(size_t size, void *user) {
    (void)user;
    if (g_fail_at == 0) return NULL;
    if (g_fail_at > 0) --g_fail_at;
    ++test_allocs;
    return malloc(size);
}

/* Creation with the allocator failing at each of its calls in turn: NULL with GJK_OUT_OF_MEMORY and nothing
   leaked, until enough calls succeed. */
static void test_out_of_memory(void **st) {
    gjk_shape3 s3[3] = {gjk_box3(gjk_v3(1, 1, 1)), gjk_sphere3(1), gjk_capsule3(1, 1)};
    gjk_shape2 s2[3] = {gjk_box2(gjk_v2(1, 1)), gjk_circle2(1), gjk_capsule2(1, 1)};
    gjk_vec3 p3[8] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {2, 0, 0}, {3, 0, 0}, {2, 1, 0}, {2, 0, 1}};
    gjk_vec2 p2[6] = {{0, 0}, {1, 0}, {0, 1}, {2, 0}, {3, 0}, {2, 1}};
    int f3[3] = {0, 4, 8}, f2[3] = {0, 3, 6};
    (void)st;
    for (int kind = 0; kind < 4; ++kind) {
        for (long n = 0;; ++n) {
            gjk_status status = GJK_OK;
            void *c = NULL;
            gjk_set_allocator(failing_alloc, test_count_free, NULL);
            test_allocs = test_frees = 0;
            g_fail_at = n;
            switch (kind) {
            case 0: c = gjk_compound3_create(s3, NULL, 3, &status); break;
            case 1: c = gjk_compound3_create_from_pieces(p3, f3, 2, 0, &status); break;
            case 2: c = gjk_compound2_create(s2, NULL, 3, &status); break;
            default: c = gjk_compound2_create_from_pieces(p2, f2, 2, 0, &status); break;
            }
            if (c) {
                assert_int_equal(status, GJK_OK);
                if (kind < 2) gjk_compound3_destroy((gjk_compound3 *)c);
                else gjk_compound2_destroy((gjk_compound2 *)c);
            } else {
                assert_int_equal(status, GJK_OUT_OF_MEMORY);
            }
            assert_int_equal(test_allocs, test_frees);
            gjk_set_allocator(NULL, NULL, NULL);
            g_fail_at = -1;
            if (c) break;
            assert_true(n < 100);
        }
    }
}

/* A brute-force answer: the part pair the compound query must find, and the interval of the true minimum. */
typedef struct brute {
    int part_a, part_b;
    bool any_intersect;
    double value, lower, upper; /* the chosen pair's distance; its own interval */
    double min_lower, min_upper; /* the least lower and upper over all pairs */
} brute;

/* Whether the pair (a, b) with answer (intersect, d) replaces the brute-force choice so far, by the rules of
   gjk_compound_result3: pairs come in (part_a, part_b) order, so a tie keeps the first. */
static bool brute_better(const brute *b, gjk_query_kind kind, bool intersect, double d) {
    if ((kind == GJK_QUERY_INTERSECT || kind == GJK_QUERY_PENETRATION) && !intersect) return false;
    return b->part_a < 0 || d < b->value;
}

static void brute_take(brute *b, gjk_query_kind kind, int pa, int pb, bool intersect, double d, double lo,
                       double hi) {
    if (intersect) b->any_intersect = true;
    if (lo < b->min_lower) b->min_lower = lo;
    if (hi < b->min_upper) b->min_upper = hi;
    if (brute_better(b, kind, intersect, d)) {
        b->part_a = pa, b->part_b = pb, b->value = d, b->lower = lo, b->upper = hi;
    }
}

static void brute_init(brute *b) {
    memset(b, 0, sizeof *b);
    b->part_a = b->part_b = -1;
    b->min_lower = b->min_upper = 1e300;
}

/* The compound answer against brute force. `again` is the compound query's own part pair asked directly. */
static void check_against(gjk_query_kind kind, const brute *bf, bool intersect, double value, double lower,
                          double upper, int pa, int pb, bool again_intersect, double again_value, double again_lower,
                          double again_upper, double scale) {
    double tol = TU(1e-9) * scale;
    if (kind == GJK_QUERY_INTERSECT || kind == GJK_QUERY_PENETRATION || kind == GJK_QUERY_DISTANCE)
        assert_int_equal(intersect, bf->any_intersect);
    if ((kind == GJK_QUERY_INTERSECT || kind == GJK_QUERY_PENETRATION) && !bf->any_intersect) {
        /* separated: no pair, a positive lower bound of the gap */
        assert_int_equal(pa, -1);
        assert_int_equal(pb, -1);
        assert_true(value > 0);
        assert_true(lower <= bf->min_upper + tol);
        return;
    }
    assert_true(pa >= 0 && pb >= 0);
    assert_true(again_value == value);
    if (kind == GJK_QUERY_INTERSECT || (kind == GJK_QUERY_DISTANCE && bf->any_intersect)) {
        assert_true(again_intersect);
        return;
    }
    if (pa != bf->part_a || pb != bf->part_b) {
        /* another pair of equal value within the two pairs' intervals */
        double slack = (again_upper - again_lower) + (bf->upper - bf->lower) + tol;
        if (!(fabs(value - bf->value) <= slack))
            fail_msg("kind %d: pair (%d, %d) value %.17g, brute force (%d, %d) %.17g", (int)kind, pa, pb, value,
                     bf->part_a, bf->part_b, bf->value);
    } else {
        assert_true(value == bf->value);
    }
    /* brute force's minimum lies in the certified interval */
    if (!(lower <= bf->value + tol && bf->value <= upper + tol))
        fail_msg("kind %d: brute-force minimum %.17g outside [%.17g, %.17g]", (int)kind, bf->value, lower, upper);
}

/* ================================================================================================================
   3D
   ================================================================================================================ */

typedef struct tc3 {
    gjk_compound3 *c;
    gjk_hull3 **hulls;
    int hull_count;
    double size; /* the compound's extent about its origin */
} tc3;

static void tc3_free(tc3 *t) {
    gjk_compound3_destroy(t->c);
    for (int i = 0; i < t->hull_count; ++i) gjk_hull3_destroy(t->hulls[i]);
    free(t->hulls);
    memset(t, 0, sizeof *t);
}

/* n random parts of every kind within `spread` of the origin at random rotations; with `pieces`, hulls of random
   point clouds through gjk_compound3_create_from_pieces instead. */
static tc3 tc3_random(test_rng *r, int n, double spread, bool pieces) {
    tc3 t;
    gjk_status st;
    memset(&t, 0, sizeof t);
    t.size = spread + 2;
    if (pieces) {
        int *first = (int *)malloc((size_t)(n + 1) * sizeof *first), total = 0;
        gjk_vec3 *pts = (gjk_vec3 *)malloc((size_t)n * 12 * sizeof *pts);
        gjk_real margin = test_next(r) % 2 ? GJK_R(0.1) : 0;
        for (int i = 0; i < n; ++i) {
            gjk_vec3 c = test_vec3(r, -spread, spread);
            int m = 4 + (int)(test_next(r) % 9);
            double s = test_uniform(r, 0.2, 1);
            first[i] = total;
            for (int k = 0; k < m; ++k) pts[total++] = gjk_add3(c, gjk_scale3(test_vec3(r, -1, 1), (gjk_real)s));
        }
        first[n] = total;
        t.c = gjk_compound3_create_from_pieces(pts, first, n, margin, &st);
        free(first);
        free(pts);
    } else {
        gjk_shape3 *shapes = (gjk_shape3 *)malloc((size_t)n * sizeof *shapes);
        gjk_pose3 *poses = (gjk_pose3 *)malloc((size_t)n * sizeof *poses);
        t.hulls = (gjk_hull3 **)calloc((size_t)n, sizeof *t.hulls);
        for (int i = 0; i < n; ++i) {
            gjk_hull3 *h = NULL;
            shapes[i] = test_shape3(r, -1, &h);
            if (h) t.hulls[t.hull_count++] = h;
            poses[i].position = test_vec3(r, -spread, spread);
            poses[i].rotation = test_quat(r);
        }
        t.c = gjk_compound3_create(shapes, poses, n, &st);
        free(shapes);
        free(poses);
    }
    assert_int_equal(st, GJK_OK);
    assert_non_null(t.c);
    assert_int_equal(gjk_compound3_part_count(t.c), n);
    return t;
}

static gjk_pair3 part_pair3(const gjk_compound_pair3 *p, int i, int j) {
    gjk_pair3 q;
    q.a = gjk_compound3_part(p->a, i, NULL);
    q.pose_a = gjk_compound3_part_pose(p->a, i, p->pose_a);
    q.b = gjk_compound3_part(p->b, j, NULL);
    q.pose_b = gjk_compound3_part_pose(p->b, j, p->pose_b);
    return q;
}

static brute brute3(gjk_query_kind kind, const gjk_compound_pair3 *p) {
    brute b;
    int na = gjk_compound3_part_count(p->a), nb = gjk_compound3_part_count(p->b);
    brute_init(&b);
    for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
            gjk_pair3 q = part_pair3(p, i, j);
            gjk_result3 r = gjk_query3(kind, &q, NULL, NULL);
            brute_take(&b, kind, i, j, r.intersect, r.distance, r.lower, r.upper);
        }
    }
    return b;
}

static void check_query3(gjk_query_kind kind, const gjk_compound_pair3 *p, double scale, int stack) {
    gjk_compound_result3 r = gjk_compound_query3_stack(kind, p, NULL, stack);
    brute bf = brute3(kind, p);
    gjk_result3 again;
    memset(&again, 0, sizeof again);
    assert_true(r.result.status != GJK_INVALID_INPUT);
    if (r.part_a >= 0) {
        gjk_pair3 q = part_pair3(p, r.part_a, r.part_b);
        again = gjk_query3(kind, &q, NULL, NULL);
        assert_true(r.result.normal.x == again.normal.x && r.result.point_a.z == again.point_a.z);
    }
    assert_true(r.pairs_tested <= gjk_compound3_part_count(p->a) * gjk_compound3_part_count(p->b));
    check_against(kind, &bf, r.result.intersect, r.result.distance, r.result.lower, r.result.upper, r.part_a,
                  r.part_b, again.intersect, again.distance, again.lower, again.upper, scale);
}

static bool manifold3_equal(const gjk_manifold3 *x, const gjk_manifold3 *y) {
    if (x->status != y->status || x->count != y->count || x->normal.x != y->normal.x || x->normal.y != y->normal.y ||
        x->normal.z != y->normal.z)
        return false;
    for (int k = 0; k < x->count; ++k) {
        const gjk_manifold_point3 *a = &x->points[k], *b = &y->points[k];
        if (a->id != b->id || a->separation != b->separation || a->point_a.x != b->point_a.x ||
            a->point_b.z != b->point_b.z)
            return false;
    }
    return true;
}

static void check_collide3(const gjk_compound_pair3 *p, gjk_real speculative) {
    int na = gjk_compound3_part_count(p->a), nb = gjk_compound3_part_count(p->b), count = 0, n, cap;
    gjk_compound_contact3 *want = NULL, *got;
    gjk_status st;
    int want_cap = 0;
    for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
            gjk_pair3 q = part_pair3(p, i, j);
            gjk_manifold3 m = gjk_collide3(&q, speculative, NULL);
            if (m.count == 0) continue;
            if (count == want_cap) {
                want_cap = want_cap ? 2 * want_cap : 16;
                want = (gjk_compound_contact3 *)realloc(want, (size_t)want_cap * sizeof *want);
            }
            want[count].part_a = i;
            want[count].part_b = j;
            want[count++].manifold = m;
        }
    }
    n = gjk_compound_collide3(p, speculative, NULL, 0, &st);
    assert_int_equal(n, count);
    got = (gjk_compound_contact3 *)calloc((size_t)count + 1, sizeof *got);
    /* all of them, then the first half: the first in (part_a, part_b) order either way */
    for (cap = count; cap >= 0; cap = cap > 0 ? cap / 2 - (cap == 1) : -1) {
        n = gjk_compound_collide3(p, speculative, got, cap, &st);
        assert_int_equal(n, count);
        assert_true(st != GJK_INVALID_INPUT);
        for (int k = 0; k < cap; ++k) {
            assert_int_equal(got[k].part_a, want[k].part_a);
            assert_int_equal(got[k].part_b, want[k].part_b);
            assert_true(manifold3_equal(&got[k].manifold, &want[k].manifold));
        }
        if (cap == 0) break;
    }
    free(got);
    free(want);
}

static void check_ray3(const gjk_compound3 *c, gjk_pose3 pose, const gjk_ray3 *ray) {
    gjk_compound_ray_result3 r = gjk_compound_raycast3(c, pose, ray);
    int n = gjk_compound3_part_count(c), best = -1;
    double best_t = 0;
    assert_true(r.ray.status != GJK_INVALID_INPUT);
    for (int i = 0; i < n; ++i) {
        gjk_ray_result3 h = gjk_raycast3(gjk_compound3_part(c, i, NULL), gjk_compound3_part_pose(c, i, pose), ray);
        if (h.hit && (best < 0 || h.fraction < best_t)) best = i, best_t = h.fraction;
    }
    assert_int_equal(r.ray.hit, best >= 0);
    assert_int_equal(r.part >= 0, best >= 0);
    if (best >= 0) {
        gjk_ray_result3 h =
            gjk_raycast3(gjk_compound3_part(c, r.part, NULL), gjk_compound3_part_pose(c, r.part, pose), ray);
        EXPECT_NEAR(r.ray.fraction, best_t, TU(1e-9));
        EXPECT_NEAR(h.fraction, best_t, TU(1e-9));
    }
}

static gjk_pose3 random_pose3(test_rng *r, double spread) {
    gjk_pose3 p;
    p.position = test_vec3(r, -spread, spread);
    p.rotation = test_quat(r);
    return p;
}

static const gjk_query_kind g_kinds[4] = {GJK_QUERY_INTERSECT, GJK_QUERY_DISTANCE, GJK_QUERY_PENETRATION,
                                          GJK_QUERY_SIGNED_DISTANCE};

/* Random compounds of 1 to 300 parts at random poses, from far apart to deeply overlapping. */
static void test_random3(void **st) {
    test_rng r = {31};
    (void)st;
    for (int trial = 0; trial < 1000; ++trial) {
        bool big = trial % 50 == 0;
        int na = big ? 100 + (int)(test_next(&r) % 201) : 1 + (int)(test_next(&r) % 12);
        int nb = big ? 1 + (int)(test_next(&r) % 30) : 1 + (int)(test_next(&r) % 12);
        double spread = big ? 6 : test_uniform(&r, 0, 3);
        tc3 a = tc3_random(&r, na, spread, trial % 3 == 1), b = tc3_random(&r, nb, spread, trial % 3 == 2);
        gjk_compound_pair3 p;
        p.a = a.c;
        p.b = b.c;
        p.pose_a = random_pose3(&r, 2);
        p.pose_b = random_pose3(&r, 2 + (trial % 4) * spread);
        for (int k = 0; k < 4; ++k) check_query3(g_kinds[k], &p, a.size + b.size, GJK_COMPOUND_STACK);
        check_collide3(&p, (gjk_real)(trial % 2 ? 0 : 0.2));
        for (int k = 0; k < 4; ++k) {
            gjk_ray3 ray;
            /* one ray from far away, whose turn into the compound's frame rounds at its own magnitude */
            ray.origin = test_vec3(&r, k == 2 ? -1000 : -10, k == 2 ? 1000 : 10);
            ray.translation = gjk_scale3(gjk_sub3(test_vec3(&r, -2, 2), ray.origin), GJK_R(1.5));
            ray.max_fraction = k == 3 ? 0 : 1;
            check_ray3(a.c, p.pose_a, &ray);
        }
        tc3_free(&a);
        tc3_free(&b);
    }
}

/* Grid of n^3 spheres of radius 0.4, spacing 1, from (0, 0, 0). */
static gjk_compound3 *grid3(int n) {
    int count = n * n * n, k = 0;
    gjk_shape3 *s = (gjk_shape3 *)malloc((size_t)count * sizeof *s);
    gjk_pose3 *p = (gjk_pose3 *)malloc((size_t)count * sizeof *p);
    gjk_compound3 *c;
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y)
            for (int z = 0; z < n; ++z, ++k) {
                s[k] = k % 2 ? gjk_sphere3(GJK_R(0.4)) : gjk_box3(gjk_v3(GJK_R(0.3), GJK_R(0.35), GJK_R(0.4)));
                p[k] = gjk_pose3_make(gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z), gjk_quat_identity());
            }
    c = gjk_compound3_create(s, p, count, NULL);
    free(s);
    free(p);
    assert_non_null(c);
    return c;
}

/* Two compounds of 1000 parts: apart, touching at one corner, and overlapping by one layer: far fewer part pairs
   than the 10^6 there are, and the brute-force answer. */
static void test_pruning3(void **st) {
    gjk_compound3 *g = grid3(10);
    gjk_vec3 offsets[3] = {{GJK_R(12.0), GJK_R(11.0), GJK_R(13.0)}, {GJK_R(9.7), GJK_R(9.7), GJK_R(9.7)},
                           {GJK_R(9.0), GJK_R(0.0), GJK_R(0.0)}};
    (void)st;
    for (int k = 0; k < 3; ++k) {
        gjk_compound_pair3 p;
        p.a = p.b = g;
        p.pose_a = gjk_pose3_identity();
        p.pose_b = gjk_pose3_make(offsets[k], gjk_quat_from_axis_angle(gjk_v3(0, 0, 1), GJK_R(0.01)));
        for (int q = 0; q < 4; ++q) {
            gjk_compound_result3 r = gjk_compound_query3(g_kinds[q], &p, NULL);
            if (getenv("COMPOUND_VERBOSE")) printf("offset %d kind %d: %d pairs tested\n", k, q, r.pairs_tested);
            if (k < 2 || q != GJK_QUERY_PENETRATION) assert_true(r.pairs_tested < 10000);
            if (q == GJK_QUERY_SIGNED_DISTANCE || q == GJK_QUERY_INTERSECT) check_query3(g_kinds[q], &p, 20, 256);
        }
        check_collide3(&p, GJK_R(0.1));
    }
    gjk_compound3_destroy(g);
}

/* Degenerate compounds: every part at one point, parts on a line, huge and tiny parts together, one part. */
static void test_degenerate3(void **st) {
    test_rng r = {7};
    gjk_shape3 s[64];
    gjk_pose3 p[64];
    (void)st;
    for (int shape = 0; shape < 4; ++shape) {
        int n = shape == 3 ? 1 : 40;
        gjk_compound3 *c;
        for (int i = 0; i < n; ++i) {
            p[i] = gjk_pose3_identity();
            s[i] = gjk_box3(gjk_v3(1, GJK_R(0.5), GJK_R(0.25)));
            if (shape == 1) p[i].position = gjk_v3((gjk_real)i * GJK_R(0.7), 0, 0);
            if (shape == 2) {
                s[i] = i % 2 ? gjk_sphere3(GJK_R(1e6)) : gjk_box3(gjk_v3(GJK_R(1e-6), GJK_R(1e-6), GJK_R(1e-6)));
                p[i].position = test_vec3(&r, -1e6, 1e6);
            }
        }
        c = gjk_compound3_create(s, p, n, NULL);
        assert_non_null(c);
        for (int trial = 0; trial < 40; ++trial) {
            gjk_compound_pair3 q;
            double scale = shape == 2 ? 4e6 : 60;
            q.a = q.b = c;
            q.pose_a = random_pose3(&r, scale / 4);
            q.pose_b = random_pose3(&r, scale / 4);
            for (int k = 0; k < 4; ++k) check_query3(g_kinds[k], &q, scale, GJK_COMPOUND_STACK);
            check_collide3(&q, 0);
        }
        gjk_compound3_destroy(c);
    }
}

static void test_tiny_stack3(void **st) {
    test_rng r = {99};
    (void)st;
    for (int trial = 0; trial < 30; ++trial) {
        tc3 a = tc3_random(&r, 20 + trial, 3, false), b = tc3_random(&r, 30, 3, trial % 2);
        gjk_compound_pair3 p;
        p.a = a.c;
        p.b = b.c;
        p.pose_a = random_pose3(&r, 2);
        p.pose_b = random_pose3(&r, 6);
        for (int stack = 0; stack <= 6; stack += 3) {
            for (int k = 0; k < 4; ++k) {
                gjk_compound_result3 x = gjk_compound_query3_stack(g_kinds[k], &p, NULL, stack);
                gjk_compound_result3 y = gjk_compound_query3(g_kinds[k], &p, NULL);
                check_query3(g_kinds[k], &p, 12, stack);
                assert_int_equal(x.result.intersect, y.result.intersect);
                if (g_kinds[k] == GJK_QUERY_SIGNED_DISTANCE || g_kinds[k] == GJK_QUERY_PENETRATION) {
                    /* the answer does not depend on the order of the visits */
                    assert_int_equal(x.part_a, y.part_a);
                    assert_int_equal(x.part_b, y.part_b);
                    if (x.part_a >= 0) assert_true(x.result.distance == y.result.distance);
                }
            }
        }
        tc3_free(&a);
        tc3_free(&b);
    }
}

static void test_bad_input3(void **st) {
    gjk_shape3 s[2] = {gjk_box3(gjk_v3(1, 1, 1)), gjk_sphere3(1)};
    gjk_pose3 p[2] = {gjk_pose3_identity(), gjk_pose3_identity()};
    gjk_status status = GJK_OK;
    gjk_compound3 *c;
    gjk_compound_pair3 pair;
    gjk_compound_result3 r;
    gjk_ray3 ray = {{0, 0, 5}, {0, 0, -10}, 1};
    int first[3] = {0, 4, 8};
    gjk_vec3 pts[8] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    (void)st;
    assert_null(gjk_compound3_create(NULL, NULL, 1, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_compound3_create(s, p, 0, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_compound3_create(s, p, GJK_COMPOUND_MAX_PARTS + 1, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    s[1].sphere.radius = -1;
    assert_null(gjk_compound3_create(s, p, 2, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    s[1].sphere.radius = 1;
    p[1].position.x = (gjk_real)NAN;
    assert_null(gjk_compound3_create(s, p, 2, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    p[1].position.x = 0;
    p[1].rotation.w = 0;
    assert_null(gjk_compound3_create(s, p, 2, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_compound3_create_from_pieces(pts, first, 2, -1, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    first[1] = 0;
    assert_null(gjk_compound3_create_from_pieces(pts, first, 2, 0, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    first[1] = 4;
    pts[5].y = (gjk_real)INFINITY;
    assert_null(gjk_compound3_create_from_pieces(pts, first, 2, 0, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    pts[5].y = 0;
    c = gjk_compound3_create_from_pieces(pts, first, 2, GJK_R(0.1), &status);
    assert_non_null(c);
    assert_int_equal(status, GJK_OK);
    pair.a = pair.b = c;
    pair.pose_a = pair.pose_b = gjk_pose3_identity();
    r = gjk_compound_query3(GJK_QUERY_SIGNED_DISTANCE, NULL, NULL);
    assert_int_equal(r.result.status, GJK_INVALID_INPUT);
    assert_int_equal(r.part_a, -1);
    r = gjk_compound_query3((gjk_query_kind)7, &pair, NULL);
    assert_int_equal(r.result.status, GJK_INVALID_INPUT);
    pair.pose_b.position.z = (gjk_real)NAN;
    r = gjk_compound_query3(GJK_QUERY_SIGNED_DISTANCE, &pair, NULL);
    assert_int_equal(r.result.status, GJK_INVALID_INPUT);
    assert_int_equal(r.part_b, -1);
    assert_true(r.result.distance == 0);
    assert_int_equal(gjk_compound_collide3(&pair, 0, NULL, 0, &status), 0);
    assert_int_equal(status, GJK_INVALID_INPUT);
    pair.pose_b.position.z = 0;
    assert_int_equal(gjk_compound_collide3(&pair, -1, NULL, 0, &status), 0);
    assert_int_equal(status, GJK_INVALID_INPUT);
    pair.b = NULL;
    r = gjk_compound_query3(GJK_QUERY_DISTANCE, &pair, NULL);
    assert_int_equal(r.result.status, GJK_INVALID_INPUT);
    assert_int_equal(gjk_compound_raycast3(c, gjk_pose3_identity(), NULL).ray.status, GJK_INVALID_INPUT);
    ray.max_fraction = -1;
    assert_int_equal(gjk_compound_raycast3(c, gjk_pose3_identity(), &ray).ray.status, GJK_INVALID_INPUT);
    ray.max_fraction = (gjk_real)NAN;
    assert_int_equal(gjk_compound_raycast3(c, gjk_pose3_identity(), &ray).ray.status, GJK_INVALID_INPUT);
    /* any fraction gjk_raycast3 accepts, up to the largest finite one: the same hit as within the segment */
    ray.max_fraction = GJK_REAL_MAX;
    {
        gjk_compound_ray_result3 far = gjk_compound_raycast3(c, gjk_pose3_identity(), &ray);
        ray.max_fraction = 1;
        gjk_compound_ray_result3 near = gjk_compound_raycast3(c, gjk_pose3_identity(), &ray);
        assert_int_equal(far.ray.status, GJK_OK);
        assert_true(far.ray.hit && near.ray.hit && far.part == near.part && far.ray.fraction == near.ray.fraction);
    }
    ray.max_fraction = 1;
    {
        gjk_compound_ray_result3 h = gjk_compound_raycast3(c, gjk_pose3_identity(), &ray);
        assert_true(h.ray.hit);
        assert_int_equal(h.ray.status, GJK_OK);
        EXPECT_NEAR(h.ray.fraction, (5 - 1.1) / 10, TU(1e-12));
    }
    gjk_compound3_destroy(c);
    gjk_compound3_destroy(NULL);
}

/* A single convex shape is a compound of one part: the same answers as the pair query. */
static void test_one_part3(void **st) {
    test_rng r = {5};
    (void)st;
    for (int trial = 0; trial < 200; ++trial) {
        gjk_hull3 *ha = NULL, *hb = NULL;
        gjk_shape3 a = test_shape3(&r, -1, &ha), b = test_shape3(&r, -1, &hb);
        gjk_compound3 *ca = gjk_compound3_create(&a, NULL, 1, NULL), *cb = gjk_compound3_create(&b, NULL, 1, NULL);
        gjk_compound_pair3 p;
        gjk_pair3 q;
        p.a = ca, p.b = cb;
        p.pose_a = random_pose3(&r, 2);
        p.pose_b = random_pose3(&r, 2);
        q = part_pair3(&p, 0, 0);
        for (int k = 0; k < 4; ++k) {
            gjk_compound_result3 x = gjk_compound_query3(g_kinds[k], &p, NULL);
            gjk_result3 y = gjk_query3(g_kinds[k], &q, NULL, NULL);
            assert_int_equal(x.result.intersect, y.intersect);
            if (x.part_a >= 0) {
                assert_true(x.result.distance == y.distance);
                assert_true(x.result.lower <= y.lower || y.lower == -GJK_REAL_MAX);
            }
        }
        gjk_compound3_destroy(ca);
        gjk_compound3_destroy(cb);
        gjk_hull3_destroy(ha);
        gjk_hull3_destroy(hb);
    }
}

/* Queries, collide and raycast allocate nothing; the same answers twice, bit for bit. */
static void test_noalloc_determinism3(void **st) {
    test_rng r = {77};
    tc3 a, b;
    gjk_compound_pair3 p;
    gjk_compound_contact3 contacts[64];
    (void)st;
    a = tc3_random(&r, 200, 4, false);
    b = tc3_random(&r, 150, 4, true);
    p.a = a.c;
    p.b = b.c;
    for (int trial = 0; trial < 50; ++trial) {
        gjk_compound_result3 x[4], y[4];
        gjk_compound_ray_result3 rx, ry;
        gjk_ray3 ray;
        int n1, n2;
        p.pose_a = random_pose3(&r, 3);
        p.pose_b = random_pose3(&r, 6);
        ray.origin = test_vec3(&r, -10, 10);
        ray.translation = gjk_neg3(ray.origin);
        ray.max_fraction = 1;
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = test_frees = 0;
        for (int k = 0; k < 4; ++k) x[k] = gjk_compound_query3(g_kinds[k], &p, NULL);
        n1 = gjk_compound_collide3(&p, GJK_R(0.05), contacts, 64, NULL);
        rx = gjk_compound_raycast3(a.c, p.pose_a, &ray);
        assert_int_equal(test_allocs, 0);
        gjk_set_allocator(NULL, NULL, NULL);
        for (int k = 0; k < 4; ++k) {
            y[k] = gjk_compound_query3(g_kinds[k], &p, NULL);
            assert_true(x[k].result.distance == y[k].result.distance && x[k].part_a == y[k].part_a &&
                        x[k].part_b == y[k].part_b && x[k].pairs_tested == y[k].pairs_tested &&
                        x[k].result.lower == y[k].result.lower && x[k].result.upper == y[k].result.upper);
        }
        n2 = gjk_compound_collide3(&p, GJK_R(0.05), NULL, 0, NULL);
        assert_int_equal(n1, n2);
        ry = gjk_compound_raycast3(a.c, p.pose_a, &ray);
        assert_true(rx.part == ry.part && rx.ray.fraction == ry.ray.fraction);
    }
    tc3_free(&a);
    tc3_free(&b);
}

static void test_aabb3(void **st) {
    test_rng r = {3};
    (void)st;
    for (int trial = 0; trial < 50; ++trial) {
        tc3 a = tc3_random(&r, 1 + trial, 3, trial % 2);
        gjk_pose3 pose = random_pose3(&r, 10);
        gjk_aabb3 box = gjk_compound3_aabb(a.c, pose);
        for (int i = 0; i < gjk_compound3_part_count(a.c); ++i) {
            gjk_aabb3 part = gjk_shape3_aabb(gjk_compound3_part(a.c, i, NULL), gjk_compound3_part_pose(a.c, i, pose));
            assert_true(box.lower.x <= part.lower.x && box.lower.y <= part.lower.y && box.lower.z <= part.lower.z);
            assert_true(box.upper.x >= part.upper.x && box.upper.y >= part.upper.y && box.upper.z >= part.upper.z);
        }
        tc3_free(&a);
    }
}

/* ================================================================================================================
   2D: the mirror of the 3D tests
   ================================================================================================================ */

static gjk_vec2 test_vec2(test_rng *r, double lo, double hi) {
    gjk_real x = (gjk_real)test_uniform(r, lo, hi);
    return gjk_v2(x, (gjk_real)test_uniform(r, lo, hi));
}

typedef struct tc2 {
    gjk_compound2 *c;
    gjk_hull2 **hulls;
    int hull_count;
    double size; /* the compound's extent about its origin */
} tc2;

static void tc2_free(tc2 *t) {
    gjk_compound2_destroy(t->c);
    for (int i = 0; i < t->hull_count; ++i) gjk_hull2_destroy(t->hulls[i]);
    free(t->hulls);
    memset(t, 0, sizeof *t);
}

/* n random parts of every kind within `spread` of the origin at random rotations; with `pieces`, hulls of random
   point clouds through gjk_compound2_create_from_pieces instead. */
static tc2 tc2_random(test_rng *r, int n, double spread, bool pieces) {
    tc2 t;
    gjk_status st;
    memset(&t, 0, sizeof t);
    t.size = spread + 2;
    if (pieces) {
        int *first = (int *)malloc((size_t)(n + 1) * sizeof *first), total = 0;
        gjk_vec2 *pts = (gjk_vec2 *)malloc((size_t)n * 12 * sizeof *pts);
        gjk_real margin = test_next(r) % 2 ? GJK_R(0.1) : 0;
        for (int i = 0; i < n; ++i) {
            gjk_vec2 c = test_vec2(r, -spread, spread);
            int m = 4 + (int)(test_next(r) % 9);
            double s = test_uniform(r, 0.2, 1);
            first[i] = total;
            for (int k = 0; k < m; ++k) pts[total++] = gjk_add2(c, gjk_scale2(test_vec2(r, -1, 1), (gjk_real)s));
        }
        first[n] = total;
        t.c = gjk_compound2_create_from_pieces(pts, first, n, margin, &st);
        free(first);
        free(pts);
    } else {
        gjk_shape2 *shapes = (gjk_shape2 *)malloc((size_t)n * sizeof *shapes);
        gjk_pose2 *poses = (gjk_pose2 *)malloc((size_t)n * sizeof *poses);
        t.hulls = (gjk_hull2 **)calloc((size_t)n, sizeof *t.hulls);
        for (int i = 0; i < n; ++i) {
            gjk_hull2 *h = NULL;
            shapes[i] = test_shape2(r, -1, &h);
            if (h) t.hulls[t.hull_count++] = h;
            poses[i].position = test_vec2(r, -spread, spread);
            poses[i].rotation = gjk_rot2_from_angle((gjk_real)test_uniform(r, -3.2, 3.2));
        }
        t.c = gjk_compound2_create(shapes, poses, n, &st);
        free(shapes);
        free(poses);
    }
    assert_int_equal(st, GJK_OK);
    assert_non_null(t.c);
    assert_int_equal(gjk_compound2_part_count(t.c), n);
    return t;
}

static gjk_pair2 part_pair2(const gjk_compound_pair2 *p, int i, int j) {
    gjk_pair2 q;
    q.a = gjk_compound2_part(p->a, i, NULL);
    q.pose_a = gjk_compound2_part_pose(p->a, i, p->pose_a);
    q.b = gjk_compound2_part(p->b, j, NULL);
    q.pose_b = gjk_compound2_part_pose(p->b, j, p->pose_b);
    return q;
}

static brute brute2(gjk_query_kind kind, const gjk_compound_pair2 *p) {
    brute b;
    int na = gjk_compound2_part_count(p->a), nb = gjk_compound2_part_count(p->b);
    brute_init(&b);
    for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
            gjk_pair2 q = part_pair2(p, i, j);
            gjk_result2 r = gjk_query2(kind, &q, NULL, NULL);
            brute_take(&b, kind, i, j, r.intersect, r.distance, r.lower, r.upper);
        }
    }
    return b;
}

static void check_query2(gjk_query_kind kind, const gjk_compound_pair2 *p, double scale, int stack) {
    gjk_compound_result2 r = gjk_compound_query2_stack(kind, p, NULL, stack);
    brute bf = brute2(kind, p);
    gjk_result2 again;
    memset(&again, 0, sizeof again);
    assert_true(r.result.status != GJK_INVALID_INPUT);
    if (r.part_a >= 0) {
        gjk_pair2 q = part_pair2(p, r.part_a, r.part_b);
        again = gjk_query2(kind, &q, NULL, NULL);
        assert_true(r.result.normal.x == again.normal.x && r.result.point_a.y == again.point_a.y);
    }
    assert_true(r.pairs_tested <= gjk_compound2_part_count(p->a) * gjk_compound2_part_count(p->b));
    check_against(kind, &bf, r.result.intersect, r.result.distance, r.result.lower, r.result.upper, r.part_a,
                  r.part_b, again.intersect, again.distance, again.lower, again.upper, scale);
}

static bool manifold2_equal(const gjk_manifold2 *x, const gjk_manifold2 *y) {
    if (x->status != y->status || x->count != y->count || x->normal.x != y->normal.x || x->normal.y != y->normal.y ||
        x->normal.x != y->normal.x)
        return false;
    for (int k = 0; k < x->count; ++k) {
        const gjk_manifold_point2 *a = &x->points[k], *b = &y->points[k];
        if (a->id != b->id || a->separation != b->separation || a->point_a.x != b->point_a.x ||
            a->point_b.y != b->point_b.y)
            return false;
    }
    return true;
}

static void check_collide2(const gjk_compound_pair2 *p, gjk_real speculative) {
    int na = gjk_compound2_part_count(p->a), nb = gjk_compound2_part_count(p->b), count = 0, n, cap;
    gjk_compound_contact2 *want = NULL, *got;
    gjk_status st;
    int want_cap = 0;
    for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
            gjk_pair2 q = part_pair2(p, i, j);
            gjk_manifold2 m = gjk_collide2(&q, speculative, NULL);
            if (m.count == 0) continue;
            if (count == want_cap) {
                want_cap = want_cap ? 2 * want_cap : 16;
                want = (gjk_compound_contact2 *)realloc(want, (size_t)want_cap * sizeof *want);
            }
            want[count].part_a = i;
            want[count].part_b = j;
            want[count++].manifold = m;
        }
    }
    n = gjk_compound_collide2(p, speculative, NULL, 0, &st);
    assert_int_equal(n, count);
    got = (gjk_compound_contact2 *)calloc((size_t)count + 1, sizeof *got);
    /* all of them, then the first half: the first in (part_a, part_b) order either way */
    for (cap = count; cap >= 0; cap = cap > 0 ? cap / 2 - (cap == 1) : -1) {
        n = gjk_compound_collide2(p, speculative, got, cap, &st);
        assert_int_equal(n, count);
        assert_true(st != GJK_INVALID_INPUT);
        for (int k = 0; k < cap; ++k) {
            assert_int_equal(got[k].part_a, want[k].part_a);
            assert_int_equal(got[k].part_b, want[k].part_b);
            assert_true(manifold2_equal(&got[k].manifold, &want[k].manifold));
        }
        if (cap == 0) break;
    }
    free(got);
    free(want);
}

static void check_ray2(const gjk_compound2 *c, gjk_pose2 pose, const gjk_ray2 *ray) {
    gjk_compound_ray_result2 r = gjk_compound_raycast2(c, pose, ray);
    int n = gjk_compound2_part_count(c), best = -1;
    double best_t = 0;
    assert_true(r.ray.status != GJK_INVALID_INPUT);
    for (int i = 0; i < n; ++i) {
        gjk_ray_result2 h = gjk_raycast2(gjk_compound2_part(c, i, NULL), gjk_compound2_part_pose(c, i, pose), ray);
        if (h.hit && (best < 0 || h.fraction < best_t)) best = i, best_t = h.fraction;
    }
    assert_int_equal(r.ray.hit, best >= 0);
    assert_int_equal(r.part >= 0, best >= 0);
    if (best >= 0) {
        gjk_ray_result2 h =
            gjk_raycast2(gjk_compound2_part(c, r.part, NULL), gjk_compound2_part_pose(c, r.part, pose), ray);
        EXPECT_NEAR(r.ray.fraction, best_t, TU(1e-9));
        EXPECT_NEAR(h.fraction, best_t, TU(1e-9));
    }
}

static gjk_pose2 random_pose2(test_rng *r, double spread) {
    gjk_pose2 p;
    p.position = test_vec2(r, -spread, spread);
    p.rotation = gjk_rot2_from_angle((gjk_real)test_uniform(r, -3.2, 3.2));
    return p;
}

/* Random compounds of 1 to 300 parts at random poses, from far apart to deeply overlapping. */
static void test_random2(void **st) {
    test_rng r = {31};
    (void)st;
    for (int trial = 0; trial < 1000; ++trial) {
        bool big = trial % 50 == 0;
        int na = big ? 100 + (int)(test_next(&r) % 201) : 1 + (int)(test_next(&r) % 12);
        int nb = big ? 1 + (int)(test_next(&r) % 30) : 1 + (int)(test_next(&r) % 12);
        double spread = big ? 6 : test_uniform(&r, 0, 3);
        tc2 a = tc2_random(&r, na, spread, trial % 3 == 1), b = tc2_random(&r, nb, spread, trial % 3 == 2);
        gjk_compound_pair2 p;
        p.a = a.c;
        p.b = b.c;
        p.pose_a = random_pose2(&r, 2);
        p.pose_b = random_pose2(&r, 2 + (trial % 4) * spread);
        for (int k = 0; k < 4; ++k) check_query2(g_kinds[k], &p, a.size + b.size, GJK_COMPOUND_STACK);
        check_collide2(&p, (gjk_real)(trial % 2 ? 0 : 0.2));
        for (int k = 0; k < 4; ++k) {
            gjk_ray2 ray;
            /* one ray from far away, whose turn into the compound's frame rounds at its own magnitude */
            ray.origin = test_vec2(&r, k == 2 ? -1000 : -10, k == 2 ? 1000 : 10);
            ray.translation = gjk_scale2(gjk_sub2(test_vec2(&r, -2, 2), ray.origin), GJK_R(1.5));
            ray.max_fraction = k == 3 ? 0 : 1;
            check_ray2(a.c, p.pose_a, &ray);
        }
        tc2_free(&a);
        tc2_free(&b);
    }
}

/* Grid of n^2 circles of radius 0.4 and boxes, spacing 1, from (0, 0). */
static gjk_compound2 *grid2(int n) {
    int count = n * n, k = 0;
    gjk_shape2 *s = (gjk_shape2 *)malloc((size_t)count * sizeof *s);
    gjk_pose2 *p = (gjk_pose2 *)malloc((size_t)count * sizeof *p);
    gjk_compound2 *c;
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y, ++k) {
            s[k] = k % 2 ? gjk_circle2(GJK_R(0.4)) : gjk_box2(gjk_v2(GJK_R(0.3), GJK_R(0.4)));
            p[k] = gjk_pose2_make(gjk_v2((gjk_real)x, (gjk_real)y), 0);
        }
    c = gjk_compound2_create(s, p, count, NULL);
    free(s);
    free(p);
    assert_non_null(c);
    return c;
}

/* Two compounds of 1000 parts: apart, touching at one corner, and overlapping by one layer: far fewer part pairs
   than the 10^6 there are, and the brute-force answer. */
static void test_pruning2(void **st) {
    gjk_compound2 *g = grid2(32);
    gjk_vec2 offsets[3] = {{GJK_R(34.0), GJK_R(33.0)}, {GJK_R(31.7), GJK_R(31.7)}, {GJK_R(31.0), GJK_R(0.0)}};
    (void)st;
    for (int k = 0; k < 3; ++k) {
        gjk_compound_pair2 p;
        p.a = p.b = g;
        p.pose_a = gjk_pose2_identity();
        p.pose_b = gjk_pose2_make(offsets[k], GJK_R(0.01));
        for (int q = 0; q < 4; ++q) {
            gjk_compound_result2 r = gjk_compound_query2(g_kinds[q], &p, NULL);
            if (getenv("COMPOUND_VERBOSE")) printf("offset %d kind %d: %d pairs tested\n", k, q, r.pairs_tested);
            if (k < 2 || q != GJK_QUERY_PENETRATION) assert_true(r.pairs_tested < 10000);
            if (q == GJK_QUERY_SIGNED_DISTANCE || q == GJK_QUERY_INTERSECT) check_query2(g_kinds[q], &p, 70, 256);
        }
        check_collide2(&p, GJK_R(0.1));
    }
    gjk_compound2_destroy(g);
}

/* Degenerate compounds: every part at one point, parts on a line, huge and tiny parts together, one part. */
static void test_degenerate2(void **st) {
    test_rng r = {7};
    gjk_shape2 s[64];
    gjk_pose2 p[64];
    (void)st;
    for (int shape = 0; shape < 4; ++shape) {
        int n = shape == 3 ? 1 : 40;
        gjk_compound2 *c;
        for (int i = 0; i < n; ++i) {
            p[i] = gjk_pose2_identity();
            s[i] = gjk_box2(gjk_v2(1, GJK_R(0.5)));
            if (shape == 1) p[i].position = gjk_v2((gjk_real)i * GJK_R(0.7), 0);
            if (shape == 2) {
                s[i] = i % 2 ? gjk_circle2(GJK_R(1e6)) : gjk_box2(gjk_v2(GJK_R(1e-6), GJK_R(1e-6)));
                p[i].position = test_vec2(&r, -1e6, 1e6);
            }
        }
        c = gjk_compound2_create(s, p, n, NULL);
        assert_non_null(c);
        for (int trial = 0; trial < 40; ++trial) {
            gjk_compound_pair2 q;
            double scale = shape == 2 ? 4e6 : 60;
            q.a = q.b = c;
            q.pose_a = random_pose2(&r, scale / 4);
            q.pose_b = random_pose2(&r, scale / 4);
            for (int k = 0; k < 4; ++k) check_query2(g_kinds[k], &q, scale, GJK_COMPOUND_STACK);
            check_collide2(&q, 0);
        }
        gjk_compound2_destroy(c);
    }
}

static void test_tiny_stack2(void **st) {
    test_rng r = {99};
    (void)st;
    for (int trial = 0; trial < 30; ++trial) {
        tc2 a = tc2_random(&r, 20 + trial, 3, false), b = tc2_random(&r, 30, 3, trial % 2);
        gjk_compound_pair2 p;
        p.a = a.c;
        p.b = b.c;
        p.pose_a = random_pose2(&r, 2);
        p.pose_b = random_pose2(&r, 6);
        for (int stack = 0; stack <= 6; stack += 3) {
            for (int k = 0; k < 4; ++k) {
                gjk_compound_result2 x = gjk_compound_query2_stack(g_kinds[k], &p, NULL, stack);
                gjk_compound_result2 y = gjk_compound_query2(g_kinds[k], &p, NULL);
                check_query2(g_kinds[k], &p, 12, stack);
                assert_int_equal(x.result.intersect, y.result.intersect);
                if (g_kinds[k] == GJK_QUERY_SIGNED_DISTANCE || g_kinds[k] == GJK_QUERY_PENETRATION) {
                    /* the answer does not depend on the order of the visits */
                    assert_int_equal(x.part_a, y.part_a);
                    assert_int_equal(x.part_b, y.part_b);
                    if (x.part_a >= 0) assert_true(x.result.distance == y.result.distance);
                }
            }
        }
        tc2_free(&a);
        tc2_free(&b);
    }
}

static void test_bad_input2(void **st) {
    gjk_shape2 s[2] = {gjk_box2(gjk_v2(1, 1)), gjk_circle2(1)};
    gjk_pose2 p[2] = {gjk_pose2_identity(), gjk_pose2_identity()};
    gjk_status status = GJK_OK;
    gjk_compound2 *c;
    gjk_compound_pair2 pair;
    gjk_compound_result2 r;
    gjk_ray2 ray = {{0, 5}, {0, -10}, 1};
    int first[3] = {0, 3, 6};
    gjk_vec2 pts[6] = {{0, 0}, {1, 0}, {0, 1}, {0, 0}, {1, 0}, {0, 1}};
    (void)st;
    assert_null(gjk_compound2_create(NULL, NULL, 1, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_compound2_create(s, p, 0, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_compound2_create(s, p, GJK_COMPOUND_MAX_PARTS + 1, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    s[1].circle.radius = -1;
    assert_null(gjk_compound2_create(s, p, 2, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    s[1].circle.radius = 1;
    p[1].position.x = (gjk_real)NAN;
    assert_null(gjk_compound2_create(s, p, 2, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    p[1].position.x = 0;
    p[1].rotation.c = 0;
    p[1].rotation.s = 0;
    assert_null(gjk_compound2_create(s, p, 2, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_compound2_create_from_pieces(pts, first, 2, -1, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    first[1] = 0;
    assert_null(gjk_compound2_create_from_pieces(pts, first, 2, 0, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    first[1] = 3;
    pts[4].y = (gjk_real)INFINITY;
    assert_null(gjk_compound2_create_from_pieces(pts, first, 2, 0, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    pts[4].y = 0;
    c = gjk_compound2_create_from_pieces(pts, first, 2, GJK_R(0.1), &status);
    assert_non_null(c);
    assert_int_equal(status, GJK_OK);
    pair.a = pair.b = c;
    pair.pose_a = pair.pose_b = gjk_pose2_identity();
    r = gjk_compound_query2(GJK_QUERY_SIGNED_DISTANCE, NULL, NULL);
    assert_int_equal(r.result.status, GJK_INVALID_INPUT);
    assert_int_equal(r.part_a, -1);
    r = gjk_compound_query2((gjk_query_kind)7, &pair, NULL);
    assert_int_equal(r.result.status, GJK_INVALID_INPUT);
    pair.pose_b.position.y = (gjk_real)NAN;
    r = gjk_compound_query2(GJK_QUERY_SIGNED_DISTANCE, &pair, NULL);
    assert_int_equal(r.result.status, GJK_INVALID_INPUT);
    assert_int_equal(r.part_b, -1);
    assert_true(r.result.distance == 0);
    assert_int_equal(gjk_compound_collide2(&pair, 0, NULL, 0, &status), 0);
    assert_int_equal(status, GJK_INVALID_INPUT);
    pair.pose_b.position.y = 0;
    assert_int_equal(gjk_compound_collide2(&pair, -1, NULL, 0, &status), 0);
    assert_int_equal(status, GJK_INVALID_INPUT);
    pair.b = NULL;
    r = gjk_compound_query2(GJK_QUERY_DISTANCE, &pair, NULL);
    assert_int_equal(r.result.status, GJK_INVALID_INPUT);
    assert_int_equal(gjk_compound_raycast2(c, gjk_pose2_identity(), NULL).ray.status, GJK_INVALID_INPUT);
    ray.max_fraction = -1;
    assert_int_equal(gjk_compound_raycast2(c, gjk_pose2_identity(), &ray).ray.status, GJK_INVALID_INPUT);
    ray.max_fraction = GJK_REAL_MAX;
    {
        gjk_compound_ray_result2 far = gjk_compound_raycast2(c, gjk_pose2_identity(), &ray);
        ray.max_fraction = 1;
        gjk_compound_ray_result2 near = gjk_compound_raycast2(c, gjk_pose2_identity(), &ray);
        assert_int_equal(far.ray.status, GJK_OK);
        assert_true(far.ray.hit && near.ray.hit && far.part == near.part && far.ray.fraction == near.ray.fraction);
    }
    ray.max_fraction = 1;
    {
        gjk_compound_ray_result2 h = gjk_compound_raycast2(c, gjk_pose2_identity(), &ray);
        assert_true(h.ray.hit);
        assert_int_equal(h.ray.status, GJK_OK);
        EXPECT_NEAR(h.ray.fraction, (5 - 1.1) / 10, TU(1e-12));
    }
    gjk_compound2_destroy(c);
    gjk_compound2_destroy(NULL);
}

/* A single convex shape is a compound of one part: the same answers as the pair query. */
static void test_one_part2(void **st) {
    test_rng r = {5};
    (void)st;
    for (int trial = 0; trial < 200; ++trial) {
        gjk_hull2 *ha = NULL, *hb = NULL;
        gjk_shape2 a = test_shape2(&r, -1, &ha), b = test_shape2(&r, -1, &hb);
        gjk_compound2 *ca = gjk_compound2_create(&a, NULL, 1, NULL), *cb = gjk_compound2_create(&b, NULL, 1, NULL);
        gjk_compound_pair2 p;
        gjk_pair2 q;
        p.a = ca, p.b = cb;
        p.pose_a = random_pose2(&r, 2);
        p.pose_b = random_pose2(&r, 2);
        q = part_pair2(&p, 0, 0);
        for (int k = 0; k < 4; ++k) {
            gjk_compound_result2 x = gjk_compound_query2(g_kinds[k], &p, NULL);
            gjk_result2 y = gjk_query2(g_kinds[k], &q, NULL, NULL);
            assert_int_equal(x.result.intersect, y.intersect);
            if (x.part_a >= 0) {
                assert_true(x.result.distance == y.distance);
                assert_true(x.result.lower <= y.lower || y.lower == -GJK_REAL_MAX);
            }
        }
        gjk_compound2_destroy(ca);
        gjk_compound2_destroy(cb);
        gjk_hull2_destroy(ha);
        gjk_hull2_destroy(hb);
    }
}

/* Queries, collide and raycast allocate nothing; the same answers twice, bit for bit. */
static void test_noalloc_determinism2(void **st) {
    test_rng r = {77};
    tc2 a, b;
    gjk_compound_pair2 p;
    gjk_compound_contact2 contacts[64];
    (void)st;
    a = tc2_random(&r, 200, 4, false);
    b = tc2_random(&r, 150, 4, true);
    p.a = a.c;
    p.b = b.c;
    for (int trial = 0; trial < 50; ++trial) {
        gjk_compound_result2 x[4], y[4];
        gjk_compound_ray_result2 rx, ry;
        gjk_ray2 ray;
        int n1, n2;
        p.pose_a = random_pose2(&r, 3);
        p.pose_b = random_pose2(&r, 6);
        ray.origin = test_vec2(&r, -10, 10);
        ray.translation = gjk_neg2(ray.origin);
        ray.max_fraction = 1;
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = test_frees = 0;
        for (int k = 0; k < 4; ++k) x[k] = gjk_compound_query2(g_kinds[k], &p, NULL);
        n1 = gjk_compound_collide2(&p, GJK_R(0.05), contacts, 64, NULL);
        rx = gjk_compound_raycast2(a.c, p.pose_a, &ray);
        assert_int_equal(test_allocs, 0);
        gjk_set_allocator(NULL, NULL, NULL);
        for (int k = 0; k < 4; ++k) {
            y[k] = gjk_compound_query2(g_kinds[k], &p, NULL);
            assert_true(x[k].result.distance == y[k].result.distance && x[k].part_a == y[k].part_a &&
                        x[k].part_b == y[k].part_b && x[k].pairs_tested == y[k].pairs_tested &&
                        x[k].result.lower == y[k].result.lower && x[k].result.upper == y[k].result.upper);
        }
        n2 = gjk_compound_collide2(&p, GJK_R(0.05), NULL, 0, NULL);
        assert_int_equal(n1, n2);
        ry = gjk_compound_raycast2(a.c, p.pose_a, &ray);
        assert_true(rx.part == ry.part && rx.ray.fraction == ry.ray.fraction);
    }
    tc2_free(&a);
    tc2_free(&b);
}

static void test_aabb2(void **st) {
    test_rng r = {3};
    (void)st;
    for (int trial = 0; trial < 50; ++trial) {
        tc2 a = tc2_random(&r, 1 + trial, 3, trial % 2);
        gjk_pose2 pose = random_pose2(&r, 10);
        gjk_aabb2 box = gjk_compound2_aabb(a.c, pose);
        for (int i = 0; i < gjk_compound2_part_count(a.c); ++i) {
            gjk_aabb2 part = gjk_shape2_aabb(gjk_compound2_part(a.c, i, NULL), gjk_compound2_part_pose(a.c, i, pose));
            assert_true(box.lower.x <= part.lower.x && box.lower.y <= part.lower.y);
            assert_true(box.upper.x >= part.upper.x && box.upper.y >= part.upper.y);
        }
        tc2_free(&a);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random3),    cmocka_unit_test(test_pruning3),
        cmocka_unit_test(test_degenerate3), cmocka_unit_test(test_tiny_stack3),
        cmocka_unit_test(test_bad_input3), cmocka_unit_test(test_one_part3),
        cmocka_unit_test(test_noalloc_determinism3), cmocka_unit_test(test_aabb3),
        cmocka_unit_test(test_random2),    cmocka_unit_test(test_pruning2),
        cmocka_unit_test(test_degenerate2), cmocka_unit_test(test_tiny_stack2),
        cmocka_unit_test(test_bad_input2), cmocka_unit_test(test_one_part2),
        cmocka_unit_test(test_noalloc_determinism2), cmocka_unit_test(test_aabb2),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
