/* Degenerate geometry in 3D (issue 4): exact touching and tiny gaps, thin and sliver shapes, degenerate hulls,
   size disparity, far coordinates, containment, near-parallel features, curved cores end to end, and the origin on
   the boundary of the GJK simplex when EPA starts.

   Every answer is compared with an exact answer computed without the library: the qhull hull of the Minkowski
   difference of the inputs exactly as the library received them (oracle3.c) for polytope pairs (boxes, hulls,
   triangles, segments, points, spheres and capsules as rounded points and segments), closed forms for cylinders
   and cones. check_pair() holds the checks every case shares:
   - status GJK_OK (GJK_MAX_ITERATIONS only where README documents it: a continuum of deepest directions);
   - finite outputs, unit normal, point_b = point_a + distance * normal, each witness on its shape;
   - signed distance and depth equal the exact one (so the depth is the minimum);
   - the normal realises the distance: the support gap of the pair along it equals the reported distance, so that
     moving B by depth * normal leaves the pair touching; moving B by depth + a hair separates it, checked by the
     oracle (the exact signed distance of the moved pair) and by gjk_distance3 on the moved pair;
   - intersect agrees with the sign of the exact distance (touching counts as intersecting) and the four queries
     agree with each other.
   Each case is swept over a few rigid motions of the whole pair (deterministic, testutil's test_rng).

   Tolerances, relative to the pair's size L (largest extent of either shape about its position): double 1e-12
   for distance and depth (measured worst cases are printed per test, about 1e-15), float 64 eps (distance) and
   128 eps (depth) as in README; curved cores converge to a relative gap (1e-9 double, 1e-5 float: tolerance 2e-8
   and 2e-4 of the difference's size); witness points also get 8 eps of their world coordinates. Normals, where the
   exact one is unique and well conditioned: 1e-6 (float 2e-3) as in README, curved cores 1e-4 (float 1e-2), the
   square root of their convergence gap. */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"
/* after testutil.h (cmocka's headers first) */
#include "oracle3.h"

#define EPSR ((double)GJK_REAL_EPSILON)
#if GJK_USE_FLOAT
#define TOL_DIST (64 * EPSR)
#define TOL_DEPTH (128 * EPSR)
#define TOL_UNIT (16 * EPSR)
#define TOL_NORMAL 2e-3
#define TOL_NORMAL_CURVED 1e-2
#define TOL_CURVED 2e-4
#else
#define TOL_DIST 1e-12
#define TOL_DEPTH 1e-12
#define TOL_UNIT 1e-12
#define TOL_NORMAL 1e-6
#define TOL_NORMAL_CURVED 1e-4
#define TOL_CURVED 2e-8
#endif
#define TOL_COORD (8 * EPSR)
#define PI 3.14159265358979323846
/* Hulls thinner than this relative to their extent may come out flat in float (hull tolerance relative to the
   extent, README): their dimension is then not asserted; the queries still hold to the float tolerances. */
#define DIM3(thickness) (GJK_USE_FLOAT && (thickness) < 1e-4 ? -1 : 3)

/* The value x takes as gjk_real, read back (volatile: gcc may otherwise forward the unrounded double). */
static double rv(double x) {
    volatile gjk_real r = (gjk_real)x;
    return (double)r;
}
static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static double len(const double a[3]) { return sqrt(dot(a, a)); }
static void of3(gjk_vec3 v, double o[3]) { o[0] = v.x, o[1] = v.y, o[2] = v.z; }
static gjk_quat quat(double w, double x, double y, double z) {
    gjk_quat q = {(gjk_real)w, (gjk_real)x, (gjk_real)y, (gjk_real)z};
    return q;
}
static gjk_quat axis_angle(double x, double y, double z, double angle) {
    double l = sqrt(x * x + y * y + z * z), s = sin(angle / 2) / l;
    return quat(cos(angle / 2), x * s, y * s, z * s);
}
static const double O[3] = {0, 0, 0};
static const double ZUP[3] = {0, 0, 1};
#define I3 (gjk_quat_identity())

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

static void b_init(body *b, gjk_shape3 s) {
    memset(b, 0, sizeof *b);
    b->shape = s;
    b->pose = gjk_pose3_identity();
}
static void b_add(body *b, gjk_vec3 p) {
    assert_true(b->n < MAXP);
    of3(p, b->local[b->n++]);
}
static void b_free(body *b) {
    if (b->hull) gjk_hull3_destroy(b->hull);
    if (b->has_core) oracle3_hull_free(&b->core);
    b->hull = NULL;
    b->has_core = 0;
}
static gjk_vec3 v3(double x, double y, double z) { return gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z); }

static void mk_box(body *b, double hx, double hy, double hz) {
    b_init(b, gjk_box3(v3(hx, hy, hz)));
    gjk_vec3 h = b->shape.box.half_extents;
    for (int i = 0; i < 8; ++i) b_add(b, gjk_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z));
}
static void mk_hullv(body *b, const gjk_vec3 *p, int n, int want_dim) {
    gjk_status st = GJK_OUT_OF_MEMORY;
    gjk_hull3 *h = gjk_hull3_create(p, n, &st);
    assert_non_null(h);
    assert_int_equal(st, GJK_OK);
    if (want_dim >= 0) assert_int_equal(h->dimension, want_dim);
    b_init(b, gjk_hull_shape3(h));
    b->hull = h;
    for (int i = 0; i < n; ++i) b_add(b, p[i]);
}
static void mk_hull(body *b, const double (*p)[3], int n, int want_dim) {
    gjk_vec3 v[MAXP];
    assert_true(n <= MAXP);
    for (int i = 0; i < n; ++i) v[i] = v3(p[i][0], p[i][1], p[i][2]);
    mk_hullv(b, v, n, want_dim);
}
/* A box as a hull of its corners: no box closed form, so GJK and EPA do the work. */
static void mk_hull_boxd(body *b, double hx, double hy, double hz, int want_dim) {
    double c[8][3];
    for (int i = 0; i < 8; ++i) c[i][0] = i & 1 ? hx : -hx, c[i][1] = i & 2 ? hy : -hy, c[i][2] = i & 4 ? hz : -hz;
    mk_hull(b, (const double(*)[3])c, 8, want_dim);
}
static void mk_hull_box(body *b, double hx, double hy, double hz) { mk_hull_boxd(b, hx, hy, hz, 3); }
static void mk_segment(body *b, gjk_vec3 p, gjk_vec3 q) {
    b_init(b, gjk_segment3(p, q));
    b_add(b, p), b_add(b, q);
}
static void mk_triangle(body *b, gjk_vec3 p, gjk_vec3 q, gjk_vec3 r) {
    b_init(b, gjk_triangle3(p, q, r));
    b_add(b, p), b_add(b, q), b_add(b, r);
}
static void mk_sphere(body *b, double r) {
    b_init(b, gjk_sphere3((gjk_real)r));
    b_add(b, gjk_v3(0, 0, 0));
    b->radius = b->shape.sphere.radius;
}
static void mk_capsule(body *b, double r, double hh) {
    b_init(b, gjk_capsule3((gjk_real)r, (gjk_real)hh));
    b_add(b, gjk_v3(0, 0, -b->shape.capsule.half_height)), b_add(b, gjk_v3(0, 0, b->shape.capsule.half_height));
    b->radius = b->shape.capsule.radius;
}
static void mk_cyl(body *b, double r, double hh) {
    b_init(b, gjk_cylinder3((gjk_real)r, (gjk_real)hh));
    b->kind = K_CYL, b->R = b->shape.cylinder.radius, b->H = b->shape.cylinder.half_height;
}
static void mk_cone(body *b, double r, double hh) {
    b_init(b, gjk_cone3((gjk_real)r, (gjk_real)hh));
    b->kind = K_CONE, b->R = b->shape.cone.radius, b->H = b->shape.cone.half_height;
}
static void b_round(body *b, double margin) {
    b->shape = gjk_rounded3(b->shape, (gjk_real)margin);
    b->radius += b->shape.margin;
}

/* Rotation matrix (world = m * local) of the quaternion as the library receives it, normalised in double. */
static void quat_matrix(gjk_quat q, mat3 *mm) {
    double(*m)[3] = mm->e;
    double w = q.w, x = q.x, y = q.y, z = q.z, l = sqrt(w * w + x * x + y * y + z * z);
    w /= l, x /= l, y /= l, z /= l;
    m[0][0] = 1 - 2 * (y * y + z * z), m[0][1] = 2 * (x * y - w * z), m[0][2] = 2 * (x * z + w * y);
    m[1][0] = 2 * (x * y + w * z), m[1][1] = 1 - 2 * (x * x + z * z), m[1][2] = 2 * (y * z - w * x);
    m[2][0] = 2 * (x * z - w * y), m[2][1] = 2 * (y * z + w * x), m[2][2] = 1 - 2 * (x * x + y * y);
}
static void mul(const mat3 *mm, const double v[3], double o[3]) {
    const double(*m)[3] = mm->e;
    for (int i = 0; i < 3; ++i) o[i] = m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2];
}
static void tmul(const mat3 *mm, const double v[3], double o[3]) {
    const double(*m)[3] = mm->e;
    for (int i = 0; i < 3; ++i) o[i] = m[0][i] * v[0] + m[1][i] * v[1] + m[2][i] * v[2];
}

