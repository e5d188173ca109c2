// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Private to the 3D contact manifolds: the candidate points a manifold is built from (manifold3.c) and their
   reduction to at most 4 (manifold3_reduce.c). Not installed. */
#ifndef GJK_MANIFOLD3_INTERNAL_H
#define GJK_MANIFOLD3_INTERNAL_H

#include "feature3.h"

/* Most candidate points: a disc against a polygon gives up to every vertex, two crossings per edge and 4 rim
   points; two polygons at most the sum of their vertex counts. */
#define MAX_CAND (3 * GJK_FEATURE3_MAX + 4)
/* Sutherland-Hodgman grows a polygon by at most one vertex per clipping plane. */
#define CLIP_MAX (2 * GJK_FEATURE3_MAX)

typedef struct contact3 {
    gjk_vec3 pa, pb; /* on the cores, A's frame */
    gjk_real da, db; /* how far each rounded surface lies beyond its core point along n (the radii, but more below
                        a tilted rounded segment: segment_drop) */
    gjk_real sep;    /* along n, those subtracted */
    uint32_t id;
} contact3;

typedef struct builder3 {
    gjk_vec3 n;      /* A's frame, unit, from A to B */
    gjk_real ra, rb; /* radii around the cores */
    gjk_real spec;   /* speculative distance */
    gjk_vec3 wa, wb; /* the query's witnesses on the cores, A's frame */
    bool b_ref;      /* two polygons: B's is the reference face (A's tilted beyond the tolerance, incident) */
    int count;
    contact3 c[MAX_CAND];
} builder3;

/* Indices (into b->c) of at most 4 candidates to keep, in candidate order; returns how many. */
int gjk_manifold3_reduce(const builder3 *b, int keep[4]);

#endif
