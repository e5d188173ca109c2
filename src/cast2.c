// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shape casts in 2D (gjk/cast.h): input checks, frames and tolerances, the linear cast, and the results. The mirror
   of cast3.c and ray_gjk3.c, whose comments explain the method: a GJK ray cast of the origin along B's motion relative to A
   against the core difference D(0) swept by R = rA + rB + target (van den Bergen, "Ray casting against general
   convex objects with application to continuous collision detection", 2004), each support plane
   advancing lambda to where it meets the ray, so that lambda never passes the contact. As there, the simplex is
   kept when lambda advances (Box2D's b2ShapeCast restarts it) and then searched whole, and polytope pairs stop only
   at rounding: the last plane is the edge the ray enters, and t is exact.

   The simplex solver is this file's own (gjk2.c keeps its points in the query frame at one pose, while here they
   move with lambda): closest points of a segment from the signed lengths of its two parts, of a triangle from the
   signed areas of its three sub-triangles (the signed-volume method of Montanari, Petrinic, Barbieri, ACM TOG 36(1),
   2017, in the plane). */
#include <string.h>

#include "cast2.h"

#if GJK_USE_FLOAT
#define CAST_TOL_DEFAULT GJK_R(1e-5)
#else
#define CAST_TOL_DEFAULT GJK_R(1e-9)
#endif

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
    c->tol = in->tolerance > 0 ? in->tolerance : CAST_TOL_DEFAULT * size;
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

typedef enum ray_end2 { RAY2_CONTACT, RAY2_MISS, RAY2_CAP } ray_end2;

/* A point of D(lambda): w = a - (b0 + lambda d), with A's witness a and B's b0 at lambda = 0 (A's frame). */
typedef struct ray_vertex {
    gjk_vec2 w, a, b0;
} ray_vertex;

typedef struct ray2 {
    gjk_cast2 *c;
    gjk_vec2 d; /* B's motion relative to A, A's frame */
    ray_vertex p[3];
    gjk_real lam[3]; /* barycentric coordinates of v */
    int count;
    gjk_real lambda;
    gjk_vec2 v, n; /* closest point of the simplex; normal of the last advancing plane (zero before) */
    int iterations;
} ray2;

/* The closest point of a sub-simplex: kept vertices, their coordinates, the point. */
typedef struct sub2 {
    int count, idx[3];
    gjk_real lam[3];
    gjk_vec2 v;
    gjk_real dist2;
} sub2;

static void sub_point(const ray_vertex *p, int i, sub2 *o) {
    o->count = 1;
    o->idx[0] = i;
    o->lam[0] = 1;
    o->v = p[i].w;
    o->dist2 = gjk_len_sq2(o->v);
}

/* Segment p[i] p[j]: the signs of the two parts' lengths decide; inside, v is the foot of the origin on the line,
   computed along the segment's normal (its direction stays accurate when v is tiny next to the segment). */
static void sub_segment(const ray_vertex *p, int i, int j, sub2 *o) {
    gjk_vec2 a = p[i].w, b = p[j].w, e = gjk_sub2(b, a);
    gjk_real lj = -gjk_dot2(a, e), li = gjk_dot2(b, e);
    if (!(lj > 0) || !(li > 0)) {
        sub_point(p, lj > 0 ? j : i, o);
        return;
    }
    gjk_real s = li + lj;
    o->count = 2;
    o->idx[0] = i;
    o->idx[1] = j;
    o->lam[0] = li / s;
    o->lam[1] = lj / s;
    o->v = gjk_scale2(gjk_perp2(e), gjk_cross2(e, a) / gjk_len_sq2(e));
    o->dist2 = gjk_len_sq2(o->v);
}

/* Closest point of the first n simplex points to the origin, every sub-simplex that can hold it examined. */
static void cast_closest2(const ray_vertex *p, int n, sub2 *o) {
    if (n < 3) {
        if (n == 1) sub_point(p, 0, o);
        else sub_segment(p, 0, 1, o);
        return;
    }
    gjk_real c[3] = {gjk_cross2(p[1].w, p[2].w), gjk_cross2(p[2].w, p[0].w), gjk_cross2(p[0].w, p[1].w)};
    gjk_real area = c[0] + c[1] + c[2];
    gjk_real e = gjk_maxr(gjk_len_sq2(gjk_sub2(p[1].w, p[0].w)), gjk_len_sq2(gjk_sub2(p[2].w, p[0].w)));
    bool flat = !(GJK_ABS(area) > GJK_R(64.0) * GJK_REAL_EPSILON * e);
    if (!flat && (area > 0 ? c[0] > 0 && c[1] > 0 && c[2] > 0 : c[0] < 0 && c[1] < 0 && c[2] < 0)) {
        o->count = 3;
        for (int i = 0; i < 3; ++i) o->idx[i] = i, o->lam[i] = c[i] / area;
        o->v = gjk_v2(0, 0);
        o->dist2 = 0;
        return;
    }
    /* Outside: the closest point is on an edge whose opposite sub-area disagrees with the whole (the origin is
       beyond that edge); a flat triangle tries all three. */
    o->dist2 = GJK_REAL_MAX;
    o->count = 0;
    for (int i = 0; i < 3; ++i) {
        if (!flat && (area > 0 ? c[i] > 0 : c[i] < 0)) continue;
        sub2 s;
        sub_segment(p, i == 0 ? 1 : 0, i == 2 ? 1 : 2, &s); /* (in increasing order, as commit needs) */
        if (s.dist2 < o->dist2) *o = s;
    }
    if (o->count == 0) sub_point(p, 0, o); /* (NaN only) */
}

static void commit(ray2 *q, const sub2 *s) {
    /* The kept vertices move to the front; idx is increasing, so moving them in order overwrites nothing needed. */
    for (int i = 0; i < s->count; ++i) {
        if (s->idx[i] != i) q->p[i] = q->p[s->idx[i]];
        q->lam[i] = s->lam[i];
    }
    q->count = s->count;
    q->v = s->v;
}

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

static inline void cast_support2(ray2 *q, gjk_vec2 dir, ray_vertex *out) {
    gjk2_ctx *x = &q->c->ctx;
    gjk_vec2 a, b;
    if (x->grow) {
        gjk2_vertex s;
        gjk2_support(x, dir, &s);
        a = s.a;
        b = s.b;
    } else {
        a = body_support(&x->a, dir);
        b = gjk_add2(gjk_rotate2(x->b.rot, body_support(&x->b, gjk_inv_rotate2(x->b.rot, gjk_neg2(dir)))), x->b.pos);
    }
    out->a = a;
    out->b0 = b;
    out->w = gjk_sub2(a, gjk_mad2(b, q->lambda, q->d));
}

static ray_end2 ray_cast2(ray2 *q, gjk_real R, gjk_real tol, gjk_real noise, gjk_vec2 dir) {
    cast_support2(q, dir, &q->p[0]);
    q->lam[0] = 1;
    q->count = 1;
    q->v = q->p[0].w;
    q->n = gjk_v2(0, 0);
    bool moved = false;
    const gjk_real reach2 = (R + tol) * (R + tol);
    for (;;) {
        gjk_real vv = gjk_len_sq2(q->v);
        if (q->count == 3 || vv <= reach2) return RAY2_CONTACT;
        if (q->iterations >= GJK_CAST2_MAX_RAY_ITERATIONS) return RAY2_CAP;
        ++q->iterations;
        ray_vertex *nw = &q->p[q->count];
        cast_support2(q, gjk_neg2(q->v), nw);
        if (q->c->ctx.bad) return RAY2_MISS;
        gjk_real vlen = GJK_SQRT(vv), vw = gjk_dot2(q->v, nw->w);
        bool advanced = false;
        /* (A plane whose gap is within the rounding of w separates nothing for sure: no advance on it.) */
        if (vw - R * vlen > noise * vlen) {
            gjk_real vd = gjk_dot2(q->v, q->d);
            if (!(vd > 0)) return RAY2_MISS;
            gjk_real next = q->lambda + (vw - R * vlen) / vd;
            if (!(next <= 1)) return RAY2_MISS;
            if (next > q->lambda) {
                q->n = gjk_scale2(q->v, -GJK_R(1.0) / vlen);
                q->lambda = next;
                for (int i = 0; i <= q->count; ++i) q->p[i].w = gjk_sub2(q->p[i].a, gjk_mad2(q->p[i].b0, next, q->d));
                moved = advanced = true;
            }
        }
        int n = q->count;
        bool repeated = false;
        for (int i = 0; i < n; ++i) repeated = repeated || (q->p[i].w.x == nw->w.x && q->p[i].w.y == nw->w.y);
        if (!repeated) ++n;
        else if (!advanced) return RAY2_CONTACT; /* GJK converged at this lambda (see ray_gjk3.c) */
        sub2 s;
        cast_closest2(q->p, n, &s);
        if (!moved && !(s.dist2 < vv)) return RAY2_CONTACT;
        moved = false;
        commit(q, &s);
    }
}

static void ray_contact2(const ray2 *q, gjk_real scale, gjk_cast2_contact *k) {
    gjk_vec2 pa = gjk_v2(0, 0), pb = gjk_v2(0, 0);
    for (int i = 0; i < q->count; ++i) {
        pa = gjk_mad2(pa, q->lam[i], q->p[i].a);
        pb = gjk_mad2(pb, q->lam[i], gjk_mad2(q->p[i].b0, q->lambda, q->d));
    }
    k->pa = pa;
    k->pb = pb;
    gjk_real vl = gjk_len2(q->v);
    bool plane = gjk_len_sq2(q->n) > 0 && !(vl > GJK_SQRT(GJK_REAL_EPSILON) * scale);
    k->n = plane ? q->n : gjk_normalize2(gjk_neg2(q->v));
    if (!(gjk_len_sq2(k->n) > 0)) k->n = gjk_normalize2(q->d);
    if (!(gjk_len_sq2(k->n) > 0)) k->n = gjk_v2(1, 0);
    k->core_dist = plane ? gjk_maxr(-gjk_dot2(q->v, k->n), 0) : vl;
}

static void linear2(gjk_cast2 *c, gjk_cast_result2 *r) {
    ray2 q;
    q.c = c;
    gjk_cast2_place(c, c->qa, c->qb, c->p0);
    q.d = gjk_inv_rotate2(c->qa, gjk_sub2(c->vb, c->va));
    q.lambda = 0;
    q.iterations = 0;
    gjk_vec2 hint = gjk_sub2(c->ctx.b.centre, c->ctx.a.centre);
    if (!(gjk_len_sq2(hint) > 0)) hint = gjk_v2(1, 0);
    bool flat = c->ctx.a.kind != GJK2_USER && c->ctx.b.kind != GJK2_USER;
    ray_end2 e = ray_cast2(&q, c->ra + c->rb + c->target, flat ? c->floor / 8 : c->tol, c->floor / 8, hint);
    r->iterations = q.iterations;
    if (c->ctx.bad) return;
    if (e == RAY2_MISS) {
        r->state = GJK_CAST_SEPARATED;
        r->t = 1;
        return;
    }
    if (e == RAY2_CONTACT && q.lambda == 0) {
        r->state = GJK_CAST_OVERLAPPED;
        return;
    }
    r->state = e == RAY2_CAP ? GJK_CAST_FAILED : GJK_CAST_HIT;
    if (e == RAY2_CAP) r->status = GJK_MAX_ITERATIONS;
    r->t = q.lambda;
    gjk_cast2_contact k;
    ray_contact2(&q, c->scale, &k);
    gjk_cast2_finish(c, q.lambda, c->qa, &k, r);
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
    memset(&r, 0, sizeof r);
    r.status = GJK_OK;
    if (!cast_setup2(input, &c)) return invalid2();
    bool rotating = c.wa != 0 || c.wb != 0;
    if (rotating) {
        c.reach_a = core_reach2(input->pair.a);
        c.reach_b = core_reach2(input->pair.b);
        gjk_cast2_rotating(&c, &r);
    }
    else linear2(&c, &r);
    if (c.ctx.bad) return invalid2();
    bool ok = true;
    if (r.state == GJK_CAST_OVERLAPPED) {
        r.t = 0;
        ok = answer_from_query2(&c, 0, &r);
        r.hit = !(input->ignore_separating && separating2(&c, &r));
    } else if (r.state == GJK_CAST_SEPARATED && !rotating) {
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
