// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The harness of the exact-answer tests, second half: the per-pair check of the four 3D queries against the
 * oracle, the family driver and the reports. Bodies, random numbers and tolerances: test_exact3_body.c. */
#define ORACLE3_HARNESS 1
#include "oracle3.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

static void v3(gjk_vec3 v, double out[3]) { out[0] = v.x, out[1] = v.y, out[2] = v.z; }
static double ddot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* ---- reports ----------------------------------------------------------------------------------------------------- */

static void print_body(const char *name, const x3_body *b) {
    const gjk_shape3 *s = &b->shape;
    printf("  %s: ", name);
    switch (s->type) {
    case GJK_SHAPE3_BOX:
        printf("gjk_box3(gjk_v3(%.17g, %.17g, %.17g))", (double)s->box.half_extents.x, (double)s->box.half_extents.y,
               (double)s->box.half_extents.z);
        break;
    case GJK_SHAPE3_SPHERE: printf("gjk_sphere3(%.17g)", (double)s->sphere.radius); break;
    case GJK_SHAPE3_CAPSULE:
        printf("gjk_capsule3(%.17g, %.17g)", (double)s->capsule.radius, (double)s->capsule.half_height);
        break;
    case GJK_SHAPE3_HULL:
        printf("hull of %d points {", b->core_count);
        for (int i = 0; i < b->core_count; ++i)
            printf("%s{%.17g, %.17g, %.17g}", i ? ", " : "", b->local[i][0], b->local[i][1], b->local[i][2]);
        printf("}");
        break;
    default: printf("shape type %d", (int)s->type); break;
    }
    printf(", margin %.17g\n  pose_%s: position {%.17g, %.17g, %.17g}, rotation {%.17g, %.17g, %.17g, %.17g}\n",
           (double)s->margin, name, (double)b->pose.position.x, (double)b->pose.position.y, (double)b->pose.position.z,
           (double)b->pose.rotation.w, (double)b->pose.rotation.x, (double)b->pose.rotation.y,
           (double)b->pose.rotation.z);
}

static void print_result(const char *name, const gjk_result3 *r) {
    printf("  %s: status %s intersect %d distance %.17g normal {%.17g, %.17g, %.17g}\n"
           "     point_a {%.17g, %.17g, %.17g} point_b {%.17g, %.17g, %.17g} iterations %d epa %d\n",
           name, gjk_status_string(r->status), (int)r->intersect, (double)r->distance, (double)r->normal.x,
           (double)r->normal.y, (double)r->normal.z, (double)r->point_a.x, (double)r->point_a.y, (double)r->point_a.z,
           (double)r->point_b.x, (double)r->point_b.y, (double)r->point_b.z, r->iterations, r->epa_iterations);
}

void x3_report(const x3_stats *st) {
    print_message("[exact3] %-11s pairs %6ld overlapping %6ld (cores %6ld) normals checked %6ld failures %ld "
                  "(%.1f s)\n",
                  st->name, st->pairs, st->overlapping, st->deep, st->normal_checked, st->failures, st->seconds);
    print_message("[exact3] %-11s max |err|: distance %.3e depth %.3e normal %.3e witness %.3e unit %.3e "
                  "(relative to scale)\n",
                  st->name, st->max_dist_err, st->max_depth_err, st->max_normal_err, st->max_witness_err,
                  st->max_unit_err);
    print_message("[exact3] %-11s certified interval width: defaults %.3e, tolerance %g: %.3e (relative to scale)\n",
                  st->name, st->max_width, X3_LOOSE_TOLERANCE, st->max_loose_width);
    print_message("[exact3] %-11s worst normal at exact distance %.3e, tie gap %.3e\n", st->name,
                  st->worst_normal_distance, st->worst_normal_tie);
    for (int i = 0; i < st->reason_count; ++i)
        print_message("[exact3] %-11s %6ld x %s\n", st->name, st->reason_hits[i], st->reasons[i]);
}

/* ---- the per-pair check ------------------------------------------------------------------------------------------ */

typedef struct check_log {
    int bad;
    char why[4][200];
} check_log;

static void flag(check_log *c, const char *fmt, ...) {
    if (c->bad < 4) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->why[c->bad], sizeof c->why[0], fmt, ap);
        va_end(ap);
    }
    c->bad++;
}

