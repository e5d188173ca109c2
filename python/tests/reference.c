// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The C answers the Python tests compare with, bit for bit: one job per input line, one output line of fields in
   the order of the package's result types, floats as C99 hex (%a) so that nothing is lost in printing.

   Input line: OP DIM SHAPE_A POSE_A [SHAPE_B POSE_B] EXTRA...
     OP: q0 q1 q2 q3 (intersect, distance, penetration, signed distance), m (manifold; EXTRA: speculative distance),
         r (ray cast, no B; EXTRA: origin, translation, max_fraction), c (shape cast; EXTRA: translation_a,
         rotation_a, translation_b, rotation_b, target_distance, tolerance, ignore_separating)
     SHAPE: a kind name, its numbers (hull/polygon: a count then the points), the margin
     POSE: 3D x y z qw qx qy qz; 2D x y angle (gjk_pose2_make)
   Built by the tests with the C compiler against the single header (the library, tested equal to libgjk). */
#define GJK_IMPLEMENTATION
#include "gjk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double num(void) {
    double v;
    if (scanf("%lf", &v) != 1) exit(2);
    return v;
}

static gjk_hull3 *hulls3[64];
static gjk_hull2 *hulls2[64];
static int nh3, nh2;

static void shape(int dim, gjk_shape3 *s3, gjk_shape2 *s2) {
    char kind[32];
    if (scanf("%31s", kind) != 1) exit(2);
    double v[9];
    if (dim == 3) {
        if (!strcmp(kind, "point")) *s3 = gjk_point3();
        else if (!strcmp(kind, "box")) {
            for (int i = 0; i < 3; ++i) v[i] = num();
            *s3 = gjk_box3(gjk_v3(v[0], v[1], v[2]));
        } else if (!strcmp(kind, "sphere")) *s3 = gjk_sphere3(num());
        else if (!strcmp(kind, "capsule") || !strcmp(kind, "cylinder") || !strcmp(kind, "cone")) {
            v[0] = num(), v[1] = num();
            *s3 = kind[1] == 'a' ? gjk_capsule3(v[0], v[1]) : kind[1] == 'y' ? gjk_cylinder3(v[0], v[1])
                                                                              : gjk_cone3(v[0], v[1]);
        } else if (!strcmp(kind, "ellipsoid")) {
            for (int i = 0; i < 3; ++i) v[i] = num();
            *s3 = gjk_ellipsoid3(gjk_v3(v[0], v[1], v[2]));
        } else if (!strcmp(kind, "segment")) {
            for (int i = 0; i < 6; ++i) v[i] = num();
            *s3 = gjk_segment3(gjk_v3(v[0], v[1], v[2]), gjk_v3(v[3], v[4], v[5]));
        } else if (!strcmp(kind, "triangle")) {
            for (int i = 0; i < 9; ++i) v[i] = num();
            *s3 = gjk_triangle3(gjk_v3(v[0], v[1], v[2]), gjk_v3(v[3], v[4], v[5]), gjk_v3(v[6], v[7], v[8]));
        } else if (!strcmp(kind, "hull")) {
            int n = (int)num();
            gjk_vec3 *p = (gjk_vec3 *)malloc(sizeof *p * (size_t)n);
            for (int i = 0; i < n; ++i) p[i].x = num(), p[i].y = num(), p[i].z = num();
            if (nh3 == 64) exit(3);
            hulls3[nh3] = gjk_hull3_create(p, n, NULL);
            free(p);
            *s3 = gjk_hull_shape3(hulls3[nh3++]);
        } else exit(4);
        s3->margin = num();
    } else {
        if (!strcmp(kind, "point2")) *s2 = gjk_point2();
        else if (!strcmp(kind, "circle")) *s2 = gjk_circle2(num());
        else if (!strcmp(kind, "box2")) {
            v[0] = num(), v[1] = num();
            *s2 = gjk_box2(gjk_v2(v[0], v[1]));
        } else if (!strcmp(kind, "capsule2")) {
            v[0] = num(), v[1] = num();
            *s2 = gjk_capsule2(v[0], v[1]);
        } else if (!strcmp(kind, "segment2")) {
            for (int i = 0; i < 4; ++i) v[i] = num();
            *s2 = gjk_segment2(gjk_v2(v[0], v[1]), gjk_v2(v[2], v[3]));
        } else if (!strcmp(kind, "polygon")) {
            int n = (int)num();
            gjk_vec2 *p = (gjk_vec2 *)malloc(sizeof *p * (size_t)n);
            for (int i = 0; i < n; ++i) p[i].x = num(), p[i].y = num();
            if (nh2 == 64) exit(3);
            hulls2[nh2] = gjk_hull2_create(p, n, NULL);
            free(p);
            *s2 = gjk_polygon2(hulls2[nh2++]);
        } else exit(4);
        s2->margin = num();
    }
}

static void pose(int dim, gjk_pose3 *p3, gjk_pose2 *p2) {
    if (dim == 3) {
        double v[7];
        for (int i = 0; i < 7; ++i) v[i] = num();
        gjk_quat q = {v[3], v[4], v[5], v[6]};
        *p3 = gjk_pose3_make(gjk_v3(v[0], v[1], v[2]), q);
    } else {
        double x = num(), y = num(), a = num();
        *p2 = gjk_pose2_make(gjk_v2(x, y), a);
    }
}

static void f(double v) { printf(" %a", v); }
static void i(long v) { printf(" %ld", v); }
static void v3(gjk_vec3 v) { f(v.x), f(v.y), f(v.z); }
static void v2(gjk_vec2 v) { f(v.x), f(v.y); }

