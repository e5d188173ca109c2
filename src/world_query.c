// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Scene queries of the world of bodies (gjk/world.h), 3D and 2D: the closest ray hit, every ray hit, the bodies a
   shape overlaps and the bodies whose boxes overlap a box, all at the bodies' current poses.

   The candidates come from two places. The tree holds every body as it stood at the last step, inside a fat box;
   a body moved since then (set_pose marks it dirty) keeps that stale proxy until the next step, so the tree's
   visits skip dirty bodies and the dirty list supplies them with their current boxes instead. Each candidate is
   tested on its current box, then answered by the single-pair API (gjk_raycast3, gjk_intersect3, gjk_distance3 and
   their 2D mirrors) on the original input, so that a body's answer is the same bits as that call's. The results are
   ordered by a total rule (fraction, then body id; or body id), never by the order of the visits, so that they do
   not depend on the shape of the tree. */
#include <limits.h>
#include <string.h>

#include "compound_internal.h"
#include "internal2.h"
#include "internal3.h"
#include "ray_internal.h"
#include "world_internal.h"

/* ---- the candidates -------------------------------------------------------------------------------------------- */

typedef void gjk_wq_box_visit(const gjk_world *w, int body, void *context);
/* Returns the ray's new reach: the least fraction the caller still wants to see (max_t to see every hit). */
typedef gjk_real gjk_wq_ray_visit(const gjk_world *w, int body, gjk_real max_t, void *context);

typedef struct gjk_wq_walk {
    const gjk_world *w;
    const gjk_tree_box *box;     /* box queries */
    const gjk_real *origin, *dir; /* ray queries */
    gjk_wq_box_visit *box_fn;
    gjk_wq_ray_visit *ray_fn;
    void *context;
} gjk_wq_walk;

static bool wq_tree_box(int proxy, uint64_t user, void *context) {
    const gjk_wq_walk *k = (const gjk_wq_walk *)context;
    const gjk_world_body *b = &k->w->bodies[(int)user];
    (void)proxy;
    if (!b->dirty && gjk_tree_overlap(&b->box, k->box)) k->box_fn(k->w, (int)user, k->context);
    return true;
}

/* Every live body whose current box overlaps `box`, each once. */
static void wq_each_in_box(const gjk_world *w, const gjk_tree_box *box, gjk_wq_box_visit *fn, void *context) {
    gjk_wq_walk k;
    memset(&k, 0, sizeof k);
    k.w = w, k.box = box, k.box_fn = fn, k.context = context;
    gjk_tree_query_box(&w->tree, box, wq_tree_box, &k, GJK_TREE_STACK);
    for (int i = 0; i < w->dirty_count; ++i) {
        const gjk_world_body *b = &w->bodies[w->dirty[i]];
        if (b->state == GJK_WORLD_LIVE && b->dirty && gjk_tree_overlap(&b->box, box)) fn(w, w->dirty[i], context);
    }
}

/* The tree's walk stops at a reach of 0 or less; a visitor that found a hit at fraction 0 still wants the other
   bodies hit at 0 (the tie goes to the smaller id), which the smallest positive reach keeps in view. */
static gjk_real wq_reach(gjk_real t) { return t > 0 ? t : GJK_REAL_TINY2; }

static gjk_real wq_tree_ray(int proxy, uint64_t user, gjk_real max_t, void *context) {
    const gjk_wq_walk *k = (const gjk_wq_walk *)context;
    const gjk_world_body *b = &k->w->bodies[(int)user];
    (void)proxy;
    if (b->dirty || !gjk_tree_ray_enters(k->origin, k->dir, max_t, &b->box)) return wq_reach(max_t);
    return wq_reach(k->ray_fn(k->w, (int)user, max_t, k->context));
}

/* Every live body whose current box the segment origin + t dir, 0 <= t <= reach, enters, the reach shrinking as
   the visitor returns it. The moved bodies go first: an early hit among them narrows the tree's walk. */
