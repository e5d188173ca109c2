// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shape casts of compound shapes (gjk_compound_cast3, gjk_compound_cast2) against brute force over every part pair:
   - translations: each pair cast by gjk_shape_cast3 / gjk_shape_cast2 at the parts' world poses with the compounds'
     motions, the answer chosen here by the documented order; the compound's answer must be the same pair's cast,
     bit for bit;
   - rotations: each pair cast with every part written here as a user shape about its compound's origin (the same
     arithmetic as the library's, so again bit for bit), and, independently of any cast, the signed distance over
     all part pairs sampled along the motion: above the target before t, within the tolerance of it at t;
   - the swept bound alone: the descent cut at a hit's t still reaches the pair (turning one-part compounds, and a
     bar whose end sweeps past a ball, where the arc bound decides);
   - pruning on grids of spheres and boxes and on a turning arm of 24 parts (far fewer pairs cast, the same
     answer), overlapped starts, misses, ties, far from the origin and absurd turning (failed casts: the answer is
     one pair's own cast, never after a hit), bad input, one-part compounds equal to the single cast, no
     allocation, determinism, the descent's fallback. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "compound_internal.h"
#include "internal2.h"
#include "internal3.h"

/* Rounding allowance of the sampled distances, relative to the scene's size; the casts' stopping tolerance. */
#if GJK_USE_FLOAT
#define CC_ROUND 2e-4
#define CC_TOL GJK_R(1e-3)
#else
#define CC_ROUND 1e-9
#define CC_TOL GJK_R(1e-7)
#endif

/* The documented order of answers: 0 overlapped and a hit, 1 a hit or FAILED (by t), 2 overlapped but separating,
   3 separated (no answer). */
static int cc_rank(gjk_cast_state state, bool hit) {
    if (state == GJK_CAST_SEPARATED) return 3;
    if (state == GJK_CAST_OVERLAPPED) return hit ? 0 : 2;
    return 1;
}

/* ================================================================================================================
   3D
   ================================================================================================================ */

typedef struct cc3 {
    gjk_compound3 *c;
    gjk_hull3 *hulls[64];
    int hull_count;
} cc3;

static void cc3_free(cc3 *t) {
    gjk_compound3_destroy(t->c);
    for (int i = 0; i < t->hull_count; ++i) gjk_hull3_destroy(t->hulls[i]);
    memset(t, 0, sizeof *t);
}

/* n (<= 64) random parts of every kind within `spread` of the origin at random rotations. */
static cc3 cc3_random(test_rng *r, int n, double spread) {
    cc3 t;
    gjk_shape3 shapes[64];
    gjk_pose3 poses[64];
    gjk_status st;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < n; ++i) {
        gjk_hull3 *h = NULL;
        shapes[i] = test_shape3(r, -1, &h);
        if (h) t.hulls[t.hull_count++] = h;
        poses[i] = gjk_pose3_make(test_vec3(r, -spread, spread), test_quat(r));
    }
    t.c = gjk_compound3_create(shapes, poses, n, &st);
    assert_int_equal(st, GJK_OK);
    return t;
}

/* The library's answer for one part pair, taken here by the documented order (pairs come in (a, b) order, so a
   tie keeps the first). */
typedef struct pick3 {
    int rank, a, b;
    double key;
    gjk_cast_result3 r;
    gjk_status worst;
    double first_hit; /* the least t of the pairs that HIT */
} pick3;

static void pick3_take(pick3 *p, int a, int b, const gjk_cast_result3 *r) {
    int rank = cc_rank(r->state, r->hit);
    double key = rank == 1 ? (double)r->t : (double)gjk_dot3(gjk_sub3(r->point_b, r->point_a), r->normal);
    if (r->status > p->worst) p->worst = r->status;
    if (r->state == GJK_CAST_HIT && r->t < p->first_hit) p->first_hit = r->t;
    if (rank == 3) return;
    if (rank < p->rank || (rank == p->rank && key < p->key)) {
        p->rank = rank, p->a = a, p->b = b, p->key = key, p->r = *r;
    }
}

/* A part as a user shape whose origin is its compound's: its core at the part's pose, rounded by its radius. */
typedef struct wrap3 {
    const gjk_shape3 *s;
    gjk_pose3 p;
} wrap3;
static gjk_vec3 wrap3_support(gjk_vec3 d, const void *data) {
    const wrap3 *w = (const wrap3 *)data;
    gjk_mat33 m = gjk_mat33_from_quat(w->p.rotation);
    return gjk_add3(w->p.position, gjk_mat33_mul(m, gjk_core3_support(w->s, gjk_mat33_tmul(m, d))));
}

/* Part i of c standing at `pose` for a pair cast: wrapped when its compound turns and its origin is not the
   compound's, else at its world pose. */
static const gjk_shape3 *cc3_part(const gjk_compound3 *c, int i, gjk_pose3 pose, bool turns, wrap3 *w,
                                  gjk_shape3 *ws, gjk_pose3 *out) {
    gjk_pose3 local;
    const gjk_shape3 *s = gjk_compound3_part(c, i, &local);
    if (!turns || gjk_len_sq3(local.position) == 0) {
        *out = gjk_compound3_part_pose(c, i, pose);
        return s;
    }
    w->s = s;
    w->p = local;
    *ws = gjk_rounded3(gjk_user3(wrap3_support, w), gjk_core3_radius(s));
    *out = pose;
    out->rotation = gjk_quat_normalize(pose.rotation);
    return ws;
}

/* The cast of part pair (i, j) as the compound cast makes it. */
static gjk_cast_result3 cast_pair3(const gjk_compound_cast_input3 *in, int i, int j) {
    bool ta = gjk_len_sq3(in->motion_a.rotation) > 0, tb = gjk_len_sq3(in->motion_b.rotation) > 0;
    gjk_cast_input3 c;
    wrap3 wa, wb;
    gjk_shape3 sa, sb;
    memset(&c, 0, sizeof c);
    c.pair.a = cc3_part(in->pair.a, i, in->pair.pose_a, ta, &wa, &sa, &c.pair.pose_a);
    c.pair.b = cc3_part(in->pair.b, j, in->pair.pose_b, tb, &wb, &sb, &c.pair.pose_b);
    c.motion_a = in->motion_a;
    c.motion_b = in->motion_b;
    c.target_distance = in->target_distance;
    c.tolerance = in->tolerance;
    c.ignore_separating = in->ignore_separating;
    return gjk_shape_cast3(&c);
}

static pick3 brute3(const gjk_compound_cast_input3 *in) {
    pick3 p;
    int na = gjk_compound3_part_count(in->pair.a), nb = gjk_compound3_part_count(in->pair.b);
    memset(&p, 0, sizeof p);
    p.rank = 3, p.a = p.b = -1, p.first_hit = 2;
    for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
            gjk_cast_result3 r = cast_pair3(in, i, j);
            assert_int_not_equal(r.status, GJK_INVALID_INPUT);
            pick3_take(&p, i, j, &r);
        }
    }
    return p;
}

static void same_cast3(const gjk_cast_result3 *x, const gjk_cast_result3 *y) {
    assert_int_equal(x->state, y->state);
    assert_int_equal(x->hit, y->hit);
    assert_int_equal(x->status, y->status);
    assert_int_equal(x->iterations, y->iterations);
    assert_true(x->t == y->t);
    assert_true(x->normal.x == y->normal.x && x->normal.y == y->normal.y && x->normal.z == y->normal.z);
    assert_true(x->point_a.x == y->point_a.x && x->point_a.y == y->point_a.y && x->point_a.z == y->point_a.z);
    assert_true(x->point_b.x == y->point_b.x && x->point_b.y == y->point_b.y && x->point_b.z == y->point_b.z);
}

/* The compound's cast equals brute force's choice; returns it. */
static gjk_compound_cast_result3 check_brute3(const gjk_compound_cast_input3 *in) {
    gjk_compound_cast_result3 r = gjk_compound_cast3(in);
    pick3 p = brute3(in);
    int total = gjk_compound3_part_count(in->pair.a) * gjk_compound3_part_count(in->pair.b);
    assert_int_not_equal(r.cast.status, GJK_INVALID_INPUT);
    assert_true(r.pairs_tested >= 0 && r.pairs_tested <= total);
    if (p.rank == 3) {
        assert_int_equal(r.part_a, -1);
        assert_int_equal(r.part_b, -1);
        assert_int_equal(r.cast.state, GJK_CAST_SEPARATED);
        assert_false(r.cast.hit);
        assert_true(r.cast.t == 1);
        assert_true(r.cast.normal.x == 0 && r.cast.normal.y == 0 && r.cast.normal.z == 0);
        return r;
    }
    if (p.r.state == GJK_CAST_FAILED || r.cast.state == GJK_CAST_FAILED) {
        /* A failed pair's t is only safe, not a contact: pairs ruled out by their boxes before the answer's t are
           not cast, so the answer may be another failed pair or a later hit. It is still one pair's own cast and
           never late. */
        gjk_cast_result3 own = cast_pair3(in, r.part_a, r.part_b);
        assert_int_equal(p.rank, 1);
        assert_true(r.cast.state == GJK_CAST_FAILED || r.cast.state == GJK_CAST_HIT);
        assert_true(r.cast.t <= p.first_hit);
        same_cast3(&r.cast, &own);
        return r;
    }
    if (r.part_a != p.a || r.part_b != p.b)
        fail_msg("pair (%d, %d) state %d t %.17g, brute force (%d, %d) state %d t %.17g", r.part_a, r.part_b,
                 (int)r.cast.state, (double)r.cast.t, p.a, p.b, (int)p.r.state, (double)p.r.t);
    same_cast3(&r.cast, &p.r);
    return r;
}

/* The compound's pose at time t of its motion (world-frame rotation vector, about its origin). */
static gjk_pose3 cc3_pose_at(gjk_pose3 p, const gjk_motion3 *m, double t) {
    gjk_real angle = (gjk_real)(gjk_len3(m->rotation) * t);
    p.position = gjk_mad3(p.position, (gjk_real)t, m->translation);
    p.rotation = gjk_quat_mul(gjk_quat_from_axis_angle(m->rotation, angle), gjk_quat_normalize(p.rotation));
    return p;
}

