/* gjk web demo: the 3D view. Two shapes as wireframes in perspective under an orbiting camera, B at a chosen distance
   from A and turned; the inset shows the silhouette of A - B, GJK's simplex at the chosen step and EPA's polytope.
   Sets window.gjkDemoParts.view3. */
'use strict';

(function () {
  const {
    COLORS, SHAPES3, view, inset, state, syncShapes, queryFrame, endFrame,
    blankCanvas, arrow, label, polyPath, drawAnswer, headline,
    insetMap, fillDifference, simplexVertices, closestLine, originAndCaption,
  } = window.gjkDemoParts.common;
  const tools = window.gjkDemoParts.tools;

  const MINKOWSKI_SAMPLES3 = 240;

  /* ---- quaternions [w, x, y, z] ------------------------------------------------------------------------------- */
  function quatAxisAngle(axis, angle) {
    const l = Math.hypot(axis[0], axis[1], axis[2]) || 1, s = Math.sin(angle / 2) / l;
    return [Math.cos(angle / 2), axis[0] * s, axis[1] * s, axis[2] * s];
  }
  function quatMul(a, b) {
    return [a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
      a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
      a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
      a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]];
  }

  /* ---- scene -> library ---------------------------------------------------------------------------------------- */
  function poses3() {
    const a = { p: [-1.0, 0, 0], q: quatAxisAngle([1, 1, 0.3], 0.5) };
    const b = {
      p: [-1.0 + state.offset3, 0.25, 0.2],
      q: quatMul(quatAxisAngle([0, 0, 1], state.turnB), quatAxisAngle([1, -0.4, 0.2], 0.9)),
    };
    return [a, b];
  }
  function sync3(api) {
    syncShapes(state.shapes3, state.dirty3, SHAPES3, api.set3, '3D');
    const p = poses3();
    api.pose3(0, p[0].p, p[0].q);
    api.pose3(1, p[1].p, p[1].q);
    state.poses3 = p;
    return p;
  }

  /* Convex hull of 2D points, counter-clockwise in y-up terms (monotone chain); for the inset's silhouette. */
  function convexHull2(points) {
    const p = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (p.length < 3) return p;
    const turn = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
    const lower = [], upper = [];
    for (const q of p) {
      while (lower.length >= 2 && turn(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
      lower.push(q);
    }
    for (let i = p.length - 1; i >= 0; --i) {
      const q = p[i];
      while (upper.length >= 2 && turn(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
      upper.push(q);
    }
    return lower.slice(0, -1).concat(upper.slice(0, -1));
  }

  /* ---- drawing ------------------------------------------------------------------------------------------------ */
  /* Camera: turn by yaw about world z, tilt by pitch; depth along the turned y axis, z up on screen. */
  function camRotate(p) {
    const { yaw, pitch } = state.cam;
    const cy = Math.cos(yaw), sy = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
    const x1 = cy * p[0] - sy * p[1], y1 = sy * p[0] + cy * p[1], z1 = p[2];
    return [x1, cp * y1 + sp * z1, -sp * y1 + cp * z1];
  }

  /* The inverse of camRotate. */
  function camUnrotate(q) {
    const { yaw, pitch } = state.cam;
    const cy = Math.cos(yaw), sy = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
    const y1 = cp * q[1] - sp * q[2], z1 = sp * q[1] + cp * q[2];
    return [cy * q[0] + sy * y1, -sy * q[0] + cy * y1, z1];
  }

  /* B's motion over the step for the sweep: velocity (vx, vy, 0), turning by w about world z. */
  function sweepMotion3() {
    const { vx, vy, w } = state.sweep;
    return { v: [vx, vy, 0], w: [0, 0, w] };
  }
  /* B's pose at time t of the step, as gjk_shape_cast3 moves it: the rotation vector t w applied after its rotation. */
  function poseAt3(pose, motion, t) {
    const wl = Math.hypot(...motion.w) * t;
    return { p: pose.p.map((x, k) => x + t * motion.v[k]), q: wl > 0 ? quatMul(quatAxisAngle(motion.w, wl), pose.q) : pose.q };
  }

  function wires(ctx, segs, project) {
    ctx.beginPath();
    for (let j = 0; j + 5 < segs.length; j += 6) {
      ctx.moveTo(...project([segs[j], segs[j + 1], segs[j + 2]]));
      ctx.lineTo(...project([segs[j + 3], segs[j + 4], segs[j + 5]]));
    }
    ctx.stroke();
  }

  /* The contact tool chosen in the *show* dropdown (demo_contacts.js), on the page's A (slot 0) and B (slot 1). */
  function drawTool3(api, ctx, project, poses, drawn) {
    if (state.tool === 'manifold') {
      tools.drawManifold(ctx, api.collide3(0, 1, state.speculative), project, 3, drawn);
    } else if (state.tool === 'ray') {
      const { from, to } = state.ray3, t = [0, 1, 2].map((k) => to[k] - from[k]);
      tools.drawRay(ctx, from, to, [0, 1].map((i) => api.raycast3(i, from, t, 1)), project, 3, drawn);
    } else if (state.tool === 'sweep') {
      const m = sweepMotion3(), b = poses[1];
      const c = api.cast3(0, 1, m.v, m.w);
      const ghost = (t, colour, width, dash) => {
        const p = poseAt3(b, m, t);
        api.pose3(1, p.p, p.q);
        ctx.strokeStyle = colour;
        ctx.lineWidth = width;
        ctx.setLineDash(dash);
        wires(ctx, api.wireframe3(1, 32), project);
        ctx.setLineDash([]);
      };
      tools.drawSweep(ctx, c, ghost, [b.p, poseAt3(b, m, 1).p], project, 3, drawn);
      api.pose3(1, b.p, b.q);
    }
  }

  /* One frame of the 3D view: query, main view, inset, read-out. */
  function frame3(api) {
    const poses = sync3(api);
    const { r, plain, k } = queryFrame((mode) => api.query3(0, 1, mode));
    const drawn = { view: '3d', colour: r.intersect ? 'touch' : 'apart', wireSegments: 0 };

    const [ctx, w, h] = blankCanvas(view);
    const centre = [(poses[0].p[0] + poses[1].p[0]) / 2, (poses[0].p[1] + poses[1].p[1]) / 2,
      (poses[0].p[2] + poses[1].p[2]) / 2];
    const D = 6, f = 760;
    const project = (p) => {
      const q = camRotate([p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]]);
      const z = D + q[1];
      return [w / 2 + f * q[0] / z, h / 2 - f * q[2] / z];
    };
    /* a canvas pixel back to the world, on the plane through the centre facing the camera (the ray tool's drag) */
    const unproject = (sx, sy) => camUnrotate([(sx - w / 2) * D / f, 0, -(sy - h / 2) * D / f]).map((x, k) => x + centre[k]);
    state.project3 = project;
    state.unproject3 = unproject;
    /* a floor grid for orientation */
    ctx.strokeStyle = '#eceef2';
    ctx.lineWidth = 1;
    const zf = -1.3;
    ctx.beginPath();
    for (let i = -3; i <= 3; ++i) {
      ctx.moveTo(...project([centre[0] + i * 0.5, centre[1] - 1.5, zf]));
      ctx.lineTo(...project([centre[0] + i * 0.5, centre[1] + 1.5, zf]));
      ctx.moveTo(...project([centre[0] - 1.5, centre[1] + i * 0.5, zf]));
      ctx.lineTo(...project([centre[0] + 1.5, centre[1] + i * 0.5, zf]));
    }
    ctx.stroke();
    const col = r.intersect ? COLORS.touch : COLORS.apart;
    for (let i = 0; i < 2; ++i) {
      const segs = api.wireframe3(i, 48);
      ctx.strokeStyle = i === 0 ? col.stroke : col.strokeB;
      ctx.lineWidth = 1.4;
      ctx.beginPath();
      for (let j = 0; j + 5 < segs.length; j += 6) {
        const a = project([segs[j], segs[j + 1], segs[j + 2]]), b = project([segs[j + 3], segs[j + 4], segs[j + 5]]);
        ctx.moveTo(...a);
        ctx.lineTo(...b);
      }
      ctx.stroke();
      drawn.wireSegments += segs.length / 6;
      const c = project(poses[i].p);
      label(ctx, i === 0 ? 'A' : 'B', c[0], c[1], '#333', 'center');
    }
    if (state.tool === 'query') {
      drawAnswer(ctx, r, project(r.pointA), project(r.pointB), drawn);
      tools.showToolReadout([]);
    } else {
      drawTool3(api, ctx, project, poses, drawn);
    }
    /* axes */
    const o = [60, h - 50], axes = [[1, 0, 0, '#d9480f', 'x'], [0, 1, 0, '#0b7285', 'y'], [0, 0, 1, '#1c6fd6', 'z']];
    for (const [ax, ay, az, c, n] of axes) {
      const q = camRotate([ax, ay, az]);
      arrow(ctx, o[0], o[1], o[0] + 30 * q[0], o[1] - 30 * q[2], c, 1.5);
      label(ctx, n, o[0] + 38 * q[0], o[1] - 38 * q[2], c, 'center');
    }
    headline(ctx, r);

    drawInset3(api, r, k, drawn);
    endFrame(drawn, r, plain, 3);
  }

  function drawInset3(api, r, k, drawn) {
    const [ctx, w, h] = blankCanvas(inset);
    const mink = api.minkowski3(0, 1, MINKOWSKI_SAMPLES3, true);
    const rot = [];
    for (let j = 0; j + 2 < mink.length; j += 3) rot.push(camRotate([mink[j], mink[j + 1], mink[j + 2]]));
    /* seen along the camera's depth axis: x right, z up */
    const fit = insetMap(rot.map((q) => [q[0], q[2]]), w, h);
    const mapRot = (q) => fit(q[0], q[2]);
    const map = (p) => mapRot(camRotate(p));
    /* the difference's silhouette: the hull of its projected points */
    fillDifference(ctx, convexHull2(rot.map(mapRot)), (p) => p);
    drawn.minkowskiSegments = rot.length / 2;

    /* EPA polytope: faces as wireframe, the best face filled */
    const ev = r.epa.vertices.map((v) => v.w), faces = r.epa.faces;
    drawn.epaVertices = ev.length;
    drawn.epaFaces = faces.length;
    const edges = new Set();
    ctx.strokeStyle = COLORS.epa;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (const f of faces) {
      for (let e = 0; e < 3; ++e) {
        const i = f[e], j = f[(e + 1) % 3], key = Math.min(i, j) + ',' + Math.max(i, j);
        if (edges.has(key) || !ev[i] || !ev[j]) continue;
        edges.add(key);
        ctx.moveTo(...map(ev[i]));
        ctx.lineTo(...map(ev[j]));
      }
    }
    ctx.stroke();
    drawn.epaEdges = edges.size;
    if (r.epa.best >= 0 && faces[r.epa.best]) {
      polyPath(ctx, faces[r.epa.best].map((i) => ev[i]), map, true);
      ctx.fillStyle = 'rgba(240, 140, 0, 0.35)';
      ctx.fill();
      ctx.strokeStyle = COLORS.epaBest;
      ctx.lineWidth = 2.5;
      ctx.stroke();
    }

    /* GJK simplex of step k: all its edges */
    drawn.simplexVertices = 0;
    drawn.step = k;
    if (k >= 0 && r.steps[k]) {
      const st = r.steps[k], pts = st.vertices.map((v) => v.w);
      ctx.strokeStyle = COLORS.simplex;
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (let i = 0; i < pts.length; ++i) {
        for (let j = i + 1; j < pts.length; ++j) {
          ctx.moveTo(...map(pts[i]));
          ctx.lineTo(...map(pts[j]));
        }
      }
      ctx.stroke();
      simplexVertices(ctx, pts.map(map));
      if (st.count < 4) closestLine(ctx, map([0, 0, 0]), map(st.closest));
      drawn.simplexVertices = pts.length;
    }
    originAndCaption(ctx, map([0, 0, 0]),
      'A \u2212 B of the cores (hull of ' + MINKOWSKI_SAMPLES3 + ' support points)', h);
  }

  window.gjkDemoParts.view3 = { frame3, poseAt3 };
})();
