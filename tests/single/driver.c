// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Runs random pairs of every shape kind, 3D and 2D, through every public query (intersect, distance, penetration,
   signed distance, warm starts, manifolds, ray casts, linear and rotating shape casts, debug queries, supports,
   hull creation) and prints every output field, reals with %a. tests/single_header_test.sh builds it against the
   library and against single/gjk.h (as C and as C++) and compares the outputs byte for byte: the single header must
   answer exactly like the library. Valid C11 and C++11. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gjk/gjk.h>

#define PAIRS3 420
#define PAIRS2 300
#define HULLS 12

/* ---- a fixed random sequence (xorshift64*), the same on every machine ---- */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static double uniform(double lo, double hi) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    uint64_t x = rng_state * 0x2545f4914f6cdd1du;
    return lo + (hi - lo) * (double)(x >> 11) * (1.0 / 9007199254740992.0);
}

static int below(int n) { return (int)uniform(0, n) % n; }
static gjk_real r(double lo, double hi) { return (gjk_real)uniform(lo, hi); }
/* Every draw is a statement of its own: the order in which a call evaluates its arguments is unspecified (GCC and
   Clang differ), and the sequence must be the same in every build. */
static gjk_vec3 v3(double lo, double hi) {
    gjk_real x = r(lo, hi), y = r(lo, hi), z = r(lo, hi);
    return gjk_v3(x, y, z);
}
static gjk_vec2 v2(double lo, double hi) {
    gjk_real x = r(lo, hi), y = r(lo, hi);
    return gjk_v2(x, y);
}

/* ---- printing ---- */

static void pr(gjk_real x) { printf(" %a", (double)x); }
static void pv3(gjk_vec3 v) { pr(v.x), pr(v.y), pr(v.z); }
static void pv2(gjk_vec2 v) { pr(v.x), pr(v.y); }

static void print_result3(const char *what, gjk_result3 q) {
    printf("%s %d %d", what, (int)q.status, (int)q.intersect);
    pr(q.distance), pv3(q.normal), pv3(q.point_a), pv3(q.point_b);
    printf(" %d %d\n", q.iterations, q.epa_iterations);
}

static void print_result2(const char *what, gjk_result2 q) {
    printf("%s %d %d", what, (int)q.status, (int)q.intersect);
    pr(q.distance), pv2(q.normal), pv2(q.point_a), pv2(q.point_b);
    printf(" %d %d\n", q.iterations, q.epa_iterations);
}

static void print_cache3(const gjk_cache3 *c) {
    printf("cache %d", c->count);
    pv3(c->axis);
    for (int i = 0; i < c->count; i++) pv3(c->point_a[i]), pv3(c->point_b[i]);
    printf("\n");
}

static void print_cache2(const gjk_cache2 *c) {
    printf("cache %d", c->count);
    pv2(c->axis);
    for (int i = 0; i < c->count; i++) pv2(c->point_a[i]), pv2(c->point_b[i]);
    printf("\n");
}

static void print_hull3(const gjk_hull3 *h) {
    printf("hull3 %d %d %d %d", h->dimension, h->vertex_count, h->face_count, h->support_grid);
    pv3(h->centroid), pr(h->radius);
    for (int i = 0; i < h->vertex_count; i++) pv3(h->vertices[i]);
    for (int f = 0; f < h->face_count; f++) {
        pv3(h->face_normals[f]), pr(h->face_offsets[f]);
        for (int k = h->face_first[f]; k < h->face_first[f + 1]; k++) printf(" %d", h->face_indices[k]);
    }
    printf("\n");
}

static void print_hull2(const gjk_hull2 *h) {
    printf("hull2 %d %d", h->dimension, h->vertex_count);
    pv2(h->centroid), pr(h->radius);
    for (int i = 0; i < h->vertex_count; i++) pv2(h->vertices[i]), pv2(h->normals[i]);
    printf("\n");
}

/* ---- shapes ---- */

static gjk_vec3 user_box3(gjk_vec3 d, const void *data) {
    const gjk_vec3 *h = (const gjk_vec3 *)data;
    return gjk_v3(d.x < 0 ? -h->x : h->x, d.y < 0 ? -h->y : h->y, d.z < 0 ? -h->z : h->z);
}