/* The least signed distance over every part pair at time t. */
static double cc3_distance_at(const gjk_compound_cast_input3 *in, double t) {
    gjk_pose3 pa = cc3_pose_at(in->pair.pose_a, &in->motion_a, t), pb = cc3_pose_at(in->pair.pose_b, &in->motion_b, t);
    int na = gjk_compound3_part_count(in->pair.a), nb = gjk_compound3_part_count(in->pair.b);
    double best = 1e300;
    for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
            gjk_pair3 q;
            q.a = gjk_compound3_part(in->pair.a, i, NULL);
            q.pose_a = gjk_compound3_part_pose(in->pair.a, i, pa);
            q.b = gjk_compound3_part(in->pair.b, j, NULL);
            q.pose_b = gjk_compound3_part_pose(in->pair.b, j, pb);
            gjk_result3 r = gjk_signed_distance3(&q, NULL);
            if (r.distance < best) best = r.distance;
        }
    }
    return best;
}

/* Independent of the casts: the compounds stay farther apart than the target at 64 times before t (and just
   before it), and come within the tolerance of it at t (hit) or stay apart all the way (separated). */
static void check_samples3(const gjk_compound_cast_input3 *in, const gjk_compound_cast_result3 *r, double scale) {
    double eps = CC_ROUND * scale, tol = (double)in->tolerance, target = (double)in->target_distance;
    double t = (double)r->cast.t;
    if (r->cast.state == GJK_CAST_OVERLAPPED) {
        assert_true(cc3_distance_at(in, 0) <= target + tol + eps);
        return;
    }
    for (int k = 0; k <= 64; ++k) {
        double s = k < 64 ? t * k / 64.0 : t * (1 - 1e-6);
        if (r->cast.state == GJK_CAST_SEPARATED) s = k / 64.0;
        double d = cc3_distance_at(in, s);
        if (!(d > target - eps))
            fail_msg("state %d t %.17g: distance %.17g at %.17g, target %.17g", (int)r->cast.state, t, d, s, target);
    }
    if (r->cast.state == GJK_CAST_HIT) {
        double d = cc3_distance_at(in, t);
        if (!(d <= target + tol + eps)) fail_msg("hit at %.17g: distance %.17g, target %.17g", t, d, target);
    }
}

/* B aimed at A from 3 to 10 away, A drifting; both compounds of 1 to 12 parts (now and then 40). */
static gjk_compound_cast_input3 cc3_scene(test_rng *r, cc3 *a, cc3 *b, int trial, bool turning) {
    gjk_compound_cast_input3 in;
    int na = trial % 25 == 0 ? 40 : 1 + (int)(test_next(r) % 12), nb = 1 + (int)(test_next(r) % 12);
    double spread = test_uniform(r, 0, 3);
    if (turning) na = 1 + (int)(test_next(r) % 5), nb = 1 + (int)(test_next(r) % 5), spread = test_uniform(r, 0, 2);
    memset(&in, 0, sizeof in);
    *a = cc3_random(r, na, spread);
    *b = cc3_random(r, nb, spread);
    in.pair.a = a->c;
    in.pair.b = b->c;
    in.pair.pose_a = gjk_pose3_make(test_vec3(r, -2, 2), test_quat(r));
    in.pair.pose_b = gjk_pose3_make(gjk_add3(in.pair.pose_a.position,
                                             gjk_scale3(test_unit3(r), (gjk_real)test_uniform(r, 3, 10))),
                                    test_quat(r));
    gjk_vec3 aim = gjk_sub3(gjk_add3(in.pair.pose_a.position, test_vec3(r, -2, 2)), in.pair.pose_b.position);
    in.motion_b.translation = gjk_scale3(aim, (gjk_real)test_uniform(r, 0.3, 2));
    in.motion_a.translation = test_vec3(r, -1, 1);
    if (turning) {
        if (trial % 3 != 1) in.motion_a.rotation = gjk_scale3(test_unit3(r), (gjk_real)test_uniform(r, 0.1, 3));
        if (trial % 3 != 2) in.motion_b.rotation = gjk_scale3(test_unit3(r), (gjk_real)test_uniform(r, 0.1, 3));
        in.tolerance = CC_TOL;
    }
    in.target_distance = trial % 3 == 0 ? GJK_R(0.05) : 0;
    in.ignore_separating = trial % 5 == 0;
    return in;
}

/* Translations: 400 random scenes (hits, misses, overlapped starts) against the casts of every part pair. */
static void test_translate3(void **st) {
    test_rng r = {41};
    int states[4] = {0, 0, 0, 0};
    (void)st;
    for (int trial = 0; trial < 400; ++trial) {
        cc3 a, b;
        gjk_compound_cast_input3 in = cc3_scene(&r, &a, &b, trial, false);
        gjk_compound_cast_result3 c = check_brute3(&in);
        states[c.cast.state]++;
        if (trial % 8 == 0) check_samples3(&in, &c, 20);
        cc3_free(&a);
        cc3_free(&b);
    }
    if (getenv("COMPOUND_VERBOSE"))
        printf("3D translate: hit %d separated %d overlapped %d failed %d\n", states[0], states[1], states[2],
               states[3]);
    /* every outcome but FAILED occurs */
    assert_true(states[GJK_CAST_HIT] > 50 && states[GJK_CAST_SEPARATED] > 20 && states[GJK_CAST_OVERLAPPED] > 20);
}

/* Rotations: 150 random scenes, either compound or both turning up to 3 radians. */
static void test_rotate3(void **st) {
    test_rng r = {43};
    int states[4] = {0, 0, 0, 0};
    (void)st;
    for (int trial = 0; trial < 150; ++trial) {
        cc3 a, b;
        gjk_compound_cast_input3 in = cc3_scene(&r, &a, &b, trial, true);
        gjk_compound_cast_result3 c = check_brute3(&in);
        states[c.cast.state]++;
        check_samples3(&in, &c, 20);
        cc3_free(&a);
        cc3_free(&b);
    }
    if (getenv("COMPOUND_VERBOSE"))
        printf("3D rotate: hit %d separated %d overlapped %d failed %d\n", states[0], states[1], states[2],
               states[3]);
    assert_true(states[GJK_CAST_HIT] > 30 && states[GJK_CAST_SEPARATED] > 10);
}

/* An arm of 24 parts out to 38 from its origin, turning by 0.05 to 1.5 radians (5 now and then) about its local
   z, and a small compound waiting near the path of a random point of the arm, the arm as A or as B: where the swept
   bound of turning boxes decides which part pairs are cast. */
static void test_arm3(void **st) {
    test_rng r = {79};
    (void)st;
    for (int trial = 0; trial < 100; ++trial) {
        gjk_shape3 shapes[24];
        gjk_pose3 poses[24];
        gjk_hull3 *hulls[24];
        int nh = 0;
        for (int i = 0; i < 24; ++i) {
            gjk_hull3 *h = NULL;
            shapes[i] = test_shape3(&r, -1, &h);
            if (h) hulls[nh++] = h;
            poses[i] = gjk_pose3_make(gjk_add3(gjk_v3((gjk_real)(2 + 1.5 * i), 0, 0), test_vec3(&r, -0.3, 0.3)),
                                      test_quat(&r));
        }
        gjk_compound3 *arm = gjk_compound3_create(shapes, poses, 24, NULL);
        cc3 b = cc3_random(&r, 1 + (int)(test_next(&r) % 4), 1);
        gjk_compound_cast_input3 in;
        memset(&in, 0, sizeof in);
        in.pair.a = arm;
        in.pair.b = b.c;
        in.pair.pose_a = gjk_pose3_make(test_vec3(&r, -2, 2), test_quat(&r));
        double phi = test_uniform(&r, 0.05, trial % 5 == 0 ? 5 : 1.5), along = test_uniform(&r, 0, phi);
        double reach = test_uniform(&r, 3, 38);
        gjk_vec3 at = gjk_v3((gjk_real)(reach * cos(along)), (gjk_real)(reach * sin(along)), 0);
        at = gjk_add3(at, test_vec3(&r, -2.5, 2.5));
        in.pair.pose_b = gjk_pose3_make(gjk_pose3_apply(in.pair.pose_a, at), test_quat(&r));
        in.motion_a.rotation = gjk_quat_rotate(in.pair.pose_a.rotation, gjk_v3(0, 0, (gjk_real)phi));
        in.motion_a.translation = test_vec3(&r, -0.5, 0.5);
        if (trial % 4 == 1) in.motion_b.rotation = test_vec3(&r, -0.5, 0.5);
        if (trial % 2) {
            /* the arm as B */
            gjk_motion3 m = in.motion_a;
            gjk_pose3 p = in.pair.pose_a;
            in.pair.a = b.c, in.pair.b = arm;
            in.motion_a = in.motion_b, in.motion_b = m;
            in.pair.pose_a = in.pair.pose_b, in.pair.pose_b = p;
            /* now and then turned alike, so that B's boxes are not enlarged by the turn into A's frame */
            if (trial % 4 == 3) in.pair.pose_a.rotation = p.rotation;
        }
        in.tolerance = CC_TOL;
        in.target_distance = trial % 3 == 0 ? GJK_R(0.05) : 0;
        gjk_compound_cast_result3 c = check_brute3(&in);
        if (trial % 4 == 0) check_samples3(&in, &c, 40);
        gjk_compound3_destroy(arm);
        for (int i = 0; i < nh; ++i) gjk_hull3_destroy(hulls[i]);
        cc3_free(&b);
    }
}

/* The swept bound alone: one-part compounds (a thin bar or a random shape, up to 17 from its compound's origin),
   placed to meet, the compounds turning; the descent run with its cut at the cast's t must still reach the part pair, i.e. the bound of
   the pair is at most the time of contact (a bound that prunes this pair would answer late or miss). */
static bool count_leaf(gjk_compound_walk *w, int part_a, int part_b) {
    (void)part_a, (void)part_b;
    ++*(int *)w->context;
    return false;
}

