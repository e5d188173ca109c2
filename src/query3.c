// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The public 3D queries: validate, move B into A's frame, run GJK on the cores, EPA only when the cores overlap,
   add the radii, and move the answer back to the world frame.

   Margins and radii (docs/numerics.md, "Rounded shapes"): a rounded shape is its core swept by a ball, so the
   difference D of two rounded shapes is the core difference swept by a ball of radius R = rA + rB. Hence, exactly:
   - cores apart by d > R: the shapes are apart by d - R along the same normal;
   - cores apart by 0 < d <= R: the shapes overlap by R - d along the same normal (no EPA needed);
   - cores overlapping by depth p: the shapes overlap by p + R along the core normal (EPA on the cores only).
   The middle case is the one to get right: EPA on cores that do not overlap has no depth to find, and handing it
   such a pair (or reading the core gap as a depth) answers barely touching rounded shapes with depths of the
   order of their size. */
#include <string.h>

#include "rescale.h"
#include "special3.h"

typedef struct prepared3 {
    gjk_minkowski3 m;
    gjk_mat33 rot_a;  /* A's local frame to world */
    gjk_vec3 pos_a;   /* A's origin in world */
    gjk_real ra, rb;  /* radii around the cores */
    gjk_vec3 dir;     /* first search direction (A's frame) */
    gjk_vec3 hint;    /* from A's centre towards B's centre (A's frame) */
    gjk_simplex3 warm; /* the cache's simplex at the current poses (count 0: none) */
    gjk_shape3 user[2];  /* user shapes A and B: copies whose callback is the guard below (gjk_user3_guard) */
    gjk_user_guard3 guard[2];
    gjk_recorder3 rec;   /* gjk_query3_debug only (m.rec points here) */
    bool closed_forms;   /* try the closed forms first (all but debug queries that skip them) */
    const gjk_limits *lim; /* the caller's stopping rules */
} prepared3;

/* `bad` is set when a user callback answers a non-finite or unbounded point during the query; `dbg` (gjk/debug.h)
   is the debug query's record, NULL for the plain queries. */
static gjk_status prepare(const gjk_pair3 *pair, const gjk_limits *lim, prepared3 *p, bool *bad, gjk_debug3 *dbg) {
    p->lim = lim;
    if (!pair || gjk_shape3_validate(pair->a) != GJK_OK || gjk_shape3_validate(pair->b) != GJK_OK)
        return GJK_INVALID_INPUT;
    if (!gjk_quat_usable(pair->pose_a.rotation) || !gjk_quat_usable(pair->pose_b.rotation)) return GJK_INVALID_INPUT;
    if (!gjk_bounded3(pair->pose_a.position) || !gjk_bounded3(pair->pose_b.position)) return GJK_INVALID_INPUT;
    p->m.a = gjk_user3_guard(pair->a, &p->user[0], &p->guard[0], bad);
    p->m.b = gjk_user3_guard(pair->b, &p->user[1], &p->guard[1], bad);
    gjk_vec3 ab = gjk_sub3(pair->pose_b.position, pair->pose_a.position);
    static const gjk_mat33 identity = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    /* A point core (sphere, point) looks the same in every orientation: its frame may as well have the world's
       axes, which saves a rotation (sphere pairs are the cheapest queries, so this shows). Likewise B's frame may
       turn with A's when B's core is a point. */
    if (gjk_core3_is_origin(pair->a)) {
        p->rot_a = identity;
        p->m.rot = gjk_core3_is_origin(pair->b) ? identity : gjk_mat33_from_any_quat(pair->pose_b.rotation);
        p->m.pos = ab;
    } else {
        p->rot_a = gjk_mat33_from_any_quat(pair->pose_a.rotation);
        /* B to A: conj(qa) qb, whose length |qa| |qb| the conversion divides out. */
        p->m.rot = gjk_core3_is_origin(pair->b) ? identity
                                       : gjk_mat33_from_any_quat(gjk_quat_mul(gjk_quat_conj(pair->pose_a.rotation),
                                                                               pair->pose_b.rotation));
        p->m.pos = gjk_mat33_tmul(p->rot_a, ab);
    }
    p->pos_a = pair->pose_a.position;
    p->ra = gjk_core3_radius(pair->a);
    p->rb = gjk_core3_radius(pair->b);
    p->m.rec = NULL;
    p->closed_forms = true;
    if (dbg) {
        p->rec.out = dbg;
        p->rec.rot = p->rot_a;
        p->rec.pos = p->pos_a;
        p->m.rec = &p->rec;
        p->closed_forms = !dbg->skip_closed_forms;
        dbg->radius_a = p->ra;
        dbg->radius_b = p->rb;
    }
    return GJK_OK;
}

