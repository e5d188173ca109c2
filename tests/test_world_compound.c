// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Compound bodies in the world (gjk_world3_add_compound, gjk_world2_add_compound): random moving worlds mixing
   convex and compound bodies, with bodies removed and added as they run. Every step's contacts of a pair with a
   compound equal, field for field, gjk_compound_collide3 / _collide2 of the pair (a convex body wrapped by the test
   as a compound of one part), and a pair of convex bodies touches exactly when gjk_collide3 / _collide2 says so (up
   to the border of the speculative distance, as the warm start rounds apart from a cold one); the contacts are
   sorted by (a, b, part_a, part_b); the events are the differences of consecutive steps' touching sets; the same
   bits whatever the split of the narrow phase (1 and 5 ranges, 2 threads); removing a compound body ends its pairs;
   a warmed step allocates nothing; a failed growth in step_begin is retried as if it had not failed, one of the
   part contacts in step_end is reported and recovered from; bad input. */
#include <string.h>

#include "testutil.h"

#include <gjk/threads.h>

#define NB 48      /* bodies of a scene */
#define NC 5       /* compounds a scene's compound bodies share */
#define MAXC 16384 /* contacts of a step */

/* A contact as read from the world, either dimension. */
typedef struct rec {
    int a, b, part_a, part_b, count;
} rec;

typedef struct scene {
    int dim;
    gjk_world3 *w3;
    gjk_world2 *w2;
    test_rng r;
    gjk_real spec;
    /* the compounds, their parts' hulls; each convex body's one-part wrap for the brute force */
    gjk_compound3 *c3[NC];
    gjk_compound2 *c2[NC];
    gjk_hull3 *ch3[NC][8];
    gjk_hull2 *ch2[NC][8];
    gjk_compound3 *wrap3[NB];
    gjk_compound2 *wrap2[NB];
    /* the bodies: id (-1: none), compound index (-1: convex), shape, pose, motion */
    int id[NB], comp[NB];
    gjk_shape3 s3[NB];
    gjk_shape2 s2[NB];
    gjk_hull3 *h3[NB];
    gjk_hull2 *h2[NB];
    gjk_pose3 p3[NB];
    gjk_pose2 p2[NB];
    gjk_vec3 vel[NB];
    gjk_quat spin[NB];
    gjk_real angle[NB], turn[NB];
    /* the last step's contacts and touching body pairs */
    int n;
    rec c[MAXC];
    int touching;
    int ta[MAXC], tb[MAXC];
    uint64_t hash;
    long compound_contacts, convex_contacts, compound_pairs_checked;
} scene;

static gjk_real rnd(scene *sc, double lo, double hi) { return (gjk_real)test_uniform(&sc->r, lo, hi); }

static void hash_bytes(uint64_t *h, const void *p, size_t n) {
    const unsigned char *c = (const unsigned char *)p;
    for (size_t i = 0; i < n; ++i) *h = (*h ^ c[i]) * 1099511628211u;
}
#define HASH(h, x) hash_bytes(h, &(x), sizeof(x))

/* Compounds of 2 to 8 random parts within a ball of radius 1.5. */
static void make_compounds(scene *sc) {
    for (int k = 0; k < NC; ++k) {
        int parts = 2 + (int)(test_next(&sc->r) % 7);
        if (sc->dim == 3) {
            gjk_shape3 s[8];
            gjk_pose3 p[8];
            for (int i = 0; i < parts; ++i) {
                s[i] = test_shape3(&sc->r, -1, &sc->ch3[k][i]);
                p[i] = gjk_pose3_make(test_vec3(&sc->r, -1.5, 1.5), test_quat(&sc->r));
            }
            sc->c3[k] = gjk_compound3_create(s, p, parts, NULL);
            assert_non_null(sc->c3[k]);
        } else {
            gjk_shape2 s[8];
            gjk_pose2 p[8];
            for (int i = 0; i < parts; ++i) {
                s[i] = test_shape2(&sc->r, -1, &sc->ch2[k][i]);
                gjk_real x = rnd(sc, -1.5, 1.5), y = rnd(sc, -1.5, 1.5);
                p[i] = gjk_pose2_make(gjk_v2(x, y), rnd(sc, -3, 3));
            }
            sc->c2[k] = gjk_compound2_create(s, p, parts, NULL);
            assert_non_null(sc->c2[k]);
        }
    }
}

static scene *scene_new(int dim, uint64_t seed, gjk_real spec) {
    scene *sc = (scene *)calloc(1, sizeof *sc);
    assert_non_null(sc);
    gjk_world_def def;
    memset(&def, 0, sizeof def);
    def.speculative_distance = spec;
    sc->dim = dim;
    sc->r.s = seed;
    sc->spec = spec;
    sc->hash = 1469598103934665603u;
    if (dim == 3)
        sc->w3 = gjk_world3_create(&def);
    else
        sc->w2 = gjk_world2_create(&def);
    assert_true(sc->w3 || sc->w2);
    for (int i = 0; i < NB; ++i) sc->id[i] = -1;
    make_compounds(sc);
    return sc;
}

