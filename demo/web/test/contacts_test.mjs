// The contact tools of the web demo (demo_contacts.js), checked by browser_test.mjs through contactChecks():
//   (f) the WebAssembly manifolds, ray casts and shape casts equal the native CLI's (`gjk manifold --speculative D`,
//       `gjk raycast`, `gjk cast`) on fixed pairs and rays, within 1e-12 (status, counts, ids and the CLI's names of
//       their features, hit, inside and state exactly; the CLI's nulls where there is no hit or contact);
//   (g) 2D and 3D: with *show* set to each tool, the page's own answer for its scene equals the CLI's on the same
//       scene, and the pixels change where expected: contact points drawn at the projected manifold points (with
//       their feature ids), a ray dragged with the mouse drawn with its hit points, B drawn at the time of impact with
//       the contact point; the speculative slider and the velocity sliders do what they say.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const STATUS = ['ok', 'max_iterations', 'degenerate', 'invalid_input', 'out_of_memory'];
const STATES = ['hit', 'separated', 'overlapped', 'failed'];
const COLOR = { contact: '#c2185b', ray: '#e8590c', impact: '#0c8599' }; /* demo_contacts.js TOOL_COLORS */
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const like = (p, h, tol = 60) => { const c = hex(h); return Math.abs(p[0] - c[0]) + Math.abs(p[1] - c[1]) + Math.abs(p[2] - c[2]) <= tol; };
const code = (c) => 'vefc'[(c >> 14) & 3] + String(c & 0x3fff);
const featureName = (c) => ['vertex', 'edge', 'face', 'rim'][(c >> 14) & 3] + ' ' + String(c & 0x3fff);
const idLabel = (id) => code(Math.floor(id / 65536)) + '/' + code(id % 65536);

/* Largest |difference| of the numbers, or Infinity when the shapes differ. */
function diff(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b);
  if (!Array.isArray(a) || !Array.isArray(b)) return Infinity;
  let d = 0;
  for (let k = 0; k < a.length; ++k) d = Math.max(d, diff(a[k], b[k]));
  return d;
}
const take = (v, dim) => v.slice(0, dim);

/* A wasm manifold against a native line: [same, worst difference]. */
function sameManifold(n, w, dim) {
  if (!w || !Array.isArray(n.points) || w.count !== n.points.length) return [false, Infinity];
  let d = diff(n.normal, take(w.normal, dim)), same = n.status === STATUS[w.status];
  n.points.forEach((p, k) => {
    const q = w.points[k];
    same = same && p.id === q.id && p.feature_a === featureName(Math.floor(q.id / 65536)) &&
      p.feature_b === featureName(q.id % 65536);
    d = Math.max(d, diff(p.point_a, take(q.pointA, dim)), diff(p.point_b, take(q.pointB, dim)),
      diff(p.separation, q.separation));
  });
  return [same, d];
}
/* The CLI prints null where an answer has no such field (a miss's fraction, point and normal; a cast's normal and
   point without contact); the wasm glue returns the library's zeros there. */
const orNull = (n, w) => (n === null ? 0 : diff(n, w));
function sameRay(n, w, dim) {
  if (!w || w.hit === undefined) return [false, Infinity];
  const same = n.status === STATUS[w.status] && n.hit === w.hit && n.inside === w.inside &&
    (n.fraction === null) === !w.hit && (n.point === null) === !w.hit;
  return [same, Math.max(orNull(n.fraction, w.fraction), orNull(n.point, take(w.point, dim)),
    orNull(n.normal, take(w.normal, dim)))];
}
function sameCast(n, w, dim) {
  if (!w || w.state === undefined) return [false, Infinity];
  const contact = n.state === 'hit' || n.state === 'overlapped';
  const same = n.status === STATUS[w.status] && n.state === STATES[w.state] && n.hit === w.hit &&
    (n.normal === null) === !contact && (n.point === null) === !contact;
  return [same, Math.max(diff(n.t, w.t), orNull(n.normal, take(w.normal, dim)), orNull(n.point, take(w.point, dim)))];
}

