// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* gjk.World: a gjk_world3 or gjk_world2 (gjk/world.h) behind one Python type. Part of the _gjk extension: _gjk.c
   includes this file after its shape type and row readers, which it uses.

   The world borrows its bodies' shapes, so the object keeps a reference to each body's Python shape in a dict by
   body id. A removed body's shape is kept until the next step has run: the library reports the end of the body's
   contacts then, and reuses its id only after that. A world is not locked, so the object refuses every call while a
   step runs with the GIL released (`busy`). */

typedef struct {
    PyObject_HEAD int dim;
    gjk_world3 *w3;
    gjk_world2 *w2;
    PyObject *shapes;   /* dict: body id -> shape or Compound object */
    PyObject *released; /* list: shapes of bodies removed since the last step */
    int busy;           /* a step runs without the GIL */
    double fat_margin, speculative_distance, prediction_steps;
} WorldObject;

static PyTypeObject WorldContactsType, WorldRayHitType;

/* The shapes may refer back to the world (a user attribute), so the world takes part in garbage collection. The C
   world goes first: it borrows the shapes. */
static int pyworld_clear(WorldObject *self) {
    if (self->busy) return 0; /* a step holds the world: the next collection will clear it */
    gjk_world3_destroy(self->w3);
    gjk_world2_destroy(self->w2);
    self->w3 = NULL, self->w2 = NULL;
    Py_CLEAR(self->shapes);
    Py_CLEAR(self->released);
    return 0;
}

static int pyworld_traverse(WorldObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->shapes);
    Py_VISIT(self->released);
    return 0;
}

static void pyworld_dealloc(WorldObject *self) {
    PyObject_GC_UnTrack(self);
    pyworld_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A world argument of the Python API in the library's convention: a zero field asks for the default and a negative
   one for none, so the value 0 becomes -1 here. */
static int pyworld_def_field(const char *name, double v, gjk_real *out) {
    if (!isfinite(v) || v < 0) {
        PyErr_Format(PyExc_ValueError, "%s must be finite and >= 0, got %s", name, num(v).s);
        return -1;
    }
    *out = v == 0 ? -1.0 : v;
    return 0;
}

static int pyworld_init(WorldObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"dim", "fat_margin", "speculative_distance", "prediction_steps", NULL};
    int dim = 3;
    double fat = 0.1, spec = 0.0, pred = 2.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|i$ddd", kwlist, &dim, &fat, &spec, &pred)) return -1;
    if (self->w3 || self->w2) {
        PyErr_SetString(PyExc_RuntimeError, "a world is initialised once");
        return -1;
    }
    if (dim != 2 && dim != 3) {
        PyErr_Format(PyExc_ValueError, "dim must be 2 or 3, got %d", dim);
        return -1;
    }
    gjk_world_def def;
    memset(&def, 0, sizeof def);
    if (pyworld_def_field("fat_margin", fat, &def.fat_margin) < 0 ||
        pyworld_def_field("prediction_steps", pred, &def.prediction_steps) < 0)
        return -1;
    if (!isfinite(spec) || spec < 0) {
        PyErr_Format(PyExc_ValueError, "speculative_distance must be finite and >= 0, got %s", num(spec).s);
        return -1;
    }
    def.speculative_distance = spec; /* 0 is the library's default too: touching pairs only */
    self->shapes = PyDict_New();
    self->released = PyList_New(0);
    if (!self->shapes || !self->released) return -1;
    self->dim = dim;
    self->fat_margin = fat, self->speculative_distance = spec, self->prediction_steps = pred;
    if (dim == 3) self->w3 = gjk_world3_create(&def);
    else self->w2 = gjk_world2_create(&def);
    if (!self->w3 && !self->w2) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Every method starts here: an initialised world that no step is using. */
static int pyworld_ready(WorldObject *self) {
    if (!self->w3 && !self->w2) {
        PyErr_SetString(PyExc_ValueError, "the world was not initialised");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the world is stepping on another thread");
        return -1;
    }
    return 0;
}

/* One pose row of the world's dimension (an (N, w) array is refused). */
static int pyworld_pose_arg(WorldObject *self, PyObject *obj, const char *name, gjk_pose3 *p3, gjk_pose2 *p2) {
    rowset r;
    int w = self->dim == 3 ? 7 : 3;
    if (read_rows(obj, name, w, self->dim == 3 ? "x, y, z, qw, qx, qy, qz" : "x, y, angle", &r) < 0) return -1;
    if (r.n >= 0) {
        PyErr_Format(PyExc_ValueError, "%s must be one row of shape (%d,)", name, w);
        Py_DECREF(r.array);
        return -1;
    }
    if (self->dim == 3) memcpy(p3, r.data, sizeof *p3);
    else *p2 = pose2_row(r.data);
    Py_DECREF(r.array);
    return 0;
}

/* A body id the world holds (a live body added through this object). */
static int pyworld_body_arg(WorldObject *self, PyObject *obj, int *body) {
    PyObject *index = PyNumber_Index(obj);
    if (!index) return -1;
    int known = PyDict_Contains(self->shapes, index);
    long v = known > 0 ? PyLong_AsLong(index) : -1;
    Py_DECREF(index);
    if (known < 0) return -1;
    if (!known) {
        PyErr_Format(PyExc_ValueError, "no body %R in this world", obj);
        return -1;
    }
    *body = (int)v;
    return 0;
}

/* The optional `user` argument of add and add_compound: an integer in [0, 2**64), 0 when absent. */
static int pyworld_user_arg(PyObject *u, unsigned long long *user) {
    *user = 0;
    if (!u) return 0;
    PyObject *index = PyNumber_Index(u);
    if (!index) return -1;
    *user = PyLong_AsUnsignedLongLong(index);
    Py_DECREF(index);
    if (*user == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_SetString(PyExc_ValueError, "user must be an integer in [0, 2**64)");
        return -1;
    }
    return 0;
}

/* The end of add and add_compound: the new body's id, with `obj` (its shape or Compound, whose C struct the world
   borrows) kept in the body dict; the body removed again if that fails. body < 0: the library refused the pose (the
   shape or compound was validated when it was made). */
static PyObject *pyworld_register(WorldObject *self, int body, PyObject *obj) {
    if (body < 0) {
        PyErr_SetString(PyExc_ValueError, "pose: the rotation is not usable (a zero or huge quaternion)");
        return NULL;
    }
    PyObject *id = PyLong_FromLong(body);
    if (!id || PyDict_SetItem(self->shapes, id, obj) < 0) {
        Py_XDECREF(id);
        if (self->dim == 3) gjk_world3_remove(self->w3, body);
        else gjk_world2_remove(self->w2, body);
        return NULL;
    }
    return id;
}

static PyObject *pyworld_add(WorldObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"shape", "pose", "user", NULL};
    PyObject *s, *p, *u = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|O", kwlist, &s, &p, &u) || pyworld_ready(self) < 0) return NULL;
    ShapeObject *shape = as_shape(s, "shape", self->dim);
    if (!shape) return NULL;
    unsigned long long user = 0;
    if (pyworld_user_arg(u, &user) < 0) return NULL;
    gjk_pose3 p3;
    gjk_pose2 p2;
    if (pyworld_pose_arg(self, p, "pose", &p3, &p2) < 0) return NULL;
    int body = self->dim == 3 ? gjk_world3_add(self->w3, &shape->s3, p3, (uint64_t)user)
                              : gjk_world2_add(self->w2, &shape->s2, p2, (uint64_t)user);
    return pyworld_register(self, body, s);
}