static void body_free(scene *sc, int i) {
    gjk_compound3_destroy(sc->wrap3[i]);
    gjk_compound2_destroy(sc->wrap2[i]);
    gjk_hull3_destroy(sc->h3[i]);
    gjk_hull2_destroy(sc->h2[i]);
    sc->wrap3[i] = NULL, sc->wrap2[i] = NULL, sc->h3[i] = NULL, sc->h2[i] = NULL;
}

static void scene_free(scene *sc) {
    gjk_world3_destroy(sc->w3);
    gjk_world2_destroy(sc->w2);
    for (int i = 0; i < NB; ++i) body_free(sc, i);
    for (int k = 0; k < NC; ++k) {
        gjk_compound3_destroy(sc->c3[k]);
        gjk_compound2_destroy(sc->c2[k]);
        for (int i = 0; i < 8; ++i) {
            gjk_hull3_destroy(sc->ch3[k][i]);
            gjk_hull2_destroy(sc->ch2[k][i]);
        }
    }
    free(sc);
}

/* Body i at `pos`: a compound (one in three) or a random convex shape, moving up to `speed` per step. */
static void spawn(scene *sc, int i, gjk_vec3 pos, gjk_real speed) {
    body_free(sc, i);
    sc->comp[i] = test_next(&sc->r) % 3 == 0 ? (int)(test_next(&sc->r) % NC) : -1;
    sc->vel[i] = gjk_scale3(test_unit3(&sc->r), speed * rnd(sc, 0, 1));
    if (sc->dim == 3) {
        sc->p3[i] = gjk_pose3_make(pos, test_quat(&sc->r));
        sc->spin[i] = gjk_quat_from_axis_angle(test_unit3(&sc->r), rnd(sc, 0, 0.1));
        if (sc->comp[i] >= 0) {
            sc->id[i] = gjk_world3_add_compound(sc->w3, sc->c3[sc->comp[i]], sc->p3[i], (uint64_t)i);
        } else {
            sc->s3[i] = test_shape3(&sc->r, -1, &sc->h3[i]);
            sc->wrap3[i] = gjk_compound3_create(&sc->s3[i], NULL, 1, NULL);
            assert_non_null(sc->wrap3[i]);
            sc->id[i] = gjk_world3_add(sc->w3, &sc->s3[i], sc->p3[i], (uint64_t)i);
        }
    } else {
        sc->angle[i] = rnd(sc, -3, 3), sc->turn[i] = rnd(sc, -0.1, 0.1);
        sc->p2[i] = gjk_pose2_make(gjk_v2(pos.x, pos.y), sc->angle[i]);
        if (sc->comp[i] >= 0) {
            sc->id[i] = gjk_world2_add_compound(sc->w2, sc->c2[sc->comp[i]], sc->p2[i], (uint64_t)i);
        } else {
            sc->s2[i] = test_shape2(&sc->r, -1, &sc->h2[i]);
            sc->wrap2[i] = gjk_compound2_create(&sc->s2[i], NULL, 1, NULL);
            assert_non_null(sc->wrap2[i]);
            sc->id[i] = gjk_world2_add(sc->w2, &sc->s2[i], sc->p2[i], (uint64_t)i);
        }
    }
    assert_true(sc->id[i] >= 0);
}

static void remove_body(scene *sc, int i) {
    if (sc->dim == 3)
        gjk_world3_remove(sc->w3, sc->id[i]);
    else
        gjk_world2_remove(sc->w2, sc->id[i]);
    sc->id[i] = -1;
}

/* Every body moves and turns, bouncing inside [-half, half]. */
static void move(scene *sc, gjk_real half) {
    for (int i = 0; i < NB; ++i) {
        if (sc->id[i] < 0) continue;
        gjk_vec3 p = sc->dim == 3 ? sc->p3[i].position : gjk_v3(sc->p2[i].position.x, sc->p2[i].position.y, 0);
        p = gjk_add3(p, sc->vel[i]);
        gjk_real *c[3] = {&p.x, &p.y, &p.z}, *v[3] = {&sc->vel[i].x, &sc->vel[i].y, &sc->vel[i].z};
        for (int k = 0; k < 3; ++k)
            if ((*c[k] > half && *v[k] > 0) || (*c[k] < -half && *v[k] < 0)) *v[k] = -*v[k];
        if (sc->dim == 3) {
            sc->p3[i] = gjk_pose3_make(p, gjk_quat_normalize(gjk_quat_mul(sc->spin[i], sc->p3[i].rotation)));
            assert_true(gjk_world3_set_pose(sc->w3, sc->id[i], sc->p3[i]));
        } else {
            sc->angle[i] += sc->turn[i];
            sc->p2[i] = gjk_pose2_make(gjk_v2(p.x, p.y), sc->angle[i]);
            assert_true(gjk_world2_set_pose(sc->w2, sc->id[i], sc->p2[i]));
        }
    }
}

