// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Merging the part pairs' manifolds of two bodies into one manifold per contact direction (gjk/compound.h:
   gjk_compound_merge3, gjk_world_merge3 and their 2D mirrors). One kernel serves both dimensions and both kinds of
   contact array, through a view of the fields they share.

   Grouping takes the manifolds from the deepest and puts each into the first group whose reference normal (the
   normal of the group's first, so deepest, manifold) is within GJK_MERGE_NORMAL_COS of its own, else makes it the
   reference of a new group. The references found that way are the deepest manifold, then the deepest one not within
   the angle of the first, and so on: so a manifold's group is also the first group, in the order they were made,
   whose reference is within the angle, which lets the second pass gather each group's points in input order
   without remembering any manifold's group.

   Each group's points are reduced by the rule that reduces a 3D manifold's clipped corners
   (gjk_manifold3_reduce, manifold3_reduce.c), seen along the reference normal: 2D points are embedded in the plane
   z = 0 with their normal, where the rule's first two picks (the deepest, the farthest from it across the normal)
   are the 2D rule. */
#include <stddef.h>
#include <string.h>

#include "manifold3_internal.h"
#include "tolerance.h"

/* Most groups: their reference normals are pairwise more than 5 degrees apart, so caps of 2.5 degrees about them
   are disjoint on the unit sphere and there are at most 2 / (1 - cos 2.5 deg) = 2101 of them (72 on the circle).
   The angle test is exact up to rounding, a few ulps of the cosine; the margin covers it. */
#define MERGE_GROUPS_MAX 2112
/* Manifolds taken in order of depth per pass over the input: the sort by depth costs count * count / 64
   comparisons beyond 64 manifolds, and this many entries of stack. */
#define MERGE_BLOCK 64

/* The contacts as the kernel reads them: the compound and world contact structs hold the parts and the manifold at
   their own offsets; a and b (world contacts only) name the bodies. */
typedef struct merge_view {
    const unsigned char *base; /* the first contact */
    size_t stride;             /* bytes from one contact to the next */
    size_t off_a, off_b;       /* the bodies' ids, or SIZE_MAX for compound contacts */
    size_t off_part_a, off_part_b, off_manifold;
    bool planar; /* gjk_manifold2 rather than gjk_manifold3 */
    int count;
} merge_view;

static const unsigned char *merge_at(const merge_view *v, int i, size_t off) {
    return v->base + (size_t)i * v->stride + off;
}
static const gjk_manifold3 *merge_m3(const merge_view *v, int i) {
    return (const gjk_manifold3 *)(const void *)merge_at(v, i, v->off_manifold);
}
static const gjk_manifold2 *merge_m2(const merge_view *v, int i) {
    return (const gjk_manifold2 *)(const void *)merge_at(v, i, v->off_manifold);
}
static int merge_int(const merge_view *v, int i, size_t off) {
    return *(const int *)(const void *)merge_at(v, i, off);
}
static int merge_point_count(const merge_view *v, int i) {
    return v->planar ? merge_m2(v, i)->count : merge_m3(v, i)->count;
}
static gjk_vec3 merge_normal(const merge_view *v, int i) {
    if (!v->planar) return merge_m3(v, i)->normal;
    gjk_vec2 n = merge_m2(v, i)->normal;
    return gjk_v3(n.x, n.y, 0);
}
static gjk_status merge_status(const merge_view *v, int i) {
    return v->planar ? merge_m2(v, i)->status : merge_m3(v, i)->status;
}
/* Point k of contact i as a reduction candidate (the points are on the surfaces: no radii). */
static gjk_contact3 merge_candidate(const merge_view *v, int i, int k) {
    gjk_contact3 c;
    c.da = c.db = 0;
    if (v->planar) {
        const gjk_manifold_point2 *p = &merge_m2(v, i)->points[k];
        c.pa = gjk_v3(p->point_a.x, p->point_a.y, 0);
        c.pb = gjk_v3(p->point_b.x, p->point_b.y, 0);
        c.sep = p->separation;
        c.id = p->id;
    } else {
        const gjk_manifold_point3 *p = &merge_m3(v, i)->points[k];
        c.pa = p->point_a;
        c.pb = p->point_b;
        c.sep = p->separation;
        c.id = p->id;
    }
    return c;
}
static gjk_real merge_sep(const merge_view *v, int i, int k) {
    return v->planar ? merge_m2(v, i)->points[k].separation : merge_m3(v, i)->points[k].separation;
}
/* The manifold's depth: the least separation of its points. */
static gjk_real merge_depth(const merge_view *v, int i) {
    int n = merge_point_count(v, i);
    gjk_real d = merge_sep(v, i, 0);
    for (int k = 1; k < n; ++k) d = gjk_minr(d, merge_sep(v, i, k));
    return d;
}
/* Whether the manifold (depth di, index i) comes before (dj, j): the deeper first, ties in input order. */
static bool merge_before(gjk_real di, int i, gjk_real dj, int j) { return di < dj || (di == dj && i < j); }

/* Whether n is within the merge angle of the reference r: the cosine's test squared, by the lengths, so that a
   normal a few ulps off unit length is judged by its direction alone. */
static bool merge_within(gjk_vec3 r, gjk_vec3 n) {
    gjk_real d = gjk_dot3(r, n);
    return d > 0 && d * d >= GJK_MERGE_NORMAL_COS * GJK_MERGE_NORMAL_COS * (gjk_len_sq3(r) * gjk_len_sq3(n));
}

/* Input the kernel accepts: every manifold's count in range, and for those with points a normal of unit length
   within 1% and bounded finite points and separations (so that the reduction's squares stay finite); world
   contacts of one body pair. */
static bool merge_valid(const merge_view *v) {
    int max = v->planar ? GJK_MANIFOLD_MAX_POINTS2 : GJK_MANIFOLD_MAX_POINTS3;
    for (int i = 0; i < v->count; ++i) {
        if (v->off_a != SIZE_MAX &&
            (merge_int(v, i, v->off_a) != merge_int(v, 0, v->off_a) ||
             merge_int(v, i, v->off_b) != merge_int(v, 0, v->off_b)))
            return false;
        int n = merge_point_count(v, i);
        if (n < 0 || n > max) return false;
        if (n == 0) continue;
        gjk_vec3 nr = merge_normal(v, i);
        gjk_real l2 = gjk_len_sq3(nr);
        if (!gjk_finite3(nr) || !(l2 >= GJK_R(0.9801) && l2 <= GJK_R(1.0201))) return false;
        for (int k = 0; k < n; ++k) {
            bool ok;
            if (v->planar) {
                const gjk_manifold_point2 *p = &merge_m2(v, i)->points[k];
                ok = gjk_bounded2(p->point_a) && gjk_bounded2(p->point_b) && gjk_bounded(p->separation);
            } else {
                const gjk_manifold_point3 *p = &merge_m3(v, i)->points[k];
                ok = gjk_bounded3(p->point_a) && gjk_bounded3(p->point_b) && gjk_bounded(p->separation);
            }
            if (!ok) return false;
        }
    }
    return true;
}

/* The group references, in the order the groups are made: the manifolds with points taken from the deepest (in
   passes that each sort the next MERGE_BLOCK of them), each a new reference unless within the angle of one
   already made. Returns how many; *status GJK_DEGENERATE if MERGE_GROUPS_MAX could not hold them (normals of
   unit length cannot get there). */
static int merge_references(const merge_view *v, int *refs, gjk_status *status) {
    int groups = 0, block[MERGE_BLOCK], last = -1;
    gjk_real depth[MERGE_BLOCK], last_depth = 0;
    for (;;) {
        int nb = 0;
        for (int i = 0; i < v->count; ++i) {
            if (merge_point_count(v, i) == 0) continue;
            gjk_real d = merge_depth(v, i);
            if (last >= 0 && !merge_before(last_depth, last, d, i)) continue; /* taken by an earlier pass */
            if (nb == MERGE_BLOCK && !merge_before(d, i, depth[nb - 1], block[nb - 1])) continue;
            int at = nb < MERGE_BLOCK ? nb++ : MERGE_BLOCK - 1; /* a full block drops its last */
            while (at > 0 && merge_before(d, i, depth[at - 1], block[at - 1])) {
                block[at] = block[at - 1];
                depth[at] = depth[at - 1];
                --at;
            }
            block[at] = i;
            depth[at] = d;
        }
        for (int k = 0; k < nb; ++k) {
            gjk_vec3 n = merge_normal(v, block[k]);
            int j = 0;
            while (j < groups && !merge_within(merge_normal(v, refs[j]), n)) ++j;
            if (j < groups) continue;
            GJK_ASSERT(groups < MERGE_GROUPS_MAX);
            if (groups < MERGE_GROUPS_MAX) refs[groups++] = block[k];
            else *status = GJK_DEGENERATE;
        }
        if (nb < MERGE_BLOCK) return groups;
        last = block[nb - 1];
        last_depth = depth[nb - 1];
    }
}

/* Keeps the candidates the reduction picks of the n in cand (and their parts), moved to the front in their order;
   returns how many. */
static int merge_compact(gjk_contact3 *cand, int *parts, int n, gjk_vec3 normal, int limit) {
    int keep[4], k = gjk_manifold3_reduce(cand, n, normal, 0, limit, true, keep);
    for (int i = 0; i < k; ++i) { /* (keep ascends, so keep[i] >= i) */
        cand[i] = cand[keep[i]];
        parts[2 * i] = parts[2 * keep[i]];
        parts[2 * i + 1] = parts[2 * keep[i] + 1];
    }
    return k;
}

/* Group g's manifold: its members' points in input order, reduced, written to out (a gjk_compound_manifold3 or _2
   array). */
static void merge_group(const merge_view *v, const int *refs, int g, void *out) {
    int limit = v->planar ? GJK_MANIFOLD_MAX_POINTS2 : GJK_MANIFOLD_MAX_POINTS3;
    gjk_contact3 cand[GJK_MANIFOLD_MAX_CAND];
    int parts[2 * GJK_MANIFOLD_MAX_CAND], n = 0, merged = 0;
    gjk_status status = GJK_OK;
    gjk_vec3 nr = merge_normal(v, refs[g]);
    for (int i = 0; i < v->count; ++i) {
        int count = merge_point_count(v, i);
        if (count == 0) continue;
        gjk_vec3 ni = merge_normal(v, i);
        if (!merge_within(nr, ni)) continue;
        int j = 0;
        while (j < g && !merge_within(merge_normal(v, refs[j]), ni)) ++j;
        if (j < g) continue; /* an earlier group's */
        ++merged;
        status = gjk_worse_status(status, merge_status(v, i));
        for (int k = 0; k < count; ++k) {
            if (n == GJK_MANIFOLD_MAX_CAND) n = merge_compact(cand, parts, n, nr, limit);
            cand[n] = merge_candidate(v, i, k);
            parts[2 * n] = merge_int(v, i, v->off_part_a);
            parts[2 * n + 1] = merge_int(v, i, v->off_part_b);
            ++n;
        }
    }
    GJK_ASSERT(n > 0);
    n = merge_compact(cand, parts, n, nr, limit);
    if (v->planar) {
        gjk_compound_manifold2 *o = (gjk_compound_manifold2 *)out + g;
        memset(o, 0, sizeof *o);
        o->status = status;
        o->normal = merge_m2(v, refs[g])->normal;
        o->count = n;
        for (int k = 0; k < n; ++k) {
            gjk_compound_point2 *p = &o->points[k];
            p->point_a = gjk_v2(cand[k].pa.x, cand[k].pa.y);
            p->point_b = gjk_v2(cand[k].pb.x, cand[k].pb.y);
            p->separation = cand[k].sep;
            p->id = cand[k].id;
            p->part_a = parts[2 * k];
            p->part_b = parts[2 * k + 1];
        }
        o->reference = refs[g];
        o->merged = merged;
    } else {
        gjk_compound_manifold3 *o = (gjk_compound_manifold3 *)out + g;
        memset(o, 0, sizeof *o);
        o->status = status;
        o->normal = nr;
        o->count = n;
        for (int k = 0; k < n; ++k) {
            gjk_compound_point3 *p = &o->points[k];
            p->point_a = cand[k].pa;
            p->point_b = cand[k].pb;
            p->separation = cand[k].sep;
            p->id = cand[k].id;
            p->part_a = parts[2 * k];
            p->part_b = parts[2 * k + 1];
        }
        o->reference = refs[g];
        o->merged = merged;
    }
}

static int merge_run(const merge_view *v, const void *contacts, void *out, int capacity, gjk_status *status) {
    gjk_status dummy;
    if (!status) status = &dummy;
    *status = GJK_OK;
    if (v->count < 0 || capacity < 0 || (!contacts && v->count > 0) || (!out && capacity > 0) || !merge_valid(v)) {
        *status = GJK_INVALID_INPUT;
        return 0;
    }
    int refs[MERGE_GROUPS_MAX];
    int groups = merge_references(v, refs, status);
    for (int g = 0; g < groups && g < capacity; ++g) merge_group(v, refs, g, out);
    return groups;
}

int gjk_compound_merge3(const gjk_compound_contact3 *contacts, int count, gjk_compound_manifold3 *out, int capacity,
                        gjk_status *status) {
    merge_view v = {(const unsigned char *)contacts,           sizeof(gjk_compound_contact3),
                    SIZE_MAX,                                  SIZE_MAX,
                    offsetof(gjk_compound_contact3, part_a),   offsetof(gjk_compound_contact3, part_b),
                    offsetof(gjk_compound_contact3, manifold), false,
                    count};
    return merge_run(&v, contacts, out, capacity, status);
}

int gjk_world_merge3(const gjk_world_contact3 *contacts, int count, gjk_compound_manifold3 *out, int capacity,
                     gjk_status *status) {
    merge_view v = {(const unsigned char *)contacts,        sizeof(gjk_world_contact3),
                    offsetof(gjk_world_contact3, a),        offsetof(gjk_world_contact3, b),
                    offsetof(gjk_world_contact3, part_a),   offsetof(gjk_world_contact3, part_b),
                    offsetof(gjk_world_contact3, manifold), false,
                    count};
    return merge_run(&v, contacts, out, capacity, status);
}

int gjk_compound_merge2(const gjk_compound_contact2 *contacts, int count, gjk_compound_manifold2 *out, int capacity,
                        gjk_status *status) {
    merge_view v = {(const unsigned char *)contacts,           sizeof(gjk_compound_contact2),
                    SIZE_MAX,                                  SIZE_MAX,
                    offsetof(gjk_compound_contact2, part_a),   offsetof(gjk_compound_contact2, part_b),
                    offsetof(gjk_compound_contact2, manifold), true,
                    count};
    return merge_run(&v, contacts, out, capacity, status);
}

int gjk_world_merge2(const gjk_world_contact2 *contacts, int count, gjk_compound_manifold2 *out, int capacity,
                     gjk_status *status) {
    merge_view v = {(const unsigned char *)contacts,        sizeof(gjk_world_contact2),
                    offsetof(gjk_world_contact2, a),        offsetof(gjk_world_contact2, b),
                    offsetof(gjk_world_contact2, part_a),   offsetof(gjk_world_contact2, part_b),
                    offsetof(gjk_world_contact2, manifold), true,
                    count};
    return merge_run(&v, contacts, out, capacity, status);
}
