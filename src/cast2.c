// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shape casts in 2D (gjk/cast.h): input checks, frames and tolerances, the linear cast, and the results. The mirror
   of cast3.c, whose comment explains the method: the linear cast is the GJK ray cast (ray_gjk2.c) of the origin
   along B's motion relative to A against the core difference D(0) swept by R = rA + rB + target, and polytope pairs
   stop only at rounding: the last plane is the edge the ray enters, and t is exact. */
#include <string.h>

#include "cast2.h"
#include "ray_internal.h"
#include "rescale.h"
#include "simplex2.h"


/* ---- input -------------------------------------------------------------------------------------------------- */

static bool usable_motion2(const gjk_motion2 *m, gjk_vec2 position) {
    return gjk_bounded2(m->translation) && gjk_bounded(m->rotation) && gjk_bounded2(gjk_add2(position, m->translation));
}

/* A bound on |x| over the points of a core, local frame (see core_reach in cast3.c). */
static gjk_real core_reach2(const gjk_shape2 *s) {
    switch (s->type) {
    case GJK_SHAPE2_SEGMENT: return gjk_maxr(gjk_len2(s->segment.a), gjk_len2(s->segment.b));
    case GJK_SHAPE2_BOX: return gjk_len2(s->box.half_extents);
    case GJK_SHAPE2_CAPSULE: return s->capsule.half_height;
    case GJK_SHAPE2_POLYGON: return gjk_len2(s->polygon.hull->centroid) + s->polygon.hull->radius;
    case GJK_SHAPE2_USER: {
        gjk_real x0 = gjk2_core_support(s, gjk_v2(1, 0)).x, x1 = gjk2_core_support(s, gjk_v2(-1, 0)).x;
        gjk_real y0 = gjk2_core_support(s, gjk_v2(0, 1)).y, y1 = gjk2_core_support(s, gjk_v2(0, -1)).y;
        gjk_real x = gjk_maxr(GJK_ABS(x0), GJK_ABS(x1)), y = gjk_maxr(GJK_ABS(y0), GJK_ABS(y1));
        return gjk_len2(gjk_v2(x, y)); /* (NaN for a bad callback: caught by the check on the centre) */
    }
    default: return 0; /* point, circle */
    }
}

static bool cast_setup2(const gjk_cast_input2 *in, gjk_cast2 *c) {
    if (!in) return false;
    const gjk_pair2 *p = &in->pair;
    gjk2_ctx *x = &c->ctx;
    if (!gjk2_body_init(&x->a, p->a) || !gjk2_body_init(&x->b, p->b)) return false;
    if (!gjk2_unit_rotation(p->pose_a.rotation, &c->qa) || !gjk2_unit_rotation(p->pose_b.rotation, &c->qb)) return false;
    if (!gjk_bounded2(p->pose_a.position) || !gjk_bounded2(p->pose_b.position)) return false;
    if (!usable_motion2(&in->motion_a, p->pose_a.position) || !usable_motion2(&in->motion_b, p->pose_b.position))
        return false;
    if (!(in->target_distance >= 0 && in->target_distance <= GJK_MAX_COORD)) return false;
    if (!gjk_finite(in->tolerance) || !gjk_bounded(in->tolerance)) return false;
    c->in = in;
    x->support_calls = 0;
    x->size = 0;
    x->bad = false;
    x->rec = NULL;
    x->a.rot = gjk_rot2_identity();
    x->a.pos = gjk_v2(0, 0);
    x->radius = x->a.radius + x->b.radius;
    if (!gjk_finite(x->radius)) return false;
    if (x->a.kind == GJK2_USER) x->a.centre = gjk2_user_centre(p->a);
    if (x->b.kind == GJK2_USER) x->b.centre = gjk2_user_centre(p->b);
    if (!gjk_bounded2(x->a.centre) || !gjk_bounded2(x->b.centre)) return false;
    c->centre_b = x->b.centre;
    x->grow = x->a.extent < 0 || x->b.extent < 0;
    x->special = x->polygons = false; /* (only the queries' paths read these) */
    c->pa = p->pose_a.position;
    c->p0 = gjk_sub2(p->pose_b.position, p->pose_a.position);
    c->va = in->motion_a.translation;
    c->vb = in->motion_b.translation;
    /* A core that is its shape's origin (circle, point) looks the same at every angle. */
    c->wa = x->a.kind == GJK2_POINT && x->a.p.x == 0 && x->a.p.y == 0 ? 0 : in->motion_a.rotation;
    c->wb = x->b.kind == GJK2_POINT && x->b.p.x == 0 && x->b.p.y == 0 ? 0 : in->motion_b.rotation;
    c->ra = x->a.radius;
    c->rb = x->b.radius;
    /* |x| <= |x| + |y|: a body's extent bounds its reach for free; the rotating cast, whose steps it limits,
       asks for the exact one. */
    c->reach_a = x->a.extent >= 0 ? x->a.extent : core_reach2(p->a);
    c->reach_b = x->b.extent >= 0 ? x->b.extent : core_reach2(p->b);
    if (!gjk_bounded(c->reach_a) || !gjk_bounded(c->reach_b)) return false;
    c->target = in->target_distance;
    gjk_real size = c->reach_a + c->ra + c->reach_b + c->rb;
    gjk_real motion = gjk_len2(gjk_sub2(c->vb, c->va));
    c->scale = gjk_maxr(gjk_maxr(size, c->target), gjk_maxr(gjk_len2(c->p0), motion));
    /* The rounding of a distance the cast computes: w = a - (b + t d) rounds at a few ulps of the largest of the
       terms, not of the (small) result; floor / 8 is about that, floor a safe multiple (the least tolerance). */
    c->floor = GJK_R(32.0) * GJK_REAL_EPSILON * c->scale;
    c->tol = in->tolerance > 0 ? in->tolerance : GJK_TOL_CAST * size;
    c->tol = gjk_maxr(c->tol, c->floor);
    return true;
}

