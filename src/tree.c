// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The dynamic AABB tree: a binary tree of boxes whose leaves are the proxies, in one node array with a free list.
   Insertion picks the sibling by a descent that bounds the cost of every subtree it skips (Bittner, Hapala and
   Havran, "Incremental BVH construction for ray tracing", Computers & Graphics 2015), then refits the path to the
   root, trading a child with a grandchild, or two grandchildren, wherever that lowers the surface area (Kopta et
   al., "Fast, Effective BVH Updates for Animated Scenes", I3D 2012). A full rebuild splits top-down by the binned
   surface-area heuristic (Wald, "On fast construction of SAH-based bounding volume hierarchies", IEEE Symposium on
   Interactive Ray Tracing 2007). Every choice breaks ties by position, never by address or time, so the same calls
   build the same tree. */
#include <limits.h>
#include <string.h>

#include "internal.h"
#include "tree_internal.h"

/* Bins of the rebuild's split search. */
#define GJK_TREE_BINS 16
/* Weight of the squared edge sum in the build cost. Surface area alone is 0 for every box of a scene on a line
   (or a plane seen edgewise by all three pairs of axes), so that every choice ties and the tree degenerates into a
   list; the small term keeps such scenes ordered by length without changing the choices of solid scenes much. */
#define GJK_TREE_EDGE_WEIGHT 0.001f

/* The cost insertion, rotations and the rebuild minimise, of a box of extents dx, dy, dz: half the surface area
   (2D: half the perimeter). In float, as the boxes are: the stored boxes' range keeps it finite, and conversions
   to double on every candidate cost a third of an insertion. */
static inline float tree_extent_cost(bool planar, float dx, float dy, float dz) {
    float s;
    if (planar) return dx + dy;
    s = dx + dy + dz;
    return dx * dy + dy * dz + dz * dx + GJK_TREE_EDGE_WEIGHT * s * s;
}

static inline float tree_extent(const gjk_tree_fbox *b, int k) { return b->upper[k] - b->lower[k]; }

static inline float tree_cost(const gjk_tree *t, const gjk_tree_fbox *b) {
    return tree_extent_cost(t->planar, tree_extent(b, 0), tree_extent(b, 1), tree_extent(b, 2));
}

static void tree_union(gjk_tree_fbox *out, const gjk_tree_fbox *a, const gjk_tree_fbox *b) {
    for (int k = 0; k < 3; ++k) {
        out->lower[k] = a->lower[k] < b->lower[k] ? a->lower[k] : b->lower[k];
        out->upper[k] = a->upper[k] > b->upper[k] ? a->upper[k] : b->upper[k];
    }
}

/* The extent of the union of two boxes along axis k. */
static inline float tree_union_extent(const gjk_tree_fbox *a, const gjk_tree_fbox *b, int k) {
    float lo = a->lower[k] < b->lower[k] ? a->lower[k] : b->lower[k];
    float hi = a->upper[k] > b->upper[k] ? a->upper[k] : b->upper[k];
    return hi - lo;
}

/* The cost of the union of two boxes, without storing the union (insertion and rotations price many candidates and
   keep one), and without z in 2D, whose boxes all have z = 0. The same extents as tree_union's box: the same costs
   to the bit. */
static inline float tree_union_cost(const gjk_tree *t, const gjk_tree_fbox *a, const gjk_tree_fbox *b) {
    float ex = tree_union_extent(a, b, 0), ey = tree_union_extent(a, b, 1);
    if (t->planar) return ex + ey;
    return tree_extent_cost(false, ex, ey, tree_union_extent(a, b, 2));
}

static bool tree_contains(const gjk_tree_fbox *outer, const gjk_tree_fbox *inner) {
    for (int k = 0; k < 3; ++k)
        if (inner->lower[k] < outer->lower[k] || inner->upper[k] > outer->upper[k]) return false;
    return true;
}

bool gjk_tree_overlap(const gjk_tree_box *a, const gjk_tree_box *b) {
    for (int k = 0; k < 3; ++k)
        if (a->upper[k] < b->lower[k] || b->upper[k] < a->lower[k]) return false;
    return true;
}

/* Every coordinate within GJK's limit (which also rejects NaN and infinities) and lower <= upper: the fattened
   boxes then stay below 3e150 (float: 3e18), whose areas and their sums stay finite. */
bool gjk_tree_box_valid(const gjk_tree_box *b) {
    for (int k = 0; k < 3; ++k)
        if (!gjk_bounded(b->lower[k]) || !gjk_bounded(b->upper[k]) || !(b->lower[k] <= b->upper[k])) return false;
    return true;
}

/* gjk_tree_keeps on every axis. */
static bool tree_stays(const gjk_tree_fbox *fat, const gjk_tree_box *b, gjk_real margin, const gjk_real d[3]) {
    for (int k = 0; k < 3; ++k)
        if (!gjk_tree_keeps(fat->lower[k], fat->upper[k], b->lower[k], b->upper[k], margin, d[k]))
            return false;
    return true;
}

