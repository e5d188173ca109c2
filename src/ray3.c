/* Ray casts in 3D (gjk/ray.h). Placeholder until the implementation lands: every cast reports invalid input. */
#include <string.h>

#include "internal3.h"

gjk_ray_result3 gjk_raycast3(const gjk_shape3 *shape, gjk_pose3 pose, const gjk_ray3 *ray) {
    (void)shape, (void)pose, (void)ray;
    gjk_ray_result3 r;
    memset(&r, 0, sizeof r);
    r.status = GJK_INVALID_INPUT;
    return r;
}
