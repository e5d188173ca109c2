// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Regression tests for what fuzzing found (fuzz/fuzz_query.c, double and float builds). Each test is one input the
   harness decoded, written out with its numbers; its comment says what broke and why. The seeds themselves are in
   fuzz/corpus/fuzz_query and fuzz/corpus/fuzz_query_float, and the table in fuzz/findings/README.md lists them all. */
#include "testutil.h"

#include "internal3.h" /* gjk_core3_support: the public support normalises the direction before it */

/* The distance from a point (world frame) to a posed shape. */
static double off_shape(const gjk_shape3 *s, gjk_pose3 pose, gjk_vec3 x) {
    gjk_shape3 pt = gjk_point3();
    gjk_pair3 p = {s, pose, &pt, gjk_pose3_make(x, gjk_quat_identity())};
    return gjk_distance3(&p, NULL).distance;
}

/* A penetration answer that holds together: both contact points on their shapes, and B moved by the depth along
   the normal touches A (within tol: neither overlapping nor apart). */
static void check_contact(const gjk_shape3 *a, gjk_pose3 pa, const gjk_shape3 *b, gjk_pose3 pb, gjk_result3 r,
                          double tol) {
    assert_true(r.status == GJK_OK || r.status == GJK_DEGENERATE);
    assert_true(off_shape(a, pa, r.point_a) <= tol);
    assert_true(off_shape(b, pb, r.point_b) <= tol);
    gjk_pose3 moved = pb;
    moved.position = gjk_mad3(pb.position, -r.distance, r.normal);
    gjk_pair3 p = {a, pa, b, moved};
    EXPECT_NEAR(gjk_signed_distance3(&p, NULL).distance, 0, tol);
}

/* Found by fuzz/fuzz_query.c (seed fuzz/corpus/fuzz_query/regression_box_edge_tie): two nearly aligned boxes touching along an
   edge. The closed form's cross axis (nearly parallel edges) showed the true depth, 0, but its edges did not cross
   inside both boxes, and the best face axis (depth 0.107) was taken as a tie: the depth was overstated and the
   contact point lay 0.107 outside A. The qhull oracle (the hull of the 64 corner differences) gives depth 0 with
   normal (-0.025, 0, -0.9997). */
static void test_regression_box_edge_tie(void **st) {
    (void)st;
    gjk_shape3 a = gjk_box3(gjk_v3(4, 4, 4)), b = gjk_box3(gjk_v3((gjk_real)2.96, (gjk_real)2.96, (gjk_real)2.96));
    gjk_quat qa = {-4, -4, -4, -4}, qb = {(gjk_real)-3.8, -4, -4, -4};
    gjk_real c = (gjk_real)2.96;
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(c, c, c), qa), &b, gjk_pose3_make(gjk_v3(-4, (gjk_real)-0.28, -4), qb)};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status == GJK_OK || r.status == GJK_DEGENERATE);
    EXPECT_NEAR(r.distance, 0, TU(1e-12));
    assert_true(r.intersect);
    EXPECT_NEAR(r.normal.z, -0.99968765, TU(1e-6));
    /* The contact point lies on A: not below A's bottom face z = 2.96 - 4. */
    assert_true(r.point_a.z >= (c - 4) - TU(1e-12));
}

/* Found by fuzz/fuzz_query.c (seed fuzz/corpus/fuzz_query/regression_sliver_witness): a sphere of radius 3.76 whose
   centre is 0.0311 from the rim of a cylinder core (radius 1.4, half height 2.72, rounded by 3.8). GJK ends on a
   sliver triangle of nearly equal points: its closest point v (the plane projection) is right, but the
   barycentric weights are ill-conditioned and sum(lambda_i b_i) missed v by 1e-4. Re-centring both witnesses on the
   normal then moved the sphere's contact point 6.5e-5 off the sphere. Closed form: the core distance is
   hypot(hypot(0.64, 1.28) - 1.4, 0) = 0.0310835 (the centre in B's frame is (0.64, 1.28, 0.24)). */
static void test_regression_sliver_witness(void **st) {
    (void)st;
    /* (A capsule of negligible length: a plain sphere takes another path, and the fuzzer's had 1.2e-303.) */
    gjk_real tiny = GJK_USE_FLOAT ? (gjk_real)1e-30 : (gjk_real)1e-200;
    gjk_shape3 a = gjk_capsule3((gjk_real)3.76, tiny), b = gjk_rounded3(gjk_cylinder3((gjk_real)1.4, (gjk_real)2.72), (gjk_real)3.8);
    gjk_quat qa = {0, -4, -4, -4}, qb = {-4, -4, -4, -4};
    gjk_vec3 ca = gjk_v3((gjk_real)-3.76, (gjk_real)-3.36, (gjk_real)-2.72);
    gjk_pair3 p = {&a, gjk_pose3_make(ca, qa), &b, gjk_pose3_make(gjk_v3(-4, -4, -4), qb)};
    double core = hypot(hypot(0.64, 1.28) - 1.4, 0);
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    EXPECT_NEAR(r.distance, core - 3.76 - 3.8, TU(1e-6));
    /* The contact point on the sphere is on its surface, along the normal from its centre. */
    gjk_vec3 off = gjk_sub3(r.point_a, ca);
    EXPECT_NEAR(gjk_len3(off), 3.76, TU(1e-9));
    EXPECT_NEAR(gjk_dot3(off, r.normal), 3.76, TU(1e-9));
}

