// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Drawing geometry for the web demo (see demo_api.c for the buffers and slots): exact 2D outlines, 3D wireframes and
   the Minkowski difference A - B sampled through the shapes' support functions. Public headers only; everything is
   written to demo_geometry_buf as a count followed by numbers, in the world frame. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include <emscripten.h>

#include "demo_api.h"
#include "gjk/gjk.h"

/* ---- 2D drawing geometry ------------------------------------------------------------------------------------- */

/* A shape as a core polygon (counter-clockwise, local frame) plus a radius: every 2D shape of the library is one
   (a circle is a point plus its radius, a capsule a segment plus its radius), and its outline is then exact: the
   core's edges pushed out by the radius, joined by arcs. Returns the vertex count (0 for an unknown shape). */
static int core2(const gjk_shape2 *s, gjk_vec2 *out, int cap, gjk_real *radius) {
    *radius = s->margin;
    switch (s->type) {
    case GJK_SHAPE2_POINT: out[0] = gjk_v2(0, 0); return 1;
    case GJK_SHAPE2_CIRCLE: *radius += s->circle.radius; out[0] = gjk_v2(0, 0); return 1;
    case GJK_SHAPE2_SEGMENT: out[0] = s->segment.a; out[1] = s->segment.b; return 2;
    case GJK_SHAPE2_CAPSULE:
        *radius += s->capsule.radius;
        out[0] = gjk_v2(0, -s->capsule.half_height);
        out[1] = gjk_v2(0, s->capsule.half_height);
        return 2;
    case GJK_SHAPE2_BOX: {
        gjk_vec2 h = s->box.half_extents;
        out[0] = gjk_v2(-h.x, -h.y);
        out[1] = gjk_v2(h.x, -h.y);
        out[2] = gjk_v2(h.x, h.y);
        out[3] = gjk_v2(-h.x, h.y);
        return 4;
    }
    case GJK_SHAPE2_POLYGON: {
        const gjk_hull2 *h = s->polygon.hull;
        int n = h->vertex_count < cap ? h->vertex_count : cap;
        for (int i = 0; i < n; ++i) out[i] = h->vertices[i];
        return n;
    }
    default: return 0;
    }
}

/* Outline of slot's shape in the world frame, into the geometry buffer: [n, x0, y0, x1, y1, ...], counter-clockwise.
   `arc_segments`: segments per full turn for the rounded parts. A shape without radius is its core's vertices as
   they are; rounded corners get arcs between the normals of their two edges. Returns n. */
EMSCRIPTEN_KEEPALIVE int demo2_outline(int slot, int arc_segments) {
    demo_geometry_buf[0] = 0;
    if (demo_bad_slot(slot)) return 0;
    const gjk_shape2 *s = &demo_shapes2[slot];
    gjk_vec2 core[512];
    gjk_real r;
    int n = core2(s, core, 512, &r);
    if (arc_segments < 8) arc_segments = 8;
    int max_points = (DEMO_GEOMETRY_SIZE - 1) / 2, m = 0;
    gjk_pose2 pose = demo_poses2[slot];
    if (r == 0) { /* a polygon, bare point or segment: its vertices as they are */
        for (int i = 0; i < n; ++i) {
            gjk_vec2 p = gjk_pose2_apply(pose, core[i]);
            demo_geometry_buf[1 + 2 * i] = p.x;
            demo_geometry_buf[2 + 2 * i] = p.y;
        }
        demo_geometry_buf[0] = n;
        return n;
    }
    for (int i = 0; i < n && m < max_points; ++i) {
        /* the arc about vertex i runs from the outward normal of edge (i-1, i) to that of edge (i, i+1) */
        double a0, a1;
        if (n == 1) {
            a0 = 0;
            a1 = 2 * PI;
        } else {
            gjk_vec2 prev = core[(i + n - 1) % n], next = core[(i + 1) % n];
            gjk_vec2 e0 = gjk_sub2(core[i], prev), e1 = gjk_sub2(next, core[i]);
            a0 = atan2(-e0.x, e0.y); /* outward normal of a counter-clockwise edge: (ey, -ex) */
            a1 = atan2(-e1.x, e1.y);
            if (n == 2) { /* a segment: half turns at each end */
                gjk_vec2 e = gjk_sub2(core[1], core[0]);
                double base = atan2(e.y, e.x);
                a0 = i == 0 ? base + PI / 2 : base - PI / 2;
                a1 = a0 + PI;
            }
            while (a1 < a0) a1 += 2 * PI;
        }
        int k = (int)ceil((a1 - a0) / (2 * PI) * arc_segments);
        if (k < 1) k = 1;
        for (int j = 0; j <= k && m < max_points; ++j) {
            if (n == 1 && j == k) break;
            double a = a0 + (a1 - a0) * j / k;
            gjk_vec2 p = gjk_v2(core[i].x + r * (gjk_real)cos(a), core[i].y + r * (gjk_real)sin(a));
            p = gjk_pose2_apply(pose, p);
            demo_geometry_buf[1 + 2 * m] = p.x;
            demo_geometry_buf[2 + 2 * m] = p.y;
            ++m;
        }
    }
    demo_geometry_buf[0] = m;
    return m;
}

