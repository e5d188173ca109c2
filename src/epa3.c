// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* EPA in 3D: penetration depth, normal and contact points of two overlapping cores.

   van den Bergen, "Proximity queries and penetration depth computation on 3D game objects", GDC 2001 (the
   Expanding Polytope Algorithm): keep a convex polytope inside D = A - B that holds the origin; repeatedly take the
   face closest to the origin, fetch the support point along its normal, and if it lies beyond the face, remove
   every face it can see and stitch new faces from it to the horizon, so the polytope stays convex. The closest
   face's distance is a lower bound of the depth and the support along its normal an upper bound; stop when they
   meet.

   Hazards handled here (docs/numerics.md, "EPA"):
   - seeding: GJK often ends on 1-3 points (touching shapes, the origin on an edge or face). The simplex is grown to
     a tetrahedron by supports along directions orthogonal to it; a face normal is computed from the face, never
     from the origin, so an origin lying exactly on a face gives distance 0 and expands correctly (a normal taken
     from the origin's projection is 0/0 there). When D is flat (no support leaves its plane) the origin is on D's
     boundary: depth 0, answered directly (a seed that looks for a fourth point off the plane finds none, and an
     EPA that expands a flat seed divides by its zero volume);
   - the origin slightly outside the polytope (barely separated cores): distances are signed, the minimum still
     picks the right face;
   - near-zero-area faces: their normal comes from the two shortest edges (Catto, "troublesome triangle"); faces
     that are still degenerate are never chosen as closest;
   - a horizon that is not one simple loop (inconsistent visibility in rounding): detected, the step is undone
     and the best face so far returned with GJK_DEGENERATE;
   - fixed capacity (no allocation): when full, the best face is returned with GJK_MAX_ITERATIONS;
   - float builds: the polytope's planes are computed in double from the (exact) float vertices (dvec3.h), since
     float planes on long thin faces made the polytope non-convex. */
#include <stdint.h>
#include <string.h>

#include "dvec3.h"
#include "internal3.h"

#define MAX_V GJK_EPA_MAX_VERTICES
#define MAX_F (2 * GJK_EPA_MAX_VERTICES)

typedef struct epa_face {
    int v[3];        /* vertex indices, counter-clockwise seen from outside */
    int adj[3];      /* adj[i]: 4 * g + k for the face g across edge (v[i], v[i+1]), which is g's edge k; -1: none */
    gjk_dvec3 n;     /* outward unit normal */
    double dist;     /* signed distance of the plane from the origin (n . vertex) */
    bool valid;      /* normal well defined */
    bool alive;
    bool removed;    /* scratch flag of the current step */
} epa_face;

/* A face's plane before the face exists: the new faces' planes are all computed, and their convexity checked,
   before any slot is overwritten, so that a failed check leaves the polytope as it was. */
typedef struct epa3_plane {
    gjk_dvec3 n;
    double dist;
    bool valid;
} epa3_plane;

typedef struct horizon_edge {
    int a, b;    /* vertex indices along the removed region's boundary */
    int outside; /* the face kept across the edge */
    int slot;    /* edge index in that face */
} horizon_edge;

/* One face of carve's depth-first walk: the next edge to try and how many remain. */
typedef struct epa3_walk {
    int face, edge, left;
} epa3_walk;

typedef struct polytope {
    gjk_vertex3 v[MAX_V];
    epa_face f[MAX_F];
    double key[MAX_F];   /* the face's distance when it may be chosen (alive and valid), else GJK_REAL_MAX: the
                            closest face is a branch-free minimum over this array (DBL_MAX: none) */
    int nv, nf;
    uint64_t seen[4]; /* a filter of the vertices' coordinates: bit vertex_bucket(p) is set for every vertex p */
    horizon_edge h[MAX_F];
    epa3_plane np[MAX_F]; /* the planes of the faces from the horizon to the new vertex */
    int nh;
    epa3_walk stack[MAX_F];
    int removed[MAX_F];
    int nremoved;
    gjk_real scale;
} polytope;

/* A bucket of 256 for a point's coordinates, equal for equal points: the filter that lets a support point skip the
   scan for an equal vertex when none can be equal. Zeros are made positive first (-0 == 0, but their bits differ). */
static unsigned vertex_bucket(gjk_vec3 p) {
    const gjk_real c[3] = {p.x + GJK_R(0.0), p.y + GJK_R(0.0), p.z + GJK_R(0.0)};
    uint64_t h = 0;
    for (int k = 0; k < 3; ++k) {
        uint64_t b = 0;
        memcpy(&b, &c[k], sizeof c[k]);
        h = (h ^ b) * UINT64_C(0x9E3779B97F4A7C15);
    }
    return (unsigned)(h >> 56);
}

static void note_vertex(polytope *P, gjk_vec3 p) {
    unsigned k = vertex_bucket(p);
    P->seen[k >> 6] |= UINT64_C(1) << (k & 63);
}

/* A vertex's point of D in double (exact: gjk_real is float or double). */
static gjk_dvec3 vw(const polytope *P, int i) { return gjk_to_dv3(P->v[i].w); }

/* The plane of triangle (v0, v1, v2). With `inner` set, also whether the triangle faces away from that interior
   point: the new faces from the horizon to a support point must (convexity), but in rounding they may not, and a
   flipped face would later be taken for the closest. That test's normal is e2 x e0, (v1 - v0) x (v2 - v0) to the
   bit, whichever pair the plane uses.
   The cross product of two edges carries an error of a few eps times the product of their lengths, so its
   direction is good to a few eps over the sine of their angle: the plane is well defined when that sine is above
   rounding, whatever the triangle's aspect. A needle (an edge of 8 and two of 1e20, from a hull 1e20 long against
   one 8 wide) has an exact normal, and its faces must stay choosable: they are where D's origin lies. A plane's
   offset is the normal's dot product with a point of the face, whose error grows with that point's distance from
   the origin: a needle's is taken at its vertex nearest the origin (its centroid can lie 3e19 away, where a
   rounding of eps in the normal moves the plane by 1e4). */
static bool plane_of(const polytope *P, int v0, int v1, int v2, epa3_plane *pl, const gjk_dvec3 *inner) {
    gjk_dvec3 a = vw(P, v0), b = vw(P, v1), c = vw(P, v2);
    gjk_dvec3 e0 = gjk_dsub3(b, a), e1 = gjk_dsub3(c, b), e2 = gjk_dsub3(a, c);
    double l0 = gjk_dlen_sq3(e0), l1 = gjk_dlen_sq3(e1), l2 = gjk_dlen_sq3(e2);
    /* e0 x e1 = e1 x e2 = e2 x e0 in exact arithmetic; the pair without the longest edge rounds least. */
    gjk_dvec3 n;
    double longest, pair;
    if (l0 >= l1 && l0 >= l2) n = gjk_dcross3(e1, e2), longest = l0, pair = l1 * l2;
    else if (l1 >= l2) n = gjk_dcross3(e2, e0), longest = l1, pair = l2 * l0;
    else n = gjk_dcross3(e0, e1), longest = l2, pair = l0 * l1;
    double len = gjk_dlen3(n);
    pl->valid = true;
    if (len > 4.0 * GJK_DREAL_EPSILON * longest) {
        /* Not a needle (the common case): the centroid is as near the origin as the vertices. */
        pl->n = gjk_dscale3(n, 1.0 / len);
        pl->dist = gjk_ddot3(pl->n, gjk_dscale3(gjk_dadd3(gjk_dadd3(a, b), c), 1.0 / 3.0));
    } else if (len * len > 16.0 * GJK_DREAL_EPSILON * GJK_DREAL_EPSILON * pair && len > 0) {
        pl->n = gjk_dscale3(n, 1.0 / len);
        double aa = gjk_dlen_sq3(a), bb = gjk_dlen_sq3(b), cc = gjk_dlen_sq3(c);
        gjk_dvec3 p = aa <= bb && aa <= cc ? a : bb <= cc ? b : c;
        pl->dist = gjk_ddot3(pl->n, p);
    } else {
        pl->valid = false;
        pl->n = gjk_dv3(0, 0, 0);
        pl->dist = 0;
    }
    return !inner || gjk_ddot3(gjk_dcross3(e2, e0), gjk_dsub3(a, *inner)) > 0;
}

/* Face i takes plane `pl` and becomes choosable (key) when the plane is well defined. */
static void face_set_plane(polytope *P, int i, const epa3_plane *pl) {
    epa_face *F = &P->f[i];
    F->n = pl->n;
    F->dist = pl->dist;
    F->valid = pl->valid;
    P->key[i] = pl->valid ? pl->dist : DBL_MAX;
}

static int add_face(polytope *P, int a, int b, int c) {
    int i = P->nf++;
    epa_face *F = &P->f[i];
    F->v[0] = a;
    F->v[1] = b;
    F->v[2] = c;
    F->adj[0] = F->adj[1] = F->adj[2] = -1;
    F->alive = true;
    F->removed = false;
    epa3_plane pl;
    plane_of(P, a, b, c, &pl, NULL);
    face_set_plane(P, i, &pl);
    return i;
}

/* "w sees face F": w strictly in front of F's plane, beyond rounding. The threshold must stay tiny: a face that w
   sees by more than the threshold but is kept would fold the new face built on their shared edge back over it,
   flipping its normal (a threshold of 1e-4 relative does that in float). */
static bool sees(const polytope *P, const epa_face *F, gjk_dvec3 w, double threshold) {
    if (!F->valid) return true; /* degenerate faces go whenever reached: they would only cause trouble */
    return gjk_ddot3(F->n, gjk_dsub3(w, vw(P, F->v[0]))) > threshold;
}

/* Build the initial tetrahedron's faces, oriented outward, with adjacency. */
static void tetrahedron(polytope *P) {
    gjk_dvec3 p0 = vw(P, 0);
    double vol = gjk_ddot3(gjk_dsub3(vw(P, 1), p0), gjk_dcross3(gjk_dsub3(vw(P, 2), p0), gjk_dsub3(vw(P, 3), p0)));
    if (vol < 0) {
        gjk_vertex3 t = P->v[1];
        P->v[1] = P->v[2];
        P->v[2] = t;
    }
    /* Positive orientation: vertex 3 lies on the positive side of (0, 1, 2), so the outward faces are these. */
    static const int fv[4][3] = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {2, 0, 3}};
    /* fadj[i][e]: the face across edge (fv[i][e], fv[i][e+1]) of face i, and that edge's index in it, as 4 * face
       + index. */
    static const int fadj[4][3] = {{12, 8, 4}, {2, 10, 13}, {1, 14, 5}, {0, 6, 9}};
    P->nf = 0;
    for (int i = 0; i < 4; ++i) {
        int f = add_face(P, fv[i][0], fv[i][1], fv[i][2]);
        for (int e = 0; e < 3; ++e) P->f[f].adj[e] = fadj[i][e];
    }
}

