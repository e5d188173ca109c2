// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The contact commands of the gjk tool: `gjk manifold` (contact manifolds, gjk/manifold.h), `gjk raycast` (the
   scene's rays against every shape, gjk/ray.h) and `gjk cast` (time of impact of each pair moving by its shapes'
   "velocity" and "angular", gjk/cast.h). Each reads the scene like `gjk query` (and rejects it the same way) and
   prints one JSON object per line. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A distance option's value: a number >= 0 within the scene's bound on coordinates. */
static bool parse_distance(const char *text, gjk_real *out) {
    char *end = NULL;
    double d = strtod(text, &end);
    if (end == text || *end != '\0' || !(d >= 0) || d > SCENE_MAX_COORD) return false;
    *out = (gjk_real)d;
    return true;
}

/* The options a contact command takes, before or after SCENE: `distance` names its distance option (NULL: none)
   and `flag` its flag (NULL: none). Returns the scene's path, or NULL with *status set after a message. */
static const char *contact_arguments(const char *cmd, int argc, char **argv, const char *distance, gjk_real *value,
                                     const char *flag, bool *flag_set, int *status) {
    char *rest[1];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (distance && strcmp(argv[i], distance) == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "gjk: %s: %s needs a distance >= 0\n", cmd, distance);
                *status = EXIT_USAGE;
                return NULL;
            }
            if (!parse_distance(argv[i + 1], value)) {
                fprintf(stderr, "gjk: %s: %s must be a distance >= 0, not \"%s\"\n", cmd, distance, argv[i + 1]);
                *status = EXIT_USAGE;
                return NULL;
            }
            i++;
        } else if (flag && strcmp(argv[i], flag) == 0) {
            *flag_set = true;
        } else if (n < 1) {
            rest[n++] = argv[i];
        } else {
            n = 2; /* too many: scene_argument reports it */
        }
    }
    return scene_argument(cmd, n, n <= 1 ? rest : argv, status);
}

static void put_manifold_head(writer *w, scene_pair p, gjk_status status) {
    fprintf(w->out, "{\"a\": %d, \"b\": %d, \"status\": \"%s\"", p.a, p.b, gjk_status_string(status));
}

/* `{"point_a": [...]` opening point i of a manifold. */
static void put_point_head3(writer *w, int i, gjk_vec3 point_a) {
    fputs(i == 0 ? "{\"point_a\": " : ", {\"point_a\": ", w->out);
    out_array3(w, point_a);
}
static void put_point_head2(writer *w, int i, gjk_vec2 point_a) {
    fputs(i == 0 ? "{\"point_a\": " : ", {\"point_a\": ", w->out);
    out_array2(w, point_a);
}

/* `, "separation": s, "id": n}` closing one point. */
static void put_point_tail(writer *w, gjk_real separation, uint32_t id) {
    fputs(", \"separation\": ", w->out);
    out_real(w, separation);
    fprintf(w->out, ", \"id\": %lu}", (unsigned long)id);
}

/* `gjk manifold SCENE [--speculative D]`. */
int cmd_manifold(int argc, char **argv) {
    int status = EXIT_OK;
    gjk_real speculative = 0;
    const char *path = contact_arguments("manifold", argc, argv, "--speculative", &speculative, NULL, NULL, &status);
    if (path == NULL) return status;
    scene s;
    status = load_scene(&s, path);
    if (status != EXIT_OK) return status;
    writer w = {stdout, -1, 0};
    for (w.pair = 0; w.pair < s.pair_count; w.pair++) {
        scene_pair p = s.pairs[w.pair];
        if (s.dim == 3) {
            gjk_pair3 q = {&s.shapes3[p.a], s.poses3[p.a], &s.shapes3[p.b], s.poses3[p.b]};
            gjk_manifold3 m = gjk_collide3(&q, speculative, NULL);
            put_manifold_head(&w, p, m.status);
            out_vec3(&w, "normal", m.normal);
            fputs(", \"points\": [", w.out);
            for (int i = 0; i < m.count; i++) {
                put_point_head3(&w, i, m.points[i].point_a);
                out_vec3(&w, "point_b", m.points[i].point_b);
                put_point_tail(&w, m.points[i].separation, m.points[i].id);
            }
        } else {
            gjk_pair2 q = {&s.shapes2[p.a], s.poses2[p.a], &s.shapes2[p.b], s.poses2[p.b]};
            gjk_manifold2 m = gjk_collide2(&q, speculative, NULL);
            put_manifold_head(&w, p, m.status);
            out_vec2(&w, "normal", m.normal);
            fputs(", \"points\": [", w.out);
            for (int i = 0; i < m.count; i++) {
                put_point_head2(&w, i, m.points[i].point_a);
                out_vec2(&w, "point_b", m.points[i].point_b);
                put_point_tail(&w, m.points[i].separation, m.points[i].id);
            }
        }
        fputs("]}\n", w.out);
    }
    scene_free(&s);
    return finish_lines(&w, "pair");
}

