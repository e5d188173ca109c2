// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk render: a scene as an SVG picture (see render.h; docs/cli.md, "Pictures").

   Two passes: the first runs every pair's query and samples every outline (which shapes overlap, label positions,
   3D painting order, bounds); the second writes the SVG, sampling and querying again (deterministic, so it draws
   what the first measured), so memory stays at one outline however large the scene. The scene is validated before
   anything is written, and a file is written under a temporary name renamed over the target at the end.

   The geometry (outlines from the support functions, label points, 3D painting depths and edges) is outline.c's;
   manifolds, rays and shape casts are drawn by render_contacts.c; this file runs the queries, lays the picture out
   and writes the shapes and pairs. */
#include "render.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gjk/gjk.h"
#include "outline.h"
#include "render_picture.h"
#include "scene.h"

#define DEFAULT_WIDTH 800
#define MIN_WIDTH 200
#define MAX_WIDTH 100000
#define MARGIN 28.0      /* pixels around the drawing */
#define MAX_ASPECT 2.0   /* the drawing is at most this many times as high as the picture is wide */
#define LEGEND_ITEM 175  /* pixels per legend entry */

typedef struct options {
    const char *scene_path, *out_path;
    int width;
    gjk_real speculative;
} options;

/* One pair's answer, as gjk query prints it; vectors have `dim` components. */
typedef struct answer {
    gjk_status status;
    bool intersect, finite;
    gjk_real distance, normal[3], point_a[3], point_b[3];
} answer;

/* ---- the picture plane ------------------------------------------------------------------------------------- */

void picture_include(picture *pic, pt p) {
    if (!isfinite(p.x) || !isfinite(p.y)) return;
    pic->lo.x = fmin(pic->lo.x, p.x), pic->lo.y = fmin(pic->lo.y, p.y);
    pic->hi.x = fmax(pic->hi.x, p.x), pic->hi.y = fmax(pic->hi.y, p.y);
}

/* ---- the pairs --------------------------------------------------------------------------------------------- */

/* The query gjk query runs for pair p. */
static answer query_pair(const scene *s, scene_pair p) {
    answer r;
    memset(&r, 0, sizeof r);
    if (s->dim == 3) {
        gjk_pair3 q = {&s->shapes3[p.a], s->poses3[p.a], &s->shapes3[p.b], s->poses3[p.b]};
        gjk_result3 g = gjk_signed_distance3(&q, NULL);
        gjk_vec3 v[3] = {g.normal, g.point_a, g.point_b};
        for (int k = 0; k < 3; k++) {
            gjk_real *out = k == 0 ? r.normal : k == 1 ? r.point_a : r.point_b;
            out[0] = v[k].x, out[1] = v[k].y, out[2] = v[k].z;
        }
        r.status = g.status, r.intersect = g.intersect, r.distance = g.distance;
    } else {
        gjk_pair2 q = {&s->shapes2[p.a], s->poses2[p.a], &s->shapes2[p.b], s->poses2[p.b]};
        gjk_result2 g = gjk_signed_distance2(&q, NULL);
        gjk_vec2 v[3] = {g.normal, g.point_a, g.point_b};
        for (int k = 0; k < 3; k++) {
            gjk_real *out = k == 0 ? r.normal : k == 1 ? r.point_a : r.point_b;
            out[0] = v[k].x, out[1] = v[k].y;
        }
        r.status = g.status, r.intersect = g.intersect, r.distance = g.distance;
    }
    r.finite = isfinite(r.distance);
    for (int k = 0; k < 3; k++) r.finite &= isfinite(r.normal[k]) && isfinite(r.point_a[k]) && isfinite(r.point_b[k]);
    return r;
}

/* ---- first pass: what overlaps, where everything is ------------------------------------------------------------ */

