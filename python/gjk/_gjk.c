// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* The C extension under the Python package gjk: shapes as objects that hold a gjk_shape3 / gjk_shape2 (and the
   hull they own), and one entry per query that takes one pose per shape (a result of Python scalars and small
   arrays) or N poses (a result of numpy arrays of length N, computed by the batch functions of gjk/batch.h with
   the GIL released, split over `threads` threads by gjk_parallel_for); and the world of bodies (gjk/world.h) as
   gjk.World, in _world.c, and compound shapes as gjk.Compound, in _compound.c, both included by this file.

   The library comes in as the single header (single/gjk.h) plus the threads helper, always in double. A 3D pose
   row [x, y, z, qw, qx, qy, qz] has gjk_pose3's layout, so N x 7 arrays are handed to the batch functions as they
   are; 2D rows [x, y, angle] become gjk_pose2 through gjk_pose2_make, as a C caller would make them. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define GJK_IMPLEMENTATION
#include "gjk.h"
#include "gjk/threads.h"

#if GJK_USE_FLOAT
#error "the Python package uses gjk in double"
#endif

/* The zero-copy view of pose rows relies on this layout. */
_Static_assert(sizeof(gjk_pose3) == 7 * sizeof(double), "gjk_pose3 is 7 doubles");
_Static_assert(offsetof(gjk_pose3, rotation) == 3 * sizeof(double), "rotation follows position");

/* Items per chunk: the batch functions run on chunk-local result buffers that are then copied into the arrays. */
#define CHUNK 64

static PyObject *status_members; /* tuple: gjk.Status members by value, registered by the package */
static PyObject *cast_state_members;

/* A double for an error message (PyErr_Format has no %g). */
typedef struct numtext {
    char s[32];
} numtext;
static numtext num(double v) {
    numtext t;
    snprintf(t.s, sizeof t.s, "%.17g", v);
    return t;
}

/* Index of the first non-finite value of p[0 .. n-1], or -1: a sum of v * 0 is NaN exactly when some v is NaN or
   infinite, so the common case is one pass of multiply-adds without a branch per value. */
static npy_intp first_nonfinite(const double *p, npy_intp n) {
    double acc = 0.0;
    for (npy_intp i = 0; i < n; ++i) acc += p[i] * 0.0;
    if (acc == 0.0) return -1;
    for (npy_intp i = 0; i < n; ++i)
        if (!isfinite(p[i])) return i;
    return -1;
}

/* ---- shapes ----------------------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD int dim; /* 2 or 3 */
    gjk_shape3 s3;
    gjk_shape2 s2;
    gjk_hull3 *hull3;
    gjk_hull2 *hull2;
} ShapeObject;

static void shape_dealloc(ShapeObject *self) {
    gjk_hull3_destroy(self->hull3);
    gjk_hull2_destroy(self->hull2);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Read n finite doubles from a sequence `params` for shape `kind`. */
static int read_params(const char *kind, PyObject *params, double *out, Py_ssize_t n) {
    PyObject *seq = PySequence_Fast(params, "shape parameters must be a sequence");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        PyErr_Format(PyExc_ValueError, "%s takes %zd numbers, got %zd", kind, n, PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; ++i) {
        out[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

/* Points as a C-contiguous (n, dim) double array with finite values and at least one row. */
static PyArrayObject *read_points(const char *kind, PyObject *obj, int dim) {
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 2, 2, NPY_ARRAY_CARRAY_RO);
    if (!a) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: points must be an array of shape (N, %d)", kind, dim);
        return NULL;
    }
    if (PyArray_DIM(a, 1) != dim || PyArray_DIM(a, 0) < 1 || PyArray_DIM(a, 0) > (1 << 20)) {
        PyErr_Format(PyExc_ValueError, "%s: points must have shape (N, %d) with 1 <= N <= 1048576, got (%zd, %zd)",
                     kind, dim, (Py_ssize_t)PyArray_DIM(a, 0), (Py_ssize_t)PyArray_DIM(a, 1));
        Py_DECREF(a);
        return NULL;
    }
    npy_intp i = first_nonfinite((const double *)PyArray_DATA(a), PyArray_SIZE(a));
    if (i >= 0) {
        PyErr_Format(PyExc_ValueError, "%s: points hold a non-finite value (row %zd)", kind, (Py_ssize_t)(i / dim));
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

/* Shape(kind, params, margin): kind names one of the library's shape constructors. */
static int shape_init(ShapeObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"kind", "params", "margin", NULL};
    const char *kind;
    PyObject *params;
    double margin = 0.0, v[9];
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "sO|d", kwlist, &kind, &params, &margin)) return -1;
    /* a world borrows the shape's C struct, so it never changes once made */
    if (self->dim) {
        PyErr_SetString(PyExc_RuntimeError, "a shape is initialised once");
        return -1;
    }
    if (!isfinite(margin) || margin < 0) {
        PyErr_Format(PyExc_ValueError, "%s: margin must be finite and >= 0, got %s", kind, num(margin).s);
        return -1;
    }
    self->dim = 3;
#define P(n) (read_params(kind, params, v, n) < 0 ? -1 : 0)
    if (!strcmp(kind, "point")) {
        self->s3 = gjk_point3();
    } else if (!strcmp(kind, "segment")) {
        if (P(6)) return -1;
        self->s3 = gjk_segment3(gjk_v3(v[0], v[1], v[2]), gjk_v3(v[3], v[4], v[5]));
    } else if (!strcmp(kind, "triangle")) {
        if (P(9)) return -1;
        self->s3 = gjk_triangle3(gjk_v3(v[0], v[1], v[2]), gjk_v3(v[3], v[4], v[5]), gjk_v3(v[6], v[7], v[8]));
    } else if (!strcmp(kind, "box")) {
        if (P(3)) return -1;
        self->s3 = gjk_box3(gjk_v3(v[0], v[1], v[2]));
    } else if (!strcmp(kind, "sphere")) {
        if (P(1)) return -1;
        self->s3 = gjk_sphere3(v[0]);
    } else if (!strcmp(kind, "capsule")) {
        if (P(2)) return -1;
        self->s3 = gjk_capsule3(v[0], v[1]);
    } else if (!strcmp(kind, "cylinder")) {
        if (P(2)) return -1;
        self->s3 = gjk_cylinder3(v[0], v[1]);
    } else if (!strcmp(kind, "cone")) {
        if (P(2)) return -1;
        self->s3 = gjk_cone3(v[0], v[1]);
    } else if (!strcmp(kind, "ellipsoid")) {
        if (P(3)) return -1;
        self->s3 = gjk_ellipsoid3(gjk_v3(v[0], v[1], v[2]));
    } else if (!strcmp(kind, "hull")) {
        PyArrayObject *a = read_points("ConvexHull", params, 3);
        if (!a) return -1;
        gjk_status st = GJK_OK;
        self->hull3 = gjk_hull3_create((const gjk_vec3 *)PyArray_DATA(a), (int)PyArray_DIM(a, 0), &st);
        Py_DECREF(a);
        if (!self->hull3) {
            PyErr_Format(st == GJK_OUT_OF_MEMORY ? PyExc_MemoryError : PyExc_ValueError, "ConvexHull: %s",
                         gjk_status_string(st));
            return -1;
        }
        self->s3 = gjk_hull_shape3(self->hull3);
    } else {
        self->dim = 2;
        if (!strcmp(kind, "point2")) {
            self->s2 = gjk_point2();
        } else if (!strcmp(kind, "segment2")) {
            if (P(4)) return -1;
            self->s2 = gjk_segment2(gjk_v2(v[0], v[1]), gjk_v2(v[2], v[3]));
        } else if (!strcmp(kind, "circle")) {
            if (P(1)) return -1;
            self->s2 = gjk_circle2(v[0]);
        } else if (!strcmp(kind, "box2")) {
            if (P(2)) return -1;
            self->s2 = gjk_box2(gjk_v2(v[0], v[1]));
        } else if (!strcmp(kind, "capsule2")) {
            if (P(2)) return -1;
            self->s2 = gjk_capsule2(v[0], v[1]);
        } else if (!strcmp(kind, "polygon")) {
            PyArrayObject *a = read_points("Polygon", params, 2);
            if (!a) return -1;
            gjk_status st = GJK_OK;
            self->hull2 = gjk_hull2_create((const gjk_vec2 *)PyArray_DATA(a), (int)PyArray_DIM(a, 0), &st);
            Py_DECREF(a);
            if (!self->hull2) {
                PyErr_Format(st == GJK_OUT_OF_MEMORY ? PyExc_MemoryError : PyExc_ValueError, "Polygon: %s",
                             gjk_status_string(st));
                return -1;
            }
            self->s2 = gjk_polygon2(self->hull2);
        } else {
            PyErr_Format(PyExc_ValueError, "unknown shape kind '%s'", kind);
            return -1;
        }
    }
#undef P
    gjk_status st;
    if (self->dim == 3) {
        self->s3.margin = margin;
        st = gjk_shape3_validate(&self->s3);
    } else {
        self->s2.margin = margin;
        st = gjk_shape2_validate(&self->s2);
    }
    if (st != GJK_OK) {
        PyErr_Format(PyExc_ValueError, "%s: sizes must be finite, positive (radii and half heights of capsules: >= 0) "
                     "and at most 1e150", kind);
        return -1;
    }
    return 0;
}

static PyObject *shape_get_dim(ShapeObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->dim);
}

