// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// The broad-phase rows: scenes of many moving bodies (a uniform field, a falling pile; boxes and rotating hulls; 3D
// and a planar version), the same motion for every library, one timed step per library per frame, tight pairs from
// a sort-and-sweep checked against what each library reports, and the trees' surface-area cost after the run.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "bench.h"
#include "broad.h"
#include "report.h"
#include "rng.h"

namespace {

enum class Layout { Field, Pile };

struct BroadScene {
    std::string name;
    Layout layout = Layout::Field;
    bool hulls = false;
    int dim = 3;
    int n = 0;
};

const double kDt = 1.0 / 60, kGravity = 9.81;
// The pile's columns: a quarter of the smallest body, so that a resting body raises little more than its own
// footprint and the heap stays dense.
const double kCell = 0.25;

// A body: its centre, velocity, and either half extents (an axis-aligned box) or a point set under a rotation (a
// hull: its box is that of its vertices, which is the box of their convex hull).
struct Body {
    double c[3] = {0, 0, 0}, v[3] = {0, 0, 0}, half[3] = {0, 0, 0};
    int hull = -1;
    Quat q;          // 3D rotation
    V3 w;            // 3D angular velocity (rad/s)
    double angle = 0, spin = 0; // 2D
    bool resting = false;
};

// The moving scene: bodies, and for the pile a height map of columns (cell size 1) the bodies come to rest on.
class Motion {
public:
    Motion(const BroadScene &sc) : sc_(sc) {
        Rng rng{0x62726f6164ull ^ (uint64_t)sc.n * 31 ^ (uint64_t)sc.dim * 7 ^ (sc.hulls ? 1u : 0u)};
        const int pool = 16, nv = sc.dim == 3 ? 24 : 12;
        for (int h = 0; h < pool; ++h) { // points on a sphere (circle) of radius 0.25 to 0.75: widths 0.5 to 1.5
            double r = rng.uniform(0.25, 0.75);
            std::vector<V3> pts;
            for (int k = 0; k < nv; ++k) {
                if (sc.dim == 3) {
                    pts.push_back(r * rng.unit_vector());
                } else {
                    double a = rng.uniform(0, 6.283185307179586);
                    pts.push_back(v3(r * std::cos(a), r * std::sin(a), 0));
                }
            }
            hulls_.push_back(pts);
            radius_.push_back(r);
        }
        int n = sc.n, d = sc.dim;
        bodies_.resize((size_t)n);
        // The pile: 8 layers of bodies, 1.6 apart, all falling from rest. In a layer each body sits in its own site
        // of a square lattice of pitch 1.5 (the largest body's width), shifted at random per layer, so that no two
        // bodies of a layer overlap and, as they fall alike, a body always comes down on those below it: the heap
        // (about half the floor covered per layer) builds without bodies passing through each other, and its top
        // layer comes to rest about 75 steps in, whatever the count.
        const double pitch = 1.5;
        layers_ = sc.layout == Layout::Pile ? 8 : 1;
        int per_layer = (int)std::ceil(n / layers_);
        int g = d == 3 ? (int)std::ceil(std::sqrt((double)per_layer)) : per_layer; // sites per row
        if (sc.layout == Layout::Field) {
            side_ = d == 3 ? std::cbrt(n * 8.0) : std::sqrt(n * 4.0); // about 2 neighbours per body
        } else {
            side_ = pitch * (g + 1);
            cells_ = (int)std::ceil(side_ / kCell);
            tops_.assign(d == 3 ? (size_t)cells_ * cells_ : (size_t)cells_, std::vector<double>());
        }
        double shift[2] = {0, 0};
        for (int i = 0; i < n; ++i) {
            Body &b = bodies_[(size_t)i];
            double half[3] = {0, 0, 0};
            if (sc.hulls) {
                b.hull = (int)(rng.next() % (uint64_t)pool);
                b.q = rng.rotation();
                b.w = rng.uniform(0, 2) * rng.unit_vector();
                b.angle = rng.uniform(0, 6.283185307179586);
                b.spin = rng.uniform(-2, 2);
                half[0] = half[1] = half[2] = radius_[(size_t)b.hull];
            } else {
                for (int k = 0; k < d; ++k) half[k] = b.half[k] = 0.5 * rng.uniform(0.5, 1.5);
            }
            if (sc.layout == Layout::Field) {
                for (int k = 0; k < d; ++k) {
                    b.c[k] = rng.uniform(1, side_ - 1);
                    b.v[k] = rng.uniform(-2, 2);
                }
                continue;
            }
            int layer = i / per_layer, site = i % per_layer;
            if (site == 0) shift[0] = rng.uniform(0, pitch), shift[1] = rng.uniform(0, pitch);
            int cell[2] = {site % g, site / g};
            for (int k = 0; k < d - 1; ++k) // anywhere in its site
                b.c[k] = shift[k] + pitch * (cell[k] + 0.5) + rng.uniform(-1, 1) * (0.5 * pitch - half[k]);
            b.c[d - 1] = 1 + 1.6 * layer + rng.uniform(-0.05, 0.05);
        }
        fill(step_);
    }

