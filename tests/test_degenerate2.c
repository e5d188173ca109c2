/* Degenerate geometry in 2D (issue 4): exact touching and tiny gaps, thin and sliver shapes, degenerate hulls,
   size disparity, far coordinates, containment and identical shapes, near-parallel segments and capsules, and
   user shapes (the only 2D shapes that go through EPA: polygons, boxes and capsule cores are settled by separating
   axes) with the origin on an edge or a vertex of the Minkowski difference.

   Every answer is compared with the brute-force oracle of oracle2.c (vertex-edge distances and the separating axis
   theorem over every edge normal, in double), on oracle shapes built here from the inputs exactly as the library
   received them, relative to A's position (so that pairs far from the origin keep their digits); polygons from
   point clouds go to the oracle as this file's own hull of the raw points, not the library's. check_pair() holds
   the checks every case shares, as in test_degenerate3.c:
   - status GJK_OK; finite outputs; unit normal; point_b = point_a + distance * normal; witnesses on the shapes;
   - signed distance and depth equal the exact ones;
   - the support gap of the pair along the normal equals the reported distance (moving B by depth * normal leaves
     it touching), and moving B by depth + a hair separates it (oracle and gjk_distance2 on the moved pair);
   - intersect agrees with the sign of the exact distance (touching counts as intersecting), the four queries agree.
   Each case is swept over a few rigid motions of the whole pair (deterministic, testutil's test_rng).

   Tolerances relative to the pair's size L: double 1e-12, float 64 eps (distance) and 128 eps (depth); witnesses
   also 8 eps of their world coordinates; user circles (curved cores) converge to a relative gap. */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"
/* after testutil.h (cmocka's headers first) */
#include "oracle2.h"

#define EPSR ((double)GJK_REAL_EPSILON)
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
#define PI 3.14159265358979323846

static double rv(double x) {
    volatile gjk_real r = (gjk_real)x;
    return (double)r;
}
static gjk_vec2 v2r(double x, double y) { return gjk_v2((gjk_real)x, (gjk_real)y); }
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

