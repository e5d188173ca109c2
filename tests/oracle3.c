// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The exact-answer oracle for 3D queries: qhull for polytopes, closed forms for spheres, capsules and boxes.
 * Everything is double whatever gjk_real is, and nothing here calls the library, so that a bug in the library
 * cannot hide itself by also being in the oracle. */
#include "oracle3.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libqhull_r/qhull_ra.h>

/* ---- small vector helpers ---------------------------------------------------------------------------------------- */

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void sub(const double a[3], const double b[3], double r[3]) {
    r[0] = a[0] - b[0];
    r[1] = a[1] - b[1];
    r[2] = a[2] - b[2];
}
static void cross(const double a[3], const double b[3], double r[3]) {
    double x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
    r[0] = x;
    r[1] = y;
    r[2] = z;
}
static void copy3(const double a[3], double r[3]) { memcpy(r, a, 3 * sizeof(double)); }
static void mad(const double a[3], double s, const double b[3], double r[3]) {
    r[0] = a[0] + s * b[0];
    r[1] = a[1] + s * b[1];
    r[2] = a[2] + s * b[2];
}
static double len(const double a[3]) { return sqrt(dot(a, a)); }
static double dist(const double a[3], const double b[3]) {
    double d[3];
    sub(a, b, d);
    return len(d);
}
static void scale3(const double a[3], double s, double r[3]) {
    r[0] = a[0] * s;
    r[1] = a[1] * s;
    r[2] = a[2] * s;
}
static double clamp01(double x) { return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x); }

/* ---- closest points on segments and triangles -------------------------------------------------------------------- */

static void closest_on_segment(const double p[3], const double a[3], const double b[3], double out[3]) {
    double ab[3], ap[3];
    sub(b, a, ab);
    sub(p, a, ap);
    double l2 = dot(ab, ab);
    double t = l2 > 0.0 ? clamp01(dot(ap, ab) / l2) : 0.0;
    mad(a, t, ab, out);
}

/* Nearest point of triangle abc to p. The projection onto the triangle's plane is the answer when it falls inside
 * (tested with edge cross products against the normal, with either orientation, rather than barycentric divisions
 * that blow up for thin triangles); otherwise the nearest point lies on an edge. `plane` is the unit normal when the
 * caller knows it better than a cross product of two edges would (qhull's facet normal, a polygon's plane normal);
 * NULL: computed here, with its error component along the longest edge removed (for a sliver of height h and length
 * L the cross product's direction is off by about eps L / h, and along the long edge that error would tilt the
 * plane by as much). Degenerate triangles (segments, points) fall through to the edges. */
static void closest_on_triangle(const double p[3], const double a[3], const double b[3], const double c[3],
                                const double plane[3], double out[3]) {
    const double *v[3] = {a, b, c};
    double n[3];
    int have = 0;
    if (plane) {
        copy3(plane, n);
        have = 1;
    } else {
        double e[3][3], l2[3];
        for (int i = 0; i < 3; ++i) sub(v[(i + 1) % 3], v[i], e[i]), l2[i] = dot(e[i], e[i]);
        cross(e[0], e[1], n);
        double n2 = dot(n, n);
        int k = l2[0] >= l2[1] ? (l2[0] >= l2[2] ? 0 : 2) : (l2[1] >= l2[2] ? 1 : 2);
        if (n2 > 1e-28 * l2[0] * l2[1] && n2 > 0.0 && l2[k] > 0.0) {
            mad(n, -dot(n, e[k]) / l2[k], e[k], n);
            scale3(n, 1.0 / len(n), n);
            have = 1;
        }
    }
    if (have) {
        double ap[3], q[3], sign[3];
        sub(p, a, ap);
        mad(p, -dot(ap, n), n, q);
        for (int i = 0; i < 3; ++i) {
            double e[3], w[3], x[3];
            sub(v[(i + 1) % 3], v[i], e);
            sub(q, v[i], w);
            cross(e, w, x);
            sign[i] = dot(x, n);
        }
        if ((sign[0] >= 0.0 && sign[1] >= 0.0 && sign[2] >= 0.0) ||
            (sign[0] <= 0.0 && sign[1] <= 0.0 && sign[2] <= 0.0)) {
            copy3(q, out);
            return;
        }
    }
    double best = DBL_MAX, cand[3];
    for (int i = 0; i < 3; ++i) {
        closest_on_segment(p, v[i], v[(i + 1) % 3], cand);
        double d = dist(p, cand);
        if (d < best) {
            best = d;
            copy3(cand, out);
        }
    }
}

