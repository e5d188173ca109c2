// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Compound shapes' core, shared by both dimensions: the part tree's build, the descent of two part trees at once
   (branch and bound over node pairs, the lower bound of a node pair being the signed distance of its two boxes in
   A's frame), the choice of the answer among the part pairs, and the sorted contact list. */
#include <string.h>

#include "compound_internal.h"
#include "internal.h"

/* The leaves are widened by 256 ulps of the compound's largest coordinate: a ray cast turns the ray into the
   compound's frame, off by a few ulps of the ray's own coordinates, and a ray grazing a part would otherwise miss
   its box by that much while the part's cast, in the world, counts it as touching. The query bounds stay lower
   bounds with bigger boxes. */
bool gjk_compound_build(gjk_tree *t, gjk_tree_box *bounds, const gjk_tree_box *boxes, int count, bool planar) {
    gjk_real size = 0, margin;
    for (int i = 0; i < count; ++i)
        for (int k = 0; k < 3; ++k)
            size = gjk_maxr(size, gjk_maxr(GJK_ABS(boxes[i].lower[k]), GJK_ABS(boxes[i].upper[k])));
    margin = size * (256 * GJK_REAL_EPSILON);
    *bounds = boxes[0];
    for (int i = 1; i < count; ++i)
        for (int k = 0; k < 3; ++k) {
            bounds->lower[k] = gjk_minr(bounds->lower[k], boxes[i].lower[k]);
            bounds->upper[k] = gjk_maxr(bounds->upper[k], boxes[i].upper[k]);
        }
    for (int k = 0; k < 3; ++k) {
        bounds->lower[k] -= margin;
        bounds->upper[k] += margin;
    }
    gjk_tree_init(t, planar);
    for (int i = 0; i < count; ++i) {
        if (gjk_tree_insert(t, &boxes[i], margin, (uint64_t)i) < 0) {
            gjk_tree_release(t);
            return false;
        }
    }
    /* The binned-SAH build gives a better tree for a static set than insertion order does. */
    if (!gjk_tree_rebuild(t)) {
        gjk_tree_release(t);
        return false;
    }
    return true;
}

/* A tree of one leaf, `box`, in storage the caller gives (a query's stack): the part tree of a convex shape taking
   part as a compound of one part, made without allocating. */
void gjk_compound_single_tree(gjk_tree *t, gjk_tree_node *node, gjk_tree_leaf *leaf, const gjk_tree_box *box,
                              bool planar) {
    memset(t, 0, sizeof *t);
    t->nodes = node;
    t->leaves = leaf;
    t->capacity = t->node_count = t->proxy_count = 1;
    t->free_list = -1;
    t->root = 0;
    t->planar = planar;
    node->box = gjk_tree_round(box);
    node->parent = node->child1 = node->child2 = -1;
    node->height = 0;
    leaf->user = 0;
    leaf->moved_slot = -1;
}

/* ---- building ---- */

void gjk_compound_destroy(const gjk_compound_dim *dim, gjk_compound *c) {
    if (!c) return;
    gjk_tree_release(&c->tree);
    for (int i = 0; i < c->owned_count; ++i) dim->free_hull(c->owned[i]);
    gjk_free(c->owned);
    gjk_free(c->shapes);
    gjk_free(c->poses);
    gjk_free(c);
}

static bool compound_box_bounded(const gjk_tree_box *b) {
    for (int k = 0; k < 3; ++k)
        if (!gjk_bounded(b->lower[k]) || !gjk_bounded(b->upper[k])) return false;
    return true;
}

/* The compound of `count` valid parts (the caller checked them), owning `owned` (freed on failure too). */
static gjk_compound *compound_make(const gjk_compound_dim *dim, const unsigned char *shapes,
                                   const unsigned char *poses, int count, void **owned, int owned_count,
                                   gjk_status *status) {
    gjk_compound *c = (gjk_compound *)gjk_alloc(sizeof *c);
    gjk_tree_box *boxes = (gjk_tree_box *)gjk_alloc((size_t)count * sizeof *boxes);
    bool built = false;
    if (c) {
        memset(c, 0, sizeof *c);
        gjk_tree_init(&c->tree, dim->planar);
        c->owned = owned;
        c->owned_count = owned_count;
        c->shapes = (unsigned char *)gjk_alloc((size_t)count * dim->shape_size);
        c->poses = (unsigned char *)gjk_alloc((size_t)count * dim->pose_size);
    } else {
        for (int i = 0; i < owned_count; ++i) dim->free_hull(owned[i]);
        gjk_free(owned);
    }
    *status = GJK_OUT_OF_MEMORY;
    if (c && boxes && c->shapes && c->poses) {
        c->count = count;
        for (int i = 0; i < count; ++i) {
            dim->store(c, i, shapes + (size_t)i * dim->shape_size, poses ? poses + (size_t)i * dim->pose_size : NULL,
                       &boxes[i]);
            /* A part valid on its own may still reach beyond the coordinates the tree accepts. */
            if (!compound_box_bounded(&boxes[i])) *status = GJK_INVALID_INPUT;
        }
        built = *status == GJK_OUT_OF_MEMORY && gjk_compound_build(&c->tree, &c->box, boxes, count, dim->planar);
    }
    gjk_free(boxes);
    if (!built) {
        gjk_compound_destroy(dim, c);
        return NULL;
    }
    *status = GJK_OK;
    return c;
}

gjk_compound *gjk_compound_create(const gjk_compound_dim *dim, const void *shapes, const void *poses, int count,
                                  gjk_status *status) {
    const unsigned char *s = (const unsigned char *)shapes, *p = (const unsigned char *)poses;
    *status = GJK_INVALID_INPUT;
    if (!shapes || count < 1 || count > GJK_COMPOUND_MAX_PARTS) return NULL;
    for (int i = 0; i < count; ++i)
        if (!dim->valid(s + (size_t)i * dim->shape_size, p ? p + (size_t)i * dim->pose_size : NULL)) return NULL;
    return compound_make(dim, s, p, count, NULL, 0, status);
}

gjk_compound *gjk_compound_from_pieces(const gjk_compound_dim *dim, const void *points, const int *first,
                                       int piece_count, gjk_real margin, gjk_status *status) {
    gjk_status s = GJK_OK;
    void **hulls;
    unsigned char *shapes;
    gjk_compound *c = NULL;
    int made = 0;
    *status = GJK_INVALID_INPUT;
    if (!points || !first || piece_count < 1 || piece_count > GJK_COMPOUND_MAX_PARTS || !(margin >= 0) ||
        !gjk_bounded(margin) || first[0] != 0)
        return NULL;
    for (int i = 0; i < piece_count; ++i)
        if (first[i + 1] <= first[i]) return NULL;
    hulls = (void **)gjk_alloc((size_t)piece_count * sizeof *hulls);
    shapes = (unsigned char *)gjk_alloc((size_t)piece_count * dim->shape_size);
    if (!hulls || !shapes) s = GJK_OUT_OF_MEMORY;
    while (s == GJK_OK && made < piece_count) {
        const unsigned char *piece = (const unsigned char *)points + (size_t)first[made] * dim->point_size;
        hulls[made] = dim->hull(piece, first[made + 1] - first[made], margin, shapes + (size_t)made * dim->shape_size,
                                &s);
        if (!hulls[made]) break;
        ++made;
    }
    if (s == GJK_OK) {
        c = compound_make(dim, shapes, NULL, piece_count, hulls, piece_count, status);
    } else {
        for (int i = 0; i < made; ++i) dim->free_hull(hulls[i]);
        gjk_free(hulls);
        *status = s;
    }
    gjk_free(shapes);
    return c;
}

/* ---- the descent ---- */

void gjk_compound_walk_init(gjk_compound_walk *w, const gjk_tree *a, const gjk_tree *b, gjk_real cut,
                            gjk_compound_leaf_fn *leaf, void *context) {
    memset(w, 0, sizeof *w);
    w->a = a;
    w->b = b;
    for (int k = 0; k < 3; ++k) w->rot[k][k] = 1;
    w->cut = cut;
    w->pruned = GJK_REAL_MAX;
    w->leaf = leaf;
    w->context = context;
}

static gjk_real compound_root_size(const gjk_tree *t) {
    gjk_real m = 0;
    gjk_tree_box r;
    if (t->root < 0) return 0;
    r = gjk_tree_widen(&t->nodes[t->root].box);
    for (int k = 0; k < 3; ++k) m = gjk_maxr(m, gjk_maxr(GJK_ABS(r.lower[k]), GJK_ABS(r.upper[k])));
    return m;
}

/* Every coordinate the bound compares (both trees' boxes, B's boxes moved into A's frame) is at most the two
   roots' magnitudes plus the poses' (`pose_size`: the largest coordinate of the two positions and of B's offset in
   A's frame); the transform's products and sums are each off by a few ulps of that. 64 ulps covers them with room,
   and is also the band within which the queries count shapes as touching (32 eps x the pair's size). */
void gjk_compound_slack(gjk_compound_walk *w, gjk_real pose_size) {
    gjk_real s = pose_size + compound_root_size(w->a) + 2 * compound_root_size(w->b);
    w->slack = s * (64 * GJK_REAL_EPSILON);
}

/* A lower bound of the signed distance of any shape in node i of A and any in node j of B: the signed distance of
   their boxes (B's moved into A's frame, the box of the turned box), less the slack. Apart, the distance between
   the boxes; overlapping, minus the boxes' depth, the least push along an axis that separates them, which bounds
   the depth of anything inside them. */
static gjk_real compound_entry(const gjk_compound_walk *w, int i, int j);

static gjk_real compound_bound(const gjk_compound_walk *w, int i, int j) {
    if (w->sweep) return compound_entry(w, i, j);
    const gjk_tree_box box_a = gjk_tree_widen(&w->a->nodes[i].box), box_b = gjk_tree_widen(&w->b->nodes[j].box);
    const gjk_tree_box *ba = &box_a, *bb = &box_b;
    gjk_real c[3], e[3], gap[3], apart = 0, deepest = -GJK_REAL_MAX;
    int dims = w->a->planar ? 2 : 3;
    bool separated = false;
    for (int k = 0; k < 3; ++k) {
        c[k] = GJK_R(0.5) * (bb->lower[k] + bb->upper[k]);
        e[k] = GJK_R(0.5) * (bb->upper[k] - bb->lower[k]);
    }
    for (int k = 0; k < dims; ++k) {
        gjk_real ck = w->shift[k], ek = 0, lo, hi;
        for (int l = 0; l < 3; ++l) {
            ck += w->rot[k][l] * c[l];
            ek += GJK_ABS(w->rot[k][l]) * e[l];
        }
        lo = ck - ek;
        hi = ck + ek;
        gap[k] = gjk_maxr(lo - ba->upper[k], ba->lower[k] - hi);
        if (gap[k] > 0) {
            separated = true;
            apart += gap[k] * gap[k];
        }
        deepest = gjk_maxr(deepest, gap[k]);
    }
    return (separated ? GJK_SQRT(apart) : deepest) - w->slack;
}

/* ---- the swept bound of casts ---- */


/* A part's reach about its own origin is at most its offset from the compound's origin plus the root box's
   farthest corner (sqrt(3) times its largest coordinate); a user shape's cast measures it by the box of six
   supports, up to sqrt(3) times more. 8 times the sum bounds the size every part pair's cast scales its default
   tolerance and its rounding by, so that `reach` holds the tolerance of every part cast: a pair ruled out never
   comes within its own cast's stopping distance, and the pruned descent answers what casting every pair would. */
void gjk_compound_sweep(gjk_compound_walk *w, const gjk_compound *a, const gjk_compound *b, const gjk_real vel[3],
                        const gjk_real turn_a[3], const gjk_real turn_b[3], gjk_real target, gjk_real tolerance,
                        gjk_real pose_size) {
    gjk_real size = 8 * (compound_root_size(w->a) + a->origin_reach + compound_root_size(w->b) + b->origin_reach);
    gjk_real speed = 0, sa = 0, sb = 0;
    for (int k = 0; k < 3; ++k) {
        w->vel[k] = vel[k];
        w->turn_a[k] = turn_a[k];
        w->turn_b[k] = turn_b[k];
        speed += GJK_ABS(vel[k]);
        sa += turn_a[k] * turn_a[k];
        sb += turn_b[k] * turn_b[k];
    }
    w->sweep = true;
    w->spin_a = GJK_SQRT(sa);
    w->spin_b = GJK_SQRT(sb);
    /* The boxes move by up to the relative translation and their turning's reach: the slack covers the rounding of
       coordinates of that size too, and with it the rounding of the entry times (slack / speed >= 64 ulps of 1). */
    gjk_compound_slack(w, pose_size + speed + (w->spin_a + w->spin_b) * (1 + w->spin_a + w->spin_b) * size);
    w->reach = target + (tolerance > 0 ? tolerance : GJK_TOL_CAST * size) +
               32 * GJK_REAL_EPSILON * (size + target + pose_size + speed);
}

/* Narrows [*t0, *t1] to the times where c0 + c1 t <= 0. */
static void compound_clip(gjk_real c0, gjk_real c1, gjk_real *t0, gjk_real *t1) {
    if (c1 > 0) *t1 = gjk_minr(*t1, -c0 / c1);
    else if (c1 < 0) *t0 = gjk_maxr(*t0, -c0 / c1);
    else if (c0 > 0) *t0 = GJK_REAL_MAX;
}

/* The first time in [0, 1] at which the two boxes (B's moved into A's frame at t = 0: centre c, half extents e),
   B's moving at `vel` relative to A's, each side also pushed out at `grow` per unit time and by `widen`, overlap:
   the slab test of the relative motion against the Minkowski sum of the boxes, an interval of t per axis.
   GJK_REAL_MAX when they do not. */
static gjk_real compound_slab(const gjk_compound_walk *w, const gjk_tree_box *ba, const gjk_real c[3],
                              const gjk_real e[3], const gjk_real vel[3], gjk_real grow, gjk_real widen) {
    gjk_real t0 = 0, t1 = 1;
    int dims = w->a->planar ? 2 : 3;
    for (int k = 0; k < dims; ++k) {
        /* B's lower side below A's upper one, and B's upper side above A's lower one. */
        compound_clip(c[k] - e[k] - ba->upper[k] - widen, vel[k] - grow, &t0, &t1);
        compound_clip(ba->lower[k] - c[k] - e[k] - widen, -vel[k] - grow, &t0, &t1);
    }
    /* (The division's rounding, a few ulps of t, is below the slack's share of `widen`.) */
    if (!(t0 <= t1 + 4 * GJK_REAL_EPSILON) || !(t0 <= 1 + 4 * GJK_REAL_EPSILON)) return GJK_REAL_MAX;
    return gjk_maxr(t0 - 4 * GJK_REAL_EPSILON, 0);
}

/* The farthest point of a box from its frame's origin. */
static gjk_real compound_corner(const gjk_tree_box *b) {
    gjk_real s = 0;
    for (int k = 0; k < 3; ++k) {
        gjk_real m = gjk_maxr(GJK_ABS(b->lower[k]), GJK_ABS(b->upper[k]));
        s += m * m;
    }
    return GJK_SQRT(s);
}

/* |x| and w x x for 3-vectors. */
static gjk_real compound_len(const gjk_real x[3]) { return GJK_SQRT(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]); }
static void compound_cross(const gjk_real w[3], const gjk_real x[3], gjk_real out[3]) {
    out[0] = w[1] * x[2] - w[2] * x[1];
    out[1] = w[2] * x[0] - w[0] * x[2];
    out[2] = w[0] * x[1] - w[1] * x[0];
}

