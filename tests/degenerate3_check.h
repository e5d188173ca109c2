// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shared by test_degenerate3.c and test_degenerate3_curved.c (see the opening comment of test_degenerate3.c for
   what is checked and the tolerances): the bodies, what the library is given and the same geometry in double for
   the checks; check_pair(), the checks every case shares, against the oracle (oracle3.c) or a closed form; and
   the sweeps of a case over rigid motions. Implemented in degenerate3_check.c. */
#ifndef GJK_TESTS_DEGENERATE3_CHECK_H
#define GJK_TESTS_DEGENERATE3_CHECK_H

#include "testutil.h"
/* after testutil.h (cmocka's headers first) */
#include "oracle3.h"

#define EPSR ((double)GJK_REAL_EPSILON)
#define PI 3.14159265358979323846
/* Hulls thinner than this relative to their extent may come out flat in float (hull tolerance relative to the
   extent, README): their dimension is then not asserted; the queries still hold to the float tolerances. */
#define DIM3(thickness) (GJK_USE_FLOAT && (thickness) < 1e-4 ? -1 : 3)

/* The value x takes as gjk_real, read back (volatile: gcc may otherwise forward the unrounded double). */
static inline double rv(double x) {
    volatile gjk_real r = (gjk_real)x;
    return (double)r;
}
static inline gjk_quat quat(double w, double x, double y, double z) {
    gjk_quat q = {(gjk_real)w, (gjk_real)x, (gjk_real)y, (gjk_real)z};
    return q;
}
static inline gjk_quat axis_angle(double x, double y, double z, double angle) {
    double l = sqrt(x * x + y * y + z * z), s = sin(angle / 2) / l;
    return quat(cos(angle / 2), x * s, y * s, z * s);
}
static const double O[3] = {0, 0, 0};
static const double ZUP[3] = {0, 0, 1};
#define I3 (gjk_quat_identity())
static inline gjk_vec3 v3(double x, double y, double z) { return gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z); }

/* ---- bodies: what the library is given, and the same geometry in double for the checks --------------------- */

#define MAXP 128
typedef struct mat3 {
    double e[3][3];
} mat3;
enum { K_POLY, K_CYL, K_CONE };

typedef struct body {
    gjk_shape3 shape;
    gjk_pose3 pose;
    gjk_hull3 *hull; /* owned */
    int kind, n;     /* K_POLY: the core is the hull of local[0..n) (the inputs, not the library's hull) */
    double R, H;     /* cylinder, cone */
    double radius;   /* sphere / capsule radius plus margin */
    double local[MAXP][3], rel[MAXP][3], pos[3], size;
    mat3 m;
    oracle3_hull core; /* hull of rel[] (K_POLY) */
    int has_core;
} body;

/* Makers (degenerate3_check.c): the shape, its core points in the local frame, and its radius. */
void mk_box(body *b, double hx, double hy, double hz);
void mk_hull(body *b, const double (*p)[3], int n, int want_dim);
void mk_hull_boxd(body *b, double hx, double hy, double hz, int want_dim);
void mk_hull_box(body *b, double hx, double hy, double hz);
void mk_segment(body *b, gjk_vec3 p, gjk_vec3 q);
void mk_triangle(body *b, gjk_vec3 p, gjk_vec3 q, gjk_vec3 r);
void mk_sphere(body *b, double r);
void mk_capsule(body *b, double r, double hh);
void mk_cyl(body *b, double r, double hh);
void mk_cone(body *b, double r, double hh);
void b_round(body *b, double margin);
void b_free(body *b);
/* Place the body (position rounded to gjk_real) and build its oracle core. */
void b_place(body *b, const double pos[3], gjk_quat q);

/* ---- the shared check --------------------------------------------------------------------------------------- */

enum {
    F_CURVED = 1,  /* curved cores: GJK/EPA stop at a relative gap */
    F_MAXIT = 2,   /* GJK_MAX_ITERATIONS accepted (README: a continuum of deepest directions, e.g. cone tips) */
    F_INEXACT = 4, /* set by sweep(): the inputs were rounded after the closed form was derived */
    F_CLOSED = 8   /* polytopes whose difference is too thin for qhull (nearly collinear segments): the closed
                      form is the answer, and the checks use the shapes' own supports */
};

/* The case being checked, named in failure messages. */
extern const char *g_label;

/* Check one placed pair; sweep a case over rigid motions; random placements of B about A (degenerate3_check.c). */
void check_pair(body *a, body *b, double closed, const double *cn, int flags);
void sweep(const char *label, body *a, body *b, const double pa[3], gjk_quat qa, const double pb[3], gjk_quat qb,
           double closed, const double *cn, int flags, int motions, double far);
void sweep_free(const char *label, body *a, body *b, const double pa[3], gjk_quat qa, const double pb[3],
                gjk_quat qb, double closed, const double *cn, int flags, int motions);
void random_pairs(const char *label, body *a, body *b, const double centre[3], double spread, int count);
/* Reset the statistics at the start of a test; print them and assert no failure at its end. */
void begin(void);
void end(const char *name);

/* ---- shapes shared by the tests ------------------------------------------------------------------------------ */

/* Roofs: a prism whose top edge runs along y at z = 0, and an inverted one whose bottom edge runs along x. */
static const double ROOF_UP[6][3] = {{-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {1, 1, -1}, {0, -1, 0}, {0, 1, 0}};
static const double ROOF_DOWN_X[6][3] = {{-1, 0, 0}, {1, 0, 0}, {-1, -1, 1}, {1, -1, 1}, {-1, 1, 1}, {1, 1, 1}};
static const double ROOF_DOWN_Y[6][3] = {{0, -1, 0}, {0, 1, 0}, {-1, -1, 1}, {1, -1, 1}, {-1, 1, 1}, {1, 1, 1}};
/* Octahedra with a vertex at the local origin, pointing down (the shape above it) or up (the shape below it). */
static const double OCT_ABOVE[6][3] = {{0, 0, 0}, {1, 0, 1}, {-1, 0, 1}, {0, 1, 1}, {0, -1, 1}, {0, 0, 2}};
static const double OCT_BELOW[6][3] = {{0, 0, 0}, {1, 0, -1}, {-1, 0, -1}, {0, 1, -1}, {0, -1, -1}, {0, 0, -2}};

#endif
