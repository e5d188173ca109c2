/* Scene loader of the gjk tool: JSON text -> shapes, poses and pairs, with every field validated (see scene.h and
   README.md, "Scene format"). Messages name the shape (or pair) index and the field at fault. */
#include "scene.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* State shared by the parsing functions: where to write the message, and which shape is being read. */
typedef struct loader {
    char *err;
    size_t err_size;
    scene_status status; /* set by fail() / out_of_memory() */
    int dim;
    int index;        /* shape index, or -1 outside shapes */
    const char *type; /* the shape's type name, for messages */
} loader;

#if defined(__GNUC__)
#define SCENE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SCENE_PRINTF(f, a)
#endif

static bool fail(loader *ld, const char *fmt, ...) SCENE_PRINTF(2, 3);

/* Write "shape N: <message>" (or just the message outside shapes) and return false. */
static bool fail(loader *ld, const char *fmt, ...) {
    size_t used = 0;
    if (ld->index >= 0) {
        int n = snprintf(ld->err, ld->err_size, "shape %d: ", ld->index);
        used = n > 0 && (size_t)n < ld->err_size ? (size_t)n : 0;
    }
    va_list args;
    va_start(args, fmt);
    vsnprintf(ld->err + used, ld->err_size - used, fmt, args);
    va_end(args);
    ld->status = SCENE_INVALID;
    return false;
}

static bool out_of_memory(loader *ld) {
    snprintf(ld->err, ld->err_size, "out of memory");
    ld->status = SCENE_OUT_OF_MEMORY;
    return false;
}

/* Copy a user string for a message: at most 40 characters, anything but printable ASCII shown as '?'. */
static void printable(char *out, size_t out_size, const char *in) {
    size_t i = 0;
    for (; in[i] != '\0' && i < 40 && i + 4 < out_size; i++) out[i] = (in[i] >= 0x20 && in[i] < 0x7f) ? in[i] : '?';
    if (in[i] != '\0' && i + 4 <= out_size) {
        memcpy(out + i, "...", 3);
        i += 3;
    }
    out[i] = '\0';
}

/* ---- numbers and vectors --------------------------------------------------------------------------------------- */

/* A JSON number whose value is finite as a gjk_real, as a double (for exact integer and sign tests). */
static bool json_double(const cJSON *item, double *out) {
    if (!cJSON_IsNumber(item)) return false;
    double v = item->valuedouble;
    if (!isfinite(v) || fabs(v) > (double)GJK_REAL_MAX) return false;
    *out = v;
    return true;
}

/* Exactly n finite numbers in a JSON array. */
static bool json_doubles(const cJSON *item, double *out, int n) {
    if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != n) return false;
    const cJSON *e;
    int i = 0;
    cJSON_ArrayForEach(e, item) {
        if (!json_double(e, &out[i++])) return false;
    }
    return true;
}

/* Every value of v[0 .. n-1] within SCENE_MAX_COORD, else a message naming `what` (and the index for a vector). */
static bool within_bound(loader *ld, const char *what, const double *v, int n) {
    for (int i = 0; i < n; i++) {
        if (fabs(v[i]) <= SCENE_MAX_COORD) continue;
        char index[16] = "";
        if (n > 1) snprintf(index, sizeof index, "[%d]", i);
        return fail(ld, "%s%s: %g is beyond the limit of %g in magnitude", what, index, v[i], SCENE_MAX_COORD);
    }
    return true;
}

bool scene_json_real(const cJSON *item, gjk_real *out) {
    double v;
    if (!json_double(item, &v)) return false;
    *out = (gjk_real)v;
    return true;
}

bool scene_json_vec2(const cJSON *item, gjk_vec2 *out) {
    double v[2];
    if (!json_doubles(item, v, 2)) return false;
    *out = gjk_v2((gjk_real)v[0], (gjk_real)v[1]);
    return true;
}