/* With A at the identity and B unrotated: false for no hit; else the descent with its cut at the cast's t must
   reach the one part pair. */
static bool check_bound3(const gjk_compound_cast_input3 *in, int trial) {
    gjk_compound_cast_result3 c = gjk_compound_cast3(in);
    gjk_compound_walk w;
    int leaves = 0;
    gjk_real vel[3] = {in->motion_b.translation.x, in->motion_b.translation.y, in->motion_b.translation.z};
    gjk_real ta[3] = {in->motion_a.rotation.x, in->motion_a.rotation.y, in->motion_a.rotation.z};
    gjk_real tb[3] = {in->motion_b.rotation.x, in->motion_b.rotation.y, in->motion_b.rotation.z};
    gjk_vec3 at = in->pair.pose_b.position;
    if (c.cast.state != GJK_CAST_HIT) return false;
    gjk_compound_walk_init(&w, &in->pair.a->core.tree, &in->pair.b->core.tree, 0, count_leaf, &leaves);
    w.shift[0] = at.x, w.shift[1] = at.y, w.shift[2] = at.z;
    gjk_compound_sweep(&w, &in->pair.a->core, &in->pair.b->core, vel, ta, tb, 0, in->tolerance,
                       GJK_ABS(at.x) + GJK_ABS(at.y) + GJK_ABS(at.z));
    w.cut = c.cast.t;
    gjk_compound_descend(&w, GJK_COMPOUND_STACK);
    if (leaves != 1) fail_msg("trial %d: hit at %.17g, the pair ruled out", trial, (double)c.cast.t);
    return true;
}

/* A bar 6 long whose centre is 10 from its compound's origin, turning by 0.3 rad, and a small ball where the bar's
   end is at t = 0.5: the arc bound is the tightest of the three there, and holds only with the bar's half
   diagonal; the bar as A and as B. */
static void check_bar3(void) {
    gjk_shape3 bar = gjk_box3(gjk_v3(GJK_R(0.05), 3, GJK_R(0.05))), ball = gjk_sphere3(GJK_R(0.1));
    gjk_pose3 at = gjk_pose3_make(gjk_v3(10, 0, 0), gjk_quat_identity());
    gjk_compound3 *cbar = gjk_compound3_create(&bar, &at, 1, NULL), *cball = gjk_compound3_create(&ball, NULL, 1, NULL);
    gjk_vec3 end = gjk_quat_rotate(gjk_quat_from_axis_angle(gjk_v3(0, 0, 1), GJK_R(0.15)), gjk_v3(10, 3, 0));
    for (int k = 0; k < 2; ++k) {
        gjk_compound_cast_input3 in;
        memset(&in, 0, sizeof in);
        in.pair.pose_a = gjk_pose3_identity();
        in.tolerance = CC_TOL;
        if (k == 0) {
            in.pair.a = cbar, in.pair.b = cball;
            in.pair.pose_b = gjk_pose3_make(gjk_add3(end, gjk_v3(0, GJK_R(0.15), 0)), gjk_quat_identity());
            in.motion_a.rotation = gjk_v3(0, 0, GJK_R(0.3));
        } else {
            /* the ball at the origin, the bar's compound placed so that its end comes to the ball */
            in.pair.a = cball, in.pair.b = cbar;
            in.pair.pose_b = gjk_pose3_make(gjk_neg3(gjk_add3(end, gjk_v3(0, GJK_R(0.15), 0))), gjk_quat_identity());
            in.motion_b.rotation = gjk_v3(0, 0, GJK_R(0.3));
        }
        assert_true(check_bound3(&in, -1 - k));
    }
    gjk_compound3_destroy(cbar);
    gjk_compound3_destroy(cball);
}

static void test_bound3(void **st) {
    test_rng r = {89};
    int hits = 0;
    (void)st;
    check_bar3();
    for (int trial = 0; trial < 400; ++trial) {
        gjk_hull3 *ha = NULL, *hb = NULL;
        gjk_shape3 sa = trial % 2 ? test_shape3(&r, -1, &ha) : gjk_box3(gjk_v3(GJK_R(0.05), 3, GJK_R(0.05)));
        gjk_shape3 sb = trial % 4 < 2 ? test_shape3(&r, -1, &hb) : gjk_box3(gjk_v3(GJK_R(0.05), 3, GJK_R(0.05)));
        double off_range = trial % 3 == 2 ? 10 : 4;
        gjk_pose3 la = gjk_pose3_make(test_vec3(&r, -off_range, off_range), test_quat(&r));
        gjk_pose3 lb = gjk_pose3_make(test_vec3(&r, -off_range, off_range), test_quat(&r));
        gjk_compound3 *ca = gjk_compound3_create(&sa, &la, 1, NULL), *cb = gjk_compound3_create(&sb, &lb, 1, NULL);
        gjk_compound_cast_input3 in;
        memset(&in, 0, sizeof in);
        in.pair.a = ca;
        in.pair.b = cb;
        in.pair.pose_a = gjk_pose3_identity();
        in.motion_a.rotation = test_vec3(&r, -1.5, 1.5);
        if (trial % 3 != 1) in.motion_b.rotation = test_vec3(&r, -1.5, 1.5);
        in.motion_b.translation = test_vec3(&r, -3, 3);
        /* B's part about where A's part is at a random time of the step */
        gjk_real when = (gjk_real)test_uniform(&r, 0.2, 1);
        gjk_vec3 meet = gjk_quat_rotate(gjk_quat_from_axis_angle(in.motion_a.rotation,
                                                                 when * gjk_len3(in.motion_a.rotation)),
                                        la.position);
        gjk_vec3 off = gjk_quat_rotate(gjk_quat_from_axis_angle(in.motion_b.rotation,
                                                                when * gjk_len3(in.motion_b.rotation)),
                                       lb.position);
        meet = gjk_sub3(gjk_mad3(meet, -when, in.motion_b.translation), off);
        in.pair.pose_b = gjk_pose3_make(gjk_add3(meet, test_vec3(&r, -1.5, 1.5)), gjk_quat_identity());
        in.tolerance = CC_TOL;
        if (check_bound3(&in, trial)) ++hits;
        gjk_compound3_destroy(ca);
        gjk_compound3_destroy(cb);
        if (ha) gjk_hull3_destroy(ha);
        if (hb) gjk_hull3_destroy(hb);
    }
    assert_true(hits > 50);
}

/* Far from the origin (1e7), and turning absurdly fast (1e6 rad over the step): the same answer as brute force, no
   NaN. */
static void test_extremes3(void **st) {
    test_rng r = {101};
    (void)st;
    for (int trial = 0; trial < 40; ++trial) {
        cc3 a, b;
        gjk_compound_cast_input3 in = cc3_scene(&r, &a, &b, trial, true);
        if (trial % 2) {
            gjk_vec3 far = gjk_v3(GJK_R(1e7), GJK_R(-3e6), GJK_R(2e6));
            in.pair.pose_a.position = gjk_add3(in.pair.pose_a.position, far);
            in.pair.pose_b.position = gjk_add3(in.pair.pose_b.position, far);
        } else {
            in.motion_a.rotation = gjk_scale3(in.motion_a.rotation, GJK_R(3e5));
        }
        gjk_compound_cast_result3 c = check_brute3(&in);
        assert_true(isfinite(c.cast.t) && test_finite3(c.cast.normal) && test_finite3(c.cast.point));
        cc3_free(&a);
        cc3_free(&b);
    }
}

/* n^3 parts, spheres of radius 0.4 and boxes, spacing 1, from (0, 0, 0). */
static gjk_compound3 *cc3_grid(int n) {
    int count = n * n * n, k = 0;
    gjk_shape3 *s = (gjk_shape3 *)malloc((size_t)count * sizeof *s);
    gjk_pose3 *p = (gjk_pose3 *)malloc((size_t)count * sizeof *p);
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y)
            for (int z = 0; z < n; ++z, ++k) {
                s[k] = k % 2 ? gjk_sphere3(GJK_R(0.4)) : gjk_box3(gjk_v3(GJK_R(0.3), GJK_R(0.35), GJK_R(0.4)));
                p[k] = gjk_pose3_make(gjk_v3((gjk_real)x, (gjk_real)y, (gjk_real)z), gjk_quat_identity());
            }
    gjk_compound3 *c = gjk_compound3_create(s, p, count, NULL);
    free(s);
    free(p);
    assert_non_null(c);
    return c;
}

/* Two grids of 216 parts, B flying at A's face, corner and edge, turning or not: a small share of the 46,656 part
   pairs cast, and brute force's answer. */
static void test_pruning3(void **st) {
    gjk_compound3 *g = cc3_grid(6);
    gjk_vec3 from[3] = {{GJK_R(12.0), GJK_R(0.2), GJK_R(0.1)}, {GJK_R(10.0), GJK_R(9.0), GJK_R(11.0)},
                        {GJK_R(0.3), GJK_R(-9.0), GJK_R(8.0)}};
    (void)st;
    for (int k = 0; k < 6; ++k) {
        gjk_compound_cast_input3 in;
        memset(&in, 0, sizeof in);
        in.pair.a = in.pair.b = g;
        in.pair.pose_a = gjk_pose3_identity();
        in.pair.pose_b = gjk_pose3_make(from[k % 3], gjk_quat_from_axis_angle(gjk_v3(1, 2, 3), GJK_R(0.3)));
        in.motion_b.translation = gjk_scale3(from[k % 3], GJK_R(-0.9));
        if (k >= 3) {
            in.motion_b.rotation = gjk_v3(0, GJK_R(0.5), GJK_R(0.2));
            in.motion_a.rotation = gjk_v3(GJK_R(0.1), 0, 0);
            in.tolerance = CC_TOL;
        }
        gjk_compound_cast_result3 r = check_brute3(&in);
        if (getenv("COMPOUND_VERBOSE"))
            printf("3D pruning %d: state %d t %g, %d pairs cast\n", k, (int)r.cast.state, (double)r.cast.t,
                   r.pairs_tested);
        assert_int_equal(r.cast.state, GJK_CAST_HIT);
        /* (56 at most in double and float; 904 with the chord bound alone for the turning compounds) */
        assert_true(r.pairs_tested < 200);
        /* the descent's fallback (no stack) gives the same answer */
        gjk_compound_cast_result3 f = gjk_compound_cast3_stack(&in, 1);
        assert_int_equal(f.part_a, r.part_a);
        assert_int_equal(f.part_b, r.part_b);
        same_cast3(&f.cast, &r.cast);
    }
    gjk_compound3_destroy(g);
}

