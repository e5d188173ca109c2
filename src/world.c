// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The world of bodies: the dynamic AABB tree (tree.c) as broad phase, gjk_collide3() or gjk_collide2() as narrow
   phase, and the pairs kept between steps with their warm-start caches. A step gathers the candidates by merging
   two sorted lists: the pairs of the last step whose fat boxes still overlap, and the pairs the tree reports for
   proxies re-inserted since (the only ones that can start an overlap, as a fat box changes only on re-insertion).
   Every list is sorted by body ids, never by address or time, so that runs and task splits agree bit for bit.
   Every array a step writes grows through the allocator hook before the pairs change: a failed growth leaves the
   last step's pairs and results, and the tree's moved marks for the retry, and a warmed step allocates nothing.
   The one exception is the overflow of pairs with a compound body (gjk_compound3_collide_sides()), whose number
   of part contacts is known only after the narrow phase: step_end grows room for them, single-threaded. */
#include <limits.h>
#include <string.h>

#include "compound_internal.h"
#include "internal.h"
#include "world_internal.h"

/* Defaults of gjk_world_def's zero fields. */
#define GJK_WORLD_FAT_MARGIN GJK_R(0.1)
#define GJK_WORLD_PREDICTION GJK_R(2.0)

static bool world_def_field(gjk_real value, gjk_real fallback, gjk_real *out) {
    if (!gjk_bounded(value)) return false;
    *out = value == 0 ? fallback : (value < 0 ? 0 : value);
    return true;
}

bool gjk_world_init(gjk_world *w, const gjk_world_def *def, bool planar) {
    gjk_world_def zero;
    memset(&zero, 0, sizeof zero);
    if (!def) def = &zero;
    memset(w, 0, sizeof *w);
    gjk_tree_init(&w->tree, planar);
    w->planar = planar;
    w->free_head = -1;
    if (!world_def_field(def->fat_margin, GJK_WORLD_FAT_MARGIN, &w->fat_margin) ||
        !world_def_field(def->prediction_steps, GJK_WORLD_PREDICTION, &w->prediction) ||
        !(def->speculative_distance >= 0) || !gjk_bounded(def->speculative_distance))
        return false;
    w->speculative = def->speculative_distance;
    return true;
}

void gjk_world_release(gjk_world *w) {
    gjk_tree_release(&w->tree);
    gjk_free(w->bodies);
    gjk_free(w->dirty);
    gjk_free(w->removed);
    gjk_free(w->cands);
    gjk_free(w->spare);
    gjk_free(w->slots);
    gjk_free(w->free_slots);
    gjk_free(w->parts);
    gjk_free(w->extra);
    gjk_free(w->found);
    gjk_free(w->begins);
    gjk_free(w->ends);
    gjk_free(w->contacts);
    memset(w, 0, sizeof *w);
}

/* Room for `need` elements in *arr (through gjk_grow), false when the allocator fails (*arr untouched). */
static bool world_reserve(void *arr_ptr, int *cap, int need, size_t size) {
    void **arr = (void **)arr_ptr;
    void *grown;
    if (need <= *cap) return true;
    grown = gjk_grow(*arr, cap, need, size);
    if (!grown) return false;
    *arr = grown;
    return true;
}

/* The box the tree keeps for a body: its shape's box widened by half the speculative distance on every side, so
   that two bodies within the speculative distance have overlapping boxes (along some axis their boxes would
   otherwise be farther apart than that distance, and the shapes inside them too). */
static bool world_widen(const gjk_world *w, const gjk_tree_box *box, gjk_tree_box *out) {
    gjk_real h = w->speculative / 2;
    for (int k = 0; k < 3; ++k) {
        bool flat = w->planar && k == 2;
        out->lower[k] = flat ? 0 : box->lower[k] - h;
        out->upper[k] = flat ? 0 : box->upper[k] + h;
    }
    return gjk_tree_box_valid(out);
}

static void world_position(const gjk_world *w, const gjk_world_body *b, gjk_real out[3]) {
    if (w->planar) {
        out[0] = b->pose.p2.position.x, out[1] = b->pose.p2.position.y, out[2] = 0;
    } else {
        out[0] = b->pose.p3.position.x, out[1] = b->pose.p3.position.y, out[2] = b->pose.p3.position.z;
    }
}

