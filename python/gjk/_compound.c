// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk.Compound and the compound queries (gjk/compound.h). Part of the _gjk extension: _gjk.c includes this file
   after its shape type, row readers and result writers, which it uses, and before _world.c, whose add_compound
   takes a Compound.

   The library copies the part shapes into the compound, but a hull part borrows its hull from the shape object
   that owns it, so a Compound keeps a reference to each of its part shapes. The compound calls take one pose per
   side (no batches). A convex shape on either side of a pair query is taken as a compound of one part at the
   identity, made for the call. */

typedef struct {
    PyObject_HEAD int dim; /* 2 or 3; 0 until initialised */
    gjk_compound3 *c3;
    gjk_compound2 *c2;
    PyObject *parts; /* tuple of the part shapes, which the compound's hull parts borrow from */
    PyObject *weakrefs;
} CompoundObject;

static PyTypeObject CompoundType, CompoundResultType, CompoundContactsType, CompoundRayResultType,
    MergedManifoldsType, CompoundCastResultType;

/* A part shape may refer back to its compound (a user attribute), so the compound takes part in garbage
   collection. The C compound stays until deallocation: a world may still borrow it. */
static int pycompound_clear(CompoundObject *self) {
    Py_CLEAR(self->parts);
    return 0;
}

static int pycompound_traverse(CompoundObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->parts);
    return 0;
}

static void pycompound_dealloc(CompoundObject *self) {
    PyObject_GC_UnTrack(self);
    if (self->weakrefs) PyObject_ClearWeakRefs((PyObject *)self);
    gjk_compound3_destroy(self->c3);
    gjk_compound2_destroy(self->c2);
    Py_CLEAR(self->parts);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* One pose row of dimension dim (an (N, w) array is refused). */
static int pycompound_pose_arg(PyObject *obj, const char *name, int dim, gjk_pose3 *p3, gjk_pose2 *p2) {
    rowset r;
    int w = dim == 3 ? 7 : 3;
    if (read_rows(obj, name, w, dim == 3 ? "x, y, z, qw, qx, qy, qz" : "x, y, angle", &r) < 0) return -1;
    if (r.n >= 0) {
        PyErr_Format(PyExc_ValueError, "%s must be one row of shape (%d,)", name, w);
        Py_DECREF(r.array);
        return -1;
    }
    if (dim == 3) memcpy(p3, r.data, sizeof *p3);
    else *p2 = pose2_row(r.data);
    Py_DECREF(r.array);
    return 0;
}

static int pycompound_fail(gjk_status st, const char *what) {
    PyErr_Format(st == GJK_OUT_OF_MEMORY ? PyExc_MemoryError : PyExc_ValueError, "%s: %s", what,
                 gjk_status_string(st));
    return -1;
}

/* Compound(parts, poses=None): parts a sequence of shapes of one dimension, poses None or N rows. */
static int pycompound_init(CompoundObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"parts", "poses", NULL};
    PyObject *parts_arg, *poses_arg = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O", kwlist, &parts_arg, &poses_arg)) return -1;
    /* a world borrows the C compound, so it never changes once made */
    if (self->dim) {
        PyErr_SetString(PyExc_RuntimeError, "a compound is initialised once");
        return -1;
    }
    PyObject *parts = PySequence_Tuple(parts_arg);
    if (!parts) return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(parts);
    if (n < 1 || n > GJK_COMPOUND_MAX_PARTS) {
        PyErr_Format(PyExc_ValueError, "Compound: parts must hold 1 to %d shapes, got %zd", GJK_COMPOUND_MAX_PARTS, n);
        Py_DECREF(parts);
        return -1;
    }
    int dim = 0;
    for (Py_ssize_t i = 0; i < n; ++i) {
        char name[32];
        snprintf(name, sizeof name, "parts[%zd]", i);
        ShapeObject *s = as_shape(PyTuple_GET_ITEM(parts, i), name, dim);
        if (!s) {
            Py_DECREF(parts);
            return -1;
        }
        dim = s->dim;
    }
    rowset r;
    memset(&r, 0, sizeof r);
    if (poses_arg != Py_None) {
        if (read_rows(poses_arg, "poses", dim == 3 ? 7 : 3, dim == 3 ? "x, y, z, qw, qx, qy, qz" : "x, y, angle",
                      &r) < 0) {
            Py_DECREF(parts);
            return -1;
        }
        if (r.n != n) {
            PyErr_Format(PyExc_ValueError, "poses must have shape (%zd, %d), one row per part", n, dim == 3 ? 7 : 3);
            Py_DECREF(r.array);
            Py_DECREF(parts);
            return -1;
        }
    }
    gjk_status st = GJK_OK;
    if (dim == 3) {
        gjk_shape3 *shapes = (gjk_shape3 *)PyMem_Malloc(sizeof(gjk_shape3) * (size_t)n);
        if (shapes) {
            for (Py_ssize_t i = 0; i < n; ++i) shapes[i] = ((ShapeObject *)PyTuple_GET_ITEM(parts, i))->s3;
            self->c3 = gjk_compound3_create(shapes, r.array ? (const gjk_pose3 *)r.data : NULL, (int)n, &st);
            PyMem_Free(shapes);
        }
    } else {
        gjk_shape2 *shapes = (gjk_shape2 *)PyMem_Malloc(sizeof(gjk_shape2) * (size_t)n);
        gjk_pose2 *poses = r.array ? (gjk_pose2 *)PyMem_Malloc(sizeof(gjk_pose2) * (size_t)n) : NULL;
        if (shapes && (poses || !r.array)) {
            for (Py_ssize_t i = 0; i < n; ++i) {
                shapes[i] = ((ShapeObject *)PyTuple_GET_ITEM(parts, i))->s2;
                if (poses) poses[i] = pose2_row(r.data + 3 * i);
            }
            self->c2 = gjk_compound2_create(shapes, poses, (int)n, &st);
        }
        PyMem_Free(shapes);
        PyMem_Free(poses);
    }
    Py_XDECREF(r.array);
    if (!self->c3 && !self->c2) {
        Py_DECREF(parts);
        if (!PyErr_Occurred() && st == GJK_OK) {
            PyErr_NoMemory();
            return -1;
        }
        /* the shapes were validated when they were made, so a refusal is about a pose */
        return pycompound_fail(st, "Compound (a pose's rotation is not usable, or a position beyond 1e150)");
    }
    self->parts = parts;
    self->dim = dim;
    return 0;
}