/* add_compound(compound, pose, user=0): the world borrows the C compound, so the object keeps the Compound (which
   keeps its part shapes) in the body dict as add does a shape. */
static PyObject *pyworld_add_compound(WorldObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"compound", "pose", "user", NULL};
    PyObject *c, *p, *u = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|O", kwlist, &c, &p, &u) || pyworld_ready(self) < 0) return NULL;
    CompoundObject *compound = as_compound(c, "compound", self->dim);
    if (!compound) return NULL;
    unsigned long long user = 0;
    if (pyworld_user_arg(u, &user) < 0) return NULL;
    gjk_pose3 p3;
    gjk_pose2 p2;
    if (pyworld_pose_arg(self, p, "pose", &p3, &p2) < 0) return NULL;
    int body = self->dim == 3 ? gjk_world3_add_compound(self->w3, compound->c3, p3, (uint64_t)user)
                              : gjk_world2_add_compound(self->w2, compound->c2, p2, (uint64_t)user);
    return pyworld_register(self, body, c);
}

static PyObject *pyworld_remove(WorldObject *self, PyObject *arg) {
    int body;
    if (pyworld_ready(self) < 0 || pyworld_body_arg(self, arg, &body) < 0) return NULL;
    PyObject *id = PyLong_FromLong(body);
    PyObject *shape = id ? PyDict_GetItemWithError(self->shapes, id) : NULL;
    if (!shape || PyList_Append(self->released, shape) < 0 || PyDict_DelItem(self->shapes, id) < 0) {
        Py_XDECREF(id);
        return NULL;
    }
    Py_DECREF(id);
    if (self->dim == 3) gjk_world3_remove(self->w3, body);
    else gjk_world2_remove(self->w2, body);
    Py_RETURN_NONE;
}

static int pyworld_move(WorldObject *self, int body, const gjk_pose3 *p3, const gjk_pose2 *p2) {
    return self->dim == 3 ? gjk_world3_set_pose(self->w3, body, *p3) : gjk_world2_set_pose(self->w2, body, *p2);
}

static PyObject *pyworld_set_pose(WorldObject *self, PyObject *args) {
    PyObject *b, *p;
    int body;
    gjk_pose3 p3;
    gjk_pose2 p2;
    if (!PyArg_ParseTuple(args, "OO", &b, &p) || pyworld_ready(self) < 0 || pyworld_body_arg(self, b, &body) < 0 ||
        pyworld_pose_arg(self, p, "pose", &p3, &p2) < 0)
        return NULL;
    if (!pyworld_move(self, body, &p3, &p2)) {
        PyErr_SetString(PyExc_ValueError, "pose: the rotation is not usable (a zero or huge quaternion)");
        return NULL;
    }
    Py_RETURN_NONE;
}

/* set_poses(bodies, poses): every id checked first; a pose the library refuses puts the bodies moved before it
   back where they were, so that a bad row leaves the world as it found it. */
