// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Exact answers for the 3D queries, computed independently of the library.
 *
 * Part 1 (oracle3.c) knows nothing of gjk: everything is double, shapes are point clouds ("cores") in the world
 * frame, optionally rounded by a radius (a sphere is a rounded point, a capsule a rounded segment, a rounded hull a
 * rounded polytope). Polytopes go through qhull; spheres, capsules and boxes also have closed forms, which the tests
 * use as a second, unrelated route to the same numbers.
 *
 * Part 2 (test_exact3_body.c, test_exact3_check.c; compiled only with ORACLE3_HARNESS defined) is the harness shared
 * by the test_exact3*.c files: it turns gjk shapes and poses into oracle inputs, runs the library's queries and
 * checks them against the oracle. Part 1 stays free of gjk's headers, so that the oracle cannot borrow the library's
 * arithmetic.
 */
#ifndef GJK_TESTS_ORACLE3_H
#define GJK_TESTS_ORACLE3_H

/* ---- part 1: the oracle (double, library-independent) --------------------------------------------------------- */

/* Convex hull of a point cloud. dim 3: a solid polytope whose boundary is the triangles, one facet plane per
 * triangle (normals[f] . x + offsets[f] <= 0 inside, normals outward and unit). dim 2: a planar polygon covered by
 * a fan of triangles; dim 1: a segment, dim 0: a point (one degenerate triangle each). */
typedef struct oracle3_hull {
    int dim;
    int vertex_count;
    double (*vertices)[3];
    int tri_count;
    int (*tris)[3];  /* indices into vertices */
    int facet_count; /* == tri_count when dim == 3, else 0 */
    double (*normals)[3];
    double *offsets;
    double plane_normal[3]; /* dim 2: unit normal of the polygon's plane */
    double extent;          /* largest distance between two input points (approximately): the size */
} oracle3_hull;

/* Build the hull of n >= 1 points. Returns 1 on success, 0 when neither qhull nor the flat fallback could handle
 * the set (the caller must treat that as an oracle failure, never as a library failure). */
int oracle3_hull_build(oracle3_hull *h, const double (*pts)[3], int n);
void oracle3_hull_free(oracle3_hull *h);

/* Signed distance from p to the hull: > 0 outside (exact Euclidean distance), < 0 inside a solid hull (minus the
 * distance to its boundary), 0 on it. `closest` (may be NULL) receives the hull's point nearest to p when p is
 * outside, p itself otherwise. */
double oracle3_hull_sd(const oracle3_hull *h, const double p[3], double closest[3]);

/* max over the hull's vertices of v . d (d need not be unit). */
double oracle3_hull_support(const oracle3_hull *h, const double d[3]);

/* Largest violation (length units) of the hull's certificate against the input points pts: every point inside
 * every facet plane, every facet plane touching some point, every triangle vertex on its plane. *closure receives
 * |sum of the triangles' area vectors| / total area, zero for a closed surface. Used by the oracle self-test. */
double oracle3_hull_certificate(const oracle3_hull *h, const double (*pts)[3], int n, double *closure);

/* The expected answer of a query. */
typedef struct oracle3_answer {
    double distance;   /* signed: > 0 gap, < 0 minus the penetration depth */
    double normal[3];  /* unit, from A to B (translating B along it by the depth separates an overlapping pair) */
    int normal_unique; /* 0 when another feature ties within the ambiguity tolerance: the normal is then not checked */
    double tie_gap;    /* how far (length) the runner-up feature is; large when unique */
} oracle3_answer;

/* Two rounded polytopes A (cores a, radius ra) and B, through D = core(A) - core(B) rounded by ra + rb. */
typedef struct oracle3_pair {
    oracle3_hull d;
    double radius;
} oracle3_pair;

/* Build D = A - (B + offset) from the vertices of two hulls (offset may be NULL: zero). Working with hulls about
 * each shape's own position and the offset between the positions keeps D's digits when the pair is far from the
 * origin. Returns 1 on success, 0 on an oracle failure. */
int oracle3_pair_build(oracle3_pair *p, const oracle3_hull *a, double ra, const oracle3_hull *b, double rb,
                       const double offset[3]);
/* Translate D by v (B moving by -v). */
void oracle3_pair_translate(oracle3_pair *p, const double v[3]);
void oracle3_pair_free(oracle3_pair *p);

/* The exact answer. `amb`: features (facets, or the origin's distance to D when touching) closer than this to the
 * best one make the normal ambiguous; `ndiff`: facet normals closer than this count as the same normal. */
void oracle3_pair_answer(const oracle3_pair *p, double amb, double ndiff, oracle3_answer *out);

