/**
 * #55 spatial_relation_click (group G, visual reasoning, Click): a 2.5D scene of cubes, cylinders,
 * spheres and cones in several colours and two sizes on a floor; the prompt names an object by its
 * relation to another one ("the red object left of the large cylinder", Tencent VTT / CAPTCHA-X style).
 *
 * Relations are judged in the drawn image: left / right by screen x (margin 14 px), in front of /
 * behind by depth (margin 0.5 units); objects inside the margin make the description ambiguous and are
 * never allowed to match it. Occlusion is measured after drawing on an id raster: the target keeps at
 * least half its silhouette. Any click on the visible part of the target counts: the verifier's boxes
 * cover every pixel where the target is on top (id raster, 1 px). Verifier `click` / `any`.
 */
import type { Box, Point } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, IDENTITY_AFFINE, type CaptchaLocale, type Difficulty } from '../../engine.js';
import { Ids, boxRect, circle, hsl, n1, path, ptText } from '../../lib/draw.js';
import { SCENE_COLORS, SCENE_COLOR_ADJECTIVES } from '../../lib/palette.js';
import { chrome } from '../../lib/controls.js';
import { polyD, ptsBox } from '../../lib/geometry.js';
import { boxesArea, maskBoxes, pointInBoxes } from '../../lib/click-regions.js';
import { type V3, type View3, DIRS, cubeFaceCorners, project, rasterIds, shade, viewRotate } from '../../lib/proj3d.js';
import { drawnLocale, say, sayIn } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';

const SHAPES = ['cube', 'cylinder', 'sphere', 'cone'] as const;
type Shape3 = (typeof SHAPES)[number];
type Rel = 'left' | 'right' | 'front' | 'behind';
type Attr = 'size' | 'color' | 'shape';

interface Obj {
  shape: Shape3;
  color: number;
  large: boolean;
  x: number;
  z: number;
}
/** Latent state of spatial_relation_click (world units; puzzle px for boxes). */
export interface SpatialLatent extends Record<string, unknown> {
  width: number;
  height: number;
  scene_box: Box;
  view: View3;
  objects: Obj[];
  ref: number;
  target: number;
  rel: Rel;
  ref_attrs: Attr[];
  target_attrs: Attr[];
  /** Click region of the target: its visible silhouette less 1 px at the edges (measured, lib/click-regions.ts boxes). */
  click_boxes: Box[];
  /** Gold click point inside `click_boxes`, near the visible centroid. */
  click_point: Point;
}

const KNOBS = defineKnobs({ objects: knob('objects in the scene', [4, 5], [5, 7], [7, 9]), colors: knob('distinct colours used', 5, 4, 3), relations: knob('relations asked', ['left', 'right'], ['left', 'right', 'front', 'behind'], ['left', 'right', 'front', 'behind']) });
const DIFF = KNOBS.difficulties;

const W = 330;
const H = 300;
const SCENE: Box = [10, 62, 320, 290];
const sizeOf = (o: Obj): number => (o.large ? 1 : 0.6);