/* ---- hulls ------------------------------------------------------------------------------------------------------- */

/* qhull reports its precision complaints (flat input and the like) on errfile; the oracle handles them itself. */
static FILE *quiet_file(void) {
    static FILE *f;
    if (!f) f = fopen("/dev/null", "w");
    return f ? f : stderr;
}

static int alloc_hull(oracle3_hull *h, int nv, int nt, int with_planes) {
    h->vertices = malloc((size_t)(nv > 0 ? nv : 1) * sizeof *h->vertices);
    h->tris = malloc((size_t)(nt > 0 ? nt : 1) * sizeof *h->tris);
    h->normals = with_planes ? malloc((size_t)(nt > 0 ? nt : 1) * sizeof *h->normals) : NULL;
    h->offsets = with_planes ? malloc((size_t)(nt > 0 ? nt : 1) * sizeof *h->offsets) : NULL;
    return h->vertices && h->tris && (!with_planes || (h->normals && h->offsets));
}

/* Solid hull through qhull ("Qt": triangulated output, so every facet is a triangle with its plane). Returns 1 on
 * success, 0 when qhull refuses (typically a flat or nearly flat set). */
static int hull_qhull(oracle3_hull *h, const double (*pts)[3], int n) {
    if (n < 4) return 0;
    qhT qh_storage;
    qhT *qh = &qh_storage;
    coordT *coords = malloc((size_t)n * 3 * sizeof *coords);
    int *map = malloc((size_t)n * sizeof *map);
    if (!coords || !map) {
        free(coords);
        free(map);
        return 0;
    }
    memcpy(coords, pts, (size_t)n * 3 * sizeof *coords);
    char options[] = "qhull Qt";
    FILE *err = quiet_file();
    qh_zero(qh, err);
    int ok = qh_new_qhull(qh, 3, n, coords, False, options, NULL, err) == 0;
    if (ok) {
        facetT *facet;
        vertexT *vertex, **vertexp;
        int nv = 0, nt = 0;
        for (int i = 0; i < n; ++i) map[i] = -1;
        FORALLfacets { ++nt; }
        FORALLvertices { map[qh_pointid(qh, vertex->point)] = nv++; }
        ok = alloc_hull(h, nv, nt, 1);
        if (ok) {
            for (int i = 0; i < n; ++i)
                if (map[i] >= 0) copy3(pts[i], h->vertices[map[i]]);
            int f = 0;
            FORALLfacets {
                int k = 0;
                FOREACHvertex_(facet->vertices) {
                    if (k < 3) h->tris[f][k] = map[qh_pointid(qh, vertex->point)];
                    ++k;
                }
                if (k != 3) ok = 0; /* "Qt" promises triangles; anything else is an oracle failure */
                for (int j = 0; j < 3; ++j) h->normals[f][j] = facet->normal[j];
                h->offsets[f] = facet->offset;
                ++f;
            }
            h->dim = 3;
            h->vertex_count = nv;
            h->tri_count = nt;
            h->facet_count = nt;
        }
    }
    qh_freeqhull(qh, !qh_ALL);
    int curlong, totlong;
    qh_memfreeshort(qh, &curlong, &totlong);
    free(coords);
    free(map);
    return ok;
}

/* Andrew's monotone chain on 2D coordinates uv[], returning the hull's point indices counter-clockwise in out[]
 * (collinear points dropped). */