static int range3(int begin, int end, void *w) {
    gjk_world3_step_range((gjk_world3 *)w, begin, end);
    return 0;
}
static int range2(int begin, int end, void *w) {
    gjk_world2_step_range((gjk_world2 *)w, begin, end);
    return 0;
}

/* Hashes a manifold's fields (3D or 2D: the same names). */
#define HASH_MANIFOLD(h, m)                                                                                         \
    do {                                                                                                            \
        HASH(h, (m).status), HASH(h, (m).normal), HASH(h, (m).count), HASH(h, (m).iterations);                      \
        for (int j_ = 0; j_ < (m).count; ++j_) {                                                                    \
            HASH(h, (m).points[j_].point_a), HASH(h, (m).points[j_].point_b);                                       \
            HASH(h, (m).points[j_].separation), HASH(h, (m).points[j_].id);                                         \
        }                                                                                                           \
    } while (0)

/* The same manifold, field for field (3D or 2D). */
#define SAME_MANIFOLD(x, y)                                                                                         \
    do {                                                                                                            \
        assert_int_equal((x).status, (y).status);                                                                   \
        assert_int_equal((x).count, (y).count);                                                                     \
        assert_int_equal((x).iterations, (y).iterations);                                                           \
        assert_true(memcmp(&(x).normal, &(y).normal, sizeof (x).normal) == 0);                                      \
        for (int j_ = 0; j_ < (x).count; ++j_) {                                                                    \
            assert_true(memcmp(&(x).points[j_].point_a, &(y).points[j_].point_a, sizeof (x).points[j_].point_a) == 0); \
            assert_true(memcmp(&(x).points[j_].point_b, &(y).points[j_].point_b, sizeof (x).points[j_].point_b) == 0); \
            assert_true((x).points[j_].separation == (y).points[j_].separation);                                    \
            assert_true((x).points[j_].id == (y).points[j_].id);                                                    \
        }                                                                                                           \
    } while (0)

/* One step with the narrow phase in `split` ranges (split < 0: over -split threads); returns step_end's status. */
static gjk_status step(scene *sc, int split) {
    int n = sc->dim == 3 ? gjk_world3_step_begin(sc->w3) : gjk_world2_step_begin(sc->w2);
    assert_true(n >= 0);
    if (split < 0) {
        if (sc->dim == 3)
            gjk_parallel_for(n, -split, 2, range3, sc->w3);
        else
            gjk_parallel_for(n, -split, 2, range2, sc->w2);
    } else {
        for (int k = 0; k < split; ++k) {
            int b = (int)((long)n * k / split), e = (int)((long)n * (k + 1) / split);
            if (sc->dim == 3)
                gjk_world3_step_range(sc->w3, b, e);
            else
                gjk_world2_step_range(sc->w2, b, e);
        }
    }
    return sc->dim == 3 ? gjk_world3_step_end(sc->w3) : gjk_world2_step_end(sc->w2);
}

static int rec_cmp(const rec *x, const rec *y) {
    if (x->a != y->a) return x->a < y->a ? -1 : 1;
    if (x->b != y->b) return x->b < y->b ? -1 : 1;
    if (x->part_a != y->part_a) return x->part_a < y->part_a ? -1 : 1;
    return x->part_b < y->part_b ? -1 : x->part_b > y->part_b;
}

/* Reads the contacts (checking their order), the touching body pairs, and the events against the touching sets of
   this step and the last. */
