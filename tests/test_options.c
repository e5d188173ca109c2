// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Query options (gjk_options through gjk_query3 and gjk_query2), in both dimensions:
   - invalid options (negative, NaN or infinite tolerance, negative caps) and an unknown query kind give
     GJK_INVALID_INPUT with a zeroed result;
   - NULL options and a zeroed struct give the named queries' answers bit for bit, bounds included, on random pairs
     of every shape kind, cold and with a cache;
   - the iteration caps are obeyed: at most the cap (2D EPA: the cap or the seed's support points, at most 6),
     GJK_MAX_ITERATIONS whenever the uncapped query needed more, and the early answer's certified interval still
     holds the uncapped answer;
   - a large tolerance (1e-2) on curved 3D shapes (cylinders, cones, ellipsoids), which have no exact oracle: the
     interval holds the default answer (whose own interval is tight), is at most about tolerance x size wide, and the
     queries take fewer GJK and EPA iterations on average (printed). */
#include <float.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "gjk/gjk.h"

/* ---- random pairs of every kind --------------------------------------------------------------------------------- */

typedef struct rng {
    uint64_t s;
} rng;

static double uniform(rng *g, double lo, double hi) {
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return lo + (hi - lo) * (double)(z >> 11) / 9007199254740992.0;
}

static gjk_real R(double x) { return (gjk_real)x; }

static gjk_vec3 user_ball(gjk_vec3 d, const void *data) {
    return gjk_scale3(gjk_normalize3(d), *(const gjk_real *)data);
}

static gjk_vec2 user_disc(gjk_vec2 d, const void *data) {
    return gjk_scale2(gjk_normalize2(d), *(const gjk_real *)data);
}

static gjk_vec2 user_polygon(gjk_vec2 d, const void *data) {
    const gjk_hull2 *h = data;
    int best = 0;
    for (int i = 1; i < h->vertex_count; i++)
        if (gjk_dot2(h->vertices[i], d) > gjk_dot2(h->vertices[best], d)) best = i;
    return h->vertices[best];
}

/* One shape of the given kind (3D: GJK_SHAPE3_TYPE_COUNT kinds), rounded one time in four; `hull` and `radius` keep
   what the shape points at. */
#define KINDS3 ((int)GJK_SHAPE3_TYPE_COUNT)
static gjk_shape3 shape3_of(rng *g, int kind, gjk_hull3 **hull, gjk_real *radius) {
    gjk_shape3 s;
    switch (kind) {
    case GJK_SHAPE3_POINT: s = gjk_point3(); break;
    case GJK_SHAPE3_SEGMENT:
        s = gjk_segment3(gjk_v3(R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), R(uniform(g, -1, 1))),
                         gjk_v3(R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), R(uniform(g, -1, 1))));
        break;
    case GJK_SHAPE3_TRIANGLE:
        s = gjk_triangle3(gjk_v3(R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), 0),
                          gjk_v3(R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), R(uniform(g, -0.3, 0.3))),
                          gjk_v3(R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), R(uniform(g, -0.3, 0.3))));
        break;
    case GJK_SHAPE3_BOX: s = gjk_box3(gjk_v3(R(uniform(g, 0.1, 1)), R(uniform(g, 0.1, 1)), R(uniform(g, 0.1, 1)))); break;
    case GJK_SHAPE3_SPHERE: s = gjk_sphere3(R(uniform(g, 0.1, 1))); break;
    case GJK_SHAPE3_CAPSULE: s = gjk_capsule3(R(uniform(g, 0.1, 0.8)), R(uniform(g, 0, 1))); break;
    case GJK_SHAPE3_CYLINDER: s = gjk_cylinder3(R(uniform(g, 0.1, 1)), R(uniform(g, 0.1, 1))); break;
    case GJK_SHAPE3_CONE: s = gjk_cone3(R(uniform(g, 0.1, 1)), R(uniform(g, 0.1, 1))); break;
    case GJK_SHAPE3_ELLIPSOID:
        s = gjk_ellipsoid3(gjk_v3(R(uniform(g, 0.1, 1)), R(uniform(g, 0.1, 1)), R(uniform(g, 0.1, 1))));
        break;
    case GJK_SHAPE3_HULL: {
        gjk_vec3 p[32];
        int n = 8 + (int)uniform(g, 0, 24);
        for (int i = 0; i < n; i++) p[i] = gjk_v3(R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), R(uniform(g, -1, 1)));
        *hull = gjk_hull3_create(p, n, NULL);
        assert_non_null(*hull);
        s = gjk_hull_shape3(*hull);
        break;
    }
    default:
        *radius = R(uniform(g, 0.2, 1));
        s = gjk_user3(user_ball, radius);
        break;
    }
    if (uniform(g, 0, 1) < 0.25) s = gjk_rounded3(s, R(uniform(g, 0, 0.3)));
    return s;
}

