// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Supporting features of 3D shapes (feature3.h): which face, edge or vertex of each shape a contact manifold is
   built from. Everything here is in the shape's local frame, on its core (margins and radii are added by the
   manifold along the normal). */
#include "feature3.h"

/* A single point p (vid[0]). */
static void point_feature(gjk_feature3 *f, gjk_vec3 p, int vertex) {
    f->kind = GJK_FEATURE_POINT;
    f->count = 1;
    f->p[0] = p;
    f->vid[0] = f->code = gjk_code(GJK_CODE_VERTEX, vertex);
}

static void segment_feature(gjk_feature3 *f, gjk_vec3 p, int vp, gjk_vec3 q, int vq, int edge) {
    f->kind = GJK_FEATURE_SEGMENT;
    f->count = 2;
    f->p[0] = p;
    f->p[1] = q;
    f->vid[0] = gjk_code(GJK_CODE_VERTEX, vp);
    f->vid[1] = gjk_code(GJK_CODE_VERTEX, vq);
    f->eid[0] = f->eid[1] = f->code = gjk_code(GJK_CODE_EDGE, edge);
}

/* A segment p -> q (of any length) as a feature along d: the whole segment when it is perpendicular to d within
   the tolerance, else the end farther along d. */
static void segment_or_end(gjk_feature3 *f, gjk_vec3 p, gjk_vec3 q, gjk_vec3 d) {
    gjk_vec3 e = gjk_sub3(q, p);
    gjk_real l = gjk_len3(e), s = gjk_dot3(e, d);
    if (l > 0 && GJK_ABS(s) <= GJK_FEATURE_SIN * l)
        segment_feature(f, p, 0, q, 1, 0);
    else if (s > 0)
        point_feature(f, q, 1);
    else
        point_feature(f, p, 0);
}

/* ---- boxes: corners numbered by their sign bits (bit k set: coordinate k positive) ---------------------------- */

static gjk_vec3 box_corner(gjk_vec3 h, int i) {
    return gjk_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
}
/* The 12 edges: the lower corner (bit k clear) times 3 plus the axis k, the same from either face. */
static int box_edge(int i, int j) {
    int lo = i < j ? i : j, k = (i ^ j) == 1 ? 0 : ((i ^ j) == 2 ? 1 : 2);
    return lo * 3 + k;
}

/* Face 2 ax + pos of a box: counter-clockwise seen from outside, the other two axes u = ax + 1, v = ax + 2 (cyclic)
   take the signs (-,-), (+,-), (+,+), (-,+) on the positive face, reversed on the negative one. */
const uint16_t gjk_box_face_vid[6][4] = {{4, 6, 2, 0}, {1, 3, 7, 5}, {1, 5, 4, 0},
                                         {2, 6, 7, 3}, {2, 3, 1, 0}, {4, 5, 7, 6}};
const uint16_t gjk_box_face_eid[6][4] = {
    {0x4000 | 13, 0x4000 | 8, 0x4000 | 1, 0x4000 | 2},   {0x4000 | 4, 0x4000 | 11, 0x4000 | 16, 0x4000 | 5},
    {0x4000 | 5, 0x4000 | 12, 0x4000 | 2, 0x4000 | 0},   {0x4000 | 8, 0x4000 | 18, 0x4000 | 11, 0x4000 | 6},
    {0x4000 | 6, 0x4000 | 4, 0x4000 | 0, 0x4000 | 1},    {0x4000 | 12, 0x4000 | 16, 0x4000 | 18, 0x4000 | 13}};

