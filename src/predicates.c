// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Exact geometric predicates and small allocation-hook helpers for hull construction.

   The orientation test is a floating-point filter backed by Shewchuk's expansion arithmetic ("Adaptive precision
   floating-point arithmetic and fast robust geometric predicates", Discrete Comput. Geom. 18, 1997) when the
   filter cannot decide. The error-free transformations need IEEE double arithmetic without fused multiply-add
   contraction (the build passes -ffp-contract=off). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "internal.h"

/* ---- exact orientation -------------------------------------------------------------------------------------- */
/* An expansion is an array of doubles, non-overlapping and in increasing magnitude, zeros removed: its value is
   the exact sum, its sign that of the last term (Shewchuk 1997). Float builds evaluate in double as well. */

void gjk_two_sum(double a, double b, double *x, double *y) {
    double s = a + b, bv = s - a, av = s - bv;
    *x = s;
    *y = (a - av) + (b - bv);
}

void gjk_two_diff(double a, double b, double *x, double *y) {
    double s = a - b, bv = a - s, av = s + bv;
    *x = s;
    *y = (a - av) + (bv - b);
}

static void split(double a, double *hi, double *lo) {
    double c = 134217729.0 * a; /* 2^27 + 1: Veltkamp's splitter for 53-bit doubles */
    *hi = c - (c - a);
    *lo = a - *hi;
}

void gjk_two_product(double a, double b, double *x, double *y) {
    double ah, al, bh, bl, p = a * b;
    split(a, &ah, &al);
    split(b, &bh, &bl);
    *x = p;
    *y = al * bl - (((p - ah * bh) - al * bh) - ah * bl);
}

/* h = e + b. h may be e (in place): term i is written after term i is read. */
static int exp_grow(double *h, const double *e, int n, double b) {
    int k = 0;
    for (int i = 0; i < n; i++) {
        double s, t;
        gjk_two_sum(b, e[i], &s, &t);
        b = s;
        if (t != 0.0) h[k++] = t;
    }
    if (b != 0.0) h[k++] = b;
    return k;
}

/* h = e * b; h holds 2n terms. */
static int exp_scale(double *h, const double *e, int n, double b) {
    double q, t, hi, lo, s;
    int k = 0;
    if (n == 0 || b == 0.0) return 0;
    gjk_two_product(e[0], b, &q, &t);
    if (t != 0.0) h[k++] = t;
    for (int i = 1; i < n; i++) {
        gjk_two_product(e[i], b, &hi, &lo);
        gjk_two_sum(q, lo, &s, &t);
        if (t != 0.0) h[k++] = t;
        q = hi + s; /* fast two-sum: |hi| >= |s| */
        t = s - (q - hi);
        if (t != 0.0) h[k++] = t;
    }
    if (q != 0.0) h[k++] = q;
    return k;
}

/* h = e * f; h holds 2 * ne * nf terms. */
static int exp_mul(double *h, const double *e, int ne, const double *f, int nf) {
    double t[32];
    int nh = 0;
    for (int j = 0; j < nf; j++) {
        int nt = exp_scale(t, e, ne, f[j]);
        for (int i = 0; i < nt; i++) nh = exp_grow(h, h, nh, t[i]);
    }
    return nh;
}

static int exp_diff(double *h, double a, double b) {
    double x, y;
    int k = 0;
    gjk_two_diff(a, b, &x, &y);
    if (y != 0.0) h[k++] = y;
    if (x != 0.0) h[k++] = x;
    return k;
}