    const BroadStep &current() const { return step_; }
    int resting() const {
        int r = 0;
        for (const Body &b : bodies_) r += b.resting;
        return r;
    }

    // One step of motion; the new boxes and displacements (velocity x step, as an engine predicts: a body put to
    // rest on the heap has none) into current().
    void advance() {
        for (int i = 0; i < sc_.n; ++i) {
            Body &b = bodies_[(size_t)i];
            if (b.resting) continue;
            double lo[3], hi[3];
            bounds(b, lo, hi); // before the step's turn and motion
            if (b.hull >= 0) {
                if (sc_.dim == 3) b.q = quat_normalized(quat_mul(quat_from_rotation_vector(kDt * b.w), b.q));
                else b.angle += kDt * b.spin;
            }
            if (sc_.layout == Layout::Field) {
                bounds(b, lo, hi);
                for (int k = 0; k < sc_.dim; ++k) { // bounce off the walls [0, side]
                    double dk = b.v[k] * kDt;
                    if ((lo[k] + dk < 0 && b.v[k] < 0) || (hi[k] + dk > side_ && b.v[k] > 0)) b.v[k] = -b.v[k];
                    b.c[k] += b.v[k] * kDt;
                }
            } else {
                int up = sc_.dim - 1;
                b.v[up] -= kGravity * kDt;
                b.c[up] += b.v[up] * kDt;
                land(b, lo[up]);
            }
        }
        fill(step_);
    }

private:
    const BroadScene &sc_;
    std::vector<std::vector<V3>> hulls_;
    std::vector<double> radius_; // each hull's points lie on a sphere (circle) of this radius
    std::vector<Body> bodies_;
    double side_ = 0, layers_ = 1;
    int cells_ = 0;
    std::vector<std::vector<double>> tops_; // per column, the tops of the bodies resting on it
    BroadStep step_;