static void box_feature(gjk_vec3 h, gjk_vec3 d, bool incident, gjk_feature3 *f) {
    const gjk_real c[3] = {d.x, d.y, d.z};
    int sv = (d.x >= 0) | (d.y >= 0) << 1 | (d.z >= 0) << 2; /* the support corner */
    int ax = 0, ex = 0;
    for (int k = 1; k < 3; ++k) {
        if (GJK_ABS(c[k]) > GJK_ABS(c[ax])) ax = k;
        if (GJK_ABS(c[k]) < GJK_ABS(c[ex])) ex = k;
    }
    if (incident || GJK_ABS(c[ax]) >= GJK_FEATURE_COS) {
        int pos = c[ax] >= 0, face = 2 * ax + pos;
        f->kind = GJK_FEATURE_POLYGON;
        f->count = 4;
        f->code = gjk_code(GJK_CODE_FACE, face);
        gjk_vec3 nrm = gjk_v3(0, 0, 0);
        if (ax == 0)
            nrm.x = pos ? 1 : -1;
        else if (ax == 1)
            nrm.y = pos ? 1 : -1;
        else
            nrm.z = pos ? 1 : -1;
        f->normal = nrm;
        for (int k = 0; k < 4; ++k) {
            f->p[k] = box_corner(h, gjk_box_face_vid[face][k]); /* (a corner's vertex code is its index) */
            f->vid[k] = gjk_box_face_vid[face][k];
            f->eid[k] = gjk_box_face_eid[face][k];
        }
        return;
    }
    if (GJK_ABS(c[ex]) <= GJK_FEATURE_SIN) {
        int other = sv ^ (1 << ex), lo = sv < other ? sv : other, hi = sv ^ other ^ lo;
        segment_feature(f, box_corner(h, lo), lo, box_corner(h, hi), hi, box_edge(lo, hi));
        return;
    }
    point_feature(f, box_corner(h, sv), sv);
}

/* ---- hulls and triangles -------------------------------------------------------------------------------------- */

/* Face `face` of a hull as a polygon, in the hull's own vertex order (a fixed order: the manifold breaks ties in it).
   A face with more than GJK_FEATURE3_MAX vertices keeps an evenly spaced subset that includes the support vertex v
   (starting there). */
static void hull_face(const gjk_hull3 *h, int face, int v, gjk_feature3 *f) {
    int first = h->face_first[face], n = h->face_first[face + 1] - first, at = 0;
    int m = n <= GJK_FEATURE3_MAX ? n : GJK_FEATURE3_MAX;
    if (m < n)
        for (int j = 0; j < n; ++j)
            if (h->face_indices[first + j] == v) at = j;
    f->kind = GJK_FEATURE_POLYGON;
    f->count = m;
    f->code = gjk_code(GJK_CODE_FACE, face);
    f->normal = h->face_normals[face];
    for (int k = 0; k < m; ++k) {
        /* (k * n / m fits an int: n <= GJK_HULL_MAX_POINTS faces' indices, m <= 64) */
        int idx = h->face_indices[first + (at + (int)((long long)k * n / m)) % n];
        f->p[k] = h->vertices[idx];
        f->vid[k] = gjk_code(GJK_CODE_VERTEX, idx);
        f->eid[k] = gjk_code(GJK_CODE_EDGE, idx); /* the edge starting at idx: unique within the face */
    }
}

/* True when the hull's face arrays can be read: a hull from gjk_hull3_create() always; a hand-filled one may lack
   them, and then shows edges and vertices only. */
static bool hull_has_faces(const gjk_hull3 *h) {
    return h->dimension >= 2 && h->face_count > 0 && h->face_normals && h->face_first && h->face_indices;
}

/* True when the face reaches the support plane along d (a vertex within `tol` of the support height `top`). Not
   "holds the support vertex": along a direction perpendicular to an edge both ends are support vertices, rounding
   picks one, and the faces around each differ; the answer must not depend on that pick. */
static bool face_reaches(const gjk_hull3 *h, int face, gjk_vec3 d, gjk_real top, gjk_real tol) {
    for (int j = h->face_first[face]; j < h->face_first[face + 1]; ++j)
        if (gjk_dot3(h->vertices[h->face_indices[j]], d) >= top - tol) return true;
    return false;
}

/* The face most aligned with d among those reaching the support plane, found from the faces around the vertices
   that reach it (within tol of the top height): v, and the tied vertices connected to it. Every reaching vertex is
   connected to v through reaching vertices (from any vertex of a polytope an edge path climbs along d to the top:
   the simplex method's argument), so a walk from v over the adjacency finds them all; their faces are exactly the
   reaching faces. A few dot products per face around a handful of vertices, where the scan of every face costs half
   of a manifold on a 1024-vertex hull (about 2000 faces). False when the hull lacks the incidence arrays (filled by
   hand) or the walk outgrows its scratch: the caller scans every face. */
