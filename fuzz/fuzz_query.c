// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* libFuzzer harness for the queries: two shapes and their poses decoded from the fuzz bytes (any numbers, NaN,
   infinities and huge or tiny sizes included), every 3D and 2D query run on them, and the library's promises
   checked inside the harness:
   - a status from the enum, iteration counts within their caps, never a NaN or an infinity in an answer that is not
     GJK_INVALID_INPUT;
   - gjk_intersect3 agrees with the sign of gjk_signed_distance3 outside a small band around touching;
   - the witness points lie on or within tolerance of their shapes (checked with the shapes' own support
     functions along the normal and the axes);
   - the debug queries (gjk/debug.h) answer the plain query's bits, and with the closed forms skipped keep the
     same promises with a well-formed record.
   A broken promise aborts, which libFuzzer reports with the input. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include <gjk/gjk.h>

#include "rescale.h" /* (which pairs the plain queries answer rescaled) */

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t byte(reader *r) {
    if (!r->n) return 0;
    r->n--;
    return *r->p++;
}

/* A number: mostly "reasonable" values from a byte, sometimes the raw bits of a double (NaN, inf, denormals). */
static gjk_real real(reader *r) {
    uint8_t k = byte(r);
    if (k < 200) return (gjk_real)((k - 100) / 25.0);
    if (k < 230) return (gjk_real)(((int)byte(r) - 128) * pow(10.0, (int)(k % 12) - 6) / 16.0);
    double d = 0;
    uint8_t b[8];
    for (int i = 0; i < 8; ++i) b[i] = byte(r);
    memcpy(&d, b, 8);
    return (gjk_real)d;
}

static gjk_vec3 vec3(reader *r) {
    gjk_real x = real(r);
    gjk_real y = real(r);
    gjk_real z = real(r);
    return gjk_v3(x, y, z);
}
static gjk_vec2 vec2(reader *r) {
    gjk_real x = real(r);
    gjk_real y = real(r);
    return gjk_v2(x, y);
}
static gjk_real size(reader *r) { return GJK_ABS(real(r)); }
/* Each draw in its own statement: initialiser lists leave their evaluation order unspecified. */
static gjk_quat quat(reader *r) {
    gjk_quat q;
    q.w = real(r);
    q.x = real(r);
    q.y = real(r);
    q.z = real(r);
    return q;
}
static gjk_pose2 pose2(reader *r) {
    gjk_pose2 p;
    p.position = vec2(r);
    p.rotation.c = real(r);
    p.rotation.s = real(r);
    return p;
}
static gjk_vec3 box_extents(reader *r) {
    gjk_vec3 h;
    h.x = size(r);
    h.y = size(r);
    h.z = size(r);
    return h;
}

static gjk_vec3 user_box(gjk_vec3 d, const void *data) {
    (void)data;
    return gjk_v3(d.x >= 0 ? GJK_R(0.5) : GJK_R(-0.5), d.y >= 0 ? GJK_R(0.25) : GJK_R(-0.25), d.z >= 0 ? 1 : -1);
}

static gjk_shape3 shape3(reader *r, gjk_hull3 **hull) {
    gjk_shape3 s;
    switch (byte(r) % 10) {
    case 0: s = gjk_point3(); break;
    case 1: {
        gjk_vec3 a = vec3(r);
        s = gjk_segment3(a, vec3(r));
        break;
    }
    case 2: {
        gjk_vec3 a = vec3(r), b = vec3(r);
        s = gjk_triangle3(a, b, vec3(r));
        break;
    }
    case 3: s = gjk_box3(box_extents(r)); break;
    case 4: s = gjk_sphere3(size(r)); break;
    case 5: {
        gjk_real rad = size(r);
        s = gjk_capsule3(rad, size(r));
        break;
    }
    case 6: {
        gjk_real rad = size(r);
        s = gjk_cylinder3(rad, size(r));
        break;
    }
    case 7: {
        gjk_real rad = size(r);
        s = gjk_cone3(rad, size(r));
        break;
    }
    case 8: {
        gjk_vec3 pts[24];
        int n = 1 + byte(r) % 24;
        for (int i = 0; i < n; ++i) pts[i] = vec3(r);
        *hull = gjk_hull3_create(pts, n, NULL);
        if (getenv("FUZZ_VERBOSE"))
            for (int i = 0; i < n; ++i) fprintf(stderr, "hull point %d: %.17g %.17g %.17g\n", i, pts[i].x, pts[i].y, pts[i].z);
        s = *hull ? gjk_hull_shape3(*hull) : gjk_ellipsoid3(box_extents(r));
        break;
    }
    default: s = gjk_user3(user_box, NULL); break;
    }
    if (byte(r) & 1) s = gjk_rounded3(s, size(r));
    return s;
}

