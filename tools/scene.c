// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Scene loader of the gjk tool: JSON text -> shapes, poses and pairs, with every field validated (see scene.h and
   docs/cli.md, "Scene format"). Messages name the shape (or pair) index and the field at fault. This file reads the
   document and holds the helpers scene_loader.h declares; scene_shape.c reads each shape object. */
#include "scene.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene_loader.h"

/* ---- shared by the loader (scene_loader.h) --------------------------------------------------------------------- */

bool loader_fail(loader *ld, const char *fmt, ...) {
    size_t used = 0;
    if (ld->index >= 0) {
        int n = ld->part >= 0 ? snprintf(ld->err, ld->err_size, "shape %d: part %d: ", ld->index, ld->part)
                              : snprintf(ld->err, ld->err_size, "shape %d: ", ld->index);
        used = n > 0 && (size_t)n < ld->err_size ? (size_t)n : 0;
    }
    va_list args;
    va_start(args, fmt);
    vsnprintf(ld->err + used, ld->err_size - used, fmt, args);
    va_end(args);
    ld->status = SCENE_INVALID;
    return false;
}

bool loader_out_of_memory(loader *ld) {
    snprintf(ld->err, ld->err_size, "out of memory");
    ld->status = SCENE_OUT_OF_MEMORY;
    return false;
}

bool loader_double(const cJSON *item, double *out) {
    if (!cJSON_IsNumber(item)) return false;
    double v = item->valuedouble;
    if (!isfinite(v) || fabs(v) > (double)GJK_REAL_MAX) return false;
    *out = v;
    return true;
}

bool loader_doubles(const cJSON *item, double *out, int n) {
    if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != n) return false;
    const cJSON *e;
    int i = 0;
    cJSON_ArrayForEach(e, item) {
        if (!loader_double(e, &out[i++])) return false;
    }
    return true;
}

const cJSON *loader_field(const cJSON *obj, const char *name) { return cJSON_GetObjectItemCaseSensitive(obj, name); }

/* Optimal string alignment distance between a and b (insertions, deletions, substitutions and swaps of neighbours,
   letters compared without case): "postion" is 1 from "position", "raduis" 1 from "radius". Names longer than 63
   bytes count as far from everything. */
static int edit_distance(const char *a, const char *b) {
    enum { MAX = 64 };
    size_t n = strlen(a), m = strlen(b);
    if (n >= MAX || m >= MAX) return MAX;
    int d[MAX][MAX];
    for (size_t i = 0; i <= n; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best) {
                best = d[i - 2][j - 2] + 1;
            }
            d[i][j] = best;
        }
    }
    return d[n][m];
}

const char *scene_nearest_name(const char *word, const char *const *names, int count) {
    /* Close enough to be a slip: one edit per three letters of the shorter name, at least two (one for names of up to
       three letters): "radius" suggests "radii", "x" nothing. */
    const char *best = NULL;
    int best_d = 0;
    size_t n = strlen(word);
    for (int i = 0; i < count; i++) {
        size_t m = strlen(names[i]), shorter = n < m ? n : m;
        int d = edit_distance(word, names[i]), limit = shorter <= 3 ? 1 : shorter < 6 ? 2 : (int)(shorter / 3);
        if (d <= limit && (best == NULL || d < best_d)) {
            best = names[i];
            best_d = d;
        }
    }
    return best;
}

void scene_printable(char *out, size_t out_size, const char *in) {
    size_t i = 0;
    for (; in[i] != '\0' && i < 40 && i + 4 < out_size; i++) out[i] = (in[i] >= 0x20 && in[i] < 0x7f) ? in[i] : '?';
    if (in[i] != '\0' && i + 4 <= out_size) {
        memcpy(out + i, "...", 3);
        i += 3;
    }
    out[i] = '\0';
}

