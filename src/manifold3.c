// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Contact manifolds in 3D (gjk/manifold.h).

   The signed distance (query3.c) gives the normal n and the deepest (or closest) pair of points. The manifold then
   describes the whole contact region, in A's local frame (as the queries do: docs/numerics.md, "Far from the origin"):
   1. the supporting feature of each core along n (A) and -n (B), with a small angular tolerance (feature3.c): a
      polygon (face), a disc (cylinder or cone cap), a segment (edge, capsule, cylinder side) or a point;
   2. the lateral overlap of the two features seen along n, i.e. the set of lines parallel to n that cross both.
      Its corners are the contact points: for two polygons the incident polygon clipped against the reference
      face's side planes (Sutherland-Hodgman; Ericson, "Real-Time Collision Detection", 2005, 8.3.4; Catto, "Contact
      Manifolds", GDC 2007); a disc contributes its rim crossings and its four fixed rim points;
   3. for each corner, the point of each feature on that line: the separation along n there is exact, and the
      point pair differs by separation * n (the side planes contain n, so a clipped point moved along n lands on
      the reference face). Points within the speculative distance are kept and reduced to 4: the deepest, the one
      farthest from it, the largest triangle, the largest quad (Gregorius, "Robust Contact Creation for Physics
      Simulations", GDC 2015);
   4. radii (spheres, capsules, margins) shift each point along n: the rounded surfaces.
   Before the reduction to 4 (step 3), each point is named by the feature of each shape it lies on, read from its
   position (name_points): these are the feature ids, and points with the same name are one contact.
   A single point (a sphere, an ellipsoid's or user shape's support point, a corner) over a face gives that point
   and the face's point along n. Anything else with a single point (two corners, a corner on an edge, crossing
   edges) is the query's own witness pair, exact by its contract.

   Why the deepest point is never lost and never invented: each feature holds the support point along n (feature3.c
   picks faces and edges through it), and the query's witnesses pa, pb with pb - pa parallel to n mark one line
   that crosses both features; the deepest separation over the overlap is attained at a corner (it is linear on
   each face), and no pair of points of the two shapes can be deeper along n than the depth (the shapes lie in
   slabs that overlap by the depth: a phantom contact deeper than the pair's depth, which clipping features
   without this bound can produce, cannot arise). Two documented
   exceptions, both for stability: a cap disc's rim points are fixed in the shape's frame, so when the cap is
   tilted within the tolerance the deepest rim point may fall between them, and the reported deepest point is then
   shallower than the depth by at most radius * sin(tilt) * (1 - cos 45 deg); and the reduction to 4 points breaks
   near-ties of depth at the rounding level towards a fixed order (GJK_MANIFOLD_DEPTH_TIE). */
#include <string.h>

#include "manifold3_internal.h"
#include "rescale.h"
#include "special3.h"


static void add_r(builder3 *b, gjk_vec3 pa, gjk_vec3 pb, gjk_real da, gjk_real db, uint16_t code_a,
                  uint16_t code_b) {
    gjk_real sep = gjk_dot3(gjk_sub3(pb, pa), b->n) - (da + db);
    if (!(sep <= b->spec) || b->count >= GJK_MANIFOLD_MAX_CAND) return;
    gjk_contact3 *c = &b->c[b->count++];
    c->pa = pa;
    c->pb = pb;
    c->da = da;
    c->db = db;
    c->sep = sep;
    c->id = (uint32_t)code_a << 16 | code_b;
}

static void add(builder3 *b, gjk_vec3 pa, gjk_vec3 pb, uint16_t code_a, uint16_t code_b) {
    add_r(b, pa, pb, b->ra, b->rb, code_a, code_b);
}

/* A point pair of which `first` belongs to A when first_is_a. */
static void add_ordered(builder3 *b, bool first_is_a, gjk_vec3 first, gjk_vec3 second, uint16_t code_first,
                        uint16_t code_second) {
    if (first_is_a)
        add(b, first, second, code_first, code_second);
    else
        add(b, second, first, code_second, code_first);
}

/* Where the line x + t n meets the plane through c with normal m (features are chosen within a small angle of n,
   so m . n is near +-1). */
static gjk_vec3 onto_plane(gjk_vec3 x, gjk_vec3 n, gjk_vec3 c, gjk_vec3 m) {
    return gjk_mad3(x, gjk_dot3(m, gjk_sub3(c, x)) / gjk_dot3(m, n), n);
}

/* Outward normal of the side plane through the polygon edge a -> b that contains the direction o (the polygon's
   outward normal direction along n): e x o points away from a counter-clockwise polygon's interior. */
static gjk_vec3 side_normal(gjk_vec3 a, gjk_vec3 b, gjk_vec3 o) { return gjk_cross3(gjk_sub3(b, a), o); }

/* ---- polygon against polygon: Sutherland-Hodgman --------------------------------------------------------------- */

/* The incident polygon clipped against the prism of the reference polygon along n. The reference is A's face when
   it faces n within the tolerance, else B's; the incident face may be tilted (gjk_feature3_incident): its clipped
   points are exact points of it, and their separations are measured from the reference plane along n. The points
   are named afterwards from their positions (name_points), so the choice of reference does not show in the ids. */
