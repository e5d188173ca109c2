// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shared checks of the 2D query tests: see check2.h. */
#include <float.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "check2.h"

void report(const stats *s) {
    print_message("%-22s pairs %5d | max err/L: distance %.2e depth %.2e normal %.2e point_b %.2e surface %.2e "
                  "move %.2e\n",
                  s->name, s->pairs, s->dist, s->depth, s->normal, s->inv, s->surface, s->move);
    print_message("%-22s certified interval width/L: defaults %.2e, tolerance %g: %.2e\n", s->name, s->width,
                  LOOSE_TOLERANCE, s->loose);
}

bool bounds_hold(const gjk_result2 *r, double sd, double L, double slack, bool inside, double *width) {
    double lo = (double)r->lower, hi = (double)r->upper;
    if (!(lo <= hi) || lo > sd + slack || hi < sd - slack) return false;
    if (inside && !(lo <= (double)r->distance && (double)r->distance <= hi)) return false;
    if (width && lo > -(double)GJK_REAL_MAX && hi < (double)GJK_REAL_MAX) track(width, (hi - lo) / L);
    return true;
}

gjk_vec2 v2(double x, double y) { return gjk_v2((gjk_real)x, (gjk_real)y); }

gjk_pose2 pose(double x, double y, double angle) {
    gjk_pose2 p;
    p.position = v2(x, y);
    p.rotation = gjk_rot2_from_angle((gjk_real)angle);
    return p;
}

double ulen(gjk_vec2 v) { return sqrt((double)v.x * (double)v.x + (double)v.y * (double)v.y); }

bool finite_result(const gjk_result2 *r) {
    return isfinite(r->distance) && isfinite(r->normal.x) && isfinite(r->normal.y) && isfinite(r->point_a.x) &&
           isfinite(r->point_a.y) && isfinite(r->point_b.x) && isfinite(r->point_b.y);
}

double track(double *slot, double value) {
    if (value > *slot) *slot = value;
    return value;
}

/* Size of the pair for relative tolerances: the largest distance from A's position of a vertex plus radius. */
double pair_scale(const o2_shape *a, const o2_shape *b, gjk_vec2 origin_a) {
    o2_vec c = o2_of(origin_a);
    double L = 0;
    for (int k = 0; k < 2; k++) {
        const o2_shape *s = k ? b : a;
        for (int i = 0; i < s->n; i++) L = fmax(L, hypot(s->v[i].x - c.x, s->v[i].y - c.y) + s->r);
    }
    return fmax(L, 1e-30);
}

static gjk_result2 last; /* the result being checked, for dump_pair */

/* On a failed check (or, with the environment variable GJK2_TEST_DEBUG=x, on any signed distance off by more than
   x * L): what the pair and the result were, for reproduction. */
static void dump_pair(const char *family, const char *what, const gjk_pair2 *pair, const o2_shape *oa,
                      const o2_shape *ob, double sd) {
    fprintf(stderr, "%s: check failed: %s (exact signed distance %.17g)\n", family, what, sd);
    fprintf(stderr,
            "  result: status %d intersect %d distance %.9g normal (%.9g, %.9g) a (%.9g, %.9g) b (%.9g, %.9g) "
            "iterations %d epa %d bounds [%.17g, %.17g]\n",
            (int)last.status, (int)last.intersect, (double)last.distance, (double)last.normal.x, (double)last.normal.y,
            (double)last.point_a.x, (double)last.point_a.y, (double)last.point_b.x, (double)last.point_b.y,
            last.iterations, last.epa_iterations, (double)last.lower, (double)last.upper);
    const gjk_pose2 *p[2] = {&pair->pose_a, &pair->pose_b};
    const o2_shape *o[2] = {oa, ob};
    for (int k = 0; k < 2; k++) {
        fprintf(stderr, "  %c: type %d margin %.17g pose (%.17g, %.17g; %.17g, %.17g) r %.17g vertices", "AB"[k],
                (int)(k ? pair->b : pair->a) -> type, (double)(k ? pair->b : pair->a) -> margin,
                (double)p[k] -> position.x, (double)p[k]->position.y, (double)p[k]->rotation.c,
                (double)p[k]->rotation.s, o[k]->r);
        for (int i = 0; i < o[k]->n; i++) fprintf(stderr, " (%.17g, %.17g)", o[k]->v[i].x, o[k]->v[i].y);
        fprintf(stderr, "\n");
    }
}

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) dump_pair(st->name, #cond, pair, oa, ob, sd);                                                     \
        assert_true(cond);                                                                                             \
    } while (0)

