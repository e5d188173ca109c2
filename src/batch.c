// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Batches (gjk/batch.h): loops over the single-pair entry points, so that every item's answer is that call's, bit
   for bit. What a batch adds is the addressing of its arrays (strides, index pairs) and the range [begin, end) that
   lets a task system split it; indices are checked against the batch's limit before anything is read through them.
   The strides are multiplied in ptrdiff_t: an index times a stride may exceed int. */
#include <gjk/batch.h>

#include <string.h>

/* An item that cannot be addressed: what the single call answers for bad input, all zero but the status. */
#define BATCH_INVALID(r) (memset(&(r), 0, sizeof(r)), (r).status = GJK_INVALID_INPUT)

/* The range to run, or false when there is nothing to do. */
static bool batch_range(const void *batch, const void *results, int begin, int end) {
    return batch && results && begin >= 0 && end > begin;
}

/* Item k's indices into A's and B's arrays: false when an index pair lies outside [0, limit). */
static bool batch_indices(const int *pairs, int limit, int k, ptrdiff_t *ia, ptrdiff_t *ib) {
    if (!pairs) {
        *ia = *ib = k;
        return true;
    }
    int a = pairs[2 * (ptrdiff_t)k], b = pairs[2 * (ptrdiff_t)k + 1];
    if (a < 0 || b < 0 || a >= limit || b >= limit) return false;
    *ia = a;
    *ib = b;
    return true;
}

/* The pair of item k, or false (bad index, or a NULL array an index reaches). */
static bool batch_pair3(const gjk_batch3 *b, int k, gjk_pair3 *pair, ptrdiff_t *ia, ptrdiff_t *ib) {
    if (!batch_indices(b->pairs, b->index_limit, k, ia, ib)) return false;
    if (!b->shapes_a || !b->poses_a || !b->shapes_b || !b->poses_b) return false;
    pair->a = &b->shapes_a[*ia * b->shape_a_stride];
    pair->pose_a = b->poses_a[*ia * b->pose_a_stride];
    pair->b = &b->shapes_b[*ib * b->shape_b_stride];
    pair->pose_b = b->poses_b[*ib * b->pose_b_stride];
    return true;
}
static bool batch_pair2(const gjk_batch2 *b, int k, gjk_pair2 *pair, ptrdiff_t *ia, ptrdiff_t *ib) {
    if (!batch_indices(b->pairs, b->index_limit, k, ia, ib)) return false;
    if (!b->shapes_a || !b->poses_a || !b->shapes_b || !b->poses_b) return false;
    pair->a = &b->shapes_a[*ia * b->shape_a_stride];
    pair->pose_a = b->poses_a[*ia * b->pose_a_stride];
    pair->b = &b->shapes_b[*ib * b->shape_b_stride];
    pair->pose_b = b->poses_b[*ib * b->pose_b_stride];
    return true;
}

/* Negative strides would read before the arrays: the whole batch is then bad input. */
static bool batch_strides3(const gjk_batch3 *b) {
    return (b->shape_a_stride | b->pose_a_stride | b->shape_b_stride | b->pose_b_stride) >= 0;
}
static bool batch_strides2(const gjk_batch2 *b) {
    return (b->shape_a_stride | b->pose_a_stride | b->shape_b_stride | b->pose_b_stride) >= 0;
}

int gjk_batch_query3(gjk_query_kind kind, const gjk_batch3 *batch, const gjk_options *options, gjk_cache3 *caches,
                     int begin, int end, gjk_result3 *results) {
    if (!batch_range(batch, results, begin, end)) return 0;
    bool strides = batch_strides3(batch);
    int bad = 0;
    for (int k = begin; k < end; ++k) {
        gjk_pair3 pair;
        ptrdiff_t ia, ib;
        if (strides && batch_pair3(batch, k, &pair, &ia, &ib))
            results[k] = gjk_query3(kind, &pair, options, caches ? &caches[k] : NULL);
        else
            BATCH_INVALID(results[k]);
        bad += results[k].status != GJK_OK;
    }
    return bad;
}

int gjk_batch_query2(gjk_query_kind kind, const gjk_batch2 *batch, const gjk_options *options, gjk_cache2 *caches,
                     int begin, int end, gjk_result2 *results) {
    if (!batch_range(batch, results, begin, end)) return 0;
    bool strides = batch_strides2(batch);
    int bad = 0;
    for (int k = begin; k < end; ++k) {
        gjk_pair2 pair;
        ptrdiff_t ia, ib;
        if (strides && batch_pair2(batch, k, &pair, &ia, &ib))
            results[k] = gjk_query2(kind, &pair, options, caches ? &caches[k] : NULL);
        else
            BATCH_INVALID(results[k]);
        bad += results[k].status != GJK_OK;
    }
    return bad;
}

