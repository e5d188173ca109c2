// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Checks of 3D contact manifolds: see manifold3_check.h. */
#include "manifold3_check.h"

#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "feature3.h" /* GJK_FEATURE_SIN / _COS: the documented tolerance of cap discs and parallel segments */

/* Rotate v by the unit version of q, in double. */
static void rot_d(gjk_quat q, const double v[3], double out[3]) {
    double w = q.w, x = q.x, y = q.y, z = q.z, l = sqrt(w * w + x * x + y * y + z * z);
    w /= l, x /= l, y /= l, z /= l;
    double t[3] = {2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])};
    out[0] = v[0] + w * t[0] + (y * t[2] - z * t[1]);
    out[1] = v[1] + w * t[1] + (z * t[0] - x * t[2]);
    out[2] = v[2] + w * t[2] + (x * t[1] - y * t[0]);
}

/* The core's points (local frame) of a polytope shape, and its radius; 0 when the core is curved. */
static int core_points(const gjk_shape3 *s, double (*pts)[3], double *radius) {
    int n = 0;
    *radius = s->margin;
#define PUT(v) (pts[n][0] = (v).x, pts[n][1] = (v).y, pts[n][2] = (v).z, ++n)
    switch (s->type) {
    case GJK_SHAPE3_POINT: PUT(gjk_v3(0, 0, 0)); break;
    case GJK_SHAPE3_SPHERE:
        PUT(gjk_v3(0, 0, 0));
        *radius += s->sphere.radius;
        break;
    case GJK_SHAPE3_SEGMENT: PUT(s->segment.a), PUT(s->segment.b); break;
    case GJK_SHAPE3_TRIANGLE: PUT(s->triangle.a), PUT(s->triangle.b), PUT(s->triangle.c); break;
    case GJK_SHAPE3_CAPSULE:
        PUT(gjk_v3(0, 0, -s->capsule.half_height)), PUT(gjk_v3(0, 0, s->capsule.half_height));
        *radius += s->capsule.radius;
        break;
    case GJK_SHAPE3_BOX:
        for (int i = 0; i < 8; ++i) {
            gjk_vec3 h = s->box.half_extents;
            PUT(gjk_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z));
        }
        break;
    case GJK_SHAPE3_HULL:
        if (s->hull.hull->vertex_count > 64) return 0;
        for (int i = 0; i < s->hull.hull->vertex_count; ++i) PUT(s->hull.hull->vertices[i]);
        break;
    default: return 0;
    }
#undef PUT
    return n;
}

int m3_body_make(m3_body *b, const gjk_shape3 *shape, gjk_pose3 pose) {
    memset(b, 0, sizeof *b);
    b->shape = shape;
    b->pose = pose;
    double local[64][3], rel[64][3];
    int n = core_points(shape, local, &b->radius);
    if (n == 0) return 1;
    for (int i = 0; i < n; ++i) rot_d(pose.rotation, local[i], rel[i]);
    b->polytope = oracle3_hull_build(&b->core, (const double(*)[3])rel, n);
    return b->polytope;
}

void m3_body_free(m3_body *b) {
    if (b->polytope) oracle3_hull_free(&b->core);
    b->polytope = 0;
}

double m3_point_sd(const m3_body *b, gjk_vec3 p) {
    if (b->polytope) {
        double q[3] = {(double)p.x - (double)b->pose.position.x, (double)p.y - (double)b->pose.position.y,
                       (double)p.z - (double)b->pose.position.z};
        return oracle3_hull_sd(&b->core, q, NULL) - b->radius;
    }
    gjk_shape3 pt = gjk_point3();
    gjk_pair3 q = {&pt, gjk_pose3_make(p, gjk_quat_identity()), b->shape, b->pose};
    gjk_result3 r = gjk_signed_distance3(&q, NULL);
    assert_int_not_equal(r.status, GJK_INVALID_INPUT);
    return r.distance;
}

int m3_scale(void) {
    const char *s = getenv("GJK_TEST_SCALE");
    int k = s ? atoi(s) : 1;
    return k >= 1 ? k : 1;
}