/* Remove the faces visible from w, starting at `start`, and record the horizon in loop order: a depth-first walk
   that visits a face's edges counter-clockwise starting after the edge it entered by. */
static bool carve(polytope *P, int start, gjk_dvec3 w) {
    P->nh = 0;
    P->nremoved = 0;
    P->f[start].removed = true;
    P->removed[P->nremoved++] = start;
    /* The walk's current face, the next edge it tries and how many remain, kept in locals; the stack holds the
       faces it will come back to. The first face tries its three edges; a face entered across its edge `slot`
       tries the two after it. */
    int top = 0, fi = start, e = 0, left = 3;
    const double threshold = 8.0 * GJK_DREAL_EPSILON * P->scale;
    for (;;) {
        if (left == 0) {
            if (top == 0) break;
            --top;
            fi = P->stack[top].face, e = P->stack[top].edge, left = P->stack[top].left;
            continue;
        }
        const epa_face *F = &P->f[fi];
        int e1 = e == 2 ? 0 : e + 1, code = F->adj[e];
        if (code < 0) return false;
        int g = code >> 2, slot = code & 3;
        int a = F->v[e], b = F->v[e1];
        e = e1;
        --left;
        epa_face *G = &P->f[g];
        if (G->removed) continue;
        if (sees(P, G, w, threshold)) {
            if (top >= MAX_F) return false;
            G->removed = true;
            P->removed[P->nremoved++] = g;
            P->stack[top].face = fi, P->stack[top].edge = e, P->stack[top].left = left;
            ++top;
            fi = g, e = slot == 2 ? 0 : slot + 1, left = 2;
        } else {
            horizon_edge *h = &P->h[P->nh++];
            h->a = a;
            h->b = b;
            h->outside = g;
            h->slot = slot;
        }
    }
    /* The horizon must be one closed loop, each edge starting where the previous one ended. */
    if (P->nh < 3) return false;
    for (int i = 1; i < P->nh; ++i)
        if (P->h[i - 1].b != P->h[i].a) return false;
    return P->h[P->nh - 1].b == P->h[0].a;
}

