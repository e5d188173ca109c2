// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* What the commands of the gjk tool share (gjk_cli.c and output.c define these): exit statuses, number format,
   usage text, the scene loader with its messages, JSON lines, and the final flush of standard output. */
#ifndef GJK_TOOLS_CLI_H
#define GJK_TOOLS_CLI_H

#include <stdbool.h>
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

/* The single SCENE argument of a command, or NULL after reporting wrong usage (or printing the help for -h). */
const char *scene_argument(const char *command, int argc, char **argv, int *status);

/* Flush the lines written and report a non-finite number ("gjk: pair 3: ..."; `item` names what w->pair counts). */
int finish_lines(const writer *w, const char *item);

/* The contact commands (contacts.c; render's is in render.h). */
int cmd_manifold(int argc, char **argv);
int cmd_raycast(int argc, char **argv);
int cmd_cast(int argc, char **argv);
/* The name of a cast's state in JSON and SVG output: hit, separated, overlapped, failed (contacts.c). */
const char *cast_state_name(gjk_cast_state state);

#endif
