// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The dynamic AABB trees of gjk/world.h, 3D and 2D, against brute force over the same fat boxes: box queries (as
   sets), ray queries (all hits, and the nearest hit with clipping), all pairs and moved pairs (as sorted lists),
   after every phase of random scenes (insert, many moves, removals, re-inserts, rebuild) and of degenerate ones
   (one point, one line, zero-size boxes, 1e-6 and 1e6 boxes together, 1e5 proxies). The tree's invariants are
   checked by gjk_tree_check after each phase; two identical call sequences must give identical visit orders and
   pairs; warmed trees must not allocate; allocator failures must leave the tree whole. Each scenario runs through
   a thin harness (`scn`) that calls either dimension's API, 2D boxes having z = 0. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "tree_internal.h"

#define MAX_IDS (1 << 19)

typedef struct scn {
    int dim;
    gjk_tree3 *t3;
    gjk_tree2 *t2;
    bool alive[MAX_IDS];
    bool moved[MAX_IDS];
    gjk_aabb3 tight[MAX_IDS];
    int top; /* one past the largest id handed out */
} scn;

static scn g_a, g_b;

static void scn_open(scn *s, int dim) {
    memset(s, 0, sizeof *s);
    s->dim = dim;
    if (dim == 3) s->t3 = gjk_tree3_create();
    else s->t2 = gjk_tree2_create();
    assert_true(s->t3 || s->t2);
}

static void scn_close(scn *s) {
    gjk_tree3_destroy(s->t3);
    gjk_tree2_destroy(s->t2);
    s->t3 = NULL;
    s->t2 = NULL;
}

static gjk_aabb2 flat(gjk_aabb3 b) {
    gjk_aabb2 f;
    f.lower = gjk_v2(b.lower.x, b.lower.y);
    f.upper = gjk_v2(b.upper.x, b.upper.y);
    return f;
}

static gjk_aabb3 unflat(gjk_aabb2 b) {
    gjk_aabb3 f;
    f.lower = gjk_v3(b.lower.x, b.lower.y, 0);
    f.upper = gjk_v3(b.upper.x, b.upper.y, 0);
    return f;
}

static gjk_vec2 flat3(gjk_vec3 v) { return gjk_v2(v.x, v.y); }

static const gjk_tree *scn_core(const scn *s) { return s->dim == 3 ? gjk_tree3_core(s->t3) : gjk_tree2_core(s->t2); }

static void scn_check(const scn *s) {
    const char *e = gjk_tree_check(scn_core(s));
    if (e) fail_msg("tree invariant broken: %s", e);
}

static int scn_insert(scn *s, gjk_aabb3 b, gjk_real margin) {
    int id = s->dim == 3 ? gjk_tree3_insert(s->t3, b, margin, 0) : gjk_tree2_insert(s->t2, flat(b), margin, 0);
    if (id < 0) return id;
    assert_true(id < MAX_IDS);
    assert_false(s->alive[id]);
    /* the user value is the id's complement: checked by every visit */
    if (s->dim == 3) {
        gjk_tree3_remove(s->t3, id);
        assert_int_equal(gjk_tree3_insert(s->t3, b, margin, ~(uint64_t)id), id);
    } else {
        gjk_tree2_remove(s->t2, id);
        assert_int_equal(gjk_tree2_insert(s->t2, flat(b), margin, ~(uint64_t)id), id);
    }
    s->alive[id] = true;
    s->moved[id] = true;
    s->tight[id] = b;
    if (id >= s->top) s->top = id + 1;
    return id;
}

static void scn_remove(scn *s, int id) {
    if (s->dim == 3) gjk_tree3_remove(s->t3, id);
    else gjk_tree2_remove(s->t2, id);
    s->alive[id] = false;
    s->moved[id] = false;
}

static gjk_aabb3 scn_fat(const scn *s, int id) {
    gjk_aabb3 b;
    if (s->dim == 3) return gjk_tree3_fat_box(s->t3, id);
    gjk_aabb2 f = gjk_tree2_fat_box(s->t2, id);
    b.lower = gjk_v3(f.lower.x, f.lower.y, 0);
    b.upper = gjk_v3(f.upper.x, f.upper.y, 0);
    return b;
}

static bool contains(gjk_aabb3 o, gjk_aabb3 i) {
    return o.lower.x <= i.lower.x && o.lower.y <= i.lower.y && o.lower.z <= i.lower.z && o.upper.x >= i.upper.x &&
           o.upper.y >= i.upper.y && o.upper.z >= i.upper.z;
}

/* The fat box reaches at most 5 margins plus the displacement's size beyond the box on every side (the rule by which
   a move shrinks a proxy stretched by an earlier, faster motion). */
static bool snug(gjk_aabb3 f, gjk_aabb3 b, gjk_real margin, gjk_vec3 d) {
    gjk_real sx = 5 * margin + (gjk_real)fabs(d.x), sy = 5 * margin + (gjk_real)fabs(d.y);
    gjk_real sz = 5 * margin + (gjk_real)fabs(d.z);
    return b.lower.x - f.lower.x <= sx && f.upper.x - b.upper.x <= sx && b.lower.y - f.lower.y <= sy &&
           f.upper.y - b.upper.y <= sy && b.lower.z - f.lower.z <= sz && f.upper.z - b.upper.z <= sz;
}

static bool scn_move(scn *s, int id, gjk_aabb3 b, gjk_real margin, gjk_vec3 d) {
    gjk_aabb3 fat = scn_fat(s, id);
    bool inside = contains(fat, b) && snug(fat, b, margin, s->dim == 3 ? d : gjk_v3(d.x, d.y, 0)), moved;
    moved = s->dim == 3 ? gjk_tree3_move(s->t3, id, b, margin, d)
                        : gjk_tree2_move(s->t2, id, flat(b), margin, gjk_v2(d.x, d.y));
    assert_int_equal(moved, !inside);
    if (moved) s->moved[id] = true;
    s->tight[id] = b;
    assert_true(contains(scn_fat(s, id), b));
    return moved;
}

static int scn_pairs(const scn *s, bool moved_only, int *pairs, int capacity) {
    return s->dim == 3 ? gjk_tree3_pairs(s->t3, moved_only, pairs, capacity)
                       : gjk_tree2_pairs(s->t2, moved_only, pairs, capacity);
}

static void scn_clear_moved(scn *s) {
    if (s->dim == 3) gjk_tree3_clear_moved(s->t3);
    else gjk_tree2_clear_moved(s->t2);
    memset(s->moved, 0, sizeof s->moved);
}

static int scn_count(const scn *s) {
    return s->dim == 3 ? gjk_tree3_proxy_count(s->t3) : gjk_tree2_proxy_count(s->t2);
}
static int scn_height(const scn *s) { return s->dim == 3 ? gjk_tree3_height(s->t3) : gjk_tree2_height(s->t2); }
static double scn_cost(const scn *s) {
    return s->dim == 3 ? gjk_tree3_area_cost(s->t3) : gjk_tree2_area_cost(s->t2);
}
static bool scn_rebuild(scn *s) { return s->dim == 3 ? gjk_tree3_rebuild(s->t3) : gjk_tree2_rebuild(s->t2); }

/* ---- visits ---- */

typedef struct hits {
    int *ids;
    int count, capacity;
    int stop_after; /* box queries: stop after this many (0: never) */
    const scn *s;
    gjk_vec3 origin, dir; /* ray queries */
    gjk_real nearest;
} hits;