bool scene_json_vec3(const cJSON *item, gjk_vec3 *out) {
    double v[3];
    if (!json_doubles(item, v, 3)) return false;
    *out = gjk_v3((gjk_real)v[0], (gjk_real)v[1], (gjk_real)v[2]);
    return true;
}

/* ---- shape fields ---------------------------------------------------------------------------------------------- */

static const cJSON *field(const cJSON *obj, const char *name) { return cJSON_GetObjectItemCaseSensitive(obj, name); }

/* Known fields at most once per object: JSON leaves a repeated name's meaning open, and field() would silently
   take the first. Linear in the object's size (unknown fields, ignored, may repeat). */
static bool known_once(loader *ld, const cJSON *obj, const char *const *names, int count) {
    int seen[16] = {0};
    for (const cJSON *e = obj->child; e != NULL; e = e->next) {
        for (int i = 0; i < count && i < 16; i++) {
            if (e->string == NULL || strcmp(e->string, names[i]) != 0) continue;
            if (seen[i]++) return fail(ld, "%s is given twice", names[i]);
        }
    }
    return true;
}

/* A size of the current shape: `type name` must be a number > 0 (>= 0 when allow_zero), also once rounded to
   gjk_real (a tiny positive double may be zero as a float). */
static bool read_size(loader *ld, const cJSON *obj, const char *name, bool allow_zero, gjk_real *out) {
    const char *what = allow_zero ? "a number >= 0" : "a positive number";
    const cJSON *item = field(obj, name);
    if (item == NULL) return fail(ld, "%s needs %s (%s)", ld->type, name, what);
    double d;
    if (!json_double(item, &d) || !(allow_zero ? (gjk_real)d >= 0 : (gjk_real)d > 0)) {
        return fail(ld, "%s %s must be %s", ld->type, name, what);
    }
    char label[64];
    snprintf(label, sizeof label, "%s %s", ld->type, name);
    if (!within_bound(ld, label, &d, 1)) return false;
    *out = (gjk_real)d;
    return true;
}

/* A vector of `n` positive sizes (box half_extents, ellipsoid radii). */
static bool read_sizes(loader *ld, const cJSON *obj, const char *name, int n, gjk_real *out) {
    const cJSON *item = field(obj, name);
    if (item == NULL) return fail(ld, "%s needs %s (%d positive numbers)", ld->type, name, n);
    double v[3];
    bool ok = json_doubles(item, v, n);
    for (int i = 0; ok && i < n; i++) {
        out[i] = (gjk_real)v[i];
        ok = out[i] > 0;
    }
    if (!ok) return fail(ld, "%s %s must be %d positive numbers", ld->type, name, n);
    char label[64];
    snprintf(label, sizeof label, "%s %s", ld->type, name);
    return within_bound(ld, label, v, n);
}

/* The "points" array of the current shape: between min and max points of ld->dim finite coordinates each, stored
   in the gjk_real array `out` (dim * count values). `*count` receives the number of points. */
static bool read_points(loader *ld, const cJSON *obj, int min, int max, gjk_real *out, int *count) {
    const char *coords = ld->dim == 3 ? "[x, y, z]" : "[x, y]";
    char amount[48];
    if (min == max) snprintf(amount, sizeof amount, "%d points", min);
    else snprintf(amount, sizeof amount, "an array of %d to %d points", min, max);
    const cJSON *item = field(obj, "points");
    if (item == NULL) return fail(ld, "%s needs points (%s, each %s)", ld->type, amount, coords);
    int n = cJSON_IsArray(item) ? cJSON_GetArraySize(item) : -1;
    if (n < min || n > max) return fail(ld, "%s points must be %s, each %s", ld->type, amount, coords);
    const cJSON *e;
    int i = 0;
    cJSON_ArrayForEach(e, item) {
        double v[3];
        if (!json_doubles(e, v, ld->dim)) {
            return fail(ld, "%s points[%d] must be %s, %d finite numbers", ld->type, i, coords, ld->dim);
        }
        char label[64];
        snprintf(label, sizeof label, "%s points[%d]", ld->type, i);
        if (!within_bound(ld, label, v, ld->dim)) return false;
        for (int k = 0; k < ld->dim; k++) out[(size_t)i * (size_t)ld->dim + (size_t)k] = (gjk_real)v[k];
        i++;
    }
    *count = n;
    return true;
}