/** Screen polygon (silhouette) and draw SVG of one object. */
function objectGeom(o: Obj, v: View3, ids: Ids | null): { sil: Point[]; svg: string; defs: string; centre: Point; depth: number } {
  const a = sizeOf(o);
  const col = SCENE_COLORS[o.color]!.fill;
  const P = (x: number, y: number, z: number): Point => {
    const p = project([x, y, z], v);
    return [p.x, p.y];
  };
  const depth = viewRotate([o.x, a / 2, o.z], v.yaw, v.pitch)[2];
  const centre = P(o.x, a / 2, o.z);
  const ell = (y: number, r: number, n = 28): Point[] => Array.from({ length: n }, (_, i) => P(o.x + r * Math.cos((2 * Math.PI * i) / n), y, o.z + r * Math.sin((2 * Math.PI * i) / n)));
  let svg = '';
  let defs = '';
  if (o.shape === 'cube') {
    const base: V3 = [o.x - a / 2, 0, o.z - a / 2];
    const corners: Point[] = [];
    for (const n of DIRS) {
      const cs = cubeFaceCorners([0, 0, 0], n).map(([x, y, z]) => [base[0] + x * a, base[1] + y * a, base[2] + z * a] as V3);
      corners.push(...cs.map((c) => P(...c)));
      if (viewRotate(n, v.yaw, v.pitch)[2] <= 1e-6) continue;
      svg += path(polyD(cs.map((c) => P(...c))), { fill: shadeColor(o.color, shade(n, v)), stroke: 'rgba(0,0,0,0.45)', sw: 1, extra: 'stroke-linejoin="round"' });
    }
  } else if (o.shape === 'sphere') {
    const r = (a / 2) * v.scale;
    const g = ids ? ids.next() : 'p0';
    defs += `<radialGradient id="${g}" gradientUnits="userSpaceOnUse" cx="${n1(centre[0] - r * 0.35)}" cy="${n1(centre[1] - r * 0.35)}" r="${n1(r * 1.3)}"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="0.35" stop-color="${col}"/><stop offset="1" stop-color="${shadeColor(o.color, 0.45)}"/></radialGradient>`;
    svg += circle(centre[0], centre[1], r, { fill: `url(#${g})`, stroke: 'rgba(0,0,0,0.35)', sw: 1 });
  } else if (o.shape === 'cylinder') {
    const top = ell(a, a / 2);
    svg += path(polyD(silOf(o, v)), { fill: shadeColor(o.color, 0.7), stroke: 'rgba(0,0,0,0.45)', sw: 1 });
    svg += path(polyD(top), { fill: shadeColor(o.color, 1), stroke: 'rgba(0,0,0,0.45)', sw: 1 });
  } else {
    svg += path(polyD(silOf(o, v)), { fill: shadeColor(o.color, 0.8), stroke: 'rgba(0,0,0,0.45)', sw: 1 });
  }
  return { sil: silOf(o, v), svg, defs, centre, depth };
}

function shadeColor(ci: number, k: number): string {
  const hex = SCENE_COLORS[ci]!.fill;
  const c = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * Math.min(1, k + 0.1)));
  return `rgb(${c.join(',')})`;
}

/** Convex hull (monotone chain). */
function hull(pts: Point[]): Point[] {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cr = (o: Point, a: Point, b: Point): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lo: Point[] = [];
  for (const q of p) {
    while (lo.length >= 2 && cr(lo[lo.length - 2]!, lo[lo.length - 1]!, q) <= 0) lo.pop();
    lo.push(q);
  }
  const up: Point[] = [];
  for (const q of [...p].reverse()) {
    while (up.length >= 2 && cr(up[up.length - 2]!, up[up.length - 1]!, q) <= 0) up.pop();
    up.push(q);
  }
  return [...lo.slice(0, -1), ...up.slice(0, -1)];
}

/** Objects back to front with their geometry. */
function layout(l: Pick<SpatialLatent, 'objects' | 'view'>, ids: Ids | null): Array<{ i: number; g: ReturnType<typeof objectGeom> }> {
  return l.objects.map((o, i) => ({ i, g: objectGeom(o, l.view, ids) })).sort((a, b) => a.g.depth - b.g.depth || a.i - b.i);
}

/** Screen centre and depth of an object (no drawing). */
function centreDepth(o: Obj, v: View3): { centre: Point; depth: number } {
  const a = sizeOf(o);
  const p = project([o.x, a / 2, o.z], v);
  return { centre: [p.x, p.y], depth: p.depth };
}

/** Relation test in the drawn image: 1 true, -1 false, 0 ambiguous (inside the margin). */
function relation(l: Pick<SpatialLatent, 'objects' | 'view'>, i: number, j: number, rel: Rel): 1 | 0 | -1 {
  const a = centreDepth(l.objects[i]!, l.view);
  const b = centreDepth(l.objects[j]!, l.view);
  const d = rel === 'left' ? b.centre[0] - a.centre[0] : rel === 'right' ? a.centre[0] - b.centre[0] : rel === 'front' ? a.depth - b.depth : b.depth - a.depth;
  const margin = rel === 'left' || rel === 'right' ? 14 : 0.5;
  return d >= margin ? 1 : d <= -margin ? -1 : 0;
}

