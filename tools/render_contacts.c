// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk render's contact drawings (render_picture.h): each pair's contact manifold (gjk_collide3/2, the answer of
   `gjk manifold --speculative D`), each ray of the scene against every shape (gjk_raycast3/2, `gjk raycast`) and,
   for pairs with a moving shape, the shape cast over the step (gjk_shape_cast3/2, `gjk cast`): the moving shapes at
   the end of the step and at the time of impact as ghosts. Like the pairs, every group carries the numbers the CLI
   prints in data attributes, so that tests/render_test.py can check the picture against the commands. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "render_picture.h"

#define NORMAL_PIXELS 24.0 /* a normal drawn this long when it lies in the picture plane */

/* One answer in world coordinates, 3 numbers per vector (z = 0 in 2D). */
typedef struct manifold {
    gjk_status status;
    int count;
    gjk_real normal[3];
    gjk_real point_a[GJK_MANIFOLD_MAX_POINTS3][3], point_b[GJK_MANIFOLD_MAX_POINTS3][3];
    gjk_real separation[GJK_MANIFOLD_MAX_POINTS3];
    uint32_t id[GJK_MANIFOLD_MAX_POINTS3];
} manifold;

typedef struct ray_hit {
    gjk_status status;
    bool hit, inside;
    gjk_real fraction, point[3], normal[3];
} ray_hit;

typedef struct cast {
    gjk_status status;
    gjk_cast_state state;
    bool hit;
    gjk_real t, normal[3], point[3];
} cast;

static void set3(gjk_real *out, gjk_vec3 v) { out[0] = v.x, out[1] = v.y, out[2] = v.z; }
static void set2(gjk_real *out, gjk_vec2 v) { out[0] = v.x, out[1] = v.y, out[2] = 0; }

static bool finite_all(const gjk_real *v, int n) {
    for (int k = 0; k < n; k++)
        if (!isfinite(v[k])) return false;
    return true;
}

/* ---- the library's answers ------------------------------------------------------------------------------------ */

static manifold collide(const picture *pic, scene_pair p) {
    const scene *s = pic->s;
    manifold m;
    memset(&m, 0, sizeof m);
    if (s->dim == 3) {
        gjk_pair3 q = {&s->shapes3[p.a], s->poses3[p.a], &s->shapes3[p.b], s->poses3[p.b]};
        gjk_manifold3 r = gjk_collide3(&q, pic->speculative, NULL);
        m.status = r.status, m.count = r.count;
        set3(m.normal, r.normal);
        for (int k = 0; k < r.count; k++) {
            set3(m.point_a[k], r.points[k].point_a), set3(m.point_b[k], r.points[k].point_b);
            m.separation[k] = r.points[k].separation, m.id[k] = r.points[k].id;
        }
    } else {
        gjk_pair2 q = {&s->shapes2[p.a], s->poses2[p.a], &s->shapes2[p.b], s->poses2[p.b]};
        gjk_manifold2 r = gjk_collide2(&q, pic->speculative, NULL);
        m.status = r.status, m.count = r.count;
        set2(m.normal, r.normal);
        for (int k = 0; k < r.count; k++) {
            set2(m.point_a[k], r.points[k].point_a), set2(m.point_b[k], r.points[k].point_b);
            m.separation[k] = r.points[k].separation, m.id[k] = r.points[k].id;
        }
    }
    return m;
}

static bool manifold_finite(const manifold *m) {
    bool ok = finite_all(m->normal, 3);
    for (int k = 0; k < m->count; k++)
        ok &= finite_all(m->point_a[k], 3) && finite_all(m->point_b[k], 3) && isfinite(m->separation[k]);
    return ok;
}

static ray_hit raycast(const scene *s, int ray, int i) {
    ray_hit h;
    memset(&h, 0, sizeof h);
    if (s->dim == 3) {
        gjk_ray_result3 r = gjk_raycast3(&s->shapes3[i], s->poses3[i], &s->rays3[ray]);
        h.status = r.status, h.hit = r.hit, h.inside = r.inside, h.fraction = r.fraction;
        set3(h.point, r.point), set3(h.normal, r.normal);
    } else {
        gjk_ray_result2 r = gjk_raycast2(&s->shapes2[i], s->poses2[i], &s->rays2[ray]);
        h.status = r.status, h.hit = r.hit, h.inside = r.inside, h.fraction = r.fraction;
        set2(h.point, r.point), set2(h.normal, r.normal);
    }
    return h;
}

