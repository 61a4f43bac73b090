// uisynth gallery page (served by gallery/server.ts). No build step, no framework.
// Security rule of this file: every value that comes from a dataset is put into the page as text
// (textContent, createTextNode, SVG text nodes) or as a number; no HTML or attribute is built by string
// concatenation from data. The server's Content-Security-Policy forbids inline script as a second wall.
'use strict';

const $ = (s) => document.querySelector(s);
const SVG = 'http://www.w3.org/2000/svg';
/** Selected-target colour: no other layer uses it (tests find the box by it). */
const SEL = '#ff00ff';
const PALETTE = ['#ff5252', '#4fc3f7', '#69f0ae', '#ffd740', '#b388ff', '#ff6e40', '#40c4ff', '#b2ff59'];
const GOLD = '#ffeb3b';
const PRED = '#00e5ff';
const LAYERS = [
  ['b', 'boxes', 'boxes'],
  ['p', 'points', 'points'],
  ['h', 'hit', 'hit-test points'],
  ['o', 'order', 'click order'],
  ['d', 'drag', 'drag arrows'],
  ['v', 'verifier', 'verifier boxes'],
  ['m', 'pred', 'model answer'],
];
const PAGE = 60;

/** Element builder. props: {class, text, attrs:{}, on:{event:fn}, style:{}}; children: nodes or strings (as text). */
function h(tag, props = {}, ...kids) {
  const el = tag.startsWith('svg:') ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  if (props.class) el.setAttribute('class', props.class);
  if (props.text !== undefined) el.textContent = String(props.text);
  for (const [k, v] of Object.entries(props.attrs ?? {})) {
    if (/^on/i.test(k)) throw new Error('event attributes are not allowed');
    if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  }
  for (const [k, v] of Object.entries(props.on ?? {})) el.addEventListener(k, v);
  for (const [k, v] of Object.entries(props.style ?? {})) el.style.setProperty(k, String(v));
  for (const c of kids.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}
const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v));
const fmtPct = (x) => `${(x * 100).toFixed(1)}%`;
/** A dataset field that must be a list: the list, or [] for absent; throws naming the field when it is something else. */
function list(v, field) {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new Error(`${field} is not a list (it is ${typeof v === 'string' ? 'a string' : typeof v}: ${str(v).slice(0, 60)})`);
  return v;
}
/** Run one drawing step; on a malformed field append an inline error naming it to `errs` instead of failing the view. */
function guarded(errs, what, fn) {
  try {
    fn();
  } catch (e) {
    errs.push(`${what}: ${e && e.message ? e.message : String(e)}`);
  }
}

const state = {
  sets: [],
  facets: [],
  view: 'grid',
  params: new URLSearchParams(),
  layers: Object.fromEntries(LAYERS.map(([, k]) => [k, true])),
  zoom: null, // null = fit
  rec: null,
  charts: [],
};

// ---------- routing: every view is a URL (#/<view>?<params>) ----------
function parseHash() {
  const m = /^#\/?([a-z]*)\??(.*)$/.exec(location.hash || '');
  return { view: (m && m[1]) || 'grid', params: new URLSearchParams(m ? m[2] : '') };
}
function href(view, params) {
  const s = params.toString();
  return `#/${view}${s ? '?' + s : ''}`;
}
/** Filter params (facets and q) of the current URL plus ds. */
function filterParams(extra = {}) {
  const p = new URLSearchParams();
  p.set('ds', state.params.get('ds') ?? '0');
  for (const [k, v] of state.params) if (k === 'q' || state.facets.some((f) => f.key === k)) p.append(k, v);
  for (const [k, v] of Object.entries(extra)) if (v !== null && v !== undefined) p.set(k, String(v));
  return p;
}
function go(view, params) {
  location.hash = href(view, params);
}
async function api(path, params) {
  const r = await fetch(`${path}?${params.toString()}`);
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
}

async function boot() {
  [state.sets, state.facets, state.reports] = await Promise.all(['/api/datasets', '/api/facets', '/api/reports'].map((u) => fetch(u).then((r) => r.json())));
  if (state.reports.length) $('#tab-regress').hidden = false;
  if (!state.sets.length) for (const v of ['grid', 'stats', 'eval']) $(`#tab-${v}`).hidden = true;
  const ds = $('#ds');
  for (const s of state.sets) ds.append(h('option', { attrs: { value: s.n }, text: `${s.name} (${s.kind}, ${s.records})` }));
  if (!state.sets.length) {
    ds.append(h('option', { attrs: { value: '0' }, text: 'no dataset, regress report only' }));
    ds.disabled = true;
  }
  ds.addEventListener('change', () => go(state.view === 'record' ? 'grid' : state.view, new URLSearchParams({ ds: ds.value })));
  let t = null;
  $('#q').addEventListener('input', () => {
    clearTimeout(t);
    t = setTimeout(() => {
      const p = filterParams();
      p.delete('q');
      if ($('#q').value.trim()) p.set('q', $('#q').value.trim());
      go(state.view === 'record' ? 'grid' : state.view, p);
    }, 200);
  });
  $('#filters-toggle').addEventListener('click', () => $('#side').classList.toggle('open'));
  window.addEventListener('hashchange', route);
  document.addEventListener('keydown', onKey);
  await route();
}

/** The dataset of the URL's ds; throws a readable error when there is none. */
function currentSet() {
  const ds = state.params.get('ds') ?? '0';
  const set = /^\d+$/.test(ds) ? state.sets[Number(ds)] : undefined;
  if (!set) {
    $('#count').textContent = '';
    throw new Error(`dataset ${ds} does not exist (the gallery has ${state.sets.length}: ${state.sets.map((s) => `${s.n} = ${s.name}`).join(', ')})`);
  }
  return set;
}

