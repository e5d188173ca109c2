/* Closed forms for 3D core pairs (placeholder, being written). */
#include "internal3.h"
typedef int gjk_special3_placeholder;