static void read_step(scene *sc) {
    int n, nb, ne;
    const gjk_world_pair *begins, *ends;
    if (sc->dim == 3) {
        const gjk_world_contact3 *c = gjk_world3_contacts(sc->w3, &n);
        assert_true(n <= MAXC);
        for (int k = 0; k < n; ++k) {
            rec r = {c[k].a, c[k].b, c[k].part_a, c[k].part_b, c[k].manifold.count};
            sc->c[k] = r;
            HASH(&sc->hash, r);
            HASH_MANIFOLD(&sc->hash, c[k].manifold);
        }
        begins = gjk_world3_begin_events(sc->w3, &nb);
        ends = gjk_world3_end_events(sc->w3, &ne);
    } else {
        const gjk_world_contact2 *c = gjk_world2_contacts(sc->w2, &n);
        assert_true(n <= MAXC);
        for (int k = 0; k < n; ++k) {
            rec r = {c[k].a, c[k].b, c[k].part_a, c[k].part_b, c[k].manifold.count};
            sc->c[k] = r;
            HASH(&sc->hash, r);
            HASH_MANIFOLD(&sc->hash, c[k].manifold);
        }
        begins = gjk_world2_begin_events(sc->w2, &nb);
        ends = gjk_world2_end_events(sc->w2, &ne);
    }
    sc->n = n;
    for (int k = 0; k < nb; ++k) HASH(&sc->hash, begins[k]);
    for (int k = 0; k < ne; ++k) HASH(&sc->hash, ends[k]);
    /* sorted strictly by (a, b, part_a, part_b), each with points */
    for (int k = 0; k < n; ++k) {
        assert_true(sc->c[k].a < sc->c[k].b && sc->c[k].count >= 1);
        if (k) assert_true(rec_cmp(&sc->c[k - 1], &sc->c[k]) < 0);
    }
    /* the touching body pairs, before and now; begin = now \ before, end = before \ now */
    int pa[MAXC], pb[MAXC], pn = sc->touching;
    memcpy(pa, sc->ta, sizeof(int) * (size_t)pn);
    memcpy(pb, sc->tb, sizeof(int) * (size_t)pn);
    sc->touching = 0;
    for (int k = 0; k < n; ++k) {
        if (k && sc->c[k - 1].a == sc->c[k].a && sc->c[k - 1].b == sc->c[k].b) continue;
        sc->ta[sc->touching] = sc->c[k].a, sc->tb[sc->touching] = sc->c[k].b, sc->touching++;
    }
    int i = 0, j = 0, kb = 0, ke = 0;
    while (i < pn || j < sc->touching) {
        int order = i == pn ? 1 : j == sc->touching ? -1 : pa[i] != sc->ta[j] ? (pa[i] < sc->ta[j] ? -1 : 1)
                                                            : (pb[i] < sc->tb[j] ? -1 : pb[i] > sc->tb[j]);
        if (order < 0) {
            assert_true(ke < ne && ends[ke].a == pa[i] && ends[ke].b == pb[i]);
            ++ke, ++i;
        } else if (order > 0) {
            assert_true(kb < nb && begins[kb].a == sc->ta[j] && begins[kb].b == sc->tb[j]);
            ++kb, ++j;
        } else {
            ++i, ++j;
        }
    }
    assert_int_equal(kb, nb);
    assert_int_equal(ke, ne);
}

/* The world's contacts of body pair (a, b), from index *k on: their number (0 when the pair has none). */
static int world_run(const scene *sc, int a, int b, int k) {
    int m = 0;
    while (k + m < sc->n && sc->c[k + m].a == a && sc->c[k + m].b == b) ++m;
    return m;
}

/* Every pair of live bodies against brute force. */
static void check(scene *sc) {
    static gjk_compound_contact3 want3[4096];
    static gjk_compound_contact2 want2[4096];
    int slot_of[4 * NB];
    int k = 0;
    double tol = TU(1e-9) * 10;
    for (int i = 0; i < 4 * NB; ++i) slot_of[i] = -1;
    for (int i = 0; i < NB; ++i)
        if (sc->id[i] >= 0) slot_of[sc->id[i]] = i;
    const gjk_world_contact3 *c3 = NULL;
    const gjk_world_contact2 *c2 = NULL;
    int n;
    if (sc->dim == 3)
        c3 = gjk_world3_contacts(sc->w3, &n);
    else
        c2 = gjk_world2_contacts(sc->w2, &n);
    for (int a = 0; a < 4 * NB; ++a) {
        int i = slot_of[a];
        if (i < 0) continue;
        for (int b = a + 1; b < 4 * NB; ++b) {
            int j = slot_of[b];
            if (j < 0) continue;
            int m = world_run(sc, a, b, k);
            if (sc->comp[i] < 0 && sc->comp[j] < 0) {
                /* two convex bodies: one contact of parts (0, 0) exactly when the cold manifold has points, but at
                   the border */
                int brute;
                double sd;
                if (sc->dim == 3) {
                    gjk_pair3 pair = {&sc->s3[i], sc->p3[i], &sc->s3[j], sc->p3[j]};
                    brute = gjk_collide3(&pair, sc->spec, NULL).count;
                    sd = gjk_signed_distance3(&pair, NULL).distance;
                } else {
                    gjk_pair2 pair = {&sc->s2[i], sc->p2[i], &sc->s2[j], sc->p2[j]};
                    brute = gjk_collide2(&pair, sc->spec, NULL).count;
                    sd = gjk_signed_distance2(&pair, NULL).distance;
                }
                assert_true(m <= 1);
                if ((m == 1) != (brute > 0)) assert_true(fabs(sd - sc->spec) <= tol);
                if (m) {
                    assert_true(sc->c[k].part_a == 0 && sc->c[k].part_b == 0);
                    sc->convex_contacts++;
                }
                k += m;
                continue;
            }
            /* a compound in the pair: exactly the compounds' collide, the convex body as a compound of one part */
            gjk_status status;
            int want;
            if (sc->dim == 3) {
                gjk_compound_pair3 pair = {sc->comp[i] >= 0 ? sc->c3[sc->comp[i]] : sc->wrap3[i], sc->p3[i],
                                           sc->comp[j] >= 0 ? sc->c3[sc->comp[j]] : sc->wrap3[j], sc->p3[j]};
                want = gjk_compound_collide3(&pair, sc->spec, want3, 4096, &status);
            } else {
                gjk_compound_pair2 pair = {sc->comp[i] >= 0 ? sc->c2[sc->comp[i]] : sc->wrap2[i], sc->p2[i],
                                           sc->comp[j] >= 0 ? sc->c2[sc->comp[j]] : sc->wrap2[j], sc->p2[j]};
                want = gjk_compound_collide2(&pair, sc->spec, want2, 4096, &status);
            }
            assert_true(want <= 4096);
            if (m != want) print_error("pair (%d, %d): world %d contacts, brute %d\n", a, b, m, want);
            assert_int_equal(m, want);
            for (int t = 0; t < m; ++t) {
                if (sc->dim == 3) {
                    assert_int_equal(c3[k + t].part_a, want3[t].part_a);
                    assert_int_equal(c3[k + t].part_b, want3[t].part_b);
                    SAME_MANIFOLD(c3[k + t].manifold, want3[t].manifold);
                } else {
                    assert_int_equal(c2[k + t].part_a, want2[t].part_a);
                    assert_int_equal(c2[k + t].part_b, want2[t].part_b);
                    SAME_MANIFOLD(c2[k + t].manifold, want2[t].manifold);
                }
            }
            sc->compound_contacts += m;
            sc->compound_pairs_checked++;
            k += m;
        }
    }
    assert_int_equal(k, sc->n); /* every contact names two live bodies */
}

