// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 3D shapes: constructors, validation and support functions.

   A support function returns the point of a convex set farthest along a direction. Two hazards shape the code
   below (docs/numerics.md, "Support functions"): normalising a zero vector (the classic source of NaN: every division
   here is guarded), and the discontinuous supports of cylinders and cones, where any point of the flat cap or rim
   is a valid answer and the code just has to return one of them deterministically. */
#include "internal3.h"
#include <math.h>

static gjk_shape3 shape_of(gjk_shape3_type type) {
    gjk_shape3 s;
    s.type = type;
    s.margin = 0;
    s.triangle.a = s.triangle.b = s.triangle.c = gjk_v3(0, 0, 0);
    return s;
}

gjk_shape3 gjk_point3(void) { return shape_of(GJK_SHAPE3_POINT); }

gjk_shape3 gjk_segment3(gjk_vec3 a, gjk_vec3 b) {
    gjk_shape3 s = shape_of(GJK_SHAPE3_SEGMENT);
    s.segment.a = a;
    s.segment.b = b;
    return s;
}

gjk_shape3 gjk_triangle3(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c) {
    gjk_shape3 s = shape_of(GJK_SHAPE3_TRIANGLE);
    s.triangle.a = a;
    s.triangle.b = b;
    s.triangle.c = c;
    return s;
}

gjk_shape3 gjk_box3(gjk_vec3 half_extents) {
    gjk_shape3 s = shape_of(GJK_SHAPE3_BOX);
    s.box.half_extents = half_extents;
    return s;
}

gjk_shape3 gjk_sphere3(gjk_real radius) {
    gjk_shape3 s = shape_of(GJK_SHAPE3_SPHERE);
    s.sphere.radius = radius;
    return s;
}

static gjk_shape3 axial(gjk_shape3_type type, gjk_real radius, gjk_real half_height) {
    gjk_shape3 s = shape_of(type);
    s.capsule.radius = radius;
    s.capsule.half_height = half_height;
    return s;
}

gjk_shape3 gjk_capsule3(gjk_real radius, gjk_real half_height) {
    return axial(GJK_SHAPE3_CAPSULE, radius, half_height);
}
gjk_shape3 gjk_cylinder3(gjk_real radius, gjk_real half_height) {
    return axial(GJK_SHAPE3_CYLINDER, radius, half_height);
}
gjk_shape3 gjk_cone3(gjk_real radius, gjk_real half_height) { return axial(GJK_SHAPE3_CONE, radius, half_height); }

gjk_shape3 gjk_ellipsoid3(gjk_vec3 radii) {
    gjk_shape3 s = shape_of(GJK_SHAPE3_ELLIPSOID);
    s.ellipsoid.radii = radii;
    return s;
}

gjk_shape3 gjk_hull_shape3(const gjk_hull3 *hull) {
    gjk_shape3 s = shape_of(GJK_SHAPE3_HULL);
    s.hull.hull = hull;
    return s;
}

gjk_shape3 gjk_user3(gjk_support3_fn *support, const void *data) {
    gjk_shape3 s = shape_of(GJK_SHAPE3_USER);
    s.user.support = support;
    s.user.data = data;
    return s;
}

gjk_shape3 gjk_rounded3(gjk_shape3 shape, gjk_real margin) {
    shape.margin = margin;
    return shape;
}

static bool positive(gjk_real x) { return gjk_bounded(x) && x > 0; }
static bool non_negative(gjk_real x) { return gjk_bounded(x) && x >= 0; }
static bool positive3(gjk_vec3 v) { return positive(v.x) && positive(v.y) && positive(v.z); }