/* The hull's vertices (after the hull was built), for ConvexHull and Polygon; None for other shapes. */
static PyObject *shape_get_vertices(ShapeObject *self, void *closure) {
    (void)closure;
    if (self->hull3) {
        npy_intp dims[2] = {self->hull3->vertex_count, 3};
        PyObject *a = PyArray_SimpleNew(2, dims, NPY_DOUBLE);
        if (a) memcpy(PyArray_DATA((PyArrayObject *)a), self->hull3->vertices, sizeof(double) * 3 * (size_t)dims[0]);
        return a;
    }
    if (self->hull2) {
        npy_intp dims[2] = {self->hull2->vertex_count, 2};
        PyObject *a = PyArray_SimpleNew(2, dims, NPY_DOUBLE);
        if (a) memcpy(PyArray_DATA((PyArrayObject *)a), self->hull2->vertices, sizeof(double) * 2 * (size_t)dims[0]);
        return a;
    }
    Py_RETURN_NONE;
}

static PyGetSetDef shape_getset[] = {
    {"dim", (getter)shape_get_dim, NULL, "2 or 3: the shape's dimension", NULL},
    {"vertices", (getter)shape_get_vertices, NULL, "a hull's or polygon's vertices (None for other shapes)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject ShapeType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gjk._gjk.Shape",
    .tp_basicsize = sizeof(ShapeObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Base of the gjk shapes (use gjk.Box, gjk.Sphere, ...).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)shape_init,
    .tp_dealloc = (destructor)shape_dealloc,
    .tp_getset = shape_getset,
};

static ShapeObject *as_shape(PyObject *o, const char *name, int dim) {
    if (!PyObject_TypeCheck(o, &ShapeType)) {
        PyErr_Format(PyExc_TypeError, "%s must be a gjk shape, not %.100s", name, Py_TYPE(o)->tp_name);
        return NULL;
    }
    ShapeObject *s = (ShapeObject *)o;
    if (s->dim != 2 && s->dim != 3) {
        PyErr_Format(PyExc_ValueError, "%s was not initialised", name);
        return NULL;
    }
    if (dim && s->dim != dim) {
        PyErr_Format(PyExc_ValueError, "%s is a %dD shape, the other a %dD one", name, s->dim, dim);
        return NULL;
    }
    return s;
}

/* ---- arrays of rows ---------------------------------------------------------------------------------------------- */

/* A C-contiguous double array of rows of `width` values: (width,) is one row for every item (stride 0), (N, width)
   one row per item. *n is the row count (-1 for a single row). */
typedef struct rowset {
    PyArrayObject *array;
    const double *data;
    npy_intp n;    /* rows, or -1 for a single row */
    int stride;    /* doubles between items: 0 or width */
} rowset;

static int read_rows(PyObject *obj, const char *name, int width, const char *what, rowset *r) {
    /* width 0: one number per item, a number or N of them; else rows of `width` numbers */
    r->array = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, width ? 1 : 0, width ? 2 : 1, NPY_ARRAY_CARRAY_RO);
    if (!r->array) {
        PyErr_Clear();
        if (width)
            PyErr_Format(PyExc_ValueError, "%s must be a number array of shape (%d,) or (N, %d) (%s)", name, width,
                         width, what);
        else
            PyErr_Format(PyExc_ValueError, "%s must be a number or an array of shape (N,) (%s)", name, what);
        return -1;
    }
    int nd = PyArray_NDIM(r->array);
    int single = width ? nd == 1 : nd == 0;
    if (width) {
        npy_intp cols = PyArray_DIM(r->array, nd - 1);
        if (cols != width) {
            if (nd == 1)
                PyErr_Format(PyExc_ValueError, "%s must have shape (%d,) or (N, %d) (%s), got (%zd,)", name, width,
                             width, what, (Py_ssize_t)cols);
            else
                PyErr_Format(PyExc_ValueError, "%s must have shape (%d,) or (N, %d) (%s), got (%zd, %zd)", name,
                             width, width, what, (Py_ssize_t)PyArray_DIM(r->array, 0), (Py_ssize_t)cols);
            Py_CLEAR(r->array);
            return -1;
        }
    }
    r->data = (const double *)PyArray_DATA(r->array);
    r->n = single ? -1 : PyArray_DIM(r->array, 0);
    r->stride = single ? 0 : (width ? width : 1);
    if (r->n > 0x7fffffff) {
        PyErr_Format(PyExc_ValueError, "%s: at most 2147483647 rows", name);
        Py_CLEAR(r->array);
        return -1;
    }
    npy_intp i = first_nonfinite(r->data, PyArray_SIZE(r->array));
    if (i >= 0) {
        if (nd <= 1)
            PyErr_Format(PyExc_ValueError, "%s holds a non-finite value (%s at index %zd)", name, num(r->data[i]).s,
                         (Py_ssize_t)i);
        else
            PyErr_Format(PyExc_ValueError, "%s holds a non-finite value (%s in row %zd)", name, num(r->data[i]).s,
                         (Py_ssize_t)(i / width));
        Py_CLEAR(r->array);
        return -1;
    }
    return 0;
}