/* A random world of NB bodies in a cube of half side `half`; every 5th step two bodies are removed and others added
   in their place. Returns the hash of every contact and event. */
static uint64_t run(int dim, uint64_t seed, gjk_real spec, int steps, int split, bool verify) {
    scene *sc = scene_new(dim, seed, spec);
    gjk_real half = GJK_R(5.0);
    for (int i = 0; i < NB; ++i) spawn(sc, i, test_vec3(&sc->r, -5, 5), GJK_R(0.3));
    for (int s = 0; s < steps; ++s) {
        if (s % 5 == 4) {
            for (int t = 0; t < 2; ++t) {
                int i = (int)(test_next(&sc->r) % NB);
                if (sc->id[i] >= 0) remove_body(sc, i);
            }
            for (int i = 0; i < NB; ++i)
                if (sc->id[i] < 0) spawn(sc, i, test_vec3(&sc->r, -5, 5), GJK_R(0.3));
        }
        move(sc, half);
        assert_int_equal(step(sc, split), GJK_OK);
        read_step(sc);
        if (verify) check(sc);
    }
    if (verify) {
        /* busy enough to test something: compound pairs with several part contacts, and convex pairs */
        assert_true(sc->compound_contacts > 4 * steps);
        assert_true(sc->convex_contacts > steps);
    }
    uint64_t h = sc->hash;
    scene_free(sc);
    return h;
}

static void test_random3(void **st) {
    (void)st;
    run(3, 31, 0, 40, 1, true);
    run(3, 32, GJK_R(0.2), 40, 1, true);
}

static void test_random2(void **st) {
    (void)st;
    run(2, 21, 0, 40, 1, true);
    run(2, 22, GJK_R(0.2), 40, 1, true);
}

/* The same world in 1 and 5 ranges and over 2 threads, and twice: the same bits. */
static void test_split(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        uint64_t h = run(dim, 41, GJK_R(0.1), 25, 1, false);
        assert_true(h == run(dim, 41, GJK_R(0.1), 25, 1, false));
        assert_true(h == run(dim, 41, GJK_R(0.1), 25, 5, false));
        assert_true(h == run(dim, 41, GJK_R(0.1), 25, -2, false));
    }
}

/* A grid compound of n x n (x n) parts, unit spacing: boxes and spheres (squares and circles). */
static gjk_compound3 *grid3(int n) {
    gjk_shape3 s[512];
    gjk_pose3 p[512];
    int k = 0;
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y)
            for (int z = 0; z < n; ++z, ++k) {
                s[k] = k % 2 ? gjk_sphere3(GJK_R(0.45)) : gjk_box3(gjk_v3(GJK_R(0.4), GJK_R(0.4), GJK_R(0.4)));
                p[k] = gjk_pose3_make(gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z), gjk_quat_identity());
            }
    return gjk_compound3_create(s, p, k, NULL);
}
static gjk_compound2 *grid2(int n) {
    gjk_shape2 s[512];
    gjk_pose2 p[512];
    int k = 0;
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y, ++k) {
            s[k] = k % 2 ? gjk_circle2(GJK_R(0.45)) : gjk_box2(gjk_v2(GJK_R(0.4), GJK_R(0.4)));
            p[k] = gjk_pose2_make(gjk_v2((gjk_real)x, (gjk_real)y), 0);
        }
    return gjk_compound2_create(s, p, k, NULL);
}