static gjk_vec2 user_box2(gjk_vec2 d, const void *data) {
    const gjk_vec2 *h = (const gjk_vec2 *)data;
    return gjk_v2(d.x < 0 ? -h->x : h->x, d.y < 0 ? -h->y : h->y);
}

static gjk_hull3 *hulls3[HULLS];
static gjk_hull2 *hulls2[HULLS];
static gjk_vec3 user_half3 = {GJK_R(0.6), GJK_R(0.3), GJK_R(0.9)};
static gjk_vec2 user_half2 = {GJK_R(0.7), GJK_R(0.4)};

/* Point clouds of every kind a hull meets: general, flat, collinear, a single point repeated, near-duplicates. */
static int cloud3(int kind, gjk_vec3 *p) {
    int n = 4 + below(40);
    for (int i = 0; i < n; i++) {
        p[i] = v3(-1, 1);
        if (kind % 6 == 1) p[i].z = 0;
        if (kind % 6 == 2) p[i] = gjk_v3(p[i].x, p[i].x * 2, -p[i].x);
        if (kind % 6 == 3) p[i] = gjk_v3(GJK_R(0.25), GJK_R(-0.5), GJK_R(0.125));
        if (kind % 6 == 4 && i % 2) p[i] = gjk_add3(p[i - 1], gjk_v3(GJK_R(1e-7), 0, 0));
    }
    return n;
}

static int cloud2(int kind, gjk_vec2 *p) {
    int n = 3 + below(30);
    for (int i = 0; i < n; i++) {
        p[i] = v2(-1, 1);
        if (kind % 5 == 1) p[i].y = p[i].x * 3;
        if (kind % 5 == 2) p[i] = gjk_v2(GJK_R(0.5), GJK_R(-0.25));
        if (kind % 5 == 3 && i % 2) p[i] = gjk_add2(p[i - 1], gjk_v2(0, GJK_R(1e-7)));
    }
    return n;
}

static void make_hulls(void) {
    gjk_vec3 p3[64];
    gjk_vec2 p2[64];
    for (int k = 0; k < HULLS; k++) {
        gjk_status s3, s2;
        int n3 = cloud3(k, p3), n2 = cloud2(k, p2);
        hulls3[k] = gjk_hull3_create(p3, n3, &s3);
        hulls2[k] = gjk_hull2_create(p2, n2, &s2);
        printf("create %d %d %d\n", k, (int)s3, (int)s2);
        if (hulls3[k]) print_hull3(hulls3[k]);
        if (hulls2[k]) print_hull2(hulls2[k]);
    }
    /* Bad input: an infinite coordinate and a negative count. */
    gjk_status s;
    p3[0].x = (gjk_real)INFINITY;
    printf("bad %d", gjk_hull3_create(p3, 5, &s) != NULL);
    printf(" %d %d", (int)s, gjk_hull2_create(p2, -1, &s) != NULL);
    printf(" %d\n", (int)s);
}

static gjk_shape3 random_shape3(void) {
    gjk_shape3 s;
    gjk_vec3 p = v3(-1, 1), q = v3(-1, 1), t = v3(-1, 1), e = v3(0.1, 1.5);
    gjk_real radius = r(0.05, 1), half = r(0, 1.5);
    switch (below(12)) {
    case 0: s = gjk_point3(); break;
    case 1: s = gjk_segment3(p, q); break;
    case 2: s = gjk_triangle3(p, q, t); break;
    case 3: s = gjk_box3(e); break;
    case 4: s = gjk_sphere3(e.x); break;
    case 5: s = gjk_capsule3(radius, half); break;
    case 6: s = gjk_cylinder3(radius, half + GJK_R(0.1)); break;
    case 7: s = gjk_cone3(radius, half + GJK_R(0.1)); break;
    case 8: s = gjk_ellipsoid3(e); break;
    case 9: s = gjk_user3(user_box3, &user_half3); break;
    default: {
        const gjk_hull3 *h = hulls3[below(HULLS)];
        s = h ? gjk_hull_shape3(h) : gjk_sphere3(GJK_R(0.5));
    }
    }
    if (below(4) == 0) s = gjk_rounded3(s, r(0, 0.3));
    return s;
}

