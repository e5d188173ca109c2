/* Closed forms for 2D core pairs (placeholder, being written). */
#include "internal2.h"
typedef int gjk_special2_placeholder;
