// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* libFuzzer harness for the CLI's JSON scene loader (tools/scene.c): any bytes must give either a valid scene or
   SCENE_INVALID with a non-empty message, never a crash, a leak or undefined behaviour; a valid scene's shapes
   must pass gjk_shape*_validate and every query on its pairs must return finite numbers. Compound shapes are loaded
   too (SCENE_COMPOUNDS): a pair of two compounds goes through gjk_compound_query3 / _2, a pair with one compound is
   skipped (the tool wraps its convex side, which this harness does not link). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

static int finite3(gjk_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }
static int finite2(gjk_vec2 v) { return isfinite(v.x) && isfinite(v.y); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    scene s;
    char err[SCENE_ERROR_SIZE];
    err[0] = 0;
    scene_status st = scene_parse_flags(&s, (const char *)data, size, "fuzz", SCENE_COMPOUNDS, err, sizeof err);
    if (st != SCENE_OK) {
        if (st == SCENE_INVALID && err[0] == 0) abort(); /* every rejection must say why */
        scene_free(&s);
        return 0;
    }
    for (int i = 0; i < s.pair_count && i < 64; ++i) {
        int a = s.pairs[i].a, b = s.pairs[i].b;
        if (a < 0 || b < 0 || a >= s.shape_count || b >= s.shape_count) abort();
        bool ca = s.dim == 3 ? s.compounds3 != NULL && s.compounds3[a] != NULL
                             : s.compounds2 != NULL && s.compounds2[a] != NULL;
        bool cb = s.dim == 3 ? s.compounds3 != NULL && s.compounds3[b] != NULL
                             : s.compounds2 != NULL && s.compounds2[b] != NULL;
        if (ca != cb) continue;
        if (ca && s.dim == 3) {
            gjk_compound_pair3 p = {s.compounds3[a], s.poses3[a], s.compounds3[b], s.poses3[b]};
            gjk_compound_result3 r = gjk_compound_query3(GJK_QUERY_SIGNED_DISTANCE, &p, NULL);
            if (r.result.status != GJK_INVALID_INPUT && (!isfinite(r.result.distance) || !finite3(r.result.normal)))
                abort();
        } else if (ca) {
            gjk_compound_pair2 p = {s.compounds2[a], s.poses2[a], s.compounds2[b], s.poses2[b]};
            gjk_compound_result2 r = gjk_compound_query2(GJK_QUERY_SIGNED_DISTANCE, &p, NULL);
            if (r.result.status != GJK_INVALID_INPUT && (!isfinite(r.result.distance) || !finite2(r.result.normal)))
                abort();
        } else if (s.dim == 3) {
            if (gjk_shape3_validate(&s.shapes3[a]) != GJK_OK) abort();
            gjk_pair3 p = {&s.shapes3[a], s.poses3[a], &s.shapes3[b], s.poses3[b]};
            gjk_result3 r = gjk_signed_distance3(&p, NULL);
            if (r.status != GJK_INVALID_INPUT &&
                (!isfinite(r.distance) || !finite3(r.normal) || !finite3(r.point_a) || !finite3(r.point_b)))
                abort();
        } else {
            if (gjk_shape2_validate(&s.shapes2[a]) != GJK_OK) abort();
            gjk_pair2 p = {&s.shapes2[a], s.poses2[a], &s.shapes2[b], s.poses2[b]};
            gjk_result2 r = gjk_signed_distance2(&p, NULL);
            if (r.status != GJK_INVALID_INPUT &&
                (!isfinite(r.distance) || !finite2(r.normal) || !finite2(r.point_a) || !finite2(r.point_b)))
                abort();
        }
    }
    scene_free(&s);
    return 0;
}