static void hits_add(hits *h, int proxy, uint64_t user) {
    assert_true(h->s->alive[proxy]);
    assert_true(user == ~(uint64_t)proxy);
    assert_true(h->count < h->capacity);
    h->ids[h->count++] = proxy;
}

static bool box_visit(int proxy, uint64_t user, void *context) {
    hits *h = (hits *)context;
    hits_add(h, proxy, user);
    return h->stop_after == 0 || h->count < h->stop_after;
}

static gjk_real ray_all_visit(int proxy, uint64_t user, gjk_real max_t, void *context) {
    hits_add((hits *)context, proxy, user);
    return max_t;
}

/* The slab entry of the ray into box b within [0, max_t], or -1 when it misses: the same formula as the tree's,
   written again here as the oracle. */
static gjk_real slab_entry(gjk_aabb3 b, gjk_vec3 o, gjk_vec3 d, gjk_real max_t) {
    gjk_real lo[3] = {b.lower.x, b.lower.y, b.lower.z}, hi[3] = {b.upper.x, b.upper.y, b.upper.z};
    gjk_real org[3] = {o.x, o.y, o.z}, dir[3] = {d.x, d.y, d.z}, t0 = 0, t1 = max_t;
    for (int k = 0; k < 3; ++k) {
        if (dir[k] == 0) {
            if (org[k] < lo[k] || org[k] > hi[k]) return -1;
            continue;
        }
        gjk_real ta = (lo[k] - org[k]) / dir[k], tb = (hi[k] - org[k]) / dir[k];
        if (ta > tb) {
            gjk_real x = ta;
            ta = tb;
            tb = x;
        }
        if (ta > t0) t0 = ta;
        if (tb < t1) t1 = tb;
        if (t0 > t1) return -1;
    }
    return t0;
}

/* The nearest-hit mode: each visit answers its box's entry (as an exact ray cast would its shape's hit). */
static gjk_real ray_near_visit(int proxy, uint64_t user, gjk_real max_t, void *context) {
    hits *h = (hits *)context;
    hits_add(h, proxy, user);
    gjk_real t = slab_entry(scn_fat(h->s, proxy), h->origin, h->dir, max_t);
    assert_true(t >= 0 && t <= max_t);
    if (t < h->nearest) h->nearest = t;
    return t;
}