static int chain2(const double (*uv)[2], int *order, int n, int *out) {
    /* insertion sort by (u, v): the flat sets here are small (at most a few thousand points, and rare) */
    for (int i = 1; i < n; ++i) {
        int k = order[i], j = i - 1;
        while (j >= 0 && (uv[order[j]][0] > uv[k][0] || (uv[order[j]][0] == uv[k][0] && uv[order[j]][1] > uv[k][1]))) {
            order[j + 1] = order[j];
            --j;
        }
        order[j + 1] = k;
    }
    int m = 0;
    for (int pass = 0; pass < 2; ++pass) {
        int base = m;
        for (int ii = 0; ii < n; ++ii) {
            int i = pass == 0 ? order[ii] : order[n - 1 - ii];
            while (m >= base + 2) {
                const double *o = uv[out[m - 2]], *a = uv[out[m - 1]], *b = uv[i];
                double cr = (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
                if (cr > 0.0) break;
                --m;
            }
            out[m++] = i;
        }
        --m; /* the last point of each chain starts the other one */
    }
    return m < 1 ? 1 : m;
}

/* Hull of a set that qhull calls flat: a polygon in its plane, a segment or a point. Returns 0 when the set is not
 * flat after all (qhull failed for another reason). */
static int hull_flat(oracle3_hull *h, const double (*pts)[3], int n) {
    int i0 = 0, i1 = 0, i2 = 0;
    double best = -1.0;
    for (int i = 0; i < n; ++i) {
        double d = dist(pts[i], pts[0]);
        if (d > best) best = d, i1 = i;
    }
    best = -1.0;
    for (int i = 0; i < n; ++i) { /* farthest from i1: the two are about the set's diameter apart */
        double d = dist(pts[i], pts[i1]);
        if (d > best) best = d, i0 = i;
    }
    double L = best, e1[3], e2[3], nrm[3];
    sub(pts[i1], pts[i0], e1);
    if (!(L > 0.0)) {
        h->dim = 0;
        if (!alloc_hull(h, 1, 1, 0)) return 0;
        copy3(pts[0], h->vertices[0]);
        h->vertex_count = 1;
        h->tri_count = 1;
        h->tris[0][0] = h->tris[0][1] = h->tris[0][2] = 0;
        return 1;
    }
    best = -1.0;
    for (int i = 0; i < n; ++i) {
        double w[3], x[3];
        sub(pts[i], pts[i0], w);
        cross(e1, w, x);
        double d = len(x) / L;
        if (d > best) best = d, i2 = i;
    }
    if (best <= 1e-13 * L) { /* collinear: the extreme points along e1 */
        int lo = 0, hi = 0;
        for (int i = 0; i < n; ++i) {
            if (dot(pts[i], e1) < dot(pts[lo], e1)) lo = i;
            if (dot(pts[i], e1) > dot(pts[hi], e1)) hi = i;
        }
        if (!alloc_hull(h, 2, 1, 0)) return 0;
        copy3(pts[lo], h->vertices[0]);
        copy3(pts[hi], h->vertices[1]);
        h->dim = 1;
        h->vertex_count = 2;
        h->tri_count = 1;
        h->tris[0][0] = 0, h->tris[0][1] = h->tris[0][2] = 1;
        return 1;
    }
    sub(pts[i2], pts[i0], e2);
    /* For a thin set the cross product's direction is off by about eps L / width; removing its component along the
     * long direction e1 keeps that error from tilting the plane along the set's length. */
    double u[3], v[3];
    scale3(e1, 1.0 / L, u);
    cross(e1, e2, nrm);
    mad(nrm, -dot(nrm, u), u, nrm);
    scale3(nrm, 1.0 / len(nrm), nrm);
    cross(nrm, u, v);
    double thick = 0.0;
    for (int i = 0; i < n; ++i) {
        double w[3];
        sub(pts[i], pts[i0], w);
        thick = fmax(thick, fabs(dot(w, nrm)));
    }
    if (thick > 1e-10 * L) return 0;
    double(*uv)[2] = malloc((size_t)n * sizeof *uv);
    int *order = malloc((size_t)n * sizeof *order), *idx = malloc((size_t)(2 * n + 2) * sizeof *idx);
    int ok = uv && order && idx;
    if (ok) {
        for (int i = 0; i < n; ++i) {
            double w[3];
            sub(pts[i], pts[i0], w);
            uv[i][0] = dot(w, u);
            uv[i][1] = dot(w, v);
            order[i] = i;
        }
        int m = chain2((const double(*)[2])uv, order, n, idx);
        ok = m >= 3 && alloc_hull(h, m, m - 2, 0);
        if (ok) {
            for (int i = 0; i < m; ++i) copy3(pts[idx[i]], h->vertices[i]);
            for (int i = 0; i + 2 < m; ++i) h->tris[i][0] = 0, h->tris[i][1] = i + 1, h->tris[i][2] = i + 2;
            h->dim = 2;
            h->vertex_count = m;
            h->tri_count = m - 2;
            copy3(nrm, h->plane_normal);
        }
    }
    free(uv);
    free(order);
    free(idx);
    return ok;
}

int oracle3_hull_build(oracle3_hull *h, const double (*pts)[3], int n) {
    memset(h, 0, sizeof *h);
    if (n < 1) return 0;
    double lo[3], hi[3];
    copy3(pts[0], lo);
    copy3(pts[0], hi);
    for (int i = 1; i < n; ++i)
        for (int j = 0; j < 3; ++j) lo[j] = fmin(lo[j], pts[i][j]), hi[j] = fmax(hi[j], pts[i][j]);
    h->extent = dist(lo, hi);
    if (hull_qhull(h, pts, n)) return 1;
    oracle3_hull_free(h);
    h->extent = dist(lo, hi);
    if (hull_flat(h, pts, n)) return 1;
    oracle3_hull_free(h);
    return 0;
}

void oracle3_hull_free(oracle3_hull *h) {
    free(h->vertices);
    free(h->tris);
    free(h->normals);
    free(h->offsets);
    memset(h, 0, sizeof *h);
}

double oracle3_hull_sd(const oracle3_hull *h, const double p[3], double closest[3]) {
    double vmax = -DBL_MAX;
    if (h->dim == 3) {
        for (int f = 0; f < h->facet_count; ++f) vmax = fmax(vmax, dot(h->normals[f], p) + h->offsets[f]);
        /* Inside a convex polytope the nearest boundary point is on the nearest facet plane. */
        if (vmax <= 0.0) {
            if (closest) copy3(p, closest);
            return vmax;
        }
    }
    /* Outside, the nearest point lies on a facet whose plane p is above (some facet through the nearest point has
     * a positive plane value at p); the slack admits facets that rounding puts just below. */
    double slack = -1e-9 * (h->extent + len(p)), best = DBL_MAX, c[3];
    for (int t = 0; t < h->tri_count; ++t) {
        if (h->dim == 3 && dot(h->normals[t], p) + h->offsets[t] < slack) continue;
        const double *plane = h->dim == 3 ? h->normals[t] : h->dim == 2 ? h->plane_normal : NULL;
        closest_on_triangle(p, h->vertices[h->tris[t][0]], h->vertices[h->tris[t][1]], h->vertices[h->tris[t][2]],
                            plane, c);
        double d = dist(p, c);
        if (d < best) {
            best = d;
            if (closest) copy3(c, closest);
        }
    }
    return best;
}

double oracle3_hull_support(const oracle3_hull *h, const double d[3]) {
    double best = -DBL_MAX;
    for (int i = 0; i < h->vertex_count; ++i) best = fmax(best, dot(h->vertices[i], d));
    return best;
}

double oracle3_hull_certificate(const oracle3_hull *h, const double (*pts)[3], int n, double *closure) {
    double worst = 0.0, area[3] = {0, 0, 0}, total = 0.0;
    for (int f = 0; f < h->facet_count; ++f) {
        double top = -DBL_MAX;
        for (int i = 0; i < n; ++i) {
            double v = dot(h->normals[f], pts[i]) + h->offsets[f];
            worst = fmax(worst, v); /* a point outside a facet plane */
            top = fmax(top, v);
        }
        worst = fmax(worst, -top); /* a plane touching no point */
        const double *a = h->vertices[h->tris[f][0]], *b = h->vertices[h->tris[f][1]], *c = h->vertices[h->tris[f][2]];
        for (int k = 0; k < 3; ++k)
            worst = fmax(worst, fabs(dot(h->normals[f], h->vertices[h->tris[f][k]]) + h->offsets[f]));
        double ab[3], ac[3], x[3];
        sub(b, a, ab);
        sub(c, a, ac);
        cross(ab, ac, x);
        /* orient by the facet normal: qhull's vertex order is not the orientation */
        double s = dot(x, h->normals[f]) < 0.0 ? -0.5 : 0.5;
        mad(area, s, x, area);
        total += 0.5 * len(x);
    }
    /* a closed surface has a zero total area vector */
    *closure = total > 0.0 ? len(area) / total : 0.0;
    return worst;
}

/* ---- pairs through the Minkowski difference ---------------------------------------------------------------------- */

int oracle3_pair_build(oracle3_pair *p, const oracle3_hull *a, double ra, const oracle3_hull *b, double rb,
                       const double offset[3]) {
    memset(p, 0, sizeof *p);
    int n = a->vertex_count * b->vertex_count;
    double(*pts)[3] = malloc((size_t)n * sizeof *pts);
    if (!pts) return 0;
    /* Only hull vertices can be vertices of the difference, so the vertex sets suffice. */
    for (int i = 0; i < a->vertex_count; ++i)
        for (int j = 0; j < b->vertex_count; ++j) sub(a->vertices[i], b->vertices[j], pts[i * b->vertex_count + j]);
    int ok = oracle3_hull_build(&p->d, (const double(*)[3])pts, n);
    free(pts);
    p->radius = ra + rb;
    if (ok && offset) {
        const double minus[3] = {-offset[0], -offset[1], -offset[2]};
        oracle3_pair_translate(p, minus);
    }
    return ok;
}

void oracle3_pair_translate(oracle3_pair *p, const double v[3]) {
    for (int i = 0; i < p->d.vertex_count; ++i)
        for (int k = 0; k < 3; ++k) p->d.vertices[i][k] += v[k];
    for (int f = 0; f < p->d.facet_count; ++f) p->d.offsets[f] -= dot(p->d.normals[f], v);
}

void oracle3_pair_free(oracle3_pair *p) { oracle3_hull_free(&p->d); }

void oracle3_pair_answer(const oracle3_pair *p, double amb, double ndiff, oracle3_answer *out) {
    const double origin[3] = {0, 0, 0};
    double c[3];
    double s = oracle3_hull_sd(&p->d, origin, c);
    memset(out, 0, sizeof *out);
    out->distance = s - p->radius;
    if (s > amb) {
        /* separated cores: D's outward normal at its point nearest the origin, which points at the origin */
        scale3(c, -1.0 / s, out->normal);
        out->normal_unique = 1;
        out->tie_gap = DBL_MAX;
        return;
    }
    if (p->d.dim < 3) { /* touching a flat difference: no preferred side */
        copy3(p->d.plane_normal, out->normal);
        out->normal_unique = 0;
        return;
    }
    /* Overlapping (or touching) cores: the facet plane nearest the origin; unique unless a facet with a different
     * normal is within amb of it. */
    int best = 0;
    for (int f = 1; f < p->d.facet_count; ++f)
        if (p->d.offsets[f] > p->d.offsets[best]) best = f;
    double second = -DBL_MAX;
    for (int f = 0; f < p->d.facet_count; ++f) {
        double dn[3];
        sub(p->d.normals[f], p->d.normals[best], dn);
        if (len(dn) > ndiff) second = fmax(second, p->d.offsets[f]);
    }
    copy3(p->d.normals[best], out->normal);
    out->tie_gap = p->d.offsets[best] - second;
    out->normal_unique = out->tie_gap > amb;
    if (s > 0.0)
        out->distance = s - p->radius;
    else
        out->distance = p->d.offsets[best] - p->radius;
}

double oracle3_pair_sd_shifted(const oracle3_pair *p, const double shift[3]) {
    return oracle3_hull_sd(&p->d, shift, NULL) - p->radius;
}

/* ---- closed forms ------------------------------------------------------------------------------------------------ */

/* The squared distance between points of two segments is a convex quadratic on the unit square of parameters. Its
 * minimum is either the interior stationary point or a minimum along one of the square's four edges, each a 1D
 * clamped projection. Trying all candidates avoids the special cases (parallel or degenerate segments) where the
 * stationary point does not exist: there the minimum is attained on the boundary as well. */
double oracle3_segment_closest(const double p1[3], const double q1[3], const double p2[3], const double q2[3],
                               double c1[3], double c2[3]) {
    double best = DBL_MAX, x1[3], x2[3], d1[3], d2[3], r[3];
    sub(q1, p1, d1);
    sub(q2, p2, d2);
    sub(p1, p2, r);
    double a = dot(d1, d1), e = dot(d2, d2), b = dot(d1, d2), c = dot(d1, r), f = dot(d2, r);
    double cand[6][2];
    int m = 0;
    double den = a * e - b * b;
    if (den > 1e-14 * a * e) cand[m][0] = (b * f - c * e) / den, cand[m][1] = (a * f - b * c) / den, ++m;
    for (int k = 0; k < 2; ++k) {
        double s = k, t = k; /* edges s = k (optimise t) and t = k (optimise s) */
        cand[m][0] = s, cand[m][1] = e > 0.0 ? clamp01((f + b * s) / e) : 0.0, ++m;
        cand[m][1] = t, cand[m][0] = a > 0.0 ? clamp01((b * t - c) / a) : 0.0, ++m;
    }
    for (int i = 0; i < m; ++i) {
        if (!(cand[i][0] >= 0.0 && cand[i][0] <= 1.0 && cand[i][1] >= 0.0 && cand[i][1] <= 1.0)) continue;
        mad(p1, cand[i][0], d1, x1);
        mad(p2, cand[i][1], d2, x2);
        double d = dist(x1, x2);
        if (d < best) {
            best = d;
            copy3(x1, c1);
            copy3(x2, c2);
        }
    }
    return best;
}

void oracle3_capsule_capsule(const double a0[3], const double a1[3], double ra, const double b0[3], const double b1[3],
                             double rb, double amb, oracle3_answer *out) {
    double c1[3], c2[3], d[3];
    double s = oracle3_segment_closest(a0, a1, b0, b1, c1, c2);
    memset(out, 0, sizeof *out);
    /* Rounded by R: the boundary of D = core ⊕ ball(R) is R - s from the origin inside and s - R outside, also when
     * the segments cross (s = 0: the flat core leaves R in its normal direction). */
    out->distance = s - (ra + rb);
    sub(c2, c1, d);
    if (s > amb) {
        scale3(d, 1.0 / s, out->normal);
        out->normal_unique = 1;
        out->tie_gap = DBL_MAX;
    }
}

void oracle3_box_sphere(const double centre[3], const double axes[3][3], const double half[3], const double c[3],
                        double r, double amb, oracle3_answer *out) {
    double w[3], loc[3], q[3], dl[3];
    sub(c, centre, w);
    memset(out, 0, sizeof *out);
    for (int i = 0; i < 3; ++i) {
        loc[i] = dot(w, axes[i]);
        q[i] = fmax(-half[i], fmin(half[i], loc[i]));
        dl[i] = loc[i] - q[i];
    }
    double s = len(dl);
    if (s > amb) { /* centre outside the box: nearest box point q */
        out->distance = s - r;
        for (int j = 0; j < 3; ++j) out->normal[j] = (dl[0] * axes[0][j] + dl[1] * axes[1][j] + dl[2] * axes[2][j]) / s;
        out->normal_unique = 1;
        out->tie_gap = DBL_MAX;
        return;
    }
    /* centre inside (or on) the box: leave through the nearest face */
    int best = 0;
    double gap[3];
    for (int i = 0; i < 3; ++i) gap[i] = half[i] - fabs(loc[i]);
    for (int i = 1; i < 3; ++i)
        if (gap[i] < gap[best]) best = i;
    double sign = loc[best] >= 0.0 ? 1.0 : -1.0;
    out->distance = s > 0.0 ? s - r : -(r + gap[best]);
    for (int j = 0; j < 3; ++j) out->normal[j] = sign * axes[best][j];
    /* runner-up: another axis, or the opposite face of the same axis */
    double second = 2.0 * half[best] - gap[best];
    for (int i = 0; i < 3; ++i)
        if (i != best) second = fmin(second, gap[i]);
    out->tie_gap = second - gap[best];
    out->normal_unique = out->tie_gap > amb;
}