/* Exact sign of (p - a) . ((b - a) x (c - a)), coordinates given as double[3]. */
static int orient_exact(const double *a, const double *b, const double *c, const double *p) {
    double x[3][2], y[3][2], z[3][2], m1[8], m2[8], minor[16], term[64], det[192];
    int nx[3], ny[3], nz[3], nd = 0;
    for (int k = 0; k < 3; k++) {
        nx[k] = exp_diff(x[k], p[k], a[k]);
        ny[k] = exp_diff(y[k], b[k], a[k]);
        nz[k] = exp_diff(z[k], c[k], a[k]);
    }
    for (int k = 0; k < 3; k++) { /* det += x[k] * (y[i] z[j] - y[j] z[i]) */
        int i = (k + 1) % 3, j = (k + 2) % 3;
        int n1 = exp_mul(m1, y[i], ny[i], z[j], nz[j]);
        int n2 = exp_mul(m2, y[j], ny[j], z[i], nz[i]);
        int nm = n1, nt;
        memcpy(minor, m1, sizeof(double) * (size_t)n1);
        for (int t = 0; t < n2; t++) nm = exp_grow(minor, minor, nm, -m2[t]);
        nt = exp_mul(term, minor, nm, x[k], nx[k]);
        for (int t = 0; t < nt; t++) nd = exp_grow(det, det, nd, term[t]);
    }
    return nd == 0 ? 0 : (det[nd - 1] > 0.0 ? 1 : -1);
}

/* Sign of the volume (p - a) . ((b - a) x (c - a)): +1 when p is above the counter-clockwise triangle abc. A
   floating-point filter with a static error bound (Shewchuk's o3derrboundA, rounded up) decides almost every call. */
int gjk_orient3d(gjk_vec3 pa, gjk_vec3 pb, gjk_vec3 pc, gjk_vec3 pp) {
    const double a[3] = {pa.x, pa.y, pa.z}, b[3] = {pb.x, pb.y, pb.z}, c[3] = {pc.x, pc.y, pc.z};
    const double p[3] = {pp.x, pp.y, pp.z}, e = DBL_EPSILON * 0.5;
    double x[3], y[3], z[3], det = 0.0, perm = 0.0;
    for (int k = 0; k < 3; k++) {
        x[k] = p[k] - a[k];
        y[k] = b[k] - a[k];
        z[k] = c[k] - a[k];
    }
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        double u = y[i] * z[j], v = y[j] * z[i];
        det += x[k] * (u - v);
        perm += fabs(x[k]) * (fabs(u) + fabs(v));
    }
    if (det > (8.0 + 64.0 * e) * e * perm) return 1;
    if (-det > (8.0 + 64.0 * e) * e * perm) return -1;
    return orient_exact(a, b, c, p);
}

/* ---- small helpers ------------------------------------------------------------------------------------------- */

/* In-place heapsort. Not qsort: glibc's qsort may malloc a merge buffer, and hull creation allocates only through
   the allocator hook. The comparators are total orders (ties broken by index), so the result is deterministic. */
static void sift_down(unsigned char *a, size_t root, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
    unsigned char tmp[32];
    for (size_t child; (child = 2 * root + 1) < n; root = child) {
        if (child + 1 < n && cmp(a + child * size, a + (child + 1) * size) < 0) child++;
        if (cmp(a + root * size, a + child * size) >= 0) return;
        memcpy(tmp, a + root * size, size);
        memcpy(a + root * size, a + child * size, size);
        memcpy(a + child * size, tmp, size);
    }
}

void gjk_heap_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
    unsigned char *a = (unsigned char *)base, tmp[32];
    GJK_ASSERT(size <= sizeof tmp);
    for (size_t i = n / 2; i-- > 0;) sift_down(a, i, n, size, cmp);
    for (size_t end = n; end-- > 1;) {
        memcpy(tmp, a, size);
        memcpy(a, a + end * size, size);
        memcpy(a + end * size, tmp, size);
        sift_down(a, 0, end, size, cmp);
    }
}


/* Room for `need` elements of `size` bytes: a bigger copy (the allocator hook has no realloc). NULL when out of
   memory, the old array then untouched. */
void *gjk_grow(void *arr, int *cap, int need, size_t size) {
    int c = *cap > 0 ? *cap : 64;
    void *a;
    if (need <= *cap) return arr;
    while (c < need) c *= 2;
    a = gjk_alloc((size_t)c * size);
    if (!a) return NULL;
    if (arr) memcpy(a, arr, (size_t)*cap * size);
    gjk_free(arr);
    *cap = c;
    return a;
}