bool loader_check_keys(loader *ld, const cJSON *obj, const char *where, const char *const *names, int count,
                       const char *hint) {
    enum { MAX_NAMES = 16 };
    int seen[MAX_NAMES] = {0};
    for (const cJSON *e = obj->child; e != NULL; e = e->next) {
        const char *key = e->string != NULL ? e->string : "";
        int i = 0;
        while (i < count && strcmp(key, names[i]) != 0) i++;
        char shown[48];
        scene_printable(shown, sizeof shown, key);
        if (i == count) {
            const char *near = scene_nearest_name(key, names, count);
            char suggestion[64] = "";
            if (near != NULL) snprintf(suggestion, sizeof suggestion, " (did you mean \"%s\"?)", near);
            return loader_fail(ld, "%s%sunknown key \"%s\"%s%s", where, *where ? ": " : "", shown,
                               hint != NULL ? hint : "", suggestion);
        }
        if (i < MAX_NAMES && seen[i]++) {
            return loader_fail(ld, "%s%s%s is given twice", where, *where ? ": " : "", names[i]);
        }
    }
    return true;
}

bool loader_within_bound(loader *ld, const char *what, const double *v, int n) {
    for (int i = 0; i < n; i++) {
        if (fabs(v[i]) <= SCENE_MAX_COORD) continue;
        char index[16] = "";
        if (n > 1) snprintf(index, sizeof index, "[%d]", i);
        return loader_fail(ld, "%s%s: %g is beyond the limit of %g in magnitude", what, index, v[i], SCENE_MAX_COORD);
    }
    return true;
}

/* ---- numbers and vectors for the commands (scene.h) ------------------------------------------------------------ */

bool scene_json_real(const cJSON *item, gjk_real *out) {
    double v;
    if (!loader_double(item, &v)) return false;
    *out = (gjk_real)v;
    return true;
}

bool scene_json_vec2(const cJSON *item, gjk_vec2 *out) {
    double v[2];
    if (!loader_doubles(item, v, 2)) return false;
    *out = gjk_v2((gjk_real)v[0], (gjk_real)v[1]);
    return true;
}

bool scene_json_vec3(const cJSON *item, gjk_vec3 *out) {
    double v[3];
    if (!loader_doubles(item, v, 3)) return false;
    *out = gjk_v3((gjk_real)v[0], (gjk_real)v[1], (gjk_real)v[2]);
    return true;
}

/* ---- the document ---------------------------------------------------------------------------------------------- */

static bool read_dim(loader *ld, const cJSON *root) {
    const cJSON *item = loader_field(root, "dim");
    double d = 3;
    if (item != NULL && (!loader_double(item, &d) || (d != 2 && d != 3))) return loader_fail(ld, "dim must be 2 or 3");
    ld->dim = (int)d;
    return true;
}

/* In a scene with compounds, every convex shape must be one the commands can pair with a compound: they answer such
   a pair through gjk/compound.h, the convex shape taking part as a compound of one part, whose box about its origin
   the library bounds as it bounds positions (a shape of sizes near the limit may pass alone but not as a part). The
   library's own creation decides, as it will for the commands. */
static bool check_wrappable(loader *ld, const scene *s) {
    for (int i = 0; i < s->shape_count; i++) {
        gjk_status status = GJK_OK;
        if (ld->dim == 3 && (s->compounds3[i] == NULL)) {
            gjk_compound3_destroy(gjk_compound3_create(&s->shapes3[i], NULL, 1, &status));
        } else if (ld->dim == 2 && s->compounds2[i] == NULL) {
            gjk_compound2_destroy(gjk_compound2_create(&s->shapes2[i], NULL, 1, &status));
        }
        if (status == GJK_OUT_OF_MEMORY) return loader_out_of_memory(ld);
        if (status != GJK_OK) {
            ld->index = i;
            return loader_fail(ld, "its box reaches farther than %g from its origin, too far to pair with a compound "
                                   "(the library refuses it as a compound's part: %s)",
                               SCENE_MAX_COORD, gjk_status_string(status));
        }
    }
    return true;
}