#define KINDS2 8
static gjk_shape2 shape2_of(rng *g, int kind, gjk_hull2 **hull, gjk_real *radius) {
    gjk_shape2 s;
    switch (kind) {
    case 0: s = gjk_point2(); break;
    case 1:
        s = gjk_segment2(gjk_v2(R(uniform(g, -1, 1)), R(uniform(g, -1, 1))),
                         gjk_v2(R(uniform(g, -1, 1)), R(uniform(g, -1, 1))));
        break;
    case 2: s = gjk_circle2(R(uniform(g, 0.1, 1))); break;
    case 3: s = gjk_box2(gjk_v2(R(uniform(g, 0.1, 1)), R(uniform(g, 0.1, 1)))); break;
    case 4: s = gjk_capsule2(R(uniform(g, 0.1, 0.8)), R(uniform(g, 0, 1))); break;
    case 5:
    case 6: {
        gjk_vec2 p[24];
        int n = 3 + (int)uniform(g, 0, 21);
        for (int i = 0; i < n; i++) {
            double a = uniform(g, 0, 6.2831853), r = uniform(g, 0.3, 1.2);
            p[i] = gjk_v2(R(r * cos(a)), R(r * sin(a)));
        }
        *hull = gjk_hull2_create(p, n, NULL);
        assert_non_null(*hull);
        s = kind == 5 ? gjk_polygon2(*hull) : gjk_user2(user_polygon, *hull);
        break;
    }
    default:
        *radius = R(uniform(g, 0.2, 1));
        s = gjk_user2(user_disc, radius);
        break;
    }
    if (uniform(g, 0, 1) < 0.25) s = gjk_rounded2(s, R(uniform(g, 0, 0.3)));
    return s;
}

/* A pair of shapes of kinds ka, kb, B within reach of A so that about half the pairs overlap. */
typedef struct pair3_store {
    gjk_shape3 a, b;
    gjk_hull3 *ha, *hb;
    gjk_real ra, rb;
    gjk_pair3 pair;
} pair3_store;

static gjk_quat random_quat(rng *g) {
    gjk_vec3 axis = gjk_v3(R(uniform(g, -1, 1)), R(uniform(g, -1, 1)), R(uniform(g, -1, 1)));
    return gjk_quat_from_axis_angle(axis, R(uniform(g, -3.2, 3.2)));
}

static void make3(rng *g, int ka, int kb, double reach, pair3_store *p) {
    p->ha = p->hb = NULL;
    p->a = shape3_of(g, ka, &p->ha, &p->ra);
    p->b = shape3_of(g, kb, &p->hb, &p->rb);
    gjk_vec3 pa = gjk_v3(R(uniform(g, -3, 3)), R(uniform(g, -3, 3)), R(uniform(g, -3, 3)));
    gjk_vec3 off = gjk_v3(R(uniform(g, -reach, reach)), R(uniform(g, -reach, reach)), R(uniform(g, -reach, reach)));
    p->pair.a = &p->a;
    p->pair.b = &p->b;
    p->pair.pose_a = gjk_pose3_make(pa, random_quat(g));
    p->pair.pose_b = gjk_pose3_make(gjk_add3(pa, off), random_quat(g));
}

