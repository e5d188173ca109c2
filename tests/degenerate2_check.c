// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The machinery of test_degenerate2.c (declared in degenerate2_check.h): bodies and their oracle shapes, the
   shared check check_pair() against the oracle (oracle2.c) and closed forms, and the sweeps over rigid motions.
   What is checked and the tolerances: the opening comment of test_degenerate2.c. */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "degenerate2_check.h"

#if GJK_USE_FLOAT
#define TOL_DIST (64 * EPSR)
#define TOL_DEPTH (128 * EPSR)
#define TOL_UNIT (16 * EPSR)
#define TOL_NORMAL 2e-3
#define TOL_CURVED 1e-4
#else
#define TOL_DIST 1e-12
#define TOL_DEPTH 1e-12
#define TOL_UNIT 1e-12
#define TOL_NORMAL 1e-6
#define TOL_CURVED 1e-8
#endif
#define TOL_COORD (8 * EPSR)

static gjk_vec2 v2r(double x, double y) { return gjk_v2((gjk_real)x, (gjk_real)y); }

/* ---- bodies ----------------------------------------------------------------------------------------------------- */

static void b_init(body *b, gjk_shape2 s) {
    memset(b, 0, sizeof *b);
    b->shape = s;
    b->pose = gjk_pose2_identity();
}
static void b_add(body *b, gjk_vec2 p) {
    assert_true(b->n < MAXP);
    b->local[b->n][0] = p.x, b->local[b->n][1] = p.y, b->n++;
}
void b_free(body *b) {
    if (b->hull) gjk_hull2_destroy(b->hull);
    b->hull = NULL;
}

/* Counter-clockwise hull of points (Andrew's monotone chain in double, collinear points dropped): the oracle's
   polygon for a point cloud, computed without the library. */
static int chain(const double (*p)[2], int n, double (*out)[2]) {
    int idx[MAXP], h[2 * MAXP + 2], m = 0;
    assert_true(n <= MAXP);
    for (int i = 0; i < n; ++i) idx[i] = i;
    for (int i = 1; i < n; ++i) /* insertion sort by (x, y) */
        for (int j = i; j > 0 && (p[idx[j - 1]][0] > p[idx[j]][0] ||
                                  (p[idx[j - 1]][0] == p[idx[j]][0] && p[idx[j - 1]][1] > p[idx[j]][1]));
             --j) {
            int t = idx[j];
            idx[j] = idx[j - 1], idx[j - 1] = t;
        }
    for (int pass = 0; pass < 2; ++pass) {
        int base = m;
        for (int k = 0; k < n; ++k) {
            const double *q = p[idx[pass ? n - 1 - k : k]];
            while (m >= base + 2) {
                const double *o = p[h[m - 2]], *a = p[h[m - 1]];
                if ((a[0] - o[0]) * (q[1] - o[1]) - (a[1] - o[1]) * (q[0] - o[0]) > 0) break;
                --m;
            }
            h[m++] = idx[pass ? n - 1 - k : k];
        }
        --m;
    }
    if (m < 1) m = 1;
    /* a single distinct point or two: the chain repeats them */
    int k = 0;
    for (int i = 0; i < m; ++i) {
        if (k && out[k - 1][0] == p[h[i]][0] && out[k - 1][1] == p[h[i]][1]) continue;
        if (k && i == m - 1 && out[0][0] == p[h[i]][0] && out[0][1] == p[h[i]][1]) continue;
        out[k][0] = p[h[i]][0], out[k][1] = p[h[i]][1], ++k;
    }
    return k;
}

