// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk: the command-line tool. `gjk query SCENE` loads a JSON scene (tools/scene.c, format in docs/cli.md)
   and prints one JSON object per pair with the signed distance, normal, closest points and the certified interval of
   the distance (`--tolerance T` lets the library stop early, within that interval); `gjk render SCENE -o FILE`
   draws the scene as SVG (tools/render.c); `gjk manifold`, `gjk raycast` and `gjk cast` are in tools/contacts.c.

   Exit status: 0 success; 1 output or memory error; 2 wrong usage, unreadable file or invalid scene (one message on
   stderr, nothing on stdout); 3 the library returned a non-finite number (printed as null, the bug reported on
   stderr). New commands add a row to `commands` and reuse load_scene() and the helpers in cli.h. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gjk/gjk.h"
#include "render.h"
#include "scene.h"

typedef int command_fn(int argc, char **argv);

static int cmd_query(int argc, char **argv);

static const struct command {
    const char *name;
    const char *args;
    const char *summary;
    command_fn *run;
} commands[] = {
    {"query", "SCENE [--tolerance T]",
     "signed distance, normal, closest points and certified bounds of each pair, one JSON object per line", cmd_query},
    {"manifold", "SCENE [-s D | --speculative D]",
     "contact manifold of each pair: normal and up to 4 points (2 in 2D) within D (default 0), one line each",
     cmd_manifold},
    {"raycast", "SCENE", "each of the scene's rays against each shape: hit, fraction, point, normal, one line each",
     cmd_raycast},
    {"cast", "SCENE [-t D | --target D] [-i | --ignore-separating]",
     "time of first contact of each pair moving by its shapes' velocity and angular, one line each", cmd_cast},
    {"world", "SCENE [--margin D] [--manifold]",
     "every pair of shapes within D (default 0), no pairs list needed: query's fields (+ manifold), one line each",
     cmd_world},
    {"render", "SCENE -o FILE [-w N | --width N] [-s D | --speculative D]",
     "draw the scene as SVG: shapes, closest points or penetration of each pair, labels (3D: a fixed oblique view)",
     cmd_render},
};

void usage(FILE *out) {
    fputs("usage: gjk COMMAND [ARGS]\n"
          "       gjk --help | --version\n"
          "\n"
          "commands:\n",
          out);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        fprintf(out, "  gjk %s %s\n      %s\n", commands[i].name, commands[i].args, commands[i].summary);
    }
    fputs("\n"
          "SCENE is a JSON scene file, or - for standard input. Options may come before or after it, as\n"
          "--speculative 0.1, --speculative=0.1, -s 0.1 or -s0.1. The scene format (docs/cli.md):\n"
          "  {\"dim\": 3, \"shapes\": [{\"type\": \"box\", \"half_extents\": [1, 1, 1], \"position\": [x, y, z],\n"
          "    \"rotation\": [w, x, y, z]}, ...], \"pairs\": [[0, 1], ...], \"rays\": [...]}\n"
          "  3D rotation: a quaternion [w, x, y, z] (scalar first; normalised for you), or \"axis_angle\":\n"
          "  [x, y, z, radians] (any nonzero axis); 2D rotation: an angle in radians, counter-clockwise.\n"
          "  An unknown key is an error. A compound: {\"type\": \"compound\", \"parts\": [shape, ...], \"position\": ...},\n"
          "  each part a convex shape posed in the compound's frame (not taken by render).\n"
          "query: --tolerance T lets GJK and EPA stop once the distance's certified bounds are at most T times the\n"
          "       pair's size apart (T >= 0; default: as tight as the precision allows).\n"
          "manifold: --speculative D also reports points up to D apart (D >= 0).\n"
          "cast: --target D is contact when the shapes come within D (default 0); --ignore-separating: a pair already\n"
          "      within D whose motion takes it apart is not a hit.\n"
          "world: --margin D reports the pairs whose signed distance is at most D (D >= 0); --manifold adds each\n"
          "       pair's manifold as manifold --speculative D prints it. The scene's pairs are ignored (not needed).\n"
          "render: -o FILE is the SVG to write (- for standard output), --width N its width in pixels (default 800),\n"
          "        --speculative D as for manifold (the contact points drawn).\n"
          "Exit status: 0 success, 1 output or memory error, 2 invalid usage or scene, 3 non-finite result.\n",
          out);
}

int finish_output(int status) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "gjk: error writing output: %s\n", strerror(errno));
        return EXIT_IO;
    }
    return status;
}

int load_scene(scene *s, const char *path) { return load_scene_flags(s, path, 0); }