/* The ray's origin and its end (origin + max_fraction * translation), world. */
static void ray_ends(const scene *s, int k, gjk_real origin[3], gjk_real end[3], gjk_real translation[3],
                     gjk_real *max_fraction) {
    if (s->dim == 3) {
        const gjk_ray3 *r = &s->rays3[k];
        set3(origin, r->origin), set3(translation, r->translation);
        set3(end, gjk_mad3(r->origin, r->max_fraction, r->translation));
        *max_fraction = r->max_fraction;
    } else {
        const gjk_ray2 *r = &s->rays2[k];
        set2(origin, r->origin), set2(translation, r->translation);
        set2(end, gjk_mad2(r->origin, r->max_fraction, r->translation));
        *max_fraction = r->max_fraction;
    }
}

static cast shape_cast(const scene *s, scene_pair p) {
    cast c;
    memset(&c, 0, sizeof c);
    if (s->dim == 3) {
        gjk_cast_input3 in;
        memset(&in, 0, sizeof in);
        in.pair = (gjk_pair3){&s->shapes3[p.a], s->poses3[p.a], &s->shapes3[p.b], s->poses3[p.b]};
        in.motion_a = s->motions3[p.a], in.motion_b = s->motions3[p.b];
        gjk_cast_result3 r = gjk_shape_cast3(&in);
        c.status = r.status, c.state = r.state, c.hit = r.hit, c.t = r.t;
        set3(c.normal, r.normal), set3(c.point, r.point);
    } else {
        gjk_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair = (gjk_pair2){&s->shapes2[p.a], s->poses2[p.a], &s->shapes2[p.b], s->poses2[p.b]};
        in.motion_a = s->motions2[p.a], in.motion_b = s->motions2[p.b];
        gjk_cast_result2 r = gjk_shape_cast2(&in);
        c.status = r.status, c.state = r.state, c.hit = r.hit, c.t = r.t;
        set2(c.normal, r.normal), set2(c.point, r.point);
    }
    return c;
}

static bool pair_moves(const scene *s, scene_pair p) { return scene_moves(s, p.a) || scene_moves(s, p.b); }

/* A shape's position (its origin) at time t of the step, world. */
static void position_at(const scene *s, int i, double t, gjk_real out[3]) {
    if (s->dim == 3) set3(out, scene_pose3_at(s, i, t).position);
    else set2(out, scene_pose2_at(s, i, t).position);
}

/* ---- first pass --------------------------------------------------------------------------------------------- */

static void include_world(picture *pic, const gjk_real *w) { picture_include(pic, view_project(&pic->view, w)); }

static void include_outline(picture *pic, int i, double t) {
    outline_trace_at(&pic->line, &pic->view, i, t);
    for (int k = 0; k < pic->line.count; k++) picture_include(pic, pic->line.points[k]);
}

void contacts_measure(picture *pic) {
    const scene *s = pic->s;
    for (int k = 0; k < s->pair_count; k++) {
        manifold m = collide(pic, s->pairs[k]);
        pic->legend[LEGEND_CONTACT] |= m.count > 0;
        for (int j = 0; j < m.count; j++) include_world(pic, m.point_a[j]), include_world(pic, m.point_b[j]);
        if (!pair_moves(s, s->pairs[k])) continue;
        cast c = shape_cast(s, s->pairs[k]);
        pic->legend[LEGEND_IMPACT] = true;
        include_world(pic, c.point);
        if (scene_moves(s, s->pairs[k].a)) include_outline(pic, s->pairs[k].a, c.t);
        if (scene_moves(s, s->pairs[k].b)) include_outline(pic, s->pairs[k].b, c.t);
    }
    for (int i = 0; i < s->shape_count; i++) {
        if (!scene_moves(s, i)) continue;
        pic->legend[LEGEND_MOTION] = true;
        include_outline(pic, i, 1);
    }
    for (int k = 0; k < s->ray_count; k++) {
        gjk_real origin[3], end[3], translation[3], max_fraction;
        ray_ends(s, k, origin, end, translation, &max_fraction);
        pic->legend[LEGEND_RAY] = true;
        include_world(pic, origin), include_world(pic, end);
    }
}