void mk_box(body *b, double hx, double hy) {
    b_init(b, gjk_box2(v2r(hx, hy)));
    gjk_vec2 h = b->shape.box.half_extents;
    b_add(b, gjk_v2(-h.x, -h.y)), b_add(b, gjk_v2(h.x, -h.y)), b_add(b, gjk_v2(h.x, h.y)), b_add(b, gjk_v2(-h.x, h.y));
}
void mk_circle(body *b, double r) {
    b_init(b, gjk_circle2((gjk_real)r));
    b_add(b, gjk_v2(0, 0));
    b->radius = b->shape.circle.radius;
}
void mk_capsule(body *b, double r, double hh) {
    b_init(b, gjk_capsule2((gjk_real)r, (gjk_real)hh));
    b_add(b, gjk_v2(0, -b->shape.capsule.half_height)), b_add(b, gjk_v2(0, b->shape.capsule.half_height));
    b->radius = b->shape.capsule.radius;
}
void mk_segment(body *b, double ax, double ay, double bx, double by) {
    b_init(b, gjk_segment2(v2r(ax, ay), v2r(bx, by)));
    if (b->shape.segment.a.x == b->shape.segment.b.x && b->shape.segment.a.y == b->shape.segment.b.y)
        b_add(b, b->shape.segment.a);
    else
        b_add(b, b->shape.segment.a), b_add(b, b->shape.segment.b);
}
/* The oracle core of a cloud: this file's hull of the points as gjk_real. */
static void set_core(body *b, const gjk_vec2 *v, int n) {
    double p[MAXP][2], h[MAXP][2];
    for (int i = 0; i < n; ++i) p[i][0] = v[i].x, p[i][1] = v[i].y;
    int m = chain((const double(*)[2])p, n, h);
    b->n = 0;
    for (int i = 0; i < m; ++i) b->local[i][0] = h[i][0], b->local[i][1] = h[i][1];
    b->n = m;
}
void mk_poly(body *b, const double (*p)[2], int n, int want_dim) {
    gjk_vec2 v[MAXP];
    assert_true(n <= MAXP);
    for (int i = 0; i < n; ++i) v[i] = v2r(p[i][0], p[i][1]);
    gjk_status st = GJK_OUT_OF_MEMORY;
    gjk_hull2 *h = gjk_hull2_create(v, n, &st);
    assert_non_null(h);
    assert_int_equal(st, GJK_OK);
    if (want_dim >= 0) assert_int_equal(h->dimension, want_dim);
    b_init(b, gjk_polygon2(h));
    b->hull = h;
    set_core(b, v, n);
}
static gjk_vec2 user_support(gjk_vec2 d, const void *data) {
    const body *b = data;
    if (b->user_n == 0) {
        gjk_real l = gjk_len2(d);
        return l > 0 ? gjk_scale2(d, (gjk_real)b->user_r / l) : gjk_v2((gjk_real)b->user_r, 0);
    }
    int best = 0;
    for (int i = 1; i < b->user_n; ++i)
        if (gjk_dot2(b->user_v[i], d) > gjk_dot2(b->user_v[best], d)) best = i;
    return b->user_v[best];
}
/* A user shape (support callback) over the points: GJK and EPA, no separating-axis shortcut. */
void mk_user(body *b, const double (*p)[2], int n) {
    b_init(b, gjk_point2());
    for (int i = 0; i < n; ++i) b->user_v[i] = v2r(p[i][0], p[i][1]);
    b->user_n = n;
    b->shape = gjk_user2(user_support, b);
    set_core(b, b->user_v, n);
}
void mk_user_box(body *b, double hx, double hy) {
    const double c[4][2] = {{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}};
    mk_user(b, c, 4);
}
/* A user circle: a curved core, EPA converges only to a relative gap. */
void mk_user_circle(body *b, double r) {
    b_init(b, gjk_point2());
    b->user_r = rv(r);
    b->shape = gjk_user2(user_support, b);
    b_add(b, gjk_v2(0, 0));
    b->radius = b->user_r;
}
void b_round(body *b, double margin) {
    b->shape = gjk_rounded2(b->shape, (gjk_real)margin);
    b->radius += b->shape.margin;
}

/* Pose the body (position rounded to gjk_real, rotation from the angle as gjk_real) and place its oracle shape
   relative to ref. */
