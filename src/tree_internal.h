// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The dynamic AABB tree's core (tree.c), shared by the 3D (tree3.c) and 2D (tree2.c) front ends. Boxes have three
   axes in both: a 2D tree keeps z at 0 in every box and ray, which overlaps and slab tests pass through unchanged,
   and measures boxes by perimeter instead of surface area (`planar`). Not installed. */
#ifndef GJK_TREE_INTERNAL_H
#define GJK_TREE_INTERNAL_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "gjk/world.h"
#include "internal.h"

/* Depth of the fixed stack of a traversal; a deeper tree is still walked correctly (by parent links). */
#define GJK_TREE_STACK 256

/* A box in gjk_real: what callers pass in and get back. */
typedef struct gjk_tree_box {
    gjk_real lower[3], upper[3];
} gjk_tree_box;

/* A node's box, in single precision whatever gjk_real is. A node is then 40 bytes instead of 64 in double builds,
   and the walks, which read a node per step and outgrow the core's cache at 10,000 bodies, touch 40% less memory
   (Box2D's and Bullet's trees are single precision too). Stored boxes are rounded outward (gjk_tree_round): each
   contains the box it stands for, so every overlap and ray entry of the exact boxes is one of the stored boxes, and
   the tree's answers stay a superset that the callers decide exactly. Coordinates clamp to +-GJK_TREE_RANGE, the
   float builds' own range: a monotone map, which keeps the overlaps between stored boxes, and under which the
   insertion costs, computed in float, cannot overflow. gjk_tree_widen reads clamped sides back as reaching beyond
   any box. */
typedef struct gjk_tree_fbox {
    float lower[3], upper[3];
} gjk_tree_fbox;

/* What a traversal reads. */
typedef struct gjk_tree_node {
    gjk_tree_fbox box; /* a leaf's fat box; an internal node's union of its children */
    int parent;       /* -1 at the root; on the free list, the next free node */
    int child1, child2;
    int height; /* 0 for a leaf, 1 + the children's highest for an internal node, -1 when free */
} gjk_tree_node;

/* What only a leaf's visit or the moved bookkeeping reads, in an array parallel to the nodes. */
typedef struct gjk_tree_leaf {
    uint64_t user;
    int moved_slot; /* a moved leaf's place in the tree's moved list, else -1 */
} gjk_tree_leaf;

typedef struct gjk_tree {
    gjk_tree_node *nodes; /* inside `block`, at its first multiple of 64 */
    void *block;
    gjk_tree_leaf *leaves;
    int capacity, node_count, free_list, root, proxy_count;
    int *moved; /* the leaves moved since clear_moved, each once */
    int moved_count, moved_capacity;
    bool planar;
} gjk_tree;

/* A public box in the core's three axes (2D: z = 0), for the tree, the world and compounds alike. */
static inline gjk_tree_box gjk_tree_box3(gjk_aabb3 b) {
    gjk_tree_box out;
    out.lower[0] = b.lower.x, out.lower[1] = b.lower.y, out.lower[2] = b.lower.z;
    out.upper[0] = b.upper.x, out.upper[1] = b.upper.y, out.upper[2] = b.upper.z;
    return out;
}

static inline gjk_tree_box gjk_tree_box2(gjk_aabb2 b) {
    gjk_tree_box out;
    out.lower[0] = b.lower.x, out.lower[1] = b.lower.y, out.lower[2] = 0;
    out.upper[0] = b.upper.x, out.upper[1] = b.upper.y, out.upper[2] = 0;
    return out;
}

/* The float next below f (f finite or -infinity stays). Through the bits (memcpy: valid C and C++): nextafterf is a
   library call, and FLT_TRUE_MIN is not C++11. */
static inline float gjk_tree_below(float f) {
    uint32_t u;
    if (!(f > -FLT_MAX)) return f;
    memcpy(&u, &f, sizeof u);
    if (f == 0) u = 0x80000001u; /* the negative float nearest 0 */
    else u = f > 0 ? u - 1 : u + 1;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* The stored coordinates' range: what fat boxes reach in float builds (coordinates, margins and displacements each
   up to 1e18). Costs of boxes within it stay below 3.4e38: 3D areas up to 3 (6e18)^2. */
