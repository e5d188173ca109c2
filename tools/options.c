// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Command-line options of the gjk tool's commands (cli.h): getopt_long, so that `--speculative 0.1`,
   `--speculative=0.1`, `-s 0.1` and `-s0.1` are one option, options may come before or after SCENE, unique prefixes
   of long names work and `--` ends the options. Every problem is one line on stderr naming the option. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* getopt_long's `val` of an option without a short name: past every character. */
#define LONG_ONLY_VAL 256

/* The option whose getopt_long `val` is `val`, or -1. */
static int find_val(const cli_option *opts, int count, int val) {
    for (int i = 0; i < count; i++) {
        if ((opts[i].short_name != 0 ? opts[i].short_name : LONG_ONLY_VAL + i) == val) return i;
    }
    return -1;
}

/* "unknown option "--specualtive" (did you mean "--speculative"?)": `arg` as typed, up to any '='. */
static void unknown_option(const char *command, const char *arg, const cli_option *opts, int count) {
    char shown[48];
    scene_printable(shown, sizeof shown, arg);
    shown[strcspn(shown, "=")] = '\0';
    const char *names[CLI_MAX_OPTIONS + 1];
    int n = 0;
    for (int i = 0; i < count && n < CLI_MAX_OPTIONS; i++) names[n++] = opts[i].name;
    names[n++] = "help";
    const char *near = strncmp(shown, "--", 2) == 0 ? scene_nearest_name(shown + 2, names, n) : NULL;
    if (near != NULL) {
        fprintf(stderr, "gjk: %s: unknown option \"%s\" (did you mean \"--%s\"?)\n", command, shown, near);
    } else {
        fprintf(stderr, "gjk: %s: unknown option \"%s\" (gjk --help lists the options)\n", command, shown);
    }
}

/* The option as the user spelled it, "-s" or "--speculative", from the argument that held it (getopt_long has just
   returned it; its value, if any, is optarg, given in the same argument or in the next one). */
static const char *spelled(char *buf, size_t size, const cli_option *opt, char **argv) {
    const char *token = argv[optind - 1];
    if (optarg != NULL && token == optarg && optind >= 2) token = argv[optind - 2];
    if (opt->short_name != 0 && strncmp(token, "--", 2) != 0) snprintf(buf, size, "-%c", opt->short_name);
    else snprintf(buf, size, "--%s", opt->name);
    return buf;
}

const char *cli_parse(const char *command, int argc, char **argv, const cli_option *opts, int count,
                      cli_setter *set, void *ctx, int *status) {
    struct option longopts[CLI_MAX_OPTIONS + 2];
    char shortopts[3 * CLI_MAX_OPTIONS + 8] = "-:h"; /* '-': SCENE in place; ':': a missing value reported here */
    int seen[CLI_MAX_OPTIONS] = {0};
    size_t k = strlen(shortopts);
    if (count > CLI_MAX_OPTIONS) count = CLI_MAX_OPTIONS;
    for (int i = 0; i < count; i++) {
        int val = opts[i].short_name != 0 ? opts[i].short_name : LONG_ONLY_VAL + i;
        longopts[i] = (struct option){opts[i].name, opts[i].value != NULL ? required_argument : no_argument, NULL, val};
        if (opts[i].short_name != 0) {
            shortopts[k++] = (char)opts[i].short_name;
            if (opts[i].value != NULL) shortopts[k++] = ':';
        }
    }
    shortopts[k] = '\0';
    longopts[count] = (struct option){"help", no_argument, NULL, 'h'};
    longopts[count + 1] = (struct option){NULL, 0, NULL, 0};

    /* getopt_long wants the program's name in argv[0]: the command's stands in for it. */
    const char *path = NULL;
    int scenes = 0;
    *status = EXIT_USAGE;
    opterr = 0;
    optind = 1;
    for (;;) {
        int c = getopt_long(argc, argv, shortopts, longopts, NULL);
        if (c == -1) break;
        if (c == 1) { /* a non-option: SCENE */
            path = optarg;
            scenes++;
            continue;
        }
        if (c == 'h') {
            usage(stdout);
            *status = finish_output(EXIT_OK);
            return NULL;
        }
        int i = find_val(opts, count, c == ':' || c == '?' ? optopt : c);
        char name[40];
        if (c == ':') optarg = NULL;
        if (c == ':' && i >= 0) {
            fprintf(stderr, "gjk: %s: option %s needs a value (%s)\n", command,
                    spelled(name, sizeof name, &opts[i], argv), opts[i].value);
            return NULL;
        }
        if (c == '?' && i >= 0 && opts[i].value == NULL) { /* "--flag=value" */
            fprintf(stderr, "gjk: %s: option --%s takes no value\n", command, opts[i].name);
            return NULL;
        }
        if (c == '?' || c == ':' || i < 0) {
            const char *arg = argv[optind - 1];
            char letter[3] = {'-', (char)optopt, '\0'};
            unknown_option(command, optopt != 0 && strncmp(arg, "--", 2) != 0 ? letter : arg, opts, count);
            return NULL;
        }
        if (seen[i]++) {
            fprintf(stderr, "gjk: %s: option %s is given twice\n", command, spelled(name, sizeof name, &opts[i], argv));
            return NULL;
        }
        if (!set(ctx, i, optarg)) {
            char shown[48];
            scene_printable(shown, sizeof shown, optarg);
            fprintf(stderr, "gjk: %s: invalid value \"%s\" for %s (%s)\n", command, shown,
                    spelled(name, sizeof name, &opts[i], argv), opts[i].value);
            return NULL;
        }
    }
    for (; optind < argc; optind++) { /* after "--" */
        path = argv[optind];
        scenes++;
    }
    if (scenes != 1) {
        fprintf(stderr, "gjk: %s takes one SCENE argument (a path, or - for standard input)\n", command);
        return NULL;
    }
    *status = EXIT_OK;
    return path;
}

bool cli_parse_distance(const char *text, gjk_real *out) {
    char *end = NULL;
    double d = strtod(text, &end);
    if (end == text || *end != '\0' || !(d >= 0) || d > SCENE_MAX_COORD) return false;
    *out = (gjk_real)d;
    return true;
}