static CompoundObject *as_compound(PyObject *o, const char *name, int dim) {
    if (!PyObject_TypeCheck(o, &CompoundType)) {
        PyErr_Format(PyExc_TypeError, "%s must be a gjk.Compound, not %.100s", name, Py_TYPE(o)->tp_name);
        return NULL;
    }
    CompoundObject *c = (CompoundObject *)o;
    if (!c->dim) {
        PyErr_Format(PyExc_ValueError, "%s was not initialised", name);
        return NULL;
    }
    if (dim && c->dim != dim) {
        PyErr_Format(PyExc_ValueError, "%s is a %dD compound, the other side %dD", name, c->dim, dim);
        return NULL;
    }
    return c;
}

static PyObject *pycompound_get_dim(CompoundObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->dim);
}

static PyObject *pycompound_get_parts(CompoundObject *self, void *closure) {
    (void)closure;
    if (!self->parts) return PyTuple_New(0);
    Py_INCREF(self->parts);
    return self->parts;
}

static Py_ssize_t pycompound_len(CompoundObject *self) {
    if (!self->dim) {
        PyErr_SetString(PyExc_ValueError, "the compound was not initialised");
        return -1;
    }
    return self->dim == 3 ? gjk_compound3_part_count(self->c3) : gjk_compound2_part_count(self->c2);
}

/* aabb(pose) -> (lower, upper): a world box holding the compound at pose. */
static PyObject *pycompound_aabb(CompoundObject *self, PyObject *arg) {
    if (!as_compound((PyObject *)self, "compound", 0)) return NULL;
    gjk_pose3 p3;
    gjk_pose2 p2;
    if (pycompound_pose_arg(arg, "pose", self->dim, &p3, &p2) < 0) return NULL;
    npy_intp d = self->dim;
    PyObject *lo = PyArray_SimpleNew(1, &d, NPY_DOUBLE), *hi = PyArray_SimpleNew(1, &d, NPY_DOUBLE);
    if (!lo || !hi) {
        Py_XDECREF(lo);
        Py_XDECREF(hi);
        return NULL;
    }
    double *l = (double *)PyArray_DATA((PyArrayObject *)lo), *h = (double *)PyArray_DATA((PyArrayObject *)hi);
    if (self->dim == 3) {
        gjk_aabb3 b = gjk_compound3_aabb(self->c3, p3);
        memcpy(l, &b.lower, 3 * sizeof(double)), memcpy(h, &b.upper, 3 * sizeof(double));
    } else {
        gjk_aabb2 b = gjk_compound2_aabb(self->c2, p2);
        memcpy(l, &b.lower, 2 * sizeof(double)), memcpy(h, &b.upper, 2 * sizeof(double));
    }
    return Py_BuildValue("(NN)", lo, hi);
}

/* ---- pair queries ------------------------------------------------------------------------------------------------ */

/* One side of a compound pair: a Compound, or a convex shape wrapped as a compound of one part for the call (the
   wrapper borrows the shape's hull, which the caller's argument keeps alive). */
typedef struct pycompound_side {
    const gjk_compound3 *c3;
    const gjk_compound2 *c2;
    gjk_compound3 *own3;
    gjk_compound2 *own2;
    int dim;
} pycompound_side;