static void b_place(body *b, const double ref[2], const double pos[2], double angle) {
    b->pos[0] = rv(pos[0]), b->pos[1] = rv(pos[1]);
    b->pose.position = v2r(b->pos[0], b->pos[1]);
    b->pose.rotation = gjk_rot2_from_angle((gjk_real)angle);
    double c = b->pose.rotation.c, s = b->pose.rotation.s, l = sqrt(c * c + s * s);
    b->c = c / l, b->s = s / l;
    b->o.n = b->n;
    b->o.r = b->radius;
    b->size = 0;
    for (int i = 0; i < b->n; ++i) {
        double x = b->local[i][0], y = b->local[i][1];
        double rx = b->c * x - b->s * y, ry = b->s * x + b->c * y;
        b->o.v[i] = o2_v(rx + (b->pos[0] - ref[0]), ry + (b->pos[1] - ref[1]));
        b->size = fmax(b->size, hypot(rx, ry));
    }
    b->size += b->radius;
}

/* ---- the shared check ------------------------------------------------------------------------------------------- */

static int g_failures, g_motion, g_pairs, g_epa; /* g_epa: pairs where EPA ran */
static const char *g_label;
static double g_worst_dist, g_worst_depth, g_worst_gap;

typedef struct ctx2 {
    body *a, *b;
    double ref[2];
    double ex;              /* exact signed distance */
    const double *en;       /* exact normal where unique and well conditioned */
    double L, dsz, coord, ltol, ptol, band, nslack;
    unsigned status_ok; /* bit mask of accepted statuses */
    int bad;
    gjk_result2 res[4];
} ctx2;

static void flag(ctx2 *c, const char *fmt, ...) {
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->bad++ == 0) ++g_failures;
    if (g_failures <= 8) printf("[degenerate2] %s (motion %d): %s\n", g_label, g_motion, msg);
}

static int status_ok(const ctx2 *c, gjk_status s) { return (c->status_ok >> (unsigned)s) & 1u; }
static int finite_res(const gjk_result2 *r) {
    return isfinite(r->distance) && isfinite(r->normal.x) && isfinite(r->normal.y) && isfinite(r->point_a.x) &&
           isfinite(r->point_a.y) && isfinite(r->point_b.x) && isfinite(r->point_b.y);
}
/* Overlap of the pair along unit n (A to B): positive when overlapping by that much along n. */
static double overlap_along(const ctx2 *c, o2_vec n) {
    return o2_support_value(&c->a->o, n) + o2_support_value(&c->b->o, o2_v(-n.x, -n.y));
}
static double sd_point(const ctx2 *c, const body *b, gjk_vec2 p) {
    return o2_point_signed_distance(o2_v(p.x - c->ref[0], p.y - c->ref[1]), &b->o);
}

