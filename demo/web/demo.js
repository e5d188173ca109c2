/* gjk web demo: the page's JavaScript. The answers come from the C library compiled to WebAssembly (gjk_demo.js,
   gjk_demo.wasm, glue in demo_api.c, demo_contacts.c, demo_geometry.c and demo_world.c, wrapped by gjk_api.js);
   demo_common.js holds the scene state and drawing helpers, demo_2d.js, demo_3d.js and demo_world.js draw the three
   views with Canvas2D, and this file runs the frame loop, handles input and starts the page.

   window.gjkDemo exposes the state and a few helpers for the browser test (demo/web/test/browser_test.mjs):
   state.result (the displayed query), state.drawn (what the last frame drew), state.world (the world view), toScreen2(),
   pixel(), query2/3(), resetWorld(), advanceWorld(). */
'use strict';

(function () {
  const { MODE_PLAIN, makeApi } = window.gjkApi;
  const { COLORS, SHAPES2, SHAPES3, $, view, state } = window.gjkDemoParts.common;
  const { toScreen2, toWorld2, frame2, startAnim, applyAnim, reanchorAnim, updateAnimLabel, hit2 } =
    window.gjkDemoParts.view2;
  const { frame3 } = window.gjkDemoParts.view3;
  const { frameWorld, resetWorld } = window.gjkDemoParts.world;
  let api = null;

  /* ---- the loop ----------------------------------------------------------------------------------------------- */
  let last = 0;
  function tick(now) {
    const dt = last ? Math.min(0.1, (now - last) / 1000) : 0;
    last = now;
    try {
      if (state.view === 'world') {
        frameWorld(api, dt);
      } else if (state.view === '2d') {
        if (state.anim.on) {
          if (!state.anim.paused && !state.drag) state.anim.t += dt;
          applyAnim();
        }
        updateAnimLabel();
        frame2(api);
      } else {
        if (state.cam.spin && !state.cam.drag) state.cam.yaw += 0.25 * dt;
        frame3(api);
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
  function rotateSelected(delta) {
    if (state.view === '3d') {
      state.turnB += delta;
      return;
    }
    const s = state.shapes2[state.selected];
    s.angle += delta;
    if (state.anim.on && state.selected === 1) reanchorAnim();
  }

  /* The ray tool: a drag sets the ray from where it starts to where the mouse is (3D: on the plane through the
     scene's centre facing the camera). */
  function rayPoint(px, py) {
    if (state.view === '2d') return toWorld2(px, py);
    return state.unproject3 ? state.unproject3(px, py) : null;
  }

  view.addEventListener('mousedown', (e) => {
    if (e.button !== 0) return;
    view.focus();
    if (state.view === 'world') {
      state.world.paused = !state.world.paused;
      e.preventDefault();
      return;
    }
    const [px, py] = eventPos(e);
    if (state.tool === 'ray') {
      const p = rayPoint(px, py);
      if (p) {
        const ray = state.view === '2d' ? state.ray2 : state.ray3;
        ray.from = p;
        ray.to = p.slice();
        state.rayDrag = true;
      }
      e.preventDefault();
      return;
    }
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
    if (state.rayDrag) {
      const p = rayPoint(px, py);
      if (p) (state.view === '2d' ? state.ray2 : state.ray3).to = p;
      return;
    }
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
    state.rayDrag = false;
    state.drag = null;
    state.cam.drag = null;
    view.style.cursor = '';
  });
  view.addEventListener('wheel', (e) => {
    if (state.view === 'world') return;
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
    if (state.view === 'world') {
      if (e.key !== ' ') return;
      state.world.paused = !state.world.paused;
      e.preventDefault();
      return;
    }
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
    for (const t of ['2d', '3d', 'world']) {
      $('tab-' + t).classList.toggle('active', v === t);
      $('tab-' + t).setAttribute('aria-selected', String(v === t));
      $('controls-' + t).hidden = v !== t;
      $('help-' + t).hidden = v !== t;
    }
    $('controls-tool').hidden = v === 'world';
    $('side-pair').hidden = v === 'world';
    $('side-world').hidden = v !== 'world';
    setTool(state.tool);
    if (v === 'world') view.style.cursor = 'pointer';
  }

  function setTool(tool) {
    state.tool = tool;
    $('tool').value = tool;
    $('speculative-box').hidden = tool !== 'manifold';
    $('sweep-box').hidden = tool !== 'sweep';
    view.style.cursor = tool === 'ray' ? 'crosshair' : state.view === '3d' ? 'move' : '';
  }
  function showSweep() {
    const { vx, vy, w } = state.sweep;
    $('sweep-value').textContent = '(' + vx.toFixed(1) + ', ' + vy.toFixed(1) + '), ' + w.toFixed(1) + ' rad';
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
    $('tool').addEventListener('change', (e) => setTool(e.target.value));
    $('speculative').addEventListener('input', (e) => {
      state.speculative = Number(e.target.value);
      $('speculative-value').textContent = state.speculative.toFixed(2);
    });
    for (const k of ['vx', 'vy', 'w']) {
      $('sweep-' + k).addEventListener('input', (e) => { state.sweep[k] = Number(e.target.value); showSweep(); });
    }
    showSweep();
    $('tab-2d').addEventListener('click', () => setView('2d'));
    $('tab-3d').addEventListener('click', () => setView('3d'));
    $('tab-world').addEventListener('click', () => setView('world'));
    $('world-count').addEventListener('input', (e) => { state.world.count = Number(e.target.value); });
    $('world-speed').addEventListener('input', (e) => { state.world.speed = Number(e.target.value); });
    $('world-pause').addEventListener('click', () => { state.world.paused = !state.world.paused; });
    $('world-tree').addEventListener('change', (e) => { state.world.showTree = e.target.checked; });
    $('world-contacts-shown').addEventListener('change', (e) => { state.world.showContacts = e.target.checked; });
  }

  /* ---- for the browser test ----------------------------------------------------------------------------------- */
  function pixel(canvasId, x, y) {
    const c = $(canvasId), dpr = c.width / c.clientWidth;
    const d = c.getContext('2d').getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data;
    return [d[0], d[1], d[2], d[3]];
  }
  /* Pixels of the canvas within `tol` of an RGB colour; rect [x, y, w, h] (CSS pixels): only those inside it. */
  function countColour(canvasId, rgb, tol = 40, rect = null) {
    const c = $(canvasId), dpr = c.width / c.clientWidth;
    const [x0, y0, w, h] = rect ? rect.map((v) => Math.round(v * dpr)) : [0, 0, c.width, c.height];
    const d = c.getContext('2d').getImageData(x0, y0, Math.max(1, w), Math.max(1, h)).data;
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

  /* The contact queries on the scratch slots, as query2/3: a manifold (speculative distance d), a ray against A
     alone, a cast of B moving by v and turning by w (2D: an angle; 3D: a rotation vector) while A stands still. */
  function place(dim, specA, specB) {
    const set = dim === 2 ? api.set2 : api.set3;
    const st = [set(2, specA), specB ? set(3, specB) : 0];
    if (st[0] || st[1]) return st;
    for (const [slot, spec] of [[2, specA], [3, specB]]) {
      if (!spec) continue;
      if (dim === 2) api.pose2(slot, ...(spec.position || [0, 0]), spec.rotation || 0);
      else api.pose3(slot, spec.position || [0, 0, 0], spec.rotation || [1, 0, 0, 0]);
    }
    return null;
  }
  const contacts = {
    manifold2: (a, b, d) => place(2, a, b) || api.collide2(2, 3, d),
    manifold3: (a, b, d) => place(3, a, b) || api.collide3(2, 3, d),
    raycast2: (a, ray) => place(2, a) || api.raycast2(2, ray.origin, ray.translation, ray.max_fraction),
    raycast3: (a, ray) => place(3, a) || api.raycast3(2, ray.origin, ray.translation, ray.max_fraction),
    cast2: (a, b, v, w) => place(2, a, b) || api.cast2(2, 3, v, w),
    cast3: (a, b, v, w) => place(3, a, b) || api.cast3(2, 3, v, w),
  };

  window.gjkDemo = {
    state, SHAPES2, SHAPES3, COLORS, toScreen2, toWorld2, pixel, countColour, query2, query3, setView, setTool,
    contacts, project3: (p) => state.project3(p), poseAt3: window.gjkDemoParts.view3.poseAt3,
    world: window.gjkDemoParts.world, resetWorld: () => resetWorld(api),
    advanceWorld: (n, dt) => window.gjkDemoParts.world.advanceWorld(api, n, dt),
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
