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
