// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// FCL 0.7 through its narrow-phase solvers: fcl::detail::GJKSolver_libccd<double> ("fcl ccd") and
// GJKSolver_indep<double> ("fcl indep"), each with default settings. shapeIntersect without contacts (intersect),
// with contacts (penetration: the deepest contact's depth, normal from A to B, position), shapeDistance with points
// (distance). FCL picks its own closed forms for some pairs (sphere-box, box-box contacts): they count. Shapes:
// fcl::Box (full side lengths), Sphere, Capsule and Cylinder (axis z, full length), Convex (vertices and qhull's
// triangles in FCL's face-list format). 3D only.
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/cylinder.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/detail/gjk_solver_indep.h>
#include <fcl/narrowphase/detail/gjk_solver_libccd.h>

#include "bench.h"

namespace {

using Vec = fcl::Vector3<double>;
using Tf = fcl::Transform3<double>;

V3 from(const Vec &v) { return v3(v[0], v[1], v[2]); }

Tf transform(const Pose &p) {
    Tf t = Tf::Identity();
    t.linear() = Eigen::Quaterniond(p.q.w, p.q.x, p.q.y, p.q.z).toRotationMatrix();
    t.translation() = Vec(p.p.x, p.p.y, p.p.z);
    return t;
}

template <class Solver>
class FclLib : public Lib {
public:
    explicit FclLib(const char *name) : name_(name) {}
    const char *name() const override { return name_; }
    bool supports(const Scene &s, Query q) const override { return s.dim == 3 && q <= Q_PENETRATION; }
    bool prepare(const Scene &s) override {
        release();
        if (s.dim != 3) return true;
        for (const Shape &sh : s.shapes) {
            fcl::ShapeBase<double> *g = nullptr;
            switch (sh.kind) {
            case Kind::Box: g = new fcl::Box<double>(2 * sh.half.x, 2 * sh.half.y, 2 * sh.half.z); break;
            case Kind::Sphere: g = new fcl::Sphere<double>(sh.radius); break;
            case Kind::Capsule: g = new fcl::Capsule<double>(sh.radius, 2 * sh.half_height); break;
            case Kind::Cylinder: g = new fcl::Cylinder<double>(sh.radius, 2 * sh.half_height); break;
            case Kind::Hull: {
                auto verts = std::make_shared<std::vector<Vec>>();
                for (const V3 &v : sh.pts) verts->push_back(Vec(v.x, v.y, v.z));
                auto faces = std::make_shared<std::vector<int>>();
                for (size_t t = 0; t + 2 < sh.tris.size(); t += 3) {
                    faces->push_back(3);
                    for (int k = 0; k < 3; ++k) faces->push_back(sh.tris[t + (size_t)k]);
                }
                g = new fcl::Convex<double>(verts, (int)(sh.tris.size() / 3), faces);
                break;
            }
            default: return false;
            }
            g->computeLocalAABB();
            shapes_.emplace_back(g);
        }
        for (const Pair &p : s.pairs) {
            ia_.push_back(p.a), ib_.push_back(p.b);
            ta_.push_back(transform(p.pa)), tb_.push_back(transform(p.pb));
        }
        Kind ka = s.shapes[(size_t)s.pairs[0].a].kind, kb = s.shapes[(size_t)s.pairs[0].b].kind;
        if (ka == Kind::Box && kb == Kind::Box) bind<fcl::Box<double>, fcl::Box<double>>();
        else if (ka == Kind::Sphere && kb == Kind::Box) bind<fcl::Sphere<double>, fcl::Box<double>>();
        else if (ka == Kind::Capsule && kb == Kind::Box) bind<fcl::Capsule<double>, fcl::Box<double>>();
        else if (ka == Kind::Cylinder && kb == Kind::Cylinder) bind<fcl::Cylinder<double>, fcl::Cylinder<double>>();
        else if (ka == Kind::Hull && kb == Kind::Hull) bind<fcl::Convex<double>, fcl::Convex<double>>();
        else return false;
        return true;
    }
    void release() override {
        shapes_.clear(), ia_.clear(), ib_.clear(), ta_.clear(), tb_.clear();
        run_ = nullptr, pass_ = nullptr;
    }
    Result run(Query q, int i) override { return run_(this, q, i); }
    double pass(Query q, const std::vector<int> &idx) override { return pass_(this, q, idx); }

private:
    template <class A, class B> void bind() {
        run_ = &run_typed<A, B>;
        pass_ = &pass_typed<A, B>;
    }
    template <class A> const A &shape(int k) const { return static_cast<const A &>(*shapes_[(size_t)k]); }

