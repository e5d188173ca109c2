/* The instruction-count drivers' random numbers (bench/count_ray2.c, bench/count_cast3.c): a 64-bit linear
   congruential sequence (Knuth's MMIX constants) from the seed in count_rng_state, its top 53 bits as a double in
   [0, 1), the same on every platform. */
#ifndef GJK_BENCH_COUNT_RNG_H
#define GJK_BENCH_COUNT_RNG_H
#include <stdint.h>
static uint64_t count_rng_state = 7;
static double u(void) {
    count_rng_state = count_rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(count_rng_state >> 11) / 9007199254740992.0;
}
static double range(double lo, double hi) { return lo + (hi - lo) * u(); }
#endif