static double ddist(const double a[3], const double b[3]) {
    double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return sqrt(ddot(d, d));
}
static int finite_result(const gjk_result3 *r) {
    return isfinite(r->distance) && isfinite(r->normal.x) && isfinite(r->normal.y) && isfinite(r->normal.z) &&
           isfinite(r->point_a.x) && isfinite(r->point_a.y) && isfinite(r->point_a.z) && isfinite(r->point_b.x) &&
           isfinite(r->point_b.y) && isfinite(r->point_b.z);
}

static double normal_error(const gjk_result3 *r, const oracle3_answer *ex) {
    double n[3];
    v3(r->normal, n);
    return ddist(n, ex->normal);
}

/* Support residual |p . n - h(n)| of a body along a unit direction. */
static double support_residual(const x3_body *b, const double p[3], const double n[3]) {
    return fabs(ddot(p, n) - x3_body_support(b, n));
}

/* Witness checks shared by the queries that report contact points: point_b = point_a + distance * normal, each
 * point on its shape's surface, and each the support of its shape along (minus) the normal. Along the exact normal
 * (when unique) the support check is strict. Along the reported normal it allows the normal's own error times the
 * shapes' size: a normal tilted by e moves the support plane of a shape of radius s by up to e * s, which is no
 * witness error (the normal itself is checked separately). Returns the largest strict residual. */
static double check_witnesses(const x3_body *a, const x3_body *b, const gjk_result3 *r, const oracle3_answer *ex,
                              double ptol, double normal_tol, const char *q, check_log *c) {
    double n[3], pa[3], pb[3], nn[3], mn[3], en[3], emn[3];
    v3(r->normal, n), v3(r->point_a, pa), v3(r->point_b, pb);
    double l = sqrt(ddot(n, n)), worst = 0.0, e;
    if (!(l > 0.0)) {
        flag(c, "%s: zero normal", q);
        return 0.0;
    }
    for (int i = 0; i < 3; ++i) nn[i] = n[i] / l, mn[i] = -nn[i], en[i] = ex->normal[i], emn[i] = -ex->normal[i];
    double expect_b[3] = {pa[0] + r->distance * n[0], pa[1] + r->distance * n[1], pa[2] + r->distance * n[2]};
    if ((e = ddist(pb, expect_b)) > ptol) flag(c, "%s: point_b - (point_a + distance * normal) = %.3e", q, e);
    worst = fmax(worst, e);
    if ((e = fabs(x3_body_sd(a, pa))) > ptol) flag(c, "%s: point_a %.3e off A", q, e);
    worst = fmax(worst, e);
    if ((e = fabs(x3_body_sd(b, pb))) > ptol) flag(c, "%s: point_b %.3e off B", q, e);
    worst = fmax(worst, e);
    if (ex->normal_unique) {
        if ((e = support_residual(a, pa, en)) > ptol)
            flag(c, "%s: point_a not A's support along exact normal (%.3e)", q, e);
        worst = fmax(worst, e);
        if ((e = support_residual(b, pb, emn)) > ptol)
            flag(c, "%s: point_b not B's support along -exact normal (%.3e)", q, e);
        worst = fmax(worst, e);
        normal_tol = fmin(normal_tol, normal_error(r, ex));
    }
    if ((e = support_residual(a, pa, nn)) > ptol + normal_tol * 2.0 * a->size)
        flag(c, "%s: point_a not A's support along normal (%.3e)", q, e);
    if ((e = support_residual(b, pb, mn)) > ptol + normal_tol * 2.0 * b->size)
        flag(c, "%s: point_b not B's support along -normal (%.3e)", q, e);
    return worst;
}

/* Tally failure reasons by their text up to the first number, so that the report says what failed how often. */
static void count_reason(x3_stats *st, const char *why) {
    char key[X3_REASON_LEN];
    size_t n = strcspn(why, "0123456789-");
    if (n >= sizeof key) n = sizeof key - 1;
    memcpy(key, why, n);
    key[n] = 0;
    for (int i = 0; i < st->reason_count; ++i)
        if (!strcmp(st->reasons[i], key)) {
            st->reason_hits[i]++;
            return;
        }
    if (st->reason_count < X3_MAX_REASONS) {
        memcpy(st->reasons[st->reason_count], key, n + 1);
        st->reason_hits[st->reason_count++] = 1;
    }
}