/* A lower bound of the time at which any shape of node i of A and any of node j of B come within the reach. Work in
   A's frame at t = 0. Without turning, A's boxes stand still and B's translate by vel: the boxes' slab test is then
   exact for the boxes. A compound turning through phi = |w| over the step moves a point x (from its origin) to
   R(t) x, and three bounds on how far that strays from a box that only translates hold at once; each gives an
   entry time, and the latest of them is the bound:
   - the chord: |R(t) x - x| <= |x| phi t, so each box is pushed out by its farthest corner's distance times phi t;
   - the same at any time: |R(t) x - x| <= 2 |x|;
   - the arc to first order: with x = c + y (c the box's centre, |y| at most its half diagonal h),
     |R(t) x - (c + t w x c) - y| <= |c| (phi t)^2 / 2 + h phi t, so the box moves at the extra velocity w x c and is
     pushed out by (h phi + |c| phi^2 / 2) t (t <= 1). For small turns, as in a simulation step, this is far tighter
     than the chord for boxes away from the origin. */
static gjk_real compound_entry(const gjk_compound_walk *w, int i, int j) {
    const gjk_tree_box box_a = gjk_tree_widen(&w->a->nodes[i].box), box_b = gjk_tree_widen(&w->b->nodes[j].box);
    const gjk_tree_box *ba = &box_a, *bb = &box_b;
    gjk_real c[3], e[3], cb[3], eb[3], grow_a = 0, grow_b = 0, widen = w->reach + w->slack, t;
    for (int k = 0; k < 3; ++k) {
        cb[k] = GJK_R(0.5) * (bb->lower[k] + bb->upper[k]);
        eb[k] = GJK_R(0.5) * (bb->upper[k] - bb->lower[k]);
    }
    for (int k = 0; k < 3; ++k) {
        c[k] = w->shift[k];
        e[k] = 0;
        for (int l = 0; l < 3; ++l) {
            c[k] += w->rot[k][l] * cb[l];
            e[k] += GJK_ABS(w->rot[k][l]) * eb[l];
        }
    }
    if (w->spin_a > 0) grow_a = compound_corner(ba);
    if (w->spin_b > 0) grow_b = compound_corner(bb);
    t = compound_slab(w, ba, c, e, w->vel, w->spin_a * grow_a + w->spin_b * grow_b, widen);
    if (grow_a + grow_b > 0 && t < GJK_REAL_MAX) {
        gjk_real ca[3], ea[3], rb[3], va[3], vb[3], vel[3], grow;
        t = gjk_maxr(t, compound_slab(w, ba, c, e, w->vel, 0, widen + 2 * (grow_a + grow_b)));
        for (int k = 0; k < 3; ++k) {
            ca[k] = GJK_R(0.5) * (ba->lower[k] + ba->upper[k]);
            ea[k] = GJK_R(0.5) * (ba->upper[k] - ba->lower[k]);
            rb[k] = c[k] - w->shift[k]; /* B's box centre from B's origin, A's frame */
        }
        compound_cross(w->turn_a, ca, va);
        compound_cross(w->turn_b, rb, vb);
        for (int k = 0; k < 3; ++k) vel[k] = w->vel[k] + vb[k] - va[k];
        grow = w->spin_a * (compound_len(ea) + GJK_R(0.5) * w->spin_a * compound_len(ca)) +
               w->spin_b * (compound_len(eb) + GJK_R(0.5) * w->spin_b * compound_len(rb));
        if (t < GJK_REAL_MAX) t = gjk_maxr(t, compound_slab(w, ba, c, e, vel, grow, widen));
    }
    return t;
}

