// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Outlines of a scene's shapes for gjk render: support-function sampling and refinement, label points, painting
   depths and 3D edges (see outline.h). */
#include "outline.h"

#include <math.h>
#include <string.h>

#define SAMPLES 256     /* directions sampled around each outline */
#define REFINE_DEPTH 16 /* bisections between two samples */
#define PI 3.14159265358979323846

const double view_from[3] = {1, 0.6, 0.8};

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void unit3(double v[3]) {
    double n = sqrt(dot3(v, v));
    for (int k = 0; k < 3; k++) v[k] /= n;
}

/* The camera's axes from view_from: right = z x toward (horizontal), up = toward x right (z up). */
void view_init(view *v, const scene *s) {
    memset(v, 0, sizeof *v);
    v->s = s;
    double *t = v->toward, *r = v->right, *u = v->up;
    memcpy(t, view_from, sizeof v->toward);
    unit3(t);
    r[0] = -t[1], r[1] = t[0], r[2] = 0;
    unit3(r);
    u[0] = t[1] * r[2] - t[2] * r[1], u[1] = t[2] * r[0] - t[0] * r[2], u[2] = t[0] * r[1] - t[1] * r[0];
    unit3(u);
}

pt view_project(const view *v, const gjk_real *w) {
    if (v->s->dim == 2) return (pt){w[0], w[1]};
    double p[3] = {w[0], w[1], w[2]};
    return (pt){dot3(p, v->right), dot3(p, v->up)};
}

/* Support point of 3D shape i standing at `pose` in world direction d, in the world frame. */
static gjk_vec3 world_support3(const scene *s, int i, gjk_pose3 pose, const double d[3]) {
    gjk_vec3 local = gjk_quat_inv_rotate(pose.rotation, gjk_v3((gjk_real)d[0], (gjk_real)d[1], (gjk_real)d[2]));
    return gjk_pose3_apply(pose, gjk_shape3_support(&s->shapes3[i], local));
}

double view_depth(const view *v, int i) {
    if (v->s->dim != 3) return 0;
    double back[3] = {-v->toward[0], -v->toward[1], -v->toward[2]};
    gjk_pose3 pose = v->s->poses3[i];
    gjk_vec3 a = world_support3(v->s, i, pose, v->toward), b = world_support3(v->s, i, pose, back);
    double near[3] = {a.x, a.y, a.z}, far[3] = {b.x, b.y, b.z};
    return (dot3(near, v->toward) + dot3(far, v->toward)) / 2;
}

/* ---- outlines ---------------------------------------------------------------------------------------------- */

/* A pose of a shape: the 2D or the 3D one, as the scene's dimension says. */
typedef struct any_pose {
    gjk_pose2 p2;
    gjk_pose3 p3;
} any_pose;

/* Support point of shape i standing at `at` in unit direction d of the picture plane, in that plane. */
static pt support(const view *v, int i, const any_pose *at, pt d) {
    const scene *s = v->s;
    if (s->dim == 2) {
        gjk_pose2 pose = at->p2;
        gjk_vec2 local = gjk_inv_rotate2(pose.rotation, gjk_v2((gjk_real)d.x, (gjk_real)d.y));
        gjk_vec2 w = gjk_pose2_apply(pose, gjk_shape2_support(&s->shapes2[i], local));
        return (pt){w.x, w.y};
    }
    double dir[3];
    for (int k = 0; k < 3; k++) dir[k] = d.x * v->right[k] + d.y * v->up[k];
    gjk_vec3 w = world_support3(s, i, at->p3, dir);
    gjk_real p[3] = {w.x, w.y, w.z};
    return view_project(v, p);
}

static void add_point(outline *o, pt p) {
    if (o->count > 0) {
        pt q = o->points[o->count - 1];
        if (fabs(p.x - q.x) <= o->same && fabs(p.y - q.y) <= o->same) return;
    }
    if (o->count < OUTLINE_MAX) o->points[o->count++] = p;
}

/* Points of the outline strictly between p0 and p1 (counter-clockwise): the support point along the chord's outward
   normal, when it lies beyond the chord, then recursively on each side. */
static void refine(outline *o, const view *v, int i, const any_pose *at, pt p0, pt p1, int depth) {
    pt n = {p1.y - p0.y, p0.x - p1.x};
    double length = hypot(n.x, n.y);
    if (depth == 0 || !(length > o->same) || o->count >= OUTLINE_MAX) return;
    n.x /= length, n.y /= length;
    pt q = support(v, i, at, n);
    if (!((q.x - p0.x) * n.x + (q.y - p0.y) * n.y > o->tol)) return;
    refine(o, v, i, at, p0, q, depth - 1);
    add_point(o, q);
    refine(o, v, i, at, q, p1, depth - 1);
}

static void trace(outline *o, const view *v, int i, const any_pose *at) {
    pt first[SAMPLES];
    pt lo = {INFINITY, INFINITY}, hi = {-INFINITY, -INFINITY};
    for (int k = 0; k < SAMPLES; k++) {
        double a = 2 * PI * k / SAMPLES;
        first[k] = support(v, i, at, (pt){cos(a), sin(a)});
        lo.x = fmin(lo.x, first[k].x), lo.y = fmin(lo.y, first[k].y);
        hi.x = fmax(hi.x, first[k].x), hi.y = fmax(hi.y, first[k].y);
    }
    double size = fmax(hi.x - lo.x, hi.y - lo.y);
    /* Sub-pixel for any picture of the shape: a chord that close to the outline is drawn as it is. */
    o->tol = 1e-4 * size;
    o->same = 1e-9 * size;
    o->count = 0;
    for (int k = 0; k < SAMPLES; k++) {
        add_point(o, first[k]);
        refine(o, v, i, at, first[k], first[(k + 1) % SAMPLES], REFINE_DEPTH);
    }
    pt a = o->points[0], b = o->points[o->count - 1];
    if (o->count > 1 && fabs(a.x - b.x) <= o->same && fabs(a.y - b.y) <= o->same) o->count--;
}

