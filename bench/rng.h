// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// The benchmark's random numbers: the same sequence on every platform.
#pragma once

#include <cmath>
#include <cstdint>

#include "bench.h"

// splitmix64: a tiny generator whose sequence is the same on every platform.
struct Rng {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double uniform(double lo, double hi) { return lo + (hi - lo) * (double)(next() >> 11) * 0x1.0p-53; }
    double gauss() {
        double u = uniform(1e-300, 1.0), v = uniform(0.0, 1.0);
        return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
    }
    V3 unit_vector() {
        for (;;) {
            double x = gauss(), y = gauss(), z = gauss();
            V3 v = v3(x, y, z);
            double l = norm(v);
            if (l > 1e-9) return (1.0 / l) * v;
        }
    }
    Quat rotation() {
        for (;;) {
            double w = gauss(), x = gauss(), y = gauss(), z = gauss();
            double l = std::sqrt(w * w + x * x + y * y + z * z);
            if (l > 1e-9) return Quat{w / l, x / l, y / l, z / l};
        }
    }
};
