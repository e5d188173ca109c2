// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Scene queries of the world of bodies (gjk/world.h), 3D and 2D: the closest ray hit, every ray hit, shape overlap
   and box queries against brute force over every live body through the single-pair API (gjk_raycast3,
   gjk_intersect3, gjk_distance3, gjk_shape3_aabb and the 2D mirrors; compound bodies through
   gjk_compound_raycast3 and every part at gjk_compound3_part_pose), on random worlds of convex and compound bodies
   moved since the last step (their tree proxies stale), removed and added; ties on one point; truncated outputs;
   bad input; no allocation. */
#include <string.h>

#include "testutil.h"

#define NB 160
#define MAXH (2 * NB)

typedef struct qscene {
    int dim;
    gjk_world3 *w3;
    gjk_world2 *w2;
    int id[NB]; /* -1: the slot is empty */
    gjk_shape3 s3[NB];
    gjk_hull3 *h3[NB];
    gjk_pose3 p3[NB];
    gjk_shape2 s2[NB];
    gjk_hull2 *h2[NB];
    gjk_pose2 p2[NB];
    gjk_compound3 *c3[NB]; /* a compound body's compound (its shape slot unused), else NULL */
    gjk_compound2 *c2[NB];
    test_rng r;
} qscene;

static gjk_real qr(qscene *sc, double lo, double hi) { return (gjk_real)test_uniform(&sc->r, lo, hi); }

/* A random point within `half` of the origin on each axis; 3D scenes are packed into 0.6 of that, so that their
   bodies meet as often as the 2D ones. */
static gjk_vec3 qpos(qscene *sc, double half) {
    if (sc->dim == 3) half *= 0.6;
    return gjk_v3(qr(sc, -half, half), qr(sc, -half, half), sc->dim == 3 ? qr(sc, -half, half) : 0);
}

static void q_place(qscene *sc, int i, gjk_vec3 p) {
    if (sc->dim == 3) {
        sc->p3[i] = gjk_pose3_make(p, test_quat(&sc->r));
        if (sc->id[i] >= 0) assert_true(gjk_world3_set_pose(sc->w3, sc->id[i], sc->p3[i]));
    } else {
        sc->p2[i] = gjk_pose2_make(gjk_v2(p.x, p.y), qr(sc, -3, 3));
        if (sc->id[i] >= 0) assert_true(gjk_world2_set_pose(sc->w2, sc->id[i], sc->p2[i]));
    }
}

/* A compound of 1 to 4 parts (kinds without hulls, whose lifetime the compound would borrow), each within 1.2 of
   the compound's origin. */
static void q_make_compound(qscene *sc, int i) {
    int n = 1 + (int)(test_next(&sc->r) % 4);
    if (sc->dim == 3) {
        gjk_shape3 parts[4];
        gjk_pose3 poses[4];
        for (int k = 0; k < n; ++k) {
            parts[k] = test_shape3(&sc->r, (int)(test_next(&sc->r) % 9), NULL);
            poses[k] = gjk_pose3_make(test_vec3(&sc->r, -1.2, 1.2), test_quat(&sc->r));
        }
        sc->c3[i] = gjk_compound3_create(parts, poses, n, NULL);
        assert_non_null(sc->c3[i]);
    } else {
        gjk_shape2 parts[4];
        gjk_pose2 poses[4];
        for (int k = 0; k < n; ++k) {
            parts[k] = test_shape2(&sc->r, (int)(test_next(&sc->r) % 5), NULL);
            poses[k] = gjk_pose2_make(gjk_v2(qr(sc, -1.2, 1.2), qr(sc, -1.2, 1.2)), qr(sc, -3, 3));
        }
        sc->c2[i] = gjk_compound2_create(parts, poses, n, NULL);
        assert_non_null(sc->c2[i]);
    }
}

static void q_drop_slot(qscene *sc, int i) {
    gjk_hull3_destroy(sc->h3[i]);
    gjk_hull2_destroy(sc->h2[i]);
    gjk_compound3_destroy(sc->c3[i]);
    gjk_compound2_destroy(sc->c2[i]);
    sc->h3[i] = NULL, sc->h2[i] = NULL, sc->c3[i] = NULL, sc->c2[i] = NULL;
}