#define GJK_TREE_RANGE 3e18f

/* x rounded down to a float, and clamped to the range; gjk_tree_up: rounded up, and clamped. (A side clamped at
   the range's end it lies beyond no longer bounds the box: gjk_tree_widen reads it as GJK_TREE_FAR.) */
static inline float gjk_tree_down(gjk_real x) {
    float f = x < GJK_TREE_RANGE ? (float)x : GJK_TREE_RANGE;
    if ((gjk_real)f > x) f = gjk_tree_below(f);
    return f > -GJK_TREE_RANGE ? f : -GJK_TREE_RANGE;
}

static inline float gjk_tree_up(gjk_real x) { return -gjk_tree_down(-x); }

/* A box as the tree stores it: rounded outward. */
static inline gjk_tree_fbox gjk_tree_round(const gjk_tree_box *b) {
    gjk_tree_fbox out;
    for (int k = 0; k < 3; ++k) {
        out.lower[k] = gjk_tree_down(b->lower[k]);
        out.upper[k] = gjk_tree_up(b->upper[k]);
    }
    return out;
}

/* Beyond every box the tree takes: coordinates within GJK's limit, grown by a margin and a displacement within it
   too. */
#define GJK_TREE_FAR (4 * GJK_MAX_COORD)

/* A stored box in gjk_real, containing the box it was rounded from: a side clamped to the range reads as
   GJK_TREE_FAR, finite, so that the compounds' bounds (centres, turned extents) never meet an infinity. */
static inline gjk_tree_box gjk_tree_widen(const gjk_tree_fbox *b) {
    gjk_tree_box out;
    for (int k = 0; k < 3; ++k) {
        out.lower[k] = b->lower[k] > -GJK_TREE_RANGE ? (gjk_real)b->lower[k] : -GJK_TREE_FAR;
        out.upper[k] = b->upper[k] < GJK_TREE_RANGE ? (gjk_real)b->upper[k] : GJK_TREE_FAR;
    }
    return out;
}

/* Whether `proxy` names a leaf (a live proxy): in range and of height 0. */
static inline bool gjk_tree_is_leaf(const gjk_tree *t, int proxy) {
    return proxy >= 0 && proxy < t->capacity && t->nodes[proxy].height == 0;
}

/* How far a fat box may reach beyond the box it holds, in margins (plus the displacement), before a move re-inserts
   the proxy to shrink it. Without it a body that came to rest after a fast fall keeps a box stretched along the
   fall, and its pairs with whatever lies in that stretch, for as long as it rests (Box2D's b2DynamicTree::MoveProxy
   re-inserts such boxes too). */
#define GJK_TREE_SLACK 5

/* Whether a proxy stays as it is after its object moved, along one axis: the box lo .. hi inside the fat box
   flo .. fhi, and ordered (every comparison with a NaN fails), and the fat box no more than GJK_TREE_SLACK margins
   plus the size of the displacement d along the axis beyond it on either side (x <= |d| written as two comparisons
   below): a body moving
   steadily never exceeds it (its fat box reaches a margin + 4 x its step behind it at most before its leading side
   is crossed); one that stopped after a fast move does, once. The fat box's rounding to a float (up to an ulp of
   its side) counts as nothing, so that a proxy with no margin far from the origin is not re-inserted at every step.
   The front ends call it axis by axis on their own fields, so that a body at rest costs a few comparisons. */