/* Two cylinders (or a capsule and a cylinder): GJK starts from the closest points of their facing features when
   they are certified at once (cylinder3.c), even over a cached simplex: from the cache GJK converges linearly on
   the curved sides (7.8 iterations on the bench's moving pairs against 2.9 from the certified start). */
static void cylinder_start(prepared3 *p) {
    gjk_simplex3 start;
    if (gjk_cylinder3_start(&p->m, &start)) p->warm = start;
}

/* What GJK needs beyond prepare(): the first search direction and, with `simplex`, the warm-start simplex (skipped
   when a closed form answers). */
static void prepare_search(const gjk_pair3 *pair, const gjk_cache3 *cache, prepared3 *p, bool simplex) {
    gjk_vec3 ca = gjk_core3_center(p->m.a);
    gjk_vec3 cb = gjk_add3(gjk_mat33_mul(p->m.rot, gjk_core3_center(p->m.b)), p->m.pos);
    p->hint = gjk_sub3(cb, ca);
    p->dir = gjk_neg3(p->hint); /* v starts near cA - cB, a point of D */
    p->warm.count = 0;
    if (cache && cache->a == pair->a && cache->b == pair->b) {
        if (gjk_finite3(cache->axis) && gjk_len_sq3(cache->axis) > 0) p->dir = cache->axis;
        /* The cached points are points of the two cores in their own frames: at the new poses they are still
           points of D, hence a valid simplex to start from. */
        int n = simplex && cache->count >= 0 && cache->count <= 4 ? cache->count : 0;
        for (int i = 0; i < n; ++i) {
            gjk_vertex3 *v = &p->warm.v[i];
            v->a = cache->point_a[i];
            v->bl = cache->point_b[i];
            v->w = gjk_sub3(v->a, gjk_minkowski3_b_to_a(&p->m, v->bl));
            if (!gjk_finite3(v->w)) n = 0;
        }
        p->warm.count = n;
    }
}

static gjk_result3 invalid3(void) {
    gjk_result3 r;
    memset(&r, 0, sizeof r);
    r.status = GJK_INVALID_INPUT;
    return r;
}

/* The certified interval of the signed distance from bounds of the signed core distance (GJK_REAL_MAX in magnitude:
   unbounded on that side). The allowance covers the rounding of the supports, of B's move into A's frame and of
   the bounds themselves, a few eps of the coordinates each (32 eps, as the touching band). */
static void set_bounds(const prepared3 *p, gjk_result3 *r, gjk_real lo, gjk_real hi, gjk_real scale) {
    /* The coordinates also include B's support points in B's own frame and B's offset, whose sum rounds by eps of
       their size even where the result is small (a unit box 1.2 from an ellipsoid 5e4 across, in float): twice
       the offset bounds them beyond the points met. */
    gjk_real off = GJK_ABS(p->m.pos.x) + GJK_ABS(p->m.pos.y) + GJK_ABS(p->m.pos.z);
    gjk_real R = p->ra + p->rb, pad = GJK_TOL_TOUCH * (scale + R + 2 * off);
    r->lower = lo > -GJK_REAL_MAX ? lo - R - pad : -GJK_REAL_MAX;
    r->upper = hi < GJK_REAL_MAX ? hi - R + pad : GJK_REAL_MAX;
}


static gjk_vec3 to_world(const prepared3 *p, gjk_vec3 local) {
    return gjk_add3(gjk_mat33_mul(p->rot_a, local), p->pos_a);
}

/* Fill distance, normal and points from core witnesses pa, pb (A's frame), the core normal n (A to B) and the
   signed core distance. */