/* kind -2: a compound body; -1: a random convex kind. */
static void q_add(qscene *sc, int i, int kind, gjk_vec3 p) {
    q_drop_slot(sc, i);
    sc->id[i] = -1;
    q_place(sc, i, p);
    if (kind == -2) {
        q_make_compound(sc, i);
        sc->id[i] = sc->dim == 3 ? gjk_world3_add_compound(sc->w3, sc->c3[i], sc->p3[i], (uint64_t)i)
                                 : gjk_world2_add_compound(sc->w2, sc->c2[i], sc->p2[i], (uint64_t)i);
    } else if (sc->dim == 3) {
        sc->s3[i] = test_shape3(&sc->r, kind, &sc->h3[i]);
        sc->id[i] = gjk_world3_add(sc->w3, &sc->s3[i], sc->p3[i], (uint64_t)i);
    } else {
        sc->s2[i] = test_shape2(&sc->r, kind, &sc->h2[i]);
        sc->id[i] = gjk_world2_add(sc->w2, &sc->s2[i], sc->p2[i], (uint64_t)i);
    }
    assert_true(sc->id[i] >= 0);
}

static void q_remove(qscene *sc, int i) {
    if (sc->dim == 3) gjk_world3_remove(sc->w3, sc->id[i]);
    else gjk_world2_remove(sc->w2, sc->id[i]);
    sc->id[i] = -1;
}

static void q_step(qscene *sc) {
    assert_int_equal(sc->dim == 3 ? gjk_world3_step(sc->w3) : gjk_world2_step(sc->w2), GJK_OK);
}

static qscene *q_new(int dim, uint64_t seed, gjk_real spec) {
    qscene *sc = (qscene *)calloc(1, sizeof *sc);
    gjk_world_def def;
    assert_non_null(sc);
    memset(&def, 0, sizeof def);
    def.speculative_distance = spec;
    sc->dim = dim;
    sc->r.s = seed;
    if (dim == 3) sc->w3 = gjk_world3_create(&def);
    else sc->w2 = gjk_world2_create(&def);
    assert_true(sc->w3 || sc->w2);
    for (int i = 0; i < NB; ++i) sc->id[i] = -1;
    return sc;
}

static void q_free(qscene *sc) {
    gjk_world3_destroy(sc->w3);
    gjk_world2_destroy(sc->w2);
    for (int i = 0; i < NB; ++i) q_drop_slot(sc, i);
    free(sc);
}

/* A world in every state a query can meet: bodies stepped and still, bodies moved since the step (set_pose only:
   their proxies stand where the step left them), removed, and added after the step. */
static qscene *q_random(int dim, uint64_t seed) {
    qscene *sc = q_new(dim, seed, (seed & 1) ? GJK_R(0.3) : 0);
    for (int i = 0; i < NB - 20; ++i) q_add(sc, i, test_next(&sc->r) % 4 == 0 ? -2 : -1, qpos(sc, 8));
    q_step(sc);
    for (int s = 0; s < 3; ++s) {
        for (int i = 0; i < NB - 20; ++i)
            if (sc->id[i] >= 0 && test_next(&sc->r) % 3 == 0) q_place(sc, i, qpos(sc, 8));
        q_step(sc);
    }
    for (int i = 0; i < NB - 20; ++i) {
        uint64_t k = test_next(&sc->r) % 10;
        if (k < 3) q_place(sc, i, qpos(sc, 8)); /* moved since the step */
        else if (k == 3) q_remove(sc, i);
    }
    for (int i = NB - 20; i < NB; ++i) q_add(sc, i, test_next(&sc->r) % 4 == 0 ? -2 : -1, qpos(sc, 8));
    return sc;
}

/* ---- brute force ---- */

typedef struct qhit {
    int body;
    gjk_real fraction;
} qhit;

static int qhit_cmp(const void *x, const void *y) {
    const qhit *a = (const qhit *)x, *b = (const qhit *)y;
    if (a->fraction != b->fraction) return a->fraction < b->fraction ? -1 : 1;
    return a->body < b->body ? -1 : a->body > b->body;
}

static int int_cmp(const void *x, const void *y) {
    int a = *(const int *)x, b = *(const int *)y;
    return a < b ? -1 : a > b;
}

