// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Scene files of the gjk tool: a JSON document describing shapes, their poses and the pairs to query. The format is
   described in docs/cli.md, "Scene format". Only the tool uses this (and cJSON); the library knows nothing of it.

   Every command calls scene_load(), which validates the whole document, builds the shapes (creating hulls) and
   lists the pairs and rays, so that a command can check its input completely before it writes any output. Every key
   at every level is known to the loader or an error: a field for a new command is added to the loader's lists
   (scene.c, scene_shape.c) before the command reads it from `scene.json`; the scene_json_* helpers parse numbers
   and vectors with the same rules as the loader (finite, in the build's precision). */
#ifndef GJK_TOOLS_SCENE_H
#define GJK_TOOLS_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "gjk/gjk.h"

/* Largest magnitude of a coordinate or size (position, points, sizes, margin) a scene may give: the library's
   bound on 3D input (gjk/query.h, "Bad input": beyond it a 3D query is GJK_INVALID_INPUT), applied to 2D scenes
   too, so that no pair's arithmetic can overflow and every valid scene gives a valid query. */
#if GJK_USE_FLOAT
#define SCENE_MAX_COORD 1e18
#else
#define SCENE_MAX_COORD 1e150
#endif

/* Most pairs the default "every pair" rule may produce; larger scenes must list their pairs. */
#define SCENE_MAX_DEFAULT_PAIRS (1 << 24)

/* Room for one error message, enough for every message the loader writes. */
#define SCENE_ERROR_SIZE 512

typedef enum scene_status {
    SCENE_OK = 0,
    SCENE_INVALID,      /* unreadable file, malformed JSON or an invalid scene: the message says which */
    SCENE_OUT_OF_MEMORY /* allocation failed */
} scene_status;

/* Two shape indices to query, A then B. */
typedef struct scene_pair {
    int a, b;
} scene_pair;

/* A loaded scene. In 3D (dim 3) shapes3/poses3 are set and shapes2/poses2 are NULL; in 2D the reverse.

   A shape of type "compound" (loaded only with SCENE_COMPOUNDS) is compounds3[i] / compounds2[i], standing at
   poses3[i] / poses2[i] and moving by motions3[i] / motions2[i]; its entry in shapes3 / shapes2 is a shape of the
   type count, which the library answers with GJK_INVALID_INPUT, so that a command reading it as a convex shape by
   mistake gets no answer rather than a wrong one. */
typedef struct scene {
    int dim;            /* 2 or 3 */
    int shape_count;    /* number of shapes (may be 0) */
    gjk_shape3 *shapes3; /* [shape_count], dim 3 */
    gjk_pose3 *poses3;   /* [shape_count], dim 3 */
    gjk_shape2 *shapes2; /* [shape_count], dim 2 */
    gjk_pose2 *poses2;   /* [shape_count], dim 2 */
    gjk_hull3 **hulls3;  /* [shape_count] hulls owned by the scene (NULL entries for other shapes), dim 3 */
    gjk_hull2 **hulls2;  /* [shape_count], dim 2 */
    gjk_motion3 *motions3; /* [shape_count] "velocity" and "angular" over a step (zero by default), dim 3 */
    gjk_motion2 *motions2; /* [shape_count], dim 2 */
    int compound_count;    /* shapes of type "compound" */
    gjk_compound3 **compounds3; /* [shape_count] (NULL entries for convex shapes; the array NULL without compounds) */
    gjk_compound2 **compounds2; /* [shape_count], dim 2 */
    int part_hull_count;       /* the hulls of compounds' parts, owned by the scene (the compounds borrow them) */
    gjk_hull3 **part_hulls3;   /* [part_hull_count], dim 3 */
    gjk_hull2 **part_hulls2;   /* [part_hull_count], dim 2 */
    int pair_count;
    scene_pair *pairs;   /* [pair_count], in file order (or i < j order by default) */
    int ray_count;       /* entries of "rays" (0 without) */
    gjk_ray3 *rays3;     /* [ray_count], dim 3 */
    gjk_ray2 *rays2;     /* [ray_count], dim 2 */
    cJSON *json;         /* the parsed document, owned by the scene */
} scene;

/* Read and validate the scene at `path` ("-" reads standard input). On success fills *s (free it with
   scene_free()). On failure *s is left empty (scene_free() is harmless) and `err` holds one message without a
   trailing newline or program name, e.g. "shape 3: box half_extents must be 3 positive numbers". */
scene_status scene_load(scene *s, const char *path, char *err, size_t err_size);

/* The same from text already in memory; `name` is used in messages about the text ("scene.json: invalid JSON
   near line 4, column 7"). */
scene_status scene_parse(scene *s, const char *text, size_t length, const char *name, char *err, size_t err_size);

/* How scene_load_flags() and scene_parse_flags() read a scene: 0 as scene_load(), or an or of
   - SCENE_NO_DEFAULT_PAIRS: a scene without "pairs" has none (pair_count 0) instead of every pair i < j, for a
     command that finds its own pairs (gjk world), so that a scene of any size loads. A "pairs" list that is given is
     still read and checked.
   - SCENE_COMPOUNDS: shapes of type "compound" are loaded (compounds3 / compounds2), for a command that answers them
     through gjk/compound.h; without it such a shape is an error, so that no command meets one it cannot answer. */
enum { SCENE_NO_DEFAULT_PAIRS = 1, SCENE_COMPOUNDS = 2 };
scene_status scene_load_flags(scene *s, const char *path, unsigned flags, char *err, size_t err_size);
scene_status scene_parse_flags(scene *s, const char *text, size_t length, const char *name, unsigned flags, char *err,
                               size_t err_size);

/* Destroy the compounds and hulls and free everything the scene owns; leaves *s empty. */
void scene_free(scene *s);

/* Helpers for commands reading their own fields. Each returns false (and leaves *out unchanged) unless `item` is
   a JSON number, or an array of exactly 2 / 3 numbers, whose values are finite in gjk_real. */
bool scene_json_real(const cJSON *item, gjk_real *out);
bool scene_json_vec2(const cJSON *item, gjk_vec2 *out);
bool scene_json_vec3(const cJSON *item, gjk_vec3 *out);

/* The name in `names` nearest to `word` when it is close enough to be a slip of the keyboard (edit distance, case
   ignored), else NULL: the "did you mean" of the loader's and the options' messages. */
const char *scene_nearest_name(const char *word, const char *const *names, int count);

/* A user string fit for a message: at most 40 characters (then "..."), anything but printable ASCII shown as '?'. */
void scene_printable(char *out, size_t out_size, const char *in);

#endif