static void undo_carve(polytope *P) {
    for (int i = 0; i < P->nremoved; ++i) P->f[P->removed[i]].removed = false;
}

/* Grow the GJK simplex (whose hull holds the origin, maybe on its boundary) to a tetrahedron. Returns the number of
   independent points found (4 on success); fewer means D is flat, a segment or a point. `flat_normal` receives a
   unit normal of the flat D when it is 2D. */
static int seed(polytope *P, const gjk_minkowski3 *m, const gjk_simplex3 *s, gjk_vec3 *flat_normal, gjk_real *least) {
    P->nv = s->count;
    for (int i = 0; i < s->count; ++i) P->v[i] = s->v[i];
    gjk_real tol = GJK_TOL_REL * P->scale;
    static const gjk_vec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    if (P->nv == 1) {
        for (int i = 0; i < 6 && P->nv == 1; ++i) {
            gjk_vertex3 q = gjk_minkowski3_support(m, axes[i]);
            *least = gjk_minr(*least, gjk_dot3(axes[i], q.w));
            if (gjk_len3(gjk_sub3(q.w, P->v[0].w)) > tol) P->v[P->nv++] = q;
        }
        if (P->nv == 1) return 1;
    }
    if (P->nv == 2) {
        gjk_vec3 t = gjk_normalize3(gjk_sub3(P->v[1].w, P->v[0].w));
        /* Two directions orthogonal to the segment: cross with the axis least aligned with it. */
        gjk_vec3 e = GJK_ABS(t.x) < GJK_ABS(t.y) ? (GJK_ABS(t.x) < GJK_ABS(t.z) ? axes[0] : axes[4])
                                                 : (GJK_ABS(t.y) < GJK_ABS(t.z) ? axes[2] : axes[4]);
        gjk_vec3 d1 = gjk_normalize3(gjk_cross3(t, e)), d2 = gjk_cross3(t, d1);
        gjk_vec3 dirs[4] = {d1, gjk_neg3(d1), d2, gjk_neg3(d2)};
        for (int i = 0; i < 4 && P->nv == 2; ++i) {
            gjk_vertex3 q = gjk_minkowski3_support(m, dirs[i]);
            *least = gjk_minr(*least, gjk_dot3(dirs[i], q.w));
            if (gjk_len3(gjk_cross3(gjk_sub3(q.w, P->v[0].w), t)) > tol) P->v[P->nv++] = q;
        }
        if (P->nv == 2) {
            *flat_normal = d1;
            return 2;
        }
    }
    if (P->nv == 3) {
        gjk_vec3 n = gjk_normalize3(
            gjk_cross3(gjk_sub3(P->v[1].w, P->v[0].w), gjk_sub3(P->v[2].w, P->v[0].w)));
        *flat_normal = n;
        gjk_vertex3 up = gjk_minkowski3_support(m, n), down = gjk_minkowski3_support(m, gjk_neg3(n));
        gjk_real hu = gjk_dot3(n, gjk_sub3(up.w, P->v[0].w)), hd = -gjk_dot3(n, gjk_sub3(down.w, P->v[0].w));
        *least = gjk_minr(*least, gjk_minr(gjk_dot3(n, up.w), -gjk_dot3(n, down.w)));
        /* One apex suffices: the tetrahedron then holds the triangle, hence the origin (maybe on the face, which
           EPA expands across if D extends there). Take the side that reaches farther. */
        if (hu <= tol && hd <= tol) return 3;
        P->v[P->nv++] = hu >= hd ? up : down;
    }
    return 4;
}

