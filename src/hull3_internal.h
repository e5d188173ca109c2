// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private to the 3D hull: the triangulated quickhull state shared by quickhull3.c (building the exact triangulated
   hull and merging it into polygonal faces) and hull3.c (input checks, scaling, duplicates, flat sets, output
   helpers). */
#ifndef GJK_HULL3_INTERNAL_H
#define GJK_HULL3_INTERNAL_H

#include "internal.h"

typedef struct qh_face {
    int v[3];   /* counter-clockwise seen from outside */
    int adj[3]; /* adj[i]: face across edge (v[i], v[i+1]) */
    int mark, label; /* visibility stamp; merged face index */
    unsigned char alive, visible;
    unsigned char thin, longest; /* merging: height within tol (a sliver), and which edge is the longest */
    GJK_ANONYMOUS union { /* the building and the merging fields never live at once: a smaller face, fewer cache misses */
        struct {
            double cross[3], perm[3]; /* orient3's minors for this triangle and their permanents, computed once */
            double far_vol;           /* filtered volume of far_pt over the face: ranks the outside points */
            int head, far_pt;         /* outside set (linked through qhull.next), its farthest point; -1: empty */
            int prev, next;           /* pending list (faces with an outside set), or free list */
        };
        struct {
            gjk_vec3 n;       /* precise unit normal (tri_shape) */
            gjk_real d, area; /* n . x on the plane; twice the area */
        };
    };
} qh_face;

typedef struct qh_edge {
    int a, b;  /* edge a -> b as seen from the face that owns it */
    int w, ew; /* quickhull: the hidden face across it and the edge's index there */
} qh_edge;

typedef struct qhull {
    const gjk_vec3 *p; /* scaled points */
    unsigned char *flag; /* [n] building: points within tol of another one, left out; output: vertices kept */
    int *next;         /* [n] outside-set links; vertex face counts after the build */
    int *vmap;         /* [n] scratch per point, -1 between uses */
    gjk_real tol;
    qh_face *f;
    int fcap, fcount, free_list, pending, stamp;
    int *list, list_cap; /* visible faces, then a merged region's triangles */
    qh_edge *hz;
    int hz_cap;
    int *nf, nf_cap; /* horizon order, then the new faces */
} qhull;

/* hull3.c: output helpers */
gjk_vec3 gjk_tri_cross(gjk_vec3 a, gjk_vec3 b, gjk_vec3 c);
gjk_hull3 *gjk_hull3_alloc(int nv, int nf, int ni, int na);
void gjk_hull3_vertices(gjk_hull3 *h, const gjk_vec3 *points, const gjk_vec3 *wp, const int *ids, int shift);
gjk_vec3 gjk_hull3_area_vector(const gjk_vec3 *p, const int *ids, const int *loop, int len);
void gjk_hull3_face_plane(gjk_hull3 *h, int f, gjk_vec3 nrm);

/* quickhull3.c: the exact triangulated hull of the n working points from the initial simplex s, then its faces */
gjk_status gjk_qh_build(qhull *q, int n, const int *s);
gjk_hull3 *gjk_qh_output(qhull *q, const gjk_vec3 *points, int n, int shift, gjk_status *st);

#endif