static void wq_each_on_ray(const gjk_world *w, const gjk_real origin[3], const gjk_real dir[3], gjk_real max_t,
                           gjk_wq_ray_visit *fn, void *context) {
    gjk_wq_walk k;
    for (int i = 0; i < w->dirty_count; ++i) {
        const gjk_world_body *b = &w->bodies[w->dirty[i]];
        if (b->state == GJK_WORLD_LIVE && b->dirty && gjk_tree_ray_enters(origin, dir, max_t, &b->box)) {
            gjk_real t = fn(w, w->dirty[i], max_t, context);
            if (t < max_t) max_t = t;
        }
    }
    memset(&k, 0, sizeof k);
    k.w = w, k.origin = origin, k.dir = dir, k.ray_fn = fn, k.context = context;
    gjk_tree_query_ray(&w->tree, origin, dir, max_t, wq_tree_ray, &k, GJK_TREE_STACK);
}

/* ---- the least `capacity` results, in order -------------------------------------------------------------------- */

/* Keeps the `cap` least items seen (by cmp, a total order) in out[0 .. kept): appended while there is room, then
   as a max-heap whose greatest item a lesser newcomer replaces. The set kept is the same whatever the order of the
   visits; wq_keep_finish sorts it. count is every item seen. Items are up to a 3D ray hit (gjk_wq_item). */
typedef struct gjk_wq_keep {
    unsigned char *out;
    size_t size;
    int cap, kept, count;
    int (*cmp)(const void *, const void *);
} gjk_wq_keep;

/* Room for any item kept, for the swaps. */
typedef union gjk_wq_item {
    gjk_world_ray_hit3 h3;
    gjk_world_ray_hit2 h2;
    int body;
} gjk_wq_item;

static void wq_keep_init(gjk_wq_keep *k, void *out, int cap, size_t size, int (*cmp)(const void *, const void *)) {
    GJK_ASSERT(size <= sizeof(gjk_wq_item));
    k->out = (unsigned char *)out;
    k->size = size;
    k->cap = out ? cap : 0;
    k->kept = k->count = 0;
    k->cmp = cmp;
}

static unsigned char *wq_at(const gjk_wq_keep *k, int i) { return k->out + (size_t)i * k->size; }

static void wq_swap(const gjk_wq_keep *k, int i, int j) {
    gjk_wq_item t;
    memcpy(&t, wq_at(k, i), k->size);
    memcpy(wq_at(k, i), wq_at(k, j), k->size);
    memcpy(wq_at(k, j), &t, k->size);
}

/* Sifts item i down the max-heap of the first n items. */
static void wq_sift(const gjk_wq_keep *k, int i, int n) {
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) return;
        if (c + 1 < n && k->cmp(wq_at(k, c), wq_at(k, c + 1)) < 0) ++c;
        if (k->cmp(wq_at(k, i), wq_at(k, c)) >= 0) return;
        wq_swap(k, i, c);
        i = c;
    }
}

static void wq_keep_add(gjk_wq_keep *k, const void *item) {
    if (k->count < INT_MAX) k->count++;
    if (k->kept < k->cap) {
        memcpy(wq_at(k, k->kept++), item, k->size);
        if (k->kept == k->cap)
            for (int i = k->cap / 2; i-- > 0;) wq_sift(k, i, k->cap);
    } else if (k->cap > 0 && k->cmp(item, wq_at(k, 0)) < 0) {
        memcpy(wq_at(k, 0), item, k->size);
        wq_sift(k, 0, k->cap);
    }
}

/* Sorts what was kept (a heap sort on the max-heap, which the items form once the room is full) and returns the
   number of items seen. */
static int wq_keep_finish(gjk_wq_keep *k) {
    if (k->kept < k->cap)
        for (int i = k->kept / 2; i-- > 0;) wq_sift(k, i, k->kept);
    for (int end = k->kept; end-- > 1;) {
        wq_swap(k, 0, end);
        wq_sift(k, 0, end);
    }
    return k->count;
}

static int wq_body_cmp(const void *x, const void *y) {
    int a = *(const int *)x, b = *(const int *)y;
    return a < b ? -1 : a > b;
}

static void wq_keep_body(const gjk_world *w, int body, void *context) {
    (void)w;
    wq_keep_add((gjk_wq_keep *)context, &body);
}

static int wq_query_box(const gjk_world *w, const gjk_tree_box *box, int *bodies, int capacity) {
    gjk_wq_keep k;
    if (capacity < 0 || !gjk_tree_box_valid(box)) return -1;
    wq_keep_init(&k, bodies, capacity, sizeof(int), wq_body_cmp);
    wq_each_in_box(w, box, wq_keep_body, &k);
    return wq_keep_finish(&k);
}