static int by_depth(const void *a, const void *b) {
    const layer *x = a, *y = b;
    if (x->depth != y->depth) return x->depth < y->depth ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

static int legend_per_row(int width) { return width - 32 >= 2 * LEGEND_ITEM ? (width - 32) / LEGEND_ITEM : 1; }

static int legend_count(const picture *pic) {
    int n = 0;
    for (int k = 0; k < LEGEND_COUNT; k++) n += pic->legend[k];
    return n;
}

/* Header height (title, view note, legend rows) for a picture `width` pixels wide. */
static int header_height(int dim, int width, int items) {
    int per_row = legend_per_row(width), rows = (items + per_row - 1) / per_row;
    return 34 + (dim == 3 ? 18 : 0) + 18 * rows + 6;
}

/* Pixels per length unit and the offsets: the bounds, centred, fill the width (or MAX_ASPECT times it in height). */
static void fit(picture *pic, int width) {
    if (!(pic->lo.x <= pic->hi.x)) pic->lo = pic->hi = (pt){0, 0}; /* nothing drawn: a picture of the header */
    double w = pic->hi.x - pic->lo.x, h = pic->hi.y - pic->lo.y;
    double scale = fmin((width - 2 * MARGIN) / w, MAX_ASPECT * width / h);
    if (!isfinite(scale) || !(scale > 0)) scale = 1, w = 0, h = 0; /* one point (or too small to measure) */
    pic->width = width;
    pic->header = header_height(pic->s->dim, width, legend_count(pic));
    pic->height = pic->header + (int)ceil(h * scale + 2 * MARGIN);
    pic->scale = scale;
    pic->ox = (width - w * scale) / 2 - pic->lo.x * scale;
    pic->oy = pic->header + MARGIN + pic->hi.y * scale;
}

static int out_of_memory(void) {
    fputs("gjk: out of memory\n", stderr);
    return EXIT_IO;
}

static int prepare(picture *pic, const scene *s, const options *o) {
    memset(pic, 0, sizeof *pic);
    pic->s = s;
    pic->speculative = o->speculative;
    for (int k = 0; k < LEGEND_CONTACT; k++) pic->legend[k] = true;
    view_init(&pic->view, s);
    size_t n = s->shape_count > 0 ? (size_t)s->shape_count : 1;
    pic->line.points = malloc(OUTLINE_MAX * sizeof *pic->line.points);
    pic->hit = calloc(n, sizeof *pic->hit);
    pic->centre = malloc(n * sizeof *pic->centre);
    pic->order = malloc(n * sizeof *pic->order);
    if (!pic->line.points || !pic->hit || !pic->centre || !pic->order) return out_of_memory();
    pic->lo = (pt){INFINITY, INFINITY}, pic->hi = (pt){-INFINITY, -INFINITY};
    for (int k = 0; k < s->pair_count; k++) {
        answer r = query_pair(s, s->pairs[k]);
        if (r.intersect) pic->hit[s->pairs[k].a] = pic->hit[s->pairs[k].b] = true;
        picture_include(pic, view_project(&pic->view, r.point_a));
        picture_include(pic, view_project(&pic->view, r.point_b));
    }
    for (int i = 0; i < s->shape_count; i++) {
        outline_trace(&pic->line, &pic->view, i);
        for (int k = 0; k < pic->line.count; k++) picture_include(pic, pic->line.points[k]);
        pic->centre[i] = outline_label(&pic->line);
        pic->order[i] = (layer){view_depth(&pic->view, i), i};
    }
    if (s->dim == 3 && s->shape_count > 1) qsort(pic->order, (size_t)s->shape_count, sizeof *pic->order, by_depth);
    contacts_measure(pic);
    fit(pic, o->width);
    return EXIT_OK;
}

/* ---- second pass: the SVG ------------------------------------------------------------------------------------ */

void put_real(FILE *out, gjk_real v) { fprintf(out, REAL_FORMAT, v == 0 ? 0.0 : (double)v); }

/* ` name="x y [z]"` with the numbers as gjk query prints them. */
void put_vec(FILE *out, const char *name, const gjk_real *v, int n) {
    fprintf(out, " %s=\"", name);
    for (int k = 0; k < n; k++) {
        if (k > 0) fputc(' ', out);
        put_real(out, v[k]);
    }
    fputc('"', out);
}

/* Text for XML: printable ASCII, markup characters escaped, anything else shown as '?'. */
static void put_text(FILE *out, const char *text) {
    for (; *text != '\0'; text++) {
        char c = *text;
        if (c == '&') fputs("&amp;", out);
        else if (c == '<') fputs("&lt;", out);
        else if (c == '>') fputs("&gt;", out);
        else if (c == '"') fputs("&quot;", out);
        else fputc(c >= 0x20 && c < 0x7f ? c : '?', out);
    }
}

static const char *type_name(const scene *s, int i) {
    static const char *const names3[] = {"point",    "segment", "triangle",  "box",  "sphere", "capsule",
                                         "cylinder", "cone",    "ellipsoid", "hull", "user"};
    static const char *const names2[] = {"point", "segment", "circle", "box", "capsule", "polygon", "user"};
    if (s->dim == 3) {
        unsigned t = (unsigned)s->shapes3[i].type;
        return t < sizeof names3 / sizeof names3[0] ? names3[t] : "unknown";
    }
    unsigned t = (unsigned)s->shapes2[i].type;
    return t < sizeof names2 / sizeof names2[0] ? names2[t] : "unknown";
}

/* Title, the 3D view, and the legend. */
static void write_header(FILE *out, const picture *pic, const char *name) {
    const scene *s = pic->s;
    fprintf(out, "<title>gjk render: ");
    put_text(out, name);
    fprintf(out, "</title>\n<desc>%dD scene, %d shapes, %d pairs: shapes from their support functions, each pair's "
                 "signed distance as gjk query computes it.</desc>\n",
            s->dim, s->shape_count, s->pair_count);
    fprintf(out, "<rect class=\"background\" width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
                 "<text class=\"heading\" x=\"16\" y=\"26\" font-size=\"15\" font-weight=\"bold\">");
    put_text(out, name);
    fprintf(out, ": %dD, %d shape%s, %d pair%s</text>\n", s->dim, s->shape_count, s->shape_count == 1 ? "" : "s",
            s->pair_count, s->pair_count == 1 ? "" : "s");
    int y = 34;
    if (s->dim == 3) {
        fprintf(out, "<text class=\"view\" x=\"16\" y=\"%d\" font-size=\"12\" fill=\"#555\">orthographic view from "
                     "(%g, %g, %g), z up</text>\n", y + 12, view_from[0], view_from[1], view_from[2]);
        y += 18;
    }
    static const char *const symbols[] = {
        "<line x2=\"22\" stroke=\"" COLOR_GAP "\" stroke-width=\"2\"/><circle r=\"3\" fill=\"" COLOR_GAP "\"/>"
        "<circle cx=\"22\" r=\"3\" fill=\"" COLOR_GAP "\"/>",
        "<line x2=\"22\" stroke=\"" COLOR_DEPTH "\" stroke-width=\"2\" marker-end=\"url(#arrow)\"/>",
        "<rect y=\"-6\" width=\"24\" height=\"12\" fill=\"" COLOR_HIT "\" fill-opacity=\"0.3\" "
        "stroke=\"" COLOR_HIT_EDGE "\" stroke-width=\"1.5\"/>",
        "<rect y=\"-6\" width=\"24\" height=\"12\" fill=\"" COLOR_SHAPE "\" fill-opacity=\"0.3\" "
        "stroke=\"" COLOR_SHAPE_EDGE "\" stroke-width=\"1.5\"/>",
        "<circle cx=\"5\" r=\"3\" fill=\"" COLOR_CONTACT "\"/><circle cx=\"19\" r=\"3\" fill=\"white\" "
        "stroke=\"" COLOR_CONTACT "\" stroke-width=\"1.5\"/>",
        "<line x2=\"22\" stroke=\"" COLOR_RAY "\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
        "<circle cx=\"16\" r=\"3\" fill=\"" COLOR_RAY "\"/>",
        "<rect y=\"-6\" width=\"24\" height=\"12\" fill=\"none\" stroke=\"" COLOR_GHOST "\" stroke-width=\"1\" "
        "stroke-dasharray=\"4 3\"/>",
        "<rect y=\"-6\" width=\"24\" height=\"12\" fill=\"" COLOR_IMPACT "\" fill-opacity=\"0.12\" "
        "stroke=\"" COLOR_IMPACT "\" stroke-width=\"1.2\" stroke-dasharray=\"6 2\"/>"};
    static const char *const labels[] = {"closest points (gap)", "penetration (depth)", "overlapping shape",
                                         "separate shape", "contact points (A, B)", "ray and hits",
                                         "end of step", "at time of impact"};
    int per_row = legend_per_row(pic->width);
    fputs("<g class=\"legend\" font-size=\"12\">\n", out);
    for (int k = 0, n = 0; k < LEGEND_COUNT; k++) {
        if (!pic->legend[k]) continue;
        fprintf(out, "<g transform=\"translate(%d %d)\">%s<text x=\"32\" y=\"4\">%s</text></g>\n",
                18 + (n % per_row) * LEGEND_ITEM, y + 18 * (n / per_row) + 9, symbols[k], labels[k]);
        n++;
    }
    fputs("</g>\n", out);
}

/* Where put_path() writes the points outline_edges() gives: the file, and the picture for the pixel frame. */
typedef struct path_out {
    FILE *out;
    const picture *pic;
} path_out;

static void put_path(void *context, char command, pt p) {
    const path_out *path = context;
    if (command == 'Z') {
        fputc('Z', path->out);
        return;
    }
    pt q = to_pixel(path->pic, p);
    fprintf(path->out, "%c%.2f %.2f", command, q.x, q.y);
}

/* 3D boxes and hulls without margin: their edges, thin, over the silhouette. */
static void write_edges(FILE *out, const picture *pic, int i) {
    if (!outline_has_edges(&pic->view, i)) return;
    fprintf(out, "<path class=\"edges\" data-index=\"%d\" fill=\"none\" stroke=\"#333\" stroke-width=\"0.6\" "
                 "stroke-opacity=\"0.6\" d=\"", i);
    path_out path = {out, pic};
    outline_edges(&pic->view, i, put_path, &path);
    fputs("\"/>\n", out);
}

static void write_shape(FILE *out, picture *pic, int i) {
    outline_trace(&pic->line, &pic->view, i);
    bool hit = pic->hit[i];
    fprintf(out, "<polygon class=\"shape\" data-index=\"%d\" data-type=\"%s\" data-intersect=\"%s\" fill=\"%s\" "
                 "fill-opacity=\"0.3\" stroke=\"%s\" stroke-width=\"1.5\" stroke-linejoin=\"round\" points=\"",
            i, type_name(pic->s, i), hit ? "true" : "false", hit ? COLOR_HIT : COLOR_SHAPE,
            hit ? COLOR_HIT_EDGE : COLOR_SHAPE_EDGE);
    for (int k = 0; k < pic->line.count; k++) {
        pt p = to_pixel(pic, pic->line.points[k]);
        fprintf(out, "%s%.2f,%.2f", k == 0 ? "" : " ", p.x, p.y);
    }
    fputs("\"/>\n", out);
    if (pic->line.count == 1) { /* a point: a polygon of one point shows nothing */
        pt p = to_pixel(pic, pic->line.points[0]);
        fprintf(out, "<circle class=\"shape-point\" data-index=\"%d\" cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"%s\"/>\n",
                i, p.x, p.y, hit ? COLOR_HIT_EDGE : COLOR_SHAPE_EDGE);
    }
    write_edges(out, pic, i);
}

/* Pair k: a group carrying the answer, with the line (separated) or arrow (overlapping), the two points and a
   label. Returns false when the answer is not finite (a library bug): the group is then empty. */
static bool write_pair(FILE *out, const picture *pic, int k) {
    scene_pair p = pic->s->pairs[k];
    answer r = query_pair(pic->s, p);
    int dim = pic->s->dim;
    fprintf(out, "<g class=\"pair\" data-index=\"%d\" data-a=\"%d\" data-b=\"%d\" data-status=\"%s\" "
                 "data-intersect=\"%s\"", k, p.a, p.b, gjk_status_string(r.status), r.intersect ? "true" : "false");
    if (!r.finite) {
        fputs(" data-nonfinite=\"true\"/>\n", out);
        return false;
    }
    fputs(" data-distance=\"", out);
    put_real(out, r.distance);
    fputc('"', out);
    put_vec(out, "data-normal", r.normal, dim);
    put_vec(out, "data-point-a", r.point_a, dim);
    put_vec(out, "data-point-b", r.point_b, dim);
    fputs(">\n", out);
    pt a = to_pixel(pic, view_project(&pic->view, r.point_a));
    pt b = to_pixel(pic, view_project(&pic->view, r.point_b));
    const char *color = r.intersect ? COLOR_DEPTH : COLOR_GAP;
    double length = hypot(b.x - a.x, b.y - a.y);
    /* Overlapping: an arrow from B's deepest point to A's, along the normal, of length depth (moving B by it leaves
       the pair touching). Separated: a line from A's closest point to B's. */
    pt from = r.intersect ? b : a, to = r.intersect ? a : b;
    fprintf(out, "<line class=\"%s\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                 "stroke-width=\"2\"%s/>\n", r.intersect ? "penetration" : "closest", from.x, from.y, to.x, to.y, color,
            r.intersect && length > 8 ? " marker-end=\"url(#arrow)\"" : "");
    fprintf(out, "<circle class=\"point-a\" cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"%s\" stroke=\"white\"/>\n"
                 "<circle class=\"point-b\" cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"%s\" stroke=\"white\"/>\n",
            a.x, a.y, color, b.x, b.y, color);
    char label[96];
    double d = r.distance == 0 ? 0.0 : (double)r.distance; /* never "-0" */
    int n = snprintf(label, sizeof label, !r.intersect ? "%d-%d: d = %.4g" : d < 0 ? "%d-%d: depth %.4g"
                                                                                   : "%d-%d: touching, d = %.4g",
                     p.a, p.b, d < 0 && r.intersect ? -d : d);
    /* Beside the middle of the line, on its upper side (its right side when the line is vertical), kept inside the
       picture (a character of the 12 px sans-serif is taken as 7 px wide). */
    pt side = {0.7, -0.7};
    if (length > 1e-9) {
        side = (pt){(a.y - b.y) / length, (b.x - a.x) / length};
        if (side.y > 1e-9 || (fabs(side.y) <= 1e-9 && side.x < 0)) side.x = -side.x, side.y = -side.y;
    }
    double x = (a.x + b.x) / 2 + 10 * side.x, w = 7.0 * n, left = side.x > 0.3 ? 0 : side.x < -0.3 ? -w : -w / 2;
    x += fmax(0, 2 - (x + left)) - fmax(0, x + left + w - (pic->width - 2));
    fprintf(out, "<text class=\"pair-label\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\" font-size=\"12\" fill=\"%s\" "
                 "stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">%s",
            x, (a.y + b.y) / 2 + 10 * side.y + 4 * (1 + side.y), left == 0 ? "start" : left == -w ? "end" : "middle",
            color, label);
    fputs("</text>\n</g>\n", out);
    return true;
}

/* The whole picture. Returns the index of the first pair with a non-finite answer, or -1. */
static int write_svg(FILE *out, picture *pic, const char *name) {
    const scene *s = pic->s;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"sans-serif\" data-dim=\"%d\" data-scale=\"%.17g\" data-origin=\"%.17g %.17g\"",
            pic->width, pic->height, pic->width, pic->height, s->dim, pic->scale, pic->ox, pic->oy);
    if (s->dim == 3)
        fprintf(out, " data-view-right=\"%.17g %.17g %.17g\" data-view-up=\"%.17g %.17g %.17g\" "
                     "data-view-from=\"%g %g %g\"", pic->view.right[0], pic->view.right[1], pic->view.right[2],
                pic->view.up[0], pic->view.up[1], pic->view.up[2], view_from[0], view_from[1], view_from[2]);
    fputs(">\n<defs>", out);
    static const char *const markers[][2] = {{"arrow", COLOR_DEPTH}, {"arrow-contact", COLOR_CONTACT},
                                             {"arrow-ray", COLOR_RAY}, {"arrow-motion", COLOR_GHOST},
                                             {"arrow-impact", COLOR_IMPACT}};
    for (int k = 0; k < 5; k++)
        fprintf(out, "<marker id=\"%s\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
                     "markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"%s\"/></marker>",
                markers[k][0], markers[k][1]);
    fputs("</defs>\n", out);
    write_header(out, pic, name);
    fputs("<g class=\"shapes\">\n", out);
    for (int k = 0; k < s->shape_count; k++) write_shape(out, pic, pic->order[k].index);
    fputs("</g>\n<g class=\"pairs\">\n", out);
    int bad = -1;
    for (int k = 0; k < s->pair_count; k++) {
        if (!write_pair(out, pic, k) && bad < 0) bad = k;
    }
    fputs("</g>\n", out);
    if (!contacts_write(out, pic) && bad < 0) bad = s->pair_count; /* not a pair: report_nonfinite says so */
    fputs("<g class=\"labels\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" stroke=\"white\" "
          "stroke-width=\"3\" paint-order=\"stroke\">\n", out);
    for (int i = 0; i < s->shape_count; i++) {
        pt c = to_pixel(pic, pic->centre[i]);
        fprintf(out, "<text class=\"shape-label\" data-index=\"%d\" x=\"%.2f\" y=\"%.2f\" dy=\"5\" fill=\"%s\">%d"
                     "</text>\n", i, c.x, c.y, pic->hit[i] ? COLOR_HIT_EDGE : COLOR_SHAPE_EDGE, i);
    }
    fputs("</g>\n</svg>\n", out);
    return bad;
}