/* What the four query checks share about one pair. */
typedef struct pair_ctx {
    const x3_body *a, *b;
    const oracle3_answer *ex;
    const oracle3_pair *pair;
    const x3_tol *tol;
    int flags;
    double scale; /* max(1, sizes): length tolerances are relative to it */
    double touch; /* the library's touching tolerance, relative to the size of D (see x3_tol.touch) */
    double band;  /* |exact| below this: touching, either intersect answer is right */
    int sep, ovl; /* separated / overlapping beyond the band */
    double ltol;  /* distance tolerance of this pair (depth tolerance when overlapping) */
    double ptol;  /* witness tolerance */
    double dsize; /* largest |point of D| plus the radii: the size the oracle rounds at */
    check_log log;
    x3_stats *st;
} pair_ctx;

/* The reported normal against the exact one, where unique. Near contact a normal derived from closest points is
 * ill-conditioned: an error e in the points tilts it by e / distance, which the tolerance allows for (cond). */
static void check_normal(pair_ctx *x, const gjk_result3 *r, const char *q, int record) {
    if (!x->ex->normal_unique) return;
    double e = normal_error(r, x->ex);
    double allowed = x->tol->normal + x->tol->cond * x->touch / fmax(fabs(x->ex->distance), 1e-300);
    if (record) {
        x->st->normal_checked++;
        if (e > x->st->max_normal_err) {
            x->st->max_normal_err = e;
            x->st->worst_normal_distance = x->ex->distance;
            x->st->worst_normal_tie = x->ex->tie_gap;
        }
    }
    if (e > allowed)
        flag(&x->log, "%s: normal off by %.3e > %.3e from {%.17g, %.17g, %.17g} (tie gap %.3e)", q, e, allowed,
             x->ex->normal[0], x->ex->normal[1], x->ex->normal[2], x->ex->tie_gap);
}

static int touching_must_intersect(const pair_ctx *x) {
    return x->ex->distance == 0.0 && (x->flags & X3_REQUIRE_TOUCH_INTERSECT);
}

static void check_signed(pair_ctx *x, const gjk_result3 *r) {
    double ex = x->ex->distance, err = fabs(r->distance - ex);
    if (r->status != GJK_OK) flag(&x->log, "signed: status %s", gjk_status_string(r->status));
    if (!finite_result(r)) flag(&x->log, "signed: non-finite output");
    if (x->ovl)
        x->st->max_depth_err = fmax(x->st->max_depth_err, err / x->scale);
    else
        x->st->max_dist_err = fmax(x->st->max_dist_err, err / x->scale);
    if (err > x->ltol)
        flag(&x->log, "signed: distance %.17g, exact %.17g (err %.3e > %.3e)", r->distance, ex, err, x->ltol);
    if (r->distance < 0 && !r->intersect) flag(&x->log, "signed: negative distance but intersect false");
    if (r->distance > x->band && r->intersect) flag(&x->log, "signed: positive distance but intersect true");
    if ((x->sep && r->intersect) || (x->ovl && !r->intersect))
        flag(&x->log, "signed: intersect %d, exact %.3e", r->intersect, ex);
    if (touching_must_intersect(x) && !r->intersect) flag(&x->log, "signed: touching, no intersect");
    double nl =
        sqrt((double)r->normal.x * r->normal.x + (double)r->normal.y * r->normal.y + (double)r->normal.z * r->normal.z);
    x->st->max_unit_err = fmax(x->st->max_unit_err, fabs(nl - 1.0));
    if (fabs(nl - 1.0) > x->tol->unit) flag(&x->log, "signed: |normal| = %.17g", nl);
    check_normal(x, r, "signed", 1);
    double w = check_witnesses(x->a, x->b, r, x->ex, x->ptol, x->tol->normal, "signed", &x->log);
    x->st->max_witness_err = fmax(x->st->max_witness_err, w / x->scale);
    if (r->distance < 0.0 && nl > 0.0) {
        /* moving B by a hair more than the reported depth along the reported normal must separate the pair */
        double t = (-r->distance + x->tol->sep * x->scale) / nl;
        double shift[3] = {t * r->normal.x, t * r->normal.y, t * r->normal.z};
        double after = oracle3_pair_sd_shifted(x->pair, shift);
        if (!(after > 0.0))
            flag(&x->log, "signed: moving B by depth + %.1e along normal leaves distance %.3e", x->tol->sep * x->scale,
                 after);
    }
}

