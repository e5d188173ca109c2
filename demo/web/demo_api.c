// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The web demo's bridge to the library, compiled to WebAssembly with the library sources (demo/web/build.sh).

   JavaScript calls the exported functions below with plain numbers. Points that do not fit in arguments (polygon and
   hull point clouds) go through the input buffer (demo_input()); answers come back in two static double buffers
   whose addresses JavaScript reads once and then views through HEAPF64:
   - demo_result(): the last query's result and debug record, layout in the OUT_* constants below (demo.js mirrors
     them). Vectors are always 3 numbers, z = 0 in 2D, so that one reader serves both views.
   - demo_geometry(): the last outline, wireframe or Minkowski difference asked for (count first, then numbers).

   There are DEMO_SLOTS shapes per dimension: the page uses slots 0 and 1 (A and B), the browser test 2 and 3, so
   that checking answers never disturbs the picture. Only the public headers are used. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include "demo_api.h"
#include "gjk/gjk.h"

#define DEMO_INPUT_SIZE 4096     /* doubles: up to 1365 3D points */
#define DEMO_RESULT_SIZE 8192    /* doubles: the largest 3D record needs about 4600 */

/* Layout of the result buffer (demo.js reads the same numbers from OUT_LAYOUT entries). */
enum {
    OUT_STATUS = 0,
    OUT_INTERSECT = 1,
    OUT_DISTANCE = 2,
    OUT_NORMAL = 3,  /* 3 */
    OUT_POINT_A = 6, /* 3 */
    OUT_POINT_B = 9, /* 3 */
    OUT_ITERATIONS = 12,
    OUT_EPA_ITERATIONS = 13,
    OUT_PATH = 14, /* gjk_debug_path; -1 for a plain query (no record) */
    OUT_RADIUS_A = 15,
    OUT_RADIUS_B = 16,
    OUT_STEP_COUNT = 17,
    OUT_EPA_VERTEX_COUNT = 18,
    OUT_EPA_FACE_COUNT = 19, /* 3D: triangles; 2D: 0 (the polygon's edges join consecutive vertices) */
    OUT_EPA_BEST = 20,       /* best face (3D) or edge (2D), -1 if none */
    OUT_STEPS_AT = 21,       /* offset of step 0 */
    OUT_STEP_STRIDE = 22,    /* doubles per step: count, closest (3), 4 vertices of 9 (w, a, b) */
    OUT_EPA_VERTICES_AT = 23,/* offset of the EPA vertices, 9 doubles each (w, a, b) */
    OUT_EPA_FACES_AT = 24,   /* offset of the EPA faces, 3 vertex indices each */
    OUT_DIM = 25,
    OUT_HEADER = 32
};
#define STEP_STRIDE 40
#define VERTEX_STRIDE 9

static double input_buf[DEMO_INPUT_SIZE];
static double result_buf[DEMO_RESULT_SIZE];
double demo_geometry_buf[DEMO_GEOMETRY_SIZE];

gjk_shape2 demo_shapes2[DEMO_SLOTS];
static gjk_hull2 *hulls2[DEMO_SLOTS];
gjk_pose2 demo_poses2[DEMO_SLOTS];
gjk_shape3 demo_shapes3[DEMO_SLOTS];
static gjk_hull3 *hulls3[DEMO_SLOTS];
gjk_pose3 demo_poses3[DEMO_SLOTS];
static gjk_debug2 debug2; /* ~20 KB and ~40 KB: static, never on the small wasm stack */
static gjk_debug3 debug3;

/* ---- buffers ------------------------------------------------------------------------------------------------- */

EMSCRIPTEN_KEEPALIVE double *demo_input(void) { return input_buf; }
EMSCRIPTEN_KEEPALIVE double *demo_result(void) { return result_buf; }
EMSCRIPTEN_KEEPALIVE double *demo_geometry(void) { return demo_geometry_buf; }
EMSCRIPTEN_KEEPALIVE int demo_input_size(void) { return DEMO_INPUT_SIZE; }
EMSCRIPTEN_KEEPALIVE int demo_geometry_size(void) { return DEMO_GEOMETRY_SIZE; }
EMSCRIPTEN_KEEPALIVE int demo_slots(void) { return DEMO_SLOTS; }
EMSCRIPTEN_KEEPALIVE int demo_real_is_float(void) { return GJK_USE_FLOAT; }