static void compound_prune(gjk_compound_walk *w, gjk_real lower) {
    if (lower < w->pruned) w->pruned = lower;
}

static void compound_leaf(gjk_compound_walk *w, int i, int j) {
    w->visits++;
    if (w->leaf(w, (int)w->a->leaves[i].user, (int)w->b->leaves[j].user)) w->stopped = true;
}

static int compound_first_leaf(const gjk_tree *t, int i) {
    while (t->nodes[i].height > 0) i = t->nodes[i].child1;
    return i;
}

/* The leaf after leaf i in the subtree of `top`, by parent links; -1 after the last. */
static int compound_next_leaf(const gjk_tree *t, int i, int top) {
    while (i != top) {
        int p = t->nodes[i].parent;
        if (t->nodes[p].child1 == i) return compound_first_leaf(t, t->nodes[p].child2);
        i = p;
    }
    return -1;
}

/* The fallback when the stack is full (a tree far taller than the binned build makes): the node pair's leaf pairs
   one by one, in a walk without a stack. Slower, but bounded by the leaf pairs below the node pair, and exact. */
static void compound_leaf_by_leaf(gjk_compound_walk *w, int i, int j) {
    for (int la = compound_first_leaf(w->a, i); la >= 0 && !w->stopped; la = compound_next_leaf(w->a, la, i)) {
        for (int lb = compound_first_leaf(w->b, j); lb >= 0 && !w->stopped; lb = compound_next_leaf(w->b, lb, j)) {
            gjk_real lower = compound_bound(w, la, lb);
            if (lower > w->cut) compound_prune(w, lower);
            else compound_leaf(w, la, lb);
        }
    }
}

