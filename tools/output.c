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

/* The single SCENE argument of a command, or NULL after reporting wrong usage. `-h`/`--help` prints the usage. */
const char *scene_argument(const char *command, int argc, char **argv, int *status) {
    if (argc == 1 && (strcmp(argv[0], "-h") == 0 || strcmp(argv[0], "--help") == 0)) {
        usage(stdout);
        *status = finish_output(EXIT_OK);
        return NULL;
    }
    if (argc != 1 || (argv[0][0] == '-' && argv[0][1] != '\0')) {
        fprintf(stderr, "gjk: %s takes one SCENE argument (a path, or - for standard input)\n", command);
        usage(stderr);
        *status = EXIT_USAGE;
        return NULL;
    }
    return argv[0];
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