static int int_order(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static bool overlap(gjk_aabb3 a, gjk_aabb3 b) {
    return !(a.upper.x < b.lower.x || b.upper.x < a.lower.x || a.upper.y < b.lower.y || b.upper.y < a.lower.y ||
             a.upper.z < b.lower.z || b.upper.z < a.lower.z);
}

static int *g_ids, *g_ids2;

static void check_box_query(const scn *s, gjk_aabb3 q) {
    hits h = {g_ids, 0, MAX_IDS, 0, s, {0, 0, 0}, {0, 0, 0}, 0};
    int want = 0;
    if (s->dim == 3) gjk_tree3_query_box(s->t3, q, box_visit, &h);
    else gjk_tree2_query_box(s->t2, flat(q), box_visit, &h);
    for (int i = 0; i < s->top; ++i)
        if (s->alive[i] && overlap(scn_fat(s, i), q)) g_ids2[want++] = i;
    assert_int_equal(h.count, want);
    qsort(h.ids, (size_t)h.count, sizeof(int), int_order);
    assert_memory_equal(h.ids, g_ids2, (size_t)want * sizeof(int));
    /* the same visits with a small explicit stack (the walk by parent links takes over) */
    for (int stack = 0; stack <= 4; stack += 2) {
        hits h2 = {g_ids2, 0, MAX_IDS, 0, s, {0, 0, 0}, {0, 0, 0}, 0};
        gjk_tree_box b = {{q.lower.x, q.lower.y, q.lower.z}, {q.upper.x, q.upper.y, q.upper.z}};
        gjk_tree_query_box(scn_core(s), &b, box_visit, &h2, stack);
        assert_int_equal(h2.count, want);
        qsort(h2.ids, (size_t)want, sizeof(int), int_order);
        assert_memory_equal(h.ids, h2.ids, (size_t)want * sizeof(int));
    }
    /* stopping after the first visit */
    if (want > 1) {
        hits h3 = {g_ids2, 0, MAX_IDS, 1, s, {0, 0, 0}, {0, 0, 0}, 0};
        if (s->dim == 3) gjk_tree3_query_box(s->t3, q, box_visit, &h3);
        else gjk_tree2_query_box(s->t2, flat(q), box_visit, &h3);
        assert_int_equal(h3.count, 1);
    }
}

static void check_ray_query(const scn *s, gjk_vec3 o, gjk_vec3 d, gjk_real max_t) {
    hits h = {g_ids, 0, MAX_IDS, 0, s, o, d, 0};
    int want = 0;
    gjk_real nearest = max_t + 1;
    if (s->dim == 3) gjk_tree3_query_ray(s->t3, o, d, max_t, ray_all_visit, &h);
    else gjk_tree2_query_ray(s->t2, gjk_v2(o.x, o.y), gjk_v2(d.x, d.y), max_t, ray_all_visit, &h);
    for (int i = 0; i < s->top; ++i) {
        gjk_real t = s->alive[i] ? slab_entry(scn_fat(s, i), o, d, max_t) : -1;
        if (t < 0) continue;
        g_ids2[want++] = i;
        if (t < nearest) nearest = t;
    }
    assert_int_equal(h.count, want);
    qsort(h.ids, (size_t)h.count, sizeof(int), int_order);
    assert_memory_equal(h.ids, g_ids2, (size_t)want * sizeof(int));
    /* nearest hit: clipping by each answer must still find the nearest box, visiting no more than all hits */
    hits n = {g_ids2, 0, MAX_IDS, 0, s, o, d, max_t + 1};
    if (s->dim == 3) gjk_tree3_query_ray(s->t3, o, d, max_t, ray_near_visit, &n);
    else gjk_tree2_query_ray(s->t2, gjk_v2(o.x, o.y), gjk_v2(d.x, d.y), max_t, ray_near_visit, &n);
    assert_true(n.count <= want);
    if (want == 0) assert_int_equal(n.count, 0);
    else assert_true(n.nearest == nearest);
}

static int pair_order(const void *a, const void *b) {
    const int *p = (const int *)a, *q = (const int *)b;
    if (p[0] != q[0]) return p[0] < q[0] ? -1 : 1;
    return (p[1] > q[1]) - (p[1] < q[1]);
}

/* Brute force by sweep and prune: sorted by lower x, every box against those that start before it ends. */
static int *g_order;
static const scn *g_sort_scn;
static int lower_x_order(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    gjk_real x = scn_fat(g_sort_scn, i).lower.x, y = scn_fat(g_sort_scn, j).lower.x;
    if (x != y) return x < y ? -1 : 1;
    return (i > j) - (i < j);
}

static int brute_pairs(const scn *s, bool moved_only, int *out, int capacity) {
    int n = 0, count = 0;
    for (int i = 0; i < s->top; ++i)
        if (s->alive[i]) g_order[n++] = i;
    g_sort_scn = s;
    qsort(g_order, (size_t)n, sizeof(int), lower_x_order);
    for (int a = 0; a < n; ++a) {
        gjk_aabb3 fa = scn_fat(s, g_order[a]);
        for (int b = a + 1; b < n; ++b) {
            gjk_aabb3 fb = scn_fat(s, g_order[b]);
            int i = g_order[a], j = g_order[b];
            if (fb.lower.x > fa.upper.x) break;
            if (!overlap(fa, fb) || (moved_only && !s->moved[i] && !s->moved[j])) continue;
            assert_true(count < capacity);
            out[2 * count] = i < j ? i : j;
            out[2 * count + 1] = i < j ? j : i;
            count++;
        }
    }
    qsort(out, (size_t)count, 2 * sizeof(int), pair_order);
    return count;
}

#define PAIR_CAP (4 << 20)
static int *g_pairs, *g_pairs2;

static void check_pairs(const scn *s) {
    for (int mode = 0; mode < 2; ++mode) {
        int want = brute_pairs(s, mode == 1, g_pairs2, PAIR_CAP);
        int got = scn_pairs(s, mode == 1, g_pairs, PAIR_CAP);
        assert_int_equal(got, want);
        assert_memory_equal(g_pairs, g_pairs2, (size_t)want * 2 * sizeof(int));
        /* too little room: the count is the same and the room holds found pairs */
        if (want > 2) {
            int small = scn_pairs(s, mode == 1, g_pairs, want / 2);
            assert_int_equal(small, want);
            for (int k = 0; k < want / 2; ++k)
                assert_non_null(bsearch(&g_pairs[2 * k], g_pairs2, (size_t)want, 2 * sizeof(int), pair_order));
        }
    }
}

/* ---- the node visit ---- */

typedef struct node_rec {
    gjk_aabb3 box;
    int depth;
    bool leaf;
} node_rec;

typedef struct node_list {
    node_rec *recs;
    int count, capacity, stop_after; /* stop_after: return false at that many (0: never) */
} node_list;

static bool node_add(node_list *l, gjk_aabb3 box, int depth, bool leaf) {
    assert_true(l->count < l->capacity);
    l->recs[l->count].box = box;
    l->recs[l->count].depth = depth;
    l->recs[l->count].leaf = leaf;
    return ++l->count != l->stop_after;
}
static bool node_visit3(gjk_aabb3 box, int depth, bool leaf, void *context) {
    return node_add((node_list *)context, box, depth, leaf);
}
static bool node_visit2(gjk_aabb2 box, int depth, bool leaf, void *context) {
    gjk_aabb3 b;
    b.lower = gjk_v3(box.lower.x, box.lower.y, 0);
    b.upper = gjk_v3(box.upper.x, box.upper.y, 0);
    return node_add((node_list *)context, b, depth, leaf);
}

/* All nodes of the tree into a new list (free its recs), stopping after stop_after visits when > 0. */
static node_list scn_nodes(const scn *s, int stop_after) {
    node_list l;
    l.capacity = 2 * scn_count(s) + 1;
    l.recs = (node_rec *)calloc((size_t)l.capacity, sizeof(node_rec));
    l.count = 0;
    l.stop_after = stop_after;
    assert_non_null(l.recs);
    if (s->dim == 3) gjk_tree3_visit_nodes(s->t3, node_visit3, &l);
    else gjk_tree2_visit_nodes(s->t2, node_visit2, &l);
    return l;
}

static int box_order(const void *pa, const void *pb) {
    const gjk_aabb3 *x = (const gjk_aabb3 *)pa, *y = (const gjk_aabb3 *)pb;
    gjk_real u[6] = {x->lower.x, x->lower.y, x->lower.z, x->upper.x, x->upper.y, x->upper.z};
    gjk_real v[6] = {y->lower.x, y->lower.y, y->lower.z, y->upper.x, y->upper.y, y->upper.z};
    for (int k = 0; k < 6; ++k)
        if (u[k] != v[k]) return u[k] < v[k] ? -1 : 1;
    return 0;
}

/* The visit against the tree's own answers: 2n - 1 nodes in pre-order (each internal node followed by exactly two
   subtrees one level deeper), every box containing its children's, the leaves' boxes exactly the proxies' fat
   boxes, the deepest leaf at the tree's height, and a visitor returning false stopping the walk there. */
static void check_nodes(const scn *s) {
    int n = scn_count(s), leaves = 0, deepest = 0, top = 0;
    node_list l = scn_nodes(s, 0);
    int *stack = (int *)malloc((size_t)l.capacity * sizeof(int));
    int *seen = (int *)calloc((size_t)l.capacity, sizeof(int));
    gjk_aabb3 *fat = (gjk_aabb3 *)malloc((size_t)l.capacity * sizeof(gjk_aabb3));
    gjk_aabb3 *leaf_boxes = (gjk_aabb3 *)malloc((size_t)l.capacity * sizeof(gjk_aabb3));
    int nfat = 0;
    assert_true(stack && seen && fat && leaf_boxes);
    assert_int_equal(l.count, n > 0 ? 2 * n - 1 : 0);
    for (int k = 0; k < l.count; ++k) {
        const node_rec *x = &l.recs[k];
        while (top > x->depth) { /* finished subtrees: an internal node had both children */
            --top;
            if (!l.recs[stack[top]].leaf) assert_int_equal(seen[stack[top]], 2);
        }
        if (k == 0) {
            assert_int_equal(x->depth, 0);
        } else {
            int p;
            assert_true(x->depth >= 1 && top == x->depth);
            p = stack[top - 1];
            assert_false(l.recs[p].leaf);
            assert_true(++seen[p] <= 2);
            assert_true(contains(l.recs[p].box, x->box));
        }
        stack[top++] = k;
        if (x->leaf) {
            leaf_boxes[leaves++] = x->box;
            if (x->depth > deepest) deepest = x->depth;
        }
    }
    while (top > 0) {
        --top;
        if (!l.recs[stack[top]].leaf) assert_int_equal(seen[stack[top]], 2);
    }
    assert_int_equal(leaves, n);
    assert_int_equal(deepest, scn_height(s));
    for (int i = 0; i < s->top; ++i)
        if (s->alive[i]) fat[nfat++] = scn_fat(s, i);
    assert_int_equal(nfat, n);
    qsort(fat, (size_t)n, sizeof *fat, box_order);
    qsort(leaf_boxes, (size_t)n, sizeof *leaf_boxes, box_order);
    for (int i = 0; i < n; ++i) assert_int_equal(box_order(&fat[i], &leaf_boxes[i]), 0);
    if (l.count > 2) { /* stopping: exactly as many visits, the same first ones */
        node_list half = scn_nodes(s, l.count / 2);
        assert_int_equal(half.count, l.count / 2);
        for (int k = 0; k < half.count; ++k) {
            assert_int_equal(half.recs[k].depth, l.recs[k].depth);
            assert_int_equal(box_order(&half.recs[k].box, &l.recs[k].box), 0);
        }
        free(half.recs);
    }
    free(stack);
    free(seen);
    free(fat);
    free(leaf_boxes);
    free(l.recs);
}

static void check_all(scn *s, test_rng *r, double extent, int queries) {
    scn_check(s);
    for (int i = 0; i < s->top; ++i)
        if (s->alive[i]) assert_true(contains(scn_fat(s, i), s->tight[i]));
    for (int q = 0; q < queries; ++q) {
        gjk_vec3 c = test_vec3(r, -extent, extent), h = test_vec3(r, 0, extent / 4);
        if (s->dim == 2) c.z = h.z = 0;
        gjk_aabb3 b = {gjk_sub3(c, h), gjk_add3(c, h)};
        check_box_query(s, b);
        gjk_vec3 o = test_vec3(r, -1.2 * extent, 1.2 * extent), d = test_vec3(r, -1, 1);
        if (q % 4 == 1) d.y = 0; /* axis-parallel and flat rays: components of 0 */
        if (q % 4 == 2) d.x = d.z = 0;
        if (s->dim == 2) o.z = d.z = 0;
        check_ray_query(s, o, d, (gjk_real)(q % 3 == 0 ? 1e30 : 2.5 * extent));
    }
    check_pairs(s);
    check_nodes(s);
}

static gjk_aabb3 random_box(test_rng *r, int dim, double extent, double lo_size, double hi_size) {
    gjk_vec3 c = test_vec3(r, -extent, extent), h = test_vec3(r, lo_size / 2, hi_size / 2);
    if (dim == 2) c.z = h.z = 0;
    gjk_aabb3 b = {gjk_sub3(c, h), gjk_add3(c, h)};
    return b;
}

static void random_scene(int dim) {
    scn *s = &g_a;
    test_rng r = {dim == 3 ? 1234u : 5678u};
    const gjk_real margin = GJK_R(0.1);
    int ids[1000];
    scn_open(s, dim);
    for (int i = 0; i < 1000; ++i) ids[i] = scn_insert(s, random_box(&r, dim, 50, 0.1, 3), margin);
    assert_int_equal(scn_count(s), 1000);
    check_all(s, &r, 50, 40);
    scn_clear_moved(s);
    for (int step = 0; step < 30; ++step) {
        for (int i = 0; i < 1000; ++i) {
            if (step % 3 == 2 && i % 2) continue; /* some steps move half the bodies */
            gjk_aabb3 b = s->tight[ids[i]];
            gjk_vec3 d = test_vec3(&r, -0.3, 0.3);
            if (dim == 2) d.z = 0;
            b.lower = gjk_add3(b.lower, d);
            b.upper = gjk_add3(b.upper, d);
            scn_move(s, ids[i], b, margin, gjk_scale3(d, 2));
        }
        if (step % 10 == 9) check_all(s, &r, 50, 10);
        else check_pairs(s);
        scn_clear_moved(s);
    }
    for (int i = 0; i < 1000; i += 3) {
        scn_remove(s, ids[i]);
        ids[i] = -1;
    }
    check_all(s, &r, 50, 20);
    for (int i = 0; i < 1000; i += 3) ids[i] = scn_insert(s, random_box(&r, dim, 50, 0.1, 3), margin);
    check_all(s, &r, 50, 20);
    scn_clear_moved(s);
    assert_true(scn_rebuild(s));
    check_all(s, &r, 50, 20);
    assert_int_equal(scn_count(s), 1000);
    scn_close(s);
}

static void test_random_scene3(void **st) {
    (void)st;
    random_scene(3);
}
static void test_random_scene2(void **st) {
    (void)st;
    random_scene(2);
}

/* Degenerate scenes, in both dimensions: every box at one point (all pairs overlap; a tree of ties), on one line
   with no thickness, zero-size boxes without margin, and boxes of 1e-6 and 1e6 together. */
static void degenerate(int dim, int kind) {
    scn *s = &g_a;
    test_rng r = {(uint64_t)(100 + 10 * kind + dim)};
    int n = kind == 0 ? 600 : 1000, ids[1000];
    scn_open(s, dim);
    for (int i = 0; i < n; ++i) {
        gjk_aabb3 b;
        gjk_real margin = 0;
        if (kind == 0) {
            b.lower = b.upper = gjk_v3(1, 2, dim == 3 ? 3 : 0);
        } else if (kind == 1) {
            gjk_real x = (gjk_real)test_uniform(&r, -100, 100), len = (gjk_real)test_uniform(&r, 0, 2);
            b.lower = gjk_v3(x, 5, 0);
            b.upper = gjk_v3(x + len, 5, 0);
        } else if (kind == 2) {
            b.lower = b.upper = test_vec3(&r, -10, 10);
            if (dim == 2) b.lower.z = b.upper.z = 0;
            if (i % 2) b.lower.x = b.upper.x = (gjk_real)(i % 7); /* many on shared planes */
        } else {
            double size = i % 2 ? 1e-6 : 1e6;
            b = random_box(&r, dim, i % 2 ? 1e6 : 10, size / 2, size);
            margin = (gjk_real)(i % 2 ? 1e-7 : 1e5);
        }
        ids[i] = scn_insert(s, b, margin);
        assert_true(ids[i] >= 0);
    }
    double extent = kind == 3 ? 2e6 : kind == 1 ? 100 : 12;
    check_all(s, &r, extent, 20);
    scn_clear_moved(s);
    for (int i = 0; i < n; i += 4) { /* move a quarter along the scene's own direction */
        gjk_aabb3 b = s->tight[ids[i]];
        gjk_vec3 d = gjk_v3((gjk_real)(kind == 3 ? 3e5 : 1), 0, 0);
        b.lower = gjk_add3(b.lower, d);
        b.upper = gjk_add3(b.upper, d);
        scn_move(s, ids[i], b, 0, d);
    }
    check_all(s, &r, extent, 20);
    for (int i = 1; i < n; i += 5) scn_remove(s, ids[i]);
    check_all(s, &r, extent, 10);
    assert_true(scn_rebuild(s));
    check_all(s, &r, extent, 10);
    printf("  dim %d scene %d: height %d, area cost %.3g\n", dim, kind, scn_height(s), scn_cost(s));
    scn_close(s);
}

static void test_degenerate(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim)
        for (int kind = 0; kind < 4; ++kind) degenerate(dim, kind);
}

