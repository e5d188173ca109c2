/* What the commands of the gjk tool share (tools/gjk_cli.c defines these): exit statuses, number format, usage text,
   the scene loader with its messages, and the final flush of standard output. */
#ifndef GJK_TOOLS_CLI_H
#define GJK_TOOLS_CLI_H

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

#endif