/* A rough size of a box for choosing which node of a pair to open: the sum of its edges. */
static gjk_real compound_extent(const gjk_tree_fbox *b) {
    gjk_real s = 0;
    for (int k = 0; k < 3; ++k) s += (gjk_real)b->upper[k] - b->lower[k];
    return s;
}

/* Depth first over node pairs: a pair whose bound exceeds the cut (checked again when popped, as the cut tightens)
   is ruled out; otherwise the larger node is opened, and of its two child pairs the one of smaller bound is
   visited first, so that the best answer, and with it the cut, tightens early. Ties keep child1 first. */
void gjk_compound_descend(gjk_compound_walk *w, int stack_size) {
    const gjk_tree_node *na = w->a->nodes, *nb = w->b->nodes;
    gjk_compound_entry stack[GJK_COMPOUND_STACK];
    int top = 0;
    if (w->a->root < 0 || w->b->root < 0) return;
    if (stack_size > GJK_COMPOUND_STACK) stack_size = GJK_COMPOUND_STACK;
    if (stack_size < 2) {
        compound_leaf_by_leaf(w, w->a->root, w->b->root);
        return;
    }
    stack[0].a = w->a->root;
    stack[0].b = w->b->root;
    stack[0].lower = compound_bound(w, w->a->root, w->b->root);
    top = 1;
    while (top > 0 && !w->stopped) {
        gjk_compound_entry e = stack[--top], child[2];
        bool open_a;
        if (e.lower > w->cut) {
            compound_prune(w, e.lower);
            continue;
        }
        if (na[e.a].height == 0 && nb[e.b].height == 0) {
            compound_leaf(w, e.a, e.b);
            continue;
        }
        if (top + 2 > stack_size) {
            compound_leaf_by_leaf(w, e.a, e.b);
            continue;
        }
        open_a = nb[e.b].height == 0 ||
                 (na[e.a].height > 0 && compound_extent(&na[e.a].box) >= compound_extent(&nb[e.b].box));
        for (int k = 0; k < 2; ++k) {
            child[k].a = open_a ? (k == 0 ? na[e.a].child1 : na[e.a].child2) : e.a;
            child[k].b = open_a ? e.b : (k == 0 ? nb[e.b].child1 : nb[e.b].child2);
            child[k].lower = compound_bound(w, child[k].a, child[k].b);
        }
        if (child[1].lower < child[0].lower) {
            gjk_compound_entry s = child[0];
            child[0] = child[1];
            child[1] = s;
        }
        /* The farther pair goes below the nearer one, which is popped first. */
        for (int k = 1; k >= 0; --k) {
            if (child[k].lower > w->cut) compound_prune(w, child[k].lower);
            else stack[top++] = child[k];
        }
    }
}

