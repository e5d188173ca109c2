/* gjk web demo: the contact tools both views share (the *show* dropdown): the contact manifold of A and B
   (gjk_collide2/3) with feature ids and normal, a ray dragged across the view (gjk_raycast2/3 against A and B) with
   hit points and normals, and a sweep of B moving over one step (gjk_shape_cast2/3) with ghosts along the way and B
   at the time of impact. Each view supplies `project` (world point -> canvas pixels) and, for the sweep, a function
   drawing B at time t; what is drawn is recorded in state.drawn for the browser test.
   Sets window.gjkDemoParts.tools. */
'use strict';

(function () {
  const { $, state, dot, arrow, label } = window.gjkDemoParts.common;

  const TOOL_COLORS = { contact: '#c2185b', ray: '#e8590c', impact: '#0c8599', ghost: '#868e96' };
  const NORMAL_LENGTH = 0.5; /* world units of a drawn normal */
  const GHOST_TIMES = [0.25, 0.5, 0.75];

  const fmt = (x, d = 4) => (Math.abs(x) < 5e-13 ? 0 : x).toFixed(d);
  const fmtVec = (v, n) => '(' + v.slice(0, n).map((x) => fmt(x, 3)).join(', ') + ')';
  const along = (p, n, s) => [p[0] + s * n[0], p[1] + s * n[1], p[2] + s * n[2]];

  /* A feature code of gjk/manifold.h as "f2": kind (vertex, edge, face, rim crossing) and index. */
  function featureCode(code) { return 'vefc'[(code >> 14) & 3] + String(code & 0x3fff); }
  function idLabel(id) { return featureCode(Math.floor(id / 65536)) + '/' + featureCode(id % 65536); }

  function showToolReadout(lines) {
    const el = $('readout-tool');
    el.textContent = lines.join('\n');
    el.hidden = lines.length === 0;
  }

  /* ---- manifold ------------------------------------------------------------------------------------------------ */
  /* The points on A (filled) and B (hollow) joined by a thin line, each labelled with its feature ids, and the normal
     from the points' centre on A. */
  function drawManifold(ctx, m, project, dim, drawn) {
    const c = TOOL_COLORS.contact, rec = { count: m.count, status: m.status, points: [] };
    const centre = [0, 0, 0];
    for (const p of m.points) {
      const pa = project(p.pointA), pb = project(p.pointB);
      ctx.strokeStyle = c;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(pa[0], pa[1]);
      ctx.lineTo(pb[0], pb[1]);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(pb[0], pb[1], 4, 0, 2 * Math.PI);
      ctx.fillStyle = '#fff';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.stroke();
      label(ctx, idLabel(p.id), pa[0] + 8, pa[1] + 12, c);
      for (let k = 0; k < 3; ++k) centre[k] += p.pointA[k] / m.count;
      rec.points.push({ a: pa, b: pb, id: p.id, label: idLabel(p.id) });
    }
    for (const p of rec.points) dot(ctx, p.a[0], p.a[1], 4.5, c);
    if (m.count > 0) {
      const from = project(centre), to = project(along(centre, m.normal, NORMAL_LENGTH));
      arrow(ctx, from[0], from[1], to[0], to[1], c, 2);
      rec.normal = [from, to];
    }
    drawn.tool = 'manifold';
    drawn.manifold = rec;
    const lines = ['manifold: ' + m.count + ' point' + (m.count === 1 ? '' : 's') + ' within ' +
      fmt(state.speculative, 2) + ' (' + m.statusName + ')', 'normal ' + fmtVec(m.normal, dim)];
    for (const p of m.points) {
      lines.push(idLabel(p.id).padEnd(8) + ' sep ' + fmt(p.separation) + '  a ' + fmtVec(p.pointA, dim));
    }
    showToolReadout(lines);
  }

  /* ---- ray ----------------------------------------------------------------------------------------------------- */
  /* The ray from `from` to `to` (world), dashed, and where it enters each shape: hits[i] the answer for shape i. */
  function drawRay(ctx, from, to, hits, project, dim, drawn) {
    const c = TOOL_COLORS.ray, o = project(from), e = project(to);
    ctx.setLineDash([6, 4]);
    arrow(ctx, o[0], o[1], e[0], e[1], c, 1.5);
    ctx.setLineDash([]);
    dot(ctx, o[0], o[1], 3.5, c);
    const rec = { from: o, to: e, hits: [] };
    const lines = ['ray: ' + fmtVec(from, dim) + ' to ' + fmtVec(to, dim)];
    hits.forEach((r, i) => {
      const name = i === 0 ? 'A' : 'B';
      if (!r.hit) {
        lines.push(name + ': miss' + (r.status ? ' (' + r.statusName + ')' : ''));
        return;
      }
      const p = project(r.point), n = project(along(r.point, r.normal, 0.8 * NORMAL_LENGTH));
      arrow(ctx, p[0], p[1], n[0], n[1], c, 2);
      dot(ctx, p[0], p[1], 5, c);
      if (r.inside) label(ctx, 'inside ' + name, p[0] + 8, p[1] + 12, c);
      rec.hits.push({ shape: i, point: p, inside: r.inside });
      lines.push(name + ': ' + (r.inside ? 'inside, ' : '') + 'hit at ' + fmt(r.fraction) + ' ' + fmtVec(r.point, dim) +
        ', normal ' + fmtVec(r.normal, dim));
    });
    drawn.tool = 'ray';
    drawn.ray = rec;
    showToolReadout(lines);
  }

  /* ---- sweep --------------------------------------------------------------------------------------------------- */
  /* B over the step: ghost(t, colour, width, dash) draws B at time t. Faint ghosts along the way, the end of the
     step dashed, the path of B's origin (from path[0] to path[1], world), and B at the time of impact with the
     contact point and normal (state hit or overlapped). */
  function drawSweep(ctx, c, ghost, path, project, dim, drawn) {
    const g = TOOL_COLORS.ghost, k = TOOL_COLORS.impact;
    for (const t of GHOST_TIMES) ghost(t, 'rgba(134, 142, 150, 0.55)', 1, []);
    ghost(1, g, 1.2, [5, 4]);
    const p0 = project(path[0]), p1 = project(path[1]);
    ctx.setLineDash([2, 4]);
    arrow(ctx, p0[0], p0[1], p1[0], p1[1], g, 1.2);
    ctx.setLineDash([]);
    const contact = c.stateName === 'hit' || c.stateName === 'overlapped';
    const rec = { state: c.stateName, t: c.t, ghosts: GHOST_TIMES.length + 1 };
    if (c.stateName !== 'separated') ghost(c.t, k, 2.5, []);
    if (contact) {
      const p = project(c.point), n = project(along(c.point, c.normal, NORMAL_LENGTH));
      arrow(ctx, p[0], p[1], n[0], n[1], k, 2);
      dot(ctx, p[0], p[1], 5, k);
      rec.point = p;
    }
    drawn.tool = 'sweep';
    drawn.sweep = rec;
    const lines = ['sweep: ' + c.stateName + (c.stateName === 'separated' ? ' (t = 1)' : ' at t = ' + fmt(c.t)) +
      ' (' + c.statusName + ', ' + c.iterations + ' iterations)'];
    if (contact) lines.push('normal ' + fmtVec(c.normal, dim), 'point ' + fmtVec(c.point, dim));
    showToolReadout(lines);
  }

  window.gjkDemoParts.tools = { TOOL_COLORS, idLabel, showToolReadout, drawManifold, drawRay, drawSweep };
})();
