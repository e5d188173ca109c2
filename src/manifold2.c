/* Contact manifolds in 2D (gjk/manifold.h). Placeholder until the implementation lands: invalid input, no points. */
#include <string.h>

#include "internal2.h"

gjk_manifold2 gjk_collide2(const gjk_pair2 *pair, gjk_real speculative_distance, gjk_cache2 *cache) {
    (void)pair, (void)speculative_distance, (void)cache;
    gjk_manifold2 m;
    memset(&m, 0, sizeof m);
    m.status = GJK_INVALID_INPUT;
    return m;
}
