// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The world of bodies (gjk/world.h), 3D and 2D: the boxes of posed shapes against their support points; every
   step's contacts against brute force (every pair of bodies through gjk_collide3 / gjk_collide2 directly) over
   random moving scenes with bodies added and removed as they run, and on degenerate scenes (all bodies at one
   point, on a line, huge and tiny ones together); begin and end events against the contact sets of consecutive
   steps; the same bits whatever the split of the narrow phase (1, 2 and 7 ranges, 2 threads) and on a second run;
   no allocation in a warmed step; allocator failures reported and recovered from. */
#include <string.h>

#include "testutil.h"

#include <gjk/threads.h>

#define MAXB 128
#define MAXP 8192

/* ---- boxes of posed shapes ---- */

static gjk_vec3 user_support3(gjk_vec3 d, const void *data) {
    const gjk_vec3 *r = (const gjk_vec3 *)data; /* an ellipsoid of radii r, through its support function */
    gjk_vec3 q = gjk_v3(d.x * r->x, d.y * r->y, d.z * r->z);
    gjk_real l = gjk_len3(q);
    return l > 0 ? gjk_v3(q.x * r->x / l, q.y * r->y / l, q.z * r->z / l) : gjk_v3(0, 0, 0);
}
static gjk_vec2 user_support2(gjk_vec2 d, const void *data) {
    const gjk_vec2 *r = (const gjk_vec2 *)data;
    gjk_vec2 q = gjk_v2(d.x * r->x, d.y * r->y);
    gjk_real l = gjk_len2(q);
    return l > 0 ? gjk_v2(q.x * r->x / l, q.y * r->y / l) : gjk_v2(0, 0);
}

/* The box holds the world support point along 200 random directions and along each axis, and each of its faces
   lies on the support point along that axis (tight), within rounding at the scene's size. */
static void test_aabb3(void **st) {
    (void)st;
    test_rng r = {11};
    gjk_vec3 radii = gjk_v3(0.7, 0.3, 1.1);
    for (int t = 0; t < 600; ++t) {
        gjk_hull3 *hull = NULL;
        int kind = t % (TEST_SHAPE3_KINDS + 1);
        gjk_shape3 s = kind == TEST_SHAPE3_KINDS ? gjk_user3(user_support3, &radii) : test_shape3(&r, kind, &hull);
        if (kind == TEST_SHAPE3_KINDS && t % 2) s = gjk_rounded3(s, GJK_R(0.2));
        gjk_pose3 pose = gjk_pose3_make(test_vec3(&r, -50, 50), test_quat(&r));
        if (t % 7 == 0) pose.rotation = gjk_quat_identity();
        gjk_aabb3 box = gjk_shape3_aabb(&s, pose);
        double tol = TU(1e-12) * 100;
        for (int k = 0; k < 206; ++k) {
            gjk_vec3 d = k < 200 ? test_unit3(&r) : gjk_v3(k == 200 ? 1 : k == 201 ? -1 : 0,
                                                          k == 202 ? 1 : k == 203 ? -1 : 0,
                                                          k == 204 ? 1 : k == 205 ? -1 : 0);
            gjk_vec3 w = gjk_pose3_apply(pose, gjk_shape3_support(&s, gjk_quat_inv_rotate(pose.rotation, d)));
            assert_true(w.x >= box.lower.x - tol && w.x <= box.upper.x + tol);
            assert_true(w.y >= box.lower.y - tol && w.y <= box.upper.y + tol);
            assert_true(w.z >= box.lower.z - tol && w.z <= box.upper.z + tol);
            if (k >= 200) {
                double face = k == 200 ? box.upper.x : k == 201 ? box.lower.x : k == 202 ? box.upper.y
                            : k == 203 ? box.lower.y : k == 204 ? box.upper.z : box.lower.z;
                double got = k < 202 ? w.x : k < 204 ? w.y : w.z;
                EXPECT_NEAR(got, face, tol);
            }
        }
        gjk_hull3_destroy(hull);
    }
    /* bad input: the pose's position (or the origin) */
    gjk_shape3 bad = gjk_box3(gjk_v3(-1, 1, 1));
    gjk_aabb3 b = gjk_shape3_aabb(&bad, gjk_pose3_make(gjk_v3(1, 2, 3), gjk_quat_identity()));
    assert_true(b.lower.x == 1 && b.upper.z == 3);
}