int gjk_world_add(gjk_world *w, const void *shape, bool compound, const gjk_tree_box *box,
                  const gjk_real position[3], uint64_t user) {
    gjk_tree_box wide;
    int id, proxy, ids = w->free_head >= 0 ? w->body_end : w->body_end + 1;
    if (!world_widen(w, box, &wide)) return -1;
    if (!world_reserve(&w->bodies, &w->body_cap, ids, sizeof *w->bodies) ||
        !world_reserve(&w->dirty, &w->dirty_cap, ids, sizeof *w->dirty) ||
        !world_reserve(&w->removed, &w->removed_cap, ids, sizeof *w->removed))
        return -1;
    id = w->free_head >= 0 ? w->free_head : w->body_end;
    proxy = gjk_tree_insert(&w->tree, &wide, w->fat_margin, (uint64_t)id);
    if (proxy < 0) return -1;
    if (id == w->free_head)
        w->free_head = w->bodies[id].next_free;
    else
        w->body_end++;
    gjk_world_body *b = &w->bodies[id];
    memset(b, 0, sizeof *b);
    b->shape = shape;
    b->compound = compound;
    b->box = *box;
    memcpy(b->last, position, sizeof b->last);
    b->user = user;
    b->proxy = proxy;
    b->state = GJK_WORLD_LIVE;
    b->next_free = -1;
    w->body_count++;
    w->compound_bodies += compound;
    return id;
}

gjk_world_body *gjk_world_live(const gjk_world *w, int body) {
    if (body < 0 || body >= w->body_end || w->bodies[body].state != GJK_WORLD_LIVE) return NULL;
    return &w->bodies[body];
}

void gjk_world_remove(gjk_world *w, int body) {
    gjk_world_body *b = gjk_world_live(w, body);
    if (!b) return;
    gjk_tree_remove(&w->tree, b->proxy);
    b->proxy = -1;
    b->state = GJK_WORLD_REMOVED;
    w->removed[w->removed_count++] = body;
    w->body_count--;
}

bool gjk_world_set_box(gjk_world *w, int body, const gjk_tree_box *box) {
    gjk_world_body *b = gjk_world_live(w, body);
    gjk_tree_box wide;
    if (!b || !world_widen(w, box, &wide)) return false;
    b->box = *box;
    if (!b->dirty) {
        b->dirty = true;
        w->dirty[w->dirty_count++] = body;
    }
    return true;
}

/* Moves the proxies of the bodies whose pose changed, each box stretched along the displacement since the last
   step times the prediction (none when that leaves the tree's range). */
static void world_move_dirty(gjk_world *w) {
    for (int i = 0; i < w->dirty_count; ++i) {
        gjk_world_body *b = &w->bodies[w->dirty[i]];
        gjk_real now[3], d[3];
        gjk_tree_box wide;
        bool bounded = true;
        if (b->state != GJK_WORLD_LIVE || !b->dirty) continue;
        b->dirty = false;
        world_position(w, b, now);
        for (int k = 0; k < 3; ++k) {
            d[k] = (now[k] - b->last[k]) * w->prediction;
            bounded = bounded && gjk_bounded(d[k]);
            b->last[k] = now[k];
        }
        if (!bounded) d[0] = d[1] = d[2] = 0;
        if (world_widen(w, &b->box, &wide)) gjk_tree_move(&w->tree, b->proxy, &wide, w->fat_margin, d[0], d[1], d[2]);
    }
    w->dirty_count = 0;
}

static int world_key_cmp(int a0, int b0, int a1, int b1) {
    if (a0 != a1) return a0 < a1 ? -1 : 1;
    return b0 < b1 ? -1 : b0 > b1;
}

static int world_pair_cmp(const void *x, const void *y) {
    const int *p = (const int *)x, *q = (const int *)y;
    return world_key_cmp(p[0], p[1], q[0], q[1]);
}

/* The tree's new pairs into w->found as sorted (smaller body, larger body); their number, or -1 (allocator). */
static int world_new_pairs(gjk_world *w) {
    int n = gjk_tree_pairs(&w->tree, true, w->found, w->found_cap / 2);
    if (n > w->found_cap / 2) {
        if (!world_reserve(&w->found, &w->found_cap, 2 * n, sizeof *w->found)) return -1;
        n = gjk_tree_pairs(&w->tree, true, w->found, w->found_cap / 2);
    }
    for (int i = 0; i < n; ++i) {
        int a = (int)w->tree.leaves[w->found[2 * i]].user, b = (int)w->tree.leaves[w->found[2 * i + 1]].user;
        w->found[2 * i] = a < b ? a : b;
        w->found[2 * i + 1] = a < b ? b : a;
    }
    gjk_heap_sort(w->found, (size_t)n, 2 * sizeof *w->found, world_pair_cmp);
    return n;
}

