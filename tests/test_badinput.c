/* Bad input through the public API (issue 4): every query in 3D and 2D, and the shape, support and hull functions,
   fed NULL pointers, NaN and infinities in every number field, zero and negative sizes, values beyond the bounds,
   absurdly scaled rotations, broken hulls and misbehaving user callbacks. Each must give its named status with a
   zeroed result (GJK_INVALID_INPUT; see gjk/base.h and gjk/query.h for the rules), never a crash, a hang or a NaN.
   The valid extremes next to each bad value (zero-length capsules, sizes and coordinates at the bound, scaled
   quaternions at the edge of the accepted range) must be accepted, so that the checks cannot pass by rejecting
   everything. Runs with asserts on in the sanitizer build: none of these is a programmer error that may assert. */
#include <float.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "internal.h" /* GJK_MAX_COORD: the documented bound on 3D coordinates and sizes */

typedef gjk_result3 query3_fn(const gjk_pair3 *, gjk_cache3 *);
typedef gjk_result2 query2_fn(const gjk_pair2 *, gjk_cache2 *);
static query3_fn *const queries3[4] = {gjk_intersect3, gjk_distance3, gjk_penetration3, gjk_signed_distance3};
static query2_fn *const queries2[4] = {gjk_intersect2, gjk_distance2, gjk_penetration2, gjk_signed_distance2};
static const char *const query_names[4] = {"intersect", "distance", "penetration", "signed_distance"};

/* Scale factors k (q = k * unit) at the ends of the accepted range of |q|^2 = k^2: [1e-150, 1e150] (float
   [1e-18, 1e18]). The tests go just inside and just outside them. */
#if GJK_USE_FLOAT
#define QUAT_K_MIN 1e-9
#define QUAT_K_MAX 1e9
#else
#define QUAT_K_MIN 1e-75
#define QUAT_K_MAX 1e75
#endif

/* Smallest normal gjk_real. */
#if GJK_USE_FLOAT
#define REAL_MIN FLT_MIN
#else
#define REAL_MIN DBL_MIN
#endif

static const gjk_real nan_r = (gjk_real)NAN, inf_r = (gjk_real)INFINITY;

/* ---- result checks ---------------------------------------------------------------------------------------------- */

static bool zero3(gjk_vec3 v) { return v.x == 0 && v.y == 0 && v.z == 0; }
static bool zero2(gjk_vec2 v) { return v.x == 0 && v.y == 0; }
static bool finite2(gjk_vec2 v) { return isfinite(v.x) && isfinite(v.y); }
static bool finite_result3(const gjk_result3 *r) {
    return isfinite(r->distance) && test_finite3(r->normal) && test_finite3(r->point_a) && test_finite3(r->point_b);
}
static bool finite_result2(const gjk_result2 *r) {
    return isfinite(r->distance) && finite2(r->normal) && finite2(r->point_a) && finite2(r->point_b);
}

/* An invalid-input result: the status and every other field zero. */
static void check_invalid3(const gjk_result3 *r, const char *what, int q) {
    if (r->status != GJK_INVALID_INPUT || r->intersect || r->distance != 0 || !zero3(r->normal) ||
        !zero3(r->point_a) || !zero3(r->point_b) || r->iterations != 0 || r->epa_iterations != 0)
        fail_msg("%s: %s gave status %s, distance %g, iterations %d (expected a zeroed invalid_input)", what,
                 query_names[q], gjk_status_string(r->status), (double)r->distance, r->iterations);
}
static void check_invalid2(const gjk_result2 *r, const char *what, int q) {
    if (r->status != GJK_INVALID_INPUT || r->intersect || r->distance != 0 || !zero2(r->normal) ||
        !zero2(r->point_a) || !zero2(r->point_b) || r->iterations != 0 || r->epa_iterations != 0)
        fail_msg("%s: %s gave status %s, distance %g, iterations %d (expected a zeroed invalid_input)", what,
                 query_names[q], gjk_status_string(r->status), (double)r->distance, r->iterations);
}

/* Any answer that is not NaN: finite fields, a known status, bounded iterations. */
static void check_sane3(const gjk_result3 *r, const char *what, int q) {
    if (!finite_result3(r) || (unsigned)r->status > GJK_OUT_OF_MEMORY || r->iterations < 0 ||
        r->iterations > GJK_MAX_GJK_ITERATIONS || r->epa_iterations < 0 || r->epa_iterations > 4 * GJK_EPA_MAX_VERTICES)
        fail_msg("%s: %s gave status %d, distance %g, iterations %d + %d", what, query_names[q], (int)r->status,
                 (double)r->distance, r->iterations, r->epa_iterations);
    if (r->status == GJK_INVALID_INPUT) check_invalid3(r, what, q);
}
static void check_sane2(const gjk_result2 *r, const char *what, int q) {
    if (!finite_result2(r) || (unsigned)r->status > GJK_OUT_OF_MEMORY || r->iterations < 0 ||
        r->iterations > GJK_MAX_GJK_ITERATIONS || r->epa_iterations < 0 ||
        r->epa_iterations > 4 * GJK_EPA_MAX_VERTICES2)
        fail_msg("%s: %s gave status %d, distance %g, iterations %d + %d", what, query_names[q], (int)r->status,
                 (double)r->distance, r->iterations, r->epa_iterations);
    if (r->status == GJK_INVALID_INPUT) check_invalid2(r, what, q);
}

/* Every query rejects the pair, with and without a cache, and leaves the cache untouched. */
static void expect_invalid3(const gjk_pair3 *p, const char *what) {
    static const gjk_cache3 zero_cache;
    for (int q = 0; q < 4; ++q) {
        gjk_result3 r = queries3[q](p, NULL);
        check_invalid3(&r, what, q);
        gjk_cache3 c = zero_cache;
        r = queries3[q](p, &c);
        check_invalid3(&r, what, q);
        if (memcmp(&c, &zero_cache, sizeof c) != 0) fail_msg("%s: %s wrote the cache", what, query_names[q]);
    }
}
static void expect_invalid2(const gjk_pair2 *p, const char *what) {
    for (int q = 0; q < 4; ++q) {
        gjk_result2 r = queries2[q](p, NULL);
        check_invalid2(&r, what, q);
        gjk_cache2 c = {{0, 0}};
        r = queries2[q](p, &c);
        check_invalid2(&r, what, q);
        if (c.axis.x != 0 || c.axis.y != 0) fail_msg("%s: %s wrote the cache", what, query_names[q]);
    }
}

/* Every query accepts the pair (a status other than invalid_input) and answers with finite numbers, cold and warm. */
static void expect_usable3(const gjk_pair3 *p, const char *what) {
    for (int q = 0; q < 4; ++q) {
        gjk_cache3 c = {0};
        for (int pass = 0; pass < 3; ++pass) {
            gjk_result3 r = queries3[q](p, pass == 0 ? NULL : &c);
            check_sane3(&r, what, q);
            if (r.status == GJK_INVALID_INPUT) fail_msg("%s: %s rejected a valid pair", what, query_names[q]);
        }
    }
}
static void expect_usable2(const gjk_pair2 *p, const char *what) {
    for (int q = 0; q < 4; ++q) {
        gjk_cache2 c = {{0, 0}};
        for (int pass = 0; pass < 3; ++pass) {
            gjk_result2 r = queries2[q](p, pass == 0 ? NULL : &c);
            check_sane2(&r, what, q);
            if (r.status == GJK_INVALID_INPUT) fail_msg("%s: %s rejected a valid pair", what, query_names[q]);
        }
    }
}

