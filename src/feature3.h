// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Supporting features of 3D shapes, for contact manifolds (manifold3.c). Private to the library.

   The supporting feature of a convex shape along a direction d is the part of its core that is farthest along d: a
   face, an edge or a vertex of a polytope; a cap disc, a side segment or a rim point of a cylinder; ... Exactly
   along d it is usually a single point; manifolds want the feature that is farthest along d *within a small
   angular tolerance* (Gregorius, "Robust Contact Creation for Physics Simulations", GDC 2015): a box lying on a
   face tilted by 1e-6 should still present that face, not a corner that rounding happened to favour.

   Rule: a face (or disc) whose outward normal is within GJK_FEATURE_SIN of d (as a sine), else an edge (or segment)
   through the support vertex perpendicular to d within GJK_FEATURE_SIN, else the support point. Faces and edges
   always contain a support vertex along d, so the deepest point of a contact is always one of the feature's points
   (or on its boundary), which is what makes a manifold's deepest separation equal the pair's signed distance.

   Feature codes (16 bits, for the manifold points' ids): kind << 14 | index, kind one of GJK_CODE_*. Indices are
   stable properties of the shape (a hull's vertex or face index, a box corner's sign bits), so a point keeps its id
   while the same features touch. */
#ifndef GJK_FEATURE3_H
#define GJK_FEATURE3_H

#include <stdint.h>

#include "internal3.h"

/* Most vertices of a polygon feature. A hull face with more is decimated to this many of its vertices (an inscribed
   polygon that keeps the support vertex): its points stay on the face, the contact region shrinks slightly. */
#define GJK_FEATURE3_MAX 64

/* Angular tolerance (a sine, about 1.1 degrees) for "a face facing d" and "an edge perpendicular to d". It must
   stay well above the error of the normal the feature is asked for: EPA's normal between two curved sides (two
   cylinders lying side by side) is off by up to 5e-5 in double and 6e-3 in float (measured), and such a pair must
   still present two side segments. Points of tilted polytope faces and segments are exact anyway (their heights
   along the normal are computed, and points beyond the speculative distance dropped); what the tolerance costs is
   documented in gjk/manifold.h (cap discs, rounded faces, nearly parallel segments). */
#define GJK_FEATURE_SIN GJK_R(0.02)
/* sqrt(1 - GJK_FEATURE_SIN^2), rounded down. */
#define GJK_FEATURE_COS GJK_R(0.9997999)

/* Reducing a manifold to 4 points (manifold3_reduce.c). Depths within GJK_MANIFOLD_DEPTH_TIE of the contact's width
   tie, and the first tied candidate in order stands as the deepest: flush sides drifting at the rounding level (nudges
   and turns up to 1e-6, tests/test_manifold_ids.c) change which corner is deepest by up to about 2e-6 of the width,
   and picking by that noise would change the chosen corners, and their ids, from frame to frame. It is no wider
   because the kept point's separation is the depth an engine resolves: it may be shallower than the signed distance
   by up to this times the width, and a real tilt (1e-4 and more) moves the deepest corner, which the manifold then
   follows. Distances and areas, which choose only the points that span the contact and never a depth, tie within
   GJK_MANIFOLD_TIE of the best value, wide enough that two computations of the same contact in different frames
   (the box path's and the general path's) choose the same points. */
#define GJK_MANIFOLD_DEPTH_TIE GJK_R(1e-5)
#define GJK_MANIFOLD_TIE GJK_R(2.5e-4)

/* Naming a contact point by the features it lies on (manifold3.c, manifold2.c): a point within this fraction of the
   features' size (the shorter of the two features' shortest edges, in 2D and 3D; a cap disc counts its radius)
   of a vertex is named by the vertex, else within it of an edge by the edge, else by the face. Clipping decides at
   the rounding level whether two flush sides give an end or a crossing, and where a corner's point falls; a name
   read from the position within the snap does not see that decision, so a resting contact keeps its ids. Measured
   against the shortest edge, the snap keeps a polygon's neighbouring corners 1000 snaps apart, so no point is within
   the snap of two of them (corners that are not neighbours come that close only across an interior angle within
   0.002 of a half turn). Above any rounding (1e-3 against float's 6e-8), and small enough that a point names an
   edge's end only when it is there to within a thousandth of the contact's size. */
#define GJK_FEATURE_SNAP GJK_R(1e-3)

enum { GJK_CODE_VERTEX = 0, GJK_CODE_EDGE = 1, GJK_CODE_FACE = 2, GJK_CODE_RIM = 3 };
static inline uint16_t gjk_code(unsigned kind, int index) {
    return (uint16_t)((kind << 14) | ((unsigned)index & 0x3FFFu));
}

typedef enum gjk_feature_kind {
    GJK_FEATURE_POINT,   /* p[0], vid[0] (count 0: a user callback's answer was unusable) */
    GJK_FEATURE_SEGMENT, /* p[0] .. p[1]; vid[0..1], eid[0] */
    GJK_FEATURE_POLYGON, /* p[0 .. count), counter-clockwise about `normal`; eid[i] is the edge p[i] -> p[i+1] */
    GJK_FEATURE_DISC     /* centre, normal, radius; p[0..3] the rim points fixed in the shape's frame */
} gjk_feature_kind;

typedef struct gjk_feature3 {
    gjk_feature_kind kind;
    int count;       /* points in p[] */
    uint16_t code;   /* the whole feature: the vertex (POINT), edge (SEGMENT) or face (POLYGON, DISC) */
    int cap;         /* DISC: index of the cap (for the rim-crossing codes) */
    gjk_vec3 normal; /* POLYGON, DISC: outward unit normal */
    gjk_vec3 center; /* DISC */
    gjk_real radius; /* DISC */
    gjk_vec3 p[GJK_FEATURE3_MAX];
    uint16_t vid[GJK_FEATURE3_MAX];
    uint16_t eid[GJK_FEATURE3_MAX];
} gjk_feature3;

/* A box's face 2 axis + (side > 0) as a ring of 4 corners, counter-clockwise seen from outside (feature3.c): their
   vertex codes (a corner's index: bit k set, coordinate k positive) and the codes of the edges from each corner to
   the next. */
extern const uint16_t gjk_box_face_vid[6][4];
extern const uint16_t gjk_box_face_eid[6][4];

/* The supporting feature of a valid shape's core along the unit direction d, in the shape's local frame. */
void gjk_feature3_find(const gjk_shape3 *s, gjk_vec3 d, gjk_feature3 *f);
/* The feature a shape presents to a reference face on the other shape whatever its tilt (Box2D's and Bullet's
   incident face): for a box, hull or triangle without margin its face facing d the most, holding the support point
   along d, so that a box sunk into another at a small tilt keeps all its corners within reach, not only the
   deepest; for a capsule or segment the whole segment (a capsule settling on a face at a small angle: both ends).
   False (f unspecified) for other shapes, rounded polytopes, and a hull without faces. */
bool gjk_feature3_incident(const gjk_shape3 *s, gjk_vec3 d, gjk_feature3 *f);
/* Move a feature by x -> rot x + pos. */
void gjk_feature3_move(gjk_feature3 *f, gjk_mat33 rot, gjk_vec3 pos);

#endif
