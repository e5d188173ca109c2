// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* What the commands of the gjk tool share (gjk_cli.c and output.c define these): exit statuses, number format,
   usage text, the scene loader with its messages, JSON lines, and the final flush of standard output. */
#ifndef GJK_TOOLS_CLI_H
#define GJK_TOOLS_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "scene.h"

enum { EXIT_OK = 0, EXIT_IO = 1, EXIT_USAGE = 2, EXIT_NONFINITE = 3 };

/* Round-trip exact: 17 significant digits for double, 9 for float. */
#if GJK_USE_FLOAT
#define REAL_FORMAT "%.9g"
#define REAL_NAME "float"
#else
#define REAL_FORMAT "%.17g"
#define REAL_NAME "double"
#endif

/* The usage text, listing every command. */
void usage(FILE *out);

/* Flush stdout and report a write error (full disk, closed pipe): returns `status`, or EXIT_IO after a write error. */
int finish_output(int status);

/* Load and validate a scene, reporting any problem on stderr ("gjk: shape 3: ..."). Returns EXIT_OK or the exit
   status to return (EXIT_USAGE for an invalid scene, EXIT_IO when out of memory). */
int load_scene(scene *s, const char *path);
/* The same with scene_load_flags()'s flags (SCENE_NO_DEFAULT_PAIRS). */
int load_scene_flags(scene *s, const char *path, unsigned flags);

/* ---- JSON lines (output.c) ---- */
/* Writes numbers as JSON: a non-finite value (a library bug) becomes null and is remembered. */
typedef struct writer {
    FILE *out;
    int first_bad_pair; /* index of the first pair (or item) with a non-finite number, or -1 */
    int pair;           /* pair (or item) being written */
} writer;
void out_real(writer *w, gjk_real v);
/* `[x, y, z]` and `[x, y]`. */
void out_array3(writer *w, gjk_vec3 v);
void out_array2(writer *w, gjk_vec2 v);
/* `, "key": [x, y, z]` and `, "key": [x, y]`. */
void out_vec3(writer *w, const char *key, gjk_vec3 v);
void out_vec2(writer *w, const char *key, gjk_vec2 v);

/* `, "key": null`: a field with no meaning in this answer (a ray's point when it misses). */
void out_null(writer *w, const char *key);
/* `, "bounds": [lower, upper]`: a query's certified interval of the signed distance, null for an end the query did
   not bound (+-GJK_REAL_MAX). */
void out_bounds(writer *w, gjk_real lower, gjk_real upper);
/* `, "id": n, "feature_a": "face 3", "feature_b": "vertex 5"`: a manifold point's id and the two features it names
   (docs/cli.md, "Feature ids"). */
void out_feature_id(writer *w, uint32_t id);

/* A signed-distance answer as `gjk query` prints it: `{"a": .., "b": .., "status", "intersect", "distance",
   "normal", "point_a", "point_b", "iterations", "bounds"`, without the closing brace, for the caller to add fields. */
void out_query3(writer *w, scene_pair p, const gjk_result3 *r);
void out_query2(writer *w, scene_pair p, const gjk_result2 *r);
/* A manifold's fields as `gjk manifold` prints them after the pair: `"status": .., "normal": [..], "points": [..]`,
   without braces (contacts.c). */
void out_manifold3(writer *w, const gjk_manifold3 *m);
void out_manifold2(writer *w, const gjk_manifold2 *m);

/* ---- compound shapes (compounds.c) ---- */
/* Whether shape i of the scene is a compound, and whether pair p has one (then the commands answer it through
   gjk/compound.h; a pair of two convex shapes keeps the convex entry points). */
bool scene_is_compound(const scene *s, int shape);
bool scene_pair_has_compound(const scene *s, scene_pair p);
/* Pair p as two compounds, its convex side a compound of that one shape (part 0, at the identity) created in own[]
   (free it with compound_pair_free3() whatever the answer). GJK_OK, or the status of a creation that failed (out of
   memory). */