export async function contactChecks(t) {
  const { page, check, frames, S, opts, text, pixelAt, countColour, screenshot, PAIRS2, PAIRS3 } = t;

  function native(command, name, scene, extra = []) {
    const file = path.join(opts.out, name);
    /* the page's shape specs carry a `label` for its menus, which is no key of the scene format */
    const shapes = scene.shapes.map(({ label, ...rest }) => rest); // eslint-disable-line no-unused-vars
    fs.writeFileSync(file, JSON.stringify({ ...scene, shapes }, null, 1) + '\n');
    const out = execFileSync(opts.cli, [command, file, ...extra], { encoding: 'utf8' });
    return out.trim().split('\n').filter((l) => l).map((l) => JSON.parse(l));
  }
  function compare(name, pairs, tol = 1e-12) {
    let worst = 0, ok = true;
    for (const [same, d] of pairs) { worst = Math.max(worst, d); ok = ok && same && d <= tol; }
    check(name, ok && pairs.length > 0, `${pairs.length} answers, max |diff| ${worst.toExponential(2)}`);
  }

  /* ---- (f) fixed pairs and rays ---------------------------------------------------------------------------- */
  for (const [dim, PAIRS] of [[2, PAIRS2], [3, PAIRS3]]) {
    const shapes = [], list = [];
    PAIRS.forEach((p, i) => { shapes.push(p.A, p.B); list.push([2 * i, 2 * i + 1]); });
    const spec = 0.15;
    const nm = native('manifold', `manifold${dim}d.json`, { dim, shapes, pairs: list }, ['--speculative', String(spec)]);
    const wm = await page.evaluate(([d, ps, s]) => ps.map((p) => window.gjkDemo.contacts['manifold' + d](p.A, p.B, s)),
      [dim, PAIRS, spec]);
    compare(`(f) ${dim}D manifolds (speculative ${spec}) = gjk manifold, ${wm.reduce((n, m) => n + (m.count || 0), 0)} ` +
      'points', nm.map((n, i) => sameManifold(n, wm[i], dim)));

    const rays = dim === 2
      ? [{ origin: [-3, 0.1], translation: [6, 0.3], max_fraction: 1 }, { origin: [0.5, 3], translation: [0, -2], max_fraction: 2 },
        { origin: [0.2, 0.1], translation: [1, 1], max_fraction: 1 }]
      : [{ origin: [-3, 0.1, 0.05], translation: [6, 0.2, 0.1], max_fraction: 1 },
        { origin: [0.4, 0.2, 3], translation: [0, 0, -2], max_fraction: 2 }, { origin: [0.1, 0, 0], translation: [1, 1, 1], max_fraction: 1 }];
    const nr = native('raycast', `rays${dim}d.json`, { dim, shapes, rays });
    const wr = await page.evaluate(([d, ss, rs]) => rs.flatMap((r) => ss.map((s) => window.gjkDemo.contacts['raycast' + d](s, r))),
      [dim, shapes, rays]);
    compare(`(f) ${dim}D ray casts = gjk raycast (${wr.filter((r) => r.hit).length} hits of ${wr.length})`,
      nr.map((n, i) => sameRay(n, wr[i], dim)));

    /* B starts twice as far from A and moves toward it and past (half the time turning too) */
    const far = PAIRS.map((p) => {
      const a = p.A.position || [0, 0, 0], b = p.B.position || [0, 0, 0];
      return { ...p.B, position: b.map((x, k) => a[k] + 2 * (x - a[k]) + (k === 1 ? 0.8 : 0)) };
    });
    const motions = PAIRS.map((p, i) => {
      const a = p.A.position || [0, 0, 0], b = far[i].position;
      const v = b.map((x, k) => -1.6 * (x - a[k]) + (k === 0 ? 0.3 : 0));
      return { v, w: dim === 2 ? (i % 2 ? 1.3 : 0) : (i % 2 ? [0.4, -0.3, 1.1] : [0, 0, 0]) };
    });
    const moving = PAIRS.flatMap((p, i) => [p.A, { ...far[i], velocity: motions[i].v, angular: motions[i].w }]);
    const nc = native('cast', `casts${dim}d.json`, { dim, shapes: moving, pairs: list });
    const wc = await page.evaluate(([d, ps, fs, ms]) => ps.map((p, i) => window.gjkDemo.contacts['cast' + d](p.A, fs[i],
      ms[i].v, ms[i].w)), [dim, PAIRS, far, motions]);
    compare(`(f) ${dim}D shape casts = gjk cast (${wc.map((c) => STATES[c.state]).join(', ')})`,
      nc.map((n, i) => sameCast(n, wc[i], dim)));
  }

  /* ---- (g) the page's tools --------------------------------------------------------------------------------- */
  const tool = async (name) => { await page.locator('#tool').selectOption(name); await frames(2); };
  /* the page's scene: A and B as the page has them, B with the sweep's motion when `motion` */
  async function pageScene(dim, motion = false, rays = undefined) {
    const s = await page.evaluate(() => {
      const d = window.gjkDemo, st = d.state;
      return { shapes2: st.shapes2, sweep: st.sweep, kinds3: st.shapes3.map((x) => x.kind), poses3: st.poses3,
        SHAPES2: d.SHAPES2, SHAPES3: d.SHAPES3 };
    });
    const shapes = [0, 1].map((i) => {
      if (dim === 2) {
        const x = s.shapes2[i];
        return { ...s.SHAPES2[x.kind], position: [x.x, x.y], rotation: x.angle };
      }
      return { ...s.SHAPES3[s.kinds3[i]], position: s.poses3[i].p, rotation: s.poses3[i].q };
    });
    if (motion) {
      shapes[1].velocity = dim === 2 ? [s.sweep.vx, s.sweep.vy] : [s.sweep.vx, s.sweep.vy, 0];
      shapes[1].angular = dim === 2 ? s.sweep.w : [0, 0, s.sweep.w];
    }
    const scene = { dim, shapes, pairs: [[0, 1]] };
    if (rays) scene.rays = rays;
    return scene;
  }
  const wasmAnswer = (what) => page.evaluate((w) => {
    const st = window.gjkDemo.state, api = window.gjkDemo.api, d = st.view === '2d' ? 2 : 3;
    if (w === 'manifold') return api['collide' + d](0, 1, st.speculative);
    if (w === 'sweep') {
      const { vx, vy, w: om } = st.sweep;
      return d === 2 ? api.cast2(0, 1, [vx, vy], om) : api.cast3(0, 1, [vx, vy, 0], [0, 0, om]);
    }
    const r = d === 2 ? st.ray2 : st.ray3, tr = r.to.map((x, k) => x - r.from[k]);
    return [0, 1].map((i) => api['raycast' + d](i, r.from, tr, 1));
  }, what);
  const screen = (dim, p) => page.evaluate(([d, q]) => (d === 2 ? window.gjkDemo.toScreen2(q[0], q[1])
    : window.gjkDemo.project3(q)), [dim, p]);
  const near = (a, b, tol = 0.75) => Math.abs(a[0] - b[0]) <= tol && Math.abs(a[1] - b[1]) <= tol;
  const setShapes2 = (a, b) => page.evaluate(([x, y]) => {
    const st = window.gjkDemo.state;
    Object.assign(st.shapes2[0], x);
    Object.assign(st.shapes2[1], y);
  }, [a, b]);

  for (const dim of [2, 3]) {
    const D = `${dim}D`;
    await page.locator(dim === 2 ? '#tab-2d' : '#tab-3d').click();
    if (dim === 2) {
      await page.locator('#shape-a-2d').selectOption('box');
      await page.locator('#shape-b-2d').selectOption('box');
      await setShapes2({ x: 0, y: -0.6, angle: 0 }, { x: 0.3, y: 0.45, angle: 0 }); /* B sinks 0.05 into A */
    } else {
      await page.locator('#spin-3d').uncheck();
      await page.locator('#shape-a-3d').selectOption('box');
      await page.locator('#shape-b-3d').selectOption('box');
      await page.locator('#offset-3d').fill('1.3');
      await page.evaluate(() => { window.gjkDemo.state.cam.yaw = 0.8; window.gjkDemo.state.turnB = 0; });
    }
    await tool('query');

    /* manifold */
    const wm = await wasmAnswer('manifold');
    const before = await Promise.all(wm.points.map(async (p) => pixelAt('view', ...(await screen(dim, p.pointA)))));
    await tool('manifold');
    let st = await S();
    const nm = native('manifold', `page-manifold${dim}d.json`, await pageScene(dim), ['--speculative', '0.1'])[0];
    const [same, d] = sameManifold(nm, wm, dim);
    check(`(g) ${D} manifold view: the page's manifold = gjk manifold on its scene`, same && d <= 1e-12 && wm.count >= (dim === 2 ? 2 : 1) &&
      st.drawn.manifold && st.drawn.manifold.count === wm.count, `${wm.count} points, max |diff| ${d.toExponential(2)}`);
    const drawnPts = st.drawn.manifold ? st.drawn.manifold.points : [];
    let pixOk = drawnPts.length === wm.count, detail = [];
    for (let k = 0; k < drawnPts.length; ++k) {
      const want = await screen(dim, wm.points[k].pointA), px = await pixelAt('view', ...want);
      /* the filled dot (radius 4.5) around A's point: its 5 x 5 pixels all in the contact colour */
      let filled = true;
      for (const dx of [-2, 0, 2]) {
        for (const dy of [-2, 0, 2]) filled = filled && like(await pixelAt('view', want[0] + dx, want[1] + dy), COLOR.contact);
      }
      pixOk = pixOk && near(drawnPts[k].a, want) && filled && !like(before[k], COLOR.contact) &&
        drawnPts[k].label === idLabel(nm.points[k].id);
      detail.push(`${drawnPts[k].label} at (${want.map((x) => x.toFixed(0))}): ${before[k]} -> ${px}`);
    }
    check(`(g) ${D} contact points drawn at the projected manifold points, labelled with their ids`, pixOk,
      detail.join('; '));
    const ro = await text('readout-tool');
    check(`(g) ${D} manifold read-out`, ro.startsWith(`manifold: ${wm.count} point`) && ro.includes(idLabel(wm.points[0].id)),
      ro.split('\n')[0]);
    if (dim === 2) {
      /* lift B 0.05 clear of A: the points stay while the speculative distance reaches them */
      await setShapes2({}, { y: 0.55 });
      await page.locator('#speculative').fill('0.1');
      await frames(2);
      const lifted = (await S()).drawn.manifold;
      await page.locator('#speculative').fill('0.02');
      await frames(2);
      const none = (await S()).drawn.manifold;
      check('(g) 2D speculative slider: B 0.05 above A has 2 points within 0.1, none within 0.02',
        lifted.count === 2 && none.count === 0, `${lifted.count}, ${none.count} points`);
      await page.locator('#speculative').fill('0.1');
      await setShapes2({}, { y: 0.45 });
      await frames(1);
      await screenshot('web-2d-manifold.png');
    } else {
      await screenshot('web-3d-manifold.png');
    }

    /* ray: dragged across the view with the mouse */
    await tool('ray');
    const box = await page.locator('#view').boundingBox();
    const from = dim === 2 ? await screen(2, [-3.5, -0.6]) : [90, 300];
    const to = dim === 2 ? await screen(2, [3.5, 0.6]) : [650, 250];
    await page.mouse.move(box.x + from[0], box.y + from[1]);
    await page.mouse.down();
    await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 6 });
    await page.mouse.up();
    await frames(2);
    st = await S();
    const ray = await page.evaluate((d) => window.gjkDemo.state['ray' + d], dim);
    const wr = await wasmAnswer('ray');
    const tr = ray.to.map((x, k) => x - ray.from[k]);
    const nr = native('raycast', `page-ray${dim}d.json`, await pageScene(dim, false,
      [{ origin: ray.from, translation: tr, max_fraction: 1 }]));
    const rayCmp = nr.map((n, i) => sameRay(n, wr[i], dim));
    check(`(g) ${D} ray tool: the dragged ray's hits = gjk raycast on the page's scene`,
      rayCmp.every(([s, dd]) => s && dd <= 1e-12) && wr.every((r) => r.hit) && near(st.drawn.ray.from, from, 1) &&
      near(st.drawn.ray.to, to, 1), wr.map((r, i) => `${'AB'[i]} ${r.hit ? 'hit at ' + r.fraction.toFixed(4) : 'miss'}`).join(', '));
    let hitPix = st.drawn.ray.hits.length === 2;
    detail = [];
    for (const h of st.drawn.ray.hits) {
      const want = await screen(dim, wr[h.shape].point), px = await pixelAt('view', ...want);
      hitPix = hitPix && near(h.point, want) && like(px, COLOR.ray);
      detail.push(`${'AB'[h.shape]} (${want.map((x) => x.toFixed(0))}) ${px}`);
    }
    check(`(g) ${D} hit points drawn where the rays meet A and B`, hitPix, detail.join('; '));
    if (dim === 2) {
      await screenshot('web-2d-ray.png');
      /* a ray starting inside A */
      const inA = await screen(2, [0.1, -0.8]), out = await screen(2, [3, -0.8]);
      await page.mouse.move(box.x + inA[0], box.y + inA[1]);
      await page.mouse.down();
      await page.mouse.move(box.x + out[0], box.y + out[1], { steps: 3 });
      await page.mouse.up();
      await frames(2);
      const inside = (await S()).drawn.ray.hits.find((h) => h.shape === 0);
      const rt = await text('readout-tool');
      check('(g) 2D a ray from inside A is marked inside', inside && inside.inside && rt.includes('A: inside'),
        rt.split('\n')[1]);
    }

    /* sweep: B moves (and turns) over the step */
    if (dim === 2) await setShapes2({}, { x: 0.2, y: 1.9, angle: 0.3 });
    else await page.locator('#offset-3d').fill('3.2');
    await tool('sweep');
    await page.locator('#sweep-vx').fill(dim === 2 ? '0.4' : '-3.5');
    await page.locator('#sweep-vy').fill(dim === 2 ? '-3' : '0.2');
    await page.locator('#sweep-w').fill('1.5');
    await frames(2);
    st = await S();
    const wc = await wasmAnswer('sweep');
    const nc = native('cast', `page-cast${dim}d.json`, await pageScene(dim, true))[0];
    const [cs, cd] = sameCast(nc, wc, dim);
    check(`(g) ${D} sweep view: the page's cast = gjk cast on its scene (B moving and turning)`,
      cs && cd <= 1e-12 && STATES[wc.state] === 'hit' && wc.t > 0 && wc.t < 1 && st.drawn.sweep.state === 'hit',
      `${nc.state} at t = ${nc.t}, max |diff| ${cd.toExponential(2)}`);
    const ip = await screen(dim, wc.point), ipx = await pixelAt('view', ...ip);
    /* B at the time of impact: its (teal) outline around B's position at t */
    const bAt = dim === 2 ? await screen(2, [st.shapes2[1].x + wc.t * 0.4, st.shapes2[1].y - wc.t * 3])
      : await page.evaluate(([tt]) => {
        const d = window.gjkDemo, b = d.state.poses3[1];
        return d.project3(d.poseAt3(b, { v: [-3.5, 0.2, 0], w: [0, 0, 1.5] }, tt).p);
      }, [wc.t]);
    const around = await countColour('view', hex(COLOR.impact), 60, [bAt[0] - 90, bAt[1] - 90, 180, 180]);
    const rs = await text('readout-tool');
    check(`(g) ${D} B drawn at the time of impact with the contact point`, like(ipx, COLOR.impact) &&
      near(st.drawn.sweep.point, ip) && around > 150 && rs.startsWith('sweep: hit at t = ' + wc.t.toFixed(4)) &&
      st.drawn.sweep.ghosts === 4, `point ${ipx}, ${around} impact pixels around B at t, "${rs.split('\n')[0]}"`);
    await screenshot(`web-${dim}d-sweep.png`);
    await page.locator('#sweep-vx').fill(dim === 2 ? '0' : '3');
    await page.locator('#sweep-vy').fill(dim === 2 ? '3' : '0');
    await frames(2);
    const away = await text('readout-tool');
    check(`(g) ${D} B moving away: separated`, away.startsWith('sweep: separated') &&
      (await S()).drawn.sweep.state === 'separated', away.split('\n')[0]);
    await tool('query');
  }
}