const matches = (o: Obj, ref: Obj, attrs: Attr[]): boolean => attrs.every((a) => (a === 'size' ? o.large === ref.large : a === 'color' ? o.color === ref.color : o.shape === ref.shape));
const ATTR_SETS: Attr[][] = [['shape'], ['color'], ['color', 'shape'], ['size', 'shape'], ['size', 'color'], ['size', 'color', 'shape']];

/** Noun phrase for an object by the given attributes, in English or Chinese (the catalogue's words). */
function describe(o: Obj, attrs: Attr[], locale: CaptchaLocale): string {
  const zh = locale === 'zh-CN';
  const size = attrs.includes('size') ? say(locale, `spatial_relation_click.size_${o.large ? 'large' : 'small'}`) : '';
  const col = attrs.includes('color') ? (zh ? SCENE_COLORS[o.color]!.zh : SCENE_COLORS[o.color]!.en + ' ') : '';
  const shape = say(locale, attrs.includes('shape') ? `spatial_relation_click.shape_${o.shape}` : 'spatial_relation_click.object');
  return `${size}${col}${shape}`;
}

type Gender = 'm' | 'f' | 'n';
type Noun = { w: string; g: Gender };
/** Shape nouns with their grammatical gender, for the languages whose phrases inflect (`object`: no shape named). */
const NOUNS: Record<'de' | 'fr' | 'es' | 'ar', Record<Shape3 | 'object', Noun>> = {
  de: { cube: { w: 'Würfel', g: 'm' }, cylinder: { w: 'Zylinder', g: 'm' }, sphere: { w: 'Kugel', g: 'f' }, cone: { w: 'Kegel', g: 'm' }, object: { w: 'Objekt', g: 'n' } },
  fr: { cube: { w: 'cube', g: 'm' }, cylinder: { w: 'cylindre', g: 'm' }, sphere: { w: 'sphère', g: 'f' }, cone: { w: 'cône', g: 'm' }, object: { w: 'objet', g: 'm' } },
  es: { cube: { w: 'cubo', g: 'm' }, cylinder: { w: 'cilindro', g: 'm' }, sphere: { w: 'esfera', g: 'f' }, cone: { w: 'cono', g: 'm' }, object: { w: 'objeto', g: 'm' } },
  ar: { cube: { w: 'المكعب', g: 'm' }, cylinder: { w: 'الأسطوانة', g: 'f' }, sphere: { w: 'الكرة', g: 'f' }, cone: { w: 'المخروط', g: 'm' }, object: { w: 'الجسم', g: 'm' } },
};
const JA_SHAPES: Record<Shape3 | 'object', string> = { cube: '立方体', cylinder: '円柱', sphere: '球', cone: '円錐', object: '物体' };
/** Relations: German preposition (+ dative), French / Spanish (+ "de" or the bare article), Arabic, Japanese. */
const RELS: Record<Rel, { de: string; fr: [string, boolean]; es: [string, boolean]; ar: string; ja: string }> = {
  left: { de: 'links von', fr: ['à gauche', true], es: ['a la izquierda', true], ar: 'على يسار', ja: '左' },
  right: { de: 'rechts von', fr: ['à droite', true], es: ['a la derecha', true], ar: 'على يمين', ja: '右' },
  front: { de: 'vor', fr: ['devant', false], es: ['delante', true], ar: 'أمام', ja: '手前' },
  behind: { de: 'hinter', fr: ['derrière', false], es: ['detrás', true], ar: 'خلف', ja: '奥' },
};
const fem = (n: Noun): 0 | 1 => (n.g === 'f' ? 1 : 0);
const startsWithVowel = (w: string): boolean => /^[aeiouyhàâéèêîôû]/i.test(w);

/**
 * The definite noun phrase of an object in German, French, Spanish, Arabic or Japanese, inflected for its role:
 * German accusative for the target ("den großen gelben Würfel", after "Klicken Sie auf") and dative for the
 * reference (after the relation's preposition); French and Spanish take the article the preposition needs
 * ("du cône", "de la sphère", "del cono"). Returns the phrase with any preposition contraction already made
 * when `rel` is given (the reference), or the bare phrase (the target).
 */