static void finish(const prepared3 *p, gjk_result3 *r, gjk_vec3 pa, gjk_vec3 pb, gjk_vec3 n, gjk_real core_dist,
                   gjk_real scale) {
    gjk_real d = core_dist - (p->ra + p->rb);
    if (d == 0) d = 0; /* no negative zero in the output */
    r->distance = d;
    /* Touching within the tolerance counts as intersecting, as in gjk_intersect3 (which stops GJK there): the
       two agree, and a gap below rounding is not reported as a separation. */
    r->intersect = d <= GJK_TOL_TOUCH * scale;
    r->normal = gjk_mat33_mul(p->rot_a, n);
    /* The witnesses agree with the normal and distance up to rounding (and, for EPA on curved cores, up to the
       clamping of the origin's projection onto the final face). Rebuild them so that point_b = point_a + distance
       * normal holds to rounding, as documented: symmetrically about their midpoint, unless one core is sharp (a
       polytope or a point) and the other curved. A curved core's support point slides along its surface by the
       normal's error times its radius of curvature (a flat ellipsoid 1.6e-5 thick and 8 wide curves with a radius
       of 2e6 at its pole: a normal good to 7e-10 put its point 1.5e-3 from the pole), while a sharp core's point
       stays on its vertex, edge or face; the mismatch is then the curved witness's, and the sharp one anchors (a
       split in half moved a point shape's witness 7.4e-4 off the point). */
    gjk_vec3 ca, cb;
    bool sharp_a = gjk_core3_is_polytope(p->m.a), sharp_b = gjk_core3_is_polytope(p->m.b);
    if (sharp_b && !sharp_a) {
        cb = pb;
        ca = gjk_mad3(pb, -core_dist, n);
    } else if (sharp_a && !sharp_b) {
        ca = pa;
        cb = gjk_mad3(pa, core_dist, n);
    } else {
        gjk_vec3 mid = gjk_scale3(gjk_add3(pa, pb), GJK_R(0.5));
        ca = gjk_mad3(mid, -GJK_R(0.5) * core_dist, n);
        cb = gjk_mad3(mid, GJK_R(0.5) * core_dist, n);
    }
    r->point_a = to_world(p, gjk_mad3(ca, p->ra, n));
    r->point_b = to_world(p, gjk_mad3(cb, -p->rb, n));
}

/* finish() for an answer with its bounds of the signed core distance; the interval is widened to hold the answer
   (it still holds the true distance). */
static void finish_bounded(const prepared3 *p, gjk_result3 *r, gjk_vec3 pa, gjk_vec3 pb, gjk_vec3 n,
                           gjk_real core_dist, gjk_real scale, gjk_real lo, gjk_real hi) {
    finish(p, r, pa, pb, n, core_dist, scale);
    set_bounds(p, r, lo, hi, scale);
    r->lower = gjk_minr(r->lower, r->distance);
    r->upper = gjk_maxr(r->upper, r->distance);
}

/* Keep the search direction v and, when given, the simplex, for the next query on this pair. */
static void store_cache(gjk_cache3 *cache, const gjk_pair3 *pair, gjk_vec3 v, const gjk_simplex3 *s) {
    if (!cache) return;
    if (cache->a != pair->a || cache->b != pair->b) {
        cache->count = 0;
        cache->a = pair->a;
        cache->b = pair->b;
    }
    if (gjk_len_sq3(v) > 0) cache->axis = v;
    if (s && s->count > 0) {
        cache->count = s->count;
        for (int i = 0; i < s->count; ++i) {
            cache->point_a[i] = s->v[i].a;
            cache->point_b[i] = s->v[i].bl;
        }
    }
}

/* A separating axis (A's frame, pointing from B to A like v) with a lower bound of the core distance: a separated
   answer with no closest points. */
static void separated_by_axis(const prepared3 *p, gjk_result3 *r, gjk_vec3 axis, gjk_real lower) {
    r->intersect = false;
    r->distance = gjk_maxr(lower - (p->ra + p->rb), 0);
    r->normal = gjk_mat33_mul(p->rot_a, gjk_normalize3(gjk_neg3(axis)));
}

/* The simplex GJK ended with, for the cache (none when the boolean GJK answered: it keeps no witnesses). */
static const gjk_simplex3 *final_simplex(const gjk_gjk_result3 *g) { return g->simplex.count > 0 ? &g->simplex : NULL; }

/* A debug query's record of the algorithm that answered. */
static void note_path(const prepared3 *p, gjk_debug_path path) {
    if (p->m.rec) p->m.rec->out->path = path;
}