/* The box of a query shape widened by `distance` on every side; false when that leaves GJK's range. */
static bool wq_widen(gjk_tree_box *box, gjk_real distance) {
    for (int k = 0; k < 3; ++k) box->lower[k] -= distance, box->upper[k] += distance;
    return gjk_tree_box_valid(box);
}

static bool wq_distance_valid(gjk_real distance) { return distance >= 0 && gjk_bounded(distance); }

/* ---- 3D -------------------------------------------------------------------------------------------------------- */

/* Hit x before hit y: the smaller fraction, then the smaller body id. */
static int wq_hit3_cmp(const void *x, const void *y) {
    const gjk_world_ray_hit3 *a = (const gjk_world_ray_hit3 *)x, *b = (const gjk_world_ray_hit3 *)y;
    if (a->ray.fraction != b->ray.fraction) return a->ray.fraction < b->ray.fraction ? -1 : 1;
    return a->body < b->body ? -1 : a->body > b->body;
}

typedef struct gjk_wq_ray3 {
    const gjk_ray3 *ray;
    gjk_world_ray_hit3 best; /* the closest hit (closest-hit query) */
    gjk_wq_keep keep;        /* every hit (all-hits query) */
} gjk_wq_ray3;

/* A body's answer to the ray: its shape's ray cast, or its compound's. */
static gjk_world_ray_hit3 wq_cast3(const gjk_world *w, int body, const gjk_ray3 *ray) {
    const gjk_world_body *b = &w->bodies[body];
    gjk_world_ray_hit3 h;
    h.body = body;
    h.part = 0;
    if (b->compound) {
        gjk_compound_ray_result3 r = gjk_compound_raycast3((const gjk_compound3 *)b->shape, b->pose.p3, ray);
        h.ray = r.ray;
        h.part = r.part;
    } else {
        h.ray = gjk_raycast3((const gjk_shape3 *)b->shape, b->pose.p3, ray);
    }
    return h;
}

static gjk_real wq_closest3(const gjk_world *w, int body, gjk_real max_t, void *context) {
    gjk_wq_ray3 *c = (gjk_wq_ray3 *)context;
    gjk_world_ray_hit3 h = wq_cast3(w, body, c->ray);
    if (h.ray.hit && (c->best.body < 0 || wq_hit3_cmp(&h, &c->best) < 0)) c->best = h;
    return c->best.body >= 0 ? c->best.ray.fraction : max_t;
}

static gjk_real wq_every3(const gjk_world *w, int body, gjk_real max_t, void *context) {
    gjk_wq_ray3 *c = (gjk_wq_ray3 *)context;
    gjk_world_ray_hit3 h = wq_cast3(w, body, c->ray);
    if (h.ray.hit) wq_keep_add(&c->keep, &h);
    return max_t;
}

static void wq_ray3_walk(const gjk_world *w, const gjk_ray3 *ray, gjk_wq_ray_visit *fn, gjk_wq_ray3 *c) {
    gjk_real o[3] = {ray->origin.x, ray->origin.y, ray->origin.z};
    gjk_real d[3] = {ray->translation.x, ray->translation.y, ray->translation.z};
    wq_each_on_ray(w, o, d, ray->max_fraction, fn, c);
}

gjk_world_ray_hit3 gjk_world3_raycast(const gjk_world3 *world, const gjk_ray3 *ray) {
    gjk_wq_ray3 c;
    memset(&c, 0, sizeof c);
    c.best.body = -1;
    if (!gjk_ray3_valid(ray)) {
        c.best.ray.status = GJK_INVALID_INPUT;
        return c.best;
    }
    c.ray = ray;
    wq_ray3_walk(&world->core, ray, wq_closest3, &c);
    return c.best;
}

int gjk_world3_raycast_all(const gjk_world3 *world, const gjk_ray3 *ray, gjk_world_ray_hit3 *hits, int capacity) {
    gjk_wq_ray3 c;
    if (!gjk_ray3_valid(ray) || capacity < 0) return -1;
    memset(&c, 0, sizeof c);
    c.ray = ray;
    wq_keep_init(&c.keep, hits, capacity, sizeof *hits, wq_hit3_cmp);
    wq_ray3_walk(&world->core, ray, wq_every3, &c);
    return wq_keep_finish(&c.keep);
}

typedef struct gjk_wq_overlap3 {
    gjk_pair3 pair; /* A: the query shape; B: each body (or compound part) in turn */
    gjk_real distance;
    gjk_tree_box box; /* the query's world box, widened by the distance */
    const gjk_compound3 *compound; /* the compound body being searched, at pose_body */
    gjk_pose3 pose_body;
    bool found;
    gjk_wq_keep keep;
} gjk_wq_overlap3;