static bool read_shapes(loader *ld, scene *s, const cJSON *root) {
    const cJSON *list = loader_field(root, "shapes");
    if (list == NULL) return loader_fail(ld, "the scene needs shapes (an array of shape objects)");
    if (!cJSON_IsArray(list)) return loader_fail(ld, "shapes must be an array of shape objects");
    int n = cJSON_GetArraySize(list);
    s->shape_count = n;
    size_t count = n > 0 ? (size_t)n : 1;
    if (ld->dim == 3) {
        s->shapes3 = calloc(count, sizeof *s->shapes3);
        s->poses3 = calloc(count, sizeof *s->poses3);
        s->hulls3 = calloc(count, sizeof *s->hulls3);
        s->motions3 = calloc(count, sizeof *s->motions3);
        if (!s->shapes3 || !s->poses3 || !s->hulls3 || !s->motions3) return loader_out_of_memory(ld);
    } else {
        s->shapes2 = calloc(count, sizeof *s->shapes2);
        s->poses2 = calloc(count, sizeof *s->poses2);
        s->hulls2 = calloc(count, sizeof *s->hulls2);
        s->motions2 = calloc(count, sizeof *s->motions2);
        if (!s->shapes2 || !s->poses2 || !s->hulls2 || !s->motions2) return loader_out_of_memory(ld);
    }
    const cJSON *obj;
    ld->index = 0;
    cJSON_ArrayForEach(obj, list) {
        if (!loader_read_shape(ld, s, obj)) return false;
        ld->index++;
    }
    ld->index = -1;
    return s->compound_count == 0 || check_wrappable(ld, s);
}

/* One shape index of a pair: an integer in [0, shape_count). */
static bool read_pair_index(loader *ld, const scene *s, int pair, const cJSON *item, int *out) {
    double v;
    if (!loader_double(item, &v) || v != floor(v)) {
        return loader_fail(ld, "pair %d: must be [a, b], two shape indices", pair);
    }
    if (v < 0 || v >= s->shape_count) {
        if (s->shape_count == 0) {
            return loader_fail(ld, "pair %d: shape index %.15g is out of range (no shapes)", pair, v);
        }
        return loader_fail(ld, "pair %d: shape index %.15g is out of range (shapes are 0 to %d)", pair, v,
                           s->shape_count - 1);
    }
    *out = (int)v;
    return true;
}

static bool read_pairs(loader *ld, scene *s, const cJSON *root, unsigned flags) {
    const cJSON *list = loader_field(root, "pairs");
    if (list == NULL && (flags & SCENE_NO_DEFAULT_PAIRS) != 0) return true;
    if (list == NULL) { /* every pair i < j */
        size_t n = (size_t)s->shape_count, count = n * (n > 0 ? n - 1 : 0) / 2;
        if (count > SCENE_MAX_DEFAULT_PAIRS) {
            return loader_fail(ld,
                               "the scene needs pairs: %d shapes make %zu pairs, more than the default allows (%d)",
                               s->shape_count, count, SCENE_MAX_DEFAULT_PAIRS);
        }
        s->pairs = malloc((count > 0 ? count : 1) * sizeof *s->pairs);
        if (s->pairs == NULL) return loader_out_of_memory(ld);
        for (int i = 0; i < s->shape_count; i++) {
            for (int j = i + 1; j < s->shape_count; j++) s->pairs[s->pair_count++] = (scene_pair){i, j};
        }
        return true;
    }
    if (!cJSON_IsArray(list)) return loader_fail(ld, "pairs must be an array of [a, b] shape index pairs");
    int n = cJSON_GetArraySize(list);
    s->pairs = malloc((size_t)(n > 0 ? n : 1) * sizeof *s->pairs);
    if (s->pairs == NULL) return loader_out_of_memory(ld);
    const cJSON *item;
    cJSON_ArrayForEach(item, list) {
        int k = s->pair_count;
        scene_pair *p = &s->pairs[k];
        if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != 2) {
            return loader_fail(ld, "pair %d: must be [a, b], two shape indices", k);
        }
        if (!read_pair_index(ld, s, k, item->child, &p->a) || !read_pair_index(ld, s, k, item->child->next, &p->b)) {
            return false;
        }
        if (p->a == p->b) return loader_fail(ld, "pair %d: shape %d is paired with itself", k, p->a);
        s->pair_count++;
    }
    return true;
}

/* "near line L, column C" of the byte at `at` in text. */
static void locate(const char *text, const char *at, int *line, int *column) {
    *line = 1;
    *column = 1;
    for (const char *c = text; c < at; c++) {
        if (*c == '\n') {
            ++*line;
            *column = 1;
        } else {
            ++*column;
        }
    }
}

