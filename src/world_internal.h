// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The world of bodies' core (world.c), shared by the 3D (world3.c) and 2D (world2.c) front ends, as the tree's core
   is (tree_internal.h): one body and one pair record for both dimensions, the dimension's own pose, cache and
   manifold in unions, and `planar` choosing gjk_collide2() over gjk_collide3(). A body is a convex shape or a
   compound (gjk/compound.h); a pair with a compound in it is answered by the compounds' collide, part pair by part
   pair, into its range of the world's part contacts. Not installed. */
#ifndef GJK_WORLD_INTERNAL_H
#define GJK_WORLD_INTERNAL_H

#include "tree_internal.h"

/* A body id's state: in the world, removed (its end events not yet reported, its id not yet free), or free. */
enum { GJK_WORLD_LIVE = 0, GJK_WORLD_REMOVED = 1, GJK_WORLD_FREE = 2 };

typedef struct gjk_world_body {
    const void *shape; /* gjk_shape3 or gjk_shape2, or with `compound` gjk_compound3 or gjk_compound2; borrowed */
    union {
        gjk_pose3 p3;
        gjk_pose2 p2;
    } pose;
    gjk_real last[3];  /* the position at the last step: the tree's prediction stretches along pose - last */
    gjk_tree_box box;  /* the shape's box at the current pose (the tree keeps it widened and fattened) */
    uint64_t user;
    int proxy;         /* the tree's proxy while live */
    int state;         /* GJK_WORLD_LIVE, _REMOVED or _FREE */
    int next_free;     /* a free id's successor in the free list */
    bool dirty;        /* the pose changed since the last step (the body is in the world's dirty list) */
    bool compound;     /* `shape` is a compound */
} gjk_world_body;

/* A candidate pair, a < b: the small record the step sorts and merges. Its cache and manifold stay in place in a
   slot (gjk_world_slot) while the pair lasts, so that the merge moves 20 bytes per pair instead of some 500. */
typedef struct gjk_world_cand {
    int a, b;
    int slot;          /* the pair's gjk_world_slot */
    int points;        /* the manifold's point count at this step (after the narrow phase); for a pair with a
                          compound, its number of part contacts, which may exceed its room */
    int points_before; /* at the last step; 0 for a pair new to the candidates */
} gjk_world_cand;

/* What a candidate pair keeps from step to step, and its last manifold; for a pair with a compound, where its part
   contacts go: `part_room` of them from `part_at` in the world's `parts` (or, when it overflowed that room and ran
   again in step_end, in `extra`). Such pairs run cold: a part pair's cache would need a slot of its own, and their
   number changes from step to step. */
typedef struct gjk_world_slot {
    union {
        gjk_cache3 c3;
        gjk_cache2 c2;
    } cache;
    union {
        gjk_manifold3 m3;
        gjk_manifold2 m2;
    } manifold;
    int part_at, part_room;
    bool part_extra;
} gjk_world_slot;

typedef struct gjk_world {
    gjk_tree tree;
    bool planar;
    gjk_real fat_margin, speculative, prediction;
    gjk_world_body *bodies;
    int body_cap, body_end, body_count, free_head;
    int *dirty, dirty_count, dirty_cap;       /* bodies whose pose changed; room for every id */
    int *removed, removed_count, removed_cap; /* ids removed since the last step; room for every id */
    gjk_world_cand *cands, *spare;            /* this step's candidates, sorted; the buffer of the next */
    int cand_count, cand_cap, spare_cap;
    gjk_world_slot *slots;                    /* the pairs' caches and manifolds, by gjk_world_cand.slot */
    int slot_end, slot_cap;                   /* slots ever used (high-water mark), room */
    int *free_slots, free_slot_count, free_slot_cap; /* slots of pairs that ended, reused first */
    int compound_bodies;                      /* compound bodies not yet freed: without any, no part contacts */
    /* The part contacts of the pairs with a compound (gjk_compound_contact3 or _contact2): each pair's room in
       `parts`, sized in step_begin from its last count, and in `extra` the pairs that overflowed it, run again in
       step_end. Both arrays grow only single-threaded, so that step_range allocates nothing. */
    void *parts, *extra;
    int parts_cap, extra_cap;
    int *found, found_cap;                    /* the tree's new pairs, as body ids */
    gjk_world_pair *begins, *ends;
    int begin_count, begin_cap, end_count, end_cap;
    void *contacts;                           /* gjk_world_contact3 or gjk_world_contact2 */
    int contact_count, contact_cap;
} gjk_world;

bool gjk_world_init(gjk_world *w, const gjk_world_def *def, bool planar);
void gjk_world_release(gjk_world *w);
/* A body of a shape (or a compound) with its box (world frame, before widening) and position; -1 on bad box or
   growth failure. */
int gjk_world_add(gjk_world *w, const void *shape, bool compound, const gjk_tree_box *box,
                  const gjk_real position[3], uint64_t user);
void gjk_world_remove(gjk_world *w, int body);
/* The live body of an id, or NULL. */
gjk_world_body *gjk_world_live(const gjk_world *w, int body);
/* Records a body's new box (before widening); false when the box is out of the tree's range. */
bool gjk_world_set_box(gjk_world *w, int body, const gjk_tree_box *box);
int gjk_world_step_begin(gjk_world *w);
void gjk_world_step_range(gjk_world *w, int begin, int end);
gjk_status gjk_world_step_end(gjk_world *w);

/* A shape and pose a body may take (also the scene queries' own): the shape valid, the rotation usable, the
   position within GJK's range. */
bool gjk_world3_valid(const gjk_shape3 *shape, gjk_pose3 pose);
bool gjk_world2_valid(const gjk_shape2 *shape, gjk_pose2 pose);

struct gjk_world3 {
    gjk_world core;
};
struct gjk_world2 {
    gjk_world core;
};

#endif