/* Every hit of the ray over the live bodies, sorted by (fraction, body); each body's answer checked against the
   world's when the world reports it. */
static int brute_ray(const qscene *sc, gjk_vec3 o, gjk_vec3 d, gjk_real max_fraction, qhit *out) {
    int n = 0;
    for (int i = 0; i < NB; ++i) {
        if (sc->id[i] < 0) continue;
        bool hit;
        gjk_real f;
        if (sc->dim == 3) {
            gjk_ray3 ray = {o, d, max_fraction};
            gjk_ray_result3 r = sc->c3[i] ? gjk_compound_raycast3(sc->c3[i], sc->p3[i], &ray).ray
                                          : gjk_raycast3(&sc->s3[i], sc->p3[i], &ray);
            hit = r.hit, f = r.fraction;
        } else {
            gjk_ray2 ray = {gjk_v2(o.x, o.y), gjk_v2(d.x, d.y), max_fraction};
            gjk_ray_result2 r = sc->c2[i] ? gjk_compound_raycast2(sc->c2[i], sc->p2[i], &ray).ray
                                          : gjk_raycast2(&sc->s2[i], sc->p2[i], &ray);
            hit = r.hit, f = r.fraction;
        }
        if (hit) {
            out[n].body = sc->id[i];
            out[n++].fraction = f;
        }
    }
    qsort(out, (size_t)n, sizeof *out, qhit_cmp);
    return n;
}

/* Closest hits and overlaps on compound bodies, so that the random tests show they met some. */
static long g_compound_hits, g_compound_overlaps;

static int slot_of(const qscene *sc, int body) {
    for (int i = 0; i < NB; ++i)
        if (sc->id[i] == body) return i;
    fail_msg("body %d is not live", body);
    return -1;
}

/* The world's closest hit and every hit against brute force: the same bodies in the same order, and each body's
   answer the same bits as gjk_raycast3 / gjk_raycast2 on it. Returns the number of hits. */
static int check_ray(const qscene *sc, gjk_vec3 o, gjk_vec3 d, gjk_real max_fraction) {
    static qhit want[MAXH];
    int n = brute_ray(sc, o, d, max_fraction, want), got;
    if (sc->dim == 3) {
        gjk_ray3 ray = {o, d, max_fraction};
        gjk_world_ray_hit3 hits[NB], part[3];
        gjk_world_ray_hit3 c = gjk_world3_raycast(sc->w3, &ray);
        assert_int_equal(c.body, n ? want[0].body : -1);
        if (n) {
            int i = slot_of(sc, c.body), want_part = 0;
            gjk_ray_result3 r;
            if (sc->c3[i]) {
                gjk_compound_ray_result3 cr = gjk_compound_raycast3(sc->c3[i], sc->p3[i], &ray);
                r = cr.ray, want_part = cr.part;
            } else {
                r = gjk_raycast3(&sc->s3[i], sc->p3[i], &ray);
            }
            assert_int_equal(c.part, want_part);
            g_compound_hits += sc->c3[i] != NULL;
            assert_true(c.ray.hit && c.ray.fraction == r.fraction && c.ray.status == r.status);
            assert_true(c.ray.point.x == r.point.x && c.ray.point.y == r.point.y && c.ray.point.z == r.point.z);
            assert_true(c.ray.normal.x == r.normal.x && c.ray.normal.y == r.normal.y && c.ray.normal.z == r.normal.z);
        } else {
            assert_false(c.ray.hit);
        }
        got = gjk_world3_raycast_all(sc->w3, &ray, hits, NB);
        assert_int_equal(got, n);
        for (int k = 0; k < n; ++k) {
            assert_int_equal(hits[k].body, want[k].body);
            assert_true(hits[k].ray.fraction == want[k].fraction);
        }
        /* too little room: the first three in the same order, and the full count */
        assert_int_equal(gjk_world3_raycast_all(sc->w3, &ray, part, 3), n);
        for (int k = 0; k < n && k < 3; ++k) assert_int_equal(part[k].body, want[k].body);
        assert_int_equal(gjk_world3_raycast_all(sc->w3, &ray, NULL, 0), n);
    } else {
        gjk_ray2 ray = {gjk_v2(o.x, o.y), gjk_v2(d.x, d.y), max_fraction};
        gjk_world_ray_hit2 hits[NB], part[3];
        gjk_world_ray_hit2 c = gjk_world2_raycast(sc->w2, &ray);
        assert_int_equal(c.body, n ? want[0].body : -1);
        if (n) {
            int i = slot_of(sc, c.body), want_part = 0;
            gjk_ray_result2 r;
            if (sc->c2[i]) {
                gjk_compound_ray_result2 cr = gjk_compound_raycast2(sc->c2[i], sc->p2[i], &ray);
                r = cr.ray, want_part = cr.part;
            } else {
                r = gjk_raycast2(&sc->s2[i], sc->p2[i], &ray);
            }
            assert_int_equal(c.part, want_part);
            g_compound_hits += sc->c2[i] != NULL;
            assert_true(c.ray.hit && c.ray.fraction == r.fraction && c.ray.status == r.status);
            assert_true(c.ray.point.x == r.point.x && c.ray.point.y == r.point.y);
            assert_true(c.ray.normal.x == r.normal.x && c.ray.normal.y == r.normal.y);
        } else {
            assert_false(c.ray.hit);
        }
        got = gjk_world2_raycast_all(sc->w2, &ray, hits, NB);
        assert_int_equal(got, n);
        for (int k = 0; k < n; ++k) {
            assert_int_equal(hits[k].body, want[k].body);
            assert_true(hits[k].ray.fraction == want[k].fraction);
        }
        assert_int_equal(gjk_world2_raycast_all(sc->w2, &ray, part, 3), n);
        for (int k = 0; k < n && k < 3; ++k) assert_int_equal(part[k].body, want[k].body);
        assert_int_equal(gjk_world2_raycast_all(sc->w2, &ray, NULL, 0), n);
    }
    return n;
}