static void check_full(ctx2 *c, const gjk_result2 *r, const char *q, int moved_check) {
    double d = r->distance, nl = hypot(r->normal.x, r->normal.y);
    if (fabs(nl - 1) > TOL_UNIT) flag(c, "%s: |normal| = %.17g", q, nl);
    if (!(nl > 0)) return;
    o2_vec n = o2_v(r->normal.x / nl, r->normal.y / nl);
    double err = fabs(d - c->ex), e;
    if (c->ex < 0) g_worst_depth = fmax(g_worst_depth, err / c->L);
    else g_worst_dist = fmax(g_worst_dist, err / c->L);
    if (err > c->ltol) flag(c, "%s: distance %.17g, exact %.17g (err %.3e > %.3e)", q, d, c->ex, err, c->ltol);
    e = fmax(fabs(r->point_b.x - (r->point_a.x + d * n.x)), fabs(r->point_b.y - (r->point_a.y + d * n.y)));
    if (e > c->ptol) flag(c, "%s: point_b - point_a - distance * normal = %.3e", q, e);
    if ((e = fabs(sd_point(c, c->a, r->point_a))) > c->ptol) flag(c, "%s: point_a %.3e off A", q, e);
    if ((e = fabs(sd_point(c, c->b, r->point_b))) > c->ptol) flag(c, "%s: point_b %.3e off B", q, e);
    double ov = overlap_along(c, n), gerr = fabs(ov + d);
    g_worst_gap = fmax(g_worst_gap, gerr / c->L);
    if (gerr > c->ptol + (c->ex > 0 ? c->nslack : 0))
        flag(c, "%s: overlap along the normal %.17g, reported distance %.17g", q, ov, d);
    if (c->en && hypot(n.x - c->en[0], n.y - c->en[1]) > TOL_NORMAL)
        flag(c, "%s: normal {%.17g, %.17g} off the exact {%.17g, %.17g}", q, n.x, n.y, c->en[0], c->en[1]);
    if (d < 0 && !r->intersect) flag(c, "%s: negative distance, intersect false", q);
    if (d > c->band && r->intersect) flag(c, "%s: distance %.3e beyond the touching band, intersect true", q, d);
    if (!moved_check || d >= 0) return;
    double hair = 2 * c->ltol + 4 * c->band + 16 * EPSR * c->coord, t = -d + hair;
    body *b = c->b;
    double np[2] = {rv(b->pos[0] + t * n.x), rv(b->pos[1] + t * n.y)};
    o2_vec shift = o2_v(np[0] - b->pos[0], np[1] - b->pos[1]);
    double expect = shift.x * n.x + shift.y * n.y + d;
    o2_shape moved = o2_translated(&b->o, shift);
    double after = o2_query(&c->a->o, &moved).signed_distance;
    if (!(after >= -c->ptol)) flag(c, "%s: moving B by depth + %.2e leaves exact distance %.3e", q, hair, after);
    if (fabs(after - expect) > 2 * c->ptol)
        flag(c, "%s: moved pair: exact distance %.3e, expected %.3e", q, after, expect);
    gjk_pose2 mp = b->pose;
    mp.position = v2r(np[0], np[1]);
    gjk_pair2 pr = {&c->a->shape, c->a->pose, &b->shape, mp};
    gjk_result2 m = gjk_distance2(&pr, NULL);
    if (!status_ok(c, m.status) || !finite_res(&m)) flag(c, "%s: moved pair: status %d", q, (int)m.status);
    if (m.intersect || fabs((double)m.distance - expect) > 2 * c->ptol)
        flag(c, "%s: moved pair: gjk_distance2 intersect %d distance %.3e, expected %.3e", q, m.intersect,
             (double)m.distance, expect);
}

static void check_queries(ctx2 *c) {
    gjk_pair2 p = {&c->a->shape, c->a->pose, &c->b->shape, c->b->pose};
    gjk_result2 *r = c->res;
    r[0] = gjk_signed_distance2(&p, NULL);
    r[1] = gjk_penetration2(&p, NULL);
    r[2] = gjk_distance2(&p, NULL);
    r[3] = gjk_intersect2(&p, NULL);
    static const char *names[4] = {"signed", "penetration", "distance", "intersect"};
    for (int k = 0; k < 4; ++k) {
        if (!status_ok(c, r[k].status)) flag(c, "%s: status %s", names[k], gjk_status_string(r[k].status));
        if (!finite_res(&r[k])) flag(c, "%s: non-finite output", names[k]);
        if (c->ex <= 0 && !r[k].intersect) flag(c, "%s: exact distance %.3e, intersect false", names[k], c->ex);
        if (c->ex > c->band + c->ltol && r[k].intersect)
            flag(c, "%s: exact distance %.3e, intersect true", names[k], c->ex);
        if (r[k].intersect != r[0].intersect)
            flag(c, "%s: intersect %d, signed distance says %d", names[k], r[k].intersect, r[0].intersect);
    }
    if (r[0].epa_iterations > 0) ++g_epa;
    check_full(c, &r[0], "signed", 1);
    if (r[1].intersect) check_full(c, &r[1], "penetration", 1);
    else if (!((double)r[1].distance >= 0 && (double)r[1].distance <= c->ex + c->ltol))
        flag(c, "penetration: lower bound %.17g, exact %.17g", (double)r[1].distance, c->ex);
    if (r[2].intersect) {
        if (r[2].distance != 0 || r[2].point_a.x != r[2].point_b.x || r[2].point_a.y != r[2].point_b.y)
            flag(c, "distance: intersecting with distance %.3e or two points", (double)r[2].distance);
        if (sd_point(c, c->a, r[2].point_a) > c->ptol + c->band || sd_point(c, c->b, r[2].point_a) > c->ptol + c->band)
            flag(c, "distance: common point outside A or B");
    } else {
        check_full(c, &r[2], "distance", 0);
    }
    if (!r[3].intersect) {
        double nl = hypot(r[3].normal.x, r[3].normal.y);
        if (!((double)r[3].distance >= 0 && (double)r[3].distance <= c->ex + c->ltol) || !(nl > 0))
            flag(c, "intersect: lower bound %.17g, exact %.17g", (double)r[3].distance, c->ex);
        else if (-overlap_along(c, o2_v(r[3].normal.x / nl, r[3].normal.y / nl)) < (double)r[3].distance - c->ptol)
            flag(c, "intersect: the axis is no separating axis for its bound");
    }
}

