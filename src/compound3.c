// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* 3D compound shapes (gjk/compound.h): the parts, their world poses, and the part queries at the leaves of the
   shared descent (compound.c). */
#include <string.h>

#include "compound_internal.h"
#include "ray_internal.h"
#include "internal3.h"

static gjk_status *compound3_status_sink(gjk_status *status, gjk_status *dummy) { return status ? status : dummy; }

static gjk_pose3 compound3_compose(gjk_pose3 outer, gjk_pose3 inner) {
    gjk_pose3 out;
    out.position = gjk_add3(outer.position, gjk_quat_rotate(outer.rotation, inner.position));
    out.rotation = gjk_quat_mul(outer.rotation, inner.rotation);
    return out;
}

static gjk_pose3 compound3_unit(gjk_pose3 pose) {
    pose.rotation = gjk_quat_normalize(pose.rotation);
    return pose;
}

static bool compound3_valid(const void *shape, const void *pose) {
    return gjk_shape3_validate((const gjk_shape3 *)shape) == GJK_OK &&
           (!pose || gjk_pose3_valid(*(const gjk_pose3 *)pose));
}

static void compound3_store(gjk_compound *c, int i, const void *shape, const void *pose, gjk_tree_box *box) {
    gjk_shape3 *s = (gjk_shape3 *)(void *)c->shapes + i;
    gjk_pose3 *p = (gjk_pose3 *)(void *)c->poses + i;
    *s = *(const gjk_shape3 *)shape;
    *p = compound3_unit(pose ? *(const gjk_pose3 *)pose : gjk_pose3_identity());
    c->origin_reach = gjk_maxr(c->origin_reach, gjk_len3(p->position));
    *box = gjk_tree_box3(gjk_shape3_aabb(s, *p));
}

static void *compound3_hull(const void *points, int count, gjk_real margin, void *shape, gjk_status *status) {
    gjk_hull3 *h = gjk_hull3_create((const gjk_vec3 *)points, count, status);
    gjk_shape3 *s = (gjk_shape3 *)shape;
    if (!h) return NULL;
    *s = gjk_rounded3(gjk_hull_shape3(h), margin);
    *status = gjk_shape3_validate(s);
    if (*status == GJK_OK) return h;
    gjk_hull3_destroy(h);
    return NULL;
}

static void compound3_free_hull(void *hull) { gjk_hull3_destroy((gjk_hull3 *)hull); }

static const gjk_compound_dim compound3_dim = {sizeof(gjk_shape3), sizeof(gjk_pose3), sizeof(gjk_vec3), false,
                                               compound3_valid,    compound3_store,   compound3_hull,
                                               compound3_free_hull};

static gjk_compound3 *compound3_of(gjk_compound *c) { return (gjk_compound3 *)(void *)c; }

void gjk_compound3_destroy(gjk_compound3 *compound) {
    gjk_compound_destroy(&compound3_dim, compound ? &compound->core : NULL);
}

gjk_compound3 *gjk_compound3_create(const gjk_shape3 *shapes, const gjk_pose3 *poses, int count,
                                    gjk_status *status) {
    gjk_status dummy;
    return compound3_of(gjk_compound_create(&compound3_dim, shapes, poses, count,
                                            compound3_status_sink(status, &dummy)));
}

gjk_compound3 *gjk_compound3_create_from_pieces(const gjk_vec3 *points, const int *first, int piece_count,
                                                gjk_real margin, gjk_status *status) {
    gjk_status dummy;
    return compound3_of(gjk_compound_from_pieces(&compound3_dim, points, first, piece_count, margin,
                                                 compound3_status_sink(status, &dummy)));
}

static const gjk_shape3 *compound3_shape(const gjk_compound3 *c, int i) {
    return (const gjk_shape3 *)(const void *)c->core.shapes + i;
}
static gjk_pose3 compound3_pose(const gjk_compound3 *c, int i) {
    return ((const gjk_pose3 *)(const void *)c->core.poses)[i];
}

int gjk_compound3_part_count(const gjk_compound3 *compound) { return compound->core.count; }

const gjk_shape3 *gjk_compound3_part(const gjk_compound3 *compound, int part, gjk_pose3 *pose) {
    GJK_ASSERT(part >= 0 && part < compound->core.count);
    if (pose) *pose = compound3_pose(compound, part);
    return compound3_shape(compound, part);
}

