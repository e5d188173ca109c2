// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private 3D machinery shared by shape3.c, simplex3.c, gjk3.c, epa3.c and query3.c. */
#ifndef GJK_INTERNAL3_H
#define GJK_INTERNAL3_H

#include "internal.h"

/* ---- shapes as core + radius ------------------------------------------------------------------------------------
   Every shape is a core swept by a sphere: a sphere is a point core, a capsule a segment core, everything else is
   its own core; the margin adds to the radius. GJK and EPA only ever see cores, and the radii are added
   analytically afterwards, which is exact (see query3.c). */

/* Support point of the shape's core in its local frame. `d` need not be unit; a zero d returns a valid point. */
gjk_vec3 gjk_core3_support(const gjk_shape3 *s, gjk_vec3 d);
/* Hulls: the support vertex's index. Hulls of GJK_HULL_GRID_MIN vertices or more look the direction up in their
   support cells and climb the vertex adjacency from there; smaller hulls scan every vertex, several at a time
   (measured with bench/count_hull.c: the scan is faster than the climb's dependent, mispredicted steps up to about
   200 vertices, and as fast at 256). The answer depends only on d. */
int gjk_hull3_support_index(const gjk_hull3 *h, gjk_vec3 d);
/* Hill climbing over the vertex adjacency from `start` to a vertex maximising v . d. */
int gjk_hull3_climb(const gjk_hull3 *h, gjk_vec3 d, int start);
#define GJK_HULL_GRID_MIN 192
/* Cells per cube-face side for a hull of nv vertices: about nv / 2 cells in all, at most 6 * 24 * 24. */
static inline int gjk_hull3_grid_size(int nv) {
    if (nv < GJK_HULL_GRID_MIN) return 0;
    int k = 2;
    while (k < 24 && 3 * k * k < nv) ++k;
    return k;
}

/* The squared radial part of d (and |d.z|) for which a cylinder's support needs none of gjk_core3_support's guards
   against underflow and overflow (its direction scaling and tiny-rim rescaling leave such directions untouched). */
#if GJK_USE_FLOAT
#define GJK_CYL_RR_LO GJK_R(1e-20)
#define GJK_CYL_RR_HI GJK_R(1e20)
#define GJK_CYL_Z_HI GJK_R(1e10)
#else
#define GJK_CYL_RR_LO 1e-150
#define GJK_CYL_RR_HI 1e150
#define GJK_CYL_Z_HI 1e75
#endif

/* gjk_core3_support with the frequent cases inline (the queries' hot path). */
static inline gjk_vec3 gjk_core3_support_inline(const gjk_shape3 *s, gjk_vec3 d) {
    switch (s->type) {
    case GJK_SHAPE3_CYLINDER: {
        gjk_real rr = d.x * d.x + d.y * d.y;
        if (!(rr >= GJK_CYL_RR_LO && rr <= GJK_CYL_RR_HI && GJK_ABS(d.z) <= GJK_CYL_Z_HI))
            return gjk_core3_support(s, d);
        gjk_real k = s->cylinder.radius / GJK_SQRT(rr);
        return gjk_v3(d.x * k, d.y * k, d.z >= 0 ? s->cylinder.half_height : -s->cylinder.half_height);
    }
    case GJK_SHAPE3_BOX:
        return gjk_v3(GJK_COPYSIGN(s->box.half_extents.x, d.x), GJK_COPYSIGN(s->box.half_extents.y, d.y),
                      GJK_COPYSIGN(s->box.half_extents.z, d.z));
    case GJK_SHAPE3_POINT:
    case GJK_SHAPE3_SPHERE: return gjk_v3(0, 0, 0);
    case GJK_SHAPE3_CAPSULE: return gjk_v3(0, 0, GJK_COPYSIGN(s->capsule.half_height, d.z));
    case GJK_SHAPE3_HULL: return s->hull.hull->vertices[gjk_hull3_support_index(s->hull.hull, d)];
    default: return gjk_core3_support(s, d);
    }
}

/* The one guard on user callbacks that every 3D entry point (queries, ray casts, shape casts, manifolds through
   the queries) puts between a user shape and the algorithms: a support point that is not finite, or beyond
   GJK_MAX_COORD like any other coordinate of a 3D input, sets *bad (the entry point then returns
   GJK_INVALID_INPUT), and the origin stands in for it so that the arithmetic stays finite until then. Only user
   shapes pay for it: gjk_user3_guard returns the shape itself for every other type, and for a user shape `copy`,
   filled as a copy whose callback is the guard (`guard` must live as long as the copy is used). */