static bool wq_near3(gjk_wq_overlap3 *c) {
    gjk_result3 r = c->distance > 0 ? gjk_distance3(&c->pair, NULL) : gjk_intersect3(&c->pair, NULL);
    return r.intersect || (c->distance > 0 && r.distance <= c->distance);
}

/* A compound part the query's box reaches (in the compound's frame): tested at its world pose; the first that
   passes ends the search of that compound. */
static bool wq_part3(int proxy, uint64_t user, void *context) {
    gjk_wq_overlap3 *c = (gjk_wq_overlap3 *)context;
    (void)proxy;
    c->pair.b = gjk_compound3_part(c->compound, (int)user, NULL);
    c->pair.pose_b = gjk_compound3_part_pose(c->compound, (int)user, c->pose_body);
    c->found = wq_near3(c);
    return !c->found;
}

/* The world box `box` seen from the frame of a body at `pose`: the box of the turned box, padded by the rounding of
   the turn (a few ulps of the magnitudes involved), so that no part the world box reaches is missed. */
static gjk_tree_box wq_local_box3(const gjk_tree_box *box, gjk_pose3 pose) {
    gjk_mat33 m = gjk_mat33_from_any_quat(pose.rotation);
    gjk_vec3 c = gjk_v3((box->lower[0] + box->upper[0]) / 2, (box->lower[1] + box->upper[1]) / 2,
                        (box->lower[2] + box->upper[2]) / 2);
    gjk_vec3 h = gjk_v3((box->upper[0] - box->lower[0]) / 2, (box->upper[1] - box->lower[1]) / 2,
                        (box->upper[2] - box->lower[2]) / 2);
    gjk_vec3 lc = gjk_mat33_tmul(m, gjk_sub3(c, pose.position));
    gjk_vec3 lh = gjk_v3(GJK_ABS(m.r0.x) * h.x + GJK_ABS(m.r1.x) * h.y + GJK_ABS(m.r2.x) * h.z,
                         GJK_ABS(m.r0.y) * h.x + GJK_ABS(m.r1.y) * h.y + GJK_ABS(m.r2.y) * h.z,
                         GJK_ABS(m.r0.z) * h.x + GJK_ABS(m.r1.z) * h.y + GJK_ABS(m.r2.z) * h.z);
    gjk_real pad = 32 * GJK_REAL_EPSILON * (gjk_max_abs3(c) + gjk_max_abs3(pose.position) + gjk_max_abs3(h));
    gjk_tree_box out;
    out.lower[0] = lc.x - lh.x - pad, out.upper[0] = lc.x + lh.x + pad;
    out.lower[1] = lc.y - lh.y - pad, out.upper[1] = lc.y + lh.y + pad;
    out.lower[2] = lc.z - lh.z - pad, out.upper[2] = lc.z + lh.z + pad;
    return out;
}

static void wq_overlap3(const gjk_world *w, int body, void *context) {
    gjk_wq_overlap3 *c = (gjk_wq_overlap3 *)context;
    const gjk_world_body *b = &w->bodies[body];
    if (b->compound) {
        gjk_tree_box local = wq_local_box3(&c->box, b->pose.p3);
        c->compound = (const gjk_compound3 *)b->shape;
        c->pose_body = b->pose.p3;
        c->found = false;
        gjk_tree_query_box(&c->compound->core.tree, &local, wq_part3, c, GJK_TREE_STACK);
    } else {
        c->pair.b = (const gjk_shape3 *)b->shape;
        c->pair.pose_b = b->pose.p3;
        c->found = wq_near3(c);
    }
    if (c->found) wq_keep_add(&c->keep, &body);
}

int gjk_world3_overlap(const gjk_world3 *world, const gjk_shape3 *shape, gjk_pose3 pose, gjk_real distance,
                       int *bodies, int capacity) {
    gjk_wq_overlap3 c;
    gjk_tree_box box;
    if (capacity < 0 || !wq_distance_valid(distance) || !gjk_world3_valid(shape, pose)) return -1;
    box = gjk_tree_box3(gjk_shape3_aabb(shape, pose));
    if (!wq_widen(&box, distance)) return -1;
    memset(&c, 0, sizeof c);
    c.pair.a = shape;
    c.pair.pose_a = pose;
    c.distance = distance;
    c.box = box;
    wq_keep_init(&c.keep, bodies, capacity, sizeof(int), wq_body_cmp);
    wq_each_in_box(&world->core, &box, wq_overlap3, &c);
    return wq_keep_finish(&c.keep);
}

