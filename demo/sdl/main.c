// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk-sdl-demo: a 2D shape follows the mouse over another; both turn red when they touch. Draws the GJK simplex,
   the EPA polygon, the normal and the closest points, and A - B in an inset panel (gjk/debug.h).

   gjk-sdl-demo [--software]           interactive window
   gjk-sdl-demo --script "COMMANDS"    headless: run the commands, print one line per frame, exit
   Commands (separated by ';'): move X Y (mouse to window pixel), key NAME (an SDL key name, "shift+" allowed:
   key tab, key shift+tab, key 3, key space, key q), wheel N, frame (handle the events, draw, present), shot FILE
   (draw and save a BMP screenshot). Run it with SDL_VIDEODRIVER=offscreen to need no display. */
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "scene.h"

#define DEG (3.14159265358979323846 / 180.0)

typedef struct app {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Surface *target; /* the render target when no window could be made (script mode only) */
    demo_scene scene;
    bool quit;
    int frames;
} app;

static void usage(FILE *f) {
    fprintf(f, "usage: gjk-sdl-demo [--software]\n"
               "       gjk-sdl-demo --script \"move X Y; key NAME; wheel N; frame; shot FILE.bmp; ...\"\n"
               "Keys: Tab/1-6 shape of A, Shift+Tab/B shape of B, Q/E or wheel rotate B, Z/X rotate A,\n"
               "      Space closed forms on/off, Left/Right GJK steps, Esc quit.\n");
}

/* ---- input --------------------------------------------------------------------------------------------------- */

static demo_kind next_kind(demo_kind k, int by) {
    return (demo_kind)(((int)k + by + DEMO_KIND_COUNT) % DEMO_KIND_COUNT);
}

static void step_view(demo_scene *s, int by) {
    int n = s->debug->step_count;
    if (n <= 1) return;
    int v = s->step_view >= 0 ? s->step_view : n - 1;
    v += by;
    if (v < 0) v = 0;
    s->step_view = v >= n - 1 ? -1 : v; /* the last step is the final simplex */
}

static void handle_key(app *a, SDL_Keycode key, Uint16 mod) {
    demo_scene *s = &a->scene;
    const bool shift = (mod & KMOD_SHIFT) != 0;
    switch (key) {
    case SDLK_ESCAPE: a->quit = true; break;
    case SDLK_TAB:
        if (shift)
            demo_set_kind(&s->b, next_kind(s->b.kind, 1));
        else
            demo_set_kind(&s->a, next_kind(s->a.kind, 1));
        break;
    case SDLK_b: demo_set_kind(&s->b, next_kind(s->b.kind, shift ? -1 : 1)); break;
    case SDLK_1:
    case SDLK_2:
    case SDLK_3:
    case SDLK_4:
    case SDLK_5:
    case SDLK_6: demo_set_kind(shift ? &s->b : &s->a, (demo_kind)(key - SDLK_1)); break;
    case SDLK_q: s->b.angle += (gjk_real)(10 * DEG); break;
    case SDLK_e: s->b.angle -= (gjk_real)(10 * DEG); break;
    case SDLK_z: s->a.angle += (gjk_real)(10 * DEG); break;
    case SDLK_x: s->a.angle -= (gjk_real)(10 * DEG); break;
    case SDLK_SPACE: s->skip_closed_forms = !s->skip_closed_forms; break;
    case SDLK_LEFT: step_view(s, -1); break;
    case SDLK_RIGHT: step_view(s, 1); break;
    default: return;
    }
    demo_scene_query(s);
}

static void handle_event(app *a, const SDL_Event *e) {
    demo_scene *s = &a->scene;
    switch (e->type) {
    case SDL_QUIT: a->quit = true; break;
    case SDL_KEYDOWN: handle_key(a, e->key.keysym.sym, e->key.keysym.mod); break;
    case SDL_MOUSEMOTION:
        s->b.position = render_screen_to_world((float)e->motion.x, (float)e->motion.y);
        demo_scene_query(s);
        break;
    case SDL_MOUSEWHEEL:
        s->b.angle += (gjk_real)(5 * DEG * e->wheel.y);
        demo_scene_query(s);
        break;
    default: break;
    }
}