/* Overlap of a random shape within `distance`, against every live body through gjk_intersect / gjk_distance. */
static int check_overlap(qscene *sc, gjk_real distance) {
    int want[NB], n = 0, got[NB], count;
    gjk_hull3 *h3 = NULL;
    gjk_hull2 *h2 = NULL;
    gjk_vec3 p = qpos(sc, 8);
    if (sc->dim == 3) {
        gjk_shape3 s = test_shape3(&sc->r, -1, &h3);
        gjk_pose3 pose = gjk_pose3_make(p, test_quat(&sc->r));
        for (int i = 0; i < NB; ++i) {
            if (sc->id[i] < 0) continue;
            int parts = sc->c3[i] ? gjk_compound3_part_count(sc->c3[i]) : 1;
            for (int k = 0; k < parts; ++k) { /* every part of a compound, at its world pose */
                gjk_pair3 pair = {&s, pose, &sc->s3[i], sc->p3[i]};
                if (sc->c3[i]) {
                    pair.b = gjk_compound3_part(sc->c3[i], k, NULL);
                    pair.pose_b = gjk_compound3_part_pose(sc->c3[i], k, sc->p3[i]);
                }
                gjk_result3 r = distance > 0 ? gjk_distance3(&pair, NULL) : gjk_intersect3(&pair, NULL);
                if (r.intersect || (distance > 0 && r.distance <= distance)) {
                    want[n++] = sc->id[i];
                    g_compound_overlaps += sc->dim == 3 ? sc->c3[i] != NULL : sc->c2[i] != NULL;
                    break;
                }
            }
        }
        count = gjk_world3_overlap(sc->w3, &s, pose, distance, got, NB);
    } else {
        gjk_shape2 s = test_shape2(&sc->r, -1, &h2);
        gjk_pose2 pose = gjk_pose2_make(gjk_v2(p.x, p.y), qr(sc, -3, 3));
        for (int i = 0; i < NB; ++i) {
            if (sc->id[i] < 0) continue;
            int parts = sc->c2[i] ? gjk_compound2_part_count(sc->c2[i]) : 1;
            for (int k = 0; k < parts; ++k) {
                gjk_pair2 pair = {&s, pose, &sc->s2[i], sc->p2[i]};
                if (sc->c2[i]) {
                    pair.b = gjk_compound2_part(sc->c2[i], k, NULL);
                    pair.pose_b = gjk_compound2_part_pose(sc->c2[i], k, sc->p2[i]);
                }
                gjk_result2 r = distance > 0 ? gjk_distance2(&pair, NULL) : gjk_intersect2(&pair, NULL);
                if (r.intersect || (distance > 0 && r.distance <= distance)) {
                    want[n++] = sc->id[i];
                    g_compound_overlaps += sc->dim == 3 ? sc->c3[i] != NULL : sc->c2[i] != NULL;
                    break;
                }
            }
        }
        count = gjk_world2_overlap(sc->w2, &s, pose, distance, got, NB);
    }
    qsort(want, (size_t)n, sizeof *want, int_cmp);
    assert_int_equal(count, n);
    for (int k = 0; k < n; ++k) assert_int_equal(got[k], want[k]);
    gjk_hull3_destroy(h3);
    gjk_hull2_destroy(h2);
    return n;
}

