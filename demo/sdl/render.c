// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Drawing: shape outlines come from the library's support functions (gjk_shape2_support), sampled in many
   directions, so what is drawn is the shape the queries see; the same sampling of A - B gives the inset panel. */
#include "render.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "font.h"

#define PI 3.14159265358979323846

typedef struct rgb {
    Uint8 r, g, b;
} rgb;

static rgb rgb_of(int r, int g, int b) {
    rgb c = {(Uint8)r, (Uint8)g, (Uint8)b};
    return c;
}

/* A world-to-pixel mapping: pixel = origin + scale * (x, -y). */
typedef struct view {
    float ox, oy, scale;
} view;

static SDL_FPoint to_screen(view v, gjk_vec2 p) {
    SDL_FPoint q;
    q.x = v.ox + (float)p.x * v.scale;
    q.y = v.oy - (float)p.y * v.scale;
    return q;
}

static view main_view(void) {
    view v = {DEMO_WIDTH / 2.0f, DEMO_HEIGHT / 2.0f, (float)DEMO_SCALE};
    return v;
}

gjk_vec2 render_screen_to_world(float x, float y) {
    view v = main_view();
    return gjk_v2((gjk_real)((x - v.ox) / v.scale), (gjk_real)((v.oy - y) / v.scale));
}

static void set_colour(SDL_Renderer *r, rgb c) { SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255); }

/* ---- primitives ---------------------------------------------------------------------------------------------- */

#define MAX_POLY 256

/* A convex polygon, filled (a triangle fan; any winding). */
static void fill_convex(SDL_Renderer *r, const SDL_FPoint *p, int n, rgb c) {
    SDL_Vertex v[MAX_POLY];
    int idx[3 * MAX_POLY];
    if (n < 3) return;
    if (n > MAX_POLY) n = MAX_POLY;
    SDL_Color col = {c.r, c.g, c.b, 255};
    for (int i = 0; i < n; ++i) {
        v[i].position = p[i];
        v[i].color = col;
        v[i].tex_coord.x = v[i].tex_coord.y = 0;
    }
    int k = 0;
    for (int i = 1; i + 1 < n; ++i) {
        idx[k++] = 0;
        idx[k++] = i;
        idx[k++] = i + 1;
    }
    SDL_RenderGeometry(r, NULL, v, n, idx, k);
}

static void fill_square(SDL_Renderer *r, SDL_FPoint p, float half, rgb c) {
    SDL_FRect q = {p.x - half, p.y - half, 2 * half, 2 * half};
    set_colour(r, c);
    SDL_RenderFillRectF(r, &q);
}

/* A filled disc of `radius` pixels (a 16-gon). */
static void dot(SDL_Renderer *r, SDL_FPoint p, float radius, rgb c) {
    SDL_FPoint q[16];
    for (int i = 0; i < 16; ++i) {
        double t = 2 * PI * i / 16;
        q[i].x = p.x + radius * (float)cos(t);
        q[i].y = p.y + radius * (float)sin(t);
    }
    fill_convex(r, q, 16, c);
}

/* A line `width` pixels wide (a quad), with square caps so joined lines leave no gaps. */
static void line(SDL_Renderer *r, SDL_FPoint a, SDL_FPoint b, float width, rgb c) {
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (width <= 1) {
        set_colour(r, c);
        SDL_RenderDrawLineF(r, a.x, a.y, b.x, b.y);
        return;
    }
    if (len > 1e-3f) {
        float nx = -dy / len * width / 2, ny = dx / len * width / 2;
        SDL_FPoint q[4] = {{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}};
        fill_convex(r, q, 4, c);
    }
    fill_square(r, a, width / 2, c);
    fill_square(r, b, width / 2, c);
}

static void polyline(SDL_Renderer *r, const SDL_FPoint *p, int n, bool closed, float width, rgb c) {
    for (int i = 0; i + 1 < n; ++i) line(r, p[i], p[i + 1], width, c);
    if (closed && n > 2) line(r, p[n - 1], p[0], width, c);
    if (n == 1) fill_square(r, p[0], width / 2 + 1, c);
}

/* An arrow from a to b with a head of `head` pixels. */
static void arrow(SDL_Renderer *r, SDL_FPoint a, SDL_FPoint b, float width, float head, rgb c) {
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    float ux = dx / len, uy = dy / len;
    if (head > len) head = len;
    SDL_FPoint base = {b.x - ux * head, b.y - uy * head};
    line(r, a, base, width, c);
    SDL_FPoint tri[3] = {b, {base.x - uy * head * 0.45f, base.y + ux * head * 0.45f},
                         {base.x + uy * head * 0.45f, base.y - ux * head * 0.45f}};
    fill_convex(r, tri, 3, c);
}

/* ---- outlines from support functions ------------------------------------------------------------------------- */