static void b_place(body *b, const double pos[3], gjk_quat q) {
    for (int k = 0; k < 3; ++k) b->pos[k] = rv(pos[k]);
    b->pose = gjk_pose3_make(v3(b->pos[0], b->pos[1], b->pos[2]), q);
    quat_matrix(q, &b->m);
    double s = b->kind == K_POLY ? 0.0 : hypot(b->R, b->H);
    for (int i = 0; i < b->n; ++i) {
        mul(&b->m, b->local[i], b->rel[i]);
        s = fmax(s, len(b->rel[i]));
    }
    b->size = s + b->radius;
    if (b->kind != K_POLY) return;
    if (b->has_core) oracle3_hull_free(&b->core);
    b->has_core = oracle3_hull_build(&b->core, (const double(*)[3])b->rel, b->n);
    assert_true(b->has_core); /* an oracle failure, never the library's */
}

/* Support value of the body about its position: max over the shape of (x - pos) . n. */
static double b_sup(const body *b, const double n[3]) {
    double v = -DBL_MAX, d[3];
    if (b->kind == K_POLY) {
        for (int i = 0; i < b->n; ++i) v = fmax(v, dot(b->rel[i], n));
    } else {
        tmul(&b->m, n, d);
        double rho = hypot(d[0], d[1]);
        v = b->kind == K_CYL ? b->R * rho + b->H * fabs(d[2]) : fmax(b->H * d[2], b->R * rho - b->H * d[2]);
    }
    return v + b->radius * len(n);
}

/* Signed distance from (rho, z) to the cone's axial section, the triangle (-R,-H) (R,-H) (0,H). */
static double sd_cone_section(double px, double pz, double R, double H) {
    const double v[3][2] = {{-R, -H}, {R, -H}, {0, H}};
    double inside = -DBL_MAX, best = DBL_MAX;
    for (int i = 0; i < 3; ++i) {
        const double *a = v[i], *c = v[(i + 1) % 3];
        double ex = c[0] - a[0], ez = c[1] - a[1], el = hypot(ex, ez), wx = px - a[0], wz = pz - a[1];
        inside = fmax(inside, (wx * ez - wz * ex) / el);
        double t = fmin(fmax((wx * ex + wz * ez) / (el * el), 0.0), 1.0);
        best = fmin(best, hypot(wx - t * ex, wz - t * ez));
    }
    return inside <= 0 ? inside : best;
}

/* Signed distance from a world point to the (rounded) body. */
static double b_sd(const body *b, const double p[3]) {
    double q[3] = {p[0] - b->pos[0], p[1] - b->pos[1], p[2] - b->pos[2]}, l[3];
    if (b->kind == K_POLY) return oracle3_hull_sd(&b->core, q, NULL) - b->radius;
    tmul(&b->m, q, l);
    double rho = hypot(l[0], l[1]), s;
    if (b->kind == K_CYL) {
        double dx = rho - b->R, dz = fabs(l[2]) - b->H;
        s = hypot(fmax(dx, 0), fmax(dz, 0)) + fmin(fmax(dx, dz), 0);
    } else {
        s = sd_cone_section(rho, l[2], b->R, b->H);
    }
    return s - b->radius;
}

/* ---- the shared check --------------------------------------------------------------------------------------- */

enum {
    F_CURVED = 1,  /* curved cores: GJK/EPA stop at a relative gap */
    F_MAXIT = 2,   /* GJK_MAX_ITERATIONS accepted (README: a continuum of deepest directions, e.g. cone tips) */
    F_INEXACT = 4, /* set by sweep(): the inputs were rounded after the closed form was derived */
    F_CLOSED = 8   /* polytopes whose difference is too thin for qhull (nearly collinear segments): the closed
                      form is the answer, and the checks use the shapes' own supports */
};

static int g_failures, g_motion, g_pairs, g_epa; /* g_epa: pairs where EPA ran */
static const char *g_label;
static double g_worst_dist, g_worst_depth, g_worst_gap; /* relative to L */

static void print_body(const char *name, const body *b) {
    const gjk_shape3 *s = &b->shape;
    printf("    %s: type %d margin %.17g", name, (int)s->type, (double)s->margin);
    if (b->kind != K_POLY) printf(" R %.17g H %.17g", b->R, b->H);
    if (s->type == GJK_SHAPE3_SPHERE || s->type == GJK_SHAPE3_CAPSULE) printf(" radius %.17g", b->radius);
    if (b->kind == K_POLY) {
        printf(" points");
        for (int i = 0; i < b->n && i < 16; ++i)
            printf(" {%.17g, %.17g, %.17g}", b->local[i][0], b->local[i][1], b->local[i][2]);
        if (b->n > 16) printf(" ... (%d)", b->n);
    }
    printf("\n      position {%.17g, %.17g, %.17g} rotation {%.17g, %.17g, %.17g, %.17g}\n", b->pos[0], b->pos[1],
           b->pos[2], (double)b->pose.rotation.w, (double)b->pose.rotation.x, (double)b->pose.rotation.y,
           (double)b->pose.rotation.z);
}
static void print_res(const char *q, const gjk_result3 *r) {
    printf("    %s: status %s intersect %d distance %.17g normal {%.17g, %.17g, %.17g}\n"
           "      point_a {%.17g, %.17g, %.17g} point_b {%.17g, %.17g, %.17g} it %d epa %d\n",
           q, gjk_status_string(r->status), (int)r->intersect, (double)r->distance, (double)r->normal.x,
           (double)r->normal.y, (double)r->normal.z, (double)r->point_a.x, (double)r->point_a.y,
           (double)r->point_a.z, (double)r->point_b.x, (double)r->point_b.y, (double)r->point_b.z, r->iterations,
           r->epa_iterations);
}

typedef struct ctx3 {
    body *a, *b;
    double ex;              /* exact signed distance */
    const double *en;       /* exact normal where unique and well conditioned, else NULL */
    double off[3];          /* B's position minus A's */
    double L, dsz, coord;   /* size, size of the difference, largest world coordinate */
    double ltol, ptol, band, nslack, ntol;
    unsigned status_ok;     /* bit mask of accepted statuses */
    oracle3_pair *pair;     /* polytope pairs: the Minkowski difference */
    int bad;
    gjk_result3 res[4];
} ctx3;

static void flag(ctx3 *c, const char *fmt, ...) {
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->bad++ == 0) ++g_failures;
    if (g_failures <= 8) printf("[degenerate3] %s (motion %d): %s\n", g_label, g_motion, msg);
}

/* Overlap of the pair along unit n (A to B): support of A along n plus support of B along -n, minus the offset.
   Positive: the shapes overlap by that much along n; minus the gap along n otherwise. */
static double overlap_along(const ctx3 *c, const double n[3]) {
    double m[3] = {-n[0], -n[1], -n[2]};
    return b_sup(c->a, n) + b_sup(c->b, m) - dot(n, c->off);
}

static int status_ok(const ctx3 *c, gjk_status s) { return (c->status_ok >> (unsigned)s) & 1u; }

static int finite_res(const gjk_result3 *r) {
    return isfinite(r->distance) && test_finite3(r->normal) && test_finite3(r->point_a) && test_finite3(r->point_b);
}

/* Checks of a result carrying a distance, a normal and witnesses (signed distance, penetration, and distance of a
   separated pair). */