/* A random box against every live body's gjk_shape3_aabb / gjk_shape2_aabb at its current pose. */
static int check_box(qscene *sc) {
    int want[NB], n = 0, got[NB], part[2], count;
    gjk_vec3 c = qpos(sc, 8), e = gjk_v3(qr(sc, 0, 4), qr(sc, 0, 4), qr(sc, 0, 4));
    gjk_aabb3 q = {gjk_sub3(c, e), gjk_add3(c, e)};
    gjk_aabb2 q2 = {gjk_v2(q.lower.x, q.lower.y), gjk_v2(q.upper.x, q.upper.y)};
    for (int i = 0; i < NB; ++i) {
        if (sc->id[i] < 0) continue;
        bool in;
        if (sc->dim == 3) {
            gjk_aabb3 b = sc->c3[i] ? gjk_compound3_aabb(sc->c3[i], sc->p3[i]) : gjk_shape3_aabb(&sc->s3[i], sc->p3[i]);
            in = b.lower.x <= q.upper.x && q.lower.x <= b.upper.x && b.lower.y <= q.upper.y && q.lower.y <= b.upper.y &&
                 b.lower.z <= q.upper.z && q.lower.z <= b.upper.z;
        } else {
            gjk_aabb2 b = sc->c2[i] ? gjk_compound2_aabb(sc->c2[i], sc->p2[i]) : gjk_shape2_aabb(&sc->s2[i], sc->p2[i]);
            in = b.lower.x <= q2.upper.x && q2.lower.x <= b.upper.x && b.lower.y <= q2.upper.y &&
                 q2.lower.y <= b.upper.y;
        }
        if (in) want[n++] = sc->id[i];
    }
    qsort(want, (size_t)n, sizeof *want, int_cmp);
    count = sc->dim == 3 ? gjk_world3_query_box(sc->w3, q, got, NB) : gjk_world2_query_box(sc->w2, q2, got, NB);
    assert_int_equal(count, n);
    for (int k = 0; k < n; ++k) assert_int_equal(got[k], want[k]);
    count = sc->dim == 3 ? gjk_world3_query_box(sc->w3, q, part, 2) : gjk_world2_query_box(sc->w2, q2, part, 2);
    assert_int_equal(count, n);
    for (int k = 0; k < n && k < 2; ++k) assert_int_equal(part[k], want[k]);
    return n;
}

static void random_worlds(int dim) {
    long hits = 0, overlaps = 0, boxes = 0, misses = 0;
    g_compound_hits = g_compound_overlaps = 0;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        qscene *sc = q_random(dim, seed * 7919 + (uint64_t)dim);
        for (int k = 0; k < 150; ++k) {
            gjk_vec3 o = qpos(sc, 10), d = gjk_scale3(test_unit3(&sc->r), qr(sc, 1, 25));
            gjk_real mf = k % 5 == 0 ? qr(sc, 0, 0.5) : 1;
            if (dim == 2) d.z = 0;
            if (k % 17 == 0) d = gjk_v3(0, 0, 0); /* a point query: the bodies containing o */
            int n = check_ray(sc, o, d, mf);
            hits += n;
            misses += n == 0;
        }
        for (int k = 0; k < 40; ++k) overlaps += check_overlap(sc, k % 2 ? qr(sc, 0.1, 1) : 0);
        for (int k = 0; k < 40; ++k) boxes += check_box(sc);
        q_free(sc);
    }
    /* the scenes exercise what they claim: rays with several hits and without any, overlaps and box hits */
    assert_true(hits > 500 && misses > 50 && overlaps > 100 && boxes > 200);
    assert_true(g_compound_hits > 50 && g_compound_overlaps > 50);
}