/* Boolean query: agrees with the sign; when separated, a positive lower bound and a separating axis. */
static void check_intersect(pair_ctx *x, const gjk_result3 *i) {
    double ex = x->ex->distance;
    if (i->status != GJK_OK) flag(&x->log, "intersect: status %s", gjk_status_string(i->status));
    if ((x->sep && i->intersect) || (x->ovl && !i->intersect))
        flag(&x->log, "intersect: %d, exact %.3e", i->intersect, ex);
    if (touching_must_intersect(x) && !i->intersect) flag(&x->log, "intersect: touching, false");
    if (i->intersect) return;
    if (!(i->distance >= 0.0 && i->distance <= ex + x->ltol))
        flag(&x->log, "intersect: bound %.17g, exact %.17g", i->distance, ex);
    double m[3], mm[3];
    v3(i->normal, m);
    double ml = sqrt(ddot(m, m));
    if (!(ml > 0.0)) return;
    for (int k = 0; k < 3; ++k) m[k] /= ml, mm[k] = -m[k];
    double overlap = x3_body_support(x->a, m) + x3_body_support(x->b, mm);
    /* an axis tilted within the normal tolerance may miss a tiny gap by that tilt times the sizes */
    if (overlap > x->ptol + x->tol->normal * (x->a->size + x->b->size))
        flag(&x->log, "intersect: normal is no separating axis (%.3e)", overlap);
}

/* Distance query: the gap when separated; zero and a point common to both shapes when intersecting. */
static void check_distance(pair_ctx *x, const gjk_result3 *d) {
    double ex = x->ex->distance;
    if (d->status != GJK_OK) flag(&x->log, "distance: status %s", gjk_status_string(d->status));
    if (d->intersect) {
        double pa[3], pb[3];
        v3(d->point_a, pa), v3(d->point_b, pb);
        if (x->sep) flag(&x->log, "distance: intersect, exact %.17g", ex);
        if (d->distance != 0 || ddist(pa, pb) > x->ptol)
            flag(&x->log, "distance: intersect with distance %.3e", d->distance);
        /* a GJK that stops at the touching tolerance leaves its common point that far outside one shape */
        double ea = x3_body_sd(x->a, pa), eb = x3_body_sd(x->b, pa), allowed = x->ptol + x->touch;
        if (ea > allowed || eb > allowed) flag(&x->log, "distance: common point outside A by %.3e, B by %.3e", ea, eb);
        return;
    }
    if (x->ovl) flag(&x->log, "distance: no intersect, exact %.17g", ex);
    if (fabs(d->distance - ex) > x->ltol) flag(&x->log, "distance: %.17g, exact %.17g", d->distance, ex);
    check_normal(x, d, "distance", 0);
    check_witnesses(x->a, x->b, d, x->ex, x->ptol, x->tol->normal, "distance", &x->log);
}

/* Penetration query: the depth when intersecting; a positive lower bound of the gap when separated. */
static void check_penetration(pair_ctx *x, const gjk_result3 *p) {
    double ex = x->ex->distance;
    if (p->status != GJK_OK) flag(&x->log, "penetration: status %s", gjk_status_string(p->status));
    if (p->intersect) {
        if (x->sep) flag(&x->log, "penetration: intersect, exact %.17g", ex);
        if (fabs(p->distance - ex) > x->ltol) flag(&x->log, "penetration: %.17g, exact %.17g", p->distance, ex);
        check_normal(x, p, "penetration", 0);
        check_witnesses(x->a, x->b, p, x->ex, x->ptol, x->tol->normal, "penetration", &x->log);
        return;
    }
    if (x->ovl) flag(&x->log, "penetration: no intersect, exact %.17g", ex);
    if (!(p->distance >= 0.0 && p->distance <= ex + x->ltol))
        flag(&x->log, "penetration: bound %.17g, exact %.17g", p->distance, ex);
}

