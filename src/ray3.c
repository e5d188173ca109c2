// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Ray casts in 3D (gjk/ray.h): input checks, the change to the shape's local frame, the closed forms first
   (ray_closed3.c), and the GJK ray cast (ray_gjk3.c) for every other shape and case: the ray's origin cast against
   the shape's core, with the sphere, capsule and margin radii as the target distance R around it. Here the
   tolerances are the queries': at the origin the touching band (so that "inside" means what it means in the
   closed forms), once moved the rounding of x and of the support points. A ray within 1e-7 of tangency to a
   curved core converges only linearly (the distance along the ray has a double root there) and takes up to about
   200 steps on the tests' rays, hence a larger cap (GJK_RAY_MAX_ITERATIONS) than the queries'. */
#include <float.h>
#include <string.h>

#include "ray_internal.h"
#include "rescale.h"

#if GJK_USE_FLOAT
#define RAY_REAL_MIN FLT_MIN
#else
#define RAY_REAL_MIN DBL_MIN
#endif

static gjk_real l1(gjk_vec3 v) { return GJK_ABS(v.x) + GJK_ABS(v.y) + GJK_ABS(v.z); }

/* The ray's view of the shape, for the kernel's support function: a user shape behind the guard every entry
   point uses (gjk_user3_guard). */
typedef struct ray_body3 {
    const gjk_shape3 *shape; /* the guarded copy for a user shape */
    gjk_shape3 copy;
    gjk_user_guard3 guard;
    bool user, bad;
} ray_body3;

/* The core's support point; a user shape's points grow the kernel's size. */
static gjk_vec3 ray_support3(gjk_ray_gjk3 *k, gjk_vec3 d, gjk_vertex3 *out) {
    ray_body3 *b = (ray_body3 *)k->data;
    gjk_vec3 p = gjk_core3_support_inline(b->shape, d);
    if (b->user) {
        if (b->bad) k->bad = true;
        k->size = gjk_maxr(k->size, l1(p) + k->R);
    }
    out->a = p;
    out->bl = gjk_v3(0, 0, 0);
    return p;
}

/* The GJK ray cast (ray_gjk3.c) of the local ray lr against the shape's core swept by R: size bounds the core's
   points (1-norm) plus R, smax the distance along the ray. *s and *n as for the closed forms; *iters, *status;
   *bad when a user callback answered a bad point. */
static gjk_ray_outcome gjk_cast(const gjk_shape3 *shape, const gjk_ray_local3 *lr, gjk_real R, gjk_real size,
                                gjk_real smax, gjk_real *ps, gjk_vec3 *pn, int *iters, gjk_status *status, bool *bad) {
    gjk_ray_gjk3 kk, *k = &kk;
    ray_body3 b;
    b.bad = false;
    b.shape = gjk_user3_guard(shape, &b.copy, &b.guard, &b.bad);
    b.user = shape->type == GJK_SHAPE3_USER;
    gjk_vec3 centre = gjk_core3_center(b.shape); /* (a user shape's: the midpoint of two of its points) */
    *bad = b.bad;
    if (b.bad) return GJK_RAY_MISS;
    k->support = ray_support3;
    k->data = &b;
    k->o = lr->o;
    k->u = lr->u;
    k->R = R;
    k->size = size;
    k->smax = smax;
    /* Polytopes converge exactly (a support point repeats); curved cores stop on the relative gap. */
    k->gap_rel = gjk_core3_is_polytope(shape) ? 0 : GJK_TOL_REL;
    k->touch = GJK_TOL_TOUCH;
    k->tol = k->noise = 0;
    k->max_iterations = GJK_RAY_MAX_ITERATIONS;
    k->refine = true;
    gjk_ray_outcome out = gjk_ray_gjk3_run(k, gjk_sub3(k->o, centre));
    *bad = k->bad || b.bad;
    *iters = k->iterations;
    *status = k->capped ? GJK_MAX_ITERATIONS : GJK_OK;
    if (out != GJK_RAY_HIT) return out;
    *ps = k->lambda;
    /* Rounded: v points from the core's closest point to the hit, the rounded surface's normal there. Without a
       radius v vanishes at the hit, and the plane that stopped x gives the normal: a supporting plane of C
       through the hit (at an edge or vertex one of its normals). */
    *pn = gjk_normalize3(k->R > 0 && gjk_len_sq3(k->v) > 0 ? k->v : k->n);
    /* A hull's own face normal where it is at hand (an origin in the band went to GJK): the plane GJK stopped on
       may belong to a vertex of the hull 1e-11 away. */
    gjk_ray3_hull_normal(shape, k->x, pn);
    return GJK_RAY_HIT;
}

static gjk_ray_result3 zero_ray3(gjk_status status) {
    gjk_ray_result3 r;
    memset(&r, 0, sizeof r);
    r.status = status;
    return r;
}