typedef struct gjk_user_guard3 {
    gjk_support3_fn *support;
    const void *data;
    bool *bad;
} gjk_user_guard3;
const gjk_shape3 *gjk_user3_guard_copy(const gjk_shape3 *s, gjk_shape3 *copy, gjk_user_guard3 *guard, bool *bad);
static inline const gjk_shape3 *gjk_user3_guard(const gjk_shape3 *s, gjk_shape3 *copy, gjk_user_guard3 *guard,
                                                bool *bad) {
    return s->type == GJK_SHAPE3_USER ? gjk_user3_guard_copy(s, copy, guard, bad) : s;
}

/* Radius swept around the core: sphere/capsule radius plus the margin. */
gjk_real gjk_core3_radius(const gjk_shape3 *s);
/* True when the core is the shape's local origin (point, sphere): it looks the same in every orientation. */
static inline bool gjk_core3_is_origin(const gjk_shape3 *s) {
    return s->type == GJK_SHAPE3_SPHERE || s->type == GJK_SHAPE3_POINT;
}
/* A point inside the core, local frame (used to pick the first search direction). */
gjk_vec3 gjk_core3_center(const gjk_shape3 *s);
/* True when the core is a polytope (flat faces only): GJK and EPA then converge exactly. */
bool gjk_core3_is_polytope(const gjk_shape3 *s);

/* ---- 3x3 rotation matrix (rows), used inside queries instead of quaternions: 15 flops per rotation ---------- */
typedef struct gjk_mat33 {
    gjk_vec3 r0, r1, r2;
} gjk_mat33;

static inline gjk_mat33 gjk_mat33_from_quat(gjk_quat q) {
    gjk_real xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    gjk_real xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    gjk_real wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    gjk_mat33 m;
    m.r0 = gjk_v3(1 - 2 * (yy + zz), 2 * (xy - wz), 2 * (xz + wy));
    m.r1 = gjk_v3(2 * (xy + wz), 1 - 2 * (xx + zz), 2 * (yz - wx));
    m.r2 = gjk_v3(2 * (xz - wy), 2 * (yz + wx), 1 - 2 * (xx + yy));
    return m;
}
/* The rotation of a quaternion of any non-zero length (q and k q rotate alike): s = 2 / |q|^2 instead of
   normalising q first, which saves a square root and keeps the matrix orthogonal to rounding. */
/* A pose the 3D entry points accept: the position within GJK's range, the rotation usable (gjk_quat_usable). */
static inline bool gjk_pose3_valid(gjk_pose3 pose) {
    return gjk_bounded3(pose.position) && gjk_quat_usable(pose.rotation);
}

