// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The demo's scene: shapes, poses and the debug query. */
#include "scene.h"

#include <stdio.h>
#include <stdlib.h>

/* An irregular hexagon and a triangle (rounded by a margin), in units of the body's size. */
static const double polygon_points[][2] = {{-1.3, -0.9}, {1.2, -1.1}, {1.6, 0.3}, {0.5, 1.3}, {-1.0, 1.0}, {-1.6, 0.0}};
static const double rounded_points[][2] = {{-1.0, -0.7}, {1.1, -0.6}, {0.0, 1.0}};
#define ROUNDED_MARGIN 0.35

static gjk_hull2 *make_hull(const double (*pts)[2], int n, gjk_real size) {
    gjk_vec2 v[8];
    for (int i = 0; i < n && i < 8; ++i) v[i] = gjk_v2((gjk_real)pts[i][0] * size, (gjk_real)pts[i][1] * size);
    return gjk_hull2_create(v, n, NULL);
}

void demo_set_kind(demo_body *body, demo_kind kind) {
    const gjk_real k = body->size;
    body->kind = kind;
    switch (kind) {
    case DEMO_BOX:
        body->shape = gjk_box2(gjk_v2(GJK_R(1.2) * k, GJK_R(0.8) * k));
        body->core = body->shape;
        break;
    case DEMO_CIRCLE:
        body->shape = gjk_circle2(GJK_R(1.1) * k);
        body->core = gjk_point2();
        break;
    case DEMO_CAPSULE:
        body->shape = gjk_capsule2(GJK_R(0.55) * k, GJK_R(0.8) * k);
        body->core = gjk_segment2(gjk_v2(0, -GJK_R(0.8) * k), gjk_v2(0, GJK_R(0.8) * k));
        break;
    case DEMO_SEGMENT:
        body->shape = gjk_segment2(gjk_v2(-GJK_R(1.4) * k, -GJK_R(0.5) * k), gjk_v2(GJK_R(1.4) * k, GJK_R(0.5) * k));
        body->core = body->shape;
        break;
    case DEMO_ROUNDED:
        body->shape = gjk_rounded2(gjk_polygon2(body->rounded), (gjk_real)ROUNDED_MARGIN * k);
        body->core = gjk_polygon2(body->rounded);
        break;
    case DEMO_POLYGON:
    default:
        body->kind = DEMO_POLYGON;
        body->shape = gjk_polygon2(body->polygon);
        body->core = body->shape;
        break;
    }
}

static bool body_init(demo_body *body, gjk_real size, gjk_vec2 position) {
    body->size = size;
    body->polygon = make_hull(polygon_points, (int)(sizeof polygon_points / sizeof polygon_points[0]), size);
    body->rounded = make_hull(rounded_points, (int)(sizeof rounded_points / sizeof rounded_points[0]), size);
    body->position = position;
    body->angle = 0;
    demo_set_kind(body, DEMO_POLYGON);
    return body->polygon != NULL && body->rounded != NULL;
}

bool demo_scene_init(demo_scene *s) {
    s->skip_closed_forms = true; /* a GJK demo: show GJK and EPA by default; Space shows the library's fast path */
    s->step_view = -1;
    s->debug = calloc(1, sizeof *s->debug);
    bool ok = body_init(&s->a, GJK_R(1.0), gjk_v2(0, 0));
    ok = body_init(&s->b, GJK_R(0.6), gjk_v2(GJK_R(3.5), GJK_R(2.0))) && ok;
    if (!ok || s->debug == NULL) {
        demo_scene_free(s);
        return false;
    }
    demo_scene_query(s);
    return true;
}

void demo_scene_free(demo_scene *s) {
    gjk_hull2_destroy(s->a.polygon);
    gjk_hull2_destroy(s->a.rounded);
    gjk_hull2_destroy(s->b.polygon);
    gjk_hull2_destroy(s->b.rounded);
    free(s->debug);
    s->a.polygon = s->a.rounded = s->b.polygon = s->b.rounded = NULL;
    s->debug = NULL;
}

gjk_pose2 demo_body_pose(const demo_body *body) { return gjk_pose2_make(body->position, body->angle); }

void demo_scene_query(demo_scene *s) {
    gjk_pair2 pair;
    pair.a = &s->a.shape;
    pair.pose_a = demo_body_pose(&s->a);
    pair.b = &s->b.shape;
    pair.pose_b = demo_body_pose(&s->b);
    s->debug->skip_closed_forms = s->skip_closed_forms;
    s->result = gjk_query2_debug(GJK_QUERY_SIGNED_DISTANCE, &pair, NULL, s->debug);
    if (s->step_view >= s->debug->step_count) s->step_view = -1;
}

const char *demo_kind_name(demo_kind kind) {
    static const char *const names[DEMO_KIND_COUNT] = {"polygon", "box", "circle", "capsule", "segment", "rounded"};
    return (int)kind >= 0 && kind < DEMO_KIND_COUNT ? names[kind] : "?";
}

const char *demo_path_name(gjk_debug_path path) {
    switch (path) {
    case GJK_PATH_CLOSED_FORM: return "closed form";
    case GJK_PATH_GJK: return "gjk";
    case GJK_PATH_GJK_EPA: return "gjk+epa";
    default: return "none";
    }
}

const gjk_debug_step2 *demo_shown_step(const demo_scene *s) {
    const gjk_debug2 *d = s->debug;
    if (d->step_count <= 0) return NULL;
    if (s->step_view >= 0 && s->step_view < d->step_count) return &d->steps[s->step_view];
    return &d->steps[d->step_count - 1];
}

void demo_scene_summary(const demo_scene *s, char *out, int size) {
    const gjk_result2 *r = &s->result;
    char what[48];
    if (r->status == GJK_INVALID_INPUT)
        snprintf(what, sizeof what, "invalid input");
    else if (r->distance > 0)
        snprintf(what, sizeof what, "distance %.3f", (double)r->distance);
    else if (r->distance < 0)
        snprintf(what, sizeof what, "depth %.3f", (double)-r->distance);
    else
        snprintf(what, sizeof what, "touching");
    snprintf(out, (size_t)size, "A %s, B %s: %s | %s, %d iter%s, %d epa%s%s | %s", demo_kind_name(s->a.kind),
             demo_kind_name(s->b.kind), what, demo_path_name(s->debug->path), r->iterations,
             r->iterations == 1 ? "" : "s", r->epa_iterations, r->status == GJK_OK ? "" : ", ",
             r->status == GJK_OK ? "" : gjk_status_string(r->status),
             s->skip_closed_forms ? "closed forms off" : "closed forms on");
}