/* The batch size of several row inputs: -1 when all are single rows; an error when two counts differ. */
static int batch_size(rowset *const *in, const char *const *names, int count, npy_intp *n) {
    *n = -1;
    int first = -1;
    for (int i = 0; i < count; ++i) {
        if (!in[i] || in[i]->n < 0) continue;
        if (*n < 0) {
            *n = in[i]->n;
            first = i;
        } else if (in[i]->n != *n) {
            PyErr_Format(PyExc_ValueError, "%s has %zd rows and %s %zd: give N rows or a single row for each",
                         names[first], (Py_ssize_t)*n, names[i], (Py_ssize_t)in[i]->n);
            return -1;
        }
    }
    return 0;
}

static gjk_pose2 pose2_row(const double *p) { return gjk_pose2_make(gjk_v2(p[0], p[1]), p[2]); }
static gjk_vec3 v3_row(const double *p) { return gjk_v3(p[0], p[1], p[2]); }
static gjk_vec2 v2_row(const double *p) { return gjk_v2(p[0], p[1]); }

/* ---- jobs --------------------------------------------------------------------------------------------------- */

enum op { OP_QUERY, OP_MANIFOLD, OP_RAYCAST, OP_CAST };

/* Everything one call needs, read by the threads (never written but for the outputs, each item by one thread). */
typedef struct job {
    enum op op;
    int dim;
    gjk_query_kind kind;
    gjk_options options;
    double speculative, target_distance, tolerance, max_fraction;
    bool ignore_separating;
    const ShapeObject *a, *b;
    rowset pose_a, pose_b, r1, r2, r3, r4; /* r1..r4: origins/translations (rays), motions (casts) */
    npy_intp n;                          /* items */
    /* outputs (array data), by field */
    int8_t *status, *flag1, *flag2; /* flag1: intersect / hit; flag2: inside (rays), cast hit */
    int8_t *state;
    double *scalar1, *scalar2, *scalar3; /* distance/fraction/t, lower, upper */
    double *vec1, *vec2, *vec3, *vec4;   /* normal, point_a, point_b, point (dim per item) */
    int32_t *iter1, *iter2, *count;
    double *mpa, *mpb, *msep; /* manifold points (max points x dim per item), separations */
    uint32_t *mid;
} job;

static void put_vec(double *dst, npy_intp k, int dim, const gjk_real *src) {
    memcpy(dst + k * dim, src, sizeof(double) * (size_t)dim);
}

static void store_result3(job *j, npy_intp k, const gjk_result3 *r) {
    j->status[k] = (int8_t)r->status, j->flag1[k] = r->intersect, j->scalar1[k] = r->distance;
    j->scalar2[k] = r->lower, j->scalar3[k] = r->upper;
    put_vec(j->vec1, k, 3, &r->normal.x), put_vec(j->vec2, k, 3, &r->point_a.x), put_vec(j->vec3, k, 3, &r->point_b.x);
    j->iter1[k] = r->iterations, j->iter2[k] = r->epa_iterations;
}
static void store_result2(job *j, npy_intp k, const gjk_result2 *r) {
    j->status[k] = (int8_t)r->status, j->flag1[k] = r->intersect, j->scalar1[k] = r->distance;
    j->scalar2[k] = r->lower, j->scalar3[k] = r->upper;
    put_vec(j->vec1, k, 2, &r->normal.x), put_vec(j->vec2, k, 2, &r->point_a.x), put_vec(j->vec3, k, 2, &r->point_b.x);
    j->iter1[k] = r->iterations, j->iter2[k] = r->epa_iterations;
}
static void store_manifold3(job *j, npy_intp k, const gjk_manifold3 *m) {
    j->status[k] = (int8_t)m->status, j->count[k] = m->count, j->iter1[k] = m->iterations;
    put_vec(j->vec1, k, 3, &m->normal.x);
    for (int i = 0; i < GJK_MANIFOLD_MAX_POINTS3; ++i) {
        npy_intp q = k * GJK_MANIFOLD_MAX_POINTS3 + i;
        put_vec(j->mpa, q, 3, &m->points[i].point_a.x), put_vec(j->mpb, q, 3, &m->points[i].point_b.x);
        j->msep[q] = m->points[i].separation, j->mid[q] = m->points[i].id;
    }
}
static void store_manifold2(job *j, npy_intp k, const gjk_manifold2 *m) {
    j->status[k] = (int8_t)m->status, j->count[k] = m->count, j->iter1[k] = m->iterations;
    put_vec(j->vec1, k, 2, &m->normal.x);
    for (int i = 0; i < GJK_MANIFOLD_MAX_POINTS2; ++i) {
        npy_intp q = k * GJK_MANIFOLD_MAX_POINTS2 + i;
        put_vec(j->mpa, q, 2, &m->points[i].point_a.x), put_vec(j->mpb, q, 2, &m->points[i].point_b.x);
        j->msep[q] = m->points[i].separation, j->mid[q] = m->points[i].id;
    }
}
static void store_ray3(job *j, npy_intp k, const gjk_ray_result3 *r) {
    j->status[k] = (int8_t)r->status, j->flag1[k] = r->hit, j->flag2[k] = r->inside, j->scalar1[k] = r->fraction;
    put_vec(j->vec4, k, 3, &r->point.x), put_vec(j->vec1, k, 3, &r->normal.x);
    j->iter1[k] = r->iterations;
}
static void store_ray2(job *j, npy_intp k, const gjk_ray_result2 *r) {
    j->status[k] = (int8_t)r->status, j->flag1[k] = r->hit, j->flag2[k] = r->inside, j->scalar1[k] = r->fraction;
    put_vec(j->vec4, k, 2, &r->point.x), put_vec(j->vec1, k, 2, &r->normal.x);
    j->iter1[k] = r->iterations;
}
static void store_cast3(job *j, npy_intp k, const gjk_cast_result3 *r) {
    j->status[k] = (int8_t)r->status, j->state[k] = (int8_t)r->state, j->flag1[k] = r->hit, j->scalar1[k] = r->t;
    put_vec(j->vec1, k, 3, &r->normal.x), put_vec(j->vec2, k, 3, &r->point_a.x);
    put_vec(j->vec3, k, 3, &r->point_b.x), put_vec(j->vec4, k, 3, &r->point.x);
    j->iter1[k] = r->iterations;
}
static void store_cast2(job *j, npy_intp k, const gjk_cast_result2 *r) {
    j->status[k] = (int8_t)r->status, j->state[k] = (int8_t)r->state, j->flag1[k] = r->hit, j->scalar1[k] = r->t;
    put_vec(j->vec1, k, 2, &r->normal.x), put_vec(j->vec2, k, 2, &r->point_a.x);
    put_vec(j->vec3, k, 2, &r->point_b.x), put_vec(j->vec4, k, 2, &r->point.x);
    j->iter1[k] = r->iterations;
}