static void b_init(body *b, gjk_shape2 s) {
    memset(b, 0, sizeof *b);
    b->shape = s;
    b->pose = gjk_pose2_identity();
}
static void b_add(body *b, gjk_vec2 p) {
    assert_true(b->n < MAXP);
    b->local[b->n][0] = p.x, b->local[b->n][1] = p.y, b->n++;
}
static void b_free(body *b) {
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

static void mk_box(body *b, double hx, double hy) {
    b_init(b, gjk_box2(v2r(hx, hy)));
    gjk_vec2 h = b->shape.box.half_extents;
    b_add(b, gjk_v2(-h.x, -h.y)), b_add(b, gjk_v2(h.x, -h.y)), b_add(b, gjk_v2(h.x, h.y)), b_add(b, gjk_v2(-h.x, h.y));
}
static void mk_circle(body *b, double r) {
    b_init(b, gjk_circle2((gjk_real)r));
    b_add(b, gjk_v2(0, 0));
    b->radius = b->shape.circle.radius;
}
static void mk_capsule(body *b, double r, double hh) {
    b_init(b, gjk_capsule2((gjk_real)r, (gjk_real)hh));
    b_add(b, gjk_v2(0, -b->shape.capsule.half_height)), b_add(b, gjk_v2(0, b->shape.capsule.half_height));
    b->radius = b->shape.capsule.radius;
}
static void mk_segment(body *b, double ax, double ay, double bx, double by) {
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
static void mk_poly(body *b, const double (*p)[2], int n, int want_dim) {
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
static void mk_user(body *b, const double (*p)[2], int n) {
    b_init(b, gjk_point2());
    for (int i = 0; i < n; ++i) b->user_v[i] = v2r(p[i][0], p[i][1]);
    b->user_n = n;
    b->shape = gjk_user2(user_support, b);
    set_core(b, b->user_v, n);
}
static void mk_user_box(body *b, double hx, double hy) {
    const double c[4][2] = {{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}};
    mk_user(b, c, 4);
}
/* A user circle: a curved core, EPA converges only to a relative gap. */
static void mk_user_circle(body *b, double r) {
    b_init(b, gjk_point2());
    b->user_r = rv(r);
    b->shape = gjk_user2(user_support, b);
    b_add(b, gjk_v2(0, 0));
    b->radius = b->user_r;
}
static void b_round(body *b, double margin) {
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

enum {
    F_CURVED = 1,  /* curved user cores: GJK/EPA stop at a relative gap */
    F_INEXACT = 2, /* set by sweep(): inputs rounded after the closed form was derived */
    F_MAXIT = 4    /* GJK_MAX_ITERATIONS accepted (README: curved cores with a continuum of deepest directions) */
};

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
static void sweep(const char *label, body *a, body *b, const double pa[2], double aa, const double pb[2], double ab,
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
static void sweep_free(const char *label, body *a, body *b, const double pa[2], double aa, const double pb[2],
                       double ab, double closed, const double *cn, int flags, int motions) {
    sweep(label, a, b, pa, aa, pb, ab, closed, cn, flags, motions, 0);
    b_free(a), b_free(b);
}
static void random_pairs(const char *label, body *a, body *b, double spread, int count) {
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
static void begin(void) { g_failures = 0, g_pairs = 0, g_epa = 0, g_worst_dist = g_worst_depth = g_worst_gap = 0; }
static void end(const char *name) {
    print_message("[degenerate2] %-26s pairs %4d (EPA %4d), max err / L: distance %.2e depth %.2e normal gap %.2e\n",
                  name, g_pairs, g_epa, g_worst_dist, g_worst_depth, g_worst_gap);
    assert_int_equal(g_failures, 0);
}

/* A diamond with a vertex at the local origin, above it (DIA_UP) or below it (DIA_DOWN). */
static const double DIA_UP[4][2] = {{0, 0}, {1, 1}, {0, 2}, {-1, 1}};
static const double DIA_DOWN[4][2] = {{0, 0}, {1, -1}, {0, -2}, {-1, -1}};

/* ---- exact touching -------------------------------------------------------------------------------------------- */

/* Edges touching exactly (libccd #25 / #68 in 3D): the difference has the origin on an edge. Boxes and polygons
   (separating axes), user shapes (GJK ends with the origin on its simplex's edge; EPA must give depth 0), rounded
   boxes whose cores are exactly the margins apart, partly and barely overlapping edges. */
static void test_touch_edge_edge2(void **st) {
    (void)st;
    begin();
    const double offs[3] = {0, 0.5, 1.375};
    const double bx[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    const double sb[4][2] = {{-0.5, -0.25}, {0.5, -0.25}, {0.5, 0.25}, {-0.5, 0.25}};
    body a, b;
    for (int i = 0; i < 3; ++i) {
        double pb[2] = {offs[i], 1.25};
        mk_box(&a, 1, 1), mk_box(&b, 0.5, 0.25);
        sweep_free("edge-edge boxes", &a, &b, O, 0, pb, 0, 0, YUP, 0, 6);
        mk_poly(&a, bx, 4, 2), mk_poly(&b, sb, 4, 2);
        sweep_free("edge-edge polygons", &a, &b, O, 0, pb, 0, 0, YUP, 0, 6);
        mk_user(&a, bx, 4), mk_user(&b, sb, 4);
        sweep_free("edge-edge user", &a, &b, O, 0, pb, 0, 0, YUP, 0, 6);
        mk_user(&a, bx, 4), mk_box(&b, 0.5, 0.25);
        sweep_free("edge-edge user-box", &a, &b, O, 0, pb, 0, 0, YUP, 0, 6);
        double pr[2] = {offs[i], 1.25 + 0.1875};
        mk_box(&a, 1, 1), b_round(&a, 0.125), mk_poly(&b, sb, 4, 2), b_round(&b, 0.0625);
        sweep_free("edge-edge rounded", &a, &b, O, 0, pr, 0, 0, YUP, 0, 6);
        mk_user(&a, bx, 4), b_round(&a, 0.125), mk_user(&b, sb, 4), b_round(&b, 0.0625);
        sweep_free("edge-edge rounded user", &a, &b, O, 0, pr, 0, 0, YUP, 0, 6);
    }
    end("touch_edge_edge2");
}

/* A vertex touching an edge (normal y) or a vertex (the origin at a vertex of the difference: any normal in its
   cone), for polygons and user shapes. */
static void test_touch_vertex2(void **st) {
    (void)st;
    begin();
    body a, b;
    const double bx[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    mk_box(&a, 1, 1), mk_poly(&b, DIA_UP, 4, 2);
    sweep_free("vertex-edge", &a, &b, O, 0, (double[2]){0.25, 1}, 0.3, 0, YUP, 0, 8);
    mk_user(&a, bx, 4), mk_user(&b, DIA_UP, 4);
    sweep_free("vertex-edge user", &a, &b, O, 0, (double[2]){-0.75, 1}, 0, 0, YUP, 0, 8);
    mk_poly(&a, DIA_DOWN, 4, 2), mk_poly(&b, DIA_UP, 4, 2);
    sweep_free("vertex-vertex", &a, &b, O, 0, O, 0.5, 0, NULL, 0, 8);
    mk_user(&a, DIA_DOWN, 4), mk_user(&b, DIA_UP, 4);
    sweep_free("vertex-vertex user", &a, &b, O, 0, O, 0.5, 0, NULL, 0, 8);
    mk_user(&a, DIA_DOWN, 4), mk_user(&b, DIA_UP, 4);
    sweep_free("vertex-vertex user aligned", &a, &b, O, 0, O, 0, 0, NULL, 0, 8);
    mk_segment(&a, -1, 0, 1, 0), mk_poly(&b, DIA_UP, 4, 2);
    sweep_free("vertex-segment", &a, &b, O, 0, (double[2]){0.5, 0}, 0, 0, YUP, 0, 8);
    end("touch_vertex2");
}

/* ---- tiny gaps --------------------------------------------------------------------------------------------------- */

/* Boxes stacked with a gap or overlap of 1e-9, 1e-7, 1e-5, 1e-3 (mujoco #3476 in 3D). The exact answer is that of
   the inputs rounded to gjk_real: in float, 2 +- 1e-9 and 2 +- 1e-7 round to 2 or one ulp (2.4e-7) away, so there
   the test asserts a finite answer within 64 eps of the rounded input's exact distance (zero or one ulp), touching
   counted as intersecting. Boxes, user boxes (EPA), and a 5 m box under a 0.2 m one. */
static void test_stacked_tiny_gaps2(void **st) {
    (void)st;
    begin();
    const double gaps[4] = {1e-9, 1e-7, 1e-5, 1e-3};
    body a, b;
    for (int e = 0; e < 4; ++e)
        for (int s = -1; s <= 1; s += 2) {
            double y = rv(2 + s * gaps[e]), pb[2] = {0.3, y};
            mk_box(&a, 1, 1), mk_box(&b, 1, 1);
            sweep_free("stacked boxes", &a, &b, O, 0, pb, 0, y - 2, YUP, 0, 4);
            mk_user_box(&a, 1, 1), mk_user_box(&b, 1, 1);
            sweep_free("stacked user boxes", &a, &b, O, 0, pb, 0, y - 2, YUP, 0, 4);
            double ys = rv(2.6 + s * gaps[e]), ps[2] = {1.2, ys};
            mk_box(&a, 2.5, 2.5), mk_box(&b, 0.1, 0.1);
            sweep_free("stacked 5 m / 0.2 m", &a, &b, O, 0, ps, 0, ys - (2.5 + rv(0.1)), YUP, 0, 4);
            mk_user_box(&a, 2.5, 2.5), mk_user_box(&b, 0.1, 0.1);
            sweep_free("stacked 5 m / 0.2 m user", &a, &b, O, 0, ps, 0, ys - (2.5 + rv(0.1)), YUP, 0, 4);
        }
    end("stacked_tiny_gaps2");
}

/* ---- thin shapes ------------------------------------------------------------------------------------------------- */

/* Boxes 0.01 and 1e-6 thick (fcl #390 / #493 in 3D): a thin difference, sliver simplices. Resting, pierced, across
   each other, and random placements against boxes, capsules, thin boxes and user thin boxes (EPA). */
static void test_thin_boxes2(void **st) {
    (void)st;
    begin();
    const double thick[2] = {0.01, 1e-6};
    body a, b;
    for (int i = 0; i < 2; ++i) {
        double h = thick[i] / 2, hr = rv(h);
        mk_box(&a, 1, h), mk_box(&b, 0.5, 0.5);
        sweep_free("thin rest", &a, &b, O, 0, (double[2]){0.25, rv(hr + 0.5)}, 0, rv(hr + 0.5) - (hr + 0.5), YUP, 0, 4);
        mk_user_box(&a, 1, h), mk_user_box(&b, 0.25, 0.25);
        sweep_free("thin pierced user", &a, &b, O, 0, (double[2]){0.3, 0.1}, 0, NAN, NULL, 0, 4);
        mk_box(&a, 1, h), mk_box(&b, 1, h);
        sweep_free("thin across thin", &a, &b, O, 0, (double[2]){0.25, 0.5}, PI / 2, NAN, NULL, 0, 4);
        mk_user_box(&a, 1, h), mk_user_box(&b, 1, h);
        sweep_free("thin across thin user", &a, &b, O, 0, (double[2]){0.25, 0.5}, PI / 2, NAN, NULL, 0, 4);
        mk_box(&a, 1, h), mk_box(&b, 0.5, 0.5);
        random_pairs("thin random box", &a, &b, 1.2, 40), b_free(&a), b_free(&b);
        mk_box(&a, 1, h), mk_capsule(&b, 0.125, 0.5);
        random_pairs("thin random capsule", &a, &b, 1, 40), b_free(&a), b_free(&b);
        mk_box(&a, 1, h), mk_box(&b, 0.75, h);
        random_pairs("thin random thin", &a, &b, 0.8, 40), b_free(&a), b_free(&b);
        mk_user_box(&a, 1, h), mk_user_box(&b, 0.75, h);
        random_pairs("thin random thin user", &a, &b, 0.8, 40), b_free(&a), b_free(&b);
    }
    end("thin_boxes2");
}

/* Sliver triangles (height 1e-3, 1e-6, 1e-9 over a unit base; an obtuse needle) from gjk_hull2_create and as user
   shapes, against boxes, circles, segments and each other. A sliver thinner than the hull tolerance may come out as
   a segment (float); the oracle keeps the raw triangle, whose difference is below the tolerances. */
static void test_sliver_polygons2(void **st) {
    (void)st;
    begin();
    const double hs[3] = {1e-3, 1e-6, 1e-9};
    body a, b;
    for (int i = 0; i < 3; ++i) {
        const double tri[3][2] = {{-0.5, 0}, {0.5, 0}, {0, hs[i]}}, needle[3][2] = {{-1, 0}, {0.25, 0}, {1, hs[i]}};
        mk_poly(&a, tri, 3, -1), mk_box(&b, 0.5, 0.5);
        random_pairs("sliver box", &a, &b, 1, 30), b_free(&a), b_free(&b);
        mk_poly(&a, tri, 3, -1), mk_circle(&b, 0.25);
        random_pairs("sliver circle", &a, &b, 0.6, 30), b_free(&a), b_free(&b);
        mk_poly(&a, needle, 3, -1), mk_segment(&b, 0, -0.5, 0, 0.5);
        random_pairs("needle segment", &a, &b, 0.6, 30), b_free(&a), b_free(&b);
        mk_poly(&a, tri, 3, -1), mk_poly(&b, needle, 3, -1);
        random_pairs("sliver needle", &a, &b, 0.5, 30), b_free(&a), b_free(&b);
        mk_user(&a, tri, 3), mk_user(&b, needle, 3);
        random_pairs("sliver needle user", &a, &b, 0.5, 30), b_free(&a), b_free(&b);
        mk_user(&a, needle, 3), mk_user_box(&b, 0.25, 0.5);
        random_pairs("needle user box", &a, &b, 0.8, 30), b_free(&a), b_free(&b);
    }
    end("sliver_polygons2");
}

/* Degenerate clouds for gjk_hull2_create: collinear (a segment, dimension 1), identical (a point, dimension 0),
   duplicated corners with edge midpoints and the centre (a quadrilateral of 4 vertices), against boxes, circles,
   capsules and each other. */
static void test_degenerate_hulls2(void **st) {
    (void)st;
    begin();
    double line[6][2], same[5][2], dup[21][2];
    const double ts[6] = {-1, -0.5, 0, 0.25, 0.75, 1};
    for (int i = 0; i < 6; ++i) line[i][0] = ts[i], line[i][1] = -0.5 * ts[i];
    for (int i = 0; i < 5; ++i) same[i][0] = 0.25, same[i][1] = -0.5;
    int n = 0;
    for (int rep = 0; rep < 4; ++rep)
        for (int i = 0; i < 4; ++i) dup[n][0] = (i == 1 || i == 2) ? 0.5 : -0.5, dup[n][1] = i >= 2 ? 0.25 : -0.25, ++n;
    const double mid[5][2] = {{0, -0.25}, {0.5, 0}, {0, 0.25}, {-0.5, 0}, {0, 0}};
    for (int i = 0; i < 5; ++i) dup[n][0] = mid[i][0], dup[n][1] = mid[i][1], ++n;
    struct {
        const char *name;
        const double (*p)[2];
        int n, dim, verts;
    } sets[3] = {{"collinear", (const double(*)[2])line, 6, 1, 2},
                 {"identical", (const double(*)[2])same, 5, 0, 1},
                 {"duplicates", (const double(*)[2])dup, 21, 2, 4}};
    body a, b;
    for (int s = 0; s < 3; ++s) {
        char label[64];
        mk_poly(&a, sets[s].p, sets[s].n, sets[s].dim);
        assert_int_equal(a.hull->vertex_count, sets[s].verts);
        assert_int_equal(a.n, sets[s].verts);
        mk_box(&b, 0.5, 0.375);
        snprintf(label, sizeof label, "%s vs box", sets[s].name);
        random_pairs(label, &a, &b, 1.2, 30), b_free(&b);
        mk_circle(&b, 0.25);
        snprintf(label, sizeof label, "%s vs circle", sets[s].name);
        random_pairs(label, &a, &b, 1, 30), b_free(&b);
        mk_capsule(&b, 0.125, 0.5);
        snprintf(label, sizeof label, "%s vs capsule", sets[s].name);
        random_pairs(label, &a, &b, 1, 30), b_free(&b);
        mk_poly(&b, sets[s].p, sets[s].n, sets[s].dim);
        snprintf(label, sizeof label, "%s vs itself", sets[s].name);
        random_pairs(label, &a, &b, 1, 30), b_free(&b);
        mk_poly(&b, sets[(s + 1) % 3].p, sets[(s + 1) % 3].n, sets[(s + 1) % 3].dim);
        snprintf(label, sizeof label, "%s vs next", sets[s].name);
        random_pairs(label, &a, &b, 1, 30), b_free(&b);
        b_free(&a);
    }
    end("degenerate_hulls2");
}

/* ---- scale ------------------------------------------------------------------------------------------------------- */

/* Size disparity (libccd #17): a 5 m box against a 0.2 m one, 1e3 against 1e-3 (box, circle, polygon, user box),
   the small shape resting on, at the corner of, sunk into or hovering over the big one. */
static void test_size_disparity2(void **st) {
    (void)st;
    begin();
    body a, b;
    const double big[2] = {2.5, 1e3}, small[2] = {0.1, 1e-3};
    for (int i = 0; i < 2; ++i) {
        double H = big[i], h = rv(small[i]);
        const double spots[5][2] = {{0.3 * H, H + h}, {H, H + h}, {H + 0.5 * h, H}, {0.2 * H, H + 3 * h},
                                    {-0.5 * H, H - 0.5 * h}};
        const double sq[4][2] = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
        for (int k = 0; k < 5; ++k) {
            mk_box(&a, H, H), mk_box(&b, h, h);
            sweep_free("disparity box", &a, &b, O, 0, spots[k], 0, NAN, NULL, 0, 4);
            mk_box(&a, H, 0.5 * H), mk_circle(&b, h);
            sweep_free("disparity circle", &a, &b, O, 0, (double[2]){spots[k][0], spots[k][1] - 0.5 * H}, 0, NAN,
                       NULL, 0, 4);
            mk_user_box(&a, H, H), mk_poly(&b, sq, 4, 2);
            sweep_free("disparity user", &a, &b, O, 0, spots[k], 0.7, NAN, NULL, 0, 4);
            mk_circle(&a, H), mk_user_box(&b, h, 0.5 * h);
            sweep_free("disparity big circle", &a, &b, O, 0, (double[2]){0, H + (k - 2) * 0.5 * h}, 0.3, NAN, NULL,
                       0, 4);
        }
    }
    end("size_disparity2");
}

/* Far from the origin: millimetre shapes at 1e6 in double, unit ones at 1e3 in float; touching, nearly touching,
   overlapping, vertex on edge. */
static void test_far_from_origin2(void **st) {
    (void)st;
    begin();
    const double far = GJK_USE_FLOAT ? 1e3 : 1e6, u = GJK_USE_FLOAT ? 0.25 : 1e-3;
    const double gaps[4] = {0, 0.01, -0.01, 0.5};
    body a, b;
    double dia[4][2];
    for (int i = 0; i < 4; ++i) dia[i][0] = DIA_UP[i][0] * u, dia[i][1] = DIA_UP[i][1] * u;
    for (int g = 0; g < 4; ++g) {
        double pb[2] = {0.3 * u, 2 * u + gaps[g] * u};
        mk_box(&a, u, u), mk_box(&b, u, u);
        sweep("far boxes", &a, &b, O, 0, pb, 0, NAN, NULL, 0, 4, far), b_free(&a), b_free(&b);
        mk_user_box(&a, u, u), mk_user_box(&b, u, u);
        sweep("far user boxes", &a, &b, O, 0, pb, 0.2, NAN, NULL, 0, 4, far), b_free(&a), b_free(&b);
        mk_box(&a, u, u), mk_capsule(&b, 0.5 * u, u);
        sweep("far capsule", &a, &b, O, 0, pb, PI / 2, NAN, NULL, 0, 4, far), b_free(&a), b_free(&b);
        mk_user_box(&a, u, u), mk_poly(&b, (const double(*)[2])dia, 4, 2);
        sweep("far vertex on edge", &a, &b, O, 0, (double[2]){0.25 * u, u + gaps[g] * u}, 0, NAN, NULL, 0, 4, far),
            b_free(&a), b_free(&b);
    }
    end("far_from_origin2");
}

/* ---- containment and identical shapes ---------------------------------------------------------------------------- */

/* One shape deep inside another, identical shapes at the same pose (the origin at the centre of a symmetric
   difference): closed forms for aligned boxes, a circle in a box, identical boxes, circles, capsules (twice the
   least half extent / radius); identical segments (a flat difference: depth 0) and points. */
static void test_containment_identical2(void **st) {
    (void)st;
    begin();
    body a, b;
    const double c[2] = {0.5, -0.25};
    const double bx[4][2] = {{-1, -2}, {1, -2}, {1, 2}, {-1, 2}};
    mk_box(&a, 1, 1), mk_box(&b, 0.1, 0.2);
    sweep_free("box in box", &a, &b, O, 0, c, 0, -(1 + rv(0.1) - 0.5), XN, 0, 4);
    mk_user_box(&a, 1, 1), mk_user_box(&b, 0.1, 0.2);
    sweep_free("user box in user box", &a, &b, O, 0, c, 0, -(1 + rv(0.1) - 0.5), XN, 0, 4);
    mk_box(&a, 1, 1), mk_circle(&b, 0.2);
    sweep_free("circle in box", &a, &b, O, 0, c, 0, -(1 + rv(0.2) - 0.5), XN, 0, 4);
    mk_user_box(&a, 1, 1), mk_user_circle(&b, 0.2);
    sweep_free("user circle in user box", &a, &b, O, 0, c, 0, -(1 + rv(0.2) - 0.5), XN, F_CURVED, 4);
    mk_box(&a, 1, 2), mk_box(&b, 1, 2);
    sweep_free("same box", &a, &b, O, 0, O, 0, -2, NULL, 0, 4);
    mk_poly(&a, bx, 4, 2), mk_poly(&b, bx, 4, 2);
    sweep_free("same polygon", &a, &b, O, 0, O, 0, -2, NULL, 0, 4);
    mk_user(&a, bx, 4), mk_user(&b, bx, 4);
    sweep_free("same user box", &a, &b, O, 0, O, 0, -2, NULL, 0, 4);
    mk_circle(&a, 0.75), mk_circle(&b, 0.75);
    sweep_free("same circle", &a, &b, O, 0, O, 0, -1.5, NULL, 0, 4);
    mk_capsule(&a, 0.5, 1), mk_capsule(&b, 0.5, 1);
    sweep_free("same capsule", &a, &b, O, 0, O, 0, -1, NULL, 0, 4);
    mk_segment(&a, -1, 0.5, 1, 0), mk_segment(&b, -1, 0.5, 1, 0);
    sweep_free("same segment", &a, &b, O, 0, O, 0, 0, NULL, 0, 4);
    mk_poly(&a, (const double[1][2]){{0.5, 0.25}}, 1, 0), mk_poly(&b, (const double[1][2]){{0.5, 0.25}}, 1, 0);
    sweep_free("same point", &a, &b, O, 0, O, 0, 0, NULL, 0, 4);
    end("containment_identical2");
}

/* Identical user circles at the same pose: a curved core whose deepest direction is the whole circle, EPA's
   hardest case in 2D (its polygon grows toward every direction at once), README's case for GJK_MAX_ITERATIONS,
   accepted here. Depth 2r; moving B by the reported depth along the normal must separate the pair. */
static void test_identical_user_circles2(void **st) {
    (void)st;
    begin();
    body a, b;
    mk_user_circle(&a, 0.75), mk_user_circle(&b, 0.75);
    sweep_free("same user circle", &a, &b, O, 0, O, 0, -1.5, NULL, F_CURVED | F_MAXIT, 4);
    mk_user_circle(&a, 0.75), mk_user_circle(&b, 0.5);
    sweep_free("user circle in user circle", &a, &b, O, 0, (double[2]){0.125, 0}, 0, -1.125, XN, F_CURVED, 4);
    end("identical_user_circles2");
}

/* ---- near-parallel features -------------------------------------------------------------------------------------- */

/* Segments and capsules nearly parallel (tilt 0, 1e-12, 1e-9, 1e-6, 1e-3): A along x, B above it tilted about a
   point x = 0.25: the closest point of B is its lower end, at height y0 (as rounded), which is the exact distance
   (capsules: minus the radii), normal +y. y0 = 0 touching; below, the segments cross. Collinear and nearly
   collinear segments end to end: distance = the gap, normal +x. */
static void test_parallel_segments_capsules2(void **st) {
    (void)st;
    begin();
    const double tilts[5] = {0, 1e-12, 1e-9, 1e-6, 1e-3}, ds[5] = {1, 0.375, 0.3, 1e-3, 0};
    body a, b;
    for (int t = 0; t < 5; ++t)
        for (int k = 0; k < 5; ++k) {
            double c = 0.75 * cos(tilts[t]), s = 0.75 * sin(tilts[t]);
            double y0 = rv(ds[k] + 0.0 * s), y1 = rv(ds[k] + 2 * s);
            mk_segment(&a, -1, 0, 1, 0), mk_segment(&b, 0.25 - c, y0, 0.25 + c, y1);
            sweep_free("parallel segments", &a, &b, O, 0, O, 0, y0, y0 > 0 ? YUP : NULL, 0, 4);
            mk_segment(&a, -1, 0, 1, 0), b_round(&a, 0.25), mk_segment(&b, 0.25 - c, y0, 0.25 + c, y1),
                b_round(&b, 0.125);
            sweep_free("parallel capsules", &a, &b, O, 0, O, 0, y0 - 0.375, y0 > 0 ? YUP : NULL, 0, 4);
            mk_capsule(&a, 0.25, 1), mk_capsule(&b, 0.125, 0.75);
            sweep_free("parallel capsule2", &a, &b, O, PI / 2, (double[2]){0.25, ds[k]}, PI / 2 - tilts[t], NAN, NULL,
                       0, 4);
        }
    const double gaps[3] = {0, 1e-9, 1e-3};
    for (int g = 0; g < 3; ++g)
        for (int t = 0; t < 5; ++t) {
            double x0 = rv(1 + gaps[g]), ct = 2 * cos(tilts[t]), stt = 2 * sin(tilts[t]);
            mk_segment(&a, -1, 0, 1, 0), mk_segment(&b, x0, 0, x0 + ct, stt);
            sweep_free("collinear segments", &a, &b, O, 0, O, 0, x0 - 1, x0 > 1 ? XN : NULL, 0, 4);
            mk_segment(&a, -1, 0, 1, 0), b_round(&a, 0.25), mk_segment(&b, x0, 0, x0 + ct, stt), b_round(&b, 0.25);
            sweep_free("collinear capsules", &a, &b, O, 0, O, 0, x0 - 1.5, x0 > 1 ? XN : NULL, 0, 4);
        }
    end("parallel_segments_capsules2");
}

/* ---- EPA: the origin on the boundary of the simplex ------------------------------------------------------------- */

/* User shapes (the EPA path): zero depth with the origin on an edge (stacked boxes) or a vertex (diamonds tip to tip)
   of the difference, and symmetric overlaps where GJK's supports come in opposite pairs and the simplex holds the
   origin on an edge: identical boxes shifted along an axis or a diagonal, a triangle against its mirror image,
   identical triangles; EPA must grow the degenerate simplex into a polygon around the origin. */
static void test_epa2_origin_on_boundary(void **st) {
    (void)st;
    begin();
    body a, b;
    const double bx[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    const double tri[3][2] = {{0, 1}, {-1, -0.5}, {1, -0.5}}, mir[3][2] = {{0, -1}, {1, 0.5}, {-1, 0.5}};
    mk_user(&a, bx, 4), mk_user(&b, bx, 4);
    sweep_free("origin on an edge", &a, &b, O, 0, (double[2]){0.5, 2}, 0, 0, YUP, 0, 6);
    mk_user(&a, DIA_DOWN, 4), mk_user(&b, DIA_UP, 4);
    sweep_free("origin on a vertex", &a, &b, O, 0, O, 0.25, 0, NULL, 0, 6);
    mk_user(&a, bx, 4), b_round(&a, 0.125), mk_user(&b, bx, 4), b_round(&b, 0.125);
    sweep_free("rounded edges touching", &a, &b, O, 0, (double[2]){0.25, 2}, 0, -0.25, YUP, 0, 6);
    mk_user(&a, DIA_DOWN, 4), b_round(&a, 0.125), mk_user(&b, DIA_UP, 4), b_round(&b, 0.25);
    sweep_free("rounded vertices touching", &a, &b, O, 0, O, 0, -0.375, NULL, 0, 6);
    const double shifts[2][2] = {{0.5, 0}, {0.5, 0.5}};
    for (int i = 0; i < 2; ++i) {
        mk_user(&a, bx, 4), mk_user(&b, bx, 4);
        sweep_free("symmetric shift", &a, &b, O, 0, shifts[i], 0, -1.5, i == 0 ? XN : NULL, 0, 6);
    }
    mk_user(&a, tri, 3), mk_user(&b, mir, 3);
    sweep_free("triangle and mirror", &a, &b, O, 0, O, 0, NAN, NULL, 0, 6);
    mk_user(&a, tri, 3), mk_user(&b, tri, 3);
    sweep_free("same triangle", &a, &b, O, 0, O, 0, NAN, NULL, 0, 6);
    mk_user(&a, tri, 3), mk_poly(&b, tri, 3, 2);
    sweep_free("same triangle user-polygon", &a, &b, O, 0, (double[2]){0, 0.25}, 0, NAN, NULL, 0, 6);
    end("epa2_origin_on_boundary");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_touch_edge_edge2),
        cmocka_unit_test(test_touch_vertex2),
        cmocka_unit_test(test_stacked_tiny_gaps2),
        cmocka_unit_test(test_thin_boxes2),
        cmocka_unit_test(test_sliver_polygons2),
        cmocka_unit_test(test_degenerate_hulls2),
        cmocka_unit_test(test_size_disparity2),
        cmocka_unit_test(test_far_from_origin2),
        cmocka_unit_test(test_containment_identical2),
        cmocka_unit_test(test_identical_user_circles2),
        cmocka_unit_test(test_parallel_segments_capsules2),
        cmocka_unit_test(test_epa2_origin_on_boundary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