static bool tree_margin_valid(gjk_real margin) { return margin >= 0 && gjk_bounded(margin); }

void gjk_tree_init(gjk_tree *t, bool planar) {
    memset(t, 0, sizeof *t);
    t->free_list = -1;
    t->root = -1;
    t->planar = planar;
}

void gjk_tree_release(gjk_tree *t) {
    gjk_free(t->block);
    gjk_free(t->leaves);
    gjk_free(t->moved);
    gjk_tree_init(t, t->planar);
}

/* Doubles the node and leaf arrays (the allocator hook has no realloc, nor an alignment argument: the node array
   is placed at the first multiple of 64 in a block 63 bytes longer). */
static bool tree_grow(gjk_tree *t) {
    int cap = t->capacity > 0 ? 2 * t->capacity : 64;
    size_t bytes = (size_t)cap * sizeof(gjk_tree_node) + 63;
    void *block = gjk_alloc(bytes);
    gjk_tree_leaf *leaves = (gjk_tree_leaf *)gjk_alloc((size_t)cap * sizeof *leaves);
    gjk_tree_node *nodes;
    if (!block || !leaves) {
        if (block) gjk_free(block);
        if (leaves) gjk_free(leaves);
        return false;
    }
    nodes = (gjk_tree_node *)(void *)((unsigned char *)block + ((64 - (uintptr_t)block % 64) % 64));
    if (t->capacity > 0) {
        memcpy(nodes, t->nodes, (size_t)t->capacity * sizeof *nodes);
        memcpy(leaves, t->leaves, (size_t)t->capacity * sizeof *leaves);
        gjk_free(t->block);
        gjk_free(t->leaves);
    }
    for (int i = cap - 1; i >= t->capacity; --i) {
        nodes[i].height = -1;
        nodes[i].parent = t->free_list;
        t->free_list = i;
    }
    t->block = block;
    t->nodes = nodes;
    t->leaves = leaves;
    t->capacity = cap;
    return true;
}

/* Room for one more proxy: two free nodes (its leaf and a new parent) and a slot in the moved list. On failure the
   tree is unchanged but for larger arrays. */
static bool tree_reserve(gjk_tree *t) {
    if (t->capacity - t->node_count < 2 && !tree_grow(t)) return false;
    if (t->moved_capacity < t->proxy_count + 1) {
        int *moved = (int *)gjk_grow(t->moved, &t->moved_capacity, t->proxy_count + 1, sizeof *moved);
        if (!moved) return false;
        t->moved = moved;
    }
    return true;
}

static int tree_alloc_node(gjk_tree *t) {
    int id = t->free_list;
    gjk_tree_node *n = &t->nodes[id];
    GJK_ASSERT(id >= 0);
    t->free_list = n->parent;
    n->parent = n->child1 = n->child2 = -1;
    n->height = 0;
    t->leaves[id].moved_slot = -1;
    t->leaves[id].user = 0;
    t->node_count++;
    return id;
}

static void tree_free_node(gjk_tree *t, int id) {
    t->nodes[id].height = -1;
    t->nodes[id].parent = t->free_list;
    t->free_list = id;
    t->node_count--;
}

static void tree_refit(gjk_tree *t, int i) {
    gjk_tree_node *n = t->nodes, *p = &n[i];
    int h1 = n[p->child1].height, h2 = n[p->child2].height;
    tree_union(&p->box, &n[p->child1].box, &n[p->child2].box);
    p->height = 1 + (h1 > h2 ? h1 : h2);
}

/* The sibling for a new leaf of box `box`: the node S minimising the area the tree gains, that of the new parent
   (S's box grown by the leaf) plus what every ancestor of S grows by (its "inherited" cost). The descent follows
   the child of lower bound and stops when no subtree below can beat the best found: any node under c costs at
   least the leaf's own area plus the growth inherited down to c. */
static int tree_find_sibling(const gjk_tree *t, const gjk_tree_fbox *box) {
    const gjk_tree_node *n = t->nodes;
    float leaf_cost = tree_cost(t, box);
    int i = t->root, best = i;
    float direct = tree_union_cost(t, &n[i].box, box), best_cost = direct, inherited = 0;
    while (n[i].height > 0) {
        int c[2] = {n[i].child1, n[i].child2}, next = -1;
        float cost[2], bound[2], next_bound = best_cost;
        inherited += direct - tree_cost(t, &n[i].box);
        for (int k = 0; k < 2; ++k) {
            float own = tree_union_cost(t, &n[c[k]].box, box);
            cost[k] = own;
            if (own + inherited < best_cost) {
                best_cost = own + inherited;
                best = c[k];
            }
            bound[k] = leaf_cost + inherited + own - tree_cost(t, &n[c[k]].box);
        }
        for (int k = 0; k < 2; ++k) {
            if (n[c[k]].height > 0 && bound[k] < next_bound) {
                next_bound = bound[k];
                next = k;
            }
        }
        if (next < 0) break;
        direct = cost[next];
        i = c[next];
    }
    return best;
}