gjk_status gjk_shape3_validate(const gjk_shape3 *s) {
    if (!s || !non_negative(s->margin)) return GJK_INVALID_INPUT;
    bool ok = false;
    switch (s->type) {
    case GJK_SHAPE3_POINT: ok = true; break;
    case GJK_SHAPE3_SEGMENT: ok = gjk_bounded3(s->segment.a) && gjk_bounded3(s->segment.b); break;
    case GJK_SHAPE3_TRIANGLE:
        ok = gjk_bounded3(s->triangle.a) && gjk_bounded3(s->triangle.b) && gjk_bounded3(s->triangle.c);
        break;
    case GJK_SHAPE3_BOX: ok = positive3(s->box.half_extents); break;
    case GJK_SHAPE3_SPHERE: ok = positive(s->sphere.radius); break;
    case GJK_SHAPE3_CAPSULE: ok = non_negative(s->capsule.radius) && non_negative(s->capsule.half_height); break;
    case GJK_SHAPE3_CYLINDER:
    case GJK_SHAPE3_CONE: ok = positive(s->cylinder.radius) && positive(s->cylinder.half_height); break;
    case GJK_SHAPE3_ELLIPSOID: ok = positive3(s->ellipsoid.radii); break;
    case GJK_SHAPE3_HULL: {
        const gjk_hull3 *h = s->hull.hull;
        ok = h && h->vertices && h->vertex_count >= 1 && gjk_bounded(h->radius) && gjk_bounded3(h->centroid);
        break;
    }
    case GJK_SHAPE3_USER: ok = s->user.support != NULL; break;
    case GJK_SHAPE3_TYPE_COUNT: break;
    }
    return ok ? GJK_OK : GJK_INVALID_INPUT;
}

static gjk_real sign_half(gjk_real d, gjk_real h) { return d >= 0 ? h : -h; }

#ifdef GJK_COUNT_DOTS /* profiling builds only: dot products spent in hull supports */
long gjk_count_dots;
#define COUNT(n) (gjk_count_dots += (n))
#else
#define COUNT(n) ((void)0)
#endif

static int hull_scan(const gjk_hull3 *h, gjk_vec3 d) {
    /* Every vertex; ties keep the lowest index, so the answer is deterministic. */
    const gjk_vec3 *v = h->vertices;
    int n = h->vertex_count;
    COUNT(n);
    int best = 0;
    gjk_real best_dot = gjk_dot3(v[0], d);
    for (int i = 1; i < n; ++i) {
        gjk_real t = gjk_dot3(v[i], d);
        /* Selects, not branches: which vertex wins is data-dependent, and a mispredicted branch per vertex would
           cost more than the dot product (written so that compilers emit conditional moves). */
        best = t > best_dot ? i : best;
        best_dot = t > best_dot ? t : best_dot;
    }
    return best;
}

/* The same scan over the vertices' rows (gjk_hull3.vertex_soa), several at a time, in two passes: every dot product
   and their maximum (exact: max does not round), then the first vertex whose dot product equals it, found from a
   bit mask of the compares over 64 vertices at a time (no branch on where the best vertex is: a mispredicted exit
   per query costs more than the compares). That is hull_scan's answer to the bit (the same sums in gjk_dot3's order,
   no fused multiply-add, ties to the lowest index) without hull_scan's chain of compares through the running best,
   one per vertex, which sets its speed. The padding repeats vertex 0, so a padded slot can tie with it but never
   comes first. A NaN direction matches no vertex and answers vertex 0, as hull_scan does. */
#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#define HULL_SCAN_SSE2 1
#include <emmintrin.h>
#endif

#ifdef HULL_SCAN_SSE2
/* The lowest set bit's index, 0 for no bit. */
#if defined(__GNUC__) || defined(__clang__)
static int hull_first_bit(unsigned long long mask) { return mask ? __builtin_ctzll(mask) : 0; }
#else
static int hull_first_bit(unsigned long long mask) {
    int i = 0;
    while (mask && !(mask & 1u)) mask >>= 1, ++i;
    return mask ? i : 0;
}
#endif
#endif