/* ---- shared with toi2.c ------------------------------------------------------------------------------------- */

gjk_rot2 gjk_cast2_rotation(gjk_real angle, gjk_real t, gjk_rot2 r0) {
    gjk_real a = t * angle;
    if (a == 0) return r0;
    gjk_rot2 q = gjk_rot2_from_angle(a), r;
    r.c = q.c * r0.c - q.s * r0.s;
    r.s = q.s * r0.c + q.c * r0.s;
    return r;
}

void gjk_cast2_place(gjk_cast2 *c, gjk_rot2 rot_a, gjk_rot2 rot_b, gjk_vec2 offset) {
    gjk2_ctx *x = &c->ctx;
    x->b.rot.c = rot_a.c * rot_b.c + rot_a.s * rot_b.s;
    x->b.rot.s = rot_a.c * rot_b.s - rot_a.s * rot_b.c;
    x->b.pos = gjk_inv_rotate2(rot_a, offset);
    x->b.centre = gjk_add2(gjk_rotate2(x->b.rot, c->centre_b), x->b.pos);
    /* The length scale of the GJK tolerances (query2.c, setup); user shapes grow it with their answers. */
    gjk_real reach_b = gjk2_norm_inf(x->b.pos) + gjk_maxr(x->b.extent, 0);
    gjk_real size = gjk_maxr(x->radius, gjk_maxr(gjk_maxr(x->a.extent, 0), reach_b));
    x->size = x->grow ? gjk_maxr(x->size, size) : size;
}

gjk_vec2 gjk_cast2_support(gjk_cast2 *c, gjk2_body *b, gjk_vec2 d) {
    if (b->kind == GJK2_POLYGON) return b->verts[gjk2_polygon_support(b, d)];
    gjk_vec2 p = gjk2_core_support(b->shape, d);
    if (!gjk_bounded2(p)) {
        c->ctx.bad = true;
        p = gjk_v2(0, 0);
    }
    return p;
}

void gjk_cast2_finish(const gjk_cast2 *c, gjk_real t, gjk_rot2 rot_a, const gjk_cast2_contact *k,
                      gjk_cast_result2 *r) {
    gjk_vec2 mid = gjk_scale2(gjk_add2(k->pa, k->pb), GJK_R(0.5));
    gjk_vec2 qa = gjk_mad2(mid, -GJK_R(0.5) * k->core_dist + c->ra, k->n);
    gjk_vec2 qb = gjk_mad2(mid, GJK_R(0.5) * k->core_dist - c->rb, k->n);
    gjk_vec2 origin = gjk_add2(c->pa, gjk_scale2(c->va, t));
    r->normal = gjk_rotate2(rot_a, k->n); /* (unit: k->n is) */
    r->point_a = gjk_add2(origin, gjk_rotate2(rot_a, qa));
    r->point_b = gjk_add2(origin, gjk_rotate2(rot_a, qb));
    r->point = gjk_scale2(gjk_add2(r->point_a, r->point_b), GJK_R(0.5));
}