/* ---- second pass -------------------------------------------------------------------------------------------- */

static pt pixel_of(const picture *pic, const gjk_real *w) { return to_pixel(pic, view_project(&pic->view, w)); }

/* The end of a normal drawn from pixel p: NORMAL_PIXELS times the normal's projection on the picture plane. */
static pt normal_end(const picture *pic, pt p, const gjk_real *normal) {
    pt d = pic->s->dim == 3 ? view_project(&pic->view, normal) : (pt){normal[0], normal[1]};
    return (pt){p.x + NORMAL_PIXELS * d.x, p.y - NORMAL_PIXELS * d.y};
}

static void put_line(FILE *out, const char *cls, pt a, pt b, const char *color, const char *extra) {
    fprintf(out, "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\"%s/>\n", cls, a.x,
            a.y, b.x, b.y, color, extra);
}

/* The outline traced last (pic->line) as a polygon of class `cls`. */
static void put_outline(FILE *out, const picture *pic, const char *cls, int i, const char *style) {
    fprintf(out, "<polygon class=\"%s\" data-index=\"%d\" %s points=\"", cls, i, style);
    for (int k = 0; k < pic->line.count; k++) {
        pt p = to_pixel(pic, pic->line.points[k]);
        fprintf(out, "%s%.2f,%.2f", k == 0 ? "" : " ", p.x, p.y);
    }
    fputs("\"/>\n", out);
}

/* A feature code (gjk/manifold.h): kind (v vertex, e edge, f face, c rim crossing) and index, e.g. "f2". */
static void put_code(FILE *out, unsigned code) { fprintf(out, "%c%u", "vefc"[(code >> 14) & 3], code & 0x3fffu); }

static void put_status(FILE *out, gjk_status status) { fprintf(out, " data-status=\"%s\"", gjk_status_string(status)); }

/* Each moving shape at the end of the step (dashed) and the path of its origin. */
static void write_motions(FILE *out, picture *pic) {
    const scene *s = pic->s;
    fputs("<g class=\"motions\">\n", out);
    for (int i = 0; i < s->shape_count; i++) {
        if (!scene_moves(s, i)) continue;
        outline_trace_at(&pic->line, &pic->view, i, 1);
        put_outline(out, pic, "ghost-end", i, "data-t=\"1\" fill=\"none\" stroke=\"" COLOR_GHOST "\" stroke-width=\"1\" "
                    "stroke-dasharray=\"4 3\"");
        gjk_real from[3], to[3];
        position_at(s, i, 0, from), position_at(s, i, 1, to);
        put_line(out, "motion", pixel_of(pic, from), pixel_of(pic, to), COLOR_GHOST,
                 " stroke-width=\"1\" stroke-dasharray=\"2 3\" marker-end=\"url(#arrow-motion)\"");
    }
    fputs("</g>\n", out);
}