static int pycompound_side_arg(PyObject *o, const char *name, int dim, pycompound_side *side) {
    memset(side, 0, sizeof *side);
    if (PyObject_TypeCheck(o, &CompoundType)) {
        CompoundObject *c = as_compound(o, name, dim);
        if (!c) return -1;
        side->c3 = c->c3, side->c2 = c->c2, side->dim = c->dim;
        return 0;
    }
    if (!PyObject_TypeCheck(o, &ShapeType)) {
        PyErr_Format(PyExc_TypeError, "%s must be a gjk.Compound or a gjk shape, not %.100s", name,
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    ShapeObject *s = as_shape(o, name, dim);
    if (!s) return -1;
    gjk_status st = GJK_OK;
    side->dim = s->dim;
    if (s->dim == 3) side->c3 = side->own3 = gjk_compound3_create(&s->s3, NULL, 1, &st);
    else side->c2 = side->own2 = gjk_compound2_create(&s->s2, NULL, 1, &st);
    if (!side->c3 && !side->c2) return pycompound_fail(st, name);
    return 0;
}

static void pycompound_side_release(pycompound_side *side) {
    gjk_compound3_destroy(side->own3);
    gjk_compound2_destroy(side->own2);
    side->own3 = NULL, side->own2 = NULL;
}

/* Both sides of a pair and their poses; on failure nothing is left to release. */
static int pycompound_pair_args(PyObject *a, PyObject *pa, PyObject *b, PyObject *pb, pycompound_side *sa,
                                pycompound_side *sb, gjk_compound_pair3 *p3, gjk_compound_pair2 *p2) {
    memset(sb, 0, sizeof *sb);
    if (pycompound_side_arg(a, "a", 0, sa) < 0) return -1;
    if (pycompound_side_arg(b, "b", sa->dim, sb) < 0 ||
        pycompound_pose_arg(pa, "pose_a", sa->dim, &p3->pose_a, &p2->pose_a) < 0 ||
        pycompound_pose_arg(pb, "pose_b", sa->dim, &p3->pose_b, &p2->pose_b) < 0) {
        pycompound_side_release(sa);
        pycompound_side_release(sb);
        return -1;
    }
    p3->a = sa->c3, p3->b = sb->c3, p2->a = sa->c2, p2->b = sb->c2;
    return 0;
}

static int pycompound_kind_arg(PyObject *o, gjk_query_kind *kind) {
    static const char *const names[] = {"intersect", "distance", "penetration", "signed_distance"};
    if (PyUnicode_Check(o)) {
        for (int i = 0; i < 4; ++i)
            if (PyUnicode_CompareWithASCIIString(o, names[i]) == 0) {
                *kind = (gjk_query_kind)i;
                return 0;
            }
    }
    PyErr_Format(PyExc_ValueError,
                 "kind must be 'intersect', 'distance', 'penetration' or 'signed_distance', got %R", o);
    return -1;
}

static PyStructSequence_Field pycompound_result_fields[] = {
    {"status", "gjk.Status: the worst over the part pairs queried"},
    {"intersect", "the compounds touch or overlap"},
    {"distance", "the deciding part pair's distance (signed distance: the least over part pairs)"},
    {"normal", "unit normal from A to B (world frame)"},
    {"point_a", "closest or deepest point on A's part part_a (world frame)"},
    {"point_b", "closest or deepest point on B's part part_b (world frame)"},
    {"lower", "certified lower bound of the compounds' signed distance"},
    {"upper", "certified upper bound of the compounds' signed distance"},
    {"iterations", "GJK iterations of the deciding part pair"},
    {"epa_iterations", "EPA iterations of the deciding part pair"},
    {"part_a", "A's part of the deciding pair (-1: none)"},
    {"part_b", "B's part of the deciding pair (-1: none)"},
    {"pairs_tested", "part pairs queried (the others ruled out by their boxes)"},
    {NULL, NULL}};
static PyStructSequence_Desc pycompound_result_desc = {
    "gjk.CompoundResult", "The answer of a query between compounds: QueryResult's fields and the deciding parts.",
    pycompound_result_fields, 13};

static PyObject *py_compound_query(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *kwlist[] = {"kind", "a", "pose_a", "b", "pose_b", "tolerance", NULL};
    PyObject *k, *a, *pa, *b, *pb;
    double tolerance = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOO|$d", kwlist, &k, &a, &pa, &b, &pb, &tolerance)) return NULL;
    gjk_query_kind kind;
    if (pycompound_kind_arg(k, &kind) < 0) return NULL;
    if (!(tolerance >= 0) || !isfinite(tolerance)) {
        PyErr_Format(PyExc_ValueError, "tolerance must be finite and >= 0, got %s", num(tolerance).s);
        return NULL;
    }
    gjk_options options;
    memset(&options, 0, sizeof options);
    options.tolerance = tolerance;
    pycompound_side sa, sb;
    gjk_compound_pair3 p3;
    gjk_compound_pair2 p2;
    if (pycompound_pair_args(a, pa, b, pb, &sa, &sb, &p3, &p2) < 0) return NULL;
    int d = sa.dim;
    void *status, *flag, *dist, *lo, *hi, *nrm, *p_a, *p_b, *it, *eit, *part_a, *part_b, *tested;
    field f[] = {{NPY_INT8, 0, 0, &status, 1},  {NPY_BOOL, 0, 0, &flag, 0},    {NPY_DOUBLE, 0, 0, &dist, 0},
                 {NPY_DOUBLE, d, 0, &nrm, 0},   {NPY_DOUBLE, d, 0, &p_a, 0},   {NPY_DOUBLE, d, 0, &p_b, 0},
                 {NPY_DOUBLE, 0, 0, &lo, 0},    {NPY_DOUBLE, 0, 0, &hi, 0},    {NPY_INT32, 0, 0, &it, 0},
                 {NPY_INT32, 0, 0, &eit, 0},    {NPY_INT32, 0, 0, &part_a, 0}, {NPY_INT32, 0, 0, &part_b, 0},
                 {NPY_INT32, 0, 0, &tested, 0}};
    PyObject *res = make_result(&CompoundResultType, f, 13, 1, 1);
    if (res) {
        job j; /* the query writers over one item */
        memset(&j, 0, sizeof j);
        j.status = (int8_t *)status, j.flag1 = (int8_t *)flag, j.scalar1 = (double *)dist, j.vec1 = (double *)nrm;
        j.vec2 = (double *)p_a, j.vec3 = (double *)p_b, j.scalar2 = (double *)lo, j.scalar3 = (double *)hi;
        j.iter1 = (int32_t *)it, j.iter2 = (int32_t *)eit;
        int pa_out, pb_out, n_out;
        gjk_status st;
        if (d == 3) {
            gjk_compound_result3 r = gjk_compound_query3(kind, &p3, &options);
            store_result3(&j, 0, &r.result);
            pa_out = r.part_a, pb_out = r.part_b, n_out = r.pairs_tested, st = r.result.status;
        } else {
            gjk_compound_result2 r = gjk_compound_query2(kind, &p2, &options);
            store_result2(&j, 0, &r.result);
            pa_out = r.part_a, pb_out = r.part_b, n_out = r.pairs_tested, st = r.result.status;
        }
        *(int32_t *)part_a = pa_out, *(int32_t *)part_b = pb_out, *(int32_t *)tested = n_out;
        if (st == GJK_INVALID_INPUT) {
            /* the sides were checked here, so the library refused a pose */
            PyErr_SetString(PyExc_ValueError, "a pose is refused (an unusable rotation or a position beyond 1e150)");
            Py_CLEAR(res);
        } else if (finish_single(res, f, 13) < 0) {
            Py_CLEAR(res);
        }
    }
    pycompound_side_release(&sa);
    pycompound_side_release(&sb);
    return res;
}

static PyStructSequence_Field pycompound_contact_fields[] = {
    {"part_a", "A's part of each part pair's manifold"},
    {"part_b", "B's part"},
    {"status", "gjk.Status of each manifold (int8)"},
    {"normal", "unit normal from A to B (world frame)"},
    {"count", "contact points in use (3D: up to 4, 2D: up to 2)"},
    {"points_a", "contact points on A's part (world frame), count of them in use, the rest zero"},
    {"points_b", "contact points on B's part (world frame)"},
    {"separations", "(point_b - point_a) . normal per point: < 0 overlapping"},
    {"ids", "feature ids of the points (the parts' own)"},
    {"iterations", "GJK plus EPA iterations"},
    {NULL, NULL}};
static PyStructSequence_Desc pycompound_contacts_desc = {
    "gjk.CompoundContacts",
    "The manifolds of the part pairs of two compounds: arrays with a leading K, sorted by (part_a, part_b).",
    pycompound_contact_fields, 10};

static PyObject *py_compound_collide(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *kwlist[] = {"a", "pose_a", "b", "pose_b", "speculative_distance", NULL};
    PyObject *a, *pa, *b, *pb;
    double spec = 0.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|$d", kwlist, &a, &pa, &b, &pb, &spec)) return NULL;
    if (!(spec >= 0) || !isfinite(spec)) {
        PyErr_Format(PyExc_ValueError, "speculative_distance must be finite and >= 0, got %s", num(spec).s);
        return NULL;
    }
    pycompound_side sa, sb;
    gjk_compound_pair3 p3;
    gjk_compound_pair2 p2;
    if (pycompound_pair_args(a, pa, b, pb, &sa, &sb, &p3, &p2) < 0) return NULL;
    int d = sa.dim, k = 0;
    gjk_status st = GJK_OK;
    gjk_compound_contact3 *c3 = NULL;
    gjk_compound_contact2 *c2 = NULL;
    PyObject *res = NULL;
    /* the count first, then the contacts into room for all of them */
    k = d == 3 ? gjk_compound_collide3(&p3, spec, NULL, 0, &st) : gjk_compound_collide2(&p2, spec, NULL, 0, &st);
    if (st == GJK_INVALID_INPUT) {
        PyErr_SetString(PyExc_ValueError,
                        "refused: a pose (an unusable rotation or a position beyond 1e150) or speculative_distance");
        goto done;
    }
    if (k > 0) {
        if (d == 3) c3 = (gjk_compound_contact3 *)PyMem_Malloc(sizeof *c3 * (size_t)k);
        else c2 = (gjk_compound_contact2 *)PyMem_Malloc(sizeof *c2 * (size_t)k);
        if (!c3 && !c2) {
            PyErr_NoMemory();
            goto done;
        }
        int k2 = d == 3 ? gjk_compound_collide3(&p3, spec, c3, k, &st) : gjk_compound_collide2(&p2, spec, c2, k, &st);
        if (k2 < k) k = k2;
    }
    int mp = d == 3 ? GJK_MANIFOLD_MAX_POINTS3 : GJK_MANIFOLD_MAX_POINTS2;
    void *part_a, *part_b, *status, *nrm, *count, *pts_a, *pts_b, *sep, *ids, *it;
    field f[] = {{NPY_INT32, 0, 0, &part_a, 0},  {NPY_INT32, 0, 0, &part_b, 0},  {NPY_INT8, 0, 0, &status, 0},
                 {NPY_DOUBLE, d, 0, &nrm, 0},    {NPY_INT32, 0, 0, &count, 0},   {NPY_DOUBLE, mp, d, &pts_a, 0},
                 {NPY_DOUBLE, mp, d, &pts_b, 0}, {NPY_DOUBLE, mp, 0, &sep, 0},   {NPY_UINT32, mp, 0, &ids, 0},
                 {NPY_INT32, 0, 0, &it, 0}};
    if (!(res = make_result(&CompoundContactsType, f, 10, k, 0))) goto done;
    job j; /* the manifold writers of the queries, over the part pairs' manifolds */
    memset(&j, 0, sizeof j);
    j.status = (int8_t *)status, j.vec1 = (double *)nrm, j.count = (int32_t *)count, j.mpa = (double *)pts_a;
    j.mpb = (double *)pts_b, j.msep = (double *)sep, j.mid = (uint32_t *)ids, j.iter1 = (int32_t *)it;
    for (int i = 0; i < k; ++i) {
        if (d == 3) {
            ((int32_t *)part_a)[i] = c3[i].part_a, ((int32_t *)part_b)[i] = c3[i].part_b;
            store_manifold3(&j, i, &c3[i].manifold);
        } else {
            ((int32_t *)part_a)[i] = c2[i].part_a, ((int32_t *)part_b)[i] = c2[i].part_b;
            store_manifold2(&j, i, &c2[i].manifold);
        }
    }
done:
    PyMem_Free(c3);
    PyMem_Free(c2);
    pycompound_side_release(&sa);
    pycompound_side_release(&sb);
    return res;
}

/* ---- merged manifolds ------------------------------------------------------------------------------------------ */

static PyStructSequence_Field pycompound_merged_fields[] = {
    {"status", "gjk.Status of each merged manifold: the worst of those merged (int8)"},
    {"normal", "unit normal from A to B (world frame): the deepest merged manifold's"},
    {"count", "points in use (3D: up to 4, 2D: up to 2)"},
    {"points_a", "points on A's parts (world frame), count of them in use, the rest zero"},
    {"points_b", "points on B's parts (world frame)"},
    {"separations", "each point's separation along its own part pair's normal: < 0 overlapping"},
    {"ids", "each point's feature id in its part pair"},
    {"part_a", "A's part each point lies on"},
    {"part_b", "B's part each point lies on"},
    {"reference", "index into the input of the deepest merged manifold"},
    {"merged", "how many part pairs' manifolds were merged into each"},
    {NULL, NULL}};
static PyStructSequence_Desc pycompound_merged_desc = {
    "gjk.MergedManifolds",
    "The part pairs' manifolds merged into one per contact direction: arrays with a leading G, deepest first.",
    pycompound_merged_fields, 11};

/* One field of the contacts to merge as a C-contiguous array of `type` and the given shape (-1: any length). */
static PyArrayObject *pycompound_merge_field(PyObject *contacts, const char *name, int type, int nd,
                                             const npy_intp *dims) {
    PyObject *o = PyObject_GetAttrString(contacts, name);
    if (!o) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "contacts must have the fields of gjk.CompoundContacts (no '%s')", name);
        return NULL;
    }
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(o, type, nd, nd, NPY_ARRAY_CARRAY_RO);
    Py_DECREF(o);
    int ok = a != NULL;
    for (int i = 0; ok && i < nd; ++i) ok = dims[i] < 0 || PyArray_DIM(a, i) == dims[i];
    if (!ok) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "contacts.%s does not have the shape and type of gjk.CompoundContacts' field",
                     name);
        Py_XDECREF(a);
        return NULL;
    }
    return a;
}