static void test_aabb2(void **st) {
    (void)st;
    test_rng r = {12};
    gjk_vec2 radii = gjk_v2(0.7, 0.3);
    for (int t = 0; t < 600; ++t) {
        gjk_hull2 *hull = NULL;
        int kind = t % (TEST_SHAPE2_KINDS + 1);
        gjk_shape2 s = kind == TEST_SHAPE2_KINDS ? gjk_user2(user_support2, &radii) : test_shape2(&r, kind, &hull);
        gjk_pose2 pose = gjk_pose2_make(gjk_v2((gjk_real)test_uniform(&r, -50, 50), (gjk_real)test_uniform(&r, -50, 50)),
                                        (gjk_real)test_uniform(&r, -4, 4));
        if (t % 7 == 0) pose.rotation = gjk_rot2_identity();
        gjk_aabb2 box = gjk_shape2_aabb(&s, pose);
        double tol = TU(1e-12) * 100;
        for (int k = 0; k < 204; ++k) {
            double a = test_uniform(&r, 0, 6.283185307179586);
            gjk_vec2 d = k < 200 ? gjk_v2((gjk_real)cos(a), (gjk_real)sin(a))
                                 : gjk_v2(k == 200 ? 1 : k == 201 ? -1 : 0, k == 202 ? 1 : k == 203 ? -1 : 0);
            gjk_vec2 w = gjk_pose2_apply(pose, gjk_shape2_support(&s, gjk_inv_rotate2(pose.rotation, d)));
            assert_true(w.x >= box.lower.x - tol && w.x <= box.upper.x + tol);
            assert_true(w.y >= box.lower.y - tol && w.y <= box.upper.y + tol);
            if (k >= 200) {
                double face = k == 200 ? box.upper.x : k == 201 ? box.lower.x : k == 202 ? box.upper.y : box.lower.y;
                EXPECT_NEAR(k < 202 ? w.x : w.y, face, tol);
            }
        }
        gjk_hull2_destroy(hull);
    }
}

/* ---- scenes: one driver for both dimensions ---- */

typedef struct scene {
    int dim;
    gjk_world3 *w3;
    gjk_world2 *w2;
    int slots;                 /* slots in use; a slot holds a body while id >= 0 */
    int id[MAXB];
    gjk_shape3 s3[MAXB];
    gjk_hull3 *h3[MAXB];
    gjk_pose3 p3[MAXB];
    gjk_quat spin[MAXB];
    gjk_shape2 s2[MAXB];
    gjk_hull2 *h2[MAXB];
    gjk_pose2 p2[MAXB];
    gjk_real angle[MAXB], turn[MAXB];
    gjk_vec3 vel[MAXB];
    gjk_real half;             /* the bodies bounce inside [-half, half] on each axis */
    gjk_real spec;
    test_rng r;
    /* the last step's contacts, as read from the world */
    int n;
    int a[MAXP], b[MAXP], count[MAXP];
    double deepest[MAXP];
    uint64_t hash;             /* of every field of every contact and event since the scene began */
} scene;

/* The fat margin of the scenes' worlds (0: the default; negative: none, so that the tree's boxes are the bodies'
   own and a box or speculative widening too small shows). */
static gjk_real g_fat_margin;

static scene *scene_new(int dim, uint64_t seed, gjk_real half, gjk_real spec) {
    scene *sc = (scene *)calloc(1, sizeof *sc);
    assert_non_null(sc);
    gjk_world_def def;
    memset(&def, 0, sizeof def);
    def.speculative_distance = spec;
    def.fat_margin = g_fat_margin;
    sc->dim = dim;
    if (dim == 3)
        sc->w3 = gjk_world3_create(&def);
    else
        sc->w2 = gjk_world2_create(&def);
    assert_true(sc->w3 || sc->w2);
    sc->r.s = seed;
    sc->half = half;
    sc->spec = spec;
    sc->hash = 1469598103934665603u;
    return sc;
}

static void scene_free(scene *sc) {
    gjk_world3_destroy(sc->w3);
    gjk_world2_destroy(sc->w2);
    for (int i = 0; i < sc->slots; ++i) {
        gjk_hull3_destroy(sc->h3[i]);
        gjk_hull2_destroy(sc->h2[i]);
    }
    free(sc);
}

static gjk_real rnd(scene *sc, double lo, double hi) { return (gjk_real)test_uniform(&sc->r, lo, hi); }

