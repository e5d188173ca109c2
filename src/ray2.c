/* Ray casts in 2D (gjk/ray.h). Placeholder until the implementation lands: every cast reports invalid input. */
#include <string.h>

#include "internal2.h"

gjk_ray_result2 gjk_raycast2(const gjk_shape2 *shape, gjk_pose2 pose, const gjk_ray2 *ray) {
    (void)shape, (void)pose, (void)ray;
    gjk_ray_result2 r;
    memset(&r, 0, sizeof r);
    r.status = GJK_INVALID_INPUT;
    return r;
}