/* Whatever the status, no NaN (2D inputs whose combination overflows, user callbacks failing part way). */
static void expect_sane2(const gjk_pair2 *p, const char *what) {
    for (int q = 0; q < 4; ++q) {
        gjk_cache2 c = {{0, 0}};
        for (int pass = 0; pass < 3; ++pass) {
            gjk_result2 r = queries2[q](p, pass == 0 ? NULL : &c);
            check_sane2(&r, what, q);
        }
    }
}

/* ---- the pairs the bad shapes and poses are put in --------------------------------------------------------------- */

static gjk_pose3 pose3_near(void) {
    return gjk_pose3_make(gjk_v3(GJK_R(1.5), GJK_R(0.25), GJK_R(-0.5)),
                          gjk_quat_from_axis_angle(gjk_v3(1, 2, 3), GJK_R(0.7)));
}
static gjk_pose2 pose2_near(void) { return gjk_pose2_make(gjk_v2(GJK_R(1.5), GJK_R(0.25)), GJK_R(0.7)); }

/* The shape as A and as B against a unit box (overlapping it), and against itself. */
static void each_pair3(const gjk_shape3 *s, void (*check)(const gjk_pair3 *, const char *), const char *what) {
    gjk_shape3 box = gjk_box3(gjk_v3(1, 1, 1));
    gjk_pair3 p = {s, gjk_pose3_identity(), &box, pose3_near()};
    check(&p, what);
    p = (gjk_pair3){&box, gjk_pose3_identity(), s, pose3_near()};
    check(&p, what);
    p = (gjk_pair3){s, gjk_pose3_identity(), s, pose3_near()};
    check(&p, what);
}
static void each_pair2(const gjk_shape2 *s, void (*check)(const gjk_pair2 *, const char *), const char *what) {
    gjk_shape2 box = gjk_box2(gjk_v2(1, 1));
    gjk_pair2 p = {s, gjk_pose2_identity(), &box, pose2_near()};
    check(&p, what);
    p = (gjk_pair2){&box, gjk_pose2_identity(), s, pose2_near()};
    check(&p, what);
    p = (gjk_pair2){s, gjk_pose2_identity(), s, pose2_near()};
    check(&p, what);
}

/* ---- NULL pointers ----------------------------------------------------------------------------------------------- */