/* Replaces child `old` of internal node `p` by node `x`. */
static void tree_relink(gjk_tree *t, int p, int old, int x) {
    if (t->nodes[p].child1 == old) t->nodes[p].child1 = x;
    else t->nodes[p].child2 = x;
    t->nodes[x].parent = p;
}

/* The one rotation at node p that lowers the cost most, if any (then true): a child traded with a child of its sibling, or a
   grandchild with a grandchild under the other child. p's own box is the same after it; only its children's
   change. */
static bool tree_rotate(gjk_tree *t, int p) {
    gjk_tree_node *n = t->nodes;
    int side[2] = {n[p].child1, n[p].child2}, best_x = -1, best_px = -1, best_y = -1, best_py = -1;
    float best_gain = 0;
    for (int k = 0; k < 2; ++k) {
        int a = side[k], q = side[1 - k];
        if (n[q].height == 0) continue;
        float before = tree_cost(t, &n[q].box);
        for (int m = 0; m < 2; ++m) {
            int g = m == 0 ? n[q].child1 : n[q].child2, keep = m == 0 ? n[q].child2 : n[q].child1;
            float gain = before - tree_union_cost(t, &n[a].box, &n[keep].box);
            if (gain > best_gain) {
                best_gain = gain;
                best_x = a, best_px = p, best_y = g, best_py = q;
            }
        }
    }
    if (n[side[0]].height > 0 && n[side[1]].height > 0) {
        int b = side[0], c = side[1];
        float before = tree_cost(t, &n[b].box) + tree_cost(t, &n[c].box);
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                int x = i == 0 ? n[b].child1 : n[b].child2, x_keep = i == 0 ? n[b].child2 : n[b].child1;
                int y = j == 0 ? n[c].child1 : n[c].child2, y_keep = j == 0 ? n[c].child2 : n[c].child1;
                float gain = before - tree_union_cost(t, &n[y].box, &n[x_keep].box) -
                                tree_union_cost(t, &n[x].box, &n[y_keep].box);
                if (gain > best_gain) {
                    best_gain = gain;
                    best_x = x, best_px = b, best_y = y, best_py = c;
                }
            }
    }
    if (best_x < 0) return false;
    /* x (under px) and y (under py) trade places; px is p itself for a child-grandchild trade */
    tree_relink(t, best_px, best_x, best_y);
    tree_relink(t, best_py, best_y, best_x);
    tree_refit(t, best_py);
    if (best_px != p) tree_refit(t, best_px);
    return true;
}

static bool tree_same_box(const gjk_tree_fbox *a, const gjk_tree_fbox *b) {
    for (int k = 0; k < 3; ++k)
        if (a->lower[k] != b->lower[k] || a->upper[k] != b->upper[k]) return false;
    return true;
}

/* Refits from node i up, rotating at each node when `rotate` is set. A node whose box and height come out as they
   were, with no rotation, ends the walk: its ancestors depend on nothing else, and most moves change only the lowest
   levels. Insertion rotates; removal only refits: it shrinks the boxes on its path and lowers heights, which
   rotations could lower further only by little, while a move's removal and re-insertion both walk up, and rotating
   on both walks costs a sixth of a move-heavy step (instructions of bench/broad.cpp's field and pile scenes). The
   area cost stays within 1.5% on its fields and 2D piles, and moves between -4% and +11% on its 3D piles. */
static void tree_refit_up(gjk_tree *t, int i, bool rotate) {
    while (i >= 0) {
        gjk_tree_fbox before = t->nodes[i].box;
        int height = t->nodes[i].height;
        bool rotated = rotate && tree_rotate(t, i);
        tree_refit(t, i);
        if (!rotated && height == t->nodes[i].height && tree_same_box(&before, &t->nodes[i].box)) return;
        i = t->nodes[i].parent;
    }
}

static void tree_insert_leaf(gjk_tree *t, int leaf) {
    gjk_tree_node *n = t->nodes;
    int sibling, old_parent, p;
    if (t->root < 0) {
        t->root = leaf;
        n[leaf].parent = -1;
        return;
    }
    sibling = tree_find_sibling(t, &n[leaf].box);
    old_parent = n[sibling].parent;
    p = tree_alloc_node(t);
    n[p].parent = old_parent;
    n[p].child1 = sibling;
    n[p].child2 = leaf;
    n[sibling].parent = p;
    n[leaf].parent = p;
    if (old_parent < 0) t->root = p;
    else if (n[old_parent].child1 == sibling) n[old_parent].child1 = p;
    else n[old_parent].child2 = p;
    tree_refit(t, p);
    tree_rotate(t, p);
    tree_refit(t, p);
    tree_refit_up(t, old_parent, true);
}