/* ---- the command ------------------------------------------------------------------------------------------- */

static bool set_option(void *ctx, int which, const char *value) {
    options *o = ctx;
    if (which == 0) {
        o->out_path = value;
        return true;
    }
    if (which == 2) return cli_parse_distance(value, &o->speculative);
    char *end;
    errno = 0;
    long w = strtol(value, &end, 10);
    if (!(*value >= '0' && *value <= '9') || *end != '\0' || errno != 0 || w < MIN_WIDTH || w > MAX_WIDTH) {
        return false;
    }
    o->width = (int)w;
    return true;
}

#define STRING_OF(x) #x
#define STRING(x) STRING_OF(x)
static const cli_option render_options[] = {{"output", 'o', "FILE", "the SVG file to write, - for standard output"},
                                            {"width", 'w', "N", "a whole number of pixels from " STRING(MIN_WIDTH) " to " STRING(MAX_WIDTH)},
                                            {"speculative", 's', "D", "a distance >= 0"}};

/* Returns -1 when the options are good, else the exit status (after the usage, or one line on stderr). */
static int parse_options(int argc, char **argv, options *o) {
    *o = (options){NULL, NULL, DEFAULT_WIDTH, 0};
    int status;
    o->scene_path = cli_parse("render", argc, argv, render_options, 3, set_option, o, &status);
    if (o->scene_path == NULL) return status;
    if (o->out_path == NULL) {
        fputs("gjk: render needs -o FILE, the SVG to write (- for standard output)\n", stderr);
        return EXIT_USAGE;
    }
    return -1;
}

