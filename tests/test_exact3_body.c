// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The harness of the exact-answer tests, first half: bodies (a gjk shape and pose, and the same geometry in double
 * for the oracle), placement, random numbers and tolerances. The checks: test_exact3_check.c. */
#define ORACLE3_HARNESS 1
#include "oracle3.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The value a double takes as gjk_real, read back as double. The volatile is deliberate: gcc 12.2 at -O2 and above
 * (SLP vectorizer) may forward the original double through a float store and reload, so that the oracle would see
 * a value the library never got (reproducer in the report of these tests). */
static double real_value(double x) {
    volatile gjk_real r = (gjk_real)x;
    return (double)r;
}

/* ---- random numbers ---------------------------------------------------------------------------------------------- */

static uint64_t next_u64(x3_rng *r) {
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double x3_uniform(x3_rng *r, double lo, double hi) {
    double u = (double)(next_u64(r) >> 11) * (1.0 / 9007199254740992.0); /* 53 random bits in [0, 1) */
    return lo + (hi - lo) * u;
}

double x3_gauss(x3_rng *r) {
    double u = x3_uniform(r, 0.0, 1.0), v = x3_uniform(r, 0.0, 1.0);
    return sqrt(-2.0 * log(1.0 - u)) * cos(6.283185307179586 * v);
}

void x3_uniform3(x3_rng *r, double lo, double hi, double out[3]) {
    for (int k = 0; k < 3; ++k) out[k] = x3_uniform(r, lo, hi);
}

void x3_unit_vector(x3_rng *r, double out[3]) {
    double l;
    do {
        for (int i = 0; i < 3; ++i) out[i] = x3_gauss(r);
        l = sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2]);
    } while (l < 1e-6);
    for (int i = 0; i < 3; ++i) out[i] /= l;
}

/* A normalised 4D Gaussian is a uniformly distributed rotation. It is handed to the library as gjk_real and thus
 * not exactly unit in float; both sides normalise it (the oracle in double). */
gjk_quat x3_random_quat(x3_rng *r) {
    double q[4], l;
    do {
        for (int i = 0; i < 4; ++i) q[i] = x3_gauss(r);
        l = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    } while (l < 1e-6);
    gjk_quat out = {(gjk_real)real_value(q[0] / l), (gjk_real)real_value(q[1] / l), (gjk_real)real_value(q[2] / l),
                    (gjk_real)real_value(q[3] / l)};
    return out;
}

long x3_pair_count(long base, long floor_count) {
    const char *s = getenv("GJK_TEST_SCALE");
    double k = s ? atof(s) : 1.0;
    if (!(k > 0.0)) k = 1.0;
    long n = (long)(base * k);
    return n < floor_count ? floor_count : n;
}

x3_tol x3_default_tol(void) {
    x3_tol t;
    memset(&t, 0, sizeof t);
#if GJK_USE_FLOAT
    /* Float bounds, set from measurements (gcc 12 Release, 10,000 pairs per family; the test prints its own maxima,
     * relative to scale): distance 1.6e-6 (13 FLT_EPSILON), depth 4.1e-6 (35 FLT_EPSILON), unit length 7.1e-7 (6
     * FLT_EPSILON), witnesses 2.8e-6 (23 FLT_EPSILON) plus the float resolution of the world coordinates (far
     * pairs: 9.8e-4 at 1e4). Normals: 6.4e-4 for well separated hull pairs, which is what GJK's float duality-gap
     * tolerance (1000 FLT_EPSILON relative, src/internal3.h) allows: the gap bounds the angle only by its square
     * root. Each bound leaves a margin of 2x to 5x over the measured maximum. */
    t.dist = 64.0 * FLT_EPSILON;
    t.depth = 128.0 * FLT_EPSILON;
    t.normal = 2e-3;
    t.unit = 16.0 * FLT_EPSILON;
    t.amb = 64.0 * FLT_EPSILON;
    t.sep = 64.0 * FLT_EPSILON;
    t.coord = 4.0 * FLT_EPSILON;
    t.touch = 512.0 * FLT_EPSILON;
    t.cond = 8.0 * FLT_EPSILON;
#else
    /* Double: the bounds of the specification; measured maxima are about 1e-14 or less (printed by the test). */
    t.dist = 1e-9;
    t.depth = 1e-7;
    t.normal = 1e-6;
    t.unit = 1e-12;
    t.amb = 1e-9;
    t.sep = 1e-9;
    t.coord = 8.0 * DBL_EPSILON;
    t.touch = 512.0 * DBL_EPSILON;
    t.cond = 8.0 * DBL_EPSILON;
#endif
    return t;
}

static double ddot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* ---- bodies ------------------------------------------------------------------------------------------------------ */

void x3_body_init(x3_body *b) {
    memset(b, 0, sizeof *b);
    b->pose = gjk_pose3_identity();
}