    template <class A, class B> static Result run_typed(FclLib *self, Query q, int i) {
        Result r;
        const A &a = self->template shape<A>(self->ia_[(size_t)i]);
        const B &b = self->template shape<B>(self->ib_[(size_t)i]);
        const Tf &ta = self->ta_[(size_t)i], &tb = self->tb_[(size_t)i];
        if (q == Q_INTERSECT) {
            r.valid = true;
            r.intersect = self->solver_.shapeIntersect(a, ta, b, tb, nullptr);
            return r;
        }
        if (q == Q_DISTANCE) {
            double d = -1;
            Vec p1 = Vec::Zero(), p2 = Vec::Zero();
            bool sep = self->solver_.shapeDistance(a, ta, b, tb, &d, &p1, &p2);
            r.valid = true;
            r.intersect = !sep;
            if (!sep) return r;
            r.distance = d;
            r.pa = from(p1), r.pb = from(p2);
            r.normal = unit(r.pb - r.pa);
            r.has_normal = r.has_points = true;
            return r;
        }
        std::vector<fcl::ContactPoint<double>> &contacts = self->contacts_;
        contacts.clear();
        bool hit = self->solver_.shapeIntersect(a, ta, b, tb, &contacts);
        r.intersect = hit;
        r.valid = hit && !contacts.empty();
        if (!r.valid) return r;
        size_t best = 0;
        for (size_t k = 1; k < contacts.size(); ++k)
            if (contacts[k].penetration_depth > contacts[best].penetration_depth) best = k;
        r.distance = -contacts[best].penetration_depth;
        r.normal = from(contacts[best].normal);
        r.pa = r.pb = from(contacts[best].pos);
        r.has_normal = true;
        return r;
    }
    template <class A, class B> static double pass_typed(FclLib *self, Query q, const std::vector<int> &idx) {
        double sum = 0;
        for (int i : idx) {
            const A &a = self->template shape<A>(self->ia_[(size_t)i]);
            const B &b = self->template shape<B>(self->ib_[(size_t)i]);
            const Tf &ta = self->ta_[(size_t)i], &tb = self->tb_[(size_t)i];
            if (q == Q_INTERSECT) {
                sum += self->solver_.shapeIntersect(a, ta, b, tb, nullptr);
            } else if (q == Q_DISTANCE) {
                double d = -1;
                Vec p1, p2;
                sum += self->solver_.shapeDistance(a, ta, b, tb, &d, &p1, &p2) + d;
            } else {
                self->contacts_.clear();
                sum += self->solver_.shapeIntersect(a, ta, b, tb, &self->contacts_);
                if (!self->contacts_.empty()) sum += self->contacts_[0].penetration_depth;
            }
        }
        return sum;
    }

    const char *name_;
    Solver solver_;
    std::vector<std::unique_ptr<fcl::ShapeBase<double>>> shapes_;
    std::vector<int> ia_, ib_;
    std::vector<Tf> ta_, tb_;
    std::vector<fcl::ContactPoint<double>> contacts_;
    Result (*run_)(FclLib *, Query, int) = nullptr;
    double (*pass_)(FclLib *, Query, const std::vector<int> &) = nullptr;
};

} // namespace

void add_fcl_libs(std::vector<std::unique_ptr<Lib>> &libs) {
    libs.emplace_back(new FclLib<fcl::detail::GJKSolver_libccd<double>>("fcl ccd"));
    libs.emplace_back(new FclLib<fcl::detail::GJKSolver_indep<double>>("fcl indep"));
}