/* n random boxes inserted one by one, then rebuilt: the area cost of both trees printed and bounded (the rebuild
   no worse than 1.2 times the incremental tree, which stays within twice the rebuilt one: measured 1.05 to 1.6,
   the sparse 3D scene the worst), the heights bounded, the invariants and the pairs checked. */
static void insert_then_rebuild(int dim, int n, double side, double lo, double hi, gjk_real margin, int max_height) {
    scn *s = &g_a;
    test_rng r = {(uint64_t)(n + dim)};
    scn_open(s, dim);
    for (int i = 0; i < n; ++i) assert_true(scn_insert(s, random_box(&r, dim, side, lo, hi), margin) >= 0);
    double incremental = scn_cost(s);
    int h_inc = scn_height(s);
    scn_check(s);
    assert_true(scn_rebuild(s));
    scn_check(s);
    double rebuilt = scn_cost(s);
    printf("  dim %d, %d boxes: area cost %.2f (height %d) incremental, %.2f (height %d) rebuilt\n", dim, n,
           incremental, h_inc, rebuilt, scn_height(s));
    assert_true(rebuilt <= 1.2 * incremental);
    assert_true(incremental <= 2 * rebuilt);
    assert_true(h_inc <= max_height && scn_height(s) <= max_height);
    check_pairs(s);
    check_nodes(s);
    scn_close(s);
}

static void test_area_cost(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) insert_then_rebuild(dim, 10000, 100, 0.2, 2, 0, 40);
}

static void test_many_proxies(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) insert_then_rebuild(dim, 100000, dim == 3 ? 200 : 1500, 0.5, 3, 0.05, 48);
}