/* How far inside face F the point p projects: the smallest edge-side measure (positive inside), scaled by the
   face's doubled area so that faces compare fairly. */
static double face_inside(const polytope *P, const epa_face *F, gjk_dvec3 p) {
    double m = DBL_MAX;
    for (int e = 0; e < 3; ++e) {
        gjk_dvec3 a = vw(P, F->v[e]), b = vw(P, F->v[(e + 1) % 3]);
        gjk_dvec3 edge = gjk_dsub3(b, a);
        double l = gjk_dlen3(edge);
        double side = l > 0 ? gjk_ddot3(gjk_dcross3(edge, gjk_dsub3(p, a)), F->n) / l : 0;
        m = side < m ? side : m;
    }
    return m;
}

/* Barycentric coordinates of the point of triangle (a, b, c) closest to p (Ericson, "Real-Time Collision Detection",
   2005, sec. 5.1.5: Voronoi regions of the vertices and edges, then the face). The origin's projection normally
   lies in the face, but rounding can put it just outside; clamping its raw barycentric coordinates and rescaling
   them would then slide the point along the triangle, and on a sliver 1e5 long that slide is huge (float: a
   contact point 1.2e4 off both hulls). The closest point never leaves the triangle, and is near p. */
static void barycentric(gjk_dvec3 a, gjk_dvec3 b, gjk_dvec3 c, gjk_dvec3 p, double *la, double *lb, double *lc) {
    gjk_dvec3 ab = gjk_dsub3(b, a), ac = gjk_dsub3(c, a), ap = gjk_dsub3(p, a);
    double d1 = gjk_ddot3(ab, ap), d2 = gjk_ddot3(ac, ap);
    *la = 1, *lb = 0, *lc = 0;
    if (d1 <= 0 && d2 <= 0) return; /* vertex a */
    gjk_dvec3 bp = gjk_dsub3(p, b);
    double d3 = gjk_ddot3(ab, bp), d4 = gjk_ddot3(ac, bp);
    if (d3 >= 0 && d4 <= d3) { /* vertex b */
        *la = 0, *lb = 1;
        return;
    }
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) { /* edge ab */
        double t = d1 / (d1 - d3);
        *la = 1 - t, *lb = t;
        return;
    }
    gjk_dvec3 cp = gjk_dsub3(p, c);
    double d5 = gjk_ddot3(ab, cp), d6 = gjk_ddot3(ac, cp);
    if (d6 >= 0 && d5 <= d6) { /* vertex c */
        *la = 0, *lc = 1;
        return;
    }
    double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) { /* edge ac */
        double t = d2 / (d2 - d6);
        *la = 1 - t, *lc = t;
        return;
    }
    double va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) { /* edge bc */
        double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        *la = 0, *lb = 1 - t, *lc = t;
        return;
    }
    double sum = va + vb + vc; /* inside the face */
    if (!(sum > 0)) return; /* degenerate triangle: vertex a */
    *lb = vb / sum;
    *lc = vc / sum;
    *la = 1 - *lb - *lc;
}