static int report_nonfinite(const picture *pic, int status, int bad) {
    if (status != EXIT_OK || bad < 0) return status;
    if (bad < pic->s->pair_count)
        fprintf(stderr, "gjk: pair %d: the library returned a non-finite number (not drawn); please report it\n", bad);
    else
        fputs("gjk: a manifold, ray or cast had a non-finite number (not drawn); please report it\n", stderr);
    return EXIT_NONFINITE;
}

/* Write the picture to o->out_path: standard output, or a new file under a temporary name renamed at the end. */
static int write_output(picture *pic, const options *o) {
    const char *name = strcmp(o->scene_path, "-") == 0 ? "<stdin>" : o->scene_path;
    const char *slash = strrchr(name, '/');
    if (slash != NULL && slash[1] != '\0') name = slash + 1;
    if (strcmp(o->out_path, "-") == 0) {
        int bad = write_svg(stdout, pic, name);
        return report_nonfinite(pic, finish_output(EXIT_OK), bad);
    }
    size_t size = strlen(o->out_path) + 16;
    char *tmp = malloc(size);
    if (tmp == NULL) return out_of_memory();
    FILE *f = NULL;
    for (int k = 0; k < 100 && f == NULL; k++) {
        snprintf(tmp, size, "%s.tmp%d", o->out_path, k);
        errno = 0;
        f = fopen(tmp, "wx"); /* C11 exclusive mode: never someone else's file */
        if (f == NULL && errno != EEXIST) break;
    }
    if (f == NULL) {
        fprintf(stderr, "gjk: %s: cannot write: %s\n", o->out_path, strerror(errno));
        free(tmp);
        return EXIT_IO;
    }
    int bad = write_svg(f, pic, name);
    bool ok = !ferror(f);
    int error = errno;
    if (fclose(f) != 0 && ok) ok = false, error = errno;
    if (ok && rename(tmp, o->out_path) != 0) ok = false, error = errno;
    if (!ok) {
        remove(tmp);
        fprintf(stderr, "gjk: %s: cannot write: %s\n", o->out_path, strerror(error));
    }
    free(tmp);
    return ok ? report_nonfinite(pic, EXIT_OK, bad) : EXIT_IO;
}

int cmd_render(int argc, char **argv) {
    options o;
    int status = parse_options(argc, argv, &o);
    if (status >= 0) return status;
    scene s;
    status = load_scene(&s, o.scene_path);
    if (status != EXIT_OK) return status;
    picture pic;
    status = prepare(&pic, &s, &o);
    if (status == EXIT_OK) status = write_output(&pic, &o);
    free(pic.line.points), free(pic.hit), free(pic.centre), free(pic.order);
    scene_free(&s);
    return status;
}