#define OUTLINE_N 128

static gjk_vec2 world_support(const gjk_shape2 *shape, gjk_pose2 pose, gjk_vec2 d) {
    return gjk_pose2_apply(pose, gjk_shape2_support(shape, gjk_inv_rotate2(pose.rotation, d)));
}

/* The outline of shape a (b NULL) or of the Minkowski difference a - b, counter-clockwise in the world: support
   points in OUTLINE_N directions, repeats dropped (a polygon answers its vertices many times). Returns the count:
   1 for a point, 2 for a segment. */
static int outline(const gjk_shape2 *a, gjk_pose2 pa, const gjk_shape2 *b, gjk_pose2 pb, gjk_vec2 *out) {
    int n = 0;
    for (int i = 0; i < OUTLINE_N; ++i) {
        double t = 2 * PI * (i + 0.5) / OUTLINE_N; /* half a step off the axes: no ties on box faces */
        gjk_vec2 d = gjk_v2((gjk_real)cos(t), (gjk_real)sin(t));
        gjk_vec2 p = world_support(a, pa, d);
        if (b) p = gjk_sub2(p, world_support(b, pb, gjk_neg2(d)));
        if (n > 0 && gjk_len_sq2(gjk_sub2(p, out[n - 1])) < GJK_R(1e-10)) continue;
        if (n > 1 && gjk_len_sq2(gjk_sub2(p, out[0])) < GJK_R(1e-10)) continue;
        out[n++] = p;
    }
    return n;
}

static int to_screen_all(view v, const gjk_vec2 *p, int n, SDL_FPoint *out) {
    for (int i = 0; i < n; ++i) out[i] = to_screen(v, p[i]);
    return n;
}

/* ---- the main view ------------------------------------------------------------------------------------------- */

static void draw_grid(SDL_Renderer *r) {
    view v = main_view();
    set_colour(r, rgb_of(COL_GRID));
    for (int i = -7; i <= 7; ++i) {
        float x = v.ox + (float)i * v.scale, y = v.oy + (float)i * v.scale;
        SDL_RenderDrawLineF(r, x, 0, x, DEMO_HEIGHT);
        SDL_RenderDrawLineF(r, 0, y, DEMO_WIDTH, y);
    }
}

static bool core_differs(demo_kind k) { return k == DEMO_CIRCLE || k == DEMO_CAPSULE || k == DEMO_ROUNDED; }

static void draw_body(SDL_Renderer *r, const demo_body *b, bool hit) {
    gjk_vec2 p[OUTLINE_N];
    SDL_FPoint q[OUTLINE_N];
    view v = main_view();
    gjk_pose2 pose = demo_body_pose(b);
    int n = to_screen_all(v, p, outline(&b->shape, pose, NULL, pose, p), q);
    fill_convex(r, q, n, hit ? rgb_of(COL_HIT_FILL) : rgb_of(COL_APART_FILL));
    polyline(r, q, n, true, b->kind == DEMO_SEGMENT ? 4.0f : 2.0f, hit ? rgb_of(COL_HIT_LINE) : rgb_of(COL_APART_LINE));
    if (core_differs(b->kind)) {
        n = to_screen_all(v, p, outline(&b->core, pose, NULL, pose, p), q);
        if (n == 1)
            dot(r, q[0], 2.5f, rgb_of(COL_CORE));
        else
            polyline(r, q, n, true, 1, rgb_of(COL_CORE));
    }
}

/* The simplex's support points on one shape (which: 0 A, 1 B), joined. */
static void draw_support_simplex(SDL_Renderer *r, view v, const gjk_debug_step2 *st, int which, float width,
                                 float radius) {
    SDL_FPoint q[3];
    for (int i = 0; i < st->count && i < 3; ++i) {
        gjk_vec2 p = which == 0 ? st->vertices[i].a : which == 1 ? st->vertices[i].b : st->vertices[i].w;
        q[i] = to_screen(v, p);
    }
    polyline(r, q, st->count, true, width, rgb_of(COL_SIMPLEX));
    for (int i = 0; i < st->count && i < 3; ++i) dot(r, q[i], radius, rgb_of(COL_SIMPLEX));
}