/* Signed distance of the pair after translating B by `shift` (D moves by -shift). */
double oracle3_pair_sd_shifted(const oracle3_pair *p, const double shift[3]);

/* Closest points c1 on segment [p1, q1] and c2 on [p2, q2] (degenerate and parallel segments allowed); returns
 * |c2 - c1|. */
double oracle3_segment_closest(const double p1[3], const double q1[3], const double p2[3], const double q2[3],
                               double c1[3], double c2[3]);

/* Closed forms. A sphere is a capsule whose segment is a point (a0 == a1). */
void oracle3_capsule_capsule(const double a0[3], const double a1[3], double ra, const double b0[3], const double b1[3],
                             double rb, double amb, oracle3_answer *out);

/* A = box (centre, axes[i] = unit world direction of local axis i, half extents), B = sphere (centre c, radius r).
 * For B = box, A = sphere: call with the roles swapped and negate the normal. */
void oracle3_box_sphere(const double centre[3], const double axes[3][3], const double half[3], const double c[3],
                        double r, double amb, oracle3_answer *out);

/* ---- part 2: the harness shared by test_exact3*.c -------------------------------------------------------------- */
#ifdef ORACLE3_HARNESS
#include <stdint.h>

#include "gjk/gjk.h"

#define X3_MAX_CORE 64

/* A placed shape: what the library is given (shape, pose) and what the oracle is given: the core points rotated in
 * double from the very same gjk_real values (rel, about the pose position), the pose position, and the rounding
 * radius. */
typedef struct x3_body {
    gjk_shape3 shape;
    gjk_pose3 pose;
    gjk_hull3 *hull; /* owned, when shape is a hull */
    int core_count;
    double local[X3_MAX_CORE][3]; /* core points, local frame (exactly the gjk_real values handed to the library) */
    double rel[X3_MAX_CORE][3];   /* rotation * local, in double */
    double world[X3_MAX_CORE][3]; /* rel + position */
    double pos[3];                /* pose position, in double */
    double radius;                /* sphere/capsule radius or margin */
    double size;                  /* bounding radius about the pose position, radius included */
    oracle3_hull core;            /* hull of rel[] */
} x3_body;

/* Signed distance from a world point to the (rounded) body, and the body's support along a unit direction. */
double x3_body_sd(const x3_body *b, const double p[3]);
double x3_body_support(const x3_body *b, const double n[3]);

/* Where make() wants B: along unit direction u from A at fraction f of the exact touching distance. */
typedef struct x3_placement {
    int active;
    double u[3];
    double f;
} x3_placement;

/* Tolerances of one family (length tolerances are multiplied by the pair's scale = max(1, sizes)). */
typedef struct x3_tol {
    double dist;   /* |distance - exact| for separated and touching pairs */
    double depth;  /* |distance - exact| for overlapping pairs */
    double normal; /* |normal - exact normal| where unique */
    double unit;   /* ||normal| - 1| */
    double amb;    /* ties closer than amb * scale make the normal ambiguous */
    double sep;    /* moving B by (depth + sep * scale) * normal must separate */
    double coord;  /* extra witness tolerance per unit of world coordinate magnitude (far pairs) */
    int absolute;  /* 1: tolerances are absolute (scale taken as 1), for the exactly representable families */
    double touch;  /* the library counts core distances below about 128 eps * |D| as touching (intersecting):
                      within touch * |D| of contact either intersect answer passes, and a GJK common point may lie
                      that far outside a shape */
    double cond;   /* near contact a normal from closest points is off by about cond * |D| / distance */
} x3_tol;

/* Per-family statistics, printed at the end of each family. */
#define X3_MAX_REASONS 12
#define X3_REASON_LEN 80
typedef struct x3_stats {
    const char *name;
    long pairs, overlapping, deep, failures, oracle_failures, normal_checked;
    double max_dist_err, max_depth_err, max_normal_err, max_witness_err, max_unit_err;
    double max_width;       /* widest certified interval [lower, upper] of the signed queries, relative to scale */
    double max_loose_width; /* the same with the tolerance option at X3_LOOSE_TOLERANCE */
    double seconds;
    double worst_normal_distance, worst_normal_tie; /* where the largest normal error happened */
    int reason_count; /* failure reasons seen (text up to the first number) and how often */
    char reasons[X3_MAX_REASONS][X3_REASON_LEN];
    long reason_hits[X3_MAX_REASONS];
} x3_stats;

/* The relative tolerance of the second, loose pass of x3_check (gjk_query3 with gjk_options). */
#define X3_LOOSE_TOLERANCE 1e-3

