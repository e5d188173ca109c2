// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* Scene loader, one shape object: its type, the sizes or points the type needs, margin and pose, each field
   validated, then the library's own check (see scene_loader.h; docs/cli.md, "Scene format"). A compound's parts are
   shape objects read the same way (without motion), built into a gjk_compound3 / gjk_compound2. Messages name the
   shape index (and part index), its type and the field at fault. */
#include "scene_loader.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shape fields ---------------------------------------------------------------------------------------------- */

/* A size of the current shape: `type name` must be a number > 0 (>= 0 when allow_zero), also once rounded to
   gjk_real (a tiny positive double may be zero as a float). */
static bool read_size(loader *ld, const cJSON *obj, const char *name, bool allow_zero, gjk_real *out) {
    const char *what = allow_zero ? "a number >= 0" : "a positive number";
    const cJSON *item = loader_field(obj, name);
    if (item == NULL) return loader_fail(ld, "%s needs %s (%s)", ld->type, name, what);
    double d;
    if (!loader_double(item, &d) || !(allow_zero ? (gjk_real)d >= 0 : (gjk_real)d > 0)) {
        return loader_fail(ld, "%s %s must be %s", ld->type, name, what);
    }
    char label[64];
    snprintf(label, sizeof label, "%s %s", ld->type, name);
    if (!loader_within_bound(ld, label, &d, 1)) return false;
    *out = (gjk_real)d;
    return true;
}

/* A vector of `n` positive sizes (box half_extents, ellipsoid radii). */
static bool read_sizes(loader *ld, const cJSON *obj, const char *name, int n, gjk_real *out) {
    const cJSON *item = loader_field(obj, name);
    if (item == NULL) return loader_fail(ld, "%s needs %s (%d positive numbers)", ld->type, name, n);
    double v[3];
    bool ok = loader_doubles(item, v, n);
    for (int i = 0; ok && i < n; i++) {
        out[i] = (gjk_real)v[i];
        ok = out[i] > 0;
    }
    if (!ok) return loader_fail(ld, "%s %s must be %d positive numbers", ld->type, name, n);
    char label[64];
    snprintf(label, sizeof label, "%s %s", ld->type, name);
    return loader_within_bound(ld, label, v, n);
}

/* The "points" array of the current shape: between min and max points of ld->dim finite coordinates each, stored
   in the gjk_real array `out` (dim * count values). `*count` receives the number of points. */
static bool read_points(loader *ld, const cJSON *obj, int min, int max, gjk_real *out, int *count) {
    const char *coords = ld->dim == 3 ? "[x, y, z]" : "[x, y]";
    char amount[48];
    if (min == max) snprintf(amount, sizeof amount, "%d points", min);
    else snprintf(amount, sizeof amount, "an array of %d to %d points", min, max);
    const cJSON *item = loader_field(obj, "points");
    if (item == NULL) return loader_fail(ld, "%s needs points (%s, each %s)", ld->type, amount, coords);
    int n = cJSON_IsArray(item) ? cJSON_GetArraySize(item) : -1;
    if (n < min || n > max) return loader_fail(ld, "%s points must be %s, each %s", ld->type, amount, coords);
    const cJSON *e;
    int i = 0;
    cJSON_ArrayForEach(e, item) {
        double v[3];
        if (!loader_doubles(e, v, ld->dim)) {
            return loader_fail(ld, "%s points[%d] must be %s, %d finite numbers", ld->type, i, coords, ld->dim);
        }
        char label[64];
        snprintf(label, sizeof label, "%s points[%d]", ld->type, i);
        if (!loader_within_bound(ld, label, v, ld->dim)) return false;
        for (int k = 0; k < ld->dim; k++) out[(size_t)i * (size_t)ld->dim + (size_t)k] = (gjk_real)v[k];
        i++;
    }
    *count = n;
    return true;
}

/* Points of a hull / polygon, in a buffer the caller frees. */
static bool read_cloud(loader *ld, const cJSON *obj, gjk_real **out, int *count) {
    const cJSON *item = loader_field(obj, "points");
    int n = cJSON_IsArray(item) ? cJSON_GetArraySize(item) : 0;
    *out = NULL;
    if (n >= 1 && n <= GJK_HULL_MAX_POINTS) {
        *out = malloc((size_t)n * (size_t)ld->dim * sizeof(gjk_real));
        if (*out == NULL) return loader_out_of_memory(ld);
    }
    gjk_real dummy[3];
    return read_points(ld, obj, 1, GJK_HULL_MAX_POINTS, *out != NULL ? *out : dummy, count);
}