/* Found by fuzz/fuzz_query.c (seed fuzz/corpus/fuzz_query/regression_curved_stall): a sliver triangle 1.5 long whose
   short edge (1e-5) touches the rim of a cylinder 1e5 times smaller (radius and half height 5.5e-6): the edge
   passes exactly through the rim point (5.5e-6, 0, 5.5e-6), so the distance is 0. The triangle's face is nearly
   parallel to GJK's direction, so each support offers its far vertex, which cannot bring v closer, while the
   closest point would have to creep along the rim: GJK stops when rounding hides its progress, 1.6e-7 short
   (1e-7 of the pair's size; docs/numerics.md, "Scale range"). This pins that bound and the agreement of the queries within
   it: intersect says touching. */
static void test_regression_curved_stall(void **st) {
    (void)st;
    gjk_real e = (gjk_real)5.5e-6;
    gjk_shape3 a = gjk_triangle3(gjk_v3((gjk_real)-1.52, (gjk_real)1.12, (gjk_real)1.36),
                                 gjk_v3(e, (gjk_real)-5.0625e-6, e), gjk_v3(e, e, e));
    gjk_shape3 b = gjk_cylinder3(e, e);
    gjk_quat q = {e, e, e, e};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(e, e, e), q), &b, gjk_pose3_make(gjk_v3(e, e, e), q)};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status == GJK_OK || (GJK_USE_FLOAT && r.status == GJK_DEGENERATE)); /* float: EPA's estimate */
    double size = 1.52;
    assert_true(fabs(r.distance) <= (GJK_USE_FLOAT ? 1e-3 : 1e-6) * size);
    gjk_result3 in = gjk_intersect3(&p, NULL);
    assert_int_equal(in.status, GJK_OK);
    assert_true(in.intersect);
    gjk_result3 d = gjk_distance3(&p, NULL);
    assert_true(d.distance >= 0 && d.distance <= (GJK_USE_FLOAT ? 1e-3 : 1e-6) * size);
}

/* Found by fuzz/fuzz_query.c in float (seed regression_tiny_normal): a point at the centre of a capsule whose half
   height is 2.2e-23, rounded by 4. The normal comes from the capsule's axis, whose squared length (4.9e-46)
   underflowed to a subnormal in float: normalising it gave a "unit" normal of length 1.18, and a contact point
   1.45 off the capsule. gjk_normalize3 now rescales a vector whose squares underflow. In double the same happens
   below 1e-154: the test uses a half height that underflows in each precision. */
static void test_regression_tiny_normal(void **st) {
    (void)st;
    gjk_real h = GJK_USE_FLOAT ? (gjk_real)2.2129345e-23 : (gjk_real)1e-160;
    gjk_shape3 a = gjk_point3(), b = gjk_rounded3(gjk_capsule3((gjk_real)3.96, h), 4);
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(-4, -4, -4), q), &b, gjk_pose3_make(gjk_v3(-4, -4, -4), q)};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    EXPECT_NEAR(r.distance, -7.96, TU(1e-12));
    EXPECT_NEAR(gjk_len3(r.normal), 1, TU(1e-14));
    /* Both contact points on the capsule's axis line through the point, 7.96 apart along the normal. */
    EXPECT_NEAR(gjk_len3(gjk_sub3(r.point_a, gjk_v3(-4, -4, -4))), 0, TU(1e-12));
    EXPECT_NEAR(gjk_len3(gjk_sub3(r.point_b, gjk_v3(-4, -4, -4))), 7.96, TU(1e-12));
    gjk_vec2 d = gjk_normalize2(gjk_v2(h, h));
    EXPECT_NEAR(gjk_len2(d), 1, TU(1e-14));
}

/* Found by fuzz/fuzz_query.c (seed regression_tiny_gap): two points 3.2e-277 apart (float 3e-25). Squared lengths of
   that size underflow; the queries rescale such a pair by a power of two first (docs/numerics.md, "Scale range"), so
   the gap is resolved exactly: apart by |z|, the points where the shapes stand, the normal along +z. */
static void test_regression_tiny_gap(void **st) {
    (void)st;
    gjk_real z = GJK_USE_FLOAT ? (gjk_real)-3e-25 : (gjk_real)-3.1767923946021877e-277;
    gjk_shape3 a = gjk_point3();
    gjk_quat qa = {0, (gjk_real)0.72, 0, (gjk_real)0.48}, qb = {-4, -4, -4, -4};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(0, 0, z), qa), &a, gjk_pose3_make(gjk_v3(0, 0, 0), qb)};
    gjk_result3 r[4] = {gjk_signed_distance3(&p, NULL), gjk_distance3(&p, NULL), gjk_penetration3(&p, NULL),
                        gjk_intersect3(&p, NULL)};
    for (int k = 0; k < 4; ++k) {
        assert_int_equal(r[k].status, GJK_OK);
        assert_false(r[k].intersect);
        assert_true(r[k].distance == -z);
        assert_true(r[k].normal.x == 0 && r[k].normal.y == 0 && r[k].normal.z == 1);
    }
    for (int k = 0; k < 2; ++k) assert_true(r[k].point_a.z == z && r[k].point_b.z == 0);
}

/* Found by fuzz/fuzz_query.c (seed regression_segment_box_corner): a capsule's segment passing exactly through a
   corner of a box turned 180 degrees about its diagonal, touching it there without entering. The capsule-box
   closed form saw the true depth, 0, on a cross axis (box edge x segment), but the two edges meet at the box
   edge's end, not inside both, and the best face axis (depth 0.587) was taken as a tie: the depth was overstated
   and the capsule's contact point lay 0.39 off it. The qhull oracle on the 16 corner-endpoint differences gives
   depth 0; with a radius r the shapes overlap by r. */