int gjk_batch_collide3(const gjk_batch3 *batch, gjk_real speculative_distance, gjk_cache3 *caches, int begin, int end,
                       gjk_manifold3 *manifolds) {
    if (!batch_range(batch, manifolds, begin, end)) return 0;
    bool strides = batch_strides3(batch);
    int bad = 0;
    for (int k = begin; k < end; ++k) {
        gjk_pair3 pair;
        ptrdiff_t ia, ib;
        if (strides && batch_pair3(batch, k, &pair, &ia, &ib))
            manifolds[k] = gjk_collide3(&pair, speculative_distance, caches ? &caches[k] : NULL);
        else
            BATCH_INVALID(manifolds[k]);
        bad += manifolds[k].status != GJK_OK;
    }
    return bad;
}

int gjk_batch_collide2(const gjk_batch2 *batch, gjk_real speculative_distance, gjk_cache2 *caches, int begin, int end,
                       gjk_manifold2 *manifolds) {
    if (!batch_range(batch, manifolds, begin, end)) return 0;
    bool strides = batch_strides2(batch);
    int bad = 0;
    for (int k = begin; k < end; ++k) {
        gjk_pair2 pair;
        ptrdiff_t ia, ib;
        if (strides && batch_pair2(batch, k, &pair, &ia, &ib))
            manifolds[k] = gjk_collide2(&pair, speculative_distance, caches ? &caches[k] : NULL);
        else
            BATCH_INVALID(manifolds[k]);
        bad += manifolds[k].status != GJK_OK;
    }
    return bad;
}

int gjk_batch_raycast3(const gjk_batch_rays3 *batch, int begin, int end, gjk_ray_result3 *results) {
    if (!batch_range(batch, results, begin, end)) return 0;
    bool ok = batch->shapes && batch->poses && batch->rays &&
              (batch->shape_stride | batch->pose_stride | batch->ray_stride) >= 0;
    int bad = 0;
    for (ptrdiff_t k = begin; k < end; ++k) {
        if (ok)
            results[k] = gjk_raycast3(&batch->shapes[k * batch->shape_stride], batch->poses[k * batch->pose_stride],
                                      &batch->rays[k * batch->ray_stride]);
        else
            BATCH_INVALID(results[k]);
        bad += results[k].status != GJK_OK;
    }
    return bad;
}

int gjk_batch_raycast2(const gjk_batch_rays2 *batch, int begin, int end, gjk_ray_result2 *results) {
    if (!batch_range(batch, results, begin, end)) return 0;
    bool ok = batch->shapes && batch->poses && batch->rays &&
              (batch->shape_stride | batch->pose_stride | batch->ray_stride) >= 0;
    int bad = 0;
    for (ptrdiff_t k = begin; k < end; ++k) {
        if (ok)
            results[k] = gjk_raycast2(&batch->shapes[k * batch->shape_stride], batch->poses[k * batch->pose_stride],
                                      &batch->rays[k * batch->ray_stride]);
        else
            BATCH_INVALID(results[k]);
        bad += results[k].status != GJK_OK;
    }
    return bad;
}

int gjk_batch_shape_cast3(const gjk_batch_casts3 *batch, int begin, int end, gjk_cast_result3 *results) {
    if (!batch_range(batch, results, begin, end)) return 0;
    bool strides = batch_strides3(&batch->pairs) && (batch->motion_a_stride | batch->motion_b_stride) >= 0;
    int bad = 0;
    for (int k = begin; k < end; ++k) {
        gjk_cast_input3 in;
        memset(&in, 0, sizeof in);
        ptrdiff_t ia, ib;
        if (strides && batch_pair3(&batch->pairs, k, &in.pair, &ia, &ib)) {
            if (batch->motions_a) in.motion_a = batch->motions_a[ia * batch->motion_a_stride];
            if (batch->motions_b) in.motion_b = batch->motions_b[ib * batch->motion_b_stride];
            in.target_distance = batch->target_distance;
            in.tolerance = batch->tolerance;
            in.ignore_separating = batch->ignore_separating;
            results[k] = gjk_shape_cast3(&in);
        } else {
            BATCH_INVALID(results[k]);
        }
        bad += results[k].status != GJK_OK;
    }
    return bad;
}

int gjk_batch_shape_cast2(const gjk_batch_casts2 *batch, int begin, int end, gjk_cast_result2 *results) {
    if (!batch_range(batch, results, begin, end)) return 0;
    bool strides = batch_strides2(&batch->pairs) && (batch->motion_a_stride | batch->motion_b_stride) >= 0;
    int bad = 0;
    for (int k = begin; k < end; ++k) {
        gjk_cast_input2 in;
        memset(&in, 0, sizeof in);
        ptrdiff_t ia, ib;
        if (strides && batch_pair2(&batch->pairs, k, &in.pair, &ia, &ib)) {
            if (batch->motions_a) in.motion_a = batch->motions_a[ia * batch->motion_a_stride];
            if (batch->motions_b) in.motion_b = batch->motions_b[ib * batch->motion_b_stride];
            in.target_distance = batch->target_distance;
            in.tolerance = batch->tolerance;
            in.ignore_separating = batch->ignore_separating;
            results[k] = gjk_shape_cast2(&in);
        } else {
            BATCH_INVALID(results[k]);
        }
        bad += results[k].status != GJK_OK;
    }
    return bad;
}