static void free3(pair3_store *p) {
    gjk_hull3_destroy(p->ha);
    gjk_hull3_destroy(p->hb);
}

typedef struct pair2_store {
    gjk_shape2 a, b;
    gjk_hull2 *ha, *hb;
    gjk_real ra, rb;
    gjk_pair2 pair;
} pair2_store;

static void make2(rng *g, int ka, int kb, double reach, pair2_store *p) {
    p->ha = p->hb = NULL;
    p->a = shape2_of(g, ka, &p->ha, &p->ra);
    p->b = shape2_of(g, kb, &p->hb, &p->rb);
    gjk_vec2 pa = gjk_v2(R(uniform(g, -3, 3)), R(uniform(g, -3, 3)));
    p->pair.a = &p->a;
    p->pair.b = &p->b;
    p->pair.pose_a = gjk_pose2_make(pa, R(uniform(g, -3.2, 3.2)));
    p->pair.pose_b = gjk_pose2_make(gjk_add2(pa, gjk_v2(R(uniform(g, -reach, reach)), R(uniform(g, -reach, reach)))),
                                    R(uniform(g, -3.2, 3.2)));
}

static void free2(pair2_store *p) {
    gjk_hull2_destroy(p->ha);
    gjk_hull2_destroy(p->hb);
}

/* ---- comparisons ------------------------------------------------------------------------------------------------ */

static bool same_real(gjk_real a, gjk_real b) { return memcmp(&a, &b, sizeof a) == 0; }

/* Field by field (the structs have padding), every real compared by its bits. */
static bool same3(const gjk_result3 *x, const gjk_result3 *y) {
    return x->status == y->status && x->intersect == y->intersect && same_real(x->distance, y->distance) &&
           same_real(x->normal.x, y->normal.x) && same_real(x->normal.y, y->normal.y) &&
           same_real(x->normal.z, y->normal.z) && same_real(x->point_a.x, y->point_a.x) &&
           same_real(x->point_a.y, y->point_a.y) && same_real(x->point_a.z, y->point_a.z) &&
           same_real(x->point_b.x, y->point_b.x) && same_real(x->point_b.y, y->point_b.y) &&
           same_real(x->point_b.z, y->point_b.z) && x->iterations == y->iterations &&
           x->epa_iterations == y->epa_iterations && same_real(x->lower, y->lower) && same_real(x->upper, y->upper);
}

static bool same2(const gjk_result2 *x, const gjk_result2 *y) {
    return x->status == y->status && x->intersect == y->intersect && same_real(x->distance, y->distance) &&
           same_real(x->normal.x, y->normal.x) && same_real(x->normal.y, y->normal.y) &&
           same_real(x->point_a.x, y->point_a.x) && same_real(x->point_a.y, y->point_a.y) &&
           same_real(x->point_b.x, y->point_b.x) && same_real(x->point_b.y, y->point_b.y) &&
           x->iterations == y->iterations && x->epa_iterations == y->epa_iterations && same_real(x->lower, y->lower) &&
           same_real(x->upper, y->upper);
}

static gjk_result3 named3(gjk_query_kind k, const gjk_pair3 *p, gjk_cache3 *c) {
    switch (k) {
    case GJK_QUERY_INTERSECT: return gjk_intersect3(p, c);
    case GJK_QUERY_DISTANCE: return gjk_distance3(p, c);
    case GJK_QUERY_PENETRATION: return gjk_penetration3(p, c);
    default: return gjk_signed_distance3(p, c);
    }
}

