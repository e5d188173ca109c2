// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Brute-force 2D oracle: see oracle2.h. Everything in double, O(n*m) and obviously correct rather than fast. */
#include "oracle2.h"

#include <math.h>

o2_vec o2_v(double x, double y) {
    o2_vec r = {x, y};
    return r;
}
o2_vec o2_of(gjk_vec2 v) { return o2_v((double)v.x, (double)v.y); }

static o2_vec sub(o2_vec a, o2_vec b) { return o2_v(a.x - b.x, a.y - b.y); }
static o2_vec add(o2_vec a, o2_vec b) { return o2_v(a.x + b.x, a.y + b.y); }
static o2_vec scale(o2_vec a, double s) { return o2_v(a.x * s, a.y * s); }
static double dot(o2_vec a, o2_vec b) { return a.x * b.x + a.y * b.y; }
static double cross(o2_vec a, o2_vec b) { return a.x * b.y - a.y * b.x; }
static double len(o2_vec a) { return sqrt(dot(a, a)); }

static o2_vec place(o2_vec p, double c, double s, o2_vec t) {
    return o2_v(c * p.x - s * p.y + t.x, s * p.x + c * p.y + t.y);
}

o2_shape o2_from_shape(const gjk_shape2 *shape, gjk_pose2 pose) {
    o2_shape o;
    double c = (double)pose.rotation.c, s = (double)pose.rotation.s;
    double l = sqrt(c * c + s * s);
    c /= l;
    s /= l;
    o2_vec t = o2_of(pose.position);
    o.r = (double)shape->margin;
    o.n = 0;
    switch (shape->type) {
    case GJK_SHAPE2_POINT: o.v[o.n++] = t; break;
    case GJK_SHAPE2_SEGMENT:
        o.v[o.n++] = place(o2_of(shape->segment.a), c, s, t);
        o.v[o.n++] = place(o2_of(shape->segment.b), c, s, t);
        break;
    case GJK_SHAPE2_CIRCLE:
        o.v[o.n++] = t;
        o.r += (double)shape->circle.radius;
        break;
    case GJK_SHAPE2_BOX: {
        double hx = (double)shape->box.half_extents.x, hy = (double)shape->box.half_extents.y;
        o.v[o.n++] = place(o2_v(-hx, -hy), c, s, t);
        o.v[o.n++] = place(o2_v(hx, -hy), c, s, t);
        o.v[o.n++] = place(o2_v(hx, hy), c, s, t);
        o.v[o.n++] = place(o2_v(-hx, hy), c, s, t);
        break;
    }
    case GJK_SHAPE2_CAPSULE: {
        double h = (double)shape->capsule.half_height;
        o.v[o.n++] = place(o2_v(0, -h), c, s, t);
        o.v[o.n++] = place(o2_v(0, h), c, s, t);
        o.r += (double)shape->capsule.radius;
        break;
    }
    case GJK_SHAPE2_POLYGON: {
        const gjk_hull2 *h = shape->polygon.hull;
        for (int i = 0; i < h->vertex_count && i < O2_MAX_VERTICES; i++)
            o.v[o.n++] = place(o2_of(h->vertices[i]), c, s, t);
        break;
    }
    default: o.v[o.n++] = t; break;
    }
    return o;
}

o2_shape o2_translated(const o2_shape *s, o2_vec t) {
    o2_shape o = *s;
    for (int i = 0; i < o.n; i++) o.v[i] = add(o.v[i], t);
    return o;
}

static double core_support(const o2_shape *s, o2_vec n) {
    double m = dot(s->v[0], n);
    for (int i = 1; i < s->n; i++) m = fmax(m, dot(s->v[i], n));
    return m;
}

double o2_support_value(const o2_shape *s, o2_vec n) { return core_support(s, n) + s->r * len(n); }

static o2_vec closest_on_segment(o2_vec p, o2_vec a, o2_vec b) {
    o2_vec e = sub(b, a);
    double ee = dot(e, e);
    double t = ee > 0 ? dot(sub(p, a), e) / ee : 0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return add(a, scale(e, t));
}

static int orient(o2_vec a, o2_vec b, o2_vec c) {
    double x = cross(sub(b, a), sub(c, a));
    return (x > 0) - (x < 0);
}

static bool on_segment(o2_vec p, o2_vec a, o2_vec b) {
    return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) && fmin(a.y, b.y) <= p.y && p.y <= fmax(a.y, b.y);
}

double o2_segment_distance(o2_vec p0, o2_vec p1, o2_vec q0, o2_vec q1) {
    int o1 = orient(p0, p1, q0), o2 = orient(p0, p1, q1), o3 = orient(q0, q1, p0), o4 = orient(q0, q1, p1);
    if (o1 * o2 < 0 && o3 * o4 < 0) return 0;
    if ((o1 == 0 && on_segment(q0, p0, p1)) || (o2 == 0 && on_segment(q1, p0, p1)) ||
        (o3 == 0 && on_segment(p0, q0, q1)) || (o4 == 0 && on_segment(p1, q0, q1)))
        return 0;
    double d = len(sub(q0, closest_on_segment(q0, p0, p1)));
    d = fmin(d, len(sub(q1, closest_on_segment(q1, p0, p1))));
    d = fmin(d, len(sub(p0, closest_on_segment(p0, q0, q1))));
    d = fmin(d, len(sub(p1, closest_on_segment(p1, q0, q1))));
    return d;
}

