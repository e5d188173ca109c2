/* Contact manifolds in 3D (gjk/manifold.h). Placeholder until the implementation lands: invalid input, no points. */
#include <string.h>

#include "internal3.h"

gjk_manifold3 gjk_collide3(const gjk_pair3 *pair, gjk_real speculative_distance, gjk_cache3 *cache) {
    (void)pair, (void)speculative_distance, (void)cache;
    gjk_manifold3 m;
    memset(&m, 0, sizeof m);
    m.status = GJK_INVALID_INPUT;
    return m;
}