/* "rays" (optional, for `gjk raycast`): an array of {"origin", "translation", "max_fraction" (default 1)}. */
static bool read_ray(loader *ld, scene *s, int k, const cJSON *obj) {
    static const char *const known[] = {"origin", "translation", "max_fraction"};
    char what[48];
    double o[3] = {0, 0, 0}, t[3] = {0, 0, 0}, f = 1;
    const int n = ld->dim;
    const char *form = n == 3 ? "[x, y, z], 3 finite numbers" : "[x, y], 2 finite numbers";
    if (!cJSON_IsObject(obj)) return loader_fail(ld, "ray %d: must be an object with an origin and a translation", k);
    snprintf(what, sizeof what, "ray %d", k);
    if (!loader_check_keys(ld, obj, what, known, 3, NULL)) return false;
    const cJSON *origin = loader_field(obj, "origin"), *translation = loader_field(obj, "translation");
    const cJSON *fraction = loader_field(obj, "max_fraction");
    if (origin == NULL) return loader_fail(ld, "ray %d: needs an origin %s", k, form);
    if (!loader_doubles(origin, o, n)) return loader_fail(ld, "ray %d: origin must be %s", k, form);
    snprintf(what, sizeof what, "ray %d: origin", k);
    if (!loader_within_bound(ld, what, o, n)) return false;
    if (translation == NULL) return loader_fail(ld, "ray %d: needs a translation %s", k, form);
    if (!loader_doubles(translation, t, n)) return loader_fail(ld, "ray %d: translation must be %s", k, form);
    snprintf(what, sizeof what, "ray %d: translation", k);
    if (!loader_within_bound(ld, what, t, n)) return false;
    if (fraction != NULL && (!loader_double(fraction, &f) || !(f >= 0) || f > SCENE_MAX_COORD)) {
        return loader_fail(ld, "ray %d: max_fraction must be a number >= 0", k);
    }
    if (n == 3) {
        s->rays3[k].origin = gjk_v3((gjk_real)o[0], (gjk_real)o[1], (gjk_real)o[2]);
        s->rays3[k].translation = gjk_v3((gjk_real)t[0], (gjk_real)t[1], (gjk_real)t[2]);
        s->rays3[k].max_fraction = (gjk_real)f;
    } else {
        s->rays2[k].origin = gjk_v2((gjk_real)o[0], (gjk_real)o[1]);
        s->rays2[k].translation = gjk_v2((gjk_real)t[0], (gjk_real)t[1]);
        s->rays2[k].max_fraction = (gjk_real)f;
    }
    return true;
}

static bool read_rays(loader *ld, scene *s, const cJSON *root) {
    const cJSON *list = loader_field(root, "rays");
    if (list == NULL) return true;
    if (!cJSON_IsArray(list)) return loader_fail(ld, "rays must be an array of ray objects");
    int n = cJSON_GetArraySize(list);
    size_t count = n > 0 ? (size_t)n : 1;
    if (ld->dim == 3) s->rays3 = calloc(count, sizeof *s->rays3);
    else s->rays2 = calloc(count, sizeof *s->rays2);
    if (s->rays3 == NULL && s->rays2 == NULL) return loader_out_of_memory(ld);
    int k = 0;
    const cJSON *obj;
    cJSON_ArrayForEach(obj, list) {
        if (!read_ray(ld, s, k, obj)) return false;
        s->ray_count = ++k;
    }
    return true;
}

scene_status scene_parse(scene *s, const char *text, size_t length, const char *name, char *err, size_t err_size) {
    return scene_parse_flags(s, text, length, name, 0, err, err_size);
}