static void test_random3(void **st) {
    (void)st;
    random_worlds(3);
}

static void test_random2(void **st) {
    (void)st;
    random_worlds(2);
}

/* A body moved far away since the last step: the queries find it where it is now, not where its proxy still
   stands, and the ray through its old place hits nothing. */
static void test_moved_since_step(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        qscene *sc = q_new(dim, 5, 0);
        q_add(sc, 0, dim == 3 ? 4 : 2, gjk_v3(0, 0, 0)); /* a sphere / a circle */
        q_step(sc);
        q_place(sc, 0, gjk_v3(50, 0, 0));
        assert_int_equal(check_ray(sc, gjk_v3(-10, 0, 0), gjk_v3(20, 0, 0), 1), 0);
        assert_int_equal(check_ray(sc, gjk_v3(40, 0, 0), gjk_v3(20, 0, 0), 1), 1);
        q_step(sc);
        assert_int_equal(check_ray(sc, gjk_v3(40, 0, 0), gjk_v3(20, 0, 0), 1), 1);
        q_free(sc);
    }
}

/* Twenty equal spheres at one point: every ray through it hits all at the same fraction, so the closest is the
   smallest id and every hit comes in id order, whatever order the tree visits them in. */
static void test_ties(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        qscene *sc = q_new(dim, 9, 0);
        for (int i = 0; i < 20; ++i) {
            sc->p3[i] = gjk_pose3_make(gjk_v3(1, 1, dim == 3 ? 1 : 0), gjk_quat_identity());
            sc->p2[i] = gjk_pose2_make(gjk_v2(1, 1), 0);
            sc->s3[i] = gjk_sphere3(GJK_R(0.5));
            sc->s2[i] = gjk_circle2(GJK_R(0.5));
            sc->id[i] = dim == 3 ? gjk_world3_add(sc->w3, &sc->s3[i], sc->p3[i], 0)
                                 : gjk_world2_add(sc->w2, &sc->s2[i], sc->p2[i], 0);
            assert_int_equal(sc->id[i], i);
        }
        q_step(sc);
        q_remove(sc, 0); /* the smallest id gone: the next takes its place */
        assert_int_equal(check_ray(sc, gjk_v3(-5, 1, dim == 3 ? 1 : 0), gjk_v3(10, 0, 0), 1), 19);
        assert_int_equal(check_ray(sc, gjk_v3(1, 1, dim == 3 ? 1 : 0), gjk_v3(0, 0, 0), 0), 19); /* inside: t = 0 */
        if (dim == 3) {
            gjk_ray3 ray = {gjk_v3(1, 1, 1), gjk_v3(3, 0, 0), 1};
            gjk_world_ray_hit3 c = gjk_world3_raycast(sc->w3, &ray);
            assert_int_equal(c.body, 1);
            assert_true(c.ray.inside && c.ray.fraction == 0);
        } else {
            gjk_ray2 ray = {gjk_v2(1, 1), gjk_v2(3, 0), 1};
            gjk_world_ray_hit2 c = gjk_world2_raycast(sc->w2, &ray);
            assert_int_equal(c.body, 1);
            assert_true(c.ray.inside && c.ray.fraction == 0);
        }
        q_free(sc);
    }
}

