/* gjk web demo: the page's JavaScript. The answers come from the C library compiled to WebAssembly (gjk_demo.js,
   gjk_demo.wasm, glue in demo_api.c, wrapped by gjk_api.js); this file keeps the scene, handles input and draws with
   Canvas2D.

   window.gjkDemo exposes the state and a few helpers for the browser test (demo/web/test/browser_test.mjs):
   state.result (the displayed query), state.drawn (what the last frame drew), toScreen2(), pixel(), query2/3(). */
'use strict';

(function () {
  const { STATUS_NAMES, MODE_PLAIN, MODE_DEBUG, MODE_FORCE, makeApi } = window.gjkApi;

  const COLORS = {
    apart: { fill: 'rgba(47, 158, 68, 0.30)', stroke: '#1f7a33', strokeB: '#2f9e44' },
    touch: { fill: 'rgba(215, 48, 42, 0.30)', stroke: '#a51d16', strokeB: '#e03131' },
    simplex: '#1c6fd6', simplexFill: 'rgba(28, 111, 214, 0.14)',
    epa: '#f08c00', epaBest: '#c2410c', epaFill: 'rgba(240, 140, 0, 0.22)',
    mink: '#d8d8d8', minkStroke: '#8a8a8a', core: '#555',
    pointA: '#0b4f9c', pointB: '#7b1fa2', vector: '#111',
  };

  /* ---- shapes offered in the dropdowns (local frames; 2D capsules along y, 3D along z) ------------------------ */
  const SHAPES2 = {
    polygon: { label: 'polygon', type: 'polygon', margin: 0,
      points: [[-0.9, -0.6], [0.7, -0.8], [1.1, 0.3], [0.1, 1.0], [-0.8, 0.6]] },
    box: { label: 'box', type: 'box', half_extents: [0.9, 0.55], margin: 0 },
    circle: { label: 'circle', type: 'circle', radius: 0.75, margin: 0 },
    capsule: { label: 'capsule', type: 'capsule', radius: 0.42, half_height: 0.6, margin: 0 },
    segment: { label: 'segment', type: 'segment', points: [[-1.0, -0.15], [1.0, 0.15]], margin: 0 },
    rounded: { label: 'rounded polygon', type: 'polygon', margin: 0.25,
      points: [[-0.65, -0.5], [0.75, -0.35], [0.05, 0.65]] },
  };
  const SHAPES3 = {
    box: { label: 'box', type: 'box', half_extents: [0.75, 0.55, 0.45] },
    hull: { label: 'hull', type: 'hull', points: [
      [0.9, 0, 0], [-0.7, 0.1, 0.05], [0.1, 0.8, 0.1], [0, -0.75, -0.1], [0.05, 0.1, 0.85], [-0.1, 0, -0.8],
      [0.5, 0.45, 0.4], [-0.45, -0.5, 0.45], [0.45, -0.4, -0.5], [-0.4, 0.5, -0.45], [0.2, 0.2, 0.2],
      [-0.55, 0.45, 0.35], [0.6, -0.5, 0.3]] },
    capsule: { label: 'capsule', type: 'capsule', radius: 0.4, half_height: 0.55 },
    cylinder: { label: 'cylinder', type: 'cylinder', radius: 0.55, half_height: 0.6 },
    sphere: { label: 'sphere', type: 'sphere', radius: 0.7 },
    cone: { label: 'cone', type: 'cone', radius: 0.65, half_height: 0.7 },
    ellipsoid: { label: 'ellipsoid', type: 'ellipsoid', radii: [0.9, 0.55, 0.45] },
  };

  /* ---- small math --------------------------------------------------------------------------------------------- */
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
  const fmt = (x, d = 4) => (Math.abs(x) < 5e-13 ? 0 : x).toFixed(d);
  const fmtVec = (v, n) => '(' + v.slice(0, n).map((x) => fmt(x, 3)).join(', ') + ')';

  /* ---- page state --------------------------------------------------------------------------------------------- */
  const $ = (id) => document.getElementById(id);
  const view = $('view'), inset = $('inset');
  const state = {
    ready: false,
    view: '2d',
    frame: 0,
    time: 0,
    force: true,
    stepPinned: -1, /* the GJK step shown; -1: the last */
    shapes2: [
      { kind: 'polygon', x: -1.7, y: -0.2, angle: 0.2 },
      { kind: 'box', x: 1.6, y: 0.35, angle: 0.5 },
    ],
    selected: 1,
    drag: null,
    anim: { on: false, paused: false, t: 0, radius: 0, phase: 0, spin: 0 },
    shapes3: [{ kind: 'hull' }, { kind: 'cylinder' }],
    offset3: 2.6,
    turnB: 0,
    cam: { yaw: 0.6, pitch: 0.32, spin: true, drag: null },
    result: null, /* the displayed query */
    plain: null,  /* the query without forcing GJK/EPA (= gjk_signed_distance2/3) */
    drawn: {},
    dirty2: [true, true],
    dirty3: [true, true],
  };
  let api = null;

  /* 2D world <-> canvas (CSS pixels): 80 px per unit, origin at the centre, y up. */
  const SCALE2 = 80;
  const MINKOWSKI_SAMPLES3 = 240;
  function toScreen2(x, y) { return [view.clientWidth / 2 + x * SCALE2, view.clientHeight / 2 - y * SCALE2]; }
  function toWorld2(px, py) { return [(px - view.clientWidth / 2) / SCALE2, (view.clientHeight / 2 - py) / SCALE2]; }

  function fitCanvas(c) {
    const dpr = window.devicePixelRatio || 1, w = c.clientWidth, h = c.clientHeight;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    const ctx = c.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    return ctx;
  }

  /* ---- scene -> library ---------------------------------------------------------------------------------------- */
  function pose2Of(i) {
    const s = state.shapes2[i];
    return [s.x, s.y, s.angle];
  }
  function sync2() {
    for (let i = 0; i < 2; ++i) {
      if (state.dirty2[i]) {
        const st = api.set2(i, SHAPES2[state.shapes2[i].kind]);
        if (st !== 0) throw new Error('2D shape rejected: ' + STATUS_NAMES[st]);
        state.dirty2[i] = false;
      }
      api.pose2(i, ...pose2Of(i));
    }
  }
  function poses3() {
    const a = { p: [-1.0, 0, 0], q: quatAxisAngle([1, 1, 0.3], 0.5) };
    const b = {
      p: [-1.0 + state.offset3, 0.25, 0.2],
      q: quatMul(quatAxisAngle([0, 0, 1], state.turnB), quatAxisAngle([1, -0.4, 0.2], 0.9)),
    };
    return [a, b];
  }
  function sync3() {
    for (let i = 0; i < 2; ++i) {
      if (state.dirty3[i]) {
        const st = api.set3(i, SHAPES3[state.shapes3[i].kind]);
        if (st !== 0) throw new Error('3D shape rejected: ' + STATUS_NAMES[st]);
        state.dirty3[i] = false;
      }
    }
    const p = poses3();
    api.pose3(0, p[0].p, p[0].q);
    api.pose3(1, p[1].p, p[1].q);
    return p;
  }

  /* ---- animation (2D): B orbits A and spins ------------------------------------------------------------------- */
  const ORBIT_SPEED = 0.55, SPIN_SPEED = 1.1;
  function startAnim() {
    const a = state.shapes2[0], b = state.shapes2[1], an = state.anim;
    an.on = true;
    an.paused = false;
    an.t = 0;
    an.radius = Math.max(0.3, Math.hypot(b.x - a.x, b.y - a.y));
    an.phase = Math.atan2(b.y - a.y, b.x - a.x);
    an.spin = b.angle;
  }
  function applyAnim() {
    const a = state.shapes2[0], b = state.shapes2[1], an = state.anim;
    b.x = a.x + an.radius * Math.cos(an.phase + ORBIT_SPEED * an.t);
    b.y = a.y + an.radius * Math.sin(an.phase + ORBIT_SPEED * an.t);
    b.angle = an.spin + SPIN_SPEED * an.t;
  }
  /* B was moved or turned by hand while animating: keep its orbit through where it now is. */
  function reanchorAnim() {
    const a = state.shapes2[0], b = state.shapes2[1], an = state.anim;
    an.radius = Math.hypot(b.x - a.x, b.y - a.y);
    an.phase = Math.atan2(b.y - a.y, b.x - a.x) - ORBIT_SPEED * an.t;
    an.spin = b.angle - SPIN_SPEED * an.t;
  }
  function updateAnimLabel() {
    const an = state.anim, el = $('anim-state-2d');
    el.textContent = an.on ? (an.paused ? 'paused' : 'running') + ', t = ' + an.t.toFixed(2) + ' s' : '';
  }

  /* ---- read-out ----------------------------------------------------------------------------------------------- */
  function showReadout(r, plain, dim) {
    const depth = r.intersect;
    $('readout-kind').textContent = depth ? 'depth' : 'distance';
    $('readout-value').textContent = fmt(depth ? -r.distance : r.distance, 6);
    $('readout-iterations').textContent = r.iterations + ' GJK + ' + r.epaIterations + ' EPA';
    $('readout-status').textContent = r.statusName;
    $('readout-path').textContent = r.pathName;
    $('readout-normal').textContent = fmtVec(r.normal, dim);
    $('readout-point-a').textContent = fmtVec(r.pointA, dim);
    $('readout-point-b').textContent = fmtVec(r.pointB, dim);
    $('readout-plain').textContent = fmt(plain.distance, 6) + ' (' + plain.pathName + ', ' + plain.statusName + ')';
  }

  function shownStep(r) {
    const n = r.steps.length;
    const slider = $('step-slider');
    slider.max = String(Math.max(0, n - 1));
    const k = state.stepPinned < 0 || state.stepPinned >= n ? n - 1 : state.stepPinned;
    if (state.stepPinned >= n) state.stepPinned = -1;
    slider.value = String(Math.max(0, k));
    slider.disabled = n <= 1;
    $('step-label').textContent = n === 0 ? 'no GJK steps (' + r.pathName + ')'
      : 'step ' + (k + 1) + ' of ' + n + (k === n - 1 ? ' (final)' : '') + ': ' + r.steps[k].count + ' vertices' +
        (r.epa.vertices.length ? '; EPA: ' + r.epa.vertices.length + ' vertices' : '');
    return k;
  }

  /* ---- drawing helpers ---------------------------------------------------------------------------------------- */
  function dot(ctx, x, y, r, color) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.fillStyle = color;
    ctx.fill();
  }
  function cross(ctx, x, y, r, color) {
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(x - r, y);
    ctx.lineTo(x + r, y);
    ctx.moveTo(x, y - r);
    ctx.lineTo(x, y + r);
    ctx.stroke();
  }
  function arrow(ctx, x0, y0, x1, y1, color, width) {
    const dx = x1 - x0, dy = y1 - y0, l = Math.hypot(dx, dy);
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
    if (l < 1e-9) return;
    const ux = dx / l, uy = dy / l, h = Math.min(10, l * 0.5);
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - h * ux - h * 0.5 * uy, y1 - h * uy + h * 0.5 * ux);
    ctx.lineTo(x1 - h * ux + h * 0.5 * uy, y1 - h * uy - h * 0.5 * ux);
    ctx.closePath();
    ctx.fill();
  }
  function label(ctx, text, x, y, color, align = 'left') {
    ctx.font = '12px system-ui, sans-serif';
    ctx.fillStyle = color;
    ctx.textAlign = align;
    ctx.textBaseline = 'middle';
    ctx.fillText(text, x, y);
  }
  function polyPath(ctx, pts, map, close) {
    ctx.beginPath();
    for (let i = 0; i < pts.length; ++i) {
      const [x, y] = map(pts[i]);
      if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    }
    if (close) ctx.closePath();
  }
  function pairs(flat) {
    const out = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
    return out;
  }

  /* ---- 2D view ------------------------------------------------------------------------------------------------ */
  function drawGrid(ctx, w, h) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    ctx.lineWidth = 1;
    for (let gx = Math.floor(-w / 2 / SCALE2); gx <= w / 2 / SCALE2; ++gx) {
      const [x] = toScreen2(gx, 0);
      ctx.strokeStyle = gx === 0 ? '#d5d9e0' : '#eef0f3';
      ctx.beginPath();
      ctx.moveTo(x + 0.5, 0);
      ctx.lineTo(x + 0.5, h);
      ctx.stroke();
    }
    for (let gy = Math.floor(-h / 2 / SCALE2); gy <= h / 2 / SCALE2; ++gy) {
      const [, y] = toScreen2(0, gy);
      ctx.strokeStyle = gy === 0 ? '#d5d9e0' : '#eef0f3';
      ctx.beginPath();
      ctx.moveTo(0, y + 0.5);
      ctx.lineTo(w, y + 0.5);
      ctx.stroke();
    }
  }

  function frame2() {
    sync2();
    const plain = api.query2(0, 1, MODE_DEBUG);
    const r = state.force ? api.query2(0, 1, MODE_FORCE) : plain;
    state.result = r;
    state.plain = plain;
    const k = shownStep(r);
    const drawn = { view: '2d', shapes: 0, colour: r.intersect ? 'touch' : 'apart', outlines: [] };

    /* main view */
    const ctx = fitCanvas(view), w = view.clientWidth, h = view.clientHeight;
    drawGrid(ctx, w, h);
    const col = r.intersect ? COLORS.touch : COLORS.apart;
    const map = (p) => toScreen2(p[0], p[1]);
    for (let i = 0; i < 2; ++i) {
      const pts = pairs(api.outline2(i, 96));
      drawn.outlines.push(pts);
      polyPath(ctx, pts, map, pts.length > 2);
      if (pts.length > 2) {
        ctx.fillStyle = col.fill;
        ctx.fill();
      }
      ctx.strokeStyle = i === 0 ? col.stroke : col.strokeB;
      ctx.lineWidth = pts.length > 2 ? (i === state.selected ? 3 : 1.5) : (i === state.selected ? 5 : 3.5);
      ctx.stroke();
      if (pts.length === 1) dot(ctx, ...map(pts[0]), 4, ctx.strokeStyle);
      const s = state.shapes2[i], [cx, cy] = toScreen2(s.x, s.y);
      label(ctx, i === 0 ? 'A' : 'B', cx, cy, '#333', 'center');
      drawn.shapes++;
    }
    const pa = map(r.pointA), pb = map(r.pointB);
    if (r.status !== 3) {
      if (r.intersect) {
        /* the penetration vector: moving B by depth * normal, i.e. from point_b to point_a, separates the pair */
        arrow(ctx, pb[0], pb[1], pa[0], pa[1], COLORS.vector, 2);
        drawn.vector = 'penetration';
      } else {
        ctx.setLineDash([5, 4]);
        arrow(ctx, pa[0], pa[1], pb[0], pb[1], COLORS.vector, 1.5);
        ctx.setLineDash([]);
        drawn.vector = 'separation';
      }
      dot(ctx, pa[0], pa[1], 4.5, COLORS.pointA);
      dot(ctx, pb[0], pb[1], 4.5, COLORS.pointB);
      label(ctx, 'a', pa[0] + 7, pa[1] - 8, COLORS.pointA);
      label(ctx, 'b', pb[0] + 7, pb[1] - 8, COLORS.pointB);
    }
    label(ctx, (r.intersect ? 'depth ' + fmt(-r.distance) : 'distance ' + fmt(r.distance)) +
      '   (' + r.pathName + ')', 10, 14, '#333');
    if (state.anim.on) label(ctx, state.anim.paused ? 'paused (Space / click to resume)' : 'animating', 10, 32, '#666');

    /* inset: the Minkowski difference */
    drawInset2(r, k, drawn);
    state.drawn = drawn;
    showReadout(r, plain, 2);
  }

  function drawInset2(r, k, drawn) {
    const ctx = fitCanvas(inset), w = inset.clientWidth, h = inset.clientHeight;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    const full = pairs(api.minkowski2(0, 1, 180, false));
    const rounded = r.radiusA + r.radiusB > 0 || r.path < 0;
    const core = rounded ? pairs(api.minkowski2(0, 1, 180, true)) : full;
    /* fit the difference and the origin */
    let x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (const [x, y] of full) {
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    }
    const pad = 22, s = Math.min((w - 2 * pad) / Math.max(x1 - x0, 1e-9), (h - 2 * pad - 14) / Math.max(y1 - y0, 1e-9));
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    const map = (p) => [w / 2 + (p[0] - cx) * s, (h - 14) / 2 - (p[1] - cy) * s];
    polyPath(ctx, full, map, true);
    ctx.fillStyle = '#ececec';
    ctx.fill();
    ctx.strokeStyle = COLORS.minkStroke;
    ctx.lineWidth = 1;
    ctx.stroke();
    if (core !== full) {
      ctx.setLineDash([4, 3]);
      polyPath(ctx, core, map, core.length > 2);
      ctx.strokeStyle = COLORS.core;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    drawn.minkowskiPoints = full.length;

    /* EPA polygon */
    const ev = r.epa.vertices;
    drawn.epaVertices = ev.length;
    drawn.epaEdges = ev.length >= 2 ? ev.length : 0;
    if (ev.length >= 2) {
      polyPath(ctx, ev.map((v) => v.w), map, true);
      ctx.fillStyle = COLORS.epaFill;
      ctx.fill();
      ctx.strokeStyle = COLORS.epa;
      ctx.lineWidth = 2;
      ctx.stroke();
      if (r.epa.best >= 0 && r.epa.best < ev.length) {
        const p = map(ev[r.epa.best].w), q = map(ev[(r.epa.best + 1) % ev.length].w);
        ctx.strokeStyle = COLORS.epaBest;
        ctx.lineWidth = 4;
        ctx.beginPath();
        ctx.moveTo(...p);
        ctx.lineTo(...q);
        ctx.stroke();
      }
      for (const v of ev) dot(ctx, ...map(v.w), 3, COLORS.epa);
    }

    /* the GJK simplex of step k */
    drawn.simplexVertices = 0;
    drawn.step = k;
    if (k >= 0 && r.steps[k]) {
      const st = r.steps[k], pts = st.vertices.map((v) => v.w);
      polyPath(ctx, pts, map, pts.length > 2);
      if (pts.length > 2) {
        ctx.fillStyle = COLORS.simplexFill;
        ctx.fill();
      }
      ctx.strokeStyle = COLORS.simplex;
      ctx.lineWidth = 2;
      ctx.stroke();
      pts.forEach((p, i) => {
        const [x, y] = map(p);
        dot(ctx, x, y, 4, COLORS.simplex);
        label(ctx, String(i), x + 6, y - 7, COLORS.simplex);
      });
      if (st.count < 3) { /* closest point of the simplex to the origin */
        const [ox, oy] = map([0, 0]), [qx, qy] = map(st.closest);
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = COLORS.simplex;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(ox, oy);
        ctx.lineTo(qx, qy);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.beginPath();
        ctx.arc(qx, qy, 5, 0, 2 * Math.PI);
        ctx.stroke();
      }
      drawn.simplexVertices = pts.length;
    }
    const [ox, oy] = map([0, 0]);
    cross(ctx, ox, oy, 7, '#000');
    label(ctx, 'O', ox + 6, oy + 9, '#000');
    label(ctx, 'A \u2212 B' + (core !== full ? ' (dashed: cores)' : ''), 8, h - 10, '#666');
  }

  /* Convex hull of 2D points, counter-clockwise in y-up terms (monotone chain); for the 3D inset's silhouette. */
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

  /* ---- 3D view ------------------------------------------------------------------------------------------------ */
  /* Camera: turn by yaw about world z, tilt by pitch; depth along the turned y axis, z up on screen. */
  function camRotate(p) {
    const { yaw, pitch } = state.cam;
    const cy = Math.cos(yaw), sy = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
    const x1 = cy * p[0] - sy * p[1], y1 = sy * p[0] + cy * p[1], z1 = p[2];
    return [x1, cp * y1 + sp * z1, -sp * y1 + cp * z1];
  }

  function frame3() {
    const poses = sync3();
    const plain = api.query3(0, 1, MODE_DEBUG);
    const r = state.force ? api.query3(0, 1, MODE_FORCE) : plain;
    state.result = r;
    state.plain = plain;
    const k = shownStep(r);
    const drawn = { view: '3d', colour: r.intersect ? 'touch' : 'apart', wireSegments: 0 };

    const ctx = fitCanvas(view), w = view.clientWidth, h = view.clientHeight;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    const centre = [(poses[0].p[0] + poses[1].p[0]) / 2, (poses[0].p[1] + poses[1].p[1]) / 2,
      (poses[0].p[2] + poses[1].p[2]) / 2];
    const D = 6, f = 760;
    const project = (p) => {
      const q = camRotate([p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]]);
      const z = D + q[1];
      return [w / 2 + f * q[0] / z, h / 2 - f * q[2] / z];
    };
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
    const pa = project(r.pointA), pb = project(r.pointB);
    if (r.status !== 3) {
      if (r.intersect) {
        arrow(ctx, pb[0], pb[1], pa[0], pa[1], COLORS.vector, 2);
        drawn.vector = 'penetration';
      } else {
        ctx.setLineDash([5, 4]);
        arrow(ctx, pa[0], pa[1], pb[0], pb[1], COLORS.vector, 1.5);
        ctx.setLineDash([]);
        drawn.vector = 'separation';
      }
      dot(ctx, pa[0], pa[1], 4.5, COLORS.pointA);
      dot(ctx, pb[0], pb[1], 4.5, COLORS.pointB);
    }
    /* axes */
    const o = [60, h - 50], axes = [[1, 0, 0, '#d9480f', 'x'], [0, 1, 0, '#0b7285', 'y'], [0, 0, 1, '#1c6fd6', 'z']];
    for (const [ax, ay, az, c, n] of axes) {
      const q = camRotate([ax, ay, az]);
      arrow(ctx, o[0], o[1], o[0] + 30 * q[0], o[1] - 30 * q[2], c, 1.5);
      label(ctx, n, o[0] + 38 * q[0], o[1] - 38 * q[2], c, 'center');
    }
    label(ctx, (r.intersect ? 'depth ' + fmt(-r.distance) : 'distance ' + fmt(r.distance)) +
      '   (' + r.pathName + ')', 10, 14, '#333');

    drawInset3(r, k, drawn);
    state.drawn = drawn;
    showReadout(r, plain, 3);
  }

  function drawInset3(r, k, drawn) {
    const ctx = fitCanvas(inset), w = inset.clientWidth, h = inset.clientHeight;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    const mink = api.minkowski3(0, 1, MINKOWSKI_SAMPLES3, true);
    const rot = [];
    let x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (let j = 0; j + 2 < mink.length; j += 3) {
      const q = camRotate([mink[j], mink[j + 1], mink[j + 2]]);
      rot.push(q);
      x0 = Math.min(x0, q[0]); x1 = Math.max(x1, q[0]); y0 = Math.min(y0, q[2]); y1 = Math.max(y1, q[2]);
    }
    const pad = 22, s = Math.min((w - 2 * pad) / Math.max(x1 - x0, 1e-9), (h - 2 * pad - 14) / Math.max(y1 - y0, 1e-9));
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    const mapRot = (q) => [w / 2 + (q[0] - cx) * s, (h - 14) / 2 - (q[2] - cy) * s];
    const map = (p) => mapRot(camRotate(p));
    /* the difference's silhouette: the hull of its projected points */
    const outline = convexHull2(rot.map(mapRot));
    polyPath(ctx, outline, (p) => p, true);
    ctx.fillStyle = '#ececec';
    ctx.fill();
    ctx.strokeStyle = COLORS.minkStroke;
    ctx.lineWidth = 1;
    ctx.stroke();
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
      pts.forEach((p, i) => {
        const [x, y] = map(p);
        dot(ctx, x, y, 4, COLORS.simplex);
        label(ctx, String(i), x + 6, y - 7, COLORS.simplex);
      });
      if (st.count < 4) {
        const [ox, oy] = map([0, 0, 0]), [qx, qy] = map(st.closest);
        ctx.setLineDash([3, 3]);
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(ox, oy);
        ctx.lineTo(qx, qy);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      drawn.simplexVertices = pts.length;
    }
    const [ox, oy] = map([0, 0, 0]);
    cross(ctx, ox, oy, 7, '#000');
    label(ctx, 'O', ox + 6, oy + 9, '#000');
    label(ctx, 'A \u2212 B of the cores (hull of ' + MINKOWSKI_SAMPLES3 + ' support points)', 8, h - 10, '#666');
  }

  /* ---- the loop ----------------------------------------------------------------------------------------------- */
  let last = 0;
  function tick(now) {
    const dt = last ? Math.min(0.1, (now - last) / 1000) : 0;
    last = now;
    try {
      if (state.view === '2d') {
        if (state.anim.on) {
          if (!state.anim.paused && !state.drag) state.anim.t += dt;
          applyAnim();
        }
        updateAnimLabel();
        frame2();
      } else {
        if (state.cam.spin && !state.cam.drag) state.cam.yaw += 0.25 * dt;
        frame3();
      }
      state.frame++;
      state.time = now;
    } catch (e) {
      showError(e);
      return;
    }
    requestAnimationFrame(tick);
  }

  function showError(e) {
    const el = $('error');
    el.hidden = false;
    el.textContent = 'error: ' + (e && e.message ? e.message : e);
    state.error = el.textContent;
    console.error(e);
  }

  /* ---- input -------------------------------------------------------------------------------------------------- */
  function eventPos(e) {
    const rect = view.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  }
  function insideOutline(pts, x, y) {
    if (pts.length === 1) return Math.hypot(pts[0][0] - x, pts[0][1] - y) < 8 / SCALE2;
    if (pts.length === 2) { /* a bare segment: within a few pixels */
      const [a, b] = pts, dx = b[0] - a[0], dy = b[1] - a[1], l2 = dx * dx + dy * dy;
      const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (l2 || 1)));
      return Math.hypot(a[0] + t * dx - x, a[1] + t * dy - y) < 8 / SCALE2;
    }
    for (let i = 0; i < pts.length; ++i) { /* counter-clockwise convex polygon */
      const a = pts[i], b = pts[(i + 1) % pts.length];
      if ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) < 0) return false;
    }
    return true;
  }
  function hit2(px, py) {
    const [x, y] = toWorld2(px, py), outlines = state.drawn.outlines || [];
    for (const i of [state.selected, 1 - state.selected]) {
      if (outlines[i] && insideOutline(outlines[i], x, y)) return i;
    }
    return -1;
  }
  function rotateSelected(delta) {
    if (state.view === '3d') {
      state.turnB += delta;
      return;
    }
    const s = state.shapes2[state.selected];
    s.angle += delta;
    if (state.anim.on && state.selected === 1) reanchorAnim();
  }

  view.addEventListener('mousedown', (e) => {
    if (e.button !== 0) return;
    view.focus();
    const [px, py] = eventPos(e);
    if (state.view === '3d') {
      state.cam.drag = { px, py, yaw: state.cam.yaw, pitch: state.cam.pitch };
      e.preventDefault();
      return;
    }
    const i = hit2(px, py);
    if (i >= 0) {
      state.selected = i;
      const s = state.shapes2[i], [wx, wy] = toWorld2(px, py);
      state.drag = { slot: i, dx: s.x - wx, dy: s.y - wy };
      view.style.cursor = 'grabbing';
    } else if (state.anim.on) {
      state.anim.paused = !state.anim.paused;
    }
    e.preventDefault();
  });
  window.addEventListener('mousemove', (e) => {
    const [px, py] = eventPos(e);
    if (state.cam.drag) {
      const d = state.cam.drag;
      state.cam.yaw = d.yaw + (px - d.px) * 0.01;
      state.cam.pitch = Math.max(-1.4, Math.min(1.4, d.pitch + (py - d.py) * 0.01));
      return;
    }
    if (!state.drag) return;
    const [wx, wy] = toWorld2(px, py), s = state.shapes2[state.drag.slot];
    s.x = wx + state.drag.dx;
    s.y = wy + state.drag.dy;
    if (state.anim.on && state.drag.slot === 1) reanchorAnim();
  });
  window.addEventListener('mouseup', () => {
    state.drag = null;
    state.cam.drag = null;
    view.style.cursor = '';
  });
  view.addEventListener('wheel', (e) => {
    e.preventDefault();
    if (state.view === '2d') {
      const i = hit2(...eventPos(e));
      if (i >= 0) state.selected = i;
    }
    rotateSelected(e.deltaY > 0 ? 0.08 : -0.08);
  }, { passive: false });

  function stepBy(delta) {
    const n = state.result ? state.result.steps.length : 0;
    if (n === 0) return;
    let k = state.stepPinned < 0 ? n - 1 : state.stepPinned;
    k = Math.max(0, Math.min(n - 1, k + delta));
    state.stepPinned = k === n - 1 ? -1 : k;
  }

  window.addEventListener('keydown', (e) => {
    /* keys typed into a control (a dropdown, the slider, a checkbox) are the control's */
    const tag = e.target && e.target.tagName;
    if (tag === 'SELECT' || tag === 'INPUT' || tag === 'BUTTON' || tag === 'TEXTAREA') return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    let handled = true;
    switch (e.key) {
      case 'q': case 'Q': rotateSelected(0.1); break;
      case 'e': case 'E': rotateSelected(-0.1); break;
      case ' ':
        if (state.view === '2d') {
          if (!state.anim.on) {
            startAnim();
            $('animate-2d').checked = true;
          } else {
            state.anim.paused = !state.anim.paused;
          }
        } else {
          state.cam.spin = !state.cam.spin;
          $('spin-3d').checked = state.cam.spin;
        }
        break;
      case 'ArrowLeft': case 'ArrowRight': {
        const sgn = e.key === 'ArrowLeft' ? -1 : 1;
        if (state.view === '2d') {
          if (!state.anim.on) { startAnim(); $('animate-2d').checked = true; }
          state.anim.paused = true;
          state.anim.t = Math.max(0, state.anim.t + sgn * 0.05);
        } else {
          state.offset3 = Math.max(0, Math.min(3.5, state.offset3 + sgn * 0.05));
          $('offset-3d').value = String(state.offset3);
        }
        break;
      }
      case '[': case ',': stepBy(-1); break;
      case ']': case '.': stepBy(1); break;
      default: handled = false;
    }
    if (handled) e.preventDefault();
  });

  function fillSelect(sel, table, value) {
    for (const [key, spec] of Object.entries(table)) {
      const o = document.createElement('option');
      o.value = key;
      o.textContent = spec.label;
      sel.appendChild(o);
    }
    sel.value = value;
  }

  function setView(v) {
    state.view = v;
    state.stepPinned = -1;
    $('tab-2d').classList.toggle('active', v === '2d');
    $('tab-3d').classList.toggle('active', v === '3d');
    $('tab-2d').setAttribute('aria-selected', String(v === '2d'));
    $('tab-3d').setAttribute('aria-selected', String(v === '3d'));
    $('controls-2d').hidden = v !== '2d';
    $('controls-3d').hidden = v !== '3d';
    $('help-2d').hidden = v !== '2d';
    $('help-3d').hidden = v !== '3d';
    view.style.cursor = v === '3d' ? 'move' : '';
  }

  function wireControls() {
    fillSelect($('shape-a-2d'), SHAPES2, state.shapes2[0].kind);
    fillSelect($('shape-b-2d'), SHAPES2, state.shapes2[1].kind);
    fillSelect($('shape-a-3d'), SHAPES3, state.shapes3[0].kind);
    fillSelect($('shape-b-3d'), SHAPES3, state.shapes3[1].kind);
    ['a', 'b'].forEach((n, i) => {
      $('shape-' + n + '-2d').addEventListener('change', (e) => {
        state.shapes2[i].kind = e.target.value;
        state.dirty2[i] = true;
        state.stepPinned = -1;
      });
      $('shape-' + n + '-3d').addEventListener('change', (e) => {
        state.shapes3[i].kind = e.target.value;
        state.dirty3[i] = true;
        state.stepPinned = -1;
      });
    });
    $('animate-2d').addEventListener('change', (e) => {
      if (e.target.checked) startAnim(); else state.anim.on = false;
    });
    $('force-gjk').addEventListener('change', (e) => { state.force = e.target.checked; state.stepPinned = -1; });
    $('step-slider').addEventListener('input', (e) => {
      const n = state.result ? state.result.steps.length : 0, k = Number(e.target.value);
      state.stepPinned = k >= n - 1 ? -1 : k;
    });
    $('offset-3d').addEventListener('input', (e) => { state.offset3 = Number(e.target.value); });
    $('spin-3d').addEventListener('change', (e) => { state.cam.spin = e.target.checked; });
    $('tab-2d').addEventListener('click', () => setView('2d'));
    $('tab-3d').addEventListener('click', () => setView('3d'));
  }

  /* ---- for the browser test ----------------------------------------------------------------------------------- */
  function pixel(canvasId, x, y) {
    const c = $(canvasId), dpr = c.width / c.clientWidth;
    const d = c.getContext('2d').getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data;
    return [d[0], d[1], d[2], d[3]];
  }
  /* Pixels of the canvas within `tol` of an RGB colour. */
  function countColour(canvasId, rgb, tol = 40) {
    const c = $(canvasId), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - rgb[0]) + Math.abs(d[i + 1] - rgb[1]) + Math.abs(d[i + 2] - rgb[2]) <= tol) ++n;
    }
    return n;
  }
  /* One query on the scratch slots 2 and 3 (the page's own shapes are untouched). spec: {type, ...fields of the
     README's scene format}; pose: {position, rotation}. mode: 0 plain, 1 debug, 2 forced GJK/EPA. */
  function query2(specA, specB, mode = MODE_PLAIN) {
    const st = [api.set2(2, specA), api.set2(3, specB)];
    if (st[0] || st[1]) return { setStatus: st };
    api.pose2(2, ...(specA.position || [0, 0]), specA.rotation || 0);
    api.pose2(3, ...(specB.position || [0, 0]), specB.rotation || 0);
    return api.query2(2, 3, mode);
  }
  function query3(specA, specB, mode = MODE_PLAIN) {
    const st = [api.set3(2, specA), api.set3(3, specB)];
    if (st[0] || st[1]) return { setStatus: st };
    api.pose3(2, specA.position || [0, 0, 0], specA.rotation || [1, 0, 0, 0]);
    api.pose3(3, specB.position || [0, 0, 0], specB.rotation || [1, 0, 0, 0]);
    return api.query3(2, 3, mode);
  }

  window.gjkDemo = {
    state, SHAPES2, SHAPES3, COLORS, toScreen2, toWorld2, pixel, countColour, query2, query3, setView,
    get api() { return api; },
  };

  /* ---- start -------------------------------------------------------------------------------------------------- */
  wireControls();
  setView('2d');
  if (typeof createGjk !== 'function') {
    showError(new Error('gjk_demo.js did not load: build it with demo/web/build.sh and serve build-web/'));
    return;
  }
  createGjk().then((M) => {
    api = makeApi(M);
    state.ready = true;
    requestAnimationFrame(tick);
  }, (e) => {
    /* browsers do not fetch the .wasm from a file:// page */
    const hint = location.protocol === 'file:' ? ' (open the page through a web server, e.g. ' +
      '`python3 -m http.server -d build-web`, not as a file)' : '';
    showError(new Error((e && e.message ? e.message : String(e)) + hint));
  });
})();