static void test_null_pointers(void **st) {
    (void)st;
    gjk_shape3 box3 = gjk_box3(gjk_v3(1, 1, 1));
    gjk_pair3 p3 = {&box3, gjk_pose3_identity(), &box3, pose3_near()};
    gjk_shape2 box2 = gjk_box2(gjk_v2(1, 1));
    gjk_pair2 p2 = {&box2, gjk_pose2_identity(), &box2, pose2_near()};
    for (int q = 0; q < 4; ++q) {
        gjk_cache3 c3 = {0};
        gjk_cache2 c2 = {{0, 0}};
        gjk_result3 r3 = queries3[q](NULL, NULL);
        check_invalid3(&r3, "NULL pair", q);
        r3 = queries3[q](NULL, &c3);
        check_invalid3(&r3, "NULL pair with a cache", q);
        gjk_result2 r2 = queries2[q](NULL, NULL);
        check_invalid2(&r2, "NULL pair", q);
        r2 = queries2[q](NULL, &c2);
        check_invalid2(&r2, "NULL pair with a cache", q);
        /* NULL cache: allowed, the same answer as a zeroed one. */
        gjk_cache3 z3 = {0};
        gjk_cache2 z2 = {{0, 0}};
        gjk_result3 a3 = queries3[q](&p3, NULL), b3 = queries3[q](&p3, &z3);
        assert_int_equal(a3.status, GJK_OK);
        assert_true(a3.distance == b3.distance && a3.intersect == b3.intersect);
        gjk_result2 a2 = queries2[q](&p2, NULL), b2 = queries2[q](&p2, &z2);
        assert_int_equal(a2.status, GJK_OK);
        assert_true(a2.distance == b2.distance && a2.intersect == b2.intersect);
    }
    gjk_pair3 n3 = p3;
    n3.a = NULL;
    expect_invalid3(&n3, "3D shape A NULL");
    n3 = p3;
    n3.b = NULL;
    expect_invalid3(&n3, "3D shape B NULL");
    n3.a = NULL;
    expect_invalid3(&n3, "3D both shapes NULL");
    gjk_pair2 n2 = p2;
    n2.a = NULL;
    expect_invalid2(&n2, "2D shape A NULL");
    n2 = p2;
    n2.b = NULL;
    expect_invalid2(&n2, "2D shape B NULL");
    n2.a = NULL;
    expect_invalid2(&n2, "2D both shapes NULL");

    assert_int_equal(gjk_shape3_validate(NULL), GJK_INVALID_INPUT);
    assert_int_equal(gjk_shape2_validate(NULL), GJK_INVALID_INPUT);
    assert_true(zero3(gjk_shape3_support(NULL, gjk_v3(1, 0, 0))));
    assert_true(zero2(gjk_shape2_support(NULL, gjk_v2(1, 0))));
    /* Hull creation: NULL points, with and without a status to write. */
    gjk_status status = GJK_OK;
    assert_null(gjk_hull3_create(NULL, 4, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_hull3_create(NULL, 4, NULL));
    status = GJK_OK;
    assert_null(gjk_hull2_create(NULL, 4, &status));
    assert_int_equal(status, GJK_INVALID_INPUT);
    assert_null(gjk_hull2_create(NULL, 4, NULL));
    gjk_hull3_destroy(NULL);
    gjk_hull2_destroy(NULL);
    /* A hull shape without its hull. */
    gjk_shape3 h3 = gjk_hull_shape3(NULL);
    gjk_shape2 h2 = gjk_polygon2(NULL);
    assert_int_equal(gjk_shape3_validate(&h3), GJK_INVALID_INPUT);
    assert_int_equal(gjk_shape2_validate(&h2), GJK_INVALID_INPUT);
    each_pair3(&h3, expect_invalid3, "3D hull shape with a NULL hull");
    each_pair2(&h2, expect_invalid2, "2D polygon with a NULL hull");
    assert_true(zero3(gjk_shape3_support(&h3, gjk_v3(1, 0, 0))));
    assert_true(zero2(gjk_shape2_support(&h2, gjk_v2(1, 0))));
    /* A user shape without its callback. */
    gjk_shape3 u3 = gjk_user3(NULL, NULL);
    gjk_shape2 u2 = gjk_user2(NULL, NULL);
    assert_int_equal(gjk_shape3_validate(&u3), GJK_INVALID_INPUT);
    assert_int_equal(gjk_shape2_validate(&u2), GJK_INVALID_INPUT);
    each_pair3(&u3, expect_invalid3, "3D user shape with a NULL callback");
    each_pair2(&u2, expect_invalid2, "2D user shape with a NULL callback");
    assert_true(zero3(gjk_shape3_support(&u3, gjk_v3(1, 0, 0))));
    assert_true(zero2(gjk_shape2_support(&u2, gjk_v2(1, 0))));
}

/* ---- every number field of every shape --------------------------------------------------------------------------- */

typedef enum field_kind {
    COORD,       /* a coordinate: any value within the bound */
    POSITIVE,    /* a size > 0 */
    NON_NEGATIVE /* a size >= 0 (capsule sizes, margins) */
} field_kind;

/* One number of a shape, by its offset in the shape struct. */
typedef struct field {
    const char *name;
    size_t offset;
    field_kind kind;
} field;

#define FIELD3(member, kind) {#member, offsetof(gjk_shape3, member), kind}
#define FIELD2(member, kind) {#member, offsetof(gjk_shape2, member), kind}

static void set_field(void *shape, size_t offset, gjk_real v) { memcpy((char *)shape + offset, &v, sizeof v); }

/* Values every field rejects; values each kind rejects; values each kind accepts. 3D bounds every coordinate and
   size by GJK_MAX_COORD; 2D accepts any finite number (gjk/query.h), so "beyond" is a bad value only in 3D. */
static int bad_values(field_kind kind, bool three_d, gjk_real *out) {
    int n = 0;
    out[n++] = nan_r;
    out[n++] = -nan_r;
    out[n++] = inf_r;
    out[n++] = -inf_r;
    if (three_d) {
        out[n++] = GJK_MAX_COORD * 2;
        out[n++] = -GJK_MAX_COORD * 2;
        out[n++] = GJK_REAL_MAX;
        out[n++] = -GJK_REAL_MAX;
    }
    if (kind == POSITIVE) {
        out[n++] = 0;
        out[n++] = -GJK_R(0.0);
        out[n++] = -1;
        out[n++] = -GJK_REAL_MAX;
    }
    if (kind == NON_NEGATIVE) {
        out[n++] = -1;
        out[n++] = -GJK_REAL_EPSILON;
        out[n++] = -GJK_REAL_MAX;
    }
    return n;
}
static int good_values(field_kind kind, gjk_real *out) {
    int n = 0;
    out[n++] = 1;
    out[n++] = GJK_R(1e-6);
    out[n++] = GJK_MAX_COORD;
    if (kind != POSITIVE) {
        out[n++] = 0;
        out[n++] = -GJK_R(0.0);
    }
    if (kind == COORD) {
        out[n++] = -1;
        out[n++] = -GJK_MAX_COORD;
    }
    return n;
}

static void test_shape3_fields(void **st) {
    (void)st;
    const gjk_vec3 a = gjk_v3(-1, GJK_R(0.5), GJK_R(0.25)), b = gjk_v3(1, GJK_R(-0.5), GJK_R(0.75));
    const gjk_vec3 c = gjk_v3(GJK_R(0.1), 1, GJK_R(-0.3)), h = gjk_v3(1, GJK_R(0.5), GJK_R(0.75));
    const struct {
        gjk_shape3 shape;
        field fields[9];
        int count;
    } shapes[] = {
        {gjk_point3(), {{0}}, 0},
        {gjk_segment3(a, b),
         {FIELD3(segment.a.x, COORD), FIELD3(segment.a.y, COORD), FIELD3(segment.a.z, COORD),
          FIELD3(segment.b.x, COORD), FIELD3(segment.b.y, COORD), FIELD3(segment.b.z, COORD)},
         6},
        {gjk_triangle3(a, b, c),
         {FIELD3(triangle.a.x, COORD), FIELD3(triangle.a.y, COORD), FIELD3(triangle.a.z, COORD),
          FIELD3(triangle.b.x, COORD), FIELD3(triangle.b.y, COORD), FIELD3(triangle.b.z, COORD),
          FIELD3(triangle.c.x, COORD), FIELD3(triangle.c.y, COORD), FIELD3(triangle.c.z, COORD)},
         9},
        {gjk_box3(h),
         {FIELD3(box.half_extents.x, POSITIVE), FIELD3(box.half_extents.y, POSITIVE),
          FIELD3(box.half_extents.z, POSITIVE)},
         3},
        {gjk_sphere3(GJK_R(0.8)), {FIELD3(sphere.radius, POSITIVE)}, 1},
        {gjk_capsule3(GJK_R(0.5), GJK_R(0.7)),
         {FIELD3(capsule.radius, NON_NEGATIVE), FIELD3(capsule.half_height, NON_NEGATIVE)},
         2},
        {gjk_cylinder3(GJK_R(0.5), GJK_R(0.7)),
         {FIELD3(cylinder.radius, POSITIVE), FIELD3(cylinder.half_height, POSITIVE)},
         2},
        {gjk_cone3(GJK_R(0.5), GJK_R(0.7)), {FIELD3(cone.radius, POSITIVE), FIELD3(cone.half_height, POSITIVE)}, 2},
        {gjk_ellipsoid3(h),
         {FIELD3(ellipsoid.radii.x, POSITIVE), FIELD3(ellipsoid.radii.y, POSITIVE),
          FIELD3(ellipsoid.radii.z, POSITIVE)},
         3},
    };
    const field margin = FIELD3(margin, NON_NEGATIVE);
    char what[160];
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        assert_int_equal(gjk_shape3_validate(&shapes[i].shape), GJK_OK);
        for (int f = -1; f < shapes[i].count; ++f) {
            const field *fd = f < 0 ? &margin : &shapes[i].fields[f];
            gjk_real v[16];
            int n = bad_values(fd->kind, true, v);
            for (int k = 0; k < n; ++k) {
                gjk_shape3 s = shapes[i].shape;
                set_field(&s, fd->offset, v[k]);
                snprintf(what, sizeof what, "3D type %d, %s = %g", (int)s.type, fd->name, (double)v[k]);
                if (gjk_shape3_validate(&s) != GJK_INVALID_INPUT) fail_msg("%s: validate accepted it", what);
                each_pair3(&s, expect_invalid3, what);
                /* The support function of an invalid shape: a finite point (the origin). */
                assert_true(zero3(gjk_shape3_support(&s, gjk_v3(1, 2, 3))));
            }
            n = good_values(fd->kind, v);
            for (int k = 0; k < n; ++k) {
                gjk_shape3 s = shapes[i].shape;
                set_field(&s, fd->offset, v[k]);
                snprintf(what, sizeof what, "3D type %d, %s = %g", (int)s.type, fd->name, (double)v[k]);
                if (gjk_shape3_validate(&s) != GJK_OK) fail_msg("%s: validate rejected it", what);
                each_pair3(&s, expect_usable3, what);
                assert_true(test_finite3(gjk_shape3_support(&s, gjk_v3(1, 2, 3))));
            }
        }
    }
}