function phrase(o: Obj, attrs: Attr[], lang: 'de' | 'fr' | 'es' | 'ar' | 'ja', rel?: Rel): string {
  const shape = attrs.includes('shape') ? o.shape : 'object';
  const colorKey = SCENE_COLORS[o.color]!.key;
  const col = attrs.includes('color') ? SCENE_COLOR_ADJECTIVES[colorKey]! : null;
  const size = attrs.includes('size') ? (o.large ? 'large' : 'small') : null;
  if (lang === 'ja') {
    const np = `${size ? (size === 'large' ? '大きい' : '小さい') : ''}${col ? col.ja : ''}${JA_SHAPES[shape]}`;
    return rel ? `${np}の${RELS[rel].ja}` : np;
  }
  const n = NOUNS[lang][shape];
  if (lang === 'de') {
    const dative = rel !== undefined;
    const ending = dative || n.g === 'm' ? 'en' : 'e';
    const art = dative ? (n.g === 'f' ? 'der' : 'dem') : n.g === 'm' ? 'den' : n.g === 'f' ? 'die' : 'das';
    const adjs = [size ? (size === 'large' ? 'groß' : 'klein') : null, col ? col.de : null].filter((a): a is string => a !== null).map((a) => a + ending);
    const np = [...adjs, n.w].join(' ');
    if (!rel) return `${art} ${np}`;
    const prep = RELS[rel].de;
    return prep.endsWith(' von') && art === 'dem' ? `${prep.slice(0, -4)} vom ${np}` : `${prep} ${art} ${np}`;
  }
  if (lang === 'fr') {
    const pre = size ? (size === 'large' ? ['grand', 'grande'] : ['petit', 'petite'])[fem(n)]! : '';
    const body = [pre, n.w, col ? col.fr[fem(n)] : ''].filter(Boolean).join(' ');
    const art = startsWithVowel(body) ? 'l’' : n.g === 'f' ? 'la ' : 'le ';
    if (!rel) return `${art}${body}`;
    const [prep, de] = RELS[rel].fr;
    if (!de) return `${prep} ${art}${body}`;
    return `${prep} ${art === 'le ' ? 'du ' : `de ${art}`}${body}`;
  }
  if (lang === 'es') {
    const post = size ? (size === 'large' ? ['grande', 'grande'] : ['pequeño', 'pequeña'])[fem(n)]! : '';
    const body = [n.w, col ? col.es[fem(n)] : '', post].filter(Boolean).join(' ');
    const art = n.g === 'f' ? 'la' : 'el';
    if (!rel) return `${art} ${body}`;
    return `${RELS[rel].es[0]} ${art === 'el' ? 'del' : 'de la'} ${body}`;
  }
  const adjs = [col ? col.ar[fem(n)] : null, size ? (size === 'large' ? ['الكبير', 'الكبيرة'] : ['الصغير', 'الصغيرة'])[fem(n)]! : null].filter(Boolean);
  const np = [n.w, ...adjs].join(' ');
  return rel ? `${RELS[rel].ar} ${np}` : np;
}

const INFLECTED: Partial<Record<CaptchaLocale, 'de' | 'fr' | 'es' | 'ar' | 'ja'>> = { 'de-DE': 'de', 'fr-FR': 'fr', 'es-ES': 'es', ar: 'ar', 'ja-JP': 'ja' };

/** The referring expression of the target: "the large cube left of the cone", "den großen Würfel links vom Kegel". */
function query(l: SpatialLatent, locale: CaptchaLocale): string {
  const lang = INFLECTED[locale];
  const target = l.objects[l.target]!;
  const ref = l.objects[l.ref]!;
  if (lang === 'ja') return `${phrase(ref, l.ref_attrs, 'ja', l.rel)}にある${phrase(target, l.target_attrs, 'ja')}`;
  if (lang) return `${phrase(target, l.target_attrs, lang)} ${phrase(ref, l.ref_attrs, lang, l.rel)}`;
  const t = describe(target, l.target_attrs, locale);
  const r = describe(ref, l.ref_attrs, locale);
  return say(locale, 'spatial_relation_click.query', { t, rel: say(locale, `spatial_relation_click.rel_${l.rel}`), r });
}

