// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shared by test_degenerate2.c and degenerate2_check.c (see the opening comment of test_degenerate2.c for what is
   checked and the tolerances): the bodies, what the library is given and its oracle shape (oracle2.c); and the
   sweeps of a case over rigid motions and random placements, each pair checked by check_pair() in
   degenerate2_check.c. */
#ifndef GJK_TESTS_DEGENERATE2_CHECK_H
#define GJK_TESTS_DEGENERATE2_CHECK_H

#include "testutil.h"
/* after testutil.h (cmocka's headers first) */
#include "oracle2.h"

#define EPSR ((double)GJK_REAL_EPSILON)
#define PI 3.14159265358979323846

static inline double rv(double x) {
    volatile gjk_real r = (gjk_real)x;
    return (double)r;
}
static const double O[2] = {0, 0};
static const double YUP[2] = {0, 1};
static const double XN[2] = {1, 0};

/* ---- bodies ----------------------------------------------------------------------------------------------------- */

#define MAXP 64
typedef struct body {
    gjk_shape2 shape;
    gjk_pose2 pose;
    gjk_hull2 *hull;        /* owned */
    int n;                  /* oracle core: counter-clockwise convex vertex list, local frame */
    double local[MAXP][2];
    double radius;          /* circle / capsule radius plus margin */
    int user_n;             /* user shapes: support over these points (0: a circle of radius user_r) */
    gjk_vec2 user_v[MAXP];
    double user_r;
    double pos[2], c, s, size;
    o2_shape o;             /* placed, relative to the pair's reference point (A's position) */
} body;

/* Makers (degenerate2_check.c): the shape and its oracle core, a counter-clockwise polygon in the local frame. */
void mk_box(body *b, double hx, double hy);
void mk_circle(body *b, double r);
void mk_capsule(body *b, double r, double hh);
void mk_segment(body *b, double ax, double ay, double bx, double by);
void mk_poly(body *b, const double (*p)[2], int n, int want_dim);
void mk_user(body *b, const double (*p)[2], int n);
void mk_user_box(body *b, double hx, double hy);
void mk_user_circle(body *b, double r);
void b_round(body *b, double margin);
void b_free(body *b);

/* ---- the shared check ------------------------------------------------------------------------------------------- */

enum {
    F_CURVED = 1,  /* curved user cores: GJK/EPA stop at a relative gap */
    F_INEXACT = 2, /* set by sweep(): inputs rounded after the closed form was derived */
    F_MAXIT = 4    /* GJK_MAX_ITERATIONS accepted (README: curved cores with a continuum of deepest directions) */
};

/* Sweep a case over rigid motions (and free both bodies); random placements of B about A; reset the statistics
   at the start of a test, print them and assert no failure at its end (degenerate2_check.c). */
void sweep(const char *label, body *a, body *b, const double pa[2], double aa, const double pb[2], double ab,
           double closed, const double *cn, int flags, int motions, double far);
void sweep_free(const char *label, body *a, body *b, const double pa[2], double aa, const double pb[2],
                double ab, double closed, const double *cn, int flags, int motions);
void random_pairs(const char *label, body *a, body *b, double spread, int count);
void begin(void);
void end(const char *name);

#endif