static gjk_shape2 random_shape2(void) {
    gjk_shape2 s;
    gjk_vec2 p = v2(-1, 1), q = v2(-1, 1), e = v2(0.1, 1.5);
    gjk_real radius = r(0.05, 1), half = r(0, 1.5);
    switch (below(8)) {
    case 0: s = gjk_point2(); break;
    case 1: s = gjk_segment2(p, q); break;
    case 2: s = gjk_circle2(e.x); break;
    case 3: s = gjk_box2(e); break;
    case 4: s = gjk_capsule2(radius, half); break;
    case 5: s = gjk_user2(user_box2, &user_half2); break;
    default: {
        const gjk_hull2 *h = hulls2[below(HULLS)];
        s = h ? gjk_polygon2(h) : gjk_circle2(GJK_R(0.5));
    }
    }
    if (below(4) == 0) s = gjk_rounded2(s, r(0, 0.3));
    return s;
}

static gjk_quat random_quat(void) {
    if (below(5) == 0) return gjk_quat_identity();
    gjk_quat q;
    q.w = r(-1, 1);
    q.x = r(-1, 1);
    q.y = r(-1, 1);
    q.z = r(-1, 1);
    return q; /* not unit: the queries normalise */
}

/* ---- 3D ---- */

static void print_manifold3(gjk_manifold3 m) {
    printf("manifold %d", (int)m.status);
    pv3(m.normal);
    printf(" %d %d", m.count, m.iterations);
    for (int k = 0; k < m.count; k++) {
        pv3(m.points[k].point_a), pv3(m.points[k].point_b), pr(m.points[k].separation);
        printf(" %lu", (unsigned long)m.points[k].id);
    }
    printf("\n");
}

static void print_cast3(const char *what, gjk_cast_result3 c) {
    printf("%s %d %d %d", what, (int)c.status, (int)c.state, (int)c.hit);
    pr(c.t), pv3(c.normal), pv3(c.point_a), pv3(c.point_b), pv3(c.point);
    printf(" %d\n", c.iterations);
}

static void print_debug3(const gjk_debug3 *d) {
    printf("debug %d", (int)d->path);
    pr(d->radius_a), pr(d->radius_b);
    printf(" %d", d->step_count);
    for (int i = 0; i < d->step_count; i++) {
        printf(" %d", d->steps[i].count);
        for (int k = 0; k < d->steps[i].count; k++)
            pv3(d->steps[i].vertices[k].w), pv3(d->steps[i].vertices[k].a), pv3(d->steps[i].vertices[k].b);
        pv3(d->steps[i].closest);
    }
    printf(" %d %d %d", d->epa_vertex_count, d->epa_face_count, d->epa_best_face);
    for (int i = 0; i < d->epa_vertex_count; i++) pv3(d->epa_vertices[i].w);
    for (int f = 0; f < d->epa_face_count; f++)
        printf(" %d %d %d", d->epa_faces[f][0], d->epa_faces[f][1], d->epa_faces[f][2]);
    printf("\n");
}

static gjk_debug3 debug3; /* large: not on the stack */
static gjk_debug2 debug2;

