// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 2D compound shapes (gjk/compound.h): the parts, their world poses, and the part queries at the leaves of the
   shared descent (compound.c). */
#include <string.h>

#include "compound_internal.h"
#include "ray_internal.h"
#include "internal2.h"

static gjk_status *compound2_status_sink(gjk_status *status, gjk_status *dummy) { return status ? status : dummy; }

static gjk_pose2 compound2_compose(gjk_pose2 outer, gjk_pose2 inner) {
    gjk_pose2 out;
    out.position = gjk_add2(outer.position, gjk_rotate2(outer.rotation, inner.position));
    out.rotation.c = outer.rotation.c * inner.rotation.c - outer.rotation.s * inner.rotation.s;
    out.rotation.s = outer.rotation.s * inner.rotation.c + outer.rotation.c * inner.rotation.s;
    return out;
}

/* The pose with its rotation unit, by the rule every 2D query takes rotations by (a valid pose's). */
static gjk_pose2 compound2_unit(gjk_pose2 pose) {
    gjk_rot2 q;
    if (gjk2_unit_rotation(pose.rotation, &q)) pose.rotation = q;
    return pose;
}

static bool compound2_valid(const void *shape, const void *pose) {
    return gjk_shape2_validate((const gjk_shape2 *)shape) == GJK_OK &&
           (!pose || gjk2_pose_valid(*(const gjk_pose2 *)pose));
}

static void compound2_store(gjk_compound *c, int i, const void *shape, const void *pose, gjk_tree_box *box) {
    gjk_shape2 *s = (gjk_shape2 *)(void *)c->shapes + i;
    gjk_pose2 *p = (gjk_pose2 *)(void *)c->poses + i;
    *s = *(const gjk_shape2 *)shape;
    *p = compound2_unit(pose ? *(const gjk_pose2 *)pose : gjk_pose2_identity());
    c->origin_reach = gjk_maxr(c->origin_reach, gjk_len2(p->position));
    *box = gjk_tree_box2(gjk_shape2_aabb(s, *p));
}

static void *compound2_hull(const void *points, int count, gjk_real margin, void *shape, gjk_status *status) {
    gjk_hull2 *h = gjk_hull2_create((const gjk_vec2 *)points, count, status);
    gjk_shape2 *s = (gjk_shape2 *)shape;
    if (!h) return NULL;
    *s = gjk_rounded2(gjk_polygon2(h), margin);
    *status = gjk_shape2_validate(s);
    if (*status == GJK_OK) return h;
    gjk_hull2_destroy(h);
    return NULL;
}

static void compound2_free_hull(void *hull) { gjk_hull2_destroy((gjk_hull2 *)hull); }

static const gjk_compound_dim compound2_dim = {sizeof(gjk_shape2), sizeof(gjk_pose2), sizeof(gjk_vec2), true,
                                               compound2_valid,    compound2_store,   compound2_hull,
                                               compound2_free_hull};

static gjk_compound2 *compound2_of(gjk_compound *c) { return (gjk_compound2 *)(void *)c; }

void gjk_compound2_destroy(gjk_compound2 *compound) {
    gjk_compound_destroy(&compound2_dim, compound ? &compound->core : NULL);
}

gjk_compound2 *gjk_compound2_create(const gjk_shape2 *shapes, const gjk_pose2 *poses, int count,
                                    gjk_status *status) {
    gjk_status dummy;
    return compound2_of(gjk_compound_create(&compound2_dim, shapes, poses, count,
                                            compound2_status_sink(status, &dummy)));
}

gjk_compound2 *gjk_compound2_create_from_pieces(const gjk_vec2 *points, const int *first, int piece_count,
                                                gjk_real margin, gjk_status *status) {
    gjk_status dummy;
    return compound2_of(gjk_compound_from_pieces(&compound2_dim, points, first, piece_count, margin,
                                                 compound2_status_sink(status, &dummy)));
}

static const gjk_shape2 *compound2_shape(const gjk_compound2 *c, int i) {
    return (const gjk_shape2 *)(const void *)c->core.shapes + i;
}
static gjk_pose2 compound2_pose(const gjk_compound2 *c, int i) {
    return ((const gjk_pose2 *)(const void *)c->core.poses)[i];
}

