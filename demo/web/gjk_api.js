/* gjk web demo: the WebAssembly module (gjk_demo.js / .wasm, built from demo_api.c, demo_contacts.c, demo_geometry.c,
   demo_world.c and the library) behind a small JavaScript API: shapes and poses in, results with their debug record
   (GJK steps, EPA polytope), drawing geometry and the world view's step out, read from the module's static buffers
   through HEAPF64. Sets window.gjkApi. */
'use strict';

(function () {
  /* ---- the result buffer's layout: the OUT_* constants of demo_api.c ---------------------------------------- */
  const OUT = {
    STATUS: 0, INTERSECT: 1, DISTANCE: 2, NORMAL: 3, POINT_A: 6, POINT_B: 9, ITERATIONS: 12, EPA_ITERATIONS: 13,
    PATH: 14, RADIUS_A: 15, RADIUS_B: 16, STEP_COUNT: 17, EPA_VERTEX_COUNT: 18, EPA_FACE_COUNT: 19, EPA_BEST: 20,
    STEPS_AT: 21, STEP_STRIDE: 22, EPA_VERTICES_AT: 23, EPA_FACES_AT: 24, DIM: 25,
  };
  const STATUS_NAMES = ['ok', 'max_iterations', 'degenerate', 'invalid_input', 'out_of_memory'];
  const PATH_NAMES = ['none', 'closed form', 'gjk', 'gjk+epa'];
  const CAST_STATES = ['hit', 'separated', 'overlapped', 'failed']; /* gjk_cast_state */
  const KIND_SIGNED_DISTANCE = 3;
  const MODE_PLAIN = 0, MODE_DEBUG = 1, MODE_FORCE = 2;

  /* ---- the WebAssembly module behind a small API -------------------------------------------------------------- */
  function makeApi(M) {
    const inputAt = M._demo_input() >> 3, resultAt = M._demo_result() >> 3, geometryAt = M._demo_geometry() >> 3;
    const contactsAt = M._demo_contacts() >> 3;
    const inputSize = M._demo_input_size();
    const heap = () => M.HEAPF64; /* re-read: memory growth replaces the view */

    function writeInput(points) {
      const flat = points.flat();
      if (flat.length > inputSize) throw new Error('too many points');
      heap().set(flat, inputAt);
    }
    function vec(h, at) { return [h[at], h[at + 1], h[at + 2]]; }
    function vertex(h, at) { return { w: vec(h, at), a: vec(h, at + 3), b: vec(h, at + 6) }; }

    function readResult() {
      const h = heap(), o = resultAt;
      const r = {
        dim: h[o + OUT.DIM],
        status: h[o + OUT.STATUS],
        intersect: h[o + OUT.INTERSECT] !== 0,
        distance: h[o + OUT.DISTANCE],
        normal: vec(h, o + OUT.NORMAL),
        pointA: vec(h, o + OUT.POINT_A),
        pointB: vec(h, o + OUT.POINT_B),
        iterations: h[o + OUT.ITERATIONS],
        epaIterations: h[o + OUT.EPA_ITERATIONS],
        path: h[o + OUT.PATH],
        radiusA: h[o + OUT.RADIUS_A],
        radiusB: h[o + OUT.RADIUS_B],
        steps: [],
        epa: { vertices: [], faces: [], best: h[o + OUT.EPA_BEST] },
      };
      r.statusName = STATUS_NAMES[r.status] || String(r.status);
      r.pathName = r.path < 0 ? 'plain' : (PATH_NAMES[r.path] || String(r.path));
      const stepsAt = o + h[o + OUT.STEPS_AT], stride = h[o + OUT.STEP_STRIDE];
      for (let s = 0; s < h[o + OUT.STEP_COUNT]; ++s) {
        const at = stepsAt + s * stride, count = h[at];
        const step = { count, closest: vec(h, at + 1), vertices: [] };
        for (let k = 0; k < count; ++k) step.vertices.push(vertex(h, at + 4 + 9 * k));
        r.steps.push(step);
      }
      const vAt = o + h[o + OUT.EPA_VERTICES_AT], fAt = o + h[o + OUT.EPA_FACES_AT];
      for (let i = 0; i < h[o + OUT.EPA_VERTEX_COUNT]; ++i) r.epa.vertices.push(vertex(h, vAt + 9 * i));
      for (let f = 0; f < h[o + OUT.EPA_FACE_COUNT]; ++f) {
        r.epa.faces.push([h[fAt + 3 * f], h[fAt + 3 * f + 1], h[fAt + 3 * f + 2]]);
      }
      return r;
    }

    /* demo_contacts.c's buffer after a manifold, ray cast or shape cast */
    function readManifold() {
      const h = heap(), o = contactsAt, count = h[o + 1];
      const m = { status: h[o], count, iterations: h[o + 2], normal: vec(h, o + 3), points: [] };
      for (let k = 0; k < count; ++k) {
        const at = o + 8 + 8 * k;
        m.points.push({ pointA: vec(h, at), pointB: vec(h, at + 3), separation: h[at + 6], id: h[at + 7] });
      }
      m.statusName = STATUS_NAMES[m.status] || String(m.status);
      return m;
    }
    function readRay() {
      const h = heap(), o = contactsAt;
      return { status: h[o], statusName: STATUS_NAMES[h[o]] || String(h[o]), hit: h[o + 1] !== 0,
        inside: h[o + 2] !== 0, fraction: h[o + 3], point: vec(h, o + 4), normal: vec(h, o + 7), iterations: h[o + 10] };
    }
    function readCast() {
      const h = heap(), o = contactsAt;
      return { status: h[o], statusName: STATUS_NAMES[h[o]] || String(h[o]), state: h[o + 1],
        stateName: CAST_STATES[h[o + 1]] || String(h[o + 1]), hit: h[o + 2] !== 0, t: h[o + 3], normal: vec(h, o + 4),
        pointA: vec(h, o + 7), pointB: vec(h, o + 10), point: vec(h, o + 13), iterations: h[o + 16] };
    }

    /* demo_world.c's buffers: poses in, the step's numbers, contacts and tree nodes out */
    const worldAt = { poses: M._demo_world_poses() >> 3, stats: M._demo_world_stats() >> 3,
      contacts: M._demo_world_contacts() >> 3, nodes: M._demo_world_nodes() >> 3 };
    const worldStride = M._demo_world_contact_stride(), worldMax = M._demo_world_max();
    const WORLD_KINDS = { box: 0, circle: 1, capsule: 2, polygon: 3 };
    function readWorld() {
      const written = M._demo_world_read(), h = heap(), s = worldAt.stats;
      const stats = { bodies: h[s], pairs: h[s + 1], contacts: h[s + 2], height: h[s + 4], cost: h[s + 5],
        nodes: h[s + 6], begins: h[s + 7], ends: h[s + 8], broadMs: h[s + 9], narrowMs: h[s + 10], endMs: h[s + 11] };
      const contacts = [];
      for (let k = 0; k < written; ++k) {
        const o = worldAt.contacts + k * worldStride, count = h[o + 2], points = [];
        for (let j = 0; j < count; ++j) {
          const q = o + 5 + 5 * j;
          points.push({ pointA: [h[q], h[q + 1]], pointB: [h[q + 2], h[q + 3]], separation: h[q + 4] });
        }
        contacts.push({ a: h[o], b: h[o + 1], count, normal: [h[o + 3], h[o + 4]], points });
      }
      /* 6 numbers a node: lower x, y, upper x, y, depth, leaf (1) or not (0) */
      const nodes = h.slice(worldAt.nodes, worldAt.nodes + 6 * stats.nodes);
      return { stats, contacts, nodes };
    }

    function geometry(stride) {
      const h = heap(), n = h[geometryAt];
      return h.slice(geometryAt + 1, geometryAt + 1 + n * stride);
    }

    return {
      /* 2D: returns the library's verdict on the shape (0 = GJK_OK) */
      set2(slot, spec) {
        const m = spec.margin || 0;
        switch (spec.type) {
          case 'polygon': writeInput(spec.points); return M._demo2_set_polygon(slot, spec.points.length, m);
          case 'box': return M._demo2_set_box(slot, spec.half_extents[0], spec.half_extents[1], m);
          case 'circle': return M._demo2_set_circle(slot, spec.radius, m);
          case 'capsule': return M._demo2_set_capsule(slot, spec.radius, spec.half_height, m);
          case 'segment': {
            const [a, b] = spec.points;
            return M._demo2_set_segment(slot, a[0], a[1], b[0], b[1], m);
          }
          case 'point': return M._demo2_set_point(slot, m);
          default: throw new Error('unknown 2D shape ' + spec.type);
        }
      },
      pose2(slot, x, y, angle) { M._demo2_set_pose(slot, x, y, angle); },
      collide2(ia, ib, speculative) { M._demo2_collide(ia, ib, speculative); return readManifold(); },
      raycast2(slot, o, t, maxFraction = 1) {
        M._demo2_raycast(slot, o[0], o[1], t[0], t[1], maxFraction);
        return readRay();
      },
      /* B moving by v and turning by w over the step, A still */
      cast2(ia, ib, v, w) { M._demo2_cast(ia, ib, v[0], v[1], w); return readCast(); },
      query2(ia, ib, mode, kind = KIND_SIGNED_DISTANCE) { M._demo2_query(ia, ib, kind, mode); return readResult(); },
      outline2(slot, arcSegments) { M._demo2_outline(slot, arcSegments); return geometry(2); },
      minkowski2(ia, ib, count, core) { M._demo2_minkowski(ia, ib, count, core ? 1 : 0); return geometry(2); },
      /* the world view: a fresh world, bodies (spec as set2's, box / circle / capsule / polygon, at x, y, angle;
         returns the body id or -1), every body's pose [x, y, angle] then a step (returns the status), the results */
      worldMax: worldMax,
      worldReset(fatMargin) { return M._demo_world_reset(fatMargin); },
      worldAdd(spec, x, y, angle) {
        const kind = WORLD_KINDS[spec.type];
        if (kind === undefined) throw new Error('no world body of type ' + spec.type);
        if (spec.type === 'polygon') writeInput(spec.points);
        const a = spec.type === 'box' ? spec.half_extents[0] : spec.radius || 0;
        const b = spec.type === 'box' ? spec.half_extents[1] : spec.half_height || 0;
        return M._demo_world_add(kind, a, b, spec.points ? spec.points.length : 0, x, y, angle);
      },
      worldStep(bodies) {
        const h = heap();
        let at = worldAt.poses;
        for (const b of bodies) {
          h[at] = b.x;
          h[at + 1] = b.y;
          h[at + 2] = b.angle;
          at += 3;
        }
        return M._demo_world_step();
      },
      worldRead: readWorld,
      /* 3D */
      set3(slot, spec) {
        const m = spec.margin || 0;
        switch (spec.type) {
          case 'hull': writeInput(spec.points); return M._demo3_set_hull(slot, spec.points.length, m);
          case 'box': return M._demo3_set_box(slot, ...spec.half_extents, m);
          case 'sphere': return M._demo3_set_sphere(slot, spec.radius, m);
          case 'capsule': return M._demo3_set_capsule(slot, spec.radius, spec.half_height, m);
          case 'cylinder': return M._demo3_set_cylinder(slot, spec.radius, spec.half_height, m);
          case 'cone': return M._demo3_set_cone(slot, spec.radius, spec.half_height, m);
          case 'ellipsoid': return M._demo3_set_ellipsoid(slot, ...spec.radii, m);
          default: throw new Error('unknown 3D shape ' + spec.type);
        }
      },
      pose3(slot, p, q) { M._demo3_set_pose(slot, p[0], p[1], p[2], q[0], q[1], q[2], q[3]); },
      collide3(ia, ib, speculative) { M._demo3_collide(ia, ib, speculative); return readManifold(); },
      raycast3(slot, o, t, maxFraction = 1) {
        M._demo3_raycast(slot, o[0], o[1], o[2], t[0], t[1], t[2], maxFraction);
        return readRay();
      },
      cast3(ia, ib, v, w) { M._demo3_cast(ia, ib, v[0], v[1], v[2], w[0], w[1], w[2]); return readCast(); },
      query3(ia, ib, mode, kind = KIND_SIGNED_DISTANCE) { M._demo3_query(ia, ib, kind, mode); return readResult(); },
      wireframe3(slot, segments) { M._demo3_wireframe(slot, segments); return geometry(6); },
      minkowski3(ia, ib, count, core) { M._demo3_minkowski(ia, ib, count, core ? 1 : 0); return geometry(6); },
    };
  }

  window.gjkApi = { OUT, STATUS_NAMES, PATH_NAMES, CAST_STATES, KIND_SIGNED_DISTANCE, MODE_PLAIN, MODE_DEBUG, MODE_FORCE, makeApi };
})();