/* Items [begin, end) of a 3D job, CHUNK at a time through the batch functions. */
static void run_chunk3(job *j, int begin, int end) {
    const gjk_pose3 *pa = (const gjk_pose3 *)(j->pose_a.data + (ptrdiff_t)begin * j->pose_a.stride);
    const gjk_pose3 *pb = j->pose_b.array ? (const gjk_pose3 *)(j->pose_b.data + (ptrdiff_t)begin * j->pose_b.stride)
                                          : NULL;
    int m = end - begin;
    gjk_batch3 b = {&j->a->s3, pa, j->b ? &j->b->s3 : NULL, pb, 0, j->pose_a.stride ? 1 : 0, 0,
                    j->pose_b.stride ? 1 : 0, NULL, 0};
    switch (j->op) {
    case OP_QUERY: {
        gjk_result3 r[CHUNK];
        gjk_batch_query3(j->kind, &b, &j->options, NULL, 0, m, r);
        for (int i = 0; i < m; ++i) store_result3(j, begin + i, &r[i]);
        break;
    }
    case OP_MANIFOLD: {
        gjk_manifold3 r[CHUNK];
        gjk_batch_collide3(&b, j->speculative, NULL, 0, m, r);
        for (int i = 0; i < m; ++i) store_manifold3(j, begin + i, &r[i]);
        break;
    }
    case OP_RAYCAST: {
        gjk_ray3 rays[CHUNK];
        for (int i = 0; i < m; ++i) {
            rays[i].origin = v3_row(j->r1.data + (ptrdiff_t)(begin + i) * j->r1.stride);
            rays[i].translation = v3_row(j->r2.data + (ptrdiff_t)(begin + i) * j->r2.stride);
            rays[i].max_fraction = j->max_fraction;
        }
        gjk_batch_rays3 rb = {&j->a->s3, pa, rays, 0, j->pose_a.stride ? 1 : 0, 1};
        gjk_ray_result3 r[CHUNK];
        gjk_batch_raycast3(&rb, 0, m, r);
        for (int i = 0; i < m; ++i) store_ray3(j, begin + i, &r[i]);
        break;
    }
    case OP_CAST: {
        gjk_motion3 ma[CHUNK], mb[CHUNK];
        for (int i = 0; i < m; ++i) {
            ptrdiff_t k = begin + i;
            ma[i].translation = j->r1.array ? v3_row(j->r1.data + k * j->r1.stride) : gjk_v3(0, 0, 0);
            ma[i].rotation = j->r2.array ? v3_row(j->r2.data + k * j->r2.stride) : gjk_v3(0, 0, 0);
            mb[i].translation = j->r3.array ? v3_row(j->r3.data + k * j->r3.stride) : gjk_v3(0, 0, 0);
            mb[i].rotation = j->r4.array ? v3_row(j->r4.data + k * j->r4.stride) : gjk_v3(0, 0, 0);
        }
        gjk_batch_casts3 cb;
        memset(&cb, 0, sizeof cb);
        cb.pairs = b, cb.motions_a = ma, cb.motions_b = mb, cb.motion_a_stride = 1, cb.motion_b_stride = 1;
        cb.target_distance = j->target_distance, cb.tolerance = j->tolerance;
        cb.ignore_separating = j->ignore_separating;
        gjk_cast_result3 r[CHUNK];
        gjk_batch_shape_cast3(&cb, 0, m, r);
        for (int i = 0; i < m; ++i) store_cast3(j, begin + i, &r[i]);
        break;
    }
    }
}

static void run_chunk2(job *j, int begin, int end) {
    int m = end - begin;
    gjk_pose2 pa[CHUNK], pb[CHUNK];
    for (int i = 0; i < m; ++i) {
        pa[i] = pose2_row(j->pose_a.data + (ptrdiff_t)(begin + i) * j->pose_a.stride);
        if (j->pose_b.array) pb[i] = pose2_row(j->pose_b.data + (ptrdiff_t)(begin + i) * j->pose_b.stride);
    }
    gjk_batch2 b = {&j->a->s2, pa, j->b ? &j->b->s2 : NULL, pb, 0, 1, 0, 1, NULL, 0};
    switch (j->op) {
    case OP_QUERY: {
        gjk_result2 r[CHUNK];
        gjk_batch_query2(j->kind, &b, &j->options, NULL, 0, m, r);
        for (int i = 0; i < m; ++i) store_result2(j, begin + i, &r[i]);
        break;
    }
    case OP_MANIFOLD: {
        gjk_manifold2 r[CHUNK];
        gjk_batch_collide2(&b, j->speculative, NULL, 0, m, r);
        for (int i = 0; i < m; ++i) store_manifold2(j, begin + i, &r[i]);
        break;
    }
    case OP_RAYCAST: {
        gjk_ray2 rays[CHUNK];
        for (int i = 0; i < m; ++i) {
            rays[i].origin = v2_row(j->r1.data + (ptrdiff_t)(begin + i) * j->r1.stride);
            rays[i].translation = v2_row(j->r2.data + (ptrdiff_t)(begin + i) * j->r2.stride);
            rays[i].max_fraction = j->max_fraction;
        }
        gjk_batch_rays2 rb = {&j->a->s2, pa, rays, 0, 1, 1};
        gjk_ray_result2 r[CHUNK];
        gjk_batch_raycast2(&rb, 0, m, r);
        for (int i = 0; i < m; ++i) store_ray2(j, begin + i, &r[i]);
        break;
    }
    case OP_CAST: {
        gjk_motion2 ma[CHUNK], mb[CHUNK];
        for (int i = 0; i < m; ++i) {
            ptrdiff_t k = begin + i;
            ma[i].translation = j->r1.array ? v2_row(j->r1.data + k * j->r1.stride) : gjk_v2(0, 0);
            ma[i].rotation = j->r2.array ? j->r2.data[k * j->r2.stride] : 0;
            mb[i].translation = j->r3.array ? v2_row(j->r3.data + k * j->r3.stride) : gjk_v2(0, 0);
            mb[i].rotation = j->r4.array ? j->r4.data[k * j->r4.stride] : 0;
        }
        gjk_batch_casts2 cb;
        memset(&cb, 0, sizeof cb);
        cb.pairs = b, cb.motions_a = ma, cb.motions_b = mb, cb.motion_a_stride = 1, cb.motion_b_stride = 1;
        cb.target_distance = j->target_distance, cb.tolerance = j->tolerance;
        cb.ignore_separating = j->ignore_separating;
        gjk_cast_result2 r[CHUNK];
        gjk_batch_shape_cast2(&cb, 0, m, r);
        for (int i = 0; i < m; ++i) store_cast2(j, begin + i, &r[i]);
        break;
    }
    }
}

static int run_range(int begin, int end, void *context) {
    job *j = (job *)context;
    for (int c = begin; c < end; c += CHUNK) {
        int e = end - c > CHUNK ? c + CHUNK : end;
        if (j->dim == 3) run_chunk3(j, c, e);
        else run_chunk2(j, c, e);
    }
    return 0;
}