gjk_pose3 gjk_compound3_part_pose(const gjk_compound3 *compound, int part, gjk_pose3 pose) {
    GJK_ASSERT(part >= 0 && part < compound->core.count);
    return compound3_compose(compound3_unit(pose), compound3_pose(compound, part));
}

gjk_aabb3 gjk_compound3_aabb(const gjk_compound3 *compound, gjk_pose3 pose) {
    const gjk_tree_box *r = &compound->core.box;
    gjk_aabb3 out;
    if (!gjk_pose3_valid(pose)) {
        gjk_vec3 p = gjk_finite3(pose.position) ? pose.position : gjk_v3(0, 0, 0);
        out.lower = out.upper = p;
        return out;
    }
    gjk_mat33 m = gjk_mat33_from_any_quat(pose.rotation);
    gjk_vec3 c = gjk_v3(GJK_R(0.5) * (r->lower[0] + r->upper[0]), GJK_R(0.5) * (r->lower[1] + r->upper[1]),
                        GJK_R(0.5) * (r->lower[2] + r->upper[2]));
    gjk_vec3 e = gjk_v3(GJK_R(0.5) * (r->upper[0] - r->lower[0]), GJK_R(0.5) * (r->upper[1] - r->lower[1]),
                        GJK_R(0.5) * (r->upper[2] - r->lower[2]));
    gjk_vec3 wc = gjk_add3(pose.position, gjk_mat33_mul(m, c));
    gjk_vec3 we = gjk_v3(GJK_ABS(m.r0.x) * e.x + GJK_ABS(m.r0.y) * e.y + GJK_ABS(m.r0.z) * e.z,
                         GJK_ABS(m.r1.x) * e.x + GJK_ABS(m.r1.y) * e.y + GJK_ABS(m.r1.z) * e.z,
                         GJK_ABS(m.r2.x) * e.x + GJK_ABS(m.r2.y) * e.y + GJK_ABS(m.r2.z) * e.z);
    /* Each term is off by a few ulps of the largest magnitude in play. */
    gjk_real pad = (GJK_ABS(pose.position.x) + GJK_ABS(pose.position.y) + GJK_ABS(pose.position.z) + gjk_len3(c) +
                    gjk_len3(e)) *
                   (16 * GJK_REAL_EPSILON);
    we = gjk_add3(we, gjk_v3(pad, pad, pad));
    out.lower = gjk_sub3(wc, we);
    out.upper = gjk_add3(wc, we);
    return out;
}

/* ---- queries ---- */

static bool compound3_pair_valid(const gjk_compound_pair3 *pair) {
    return pair && pair->a && pair->b && gjk_pose3_valid(pair->pose_a) && gjk_pose3_valid(pair->pose_b);
}

/* B's frame in A's for the descent's boxes; returns the poses' size for its slack. */
static gjk_real compound3_relative(gjk_compound_walk *w, gjk_pose3 a, gjk_pose3 b) {
    gjk_quat rel = gjk_quat_mul(gjk_quat_conj(a.rotation), b.rotation);
    gjk_mat33 m = gjk_mat33_from_quat(rel);
    gjk_vec3 t = gjk_quat_inv_rotate(a.rotation, gjk_sub3(b.position, a.position));
    const gjk_vec3 *rows[3] = {&m.r0, &m.r1, &m.r2};
    gjk_real s = 0;
    for (int k = 0; k < 3; ++k) {
        w->rot[k][0] = rows[k]->x, w->rot[k][1] = rows[k]->y, w->rot[k][2] = rows[k]->z;
    }
    w->shift[0] = t.x, w->shift[1] = t.y, w->shift[2] = t.z;
    s = gjk_maxr(s, GJK_ABS(t.x) + GJK_ABS(t.y) + GJK_ABS(t.z));
    s = gjk_maxr(s, GJK_ABS(a.position.x) + GJK_ABS(a.position.y) + GJK_ABS(a.position.z));
    s = gjk_maxr(s, GJK_ABS(b.position.x) + GJK_ABS(b.position.y) + GJK_ABS(b.position.z));
    return s;
}