static void check_full(ctx3 *c, const gjk_result3 *r, const char *q, int moved_check) {
    double n[3], pa[3], pb[3], d = (double)r->distance;
    of3(r->normal, n), of3(r->point_a, pa), of3(r->point_b, pb);
    double nl = len(n);
    if (fabs(nl - 1) > TOL_UNIT) flag(c, "%s: |normal| = %.17g", q, nl);
    if (!(nl > 0)) return;
    for (int k = 0; k < 3; ++k) n[k] /= nl;
    double err = fabs(d - c->ex);
    if (c->ex < 0) g_worst_depth = fmax(g_worst_depth, err / c->L);
    else g_worst_dist = fmax(g_worst_dist, err / c->L);
    if (err > c->ltol) flag(c, "%s: distance %.17g, exact %.17g (err %.3e > %.3e)", q, d, c->ex, err, c->ltol);
    double e = 0;
    for (int k = 0; k < 3; ++k) e = fmax(e, fabs(pb[k] - (pa[k] + d * n[k])));
    if (e > c->ptol) flag(c, "%s: point_b - point_a - distance * normal = %.3e", q, e);
    /* An answer that stops at EPA's capacity (GJK_MAX_ITERATIONS, accepted only for a continuum of deepest
       directions) has its depth and normal refined to the tolerances, but its witnesses come from the last
       polytope face, a chord: README documents them as within 0.5% of the size. */
    double wtol = r->status == GJK_MAX_ITERATIONS ? fmax(c->ptol, 5e-3 * c->L) : c->ptol;
    if ((e = fabs(b_sd(c->a, pa))) > wtol) flag(c, "%s: point_a %.3e off A", q, e);
    if ((e = fabs(b_sd(c->b, pb))) > wtol) flag(c, "%s: point_b %.3e off B", q, e);
    /* The normal realises the reported distance: the pair's overlap along it is minus the distance. For an
       overlapping pair that is "moving B by depth * normal leaves it touching"; with the exact depth it makes the
       normal a minimal direction. */
    double ov = overlap_along(c, n), gerr = fabs(ov + d);
    g_worst_gap = fmax(g_worst_gap, gerr / c->L);
    if (gerr > c->ptol + (c->ex > 0 ? c->nslack : 0))
        flag(c, "%s: overlap along the normal %.17g, reported distance %.17g", q, ov, d);
    if (c->en) {
        double ne = sqrt((n[0] - c->en[0]) * (n[0] - c->en[0]) + (n[1] - c->en[1]) * (n[1] - c->en[1]) +
                         (n[2] - c->en[2]) * (n[2] - c->en[2]));
        if (ne > c->ntol)
            flag(c, "%s: normal {%.17g, %.17g, %.17g} off the exact {%.17g, %.17g, %.17g} by %.3e", q, n[0], n[1], n[2],
                 c->en[0], c->en[1], c->en[2], ne);
    }
    if (d < 0 && !r->intersect) flag(c, "%s: negative distance, intersect false", q);
    if (d > c->band && r->intersect) flag(c, "%s: distance %.3e beyond the touching band, intersect true", q, d);
    if (!moved_check || d >= 0) return;
    /* Move B by depth + a hair along the normal (a hair beyond the touching band and the rounding of the new
       position): the pair must come apart, by about that hair. */
    double hair = 2 * c->ltol + 4 * c->band + 16 * EPSR * c->coord, t = -d + hair, np[3];
    body *b = c->b;
    double old[3] = {b->pos[0], b->pos[1], b->pos[2]};
    for (int k = 0; k < 3; ++k) np[k] = rv(old[k] + t * n[k]);
    double shift[3] = {np[0] - old[0], np[1] - old[1], np[2] - old[2]};
    double expect = dot(shift, n) + d; /* the gap after the move if the answer is right */
    if (c->pair) {
        double after = oracle3_pair_sd_shifted(c->pair, shift);
        if (!(after >= -c->ptol)) flag(c, "%s: moving B by depth + %.2e leaves exact distance %.3e", q, hair, after);
        if (fabs(after - expect) > 2 * c->ptol)
            flag(c, "%s: moved pair: exact distance %.3e, expected %.3e", q, after, expect);
    } else {
        double m[3] = {-n[0], -n[1], -n[2]};
        double after = -(b_sup(c->a, n) + b_sup(b, m) - dot(n, c->off) - dot(shift, n)); /* gap along n */
        if (!(after >= -c->ptol)) flag(c, "%s: moving B by depth + %.2e leaves a gap %.3e along n", q, hair, after);
    }
    gjk_pair3 mp = {&c->a->shape, c->a->pose, &b->shape, gjk_pose3_make(v3(np[0], np[1], np[2]), b->pose.rotation)};
    gjk_result3 m = gjk_distance3(&mp, NULL);
    if (!status_ok(c, m.status) || !finite_res(&m)) flag(c, "%s: moved pair: status %d", q, (int)m.status);
    if (m.intersect || fabs((double)m.distance - expect) > 2 * c->ptol)
        flag(c, "%s: moved pair: gjk_distance3 intersect %d distance %.3e, expected %.3e", q, m.intersect,
             (double)m.distance, expect);
}

/* Run the four queries on the pair and check them; ex = the exact signed distance, en = its normal or NULL. */
static void check_queries(ctx3 *c) {
    gjk_pair3 p = {&c->a->shape, c->a->pose, &c->b->shape, c->b->pose};
    gjk_result3 *r = c->res;
    r[0] = gjk_signed_distance3(&p, NULL);
    r[1] = gjk_penetration3(&p, NULL);
    r[2] = gjk_distance3(&p, NULL);
    r[3] = gjk_intersect3(&p, NULL);
    static const char *names[4] = {"signed", "penetration", "distance", "intersect"};
    for (int k = 0; k < 4; ++k) {
        if (!status_ok(c, r[k].status)) flag(c, "%s: status %s", names[k], gjk_status_string(r[k].status));
        if (!finite_res(&r[k])) flag(c, "%s: non-finite output", names[k]);
        /* touching counts as intersecting; clearly apart never does */
        if (c->ex <= 0 && !r[k].intersect) flag(c, "%s: exact distance %.3e, intersect false", names[k], c->ex);
        if (c->ex > c->band + c->ltol && r[k].intersect)
            flag(c, "%s: exact distance %.3e, intersect true", names[k], c->ex);
        if (r[k].intersect != r[0].intersect) flag(c, "%s: intersect %d, signed distance says %d", names[k],
                                                   r[k].intersect, r[0].intersect);
    }
    if (r[0].epa_iterations > 0) ++g_epa;
    check_full(c, &r[0], "signed", 1);
    if (r[1].intersect) {
        check_full(c, &r[1], "penetration", 1);
    } else if (!((double)r[1].distance >= 0 && (double)r[1].distance <= c->ex + c->ltol)) {
        flag(c, "penetration: lower bound %.17g, exact %.17g", (double)r[1].distance, c->ex);
    }
    if (r[2].intersect) {
        double pa[3], ea, eb;
        of3(r[2].point_a, pa);
        if (r[2].distance != 0 || r[2].point_a.x != r[2].point_b.x || r[2].point_a.y != r[2].point_b.y ||
            r[2].point_a.z != r[2].point_b.z)
            flag(c, "distance: intersecting with distance %.3e or two points", (double)r[2].distance);
        if ((ea = b_sd(c->a, pa)) > c->ptol + c->band || (eb = b_sd(c->b, pa)) > c->ptol + c->band)
            flag(c, "distance: common point outside A or B");
    } else {
        check_full(c, &r[2], "distance", 0);
    }
    if (!r[3].intersect) {
        double n[3];
        of3(r[3].normal, n);
        double nl = len(n);
        if (!((double)r[3].distance >= 0 && (double)r[3].distance <= c->ex + c->ltol) || !(nl > 0))
            flag(c, "intersect: lower bound %.17g, exact %.17g", (double)r[3].distance, c->ex);
        else if (-overlap_along(c, (double[3]){n[0] / nl, n[1] / nl, n[2] / nl}) < (double)r[3].distance - c->ptol)
            flag(c, "intersect: the axis is no separating axis for its bound");
    }
}

/* Check one placed pair. closed: the closed-form signed distance (NAN: none); cn: its normal (NULL: not unique).
   Polytope pairs are always checked against the oracle, which must agree with the closed form when both exist. */
static void check_pair(body *a, body *b, double closed, const double *cn, int flags) {
    ctx3 c;
    memset(&c, 0, sizeof c);
    c.a = a, c.b = b;
    for (int k = 0; k < 3; ++k) {
        c.off[k] = b->pos[k] - a->pos[k];
        c.coord = fmax(c.coord, fmax(fabs(a->pos[k]), fabs(b->pos[k])));
    }
    c.L = fmax(a->size, b->size);
    c.dsz = len(c.off) + a->size + b->size;
    c.status_ok = 1u << GJK_OK;
    if (flags & F_MAXIT) c.status_ok |= 1u << GJK_MAX_ITERATIONS;
    oracle3_pair pair;
    oracle3_answer ans;
    int poly = a->kind == K_POLY && b->kind == K_POLY && !(flags & F_CLOSED);
    c.ex = closed;
    c.en = cn;
    ++g_pairs;
    if (poly) {
        assert_true(oracle3_pair_build(&pair, &a->core, a->radius, &b->core, b->radius, c.off));
        c.pair = &pair;
        oracle3_pair_answer(&pair, 1e-9 * c.L, 1e-7, &ans);
        double ctol = 1e-12 * c.L + (flags & F_INEXACT ? 64 * EPSR * (c.L + c.coord) : 0);
        if (!isnan(closed) && fabs(closed - ans.distance) > ctol)
            flag(&c, "TEST BUG: closed form %.17g and oracle %.17g disagree", closed, ans.distance);
        c.ex = ans.distance;
        /* the oracle's normal where unique; when the cores are apart it is the direction between their closest
           points, determined only to about eps L / (core distance) */
        double core = ans.distance + pair.radius;
        if (!cn && ans.normal_unique && ans.tie_gap > 1e-6 * c.L && fabs(c.ex) > 1e-6 * c.L &&
            (core <= 0 || core > 1e4 * EPSR * c.L))
            c.en = ans.normal;
    }
    assert_false(isnan(c.ex));
    c.ltol = (c.ex < 0 ? TOL_DEPTH : TOL_DIST) * c.L;
    if (flags & F_CURVED) c.ltol += TOL_CURVED * c.dsz;
    if (!poly && (flags & F_INEXACT)) c.ltol += 64 * EPSR * (c.L + c.coord);
    c.ptol = c.ltol + TOL_COORD * (c.coord + c.L);
    c.band = 256 * EPSR * c.dsz;
    /* curved cores: a distance known to a relative gap e pins the normal only to about sqrt(e) (README) */
    c.ntol = flags & F_CURVED ? TOL_NORMAL_CURVED : TOL_NORMAL;
    /* Near contact a normal taken from closest points is determined only to about eps |D| / gap radians, which
       tilts a face's support plane by that much times the shapes' size. */
    c.nslack = c.ex > 0 ? fmin(2.0, 64 * EPSR * c.dsz / c.ex) * (a->size + b->size) : 0;
    if (c.en && c.ex > 0 && c.ex < 1e-3 * c.L) c.en = NULL; /* ill-conditioned: left to the overlap check */
    check_queries(&c);
    if (c.bad && g_failures <= 8) {
        printf("    exact distance %.17g (L %.3g, tolerance %.3e)\n", c.ex, c.L, c.ltol);
        print_body("a", a);
        print_body("b", b);
        static const char *names[4] = {"signed", "penetration", "distance", "intersect"};
        for (int k = 0; k < 4; ++k) print_res(names[k], &c.res[k]);
        fflush(stdout);
    }
    if (poly) oracle3_pair_free(&pair);
}