    void bounds(const Body &b, double lo[3], double hi[3]) const {
        for (int k = 0; k < 3; ++k) lo[k] = hi[k] = 0;
        if (b.hull < 0) {
            for (int k = 0; k < sc_.dim; ++k) lo[k] = b.c[k] - b.half[k], hi[k] = b.c[k] + b.half[k];
            return;
        }
        double mn[3] = {HUGE_VAL, HUGE_VAL, HUGE_VAL}, mx[3] = {-HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
        double cs = std::cos(b.angle), sn = std::sin(b.angle);
        for (const V3 &p : hulls_[(size_t)b.hull]) {
            V3 r = sc_.dim == 3 ? rotate(b.q, p) : v3(cs * p.x - sn * p.y, sn * p.x + cs * p.y, 0);
            double xyz[3] = {r.x, r.y, r.z};
            for (int k = 0; k < 3; ++k) mn[k] = std::min(mn[k], xyz[k]), mx[k] = std::max(mx[k], xyz[k]);
        }
        for (int k = 0; k < sc_.dim; ++k) lo[k] = b.c[k] + mn[k], hi[k] = b.c[k] + mx[k];
    }

    // The pile: a falling body rests on the highest top below where its bottom was (`prev`, before the step's
    // motion) among the columns under it, once its bottom reaches that top. Each column keeps every top, not just
    // the highest: a body may land beside and above one still falling under it, which must then come to rest on
    // what lies below, not jump onto the newcomer.
    void land(Body &b, double prev) {
        int up = sc_.dim - 1;
        double lo[3], hi[3];
        bounds(b, lo, hi);
        int c0[2] = {0, 0}, c1[2] = {0, 0};
        for (int k = 0; k < up; ++k) {
            // the columns whose centres lie in [lo, hi): bodies side by side share none
            c0[k] = std::max(0, (int)std::ceil(lo[k] / kCell - 0.5));
            c1[k] = std::min(cells_ - 1, (int)std::ceil(hi[k] / kCell - 0.5) - 1);
        }
        double top = 0;
        for (int y = c0[1]; y <= c1[1]; ++y)
            for (int x = c0[0]; x <= c1[0]; ++x)
                for (double t : tops_[(size_t)y * cells_ + x])
                    if (t <= prev && t > top) top = t;
        if (lo[up] > top) return;
        b.c[up] += top - lo[up];
        b.v[up] = 0;
        b.resting = true;
        double h = hi[up] + (top - lo[up]);
        for (int y = c0[1]; y <= c1[1]; ++y)
            for (int x = c0[0]; x <= c1[0]; ++x) tops_[(size_t)y * cells_ + x].push_back(h);
    }

    void fill(BroadStep &s) const {
        s.dim = sc_.dim;
        s.n = sc_.n;
        s.lo.resize((size_t)s.n * 3), s.hi.resize((size_t)s.n * 3), s.disp.assign((size_t)s.n * 3, 0.0);
        for (int i = 0; i < s.n; ++i) {
            const Body &b = bodies_[(size_t)i];
            bounds(b, &s.lo[3 * (size_t)i], &s.hi[3 * (size_t)i]);
            for (int k = 0; k < sc_.dim; ++k) s.disp[3 * (size_t)i + k] = b.v[k] * kDt;
        }
    }
};

// Every pair of bodies whose tight boxes overlap (touching counts): sort and sweep along x.
void tight_pairs(const BroadStep &s, std::vector<uint64_t> &out) {
    std::vector<int> order((size_t)s.n);
    for (int i = 0; i < s.n; ++i) order[(size_t)i] = i;
    const double *lo = s.lo.data(), *hi = s.hi.data();
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return lo[3 * a] < lo[3 * b] || (lo[3 * a] == lo[3 * b] && a < b);
    });
    out.clear();
    for (size_t p = 0; p < order.size(); ++p) {
        int a = order[p];
        for (size_t r = p + 1; r < order.size() && lo[3 * order[r]] <= hi[3 * a]; ++r) {
            int b = order[r];
            if (lo[3 * a + 1] <= hi[3 * b + 1] && lo[3 * b + 1] <= hi[3 * a + 1] && lo[3 * a + 2] <= hi[3 * b + 2] &&
                lo[3 * b + 2] <= hi[3 * a + 2])
                out.push_back(broad_key((uint32_t)a, (uint32_t)b));
        }
    }
    std::sort(out.begin(), out.end());
}

double cpu_now() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

struct BroadCell {
    std::string lib;
    std::vector<double> ms; // per measured step
    double median_ms = 0, mean_ms = 0;
    long missed = 0;        // tight pairs not reported, over every checked step
    double extra = 0;       // reported pairs whose tight boxes do not overlap, mean over checked steps
    double step_pairs = 0;  // pairs the step's call returned, mean over measured steps (Bullet: its cache's size)
    double cost = 0;        // surface-area cost after the run
};

struct BroadRow {
    BroadScene scene;
    int steps = 0, warmup = 0, checks = 0;
    double tight = 0; // tight pairs, mean over checked steps
    int resting_start = 0, resting_end = 0; // the pile's bodies at rest after the warm-up and at the end
    std::vector<BroadCell> cells;
};

std::string fmt_ms(double ms) {
    char b[32];
    std::snprintf(b, sizeof b, ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : ms >= 1 ? "%.2f" : "%.3f", ms);
    return b;
}

std::string fmt(const char *f, double v) {
    char b[64];
    std::snprintf(b, sizeof b, f, v);
    return b;
}

std::string scene_label(const BroadScene &s) {
    return std::string(s.layout == Layout::Field ? "field" : "pile") + "-" + (s.hulls ? "hull" : "box") + "-" +
           std::to_string(s.n) + (s.dim == 2 ? "-2d" : "");
}