static void test_shape2_fields(void **st) {
    (void)st;
    const struct {
        gjk_shape2 shape;
        field fields[4];
        int count;
    } shapes[] = {
        {gjk_point2(), {{0}}, 0},
        {gjk_segment2(gjk_v2(-1, GJK_R(0.5)), gjk_v2(1, GJK_R(-0.25))),
         {FIELD2(segment.a.x, COORD), FIELD2(segment.a.y, COORD), FIELD2(segment.b.x, COORD),
          FIELD2(segment.b.y, COORD)},
         4},
        {gjk_circle2(GJK_R(0.8)), {FIELD2(circle.radius, POSITIVE)}, 1},
        {gjk_box2(gjk_v2(1, GJK_R(0.5))), {FIELD2(box.half_extents.x, POSITIVE), FIELD2(box.half_extents.y, POSITIVE)},
         2},
        {gjk_capsule2(GJK_R(0.5), GJK_R(0.7)),
         {FIELD2(capsule.radius, NON_NEGATIVE), FIELD2(capsule.half_height, NON_NEGATIVE)},
         2},
    };
    const field margin = FIELD2(margin, NON_NEGATIVE);
    char what[160];
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        assert_int_equal(gjk_shape2_validate(&shapes[i].shape), GJK_OK);
        for (int f = -1; f < shapes[i].count; ++f) {
            const field *fd = f < 0 ? &margin : &shapes[i].fields[f];
            gjk_real v[16];
            int n = bad_values(fd->kind, false, v);
            for (int k = 0; k < n; ++k) {
                gjk_shape2 s = shapes[i].shape;
                set_field(&s, fd->offset, v[k]);
                snprintf(what, sizeof what, "2D type %d, %s = %g", (int)s.type, fd->name, (double)v[k]);
                if (gjk_shape2_validate(&s) != GJK_INVALID_INPUT) fail_msg("%s: validate accepted it", what);
                each_pair2(&s, expect_invalid2, what);
                assert_true(zero2(gjk_shape2_support(&s, gjk_v2(1, 2))));
            }
            n = good_values(fd->kind, v);
            for (int k = 0; k < n; ++k) {
                gjk_shape2 s = shapes[i].shape;
                set_field(&s, fd->offset, v[k]);
                snprintf(what, sizeof what, "2D type %d, %s = %g", (int)s.type, fd->name, (double)v[k]);
                if (gjk_shape2_validate(&s) != GJK_OK) fail_msg("%s: validate rejected it", what);
                each_pair2(&s, expect_usable2, what);
                assert_true(finite2(gjk_shape2_support(&s, gjk_v2(1, 2))));
            }
            /* 2D takes any finite number: huge ones are valid shapes, and the queries answer without NaN (a pair
               whose sums overflow is invalid input, an answer that overflows degenerate; both zeroed). */
            const gjk_real huge[] = {GJK_REAL_MAX, GJK_REAL_MAX / 4, -GJK_REAL_MAX};
            for (int k = 0; k < 3; ++k) {
                if (fd->kind != COORD && huge[k] < 0) continue;
                gjk_shape2 s = shapes[i].shape;
                set_field(&s, fd->offset, huge[k]);
                snprintf(what, sizeof what, "2D type %d, %s = %g", (int)s.type, fd->name, (double)huge[k]);
                each_pair2(&s, expect_sane2, what);
                assert_true(finite2(gjk_shape2_support(&s, gjk_v2(1, 2))));
            }
        }
    }
}

/* Shape types outside the enum. */
static void test_unknown_types(void **st) {
    (void)st;
    const int types[] = {GJK_SHAPE3_TYPE_COUNT, GJK_SHAPE3_TYPE_COUNT + 1, 1000, -1};
    for (int i = 0; i < 4; ++i) {
        gjk_shape3 s3 = gjk_box3(gjk_v3(1, 1, 1));
        s3.type = (gjk_shape3_type)types[i];
        assert_int_equal(gjk_shape3_validate(&s3), GJK_INVALID_INPUT);
        each_pair3(&s3, expect_invalid3, "3D unknown type");
        assert_true(zero3(gjk_shape3_support(&s3, gjk_v3(1, 0, 0))));
        gjk_shape2 s2 = gjk_box2(gjk_v2(1, 1));
        int t2 = i == 0 ? GJK_SHAPE2_TYPE_COUNT : types[i];
        s2.type = (gjk_shape2_type)t2;
        assert_int_equal(gjk_shape2_validate(&s2), GJK_INVALID_INPUT);
        each_pair2(&s2, expect_invalid2, "2D unknown type");
        assert_true(zero2(gjk_shape2_support(&s2, gjk_v2(1, 0))));
    }
}

/* ---- poses ------------------------------------------------------------------------------------------------------- */

static void test_pose3_fields(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, GJK_R(0.5), GJK_R(0.75))), sphere = gjk_sphere3(GJK_R(0.5));
    const field fields[7] = {
        {"position.x", offsetof(gjk_pose3, position.x), COORD}, {"position.y", offsetof(gjk_pose3, position.y), COORD},
        {"position.z", offsetof(gjk_pose3, position.z), COORD}, {"rotation.w", offsetof(gjk_pose3, rotation.w), COORD},
        {"rotation.x", offsetof(gjk_pose3, rotation.x), COORD}, {"rotation.y", offsetof(gjk_pose3, rotation.y), COORD},
        {"rotation.z", offsetof(gjk_pose3, rotation.z), COORD}};
    const gjk_real bad[] = {nan_r, -nan_r, inf_r, -inf_r, GJK_MAX_COORD * 2, -GJK_MAX_COORD * 2, GJK_REAL_MAX};
    char what[160];
    /* Both shapes of every kind of core: the sphere's frame is skipped by the queries, its pose must still be
       checked. */
    const gjk_shape3 *shapes[2] = {&box, &sphere};
    for (int sa = 0; sa < 2; ++sa)
        for (int side = 0; side < 2; ++side)
            for (int f = 0; f < 7; ++f)
                for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
                    /* Huge rotation components are covered by the scale tests below. */
                    if (f >= 3 && isfinite(bad[k])) continue;
                    gjk_pair3 p = {shapes[sa], pose3_near(), shapes[1 - sa], gjk_pose3_identity()};
                    set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, bad[k]);
                    snprintf(what, sizeof what, "3D pose_%c.%s = %g (A type %d)", side ? 'b' : 'a', fields[f].name,
                             (double)bad[k], (int)p.a->type);
                    expect_invalid3(&p, what);
                }
    /* Positions at the bound are valid. */
    for (int side = 0; side < 2; ++side)
        for (int f = 0; f < 3; ++f) {
            gjk_pair3 p = {&box, pose3_near(), &sphere, gjk_pose3_identity()};
            set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, f == 1 ? -GJK_MAX_COORD : GJK_MAX_COORD);
            expect_usable3(&p, "3D position at the bound");
        }
}

/* The documented rule (gjk/math.h): a quaternion of any length k whose square is within [1e-150, 1e150] (float
   [1e-18, 1e18]) rotates like its unit version; zero, tiny, huge or non-finite ones are invalid input. */