int gjk_compound2_part_count(const gjk_compound2 *compound) { return compound->core.count; }

const gjk_shape2 *gjk_compound2_part(const gjk_compound2 *compound, int part, gjk_pose2 *pose) {
    GJK_ASSERT(part >= 0 && part < compound->core.count);
    if (pose) *pose = compound2_pose(compound, part);
    return compound2_shape(compound, part);
}

gjk_pose2 gjk_compound2_part_pose(const gjk_compound2 *compound, int part, gjk_pose2 pose) {
    GJK_ASSERT(part >= 0 && part < compound->core.count);
    return compound2_compose(compound2_unit(pose), compound2_pose(compound, part));
}

gjk_aabb2 gjk_compound2_aabb(const gjk_compound2 *compound, gjk_pose2 pose) {
    const gjk_tree_box *r = &compound->core.box;
    gjk_aabb2 out;
    if (!gjk2_pose_valid(pose)) {
        gjk_vec2 p = gjk_finite2(pose.position) ? pose.position : gjk_v2(0, 0);
        out.lower = out.upper = p;
        return out;
    }
    gjk_rot2 q = compound2_unit(pose).rotation;
    gjk_vec2 c = gjk_v2(GJK_R(0.5) * (r->lower[0] + r->upper[0]), GJK_R(0.5) * (r->lower[1] + r->upper[1]));
    gjk_vec2 e = gjk_v2(GJK_R(0.5) * (r->upper[0] - r->lower[0]), GJK_R(0.5) * (r->upper[1] - r->lower[1]));
    gjk_vec2 wc = gjk_add2(pose.position, gjk_rotate2(q, c));
    gjk_vec2 we = gjk_v2(GJK_ABS(q.c) * e.x + GJK_ABS(q.s) * e.y, GJK_ABS(q.s) * e.x + GJK_ABS(q.c) * e.y);
    /* Each term is off by a few ulps of the largest magnitude in play. */
    gjk_real pad = (GJK_ABS(pose.position.x) + GJK_ABS(pose.position.y) + gjk_len2(c) + gjk_len2(e)) *
                   (16 * GJK_REAL_EPSILON);
    we = gjk_add2(we, gjk_v2(pad, pad));
    out.lower = gjk_sub2(wc, we);
    out.upper = gjk_add2(wc, we);
    return out;
}

/* ---- queries ---- */

static bool compound2_pair_valid(const gjk_compound_pair2 *pair) {
    return pair && pair->a && pair->b && gjk2_pose_valid(pair->pose_a) && gjk2_pose_valid(pair->pose_b);
}

/* B's frame in A's for the descent's boxes; returns the poses' size for its slack. */
static gjk_real compound2_relative(gjk_compound_walk *w, gjk_pose2 a, gjk_pose2 b) {
    /* The rotation of B relative to A: A's inverse, then B's. */
    gjk_real c = a.rotation.c * b.rotation.c + a.rotation.s * b.rotation.s;
    gjk_real sn = a.rotation.c * b.rotation.s - a.rotation.s * b.rotation.c;
    gjk_vec2 t = gjk_inv_rotate2(a.rotation, gjk_sub2(b.position, a.position));
    gjk_real s = 0;
    w->rot[0][0] = c, w->rot[0][1] = -sn;
    w->rot[1][0] = sn, w->rot[1][1] = c;
    w->shift[0] = t.x, w->shift[1] = t.y;
    s = gjk_maxr(s, GJK_ABS(t.x) + GJK_ABS(t.y));
    s = gjk_maxr(s, GJK_ABS(a.position.x) + GJK_ABS(a.position.y));
    s = gjk_maxr(s, GJK_ABS(b.position.x) + GJK_ABS(b.position.y));
    return s;
}

typedef struct gjk_compound2_query {
    const gjk_compound2 *a, *b;
    gjk_pose2 pose_a, pose_b; /* rotations unit */
    gjk_query_kind kind;
    const gjk_options *options;
    gjk_compound_judge judge;
    gjk_result2 best;
} gjk_compound2_query;

