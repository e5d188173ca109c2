// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// gjk_collide2 as Box2D 2.4's polygon-polygon narrow phase (see box2d_gjk.h).
//
// Conventions mapped (Box2D 2.4, b2_collision.h and b2WorldManifold::Initialize):
// - A Box2D polygon is its vertices swept by a skin of m_radius (b2_polygonRadius = 2 b2_linearSlop). gjk's shapes
//   carry the skin as their margin, so gjk's points lie on the skins and its separations are Box2D's.
// - Box2D reports a point while the skins touch or overlap: speculative distance 0.
// - b2Manifold keeps a reference face (of A: e_faceA, of B: e_faceB) as a normal and a point on its core in that
//   body's frame, and each point as its clip point on the other body's core in the other body's frame; the solver
//   and b2WorldManifold project each clip point on the face's plane. gjk's manifold of two polygons has the points of
//   one side on a line across the normal (the reference edge): that side becomes the reference face, so the
//   projection gives back gjk's point on it, and the clip point moved by the skin along the normal is gjk's point on
//   the other side.
// - Ids: b2ContactID is 4 bytes that Box2D compares as one 32-bit key; gjk's 32-bit feature id is stored there whole.
#include "box2d_gjk.h"

#include <box2d/b2_block_allocator.h>
#include <box2d/b2_contact.h>
#include <box2d/b2_fixture.h>

#include <cmath>
#include <atomic>
#include <cstring>
#include <new>
#include <unordered_map>

namespace {

// Relaxed atomic: a multithreaded dispatcher may evaluate pairs on several threads.
std::atomic<std::uint64_t> evaluations(0);
b2ContactRegister saved_register;
bool installed = false;

// Box2D releases a world's contacts with its block allocator without destroying them, so a contact cannot own the
// hulls of its polygons: they live here, one per polygon, made when its first contact is made and released by
// gjk_b2_uninstall(). An entry is checked against the polygon's vertices, so that a polygon made where a freed one
// was gets its own hull. (Box2D 2.4 steps a world on one thread; so does this cache.)
struct CachedHull {
    b2Vec2 vertices[b2_maxPolygonVertices];
    int count;
    gjk_hull2 *hull;
};
std::unordered_map<const b2PolygonShape *, CachedHull> hulls;

gjk_shape2 cached_shape(const b2PolygonShape &polygon) {
    auto it = hulls.find(&polygon);
    if (it != hulls.end() && it->second.count == polygon.m_count &&
        std::memcmp(it->second.vertices, polygon.m_vertices, sizeof(b2Vec2) * polygon.m_count) == 0)
        return gjk_rounded2(gjk_polygon2(it->second.hull), polygon.m_radius);
    gjk_hull2 *hull = nullptr;
    const gjk_shape2 shape = gjk_b2_shape(polygon, &hull);
    if (!hull) return shape; // a box: no hull to keep
    CachedHull &entry = hulls[&polygon];
    if (it != hulls.end()) gjk_hull2_destroy(entry.hull);
    std::memcpy(entry.vertices, polygon.m_vertices, sizeof(b2Vec2) * polygon.m_count);
    entry.count = polygon.m_count;
    entry.hull = hull;
    return shape;
}

gjk_vec2 to_local(const b2Transform &xf, gjk_vec2 w) { return gjk_pose2_inv_apply(gjk_b2_pose(xf), w); }
gjk_vec2 to_local_dir(const b2Transform &xf, gjk_vec2 w) { return gjk_inv_rotate2(gjk_b2_pose(xf).rotation, w); }

// The polygon-polygon contact: Box2D's b2Contact with gjk's shapes and warm-start cache for the pair.
class GjkPolygonContact : public b2Contact {
public:
    GjkPolygonContact(b2Fixture *fixture_a, b2Fixture *fixture_b) : b2Contact(fixture_a, 0, fixture_b, 0) {
        shape_a_ = cached_shape(*static_cast<const b2PolygonShape *>(fixture_a->GetShape()));
        shape_b_ = cached_shape(*static_cast<const b2PolygonShape *>(fixture_b->GetShape()));
        cache_ = gjk_cache2();
    }

    static b2Contact *create(b2Fixture *fixture_a, int32, b2Fixture *fixture_b, int32, b2BlockAllocator *allocator) {
        void *memory = allocator->Allocate(sizeof(GjkPolygonContact));
        return new (memory) GjkPolygonContact(fixture_a, fixture_b);
    }
    static void destroy(b2Contact *contact, b2BlockAllocator *allocator) {
        static_cast<GjkPolygonContact *>(contact)->~GjkPolygonContact();
        allocator->Free(contact, sizeof(GjkPolygonContact));
    }

    // The table is protected in b2Contact: only a subclass reaches it. Box2D fills it on the first contact it
    // creates; filling it here first keeps that from overwriting the replacement.
    static void install() {
        if (installed) return;
        if (!s_initialized) {
            InitializeRegisters();
            s_initialized = true;
        }
        saved_register = s_registers[b2Shape::e_polygon][b2Shape::e_polygon];
        AddType(create, destroy, b2Shape::e_polygon, b2Shape::e_polygon);
        installed = true;
    }
    static void uninstall() {
        if (!installed) return;
        s_registers[b2Shape::e_polygon][b2Shape::e_polygon] = saved_register;
        installed = false;
        for (auto &entry : hulls) gjk_hull2_destroy(entry.second.hull);
        hulls.clear();
    }