static gjk_shape2 shape2(reader *r, gjk_hull2 **hull) {
    gjk_shape2 s;
    switch (byte(r) % 6) {
    case 0: s = gjk_point2(); break;
    case 1: {
        gjk_vec2 a = vec2(r);
        s = gjk_segment2(a, vec2(r));
        break;
    }
    case 2: s = gjk_circle2(size(r)); break;
    case 3: {
        gjk_real hx = size(r);
        s = gjk_box2(gjk_v2(hx, size(r)));
        break;
    }
    case 4: {
        gjk_real rad = size(r);
        s = gjk_capsule2(rad, size(r));
        break;
    }
    default: {
        gjk_vec2 pts[24];
        int n = 1 + byte(r) % 24;
        for (int i = 0; i < n; ++i) pts[i] = vec2(r);
        *hull = gjk_hull2_create(pts, n, NULL);
        s = *hull ? gjk_polygon2(*hull) : gjk_circle2(size(r));
        break;
    }
    }
    if (byte(r) & 1) s = gjk_rounded2(s, size(r));
    return s;
}

static int fin(gjk_real x) { return isfinite(x); }
static int fin3(gjk_vec3 v) { return fin(v.x) && fin(v.y) && fin(v.z); }
static int fin2(gjk_vec2 v) { return fin(v.x) && fin(v.y); }

/* Largest extent of a posed shape along the axes (a size for tolerances), and the world support along d. */
static gjk_real world_support(const gjk_shape3 *s, gjk_pose3 p, gjk_vec3 d) {
    gjk_vec3 local = gjk_quat_inv_rotate(gjk_quat_normalize(p.rotation), d);
    return gjk_dot3(d, gjk_add3(p.position, gjk_quat_rotate(gjk_quat_normalize(p.rotation), gjk_shape3_support(s, local))));
}

static void check3(const gjk_result3 *r) {
    if (getenv("FUZZ_VERBOSE"))
        fprintf(stderr, "status %d it %d epa %d d %g n %g %g %g pa %g %g %g pb %g %g %g bounds %.17g %.17g\n",
                (int)r->status, r->iterations, r->epa_iterations, r->distance, r->normal.x, r->normal.y, r->normal.z,
                r->point_a.x, r->point_a.y, r->point_a.z, r->point_b.x, r->point_b.y, r->point_b.z, (double)r->lower,
                (double)r->upper);
    if (r->status < GJK_OK || r->status > GJK_OUT_OF_MEMORY) abort();
    if (r->iterations < 0 || r->iterations > GJK_MAX_GJK_ITERATIONS + 1) abort();
    if (r->epa_iterations < 0 || r->epa_iterations > 4 * GJK_EPA_MAX_VERTICES) abort();
    if (r->status == GJK_INVALID_INPUT) return;
    if (!fin(r->distance) || !fin3(r->normal) || !fin3(r->point_a) || !fin3(r->point_b)) abort();
    /* A normal is unit, or zero where a query computes none. */
    gjk_real n2 = gjk_len_sq3(r->normal);
    if (n2 != 0 && GJK_ABS(n2 - 1) > (GJK_USE_FLOAT ? GJK_R(1e-5) : GJK_R(1e-12))) abort();
}

/* Certified intervals: each holds the true signed distance, so any two answers' intervals for the same pair
   intersect, and a signed distance lies inside its own. */
