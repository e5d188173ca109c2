// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Inside the scene loader (not for commands: they use scene.h). The loader is two files: scene.c reads the document
   (dim, the shapes array, pairs, the file itself) and holds what both share, declared here; scene_shape.c reads one
   shape object (type, sizes, points, margin, pose), and a compound's parts, each one such object. */
#ifndef GJK_TOOLS_SCENE_LOADER_H
#define GJK_TOOLS_SCENE_LOADER_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "scene.h"

/* State shared by the parsing functions: where to write the message, and which shape is being read. */
typedef struct loader {
    char *err;
    size_t err_size;
    scene_status status; /* set by loader_fail() / loader_out_of_memory() */
    int dim;
    int index;        /* shape index, or -1 outside shapes */
    int part;         /* part index inside a compound's "parts", or -1 */
    const char *type; /* the shape's (or part's) type name, for messages */
    unsigned flags;   /* scene_parse_flags()'s flags */
    int part_hull_capacity; /* room in the scene's part_hulls3 / part_hulls2 */
} loader;

#if defined(__GNUC__)
#define SCENE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SCENE_PRINTF(f, a)
#endif

/* Write "shape N: <message>" ("shape N: part K: <message>" inside a compound's part, just the message outside
   shapes) and return false. */
bool loader_fail(loader *ld, const char *fmt, ...) SCENE_PRINTF(2, 3);

/* Write "out of memory" and return false. */
bool loader_out_of_memory(loader *ld);

/* A JSON number whose value is finite as a gjk_real, as a double (for exact integer and sign tests). */
bool loader_double(const cJSON *item, double *out);

/* Exactly n finite numbers (as loader_double()) in a JSON array. */
bool loader_doubles(const cJSON *item, double *out, int n);

/* Each of the n values at most SCENE_MAX_COORD in magnitude; otherwise a message naming `what` (and the index when
   n > 1) and false. */
bool loader_within_bound(loader *ld, const char *what, const double *v, int n);

/* The member `name` of an object, or NULL. */
const cJSON *loader_field(const cJSON *obj, const char *name);

/* Every member of `obj` is one of `names` (at most 16), each at most once: a misspelt key is an error rather than a
   field silently left at its default, and JSON leaves a repeated name's meaning open. The message starts with
   `where` ("ray 2"; "" inside a shape, which loader_fail() names) and suggests the nearest name, if one is close;
   `hint` (may be NULL) follows the key, e.g. " for a box". */
bool loader_check_keys(loader *ld, const cJSON *obj, const char *where, const char *const *names, int count,
                       const char *hint);

/* Shape ld->index of scene s (its arrays allocated for ld->dim) from the JSON object `obj` (scene_shape.c). */
bool loader_read_shape(loader *ld, scene *s, const cJSON *obj);

#endif