/* The core of a 2D shape as a shape: no margin, a circle becomes its centre, a capsule its segment. */
static gjk_shape2 core_shape2(const gjk_shape2 *s) {
    gjk_shape2 c = *s;
    c.margin = 0;
    if (s->type == GJK_SHAPE2_CIRCLE) c = gjk_point2();
    if (s->type == GJK_SHAPE2_CAPSULE)
        c = gjk_segment2(gjk_v2(0, -s->capsule.half_height), gjk_v2(0, s->capsule.half_height));
    return c;
}

static gjk_vec2 world_support2(const gjk_shape2 *s, gjk_pose2 pose, gjk_vec2 d) {
    gjk_vec2 local = gjk_shape2_support(s, gjk_inv_rotate2(pose.rotation, d));
    return gjk_pose2_apply(pose, local);
}

/* The Minkowski difference A - B (core = 1: of the cores, on which GJK and EPA run) sampled by its support
   function in `count` directions evenly spaced, counter-clockwise: [n, x0, y0, ...]. */
EMSCRIPTEN_KEEPALIVE int demo2_minkowski(int ia, int ib, int count, int core) {
    demo_geometry_buf[0] = 0;
    if (demo_bad_slot(ia) || demo_bad_slot(ib) || count < 3) return 0;
    if (count > (DEMO_GEOMETRY_SIZE - 1) / 2) count = (DEMO_GEOMETRY_SIZE - 1) / 2;
    gjk_shape2 a = core ? core_shape2(&demo_shapes2[ia]) : demo_shapes2[ia];
    gjk_shape2 b = core ? core_shape2(&demo_shapes2[ib]) : demo_shapes2[ib];
    for (int i = 0; i < count; ++i) {
        double t = 2 * PI * i / count;
        gjk_vec2 d = gjk_v2((gjk_real)cos(t), (gjk_real)sin(t));
        gjk_vec2 w = gjk_sub2(world_support2(&a, demo_poses2[ia], d), world_support2(&b, demo_poses2[ib], gjk_neg2(d)));
        demo_geometry_buf[1 + 2 * i] = w.x;
        demo_geometry_buf[2 + 2 * i] = w.y;
    }
    demo_geometry_buf[0] = count;
    return count;
}

/* ---- 3D drawing geometry ------------------------------------------------------------------------------------- */

typedef struct wire {
    int n, cap;
} wire;

/* Segments go to demo_geometry_buf as [n, ax, ay, az, bx, by, bz, ...] in the world frame. */
static void wire_seg(wire *w, gjk_pose3 pose, gjk_vec3 a, gjk_vec3 b) {
    if (w->n >= w->cap) return;
    a = gjk_pose3_apply(pose, a);
    b = gjk_pose3_apply(pose, b);
    double *o = &demo_geometry_buf[1 + 6 * w->n++];
    o[0] = a.x, o[1] = a.y, o[2] = a.z, o[3] = b.x, o[4] = b.y, o[5] = b.z;
}

/* A ring centre + cos(t) u + sin(t) v for t in [t0, t1]. */
static void wire_arc(wire *w, gjk_pose3 pose, gjk_vec3 c, gjk_vec3 u, gjk_vec3 v, double t0, double t1, int k) {
    gjk_vec3 prev = gjk_v3(0, 0, 0);
    for (int j = 0; j <= k; ++j) {
        double t = t0 + (t1 - t0) * j / k;
        gjk_vec3 p = gjk_add3(c, gjk_add3(gjk_scale3(u, (gjk_real)cos(t)), gjk_scale3(v, (gjk_real)sin(t))));
        if (j > 0) wire_seg(w, pose, prev, p);
        prev = p;
    }
}