gjk_pose3 m3_place(const gjk_shape3 *a, gjk_pose3 pa, const gjk_shape3 *b, gjk_pose3 pb, double target) {
    gjk_pair3 p = {a, pa, b, pb};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    pb.position = gjk_mad3(pb.position, (gjk_real)(target - r.distance), r.normal);
    return pb;
}

/* Size of a body: its largest reach from the pose position (the tolerances are relative to it). */
static double body_size(const m3_body *b) {
    double s = 0;
    for (int k = 0; k < 14; ++k) {
        gjk_vec3 d = gjk_v3(k < 2 ? (k ? 1 : -1) : 0, k >= 2 && k < 4 ? (k & 1 ? 1 : -1) : 0,
                            k >= 4 && k < 6 ? (k & 1 ? 1 : -1) : 0);
        if (k >= 6) d = gjk_v3(k & 1 ? 1 : -1, k & 2 ? 1 : -1, k & 4 ? 1 : -1);
        s = fmax(s, gjk_len3(gjk_shape3_support(b->shape, d)));
    }
    return s;
}

/* A cylinder's or cone's cap tilted within the tolerance: the rim points are fixed (feature3.c), so the deepest
   point may be shallower than the depth by up to radius * sin(tilt) * (1 - cos 45 deg). Returns radius * sin(tilt)
   (0 when the shape does not present a cap along the unit direction d, world frame). */
static double cap_allowance(const m3_body *b, gjk_vec3 d) {
    const gjk_shape3 *s = b->shape;
    if (s->type != GJK_SHAPE3_CYLINDER && s->type != GJK_SHAPE3_CONE) return 0;
    gjk_vec3 l = gjk_quat_inv_rotate(gjk_quat_normalize(b->pose.rotation), d);
    double len = sqrt((double)l.x * l.x + (double)l.y * l.y + (double)l.z * l.z);
    double z = (s->type == GJK_SHAPE3_CONE ? -l.z : fabs(l.z)) / len;
    if (z < GJK_FEATURE_COS - 1e-6) return 0;
    /* sin(tilt) from the radial part (1 - z^2 loses it to rounding when z rounds to 1) */
    return s->cylinder.radius * sqrt((double)l.x * l.x + (double)l.y * l.y) / len;
}

/* A segment feature: a shape that can present one (capsule, segment, cylinder or cone side, a polytope edge). */
static int has_segments(const gjk_shape3 *s) {
    return s->type != GJK_SHAPE3_POINT && s->type != GJK_SHAPE3_SPHERE && s->type != GJK_SHAPE3_ELLIPSOID &&
           s->type != GJK_SHAPE3_USER;
}

static void dump(const gjk_manifold3 *m, const gjk_result3 *r) {
    for (int j = 0; j < m->count; ++j)
        printf("  point %d: a (%.9g %.9g %.9g) b (%.9g %.9g %.9g) sep %.9g id %08x\n", j, m->points[j].point_a.x,
               m->points[j].point_a.y, m->points[j].point_a.z, m->points[j].point_b.x, m->points[j].point_b.y,
               m->points[j].point_b.z, m->points[j].separation, m->points[j].id);
    printf("  status %d iterations %d normal (%.9g %.9g %.9g) distance %.9g, point_a (%.9g %.9g %.9g)\n", r->status,
           m->iterations, m->normal.x, m->normal.y, m->normal.z, r->distance, r->point_a.x, r->point_a.y, r->point_a.z);
}