/* A compound body touching a convex and a compound body; removed: the next step ends both pairs; and the accessors. */
static void test_remove(void **st) {
    (void)st;
    gjk_compound3 *g = grid3(3);
    gjk_shape3 box = gjk_box3(gjk_v3(2, 2, 2));
    gjk_world3 *w = gjk_world3_create(NULL);
    int c = gjk_world3_add_compound(w, g, gjk_pose3_identity(), 7);
    int b = gjk_world3_add(w, &box, gjk_pose3_make(gjk_v3(1, 1, 1), gjk_quat_identity()), 8);
    int d = gjk_world3_add_compound(w, g, gjk_pose3_make(gjk_v3(2.5, 0, 0), gjk_quat_identity()), 9);
    assert_true(c == 0 && b == 1 && d == 2);
    assert_true(gjk_world3_compound(w, c) == g && gjk_world3_shape(w, c) == NULL);
    assert_true(gjk_world3_compound(w, b) == NULL && gjk_world3_shape(w, b) == &box);
    assert_true(gjk_world3_user(w, d) == 9);
    assert_int_equal(gjk_world3_step(w), GJK_OK);
    int n, nb, ne;
    const gjk_world_contact3 *con = gjk_world3_contacts(w, &n);
    const gjk_world_pair *begins = gjk_world3_begin_events(w, &nb);
    assert_int_equal(nb, 3); /* (0, 1), (0, 2), (1, 2) */
    assert_true(begins[0].a == 0 && begins[0].b == 1 && begins[1].b == 2 && begins[2].a == 1);
    /* the box holds the whole grid: 27 part contacts of (0, 1), each with part_b 0 */
    assert_true(n > 27);
    for (int k = 0; k < 27; ++k)
        assert_true(con[k].a == 0 && con[k].b == 1 && con[k].part_a == k && con[k].part_b == 0);
    gjk_world3_remove(w, c);
    assert_null(gjk_world3_compound(w, c));
    assert_int_equal(gjk_world3_step(w), GJK_OK);
    const gjk_world_pair *ends = gjk_world3_end_events(w, &ne);
    assert_int_equal(ne, 2);
    assert_true(ends[0].a == 0 && ends[0].b == 1 && ends[1].a == 0 && ends[1].b == 2);
    con = gjk_world3_contacts(w, &n);
    for (int k = 0; k < n; ++k) assert_true(con[k].a == 1 && con[k].b == 2 && con[k].part_a == 0);
    gjk_world3_destroy(w);
    gjk_compound3_destroy(g);

    gjk_compound2 *g2 = grid2(4);
    gjk_shape2 sq = gjk_box2(gjk_v2(5, 5));
    gjk_world2 *w2 = gjk_world2_create(NULL);
    int sq_id = gjk_world2_add(w2, &sq, gjk_pose2_identity(), 0);
    int g_id = gjk_world2_add_compound(w2, g2, gjk_pose2_identity(), 1);
    assert_true(gjk_world2_compound(w2, g_id) == g2 && gjk_world2_shape(w2, g_id) == NULL);
    assert_int_equal(gjk_world2_step(w2), GJK_OK);
    const gjk_world_contact2 *con2 = gjk_world2_contacts(w2, &n);
    assert_int_equal(n, 16);
    for (int k = 0; k < 16; ++k) assert_true(con2[k].a == sq_id && con2[k].part_a == 0 && con2[k].part_b == k);
    gjk_world2_remove(w2, g_id);
    assert_int_equal(gjk_world2_step(w2), GJK_OK);
    gjk_world2_end_events(w2, &ne);
    gjk_world2_contacts(w2, &n);
    assert_true(ne == 1 && n == 0);
    gjk_world2_destroy(w2);
    gjk_compound2_destroy(g2);
}

/* ---- allocation ---- */

/* Bodies moving back and forth along fixed paths (period 16 steps): once two periods have run, the next ones
   allocate nothing, part buffers included. */
static void test_no_allocation(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = test_frees = 0;
        scene *sc = scene_new(dim, 501, GJK_R(0.05));
        gjk_vec3 base[NB];
        for (int i = 0; i < NB; ++i) {
            base[i] = test_vec3(&sc->r, -4, 4);
            if (dim == 2) base[i].z = 0;
            spawn(sc, i, base[i], GJK_R(1.0));
        }
        long before = 0, contacts = 0;
        for (int s = 0; s < 64; ++s) {
            if (s == 32) before = test_allocs;
            for (int i = 0; i < NB; ++i) {
                gjk_real t = (gjk_real)sin(6.283185307179586 * s / 16 + i);
                gjk_vec3 p = gjk_mad3(base[i], 3 * t, sc->vel[i]);
                if (dim == 3) {
                    sc->p3[i].position = p;
                    assert_true(gjk_world3_set_pose(sc->w3, sc->id[i], sc->p3[i]));
                } else {
                    sc->p2[i].position = gjk_v2(p.x, p.y);
                    assert_true(gjk_world2_set_pose(sc->w2, sc->id[i], sc->p2[i]));
                }
            }
            assert_int_equal(step(sc, s % 2 ? 3 : 1), GJK_OK);
            read_step(sc);
            contacts += sc->n;
        }
        assert_true(contacts > 64 * 4);
        assert_int_equal(test_allocs, before);
        scene_free(sc);
        assert_int_equal(test_allocs, test_frees);
        gjk_set_allocator(NULL, NULL, NULL);
    }
}