static bool world_fat_overlap(const gjk_world *w, const gjk_world_cand *c) {
    return gjk_tree_foverlap(gjk_tree_fat(&w->tree, w->bodies[c->a].proxy), gjk_tree_fat(&w->tree, w->bodies[c->b].proxy));
}

static void world_end_event(gjk_world *w, int a, int b) {
    w->ends[w->end_count].a = a;
    w->ends[w->end_count].b = b;
    w->end_count++;
}

static bool world_pair_has_compound(const gjk_world *w, int a, int b) {
    return w->bodies[a].compound || w->bodies[b].compound;
}

/* The room a pair with a compound gets for its part contacts, from its count at the last step: half as many again
   (a pair settling onto more parts rarely runs twice), and at least 4 (a new pair). */
static int world_part_room(int last) { return last < 4 ? 4 : last + last / 2; }

/* Room for the part contacts of this step's pairs with a compound: a bound before the merge (the pairs kept and the
   new ones are among the last step's and the tree's), so that a failure leaves the last step as it was. */
static bool world_reserve_parts(gjk_world *w, int fresh) {
    int64_t need = 0;
    if (w->compound_bodies == 0) return true;
    for (int k = 0; k < w->cand_count; ++k)
        if (world_pair_has_compound(w, w->cands[k].a, w->cands[k].b)) need += world_part_room(w->cands[k].points);
    for (int k = 0; k < fresh; ++k)
        if (world_pair_has_compound(w, w->found[2 * k], w->found[2 * k + 1])) need += world_part_room(0);
    if (need > INT_MAX) return false;
    return world_reserve(&w->parts, &w->parts_cap, (int)need,
                         w->planar ? sizeof(gjk_compound_contact2) : sizeof(gjk_compound_contact3));
}

int gjk_world_step_begin(gjk_world *w) {
    int n, i = 0, j = 0, m = 0, parts_at = 0;
    world_move_dirty(w);
    n = world_new_pairs(w);
    if (n < 0) return -1;
    /* Every array the rest of the step writes, grown first: the merge has at most cand_count + n pairs, and as
       many end events at most (a dropped pair or one that stops touching). */
    int most = w->cand_count + n;
    /* Slots: a new slot beyond the high-water mark is taken only when none is free, that is when every slot below
       it holds a pair of the merge, so that cand_count + n slots always suffice. */
    int slots = w->slot_end > most ? w->slot_end : most;
    if (!world_reserve(&w->spare, &w->spare_cap, most, sizeof *w->spare) ||
        !world_reserve(&w->slots, &w->slot_cap, slots, sizeof *w->slots) ||
        !world_reserve(&w->free_slots, &w->free_slot_cap, w->slot_cap, sizeof *w->free_slots) ||
        !world_reserve(&w->ends, &w->end_cap, most, sizeof *w->ends) ||
        !world_reserve(&w->begins, &w->begin_cap, most, sizeof *w->begins) ||
        !world_reserve(&w->contacts, &w->contact_cap, most,
                       w->planar ? sizeof(gjk_world_contact2) : sizeof(gjk_world_contact3)) ||
        !world_reserve_parts(w, n))
        return -1;
    w->end_count = w->begin_count = w->contact_count = 0;
    while (i < w->cand_count || j < n) {
        const gjk_world_cand *old = i < w->cand_count ? &w->cands[i] : NULL;
        const int *fresh = j < n ? &w->found[2 * j] : NULL;
        int order = !old ? 1 : !fresh ? -1 : world_key_cmp(old->a, old->b, fresh[0], fresh[1]);
        gjk_world_cand *c = &w->spare[m];
        if (order <= 0) {
            ++i;
            j += order == 0;
            if (w->bodies[old->a].state != GJK_WORLD_LIVE || w->bodies[old->b].state != GJK_WORLD_LIVE ||
                !world_fat_overlap(w, old)) {
                if (old->points > 0) world_end_event(w, old->a, old->b);
                w->free_slots[w->free_slot_count++] = old->slot;
                continue;
            }
            *c = *old;
            c->points_before = old->points;
        } else {
            ++j;
            c->a = fresh[0];
            c->b = fresh[1];
            c->slot = w->free_slot_count > 0 ? w->free_slots[--w->free_slot_count] : w->slot_end++;
            c->points = c->points_before = 0;
            memset(&w->slots[c->slot].cache, 0, sizeof w->slots[c->slot].cache);
        }
        if (w->compound_bodies > 0 && world_pair_has_compound(w, c->a, c->b)) {
            gjk_world_slot *slot = &w->slots[c->slot];
            slot->part_at = parts_at;
            slot->part_room = world_part_room(c->points_before);
            slot->part_extra = false;
            parts_at += slot->part_room;
        }
        ++m;
    }
    gjk_world_cand *swap = w->cands;
    int swap_cap = w->cand_cap;
    w->cands = w->spare, w->cand_cap = w->spare_cap, w->cand_count = m;
    w->spare = swap, w->spare_cap = swap_cap;
    /* The removed bodies' pairs are gone: their ids are free again. */
    for (int r = 0; r < w->removed_count; ++r) {
        gjk_world_body *b = &w->bodies[w->removed[r]];
        b->state = GJK_WORLD_FREE;
        b->shape = NULL;
        w->compound_bodies -= b->compound;
        b->compound = false;
        b->next_free = w->free_head;
        w->free_head = w->removed[r];
    }
    w->removed_count = 0;
    gjk_tree_clear_moved(&w->tree);
    return m;
}

