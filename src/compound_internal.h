// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Compound shapes' core (compound.c), shared by the 3D (compound3.c) and 2D (compound2.c) front ends: the part
   tree's build, the descent of two part trees at once, the sorted contact list. Boxes have three axes in both
   dimensions, z kept at 0 in 2D. Not installed. */
#ifndef GJK_COMPOUND_INTERNAL_H
#define GJK_COMPOUND_INTERNAL_H

#include <stdbool.h>

#include "gjk/compound.h"
#include "tree_internal.h"

/* Entries of the descent's fixed stack: a stack holds at most the two trees' heights plus one, so 256 covers any
   tree the binned build makes of GJK_COMPOUND_MAX_PARTS parts but degenerate ones, which the fallback walks. */
#define GJK_COMPOUND_STACK 256

/* A compound of either dimension: the front ends' structs wrap it. */
typedef struct gjk_compound {
    gjk_tree tree;         /* the parts' boxes in the compound's frame; part i's leaf has user value i */
    gjk_tree_box box;      /* the union of the parts' boxes as the leaves widen them, in gjk_real: the tree's root
                              box is rounded to floats (and clamped far out) */
    int count;
    unsigned char *shapes; /* count gjk_shape3 (gjk_shape2) */
    unsigned char *poses;  /* count gjk_pose3 (gjk_pose2), rotations unit */
    gjk_real origin_reach; /* the largest distance of a part's origin from the compound's */
    void **owned;          /* hulls made by create_from_pieces, else NULL */
    int owned_count;
} gjk_compound;

struct gjk_compound3 {
    gjk_compound core;
};
struct gjk_compound2 {
    gjk_compound core;
};

/* What building a compound needs of its dimension. */
typedef struct gjk_compound_dim {
    size_t shape_size, pose_size, point_size;
    bool planar;
    /* A valid shape, and pose (NULL: the identity). */
    bool (*valid)(const void *shape, const void *pose);
    /* Stores part i (pose NULL: the identity) with its rotation made unit; gives its box in the compound's frame. */
    void (*store)(gjk_compound *c, int i, const void *shape, const void *pose, gjk_tree_box *box);
    /* The hull of `count` points, and in *shape the hull's shape with `margin`; NULL with *status on failure. */
    void *(*hull)(const void *points, int count, gjk_real margin, void *shape, gjk_status *status);
    void (*free_hull)(void *hull);
} gjk_compound_dim;

gjk_compound *gjk_compound_create(const gjk_compound_dim *dim, const void *shapes, const void *poses, int count,
                                  gjk_status *status);
gjk_compound *gjk_compound_from_pieces(const gjk_compound_dim *dim, const void *points, const int *first,
                                       int piece_count, gjk_real margin, gjk_status *status);
void gjk_compound_destroy(const gjk_compound_dim *dim, gjk_compound *c);

/* A node pair of the descent waiting on the stack, with its lower bound. */
typedef struct gjk_compound_entry {
    int a, b;
    gjk_real lower;
} gjk_compound_entry;

typedef struct gjk_compound_walk gjk_compound_walk;
/* Called for every part pair whose box bound is at most `cut`; true stops the descent. */
typedef bool gjk_compound_leaf_fn(gjk_compound_walk *w, int part_a, int part_b);

struct gjk_compound_walk {
    const gjk_tree *a, *b;
    /* B's frame in A's: a point p of B is at rot p + shift in A's frame (rows of rot; z row and column the
       identity in 2D). */
    gjk_real rot[3][3], shift[3];
    /* Bounds within this many length units of zero count as zero: the rounding of the boxes' transform. */
    gjk_real slack;
    gjk_real cut;    /* node pairs whose lower bound exceeds it are ruled out; leaf visits may lower it */
    gjk_real pruned; /* least lower bound of the node pairs ruled out */
    gjk_compound_leaf_fn *leaf;
    void *context;
    int visits;
    bool stopped;
    /* Casts (gjk_compound_sweep): a node pair's bound is instead the earliest time in [0, 1] at which its boxes,
       swept over the motion, can come within `reach` (GJK_REAL_MAX: never). */
    bool sweep;
    gjk_real vel[3];         /* B's translation relative to A's over the step, A's frame at t = 0 */
    gjk_real turn_a[3], turn_b[3]; /* A's and B's rotation vectors over the step, A's frame at t = 0 */
    gjk_real spin_a, spin_b;       /* their lengths: the angles turned over the step (radians) */
    gjk_real reach;          /* length units: the target distance and the part casts' tolerance */
};

/* Prepares a walk of trees a and b: every field but the transform, which the caller sets, then gjk_compound_slack
   once the transform is known. */
void gjk_compound_walk_init(gjk_compound_walk *w, const gjk_tree *a, const gjk_tree *b, gjk_real cut,
                            gjk_compound_leaf_fn *leaf, void *context);
void gjk_compound_slack(gjk_compound_walk *w, gjk_real pose_size);
/* Makes the walk a cast's (after the transform is set; instead of gjk_compound_slack): the sweep's fields, and
   the slack for a motion of that size as well. */
void gjk_compound_sweep(gjk_compound_walk *w, const gjk_compound *a, const gjk_compound *b, const gjk_real vel[3],
                        const gjk_real turn_a[3], const gjk_real turn_b[3], gjk_real target, gjk_real tolerance,
                        gjk_real pose_size);