/* A compound touching a small box by a few parts, then moved into a big box that holds all its parts: the new
   pair's room (sized for a pair without a last count) overflows, and the growth of the overflow array in step_end
   fails: GJK_OUT_OF_MEMORY, the events complete, the pair's first part contacts kept in order; the next step
   reports every part contact, with no new events. */
static void test_step_end_failure(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = test_frees = 0;
        gjk_compound3 *g3 = dim == 3 ? grid3(6) : NULL;
        gjk_compound2 *g2 = dim == 2 ? grid2(12) : NULL;
        gjk_shape3 small3 = gjk_box3(gjk_v3(0.5, 0.5, 0.5)), big3 = gjk_box3(gjk_v3(20, 20, 20));
        gjk_shape2 small2 = gjk_box2(gjk_v2(0.5, 0.5)), big2 = gjk_box2(gjk_v2(20, 20));
        gjk_world3 *w3 = dim == 3 ? gjk_world3_create(NULL) : NULL;
        gjk_world2 *w2 = dim == 2 ? gjk_world2_create(NULL) : NULL;
        int parts = dim == 3 ? 216 : 144, few, n[2], nb[2];
        for (int s = 0; s < 3; ++s) {
            if (dim == 3) {
                if (s == 0) {
                    gjk_world3_add(w3, &small3, gjk_pose3_identity(), 0);
                    gjk_world3_add(w3, &big3, gjk_pose3_make(gjk_v3(100, 0, 0), gjk_quat_identity()), 1);
                    gjk_world3_add_compound(w3, g3, gjk_pose3_identity(), 2);
                }
                if (s == 1) gjk_world3_set_pose(w3, 2, gjk_pose3_make(gjk_v3(100, 0, 0), gjk_quat_identity()));
                int items = gjk_world3_step_begin(w3);
                gjk_world3_step_range(w3, 0, items);
                test_fail_after = s == 1 ? test_allocs : -1;
                assert_int_equal(gjk_world3_step_end(w3), s == 1 ? GJK_OUT_OF_MEMORY : GJK_OK);
                test_fail_after = -1;
                const gjk_world_contact3 *c = gjk_world3_contacts(w3, &n[s % 2]);
                for (int k = 0; k < n[s % 2]; ++k)
                    assert_true(c[k].a == (s ? 1 : 0) && c[k].b == 2 && c[k].part_a == 0 &&
                                (s == 0 || c[k].part_b == k));
                gjk_world3_begin_events(w3, &nb[s % 2]);
            } else {
                if (s == 0) {
                    gjk_world2_add(w2, &small2, gjk_pose2_identity(), 0);
                    gjk_world2_add(w2, &big2, gjk_pose2_make(gjk_v2(100, 0), 0), 1);
                    gjk_world2_add_compound(w2, g2, gjk_pose2_identity(), 2);
                }
                if (s == 1) gjk_world2_set_pose(w2, 2, gjk_pose2_make(gjk_v2(100, 0), 0));
                int items = gjk_world2_step_begin(w2);
                gjk_world2_step_range(w2, 0, items);
                test_fail_after = s == 1 ? test_allocs : -1;
                assert_int_equal(gjk_world2_step_end(w2), s == 1 ? GJK_OUT_OF_MEMORY : GJK_OK);
                test_fail_after = -1;
                const gjk_world_contact2 *c = gjk_world2_contacts(w2, &n[s % 2]);
                for (int k = 0; k < n[s % 2]; ++k)
                    assert_true(c[k].a == (s ? 1 : 0) && c[k].b == 2 && c[k].part_a == 0 &&
                                (s == 0 || c[k].part_b == k));
                gjk_world2_begin_events(w2, &nb[s % 2]);
            }
            if (s == 0) {
                few = n[0];
                assert_true(few > 0 && few < 10);
            }
            if (s == 1) assert_true(n[1] > 0 && n[1] < parts && nb[1] == 1); /* (1, 2) begins */
            if (s == 2) assert_true(n[0] == parts && nb[0] == 0);
        }
        gjk_world3_destroy(w3);
        gjk_world2_destroy(w2);
        gjk_compound3_destroy(g3);
        gjk_compound2_destroy(g2);
        assert_int_equal(test_allocs, test_frees);
        gjk_set_allocator(NULL, NULL, NULL);
    }
}

/* The allocator failing at each growth of step_begin (the part contacts' room among them): -1, and the step
   retried with memory gives what a world that never failed gives. */