/* The certified interval holds the exact signed distance, give or take the oracle's own rounding (double, a few
   eps of D's size: the oracle and the library round differently). Intersect and distance leave the depth of an
   overlapping pair unbounded (lower = -max) and the boolean exits leave the gap unbounded above: only the ends
   they state are checked. `width` (may be NULL) receives upper - lower relative to the scale when both ends are
   finite. */
static void check_bounds(pair_ctx *x, const gjk_result3 *r, const char *q, double *width) {
    double ex = x->ex->distance, slack = 16 * DBL_EPSILON * x->dsize;
    if (r->status == GJK_INVALID_INPUT) return;
    if (!(r->lower <= r->upper)) flag(&x->log, "%s: bounds [%.17g, %.17g] empty", q, r->lower, r->upper);
    if (r->lower > ex + slack || r->upper < ex - slack)
        flag(&x->log, "%s: exact %.17g outside the bounds [%.17g, %.17g]", q, ex, r->lower, r->upper);
    if (r->status == GJK_OK && (r->distance < r->lower || r->distance > r->upper) &&
        (q[0] == 's' || (q[0] == 'p' && r->intersect)))
        flag(&x->log, "%s: answer %.17g outside its bounds [%.17g, %.17g]", q, r->distance, r->lower, r->upper);
    if (width && r->lower > -GJK_REAL_MAX && r->upper < GJK_REAL_MAX)
        *width = fmax(*width, ((double)r->upper - r->lower) / x->scale);
}

int x3_check(const x3_body *a, const x3_body *b, const oracle3_answer *exact, const oracle3_pair *pair,
             const x3_tol *tol, int flags, x3_stats *st) {
    gjk_pair3 pr = {&a->shape, a->pose, &b->shape, b->pose};
    pair_ctx x;
    memset(&x, 0, sizeof x);
    x.a = a, x.b = b, x.ex = exact, x.pair = pair, x.tol = tol, x.flags = flags, x.st = st;
    x.scale = tol->absolute ? 1.0 : fmax(1.0, fmax(a->size, b->size));
    double dsize = 0.0, coord = 0.0;
    for (int i = 0; i < pair->d.vertex_count; ++i)
        dsize = fmax(dsize, sqrt(ddot(pair->d.vertices[i], pair->d.vertices[i])));
    for (int i = 0; i < 3; ++i) coord = fmax(coord, fmax(fabs(a->pos[i]), fabs(b->pos[i])));
    x.touch = tol->touch * (dsize + pair->radius);
    x.band = fmax(tol->dist * x.scale, x.touch);
    x.sep = exact->distance > x.band, x.ovl = exact->distance < -x.band;
    x.ltol = (x.ovl ? tol->depth : tol->dist) * x.scale;
    x.ptol = x.ltol + tol->coord * (coord + x.scale);
    st->pairs++;
    if (exact->distance < 0.0) st->overlapping++;

    gjk_result3 r = gjk_signed_distance3(&pr, NULL);
    gjk_result3 i = gjk_intersect3(&pr, NULL);
    gjk_result3 d = gjk_distance3(&pr, NULL);
    gjk_result3 p = gjk_penetration3(&pr, NULL);
    check_signed(&x, &r);
    check_intersect(&x, &i);
    check_distance(&x, &d);
    check_penetration(&x, &p);
    x.dsize = dsize + pair->radius;
    check_bounds(&x, &r, "signed bounds", &st->max_width);
    check_bounds(&x, &i, "intersect bounds", NULL);
    check_bounds(&x, &d, "distance bounds", NULL);
    check_bounds(&x, &p, "penetration bounds", NULL);
    /* The same queries stopped early by the tolerance option: faster, wider, still certified. */
    gjk_options loose = {(gjk_real)X3_LOOSE_TOLERANCE, 0, 0};
    const gjk_query_kind kinds[4] = {GJK_QUERY_SIGNED_DISTANCE, GJK_QUERY_INTERSECT, GJK_QUERY_DISTANCE,
                                     GJK_QUERY_PENETRATION};
    const char *names[4] = {"signed loose", "intersect loose", "distance loose", "penetration loose"};
    for (int k = 0; k < 4; ++k) {
        gjk_result3 l = gjk_query3(kinds[k], &pr, &loose, NULL);
        check_bounds(&x, &l, names[k], k == 0 ? &st->max_loose_width : NULL);
    }

    if (!x.log.bad) return 1;
    for (int k = 0; k < x.log.bad && k < 4; ++k) count_reason(st, x.log.why[k]);
    if (st->failures++ < 5) {
        printf("[exact3] %s: FAILED pair %ld (exact distance %.17g, normal {%.17g, %.17g, %.17g} unique %d, "
               "scale %g)\n",
               st->name, st->pairs - 1, exact->distance, exact->normal[0], exact->normal[1], exact->normal[2],
               exact->normal_unique, x.scale);
        for (int k = 0; k < x.log.bad && k < 4; ++k) printf("  - %s\n", x.log.why[k]);
        print_body("a", a);
        print_body("b", b);
        print_result("signed_distance", &r);
        print_result("intersect", &i);
        print_result("distance", &d);
        print_result("penetration", &p);
        fflush(stdout);
    }
    return 0;
}