static void test_regression_segment_box_corner(void **st) {
    (void)st;
    gjk_real radii[2] = {0, (gjk_real)0.1};
    for (int i = 0; i < 2; ++i) {
        gjk_shape3 a = gjk_box3(gjk_v3(4, 4, 4)), b = gjk_capsule3(radii[i], (gjk_real)1.76);
        gjk_quat qa = {0, -4, -4, -4}, qb = {-4, -4, -4, -4};
        gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(0, 0, 0), qa), &b, gjk_pose3_make(gjk_v3(-4, -4, -4), qb)};
        gjk_result3 r = gjk_signed_distance3(&p, NULL);
        assert_int_equal(r.status, GJK_OK);
        EXPECT_NEAR(r.distance, -radii[i], TU(1e-12));
        assert_true(r.intersect);
        /* The capsule's contact point is within its radius of its axis, the world x line y = z = -4. */
        EXPECT_NEAR(hypot(r.point_b.y + 4, r.point_b.z + 4), radii[i], TU(1e-12));
    }
}

/* Found by fuzz/fuzz_query.c in float (seed regression_sliver_face_witness): two spiky hulls (vertices 1e5 and 6e4
   from the rest) overlapping at one pose. EPA's final face was a sliver 1.6e5 long and 7 wide, and the origin's
   projection fell just outside it; clamping the raw barycentric coordinates and rescaling them slid the contact
   points 1.2e4 along the sliver, off both hulls. The face's closest point to the projection (Ericson 5.1.5) stays
   on it. Checked: each contact point is within rounding of its hull (a point shape there is at distance ~0). */
#define R_(x) ((gjk_real)(x))
static void test_regression_sliver_face_witness(void **st) {
    (void)st;
    static const gjk_vec3 A[] = {{R_(-1.2799999713897705), R_(-1.2799999713897705), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-1.2799999713897705), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-4), R_(-3.9200000762939453)}, {R_(-100000), R_(0.47999998927116394), R_(0.47999998927116394)}, {R_(3.0399999618530273), R_(-2.559999942779541), R_(-3.880000114440918)}, {R_(0), R_(-2.880000114440918), R_(-4)}, {R_(1.1200000047683716), R_(-3.5999999046325684), R_(-2.7200000286102295)}, {R_(-4), R_(1.0800000429153442), R_(0)}, {R_(0), R_(0.47999998927116394), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-0.800000011920929), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-1.2799999713897705), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(1.4800000190734863), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-2.0799999237060547)}};
    static const gjk_vec3 B[] = {{R_(-1.2799999713897705), R_(-1.2799999713897705), R_(0)}, {R_(-3.9200000762939453), R_(-1.9600000381469727), R_(0.1599999964237213)}, {R_(-4), R_(-3.799999952316284), R_(2.759999990463257)}, {R_(0), R_(-3.759999990463257), R_(-0.5600000023841858)}, {R_(-3.9600000381469727), R_(-2.119999885559082), R_(-3.4000000953674316)}, {R_(0), R_(-3.9200000762939453), R_(-1.9600000381469727)}, {R_(0.1599999964237213), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-0.800000011920929), R_(1.7599999904632568)}, {R_(-3.880000114440918), R_(-3.9600000381469727), R_(-3.799999952316284)}, {R_(-3.759999990463257), R_(-0.800000011920929), R_(6.125000072643161e-05)}, {R_(61250), R_(61250), R_(61250)}, {R_(61250), R_(0), R_(-3.9200000762939453)}, {R_(-0.1599999964237213), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-3.680000066757202), R_(-4)}, {R_(-4), R_(-4), R_(-4)}, {R_(-4), R_(-1.2799999713897705), R_(-1.2799999713897705)}, {R_(-1.2799999713897705), R_(-1.2799999713897705), R_(-1.2799999713897705)}, {R_(-4), R_(-4), R_(-4)}};
    gjk_hull3 *ha = gjk_hull3_create(A, (int)(sizeof A / sizeof A[0]), NULL);
    gjk_hull3 *hb = gjk_hull3_create(B, (int)(sizeof B / sizeof B[0]), NULL);
    assert_non_null(ha);
    assert_non_null(hb);
    gjk_shape3 a = gjk_hull_shape3(ha), b = gjk_hull_shape3(hb), pt = gjk_point3();
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pose3 pose = gjk_pose3_make(gjk_v3(-4, -4, -4), q);
    gjk_pair3 p = {&a, pose, &b, pose};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    assert_true(r.intersect);
    double size = 1.6e5, tol = GJK_USE_FLOAT ? 1e-4 * size : 1e-12 * size;
    gjk_pair3 on_a = {&a, pose, &pt, gjk_pose3_make(r.point_a, gjk_quat_identity())};
    gjk_pair3 on_b = {&b, pose, &pt, gjk_pose3_make(r.point_b, gjk_quat_identity())};
    assert_true(gjk_distance3(&on_a, NULL).distance <= tol);
    assert_true(gjk_distance3(&on_b, NULL).distance <= tol);
    gjk_hull3_destroy(ha);
    gjk_hull3_destroy(hb);
}
#undef R_