static PyObject *py_compound_merge(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *kwlist[] = {"contacts", NULL};
    PyObject *contacts;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O", kwlist, &contacts)) return NULL;
    enum { PA, PB, ST, NRM, CNT, PTA, PTB, SEP, IDS, NF };
    static const char *const names[NF] = {"part_a", "part_b", "status", "normal", "count", "points_a", "points_b",
                                          "separations", "ids"};
    PyArrayObject *f[NF];
    memset(f, 0, sizeof f);
    PyObject *res = NULL;
    void *c = NULL;
    npy_intp any1[1] = {-1};
    if (!(f[PA] = pycompound_merge_field(contacts, names[PA], NPY_INT32, 1, any1))) goto done;
    npy_intp k = PyArray_DIM(f[PA], 0);
    npy_intp dn[2] = {k, -1};
    if (!(f[NRM] = pycompound_merge_field(contacts, names[NRM], NPY_DOUBLE, 2, dn))) goto done;
    int d = (int)PyArray_DIM(f[NRM], 1);
    if (d != 2 && d != 3) {
        PyErr_SetString(PyExc_ValueError, "contacts.normal must have shape (K, 3) or (K, 2)");
        goto done;
    }
    int mp = d == 3 ? GJK_MANIFOLD_MAX_POINTS3 : GJK_MANIFOLD_MAX_POINTS2;
    npy_intp d1[1] = {k}, dp[3] = {k, mp, d}, ds[2] = {k, mp};
    if (!(f[PB] = pycompound_merge_field(contacts, names[PB], NPY_INT32, 1, d1)) ||
        !(f[ST] = pycompound_merge_field(contacts, names[ST], NPY_INT32, 1, d1)) ||
        !(f[CNT] = pycompound_merge_field(contacts, names[CNT], NPY_INT32, 1, d1)) ||
        !(f[PTA] = pycompound_merge_field(contacts, names[PTA], NPY_DOUBLE, 3, dp)) ||
        !(f[PTB] = pycompound_merge_field(contacts, names[PTB], NPY_DOUBLE, 3, dp)) ||
        !(f[SEP] = pycompound_merge_field(contacts, names[SEP], NPY_DOUBLE, 2, ds)) ||
        !(f[IDS] = pycompound_merge_field(contacts, names[IDS], NPY_UINT32, 2, ds)))
        goto done;
    if (k > 0x7fffffff) {
        PyErr_SetString(PyExc_ValueError, "contacts: at most 2147483647 manifolds");
        goto done;
    }
    const int32_t *pa = (const int32_t *)PyArray_DATA(f[PA]), *pb = (const int32_t *)PyArray_DATA(f[PB]);
    const int32_t *st = (const int32_t *)PyArray_DATA(f[ST]), *cnt = (const int32_t *)PyArray_DATA(f[CNT]);
    const double *nrm = (const double *)PyArray_DATA(f[NRM]), *pta = (const double *)PyArray_DATA(f[PTA]);
    const double *ptb = (const double *)PyArray_DATA(f[PTB]), *sep = (const double *)PyArray_DATA(f[SEP]);
    const uint32_t *ids = (const uint32_t *)PyArray_DATA(f[IDS]);
    /* room for the input and, as many again, for the output: there are at most as many groups as manifolds */
    size_t in_size = d == 3 ? sizeof(gjk_compound_contact3) : sizeof(gjk_compound_contact2);
    size_t out_size = d == 3 ? sizeof(gjk_compound_manifold3) : sizeof(gjk_compound_manifold2);
    c = PyMem_Calloc((size_t)k + 1, in_size + out_size);
    if (!c) {
        PyErr_NoMemory();
        goto done;
    }
    gjk_compound_contact3 *in3 = (gjk_compound_contact3 *)c;
    gjk_compound_contact2 *in2 = (gjk_compound_contact2 *)c;
    for (npy_intp i = 0; i < k; ++i) {
        if (cnt[i] < 0 || cnt[i] > mp || st[i] < 0 || st[i] > GJK_OUT_OF_MEMORY) {
            PyErr_Format(PyExc_ValueError, "contacts: manifold %zd has a count or status out of range", (Py_ssize_t)i);
            goto done;
        }
        if (d == 3) {
            gjk_manifold3 *m = &in3[i].manifold;
            in3[i].part_a = pa[i], in3[i].part_b = pb[i];
            m->status = (gjk_status)st[i], m->count = cnt[i], m->normal = v3_row(nrm + 3 * i);
            for (int q = 0; q < mp; ++q) {
                npy_intp r = i * mp + q;
                m->points[q].point_a = v3_row(pta + 3 * r), m->points[q].point_b = v3_row(ptb + 3 * r);
                m->points[q].separation = sep[r], m->points[q].id = ids[r];
            }
        } else {
            gjk_manifold2 *m = &in2[i].manifold;
            in2[i].part_a = pa[i], in2[i].part_b = pb[i];
            m->status = (gjk_status)st[i], m->count = cnt[i], m->normal = v2_row(nrm + 2 * i);
            for (int q = 0; q < mp; ++q) {
                npy_intp r = i * mp + q;
                m->points[q].point_a = v2_row(pta + 2 * r), m->points[q].point_b = v2_row(ptb + 2 * r);
                m->points[q].separation = sep[r], m->points[q].id = ids[r];
            }
        }
    }
    gjk_status status = GJK_OK;
    char *outp = (char *)c + in_size * ((size_t)k + 1);
    gjk_compound_manifold3 *out3 = (gjk_compound_manifold3 *)(void *)outp;
    gjk_compound_manifold2 *out2 = (gjk_compound_manifold2 *)(void *)outp;
    int g = d == 3 ? gjk_compound_merge3(in3, (int)k, out3, (int)k, &status)
                   : gjk_compound_merge2(in2, (int)k, out2, (int)k, &status);
    if (status != GJK_OK) {
        PyErr_SetString(PyExc_ValueError, "contacts refused: a normal not of unit length, or points or separations "
                                          "not finite or beyond 1e150");
        goto done;
    }
    void *o_st, *o_nrm, *o_cnt, *o_pa, *o_pb, *o_sep, *o_ids, *o_parta, *o_partb, *o_ref, *o_mer;
    field fo[] = {{NPY_INT8, 0, 0, &o_st, 0},       {NPY_DOUBLE, d, 0, &o_nrm, 0},   {NPY_INT32, 0, 0, &o_cnt, 0},
                  {NPY_DOUBLE, mp, d, &o_pa, 0},    {NPY_DOUBLE, mp, d, &o_pb, 0},   {NPY_DOUBLE, mp, 0, &o_sep, 0},
                  {NPY_UINT32, mp, 0, &o_ids, 0},   {NPY_INT32, mp, 0, &o_parta, 0}, {NPY_INT32, mp, 0, &o_partb, 0},
                  {NPY_INT32, 0, 0, &o_ref, 0},     {NPY_INT32, 0, 0, &o_mer, 0}};
    if (!(res = make_result(&MergedManifoldsType, fo, 11, g, 0))) goto done;
    for (int i = 0; i < g; ++i) {
        ((int32_t *)o_cnt)[i] = d == 3 ? out3[i].count : out2[i].count;
        ((int8_t *)o_st)[i] = (int8_t)(d == 3 ? out3[i].status : out2[i].status);
        ((int32_t *)o_ref)[i] = d == 3 ? out3[i].reference : out2[i].reference;
        ((int32_t *)o_mer)[i] = d == 3 ? out3[i].merged : out2[i].merged;
        put_vec((double *)o_nrm, i, d, d == 3 ? &out3[i].normal.x : &out2[i].normal.x);
        for (int q = 0; q < mp; ++q) {
            npy_intp r = (npy_intp)i * mp + q;
            if (d == 3) {
                const gjk_compound_point3 *p = &out3[i].points[q];
                put_vec((double *)o_pa, r, 3, &p->point_a.x), put_vec((double *)o_pb, r, 3, &p->point_b.x);
                ((double *)o_sep)[r] = p->separation, ((uint32_t *)o_ids)[r] = p->id;
                ((int32_t *)o_parta)[r] = p->part_a, ((int32_t *)o_partb)[r] = p->part_b;
            } else {
                const gjk_compound_point2 *p = &out2[i].points[q];
                put_vec((double *)o_pa, r, 2, &p->point_a.x), put_vec((double *)o_pb, r, 2, &p->point_b.x);
                ((double *)o_sep)[r] = p->separation, ((uint32_t *)o_ids)[r] = p->id;
                ((int32_t *)o_parta)[r] = p->part_a, ((int32_t *)o_partb)[r] = p->part_b;
            }
        }
    }
done:
    for (int i = 0; i < NF; ++i) Py_XDECREF(f[i]);
    PyMem_Free(c);
    return res;
}