static inline bool gjk_tree_keeps(gjk_real flo, gjk_real fhi, gjk_real lo, gjk_real hi, gjk_real margin, gjk_real d) {
    gjk_real below = lo - flo - GJK_TREE_SLACK * margin, above = fhi - hi - GJK_TREE_SLACK * margin;
    /* x <= |d| as x <= 0 or two comparisons: a body at rest decides without the displacement, and no absolute
       value, which compilers vectorise across the axes through the stack */
    return flo <= lo && lo <= hi && hi <= fhi &&
           (below <= 0 || below <= d || below <= -d || below <= 2 * FLT_EPSILON * (flo < 0 ? -flo : flo)) &&
           (above <= 0 || above <= d || above <= -d || above <= 2 * FLT_EPSILON * (fhi < 0 ? -fhi : fhi));
}

/* Every coordinate within GJK's limit (which also rejects NaN and infinities) and lower <= upper. */
bool gjk_tree_box_valid(const gjk_tree_box *b);
/* Whether two boxes overlap (touching counts). */
bool gjk_tree_overlap(const gjk_tree_box *a, const gjk_tree_box *b);
static inline bool gjk_tree_foverlap(const gjk_tree_fbox *a, const gjk_tree_fbox *b) {
    for (int k = 0; k < 3; ++k)
        if (a->upper[k] < b->lower[k] || b->upper[k] < a->lower[k]) return false;
    return true;
}
/* Whether the segment origin + t dir, 0 <= t <= max_t, enters box b (the slab test the ray queries use). */
bool gjk_tree_ray_enters(const gjk_real origin[3], const gjk_real dir[3], gjk_real max_t, const gjk_tree_box *b);

typedef bool gjk_tree_box_visit(int proxy, uint64_t user, void *context);
typedef gjk_real gjk_tree_ray_visit(int proxy, uint64_t user, gjk_real max_t, void *context);
typedef bool gjk_tree_node_visit(const gjk_tree_box *box, int depth, bool leaf, void *context);

void gjk_tree_init(gjk_tree *t, bool planar);
void gjk_tree_release(gjk_tree *t);
int gjk_tree_insert(gjk_tree *t, const gjk_tree_box *box, gjk_real margin, uint64_t user);
void gjk_tree_remove(gjk_tree *t, int proxy);
/* The displacement by components: the front ends pass their vector's fields as they come, in registers. */
bool gjk_tree_move(gjk_tree *t, int proxy, const gjk_tree_box *box, gjk_real margin, gjk_real dx, gjk_real dy,
                   gjk_real dz);
const gjk_tree_fbox *gjk_tree_fat(const gjk_tree *t, int proxy);
uint64_t gjk_tree_user(const gjk_tree *t, int proxy);
/* `stack` entries of explicit stack (at most GJK_TREE_STACK); the tests pass small ones to exercise the walk by
   parent links that takes over when it is full. */
void gjk_tree_query_box(const gjk_tree *t, const gjk_tree_box *box, gjk_tree_box_visit *fn, void *context, int stack);
void gjk_tree_query_ray(const gjk_tree *t, const gjk_real origin[3], const gjk_real direction[3], gjk_real max_t,
                        gjk_tree_ray_visit *fn, void *context, int stack);
/* Every node depth first (pre-order, child1 first), the root at depth 0; fn returns false to stop. */
void gjk_tree_visit_nodes(const gjk_tree *t, gjk_tree_node_visit *fn, void *context);
int gjk_tree_pairs(const gjk_tree *t, bool moved_only, int *pairs, int capacity);
void gjk_tree_clear_moved(gjk_tree *t);
gjk_real gjk_tree_area_cost(const gjk_tree *t);
bool gjk_tree_rebuild(gjk_tree *t);
/* Test-only: NULL when every invariant holds (links, boxes containing their children, heights, counts, the free
   and moved lists), else what is broken. */
const char *gjk_tree_check(const gjk_tree *t);

/* The public trees are the core, typed per dimension. */
struct gjk_tree3 {
    gjk_tree core;
};
struct gjk_tree2 {
    gjk_tree core;
};

/* The front ends' cores, for the tests. */
const gjk_tree *gjk_tree3_core(const gjk_tree3 *tree);
const gjk_tree *gjk_tree2_core(const gjk_tree2 *tree);

#endif