/* Two trees fed the same calls: the same ids, visit orders and pairs (sorted and in discovery order). */
static void test_determinism(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        test_rng ra = {42}, rb = {42};
        scn *sa = &g_a, *sb = &g_b;
        scn_open(sa, dim);
        scn_open(sb, dim);
        static int ids[2000];
        for (int i = 0; i < 2000; ++i) {
            gjk_aabb3 ba = random_box(&ra, dim, 30, 0.1, 2), bb = random_box(&rb, dim, 30, 0.1, 2);
            ids[i] = scn_insert(sa, ba, GJK_R(0.1));
            assert_int_equal(ids[i], scn_insert(sb, bb, GJK_R(0.1)));
            if (i % 5 == 4) {
                scn_remove(sa, ids[i - 2]);
                scn_remove(sb, ids[i - 2]);
            }
        }
        for (int q = 0; q < 50; ++q) {
            gjk_aabb3 b = random_box(&ra, dim, 30, 1, 10);
            hits ha = {g_ids, 0, MAX_IDS, 0, sa, {0, 0, 0}, {0, 0, 0}, 0};
            hits hb = {g_ids2, 0, MAX_IDS, 0, sb, {0, 0, 0}, {0, 0, 0}, 0};
            random_box(&rb, dim, 30, 1, 10);
            if (dim == 3) {
                gjk_tree3_query_box(sa->t3, b, box_visit, &ha);
                gjk_tree3_query_box(sb->t3, b, box_visit, &hb);
            } else {
                gjk_tree2_query_box(sa->t2, flat(b), box_visit, &ha);
                gjk_tree2_query_box(sb->t2, flat(b), box_visit, &hb);
            }
            assert_int_equal(ha.count, hb.count);
            assert_memory_equal(ha.ids, hb.ids, (size_t)ha.count * sizeof(int));
            ha.count = hb.count = 0;
            gjk_vec3 o = b.lower, d = gjk_sub3(b.upper, b.lower);
            if (dim == 3) {
                gjk_tree3_query_ray(sa->t3, o, d, 5, ray_all_visit, &ha);
                gjk_tree3_query_ray(sb->t3, o, d, 5, ray_all_visit, &hb);
            } else {
                gjk_tree2_query_ray(sa->t2, gjk_v2(o.x, o.y), gjk_v2(d.x, d.y), 5, ray_all_visit, &ha);
                gjk_tree2_query_ray(sb->t2, gjk_v2(o.x, o.y), gjk_v2(d.x, d.y), 5, ray_all_visit, &hb);
            }
            assert_int_equal(ha.count, hb.count);
            assert_memory_equal(ha.ids, hb.ids, (size_t)ha.count * sizeof(int));
        }
        for (int mode = 0; mode < 2; ++mode) {
            int na = scn_pairs(sa, mode, g_pairs, PAIR_CAP), nb = scn_pairs(sb, mode, g_pairs2, PAIR_CAP);
            assert_int_equal(na, nb);
            assert_memory_equal(g_pairs, g_pairs2, (size_t)na * 2 * sizeof(int));
            na = scn_pairs(sa, mode, g_pairs, 10);
            nb = scn_pairs(sb, mode, g_pairs2, 10);
            assert_memory_equal(g_pairs, g_pairs2, 20 * sizeof(int));
        }
        {
            node_list na = scn_nodes(sa, 0), nb = scn_nodes(sb, 0);
            assert_int_equal(na.count, nb.count);
            for (int k = 0; k < na.count; ++k) {
                assert_int_equal(na.recs[k].depth, nb.recs[k].depth);
                assert_int_equal(na.recs[k].leaf, nb.recs[k].leaf);
                assert_int_equal(box_order(&na.recs[k].box, &nb.recs[k].box), 0);
            }
            free(na.recs);
            free(nb.recs);
        }
        scn_close(sa);
        scn_close(sb);
    }
}

/* ---- allocation ---- */

/* Once warmed, moves, removals, re-inserts into freed slots, queries and pairs allocate nothing. */
static void test_no_allocation(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        scn *s = &g_a;
        test_rng r = {7};
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        static int ids[3000];
        scn_open(s, dim);
        for (int i = 0; i < 3000; ++i) ids[i] = scn_insert(s, random_box(&r, dim, 40, 0.1, 2), GJK_R(0.1));
        long before = test_allocs;
        for (int step = 0; step < 5; ++step) {
            for (int i = 0; i < 3000; ++i) {
                gjk_aabb3 b = s->tight[ids[i]];
                gjk_vec3 d = test_vec3(&r, -0.5, 0.5);
                if (dim == 2) d.z = 0;
                b.lower = gjk_add3(b.lower, d);
                b.upper = gjk_add3(b.upper, d);
                scn_move(s, ids[i], b, GJK_R(0.1), d);
            }
            for (int i = step; i < 3000; i += 50) scn_remove(s, ids[i]);
            for (int i = step; i < 3000; i += 50) {
                ids[i] = scn_insert(s, random_box(&r, dim, 40, 0.1, 2), 0);
                assert_true(ids[i] >= 0);
            }
            scn_pairs(s, true, g_pairs, PAIR_CAP);
            scn_pairs(s, false, g_pairs, PAIR_CAP);
            scn_clear_moved(s);
            hits h = {g_ids, 0, MAX_IDS, 0, s, {0, 0, 0}, {0, 0, 0}, 0};
            if (dim == 3) {
                gjk_tree3_query_box(s->t3, random_box(&r, 3, 40, 1, 20), box_visit, &h);
                gjk_tree3_query_ray(s->t3, gjk_v3(-50, 0, 0), gjk_v3(1, 0.1, 0.01), 100, ray_all_visit, &h);
            } else {
                gjk_tree2_query_box(s->t2, flat(random_box(&r, 2, 40, 1, 20)), box_visit, &h);
                gjk_tree2_query_ray(s->t2, gjk_v2(-50, 0), gjk_v2(1, 0.1), 100, ray_all_visit, &h);
            }
        }
        assert_int_equal(test_allocs, before);
        scn_close(s);
        assert_int_equal(test_allocs, test_frees);
        gjk_set_allocator(NULL, NULL, NULL);
    }
}

/* The allocator failing at every point of growth: insert answers -1 and rebuild false, the tree whole and
   unchanged; a failing create answers NULL. */
static void test_allocation_failure(void **st) {
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        scn *s = &g_a;
        test_rng r = {11};
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = test_frees = 0;
        test_fail_after = 0;
        assert_null(gjk_tree3_create());
        assert_null(gjk_tree2_create());
        test_fail_after = -1;
        scn_open(s, dim);
        int failures = 0;
        /* each insert first with the next allocation failing, then the one after (the node array grown, the moved
           list not), then with room */
        for (int i = 0; i < 2000; ++i) {
            gjk_aabb3 b = random_box(&r, dim, 20, 0.1, 2);
            for (int attempt = 0; attempt < 3; ++attempt) {
                int n = scn_count(s);
                test_fail_after = attempt < 2 ? test_allocs + attempt : -1;
                if (scn_insert(s, b, 0) >= 0) break;
                failures++;
                assert_int_equal(scn_count(s), n);
                scn_check(s);
            }
        }
        test_fail_after = -1;
        assert_true(failures > 0);
        check_all(s, &r, 20, 5);
        int before = scn_pairs(s, false, g_pairs, PAIR_CAP);
        test_fail_after = test_allocs;
        assert_false(scn_rebuild(s));
        test_fail_after = -1;
        scn_check(s);
        assert_int_equal(scn_pairs(s, false, g_pairs2, PAIR_CAP), before);
        assert_memory_equal(g_pairs, g_pairs2, (size_t)before * 2 * sizeof(int));
        scn_close(s);
        assert_int_equal(test_allocs, test_frees);
        gjk_set_allocator(NULL, NULL, NULL);
    }
}