static void print_body(const char *name, const body *b) {
    printf("    %s: type %d margin %.17g radius %.17g core", name, (int)b->shape.type, (double)b->shape.margin,
           b->radius);
    for (int i = 0; i < b->n && i < 12; ++i) printf(" {%.17g, %.17g}", b->local[i][0], b->local[i][1]);
    printf("\n      position {%.17g, %.17g} rotation {%.17g, %.17g}\n", b->pos[0], b->pos[1],
           (double)b->pose.rotation.c, (double)b->pose.rotation.s);
}

/* Check one placed pair (placed relative to A's position). closed: a closed form that must agree with the oracle
   (NAN: none); cn: the closed form's normal (NULL: not unique). */
static void check_pair(body *a, body *b, double closed, const double *cn, int flags) {
    ctx2 c;
    memset(&c, 0, sizeof c);
    c.a = a, c.b = b;
    c.ref[0] = a->pos[0], c.ref[1] = a->pos[1];
    c.coord = fmax(fmax(fabs(a->pos[0]), fabs(a->pos[1])), fmax(fabs(b->pos[0]), fabs(b->pos[1])));
    c.L = fmax(a->size, b->size);
    c.status_ok = 1u << GJK_OK | (flags & F_MAXIT ? 1u << GJK_MAX_ITERATIONS : 0);
    c.dsz = hypot(b->pos[0] - a->pos[0], b->pos[1] - a->pos[1]) + a->size + b->size;
    ++g_pairs;
    o2_answer ans = o2_query(&a->o, &b->o);
    c.ex = ans.signed_distance;
    double ctol = 1e-12 * c.L + (flags & F_INEXACT ? 64 * EPSR * (c.L + c.coord) : 0);
    if (!isnan(closed) && fabs(closed - c.ex) > ctol)
        flag(&c, "TEST BUG: closed form %.17g and oracle %.17g disagree", closed, c.ex);
    /* the oracle's normal where unique and well conditioned (cores apart by more than rounding, or a clear
       best separating axis) */
    double en[2] = {ans.normal.x, ans.normal.y};
    if (cn) c.en = cn;
    else if (ans.normal_unique && fabs(c.ex) > 1e-6 * c.L &&
             (ans.core_distance > 1e4 * EPSR * c.L || (ans.core_distance == 0 && ans.core_depth > 1e-6 * c.L)))
        c.en = en;
    if (c.en && c.ex > 0 && c.ex < 1e-3 * c.L) c.en = NULL;
    c.ltol = (c.ex < 0 ? TOL_DEPTH : TOL_DIST) * c.L;
    if (flags & F_CURVED) c.ltol += TOL_CURVED * c.dsz;
    c.ptol = c.ltol + TOL_COORD * (c.coord + c.L);
    c.band = 256 * EPSR * c.dsz;
    c.nslack = c.ex > 0 ? fmin(2.0, 64 * EPSR * c.dsz / c.ex) * (a->size + b->size) : 0;
    check_queries(&c);
    if (c.bad && g_failures <= 8) {
        printf("    exact distance %.17g (L %.3g, tolerance %.3e)\n", c.ex, c.L, c.ltol);
        print_body("a", a);
        print_body("b", b);
        static const char *names[4] = {"signed", "penetration", "distance", "intersect"};
        for (int k = 0; k < 4; ++k) {
            const gjk_result2 *r = &c.res[k];
            printf("    %s: status %s intersect %d distance %.17g normal {%.17g, %.17g} a {%.17g, %.17g} "
                   "b {%.17g, %.17g} it %d epa %d\n",
                   names[k], gjk_status_string(r->status), (int)r->intersect, (double)r->distance,
                   (double)r->normal.x, (double)r->normal.y, (double)r->point_a.x, (double)r->point_a.y,
                   (double)r->point_b.x, (double)r->point_b.y, r->iterations, r->epa_iterations);
        }
        fflush(stdout);
    }
}

