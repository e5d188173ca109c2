/* placeholder: being written */
#include "internal.h"
typedef int gjk_placeholder_gjk3;