function sampleScene(rng: Rng, k: (typeof DIFF)[Difficulty]): Obj[] {
  const n = rng.int(k.objects[0], k.objects[1]);
  const colors = rng.sample([0, 1, 2, 3, 4], k.colors);
  const objs: Obj[] = [];
  for (let t = 0; t < 300 && objs.length < n; t++) {
    const o: Obj = { shape: rng.pick(SHAPES), color: rng.pick(colors), large: rng.bool(), x: Math.round(rng.float(-3, 3) * 10) / 10 + 0, z: Math.round(rng.float(-1.8, 1.6) * 10) / 10 + 0 };
    if (objs.some((p) => Math.hypot(p.x - o.x, p.z - o.z) < ((sizeOf(p) + sizeOf(o)) / 2) * 1.3)) continue;
    if (objs.some((p) => p.shape === o.shape && p.color === o.color && p.large === o.large)) continue;
    objs.push(o);
  }
  return objs;
}

/** Silhouette (convex hull, screen px) of an object. */
function silOf(o: Obj, v: View3): Point[] {
  const a = sizeOf(o);
  const P = (x: number, y: number, z: number): Point => {
    const p = project([x, y, z], v);
    return [p.x, p.y];
  };
  const ell = (y: number, r: number): Point[] => Array.from({ length: 20 }, (_, i) => P(o.x + r * Math.cos((Math.PI * i) / 10), y, o.z + r * Math.sin((Math.PI * i) / 10)));
  if (o.shape === 'cube') {
    const pts: Point[] = [];
    for (const x of [o.x - a / 2, o.x + a / 2]) for (const y of [0, a]) for (const z of [o.z - a / 2, o.z + a / 2]) pts.push(P(x, y, z));
    return hull(pts);
  }
  if (o.shape === 'sphere') {
    const c = P(o.x, a / 2, o.z);
    const r = (a / 2) * v.scale;
    return Array.from({ length: 24 }, (_, i) => [c[0] + r * Math.cos((Math.PI * i) / 12), c[1] + r * Math.sin((Math.PI * i) / 12)] as Point);
  }
  if (o.shape === 'cylinder') return hull([...ell(a, a / 2), ...ell(0, a / 2)]);
  return hull([...ell(0, a / 2), P(o.x, a * 1.1, o.z)]);
}

const STEP = 2;
/** Margin inside the target's visible silhouette, puzzle px (with 1 px cells: pixels whose 3x3 neighbourhood is all target). */
const EDGE_MARGIN = 0.5;
/**
 * Measured on id rasters of the silhouettes drawn back to front: each object's visible fraction (2 px
 * samples), and the target's click region — every pixel where the target is on top (1 px raster),
 * its pixels whose 3x3 neighbourhood is all target too, as lib/click-regions.ts boxes — with a gold point near its visible
 * centroid (null when nothing of the target is visible).
 */
function clickRegionFor(l: Pick<SpatialLatent, 'objects' | 'view' | 'scene_box'>, target: number): { boxes: Box[]; point: Point | null; visible: number[] } {
  const order = l.objects.map((o, i) => ({ i, d: centreDepth(o, l.view).depth, sil: silOf(o, l.view) })).sort((a, b) => a.d - b.d || a.i - b.i);
  const polys = order.map((e) => ({ pts: e.sil, id: e.i }));
  const coarse = rasterIds(polys, l.scene_box, STEP).ids;
  const count = new Array<number>(l.objects.length).fill(0);
  for (const id of coarse) if (id >= 0) count[id]!++;
  const visible = l.objects.map(() => 0);
  for (const e of order) {
    const area = Math.abs(e.sil.reduce((acc, q, i) => { const r = e.sil[(i + 1) % e.sil.length]!; return acc + q[0] * r[1] - r[0] * q[1]; }, 0) / 2);
    visible[e.i] = (count[e.i]! * STEP * STEP) / Math.max(1, area);
  }
  const sb = l.scene_box;
  const { ids, w, h } = rasterIds(polys, sb, 1);
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let p = 0; p < ids.length; p++) {
    if (ids[p] !== target) continue;
    n++;
    sx += p % w;
    sy += Math.floor(p / w);
  }
  if (!n) return { boxes: [], point: null, visible };
  const on = (x: number, y: number): boolean => {
    const i = Math.floor(x - sb[0]);
    const j = Math.floor(y - sb[1]);
    return i >= 0 && j >= 0 && i < w && j < h && ids[j * w + i] === target;
  };
  const boxes = maskBoxes(on, ptsBox(silOf(l.objects[target]!, l.view)), EDGE_MARGIN, 1);
  const point = boxes.length ? pointInBoxes(boxes, [sb[0] + sx / n + 0.5, sb[1] + sy / n + 0.5]) : null;
  return { boxes, point, visible };
}