static PyObject *pyworld_set_poses(WorldObject *self, PyObject *args) {
    PyObject *b, *p;
    if (!PyArg_ParseTuple(args, "OO", &b, &p) || pyworld_ready(self) < 0) return NULL;
    PyArrayObject *raw = (PyArrayObject *)PyArray_FromAny(b, NULL, 1, 1, 0, NULL);
    if (!raw || !(PyArray_ISINTEGER(raw) || PyArray_SIZE(raw) == 0)) {
        Py_XDECREF(raw);
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "bodies must be an array of shape (N,) of integer body ids");
        return NULL;
    }
    PyArrayObject *ids =
        (PyArrayObject *)PyArray_FROMANY((PyObject *)raw, NPY_LONG, 1, 1, NPY_ARRAY_CARRAY_RO | NPY_ARRAY_FORCECAST);
    Py_DECREF(raw);
    if (!ids) return NULL;
    int w = self->dim == 3 ? 7 : 3;
    rowset r;
    memset(&r, 0, sizeof r);
    PyObject *res = NULL;
    gjk_pose3 *old3 = NULL;
    gjk_pose2 *old2 = NULL;
    if (read_rows(p, "poses", w, self->dim == 3 ? "x, y, z, qw, qx, qy, qz" : "x, y, angle", &r) < 0) goto done;
    npy_intp n = PyArray_DIM(ids, 0);
    if (r.n != n) {
        PyErr_Format(PyExc_ValueError, "poses must have shape (%zd, %d), one row per body", (Py_ssize_t)n, w);
        goto done;
    }
    const long *id = (const long *)PyArray_DATA(ids);
    for (npy_intp i = 0; i < n; ++i) {
        PyObject *key = PyLong_FromLong(id[i]);
        int known = key ? PyDict_Contains(self->shapes, key) : -1;
        Py_XDECREF(key);
        if (known < 0) goto done;
        if (!known) {
            PyErr_Format(PyExc_ValueError, "bodies[%zd]: no body %ld in this world", (Py_ssize_t)i, id[i]);
            goto done;
        }
    }
    if (self->dim == 3) old3 = (gjk_pose3 *)PyMem_Malloc(sizeof *old3 * (size_t)(n ? n : 1));
    else old2 = (gjk_pose2 *)PyMem_Malloc(sizeof *old2 * (size_t)(n ? n : 1));
    if (!old3 && !old2) {
        PyErr_NoMemory();
        goto done;
    }
    for (npy_intp i = 0; i < n; ++i) {
        int body = (int)id[i];
        gjk_pose3 p3;
        gjk_pose2 p2;
        if (self->dim == 3) {
            old3[i] = gjk_world3_pose(self->w3, body);
            memcpy(&p3, r.data + i * 7, sizeof p3);
        } else {
            old2[i] = gjk_world2_pose(self->w2, body);
            p2 = pose2_row(r.data + i * 3);
        }
        if (!pyworld_move(self, body, &p3, &p2)) {
            for (npy_intp k = i; k-- > 0;) pyworld_move(self, (int)id[k], old3 ? &old3[k] : NULL, old2 ? &old2[k] : NULL);
            PyErr_Format(PyExc_ValueError, "poses[%zd]: the rotation is not usable (a zero or huge quaternion)",
                         (Py_ssize_t)i);
            goto done;
        }
    }
    res = Py_None;
    Py_INCREF(res);
done:
    PyMem_Free(old3);
    PyMem_Free(old2);
    Py_XDECREF(r.array);
    Py_DECREF(ids);
    return res;
}

static PyObject *pyworld_pose(WorldObject *self, PyObject *arg) {
    int body;
    if (pyworld_ready(self) < 0 || pyworld_body_arg(self, arg, &body) < 0) return NULL;
    npy_intp dims[1] = {self->dim == 3 ? 7 : 3};
    PyObject *a = PyArray_SimpleNew(1, dims, NPY_DOUBLE);
    if (!a) return NULL;
    double *d = (double *)PyArray_DATA((PyArrayObject *)a);
    if (self->dim == 3) {
        gjk_pose3 p = gjk_world3_pose(self->w3, body);
        memcpy(d, &p, sizeof p);
    } else {
        gjk_pose2 p = gjk_world2_pose(self->w2, body);
        d[0] = p.position.x, d[1] = p.position.y, d[2] = atan2(p.rotation.s, p.rotation.c);
    }
    return a;
}

static PyObject *pyworld_shape(WorldObject *self, PyObject *arg) {
    int body;
    if (pyworld_ready(self) < 0 || pyworld_body_arg(self, arg, &body) < 0) return NULL;
    PyObject *id = PyLong_FromLong(body);
    PyObject *s = id ? PyDict_GetItemWithError(self->shapes, id) : NULL;
    Py_XDECREF(id);
    Py_XINCREF(s);
    return s;
}