static uint64_t seed_of(const char *s) {
    uint64_t h = 1469598103934665603ULL;
    while (*s) h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    return h;
}

/* A case and `motions` rigid motions of the whole pair (a random rotation, and a translation of up to 2 plus
   `far`): the exact answer does not change, the exact normal turns with the pair. */
static void sweep(const char *label, body *a, body *b, const double pa[3], gjk_quat qa, const double pb[3],
                  gjk_quat qb, double closed, const double *cn, int flags, int motions, double far) {
    test_rng rng = {seed_of(label)};
    g_label = label;
    for (int k = 0; k <= 3 * motions; ++k) { /* three times the motions asked for: the suite runs in seconds */
        gjk_quat q = k ? test_quat(&rng) : gjk_quat_identity();
        mat3 m;
        double t[3] = {far, -0.75 * far, 0.5 * far}, xa[3], xb[3], n[3];
        if (k) {
            gjk_vec3 r = test_vec3(&rng, -2, 2);
            t[0] += r.x, t[1] += r.y, t[2] += r.z;
        }
        quat_matrix(q, &m);
        mul(&m, pa, xa), mul(&m, pb, xb);
        for (int i = 0; i < 3; ++i) xa[i] += t[i], xb[i] += t[i];
        b_place(a, xa, k ? gjk_quat_mul(q, qa) : qa);
        b_place(b, xb, k ? gjk_quat_mul(q, qb) : qb);
        if (cn) mul(&m, cn, n);
        g_motion = k;
        check_pair(a, b, closed, cn ? n : NULL, flags | (k || far != 0 ? F_INEXACT : 0));
    }
}
/* sweep, then free both bodies */
static void sweep_free(const char *label, body *a, body *b, const double pa[3], gjk_quat qa, const double pb[3],
                       gjk_quat qb, double closed, const double *cn, int flags, int motions) {
    sweep(label, a, b, pa, qa, pb, qb, closed, cn, flags, motions, 0);
    b_free(a), b_free(b);
}

static void begin(void) { g_failures = 0, g_pairs = 0, g_epa = 0, g_worst_dist = g_worst_depth = g_worst_gap = 0; }
static void end(const char *name) {
    print_message("[degenerate3] %-26s pairs %4d (EPA %4d), max err / L: distance %.2e depth %.2e normal gap %.2e\n",
                  name, g_pairs, g_epa, g_worst_dist, g_worst_depth, g_worst_gap);
    assert_int_equal(g_failures, 0);
}

/* Random placements of B about A: random rotations, B's position uniform in a cube of half side `spread` around
   `centre`. The exact answer comes from the oracle (polytope pairs only). */
static void random_pairs(const char *label, body *a, body *b, const double centre[3], double spread, int count) {
    test_rng rng = {seed_of(label)};
    g_label = label;
    for (int i = 0; i < 3 * count; ++i) {
        gjk_quat qa = test_quat(&rng), qb = test_quat(&rng);
        gjk_vec3 r = test_vec3(&rng, -spread, spread);
        double pb[3] = {centre[0] + r.x, centre[1] + r.y, centre[2] + r.z};
        b_place(a, O, qa);
        b_place(b, pb, qb);
        g_motion = i;
        check_pair(a, b, NAN, NULL, 0);
    }
}

/* ---- exact touching ------------------------------------------------------------------------------------------- */

/* Faces touching exactly (distance 0): libccd #25 / #68 gave NaN or crashed here. The Minkowski difference has the
   origin exactly on a face, so GJK ends on a simplex with the origin on its boundary and EPA (hull pairs) or the
   box separating-axis closed form (box pairs) must report depth 0 with the face normal, intersect true. Partly
   overlapping faces, rounded shapes whose cores are exactly the margins apart, and cylinders cap to cap. */
static void test_touch_face_face(void **st) {
    (void)st;
    begin();
    const double offs[3][2] = {{0, 0}, {0.5, 0.25}, {1.375, -1.5}};
    body a, b;
    for (int i = 0; i < 3; ++i) {
        double pb[3] = {offs[i][0], offs[i][1], 1.25};
        mk_box(&a, 1, 1, 1), mk_box(&b, 0.5, 0.75, 0.25);
        sweep_free("face-face box", &a, &b, O, I3, pb, I3, 0, ZUP, 0, 6);
        mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 0.5, 0.75, 0.25);
        sweep_free("face-face hull", &a, &b, O, I3, pb, I3, 0, ZUP, 0, 6);
        mk_hull_box(&a, 1, 1, 1), mk_box(&b, 0.5, 0.75, 0.25);
        sweep_free("face-face hull-box", &a, &b, O, I3, pb, I3, 0, ZUP, 0, 6);
        double pr[3] = {offs[i][0], offs[i][1], 1.25 + 0.1875};
        mk_box(&a, 1, 1, 1), b_round(&a, 0.125), mk_hull_box(&b, 0.5, 0.75, 0.25), b_round(&b, 0.0625);
        sweep_free("face-face rounded", &a, &b, O, I3, pr, I3, 0, ZUP, 0, 6);
    }
    const double pc[3] = {0.25, 0, 1.75};
    mk_cyl(&a, 1, 1), mk_cyl(&b, 0.5, 0.75);
    sweep_free("face-face cylinders", &a, &b, O, I3, pc, I3, 0, ZUP, F_CURVED, 6);
    mk_cyl(&a, 1, 1), mk_hull_box(&b, 0.5, 0.5, 0.25);
    sweep_free("face-face cylinder-hull", &a, &b, O, I3, (double[3]){0.5, 0.5, 1.25}, I3, 0, ZUP, F_CURVED, 6);
    end("touch_face_face");
}

/* Roofs: a prism whose top edge runs along y at z = 0, and an inverted one whose bottom edge runs along x. */
static const double ROOF_UP[6][3] = {{-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {1, 1, -1}, {0, -1, 0}, {0, 1, 0}};
static const double ROOF_DOWN_X[6][3] = {{-1, 0, 0}, {1, 0, 0}, {-1, -1, 1}, {1, -1, 1}, {-1, 1, 1}, {1, 1, 1}};
static const double ROOF_DOWN_Y[6][3] = {{0, -1, 0}, {0, 1, 0}, {-1, -1, 1}, {1, -1, 1}, {-1, 1, 1}, {1, 1, 1}};
/* Octahedra with a vertex at the local origin, pointing down (the shape above it) or up (the shape below it). */
static const double OCT_ABOVE[6][3] = {{0, 0, 0}, {1, 0, 1}, {-1, 0, 1}, {0, 1, 1}, {0, -1, 1}, {0, 0, 2}};
static const double OCT_BELOW[6][3] = {{0, 0, 0}, {1, 0, -1}, {-1, 0, -1}, {0, 1, -1}, {0, -1, -1}, {0, 0, -2}};

/* Edges touching exactly. Crossing edges: the origin lies inside a face (edge x edge) of the difference, normal
   z. Parallel edges: the origin lies on an edge of the difference and the normal is any in a wedge (the overlap
   check accepts exactly those). Boxes turned 45 degrees edge on edge (inexact rotations: the oracle decides). */
static void test_touch_edge_edge(void **st) {
    (void)st;
    begin();
    body a, b;
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, ROOF_DOWN_X, 6, 3);
    sweep_free("edge-edge crossing", &a, &b, O, I3, O, I3, 0, ZUP, 0, 8);
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, ROOF_DOWN_X, 6, 3);
    sweep_free("edge-edge crossing skew", &a, &b, O, I3, (double[3]){0.25, -0.5, 0}, axis_angle(0, 0, 1, 0.3), 0,
               ZUP, 0, 8);
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, ROOF_DOWN_Y, 6, 3);
    sweep_free("edge-edge parallel", &a, &b, O, I3, (double[3]){0, 0.5, 0}, I3, 0, NULL, 0, 8);
    double r2 = sqrt(2.0);
    for (int h = 0; h < 2; ++h) {
        if (h) mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 0.5, 0.5, 0.5);
        else mk_box(&a, 1, 1, 1), mk_box(&b, 0.5, 0.5, 0.5);
        sweep_free(h ? "edge-edge hull boxes" : "edge-edge boxes", &a, &b, O, axis_angle(0, 1, 0, PI / 4),
                   (double[3]){0.1, -0.2, r2 * 1.5}, axis_angle(1, 0, 0, PI / 4), NAN, NULL, 0, 8);
    }
    end("touch_edge_edge");
}

/* A vertex touching a face, an edge or a vertex exactly (octahedra with a vertex on the local origin). Vertex on
   face: normal z. Vertex on edge and vertex on vertex: the origin is on an edge or a vertex of the difference,
   the normal any in its cone. */