static void test_step_begin_failure(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        uint64_t want = run(dim, 61, GJK_R(0.1), 15, 1, false);
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = test_frees = 0;
        scene *sc = scene_new(dim, 61, GJK_R(0.1));
        int failures = 0;
        for (int i = 0; i < NB; ++i) spawn(sc, i, test_vec3(&sc->r, -5, 5), GJK_R(0.3));
        for (int s = 0; s < 15; ++s) {
            if (s % 5 == 4) {
                for (int t = 0; t < 2; ++t) {
                    int i = (int)(test_next(&sc->r) % NB);
                    if (sc->id[i] >= 0) remove_body(sc, i);
                }
                for (int i = 0; i < NB; ++i)
                    if (sc->id[i] < 0) spawn(sc, i, test_vec3(&sc->r, -5, 5), GJK_R(0.3));
            }
            move(sc, GJK_R(5.0));
            int n = -1;
            for (int attempt = 0; attempt < 3 && n < 0; ++attempt) {
                test_fail_after = attempt < 2 ? test_allocs + attempt : -1;
                n = dim == 3 ? gjk_world3_step_begin(sc->w3) : gjk_world2_step_begin(sc->w2);
                test_fail_after = -1;
                failures += n < 0;
            }
            assert_true(n >= 0);
            if (dim == 3) {
                gjk_world3_step_range(sc->w3, 0, n);
                assert_int_equal(gjk_world3_step_end(sc->w3), GJK_OK);
            } else {
                gjk_world2_step_range(sc->w2, 0, n);
                assert_int_equal(gjk_world2_step_end(sc->w2), GJK_OK);
            }
            read_step(sc);
        }
        assert_true(failures > 0);
        assert_true(sc->hash == want);
        scene_free(sc);
        assert_int_equal(test_allocs, test_frees);
        gjk_set_allocator(NULL, NULL, NULL);
    }
}

/* NULL compound, bad poses: -1 or false, nothing added or moved. */
static void test_invalid_input(void **st) {
    (void)st;
    gjk_compound3 *g3 = grid3(2);
    gjk_compound2 *g2 = grid2(2);
    gjk_world3 *w3 = gjk_world3_create(NULL);
    gjk_world2 *w2 = gjk_world2_create(NULL);
    gjk_pose3 bad3 = gjk_pose3_identity();
    gjk_pose2 bad2 = gjk_pose2_identity();
    assert_int_equal(gjk_world3_add_compound(w3, NULL, gjk_pose3_identity(), 0), -1);
    assert_int_equal(gjk_world2_add_compound(w2, NULL, gjk_pose2_identity(), 0), -1);
    bad3.position.x = (gjk_real)NAN;
    assert_int_equal(gjk_world3_add_compound(w3, g3, bad3, 0), -1);
    bad3 = gjk_pose3_identity();
    bad3.rotation.w = 0;
    assert_int_equal(gjk_world3_add_compound(w3, g3, bad3, 0), -1);
    bad3 = gjk_pose3_identity();
    bad3.position.y = (gjk_real)1e300;
    assert_int_equal(gjk_world3_add_compound(w3, g3, bad3, 0), -1);
    bad2.rotation.c = 0, bad2.rotation.s = 0;
    assert_int_equal(gjk_world2_add_compound(w2, g2, bad2, 0), -1);
    bad2 = gjk_pose2_identity();
    bad2.position.y = (gjk_real)INFINITY;
    assert_int_equal(gjk_world2_add_compound(w2, g2, bad2, 0), -1);
    assert_int_equal(gjk_world3_body_count(w3), 0);
    assert_int_equal(gjk_world2_body_count(w2), 0);
    int id3 = gjk_world3_add_compound(w3, g3, gjk_pose3_identity(), 0);
    int id2 = gjk_world2_add_compound(w2, g2, gjk_pose2_identity(), 0);
    assert_true(id3 == 0 && id2 == 0);
    bad3.rotation.w = 0;
    assert_false(gjk_world3_set_pose(w3, id3, bad3));
    assert_false(gjk_world2_set_pose(w2, id2, bad2));
    assert_true(gjk_world3_pose(w3, id3).rotation.w == 1 && gjk_world2_pose(w2, id2).position.y == 0);
    assert_true(gjk_world3_set_pose(w3, id3, gjk_pose3_make(gjk_v3(1, 2, 3), gjk_quat_identity())));
    assert_null(gjk_world3_compound(w3, 5));
    assert_null(gjk_world2_compound(w2, -1));
    gjk_world3_destroy(w3);
    gjk_world2_destroy(w2);
    gjk_compound3_destroy(g3);
    gjk_compound2_destroy(g2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random3),         cmocka_unit_test(test_random2),
        cmocka_unit_test(test_split),           cmocka_unit_test(test_remove),
        cmocka_unit_test(test_no_allocation),   cmocka_unit_test(test_step_end_failure),
        cmocka_unit_test(test_step_begin_failure),
        cmocka_unit_test(test_invalid_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