static void poly_poly(builder3 *b, const gjk_feature3 *ref, const gjk_feature3 *inc, bool ref_is_a) {
    gjk_vec3 o = ref_is_a ? b->n : gjk_neg3(b->n); /* the reference face's outward direction */
    gjk_vec3 v[2][CLIP_MAX];
    int n = inc->count, cur = 0, m = ref->count;
    for (int i = 0; i < n; ++i) v[0][i] = inc->p[i];
    for (int j = 0; j < m && n > 0; ++j) {
        gjk_vec3 a = ref->p[j], s = side_normal(a, ref->p[j + 1 == m ? 0 : j + 1], o);
        const gjk_vec3 *in = v[cur];
        gjk_vec3 *out = v[1 - cur];
        gjk_real dist[CLIP_MAX];
        for (int i = 0; i < n; ++i) dist[i] = gjk_dot3(s, gjk_sub3(in[i], a));
        int k = 0;
        for (int i = 0; i < n; ++i) {
            int q = i + 1 == n ? 0 : i + 1;
            gjk_real dp = dist[i], dq = dist[q];
            if (dp <= 0 && k < CLIP_MAX) out[k++] = in[i];
            if (((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) && k < CLIP_MAX) {
                gjk_real f = dp / (dp - dq); /* strict opposite signs: in (0, 1) */
                out[k++] = gjk_mad3(in[i], f, gjk_sub3(in[q], in[i]));
            }
        }
        n = k;
        cur = 1 - cur;
    }
    for (int i = 0; i < n; ++i)
        add_ordered(b, ref_is_a, onto_plane(v[cur][i], b->n, ref->p[0], ref->normal), v[cur][i], ref->code, inc->code);
}

/* ---- polygon against segment: the segment clipped to the polygon's prism (Liang-Barsky) -------------------------- */

/* How far beyond q (a point of segment f, the core of a shape rounded by r) that shape's surface lies along -o (o:
   the polygon's outward direction, towards the segment): the largest s with q - s o within r of the segment. The
   lowest point of the union of balls along it is on the cylinder about its line (s = r / sin of the angle between
   o and the segment, where the foot lands inside it) or on the ball at an end (the larger root of
   |q - v - s o| = r). r for a segment square to o; more for a tilted one (a capsule settling on a face at a small
   angle), whose side lies lower than q - r o. */
static gjk_real segment_drop(gjk_vec3 q, const gjk_feature3 *f, gjk_vec3 o, gjk_real r) {
    if (!(r > 0)) return 0;
    gjk_real s = r;
    for (int k = 0; k < 2; ++k) {
        gjk_vec3 w = gjk_sub3(q, f->p[k]);
        gjk_real wo = gjk_dot3(w, o), disc = wo * wo - gjk_len_sq3(w) + r * r;
        if (disc >= 0) s = gjk_maxr(s, wo + GJK_SQRT(disc));
    }
    gjk_vec3 e = gjk_sub3(f->p[1], f->p[0]);
    gjk_real l = gjk_len3(e);
    if (!(l > 0)) return s;
    gjk_vec3 u = gjk_scale3(e, 1 / l);
    gjk_real c = gjk_len3(gjk_cross3(o, u));
    if (c > GJK_R(0.01)) {
        gjk_real se = r / c, t = gjk_dot3(gjk_sub3(q, f->p[0]), u) - se * gjk_dot3(o, u);
        if (t >= 0 && t <= l) s = gjk_maxr(s, se);
    }
    return s;
}

static void poly_seg(builder3 *b, const gjk_feature3 *poly, const gjk_feature3 *seg, bool poly_is_a) {
    gjk_vec3 o = poly_is_a ? b->n : gjk_neg3(b->n), q0 = seg->p[0], e = gjk_sub3(seg->p[1], q0);
    gjk_real lo = 0, hi = 1;
    int plane_lo = -1, plane_hi = -1, m = poly->count;
    for (int j = 0; j < m; ++j) {
        gjk_vec3 a = poly->p[j], s = side_normal(a, poly->p[j + 1 == m ? 0 : j + 1], o);
        gjk_real d0 = gjk_dot3(s, gjk_sub3(q0, a)), d1 = d0 + gjk_dot3(s, e);
        if (d0 > 0 && d1 > 0) return; /* wholly outside this side */
        if (d0 > 0) {                 /* entering (d1 <= 0: t in (0, 1]) */
            gjk_real t = d0 / (d0 - d1);
            if (t > lo) lo = t, plane_lo = j;
        } else if (d1 > 0) { /* leaving (d0 <= 0: t in [0, 1)) */
            gjk_real t = d0 / (d0 - d1);
            if (t < hi) hi = t, plane_hi = j;
        }
    }
    /* A segment that only touches the prism (through a corner: a vertex against an edge) gives lo = hi up to
       rounding; keep that point either way, so that rounding does not switch the manifold to the witnesses and
       their ids. */
    if (!(lo <= hi + 64 * GJK_REAL_EPSILON)) return;
    if (hi < lo) hi = lo;
    for (int end = 0; end < 2; ++end) {
        if (end == 1 && hi == lo) break; /* a single point */
        gjk_real t = end ? hi : lo;
        int plane = end ? plane_hi : plane_lo;
        gjk_vec3 x = plane < 0 ? seg->p[end] : gjk_mad3(q0, t, e);
        uint16_t cp = poly->code, cs = seg->code; /* (named by name_points) */
        gjk_vec3 y = onto_plane(x, b->n, poly->p[0], poly->normal);
        gjk_real drop = segment_drop(x, seg, o, poly_is_a ? b->rb : b->ra);
        if (poly_is_a)
            add_r(b, y, x, b->ra, drop, cp, cs);
        else
            add_r(b, x, y, drop, b->rb, cs, cp);
    }
}

/* ---- discs ----------------------------------------------------------------------------------------------------- */

/* A disc against a polygon or segment: the polygon's vertices whose line along n crosses the disc, the polygon's
   edges where their lines cross the rim (in the disc's plane: the exact circle), and the disc's rim points whose
   line crosses the polygon. The same in either role, so no reference is chosen. */
static void disc_poly(builder3 *b, const gjk_feature3 *d, const gjk_feature3 *p, bool d_is_a) {
    gjk_vec3 n = b->n, y[GJK_FEATURE3_MAX];
    gjk_real rr = d->radius * d->radius, dn = gjk_dot3(d->normal, n);
    int np = p->count, ne = p->kind == GJK_FEATURE_POLYGON ? np : 1;
    for (int i = 0; i < np; ++i) {
        /* p's vertices moved along n onto the disc's plane, relative to its centre */
        gjk_real t = gjk_dot3(d->normal, gjk_sub3(d->center, p->p[i])) / dn;
        y[i] = gjk_sub3(gjk_mad3(p->p[i], t, n), d->center);
        if (gjk_len_sq3(y[i]) < rr) add_ordered(b, d_is_a, gjk_add3(d->center, y[i]), p->p[i], d->code, p->vid[i]);
    }
    for (int i = 0; i < ne; ++i) {
        int j = i + 1 == np ? 0 : i + 1;
        /* |y_i + t e| = r: t^2 a + 2 t hb + c = 0; the lower root enters the disc, the upper one leaves it.
           Roots in [0, 1) only, so that a rim crossing at a shared vertex is counted once. */
        gjk_vec3 e = gjk_sub3(y[j], y[i]);
        gjk_real a = gjk_len_sq3(e), hb = gjk_dot3(y[i], e), c = gjk_len_sq3(y[i]) - rr, disc = hb * hb - a * c;
        if (!(a > 0) || !(disc > 0)) continue;
        gjk_real sq = GJK_SQRT(disc);
        for (int dir = 0; dir < 2; ++dir) {
            gjk_real t = (-hb + (dir ? sq : -sq)) / a;
            if (!(t >= 0 && t < 1)) continue;
            gjk_vec3 on_disc = gjk_add3(d->center, gjk_mad3(y[i], t, e));
            gjk_vec3 on_poly = gjk_mad3(p->p[i], t, gjk_sub3(p->p[j], p->p[i]));
            add_ordered(b, d_is_a, on_disc, on_poly, gjk_code(GJK_CODE_RIM, 2 * d->cap + dir), p->eid[i]);
        }
    }
    if (p->kind != GJK_FEATURE_POLYGON) return;
    gjk_vec3 o = d_is_a ? gjk_neg3(n) : n; /* the polygon's outward direction along n */
    for (int k = 0; k < 4; ++k) {
        gjk_vec3 x = d->p[k];
        bool inside = true;
        for (int i = 0; i < np && inside; ++i)
            inside = gjk_dot3(side_normal(p->p[i], p->p[i + 1 == np ? 0 : i + 1], o), gjk_sub3(x, p->p[i])) <= 0;
        if (inside) add_ordered(b, d_is_a, x, onto_plane(x, n, p->p[0], p->normal), d->vid[k], p->code);
    }
}

/* x moved along n onto disc d's plane; true when it falls inside the rim or on it (within rounding: two equal
   cylinders stacked exactly have each one's rim points on the other's rim, and must keep them). */
static bool in_disc(const gjk_feature3 *d, gjk_vec3 x, gjk_vec3 n, gjk_vec3 *on) {
    *on = onto_plane(x, n, d->center, d->normal);
    return gjk_len_sq3(gjk_sub3(*on, d->center)) <= d->radius * d->radius * (1 + 64 * GJK_REAL_EPSILON);
}

/* x (in d's plane) pulled radially onto the rim when it lies outside. */
static gjk_vec3 clamp_to_disc(const gjk_feature3 *d, gjk_vec3 x) {
    gjk_vec3 y = gjk_sub3(x, d->center);
    gjk_real l = gjk_len3(y);
    return l > d->radius ? gjk_mad3(d->center, d->radius / l, y) : x;
}

/* The lateral position x moved so that its line along n crosses both rims: Newton's method on the two conditions
   |line meets plane of d - centre of d|^2 = radius^2, in the basis (u, w) across n. The circles' crossing (the
   rims seen along n as circles) is within radius * (1 - cos tilt) <= 2e-4 radius of the answer, and a few steps
   make it exact to rounding; near-tangent rims (a singular step) keep the estimate, and the caller's clamp puts
   the points on their rims. */
static gjk_vec3 rim_crossing(const gjk_feature3 *da, const gjk_feature3 *db, gjk_vec3 n, gjk_vec3 x, gjk_vec3 u,
                             gjk_vec3 w) {
    const gjk_feature3 *d[2] = {da, db};
    for (int it = 0; it < 3; ++it) {
        gjk_real f[2], gu[2], gw[2];
        for (int k = 0; k < 2; ++k) {
            gjk_vec3 y = gjk_sub3(onto_plane(x, n, d[k]->center, d[k]->normal), d[k]->center);
            /* gradient of |y|^2 across n: 2 (y - m (y . n) / (m . n)), m the disc's normal */
            gjk_vec3 g = gjk_mad3(y, -gjk_dot3(y, n) / gjk_dot3(d[k]->normal, n), d[k]->normal);
            f[k] = gjk_len_sq3(y) - d[k]->radius * d[k]->radius;
            gu[k] = 2 * gjk_dot3(g, u);
            gw[k] = 2 * gjk_dot3(g, w);
        }
        gjk_real det = gu[0] * gw[1] - gw[0] * gu[1];
        if (!(GJK_ABS(det) > GJK_R(1e-6) * (GJK_ABS(gu[0]) + GJK_ABS(gw[0])) * (GJK_ABS(gu[1]) + GJK_ABS(gw[1]))))
            break;
        gjk_real su = (-f[0] * gw[1] + f[1] * gw[0]) / det, sw = (-f[1] * gu[0] + f[0] * gu[1]) / det;
        x = gjk_mad3(gjk_mad3(x, su, u), sw, w);
    }
    return x;
}

/* Two caps (cylinders stacked): each disc's rim points over the other disc, and the two rim crossings (first
   estimated with the rims seen along n as circles, then refined by rim_crossing). */
static void disc_disc(builder3 *b, const gjk_feature3 *da, const gjk_feature3 *db) {
    gjk_vec3 n = b->n, on;
    for (int k = 0; k < 4; ++k)
        if (in_disc(db, da->p[k], n, &on)) add(b, da->p[k], on, da->vid[k], db->code);
    for (int k = 0; k < 4; ++k)
        if (in_disc(da, db->p[k], n, &on)) add(b, on, db->p[k], da->code, db->vid[k]);
    gjk_vec3 ca = gjk_mad3(da->center, -gjk_dot3(da->center, n), n);
    gjk_vec3 e = gjk_sub3(gjk_mad3(db->center, -gjk_dot3(db->center, n), n), ca);
    gjk_real dist = gjk_len3(e), ra = da->radius, rb = db->radius;
    if (!(dist > 0 && dist < ra + rb && dist > GJK_ABS(ra - rb))) return;
    gjk_vec3 u = gjk_scale3(e, 1 / dist), w = gjk_cross3(n, u);
    gjk_real a = (ra * ra - rb * rb + dist * dist) / (2 * dist), h = GJK_SQRT(gjk_maxr(ra * ra - a * a, 0));
    for (int dir = 0; dir < 2; ++dir) {
        gjk_vec3 x = rim_crossing(da, db, n, gjk_mad3(gjk_mad3(ca, a, u), dir ? -h : h, w), u, w);
        gjk_vec3 pa = clamp_to_disc(da, onto_plane(x, n, da->center, da->normal));
        gjk_vec3 pb = clamp_to_disc(db, onto_plane(x, n, db->center, db->normal));
        add(b, pa, pb, gjk_code(GJK_CODE_RIM, 2 * da->cap + dir), gjk_code(GJK_CODE_RIM, 2 * db->cap + dir));
    }
}

/* ---- a point against a face -------------------------------------------------------------------------------------- */

/* A curved shape's single point against the other shape's face: the deepest point below the face's plane is the
   support point along minus the face's normal m, not along minus n (the separation along n at a lateral place is
   the distance along m from the plane over m . n, so it is least where the shape reaches farthest along -m). The
   two differ by the angle between m and n (up to the tolerance, or EPA's error in the normal), and on a rim that
   angle moves the point around it: 4e-4 of depth lost on a cylinder's rim under a triangle in float, with EPA's
   normal off by 1e-3. Polytope corners are the support along either. False when a user callback answers a point
   that is not finite or bounded. */
static bool refine_point(const gjk_shape3 *s, gjk_vec3 m_local, gjk_vec3 *p) {
    if (s->type != GJK_SHAPE3_CYLINDER && s->type != GJK_SHAPE3_CONE && s->type != GJK_SHAPE3_ELLIPSOID &&
        s->type != GJK_SHAPE3_USER)
        return true;
    *p = gjk_core3_support(s, gjk_neg3(m_local));
    return gjk_bounded3(*p);
}

/* A single point (a vertex, a sphere's centre, an ellipsoid's support point) over a polygon or disc: the point and
   the face's point on its line along n, when that line crosses the face. This beats the query's own witnesses on
   curved shapes, which EPA leaves on a chord of the surface (up to 1e-4 of the size inside in double); the support
   point is on the surface. */
static void point_face(builder3 *b, const gjk_feature3 *pt, const gjk_feature3 *face, bool pt_is_a) {
    gjk_vec3 x = pt->p[0], on;
    if (face->kind == GJK_FEATURE_DISC) {
        if (in_disc(face, x, b->n, &on)) add_ordered(b, pt_is_a, x, on, pt->vid[0], face->code);
        return;
    }
    gjk_vec3 o = pt_is_a ? gjk_neg3(b->n) : b->n; /* the face's outward direction along n */
    int m = face->count;
    for (int i = 0; i < m; ++i)
        if (gjk_dot3(side_normal(face->p[i], face->p[i + 1 == m ? 0 : i + 1], o), gjk_sub3(x, face->p[i])) > 0) return;
    add_ordered(b, pt_is_a, x, onto_plane(x, b->n, face->p[0], face->normal), pt->vid[0], face->code);
}

/* ---- two segments ---------------------------------------------------------------------------------------------- */

/* Segments parallel within the tolerance (capsules side by side, a box edge along a cylinder's side): the ends of
   their overlap along A's direction, each with the point of the other segment at the same position along it.
   Where the query's witnesses are at an end (within the tolerance of the overlap's length), they stand for it: the
   pair at the same position is then off the contact across the small angle between the segments, and on a curved
   side (a cylinder's, a capsule's) it would miss the depth by the surface's curvature over that offset (1e-5 for
   a cone's side). False when they are not parallel or overlap in at most a point: the query's witnesses are
   then the contact. */
static bool seg_seg(builder3 *b, const gjk_feature3 *sa, const gjk_feature3 *sb) {
    gjk_vec3 ea = gjk_sub3(sa->p[1], sa->p[0]), eb = gjk_sub3(sb->p[1], sb->p[0]);
    gjk_real la = gjk_len3(ea), lb = gjk_len3(eb);
    if (!(la > 0 && lb > 0)) return false;
    gjk_vec3 u = gjk_scale3(ea, 1 / la);
    if (gjk_len3(gjk_cross3(u, eb)) > GJK_FEATURE_SIN * lb) return false;
    gjk_real b0 = gjk_dot3(u, gjk_sub3(sb->p[0], sa->p[0])), b1 = gjk_dot3(u, gjk_sub3(sb->p[1], sa->p[0]));
    gjk_real lo = gjk_maxr(0, gjk_minr(b0, b1)), hi = gjk_minr(la, gjk_maxr(b0, b1));
    if (!(hi > lo)) return false;
    gjk_real w = gjk_dot3(u, gjk_sub3(b->wa, sa->p[0])), near = GJK_FEATURE_SIN * (hi - lo);
    bool w_lo = GJK_ABS(w - lo) <= near, w_hi = !w_lo && GJK_ABS(w - hi) <= near;
    for (int end = 0; end < 2; ++end) {
        gjk_real s = end ? hi : lo;
        gjk_vec3 pa = gjk_mad3(sa->p[0], s / la, ea), pb = gjk_mad3(sb->p[0], (s - b0) / (b1 - b0), eb);
        if (end ? w_hi : w_lo) pa = b->wa, pb = b->wb;
        add(b, pa, pb, sa->code, sb->code); /* (named by name_points) */
    }
    return true;
}

/* ---- feature ids ----------------------------------------------------------------------------------------------- */

/* A feature seen along the normal: its points' coordinates in a basis (u, w) across n, where the names are read. */
typedef struct flat_feature3 {
    gjk_real u[GJK_FEATURE3_MAX], w[GJK_FEATURE3_MAX];    /* the points */
    gjk_real eu[GJK_FEATURE3_MAX], ew[GJK_FEATURE3_MAX]; /* a polygon's edges: point i to point i + 1 */
    gjk_real ee[GJK_FEATURE3_MAX];                       /* their squared lengths */
} flat_feature3;

/* f's points seen along n in the basis (u, w); returns the size its snap is measured against (GJK_FEATURE_SNAP),
   squared: a polygon's shortest edge, a segment's length, a disc's radius (its four rim points are 1.4 radii
   apart); infinite for a point. */
static gjk_real flatten(const gjk_feature3 *f, gjk_vec3 u, gjk_vec3 w, flat_feature3 *flat) {
    if (f->kind == GJK_FEATURE_POINT) return GJK_REAL_MAX;
    for (int i = 0; i < f->count; ++i) {
        flat->u[i] = gjk_dot3(f->p[i], u);
        flat->w[i] = gjk_dot3(f->p[i], w);
    }
    if (f->kind == GJK_FEATURE_DISC) return f->radius * f->radius;
    gjk_real m2 = GJK_REAL_MAX;
    int m = f->kind == GJK_FEATURE_POLYGON ? f->count : 1;
    for (int i = 0; i < m; ++i) {
        int j = i + 1 == f->count ? 0 : i + 1;
        gjk_real du = flat->u[j] - flat->u[i], dw = flat->w[j] - flat->w[i];
        flat->eu[i] = du;
        flat->ew[i] = dw;
        flat->ee[i] = du * du + dw * dw;
        m2 = gjk_minr(m2, flat->ee[i]);
    }
    return m2;
}

/* The feature of polygon f that the point (x, y) (seen along n) lies on: a vertex when the point is within the snap
   of both its edges (so within the snap of the vertex, or in the corner between the edges' snap bands), else an
   edge within the snap, else the face. Distances to the edges as segments, not lines: next to a corner of nearly
   a half turn the neighbouring edge's line passes close to points that are not near the corner. The line's band
   is tested first (a cross product against the edge's length), the segment's ends only for points inside it. */
static uint16_t polygon_name(const gjk_feature3 *f, const flat_feature3 *g, gjk_real x, gjk_real y, gjk_real snap,
                             int *edge) {
    int m = f->count, first = -1;
    bool near0 = false, prev = false;
    gjk_real snap2 = snap * snap;
    for (int i = 0; i < m; ++i) {
        gjk_real eu = g->eu[i], ew = g->ew[i], ee = g->ee[i], pu = x - g->u[i], pw = y - g->w[i];
        gjk_real cr = pu * ew - pw * eu;
        bool near = cr * cr <= snap2 * ee;
        if (near) {
            gjk_real t = pu * eu + pw * ew;
            if (t < 0)
                near = pu * pu + pw * pw <= snap2;
            else if (t > ee)
                near = (pu - eu) * (pu - eu) + (pw - ew) * (pw - ew) <= snap2;
        }
        if (!near) {
            prev = false;
            continue;
        }
        if (prev) return f->vid[i]; /* edges i - 1 and i: their shared vertex */
        if (i == 0) near0 = true;
        if (first < 0) first = i;
        prev = true;
    }
    if (prev && near0) return f->vid[0]; /* edges m - 1 and 0 */
    *edge = first;
    return first < 0 ? f->code : f->eid[first];
}

/* The feature of f that the point (x, y) (seen along n) lies on: a polygon's as above; a segment's end within the
   snap, else the segment; a disc's rim point within the snap, else `given` (the clipping's name: its face, or a rim
   crossing, which names where a boundary of the other feature enters or leaves the rim); a point itself. `edge`
   receives the index of a polygon's edge when that is the name, else -1. */
static uint16_t point_name(const gjk_feature3 *f, const flat_feature3 *g, gjk_real x, gjk_real y, gjk_real snap,
                           uint16_t given, int *edge) {
    *edge = -1;
    if (f->kind == GJK_FEATURE_POLYGON) return polygon_name(f, g, x, y, snap, edge);
    gjk_real snap2 = snap * snap;
    if (f->kind != GJK_FEATURE_SEGMENT && f->kind != GJK_FEATURE_DISC) return given;
    for (int k = 0; k < f->count; ++k) {
        gjk_real du = x - g->u[k], dw = y - g->w[k];
        if (du * du + dw * dw <= snap2) return f->vid[k];
    }
    return f->kind == GJK_FEATURE_SEGMENT ? f->code : given;
}

static bool is_vertex_code(uint16_t code) { return code >> 14 == GJK_CODE_VERTEX; }

/* The candidates' order: by the smaller code of the id, then the larger, so that exchanging A and B (which exchanges
   the halves) keeps the order, and with it the reduction's choice among near-ties. */
static uint32_t order_key(uint32_t id) {
    uint32_t hi = id >> 16, lo = id & 0xFFFFu;
    return hi < lo ? hi << 16 | lo : lo << 16 | hi;
}

/* Whether A's polygon edge ea and B's edge eb, seen along n, are flush sides: parallel within GJK_FEATURE_SNAP (as a
   sine) and running in opposite directions. A's polygon turns counter-clockwise about n and B's about -n, so
   opposite directions put both interiors on the same side: the overlap's boundary runs straight along the inner of
   the two, and a point where they cross (which rounding finds or not, anywhere along them) is no corner of it. Its
   ends are kept (ends of one of the two edges, named by their vertices), and the separation is linear along the
   boundary, so dropping the crossing loses no depth. Edges in the same direction meet at the tip of a sliver, a
   real corner. */
static bool flush_edges(const flat_feature3 *ga, int ea, const flat_feature3 *gb, int eb) {
    gjk_real cr = ga->eu[ea] * gb->ew[eb] - ga->ew[ea] * gb->eu[eb];
    gjk_real dot = ga->eu[ea] * gb->eu[eb] + ga->ew[ea] * gb->ew[eb];
    return dot < 0 && cr * cr <= GJK_FEATURE_SNAP * GJK_FEATURE_SNAP * ga->ee[ea] * gb->ee[eb];
}

/* Renames every candidate by the features of each shape it lies on (point_name), whatever the clipping recorded,
   and sorts the candidates by their names. An id that recorded the clipping's outcome (an incident vertex inside the
   reference face, an incident edge cut by a side plane, a reference corner inside the incident face) flips when
   flush sides or corners are nudged at the rounding level, and a corner's single point may come out as two nearly
   coincident ones; an engine that carries warm-start impulses only between points of equal id (Box2D) then loses a
   resting stack's impulses at every flip. Names read from positions do not depend on which shape was the
   reference either. Points with the same name are one contact: the deepest stands for it, before the reduction to
   4 points, so that ids stay distinct and the deepest point is kept. The order by name (order_key) makes the
   reduction's tie-breaking (GJK_MANIFOLD_DEPTH_TIE, GJK_MANIFOLD_TIE) independent of where the clipping started its polygon.
   A disc side not at one of its rim points takes the disc's face code when the other side's point is a vertex:
   a polygon's corner on the rim is then named (cap, corner) whether rounding put it just inside the rim or made it
   a rim crossing on one of its edges. The cost: a few multiplications per point and feature edge. */
static void name_points(builder3 *b, const gjk_feature3 *fa, const gjk_feature3 *fb) {
    if (b->count == 0) return;
    gjk_vec3 n = b->n, t = GJK_ABS(n.x) < GJK_R(0.57) ? gjk_v3(1, 0, 0) : gjk_v3(0, 1, 0);
    gjk_vec3 u = gjk_normalize3(gjk_cross3(n, t)), w = gjk_cross3(n, u);
    flat_feature3 ga, gb;
    gjk_real size2 = gjk_minr(flatten(fa, u, w, &ga), flatten(fb, u, w, &gb));
    gjk_real snap = GJK_FEATURE_SNAP * GJK_SQRT(size2);
    int k = 0;
    for (int i = 0; i < b->count; ++i) {
        gjk_contact3 c = b->c[i];
        int ea, eb;
        uint16_t na = point_name(fa, &ga, gjk_dot3(c.pa, u), gjk_dot3(c.pa, w), snap, (uint16_t)(c.id >> 16), &ea);
        uint16_t nb = point_name(fb, &gb, gjk_dot3(c.pb, u), gjk_dot3(c.pb, w), snap, (uint16_t)(c.id & 0xFFFFu), &eb);
        if (ea >= 0 && eb >= 0 && flush_edges(&ga, ea, &gb, eb)) continue;
        bool va = is_vertex_code(na), vb = is_vertex_code(nb);
        if (fa->kind == GJK_FEATURE_DISC && !va && vb) na = fa->code;
        if (fb->kind == GJK_FEATURE_DISC && !vb && va) nb = fb->code;
        c.id = (uint32_t)na << 16 | nb;
        uint32_t key = order_key(c.id);
        int j = 0;
        while (j < k && order_key(b->c[j].id) < key) ++j;
        while (j < k && b->c[j].id != c.id && order_key(b->c[j].id) == key) ++j;
        if (j < k && b->c[j].id == c.id) {
            if (c.sep < b->c[j].sep) b->c[j] = c;
            continue;
        }
        for (int s = k; s > j; --s) b->c[s] = b->c[s - 1];
        b->c[j] = c;
        ++k;
    }
    b->count = k;
}

/* ---- the query ------------------------------------------------------------------------------------------------- */

static void contacts(builder3 *b, const gjk_feature3 *fa, const gjk_feature3 *fb) {
    gjk_feature_kind ka = fa->kind, kb = fb->kind;
    bool face_a = ka == GJK_FEATURE_POLYGON || ka == GJK_FEATURE_DISC;
    bool face_b = kb == GJK_FEATURE_POLYGON || kb == GJK_FEATURE_DISC;
    if (ka == GJK_FEATURE_POINT || kb == GJK_FEATURE_POINT) {
        /* (a point against a point or a segment: the query's witnesses) */
        if (ka == GJK_FEATURE_POINT && fa->count == 1 && face_b) point_face(b, fa, fb, true);
        if (kb == GJK_FEATURE_POINT && fb->count == 1 && face_a) point_face(b, fb, fa, false);
        return;
    }
    if (ka == GJK_FEATURE_SEGMENT && kb == GJK_FEATURE_SEGMENT)
        (void)seg_seg(b, fa, fb);
    else if (ka == GJK_FEATURE_DISC && kb == GJK_FEATURE_DISC)
        disc_disc(b, fa, fb);
    else if (ka == GJK_FEATURE_DISC)
        disc_poly(b, fa, fb, true);
    else if (kb == GJK_FEATURE_DISC)
        disc_poly(b, fb, fa, false);
    else if (ka == GJK_FEATURE_POLYGON && kb == GJK_FEATURE_POLYGON)
        poly_poly(b, b->b_ref ? fb : fa, b->b_ref ? fa : fb, !b->b_ref);
    else if (ka == GJK_FEATURE_POLYGON)
        poly_seg(b, fa, fb, true);
    else
        poly_seg(b, fb, fa, false);
    name_points(b, fa, fb);
}

static gjk_vec3 world_point(gjk_mat33 rot, gjk_vec3 pos, gjk_vec3 p) { return gjk_add3(gjk_mat33_mul(rot, p), pos); }

/* ---- units ------------------------------------------------------------------------------------------------------
   The clipping multiplies up to four lengths (a disc's quadratic: |e|^2 (|y|^2 - r^2)), which overflows in float for
   shapes beyond 1e9 (the queries accept 1e18) and underflows in either precision for tiny ones (a float box 1e-30
   across lost every side plane's sign). So the features are scaled by a power of two, exactly, to sizes near 1
   when they are far from it, and the points scaled back. */
#if GJK_USE_FLOAT
#define GJK_FREXP frexpf
#define GJK_LDEXP ldexpf
#else
#define GJK_FREXP frexp
#define GJK_LDEXP ldexp
#endif

static gjk_real max_abs3(gjk_real m, gjk_vec3 v) {
    return gjk_maxr(m, gjk_maxr(GJK_ABS(v.x), gjk_maxr(GJK_ABS(v.y), GJK_ABS(v.z))));
}

static gjk_real extent(const gjk_feature3 *f) {
    gjk_real m = 0;
    for (int i = 0; i < f->count; ++i) m = max_abs3(m, f->p[i]);
    if (f->kind == GJK_FEATURE_DISC) m = gjk_maxr(max_abs3(m, f->center), f->radius);
    return m;
}

static void rescale(gjk_feature3 *f, gjk_real k) {
    for (int i = 0; i < f->count; ++i) f->p[i] = gjk_scale3(f->p[i], k);
    f->center = gjk_scale3(f->center, k);
    f->radius *= k;
}

/* The power of two that brings the pair's features, witnesses and radii near 1 (1 when they are within 2^+-16). */
static gjk_real unit_scale(builder3 *b, const gjk_feature3 *fa, const gjk_feature3 *fb) {
    gjk_real m = gjk_maxr(extent(fa), extent(fb));
    m = gjk_maxr(gjk_maxr(max_abs3(m, b->wa), max_abs3(m, b->wb)), b->ra + b->rb);
    int e = 0;
    (void)GJK_FREXP(m, &e);
    if (!(m > 0) || !gjk_finite(m) || (e >= -16 && e <= 16)) return 1;
    return GJK_LDEXP(GJK_R(1.0), -e);
}

/* Whether the feature found on the non-reference side may be replaced by its incident feature: a point or an edge
   of a polytope without radius (its face: a tilted rounded face's surface does not lie a radius below its points
   along n), or a point of a segment-like core (capsule, segment: its whole segment, whose rounded side segment_drop
   finds exactly). gjk_feature3_incident itself says which shapes have one. */
static bool incident_fits(const gjk_feature3 *f, gjk_real r) {
    return f->kind == GJK_FEATURE_POINT || (f->kind == GJK_FEATURE_SEGMENT && !(r > 0));
}

/* The points of a pair whose signed distance r is within reach, into m. Kept out of gjk_collide3 (never inlined)
   so that its buffers (about 30 KB: up to 64-vertex faces) are not on the stack while the signed distance runs
   (EPA takes as much again). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static void manifold_points(const gjk_pair3 *pair, const gjk_result3 *rr, gjk_real speculative_distance,
                            gjk_manifold3 *out) {
    const gjk_result3 r = *rr;
    gjk_manifold3 m = *out;
    /* A's frame, as in query3.c: B's pose relative to A's. */
    gjk_quat qa = pair->pose_a.rotation;
    gjk_mat33 rot_a = gjk_mat33_from_any_quat(qa);
    gjk_mat33 rot_ab = gjk_mat33_from_any_quat(gjk_quat_mul(gjk_quat_conj(qa), pair->pose_b.rotation));
    gjk_vec3 pos_ab = gjk_mat33_tmul(rot_a, gjk_sub3(pair->pose_b.position, pair->pose_a.position));
    builder3 b;
    gjk_feature3 fa, fb;
    gjk_real k_unit = 1;
    /* The first attempt may replace one side's feature by its incident face; if the points then miss the deepest
       one (the incident face holds the support vertex but not the support edge of an edge-edge contact, so the
       deepest line can fall outside the clipped region: up to 3.5e-3 shallow on 32-vertex hulls), or come out
       deeper than the depth (a degenerate face), the second attempt keeps the features within the tolerance, whose
       points always include the deepest. */
    for (int attempt = 0; attempt < 2; ++attempt) {
        b.n = gjk_normalize3(gjk_mat33_tmul(rot_a, r.normal));
        b.ra = gjk_core3_radius(pair->a);
        b.rb = gjk_core3_radius(pair->b);
        b.spec = speculative_distance;
        b.count = 0;
        b.wa = gjk_mad3(gjk_mat33_tmul(rot_a, gjk_sub3(r.point_a, pair->pose_a.position)), -b.ra, b.n);
        b.wb = gjk_mad3(gjk_mat33_tmul(rot_a, gjk_sub3(r.point_b, pair->pose_a.position)), b.rb, b.n);
        gjk_vec3 nb = gjk_mat33_tmul(rot_ab, gjk_neg3(b.n)); /* -n in B's frame */
        gjk_feature3_find(pair->a, b.n, &fa);
        gjk_feature3_find(pair->b, nb, &fb);
        bool face_a = fa.kind == GJK_FEATURE_POLYGON || fa.kind == GJK_FEATURE_DISC;
        bool face_b = fb.kind == GJK_FEATURE_POLYGON || fb.kind == GJK_FEATURE_DISC;
        /* A polygon facing n is the reference; a polytope on the other side presents its face facing it most, tilted
           or not (its points beyond the speculative distance are dropped). Only for a core without radius: a tilted
           rounded face's surface does not lie a radius below its points along n. */
        b.b_ref = false;
        bool incident = false;
        if (attempt == 0 && fa.kind == GJK_FEATURE_POLYGON && !face_b && incident_fits(&fb, b.rb) &&
            gjk_feature3_incident(pair->b, nb, &fb)) {
            face_b = fb.kind == GJK_FEATURE_POLYGON;
            incident = true;
        } else if (attempt == 0 && fb.kind == GJK_FEATURE_POLYGON && !face_a && incident_fits(&fa, b.ra) &&
                   gjk_feature3_incident(pair->a, b.n, &fa)) {
            face_a = fa.kind == GJK_FEATURE_POLYGON;
            b.b_ref = face_a;
            incident = true;
        }
        if (fb.kind == GJK_FEATURE_POINT && fb.count == 1 && face_a &&
            !refine_point(pair->b, gjk_mat33_tmul(rot_ab, fa.normal), &fb.p[0]))
            fb.count = 0;
        gjk_feature3_move(&fb, rot_ab, pos_ab);
        if (fa.kind == GJK_FEATURE_POINT && fa.count == 1 && face_b && !refine_point(pair->a, fb.normal, &fa.p[0]))
            fa.count = 0;
        k_unit = unit_scale(&b, &fa, &fb);
        if (k_unit != 1) {
            rescale(&fa, k_unit);
            rescale(&fb, k_unit);
            b.wa = gjk_scale3(b.wa, k_unit);
            b.wb = gjk_scale3(b.wb, k_unit);
            b.ra *= k_unit;
            b.rb *= k_unit;
            b.spec *= k_unit; /* (may overflow to infinity: then every point is within it, as it was) */
        }
        contacts(&b, &fa, &fb);
        if (!incident) break;
        /* The incident face's points must reproduce the query's depth (neither shallower: a missed deepest line;
           nor deeper: a degenerate face, such as a float hull of subnormal points whose clipped corners come out
           0.0076 deep for a pair 8e-8 apart). */
        gjk_real deepest = GJK_REAL_MAX;
        for (int i = 0; i < b.count; ++i) deepest = gjk_minr(deepest, b.c[i].sep);
        gjk_real slack = GJK_MANIFOLD_DEEPEST_SLACK * (1 + GJK_ABS(r.distance) * k_unit);
        if (b.count > 0 && GJK_ABS(deepest - r.distance * k_unit) <= slack) break;
    }
    gjk_real k_back = 1 / k_unit;

    int keep[4], k = gjk_manifold3_reduce(b.c, b.count, b.n, b.ra + b.rb, 4, false, keep);
    if (k == 0) {
        /* One point, or rounding left none of the feature's points within reach: the query's witnesses. */
        m.count = 1;
        m.points[0].point_a = r.point_a;
        m.points[0].point_b = r.point_b;
        m.points[0].separation = r.distance;
        m.points[0].id = (uint32_t)fa.code << 16 | fb.code;
        *out = m;
        return;
    }
    gjk_real sum = 0;
    for (int i = 0; i < k; ++i) {
        const gjk_contact3 *c = &b.c[keep[i]];
        gjk_manifold_point3 *p = &m.points[i];
        p->point_a = world_point(rot_a, pair->pose_a.position, gjk_scale3(gjk_mad3(c->pa, c->da, b.n), k_back));
        p->point_b = world_point(rot_a, pair->pose_a.position, gjk_scale3(gjk_mad3(c->pb, -c->db, b.n), k_back));
        p->separation = c->sep * k_back;
        if (p->separation == 0) p->separation = 0; /* no negative zero */
        p->id = c->id;
        sum += p->separation + p->point_a.x + p->point_a.y + p->point_a.z + p->point_b.x + p->point_b.y + p->point_b.z;
    }
    m.count = k;
    if (!gjk_finite(sum)) { /* overflow of huge (if bounded) inputs: no NaN out, as the queries (query3.c) */
        memset(m.points, 0, sizeof m.points);
        m.count = 0;
        m.status = GJK_DEGENERATE;
    }
    *out = m;
}