static gjk_pair2 pair_at2(const gjk_cast2 *c, gjk_real t) {
    const gjk_cast_input2 *in = c->in;
    gjk_pair2 p = in->pair;
    p.pose_a.position = gjk_add2(p.pose_a.position, gjk_scale2(in->motion_a.translation, t));
    p.pose_b.position = gjk_add2(p.pose_b.position, gjk_scale2(in->motion_b.translation, t));
    p.pose_a.rotation = gjk_cast2_rotation(in->motion_a.rotation, t, c->qa);
    p.pose_b.rotation = gjk_cast2_rotation(in->motion_b.rotation, t, c->qb);
    return p;
}

static bool answer_from_query2(const gjk_cast2 *c, gjk_real t, gjk_cast_result2 *r) {
    gjk_pair2 p = pair_at2(c, t);
    gjk_result2 q = gjk_signed_distance2(&p, NULL);
    if (q.status == GJK_INVALID_INPUT) return false;
    if (q.status != GJK_OK && r->status == GJK_OK) r->status = q.status;
    r->normal = q.normal;
    r->point_a = q.point_a;
    r->point_b = q.point_b;
    r->point = gjk_scale2(gjk_add2(q.point_a, q.point_b), GJK_R(0.5));
    return true;
}

/* ignore_separating: B's contact point moves away from A's along the normal (rotation included). */
static bool separating2(const gjk_cast2 *c, const gjk_cast_result2 *r) {
    const gjk_cast_input2 *in = c->in;
    gjk_vec2 ra = gjk_sub2(r->point, in->pair.pose_a.position), rb = gjk_sub2(r->point, in->pair.pose_b.position);
    gjk_vec2 va = gjk_mad2(in->motion_a.translation, in->motion_a.rotation, gjk_perp2(ra));
    gjk_vec2 vb = gjk_mad2(in->motion_b.translation, in->motion_b.rotation, gjk_perp2(rb));
    return gjk_dot2(gjk_sub2(vb, va), r->normal) > 0;
}

/* ---- the linear cast ---------------------------------------------------------------------------------------- */

/* Support of a core of a known kind (local frame); user shapes go through gjk2_support and its checks. Small
   polygons are scanned inline: the ray cast's successive directions turn more than a GJK distance query's, which
   is what the polygons' hill climbing from the last vertex counts on (scanning takes fewer instructions up to 8
   vertices). */
static inline gjk_vec2 body_support(gjk2_body *b, gjk_vec2 d) {
    switch (b->kind) {
    case GJK2_SEGMENT: return gjk_dot2(gjk_sub2(b->q, b->p), d) >= 0 ? b->q : b->p;
    case GJK2_BOX: return gjk_v2(d.x >= 0 ? b->p.x : -b->p.x, d.y >= 0 ? b->p.y : -b->p.y);
    case GJK2_POLYGON:
        if (b->count <= 8) {
            const gjk_vec2 *v = b->verts;
            int best = 0;
            gjk_real m = gjk_dot2(v[0], d);
            for (int i = 1; i < b->count; ++i) {
                gjk_real t = gjk_dot2(v[i], d);
                if (t > m) m = t, best = i;
            }
            return v[best];
        }
        return b->verts[gjk2_polygon_support(b, d)];
    default: return b->p; /* point */
    }
}

/* The kernel's body: the core difference D(0) = A - B at t = 0 in A's frame, as the pair of witnesses (A's point
   and B's at t = 0). */
static void cast_support2(gjk_ray_gjk2 *k, gjk_vec2 dir, gjk2_vertex *out) {
    gjk2_ctx *x = &((gjk_cast2 *)k->data)->ctx;
    if (x->grow) {
        gjk2_support(x, dir, out);
        if (x->bad) k->bad = true;
        return;
    }
    out->a = body_support(&x->a, dir);
    out->b = gjk_add2(gjk_rotate2(x->b.rot, body_support(&x->b, gjk_inv_rotate2(x->b.rot, gjk_neg2(dir)))), x->b.pos);
}