gjk_manifold3 m3_check(const m3_body *a, const m3_body *b, double spec, m3_stats *st, const char *label) {
    gjk_pair3 pair = {a->shape, a->pose, b->shape, b->pose};
    gjk_result3 r = gjk_signed_distance3(&pair, NULL);
    gjk_manifold3 m = gjk_collide3(&pair, (gjk_real)spec, NULL);
    const char *show = getenv("M3_SHOW"); /* M3_SHOW="resting 1-1 #6": print that pair's manifold */
    if (show && !strcmp(show, label)) {
        dump(&m, &r);
        gjk_vec3 la = gjk_quat_inv_rotate(gjk_quat_normalize(a->pose.rotation), r.normal);
        gjk_vec3 lb = gjk_quat_inv_rotate(gjk_quat_normalize(b->pose.rotation), gjk_neg3(r.normal));
        printf("  normal in A's frame (%.9g %.9g %.9g), -normal in B's (%.9g %.9g %.9g)\n", la.x, la.y, la.z, lb.x,
               lb.y, lb.z);
        gjk_vec3 sa = gjk_pose3_apply(a->pose, gjk_shape3_support(a->shape, la));
        gjk_vec3 sb = gjk_pose3_apply(b->pose, gjk_shape3_support(b->shape, lb));
        printf("  separation along the normal from the supports: %.9g\n", (double)gjk_dot3(gjk_sub3(sb, sa), r.normal));
        const m3_body *bodies[2] = {a, b};
        for (int k = 0; k < 2; ++k) {
            const gjk_shape3 *s = bodies[k]->shape;
            gjk_pose3 q = bodies[k]->pose;
            printf("  shape %c: type %d margin %a box (%a %a %a) pose (%a %a %a) (%a %a %a %a)\n", 'A' + k, s->type,
                   (double)s->margin, (double)s->box.half_extents.x, (double)s->box.half_extents.y,
                   (double)s->box.half_extents.z, (double)q.position.x, (double)q.position.y, (double)q.position.z,
                   (double)q.rotation.w, (double)q.rotation.x, (double)q.rotation.y, (double)q.rotation.z);
        }
    }
    st->pairs++;
    assert_int_equal(m.status, r.status);
    assert_true(m.normal.x == r.normal.x && m.normal.y == r.normal.y && m.normal.z == r.normal.z);
    if (r.distance > spec) {
        if (m.count != 0) fail_msg("%s: %d points for a pair %.3g apart (spec %.3g)", label, m.count, r.distance, spec);
        return m;
    }
    if (m.count < 1 || m.count > 4) fail_msg("%s: %d points at distance %.3g", label, m.count, r.distance);
    st->manifolds++;
    st->points += m.count;
    st->multi += m.count > 1;
    double size = fmax(0.1, fmax(body_size(a), body_size(b))), ra = a->radius, rb = b->radius;
    double delta = 0.05 * size, slack = 1 - (double)GJK_FEATURE_COS;
    /* (rounding also scales with the coordinates: positions up to a few sizes away from the origin) */
    double coord = fmax(gjk_len3(a->pose.position), gjk_len3(b->pose.position)) + size;
    /* Tolerances, times the coordinates' magnitude: rounding of the polytope paths (measured worst 1.3e-15 double,
       6e-7 float); curved shapes carry EPA's normal error (to 1e-9 relative in the depth, 1e-4 in double and 1e-3
       in float in the normal: a support point then sits off the true contact by about that, measured worst 8e-7
       double, 3e-5 float in the deepest separation); `ill`: below this distance the normal of touching shapes is
       ill-conditioned; `est_tol`: an estimate (status not OK). */
#if GJK_USE_FLOAT
    const double ill = 1e-3, est_tol = 3e-2, poly_tol = 4e-6, curv_tol = 2e-4, witness_tol = 2e-3;
#else
    const double ill = 1e-7, est_tol = 1e-2, poly_tol = 2e-13, curv_tol = 4e-6, witness_tol = 2e-5;
#endif
    double tol = poly_tol * coord, curved_tol = curv_tol * coord;
    int curved = !a->polytope || !b->polytope;
    double t = curved ? curved_tol : tol;
    /* A one-point manifold that is the query's own witness pair (a curved point against an edge or a point, two
       corners): its accuracy is the query's, which for EPA on curved cores leaves the witnesses on a chord (seen:
       1.6e-3 inside a cone in float, at a depth of 0.04). */
    int witness = m.count == 1 && !memcmp(&m.points[0].point_a, &r.point_a, sizeof r.point_a) &&
                  !memcmp(&m.points[0].point_b, &r.point_b, sizeof r.point_b);
    if (witness && curved) t = fmax(t, witness_tol * coord), st->witnesses++;
    /* Touching pairs (the query's touching band, 128 eps of the size of A - B): its witnesses are the midpoint of a
       gap up to that wide. */
    if (fabs(r.distance) <= 512 * GJK_REAL_EPSILON * coord) t = fmax(t, 512 * GJK_REAL_EPSILON * coord);
    /* An estimate (EPA's iteration cap on curved shapes): its witnesses, and so a one-point manifold, are only
       close; the manifold's own points are still checked as tightly as the estimate's normal allows. */
    m3_stats scratch = *st, *keep = st;
    if (r.status != GJK_OK) { /* checked loosely and kept out of the worst errors */
        st->estimates++;
        t = fmax(t, est_tol * coord), tol = fmax(tol, est_tol * coord);
        scratch = *st;
        st = &scratch;
    }
    /* The depth to compare with: qhull's for polytopes (independent, in double), else the query's. */
    double exact = r.distance;
    int have_oracle = 0;
    if (a->polytope && b->polytope) {
        oracle3_pair d;
        double off[3] = {(double)b->pose.position.x - (double)a->pose.position.x,
                         (double)b->pose.position.y - (double)a->pose.position.y,
                         (double)b->pose.position.z - (double)a->pose.position.z};
        if (oracle3_pair_build(&d, &a->core, a->radius, &b->core, b->radius, off)) {
            oracle3_answer ans;
            oracle3_pair_answer(&d, 1e-9 * size, 1e-6, &ans);
            oracle3_pair_free(&d);
            st->oracle_pairs++;
            exact = ans.distance;
            have_oracle = 1;
        }
    }
    double deepest = INFINITY;
    gjk_vec3 n = m.normal;
    for (int i = 0; i < m.count; ++i) {
        const gjk_manifold_point3 *p = &m.points[i];
        assert_true(test_finite3(p->point_a) && test_finite3(p->point_b) && isfinite(p->separation));
        for (int j = 0; j < i; ++j)
            if (m.points[j].id == p->id) fail_msg("%s: points %d and %d share id %08x", label, j, i, p->id);
        gjk_vec3 w = gjk_sub3(p->point_b, p->point_a);
        EXPECT_NEAR(gjk_dot3(w, n), p->separation, tol);
        if (p->separation > spec + tol) fail_msg("%s: separation %.17g beyond spec %g", label, p->separation, spec);
        double below = exact - p->separation;
        st->below = fmax(st->below, below / size);
        if (below > t)
            fail_msg("%s: point %d separation %.17g below the signed distance %.17g (query %.17g)", label, i,
                     p->separation, exact, r.distance);
        deepest = fmin(deepest, p->separation);
        /* lateral: two nearly parallel segments give points at the ends of their overlap, paired across the small
           angle between them (as Box2D's capsules do): off by up to length * sin(tolerance). Only they give points
           of kinds (vertex, edge) or (edge, vertex) (the id's top 2 bits of each half), but for one-point contacts
           (the query's witnesses, on the normal line). */
        double lat = gjk_len3(gjk_sub3(w, gjk_scale3(n, p->separation)));
        unsigned kind_a = p->id >> 30, kind_b = (p->id >> 14) & 3;
        int seg = kind_a + kind_b == 1 && has_segments(a->shape) && has_segments(b->shape);
        if (seg) {
            if (lat > 2 * GJK_FEATURE_SIN * 2 * size + t)
                fail_msg("%s: point %d off the normal line by %.3g", label, i, lat);
            st->lateral_seg = fmax(st->lateral_seg, lat / size);
        } else if (lat > t) {
            fail_msg("%s: point %d off the normal line by %.3g", label, i, lat);
        } else if (lat / size > st->lateral) {
            st->lateral = lat / size;
            snprintf(st->worst_lateral, sizeof st->worst_lateral, "%s", label);
        }
        double sa = m3_point_sd(a, p->point_a), sb = m3_point_sd(b, p->point_b);
        double allow_a = ra * slack + t, allow_b = rb * slack + t;
        double off = fmax(fabs(sa) - ra * slack, fabs(sb) - rb * slack); /* beyond the rounded-face allowance */
        if (curved) {
            st->surface_curved = fmax(st->surface_curved, off / size);
        } else if (off / size > st->surface) {
            st->surface = off / size;
            snprintf(st->worst_surface, sizeof st->worst_surface, "%s", label);
        }
        if (fabs(sa) > allow_a || fabs(sb) > allow_b) {
            dump(&m, &r);
            fail_msg("%s: point %d off the surfaces: %.3g from A, %.3g from B", label, i, sa, sb);
        }
        /* the line along n leaves the reference shape at its point; the incident shape's point is on its surface
           (above), but its face may be tilted (gjk_feature3_incident, Box2D's rule), so the line need not cross
           it square: one side passing is enough */
        double ea = delta - m3_point_sd(a, gjk_mad3(p->point_a, (gjk_real)delta, n));
        double eb = delta - m3_point_sd(b, gjk_mad3(p->point_b, (gjk_real)-delta, n));
        double ex = fmin(ea - (ra + delta) * slack, eb - (rb + delta) * slack);
        /* (touching pairs excepted: a normal from closest points a distance d apart is off by about
           eps * |D| / d, and at d = 0 it is any direction between the shapes' normals) */
        if (fabs(r.distance) < ill * coord) ex = 0;
        st->exit = fmax(st->exit, ex / size);
        if (ex > t) dump(&m, &r);
        if (ex > t)
            fail_msg("%s: point %d: the normal line does not leave A / enter B there (%.3g, %.3g)", label, i, ea, eb);
    }
    /* The deepest point is the pair's signed distance, except where the manifold documents otherwise: a cap's fixed
       rim points (up to 0.293 r sin tilt shallower) and a reduction's tie (up to GJK_MANIFOLD_DEPTH_TIE of the width). */
    double cap = fmax(cap_allowance(a, n), cap_allowance(b, gjk_neg3(n)));
    double tie = m.count == 4 ? 2 * GJK_MANIFOLD_DEPTH_TIE * size : 0;
    double dd = deepest - exact;
    if (dd < -t || dd > t + 0.293 * cap + tie) {
        dump(&m, &r);
        fail_msg("%s: deepest separation %.17g, signed distance %.17g (query %.17g; cap %.3g, tie %.3g)", label,
                 deepest, exact, r.distance, cap, tie);
    }
    double tb = curved ? curved_tol : tol; /* (the statistics sort by the plain rounding tolerance) */
    if (cap > 0 && dd > tb) {
        if (tie == 0) st->deepest_cap = fmax(st->deepest_cap, (dd - tb) / cap);
    } else if (dd > tb && tie > 0) {
        st->ties++;
        st->deepest_tie = fmax(st->deepest_tie, dd / size);
    } else if (!have_oracle) {
        st->deepest_curved = fmax(st->deepest_curved, fabs(dd) / size);
    } else if (fabs(dd) / size > st->deepest) {
        st->deepest = fabs(dd) / size;
        snprintf(st->worst_deepest, sizeof st->worst_deepest, "%s", label);
    }
    if (have_oracle && fabs(dd) <= t) st->oracle = fmax(st->oracle, fabs(r.distance - exact) / size);
    if (st != keep) { /* an estimate: its counts, not its errors */
        keep->manifolds = st->manifolds, keep->points = st->points, keep->multi = st->multi;
        keep->oracle_pairs = st->oracle_pairs;
    }
    return m;
}

void m3_stats_print(const m3_stats *st) {
    printf("%-22s pairs %6ld (estimates %ld, curved witnesses %ld), manifolds %6ld, points %6ld (multi %5ld, qhull "
           "%5ld); worst / size: lateral %.2g "
           "(parallel segments %.2g), surface %.2g (curved %.2g), exit %.2g, deepest %.2g (curved %.2g, caps %.3g of r "
           "sin tilt), query vs qhull %.2g, "
           "below %.2g; %ld reduced with a tie (deepest %.2g)\n",
           st->name, st->pairs, st->estimates, st->witnesses, st->manifolds, st->points, st->multi, st->oracle_pairs,
           st->lateral, st->lateral_seg, st->surface, st->surface_curved, st->exit, st->deepest, st->deepest_curved,
           st->deepest_cap, st->oracle, st->below, st->ties, st->deepest_tie);
    printf("  worst lateral at %s, surface at %s, deepest at %s\n", st->worst_lateral, st->worst_surface,
           st->worst_deepest);
}