static void tree_remove_leaf(gjk_tree *t, int leaf) {
    gjk_tree_node *n = t->nodes;
    int p = n[leaf].parent, g, sibling;
    if (p < 0) {
        t->root = -1;
        return;
    }
    g = n[p].parent;
    sibling = n[p].child1 == leaf ? n[p].child2 : n[p].child1;
    n[sibling].parent = g;
    if (g < 0) t->root = sibling;
    else if (n[g].child1 == p) n[g].child1 = sibling;
    else n[g].child2 = sibling;
    tree_free_node(t, p);
    n[leaf].parent = -1;
    tree_refit_up(t, g, false);
}

static void tree_mark_moved(gjk_tree *t, int proxy) {
    if (t->leaves[proxy].moved_slot >= 0) return;
    t->leaves[proxy].moved_slot = t->moved_count;
    t->moved[t->moved_count++] = proxy;
}

static void tree_unmark_moved(gjk_tree *t, int proxy) {
    int slot = t->leaves[proxy].moved_slot, last;
    if (slot < 0) return;
    last = t->moved[--t->moved_count];
    t->moved[slot] = last;
    t->leaves[last].moved_slot = slot;
    t->leaves[proxy].moved_slot = -1;
}

/* box grown by margin on every side and by the displacement d (NULL: none) on the side it points to, rounded
   outward to the stored box. */
static gjk_tree_fbox tree_fatten(const gjk_tree_box *box, gjk_real margin, const gjk_real *d) {
    gjk_tree_box fat;
    for (int k = 0; k < 3; ++k) {
        fat.lower[k] = box->lower[k] - margin;
        fat.upper[k] = box->upper[k] + margin;
        if (d && d[k] < 0) fat.lower[k] += d[k];
        else if (d) fat.upper[k] += d[k];
    }
    return gjk_tree_round(&fat);
}

int gjk_tree_insert(gjk_tree *t, const gjk_tree_box *box, gjk_real margin, uint64_t user) {
    int id;
    if (!gjk_tree_box_valid(box) || !tree_margin_valid(margin) || !tree_reserve(t)) return -1;
    id = tree_alloc_node(t);
    t->nodes[id].box = tree_fatten(box, margin, NULL);
    t->leaves[id].user = user;
    t->proxy_count++;
    tree_insert_leaf(t, id);
    tree_mark_moved(t, id);
    return id;
}

void gjk_tree_remove(gjk_tree *t, int proxy) {
    GJK_ASSERT(gjk_tree_is_leaf(t, proxy));
    if (!gjk_tree_is_leaf(t, proxy)) return;
    tree_unmark_moved(t, proxy);
    tree_remove_leaf(t, proxy);
    tree_free_node(t, proxy);
    t->proxy_count--;
}

bool gjk_tree_move(gjk_tree *t, int proxy, const gjk_tree_box *box, gjk_real margin, gjk_real dx, gjk_real dy,
                   gjk_real dz) {
    const gjk_real displacement[3] = {dx, dy, dz};
    bool valid = gjk_tree_is_leaf(t, proxy) && tree_margin_valid(margin) && gjk_bounded(displacement[0]) &&
                 gjk_bounded(displacement[1]) && gjk_bounded(displacement[2]);
    GJK_ASSERT(valid && gjk_tree_box_valid(box));
    /* Most calls that reach here (the front ends answer a body at rest themselves; the world's moved bodies) barely
       moved: a proxy that stays ends the call before the box's own checks, which only re-insertion needs
       (gjk_tree_keeps accepts only ordered boxes inside a valid fat box). */
    if (!valid || tree_stays(&t->nodes[proxy].box, box, margin, displacement) || !gjk_tree_box_valid(box))
        return false;
    tree_remove_leaf(t, proxy);
    t->nodes[proxy].box = tree_fatten(box, margin, displacement);
    tree_insert_leaf(t, proxy);
    tree_mark_moved(t, proxy);
    return true;
}

const gjk_tree_fbox *gjk_tree_fat(const gjk_tree *t, int proxy) {
    GJK_ASSERT(gjk_tree_is_leaf(t, proxy));
    return &t->nodes[proxy].box;
}

uint64_t gjk_tree_user(const gjk_tree *t, int proxy) {
    GJK_ASSERT(gjk_tree_is_leaf(t, proxy));
    return t->leaves[proxy].user;
}

/* ---- traversals ---- */

typedef struct gjk_tree_walk gjk_tree_walk;
struct gjk_tree_walk {
    const gjk_tree *tree;
    bool ray;
    gjk_tree_fbox box;                  /* box queries and pairs: the query's box rounded outward */
    gjk_real origin[3], dir[3], max_t;  /* ray queries */
    bool (*leaf)(gjk_tree_walk *w, int proxy); /* false stops the walk */
    gjk_tree_box_visit *box_fn;
    gjk_tree_ray_visit *ray_fn;
    void *context;
    int self, capacity, count; /* pairs: the proxy asking, the output's room, the pairs found */
    bool moved_only;
    int *pairs;
};