/* Invalid boxes and margins are refused with -1; an empty tree answers nothing. */
static void test_invalid_input(void **st) {
    (void)st;
    gjk_tree3 *t = gjk_tree3_create();
    gjk_tree2 *t2 = gjk_tree2_create();
    gjk_aabb3 ok = {{0, 0, 0}, {1, 1, 1}}, bad = ok;
    gjk_aabb2 ok2 = {{0, 0}, {1, 1}}, bad2 = ok2;
    int pairs[2];
    hits h = {pairs, 0, 2, 0, NULL, {0, 0, 0}, {0, 0, 0}, 0};
    assert_int_equal(gjk_tree3_pairs(t, false, pairs, 1), 0);
    gjk_tree3_query_box(t, ok, box_visit, &h);
    gjk_tree3_query_ray(t, ok.lower, ok.upper, 10, ray_all_visit, &h);
    assert_int_equal(h.count, 0);
    assert_true(gjk_tree3_area_cost(t) == 0 && gjk_tree3_height(t) == 0);
    assert_true(gjk_tree3_rebuild(t));
    bad.lower.y = NAN;
    assert_int_equal(gjk_tree3_insert(t, bad, 0, 0), -1);
    bad = ok;
    bad.upper.z = -1;
    assert_int_equal(gjk_tree3_insert(t, bad, 0, 0), -1);
    bad = ok;
    bad.upper.x = (gjk_real)INFINITY;
    assert_int_equal(gjk_tree3_insert(t, bad, 0, 0), -1);
    bad = ok;
#if GJK_USE_FLOAT
    bad.lower.x = GJK_R(-1e19);
#else
    bad.lower.x = GJK_R(-1e151);
#endif
    assert_int_equal(gjk_tree3_insert(t, bad, 0, 0), -1);
    assert_int_equal(gjk_tree3_insert(t, ok, -1, 0), -1);
    assert_int_equal(gjk_tree3_insert(t, ok, NAN, 0), -1);
    bad2.lower.x = 2;
    assert_int_equal(gjk_tree2_insert(t2, bad2, 0, 0), -1);
    assert_int_equal(gjk_tree2_insert(t2, ok2, (gjk_real)INFINITY, 0), -1);
    assert_int_equal(gjk_tree3_proxy_count(t), 0);
    assert_int_equal(gjk_tree2_proxy_count(t2), 0);
    /* one proxy: no pairs, height 0, a ray with non-finite input visits nothing */
    assert_int_equal(gjk_tree3_insert(t, ok, 0, 5), 0);
    assert_int_equal(gjk_tree3_pairs(t, false, NULL, 0), 0);
    assert_int_equal(gjk_tree3_height(t), 0);
    assert_true(gjk_tree3_user(t, 0) == 5);
    gjk_tree3_query_ray(t, gjk_v3(NAN, 0, 0), gjk_v3(1, 0, 0), 10, ray_all_visit, &h);
    gjk_tree3_query_ray(t, gjk_v3(-1, 0.5, 0.5), gjk_v3(1, 0, 0), NAN, ray_all_visit, &h);
    assert_int_equal(h.count, 0);
    gjk_tree3_destroy(t);
    gjk_tree2_destroy(t2);
    gjk_tree3_destroy(NULL);
    gjk_tree2_destroy(NULL);
}

static int g_tree_asserts;
static void count_tree_assert(const char *condition, const char *file, int line) {
    (void)condition, (void)file, (void)line;
    g_tree_asserts++;
}

/* Regression: move tests containment in the fat box before checking the box itself (bodies at rest cost less; the
   front ends test it before converting the box to the core's three axes).
   The containment test must then reject by itself every box the checks would: a NaN coordinate (a comparison that
   is false, not true), lower > upper within the fat box, an infinite box. Each leaves the proxy as it was. */
static void test_move_invalid_box(void **st) {
    gjk_tree3 *t = gjk_tree3_create();
    gjk_tree2 *t2 = gjk_tree2_create();
    gjk_aabb3 ok = {{0, 0, 0}, {1, 1, 1}}, bad[3];
    gjk_aabb2 ok2 = {{0, 0}, {1, 1}}, bad2[3];
    gjk_aabb3 fat, now;
    gjk_aabb2 fat2, now2;
    (void)st;
    assert_int_equal(gjk_tree3_insert(t, ok, GJK_R(0.5), 0), 0);
    assert_int_equal(gjk_tree2_insert(t2, ok2, GJK_R(0.5), 0), 0);
    gjk_tree3_clear_moved(t);
    gjk_tree2_clear_moved(t2);
    fat = gjk_tree3_fat_box(t, 0);
    fat2 = gjk_tree2_fat_box(t2, 0);
    for (int k = 0; k < 3; ++k) bad[k] = ok, bad2[k] = ok2;
    bad[0].lower.y = NAN, bad2[0].upper.x = NAN;
    bad[1].lower.z = GJK_R(0.9), bad[1].upper.z = GJK_R(0.1), bad2[1].lower.y = GJK_R(0.9), bad2[1].upper.y = GJK_R(0.1);
    bad[2].upper.x = (gjk_real)INFINITY, bad2[2].lower.y = -(gjk_real)INFINITY;
    gjk_set_assert_handler(count_tree_assert);
    g_tree_asserts = 0;
    for (int k = 0; k < 3; ++k) {
        assert_false(gjk_tree3_move(t, 0, bad[k], GJK_R(0.5), gjk_v3(0, 0, 0)));
        assert_false(gjk_tree2_move(t2, 0, bad2[k], GJK_R(0.5), gjk_v2(0, 0)));
    }
    gjk_set_assert_handler(NULL);
    /* with assertions compiled in, each call reported its programmer error */
    assert_true(g_tree_asserts == 0 || g_tree_asserts == 6);
    now = gjk_tree3_fat_box(t, 0);
    now2 = gjk_tree2_fat_box(t2, 0);
    assert_memory_equal(&fat, &now, sizeof fat);
    assert_memory_equal(&fat2, &now2, sizeof fat2);
    assert_int_equal(gjk_tree3_pairs(t, true, NULL, 0), 0);
    assert_int_equal(gjk_tree2_pairs(t2, true, NULL, 0), 0);
    /* a valid box inside the fat box: nothing changes either, without an assertion */
    assert_false(gjk_tree3_move(t, 0, ok, GJK_R(0.5), gjk_v3(0, 0, 0)));
    assert_false(gjk_tree2_move(t2, 0, ok2, GJK_R(0.5), gjk_v2(0, 0)));
    gjk_tree3_destroy(t);
    gjk_tree2_destroy(t2);
}

/* A body falls fast, then comes to rest: its fat box, stretched down by four steps of the fall, shrinks back to the
   box plus the margin at the first move at rest (one re-insertion), and later moves at rest change nothing. A body
   moving steadily is never re-inserted for that reason: only when it leaves its fat box. */
