/* gjk render: a scene as an SVG picture (see render.h; README.md, "Pictures").

   Two passes: the first runs every pair's query and samples every outline (which shapes overlap, label positions,
   3D painting order, bounds); the second writes the SVG, sampling and querying again (deterministic, so it draws
   what the first measured), so memory stays at one outline however large the scene. The scene is validated before
   anything is written, and a file is written under a temporary name renamed over the target at the end.

   Outlines: the support point of a body along a direction of the picture plane, projected onto the plane, is the
   support point of its projection (in 2D the plane is the world). SAMPLES directions around the circle give the
   outline's points in order. Where two consecutive samples skipped a vertex, the support point along their chord's
   normal lies beyond the chord and is inserted (recursively): polygons, boxes and hulls keep every vertex that shows,
   as the support function returns it; curves get SAMPLES points per turn (chords within 8e-5 radius of the curve). */
#include "render.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gjk/gjk.h"
#include "scene.h"

#define DEFAULT_WIDTH 800
#define MIN_WIDTH 200
#define MAX_WIDTH 100000
#define SAMPLES 256      /* directions sampled around each outline */
#define REFINE_DEPTH 16  /* bisections between two samples */
#define OUTLINE_MAX 4096 /* most points of one outline */
#define MARGIN 28.0      /* pixels around the drawing */
#define MAX_ASPECT 2.0   /* the drawing is at most this many times as high as the picture is wide */
#define LEGEND_ITEM 175  /* pixels per legend entry */
#define PI 3.14159265358979323846

/* The 3D view: orthographic, seen from this direction (normalised) toward the origin, world z up on the screen. */
static const double VIEW_FROM[3] = {1, 0.6, 0.8};

#define COLOR_SHAPE "#4c78a8"      /* a shape overlapping no other in the listed pairs */
#define COLOR_SHAPE_EDGE "#2f4b6e"
#define COLOR_HIT "#e45756"        /* a shape overlapping (or touching) another in some listed pair */
#define COLOR_HIT_EDGE "#a3201d"
#define COLOR_GAP "#2ca02c"        /* a separated pair: the closest points */
#define COLOR_DEPTH "#d62728"      /* an overlapping pair: the penetration */

typedef struct pt {
    double x, y;
} pt;

typedef struct options {
    const char *scene_path, *out_path;
    int width;
} options;

/* One pair's answer, as gjk query prints it; vectors have `dim` components. */
typedef struct answer {
    gjk_status status;
    bool intersect, finite;
    gjk_real distance, normal[3], point_a[3], point_b[3];
} answer;

/* Painting order in 3D: farthest from the camera first. */
typedef struct layer {
    double depth; /* mid-depth of the shape toward the camera */
    int index;
} layer;

typedef struct picture {
    const scene *s;
    double right[3], up[3], toward[3]; /* 3D: the screen's x and y axes and the direction to the camera (world) */
    pt *points;                        /* [OUTLINE_MAX] the outline being built */
    int count;
    double tol, same;                  /* outline: refinement threshold, coincident points (length units) */
    pt lo, hi;                         /* bounds of everything drawn in the picture plane */
    bool *hit;                         /* [shape_count] overlaps another shape in some pair */
    pt *centre;                        /* [shape_count] label positions, picture plane */
    layer *order;                      /* [shape_count] painting order */
    double scale, ox, oy;              /* pixel = (ox + scale x, oy - scale y): y up */
    int width, height, header;
} picture;

/* ---- geometry ---------------------------------------------------------------------------------------------- */

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void unit3(double v[3]) {
    double n = sqrt(dot3(v, v));
    for (int k = 0; k < 3; k++) v[k] /= n;
}