/* Overlapped at the start: the deepest pair, hit at t = 0; with ignore_separating and B moving away, not a hit
   unless another pair closes in; apart all the way: SEPARATED with no pair. */
static void test_states3(void **st) {
    gjk_shape3 s[3] = {gjk_box3(gjk_v3(1, 1, 1)), gjk_sphere3(1), gjk_box3(gjk_v3(GJK_R(0.5), 1, 1))};
    gjk_pose3 p[3] = {gjk_pose3_identity(), gjk_pose3_make(gjk_v3(3, 0, 0), gjk_quat_identity()),
                      gjk_pose3_make(gjk_v3(6, 0, 0), gjk_quat_identity())};
    gjk_compound3 *c = gjk_compound3_create(s, p, 3, NULL);
    gjk_compound_cast_input3 in;
    (void)st;
    memset(&in, 0, sizeof in);
    in.pair.a = in.pair.b = c;
    in.pair.pose_a = gjk_pose3_identity();
    /* B shifted by 3.5 along x: A's sphere (part 1, centre 3) lies 0.5 inside B's box (part 0, from 2.5), 1.5
       deep; B's sphere (part 1, centre 6.5) touches A's thin box (part 2) at its centre, 1 deep */
    in.pair.pose_b = gjk_pose3_make(gjk_v3(GJK_R(3.5), 0, 0), gjk_quat_identity());
    gjk_compound_cast_result3 r = check_brute3(&in);
    assert_int_equal(r.cast.state, GJK_CAST_OVERLAPPED);
    assert_true(r.cast.hit);
    assert_true(r.cast.t == 0);
    assert_int_equal(r.part_a, 1);
    assert_int_equal(r.part_b, 0);
    /* ignore_separating, B moving 0.5 along +x: both overlapping pairs separate and no other closes in */
    in.ignore_separating = true;
    in.motion_b.translation = gjk_v3(GJK_R(0.5), 0, 0);
    r = check_brute3(&in);
    assert_int_equal(r.cast.state, GJK_CAST_OVERLAPPED);
    assert_false(r.cast.hit);
    assert_int_equal(r.part_a, 1);
    assert_int_equal(r.part_b, 0);
    /* moving 5: B's box (from 4.5) reaches A's thin box (at 5.5) at t = 0.2, the answer */
    in.motion_b.translation = gjk_v3(5, 0, 0);
    r = check_brute3(&in);
    assert_int_equal(r.cast.state, GJK_CAST_HIT);
    assert_int_equal(r.part_a, 2);
    assert_int_equal(r.part_b, 0);
    assert_true(fabs((double)r.cast.t - 0.2) < TU(1e-12));
    /* apart, moving away: separated, no pair */
    in.pair.pose_b = gjk_pose3_make(gjk_v3(20, 0, 0), gjk_quat_identity());
    r = check_brute3(&in);
    assert_int_equal(r.cast.state, GJK_CAST_SEPARATED);
    assert_int_equal(r.part_a, -1);
    assert_true(r.cast.t == 1);
    /* coming in from +x: B's box (from 19) meets A's thin box (to 6.5) first, after 12.5 of a 24 move */
    in.motion_b.translation = gjk_v3(-24, 0, 0);
    r = check_brute3(&in);
    assert_int_equal(r.cast.state, GJK_CAST_HIT);
    assert_int_equal(r.part_a, 2);
    assert_int_equal(r.part_b, 0);
    assert_true(fabs((double)r.cast.t - 12.5 / 24) < TU(1e-12));
    /* A turning a quarter turn about z (about its origin) swings its part 2 away from +x */
    in.motion_a.rotation = gjk_v3(0, 0, GJK_R(1.5707963267948966));
    in.tolerance = CC_TOL;
    r = check_brute3(&in);
    assert_int_equal(r.cast.state, GJK_CAST_HIT);
    assert_true(r.cast.t > GJK_R(0.5));
    check_samples3(&in, &r, 30);
    gjk_compound3_destroy(c);
}

/* Ties: parts repeated at one pose give equal answers; the first pair in (part_a, part_b) order is kept, whatever
   order the descent visits them in (overlapped, hit, and turning). */
static void test_ties3(void **st) {
    gjk_shape3 s[4] = {gjk_sphere3(1), gjk_box3(gjk_v3(1, 1, 1)), gjk_box3(gjk_v3(1, 1, 1)),
                       gjk_sphere3(GJK_R(0.2))};
    gjk_pose3 p[4] = {gjk_pose3_make(gjk_v3(0, 5, 0), gjk_quat_identity()),
                      gjk_pose3_make(gjk_v3(0, 0, 1), gjk_quat_identity()),
                      gjk_pose3_make(gjk_v3(0, 0, 1), gjk_quat_identity()),
                      gjk_pose3_make(gjk_v3(0, 0, 1), gjk_quat_identity())};
    gjk_compound3 *c = gjk_compound3_create(s, p, 4, NULL), *d = gjk_compound3_create(s + 1, p + 1, 2, NULL);
    gjk_compound_cast_input3 in;
    (void)st;
    memset(&in, 0, sizeof in);
    in.pair.a = c;
    in.pair.b = d;
    in.pair.pose_a = gjk_pose3_identity();
    for (int k = 0; k < 3; ++k) {
        in.pair.pose_b = gjk_pose3_make(gjk_v3(k == 0 ? GJK_R(1.5) : 8, 0, 0), gjk_quat_identity());
        in.motion_b.translation = gjk_v3(k == 0 ? 0 : -8, 0, 0);
        if (k == 2) {
            in.motion_a.rotation = gjk_v3(0, 0, GJK_R(0.3));
            in.tolerance = CC_TOL;
        }
        gjk_compound_cast_result3 r = check_brute3(&in);
        assert_int_equal(r.cast.state, k == 0 ? GJK_CAST_OVERLAPPED : GJK_CAST_HIT);
        assert_int_equal(r.part_a, 1);
        assert_int_equal(r.part_b, 0);
    }
    gjk_compound3_destroy(c);
    gjk_compound3_destroy(d);
}

static gjk_vec3 bad_support3(gjk_vec3 d, const void *data) {
    (void)data;
    return d.x > 0 ? gjk_v3(NAN, 0, 0) : gjk_v3(0, 0, 0);
}

static void test_bad_input3(void **st) {
    gjk_shape3 s = gjk_box3(gjk_v3(1, 1, 1));
    gjk_compound3 *c = gjk_compound3_create(&s, NULL, 1, NULL);
    gjk_shape3 u = gjk_user3(bad_support3, NULL);
    gjk_compound3 *cu = gjk_compound3_create(&u, NULL, 1, NULL);
    gjk_compound_cast_input3 good, in;
    (void)st;
    assert_non_null(cu);
    memset(&good, 0, sizeof good);
    good.pair.a = good.pair.b = c;
    good.pair.pose_a = gjk_pose3_identity();
    good.pair.pose_b = gjk_pose3_make(gjk_v3(5, 0, 0), gjk_quat_identity());
    good.motion_b.translation = gjk_v3(-5, 0, 0);
    assert_int_equal(gjk_compound_cast3(&good).cast.state, GJK_CAST_HIT);
    for (int k = 0; k < 12; ++k) {
        in = good;
        switch (k) {
        case 0: in.pair.a = NULL; break;
        case 1: in.pair.b = NULL; break;
        case 2: in.pair.pose_a.position.x = NAN; break;
        case 3: in.pair.pose_b.rotation.w = 0, in.pair.pose_b.rotation.x = 0; break;
        case 4: in.motion_a.translation.y = INFINITY; break;
        case 5: in.motion_b.rotation.z = NAN; break;
        case 6: /* bounded, but taking B beyond the coordinates accepted at t = 1 */
            in.pair.pose_b.position.x = GJK_R(0.75) * GJK_MAX_COORD;
            in.motion_b.translation.x = GJK_R(0.75) * GJK_MAX_COORD;
            break;
        case 7: in.target_distance = -1; break;
        case 8: in.target_distance = NAN; break;
        case 9: in.tolerance = NAN; break;
        case 10: in.tolerance = INFINITY; break;
        default: in.pair.b = cu; break; /* a part's callback answers NaN */
        }
        gjk_compound_cast_result3 r = gjk_compound_cast3(&in);
        if (r.cast.status != GJK_INVALID_INPUT) fail_msg("case %d: status %d", k, (int)r.cast.status);
        assert_int_equal(r.part_a, -1);
        assert_int_equal(r.part_b, -1);
        assert_true(r.cast.t == 0 && !r.cast.hit);
    }
    assert_int_equal(gjk_compound_cast3(NULL).cast.status, GJK_INVALID_INPUT);
    gjk_compound3_destroy(c);
    gjk_compound3_destroy(cu);
}

/* One-part compounds: the single cast's answer, bit for bit, for a part at the compound's origin (turning or not)
   and for an offset part under translation. */