int main(void) {
    char op[8];
    int dim;
    while (scanf("%7s %d", op, &dim) == 2) {
        gjk_shape3 a3, b3;
        gjk_shape2 a2, b2;
        gjk_pose3 pa3, pb3;
        gjk_pose2 pa2, pb2;
        shape(dim, &a3, &a2);
        pose(dim, &pa3, &pa2);
        if (op[0] == 'r') {
            if (dim == 3) {
                gjk_ray3 ray;
                ray.origin.x = num(), ray.origin.y = num(), ray.origin.z = num();
                ray.translation.x = num(), ray.translation.y = num(), ray.translation.z = num();
                ray.max_fraction = num();
                gjk_ray_result3 r = gjk_raycast3(&a3, pa3, &ray);
                i(r.status), i(r.hit), i(r.inside), f(r.fraction), v3(r.point), v3(r.normal), i(r.iterations);
            } else {
                gjk_ray2 ray;
                ray.origin.x = num(), ray.origin.y = num();
                ray.translation.x = num(), ray.translation.y = num();
                ray.max_fraction = num();
                gjk_ray_result2 r = gjk_raycast2(&a2, pa2, &ray);
                i(r.status), i(r.hit), i(r.inside), f(r.fraction), v2(r.point), v2(r.normal), i(r.iterations);
            }
            printf("\n");
            continue;
        }
        shape(dim, &b3, &b2);
        pose(dim, &pb3, &pb2);
        gjk_pair3 p3 = {&a3, pa3, &b3, pb3};
        gjk_pair2 p2 = {&a2, pa2, &b2, pb2};
        if (op[0] == 'q') {
            gjk_query_kind kind = (gjk_query_kind)(op[1] - '0');
            if (dim == 3) {
                gjk_result3 r = gjk_query3(kind, &p3, NULL, NULL);
                i(r.status), i(r.intersect), f(r.distance), v3(r.normal), v3(r.point_a), v3(r.point_b), f(r.lower);
                f(r.upper), i(r.iterations), i(r.epa_iterations);
            } else {
                gjk_result2 r = gjk_query2(kind, &p2, NULL, NULL);
                i(r.status), i(r.intersect), f(r.distance), v2(r.normal), v2(r.point_a), v2(r.point_b), f(r.lower);
                f(r.upper), i(r.iterations), i(r.epa_iterations);
            }
        } else if (op[0] == 'm') {
            double spec = num();
            if (dim == 3) {
                gjk_manifold3 m = gjk_collide3(&p3, spec, NULL);
                i(m.status), v3(m.normal), i(m.count);
                for (int k = 0; k < GJK_MANIFOLD_MAX_POINTS3; ++k) v3(m.points[k].point_a);
                for (int k = 0; k < GJK_MANIFOLD_MAX_POINTS3; ++k) v3(m.points[k].point_b);
                for (int k = 0; k < GJK_MANIFOLD_MAX_POINTS3; ++k) f(m.points[k].separation);
                for (int k = 0; k < GJK_MANIFOLD_MAX_POINTS3; ++k) i((long)m.points[k].id);
                i(m.iterations);
            } else {
                gjk_manifold2 m = gjk_collide2(&p2, spec, NULL);
                i(m.status), v2(m.normal), i(m.count);
                for (int k = 0; k < GJK_MANIFOLD_MAX_POINTS2; ++k) v2(m.points[k].point_a);
                for (int k = 0; k < GJK_MANIFOLD_MAX_POINTS2; ++k) v2(m.points[k].point_b);
                for (int k = 0; k < GJK_MANIFOLD_MAX_POINTS2; ++k) f(m.points[k].separation);
                for (int k = 0; k < GJK_MANIFOLD_MAX_POINTS2; ++k) i((long)m.points[k].id);
                i(m.iterations);
            }
        } else {
            if (dim == 3) {
                gjk_cast_input3 in;
                memset(&in, 0, sizeof in);
                in.pair = p3;
                in.motion_a.translation.x = num(), in.motion_a.translation.y = num(), in.motion_a.translation.z = num();
                in.motion_a.rotation.x = num(), in.motion_a.rotation.y = num(), in.motion_a.rotation.z = num();
                in.motion_b.translation.x = num(), in.motion_b.translation.y = num(), in.motion_b.translation.z = num();
                in.motion_b.rotation.x = num(), in.motion_b.rotation.y = num(), in.motion_b.rotation.z = num();
                in.target_distance = num(), in.tolerance = num(), in.ignore_separating = num() != 0;
                gjk_cast_result3 r = gjk_shape_cast3(&in);
                i(r.status), i(r.state), i(r.hit), f(r.t), v3(r.normal), v3(r.point_a), v3(r.point_b), v3(r.point);
                i(r.iterations);
            } else {
                gjk_cast_input2 in;
                memset(&in, 0, sizeof in);
                in.pair = p2;
                in.motion_a.translation.x = num(), in.motion_a.translation.y = num(), in.motion_a.rotation = num();
                in.motion_b.translation.x = num(), in.motion_b.translation.y = num(), in.motion_b.rotation = num();
                in.target_distance = num(), in.tolerance = num(), in.ignore_separating = num() != 0;
                gjk_cast_result2 r = gjk_shape_cast2(&in);
                i(r.status), i(r.state), i(r.hit), f(r.t), v2(r.normal), v2(r.point_a), v2(r.point_b), v2(r.point);
                i(r.iterations);
            }
        }
        printf("\n");
    }
    return 0;
}