int x3_make_hull(x3_body *b, const double (*pts)[3], int n, double margin) {
    x3_body_init(b);
    if (n > X3_MAX_CORE) return 0;
    gjk_vec3 v[X3_MAX_CORE];
    for (int i = 0; i < n; ++i) {
        for (int k = 0; k < 3; ++k) b->local[i][k] = real_value(pts[i][k]);
        v[i] = gjk_v3((gjk_real)b->local[i][0], (gjk_real)b->local[i][1], (gjk_real)b->local[i][2]);
    }
    gjk_status st = GJK_OK;
    b->hull = gjk_hull3_create(v, n, &st);
    if (!b->hull || st != GJK_OK) return 0;
    b->shape = gjk_hull_shape3(b->hull);
    if (margin > 0.0) b->shape = gjk_rounded3(b->shape, (gjk_real)margin);
    b->radius = b->shape.margin;
    b->core_count = n;
    return 1;
}

int x3_make_box(x3_body *b, double hx, double hy, double hz) {
    x3_body_init(b);
    b->shape = gjk_box3(gjk_v3((gjk_real)hx, (gjk_real)hy, (gjk_real)hz));
    gjk_vec3 h = b->shape.box.half_extents;
    for (int i = 0; i < 8; ++i) {
        b->local[i][0] = (i & 1) ? h.x : -h.x;
        b->local[i][1] = (i & 2) ? h.y : -h.y;
        b->local[i][2] = (i & 4) ? h.z : -h.z;
    }
    b->core_count = 8;
    return 1;
}

int x3_make_sphere(x3_body *b, double r) {
    x3_body_init(b);
    b->shape = gjk_sphere3((gjk_real)r);
    b->radius = b->shape.sphere.radius;
    b->core_count = 1;
    return 1;
}

int x3_make_capsule(x3_body *b, double r, double half_height) {
    x3_body_init(b);
    b->shape = gjk_capsule3((gjk_real)r, (gjk_real)half_height);
    b->radius = b->shape.capsule.radius;
    b->local[0][2] = -(double)b->shape.capsule.half_height;
    b->local[1][2] = (double)b->shape.capsule.half_height;
    b->core_count = 2;
    return 1;
}

void x3_free_body(x3_body *b) {
    if (b->hull) gjk_hull3_destroy(b->hull);
    oracle3_hull_free(&b->core);
    b->hull = NULL;
}

void x3_quat_matrix(gjk_quat q, double m[3][3]) {
    double w = q.w, x = q.x, y = q.y, z = q.z, l = sqrt(w * w + x * x + y * y + z * z);
    w /= l, x /= l, y /= l, z /= l;
    m[0][0] = 1 - 2 * (y * y + z * z), m[0][1] = 2 * (x * y - w * z), m[0][2] = 2 * (x * z + w * y);
    m[1][0] = 2 * (x * y + w * z), m[1][1] = 1 - 2 * (x * x + z * z), m[1][2] = 2 * (y * z - w * x);
    m[2][0] = 2 * (x * z - w * y), m[2][1] = 2 * (y * z + w * x), m[2][2] = 1 - 2 * (x * x + y * y);
}

int x3_set_pose(x3_body *b, const double position[3], gjk_quat rotation) {
    double m[3][3], size = 0.0;
    b->pose.rotation = rotation;
    x3_quat_matrix(rotation, m);
    for (int i = 0; i < b->core_count; ++i) {
        for (int j = 0; j < 3; ++j)
            b->rel[i][j] = m[j][0] * b->local[i][0] + m[j][1] * b->local[i][1] + m[j][2] * b->local[i][2];
        size = fmax(size, sqrt(ddot(b->rel[i], b->rel[i])));
    }
    b->size = size + b->radius;
    x3_move(b, position);
    oracle3_hull_free(&b->core);
    return oracle3_hull_build(&b->core, (const double(*)[3])b->rel, b->core_count);
}

void x3_move(x3_body *b, const double position[3]) {
    for (int k = 0; k < 3; ++k) b->pos[k] = real_value(position[k]);
    b->pose.position = gjk_v3((gjk_real)b->pos[0], (gjk_real)b->pos[1], (gjk_real)b->pos[2]);
    for (int i = 0; i < b->core_count; ++i)
        for (int j = 0; j < 3; ++j) b->world[i][j] = b->rel[i][j] + b->pos[j];
}

double x3_body_sd(const x3_body *b, const double p[3]) {
    double q[3] = {p[0] - b->pos[0], p[1] - b->pos[1], p[2] - b->pos[2]};
    return oracle3_hull_sd(&b->core, q, NULL) - b->radius;
}

double x3_body_support(const x3_body *b, const double n[3]) {
    return oracle3_hull_support(&b->core, n) + ddot(n, b->pos) + b->radius;
}

