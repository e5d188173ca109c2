// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// What the engine scene tests measure and require, shared by the Box2D and Bullet drivers: each scene runs once with
// the engine's own narrow phase and once with gjk's in the same process, and gjk's run must end with every body
// asleep, no NaN, and its largest displacement within 1.5 times the engine's own (or the floor, whichever is larger).
#ifndef GJK_ENGINES_REPORT_H
#define GJK_ENGINES_REPORT_H

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace engines {

// A body's displacement is |its centre's move| + |its turn| x its bounding radius: a bound on how far any point of
// it moved. Below this floor (length units; the bodies are about 1 across) two runs count as equally still.
constexpr double displacement_floor = 0.05;
// gjk's run may move a structure at most this many times as much as the engine's own.
constexpr double displacement_ratio = 1.5;

struct Run {
    bool asleep = false;        // every dynamic body asleep at the end
    int steps = 0;              // steps until every body slept (or the step limit)
    double displacement = 0;    // largest displacement of a body from the reference pose (see the scene)
    double lean = 0;            // the top body's sideways move (stacks and pyramids; 0 elsewhere)
    bool finite = true;         // no NaN or infinity in any pose
    double us_per_step = 0;     // wall time per step, microseconds
    std::uint64_t gjk_calls = 0; // manifolds gjk evaluated during the run
};

// Deterministic random numbers for the scenes (xorshift64*), the same on every machine.
struct Rng {
    std::uint64_t s;
    explicit Rng(std::uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    double uniform(double lo, double hi) {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        const std::uint64_t r = s * 0x2545F4914F6CDD1Dull;
        return lo + (hi - lo) * (double)(r >> 11) * (1.0 / 9007199254740992.0);
    }
};

class Clock {
public:
    Clock() : t0_(std::chrono::steady_clock::now()) {}
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    }

private:
    std::chrono::steady_clock::time_point t0_;
};

inline void print_header(const char *engine) {
    std::printf("%s scenes: own narrow phase against gjk's (displacement floor %.2f, ratio %.1f)\n", engine,
                displacement_floor, displacement_ratio);
    std::printf("%-22s %-5s %7s %7s %9s %8s %10s %10s  %s\n", "scene", "nphase", "bodies", "steps", "max disp",
                "lean", "us/step", "gjk calls", "asleep");
}

inline void print_run(const char *scene, const char *phase, int bodies, const Run &r) {
    std::printf("%-22s %-5s %7d %7d %9.4f %8.4f %10.1f %10llu  %s%s\n", scene, phase, bodies, r.steps, r.displacement,
                r.lean, r.us_per_step, (unsigned long long)r.gjk_calls, r.asleep ? "yes" : "NO",
                r.finite ? "" : " NaN");
}

// Failed checks of the conversion tests; the first 20 are printed with the pair they failed on.
inline int &conversion_failures() {
    static int failures = 0;
    return failures;
}

inline void expect(bool ok, const char *what, int pair) {
    if (ok) return;
    if (conversion_failures() < 20) std::printf("FAIL conversion, pair %d: %s\n", pair, what);
    ++conversion_failures();
}

// Step a world until every body sleeps or `max_steps` have run, and fill out.steps, out.asleep, out.us_per_step.
// `step()` advances the world; `awake(body)` and `slow(body)` (slower than 0.1) read one body; `landed()` is called
// once, the first time every body has been slow for 30 steps in a row (where a pile's displacement is measured from).
template <typename Bodies, typename Step, typename Awake, typename Slow, typename Landed>
void settle(Run &out, int max_steps, const Bodies &bodies, Step step, Awake awake, Slow slow, Landed landed) {
    Clock clock;
    int n = 0, still = 0;
    for (; n < max_steps; ++n) {
        step();
        bool any_awake = false, all_slow = true;
        for (const auto &b : bodies) {
            any_awake = any_awake || awake(b);
            all_slow = all_slow && slow(b);
        }
        still = all_slow ? still + 1 : 0;
        if (still == 30) landed();
        if (!any_awake) break;
    }
    out.us_per_step = 1e6 * clock.seconds() / std::max(n, 1);
    out.steps = n + (n < max_steps ? 1 : 0);
    out.asleep = n < max_steps;
}

// The verdict for one scene; prints each failed requirement and returns the number of failures.
inline int check(const char *scene, const Run &own, const Run &gjk) {
    int failures = 0;
    auto fail = [&](const char *what) {
        std::printf("FAIL %s: %s\n", scene, what);
        ++failures;
    };
    if (!own.asleep || !own.finite) fail("the engine's own narrow phase does not settle (scene set-up)");
    if (own.gjk_calls != 0) fail("gjk was called during the engine's own run");
    if (gjk.gjk_calls == 0) fail("gjk's narrow phase was never called");
    if (!gjk.finite) fail("NaN or infinity in a pose with gjk");
    if (!gjk.asleep) fail("not every body asleep at the end with gjk");
    const double limit = displacement_ratio * std::max(own.displacement, displacement_floor);
    if (!(gjk.displacement <= limit)) {
        std::printf("FAIL %s: largest displacement %.4f with gjk, above %.4f (1.5 x max(own %.4f, floor))\n", scene,
                    gjk.displacement, limit, own.displacement);
        ++failures;
    }
    return failures;
}

// The seed a random scene (a pile) draws its bodies with: run_scenes sets it before each run.
inline std::uint64_t &scene_seed() {
    static std::uint64_t seed = 0;
    return seed;
}

// A random pile is chaotic: any change in a contact point (a different narrow phase, or the same one a rounding
// apart) sends a body rolling on another path, and now and then off the pile, with the engine's own narrow phase as
// with gjk's. So a scene with `seeds` > 1 runs that many piles (seeds 1, 2, ...) and is judged by their median
// displacement; sleep and finiteness are required of every run. Steps are the most, times the mean, calls the sum.
template <typename RunFn, typename Build> Run run_seeds(RunFn run, Build build, bool with_gjk, int seeds) {
    std::vector<Run> runs;
    for (int k = 1; k <= seeds; ++k) {
        scene_seed() = (std::uint64_t)k;
        runs.push_back(run(build, with_gjk));
    }
    Run out = runs[0];
    std::vector<double> disp;
    for (const Run &r : runs) disp.push_back(r.displacement);
    std::sort(disp.begin(), disp.end());
    out.displacement = disp[disp.size() / 2];
    out.us_per_step = 0;
    out.gjk_calls = 0;
    for (const Run &r : runs) {
        out.asleep = out.asleep && r.asleep;
        out.finite = out.finite && r.finite;
        out.steps = std::max(out.steps, r.steps);
        out.us_per_step += r.us_per_step / (double)runs.size();
        out.gjk_calls += r.gjk_calls;
    }
    return out;
}

// Run each scene with the engine's own narrow phase and with gjk's, print both rows and the failures; returns the
// number of failed checks, conversion tests included. `run(build, with_gjk)` runs one scene; a scene with `seeds`
// above 1 is a random pile run with that many seeds (run_seeds).
template <typename Scene, typename RunFn>
int run_scenes(const char *engine, const Scene *scenes, int count, RunFn run, bool (*wanted)(const Scene &)) {
    print_header(engine);
    int failures = conversion_failures();
    for (int i = 0; i < count; ++i) {
        const Scene &s = scenes[i];
        if (!wanted(s)) continue;
        const Run own = run_seeds(run, s.build, false, s.seeds), gjk = run_seeds(run, s.build, true, s.seeds);
        print_run(s.name, "own", s.bodies, own);
        print_run(s.name, "gjk", s.bodies, gjk);
        failures += check(s.name, own, gjk);
    }
    std::printf("%s: %d failed checks\n", failures ? "FAILED" : "passed", failures);
    return failures;
}

} // namespace engines

#endif