static gjk_result2 named2(gjk_query_kind k, const gjk_pair2 *p, gjk_cache2 *c) {
    switch (k) {
    case GJK_QUERY_INTERSECT: return gjk_intersect2(p, c);
    case GJK_QUERY_DISTANCE: return gjk_distance2(p, c);
    case GJK_QUERY_PENETRATION: return gjk_penetration2(p, c);
    default: return gjk_signed_distance2(p, c);
    }
}

/* The interval [lower, upper] holds `d` within `slack` (the width of the interval `d` came with). */
static bool holds(gjk_real lower, gjk_real upper, double d, double slack) {
    return lower <= upper && (double)lower <= d + slack && (double)upper >= d - slack;
}

/* ---- invalid options -------------------------------------------------------------------------------------------- */

static void test_invalid_options(void **state) {
    (void)state;
    gjk_shape3 box3 = gjk_box3(gjk_v3(1, 1, 1));
    gjk_pair3 p3 = {&box3, gjk_pose3_identity(), &box3, gjk_pose3_make(gjk_v3(R(1.5), 0, 0), gjk_quat_identity())};
    gjk_shape2 box2 = gjk_box2(gjk_v2(1, 1));
    gjk_pair2 p2 = {&box2, gjk_pose2_make(gjk_v2(0, 0), 0), &box2, gjk_pose2_make(gjk_v2(R(1.5), 0), 0)};
    const gjk_options bad[] = {
        {R(-1e-3), 0, 0}, {R(NAN), 0, 0}, {R(INFINITY), 0, 0}, {R(-INFINITY), 0, 0}, {0, -1, 0}, {0, 0, -1},
        {R(1e-3), -5, 3},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int k = 0; k < 4; k++) {
            gjk_result3 r3 = gjk_query3((gjk_query_kind)k, &p3, &bad[i], NULL);
            assert_int_equal(r3.status, GJK_INVALID_INPUT);
            assert_true(!r3.intersect && r3.distance == 0 && r3.iterations == 0 && r3.lower == 0 && r3.upper == 0);
            gjk_result2 r2 = gjk_query2((gjk_query_kind)k, &p2, &bad[i], NULL);
            assert_int_equal(r2.status, GJK_INVALID_INPUT);
            assert_true(!r2.intersect && r2.distance == 0 && r2.iterations == 0 && r2.lower == 0 && r2.upper == 0);
        }
    }
    /* An unknown kind, with valid options or none. */
    const gjk_options fine = {R(1e-3), 4, 4};
    for (int k = -1; k <= 4; k += 5) {
        assert_int_equal(gjk_query3((gjk_query_kind)k, &p3, NULL, NULL).status, GJK_INVALID_INPUT);
        assert_int_equal(gjk_query3((gjk_query_kind)k, &p3, &fine, NULL).status, GJK_INVALID_INPUT);
        assert_int_equal(gjk_query2((gjk_query_kind)k, &p2, NULL, NULL).status, GJK_INVALID_INPUT);
        assert_int_equal(gjk_query2((gjk_query_kind)k, &p2, &fine, NULL).status, GJK_INVALID_INPUT);
    }
    /* Valid extremes: a huge tolerance and caps beyond the limits are accepted (clamped). */
    const gjk_options big = {R(1e30), 1000000, 1000000};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(gjk_query3((gjk_query_kind)k, &p3, &big, NULL).status, GJK_OK);
        assert_int_equal(gjk_query2((gjk_query_kind)k, &p2, &big, NULL).status, GJK_OK);
    }
}

/* ---- NULL and zeroed options: the named queries, bit for bit ---------------------------------------------------- */

