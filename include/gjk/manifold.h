// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/manifold.h
/// Contact manifolds: one normal and up to 4 contact points (2 in 2D) for a pair of shapes, what a physics engine
/// needs to keep a box resting flat on another instead of rocking on one point.
///
/// ```c
/// gjk_manifold3 m = gjk_collide3(&pair, 0.02, &cache);  // points reported up to 0.02 apart (speculative)
/// for (int i = 0; i < m.count; ++i)
///     solve_contact(m.normal, m.points[i].point_a, m.points[i].point_b, m.points[i].separation, m.points[i].id);
/// ```
///
/// How: gjk_signed_distance3() gives the normal. Each shape presents its feature most aligned with the normal (A)
/// or against it (B), preferring, within about 1.1 degrees, a face to an edge to a vertex: a face of a box, hull or
/// triangle, a cap disc of a cylinder or cone, an edge, a segment (capsule, segment shape, the side of a cylinder
/// or cone lying on its side), or else one point. The region where the two features face each other along the
/// normal is found by clipping (Sutherland-Hodgman against the reference face's side planes, the exact rim circle
/// for a cap); its corners within the speculative distance are the points, reduced to 4 (the deepest, then the
/// largest area). Spheres, ellipsoids, user shapes and corners touch at one point; a capsule lying on a face gives
/// 2, a box on a lying cylinder 2, a cylinder standing on its cap up to 4 on its rim. When only one side presents a
/// face (the reference), a box, hull or triangle without margin on the other side presents its face turned most
/// towards it, whatever its tilt (the incident face, as in Box2D and Bullet): a box sunk into the ground at a tilt
/// keeps every corner within the speculative distance, not only its deepest edge; a capsule or segment presents its
/// whole segment (a capsule settling at an angle: both ends, each on its rounded surface). Rounded polytopes and
/// cylinders tilted beyond the tolerance give their deepest feature. 2D works the same way with edges (Box2D's
/// reference and incident edges, rounded ones included) and at most 2 points.
///
/// What the points satisfy (tests/test_manifold*.c check each against qhull and brute-force oracles):
/// - point_a is on A's surface, point_b on B's (rounded surfaces included: margins shift the points along the
///   normal), and point_b = point_a + separation * normal: the separation is the exact distance between the two
///   surfaces along the normal at that place, negative where they overlap;
/// - no point is deeper than the pair's penetration depth (the slab argument: along the normal the shapes overlap
///   by at most the depth), and the deepest point's separation is the signed distance, with three documented
///   exceptions: a cylinder's or cone's cap tilted within the 1.1 degrees keeps its rim points at fixed angles of
///   its own frame (so that a resting cylinder's points stay put instead of following the noise of the normal
///   around the rim), and its deepest point may be up to 0.29 * radius * sin(tilt) shallower; a manifold reduced
///   from more than 4 corners keeps the deepest, except that depths within 1e-5 of the contact's width (flush
///   sides drifting at the rounding level) tie towards a fixed order, so that resting bodies keep their points, and
///   may be that much shallower; a face tilted within the tolerance has its
///   rounded surface (margin r) up to r * 2e-4 off the point's offset along the normal;
/// - two segments nearly parallel (within the tolerance; capsules side by side) give the 2 ends of their overlap,
///   each paired with the other segment's point at the same position along it: point_b - point_a is then off the
///   normal by up to length * 0.02;
/// - one-point contacts of curved shapes carry the accuracy of the signed distance (EPA on curved cores: the
///   normal to about 1e-4, float 1e-2).
///
/// Feature ids: each point's `id` is (code_a << 16) | code_b, the feature of A and the feature of B the point lies
/// on, so that an engine can match this frame's points with the last frame's and carry their impulses over (Box2D
/// keeps warm-start impulses only between points of equal id). The name is read from the point's position on each
/// shape's feature seen along the normal, not from how the clipping produced it: a vertex when the point is within
/// the snap of the vertex's two edges (of the vertex itself, or in the corner between them), else an edge within
/// the snap, else the face; a segment's end, else the segment; a cap's rim point within the snap, else the cap, or
/// the crossing of its rim by the other feature's edge. The snap is 1e-3 of the shorter of the two features'
/// shortest edges (a cap counts its radius, a segment its length), so neighbouring corners of a face are a thousand
/// snaps apart. What an engine may rely on:
/// - ids are distinct within a manifold: points with the same name are one contact, and the deepest of them is kept;
/// - an id stays the same while its point stays on the same features, whatever clipping, rounding, the order of the
///   points or the choice of reference face does: two cubes stacked flush keep their 4 (corner, corner) ids under
///   any nudge or turn below the snap (tests/test_manifold_ids.c nudges flush, stacked and tilted pairs by 1e-12 to
///   1e-6 and follows sliding, rocking and settling bodies frame by frame);
/// - an id changes when its point moves more than the snap onto another feature (a corner sliding off an edge);
/// - a manifold reduced from more than 4 points keeps its deepest: a tilt that makes another point deeper by more
///   than 1e-5 of the contact's width changes which points are kept (each kept point still carries its own id);
/// - the high half names A's feature and the low half B's, whichever shape gave the reference face: exchanging A and
///   B exchanges the halves and nothing else. (3D points come ordered by their names.)
/// Not covered: an edge tangent to a cap's rim (its two rim crossings, 2 sqrt(2 radius offset) apart, appear or vanish
/// with the sign of the offset, and are farther apart than the snap beyond 1e-7 of the radius); where flush sides cross
/// (edges parallel within 1e-3, seen along the normal) no point is made, the ends of the flush stretch stand for it. A
/// code is (kind << 14) | index, kind 0 a vertex, 1 an edge, 2 a face, 3 a crossing of a cap's rim; indices are the
/// shape's own: a hull's vertex and face indices (an edge by the vertex it starts from in its face, modulo 2^14 for
/// huge hulls), a box's corners by sign bits (bit k set: coordinate k positive), faces 2 axis + (side > 0) and edges
/// 3 c + axis (along `axis` from its corner c whose coordinate on that axis is negative); a triangle's vertices 0-2,
/// faces 0 (the side of its normal (p1 - p0) x (p2 - p0)) and 1, edges 0 (vertices 0-1), 1 (0-2) and 2 (1-2); a
/// capsule's or segment's ends 0 (-z, a) and 1, edge 0 between them; a cylinder's rim points 0-3 (top cap, at 0, 90,
/// 180, 270 degrees from +x towards +y) and 4-7 (bottom), 8 and 9 the top and bottom ends of the touching side line
/// (edge 0), caps 0 (top) and 1, rim crossings 0 and 1 (where another feature enters and leaves the top rim) and 2, 3
/// (bottom); a cone's base rim points 0-3, apex 4, the touching side line's rim end 5 and that line edge 0, base
/// face 0, rim crossings 0 and 1; a sphere's, ellipsoid's or point's single point vertex 0. docs/cli.md draws the box's
/// numbering. (Hulls of more than 2^14 vertices share codes modulo 2^14, and a hull face of more than 64 vertices is
/// named by the 64 it is reduced to.)
///
/// Cost (instructions counted with callgrind, gcc -O2; bench/count_box_manifold.c for boxes): two sharp boxes take a
/// path of their own that clips and names in the reference box's frame, with the same answers (tests compare the two
/// on 21,000 pairs): two boxes resting at an angle (8 corners reduced to 4) about 8,400, of which 3,000 the signed
/// distance; two equal boxes stacked 6,800, of which 2,250; a box sunk on an edge or a corner 4,700; a hull of 8 or
/// 32 vertices resting on a face 11,900 and 13,000, of which 5,800 and 6,600 the signed distance. In 2D two boxes or
/// polygons of up to 8 vertices take the manifold straight from the separating axes that give their signed distance
/// (bench/count_manifold2.c; tests compare it with the general path on 12,000 pairs): about 1,800 for two boxes
/// resting on each other, the signed distance alone 1,400 (Box2D 2.4's b2CollidePolygons about 1,260 on the same
/// pairs, in float); other 2D pairs the signed distance plus 40-60%.
/// No allocation; about 30 KB of stack (3D), taken after the signed distance returns (whose EPA needs about as
/// much).
#ifndef GJK_MANIFOLD_H
#define GJK_MANIFOLD_H