/* Closed forms first (special3.c: spheres, capsules, boxes): EXACT or SEPARATED answers fill r and return true. */
static bool special_answer(const gjk_pair3 *pair, gjk_cache3 *cache, const prepared3 *p, gjk_gjk_mode mode,
                           gjk_result3 *r) {
    gjk_special3_result s;
    if (!p->closed_forms) return false;
    gjk_special_kind k = gjk_special3(&p->m, p->ra + p->rb, mode, &s);
    if (k == GJK_SPECIAL_NONE || k == GJK_SPECIAL_OVERLAP) return false;
    note_path(p, GJK_PATH_CLOSED_FORM);
    r->status = GJK_OK;
    r->iterations = 0;
    if (k == GJK_SPECIAL_SEPARATED) {
        separated_by_axis(p, r, gjk_neg3(s.normal), s.core_dist);
        set_bounds(p, r, s.core_dist, GJK_REAL_MAX, s.scale);
    } else {
        finish_bounded(p, r, s.pa, s.pb, s.normal, s.core_dist, s.scale, s.core_dist, s.core_dist);
    }
    store_cache(cache, pair, gjk_neg3(s.normal), NULL);
    return true;
}

/* The signed-distance core shared by gjk_signed_distance3 and gjk_penetration3; closed_forms false skips them (for a
   pair the caller knows they leave to GJK). */
static gjk_result3 signed_query(const gjk_pair3 *pair, const gjk_limits *lim, gjk_cache3 *cache, gjk_gjk_mode mode,
                                bool *bad, gjk_debug3 *dbg, bool closed_forms) {
    prepared3 p;
    gjk_gjk_result3 g;
    gjk_result3 r = invalid3();
    if (prepare(pair, lim, &p, bad, dbg) != GJK_OK) return r;
    if (!closed_forms) p.closed_forms = false;
    if (special_answer(pair, cache, &p, mode, &r)) return r;
    prepare_search(pair, cache, &p, true);
    if (mode == GJK_MODE_DISTANCE) cylinder_start(&p);
    note_path(&p, GJK_PATH_GJK);
    gjk_gjk3(&p.m, p.dir, p.ra + p.rb, mode, &p.warm, p.lim, &g);
    r.status = g.status;
    r.iterations = g.iterations;
    if (g.separated) {
        separated_by_axis(&p, &r, g.axis, g.lower);
        set_bounds(&p, &r, g.lower_signed, g.upper, g.scale);
        store_cache(cache, pair, g.axis, final_simplex(&g));
        return r;
    }
    if (!g.overlap) {
        gjk_vec3 pa, pb;
        gjk_simplex3_witness(&g.simplex, &p.m, g.v, &pa, &pb);
        gjk_real d = gjk_len3(g.v);
        gjk_vec3 n = gjk_normal3_apart(&p.m, &g, &pa, &pb, &d);
        finish_bounded(&p, &r, pa, pb, n, d, g.scale, g.lower_signed, g.upper);
        store_cache(cache, pair, g.v, final_simplex(&g));
        return r;
    }
    note_path(&p, GJK_PATH_GJK_EPA);
    gjk_epa_result3 e = gjk_epa3(&p.m, &g, p.hint, p.lim);
    r.status = gjk_worse_status(r.status, e.status);
    r.epa_iterations = e.iterations;
    /* EPA's scale: GJK's may be tiny when its supports were all near the origin (tips touching). Bounds: any
       support value bounds the depth from above (so the signed distance from below), EPA's polytope from below, and
       GJK's point of D bounds the distance from above. */
    gjk_vec3 epa_a = e.pa, epa_b = e.pb;
    gjk_real depth = e.depth;
    gjk_vec3 en = gjk_normal3_deep(&p.m, e.normal, gjk_maxr(g.scale, e.scale), &epa_a, &epa_b, &depth);
    gjk_real hi = e.lower > -GJK_REAL_MAX ? gjk_minr(g.upper, -e.lower) : g.upper;
    finish_bounded(&p, &r, epa_a, epa_b, en, -depth, gjk_maxr(g.scale, e.scale),
                   gjk_maxr(g.lower_signed, e.upper < GJK_REAL_MAX ? -e.upper : -GJK_REAL_MAX), hi);
    store_cache(cache, pair, gjk_neg3(e.normal), final_simplex(&g));
    return r;
}