/* ---- the sorted contact list ---- */

static bool compound_key_less(const unsigned char *x, const unsigned char *y) {
    int a[2], b[2];
    memcpy(a, x, sizeof a);
    memcpy(b, y, sizeof b);
    return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]);
}

static void compound_swap(unsigned char *x, unsigned char *y, size_t size) {
    for (size_t k = 0; k < size; ++k) {
        unsigned char t = x[k];
        x[k] = y[k];
        y[k] = t;
    }
}

/* Max-heap sift of element i among the first n. */
static void compound_sift(const gjk_compound_list *l, size_t i, size_t n) {
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) return;
        if (c + 1 < n && compound_key_less(l->base + c * l->size, l->base + (c + 1) * l->size)) ++c;
        if (!compound_key_less(l->base + i * l->size, l->base + c * l->size)) return;
        compound_swap(l->base + i * l->size, l->base + c * l->size, l->size);
        i = c;
    }
}

/* Once the array is full, it becomes a max-heap of the smallest keys seen: a new item smaller than the largest
   kept replaces it. The list then holds the first `capacity` items in key order whatever order they came in. */
void gjk_compound_list_add(gjk_compound_list *l, const void *item) {
    size_t n = (size_t)l->capacity;
    l->count++;
    if (l->count <= l->capacity) {
        memcpy(l->base + (size_t)(l->count - 1) * l->size, item, l->size);
        return;
    }
    if (n == 0) return;
    if (!l->heap) {
        for (size_t i = n / 2; i-- > 0;) compound_sift(l, i, n);
        l->heap = true;
    }
    if (compound_key_less((const unsigned char *)item, l->base)) {
        memcpy(l->base, item, l->size);
        compound_sift(l, 0, n);
    }
}

