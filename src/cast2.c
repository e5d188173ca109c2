/* Shape casts in 2D (gjk/cast.h). Placeholder until the implementation lands: every cast reports invalid input. */
#include <string.h>

#include "internal2.h"

gjk_cast_result2 gjk_shape_cast2(const gjk_cast_input2 *input) {
    (void)input;
    gjk_cast_result2 r;
    memset(&r, 0, sizeof r);
    r.status = GJK_INVALID_INPUT;
    return r;
}