static bool compound2_query_leaf(gjk_compound_walk *w, int part_a, int part_b) {
    gjk_compound2_query *q = (gjk_compound2_query *)w->context;
    gjk_pair2 pair;
    gjk_result2 r;
    pair.a = compound2_shape(q->a, part_a);
    pair.pose_a = compound2_compose(q->pose_a, compound2_pose(q->a, part_a));
    pair.b = compound2_shape(q->b, part_b);
    pair.pose_b = compound2_compose(q->pose_b, compound2_pose(q->b, part_b));
    r = gjk_query2(q->kind, &pair, q->options, NULL);
    if (gjk_compound_judge_pair(&q->judge, w, part_a, part_b, r.intersect, r.distance, r.lower, r.upper, r.status))
        q->best = r;
    return w->stopped;
}

gjk_compound_result2 gjk_compound_query2_stack(gjk_query_kind kind, const gjk_compound_pair2 *pair,
                                               const gjk_options *options, int stack) {
    gjk_compound_result2 out;
    gjk_compound2_query q;
    gjk_compound_walk w;
    gjk_limits limits;
    memset(&out, 0, sizeof out);
    out.part_a = out.part_b = -1;
    if (!compound2_pair_valid(pair) || (unsigned)kind > (unsigned)GJK_QUERY_SIGNED_DISTANCE ||
        !gjk_limits_from(options, &limits)) {
        out.result.status = GJK_INVALID_INPUT;
        return out;
    }
    memset(&q, 0, sizeof q);
    q.a = pair->a;
    q.b = pair->b;
    q.pose_a = compound2_unit(pair->pose_a);
    q.pose_b = compound2_unit(pair->pose_b);
    q.kind = kind;
    q.options = options;
    gjk_compound_walk_init(&w, &pair->a->core.tree, &pair->b->core.tree, 0, compound2_query_leaf, &q);
    gjk_compound_slack(&w, compound2_relative(&w, q.pose_a, q.pose_b));
    gjk_compound_judge_init(&q.judge, kind, &w);
    gjk_compound_descend(&w, stack);
    if (q.judge.part_a >= 0) out.result = q.best;
    gjk_compound_judge_interval(&q.judge, &w, &out.result.lower, &out.result.upper);
    if (q.judge.part_a < 0) out.result.distance = out.result.lower;
    out.result.status = q.judge.status;
    out.part_a = q.judge.part_a;
    out.part_b = q.judge.part_b;
    out.pairs_tested = w.visits;
    return out;
}

gjk_compound_result2 gjk_compound_query2(gjk_query_kind kind, const gjk_compound_pair2 *pair,
                                         const gjk_options *options) {
    return gjk_compound_query2_stack(kind, pair, options, GJK_COMPOUND_STACK);
}

/* A collide's two sides, each a compound or (compound NULL) a convex shape standing in for a compound of one part
   at the identity: the world's bodies, without a compound made for every convex body. */
typedef struct gjk_compound2_collide {
    const gjk_compound2 *a, *b;
    const gjk_shape2 *single_a, *single_b;
    gjk_pose2 pose_a, pose_b;
    gjk_real speculative;
    gjk_status status;
    gjk_compound_list list;
} gjk_compound2_collide;

static const gjk_shape2 *compound2_side_shape(const gjk_compound2 *c, const gjk_shape2 *single, int part) {
    return c ? compound2_shape(c, part) : single;
}
/* A side's part pose in its frame: a single shape's is the identity, as a one-part compound's would be. */
static gjk_pose2 compound2_side_pose(const gjk_compound2 *c, int part) {
    return c ? compound2_pose(c, part) : gjk_pose2_identity();
}

static bool compound2_collide_leaf(gjk_compound_walk *w, int part_a, int part_b) {
    gjk_compound2_collide *q = (gjk_compound2_collide *)w->context;
    gjk_pair2 pair;
    gjk_compound_contact2 c;
    pair.a = compound2_side_shape(q->a, q->single_a, part_a);
    pair.pose_a = compound2_compose(q->pose_a, compound2_side_pose(q->a, part_a));
    pair.b = compound2_side_shape(q->b, q->single_b, part_b);
    pair.pose_b = compound2_compose(q->pose_b, compound2_side_pose(q->b, part_b));
    c.part_a = part_a;
    c.part_b = part_b;
    c.manifold = gjk_collide2(&pair, q->speculative, NULL);
    q->status = gjk_worse_status(q->status, c.manifold.status);
    if (c.manifold.count > 0) gjk_compound_list_add(&q->list, &c);
    return false;
}

