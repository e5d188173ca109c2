// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* `gjk render SCENE -o FILE [--width N]`: the scene as an SVG picture (tools/render.c; docs/cli.md, "Pictures").

   Every shape is drawn as the outline the library's support function gives (2D: the shape itself; 3D: its silhouette
   in a fixed orthographic view from (1, 0.6, 0.8), world z up), each pair of the scene with the answer of
   gjk_signed_distance3 / gjk_signed_distance2 (the one `gjk query` prints): closest points joined by a green line
   when separated, a red arrow of length depth along the normal when overlapping. The elements carry the numbers as
   attributes (world frame, the same digits as `gjk query`) so that tests can read the picture back. */
#ifndef GJK_TOOLS_RENDER_H
#define GJK_TOOLS_RENDER_H

/* The command: `argv` holds the arguments after "render". Returns the exit status (cli.h). */
int cmd_render(int argc, char **argv);

#endif