/* The contact where the ray arrived (see cast3.c's cast_contact3): the simplex's witnesses, B's moved by lambda d. */
static void cast_contact2(const gjk_ray_gjk2 *k, gjk_real scale, gjk_cast2_contact *c) {
    gjk_simplex2_witness(&k->s, &c->pa, &c->pb);
    c->pb = gjk_mad2(c->pb, k->lambda, k->u);
    gjk_real vl = gjk_len2(k->v);
    bool plane = gjk_len_sq2(k->n) > 0 && !(vl > GJK_SQRT(GJK_REAL_EPSILON) * scale);
    c->n = gjk_normalize2(plane ? k->n : k->v);
    if (!(gjk_len_sq2(c->n) > 0)) c->n = gjk_normalize2(k->u);
    if (!(gjk_len_sq2(c->n) > 0)) c->n = gjk_v2(1, 0);
    c->core_dist = plane ? gjk_maxr(gjk_dot2(k->v, c->n), 0) : vl;
}

/* The GJK ray cast (ray_gjk2.c) of the origin along B's motion relative to A against D(0) swept by R, with the
   cast's own tolerances (see cast3.c's linear). */
static void linear2(gjk_cast2 *c, gjk_cast_result2 *r) {
    gjk_ray_gjk2 k;
    gjk_cast2_place(c, c->qa, c->qb, c->p0);
    bool flat = c->ctx.a.kind != GJK2_USER && c->ctx.b.kind != GJK2_USER;
    k.support = cast_support2;
    k.data = c;
    k.o = gjk_v2(0, 0);
    k.u = gjk_inv_rotate2(c->qa, gjk_sub2(c->vb, c->va));
    k.smax = 1;
    k.R = c->ra + c->rb + c->target;
    k.touch = 0;
    k.noise = c->floor / 8;
    k.tol = flat ? k.noise : c->tol;
    k.gap_rel = flat ? 0 : GJK_TOL_REL;
    k.size = c->scale;
    k.max_iterations = GJK_CAST2_MAX_RAY_ITERATIONS;
    k.refine = false;
    /* The first direction: from A's centre towards B's, the origin minus a point of D(0). */
    gjk_ray_outcome e = gjk_ray_gjk2_run(&k, gjk_sub2(c->ctx.b.centre, c->ctx.a.centre));
    r->iterations = k.iterations;
    if (c->ctx.bad) return;
    if (e == GJK_RAY_MISS) {
        r->state = GJK_CAST_SEPARATED;
        r->t = 1;
        return;
    }
    if (e == GJK_RAY_INSIDE && !k.capped) {
        r->state = GJK_CAST_OVERLAPPED;
        return;
    }
    r->state = k.capped ? GJK_CAST_FAILED : GJK_CAST_HIT;
    if (k.capped) r->status = GJK_MAX_ITERATIONS;
    r->t = k.lambda;
    gjk_cast2_contact ct;
    cast_contact2(&k, c->scale, &ct);
    gjk_cast2_finish(c, k.lambda, c->qa, &ct, r);
}

/* ---- two polygons: the ray against their difference -------------------------------------------------------- */

/* Most vertices of the difference polygon the closed form builds: its cost grows with na + nb, the GJK ray cast's
   (hill climbing) hardly, and they break even at about 30 vertices (instruction counts, bench/count_ray2.c). */
#define CAST2_MAX_DIFF 24

/* A sharp convex polygon's ring: a polygon with its edge normals (a convex counter-clockwise ring) or a box, in
   its own frame (*v, *n point at its arrays or at `v` and `n`, filled) or, with `place`, moved into A's frame (in `v`
   and `n`); false for anything else. */