#define REACH_MAX 64
static bool reaching_faces(const gjk_hull3 *h, int v, gjk_vec3 d, gjk_real top, gjk_real tol, int *best,
                           gjk_real *best_cos) {
    if (!h->vertex_face_first || !h->vertex_faces || !h->vertex_first || !h->vertex_adjacency) return false;
    int stack[REACH_MAX], seen[REACH_MAX], n_seen = 1, n_stack = 1;
    stack[0] = seen[0] = v;
    while (n_stack > 0) {
        int u = stack[--n_stack];
        for (int j = h->vertex_face_first[u]; j < h->vertex_face_first[u + 1]; ++j) {
            int f = h->vertex_faces[j];
            gjk_real c = gjk_dot3(h->face_normals[f], d);
            if (c > *best_cos || (c == *best_cos && f < *best)) *best = f, *best_cos = c; /* (ties: lowest index) */
        }
        for (int j = h->vertex_first[u]; j < h->vertex_first[u + 1]; ++j) {
            int w = h->vertex_adjacency[j];
            if (!(gjk_dot3(h->vertices[w], d) >= top - tol)) continue;
            bool known = false;
            for (int k = 0; k < n_seen && !known; ++k) known = seen[k] == w;
            if (known) continue;
            if (n_seen == REACH_MAX) return false;
            seen[n_seen++] = stack[n_stack++] = w;
        }
    }
    return true;
}

static void hull_feature(const gjk_hull3 *h, gjk_vec3 d, bool incident, gjk_feature3 *f) {
    int v = gjk_hull3_support_index(h, d);
    if (h->dimension <= 1 && h->vertex_count >= 2) {
        segment_or_end(f, h->vertices[0], h->vertices[1], d);
        return;
    }
    if (hull_has_faces(h)) {
        /* The face most aligned with d among those reaching the support plane: only such a face is sure to hold
           the deepest point (the most aligned face of the whole hull need not, next to a sharp edge). The vertex
           scan runs only for faces that would improve the best. */
        int best = -1;
        gjk_real best_cos = -2, top = gjk_dot3(h->vertices[v], d);
        gjk_real tol = 256 * GJK_REAL_EPSILON * (h->radius + gjk_len3(h->centroid)); /* rounding of a dot product */
        if (!reaching_faces(h, v, d, top, tol, &best, &best_cos)) {
            for (int k = 0; k < h->face_count; ++k) {
                gjk_real c = gjk_dot3(h->face_normals[k], d);
                if (c > best_cos && face_reaches(h, k, d, top, tol)) {
                    best = k;
                    best_cos = c;
                }
            }
        }
        if (best >= 0 && (incident || best_cos >= GJK_FEATURE_COS)) {
            hull_face(h, best, v, f);
            return;
        }
    }
    if (h->vertex_first && h->vertex_adjacency) {
        /* The edge at v closest to perpendicular to d (its other end is then nearly as far along d). */
        int best = -1;
        gjk_real best_s = -2;
        for (int k = h->vertex_first[v]; k < h->vertex_first[v + 1]; ++k) {
            int w = h->vertex_adjacency[k];
            gjk_vec3 e = gjk_sub3(h->vertices[w], h->vertices[v]);
            gjk_real l = gjk_len3(e);
            if (!(l > 0)) continue;
            gjk_real s = gjk_dot3(e, d) / l;
            if (s > best_s) {
                best_s = s;
                best = w;
            }
        }
        if (best >= 0 && best_s >= -GJK_FEATURE_SIN) {
            int lo = v < best ? v : best, hi = v ^ best ^ lo;
            segment_feature(f, h->vertices[lo], lo, h->vertices[hi], hi, lo);
            return;
        }
    }
    point_feature(f, h->vertices[v], v);
}