/* Pair k's cast: its moving shapes at the time of impact, the contact point and normal there, and a label. */
static bool write_cast(FILE *out, picture *pic, int k) {
    const scene *s = pic->s;
    scene_pair p = s->pairs[k];
    cast c = shape_cast(s, p);
    fprintf(out, "<g class=\"cast\" data-pair=\"%d\" data-a=\"%d\" data-b=\"%d\"", k, p.a, p.b);
    put_status(out, c.status);
    fprintf(out, " data-state=\"%s\" data-hit=\"%s\"", cast_state_name(c.state), c.hit ? "true" : "false");
    if (!(isfinite(c.t) && finite_all(c.normal, 3) && finite_all(c.point, 3))) {
        fputs(" data-nonfinite=\"true\"/>\n", out);
        return false;
    }
    fputs(" data-t=\"", out);
    put_real(out, c.t);
    fputc('"', out);
    if (cast_has_contact(c.state)) { /* as gjk cast: no contact, no normal */
        put_vec(out, "data-normal", c.normal, s->dim);
        put_vec(out, "data-point", c.point, s->dim);
    }
    fputs(">\n", out);
    pt at = {0, 0};
    for (int j = 0; j < 2; j++) {
        int i = j == 0 ? p.a : p.b;
        if (!scene_moves(s, i)) continue;
        outline_trace_at(&pic->line, &pic->view, i, c.t);
        put_outline(out, pic, "ghost-impact", i, "fill=\"" COLOR_IMPACT "\" fill-opacity=\"0.12\" stroke=\"" COLOR_IMPACT
                    "\" stroke-width=\"1.2\" stroke-dasharray=\"6 2\"");
        at = to_pixel(pic, outline_label(&pic->line));
    }
    bool contact = c.state == GJK_CAST_HIT || c.state == GJK_CAST_OVERLAPPED;
    if (contact) {
        at = pixel_of(pic, c.point);
        put_line(out, "impact-normal", at, normal_end(pic, at, c.normal), COLOR_IMPACT,
                 " stroke-width=\"2\" marker-end=\"url(#arrow-impact)\"");
        fprintf(out, "<circle class=\"impact-point\" cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"%s\" stroke=\"white\"/>\n",
                at.x, at.y, COLOR_IMPACT);
    }
    fprintf(out, "<text class=\"cast-label\" x=\"%.2f\" y=\"%.2f\" font-size=\"12\" fill=\"%s\" stroke=\"white\" "
                 "stroke-width=\"3\" paint-order=\"stroke\">%d-%d: %s", at.x + 8, at.y + 16, COLOR_IMPACT, p.a, p.b,
            cast_state_name(c.state));
    if (c.state != GJK_CAST_SEPARATED) fprintf(out, " at t = %.4g", (double)c.t);
    fputs("</text>\n</g>\n", out);
    return true;
}

/* Pair k's manifold: every point on A (filled) and on B (hollow) joined by a thin line, labelled with its features
   (A's code/B's code), and the normal from the points' centre on A. */
static bool write_manifold(FILE *out, const picture *pic, int k) {
    const scene *s = pic->s;
    scene_pair p = s->pairs[k];
    manifold m = collide(pic, p);
    fprintf(out, "<g class=\"manifold\" data-pair=\"%d\" data-a=\"%d\" data-b=\"%d\"", k, p.a, p.b);
    put_status(out, m.status);
    fprintf(out, " data-count=\"%d\" data-speculative=\"", m.count);
    put_real(out, pic->speculative);
    fputc('"', out);
    if (!manifold_finite(&m)) {
        fputs(" data-nonfinite=\"true\"/>\n", out);
        return false;
    }
    put_vec(out, "data-normal", m.normal, s->dim);
    fputs(">\n", out);
    pt centre = {0, 0};
    for (int j = 0; j < m.count; j++) {
        pt a = pixel_of(pic, m.point_a[j]), b = pixel_of(pic, m.point_b[j]);
        centre.x += a.x / m.count, centre.y += a.y / m.count;
        fprintf(out, "<g class=\"contact\" data-id=\"%lu\" data-separation=\"", (unsigned long)m.id[j]);
        put_real(out, m.separation[j]);
        fputc('"', out);
        put_vec(out, "data-point-a", m.point_a[j], s->dim);
        put_vec(out, "data-point-b", m.point_b[j], s->dim);
        fputs(">\n", out);
        put_line(out, "contact-gap", a, b, COLOR_CONTACT, " stroke-width=\"1\"");
        fprintf(out, "<circle class=\"contact-a\" cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"%s\" stroke=\"white\"/>\n"
                     "<circle class=\"contact-b\" cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"white\" stroke=\"%s\" "
                     "stroke-width=\"1.5\"/>\n", a.x, a.y, COLOR_CONTACT, b.x, b.y, COLOR_CONTACT);
        fprintf(out, "<text class=\"contact-id\" x=\"%.2f\" y=\"%.2f\" font-size=\"10\" fill=\"%s\" stroke=\"white\" "
                     "stroke-width=\"2.5\" paint-order=\"stroke\">", a.x + 6, a.y + 13, COLOR_CONTACT);
        put_code(out, m.id[j] >> 16);
        fputc('/', out);
        put_code(out, m.id[j] & 0xffffu);
        fputs("</text>\n</g>\n", out);
    }
    if (m.count > 0)
        put_line(out, "manifold-normal", centre, normal_end(pic, centre, m.normal), COLOR_CONTACT,
                 " stroke-width=\"1.5\" marker-end=\"url(#arrow-contact)\"");
    fputs("</g>\n", out);
    return true;
}