scene_status scene_parse_flags(scene *s, const char *text, size_t length, const char *name, unsigned flags, char *err,
                               size_t err_size) {
    loader ld = {err, err_size, SCENE_OK, 3, -1, -1, "", flags, 0};
    memset(s, 0, sizeof *s);
    size_t start = 0;
    while (start < length && strchr(" \t\r\n", text[start]) != NULL && text[start] != '\0') start++;
    if (start == length) {
        loader_fail(&ld, "%s: empty input (expected a JSON object)", name);
        return ld.status;
    }
    if (memchr(text, '\0', length) != NULL) {
        loader_fail(&ld, "%s: invalid JSON (contains a NUL byte)", name);
        return ld.status;
    }
    /* cJSON wants the terminating NUL inside the length when the whole text must be one value. */
    char *copy = malloc(length + 1);
    if (copy == NULL) {
        loader_out_of_memory(&ld);
        return ld.status;
    }
    memcpy(copy, text, length);
    copy[length] = '\0';
    const char *end = NULL;
    s->json = cJSON_ParseWithLengthOpts(copy, length + 1, &end, 1);
    if (s->json == NULL) {
        int line, column;
        locate(copy, end != NULL && end >= copy && end <= copy + length ? end : copy + length, &line, &column);
        loader_fail(&ld, "%s: invalid JSON near line %d, column %d", name, line, column);
        free(copy);
        return ld.status;
    }
    free(copy);
    static const char *const known[] = {"dim", "shapes", "pairs", "rays"};
    bool ok = cJSON_IsObject(s->json) ? true : loader_fail(&ld, "%s: the scene must be a JSON object", name);
    ok = ok && loader_check_keys(&ld, s->json, name, known, 4, NULL) && read_dim(&ld, s->json);
    s->dim = ld.dim;
    ok = ok && read_shapes(&ld, s, s->json) && read_pairs(&ld, s, s->json, flags) && read_rays(&ld, s, s->json);
    if (!ok) scene_free(s);
    return ok ? SCENE_OK : ld.status;
}

/* The whole of a stream, in a buffer the caller frees; false with errno set on failure. */
static bool read_stream(FILE *f, char **out, size_t *length) {
    size_t size = 0, capacity = 1 << 16;
    char *buf = malloc(capacity);
    for (;;) {
        if (buf == NULL) {
            errno = ENOMEM;
            return false;
        }
        size += fread(buf + size, 1, capacity - size, f);
        if (size < capacity) break;
        char *bigger = capacity <= ((size_t)-1) / 2 ? realloc(buf, capacity * 2) : NULL;
        if (bigger == NULL) free(buf);
        buf = bigger;
        capacity *= 2;
    }
    if (ferror(f)) {
        int error = errno;
        free(buf);
        errno = error;
        return false;
    }
    *out = buf;
    *length = size;
    return true;
}

scene_status scene_load(scene *s, const char *path, char *err, size_t err_size) {
    return scene_load_flags(s, path, 0, err, err_size);
}

scene_status scene_load_flags(scene *s, const char *path, unsigned flags, char *err, size_t err_size) {
    bool from_stdin = strcmp(path, "-") == 0;
    const char *name = from_stdin ? "<stdin>" : path;
    memset(s, 0, sizeof *s);
    errno = 0;
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    char *text = NULL;
    size_t length = 0;
    bool ok = f != NULL && read_stream(f, &text, &length);
    int error = errno;
    if (f != NULL && !from_stdin) fclose(f);
    if (!ok) {
        snprintf(err, err_size, "%s: cannot read: %s", name, error != 0 ? strerror(error) : "read error");
        return error == ENOMEM ? SCENE_OUT_OF_MEMORY : SCENE_INVALID;
    }
    scene_status status = scene_parse_flags(s, text, length, name, flags, err, err_size);
    free(text);
    return status;
}

void scene_free(scene *s) {
    /* The compounds first: they borrow their parts' hulls. */
    for (int i = 0; s->compounds3 != NULL && i < s->shape_count; i++) gjk_compound3_destroy(s->compounds3[i]);
    for (int i = 0; s->compounds2 != NULL && i < s->shape_count; i++) gjk_compound2_destroy(s->compounds2[i]);
    for (int i = 0; i < s->part_hull_count; i++) {
        if (s->part_hulls3 != NULL) gjk_hull3_destroy(s->part_hulls3[i]);
        if (s->part_hulls2 != NULL) gjk_hull2_destroy(s->part_hulls2[i]);
    }
    free(s->compounds3);
    free(s->compounds2);
    free(s->part_hulls3);
    free(s->part_hulls2);
    for (int i = 0; i < s->shape_count; i++) {
        if (s->hulls3 != NULL && s->hulls3[i] != NULL) gjk_hull3_destroy(s->hulls3[i]);
        if (s->hulls2 != NULL && s->hulls2[i] != NULL) gjk_hull2_destroy(s->hulls2[i]);
    }
    free(s->shapes3);
    free(s->poses3);
    free(s->hulls3);
    free(s->shapes2);
    free(s->poses2);
    free(s->hulls2);
    free(s->motions3);
    free(s->motions2);
    free(s->rays3);
    free(s->rays2);
    free(s->pairs);
    cJSON_Delete(s->json);
    memset(s, 0, sizeof *s);
}