static gjk_result3 distance3_impl(const gjk_pair3 *pair, const gjk_limits *lim, gjk_cache3 *cache, bool *bad,
                                  gjk_debug3 *dbg) {
    prepared3 p;
    gjk_gjk_result3 g;
    gjk_result3 r = invalid3();
    if (prepare(pair, lim, &p, bad, dbg) != GJK_OK) return r;
    gjk_vec3 pa, pb, n;
    gjk_real d;
    gjk_special3_result s;
    /* A closed form's answer for cores apart (or touching); overlapping cores go through GJK, which finds a point
       common to both. */
    if (p.closed_forms && gjk_special3(&p.m, p.ra + p.rb, GJK_MODE_DISTANCE, &s) == GJK_SPECIAL_EXACT &&
        s.core_dist >= 0) {
        note_path(&p, GJK_PATH_CLOSED_FORM);
        r.status = GJK_OK;
        r.iterations = 0;
        pa = s.pa;
        pb = s.pb;
        n = s.normal;
        d = s.core_dist;
        finish_bounded(&p, &r, pa, pb, n, d, s.scale, d, d);
        store_cache(cache, pair, gjk_neg3(n), NULL);
    } else {
        prepare_search(pair, cache, &p, true);
        cylinder_start(&p);
        note_path(&p, GJK_PATH_GJK);
        gjk_gjk3(&p.m, p.dir, p.ra + p.rb, GJK_MODE_DISTANCE, &p.warm, p.lim, &g);
        r.status = g.status;
        r.iterations = g.iterations;
        store_cache(cache, pair, g.v, final_simplex(&g));
        gjk_simplex3_witness(&g.simplex, &p.m, g.v, &pa, &pb);
        if (g.overlap) {
            /* The cores share the point pa (= pb): it lies in both shapes. */
            r.intersect = true;
            r.distance = 0;
            r.point_a = r.point_b = to_world(&p, pa);
            set_bounds(&p, &r, g.lower_signed, g.upper, g.scale);
            return r;
        }
        d = gjk_len3(g.v);
        n = gjk_normal3_apart(&p.m, &g, &pa, &pb, &d);
        finish_bounded(&p, &r, pa, pb, n, d, g.scale, g.lower_signed, g.upper);
    }
    if (r.intersect) {
        /* Overlap within the radii (cores apart by d <= R = ra + rb): the point at d * ra / R from A's core
           towards B's is within ra of A's core and within rb of B's, so it lies in both shapes. */
        /* (Without radii the cores touch within the tolerance: take the midpoint of the gap.) */
        gjk_real R = p.ra + p.rb, t = R > 0 ? gjk_minr(d, R) * p.ra / R : GJK_R(0.5) * d;
        gjk_vec3 common = to_world(&p, gjk_mad3(pa, t, n));
        r.distance = 0;
        r.normal = gjk_v3(0, 0, 0);
        r.point_a = r.point_b = common;
    }
    return r;
}