static bool hull_failed(loader *ld, gjk_status status) {
    if (status == GJK_OUT_OF_MEMORY) return loader_out_of_memory(ld);
    return loader_fail(ld, "%s points were rejected by the library (%s)", ld->type, gjk_status_string(status));
}

/* ---- shapes by type -------------------------------------------------------------------------------------------- */

static const char *const types3[] = {"point",    "segment", "triangle",  "box", "sphere", "capsule",
                                     "cylinder", "cone",    "ellipsoid", "hull"};
enum { T3_POINT, T3_SEGMENT, T3_TRIANGLE, T3_BOX, T3_SPHERE, T3_CAPSULE, T3_CYLINDER, T3_CONE, T3_ELLIPSOID, T3_HULL };
static const char *const types2[] = {"point", "segment", "circle", "box", "capsule", "polygon"};
enum { T2_POINT, T2_SEGMENT, T2_CIRCLE, T2_BOX, T2_CAPSULE, T2_POLYGON };
/* The keys of each type's own sizes or points (at most 2; NULL ends a shorter list), in the order of types3 and
   types2. */
typedef const char *const type_keys[2];
static type_keys sizes3[] = {{NULL},
                             {"points"},
                             {"points"},
                             {"half_extents"},
                             {"radius"},
                             {"radius", "half_height"},
                             {"radius", "half_height"},
                             {"radius", "half_height"},
                             {"radii"},
                             {"points"}};
static type_keys sizes2[] = {{NULL}, {"points"}, {"radius"}, {"half_extents"}, {"radius", "half_height"}, {"points"}};