/* Points of a hull / polygon, in a buffer the caller frees. */
static bool read_cloud(loader *ld, const cJSON *obj, gjk_real **out, int *count) {
    const cJSON *item = field(obj, "points");
    int n = cJSON_IsArray(item) ? cJSON_GetArraySize(item) : 0;
    *out = NULL;
    if (n >= 1 && n <= GJK_HULL_MAX_POINTS) {
        *out = malloc((size_t)n * (size_t)ld->dim * sizeof(gjk_real));
        if (*out == NULL) return out_of_memory(ld);
    }
    gjk_real dummy[3];
    return read_points(ld, obj, 1, GJK_HULL_MAX_POINTS, *out != NULL ? *out : dummy, count);
}

static bool hull_failed(loader *ld, gjk_status status) {
    if (status == GJK_OUT_OF_MEMORY) return out_of_memory(ld);
    return fail(ld, "%s points were rejected by the library (%s)", ld->type, gjk_status_string(status));
}

/* ---- shapes by type -------------------------------------------------------------------------------------------- */

static const char *const types3[] = {"point",    "segment", "triangle",  "box", "sphere", "capsule",
                                     "cylinder", "cone",    "ellipsoid", "hull"};
enum { T3_POINT, T3_SEGMENT, T3_TRIANGLE, T3_BOX, T3_SPHERE, T3_CAPSULE, T3_CYLINDER, T3_CONE, T3_ELLIPSOID, T3_HULL };
static const char *const types2[] = {"point", "segment", "circle", "box", "capsule", "polygon"};
enum { T2_POINT, T2_SEGMENT, T2_CIRCLE, T2_BOX, T2_CAPSULE, T2_POLYGON };