/* ---- ray casts --------------------------------------------------------------------------------------------------- */

static PyStructSequence_Field pycompound_ray_fields[] = {
    {"status", "gjk.Status"},
    {"hit", "the ray meets the compound within max_fraction"},
    {"inside", "the origin is inside the part hit"},
    {"fraction", "smallest t with origin + t * translation on a part"},
    {"point", "the hit point (world frame)"},
    {"normal", "the part's outward normal there (world frame)"},
    {"iterations", "GJK ray cast iterations of the part hit (0 for closed forms)"},
    {"part", "the part hit first (-1: no hit)"},
    {NULL, NULL}};
static PyStructSequence_Desc pycompound_ray_desc = {"gjk.CompoundRayResult",
                                                    "The answer of a ray cast against a compound: RayResult's fields "
                                                    "and the part hit.",
                                                    pycompound_ray_fields, 8};

static PyObject *py_compound_raycast(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *kwlist[] = {"compound", "pose", "origin", "translation", "max_fraction", NULL};
    PyObject *c, *p, *o, *t;
    double max_fraction = 1.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|$d", kwlist, &c, &p, &o, &t, &max_fraction)) return NULL;
    if (!(max_fraction >= 0) || !isfinite(max_fraction)) {
        PyErr_Format(PyExc_ValueError, "max_fraction must be finite and >= 0, got %s", num(max_fraction).s);
        return NULL;
    }
    CompoundObject *cp = as_compound(c, "compound", 0);
    if (!cp) return NULL;
    int d = cp->dim;
    gjk_pose3 p3;
    gjk_pose2 p2;
    if (pycompound_pose_arg(p, "pose", d, &p3, &p2) < 0) return NULL;
    rowset ro, rt;
    if (read_rows(o, "origin", d, "world frame", &ro) < 0) return NULL;
    if (read_rows(t, "translation", d, "world frame", &rt) < 0) {
        Py_DECREF(ro.array);
        return NULL;
    }
    int rows = ro.n >= 0 || rt.n >= 0;
    double origin[3], translation[3];
    memcpy(origin, ro.data, sizeof(double) * (size_t)d), memcpy(translation, rt.data, sizeof(double) * (size_t)d);
    Py_DECREF(ro.array);
    Py_DECREF(rt.array);
    if (rows) {
        PyErr_Format(PyExc_ValueError, "origin and translation must be one row of shape (%d,) each", d);
        return NULL;
    }
    void *status, *hit, *inside, *frac, *pt, *nrm, *it, *part;
    field f[] = {{NPY_INT8, 0, 0, &status, 1}, {NPY_BOOL, 0, 0, &hit, 0},  {NPY_BOOL, 0, 0, &inside, 0},
                 {NPY_DOUBLE, 0, 0, &frac, 0}, {NPY_DOUBLE, d, 0, &pt, 0}, {NPY_DOUBLE, d, 0, &nrm, 0},
                 {NPY_INT32, 0, 0, &it, 0},    {NPY_INT32, 0, 0, &part, 0}};
    PyObject *res = make_result(&CompoundRayResultType, f, 8, 1, 1);
    if (!res) return NULL;
    job j;
    memset(&j, 0, sizeof j);
    j.status = (int8_t *)status, j.flag1 = (int8_t *)hit, j.flag2 = (int8_t *)inside, j.scalar1 = (double *)frac;
    j.vec4 = (double *)pt, j.vec1 = (double *)nrm, j.iter1 = (int32_t *)it;
    gjk_status st;
    if (d == 3) {
        gjk_ray3 ray = {v3_row(origin), v3_row(translation), max_fraction};
        gjk_compound_ray_result3 r = gjk_compound_raycast3(cp->c3, p3, &ray);
        store_ray3(&j, 0, &r.ray);
        *(int32_t *)part = r.part, st = r.ray.status;
    } else {
        gjk_ray2 ray = {v2_row(origin), v2_row(translation), max_fraction};
        gjk_compound_ray_result2 r = gjk_compound_raycast2(cp->c2, p2, &ray);
        store_ray2(&j, 0, &r.ray);
        *(int32_t *)part = r.part, st = r.ray.status;
    }
    if (st == GJK_INVALID_INPUT) {
        PyErr_SetString(PyExc_ValueError, "refused: the pose (an unusable rotation) or the ray (beyond 1e150)");
        Py_DECREF(res);
        return NULL;
    }
    if (finish_single(res, f, 8) < 0) Py_CLEAR(res);
    return res;
}