    void Evaluate(b2Manifold *manifold, const b2Transform &xf_a, const b2Transform &xf_b) override {
        evaluations.fetch_add(1, std::memory_order_relaxed);
        gjk_pair2 pair;
        pair.a = &shape_a_;
        pair.pose_a = gjk_b2_pose(xf_a);
        pair.b = &shape_b_;
        pair.pose_b = gjk_b2_pose(xf_b);
        gjk_manifold2 m = gjk_collide2(&pair, 0, &cache_);
        gjk_b2_store(gjk_b2_local(m, xf_a, shape_a_.margin, xf_b, shape_b_.margin), manifold);
    }

private:
    gjk_shape2 shape_a_, shape_b_;
    gjk_cache2 cache_;
};

} // namespace

void gjk_b2_install() { GjkPolygonContact::install(); }
void gjk_b2_uninstall() { GjkPolygonContact::uninstall(); }
std::uint64_t gjk_b2_evaluations() { return evaluations.load(std::memory_order_relaxed); }

gjk_shape2 gjk_b2_shape(const b2PolygonShape &polygon, gjk_hull2 **hull) {
    *hull = nullptr;
    const b2Vec2 *v = polygon.m_vertices;
    // SetAsBox(hx, hy) writes (-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy): gjk's box is the same shape without a hull.
    if (polygon.m_count == 4 && v[0].x < 0 && v[0].y < 0 && v[1].x == -v[0].x && v[1].y == v[0].y &&
        v[2].x == -v[0].x && v[2].y == -v[0].y && v[3].x == v[0].x && v[3].y == -v[0].y)
        return gjk_rounded2(gjk_box2(gjk_v2(-v[0].x, -v[0].y)), polygon.m_radius);
    gjk_vec2 points[b2_maxPolygonVertices];
    for (int i = 0; i < polygon.m_count; ++i) points[i] = gjk_v2(v[i].x, v[i].y);
    *hull = gjk_hull2_create(points, polygon.m_count, nullptr);
    if (!*hull) return gjk_rounded2(gjk_point2(), polygon.m_radius); // out of memory: a disc of the skin
    return gjk_rounded2(gjk_polygon2(*hull), polygon.m_radius);
}

gjk_pose2 gjk_b2_pose(const b2Transform &xf) {
    // Box2D's b2Rot is unit only to float precision; gjk normalises it, so the conversion back uses the same.
    gjk_real c = xf.q.c, s = xf.q.s, len = std::sqrt(c * c + s * s);
    gjk_pose2 p;
    p.position = gjk_v2(xf.p.x, xf.p.y);
    p.rotation.c = c / len;
    p.rotation.s = s / len;
    return p;
}

gjk_b2_local_manifold gjk_b2_local(const gjk_manifold2 &m, const b2Transform &xf_a, gjk_real radius_a,
                                   const b2Transform &xf_b, gjk_real radius_b) {
    gjk_b2_local_manifold out = gjk_b2_local_manifold();
    out.type = b2Manifold::e_faceA;
    if (m.count <= 0) return out;
    const gjk_vec2 n = m.normal;
    // The reference side: the one whose points lie on a line across the normal (for a single point either does).
    gjk_real spread_a = 0, spread_b = 0;
    if (m.count == 2) {
        spread_a = std::fabs(gjk_dot2(gjk_sub2(m.points[1].point_a, m.points[0].point_a), n));
        spread_b = std::fabs(gjk_dot2(gjk_sub2(m.points[1].point_b, m.points[0].point_b), n));
    }
    out.count = m.count;
    if (spread_a <= spread_b) {
        // A's face: plane on A's core (the skin below point_a), clip points on B's core (the skin above point_b).
        out.type = b2Manifold::e_faceA;
        out.local_normal = to_local_dir(xf_a, n);
        out.local_point = to_local(xf_a, gjk_mad2(m.points[0].point_a, -radius_a, n));
        for (int i = 0; i < m.count; ++i) {
            out.points[i] = to_local(xf_b, gjk_mad2(m.points[i].point_b, radius_b, n));
            out.ids[i] = m.points[i].id;
        }
    } else {
        // B's face, its normal pointing at A: the same with the roles exchanged.
        out.type = b2Manifold::e_faceB;
        out.local_normal = to_local_dir(xf_b, gjk_scale2(n, -1));
        out.local_point = to_local(xf_b, gjk_mad2(m.points[0].point_b, radius_b, n));
        for (int i = 0; i < m.count; ++i) {
            out.points[i] = to_local(xf_a, gjk_mad2(m.points[i].point_a, -radius_a, n));
            out.ids[i] = m.points[i].id;
        }
    }
    return out;
}

void gjk_b2_store(const gjk_b2_local_manifold &local, b2Manifold *manifold) {
    manifold->type = local.type == b2Manifold::e_faceB ? b2Manifold::e_faceB : b2Manifold::e_faceA;
    manifold->localNormal.Set((float)local.local_normal.x, (float)local.local_normal.y);
    manifold->localPoint.Set((float)local.local_point.x, (float)local.local_point.y);
    manifold->pointCount = local.count;
    for (int i = 0; i < local.count; ++i) {
        b2ManifoldPoint &p = manifold->points[i];
        p.localPoint.Set((float)local.points[i].x, (float)local.points[i].y);
        p.normalImpulse = 0;
        p.tangentImpulse = 0;
        p.id.key = local.ids[i];
    }
}