/* The slab test of the segment origin + t dir, 0 <= t <= max_t. Division rather than a precomputed reciprocal:
   an axis the ray runs along (dir 0) is a bounds check, and a tiny dir gives infinite but never NaN slab ends.
   Division is monotone, so a ray that enters a box enters every box containing it, as the tree requires. */
bool gjk_tree_ray_enters(const gjk_real origin[3], const gjk_real dir[3], gjk_real max_t, const gjk_tree_box *b) {
    gjk_real t0 = 0, t1 = max_t;
    for (int k = 0; k < 3; ++k) {
        gjk_real o = origin[k], d = dir[k], ta, tb;
        if (d == 0) {
            if (o < b->lower[k] || o > b->upper[k]) return false;
            continue;
        }
        ta = (b->lower[k] - o) / d;
        tb = (b->upper[k] - o) / d;
        if (ta > tb) {
            gjk_real s = ta;
            ta = tb;
            tb = s;
        }
        if (ta > t0) t0 = ta;
        if (tb < t1) t1 = tb;
        if (t0 > t1) return false;
    }
    return true;
}

static bool tree_ray_enters_node(const gjk_tree_walk *w, const gjk_tree_fbox *b) {
    gjk_tree_box wide = gjk_tree_widen(b);
    return gjk_tree_ray_enters(w->origin, w->dir, w->max_t, &wide);
}

/* `ray` is w->ray, passed as a constant where the walk is inlined, so that box walks compile without the ray's
   branches. */
static inline bool tree_enters(const gjk_tree_walk *w, int i, bool ray) {
    const gjk_tree_fbox *b = &w->tree->nodes[i].box;
    return ray ? tree_ray_enters_node(w, b) : gjk_tree_foverlap(&w->box, b);
}

/* The subtree of `top` depth first without a stack, by parent links: the fallback when the stack is full. */
static bool tree_walk_linked(gjk_tree_walk *w, int top) {
    const gjk_tree_node *n = w->tree->nodes;
    int i = top;
    for (;;) {
        if (tree_enters(w, i, w->ray)) {
            if (n[i].height > 0) {
                i = n[i].child1;
                continue;
            }
            if (!w->leaf(w, i)) return false;
        }
        for (;;) {
            int p;
            if (i == top) return true;
            p = n[i].parent;
            if (n[p].child1 == i) {
                i = n[p].child2;
                break;
            }
            i = p;
        }
    }
}

/* Whether node a's centre lies farther along the ray than node b's: a ray visits the nearer child first, so that
   an early hit clips more of the rest (a guess from the centres, not an order of entry points). */
static bool tree_farther(const gjk_tree_walk *w, int a, int b) {
    const gjk_tree_fbox *p = &w->tree->nodes[a].box, *q = &w->tree->nodes[b].box;
    gjk_real s = 0;
    for (int k = 0; k < 3; ++k)
        s += w->dir[k] * (((gjk_real)p->lower[k] + p->upper[k]) - ((gjk_real)q->lower[k] + q->upper[k]));
    return s > 0;
}

/* Depth first, child1 before child2 (for rays, the child whose centre is nearer first); false when a visit stopped
   the walk. */
static inline bool tree_walk(gjk_tree_walk *w, int stack_size, bool ray) {
    const gjk_tree_node *n = w->tree->nodes;
    int stack[GJK_TREE_STACK], top = 0;
    if (w->tree->root < 0) return true;
    if (stack_size > GJK_TREE_STACK) stack_size = GJK_TREE_STACK;
    if (stack_size < 2) return tree_walk_linked(w, w->tree->root);
    stack[top++] = w->tree->root;
    while (top > 0) {
        int i = stack[--top];
        if (!tree_enters(w, i, ray)) continue;
        if (n[i].height == 0) {
            if (!w->leaf(w, i)) return false;
        } else if (top + 2 <= stack_size) {
            int first = n[i].child1, second = n[i].child2;
            if (ray && tree_farther(w, first, second)) {
                first = second;
                second = n[i].child1;
            }
            stack[top++] = second;
            stack[top++] = first;
        } else if (!tree_walk_linked(w, i)) {
            return false;
        }
    }
    return true;
}

static void tree_walk_init(gjk_tree_walk *w, const gjk_tree *t) {
    memset(w, 0, sizeof *w);
    w->tree = t;
}

static bool tree_box_leaf(gjk_tree_walk *w, int proxy) {
    return w->box_fn(proxy, w->tree->leaves[proxy].user, w->context);
}

static bool tree_ray_leaf(gjk_tree_walk *w, int proxy) {
    gjk_real t = w->ray_fn(proxy, w->tree->leaves[proxy].user, w->max_t, w->context);
    if (!(t > 0)) return false;
    if (t < w->max_t) w->max_t = t;
    return true;
}

