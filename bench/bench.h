// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Side-by-side benchmark of gjk and its peers: the types every part shares.
//
// A Scene is a list of shapes (library independent, double precision, local frames) and a list of pairs (two shape
// indices and two poses). Each library adapter (a Lib) converts the whole scene into its own representation in
// prepare(), then answers queries on pair indices; nothing is converted while the clock runs.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// ---- small double-precision geometry ----------------------------------------------------------------------------

struct V3 {
    double x = 0, y = 0, z = 0;
};
inline V3 v3(double x, double y, double z) { return V3{x, y, z}; }
inline V3 operator+(V3 a, V3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
inline V3 operator-(V3 a, V3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
inline V3 operator-(V3 a) { return v3(-a.x, -a.y, -a.z); }
inline V3 operator*(double s, V3 a) { return v3(s * a.x, s * a.y, s * a.z); }
inline double dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline V3 cross(V3 a, V3 b) { return v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
inline double norm(V3 a) { return std::sqrt(dot(a, a)); }
inline V3 unit(V3 a) {
    double l = norm(a);
    return l > 0 ? (1.0 / l) * a : v3(0, 0, 0);
}

// Unit quaternion w + xi + yj + zk, local-to-world.
struct Quat {
    double w = 1, x = 0, y = 0, z = 0;
};
inline V3 rotate(Quat q, V3 v) {
    V3 u = v3(q.x, q.y, q.z);
    V3 t = 2.0 * cross(u, v);
    return v + q.w * t + cross(u, t);
}
inline V3 inv_rotate(Quat q, V3 v) { return rotate(Quat{q.w, -q.x, -q.y, -q.z}, v); }
inline Quat quat_mul(Quat a, Quat b) {
    return Quat{a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
inline Quat quat_normalized(Quat q) {
    double l = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    return Quat{q.w / l, q.x / l, q.y / l, q.z / l};
}
// The rotation by |w| radians about w (a rotation vector).
inline Quat quat_from_rotation_vector(V3 w) {
    double a = norm(w);
    if (a == 0) return Quat{};
    V3 ax = (1.0 / a) * w;
    double s = std::sin(0.5 * a);
    return Quat{std::cos(0.5 * a), s * ax.x, s * ax.y, s * ax.z};
}
// Row-major rotation matrix, world = m * local.
void quat_matrix(Quat q, double m[3][3]);

// 3D pose: world = rotate(q, local) + p. 2D poses use p.x, p.y and the angle.
struct Pose {
    V3 p;
    Quat q;
    double angle = 0; // 2D only
};
inline V3 apply(const Pose &P, V3 local) { return rotate(P.q, local) + P.p; }
inline V3 apply2(const Pose &P, V3 local) {
    double c = std::cos(P.angle), s = std::sin(P.angle);
    return v3(c * local.x - s * local.y + P.p.x, s * local.x + c * local.y + P.p.y, 0);
}

// ---- scenes -------------------------------------------------------------------------------------------------------

enum class Kind { Box, Sphere, Capsule, Cylinder, Hull, Polygon };

struct Shape {
    Kind kind = Kind::Box;
    V3 half;                 // box half extents
    double radius = 0;       // sphere, capsule, cylinder
    double half_height = 0;  // capsule, cylinder: along local z
    std::vector<V3> pts;     // hull vertices (3D), polygon vertices counter-clockwise (2D, z = 0)
    std::vector<int> tris;   // hull: outward-oriented triangles (3 indices each), from qhull
    double size = 0;         // bounding radius about the local origin
};

struct Pair {
    int a = 0, b = 0;
    Pose pa, pb;
    double f = 1;      // fraction of the touching distance B was placed at
    bool overlap = false; // f < 1
    V3 u;              // the direction B was placed along, and the touching offset t0 along it
    double t0 = 0;
    // raycast row (rows_scene.cpp): the ray origin + t * ray_d, t in [0, 1], against shape A at pose pa
    V3 ray_o, ray_d;
    // cast row: B starts at cast_pb (separated from A at pa) and translates by cast_v over the step; A stands still
    Pose cast_pb;
    V3 cast_v;
    int seq = -1;      // warm scenes: the sequence (moving pair) this frame belongs to; frames of one sequence are
                       // consecutive pairs
};

enum Query {
    Q_INTERSECT = 0,
    Q_DISTANCE = 1,
    Q_PENETRATION = 2,
    Q_RAYCAST = 3,  // ray against shape A (Pair::ray_o, ray_d)
    Q_CAST = 4,     // linear shape cast of B (Pair::cast_pb, cast_v) against A
    Q_MANIFOLD = 5, // contact manifold, speculative distance 0
    Q_COUNT = 6
};
const char *query_name(Query q);

// Exact (or certified) answer for one pair; see ref.cpp.
struct Ref {
    double sd = 0;            // signed distance: > 0 gap, < 0 minus the depth
    V3 normal;                // A to B
    bool normal_unique = false;
    bool have = false;        // computed
    double bracket = 0;       // certified bracket width (cylinders); 0 when exact
    // raycast row (rows_ref.cpp)
    bool ray_have = false, ray_hit = false, ray_ambiguous = false, ray_normal_unique = false;
    double ray_t = 0;
    V3 ray_normal;
    // cast row
    bool cast_have = false, cast_hit = false, cast_ambiguous = false, cast_certified = true;
    double cast_t = 0;
};

struct Scene {
    std::string name;
    long id = 0;      // unique per make_scene() call
    int dim = 3;
    std::vector<Shape> shapes;
    std::vector<Pair> pairs;
    std::vector<int> sel[Q_COUNT]; // pairs each query runs on: all, separated, overlapping
    std::vector<Ref> ref;          // per pair
    double scale = 1;              // typical shape size (for tolerances)
    unsigned queries = 0;          // bit q: the scene runs query q
    bool gjk_only = false;         // warm scenes: gjk cold against gjk warm, no peers, no exact references
};

// Scene names in table order, and the builder. `npairs` pairs, deterministic.
const std::vector<std::string> &scene_names();
bool make_scene(const std::string &name, int npairs, Scene &out);
// The rows added to every scene after its pairs (rays, casts) and the warm scenes (rows_scene.cpp): "warm-<base>",
// frames of pairs moving by small steps.
void add_rows(Scene &s);
const std::vector<std::string> &warm_scene_names();
bool make_warm_scene(const std::string &name, int npairs, Scene &out);

// ---- libraries --------------------------------------------------------------------------------------------------

struct Result {
    bool valid = false;     // the library gave an answer for this query (false: failure, or "not intersecting"
                            // for a penetration query on an overlapping pair)
    bool intersect = false;
    double distance = 0;    // distance query: gap; penetration: minus the depth
    V3 normal;              // A to B, when has_normal
    V3 pa, pb;              // witness / contact points, when has_points
    bool has_normal = false, has_points = false;
    // raycast / cast: valid, intersect = hit, distance = fraction / time of impact, normal
    // manifold: intersect = count > 0, count points with separations seps (distance = the smallest)
    int count = 0;
    double seps[16] = {};
    int iterations = 0; // GJK (+ EPA) iterations where the library reports them (gjk)
};

class Lib {
public:
    virtual ~Lib() {}
    virtual const char *name() const = 0;
    // Whether the library answers `q` on this scene at all (a '—' in the table otherwise).
    virtual bool supports(const Scene &s, Query q) const = 0;
    // Convert every shape and pose. Returns false when the scene cannot be represented.
    virtual bool prepare(const Scene &s) = 0;
    virtual void release() = 0;
    // One query, for accuracy.
    virtual Result run(Query q, int pair) = 0;
    // One timing pass over `idx`: the sum of something from every answer (fed to a volatile sink by the caller).
    virtual double pass(Query q, const std::vector<int> &idx) = 0;
};

// Factories (one per adapter file); a peer that is not built returns nothing.
void add_gjk_libs(std::vector<std::unique_ptr<Lib>> &libs);
// The relative tolerance of the "gjk tol" column (gjk_options.tolerance; 1e-4 unless --tolerance sets it).
void gjk_set_bench_tolerance(double t);
void add_ccd_libs(std::vector<std::unique_ptr<Lib>> &libs);
void add_bullet_libs(std::vector<std::unique_ptr<Lib>> &libs);
void add_fcl_libs(std::vector<std::unique_ptr<Lib>> &libs);
void add_box2d_libs(std::vector<std::unique_ptr<Lib>> &libs);
void add_bullet_row_libs(std::vector<std::unique_ptr<Lib>> &libs); // peer_bullet_rows.cpp: casts, clipping

// Used by scene generation: signed distance through gjk (placement by bisection), gjk's answer as the starting
// guess of the reference; see peer_gjk.cpp.
bool gjk_overlap(const Scene &s, const Pair &p);
// The shapes converted for gjk_overlap and gjk_signed are kept while the scene only grows; a scene builder that takes
// shapes back (pop_back) calls this, or the next shapes in their slots would be answered with the old ones.
void gjk_forget_shapes();
bool gjk_signed(const Scene &s, const Pair &p, double *sd, V3 *normal);

// ---- reference answers (ref.cpp) ----------------------------------------------------------------------------------

// Exact answers for every pair of scenes that have them (everything but cylinders).
void compute_refs(Scene &s);
// Cylinders: the certified bracket from every library's answers. Each candidate holds one library's results for
// one query, indexed like s.sel[q].
struct Candidates {
    Query q;
    const std::vector<Result> *res;
};
void compute_cylinder_refs(Scene &s, const std::vector<Candidates> &candidates);
// Whether moving B by `shift` leaves pair i disjoint (exact test).
bool separated_after_shift(const Scene &s, int i, V3 shift);
// Exact references of the raycast and cast rows (rows_ref.cpp, rows_cast_ref.cpp).
void compute_ray_refs(Scene &s);
void compute_cast_refs(Scene &s);
// Cylinders: the best lower bound of the gap of pair p with B at pose pb, by local search from n (n: the axis found).
double cylinder_gap_lb(const Scene &s, const Pair &p, const Pose &pb, V3 &n);