static void test_one_part3(void **st) {
    test_rng r = {47};
    (void)st;
    for (int trial = 0; trial < 300; ++trial) {
        gjk_hull3 *ha = NULL, *hb = NULL;
        gjk_shape3 sa = test_shape3(&r, -1, &ha), sb = test_shape3(&r, -1, &hb);
        bool turning = trial % 2 == 1;
        gjk_pose3 la = gjk_pose3_make(turning ? gjk_v3(0, 0, 0) : test_vec3(&r, -1, 1), test_quat(&r));
        gjk_pose3 lb = gjk_pose3_make(turning ? gjk_v3(0, 0, 0) : test_vec3(&r, -1, 1), test_quat(&r));
        gjk_compound3 *ca = gjk_compound3_create(&sa, &la, 1, NULL), *cb = gjk_compound3_create(&sb, &lb, 1, NULL);
        gjk_compound_cast_input3 in;
        gjk_cast_input3 one;
        memset(&in, 0, sizeof in);
        memset(&one, 0, sizeof one);
        in.pair.a = ca;
        in.pair.b = cb;
        in.pair.pose_a = gjk_pose3_make(test_vec3(&r, -1, 1), test_quat(&r));
        in.pair.pose_b = gjk_pose3_make(test_vec3(&r, 2, 5), test_quat(&r));
        in.motion_b.translation = test_vec3(&r, -8, 2);
        if (turning) {
            in.motion_a.rotation = test_vec3(&r, -2, 2);
            in.motion_b.rotation = test_vec3(&r, -2, 2);
        }
        in.target_distance = trial % 3 == 0 ? GJK_R(0.1) : 0;
        one.pair.a = gjk_compound3_part(ca, 0, NULL);
        one.pair.pose_a = gjk_compound3_part_pose(ca, 0, in.pair.pose_a);
        one.pair.b = gjk_compound3_part(cb, 0, NULL);
        one.pair.pose_b = gjk_compound3_part_pose(cb, 0, in.pair.pose_b);
        one.motion_a = in.motion_a;
        one.motion_b = in.motion_b;
        one.target_distance = in.target_distance;
        gjk_compound_cast_result3 c = gjk_compound_cast3(&in);
        gjk_cast_result3 s = gjk_shape_cast3(&one);
        if (s.state == GJK_CAST_SEPARATED) {
            assert_int_equal(c.cast.state, GJK_CAST_SEPARATED);
            assert_int_equal(c.part_a, -1);
        } else {
            assert_int_equal(c.part_a, 0);
            assert_int_equal(c.part_b, 0);
            same_cast3(&c.cast, &s);
        }
        gjk_compound3_destroy(ca);
        gjk_compound3_destroy(cb);
        if (ha) gjk_hull3_destroy(ha);
        if (hb) gjk_hull3_destroy(hb);
    }
}

/* No allocation; the same answer twice, bit for bit. */
static void test_noalloc3(void **st) {
    test_rng r = {53};
    (void)st;
    for (int trial = 0; trial < 40; ++trial) {
        cc3 a, b;
        gjk_compound_cast_input3 in = cc3_scene(&r, &a, &b, trial, trial % 2 == 1);
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = 0;
        gjk_compound_cast_result3 x = gjk_compound_cast3(&in), y = gjk_compound_cast3(&in);
        gjk_set_allocator(NULL, NULL, NULL);
        assert_int_equal(test_allocs, 0);
        assert_int_equal(x.part_a, y.part_a);
        assert_int_equal(x.part_b, y.part_b);
        assert_int_equal(x.pairs_tested, y.pairs_tested);
        same_cast3(&x.cast, &y.cast);
        cc3_free(&a);
        cc3_free(&b);
    }
}

/* ================================================================================================================
   2D
   ================================================================================================================ */

typedef struct cc2 {
    gjk_compound2 *c;
    gjk_hull2 *hulls[64];
    int hull_count;
} cc2;

static void cc2_free(cc2 *t) {
    gjk_compound2_destroy(t->c);
    for (int i = 0; i < t->hull_count; ++i) gjk_hull2_destroy(t->hulls[i]);
    memset(t, 0, sizeof *t);
}

static cc2 cc2_random(test_rng *r, int n, double spread) {
    cc2 t;
    gjk_shape2 shapes[64];
    gjk_pose2 poses[64];
    gjk_status st;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < n; ++i) {
        gjk_hull2 *h = NULL;
        shapes[i] = test_shape2(r, -1, &h);
        if (h) t.hulls[t.hull_count++] = h;
        gjk_vec2 at = gjk_v2((gjk_real)test_uniform(r, -spread, spread), (gjk_real)test_uniform(r, -spread, spread));
        poses[i] = gjk_pose2_make(at, (gjk_real)test_uniform(r, -3.2, 3.2));
    }
    t.c = gjk_compound2_create(shapes, poses, n, &st);
    assert_int_equal(st, GJK_OK);
    return t;
}

typedef struct pick2 {
    int rank, a, b;
    double key;
    gjk_cast_result2 r;
    gjk_status worst;
    double first_hit; /* the least t of the pairs that HIT */
} pick2;

static void pick2_take(pick2 *p, int a, int b, const gjk_cast_result2 *r) {
    int rank = cc_rank(r->state, r->hit);
    double key = rank == 1 ? (double)r->t : (double)gjk_dot2(gjk_sub2(r->point_b, r->point_a), r->normal);
    if (r->status > p->worst) p->worst = r->status;
    if (r->state == GJK_CAST_HIT && r->t < p->first_hit) p->first_hit = r->t;
    if (rank == 3) return;
    if (rank < p->rank || (rank == p->rank && key < p->key)) {
        p->rank = rank, p->a = a, p->b = b, p->key = key, p->r = *r;
    }
}

typedef struct wrap2 {
    const gjk_shape2 *s;
    gjk_pose2 p;
} wrap2;
static gjk_vec2 wrap2_support(gjk_vec2 d, const void *data) {
    const wrap2 *w = (const wrap2 *)data;
    return gjk_add2(w->p.position, gjk_rotate2(w->p.rotation, gjk2_core_support(w->s, gjk_inv_rotate2(w->p.rotation, d))));
}

static const gjk_shape2 *cc2_part(const gjk_compound2 *c, int i, gjk_pose2 pose, bool turns, wrap2 *w,
                                  gjk_shape2 *ws, gjk_pose2 *out) {
    gjk_pose2 local;
    const gjk_shape2 *s = gjk_compound2_part(c, i, &local);
    if (!turns || gjk_len_sq2(local.position) == 0) {
        *out = gjk_compound2_part_pose(c, i, pose);
        return s;
    }
    w->s = s;
    w->p = local;
    *ws = gjk_rounded2(gjk_user2(wrap2_support, w), gjk2_core_radius(s));
    /* the compound's pose with its rotation unit, as every 2D entry point takes it */
    *out = pose;
    assert_true(gjk2_unit_rotation(pose.rotation, &out->rotation));
    return ws;
}

/* The cast of part pair (i, j) as the compound cast makes it. */
static gjk_cast_result2 cast_pair2(const gjk_compound_cast_input2 *in, int i, int j) {
    bool ta = in->motion_a.rotation != 0, tb = in->motion_b.rotation != 0;
    gjk_cast_input2 c;
    wrap2 wa, wb;
    gjk_shape2 sa, sb;
    memset(&c, 0, sizeof c);
    c.pair.a = cc2_part(in->pair.a, i, in->pair.pose_a, ta, &wa, &sa, &c.pair.pose_a);
    c.pair.b = cc2_part(in->pair.b, j, in->pair.pose_b, tb, &wb, &sb, &c.pair.pose_b);
    c.motion_a = in->motion_a;
    c.motion_b = in->motion_b;
    c.target_distance = in->target_distance;
    c.tolerance = in->tolerance;
    c.ignore_separating = in->ignore_separating;
    return gjk_shape_cast2(&c);
}

static pick2 brute2(const gjk_compound_cast_input2 *in) {
    pick2 p;
    int na = gjk_compound2_part_count(in->pair.a), nb = gjk_compound2_part_count(in->pair.b);
    memset(&p, 0, sizeof p);
    p.rank = 3, p.a = p.b = -1, p.first_hit = 2;
    for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
            gjk_cast_result2 r = cast_pair2(in, i, j);
            assert_int_not_equal(r.status, GJK_INVALID_INPUT);
            pick2_take(&p, i, j, &r);
        }
    }
    return p;
}

static void same_cast2(const gjk_cast_result2 *x, const gjk_cast_result2 *y) {
    assert_int_equal(x->state, y->state);
    assert_int_equal(x->hit, y->hit);
    assert_int_equal(x->status, y->status);
    assert_int_equal(x->iterations, y->iterations);
    assert_true(x->t == y->t);
    assert_true(x->normal.x == y->normal.x && x->normal.y == y->normal.y);
    assert_true(x->point_a.x == y->point_a.x && x->point_a.y == y->point_a.y);
    assert_true(x->point_b.x == y->point_b.x && x->point_b.y == y->point_b.y);
}

static gjk_compound_cast_result2 check_brute2(const gjk_compound_cast_input2 *in) {
    gjk_compound_cast_result2 r = gjk_compound_cast2(in);
    pick2 p = brute2(in);
    int total = gjk_compound2_part_count(in->pair.a) * gjk_compound2_part_count(in->pair.b);
    assert_int_not_equal(r.cast.status, GJK_INVALID_INPUT);
    assert_true(r.pairs_tested >= 0 && r.pairs_tested <= total);
    if (p.rank == 3) {
        assert_int_equal(r.part_a, -1);
        assert_int_equal(r.part_b, -1);
        assert_int_equal(r.cast.state, GJK_CAST_SEPARATED);
        assert_false(r.cast.hit);
        assert_true(r.cast.t == 1);
        assert_true(r.cast.normal.x == 0 && r.cast.normal.y == 0);
        return r;
    }
    if (p.r.state == GJK_CAST_FAILED || r.cast.state == GJK_CAST_FAILED) {
        /* A failed pair's t is only safe, not a contact: pairs ruled out by their boxes before the answer's t are
           not cast, so the answer may be another failed pair or a later hit. It is still one pair's own cast and
           never late. */
        gjk_cast_result2 own = cast_pair2(in, r.part_a, r.part_b);
        assert_int_equal(p.rank, 1);
        assert_true(r.cast.state == GJK_CAST_FAILED || r.cast.state == GJK_CAST_HIT);
        assert_true(r.cast.t <= p.first_hit);
        same_cast2(&r.cast, &own);
        return r;
    }
    if (r.part_a != p.a || r.part_b != p.b)
        fail_msg("pair (%d, %d) state %d t %.17g, brute force (%d, %d) state %d t %.17g", r.part_a, r.part_b,
                 (int)r.cast.state, (double)r.cast.t, p.a, p.b, (int)p.r.state, (double)p.r.t);
    same_cast2(&r.cast, &p.r);
    return r;
}