/* The camera's axes from VIEW_FROM: right = z x toward (horizontal), up = toward x right (z up). */
static void set_view(picture *pic) {
    double *t = pic->toward, *r = pic->right, *u = pic->up;
    memcpy(t, VIEW_FROM, sizeof pic->toward);
    unit3(t);
    r[0] = -t[1], r[1] = t[0], r[2] = 0;
    unit3(r);
    u[0] = t[1] * r[2] - t[2] * r[1], u[1] = t[2] * r[0] - t[0] * r[2], u[2] = t[0] * r[1] - t[1] * r[0];
    unit3(u);
}

/* A world point (dim components) in the picture plane. */
static pt to_plane(const picture *pic, const gjk_real *w) {
    if (pic->s->dim == 2) return (pt){w[0], w[1]};
    double v[3] = {w[0], w[1], w[2]};
    return (pt){dot3(v, pic->right), dot3(v, pic->up)};
}

static pt to_pixel(const picture *pic, pt p) { return (pt){pic->ox + pic->scale * p.x, pic->oy - pic->scale * p.y}; }

/* Support point of 3D shape i in world direction d, in the world frame. */
static gjk_vec3 world_support3(const scene *s, int i, const double d[3]) {
    gjk_pose3 pose = s->poses3[i];
    gjk_vec3 local = gjk_quat_inv_rotate(pose.rotation, gjk_v3((gjk_real)d[0], (gjk_real)d[1], (gjk_real)d[2]));
    return gjk_pose3_apply(pose, gjk_shape3_support(&s->shapes3[i], local));
}

/* Support point of shape i in unit direction d of the picture plane, in that plane. */
static pt support(const picture *pic, int i, pt d) {
    const scene *s = pic->s;
    if (s->dim == 2) {
        gjk_pose2 pose = s->poses2[i];
        gjk_vec2 local = gjk_inv_rotate2(pose.rotation, gjk_v2((gjk_real)d.x, (gjk_real)d.y));
        gjk_vec2 w = gjk_pose2_apply(pose, gjk_shape2_support(&s->shapes2[i], local));
        return (pt){w.x, w.y};
    }
    double dir[3];
    for (int k = 0; k < 3; k++) dir[k] = d.x * pic->right[k] + d.y * pic->up[k];
    gjk_vec3 w = world_support3(s, i, dir);
    gjk_real v[3] = {w.x, w.y, w.z};
    return to_plane(pic, v);
}

static void add_point(picture *pic, pt p) {
    if (pic->count > 0) {
        pt q = pic->points[pic->count - 1];
        if (fabs(p.x - q.x) <= pic->same && fabs(p.y - q.y) <= pic->same) return;
    }
    if (pic->count < OUTLINE_MAX) pic->points[pic->count++] = p;
}

/* Points of the outline strictly between p0 and p1 (counter-clockwise): the support point along the chord's outward
   normal, when it lies beyond the chord, then recursively on each side. */
static void refine(picture *pic, int i, pt p0, pt p1, int depth) {
    pt n = {p1.y - p0.y, p0.x - p1.x};
    double length = hypot(n.x, n.y);
    if (depth == 0 || !(length > pic->same) || pic->count >= OUTLINE_MAX) return;
    n.x /= length, n.y /= length;
    pt q = support(pic, i, n);
    if (!((q.x - p0.x) * n.x + (q.y - p0.y) * n.y > pic->tol)) return;
    refine(pic, i, p0, q, depth - 1);
    add_point(pic, q);
    refine(pic, i, q, p1, depth - 1);
}

/* Fill pic->points with the outline of shape i: counter-clockwise, without repeated points (one point for a point,
   two for a segment seen along its length). */