static void test_touch_vertex(void **st) {
    (void)st;
    begin();
    body a, b;
    mk_box(&a, 1, 1, 1), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-face box", &a, &b, O, I3, (double[3]){0.25, -0.5, 1}, axis_angle(0, 0, 1, 0.4), 0, ZUP, 0, 8);
    mk_hull_box(&a, 1, 1, 1), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-face hull", &a, &b, O, I3, (double[3]){-0.75, 0.5, 1}, I3, 0, ZUP, 0, 8);
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-edge", &a, &b, O, I3, (double[3]){0, 0.25, 0}, axis_angle(0, 0, 1, 0.3), 0, NULL, 0, 8);
    mk_hull(&a, OCT_BELOW, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-vertex", &a, &b, O, I3, O, axis_angle(0, 0, 1, 0.5), 0, NULL, 0, 8);
    mk_triangle(&a, v3(-1, -1, 0), v3(2, -1, 0), v3(-1, 2, 0)), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("vertex-triangle", &a, &b, O, I3, O, I3, 0, ZUP, 0, 8);
    end("touch_vertex");
}

/* ---- tiny gaps ------------------------------------------------------------------------------------------------ */

/* Boxes stacked with a gap or an overlap of 1e-9, 1e-7, 1e-5 and 1e-3 (mujoco #3476: a phantom deep contact at
   near-zero overlap; the sign must survive). The exact answer is that of the inputs as rounded to gjk_real: in
   float, 2 +- 1e-9 and 2 +- 1e-7 round to 2 or to 2 +- one ulp (2.4e-7), so there the test asserts a finite,
   consistent answer within 64 eps of that rounded input's exact distance (zero or one ulp), touching counted as
   intersecting. Box pairs (separating-axis closed form), hull pairs (GJK/EPA), and a 5 m box under a 0.2 m one. */
static void test_stacked_tiny_gaps(void **st) {
    (void)st;
    begin();
    const double gaps[4] = {1e-9, 1e-7, 1e-5, 1e-3};
    body a, b;
    for (int e = 0; e < 4; ++e)
        for (int s = -1; s <= 1; s += 2) {
            double z = rv(2 + s * gaps[e]), pb[3] = {0.3, -0.2, z};
            mk_box(&a, 1, 1, 1), mk_box(&b, 1, 1, 1);
            sweep_free("stacked boxes", &a, &b, O, I3, pb, I3, z - 2, ZUP, 0, 4);
            mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 1, 1, 1);
            sweep_free("stacked hulls", &a, &b, O, I3, pb, I3, z - 2, ZUP, 0, 4);
            double zs = rv(2.6 + s * gaps[e]), ps[3] = {1.2, -0.7, zs};
            mk_box(&a, 2.5, 2.5, 2.5), mk_box(&b, 0.1, 0.1, 0.1);
            sweep_free("stacked 5 m / 0.2 m", &a, &b, O, I3, ps, I3, zs - (2.5 + rv(0.1)), ZUP, 0, 4);
            mk_hull_box(&a, 2.5, 2.5, 2.5), mk_hull_box(&b, 0.1, 0.1, 0.1);
            sweep_free("stacked 5 m / 0.2 m hulls", &a, &b, O, I3, ps, I3, zs - (2.5 + rv(0.1)), ZUP, 0, 4);
        }
    end("stacked_tiny_gaps");
}

/* ---- thin shapes ---------------------------------------------------------------------------------------------- */

/* Plates 0.01 and 1e-6 thick (fcl #390 / #493: EPA failing on 0.01-thick boxes): the difference is a thin slab,
   so GJK's simplices are slivers and EPA's polytope has faces of near-zero area. Resting exactly, pierced by a
   cube, plate across plate, and random placements of plates against cubes, plates and hull plates. */
static void test_thin_boxes(void **st) {
    (void)st;
    begin();
    const double thick[2] = {0.01, 1e-6};
    body a, b;
    for (int i = 0; i < 2; ++i) {
        double h = thick[i] / 2, hr = rv(h);
        double rest[3] = {0.25, 0.125, rv(hr + 0.5)};
        mk_box(&a, 1, 1, h), mk_hull_box(&b, 0.5, 0.5, 0.5);
        sweep_free("plate rest", &a, &b, O, I3, rest, I3, rest[2] - (hr + 0.5), ZUP, 0, 4);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_box(&b, 0.25, 0.25, 0.25);
        sweep_free("plate pierced", &a, &b, O, I3, (double[3]){0.3, 0.2, 0.1}, I3, NAN, NULL, 0, 4);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_boxd(&b, 1, 1, h, DIM3(h));
        sweep_free("plate across plate", &a, &b, O, I3, (double[3]){0.25, 0, 0.5}, axis_angle(1, 0, 0, PI / 2), NAN,
                   NULL, 0, 4);
        mk_box(&a, 1, 1, h), mk_box(&b, 1, 1, h);
        sweep_free("plate across plate box", &a, &b, O, I3, (double[3]){0.25, 0, 0.5}, axis_angle(1, 0, 0, PI / 2),
                   NAN, NULL, 0, 4);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_boxd(&b, 1, 1, h, DIM3(h));
        sweep_free("plate on plate", &a, &b, O, I3, (double[3]){0.5, 0.25, 2 * hr}, I3, 0, ZUP, 0, 4);
        mk_box(&a, 1, 1, h), mk_box(&b, 0.5, 0.5, 0.5);
        random_pairs("plate random box", &a, &b, O, 1.2, 40), b_free(&a), b_free(&b);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_box(&b, 0.5, 0.5, 0.5);
        random_pairs("plate random hull", &a, &b, O, 1.2, 40), b_free(&a), b_free(&b);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_hull_boxd(&b, 0.75, 0.5, h, DIM3(h));
        random_pairs("plate random plates", &a, &b, O, 0.8, 40), b_free(&a), b_free(&b);
        mk_hull_boxd(&a, 1, 1, h, DIM3(h)), mk_capsule(&b, 0.125, 0.5);
        random_pairs("plate random capsule", &a, &b, O, 0.8, 20), b_free(&a), b_free(&b);
    }
    end("thin_boxes");
}

/* Sliver triangles (height 1e-3, 1e-6, 1e-9 over a unit base; an obtuse needle) against boxes, spheres,
   segments, other triangles and a sliver tetrahedron: Catto's "troublesome triangle", whose normal from the long
   edges is garbage; signed volumes and witnesses must not blow up. Coplanar triangle pairs have a flat difference:
   depth 0 with the plane's normal. */
static void test_sliver_triangles(void **st) {
    (void)st;
    begin();
    const double hs[3] = {1e-3, 1e-6, 1e-9};
    body a, b;
    for (int i = 0; i < 3; ++i) {
        double h = hs[i];
        gjk_vec3 t0 = v3(-0.5, 0, 0), t1 = v3(0.5, 0, 0), t2 = v3(0, h, 0), n2 = v3(1, h, 0);
        mk_triangle(&a, t0, t1, t2), mk_box(&b, 0.5, 0.5, 0.5);
        random_pairs("sliver box", &a, &b, O, 1, 30), b_free(&a), b_free(&b);
        mk_triangle(&a, t0, t1, t2), mk_sphere(&b, 0.25);
        random_pairs("sliver sphere", &a, &b, O, 0.6, 30), b_free(&a), b_free(&b);
        mk_triangle(&a, v3(-1, 0, 0), v3(0.25, 0, 0), n2), mk_segment(&b, v3(0, 0, -0.5), v3(0, 0, 0.5));
        random_pairs("needle segment", &a, &b, O, 0.6, 30), b_free(&a), b_free(&b);
        mk_triangle(&a, t0, t1, t2), mk_triangle(&b, v3(-1, 0, 0), v3(0.25, 0, 0), n2);
        random_pairs("sliver sliver", &a, &b, O, 0.5, 30), b_free(&a), b_free(&b);
        double tet[4][3] = {{-1, 0, 0}, {1, 0, 0}, {0, h, 0}, {0, 0, h}};
        mk_hull(&a, (const double(*)[3])tet, 4, DIM3(h)), mk_hull_box(&b, 0.25, 0.5, 0.75);
        random_pairs("sliver tetrahedron", &a, &b, O, 1, 30), b_free(&a), b_free(&b);
        /* coplanar: rotations about z keep every z exactly 0 */
        test_rng rng = {77 + (uint64_t)i};
        g_label = "coplanar triangles";
        for (int k = 0; k < 20; ++k) {
            mk_triangle(&a, t0, t1, t2), mk_triangle(&b, v3(-1, 0, 0), v3(0.25, 0, 0), n2);
            double ang = test_uniform(&rng, -PI, PI);
            gjk_vec3 r = test_vec3(&rng, -0.75, 0.75);
            b_place(&a, O, I3);
            b_place(&b, (double[3]){r.x, r.y, 0}, quat(cos(ang / 2), 0, 0, sin(ang / 2)));
            check_pair(&a, &b, NAN, NULL, 0);
            b_free(&a), b_free(&b);
        }
    }
    end("sliver_triangles");
}

/* Hulls of degenerate clouds (gjk_hull3_create): all points coplanar (a polygon, dimension 2), collinear (a
   segment, dimension 1) or identical (a point, dimension 0), against boxes, spheres, hulls and each other. The
   oracle takes the raw input points, not the library's hull. */