#include <stdint.h>

#include "gjk/base.h"
#include "gjk/math.h"
#include "gjk/query.h"
#include "gjk/shape.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Most points of a 3D manifold.
#define GJK_MANIFOLD_MAX_POINTS3 4
/// Most points of a 2D manifold.
#define GJK_MANIFOLD_MAX_POINTS2 2

/// One contact point (world frame).
typedef struct gjk_manifold_point3 {
    gjk_vec3 point_a;     ///< world, on A's surface
    gjk_vec3 point_b;     ///< world, on B's surface
    gjk_real separation;  ///< (point_b - point_a) . normal, length units: < 0 overlapping, > 0 apart (speculative)
    uint32_t id;          ///< the features of A (high 16 bits) and B the point lies on; see "Feature ids" above
} gjk_manifold_point3;

/// A contact manifold. count is 0 when the shapes are farther apart than the speculative distance.
typedef struct gjk_manifold3 {
    gjk_status status;   ///< GJK_OK, or as for the queries (an estimate, or GJK_INVALID_INPUT with count 0)
    gjk_vec3 normal;     ///< world, unit, from A to B (set whenever the signed distance was computed)
    int count;           ///< points in use, 0 to GJK_MANIFOLD_MAX_POINTS3
    gjk_manifold_point3 points[GJK_MANIFOLD_MAX_POINTS3]; ///< the contact points; entries from `count` on are zero
    int iterations;      ///< GJK plus EPA iterations of the signed distance
} gjk_manifold3;

