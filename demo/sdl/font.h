// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* A tiny built-in 5x7 bitmap font (upper case, digits, a little punctuation), so the demo needs no SDL_ttf. */
#ifndef GJK_SDL_FONT_H
#define GJK_SDL_FONT_H

#include <SDL.h>

/* Width of one character cell in pixels at `scale` (5 pixels of glyph plus 1 of spacing, times scale). */
#define FONT_ADVANCE(scale) (6 * (scale))
/* Height of a line at `scale`. */
#define FONT_LINE(scale) (9 * (scale))

/* Draw `text` with its top-left corner at (x, y) in the renderer's draw colour; lower case is drawn as upper case
   and characters the font lacks as '?'. */
void font_draw(SDL_Renderer *r, int x, int y, int scale, const char *text);

#endif