static gjk_result3 intersect3_impl(const gjk_pair3 *pair, const gjk_limits *lim, gjk_cache3 *cache, bool *bad,
                                   gjk_debug3 *dbg) {
    prepared3 p;
    gjk_gjk_result3 g;
    gjk_result3 r = invalid3();
    if (prepare(pair, lim, &p, bad, dbg) != GJK_OK) return r;
    gjk_real R = p.ra + p.rb;
    gjk_special3_result s;
    gjk_special_kind k = p.closed_forms ? gjk_special3(&p.m, R, GJK_MODE_BOOLEAN, &s) : GJK_SPECIAL_NONE;
    if (k != GJK_SPECIAL_NONE) {
        note_path(&p, GJK_PATH_CLOSED_FORM);
        r.status = GJK_OK;
        r.iterations = 0;
        /* An exact core distance decides with the same touching rule as finish(). */
        r.intersect = k == GJK_SPECIAL_OVERLAP || (k == GJK_SPECIAL_EXACT && s.core_dist - R <= GJK_TOL_TOUCH * s.scale);
        if (k == GJK_SPECIAL_EXACT) set_bounds(&p, &r, s.core_dist, s.core_dist, s.scale);
        else if (k == GJK_SPECIAL_OVERLAP) set_bounds(&p, &r, -GJK_REAL_MAX, R, s.scale);
        else set_bounds(&p, &r, s.core_dist, GJK_REAL_MAX, s.scale);
        if (!r.intersect) {
            separated_by_axis(&p, &r, gjk_neg3(s.normal), s.core_dist);
            store_cache(cache, pair, gjk_neg3(s.normal), NULL);
        }
        return r;
    }
    /* A cached simplex that still holds the origin answers at once. Otherwise, for cores without radii, the
       cheaper boolean GJK settles nearly every pair; the distance GJK settles the rest. */
    /* The boolean GJK starts from the cached axis only; the simplex is placed for a tetrahedron that may still
       hold the origin, and for the distance GJK that rounded cores take (placing it for nothing costs 10% of a
       warm intersect on moving hulls). */
    prepare_search(pair, cache, &p, R > 0 || p.m.rec || (cache && cache->count == 4));
    note_path(&p, GJK_PATH_GJK);
    /* (A debug query takes the distance GJK, whose steps have support points to record.) */
    if (p.warm.count == 4 || R > 0 || p.m.rec || !gjk_boolean3(&p.m, p.dir, p.lim, &g))
        gjk_gjk3(&p.m, p.dir, R, GJK_MODE_BOOLEAN, &p.warm, p.lim, &g);
    r.status = g.status;
    r.iterations = g.iterations;
    /* (Overlapping cores: GJK's planes bound the depth only loosely; the boolean query computes none.) */
    set_bounds(&p, &r, g.lower_signed, g.upper, g.scale);
    if (g.separated) {
        separated_by_axis(&p, &r, g.axis, g.lower);
        store_cache(cache, pair, g.axis, final_simplex(&g));
    } else if (!g.overlap && gjk_len3(g.v) > R + GJK_TOL_TOUCH * g.scale) {
        separated_by_axis(&p, &r, g.v, gjk_len3(g.v)); /* converged: |v| is the core distance */
        store_cache(cache, pair, g.v, final_simplex(&g));
    } else {
        r.intersect = true;
        store_cache(cache, pair, g.v, final_simplex(&g));
    }
    return r;
}

/* Last line of defence (docs/numerics.md, "Never a NaN"): inputs are bounded (GJK_MAX_COORD), but an answer that still
   came out non-finite is replaced by a zeroed GJK_DEGENERATE result, as in 2D, rather than returned. A user
   callback that answered a non-finite or unbounded point (`bad`) makes the whole query invalid input, and the
   cache, which may hold the stand-in points, is reset to a cold start. */
static gjk_result3 guarded(gjk_result3 r, bool bad, gjk_cache3 *cache) {
    if (bad) {
        if (cache) memset(cache, 0, sizeof *cache);
        return invalid3();
    }
    gjk_real sum = r.distance + r.normal.x + r.normal.y + r.normal.z + r.point_a.x + r.point_a.y + r.point_a.z +
                   r.point_b.x + r.point_b.y + r.point_b.z;
    /* An end that came out NaN or infinite (a bound divided by an underflowed length) is left unbounded. */
    if (!(GJK_ABS(r.lower) <= GJK_REAL_MAX)) r.lower = -GJK_REAL_MAX;
    if (!(GJK_ABS(r.upper) <= GJK_REAL_MAX)) r.upper = GJK_REAL_MAX;
    if (r.status == GJK_INVALID_INPUT || gjk_finite(sum)) return r;
    gjk_result3 z = invalid3();
    z.status = GJK_DEGENERATE;
    z.lower = -GJK_REAL_MAX;
    z.upper = GJK_REAL_MAX;
    z.iterations = r.iterations;
    z.epa_iterations = r.epa_iterations;
    return z;
}

/* Sphere-box pairs answered before the generic preparation (special3.c, gjk_special3_quick): true with *r set. */
static bool quick3(gjk_query_kind kind, const gjk_pair3 *pair, gjk_cache3 *cache, gjk_result3 *r) {
    gjk_vec3 axis;
    if (!gjk_special3_quick_kinds(pair)) return false;
    int q = gjk_special3_quick(pair, kind, r, &axis);
    if (q == 1) store_cache(cache, pair, axis, NULL);
    return q != 0;
}

/* One entry for every query: `debug` is the debug query's record (NULL for the plain ones). Pairs outside the
   comfortable scale range are answered rescaled by a power of two, without their cache (rescale.h); debug queries
   never rescale. */