/* A hull's edges: the segment of a flat-to-a-line hull, else every face's edges once. */
static void wire_hull(wire *w, gjk_pose3 pose, const gjk_hull3 *h) {
    if (h->dimension == 1 && h->vertex_count >= 2) wire_seg(w, pose, h->vertices[0], h->vertices[1]);
    for (int f = 0; f < h->face_count; ++f) {
        int first = h->face_first[f], last = h->face_first[f + 1];
        for (int k = first; k < last; ++k) {
            int i = h->face_indices[k], j = h->face_indices[k + 1 < last ? k + 1 : first];
            /* each edge borders two faces, walked in opposite directions: draw it from one side only */
            if (i < j) wire_seg(w, pose, h->vertices[i], h->vertices[j]);
        }
    }
}

/* A wireframe of slot's shape (world frame) for drawing: hull and box edges, rings and generators for the round
   shapes (margins are not drawn: the demo's 3D shapes have none). `segments`: per full ring. Returns the count. */
EMSCRIPTEN_KEEPALIVE int demo3_wireframe(int slot, int segments) {
    demo_geometry_buf[0] = 0;
    if (demo_bad_slot(slot)) return 0;
    if (segments < 8) segments = 8;
    wire w = {0, (DEMO_GEOMETRY_SIZE - 1) / 6};
    const gjk_shape3 *s = &demo_shapes3[slot];
    gjk_pose3 pose = demo_poses3[slot];
    gjk_vec3 X = gjk_v3(1, 0, 0), Y = gjk_v3(0, 1, 0), Z = gjk_v3(0, 0, 1), O = gjk_v3(0, 0, 0);
    switch (s->type) {
    case GJK_SHAPE3_BOX: {
        gjk_vec3 h = s->box.half_extents;
        for (int i = 0; i < 8; ++i)
            for (int axis = 0; axis < 3; ++axis) {
                if (i & (1 << axis)) continue; /* each edge once: from its corner with the low coordinate */
                int j = i | (1 << axis);
                gjk_vec3 a = gjk_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z);
                gjk_vec3 b = gjk_v3(j & 1 ? h.x : -h.x, j & 2 ? h.y : -h.y, j & 4 ? h.z : -h.z);
                wire_seg(&w, pose, a, b);
            }
        break;
    }
    case GJK_SHAPE3_HULL: wire_hull(&w, pose, s->hull.hull); break;
    case GJK_SHAPE3_SPHERE:
    case GJK_SHAPE3_ELLIPSOID: {
        gjk_vec3 r = s->type == GJK_SHAPE3_SPHERE ? gjk_v3(s->sphere.radius, s->sphere.radius, s->sphere.radius)
                                                  : s->ellipsoid.radii;
        /* three principal rings, two more latitudes, two more meridians */
        wire_arc(&w, pose, O, gjk_scale3(X, r.x), gjk_scale3(Y, r.y), 0, 2 * PI, segments);
        wire_arc(&w, pose, O, gjk_scale3(Y, r.y), gjk_scale3(Z, r.z), 0, 2 * PI, segments);
        wire_arc(&w, pose, O, gjk_scale3(Z, r.z), gjk_scale3(X, r.x), 0, 2 * PI, segments);
        for (int k = -1; k <= 1; k += 2) {
            double zc = 0.6 * k, rr = sqrt(1 - zc * zc);
            wire_arc(&w, pose, gjk_v3(0, 0, (gjk_real)(zc * r.z)), gjk_scale3(X, (gjk_real)(rr * r.x)),
                     gjk_scale3(Y, (gjk_real)(rr * r.y)), 0, 2 * PI, segments);
            double c = cos(PI / 4), sn = sin(PI / 4) * k;
            wire_arc(&w, pose, O, gjk_v3((gjk_real)(c * r.x), (gjk_real)(sn * r.y), 0), gjk_scale3(Z, r.z), 0,
                     2 * PI, segments);
        }
        break;
    }
    case GJK_SHAPE3_CAPSULE: {
        gjk_real r = s->capsule.radius, h = s->capsule.half_height;
        for (int k = -1; k <= 1; k += 2) {
            gjk_vec3 c = gjk_v3(0, 0, h * k);
            wire_arc(&w, pose, c, gjk_scale3(X, r), gjk_scale3(Y, r), 0, 2 * PI, segments);
            /* the hemisphere's two half meridians */
            wire_arc(&w, pose, c, gjk_scale3(X, r), gjk_scale3(Z, r * k), 0, PI, segments / 2);
            wire_arc(&w, pose, c, gjk_scale3(Y, r), gjk_scale3(Z, r * k), 0, PI, segments / 2);
        }
        for (int j = 0; j < 4; ++j) {
            double t = PI / 2 * j;
            gjk_vec3 p = gjk_v3(r * (gjk_real)cos(t), r * (gjk_real)sin(t), 0);
            wire_seg(&w, pose, gjk_v3(p.x, p.y, -h), gjk_v3(p.x, p.y, h));
        }
        break;
    }
    case GJK_SHAPE3_CYLINDER:
    case GJK_SHAPE3_CONE: {
        gjk_real r = s->cylinder.radius, h = s->cylinder.half_height;
        bool cone = s->type == GJK_SHAPE3_CONE;
        wire_arc(&w, pose, gjk_v3(0, 0, -h), gjk_scale3(X, r), gjk_scale3(Y, r), 0, 2 * PI, segments);
        if (!cone) wire_arc(&w, pose, gjk_v3(0, 0, h), gjk_scale3(X, r), gjk_scale3(Y, r), 0, 2 * PI, segments);
        for (int j = 0; j < 8; ++j) {
            double t = PI / 4 * j;
            gjk_real cx = r * (gjk_real)cos(t), cy = r * (gjk_real)sin(t);
            wire_seg(&w, pose, gjk_v3(cx, cy, -h), cone ? gjk_v3(0, 0, h) : gjk_v3(cx, cy, h));
        }
        break;
    }
    default: { /* anything else: rings of support points in the three coordinate planes */
        gjk_vec3 axes[3][2] = {{X, Y}, {Y, Z}, {Z, X}};
        for (int p = 0; p < 3; ++p) {
            gjk_vec3 prev = O;
            for (int j = 0; j <= segments; ++j) {
                double t = 2 * PI * j / segments;
                gjk_vec3 d =
                    gjk_add3(gjk_scale3(axes[p][0], (gjk_real)cos(t)), gjk_scale3(axes[p][1], (gjk_real)sin(t)));
                gjk_vec3 q = gjk_shape3_support(s, d);
                if (j > 0) wire_seg(&w, pose, prev, q);
                prev = q;
            }
        }
        break;
    }
    }
    demo_geometry_buf[0] = w.n;
    return w.n;
}