static void pair3(int i) {
    gjk_shape3 a = random_shape3(), b = random_shape3();
    gjk_pair3 p;
    p.a = &a;
    p.pose_a.position = v3(-0.5, 0.5);
    p.pose_a.rotation = random_quat();
    p.b = &b;
    p.pose_b.position = v3(-1.8, 1.8);
    p.pose_b.rotation = random_quat();
    printf("pair3 %d %d %d %d %d\n", i, (int)a.type, (int)b.type, (int)gjk_shape3_validate(&a),
           (int)gjk_shape3_validate(&b));
    printf("support");
    pv3(gjk_shape3_support(&a, v3(-1, 1)));
    pv3(gjk_shape3_support(&b, v3(-1, 1)));
    printf("\n");
    print_result3("intersect", gjk_intersect3(&p, NULL));
    print_result3("distance", gjk_distance3(&p, NULL));
    print_result3("penetration", gjk_penetration3(&p, NULL));
    print_result3("signed", gjk_signed_distance3(&p, NULL));

    /* Warm starts: a cache carried across small motions. */
    gjk_cache3 cache;
    memset(&cache, 0, sizeof cache);
    for (int k = 0; k < 3; k++) {
        print_result3("warm", gjk_signed_distance3(&p, &cache));
        print_cache3(&cache);
        p.pose_b.position = gjk_add3(p.pose_b.position, v3(-0.05, 0.05));
    }
    print_result3("warm_distance", gjk_distance3(&p, &cache));

    print_manifold3(gjk_collide3(&p, r(0, 0.5), NULL));
    print_manifold3(gjk_collide3(&p, 0, &cache));

    gjk_ray3 ray;
    ray.origin = v3(-3, 3);
    ray.translation = gjk_scale3(gjk_sub3(p.pose_a.position, ray.origin), r(0.5, 2.5));
    ray.translation = gjk_add3(ray.translation, v3(-0.5, 0.5));
    ray.max_fraction = below(3) ? 1 : r(0, 1);
    gjk_ray_result3 rr = gjk_raycast3(&a, p.pose_a, &ray);
    printf("ray %d %d %d", (int)rr.status, (int)rr.hit, (int)rr.inside);
    pr(rr.fraction), pv3(rr.point), pv3(rr.normal);
    printf(" %d\n", rr.iterations);

    gjk_cast_input3 in;
    memset(&in, 0, sizeof in);
    in.pair = p;
    in.motion_b.translation = gjk_scale3(gjk_sub3(p.pose_a.position, p.pose_b.position), r(0, 2));
    in.target_distance = below(3) ? 0 : r(0, 0.1);
    in.ignore_separating = below(2) == 0;
    print_cast3("cast", gjk_shape_cast3(&in));
    if (i % 3 == 0) {
        in.motion_a.rotation = v3(-2, 2);
        in.motion_b.rotation = v3(-2, 2);
        print_cast3("rotating", gjk_shape_cast3(&in));
    }
    if (i % 7 == 0) {
        memset(&debug3, 0, sizeof debug3);
        debug3.skip_closed_forms = i % 2 == 0;
        print_result3("debug", gjk_query3_debug((gjk_query_kind)(i % 4), &p, NULL, &debug3));
        print_debug3(&debug3);
    }
}

/* ---- 2D ---- */

static void print_manifold2(gjk_manifold2 m) {
    printf("manifold %d", (int)m.status);
    pv2(m.normal);
    printf(" %d %d", m.count, m.iterations);
    for (int k = 0; k < m.count; k++) {
        pv2(m.points[k].point_a), pv2(m.points[k].point_b), pr(m.points[k].separation);
        printf(" %lu", (unsigned long)m.points[k].id);
    }
    printf("\n");
}

static void print_cast2(const char *what, gjk_cast_result2 c) {
    printf("%s %d %d %d", what, (int)c.status, (int)c.state, (int)c.hit);
    pr(c.t), pv2(c.normal), pv2(c.point_a), pv2(c.point_b), pv2(c.point);
    printf(" %d\n", c.iterations);
}

static void print_debug2(const gjk_debug2 *d) {
    printf("debug %d", (int)d->path);
    pr(d->radius_a), pr(d->radius_b);
    printf(" %d", d->step_count);
    for (int i = 0; i < d->step_count; i++) {
        printf(" %d", d->steps[i].count);
        for (int k = 0; k < d->steps[i].count; k++)
            pv2(d->steps[i].vertices[k].w), pv2(d->steps[i].vertices[k].a), pv2(d->steps[i].vertices[k].b);
        pv2(d->steps[i].closest);
    }
    printf(" %d %d", d->epa_vertex_count, d->epa_best_edge);
    for (int i = 0; i < d->epa_vertex_count; i++) pv2(d->epa_vertices[i].w);
    printf("\n");
}