static gjk_pose2 cc2_pose_at(gjk_pose2 p, const gjk_motion2 *m, double t) {
    gjk_rot2 turn = gjk_rot2_from_angle((gjk_real)(m->rotation * t));
    gjk_real l = GJK_SQRT(p.rotation.c * p.rotation.c + p.rotation.s * p.rotation.s);
    gjk_rot2 q0 = {p.rotation.c / l, p.rotation.s / l};
    p.position = gjk_mad2(p.position, (gjk_real)t, m->translation);
    p.rotation.c = turn.c * q0.c - turn.s * q0.s;
    p.rotation.s = turn.s * q0.c + turn.c * q0.s;
    return p;
}

static double cc2_distance_at(const gjk_compound_cast_input2 *in, double t) {
    gjk_pose2 pa = cc2_pose_at(in->pair.pose_a, &in->motion_a, t), pb = cc2_pose_at(in->pair.pose_b, &in->motion_b, t);
    int na = gjk_compound2_part_count(in->pair.a), nb = gjk_compound2_part_count(in->pair.b);
    double best = 1e300;
    for (int i = 0; i < na; ++i) {
        for (int j = 0; j < nb; ++j) {
            gjk_pair2 q;
            q.a = gjk_compound2_part(in->pair.a, i, NULL);
            q.pose_a = gjk_compound2_part_pose(in->pair.a, i, pa);
            q.b = gjk_compound2_part(in->pair.b, j, NULL);
            q.pose_b = gjk_compound2_part_pose(in->pair.b, j, pb);
            gjk_result2 r = gjk_signed_distance2(&q, NULL);
            if (r.distance < best) best = r.distance;
        }
    }
    return best;
}

static void check_samples2(const gjk_compound_cast_input2 *in, const gjk_compound_cast_result2 *r, double scale) {
    double eps = CC_ROUND * scale, tol = (double)in->tolerance, target = (double)in->target_distance;
    double t = (double)r->cast.t;
    if (r->cast.state == GJK_CAST_OVERLAPPED) {
        assert_true(cc2_distance_at(in, 0) <= target + tol + eps);
        return;
    }
    for (int k = 0; k <= 64; ++k) {
        double s = k < 64 ? t * k / 64.0 : t * (1 - 1e-6);
        if (r->cast.state == GJK_CAST_SEPARATED) s = k / 64.0;
        double d = cc2_distance_at(in, s);
        if (!(d > target - eps))
            fail_msg("state %d t %.17g: distance %.17g at %.17g, target %.17g", (int)r->cast.state, t, d, s, target);
    }
    if (r->cast.state == GJK_CAST_HIT) {
        double d = cc2_distance_at(in, t);
        if (!(d <= target + tol + eps)) fail_msg("hit at %.17g: distance %.17g, target %.17g", t, d, target);
    }
}

static gjk_vec2 cc2_vec(test_rng *r, double lo, double hi) {
    gjk_real x = (gjk_real)test_uniform(r, lo, hi);
    return gjk_v2(x, (gjk_real)test_uniform(r, lo, hi));
}

static gjk_compound_cast_input2 cc2_scene(test_rng *r, cc2 *a, cc2 *b, int trial, bool turning) {
    gjk_compound_cast_input2 in;
    int na = trial % 25 == 0 ? 40 : 1 + (int)(test_next(r) % 12), nb = 1 + (int)(test_next(r) % 12);
    double spread = test_uniform(r, 0, 3);
    if (turning) na = 1 + (int)(test_next(r) % 5), nb = 1 + (int)(test_next(r) % 5), spread = test_uniform(r, 0, 2);
    memset(&in, 0, sizeof in);
    *a = cc2_random(r, na, spread);
    *b = cc2_random(r, nb, spread);
    in.pair.a = a->c;
    in.pair.b = b->c;
    in.pair.pose_a = gjk_pose2_make(cc2_vec(r, -2, 2), (gjk_real)test_uniform(r, -3.2, 3.2));
    gjk_real dir = (gjk_real)test_uniform(r, -3.2, 3.2), far = (gjk_real)test_uniform(r, 3, 10);
    in.pair.pose_b = gjk_pose2_make(gjk_add2(in.pair.pose_a.position, gjk_v2(far * GJK_COS(dir), far * GJK_SIN(dir))),
                                    (gjk_real)test_uniform(r, -3.2, 3.2));
    gjk_vec2 aim = gjk_sub2(gjk_add2(in.pair.pose_a.position, cc2_vec(r, -2, 2)), in.pair.pose_b.position);
    in.motion_b.translation = gjk_scale2(aim, (gjk_real)test_uniform(r, 0.3, 2));
    in.motion_a.translation = cc2_vec(r, -1, 1);
    if (turning) {
        if (trial % 3 != 1) in.motion_a.rotation = (gjk_real)test_uniform(r, -3, 3);
        if (trial % 3 != 2) in.motion_b.rotation = (gjk_real)test_uniform(r, -3, 3);
        in.tolerance = CC_TOL;
    }
    in.target_distance = trial % 3 == 0 ? GJK_R(0.05) : 0;
    in.ignore_separating = trial % 5 == 0;
    return in;
}

static void test_translate2(void **st) {
    test_rng r = {61};
    int states[4] = {0, 0, 0, 0};
    (void)st;
    for (int trial = 0; trial < 400; ++trial) {
        cc2 a, b;
        gjk_compound_cast_input2 in = cc2_scene(&r, &a, &b, trial, false);
        gjk_compound_cast_result2 c = check_brute2(&in);
        states[c.cast.state]++;
        if (trial % 8 == 0) check_samples2(&in, &c, 20);
        cc2_free(&a);
        cc2_free(&b);
    }
    if (getenv("COMPOUND_VERBOSE"))
        printf("2D translate: hit %d separated %d overlapped %d failed %d\n", states[0], states[1], states[2],
               states[3]);
    assert_true(states[GJK_CAST_HIT] > 50 && states[GJK_CAST_SEPARATED] > 20 && states[GJK_CAST_OVERLAPPED] > 20);
}

static void test_rotate2(void **st) {
    test_rng r = {67};
    int states[4] = {0, 0, 0, 0};
    (void)st;
    for (int trial = 0; trial < 150; ++trial) {
        cc2 a, b;
        gjk_compound_cast_input2 in = cc2_scene(&r, &a, &b, trial, true);
        gjk_compound_cast_result2 c = check_brute2(&in);
        states[c.cast.state]++;
        check_samples2(&in, &c, 20);
        cc2_free(&a);
        cc2_free(&b);
    }
    if (getenv("COMPOUND_VERBOSE"))
        printf("2D rotate: hit %d separated %d overlapped %d failed %d\n", states[0], states[1], states[2],
               states[3]);
    assert_true(states[GJK_CAST_HIT] > 30 && states[GJK_CAST_SEPARATED] > 10);
}

static void test_arm2(void **st) {
    test_rng r = {83};
    (void)st;
    for (int trial = 0; trial < 100; ++trial) {
        gjk_shape2 shapes[24];
        gjk_pose2 poses[24];
        gjk_hull2 *hulls[24];
        int nh = 0;
        for (int i = 0; i < 24; ++i) {
            gjk_hull2 *h = NULL;
            shapes[i] = test_shape2(&r, -1, &h);
            if (h) hulls[nh++] = h;
            poses[i] = gjk_pose2_make(gjk_add2(gjk_v2((gjk_real)(2 + 1.5 * i), 0), cc2_vec(&r, -0.3, 0.3)),
                                      (gjk_real)test_uniform(&r, -3, 3));
        }
        gjk_compound2 *arm = gjk_compound2_create(shapes, poses, 24, NULL);
        cc2 b = cc2_random(&r, 1 + (int)(test_next(&r) % 4), 1);
        gjk_compound_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair.a = arm;
        in.pair.b = b.c;
        in.pair.pose_a = gjk_pose2_make(cc2_vec(&r, -2, 2), (gjk_real)test_uniform(&r, -3, 3));
        double phi = test_uniform(&r, 0.05, trial % 5 == 0 ? 5 : 1.5), along = test_uniform(&r, 0, phi);
        double reach = test_uniform(&r, 3, 38);
        if (trial % 3 == 1) phi = -phi, along = -along;
        gjk_vec2 at = gjk_add2(gjk_v2((gjk_real)(reach * cos(along)), (gjk_real)(reach * sin(along))),
                               cc2_vec(&r, -2.5, 2.5));
        in.pair.pose_b = gjk_pose2_make(gjk_pose2_apply(in.pair.pose_a, at), (gjk_real)test_uniform(&r, -3, 3));
        in.motion_a.rotation = (gjk_real)phi;
        in.motion_a.translation = cc2_vec(&r, -0.5, 0.5);
        if (trial % 4 == 1) in.motion_b.rotation = (gjk_real)test_uniform(&r, -0.5, 0.5);
        if (trial % 2) {
            gjk_motion2 m = in.motion_a;
            gjk_pose2 p = in.pair.pose_a;
            in.pair.a = b.c, in.pair.b = arm;
            in.motion_a = in.motion_b, in.motion_b = m;
            in.pair.pose_a = in.pair.pose_b, in.pair.pose_b = p;
            if (trial % 4 == 3) in.pair.pose_a.rotation = p.rotation;
        }
        in.tolerance = CC_TOL;
        in.target_distance = trial % 3 == 0 ? GJK_R(0.05) : 0;
        gjk_compound_cast_result2 c = check_brute2(&in);
        if (trial % 4 == 0) check_samples2(&in, &c, 40);
        gjk_compound2_destroy(arm);
        for (int i = 0; i < nh; ++i) gjk_hull2_destroy(hulls[i]);
        cc2_free(&b);
    }
}

