/* gjk web demo: the world view. A few hundred 2D bodies (boxes, circles, capsules and polygons, a few large and many
   small) drift across the view and bounce off its borders (kinematic motion, no physics), kept in a gjk_world2
   (gjk/world.h, through demo_world.c): each frame sets every body's pose and steps the world, then draws the bodies
   (those in contact highlighted), the dynamic AABB tree's nodes shaded by depth, and the step's contacts (manifold
   points and normals), with a read-out of the step's numbers and its time. What is drawn is recorded in state.drawn
   for the browser test (demo/web/test/world_test.mjs). Sets window.gjkDemoParts.world. */
'use strict';

(function () {
  const { $, view, state, blankCanvas, label } = window.gjkDemoParts.common;

  /* World <-> canvas (CSS pixels): 20 px per unit, origin at the centre, y up; the bodies stay inside the view. */
  const SCALE = 20;
  const toScreen = (x, y) => [view.clientWidth / 2 + x * SCALE, view.clientHeight / 2 - y * SCALE];
  const FAT_MARGIN = 0.1; /* the tree's fat margin, world units */
  /* The tree's colours, root to deepest level: violets no body or contact uses, so that the test finds them. */
  const TREE_LIGHT = [151, 117, 250], TREE_DARK = [95, 61, 196];
  const WORLD_COLORS = {
    body: 'rgba(73, 80, 87, 0.16)', bodyStroke: '#495057',
    touch: 'rgba(253, 126, 20, 0.45)', touchStroke: '#d9480f',
    contact: '#c2185b', border: '#adb5bd',
  };
  const NORMAL_LENGTH = 0.45; /* world units of a drawn normal */
  const TIMES_KEPT = 30; /* step times averaged in the read-out */

  /* The colour of tree level `depth` out of `levels` (0 the root): dark at the root, lighter deeper down. */
  function treeColour(depth, levels) {
    const t = levels > 0 ? depth / levels : 0;
    const c = TREE_DARK.map((d, k) => Math.round(d + t * (TREE_LIGHT[k] - d)));
    return 'rgb(' + c.join(', ') + ')';
  }

  /* ---- the bodies ---------------------------------------------------------------------------------------------- */
  /* A small deterministic generator (mulberry32): the same bodies for the same count on every run. */
  function rng(seed) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /* A convex polygon of n vertices on an ellipse (angles sorted: counter-clockwise). */
  function polygonPoints(rand, n, rx, ry) {
    const angles = [];
    for (let i = 0; i < n; ++i) angles.push((i + 0.2 + 0.6 * rand()) * 2 * Math.PI / n);
    return angles.map((a) => [rx * Math.cos(a), ry * Math.sin(a)]);
  }

  /* The largest distance of the shape from its origin: how far a body reaches from its position. */
  function reach(spec) {
    switch (spec.type) {
      case 'box': return Math.hypot(spec.half_extents[0], spec.half_extents[1]);
      case 'circle': return spec.radius;
      case 'capsule': return spec.radius + spec.half_height;
      default: return Math.max(...spec.points.map((p) => Math.hypot(p[0], p[1])));
    }
  }

  /* n bodies: four large ones (a box, a circle, a capsule, a polygon) drifting slowly, the rest small, of mixed kinds,
     sized so that the view holds them at any count. Each: spec (gjk_api.js's set2 format), pose, velocity. */
  function makeBodies(n) {
    const rand = rng(20261127 + n), halfW = view.clientWidth / 2 / SCALE, halfH = view.clientHeight / 2 / SCALE;
    const s = Math.max(0.45, Math.min(1.3, Math.sqrt(400 / n)));
    const u = (lo, hi) => lo + (hi - lo) * rand();
    const large = [
      { type: 'box', half_extents: [2.6, 1.0] },
      { type: 'circle', radius: 2.0 },
      { type: 'capsule', radius: 0.9, half_height: 1.8 },
      { type: 'polygon', points: polygonPoints(rand, 7, 2.4, 1.8) },
    ];
    const bodies = [];
    for (let i = 0; i < n; ++i) {
      let spec;
      const big = i < large.length && n >= 50;
      if (big) {
        spec = large[i];
      } else {
        const kind = Math.floor(rand() * 4);
        if (kind === 0) spec = { type: 'box', half_extents: [u(0.15, 0.5) * s, u(0.15, 0.5) * s] };
        else if (kind === 1) spec = { type: 'circle', radius: u(0.15, 0.42) * s };
        else if (kind === 2) spec = { type: 'capsule', radius: u(0.1, 0.25) * s, half_height: u(0.12, 0.4) * s };
        else spec = { type: 'polygon', points: polygonPoints(rand, 3 + Math.floor(rand() * 5), u(0.2, 0.5) * s, u(0.2, 0.5) * s) };
      }
      const r = reach(spec), speed = big ? u(0.4, 0.9) : u(0.8, 3.2), dir = u(0, 2 * Math.PI);
      bodies.push({
        spec, r,
        x: u(-halfW + r, halfW - r), y: u(-halfH + r, halfH - r), angle: u(0, 2 * Math.PI),
        vx: speed * Math.cos(dir), vy: speed * Math.sin(dir), w: big ? u(-0.3, 0.3) : u(-1.8, 1.8),
      });
    }
    return bodies;
  }

  /* A fresh world of state.world.count bodies. */
  function resetWorld(api) {
    const w = state.world;
    if (api.worldReset(FAT_MARGIN) !== 0) throw new Error('world: out of memory');
    w.bodies = makeBodies(Math.min(w.count, api.worldMax));
    w.bodies.forEach((b, i) => {
      const id = api.worldAdd(b.spec, b.x, b.y, b.angle);
      if (id !== i) throw new Error('world: body ' + i + ' rejected (' + id + ')');
    });
    w.times = [];
    w.steps = 0;
    w.last = null;
    w.built = w.count;
  }

  /* Drift and bounce off the view's borders, dt seconds. */
  function move(bodies, dt) {
    const halfW = view.clientWidth / 2 / SCALE, halfH = view.clientHeight / 2 / SCALE;
    for (const b of bodies) {
      b.x += b.vx * dt;
      b.y += b.vy * dt;
      b.angle += b.w * dt;
      if (b.x < -halfW + b.r) { b.x = -halfW + b.r; b.vx = Math.abs(b.vx); }
      if (b.x > halfW - b.r) { b.x = halfW - b.r; b.vx = -Math.abs(b.vx); }
      if (b.y < -halfH + b.r) { b.y = -halfH + b.r; b.vy = Math.abs(b.vy); }
      if (b.y > halfH - b.r) { b.y = halfH - b.r; b.vy = -Math.abs(b.vy); }
    }
  }

  /* ---- drawing ------------------------------------------------------------------------------------------------- */
  /* The body's outline added to path p, in canvas pixels. */
  function bodyPath(p, b) {
    const c = Math.cos(b.angle), s = Math.sin(b.angle), spec = b.spec;
    const at = (x, y) => toScreen(b.x + c * x - s * y, b.y + s * x + c * y);
    const poly = (pts) => {
      pts.forEach(([x, y], i) => {
        const [px, py] = at(x, y);
        if (i === 0) p.moveTo(px, py); else p.lineTo(px, py);
      });
      p.closePath();
    };
    if (spec.type === 'circle') {
      const [px, py] = toScreen(b.x, b.y);
      p.moveTo(px + spec.radius * SCALE, py);
      p.arc(px, py, spec.radius * SCALE, 0, 2 * Math.PI);
    } else if (spec.type === 'box') {
      const [hx, hy] = spec.half_extents;
      poly([[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]]);
    } else if (spec.type === 'capsule') {
      /* the local y segment rounded by the radius; canvas y points down, so angles turn the other way */
      const h = spec.half_height, r = spec.radius * SCALE, [tx, ty] = at(0, h), [bx, by] = at(0, -h);
      const up = -b.angle; /* the local x axis on the canvas */
      p.moveTo(...at(spec.radius, -h));
      p.lineTo(...at(spec.radius, h));
      p.arc(tx, ty, r, up, up - Math.PI, true);
      p.lineTo(...at(-spec.radius, -h));
      p.arc(bx, by, r, up - Math.PI, up - 2 * Math.PI, true);
      p.closePath();
    } else {
      poly(spec.points);
    }
  }

  /* The tree's nodes (6 numbers each, gjk_api.js worldRead), one path per level, on whole pixels. Returns the
     number of nodes drawn. */
  function drawTree(ctx, nodes, height) {
    const levels = [];
    for (let i = 0; i < nodes.length; i += 6) {
      const d = nodes[i + 4];
      const [x0, y0] = toScreen(nodes[i], nodes[i + 3]), [x1, y1] = toScreen(nodes[i + 2], nodes[i + 1]);
      const rx = Math.round(x0) + 0.5, ry = Math.round(y0) + 0.5;
      (levels[d] || (levels[d] = new Path2D())).rect(rx, ry, Math.max(0, Math.round(x1) - Math.round(x0)),
        Math.max(0, Math.round(y1) - Math.round(y0)));
    }
    ctx.lineWidth = 1;
    levels.forEach((p, d) => {
      ctx.strokeStyle = treeColour(d, height);
      ctx.stroke(p);
    });
    return nodes.length / 6;
  }

  function drawContacts(ctx, contacts) {
    const dots = new Path2D(), normals = new Path2D();
    let points = 0;
    for (const c of contacts) {
      for (const q of c.points) {
        const [px, py] = toScreen(q.pointA[0], q.pointA[1]);
        const [nx, ny] = toScreen(q.pointA[0] + NORMAL_LENGTH * c.normal[0], q.pointA[1] + NORMAL_LENGTH * c.normal[1]);
        dots.moveTo(px + 2.5, py);
        dots.arc(px, py, 2.5, 0, 2 * Math.PI);
        normals.moveTo(px, py);
        normals.lineTo(nx, ny);
        ++points;
      }
    }
    ctx.strokeStyle = WORLD_COLORS.contact;
    ctx.lineWidth = 1.2;
    ctx.stroke(normals);
    ctx.fillStyle = WORLD_COLORS.contact;
    ctx.fill(dots);
    return points;
  }

  function showWorldReadout(w) {
    const st = w.last.stats, times = w.times;
    const mean = (k) => (times.length ? times.reduce((a, t) => a + t[k], 0) / times.length : 0);
    $('world-bodies').textContent = String(st.bodies);
    $('world-pairs').textContent = String(st.pairs);
    $('world-contacts').textContent = String(st.contacts) + ' (' + w.drawnPoints + ' points)';
    $('world-events').textContent = st.begins + ' began, ' + st.ends + ' ended';
    $('world-height').textContent = String(st.height);
    $('world-nodes').textContent = String(st.nodes);
    $('world-cost').textContent = st.cost.toFixed(2);
    $('world-ms').textContent = mean(0).toFixed(3) + ' ms';
    $('world-ms-parts').textContent = mean(1).toFixed(3) + ' + ' + mean(2).toFixed(3) + ' ms';
    $('world-count-value').textContent = String(w.count);
    $('world-speed-value').textContent = w.speed.toFixed(2) + '\u00d7';
    $('world-pause').textContent = w.paused ? 'resume' : 'pause';
  }

  /* The bodies moved by dt seconds, every pose set and the world stepped (timed), its results read. */
  function stepWorld(api, dt) {
    const w = state.world;
    move(w.bodies, dt);
    const t0 = performance.now();
    const status = api.worldStep(w.bodies);
    const t1 = performance.now();
    if (status !== 0) throw new Error('world step failed: status ' + status);
    w.last = api.worldRead();
    const st = w.last.stats;
    w.times.push([t1 - t0, st.broadMs, st.narrowMs + st.endMs]);
    if (w.times.length > TIMES_KEPT) w.times.shift();
    w.steps++;
  }

  /* n steps of dt seconds each, without drawing: the same scene on every run whatever the frame rate. */
  function advanceWorld(api, n, dt) {
    if (state.world.built !== state.world.count) resetWorld(api);
    for (let k = 0; k < n; ++k) stepWorld(api, dt);
  }

  /* One frame of the world view: move (unless paused), set every pose and step (timed), draw. */
  function frameWorld(api, dt) {
    const w = state.world;
    if (w.built !== w.count) resetWorld(api);
    if (!w.paused || !w.last) stepWorld(api, dt * w.speed);
    const { stats, contacts, nodes } = w.last;
    const [ctx, width, height] = blankCanvas(view);
    ctx.strokeStyle = WORLD_COLORS.border;
    ctx.lineWidth = 1;
    ctx.strokeRect(0.5, 0.5, width - 1, height - 1);
    const drawn = { view: 'world', bodies: w.bodies.length, touching: 0, nodes: 0, tree: w.showTree, points: 0 };
    if (w.showTree) drawn.nodes = drawTree(ctx, nodes, stats.height);

    const touching = new Set();
    for (const c of contacts) { touching.add(c.a); touching.add(c.b); }
    const apart = new Path2D(), touch = new Path2D();
    w.bodies.forEach((b, i) => bodyPath(touching.has(i) ? touch : apart, b));
    ctx.fillStyle = WORLD_COLORS.body;
    ctx.fill(apart);
    ctx.strokeStyle = WORLD_COLORS.bodyStroke;
    ctx.lineWidth = 1;
    ctx.stroke(apart);
    ctx.fillStyle = WORLD_COLORS.touch;
    ctx.fill(touch);
    ctx.strokeStyle = WORLD_COLORS.touchStroke;
    ctx.lineWidth = 1.5;
    ctx.stroke(touch);
    drawn.touching = touching.size;
    if (w.showContacts) drawn.points = drawContacts(ctx, contacts);
    w.drawnPoints = contacts.reduce((n, c) => n + c.count, 0);
    if (w.paused) {
      ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
      ctx.fillRect(4, 4, 214, 20);
      label(ctx, 'paused (Space / click to resume)', 10, 14, '#666');
    }
    state.drawn = drawn;
    showWorldReadout(w);
  }

  window.gjkDemoParts.world = { SCALE, FAT_MARGIN, TREE_LIGHT, TREE_DARK, WORLD_COLORS, treeColour, frameWorld,
    resetWorld, advanceWorld, toScreenWorld: toScreen };
})();