int demo_bad_slot(int slot) { return slot < 0 || slot >= DEMO_SLOTS; }

/* ---- 2D shapes ----------------------------------------------------------------------------------------------- */

static void clear2(int slot) {
    if (hulls2[slot] != NULL) gjk_hull2_destroy(hulls2[slot]);
    hulls2[slot] = NULL;
}

/* Every setter returns the library's verdict on the shape (gjk_shape2_validate): 0 ok, else a gjk_status. */
static int finish2(int slot, gjk_shape2 s, double margin) {
    demo_shapes2[slot] = gjk_rounded2(s, (gjk_real)margin);
    return (int)gjk_shape2_validate(&demo_shapes2[slot]);
}

EMSCRIPTEN_KEEPALIVE int demo2_set_polygon(int slot, int count, double margin) {
    if (demo_bad_slot(slot) || count < 1 || 2 * count > DEMO_INPUT_SIZE) return GJK_INVALID_INPUT;
    static gjk_vec2 pts[DEMO_INPUT_SIZE / 2];
    for (int i = 0; i < count; ++i) pts[i] = gjk_v2((gjk_real)input_buf[2 * i], (gjk_real)input_buf[2 * i + 1]);
    gjk_status st = GJK_OK;
    gjk_hull2 *h = gjk_hull2_create(pts, count, &st);
    if (h == NULL) return st;
    clear2(slot);
    hulls2[slot] = h;
    return finish2(slot, gjk_polygon2(h), margin);
}

EMSCRIPTEN_KEEPALIVE int demo2_set_box(int slot, double hx, double hy, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear2(slot);
    return finish2(slot, gjk_box2(gjk_v2((gjk_real)hx, (gjk_real)hy)), margin);
}

EMSCRIPTEN_KEEPALIVE int demo2_set_circle(int slot, double radius, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear2(slot);
    return finish2(slot, gjk_circle2((gjk_real)radius), margin);
}

EMSCRIPTEN_KEEPALIVE int demo2_set_capsule(int slot, double radius, double half_height, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear2(slot);
    return finish2(slot, gjk_capsule2((gjk_real)radius, (gjk_real)half_height), margin);
}

EMSCRIPTEN_KEEPALIVE int demo2_set_segment(int slot, double ax, double ay, double bx, double by, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear2(slot);
    return finish2(slot, gjk_segment2(gjk_v2((gjk_real)ax, (gjk_real)ay), gjk_v2((gjk_real)bx, (gjk_real)by)), margin);
}

EMSCRIPTEN_KEEPALIVE int demo2_set_point(int slot, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear2(slot);
    return finish2(slot, gjk_point2(), margin);
}

/* The pose as the CLI's scene loader makes it: (cos, sin) of the angle in radians. */
EMSCRIPTEN_KEEPALIVE void demo2_set_pose(int slot, double x, double y, double angle) {
    if (demo_bad_slot(slot)) return;
    demo_poses2[slot].position = gjk_v2((gjk_real)x, (gjk_real)y);
    demo_poses2[slot].rotation.c = (gjk_real)cos(angle);
    demo_poses2[slot].rotation.s = (gjk_real)sin(angle);
}

/* ---- 3D shapes ----------------------------------------------------------------------------------------------- */

static void clear3(int slot) {
    if (hulls3[slot] != NULL) gjk_hull3_destroy(hulls3[slot]);
    hulls3[slot] = NULL;
}

static int finish3(int slot, gjk_shape3 s, double margin) {
    demo_shapes3[slot] = gjk_rounded3(s, (gjk_real)margin);
    return (int)gjk_shape3_validate(&demo_shapes3[slot]);
}