static void test_quaternion_scale(void **st) {
    (void)st;
    gjk_shape3 box = gjk_box3(gjk_v3(1, GJK_R(0.5), GJK_R(0.25))), cap = gjk_capsule3(GJK_R(0.3), GJK_R(0.8));
    gjk_quat u = gjk_quat_from_axis_angle(gjk_v3(1, 2, 3), GJK_R(0.7));
    gjk_pair3 unit = {&box, gjk_pose3_identity(), &cap, gjk_pose3_make(gjk_v3(GJK_R(1.2), GJK_R(0.1), 0), u)};
    gjk_result3 want = gjk_signed_distance3(&unit, NULL);
    assert_int_equal(want.status, GJK_OK);
    const double ok_scales[] = {1.01 * QUAT_K_MIN, 1e-3, 7, 1e3, 0.99 * QUAT_K_MAX};
    const double bad_scales[] = {0.99 * QUAT_K_MIN, 0.99 * QUAT_K_MIN * 1e-3, 1.01 * QUAT_K_MAX, 1.01e3 * QUAT_K_MAX};
    char what[120];
    for (int side = 0; side < 2; ++side) {
        for (size_t i = 0; i < sizeof ok_scales / sizeof ok_scales[0]; ++i) {
            gjk_pair3 p = unit;
            gjk_quat *q = side ? &p.pose_b.rotation : &p.pose_a.rotation;
            gjk_real k = (gjk_real)ok_scales[i];
            q->w *= k, q->x *= k, q->y *= k, q->z *= k;
            snprintf(what, sizeof what, "quaternion of pose_%c scaled by %g", side ? 'b' : 'a', ok_scales[i]);
            expect_usable3(&p, what);
            gjk_result3 r = gjk_signed_distance3(&p, NULL);
            EXPECT_NEAR(r.distance, want.distance, TU(1e-13));
            EXPECT_NEAR(r.normal.x, want.normal.x, TU(1e-12));
            EXPECT_NEAR(r.normal.y, want.normal.y, TU(1e-12));
            EXPECT_NEAR(r.normal.z, want.normal.z, TU(1e-12));
        }
        for (size_t i = 0; i < sizeof bad_scales / sizeof bad_scales[0]; ++i) {
            gjk_pair3 p = unit;
            gjk_quat *q = side ? &p.pose_b.rotation : &p.pose_a.rotation;
            gjk_real k = (gjk_real)bad_scales[i];
            q->w *= k, q->x *= k, q->y *= k, q->z *= k;
            snprintf(what, sizeof what, "quaternion of pose_%c scaled by %g", side ? 'b' : 'a', bad_scales[i]);
            expect_invalid3(&p, what);
        }
        /* Zero, and a subnormal whose square is zero. */
        gjk_pair3 p = unit;
        gjk_quat zero = {0, 0, 0, 0}, sub = {REAL_MIN / 4, 0, 0, 0}, neg_zero = {-GJK_R(0.0), 0, -GJK_R(0.0), 0};
        gjk_quat *q = side ? &p.pose_b.rotation : &p.pose_a.rotation;
        *q = zero;
        expect_invalid3(&p, "zero quaternion");
        *q = neg_zero;
        expect_invalid3(&p, "negative zero quaternion");
        *q = sub;
        expect_invalid3(&p, "subnormal quaternion");
        /* A single huge component among finite ones. */
        *q = u;
        q->y = GJK_REAL_MAX;
        expect_invalid3(&p, "quaternion component at the largest float");
    }
}

static void test_pose2_fields(void **st) {
    (void)st;
    gjk_shape2 box = gjk_box2(gjk_v2(1, GJK_R(0.5))), circle = gjk_circle2(GJK_R(0.5));
    const field fields[4] = {{"position.x", offsetof(gjk_pose2, position.x), COORD},
                             {"position.y", offsetof(gjk_pose2, position.y), COORD},
                             {"rotation.c", offsetof(gjk_pose2, rotation.c), COORD},
                             {"rotation.s", offsetof(gjk_pose2, rotation.s), COORD}};
    const gjk_real bad[] = {nan_r, -nan_r, inf_r, -inf_r};
    const gjk_shape2 *shapes[2] = {&box, &circle};
    char what[160];
    for (int sa = 0; sa < 2; ++sa)
        for (int side = 0; side < 2; ++side)
            for (int f = 0; f < 4; ++f)
                for (int k = 0; k < 4; ++k) {
                    gjk_pair2 p = {shapes[sa], pose2_near(), shapes[1 - sa], gjk_pose2_identity()};
                    set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, bad[k]);
                    snprintf(what, sizeof what, "2D pose_%c.%s = %g (A type %d)", side ? 'b' : 'a', fields[f].name,
                             (double)bad[k], (int)p.a->type);
                    expect_invalid2(&p, what);
                }
    gjk_pair2 unit = {&box, gjk_pose2_identity(), &circle, pose2_near()};
    gjk_result2 want = gjk_signed_distance2(&unit, NULL);
    for (int side = 0; side < 2; ++side) {
        gjk_pair2 p = unit;
        gjk_pose2 *pose = side ? &p.pose_b : &p.pose_a;
        /* Angles: NaN and infinite ones make a NaN rotation. */
        *pose = gjk_pose2_make(pose->position, nan_r);
        expect_invalid2(&p, "2D angle NaN");
        *pose = gjk_pose2_make(pose->position, inf_r);
        expect_invalid2(&p, "2D angle +inf");
        *pose = gjk_pose2_make(pose->position, -inf_r);
        expect_invalid2(&p, "2D angle -inf");
        /* A zero rotation. */
        p = unit;
        pose = side ? &p.pose_b : &p.pose_a;
        pose->rotation.c = pose->rotation.s = 0;
        expect_invalid2(&p, "2D zero rotation");
        pose->rotation.c = -GJK_R(0.0);
        expect_invalid2(&p, "2D negative zero rotation");
        /* (c, s) of any finite non-zero length is normalised (documented in gjk/math.h), down to subnormals. */
        const gjk_real scales[] = {GJK_REAL_MAX / 2, GJK_R(1e30), GJK_R(1e-30), REAL_MIN, REAL_MIN / 1024};
        for (int k = 0; k < 5; ++k) {
            p = unit;
            pose = side ? &p.pose_b : &p.pose_a;
            gjk_real c = pose->rotation.c, s = pose->rotation.s;
            /* (Scaled by a power of two where the sum of squares would overflow or underflow: exact.) */
            pose->rotation.c = c * scales[k];
            pose->rotation.s = s * scales[k];
            snprintf(what, sizeof what, "2D rotation of pose_%c scaled by %g", side ? 'b' : 'a', (double)scales[k]);
            expect_usable2(&p, what);
            gjk_result2 r = gjk_signed_distance2(&p, NULL);
            /* The subnormal scale loses the rotation's low bits. */
            EXPECT_NEAR(r.distance, want.distance, k == 4 ? TU(1e-3) : TU(1e-13));
        }
    }
    /* Huge finite positions: valid in 2D (no NaN whatever the status). */
    const gjk_real huge[] = {GJK_REAL_MAX, -GJK_REAL_MAX, GJK_MAX_COORD * 2};
    for (int side = 0; side < 2; ++side)
        for (int f = 0; f < 2; ++f)
            for (int k = 0; k < 3; ++k) {
                gjk_pair2 p = unit;
                set_field(side ? &p.pose_b : &p.pose_a, fields[f].offset, huge[k]);
                expect_sane2(&p, "2D huge position");
            }
    /* Positions at opposite ends of the range: B - A overflows, which is invalid input. */
    gjk_pair2 p = unit;
    p.pose_a.position.x = -GJK_REAL_MAX;
    p.pose_b.position.x = GJK_REAL_MAX;
    expect_invalid2(&p, "2D positions whose difference overflows");
}