static bool check_bound2(const gjk_compound_cast_input2 *in, int trial) {
    gjk_compound_cast_result2 c = gjk_compound_cast2(in);
    gjk_compound_walk w;
    int leaves = 0;
    gjk_real vel[3] = {in->motion_b.translation.x, in->motion_b.translation.y, 0};
    gjk_real ta[3] = {0, 0, in->motion_a.rotation}, tb[3] = {0, 0, in->motion_b.rotation};
    gjk_vec2 at = in->pair.pose_b.position;
    if (c.cast.state != GJK_CAST_HIT) return false;
    gjk_compound_walk_init(&w, &in->pair.a->core.tree, &in->pair.b->core.tree, 0, count_leaf, &leaves);
    w.shift[0] = at.x, w.shift[1] = at.y;
    gjk_compound_sweep(&w, &in->pair.a->core, &in->pair.b->core, vel, ta, tb, 0, in->tolerance,
                       GJK_ABS(at.x) + GJK_ABS(at.y));
    w.cut = c.cast.t;
    gjk_compound_descend(&w, GJK_COMPOUND_STACK);
    if (leaves != 1) fail_msg("trial %d: hit at %.17g, the pair ruled out", trial, (double)c.cast.t);
    return true;
}

static void check_bar2(void) {
    gjk_shape2 bar = gjk_box2(gjk_v2(GJK_R(0.05), 3)), ball = gjk_circle2(GJK_R(0.1));
    gjk_pose2 at = gjk_pose2_make(gjk_v2(10, 0), 0);
    gjk_compound2 *cbar = gjk_compound2_create(&bar, &at, 1, NULL), *cball = gjk_compound2_create(&ball, NULL, 1, NULL);
    gjk_vec2 end = gjk_rotate2(gjk_rot2_from_angle(GJK_R(0.15)), gjk_v2(10, 3));
    for (int k = 0; k < 2; ++k) {
        gjk_compound_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair.pose_a = gjk_pose2_identity();
        in.tolerance = CC_TOL;
        if (k == 0) {
            in.pair.a = cbar, in.pair.b = cball;
            in.pair.pose_b = gjk_pose2_make(gjk_add2(end, gjk_v2(0, GJK_R(0.15))), 0);
            in.motion_a.rotation = GJK_R(0.3);
        } else {
            in.pair.a = cball, in.pair.b = cbar;
            in.pair.pose_b = gjk_pose2_make(gjk_neg2(gjk_add2(end, gjk_v2(0, GJK_R(0.15)))), 0);
            in.motion_b.rotation = GJK_R(0.3);
        }
        assert_true(check_bound2(&in, -1 - k));
    }
    gjk_compound2_destroy(cbar);
    gjk_compound2_destroy(cball);
}

static void test_bound2(void **st) {
    test_rng r = {97};
    int hits = 0;
    (void)st;
    check_bar2();
    for (int trial = 0; trial < 400; ++trial) {
        gjk_hull2 *ha = NULL, *hb = NULL;
        gjk_shape2 sa = trial % 2 ? test_shape2(&r, -1, &ha) : gjk_box2(gjk_v2(GJK_R(0.05), 3));
        gjk_shape2 sb = trial % 4 < 2 ? test_shape2(&r, -1, &hb) : gjk_box2(gjk_v2(GJK_R(0.05), 3));
        double off_range = trial % 3 == 2 ? 10 : 4;
        gjk_pose2 la = gjk_pose2_make(cc2_vec(&r, -off_range, off_range), (gjk_real)test_uniform(&r, -3, 3));
        gjk_pose2 lb = gjk_pose2_make(cc2_vec(&r, -off_range, off_range), (gjk_real)test_uniform(&r, -3, 3));
        gjk_compound2 *ca = gjk_compound2_create(&sa, &la, 1, NULL), *cb = gjk_compound2_create(&sb, &lb, 1, NULL);
        gjk_compound_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair.a = ca;
        in.pair.b = cb;
        in.pair.pose_a = gjk_pose2_identity();
        in.motion_a.rotation = (gjk_real)test_uniform(&r, -1.5, 1.5);
        if (trial % 3 != 1) in.motion_b.rotation = (gjk_real)test_uniform(&r, -1.5, 1.5);
        in.motion_b.translation = cc2_vec(&r, -3, 3);
        gjk_real when = (gjk_real)test_uniform(&r, 0.2, 1);
        gjk_vec2 meet = gjk_rotate2(gjk_rot2_from_angle(when * in.motion_a.rotation), la.position);
        gjk_vec2 off = gjk_rotate2(gjk_rot2_from_angle(when * in.motion_b.rotation), lb.position);
        meet = gjk_sub2(gjk_mad2(meet, -when, in.motion_b.translation), off);
        in.pair.pose_b = gjk_pose2_make(gjk_add2(meet, cc2_vec(&r, -1.5, 1.5)), 0);
        in.tolerance = CC_TOL;
        if (check_bound2(&in, trial)) ++hits;
        gjk_compound2_destroy(ca);
        gjk_compound2_destroy(cb);
        if (ha) gjk_hull2_destroy(ha);
        if (hb) gjk_hull2_destroy(hb);
    }
    assert_true(hits > 50);
}

static void test_extremes2(void **st) {
    test_rng r = {103};
    (void)st;
    for (int trial = 0; trial < 40; ++trial) {
        cc2 a, b;
        gjk_compound_cast_input2 in = cc2_scene(&r, &a, &b, trial, true);
        if (trial % 2) {
            gjk_vec2 far = gjk_v2(GJK_R(1e7), GJK_R(-3e6));
            in.pair.pose_a.position = gjk_add2(in.pair.pose_a.position, far);
            in.pair.pose_b.position = gjk_add2(in.pair.pose_b.position, far);
        } else {
            in.motion_a.rotation = in.motion_a.rotation * GJK_R(3e5);
        }
        gjk_compound_cast_result2 c = check_brute2(&in);
        assert_true(isfinite(c.cast.t) && isfinite(c.cast.normal.x) && isfinite(c.cast.point.y));
        cc2_free(&a);
        cc2_free(&b);
    }
}

/* n^2 parts, circles of radius 0.4 and boxes, spacing 1. */
static gjk_compound2 *cc2_grid(int n) {
    int count = n * n, k = 0;
    gjk_shape2 *s = (gjk_shape2 *)malloc((size_t)count * sizeof *s);
    gjk_pose2 *p = (gjk_pose2 *)malloc((size_t)count * sizeof *p);
    for (int x = 0; x < n; ++x)
        for (int y = 0; y < n; ++y, ++k) {
            s[k] = k % 2 ? gjk_circle2(GJK_R(0.4)) : gjk_box2(gjk_v2(GJK_R(0.3), GJK_R(0.4)));
            p[k] = gjk_pose2_make(gjk_v2((gjk_real)x, (gjk_real)y), 0);
        }
    gjk_compound2 *c = gjk_compound2_create(s, p, count, NULL);
    free(s);
    free(p);
    assert_non_null(c);
    return c;
}

/* Two grids of 225 parts: a small share of the 50,625 part pairs cast, and brute force's answer. */
static void test_pruning2(void **st) {
    gjk_compound2 *g = cc2_grid(15);
    gjk_vec2 from[3] = {{GJK_R(25.0), GJK_R(0.2)}, {GJK_R(22.0), GJK_R(21.0)}, {GJK_R(0.3), GJK_R(-20.0)}};
    (void)st;
    for (int k = 0; k < 6; ++k) {
        gjk_compound_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair.a = in.pair.b = g;
        in.pair.pose_a = gjk_pose2_identity();
        in.pair.pose_b = gjk_pose2_make(from[k % 3], GJK_R(0.3));
        in.motion_b.translation = gjk_scale2(from[k % 3], GJK_R(-0.8));
        if (k >= 3) {
            in.motion_b.rotation = GJK_R(0.4);
            in.motion_a.rotation = GJK_R(-0.1);
            in.tolerance = CC_TOL;
        }
        gjk_compound_cast_result2 r = check_brute2(&in);
        if (getenv("COMPOUND_VERBOSE"))
            printf("2D pruning %d: state %d t %g, %d pairs cast\n", k, (int)r.cast.state, (double)r.cast.t,
                   r.pairs_tested);
        assert_int_equal(r.cast.state, GJK_CAST_HIT);
        /* (13 at most in double and float; 52 with the chord bound alone) */
        assert_true(r.pairs_tested < 40);
        gjk_compound_cast_result2 f = gjk_compound_cast2_stack(&in, 1);
        assert_int_equal(f.part_a, r.part_a);
        assert_int_equal(f.part_b, r.part_b);
        same_cast2(&f.cast, &r.cast);
    }
    gjk_compound2_destroy(g);
}

static void test_states2(void **st) {
    gjk_shape2 s[3] = {gjk_box2(gjk_v2(1, 1)), gjk_circle2(1), gjk_box2(gjk_v2(GJK_R(0.5), 1))};
    gjk_pose2 p[3] = {gjk_pose2_identity(), gjk_pose2_make(gjk_v2(3, 0), 0), gjk_pose2_make(gjk_v2(6, 0), 0)};
    gjk_compound2 *c = gjk_compound2_create(s, p, 3, NULL);
    gjk_compound_cast_input2 in;
    (void)st;
    memset(&in, 0, sizeof in);
    in.pair.a = in.pair.b = c;
    in.pair.pose_a = gjk_pose2_identity();
    /* as in 3D: the deepest pair (1, 0), then ignore_separating, then a hit on the way out */
    in.pair.pose_b = gjk_pose2_make(gjk_v2(GJK_R(3.5), 0), 0);
    gjk_compound_cast_result2 r = check_brute2(&in);
    assert_int_equal(r.cast.state, GJK_CAST_OVERLAPPED);
    assert_true(r.cast.hit);
    assert_true(r.cast.t == 0);
    assert_int_equal(r.part_a, 1);
    assert_int_equal(r.part_b, 0);
    in.ignore_separating = true;
    in.motion_b.translation = gjk_v2(GJK_R(0.5), 0);
    r = check_brute2(&in);
    assert_int_equal(r.cast.state, GJK_CAST_OVERLAPPED);
    assert_false(r.cast.hit);
    assert_int_equal(r.part_a, 1);
    assert_int_equal(r.part_b, 0);
    in.motion_b.translation = gjk_v2(5, 0);
    r = check_brute2(&in);
    assert_int_equal(r.cast.state, GJK_CAST_HIT);
    assert_int_equal(r.part_a, 2);
    assert_int_equal(r.part_b, 0);
    assert_true(fabs((double)r.cast.t - 0.2) < TU(1e-12));
    in.pair.pose_b = gjk_pose2_make(gjk_v2(20, 0), 0);
    r = check_brute2(&in);
    assert_int_equal(r.cast.state, GJK_CAST_SEPARATED);
    assert_int_equal(r.part_a, -1);
    assert_true(r.cast.t == 1);
    in.motion_b.translation = gjk_v2(-24, 0);
    r = check_brute2(&in);
    assert_int_equal(r.cast.state, GJK_CAST_HIT);
    assert_int_equal(r.part_a, 2);
    assert_int_equal(r.part_b, 0);
    assert_true(fabs((double)r.cast.t - 12.5 / 24) < TU(1e-12));
    in.motion_a.rotation = GJK_R(1.5707963267948966);
    in.tolerance = CC_TOL;
    r = check_brute2(&in);
    assert_int_equal(r.cast.state, GJK_CAST_HIT);
    assert_true(r.cast.t > GJK_R(0.5));
    check_samples2(&in, &r, 30);
    gjk_compound2_destroy(c);
}