static void outline(picture *pic, int i) {
    pt first[SAMPLES];
    pt lo = {INFINITY, INFINITY}, hi = {-INFINITY, -INFINITY};
    for (int k = 0; k < SAMPLES; k++) {
        double a = 2 * PI * k / SAMPLES;
        first[k] = support(pic, i, (pt){cos(a), sin(a)});
        lo.x = fmin(lo.x, first[k].x), lo.y = fmin(lo.y, first[k].y);
        hi.x = fmax(hi.x, first[k].x), hi.y = fmax(hi.y, first[k].y);
    }
    double size = fmax(hi.x - lo.x, hi.y - lo.y);
    /* Sub-pixel for any picture of the shape: a chord that close to the outline is drawn as it is. */
    pic->tol = 1e-4 * size;
    pic->same = 1e-9 * size;
    pic->count = 0;
    for (int k = 0; k < SAMPLES; k++) {
        add_point(pic, first[k]);
        refine(pic, i, first[k], first[(k + 1) % SAMPLES], REFINE_DEPTH);
    }
    pt a = pic->points[0], b = pic->points[pic->count - 1];
    if (pic->count > 1 && fabs(a.x - b.x) <= pic->same && fabs(a.y - b.y) <= pic->same) pic->count--;
}

/* Where the label of the current outline goes: its centroid, or the mean of its points when it has no area. In
   units of the outline's size from its first point: the area's terms are cubes of coordinates, which overflow past
   1e102. */
static pt label_point(const picture *pic) {
    const pt *p = pic->points;
    int n = pic->count;
    double area = 0, cx = 0, cy = 0, mx = 0, my = 0, size = 0;
    for (int k = 1; k < n; k++) size = fmax(size, fmax(fabs(p[k].x - p[0].x), fabs(p[k].y - p[0].y)));
    if (!(size > 0)) return p[0];
    for (int k = 0; k < n; k++) {
        int j = (k + 1) % n;
        pt a = {(p[k].x - p[0].x) / size, (p[k].y - p[0].y) / size};
        pt b = {(p[j].x - p[0].x) / size, (p[j].y - p[0].y) / size};
        double c = a.x * b.y - b.x * a.y;
        area += c, cx += (a.x + b.x) * c, cy += (a.y + b.y) * c;
        mx += a.x, my += a.y;
    }
    if (fabs(area) > 1e-9) return (pt){p[0].x + size * cx / (3 * area), p[0].y + size * cy / (3 * area)};
    return (pt){p[0].x + size * mx / n, p[0].y + size * my / n};
}