#if defined(HULL_SCAN_SSE2) && !GJK_USE_FLOAT
static int hull_scan_rows(const gjk_real *x, int stride, gjk_vec3 d) {
    const gjk_real *y = x + stride, *z = y + stride;
    __m128d dx = _mm_set1_pd(d.x), dy = _mm_set1_pd(d.y), dz = _mm_set1_pd(d.z);
    __m128d dots[GJK_HULL_GRID_MIN / 2 + 2];
    __m128d m0 = _mm_set1_pd(-HUGE_VAL), m1 = m0;
    for (int i = 0; i < stride; i += 4) {
        __m128d t0 = _mm_add_pd(_mm_add_pd(_mm_mul_pd(_mm_loadu_pd(x + i), dx), _mm_mul_pd(_mm_loadu_pd(y + i), dy)),
                                _mm_mul_pd(_mm_loadu_pd(z + i), dz));
        __m128d t1 = _mm_add_pd(
            _mm_add_pd(_mm_mul_pd(_mm_loadu_pd(x + i + 2), dx), _mm_mul_pd(_mm_loadu_pd(y + i + 2), dy)),
            _mm_mul_pd(_mm_loadu_pd(z + i + 2), dz));
        dots[i / 2] = t0;
        dots[i / 2 + 1] = t1;
        m0 = _mm_max_pd(m0, t0);
        m1 = _mm_max_pd(m1, t1);
    }
    __m128d m = _mm_max_pd(m0, m1);
    m = _mm_max_pd(m, _mm_shuffle_pd(m, m, 1));
    for (int j0 = 0; j0 < stride / 2; j0 += 32) {
        unsigned long long mask = 0;
        int j1 = j0 + 32 < stride / 2 ? j0 + 32 : stride / 2;
        for (int j = j0; j < j1; ++j)
            mask |= (unsigned long long)_mm_movemask_pd(_mm_cmpeq_pd(dots[j], m)) << (2 * (j - j0));
        if (mask) return 2 * j0 + hull_first_bit(mask);
    }
    return 0;
}
#elif defined(HULL_SCAN_SSE2)
static int hull_scan_rows(const gjk_real *x, int stride, gjk_vec3 d) {
    const gjk_real *y = x + stride, *z = y + stride;
    __m128 dx = _mm_set1_ps(d.x), dy = _mm_set1_ps(d.y), dz = _mm_set1_ps(d.z);
    __m128 dots[GJK_HULL_GRID_MIN / 4 + 1];
    __m128 m = _mm_set1_ps(-HUGE_VALF);
    for (int i = 0; i < stride; i += 4) {
        __m128 t = _mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_loadu_ps(x + i), dx), _mm_mul_ps(_mm_loadu_ps(y + i), dy)),
                              _mm_mul_ps(_mm_loadu_ps(z + i), dz));
        dots[i / 4] = t;
        m = _mm_max_ps(m, t);
    }
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
    m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
    for (int j0 = 0; j0 < stride / 4; j0 += 16) {
        unsigned long long mask = 0;
        int j1 = j0 + 16 < stride / 4 ? j0 + 16 : stride / 4;
        for (int j = j0; j < j1; ++j)
            mask |= (unsigned long long)_mm_movemask_ps(_mm_cmpeq_ps(dots[j], m)) << (4 * (j - j0));
        if (mask) return 4 * j0 + hull_first_bit(mask);
    }
    return 0;
}
#else
static int hull_scan_rows(const gjk_real *x, int stride, gjk_vec3 d) {
    const gjk_real *y = x + stride, *z = y + stride;
    gjk_real dots[GJK_HULL_GRID_MIN + 3], m = -(gjk_real)HUGE_VAL;
    for (int i = 0; i < stride; ++i) {
        dots[i] = x[i] * d.x + y[i] * d.y + z[i] * d.z;
        m = dots[i] > m ? dots[i] : m;
    }
    for (int i = 0; i < stride; ++i)
        if (dots[i] == m) return i;
    return 0;
}
#endif

/* Hill climbing over the hull's edge graph (van den Bergen, "Collision Detection in Interactive 3D Environments", 2003,
   sec. 4.3.4; Cameron, "Enhancing GJK: computing minimum and penetration distances between convex polyhedra", ICRA
   1997): move to the best neighbour while it is strictly farther along d. On a convex polytope a vertex with no better
   neighbour maximises any linear function, so the walk ends at a support vertex; values strictly increase, so it cannot
   cycle, and it takes at most vertex_count steps. */
