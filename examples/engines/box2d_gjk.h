// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// gjk_collide2 as Box2D 2.4's polygon-polygon narrow phase. Copy box2d_gjk.h and box2d_gjk.cpp into an application
// that links Box2D 2.4 and gjk, call gjk_b2_install() once before the first world step, and every polygon-polygon
// contact Box2D creates from then on evaluates its manifold with gjk_collide2 (docs/engines.md).
//
// How it plugs in: Box2D makes each contact through a table of create/destroy functions indexed by the two shape
// types (b2Contact::s_registers, filled by b2Contact::AddType). That table is protected, so a b2Contact subclass
// may replace the polygon-polygon entry: this is Box2D's own extension point for contact types, it works whether
// Box2D is a shared or a static library, and each contact object can carry gjk's warm-start cache for its pair.
#ifndef GJK_BOX2D_GJK_H
#define GJK_BOX2D_GJK_H

#include <box2d/b2_collision.h>
#include <box2d/b2_math.h>
#include <box2d/b2_polygon_shape.h>

#include <cstdint>

#include "gjk/gjk.h"

/// Replace Box2D's polygon-polygon contact by gjk's. Call while no polygon-polygon contact exists (before the first
/// step of any world, or after every world is destroyed): Box2D destroys a contact through the table entry current
/// at that time.
void gjk_b2_install();
/// Put Box2D's own polygon-polygon contact back and release the gjk hulls made for polygons (call it after every
/// world that stepped with gjk is destroyed; polygons must not be changed in place while they have contacts).
void gjk_b2_uninstall();
/// How many manifolds gjk has evaluated since the program started (proof that the replacement takes effect).
std::uint64_t gjk_b2_evaluations();

/// A b2Manifold in double precision, before its rounding to Box2D's floats: the type (b2Manifold::e_faceA or
/// e_faceB), the reference face's normal and a point on its core, both in the reference body's frame, and each
/// point's clip point on the other body's core in that body's frame, with gjk's feature id.
struct gjk_b2_local_manifold {
    int type;
    gjk_vec2 local_normal;
    gjk_vec2 local_point;
    int count;
    gjk_vec2 points[2];
    std::uint32_t ids[2];
};

/// The gjk shape of a Box2D polygon with its skin (m_radius) as the margin: a gjk_box2 for a polygon made by
/// SetAsBox(hx, hy) (no allocation), else a polygon over a hull made by gjk_hull2_create(), returned in *hull for the
/// caller to release with gjk_hull2_destroy() (NULL for a box).
gjk_shape2 gjk_b2_shape(const b2PolygonShape &polygon, gjk_hull2 **hull);
/// A Box2D transform as a gjk pose (the rotation made exactly unit in double).
gjk_pose2 gjk_b2_pose(const b2Transform &xf);
/// gjk's manifold (world frame, margins = the polygons' skins radius_a and radius_b) in Box2D's local form, so that
/// b2WorldManifold::Initialize gives back gjk's points (the middle of point_a and point_b), normal and separations.
gjk_b2_local_manifold gjk_b2_local(const gjk_manifold2 &m, const b2Transform &xf_a, gjk_real radius_a,
                                   const b2Transform &xf_b, gjk_real radius_b);
/// Round a local manifold into Box2D's b2Manifold (impulses zero: b2Contact::Update carries them over by id).
void gjk_b2_store(const gjk_b2_local_manifold &local, b2Manifold *manifold);

#endif