static void test_empty_world(void **st) {
    (void)st;
    gjk_world3 *w3 = gjk_world3_create(NULL);
    gjk_world2 *w2 = gjk_world2_create(NULL);
    gjk_ray3 r3 = {gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), 1};
    gjk_ray2 r2 = {gjk_v2(0, 0), gjk_v2(1, 0), 1};
    gjk_shape3 s3 = gjk_sphere3(1);
    gjk_shape2 s2 = gjk_circle2(1);
    gjk_aabb3 b3 = {gjk_v3(-1, -1, -1), gjk_v3(1, 1, 1)};
    gjk_aabb2 b2 = {gjk_v2(-1, -1), gjk_v2(1, 1)};
    assert_int_equal(gjk_world3_raycast(w3, &r3).body, -1);
    assert_int_equal(gjk_world3_raycast(w3, &r3).ray.status, GJK_OK);
    assert_int_equal(gjk_world2_raycast(w2, &r2).body, -1);
    assert_int_equal(gjk_world3_raycast_all(w3, &r3, NULL, 0), 0);
    assert_int_equal(gjk_world2_raycast_all(w2, &r2, NULL, 0), 0);
    assert_int_equal(gjk_world3_overlap(w3, &s3, gjk_pose3_identity(), 0, NULL, 0), 0);
    assert_int_equal(gjk_world2_overlap(w2, &s2, gjk_pose2_identity(), 0, NULL, 0), 0);
    assert_int_equal(gjk_world3_query_box(w3, b3, NULL, 0), 0);
    assert_int_equal(gjk_world2_query_box(w2, b2, NULL, 0), 0);
    gjk_world3_destroy(w3);
    gjk_world2_destroy(w2);
}

static void test_invalid_input(void **st) {
    (void)st;
    gjk_world3 *w3 = gjk_world3_create(NULL);
    gjk_world2 *w2 = gjk_world2_create(NULL);
    gjk_shape3 s3 = gjk_sphere3(1), bad3 = gjk_sphere3(-1);
    gjk_shape2 s2 = gjk_circle2(1), bad2 = gjk_circle2(-1);
    gjk_real nan = (gjk_real)NAN;
    int out[4];
    assert_true(gjk_world3_add(w3, &s3, gjk_pose3_identity(), 0) >= 0);
    assert_true(gjk_world2_add(w2, &s2, gjk_pose2_identity(), 0) >= 0);
    gjk_ray3 rays3[4] = {{gjk_v3(nan, 0, 0), gjk_v3(1, 0, 0), 1},
                         {gjk_v3(0, 0, 0), gjk_v3((gjk_real)INFINITY, 0, 0), 1},
                         {gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), -1},
                         {gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), nan}};
    gjk_ray2 rays2[4] = {{gjk_v2(nan, 0), gjk_v2(1, 0), 1},
                         {gjk_v2(0, 0), gjk_v2((gjk_real)INFINITY, 0), 1},
                         {gjk_v2(0, 0), gjk_v2(1, 0), -1},
                         {gjk_v2(0, 0), gjk_v2(1, 0), nan}};
    for (int k = 0; k < 4; ++k) {
        gjk_world_ray_hit3 h3 = gjk_world3_raycast(w3, &rays3[k]);
        gjk_world_ray_hit2 h2 = gjk_world2_raycast(w2, &rays2[k]);
        assert_true(h3.body == -1 && h3.ray.status == GJK_INVALID_INPUT && !h3.ray.hit);
        assert_true(h2.body == -1 && h2.ray.status == GJK_INVALID_INPUT && !h2.ray.hit);
        assert_int_equal(gjk_world3_raycast_all(w3, &rays3[k], NULL, 0), -1);
        assert_int_equal(gjk_world2_raycast_all(w2, &rays2[k], NULL, 0), -1);
    }
    assert_int_equal(gjk_world3_raycast(w3, NULL).ray.status, GJK_INVALID_INPUT);
    assert_int_equal(gjk_world2_raycast(w2, NULL).ray.status, GJK_INVALID_INPUT);
    /* the valid ray hits the body, so that a refusal above is the input's doing */
    {
        gjk_ray3 ok3 = {gjk_v3(-5, 0, 0), gjk_v3(10, 0, 0), 1};
        gjk_ray2 ok2 = {gjk_v2(-5, 0), gjk_v2(10, 0), 1};
        assert_int_equal(gjk_world3_raycast(w3, &ok3).body, 0);
        assert_int_equal(gjk_world2_raycast(w2, &ok2).body, 0);
        assert_int_equal(gjk_world3_raycast_all(w3, &ok3, NULL, -1), -1);
        assert_int_equal(gjk_world2_raycast_all(w2, &ok2, NULL, -1), -1);
    }
    assert_int_equal(gjk_world3_overlap(w3, &s3, gjk_pose3_identity(), 0, out, 4), 1);
    assert_int_equal(gjk_world3_overlap(w3, &bad3, gjk_pose3_identity(), 0, out, 4), -1);
    assert_int_equal(gjk_world3_overlap(w3, NULL, gjk_pose3_identity(), 0, out, 4), -1);
    assert_int_equal(gjk_world3_overlap(w3, &s3, gjk_pose3_identity(), -1, out, 4), -1);
    assert_int_equal(gjk_world3_overlap(w3, &s3, gjk_pose3_identity(), nan, out, 4), -1);
    assert_int_equal(gjk_world3_overlap(w3, &s3, gjk_pose3_identity(), 0, out, -1), -1);
    assert_int_equal(gjk_world3_overlap(w3, &s3, gjk_pose3_make(gjk_v3(nan, 0, 0), gjk_quat_identity()), 0, out, 4),
                     -1);
    assert_int_equal(gjk_world2_overlap(w2, &s2, gjk_pose2_identity(), 0, out, 4), 1);
    assert_int_equal(gjk_world2_overlap(w2, &bad2, gjk_pose2_identity(), 0, out, 4), -1);
    assert_int_equal(gjk_world2_overlap(w2, &s2, gjk_pose2_identity(), (gjk_real)INFINITY, out, 4), -1);
    assert_int_equal(gjk_world2_overlap(w2, &s2, gjk_pose2_identity(), 0, out, -1), -1);
    {
        gjk_aabb3 ok = {gjk_v3(-1, -1, -1), gjk_v3(1, 1, 1)}, flip = ok, nanb = ok;
        gjk_aabb2 ok2 = {gjk_v2(-1, -1), gjk_v2(1, 1)}, flip2 = ok2, nanb2 = ok2;
        flip.lower.z = 2, flip2.lower.y = 2, nanb.upper.x = nan, nanb2.lower.x = nan;
        assert_int_equal(gjk_world3_query_box(w3, ok, out, 4), 1);
        assert_int_equal(gjk_world3_query_box(w3, flip, out, 4), -1);
        assert_int_equal(gjk_world3_query_box(w3, nanb, out, 4), -1);
        assert_int_equal(gjk_world3_query_box(w3, ok, out, -1), -1);
        assert_int_equal(gjk_world2_query_box(w2, ok2, out, 4), 1);
        assert_int_equal(gjk_world2_query_box(w2, flip2, out, 4), -1);
        assert_int_equal(gjk_world2_query_box(w2, nanb2, out, 4), -1);
    }
    gjk_world3_destroy(w3);
    gjk_world2_destroy(w2);
}