int gjk_hull3_climb(const gjk_hull3 *h, gjk_vec3 d, int start) {
    const gjk_vec3 *v = h->vertices;
    const int *first = h->vertex_first, *adj = h->vertex_adjacency;
    int cur = start;
    gjk_real cur_dot = gjk_dot3(v[cur], d);
    for (int steps = 0; steps < h->vertex_count; ++steps) {
        int next = cur;
        gjk_real next_dot = cur_dot;
        for (int k = first[cur]; k < first[cur + 1]; ++k) {
            int j = adj[k];
            gjk_real t = gjk_dot3(v[j], d);
            next = t > next_dot ? j : next;
            next_dot = t > next_dot ? t : next_dot;
        }
        COUNT(first[cur + 1] - first[cur]);
        if (next == cur) break;
        cur = next;
        cur_dot = next_dot;
    }
    return cur;
}

int gjk_hull3_support_index(const gjk_hull3 *h, gjk_vec3 d) {
    if (h->vertex_soa) {
        COUNT(h->vertex_count);
        return hull_scan_rows(h->vertex_soa, h->vertex_soa_stride, d);
    }
    int k = h->support_grid;
    if (k <= 0 || !h->support_cells) return hull_scan(h, d);
    /* The cell of d (see build_support_cells in hull3.c): the major axis picks the cube face, the other two
       coordinates over the major one (in [-1, 1]) the cell. */
    gjk_real ax = GJK_ABS(d.x), ay = GJK_ABS(d.y), az = GJK_ABS(d.z);
    int face;
    gjk_real major, u, w;
    if (ax >= ay && ax >= az) face = 0, major = d.x, u = d.y, w = d.z;
    else if (ay >= az) face = 2, major = d.y, u = d.z, w = d.x;
    else face = 4, major = d.z, u = d.x, w = d.y;
    gjk_real m = GJK_ABS(major);
    /* Zero or NaN direction: any vertex is a valid answer (and keeps NaN out of the integer conversion). */
    if (!(m > 0) || !(GJK_ABS(u) <= m) || !(GJK_ABS(w) <= m)) return 0;
    face += major < 0;
    gjk_real half = GJK_R(0.5) * (gjk_real)k / m;
    int i = (int)((u + m) * half), j = (int)((w + m) * half);
    i = i < k ? i : k - 1;
    j = j < k ? j : k - 1;
    COUNT(1);
    return gjk_hull3_climb(h, d, h->support_cells[(face * k + i) * k + j]);
}

/* Directions reach the supports at any length: the boolean GJK's are cross products of points of D (cubic in the
   coordinates: 1e15 in float for shapes 1e5 across). The curved supports square them, and the squares overflow: an
   ellipsoid 1e5 across would answer its centre, and gjk_intersect3 would claim a separation by 2.6e4 of shapes that
   overlap by 7e3 (float; regression seed regression_huge_direction). Such directions are scaled by their largest
   component first; ordinary ones pass untouched (a compare, not a division). */
#if GJK_USE_FLOAT
#define DIR_LO GJK_R(1e-12)
#define DIR_HI GJK_R(1e12)
#else
#define DIR_LO 1e-100
#define DIR_HI 1e100
#endif
static gjk_vec3 tame(gjk_vec3 d) {
    gjk_real m = gjk_maxr(GJK_ABS(d.x), gjk_maxr(GJK_ABS(d.y), GJK_ABS(d.z)));
    if ((m >= DIR_LO && m <= DIR_HI) || !(m > 0) || !(m <= GJK_REAL_MAX)) return d;
    return gjk_v3(d.x / m, d.y / m, d.z / m); /* (1 / m overflows for a subnormal m) */
}
/* |(x, y)| without underflow when the radial part is tiny next to d's z (its squares would vanish and the rim
   point with them). */