/* Found by fuzz/fuzz_query.c in float (seed regression_nonconvex_face): a cylinder 61250 wide and tall around a
   spiky hull (vertices 6e4 out) at the same pose. Rounding left EPA's polytope non-convex: it ended on a cap face
   whose plane lay 1.5 inside D's support there and whose projection of the origin fell 6e4 outside it, so its
   contact points were 6e4 off the hull. Such a face now hands over to D's support along its normal: an upper
   bound of the depth (here the exact 61247.52, from the cap at 61250 and the hull's top at -2.48), B's support
   point, and that point carried onto A's supporting plane. */
#define R_(x) ((gjk_real)(x))
static void test_regression_nonconvex_face(void **st) {
    (void)st;
    static const gjk_vec3 B[] = {
        {R_(-2.4800000190734863), R_(-2.4800000190734863), R_(-2.4800000190734863)},
        {R_(-2.4800000190734863), R_(-2.4800000190734863), R_(-2.4800000190734863)},
        {R_(-2.4800000190734863), R_(-58125.0), R_(-4.0)},
        {R_(-4.0), R_(-2.4000000953674316), R_(-4.0)},
        {R_(-3.9200000762939453), R_(-4.0), R_(-3.9600000381469727)},
        {R_(-3.9200000762939453), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(61250.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-4.0), R_(-4.0)}};
    gjk_hull3 *hb = gjk_hull3_create(B, (int)(sizeof B / sizeof B[0]), NULL);
    assert_non_null(hb);
    gjk_shape3 a = gjk_cylinder3(61250, 61250), b = gjk_hull_shape3(hb), pt = gjk_point3();
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pose3 pose = gjk_pose3_make(gjk_v3(-4, -4, -4), q);
    gjk_pair3 p = {&a, pose, &b, pose};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status == GJK_OK || r.status == GJK_DEGENERATE);
    double size = 1.2e5, tol = GJK_USE_FLOAT ? 1e-4 * size : 1e-9 * size;
    EXPECT_NEAR(r.distance, -61247.52, tol);
    gjk_pair3 on_a = {&a, pose, &pt, gjk_pose3_make(r.point_a, gjk_quat_identity())};
    gjk_pair3 on_b = {&b, pose, &pt, gjk_pose3_make(r.point_b, gjk_quat_identity())};
    assert_true(gjk_distance3(&on_a, NULL).distance <= tol);
    assert_true(gjk_distance3(&on_b, NULL).distance <= tol);
    gjk_hull3_destroy(hb);
}
#undef R_

/* Found by fuzz/fuzz_query.c (seed regression_subnormal_normal): a one-point hull 5.8e-157 from a point. GJK's
   normal was v / |v| with |v|^2 subnormal, so |v| was inexact and the normal not unit; it now goes through
   gjk_normalize3, which rescales such vectors. (In float the gap is below resolution: touching.) */
static void test_regression_subnormal_normal(void **st) {
    (void)st;
    gjk_vec3 one = {(gjk_real)5.7560578430367798e-157, (gjk_real)2.4807386400754385e-265, 0};
    gjk_hull3 *h = gjk_hull3_create(&one, 1, NULL);
    assert_non_null(h);
    gjk_shape3 a = gjk_hull_shape3(h), b = gjk_point3();
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pair3 p = {&a, gjk_pose3_make(gjk_v3(-4, -4, -4), q), &b, gjk_pose3_make(gjk_v3(-4, -4, -4), q)};
    gjk_result3 r[2] = {gjk_signed_distance3(&p, NULL), gjk_distance3(&p, NULL)};
    for (int k = 0; k < 2; ++k) {
        assert_int_equal(r[k].status, GJK_OK);
        double n = gjk_len3(r[k].normal);
        assert_true(n == 0 || fabs(n - 1) <= TU(1e-14));
    }
    gjk_hull3_destroy(h);
}

/* Found by fuzz/fuzz_query.c in float (seed regression_long_cylinder_contact): a cylinder 1.4e4 long lying across
   a hull of size 8. EPA's polytope ended on a face that missed the origin's projection, and the fallback took B's
   support point along the normal as the contact, but along the cylinder's side that support is a whole line and
   the point an arbitrary end, 6e3 from the hull. The contact is now anchored on the support point nearer the
   face's own witness on its shape (here the hull's vertex). Checked: both contact points lie on their shapes
   within tolerance. */