/* The part tree of a single shape: one leaf, its box in its own frame, in the caller's storage. */
static const gjk_tree *compound2_single_tree(gjk_tree *t, gjk_tree_node *node, gjk_tree_leaf *leaf,
                                              const gjk_shape2 *shape) {
    gjk_tree_box box = gjk_tree_box2(gjk_shape2_aabb(shape, gjk_pose2_identity()));
    gjk_compound_single_tree(t, node, leaf, &box, true);
    return t;
}

/* The collide of two valid sides (q's fields but the list set), into contacts[0 .. capacity). */
static int compound2_collide_run(gjk_compound2_collide *q, gjk_real speculative, gjk_compound_contact2 *contacts,
                                  int capacity, gjk_status *status) {
    gjk_tree single[2];
    gjk_tree_node nodes[2];
    gjk_tree_leaf leaves[2];
    const gjk_tree *ta = q->a ? &q->a->core.tree
                              : compound2_single_tree(&single[0], &nodes[0], &leaves[0], q->single_a);
    const gjk_tree *tb = q->b ? &q->b->core.tree
                              : compound2_single_tree(&single[1], &nodes[1], &leaves[1], q->single_b);
    gjk_compound_walk w;
    q->pose_a = compound2_unit(q->pose_a);
    q->pose_b = compound2_unit(q->pose_b);
    q->speculative = speculative;
    q->status = GJK_OK;
    memset(&q->list, 0, sizeof q->list);
    q->list.base = (unsigned char *)contacts;
    q->list.size = sizeof *contacts;
    q->list.capacity = capacity;
    gjk_compound_walk_init(&w, ta, tb, 0, compound2_collide_leaf, q);
    gjk_compound_slack(&w, compound2_relative(&w, q->pose_a, q->pose_b));
    /* Pairs within the speculative distance, and the touching band beyond it. */
    w.cut = speculative + w.slack;
    gjk_compound_descend(&w, GJK_COMPOUND_STACK);
    gjk_compound_list_finish(&q->list);
    *status = q->status;
    return q->list.count;
}

int gjk_compound_collide2(const gjk_compound_pair2 *pair, gjk_real speculative_distance,
                          gjk_compound_contact2 *contacts, int capacity, gjk_status *status) {
    gjk_status dummy;
    gjk_compound2_collide q;
    status = compound2_status_sink(status, &dummy);
    if (!compound2_pair_valid(pair) || !(speculative_distance >= 0) || !gjk_bounded(speculative_distance) ||
        capacity < 0 || (capacity > 0 && !contacts)) {
        *status = GJK_INVALID_INPUT;
        return 0;
    }
    memset(&q, 0, sizeof q);
    q.a = pair->a;
    q.b = pair->b;
    q.pose_a = pair->pose_a;
    q.pose_b = pair->pose_b;
    return compound2_collide_run(&q, speculative_distance, contacts, capacity, status);
}

int gjk_compound2_collide_sides(const gjk_compound2 *a, const gjk_shape2 *shape_a, gjk_pose2 pose_a,
                                const gjk_compound2 *b, const gjk_shape2 *shape_b, gjk_pose2 pose_b,
                                gjk_real speculative, gjk_compound_contact2 *contacts, int capacity) {
    gjk_compound2_collide q;
    gjk_status status;
    memset(&q, 0, sizeof q);
    q.a = a, q.single_a = shape_a, q.pose_a = pose_a;
    q.b = b, q.single_b = shape_b, q.pose_b = pose_b;
    return compound2_collide_run(&q, speculative, contacts, capacity, &status);
}

typedef struct gjk_compound2_ray {
    const gjk_compound2 *c;
    gjk_pose2 pose;
    gjk_ray2 ray;
    gjk_compound_ray_result2 best;
    gjk_status status;
} gjk_compound2_ray;

