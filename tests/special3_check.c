// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The harness of test_special3.c: a pair as gjk_special3() sees it and as the oracle (oracle3.c) sees it, the checks
   of every answer against the contract of src/special3.h, and the random near-contact families. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "special3_check.h"

/* ---- tolerances, in units of eps * scale (measured: see the report printed by each family) ---------------------- */
#define K_DIST 64.0     /* core distance or depth */
#define K_UNIT 16.0     /* | |normal| - 1 | in eps (B-frame normals go through the rotation, unit to ~10 eps) */
#define K_WIT 64.0      /* witnesses on their cores, support planes, pb - pa - d n */
#define K_NORMAL 256.0  /* normal where unique: K_NORMAL eps (1 + scale / distance) for separated cores */
#define K_SHIFT 256.0   /* the hair added to the depth before the separation check */
#define NDIFF 1e-6      /* the oracle merges facets whose normals differ by less than this */

double sp3_rd(gjk_real x) { /* volatile: the oracle must see the value the library got (see test_exact3_body.c) */
    volatile gjk_real v = x;
    return (double)v;
}
void sp3_v2a(gjk_vec3 v, double a[3]) { a[0] = sp3_rd(v.x), a[1] = sp3_rd(v.y), a[2] = sp3_rd(v.z); }
double sp3_dot3d(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
double sp3_len3d(const double a[3]) { return sqrt(sp3_dot3d(a, a)); }

static long pair_count(long base) {
    const char *s = getenv("GJK_TEST_SCALE");
    double k = s ? atof(s) : 1.0;
    if (!(k > 0.0)) k = 1.0;
    long n = (long)(base * k);
    return n < 50 ? 50 : n;
}

/* ---- a pair: the library's input and the oracle's view of it ---------------------------------------------------- */


static int local_core(const gjk_shape3 *s, double p[8][3]) {
    memset(p, 0, 8 * sizeof p[0]);
    switch (s->type) {
    case GJK_SHAPE3_CAPSULE:
        if (s->capsule.half_height == 0) return 1;
        p[0][2] = -sp3_rd(s->capsule.half_height), p[1][2] = sp3_rd(s->capsule.half_height);
        return 2;
    case GJK_SHAPE3_SEGMENT:
        sp3_v2a(s->segment.a, p[0]), sp3_v2a(s->segment.b, p[1]);
        return 2;
    case GJK_SHAPE3_BOX: {
        double h[3];
        sp3_v2a(s->box.half_extents, h);
        for (int i = 0; i < 8; ++i)
            for (int k = 0; k < 3; ++k) p[i][k] = (i >> k) & 1 ? h[k] : -h[k];
        return 8;
    }
    default: return 1; /* point, sphere */
    }
}

/* The parts that do not depend on B's offset: core points, rotation, A's hull and B's rotated hull. m.rot set. */
int sp3_pair_base(pair3 *p) {
    p->m.a = &p->a;
    p->m.b = &p->b;
    p->na = local_core(&p->a, p->la);
    p->nb = local_core(&p->b, p->lb);
    const gjk_vec3 *rows[3] = {&p->m.rot.r0, &p->m.rot.r1, &p->m.rot.r2};
    for (int i = 0; i < 3; ++i) sp3_v2a(*rows[i], p->rot[i]);
    for (int i = 0; i < p->nb; ++i)
        for (int k = 0; k < 3; ++k) p->rb[i][k] = sp3_dot3d(p->rot[k], p->lb[i]);
    return oracle3_hull_build(&p->ha, (const double(*)[3])p->la, p->na) &&
           oracle3_hull_build(&p->hb0, (const double(*)[3])p->rb, p->nb);
}

/* The rest, once m.pos is set: B's core in A's frame, D and the scale. */
int sp3_pair_at(pair3 *p) {
    sp3_v2a(p->m.pos, p->pos);
    double ra = 0, rbm = 0;
    for (int i = 0; i < p->na; ++i) ra = fmax(ra, sp3_len3d(p->la[i]));
    for (int i = 0; i < p->nb; ++i) {
        for (int k = 0; k < 3; ++k) p->bw[i][k] = p->rb[i][k] + p->pos[k];
        rbm = fmax(rbm, sp3_len3d(p->lb[i]));
    }
    p->scale = sp3_len3d(p->pos) + ra + rbm;
    return oracle3_hull_build(&p->hb, (const double(*)[3])p->bw, p->nb) &&
           oracle3_pair_build(&p->d, &p->ha, 0.0, &p->hb0, 0.0, p->pos);
}

int sp3_pair_setup(pair3 *p) { return sp3_pair_base(p) && sp3_pair_at(p); }

void sp3_pair_free(pair3 *p) {
    oracle3_hull_free(&p->ha);
    oracle3_hull_free(&p->hb0);
    oracle3_hull_free(&p->hb);
    oracle3_pair_free(&p->d);
}

/* ---- statistics -------------------------------------------------------------------------------------------------- */


static void report(const stats *st) {
    static const char *mode[3] = {"distance", "separated", "boolean"};
    printf("%-22s %6ld pairs, %ld failures, %ld oracle failures; max errors (eps*scale): dist %.1f, witness %.1f, "
           "unit %.1f eps, normal %.1f eps (%ld checked), second route %.1f (eps*scale)\n",
           st->name, st->pairs, st->failures, st->oracle_failures, st->dist, st->wit, st->unit, st->normal,
           st->normals, st->cc);
    if (st->oracle_off)
        printf("    %ld answers certified by their witnesses where the hull oracle is off\n", st->oracle_off);
    for (int m = 0; m < 3; ++m)
        printf("    %-9s none %ld exact %ld separated %ld overlap %ld\n", mode[m], st->kinds[m][0], st->kinds[m][1],
               st->kinds[m][2], st->kinds[m][3]);
    if (st->contact[0] + st->contact[1] + st->contact[2])
        printf("    overlapping cores: normal along A's axes %ld, B's axes %ld, other (edge-edge, edge-segment) %ld\n",
               st->contact[0], st->contact[1], st->contact[2]);
}

static void print_shape(const char *name, const gjk_shape3 *s) {
    printf("  %s type %d margin %.17g", name, s->type, sp3_rd(s->margin));
    if (s->type == GJK_SHAPE3_BOX)
        printf(" half %.17g %.17g %.17g", sp3_rd(s->box.half_extents.x), sp3_rd(s->box.half_extents.y),
               sp3_rd(s->box.half_extents.z));
    if (s->type == GJK_SHAPE3_CAPSULE) printf(" half_height %.17g", sp3_rd(s->capsule.half_height));
    if (s->type == GJK_SHAPE3_SEGMENT)
        printf(" a %.17g %.17g %.17g b %.17g %.17g %.17g", sp3_rd(s->segment.a.x), sp3_rd(s->segment.a.y),
               sp3_rd(s->segment.a.z), sp3_rd(s->segment.b.x), sp3_rd(s->segment.b.y), sp3_rd(s->segment.b.z));
    printf("\n");
}

static gjk_special3_result last; /* the result being checked, for the failure report */
static oracle3_answer last_ans;

/* Count a failure and print a reproducer (the first few per family). Returns 0. */
static int bad(stats *st, const pair3 *p, int mode, const char *what, double got, double want) {
    if (++st->failures <= 5) {
        printf("FAIL %s mode %d: %s: got %.17g want %.17g (scale %.3g)\n", st->name, mode, what, got, want,
               p->scale);
        print_shape("A", &p->a);
        print_shape("B", &p->b);
        printf("  R %.17g pos %.17g %.17g %.17g\n", sp3_rd(p->R), p->pos[0], p->pos[1], p->pos[2]);
        for (int i = 0; i < 3; ++i) printf("  rot %.17g %.17g %.17g\n", p->rot[i][0], p->rot[i][1], p->rot[i][2]);
        printf("  got d %.9g n %.9g %.9g %.9g pa %.9g %.9g %.9g pb %.9g %.9g %.9g\n", sp3_rd(last.core_dist),
               sp3_rd(last.normal.x), sp3_rd(last.normal.y), sp3_rd(last.normal.z), sp3_rd(last.pa.x),
               sp3_rd(last.pa.y), sp3_rd(last.pa.z), sp3_rd(last.pb.x), sp3_rd(last.pb.y), sp3_rd(last.pb.z));
        printf("  oracle d %.9g n %.9g %.9g %.9g unique %d tie %.3g\n", last_ans.distance, last_ans.normal[0],
               last_ans.normal[1], last_ans.normal[2], last_ans.normal_unique, last_ans.tie_gap);
    }
    return 0;
}

static int is_box_pair(const pair3 *p) {
    return p->a.type == GJK_SHAPE3_BOX || p->b.type == GJK_SHAPE3_BOX;
}
static int is_point(const gjk_shape3 *s) {
    return s->type == GJK_SHAPE3_POINT || s->type == GJK_SHAPE3_SPHERE ||
           (s->type == GJK_SHAPE3_CAPSULE && s->capsule.half_height == 0) ||
           (s->type == GJK_SHAPE3_SEGMENT && s->segment.a.x == s->segment.b.x && s->segment.a.y == s->segment.b.y &&
            s->segment.a.z == s->segment.b.z);
}
/* Pairs whose answer is EXACT in every mode: no box, or a point against a box. */
static int always_exact(const pair3 *p) {
    if (!is_box_pair(p)) return 1;
    return (p->a.type == GJK_SHAPE3_BOX && is_point(&p->b)) || (p->b.type == GJK_SHAPE3_BOX && is_point(&p->a));
}

/* Check one mode. Returns 1 when every check passes. */
static int check_mode(pair3 *p, gjk_gjk_mode mode, const oracle3_answer *ans, stats *st) {
    gjk_special3_result o;
    memset(&o, 0xff, sizeof o); /* NaN everywhere: a field the contract promises but the code forgot shows up */
    gjk_special_kind k = gjk_special3(&p->m, p->R, mode, &o);
    last = o;
    last_ans = *ans;
    const double eps = GJK_REAL_EPSILON, S = p->scale, R = sp3_rd(p->R), truth = ans->distance;
    st->kinds[mode][k]++;
    if (!isfinite(sp3_rd(o.scale)) || !(sp3_rd(o.scale) >= 0)) return bad(st, p, mode, "scale", sp3_rd(o.scale), S);
    double tol_touch = (double)GJK_TOL_TOUCH * sp3_rd(o.scale);
    if (always_exact(p) && k != GJK_SPECIAL_EXACT) return bad(st, p, mode, "kind (want exact)", k, 1);
    if (mode == GJK_MODE_DISTANCE && (k == GJK_SPECIAL_SEPARATED || k == GJK_SPECIAL_OVERLAP))
        return bad(st, p, mode, "kind not allowed in distance mode", k, 1);
    if (mode == GJK_MODE_SEPARATED && k == GJK_SPECIAL_OVERLAP) return bad(st, p, mode, "overlap kind", k, 1);
    int boxes = p->a.type == GJK_SHAPE3_BOX && p->b.type == GJK_SHAPE3_BOX;
    if (k == GJK_SPECIAL_NONE) {
        if (!boxes) return bad(st, p, mode, "none for a pair with a closed form", k, 1);
        if (truth < -K_DIST * eps * S) return bad(st, p, mode, "none for overlapping cores", truth, 0);
        return 1;
    }
    if (k == GJK_SPECIAL_OVERLAP) {
        if (truth > R + tol_touch + K_DIST * eps * S) return bad(st, p, mode, "overlap but apart", truth, R);
        return 1;
    }
    double d = sp3_rd(o.core_dist), n[3], pa[3], pb[3];
    sp3_v2a(o.normal, n);
    sp3_v2a(o.pa, pa);
    sp3_v2a(o.pb, pb);
    if (!isfinite(d) || !isfinite(n[0] + n[1] + n[2])) return bad(st, p, mode, "not finite", d, truth);
    double ue = fabs(sp3_len3d(n) - 1.0) / eps;
    st->unit = fmax(st->unit, ue);
    if (ue > K_UNIT) return bad(st, p, mode, "|normal| - 1 (eps)", ue, 0);
    if (k == GJK_SPECIAL_SEPARATED) {
        if (!(d > R)) return bad(st, p, mode, "separated: bound <= R", d, R);
        if (truth < d - K_DIST * eps * S) return bad(st, p, mode, "separated: bound above the distance", d, truth);
        double gap = -oracle3_hull_support(&p->d.d, n);
        if (gap < d - K_DIST * eps * S) return bad(st, p, mode, "separated: axis gap below the bound", gap, d);
        return 1;
    }
    /* EXACT */
    if (!isfinite(pa[0] + pa[1] + pa[2] + pb[0] + pb[1] + pb[2])) return bad(st, p, mode, "witness NaN", 0, 0);
    /* (Boxes apart are EXACT in DISTANCE mode where the axis of the largest gap carries the closest features.) */
    if (boxes && truth > K_DIST * eps * S && mode != GJK_MODE_DISTANCE)
        return bad(st, p, mode, "exact box-box with apart cores", truth, 0);
    /* The witnesses certify a separated answer by themselves: pa on A and A's support along n, pb on B and B's
       support along -n, and pb - pa = d n make d both a distance between points of the cores (an upper bound) and
       the gap along n (a lower bound). */
    double w[5];
    double nn[3] = {-n[0], -n[1], -n[2]}, r[3];
    w[0] = oracle3_hull_sd(&p->ha, pa, NULL);
    w[1] = oracle3_hull_sd(&p->hb, pb, NULL);
    w[2] = oracle3_hull_support(&p->ha, n) - sp3_dot3d(n, pa);
    w[3] = oracle3_hull_support(&p->hb, nn) + sp3_dot3d(n, pb);
    for (int i = 0; i < 3; ++i) r[i] = pb[i] - pa[i] - d * n[i];
    w[4] = sp3_len3d(r);
    for (int i = 0; i < 5; ++i) {
        double e = w[i] / (eps * S);
        st->wit = fmax(st->wit, e);
        if (e > K_WIT) {
            static const char *what[5] = {"pa off A", "pb off B", "pa not A's support", "pb not B's support",
                                          "pb - pa != d n"};
            return bad(st, p, mode, what[i], w[i], 0);
        }
    }
    double de = fabs(d - truth) / (eps * S);
    if (de > K_DIST && d > 0 && truth >= 0 && !is_box_pair(p)) {
        /* certified above, so the oracle is off: qhull's hull of two nearly parallel segments is a sliver (seen:
           9e-14 off at a tilt of 1e-13, where exact rational arithmetic agrees with the certificate) */
        st->oracle_off++;
        de = 0;
    }
    st->dist = fmax(st->dist, de);
    if (de > K_DIST) return bad(st, p, mode, "core distance", d, truth);
    if (ans->normal_unique) {
        double e = 0, denom = truth > 0 ? truth : 0;
        for (int i = 0; i < 3; ++i) e = fmax(e, fabs(n[i] - ans->normal[i]));
        double allowed = K_NORMAL * eps * (1.0 + (denom > 0 ? S / denom : 0.0));
        /* Overlapping cores: the oracle counts facets within NDIFF of each other as one normal (two nearly
           parallel faces, e.g. boxes tilted by 1e-12), and either is right when their depths agree to rounding;
           the shift check below is what holds such normals to rounding (a normal off by an angle a leaves about
           a * scale of overlap behind). */
        if (truth <= 0) allowed = fmax(allowed, 2 * NDIFF);
        st->normals++;
        st->normal = fmax(st->normal, e / (eps * (1.0 + (denom > 0 ? S / denom : 0.0))));
        if (e > allowed) return bad(st, p, mode, "normal", e, allowed);
    }
    if (d < 0 && mode == GJK_MODE_SEPARATED) {
        int cls = 2;
        for (int i = 0; i < 3; ++i) {
            if (fabs(fabs(n[i]) - 1) < 1e-6) cls = 0;
            if (cls == 2 && fabs(fabs(n[0] * p->rot[0][i] + n[1] * p->rot[1][i] + n[2] * p->rot[2][i]) - 1) < 1e-6)
                cls = 1;
        }
        st->contact[cls]++;
    }
    if (d < 0) { /* moving B by the depth and a hair along the normal separates the cores */
        double s = -d + K_SHIFT * eps * S, shift[3] = {s * n[0], s * n[1], s * n[2]};
        double after = oracle3_pair_sd_shifted(&p->d, shift);
        if (!(after > 0)) return bad(st, p, mode, "not separated after the shift", after, 0);
    }
    return 1;
}

static double second_route(pair3 *p);

/* Run the three modes on a pair (set up by the caller; freed here). The oracle's closed forms, where they apply, must
   agree with its hull. Returns 1 when every check passed. */
int sp3_check_pair(pair3 *p, stats *st) {
    long before = st->failures;
    st->pairs++;
    double second = second_route(p);
    const double S = p->scale;
    oracle3_answer ans;
    double amb = fmax(1e-6, 64 * GJK_REAL_EPSILON) * S; /* two axes closer than that may swap by rounding */
    oracle3_pair_answer(&p->d, amb, NDIFF, &ans);
    if (!isnan(second)) {
        /* the second route is in double: compare at double precision */
        /* in float, B's box is the parallelepiped of a rounded rotation, which the closed form takes as a box */
        double e = fabs(second - ans.distance) / (GJK_REAL_EPSILON * S);
        st->cc = fmax(st->cc, e);
        if (e > 64 && e * GJK_REAL_EPSILON > 1e4 * DBL_EPSILON)
            bad(st, p, -1, "oracle routes disagree", second, ans.distance);
    }
    check_mode(p, GJK_MODE_DISTANCE, &ans, st);
    check_mode(p, GJK_MODE_SEPARATED, &ans, st);
    check_mode(p, GJK_MODE_BOOLEAN, &ans, st);
    sp3_pair_free(p);
    return st->failures == before;
}

/* Second routes: the oracle's segment-segment and box-sphere closed forms, in A's frame. */
static double second_route(pair3 *p) {
    int pa = p->a.type != GJK_SHAPE3_BOX, pbt = p->b.type != GJK_SHAPE3_BOX;
    oracle3_answer out;
    if (pa && pbt) {
        const double *a1 = p->na > 1 ? p->la[1] : p->la[0], *b1 = p->nb > 1 ? p->bw[1] : p->bw[0];
        double u[3], v[3], x[3];
        for (int k = 0; k < 3; ++k) u[k] = a1[k] - p->la[0][k], v[k] = b1[k] - p->bw[0][k];
        x[0] = u[1] * v[2] - u[2] * v[1], x[1] = u[2] * v[0] - u[0] * v[2], x[2] = u[0] * v[1] - u[1] * v[0];
        /* the oracle's closed form solves the lines' 2x2 system, which loses digits for nearly parallel segments */
        double uu = sp3_dot3d(u, u), vv = sp3_dot3d(v, v);
        if (sp3_dot3d(x, x) < 1e-6 * uu * vv && uu > 0 && vv > 0) return NAN;
        oracle3_capsule_capsule(p->la[0], a1, 0.0, p->bw[0], b1, 0.0, 0.0, &out);
        return out.distance;
    }
    if (pa && is_point(&p->a)) { /* B is the box: its axes are the columns of rot */
        double axes[3][3], h[3];
        for (int i = 0; i < 3; ++i)
            for (int k = 0; k < 3; ++k) axes[i][k] = p->rot[k][i];
        sp3_v2a(p->b.box.half_extents, h);
        oracle3_box_sphere(p->pos, (const double(*)[3])axes, h, p->la[0], 0.0, 0.0, &out);
        return out.distance;
    }
    if (pbt && is_point(&p->b)) {
        double axes[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, h[3], c[3] = {0, 0, 0};
        sp3_v2a(p->a.box.half_extents, h);
        oracle3_box_sphere(c, (const double(*)[3])axes, h, p->bw[0], 0.0, 0.0, &out);
        return out.distance;
    }
    return NAN;
}

/* ---- random pairs ------------------------------------------------------------------------------------------------ */

double sp3_size_factor = 1; /* every length of the random shapes is multiplied by this */

static gjk_shape3 with_margin(test_rng *r, gjk_shape3 s) {
    if (test_uniform(r, 0, 1) < 0.3) s.margin = (gjk_real)test_uniform(r, 0, 0.3);
    gjk_real k = (gjk_real)sp3_size_factor;
    s.margin *= k;
    switch (s.type) {
    case GJK_SHAPE3_SPHERE: s.sphere.radius *= k; break;
    case GJK_SHAPE3_CAPSULE: s.capsule.radius *= k, s.capsule.half_height *= k; break;
    case GJK_SHAPE3_SEGMENT: s.segment.a = gjk_scale3(s.segment.a, k), s.segment.b = gjk_scale3(s.segment.b, k); break;
    case GJK_SHAPE3_BOX: s.box.half_extents = gjk_scale3(s.box.half_extents, k); break;
    default: break;
    }
    return s;
}
gjk_shape3 sp3_rand_point(test_rng *r) {
    gjk_shape3 s = test_uniform(r, 0, 1) < 0.7 ? gjk_sphere3((gjk_real)test_uniform(r, 0.05, 1.5)) : gjk_point3();
    return with_margin(r, s);
}
gjk_shape3 sp3_rand_segment(test_rng *r) {
    double q = test_uniform(r, 0, 1);
    gjk_shape3 s;
    if (q < 0.6) {
        gjk_real rad = (gjk_real)test_uniform(r, 0, 1);
        s = gjk_capsule3(rad, (gjk_real)test_uniform(r, 0.05, 2));
    } else if (q < 0.65) {
        s = gjk_capsule3((gjk_real)test_uniform(r, 0.05, 1), 0); /* zero length: a sphere */
    } else {
        gjk_vec3 a = test_vec3(r, -2, 2), b = test_vec3(r, -2, 2);
        s = gjk_segment3(a, q < 0.7 ? a : b); /* some with a == b */
    }
    return with_margin(r, s);
}
gjk_shape3 sp3_rand_box(test_rng *r) {
    gjk_vec3 h = test_vec3(r, 0.05, 2);
    double q = test_uniform(r, 0, 1);
    if (q < 0.1) h.x = (gjk_real)0.01;            /* thin plate (fcl #390, #493) */
    else if (q < 0.2) h.y = h.z = h.x;            /* cube: ties */
    return with_margin(r, gjk_box3(h));
}
static void centre_of(const double (*pts)[3], int n, double c[3]) {
    c[0] = c[1] = c[2] = 0;
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < 3; ++k) c[k] += pts[i][k] / n;
}

/* Put B along u from A: at f times the distance where the cores, rounded by Rp, touch (found by bisection on the
   oracle's signed distance, starting from B's core centre on A's). Sets m.pos; sp3_pair_base must have run. */
static int place(pair3 *p, const double u[3], double Rp, double f) {
    oracle3_pair d0;
    if (!oracle3_pair_build(&d0, &p->ha, Rp, &p->hb0, 0.0, NULL)) return 0;
    double ca[3], cb[3], p0[3], nu[3] = {-u[0], -u[1], -u[2]};
    centre_of((const double(*)[3])p->la, p->na, ca);
    centre_of((const double(*)[3])p->rb, p->nb, cb);
    for (int k = 0; k < 3; ++k) p0[k] = ca[k] - cb[k];
    double lo = 0, hi = 1.01 * (oracle3_hull_support(&p->ha, u) + oracle3_hull_support(&p->hb0, nu) + Rp) +
                        sp3_len3d(p0) + 1e-300;
    for (int it = 0; it < 80; ++it) {
        double mid = 0.5 * (lo + hi), s[3];
        for (int k = 0; k < 3; ++k) s[k] = p0[k] + mid * u[k];
        if (oracle3_pair_sd_shifted(&d0, s) > 0.0)
            hi = mid;
        else
            lo = mid;
    }
    oracle3_pair_free(&d0);
    double lam = f * 0.5 * (lo + hi);
    p->m.pos = gjk_v3((gjk_real)(p0[0] + lam * u[0]), (gjk_real)(p0[1] + lam * u[1]), (gjk_real)(p0[2] + lam * u[2]));
    return 1;
}

/* A random near-contact placement: 50% at 0.6..1.4 of touching, 30% within 1e-9..1e-3 (relative) of touching, 10%
   deep (0..0.6), 10% touching to rounding; touching of the cores alone in 35% of the pairs, of the rounded shapes
   otherwise. */
static double rand_fraction(test_rng *r, double *Rp, double R) {
    *Rp = test_uniform(r, 0, 1) < 0.35 ? 0.0 : R;
    double sel = test_uniform(r, 0, 1);
    if (sel < 0.5) return test_uniform(r, 0.6, 1.4);
    if (sel < 0.8) {
        double e = pow(10.0, test_uniform(r, -9, -3));
        return test_uniform(r, 0, 1) < 0.5 ? 1 - e : 1 + e;
    }
    if (sel < 0.9) return test_uniform(r, 0, 0.6);
    return 1.0;
}

/* The pair as query3.c's prepare() builds it from world poses (B's frame into A's). */
void sp3_m_from_world(gjk_minkowski3 *m, gjk_vec3 pa, gjk_quat qa, gjk_vec3 pb, gjk_quat qb) {
    qa = gjk_quat_normalize(qa);
    qb = gjk_quat_normalize(qb);
    m->rot = gjk_mat33_from_quat(gjk_quat_mul(gjk_quat_conj(qa), qb));
    m->pos = gjk_quat_inv_rotate(qa, gjk_sub3(pb, pa));
}

/* A rotation of the cube's symmetry group (multiples of 90 degrees, as a quaternion: its matrix has rounding noise
   where the exact entries are 0), sometimes tilted by 1e-12 .. 1e-6 rad: stacked and aligned boxes, where face and
   cross axes coincide and ties are everywhere. */
gjk_quat sp3_right_angle_quat(test_rng *r) {
    static const double axes[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    gjk_quat q = gjk_quat_identity();
    for (int i = 0; i < 3; ++i) {
        int turns = (int)test_uniform(r, 0, 4);
        const double *ax = axes[(int)test_uniform(r, 0, 3)];
        q = gjk_quat_mul(q, gjk_quat_from_axis_angle(gjk_v3((gjk_real)ax[0], (gjk_real)ax[1], (gjk_real)ax[2]),
                                                     (gjk_real)(turns * 1.5707963267948966)));
    }
    if (test_uniform(r, 0, 1) < 0.3) {
        gjk_vec3 ax = test_unit3(r);
        q = gjk_quat_mul(q, gjk_quat_from_axis_angle(ax, (gjk_real)pow(10.0, test_uniform(r, -12, -6))));
    }
    return q;
}
/* far: 0 for pairs near the origin; else the world offset of the pair (both shapes far from the world origin). */
void sp3_run_family_rot(const char *name, uint64_t seed, maker_fn *ma, maker_fn *mb, long base, double far,
                           rotation_fn *rotation_maker) {
    stats st;
    memset(&st, 0, sizeof st);
    st.name = name;
    test_rng rng = {seed};
    long count = pair_count(base);
    for (long i = 0; i < count; ++i) {
        pair3 p;
        memset(&p, 0, sizeof p);
        p.a = ma(&rng);
        p.b = mb(&rng);
        gjk_quat q = rotation_maker(&rng);
        gjk_vec3 uv = test_unit3(&rng);
        double u[3] = {uv.x, uv.y, uv.z}, Rp;
        p.R = gjk_core3_radius(&p.a) + gjk_core3_radius(&p.b);
        double f = rand_fraction(&rng, &Rp, sp3_rd(p.R));
        p.m.rot = gjk_mat33_from_quat(gjk_quat_normalize(q));
        int ok = sp3_pair_base(&p) && place(&p, u, Rp, f);
        if (ok && far > 0) { /* redo the pair from world poses far away, as the queries do */
            gjk_quat qa = test_quat(&rng);
            gjk_vec3 wa = gjk_v3((gjk_real)far, (gjk_real)(-0.7 * far), (gjk_real)(0.3 * far));
            gjk_vec3 wb = gjk_add3(wa, gjk_quat_rotate(gjk_quat_normalize(qa), p.m.pos));
            sp3_m_from_world(&p.m, wa, qa, wb, gjk_quat_mul(qa, q));
            sp3_pair_free(&p);
            ok = sp3_pair_base(&p);
        }
        if (!ok || !sp3_pair_at(&p)) {
            st.oracle_failures++;
            sp3_pair_free(&p);
            continue;
        }
        sp3_check_pair(&p, &st);
    }
    report(&st);
    assert_int_equal(st.failures, 0);
    assert_true(st.oracle_failures <= count / 100);
}

void sp3_run_family(const char *name, uint64_t seed, maker_fn *ma, maker_fn *mb, long base, double far) {
    sp3_run_family_rot(name, seed, ma, mb, base, far, test_quat);
}

