// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* JSON output shared by the commands of the gjk tool (cli.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

void out_real(writer *w, gjk_real v) {
    if (isfinite(v)) {
        fprintf(w->out, REAL_FORMAT, v == 0 ? 0.0 : (double)v); /* -0 printed as 0 */
        return;
    }
    fputs("null", w->out);
    if (w->first_bad_pair < 0) w->first_bad_pair = w->pair;
}

void out_array3(writer *w, gjk_vec3 v) {
    fputc('[', w->out);
    out_real(w, v.x);
    fputs(", ", w->out);
    out_real(w, v.y);
    fputs(", ", w->out);
    out_real(w, v.z);
    fputc(']', w->out);
}

void out_array2(writer *w, gjk_vec2 v) {
    fputc('[', w->out);
    out_real(w, v.x);
    fputs(", ", w->out);
    out_real(w, v.y);
    fputc(']', w->out);
}

void out_vec3(writer *w, const char *key, gjk_vec3 v) {
    fprintf(w->out, ", \"%s\": ", key);
    out_array3(w, v);
}

void out_vec2(writer *w, const char *key, gjk_vec2 v) {
    fprintf(w->out, ", \"%s\": ", key);
    out_array2(w, v);
}

void out_null(writer *w, const char *key) { fprintf(w->out, ", \"%s\": null", key); }

void out_bounds(writer *w, gjk_real lower, gjk_real upper) {
    fputs(", \"bounds\": [", w->out);
    if (lower > -GJK_REAL_MAX) out_real(w, lower);
    else fputs("null", w->out);
    fputs(", ", w->out);
    if (upper < GJK_REAL_MAX) out_real(w, upper);
    else fputs("null", w->out);
    fputc(']', w->out);
}

/* "vertex 5", "edge 2", "face 3" or "rim 1" (gjk/manifold.h, "Feature ids": kind in bits 14-15, index below). */
static void put_feature(writer *w, const char *key, unsigned code) {
    static const char *const kinds[4] = {"vertex", "edge", "face", "rim"};
    fprintf(w->out, ", \"%s\": \"%s %u\"", key, kinds[(code >> 14) & 3u], code & 0x3FFFu);
}

void out_feature_id(writer *w, uint32_t id) {
    fprintf(w->out, ", \"id\": %lu", (unsigned long)id);
    put_feature(w, "feature_a", (unsigned)(id >> 16) & 0xFFFFu);
    put_feature(w, "feature_b", (unsigned)id & 0xFFFFu);
}

int finish_lines(const writer *w, const char *item) {
    int status = finish_output(EXIT_OK);
    if (status == EXIT_OK && w->first_bad_pair >= 0) {
        fprintf(stderr, "gjk: %s %d: the library returned a non-finite number (printed as null); please report it\n",
                item, w->first_bad_pair);
        status = EXIT_NONFINITE;
    }
    return status;
}

/* ---- the lines of gjk query and gjk world -------------------------------------------------------------------- */

/* The first fields of a query's answer: the pair, status, intersect and distance. */
static void put_head(writer *w, scene_pair p, gjk_status status, bool intersect, gjk_real distance) {
    fprintf(w->out, "{\"a\": %d, \"b\": %d, \"status\": \"%s\", \"intersect\": %s, \"distance\": ", p.a, p.b,
            gjk_status_string(status), intersect ? "true" : "false");
    out_real(w, distance);
}

/* The last fields of a query's answer: the iterations and the certified interval of the signed distance. */
static void put_tail(writer *w, int iterations, gjk_real lower, gjk_real upper) {
    fprintf(w->out, ", \"iterations\": %d", iterations);
    out_bounds(w, lower, upper);
}

void out_query3(writer *w, scene_pair p, const gjk_result3 *r) {
    put_head(w, p, r->status, r->intersect, r->distance);
    out_vec3(w, "normal", r->normal);
    out_vec3(w, "point_a", r->point_a);
    out_vec3(w, "point_b", r->point_b);
    put_tail(w, r->iterations + r->epa_iterations, r->lower, r->upper);
}

void out_query2(writer *w, scene_pair p, const gjk_result2 *r) {
    put_head(w, p, r->status, r->intersect, r->distance);
    out_vec2(w, "normal", r->normal);
    out_vec2(w, "point_a", r->point_a);
    out_vec2(w, "point_b", r->point_b);
    put_tail(w, r->iterations + r->epa_iterations, r->lower, r->upper);
}