static bool cast2_ring(const gjk2_body *b, bool place, gjk_vec2 *v, gjk_vec2 *n, const gjk_vec2 **rv,
                       const gjk_vec2 **rn, int *count) {
    static const gjk_vec2 box_normals[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    const gjk_vec2 *sv = v, *sn = box_normals;
    int k = 4;
    if (b->kind == GJK2_BOX) {
        const gjk_vec2 h = b->p;
        v[0] = gjk_v2(-h.x, -h.y);
        v[1] = gjk_v2(h.x, -h.y);
        v[2] = h;
        v[3] = gjk_v2(-h.x, h.y);
    } else if (b->kind == GJK2_POLYGON && b->normals) {
        sv = b->verts;
        sn = b->normals;
        k = b->count;
    } else {
        return false;
    }
    *count = k;
    if (!place) {
        *rv = sv;
        *rn = sn;
        return true;
    }
    for (int i = 0; i < k; ++i) {
        gjk_vec2 p = sv[i], q = sn[i];
        v[i] = gjk_add2(gjk_rotate2(b->rot, p), b->pos);
        n[i] = gjk_rotate2(b->rot, q);
    }
    *rv = v;
    *rn = n;
    return true;
}

/* The lowest vertex of a ring (then the leftmost; with sign -1 the highest, then the rightmost, which is -B's
   lowest): where its edges' directions start at angle 0 or more, so that two rings merge by angle. */
static int cast2_lowest(const gjk_vec2 *v, int n, gjk_real sign) {
    int best = 0;
    gjk_real by = sign * v[0].y, bx = sign * v[0].x;
    for (int i = 1; i < n; ++i) {
        gjk_real y = sign * v[i].y, x = sign * v[i].x;
        if (y < by || (y == by && x < bx)) best = i, by = y, bx = x;
    }
    return best;
}

/* The edge of the difference A - B from vertex av[i] - bv[j]: A's edge i (B's vertex j standing: step 1), -B's
   edge from -bv[j] (A's vertex i standing: step 2), or both at once when they are parallel (step 3). */
typedef struct cast2_diff_edge {
    gjk_vec2 v, n; /* start vertex and outward unit normal */
    int i, j, step;
} cast2_diff_edge;

static void cast2_edge(cast2_diff_edge *e, gjk_vec2 a, gjk_vec2 b, gjk_vec2 n, int i, int j, int step) {
    e->v = gjk_sub2(a, b);
    e->n = n;
    e->i = i;
    e->j = j;
    e->step = step;
}

/* The difference polygon A - B of two convex rings (counter-clockwise, A's frame), built by merging their edges by
   angle (Minkowski sums of convex polygons: de Berg, van Kreveld, Overmars, Schwarzkopf, "Computational Geometry",
   2nd ed., 2000, 13.3): -B is B turned half a turn, the same ring with its vertices and normals negated. Both walks
   start at their lowest vertices, so the pending edges of both lie within half a turn of the last one taken and the
   cross product of their normals orders them; parallel edges are taken together. Rounding can only swap two edges
   within rounding of parallel, which moves the polygon by rounding. Returns the number of edges. */
static int cast2_difference(const gjk_vec2 *av, const gjk_vec2 *an, int na, const gjk_vec2 *bv, const gjk_vec2 *bn,
                            int nb, cast2_diff_edge *out) {
    int i = cast2_lowest(av, na, 1), j = cast2_lowest(bv, nb, -1), ta = na, tb = nb, m = 0;
    while (ta > 0 && tb > 0) {
        /* A's edge i first when -B's edge j turns counter-clockwise from it: cross(an, -bn) >= 0. */
        gjk_real cr = gjk_cross2(bn[j], an[i]);
        int step = cr < 0 ? 2 : (cr > 0 ? 1 : 3);
        cast2_edge(&out[m++], av[i], bv[j], step & 1 ? an[i] : gjk_neg2(bn[j]), i, j, step);
        if (step & 1) i = i + 1 == na ? 0 : i + 1, --ta;
        if (step & 2) j = j + 1 == nb ? 0 : j + 1, --tb;
    }
    for (; ta > 0; --ta, i = i + 1 == na ? 0 : i + 1) cast2_edge(&out[m++], av[i], bv[j], an[i], i, j, 1);
    for (; tb > 0; --tb, j = j + 1 == nb ? 0 : j + 1) cast2_edge(&out[m++], av[i], bv[j], gjk_neg2(bn[j]), i, j, 2);
    return m;
}

/* The pair of points behind the point at fraction s along an edge of the difference: A's and B's (at t = 0), each
   on its edge when the edge steps along it, else its standing vertex. */
static void cast2_witness(const cast2_diff_edge *h, gjk_real s, const gjk_vec2 *av, int na, const gjk_vec2 *bv,
                          int nb, gjk_cast2_contact *ct) {
    int i1 = h->i + 1 == na ? 0 : h->i + 1, j1 = h->j + 1 == nb ? 0 : h->j + 1;
    ct->pa = h->step & 1 ? gjk_mad2(av[h->i], s, gjk_sub2(av[i1], av[h->i])) : av[h->i];
    ct->pb = h->step & 2 ? gjk_mad2(bv[h->j], s, gjk_sub2(bv[j1], bv[h->j])) : bv[h->j];
}

/* The closest point of the difference polygon to p outside it: the nearest point on the edges p lies beyond, as the
   edge and the fraction s along it. False when p is on no edge's outer side (inside to rounding). */
static bool cast2_closest(const cast2_diff_edge *e, int m, gjk_vec2 p, int *edge, gjk_real *frac, gjk_real *dist_sq) {
    gjk_real best = GJK_REAL_MAX;
    int found = -1;
    for (int k = 0; k < m; ++k) {
        gjk_vec2 w = gjk_sub2(p, e[k].v);
        if (!(gjk_dot2(e[k].n, w) > 0)) continue;
        gjk_vec2 d = gjk_sub2(e[k + 1 == m ? 0 : k + 1].v, e[k].v);
        gjk_real dd = gjk_len_sq2(d), s = gjk_dot2(w, d);
        s = s <= 0 || !(dd > 0) ? 0 : (s >= dd ? 1 : s / dd);
        gjk_real q = gjk_len_sq2(gjk_mad2(w, -s, d));
        if (q < best) best = q, found = k, *frac = s;
    }
    *edge = found;
    *dist_sq = best;
    return found >= 0 && best > 0;
}

/* The linear cast of two sharp polygons (boxes, or polygons with their edge normals) with no target distance, in
   closed form: the origin's ray along B's relative motion against the difference A - B at t = 0, clipped as the ray
   casts clip polygons (gjk_ray_clip, Cyrus-Beck), with the GJK path's touching band (flat pairs: floor / 8). The
   entering edge gives t, the normal and the contact: B's vertex on A's edge, or A's vertex on B's edge. A miss
   answers the distance at t = 1 from the same polygon (the nearest point of the difference to the ray's end, and
   the pair of features it lies on) instead of a signed-distance query. False, with *r untouched, when it does not
   apply or the origin is outside within the band (where GJK measures the Euclidean distance). *filled: the normal
   and points are set (HIT, SEPARATED); OVERLAPPED leaves them to the query at t = 0 as the GJK path does. */
static bool cast2_polygons(gjk_cast2 *c, gjk_cast_result2 *r, bool *filled) {
    gjk2_ctx *x = &c->ctx;
    if (x->radius != 0 || c->target != 0 || x->grow) return false;
    const int na = x->a.kind == GJK2_BOX ? 4 : x->a.count, nb = x->b.kind == GJK2_BOX ? 4 : x->b.count;
    if (na + nb > CAST2_MAX_DIFF) return false;
    gjk_vec2 abox[4], bspace[2][CAST2_MAX_DIFF];
    const gjk_vec2 *av, *an, *bv, *bn;
    cast2_diff_edge e[CAST2_MAX_DIFF];
    int ca, cb;
    if (!cast2_ring(&x->a, false, abox, NULL, &av, &an, &ca)) return false;
    gjk_cast2_place(c, c->qa, c->qb, c->p0);
    if (!cast2_ring(&x->b, true, bspace[0], bspace[1], &bv, &bn, &cb)) return false;
    const int m = cast2_difference(av, an, ca, bv, bn, cb, e);
    const gjk_vec2 u = gjk_inv_rotate2(c->qa, gjk_sub2(c->vb, c->va));
    const gjk_real band = c->floor / 8;
    gjk_ray_clip clip = gjk_ray_clip_start(1);
    for (int k = 0; k < m; ++k)
        if (gjk_ray_clip_plane(&clip, -gjk_dot2(e[k].n, e[k].v), gjk_dot2(e[k].n, u), k, band)) break;
    gjk_real t = 0;
    int hit = 0;
    gjk_cast2_contact ct;
    switch (gjk_ray_clip_end(&clip, band, &t, &hit)) {
    case GJK_RAY_UNDECIDED: return false;
    case GJK_RAY_INSIDE: r->state = GJK_CAST_OVERLAPPED; return true;
    case GJK_RAY_HIT: {
        /* Parallel edges of A and B rounded into two collinear edges of the difference give the clip two planes
           that are one: the hit is on the edge whose segment holds the point x = t u (beyond an end of a plane's
           edge but on the boundary, it is on the neighbour along the same line). */
        const gjk_vec2 hx = gjk_scale2(u, t);
        gjk_real frac = 0;
        for (int step = 0, dir = 0; step < m; ++step) {
            const cast2_diff_edge *g = &e[hit];
            gjk_vec2 d = gjk_sub2(e[hit + 1 == m ? 0 : hit + 1].v, g->v);
            gjk_real along = gjk_dot2(gjk_sub2(hx, g->v), d), dd = gjk_len_sq2(d);
            int go = along < 0 ? -1 : (along > dd ? 1 : 0);
            frac = go < 0 || !(dd > 0) ? 0 : (go > 0 ? 1 : along / dd);
            if (go == 0 || go == -dir) break; /* (turning back: x is at the vertex between them, to rounding) */
            dir = go;
            hit = go < 0 ? (hit == 0 ? m - 1 : hit - 1) : (hit + 1 == m ? 0 : hit + 1);
        }
        const cast2_diff_edge *h = &e[hit];
        /* The contact at t: where x is along the edge, on A's edge and on B's (a standing vertex exactly). */
        cast2_witness(h, frac, av, ca, bv, cb, &ct);
        ct.pb = gjk_mad2(ct.pb, t, u);
        ct.n = h->n;
        ct.core_dist = 0;
        r->state = GJK_CAST_HIT;
        r->t = t;
        gjk_cast2_finish(c, t, c->qa, &ct, r);
        *filled = true;
        return true;
    }
    default: break;
    }
    /* Separated over the step: the distance at t = 1 is that of u from the difference polygon. */
    int k;
    gjk_real s = 0, dd = 0;
    r->state = GJK_CAST_SEPARATED;
    r->t = 1;
    if (!cast2_closest(e, m, u, &k, &s, &dd)) return true; /* (on the polygon to rounding: the query answers) */
    const cast2_diff_edge *h = &e[k];
    cast2_witness(h, s, av, ca, bv, cb, &ct);
    ct.pb = gjk_add2(ct.pb, u);
    ct.core_dist = GJK_SQRT(dd);
    ct.n = gjk_normalize2(gjk_sub2(ct.pb, ct.pa));
    gjk_cast2_finish(c, 1, c->qa, &ct, r);
    *filled = true;
    return true;
}

/* ---- entry -------------------------------------------------------------------------------------------------- */

static gjk_cast_result2 invalid2(void) {
    gjk_cast_result2 r;
    memset(&r, 0, sizeof r);
    r.status = GJK_INVALID_INPUT;
    return r;
}

gjk_cast_result2 gjk_shape_cast2(const gjk_cast_input2 *input) {
    gjk_cast2 c;
    gjk_cast_result2 r;
    if (gjk_rescale2_cast(input, &r)) return r; /* (outside the comfortable scale range: rescale.h) */
    memset(&r, 0, sizeof r);
    r.status = GJK_OK;
    if (!cast_setup2(input, &c)) return invalid2();
    bool rotating = c.wa != 0 || c.wb != 0, filled = false;
    if (rotating) {
        c.reach_a = core_reach2(input->pair.a);
        c.reach_b = core_reach2(input->pair.b);
        gjk_cast2_rotating(&c, &r);
    } else if (!cast2_polygons(&c, &r, &filled)) {
        linear2(&c, &r);
    }
    if (c.ctx.bad) return invalid2();
    bool ok = true;
    if (r.state == GJK_CAST_OVERLAPPED) {
        r.t = 0;
        ok = answer_from_query2(&c, 0, &r);
        r.hit = !(input->ignore_separating && separating2(&c, &r));
    } else if (r.state == GJK_CAST_SEPARATED && !rotating && !filled) {
        ok = answer_from_query2(&c, 1, &r);
    } else {
        r.hit = r.state == GJK_CAST_HIT;
    }
    if (!ok) return invalid2();
    gjk_real sum = r.t + r.normal.x + r.normal.y + r.point_a.x + r.point_a.y + r.point_b.x + r.point_b.y +
                   r.point.x + r.point.y;
    if (!gjk_finite(sum)) {
        int it = r.iterations;
        gjk_cast_state st = r.state;
        memset(&r, 0, sizeof r);
        r.status = GJK_DEGENERATE;
        r.state = st == GJK_CAST_SEPARATED ? st : GJK_CAST_FAILED;
        r.iterations = it;
    }
    return r;
}