static PyObject *pyworld_user(WorldObject *self, PyObject *arg) {
    int body;
    if (pyworld_ready(self) < 0 || pyworld_body_arg(self, arg, &body) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(self->dim == 3 ? gjk_world3_user(self->w3, body)
                                                      : gjk_world2_user(self->w2, body));
}

/* The live body ids, sorted. */
static PyObject *pyworld_bodies(WorldObject *self, PyObject *unused) {
    (void)unused;
    if (pyworld_ready(self) < 0) return NULL;
    npy_intp n = PyDict_Size(self->shapes);
    PyObject *a = PyArray_SimpleNew(1, &n, NPY_INT32);
    if (!a) return NULL;
    int32_t *d = (int32_t *)PyArray_DATA((PyArrayObject *)a);
    Py_ssize_t pos = 0, i = 0;
    PyObject *key, *value;
    while (PyDict_Next(self->shapes, &pos, &key, &value)) d[i++] = (int32_t)PyLong_AsLong(key);
    if (PyArray_Sort((PyArrayObject *)a, 0, NPY_QUICKSORT) < 0) {
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

static Py_ssize_t pyworld_len(WorldObject *self) {
    if (pyworld_ready(self) < 0) return -1;
    return self->dim == 3 ? gjk_world3_body_count(self->w3) : gjk_world2_body_count(self->w2);
}

/* ---- the step ---------------------------------------------------------------------------------------------------- */

static int pyworld_range(int begin, int end, void *context) {
    WorldObject *self = (WorldObject *)context;
    if (self->dim == 3) gjk_world3_step_range(self->w3, begin, end);
    else gjk_world2_step_range(self->w2, begin, end);
    return 0;
}

static PyObject *pyworld_step(WorldObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"threads", NULL};
    int threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|$i", kwlist, &threads) || pyworld_ready(self) < 0 ||
        check_threads(threads) < 0)
        return NULL;
    if (threads == 0) threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1) threads = 1;
    gjk_status st;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS;
    if (threads == 1) {
        st = self->dim == 3 ? gjk_world3_step(self->w3) : gjk_world2_step(self->w2);
    } else {
        /* the narrow phase split over threads: the same answers as one thread (gjk_world3_step_range()) */
        int n = self->dim == 3 ? gjk_world3_step_begin(self->w3) : gjk_world2_step_begin(self->w2);
        if (n < 0) {
            st = GJK_OUT_OF_MEMORY;
        } else {
            gjk_parallel_for(n, threads, 0, pyworld_range, self);
            st = self->dim == 3 ? gjk_world3_step_end(self->w3) : gjk_world2_step_end(self->w2);
        }
    }
    Py_END_ALLOW_THREADS;
    self->busy = 0;
    /* the ended contacts of removed bodies are reported now: their shapes may go (a step that failed for memory
       may have kept the last step's results, so they stay until one succeeds) */
    if (st == GJK_OK && PyList_SetSlice(self->released, 0, PyList_GET_SIZE(self->released), NULL) < 0) return NULL;
    return PySequence_GetItem(status_members, (Py_ssize_t)st);
}

/* ---- contacts and events ----------------------------------------------------------------------------------------- */

static PyStructSequence_Field pyworld_contact_fields[] = {
    {"a", "the smaller body id of each contact"},
    {"b", "the larger body id"},
    {"part_a", "body a's part (0 for a convex body)"},
    {"part_b", "body b's part (0 for a convex body)"},
    {"status", "gjk.Status of each manifold (int8)"},
    {"normal", "unit normal from a to b (world frame)"},
    {"count", "contact points in use (3D: up to 4, 2D: up to 2)"},
    {"points_a", "contact points on a (world frame), count of them in use, the rest zero"},
    {"points_b", "contact points on b (world frame)"},
    {"separations", "(point_b - point_a) . normal per point: < 0 overlapping"},
    {"ids", "feature ids of the points (stable across steps)"},
    {"iterations", "GJK plus EPA iterations"},
    {NULL, NULL}};
static PyStructSequence_Desc pyworld_contacts_desc = {
    "gjk.WorldContacts", "The contacts of a world's last step: arrays with a leading K, sorted by (a, b).",
    pyworld_contact_fields, 12};

static PyObject *pyworld_contacts(WorldObject *self, PyObject *unused) {
    (void)unused;
    if (pyworld_ready(self) < 0) return NULL;
    int k = 0, d = self->dim;
    const gjk_world_contact3 *c3 = NULL;
    const gjk_world_contact2 *c2 = NULL;
    if (d == 3) c3 = gjk_world3_contacts(self->w3, &k);
    else c2 = gjk_world2_contacts(self->w2, &k);
    int mp = d == 3 ? GJK_MANIFOLD_MAX_POINTS3 : GJK_MANIFOLD_MAX_POINTS2;
    void *a, *b, *pa, *pb, *status, *nrm, *count, *pts_a, *pts_b, *sep, *ids, *it;
    field f[] = {{NPY_INT32, 0, 0, &a, 0},       {NPY_INT32, 0, 0, &b, 0},        {NPY_INT32, 0, 0, &pa, 0},
                 {NPY_INT32, 0, 0, &pb, 0},      {NPY_INT8, 0, 0, &status, 0},    {NPY_DOUBLE, d, 0, &nrm, 0},
                 {NPY_INT32, 0, 0, &count, 0},   {NPY_DOUBLE, mp, d, &pts_a, 0},  {NPY_DOUBLE, mp, d, &pts_b, 0},
                 {NPY_DOUBLE, mp, 0, &sep, 0},   {NPY_UINT32, mp, 0, &ids, 0},    {NPY_INT32, 0, 0, &it, 0}};
    PyObject *res = make_result(&WorldContactsType, f, 12, k, 0);
    if (!res) return NULL;
    job j; /* the manifold writers of the queries, over the contacts' manifolds */
    memset(&j, 0, sizeof j);
    j.status = (int8_t *)status, j.vec1 = (double *)nrm, j.count = (int32_t *)count, j.mpa = (double *)pts_a;
    j.mpb = (double *)pts_b, j.msep = (double *)sep, j.mid = (uint32_t *)ids, j.iter1 = (int32_t *)it;
    for (int i = 0; i < k; ++i) {
        if (d == 3) {
            ((int32_t *)a)[i] = c3[i].a, ((int32_t *)b)[i] = c3[i].b;
            ((int32_t *)pa)[i] = c3[i].part_a, ((int32_t *)pb)[i] = c3[i].part_b;
            store_manifold3(&j, i, &c3[i].manifold);
        } else {
            ((int32_t *)a)[i] = c2[i].a, ((int32_t *)b)[i] = c2[i].b;
            ((int32_t *)pa)[i] = c2[i].part_a, ((int32_t *)pb)[i] = c2[i].part_b;
            store_manifold2(&j, i, &c2[i].manifold);
        }
    }
    return res;
}