static void include(picture *pic, pt p) {
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

/* Header height (title, view note, legend rows) for a picture `width` pixels wide. */
static int header_height(int dim, int width) {
    int per_row = legend_per_row(width), rows = (4 + per_row - 1) / per_row;
    return 34 + (dim == 3 ? 18 : 0) + 18 * rows + 6;
}

/* Pixels per length unit and the offsets: the bounds, centred, fill the width (or MAX_ASPECT times it in height). */
static void fit(picture *pic, int width) {
    if (!(pic->lo.x <= pic->hi.x)) pic->lo = pic->hi = (pt){0, 0}; /* nothing drawn: a picture of the header */
    double w = pic->hi.x - pic->lo.x, h = pic->hi.y - pic->lo.y;
    double scale = fmin((width - 2 * MARGIN) / w, MAX_ASPECT * width / h);
    if (!isfinite(scale) || !(scale > 0)) scale = 1, w = 0, h = 0; /* one point (or too small to measure) */
    pic->width = width;
    pic->header = header_height(pic->s->dim, width);
    pic->height = pic->header + (int)ceil(h * scale + 2 * MARGIN);
    pic->scale = scale;
    pic->ox = (width - w * scale) / 2 - pic->lo.x * scale;
    pic->oy = pic->header + MARGIN + pic->hi.y * scale;
}

static int out_of_memory(void) {
    fputs("gjk: out of memory\n", stderr);
    return EXIT_IO;
}

static int prepare(picture *pic, const scene *s, int width) {
    memset(pic, 0, sizeof *pic);
    pic->s = s;
    set_view(pic);
    size_t n = s->shape_count > 0 ? (size_t)s->shape_count : 1;
    pic->points = malloc(OUTLINE_MAX * sizeof *pic->points);
    pic->hit = calloc(n, sizeof *pic->hit);
    pic->centre = malloc(n * sizeof *pic->centre);
    pic->order = malloc(n * sizeof *pic->order);
    if (!pic->points || !pic->hit || !pic->centre || !pic->order) return out_of_memory();
    pic->lo = (pt){INFINITY, INFINITY}, pic->hi = (pt){-INFINITY, -INFINITY};
    for (int k = 0; k < s->pair_count; k++) {
        answer r = query_pair(s, s->pairs[k]);
        if (r.intersect) pic->hit[s->pairs[k].a] = pic->hit[s->pairs[k].b] = true;
        include(pic, to_plane(pic, r.point_a));
        include(pic, to_plane(pic, r.point_b));
    }
    for (int i = 0; i < s->shape_count; i++) {
        outline(pic, i);
        for (int k = 0; k < pic->count; k++) include(pic, pic->points[k]);
        pic->centre[i] = label_point(pic);
        pic->order[i] = (layer){0, i};
        if (s->dim == 3) {
            double back[3] = {-pic->toward[0], -pic->toward[1], -pic->toward[2]};
            gjk_vec3 a = world_support3(s, i, pic->toward), b = world_support3(s, i, back);
            double near[3] = {a.x, a.y, a.z}, far[3] = {b.x, b.y, b.z};
            pic->order[i].depth = (dot3(near, pic->toward) + dot3(far, pic->toward)) / 2;
        }
    }
    if (s->dim == 3 && s->shape_count > 1) qsort(pic->order, (size_t)s->shape_count, sizeof *pic->order, by_depth);
    fit(pic, width);
    return EXIT_OK;
}

/* ---- second pass: the SVG ------------------------------------------------------------------------------------ */

static void put_real(FILE *out, gjk_real v) { fprintf(out, REAL_FORMAT, v == 0 ? 0.0 : (double)v); }

/* ` name="x y [z]"` with the numbers as gjk query prints them. */
static void put_vec(FILE *out, const char *name, const gjk_real *v, int n) {
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
                     "(%g, %g, %g), z up</text>\n", y + 12, VIEW_FROM[0], VIEW_FROM[1], VIEW_FROM[2]);
        y += 18;
    }
    static const char *const symbols[] = {
        "<line x2=\"22\" stroke=\"" COLOR_GAP "\" stroke-width=\"2\"/><circle r=\"3\" fill=\"" COLOR_GAP "\"/>"
        "<circle cx=\"22\" r=\"3\" fill=\"" COLOR_GAP "\"/>",
        "<line x2=\"22\" stroke=\"" COLOR_DEPTH "\" stroke-width=\"2\" marker-end=\"url(#arrow)\"/>",
        "<rect y=\"-6\" width=\"24\" height=\"12\" fill=\"" COLOR_HIT "\" fill-opacity=\"0.3\" "
        "stroke=\"" COLOR_HIT_EDGE "\" stroke-width=\"1.5\"/>",
        "<rect y=\"-6\" width=\"24\" height=\"12\" fill=\"" COLOR_SHAPE "\" fill-opacity=\"0.3\" "
        "stroke=\"" COLOR_SHAPE_EDGE "\" stroke-width=\"1.5\"/>"};
    static const char *const labels[] = {"closest points (gap)", "penetration (depth)", "overlapping shape",
                                         "separate shape"};
    int per_row = legend_per_row(pic->width);
    fputs("<g class=\"legend\" font-size=\"12\">\n", out);
    for (int k = 0; k < 4; k++) {
        fprintf(out, "<g transform=\"translate(%d %d)\">%s<text x=\"32\" y=\"4\">%s</text></g>\n",
                18 + (k % per_row) * LEGEND_ITEM, y + 18 * (k / per_row) + 9, symbols[k], labels[k]);
    }
    fputs("</g>\n", out);
}

static void put_corner(FILE *out, const picture *pic, char command, gjk_pose3 pose, gjk_vec3 local) {
    gjk_vec3 w = gjk_pose3_apply(pose, local);
    pt p = to_pixel(pic, to_plane(pic, (const gjk_real[]){w.x, w.y, w.z}));
    fprintf(out, "%c%.2f %.2f", command, p.x, p.y);
}