/* Check all four queries on one pair against the oracle answer `ref`. `exact` tightens the distance bound (closed
   forms on dyadic data). */
void check_pair(stats *st, const gjk_pair2 *pair, const o2_shape *oa, const o2_shape *ob, o2_answer ref, bool exact) {
    double L = pair_scale(oa, ob, pair->pose_a.position);
    double far = L + ulen(pair->pose_a.position);
    double sd = ref.signed_distance;
    /* The oracle's own rounding: double, a few eps of the world coordinates it computes with. */
    double slack = 16 * DBL_EPSILON * far;
    st->pairs++;

    gjk_result2 r = last = gjk_signed_distance2(pair, NULL);
    CHECK(r.status == GJK_OK);
    CHECK(finite_result(&r));
    CHECK(r.iterations >= 0 && r.iterations <= GJK_MAX_GJK_ITERATIONS && r.epa_iterations >= 0);
    double err = fabs((double)r.distance - sd) / L;
    double bound = exact ? TOL_EXACT : (sd < 0 ? TOL_DEPTH : TOL_DIST);
    CHECK(track(sd < 0 ? &st->depth : &st->dist, err) <= bound);
    CHECK(bounds_hold(&r, sd, L, slack, true, &st->width));
    if (getenv("GJK2_TEST_DEBUG") && err > atof(getenv("GJK2_TEST_DEBUG")))
        dump_pair(st->name, "debug", pair, oa, ob, sd);
    CHECK(fabs(ulen(r.normal) - 1) <= TOL_UNIT);
    double inv = hypot((double)r.point_b.x - (double)r.point_a.x - (double)r.distance * (double)r.normal.x,
                       (double)r.point_b.y - (double)r.point_a.y - (double)r.distance * (double)r.normal.y) /
                 far;
    CHECK(track(&st->inv, inv) <= TOL_INV);
    /* Witness points on the surfaces (for pairs far from the origin, to the rounding of the world coordinates). */
    double surf = fmax(fabs(o2_point_signed_distance(o2_of(r.point_a), oa)),
                       fabs(o2_point_signed_distance(o2_of(r.point_b), ob))) /
                  far;
    CHECK(track(&st->surface, surf) <= TOL_DEPTH);
    /* Moving B by -distance * normal makes the pair touch exactly when the normal is right. */
    o2_vec move = o2_v(-(double)r.distance * (double)r.normal.x, -(double)r.distance * (double)r.normal.y);
    o2_shape moved = o2_translated(ob, move);
    double after = fabs(o2_query(oa, &moved).signed_distance) / L;
    CHECK(track(&st->move, after) <= TOL_DEPTH);
    bool well_conditioned = ref.core_distance > 1e-3 * L || (ref.core_distance == 0 && ref.core_depth > 1e-3 * L);
    if (ref.normal_unique && well_conditioned) {
        double nerr = hypot((double)r.normal.x - ref.normal.x, (double)r.normal.y - ref.normal.y);
        CHECK(track(&st->normal, nerr) <= TOL_NORMAL);
    }
    if (fabs(sd) > TOL_ZERO * L) CHECK(r.intersect == (sd < 0));

    /* Distance: the same answer when separated; distance 0 and a common point when overlapping. */
    gjk_result2 d = last = gjk_distance2(pair, NULL);
    CHECK(d.status == GJK_OK);
    CHECK(finite_result(&d));
    CHECK(d.epa_iterations == 0);
    CHECK(bounds_hold(&d, sd, L, slack, false, NULL));
    if (sd > TOL_ZERO * L) {
        CHECK(!d.intersect);
        CHECK(track(&st->dist, fabs((double)d.distance - sd) / L) <= bound);
        CHECK(fabs(ulen(d.normal) - 1) <= TOL_UNIT);
    } else if (sd < -TOL_ZERO * L) {
        CHECK(d.intersect);
        CHECK(d.distance == 0 && d.normal.x == 0 && d.normal.y == 0);
        CHECK(d.point_a.x == d.point_b.x && d.point_a.y == d.point_b.y);
        CHECK(o2_point_signed_distance(o2_of(d.point_a), oa) / far <= TOL_DEPTH);
        CHECK(o2_point_signed_distance(o2_of(d.point_a), ob) / far <= TOL_DEPTH);
    }

    /* Penetration and intersect: early exit on separated pairs with a separating axis and a lower bound. */
    for (int q = 0; q < 2; q++) {
        gjk_result2 p = last = q == 0 ? gjk_penetration2(pair, NULL) : gjk_intersect2(pair, NULL);
        CHECK(p.status == GJK_OK);
        CHECK(finite_result(&p));
        CHECK(bounds_hold(&p, sd, L, slack, q == 0 && p.intersect, NULL));
        if (sd > TOL_ZERO * L) {
            CHECK(!p.intersect);
            CHECK(p.distance > 0);
            CHECK((double)p.distance <= sd + TOL_DIST * L);
            CHECK(fabs(ulen(p.normal) - 1) <= TOL_UNIT);
            o2_vec n = o2_of(p.normal);
            double gap = -o2_support_value(ob, o2_v(-n.x, -n.y)) - o2_support_value(oa, n);
            CHECK(gap >= (double)p.distance - TOL_DIST * L);
        } else if (sd < -TOL_ZERO * L) {
            CHECK(p.intersect);
            if (q == 0) {
                CHECK(track(&st->depth, fabs((double)p.distance - sd) / L) <= bound);
                CHECK(fabs(ulen(p.normal) - 1) <= TOL_UNIT);
            } else {
                CHECK(p.distance == 0 && p.normal.x == 0 && p.normal.y == 0);
            }
        }
    }

    /* Warm start: a cache kept across two calls gives the same answer; the same call twice gives the same bits. */
    gjk_cache2 cache = {0};
    for (int k = 0; k < 2; k++) {
        gjk_result2 c = last = gjk_signed_distance2(pair, &cache);
        CHECK(c.status == GJK_OK);
        CHECK(fabs((double)c.distance - sd) / L <= bound);
        CHECK(bounds_hold(&c, sd, L, slack, true, NULL));
    }
    gjk_result2 again = gjk_signed_distance2(pair, NULL);
    CHECK(memcmp(&again.distance, &r.distance, sizeof r.distance) == 0 && again.normal.x == r.normal.x &&
          again.normal.y == r.normal.y && again.point_a.x == r.point_a.x && again.point_b.y == r.point_b.y);

    /* The four queries stopped early by the tolerance option: still certified, the answer inside its interval. */
    const gjk_options loose = {(gjk_real)LOOSE_TOLERANCE, 0, 0};
    const gjk_query_kind kinds[4] = {GJK_QUERY_SIGNED_DISTANCE, GJK_QUERY_DISTANCE, GJK_QUERY_PENETRATION,
                                     GJK_QUERY_INTERSECT};
    for (int k = 0; k < 4; k++) {
        gjk_result2 l = last = gjk_query2(kinds[k], pair, &loose, NULL);
        CHECK(l.status == GJK_OK);
        CHECK(finite_result(&l));
        CHECK(bounds_hold(&l, sd, L, slack, k == 0 || (k == 2 && l.intersect), k == 0 ? &st->loose : NULL));
    }
}

void check_generic(stats *st, const gjk_shape2 *a, gjk_pose2 pa, const gjk_shape2 *b, gjk_pose2 pb) {
    gjk_pair2 pair = {a, pa, b, pb};
    o2_shape oa = o2_from_shape(a, pa), ob = o2_from_shape(b, pb);
    check_pair(st, &pair, &oa, &ob, o2_query(&oa, &ob), false);
}