/* Adds a body to slot i: a random shape (kind -1) at `pos`, with a random velocity up to `speed` per step. */
static void scene_spawn(scene *sc, int i, int kind, gjk_vec3 pos, gjk_real speed) {
    gjk_hull3_destroy(sc->h3[i]);
    gjk_hull2_destroy(sc->h2[i]);
    sc->h3[i] = NULL, sc->h2[i] = NULL;
    sc->vel[i] = gjk_scale3(test_unit3(&sc->r), speed * rnd(sc, 0, 1));
    if (sc->dim == 3) {
        sc->s3[i] = test_shape3(&sc->r, kind, &sc->h3[i]);
        sc->p3[i] = gjk_pose3_make(pos, test_quat(&sc->r));
        sc->spin[i] = gjk_quat_from_axis_angle(test_unit3(&sc->r), rnd(sc, 0, 0.1));
        sc->id[i] = gjk_world3_add(sc->w3, &sc->s3[i], sc->p3[i], (uint64_t)i);
    } else {
        sc->s2[i] = test_shape2(&sc->r, kind, &sc->h2[i]);
        sc->angle[i] = rnd(sc, -3, 3), sc->turn[i] = rnd(sc, -0.1, 0.1);
        sc->p2[i] = gjk_pose2_make(gjk_v2(pos.x, pos.y), sc->angle[i]);
        sc->id[i] = gjk_world2_add(sc->w2, &sc->s2[i], sc->p2[i], (uint64_t)i);
    }
    assert_true(sc->id[i] >= 0);
    if (i >= sc->slots) sc->slots = i + 1;
}

static void scene_remove(scene *sc, int i) {
    if (sc->dim == 3)
        gjk_world3_remove(sc->w3, sc->id[i]);
    else
        gjk_world2_remove(sc->w2, sc->id[i]);
    sc->id[i] = -1;
}

static gjk_vec3 scene_pos(const scene *sc, int i) {
    return sc->dim == 3 ? sc->p3[i].position : gjk_v3(sc->p2[i].position.x, sc->p2[i].position.y, 0);
}

/* Every body moves by its velocity, bouncing off the walls, and turns. */
static void scene_move(scene *sc) {
    for (int i = 0; i < sc->slots; ++i) {
        if (sc->id[i] < 0) continue;
        gjk_vec3 p = gjk_add3(scene_pos(sc, i), sc->vel[i]);
        gjk_real *c[3] = {&p.x, &p.y, &p.z}, *v[3] = {&sc->vel[i].x, &sc->vel[i].y, &sc->vel[i].z};
        for (int k = 0; k < 3; ++k)
            if ((*c[k] > sc->half && *v[k] > 0) || (*c[k] < -sc->half && *v[k] < 0)) *v[k] = -*v[k];
        if (sc->dim == 3) {
            gjk_pose3 pose = gjk_pose3_make(p, gjk_quat_normalize(gjk_quat_mul(sc->spin[i], sc->p3[i].rotation)));
            assert_true(gjk_world3_set_pose(sc->w3, sc->id[i], pose));
            sc->p3[i] = pose;
        } else {
            sc->angle[i] += sc->turn[i];
            gjk_pose2 pose = gjk_pose2_make(gjk_v2(p.x, p.y), sc->angle[i]);
            assert_true(gjk_world2_set_pose(sc->w2, sc->id[i], pose));
            sc->p2[i] = pose;
        }
    }
}

static void hash_bytes(uint64_t *h, const void *p, size_t n) {
    const unsigned char *c = (const unsigned char *)p;
    for (size_t i = 0; i < n; ++i) *h = (*h ^ c[i]) * 1099511628211u;
}
#define HASH(h, x) hash_bytes(h, &(x), sizeof(x))

/* How a step's narrow phase runs: `split` ranges in a row, or (split < 0) over -split threads. */
static int range3(int begin, int end, void *w) {
    gjk_world3_step_range((gjk_world3 *)w, begin, end);
    return 0;
}
static int range2(int begin, int end, void *w) {
    gjk_world2_step_range((gjk_world2 *)w, begin, end);
    return 0;
}