/* The hull of the shape's points; *hull is set (owned by the scene) on success. */
static bool build_hull3(loader *ld, const cJSON *obj, gjk_hull3 **hull) {
    gjk_real *p;
    int n = 0;
    gjk_vec3 *points = NULL;
    bool ok = read_cloud(ld, obj, &p, &n);
    if (ok && (points = malloc((size_t)n * sizeof *points)) == NULL) ok = loader_out_of_memory(ld);
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
    if (ok && (points = malloc((size_t)n * sizeof *points)) == NULL) ok = loader_out_of_memory(ld);
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

/* The type of a compound (not a convex type: no entry of types3 or types2). */
enum { TYPE_COMPOUND = -1 };

/* "type": a string naming one of the dimension's types, or "compound" for a scene's shape (not for a part); sets
   ld->type and *which (TYPE_COMPOUND for a compound). */
static bool read_type(loader *ld, const cJSON *obj, int *which) {
    const cJSON *item = loader_field(obj, "type");
    bool part = ld->part >= 0;
    const char *list = ld->dim == 3 ? part ? "point, segment, triangle, box, sphere, capsule, cylinder, cone, "
                                             "ellipsoid, hull"
                                           : "point, segment, triangle, box, sphere, capsule, cylinder, cone, "
                                             "ellipsoid, hull, compound"
                       : part ? "point, segment, circle, box, capsule, polygon"
                              : "point, segment, circle, box, capsule, polygon, compound";
    if (item == NULL) {
        static const char *const type_key[] = {"type"};
        for (const cJSON *e = obj->child; e != NULL; e = e->next) {
            if (e->string == NULL || scene_nearest_name(e->string, type_key, 1) == NULL) continue;
            char shown[48];
            scene_printable(shown, sizeof shown, e->string);
            return loader_fail(ld, "unknown key \"%s\" (did you mean \"type\"?)", shown);
        }
        return loader_fail(ld, "needs a type (one of: %s)", list);
    }
    if (!cJSON_IsString(item) || item->valuestring == NULL) {
        return loader_fail(ld, "type must be a string (one of: %s)", list);
    }
    if (strcmp(item->valuestring, "compound") == 0) {
        if (part) return loader_fail(ld, "a part cannot be a compound (parts are convex shapes)");
        if ((ld->flags & SCENE_COMPOUNDS) == 0) {
            return loader_fail(ld, "this command does not take compound shapes (query, manifold, raycast, cast and "
                                   "world do)");
        }
        ld->type = "compound";
        *which = TYPE_COMPOUND;
        return true;
    }
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
    scene_printable(shown, sizeof shown, item->valuestring);
    bool planar = ld->dim == 3 && (strcmp(shown, "circle") == 0 || strcmp(shown, "polygon") == 0);
    return loader_fail(ld, "unknown %dD type \"%s\" (expected one of: %s)%s", ld->dim, shown, list,
                       planar ? "; set \"dim\": 2 for a 2D scene" : "");
}

static bool read_margin(loader *ld, const cJSON *obj, gjk_real *margin) {
    const cJSON *item = loader_field(obj, "margin");
    *margin = 0;
    double d = 0;
    if (item != NULL && (!loader_double(item, &d) || !((gjk_real)d >= 0))) {
        return loader_fail(ld, "margin must be a number >= 0");
    }
    if (!loader_within_bound(ld, "margin", &d, 1)) return false;
    *margin = (gjk_real)d;
    return true;
}

/* Scale v (n values) to unit length, in double: first by its largest component, so that no square under- or
   overflows; the library normalises a quaternion again, which changes at most its last bit. False when v is zero. */
static bool normalize(double *v, int n) {
    double m = 0, s = 0;
    for (int i = 0; i < n; i++) m = fmax(m, fabs(v[i]));
    if (!(m > 0)) return false;
    for (int i = 0; i < n; i++) {
        v[i] /= m;
        s += v[i] * v[i];
    }
    s = sqrt(s);
    for (int i = 0; i < n; i++) v[i] /= s;
    return true;
}

static bool read_pose3(loader *ld, const cJSON *obj, gjk_pose3 *pose) {
    *pose = gjk_pose3_identity();
    const cJSON *item = loader_field(obj, "position");
    double p[3];
    if (item != NULL) {
        if (!loader_doubles(item, p, 3)) return loader_fail(ld, "position must be [x, y, z], 3 finite numbers");
        if (!loader_within_bound(ld, "position", p, 3)) return false;
        pose->position = gjk_v3((gjk_real)p[0], (gjk_real)p[1], (gjk_real)p[2]);
    }
    const cJSON *quat = loader_field(obj, "rotation"), *axis_angle = loader_field(obj, "axis_angle");
    double q[4];
    if (quat != NULL && axis_angle != NULL) {
        return loader_fail(ld, "rotation and axis_angle are both given (one rotation only)");
    }
    if (quat != NULL) {
        if (!loader_doubles(quat, q, 4) || !normalize(q, 4)) {
            return loader_fail(ld, "rotation must be a quaternion [w, x, y, z], 4 finite numbers not all zero");
        }
    } else if (axis_angle != NULL) {
        /* q = (cos(a/2), sin(a/2) * axis / |axis|): the unit axis first, in double, so that a quaternion written
           from the same formula gives the same bits. */
        double v[4];
        if (!loader_doubles(axis_angle, v, 4) || !normalize(v, 3)) {
            return loader_fail(ld, "axis_angle must be [x, y, z, radians], 4 finite numbers with a nonzero axis");
        }
        double c = cos(v[3] / 2), sn = sin(v[3] / 2);
        q[0] = c;
        q[1] = sn * v[0];
        q[2] = sn * v[1];
        q[3] = sn * v[2];
        normalize(q, 4);
    } else {
        return true;
    }
    pose->rotation = (gjk_quat){(gjk_real)q[0], (gjk_real)q[1], (gjk_real)q[2], (gjk_real)q[3]};
    return true;
}

static bool read_pose2(loader *ld, const cJSON *obj, gjk_pose2 *pose) {
    *pose = gjk_pose2_identity();
    const cJSON *item = loader_field(obj, "position");
    double p[2];
    if (item != NULL) {
        if (!loader_doubles(item, p, 2)) return loader_fail(ld, "position must be [x, y], 2 finite numbers");
        if (!loader_within_bound(ld, "position", p, 2)) return false;
        pose->position = gjk_v2((gjk_real)p[0], (gjk_real)p[1]);
    }
    item = loader_field(obj, "rotation");
    double angle;
    if (item == NULL) return true;
    if (!loader_double(item, &angle)) return loader_fail(ld, "rotation must be an angle in radians (a finite number)");
    pose->rotation.c = (gjk_real)cos(angle);
    pose->rotation.s = (gjk_real)sin(angle);
    return true;
}

/* The shape's motion over a step, for `gjk cast`: "velocity" (the translation over the step) and "angular" (a
   rotation vector over the step in 3D, an angle in 2D); both default to zero. */
static bool read_motion3(loader *ld, const cJSON *obj, gjk_motion3 *m) {
    double v[3];
    const cJSON *item = loader_field(obj, "velocity");
    if (item != NULL) {
        if (!loader_doubles(item, v, 3)) return loader_fail(ld, "velocity must be [x, y, z], 3 finite numbers");
        if (!loader_within_bound(ld, "velocity", v, 3)) return false;
        m->translation = gjk_v3((gjk_real)v[0], (gjk_real)v[1], (gjk_real)v[2]);
    }
    item = loader_field(obj, "angular");
    if (item != NULL) {
        if (!loader_doubles(item, v, 3)) {
            return loader_fail(ld, "angular must be a rotation vector [x, y, z] (radians), 3 finite numbers");
        }
        if (!loader_within_bound(ld, "angular", v, 3)) return false;
        m->rotation = gjk_v3((gjk_real)v[0], (gjk_real)v[1], (gjk_real)v[2]);
    }
    return true;
}

static bool read_motion2(loader *ld, const cJSON *obj, gjk_motion2 *m) {
    double v[2];
    const cJSON *item = loader_field(obj, "velocity");
    if (item != NULL) {
        if (!loader_doubles(item, v, 2)) return loader_fail(ld, "velocity must be [x, y], 2 finite numbers");
        if (!loader_within_bound(ld, "velocity", v, 2)) return false;
        m->translation = gjk_v2((gjk_real)v[0], (gjk_real)v[1]);
    }
    item = loader_field(obj, "angular");
    if (item != NULL) {
        if (!loader_double(item, v)) return loader_fail(ld, "angular must be an angle in radians (a finite number)");
        if (!loader_within_bound(ld, "angular", v, 1)) return false;
        m->rotation = (gjk_real)v[0];
    }
    return true;
}

/* The keys a shape of type `which` takes: those of every shape, then its own sizes or points. A compound's part
   takes neither velocity nor angular: it moves with its compound. */
static bool check_shape_keys(loader *ld, const cJSON *obj, int which) {
    static const char *const common[] = {"type", "position", "rotation", "margin", "velocity", "angular", "axis_angle"};
    bool part = ld->part >= 0;
    const char *list[10];
    int n = 0;
    for (int k = 0; k < 7; k++) {
        if ((k == 6 && ld->dim != 3) || ((k == 4 || k == 5) && part)) continue; /* axis_angle is 3D only */
        list[n++] = common[k];
    }
    const char *const *own = ld->dim == 3 ? sizes3[which] : sizes2[which];
    for (int k = 0; k < 2 && own[k] != NULL; k++) list[n++] = own[k];
    char hint[80];
    if (ld->dim == 2 && loader_field(obj, "axis_angle") != NULL) {
        snprintf(hint, sizeof hint, " for a 2D %s (its rotation is an angle in radians)", ld->type);
    } else if (part && (loader_field(obj, "velocity") != NULL || loader_field(obj, "angular") != NULL)) {
        snprintf(hint, sizeof hint, " for a part (it moves with its compound)");
    } else {
        const char *article = ld->dim == 3 && strchr("aeiou", ld->type[0]) != NULL ? "an" : "a";
        snprintf(hint, sizeof hint, " for %s %s%s", article, ld->dim == 2 ? "2D " : "", ld->type);
    }
    return loader_check_keys(ld, obj, "", list, n, hint);
}

/* One convex shape (a scene's shape, or a compound's part when motion is NULL): its sizes, margin, pose and
   motion, then the library's own check as a safety net. */
static bool read_convex3(loader *ld, const cJSON *obj, int which, gjk_shape3 *shape, gjk_pose3 *pose,
                         gjk_motion3 *motion, gjk_hull3 **hull) {
    gjk_real margin;
    if (!build3(ld, obj, which, shape, hull)) return false;
    if (!read_margin(ld, obj, &margin) || !read_pose3(ld, obj, pose)) return false;
    if (motion != NULL && !read_motion3(ld, obj, motion)) return false;
    *shape = gjk_rounded3(*shape, margin);
    gjk_status status = gjk_shape3_validate(shape);
    if (status != GJK_OK && which == T3_HULL) {
        /* Its points are within the limit, but not their spread, which the library bounds as well. */
        return loader_fail(ld, "hull rejected by the library (%s): its points lie farther than %g from their centre",
                           gjk_status_string(status), SCENE_MAX_COORD);
    }
    if (status != GJK_OK) {
        return loader_fail(ld, "%s rejected by the library (%s)", ld->type, gjk_status_string(status));
    }
    return true;
}

static bool read_convex2(loader *ld, const cJSON *obj, int which, gjk_shape2 *shape, gjk_pose2 *pose,
                         gjk_motion2 *motion, gjk_hull2 **hull) {
    gjk_real margin;
    if (!build2(ld, obj, which, shape, hull)) return false;
    if (!read_margin(ld, obj, &margin) || !read_pose2(ld, obj, pose)) return false;
    if (motion != NULL && !read_motion2(ld, obj, motion)) return false;
    *shape = gjk_rounded2(*shape, margin);
    gjk_status status = gjk_shape2_validate(shape);
    if (status != GJK_OK) {
        return loader_fail(ld, "%s rejected by the library (%s)", ld->type, gjk_status_string(status));
    }
    return true;
}

/* ---- compounds ------------------------------------------------------------------------------------------------- */

/* Room for one more part hull in the scene's list (grown by doubling: parts may number up to
   GJK_COMPOUND_MAX_PARTS per compound). */
static bool reserve_part_hull(loader *ld, scene *s) {
    if (s->part_hull_count < ld->part_hull_capacity) return true;
    int grown = ld->part_hull_capacity > 0 ? 2 * ld->part_hull_capacity : 16;
    void *p = ld->dim == 3 ? realloc(s->part_hulls3, (size_t)grown * sizeof *s->part_hulls3)
                           : realloc(s->part_hulls2, (size_t)grown * sizeof *s->part_hulls2);
    if (p == NULL) return loader_out_of_memory(ld);
    if (ld->dim == 3) s->part_hulls3 = (gjk_hull3 **)p;
    else s->part_hulls2 = (gjk_hull2 **)p;
    ld->part_hull_capacity = grown;
    return true;
}

/* Every part of a compound: a convex shape object each, at its pose in the compound's frame. On success the part
   shapes and poses are in shapes3 / poses3 (or the 2D arrays, [n] each, allocated here for the caller to free) and
   their hulls in the scene's list. */
static bool read_parts(loader *ld, scene *s, const cJSON *list, int n, void **shapes, void **poses) {
    bool d3 = ld->dim == 3;
    *shapes = calloc((size_t)n, d3 ? sizeof(gjk_shape3) : sizeof(gjk_shape2));
    *poses = calloc((size_t)n, d3 ? sizeof(gjk_pose3) : sizeof(gjk_pose2));
    if (*shapes == NULL || *poses == NULL) return loader_out_of_memory(ld);
    const cJSON *obj;
    ld->part = 0;
    cJSON_ArrayForEach(obj, list) {
        int which = 0, k = ld->part;
        if (!cJSON_IsObject(obj)) return loader_fail(ld, "must be an object with a \"type\"");
        if (!read_type(ld, obj, &which) || !check_shape_keys(ld, obj, which)) return false;
        if (!reserve_part_hull(ld, s)) return false;
        bool ok;
        if (d3) {
            gjk_hull3 *hull = NULL;
            ok = read_convex3(ld, obj, which, (gjk_shape3 *)*shapes + k, (gjk_pose3 *)*poses + k, NULL, &hull);
            if (hull != NULL) s->part_hulls3[s->part_hull_count++] = hull;
        } else {
            gjk_hull2 *hull = NULL;
            ok = read_convex2(ld, obj, which, (gjk_shape2 *)*shapes + k, (gjk_pose2 *)*poses + k, NULL, &hull);
            if (hull != NULL) s->part_hulls2[s->part_hull_count++] = hull;
        }
        if (!ok) return false;
        ld->part++;
    }
    ld->part = -1;
    ld->type = "compound";
    return true;
}

/* A shape of type "compound": its parts, pose and motion, then the library's compound of the parts. */
static bool read_compound(loader *ld, scene *s, const cJSON *obj) {
    static const char *const known[] = {"type", "parts", "position", "rotation", "velocity", "angular", "axis_angle"};
    int i = ld->index;
    const char *hint = ld->dim == 2 && loader_field(obj, "axis_angle") != NULL
                           ? " for a 2D compound (its rotation is an angle in radians)"
                           : " for a compound (its parts have their own sizes and margins)";
    if (!loader_check_keys(ld, obj, "", known, ld->dim == 3 ? 7 : 6, hint)) return false;
    const cJSON *list = loader_field(obj, "parts");
    int n = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : -1;
    if (list == NULL) {
        return loader_fail(ld, "compound needs parts (an array of 1 to %d shape objects)", GJK_COMPOUND_MAX_PARTS);
    }
    if (n < 1 || n > GJK_COMPOUND_MAX_PARTS) {
        return loader_fail(ld, "compound parts must be an array of 1 to %d shape objects", GJK_COMPOUND_MAX_PARTS);
    }
    void *shapes = NULL, *poses = NULL;
    bool ok = read_parts(ld, s, list, n, &shapes, &poses);
    gjk_status status = GJK_OK;
    if (ld->dim == 3) {
        ok = ok && read_pose3(ld, obj, &s->poses3[i]) && read_motion3(ld, obj, &s->motions3[i]);
        if (ok && s->compounds3 == NULL) s->compounds3 = calloc((size_t)s->shape_count, sizeof *s->compounds3);
        if (ok && s->compounds3 == NULL) ok = loader_out_of_memory(ld);
        const gjk_shape3 *part_shapes = (const gjk_shape3 *)shapes;
        if (ok) s->compounds3[i] = gjk_compound3_create(part_shapes, (const gjk_pose3 *)poses, n, &status);
        memset(&s->shapes3[i], 0, sizeof s->shapes3[i]);
        s->shapes3[i].type = GJK_SHAPE3_TYPE_COUNT;
    } else {
        ok = ok && read_pose2(ld, obj, &s->poses2[i]) && read_motion2(ld, obj, &s->motions2[i]);
        if (ok && s->compounds2 == NULL) s->compounds2 = calloc((size_t)s->shape_count, sizeof *s->compounds2);
        if (ok && s->compounds2 == NULL) ok = loader_out_of_memory(ld);
        const gjk_shape2 *part_shapes = (const gjk_shape2 *)shapes;
        if (ok) s->compounds2[i] = gjk_compound2_create(part_shapes, (const gjk_pose2 *)poses, n, &status);
        memset(&s->shapes2[i], 0, sizeof s->shapes2[i]);
        s->shapes2[i].type = GJK_SHAPE2_TYPE_COUNT;
    }
    free(shapes);
    free(poses);
    if (!ok) return false;
    if (status == GJK_OUT_OF_MEMORY) return loader_out_of_memory(ld);
    if (status != GJK_OK) {
        /* Every part and pose is valid on its own, but a part's box must stay within the coordinates the compound's
           part tree takes, which the library bounds as it bounds positions. */
        return loader_fail(ld, "compound rejected by the library (%s): a part's box reaches farther than %g from the "
                               "compound's origin", gjk_status_string(status), SCENE_MAX_COORD);
    }
    /* Each part's world pose must be one the queries take, as every shape's position must. */
    for (int k = 0; k < n; k++) {
        double p[3] = {0, 0, 0};
        if (ld->dim == 3) {
            gjk_vec3 v = gjk_compound3_part_pose(s->compounds3[i], k, s->poses3[i]).position;
            p[0] = (double)v.x, p[1] = (double)v.y, p[2] = (double)v.z;
        } else {
            gjk_vec2 v = gjk_compound2_part_pose(s->compounds2[i], k, s->poses2[i]).position;
            p[0] = (double)v.x, p[1] = (double)v.y;
        }
        for (int a = 0; a < ld->dim; a++) {
            if (!(fabs(p[a]) <= SCENE_MAX_COORD)) {
                ld->part = k;
                return loader_fail(ld, "its world position[%d], %g, is beyond the limit of %g in magnitude", a, p[a],
                                   SCENE_MAX_COORD);
            }
        }
    }
    s->compound_count++;
    return true;
}

/* One shape object: a compound, or a convex shape with its type, sizes, margin, pose and motion. */
bool loader_read_shape(loader *ld, scene *s, const cJSON *obj) {
    int i = ld->index, which = 0;
    if (!cJSON_IsObject(obj)) return loader_fail(ld, "must be an object with a \"type\"");
    if (!read_type(ld, obj, &which)) return false;
    if (which == TYPE_COMPOUND) return read_compound(ld, s, obj);
    if (!check_shape_keys(ld, obj, which)) return false;
    if (ld->dim == 3) {
        return read_convex3(ld, obj, which, &s->shapes3[i], &s->poses3[i], &s->motions3[i], &s->hulls3[i]);
    }
    return read_convex2(ld, obj, which, &s->shapes2[i], &s->poses2[i], &s->motions2[i], &s->hulls2[i]);
}
