// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Recording for the debug queries (gjk/debug.h): the GJK simplex after each step and the final EPA polytope,
   copied into the caller's struct in the world frame.

   The algorithms run in A's local frame (query3.c, query2.c); a recorder carries A's local-to-world transform so
   that each record is converted once, as it is written. Only gjk_query3_debug / gjk_query2_debug set a recorder:
   the plain queries pass NULL and pay one predictable branch per GJK iteration. */
#include "internal2.h"
#include "internal3.h"

gjk_debug_vertex3 gjk_debug3_vertex(const gjk_recorder3 *rec, const gjk_minkowski3 *m, const gjk_vertex3 *v) {
    gjk_debug_vertex3 o;
    gjk_vec3 b = gjk_minkowski3_b_to_a(m, v->bl);
    o.a = gjk_add3(gjk_mat33_mul(rec->rot, v->a), rec->pos);
    o.b = gjk_add3(gjk_mat33_mul(rec->rot, b), rec->pos);
    /* w is a difference of two points of A's frame: rotate it, never translate. */
    o.w = gjk_mat33_mul(rec->rot, v->w);
    return o;
}

void gjk_debug3_step(const gjk_minkowski3 *m, const gjk_simplex3 *s, gjk_vec3 v) {
    const gjk_recorder3 *rec = m->rec;
    gjk_debug3 *d = rec->out;
    if (d->step_count >= GJK_DEBUG_MAX_STEPS) return; /* (a warm start and a kept simplex may add one or two) */
    gjk_debug_step3 *st = &d->steps[d->step_count++];
    st->count = s->count;
    for (int i = 0; i < s->count; ++i) st->vertices[i] = gjk_debug3_vertex(rec, m, &s->v[i]);
    st->closest = gjk_mat33_mul(rec->rot, v);
}

void gjk_debug2_vertices(const gjk_recorder2 *rec, const gjk2_vertex *v, int n, gjk_debug_vertex2 *out) {
    for (int i = 0; i < n; ++i) {
        out[i].w = gjk_rotate2(rec->rot, v[i].w);
        out[i].a = gjk_add2(gjk_rotate2(rec->rot, v[i].a), rec->pos);
        out[i].b = gjk_add2(gjk_rotate2(rec->rot, v[i].b), rec->pos);
    }
}

void gjk_debug2_step(const gjk_recorder2 *rec, const gjk2_simplex *s, gjk_vec2 v) {
    gjk_debug2 *d = rec->out;
    if (d->step_count >= GJK_DEBUG_MAX_STEPS) return;
    gjk_debug_step2 *st = &d->steps[d->step_count++];
    st->count = s->count;
    gjk_debug2_vertices(rec, s->p, s->count, st->vertices);
    st->closest = s->count == 3 ? gjk_v2(0, 0) : gjk_rotate2(rec->rot, v);
}