/* Copies the contacts c[0 .. n) (3D or 2D: the fields have the same names) into the scene, hashing every field. */
#define READ_CONTACTS(sc, c, n)                                                                                     \
    do {                                                                                                            \
        assert_true((n) <= MAXP);                                                                                   \
        for (int k = 0; k < (n); ++k) {                                                                             \
            sc->a[k] = c[k].a, sc->b[k] = c[k].b, sc->count[k] = c[k].manifold.count, sc->deepest[k] = 1e300;       \
            HASH(&sc->hash, c[k].a), HASH(&sc->hash, c[k].b), HASH(&sc->hash, c[k].manifold.status);                \
            HASH(&sc->hash, c[k].manifold.normal), HASH(&sc->hash, c[k].manifold.count);                            \
            HASH(&sc->hash, c[k].manifold.iterations);                                                              \
            for (int j = 0; j < c[k].manifold.count; ++j) {                                                         \
                HASH(&sc->hash, c[k].manifold.points[j].point_a), HASH(&sc->hash, c[k].manifold.points[j].point_b); \
                HASH(&sc->hash, c[k].manifold.points[j].separation), HASH(&sc->hash, c[k].manifold.points[j].id);   \
                if (c[k].manifold.points[j].separation < sc->deepest[k])                                            \
                    sc->deepest[k] = c[k].manifold.points[j].separation;                                            \
            }                                                                                                       \
        }                                                                                                           \
    } while (0)

/* Reads the step's contacts and events into the scene; checks the lists are sorted and the events are exactly
   the differences between the last step's contact set and this one's. */
static void scene_read(scene *sc) {
    int n, nb, ne;
    const gjk_world_pair *begins, *ends;
    int pa[MAXP], pb[MAXP], pn = sc->n;
    memcpy(pa, sc->a, sizeof(int) * (size_t)pn);
    memcpy(pb, sc->b, sizeof(int) * (size_t)pn);
    if (sc->dim == 3) {
        const gjk_world_contact3 *c = gjk_world3_contacts(sc->w3, &n);
        READ_CONTACTS(sc, c, n);
        begins = gjk_world3_begin_events(sc->w3, &nb);
        ends = gjk_world3_end_events(sc->w3, &ne);
    } else {
        const gjk_world_contact2 *c = gjk_world2_contacts(sc->w2, &n);
        READ_CONTACTS(sc, c, n);
        begins = gjk_world2_begin_events(sc->w2, &nb);
        ends = gjk_world2_end_events(sc->w2, &ne);
    }
    sc->n = n;
    for (int k = 0; k < n; ++k) {
        assert_true(sc->a[k] < sc->b[k] && sc->count[k] >= 1);
        if (k) assert_true(sc->a[k - 1] < sc->a[k] || (sc->a[k - 1] == sc->a[k] && sc->b[k - 1] < sc->b[k]));
    }
    for (int k = 0; k < nb; ++k) HASH(&sc->hash, begins[k]);
    for (int k = 0; k < ne; ++k) HASH(&sc->hash, ends[k]);
    /* begin = now \ before, end = before \ now, both sorted: a merge of the two sorted sets */
    int i = 0, j = 0, kb = 0, ke = 0;
    while (i < pn || j < n) {
        int order = i == pn ? 1 : j == n ? -1 : pa[i] != sc->a[j] ? (pa[i] < sc->a[j] ? -1 : 1)
                                                                  : (pb[i] < sc->b[j] ? -1 : pb[i] > sc->b[j]);
        if (order < 0) {
            assert_true(ke < ne && ends[ke].a == pa[i] && ends[ke].b == pb[i]);
            ++ke, ++i;
        } else if (order > 0) {
            assert_true(kb < nb && begins[kb].a == sc->a[j] && begins[kb].b == sc->b[j]);
            ++kb, ++j;
        } else {
            ++i, ++j;
        }
    }
    assert_int_equal(kb, nb);
    assert_int_equal(ke, ne);
}

static void scene_step(scene *sc, int split) {
    if (sc->dim == 3) {
        int n = gjk_world3_step_begin(sc->w3);
        assert_true(n >= 0);
        if (split < 0)
            gjk_parallel_for(n, -split, 3, range3, sc->w3);
        else
            for (int k = 0; k < split; ++k) gjk_world3_step_range(sc->w3, (int)((long)n * k / split),
                                                                  (int)((long)n * (k + 1) / split));
        gjk_world3_step_end(sc->w3);
    } else {
        int n = gjk_world2_step_begin(sc->w2);
        assert_true(n >= 0);
        if (split < 0)
            gjk_parallel_for(n, -split, 3, range2, sc->w2);
        else
            for (int k = 0; k < split; ++k) gjk_world2_step_range(sc->w2, (int)((long)n * k / split),
                                                                  (int)((long)n * (k + 1) / split));
        gjk_world2_step_end(sc->w2);
    }
    scene_read(sc);
}