void outline_trace(outline *o, const view *v, int i) { outline_trace_at(o, v, i, 0); }

/* ---- motion over the step ---------------------------------------------------------------------------------- */

bool scene_moves(const scene *s, int i) {
    if (s->dim == 3) {
        gjk_motion3 m = s->motions3[i];
        return m.translation.x != 0 || m.translation.y != 0 || m.translation.z != 0 || m.rotation.x != 0 ||
               m.rotation.y != 0 || m.rotation.z != 0;
    }
    gjk_motion2 m = s->motions2[i];
    return m.translation.x != 0 || m.translation.y != 0 || m.rotation != 0;
}

/* The rotation vector t * w as a quaternion applied after q0 (gjk/cast.h: a world-frame rotation vector). */
gjk_pose3 scene_pose3_at(const scene *s, int i, double t) {
    gjk_pose3 p = s->poses3[i];
    gjk_motion3 m = s->motions3[i];
    p.position = gjk_mad3(p.position, (gjk_real)t, m.translation);
    gjk_vec3 theta = gjk_scale3(m.rotation, (gjk_real)t);
    gjk_real angle = gjk_len3(theta);
    if (angle > 0) p.rotation = gjk_quat_normalize(gjk_quat_mul(gjk_quat_from_axis_angle(theta, angle), p.rotation));
    return p;
}

gjk_pose2 scene_pose2_at(const scene *s, int i, double t) {
    gjk_pose2 p = s->poses2[i];
    gjk_motion2 m = s->motions2[i];
    p.position = gjk_mad2(p.position, (gjk_real)t, m.translation);
    gjk_real a = (gjk_real)t * m.rotation;
    if (a != 0) {
        gjk_rot2 q = gjk_rot2_from_angle(a), r0 = p.rotation;
        p.rotation.c = q.c * r0.c - q.s * r0.s;
        p.rotation.s = q.s * r0.c + q.c * r0.s;
    }
    return p;
}

void outline_trace_at(outline *o, const view *v, int i, double t) {
    any_pose at;
    memset(&at, 0, sizeof at);
    if (v->s->dim == 3) at.p3 = t == 0 ? v->s->poses3[i] : scene_pose3_at(v->s, i, t);
    else at.p2 = t == 0 ? v->s->poses2[i] : scene_pose2_at(v->s, i, t);
    trace(o, v, i, &at);
}

/* In units of the outline's size from its first point: the area's terms are cubes of coordinates, which overflow
   past 1e102. */
pt outline_label(const outline *o) {
    const pt *p = o->points;
    int n = o->count;
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

/* ---- 3D edges ---------------------------------------------------------------------------------------------- */

bool outline_has_edges(const view *v, int i) {
    if (v->s->dim != 3) return false;
    const gjk_shape3 *shape = &v->s->shapes3[i];
    const gjk_hull3 *hull = shape->type == GJK_SHAPE3_HULL ? shape->hull.hull : NULL;
    return !(shape->margin != 0 || (shape->type != GJK_SHAPE3_BOX && hull == NULL) ||
             (hull != NULL && (hull->face_count == 0 || hull->face_first[hull->face_count] > 4096)));
}

static void corner(const view *v, outline_path_fn *to, void *context, char command, gjk_pose3 pose, gjk_vec3 local) {
    gjk_vec3 w = gjk_pose3_apply(pose, local);
    to(context, command, view_project(v, (const gjk_real[]){w.x, w.y, w.z}));
}

void outline_edges(const view *v, int i, outline_path_fn *to, void *context) {
    const gjk_shape3 *shape = &v->s->shapes3[i];
    const gjk_hull3 *hull = shape->type == GJK_SHAPE3_HULL ? shape->hull.hull : NULL;
    gjk_pose3 pose = v->s->poses3[i];
    if (hull == NULL) {
        gjk_vec3 h = shape->box.half_extents;
        for (int c = 0; c < 8; c++) {
            gjk_vec3 from = gjk_v3(c & 1 ? h.x : -h.x, c & 2 ? h.y : -h.y, c & 4 ? h.z : -h.z), end = from;
            for (int axis = 0; axis < 3; axis++, end = from) {
                if (c & (1 << axis)) continue; /* each edge once: from its corner with the axis' bit clear */
                *(axis == 0 ? &end.x : axis == 1 ? &end.y : &end.z) *= -1;
                corner(v, to, context, 'M', pose, from);
                corner(v, to, context, 'L', pose, end);
            }
        }
    } else {
        for (int f = 0; f < hull->face_count; f++) {
            for (int k = hull->face_first[f]; k < hull->face_first[f + 1]; k++)
                corner(v, to, context, k == hull->face_first[f] ? 'M' : 'L', pose,
                       hull->vertices[hull->face_indices[k]]);
            to(context, 'Z', (pt){0, 0});
        }
    }
}