static void test_degenerate_hulls(void **st) {
    (void)st;
    begin();
    test_rng rng = {5};
    double flat[12][3], tilted[12][3], line[6][3], same[5][3];
    for (int i = 0; i < 12; ++i) {
        /* dyadic coordinates: exactly on the planes z = 0.25 and x + y + z = 0.5 */
        flat[i][0] = floor(test_uniform(&rng, -64, 64)) / 64, flat[i][1] = floor(test_uniform(&rng, -64, 64)) / 64;
        flat[i][2] = 0.25;
        tilted[i][0] = floor(test_uniform(&rng, -64, 64)) / 64, tilted[i][1] = floor(test_uniform(&rng, -64, 64)) / 64;
        tilted[i][2] = 0.5 - tilted[i][0] - tilted[i][1];
    }
    const double ts[6] = {-1, -0.5, 0, 0.25, 0.75, 1};
    for (int i = 0; i < 6; ++i) line[i][0] = ts[i], line[i][1] = 2 * ts[i], line[i][2] = -0.5 * ts[i];
    for (int i = 0; i < 5; ++i) same[i][0] = 0.25, same[i][1] = -0.5, same[i][2] = 0.125;
    struct {
        const char *name;
        const double (*p)[3];
        int n, dim, verts;
    } sets[4] = {{"coplanar", (const double(*)[3])flat, 12, 2, -1},
                 {"tilted coplanar", (const double(*)[3])tilted, 12, 2, -1},
                 {"collinear", (const double(*)[3])line, 6, 1, 2},
                 {"identical", (const double(*)[3])same, 5, 0, 1}};
    body a, b;
    for (int s = 0; s < 4; ++s) {
        char label[64];
        mk_hull(&a, sets[s].p, sets[s].n, sets[s].dim);
        if (sets[s].verts > 0) assert_int_equal(a.hull->vertex_count, sets[s].verts);
        mk_box(&b, 0.5, 0.375, 0.25);
        snprintf(label, sizeof label, "%s vs box", sets[s].name);
        random_pairs(label, &a, &b, O, 1.2, 30), b_free(&b);
        mk_sphere(&b, 0.25);
        snprintf(label, sizeof label, "%s vs sphere", sets[s].name);
        random_pairs(label, &a, &b, O, 1, 30), b_free(&b);
        mk_hull(&b, sets[s].p, sets[s].n, sets[s].dim);
        snprintf(label, sizeof label, "%s vs itself", sets[s].name);
        random_pairs(label, &a, &b, O, 1, 30), b_free(&b);
        mk_hull(&b, sets[(s + 1) % 4].p, sets[(s + 1) % 4].n, sets[(s + 1) % 4].dim);
        snprintf(label, sizeof label, "%s vs next", sets[s].name);
        random_pairs(label, &a, &b, O, 1, 30), b_free(&b);
        b_free(&a);
    }
    end("degenerate_hulls");
}

/* Duplicate points: every corner of a box four times, plus face centres, edge midpoints and the centre (coplanar
   and interior points), give the box (8 vertices, 6 merged faces); duplicated flat and collinear clouds give a
   quadrilateral and a segment. Queries on them against the oracle of the raw clouds. */
static void test_duplicate_points(void **st) {
    (void)st;
    begin();
    double p[64][3], q[16][3], r[9][3];
    int n = 0;
    for (int rep = 0; rep < 4; ++rep)
        for (int i = 0; i < 8; ++i)
            p[n][0] = i & 1 ? 0.5 : -0.5, p[n][1] = i & 2 ? 0.75 : -0.75, p[n][2] = i & 4 ? 0.25 : -0.25, ++n;
    for (int axis = 0; axis < 3; ++axis)
        for (int s = -1; s <= 1; s += 2) {
            const double h[3] = {0.5, 0.75, 0.25};
            p[n][0] = p[n][1] = p[n][2] = 0, p[n][axis] = s * h[axis], ++n; /* face centres */
            for (int t = -1; t <= 1; t += 2) { /* edge midpoints */
                int o = (axis + 1) % 3;
                p[n][0] = p[n][1] = p[n][2] = 0, p[n][axis] = s * h[axis], p[n][o] = t * h[o], ++n;
            }
        }
    p[n][0] = p[n][1] = p[n][2] = 0, ++n;
    for (int i = 0; i < 16; ++i) q[i][0] = i & 1 ? 0.5 : -0.5, q[i][1] = i & 2 ? 0.25 : -0.25, q[i][2] = 0;
    for (int i = 0; i < 9; ++i) r[i][0] = (i % 3) * 0.5 - 0.5, r[i][1] = r[i][2] = 0;
    body a, b;
    mk_hull(&a, (const double(*)[3])p, n, 3);
    assert_int_equal(a.hull->vertex_count, 8);
    assert_int_equal(a.hull->face_count, 6);
    mk_box(&b, 0.375, 0.25, 0.125);
    random_pairs("duplicates vs box", &a, &b, O, 1.5, 40), b_free(&b);
    mk_hull(&b, (const double(*)[3])p, n, 3);
    sweep("duplicates identical", &a, &b, O, I3, O, I3, -0.5, NULL, 0, 4, 0), b_free(&b);
    mk_hull(&b, (const double(*)[3])q, 16, 2);
    assert_int_equal(b.hull->vertex_count, 4);
    random_pairs("duplicates flat", &a, &b, O, 1.2, 40), b_free(&b);
    mk_hull(&b, (const double(*)[3])r, 9, 1);
    assert_int_equal(b.hull->vertex_count, 2);
    random_pairs("duplicates collinear", &a, &b, O, 1.2, 40), b_free(&b);
    b_free(&a);
    end("duplicate_points");
}

/* ---- scale ---------------------------------------------------------------------------------------------------- */

/* Size disparity (libccd #17): a 5 m box against a 0.2 m one, and 1e3 against 1e-3 (box, sphere, hull), the small
   shape resting on, straddling the edge of, sunk into or hovering over the big one. Tolerances are relative to
   the pair's size (the big shape), as documented. */
static void test_size_disparity(void **st) {
    (void)st;
    begin();
    body a, b;
    const double big[2] = {2.5, 1e3}, small[2] = {0.1, 1e-3};
    for (int i = 0; i < 2; ++i) {
        double H = big[i], h = rv(small[i]);
        const double spots[5][3] = {{0.3 * H, -0.2 * H, H + h},      /* resting */
                                    {H, 0.1 * H, H + h},             /* on the edge */
                                    {H + 0.5 * h, H + 0.5 * h, H},   /* at the corner, half sunk */
                                    {0.2 * H, 0.1 * H, H + 3 * h},   /* hovering */
                                    {-0.5 * H, 0.25 * H, H - 0.5 * h}}; /* half sunk */
        for (int k = 0; k < 5; ++k) {
            mk_box(&a, H, H, H), mk_box(&b, h, h, h);
            sweep_free("disparity box", &a, &b, O, I3, spots[k], I3, NAN, NULL, 0, 4);
            mk_hull_box(&a, H, H, H), mk_hull_box(&b, h, h, h);
            sweep_free("disparity hull", &a, &b, O, I3, spots[k], axis_angle(1, 2, 3, 0.7), NAN, NULL, 0, 4);
            mk_box(&a, H, 0.5 * H, H), mk_sphere(&b, h);
            sweep_free("disparity sphere", &a, &b, O, I3, spots[k], I3, NAN, NULL, 0, 4);
            mk_sphere(&a, H), mk_hull_box(&b, h, 0.5 * h, h);
            double onsphere[3] = {0, 0, H + (k - 2) * 0.5 * h};
            sweep_free("disparity big sphere", &a, &b, O, I3, onsphere, axis_angle(1, 1, 0, 0.3), NAN, NULL, 0, 4);
        }
    }
    end("size_disparity");
}

/* Far from the origin (NUMERICS: subtracting support points at 1e4..1e6 loses digits): millimetre boxes and
   hulls at 1e6 in double, unit-sized ones at 1e3 in float, touching, with tiny gaps and overlaps, edge on edge.
   The oracle works with the offset between the positions, which is exact. */
static void test_far_from_origin(void **st) {
    (void)st;
    begin();
    const double far = GJK_USE_FLOAT ? 1e3 : 1e6, u = GJK_USE_FLOAT ? 0.25 : 1e-3; /* feature size */
    body a, b;
    const double gaps[4] = {0, 0.01, -0.01, 0.5};
    for (int g = 0; g < 4; ++g) {
        double pb[3] = {0.3 * u, -0.2 * u, 2 * u + gaps[g] * u};
        mk_box(&a, u, u, u), mk_box(&b, u, u, u);
        sweep("far boxes", &a, &b, O, I3, pb, I3, NAN, NULL, 0, 4, far), b_free(&a), b_free(&b);
        mk_hull_box(&a, u, u, u), mk_hull_box(&b, u, u, u);
        sweep("far hulls", &a, &b, O, I3, pb, axis_angle(1, 0, 1, 0.2), NAN, NULL, 0, 4, far), b_free(&a),
            b_free(&b);
        mk_hull_box(&a, u, u, u), mk_capsule(&b, 0.5 * u, u);
        sweep("far capsule", &a, &b, O, I3, pb, axis_angle(1, 0, 0, PI / 2), NAN, NULL, 0, 4, far), b_free(&a),
            b_free(&b);
    }
    double roof_up[6][3], roof_dn[6][3];
    for (int i = 0; i < 6; ++i)
        for (int k = 0; k < 3; ++k) roof_up[i][k] = ROOF_UP[i][k] * u, roof_dn[i][k] = ROOF_DOWN_X[i][k] * u;
    mk_hull(&a, (const double(*)[3])roof_up, 6, 3), mk_hull(&b, (const double(*)[3])roof_dn, 6, 3);
    sweep("far edge-edge", &a, &b, O, I3, O, I3, NAN, NULL, 0, 6, far), b_free(&a), b_free(&b);
    end("far_from_origin");
}

/* ---- containment and identical shapes ------------------------------------------------------------------------- */