/* Heapsort of the kept items (in place: the list allocates nothing). */
void gjk_compound_list_finish(gjk_compound_list *l) {
    size_t n = (size_t)(l->count < l->capacity ? l->count : l->capacity);
    if (!l->heap)
        for (size_t i = n / 2; i-- > 0;) compound_sift(l, i, n);
    for (size_t end = n; end-- > 1;) {
        compound_swap(l->base, l->base + end * l->size, l->size);
        compound_sift(l, 0, end);
    }
    l->heap = false;
}

/* ---- the answer among the part pairs ---- */

void gjk_compound_judge_init(gjk_compound_judge *j, gjk_query_kind kind, gjk_compound_walk *w) {
    memset(j, 0, sizeof *j);
    j->kind = kind;
    j->part_a = j->part_b = -1;
    j->lower = j->upper = GJK_REAL_MAX;
    j->status = GJK_OK;
    /* Intersect and penetration care only for pairs that overlap or touch: boxes within the touching band. */
    w->cut = kind == GJK_QUERY_INTERSECT || kind == GJK_QUERY_PENETRATION ? w->slack : GJK_REAL_MAX;
}

static bool compound_judge_better(const gjk_compound_judge *j, int part_a, int part_b, bool intersect,
                                  gjk_real distance) {
    if (j->part_a < 0) return true;
    if (j->kind == GJK_QUERY_PENETRATION && intersect != j->intersect) return intersect;
    if (distance != j->value) return distance < j->value;
    return part_a < j->part_a || (part_a == j->part_a && part_b < j->part_b);
}