static gjk_shape3 core_shape3(const gjk_shape3 *s) {
    gjk_shape3 c = *s;
    c.margin = 0;
    if (s->type == GJK_SHAPE3_SPHERE) c = gjk_point3();
    if (s->type == GJK_SHAPE3_CAPSULE)
        c = gjk_segment3(gjk_v3(0, 0, -s->capsule.half_height), gjk_v3(0, 0, s->capsule.half_height));
    return c;
}

static gjk_vec3 world_support3(const gjk_shape3 *s, gjk_pose3 pose, gjk_vec3 d) {
    gjk_vec3 local = gjk_shape3_support(s, gjk_quat_inv_rotate(pose.rotation, d));
    return gjk_pose3_apply(pose, local);
}

/* The Minkowski difference A - B (core = 1: of the cores) as a wireframe: its support points in `count` directions
   spread evenly over the sphere (a Fibonacci lattice), their convex hull (gjk_hull3_create) and its edges, written
   as demo3_wireframe does. Returns the edge count (0 if the hull failed). */
EMSCRIPTEN_KEEPALIVE int demo3_minkowski(int ia, int ib, int count, int core) {
    demo_geometry_buf[0] = 0;
    if (demo_bad_slot(ia) || demo_bad_slot(ib) || count < 4) return 0;
    if (count > 2048) count = 2048;
    gjk_shape3 a = core ? core_shape3(&demo_shapes3[ia]) : demo_shapes3[ia];
    gjk_shape3 b = core ? core_shape3(&demo_shapes3[ib]) : demo_shapes3[ib];
    gjk_vec3 *pts = malloc(sizeof *pts * (size_t)count);
    if (pts == NULL) return 0;
    double golden = PI * (3 - sqrt(5.0));
    for (int i = 0; i < count; ++i) {
        double z = 1 - (2 * i + 1.0) / count, rr = sqrt(1 - z * z), t = golden * i;
        gjk_vec3 d = gjk_v3((gjk_real)(rr * cos(t)), (gjk_real)(rr * sin(t)), (gjk_real)z);
        pts[i] = gjk_sub3(world_support3(&a, demo_poses3[ia], d), world_support3(&b, demo_poses3[ib], gjk_neg3(d)));
    }
    gjk_status st;
    gjk_hull3 *h = gjk_hull3_create(pts, count, &st);
    free(pts);
    if (h == NULL) return 0;
    wire w = {0, (DEMO_GEOMETRY_SIZE - 1) / 6};
    gjk_pose3 id = gjk_pose3_identity();
    if (h->dimension == 0) wire_seg(&w, id, h->vertices[0], h->vertices[0]);
    wire_hull(&w, id, h);
    gjk_hull3_destroy(h);
    demo_geometry_buf[0] = w.n;
    return w.n;
}
