// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// The broad-phase adapters: gjk's dynamic AABB tree (3D and 2D), Bullet's btDbvtBroadphase with its default pair
// cache (3D, and 2D scenes with z fixed to [-0.5, 0.5]) and Box2D 2.4's b2BroadPhase (2D). Each keeps its proxy
// ids in body order and reports pairs of body indices.
#include <algorithm>
#include <cstdint>
#include <unordered_set>

#include <gjk/gjk.h>

#include <box2d/b2_broad_phase.h>
#include <btBulletCollisionCommon.h>
#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>

#include "broad.h"

namespace {

// gjk's settings are Box2D 2.4's: a margin of 0.1 and four steps of displacement as prediction.
const double kMargin = 0.1, kPredict = 4;

// The set of reported pairs, kept as an engine's contact list keeps it (outside the clock).
struct PairSet {
    std::unordered_set<uint64_t> set;
    template <class Overlap> void keep(const std::vector<int> &found, Overlap overlap) {
        for (size_t k = 0; k + 1 < found.size(); k += 2) set.insert(broad_key((uint32_t)found[k], (uint32_t)found[k + 1]));
        for (auto it = set.begin(); it != set.end();)
            it = overlap((int)(*it >> 32), (int)(*it & 0xffffffffu)) ? std::next(it) : set.erase(it);
    }
    void sorted(std::vector<uint64_t> &out) const {
        out.assign(set.begin(), set.end());
        std::sort(out.begin(), out.end());
    }
};

class GjkBroad : public BroadLib {
    int dim_ = 3;
    gjk_tree3 *t3_ = nullptr;
    gjk_tree2 *t2_ = nullptr;
    std::vector<gjk_aabb3> box3_;
    std::vector<gjk_aabb2> box2_;
    std::vector<gjk_vec3> d3_;
    std::vector<gjk_vec2> d2_;
    std::vector<int> buf_, found_, proxy_, body_; // body -> proxy, proxy -> body
    int count_ = 0;
    PairSet pairs_;

    // All pairs (initial) or the moved ones into found_, growing the buffer until they fit.
    void collect(bool moved_only) {
        for (;;) {
            int cap = (int)(buf_.size() / 2);
            count_ = t3_ ? gjk_tree3_pairs(t3_, moved_only, buf_.data(), cap)
                         : gjk_tree2_pairs(t2_, moved_only, buf_.data(), cap);
            if (count_ <= cap) break;
            buf_.resize(4 * (size_t)count_);
        }
    }

public:
    const char *name() const override { return "gjk"; }
    bool supports(int) const override { return true; }
    void build(const BroadStep &s) override {
        dim_ = s.dim;
        convert(s);
        buf_.assign(16 * (size_t)s.n + 64, 0);
        if (dim_ == 3) t3_ = gjk_tree3_create();
        else t2_ = gjk_tree2_create();
        proxy_.resize((size_t)s.n);
        for (int i = 0; i < s.n; ++i) {
            int id = t3_ ? gjk_tree3_insert(t3_, box3_[(size_t)i], (gjk_real)kMargin, (uint64_t)i)
                         : gjk_tree2_insert(t2_, box2_[(size_t)i], (gjk_real)kMargin, (uint64_t)i);
            proxy_[(size_t)i] = id;
            if ((int)body_.size() <= id) body_.resize((size_t)id + 1, -1);
            body_[(size_t)id] = i;
        }
        collect(false);
        if (t3_) gjk_tree3_clear_moved(t3_);
        else gjk_tree2_clear_moved(t2_);
        keep();
    }
    void convert(const BroadStep &s) override {
        size_t n = (size_t)s.n;
        const double *lo = s.lo.data(), *hi = s.hi.data(), *d = s.disp.data();
        if (s.dim == 3) {
            box3_.resize(n), d3_.resize(n);
            for (size_t i = 0; i < n; ++i) {
                box3_[i].lower = gjk_v3((gjk_real)lo[3 * i], (gjk_real)lo[3 * i + 1], (gjk_real)lo[3 * i + 2]);
                box3_[i].upper = gjk_v3((gjk_real)hi[3 * i], (gjk_real)hi[3 * i + 1], (gjk_real)hi[3 * i + 2]);
                d3_[i] = gjk_v3((gjk_real)(kPredict * d[3 * i]), (gjk_real)(kPredict * d[3 * i + 1]),
                                (gjk_real)(kPredict * d[3 * i + 2]));
            }
        } else {
            box2_.resize(n), d2_.resize(n);
            for (size_t i = 0; i < n; ++i) {
                box2_[i].lower = gjk_v2((gjk_real)lo[3 * i], (gjk_real)lo[3 * i + 1]);
                box2_[i].upper = gjk_v2((gjk_real)hi[3 * i], (gjk_real)hi[3 * i + 1]);
                d2_[i] = gjk_v2((gjk_real)(kPredict * d[3 * i]), (gjk_real)(kPredict * d[3 * i + 1]));
            }
        }
    }
    void step() override {
        const gjk_real m = (gjk_real)kMargin;
        if (t3_) {
            int n = (int)box3_.size();
            for (int i = 0; i < n; ++i) gjk_tree3_move(t3_, proxy_[(size_t)i], box3_[(size_t)i], m, d3_[(size_t)i]);
            collect(true);
            gjk_tree3_clear_moved(t3_);
        } else {
            int n = (int)box2_.size();
            for (int i = 0; i < n; ++i) gjk_tree2_move(t2_, proxy_[(size_t)i], box2_[(size_t)i], m, d2_[(size_t)i]);
            collect(true);
            gjk_tree2_clear_moved(t2_);
        }
    }
    long step_pairs() const override { return count_; }
    void keep() override {
        found_.resize(2 * (size_t)count_);
        for (size_t k = 0; k < found_.size(); ++k) found_[k] = body_[(size_t)buf_[k]];
        if (t3_)
            pairs_.keep(found_, [&](int a, int b) {
                gjk_aabb3 p = gjk_tree3_fat_box(t3_, proxy_[(size_t)a]), q = gjk_tree3_fat_box(t3_, proxy_[(size_t)b]);
                return p.lower.x <= q.upper.x && q.lower.x <= p.upper.x && p.lower.y <= q.upper.y &&
                       q.lower.y <= p.upper.y && p.lower.z <= q.upper.z && q.lower.z <= p.upper.z;
            });
        else
            pairs_.keep(found_, [&](int a, int b) {
                gjk_aabb2 p = gjk_tree2_fat_box(t2_, proxy_[(size_t)a]), q = gjk_tree2_fat_box(t2_, proxy_[(size_t)b]);
                return p.lower.x <= q.upper.x && q.lower.x <= p.upper.x && p.lower.y <= q.upper.y &&
                       q.lower.y <= p.upper.y;
            });
    }
    void reported(std::vector<uint64_t> &out) const override { pairs_.sorted(out); }
    double area_cost() const override {
        return t3_ ? (double)gjk_tree3_area_cost(t3_) : (double)gjk_tree2_area_cost(t2_);
    }
    void release() override {
        gjk_tree3_destroy(t3_);
        gjk_tree2_destroy(t2_);
        t3_ = nullptr, t2_ = nullptr;
        pairs_.set.clear();
        proxy_.clear(), body_.clear();
    }
};

// Bullet: btDbvtBroadphase as btDiscreteDynamicsWorld creates it (default pair cache, a btHashedOverlappingPairCache;
// default margin 0.05 and no velocity prediction), no dispatcher (no collision algorithms to free).
class BulletBroad : public BroadLib {
    std::unique_ptr<btDbvtBroadphase> bp_;
    std::vector<btBroadphaseProxy *> proxies_;
    std::vector<btVector3> min_, max_;