typedef struct interval {
    gjk_status status;
    gjk_real lower, upper, distance;
} interval;
static interval interval3(const gjk_result3 *r) {
    interval iv = {r->status, r->lower, r->upper, r->distance};
    return iv;
}
static interval interval2(const gjk_result2 *r) {
    interval iv = {r->status, r->lower, r->upper, r->distance};
    return iv;
}
static bool interval_valid(const interval *x) {
    if (x->status == GJK_INVALID_INPUT) return false;
    if (!(x->lower <= x->upper) || !(x->lower >= -GJK_REAL_MAX) || !(x->upper <= GJK_REAL_MAX)) abort();
    return true;
}
/* all[0] is the signed distance query's answer, the others any queries of the same pair. */
static void check_intervals(const interval *all, int n) {
    /* (Below the absolute floor of the sign check, squared lengths underflow and the planes' bounds are rounding:
       seed regression_tiny_gap, docs/numerics.md, "Scale range".) */
#if GJK_USE_FLOAT
    const double floor = 1e-17;
#else
    const double floor = 1e-145;
#endif
    for (int i = 0; i < n; ++i) {
        if (!interval_valid(&all[i])) continue;
        for (int j = 0; j < i; ++j)
            if (all[j].status != GJK_INVALID_INPUT &&
                ((double)all[i].lower > (double)all[j].upper + floor ||
                 (double)all[j].lower > (double)all[i].upper + floor))
                abort();
    }
    if (all[0].status == GJK_OK && !(all[0].lower <= all[0].distance && all[0].distance <= all[0].upper)) abort();
}

static void check2(const gjk_result2 *r) {
    if (r->status < GJK_OK || r->status > GJK_OUT_OF_MEMORY) abort();
    if (r->iterations < 0 || r->iterations > GJK_MAX_GJK_ITERATIONS + 1) abort();
    if (r->epa_iterations < 0 || r->epa_iterations > 4 * GJK_EPA_MAX_VERTICES2) abort();
    if (r->status == GJK_INVALID_INPUT) return;
    if (!fin(r->distance) || !fin2(r->normal) || !fin2(r->point_a) || !fin2(r->point_b)) abort();
    gjk_real n2 = gjk_dot2(r->normal, r->normal);
    if (n2 != 0 && GJK_ABS(n2 - 1) > (GJK_USE_FLOAT ? GJK_R(1e-5) : GJK_R(1e-12))) abort();
}

/* The world support of a posed 2D shape along d (the pose's rotation may have any length: the library divides it
   out). */
static gjk_real world_support2(const gjk_shape2 *s, gjk_pose2 p, gjk_vec2 d) {
    /* Divided by the larger component first: the length of a subnormal pair is itself subnormal, with too few bits
       to normalise by (a rotation of (1.3e-321, 2.6e-319) came out 1e-5 longer than unit, and a correct contact
       point 2.9e-5 off the shape), as the library does. */
    gjk_real m = GJK_ABS(p.rotation.c) > GJK_ABS(p.rotation.s) ? GJK_ABS(p.rotation.c) : GJK_ABS(p.rotation.s);
    gjk_real c = p.rotation.c / m, sn = p.rotation.s / m, l = (gjk_real)hypot(c, sn);
    gjk_rot2 q = {c / l, sn / l};
    gjk_vec2 x = gjk_add2(p.position, gjk_rotate2(q, gjk_shape2_support(s, gjk_inv_rotate2(q, d))));
    return gjk_dot2(d, x);
}

