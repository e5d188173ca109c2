// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
/* FCL's instructions on the pairs of bench/count_sphere_box.c (the same generator, compiled in), through
   GJKSolver_indep<double> as the bench calls it (shapeIntersect without contacts, with contacts for penetration,
   shapeDistance with points): the figures gjk's are compared with. FCL takes each pose as a 3x4 transform, built
   here from the quaternion outside the counted function, as the bench does.
     g++ -O2 -I/usr/include/eigen3 -Iinclude -IBUILD/include bench/count_sphere_box_fcl.cpp BUILD/libgjk.a -lfcl -o
       count_fcl
     valgrind --tool=callgrind --toggle-collect='count_round_fcl*' ./count_fcl sphere-box distance */
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/detail/gjk_solver_indep.h>

#include <vector>

#define COUNT_SPHERE_BOX_NO_MAIN
extern "C" {
#include "count_sphere_box.c"
}

using Tf = fcl::Transform3<double>;
static std::vector<Tf> ta, tb;

static Tf transform(const gjk_pose3 &p) {
    Tf t = Tf::Identity();
    t.linear() = Eigen::Quaterniond(p.rotation.w, p.rotation.x, p.rotation.y, p.rotation.z).toRotationMatrix();
    t.translation() = Eigen::Vector3d(p.position.x, p.position.y, p.position.z);
    return t;
}

template <class A, class B>
__attribute__((noinline)) static double count_round_fcl(const std::vector<A> &sa, const std::vector<B> &sb, int q) {
    static fcl::detail::GJKSolver_indep<double> solver;
    static std::vector<fcl::ContactPoint<double>> contacts;
    double sum = 0;
    for (int k = 0; k < nsel; ++k) {
        int i = selected[k];
        if (q == 0) {
            sum += solver.shapeIntersect(sa[(size_t)i], ta[(size_t)i], sb[(size_t)i], tb[(size_t)i], nullptr);
        } else if (q == 1) {
            double d = -1;
            fcl::Vector3<double> p1, p2;
            sum += solver.shapeDistance(sa[(size_t)i], ta[(size_t)i], sb[(size_t)i], tb[(size_t)i], &d, &p1, &p2) + d;
        } else {
            contacts.clear();
            sum += solver.shapeIntersect(sa[(size_t)i], ta[(size_t)i], sb[(size_t)i], tb[(size_t)i], &contacts);
            if (!contacts.empty()) sum += contacts[0].penetration_depth;
        }
    }
    return sum;
}

static fcl::Box<double> box_of(const gjk_shape3 &s) {
    gjk_vec3 h = s.box.half_extents;
    return fcl::Box<double>(2 * h.x, 2 * h.y, 2 * h.z);
}

int main(int argc, char **argv) {
    const char *scene = argc > 1 ? argv[1] : "sphere-box", *query = argc > 2 ? argv[2] : "distance";
    int q = make_pairs(scene, query);
    if (q < 0) return 2;
    std::vector<fcl::Box<double>> boxes_a, boxes_b;
    std::vector<fcl::Sphere<double>> spheres;
    std::vector<fcl::Capsule<double>> capsules;
    for (int i = 0; i < N; ++i) {
        const gjk_shape3 &a = shapes[2 * i];
        if (a.type == GJK_SHAPE3_SPHERE) spheres.emplace_back(a.sphere.radius);
        else if (a.type == GJK_SHAPE3_CAPSULE) capsules.emplace_back(a.capsule.radius, 2 * a.capsule.half_height);
        else boxes_a.push_back(box_of(a));
        boxes_b.push_back(box_of(shapes[2 * i + 1]));
        ta.push_back(transform(pairs[i].pose_a));
        tb.push_back(transform(pairs[i].pose_b));
    }
    double acc = 0;
    for (int r = 0; r < ROUNDS; ++r)
        acc += !spheres.empty()    ? count_round_fcl(spheres, boxes_b, q)
               : !capsules.empty() ? count_round_fcl(capsules, boxes_b, q)
                                   : count_round_fcl(boxes_a, boxes_b, q);
    printf("fcl %s %s: %d calls, checksum %.17g\n", scene, query, ROUNDS * nsel, acc);
    return 0;
}
