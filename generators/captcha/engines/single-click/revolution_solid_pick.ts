/**
 * #95 revolution_solid_pick (group G, visual reasoning, Click): a flat profile next to a dashed
 * vertical axis; four candidate solids; click the solid the profile sweeps out when it turns once
 * about the axis (Spatial-CAPTCHA-Bench rotational solids). Profiles: rectangle → cylinder, right
 * triangle → cone, half disc → sphere, right trapezoid → frustum, quarter disc → dome, rectangle
 * under a quarter disc → capsule-topped cylinder.
 *
 * Every solid is drawn from its own profile at the same height / radius ratio (`ASPECT`; its
 * silhouette is x = ±r(y) with elliptic rims), so the drawing is the profile's sweep by construction. Validity: the four candidates have different
 * profile kinds, exactly one is the shown kind, and on harder levels the decoys are the look-alike
 * kinds (cone / frustum, cylinder / frustum / capsule, sphere / dome). Verifier `click` / `any`.
 */
import type { Box, Point } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { boxRect, hsl, line, n1, path, ptText } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { chrome, tile } from '../../lib/controls.js';
import { polyD } from '../../lib/geometry.js';

/** Profile kinds and the solid each sweeps out. */
export const PROFILES = ['cylinder', 'cone', 'sphere', 'frustum', 'dome', 'capsule'] as const;
export type ProfileKind = (typeof PROFILES)[number];
const NAMES: Record<ProfileKind, [string, string]> = {
  cylinder: ['cylinder', '圆柱'], cone: ['cone', '圆锥'], sphere: ['sphere', '球'], frustum: ['truncated cone', '圆台'], dome: ['half sphere', '半球'], capsule: ['round-topped cylinder', '圆顶圆柱'],
};
/** The solids in the other locales' reasoning, with the indefinite article their sentence needs ("das ergibt einen Kegel" is avoided: nominative). */
const OTHER_NAMES: Record<ProfileKind, Record<'ja-JP' | 'de-DE' | 'es-ES' | 'fr-FR' | 'ar', string>> = {
  cylinder: { 'ja-JP': '円柱', 'de-DE': 'ein Zylinder', 'es-ES': 'un cilindro', 'fr-FR': 'un cylindre', ar: 'أسطوانة' },
  cone: { 'ja-JP': '円錐', 'de-DE': 'ein Kegel', 'es-ES': 'un cono', 'fr-FR': 'un cône', ar: 'مخروط' },
  sphere: { 'ja-JP': '球', 'de-DE': 'eine Kugel', 'es-ES': 'una esfera', 'fr-FR': 'une sphère', ar: 'كرة' },
  frustum: { 'ja-JP': '円錐台', 'de-DE': 'ein Kegelstumpf', 'es-ES': 'un tronco de cono', 'fr-FR': 'un tronc de cône', ar: 'مخروط ناقص' },
  dome: { 'ja-JP': '半球', 'de-DE': 'eine Halbkugel', 'es-ES': 'una semiesfera', 'fr-FR': 'une demi-sphère', ar: 'نصف كرة' },
  capsule: { 'ja-JP': '上が丸い円柱', 'de-DE': 'ein Zylinder mit runder Kuppe', 'es-ES': 'un cilindro de remate redondeado', 'fr-FR': 'un cylindre au sommet arrondi', ar: 'أسطوانة ذات قمة مستديرة' },
};
/** Look-alike kinds (harder decoys). */
const NEAR: Record<ProfileKind, ProfileKind[]> = {
  cylinder: ['frustum', 'capsule', 'cone'], cone: ['frustum', 'dome', 'cylinder'], sphere: ['dome', 'capsule', 'cylinder'],
  frustum: ['cone', 'cylinder', 'capsule'], dome: ['sphere', 'cone', 'capsule'], capsule: ['cylinder', 'dome', 'sphere'],
};

/** Height / radius of each kind (a half disc is 2, a quarter disc 1), shared by profile and solid. */
export const ASPECT: Record<ProfileKind, number> = { cylinder: 1.6, cone: 1.6, sphere: 2, frustum: 1.6, dome: 1, capsule: 1.8 };

/** Radius at height t ∈ [0, 1] (0 = bottom) of a profile kind, as a fraction of its radius. */
export function profileRadius(kind: ProfileKind, t: number, taper: number): number {
  switch (kind) {
    case 'cylinder':
      return 1;
    case 'cone':
      return 1 - t;
    case 'sphere':
      return Math.sqrt(Math.max(0, 1 - (2 * t - 1) ** 2));
    case 'frustum':
      return 1 - taper * t;
    case 'dome':
      return Math.sqrt(Math.max(0, 1 - t * t));
    case 'capsule':
      return t < 0.55 ? 1 : Math.sqrt(Math.max(0, 1 - ((t - 0.55) / 0.45) ** 2));
  }
}

/** Latent state of revolution_solid_pick (puzzle px). */
export interface RevolutionLatent extends Record<string, unknown> {
  width: number;
  height: number;
  profile_box: Box;
  kind: ProfileKind;
  /** Frustum top radius = 1 - taper (fraction of the bottom radius). */
  taper: number;
  options: ProfileKind[];
  cells: Box[];
  answer: number;
  hue: number;
}

const KNOBS = defineKnobs({ lookalike: knob('decoys are look-alike solids (cone / truncated cone, sphere / half sphere, ...)', false, true, true) });
const W = 320;
const SAMPLES = 24;

/** Points of the profile polygon to the right of an axis at x = ax, bottom y = by, size r x h. */
function profilePts(kind: ProfileKind, taper: number, ax: number, by: number, r: number, h: number): Point[] {
  const pts: Point[] = [[ax, by]];
  for (let i = 0; i <= SAMPLES; i++) {
    const t = i / SAMPLES;
    pts.push([ax + r * profileRadius(kind, t, taper), by - h * t]);
  }
  pts.push([ax, by - h]);
  return pts;
}

