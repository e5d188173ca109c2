// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The 3D dynamic AABB tree (gjk/world.h): conversions to the shared core of tree.c. */
#include "internal.h"
#include "tree_internal.h"

gjk_tree3 *gjk_tree3_create(void) {
    gjk_tree3 *tree = (gjk_tree3 *)gjk_alloc(sizeof *tree);
    if (tree) gjk_tree_init(&tree->core, false);
    return tree;
}

void gjk_tree3_destroy(gjk_tree3 *tree) {
    if (!tree) return;
    gjk_tree_release(&tree->core);
    gjk_free(tree);
}

int gjk_tree3_insert(gjk_tree3 *tree, gjk_aabb3 box, gjk_real margin, uint64_t user) {
    gjk_tree_box b = gjk_tree_box3(box);
    return gjk_tree_insert(&tree->core, &b, margin, user);
}

void gjk_tree3_remove(gjk_tree3 *tree, int proxy) { gjk_tree_remove(&tree->core, proxy); }

bool gjk_tree3_move(gjk_tree3 *tree, int proxy, gjk_aabb3 box, gjk_real margin, gjk_vec3 displacement) {
    gjk_tree_box b;
    /* As in 2D: a proxy that stays ends the call here (tree2.c). */
    if (gjk_tree_is_leaf(&tree->core, proxy)) {
        const gjk_tree_fbox *f = &tree->core.nodes[proxy].box;
        if (gjk_tree_keeps(f->lower[0], f->upper[0], box.lower.x, box.upper.x, margin, displacement.x) &&
            gjk_tree_keeps(f->lower[1], f->upper[1], box.lower.y, box.upper.y, margin, displacement.y) &&
            gjk_tree_keeps(f->lower[2], f->upper[2], box.lower.z, box.upper.z, margin, displacement.z))
            return false;
    }
    b = gjk_tree_box3(box);
    return gjk_tree_move(&tree->core, proxy, &b, margin, displacement.x, displacement.y, displacement.z);
}

gjk_aabb3 gjk_tree3_fat_box(const gjk_tree3 *tree, int proxy) {
    gjk_tree_box b = gjk_tree_widen(gjk_tree_fat(&tree->core, proxy));
    gjk_aabb3 out;
    out.lower = gjk_v3(b.lower[0], b.lower[1], b.lower[2]);
    out.upper = gjk_v3(b.upper[0], b.upper[1], b.upper[2]);
    return out;
}

uint64_t gjk_tree3_user(const gjk_tree3 *tree, int proxy) { return gjk_tree_user(&tree->core, proxy); }

void gjk_tree3_query_box(const gjk_tree3 *tree, gjk_aabb3 box, gjk_tree3_box_fn *fn, void *context) {
    gjk_tree_box b = gjk_tree_box3(box);
    gjk_tree_query_box(&tree->core, &b, fn, context, GJK_TREE_STACK);
}

void gjk_tree3_query_ray(const gjk_tree3 *tree, gjk_vec3 origin, gjk_vec3 direction, gjk_real max_t,
                         gjk_tree3_ray_fn *fn, void *context) {
    gjk_real o[3], d[3];
    o[0] = origin.x, o[1] = origin.y, o[2] = origin.z;
    d[0] = direction.x, d[1] = direction.y, d[2] = direction.z;
    gjk_tree_query_ray(&tree->core, o, d, max_t, fn, context, GJK_TREE_STACK);
}

/* The caller's visitor, called through the core's with the box converted. */
typedef struct gjk_tree3_nodes_ctx {
    gjk_tree3_node_fn *fn;
    void *context;
} gjk_tree3_nodes_ctx;

static bool tree3_node_visit(const gjk_tree_box *box, int depth, bool leaf, void *context) {
    const gjk_tree3_nodes_ctx *c = (const gjk_tree3_nodes_ctx *)context;
    gjk_aabb3 b;
    b.lower = gjk_v3(box->lower[0], box->lower[1], box->lower[2]);
    b.upper = gjk_v3(box->upper[0], box->upper[1], box->upper[2]);
    return c->fn(b, depth, leaf, c->context);
}

void gjk_tree3_visit_nodes(const gjk_tree3 *tree, gjk_tree3_node_fn *fn, void *context) {
    gjk_tree3_nodes_ctx c;
    c.fn = fn;
    c.context = context;
    gjk_tree_visit_nodes(&tree->core, tree3_node_visit, &c);
}

int gjk_tree3_pairs(const gjk_tree3 *tree, bool moved_only, int *pairs, int capacity) {
    return gjk_tree_pairs(&tree->core, moved_only, pairs, capacity);
}

void gjk_tree3_clear_moved(gjk_tree3 *tree) { gjk_tree_clear_moved(&tree->core); }
gjk_real gjk_tree3_area_cost(const gjk_tree3 *tree) { return gjk_tree_area_cost(&tree->core); }
int gjk_tree3_height(const gjk_tree3 *tree) {
    return tree->core.root < 0 ? 0 : tree->core.nodes[tree->core.root].height;
}
int gjk_tree3_proxy_count(const gjk_tree3 *tree) { return tree->core.proxy_count; }
bool gjk_tree3_rebuild(gjk_tree3 *tree) { return gjk_tree_rebuild(&tree->core); }
const gjk_tree *gjk_tree3_core(const gjk_tree3 *tree) { return &tree->core; }