/* The brute-force answer for slots i and j (body ids ordered): the manifold's point count and the signed distance. */
static int scene_brute(const scene *sc, int i, int j, double *sd) {
    if (sc->id[i] > sc->id[j]) {
        int t = i;
        i = j, j = t;
    }
    if (sc->dim == 3) {
        gjk_pair3 pair = {&sc->s3[i], sc->p3[i], &sc->s3[j], sc->p3[j]};
        *sd = gjk_signed_distance3(&pair, NULL).distance;
        return gjk_collide3(&pair, sc->spec, NULL).count;
    }
    gjk_pair2 pair = {&sc->s2[i], sc->p2[i], &sc->s2[j], sc->p2[j]};
    *sd = gjk_signed_distance2(&pair, NULL).distance;
    return gjk_collide2(&pair, sc->spec, NULL).count;
}

/* The world's contacts against every pair of bodies through the manifold directly. A pair may differ only at the
   border (its signed distance within rounding of the speculative distance: warm and cold starts round apart);
   the world's deepest point is the pair's signed distance (to the manifolds' documented slack). Returns the
   number of pairs checked. */
static long scene_check(const scene *sc) {
    static int slot_of[4 * MAXB];
    long checked = 0;
    double tol = TU(1e-9) * (1 + sc->half), slack = 0.02;
    for (int i = 0; i < 4 * MAXB; ++i) slot_of[i] = -1;
    for (int i = 0; i < sc->slots; ++i)
        if (sc->id[i] >= 0) slot_of[sc->id[i]] = i;
    int k = 0;
    for (int a = 0; a < 4 * MAXB; ++a) {
        if (slot_of[a] < 0) continue;
        for (int b = a + 1; b < 4 * MAXB; ++b) {
            if (slot_of[b] < 0) continue;
            double sd;
            int brute = scene_brute(sc, slot_of[a], slot_of[b], &sd);
            bool world = k < sc->n && sc->a[k] == a && sc->b[k] == b;
            ++checked;
            if (world != (brute > 0)) {
                if (fabs(sd - sc->spec) > tol) print_error("pair (%d, %d): world %d, brute %d, distance %.17g\n", a, b,
                                                            (int)world, brute, sd);
                assert_true(fabs(sd - sc->spec) <= tol);
            }
            if (world) {
                if (fabs(sc->deepest[k] - sd) > slack) print_error("pair (%d, %d): deepest %.17g, distance %.17g\n", a,
                                                                   b, sc->deepest[k], sd);
                assert_true(fabs(sc->deepest[k] - sd) <= slack);
                ++k;
            }
        }
    }
    assert_int_equal(k, sc->n); /* every contact names two live bodies */
    return checked;
}

/* A random scene: `count` bodies in a cube of side 2 half, moving and turning; every 4th step three bodies are
   removed and three others added (into the freed slots, so that their ids come back from the world's free list). */
static uint64_t run_random(int dim, uint64_t seed, int count, int steps, gjk_real spec, int split, bool check) {
    scene *sc = scene_new(dim, seed, GJK_R(6.0), spec);
    long checked = 0, contacts = 0, events = 0;
    for (int i = 0; i < count; ++i) {
        gjk_vec3 p = test_vec3(&sc->r, -6, 6);
        scene_spawn(sc, i, -1, p, GJK_R(0.25));
    }
    for (int s = 0; s < steps; ++s) {
        if (s % 4 == 3) {
            for (int t = 0; t < 3; ++t) scene_remove(sc, (int)(test_next(&sc->r) % (uint64_t)count));
            for (int i = 0; i < count; ++i)
                if (sc->id[i] < 0) scene_spawn(sc, i, -1, test_vec3(&sc->r, -6, 6), GJK_R(0.25));
        }
        scene_move(sc);
        int before = sc->n;
        scene_step(sc, split);
        contacts += sc->n;
        events += abs(sc->n - before);
        if (check) checked += scene_check(sc);
    }
    if (check) {
        assert_true(contacts > steps * count / 4); /* the scene is busy enough to test something */
        assert_true(events > 0);
    }
    uint64_t h = sc->hash;
    scene_free(sc);
    (void)checked;
    return h;
}

/* Four random scenes of one dimension: with the default fat margin and with none, each without and with a
   speculative distance. */
static void random_scenes(int dim) {
    for (int k = 0; k < 4; ++k) {
        g_fat_margin = k < 2 ? 0 : -1;
        run_random(dim, (uint64_t)(100 * dim + k), 80, 60, k % 2 ? GJK_R(0.1) * (gjk_real)(k + 1) : 0, 1, true);
    }
    g_fat_margin = 0;
}

static void test_random3(void **st) {
    (void)st;
    random_scenes(3);
}

static void test_random2(void **st) {
    (void)st;
    random_scenes(2);
}