/* Closest pair between the cores, assuming they are disjoint: least over vertex-edge pairs. */
static double core_closest(const o2_shape *a, const o2_shape *b, o2_vec *from_a_to_b) {
    double best = INFINITY;
    for (int pass = 0; pass < 2; pass++) {
        const o2_shape *p = pass == 0 ? a : b, *q = pass == 0 ? b : a;
        int edges = q->n == 1 ? 1 : (q->n == 2 ? 1 : q->n);
        for (int i = 0; i < p->n; i++) {
            for (int j = 0; j < edges; j++) {
                o2_vec q0 = q->v[j], q1 = q->v[(j + 1) % q->n];
                o2_vec c = closest_on_segment(p->v[i], q0, q1);
                o2_vec d = pass == 0 ? sub(c, p->v[i]) : sub(p->v[i], c);
                double l = len(d);
                if (l < best) {
                    best = l;
                    *from_a_to_b = d;
                }
            }
        }
    }
    return best;
}

/* Candidate axes: every edge normal of both cores, both signs, and for segments also their direction; for two
   points the line between them. */
static int candidates(const o2_shape *a, const o2_shape *b, o2_vec *out) {
    int k = 0;
    for (int pass = 0; pass < 2; pass++) {
        const o2_shape *s = pass == 0 ? a : b;
        int edges = s->n == 1 ? 0 : (s->n == 2 ? 1 : s->n);
        for (int j = 0; j < edges; j++) {
            o2_vec e = sub(s->v[(j + 1) % s->n], s->v[j]);
            double l = len(e);
            if (!(l > 0)) continue;
            e = scale(e, 1.0 / l);
            out[k++] = o2_v(e.y, -e.x);
            out[k++] = o2_v(-e.y, e.x);
            if (s->n == 2) {
                out[k++] = e;
                out[k++] = scale(e, -1);
            }
        }
    }
    if (a->n == 1 && b->n == 1) {
        o2_vec d = sub(b->v[0], a->v[0]);
        double l = len(d);
        if (l > 0) {
            out[k++] = scale(d, 1.0 / l);
            out[k++] = scale(d, -1.0 / l);
        }
    }
    return k;
}

o2_answer o2_query(const o2_shape *a, const o2_shape *b) {
    o2_answer r;
    o2_vec axes[4 * 2 * O2_MAX_VERTICES + 2];
    int k = candidates(a, b, axes);
    /* SAT: overlap along n is max_A n.x - min_B n.y; the least over D's edge normals is the depth when positive,
       and some axis gives a negative value exactly when the cores are disjoint. */
    double best = INFINITY;
    int best_i = -1;
    for (int i = 0; i < k; i++) {
        double o = core_support(a, axes[i]) + core_support(b, scale(axes[i], -1));
        if (o < best) {
            best = o;
            best_i = i;
        }
    }
    if (k == 0) best = 0; /* two coincident points */
    double R = a->r + b->r;
    if (best < 0) {
        o2_vec d = o2_v(1, 0);
        double cd = core_closest(a, b, &d);
        r.core_distance = cd;
        r.core_depth = 0;
        r.signed_distance = cd - R;
        r.normal = scale(d, 1.0 / cd);
        r.normal_unique = true;
        return r;
    }
    r.core_distance = 0;
    r.core_depth = best;
    r.signed_distance = -(best + R);
    r.normal = best_i >= 0 ? axes[best_i] : o2_v(1, 0);
    /* Unique when every other axis within a small margin of the best points the same way. */
    r.normal_unique = best_i >= 0;
    double margin = 1e-6 * (1.0 + fabs(best));
    for (int i = 0; i < k && r.normal_unique; i++) {
        double o = core_support(a, axes[i]) + core_support(b, scale(axes[i], -1));
        if (o <= best + margin && dot(axes[i], r.normal) < 1 - 1e-12) r.normal_unique = false;
    }
    return r;
}

double o2_point_signed_distance(o2_vec p, const o2_shape *s) {
    o2_shape pt;
    pt.n = 1;
    pt.v[0] = p;
    pt.r = 0;
    return o2_query(&pt, s).signed_distance;
}

/* ---- random numbers and polygons ---- */

static uint64_t next(o2_rng *g) {
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double o2_uniform(o2_rng *g, double lo, double hi) { return lo + (hi - lo) * ((double)(next(g) >> 11) * 0x1.0p-53); }

int o2_int(o2_rng *g, int lo, int hi) { return lo + (int)(next(g) % (uint64_t)(hi - lo + 1)); }

void o2_random_polygon(o2_rng *g, int count, double rx, double ry, gjk_hull2 *hull, gjk_vec2 *v, gjk_vec2 *n) {
    double ang[O2_MAX_VERTICES];
    const double two_pi = 6.283185307179586;
    /* Angles: count cells of the circle, one random angle in the middle half of each cell, so consecutive
       vertices stay apart and the polygon is strictly convex. */
    double phase = o2_uniform(g, 0, two_pi);
    for (int i = 0; i < count; i++) ang[i] = phase + two_pi * (i + o2_uniform(g, 0.25, 0.75)) / count;
    double cx = 0, cy = 0;
    for (int i = 0; i < count; i++) {
        v[i].x = (gjk_real)(rx * cos(ang[i]));
        v[i].y = (gjk_real)(ry * sin(ang[i]));
        cx += (double)v[i].x;
        cy += (double)v[i].y;
    }
    for (int i = 0; i < count; i++) {
        o2_vec e = sub(o2_of(v[(i + 1) % count]), o2_of(v[i]));
        double l = len(e);
        n[i].x = (gjk_real)(e.y / l);
        n[i].y = (gjk_real)(-e.x / l);
    }
    hull->dimension = 2;
    hull->vertex_count = count;
    hull->vertices = v;
    hull->normals = n;
    hull->centroid.x = (gjk_real)(cx / count);
    hull->centroid.y = (gjk_real)(cy / count);
    double rad = 0;
    for (int i = 0; i < count; i++) rad = fmax(rad, len(sub(o2_of(v[i]), o2_of(hull->centroid))));
    hull->radius = (gjk_real)rad;
}