/* ---- the family driver ------------------------------------------------------------------------------------------- */

/* The closed form and the polytope oracle are two unrelated computations of the same number: their disagreement is
 * an oracle bug and fails the family on its own count. */
static int oracles_agree(const oracle3_answer *cf, const oracle3_answer *gen, double scale) {
    if (fabs(cf->distance - gen->distance) > 1e-11 * scale) return 0;
    if (cf->normal_unique && gen->normal_unique && fabs(gen->distance) > 1e-6 * scale &&
        ddist(cf->normal, gen->normal) > 1e-8)
        return 0;
    return 1;
}

void x3_run_family(const x3_family *fam) {
    x3_stats st;
    memset(&st, 0, sizeof st);
    st.name = fam->name;
    x3_rng rng = {fam->seed};
    const double origin[3] = {0, 0, 0};
    clock_t start = clock();
    for (long i = 0; i < fam->count; ++i) {
        x3_body a, b;
        x3_placement place;
        oracle3_pair pair;
        oracle3_answer gen, cf;
        x3_body_init(&a), x3_body_init(&b);
        memset(&place, 0, sizeof place);
        memset(&pair, 0, sizeof pair);
        int ok = fam->make(&rng, i, &a, &b, &place);
        if (ok) {
            double offset[3] = {b.pos[0] - a.pos[0], b.pos[1] - a.pos[1], b.pos[2] - a.pos[2]};
            ok = oracle3_pair_build(&pair, &a.core, a.radius, &b.core, b.radius, offset);
        }
        if (ok && place.active) x3_place_b(&a, &b, &place, &pair);
        double scale = fam->tol.absolute ? 1.0 : fmax(1.0, fmax(a.size, b.size));
        if (ok) oracle3_pair_answer(&pair, fam->tol.amb * scale, 0.1 * fam->tol.normal, &gen);
        const oracle3_answer *ex = &gen;
        if (ok && fam->closed) {
            fam->closed(&a, &b, fam->tol.amb * scale, &cf);
            ok = oracles_agree(&cf, &gen, scale);
            ex = &cf;
            if (!ok)
                printf("[exact3] %s pair %ld: closed form %.17g vs polytope oracle %.17g\n", fam->name, i, cf.distance,
                       gen.distance);
        }
        if (!ok) {
            if (st.oracle_failures++ < 5) {
                printf("[exact3] %s pair %ld: setup or oracle failure\n", fam->name, i);
                print_body("a", &a);
                print_body("b", &b);
            }
        } else {
            if (oracle3_hull_sd(&pair.d, origin, NULL) <= 0.0) st.deep++;
            x3_check(&a, &b, ex, &pair, &fam->tol, fam->flags, &st);
        }
        oracle3_pair_free(&pair);
        x3_free_body(&a);
        x3_free_body(&b);
    }
    st.seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    x3_report(&st);
    assert_int_equal(st.oracle_failures, 0);
    assert_int_equal(st.failures, 0);
}