bool gjk_compound_judge_pair(gjk_compound_judge *j, gjk_compound_walk *w, int part_a, int part_b, bool intersect,
                             gjk_real distance, gjk_real lower, gjk_real upper, gjk_status status) {
    bool better;
    j->status = gjk_worse_status(j->status, status);
    j->lower = gjk_minr(j->lower, lower);
    j->upper = gjk_minr(j->upper, upper);
    /* Intersect and penetration answer with overlapping pairs only; separated compounds have no deciding pair. */
    better = (intersect || (j->kind != GJK_QUERY_INTERSECT && j->kind != GJK_QUERY_PENETRATION)) &&
             compound_judge_better(j, part_a, part_b, intersect, distance);
    if (better) {
        j->part_a = part_a;
        j->part_b = part_b;
        j->intersect = intersect;
        j->value = distance;
    }
    /* One overlap settles intersect (true) and distance (0). */
    if (intersect && (j->kind == GJK_QUERY_INTERSECT || j->kind == GJK_QUERY_DISTANCE)) w->stopped = true;
    if (j->kind != GJK_QUERY_INTERSECT) w->cut = gjk_minr(w->cut, j->upper);
    return better;
}

void gjk_compound_judge_interval(const gjk_compound_judge *j, const gjk_compound_walk *w, gjk_real *lower,
                                 gjk_real *upper) {
    /* A descent stopped early has left pairs unbounded. */
    *lower = w->stopped ? -GJK_REAL_MAX : gjk_minr(j->lower, w->pruned);
    *upper = j->upper;
}

/* ---- the answer among the part pairs' casts ---- */

void gjk_compound_toi_init(gjk_compound_toi *j, gjk_compound_walk *w) {
    memset(j, 0, sizeof *j);
    j->part_a = j->part_b = -1;
    j->rank = 3;
    j->key = GJK_REAL_MAX;
    j->status = GJK_OK;
    w->cut = 1;
}

bool gjk_compound_toi_pair(gjk_compound_toi *j, gjk_compound_walk *w, int part_a, int part_b, gjk_cast_state state,
                           bool hit, gjk_real t, gjk_real depth, gjk_status status) {
    int rank = state == GJK_CAST_SEPARATED ? 3 : state == GJK_CAST_OVERLAPPED ? (hit ? 0 : 2) : 1;
    gjk_real key = rank == 1 ? t : depth;
    bool better;
    j->status = gjk_worse_status(j->status, status);
    if (rank == 3) return false;
    better = rank < j->rank || (rank == j->rank && (key < j->key || (key == j->key && (part_a < j->part_a ||
                                                                                       (part_a == j->part_a &&
                                                                                        part_b < j->part_b)))));
    if (better) {
        j->part_a = part_a;
        j->part_b = part_b;
        j->rank = rank;
        j->key = key;
    }
    /* Node pairs that cannot meet before the answer's time cannot change it (ties at that time may). */
    if (j->rank == 0) w->cut = 0;
    else if (j->rank == 1) w->cut = gjk_minr(w->cut, j->key);
    return better;
}