/* ---- hulls ------------------------------------------------------------------------------------------------------- */

static void test_hull_creation(void **st) {
    (void)st;
    gjk_vec3 cube[8];
    gjk_vec2 square[4];
    for (int i = 0; i < 8; ++i) cube[i] = gjk_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    for (int i = 0; i < 4; ++i) square[i] = gjk_v2(i & 1 ? 1 : -1, i & 2 ? 1 : -1);
    /* Counts outside 1 .. GJK_HULL_MAX_POINTS (rejected before the points are read). */
    const int counts[] = {0, -1, -1000, GJK_HULL_MAX_POINTS + 1, 0x7fffffff, -0x7fffffff - 1};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; ++i) {
        gjk_status s3 = GJK_OK, s2 = GJK_OK;
        assert_null(gjk_hull3_create(cube, counts[i], &s3));
        assert_null(gjk_hull2_create(square, counts[i], &s2));
        assert_int_equal(s3, GJK_INVALID_INPUT);
        assert_int_equal(s2, GJK_INVALID_INPUT);
        assert_null(gjk_hull3_create(cube, counts[i], NULL));
        assert_null(gjk_hull2_create(square, counts[i], NULL));
    }
    /* A non-finite coordinate anywhere. */
    const gjk_real bad[] = {nan_r, inf_r, -inf_r};
    for (int k = 0; k < 3; ++k) {
        for (int i = 0; i < 8; ++i)
            for (int c = 0; c < 3; ++c) {
                gjk_vec3 pts[8];
                memcpy(pts, cube, sizeof pts);
                set_field(&pts[i], (size_t)c * sizeof(gjk_real), bad[k]);
                gjk_status s = GJK_OK;
                assert_null(gjk_hull3_create(pts, 8, &s));
                assert_int_equal(s, GJK_INVALID_INPUT);
            }
        for (int i = 0; i < 4; ++i)
            for (int c = 0; c < 2; ++c) {
                gjk_vec2 pts[4];
                memcpy(pts, square, sizeof pts);
                set_field(&pts[i], (size_t)c * sizeof(gjk_real), bad[k]);
                gjk_status s = GJK_OK;
                assert_null(gjk_hull2_create(pts, 4, &s));
                assert_int_equal(s, GJK_INVALID_INPUT);
            }
    }
    /* Exactly GJK_HULL_MAX_POINTS is accepted (all points equal: a point hull, built in linear time). */
    gjk_vec3 *many3 = calloc(GJK_HULL_MAX_POINTS, sizeof *many3);
    gjk_vec2 *many2 = calloc(GJK_HULL_MAX_POINTS, sizeof *many2);
    assert_non_null(many3);
    assert_non_null(many2);
    gjk_status s = GJK_INVALID_INPUT;
    gjk_hull3 *h3 = gjk_hull3_create(many3, GJK_HULL_MAX_POINTS, &s);
    assert_int_equal(s, GJK_OK);
    assert_non_null(h3);
    assert_int_equal(h3->dimension, 0);
    gjk_hull3_destroy(h3);
    s = GJK_INVALID_INPUT;
    gjk_hull2 *h2 = gjk_hull2_create(many2, GJK_HULL_MAX_POINTS, &s);
    assert_int_equal(s, GJK_OK);
    assert_non_null(h2);
    assert_int_equal(h2->dimension, 0);
    gjk_hull2_destroy(h2);
    free(many3);
    free(many2);
}

/* Huge but finite points make a hull; in 3D the queries then reject it (beyond GJK_MAX_COORD), in 2D they answer
   without NaN. */
static void test_hull_huge_points(void **st) {
    (void)st;
    const gjk_real scales[] = {GJK_MAX_COORD * 2, GJK_REAL_MAX / 2, GJK_REAL_MAX};
    for (int k = 0; k < 3; ++k) {
        gjk_real m = scales[k];
        gjk_vec3 cube[8];
        gjk_vec2 square[4];
        for (int i = 0; i < 8; ++i) cube[i] = gjk_v3(i & 1 ? m : -m, i & 2 ? m : -m, i & 4 ? m : -m);
        for (int i = 0; i < 4; ++i) square[i] = gjk_v2(i & 1 ? m : -m, i & 2 ? m : -m);
        gjk_status s = GJK_INVALID_INPUT;
        gjk_hull3 *h3 = gjk_hull3_create(cube, 8, &s);
        assert_int_equal(s, GJK_OK);
        assert_non_null(h3);
        gjk_shape3 shape3 = gjk_hull_shape3(h3);
        assert_int_equal(gjk_shape3_validate(&shape3), GJK_INVALID_INPUT);
        each_pair3(&shape3, expect_invalid3, "3D hull beyond the bound");
        gjk_hull3_destroy(h3);
        s = GJK_INVALID_INPUT;
        gjk_hull2 *h2 = gjk_hull2_create(square, 4, &s);
        assert_int_equal(s, GJK_OK);
        assert_non_null(h2);
        gjk_shape2 shape2 = gjk_polygon2(h2);
        each_pair2(&shape2, expect_sane2, "2D huge polygon");
        gjk_hull2_destroy(h2);
    }
}