gjk_status compound_pair3(const scene *s, scene_pair p, gjk_compound_pair3 *out, gjk_compound3 *own[2]);
gjk_status compound_pair2(const scene *s, scene_pair p, gjk_compound_pair2 *out, gjk_compound2 *own[2]);
void compound_pair_free3(gjk_compound3 *own[2]);
void compound_pair_free2(gjk_compound2 *own[2]);
/* The message and exit status when compound_pair3() / compound_pair2() failed with `status`. */
int compound_wrap_failed(gjk_status status);
/* gjk_compound_collide3() / _2 of the pair into a new array of *count contacts (free() it), or NULL when out of
   memory. */
gjk_compound_contact3 *compound_collide3(const gjk_compound_pair3 *pair, gjk_real speculative, int *count,
                                         gjk_status *status);
gjk_compound_contact2 *compound_collide2(const gjk_compound_pair2 *pair, gjk_real speculative, int *count,
                                         gjk_status *status);
/* `, "part_a": i, "part_b": j`, null for a part of -1 (no deciding part pair). */
void out_parts(writer *w, int part_a, int part_b);
/* `{"part_a": i, "part_b": j, "status": .., "normal": .., "points": [..]}`, item i of a "manifolds" array (a comma
   first unless i is 0). */
void out_part_manifold3(writer *w, int i, int part_a, int part_b, const gjk_manifold3 *m);
void out_part_manifold2(writer *w, int i, int part_a, int part_b, const gjk_manifold2 *m);
/* `, "manifolds": [..]`: one object as out_part_manifold3() / _2 writes per contact, in the array's order. */
void out_compound_contacts3(writer *w, const gjk_compound_contact3 *contacts, int count);
void out_compound_contacts2(writer *w, const gjk_compound_contact2 *contacts, int count);

/* ---- options (options.c) ---- */
/* One option of a command: `--name`, and `-c` when short_name is not 0. `value` is NULL for a flag, else what the
   value must be, for messages ("a distance >= 0"), and `metavar` its name in the usage line ("D"). */
typedef struct cli_option {
    const char *name;
    int short_name;
    const char *metavar;
    const char *value;
} cli_option;
#define CLI_MAX_OPTIONS 8
/* Takes option `which` (an index in the command's table) with its value (NULL for a flag); false: a bad value. */
typedef bool cli_setter(void *ctx, int which, const char *value);

/* The command's arguments (argv[0] is the command's name): its options, each through `set`, and exactly one SCENE
   (a path, or - for standard input), before, between or after them. Returns SCENE; or NULL with *status set, after
   printing the usage for -h / --help (EXIT_OK) or one line naming the option at fault (EXIT_USAGE). */
const char *cli_parse(const char *command, int argc, char **argv, const cli_option *opts, int count,
                      cli_setter *set, void *ctx, int *status);

/* A distance option's value: a number >= 0 within the scene's bound on coordinates. */
bool cli_parse_distance(const char *text, gjk_real *out);

/* Flush the lines written and report a non-finite number ("gjk: pair 3: ..."; `item` names what w->pair counts). */
int finish_lines(const writer *w, const char *item);

/* The contact commands (contacts.c; render's is in render.h). */
int cmd_manifold(int argc, char **argv);
int cmd_raycast(int argc, char **argv);
int cmd_cast(int argc, char **argv);
/* `gjk world` (world.c). */
int cmd_world(int argc, char **argv);
/* The name of a cast's state in JSON and SVG output: hit, separated, overlapped, failed (contacts.c). */
const char *cast_state_name(gjk_cast_state state);
/* Whether a cast's normal and point mean a contact: at a hit and at an overlap at t = 0 (hit or not); when the shapes
   stay apart, or the iteration cap stops the cast, they are only the closest points at t, and the JSON prints them
   as null and the SVG leaves them out (contacts.c). */
bool cast_has_contact(gjk_cast_state state);

#endif