int x3_place_random(x3_rng *rng, x3_body *a, x3_body *b, const double centre[3], double fmin, double fmax,
                    x3_placement *place) {
    if (!x3_set_pose(a, centre, x3_random_quat(rng))) return 0;
    if (!x3_set_pose(b, a->pos, x3_random_quat(rng))) return 0;
    x3_unit_vector(rng, place->u);
    place->f = x3_uniform(rng, fmin, fmax);
    place->active = 1;
    return 1;
}

/* B stands at A's position, so the origin is inside D0 = A - B (both contain their pose position), and B at A + t u
 * gives D0 - t u. The touching distance t* along u is where the signed distance of D0 at t u crosses zero: found by
 * bisection between 0 and a support-based bound (a separating axis there). B then moves to A + f t* u, and D0
 * translates with it: no second hull. */
void x3_place_b(const x3_body *a, x3_body *b, const x3_placement *pl, oracle3_pair *d) {
    double nu[3] = {-pl->u[0], -pl->u[1], -pl->u[2]}, p[3], delta[3];
    double lo = 0.0, hi = x3_body_support(a, pl->u) + x3_body_support(b, nu);
    for (int it = 0; it < 60; ++it) {
        double mid = 0.5 * (lo + hi), s[3] = {mid * pl->u[0], mid * pl->u[1], mid * pl->u[2]};
        if (oracle3_pair_sd_shifted(d, s) > 0.0)
            hi = mid;
        else
            lo = mid;
    }
    double t = pl->f * 0.5 * (lo + hi);
    for (int k = 0; k < 3; ++k) p[k] = a->pos[k] + t * pl->u[k];
    double before[3] = {b->pos[0], b->pos[1], b->pos[2]};
    x3_move(b, p);
    for (int k = 0; k < 3; ++k) delta[k] = before[k] - b->pos[k];
    oracle3_pair_translate(d, delta);
}

/* ---- shared random geometry -------------------------------------------------------------------------------------- */

/* Points uniform in a random ellipsoid (semi-axes 0.2 to 2: from chunky to thin), then centred so that the local
 * origin, which is the pose position, is inside the hull. */
void x3_random_hull_points(x3_rng *rng, int n, double (*pts)[3]) {
    double axes[3], mean[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k) axes[k] = x3_uniform(rng, 0.2, 2.0);
    for (int i = 0; i < n; ++i) {
        double u[3], r = cbrt(x3_uniform(rng, 0.0, 1.0));
        x3_unit_vector(rng, u);
        for (int k = 0; k < 3; ++k) mean[k] += (pts[i][k] = axes[k] * r * u[k]) / n;
    }
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < 3; ++k) pts[i][k] -= mean[k];
}

void x3_random_position(x3_rng *rng, double radius, double out[3]) {
    for (int k = 0; k < 3; ++k) out[k] = x3_uniform(rng, -radius, radius);
}

int x3_make_hull_pair(x3_rng *rng, int n, x3_body *a, x3_body *b, double ma, double mb, const double centre[3],
                      x3_placement *place) {
    double pts[X3_MAX_CORE][3];
    x3_random_hull_points(rng, n, pts);
    if (!x3_make_hull(a, (const double(*)[3])pts, n, ma)) return 0;
    x3_random_hull_points(rng, n, pts);
    if (!x3_make_hull(b, (const double(*)[3])pts, n, mb)) return 0;
    return x3_place_random(rng, a, b, centre, 0.6, 1.4, place);
}

int x3_make_random_box(x3_rng *rng, x3_body *b, double margin) {
    double h[3];
    x3_uniform3(rng, 0.05, 2.0, h);
    if (!x3_make_box(b, h[0], h[1], h[2])) return 0;
    if (margin > 0.0) {
        b->shape = gjk_rounded3(b->shape, (gjk_real)margin); /* read back below: no float forwarding */
        b->radius = b->shape.margin;
    }
    return 1;
}

/* The closed form of a sphere-box pair, box and sphere in either order. */
void x3_closed_sphere_box(const x3_body *a, const x3_body *b, double amb, oracle3_answer *out) {
    int box_is_a = a->shape.type == GJK_SHAPE3_BOX;
    const x3_body *box = box_is_a ? a : b, *sph = box_is_a ? b : a;
    double m[3][3], axes[3][3], centre[3] = {box->pose.position.x, box->pose.position.y, box->pose.position.z};
    double half[3] = {box->shape.box.half_extents.x, box->shape.box.half_extents.y, box->shape.box.half_extents.z};
    x3_quat_matrix(box->pose.rotation, m);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) axes[i][j] = m[j][i];
    oracle3_box_sphere(centre, (const double(*)[3])axes, half, sph->world[0], sph->radius, amb, out);
    if (!box_is_a)
        for (int j = 0; j < 3; ++j) out->normal[j] = -out->normal[j];
}