static gjk_real radial(gjk_real x, gjk_real y) {
    gjk_real rr = x * x + y * y;
    if (rr >= GJK_REAL_TINY2) return GJK_SQRT(rr);
    gjk_real m = gjk_maxr(GJK_ABS(x), GJK_ABS(y));
    if (!(m > 0)) return 0;
    x /= m;
    y /= m;
    return m * GJK_SQRT(x * x + y * y);
}

/* The rim point (x, y) scaled to length `radius`; false when (x, y) is zero. A tiny radial part is first scaled
   up to unit size: radius / |(x, y)| overflows when |(x, y)| is subnormal (a cylinder's support along
   (0, 3.7e-317, -1.5) would come out (NaN, inf), and boolean GJK would call a point 1.52 below the cap inside;
   regression seed regression_subnormal_rim). */
static bool rim_point(gjk_real x, gjk_real y, gjk_real radius, gjk_real *px, gjk_real *py) {
    gjk_real rr = x * x + y * y;
    if (!(rr >= GJK_REAL_TINY2)) {
        gjk_real m = gjk_maxr(GJK_ABS(x), GJK_ABS(y));
        if (!(m > 0)) return false;
        x /= m;
        y /= m;
        rr = x * x + y * y;
    }
    gjk_real k = radius / GJK_SQRT(rr);
    *px = x * k;
    *py = y * k;
    return true;
}

gjk_vec3 gjk_core3_support(const gjk_shape3 *s, gjk_vec3 d) {
    switch (s->type) {
    case GJK_SHAPE3_POINT:
    case GJK_SHAPE3_SPHERE: return gjk_v3(0, 0, 0);
    case GJK_SHAPE3_SEGMENT: return gjk_dot3(gjk_sub3(s->segment.b, s->segment.a), d) > 0 ? s->segment.b : s->segment.a;
    case GJK_SHAPE3_TRIANGLE: {
        gjk_vec3 p = s->triangle.a;
        gjk_real best = gjk_dot3(p, d), t;
        if ((t = gjk_dot3(s->triangle.b, d)) > best) {
            best = t;
            p = s->triangle.b;
        }
        if (gjk_dot3(s->triangle.c, d) > best) p = s->triangle.c;
        return p;
    }
    case GJK_SHAPE3_BOX:
    case GJK_SHAPE3_CAPSULE: return gjk_core3_support_inline(s, d);
    case GJK_SHAPE3_CYLINDER: {
        /* The rim point along the radial part of d; with no radial part the cap centre is a valid support. */
        d = tame(d);
        gjk_real z = sign_half(d.z, s->cylinder.half_height), x, y;
        if (!rim_point(d.x, d.y, s->cylinder.radius, &x, &y)) return gjk_v3(0, 0, z);
        return gjk_v3(x, y, z);
    }
    case GJK_SHAPE3_CONE: {
        /* Either the apex (0, 0, h) or a point of the base rim at z = -h: whichever reaches farther along d. */
        gjk_real h = s->cone.half_height, r = s->cone.radius;
        d = tame(d);
        gjk_real rho = radial(d.x, d.y);
        if (d.z * h >= rho * r - d.z * h) return gjk_v3(0, 0, h);
        gjk_real x, y;
        if (!rim_point(d.x, d.y, r, &x, &y)) return gjk_v3(0, 0, -h);
        return gjk_v3(x, y, -h);
    }
    case GJK_SHAPE3_ELLIPSOID: {
        /* The ellipsoid is the unit sphere scaled by r: support = r * (r d) / |r d|. */
        gjk_vec3 r = s->ellipsoid.radii;
        gjk_vec3 t = tame(gjk_mul3(r, tame(d)));
        gjk_real l = gjk_len3(t);
        if (!(l > 0)) return gjk_v3(r.x, 0, 0);
        return gjk_scale3(gjk_mul3(r, t), GJK_R(1.0) / l);
    }
    case GJK_SHAPE3_HULL: return s->hull.hull->vertices[gjk_hull3_support_index(s->hull.hull, d)];
    case GJK_SHAPE3_USER: {
        if (d.x == 0 && d.y == 0 && d.z == 0) d = gjk_v3(1, 0, 0);
        d = tame(d); /* (user code squares d as readily as ours) */
        gjk_vec3 p = s->user.support(d, s->user.data);
        /* A callback that returns NaN must not poison the arithmetic: the origin stands in for it (the queries
           guard the callback and report GJK_INVALID_INPUT, see query3.c; gjk_shape3_support returns the origin). */
        return gjk_finite3(p) ? p : gjk_v3(0, 0, 0);
    }
    case GJK_SHAPE3_TYPE_COUNT: break;
    }
    return gjk_v3(0, 0, 0);
}