/* A world without compound bodies reads no body for this. */
static bool world_compound_pair(const gjk_world *w, const gjk_world_cand *c) {
    return w->compound_bodies > 0 && world_pair_has_compound(w, c->a, c->b);
}

/* Where a pair with a compound keeps its part contacts. */
static void *world_parts_of(const gjk_world *w, const gjk_world_slot *s) {
    size_t size = w->planar ? sizeof(gjk_compound_contact2) : sizeof(gjk_compound_contact3);
    return (unsigned char *)(s->part_extra ? w->extra : w->parts) + (size_t)s->part_at * size;
}

/* A pair with a compound: its part contacts into its room, as many as fit; their number. */
static int world_collide_parts(const gjk_world *w, const gjk_world_cand *c, const gjk_world_slot *s) {
    const gjk_world_body *a = &w->bodies[c->a], *b = &w->bodies[c->b];
    if (w->planar)
        return gjk_compound2_collide_sides(a->compound ? (const gjk_compound2 *)a->shape : NULL,
                                           (const gjk_shape2 *)a->shape, a->pose.p2,
                                           b->compound ? (const gjk_compound2 *)b->shape : NULL,
                                           (const gjk_shape2 *)b->shape, b->pose.p2, w->speculative,
                                           (gjk_compound_contact2 *)world_parts_of(w, s), s->part_room);
    return gjk_compound3_collide_sides(a->compound ? (const gjk_compound3 *)a->shape : NULL,
                                       (const gjk_shape3 *)a->shape, a->pose.p3,
                                       b->compound ? (const gjk_compound3 *)b->shape : NULL,
                                       (const gjk_shape3 *)b->shape, b->pose.p3, w->speculative,
                                       (gjk_compound_contact3 *)world_parts_of(w, s), s->part_room);
}

void gjk_world_step_range(gjk_world *w, int begin, int end) {
    if (begin < 0) begin = 0;
    if (end > w->cand_count) end = w->cand_count;
    for (int k = begin; k < end; ++k) {
        gjk_world_cand *c = &w->cands[k];
        gjk_world_slot *s = &w->slots[c->slot];
        const gjk_world_body *a = &w->bodies[c->a], *b = &w->bodies[c->b];
        if (a->compound || b->compound) {
            c->points = world_collide_parts(w, c, s);
        } else if (w->planar) {
            gjk_pair2 pair;
            pair.a = (const gjk_shape2 *)a->shape, pair.pose_a = a->pose.p2;
            pair.b = (const gjk_shape2 *)b->shape, pair.pose_b = b->pose.p2;
            s->manifold.m2 = gjk_collide2(&pair, w->speculative, &s->cache.c2);
            c->points = s->manifold.m2.count;
        } else {
            gjk_pair3 pair;
            pair.a = (const gjk_shape3 *)a->shape, pair.pose_a = a->pose.p3;
            pair.b = (const gjk_shape3 *)b->shape, pair.pose_b = b->pose.p3;
            s->manifold.m3 = gjk_collide3(&pair, w->speculative, &s->cache.c3);
            c->points = s->manifold.m3.count;
        }
    }
}

static int world_event_cmp(const void *x, const void *y) {
    const gjk_world_pair *p = (const gjk_world_pair *)x, *q = (const gjk_world_pair *)y;
    return world_key_cmp(p->a, p->b, q->a, q->b);
}