/* A hull struct damaged after creation (fields a caller might clobber): the O(1) checks of validate catch these. */
static void test_hull_damaged(void **st) {
    (void)st;
    gjk_vec3 cube[8];
    gjk_vec2 square[4];
    for (int i = 0; i < 8; ++i) cube[i] = gjk_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    for (int i = 0; i < 4; ++i) square[i] = gjk_v2(i & 1 ? 1 : -1, i & 2 ? 1 : -1);
    gjk_hull3 *h3 = gjk_hull3_create(cube, 8, NULL);
    gjk_hull2 *h2 = gjk_hull2_create(square, 4, NULL);
    assert_non_null(h3);
    assert_non_null(h2);
    gjk_shape3 s3 = gjk_hull_shape3(h3);
    gjk_shape2 s2 = gjk_polygon2(h2);
    each_pair3(&s3, expect_usable3, "3D cube hull");
    each_pair2(&s2, expect_usable2, "2D square polygon");
    for (int k = 0; k < 6; ++k) {
        gjk_hull3 c3 = *h3;
        gjk_hull2 c2 = *h2;
        switch (k) {
        case 0: c3.vertex_count = c2.vertex_count = 0; break;
        case 1: c3.vertex_count = c2.vertex_count = -5; break;
        case 2: c3.vertices = NULL, c2.vertices = NULL; break;
        case 3: c3.centroid.y = c2.centroid.y = nan_r; break;
        case 4: c3.radius = c2.radius = nan_r; break;
        default: c3.centroid.x = c2.centroid.x = inf_r; break;
        }
        /* (A 2D hull's radius is only a hint: a bad one makes the query measure the size itself.) */
        gjk_shape3 b3 = gjk_hull_shape3(&c3);
        gjk_shape2 b2 = gjk_polygon2(&c2);
        assert_int_equal(gjk_shape3_validate(&b3), GJK_INVALID_INPUT);
        each_pair3(&b3, expect_invalid3, "damaged 3D hull");
        if (k == 4) {
            each_pair2(&b2, expect_usable2, "2D hull with a NaN radius");
        } else {
            assert_int_equal(gjk_shape2_validate(&b2), GJK_INVALID_INPUT);
            each_pair2(&b2, expect_invalid2, "damaged 2D hull");
        }
    }
    gjk_hull3_destroy(h3);
    gjk_hull2_destroy(h2);
}

/* ---- user callbacks ---------------------------------------------------------------------------------------------- */

typedef enum user_mode { USER_NAN, USER_INF, USER_HUGE, USER_BEYOND } user_mode;

/* A box of half extents 0.5 that answers badly after `good` calls; it records any direction that breaks the
   documented contract (finite and non-zero). */
typedef struct user_state {
    user_mode mode;
    int good, calls;
    bool bad_direction;
} user_state;

static gjk_real user_bad_value(user_mode mode) {
    switch (mode) {
    case USER_NAN: return nan_r;
    case USER_INF: return inf_r;
    case USER_HUGE: return GJK_REAL_MAX / 2;
    case USER_BEYOND: break;
    }
    return GJK_MAX_COORD * 2;
}

static gjk_vec3 user_support3(gjk_vec3 d, const void *data) {
    user_state *u = (user_state *)(uintptr_t)data; /* the test's own, non-const state */
    if (!test_finite3(d) || zero3(d)) u->bad_direction = true;
    gjk_vec3 p = gjk_v3(d.x >= 0 ? GJK_R(0.5) : GJK_R(-0.5), d.y >= 0 ? GJK_R(0.5) : GJK_R(-0.5),
                        d.z >= 0 ? GJK_R(0.5) : GJK_R(-0.5));
    if (u->calls++ >= u->good) p.y = user_bad_value(u->mode);
    return p;
}
static gjk_vec2 user_support2(gjk_vec2 d, const void *data) {
    user_state *u = (user_state *)(uintptr_t)data;
    if (!finite2(d) || zero2(d)) u->bad_direction = true;
    gjk_vec2 p = gjk_v2(d.x >= 0 ? GJK_R(0.5) : GJK_R(-0.5), d.y >= 0 ? GJK_R(0.5) : GJK_R(-0.5));
    if (u->calls++ >= u->good) p.y = user_bad_value(u->mode);
    return p;
}

/* A callback answering NaN, an infinity or a point beyond the bound is invalid input in 3D, from the first call or
   in the middle of GJK or EPA: the query stops short of a NaN and reports it (and forgets the cache's simplex). In
   2D, where any finite number is valid, a huge finite answer gives a finite result of whatever status. */
static void test_user_callbacks(void **st) {
    (void)st;
    gjk_shape3 box3 = gjk_box3(gjk_v3(1, 1, 1));
    gjk_shape2 box2 = gjk_box2(gjk_v2(1, 1));
    char what[120];
    for (int mode = USER_NAN; mode <= USER_BEYOND; ++mode) {
        for (int good = 0; good < 40; ++good) {
            for (int overlap = 0; overlap < 2; ++overlap) {
                gjk_real x = overlap ? GJK_R(0.7) : 3;
                snprintf(what, sizeof what, "user callback mode %d after %d calls, %s", mode, good,
                         overlap ? "overlapping" : "apart");
                for (int q = 0; q < 4; ++q) {
                    user_state u = {(user_mode)mode, good, 0, false};
                    gjk_shape3 s3 = gjk_user3(user_support3, &u);
                    gjk_pair3 p3 = {&box3, gjk_pose3_identity(), &s3,
                                    gjk_pose3_make(gjk_v3(x, GJK_R(0.2), GJK_R(0.1)), gjk_quat_identity())};
                    gjk_cache3 c3 = {0};
                    gjk_result3 r3 = queries3[q](&p3, &c3);
                    check_sane3(&r3, what, q);
                    if (u.calls > good) { /* it answered badly at least once */
                        check_invalid3(&r3, what, q);
                        assert_int_equal(c3.count, 0);
                    } else {
                        assert_int_not_equal(r3.status, GJK_INVALID_INPUT);
                    }
                    if (u.bad_direction) fail_msg("%s: %s passed a zero or non-finite direction", what, query_names[q]);

                    u = (user_state){(user_mode)mode, good, 0, false};
                    gjk_shape2 s2 = gjk_user2(user_support2, &u);
                    gjk_pair2 p2 = {&box2, gjk_pose2_identity(), &s2, gjk_pose2_make(gjk_v2(x, GJK_R(0.2)), 0)};
                    gjk_result2 r2 = queries2[q](&p2, NULL);
                    check_sane2(&r2, what, q);
                    if (u.calls > good && (mode == USER_NAN || mode == USER_INF)) check_invalid2(&r2, what, q);
                    if (u.calls <= good || mode == USER_BEYOND) assert_int_not_equal(r2.status, GJK_INVALID_INPUT);
                    if (u.bad_direction) fail_msg("%s: %s passed a zero or non-finite direction", what, query_names[q]);
                }
            }
        }
    }
    /* The public support functions: finite whatever the callback says, and never a bad direction passed on. */
    const gjk_vec3 dirs3[] = {{1, 2, 3}, {0, 0, 0}, {nan_r, 1, 0}, {inf_r, 0, 0}, {GJK_REAL_MAX, -GJK_REAL_MAX, 1},
                              {REAL_MIN / 8, 0, 0}};
    const gjk_vec2 dirs2[] = {{1, 2}, {0, 0}, {nan_r, 1}, {inf_r, 0}, {GJK_REAL_MAX, -GJK_REAL_MAX}, {REAL_MIN / 8, 0}};
    for (int mode = USER_NAN; mode <= USER_BEYOND; ++mode)
        for (int i = 0; i < 6; ++i)
            for (int good = 0; good < 2; ++good) {
                user_state u = {(user_mode)mode, good, 0, false};
                gjk_shape3 s3 = gjk_rounded3(gjk_user3(user_support3, &u), GJK_R(0.25));
                assert_true(test_finite3(gjk_shape3_support(&s3, dirs3[i])));
                assert_false(u.bad_direction);
                u = (user_state){(user_mode)mode, good, 0, false};
                gjk_shape2 s2 = gjk_rounded2(gjk_user2(user_support2, &u), GJK_R(0.25));
                assert_true(finite2(gjk_shape2_support(&s2, dirs2[i])));
                assert_false(u.bad_direction);
            }
}