int gjk_world3_query_box(const gjk_world3 *world, gjk_aabb3 box, int *bodies, int capacity) {
    gjk_tree_box b = gjk_tree_box3(box);
    return wq_query_box(&world->core, &b, bodies, capacity);
}

/* ---- 2D: the same over z = 0 ------------------------------------------------------------------------------------ */

static int wq_hit2_cmp(const void *x, const void *y) {
    const gjk_world_ray_hit2 *a = (const gjk_world_ray_hit2 *)x, *b = (const gjk_world_ray_hit2 *)y;
    if (a->ray.fraction != b->ray.fraction) return a->ray.fraction < b->ray.fraction ? -1 : 1;
    return a->body < b->body ? -1 : a->body > b->body;
}

typedef struct gjk_wq_ray2 {
    const gjk_ray2 *ray;
    gjk_world_ray_hit2 best;
    gjk_wq_keep keep;
} gjk_wq_ray2;

static gjk_world_ray_hit2 wq_cast2(const gjk_world *w, int body, const gjk_ray2 *ray) {
    const gjk_world_body *b = &w->bodies[body];
    gjk_world_ray_hit2 h;
    h.body = body;
    h.part = 0;
    if (b->compound) {
        gjk_compound_ray_result2 r = gjk_compound_raycast2((const gjk_compound2 *)b->shape, b->pose.p2, ray);
        h.ray = r.ray;
        h.part = r.part;
    } else {
        h.ray = gjk_raycast2((const gjk_shape2 *)b->shape, b->pose.p2, ray);
    }
    return h;
}

static gjk_real wq_closest2(const gjk_world *w, int body, gjk_real max_t, void *context) {
    gjk_wq_ray2 *c = (gjk_wq_ray2 *)context;
    gjk_world_ray_hit2 h = wq_cast2(w, body, c->ray);
    if (h.ray.hit && (c->best.body < 0 || wq_hit2_cmp(&h, &c->best) < 0)) c->best = h;
    return c->best.body >= 0 ? c->best.ray.fraction : max_t;
}

static gjk_real wq_every2(const gjk_world *w, int body, gjk_real max_t, void *context) {
    gjk_wq_ray2 *c = (gjk_wq_ray2 *)context;
    gjk_world_ray_hit2 h = wq_cast2(w, body, c->ray);
    if (h.ray.hit) wq_keep_add(&c->keep, &h);
    return max_t;
}

static void wq_ray2_walk(const gjk_world *w, const gjk_ray2 *ray, gjk_wq_ray_visit *fn, gjk_wq_ray2 *c) {
    gjk_real o[3] = {ray->origin.x, ray->origin.y, 0};
    gjk_real d[3] = {ray->translation.x, ray->translation.y, 0};
    wq_each_on_ray(w, o, d, ray->max_fraction, fn, c);
}

gjk_world_ray_hit2 gjk_world2_raycast(const gjk_world2 *world, const gjk_ray2 *ray) {
    gjk_wq_ray2 c;
    memset(&c, 0, sizeof c);
    c.best.body = -1;
    if (!gjk_ray2_valid(ray)) {
        c.best.ray.status = GJK_INVALID_INPUT;
        return c.best;
    }
    c.ray = ray;
    wq_ray2_walk(&world->core, ray, wq_closest2, &c);
    return c.best;
}

int gjk_world2_raycast_all(const gjk_world2 *world, const gjk_ray2 *ray, gjk_world_ray_hit2 *hits, int capacity) {
    gjk_wq_ray2 c;
    if (!gjk_ray2_valid(ray) || capacity < 0) return -1;
    memset(&c, 0, sizeof c);
    c.ray = ray;
    wq_keep_init(&c.keep, hits, capacity, sizeof *hits, wq_hit2_cmp);
    wq_ray2_walk(&world->core, ray, wq_every2, &c);
    return wq_keep_finish(&c.keep);
}

typedef struct gjk_wq_overlap2 {
    gjk_pair2 pair;
    gjk_real distance;
    gjk_tree_box box;
    const gjk_compound2 *compound;
    gjk_pose2 pose_body;
    bool found;
    gjk_wq_keep keep;
} gjk_wq_overlap2;