static void on_shape2(const gjk_shape2 *s, gjk_pose2 p, gjk_vec2 x, gjk_vec2 n, gjk_real tol) {
    gjk_vec2 dirs[5] = {n, {1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int i = 0; i < 5; ++i) {
        if (!(gjk_dot2(dirs[i], dirs[i]) > 0)) continue;
        gjk_vec2 d = gjk_normalize2(dirs[i]);
        if (gjk_dot2(d, x) > world_support2(s, p, d) + tol) {
            if (getenv("FUZZ_VERBOSE"))
                fprintf(stderr, "2D: off the shape by %g along (%g %g), tol %g, type %d\n",
                        gjk_dot2(d, x) - world_support2(s, p, d), d.x, d.y, tol, s->type);
            abort();
        }
    }
}

/* A point claimed to lie on a shape: no farther along d than the shape's support, within tol. */
static void on_shape(const gjk_shape3 *s, gjk_pose3 p, gjk_vec3 x, gjk_vec3 n, gjk_real tol) {
    gjk_vec3 dirs[7] = {n, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (int i = 0; i < 7; ++i) {
        if (!(gjk_len_sq3(dirs[i]) > 0)) continue;
        gjk_vec3 d = gjk_normalize3(dirs[i]);
        if (gjk_dot3(d, x) > world_support(s, p, d) + tol) {
            if (getenv("FUZZ_VERBOSE"))
                fprintf(stderr, "off the shape by %g along (%g %g %g), tol %g, type %d box %g %g %g\n",
                        gjk_dot3(d, x) - world_support(s, p, d), d.x, d.y, d.z, tol, s->type, s->box.half_extents.x,
                        s->box.half_extents.y, s->box.half_extents.z);
            abort();
        }
    }
}

/* Cores whose support is smooth somewhere: GJK converges on them to a relative tolerance only. (The user shape is
   a box here, but the library cannot know that.) */
static int curved(const gjk_shape3 *s) {
    return s->type == GJK_SHAPE3_CYLINDER || s->type == GJK_SHAPE3_CONE || s->type == GJK_SHAPE3_ELLIPSOID ||
           s->type == GJK_SHAPE3_USER;
}

/* ---- the debug queries (gjk/debug.h) ------------------------------------------------------------------------
   Without skip_closed_forms a debug query answers the plain query's bits; with it, GJK and EPA answer every pair,
   held to the plain queries' promises, and the record's counts and indices are in range and its numbers finite. */
static gjk_debug3 dbg3;
static gjk_debug2 dbg2;

static int same3(const gjk_result3 *x, const gjk_result3 *y) {
    return x->status == y->status && x->intersect == y->intersect && x->iterations == y->iterations &&
           x->epa_iterations == y->epa_iterations && !memcmp(&x->distance, &y->distance, sizeof x->distance) &&
           !memcmp(&x->normal, &y->normal, sizeof x->normal) && !memcmp(&x->point_a, &y->point_a, sizeof x->point_a) &&
           !memcmp(&x->point_b, &y->point_b, sizeof x->point_b);
}
static int same2(const gjk_result2 *x, const gjk_result2 *y) {
    return x->status == y->status && x->intersect == y->intersect && x->iterations == y->iterations &&
           x->epa_iterations == y->epa_iterations && !memcmp(&x->distance, &y->distance, sizeof x->distance) &&
           !memcmp(&x->normal, &y->normal, sizeof x->normal) && !memcmp(&x->point_a, &y->point_a, sizeof x->point_a) &&
           !memcmp(&x->point_b, &y->point_b, sizeof x->point_b);
}

static int vertex3_ok(const gjk_debug_vertex3 *v) { return fin3(v->w) && fin3(v->a) && fin3(v->b); }
static int vertex2_ok(const gjk_debug_vertex2 *v) { return fin2(v->w) && fin2(v->a) && fin2(v->b); }

static void check_record3(gjk_status status) {
    const gjk_debug3 *d = &dbg3;
    if (d->step_count < 0 || d->step_count > GJK_DEBUG_MAX_STEPS) abort();
    if (d->epa_vertex_count < 0 || d->epa_vertex_count > GJK_EPA_MAX_VERTICES) abort();
    if (d->epa_face_count < 0 || d->epa_face_count > 2 * GJK_EPA_MAX_VERTICES) abort();
    if (d->epa_best_face < -1 || d->epa_best_face >= (d->epa_face_count > 0 ? d->epa_face_count : 1)) abort();
    if (status == GJK_INVALID_INPUT && (d->step_count != 0 || d->path != GJK_PATH_NONE)) abort();
    bool numbers = status == GJK_OK || status == GJK_MAX_ITERATIONS;
    for (int i = 0; i < d->step_count; ++i) {
        const gjk_debug_step3 *st = &d->steps[i];
        if (st->count < 1 || st->count > 4) abort();
        for (int k = 0; k < st->count && numbers; ++k)
            if (!vertex3_ok(&st->vertices[k])) abort();
        if (numbers && !fin3(st->closest)) abort();
    }
    for (int f = 0; f < d->epa_face_count; ++f)
        for (int k = 0; k < 3; ++k)
            if (d->epa_faces[f][k] < 0 || d->epa_faces[f][k] >= d->epa_vertex_count) abort();
    for (int i = 0; i < d->epa_vertex_count && numbers; ++i)
        if (!vertex3_ok(&d->epa_vertices[i])) abort();
}

static void check_record2(gjk_status status) {
    const gjk_debug2 *d = &dbg2;
    if (d->step_count < 0 || d->step_count > GJK_DEBUG_MAX_STEPS) abort();
    if (d->epa_vertex_count < 0 || d->epa_vertex_count > GJK_EPA_MAX_VERTICES2) abort();
    if (d->epa_best_edge < -1 || d->epa_best_edge >= (d->epa_vertex_count > 0 ? d->epa_vertex_count : 1)) abort();
    if (status == GJK_INVALID_INPUT && (d->step_count != 0 || d->path != GJK_PATH_NONE)) abort();
    bool numbers = status == GJK_OK || status == GJK_MAX_ITERATIONS;
    for (int i = 0; i < d->step_count; ++i) {
        const gjk_debug_step2 *st = &d->steps[i];
        if (st->count < 1 || st->count > 3) abort();
        for (int k = 0; k < st->count && numbers; ++k)
            if (!vertex2_ok(&st->vertices[k])) abort();
        if (numbers && !fin2(st->closest)) abort();
    }
    for (int i = 0; i < d->epa_vertex_count && numbers; ++i)
        if (!vertex2_ok(&d->epa_vertices[i])) abort();
}

/* sd: the plain signed distance of the pair (cold). */
static void fuzz_debug3(const gjk_pair3 *pair, const gjk_result3 *sd) {
    dbg3.skip_closed_forms = false;
    gjk_result3 same = gjk_query3_debug(GJK_QUERY_SIGNED_DISTANCE, pair, NULL, &dbg3);
    /* The plain query's bits, except for pairs it answers rescaled (debug queries never rescale). */
    gjk_rescaled3 rs;
    if (!gjk_rescale3_pair(pair, 0, &rs) && !same3(&same, sd)) abort();
    check_record3(same.status);
    dbg3.skip_closed_forms = true;
    for (int k = GJK_QUERY_INTERSECT; k <= GJK_QUERY_SIGNED_DISTANCE; ++k) {
        gjk_result3 g = gjk_query3_debug((gjk_query_kind)k, pair, NULL, &dbg3);
        check3(&g);
        check_record3(g.status);
        if ((g.status == GJK_INVALID_INPUT) != (sd->status == GJK_INVALID_INPUT)) abort();
    }
}

static void fuzz_debug2(const gjk_pair2 *pair, const gjk_result2 *sd) {
    dbg2.skip_closed_forms = false;
    gjk_result2 same = gjk_query2_debug(GJK_QUERY_SIGNED_DISTANCE, pair, NULL, &dbg2);
    gjk_rescaled2 rs;
    if (!gjk_rescale2_pair(pair, 0, &rs) && !same2(&same, sd)) abort();
    check_record2(same.status);
    dbg2.skip_closed_forms = true;
    for (int k = GJK_QUERY_INTERSECT; k <= GJK_QUERY_SIGNED_DISTANCE; ++k) {
        gjk_result2 g = gjk_query2_debug((gjk_query_kind)k, pair, NULL, &dbg2);
        check2(&g);
        check_record2(g.status);
        if ((g.status == GJK_INVALID_INPUT) != (sd->status == GJK_INVALID_INPUT)) abort();
    }
}

#include "contacts_check.h"

static void fuzz3(reader *r) {
    gjk_hull3 *ha = NULL, *hb = NULL;
    gjk_shape3 a = shape3(r, &ha), b = shape3(r, &hb);
    gjk_pose3 pa, pb;
    pa.position = vec3(r);
    pa.rotation = quat(r);
    pb.position = vec3(r);
    pb.rotation = quat(r);
    gjk_pair3 pair = {&a, pa, &b, pb};
    if (getenv("FUZZ_VERBOSE") && a.type == GJK_SHAPE3_TRIANGLE)
        fprintf(stderr, "triangle A %.17g %.17g %.17g / %.17g %.17g %.17g / %.17g %.17g %.17g\n", a.triangle.a.x,
                a.triangle.a.y, a.triangle.a.z, a.triangle.b.x, a.triangle.b.y, a.triangle.b.z, a.triangle.c.x,
                a.triangle.c.y, a.triangle.c.z);
    if (getenv("FUZZ_VERBOSE"))
        fprintf(stderr, "boxes %.17g %.17g %.17g / %.17g %.17g %.17g\n", a.box.half_extents.x, a.box.half_extents.y, a.box.half_extents.z, b.box.half_extents.x, b.box.half_extents.y, b.box.half_extents.z);
    if (getenv("FUZZ_VERBOSE"))
        fprintf(stderr, "A type %d margin %.17g B type %d margin %.17g pa %.17g %.17g %.17g q %.17g %.17g %.17g %.17g pb %.17g %.17g %.17g q %.17g %.17g %.17g %.17g\n", a.type,
                a.margin, b.type, b.margin, pa.position.x, pa.position.y, pa.position.z, pa.rotation.w, pa.rotation.x,
                pa.rotation.y, pa.rotation.z, pb.position.x, pb.position.y, pb.position.z, pb.rotation.w,
                pb.rotation.x, pb.rotation.y, pb.rotation.z);
    gjk_cache3 cache = {0};
    gjk_result3 sd = gjk_signed_distance3(&pair, &cache), in = gjk_intersect3(&pair, NULL);
    gjk_result3 di = gjk_distance3(&pair, NULL), pe = gjk_penetration3(&pair, &cache);
    check3(&sd);
    check3(&in);
    check3(&di);
    check3(&pe);
    {
        const gjk_options loose = {GJK_R(1e-3), 0, 0};
        gjk_result3 lo = gjk_query3(GJK_QUERY_SIGNED_DISTANCE, &pair, &loose, NULL);
        check3(&lo);
        const interval all[5] = {interval3(&sd), interval3(&in), interval3(&di), interval3(&pe), interval3(&lo)};
        check_intervals(all, 5);
    }
    if (sd.status == GJK_OK && in.status == GJK_OK) {
        /* Size of the problem: the shapes' extents and their distance, for relative tolerances. */
        gjk_real ext = 0;
        gjk_vec3 ax[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        for (int i = 0; i < 3; ++i) {
            ext = fmax(ext, world_support(&a, pa, ax[i]) + world_support(&a, pa, gjk_neg3(ax[i])));
            ext = fmax(ext, world_support(&b, pb, ax[i]) + world_support(&b, pb, gjk_neg3(ax[i])));
        }
        /* (The witnesses' own magnitude too: a hull whose vertices sit far from its frame's origin is far from
           the world's origin without a large position.) */
        gjk_real scale = ext + gjk_len3(gjk_sub3(pb.position, pa.position)) +
                         GJK_ABS(pa.position.x) + GJK_ABS(pa.position.y) + GJK_ABS(pa.position.z) +
                         gjk_len3(sd.point_a) + gjk_len3(sd.point_b);
        /* Relative to the size, with an absolute floor: squared lengths underflow below 1e-154 (float 1e-19), so
           gaps that small read as touching (docs/numerics.md, "Scale range"; seed regression_tiny_gap). */
        gjk_real band = (GJK_USE_FLOAT ? GJK_R(1e-3) : GJK_R(1e-7)) * scale;
        band = fmax(band, GJK_USE_FLOAT ? 1e-17 : 1e-145);
        if (fin(scale) && scale < GJK_R(1e6)) {
            /* Curved cores converge to a relative gap, not to rounding: against a flat face nearly parallel to the
               normal, GJK's closest point creeps along the curved rim and stops once rounding hides its progress
               (a sliver triangle touching a cylinder 1e5 times smaller stopped 1.6e-7 short, 1e-7 of the size:
               seed regression_curved_stall, docs/numerics.md, "Scale range"). The sign check allows for it. */
            gjk_real sign_band = band;
            if (curved(&a) || curved(&b)) sign_band = (GJK_USE_FLOAT ? GJK_R(1e-2) : GJK_R(1e-6)) * scale;
            if (sd.distance > sign_band && in.intersect) abort();
            if (sd.distance < -sign_band && !in.intersect) abort();
            on_shape(&a, pa, sd.point_a, sd.normal, band);
            on_shape(&b, pb, sd.point_b, gjk_neg3(sd.normal), band);
        }
    }
    fuzz_debug3(&pair, &sd);
    fuzz_contacts3(r, &pair);
    gjk_hull3_destroy(ha);
    gjk_hull3_destroy(hb);
}

static void fuzz2(reader *r) {
    gjk_hull2 *ha = NULL, *hb = NULL;
    gjk_shape2 a = shape2(r, &ha), b = shape2(r, &hb);
    gjk_pose2 pa = pose2(r);
    gjk_pose2 pb = pose2(r);
    gjk_pair2 pair = {&a, pa, &b, pb};
    if (getenv("FUZZ_VERBOSE")) {
        const gjk_shape2 *sh[2] = {&a, &b};
        const gjk_pose2 *po[2] = {&pa, &pb};
        for (int i = 0; i < 2; ++i)
            fprintf(stderr, "2D %c type %d margin %.17g fields %.17g %.17g %.17g %.17g pos %.17g %.17g rot %.17g %.17g\n",
                    'A' + i, sh[i]->type, sh[i]->margin, sh[i]->segment.a.x, sh[i]->segment.a.y, sh[i]->segment.b.x,
                    sh[i]->segment.b.y, po[i]->position.x, po[i]->position.y, po[i]->rotation.c, po[i]->rotation.s);
    }
    gjk_cache2 cache = {0};
    gjk_result2 sd = gjk_signed_distance2(&pair, &cache), in = gjk_intersect2(&pair, &cache);
    gjk_result2 di = gjk_distance2(&pair, NULL), pe = gjk_penetration2(&pair, NULL);
    if (getenv("FUZZ_VERBOSE"))
        fprintf(stderr, "2D sd status %d d %.17g n %g %g pa %.17g %.17g pb %.17g %.17g in %d\n", sd.status, sd.distance,
                sd.normal.x, sd.normal.y, sd.point_a.x, sd.point_a.y, sd.point_b.x, sd.point_b.y, in.intersect);
    check2(&sd);
    check2(&in);
    check2(&di);
    check2(&pe);
    {
        const gjk_options loose = {GJK_R(1e-3), 0, 0};
        gjk_result2 lo = gjk_query2(GJK_QUERY_SIGNED_DISTANCE, &pair, &loose, NULL);
        check2(&lo);
        const interval all[5] = {interval2(&sd), interval2(&in), interval2(&di), interval2(&pe), interval2(&lo)};
        check_intervals(all, 5);
    }
    if (sd.status == GJK_OK && in.status == GJK_OK) {
        gjk_real ext = 0;
        gjk_vec2 ax[2] = {{1, 0}, {0, 1}};
        for (int i = 0; i < 2; ++i) {
            gjk_vec2 m = {-ax[i].x, -ax[i].y};
            ext = fmax(ext, world_support2(&a, pa, ax[i]) + world_support2(&a, pa, m));
            ext = fmax(ext, world_support2(&b, pb, ax[i]) + world_support2(&b, pb, m));
        }
        gjk_real scale = ext + gjk_len2(gjk_sub2(pb.position, pa.position)) + GJK_ABS(pa.position.x) +
                         GJK_ABS(pa.position.y) + gjk_len2(sd.point_a) + gjk_len2(sd.point_b);
        gjk_real band = (GJK_USE_FLOAT ? GJK_R(1e-3) : GJK_R(1e-7)) * scale;
        band = fmax(band, GJK_USE_FLOAT ? 1e-17 : 1e-145);
        if (fin(scale) && scale < GJK_R(1e6)) {
            /* (2D shapes are polygons or rounded points and segments, all exact; user shapes converge to a
               relative gap like curved 3D cores.) */
            gjk_real sign_band = band;
            if (a.type == GJK_SHAPE2_USER || b.type == GJK_SHAPE2_USER)
                sign_band = (GJK_USE_FLOAT ? GJK_R(1e-2) : GJK_R(1e-6)) * scale;
            if (sd.distance > sign_band && in.intersect) abort();
            if (sd.distance < -sign_band && !in.intersect) abort();
            on_shape2(&a, pa, sd.point_a, sd.normal, band);
            gjk_vec2 mn = {-sd.normal.x, -sd.normal.y};
            on_shape2(&b, pb, sd.point_b, mn, band);
        }
    }
    fuzz_debug2(&pair, &sd);
    fuzz_contacts2(r, &pair);
    gjk_hull2_destroy(ha);
    gjk_hull2_destroy(hb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = {data, size};
    if (byte(&r) & 1) fuzz2(&r);
    else fuzz3(&r);
    return 0;
}