/* EPA stopped before its bounds met (capacity or rounding), typically on a curved D whose deepest directions form a
   continuum (identical cylinders, cones tip to tip): its polytope is then a coarse chord approximation, and the best
   upper bound found, 1.9976 for a depth of 2, is only a few per mille right. The depth is the minimum of D's support
   function h(n) = n . support(n) over unit n, and h is smooth near such a minimum, so a pattern search on the sphere
   around the best normal (Hooke and Jeeves, "'Direct search' solution of numerical and statistical problems", J. ACM
   8(2), 1961) finishes the job: try small turns along two tangents, keep what lowers h, halve the step when nothing
   does. Every h is an upper bound, so the answer still separates.
   Bounded: at most REFINE_STEPS rounds of 4 supports, only on this rare path. */
#define REFINE_STEPS 96
static void refine(const gjk_minkowski3 *m, gjk_vec3 *normal, gjk_real *depth, gjk_real *least) {
    gjk_vec3 n = *normal;
    gjk_real h0 = *depth;
    gjk_real h = gjk_dot3(n, gjk_minkowski3_support(m, n).w);
    *least = gjk_minr(*least, h);
    if (!(h <= h0)) h = h0; /* (never worse than the face's own bound, should rounding differ) */
    gjk_real step = GJK_R(0.05);
    const gjk_real min_step = GJK_USE_FLOAT ? GJK_R(1e-4) : GJK_R(1e-8);
    for (int k = 0; k < REFINE_STEPS && step > min_step; ++k) {
        gjk_vec3 t1 = gjk_normalize3(gjk_cross3(n, GJK_ABS(n.x) < GJK_R(0.6) ? gjk_v3(1, 0, 0) : gjk_v3(0, 1, 0)));
        gjk_vec3 t2 = gjk_cross3(n, t1);
        gjk_vec3 turns[4] = {t1, gjk_neg3(t1), t2, gjk_neg3(t2)};
        bool better = false;
        for (int i = 0; i < 4; ++i) {
            gjk_vec3 c = gjk_normalize3(gjk_mad3(n, step, turns[i]));
            gjk_vertex3 cw = gjk_minkowski3_support(m, c);
            gjk_real ch = gjk_dot3(c, cw.w);
            *least = gjk_minr(*least, ch);
            if (ch < h) {
                h = ch;
                n = c;
                better = true;
                break;
            }
        }
        if (!better) step *= GJK_R(0.5);
    }
    *depth = h;
    *normal = n;
}

/* gjk_query3_debug: the final polytope into the caller's record (world frame), its live faces only and the
   vertices they use, renumbered; `answer` is the face the result came from (-1: none). */
static void record_polytope(const gjk_minkowski3 *m, const polytope *P, int answer) {
    gjk_debug3 *d = m->rec->out;
    int map[MAX_V];
    for (int i = 0; i < P->nv; ++i) map[i] = -1;
    d->epa_vertex_count = d->epa_face_count = 0;
    d->epa_best_face = -1;
    for (int i = 0; i < P->nf; ++i) {
        const epa_face *F = &P->f[i];
        if (!F->alive) continue;
        if (i == answer) d->epa_best_face = d->epa_face_count;
        for (int k = 0; k < 3; ++k) {
            int v = F->v[k];
            if (map[v] < 0) {
                map[v] = d->epa_vertex_count++;
                d->epa_vertices[map[v]] = gjk_debug3_vertex(m->rec, m, &P->v[v]);
            }
            d->epa_faces[d->epa_face_count][k] = map[v];
        }
        ++d->epa_face_count;
    }
}