#define R_(x) ((gjk_real)(x))
static void test_regression_long_cylinder_contact(void **st) {
    (void)st;
    static const gjk_vec3 A[] = {
        {R_(3.240000009536743), R_(-2.200000047683716), R_(-3.880000114440918)},
        {R_(-0.0), R_(-3.9600000381469727), R_(-0.1599999964237213)},
        {R_(-3.759999990463257), R_(-0.03999999910593033), R_(2.4000000953674316)},
        {R_(3.0399999618530273), R_(3.0399999618530273), R_(-3.359999895095825)},
        {R_(-3.240000009536743), R_(-4.0), R_(-4.0)},
        {R_(-4.0), R_(-0.0003000000142492354), R_(1.1200000047683716)},
        {R_(1.7599999904632568), R_(0.47999998927116394), R_(2.4000000953674316)},
        {R_(-4.0), R_(0.7599999904632568), R_(0.7599999904632568)},
        {R_(0.47999998927116394), R_(1.0399999618530273), R_(-3.9600000381469727)},
        {R_(-3.799999952316284), R_(-3.759999990463257), R_(2.4000000953674316)},
        {R_(3.0399999618530273), R_(-3.759999990463257), R_(-3.359999895095825)},
        {R_(-2.7200000286102295), R_(3.0799999237060547), R_(-1.440000057220459)},
        {R_(-0.800000011920929), R_(1.7200000286102295), R_(3.240000009536743)},
        {R_(-3.359999895095825), R_(1.7599999904632568), R_(-3.880000114440918)},
        {R_(3.0399999618530273), R_(-4.0), R_(-2.5199999809265137)},
        {R_(3.680000066757202), R_(0.7599999904632568), R_(-3.880000114440918)},
        {R_(-0.2800000011920929), R_(2.759999990463257), R_(-3.0399999618530273)},
        {R_(1.0), R_(-3.9600000381469727), R_(-3.799999952316284)},
        {R_(-3.759999990463257), R_(2.4000000953674316), R_(3.0399999618530273)},
        {R_(-3.759999990463257), R_(-2.7200000286102295), R_(-0.800000011920929)},
        {R_(-3.359999895095825), R_(3.0799999237060547), R_(-1.440000057220459)},
        {R_(3.240000009536743), R_(1.7200000286102295), R_(-3.880000114440918)},
        {R_(-3.359999895095825), R_(-3.9600000381469727), R_(-0.1599999964237213)},
        {R_(-3.759999990463257), R_(-0.03999999910593033), R_(2.4000000953674316)}};
    gjk_hull3 *ha = gjk_hull3_create(A, (int)(sizeof A / sizeof A[0]), NULL);
    assert_non_null(ha);
    gjk_shape3 a = gjk_hull_shape3(ha), b = gjk_cylinder3(R_(3.36), R_(6812.5)), pt = gjk_point3();
    gjk_quat qa = {R_(1.12), R_(1.76), R_(0.48), R_(1.04)}, qb = {R_(2.4), R_(3.04), R_(-3.76), R_(-3.36)};
    gjk_pose3 pa = gjk_pose3_make(gjk_v3(-4, -4, R_(-0.0003)), qa), pb = gjk_pose3_make(gjk_v3(R_(-3.96), R_(-3.8), R_(-3.76)), qb);
    gjk_pair3 p = {&a, pa, &b, pb};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.status == GJK_OK || r.status == GJK_DEGENERATE);
    assert_true(r.intersect);
    double size = 1.4e4, tol = GJK_USE_FLOAT ? 1e-3 * size : 1e-9 * size;
    gjk_pair3 on_a = {&a, pa, &pt, gjk_pose3_make(r.point_a, gjk_quat_identity())};
    gjk_pair3 on_b = {&b, pb, &pt, gjk_pose3_make(r.point_b, gjk_quat_identity())};
    assert_true(gjk_distance3(&on_a, NULL).distance <= tol);
    assert_true(gjk_distance3(&on_b, NULL).distance <= tol);
    gjk_hull3_destroy(ha);
}
#undef R_

/* Found by fuzz/fuzz_query.c in float (fuzz/findings/float_fallback_spike_witness, now seed
   regression_spike_witness): a spiky hull (vertices 6e4 and 8e4 out) and a short segment hull at one pose, 8e-5
   apart. EPA's polytope, its face planes rounded in float, came out non-convex and ended on a face that missed the
   origin's projection; the support-point fallback then put point_a on a spike tip 8e4 away. EPA now computes its
   planes in double from the float vertices (src/dvec3.h), the polytope stays convex and the face holds the
   projection. */
#define R_(x) ((gjk_real)(x))
static void test_regression_spike_witness(void **st) {
    (void)st;
    static const gjk_vec3 A[] = {{R_(-3.9600000381469727), R_(3.6800000667572021), R_(2.5999999046325684)},
                                 {R_(61250), R_(-79375), R_(-4)},
                                 {R_(-4), R_(-4), R_(-4)},
                                 {R_(-4), R_(-4), R_(-4)},
                                 {R_(-80000), R_(-3.5999999046325684), R_(-2.0799999237060547)},
                                 {R_(-4), R_(-3.880000114440918), R_(0.47999998927116394)},
                                 {R_(-0.47999998927116394), R_(-4), R_(-4)}};
    static const gjk_vec3 B[] = {{R_(-0.47999998927116394), R_(-0.47999998927116394), R_(-4)}, {R_(-4), R_(-4), R_(-4)}};
    gjk_hull3 *ha = gjk_hull3_create(A, 7, NULL), *hb = gjk_hull3_create(B, 2, NULL);
    assert_non_null(ha);
    assert_non_null(hb);
    gjk_shape3 a = gjk_hull_shape3(ha), b = gjk_hull_shape3(hb);
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pose3 pose = gjk_pose3_make(gjk_v3(-4, -4, -4), q);
    gjk_pair3 p = {&a, pose, &b, pose};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    double size = 1.6e5, tol = GJK_USE_FLOAT ? 1e-4 * size : 1e-12 * size;
    assert_true(off_shape(&a, pose, r.point_a) <= tol);
    assert_true(off_shape(&b, pose, r.point_b) <= tol);
    /* the answer and the boolean query agree on the side, up to the float tolerance */
    assert_true(gjk_intersect3(&p, NULL).intersect || r.distance > -tol);
    gjk_hull3_destroy(ha);
    gjk_hull3_destroy(hb);
}

/* Found by fuzz/fuzz_query.c in float (seed regression_needle_disc): a needle cylinder 1.1e5 long through a disc
   cylinder 1250 across. The non-convex-face fallback anchored the contact on the needle's end, 3.7e4 off the disc.
   With EPA's planes in double no fallback is needed. */
