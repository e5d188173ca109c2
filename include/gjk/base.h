// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/// @file gjk/base.h
/// Status codes, the allocator hook and the assertion hook.
#ifndef GJK_BASE_H
#define GJK_BASE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Marks the anonymous unions of the shape structs. C++ forbids declaring types inside an anonymous union; GCC and
/// Clang accept it as an extension, and `__extension__` keeps `-pedantic` quiet about it. Empty in C.
#if defined(__cplusplus) && defined(__GNUC__)
#define GJK_ANONYMOUS __extension__
#else
#define GJK_ANONYMOUS
#endif

/// Marks the library's public functions. The library is built with hidden symbol visibility, so that a shared
/// libgjk exports these and nothing of its internals; Windows DLL builds define GJK_EXPORTS (and users of the DLL
/// GJK_DLL, which turns the mark into an import).
#if defined(_WIN32) && defined(GJK_EXPORTS)
#define GJK_API __declspec(dllexport)
#elif defined(_WIN32) && defined(GJK_DLL)
#define GJK_API __declspec(dllimport)
#elif defined(__GNUC__) || defined(__clang__)
#define GJK_API __attribute__((visibility("default")))
#else
#define GJK_API
#endif

/// Outcome of a query or of a shape creation. Every output struct carries one.
typedef enum gjk_status {
    /// The answer is within the library's tolerances.
    GJK_OK = 0,
    /// The iteration (or polytope capacity) limit was reached; the outputs hold the best estimate found so far,
    /// which is finite and usually close. Common only for curved shapes in EPA.
    GJK_MAX_ITERATIONS = 1,
    /// Numerical degeneracy stopped the algorithm early (e.g. an EPA horizon that was not a simple loop); the
    /// outputs hold the best finite estimate.
    GJK_DEGENERATE = 2,
    /// An argument was NULL, non-finite, zero or negative where a size is expected, beyond 1e150 (float: 1e18) in a
    /// 3D shape or pose, a rotation outside the accepted range (gjk/math.h), an unknown shape type, a NULL hull or
    /// callback, or a hull with no or too many points; or a user support callback answered a non-finite point (in
    /// 3D also one beyond 1e150). The outputs are zeroed. The full rules are in gjk/query.h.
    GJK_INVALID_INPUT = 3,
    /// Shape creation only: the allocator returned NULL.
    GJK_OUT_OF_MEMORY = 4
} gjk_status;

/// A short lowercase name for a status: "ok", "max_iterations", "degenerate", "invalid_input", "out_of_memory"
/// ("unknown" for any other value). The string is static: never free it.
GJK_API const char *gjk_status_string(gjk_status status);

/// An allocation function: `size` bytes (never 0) aligned for any type, or NULL when out of memory. `user` is the
/// pointer given to gjk_set_allocator(). Only hull creation and the trees of gjk/world.h (create, insert, rebuild)
/// allocate; queries never do.
typedef void *gjk_alloc_fn(size_t size, void *user);
/// The matching release function: frees a block that the paired gjk_alloc_fn returned (never called with NULL).
typedef void gjk_free_fn(void *ptr, void *user);

/// Replace the allocator used by hull creation and the trees; if either function is NULL, malloc/free are restored.
/// `user` is passed to both functions on every call and must stay valid while they are installed. Call it before
/// creating shapes, not while other threads create or destroy hulls or trees; a hull or tree must be destroyed with
/// the allocator that made it.
GJK_API void gjk_set_allocator(gjk_alloc_fn *alloc_fn, gjk_free_fn *free_fn, void *user);

/// Called when an internal assertion fails (debug builds, or builds with GJK_ENABLE_ASSERT): `condition` is its
/// text, `file` and `line` where it sits in the library's sources. Return to continue, or abort.
typedef void gjk_assert_fn(const char *condition, const char *file, int line);

/// Replace the assertion handler (NULL restores the default, which prints and aborts).
GJK_API void gjk_set_assert_handler(gjk_assert_fn *handler);

#ifdef __cplusplus
}
#endif

#endif