/* The descent with an explicit stack of `stack` entries (at most GJK_COMPOUND_STACK; the tests pass small ones to
   exercise the fallback). */
void gjk_compound_descend(gjk_compound_walk *w, int stack);

/* The answer among the part pairs queried so far. */
typedef struct gjk_compound_judge {
    gjk_query_kind kind;
    int part_a, part_b; /* the answer's part pair; -1 before one */
    bool intersect;
    gjk_real value;        /* its distance */
    gjk_real lower, upper; /* the least lower and upper of the pairs queried */
    gjk_status status;     /* the worst status of the pairs queried */
} gjk_compound_judge;
/* Sets the walk's first cut by kind (after gjk_compound_slack). */
void gjk_compound_judge_init(gjk_compound_judge *j, gjk_query_kind kind, gjk_compound_walk *w);
/* Takes one part pair's answer; true when it becomes the answer. Tightens the walk's cut or stops it. */
bool gjk_compound_judge_pair(gjk_compound_judge *j, gjk_compound_walk *w, int part_a, int part_b, bool intersect,
                             gjk_real distance, gjk_real lower, gjk_real upper, gjk_status status);
/* The certified interval of the compound's signed distance once the walk is over. */
void gjk_compound_judge_interval(const gjk_compound_judge *j, const gjk_compound_walk *w, gjk_real *lower,
                                 gjk_real *upper);

/* The answer among the part pairs cast so far (the order of gjk_compound_cast_result3). */
typedef struct gjk_compound_toi {
    int part_a, part_b; /* the answer's part pair; -1 before one */
    int rank;           /* 0 overlapped and a hit, 1 a hit or FAILED, 2 overlapped but separating, 3 none */
    gjk_real key;       /* within the rank: the signed distance at t = 0 (ranks 0, 2) or t (rank 1) */
    gjk_status status;  /* the worst status of the pairs cast */
} gjk_compound_toi;
/* Sets the walk's first cut (every node pair whose boxes meet during the step). */
void gjk_compound_toi_init(gjk_compound_toi *j, gjk_compound_walk *w);
/* Takes one part pair's cast (its state, hit, t, the signed distance at t for OVERLAPPED answers, status); true
   when it becomes the answer. Tightens the walk's cut to the earliest contact found. */
bool gjk_compound_toi_pair(gjk_compound_toi *j, gjk_compound_walk *w, int part_a, int part_b, gjk_cast_state state,
                           bool hit, gjk_real t, gjk_real depth, gjk_status status);

/* The part tree of `count` boxes (part i's user value is i): false when out of memory or a box is invalid. */
bool gjk_compound_build(gjk_tree *t, gjk_tree_box *bounds, const gjk_tree_box *boxes, int count, bool planar);

/* The part tree of a single shape's `box` (its own frame): one leaf of user value 0 in the caller's storage. */
void gjk_compound_single_tree(gjk_tree *t, gjk_tree_node *node, gjk_tree_leaf *leaf, const gjk_tree_box *box,
                              bool planar);

/* gjk_compound_collide3() of two sides, each a compound or (compound NULL) a convex shape standing in for a compound
   of one part at the identity (part 0): the world's narrow phase for its bodies, valid (shapes, poses and the
   speculative distance checked by the caller), allocating nothing. Returns the count and writes the first
   `capacity` contacts, sorted by (part_a, part_b). */
int gjk_compound3_collide_sides(const gjk_compound3 *a, const gjk_shape3 *shape_a, gjk_pose3 pose_a,
                                const gjk_compound3 *b, const gjk_shape3 *shape_b, gjk_pose3 pose_b,
                                gjk_real speculative, gjk_compound_contact3 *contacts, int capacity);
/* The 2D mirror of gjk_compound3_collide_sides(). */
int gjk_compound2_collide_sides(const gjk_compound2 *a, const gjk_shape2 *shape_a, gjk_pose2 pose_a,
                                const gjk_compound2 *b, const gjk_shape2 *shape_b, gjk_pose2 pose_b,
                                gjk_real speculative, gjk_compound_contact2 *contacts, int capacity);

/* A list of contacts kept sorted by (part_a, part_b), which every element type starts with, holding the first
   `capacity` of those added; `count` counts them all. */
typedef struct gjk_compound_list {
    unsigned char *base;
    size_t size;
    int capacity, count;
    bool heap; /* the full array is a max-heap while more come */
} gjk_compound_list;
void gjk_compound_list_add(gjk_compound_list *l, const void *item);
void gjk_compound_list_finish(gjk_compound_list *l);

/* Test-only entry points with the descent's stack size. */
gjk_compound_result3 gjk_compound_query3_stack(gjk_query_kind kind, const gjk_compound_pair3 *pair,
                                               const gjk_options *options, int stack);
gjk_compound_cast_result3 gjk_compound_cast3_stack(const gjk_compound_cast_input3 *input, int stack);
gjk_compound_cast_result2 gjk_compound_cast2_stack(const gjk_compound_cast_input2 *input, int stack);
gjk_compound_result2 gjk_compound_query2_stack(gjk_query_kind kind, const gjk_compound_pair2 *pair,
                                               const gjk_options *options, int stack);

#endif