/* One shape deep inside another, and identical shapes at the same pose: the origin is deep inside the difference
   (at its centre for identical shapes, where every direction through it is symmetric), so EPA starts from a
   simplex that may hold the origin on a face; the depth is the difference's inradius along the best face. Closed
   forms: aligned boxes (the least of h + h' - |c| per axis), a sphere in a box, a box in a cylinder, identical
   box/sphere/capsule (twice the smallest half extent / radius); flat identical pairs (segment, triangle) and
   points give depth 0. */
static void test_containment_identical(void **st) {
    (void)st;
    begin();
    body a, b;
    const double c[3] = {0.5, -0.25, 0.125}, xn[3] = {1, 0, 0};
    mk_box(&a, 1, 1, 1), mk_box(&b, 0.1, 0.2, 0.3);
    sweep_free("box in box", &a, &b, O, I3, c, I3, -(1 + rv(0.1) - 0.5), xn, 0, 4);
    mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 0.1, 0.2, 0.3);
    sweep_free("hull in hull", &a, &b, O, I3, c, I3, -(1 + rv(0.1) - 0.5), xn, 0, 4);
    mk_hull_box(&a, 1, 1, 1), mk_sphere(&b, 0.2);
    sweep_free("sphere in hull", &a, &b, O, I3, c, I3, -(1 + rv(0.2) - 0.5), xn, 0, 4);
    mk_cyl(&a, 1, 1), mk_hull_box(&b, 0.1, 0.1, 0.1);
    sweep_free("box in cylinder", &a, &b, O, I3, (double[3]){0.25, 0, 0.75}, I3, -(1 + rv(0.1) - 0.75), ZUP,
               F_CURVED, 4);
    test_rng rng = {11};
    double pts[24][3];
    for (int i = 0; i < 24; ++i) {
        gjk_vec3 v = test_unit3(&rng);
        pts[i][0] = 0.2 * v.x, pts[i][1] = 0.1 * v.y, pts[i][2] = 0.15 * v.z;
    }
    mk_hull_box(&a, 1, 0.75, 0.5), mk_hull(&b, (const double(*)[3])pts, 24, 3);
    sweep_free("random hull in hull", &a, &b, O, I3, (double[3]){0.1, 0.2, -0.1}, axis_angle(1, 2, 0, 1), NAN, NULL,
               0, 4);
    /* identical shapes at the same pose */
    mk_box(&a, 1, 2, 3), mk_box(&b, 1, 2, 3);
    sweep_free("same box", &a, &b, O, I3, O, I3, -2, NULL, 0, 4);
    mk_hull_box(&a, 1, 2, 3), mk_hull_box(&b, 1, 2, 3);
    sweep_free("same hull box", &a, &b, O, I3, O, I3, -2, NULL, 0, 4);
    mk_hull(&a, (const double(*)[3])pts, 24, 3), mk_hull(&b, (const double(*)[3])pts, 24, 3);
    sweep_free("same hull", &a, &b, O, I3, O, I3, NAN, NULL, 0, 4);
    mk_sphere(&a, 0.75), mk_sphere(&b, 0.75);
    sweep_free("same sphere", &a, &b, O, I3, O, I3, -1.5, NULL, 0, 4);
    mk_capsule(&a, 0.5, 1), mk_capsule(&b, 0.5, 1);
    sweep_free("same capsule", &a, &b, O, I3, O, I3, -1, NULL, 0, 4);
    mk_segment(&a, v3(-1, 0.5, 0), v3(1, 0, 0.25)), mk_segment(&b, v3(-1, 0.5, 0), v3(1, 0, 0.25));
    sweep_free("same segment", &a, &b, O, I3, O, I3, 0, NULL, 0, 4);
    mk_triangle(&a, v3(-1, 0, 0), v3(1, 0.5, 0), v3(0, 1, 0.5));
    mk_triangle(&b, v3(-1, 0, 0), v3(1, 0.5, 0), v3(0, 1, 0.5));
    sweep_free("same triangle", &a, &b, O, I3, O, I3, 0, NULL, 0, 4);
    mk_hull(&a, (const double[1][3]){{0.5, 0.25, 0}}, 1, 0), mk_hull(&b, (const double[1][3]){{0.5, 0.25, 0}}, 1, 0);
    sweep_free("same point", &a, &b, O, I3, O, I3, 0, NULL, 0, 4);
    end("containment_identical");
}

/* Identical curved shapes at the same pose: the deepest direction of a cylinder (radially, when 2R < 2H) and of a
   cone (normal to its slant) is a whole circle, the case README documents for GJK_MAX_ITERATIONS. The closed forms:
   min(2R, 2H) for a cylinder, the least width min(2H, 4RH / sqrt(R^2 + 4H^2)) for a cone. Whatever the status, the
   answer must stay a usable contact: moving B by the reported depth along the normal separates the pair. */
static void test_identical_curved(void **st) {
    (void)st;
    begin();
    body a, b;
    mk_cyl(&a, 1, 2), mk_cyl(&b, 1, 2);
    sweep_free("same cylinder", &a, &b, O, I3, O, I3, -2, NULL, F_CURVED | F_MAXIT, 4);
    mk_cyl(&a, 2, 0.5), mk_cyl(&b, 2, 0.5);
    sweep_free("same flat cylinder", &a, &b, O, I3, O, I3, -1, NULL, F_CURVED, 4);
    mk_cone(&a, 1, 1), mk_cone(&b, 1, 1);
    sweep_free("same cone", &a, &b, O, I3, O, I3, -4 / sqrt(5.0), NULL, F_CURVED | F_MAXIT, 4);
    end("identical_curved");
}

/* ---- near-parallel features ----------------------------------------------------------------------------------- */

/* Segments and capsules nearly parallel (tilt 0, 1e-12, 1e-9, 1e-6, 1e-3 rad): Ericson's closest points of two
   segments divide by the squared sine of the angle. A runs along x, B lies in the plane y = d crossing z = 0 above
   A, so the distance is exactly d (capsules: d - ra - rb) with normal +y, whatever the tilt and its rounding.
   d = 0: the segments cross or overlap, the difference is flat, depth 0 (capsules: ra + rb) along +-y. Also
   collinear and nearly collinear segments end to end, and parallel ones past each other's ends. */
static void test_parallel_segments_capsules(void **st) {
    (void)st;
    begin();
    const double tilts[5] = {0, 1e-12, 1e-9, 1e-6, 1e-3}, ds[5] = {1, 0.375, 0.3, 1e-3, 0};
    const double yn[3] = {0, 1, 0}, xn[3] = {1, 0, 0};
    body a, b;
    for (int t = 0; t < 5; ++t)
        for (int k = 0; k < 5; ++k) {
            double c = 0.75 * cos(tilts[t]), s = 0.75 * sin(tilts[t]), d = rv(ds[k]);
            gjk_vec3 b0 = v3(0.25 - c, d, -s), b1 = v3(0.25 + c, d, s);
            mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), mk_segment(&b, b0, b1);
            sweep_free("parallel segments", &a, &b, O, I3, O, I3, d, d > 0 ? yn : NULL, 0, 4);
            mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), b_round(&a, 0.25);
            mk_segment(&b, b0, b1), b_round(&b, 0.125);
            sweep_free("parallel capsules", &a, &b, O, I3, O, I3, d - 0.375, d > 0 ? yn : NULL, 0, 4);
            /* library capsules (axis z) turned onto x: inexact rotation, the oracle decides */
            mk_capsule(&a, 0.25, 1), mk_capsule(&b, 0.125, 0.75);
            gjk_quat qa = axis_angle(0, 1, 0, PI / 2), qb = axis_angle(0, 1, 0, PI / 2 - tilts[t]);
            sweep_free("parallel capsule3", &a, &b, O, qa, (double[3]){0.25, d, 0}, qb, NAN, NULL, 0, 4);
        }
    const double gaps[3] = {0, 1e-9, 1e-3};
    for (int g = 0; g < 3; ++g)
        for (int t = 0; t < 5; ++t) {
            double x0 = rv(1 + gaps[g]), ct = 2 * cos(tilts[t]), stt = 2 * sin(tilts[t]);
            mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), mk_segment(&b, v3(x0, 0, 0), v3(x0 + ct, stt, 0));
            sweep_free("collinear segments", &a, &b, O, I3, O, I3, x0 - 1, x0 > 1 ? xn : NULL, F_CLOSED, 4);
            mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), b_round(&a, 0.25);
            mk_segment(&b, v3(x0, 0, 0), v3(x0 + ct, stt, 0)), b_round(&b, 0.25);
            sweep_free("collinear capsules", &a, &b, O, I3, O, I3, x0 - 1 - 0.5, x0 > 1 ? xn : NULL, F_CLOSED, 4);
        }
    mk_segment(&a, v3(-1, 0, 0), v3(1, 0, 0)), mk_segment(&b, v3(2, 0.5, 0), v3(4, 0.5, 0));
    sweep_free("parallel past the ends", &a, &b, O, I3, O, I3, hypot(1, 0.5), NULL, 0, 4);
    end("parallel_segments_capsules");
}

/* ---- curved cores --------------------------------------------------------------------------------------------- */

/* Cylinders end to end (coaxial and offset), side by side (parallel axes) and crossed, apart, touching and
   overlapping: the support of a cylinder along its axis has no radial part (a whole cap), and sideways a whole
   generator line. Closed forms (distance = the gap; depth = the overlap along the axis or across), normal unique.
   GJK_MAX_ITERATIONS is accepted for the coaxial overlaps (README: EPA on coaxial cylinders may hit its capacity). */