static void test_regression_needle_disc(void **st) {
    (void)st;
    gjk_shape3 a = gjk_cylinder3(R_(1.0800000429153442), 56250), b = gjk_cylinder3(625, R_(2.119999885559082));
    gjk_quat qa = {R_(-2.7200000286102295), R_(-0.80000001192092896), R_(-2.3599998950958252), R_(-3.880000114440918)};
    gjk_quat qb = {-4, -4, -4, -4};
    gjk_pose3 pa = gjk_pose3_make(gjk_v3(-4, R_(-3.880000114440918), R_(0.47999998927116394)), qa);
    gjk_pose3 pb = gjk_pose3_make(gjk_v3(R_(0.47999998927116394), -4, -4), qb);
    gjk_pair3 p = {&a, pa, &b, pb};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.intersect);
    /* curved cores: EPA stops at a relative gap (1e-9 double, 1e-5 float) of the size */
    double size = 1.1e5;
    check_contact(&a, pa, &b, pb, r, GJK_USE_FLOAT ? 1e-4 * size : 1e-8 * size);
}

/* Found by the CI fuzz smoke in float: a cylinder 1.2e5 long and 2.48 thick along a spiky hull (a vertex 7.75e4
   out) at one pose. Same cause as test_regression_spike_witness: rounded float planes, a non-convex polytope, and
   the fallback's contact point on the hull 6e4 off it. */
static void test_regression_cylinder_spike(void **st) {
    (void)st;
    static const gjk_vec3 B[] = {{R_(-2.4800000190734863), R_(-2.4800000190734863), R_(-2.7200000286102295)},
                                 {R_(-2.4800000190734863), R_(-3.9600000381469727), R_(-4)},
                                 {R_(-4), R_(2.9600000381469727), R_(-77500)},
                                 {R_(-4), R_(-2.5999999046325684), R_(-4)},
                                 {R_(-4), R_(-4), R_(-4)},
                                 {R_(-4), R_(-4), R_(-2.7200000286102295)},
                                 {R_(-2.7999999523162842), R_(1.3600000143051147), R_(-4)},
                                 {R_(0), R_(-4), R_(-4)}};
    gjk_hull3 *hb = gjk_hull3_create(B, 8, NULL);
    assert_non_null(hb);
    gjk_shape3 a = gjk_cylinder3(R_(2.4800000190734863), 61250), b = gjk_hull_shape3(hb);
    gjk_quat q = {-4, -4, -4, -4};
    gjk_pose3 pose = gjk_pose3_make(gjk_v3(-4, -4, -4), q);
    gjk_pair3 p = {&a, pose, &b, pose};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_true(r.intersect);
    double size = 1.2e5;
    check_contact(&a, pose, &b, pose, r, GJK_USE_FLOAT ? 1e-4 * size : 1e-8 * size);
    gjk_hull3_destroy(hb);
}
#undef R_

/* Found by the CI fuzz smoke (double): a capsule of radius 1.3e-317 (a segment, 8 long) through the middle of a
   cylinder of radius and half height 1.36, crossing its axis at right angles. Two directions tie for the depth,
   1.36 (along the cylinder's axis and across it). EPA ended on a sliver face along the cap's rim, whose plane
   (through points a rounding apart across) came out 1e-12 nearer than the cap's faces that hold the origin's
   projection; the coplanar-face choice allowed only 1e-12 of difference, so the sliver stood, its projection 1.36
   outside it, and the support fallback put the segment's contact point 1.36 off the segment. The choice now allows
   EPA's convergence tolerance. Exact answer: depth 1.36, contact points on their shapes. */
static void test_regression_rim_sliver(void **st) {
    (void)st;
    const double radii[3] = {1.2964277606217851e-317, 0, 1e-3};
    for (int k = 0; k < 3; ++k) {
        gjk_shape3 a = gjk_capsule3((gjk_real)radii[k], 4), b = gjk_cylinder3((gjk_real)1.36, (gjk_real)1.36);
        /* The fuzz input's rotation, as it was in double. Float refuses it (the square of its squared length
           overflows), so there it is normalised first. */
        const double w = -4, x = -1.36, y = 562949953421311.94, z = -1.36;
        const double l = GJK_USE_FLOAT ? sqrt(w * w + x * x + y * y + z * z) : 1;
        gjk_quat qa = {(gjk_real)(w / l), (gjk_real)(x / l), (gjk_real)(y / l), (gjk_real)(z / l)};
        gjk_quat qb = {(gjk_real)-1.36, (gjk_real)-1.36, (gjk_real)-1.36, (gjk_real)-1.36};
        gjk_vec3 c = gjk_v3((gjk_real)-1.36, (gjk_real)-1.36, (gjk_real)-1.36);
        gjk_pose3 pa = gjk_pose3_make(c, qa), pb = gjk_pose3_make(c, qb);
        gjk_pair3 p = {&a, pa, &b, pb};
        gjk_result3 r = gjk_signed_distance3(&p, NULL);
        assert_true(r.intersect);
        EXPECT_NEAR(r.distance, -(1.36 + radii[k]), TU(1e-8));
        check_contact(&a, pa, &b, pb, r, TU(1e-8));
    }
}

/* Found by the smoke fuzz (double): a triangle 2.3 long and a three-point hull (a sliver triangle) sharing a
   vertex, so their distance is 0. GJK's tetrahedron was 2 long and 1e-5 wide; its closest point improved on the
   triangle's by less than rounding, and GJK stopped ("no progress") at 6.7e-7, with its own lower bound at 0 (a
   wide duality gap). It now takes a few more steps while the gap stays wide, and reaches 0. */