/* ---- results ------------------------------------------------------------------------------------------------ */

static PyTypeObject QueryResultType, ManifoldType, RayResultType, CastResultType;

static PyStructSequence_Field query_fields[] = {
    {"status", "gjk.Status: OK, or why the answer is an estimate or the input invalid"},
    {"intersect", "the shapes touch or overlap"},
    {"distance", "signed distance: > 0 gap, < 0 minus the depth (length units)"},
    {"normal", "unit normal from A to B (world frame)"},
    {"point_a", "closest or deepest point on A (world frame)"},
    {"point_b", "closest or deepest point on B (world frame)"},
    {"lower", "certified lower bound of the true signed distance"},
    {"upper", "certified upper bound of the true signed distance"},
    {"iterations", "GJK iterations"},
    {"epa_iterations", "EPA iterations"},
    {NULL, NULL}};
static PyStructSequence_Desc query_desc = {"gjk.QueryResult", "The answer of a query (arrays of length N for N poses).",
                                           query_fields, 10};
static PyStructSequence_Field manifold_fields[] = {
    {"status", "gjk.Status"},
    {"normal", "unit normal from A to B (world frame)"},
    {"count", "contact points in use (3D: up to 4, 2D: up to 2)"},
    {"points_a", "contact points on A (world frame), count of them in use, the rest zero"},
    {"points_b", "contact points on B (world frame)"},
    {"separations", "(point_b - point_a) . normal per point: < 0 overlapping"},
    {"ids", "feature ids of the points (stable across frames)"},
    {"iterations", "GJK plus EPA iterations"},
    {NULL, NULL}};
static PyStructSequence_Desc manifold_desc = {"gjk.Manifold",
                                              "A contact manifold (arrays with a leading N for N poses).",
                                              manifold_fields, 8};
static PyStructSequence_Field ray_fields[] = {
    {"status", "gjk.Status"},
    {"hit", "the ray meets the shape within max_fraction"},
    {"inside", "the origin is inside the shape"},
    {"fraction", "smallest t with origin + t * translation on the shape"},
    {"point", "the hit point (world frame)"},
    {"normal", "the shape's outward normal there (world frame)"},
    {"iterations", "GJK ray cast iterations (0 for closed forms)"},
    {NULL, NULL}};
static PyStructSequence_Desc ray_desc = {"gjk.RayResult", "The answer of a ray cast.", ray_fields, 7};
static PyStructSequence_Field cast_fields[] = {
    {"status", "gjk.Status"},
    {"state", "gjk.CastState: HIT, SEPARATED, OVERLAPPED or FAILED"},
    {"hit", "the shapes come into contact during the step"},
    {"t", "time of first contact in [0, 1] (1 when separated all the way)"},
    {"normal", "unit normal from A to B at t (world frame)"},
    {"point_a", "contact point on A at t (world frame)"},
    {"point_b", "contact point on B at t (world frame)"},
    {"point", "the contact point, midway"},
    {"iterations", "iterations of the cast"},
    {NULL, NULL}};
static PyStructSequence_Desc cast_desc = {"gjk.CastResult", "The answer of a shape cast.", cast_fields, 9};

/* New arrays for the job's outputs, stored in `out` (a struct sequence), their data pointers in the job. With
   single, the arrays have no leading N: they are turned into scalars afterwards. */
static PyObject *new_array(npy_intp n, int single, int type, int inner, int inner2, void **data) {
    npy_intp dims[3];
    int nd = 0;
    if (!single) dims[nd++] = n;
    if (inner) dims[nd++] = inner;
    if (inner2) dims[nd++] = inner2;
    /* (every element of a batch's arrays is written; a single answer's are too) */
    PyObject *a = PyArray_EMPTY(nd, dims, type, 0);
    if (a) *data = PyArray_DATA((PyArrayObject *)a);
    return a;
}

/* A single answer's 0-d arrays become Python scalars; status and state become enum members. */
static PyObject *scalar_of(PyObject *a, PyObject *members) {
    PyArrayObject *arr = (PyArrayObject *)a;
    if (PyArray_NDIM(arr) != 0) return a;
    const void *p = PyArray_DATA(arr);
    PyObject *s;
    switch (PyArray_TYPE(arr)) {
    case NPY_DOUBLE: s = PyFloat_FromDouble(*(const double *)p); break;
    case NPY_BOOL: s = PyBool_FromLong(*(const npy_bool *)p); break;
    case NPY_INT8:
        s = members ? PySequence_GetItem(members, *(const int8_t *)p) : PyLong_FromLong(*(const int8_t *)p);
        break;
    case NPY_INT32: s = PyLong_FromLong(*(const int32_t *)p); break;
    default: s = PyLong_FromUnsignedLong(*(const uint32_t *)p); break;
    }
    Py_DECREF(a);
    return s;
}

typedef struct field {
    int type, inner, inner2;
    void **data;
    int members; /* 1: status, 2: cast state */
} field;

static PyObject *make_result(PyTypeObject *type, field *fields, int count, npy_intp n, int single) {
    PyObject *res = PyStructSequence_New(type);
    if (!res) return NULL;
    for (int i = 0; i < count; ++i) {
        PyObject *a = new_array(n, single, fields[i].type, fields[i].inner, fields[i].inner2, fields[i].data);
        if (!a) {
            Py_DECREF(res);
            return NULL;
        }
        PyStructSequence_SET_ITEM(res, i, a);
    }
    return res;
}

static int finish_single(PyObject *res, field *fields, int count) {
    for (int i = 0; i < count; ++i) {
        PyObject *a = PyStructSequence_GET_ITEM(res, i);
        PyObject *members = fields[i].members == 1   ? status_members
                            : fields[i].members == 2 ? cast_state_members
                                                     : NULL;
        PyObject *s = scalar_of(a, members);
        if (!s) {
            PyStructSequence_SET_ITEM(res, i, NULL);
            return -1;
        }
        PyStructSequence_SET_ITEM(res, i, s);
    }
    return 0;
}

/* Run the job over its items on `threads` threads (0: as many as CPUs), the GIL released for batches. */
static void run_job(job *j, int threads, int single) {
    if (single) {
        run_range(0, 1, j);
        return;
    }
    if (threads == 0) threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1) threads = 1;
    Py_BEGIN_ALLOW_THREADS;
    if (threads == 1) run_range(0, (int)j->n, j);
    else gjk_parallel_for((int)j->n, threads, 0, run_range, j);
    Py_END_ALLOW_THREADS;
}

static void release_job(job *j) {
    Py_XDECREF(j->pose_a.array);
    Py_XDECREF(j->pose_b.array);
    Py_XDECREF(j->r1.array);
    Py_XDECREF(j->r2.array);
    Py_XDECREF(j->r3.array);
    Py_XDECREF(j->r4.array);
}

static int check_threads(int threads) {
    if (threads < 0 || threads > 256) {
        PyErr_Format(PyExc_ValueError, "threads must be between 0 (all CPUs) and 256, got %d", threads);
        return -1;
    }
    return 0;
}