static uint64_t seed_of(const char *s) {
    uint64_t h = 1469598103934665603ULL;
    while (*s) h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    return h;
}

/* A case and `motions` rigid motions of the whole pair (rotation by a random angle, translation up to 2 plus
   `far`). */
void sweep(const char *label, body *a, body *b, const double pa[2], double aa, const double pb[2], double ab,
           double closed, const double *cn, int flags, int motions, double far) {
    test_rng rng = {seed_of(label)};
    g_label = label;
    for (int k = 0; k <= 3 * motions; ++k) { /* three times the motions asked for: the suite runs in seconds */
        double phi = k ? test_uniform(&rng, -PI, PI) : 0, t[2] = {far, -0.75 * far};
        if (k) t[0] += test_uniform(&rng, -2, 2), t[1] += test_uniform(&rng, -2, 2);
        double cp = cos(phi), sp = sin(phi);
        double xa[2] = {cp * pa[0] - sp * pa[1] + t[0], sp * pa[0] + cp * pa[1] + t[1]};
        double xb[2] = {cp * pb[0] - sp * pb[1] + t[0], sp * pb[0] + cp * pb[1] + t[1]};
        double n[2] = {0, 0};
        if (cn) n[0] = cp * cn[0] - sp * cn[1], n[1] = sp * cn[0] + cp * cn[1];
        b_place(a, xa, xa, aa + phi);
        double ref[2] = {a->pos[0], a->pos[1]};
        b_place(a, ref, xa, aa + phi);
        b_place(b, ref, xb, ab + phi);
        g_motion = k;
        check_pair(a, b, closed, cn ? n : NULL, flags | (k || far != 0 ? F_INEXACT : 0));
    }
}
void sweep_free(const char *label, body *a, body *b, const double pa[2], double aa, const double pb[2],
                double ab, double closed, const double *cn, int flags, int motions) {
    sweep(label, a, b, pa, aa, pb, ab, closed, cn, flags, motions, 0);
    b_free(a), b_free(b);
}
void random_pairs(const char *label, body *a, body *b, double spread, int count) {
    test_rng rng = {seed_of(label)};
    g_label = label;
    for (int i = 0; i < 3 * count; ++i) {
        double aa = test_uniform(&rng, -PI, PI), ab = test_uniform(&rng, -PI, PI);
        double pb[2];
        pb[0] = test_uniform(&rng, -spread, spread);
        pb[1] = test_uniform(&rng, -spread, spread);
        b_place(a, O, O, aa);
        b_place(b, O, pb, ab);
        g_motion = i;
        check_pair(a, b, NAN, NULL, 0);
    }
}
void begin(void) { g_failures = 0, g_pairs = 0, g_epa = 0, g_worst_dist = g_worst_depth = g_worst_gap = 0; }
void end(const char *name) {
    print_message("[degenerate2] %-26s pairs %4d (EPA %4d), max err / L: distance %.2e depth %.2e normal gap %.2e\n",
                  name, g_pairs, g_epa, g_worst_dist, g_worst_depth, g_worst_gap);
    assert_int_equal(g_failures, 0);
}