/* ---- drawing and screenshots --------------------------------------------------------------------------------- */

static void update_title(app *a) {
    char title[200], summary[160];
    if (!a->window) return;
    demo_scene_summary(&a->scene, summary, (int)sizeof summary);
    snprintf(title, sizeof title, "gjk demo | %s", summary);
    if (strcmp(title, SDL_GetWindowTitle(a->window)) != 0) SDL_SetWindowTitle(a->window, title);
}

static void draw_frame(app *a) {
    render_scene(a->renderer, &a->scene);
    SDL_RenderPresent(a->renderer);
    update_title(a);
}

static bool save_shot(app *a, const char *file) {
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, DEMO_WIDTH, DEMO_HEIGHT, 24, SDL_PIXELFORMAT_BGR24);
    bool ok = shot != NULL;
    if (ok) {
        render_scene(a->renderer, &a->scene); /* (what a present left behind is undefined: draw again) */
        ok = SDL_RenderReadPixels(a->renderer, NULL, SDL_PIXELFORMAT_BGR24, shot->pixels, shot->pitch) == 0 &&
             SDL_SaveBMP(shot, file) == 0;
    }
    if (!ok) fprintf(stderr, "gjk-sdl-demo: cannot save %s: %s\n", file, SDL_GetError());
    SDL_FreeSurface(shot);
    return ok;
}

/* ---- script mode --------------------------------------------------------------------------------------------- */

static const char *path_token(gjk_debug_path p) {
    return p == GJK_PATH_CLOSED_FORM ? "closed_form" : demo_path_name(p);
}

static void print_frame(app *a) {
    const demo_scene *s = &a->scene;
    const gjk_debug_step2 *st = demo_shown_step(s);
    printf("frame %d: a=%s b=%s b_angle=%.0f intersect=%d distance=%.4f status=%s path=%s steps=%d simplex=%d "
           "epa_vertices=%d closed_forms=%s\n",
           a->frames, demo_kind_name(s->a.kind), demo_kind_name(s->b.kind), (double)s->b.angle / DEG,
           s->result.intersect ? 1 : 0, (double)s->result.distance, gjk_status_string(s->result.status),
           path_token(s->debug->path), s->debug->step_count, st ? st->count : 0, s->debug->epa_vertex_count,
           s->skip_closed_forms ? "off" : "on");
    fflush(stdout);
}

static bool push_key(app *a, const char *name) {
    SDL_Event e;
    Uint16 mod = KMOD_NONE;
    if (SDL_strncasecmp(name, "shift+", 6) == 0) {
        mod = KMOD_LSHIFT;
        name += 6;
    }
    SDL_Keycode key = SDL_GetKeyFromName(name);
    if (key == SDLK_UNKNOWN) return false;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.windowID = a->window ? SDL_GetWindowID(a->window) : 0;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = key;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(key);
    e.key.keysym.mod = mod;
    return SDL_PushEvent(&e) == 1;
}

static bool run_command(app *a, char *cmd) {
    char word[16], arg[1024];
    int x, y;
    if (sscanf(cmd, "%15s", word) != 1) return true; /* empty */
    if (strcmp(word, "move") == 0 && sscanf(cmd, "%*s %d %d", &x, &y) == 2) {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_MOUSEMOTION;
        e.motion.windowID = a->window ? SDL_GetWindowID(a->window) : 0;
        e.motion.x = x;
        e.motion.y = y;
        return SDL_PushEvent(&e) == 1;
    }
    if (strcmp(word, "wheel") == 0 && sscanf(cmd, "%*s %d", &y) == 1) {
        SDL_Event e;
        memset(&e, 0, sizeof e);
        e.type = SDL_MOUSEWHEEL;
        e.wheel.y = y;
        return SDL_PushEvent(&e) == 1;
    }
    if (strcmp(word, "key") == 0 && sscanf(cmd, "%*s %1023s", arg) == 1) return push_key(a, arg);
    if (strcmp(word, "frame") == 0) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) handle_event(a, &e);
        draw_frame(a);
        ++a->frames;
        print_frame(a);
        return true;
    }
    if (strcmp(word, "shot") == 0 && sscanf(cmd, "%*s %1023s", arg) == 1) return save_shot(a, arg);
    return false;
}