/* The hull of the shape's points; *hull is set (owned by the scene) on success. */
static bool build_hull3(loader *ld, const cJSON *obj, gjk_hull3 **hull) {
    gjk_real *p;
    int n = 0;
    gjk_vec3 *points = NULL;
    bool ok = read_cloud(ld, obj, &p, &n);
    if (ok && (points = malloc((size_t)n * sizeof *points)) == NULL) ok = out_of_memory(ld);
    for (int i = 0; ok && i < n; i++) points[i] = gjk_v3(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    free(p);
    gjk_status status = GJK_INVALID_INPUT;
    if (ok && (*hull = gjk_hull3_create(points, n, &status)) == NULL) ok = hull_failed(ld, status);
    free(points);
    return ok;
}

static bool build_hull2(loader *ld, const cJSON *obj, gjk_hull2 **hull) {
    gjk_real *p;
    int n = 0;
    gjk_vec2 *points = NULL;
    bool ok = read_cloud(ld, obj, &p, &n);
    if (ok && (points = malloc((size_t)n * sizeof *points)) == NULL) ok = out_of_memory(ld);
    for (int i = 0; ok && i < n; i++) points[i] = gjk_v2(p[2 * i], p[2 * i + 1]);
    free(p);
    gjk_status status = GJK_INVALID_INPUT;
    if (ok && (*hull = gjk_hull2_create(points, n, &status)) == NULL) ok = hull_failed(ld, status);
    free(points);
    return ok;
}

/* The un-rounded 3D shape of type `type` (an index in types3) from its fields. */
static bool build3(loader *ld, const cJSON *obj, int type, gjk_shape3 *shape, gjk_hull3 **hull) {
    gjk_real p[9] = {0}, r = 0, h = 0;
    int n = 0;
    bool capsule = type == T3_CAPSULE;
    switch (type) {
    case T3_POINT: *shape = gjk_point3(); return true;
    case T3_SEGMENT:
        if (!read_points(ld, obj, 2, 2, p, &n)) return false;
        *shape = gjk_segment3(gjk_v3(p[0], p[1], p[2]), gjk_v3(p[3], p[4], p[5]));
        return true;
    case T3_TRIANGLE:
        if (!read_points(ld, obj, 3, 3, p, &n)) return false;
        *shape = gjk_triangle3(gjk_v3(p[0], p[1], p[2]), gjk_v3(p[3], p[4], p[5]), gjk_v3(p[6], p[7], p[8]));
        return true;
    case T3_BOX:
        if (!read_sizes(ld, obj, "half_extents", 3, p)) return false;
        *shape = gjk_box3(gjk_v3(p[0], p[1], p[2]));
        return true;
    case T3_SPHERE:
        if (!read_size(ld, obj, "radius", false, &r)) return false;
        *shape = gjk_sphere3(r);
        return true;
    case T3_CAPSULE:
    case T3_CYLINDER:
    case T3_CONE: /* radius and half_height, which may be zero for a capsule only */
        if (!read_size(ld, obj, "radius", capsule, &r) || !read_size(ld, obj, "half_height", capsule, &h)) return false;
        *shape = capsule ? gjk_capsule3(r, h) : type == T3_CYLINDER ? gjk_cylinder3(r, h) : gjk_cone3(r, h);
        return true;
    case T3_ELLIPSOID:
        if (!read_sizes(ld, obj, "radii", 3, p)) return false;
        *shape = gjk_ellipsoid3(gjk_v3(p[0], p[1], p[2]));
        return true;
    default:
        if (!build_hull3(ld, obj, hull)) return false;
        *shape = gjk_hull_shape3(*hull);
        return true;
    }
}

/* The un-rounded 2D shape of type `type` (an index in types2) from its fields. */
static bool build2(loader *ld, const cJSON *obj, int type, gjk_shape2 *shape, gjk_hull2 **hull) {
    gjk_real p[4] = {0}, r = 0, h = 0;
    int n = 0;
    switch (type) {
    case T2_POINT: *shape = gjk_point2(); return true;
    case T2_SEGMENT:
        if (!read_points(ld, obj, 2, 2, p, &n)) return false;
        *shape = gjk_segment2(gjk_v2(p[0], p[1]), gjk_v2(p[2], p[3]));
        return true;
    case T2_CIRCLE:
        if (!read_size(ld, obj, "radius", false, &r)) return false;
        *shape = gjk_circle2(r);
        return true;
    case T2_BOX:
        if (!read_sizes(ld, obj, "half_extents", 2, p)) return false;
        *shape = gjk_box2(gjk_v2(p[0], p[1]));
        return true;
    case T2_CAPSULE:
        if (!read_size(ld, obj, "radius", true, &r) || !read_size(ld, obj, "half_height", true, &h)) return false;
        *shape = gjk_capsule2(r, h);
        return true;
    default:
        if (!build_hull2(ld, obj, hull)) return false;
        *shape = gjk_polygon2(*hull);
        return true;
    }
}

/* ---- common shape fields --------------------------------------------------------------------------------------- */

/* "type": a string naming one of the dimension's types; sets ld->type and *which. */
static bool read_type(loader *ld, const cJSON *obj, int *which) {
    const cJSON *item = field(obj, "type");
    const char *list = ld->dim == 3 ? "point, segment, triangle, box, sphere, capsule, cylinder, cone, ellipsoid, hull"
                                    : "point, segment, circle, box, capsule, polygon";
    if (item == NULL) return fail(ld, "needs a type (one of: %s)", list);
    if (!cJSON_IsString(item) || item->valuestring == NULL) return fail(ld, "type must be a string (one of: %s)", list);
    int count = ld->dim == 3 ? (int)(sizeof types3 / sizeof types3[0]) : (int)(sizeof types2 / sizeof types2[0]);
    for (int i = 0; i < count; i++) {
        const char *name = ld->dim == 3 ? types3[i] : types2[i];
        if (strcmp(item->valuestring, name) == 0) {
            ld->type = name;
            *which = i;
            return true;
        }
    }
    char shown[48];
    printable(shown, sizeof shown, item->valuestring);
    bool planar = ld->dim == 3 && (strcmp(shown, "circle") == 0 || strcmp(shown, "polygon") == 0);
    return fail(ld, "unknown %dD type \"%s\" (expected one of: %s)%s", ld->dim, shown, list,
                planar ? "; set \"dim\": 2 for a 2D scene" : "");
}

static bool read_margin(loader *ld, const cJSON *obj, gjk_real *margin) {
    const cJSON *item = field(obj, "margin");
    *margin = 0;
    double d = 0;
    if (item != NULL && (!json_double(item, &d) || !((gjk_real)d >= 0))) {
        return fail(ld, "margin must be a number >= 0");
    }
    if (!within_bound(ld, "margin", &d, 1)) return false;
    *margin = (gjk_real)d;
    return true;
}

static bool read_pose3(loader *ld, const cJSON *obj, gjk_pose3 *pose) {
    *pose = gjk_pose3_identity();
    const cJSON *item = field(obj, "position");
    double p[3];
    if (item != NULL) {
        if (!json_doubles(item, p, 3)) return fail(ld, "position must be [x, y, z], 3 finite numbers");
        if (!within_bound(ld, "position", p, 3)) return false;
        pose->position = gjk_v3((gjk_real)p[0], (gjk_real)p[1], (gjk_real)p[2]);
    }
    item = field(obj, "rotation");
    if (item == NULL) return true;
    /* Normalised here in double (after scaling by the largest component, so that no square under- or overflows);
       the library normalises again, which changes at most the last bit. */
    double q[4], m = 0;
    bool ok = json_doubles(item, q, 4);
    for (int i = 0; ok && i < 4; i++) m = fmax(m, fabs(q[i]));
    if (!ok || !(m > 0)) return fail(ld, "rotation must be a quaternion [w, x, y, z], 4 finite numbers not all zero");
    double s = 0;
    for (int i = 0; i < 4; i++) {
        q[i] /= m;
        s += q[i] * q[i];
    }
    s = sqrt(s);
    gjk_quat r = {(gjk_real)(q[0] / s), (gjk_real)(q[1] / s), (gjk_real)(q[2] / s), (gjk_real)(q[3] / s)};
    pose->rotation = r;
    return true;
}

static bool read_pose2(loader *ld, const cJSON *obj, gjk_pose2 *pose) {
    *pose = gjk_pose2_identity();
    const cJSON *item = field(obj, "position");
    double p[2];
    if (item != NULL) {
        if (!json_doubles(item, p, 2)) return fail(ld, "position must be [x, y], 2 finite numbers");
        if (!within_bound(ld, "position", p, 2)) return false;
        pose->position = gjk_v2((gjk_real)p[0], (gjk_real)p[1]);
    }
    item = field(obj, "rotation");
    double angle;
    if (item == NULL) return true;
    if (!json_double(item, &angle)) return fail(ld, "rotation must be an angle in radians (a finite number)");
    pose->rotation.c = (gjk_real)cos(angle);
    pose->rotation.s = (gjk_real)sin(angle);
    return true;
}

/* One shape object: type, its sizes, margin and pose, then the library's own check as a safety net. */
static bool read_shape(loader *ld, scene *s, const cJSON *obj) {
    int i = ld->index, which = 0;
    gjk_real margin;
    static const char *const known[] = {"type",         "position", "rotation", "margin", "points",
                                        "half_extents", "radius",   "radii",    "half_height"};
    if (!cJSON_IsObject(obj)) return fail(ld, "must be an object with a \"type\"");
    if (!known_once(ld, obj, known, (int)(sizeof known / sizeof known[0]))) return false;
    if (!read_type(ld, obj, &which)) return false;
    if (ld->dim == 3) {
        if (!build3(ld, obj, which, &s->shapes3[i], &s->hulls3[i])) return false;
        if (!read_margin(ld, obj, &margin) || !read_pose3(ld, obj, &s->poses3[i])) return false;
        s->shapes3[i] = gjk_rounded3(s->shapes3[i], margin);
        gjk_status status = gjk_shape3_validate(&s->shapes3[i]);
        if (status != GJK_OK && which == T3_HULL) {
            /* Its points are within the limit, but not their spread, which the library bounds as well. */
            return fail(ld, "hull rejected by the library (%s): its points lie farther than %g from their centre",
                        gjk_status_string(status), SCENE_MAX_COORD);
        }
        if (status != GJK_OK) return fail(ld, "%s rejected by the library (%s)", ld->type, gjk_status_string(status));
    } else {
        if (!build2(ld, obj, which, &s->shapes2[i], &s->hulls2[i])) return false;
        if (!read_margin(ld, obj, &margin) || !read_pose2(ld, obj, &s->poses2[i])) return false;
        s->shapes2[i] = gjk_rounded2(s->shapes2[i], margin);
        gjk_status status = gjk_shape2_validate(&s->shapes2[i]);
        if (status != GJK_OK) return fail(ld, "%s rejected by the library (%s)", ld->type, gjk_status_string(status));
    }
    return true;
}

/* ---- the document ---------------------------------------------------------------------------------------------- */

static bool read_dim(loader *ld, const cJSON *root) {
    const cJSON *item = field(root, "dim");
    double d = 3;
    if (item != NULL && (!json_double(item, &d) || (d != 2 && d != 3))) return fail(ld, "dim must be 2 or 3");
    ld->dim = (int)d;
    return true;
}

static bool read_shapes(loader *ld, scene *s, const cJSON *root) {
    const cJSON *list = field(root, "shapes");
    if (list == NULL) return fail(ld, "the scene needs shapes (an array of shape objects)");
    if (!cJSON_IsArray(list)) return fail(ld, "shapes must be an array of shape objects");
    int n = cJSON_GetArraySize(list);
    s->shape_count = n;
    size_t count = n > 0 ? (size_t)n : 1;
    if (ld->dim == 3) {
        s->shapes3 = calloc(count, sizeof *s->shapes3);
        s->poses3 = calloc(count, sizeof *s->poses3);
        s->hulls3 = calloc(count, sizeof *s->hulls3);
        if (!s->shapes3 || !s->poses3 || !s->hulls3) return out_of_memory(ld);
    } else {
        s->shapes2 = calloc(count, sizeof *s->shapes2);
        s->poses2 = calloc(count, sizeof *s->poses2);
        s->hulls2 = calloc(count, sizeof *s->hulls2);
        if (!s->shapes2 || !s->poses2 || !s->hulls2) return out_of_memory(ld);
    }
    const cJSON *obj;
    ld->index = 0;
    cJSON_ArrayForEach(obj, list) {
        if (!read_shape(ld, s, obj)) return false;
        ld->index++;
    }
    ld->index = -1;
    return true;
}

/* One shape index of a pair: an integer in [0, shape_count). */
static bool read_pair_index(loader *ld, const scene *s, int pair, const cJSON *item, int *out) {
    double v;
    if (!json_double(item, &v) || v != floor(v)) return fail(ld, "pair %d: must be [a, b], two shape indices", pair);
    if (v < 0 || v >= s->shape_count) {
        if (s->shape_count == 0) return fail(ld, "pair %d: shape index %.15g is out of range (no shapes)", pair, v);
        return fail(ld, "pair %d: shape index %.15g is out of range (shapes are 0 to %d)", pair, v,
                    s->shape_count - 1);
    }
    *out = (int)v;
    return true;
}

static bool read_pairs(loader *ld, scene *s, const cJSON *root) {
    const cJSON *list = field(root, "pairs");
    if (list == NULL) { /* every pair i < j */
        size_t n = (size_t)s->shape_count, count = n * (n > 0 ? n - 1 : 0) / 2;
        if (count > SCENE_MAX_DEFAULT_PAIRS) {
            return fail(ld, "the scene needs pairs: %d shapes make %zu pairs, more than the default allows (%d)",
                        s->shape_count, count, SCENE_MAX_DEFAULT_PAIRS);
        }
        s->pairs = malloc((count > 0 ? count : 1) * sizeof *s->pairs);
        if (s->pairs == NULL) return out_of_memory(ld);
        for (int i = 0; i < s->shape_count; i++) {
            for (int j = i + 1; j < s->shape_count; j++) s->pairs[s->pair_count++] = (scene_pair){i, j};
        }
        return true;
    }
    if (!cJSON_IsArray(list)) return fail(ld, "pairs must be an array of [a, b] shape index pairs");
    int n = cJSON_GetArraySize(list);
    s->pairs = malloc((size_t)(n > 0 ? n : 1) * sizeof *s->pairs);
    if (s->pairs == NULL) return out_of_memory(ld);
    const cJSON *item;
    cJSON_ArrayForEach(item, list) {
        int k = s->pair_count;
        scene_pair *p = &s->pairs[k];
        if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != 2) {
            return fail(ld, "pair %d: must be [a, b], two shape indices", k);
        }
        if (!read_pair_index(ld, s, k, item->child, &p->a) || !read_pair_index(ld, s, k, item->child->next, &p->b)) {
            return false;
        }
        if (p->a == p->b) return fail(ld, "pair %d: shape %d is paired with itself", k, p->a);
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

scene_status scene_parse(scene *s, const char *text, size_t length, const char *name, char *err, size_t err_size) {
    loader ld = {err, err_size, SCENE_OK, 3, -1, ""};
    memset(s, 0, sizeof *s);
    size_t start = 0;
    while (start < length && strchr(" \t\r\n", text[start]) != NULL && text[start] != '\0') start++;
    if (start == length) {
        fail(&ld, "%s: empty input (expected a JSON object)", name);
        return ld.status;
    }
    if (memchr(text, '\0', length) != NULL) {
        fail(&ld, "%s: invalid JSON (contains a NUL byte)", name);
        return ld.status;
    }
    /* cJSON wants the terminating NUL inside the length when the whole text must be one value. */
    char *copy = malloc(length + 1);
    if (copy == NULL) {
        out_of_memory(&ld);
        return ld.status;
    }
    memcpy(copy, text, length);
    copy[length] = '\0';
    const char *end = NULL;
    s->json = cJSON_ParseWithLengthOpts(copy, length + 1, &end, 1);
    if (s->json == NULL) {
        int line, column;
        locate(copy, end != NULL && end >= copy && end <= copy + length ? end : copy + length, &line, &column);
        fail(&ld, "%s: invalid JSON near line %d, column %d", name, line, column);
        free(copy);
        return ld.status;
    }
    free(copy);
    static const char *const known[] = {"dim", "shapes", "pairs"};
    bool ok = cJSON_IsObject(s->json) ? true : fail(&ld, "%s: the scene must be a JSON object", name);
    ok = ok && known_once(&ld, s->json, known, 3) && read_dim(&ld, s->json);
    s->dim = ld.dim;
    ok = ok && read_shapes(&ld, s, s->json) && read_pairs(&ld, s, s->json);
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
    scene_status status = scene_parse(s, text, length, name, err, err_size);
    free(text);
    return status;
}

void scene_free(scene *s) {
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
    free(s->pairs);
    cJSON_Delete(s->json);
    memset(s, 0, sizeof *s);
}