static PyObject *pyworld_pairs_array(const gjk_world_pair *p, int n) {
    npy_intp dims[2] = {n, 2};
    PyObject *a = PyArray_SimpleNew(2, dims, NPY_INT32);
    if (!a) return NULL;
    int32_t *d = (int32_t *)PyArray_DATA((PyArrayObject *)a);
    for (int i = 0; i < n; ++i) d[2 * i] = p[i].a, d[2 * i + 1] = p[i].b;
    return a;
}

static PyObject *pyworld_began(WorldObject *self, PyObject *unused) {
    (void)unused;
    if (pyworld_ready(self) < 0) return NULL;
    int n = 0;
    const gjk_world_pair *p = self->dim == 3 ? gjk_world3_begin_events(self->w3, &n)
                                             : gjk_world2_begin_events(self->w2, &n);
    return pyworld_pairs_array(p, n);
}

static PyObject *pyworld_ended(WorldObject *self, PyObject *unused) {
    (void)unused;
    if (pyworld_ready(self) < 0) return NULL;
    int n = 0;
    const gjk_world_pair *p = self->dim == 3 ? gjk_world3_end_events(self->w3, &n)
                                             : gjk_world2_end_events(self->w2, &n);
    return pyworld_pairs_array(p, n);
}

/* ---- scene queries ----------------------------------------------------------------------------------------------- */

static PyStructSequence_Field pyworld_hit_fields[] = {
    {"body", "the body hit"},
    {"part", "the part hit (0: the bindings have convex bodies only)"},
    {"status", "gjk.Status of the body's ray cast"},
    {"inside", "the ray starts inside the body"},
    {"fraction", "smallest t with origin + t * translation on the body"},
    {"point", "the hit point (world frame)"},
    {"normal", "the body's outward normal there (world frame)"},
    {"iterations", "GJK ray cast iterations (0 for closed forms)"},
    {NULL, NULL}};
static PyStructSequence_Desc pyworld_hit_desc = {
    "gjk.WorldRayHit", "A body a ray hits (raycast), or every one, as arrays sorted by fraction (raycast_all).",
    pyworld_hit_fields, 8};

static int pyworld_ray_arg(WorldObject *self, PyObject *o, PyObject *t, double max_fraction, gjk_ray3 *r3,
                         gjk_ray2 *r2) {
    if (!(max_fraction >= 0) || !isfinite(max_fraction)) {
        PyErr_Format(PyExc_ValueError, "max_fraction must be finite and >= 0, got %s", num(max_fraction).s);
        return -1;
    }
    rowset ro, rt;
    int d = self->dim;
    if (read_rows(o, "origin", d, "world frame", &ro) < 0) return -1;
    if (read_rows(t, "translation", d, "world frame", &rt) < 0) {
        Py_DECREF(ro.array);
        return -1;
    }
    int ok = ro.n < 0 && rt.n < 0;
    if (ok && d == 3) r3->origin = v3_row(ro.data), r3->translation = v3_row(rt.data), r3->max_fraction = max_fraction;
    if (ok && d == 2) r2->origin = v2_row(ro.data), r2->translation = v2_row(rt.data), r2->max_fraction = max_fraction;
    Py_DECREF(ro.array);
    Py_DECREF(rt.array);
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "origin and translation must be one row of shape (%d,) each", d);
        return -1;
    }
    return 0;
}

static const char pyworld_ray_refused[] = "the ray is refused (a coordinate beyond 1e150)";

