// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Drawing the scene with SDL_Renderer: the two shapes, the GJK simplex, the normal and closest points, an inset
   panel with the Minkowski difference A - B, and a text overlay. */
#ifndef GJK_SDL_RENDER_H
#define GJK_SDL_RENDER_H

#include <SDL.h>

#include "scene.h"

#define DEMO_WIDTH 800
#define DEMO_HEIGHT 600
/* Pixels per world unit in the main view; the world origin (A's position) is the window centre, y up. */
#define DEMO_SCALE 60.0

/* The palette. test.sh / check_pixels.py look for these exact colours in screenshots: change both together. */
#define COL_BACKGROUND 22, 24, 30
#define COL_GRID 34, 37, 46
#define COL_APART_FILL 46, 160, 80     /* shapes apart: fill */
#define COL_APART_LINE 120, 230, 140   /* and outline */
#define COL_HIT_FILL 200, 55, 55       /* shapes touching or overlapping: fill */
#define COL_HIT_LINE 255, 130, 120     /* and outline */
#define COL_CORE 235, 235, 200         /* cores (circle centre, capsule segment, polygon inside a margin) */
#define COL_SIMPLEX 255, 215, 0        /* the GJK simplex: support points joined, in the world and in A - B */
#define COL_NORMAL 0, 200, 255         /* closest points joined, the normal, the separation vector in A - B */
#define COL_POINT_A 255, 255, 255      /* closest / contact point on A */
#define COL_POINT_B 255, 150, 40       /* and on B */
#define COL_PANEL 14, 15, 20
#define COL_PANEL_BORDER 90, 92, 110
#define COL_D_APART 30, 70, 42         /* A - B of the whole shapes, filled, when apart */
#define COL_D_HIT 85, 32, 32           /* and when overlapping */
#define COL_D_CORE 150, 150, 190       /* outline of A - B of the cores, where GJK works */
#define COL_EPA 190, 90, 255           /* the final EPA polygon */
#define COL_EPA_BEST 240, 180, 255     /* its edge the answer came from */
#define COL_ORIGIN 255, 255, 255
#define COL_TEXT 230, 230, 230
#define COL_HELP 140, 140, 155

/* The inset panel with A - B, bottom-left. */
#define PANEL_X 8
#define PANEL_Y (DEMO_HEIGHT - 8 - PANEL_H)
#define PANEL_W 270
#define PANEL_H 230

/* The colour legend, top-right: its text uses the simplex, normal and point colours, so pixel counts of those colours
   leave this rectangle out. */
#define LEGEND_W 138
#define LEGEND_H 62
#define LEGEND_X (DEMO_WIDTH - 8 - LEGEND_W)
#define LEGEND_Y 8

/* Window pixel to world point of the main view. */
gjk_vec2 render_screen_to_world(float x, float y);

/* Draw the whole frame (clears first; does not present). */
void render_scene(SDL_Renderer *r, const demo_scene *s);

#endif
