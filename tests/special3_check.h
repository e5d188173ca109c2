// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shared by test_special3.c and special3_check.c (see there). */
#ifndef GJK_TESTS_SPECIAL3_CHECK_H
#define GJK_TESTS_SPECIAL3_CHECK_H

#include "testutil.h"

#include "oracle3.h"
#include "special3.h"

/* A pair: the library's input (shapes, m, R) and the oracle's view of it, in double, A's frame. */
typedef struct pair3 {
    gjk_shape3 a, b;
    gjk_minkowski3 m;
    gjk_real R;
    int na, nb;
    double la[8][3], lb[8][3]; /* core points, local frames */
    double rb[8][3];           /* B's core points rotated into A's frame, no offset */
    double bw[8][3];           /* ... with B's offset */
    double rot[3][3], pos[3];
    oracle3_hull ha, hb0, hb;
    oracle3_pair d; /* D = A - B, no radius */
    double scale;
} pair3;

/* Per-family statistics, printed at the end of each family (ctest -V). Errors in units of eps * scale. */
typedef struct stats {
    const char *name;
    long pairs, failures, oracle_failures, normals, oracle_off;
    long kinds[3][4]; /* [mode][kind] */
    long contact[3];  /* overlapping EXACT answers with a normal along A's face axes, B's, or neither (edges) */
    double dist, unit, wit, normal, cc;
} stats;

typedef gjk_shape3 maker_fn(test_rng *r);
typedef gjk_quat rotation_fn(test_rng *r);

/* The value a gjk_real holds, as double (volatile: the oracle must see what the library got). */
double sp3_rd(gjk_real x);
void sp3_v2a(gjk_vec3 v, double a[3]);
double sp3_dot3d(const double a[3], const double b[3]);
double sp3_len3d(const double a[3]);

/* Set up a pair whose a, b, m.rot (base) and m.pos (at) are set; setup = base + at. Return 0 on an oracle failure. */
int sp3_pair_base(pair3 *p);
int sp3_pair_at(pair3 *p);
int sp3_pair_setup(pair3 *p);
void sp3_pair_free(pair3 *p);
/* Check the three modes of a set-up pair against the oracle (and free it). Returns 1 when every check passed. */
int sp3_check_pair(pair3 *p, stats *st);

/* Random shapes (lengths times sp3_size_factor), rotations, and the pair as query3.c builds it from world poses. */
extern double sp3_size_factor;
gjk_shape3 sp3_rand_point(test_rng *r);
gjk_shape3 sp3_rand_segment(test_rng *r);
gjk_shape3 sp3_rand_box(test_rng *r);
gjk_quat sp3_right_angle_quat(test_rng *r);
void sp3_m_from_world(gjk_minkowski3 *m, gjk_vec3 pa, gjk_quat qa, gjk_vec3 pb, gjk_quat qb);

/* Run a family of random near-contact pairs (base pairs, scaled by GJK_TEST_SCALE; far: world offset or 0) and
   assert that all passed. */
void sp3_run_family(const char *name, uint64_t seed, maker_fn *ma, maker_fn *mb, long base, double far);
void sp3_run_family_rot(const char *name, uint64_t seed, maker_fn *ma, maker_fn *mb, long base, double far,
                        rotation_fn *rotation_maker);

#endif
