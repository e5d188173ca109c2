// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The machinery of test_degenerate3.c and test_degenerate3_curved.c (declared in degenerate3_check.h): bodies
   and their exact geometry in double, the shared check check_pair() against the oracle (oracle3.c) or a closed
   form, and the sweeps over rigid motions. What is checked and the tolerances: the opening comment of
   test_degenerate3.c. */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "degenerate3_check.h"

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

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static double len(const double a[3]) { return sqrt(dot(a, a)); }
static void of3(gjk_vec3 v, double o[3]) { o[0] = v.x, o[1] = v.y, o[2] = v.z; }

/* ---- bodies: what the library is given, and the same geometry in double for the checks --------------------- */

static void b_init(body *b, gjk_shape3 s) {
    memset(b, 0, sizeof *b);
    b->shape = s;
    b->pose = gjk_pose3_identity();
}
static void b_add(body *b, gjk_vec3 p) {
    assert_true(b->n < MAXP);
    of3(p, b->local[b->n++]);
}
void b_free(body *b) {
    if (b->hull) gjk_hull3_destroy(b->hull);
    if (b->has_core) oracle3_hull_free(&b->core);
    b->hull = NULL;
    b->has_core = 0;
}

void mk_box(body *b, double hx, double hy, double hz) {
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
void mk_hull(body *b, const double (*p)[3], int n, int want_dim) {
    gjk_vec3 v[MAXP];
    assert_true(n <= MAXP);
    for (int i = 0; i < n; ++i) v[i] = v3(p[i][0], p[i][1], p[i][2]);
    mk_hullv(b, v, n, want_dim);
}
/* A box as a hull of its corners: no box closed form, so GJK and EPA do the work. */
void mk_hull_boxd(body *b, double hx, double hy, double hz, int want_dim) {
    double c[8][3];
    for (int i = 0; i < 8; ++i) c[i][0] = i & 1 ? hx : -hx, c[i][1] = i & 2 ? hy : -hy, c[i][2] = i & 4 ? hz : -hz;
    mk_hull(b, (const double(*)[3])c, 8, want_dim);
}
void mk_hull_box(body *b, double hx, double hy, double hz) { mk_hull_boxd(b, hx, hy, hz, 3); }
void mk_segment(body *b, gjk_vec3 p, gjk_vec3 q) {
    b_init(b, gjk_segment3(p, q));
    b_add(b, p), b_add(b, q);
}
void mk_triangle(body *b, gjk_vec3 p, gjk_vec3 q, gjk_vec3 r) {
    b_init(b, gjk_triangle3(p, q, r));
    b_add(b, p), b_add(b, q), b_add(b, r);
}
void mk_sphere(body *b, double r) {
    b_init(b, gjk_sphere3((gjk_real)r));
    b_add(b, gjk_v3(0, 0, 0));
    b->radius = b->shape.sphere.radius;
}
void mk_capsule(body *b, double r, double hh) {
    b_init(b, gjk_capsule3((gjk_real)r, (gjk_real)hh));
    b_add(b, gjk_v3(0, 0, -b->shape.capsule.half_height)), b_add(b, gjk_v3(0, 0, b->shape.capsule.half_height));
    b->radius = b->shape.capsule.radius;
}
void mk_cyl(body *b, double r, double hh) {
    b_init(b, gjk_cylinder3((gjk_real)r, (gjk_real)hh));
    b->kind = K_CYL, b->R = b->shape.cylinder.radius, b->H = b->shape.cylinder.half_height;
}
void mk_cone(body *b, double r, double hh) {
    b_init(b, gjk_cone3((gjk_real)r, (gjk_real)hh));
    b->kind = K_CONE, b->R = b->shape.cone.radius, b->H = b->shape.cone.half_height;
}
void b_round(body *b, double margin) {
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

void b_place(body *b, const double pos[3], gjk_quat q) {
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

static int g_failures, g_motion, g_pairs, g_epa; /* g_epa: pairs where EPA ran */
const char *g_label;
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
       polytope face, a chord: docs/numerics.md documents them as within 0.5% of the size. */
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
void check_pair(body *a, body *b, double closed, const double *cn, int flags) {
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
    /* curved cores: a distance known to a relative gap e pins the normal only to about sqrt(e) (docs/numerics.md) */
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
void sweep(const char *label, body *a, body *b, const double pa[3], gjk_quat qa, const double pb[3],
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
void sweep_free(const char *label, body *a, body *b, const double pa[3], gjk_quat qa, const double pb[3],
                gjk_quat qb, double closed, const double *cn, int flags, int motions) {
    sweep(label, a, b, pa, qa, pb, qb, closed, cn, flags, motions, 0);
    b_free(a), b_free(b);
}

void begin(void) { g_failures = 0, g_pairs = 0, g_epa = 0, g_worst_dist = g_worst_depth = g_worst_gap = 0; }
void end(const char *name) {
    print_message("[degenerate3] %-26s pairs %4d (EPA %4d), max err / L: distance %.2e depth %.2e normal gap %.2e\n",
                  name, g_pairs, g_epa, g_worst_dist, g_worst_depth, g_worst_gap);
    assert_int_equal(g_failures, 0);
}

/* Random placements of B about A: random rotations, B's position uniform in a cube of half side `spread` around
   `centre`. The exact answer comes from the oracle (polytope pairs only). */
void random_pairs(const char *label, body *a, body *b, const double centre[3], double spread, int count) {
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