/* 3D boxes and hulls without margin: their edges, thin, over the silhouette. A hull's faces list each edge twice;
   past a few thousand corners the lines would only grey the silhouette. */
static void write_edges(FILE *out, const picture *pic, int i) {
    const gjk_shape3 *shape = &pic->s->shapes3[i];
    const gjk_hull3 *hull = shape->type == GJK_SHAPE3_HULL ? shape->hull.hull : NULL;
    if (shape->margin != 0 || (shape->type != GJK_SHAPE3_BOX && hull == NULL) ||
        (hull != NULL && (hull->face_count == 0 || hull->face_first[hull->face_count] > 4096)))
        return;
    fprintf(out, "<path class=\"edges\" data-index=\"%d\" fill=\"none\" stroke=\"#333\" stroke-width=\"0.6\" "
                 "stroke-opacity=\"0.6\" d=\"", i);
    gjk_pose3 pose = pic->s->poses3[i];
    if (hull == NULL) {
        gjk_vec3 h = shape->box.half_extents;
        for (int c = 0; c < 8; c++) {
            gjk_vec3 corner = gjk_v3(c & 1 ? h.x : -h.x, c & 2 ? h.y : -h.y, c & 4 ? h.z : -h.z), end = corner;
            for (int axis = 0; axis < 3; axis++, end = corner) {
                if (c & (1 << axis)) continue; /* each edge once: from its corner with the axis' bit clear */
                *(axis == 0 ? &end.x : axis == 1 ? &end.y : &end.z) *= -1;
                put_corner(out, pic, 'M', pose, corner);
                put_corner(out, pic, 'L', pose, end);
            }
        }
    } else {
        for (int f = 0; f < hull->face_count; f++) {
            for (int k = hull->face_first[f]; k < hull->face_first[f + 1]; k++)
                put_corner(out, pic, k == hull->face_first[f] ? 'M' : 'L', pose, hull->vertices[hull->face_indices[k]]);
            fputc('Z', out);
        }
    }
    fputs("\"/>\n", out);
}