static void test_regression_sliver_stall(void **st) {
    (void)st;
    const gjk_real e = (gjk_real)5.4999999999999999e-06;
    gjk_vec3 pts[3] = {{e, e, e}, {(gjk_real)4.5000000000000001e-06, e, e}, {e, e, (gjk_real)-2.3199999999999998}};
    gjk_hull3 *h = gjk_hull3_create(pts, 3, NULL);
    assert_non_null(h);
    gjk_shape3 a = gjk_triangle3(gjk_v3((gjk_real)-1.52, (gjk_real)1.12, (gjk_real)1.36),
                                 gjk_v3(e, (gjk_real)-5.0624999999999994e-06, e), gjk_v3(e, e, e));
    gjk_shape3 b = gjk_hull_shape3(h);
    gjk_quat q = {e, e, e, e};
    gjk_pose3 pose = gjk_pose3_make(gjk_v3(e, e, e), q);
    gjk_pair3 p = {&a, pose, &b, pose};
    gjk_result3 d = gjk_distance3(&p, NULL), s = gjk_signed_distance3(&p, NULL);
    assert_int_equal(d.status, GJK_OK);
    EXPECT_NEAR(d.distance, 0, TU(1e-15));
    EXPECT_NEAR(s.distance, 0, TU(1e-15));
    assert_true(gjk_intersect3(&p, NULL).intersect);
    gjk_hull3_destroy(h);
}

/* Found by the reproducible fuzz smoke (double): two points 2.3e-142 apart, A rotated. The point-point closed form
   normalised B's offset only when its squared length was above DBL_MIN / eps^2 (4.5e-277) and otherwise answered
   A's +x axis, so the normal was perpendicular to the offset and the contact points beside the points. Now
   gjk_normalize3 rescales such offsets; segments get the same treatment. Exact answer: the distance, the normal
   along the offset, the contact points at the centres. (In float the offset is below resolution: touching.) */
static void test_regression_tiny_centres(void **st) {
    (void)st;
    const double z = 2.3090157314446403e-142;
    gjk_shape3 shapes[3] = {gjk_point3(), gjk_capsule3(0, 0), gjk_segment3(gjk_v3(0, 0, 0), gjk_v3(0, 0, 0))};
    gjk_quat qa = {0, (gjk_real)-0.56, 0, (gjk_real)0.48}, qb = {-4, -4, -4, -4};
    gjk_pose3 pa = gjk_pose3_make(gjk_v3(0, 0, (gjk_real)z), qa), pb = gjk_pose3_make(gjk_v3(0, 0, 0), qb);
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            gjk_pair3 p = {&shapes[i], pa, &shapes[j], pb};
            gjk_result3 r = gjk_signed_distance3(&p, NULL);
            assert_int_equal(r.status, GJK_OK);
            if (GJK_USE_FLOAT) {
                assert_true(r.distance == 0);
                continue;
            }
            EXPECT_NEAR(r.distance / z, 1, 1e-15);
            EXPECT_NEAR(r.normal.z, -1, 1e-15);
            EXPECT_NEAR(r.point_a.z / z, 1, 1e-15);
            assert_true(fabs(r.point_a.x) <= 1e-15 * z && fabs(r.point_a.y) <= 1e-15 * z);
            assert_true(gjk_len3(r.point_b) <= 1e-15 * z);
        }
    }
    /* a point beside a segment's middle and beside its end, all as tiny (a gap of 2.3e-142 beside coordinates of
       size 1 would be below the problem's resolution): the same in segment_segment */
    gjk_shape3 seg = gjk_capsule3(0, (gjk_real)1e-141), pt = gjk_point3();
    const gjk_vec3 at[2] = {{(gjk_real)z, 0, (gjk_real)0.5e-141}, {(gjk_real)z, 0, (gjk_real)1e-141}};
    for (int k = 0; k < 2; ++k) {
        gjk_pair3 p = {&seg, gjk_pose3_identity(), &pt, gjk_pose3_make(at[k], gjk_quat_identity())};
        gjk_result3 r = gjk_signed_distance3(&p, NULL);
        assert_int_equal(r.status, GJK_OK);
        if (GJK_USE_FLOAT) continue;
        EXPECT_NEAR(r.distance / z, 1, 1e-15);
        EXPECT_NEAR(r.normal.x, 1, 1e-15);
    }
}

/* Found by the reproducible fuzz smoke (double): a box corner 2.3e-6 from a needle cylinder (radius 5.5e-6, 5 long)
   rounded by 5.5e-6. GJK ended on a sliver triangle (two vertices 5e-12 apart, the third 4 away) whose barycentric
   coordinates, sub-areas over the whole area, summed to 1 + 8.8e-7: the box corner, A's point in all three
   vertices, came out scaled by that, 3.5e-6 off the box. The coordinates are now divided by their own sum. Exact
   answer: the corner, and the distance from it to the cylinder's axis less the radius and the margin. */