static void test_cylinders(void **st) {
    (void)st;
    begin();
    const double gaps[5] = {0.5, 1e-3, 0, -1e-3, -0.25};
    const double xn[3] = {1, 0, 0}, yn[3] = {0, 1, 0};
    body a, b;
    for (int g = 0; g < 5; ++g) {
        double gap = gaps[g];
        int fl = F_CURVED | (gap < 0 ? F_MAXIT : 0);
        mk_cyl(&a, 1, 1), mk_cyl(&b, 1, 1);
        sweep_free("cylinders end to end", &a, &b, O, I3, (double[3]){0, 0, rv(2 + gap)}, I3, rv(2 + gap) - 2, ZUP,
                   fl, 4);
        mk_cyl(&a, 1, 1), mk_cyl(&b, 0.5, 0.75);
        sweep_free("cylinders end to end offset", &a, &b, O, I3, (double[3]){0.75, 0.25, rv(1.75 + gap)}, I3,
                   rv(1.75 + gap) - 1.75, ZUP, F_CURVED, 4);
        mk_cyl(&a, 1, 1), mk_cyl(&b, 0.5, 0.75);
        sweep_free("cylinders side by side", &a, &b, O, I3, (double[3]){rv(1.5 + gap), 0, 0.5}, I3,
                   rv(1.5 + gap) - 1.5, xn, F_CURVED, 4);
        mk_cyl(&a, 1, 1), mk_cyl(&b, 0.5, 2);
        sweep_free("cylinders crossed", &a, &b, O, I3, (double[3]){0, rv(1.5 + gap), 0}, quat(0.5, 0.5, 0.5, 0.5),
                   rv(1.5 + gap) - 1.5, yn, F_CURVED, 4);
    }
    end("cylinders");
}

/* Cones tip to tip (coaxial, B upside down), apart and touching: the closest points are the apexes, where the
   supports of both cones are discontinuous, and every support point GJK meets is near the origin of the
   difference. A cone's apex on a cylinder's cap, apart, touching and overlapping (depth = the overlap along the
   axis, a flat face of the difference). */
static void test_cones_tip_to_tip(void **st) {
    (void)st;
    begin();
    const double gaps[5] = {0.5, 1e-3, 1e-6, 0, -1e-3};
    const gjk_quat flip = quat(0, 1, 0, 0); /* pi about x, exact */
    body a, b;
    for (int g = 0; g < 5; ++g) {
        double z = rv(2 + gaps[g]), zz = rv(1.75 + gaps[g]);
        if (gaps[g] >= 0) {
            mk_cone(&a, 1, 1), mk_cone(&b, 1, 1);
            sweep_free("cones tip to tip", &a, &b, O, I3, (double[3]){0, 0, z}, flip, z - 2, z > 2 ? ZUP : NULL,
                       F_CURVED, 4);
            mk_cone(&a, 1, 1), mk_cone(&b, 0.5, 0.75);
            sweep_free("cones tip to tip unequal", &a, &b, O, I3, (double[3]){0, 0, zz}, flip, zz - 1.75,
                       zz > 1.75 ? ZUP : NULL, F_CURVED, 4);
        }
        mk_cone(&a, 1, 1), mk_cyl(&b, 1, 1);
        sweep_free("cone tip on cylinder", &a, &b, O, I3, (double[3]){0.25, 0, z}, I3, z - 2, ZUP, F_CURVED, 4);
    }
    end("cones_tip_to_tip");
}

/* Cones tip to tip overlapping by delta: near its top vertex the difference is the wider of the two cones (the sum
   of two coaxial cones with a common apex), so the depth is delta * sin(alpha), tan(alpha) = R / 2H, along any
   direction of a whole circle: README's case for GJK_MAX_ITERATIONS, accepted here. Whatever the status, moving B
   by the reported depth along the normal must separate the pair. */
static void test_cones_tip_to_tip_overlap(void **st) {
    (void)st;
    begin();
    const double gaps[3] = {-1e-6, -1e-3, -0.05};
    const gjk_quat flip = quat(0, 1, 0, 0);
    const double sa = 1 / sqrt(5.0);
    body a, b;
    for (int g = 0; g < 3; ++g) {
        double z = rv(2 + gaps[g]), zz = rv(1.75 + gaps[g]);
        mk_cone(&a, 1, 1), mk_cone(&b, 1, 1);
        sweep_free("cones overlap", &a, &b, O, I3, (double[3]){0, 0, z}, flip, (z - 2) * sa, NULL,
                   F_CURVED | F_MAXIT, 4);
        mk_cone(&a, 1, 1), mk_cone(&b, 0.5, 0.75);
        sweep_free("cones overlap unequal", &a, &b, O, I3, (double[3]){0, 0, zz}, flip, (zz - 1.75) * sa, NULL,
                   F_CURVED | F_MAXIT, 4);
    }
    end("cones_tip_to_tip_overlap");
}

/* ---- the origin on the boundary of the simplex when EPA starts ------------------------------------------------ */

/* mujoco_warp #1526: the origin exactly on a face of the final GJK simplex. Zero depth with the origin on a face,
   an edge and a vertex of the difference (hulls: GJK/EPA, no closed form), and symmetric overlaps (identical
   hull boxes shifted along an axis, a face diagonal, a space diagonal; a tetrahedron against its mirror image)
   where GJK's supports come in opposite pairs and its simplex holds the origin on an edge or a face; EPA must grow
   it to a tetrahedron by orthogonal supports. Also rounded hulls whose cores touch exactly (depth = the margins). */
static void test_epa_origin_on_boundary(void **st) {
    (void)st;
    begin();
    body a, b;
    const double xn[3] = {1, 0, 0};
    mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 1, 1, 1);
    sweep_free("origin on a face", &a, &b, O, I3, (double[3]){0.5, 0.25, 2}, I3, 0, ZUP, 0, 6);
    mk_hull(&a, ROOF_UP, 6, 3), mk_hull(&b, ROOF_DOWN_Y, 6, 3);
    sweep_free("origin on an edge", &a, &b, O, I3, O, I3, 0, NULL, 0, 6);
    mk_hull(&a, OCT_BELOW, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("origin on a vertex", &a, &b, O, I3, O, I3, 0, NULL, 0, 6);
    mk_hull(&a, OCT_BELOW, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("origin on a vertex, turned", &a, &b, O, I3, O, axis_angle(0, 0, 1, PI / 4), 0, NULL, 0, 6);
    mk_hull(&a, OCT_BELOW, 6, 3), b_round(&a, 0.125), mk_hull(&b, OCT_ABOVE, 6, 3), b_round(&b, 0.25);
    sweep_free("rounded cores touching", &a, &b, O, I3, O, I3, -0.375, NULL, 0, 6);
    mk_hull_box(&a, 1, 1, 1), b_round(&a, 0.125), mk_hull_box(&b, 1, 1, 1), b_round(&b, 0.125);
    sweep_free("rounded faces touching", &a, &b, O, I3, (double[3]){0.25, 0, 2}, I3, -0.25, ZUP, 0, 6);
    const double shifts[3][3] = {{0.5, 0, 0}, {0.5, 0.5, 0}, {0.5, 0.5, 0.5}};
    for (int i = 0; i < 3; ++i) {
        mk_hull_box(&a, 1, 1, 1), mk_hull_box(&b, 1, 1, 1);
        sweep_free("symmetric shift", &a, &b, O, I3, shifts[i], I3, -1.5, i == 0 ? xn : NULL, 0, 6);
        mk_box(&a, 1, 1, 1), mk_box(&b, 1, 1, 1);
        sweep_free("symmetric shift boxes", &a, &b, O, I3, shifts[i], I3, -1.5, i == 0 ? xn : NULL, 0, 6);
    }
    const double tet[4][3] = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
    const double mir[4][3] = {{-1, -1, -1}, {-1, 1, 1}, {1, -1, 1}, {1, 1, -1}};
    mk_hull(&a, tet, 4, 3), mk_hull(&b, mir, 4, 3);
    sweep_free("tetrahedron and mirror", &a, &b, O, I3, O, I3, NAN, NULL, 0, 6);
    mk_hull(&a, tet, 4, 3), mk_hull(&b, tet, 4, 3);
    sweep_free("same tetrahedron", &a, &b, O, I3, O, I3, NAN, NULL, 0, 6);
    mk_hull(&a, OCT_ABOVE, 6, 3), mk_hull(&b, OCT_ABOVE, 6, 3);
    sweep_free("same octahedron shifted", &a, &b, O, I3, (double[3]){0, 0, 0.5}, I3, NAN, NULL, 0, 6);
    end("epa_origin_on_boundary");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_touch_face_face),
        cmocka_unit_test(test_touch_edge_edge),
        cmocka_unit_test(test_touch_vertex),
        cmocka_unit_test(test_stacked_tiny_gaps),
        cmocka_unit_test(test_thin_boxes),
        cmocka_unit_test(test_sliver_triangles),
        cmocka_unit_test(test_degenerate_hulls),
        cmocka_unit_test(test_duplicate_points),
        cmocka_unit_test(test_size_disparity),
        cmocka_unit_test(test_far_from_origin),
        cmocka_unit_test(test_containment_identical),
        cmocka_unit_test(test_identical_curved),
        cmocka_unit_test(test_parallel_segments_capsules),
        cmocka_unit_test(test_cylinders),
        cmocka_unit_test(test_cones_tip_to_tip),
        cmocka_unit_test(test_cones_tip_to_tip_overlap),
        cmocka_unit_test(test_epa_origin_on_boundary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