int load_scene_flags(scene *s, const char *path, unsigned flags) {
    char err[SCENE_ERROR_SIZE];
    scene_status status = scene_load_flags(s, path, flags, err, sizeof err);
    if (status == SCENE_OK) return EXIT_OK;
    fprintf(stderr, "gjk: %s\n", err);
    return status == SCENE_OUT_OF_MEMORY ? EXIT_IO : EXIT_USAGE;
}

/* ---- commands -------------------------------------------------------------------------------------------------- */

static const cli_option query_options[] = {{"tolerance", 0, "T", "a relative tolerance >= 0, e.g. 1e-4"}};

/* --tolerance: a finite number >= 0 (gjk_options::tolerance), written out in full. */
static bool set_query_option(void *ctx, int which, const char *value) {
    (void)which;
    gjk_options *o = ctx;
    char *end = NULL;
    double t = strtod(value, &end);
    if (end == value || *end != '\0' || !(t >= 0) || !(t <= (double)GJK_REAL_MAX)) return false;
    o->tolerance = (gjk_real)t;
    return true;
}

/* A pair with a compound: gjk_compound_query3() / _2 (the convex side a compound of one part), its line the query's
   fields and the deciding parts. EXIT_OK, or the status after a message when the convex side could not be wrapped. */
static int query_compound_pair(writer *w, const scene *s, scene_pair p, const gjk_options *options) {
    if (s->dim == 3) {
        gjk_compound_pair3 q;
        gjk_compound3 *own[2];
        gjk_status made = compound_pair3(s, p, &q, own);
        if (made == GJK_OK) {
            gjk_compound_result3 r = gjk_compound_query3(GJK_QUERY_SIGNED_DISTANCE, &q, options);
            out_query3(w, p, &r.result);
            out_parts(w, r.part_a, r.part_b);
        }
        compound_pair_free3(own);
        return made == GJK_OK ? EXIT_OK : compound_wrap_failed(made);
    }
    gjk_compound_pair2 q;
    gjk_compound2 *own[2];
    gjk_status made = compound_pair2(s, p, &q, own);
    if (made == GJK_OK) {
        gjk_compound_result2 r = gjk_compound_query2(GJK_QUERY_SIGNED_DISTANCE, &q, options);
        out_query2(w, p, &r.result);
        out_parts(w, r.part_a, r.part_b);
    }
    compound_pair_free2(own);
    return made == GJK_OK ? EXIT_OK : compound_wrap_failed(made);
}

static int cmd_query(int argc, char **argv) {
    int status = EXIT_OK;
    gjk_options options = {0, 0, 0};
    const char *path = cli_parse("query", argc, argv, query_options, 1, set_query_option, &options, &status);
    if (path == NULL) return status;
    scene s;
    status = load_scene_flags(&s, path, SCENE_COMPOUNDS);
    if (status != EXIT_OK) return status;
    writer w = {stdout, -1, 0};
    for (w.pair = 0; w.pair < s.pair_count; w.pair++) {
        scene_pair p = s.pairs[w.pair];
        if (scene_pair_has_compound(&s, p)) {
            status = query_compound_pair(&w, &s, p, &options);
            if (status != EXIT_OK) break;
        } else if (s.dim == 3) {
            gjk_pair3 q = {&s.shapes3[p.a], s.poses3[p.a], &s.shapes3[p.b], s.poses3[p.b]};
            gjk_result3 r = gjk_query3(GJK_QUERY_SIGNED_DISTANCE, &q, &options, NULL);
            out_query3(&w, p, &r);
        } else {
            gjk_pair2 q = {&s.shapes2[p.a], s.poses2[p.a], &s.shapes2[p.b], s.poses2[p.b]};
            gjk_result2 r = gjk_query2(GJK_QUERY_SIGNED_DISTANCE, &q, &options, NULL);
            out_query2(&w, p, &r);
        }
        fputs("}\n", w.out);
    }
    scene_free(&s);
    return status != EXIT_OK ? finish_output(status) : finish_lines(&w, "pair");
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "help") == 0) {
        usage(stdout);
        return finish_output(EXIT_OK);
    }
    if (strcmp(name, "--version") == 0) {
        printf("gjk %d.%d.%d (%s)\n", GJK_VERSION_MAJOR, GJK_VERSION_MINOR, GJK_VERSION_PATCH, REAL_NAME);
        return finish_output(EXIT_OK);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(name, commands[i].name) == 0) return commands[i].run(argc - 1, argv + 1);
    }
    if (name[0] == '-') fprintf(stderr, "gjk: unknown option \"%s\"\n", name);
    else fprintf(stderr, "gjk: unknown command \"%s\"\n", name);
    usage(stderr);
    return EXIT_USAGE;
}