gjk_epa_result3 gjk_epa3(const gjk_minkowski3 *m, const gjk_gjk_result3 *g, gjk_vec3 hint, const gjk_limits *lim) {
    polytope P;
    gjk_epa_result3 r;
    if (!lim) lim = &gjk_default_limits;
    r.status = GJK_OK;
    r.iterations = 0;
    r.lower = -GJK_REAL_MAX;
    r.upper = GJK_REAL_MAX;
    P.scale = g->scale > 0 ? g->scale : 1;
    gjk_vec3 flat_n = gjk_v3(0, 0, 1);
    gjk_real seed_least = GJK_REAL_MAX;
    int dim = seed(&P, m, &g->simplex, &flat_n, &seed_least);
    if (dim < 4) {
        /* D has no volume: the origin (on D) is on its boundary, the depth is zero. The witnesses are GJK's. */
        gjk_simplex3_witness(&g->simplex, m, g->v, &r.pa, &r.pb);
        r.depth = 0;
        if (gjk_dot3(flat_n, hint) < 0) flat_n = gjk_neg3(flat_n);
        if (dim < 2) flat_n = gjk_normalize3(hint);
        if (!(gjk_len_sq3(flat_n) > 0)) flat_n = gjk_v3(0, 0, 1);
        r.normal = flat_n;
        r.scale = P.scale;
        /* Flat within the seed's tolerance, which is relative to the size: the depth lies between 0 and the least
           support value met along a unit direction (the origin is in D, so D reaches at least that far each way).
           Zero for a truly flat D; a needle's tolerance can hide a real depth (a hull 2e13 long, 0.37 deep about
           the origin: the support values met were 0.51 and up). */
        r.lower = 0;
        r.upper = gjk_maxr(seed_least, 0);
        return r;
    }
    tetrahedron(&P);
    P.seen[0] = P.seen[1] = P.seen[2] = P.seen[3] = 0;
    for (int i = 0; i < 4; ++i) note_vertex(&P, P.v[i].w);
    /* The tetrahedron's centroid stays inside the growing polytope: the reference for convexity checks. */
    gjk_dvec3 inner = gjk_dscale3(gjk_dadd3(gjk_dadd3(vw(&P, 0), vw(&P, 1)), gjk_dadd3(vw(&P, 2), vw(&P, 3))), 0.25);
    gjk_real tol_rel = gjk_core3_is_polytope(m->a) && gjk_core3_is_polytope(m->b) ? GJK_TOL_REL : GJK_TOL_CURVED;
    tol_rel += lim->tol;
    const int max_iterations = lim->max_epa < 4 * MAX_V ? lim->max_epa : 4 * MAX_V;
    gjk_real least = GJK_REAL_MAX; /* the least support value n . support(n) met: an upper bound of the depth */

    /* The face with the smallest upper bound seen: D lies within upper of the origin along its normal, so moving B
       by upper * n always separates. An EPA that stops before its bounds meet (capacity, rounding) answers with
       it rather than with the best face's lower bound, which need not separate (identical cylinders at the
       capacity: 1.9976 for a depth of 2, leaving 0.02 of overlap). */
    gjk_dvec3 tight_n = gjk_dv3(0, 0, 1);
    double tight_upper = DBL_MAX, tight_dist = 0;
    int tight_v[3] = {0, 0, 0};
    int best = -1;
    for (;;) {
        /* The first least key, over even and odd faces side by side (half the loop steps, two shorter chains). */
        int b0 = 0, b1 = P.nf;
        double k0 = P.key[0], k1 = DBL_MAX;
        int j = 1;
        for (; j + 1 < P.nf; j += 2) {
            double ka = P.key[j], kb = P.key[j + 1];
            b1 = ka < k1 ? j : b1;
            k1 = ka < k1 ? ka : k1;
            b0 = kb < k0 ? j + 1 : b0;
            k0 = kb < k0 ? kb : k0;
        }
        if (j < P.nf) {
            b1 = P.key[j] < k1 ? j : b1;
            k1 = P.key[j] < k1 ? P.key[j] : k1;
        }
        best = k1 < k0 || (k1 == k0 && b1 < b0) ? b1 : b0;
        double best_key = k1 < k0 ? k1 : k0;
        if (best_key == DBL_MAX) {
            best = -1; /* every face degenerate: cannot happen for a solid seed, but never read garbage */
            r.status = GJK_DEGENERATE;
            break;
        }
        epa_face *B = &P.f[best];
        if (r.iterations >= max_iterations) {
            r.status = GJK_MAX_ITERATIONS;
            break;
        }
        ++r.iterations;
        gjk_vertex3 w = gjk_minkowski3_support(m, gjk_from_dv3(B->n));
        gjk_dvec3 wd = gjk_to_dv3(w.w);
        double upper = gjk_ddot3(B->n, wd);
        least = gjk_minr(least, (gjk_real)upper);
        P.scale = gjk_maxr(P.scale, gjk_len3(w.w));
        if (upper - B->dist <= tol_rel * P.scale) break; /* the bounds met */
        if (upper < tight_upper) {
            tight_upper = upper;
            tight_n = B->n;
            tight_dist = B->dist;
            tight_v[0] = B->v[0], tight_v[1] = B->v[1], tight_v[2] = B->v[2];
        }
        /* A support point that is already a vertex cannot expand the polytope: rounding (mostly in float) keeps
           the bounds apart, but this face is as good as it gets. Polytope supports return exact vertex
           coordinates, so the comparison is exact. */
        bool known = false;
        unsigned bucket = vertex_bucket(w.w);
        if (P.seen[bucket >> 6] >> (bucket & 63) & 1)
            for (int i = 0; i < P.nv && !known; ++i)
                known = P.v[i].w.x == w.w.x && P.v[i].w.y == w.w.y && P.v[i].w.z == w.w.z;
        if (known) break;
        if (P.nv >= MAX_V) {
            r.status = GJK_MAX_ITERATIONS;
            break;
        }
        if (!carve(&P, best, wd)) {
            undo_carve(&P);
            r.status = GJK_DEGENERATE;
            break;
        }
        int wi = P.nv;
        P.v[wi] = w;
        bool convex = true;
        for (int i = 0; i < P.nh; ++i) convex &= plane_of(&P, P.h[i].a, P.h[i].b, wi, &P.np[i], &inner);
        if (!convex) {
            undo_carve(&P);
            r.status = GJK_DEGENERATE;
            break;
        }
        /* Free slots: removed faces are reused first, then fresh ones. */
        int free_slots = P.nremoved + (MAX_F - P.nf);
        if (P.nh > free_slots) {
            undo_carve(&P);
            r.status = GJK_MAX_ITERATIONS;
            break;
        }
        ++P.nv;
        note_vertex(&P, w.w);
        int first = -1, prev = -1, used = 0;
        for (int i = 0; i < P.nh; ++i) {
            const horizon_edge *h = &P.h[i];
            int fi = used < P.nremoved ? P.removed[used++] : P.nf++;
            epa_face *F = &P.f[fi];
            F->v[0] = h->a;
            F->v[1] = h->b;
            F->v[2] = wi;
            F->alive = true;
            F->removed = false;
            face_set_plane(&P, fi, &P.np[i]);
            F->adj[0] = 4 * h->outside + h->slot;
            P.f[h->outside].adj[h->slot] = 4 * fi;
            if (prev >= 0) {
                P.f[prev].adj[1] = 4 * fi + 2;
                F->adj[2] = 4 * prev + 1;
            } else {
                first = fi;
            }
            prev = fi;
        }
        P.f[prev].adj[1] = 4 * first + 2;
        P.f[first].adj[2] = 4 * prev + 1;
        for (int i = used; i < P.nremoved; ++i) {
            P.f[P.removed[i]].alive = false;
            P.key[P.removed[i]] = DBL_MAX;
            P.f[P.removed[i]].removed = false;
        }
    }
    /* GJK found the origin within touching distance of D (or inside it), so no face of a polytope inside D can
       lie farther than that beyond the origin. A polytope that says otherwise is nearly flat and its face
       orientations are rounding (a sliver triangle against a tiny cylinder in float can report a gap of 1.8 for
       touching shapes): D is as thin as rounding can tell, and the honest answer is GJK's, depth zero. */
    if (best >= 0 && P.f[best].dist < -GJK_R(2.0) * GJK_TOL_TOUCH * P.scale) {
        best = -1;
        r.status = GJK_DEGENERATE;
    }
    /* The nearest face of a polytope inside D that holds the origin bounds the depth from below. */
    if (best >= 0 && P.f[best].dist >= 0) r.lower = (gjk_real)P.f[best].dist;
    if (best < 0) {
        r.upper = least;
        gjk_simplex3_witness(&g->simplex, m, g->v, &r.pa, &r.pb);
        r.depth = 0;
        r.normal = gjk_normalize3(hint);
        if (!(gjk_len_sq3(r.normal) > 0)) r.normal = gjk_v3(0, 0, 1);
        r.scale = P.scale;
        if (m->rec) record_polytope(m, &P, -1);
        return r;
    }
    /* Coplanar faces of D (a box face split in two triangles) tie on distance, and the origin's projection lies in
       only one of them: among the faces within tolerance of the best, take the one that holds the projection
       best, or the clamped contact point would be off the true one. The tolerance is the convergence one: on
       curved D the faces tiling a flat part of it differ in distance by more than rounding, and a sliver along
       its rim (its plane set by points a rounding apart) can win by 1e-12 (double: a segment through a cylinder's
       middle can end on a sliver at the cap's rim, its witness 1.36 off the segment). */
    double tie = tol_rel * P.scale, best_inside = -DBL_MAX;
    int chosen = best;
    for (int i = 0; i < P.nf; ++i) {
        epa_face *F = &P.f[i];
        /* Only coplanar neighbours: with the origin on the boundary, other faces through it also tie on
           distance but are not converged faces of D. */
        if (!F->alive || !F->valid || F->dist > P.f[best].dist + tie) continue;
        if (gjk_ddot3(F->n, P.f[best].n) < 1 - GJK_TOL_REL) continue;
        double inside = face_inside(&P, F, gjk_dscale3(P.f[best].n, P.f[best].dist));
        if (inside > best_inside) {
            best_inside = inside;
            chosen = i;
        }
    }
    epa_face *B = &P.f[chosen];
    gjk_real depth = (gjk_real)B->dist;
    gjk_vec3 normal = gjk_normalize3(gjk_from_dv3(B->n));
    gjk_dvec3 proj = gjk_dscale3(B->n, B->dist);
    const int *fi = B->v;
    if (r.status != GJK_OK && tight_upper < DBL_MAX) {
        /* Stopped early: the answer that separates, refined. The witnesses stay those of the face it came from
           (the support points at the refined normal can be far apart along a continuum of contacts). */
        normal = gjk_normalize3(gjk_from_dv3(tight_n));
        depth = (gjk_real)tight_upper;
        refine(m, &normal, &depth, &least);
        proj = gjk_dscale3(tight_n, tight_dist);
        fi = tight_v;
    }
    gjk_vertex3 *a = &P.v[fi[0]], *b = &P.v[fi[1]], *c = &P.v[fi[2]];
    double la, lb, lc;
    barycentric(vw(&P, fi[0]), vw(&P, fi[1]), vw(&P, fi[2]), proj, &la, &lb, &lc);
    const gjk_vertex3 *fv[3] = {a, b, c};
    const gjk_real lam[3] = {(gjk_real)la, (gjk_real)lb, (gjk_real)lc};
    r.normal = normal;
    r.scale = P.scale;
    gjk_dvec3 on_face =
        gjk_dadd3(gjk_dadd3(gjk_dscale3(vw(&P, fi[0]), la), gjk_dscale3(vw(&P, fi[1]), lb)), gjk_dscale3(vw(&P, fi[2]), lc));
    double miss = gjk_dlen3(gjk_dsub3(on_face, proj));
    if (depth < 0 && miss > GJK_TOL_TOUCH * P.scale && gjk_len_sq3(g->closest) > 0) {
        /* The origin is outside the polytope (GJK stopped in the touching band with the cores apart by |closest|) and
           its projection onto the nearest face's plane misses the face: the polytope's nearest point to the origin lies
           on an edge or a vertex, and the face's witnesses are off by the miss (float: a cylinder 1.2e5 long beside a
           segment 1.07 away puts the contact point 1250 beyond the cylinder's cap; regression seed
           regression_band_edge). GJK's closest point is that nearest point, with witnesses on both cores: answer it.
           (With the origin inside, the nearest face's foot point lies in the face: no such miss.) */
        gjk_simplex3_witness(&g->simplex, m, g->closest, &r.pa, &r.pb);
        r.depth = -gjk_len3(g->closest);
        r.upper = least;
        r.normal = gjk_normalize3(gjk_neg3(g->closest));
        if (m->rec) record_polytope(m, &P, chosen);
        return r;
    }
    if (miss > 0.05 * P.scale) {
        /* The face misses the origin's projection by a good part of the size (rounding near a converged face
           misses by 3e-3 at most over the test suites): the polytope is not convex there. Planes computed in float
           do that (a cylinder 6e4 wide around a spiky hull ends on a cap face whose projection lies 6e4 outside
           it); with the planes in double and the coplanar choice above no known input reaches this branch, which
           stays as a guard. The face's witnesses stand for nothing then; answer from D's
           support along the normal instead: its value is an upper bound of the depth (so moving B by it
           separates), B's support point lies on B, and A's point is that point carried by the depth onto A's
           supporting plane. */
        gjk_vertex3 w = gjk_minkowski3_support(m, normal);
        gjk_real upper = gjk_dot3(normal, w.w);
        least = gjk_minr(least, upper);
        if (upper > depth) {
            if (upper - depth > tol_rel * P.scale) r.status = gjk_worse_status(r.status, GJK_DEGENERATE);
            depth = upper;
        }
        /* Anchor the contact on one shape's support point and carry it by the depth onto the other's supporting
           plane. Which shape: the one whose support point lies nearer the face's own witness on it. A support
           along the normal can be a whole edge or face, and its point an arbitrary end far from the contact (float:
           a cylinder 1.4e4 long lying on a hull would give a contact 6e3 off the hull; a needle through a disc,
           3.7e4 off the disc); the face's witnesses, though misaligned, lie near the contact on both shapes. */
        gjk_vec3 fa, fb, pb0 = gjk_sub3(w.a, w.w);
        gjk_witness3_combine(fv, lam, 3, m, &fa, &fb);
        if (gjk_len_sq3(gjk_sub3(pb0, fb)) <= gjk_len_sq3(gjk_sub3(w.a, fa))) {
            r.pb = pb0; /* B's support point; A's point on A's supporting plane */
            r.pa = gjk_mad3(pb0, depth, normal);
        } else {
            r.pa = w.a; /* A's support point; B's point on B's supporting plane */
            r.pb = gjk_mad3(w.a, -depth, normal);
        }
        r.depth = depth;
        r.upper = least;
        if (m->rec) record_polytope(m, &P, chosen);
        return r;
    }
    gjk_witness3(fv, lam, 3, m, gjk_from_dv3(proj), &r.pa, &r.pb);
    r.depth = depth;
    r.upper = least;
    if (m->rec) record_polytope(m, &P, chosen);
    return r;
}