EMSCRIPTEN_KEEPALIVE int demo3_set_hull(int slot, int count, double margin) {
    if (demo_bad_slot(slot) || count < 1 || 3 * count > DEMO_INPUT_SIZE) return GJK_INVALID_INPUT;
    static gjk_vec3 pts[DEMO_INPUT_SIZE / 3];
    for (int i = 0; i < count; ++i)
        pts[i] = gjk_v3((gjk_real)input_buf[3 * i], (gjk_real)input_buf[3 * i + 1], (gjk_real)input_buf[3 * i + 2]);
    gjk_status st = GJK_OK;
    gjk_hull3 *h = gjk_hull3_create(pts, count, &st);
    if (h == NULL) return st;
    clear3(slot);
    hulls3[slot] = h;
    return finish3(slot, gjk_hull_shape3(h), margin);
}

EMSCRIPTEN_KEEPALIVE int demo3_set_box(int slot, double hx, double hy, double hz, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear3(slot);
    return finish3(slot, gjk_box3(gjk_v3((gjk_real)hx, (gjk_real)hy, (gjk_real)hz)), margin);
}

EMSCRIPTEN_KEEPALIVE int demo3_set_sphere(int slot, double radius, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear3(slot);
    return finish3(slot, gjk_sphere3((gjk_real)radius), margin);
}

EMSCRIPTEN_KEEPALIVE int demo3_set_capsule(int slot, double radius, double half_height, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear3(slot);
    return finish3(slot, gjk_capsule3((gjk_real)radius, (gjk_real)half_height), margin);
}

EMSCRIPTEN_KEEPALIVE int demo3_set_cylinder(int slot, double radius, double half_height, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear3(slot);
    return finish3(slot, gjk_cylinder3((gjk_real)radius, (gjk_real)half_height), margin);
}

EMSCRIPTEN_KEEPALIVE int demo3_set_cone(int slot, double radius, double half_height, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear3(slot);
    return finish3(slot, gjk_cone3((gjk_real)radius, (gjk_real)half_height), margin);
}

EMSCRIPTEN_KEEPALIVE int demo3_set_ellipsoid(int slot, double rx, double ry, double rz, double margin) {
    if (demo_bad_slot(slot)) return GJK_INVALID_INPUT;
    clear3(slot);
    return finish3(slot, gjk_ellipsoid3(gjk_v3((gjk_real)rx, (gjk_real)ry, (gjk_real)rz)), margin);
}

/* The pose as the CLI's scene loader makes it: the quaternion [w, x, y, z] scaled by its largest component, then
   normalised in double. */
EMSCRIPTEN_KEEPALIVE void demo3_set_pose(int slot, double x, double y, double z, double qw, double qx, double qy,
                                         double qz) {
    if (demo_bad_slot(slot)) return;
    double q[4] = {qw, qx, qy, qz}, m = 0, s = 0;
    for (int i = 0; i < 4; ++i) m = fmax(m, fabs(q[i]));
    if (!(m > 0)) {
        q[0] = 1;
        m = 1;
    }
    for (int i = 0; i < 4; ++i) {
        q[i] /= m;
        s += q[i] * q[i];
    }
    s = sqrt(s);
    demo_poses3[slot].position = gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z);
    gjk_quat r = {(gjk_real)(q[0] / s), (gjk_real)(q[1] / s), (gjk_real)(q[2] / s), (gjk_real)(q[3] / s)};
    demo_poses3[slot].rotation = r;
}

/* ---- queries ------------------------------------------------------------------------------------------------- */

/* Both dimensions share one writer: a 2D answer is lifted to 3D first (z = 0), as the buffer holds it. */
static gjk_vec3 lift2(gjk_vec2 v) { return gjk_v3(v.x, v.y, 0); }

static gjk_debug_vertex3 lift_vertex2(const gjk_debug_vertex2 *v) {
    gjk_debug_vertex3 out = {lift2(v->w), lift2(v->a), lift2(v->b)};
    return out;
}

static gjk_result3 lift_result2(const gjk_result2 *r) {
    gjk_result3 out = {
        .status = r->status,
        .intersect = r->intersect,
        .distance = r->distance,
        .normal = lift2(r->normal),
        .point_a = lift2(r->point_a),
        .point_b = lift2(r->point_b),
        .iterations = r->iterations,
        .epa_iterations = r->epa_iterations,
    };
    return out;
}