/* The same scene with the narrow phase in 1, 2 and 7 ranges and over 2 threads, and run twice: the same bits. */
static void test_split_and_determinism(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        uint64_t h1 = run_random(dim, 301, 100, 30, GJK_R(0.05), 1, false);
        assert_true(h1 == run_random(dim, 301, 100, 30, GJK_R(0.05), 1, false));
        assert_true(h1 == run_random(dim, 301, 100, 30, GJK_R(0.05), 2, false));
        assert_true(h1 == run_random(dim, 301, 100, 30, GJK_R(0.05), 7, false));
        assert_true(h1 == run_random(dim, 301, 100, 30, GJK_R(0.05), -2, false));
    }
}

/* Degenerate scenes: every body at one point (every pair touches), bodies on a line (each touching its
   neighbours, boxes flush), huge and tiny bodies together. */
static void test_degenerate(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        /* one point: 40 bodies, each pair overlapping */
        scene *sc = scene_new(dim, 401, 0, 0);
        for (int i = 0; i < 40; ++i) scene_spawn(sc, i, i % 2 ? 3 : 4, gjk_v3(0, 0, 0), 0);
        scene_step(sc, 1);
        assert_int_equal(sc->n, 40 * 39 / 2);
        scene_check(sc);
        scene_step(sc, 3); /* nothing moved: the same contacts, no events */
        assert_int_equal(sc->n, 40 * 39 / 2);
        scene_free(sc);

        /* a line of unit boxes (cubes, squares) side by side, flush, then apart by 0.001 */
        sc = scene_new(dim, 402, 100, 0);
        for (int i = 0; i < 60; ++i) {
            scene_spawn(sc, i, 3, gjk_v3(GJK_R(1.0) * (gjk_real)i, 0, 0), 0);
            if (dim == 3) {
                sc->s3[i] = gjk_box3(gjk_v3(0.5, 0.5, 0.5));
                sc->p3[i].rotation = gjk_quat_identity();
                gjk_world3_set_pose(sc->w3, sc->id[i], sc->p3[i]);
            } else {
                sc->s2[i] = gjk_box2(gjk_v2(0.5, 0.5));
                sc->p2[i] = gjk_pose2_identity();
                sc->p2[i].position.x = (gjk_real)i;
                gjk_world2_set_pose(sc->w2, sc->id[i], sc->p2[i]);
            }
        }
        scene_step(sc, 1);
        assert_int_equal(sc->n, 59);
        scene_check(sc);
        for (int i = 0; i < 60; ++i) {
            if (dim == 3) {
                sc->p3[i].position.x = GJK_R(1.001) * (gjk_real)i;
                gjk_world3_set_pose(sc->w3, sc->id[i], sc->p3[i]);
            } else {
                sc->p2[i].position.x = GJK_R(1.001) * (gjk_real)i;
                gjk_world2_set_pose(sc->w2, sc->id[i], sc->p2[i]);
            }
        }
        scene_step(sc, 1);
        assert_int_equal(sc->n, 0);
        scene_free(sc);

        /* huge and tiny: a ground of half size 1000 with small bodies of size 0.001 to 1 resting in it and above */
        sc = scene_new(dim, 403, 20, GJK_R(0.01));
        for (int i = 0; i < 50; ++i) {
            gjk_vec3 p = gjk_v3(rnd(sc, -20, 20), rnd(sc, -0.5, 2), rnd(sc, -20, 20));
            if (dim == 2) p.z = 0;
            scene_spawn(sc, i, -1, p, 0);
            if (dim == 3) {
                sc->s3[i] = gjk_box3(gjk_v3(1, 1, 1));
                sc->s3[i].box.half_extents = gjk_scale3(gjk_v3(1, 1, 1), (gjk_real)pow(10, -3 + 3 * test_uniform(&sc->r, 0, 1)));
                gjk_world3_set_pose(sc->w3, sc->id[i], sc->p3[i]);
            } else {
                gjk_real h = (gjk_real)pow(10, -3 + 3 * test_uniform(&sc->r, 0, 1));
                sc->s2[i] = gjk_box2(gjk_v2(h, h));
                gjk_world2_set_pose(sc->w2, sc->id[i], sc->p2[i]);
            }
        }
        if (dim == 3) {
            sc->s3[50] = gjk_box3(gjk_v3(1000, 1, 1000));
            sc->id[50] = gjk_world3_add(sc->w3, &sc->s3[50], gjk_pose3_make(gjk_v3(0, -1, 0), gjk_quat_identity()), 50);
            sc->p3[50] = gjk_pose3_make(gjk_v3(0, -1, 0), gjk_quat_identity());
        } else {
            sc->s2[50] = gjk_box2(gjk_v2(1000, 1));
            sc->p2[50] = gjk_pose2_make(gjk_v2(0, -1), 0);
            sc->id[50] = gjk_world2_add(sc->w2, &sc->s2[50], sc->p2[50], 50);
        }
        sc->slots = 51;
        scene_step(sc, 1);
        scene_check(sc);
        assert_true(sc->n > 0);
        for (int s = 0; s < 10; ++s) {
            scene_move(sc);
            scene_step(sc, 2);
            scene_check(sc);
        }
        scene_free(sc);
    }
}