/* The queries allocate nothing, moved bodies and truncated outputs included. */
static void test_no_allocation(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        qscene *sc = q_random(dim, 77);
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = 0;
        for (int k = 0; k < 20; ++k) {
            check_ray(sc, qpos(sc, 10), gjk_v3(qr(sc, -20, 20), qr(sc, -20, 20), dim == 3 ? qr(sc, -20, 20) : 0), 1);
            check_box(sc);
        }
        gjk_set_allocator(NULL, NULL, NULL);
        /* check_overlap builds hulls (which allocate): the world's part is counted alone */
        {
            gjk_shape3 s3 = gjk_box3(gjk_v3(2, 2, 2));
            gjk_shape2 s2 = gjk_box2(gjk_v2(2, 2));
            int out[NB];
            gjk_set_allocator(test_count_alloc, test_count_free, NULL);
            if (dim == 3) assert_true(gjk_world3_overlap(sc->w3, &s3, gjk_pose3_identity(), 1, out, NB) >= 0);
            else assert_true(gjk_world2_overlap(sc->w2, &s2, gjk_pose2_identity(), 1, out, NB) >= 0);
            gjk_set_allocator(NULL, NULL, NULL);
        }
        assert_int_equal(test_allocs, 0);
        q_free(sc);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random3),     cmocka_unit_test(test_random2),
        cmocka_unit_test(test_moved_since_step), cmocka_unit_test(test_ties),
        cmocka_unit_test(test_empty_world), cmocka_unit_test(test_invalid_input),
        cmocka_unit_test(test_no_allocation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