static gjk_result3 run3(gjk_query_kind kind, const gjk_pair3 *pair, const gjk_limits *lim, gjk_cache3 *cache,
                        gjk_debug3 *debug) {
    gjk_result3 quick;
    if ((unsigned)kind <= GJK_QUERY_SIGNED_DISTANCE && (!debug || !debug->skip_closed_forms) &&
        quick3(kind, pair, cache, &quick)) {
        if (debug) {
            debug->path = GJK_PATH_CLOSED_FORM;
            debug->radius_a = gjk_core3_radius(pair->a);
            debug->radius_b = gjk_core3_radius(pair->b);
        }
        return quick;
    }
    gjk_rescaled3 rs;
    if (!debug && gjk_rescale3_pair(pair, 0, &rs)) {
        gjk_result3 x = run3(kind, &rs.pair, lim, NULL, NULL);
        /* Points when the query computed them: intersect never does, penetration of a separated pair not either
           (a separated answer with points has two distinct ones). */
        bool points = kind == GJK_QUERY_DISTANCE || kind == GJK_QUERY_SIGNED_DISTANCE ||
                      (kind == GJK_QUERY_PENETRATION &&
                       (x.intersect || gjk_rescale3_nonzero(x.point_a) || gjk_rescale3_nonzero(x.point_b)));
        return gjk_rescale3_result(&rs, x, points);
    }
    bool bad = false;
    gjk_result3 r;
    switch (kind) {
    case GJK_QUERY_INTERSECT: r = intersect3_impl(pair, lim, cache, &bad, debug); break;
    case GJK_QUERY_DISTANCE: r = distance3_impl(pair, lim, cache, &bad, debug); break;
    case GJK_QUERY_PENETRATION: r = signed_query(pair, lim, cache, GJK_MODE_SEPARATED, &bad, debug, true); break;
    case GJK_QUERY_SIGNED_DISTANCE: r = signed_query(pair, lim, cache, GJK_MODE_DISTANCE, &bad, debug, true); break;
    default: return invalid3();
    }
    return guarded(r, bad, cache);
}

gjk_result3 gjk_intersect3(const gjk_pair3 *pair, gjk_cache3 *cache) {
    return run3(GJK_QUERY_INTERSECT, pair, &gjk_default_limits, cache, NULL);
}
gjk_result3 gjk_distance3(const gjk_pair3 *pair, gjk_cache3 *cache) {
    return run3(GJK_QUERY_DISTANCE, pair, &gjk_default_limits, cache, NULL);
}
gjk_result3 gjk_penetration3(const gjk_pair3 *pair, gjk_cache3 *cache) {
    return run3(GJK_QUERY_PENETRATION, pair, &gjk_default_limits, cache, NULL);
}
gjk_result3 gjk_signed_distance3(const gjk_pair3 *pair, gjk_cache3 *cache) {
    return run3(GJK_QUERY_SIGNED_DISTANCE, pair, &gjk_default_limits, cache, NULL);
}
gjk_result3 gjk_query3(gjk_query_kind kind, const gjk_pair3 *pair, const gjk_options *options, gjk_cache3 *cache) {
    gjk_limits lim;
    if (!gjk_limits_from(options, &lim)) return invalid3();
    return run3(kind, pair, &lim, cache, NULL);
}
gjk_result3 gjk_signed_distance3_by_gjk(const gjk_pair3 *pair, gjk_cache3 *cache) {
    gjk_rescaled3 rs;
    if (gjk_rescale3_pair(pair, 0, &rs))
        return gjk_rescale3_result(&rs, gjk_signed_distance3_by_gjk(&rs.pair, NULL), true);
    bool bad = false;
    gjk_result3 r = signed_query(pair, &gjk_default_limits, cache, GJK_MODE_DISTANCE, &bad, NULL, false);
    return guarded(r, bad, cache);
}

/* A debug record starts empty, keeping only its inputs. */
static void reset_debug(gjk_debug3 *debug) {
    if (!debug) return;
    bool skip = debug->skip_closed_forms;
    memset(debug, 0, sizeof *debug);
    debug->skip_closed_forms = skip;
    debug->epa_best_face = -1;
}

gjk_result3 gjk_query3_debug(gjk_query_kind kind, const gjk_pair3 *pair, gjk_cache3 *cache, gjk_debug3 *debug) {
    reset_debug(debug);
    gjk_result3 r = run3(kind, pair, &gjk_default_limits, cache, debug);
    if (r.status == GJK_INVALID_INPUT) reset_debug(debug); /* (a callback may fail after steps were recorded) */
    return r;
}