static bool wq_near2(gjk_wq_overlap2 *c) {
    gjk_result2 r = c->distance > 0 ? gjk_distance2(&c->pair, NULL) : gjk_intersect2(&c->pair, NULL);
    return r.intersect || (c->distance > 0 && r.distance <= c->distance);
}

static bool wq_part2(int proxy, uint64_t user, void *context) {
    gjk_wq_overlap2 *c = (gjk_wq_overlap2 *)context;
    (void)proxy;
    c->pair.b = gjk_compound2_part(c->compound, (int)user, NULL);
    c->pair.pose_b = gjk_compound2_part_pose(c->compound, (int)user, c->pose_body);
    c->found = wq_near2(c);
    return !c->found;
}

/* As wq_local_box3, in 2D (the rotation made unit first, as the compound's own answers do). */
static gjk_tree_box wq_local_box2(const gjk_tree_box *box, gjk_pose2 pose) {
    gjk_rot2 q;
    gjk_real cx = (box->lower[0] + box->upper[0]) / 2, cy = (box->lower[1] + box->upper[1]) / 2;
    gjk_real hx = (box->upper[0] - box->lower[0]) / 2, hy = (box->upper[1] - box->lower[1]) / 2;
    gjk_real dx = cx - pose.position.x, dy = cy - pose.position.y, lx, ly, ex, ey, pad;
    gjk_tree_box out;
    if (!gjk2_unit_rotation(pose.rotation, &q)) q.c = 1, q.s = 0;
    lx = q.c * dx + q.s * dy, ly = -q.s * dx + q.c * dy;
    ex = GJK_ABS(q.c) * hx + GJK_ABS(q.s) * hy, ey = GJK_ABS(q.s) * hx + GJK_ABS(q.c) * hy;
    pad = 32 * GJK_REAL_EPSILON *
          (gjk_maxr(GJK_ABS(cx), GJK_ABS(cy)) + gjk_maxr(GJK_ABS(pose.position.x), GJK_ABS(pose.position.y)) +
           gjk_maxr(hx, hy));
    out.lower[0] = lx - ex - pad, out.upper[0] = lx + ex + pad;
    out.lower[1] = ly - ey - pad, out.upper[1] = ly + ey + pad;
    out.lower[2] = out.upper[2] = 0;
    return out;
}

static void wq_overlap2(const gjk_world *w, int body, void *context) {
    gjk_wq_overlap2 *c = (gjk_wq_overlap2 *)context;
    const gjk_world_body *b = &w->bodies[body];
    if (b->compound) {
        gjk_tree_box local = wq_local_box2(&c->box, b->pose.p2);
        c->compound = (const gjk_compound2 *)b->shape;
        c->pose_body = b->pose.p2;
        c->found = false;
        gjk_tree_query_box(&c->compound->core.tree, &local, wq_part2, c, GJK_TREE_STACK);
    } else {
        c->pair.b = (const gjk_shape2 *)b->shape;
        c->pair.pose_b = b->pose.p2;
        c->found = wq_near2(c);
    }
    if (c->found) wq_keep_add(&c->keep, &body);
}

int gjk_world2_overlap(const gjk_world2 *world, const gjk_shape2 *shape, gjk_pose2 pose, gjk_real distance,
                       int *bodies, int capacity) {
    gjk_wq_overlap2 c;
    gjk_tree_box box;
    if (capacity < 0 || !wq_distance_valid(distance) || !gjk_world2_valid(shape, pose)) return -1;
    box = gjk_tree_box2(gjk_shape2_aabb(shape, pose));
    if (!wq_widen(&box, distance)) return -1;
    box.lower[2] = box.upper[2] = 0;
    memset(&c, 0, sizeof c);
    c.pair.a = shape;
    c.pair.pose_a = pose;
    c.distance = distance;
    c.box = box;
    wq_keep_init(&c.keep, bodies, capacity, sizeof(int), wq_body_cmp);
    wq_each_in_box(&world->core, &box, wq_overlap2, &c);
    return wq_keep_finish(&c.keep);
}

int gjk_world2_query_box(const gjk_world2 *world, gjk_aabb2 box, int *bodies, int capacity) {
    gjk_tree_box b = gjk_tree_box2(box);
    return wq_query_box(&world->core, &b, bodies, capacity);
}
