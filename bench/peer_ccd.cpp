// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// libccd 2.x through its public API (ccd/ccd.h): ccdGJKIntersect + ccdGJKPenetration (EPA) as "libccd gjk",
// ccdMPRIntersect + ccdMPRPenetration as "libccd mpr". libccd has no separated-distance query in its public header,
// so the distance column is '—'. Shapes are described to libccd by support callbacks written here, one per shape
// kind, with the pose applied (direction into the local frame, support point back to the world). 2D polygons are
// given as tall prisms (A: z in [-20, 20], B: z in [-22, 28]; every polygon is under 4 across, so the penetration
// never chooses z). The prisms are deliberately not symmetric about a common plane: with A and B both centred on
// z = 0, libccd's EPA finds the origin on a face of its first simplex and reports depth 0 ("touching").
#include <ccd/ccd.h>

#include "bench.h"

namespace {

struct CcdObj {
    Kind kind;
    double m[3][3]; // local-to-world rotation, row-major
    V3 pos;
    V3 half;
    double radius, half_height; // prisms: half_height is the prism's
    const std::vector<V3> *pts;
};


inline V3 to_local(const CcdObj *o, const ccd_vec3_t *d) {
    const double *v = d->v;
    return v3(o->m[0][0] * v[0] + o->m[1][0] * v[1] + o->m[2][0] * v[2],
              o->m[0][1] * v[0] + o->m[1][1] * v[1] + o->m[2][1] * v[2],
              o->m[0][2] * v[0] + o->m[1][2] * v[1] + o->m[2][2] * v[2]);
}
inline void to_world(const CcdObj *o, V3 s, ccd_vec3_t *out) {
    out->v[0] = o->m[0][0] * s.x + o->m[0][1] * s.y + o->m[0][2] * s.z + o->pos.x;
    out->v[1] = o->m[1][0] * s.x + o->m[1][1] * s.y + o->m[1][2] * s.z + o->pos.y;
    out->v[2] = o->m[2][0] * s.x + o->m[2][1] * s.y + o->m[2][2] * s.z + o->pos.z;
}
inline double sgn(double x) { return x < 0 ? -1.0 : 1.0; }

void support_box(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const CcdObj *o = (const CcdObj *)obj;
    V3 d = to_local(o, dir);
    to_world(o, v3(sgn(d.x) * o->half.x, sgn(d.y) * o->half.y, sgn(d.z) * o->half.z), out);
}
void support_sphere(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const CcdObj *o = (const CcdObj *)obj;
    V3 d = to_local(o, dir);
    double l = norm(d);
    to_world(o, l > 0 ? (o->radius / l) * d : v3(o->radius, 0, 0), out);
}
void support_capsule(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const CcdObj *o = (const CcdObj *)obj;
    V3 d = to_local(o, dir);
    double l = norm(d);
    V3 s = l > 0 ? (o->radius / l) * d : v3(0, 0, 0);
    s.z += sgn(d.z) * o->half_height;
    to_world(o, s, out);
}
void support_cylinder(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const CcdObj *o = (const CcdObj *)obj;
    V3 d = to_local(o, dir);
    double l = std::sqrt(d.x * d.x + d.y * d.y);
    V3 s = l > 0 ? v3(o->radius * d.x / l, o->radius * d.y / l, 0) : v3(0, 0, 0);
    s.z = sgn(d.z) * o->half_height;
    to_world(o, s, out);
}
void support_hull(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const CcdObj *o = (const CcdObj *)obj;
    V3 d = to_local(o, dir);
    const std::vector<V3> &p = *o->pts;
    size_t best = 0;
    double bv = dot(p[0], d);
    for (size_t i = 1; i < p.size(); ++i) {
        double v = dot(p[i], d);
        if (v > bv) bv = v, best = i;
    }
    to_world(o, p[best], out);
}
void support_prism(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const CcdObj *o = (const CcdObj *)obj;
    V3 d = to_local(o, dir);
    const std::vector<V3> &p = *o->pts;
    size_t best = 0;
    double bv = p[0].x * d.x + p[0].y * d.y;
    for (size_t i = 1; i < p.size(); ++i) {
        double v = p[i].x * d.x + p[i].y * d.y;
        if (v > bv) bv = v, best = i;
    }
    V3 s = p[best];
    s.z = sgn(d.z) * o->half_height;
    to_world(o, s, out);
}
void center(const void *obj, ccd_vec3_t *c) {
    const CcdObj *o = (const CcdObj *)obj;
    c->v[0] = o->pos.x, c->v[1] = o->pos.y, c->v[2] = o->pos.z;
}

ccd_support_fn support_of(Kind k) {
    switch (k) {
    case Kind::Box: return support_box;
    case Kind::Sphere: return support_sphere;
    case Kind::Capsule: return support_capsule;
    case Kind::Cylinder: return support_cylinder;
    case Kind::Hull: return support_hull;
    case Kind::Polygon: return support_prism;
    }
    return support_box;
}

CcdObj make_obj(const Scene &s, int shape, const Pose &p, bool is_b) {
    const Shape &sh = s.shapes[(size_t)shape];
    CcdObj o;
    o.kind = sh.kind;
    if (s.dim == 2) {
        double c = std::cos(p.angle), sn = std::sin(p.angle);
        double m[3][3] = {{c, -sn, 0}, {sn, c, 0}, {0, 0, 1}};
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) o.m[i][j] = m[i][j];
    } else {
        quat_matrix(p.q, o.m);
    }
    o.pos = p.p;
    o.half = sh.half;
    o.radius = sh.radius;
    o.half_height = sh.half_height;
    if (s.dim == 2) {
        o.half_height = is_b ? 25.0 : 20.0;
        o.pos.z = is_b ? 3.0 : 0.0;
    }
    o.pts = &sh.pts;
    return o;
}