static gjk_real compound2_ray_leaf(int proxy, uint64_t user, gjk_real max_t, void *context) {
    gjk_compound2_ray *q = (gjk_compound2_ray *)context;
    int part = (int)user;
    gjk_ray2 ray = q->ray;
    gjk_ray_result2 r;
    (void)proxy;
    ray.max_fraction = max_t;
    r = gjk_raycast2(compound2_shape(q->c, part), compound2_compose(q->pose, compound2_pose(q->c, part)), &ray);
    q->status = gjk_worse_status(q->status, r.status);
    /* A miss leaves the walk's reach as it is (any value above it does); a hit at 0 ends the walk. */
    if (!r.hit || (q->best.part >= 0 && !(r.fraction < q->best.ray.fraction))) return GJK_REAL_MAX;
    q->best.ray = r;
    q->best.part = part;
    return r.fraction;
}

gjk_compound_ray_result2 gjk_compound_raycast2(const gjk_compound2 *compound, gjk_pose2 pose,
                                               const gjk_ray2 *ray) {
    gjk_compound2_ray q;
    gjk_real o[3], d[3];
    memset(&q, 0, sizeof q);
    q.best.part = -1;
    /* the single ray cast's own rule, so that a ray one call accepts the other does too */
    if (!compound || !gjk2_pose_valid(pose) || !gjk_ray2_valid(ray)) {
        q.best.ray.status = GJK_INVALID_INPUT;
        return q.best;
    }
    q.c = compound;
    q.pose = compound2_unit(pose);
    q.ray = *ray;
    q.status = GJK_OK;
    /* The tree's slab tests run in the compound's frame; the parts' casts in the world, as brute force would. */
    gjk_vec2 lo = gjk_pose2_inv_apply(q.pose, ray->origin), ld = gjk_inv_rotate2(q.pose.rotation, ray->translation);
    o[0] = lo.x, o[1] = lo.y, o[2] = 0;
    d[0] = ld.x, d[1] = ld.y, d[2] = 0;
    gjk_tree_query_ray(&compound->core.tree, o, d, ray->max_fraction, compound2_ray_leaf, &q, GJK_TREE_STACK);
    if (q.best.part < 0) memset(&q.best.ray, 0, sizeof q.best.ray);
    q.best.ray.status = q.status;
    return q.best;
}

/* ---- shape casts ---- */

/* A part of a turning compound as a shape whose origin is the compound's (as in 3D, compound3.c): its core at the
   part's pose, rounded by the part's radius. */
typedef struct gjk_compound2_wrap {
    const gjk_shape2 *shape;
    gjk_rot2 rot; /* the part's rotation in the compound's frame */
    gjk_vec2 pos; /* the part's origin in the compound's frame */
} gjk_compound2_wrap;

static gjk_vec2 compound2_wrap_support(gjk_vec2 d, const void *data) {
    const gjk_compound2_wrap *p = (const gjk_compound2_wrap *)data;
    return gjk_add2(p->pos, gjk_rotate2(p->rot, gjk2_core_support(p->shape, gjk_inv_rotate2(p->rot, d))));
}

typedef struct gjk_compound2_cast {
    const gjk_compound2 *a, *b;
    gjk_pose2 pose_a, pose_b; /* rotations unit */
    bool turn_a, turn_b;
    const gjk_compound_cast_input2 *in;
    gjk_compound_toi judge;
    gjk_cast_result2 best;
    bool invalid;
} gjk_compound2_cast;

/* Part `i` of compound c at `pose` as one shape of a pair cast (as compound3_cast_part). */
static const gjk_shape2 *compound2_cast_part(const gjk_compound2 *c, int i, gjk_pose2 pose, bool turning,
                                             gjk_shape2 *wrapped, gjk_compound2_wrap *wrap, gjk_pose2 *out) {
    gjk_pose2 p = compound2_pose(c, i);
    const gjk_shape2 *s = compound2_shape(c, i);
    if (!turning || (p.position.x == 0 && p.position.y == 0)) {
        *out = compound2_compose(pose, p);
        return s;
    }
    wrap->shape = s;
    wrap->rot = p.rotation;
    wrap->pos = p.position;
    *wrapped = gjk_rounded2(gjk_user2(compound2_wrap_support, wrap), gjk2_core_radius(s));
    *out = pose;
    return wrapped;
}