static void test_move_shrinks_after_fall(void **st) {
    gjk_tree3 *t = gjk_tree3_create();
    gjk_tree2 *t2 = gjk_tree2_create();
    gjk_aabb3 b = {{0, 10, 0}, {1, 11, 1}}, f;
    gjk_aabb2 b2 = {{0, 10}, {1, 11}}, f2;
    const gjk_real m = GJK_R(0.125); /* exact in binary, so that the fat boxes below compare exactly */
    (void)st;
    assert_int_equal(gjk_tree3_insert(t, b, m, 0), 0);
    assert_int_equal(gjk_tree2_insert(t2, b2, m, 0), 0);
    /* a fall of 10 in one step, 4 steps of it predicted: re-inserted, stretched 4 down */
    b.lower.y -= 10, b.upper.y -= 10, b2.lower.y -= 10, b2.upper.y -= 10;
    assert_true(gjk_tree3_move(t, 0, b, m, gjk_v3(0, -4, 0)));
    assert_true(gjk_tree2_move(t2, 0, b2, m, gjk_v2(0, -4)));
    f = gjk_tree3_fat_box(t, 0);
    assert_true(f.lower.y == b.lower.y - m - 4);
    /* at rest: re-inserted once, the fat box back to the box plus the margin, then left alone */
    assert_true(gjk_tree3_move(t, 0, b, m, gjk_v3(0, 0, 0)));
    assert_true(gjk_tree2_move(t2, 0, b2, m, gjk_v2(0, 0)));
    f = gjk_tree3_fat_box(t, 0);
    f2 = gjk_tree2_fat_box(t2, 0);
    assert_true(f.lower.y == b.lower.y - m && f.upper.y == b.upper.y + m);
    assert_true(f2.lower.y == b2.lower.y - m && f2.upper.y == b2.upper.y + m);
    for (int k = 0; k < 5; ++k) {
        assert_false(gjk_tree3_move(t, 0, b, m, gjk_v3(0, 0, 0)));
        assert_false(gjk_tree2_move(t2, 0, b2, m, gjk_v2(0, 0)));
    }
    /* a steady motion of 0.0625 per step (0.25 predicted) after a re-insertion: its fat box reaches 0.125 + 0.25
       ahead, crossed at step 7, and its trailing side (0.125 + 0.0625 k behind, under 5 x 0.125 + 0.25) never
       shrinks it before that */
    b.lower.x += 5, b.upper.x += 5, b2.lower.x += 5, b2.upper.x += 5;
    assert_true(gjk_tree3_move(t, 0, b, m, gjk_v3(GJK_R(0.25), 0, 0)));
    assert_true(gjk_tree2_move(t2, 0, b2, m, gjk_v2(GJK_R(0.25), 0)));
    for (int k = 1; k <= 7; ++k) {
        gjk_aabb3 c = b;
        gjk_aabb2 c2 = b2;
        gjk_real dx = GJK_R(0.0625) * (gjk_real)k;
        c.lower.x += dx, c.upper.x += dx, c2.lower.x += dx, c2.upper.x += dx;
        assert_int_equal(gjk_tree3_move(t, 0, c, m, gjk_v3(GJK_R(0.25), 0, 0)), k == 7);
        assert_int_equal(gjk_tree2_move(t2, 0, c2, m, gjk_v2(GJK_R(0.25), 0)), k == 7);
    }
    gjk_tree3_destroy(t);
    gjk_tree2_destroy(t2);
}

/* Counts the proxies a query visits. */
static bool count_box_visit(int proxy, uint64_t user, void *context) {
    (void)proxy, (void)user;
    ++*(int *)context;
    return true;
}

static gjk_real count_ray_visit(int proxy, uint64_t user, gjk_real max_t, void *context) {
    (void)proxy, (void)user;
    ++*(int *)context;
    return max_t;
}

/* Whether fat (as the tree reports it) contains the box, and the box grown by margin and stretched by d (the sums in
   long double, so that the check does not round the way the tree does) up to the rounding of that sum; `tight`: and
   by no more than the rounding to floats. */
static bool fat_holds(gjk_aabb3 fat, gjk_aabb3 b, gjk_real m, gjk_vec3 d, int dim, bool tight) {
    const gjk_real lo[3] = {b.lower.x, b.lower.y, b.lower.z}, hi[3] = {b.upper.x, b.upper.y, b.upper.z};
    const gjk_real flo[3] = {fat.lower.x, fat.lower.y, fat.lower.z}, fhi[3] = {fat.upper.x, fat.upper.y, fat.upper.z};
    const gjk_real dd[3] = {d.x, d.y, d.z};
    for (int k = 0; k < dim; ++k) {
        long double want_lo = (long double)lo[k] - m + (dd[k] < 0 ? dd[k] : 0);
        long double want_hi = (long double)hi[k] + m + (dd[k] > 0 ? dd[k] : 0);
        /* the sums' rounding in gjk_real: a few ulps of their largest term */
        long double sum_lo = 4 * GJK_REAL_EPSILON * (fabsl((long double)lo[k]) + m + fabsl((long double)dd[k]));
        long double sum_hi = 4 * GJK_REAL_EPSILON * (fabsl((long double)hi[k]) + m + fabsl((long double)dd[k]));
        /* the box itself exactly; grown by the margin and d up to the rounding of the sums */
        if (!(flo[k] <= lo[k]) || !(fhi[k] >= hi[k])) return false;
        if (!((long double)flo[k] <= want_lo + sum_lo) || !((long double)fhi[k] >= want_hi - sum_hi)) return false;
        /* and no looser than that and the rounding to a float: a few float ulps more */
        if (!tight) continue;
        if (want_lo - flo[k] > sum_lo + 4 * FLT_EPSILON * fabsl(want_lo) + 1e-40L) return false;
        if (fhi[k] - want_hi > sum_hi + 4 * FLT_EPSILON * fabsl(want_hi) + 1e-40L) return false;
    }
    return true;
}

/* The tree stores its boxes in single precision, rounded outward. The fat boxes must still contain the boxes given
   (a ray grazing a side at a coordinate no float holds, here 0.1, still finds the proxy, as do box queries touching
   it), a body resting far from the origin with no margin must not be re-inserted at every move because of the
   rounding, and boxes beyond the float range (double builds) must still be found by pairs, box and ray queries. */