/* Hits [0, n) into a WorldRayHit of arrays (single: of scalars, n = 1). */
static PyObject *pyworld_hits(WorldObject *self, const gjk_world_ray_hit3 *h3, const gjk_world_ray_hit2 *h2, int n,
                            int single) {
    int d = self->dim;
    void *body, *part, *status, *inside, *frac, *pt, *nrm, *it;
    field f[] = {{NPY_INT32, 0, 0, &body, 0},  {NPY_INT32, 0, 0, &part, 0}, {NPY_INT8, 0, 0, &status, 1},
                 {NPY_BOOL, 0, 0, &inside, 0}, {NPY_DOUBLE, 0, 0, &frac, 0}, {NPY_DOUBLE, d, 0, &pt, 0},
                 {NPY_DOUBLE, d, 0, &nrm, 0},  {NPY_INT32, 0, 0, &it, 0}};
    PyObject *res = make_result(&WorldRayHitType, f, 8, n, single);
    if (!res) return NULL;
    for (int i = 0; i < n; ++i) {
        const gjk_ray_result3 *r3 = h3 ? &h3[i].ray : NULL;
        const gjk_ray_result2 *r2 = h2 ? &h2[i].ray : NULL;
        ((int32_t *)body)[i] = h3 ? h3[i].body : h2[i].body;
        ((int32_t *)part)[i] = h3 ? h3[i].part : h2[i].part;
        ((int8_t *)status)[i] = (int8_t)(r3 ? r3->status : r2->status);
        ((npy_bool *)inside)[i] = (npy_bool)(r3 ? r3->inside : r2->inside);
        ((double *)frac)[i] = r3 ? r3->fraction : r2->fraction;
        put_vec((double *)pt, i, d, r3 ? &r3->point.x : &r2->point.x);
        put_vec((double *)nrm, i, d, r3 ? &r3->normal.x : &r2->normal.x);
        ((int32_t *)it)[i] = r3 ? r3->iterations : r2->iterations;
    }
    if (single && finish_single(res, f, 8) < 0) Py_CLEAR(res);
    return res;
}

static PyObject *pyworld_raycast(WorldObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"origin", "translation", "max_fraction", NULL};
    PyObject *o, *t;
    double max_fraction = 1.0;
    gjk_ray3 r3;
    gjk_ray2 r2;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|$d", kwlist, &o, &t, &max_fraction) || pyworld_ready(self) < 0 ||
        pyworld_ray_arg(self, o, t, max_fraction, &r3, &r2) < 0)
        return NULL;
    gjk_world_ray_hit3 h3;
    gjk_world_ray_hit2 h2;
    int body, status;
    if (self->dim == 3) h3 = gjk_world3_raycast(self->w3, &r3), body = h3.body, status = h3.ray.status;
    else h2 = gjk_world2_raycast(self->w2, &r2), body = h2.body, status = h2.ray.status;
    if (body < 0) {
        if (status == GJK_INVALID_INPUT) {
            PyErr_SetString(PyExc_ValueError, pyworld_ray_refused);
            return NULL;
        }
        Py_RETURN_NONE;
    }
    return pyworld_hits(self, self->dim == 3 ? &h3 : NULL, self->dim == 2 ? &h2 : NULL, 1, 1);
}

/* A query that writes up to `capacity` results and returns their count: run with room on the stack, again with
   room for all when there were more. */
#define WORLD_ROOM 64

static PyObject *pyworld_raycast_all(WorldObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"origin", "translation", "max_fraction", NULL};
    PyObject *o, *t;
    double max_fraction = 1.0;
    gjk_ray3 r3;
    gjk_ray2 r2;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|$d", kwlist, &o, &t, &max_fraction) || pyworld_ready(self) < 0 ||
        pyworld_ray_arg(self, o, t, max_fraction, &r3, &r2) < 0)
        return NULL;
    gjk_world_ray_hit3 s3[WORLD_ROOM], *h3 = self->dim == 3 ? s3 : NULL;
    gjk_world_ray_hit2 s2[WORLD_ROOM], *h2 = self->dim == 2 ? s2 : NULL;
    int n = h3 ? gjk_world3_raycast_all(self->w3, &r3, h3, WORLD_ROOM)
               : gjk_world2_raycast_all(self->w2, &r2, h2, WORLD_ROOM);
    if (n > WORLD_ROOM) {
        if (h3) h3 = (gjk_world_ray_hit3 *)PyMem_Malloc(sizeof *h3 * (size_t)n);
        else h2 = (gjk_world_ray_hit2 *)PyMem_Malloc(sizeof *h2 * (size_t)n);
        if (!h3 && !h2) return PyErr_NoMemory();
        n = h3 ? gjk_world3_raycast_all(self->w3, &r3, h3, n) : gjk_world2_raycast_all(self->w2, &r2, h2, n);
    }
    PyObject *res;
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, pyworld_ray_refused);
        res = NULL;
    } else {
        res = pyworld_hits(self, h3, h2, n, 0);
    }
    if (h3 && h3 != s3) PyMem_Free(h3);
    if (h2 && h2 != s2) PyMem_Free(h2);
    return res;
}

/* Body ids [0, n) as an int32 array. */
static PyObject *pyworld_ids_array(const int *ids, int n) {
    npy_intp dims[1] = {n};
    PyObject *a = PyArray_SimpleNew(1, dims, NPY_INT32);
    if (!a) return NULL;
    int32_t *d = (int32_t *)PyArray_DATA((PyArrayObject *)a);
    for (int i = 0; i < n; ++i) d[i] = ids[i];
    return a;
}