static bool compound2_cast_leaf(gjk_compound_walk *w, int part_a, int part_b) {
    gjk_compound2_cast *q = (gjk_compound2_cast *)w->context;
    gjk_cast_input2 in;
    gjk_shape2 sa, sb;
    gjk_compound2_wrap wa, wb;
    gjk_cast_result2 r;
    gjk_real depth;
    memset(&in, 0, sizeof in);
    in.pair.a = compound2_cast_part(q->a, part_a, q->pose_a, q->turn_a, &sa, &wa, &in.pair.pose_a);
    in.pair.b = compound2_cast_part(q->b, part_b, q->pose_b, q->turn_b, &sb, &wb, &in.pair.pose_b);
    in.motion_a = q->in->motion_a;
    in.motion_b = q->in->motion_b;
    in.target_distance = q->in->target_distance;
    in.tolerance = q->in->tolerance;
    in.ignore_separating = q->in->ignore_separating;
    r = gjk_shape_cast2(&in);
    if (r.status == GJK_INVALID_INPUT) {
        q->invalid = true;
        return true;
    }
    depth = gjk_dot2(gjk_sub2(r.point_b, r.point_a), r.normal);
    if (gjk_compound_toi_pair(&q->judge, w, part_a, part_b, r.state, r.hit, r.t, depth, r.status)) q->best = r;
    return false;
}

static bool compound2_motion_valid(const gjk_motion2 *m, gjk_vec2 position) {
    return gjk_bounded2(m->translation) && gjk_bounded(m->rotation) &&
           gjk_bounded2(gjk_add2(position, m->translation));
}

gjk_compound_cast_result2 gjk_compound_cast2_stack(const gjk_compound_cast_input2 *input, int stack) {
    gjk_compound_cast_result2 out;
    gjk_compound2_cast q;
    gjk_compound_walk w;
    gjk_real vel[3], turn_a[3] = {0, 0, 0}, turn_b[3] = {0, 0, 0}, pose_size;
    memset(&out, 0, sizeof out);
    out.part_a = out.part_b = -1;
    if (!input || !compound2_pair_valid(&input->pair) ||
        !compound2_motion_valid(&input->motion_a, input->pair.pose_a.position) ||
        !compound2_motion_valid(&input->motion_b, input->pair.pose_b.position) ||
        !(input->target_distance >= 0 && input->target_distance <= GJK_MAX_COORD) || !gjk_finite(input->tolerance) ||
        !gjk_bounded(input->tolerance)) {
        out.cast.status = GJK_INVALID_INPUT;
        return out;
    }
    memset(&q, 0, sizeof q);
    q.a = input->pair.a;
    q.b = input->pair.b;
    q.pose_a = compound2_unit(input->pair.pose_a);
    q.pose_b = compound2_unit(input->pair.pose_b);
    q.turn_a = input->motion_a.rotation != 0;
    q.turn_b = input->motion_b.rotation != 0;
    q.in = input;
    gjk_compound_walk_init(&w, &q.a->core.tree, &q.b->core.tree, 0, compound2_cast_leaf, &q);
    pose_size = compound2_relative(&w, q.pose_a, q.pose_b);
    gjk_vec2 v = gjk_inv_rotate2(q.pose_a.rotation, gjk_sub2(input->motion_b.translation, input->motion_a.translation));
    vel[0] = v.x, vel[1] = v.y, vel[2] = 0;
    /* A turn in the plane is a rotation vector along z, the same in A's frame. */
    turn_a[2] = input->motion_a.rotation;
    turn_b[2] = input->motion_b.rotation;
    gjk_compound_sweep(&w, &q.a->core, &q.b->core, vel, turn_a, turn_b, input->target_distance, input->tolerance,
                       pose_size);
    gjk_compound_toi_init(&q.judge, &w);
    gjk_compound_descend(&w, stack);
    if (q.invalid) {
        out.cast.status = GJK_INVALID_INPUT;
        return out;
    }
    out.pairs_tested = w.visits;
    if (q.judge.part_a < 0) {
        out.cast.status = q.judge.status;
        out.cast.state = GJK_CAST_SEPARATED;
        out.cast.t = 1;
        return out;
    }
    out.cast = q.best;
    out.part_a = q.judge.part_a;
    out.part_b = q.judge.part_b;
    return out;
}

gjk_compound_cast_result2 gjk_compound_cast2(const gjk_compound_cast_input2 *input) {
    return gjk_compound_cast2_stack(input, GJK_COMPOUND_STACK);
}