/* Flags for x3_check. */
enum {
    X3_REQUIRE_TOUCH_INTERSECT = 1 /* pairs whose exact distance is exactly 0 must report intersect = true */
};

/* Small deterministic PRNG (splitmix64), so every run and every platform sees the same pairs. */
typedef struct x3_rng {
    uint64_t s;
} x3_rng;
double x3_uniform(x3_rng *r, double lo, double hi);
double x3_gauss(x3_rng *r);
/* Three uniform draws in order. Never draw twice within one expression or argument list: their order is unspecified
 * in C, and gcc and clang differ, which would give each compiler different pairs. */
void x3_uniform3(x3_rng *r, double lo, double hi, double out[3]);
void x3_unit_vector(x3_rng *r, double out[3]);
gjk_quat x3_random_quat(x3_rng *r);

/* Pair count for a family: base * GJK_TEST_SCALE (environment, default 1), at least `floor_count`. */
long x3_pair_count(long base, long floor_count);
x3_tol x3_default_tol(void);

/* Body makers. Each returns 1 on success. Points are in the local frame. x3_body_init zeroes a body (safe to free). */
void x3_body_init(x3_body *b);
int x3_make_hull(x3_body *b, const double (*pts)[3], int n, double margin);
int x3_make_box(x3_body *b, double hx, double hy, double hz);
int x3_make_sphere(x3_body *b, double r);
int x3_make_capsule(x3_body *b, double r, double half_height);
void x3_free_body(x3_body *b);
/* Set the pose (rounded to gjk_real) and recompute the points, size and core hull. Returns 1 on success. */
int x3_set_pose(x3_body *b, const double position[3], gjk_quat rotation);
/* Move the body (position rounded to gjk_real), keeping its rotation. */
void x3_move(x3_body *b, const double position[3]);
/* Carry out a placement: B, at A's position when D (= A - B) was built, moves along u to f times the touching
 * distance, and D moves with it. */
void x3_place_b(const x3_body *a, x3_body *b, const x3_placement *pl, oracle3_pair *d);

/* Check one pair against the expected answer (exact) and the generic Minkowski-difference oracle (pair). Returns 1
 * when every check passes; on failure prints a reproducer (the first few per family). */
int x3_check(const x3_body *a, const x3_body *b, const oracle3_answer *exact, const oracle3_pair *pair,
             const x3_tol *tol, int flags, x3_stats *st);

/* Print the family's statistics. */
void x3_report(const x3_stats *st);

/* A family of random pairs: make() builds and poses both bodies, or asks for B's placement (returns 0 on failure:
 * counted as a setup failure, never silently skipped); closed() is the family's closed form (NULL: the polytope
 * oracle is the answer). */
typedef int x3_make_fn(x3_rng *rng, long index, x3_body *a, x3_body *b, x3_placement *place);
typedef void x3_closed_fn(const x3_body *a, const x3_body *b, double amb, oracle3_answer *out);
typedef struct x3_family {
    const char *name;
    long count;
    uint64_t seed;
    x3_make_fn *make;
    x3_closed_fn *closed;
    x3_tol tol;
    int flags;
} x3_family;

/* The closed form of a sphere-box pair (oracle3_box_sphere), box and sphere in either order. */
void x3_closed_sphere_box(const x3_body *a, const x3_body *b, double amb, oracle3_answer *out);

/* Run a family and assert that every pair passed (cmocka). */
void x3_run_family(const x3_family *family);

/* Shared random geometry. */
void x3_random_hull_points(x3_rng *rng, int n, double (*pts)[3]);
void x3_random_position(x3_rng *rng, double radius, double out[3]);
/* Pose A at `centre` with a random rotation, give B a random rotation and ask for B along a random direction at a
 * fraction in [fmin, fmax] of the exact touching distance along it (above 1: separated, below: overlapping). */
int x3_place_random(x3_rng *rng, x3_body *a, x3_body *b, const double centre[3], double fmin, double fmax,
                    x3_placement *place);

/* Rotation matrix (row-major, world = m * local) of a quaternion as the library receives it, normalised in double. */
void x3_quat_matrix(gjk_quat q, double m[3][3]);

/* Two random hulls of n points (margins ma, mb), A at centre, B placed at 0.6 to 1.4 of touching; a random box
 * (half extents 0.05 to 2, rounded by margin). */
int x3_make_hull_pair(x3_rng *rng, int n, x3_body *a, x3_body *b, double ma, double mb, const double centre[3],
                      x3_placement *place);
int x3_make_random_box(x3_rng *rng, x3_body *b, double margin);
#endif

#endif