static int run_script(app *a, const char *script) {
    size_t n = strlen(script);
    char *buf = malloc(n + 1);
    if (!buf) return 1;
    memcpy(buf, script, n + 1);
    int rc = 0;
    for (char *cmd = buf; cmd && !a->quit;) {
        char *end = strchr(cmd, ';');
        if (end) *end = '\0';
        if (!run_command(a, cmd)) {
            fprintf(stderr, "gjk-sdl-demo: script command failed: '%s'\n", cmd);
            rc = 1;
            break;
        }
        cmd = end ? end + 1 : NULL;
    }
    free(buf);
    return rc;
}

/* ---- setup --------------------------------------------------------------------------------------------------- */

/* Script mode draws with the software renderer, so screenshots are the same on every machine; without a window
   (no usable video driver) it draws into a surface instead. */
static bool open_output(app *a, bool script, bool software) {
    const Uint32 flags = script ? SDL_WINDOW_HIDDEN : 0;
    if (script || software) {
        /* Software all the way: by default SDL would show a software renderer's window through an OpenGL texture
           (loading EGL and Mesa even under SDL_VIDEODRIVER=offscreen, whose unloaded libraries then leak under
           LeakSanitizer). */
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    }
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) == 0) {
        a->window = SDL_CreateWindow("gjk demo", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, DEMO_WIDTH,
                                     DEMO_HEIGHT, flags);
        if (a->window) {
            if (!script && !software)
                a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
            if (!a->renderer) a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
            if (a->renderer && !script) SDL_RenderSetLogicalSize(a->renderer, DEMO_WIDTH, DEMO_HEIGHT);
            if (a->renderer) return true;
        }
    }
    if (!script) {
        fprintf(stderr, "gjk-sdl-demo: cannot open a window: %s\n", SDL_GetError());
        return false;
    }
    fprintf(stderr, "gjk-sdl-demo: no window (%s): drawing into a surface\n", SDL_GetError());
    if (a->window) SDL_DestroyWindow(a->window);
    a->window = NULL;
    a->target = SDL_CreateRGBSurfaceWithFormat(0, DEMO_WIDTH, DEMO_HEIGHT, 32, SDL_PIXELFORMAT_ARGB8888);
    a->renderer = a->target ? SDL_CreateSoftwareRenderer(a->target) : NULL;
    return a->renderer != NULL;
}

static void run_interactive(app *a) {
    bool dirty = true;
    while (!a->quit) {
        SDL_Event e;
        if (SDL_WaitEventTimeout(&e, 250)) {
            do {
                handle_event(a, &e);
                if (e.type == SDL_WINDOWEVENT || e.type == SDL_KEYDOWN || e.type == SDL_MOUSEMOTION ||
                    e.type == SDL_MOUSEWHEEL)
                    dirty = true;
            } while (SDL_PollEvent(&e));
        }
        if (dirty && !a->quit) {
            draw_frame(a);
            dirty = false;
        }
    }
}

int main(int argc, char **argv) {
    const char *script = NULL;
    bool software = false;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--script") == 0 && i + 1 < argc) {
            script = argv[++i];
        } else if (strcmp(argv[i], "--software") == 0) {
            software = true;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }

    static app a; /* (zeroed) */
    if (SDL_Init(SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "gjk-sdl-demo: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    if (!demo_scene_init(&a.scene)) {
        fprintf(stderr, "gjk-sdl-demo: out of memory\n");
        SDL_Quit();
        return 1;
    }
    int rc = 1;
    if (open_output(&a, script != NULL, software)) {
        if (script) {
            SDL_RendererInfo info;
            SDL_GetRendererInfo(a.renderer, &info);
            fprintf(stderr, "gjk-sdl-demo: video driver %s, renderer %s\n",
                    a.window ? SDL_GetCurrentVideoDriver() : "none", info.name);
            rc = run_script(&a, script);
        } else {
            run_interactive(&a);
            rc = 0;
        }
    }
    if (a.renderer) SDL_DestroyRenderer(a.renderer);
    if (a.target) SDL_FreeSurface(a.target);
    if (a.window) SDL_DestroyWindow(a.window);
    demo_scene_free(&a.scene);
    SDL_Quit();
    return rc;
}