async function route() {
  const { view, params } = parseHash();
  state.view = ['grid', 'record', 'stats', 'eval', 'regress'].includes(view) ? view : 'grid';
  if (!state.sets.length) state.view = 'regress';
  state.params = params;
  document.body.classList.toggle('recview', state.view === 'record');
  $('#ds').value = params.get('ds') ?? '0';
  if (document.activeElement !== $('#q')) $('#q').value = params.get('q') ?? '';
  for (const v of ['grid', 'stats', 'eval']) {
    const a = $(`#tab-${v}`);
    a.classList.toggle('on', state.view === v);
    a.setAttribute('href', href(v, filterParams()));
  }
  for (const c of state.charts) c.destroy();
  state.charts = [];
  try {
    $('#tab-regress').setAttribute('href', href('regress', new URLSearchParams({ r: params.get('r') ?? '0' })));
    $('#tab-regress').classList.toggle('on', state.view === 'regress');
    if (state.view === 'regress') await showRegress();
    else if (state.view === 'record') await showRecord();
    else {
      currentSet();
      if (state.view === 'stats') await showStats();
      else if (state.view === 'eval') await showEval();
      else await showGrid();
    }
  } catch (e) {
    $('#main').replaceChildren(h('div', { class: 'err', text: String(e.message || e) }));
  }
  document.body.dataset.ready = `${state.view}:${location.hash}`;
}

// ---------- facets sidebar ----------
function renderFacets(facets, view) {
  const side = $('#side');
  side.replaceChildren();
  const order = view === 'eval' ? [...state.facets.filter((f) => f.of === 'eval'), ...state.facets.filter((f) => f.of !== 'eval')] : state.facets;
  for (const f of order) {
    const vals = facets[f.key];
    if (!vals || vals.length === 0) continue;
    const sel = new Set(state.params.getAll(f.key));
    // a facet with one value filters nothing but still describes the data: shown, dimmed
    const single = vals.length < 2 && sel.size === 0 && f.key !== 'verdict';
    const box = h('div', { class: `facet${single ? ' single' : ''}`, attrs: { 'data-facet': f.key } }, h('h4', { text: f.label }));
    for (const [v, n] of vals.slice(0, 150)) {
      const on = sel.has(v);
      box.append(
        h('div', { class: `fv${on ? ' on' : ''}${n === 0 ? ' zero' : ''}`, attrs: { role: 'checkbox', tabindex: 0, 'aria-checked': on, 'data-value': v, title: v }, on: { click: () => toggleFilter(f.key, v, view), keydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); state.refocus = { key: f.key, v }; toggleFilter(f.key, v, view); } } } },
          h('input', { attrs: { type: 'checkbox', tabindex: -1, ...(on ? { checked: '' } : {}) } }),
          h('span', { class: 'v', text: v }),
          h('span', { class: 'n', text: n }),
        ),
      );
    }
    if (vals.length > 150) box.append(h('div', { class: 'mut', text: `… ${vals.length - 150} more (use the stats view)` }));
    side.append(box);
  }
  if ([...state.params.keys()].some((k) => k === 'q' || state.facets.some((f) => f.key === k)))
    side.prepend(h('button', { text: 'clear filters', on: { click: () => go(view, new URLSearchParams({ ds: state.params.get('ds') ?? '0' })) } }));
  // a value toggled from the keyboard keeps the focus after the sidebar is redrawn
  if (state.refocus) {
    const { key, v } = state.refocus;
    state.refocus = null;
    const el = [...side.querySelectorAll(`.facet[data-facet="${key}"] .fv`)].find((x) => x.dataset.value === v);
    if (el) el.focus();
  }
}
function toggleFilter(key, v, view = state.view) {
  const p = filterParams();
  const cur = p.getAll(key);
  p.delete(key);
  const next = cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v];
  for (const x of next) p.append(key, x);
  go(view === 'record' ? 'grid' : view, p);
}

// ---------- grid ----------
async function showGrid(withEval = false) {
  const page = Math.max(0, Number(state.params.get('page')) || 0);
  const q = filterParams({ offset: page * PAGE, limit: PAGE });
  const r = await api('/api/query', q);
  renderFacets(r.facets, withEval ? 'eval' : 'grid');
  $('#count').textContent = `${r.total} / ${r.all} records`;
  const grid = h('div', { attrs: { id: 'grid' } });
  for (const it of r.items) grid.append(card(it));
  const pages = Math.max(1, Math.ceil(r.total / PAGE));
  const pager = h('div', { class: 'pager' },
    h('button', { text: '← prev', attrs: page > 0 ? {} : { disabled: '' }, on: { click: () => go(withEval ? 'eval' : 'grid', filterParams({ page: page - 1 })) } }),
    h('span', { class: 'mut', text: `page ${page + 1} of ${pages}` }),
    h('button', { text: 'next →', attrs: page + 1 < pages ? {} : { disabled: '' }, on: { click: () => go(withEval ? 'eval' : 'grid', filterParams({ page: page + 1 })) } }),
  );
  const parts = [];
  if (withEval) parts.push(evalPanel(r));
  parts.push(grid, pager);
  $('#main').replaceChildren(...parts);
  $('#main').scrollTop = 0;
}
function card(it) {
  const ds = state.params.get('ds') ?? '0';
  const a = h('a', { class: 'card', attrs: { href: href('record', filterParams({ i: it.i })), 'data-i': it.i, 'data-id': it.id } });
  const thumb = h('div', { class: 'thumb' });
  if (it.error) thumb.append(h('div', { class: 'err', text: it.error }));
  else if (!it.image) thumb.append(h('div', { class: 'err', text: 'record has no image' }));
  else {
    const img = h('img', { attrs: { src: `/thumb/${encodeURIComponent(ds)}/${it.i}`, loading: 'lazy', alt: '', width: 320, height: Math.round((320 * num(it.image.height)) / Math.max(1, num(it.image.width))) } });
    img.addEventListener('error', () => imageError(thumb, `/thumb/${encodeURIComponent(ds)}/${it.i}`, it.image.path));
    thumb.append(img);
  }
  const meta = h('div', { class: 'meta' }, h('b', { text: it.title }), ' · ', it.id);
  const sub = h('div', { class: 'meta' });
  if (it.verdict !== null && it.verdict !== undefined) sub.append(h('span', { class: `badge ${it.verdict === 'pass' || /^(\d+)\/\1 /.test(it.verdict) ? 'pass' : 'fail'}`, text: it.verdict }));
  sub.append(it.subtitle);
  a.append(thumb, meta, sub);
  return a;
}
/** Replace a broken image with the server's reason, inline. */
async function imageError(container, url, path) {
  let why = 'image could not be loaded';
  try {
    const r = await fetch(url);
    if (!r.ok) why = await r.text();
  } catch {}
  container.replaceChildren(h('div', { class: 'err', text: `${why}\n${str(path)}` }));
}