typedef struct pyworld_search {
    WorldObject *self;
    const ShapeObject *shape;
    gjk_pose3 p3;
    gjk_pose2 p2;
    double distance;
    gjk_aabb3 box3;
    gjk_aabb2 box2;
    int is_box;
} pyworld_search;

static int pyworld_search_run(const pyworld_search *q, int *out, int capacity) {
    const WorldObject *w = q->self;
    if (q->is_box)
        return w->dim == 3 ? gjk_world3_query_box(w->w3, q->box3, out, capacity)
                           : gjk_world2_query_box(w->w2, q->box2, out, capacity);
    return w->dim == 3 ? gjk_world3_overlap(w->w3, &q->shape->s3, q->p3, q->distance, out, capacity)
                       : gjk_world2_overlap(w->w2, &q->shape->s2, q->p2, q->distance, out, capacity);
}

static PyObject *pyworld_search_ids(const pyworld_search *q, const char *refused) {
    int room[WORLD_ROOM], *out = room;
    int n = pyworld_search_run(q, out, WORLD_ROOM);
    if (n > WORLD_ROOM) {
        if (!(out = (int *)PyMem_Malloc(sizeof *out * (size_t)n))) return PyErr_NoMemory();
        n = pyworld_search_run(q, out, n);
    }
    PyObject *res = NULL;
    if (n < 0) PyErr_SetString(PyExc_ValueError, refused);
    else res = pyworld_ids_array(out, n);
    if (out != room) PyMem_Free(out);
    return res;
}

static PyObject *pyworld_overlap(WorldObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"shape", "pose", "distance", NULL};
    PyObject *s, *p;
    pyworld_search q;
    memset(&q, 0, sizeof q);
    q.self = self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|$d", kwlist, &s, &p, &q.distance) || pyworld_ready(self) < 0 ||
        !(q.shape = as_shape(s, "shape", self->dim)) || pyworld_pose_arg(self, p, "pose", &q.p3, &q.p2) < 0)
        return NULL;
    if (!(q.distance >= 0) || !isfinite(q.distance)) {
        PyErr_Format(PyExc_ValueError, "distance must be finite and >= 0, got %s", num(q.distance).s);
        return NULL;
    }
    return pyworld_search_ids(&q, "the shape's pose or distance is refused (a zero quaternion, a value beyond 1e150)");
}

static PyObject *pyworld_query_box(WorldObject *self, PyObject *args) {
    PyObject *lo, *hi;
    if (!PyArg_ParseTuple(args, "OO", &lo, &hi) || pyworld_ready(self) < 0) return NULL;
    rowset rl, rh;
    int d = self->dim;
    if (read_rows(lo, "lower", d, "world frame", &rl) < 0) return NULL;
    if (read_rows(hi, "upper", d, "world frame", &rh) < 0) {
        Py_DECREF(rl.array);
        return NULL;
    }
    pyworld_search q;
    memset(&q, 0, sizeof q);
    q.self = self, q.is_box = 1;
    int ok = rl.n < 0 && rh.n < 0;
    if (ok && d == 3) q.box3.lower = v3_row(rl.data), q.box3.upper = v3_row(rh.data);
    if (ok && d == 2) q.box2.lower = v2_row(rl.data), q.box2.upper = v2_row(rh.data);
    Py_DECREF(rl.array);
    Py_DECREF(rh.array);
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "lower and upper must be one row of shape (%d,) each", d);
        return NULL;
    }
    return pyworld_search_ids(&q, "the box is refused (lower > upper on an axis, or a coordinate beyond 1e150)");
}

/* ---- the type ---------------------------------------------------------------------------------------------------- */

static PyObject *pyworld_get_dim(WorldObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->dim);
}
static PyObject *pyworld_get_fat_margin(WorldObject *self, void *closure) {
    (void)closure;
    return PyFloat_FromDouble(self->fat_margin);
}
static PyObject *pyworld_get_speculative(WorldObject *self, void *closure) {
    (void)closure;
    return PyFloat_FromDouble(self->speculative_distance);
}
static PyObject *pyworld_get_prediction(WorldObject *self, void *closure) {
    (void)closure;
    return PyFloat_FromDouble(self->prediction_steps);
}
static PyObject *pyworld_get_pair_count(WorldObject *self, void *closure) {
    (void)closure;
    if (pyworld_ready(self) < 0) return NULL;
    return PyLong_FromLong(self->dim == 3 ? gjk_world3_pair_count(self->w3) : gjk_world2_pair_count(self->w2));
}