static void test_single_precision_nodes(void **st) {
    test_rng r = {4242u};
    (void)st;
    for (int dim = 2; dim <= 3; ++dim) {
        gjk_tree3 *t = dim == 3 ? gjk_tree3_create() : NULL;
        gjk_tree2 *t2 = dim == 2 ? gjk_tree2_create() : NULL;
        const gjk_real margins[3] = {0, GJK_R(0.01), GJK_R(0.1)};
        int id, seen;
        /* random boxes at every scale: the fat box holds the box, at insert and after moves */
        for (int i = 0; i < 600; ++i) {
            double scale = pow(10.0, test_uniform(&r, -3, 6));
            gjk_aabb3 b;
            gjk_real m = margins[i % 3];
            gjk_vec3 d = gjk_v3((gjk_real)test_uniform(&r, -1, 1), (gjk_real)test_uniform(&r, -1, 1),
                                dim == 3 ? (gjk_real)test_uniform(&r, -1, 1) : 0);
            b.lower = gjk_v3((gjk_real)(scale * test_uniform(&r, -1, 1)), (gjk_real)(scale * test_uniform(&r, -1, 1)),
                             dim == 3 ? (gjk_real)(scale * test_uniform(&r, -1, 1)) : 0);
            b.upper = gjk_add3(b.lower, gjk_v3((gjk_real)test_uniform(&r, 0, scale),
                                               (gjk_real)test_uniform(&r, 0, scale),
                                               dim == 3 ? (gjk_real)test_uniform(&r, 0, scale) : 0));
            id = dim == 3 ? gjk_tree3_insert(t, b, m, 0) : gjk_tree2_insert(t2, flat(b), m, 0);
            assert_true(id >= 0);
            assert_true(fat_holds(dim == 3 ? gjk_tree3_fat_box(t, id) : unflat(gjk_tree2_fat_box(t2, id)), b, m,
                                  gjk_v3(0, 0, 0), dim, true));
            /* a jump out of the fat box, and a displacement of the box's scale predicted */
            b.lower.x += (gjk_real)(10 * (scale + 1)), b.upper.x += (gjk_real)(10 * (scale + 1));
            d = gjk_scale3(d, (gjk_real)scale);
            assert_true(dim == 3 ? gjk_tree3_move(t, id, b, m, d) : gjk_tree2_move(t2, id, flat(b), m, flat3(d)));
            assert_true(fat_holds(dim == 3 ? gjk_tree3_fat_box(t, id) : unflat(gjk_tree2_fat_box(t2, id)), b, m, d,
                                  dim, true));
            /* at rest: the first move shrinks the box stretched by d, the next ones keep it, whatever the scale and
               margin (a fat box rounded down by a float ulp beyond 5 margins must not count as stretched) */
            if (dim == 3) gjk_tree3_move(t, id, b, m, gjk_v3(0, 0, 0));
            else gjk_tree2_move(t2, id, flat(b), m, gjk_v2(0, 0));
            assert_true(fat_holds(dim == 3 ? gjk_tree3_fat_box(t, id) : unflat(gjk_tree2_fat_box(t2, id)), b, m,
                                  gjk_v3(0, 0, 0), dim, false));
            for (int k = 0; k < 2; ++k)
                assert_false(dim == 3 ? gjk_tree3_move(t, id, b, m, gjk_v3(0, 0, 0))
                                      : gjk_tree2_move(t2, id, flat(b), m, gjk_v2(0, 0)));
            if (dim == 3) gjk_tree3_remove(t, id);
            else gjk_tree2_remove(t2, id);
        }
        /* a box whose lower y is 0.1 (no float holds it), no margin: a ray along y = 0.1 grazes it, a point query
           at its corner touches it */
        {
            gjk_aabb3 b = {{GJK_R(0.1), GJK_R(0.1), GJK_R(0.1)}, {GJK_R(0.3), GJK_R(0.3), GJK_R(0.3)}};
            gjk_aabb3 corner = {b.lower, b.lower};
            if (dim == 2) b.lower.z = b.upper.z = corner.lower.z = corner.upper.z = 0;
            id = dim == 3 ? gjk_tree3_insert(t, b, 0, 7) : gjk_tree2_insert(t2, flat(b), 0, 7);
            assert_true(id >= 0);
            seen = 0;
            if (dim == 3) gjk_tree3_query_ray(t, gjk_v3(-1, GJK_R(0.1), GJK_R(0.2)), gjk_v3(1, 0, 0), 2, count_ray_visit, &seen);
            else gjk_tree2_query_ray(t2, gjk_v2(-1, GJK_R(0.1)), gjk_v2(1, 0), 2, count_ray_visit, &seen);
            assert_int_equal(seen, 1);
            seen = 0;
            if (dim == 3) gjk_tree3_query_box(t, corner, count_box_visit, &seen);
            else gjk_tree2_query_box(t2, flat(corner), count_box_visit, &seen);
            assert_int_equal(seen, 1);
            if (dim == 3) gjk_tree3_remove(t, id);
            else gjk_tree2_remove(t2, id);
        }
#if !GJK_USE_FLOAT
        /* beyond the float range: two boxes at 1e100 that touch, one at 2e100, one at the origin, one at -1e100 */
        {
            const gjk_real at[5] = {GJK_R(1e100), GJK_R(1e100), GJK_R(2e100), 0, GJK_R(-1e100)};
            int ids[5], n, pairs[40], found_touching = 0;
            for (int i = 0; i < 5; ++i) {
                gjk_aabb3 b;
                gjk_real x0 = at[i] + (i == 1 ? at[i] * GJK_R(1e-10) : 0);
                b.lower = gjk_v3(x0, 0, 0);
                b.upper = gjk_v3(i == 0 ? at[i] * (1 + GJK_R(1e-10)) : x0 + 1, 1, dim == 3 ? 1 : 0);
                ids[i] = dim == 3 ? gjk_tree3_insert(t, b, GJK_R(0.1), (uint64_t)i)
                                  : gjk_tree2_insert(t2, flat(b), GJK_R(0.1), (uint64_t)i);
                assert_true(ids[i] >= 0);
                assert_true(fat_holds(dim == 3 ? gjk_tree3_fat_box(t, ids[i]) : unflat(gjk_tree2_fat_box(t2, ids[i])),
                                      b, 0, gjk_v3(0, 0, 0), dim, false) ||
                            at[i] != 0);
            }
            assert_null(gjk_tree_check(dim == 3 ? gjk_tree3_core(t) : gjk_tree2_core(t2)));
            n = dim == 3 ? gjk_tree3_pairs(t, false, pairs, 20) : gjk_tree2_pairs(t2, false, pairs, 20);
            assert_true(n <= 20);
            for (int k = 0; k < n; ++k) {
                int a = pairs[2 * k], c = pairs[2 * k + 1];
                if ((a == ids[0] && c == ids[1]) || (a == ids[1] && c == ids[0])) found_touching = 1;
                /* the box at the origin is within range: it pairs with nothing */
                assert_true(a != ids[3] && c != ids[3]);
            }
            assert_int_equal(found_touching, 1);
            seen = 0;
            if (dim == 3) gjk_tree3_query_ray(t, gjk_v3(GJK_R(-1e101), GJK_R(0.5), GJK_R(0.5)), gjk_v3(1, 0, 0), GJK_R(1e101) + GJK_R(1e100), count_ray_visit, &seen);
            else gjk_tree2_query_ray(t2, gjk_v2(GJK_R(-1e101), GJK_R(0.5)), gjk_v2(1, 0), GJK_R(1e101) + GJK_R(1e100), count_ray_visit, &seen);
            assert_true(seen >= 4); /* the boxes at -1e100, 0 and both at 1e100, at least */
            assert_true(isfinite((double)dim == 3 ? gjk_tree3_area_cost(t) : gjk_tree2_area_cost(t2)));
        }
#endif
        gjk_tree3_destroy(t);
        gjk_tree2_destroy(t2);
    }
}

static int setup(void **st) {
    (void)st;
    g_ids = (int *)malloc(MAX_IDS * sizeof(int));
    g_ids2 = (int *)malloc(MAX_IDS * sizeof(int));
    g_order = (int *)malloc(MAX_IDS * sizeof(int));
    g_pairs = (int *)malloc(2 * (size_t)PAIR_CAP * sizeof(int));
    g_pairs2 = (int *)malloc(2 * (size_t)PAIR_CAP * sizeof(int));
    return g_ids && g_ids2 && g_order && g_pairs && g_pairs2 ? 0 : -1;
}

static int teardown(void **st) {
    (void)st;
    free(g_ids);
    free(g_ids2);
    free(g_order);
    free(g_pairs);
    free(g_pairs2);
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_scene3), cmocka_unit_test(test_random_scene2),
        cmocka_unit_test(test_degenerate),    cmocka_unit_test(test_area_cost),
        cmocka_unit_test(test_many_proxies),  cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_no_allocation), cmocka_unit_test(test_allocation_failure),
        cmocka_unit_test(test_invalid_input),  cmocka_unit_test(test_move_invalid_box), cmocka_unit_test(test_move_shrinks_after_fall),
        cmocka_unit_test(test_single_precision_nodes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