void gjk_tree_query_box(const gjk_tree *t, const gjk_tree_box *box, gjk_tree_box_visit *fn, void *context, int stack) {
    gjk_tree_walk w;
    tree_walk_init(&w, t);
    w.box = gjk_tree_round(box);
    w.leaf = tree_box_leaf;
    w.box_fn = fn;
    w.context = context;
    tree_walk(&w, stack, false);
}

void gjk_tree_query_ray(const gjk_tree *t, const gjk_real origin[3], const gjk_real direction[3], gjk_real max_t,
                        gjk_tree_ray_visit *fn, void *context, int stack) {
    gjk_tree_walk w;
    tree_walk_init(&w, t);
    for (int k = 0; k < 3; ++k) {
        if (!gjk_finite(origin[k]) || !gjk_finite(direction[k])) return;
        w.origin[k] = origin[k];
        w.dir[k] = direction[k];
    }
    if (!(max_t >= 0) || !gjk_finite(max_t)) return;
    w.ray = true;
    w.max_t = max_t;
    w.leaf = tree_ray_leaf;
    w.ray_fn = fn;
    w.context = context;
    tree_walk(&w, stack, true);
}

/* Every node in pre-order, child1 before child2, by parent links: no stack, so any height is walked without
   allocating, and the depth follows from the moves (down one, across, up). */
void gjk_tree_visit_nodes(const gjk_tree *t, gjk_tree_node_visit *fn, void *context) {
    const gjk_tree_node *n = t->nodes;
    int i = t->root, depth = 0;
    if (i < 0) return;
    for (;;) {
        gjk_tree_box box = gjk_tree_widen(&n[i].box);
        if (!fn(&box, depth, n[i].height == 0, context)) return;
        if (n[i].height > 0) {
            i = n[i].child1;
            ++depth;
            continue;
        }
        for (;;) {
            int p;
            if (i == t->root) return;
            p = n[i].parent;
            if (n[p].child1 == i) {
                i = n[p].child2;
                break;
            }
            i = p;
            --depth;
        }
    }
}

/* Each overlapping pair once: the asking proxy reports a partner unless the partner reports it. In moved_only
   mode that is a moved partner of smaller id (it asked too); otherwise every partner of smaller id. */
static bool tree_pair_leaf(gjk_tree_walk *w, int other) {
    int self = w->self;
    if (other == self) return true;
    if (other < self && (!w->moved_only || w->tree->leaves[other].moved_slot >= 0)) return true;
    if (w->count < w->capacity) {
        w->pairs[2 * w->count] = self < other ? self : other;
        w->pairs[2 * w->count + 1] = self < other ? other : self;
    }
    return ++w->count < INT_MAX;
}

/* A pair's 8 bytes read as one key: the first id in the high half, the second in the low, so that the keys order
   as the pairs do (ids are non-negative). memcpy: the pairs are ints, not always aligned for 64-bit loads. */
static uint64_t tree_pair_key(const int *p, size_t i) {
    uint64_t k;
    memcpy(&k, p + 2 * i, sizeof k);
    return k;
}

static void tree_pair_put(int *p, size_t i, uint64_t k) { memcpy(p + 2 * i, &k, sizeof k); }

static void tree_pair_sift(int *p, size_t i, size_t n) {
    uint64_t x = tree_pair_key(p, i);
    for (;;) {
        size_t c = 2 * i + 1;
        uint64_t y;
        if (c >= n) break;
        y = tree_pair_key(p, c);
        if (c + 1 < n) {
            uint64_t z = tree_pair_key(p, c + 1);
            if (y < z) ++c, y = z;
        }
        if (!(x < y)) break;
        tree_pair_put(p, i, y);
        i = c;
    }
    tree_pair_put(p, i, x);
}

/* Heapsort of the pairs: in place (pairs allocates nothing) and O(n log n) for any input, on each pair packed into
   one 64-bit key (a << 32 | b) for the time of the sort, which compares and moves a pair in one operation each:
   the sort took a tenth of a step's instructions in bench/broad.cpp's scenes with generic comparisons. The pairs
   are distinct, so any correct sort gives the same order. */
static void tree_sort_pairs(int *p, size_t n) {
    for (size_t i = 0; i < n; ++i) tree_pair_put(p, i, (uint64_t)(uint32_t)p[2 * i] << 32 | (uint32_t)p[2 * i + 1]);
    for (size_t i = n / 2; i-- > 0;) tree_pair_sift(p, i, n);
    for (size_t end = n; end-- > 1;) {
        uint64_t top = tree_pair_key(p, 0);
        tree_pair_put(p, 0, tree_pair_key(p, end));
        tree_pair_put(p, end, top);
        tree_pair_sift(p, 0, end);
    }
    for (size_t i = 0; i < n; ++i) {
        uint64_t k = tree_pair_key(p, i);
        p[2 * i] = (int)(k >> 32);
        p[2 * i + 1] = (int)(k & 0xffffffffu);
    }
}