/* ---- shape casts ------------------------------------------------------------------------------------------------- */

static PyStructSequence_Field pycompound_cast_fields[] = {
    {"status", "gjk.Status"},
    {"state", "gjk.CastState: HIT, SEPARATED, OVERLAPPED or FAILED"},
    {"hit", "the compounds come into contact during the step"},
    {"t", "time of first contact in [0, 1] (1 when separated all the way)"},
    {"normal", "unit normal from A to B at t (world frame)"},
    {"point_a", "contact point on A's part part_a at t (world frame)"},
    {"point_b", "contact point on B's part part_b at t (world frame)"},
    {"point", "the contact point, midway"},
    {"iterations", "iterations of the deciding part pair's cast"},
    {"part_a", "A's part of the deciding pair (-1: none)"},
    {"part_b", "B's part of the deciding pair (-1: none)"},
    {"pairs_tested", "part pairs cast (the others ruled out by their swept boxes)"},
    {NULL, NULL}};
static PyStructSequence_Desc pycompound_cast_desc = {
    "gjk.CompoundCastResult", "The answer of a shape cast between compounds: CastResult's fields and the parts.",
    pycompound_cast_fields, 12};

/* An optional single row of `width` numbers (0: one number) into out (left zero for None). */
static int pycompound_motion_arg(PyObject *obj, const char *name, int width, const char *what, double *out) {
    if (obj == Py_None) return 0;
    rowset r;
    if (read_rows(obj, name, width, what, &r) < 0) return -1;
    if (r.n >= 0) {
        PyErr_Format(PyExc_ValueError, "%s must be one row (compound calls take no batches)", name);
        Py_DECREF(r.array);
        return -1;
    }
    memcpy(out, r.data, sizeof(double) * (size_t)(width ? width : 1));
    Py_DECREF(r.array);
    return 0;
}