static void test_regression_lambda_sum(void **st) {
    (void)st;
    const double e = 5.4999999999999999e-06;
    gjk_shape3 a = gjk_box3(gjk_v3(4, 4, 4)), b = gjk_rounded3(gjk_cylinder3((gjk_real)e, (gjk_real)2.48), (gjk_real)e);
    gjk_quat qa = {(gjk_real)-1.75e-06, -4, -4, -4}, qb = {-4, -4, -4, -4};
    gjk_pose3 pa = gjk_pose3_make(gjk_v3((gjk_real)e, (gjk_real)e, (gjk_real)e), qa);
    gjk_pose3 pb = gjk_pose3_make(gjk_v3(-4, -4, -4), qb);
    gjk_pair3 p = {&a, pa, &b, pb};
    gjk_result3 r = gjk_signed_distance3(&p, NULL);
    assert_int_equal(r.status, GJK_OK);
    /* the box's corner on the rotation axis (1, 1, 1), 4 - e from the cylinder's axis (world x through -4, -4) */
    double corner = -4 + e;
    EXPECT_NEAR(r.distance, sqrt(2.0) * e - 2 * e, TU(1e-15));
    EXPECT_NEAR(r.point_a.x, corner, TU(1e-15));
    EXPECT_NEAR(r.point_a.y, corner, TU(1e-15));
    EXPECT_NEAR(r.point_a.z, corner, TU(1e-15));
}

/* Found by fuzz/fuzz_query.c in float (seed regression_huge_direction): a hull and an ellipsoid (radii 53750)
   overlapping by 7e3. The boolean GJK's search directions are cross products of points of D, 1e15 long here; the
   ellipsoid's support squared r * d, overflowed float, and answered the centre, so gjk_intersect3 claimed a
   separation by 2.6e4. The curved supports now scale such directions first. Checked: intersect agrees with the
   signed distance, and the supports of curved shapes along directions from 1e-160 to 1e160 times a unit one
   (float: 1e-20 to 1e20; radial parts 1e-20 of the axial one) are the unit direction's. */
#define R_(x) ((gjk_real)(x))
static void test_regression_huge_direction(void **st) {
    (void)st;
    static const gjk_vec3 P[] = {{R_(-2.4800000190734863), R_(0.63999998569488525), R_(1.1200000047683716)},
                                 {0, 0, 0},
                                 {53750, 53750, 53750},
                                 {-43125, 53750, 53750},
                                 {R_(5.375), 53750, 53750},
                                 {53750, R_(2.6400001049041748), 53750},
                                 {50625, -4, -4},
                                 {-4, -4, 53750},
                                 {0, R_(-0.56000000238418579), R_(-2.4800000190734863)}};
    gjk_hull3 *h = gjk_hull3_create(P, 9, NULL);
    assert_non_null(h);
    gjk_shape3 a = gjk_hull_shape3(h), b = gjk_ellipsoid3(gjk_v3(53750, 53750, 53750));
    gjk_quat qa = {53750, 53750, 53750, 53750}, qb = {53750, -79375, R_(-3.7999999523162842), R_(-3.3599998950958252)};
    gjk_pose3 pa = gjk_pose3_make(gjk_v3(53750, 53750, 53750), qa);
    gjk_pose3 pb = gjk_pose3_make(gjk_v3(53750, R_(-0.92000001668930054), 53750), qb);
    gjk_pair3 p = {&a, pa, &b, pb};
    gjk_result3 s = gjk_signed_distance3(&p, NULL), in = gjk_intersect3(&p, NULL);
    assert_true(s.distance < -6000);
    assert_true(s.intersect);
    assert_true(in.intersect);
    gjk_hull3_destroy(h);

    gjk_shape3 curved[4] = {gjk_ellipsoid3(gjk_v3(3, 2, 1)), gjk_cylinder3(2, 1), gjk_cone3(2, 1),
                            gjk_ellipsoid3(gjk_v3(R_(1e5), R_(2e5), R_(5e4)))};
    const gjk_vec3 dirs[3] = {{R_(0.6), R_(-0.48), R_(0.64)}, {R_(1e-20), 0, 1}, {0, R_(-1e-20), -1}};
    const double scales[5] = {GJK_USE_FLOAT ? 1e-20 : 1e-160, GJK_USE_FLOAT ? 1e-10 : 1e-30, 1,
                              GJK_USE_FLOAT ? 1e10 : 1e30, GJK_USE_FLOAT ? 1e20 : 1e160};
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 3; ++j) {
            gjk_vec3 want = gjk_core3_support(&curved[i], dirs[j]);
            for (int k = 0; k < 5; ++k) {
                gjk_vec3 got = gjk_core3_support(&curved[i], gjk_scale3(dirs[j], R_(scales[k])));
                assert_true(gjk_len3(gjk_sub3(got, want)) <= TU(1e-15) * 4 * gjk_len3(want));
            }
        }
    }
}
#undef R_

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_regression_box_edge_tie),
        cmocka_unit_test(test_regression_sliver_witness),
        cmocka_unit_test(test_regression_curved_stall),
        cmocka_unit_test(test_regression_tiny_normal),
        cmocka_unit_test(test_regression_tiny_gap),
        cmocka_unit_test(test_regression_segment_box_corner),
        cmocka_unit_test(test_regression_sliver_face_witness),
        cmocka_unit_test(test_regression_nonconvex_face),
        cmocka_unit_test(test_regression_subnormal_normal),
        cmocka_unit_test(test_regression_long_cylinder_contact),
        cmocka_unit_test(test_regression_spike_witness),
        cmocka_unit_test(test_regression_needle_disc),
        cmocka_unit_test(test_regression_cylinder_spike),
        cmocka_unit_test(test_regression_rim_sliver),
        cmocka_unit_test(test_regression_sliver_stall),
        cmocka_unit_test(test_regression_tiny_centres),
        cmocka_unit_test(test_regression_lambda_sum),
        cmocka_unit_test(test_regression_huge_direction),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