static void pair2(int i) {
    gjk_shape2 a = random_shape2(), b = random_shape2();
    gjk_pair2 p;
    p.a = &a;
    gjk_vec2 at = v2(-0.5, 0.5);
    p.pose_a = gjk_pose2_make(at, r(-4, 4));
    p.b = &b;
    at = v2(-1.8, 1.8);
    p.pose_b = gjk_pose2_make(at, r(-4, 4));
    printf("pair2 %d %d %d %d %d\n", i, (int)a.type, (int)b.type, (int)gjk_shape2_validate(&a),
           (int)gjk_shape2_validate(&b));
    printf("support");
    pv2(gjk_shape2_support(&a, v2(-1, 1)));
    pv2(gjk_shape2_support(&b, v2(-1, 1)));
    printf("\n");
    print_result2("intersect", gjk_intersect2(&p, NULL));
    print_result2("distance", gjk_distance2(&p, NULL));
    print_result2("penetration", gjk_penetration2(&p, NULL));
    print_result2("signed", gjk_signed_distance2(&p, NULL));

    gjk_cache2 cache;
    memset(&cache, 0, sizeof cache);
    for (int k = 0; k < 3; k++) {
        print_result2("warm", gjk_signed_distance2(&p, &cache));
        print_cache2(&cache);
        p.pose_b.position = gjk_add2(p.pose_b.position, v2(-0.05, 0.05));
    }
    print_result2("warm_distance", gjk_distance2(&p, &cache));

    print_manifold2(gjk_collide2(&p, r(0, 0.5), NULL));
    print_manifold2(gjk_collide2(&p, 0, &cache));

    gjk_ray2 ray;
    ray.origin = v2(-3, 3);
    ray.translation = gjk_scale2(gjk_sub2(p.pose_a.position, ray.origin), r(0.5, 2.5));
    ray.translation = gjk_add2(ray.translation, v2(-0.5, 0.5));
    ray.max_fraction = below(3) ? 1 : r(0, 1);
    gjk_ray_result2 rr = gjk_raycast2(&a, p.pose_a, &ray);
    printf("ray %d %d %d", (int)rr.status, (int)rr.hit, (int)rr.inside);
    pr(rr.fraction), pv2(rr.point), pv2(rr.normal);
    printf(" %d\n", rr.iterations);

    gjk_cast_input2 in;
    memset(&in, 0, sizeof in);
    in.pair = p;
    in.motion_b.translation = gjk_scale2(gjk_sub2(p.pose_a.position, p.pose_b.position), r(0, 2));
    in.target_distance = below(3) ? 0 : r(0, 0.1);
    in.ignore_separating = below(2) == 0;
    print_cast2("cast", gjk_shape_cast2(&in));
    if (i % 3 == 0) {
        in.motion_a.rotation = r(-2, 2);
        in.motion_b.rotation = r(-2, 2);
        print_cast2("rotating", gjk_shape_cast2(&in));
    }
    if (i % 7 == 0) {
        memset(&debug2, 0, sizeof debug2);
        debug2.skip_closed_forms = i % 2 == 0;
        print_result2("debug", gjk_query2_debug((gjk_query_kind)(i % 4), &p, NULL, &debug2));
        print_debug2(&debug2);
    }
}

/* ---- bad input: named statuses, the same through both builds ---- */

static void bad_inputs(void) {
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1)), thin = gjk_sphere3(-1);
    gjk_pair3 p;
    p.a = &box;
    p.pose_a = gjk_pose3_identity();
    p.b = &box;
    p.pose_b = gjk_pose3_identity();
    p.pose_b.position.y = (gjk_real)NAN;
    print_result3("bad_pose", gjk_signed_distance3(&p, NULL));
    p.pose_b = gjk_pose3_identity();
    p.pose_b.rotation.w = 0;
    print_manifold3(gjk_collide3(&p, 0, NULL));
    p.pose_b = gjk_pose3_identity();
    p.b = &thin;
    print_result3("bad_shape", gjk_distance3(&p, NULL));
    gjk_shape2 square = gjk_box2(gjk_v2(1, 1));
    gjk_ray2 ray;
    ray.origin = gjk_v2(-3, 0);
    ray.translation = gjk_v2(6, 0);
    ray.max_fraction = -1;
    gjk_ray_result2 rr = gjk_raycast2(&square, gjk_pose2_identity(), &ray);
    printf("bad_ray %d %d\n", (int)rr.status, (int)rr.hit);
}

/* Hull creation goes through the allocator hook: count its calls. */
static int allocs, frees;

static void *count_alloc(size_t size, void *user) {
    (void)user;
    allocs++;
    return malloc(size);
}

static void count_free(void *ptr, void *user) {
    (void)user;
    frees += ptr != NULL;
    free(ptr);
}

int main(void) {
    printf("gjk_real %d bytes\n", (int)sizeof(gjk_real));
    gjk_set_allocator(count_alloc, count_free, NULL);
    make_hulls();
    bad_inputs();
    for (int i = 0; i < PAIRS3; i++) pair3(i);
    for (int i = 0; i < PAIRS2; i++) pair2(i);
    for (int k = 0; k < HULLS; k++) {
        gjk_hull3_destroy(hulls3[k]);
        gjk_hull2_destroy(hulls2[k]);
    }
    printf("%s, %s; %d allocations, %d frees\n", gjk_status_string(GJK_OK), gjk_status_string(GJK_INVALID_INPUT),
           allocs, frees);
    return 0;
}