static void put_ray_head(writer *w, gjk_status status, bool hit, bool inside, gjk_real fraction) {
    fprintf(w->out, "\"status\": \"%s\", \"hit\": %s, \"inside\": %s, \"fraction\": ", gjk_status_string(status),
            hit ? "true" : "false", inside ? "true" : "false");
    out_real(w, fraction);
}

/* `gjk raycast SCENE`: every ray against every shape, rays outermost. A ray whose origin is inside a shape is a hit
   at fraction 0 with "inside": true (gjk/ray.h). */
int cmd_raycast(int argc, char **argv) {
    int status = EXIT_OK;
    const char *path = scene_argument("raycast", argc, argv, &status);
    if (path == NULL) return status;
    scene s;
    status = load_scene(&s, path);
    if (status != EXIT_OK) return status;
    writer w = {stdout, -1, 0};
    for (int k = 0; k < s.ray_count; k++) {
        w.pair = k;
        for (int i = 0; i < s.shape_count; i++) {
            fprintf(w.out, "{\"ray\": %d, \"shape\": %d, ", k, i);
            if (s.dim == 3) {
                gjk_ray_result3 r = gjk_raycast3(&s.shapes3[i], s.poses3[i], &s.rays3[k]);
                put_ray_head(&w, r.status, r.hit, r.inside, r.fraction);
                out_vec3(&w, "point", r.point);
                out_vec3(&w, "normal", r.normal);
            } else {
                gjk_ray_result2 r = gjk_raycast2(&s.shapes2[i], s.poses2[i], &s.rays2[k]);
                put_ray_head(&w, r.status, r.hit, r.inside, r.fraction);
                out_vec2(&w, "point", r.point);
                out_vec2(&w, "normal", r.normal);
            }
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

static void put_cast_head(writer *w, gjk_status status, gjk_cast_state state, bool hit, gjk_real t) {
    fprintf(w->out, "\"status\": \"%s\", \"state\": \"%s\", \"hit\": %s, \"t\": ", gjk_status_string(status),
            cast_state_name(state), hit ? "true" : "false");
    out_real(w, t);
}

/* `gjk cast SCENE [--target D] [--ignore-separating]`: each pair over one step of its shapes' motions; contact
   when the shapes come within D (gjk_cast_input3.target_distance); with the flag, a pair already within D that
   moves apart is not a hit (ignore_separating). */
int cmd_cast(int argc, char **argv) {
    int status = EXIT_OK;
    gjk_real target = 0;
    bool ignore = false;
    const char *path =
        contact_arguments("cast", argc, argv, "--target", &target, "--ignore-separating", &ignore, &status);
    if (path == NULL) return status;
    scene s;
    status = load_scene(&s, path);
    if (status != EXIT_OK) return status;
    writer w = {stdout, -1, 0};
    for (w.pair = 0; w.pair < s.pair_count; w.pair++) {
        scene_pair p = s.pairs[w.pair];
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
            out_vec3(&w, "normal", r.normal);
            out_vec3(&w, "point", r.point);
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
            out_vec2(&w, "normal", r.normal);
            out_vec2(&w, "point", r.point);
        }
        fputs("}\n", w.out);
    }
    scene_free(&s);
    return finish_lines(&w, "pair");
}