class CcdLib : public Lib {
public:
    explicit CcdLib(bool mpr) : mpr_(mpr) {}
    const char *name() const override { return mpr_ ? "libccd mpr" : "libccd gjk"; }
    bool supports(const Scene &, Query q) const override { return q == Q_INTERSECT || q == Q_PENETRATION; }
    bool prepare(const Scene &s) override {
        a_.clear(), b_.clear(), ccd_.clear();
        for (const Pair &p : s.pairs) {
            a_.push_back(make_obj(s, p.a, p.pa, false));
            b_.push_back(make_obj(s, p.b, p.pb, true));
            ccd_t c;
            CCD_INIT(&c);
            c.support1 = support_of(a_.back().kind);
            c.support2 = support_of(b_.back().kind);
            c.center1 = center;
            c.center2 = center;
            ccd_.push_back(c);
        }
        return true;
    }
    void release() override { a_.clear(), b_.clear(), ccd_.clear(); }
    Result run(Query q, int i) override {
        Result r;
        const void *a = &a_[(size_t)i], *b = &b_[(size_t)i];
        const ccd_t *c = &ccd_[(size_t)i];
        if (q == Q_INTERSECT) {
            r.valid = true;
            r.intersect = mpr_ ? ccdMPRIntersect(a, b, c) != 0 : ccdGJKIntersect(a, b, c) != 0;
            return r;
        }
        if (q == Q_DISTANCE) return r;
        ccd_real_t depth = 0;
        ccd_vec3_t dir, pos;
        int ret = mpr_ ? ccdMPRPenetration(a, b, c, &depth, &dir, &pos) : ccdGJKPenetration(a, b, c, &depth, &dir, &pos);
        r.intersect = ret == 0;
        r.valid = ret == 0;
        r.distance = -depth;
        r.normal = v3(dir.v[0], dir.v[1], dir.v[2]);
        r.has_normal = true;
        r.pa = r.pb = v3(pos.v[0], pos.v[1], pos.v[2]);
        return r;
    }
    double pass(Query q, const std::vector<int> &idx) override {
        double sum = 0;
        for (int i : idx) {
            const void *a = &a_[(size_t)i], *b = &b_[(size_t)i];
            const ccd_t *c = &ccd_[(size_t)i];
            if (q == Q_INTERSECT) {
                sum += mpr_ ? ccdMPRIntersect(a, b, c) : ccdGJKIntersect(a, b, c);
            } else {
                ccd_real_t depth = 0;
                ccd_vec3_t dir, pos;
                int ret = mpr_ ? ccdMPRPenetration(a, b, c, &depth, &dir, &pos)
                               : ccdGJKPenetration(a, b, c, &depth, &dir, &pos);
                sum += depth + ret;
            }
        }
        return sum;
    }

private:
    bool mpr_;
    std::vector<CcdObj> a_, b_;
    std::vector<ccd_t> ccd_;
};

} // namespace

void add_ccd_libs(std::vector<std::unique_ptr<Lib>> &libs) {
    libs.emplace_back(new CcdLib(false));
    libs.emplace_back(new CcdLib(true));
}