static void test_defaults_identical(void **state) {
    (void)state;
    rng g = {101};
    const gjk_options zero = {0, 0, 0};
    int compared = 0;
    for (int ka = 0; ka < KINDS3; ka++)
        for (int kb = 0; kb < KINDS3; kb++)
            for (int i = 0; i < 4; i++) {
                pair3_store p;
                make3(&g, ka, kb, 2.5, &p);
                for (int k = 0; k < 4; k++) {
                    gjk_query_kind kind = (gjk_query_kind)k;
                    gjk_result3 ref = named3(kind, &p.pair, NULL);
                    gjk_result3 n = gjk_query3(kind, &p.pair, NULL, NULL), z = gjk_query3(kind, &p.pair, &zero, NULL);
                    assert_true(same3(&ref, &n));
                    assert_true(same3(&ref, &z));
                    /* With caches: the same sequence of answers. */
                    gjk_cache3 c1, c2;
                    memset(&c1, 0, sizeof c1);
                    memset(&c2, 0, sizeof c2);
                    for (int step = 0; step < 2; step++) {
                        gjk_result3 x = named3(kind, &p.pair, &c1), y = gjk_query3(kind, &p.pair, NULL, &c2);
                        assert_true(same3(&x, &y));
                        p.pair.pose_b.position.x += R(0.01);
                    }
                    compared++;
                }
                free3(&p);
            }
    for (int ka = 0; ka < KINDS2; ka++)
        for (int kb = 0; kb < KINDS2; kb++)
            for (int i = 0; i < 8; i++) {
                pair2_store p;
                make2(&g, ka, kb, 2.5, &p);
                for (int k = 0; k < 4; k++) {
                    gjk_query_kind kind = (gjk_query_kind)k;
                    gjk_result2 ref = named2(kind, &p.pair, NULL);
                    gjk_result2 n = gjk_query2(kind, &p.pair, NULL, NULL), z = gjk_query2(kind, &p.pair, &zero, NULL);
                    assert_true(same2(&ref, &n));
                    assert_true(same2(&ref, &z));
                    gjk_cache2 c1, c2;
                    memset(&c1, 0, sizeof c1);
                    memset(&c2, 0, sizeof c2);
                    for (int step = 0; step < 2; step++) {
                        gjk_result2 x = named2(kind, &p.pair, &c1), y = gjk_query2(kind, &p.pair, NULL, &c2);
                        assert_true(same2(&x, &y));
                        p.pair.pose_b.position.x += R(0.01);
                    }
                    compared++;
                }
                free2(&p);
            }
    print_message("[options] NULL and zeroed options: %d pair-queries bit-identical to the named queries\n", compared);
}

/* ---- iteration caps --------------------------------------------------------------------------------------------- */

typedef struct cap_stats {
    int runs, gjk_hits, epa_hits;
} cap_stats;

/* One capped query against the uncapped one: `gjk_cap` and `epa_cap` as in gjk_options (0: none), `epa_max` what
   the EPA count may reach. */
static void check_capped3(const gjk_pair3 *pair, gjk_query_kind kind, int gjk_cap, int epa_cap, cap_stats *st) {
    gjk_result3 ref = named3(kind, pair, NULL), sd = gjk_signed_distance3(pair, NULL);
    const gjk_options o = {0, gjk_cap, epa_cap};
    gjk_result3 c = gjk_query3(kind, pair, &o, NULL);
    st->runs++;
    if (gjk_cap > 0) {
        assert_true(c.iterations <= gjk_cap);
        if (ref.iterations > gjk_cap) {
            assert_int_equal(c.status, GJK_MAX_ITERATIONS);
            st->gjk_hits++;
        }
    }
    if (epa_cap > 0) {
        assert_true(c.epa_iterations <= epa_cap);
        if (ref.epa_iterations > epa_cap) {
            assert_int_equal(c.status, GJK_MAX_ITERATIONS);
            st->epa_hits++;
        }
    }
    assert_true(holds(c.lower, c.upper, (double)sd.distance, (double)sd.upper - (double)sd.lower));
    if (kind == GJK_QUERY_SIGNED_DISTANCE) assert_true(c.lower <= c.distance && c.distance <= c.upper);
}