gjk_ray_result3 gjk_raycast3(const gjk_shape3 *shape, gjk_pose3 pose, const gjk_ray3 *ray) {
    gjk_ray_result3 scaled; /* (a ray outside the comfortable scale range, answered rescaled: rescale.h) */
    if (gjk_rescale3_raycast(shape, pose, ray, &scaled)) return scaled;
    if (!gjk_ray3_valid(ray) || gjk_shape3_validate(shape) != GJK_OK || !gjk_pose3_valid(pose))
        return zero_ray3(GJK_INVALID_INPUT);
    gjk_ray_local3 lr;
    const gjk_real R = gjk_core3_radius(shape);
    /* Unit direction and length of the translation (gjk_normalize3 rescales tiny and huge ones). */
    gjk_vec3 uw = gjk_normalize3(ray->translation);
    gjk_real len = gjk_dot3(uw, ray->translation);
    /* The shape's local frame: one rotation of the origin's offset and of the direction (docs/numerics.md, "Far from
       the origin": the pose's position is subtracted before anything else). A point core looks the same in every
       orientation, so spheres skip the rotation. */
    bool turn = !gjk_core3_is_origin(shape);
    gjk_mat33 rot = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    gjk_vec3 rel = gjk_sub3(ray->origin, pose.position);
    lr.o = rel;
    lr.u = uw;
    if (turn) {
        rot = gjk_mat33_from_any_quat(pose.rotation);
        lr.o = gjk_mat33_tmul(rot, rel);
        lr.u = gjk_mat33_tmul(rot, uw);
    }
    /* Components below the smallest normal number go to zero: 1 / u_i stays finite in the slab tests, and such a
       component moves the ray by less than 1e-308 of its length (far below any tolerance). */
    if (GJK_ABS(lr.u.x) < RAY_REAL_MIN) lr.u.x = 0;
    if (GJK_ABS(lr.u.y) < RAY_REAL_MIN) lr.u.y = 0;
    if (GJK_ABS(lr.u.z) < RAY_REAL_MIN) lr.u.z = 0;
    gjk_real bound = gjk_ray3_core_bound(shape), far = l1(lr.o), size = bound + R;
    lr.tol = GJK_TOL_TOUCH * gjk_maxr(far, size);
    /* Every point of the shape is within bound + R of the local origin (a user shape's within 2 GJK_MAX_COORD), so
       a hit lies within `reach` of the ray's origin: x never goes farther, and squares of it stay finite. */
    gjk_real reach = (far + (shape->type == GJK_SHAPE3_USER ? 2 * GJK_MAX_COORD : bound) + R + lr.tol) * GJK_R(1.0625);
    const gjk_real smax = gjk_minr(ray->max_fraction * len, reach);

    gjk_real s = 0;
    gjk_vec3 n = gjk_v3(0, 0, 0);
    int iters = 0;
    gjk_status status = GJK_OK;
    bool bad = false;
    gjk_ray_outcome out = gjk_ray3_closed(shape, &lr, &s, &n);
    /* A closed form's normal from a radius whose square underflows (a capsule of radius 1e-317) comes out
       zero; GJK, whose last support plane gives a normal whatever the radius, decides instead. */
    if (out == GJK_RAY_HIT && !(gjk_len_sq3(n) > 0)) out = GJK_RAY_UNDECIDED;
    if (out == GJK_RAY_UNDECIDED) out = gjk_cast(shape, &lr, R, size, smax, &s, &n, &iters, &status, &bad);
    if (out == GJK_RAY_HIT && !(gjk_len_sq3(n) > 0)) n = gjk_neg3(lr.u); /* (the way back: never zero) */
    if (bad) return zero_ray3(GJK_INVALID_INPUT);
    gjk_ray_result3 r = zero_ray3(status);
    r.iterations = iters;
    if (out == GJK_RAY_INSIDE) {
        r.hit = r.inside = true;
        r.point = ray->origin;
        r.normal = gjk_neg3(uw);
        return r;
    }
    if (out != GJK_RAY_HIT || !(s <= smax) || !(len > 0)) return r;
    r.hit = true;
    r.fraction = gjk_minr(s / len, ray->max_fraction);
    r.point = gjk_mad3(ray->origin, r.fraction, ray->translation);
    r.normal = turn ? gjk_normalize3(gjk_mat33_mul(rot, n)) : n;
    /* Never a NaN (docs/numerics.md, "Never a NaN"): bounded inputs keep every step finite, but an answer that is not
       is withheld. */
    if (!gjk_finite(r.fraction + r.point.x + r.point.y + r.point.z + r.normal.x + r.normal.y + r.normal.z)) {
        r = zero_ray3(GJK_DEGENERATE);
        r.iterations = iters;
    }
    return r;
}
