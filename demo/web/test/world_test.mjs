// The world view of the web demo (demo_world.js, demo_world.c), checked by browser_test.mjs through worldChecks():
//   (h) the world tab runs: bodies move, the read-out's body, node and height numbers are the page's own state's
//       (2 n - 1 nodes, n leaves, the deepest leaf at the height), the body count slider rebuilds the world;
//   (i) paused, the contacts the page reports are exactly the pairs a brute-force loop in the page finds over every
//       pair of bodies (bounding circles, then gjk_collide2 on the scratch slots, cold), with the same manifolds;
//       the candidate pairs are exactly the pairs of overlapping leaf boxes (fat boxes), and each body's bounds lie
//       in a leaf box;
//   (j) pixels: the tree's violets are on the canvas with *show tree* ticked and absent without; touching bodies and
//       contact points drawn in their colours; pause / resume by the button, a click and Space;
//   (k) the step time the page shows for 500 and 2000 bodies (printed, never asserted: timings vary by machine), and
//       the screenshot web-world.png.
import fs from 'node:fs';

export async function worldChecks({ page, check, frames, text, screenshot }) {
  const W = () => page.evaluate(() => {
    const w = window.gjkDemo.state.world;
    return { count: w.count, paused: w.paused, steps: w.steps, speed: w.speed, showTree: w.showTree,
      stats: w.last && w.last.stats, contacts: w.last ? w.last.contacts.length : -1,
      first: w.bodies.length ? [w.bodies[0].x, w.bodies[0].y] : null, bodies: w.bodies.length,
      drawn: window.gjkDemo.state.drawn };
  });
  const setCount = async (n) => {
    await page.locator('#world-count').fill(String(n));
    await frames(3);
  };

  await page.locator('#tab-world').click();
  await frames(3);
  let w = await W();
  check('(h) world tab shows the world view', w.drawn.view === 'world' && w.bodies === 300 &&
    !(await page.locator('#side-world').isHidden()) && (await page.locator('#side-pair').isHidden()),
  `view ${w.drawn.view}, ${w.bodies} bodies`);
  const moved0 = w.first;
  await frames(20);
  w = await W();
  check('(h) bodies move while running', !w.paused && Math.hypot(w.first[0] - moved0[0], w.first[1] - moved0[1]) > 1e-3,
    `body 0 from (${moved0.map((x) => x.toFixed(3))}) to (${w.first.map((x) => x.toFixed(3))})`);

  /* the tree against the page's state */
  const treeFacts = () => page.evaluate(() => {
    const { nodes, stats } = window.gjkDemo.state.world.last;
    let leaves = 0, deepest = 0;
    for (let i = 0; i < nodes.length; i += 6) {
      if (nodes[i + 5]) { ++leaves; deepest = Math.max(deepest, nodes[i + 4]); }
    }
    return { count: nodes.length / 6, leaves, deepest, stats, bodies: window.gjkDemo.state.world.bodies.length,
      readNodes: document.getElementById('world-nodes').textContent,
      readHeight: document.getElementById('world-height').textContent,
      readBodies: document.getElementById('world-bodies').textContent,
      readPairs: document.getElementById('world-pairs').textContent };
  });
  await page.locator('#world-pause').click();
  await frames(2);
  let t = await treeFacts();
  check('(h) tree: 2 n - 1 nodes, n leaves, deepest leaf at the height, read-out = state',
    t.count === 2 * t.bodies - 1 && t.leaves === t.bodies && t.deepest === t.stats.height &&
    t.readNodes === String(t.count) && t.readHeight === String(t.stats.height) && t.readBodies === String(t.bodies) &&
    t.stats.bodies === t.bodies && t.readPairs === String(t.stats.pairs),
  `${t.bodies} bodies: ${t.count} nodes, ${t.leaves} leaves, deepest ${t.deepest}, height ${t.stats.height}; ` +
    `read-out ${t.readBodies} bodies, ${t.readNodes} nodes, height ${t.readHeight}, ${t.readPairs} candidate pairs`);

  /* (i) brute force, paused: the poses drawn are the poses of the last step */
  const steps0 = (await W()).steps;
  await frames(3);
  const pausedW = await W();
  check('(j) pause button stops stepping and moving', pausedW.paused && pausedW.steps === steps0,
    `steps ${steps0} -> ${pausedW.steps}`);
  const brute = () => page.evaluate(() => {
    const g = window.gjkDemo, w = g.state.world, { contacts, nodes, stats } = w.last;
    const bodies = w.bodies;
    const at = (b) => Object.assign({}, b.spec, { position: [b.x, b.y], rotation: b.angle });
    const found = [];
    let tested = 0, worst = 0, sameCounts = true;
    const reported = new Map(contacts.map((c) => [c.a + ',' + c.b, c]));
    for (let i = 0; i < bodies.length; ++i) {
      for (let j = i + 1; j < bodies.length; ++j) {
        const a = bodies[i], b = bodies[j];
        if (Math.hypot(a.x - b.x, a.y - b.y) > a.r + b.r + 1e-6) continue;
        ++tested;
        const m = g.contacts.manifold2(at(a), at(b), 0);
        if (m.count === 0) continue;
        found.push(i + ',' + j);
        const c = reported.get(i + ',' + j);
        if (!c) continue;
        if (c.count !== m.count) { sameCounts = false; continue; }
        worst = Math.max(worst, Math.abs(c.normal[0] - m.normal[0]), Math.abs(c.normal[1] - m.normal[1]));
        c.points.forEach((p, k) => {
          const q = m.points[k];
          worst = Math.max(worst, Math.abs(p.pointA[0] - q.pointA[0]), Math.abs(p.pointA[1] - q.pointA[1]),
            Math.abs(p.pointB[0] - q.pointB[0]), Math.abs(p.pointB[1] - q.pointB[1]),
            Math.abs(p.separation - q.separation));
        });
      }
    }
    const page = contacts.map((c) => c.a + ',' + c.b);
    const missing = found.filter((k) => !reported.has(k)), extra = page.filter((k) => !found.includes(k));
    /* pairs of leaves whose fat boxes overlap (touching counts) */
    const leaves = [];
    for (let i = 0; i < nodes.length; i += 6) if (nodes[i + 5]) leaves.push([nodes[i], nodes[i + 1], nodes[i + 2], nodes[i + 3]]);
    let overlapping = 0;
    for (let i = 0; i < leaves.length; ++i) {
      for (let j = i + 1; j < leaves.length; ++j) {
        const p = leaves[i], q = leaves[j];
        if (p[0] <= q[2] && q[0] <= p[2] && p[1] <= q[3] && q[1] <= p[3]) ++overlapping;
      }
    }
    /* every body inside some leaf box: its position, and a circle's whole box */
    let unboxed = 0;
    for (const b of bodies) {
      const r = b.spec.type === 'circle' ? b.spec.radius : 0;
      const inside = leaves.some((l) => l[0] <= b.x - r && l[1] <= b.y - r && l[2] >= b.x + r && l[3] >= b.y + r);
      if (!inside) ++unboxed;
    }
    return { tested, found: found.length, reported: page.length, missing: missing.slice(0, 5), extra: extra.slice(0, 5),
      worst, sameCounts, overlapping, pairs: stats.pairs, unboxed,
      readContacts: document.getElementById('world-contacts').textContent, statsContacts: stats.contacts };
  });
  let b = await brute();
  check('(i) contacts = brute force over all pairs (bounding circles, then gjk_collide2)',
    b.missing.length === 0 && b.extra.length === 0 && b.found > 0 && b.statsContacts === b.reported &&
    b.readContacts.startsWith(String(b.reported) + ' '),
  `${b.reported} reported, ${b.found} found among ${b.tested} close pairs; missing ${b.missing}, extra ${b.extra}`);
  check('(i) the world\'s manifolds = cold gjk_collide2 within 1e-9', b.sameCounts && b.worst <= 1e-9,
    `largest difference ${b.worst.toExponential(2)}`);
  check('(i) candidate pairs = pairs of overlapping fat boxes; every body in a leaf box',
    b.pairs === b.overlapping && b.unboxed === 0, `${b.pairs} candidates, ${b.overlapping} overlapping leaf pairs, ` +
    `${b.unboxed} bodies outside every leaf box`);

  /* (j) pixels: the tree's colours with the tree shown and hidden (paused: the same picture) */
  const treePixels = () => page.evaluate(() => {
    const g = window.gjkDemo, h = g.state.world.last.stats.height;
    let n = 0;
    for (let d = 0; d <= h; ++d) {
      const rgb = g.world.treeColour(d, h).match(/\d+/g).map(Number);
      n += g.countColour('view', rgb, 12);
    }
    return n;
  });
  const shown = await treePixels();
  const TOUCH = [217, 72, 15], CONTACT = [194, 24, 91]; /* WORLD_COLORS.touchStroke, .contact */
  const touchPixels = await page.evaluate((c) => window.gjkDemo.countColour('view', c, 40), TOUCH);
  const contactPixels = await page.evaluate((c) => window.gjkDemo.countColour('view', c, 40), CONTACT);
  await page.locator('#world-tree').uncheck();
  await frames(2);
  const hidden = await treePixels();
  const drawnHidden = (await W()).drawn;
  await page.locator('#world-contacts-shown').uncheck();
  await frames(2);
  const contactHidden = await page.evaluate((c) => window.gjkDemo.countColour('view', c, 40), CONTACT);
  await page.locator('#world-contacts-shown').check();
  await page.locator('#world-tree').check();
  await frames(2);
  check('(j) tree drawn in its colours when shown, none when hidden', shown > 2000 && hidden === 0 &&
    drawnHidden.nodes === 0, `${shown} pixels shown, ${hidden} hidden`);
  check('(j) touching bodies and contact points drawn in their colours', touchPixels > 100 && contactPixels > 20 &&
    contactHidden < contactPixels / 4, `${touchPixels} touching-outline pixels, ${contactPixels} contact pixels ` +
    `(${contactHidden} with contacts hidden)`);

  /* pause / resume by a click on the view and by Space */
  await page.locator('#view').click({ position: { x: 200, y: 200 } });
  await frames(3);
  const resumed = await W();
  await page.keyboard.press(' ');
  await frames(2);
  const spaced = await W();
  await frames(2);
  const spaced2 = await W();
  check('(j) a click resumes, Space pauses', !resumed.paused && spaced.paused && spaced2.steps === spaced.steps,
    `after click paused=${resumed.paused}, after Space paused=${spaced.paused}`);
  await page.locator('#world-speed').fill('2');
  await frames(1);
  check('(j) speed slider', (await W()).speed === 2 && (await text('world-speed-value')).startsWith('2.00'));
  await page.locator('#world-speed').fill('1');

  /* (k) step times at 500 and 2000 bodies, running; then the body count slider's worlds checked as above */
  const times = {};
  for (const n of [500, 2000]) {
    await setCount(n);
    if ((await W()).paused) await page.locator('#world-pause').click();
    await frames(45);
    times[n] = (await text('world-ms')) + ' (broad + narrow ' + (await text('world-ms-parts')) + ')';
    await page.locator('#world-pause').click();
    await frames(2);
    t = await treeFacts();
    b = await brute();
    check(`(h) ${n} bodies: world rebuilt, 2 n - 1 nodes, contacts = brute force, candidates = overlapping fat boxes`,
      t.bodies === n && t.count === 2 * n - 1 && t.leaves === n && t.deepest === t.stats.height &&
      b.missing.length === 0 && b.extra.length === 0 && b.sameCounts && b.worst <= 1e-9 && b.pairs === b.overlapping &&
      b.unboxed === 0,
    `${t.count} nodes, height ${t.stats.height}, cost ${t.stats.cost.toFixed(2)}, ${b.reported} contacts ` +
      `(${b.found} by brute force), ${b.pairs} candidates`);
  }
  console.log(`     world step (set every pose + gjk_world2_step), mean of 30 frames: 500 bodies ${times[500]}, ` +
    `2000 bodies ${times[2000]}`);

  /* (k) the screenshot: 300 bodies after a fixed number of steps of fixed length (the same picture every run) */
  await setCount(300);
  await page.evaluate(() => { /* in one task: no frame steps the new world in between */
    window.gjkDemo.state.world.paused = true;
    window.gjkDemo.resetWorld();
    window.gjkDemo.advanceWorld(90, 1 / 60);
  });
  await frames(2);
  const shot = await screenshot('web-world.png');
  const size = fs.statSync(shot).size;
  check('(k) screenshot web-world.png', size > 5000 && size < 600000, `${(size / 1024).toFixed(0)} KB`);
  await page.locator('#tab-2d').click();
  await frames(2);
}