BroadRow run_scene(const BroadScene &sc, const std::vector<BroadLib *> &libs, bool quick) {
    BroadRow row;
    row.scene = sc;
    row.warmup = quick ? 2 : 10;
    // quick: the pile until its last layer rests (about 80 steps), so that the smoke checks the heap too
    row.steps = quick ? (sc.layout == Layout::Pile ? 90 : 10) : sc.n > 20000 ? 40 : 100;
    int check_every = quick ? 1 : 10;
    bool drop = std::getenv("GJK_BENCH_BROAD_DROP") != nullptr;
    Motion m(sc);
    std::vector<BroadLib *> used;
    for (BroadLib *l : libs)
        if (l->supports(sc.dim)) used.push_back(l);
    for (BroadLib *l : used) {
        BroadCell c;
        c.lib = l->name();
        row.cells.push_back(c);
        l->build(m.current());
    }
    std::vector<uint64_t> tight, got, missing;
    double tight_sum = 0;
    for (int s = 1; s <= row.warmup + row.steps; ++s) {
        m.advance();
        const BroadStep &st = m.current();
        bool measured = s > row.warmup;
        if (s == row.warmup + 1) row.resting_start = m.resting();
        for (size_t j = 0; j < used.size(); ++j) { // a different library first on each step
            size_t k = (j + (size_t)s) % used.size();
            used[k]->convert(st);
            double t0 = cpu_now();
            used[k]->step();
            double t = cpu_now() - t0;
            used[k]->keep();
            if (measured) {
                row.cells[k].ms.push_back(1e3 * t);
                row.cells[k].step_pairs += (double)used[k]->step_pairs() / row.steps;
            }
        }
        if (s % check_every == 0 || s == row.warmup + row.steps) {
            tight_pairs(st, tight);
            tight_sum += (double)tight.size();
            ++row.checks;
            for (size_t k = 0; k < used.size(); ++k) {
                used[k]->reported(got);
                if (drop && !tight.empty()) // the check's own test: a library that lost a pair must fail the run
                    got.erase(std::remove(got.begin(), got.end(), tight[0]), got.end());
                missing.clear();
                std::set_difference(tight.begin(), tight.end(), got.begin(), got.end(), std::back_inserter(missing));
                if (!missing.empty()) {
                    uint64_t p = missing[0];
                    std::fprintf(stderr, "broad phase: %s misses %zu tight pairs on %s at step %d (first: bodies %u "
                                         "and %u)\n", used[k]->name(), missing.size(), scene_label(sc).c_str(), s,
                                 (unsigned)(p >> 32), (unsigned)(p & 0xffffffffu));
                }
                row.cells[k].missed += (long)missing.size();
                row.cells[k].extra += (double)(got.size() - (tight.size() - missing.size()));
            }
        }
    }
    row.tight = row.checks ? tight_sum / row.checks : 0;
    row.resting_end = m.resting();
    for (size_t k = 0; k < used.size(); ++k) {
        BroadCell &c = row.cells[k];
        c.extra = row.checks ? c.extra / row.checks : 0;
        c.median_ms = median(c.ms);
        for (double t : c.ms) c.mean_ms += t / (double)c.ms.size();
        c.cost = used[k]->area_cost();
        used[k]->release();
    }
    return row;
}

const BroadCell *find_cell(const BroadRow &r, const std::string &lib) {
    for (const BroadCell &c : r.cells)
        if (c.lib == lib) return &c;
    return nullptr;
}