_Static_assert(GJK_EPA_MAX_VERTICES2 <= GJK_EPA_MAX_VERTICES, "a lifted 2D EPA polygon fits a 3D record");

/* The 2D record as a 3D one: the same steps and EPA vertices, no faces, the best edge in epa_best_face. */
static const gjk_debug3 *lift_debug2(const gjk_debug2 *d) {
    static gjk_debug3 out; /* ~40 KB: static, as debug3 */
    memset(&out, 0, sizeof out);
    out.path = d->path;
    out.radius_a = d->radius_a;
    out.radius_b = d->radius_b;
    out.step_count = d->step_count < GJK_DEBUG_MAX_STEPS ? d->step_count : GJK_DEBUG_MAX_STEPS;
    for (int s = 0; s < out.step_count; ++s) {
        const gjk_debug_step2 *st = &d->steps[s];
        out.steps[s].count = st->count;
        out.steps[s].closest = lift2(st->closest);
        for (int k = 0; k < st->count && k < 3; ++k) out.steps[s].vertices[k] = lift_vertex2(&st->vertices[k]);
    }
    out.epa_vertex_count = d->epa_vertex_count < GJK_EPA_MAX_VERTICES2 ? d->epa_vertex_count : GJK_EPA_MAX_VERTICES2;
    for (int i = 0; i < out.epa_vertex_count; ++i) out.epa_vertices[i] = lift_vertex2(&d->epa_vertices[i]);
    out.epa_best_face = d->epa_best_edge;
    return &out;
}

static void put3(int at, gjk_vec3 v) {
    result_buf[at] = v.x;
    result_buf[at + 1] = v.y;
    result_buf[at + 2] = v.z;
}

static void put_vertex(int at, const gjk_debug_vertex3 *v) {
    put3(at, v->w);
    put3(at + 3, v->a);
    put3(at + 6, v->b);
}

static void put_header(int dim) {
    memset(result_buf, 0, sizeof result_buf);
    result_buf[OUT_DIM] = dim;
    result_buf[OUT_PATH] = -1;
    result_buf[OUT_EPA_BEST] = -1;
    result_buf[OUT_STEPS_AT] = OUT_HEADER;
    result_buf[OUT_STEP_STRIDE] = STEP_STRIDE;
    result_buf[OUT_EPA_VERTICES_AT] = OUT_HEADER + GJK_DEBUG_MAX_STEPS * STEP_STRIDE;
    result_buf[OUT_EPA_FACES_AT] =
        OUT_HEADER + GJK_DEBUG_MAX_STEPS * STEP_STRIDE + GJK_EPA_MAX_VERTICES * VERTEX_STRIDE;
}

_Static_assert(OUT_HEADER + GJK_DEBUG_MAX_STEPS * STEP_STRIDE + GJK_EPA_MAX_VERTICES * VERTEX_STRIDE +
                       2 * GJK_EPA_MAX_VERTICES * 3 <=
                   DEMO_RESULT_SIZE,
               "the largest record fits the result buffer");

/* 1 (with the status written) when a query names a slot or kind that does not exist. */
static int bad_query(int ia, int ib, int kind) {
    if (!demo_bad_slot(ia) && !demo_bad_slot(ib) && kind >= 0 && kind <= 3) return 0;
    result_buf[OUT_STATUS] = GJK_INVALID_INPUT;
    return 1;
}

static void put_result(const gjk_result3 *r) {
    result_buf[OUT_STATUS] = r->status;
    result_buf[OUT_INTERSECT] = r->intersect;
    result_buf[OUT_DISTANCE] = r->distance;
    put3(OUT_NORMAL, r->normal);
    put3(OUT_POINT_A, r->point_a);
    put3(OUT_POINT_B, r->point_b);
    result_buf[OUT_ITERATIONS] = r->iterations;
    result_buf[OUT_EPA_ITERATIONS] = r->epa_iterations;
}