/// The manifold of a pair: points whose separation is at most `speculative_distance` (>= 0; 0 reports only touching
/// or overlapping points). `cache` (may be NULL) warm-starts the signed distance as for the queries. A pair farther
/// apart than the speculative distance has count 0 (status GJK_OK, normal set). Bad input as for the queries
/// (gjk/query.h), and a speculative distance that is negative, NaN or beyond 1e150 (float 1e18): GJK_INVALID_INPUT,
/// count 0. An answer that overflows despite bounded inputs: GJK_DEGENERATE, count 0.
GJK_API gjk_manifold3 gjk_collide3(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_cache3 *cache);

/// One 2D contact point (world frame).
typedef struct gjk_manifold_point2 {
    gjk_vec2 point_a;    ///< world, on A's surface
    gjk_vec2 point_b;    ///< world, on B's surface
    gjk_real separation; ///< (point_b - point_a) . normal, length units: < 0 overlapping, > 0 apart (speculative)
    uint32_t id;         ///< A's feature (high 16 bits) and B's: for two edges an end of each (see gjk_collide2())
} gjk_manifold_point2;

/// A 2D contact manifold: up to 2 points.
typedef struct gjk_manifold2 {
    gjk_status status; ///< GJK_OK, or as for the queries (an estimate, or GJK_INVALID_INPUT with count 0)
    gjk_vec2 normal;   ///< world, unit, from A to B (set whenever the signed distance was computed)
    int count;         ///< points in use, 0 to GJK_MANIFOLD_MAX_POINTS2
    gjk_manifold_point2 points[GJK_MANIFOLD_MAX_POINTS2]; ///< the contact points; entries from `count` on are zero
    int iterations;    ///< GJK plus EPA iterations of the signed distance
} gjk_manifold2;

/// The 2D manifold; same contract as gjk_collide3() with 2 points at most. Feature ids are (code_a << 16) | code_b
/// with codes as in 3D, but a point of two edges (a reference edge facing the normal and the other shape's incident
/// edge) is named by an end of each: the reference edge's end on the point's side and the incident edge's end on
/// the point's side, whether the point is that end or the other edge clipped there (Box2D v3's naming). So the two
/// points keep their ids as long as the same two edges touch: under any rounding of flush ends and while one edge
/// slides along the other (an engine that keeps warm-start impulses only between equal ids, as Box2D, then keeps a
/// leaning stack's impulses; tests/test_manifold_ids.c). They change when another edge becomes the reference or the
/// incident edge: a box turned through 45 degrees on its corner changes its incident edge, and its corner's point
/// then its reference end. Exchanging A and B exchanges the halves. A single point (a circle, a vertex, an edge
/// against a vertex) is named by the features as in 3D: the edge facing the normal, else the vertex farthest along
/// it. Codes: a vertex code's index is a polygon's vertex, a box's corner 0-3 counter-clockwise from (-x, -y); an
/// edge i runs from vertex i to the next; a segment's or capsule's ends 0 (-y, a) and 1, its edge 0 the side to the
/// right of the direction from end 0 to end 1 and edge 1 the other side; a circle's or point's single point is
/// vertex 0.
GJK_API gjk_manifold2 gjk_collide2(const gjk_pair2 *pair, gjk_real speculative_distance, gjk_cache2 *cache);

#ifdef __cplusplus
}
#endif

#endif