static void test_ties2(void **st) {
    gjk_shape2 s[4] = {gjk_circle2(1), gjk_box2(gjk_v2(1, 1)), gjk_box2(gjk_v2(1, 1)), gjk_circle2(GJK_R(0.2))};
    gjk_pose2 p[4] = {gjk_pose2_make(gjk_v2(0, 5), 0), gjk_pose2_make(gjk_v2(0, 1), 0), gjk_pose2_make(gjk_v2(0, 1), 0),
                      gjk_pose2_make(gjk_v2(0, 1), 0)};
    gjk_compound2 *c = gjk_compound2_create(s, p, 4, NULL), *d = gjk_compound2_create(s + 1, p + 1, 2, NULL);
    gjk_compound_cast_input2 in;
    (void)st;
    memset(&in, 0, sizeof in);
    in.pair.a = c;
    in.pair.b = d;
    in.pair.pose_a = gjk_pose2_identity();
    for (int k = 0; k < 3; ++k) {
        in.pair.pose_b = gjk_pose2_make(gjk_v2(k == 0 ? GJK_R(1.5) : 8, 0), 0);
        in.motion_b.translation = gjk_v2(k == 0 ? 0 : -8, 0);
        if (k == 2) {
            in.motion_a.rotation = GJK_R(0.3);
            in.tolerance = CC_TOL;
        }
        gjk_compound_cast_result2 r = check_brute2(&in);
        assert_int_equal(r.cast.state, k == 0 ? GJK_CAST_OVERLAPPED : GJK_CAST_HIT);
        assert_int_equal(r.part_a, 1);
        assert_int_equal(r.part_b, 0);
    }
    gjk_compound2_destroy(c);
    gjk_compound2_destroy(d);
}

static gjk_vec2 bad_support2(gjk_vec2 d, const void *data) {
    (void)data;
    return d.x > 0 ? gjk_v2(NAN, 0) : gjk_v2(0, 0);
}

static void test_bad_input2(void **st) {
    gjk_shape2 s = gjk_box2(gjk_v2(1, 1));
    gjk_compound2 *c = gjk_compound2_create(&s, NULL, 1, NULL);
    gjk_shape2 u = gjk_user2(bad_support2, NULL);
    gjk_compound2 *cu = gjk_compound2_create(&u, NULL, 1, NULL);
    gjk_compound_cast_input2 good, in;
    (void)st;
    assert_non_null(cu);
    memset(&good, 0, sizeof good);
    good.pair.a = good.pair.b = c;
    good.pair.pose_a = gjk_pose2_identity();
    good.pair.pose_b = gjk_pose2_make(gjk_v2(5, 0), 0);
    good.motion_b.translation = gjk_v2(-5, 0);
    assert_int_equal(gjk_compound_cast2(&good).cast.state, GJK_CAST_HIT);
    for (int k = 0; k < 12; ++k) {
        in = good;
        switch (k) {
        case 0: in.pair.a = NULL; break;
        case 1: in.pair.b = NULL; break;
        case 2: in.pair.pose_a.position.x = NAN; break;
        case 3: in.pair.pose_b.rotation.c = 0, in.pair.pose_b.rotation.s = 0; break;
        case 4: in.motion_a.translation.y = INFINITY; break;
        case 5: in.motion_b.rotation = NAN; break;
        case 6:
            in.pair.pose_b.position.x = GJK_R(0.75) * GJK_MAX_COORD;
            in.motion_b.translation.x = GJK_R(0.75) * GJK_MAX_COORD;
            break;
        case 7: in.target_distance = -1; break;
        case 8: in.target_distance = NAN; break;
        case 9: in.tolerance = NAN; break;
        case 10: in.tolerance = INFINITY; break;
        default: in.pair.b = cu; break;
        }
        gjk_compound_cast_result2 r = gjk_compound_cast2(&in);
        if (r.cast.status != GJK_INVALID_INPUT) fail_msg("case %d: status %d", k, (int)r.cast.status);
        assert_int_equal(r.part_a, -1);
        assert_int_equal(r.part_b, -1);
        assert_true(r.cast.t == 0 && !r.cast.hit);
    }
    assert_int_equal(gjk_compound_cast2(NULL).cast.status, GJK_INVALID_INPUT);
    gjk_compound2_destroy(c);
    gjk_compound2_destroy(cu);
}

static void test_one_part2(void **st) {
    test_rng r = {71};
    (void)st;
    for (int trial = 0; trial < 300; ++trial) {
        gjk_hull2 *ha = NULL, *hb = NULL;
        gjk_shape2 sa = test_shape2(&r, -1, &ha), sb = test_shape2(&r, -1, &hb);
        bool turning = trial % 2 == 1;
        gjk_pose2 la = gjk_pose2_make(turning ? gjk_v2(0, 0) : cc2_vec(&r, -1, 1), (gjk_real)test_uniform(&r, -3, 3));
        gjk_pose2 lb = gjk_pose2_make(turning ? gjk_v2(0, 0) : cc2_vec(&r, -1, 1), (gjk_real)test_uniform(&r, -3, 3));
        gjk_compound2 *ca = gjk_compound2_create(&sa, &la, 1, NULL), *cb = gjk_compound2_create(&sb, &lb, 1, NULL);
        gjk_compound_cast_input2 in;
        gjk_cast_input2 one;
        memset(&in, 0, sizeof in);
        memset(&one, 0, sizeof one);
        in.pair.a = ca;
        in.pair.b = cb;
        in.pair.pose_a = gjk_pose2_make(cc2_vec(&r, -1, 1), (gjk_real)test_uniform(&r, -3, 3));
        in.pair.pose_b = gjk_pose2_make(cc2_vec(&r, 2, 5), (gjk_real)test_uniform(&r, -3, 3));
        in.motion_b.translation = cc2_vec(&r, -8, 2);
        if (turning) {
            in.motion_a.rotation = (gjk_real)test_uniform(&r, -2, 2);
            in.motion_b.rotation = (gjk_real)test_uniform(&r, -2, 2);
        }
        in.target_distance = trial % 3 == 0 ? GJK_R(0.1) : 0;
        one.pair.a = gjk_compound2_part(ca, 0, NULL);
        one.pair.pose_a = gjk_compound2_part_pose(ca, 0, in.pair.pose_a);
        one.pair.b = gjk_compound2_part(cb, 0, NULL);
        one.pair.pose_b = gjk_compound2_part_pose(cb, 0, in.pair.pose_b);
        one.motion_a = in.motion_a;
        one.motion_b = in.motion_b;
        one.target_distance = in.target_distance;
        gjk_compound_cast_result2 c = gjk_compound_cast2(&in);
        gjk_cast_result2 s = gjk_shape_cast2(&one);
        if (s.state == GJK_CAST_SEPARATED) {
            assert_int_equal(c.cast.state, GJK_CAST_SEPARATED);
            assert_int_equal(c.part_a, -1);
        } else {
            assert_int_equal(c.part_a, 0);
            assert_int_equal(c.part_b, 0);
            same_cast2(&c.cast, &s);
        }
        gjk_compound2_destroy(ca);
        gjk_compound2_destroy(cb);
        if (ha) gjk_hull2_destroy(ha);
        if (hb) gjk_hull2_destroy(hb);
    }
}

static void test_noalloc2(void **st) {
    test_rng r = {73};
    (void)st;
    for (int trial = 0; trial < 40; ++trial) {
        cc2 a, b;
        gjk_compound_cast_input2 in = cc2_scene(&r, &a, &b, trial, trial % 2 == 1);
        gjk_set_allocator(test_count_alloc, test_count_free, NULL);
        test_allocs = 0;
        gjk_compound_cast_result2 x = gjk_compound_cast2(&in), y = gjk_compound_cast2(&in);
        gjk_set_allocator(NULL, NULL, NULL);
        assert_int_equal(test_allocs, 0);
        assert_int_equal(x.part_a, y.part_a);
        assert_int_equal(x.part_b, y.part_b);
        assert_int_equal(x.pairs_tested, y.pairs_tested);
        same_cast2(&x.cast, &y.cast);
        cc2_free(&a);
        cc2_free(&b);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_translate3), cmocka_unit_test(test_rotate3),   cmocka_unit_test(test_pruning3),
        cmocka_unit_test(test_states3),    cmocka_unit_test(test_bad_input3), cmocka_unit_test(test_one_part3),
        cmocka_unit_test(test_noalloc3),   cmocka_unit_test(test_ties3),      cmocka_unit_test(test_ties2),
        cmocka_unit_test(test_arm3),       cmocka_unit_test(test_arm2),       cmocka_unit_test(test_bound3),
        cmocka_unit_test(test_bound2),     cmocka_unit_test(test_extremes3),  cmocka_unit_test(test_extremes2),
        cmocka_unit_test(test_translate2), cmocka_unit_test(test_rotate2),
        cmocka_unit_test(test_pruning2),   cmocka_unit_test(test_states2),    cmocka_unit_test(test_bad_input2),
        cmocka_unit_test(test_one_part2),  cmocka_unit_test(test_noalloc2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