static void put_debug(const gjk_debug3 *d) {
    result_buf[OUT_PATH] = d->path;
    result_buf[OUT_RADIUS_A] = d->radius_a;
    result_buf[OUT_RADIUS_B] = d->radius_b;
    int steps = d->step_count < GJK_DEBUG_MAX_STEPS ? d->step_count : GJK_DEBUG_MAX_STEPS;
    result_buf[OUT_STEP_COUNT] = steps;
    for (int s = 0; s < steps; ++s) {
        int at = OUT_HEADER + s * STEP_STRIDE;
        const gjk_debug_step3 *st = &d->steps[s];
        result_buf[at] = st->count;
        put3(at + 1, st->closest);
        for (int k = 0; k < st->count && k < 4; ++k) put_vertex(at + 4 + VERTEX_STRIDE * k, &st->vertices[k]);
    }
    int nv = d->epa_vertex_count < GJK_EPA_MAX_VERTICES ? d->epa_vertex_count : GJK_EPA_MAX_VERTICES;
    int nf = d->epa_face_count < 2 * GJK_EPA_MAX_VERTICES ? d->epa_face_count : 2 * GJK_EPA_MAX_VERTICES;
    result_buf[OUT_EPA_VERTEX_COUNT] = nv;
    result_buf[OUT_EPA_FACE_COUNT] = nf;
    result_buf[OUT_EPA_BEST] = d->epa_best_face;
    int vat = (int)result_buf[OUT_EPA_VERTICES_AT], fat = (int)result_buf[OUT_EPA_FACES_AT];
    for (int i = 0; i < nv; ++i) put_vertex(vat + VERTEX_STRIDE * i, &d->epa_vertices[i]);
    for (int f = 0; f < nf; ++f)
        for (int k = 0; k < 3; ++k) result_buf[fat + 3 * f + k] = d->epa_faces[f][k];
}

/* The plain queries by kind (gjk_query_kind order). */
static gjk_result2 (*const plain2[4])(const gjk_pair2 *, gjk_cache2 *) = {gjk_intersect2, gjk_distance2,
                                                                          gjk_penetration2, gjk_signed_distance2};
static gjk_result3 (*const plain3[4])(const gjk_pair3 *, gjk_cache3 *) = {gjk_intersect3, gjk_distance3,
                                                                          gjk_penetration3, gjk_signed_distance3};

/* mode 0: the plain query of `kind` (gjk/query.h); 1: gjk_query2_debug with skip_closed_forms false (the same answer
   bit for bit, plus the record); 2: with skip_closed_forms true (GJK and EPA even for boxes and circles).
   kind: 0 intersect, 1 distance, 2 penetration, 3 signed distance. Returns the status. */
EMSCRIPTEN_KEEPALIVE int demo2_query(int ia, int ib, int kind, int mode) {
    put_header(2);
    if (bad_query(ia, ib, kind)) return GJK_INVALID_INPUT;
    gjk_pair2 pair = {&demo_shapes2[ia], demo_poses2[ia], &demo_shapes2[ib], demo_poses2[ib]};
    debug2.skip_closed_forms = mode == 2;
    gjk_result2 r =
        mode == 0 ? plain2[kind](&pair, NULL) : gjk_query2_debug((gjk_query_kind)kind, &pair, NULL, &debug2);
    gjk_result3 lifted = lift_result2(&r);
    put_result(&lifted);
    if (mode != 0) put_debug(lift_debug2(&debug2));
    return r.status;
}

/* The 3D mirror of demo2_query. */
EMSCRIPTEN_KEEPALIVE int demo3_query(int ia, int ib, int kind, int mode) {
    put_header(3);
    if (bad_query(ia, ib, kind)) return GJK_INVALID_INPUT;
    gjk_pair3 pair = {&demo_shapes3[ia], demo_poses3[ia], &demo_shapes3[ib], demo_poses3[ib]};
    debug3.skip_closed_forms = mode == 2;
    gjk_result3 r =
        mode == 0 ? plain3[kind](&pair, NULL) : gjk_query3_debug((gjk_query_kind)kind, &pair, NULL, &debug3);
    put_result(&r);
    if (mode != 0) put_debug(&debug3);
    return r.status;
}