int gjk_tree_pairs(const gjk_tree *t, bool moved_only, int *pairs, int capacity) {
    gjk_tree_walk w;
    int n = moved_only ? t->moved_count : t->capacity;
    tree_walk_init(&w, t);
    w.leaf = tree_pair_leaf;
    w.moved_only = moved_only;
    w.pairs = pairs;
    w.capacity = pairs && capacity > 0 ? capacity : 0;
    for (int k = 0; k < n; ++k) {
        int self = moved_only ? t->moved[k] : k;
        if (t->nodes[self].height != 0) continue;
        w.self = self;
        w.box = t->nodes[self].box;
        if (!tree_walk(&w, GJK_TREE_STACK, false)) break;
    }
    if (w.count <= w.capacity) tree_sort_pairs(pairs, (size_t)w.count);
    return w.count;
}

void gjk_tree_clear_moved(gjk_tree *t) {
    for (int k = 0; k < t->moved_count; ++k) t->leaves[t->moved[k]].moved_slot = -1;
    t->moved_count = 0;
}

/* The reported cost is the plain surface area (perimeter in 2D), in double so that the sum over many nodes near
   the coordinate limit stays finite in float builds. */
static double tree_area(const gjk_tree *t, const gjk_tree_fbox *b) {
    double dx = (double)b->upper[0] - b->lower[0], dy = (double)b->upper[1] - b->lower[1];
    double dz = (double)b->upper[2] - b->lower[2];
    return t->planar ? dx + dy : dx * dy + dy * dz + dz * dx;
}

gjk_real gjk_tree_area_cost(const gjk_tree *t) {
    double root, sum = 0;
    if (t->root < 0 || t->nodes[t->root].height == 0) return 0;
    root = tree_area(t, &t->nodes[t->root].box);
    if (!(root > 0)) return 0;
    for (int i = 0; i < t->capacity; ++i)
        if (t->nodes[i].height > 0) sum += tree_area(t, &t->nodes[i].box);
    return (gjk_real)(sum / root);
}

/* ---- rebuild ---- */

/* Halves first: the sum of two coordinates near the limit would overflow in float. */
static gjk_real tree_centre(const gjk_tree_fbox *b, int k) {
    return GJK_R(0.5) * b->lower[k] + GJK_R(0.5) * b->upper[k];
}

static int tree_bin(gjk_real c, gjk_real lo, gjk_real extent) {
    int b = (int)(GJK_TREE_BINS * ((c - lo) / extent));
    return b < GJK_TREE_BINS ? b : GJK_TREE_BINS - 1;
}

/* Splits leaves[begin, end) in two and returns where the second part starts: along the axis of widest centre
   spread, between the bins of centres that give the least area times count on both sides; at the middle when the
   centres coincide. */
static int tree_split(const gjk_tree *t, int *leaves, int begin, int end) {
    const gjk_tree_node *n = t->nodes;
    gjk_real lo[3], hi[3], extent = 0, best_cost = 0;
    gjk_tree_fbox bins[GJK_TREE_BINS], acc;
    gjk_real right_cost[GJK_TREE_BINS];
    int count[GJK_TREE_BINS] = {0}, axis = 0, split = -1, m, filled;
    for (int k = 0; k < 3; ++k) lo[k] = hi[k] = tree_centre(&n[leaves[begin]].box, k);
    for (int i = begin + 1; i < end; ++i)
        for (int k = 0; k < 3; ++k) {
            gjk_real c = tree_centre(&n[leaves[i]].box, k);
            if (c < lo[k]) lo[k] = c;
            if (c > hi[k]) hi[k] = c;
        }
    for (int k = 0; k < 3; ++k)
        if (hi[k] - lo[k] > extent) {
            extent = hi[k] - lo[k];
            axis = k;
        }
    if (!(extent > 0)) return begin + (end - begin) / 2;
    for (int i = begin; i < end; ++i) {
        const gjk_tree_fbox *b = &n[leaves[i]].box;
        int j = tree_bin(tree_centre(b, axis), lo[axis], extent);
        if (count[j]++ == 0) bins[j] = *b;
        else tree_union(&bins[j], &bins[j], b);
    }
    /* right_cost[j]: the area of bins j.. times their count. */
    filled = 0;
    for (int j = GJK_TREE_BINS - 1; j >= 0; --j) {
        if (count[j] > 0) {
            if (filled == 0) acc = bins[j];
            else tree_union(&acc, &acc, &bins[j]);
            filled += count[j];
        }
        right_cost[j] = filled > 0 ? (gjk_real)tree_cost(t, &acc) * (gjk_real)filled : 0;
    }
    filled = 0;
    for (int j = 0; j + 1 < GJK_TREE_BINS; ++j) {
        gjk_real cost;
        if (count[j] > 0) {
            if (filled == 0) acc = bins[j];
            else tree_union(&acc, &acc, &bins[j]);
            filled += count[j];
        }
        if (filled == 0 || filled == end - begin) continue;
        cost = (gjk_real)tree_cost(t, &acc) * (gjk_real)filled + right_cost[j + 1];
        if (split < 0 || cost < best_cost) {
            best_cost = cost;
            split = j;
        }
    }
    GJK_ASSERT(split >= 0);
    m = begin;
    for (int i = begin; i < end; ++i) {
        if (tree_bin(tree_centre(&n[leaves[i]].box, axis), lo[axis], extent) <= split) {
            int s = leaves[m];
            leaves[m++] = leaves[i];
            leaves[i] = s;
        }
    }
    return m;
}