/* Ray k: its segment (dashed) from the origin, and where it enters each shape it hits, with the normal there. */
static bool write_ray(FILE *out, const picture *pic, int k) {
    const scene *s = pic->s;
    gjk_real origin[3], end[3], translation[3], max_fraction;
    ray_ends(s, k, origin, end, translation, &max_fraction);
    fprintf(out, "<g class=\"ray\" data-index=\"%d\"", k);
    put_vec(out, "data-origin", origin, s->dim);
    put_vec(out, "data-translation", translation, s->dim);
    fputs(" data-max-fraction=\"", out);
    put_real(out, max_fraction);
    fputs("\">\n", out);
    pt o = pixel_of(pic, origin);
    put_line(out, "ray-segment", o, pixel_of(pic, end), COLOR_RAY,
             " stroke-width=\"1.5\" stroke-dasharray=\"5 3\" marker-end=\"url(#arrow-ray)\"");
    fprintf(out, "<circle class=\"ray-origin\" cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"%s\"/>\n", o.x, o.y, COLOR_RAY);
    bool ok = true;
    for (int i = 0; i < s->shape_count; i++) {
        ray_hit h = raycast(s, k, i);
        if (!h.hit) continue;
        fprintf(out, "<g class=\"ray-hit\" data-shape=\"%d\"", i);
        put_status(out, h.status);
        fprintf(out, " data-inside=\"%s\"", h.inside ? "true" : "false");
        if (!(isfinite(h.fraction) && finite_all(h.point, 3) && finite_all(h.normal, 3))) {
            fputs(" data-nonfinite=\"true\"/>\n", out);
            ok = false;
            continue;
        }
        fputs(" data-fraction=\"", out);
        put_real(out, h.fraction);
        fputc('"', out);
        put_vec(out, "data-point", h.point, s->dim);
        put_vec(out, "data-normal", h.normal, s->dim);
        fputs(">\n", out);
        pt q = pixel_of(pic, h.point);
        put_line(out, "hit-normal", q, normal_end(pic, q, h.normal), COLOR_RAY,
                 " stroke-width=\"1.5\" marker-end=\"url(#arrow-ray)\"");
        fprintf(out, "<circle class=\"hit-point\" cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"%s\" stroke=\"white\"/>\n",
                q.x, q.y, COLOR_RAY);
        if (h.inside)
            fprintf(out, "<text class=\"hit-inside\" x=\"%.2f\" y=\"%.2f\" font-size=\"11\" fill=\"%s\" "
                         "stroke=\"white\" stroke-width=\"2.5\" paint-order=\"stroke\">inside %d</text>\n",
                    q.x + 6, q.y + 14, COLOR_RAY, i);
        fputs("</g>\n", out);
    }
    fputs("</g>\n", out);
    return ok;
}

bool contacts_write(FILE *out, picture *pic) {
    const scene *s = pic->s;
    bool ok = true;
    if (pic->legend[LEGEND_MOTION]) write_motions(out, pic);
    if (pic->legend[LEGEND_IMPACT]) {
        fputs("<g class=\"casts\">\n", out);
        for (int k = 0; k < s->pair_count; k++)
            if (pair_moves(s, s->pairs[k])) ok &= write_cast(out, pic, k);
        fputs("</g>\n", out);
    }
    fputs("<g class=\"manifolds\">\n", out);
    for (int k = 0; k < s->pair_count; k++) ok &= write_manifold(out, pic, k);
    fputs("</g>\n", out);
    if (s->ray_count > 0) {
        fputs("<g class=\"rays\">\n", out);
        for (int k = 0; k < s->ray_count; k++) ok &= write_ray(out, pic, k);
        fputs("</g>\n", out);
    }
    return ok;
}
