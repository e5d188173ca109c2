// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Shared by test_badinput.c and test_badinput_hulls.c (see the opening comment of test_badinput.c): the four
   queries of each dimension, the checks of a result (a zeroed invalid_input, or any answer without NaN), and
   the pairs a bad shape is put in. Implemented in badinput_check.c. */
#ifndef GJK_TESTS_BADINPUT_CHECK_H
#define GJK_TESTS_BADINPUT_CHECK_H

#include <float.h>
#include <stdbool.h>

#include "testutil.h"

typedef gjk_result3 query3_fn(const gjk_pair3 *, gjk_cache3 *);
typedef gjk_result2 query2_fn(const gjk_pair2 *, gjk_cache2 *);
extern query3_fn *const queries3[4];
extern query2_fn *const queries2[4];
extern const char *const query_names[4];

/* Smallest normal gjk_real. */
#if GJK_USE_FLOAT
#define REAL_MIN FLT_MIN
#else
#define REAL_MIN DBL_MIN
#endif

static const gjk_real nan_r = (gjk_real)NAN, inf_r = (gjk_real)INFINITY;

/* Result checks (badinput_check.c): zero3 .. finite2 test a vector; check_invalid* a zeroed invalid_input;
   check_sane* any answer without NaN; expect_* run every query on the pair, with and without a cache. */
bool zero3(gjk_vec3 v);
bool zero2(gjk_vec2 v);
bool finite2(gjk_vec2 v);
void check_invalid3(const gjk_result3 *r, const char *what, int q);
void check_invalid2(const gjk_result2 *r, const char *what, int q);
void check_sane3(const gjk_result3 *r, const char *what, int q);
void check_sane2(const gjk_result2 *r, const char *what, int q);
void expect_invalid3(const gjk_pair3 *p, const char *what);
void expect_invalid2(const gjk_pair2 *p, const char *what);
void expect_usable3(const gjk_pair3 *p, const char *what);
void expect_usable2(const gjk_pair2 *p, const char *what);
void expect_sane2(const gjk_pair2 *p, const char *what);

/* The pairs (badinput_check.c): a pose near the origin; the shape as A and as B against a unit box, and against
   itself. */
gjk_pose3 pose3_near(void);
gjk_pose2 pose2_near(void);
void each_pair3(const gjk_shape3 *s, void (*check)(const gjk_pair3 *, const char *), const char *what);
void each_pair2(const gjk_shape2 *s, void (*check)(const gjk_pair2 *, const char *), const char *what);

/* Overwrite the gjk_real at byte offset `offset` of a struct. */
void set_field(void *shape, size_t offset, gjk_real v);

#endif