static void triangle_feature(const gjk_shape3 *s, gjk_vec3 d, bool incident, gjk_feature3 *f) {
    const gjk_vec3 t[3] = {s->triangle.a, s->triangle.b, s->triangle.c};
    gjk_vec3 nrm = gjk_normalize3(gjk_cross3(gjk_sub3(t[1], t[0]), gjk_sub3(t[2], t[0])));
    gjk_real c = gjk_dot3(nrm, d);
    if ((incident && gjk_len_sq3(nrm) > 0) || GJK_ABS(c) >= GJK_FEATURE_COS) {
        /* Face 0 (a, b, c) or, seen from the other side, face 1 (a, c, b). Edges are numbered by their vertex
           pair: (0,1) 0, (0,2) 1, (1,2) 2. */
        static const int ring[2][3] = {{0, 1, 2}, {0, 2, 1}};
        int side = c >= 0 ? 0 : 1;
        f->kind = GJK_FEATURE_POLYGON;
        f->count = 3;
        f->code = gjk_code(GJK_CODE_FACE, side);
        f->normal = side ? gjk_neg3(nrm) : nrm;
        for (int k = 0; k < 3; ++k) {
            int i = ring[side][k], j = ring[side][(k + 1) % 3];
            f->p[k] = t[i];
            f->vid[k] = gjk_code(GJK_CODE_VERTEX, i);
            f->eid[k] = gjk_code(GJK_CODE_EDGE, i + j - 1);
        }
        return;
    }
    int v = 0;
    for (int k = 1; k < 3; ++k)
        if (gjk_dot3(t[k], d) > gjk_dot3(t[v], d)) v = k;
    int best = -1;
    gjk_real best_s = -2;
    for (int k = 0; k < 3; ++k) {
        if (k == v) continue;
        gjk_vec3 e = gjk_sub3(t[k], t[v]);
        gjk_real l = gjk_len3(e);
        if (!(l > 0)) continue;
        gjk_real sv = gjk_dot3(e, d) / l;
        if (sv > best_s) {
            best_s = sv;
            best = k;
        }
    }
    if (best >= 0 && best_s >= -GJK_FEATURE_SIN) {
        int lo = v < best ? v : best, hi = v ^ best ^ lo;
        segment_feature(f, t[lo], lo, t[hi], hi, lo + hi - 1);
        return;
    }
    point_feature(f, t[v], v);
}

/* ---- cylinders and cones -------------------------------------------------------------------------------------- */

/* A cap disc of radius r at height z (normal +z or -z). Its four rim points sit at fixed angles 0, 90, 180 and 270
   degrees of the shape's own frame, so that a cylinder resting on its cap keeps its points in place frame after
   frame instead of following the noise in the normal around the rim (the rim point along the normal's tiny radial
   part, which a support point would give, jumps at random). Vertex codes 4 cap + k. */
static void disc_feature(gjk_feature3 *f, int cap, gjk_real z, gjk_real r) {
    f->kind = GJK_FEATURE_DISC;
    f->count = 4;
    f->cap = cap;
    f->code = gjk_code(GJK_CODE_FACE, cap);
    f->center = gjk_v3(0, 0, z);
    f->normal = gjk_v3(0, 0, z > 0 ? 1 : -1);
    f->radius = r;
    static const gjk_real cx[4] = {1, 0, -1, 0}, cy[4] = {0, 1, 0, -1};
    for (int k = 0; k < 4; ++k) {
        f->p[k] = gjk_v3(r * cx[k], r * cy[k], z);
        f->vid[k] = gjk_code(GJK_CODE_VERTEX, 4 * cap + k);
        f->eid[k] = f->code;
    }
}

/* Unit radial direction of d (zero when d is along the axis). */
static bool radial_dir(gjk_vec3 d, gjk_real *ux, gjk_real *uy) {
    gjk_vec3 r = gjk_normalize3(gjk_v3(d.x, d.y, 0));
    *ux = r.x;
    *uy = r.y;
    return r.x != 0 || r.y != 0;
}

/* Cylinder: caps 0 (top, z = +h) and 1 (bottom); vertices 0-3 top rim, 4-7 bottom rim, 8 and 9 the top and bottom
   ends of the side segment (or the rim point a tilted cylinder stands on); edge 0 the side segment. */
static void cylinder_feature(const gjk_shape3 *s, gjk_vec3 d, gjk_feature3 *f) {
    gjk_real r = s->cylinder.radius, h = s->cylinder.half_height, ux, uy;
    if (GJK_ABS(d.z) >= GJK_FEATURE_COS) {
        disc_feature(f, d.z > 0 ? 0 : 1, d.z > 0 ? h : -h, r);
        return;
    }
    bool radial = radial_dir(d, &ux, &uy);
    if (radial && GJK_ABS(d.z) <= GJK_FEATURE_SIN) {
        segment_feature(f, gjk_v3(r * ux, r * uy, -h), 9, gjk_v3(r * ux, r * uy, h), 8, 0);
        return;
    }
    point_feature(f, gjk_core3_support(s, d), d.z >= 0 ? 8 : 9);
}