static gjk_vec3 user3_guarded_support(gjk_vec3 d, const void *data) {
    const gjk_user_guard3 *g = (const gjk_user_guard3 *)data;
    gjk_vec3 p = g->support(d, g->data);
    if (gjk_bounded3(p)) return p;
    *g->bad = true;
    return gjk_v3(0, 0, 0);
}

const gjk_shape3 *gjk_user3_guard_copy(const gjk_shape3 *s, gjk_shape3 *copy, gjk_user_guard3 *guard, bool *bad) {
    guard->support = s->user.support;
    guard->data = s->user.data;
    guard->bad = bad;
    *copy = *s;
    copy->user.support = user3_guarded_support;
    copy->user.data = guard;
    return copy;
}

gjk_real gjk_core3_radius(const gjk_shape3 *s) {
    gjk_real r = s->margin;
    if (s->type == GJK_SHAPE3_SPHERE) r += s->sphere.radius;
    if (s->type == GJK_SHAPE3_CAPSULE) r += s->capsule.radius;
    return r;
}

gjk_vec3 gjk_core3_center(const gjk_shape3 *s) {
    switch (s->type) {
    case GJK_SHAPE3_SEGMENT: return gjk_scale3(gjk_add3(s->segment.a, s->segment.b), GJK_R(0.5));
    case GJK_SHAPE3_TRIANGLE:
        return gjk_scale3(gjk_add3(gjk_add3(s->triangle.a, s->triangle.b), s->triangle.c), GJK_R(1.0) / GJK_R(3.0));
    case GJK_SHAPE3_HULL: return s->hull.hull->centroid;
    case GJK_SHAPE3_USER: {
        /* Midpoint of two opposite supports: inside the shape. */
        gjk_vec3 p = gjk_core3_support(s, gjk_v3(1, 0, 0)), q = gjk_core3_support(s, gjk_v3(-1, 0, 0));
        return gjk_scale3(gjk_add3(p, q), GJK_R(0.5));
    }
    default: return gjk_v3(0, 0, 0);
    }
}

bool gjk_core3_is_polytope(const gjk_shape3 *s) {
    return s->type != GJK_SHAPE3_CYLINDER && s->type != GJK_SHAPE3_CONE && s->type != GJK_SHAPE3_ELLIPSOID &&
           s->type != GJK_SHAPE3_USER;
}

/* The public support function checks what the queries check (once per query there): an invalid shape gives the
   origin, as in 2D. A non-finite direction counts as zero; a finite one is scaled to a largest component of 1, so
   that neither the formulas above (r * d for the ellipsoid, the hull's cell lookup) nor a user callback see an
   overflow, an underflow to zero or a NaN (the callback is promised a finite, non-zero direction). */
gjk_vec3 gjk_shape3_support(const gjk_shape3 *s, gjk_vec3 d) {
    if (gjk_shape3_validate(s) != GJK_OK) return gjk_v3(0, 0, 0);
    if (!gjk_finite3(d)) d = gjk_v3(0, 0, 0);
    gjk_real m = gjk_maxr(GJK_ABS(d.x), gjk_maxr(GJK_ABS(d.y), GJK_ABS(d.z)));
    if (m > 0) d = gjk_v3(d.x / m, d.y / m, d.z / m); /* (1 / m overflows for a subnormal m) */
    gjk_vec3 p = gjk_core3_support(s, d);
    gjk_real r = gjk_core3_radius(s);
    if (r > 0) p = gjk_mad3(p, r, gjk_normalize3(d));
    return p;
}
