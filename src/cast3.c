/* Shape casts in 3D (gjk/cast.h). Placeholder until the implementation lands: every cast reports invalid input. */
#include <string.h>

#include "internal3.h"

gjk_cast_result3 gjk_shape_cast3(const gjk_cast_input3 *input) {
    (void)input;
    gjk_cast_result3 r;
    memset(&r, 0, sizeof r);
    r.status = GJK_INVALID_INPUT;
    return r;
}