/* Cone: base cap 0 (z = -h); vertices 0-3 its rim, 4 the apex, 5 the rim point of the side segment; edge 0 the
   side segment from the apex to the rim (a generator). */
static void cone_feature(const gjk_shape3 *s, gjk_vec3 d, gjk_feature3 *f) {
    gjk_real r = s->cone.radius, h = s->cone.half_height, ux, uy;
    if (-d.z >= GJK_FEATURE_COS) {
        disc_feature(f, 0, -h, r);
        return;
    }
    if (!radial_dir(d, &ux, &uy)) {
        point_feature(f, gjk_v3(0, 0, h), 4); /* straight up: the apex */
        return;
    }
    gjk_vec3 apex = gjk_v3(0, 0, h), rim = gjk_v3(r * ux, r * uy, -h);
    gjk_vec3 g = gjk_sub3(rim, apex);
    gjk_real s_g = gjk_dot3(g, d), l = gjk_len3(g);
    if (GJK_ABS(s_g) <= GJK_FEATURE_SIN * l) {
        segment_feature(f, apex, 4, rim, 5, 0);
        return;
    }
    if (s_g > 0)
        point_feature(f, rim, 5);
    else
        point_feature(f, apex, 4);
}

void gjk_feature3_find(const gjk_shape3 *s, gjk_vec3 d, gjk_feature3 *f) {
    f->cap = 0;
    switch (s->type) {
    case GJK_SHAPE3_SEGMENT: segment_or_end(f, s->segment.a, s->segment.b, d); return;
    case GJK_SHAPE3_CAPSULE:
        if (s->capsule.half_height > 0)
            segment_or_end(f, gjk_v3(0, 0, -s->capsule.half_height), gjk_v3(0, 0, s->capsule.half_height), d);
        else
            point_feature(f, gjk_v3(0, 0, 0), 0);
        return;
    case GJK_SHAPE3_TRIANGLE: triangle_feature(s, d, false, f); return;
    case GJK_SHAPE3_BOX: box_feature(s->box.half_extents, d, false, f); return;
    case GJK_SHAPE3_HULL: hull_feature(s->hull.hull, d, false, f); return;
    case GJK_SHAPE3_CYLINDER: cylinder_feature(s, d, f); return;
    case GJK_SHAPE3_CONE: cone_feature(s, d, f); return;
    case GJK_SHAPE3_ELLIPSOID: point_feature(f, gjk_core3_support(s, d), 0); return;
    case GJK_SHAPE3_USER: {
        /* The query checked the callback's answers; this one is checked too (a bad one: the witnesses answer). */
        gjk_vec3 p = gjk_core3_support(s, d);
        point_feature(f, p, 0);
        if (!gjk_bounded3(p)) f->count = 0;
        return;
    }
    default: point_feature(f, gjk_v3(0, 0, 0), 0); return; /* point, sphere */
    }
}

bool gjk_feature3_incident(const gjk_shape3 *s, gjk_vec3 d, gjk_feature3 *f) {
    f->cap = 0;
    switch (s->type) {
    case GJK_SHAPE3_TRIANGLE:
        if (s->margin > 0) return false;
        triangle_feature(s, d, true, f);
        break;
    case GJK_SHAPE3_BOX:
        if (s->margin > 0) return false;
        box_feature(s->box.half_extents, d, true, f);
        break;
    case GJK_SHAPE3_HULL:
        if (s->margin > 0) return false;
        hull_feature(s->hull.hull, d, true, f);
        break;
    case GJK_SHAPE3_SEGMENT: segment_feature(f, s->segment.a, 0, s->segment.b, 1, 0); return true;
    case GJK_SHAPE3_CAPSULE:
        if (!(s->capsule.half_height > 0)) return false;
        segment_feature(f, gjk_v3(0, 0, -s->capsule.half_height), 0, gjk_v3(0, 0, s->capsule.half_height), 1, 0);
        return true;
    default: return false;
    }
    return f->kind == GJK_FEATURE_POLYGON;
}

void gjk_feature3_move(gjk_feature3 *f, gjk_mat33 rot, gjk_vec3 pos) {
    for (int k = 0; k < f->count; ++k) f->p[k] = gjk_add3(gjk_mat33_mul(rot, f->p[k]), pos);
    f->normal = gjk_mat33_mul(rot, f->normal);
    f->center = gjk_add3(gjk_mat33_mul(rot, f->center), pos);
}