/* ---- allocation ---- */

/* Bodies moving back and forth along fixed paths, with one body removed and added again each period: once a
   period has run, the next ones allocate nothing. */
static void oscillate(scene *sc, int step, gjk_vec3 *base) {
    for (int i = 0; i < sc->slots; ++i) {
        gjk_real t = (gjk_real)sin(6.283185307179586 * step / 16 + i);
        gjk_vec3 p = gjk_mad3(base[i], 3 * t, sc->vel[i]);
        if (sc->dim == 3) {
            sc->p3[i].position = p;
            if (sc->id[i] >= 0) gjk_world3_set_pose(sc->w3, sc->id[i], sc->p3[i]);
        } else {
            sc->p2[i].position = gjk_v2(p.x, p.y);
            if (sc->id[i] >= 0) gjk_world2_set_pose(sc->w2, sc->id[i], sc->p2[i]);
        }
    }
    if (step % 16 == 5) scene_remove(sc, 7);
    if (step % 16 == 9) {
        sc->id[7] = sc->dim == 3 ? gjk_world3_add(sc->w3, &sc->s3[7], sc->p3[7], 7)
                                 : gjk_world2_add(sc->w2, &sc->s2[7], sc->p2[7], 7);
        assert_true(sc->id[7] >= 0);
    }
}

static void test_no_allocation(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = test_frees = 0;
        scene *sc = scene_new(dim, 501, 6, GJK_R(0.05));
        gjk_vec3 base[MAXB];
        for (int i = 0; i < 100; ++i) {
            base[i] = test_vec3(&sc->r, -6, 6);
            if (dim == 2) base[i].z = 0;
            scene_spawn(sc, i, -1, base[i], GJK_R(1.0));
        }
        for (int s = 0; s < 32; ++s) {
            oscillate(sc, s, base);
            scene_step(sc, 1);
        }
        long before = test_allocs;
        for (int s = 32; s < 64; ++s) {
            oscillate(sc, s, base);
            scene_step(sc, 2);
        }
        assert_int_equal(test_allocs, before);
        scene_free(sc);
        assert_int_equal(test_allocs, test_frees);
        gjk_set_allocator(NULL, NULL, NULL);
    }
}

/* The allocator failing at each growth of a step: GJK_OUT_OF_MEMORY, and the step retried with memory gives what a
   world that never failed gives. */
static void test_allocation_failure(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        uint64_t want = run_random(dim, 601, 60, 12, GJK_R(0.05), 1, false);
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = test_frees = 0;
        scene *sc = scene_new(dim, 601, GJK_R(6.0), GJK_R(0.05));
        int failures = 0;
        for (int i = 0; i < 60; ++i) scene_spawn(sc, i, -1, test_vec3(&sc->r, -6, 6), GJK_R(0.25));
        for (int s = 0; s < 12; ++s) {
            if (s % 4 == 3) {
                for (int t = 0; t < 3; ++t) scene_remove(sc, (int)(test_next(&sc->r) % 60u));
                for (int i = 0; i < 60; ++i)
                    if (sc->id[i] < 0) scene_spawn(sc, i, -1, test_vec3(&sc->r, -6, 6), GJK_R(0.25));
            }
            scene_move(sc);
            for (int attempt = 0; attempt < 3; ++attempt) {
                test_fail_after = attempt < 2 ? test_allocs + attempt : -1;
                gjk_status status = dim == 3 ? gjk_world3_step(sc->w3) : gjk_world2_step(sc->w2);
                test_fail_after = -1;
                if (status == GJK_OK) break;
                assert_int_equal(status, GJK_OUT_OF_MEMORY);
                ++failures;
            }
            scene_read(sc);
        }
        assert_true(failures > 0);
        assert_true(sc->hash == want);
        scene_free(sc);
        assert_int_equal(test_allocs, test_frees);
        gjk_set_allocator(NULL, NULL, NULL);
    }
}