// ---------- record view ----------
async function showRecord() {
  const i = Number(state.params.get('i'));
  const set = currentSet();
  if (!Number.isInteger(i) || i < 0 || i >= set.records) {
    $('#count').textContent = `${set.records} records`;
    throw new Error(`record ${state.params.get('i') ?? '(no i= in the link)'} is not in dataset ${set.name} (${set.records} records)`);
  }
  const data = await api('/api/record', filterParams({ i }));
  state.rec = data;
  $('#count').textContent = data.nav.pos >= 0 ? `record ${data.nav.pos + 1} / ${data.nav.total}` : 'record (not in the filtered list)';
  const side = $('#side');
  side.replaceChildren(h('div', { class: 'facet' }, h('h4', { text: 'record' }), h('a', { attrs: { href: href('grid', filterParams()) }, text: '← back to the grid (Esc)' })));
  const r = data.record;
  const tools = h('div', { attrs: { id: 'tools' } },
    h('button', { text: '←', attrs: { title: 'previous (←)', ...(data.nav.prev === null ? { disabled: '' } : {}) }, on: { click: () => nav(-1) } }),
    h('button', { text: '→', attrs: { title: 'next (→)', ...(data.nav.next === null ? { disabled: '' } : {}) }, on: { click: () => nav(1) } }),
    h('button', { text: 'fit', attrs: { title: 'fit (0)' }, on: { click: () => setZoom(null) } }),
    h('button', { text: '−', attrs: { title: 'zoom out (-)' }, on: { click: () => zoomBy(1 / 1.5) } }),
    h('button', { text: '+', attrs: { title: 'zoom in (+)' }, on: { click: () => zoomBy(1.5) } }),
    h('button', { text: '1:1', attrs: { title: 'one image px per screen px (1)' }, on: { click: () => setZoom(1 / (window.devicePixelRatio || 1)) } }),
    h('span', { class: 'mut', attrs: { id: 'zoomlabel' } }),
  );
  for (const [key, k, label] of LAYERS) {
    if (k === 'pred' && !data.verdicts) continue; // no predictions loaded: nothing to toggle
    const cb = h('input', { attrs: { type: 'checkbox', 'data-layer': k, ...(state.layers[k] ? { checked: '' } : {}) }, on: { change: (e) => { state.layers[k] = e.target.checked; drawOverlay(); } } });
    tools.append(h('label', { attrs: { title: `toggle (${key})` } }, cb, `${label} (${key})`));
  }
  const viewport = h('div', { attrs: { id: 'viewport' } });
  const info = h('div', { attrs: { id: 'info' } });
  $('#main').replaceChildren(h('div', { attrs: { id: 'rec' } }, h('div', { attrs: { id: 'stagewrap' } }, tools, h('div', { attrs: { id: 'overlay-errors' } }), viewport), info));
  if (!r) {
    viewport.append(h('div', { class: 'err', text: data.error || 'record unavailable' }));
    info.append(h('div', { text: `${str(data.shard)}:${data.line}` }));
    return;
  }
  const W = Math.max(1, num(r.image?.width)), H = Math.max(1, num(r.image?.height));
  const canvas = h('div', { attrs: { id: 'canvas' } });
  const img = h('img', { attrs: { src: `/image/${encodeURIComponent(state.params.get('ds') ?? '0')}/${i}`, alt: '', draggable: 'false' } });
  img.addEventListener('error', () => imageError(canvas, img.src, r.image?.path));
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('id', 'overlay');
  canvas.append(img, svg);
  viewport.append(canvas);
  state.W = W;
  state.H = H;
  panning(viewport);
  renderInfo(info, data);
  applyZoom(); // after the info panel: on a phone it takes height from the viewport
  window.onresize = () => { if (state.view === 'record' && state.zoom === null) applyZoom(); };
  new ResizeObserver(() => { if (state.view === 'record' && state.zoom === null) applyZoom(); }).observe(viewport);
}
function nav(d) {
  const n = d < 0 ? state.rec?.nav.prev : state.rec?.nav.next;
  if (n === null || n === undefined) return;
  const p = filterParams({ i: n });
  go('record', p);
}
function fitZoom() {
  const vp = $('#viewport');
  if (!vp) return 1;
  return Math.min((vp.clientWidth - 4) / state.W, (vp.clientHeight - 4) / state.H);
}
function setZoom(z) {
  state.zoom = z;
  applyZoom();
}
function zoomBy(f) {
  const vp = $('#viewport');
  const before = state.zoom ?? fitZoom();
  const cx = (vp.scrollLeft + vp.clientWidth / 2) / before, cy = (vp.scrollTop + vp.clientHeight / 2) / before;
  state.zoom = Math.min(16, Math.max(0.05, before * f));
  applyZoom();
  vp.scrollLeft = cx * state.zoom - vp.clientWidth / 2;
  vp.scrollTop = cy * state.zoom - vp.clientHeight / 2;
}
/** Size the canvas to W×H × zoom CSS px; the viewport scrolls over all of it (left and top edges reachable). */
function applyZoom() {
  const c = $('#canvas');
  if (!c) return;
  const z = state.zoom ?? fitZoom();
  c.style.width = `${state.W * z}px`;
  c.style.height = `${state.H * z}px`;
  // Centre while smaller than the viewport; margins collapse to 0 once it overflows, so every part can be scrolled to.
  const vp = $('#viewport');
  c.style.marginLeft = `${Math.max(0, (vp.clientWidth - state.W * z) / 2)}px`;
  c.style.marginTop = `${Math.max(0, (vp.clientHeight - state.H * z) / 2)}px`;
  c.querySelector('img')?.classList.toggle('pixel', z * (window.devicePixelRatio || 1) >= 2);
  const zl = $('#zoomlabel');
  if (zl) zl.textContent = `${(z * 100).toFixed(0)}%${state.zoom === null ? ' (fit)' : ''}`;
  c.dataset.zoom = String(z);
  drawOverlay();
}
function panning(vp) {
  let start = null;
  vp.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'mouse' || e.button !== 0) return;
    start = { x: e.clientX, y: e.clientY, l: vp.scrollLeft, t: vp.scrollTop };
    vp.classList.add('drag');
  });
  window.addEventListener('pointermove', (e) => {
    if (!start) return;
    vp.scrollLeft = start.l - (e.clientX - start.x);
    vp.scrollTop = start.t - (e.clientY - start.y);
  });
  window.addEventListener('pointerup', () => { start = null; vp.classList.remove('drag'); });
  vp.addEventListener('wheel', (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    zoomBy(e.deltaY < 0 ? 1.25 : 0.8);
  }, { passive: false });
}
function selectedTid() {
  return state.params.get('t');
}
function selectTarget(tid) {
  const p = new URLSearchParams(state.params);
  if (tid === null || p.get('t') === tid) p.delete('t');
  else p.set('t', tid);
  history.replaceState(null, '', href('record', p));
  state.params = p;
  drawOverlay();
  renderInfo($('#info'), state.rec);
}

