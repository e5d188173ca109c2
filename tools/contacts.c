// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The contact commands of the gjk tool: `gjk manifold` (contact manifolds, gjk/manifold.h), `gjk raycast` (the
   scene's rays against every shape, gjk/ray.h) and `gjk cast` (time of impact of each pair moving by its shapes'
   "velocity" and "angular", gjk/cast.h). Each reads the scene like `gjk query` (and rejects it the same way) and
   prints one JSON object per line. A pair (or a ray's shape) with a compound is answered through gjk/compound.h: the
   manifolds of its part pairs, the part a ray hits first, the part pair whose cast decides. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The options of the contact commands. */
typedef struct contact_options {
    gjk_real distance; /* manifold: --speculative; cast: --target */
    bool flag;         /* cast: --ignore-separating */
} contact_options;

static bool set_contact_option(void *ctx, int which, const char *value) {
    contact_options *o = ctx;
    if (which == 0) return cli_parse_distance(value, &o->distance);
    o->flag = true;
    return true;
}

static const cli_option manifold_options[] = {{"speculative", 's', "D", "a distance >= 0"}};
static const cli_option cast_options[] = {{"target", 't', "D", "a distance >= 0"},
                                          {"ignore-separating", 'i', NULL, NULL}};

/* `{"point_a": [...]` opening point i of a manifold. */
static void put_point_head3(writer *w, int i, gjk_vec3 point_a) {
    fputs(i == 0 ? "{\"point_a\": " : ", {\"point_a\": ", w->out);
    out_array3(w, point_a);
}
static void put_point_head2(writer *w, int i, gjk_vec2 point_a) {
    fputs(i == 0 ? "{\"point_a\": " : ", {\"point_a\": ", w->out);
    out_array2(w, point_a);
}

/* `, "separation": s, "id": n, "feature_a": ..., "feature_b": ...}` closing one point. */
static void put_point_tail(writer *w, gjk_real separation, uint32_t id) {
    fputs(", \"separation\": ", w->out);
    out_real(w, separation);
    out_feature_id(w, id);
    fputc('}', w->out);
}

void out_manifold3(writer *w, const gjk_manifold3 *m) {
    fprintf(w->out, "\"status\": \"%s\"", gjk_status_string(m->status));
    out_vec3(w, "normal", m->normal);
    fputs(", \"points\": [", w->out);
    for (int i = 0; i < m->count; i++) {
        put_point_head3(w, i, m->points[i].point_a);
        out_vec3(w, "point_b", m->points[i].point_b);
        put_point_tail(w, m->points[i].separation, m->points[i].id);
    }
    fputc(']', w->out);
}

void out_manifold2(writer *w, const gjk_manifold2 *m) {
    fprintf(w->out, "\"status\": \"%s\"", gjk_status_string(m->status));
    out_vec2(w, "normal", m->normal);
    fputs(", \"points\": [", w->out);
    for (int i = 0; i < m->count; i++) {
        put_point_head2(w, i, m->points[i].point_a);
        out_vec2(w, "point_b", m->points[i].point_b);
        put_point_tail(w, m->points[i].separation, m->points[i].id);
    }
    fputc(']', w->out);
}

/* A pair with a compound: `{"a", "b", "status" (the worst of the part pairs'), "manifolds": [one per part pair with
   a point within D, with its parts]}` from gjk_compound_collide3() / _2. EXIT_OK, or the status after a message. */
static int manifold_compound_pair(writer *w, const scene *s, scene_pair p, gjk_real speculative) {
    gjk_status status = GJK_OK, made;
    bool memory = true;
    int count = 0;
    if (s->dim == 3) {
        gjk_compound_pair3 q;
        gjk_compound3 *own[2];
        gjk_compound_contact3 *list = NULL;
        if ((made = compound_pair3(s, p, &q, own)) == GJK_OK) {
            list = compound_collide3(&q, speculative, &count, &status);
            memory = list != NULL;
        }
        if (list != NULL) {
            fprintf(w->out, "{\"a\": %d, \"b\": %d, \"status\": \"%s\"", p.a, p.b, gjk_status_string(status));
            out_compound_contacts3(w, list, count);
            fputs("}\n", w->out);
        }
        free(list);
        compound_pair_free3(own);
    } else {
        gjk_compound_pair2 q;
        gjk_compound2 *own[2];
        gjk_compound_contact2 *list = NULL;
        if ((made = compound_pair2(s, p, &q, own)) == GJK_OK) {
            list = compound_collide2(&q, speculative, &count, &status);
            memory = list != NULL;
        }
        if (list != NULL) {
            fprintf(w->out, "{\"a\": %d, \"b\": %d, \"status\": \"%s\"", p.a, p.b, gjk_status_string(status));
            out_compound_contacts2(w, list, count);
            fputs("}\n", w->out);
        }
        free(list);
        compound_pair_free2(own);
    }
    if (made != GJK_OK) return compound_wrap_failed(made);
    return memory ? EXIT_OK : compound_wrap_failed(GJK_OUT_OF_MEMORY);
}

/* `gjk manifold SCENE [--speculative D]`. */
int cmd_manifold(int argc, char **argv) {
    int status = EXIT_OK;
    contact_options o = {0, false};
    const char *path = cli_parse("manifold", argc, argv, manifold_options, 1, set_contact_option, &o, &status);
    if (path == NULL) return status;
    gjk_real speculative = o.distance;
    scene s;
    status = load_scene_flags(&s, path, SCENE_COMPOUNDS);
    if (status != EXIT_OK) return status;
    writer w = {stdout, -1, 0};
    for (w.pair = 0; w.pair < s.pair_count; w.pair++) {
        scene_pair p = s.pairs[w.pair];
        if (scene_pair_has_compound(&s, p)) {
            status = manifold_compound_pair(&w, &s, p, speculative);
            if (status != EXIT_OK) break;
            continue;
        }
        fprintf(w.out, "{\"a\": %d, \"b\": %d, ", p.a, p.b);
        if (s.dim == 3) {
            gjk_pair3 q = {&s.shapes3[p.a], s.poses3[p.a], &s.shapes3[p.b], s.poses3[p.b]};
            gjk_manifold3 m = gjk_collide3(&q, speculative, NULL);
            out_manifold3(&w, &m);
        } else {
            gjk_pair2 q = {&s.shapes2[p.a], s.poses2[p.a], &s.shapes2[p.b], s.poses2[p.b]};
            gjk_manifold2 m = gjk_collide2(&q, speculative, NULL);
            out_manifold2(&w, &m);
        }
        fputs("}\n", w.out);
    }
    scene_free(&s);
    return status != EXIT_OK ? finish_output(status) : finish_lines(&w, "pair");
}

/* The head of a ray's line; a miss has no fraction (null). */
static void put_ray_head(writer *w, gjk_status status, bool hit, bool inside, gjk_real fraction) {
    fprintf(w->out, "\"status\": \"%s\", \"hit\": %s, \"inside\": %s", gjk_status_string(status),
            hit ? "true" : "false", inside ? "true" : "false");
    if (hit) {
        fputs(", \"fraction\": ", w->out);
        out_real(w, fraction);
    } else {
        out_null(w, "fraction");
    }
}

/* `gjk raycast SCENE`: every ray against every shape, rays outermost. A ray whose origin is inside a shape is a hit
   at fraction 0 with "inside": true (gjk/ray.h). */
int cmd_raycast(int argc, char **argv) {
    int status = EXIT_OK;
    const char *path = cli_parse("raycast", argc, argv, NULL, 0, set_contact_option, NULL, &status);
    if (path == NULL) return status;
    scene s;
    status = load_scene_flags(&s, path, SCENE_COMPOUNDS);
    if (status != EXIT_OK) return status;
    writer w = {stdout, -1, 0};
    for (int k = 0; k < s.ray_count; k++) {
        w.pair = k;
        for (int i = 0; i < s.shape_count; i++) {
            fprintf(w.out, "{\"ray\": %d, \"shape\": %d, ", k, i);
            int part = -1;
            bool compound = scene_is_compound(&s, i);
            if (s.dim == 3) {
                gjk_ray_result3 r;
                if (compound) {
                    gjk_compound_ray_result3 c = gjk_compound_raycast3(s.compounds3[i], s.poses3[i], &s.rays3[k]);
                    r = c.ray;
                    part = c.part;
                } else {
                    r = gjk_raycast3(&s.shapes3[i], s.poses3[i], &s.rays3[k]);
                }
                put_ray_head(&w, r.status, r.hit, r.inside, r.fraction);
                if (r.hit) out_vec3(&w, "point", r.point);
                else out_null(&w, "point");
                /* no normal for a miss, nor for a point query (zero translation) starting inside */
                if (r.hit && gjk_len_sq3(r.normal) > 0) out_vec3(&w, "normal", r.normal);
                else out_null(&w, "normal");
            } else {
                gjk_ray_result2 r;
                if (compound) {
                    gjk_compound_ray_result2 c = gjk_compound_raycast2(s.compounds2[i], s.poses2[i], &s.rays2[k]);
                    r = c.ray;
                    part = c.part;
                } else {
                    r = gjk_raycast2(&s.shapes2[i], s.poses2[i], &s.rays2[k]);
                }
                put_ray_head(&w, r.status, r.hit, r.inside, r.fraction);
                if (r.hit) out_vec2(&w, "point", r.point);
                else out_null(&w, "point");
                if (r.hit && gjk_len_sq2(r.normal) > 0) out_vec2(&w, "normal", r.normal);
                else out_null(&w, "normal");
            }
            if (compound && part >= 0) fprintf(w.out, ", \"part\": %d", part);
            else if (compound) out_null(&w, "part");
            fputs("}\n", w.out);
        }
    }
    scene_free(&s);
    return finish_lines(&w, "ray");
}

/* The name of a cast's outcome in the output (cli.h). */
const char *cast_state_name(gjk_cast_state state) {
    switch (state) {
    case GJK_CAST_HIT: return "hit";
    case GJK_CAST_SEPARATED: return "separated";
    case GJK_CAST_OVERLAPPED: return "overlapped";
    case GJK_CAST_FAILED: return "failed";
    }
    return "failed";
}

bool cast_has_contact(gjk_cast_state state) { return state == GJK_CAST_HIT || state == GJK_CAST_OVERLAPPED; }

static void put_cast_head(writer *w, gjk_status status, gjk_cast_state state, bool hit, gjk_real t) {
    fprintf(w->out, "\"status\": \"%s\", \"state\": \"%s\", \"hit\": %s, \"t\": ", gjk_status_string(status),
            cast_state_name(state), hit ? "true" : "false");
    out_real(w, t);
}

/* The contact fields of a cast: normal and point, or null when the cast has no contact. */
static void put_cast_contact3(writer *w, const gjk_cast_result3 *r) {
    if (cast_has_contact(r->state)) {
        out_vec3(w, "normal", r->normal);
        out_vec3(w, "point", r->point);
    } else {
        out_null(w, "normal");
        out_null(w, "point");
    }
}

static void put_cast_contact2(writer *w, const gjk_cast_result2 *r) {
    if (cast_has_contact(r->state)) {
        out_vec2(w, "normal", r->normal);
        out_vec2(w, "point", r->point);
    } else {
        out_null(w, "normal");
        out_null(w, "point");
    }
}

/* A pair with a compound: gjk_compound_cast3() / _2, each compound moving by its shape's motion about its own
   origin; the fields of a convex pair's line, then the deciding part pair (null when none decides: separated).
   EXIT_OK, or the status after a message. */
static int cast_compound_pair(writer *w, const scene *s, scene_pair p, gjk_real target, bool ignore) {
    gjk_status made;
    if (s->dim == 3) {
        gjk_compound_cast_input3 in;
        memset(&in, 0, sizeof in);
        gjk_compound3 *own[2];
        if ((made = compound_pair3(s, p, &in.pair, own)) == GJK_OK) {
            in.motion_a = s->motions3[p.a];
            in.motion_b = s->motions3[p.b];
            in.target_distance = target;
            in.ignore_separating = ignore;
            gjk_compound_cast_result3 r = gjk_compound_cast3(&in);
            fprintf(w->out, "{\"a\": %d, \"b\": %d, ", p.a, p.b);
            put_cast_head(w, r.cast.status, r.cast.state, r.cast.hit, r.cast.t);
            put_cast_contact3(w, &r.cast);
            out_parts(w, r.part_a, r.part_b);
            fputs("}\n", w->out);
        }
        compound_pair_free3(own);
    } else {
        gjk_compound_cast_input2 in;
        memset(&in, 0, sizeof in);
        gjk_compound2 *own[2];
        if ((made = compound_pair2(s, p, &in.pair, own)) == GJK_OK) {
            in.motion_a = s->motions2[p.a];
            in.motion_b = s->motions2[p.b];
            in.target_distance = target;
            in.ignore_separating = ignore;
            gjk_compound_cast_result2 r = gjk_compound_cast2(&in);
            fprintf(w->out, "{\"a\": %d, \"b\": %d, ", p.a, p.b);
            put_cast_head(w, r.cast.status, r.cast.state, r.cast.hit, r.cast.t);
            put_cast_contact2(w, &r.cast);
            out_parts(w, r.part_a, r.part_b);
            fputs("}\n", w->out);
        }
        compound_pair_free2(own);
    }
    return made == GJK_OK ? EXIT_OK : compound_wrap_failed(made);
}

/* `gjk cast SCENE [--target D] [--ignore-separating]`: each pair over one step of its shapes' motions; contact
   when the shapes come within D (gjk_cast_input3.target_distance); with the flag, a pair already within D that
   moves apart is not a hit (ignore_separating). */
int cmd_cast(int argc, char **argv) {
    int status = EXIT_OK;
    contact_options o = {0, false};
    const char *path = cli_parse("cast", argc, argv, cast_options, 2, set_contact_option, &o, &status);
    if (path == NULL) return status;
    gjk_real target = o.distance;
    bool ignore = o.flag;
    scene s;
    status = load_scene_flags(&s, path, SCENE_COMPOUNDS);
    if (status != EXIT_OK) return status;
    writer w = {stdout, -1, 0};
    for (w.pair = 0; w.pair < s.pair_count; w.pair++) {
        scene_pair p = s.pairs[w.pair];
        if (scene_pair_has_compound(&s, p)) {
            status = cast_compound_pair(&w, &s, p, target, ignore);
            if (status != EXIT_OK) break;
            continue;
        }
        fprintf(w.out, "{\"a\": %d, \"b\": %d, ", p.a, p.b);
        if (s.dim == 3) {
            gjk_cast_input3 in;
            memset(&in, 0, sizeof in);
            in.pair = (gjk_pair3){&s.shapes3[p.a], s.poses3[p.a], &s.shapes3[p.b], s.poses3[p.b]};
            in.motion_a = s.motions3[p.a];
            in.motion_b = s.motions3[p.b];
            in.target_distance = target;
            in.ignore_separating = ignore;
            gjk_cast_result3 r = gjk_shape_cast3(&in);
            put_cast_head(&w, r.status, r.state, r.hit, r.t);
            put_cast_contact3(&w, &r);
        } else {
            gjk_cast_input2 in;
            memset(&in, 0, sizeof in);
            in.pair = (gjk_pair2){&s.shapes2[p.a], s.poses2[p.a], &s.shapes2[p.b], s.poses2[p.b]};
            in.motion_a = s.motions2[p.a];
            in.motion_b = s.motions2[p.b];
            in.target_distance = target;
            in.ignore_separating = ignore;
            gjk_cast_result2 r = gjk_shape_cast2(&in);
            put_cast_head(&w, r.status, r.state, r.hit, r.t);
            put_cast_contact2(&w, &r);
        }
        fputs("}\n", w.out);
    }
    scene_free(&s);
    return status != EXIT_OK ? finish_output(status) : finish_lines(&w, "pair");
}