/* The pair arguments of every pair query: shapes of one dimension and their pose rows. */
static int read_pair(job *j, PyObject *a, PyObject *pa, PyObject *b, PyObject *pb) {
    if (!(j->a = as_shape(a, "shape_a", 0))) return -1;
    if (!(j->b = as_shape(b, "shape_b", j->a->dim))) return -1;
    j->dim = j->a->dim;
    int w = j->dim == 3 ? 7 : 3;
    const char *what = j->dim == 3 ? "x, y, z, qw, qx, qy, qz" : "x, y, angle";
    if (read_rows(pa, "pose_a", w, what, &j->pose_a) < 0) return -1;
    if (read_rows(pb, "pose_b", w, what, &j->pose_b) < 0) return -1;
    return 0;
}

static PyObject *run_query(gjk_query_kind kind, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"shape_a", "pose_a", "shape_b", "pose_b", "tolerance", "threads", NULL};
    PyObject *a, *pa, *b, *pb;
    double tolerance = 0.0;
    int threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|$di", kwlist, &a, &pa, &b, &pb, &tolerance, &threads))
        return NULL;
    job j;
    memset(&j, 0, sizeof j);
    j.op = OP_QUERY, j.kind = kind;
    if (!(tolerance >= 0) || !isfinite(tolerance)) {
        PyErr_Format(PyExc_ValueError, "tolerance must be finite and >= 0, got %s", num(tolerance).s);
        return NULL;
    }
    j.options.tolerance = tolerance;
    PyObject *res = NULL;
    if (check_threads(threads) < 0 || read_pair(&j, a, pa, b, pb) < 0) goto done;
    rowset *in[2] = {&j.pose_a, &j.pose_b};
    const char *names[2] = {"pose_a", "pose_b"};
    npy_intp n;
    if (batch_size(in, names, 2, &n) < 0) goto done;
    int single = n < 0;
    j.n = single ? 1 : n;
    int d = j.dim;
    void *status, *flag, *dist, *lo, *hi, *nrm, *p_a, *p_b, *it, *eit;
    field f[] = {{NPY_INT8, 0, 0, &status, 1},  {NPY_BOOL, 0, 0, &flag, 0},   {NPY_DOUBLE, 0, 0, &dist, 0},
                 {NPY_DOUBLE, d, 0, &nrm, 0},   {NPY_DOUBLE, d, 0, &p_a, 0},  {NPY_DOUBLE, d, 0, &p_b, 0},
                 {NPY_DOUBLE, 0, 0, &lo, 0},    {NPY_DOUBLE, 0, 0, &hi, 0},   {NPY_INT32, 0, 0, &it, 0},
                 {NPY_INT32, 0, 0, &eit, 0}};
    if (!(res = make_result(&QueryResultType, f, 10, j.n, single))) goto done;
    j.status = status, j.flag1 = flag, j.scalar1 = dist, j.vec1 = nrm, j.vec2 = p_a, j.vec3 = p_b;
    j.scalar2 = lo, j.scalar3 = hi, j.iter1 = it, j.iter2 = eit;
    run_job(&j, threads, single);
    if (single && finish_single(res, f, 10) < 0) Py_CLEAR(res);
done:
    release_job(&j);
    return res;
}

#define QUERY_DOC(name, what)                                                                                       \
    name "(shape_a, pose_a, shape_b, pose_b, *, tolerance=0.0, threads=1)\n--\n\n" what                             \
         "\n\nPoses: 3D rows [x, y, z, qw, qx, qy, qz], 2D rows [x, y, angle]; one row (shape (7,) or (3,)) "        \
         "or N rows (shape (N, 7) or (N, 3)) for each shape (a single row is used for every item). One row each "    \
         "gives a QueryResult of scalars; N rows give one of arrays of length N, computed with the GIL released on " \
         "`threads` threads (0: all CPUs). tolerance: relative; 0 gives the exact answers, larger is faster on "      \
         "curved shapes, and lower/upper always bound the true signed distance."

static PyObject *py_intersect(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    return run_query(GJK_QUERY_INTERSECT, args, kwds);
}
static PyObject *py_distance(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    return run_query(GJK_QUERY_DISTANCE, args, kwds);
}
static PyObject *py_penetration(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    return run_query(GJK_QUERY_PENETRATION, args, kwds);
}
static PyObject *py_signed_distance(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    return run_query(GJK_QUERY_SIGNED_DISTANCE, args, kwds);
}

static PyObject *py_manifold(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *kwlist[] = {"shape_a", "pose_a", "shape_b", "pose_b", "speculative_distance", "threads", NULL};
    PyObject *a, *pa, *b, *pb;
    double spec = 0.0;
    int threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|$di", kwlist, &a, &pa, &b, &pb, &spec, &threads)) return NULL;
    job j;
    memset(&j, 0, sizeof j);
    j.op = OP_MANIFOLD;
    PyObject *res = NULL;
    if (!(spec >= 0) || !isfinite(spec)) {
        PyErr_Format(PyExc_ValueError, "speculative_distance must be finite and >= 0, got %s", num(spec).s);
        return NULL;
    }
    j.speculative = spec;
    if (check_threads(threads) < 0 || read_pair(&j, a, pa, b, pb) < 0) goto done;
    rowset *in[2] = {&j.pose_a, &j.pose_b};
    const char *names[2] = {"pose_a", "pose_b"};
    npy_intp n;
    if (batch_size(in, names, 2, &n) < 0) goto done;
    int single = n < 0, d = j.dim, mp = d == 3 ? GJK_MANIFOLD_MAX_POINTS3 : GJK_MANIFOLD_MAX_POINTS2;
    j.n = single ? 1 : n;
    void *status, *nrm, *count, *pts_a, *pts_b, *sep, *ids, *it;
    field f[] = {{NPY_INT8, 0, 0, &status, 1},   {NPY_DOUBLE, d, 0, &nrm, 0},   {NPY_INT32, 0, 0, &count, 0},
                 {NPY_DOUBLE, mp, d, &pts_a, 0}, {NPY_DOUBLE, mp, d, &pts_b, 0}, {NPY_DOUBLE, mp, 0, &sep, 0},
                 {NPY_UINT32, mp, 0, &ids, 0},   {NPY_INT32, 0, 0, &it, 0}};
    if (!(res = make_result(&ManifoldType, f, 8, j.n, single))) goto done;
    j.status = status, j.vec1 = nrm, j.count = count, j.mpa = pts_a, j.mpb = pts_b, j.msep = sep, j.mid = ids;
    j.iter1 = it;
    run_job(&j, threads, single);
    if (single && finish_single(res, f, 8) < 0) Py_CLEAR(res);
done:
    release_job(&j);
    return res;
}