// overlay drawing: all in image px (the SVG viewBox is the image), stroke widths in screen px
function drawOverlay() {
  const svg = $('#overlay');
  const r = state.rec?.record;
  if (!svg || !r) return;
  const z = state.zoom ?? fitZoom();
  const px = (n) => n / z; // n screen px in image px
  const L = state.layers;
  svg.replaceChildren();
  const defs = h('svg:defs');
  for (const [id, col] of [['arr-gold', GOLD], ['arr-pred', PRED]])
    defs.append(h('svg:marker', { attrs: { id, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto', markerUnits: 'strokeWidth' } }, h('svg:path', { attrs: { d: 'M0,0L10,5L0,10z', fill: col } })));
  svg.append(defs);
  const rect = (b, col, w = 2, dash = null, layer = '') => {
    if (!Array.isArray(b) || b.length !== 4) return null;
    return h('svg:rect', { attrs: { x: num(b[0]), y: num(b[1]), width: Math.max(0, num(b[2]) - num(b[0])), height: Math.max(0, num(b[3]) - num(b[1])), fill: 'none', stroke: col, 'stroke-width': w, 'vector-effect': 'non-scaling-stroke', 'stroke-dasharray': dash, 'data-layer': layer } });
  };
  const dot = (p, col, rad = 4, layer = '') => Array.isArray(p) ? h('svg:circle', { attrs: { cx: num(p[0]), cy: num(p[1]), r: px(rad), fill: col, stroke: '#000', 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke', 'data-layer': layer } }) : null;
  const label = (p, text, col) => Array.isArray(p) ? h('svg:text', { attrs: { x: num(p[0]) + px(6), y: num(p[1]) - px(6), fill: col, 'font-size': px(14), 'font-weight': 800, stroke: '#000', 'stroke-width': px(3), 'paint-order': 'stroke' }, text }) : null;
  const arrow = (a, b, col, marker) => h('svg:line', { attrs: { x1: num(a[0]), y1: num(a[1]), x2: num(b[0]), y2: num(b[1]), stroke: col, 'stroke-width': 3, 'vector-effect': 'non-scaling-stroke', 'marker-end': `url(#${marker})`, 'data-layer': 'drag' } });
  const sel = selectedTid();
  const errs = [];
  if (r.kind === 'grounding') guarded(errs, 'targets', () => {
    const qs = list(r.queries, 'queries').filter((q) => q && typeof q === 'object');
    list(r.targets, 'targets').forEach((t, k) => guarded(errs, `targets[${k}]`, () => {
      if (!t || typeof t !== 'object') throw new Error('not an object');
      const isSel = t.tid === sel;
      const col = isSel ? SEL : PALETTE[k % PALETTE.length];
      const g = h('svg:g', { attrs: { 'data-tid': str(t.tid), opacity: sel && !isSel ? 0.45 : 1 } });
      const texts = qs.filter((q) => q.tid === t.tid).map((q) => str(q.text));
      g.append(h('svg:title', { text: [`${str(t.tid)} ${str(t.role)} “${str(t.name || t.text)}”`, ...texts].join('\n') }));
      if (L.boxes) g.append(rect(t.bbox, col, isSel ? 3 : 2, null, 'boxes'));
      if (L.points) g.append(dot(t.point, col, isSel ? 5 : 3.5, 'points'));
      // the nine hit-test points only for the selected target: at fit zoom they would cover small targets
      if (L.hit && isSel) for (const pc of list(t.checks?.points, `targets[${k}].checks.points`)) g.append(dot(pc?.point, pc?.ok ? '#00c853' : '#ff1744', 3, 'hit'));
      g.addEventListener('click', () => selectTarget(str(t.tid)));
      svg.append(g);
    }));
  });
  else if (r.kind === 'captcha') {
    const v = r.verifier && typeof r.verifier === 'object' ? r.verifier : {};
    if (L.verifier || L.boxes) guarded(errs, 'verifier', () => {
      const boxes = [];
      if (v.kind === 'click' || v.kind === 'pair') list(v.boxes, 'verifier.boxes').forEach((b, k) => boxes.push([b, PALETTE[k % PALETTE.length], v.kind === 'click' && v.mode === 'sequence' ? String(k + 1) : v.kind === 'pair' ? String(k) : null]));
      if (v.kind === 'click' && v.submit_box) boxes.push([v.submit_box, '#ffffff', 'submit']);
      if (v.kind === 'text_entry') boxes.push([v.input_box, PALETTE[1], `“${str(v.answer)}”`]);
      if (v.kind === 'drag' || v.kind === 'drag_y') {
        boxes.push([v.handle_box, PALETTE[2], 'handle']);
        if (v.track_box) boxes.push([v.track_box, '#9e9e9e', 'track']);
      }
      if (v.kind === 'drags') list(v.items, 'verifier.items').forEach((it, k) => { boxes.push([it.handle_box, PALETTE[2], `handle ${k + 1}`]); boxes.push([it.target_box, PALETTE[4], `target ${k + 1}`]); });
      for (const [b, col, text] of boxes) {
        if (!Array.isArray(b) || b.length !== 4 || !b.every((x) => typeof x === 'number')) {
          if (b !== null && b !== undefined) errs.push(`verifier: the ${text ?? 'verifier'} box is not [x1, y1, x2, y2] (it is ${str(b).slice(0, 60)})`);
          continue;
        }
        svg.append(rect(b, col, 2, null, 'verifier'));
        if (text && L.order && Array.isArray(b)) svg.append(label([b[0], b[1]], text, col));
      }
    });
    guarded(errs, 'solution.actions', () => drawActions(svg, list(r.solution?.actions, 'solution.actions'), GOLD, 'arr-gold', dot, label, arrow));
  }
  if (L.pred) guarded(errs, 'model answer', () => {
    for (const v of state.rec.verdicts ?? []) {
      if (!Array.isArray(v.actions)) continue;
      if (r.kind === 'grounding' && sel) {
        const q = (Array.isArray(r.queries) ? r.queries : []).find((x) => x && x.qid === v.qid);
        if (!q || q.tid !== sel) continue;
      }
      drawActions(svg, v.actions, PRED, 'arr-pred', dot, label, arrow, v.verdict === 'pass' ? '' : '✗');
    }
  });
  const box = $('#overlay-errors');
  if (box) box.replaceChildren(...errs.map((m) => h('div', { class: 'err', attrs: { 'data-field-error': m.split(':')[0] }, text: `cannot draw ${m}` })));
}
function drawActions(svg, actions, col, marker, dot, label, arrow, tag = '') {
  const L = state.layers;
  actions.forEach((a, k) => {
    if (!a || typeof a !== 'object') return;
    const n = actions.length > 1 ? `${k + 1}${tag}` : tag || null;
    if (a.type === 'drag' && Array.isArray(a.start) && Array.isArray(a.end)) {
      if (L.drag) svg.append(arrow(a.start, a.end, col, marker));
      if (L.points) svg.append(dot(a.start, col, 4, 'points'));
      if (L.order && n) svg.append(label(a.start, n, col));
    } else if (Array.isArray(a.point)) {
      if (L.points) svg.append(dot(a.point, col, 5, 'points'));
      if (L.order && n) svg.append(label(a.point, n, col));
    }
  });
}

/** The record's info panel: id, tags, verdicts, queries/targets or instruction/answer, JSON. Each section is
 * drawn on its own; a malformed field shows an inline error naming it and the rest (always the JSON) still shows. */
function renderInfo(info, data) {
  const r = data.record;
  info.replaceChildren();
  const errs = info.appendChild(h('div', { attrs: { id: 'info-errors' } }));
  const fail = [];
  guarded(fail, 'record', () => renderInfoBody(info, data));
  errs.append(...fail.map((m) => h('div', { class: 'err', attrs: { 'data-field-error': m.split(':')[0] }, text: `cannot show ${m}` })));
  const sel = selectedTid();
  info.append(h('h3', { text: sel ? `Record JSON (target ${sel} highlighted)` : 'Record JSON' }));
  let jv;
  try {
    jv = jsonView(r, sel);
  } catch {
    jv = h('pre', { class: 'json', text: pretty(r) });
  }
  info.append(jv);
  const mk = info.querySelector('mark');
  if (mk) mk.parentElement.scrollTop = mk.offsetTop - mk.parentElement.offsetTop - 8;
}
function renderInfoBody(info, data) {
  const r = data.record;
  const errs = [];
  const tags = h('div');
  for (const t of [r.kind, r.platform, r.locale, r.context?.theme, r.context?.scenario]) if (t !== undefined) tags.append(h('span', { class: 'badge', text: str(t) }));
  info.append(h('div', {}, h('b', { text: str(r.id) })), tags,
    h('div', { class: 'mut', text: `${num(r.image?.width)}×${num(r.image?.height)} image px · viewport ${num(r.context?.viewport?.width)}×${num(r.context?.viewport?.height)} CSS px · dpr ${num(r.context?.dpr)} · ${str(data.shard)}:${data.line}` }));
  if (r.context?.page) info.append(h('div', { class: 'mut', text: `page: ${str(r.context.page)}` }));
  const sel = selectedTid();
  const verdictOf = (qid) => (data.verdicts ?? []).find((v) => v.qid === qid);
  if (data.verdicts) {
    info.append(h('h3', { text: 'Model answer' }));
    for (const v of data.verdicts) {
      if (r.kind === 'grounding') continue;
      info.append(h('div', { attrs: { 'data-verdict': v.verdict } }, h('span', { class: `badge ${v.verdict}`, text: v.verdict }), v.reason), h('pre', { text: v.output ?? '(no prediction)' }));
    }
    if (r.kind === 'grounding') {
      const pass = data.verdicts.filter((v) => v.verdict === 'pass').length;
      info.append(h('div', { text: `${pass} / ${data.verdicts.length} queries pass` }));
    }
  }
  if (r.kind === 'grounding') {
    guarded(errs, 'queries', () => {
    const qs = list(r.queries, 'queries').map((q) => (q && typeof q === 'object' ? q : {}));
    info.append(h('h3', { text: `Queries (${qs.length})` }));
    for (const q of qs) {
      const v = verdictOf(q.qid);
      const row = h('div', { class: `row${q.tid !== null && q.tid === sel ? ' sel' : ''}`, attrs: { 'data-qid': str(q.qid), 'data-tid': str(q.tid) }, on: { click: () => q.tid !== null && selectTarget(str(q.tid)) } },
        h('span', { class: `badge${q.tid === null ? ' fail' : ''}`, text: str(q.style) }),
        v ? h('span', { class: `badge ${v.verdict}`, attrs: { title: v.reason + (v.output ? `\n${v.output}` : '') }, text: v.verdict === 'pass' ? 'pass' : v.reason }) : null,
        str(q.text), ' ',
        h('span', { class: 'badge', text: q.tid === null ? 'no target → refuse' : str(q.tid) }));
      info.append(row);
    }
    });
    guarded(errs, 'targets', () => {
    const ts = list(r.targets, 'targets').map((t) => (t && typeof t === 'object' ? t : {}));
    info.append(h('h3', { text: `Targets (${ts.length}) · hit test ${num(r.hittest?.accepted)}/${num(r.hittest?.candidates)} accepted` }));
    for (const t of ts) {
      info.append(h('div', { class: `row${t.tid === sel ? ' sel' : ''}`, attrs: { 'data-tid': str(t.tid) }, on: { click: () => selectTarget(str(t.tid)) } },
        h('span', { class: 'badge', text: str(t.tid) }), h('span', { class: 'badge', text: str(t.role) }), str(t.name || t.text), ' ',
        h('span', { class: 'mut', text: `[${list(t.bbox, `${str(t.tid)}.bbox`).map(num).join(', ')}] · ${num(t.checks?.points_ok)}/9` })));
    }
    });
    guarded(errs, 'hittest', () => {
    info.append(h('h3', { text: 'Rejected candidates (by first failing check)' }));
    const rej = Object.entries(r.hittest?.rejected ?? {});
    info.append(rej.length ? h('div', {}, ...rej.map(([k, n]) => h('span', { class: 'badge fail', text: `${k} × ${num(n)}` }))) : h('div', { class: 'mut', text: 'none' }));
    info.append(h('div', { class: 'mut', text: 'the record keeps counts per reason, not the rejected boxes' }));
    for (const w of list(r.hittest?.warnings, 'hittest.warnings')) info.append(h('div', { class: 'err', text: str(w) }));
    });
  } else if (r.kind === 'captcha') {
    info.append(h('h3', { text: 'Instruction' }), h('div', { text: str(r.captcha?.instruction) }));
    const tags2 = h('div');
    for (const t of [r.captcha?.type, r.captcha?.group, r.captcha?.difficulty, r.captcha?.style]) tags2.append(h('span', { class: 'badge', text: str(t) }));
    info.append(tags2);
    info.append(h('h3', { text: 'Gold answer' }), h('pre', { text: str(r.solution?.text) }), h('div', { class: 'mut', text: str(r.solution?.reasoning) }));
  }
  if (errs.length) throw new Error(errs.join('; '));
}
/** JSON.stringify with one-line numeric arrays (boxes, points). */
const pretty = (v) => JSON.stringify(v, null, 1).replace(/\[\s*([-\d.,e\s]+?)\s*\]/g, (m, a) => `[${a.replace(/\s+/g, ' ').trim()}]`);
/** Pretty JSON as text nodes, with the selected target's object inside a <mark>. */
function jsonView(r, sel) {
  const pre = h('pre', { class: 'json' });
  if (r.kind !== 'grounding' || !sel || !Array.isArray(r.targets)) {
    pre.textContent = pretty(r);
    return pre;
  }
  const marker = '\u0000TARGET\u0000';
  const idx = r.targets.findIndex((t) => t.tid === sel);
  const copy = { ...r, targets: r.targets.map((t, k) => (k === idx ? marker : t)) };
  const text = pretty(copy);
  const at = text.indexOf(JSON.stringify(marker));
  if (idx < 0 || at < 0) {
    pre.textContent = pretty(r);
    return pre;
  }
  const indent = text.slice(text.lastIndexOf('\n', at) + 1, at);
  const body = pretty(r.targets[idx]).split('\n').join('\n' + indent);
  pre.append(text.slice(0, at), h('mark', { text: body }), text.slice(at + JSON.stringify(marker).length));
  return pre;
}

// ---------- stats ----------
/** Every facet gets a chart (the facet table of gallery/catalog.ts), sorted bins for the ordered ones. */
const ORDERED = new Set(['target_size', 'answer_x', 'dpr']);
async function showStats() {
  const s = await api('/api/stats', filterParams());
  renderFacets(s.facets, 'stats');
  $('#count').textContent = `${s.total} / ${s.all} records`;
  const wrap = h('div', { class: 'charts' });
  $('#main').replaceChildren(wrap);
  const css = getComputedStyle(document.body);
  const fg = css.getPropertyValue('--fg').trim();
  const mut = css.getPropertyValue('--mut').trim();
  if (window.Chart) {
    Chart.defaults.color = fg;
    Chart.defaults.borderColor = '#8883';
  }
  // facets where every record has the same value: one line each in a summary card, not a one-bar chart
  const singles = state.facets.filter((f) => (s.facets[f.key] ?? []).length === 1);
  if (singles.length)
    wrap.append(h('div', { class: 'chart' }, h('h4', { text: 'One value in every record' }),
      ...singles.map((f) => h('div', { class: 'row', attrs: { 'data-chart': f.key }, on: { click: () => toggleFilter(f.key, s.facets[f.key][0][0], 'grid') } }, h('span', { class: 'badge', text: f.label }), s.facets[f.key][0][0], ' ', h('span', { class: 'mut', text: `(${s.facets[f.key][0][1]})` })))));
  for (const f of state.facets) {
    const key = f.key;
    const vals = s.facets[key];
    if (!vals || vals.length < 2) continue;
    const sorted = ORDERED.has(key) ? [...vals].sort((a, b) => (key === 'dpr' ? Number(a[0]) - Number(b[0]) : a[0] < b[0] ? -1 : 1)) : vals.slice(0, 120);
    addBarChart(wrap, f.label, sorted.map((v) => v[0]), [{ label: 'records', data: sorted.map((v) => v[1]), backgroundColor: '#4fc3f7' }], (lab) => toggleFilter(key, lab, 'grid'), key);
  }
  const ax = s.answer_x_by_type;
  const types = Object.keys(ax).sort();
  if (types.length) {
    const bins = ['0–20%', '20–40%', '40–60%', '60–80%', '80–100%'];
    addBarChart(wrap, 'Answer x position in the puzzle, per CAPTCHA type (bias check)', types,
      bins.map((b, k) => ({ label: b, data: types.map((t) => ax[t][b] ?? 0), backgroundColor: ['#1565c0', '#42a5f5', '#bdbdbd', '#ffa726', '#e65100'][k] })),
      (lab, dsi) => { const p = filterParams(); p.append('type', lab); p.append('answer_x', bins[dsi]); go('grid', p); }, 'answer_x', true);
  }
  // point heatmap (drawn directly on a canvas: one cell per 1/32 of the image)
  const n = s.heatmap_n, grid = s.heatmap, max = Math.max(1, ...grid);
  const cv = h('canvas', { class: 'heat', attrs: { width: n, height: n, 'data-chart': 'heatmap' } });
  const ctx = cv.getContext('2d');
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) {
    const v = grid[y * n + x] / max;
    ctx.fillStyle = `rgb(${Math.round(255 * Math.min(1, v * 2))}, ${Math.round(255 * Math.max(0, v * 2 - 1))}, ${Math.round(60 * (1 - v))})`;
    ctx.fillRect(x, y, 1, 1);
  }
  wrap.append(h('div', { class: 'chart' }, h('h4', { text: `Click heatmap: target points / answer points over the image (max ${max} per cell)` }), cv, h('div', { class: 'mut', style: { color: mut }, text: 'x → image width, y ↓ image height' })));
}
function addBarChart(wrap, title, labels, datasets, onPick, key, stacked = false) {
  const cv = h('canvas', { attrs: { 'data-chart': key } });
  const box = h('div', { class: 'box' }, cv);
  if (labels.length > 8) box.style.height = `${Math.max(260, 18 * labels.length + 40)}px`; // horizontal bars: one row per label
  wrap.append(h('div', { class: 'chart' }, h('h4', { text: title }), box));
  if (!window.Chart) {
    cv.replaceWith(h('div', { class: 'err', text: 'chart library did not load' }));
    return;
  }
  const chart = new Chart(cv, {
    type: 'bar',
    data: { labels, datasets },
    options: {
      animation: false, maintainAspectRatio: false, indexAxis: labels.length > 8 ? 'y' : 'x',
      plugins: { legend: { display: datasets.length > 1 }, tooltip: { enabled: true } },
      scales: { x: { stacked, ticks: { autoSkip: false, precision: 0 } }, y: { stacked, ticks: { autoSkip: false, precision: 0 } } },
      onClick: (e, els) => { if (els.length) onPick(labels[els[0].index], els[0].datasetIndex); },
    },
  });
  cv.chart = chart;
  state.charts.push(chart);
}

// ---------- evaluation ----------
async function showEval() {
  const set = state.sets[Number(state.params.get('ds') ?? '0')];
  if (!set || !set.eval) {
    renderFacets({}, 'eval');
    $('#main').replaceChildren(h('div', { class: 'panel' }, h('p', { text: set?.eval_note ?? 'No predictions loaded. Start the gallery with --predictions FILE [--coords ...] to see verdicts, failure reasons and pass@1 per type.' })));
    return;
  }
  await showGrid(true);
}
function evalPanel(r) {
  const set = state.sets[Number(state.params.get('ds') ?? '0')];
  const rep = set.eval;
  const panel = h('div', { class: 'panel', attrs: { id: 'evalpanel' } });
  panel.append(h('div', { text: `All items (as uisynth score --json, coords ${rep.coords}): pass@1 ${fmtPct(rep.pass_at_1)} · ${rep.correct} / ${rep.items} correct · ${rep.missing} missing · ${rep.unknown_predictions} predictions match no item` }));
  for (const w of rep.warnings ?? []) panel.append(h('div', { class: 'err', text: w }));
  const e = r.eval;
  const cols = h('div', { class: 'evalcols' });
  panel.append(cols);
  const left = h('div');
  cols.append(left);
  left.append(h('h4', { text: `Filtered: pass@1 ${fmtPct(e.pass_at_1)} (${e.correct} / ${e.items} items)` }));
  const tb = h('table', { attrs: { id: 'bytype' } }, h('tr', {}, h('th', { text: 'type' }), h('th', { class: 'num', text: 'n' }), h('th', { class: 'num', text: 'correct' }), h('th', { class: 'num', text: 'missing' }), h('th', { class: 'num', text: 'pass@1' })));
  for (const [k, t] of Object.entries(e.by_type))
    tb.append(h('tr', { attrs: { 'data-type': k } }, h('td', { text: k }), h('td', { class: 'num', text: t.n }), h('td', { class: 'num', text: t.correct }), h('td', { class: 'num', text: t.missing }), h('td', { class: 'num', text: fmtPct(t.pass_at_1) })));
  left.append(tb);
  const reasons = r.facets.reason ?? [];
  if (reasons.length) {
    const right = h('div');
    cols.prepend(right);
    right.append(h('h4', { text: 'Failure reasons (items: one per query for grounding; click to filter)' }));
    for (const [v, n] of reasons) right.append(h('div', { class: 'row', attrs: { 'data-reason': v }, on: { click: () => toggleFilter('reason', v, 'eval') } }, h('span', { class: 'badge fail', text: n }), v));
  }
  if (e.failing_total) {
    const narrowed = state.params.has('verdict') || state.params.has('reason');
    const fl = h('details', { attrs: { id: 'failing', ...(narrowed ? { open: '' } : {}) } }, h('summary', { text: `Failing items of the filtered records (${e.failing_total}${e.failing_total > e.failing.length ? `, first ${e.failing.length}` : ''})` }));
    const tb2 = h('table', {}, h('tr', {}, h('th', { text: 'record' }), h('th', { text: 'query' }), h('th', { text: 'type' }), h('th', { text: 'reason' })));
    for (const f of e.failing)
      tb2.append(h('tr', { attrs: { 'data-item': `${f.id}\u0000${f.qid ?? ''}` } }, h('td', {}, h('a', { attrs: { href: href('record', filterParams({ i: f.i })) }, text: f.id })), h('td', { text: f.qid ?? '' }), h('td', { text: f.type }), h('td', { text: f.reason })));
    fl.append(tb2);
    panel.append(fl);
  }
  return panel;
}

// ---------- regress reports (`uisynth regress` report directories: report.json + records/<id>/*.png) ----------
const REGRESS_FACETS = [['status', 'status', (x) => [str(x.status)]], ['stratum', 'type / family', (x) => [str(x.stratum)]], ['field', 'changed label field', (x) => [...new Set((x.labels ?? []).map((l) => str(l.field)))]]];
async function showRegress() {
  const n = state.params.get('r') ?? '0';
  const rep = await api('/api/report', new URLSearchParams({ r: n }));
  const recs = Array.isArray(rep.records) ? rep.records : [];
  const sel = Object.fromEntries(REGRESS_FACETS.map(([k]) => [k, new Set(state.params.getAll(k))]));
  const ok = (x, skip) => REGRESS_FACETS.every(([k, , of]) => k === skip || sel[k].size === 0 || of(x).some((v) => sel[k].has(v)));
  const shown = recs.map((x, i) => [x, i]).filter(([x]) => ok(x));
  $('#count').textContent = `${shown.length} / ${recs.length} records`;
  const side = $('#side');
  side.replaceChildren();
  if (state.reports.length > 1) {
    const pick = h('select', { on: { change: (e) => go('regress', new URLSearchParams({ r: e.target.value })) } });
    for (const r of state.reports) pick.append(h('option', { attrs: { value: r.n, ...(String(r.n) === n ? { selected: '' } : {}) }, text: `${r.name} (${r.verdict})` }));
    side.append(pick);
  }
  for (const [k, label, of] of REGRESS_FACETS) {
    const counts = new Map();
    for (const x of recs) if (ok(x, k)) for (const v of of(x)) counts.set(v, (counts.get(v) ?? 0) + 1);
    if (!counts.size) continue;
    const box = h('div', { class: 'facet', attrs: { 'data-facet': k } }, h('h4', { text: label }));
    for (const [v, c] of [...counts].sort((a, b) => b[1] - a[1])) {
      const on = sel[k].has(v);
      box.append(h('div', { class: `fv${on ? ' on' : ''}`, attrs: { role: 'checkbox', 'aria-checked': on, 'data-value': v }, on: { click: () => {
        const p = new URLSearchParams(state.params);
        const cur = p.getAll(k);
        p.delete(k);
        for (const x of cur.includes(v) ? cur.filter((y) => y !== v) : [...cur, v]) p.append(k, x);
        go('regress', p);
      } } }, h('input', { attrs: { type: 'checkbox', tabindex: -1, ...(on ? { checked: '' } : {}) } }), h('span', { class: 'v', text: v }), h('span', { class: 'n', text: c })));
    }
    side.append(box);
  }
  const main = h('div', { class: 'panel', attrs: { id: 'regress' } });
  main.append(h('h3', { text: `verdict: ${str(rep.verdict)} (exit ${num(rep.exit_code)}) · ${str(rep.kind)} · golden ${str(rep.golden)}` }));
  for (const c of rep.environment?.changes ?? []) main.append(h('div', { class: 'err', text: `environment: ${str(c)}` }));
  for (const c of rep.inputs_changed ?? []) main.append(h('div', { class: 'mut', text: `input changed: ${str(c.path)}` }));
  for (const [x, i] of shown.slice(0, 100)) {
    const card = h('div', { class: 'chart regress-rec', attrs: { 'data-id': str(x.id) } });
    card.append(h('h4', {}, h('span', { class: `badge ${x.status === 'no drift' ? 'pass' : 'fail'}`, text: str(x.status) }), `${str(x.id)} · ${str(x.stratum)} · ${num(x.pixels?.changed)} px changed${x.pixels?.changed_box ? ` in [${x.pixels.changed_box.map(num).join(', ')}]` : ''} · ${num(x.labels_total)} label differences`));
    if (x.error) card.append(h('div', { class: 'err', text: str(x.error) }));
    const row = h('div', { class: 'regress-imgs' });
    for (const [key, title] of [['before_labels', 'before (golden labels)'], ['after_labels', 'after (new labels)'], ['diff', 'pixel diff']]) {
      if (!x.files || typeof x.files[key] !== 'string') continue;
      const fig = h('figure', {}, h('figcaption', { text: title }));
      const url = `/regress/${encodeURIComponent(n)}/${i}/${key}`;
      const img = h('img', { attrs: { src: url, loading: 'lazy', alt: '' } });
      img.addEventListener('error', () => imageError(fig, url, x.files[key]));
      fig.append(img);
      row.append(fig);
    }
    card.append(row);
    const labels = Array.isArray(x.labels) ? x.labels : [];
    if (labels.length) {
      const tb = h('table', {}, h('tr', {}, h('th', { text: 'path' }), h('th', { text: 'before' }), h('th', { text: 'after' })));
      for (const l of labels.slice(0, 40)) tb.append(h('tr', {}, h('td', { text: str(l.path) }), h('td', { text: JSON.stringify(l.before) ?? 'undefined' }), h('td', { text: JSON.stringify(l.after) ?? 'undefined' })));
      card.append(tb);
      if (num(x.labels_total) > 40) card.append(h('div', { class: 'mut', text: `… ${num(x.labels_total) - 40} more in report.json` }));
    }
    main.append(card);
  }
  if (shown.length > 100) main.append(h('div', { class: 'mut', text: `${shown.length - 100} more records: narrow with the filters` }));
  $('#main').replaceChildren(main);
}

// ---------- keyboard ----------
function onKey(e) {
  if ((e.target instanceof HTMLInputElement && e.target.type !== 'checkbox') || e.target instanceof HTMLSelectElement || e.metaKey || e.ctrlKey || e.altKey) return;
  if (state.view !== 'record') {
    if (e.key === '/') { e.preventDefault(); $('#q').focus(); }
    return;
  }
  const layer = LAYERS.find(([k]) => k === e.key);
  if (layer) {
    state.layers[layer[1]] = !state.layers[layer[1]];
    const cb = document.querySelector(`input[data-layer="${layer[1]}"]`);
    if (cb) cb.checked = state.layers[layer[1]];
    drawOverlay();
    return;
  }
  if (e.key === 'ArrowRight' || e.key === 'j') nav(1);
  else if (e.key === 'ArrowLeft' || e.key === 'k') nav(-1);
  else if (e.key === 'Escape') go('grid', filterParams());
  else if (e.key === '+' || e.key === '=') zoomBy(1.5);
  else if (e.key === '-') zoomBy(1 / 1.5);
  else if (e.key === '0') setZoom(null);
  else if (e.key === '1') setZoom(1 / (window.devicePixelRatio || 1));
  else if (e.key === ']' || e.key === '[') {
    const ts = state.rec?.record?.targets;
    if (!Array.isArray(ts) || !ts.length) return;
    const k = ts.findIndex((t) => t.tid === selectedTid());
    const n = e.key === ']' ? (k + 1) % ts.length : (k <= 0 ? ts.length - 1 : k - 1);
    selectTarget(str(ts[n].tid));
  } else return;
  e.preventDefault();
}

boot().catch((e) => $('#main').replaceChildren(h('div', { class: 'err', text: String(e.message || e) })));