/* boxes: whether two sharp boxes take the box-box path (manifold3_box.c). */
static gjk_manifold3 collide3(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_cache3 *cache, bool boxes) {
    gjk_manifold3 m;
    memset(&m, 0, sizeof m);
    if (!(speculative_distance >= 0 && speculative_distance <= GJK_MAX_COORD)) {
        m.status = GJK_INVALID_INPUT;
        return m;
    }
    bool apart = false;
    if (boxes && gjk_manifold3_boxes(pair, speculative_distance, cache, &m, &apart)) return m;
    gjk_result3 r = apart ? gjk_signed_distance3_by_gjk(pair, cache) : gjk_signed_distance3(pair, cache);
    m.status = r.status;
    m.iterations = r.iterations + r.epa_iterations;
    if (r.status == GJK_INVALID_INPUT) return m;
    m.normal = r.normal;
    /* Farther apart than asked, or a zeroed (degenerate) answer without a normal. */
    if (!(r.distance <= speculative_distance) || !(gjk_len_sq3(r.normal) > GJK_R(0.5))) return m;
    if (!boxes || !gjk_manifold3_box(pair, &r, speculative_distance, &m))
        manifold_points(pair, &r, speculative_distance, &m);
    return m;
}

gjk_manifold3 gjk_collide3(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_cache3 *cache) {
    gjk_manifold3 scaled; /* (a pair outside the comfortable scale range, answered rescaled: rescale.h) */
    if (gjk_rescale3_collide(pair, speculative_distance, &scaled)) return scaled;
    return collide3(pair, speculative_distance, cache, true);
}

gjk_manifold3 gjk_collide3_general(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_cache3 *cache) {
    return collide3(pair, speculative_distance, cache, false);
}