static void draw_answer(SDL_Renderer *r, const gjk_result2 *res) {
    view v = main_view();
    if (res->status == GJK_INVALID_INPUT) return;
    SDL_FPoint pa = to_screen(v, res->point_a), pb = to_screen(v, res->point_b);
    /* The normal as an arrow |distance| long joining the points: apart, from A's point to B's (point_b = point_a +
       distance * normal); overlapping, from B's point to A's, the way B must move to get out. Too short to see: a
       fixed length. */
    SDL_FPoint from = res->distance >= 0 ? pa : pb;
    float dx = pb.x - pa.x, dy = pb.y - pa.y, len = sqrtf(dx * dx + dy * dy);
    if (gjk_len_sq2(res->normal) > 0) {
        float l = len >= 24 ? len - 6 : 40; /* (ending short of the point's marker, which hides the head) */
        SDL_FPoint tip = {from.x + l * (float)res->normal.x, from.y - l * (float)res->normal.y};
        arrow(r, from, tip, 3, 12, rgb_of(COL_NORMAL));
    } else {
        line(r, pa, pb, 3, rgb_of(COL_NORMAL));
    }
    fill_square(r, pa, 4.5f, rgb_of(COL_BACKGROUND));
    fill_square(r, pa, 3.5f, rgb_of(COL_POINT_A));
    fill_square(r, pb, 4.5f, rgb_of(COL_BACKGROUND));
    fill_square(r, pb, 3.5f, rgb_of(COL_POINT_B));
}

/* ---- the inset panel: A - B ---------------------------------------------------------------------------------- */

static void draw_panel(SDL_Renderer *r, const demo_scene *s, bool hit) {
    SDL_Rect box = {PANEL_X, PANEL_Y, PANEL_W, PANEL_H};
    gjk_vec2 full[OUTLINE_N], core[OUTLINE_N];
    SDL_FPoint q[OUTLINE_N > GJK_EPA_MAX_VERTICES2 ? OUTLINE_N : GJK_EPA_MAX_VERTICES2];
    const gjk_debug2 *d = s->debug;
    gjk_pose2 pa = demo_body_pose(&s->a), pb = demo_body_pose(&s->b);
    int nf = outline(&s->a.shape, pa, &s->b.shape, pb, full);
    int nc = outline(&s->a.core, pa, &s->b.core, pb, core);

    /* Origin at the centre, zoomed so that all of A - B (and the EPA polygon) fits. */
    double extent = 0.5;
    for (int i = 0; i < nf; ++i) extent = fmax(extent, fmax(fabs((double)full[i].x), fabs((double)full[i].y)));
    for (int i = 0; i < d->epa_vertex_count; ++i)
        extent = fmax(extent, fmax(fabs((double)d->epa_vertices[i].w.x), fabs((double)d->epa_vertices[i].w.y)));
    const float top = 14; /* room for the title */
    float half = (PANEL_W < PANEL_H - top ? PANEL_W : PANEL_H - top) / 2.0f - 8;
    view v = {PANEL_X + PANEL_W / 2.0f, PANEL_Y + top + (PANEL_H - top) / 2.0f, (float)fmin(60.0, half / extent)};

    set_colour(r, rgb_of(COL_PANEL));
    SDL_RenderFillRect(r, &box);
    SDL_RenderSetClipRect(r, &box);
    set_colour(r, rgb_of(COL_GRID));
    SDL_RenderDrawLineF(r, (float)PANEL_X, v.oy, (float)(PANEL_X + PANEL_W), v.oy);
    SDL_RenderDrawLineF(r, v.ox, (float)PANEL_Y + top, v.ox, (float)(PANEL_Y + PANEL_H));

    /* A - B of the whole shapes (the origin is inside it exactly when they overlap), and of the cores. */
    to_screen_all(v, full, nf, q);
    fill_convex(r, q, nf, hit ? rgb_of(COL_D_HIT) : rgb_of(COL_D_APART));
    to_screen_all(v, core, nc, q);
    if (nc == 1)
        dot(r, q[0], 2.5f, rgb_of(COL_D_CORE));
    else
        polyline(r, q, nc, true, 1, rgb_of(COL_D_CORE));

    const gjk_debug_step2 *st = demo_shown_step(s);
    if (st) {
        draw_support_simplex(r, v, st, 2, 2, 3);
        if (st->count < 3) dot(r, to_screen(v, st->closest), 2, rgb_of(COL_SIMPLEX));
    }

    /* The final EPA polygon (grown from the last simplex, so drawn over it), its answering edge brighter. */
    if (d->epa_vertex_count >= 2) {
        int n = d->epa_vertex_count;
        for (int i = 0; i < n; ++i) q[i] = to_screen(v, d->epa_vertices[i].w);
        polyline(r, q, n, true, 2, rgb_of(COL_EPA));
        if (d->epa_best_edge >= 0 && d->epa_best_edge < n)
            line(r, q[d->epa_best_edge], q[(d->epa_best_edge + 1) % n], 3, rgb_of(COL_EPA_BEST));
        for (int i = 0; i < n; ++i) fill_square(r, q[i], 1.5f, rgb_of(COL_EPA));
    }

    /* The answer in A - B: the point of its boundary nearest the origin is point_a - point_b. */
    SDL_FPoint o = to_screen(v, gjk_v2(0, 0));
    if (s->result.status != GJK_INVALID_INPUT)
        arrow(r, o, to_screen(v, gjk_sub2(s->result.point_a, s->result.point_b)), 2, 8, rgb_of(COL_NORMAL));

    set_colour(r, rgb_of(COL_ORIGIN));
    SDL_RenderDrawLineF(r, o.x - 5, o.y, o.x + 5, o.y);
    SDL_RenderDrawLineF(r, o.x, o.y - 5, o.x, o.y + 5);

    SDL_RenderSetClipRect(r, NULL);
    set_colour(r, rgb_of(COL_PANEL_BORDER));
    SDL_RenderDrawRect(r, &box);
    set_colour(r, rgb_of(COL_HELP));
    font_draw(r, PANEL_X + 6, PANEL_Y + 5, 1, "A - B: WHOLE (FILLED), CORES (LINE)");
}