/** One sampled state (may be invalid; `sample` retries a few times with the same rng stream). */
function sampleOnce(rng: Rng, difficulty: Difficulty): SpatialLatent {
  const k = DIFF[difficulty];
  const view: View3 = { yaw: rng.int(-25, 25), pitch: rng.int(24, 32), scale: 40, cx: (SCENE[0] + SCENE[2]) / 2, cy: (SCENE[1] + SCENE[3]) / 2 + 10 };
  const objects = sampleScene(rng, k);
  const base = { objects, view, scene_box: SCENE };
  let pick = { ref: 0, target: 1, rel: 'left' as Rel, ref_attrs: ['shape'] as Attr[], target_attrs: ['shape'] as Attr[] };
  outer: for (let t = 0; t < 40; t++) {
    const ref = rng.int(0, objects.length - 1);
    const refAttrs = ATTR_SETS.find((as) => objects.filter((o) => matches(o, objects[ref]!, as)).length === 1);
    if (!refAttrs) continue;
    const rel = rng.pick(k.relations);
    const cands = objects.map((_, i) => i).filter((i) => i !== ref && relation(base, i, ref, rel) === 1);
    const amb = objects.map((_, i) => i).filter((i) => i !== ref && relation(base, i, ref, rel) === 0);
    for (const target of rng.shuffle(cands)) {
      const tAttrs = ATTR_SETS.find((as) => [...cands, ...amb].filter((i) => matches(objects[i]!, objects[target]!, as)).length === 1 && !matches(objects[ref]!, objects[target]!, as));
      if (tAttrs) {
        pick = { ref, target, rel, ref_attrs: refAttrs, target_attrs: tAttrs };
        break outer;
      }
    }
  }
  const cb = clickRegionFor(base, pick.target);
  return { width: W, height: H, scene_box: SCENE, view, objects, ...pick, click_boxes: cb.boxes, click_point: cb.point ?? [0, 0] };
}