/* Adds 1 << body id to the int at context. */
static bool count_body(int proxy, uint64_t user, void *context) {
    (void)proxy;
    *(int *)context += 1 << (int)user;
    return true;
}

static void test_invalid_input(void **st) {
    (void)st;
    gjk_world_def def;
    memset(&def, 0, sizeof def);
    def.speculative_distance = -1;
    assert_null(gjk_world3_create(&def));
    assert_null(gjk_world2_create(&def));
    def.speculative_distance = 0;
    def.fat_margin = (gjk_real)NAN;
    assert_null(gjk_world3_create(&def));
    gjk_world3 *w = gjk_world3_create(NULL);
    gjk_world2 *w2 = gjk_world2_create(NULL);
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1)), bad = gjk_box3(gjk_v3(0, 1, 1));
    gjk_shape2 sq = gjk_box2(gjk_v2(1, 1));
    gjk_pose3 pose = gjk_pose3_identity();
    assert_int_equal(gjk_world3_add(w, &bad, pose, 0), -1);
    assert_int_equal(gjk_world3_add(w, NULL, pose, 0), -1);
    pose.position.x = (gjk_real)NAN;
    assert_int_equal(gjk_world3_add(w, &box, pose, 0), -1);
    pose = gjk_pose3_identity();
    pose.rotation.w = 0;
    assert_int_equal(gjk_world3_add(w, &box, pose, 0), -1);
    pose = gjk_pose3_identity();
    int id = gjk_world3_add(w, &box, pose, 42);
    assert_int_equal(id, 0);
    assert_true(gjk_world3_user(w, id) == 42 && gjk_world3_shape(w, id) == &box);
    pose.position.y = (gjk_real)INFINITY;
    assert_false(gjk_world3_set_pose(w, id, pose));
    assert_true(gjk_world3_pose(w, id).position.y == 0);
    assert_false(gjk_world3_set_pose(w, 5, gjk_pose3_identity()));
    gjk_world3_remove(w, 5);
    gjk_world3_remove(w, -1);
    gjk_pose2 p2 = gjk_pose2_identity();
    p2.rotation.c = 0, p2.rotation.s = 0;
    assert_int_equal(gjk_world2_add(w2, &sq, p2, 0), -1);
    assert_int_equal(gjk_world2_add(w2, &sq, gjk_pose2_identity(), 0), 0);
    /* a removed body's id comes back only after the step that reports its end */
    int other = gjk_world3_add(w, &box, gjk_pose3_identity(), 43);
    assert_int_equal(gjk_world3_step(w), GJK_OK);
    int n;
    gjk_world3_contacts(w, &n);
    assert_int_equal(n, 1);
    gjk_world3_remove(w, other);
    assert_null(gjk_world3_shape(w, other));
    assert_int_equal(gjk_world3_add(w, &box, gjk_pose3_identity(), 44), 2);
    assert_int_equal(gjk_world3_step(w), GJK_OK);
    const gjk_world_pair *ends = gjk_world3_end_events(w, &n);
    assert_int_equal(n, 1);
    assert_true(ends[0].a == 0 && ends[0].b == other);
    assert_int_equal(gjk_world3_add(w, &box, gjk_pose3_identity(), 45), other);
    assert_int_equal(gjk_world3_body_count(w), 3);
    /* the world's tree: one proxy per body, carrying the body id */
    const gjk_tree3 *tree = gjk_world3_tree(w);
    assert_int_equal(gjk_tree3_proxy_count(tree), 3);
    assert_int_equal(gjk_world3_pair_count(w), 1); /* (0, 2): the body added again takes part from the next step */
    assert_int_equal(gjk_world3_step(w), GJK_OK);
    assert_int_equal(gjk_world3_pair_count(w), 3); /* all three at the origin */
    gjk_aabb3 probe = {{0, 0, 0}, {0, 0, 0}};
    int seen = 0;
    gjk_tree3_query_box(tree, probe, count_body, &seen);
    assert_int_equal(seen, 1 + 2 + 4);
    gjk_world3_destroy(w);
    gjk_world2_destroy(w2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aabb3),          cmocka_unit_test(test_aabb2),
        cmocka_unit_test(test_random3),        cmocka_unit_test(test_random2),
        cmocka_unit_test(test_split_and_determinism), cmocka_unit_test(test_degenerate),
        cmocka_unit_test(test_no_allocation),  cmocka_unit_test(test_allocation_failure),
        cmocka_unit_test(test_invalid_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
