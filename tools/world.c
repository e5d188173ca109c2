// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* `gjk world SCENE [--margin D] [--manifold]`: every pair of the scene's shapes that overlap or come within D,
   found by the library's world of bodies (gjk/world.h) rather than from the scene's "pairs" list, which the
   command ignores (a scene without one loads at any size). Each pair is one line, sorted by (a, b) with a < b: the
   signed distance as `gjk query` prints it and, with --manifold, the contact manifold as `gjk manifold --speculative
   D` prints it, under "manifold". A shape of type "compound" is a compound body: a pair with one is decided by the
   compound's signed distance (gjk_compound_query3(), the deciding parts under "part_a" and "part_b"), and its
   manifolds are the world's contacts of the pair, one per part pair, under "manifolds", as `gjk query` and
   `gjk manifold` print such a pair.

   The world's tree proposes the candidates: its boxes are widened by D / 2 on every side, so two shapes within D
   have overlapping boxes. Each candidate is then decided by the signed distance (<= D), the same test a loop over
   every pair with `gjk query` makes, so both list the same pairs; the world's manifolds are those of its one step,
   whose warm-start caches start empty, as `gjk manifold`'s do. */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct world_options {
    gjk_real margin; /* --margin: the speculative distance */
    bool manifold;   /* --manifold */
} world_options;

static const cli_option world_option_list[] = {{"margin", 0, "D", "a distance >= 0"}, {"manifold", 0, NULL, NULL}};

static bool set_world_option(void *ctx, int which, const char *value) {
    world_options *o = ctx;
    if (which == 0) return cli_parse_distance(value, &o->margin);
    o->manifold = true;
    return true;
}

