// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Compound shapes in the commands of the gjk tool (cli.h): a scene pair with a compound is answered through
   gjk/compound.h, whose entry points take two compounds, so the convex side of such a pair takes part as a compound
   of one part (part 0, at the identity), as a convex body does in a world's pair with a compound. The compound
   fields of the JSON lines are written here too. */
#include <stdlib.h>

#include "cli.h"

bool scene_is_compound(const scene *s, int shape) {
    return s->dim == 3 ? s->compounds3 != NULL && s->compounds3[shape] != NULL
                       : s->compounds2 != NULL && s->compounds2[shape] != NULL;
}

bool scene_pair_has_compound(const scene *s, scene_pair p) {
    return scene_is_compound(s, p.a) || scene_is_compound(s, p.b);
}

/* Shape i as a compound: the scene's own, or a new one of the convex shape alone (kept in *own for the caller). */
static const gjk_compound3 *as_compound3(const scene *s, int i, gjk_compound3 **own, gjk_status *status) {
    if (s->compounds3 != NULL && s->compounds3[i] != NULL) return s->compounds3[i];
    *own = gjk_compound3_create(&s->shapes3[i], NULL, 1, status);
    return *own;
}

static const gjk_compound2 *as_compound2(const scene *s, int i, gjk_compound2 **own, gjk_status *status) {
    if (s->compounds2 != NULL && s->compounds2[i] != NULL) return s->compounds2[i];
    *own = gjk_compound2_create(&s->shapes2[i], NULL, 1, status);
    return *own;
}

gjk_status compound_pair3(const scene *s, scene_pair p, gjk_compound_pair3 *out, gjk_compound3 *own[2]) {
    gjk_status status = GJK_OK;
    own[0] = own[1] = NULL;
    out->a = as_compound3(s, p.a, &own[0], &status);
    out->pose_a = s->poses3[p.a];
    if (out->a != NULL) out->b = as_compound3(s, p.b, &own[1], &status);
    out->pose_b = s->poses3[p.b];
    return out->a != NULL && out->b != NULL ? GJK_OK : status;
}

gjk_status compound_pair2(const scene *s, scene_pair p, gjk_compound_pair2 *out, gjk_compound2 *own[2]) {
    gjk_status status = GJK_OK;
    own[0] = own[1] = NULL;
    out->a = as_compound2(s, p.a, &own[0], &status);
    out->pose_a = s->poses2[p.a];
    if (out->a != NULL) out->b = as_compound2(s, p.b, &own[1], &status);
    out->pose_b = s->poses2[p.b];
    return out->a != NULL && out->b != NULL ? GJK_OK : status;
}

void compound_pair_free3(gjk_compound3 *own[2]) {
    gjk_compound3_destroy(own[0]);
    gjk_compound3_destroy(own[1]);
}

void compound_pair_free2(gjk_compound2 *own[2]) {
    gjk_compound2_destroy(own[0]);
    gjk_compound2_destroy(own[1]);
}

int compound_wrap_failed(gjk_status status) {
    if (status == GJK_OUT_OF_MEMORY) {
        fputs("gjk: out of memory\n", stderr);
        return EXIT_IO;
    }
    /* The loader has validated every shape, which is all gjk_compound3_create() checks of a single part. */
    fprintf(stderr, "gjk: a shape was refused as a compound part (%s)\n", gjk_status_string(status));
    return EXIT_USAGE;
}

static void out_part(writer *w, const char *key, int part) {
    if (part >= 0) fprintf(w->out, ", \"%s\": %d", key, part);
    else out_null(w, key);
}

void out_parts(writer *w, int part_a, int part_b) {
    out_part(w, "part_a", part_a);
    out_part(w, "part_b", part_b);
}

void out_part_manifold3(writer *w, int i, int part_a, int part_b, const gjk_manifold3 *m) {
    fprintf(w->out, "%s{\"part_a\": %d, \"part_b\": %d, ", i == 0 ? "" : ", ", part_a, part_b);
    out_manifold3(w, m);
    fputc('}', w->out);
}

void out_part_manifold2(writer *w, int i, int part_a, int part_b, const gjk_manifold2 *m) {
    fprintf(w->out, "%s{\"part_a\": %d, \"part_b\": %d, ", i == 0 ? "" : ", ", part_a, part_b);
    out_manifold2(w, m);
    fputc('}', w->out);
}

gjk_compound_contact3 *compound_collide3(const gjk_compound_pair3 *pair, gjk_real speculative, int *count,
                                         gjk_status *status) {
    int n = gjk_compound_collide3(pair, speculative, NULL, 0, status);
    gjk_compound_contact3 *contacts = malloc((size_t)(n > 0 ? n : 1) * sizeof *contacts);
    if (contacts != NULL) *count = gjk_compound_collide3(pair, speculative, contacts, n, status);
    return contacts;
}

gjk_compound_contact2 *compound_collide2(const gjk_compound_pair2 *pair, gjk_real speculative, int *count,
                                         gjk_status *status) {
    int n = gjk_compound_collide2(pair, speculative, NULL, 0, status);
    gjk_compound_contact2 *contacts = malloc((size_t)(n > 0 ? n : 1) * sizeof *contacts);
    if (contacts != NULL) *count = gjk_compound_collide2(pair, speculative, contacts, n, status);
    return contacts;
}

void out_compound_contacts3(writer *w, const gjk_compound_contact3 *contacts, int count) {
    fputs(", \"manifolds\": [", w->out);
    for (int k = 0; k < count; k++) {
        out_part_manifold3(w, k, contacts[k].part_a, contacts[k].part_b, &contacts[k].manifold);
    }
    fputc(']', w->out);
}

void out_compound_contacts2(writer *w, const gjk_compound_contact2 *contacts, int count) {
    fputs(", \"manifolds\": [", w->out);
    for (int k = 0; k < count; k++) {
        out_part_manifold2(w, k, contacts[k].part_a, contacts[k].part_b, &contacts[k].manifold);
    }
    fputc(']', w->out);
}
