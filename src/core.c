// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Status names, the allocator hook and the assertion hook: the library's only global settings. Queries read none
   of them. */
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

const char *gjk_status_string(gjk_status status) {
    switch (status) {
    case GJK_OK: return "ok";
    case GJK_MAX_ITERATIONS: return "max_iterations";
    case GJK_DEGENERATE: return "degenerate";
    case GJK_INVALID_INPUT: return "invalid_input";
    case GJK_OUT_OF_MEMORY: return "out_of_memory";
    }
    return "unknown";
}

const gjk_limits gjk_default_limits = {0, GJK_MAX_GJK_ITERATIONS, GJK_EPA_ITERATIONS_NONE};

bool gjk_limits_from(const gjk_options *options, gjk_limits *out) {
    out->tol = 0;
    out->max_gjk = GJK_MAX_GJK_ITERATIONS;
    out->max_epa = GJK_EPA_ITERATIONS_NONE;
    if (!options) return true;
    /* (written so that a NaN tolerance fails the test) */
    if (!(options->tolerance >= 0 && options->tolerance <= GJK_REAL_MAX)) return false;
    if (options->max_gjk_iterations < 0 || options->max_epa_iterations < 0) return false;
    out->tol = options->tolerance;
    if (options->max_gjk_iterations > 0)
        out->max_gjk = options->max_gjk_iterations < GJK_MAX_GJK_ITERATIONS_LIMIT ? options->max_gjk_iterations
                                                                                    : GJK_MAX_GJK_ITERATIONS_LIMIT;
    if (options->max_epa_iterations > 0) out->max_epa = options->max_epa_iterations;
    return true;
}

static void *default_alloc(size_t size, void *user) {
    (void)user;
    return malloc(size);
}

static void default_free(void *ptr, void *user) {
    (void)user;
    free(ptr);
}

static gjk_alloc_fn *g_alloc = default_alloc;
static gjk_free_fn *g_free = default_free;
static void *g_alloc_user = NULL;

void gjk_set_allocator(gjk_alloc_fn *alloc_fn, gjk_free_fn *free_fn, void *user) {
    if (alloc_fn && free_fn) {
        g_alloc = alloc_fn;
        g_free = free_fn;
        g_alloc_user = user;
    } else {
        g_alloc = default_alloc;
        g_free = default_free;
        g_alloc_user = NULL;
    }
}

void *gjk_alloc(size_t size) { return size ? g_alloc(size, g_alloc_user) : NULL; }

void gjk_free(void *ptr) {
    if (ptr) g_free(ptr, g_alloc_user);
}

static void default_assert(const char *condition, const char *file, int line) {
    fprintf(stderr, "gjk: assertion failed: %s (%s:%d)\n", condition, file, line);
    abort();
}

static gjk_assert_fn *g_assert = default_assert;

void gjk_set_assert_handler(gjk_assert_fn *handler) { g_assert = handler ? handler : default_assert; }

void gjk_assert_fail(const char *condition, const char *file, int line) { g_assert(condition, file, line); }