/** The solid of a profile kind drawn in 2.5D centred at (cx, by - h/2): body silhouette, rims. */
function solidSvg(kind: ProfileKind, taper: number, cx: number, by: number, r: number, h: number, hue: number): string {
  const e = 0.28; // rim ellipse ratio
  const right: Point[] = [];
  const left: Point[] = [];
  for (let i = 0; i <= SAMPLES; i++) {
    const t = i / SAMPLES;
    const rr = r * profileRadius(kind, t, taper);
    right.push([cx + rr, by - h * t]);
    left.push([cx - rr, by - h * t]);
  }
  const rb = r * profileRadius(kind, 0, taper);
  const rt = r * profileRadius(kind, 1, taper);
  const arc = (y: number, rr: number, from: number, to: number): Point[] => Array.from({ length: 17 }, (_, i) => {
    const a = from + ((to - from) * i) / 16;
    return [cx + rr * Math.cos(a), y + rr * e * Math.sin(a)] as Point;
  });
  // silhouette: up the right side, down the left side, then the front half of the bottom rim
  const body = [...right, ...left.reverse(), ...(rb > 0.5 ? arc(by, rb, Math.PI, 0) : [])];
  let s = path(polyD(body), { fill: hsl(hue, 55, 55), stroke: hsl(hue, 50, 25), sw: 1.4, extra: 'stroke-linejoin="round"' });
  // shading band on the right
  s += path(polyD([...right.map(([x, y]) => [x - (x - cx) * 0.35, y] as Point), ...right.slice().reverse()]), { fill: hsl(hue, 50, 38), opacity: 0.45 });
  if (rt > 0.5) s += path(polyD(arc(by - h, rt, 0, 2 * Math.PI)), { fill: hsl(hue, 55, 72), stroke: hsl(hue, 50, 25), sw: 1.2 });
  if (rb > 0.5) s += path(polyD(arc(by, rb, Math.PI, 2 * Math.PI), false), { stroke: hsl(hue, 50, 25), sw: 1, extra: 'stroke-dasharray="3 3"' });
  return s;
}

/** Engine #95 revolution_solid_pick (group G, Click, verifier `click` / `any`). */
export const revolutionSolidPick = singleClickEngine<RevolutionLatent, typeof KNOBS>({
  type: 'revolution_solid_pick',
  number: 95,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const kind = rng.pick(PROFILES);
    const decoys = k.lookalike ? NEAR[kind] : rng.sample(PROFILES.filter((x) => x !== kind), 3);
    const answer = rng.int(0, 3);
    const options = rng.shuffle([...decoys]);
    options.splice(answer, 0, kind);
    const cw = 68;
    const gap = 6;
    const x0 = (W - (4 * cw + 3 * gap)) / 2;
    const cells: Box[] = Array.from({ length: 4 }, (_, i) => [x0 + i * (cw + gap), 168, x0 + i * (cw + gap) + cw, 168 + 96]);
    return { width: W, height: 278, profile_box: [14, 44, 306, 154], kind, taper: difficulty === 'hard' ? 0.55 : 0.7, options: options.slice(0, 4), cells, answer, hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.options.length !== 4 || l.cells.length !== 4) return 'need four candidates';
    if (new Set(l.options).size !== 4) return 'two candidates are the same solid';
    if (l.options.some((o) => !PROFILES.includes(o))) return 'unknown solid';
    if (l.options[l.answer] !== l.kind) return 'the answer is not the swept solid';
    if (l.taper < 0.3 || l.taper > 0.8) return 'truncated cone too close to a cylinder or a cone';
    for (const c of l.cells) if (c[2] - c[0] < 50 || c[3] - c[1] < 70) return 'candidate tiles too small';
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'revolution_solid_pick.title'));
    const pb = l.profile_box;
    body += tile(style, pb, style.panel);
    const ax = (pb[0] + pb[2]) / 2 - 20;
    const by = pb[3] - 10;
    const R = 38;
    body += line(ax, pb[1] + 6, ax, pb[3] - 4, style.text, 1.5, 'stroke-dasharray="6 4"');
    body += path(polyD(profilePts(l.kind, l.taper, ax, by, R, R * ASPECT[l.kind])), { fill: hsl(l.hue, 55, 60), stroke: hsl(l.hue, 50, 25), sw: 1.5 });
    // turn arrow around the axis
    const ty = pb[1] + 11;
    body += path(`M${n1(ax - 22)} ${n1(ty)}A22 6 0 1 0 ${n1(ax + 22)} ${n1(ty)}`, { stroke: style.subtext, sw: 1.5 });
    body += path(polyD([[ax + 22, ty - 5], [ax + 27, ty + 2], [ax + 17, ty + 2]]), { fill: style.subtext });
    l.cells.forEach((c, i) => {
      body += boxRect(c, { fill: style.bg, stroke: style.border, sw: 1, rx: style.radius });
      const [cx] = boxCenter(c);
      const o = l.options[i]!;
      body += solidSvg(o, l.taper, cx, c[3] - 16, 22, 22 * ASPECT[o], l.hue);
    });
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.cells[l.answer]!] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const name = locale === 'en-US' || locale === 'zh-CN' ? NAMES[l.kind][locale === 'zh-CN' ? 1 : 0] : OTHER_NAMES[l.kind][locale];
    const at = ptText(m, boxCenter(l.cells[l.answer]!));
    return say(locale, 'revolution_solid_pick.reasoning', { name, k: l.answer + 1, at });
  },

});