/* The contacts a pair reports: its manifold, or the part contacts its room holds. */
static int world_reported(const gjk_world *w, const gjk_world_cand *c) {
    if (!world_compound_pair(w, c)) return c->points > 0;
    return c->points < w->slots[c->slot].part_room ? c->points : w->slots[c->slot].part_room;
}

/* Writes pair c's contacts from contacts[at] on, at most `room` of them; returns how many. */
static int world_write(gjk_world *w, const gjk_world_cand *c, int at, int room) {
    const gjk_world_slot *s = &w->slots[c->slot];
    int n = world_reported(w, c);
    if (n > room) n = room;
    if (!world_compound_pair(w, c)) {
        if (n == 0) return 0;
        if (w->planar) {
            gjk_world_contact2 *out = (gjk_world_contact2 *)w->contacts + at;
            out->a = c->a, out->b = c->b, out->part_a = out->part_b = 0, out->manifold = s->manifold.m2;
        } else {
            gjk_world_contact3 *out = (gjk_world_contact3 *)w->contacts + at;
            out->a = c->a, out->b = c->b, out->part_a = out->part_b = 0, out->manifold = s->manifold.m3;
        }
        return 1;
    }
    for (int i = 0; i < n; ++i) {
        if (w->planar) {
            gjk_world_contact2 *out = (gjk_world_contact2 *)w->contacts + at + i;
            const gjk_compound_contact2 *in = (const gjk_compound_contact2 *)world_parts_of(w, s) + i;
            out->a = c->a, out->b = c->b, out->part_a = in->part_a, out->part_b = in->part_b;
            out->manifold = in->manifold;
        } else {
            gjk_world_contact3 *out = (gjk_world_contact3 *)w->contacts + at + i;
            const gjk_compound_contact3 *in = (const gjk_compound_contact3 *)world_parts_of(w, s) + i;
            out->a = c->a, out->b = c->b, out->part_a = in->part_a, out->part_b = in->part_b;
            out->manifold = in->manifold;
        }
    }
    return n;
}

gjk_status gjk_world_step_end(gjk_world *w) {
    bool merge_ends = w->end_count > 0;
    gjk_status status = GJK_OK;
    size_t part_size = w->planar ? sizeof(gjk_compound_contact2) : sizeof(gjk_compound_contact3);
    int total = 0;
    int64_t extra = 0;
    /* The pairs with a compound that overflowed their room run again into `extra`, grown to hold them all (the same
       answers, whole); if it cannot grow, they keep the first contacts their room holds. */
    for (int k = 0; k < w->cand_count; ++k) {
        const gjk_world_cand *c = &w->cands[k];
        if (world_compound_pair(w, c) && c->points > w->slots[c->slot].part_room) extra += c->points;
    }
    if (extra > 0 && (extra > INT_MAX || !world_reserve(&w->extra, &w->extra_cap, (int)extra, part_size))) {
        status = GJK_OUT_OF_MEMORY;
        extra = 0;
    }
    for (int k = 0, at = 0; k < w->cand_count; ++k) {
        const gjk_world_cand *c = &w->cands[k];
        gjk_world_slot *s = &w->slots[c->slot];
        if (extra > 0 && world_compound_pair(w, c) && c->points > s->part_room) {
            s->part_at = at;
            s->part_room = c->points;
            s->part_extra = true;
            at += c->points;
            world_collide_parts(w, c, s);
        }
        total += world_reported(w, c);
    }
    if (!world_reserve(&w->contacts, &w->contact_cap, total,
                       w->planar ? sizeof(gjk_world_contact2) : sizeof(gjk_world_contact3)))
        status = GJK_OUT_OF_MEMORY;
    for (int k = 0; k < w->cand_count; ++k) {
        const gjk_world_cand *c = &w->cands[k];
        if (c->points == 0) {
            if (c->points_before > 0) world_end_event(w, c->a, c->b);
            continue;
        }
        if (c->points_before == 0) {
            w->begins[w->begin_count].a = c->a;
            w->begins[w->begin_count].b = c->b;
            w->begin_count++;
        }
        w->contact_count += world_write(w, c, w->contact_count, w->contact_cap - w->contact_count);
    }
    /* The ends of dropped pairs (step_begin) come before the ones found here: one sort puts them in order. */
    if (merge_ends) gjk_heap_sort(w->ends, (size_t)w->end_count, sizeof *w->ends, world_event_cmp);
    return status;
}