/* ---- support functions and caches -------------------------------------------------------------------------------- */

/* gjk_shape3_support / gjk_shape2_support with any direction: a finite point of the shape. */
static void test_support_directions(void **st) {
    (void)st;
    gjk_vec3 cube[8];
    for (int i = 0; i < 8; ++i) cube[i] = gjk_v3(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
    gjk_vec3 many[64];
    test_rng rng = {41};
    for (int i = 0; i < 64; ++i) many[i] = test_unit3(&rng); /* enough vertices for the support cells */
    gjk_hull3 *h = gjk_hull3_create(cube, 8, NULL), *hm = gjk_hull3_create(many, 64, NULL);
    assert_non_null(h);
    assert_non_null(hm);
    const gjk_shape3 shapes[] = {gjk_point3(),
                                 gjk_segment3(gjk_v3(-1, 0, 0), gjk_v3(1, 1, 0)),
                                 gjk_triangle3(gjk_v3(0, 0, 0), gjk_v3(1, 0, 0), gjk_v3(0, 1, 0)),
                                 gjk_box3(gjk_v3(1, 2, 3)),
                                 gjk_sphere3(2),
                                 gjk_capsule3(1, 2),
                                 gjk_cylinder3(1, 2),
                                 gjk_cone3(1, 2),
                                 gjk_ellipsoid3(gjk_v3(1, 2, 3)),
                                 gjk_ellipsoid3(gjk_v3(GJK_MAX_COORD, 1, GJK_MAX_COORD)),
                                 gjk_hull_shape3(h),
                                 gjk_hull_shape3(hm),
                                 gjk_rounded3(gjk_cone3(GJK_MAX_COORD, GJK_MAX_COORD), GJK_MAX_COORD)};
    const gjk_vec3 dirs[] = {{0, 0, 0},
                             {nan_r, 0, 0},
                             {1, nan_r, 1},
                             {inf_r, 0, 0},
                             {-inf_r, inf_r, 1},
                             {GJK_REAL_MAX, GJK_REAL_MAX, GJK_REAL_MAX},
                             {-GJK_REAL_MAX, 1, 0},
                             {REAL_MIN / 16, 0, -REAL_MIN / 16},
                             {0, 0, REAL_MIN}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i)
        for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; ++k) {
            gjk_vec3 p = gjk_shape3_support(&shapes[i], dirs[k]);
            if (!test_finite3(p))
                fail_msg("3D support of type %d along direction %zu is not finite", shapes[i].type, k);
        }
    gjk_hull3_destroy(h);
    gjk_hull3_destroy(hm);
    const gjk_shape2 shapes2[] = {gjk_point2(), gjk_segment2(gjk_v2(-1, 0), gjk_v2(1, 1)), gjk_circle2(2),
                                  gjk_box2(gjk_v2(1, 2)), gjk_capsule2(1, 2),
                                  gjk_rounded2(gjk_box2(gjk_v2(GJK_REAL_MAX / 4, 1)), GJK_REAL_MAX / 4)};
    const gjk_vec2 dirs2[] = {{0, 0}, {nan_r, 0}, {inf_r, 1}, {GJK_REAL_MAX, GJK_REAL_MAX}, {REAL_MIN / 16, 0}};
    for (size_t i = 0; i < sizeof shapes2 / sizeof shapes2[0]; ++i)
        for (size_t k = 0; k < sizeof dirs2 / sizeof dirs2[0]; ++k) {
            gjk_vec2 p = gjk_shape2_support(&shapes2[i], dirs2[k]);
            if (!finite2(p)) fail_msg("2D support of type %d along direction %zu is not finite", shapes2[i].type, k);
        }
}

/* A cache the caller damaged (NaN or huge axis, count out of range, NaN points) for the pair it belongs to: it only
   changes where the search starts; a valid pair still gets a finite, valid answer. */
static void test_damaged_cache(void **st) {
    (void)st;
    gjk_shape3 a = gjk_box3(gjk_v3(1, GJK_R(0.5), GJK_R(0.25))), b = gjk_cylinder3(GJK_R(0.5), GJK_R(0.7));
    gjk_pair3 p = {&a, gjk_pose3_identity(), &b, pose3_near()};
    gjk_result3 want = gjk_signed_distance3(&p, NULL);
    for (int k = 0; k < 7; ++k) {
        for (int q = 0; q < 4; ++q) {
            gjk_cache3 c = {0};
            c.a = &a;
            c.b = &b;
            switch (k) {
            case 0: c.axis = gjk_v3(nan_r, 0, 0); break;
            case 1: c.axis = gjk_v3(inf_r, -inf_r, 0); break;
            case 2: c.count = 1000; break;
            case 3: c.count = -7; break;
            case 4:
                c.count = 2;
                c.point_a[0] = gjk_v3(nan_r, 0, 0);
                c.point_b[1] = gjk_v3(0, inf_r, 0);
                break;
            case 5: c.axis = gjk_v3(GJK_REAL_MAX, GJK_REAL_MAX, GJK_REAL_MAX); break;
            default: c.axis = gjk_v3(REAL_MIN / 16, 0, 0); break;
            }
            gjk_result3 r = queries3[q](&p, &c);
            check_sane3(&r, "damaged 3D cache", q);
            assert_int_not_equal(r.status, GJK_INVALID_INPUT);
            if (q == 3) EXPECT_NEAR(r.distance, want.distance, TU(1e-6));
        }
    }
    gjk_shape2 a2 = gjk_box2(gjk_v2(1, GJK_R(0.5))), b2 = gjk_capsule2(GJK_R(0.25), 1);
    gjk_pair2 p2 = {&a2, gjk_pose2_identity(), &b2, pose2_near()};
    const gjk_vec2 axes[] = {{nan_r, 0}, {inf_r, 1}, {GJK_REAL_MAX, -GJK_REAL_MAX}, {REAL_MIN / 16, 0}};
    for (int k = 0; k < 4; ++k)
        for (int q = 0; q < 4; ++q) {
            gjk_cache2 c = {axes[k]};
            gjk_result2 r = queries2[q](&p2, &c);
            check_sane2(&r, "damaged 2D cache", q);
            assert_int_not_equal(r.status, GJK_INVALID_INPUT);
        }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_null_pointers),     cmocka_unit_test(test_shape3_fields),
        cmocka_unit_test(test_shape2_fields),     cmocka_unit_test(test_unknown_types),
        cmocka_unit_test(test_pose3_fields),      cmocka_unit_test(test_quaternion_scale),
        cmocka_unit_test(test_pose2_fields),      cmocka_unit_test(test_hull_creation),
        cmocka_unit_test(test_hull_huge_points),  cmocka_unit_test(test_hull_damaged),
        cmocka_unit_test(test_user_callbacks),    cmocka_unit_test(test_support_directions),
        cmocka_unit_test(test_damaged_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