static PyObject *py_compound_cast(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *kwlist[] = {"a", "pose_a", "b", "pose_b", "translation_a", "rotation_a", "translation_b",
                             "rotation_b", "target_distance", "tolerance", "ignore_separating", NULL};
    PyObject *a, *pa, *b, *pb, *ta = Py_None, *ra = Py_None, *tb = Py_None, *rb = Py_None;
    double target = 0.0, tolerance = 0.0;
    int ignore = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|$OOOOddp", kwlist, &a, &pa, &b, &pb, &ta, &ra, &tb, &rb,
                                     &target, &tolerance, &ignore))
        return NULL;
    if (!(target >= 0) || !isfinite(target) || !isfinite(tolerance)) {
        PyErr_Format(PyExc_ValueError, "target_distance must be finite and >= 0 and tolerance finite, got %s and %s",
                     num(target).s, num(tolerance).s);
        return NULL;
    }
    pycompound_side sa, sb;
    gjk_compound_pair3 p3;
    gjk_compound_pair2 p2;
    if (pycompound_pair_args(a, pa, b, pb, &sa, &sb, &p3, &p2) < 0) return NULL;
    int d = sa.dim;
    double m[4][3];
    memset(m, 0, sizeof m);
    const char *rwhat = d == 3 ? "axis times angle, world frame" : "angle, radians";
    PyObject *res = NULL;
    if (pycompound_motion_arg(ta, "translation_a", d, "world frame", m[0]) < 0 ||
        pycompound_motion_arg(ra, "rotation_a", d == 3 ? 3 : 0, rwhat, m[1]) < 0 ||
        pycompound_motion_arg(tb, "translation_b", d, "world frame", m[2]) < 0 ||
        pycompound_motion_arg(rb, "rotation_b", d == 3 ? 3 : 0, rwhat, m[3]) < 0)
        goto done;
    void *status, *state, *hit, *t, *nrm, *p_a, *p_b, *pt, *it, *part_a, *part_b, *tested;
    field f[] = {{NPY_INT8, 0, 0, &status, 1}, {NPY_INT8, 0, 0, &state, 2},  {NPY_BOOL, 0, 0, &hit, 0},
                 {NPY_DOUBLE, 0, 0, &t, 0},    {NPY_DOUBLE, d, 0, &nrm, 0},   {NPY_DOUBLE, d, 0, &p_a, 0},
                 {NPY_DOUBLE, d, 0, &p_b, 0},  {NPY_DOUBLE, d, 0, &pt, 0},    {NPY_INT32, 0, 0, &it, 0},
                 {NPY_INT32, 0, 0, &part_a, 0}, {NPY_INT32, 0, 0, &part_b, 0}, {NPY_INT32, 0, 0, &tested, 0}};
    if (!(res = make_result(&CompoundCastResultType, f, 12, 1, 1))) goto done;
    job j; /* the cast writers over one item */
    memset(&j, 0, sizeof j);
    j.status = (int8_t *)status, j.state = (int8_t *)state, j.flag1 = (int8_t *)hit, j.scalar1 = (double *)t;
    j.vec1 = (double *)nrm, j.vec2 = (double *)p_a, j.vec3 = (double *)p_b, j.vec4 = (double *)pt;
    j.iter1 = (int32_t *)it;
    gjk_status st;
    int out_a, out_b, out_n;
    if (d == 3) {
        gjk_compound_cast_input3 in;
        memset(&in, 0, sizeof in);
        in.pair = p3;
        in.motion_a.translation = v3_row(m[0]), in.motion_a.rotation = v3_row(m[1]);
        in.motion_b.translation = v3_row(m[2]), in.motion_b.rotation = v3_row(m[3]);
        in.target_distance = target, in.tolerance = tolerance, in.ignore_separating = ignore != 0;
        gjk_compound_cast_result3 r = gjk_compound_cast3(&in);
        store_cast3(&j, 0, &r.cast);
        st = r.cast.status, out_a = r.part_a, out_b = r.part_b, out_n = r.pairs_tested;
    } else {
        gjk_compound_cast_input2 in;
        memset(&in, 0, sizeof in);
        in.pair = p2;
        in.motion_a.translation = v2_row(m[0]), in.motion_a.rotation = m[1][0];
        in.motion_b.translation = v2_row(m[2]), in.motion_b.rotation = m[3][0];
        in.target_distance = target, in.tolerance = tolerance, in.ignore_separating = ignore != 0;
        gjk_compound_cast_result2 r = gjk_compound_cast2(&in);
        store_cast2(&j, 0, &r.cast);
        st = r.cast.status, out_a = r.part_a, out_b = r.part_b, out_n = r.pairs_tested;
    }
    *(int32_t *)part_a = out_a, *(int32_t *)part_b = out_b, *(int32_t *)tested = out_n;
    if (st == GJK_INVALID_INPUT) {
        PyErr_SetString(PyExc_ValueError, "refused: a pose (an unusable rotation or a position beyond 1e150) or a "
                                          "motion or target distance beyond 1e150");
        Py_CLEAR(res);
    } else if (finish_single(res, f, 12) < 0) {
        Py_CLEAR(res);
    }
