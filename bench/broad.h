// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// The broad-phase rows: many moving bodies, each library's dynamic AABB tree updated per step and asked for the
// step's pairs (gjk_tree3 / gjk_tree2, Bullet's btDbvtBroadphase, Box2D 2.4's b2BroadPhase). See bench/README.md,
// "Broad phase".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// One step of a scene: every body's tight box and its displacement over the step (world frame; 2D scenes keep z at
// 0). Computed once per step, outside the clock, and handed to every library.
struct BroadStep {
    int dim = 3;
    int n = 0;
    std::vector<double> lo, hi; // 3 per body
    std::vector<double> disp;   // 3 per body: the box centre's motion over the step
};

// A pair of body indices (smaller, larger) as one key.
inline uint64_t broad_key(uint32_t a, uint32_t b) {
    return a < b ? (uint64_t)a << 32 | b : (uint64_t)b << 32 | a;
}

// One library's broad phase. build() and convert() run outside the clock; step() is timed; keep() and reported()
// run outside the clock.
class BroadLib {
public:
    virtual ~BroadLib() {}
    virtual const char *name() const = 0;
    virtual bool supports(int dim) const = 0;
    // Inserts one proxy per body of the first step and collects the initial pairs.
    virtual void build(const BroadStep &s) = 0;
    // The step's boxes in the library's own types (precision conversion outside the clock).
    virtual void convert(const BroadStep &s) = 0;
    // Updates every proxy with the converted boxes and finds the step's pairs: the timed work.
    virtual void step() = 0;
    // Pairs the last step found (new or renewed; Bullet: the size of its pair cache).
    virtual long step_pairs() const = 0;
    // Keeps the set of reported pairs the way an engine's contact list does: adds the step's pairs and drops those
    // whose fat boxes no longer overlap (Bullet's pair cache does this itself, inside the timed call).
    virtual void keep() = 0;
    // The pairs currently reported, as broad_key()s, sorted.
    virtual void reported(std::vector<uint64_t> &out) const = 0;
    // Surface-area cost: internal nodes' areas summed over the root's (2D: perimeters), leaves excluded.
    virtual double area_cost() const = 0;
    virtual void release() = 0;
};

void add_broad_libs(std::vector<std::unique_ptr<BroadLib>> &libs);

// Runs the broad-phase rows (all scenes; quick: tiny counts, few steps, every step checked, no timing table) and
// appends their markdown section to `markdown`. Returns the number of tight pairs some library missed (0: pass).
long run_broad(bool quick, const std::vector<std::string> &libs_filter, const std::vector<std::string> &scenes,
               std::string &markdown);
// The full run's scene names (quick mode's use 300 and 2000 bodies): field|pile - box|hull - count [-2d].
std::vector<std::string> broad_scene_names();