static PyGetSetDef pyworld_getset[] = {
    {"dim", (getter)pyworld_get_dim, NULL, "2 or 3: the dimension of the world's bodies", NULL},
    {"fat_margin", (getter)pyworld_get_fat_margin, NULL, "the tree's fat margin (length units)", NULL},
    {"speculative_distance", (getter)pyworld_get_speculative, NULL,
     "pairs within this distance are contacts (length units)", NULL},
    {"prediction_steps", (getter)pyworld_get_prediction, NULL, "steps of motion the tree's boxes are stretched by", NULL},
    {"pair_count", (getter)pyworld_get_pair_count, NULL, "candidate pairs the last step's narrow phase answered", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

#define WORLD_METHOD(name, fn, flags, doc) {name, (PyCFunction)(void (*)(void))fn, flags, doc}

static PyMethodDef pyworld_methods[] = {
    WORLD_METHOD("add", pyworld_add, METH_VARARGS | METH_KEYWORDS,
                 "add(shape, pose, user=0)\n--\n\nA body of `shape` (the world's dimension; kept alive by the world) at "
                 "`pose` (one row), carrying `user` (an integer in [0, 2**64)). Returns the body id; it takes part "
                 "from the next step."),
    WORLD_METHOD("add_compound", pyworld_add_compound, METH_VARARGS | METH_KEYWORDS,
                 "add_compound(compound, pose, user=0)\n--\n\nA body of a gjk.Compound (the world's dimension; kept "
                 "alive by the world) at `pose` (one row), carrying `user`. Returns the body id; its contacts name "
                 "the parts in part_a / part_b."),
    WORLD_METHOD("remove", pyworld_remove, METH_O,
                 "remove(body)\n--\n\nRemoves a body: the next step reports the end of its contacts, after which its "
                 "id may be given to a new body."),
    WORLD_METHOD("set_pose", pyworld_set_pose, METH_VARARGS,
                 "set_pose(body, pose)\n--\n\nMoves a body to `pose` (world frame; scene queries see it at once)."),
    WORLD_METHOD("set_poses", pyworld_set_poses, METH_VARARGS,
                 "set_poses(bodies, poses)\n--\n\nMoves N bodies at once: bodies (N,) ids, poses (N, 7) in 3D or "
                 "(N, 3) in 2D. A bad id or pose raises ValueError and moves none of them."),
    WORLD_METHOD("pose", pyworld_pose, METH_O, "pose(body)\n--\n\nThe body's current pose, (7,) or (3,)."),
    WORLD_METHOD("shape", pyworld_shape, METH_O, "shape(body)\n--\n\nThe body's shape object."),
    WORLD_METHOD("user", pyworld_user, METH_O, "user(body)\n--\n\nThe body's user value."),
    WORLD_METHOD("bodies", pyworld_bodies, METH_NOARGS, "bodies()\n--\n\nThe live body ids, sorted (int32)."),
    WORLD_METHOD("step", pyworld_step, METH_VARARGS | METH_KEYWORDS,
                 "step(*, threads=1)\n--\n\nFinds the contacts at the current poses: the broad phase, then the "
                 "manifold of each candidate pair (its narrow phase on `threads` threads, 0: all CPUs; the answers do "
                 "not depend on it), with the GIL released. Returns a gjk.Status: OK, or OUT_OF_MEMORY."),
    WORLD_METHOD("contacts", pyworld_contacts, METH_NOARGS,
                 "contacts()\n--\n\nThe last step's contacts, a WorldContacts of arrays over the K contacts, sorted "
                 "by (a, b): each a pair of bodies with at least one manifold point."),
    WORLD_METHOD("began", pyworld_began, METH_NOARGS,
                 "began()\n--\n\nThe body pairs (a < b) that began touching at the last step, (M, 2) int32."),
    WORLD_METHOD("ended", pyworld_ended, METH_NOARGS,
                 "ended()\n--\n\nThe body pairs that stopped touching at the last step (or lost a body), (M, 2)."),
    WORLD_METHOD("raycast", pyworld_raycast, METH_VARARGS | METH_KEYWORDS,
                 "raycast(origin, translation, *, max_fraction=1.0)\n--\n\nThe closest body the ray origin + t * "
                 "translation, 0 <= t <= max_fraction, hits (a WorldRayHit), or None."),
    WORLD_METHOD("raycast_all", pyworld_raycast_all, METH_VARARGS | METH_KEYWORDS,
                 "raycast_all(origin, translation, *, max_fraction=1.0)\n--\n\nEvery body the ray hits, a "
                 "WorldRayHit of arrays sorted by fraction, then body id."),
    WORLD_METHOD("overlap", pyworld_overlap, METH_VARARGS | METH_KEYWORDS,
                 "overlap(shape, pose, *, distance=0.0)\n--\n\nThe bodies within `distance` of `shape` at `pose` "
                 "(0: touching or overlapping), sorted ids (int32)."),
    WORLD_METHOD("query_box", pyworld_query_box, METH_VARARGS,
                 "query_box(lower, upper)\n--\n\nThe bodies whose bounding boxes overlap the box [lower, upper] "
                 "(world frame), sorted ids (int32)."),
    {NULL, NULL, 0, NULL}};

static PySequenceMethods pyworld_as_sequence = {(lenfunc)pyworld_len, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                              NULL};

static PyTypeObject WorldType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gjk._gjk.World",
    .tp_basicsize = sizeof(WorldObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "World(dim=3, *, fat_margin=0.1, speculative_distance=0.0, prediction_steps=2.0)\n--\n\n"
              "A world of bodies (convex shapes at poses) kept in a dynamic AABB tree: step() finds every touching "
              "pair and its manifold, with begin and end events; raycast, overlap and query_box search it.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)pyworld_init,
    .tp_dealloc = (destructor)pyworld_dealloc,
    .tp_traverse = (traverseproc)pyworld_traverse,
    .tp_clear = (inquiry)pyworld_clear,
    .tp_methods = pyworld_methods,
    .tp_getset = pyworld_getset,
    .tp_as_sequence = &pyworld_as_sequence,
};