/* ---- text ---------------------------------------------------------------------------------------------------- */

static void draw_text(SDL_Renderer *r, const demo_scene *s) {
    const gjk_result2 *res = &s->result;
    const gjk_debug2 *d = s->debug;
    char buf[160];
    int y = 10;

    set_colour(r, rgb_of(COL_TEXT));
    snprintf(buf, sizeof buf, "A: %s   B: %s", demo_kind_name(s->a.kind), demo_kind_name(s->b.kind));
    font_draw(r, 10, y, 2, buf);
    y += FONT_LINE(2);
    if (res->status == GJK_INVALID_INPUT)
        snprintf(buf, sizeof buf, "invalid input");
    else if (res->distance > 0)
        snprintf(buf, sizeof buf, "distance %.3f", (double)res->distance);
    else if (res->distance < 0)
        snprintf(buf, sizeof buf, "depth %.3f", (double)-res->distance);
    else
        snprintf(buf, sizeof buf, "touching");
    font_draw(r, 10, y, 2, buf);
    y += FONT_LINE(2);
    snprintf(buf, sizeof buf, "%s  %d iter  %d epa%s%s", demo_path_name(d->path), res->iterations,
             res->epa_iterations, res->status == GJK_OK ? "" : "  ", res->status == GJK_OK ? "" : gjk_status_string(res->status));
    font_draw(r, 10, y, 2, buf);
    y += FONT_LINE(2);
    set_colour(r, rgb_of(COL_HELP));
    snprintf(buf, sizeof buf, "closed forms %s (space)", s->skip_closed_forms ? "off: gjk/epa forced" : "on");
    font_draw(r, 10, y, 1, buf);
    y += FONT_LINE(1);
    if (d->step_count > 0) {
        int shown = s->step_view >= 0 ? s->step_view : d->step_count - 1;
        snprintf(buf, sizeof buf, "gjk step %d of %d%s (left/right)", shown + 1, d->step_count,
                 s->step_view >= 0 ? "" : ", final");
        font_draw(r, 10, y, 1, buf);
    }

    static const char *const help[] = {"tab / 1-6    shape of a", "shift+tab / b    shape of b",
                                       "q e / wheel    rotate b",  "z x    rotate a",
                                       "space    closed forms",    "left right    gjk steps",
                                       "esc    quit"};
    const int nh = (int)(sizeof help / sizeof help[0]);
    for (int i = 0; i < nh; ++i) {
        int w = (int)strlen(help[i]) * FONT_ADVANCE(1);
        font_draw(r, DEMO_WIDTH - 10 - w, DEMO_HEIGHT - 10 - (nh - i) * FONT_LINE(1), 1, help[i]);
    }

    static const struct {
        const char *label;
        rgb colour;
    } legend[] = {{"gjk simplex", {COL_SIMPLEX}}, {"normal, a-b", {COL_NORMAL}}, {"point on a", {COL_POINT_A}},
                  {"point on b", {COL_POINT_B}}, {"epa polygon", {COL_EPA}}};
    for (int i = 0; i < 5; ++i) {
        set_colour(r, legend[i].colour);
        font_draw(r, LEGEND_X + 4, LEGEND_Y + 4 + i * 11, 1, legend[i].label);
    }
}

void render_scene(SDL_Renderer *r, const demo_scene *s) {
    const bool hit = s->result.intersect;
    view v = main_view();
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    set_colour(r, rgb_of(COL_BACKGROUND));
    SDL_RenderClear(r);
    draw_grid(r);
    draw_body(r, &s->a, hit);
    draw_body(r, &s->b, hit);
    const gjk_debug_step2 *st = demo_shown_step(s);
    if (st) {
        draw_support_simplex(r, v, st, 0, 2, 5.5f);
        draw_support_simplex(r, v, st, 1, 2, 5.5f);
    }
    draw_answer(r, &s->result);
    draw_panel(r, s, hit);
    draw_text(r, s);
}