done:
    pycompound_side_release(&sa);
    pycompound_side_release(&sb);
    return res;
}

static PyGetSetDef pycompound_getset[] = {
    {"dim", (getter)pycompound_get_dim, NULL, "2 or 3: the compound's dimension", NULL},
    {"parts", (getter)pycompound_get_parts, NULL, "the part shapes, in the order given", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef pycompound_methods[] = {
    {"aabb", (PyCFunction)pycompound_aabb, METH_O,
     "aabb(pose) -> (lower, upper): a world box holding the compound at pose (exact for an unrotated pose, "
     "conservative otherwise)"},
    {NULL, NULL, 0, NULL}};

static PySequenceMethods pycompound_as_sequence = {(lenfunc)pycompound_len, NULL, NULL, NULL, NULL, NULL, NULL,
                                                   NULL, NULL, NULL};

static PyTypeObject CompoundType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gjk._gjk.Compound",
    .tp_basicsize = sizeof(CompoundObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Compound(parts, poses=None): convex parts at poses in the compound's frame (use gjk.Compound).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)pycompound_init,
    .tp_dealloc = (destructor)pycompound_dealloc,
    .tp_traverse = (traverseproc)pycompound_traverse,
    .tp_weaklistoffset = offsetof(CompoundObject, weakrefs),
    .tp_clear = (inquiry)pycompound_clear,
    .tp_getset = pycompound_getset,
    .tp_methods = pycompound_methods,
    .tp_as_sequence = &pycompound_as_sequence,
};