bool gjk_tree_rebuild(gjk_tree *t) {
    int n = t->proxy_count, *scratch, *leaves, *work, *made, top = 0, made_count = 0, count = 0;
    if (n < 2) return true;
    /* leaves (n), the work stack (4 ints per range; ranges pending never exceed n) and the internal nodes made (n) */
    scratch = (int *)gjk_alloc((size_t)n * 6 * sizeof *scratch);
    if (!scratch) return false;
    leaves = scratch;
    work = scratch + n;
    made = scratch + 5 * n;
    for (int i = t->capacity - 1; i >= 0; --i)
        if (t->nodes[i].height > 0) tree_free_node(t, i);
    for (int i = 0; i < t->capacity; ++i)
        if (t->nodes[i].height == 0) leaves[count++] = i;
    GJK_ASSERT(count == n);
    /* A range: the parent (-1 for the root), which child it becomes, and [begin, end). */
    work[0] = -1;
    work[1] = 0;
    work[2] = 0;
    work[3] = n;
    top = 1;
    while (top > 0) {
        int *r = &work[4 * --top], parent = r[0], slot = r[1], begin = r[2], end = r[3], id;
        if (end - begin == 1) {
            id = leaves[begin];
        } else {
            int m = tree_split(t, leaves, begin, end);
            id = tree_alloc_node(t);
            t->nodes[id].height = 1;
            made[made_count++] = id;
            /* The second half is pushed first so that the first is built first. */
            r = &work[4 * top++];
            r[0] = id, r[1] = 1, r[2] = m, r[3] = end;
            r = &work[4 * top++];
            r[0] = id, r[1] = 0, r[2] = begin, r[3] = m;
        }
        t->nodes[id].parent = parent;
        if (parent < 0) t->root = id;
        else if (slot == 0) t->nodes[parent].child1 = id;
        else t->nodes[parent].child2 = id;
    }
    /* Children are made after their parents: refit in reverse. */
    for (int k = made_count - 1; k >= 0; --k) tree_refit(t, made[k]);
    gjk_free(scratch);
    return true;
}

/* ---- test support ---- */

const char *gjk_tree_check(const gjk_tree *t) {
    const gjk_tree_node *n = t->nodes;
    int leaves = 0, used = 0, free_count = 0;
    if (t->root >= 0 && n[t->root].parent != -1) return "the root has a parent";
    for (int i = 0; i < t->capacity; ++i) {
        const gjk_tree_node *x = &n[i];
        if (x->height < 0) continue;
        used++;
        for (int k = 0; k < 3; ++k)
            if (!(x->box.lower[k] <= x->box.upper[k])) return "a box with lower > upper";
        if (i != t->root && (x->parent < 0 || x->parent >= t->capacity)) return "a node without a parent";
        if (i != t->root && n[x->parent].child1 != i && n[x->parent].child2 != i) return "a parent without the child";
        if (x->height == 0) {
            leaves++;
            int slot = t->leaves[i].moved_slot;
            if (slot >= 0 && (slot >= t->moved_count || t->moved[slot] != i))
                return "a moved slot that does not point back";
            continue;
        }
        if (x->child1 < 0 || x->child2 < 0 || x->child1 == x->child2) return "an internal node without two children";
        if (n[x->child1].parent != i || n[x->child2].parent != i) return "a child with another parent";
        if (!tree_contains(&x->box, &n[x->child1].box) || !tree_contains(&x->box, &n[x->child2].box))
            return "a box that does not contain a child";
        {
            int h1 = n[x->child1].height, h2 = n[x->child2].height;
            if (h1 < 0 || h2 < 0) return "a free child";
            if (x->height != 1 + (h1 > h2 ? h1 : h2)) return "a wrong height";
        }
    }
    if (leaves != t->proxy_count) return "the proxy count is wrong";
    if (used != t->node_count) return "the node count is wrong";
    if (t->proxy_count > 0 && used != 2 * t->proxy_count - 1) return "nodes unreachable or missing";
    for (int i = t->free_list; i >= 0; i = n[i].parent) {
        if (n[i].height != -1) return "a used node on the free list";
        if (++free_count > t->capacity) return "a loop in the free list";
    }
    if (free_count != t->capacity - t->node_count) return "the free list is short";
    for (int k = 0; k < t->moved_count; ++k)
        if (n[t->moved[k]].height != 0 || t->leaves[t->moved[k]].moved_slot != k) return "a stale moved entry";
    return NULL;
}
