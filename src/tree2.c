// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The 2D dynamic AABB tree (gjk/world.h): conversions to the shared core of tree.c, which keeps z at 0. */
#include "internal.h"
#include "tree_internal.h"

gjk_tree2 *gjk_tree2_create(void) {
    gjk_tree2 *tree = (gjk_tree2 *)gjk_alloc(sizeof *tree);
    if (tree) gjk_tree_init(&tree->core, true);
    return tree;
}

void gjk_tree2_destroy(gjk_tree2 *tree) {
    if (!tree) return;
    gjk_tree_release(&tree->core);
    gjk_free(tree);
}

int gjk_tree2_insert(gjk_tree2 *tree, gjk_aabb2 box, gjk_real margin, uint64_t user) {
    gjk_tree_box b = gjk_tree_box2(box);
    return gjk_tree_insert(&tree->core, &b, margin, user);
}

void gjk_tree2_remove(gjk_tree2 *tree, int proxy) { gjk_tree_remove(&tree->core, proxy); }

bool gjk_tree2_move(gjk_tree2 *tree, int proxy, gjk_aabb2 box, gjk_real margin, gjk_vec2 displacement) {
    gjk_tree_box b;
    /* Most calls are bodies at rest: a proxy that stays (gjk_tree_keeps) ends the call here, before the conversion
       to the core's three axes and the checks only re-insertion needs. */
    if (gjk_tree_is_leaf(&tree->core, proxy)) {
        const gjk_tree_fbox *f = &tree->core.nodes[proxy].box;
        if (gjk_tree_keeps(f->lower[0], f->upper[0], box.lower.x, box.upper.x, margin, displacement.x) &&
            gjk_tree_keeps(f->lower[1], f->upper[1], box.lower.y, box.upper.y, margin, displacement.y))
            return false;
    }
    b = gjk_tree_box2(box);
    return gjk_tree_move(&tree->core, proxy, &b, margin, displacement.x, displacement.y, 0);
}

gjk_aabb2 gjk_tree2_fat_box(const gjk_tree2 *tree, int proxy) {
    gjk_tree_box b = gjk_tree_widen(gjk_tree_fat(&tree->core, proxy));
    gjk_aabb2 out;
    out.lower = gjk_v2(b.lower[0], b.lower[1]);
    out.upper = gjk_v2(b.upper[0], b.upper[1]);
    return out;
}

uint64_t gjk_tree2_user(const gjk_tree2 *tree, int proxy) { return gjk_tree_user(&tree->core, proxy); }

void gjk_tree2_query_box(const gjk_tree2 *tree, gjk_aabb2 box, gjk_tree2_box_fn *fn, void *context) {
    gjk_tree_box b = gjk_tree_box2(box);
    gjk_tree_query_box(&tree->core, &b, fn, context, GJK_TREE_STACK);
}

void gjk_tree2_query_ray(const gjk_tree2 *tree, gjk_vec2 origin, gjk_vec2 direction, gjk_real max_t,
                         gjk_tree2_ray_fn *fn, void *context) {
    gjk_real o[3], d[3];
    o[0] = origin.x, o[1] = origin.y, o[2] = 0;
    d[0] = direction.x, d[1] = direction.y, d[2] = 0;
    gjk_tree_query_ray(&tree->core, o, d, max_t, fn, context, GJK_TREE_STACK);
}

/* The caller's visitor, called through the core's with the box converted. */
typedef struct gjk_tree2_nodes_ctx {
    gjk_tree2_node_fn *fn;
    void *context;
} gjk_tree2_nodes_ctx;

static bool tree2_node_visit(const gjk_tree_box *box, int depth, bool leaf, void *context) {
    const gjk_tree2_nodes_ctx *c = (const gjk_tree2_nodes_ctx *)context;
    gjk_aabb2 b;
    b.lower = gjk_v2(box->lower[0], box->lower[1]);
    b.upper = gjk_v2(box->upper[0], box->upper[1]);
    return c->fn(b, depth, leaf, c->context);
}

void gjk_tree2_visit_nodes(const gjk_tree2 *tree, gjk_tree2_node_fn *fn, void *context) {
    gjk_tree2_nodes_ctx c;
    c.fn = fn;
    c.context = context;
    gjk_tree_visit_nodes(&tree->core, tree2_node_visit, &c);
}

int gjk_tree2_pairs(const gjk_tree2 *tree, bool moved_only, int *pairs, int capacity) {
    return gjk_tree_pairs(&tree->core, moved_only, pairs, capacity);
}

void gjk_tree2_clear_moved(gjk_tree2 *tree) { gjk_tree_clear_moved(&tree->core); }
gjk_real gjk_tree2_area_cost(const gjk_tree2 *tree) { return gjk_tree_area_cost(&tree->core); }
int gjk_tree2_height(const gjk_tree2 *tree) {
    return tree->core.root < 0 ? 0 : tree->core.nodes[tree->core.root].height;
}
int gjk_tree2_proxy_count(const gjk_tree2 *tree) { return tree->core.proxy_count; }
bool gjk_tree2_rebuild(gjk_tree2 *tree) { return gjk_tree_rebuild(&tree->core); }
const gjk_tree *gjk_tree2_core(const gjk_tree2 *tree) { return &tree->core; }