static void check_capped2(const gjk_pair2 *pair, gjk_query_kind kind, int gjk_cap, int epa_cap, cap_stats *st) {
    gjk_result2 ref = named2(kind, pair, NULL), sd = gjk_signed_distance2(pair, NULL);
    const gjk_options o = {0, gjk_cap, epa_cap};
    gjk_result2 c = gjk_query2(kind, pair, &o, NULL);
    st->runs++;
    if (gjk_cap > 0) {
        assert_true(c.iterations <= gjk_cap);
        if (ref.iterations > gjk_cap) {
            assert_int_equal(c.status, GJK_MAX_ITERATIONS);
            st->gjk_hits++;
        } else {
            assert_true(same2(&ref, &c)); /* a cap not reached changes nothing */
        }
    }
    if (epa_cap > 0) {
        /* (2D EPA counts the seed's support points too, at most 6, which no cap stops) */
        assert_true(c.epa_iterations <= (epa_cap > 6 ? epa_cap : 6));
        if (ref.epa_iterations > epa_cap) {
            assert_int_equal(c.status, GJK_MAX_ITERATIONS);
            st->epa_hits++;
        } else {
            assert_true(same2(&ref, &c));
        }
    }
    assert_true(holds(c.lower, c.upper, (double)sd.distance, (double)sd.upper - (double)sd.lower));
    if (kind == GJK_QUERY_SIGNED_DISTANCE) assert_true(c.lower <= c.distance && c.distance <= c.upper);
}

static void test_caps(void **state) {
    (void)state;
    rng g = {202};
    cap_stats s3 = {0, 0, 0}, s2 = {0, 0, 0};
    const int gjk_caps[4] = {1, 2, 3, 5}, epa_caps[4] = {1, 2, 4, 8};
    for (int ka = 0; ka < KINDS3; ka++)
        for (int kb = 0; kb < KINDS3; kb++)
            for (int i = 0; i < 3; i++) {
                pair3_store p;
                make3(&g, ka, kb, 2, &p);
                for (int k = 0; k < 4; k++)
                    for (int c = 0; c < 4; c++) {
                        check_capped3(&p.pair, (gjk_query_kind)k, gjk_caps[c], 0, &s3);
                        check_capped3(&p.pair, (gjk_query_kind)k, 0, epa_caps[c], &s3);
                    }
                free3(&p);
            }
    /* 2D EPA runs only for user shapes (polygons take the separating axes): the user kinds get more pairs. */
    const int epa2_caps[4] = {6, 7, 9, 12};
    for (int ka = 0; ka < KINDS2; ka++)
        for (int kb = 0; kb < KINDS2; kb++)
            for (int i = 0; i < (ka >= 6 && kb >= 6 ? 30 : 4); i++) {
                pair2_store p;
                make2(&g, ka, kb, 2, &p);
                for (int k = 0; k < 4; k++)
                    for (int c = 0; c < 4; c++) {
                        check_capped2(&p.pair, (gjk_query_kind)k, gjk_caps[c], 0, &s2);
                        check_capped2(&p.pair, (gjk_query_kind)k, 0, epa2_caps[c], &s2);
                    }
                free2(&p);
            }
    print_message("[options] caps, 3D: %d capped queries, GJK cap reached %d times, EPA cap %d times\n", s3.runs,
                  s3.gjk_hits, s3.epa_hits);
    print_message("[options] caps, 2D: %d capped queries, GJK cap reached %d times, EPA cap %d times\n", s2.runs,
                  s2.gjk_hits, s2.epa_hits);
    /* (a test of caps that never bind would prove nothing) */
    assert_true(s3.gjk_hits > 100 && s3.epa_hits > 100 && s2.gjk_hits > 100 && s2.epa_hits > 20);
}

/* ---- a large tolerance on curved 3D shapes ---------------------------------------------------------------------- */

#define LARGE_TOLERANCE 1e-2

