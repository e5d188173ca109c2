// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* What the files of gjk render share (render.c: the layout, shapes, pairs and the command; render_contacts.c:
   manifolds, rays and shape casts): the picture being drawn, its pixel frame and the SVG number writers. */
#ifndef GJK_TOOLS_RENDER_PICTURE_H
#define GJK_TOOLS_RENDER_PICTURE_H

#include <stdbool.h>
#include <stdio.h>

#include "gjk/gjk.h"
#include "outline.h"
#include "scene.h"

#define COLOR_SHAPE "#4c78a8"      /* a shape overlapping no other in the listed pairs */
#define COLOR_SHAPE_EDGE "#2f4b6e"
#define COLOR_HIT "#e45756"        /* a shape overlapping (or touching) another in some listed pair */
#define COLOR_HIT_EDGE "#a3201d"
#define COLOR_GAP "#2ca02c"        /* a separated pair: the closest points */
#define COLOR_DEPTH "#d62728"      /* an overlapping pair: the penetration */
#define COLOR_CONTACT "#7b3294"    /* manifold points, their ids and normal */
#define COLOR_RAY "#e8710a"        /* rays, their hit points and normals */
#define COLOR_GHOST "#555555"      /* a moving shape at the end of its step, and its path */
#define COLOR_IMPACT "#1f77b4"     /* a moving shape at the time of impact, the contact point and normal there */

/* Painting order in 3D: farthest from the camera first. */
typedef struct layer {
    double depth; /* mid-depth of the shape toward the camera */
    int index;
} layer;

/* Legend entries: the first four always, the others when the scene has them. */
enum { LEGEND_CONTACT = 4, LEGEND_RAY, LEGEND_MOTION, LEGEND_IMPACT, LEGEND_COUNT };

typedef struct picture {
    const scene *s;
    view view;                         /* the picture plane */
    outline line;                      /* the outline being drawn */
    pt lo, hi;                         /* bounds of everything drawn in the picture plane */
    bool *hit;                         /* [shape_count] overlaps another shape in some pair */
    pt *centre;                        /* [shape_count] label positions, picture plane */
    layer *order;                      /* [shape_count] painting order */
    double scale, ox, oy;              /* pixel = (ox + scale x, oy - scale y): y up */
    int width, height, header;
    gjk_real speculative;              /* manifolds report points up to this far apart (--speculative) */
    bool legend[LEGEND_COUNT];         /* which legend entries are shown */
} picture;

/* A point of the picture plane in pixels. */
static inline pt to_pixel(const picture *pic, pt p) {
    return (pt){pic->ox + pic->scale * p.x, pic->oy - pic->scale * p.y};
}

/* Grow the bounds to hold p (non-finite points are ignored). */
void picture_include(picture *pic, pt p);

/* A number as gjk query prints it, and ` name="x y [z]"`. */
void put_real(FILE *out, gjk_real v);
void put_vec(FILE *out, const char *name, const gjk_real *v, int n);

/* ---- render_contacts.c ---- */
/* First pass: the bounds of the manifold points, rays, hit points and moving shapes' poses; the legend entries. */
void contacts_measure(picture *pic);
/* Second pass: the manifolds, casts (ghosts at the end of the step and at the time of impact) and rays, as SVG.
   Returns false when the library gave a non-finite number somewhere (that element is left undrawn). */
bool contacts_write(FILE *out, picture *pic);

#endif
