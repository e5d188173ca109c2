/* gjk web demo: what the 2D view (demo_2d.js), the 3D view (demo_3d.js), the world view (demo_world.js) and the
   page (demo.js) share: the shapes
   offered, the page state, number formats, the read-out, and Canvas2D drawing helpers, the inset's among them.
   Sets window.gjkDemoParts.common. */
'use strict';

(function () {
  const { STATUS_NAMES, MODE_DEBUG, MODE_FORCE } = window.gjkApi;

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
    /* the contact tools (demo_contacts.js): 'query' (closest points), 'manifold', 'ray' or 'sweep' */
    tool: 'query',
    speculative: 0.1,
    ray2: { from: [-3.6, -1.3], to: [3.8, 1.5] }, /* world */
    ray3: { from: [-3.2, -0.9, 0.35], to: [3.4, 1.0, 0.05] },
    rayDrag: false,
    sweep: { vx: -3.2, vy: -0.3, w: 1.2 }, /* B's motion over the step (3D: z = 0, turning about z) */
    /* the world view (demo_world.js): the bodies (spec, pose, velocity), the last step's results (stats, contacts,
       tree nodes), the step times of the last frames; built: the count the world was made for (-1: none yet) */
    world: { count: 300, paused: false, speed: 1, showTree: true, showContacts: true, bodies: [], last: null,
      times: [], built: -1, steps: 0, drawnPoints: 0 },
  };

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

  /* The GJK step to show (the pinned one, else the last); sets the step slider and its label. */
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

  /* ---- a frame ------------------------------------------------------------------------------------------------ */
  /* Hands the library, through set(slot, spec), each of A and B whose kind changed (dirty) since the last frame. */
  function syncShapes(shapes, dirty, table, set, what) {
    for (let i = 0; i < 2; ++i) {
      if (!dirty[i]) continue;
      const st = set(i, table[shapes[i].kind]);
      if (st !== 0) throw new Error(what + ' shape rejected: ' + STATUS_NAMES[st]);
      dirty[i] = false;
    }
  }
  /* The frame's queries through query(mode): the plain one (the read-out's last line) and the one displayed, forced
     through GJK and EPA while the box is ticked; both kept in the state, with the step to show (shownStep). */
  function queryFrame(query) {
    const plain = query(MODE_DEBUG);
    const r = state.force ? query(MODE_FORCE) : plain;
    state.result = r;
    state.plain = plain;
    return { r, plain, k: shownStep(r) };
  }
  /* The frame drawn: its record for the test, and the read-out. */
  function endFrame(drawn, r, plain, dim) {
    state.drawn = drawn;
    showReadout(r, plain, dim);
  }

  /* ---- drawing helpers ---------------------------------------------------------------------------------------- */
  /* Canvas c fitted to its size and cleared to white: [context, width, height] in CSS pixels. */
  function blankCanvas(c) {
    const ctx = fitCanvas(c), w = c.clientWidth, h = c.clientHeight;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, w, h);
    return [ctx, w, h];
  }
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

  /* ---- the answer in the main view ---------------------------------------------------------------------------- */
  /* The closest points a and b (screen positions pa, pb) and the arrow between them: apart, a dashed one from a to b
     (its length is the distance); overlapping, the penetration vector: moving B by depth * normal, i.e. from b to
     a, separates the pair. Nothing for invalid input. Returns whether it drew. */
  function drawAnswer(ctx, r, pa, pb, drawn) {
    if (r.status === 3) return false;
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
    return true;
  }
  /* The main view's top line: distance or depth and the path that answered. */
  function headline(ctx, r) {
    label(ctx, (r.intersect ? 'depth ' + fmt(-r.distance) : 'distance ' + fmt(r.distance)) +
      '   (' + r.pathName + ')', 10, 14, '#333');
  }

  /* ---- the inset: A - B with the origin, GJK's simplex and EPA's polygon / polytope --------------------------- */
  /* A map from inset coordinates (x right, y up) to the inset's pixels that fits `points` ([x, y]) and the origin,
     leaving room for the caption. */
  function insetMap(points, w, h) {
    let x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (const [x, y] of points) {
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
    }
    const pad = 22, s = Math.min((w - 2 * pad) / Math.max(x1 - x0, 1e-9), (h - 2 * pad - 14) / Math.max(y1 - y0, 1e-9));
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    return (x, y) => [w / 2 + (x - cx) * s, (h - 14) / 2 - (y - cy) * s];
  }
  /* The difference's outline, filled grey. */
  function fillDifference(ctx, pts, map) {
    polyPath(ctx, pts, map, true);
    ctx.fillStyle = '#ececec';
    ctx.fill();
    ctx.strokeStyle = COLORS.minkStroke;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  /* The simplex's vertices (screen positions), numbered. */
  function simplexVertices(ctx, pts) {
    pts.forEach(([x, y], i) => {
      dot(ctx, x, y, 4, COLORS.simplex);
      label(ctx, String(i), x + 6, y - 7, COLORS.simplex);
    });
  }
  /* The dotted line from the origin o to the simplex's closest point q (screen positions). */
  function closestLine(ctx, o, q) {
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = COLORS.simplex;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(o[0], o[1]);
    ctx.lineTo(q[0], q[1]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  /* The origin O (screen position o) and the caption at the bottom. */
  function originAndCaption(ctx, o, caption, h) {
    cross(ctx, o[0], o[1], 7, '#000');
    label(ctx, 'O', o[0] + 6, o[1] + 9, '#000');
    label(ctx, caption, 8, h - 10, '#666');
  }

  window.gjkDemoParts = {
    common: {
      COLORS, SHAPES2, SHAPES3, $, view, inset, state, syncShapes, queryFrame, endFrame,
      blankCanvas, dot, arrow, label, polyPath, pairs, drawAnswer, headline,
      insetMap, fillDifference, simplexVertices, closestLine, originAndCaption,
    },
  };
})();