static inline gjk_mat33 gjk_mat33_from_any_quat(gjk_quat q) {
    gjk_real s = GJK_R(2.0) / (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    gjk_real xs = q.x * s, ys = q.y * s, zs = q.z * s;
    gjk_real wx = q.w * xs, wy = q.w * ys, wz = q.w * zs, xx = q.x * xs, xy = q.x * ys, xz = q.x * zs;
    gjk_real yy = q.y * ys, yz = q.y * zs, zz = q.z * zs;
    gjk_mat33 m;
    m.r0 = gjk_v3(1 - (yy + zz), xy - wz, xz + wy);
    m.r1 = gjk_v3(xy + wz, 1 - (xx + zz), yz - wx);
    m.r2 = gjk_v3(xz - wy, yz + wx, 1 - (xx + yy));
    return m;
}
static inline gjk_vec3 gjk_mat33_mul(gjk_mat33 m, gjk_vec3 v) {
    return gjk_v3(gjk_dot3(m.r0, v), gjk_dot3(m.r1, v), gjk_dot3(m.r2, v));
}
/* Transpose times v: the inverse rotation. */
static inline gjk_vec3 gjk_mat33_tmul(gjk_mat33 m, gjk_vec3 v) {
    return gjk_add3(gjk_add3(gjk_scale3(m.r0, v.x), gjk_scale3(m.r1, v.y)), gjk_scale3(m.r2, v.z));
}

/* ---- the Minkowski difference D = A - B, in A's local frame ---------------------------------------------------
   Queries move B into A's frame once (docs/numerics.md, "Far from the origin": subtracting far-apart world coordinates
   loses digits), so A's
   support needs no transform and B's needs one rotation each way. */
typedef struct gjk_recorder3 gjk_recorder3;
typedef struct gjk_minkowski3 {
    const gjk_shape3 *a;
    const gjk_shape3 *b;
    gjk_mat33 rot; /* B's local frame to A's local frame */
    gjk_vec3 pos;  /* B's origin in A's local frame */
    const gjk_recorder3 *rec; /* gjk_query3_debug's recorder (debug.c); NULL for the plain queries */
} gjk_minkowski3;

/* A vertex of a simplex or polytope: w = a - b, with the witness on each core: a in A's frame, and B's in B's own
   local frame (bl), as its support function returned it. Keeping bl exact lets a warm-start cache carry the
   simplex to the next query (where B may have moved) without rounding it off B's surface. */
typedef struct gjk_vertex3 {
    gjk_vec3 w, a, bl;
} gjk_vertex3;

/* A point of B's local frame in A's frame. */
static inline gjk_vec3 gjk_minkowski3_b_to_a(const gjk_minkowski3 *m, gjk_vec3 bl) {
    return gjk_add3(gjk_mat33_mul(m->rot, bl), m->pos);
}

static inline gjk_vertex3 gjk_minkowski3_support(const gjk_minkowski3 *m, gjk_vec3 d) {
    gjk_vertex3 v;
    v.a = gjk_core3_support_inline(m->a, d);
    gjk_vec3 db = gjk_mat33_tmul(m->rot, gjk_neg3(d));
    v.bl = gjk_core3_support_inline(m->b, db);
    v.w = gjk_sub3(v.a, gjk_minkowski3_b_to_a(m, v.bl));
    return v;
}

/* ---- simplex and its closest point (signed volumes) ------------------------------------------------------------ */
typedef struct gjk_simplex3 {
    gjk_vertex3 v[4];
    gjk_real lambda[4]; /* barycentric coordinates of the closest point */
    int count;
} gjk_simplex3;

/* The sub-simplex holding the closest point of a simplex to the origin: which vertices, their barycentric
   coordinates, the point and its squared length. */
typedef struct gjk_subsimplex3 {
    gjk_real lambda[4];
    int idx[4];
    int count;
    gjk_vec3 v;
    gjk_real dist2;
} gjk_subsimplex3;

/* The closest point of s->v[0 .. n-1] (n may be s->count + 1: a new vertex waiting in slot s->count), without
   changing s; gjk_simplex3_commit then keeps only the sub-simplex. */
void gjk_simplex3_closest(const gjk_simplex3 *s, int n, gjk_subsimplex3 *out);
/* The same over every sub-simplex, without GJK's shortcut (the closest point lies on a sub-simplex holding the
   newest point, which holds only when the origin lies beyond the old simplex as seen from it): for a simplex
   whose points have all moved since it was built (the ray casts, ray_gjk3.c). */
void gjk_simplex3_closest_whole(const gjk_simplex3 *s, int n, gjk_subsimplex3 *out);
void gjk_simplex3_commit(gjk_simplex3 *s, const gjk_subsimplex3 *sub);
/* Reduce the simplex to the smallest sub-simplex whose hull holds the point closest to the origin, set its
   barycentric coordinates and return that point. */
gjk_vec3 gjk_simplex3_solve(gjk_simplex3 *s);
/* The plain barycentric combinations of the vertices' points on A and on B (A's frame). */
void gjk_witness3_combine(const gjk_vertex3 *const *v, const gjk_real *lambda, int n, const gjk_minkowski3 *m,
                          gjk_vec3 *pa, gjk_vec3 *pb);
/* Witness points on A and on B (A's frame) from barycentric coordinates over n vertices, made to agree with
   `target`, the point of D they stand for: pa - pb = target up to rounding (see simplex3.c for why and how). */
void gjk_witness3(const gjk_vertex3 *const *v, const gjk_real *lambda, int n, const gjk_minkowski3 *m,
                  gjk_vec3 target, gjk_vec3 *pa, gjk_vec3 *pb);
/* The same for the simplex's own coordinates. */
void gjk_simplex3_witness(const gjk_simplex3 *s, const gjk_minkowski3 *m, gjk_vec3 target, gjk_vec3 *pa,
                          gjk_vec3 *pb);

/* ---- GJK ----------------------------------------------------------------------------------------------------- */
typedef enum gjk_gjk_mode {
    GJK_MODE_DISTANCE,  /* converge to the closest points */
    GJK_MODE_SEPARATED, /* distance, but stop once a separating axis proves the cores are farther than `radius` */
    GJK_MODE_BOOLEAN    /* stop as soon as the answer to "core distance <= radius?" is known */
} gjk_gjk_mode;

typedef struct gjk_gjk_result3 {
    gjk_simplex3 simplex; /* final simplex, with barycentric coordinates */
    gjk_vec3 v;           /* closest point of the core difference (A's frame); zero when the cores overlap */
    gjk_vec3 closest;     /* the final simplex's closest point even when it counts as overlap (|v| within the
                             touching band; zero inside a tetrahedron) */
    gjk_real scale;       /* size of the problem: largest |w| met, for relative tolerances */
    gjk_real lower;       /* best lower bound of the core distance found (separating axes) */
    gjk_real lower_signed; /* a lower bound of the signed core distance (minus the depth when the cores overlap):
                              v.w / |v| can be negative, and still bounds it; -GJK_REAL_MAX when no support was met */
    gjk_real upper;       /* an upper bound of the core distance: |v| of the answer's point of D (0 inside a solid
                             tetrahedron, GJK_REAL_MAX when no point was kept) */
    gjk_vec3 axis;        /* direction of that bound (unit, A->B sense is -axis) */
    int iterations;
    gjk_status status;
    bool overlap;   /* the cores overlap or touch (|v| below the touching tolerance) */
    bool separated; /* BOOLEAN/SEPARATED modes: a separating axis proved core distance > radius */
} gjk_gjk_result3;

/* `warm` (may be NULL or empty): a simplex to start from (vertices must be points of the current D, i.e. built
   from points of the two cores); otherwise GJK starts from the support along -initial_dir. */
void gjk_gjk3(const gjk_minkowski3 *m, gjk_vec3 initial_dir, gjk_real radius, gjk_gjk_mode mode, const gjk_simplex3 *warm,
              const gjk_limits *lim, gjk_gjk_result3 *r);
/* Boolean GJK on the cores alone (no radii), without closest points: true when it proved overlap (r->overlap) or
   a separation beyond the touching tolerance (r->separated, r->axis, r->lower); false when undecided (touching,
   degenerate, cap), and then the caller runs gjk_gjk3. */
bool gjk_boolean3(const gjk_minkowski3 *m, gjk_vec3 initial_dir, const gjk_limits *lim, gjk_gjk_result3 *r);

/* ---- EPA ----------------------------------------------------------------------------------------------------- */
typedef struct gjk_epa_result3 {
    gjk_real depth; /* penetration depth of the cores (may be slightly negative: barely separated) */
    gjk_vec3 normal; /* unit, A's frame, from A to B */
    gjk_vec3 pa, pb; /* contact points on the cores, A's frame */
    int iterations;
    gjk_status status;
    gjk_real scale; /* largest support point met, GJK's included: the size rounding is relative to */
    gjk_real lower, upper; /* bounds of the core depth found (before rounding allowances): lower is the nearest face
                              of a polytope inside D that holds the origin (-GJK_REAL_MAX when none does), upper the
                              least support value n . support(n) met (GJK_REAL_MAX when none) */
} gjk_epa_result3;

/* Penetration of the cores, seeded by the GJK simplex that ended with the cores overlapping. `hint` is a direction
   (A to B) used to orient the normal when the depth is zero in a flat (degenerate) difference. */
gjk_epa_result3 gjk_epa3(const gjk_minkowski3 *m, const gjk_gjk_result3 *g, gjk_vec3 hint, const gjk_limits *lim);

/* ---- normals to the precision of gjk_real (normal3.c) ------------------------------------------------------- */
/* The unit normal (A's frame, A to B) of cores GJK found apart, from the geometry of its final simplex after a few
   more GJK steps in double; pa, pb (A's frame) come in as GJK's witnesses and go out as the answer's. */
gjk_vec3 gjk_normal3_apart_witness(const gjk_minkowski3 *m, const gjk_gjk_result3 *g, gjk_vec3 *pa, gjk_vec3 *pb);
/* A normal (A's frame, A to B) of cores with a curved core refined by Newton steps on D's support function; scale:
   the size of the coordinates the support points come from (their rounding). */
gjk_vec3 gjk_normal3_refine(const gjk_minkowski3 *m, gjk_vec3 normal, gjk_real scale);
/* The normal of the answer: cores apart (from GJK's result, with the witnesses), and overlapping (from EPA's
   normal). *dist (the core distance, or the depth) is replaced where the answer comes from the features' closed
   form, which gives it exactly. */
gjk_vec3 gjk_normal3_apart(const gjk_minkowski3 *m, const gjk_gjk_result3 *g, gjk_vec3 *pa, gjk_vec3 *pb,
                           gjk_real *dist);
gjk_vec3 gjk_normal3_deep(const gjk_minkowski3 *m, gjk_vec3 normal, gjk_real scale, gjk_vec3 *pa, gjk_vec3 *pb,
                          gjk_real *depth);

/* ---- debug recording (debug.c; gjk/debug.h) ----------------------------------------------------------------------
   A debug query records into the caller's gjk_debug3 as it goes, in the world frame: the recorder carries A's
   local-to-world transform (the queries' frame is A's). The algorithms call these only when m->rec is set. */
struct gjk_recorder3 {
    gjk_debug3 *out;
    gjk_mat33 rot; /* A's local frame to world */
    gjk_vec3 pos;  /* A's origin in world */
};
/* Append the simplex s and its closest point v (A's frame) as the next GJK step of m's recorder. */
void gjk_debug3_step(const gjk_minkowski3 *m, const gjk_simplex3 *s, gjk_vec3 v);
/* The world-frame copy of a vertex of D. */
gjk_debug_vertex3 gjk_debug3_vertex(const gjk_recorder3 *rec, const gjk_minkowski3 *m, const gjk_vertex3 *v);


#endif