void write_section(const std::vector<BroadRow> &rows, const std::vector<std::string> &libs, bool quick,
                   std::string &md) {
    md += "\n## Broad phase\n\n";
    md += "Median CPU ms per step (update every proxy, then find the step's pairs); in brackets gjk's time divided "
          "by the library's (below 1: gjk is faster). — : the library has no such broad phase (Box2D is 2D).";
    if (quick) md += " Quick mode: tiny scenes, times not meaningful.";
    md += "\n\n| scene | query |";
    for (const std::string &l : libs) md += " " + l + " |";
    md += " fastest peer | gjk / fastest |\n|---|---|";
    for (size_t i = 0; i < libs.size(); ++i) md += "---:|";
    md += "---|---:|\n";
    for (const BroadRow &r : rows) {
        const BroadCell *g = find_cell(r, "gjk"), *best = nullptr;
        md += "| " + scene_label(r.scene) + " | step |";
        for (const std::string &l : libs) {
            const BroadCell *c = find_cell(r, l);
            if (!c) {
                md += " — |";
                continue;
            }
            md += " " + fmt_ms(c->median_ms);
            if (g && c != g && c->median_ms > 0) md += " (" + fmt("%.2f", g->median_ms / c->median_ms) + ")";
            md += " |";
            if (c != g && (!best || c->median_ms < best->median_ms)) best = c;
        }
        if (g && best && best->median_ms > 0)
            md += " " + best->lib + " | " + fmt("%.2f", g->median_ms / best->median_ms) + " |\n";
        else
            md += " — | — |\n";
    }
    md += "\nPairs and tree quality in the same run. tight: pairs of bodies whose tight boxes overlap (a sort and "
          "sweep; mean over the checked steps); missed: tight pairs a library did not report, summed over the checked "
          "steps (must be 0); extra: reported pairs whose tight boxes do not overlap (fat boxes only), mean; step: "
          "pairs the step's call returned, mean (gjk, Box2D: pairs with a moved proxy; Bullet: its whole pair cache); "
          "cost: surface-area cost after the run (internal nodes' areas over the root's, leaves excluded; 2D gjk and "
          "Box2D: perimeters; Bullet: its two trees, 2D scenes as slabs 1 thick); mean: the mean time per step (the "
          "pile's steps get cheaper as its bodies come to rest).\n\n| scene | query | tight |";
    for (const std::string &l : libs) md += " " + l + " |";
    md += "\n|---|---|---:|";
    for (size_t i = 0; i < libs.size(); ++i) md += "---|";
    md += "\n";
    for (const BroadRow &r : rows) {
        md += "| " + scene_label(r.scene) + " | step | " + fmt("%.0f", r.tight) + " |";
        for (const std::string &l : libs) {
            const BroadCell *c = find_cell(r, l);
            if (!c) {
                md += " — |";
                continue;
            }
            md += " missed " + std::to_string(c->missed) + ", extra " + fmt("%.0f", c->extra) + ", step " +
                  fmt("%.0f", c->step_pairs) + ", cost " + fmt("%.1f", c->cost) + ", mean " + fmt_ms(c->mean_ms) +
                  " ms |";
        }
        md += "\n";
    }
    if (!rows.empty())
        md += "\nSteps: " + std::to_string(rows[0].warmup) + " warm-up steps, then " +
              (quick ? std::string("10 measured (piles 90)") : std::string("100 measured (40 for 100,000 bodies)")) +
              "; tight pairs checked every " + (quick ? "step" : "10th step and the last") + ".\n";
}

} // namespace

long run_broad(bool quick, const std::vector<std::string> &libs_filter, const std::vector<std::string> &scenes,
               std::string &markdown) {
    std::vector<std::unique_ptr<BroadLib>> all;
    add_broad_libs(all);
    std::vector<BroadLib *> libs;
    std::vector<std::string> names;
    for (auto &l : all) {
        bool take = libs_filter.empty();
        for (const std::string &f : libs_filter) take = take || std::string(l->name()).find(f) != std::string::npos;
        if (take || std::string(l->name()) == "gjk") libs.push_back(l.get()), names.push_back(l->name());
    }
    std::vector<BroadScene> list;
    std::vector<int> counts = quick ? std::vector<int>{300, 2000} : std::vector<int>{10000, 100000};
    for (int dim : {3, 2})
        for (int n : counts)
            for (Layout lay : {Layout::Field, Layout::Pile})
                for (bool hulls : {false, true}) {
                    BroadScene s;
                    s.layout = lay, s.hulls = hulls, s.dim = dim, s.n = n;
                    s.name = scene_label(s);
                    if (scenes.empty() || std::find(scenes.begin(), scenes.end(), s.name) != scenes.end())
                        list.push_back(s);
                }
    long missed = 0;
    std::vector<BroadRow> rows;
    for (const BroadScene &s : list) {
        BroadRow r = run_scene(s, libs, quick);
        std::printf("broad %-20s tight %8.0f, resting %d -> %d |", s.name.c_str(), r.tight, r.resting_start,
                    r.resting_end);
        for (const BroadCell &c : r.cells) {
            std::printf(" %s %s ms (mean %s, missed %ld, extra %.0f, cost %.1f) |", c.lib.c_str(),
                        fmt_ms(c.median_ms).c_str(), fmt_ms(c.mean_ms).c_str(), c.missed, c.extra, c.cost);
            missed += c.missed;
        }
        std::printf("\n");
        std::fflush(stdout);
        rows.push_back(r);
    }
    write_section(rows, names, quick, markdown);
    return missed;
}

std::vector<std::string> broad_scene_names() {
    std::vector<std::string> out;
    for (int dim : {3, 2})
        for (int n : {10000, 100000})
            for (Layout lay : {Layout::Field, Layout::Pile})
                for (bool hulls : {false, true}) {
                    BroadScene s;
                    s.layout = lay, s.hulls = hulls, s.dim = dim, s.n = n;
                    out.push_back(scene_label(s));
                }
    return out;
}