/* Radius of a ball about the shape's origin that holds it. */
static double reach3(const gjk_shape3 *s) {
    double m = (double)s->margin;
    switch (s->type) {
    case GJK_SHAPE3_CYLINDER:
    case GJK_SHAPE3_CONE: return hypot((double)s->capsule.radius, (double)s->capsule.half_height) + m;
    case GJK_SHAPE3_ELLIPSOID:
        return fmax((double)s->ellipsoid.radii.x, fmax((double)s->ellipsoid.radii.y, (double)s->ellipsoid.radii.z)) + m;
    default: return 0;
    }
}

static void test_large_tolerance_curved(void **state) {
    (void)state;
    rng g = {303};
    const int curved[3] = {GJK_SHAPE3_CYLINDER, GJK_SHAPE3_CONE, GJK_SHAPE3_ELLIPSOID};
    const gjk_options loose = {R(LARGE_TOLERANCE), 0, 0};
    long gjk_default = 0, gjk_loose = 0, epa_default = 0, epa_loose = 0, epa_pairs = 0, queries = 0;
    double widest = 0, widest_default = 0;
    for (int ka = 0; ka < 3; ka++)
        for (int kb = 0; kb < 3; kb++)
            for (int i = 0; i < 300; i++) {
                pair3_store p;
                make3(&g, curved[ka], curved[kb], 2, &p);
                /* The pair's size: a bound on |a - b| over the two shapes, which the library's scale is too. */
                double size = (double)gjk_len3(gjk_sub3(p.pair.pose_b.position, p.pair.pose_a.position)) +
                              reach3(&p.a) + reach3(&p.b);
                gjk_result3 sd = gjk_signed_distance3(&p.pair, NULL);
                double slack = (double)sd.upper - (double)sd.lower;
                widest_default = fmax(widest_default, slack / size);
                for (int k = 0; k < 4; k++) {
                    gjk_query_kind kind = (gjk_query_kind)k;
                    gjk_result3 d = named3(kind, &p.pair, NULL), l = gjk_query3(kind, &p.pair, &loose, NULL);
                    assert_int_equal(l.status, GJK_OK);
                    assert_true(holds(l.lower, l.upper, (double)sd.distance, slack));
                    if (kind == GJK_QUERY_SIGNED_DISTANCE) {
                        assert_true(l.lower <= l.distance && l.distance <= l.upper);
                        /* At most tolerance x size wide, give or take the rounding allowance. */
                        double w = ((double)l.upper - (double)l.lower) / size;
                        widest = fmax(widest, w);
                        assert_true(w <= 1.01 * LARGE_TOLERANCE);
                    }
                    gjk_default += d.iterations;
                    gjk_loose += l.iterations;
                    if (d.epa_iterations > 0) {
                        epa_default += d.epa_iterations;
                        epa_loose += l.epa_iterations;
                        epa_pairs++;
                    }
                    queries++;
                }
                free3(&p);
            }
    double ag = (double)gjk_default / (double)queries, al = (double)gjk_loose / (double)queries;
    double eg = (double)epa_default / (double)epa_pairs, el = (double)epa_loose / (double)epa_pairs;
    print_message("[options] curved 3D, %ld queries: GJK iterations per query %.2f (defaults) -> %.2f (tolerance "
                  "%g); EPA iterations per EPA run (%ld runs) %.2f -> %.2f\n",
                  queries, ag, al, LARGE_TOLERANCE, epa_pairs, eg, el);
    print_message("[options] curved 3D: widest interval of the signed distance / size: defaults %.2e, tolerance %g: "
                  "%.2e\n",
                  widest_default, LARGE_TOLERANCE, widest);
    assert_true(al < ag);
    assert_true(el < eg);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invalid_options),
        cmocka_unit_test(test_defaults_identical),
        cmocka_unit_test(test_caps),
        cmocka_unit_test(test_large_tolerance_curved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