/** Engine #55 spatial_relation_click (group G, Click, verifier `click` / `any`). */
export const spatialRelationClick = singleClickEngine<SpatialLatent, typeof KNOBS>({
  type: 'spatial_relation_click',
  number: 55,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, _k, difficulty) {
    // resample a few times when the cheap state fails validation (same rng stream: deterministic)
    let l = sampleOnce(rng, difficulty);
    for (let t = 0; t < 15 && spatialRelationClick.validate(l) !== null; t++) l = sampleOnce(rng, difficulty);
    return l;
  },

  validate(l) {
    const n = l.objects.length;
    if (n < 3 || l.ref === l.target || l.target >= n || l.ref >= n) return 'scene too small';
    if (l.objects.filter((o) => matches(o, l.objects[l.ref]!, l.ref_attrs)).length !== 1) return 'reference description is not unique';
    if (relation(l, l.target, l.ref, l.rel) !== 1) return 'target does not satisfy the relation';
    const pool = l.objects.map((_, i) => i).filter((i) => i !== l.ref && relation(l, i, l.ref, l.rel) !== -1);
    if (pool.filter((i) => matches(l.objects[i]!, l.objects[l.target]!, l.target_attrs)).length !== 1) return 'target description is ambiguous';
    const cb = clickRegionFor(l, l.target);
    if (!cb.point || JSON.stringify(cb.boxes) !== JSON.stringify(l.click_boxes) || cb.point.join() !== l.click_point.join()) return 'click region does not match the scene (measured)';
    if (boxesArea(cb.boxes) < 150) return 'target too occluded for a clean click region (measured)';
    if (cb.visible[l.target]! < 0.5) return 'target hidden more than half (measured)';
    if (cb.visible[l.ref]! < 0.4) return 'reference object hidden (measured)';
    if (cb.visible.some((v) => v < 0.25)) return 'an object is mostly hidden (measured)';
    for (const o of l.objects) for (const [x, y] of silOf(o, l.view)) if (x < l.scene_box[0] || y < l.scene_box[1] || x > l.scene_box[2] || y > l.scene_box[3]) return 'object outside the scene';
    return null;
  },

  picture(l, style, rng) {
    const ids = new Ids();
    const drawn = drawnLocale(style.locale); // Arabic widgets are drawn in English (renderers/glyphs.ts cannot shape it)
    let body = chrome(style, l.width, l.height, say(drawn, 'spatial_relation_click.title', { query: query(l, drawn) }), 13);
    body += boxRect(l.scene_box, { fill: hsl(210, 15, style.theme === 'light' ? 90 : 24), rx: style.radius });
    // floor grid (clipped to the scene with the objects)
    let defs = '';
    let floor = '';
    for (let gx = -4; gx <= 4; gx++) {
      const a = project([gx, 0, -2.4], l.view);
      const b = project([gx, 0, 2.2], l.view);
      floor += `<line x1="${n1(a.x)}" y1="${n1(a.y)}" x2="${n1(b.x)}" y2="${n1(b.y)}" stroke="${style.theme === 'light' ? '#c8ccd3' : '#394050'}" stroke-width="1"/>`;
    }
    for (let gz = -2; gz <= 2; gz++) {
      const a = project([-4.2, 0, gz], l.view);
      const b = project([4.2, 0, gz], l.view);
      floor += `<line x1="${n1(a.x)}" y1="${n1(a.y)}" x2="${n1(b.x)}" y2="${n1(b.y)}" stroke="${style.theme === 'light' ? '#c8ccd3' : '#394050'}" stroke-width="1"/>`;
    }
    const clip = ids.next();
    defs += `<clipPath id="${clip}"><rect x="${l.scene_box[0]}" y="${l.scene_box[1]}" width="${l.scene_box[2] - l.scene_box[0]}" height="${l.scene_box[3] - l.scene_box[1]}"/></clipPath>`;
    let objs = floor;
    for (const e of layout(l, ids)) {
      defs += e.g.defs;
      objs += e.g.svg;
    }
    body += `<g clip-path="url(#${clip})">${objs}</g>`;
    return { svg: body, defs: defs };
  },

  target: (l) => ({ boxes: l.click_boxes, point: l.click_point }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const at = ptText(m, l.click_point);
    const ref = centreDepth(l.objects[l.ref]!, l.view).centre;
    const lang = INFLECTED[locale];
    if (lang) {
      // de / fr / es / ar / ja: the noun phrases inflected for their place in the sentence (see `phrase`):
      // {r} the reference and {full} the target as objects of a verb, {rel} the relation with the reference ("links vom Kegel")
      const r = l.objects[l.ref]!;
      return say(locale, 'spatial_relation_click.reasoning', {
        r: phrase(r, l.ref_attrs, lang), ref: ptText(m, ref), rel: phrase(r, l.ref_attrs, lang, l.rel), full: phrase(l.objects[l.target]!, ['size', 'color', 'shape'], lang), at,
      });
    }
    return sayIn(locale, 'spatial_relation_click.reasoning', (used) => ({
      r: describe(l.objects[l.ref]!, l.ref_attrs, used),
      ref: ptText(m, ref),
      rel: say(used, `spatial_relation_click.rel_${l.rel}`),
      t: describe(l.objects[l.target]!, l.target_attrs, used),
      full: describe(l.objects[l.target]!, ['size', 'color', 'shape'], used),
      at,
    }));
  },

  text: (l, locale) => ({ query: query(l, locale) }),
});