    static double area(const btDbvtVolume &v) {
        btVector3 e = v.Lengths();
        return 2.0 * ((double)e.x() * e.y() + (double)e.y() * e.z() + (double)e.z() * e.x());
    }
    static void internal_area(const btDbvtNode *node, double &sum) {
        if (!node || node->isleaf()) return;
        sum += area(node->volume);
        internal_area(node->childs[0], sum);
        internal_area(node->childs[1], sum);
    }

public:
    const char *name() const override { return "bullet dbvt"; }
    bool supports(int) const override { return true; }
    void build(const BroadStep &s) override {
        bp_.reset(new btDbvtBroadphase());
        convert(s);
        proxies_.resize((size_t)s.n);
        for (int i = 0; i < s.n; ++i)
            proxies_[(size_t)i] = bp_->createProxy(min_[(size_t)i], max_[(size_t)i], BOX_SHAPE_PROXYTYPE,
                                                   reinterpret_cast<void *>((uintptr_t)i),
                                                   btBroadphaseProxy::DefaultFilter,
                                                   btBroadphaseProxy::AllFilter, nullptr);
        bp_->calculateOverlappingPairs(nullptr);
    }
    void convert(const BroadStep &s) override {
        size_t n = (size_t)s.n;
        min_.resize(n), max_.resize(n);
        for (size_t i = 0; i < n; ++i) {
            const double *lo = &s.lo[3 * i], *hi = &s.hi[3 * i];
            double zl = s.dim == 3 ? lo[2] : -0.5, zh = s.dim == 3 ? hi[2] : 0.5;
            min_[i] = btVector3((btScalar)lo[0], (btScalar)lo[1], (btScalar)zl);
            max_[i] = btVector3((btScalar)hi[0], (btScalar)hi[1], (btScalar)zh);
        }
    }
    void step() override {
        size_t n = proxies_.size();
        for (size_t i = 0; i < n; ++i) bp_->setAabb(proxies_[i], min_[i], max_[i], nullptr);
        bp_->calculateOverlappingPairs(nullptr);
    }
    long step_pairs() const override { return bp_->getOverlappingPairCache()->getNumOverlappingPairs(); }
    void keep() override {}
    void reported(std::vector<uint64_t> &out) const override {
        out.clear();
        btBroadphasePairArray &a = bp_->getOverlappingPairCache()->getOverlappingPairArray();
        for (int k = 0; k < a.size(); ++k)
            out.push_back(broad_key((uint32_t)(uintptr_t)a[k].m_pProxy0->m_clientObject,
                                    (uint32_t)(uintptr_t)a[k].m_pProxy1->m_clientObject));
        std::sort(out.begin(), out.end());
    }
    // Both of btDbvtBroadphase's trees (dynamic and fixed proxies), over the box around both roots.
    double area_cost() const override {
        double sum = 0;
        const btDbvtNode *r0 = bp_->m_sets[0].m_root, *r1 = bp_->m_sets[1].m_root;
        internal_area(r0, sum);
        internal_area(r1, sum);
        if (!r0 && !r1) return 0;
        btDbvtVolume root = r0 ? r0->volume : r1->volume;
        if (r0 && r1) Merge(r0->volume, r1->volume, root);
        double a = area(root);
        return a > 0 ? sum / a : 0;
    }
    void release() override {
        for (btBroadphaseProxy *p : proxies_) bp_->destroyProxy(p, nullptr);
        proxies_.clear();
        bp_.reset();
    }
};

// Box2D 2.4: b2BroadPhase (b2_aabbExtension 0.1, b2_aabbMultiplier 4 applied inside MoveProxy to the displacement
// given, one step's motion here). UpdatePairs hands each pair with a moved proxy to the callback.
class Box2dBroad : public BroadLib {
    std::unique_ptr<b2BroadPhase> bp_;
    std::vector<b2AABB> box_;
    std::vector<b2Vec2> d_;
    std::vector<int> found_, proxy_;
    PairSet pairs_;

public:
    // UpdatePairs' callback.
    void AddPair(void *a, void *b) {
        found_.push_back((int)(uintptr_t)a);
        found_.push_back((int)(uintptr_t)b);
    }
    const char *name() const override { return "box2d"; }
    bool supports(int dim) const override { return dim == 2; }
    void build(const BroadStep &s) override {
        bp_.reset(new b2BroadPhase());
        convert(s);
        found_.reserve(16 * (size_t)s.n + 64);
        proxy_.resize((size_t)s.n);
        for (int i = 0; i < s.n; ++i)
            proxy_[(size_t)i] = bp_->CreateProxy(box_[(size_t)i], reinterpret_cast<void *>((uintptr_t)i));
        found_.clear();
        bp_->UpdatePairs(this);
        keep();
    }
    void convert(const BroadStep &s) override {
        size_t n = (size_t)s.n;
        box_.resize(n), d_.resize(n);
        for (size_t i = 0; i < n; ++i) {
            box_[i].lowerBound.Set((float)s.lo[3 * i], (float)s.lo[3 * i + 1]);
            box_[i].upperBound.Set((float)s.hi[3 * i], (float)s.hi[3 * i + 1]);
            d_[i].Set((float)s.disp[3 * i], (float)s.disp[3 * i + 1]);
        }
    }
    void step() override {
        int n = (int)box_.size();
        for (int i = 0; i < n; ++i) bp_->MoveProxy(proxy_[(size_t)i], box_[(size_t)i], d_[(size_t)i]);
        found_.clear();
        bp_->UpdatePairs(this);
    }
    long step_pairs() const override { return (long)found_.size() / 2; }
    void keep() override {
        pairs_.keep(found_, [&](int a, int b) { return bp_->TestOverlap(proxy_[(size_t)a], proxy_[(size_t)b]); });
    }
    void reported(std::vector<uint64_t> &out) const override { pairs_.sorted(out); }
    // GetTreeQuality() sums the perimeters of every node, leaves included, over the root's; the leaves' share is
    // taken off (the root's box is the union of the leaves' fat boxes).
    double area_cost() const override {
        int n = (int)box_.size();
        if (n < 2) return 0;
        b2AABB root = bp_->GetFatAABB(proxy_[0]);
        double leaves = 0;
        for (int i = 0; i < n; ++i) {
            const b2AABB &a = bp_->GetFatAABB(proxy_[(size_t)i]);
            leaves += a.GetPerimeter();
            root.Combine(a);
        }
        double p = root.GetPerimeter();
        return p > 0 ? (double)bp_->GetTreeQuality() - leaves / p : 0;
    }
    void release() override {
        bp_.reset();
        pairs_.set.clear();
        proxy_.clear();
    }
};

} // namespace

void add_broad_libs(std::vector<std::unique_ptr<BroadLib>> &libs) {
    libs.emplace_back(new GjkBroad());
    libs.emplace_back(new BulletBroad());
    libs.emplace_back(new Box2dBroad());
}