static void write_shape(FILE *out, picture *pic, int i) {
    outline(pic, i);
    bool hit = pic->hit[i];
    fprintf(out, "<polygon class=\"shape\" data-index=\"%d\" data-type=\"%s\" data-intersect=\"%s\" fill=\"%s\" "
                 "fill-opacity=\"0.3\" stroke=\"%s\" stroke-width=\"1.5\" stroke-linejoin=\"round\" points=\"",
            i, type_name(pic->s, i), hit ? "true" : "false", hit ? COLOR_HIT : COLOR_SHAPE,
            hit ? COLOR_HIT_EDGE : COLOR_SHAPE_EDGE);
    for (int k = 0; k < pic->count; k++) {
        pt p = to_pixel(pic, pic->points[k]);
        fprintf(out, "%s%.2f,%.2f", k == 0 ? "" : " ", p.x, p.y);
    }
    fputs("\"/>\n", out);
    if (pic->count == 1) { /* a point: a polygon of one point shows nothing */
        pt p = to_pixel(pic, pic->points[0]);
        fprintf(out, "<circle class=\"shape-point\" data-index=\"%d\" cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"%s\"/>\n",
                i, p.x, p.y, hit ? COLOR_HIT_EDGE : COLOR_SHAPE_EDGE);
    }
    if (pic->s->dim == 3) write_edges(out, pic, i);
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
    pt a = to_pixel(pic, to_plane(pic, r.point_a)), b = to_pixel(pic, to_plane(pic, r.point_b));
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
                     "data-view-from=\"%g %g %g\"", pic->right[0], pic->right[1], pic->right[2], pic->up[0],
                pic->up[1], pic->up[2], VIEW_FROM[0], VIEW_FROM[1], VIEW_FROM[2]);
    fputs(">\n<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
          "markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"" COLOR_DEPTH "\"/></marker>"
          "</defs>\n", out);
    write_header(out, pic, name);
    fputs("<g class=\"shapes\">\n", out);
    for (int k = 0; k < s->shape_count; k++) write_shape(out, pic, pic->order[k].index);
    fputs("</g>\n<g class=\"pairs\">\n", out);
    int bad = -1;
    for (int k = 0; k < s->pair_count; k++) {
        if (!write_pair(out, pic, k) && bad < 0) bad = k;
    }
    fputs("</g>\n<g class=\"labels\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" stroke=\"white\" "
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

#define SYNOPSIS "usage: gjk render SCENE -o FILE [--width N]"

static int usage_error(const char *arg, const char *problem) {
    fprintf(stderr, "gjk: render: %s%s (" SYNOPSIS ")\n", arg, problem);
    return EXIT_USAGE;
}

/* Returns -1 when the options are good, else the exit status (after the usage, or one line on stderr). */
static int parse_options(int argc, char **argv, options *o) {
    *o = (options){NULL, NULL, DEFAULT_WIDTH};
    bool width_seen = false;
    int scenes = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            usage(stdout);
            return finish_output(EXIT_OK);
        }
        bool is_o = strcmp(arg, "-o") == 0, is_width = strcmp(arg, "--width") == 0;
        if ((is_o || is_width) && i + 1 >= argc) return usage_error(arg, " needs a value");
        if (is_o && o->out_path != NULL) return usage_error(arg, " is given twice");
        if (is_o) {
            o->out_path = argv[++i];
        } else if (is_width) {
            const char *value = argv[++i];
            char *end;
            errno = 0;
            long w = strtol(value, &end, 10);
            if (width_seen || !(*value >= '0' && *value <= '9') || *end != '\0' || errno != 0 || w < MIN_WIDTH ||
                w > MAX_WIDTH) {
                fprintf(stderr, "gjk: render: --width must be given once, a whole number of pixels from %d to %d\n",
                        MIN_WIDTH, MAX_WIDTH);
                return EXIT_USAGE;
            }
            o->width = (int)w;
            width_seen = true;
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return usage_error(arg, ": unknown option");
        } else {
            o->scene_path = arg;
            scenes++;
        }
    }
    if (scenes != 1) {
        fputs("gjk: render takes one SCENE argument (a path, or - for standard input)\n", stderr);
        return EXIT_USAGE;
    }
    if (o->out_path == NULL) {
        fputs("gjk: render needs -o FILE, the SVG to write (- for standard output)\n", stderr);
        return EXIT_USAGE;
    }
    return -1;
}

static int report_nonfinite(int status, int bad) {
    if (status != EXIT_OK || bad < 0) return status;
    fprintf(stderr, "gjk: pair %d: the library returned a non-finite number (not drawn); please report it\n", bad);
    return EXIT_NONFINITE;
}

/* Write the picture to o->out_path: standard output, or a new file under a temporary name renamed at the end. */
static int write_output(picture *pic, const options *o) {
    const char *name = strcmp(o->scene_path, "-") == 0 ? "<stdin>" : o->scene_path;
    const char *slash = strrchr(name, '/');
    if (slash != NULL && slash[1] != '\0') name = slash + 1;
    if (strcmp(o->out_path, "-") == 0) {
        int bad = write_svg(stdout, pic, name);
        return report_nonfinite(finish_output(EXIT_OK), bad);
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
    return ok ? report_nonfinite(EXIT_OK, bad) : EXIT_IO;
}

int cmd_render(int argc, char **argv) {
    options o;
    int status = parse_options(argc, argv, &o);
    if (status >= 0) return status;
    scene s;
    status = load_scene(&s, o.scene_path);
    if (status != EXIT_OK) return status;
    picture pic;
    status = prepare(&pic, &s, o.width);
    if (status == EXIT_OK) status = write_output(&pic, &o);
    free(pic.points), free(pic.hit), free(pic.centre), free(pic.order);
    scene_free(&s);
    return status;
}