static int world_pair_order(const void *x, const void *y) {
    const scene_pair *p = x, *q = y;
    if (p->a != q->a) return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

/* The candidate pairs of a tree as body pairs (a < b), sorted; NULL (out of memory) or the list, *count its size. The
   tree's pairs are proxy ids, which its user values map to body ids. */
static scene_pair *world_candidates(const void *tree, bool planar, int *count) {
    int n = planar ? gjk_tree2_pairs(tree, false, NULL, 0) : gjk_tree3_pairs(tree, false, NULL, 0);
    int *ids = malloc(2 * (size_t)(n > 0 ? n : 1) * sizeof *ids);
    scene_pair *pairs = malloc((size_t)(n > 0 ? n : 1) * sizeof *pairs);
    if (ids == NULL || pairs == NULL || n == INT_MAX) {
        free(ids);
        free(pairs);
        return NULL;
    }
    n = planar ? gjk_tree2_pairs(tree, false, ids, n) : gjk_tree3_pairs(tree, false, ids, n);
    for (int k = 0; k < n; k++) {
        int a = (int)(planar ? gjk_tree2_user(tree, ids[2 * k]) : gjk_tree3_user(tree, ids[2 * k]));
        int b = (int)(planar ? gjk_tree2_user(tree, ids[2 * k + 1]) : gjk_tree3_user(tree, ids[2 * k + 1]));
        pairs[k].a = a < b ? a : b;
        pairs[k].b = a < b ? b : a;
    }
    free(ids);
    qsort(pairs, (size_t)n, sizeof *pairs, world_pair_order);
    *count = n;
    return pairs;
}

/* The message and status when the world refuses shape `shape` (-1: the step): out of memory when its box is in
   range, else the box's range. */
static int world_refused(int shape, bool in_range) {
    if (in_range) {
        fputs("gjk: out of memory\n", stderr);
        return EXIT_IO;
    }
    fprintf(stderr, "gjk: shape %d: its box, widened by half the margin, reaches beyond %g, the world's range\n", shape,
            (double)SCENE_MAX_COORD);
    return EXIT_USAGE;
}

/* Whether a box (lower and upper corners, `dim` axes), widened by half the margin as the world widens it, stays
   within the library's range of coordinates: a world refuses a body whose box leaves it, even one a pair query
   accepts (a shape at the edge of the range). */
static bool world_box_in_range(const gjk_real *lower, const gjk_real *upper, int dim, gjk_real margin) {
    for (int k = 0; k < dim; k++) {
        if (!(fabs((double)(lower[k] - margin / 2)) <= SCENE_MAX_COORD) ||
            !(fabs((double)(upper[k] + margin / 2)) <= SCENE_MAX_COORD))
            return false;
    }
    return true;
}

/* The body pair of contact i of a world's contact array (see world_find_contact()). */
static scene_pair world_contact_key(const void *contacts, size_t size, size_t at_a, size_t at_b, int i) {
    const char *c = (const char *)contacts + (size_t)i * size;
    scene_pair key;
    memcpy(&key.a, c + at_a, sizeof key.a);
    memcpy(&key.b, c + at_b, sizeof key.b);
    return key;
}

/* Whether contact i belongs to pair p. */
static bool world_contact_is(const void *contacts, size_t size, size_t at_a, size_t at_b, int i, scene_pair p) {
    scene_pair key = world_contact_key(contacts, size, at_a, at_b, i);
    return key.a == p.a && key.b == p.b;
}

/* The index of the first of pair p's contacts among the world's (sorted by (a, b), then parts), or of the first
   contact after where they would be. `size` is a contact's size and `at_a`, `at_b` the offsets of its body ids, the
   same for both dimensions' contacts. A pair of convex bodies has at most one contact; one with a compound body has
   one per touching part pair, from this index on. */
static int world_find_contact(const void *contacts, size_t size, size_t at_a, size_t at_b, int count, scene_pair p) {
    int lo = 0, hi = count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        scene_pair key = world_contact_key(contacts, size, at_a, at_b, mid);
        if (world_pair_order(&key, &p) < 0) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* One line per pair within the margin, 3D. */
static int world_lines3(writer *w, const scene *s, const gjk_world3 *world, const scene_pair *cand, int n,
                        const world_options *o) {
    gjk_options query = {0, 0, 0};
    int contact_count = 0;
    const gjk_world_contact3 *contacts = gjk_world3_contacts(world, &contact_count);
    const size_t size = sizeof *contacts;
    const size_t at_a = offsetof(gjk_world_contact3, a), at_b = offsetof(gjk_world_contact3, b);
    for (int k = 0; k < n; k++) {
        scene_pair p = cand[k];
        int c = world_find_contact(contacts, size, at_a, at_b, contact_count, p);
        if (scene_pair_has_compound(s, p)) {
            gjk_compound_pair3 q;
            gjk_compound3 *own[2];
            gjk_status made = compound_pair3(s, p, &q, own);
            if (made != GJK_OK) {
                compound_pair_free3(own);
                return compound_wrap_failed(made);
            }
            gjk_compound_result3 r = gjk_compound_query3(GJK_QUERY_SIGNED_DISTANCE, &q, &query);
            bool near = r.result.distance <= o->margin, ok = true;
            if (near) {
                out_query3(w, p, &r.result);
                out_parts(w, r.part_a, r.part_b);
            }
            if (near && o->manifold && c < contact_count && world_contact_is(contacts, size, at_a, at_b, c, p)) {
                fputs(", \"manifolds\": [", w->out);
                for (int i = c; i < contact_count && world_contact_is(contacts, size, at_a, at_b, i, p); i++) {
                    out_part_manifold3(w, i - c, contacts[i].part_a, contacts[i].part_b, &contacts[i].manifold);
                }
                fputc(']', w->out);
            } else if (near && o->manifold) { /* no part pair of the world's is within the margin */
                int count = 0;
                gjk_status status;
                gjk_compound_contact3 *list = compound_collide3(&q, o->margin, &count, &status);
                if (list != NULL) out_compound_contacts3(w, list, count);
                ok = list != NULL;
                free(list);
            }
            compound_pair_free3(own);
            if (!ok) return world_refused(-1, true);
            if (!near) continue;
        } else {
            gjk_pair3 q = {&s->shapes3[p.a], s->poses3[p.a], &s->shapes3[p.b], s->poses3[p.b]};
            gjk_result3 r = gjk_query3(GJK_QUERY_SIGNED_DISTANCE, &q, &query, NULL);
            if (!(r.distance <= o->margin)) continue;
            out_query3(w, p, &r);
            if (o->manifold) {
                bool found = c < contact_count && world_contact_is(contacts, size, at_a, at_b, c, p);
                gjk_manifold3 m = found ? contacts[c].manifold : gjk_collide3(&q, o->margin, NULL);
                fputs(", \"manifold\": {", w->out);
                out_manifold3(w, &m);
                fputc('}', w->out);
            }
        }
        fputs("}\n", w->out);
        w->pair++;
    }
    return EXIT_OK;
}

/* One line per pair within the margin, 2D. */
static int world_lines2(writer *w, const scene *s, const gjk_world2 *world, const scene_pair *cand, int n,
                        const world_options *o) {
    gjk_options query = {0, 0, 0};
    int contact_count = 0;
    const gjk_world_contact2 *contacts = gjk_world2_contacts(world, &contact_count);
    const size_t size = sizeof *contacts;
    const size_t at_a = offsetof(gjk_world_contact2, a), at_b = offsetof(gjk_world_contact2, b);
    for (int k = 0; k < n; k++) {
        scene_pair p = cand[k];
        int c = world_find_contact(contacts, size, at_a, at_b, contact_count, p);
        if (scene_pair_has_compound(s, p)) {
            gjk_compound_pair2 q;
            gjk_compound2 *own[2];
            gjk_status made = compound_pair2(s, p, &q, own);
            if (made != GJK_OK) {
                compound_pair_free2(own);
                return compound_wrap_failed(made);
            }
            gjk_compound_result2 r = gjk_compound_query2(GJK_QUERY_SIGNED_DISTANCE, &q, &query);
            bool near = r.result.distance <= o->margin, ok = true;
            if (near) {
                out_query2(w, p, &r.result);
                out_parts(w, r.part_a, r.part_b);
            }
            if (near && o->manifold && c < contact_count && world_contact_is(contacts, size, at_a, at_b, c, p)) {
                fputs(", \"manifolds\": [", w->out);
                for (int i = c; i < contact_count && world_contact_is(contacts, size, at_a, at_b, i, p); i++) {
                    out_part_manifold2(w, i - c, contacts[i].part_a, contacts[i].part_b, &contacts[i].manifold);
                }
                fputc(']', w->out);
            } else if (near && o->manifold) {
                int count = 0;
                gjk_status status;
                gjk_compound_contact2 *list = compound_collide2(&q, o->margin, &count, &status);
                if (list != NULL) out_compound_contacts2(w, list, count);
                ok = list != NULL;
                free(list);
            }
            compound_pair_free2(own);
            if (!ok) return world_refused(-1, true);
            if (!near) continue;
        } else {
            gjk_pair2 q = {&s->shapes2[p.a], s->poses2[p.a], &s->shapes2[p.b], s->poses2[p.b]};
            gjk_result2 r = gjk_query2(GJK_QUERY_SIGNED_DISTANCE, &q, &query, NULL);
            if (!(r.distance <= o->margin)) continue;
            out_query2(w, p, &r);
            if (o->manifold) {
                bool found = c < contact_count && world_contact_is(contacts, size, at_a, at_b, c, p);
                gjk_manifold2 m = found ? contacts[c].manifold : gjk_collide2(&q, o->margin, NULL);
                fputs(", \"manifold\": {", w->out);
                out_manifold2(w, &m);
                fputc('}', w->out);
            }
        }
        fputs("}\n", w->out);
        w->pair++;
    }
    return EXIT_OK;
}

/* Fills the world with the scene's shapes (body i is shape i) and steps it once. EXIT_OK, or the status after a
   message on stderr: a shape the world cannot take, or out of memory. */
static int world_fill3(gjk_world3 *world, const scene *s, gjk_real margin) {
    for (int i = 0; i < s->shape_count; i++) {
        const gjk_compound3 *c = s->compounds3 != NULL ? s->compounds3[i] : NULL;
        int body = c != NULL ? gjk_world3_add_compound(world, c, s->poses3[i], (uint64_t)i)
                             : gjk_world3_add(world, &s->shapes3[i], s->poses3[i], (uint64_t)i);
        if (body == i) continue;
        gjk_aabb3 box = c != NULL ? gjk_compound3_aabb(c, s->poses3[i]) : gjk_shape3_aabb(&s->shapes3[i], s->poses3[i]);
        gjk_real lower[3] = {box.lower.x, box.lower.y, box.lower.z}, upper[3] = {box.upper.x, box.upper.y, box.upper.z};
        return world_refused(i, world_box_in_range(lower, upper, 3, margin));
    }
    return gjk_world3_step(world) == GJK_OK ? EXIT_OK : world_refused(-1, true);
}

static int world_fill2(gjk_world2 *world, const scene *s, gjk_real margin) {
    for (int i = 0; i < s->shape_count; i++) {
        const gjk_compound2 *c = s->compounds2 != NULL ? s->compounds2[i] : NULL;
        int body = c != NULL ? gjk_world2_add_compound(world, c, s->poses2[i], (uint64_t)i)
                             : gjk_world2_add(world, &s->shapes2[i], s->poses2[i], (uint64_t)i);
        if (body == i) continue;
        gjk_aabb2 box = c != NULL ? gjk_compound2_aabb(c, s->poses2[i]) : gjk_shape2_aabb(&s->shapes2[i], s->poses2[i]);
        gjk_real lower[2] = {box.lower.x, box.lower.y}, upper[2] = {box.upper.x, box.upper.y};
        return world_refused(i, world_box_in_range(lower, upper, 2, margin));
    }
    return gjk_world2_step(world) == GJK_OK ? EXIT_OK : world_refused(-1, true);
}

int cmd_world(int argc, char **argv) {
    int status = EXIT_OK;
    world_options o = {0, false};
    const char *path = cli_parse("world", argc, argv, world_option_list, 2, set_world_option, &o, &status);
    if (path == NULL) return status;
    scene s;
    status = load_scene_flags(&s, path, SCENE_NO_DEFAULT_PAIRS | SCENE_COMPOUNDS);
    if (status != EXIT_OK) return status;
    /* One step and nothing moves: a fat margin would only add candidates, so the boxes take none. */
    gjk_world_def def;
    memset(&def, 0, sizeof def);
    def.fat_margin = -1;
    def.speculative_distance = o.margin;
    bool planar = s.dim == 2;
    gjk_world3 *world3 = planar ? NULL : gjk_world3_create(&def);
    gjk_world2 *world2 = planar ? gjk_world2_create(&def) : NULL;
    if (world3 == NULL && world2 == NULL) status = world_refused(-1, true);
    else status = planar ? world_fill2(world2, &s, o.margin) : world_fill3(world3, &s, o.margin);
    int n = 0;
    scene_pair *cand = NULL;
    if (status == EXIT_OK) {
        cand = planar ? world_candidates(gjk_world2_tree(world2), true, &n)
                      : world_candidates(gjk_world3_tree(world3), false, &n);
    }
    if (status == EXIT_OK && cand == NULL) status = world_refused(-1, true);
    writer w = {stdout, -1, 0};
    if (cand != NULL && planar) status = world_lines2(&w, &s, world2, cand, n, &o);
    else if (cand != NULL) status = world_lines3(&w, &s, world3, cand, n, &o);
    free(cand);
    gjk_world3_destroy(world3);
    gjk_world2_destroy(world2);
    scene_free(&s);
    return status != EXIT_OK ? status : finish_lines(&w, "line");
}
