/* gjk web demo: the 2D view. Two shapes the user drags and turns (or B orbiting A), drawn from the library's exact
   outlines, with the closest points or the penetration vector; the inset shows A - B sampled by support points,
   GJK's simplex at the chosen step and EPA's polygon. Sets window.gjkDemoParts.view2. */
'use strict';

(function () {
  const {
    COLORS, SHAPES2, $, view, inset, state, syncShapes, queryFrame, endFrame,
    blankCanvas, dot, label, polyPath, pairs, drawAnswer, headline,
    insetMap, fillDifference, simplexVertices, closestLine, originAndCaption,
  } = window.gjkDemoParts.common;
  const tools = window.gjkDemoParts.tools;

  /* World <-> canvas (CSS pixels): 80 px per unit, origin at the centre, y up. */
  const SCALE2 = 80;
  function toScreen2(x, y) { return [view.clientWidth / 2 + x * SCALE2, view.clientHeight / 2 - y * SCALE2]; }
  function toWorld2(px, py) { return [(px - view.clientWidth / 2) / SCALE2, (view.clientHeight / 2 - py) / SCALE2]; }

  /* ---- scene -> library ---------------------------------------------------------------------------------------- */
  function pose2Of(i) {
    const s = state.shapes2[i];
    return [s.x, s.y, s.angle];
  }
  function sync2(api) {
    syncShapes(state.shapes2, state.dirty2, SHAPES2, api.set2, '2D');
    for (let i = 0; i < 2; ++i) api.pose2(i, ...pose2Of(i));
  }

  /* ---- animation: B orbits A and spins ------------------------------------------------------------------------ */
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

  /* ---- drawing ------------------------------------------------------------------------------------------------ */
  function drawGrid(ctx, w, h) {
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

  /* One frame of the 2D view: query, main view, inset, read-out. */
  function frame2(api) {
    sync2(api);
    const { r, plain, k } = queryFrame((mode) => api.query2(0, 1, mode));
    const drawn = { view: '2d', shapes: 0, colour: r.intersect ? 'touch' : 'apart', outlines: [] };

    /* main view */
    const [ctx, w, h] = blankCanvas(view);
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
    if (state.tool === 'query') {
      const pa = map(r.pointA), pb = map(r.pointB);
      if (drawAnswer(ctx, r, pa, pb, drawn)) {
        label(ctx, 'a', pa[0] + 7, pa[1] - 8, COLORS.pointA);
        label(ctx, 'b', pb[0] + 7, pb[1] - 8, COLORS.pointB);
      }
      tools.showToolReadout([]);
    } else {
      drawTool2(api, ctx, drawn);
    }
    headline(ctx, r);
    if (state.anim.on) label(ctx, state.anim.paused ? 'paused (Space / click to resume)' : 'animating', 10, 32, '#666');

    /* inset: the Minkowski difference */
    drawInset2(api, r, k, drawn);
    endFrame(drawn, r, plain, 2);
  }

  /* The contact tool chosen in the *show* dropdown (demo_contacts.js), on the page's A (slot 0) and B (slot 1). */
  function drawTool2(api, ctx, drawn) {
    const project = (p) => toScreen2(p[0], p[1]);
    if (state.tool === 'manifold') {
      tools.drawManifold(ctx, api.collide2(0, 1, state.speculative), project, 2, drawn);
    } else if (state.tool === 'ray') {
      const { from, to } = state.ray2, t = [to[0] - from[0], to[1] - from[1]];
      const hits = [0, 1].map((i) => api.raycast2(i, from, t, 1));
      tools.drawRay(ctx, [from[0], from[1], 0], [to[0], to[1], 0], hits, project, 2, drawn);
    } else if (state.tool === 'sweep') {
      const { vx, vy, w } = state.sweep, b = state.shapes2[1];
      const c = api.cast2(0, 1, [vx, vy], w);
      const ghost = (t, colour, width, dash) => {
        api.pose2(1, b.x + t * vx, b.y + t * vy, b.angle + t * w);
        const pts = pairs(api.outline2(1, 96));
        polyPath(ctx, pts, (p) => toScreen2(p[0], p[1]), pts.length > 2);
        ctx.strokeStyle = colour;
        ctx.lineWidth = width;
        ctx.setLineDash(dash);
        ctx.stroke();
        ctx.setLineDash([]);
      };
      tools.drawSweep(ctx, c, ghost, [[b.x, b.y, 0], [b.x + vx, b.y + vy, 0]], project, 2, drawn);
      api.pose2(1, b.x, b.y, b.angle);
    }
  }

  function drawInset2(api, r, k, drawn) {
    const [ctx, w, h] = blankCanvas(inset);
    const full = pairs(api.minkowski2(0, 1, 180, false));
    const rounded = r.radiusA + r.radiusB > 0 || r.path < 0;
    const core = rounded ? pairs(api.minkowski2(0, 1, 180, true)) : full;
    const fit = insetMap(full, w, h), map = (p) => fit(p[0], p[1]);
    fillDifference(ctx, full, map);
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
      simplexVertices(ctx, pts.map(map));
      if (st.count < 3) { /* closest point of the simplex to the origin */
        const q = map(st.closest);
        closestLine(ctx, map([0, 0]), q);
        ctx.beginPath();
        ctx.arc(q[0], q[1], 5, 0, 2 * Math.PI);
        ctx.stroke();
      }
      drawn.simplexVertices = pts.length;
    }
    originAndCaption(ctx, map([0, 0]), 'A \u2212 B' + (core !== full ? ' (dashed: cores)' : ''), h);
  }

  /* ---- hit testing -------------------------------------------------------------------------------------------- */
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
  /* The shape under canvas position (px, py), the selected one first; -1 for none. */
  function hit2(px, py) {
    const [x, y] = toWorld2(px, py), outlines = state.drawn.outlines || [];
    for (const i of [state.selected, 1 - state.selected]) {
      if (outlines[i] && insideOutline(outlines[i], x, y)) return i;
    }
    return -1;
  }

  window.gjkDemoParts.view2 = {
    toScreen2, toWorld2, frame2, startAnim, applyAnim, reanchorAnim, updateAnimLabel, hit2,
  };
})();