static PyObject *py_raycast(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *kwlist[] = {"shape", "pose", "origin", "translation", "max_fraction", "threads", NULL};
    PyObject *s, *p, *o, *t;
    double max_fraction = 1.0;
    int threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|$di", kwlist, &s, &p, &o, &t, &max_fraction, &threads))
        return NULL;
    job j;
    memset(&j, 0, sizeof j);
    j.op = OP_RAYCAST;
    PyObject *res = NULL;
    if (!(max_fraction >= 0) || !isfinite(max_fraction)) {
        PyErr_Format(PyExc_ValueError, "max_fraction must be finite and >= 0, got %s", num(max_fraction).s);
        return NULL;
    }
    j.max_fraction = max_fraction;
    if (check_threads(threads) < 0 || !(j.a = as_shape(s, "shape", 0))) goto done;
    j.dim = j.a->dim;
    int d = j.dim;
    if (read_rows(p, "pose", d == 3 ? 7 : 3, d == 3 ? "x, y, z, qw, qx, qy, qz" : "x, y, angle", &j.pose_a) < 0 ||
        read_rows(o, "origin", d, "world frame", &j.r1) < 0 || read_rows(t, "translation", d, "world frame", &j.r2) < 0)
        goto done;
    rowset *in[3] = {&j.pose_a, &j.r1, &j.r2};
    const char *names[3] = {"pose", "origin", "translation"};
    npy_intp n;
    if (batch_size(in, names, 3, &n) < 0) goto done;
    int single = n < 0;
    j.n = single ? 1 : n;
    void *status, *hit, *inside, *frac, *pt, *nrm, *it;
    field f[] = {{NPY_INT8, 0, 0, &status, 1}, {NPY_BOOL, 0, 0, &hit, 0},   {NPY_BOOL, 0, 0, &inside, 0},
                 {NPY_DOUBLE, 0, 0, &frac, 0}, {NPY_DOUBLE, d, 0, &pt, 0},  {NPY_DOUBLE, d, 0, &nrm, 0},
                 {NPY_INT32, 0, 0, &it, 0}};
    if (!(res = make_result(&RayResultType, f, 7, j.n, single))) goto done;
    j.status = status, j.flag1 = hit, j.flag2 = inside, j.scalar1 = frac, j.vec4 = pt, j.vec1 = nrm, j.iter1 = it;
    run_job(&j, threads, single);
    if (single && finish_single(res, f, 7) < 0) Py_CLEAR(res);
done:
    release_job(&j);
    return res;
}

static PyObject *py_shape_cast(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *kwlist[] = {"shape_a", "pose_a", "shape_b", "pose_b", "translation_a", "rotation_a",
                             "translation_b", "rotation_b", "target_distance", "tolerance", "ignore_separating",
                             "threads", NULL};
    PyObject *a, *pa, *b, *pb, *ta = Py_None, *ra = Py_None, *tb = Py_None, *rb = Py_None;
    double target = 0.0, tolerance = 0.0;
    int ignore = 0, threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|$OOOOddpi", kwlist, &a, &pa, &b, &pb, &ta, &ra, &tb, &rb,
                                     &target, &tolerance, &ignore, &threads))
        return NULL;
    job j;
    memset(&j, 0, sizeof j);
    j.op = OP_CAST;
    PyObject *res = NULL;
    if (!(target >= 0) || !isfinite(target) || !isfinite(tolerance)) {
        PyErr_Format(PyExc_ValueError, "target_distance must be finite and >= 0 and tolerance finite, got %s and %s",
                     num(target).s, num(tolerance).s);
        return NULL;
    }
    j.target_distance = target, j.tolerance = tolerance, j.ignore_separating = ignore != 0;
    if (check_threads(threads) < 0 || read_pair(&j, a, pa, b, pb) < 0) goto done;
    int d = j.dim, rw = d == 3 ? 3 : 0;
    const char *rwhat = d == 3 ? "axis times angle, world frame" : "angle, radians";
    if ((ta != Py_None && read_rows(ta, "translation_a", d, "world frame", &j.r1) < 0) ||
        (ra != Py_None && read_rows(ra, "rotation_a", rw, rwhat, &j.r2) < 0) ||
        (tb != Py_None && read_rows(tb, "translation_b", d, "world frame", &j.r3) < 0) ||
        (rb != Py_None && read_rows(rb, "rotation_b", rw, rwhat, &j.r4) < 0))
        goto done;
    rowset *in[6] = {&j.pose_a, &j.pose_b, &j.r1, &j.r2, &j.r3, &j.r4};
    const char *names[6] = {"pose_a", "pose_b", "translation_a", "rotation_a", "translation_b", "rotation_b"};
    for (int i = 2; i < 6; ++i)
        if (!in[i]->array) in[i] = NULL;
    npy_intp n;
    if (batch_size(in, names, 6, &n) < 0) goto done;
    int single = n < 0;
    j.n = single ? 1 : n;
    void *status, *state, *hit, *t, *nrm, *p_a, *p_b, *pt, *it;
    field f[] = {{NPY_INT8, 0, 0, &status, 1}, {NPY_INT8, 0, 0, &state, 2}, {NPY_BOOL, 0, 0, &hit, 0},
                 {NPY_DOUBLE, 0, 0, &t, 0},    {NPY_DOUBLE, d, 0, &nrm, 0},  {NPY_DOUBLE, d, 0, &p_a, 0},
                 {NPY_DOUBLE, d, 0, &p_b, 0},  {NPY_DOUBLE, d, 0, &pt, 0},   {NPY_INT32, 0, 0, &it, 0}};
    if (!(res = make_result(&CastResultType, f, 9, j.n, single))) goto done;
    j.status = status, j.state = state, j.flag1 = hit, j.scalar1 = t, j.vec1 = nrm, j.vec2 = p_a, j.vec3 = p_b;
    j.vec4 = pt, j.iter1 = it;
    run_job(&j, threads, single);
    if (single && finish_single(res, f, 9) < 0) Py_CLEAR(res);
done:
    release_job(&j);
    return res;
}

/* ---- compound shapes ------------------------------------------------------------------------------------------ */

#include "_compound.c"

/* ---- the world of bodies ------------------------------------------------------------------------------------- */

#include "_world.c"