typedef struct gjk_compound3_query {
    const gjk_compound3 *a, *b;
    gjk_pose3 pose_a, pose_b; /* rotations unit */
    gjk_query_kind kind;
    const gjk_options *options;
    gjk_compound_judge judge;
    gjk_result3 best;
} gjk_compound3_query;

static bool compound3_query_leaf(gjk_compound_walk *w, int part_a, int part_b) {
    gjk_compound3_query *q = (gjk_compound3_query *)w->context;
    gjk_pair3 pair;
    gjk_result3 r;
    pair.a = compound3_shape(q->a, part_a);
    pair.pose_a = compound3_compose(q->pose_a, compound3_pose(q->a, part_a));
    pair.b = compound3_shape(q->b, part_b);
    pair.pose_b = compound3_compose(q->pose_b, compound3_pose(q->b, part_b));
    r = gjk_query3(q->kind, &pair, q->options, NULL);
    if (gjk_compound_judge_pair(&q->judge, w, part_a, part_b, r.intersect, r.distance, r.lower, r.upper, r.status))
        q->best = r;
    return w->stopped;
}

gjk_compound_result3 gjk_compound_query3_stack(gjk_query_kind kind, const gjk_compound_pair3 *pair,
                                               const gjk_options *options, int stack) {
    gjk_compound_result3 out;
    gjk_compound3_query q;
    gjk_compound_walk w;
    gjk_limits limits;
    memset(&out, 0, sizeof out);
    out.part_a = out.part_b = -1;
    if (!compound3_pair_valid(pair) || (unsigned)kind > (unsigned)GJK_QUERY_SIGNED_DISTANCE ||
        !gjk_limits_from(options, &limits)) {
        out.result.status = GJK_INVALID_INPUT;
        return out;
    }
    memset(&q, 0, sizeof q);
    q.a = pair->a;
    q.b = pair->b;
    q.pose_a = compound3_unit(pair->pose_a);
    q.pose_b = compound3_unit(pair->pose_b);
    q.kind = kind;
    q.options = options;
    gjk_compound_walk_init(&w, &pair->a->core.tree, &pair->b->core.tree, 0, compound3_query_leaf, &q);
    gjk_compound_slack(&w, compound3_relative(&w, q.pose_a, q.pose_b));
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

gjk_compound_result3 gjk_compound_query3(gjk_query_kind kind, const gjk_compound_pair3 *pair,
                                         const gjk_options *options) {
    return gjk_compound_query3_stack(kind, pair, options, GJK_COMPOUND_STACK);
}

/* A collide's two sides, each a compound or (compound NULL) a convex shape standing in for a compound of one part
   at the identity: the world's bodies, without a compound made for every convex body. */
typedef struct gjk_compound3_collide {
    const gjk_compound3 *a, *b;
    const gjk_shape3 *single_a, *single_b;
    gjk_pose3 pose_a, pose_b;
    gjk_real speculative;
    gjk_status status;
    gjk_compound_list list;
} gjk_compound3_collide;

static const gjk_shape3 *compound3_side_shape(const gjk_compound3 *c, const gjk_shape3 *single, int part) {
    return c ? compound3_shape(c, part) : single;
}
/* A side's part pose in its frame: a single shape's is the identity, as a one-part compound's would be. */
static gjk_pose3 compound3_side_pose(const gjk_compound3 *c, int part) {
    return c ? compound3_pose(c, part) : gjk_pose3_identity();
}

static bool compound3_collide_leaf(gjk_compound_walk *w, int part_a, int part_b) {
    gjk_compound3_collide *q = (gjk_compound3_collide *)w->context;
    gjk_pair3 pair;
    gjk_compound_contact3 c;
    pair.a = compound3_side_shape(q->a, q->single_a, part_a);
    pair.pose_a = compound3_compose(q->pose_a, compound3_side_pose(q->a, part_a));
    pair.b = compound3_side_shape(q->b, q->single_b, part_b);
    pair.pose_b = compound3_compose(q->pose_b, compound3_side_pose(q->b, part_b));
    c.part_a = part_a;
    c.part_b = part_b;
    c.manifold = gjk_collide3(&pair, q->speculative, NULL);
    q->status = gjk_worse_status(q->status, c.manifold.status);
    if (c.manifold.count > 0) gjk_compound_list_add(&q->list, &c);
    return false;
}

/* The part tree of a single shape: one leaf, its box in its own frame, in the caller's storage. */
static const gjk_tree *compound3_single_tree(gjk_tree *t, gjk_tree_node *node, gjk_tree_leaf *leaf,
                                              const gjk_shape3 *shape) {
    gjk_tree_box box = gjk_tree_box3(gjk_shape3_aabb(shape, gjk_pose3_identity()));
    gjk_compound_single_tree(t, node, leaf, &box, false);
    return t;
}

/* The collide of two valid sides (q's fields but the list set), into contacts[0 .. capacity). */
static int compound3_collide_run(gjk_compound3_collide *q, gjk_real speculative, gjk_compound_contact3 *contacts,
                                  int capacity, gjk_status *status) {
    gjk_tree single[2];
    gjk_tree_node nodes[2];
    gjk_tree_leaf leaves[2];
    const gjk_tree *ta = q->a ? &q->a->core.tree
                              : compound3_single_tree(&single[0], &nodes[0], &leaves[0], q->single_a);
    const gjk_tree *tb = q->b ? &q->b->core.tree
                              : compound3_single_tree(&single[1], &nodes[1], &leaves[1], q->single_b);
    gjk_compound_walk w;
    q->pose_a = compound3_unit(q->pose_a);
    q->pose_b = compound3_unit(q->pose_b);
    q->speculative = speculative;
    q->status = GJK_OK;
    memset(&q->list, 0, sizeof q->list);
    q->list.base = (unsigned char *)contacts;
    q->list.size = sizeof *contacts;
    q->list.capacity = capacity;
    gjk_compound_walk_init(&w, ta, tb, 0, compound3_collide_leaf, q);
    gjk_compound_slack(&w, compound3_relative(&w, q->pose_a, q->pose_b));
    /* Pairs within the speculative distance, and the touching band beyond it. */
    w.cut = speculative + w.slack;
    gjk_compound_descend(&w, GJK_COMPOUND_STACK);
    gjk_compound_list_finish(&q->list);
    *status = q->status;
    return q->list.count;
}

int gjk_compound_collide3(const gjk_compound_pair3 *pair, gjk_real speculative_distance,
                          gjk_compound_contact3 *contacts, int capacity, gjk_status *status) {
    gjk_status dummy;
    gjk_compound3_collide q;
    status = compound3_status_sink(status, &dummy);
    if (!compound3_pair_valid(pair) || !(speculative_distance >= 0) || !gjk_bounded(speculative_distance) ||
        capacity < 0 || (capacity > 0 && !contacts)) {
        *status = GJK_INVALID_INPUT;
        return 0;
    }
    memset(&q, 0, sizeof q);
    q.a = pair->a;
    q.b = pair->b;
    q.pose_a = pair->pose_a;
    q.pose_b = pair->pose_b;
    return compound3_collide_run(&q, speculative_distance, contacts, capacity, status);
}

int gjk_compound3_collide_sides(const gjk_compound3 *a, const gjk_shape3 *shape_a, gjk_pose3 pose_a,
                                const gjk_compound3 *b, const gjk_shape3 *shape_b, gjk_pose3 pose_b,
                                gjk_real speculative, gjk_compound_contact3 *contacts, int capacity) {
    gjk_compound3_collide q;
    gjk_status status;
    memset(&q, 0, sizeof q);
    q.a = a, q.single_a = shape_a, q.pose_a = pose_a;
    q.b = b, q.single_b = shape_b, q.pose_b = pose_b;
    return compound3_collide_run(&q, speculative, contacts, capacity, &status);
}

typedef struct gjk_compound3_ray {
    const gjk_compound3 *c;
    gjk_pose3 pose;
    gjk_ray3 ray;
    gjk_compound_ray_result3 best;
    gjk_status status;
} gjk_compound3_ray;

static gjk_real compound3_ray_leaf(int proxy, uint64_t user, gjk_real max_t, void *context) {
    gjk_compound3_ray *q = (gjk_compound3_ray *)context;
    int part = (int)user;
    gjk_ray3 ray = q->ray;
    gjk_ray_result3 r;
    (void)proxy;
    ray.max_fraction = max_t;
    r = gjk_raycast3(compound3_shape(q->c, part), compound3_compose(q->pose, compound3_pose(q->c, part)), &ray);
    q->status = gjk_worse_status(q->status, r.status);
    /* A miss leaves the walk's reach as it is (any value above it does); a hit at 0 ends the walk. */
    if (!r.hit || (q->best.part >= 0 && !(r.fraction < q->best.ray.fraction))) return GJK_REAL_MAX;
    q->best.ray = r;
    q->best.part = part;
    return r.fraction;
}

gjk_compound_ray_result3 gjk_compound_raycast3(const gjk_compound3 *compound, gjk_pose3 pose,
                                               const gjk_ray3 *ray) {
    gjk_compound3_ray q;
    gjk_real o[3], d[3];
    memset(&q, 0, sizeof q);
    q.best.part = -1;
    /* the single ray cast's own rule, so that a ray one call accepts the other does too */
    if (!compound || !gjk_pose3_valid(pose) || !gjk_ray3_valid(ray)) {
        q.best.ray.status = GJK_INVALID_INPUT;
        return q.best;
    }
    q.c = compound;
    q.pose = compound3_unit(pose);
    q.ray = *ray;
    q.status = GJK_OK;
    /* The tree's slab tests run in the compound's frame; the parts' casts in the world, as brute force would. */
    gjk_vec3 lo = gjk_pose3_inv_apply(q.pose, ray->origin), ld = gjk_quat_inv_rotate(q.pose.rotation, ray->translation);
    o[0] = lo.x, o[1] = lo.y, o[2] = lo.z;
    d[0] = ld.x, d[1] = ld.y, d[2] = ld.z;
    gjk_tree_query_ray(&compound->core.tree, o, d, ray->max_fraction, compound3_ray_leaf, &q, GJK_TREE_STACK);
    if (q.best.part < 0) memset(&q.best.ray, 0, sizeof q.best.ray);
    q.best.ray.status = q.status;
    return q.best;
}

/* ---- shape casts ---- */

/* A part of a turning compound, as a shape whose origin is the compound's: its core at the part's pose, rounded by
   the part's radius. gjk_shape_cast3 turns a shape about its own origin, so the part, cast as this shape at the
   compound's pose with the compound's motion, turns about the compound's origin as the compound does. The sphere
   swept around the core looks the same at every angle, so the shape is the part, exactly. */
typedef struct gjk_compound3_wrap {
    const gjk_shape3 *shape;
    gjk_mat33 rot; /* the part's rotation in the compound's frame */
    gjk_vec3 pos;  /* the part's origin in the compound's frame */
} gjk_compound3_wrap;

static gjk_vec3 compound3_wrap_support(gjk_vec3 d, const void *data) {
    const gjk_compound3_wrap *p = (const gjk_compound3_wrap *)data;
    return gjk_add3(p->pos, gjk_mat33_mul(p->rot, gjk_core3_support(p->shape, gjk_mat33_tmul(p->rot, d))));
}

typedef struct gjk_compound3_cast {
    const gjk_compound3 *a, *b;
    gjk_pose3 pose_a, pose_b; /* rotations unit */
    bool turn_a, turn_b;
    const gjk_compound_cast_input3 *in;
    gjk_compound_toi judge;
    gjk_cast_result3 best;
    bool invalid;
} gjk_compound3_cast;

/* Part `i` of compound c at `pose` as one shape of a pair cast: the part at its world pose, or, when the compound
   turns and the part's origin is not the compound's, the part wrapped as above at the compound's pose. */
static const gjk_shape3 *compound3_cast_part(const gjk_compound3 *c, int i, gjk_pose3 pose, bool turning,
                                             gjk_shape3 *wrapped, gjk_compound3_wrap *wrap, gjk_pose3 *out) {
    gjk_pose3 p = compound3_pose(c, i);
    const gjk_shape3 *s = compound3_shape(c, i);
    if (!turning || (p.position.x == 0 && p.position.y == 0 && p.position.z == 0)) {
        *out = compound3_compose(pose, p);
        return s;
    }
    wrap->shape = s;
    wrap->rot = gjk_mat33_from_quat(p.rotation);
    wrap->pos = p.position;
    *wrapped = gjk_rounded3(gjk_user3(compound3_wrap_support, wrap), gjk_core3_radius(s));
    *out = pose;
    return wrapped;
}

static bool compound3_cast_leaf(gjk_compound_walk *w, int part_a, int part_b) {
    gjk_compound3_cast *q = (gjk_compound3_cast *)w->context;
    gjk_cast_input3 in;
    gjk_shape3 sa, sb;
    gjk_compound3_wrap wa, wb;
    gjk_cast_result3 r;
    gjk_real depth;
    memset(&in, 0, sizeof in);
    in.pair.a = compound3_cast_part(q->a, part_a, q->pose_a, q->turn_a, &sa, &wa, &in.pair.pose_a);
    in.pair.b = compound3_cast_part(q->b, part_b, q->pose_b, q->turn_b, &sb, &wb, &in.pair.pose_b);
    in.motion_a = q->in->motion_a;
    in.motion_b = q->in->motion_b;
    in.target_distance = q->in->target_distance;
    in.tolerance = q->in->tolerance;
    in.ignore_separating = q->in->ignore_separating;
    r = gjk_shape_cast3(&in);
    if (r.status == GJK_INVALID_INPUT) {
        q->invalid = true;
        return true;
    }
    depth = gjk_dot3(gjk_sub3(r.point_b, r.point_a), r.normal);
    if (gjk_compound_toi_pair(&q->judge, w, part_a, part_b, r.state, r.hit, r.t, depth, r.status)) q->best = r;
    return false;
}

static bool compound3_motion_valid(const gjk_motion3 *m, gjk_vec3 position) {
    return gjk_bounded3(m->translation) && gjk_bounded3(m->rotation) &&
           gjk_bounded3(gjk_add3(position, m->translation));
}

gjk_compound_cast_result3 gjk_compound_cast3_stack(const gjk_compound_cast_input3 *input, int stack) {
    gjk_compound_cast_result3 out;
    gjk_compound3_cast q;
    gjk_compound_walk w;
    gjk_real vel[3], turn_a[3], turn_b[3], pose_size;
    memset(&out, 0, sizeof out);
    out.part_a = out.part_b = -1;
    if (!input || !compound3_pair_valid(&input->pair) ||
        !compound3_motion_valid(&input->motion_a, input->pair.pose_a.position) ||
        !compound3_motion_valid(&input->motion_b, input->pair.pose_b.position) ||
        !(input->target_distance >= 0 && input->target_distance <= GJK_MAX_COORD) || !gjk_finite(input->tolerance) ||
        !gjk_bounded(input->tolerance)) {
        out.cast.status = GJK_INVALID_INPUT;
        return out;
    }
    memset(&q, 0, sizeof q);
    q.a = input->pair.a;
    q.b = input->pair.b;
    q.pose_a = compound3_unit(input->pair.pose_a);
    q.pose_b = compound3_unit(input->pair.pose_b);
    q.turn_a = gjk_len_sq3(input->motion_a.rotation) > 0;
    q.turn_b = gjk_len_sq3(input->motion_b.rotation) > 0;
    q.in = input;
    gjk_compound_walk_init(&w, &q.a->core.tree, &q.b->core.tree, 0, compound3_cast_leaf, &q);
    pose_size = compound3_relative(&w, q.pose_a, q.pose_b);
    gjk_vec3 v = gjk_quat_inv_rotate(q.pose_a.rotation, gjk_sub3(input->motion_b.translation,
                                                                 input->motion_a.translation));
    gjk_vec3 wa = gjk_quat_inv_rotate(q.pose_a.rotation, input->motion_a.rotation);
    gjk_vec3 wb = gjk_quat_inv_rotate(q.pose_a.rotation, input->motion_b.rotation);
    vel[0] = v.x, vel[1] = v.y, vel[2] = v.z;
    turn_a[0] = wa.x, turn_a[1] = wa.y, turn_a[2] = wa.z;
    turn_b[0] = wb.x, turn_b[1] = wb.y, turn_b[2] = wb.z;
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

gjk_compound_cast_result3 gjk_compound_cast3(const gjk_compound_cast_input3 *input) {
    return gjk_compound_cast3_stack(input, GJK_COMPOUND_STACK);
}