/* The package registers its enums so that single answers carry enum members. */
static PyObject *py_register(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *status, *state;
    if (!PyArg_ParseTuple(args, "OO", &status, &state)) return NULL;
    PyObject *s = PySequence_Tuple(status), *c = PySequence_Tuple(state);
    if (!s || !c) {
        Py_XDECREF(s);
        Py_XDECREF(c);
        return NULL;
    }
    Py_XSETREF(status_members, s);
    Py_XSETREF(cast_state_members, c);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"intersect", (PyCFunction)(void (*)(void))py_intersect, METH_VARARGS | METH_KEYWORDS,
     QUERY_DOC("intersect", "Whether the shapes touch or overlap (result.intersect).")},
    {"distance", (PyCFunction)(void (*)(void))py_distance, METH_VARARGS | METH_KEYWORDS,
     QUERY_DOC("distance", "The distance between the shapes and their closest points (0 when they overlap).")},
    {"penetration", (PyCFunction)(void (*)(void))py_penetration, METH_VARARGS | METH_KEYWORDS,
     QUERY_DOC("penetration", "The penetration depth (EPA) of overlapping shapes, as minus the distance.")},
    {"signed_distance", (PyCFunction)(void (*)(void))py_signed_distance, METH_VARARGS | METH_KEYWORDS,
     QUERY_DOC("signed_distance", "The signed distance: the gap when apart, minus the depth when overlapping.")},
    {"manifold", (PyCFunction)(void (*)(void))py_manifold, METH_VARARGS | METH_KEYWORDS,
     "manifold(shape_a, pose_a, shape_b, pose_b, *, speculative_distance=0.0, threads=1)\n--\n\n"
     "The contact manifold: a normal and up to 4 contact points (2 in 2D) with feature ids; points up to "
     "speculative_distance apart are reported. Poses as for signed_distance()."},
    {"raycast", (PyCFunction)(void (*)(void))py_raycast, METH_VARARGS | METH_KEYWORDS,
     "raycast(shape, pose, origin, translation, *, max_fraction=1.0, threads=1)\n--\n\n"
     "Where the ray origin + t * translation, 0 <= t <= max_fraction, first meets the shape. Each of pose, origin "
     "and translation is one row or N rows."},
    {"shape_cast", (PyCFunction)(void (*)(void))py_shape_cast, METH_VARARGS | METH_KEYWORDS,
     "shape_cast(shape_a, pose_a, shape_b, pose_b, *, translation_a=None, rotation_a=None, translation_b=None, "
     "rotation_b=None, target_distance=0.0, tolerance=0.0, ignore_separating=False, threads=1)\n--\n\n"
     "Time of first contact as A and B move over a step: translations (world frame) and rotations (3D: axis times "
     "angle; 2D: an angle) over the step, None for none; each one row or N rows."},
    {"compound_query", (PyCFunction)(void (*)(void))py_compound_query, METH_VARARGS | METH_KEYWORDS,
     "compound_query(kind, a, pose_a, b, pose_b, *, tolerance=0.0)\n--\n\n"
     "Query `kind` ('intersect', 'distance', 'penetration' or 'signed_distance') between a and b, each a Compound or "
     "a convex shape (taken as a compound of one part): the deciding part pair's answer with its parts. One pose row "
     "per side."},
    {"compound_collide", (PyCFunction)(void (*)(void))py_compound_collide, METH_VARARGS | METH_KEYWORDS,
     "compound_collide(a, pose_a, b, pose_b, *, speculative_distance=0.0)\n--\n\n"
     "The manifold of every part pair with a point within speculative_distance, sorted by (part_a, part_b); a and "
     "b each a Compound or a convex shape."},
    {"compound_raycast", (PyCFunction)(void (*)(void))py_compound_raycast, METH_VARARGS | METH_KEYWORDS,
     "compound_raycast(compound, pose, origin, translation, *, max_fraction=1.0)\n--\n\n"
     "Where the ray origin + t * translation, 0 <= t <= max_fraction, first meets a part of the compound."},
    {"compound_merge", (PyCFunction)(void (*)(void))py_compound_merge, METH_VARARGS | METH_KEYWORDS,
     "compound_merge(contacts)\n--\n\n"
     "The part pairs' manifolds of compound_collide() merged into one manifold per contact direction (normals within "
     "5 degrees), each reduced to 4 points (2 in 2D) that name their parts; the deepest first."},
    {"compound_cast", (PyCFunction)(void (*)(void))py_compound_cast, METH_VARARGS | METH_KEYWORDS,
     "compound_cast(a, pose_a, b, pose_b, *, translation_a=None, rotation_a=None, translation_b=None, "
     "rotation_b=None, target_distance=0.0, tolerance=0.0, ignore_separating=False)\n--\n\n"
     "Time of first contact of two compounds (or a compound and a convex shape) moving over a step, each turning "
     "about its own origin; the deciding part pair named. Motions as for shape_cast(), one row each."},
    {"_register", py_register, METH_VARARGS, "internal: the package's Status and CastState members"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "gjk._gjk", "The C core of the gjk package.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__gjk(void) {
    import_array();
    if (PyType_Ready(&ShapeType) < 0 || PyType_Ready(&WorldType) < 0 || PyType_Ready(&CompoundType) < 0)
        return NULL;
    if (PyStructSequence_InitType2(&QueryResultType, &query_desc) < 0 ||
        PyStructSequence_InitType2(&ManifoldType, &manifold_desc) < 0 ||
        PyStructSequence_InitType2(&RayResultType, &ray_desc) < 0 ||
        PyStructSequence_InitType2(&CastResultType, &cast_desc) < 0 ||
        PyStructSequence_InitType2(&WorldContactsType, &pyworld_contacts_desc) < 0 ||
        PyStructSequence_InitType2(&WorldRayHitType, &pyworld_hit_desc) < 0 ||
        PyStructSequence_InitType2(&CompoundResultType, &pycompound_result_desc) < 0 ||
        PyStructSequence_InitType2(&CompoundContactsType, &pycompound_contacts_desc) < 0 ||
        PyStructSequence_InitType2(&CompoundRayResultType, &pycompound_ray_desc) < 0 ||
        PyStructSequence_InitType2(&MergedManifoldsType, &pycompound_merged_desc) < 0 ||
        PyStructSequence_InitType2(&CompoundCastResultType, &pycompound_cast_desc) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&ShapeType);
    Py_INCREF(&QueryResultType);
    Py_INCREF(&ManifoldType);
    Py_INCREF(&RayResultType);
    Py_INCREF(&CastResultType);
    Py_INCREF(&WorldType);
    Py_INCREF(&WorldContactsType);
    Py_INCREF(&WorldRayHitType);
    Py_INCREF(&CompoundType);
    Py_INCREF(&CompoundResultType);
    Py_INCREF(&CompoundContactsType);
    Py_INCREF(&CompoundRayResultType);
    Py_INCREF(&MergedManifoldsType);
    Py_INCREF(&CompoundCastResultType);
    if (PyModule_AddObject(m, "Shape", (PyObject *)&ShapeType) < 0 ||
        PyModule_AddObject(m, "QueryResult", (PyObject *)&QueryResultType) < 0 ||
        PyModule_AddObject(m, "Manifold", (PyObject *)&ManifoldType) < 0 ||
        PyModule_AddObject(m, "RayResult", (PyObject *)&RayResultType) < 0 ||
        PyModule_AddObject(m, "CastResult", (PyObject *)&CastResultType) < 0 ||
        PyModule_AddObject(m, "World", (PyObject *)&WorldType) < 0 ||
        PyModule_AddObject(m, "WorldContacts", (PyObject *)&WorldContactsType) < 0 ||
        PyModule_AddObject(m, "WorldRayHit", (PyObject *)&WorldRayHitType) < 0 ||
        PyModule_AddObject(m, "Compound", (PyObject *)&CompoundType) < 0 ||
        PyModule_AddObject(m, "CompoundResult", (PyObject *)&CompoundResultType) < 0 ||
        PyModule_AddObject(m, "CompoundContacts", (PyObject *)&CompoundContactsType) < 0 ||
        PyModule_AddObject(m, "CompoundRayResult", (PyObject *)&CompoundRayResultType) < 0 ||
        PyModule_AddObject(m, "MergedManifolds", (PyObject *)&MergedManifoldsType) < 0 ||
        PyModule_AddObject(m, "CompoundCastResult", (PyObject *)&CompoundCastResultType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
