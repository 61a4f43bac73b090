/**
 * CAPTCHA types of groups A, B, C, H, I (listed in TYPES below; the first engines are in captcha-engines.test.ts): each
 * difficulty in both host contexts — the record parses, the gold answer scores 1 (also from its
 * normalised forms, and with every accepted alternative answer), perturbed answers score 0, the
 * puzzle and host SVGs are structurally answer-free, samples are deterministic (record JSON and PNG
 * bytes), hand-made bad latent states are rejected, and the compositor covers its canvases, screens
 * and placements.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Action } from '../core/actions.js';
import { type Box, type Point, boxCenter, mapBox, pointInBox } from '../core/geometry.js';
import { Rng } from '../core/rng.js';
import { CaptchaRecord, DIFFICULTIES, type Verifier } from '../core/schema.js';
import { actionsFromSpace, scoreCaptcha } from '../score/scorer.js';
import { captchaSample, captchaSampleDetailed, describeTypes, type CaptchaConfig, type DetailedSample } from '../generators/captcha/index.js';
import { getEngine } from '../generators/captcha/registry.js';
import type { Latent } from '../generators/captcha/engine.js';
import { MOBILE_CANVASES, MOBILE_SCREENS, WEB_CANVASES, WEB_PAGES, planComposite } from '../renderers/compositor.js';
import { imageRel } from '../dataset/paths.js';
import { glyphFor } from '../renderers/glyphs.js';
import { ICONS } from '../generators/captcha/lib/icons.js';
import { LUCIDE_ITEMS, lucideOutline } from '../generators/captcha/lib/lucide.js';
import { NAMED_COLORS } from '../generators/captcha/lib/palette.js';
import { ZH_IDIOMS, numberAnswers, numberEn, numberZh } from '../generators/captcha/lib/words.js';
import { SCRIPT_POOL } from '../generators/captcha/engines/grid-select/multi_script_select.js';
import { roll } from '../generators/captcha/engines/text-entry/dice_roll_path_entry.js';
import { hexToRgb, rgbToHex } from '../generators/captcha/lib/color.js';
import { evaluate } from '../generators/captcha/engines/text-entry/math_expression_entry.js';
import { buildQuestion } from '../generators/captcha/engines/text-entry/text_question_logic.js';

type Rec = DetailedSample['record'];
/** The types of groups A, B, C, H, I this file covers (beyond the first engines, tested in captcha-engines.test.ts). */
const TYPES: readonly string[] = [
  'text_dictionary_word', 'math_expression_entry', 'text_colored_subset', 'text_overlap_crowded',
  'text_outline_textured', 'text_mirrored_glyphs', 'text_question_logic', 'dice_sum_entry',
  'count_objects_entry', 'dice_roll_path_entry', 'color_cipher_entry', 'phrase_order_click',
  'letter_sequence_click', 'number_ascending_click', 'alphabetical_click', 'spell_word_click',
  'thumb_glyph_click', 'result_digits_click', 'shape_attribute_ordered', 'size_order_click',
  'sides_order_click', 'clock_time_order_click', 'route_waypoint_click', 'distance_order_click',
  'connect_dots_click', 'verify_button', 'press_and_hold', 'click_dot_target', 'grid_select_category',
  'grid_segment_select', 'color_discrimination_select', 'brightness_select', 'vowel_select',
  'inverted_letter_select', 'rotated_letter_select', 'hollow_pattern_select', 'count_match_select',
  'multi_script_select', 'area_select_point',
];
const GROUPS_I = ['ocr_text_entry', 'ordered_text_click', 'ordered_icon_click', 'one_click', 'multi_select_grid'];
const click = (p: Point): Action => ({ type: 'click', point: p });
const score = (r: Rec, a: Action[]): number => scoreCaptcha(r, a).score;
const cfgFor = (type: string, context: 'mobile' | 'web', difficulty: (typeof DIFFICULTIES)[number]): CaptchaConfig => ({
  types: [type], contexts: [context], difficulties: [difficulty], locales: ['en-US', 'zh-CN'],
});
/** The (cfg, seed, index) of the sample of `type` at (context, difficulty). */
const sampleArgs = (type: string, context: 'mobile' | 'web', difficulty: (typeof DIFFICULTIES)[number]): [CaptchaConfig, number, number] => [
  cfgFor(type, context, difficulty), 29, 500 + TYPES.indexOf(type) * 7 + DIFFICULTIES.indexOf(difficulty) + (context === 'web' ? 3 : 0),
];
/** The web / hard sample of each type, from its end-to-end test to its determinism test (which generates it once more). */
const kept = new Map<string, DetailedSample>();
const inside = (a: Box, b: Box): boolean => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3];

/** A canvas point inside the puzzle but outside every box in `avoid` (scan from the puzzle's corners). */
function freePoint(pb: Box, avoid: Box[]): Point {
  for (let y = pb[1] + 2; y < pb[3]; y += 3) for (let x = pb[0] + 2; x < pb[2]; x += 3) if (!avoid.some((b) => pointInBox([x, y], b))) return [x, y];
  throw new Error('no free point');
}

function verifierBoxes(v: Verifier): Box[] {
  if (v.kind === 'click') return v.submit_box ? [...v.boxes, v.submit_box] : v.boxes;
  if (v.kind === 'text_entry') return [v.input_box];
  throw new Error(`groups A, B, C, H, I engines use click / text_entry verifiers, got ${v.kind}`);
}

/** Perturbed answers that must score 0 (labelled). `s` gives the latent and the puzzle→canvas map. */
function perturbations(s: DetailedSample): Array<[string, Action[]]> {
  const r = s.record;
  const gold = r.solution.actions;
  const v = r.verifier;
  const pb = r.captcha.puzzle_box;
  const out: Array<[string, Action[]]> = [['missing action', gold.slice(0, -1)], ['extra action', [...gold, gold[gold.length - 1]!]], ['nothing', []]];
  if (v.kind === 'text_entry') {
    const [c, t] = gold as [Extract<Action, { type: 'click' }>, Extract<Action, { type: 'type' }>];
    const wrong = /^\d+$/.test(t.text) ? String(Number(t.text) + 1) : t.text.slice(0, -1) + (t.text.endsWith('X') ? 'Y' : 'X');
    out.push(['wrong text', [c, { type: 'type', text: wrong }]]);
    out.push(['one character more', [c, { type: 'type', text: t.text + t.text.slice(-1) }]]);
    out.push(['empty text', [c, { type: 'type', text: '' }]]);
    out.push(['click outside the input', [click(freePoint(pb, [v.input_box])), t]]);
    out.push(['type without click', [t]]);
    out.push(['type before click', [t, c]]);
    return out;
  }
  if (v.kind !== 'click') throw new Error('unexpected verifier');
  const all = verifierBoxes(v);
  const free = freePoint(pb, all);
  gold.forEach((_g, i) => out.push([`action ${i + 1} off every box`, gold.map((g, j) => (j === i ? { type: g.type, point: free } as Action : g))]));
  const other = v.action === 'click' ? 'long_press' : 'click';
  out.push(['wrong action type', gold.map((g) => ('point' in g ? ({ type: other, point: g.point } as Action) : g))]);
  if (v.mode === 'sequence' && gold.length >= 2) {
    out.push(['reversed order', [...gold].reverse()]);
    out.push(['first two swapped', [gold[1]!, gold[0]!, ...gold.slice(2)]]);
  }
  if (v.mode === 'set' && v.submit_box) {
    const targets = gold.slice(0, -1);
    const submit = gold[gold.length - 1]!;
    out.push(['submit first', [submit, ...targets]]);
    out.push(['submit only', [submit]]);
    if (targets.length >= 2) out.push(['one target twice', [targets[0]!, targets[0]!, ...targets.slice(2), submit]]);
    // a wrong tile instead of the first target (grid engines keep their tiles in latent.frame.tiles)
    const l = r.latent as { frame?: { tiles?: Box[] }; answer?: number[] };
    if (l.frame?.tiles && l.frame.tiles.length > 1 && l.answer) {
      const wrongIdx = l.frame.tiles.findIndex((_t, i) => !l.answer!.includes(i));
      if (wrongIdx >= 0) out.push(['a non-target tile instead of a target', [click(boxCenter(mapBox(s.affine, l.frame.tiles[wrongIdx]!))), ...targets.slice(1), submit]]);
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// structural leak check

const ELEMENTS = new Set(['svg', 'defs', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'g', 'rect', 'circle', 'path', 'line']);
const NUM = '-?\\d+(?:\\.\\d+)?';
/** Allowed attribute values: geometry numbers, colours, fill rules, line caps, internal references. */
const VALUE: Record<string, RegExp> = {
  xmlns: /^http:\/\/www\.w3\.org\/2000\/svg$/,
  viewBox: new RegExp(`^${NUM} ${NUM} ${NUM} ${NUM}$`),
  id: /^p\d+$/,
  d: /^[MLCQZHVA0-9.\- ]*$/,
  fill: /^(none|#[0-9a-f]{3,6}|hsl\(\d+,\d+%,\d+%\)|rgba\(\d+,\d+,\d+,[\d.]+\)|url\(#p\d+\))$/i,
  stroke: /^(#[0-9a-f]{3,6}|hsl\(\d+,\d+%,\d+%\)|rgba\(\d+,\d+,\d+,[\d.]+\))$/i,
  'stop-color': /^(#[0-9a-f]{3,6}|hsl\(\d+,\d+%,\d+%\))$/i,
  'clip-path': /^url\(#p\d+\)$/,
  'fill-rule': /^(nonzero|evenodd)$/,
  'stroke-linecap': /^round$/,
  'stroke-linejoin': /^round$/,
  'stroke-dasharray': new RegExp(`^${NUM} ${NUM}$`),
};
const NUMBER = new RegExp(`^${NUM}$`);
const NUMERIC = new Set(['width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'stroke-width', 'opacity', 'offset', 'stop-opacity']);

/**
 * Every element and attribute of the SVG is from a fixed vocabulary and every attribute value is a
 * number, colour, path data, fill rule or internal `p<N>` reference: there is no channel that could
 * carry an answer, a label or a target id (text is glyph outlines; ids are generic). Every element and
 * attribute is checked; the ones that fail are listed in one assertion (an `expect` per attribute cost
 * more than the check itself on SVGs of thousands of attributes).
 */
function expectNoSemanticText(svg: string, where: string): void {
  const bad: string[] = [];
  if (!/^[\x20-\x7e]*$/.test(svg)) bad.push(`${where}: non-printable-ASCII character`);
  for (const m of svg.matchAll(/<\/?([a-zA-Z]+)/g)) if (!ELEMENTS.has(m[1]!)) bad.push(`${where}: element <${m[1]}>`);
  for (const m of svg.matchAll(/\s([a-zA-Z:-]+)="([^"]*)"/g)) {
    const [, name, value] = m as unknown as [string, string, string];
    if (NUMERIC.has(name)) {
      if (!NUMBER.test(value)) bad.push(`${where}: ${name}="${value}" is not a number`);
    } else if (!VALUE[name]) bad.push(`${where}: attribute ${name}`);
    else if (!VALUE[name]!.test(value)) bad.push(`${where}: ${name}="${value}" does not match ${VALUE[name]}`);
  }
  const chars = svg.replace(/<[^>]*>/g, '').trim();
  if (chars !== '') bad.push(`${where}: character data ${JSON.stringify(chars.slice(0, 80))}`);
  expect(bad.slice(0, 20), where).toEqual([]);
}

/** Semantic strings of a latent (words, labels, icon names, colour keys) that must not appear outside glyph paths. */
function latentStrings(l: unknown, out: string[] = []): string[] {
  if (typeof l === 'string') {
    if (l.length >= 3 && !/^[\d.]+$/.test(l) && !/^(#|hsl|rgba)/.test(l)) out.push(l);
  } else if (Array.isArray(l)) l.forEach((x) => latentStrings(x, out));
  else if (l && typeof l === 'object') Object.values(l).forEach((x) => latentStrings(x, out));
  return out;
}

// ------------------------------------------------------------------------------------------------

describe('groups A, B, C, H, I registry', () => {
  it('at least 36 types in groups A, B, C, H, I, each with group, action form, knobs and three difficulties', () => {
    const rows = describeTypes().filter((r) => GROUPS_I.includes(r.group));
    expect(rows.length).toBeGreaterThanOrEqual(36);
    for (const t of TYPES) {
      const row = rows.find((r) => r.type === t)!;
      expect(row, t).toBeDefined();
      expect(row.knobs.length).toBeGreaterThan(0);
      for (const d of DIFFICULTIES) for (const k of Object.keys(row.difficulties[d])) expect(row.knobs, `${t}: knob ${k} undocumented`).toContain(k);
      expect(Object.keys(row.difficulties)).toEqual(['easy', 'medium', 'hard']);
      expect(['Click', 'Click×k', 'Set+Submit', 'Click+Type', 'LongPress']).toContain(row.action);
    }
    for (const g of GROUPS_I) expect(rows.some((r) => r.group === g)).toBe(true);
  });

  it('every string the engines and the host may draw has glyphs in the bundled fonts', () => {
    const strs: string[] = [];
    for (const k in ICONS) strs.push(ICONS[k]!.zh);
    for (const i of LUCIDE_ITEMS) strs.push(i.zh, i.enPlural);
    strs.push(...ZH_IDIOMS, ...NAMED_COLORS.map((c) => c.zh), ...Object.values(SCRIPT_POOL).flat());
    for (let n = 0; n <= 120; n++) strs.push(numberZh(n), numberEn(n));
    for (const s of strs) for (const ch of s) if (ch !== ' ') for (const weight of [400, 700] as const) expect(() => glyphFor(ch, { weight }), `${ch} of ${s}`).not.toThrow();
    for (const i of LUCIDE_ITEMS) expect(lucideOutline(i.icon, { cx: 12, cy: 12, size: 24 }).d).toMatch(/^M/);
  });
});

describe.each(TYPES.map((t) => [t]))('%s', (type) => {
  for (const context of ['mobile', 'web'] as const) {
    for (const difficulty of DIFFICULTIES) {
      it(`${context} / ${difficulty}: parses, gold = 1, perturbations = 0, no leak`, async () => {
        const s = await captchaSampleDetailed(...sampleArgs(type, context, difficulty));
        if (context === 'web' && difficulty === 'hard') kept.set(type, s);
        const r = CaptchaRecord.omit({ image: true }).parse(s.record);
        expect([r.captcha.type, r.captcha.difficulty]).toEqual([type, difficulty]);
        expect(r.captcha.knobs).toEqual(JSON.parse(JSON.stringify(getEngine(type).difficulties[difficulty])));
        expect(Object.keys(r.solution.reasonings).sort()).toEqual(['en-US', 'zh-CN']);
        expect(r.solution.reasonings['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
        // English text quotes a control by the label drawn in the widget (“确认” on a zh-CN record): no Chinese outside quotes
        expect(r.captcha.instructions['en-US']!.replace(/"[^"]*"/g, '')).not.toMatch(/[\u4e00-\u9fff]{3}/);
        const W = r.context.viewport.width;
        const H = r.context.viewport.height;
        for (const b of verifierBoxes(r.verifier)) {
          expect(inside(b, r.captcha.puzzle_box)).toBe(true);
          expect(Math.min(b[2] - b[0], b[3] - b[1])).toBeGreaterThanOrEqual(12);
        }
        // gold, from every coordinate form, and every accepted alternative answer
        expect(scoreCaptcha(r, r.solution.actions)).toEqual({ score: 1, reason: 'ok' });
        expect(score(r, actionsFromSpace(r.solution.actions_norm1, 'norm1', { width: W, height: H }))).toBe(1);
        expect(score(r, actionsFromSpace(r.solution.actions_norm1000, 'norm1000', { width: W, height: H }))).toBe(1);
        if (r.verifier.kind === 'text_entry') {
          const c = r.solution.actions[0]!;
          for (const alt of r.verifier.valid_answers) expect(score(r, [c, { type: 'type', text: `  ${alt} ` }]), alt).toBe(1);
          if (!r.verifier.case_sensitive) expect(score(r, [c, { type: 'type', text: r.verifier.answer.toLowerCase() }])).toBe(1);
          if (/^\d+$/.test(r.verifier.answer)) expect(r.verifier.valid_answers).toEqual(numberAnswers(Number(r.verifier.answer)));
        }
        if (r.verifier.kind === 'click' && r.verifier.mode === 'set') {
          const g = r.solution.actions;
          expect(score(r, [...g.slice(0, -1).reverse(), g[g.length - 1]!])).toBe(1); // targets in any order
        }
        for (const [label, acts] of perturbations(s)) expect({ label, score: score(r, acts) }).toEqual({ label, score: 0 });
        // no leak: structural SVG check, and no latent string in id / image path
        expectNoSemanticText(s.puzzleSvg, 'puzzle');
        expectNoSemanticText(s.hostSvg, 'host');
        const path = imageRel(0, r.id);
        for (const str of [type, ...latentStrings(r.latent)]) {
          expect(r.id.toLowerCase()).not.toContain(str.toLowerCase());
          expect(path.toLowerCase()).not.toContain(str.toLowerCase());
        }
        if (r.verifier.kind === 'text_entry' && r.verifier.answer.length >= 3) expect(path).not.toContain(r.verifier.answer);
      });
    }
  }

  it('is deterministic: record JSON and PNG bytes', async () => {
    // the web / hard sample of the test above against a second generation from the same (cfg, seed, index)
    const args = sampleArgs(type, 'web', 'hard');
    const a = kept.get(type) ?? (await captchaSample(...args));
    kept.delete(type);
    const b = await captchaSample(...args);
    expect(JSON.stringify(b.record)).toBe(JSON.stringify(a.record));
    expect(b.png.equals(a.png)).toBe(true);
    const meta = await sharp(a.png).metadata();
    expect([meta.width, meta.height]).toEqual([a.record.context.viewport.width, a.record.context.viewport.height]);
  });
});

// ------------------------------------------------------------------------------------------------
// validity: hand-made bad states are rejected before drawing

/** JSON of the first valid latent of (type, difficulty), sampled once per file for all the cases of a type. */
const validJson = new Map<string, string>();
/** A fresh copy of the first valid latent of `type` at `difficulty`. */
function validLatent(type: string, difficulty: (typeof DIFFICULTIES)[number] = 'medium'): Latent {
  const key = `${type} ${difficulty}`;
  let json = validJson.get(key);
  if (json === undefined) {
    const e = getEngine(type);
    for (let k = 0; k < 30 && json === undefined; k++) {
      const l = e.sample(new Rng(`b1-${type}-${difficulty}-${k}`), difficulty);
      if (e.validate(l) === null) json = JSON.stringify(l);
    }
    if (json === undefined) throw new Error(`no valid latent for ${type}`);
    validJson.set(key, json);
  }
  return JSON.parse(json) as Latent;
}
/** Validate a mutated copy of a valid latent. */
function rejects(type: string, mutate: (l: any) => void, difficulty: (typeof DIFFICULTIES)[number] = 'medium'): string | null {
  const l = validLatent(type, difficulty) as any;
  mutate(l);
  return getEngine(type).validate(l);
}
const rev = (a: number[]): number[] => [...a].reverse();

describe('groups A, B, C, H, I validity checks reject hand-made bad states', () => {
  const cases: Record<string, Array<[string, (l: any) => void, RegExp, ((typeof DIFFICULTIES)[number])?]>> = {
    text_dictionary_word: [
      ['not a word', (l) => { l.word = 'qzxv'; }, /dictionary/],
      ['tiny glyph', (l) => { l.glyphs[0].size = 12; }, /small/],
      ['too much overlap', (l) => { l.spacing = 0.5; }, /overlap/],
      ['glyph outside', (l) => { l.glyphs[0].cy = 0; }, /outside/],
    ],
    math_expression_entry: [
      ['wrong value', (l) => { l.value += 1; }, /value/],
      ['operand out of range', (l) => { l.terms[0] = 500; }, /range|value/],
      ['drawn text differs', (l) => { l.shown = l.shown + '1'; }, /drawn text/],
    ],
    text_colored_subset: [
      ['answer not the coloured subset', (l) => { l.answer = l.answer.slice(1); }, /answer/],
      ['unnamed colour', (l) => { l.colors[0] = 'yellow'; }, /not allowed/],
      ['glyph drawn in another colour', (l) => { l.glyphs[0].color = '#000000'; }, /glyph colour/],
    ],
    text_overlap_crowded: [
      ['overlap beyond the bound', (l) => { l.spacing = 0.6; }, /legible/],
      ['equal neighbours', (l) => { l.text = l.text[0] + l.text[0] + l.text.slice(2); l.glyphs[1].ch = l.glyphs[0].ch; }, /equal neighbours/],
      ['ambiguous character', (l) => { l.text = 'O' + l.text.slice(1); l.glyphs[0].ch = 'O'; }, /not allowed/],
    ],
    text_outline_textured: [
      ['outline too thin', (l) => { l.stroke_width = 0.8; }, /thin/],
      ['pattern as strong as the outline', (l) => { l.contrast = 0.9; }, /contrast/],
    ],
    text_mirrored_glyphs: [
      ['nothing transformed', (l) => { l.transforms = l.transforms.map(() => 'none'); l.glyphs.forEach((g: any) => { g.sx = Math.abs(g.sx); }); }, /no letter/],
      ['letter ambiguous when turned', (l) => { l.text = 'M' + l.text.slice(1); l.glyphs[0].ch = 'M'; }, /ambiguous/],
      ['invisible mirror on a symmetric letter', (l) => { l.text = 'A' + l.text.slice(1); l.glyphs[0].ch = 'A'; l.transforms[0] = 'mirror'; l.glyphs[0].sx = -1; }, /invisible/],
    ],
    text_question_logic: [
      ['answer does not match', (l) => { l.answer = l.kind === 'number' ? String(Number(l.answer) + 1) : 'Z'; }, /match/],
      ['question too small', (l) => { l.font_size = 9; }, /small/],
    ],
    dice_sum_entry: [
      ['wrong sum', (l) => { l.sum += 1; }, /sum/],
      ['dice overlap', (l) => { l.dice[1].cx = l.dice[0].cx + 5; l.dice[1].cy = l.dice[0].cy; }, /overlap/],
      ['impossible face', (l) => { l.dice[0].value = 7; l.sum += 7 - l.dice[0].value; }, /range|sum/],
    ],
    count_objects_entry: [
      ['wrong count', (l) => { l.count += 1; }, /count/],
      ['target hidden by a distractor', (l) => {
        const t = l.objects.find((o: any) => o.target);
        l.objects.push({ kind: t.kind === 'square' ? 'hexagon' : 'square', cx: t.cx, cy: t.cy, r: t.r + 6, rot: 0, color: '#000000', target: false });
      }, /hidden|touch/],
      ['two targets touching', (l) => {
        const ts = l.objects.filter((o: any) => o.target);
        if (ts.length < 2) { l.objects.push({ ...ts[0] }); l.count += 1; } else { ts[1].cx = ts[0].cx + 4; ts[1].cy = ts[0].cy; }
      }, /touch|hidden/],
    ],
    dice_roll_path_entry: [
      ['final face not following the rolls', (l) => { l.final.top = l.final.top === 6 ? 5 : 6; }, /final/],
      ['path leaves the grid', (l) => { l.path = Array(8).fill('N'); l.final = l.path.reduce(roll, l.die); }, /leaves|revisits/],
      ['opposite faces both visible', (l) => { l.die.south = 7 - l.die.top; }, /adjacent/],
    ],
    color_cipher_entry: [
      ['wrong value', (l) => { l.value += 1; }, /value/],
      ['two legend symbols alike', (l) => { l.legend[1] = { ...l.legend[0], value: l.legend[1].value }; }, /same/],
    ],
    phrase_order_click: [
      ['order reversed', (l) => { l.order = rev(l.order); }, /order/],
      ['duplicate character', (l) => { l.items[1].ch = l.items[0].ch; }, /duplicate|order/],
      ['phrase not in the vocabulary', (l) => { l.phrase = 'XYZW'; }, /vocabulary/],
    ],
    letter_sequence_click: [
      ['order reversed', (l) => { l.order = rev(l.order); }, /order/],
      ['overlapping letters', (l) => { l.items[1].box = l.items[0].box; l.items[1].cx = l.items[0].cx; l.items[1].cy = l.items[0].cy; }, /overlap/],
      ['ambiguous letter', (l) => { l.items[0].ch = 'I'; }, /not allowed/],
    ],
    number_ascending_click: [
      ['order reversed', (l) => { l.order = rev(l.order); }, /sorted/],
      ['repeated value', (l) => { l.items[1].text = l.items[0].text; }, /repeated/],
      ['tilt that makes 1 read as 7', (l) => { l.items[0].rot = 40; }, /rotation/],
    ],
    alphabetical_click: [
      ['order reversed', (l) => { l.order = rev(l.order); }, /alphabetical/],
      ['same letter twice', (l) => { l.items[1].ch = l.items[0].ch; }, /twice/],
    ],
    spell_word_click: [
      ['order reversed', (l) => { l.order = rev(l.order); }, /spell/],
      ['two tiles with one letter', (l) => { const d = l.tiles.findIndex((t: any) => !l.word.includes(t.ch)); l.tiles[d].ch = l.word[0]; }, /same letter|order/],
      ['tile too small', (l) => { l.tiles[0].size = 12; }, /small/],
    ],
    thumb_glyph_click: [
      ['thumbnail shows something else', (l) => { l.thumb[0].ch = l.thumb[1].ch; }, /thumbnail/],
      ['order reversed', (l) => { l.order = rev(l.order); }, /order/],
    ],
    result_digits_click: [
      ['wrong value', (l) => { l.value += 1; }, /value/],
      ['order reversed', (l) => { l.order = rev(l.order); }, /order/],
    ],
    shape_attribute_ordered: [
      ['two identical shapes', (l) => { l.items[1].kind = l.items[0].kind; l.items[1].color = l.items[0].color; }, /same colour and kind/],
      ['unnamed colour', (l) => { l.items[0].color = 'grey'; }, /single name/],
      ['box off the drawing', (l) => { l.items[0].box = [0, 0, 20, 20]; }, /box|outside/],
    ],
    size_order_click: [
      ['sizes too close', (l) => { const a = l.items[l.order[0]]; const b = l.items[l.order[1]]; b.r = a.r; }, /close/],
      ['mixed kinds', (l) => { l.items[0].kind = l.kind === 'star' ? 'heart' : 'star'; }, /same kind/],
    ],
    sides_order_click: [
      ['equal side counts', (l) => { l.polys[1].sides = l.polys[0].sides; }, /same number|sorted/],
      ['flat corner', (l) => { const p = l.polys[0]; p.jitter = p.jitter.map((_j: number, i: number) => (i === 0 ? 0.3 : 1)); }, /convex|flat|short|box/],
    ],
    clock_time_order_click: [
      ['times too close', (l) => { l.clocks[1].h = l.clocks[0].h; l.clocks[1].m = l.clocks[0].m; }, /close|order/],
      ['12 o’clock (ambiguous earliest)', (l) => { l.clocks[0].h = 12; }, /1:00/],
    ],
    route_waypoint_click: [
      ['decoy on the route', (l) => {
        const a = l.markers[0];
        const b = l.markers[1];
        const d = l.markers[l.markers.length - 1];
        d.cx = Math.round((a.cx + b.cx) / 2); d.cy = Math.round((a.cy + b.cy) / 2); l.bends[1] = 0;
        d.box = [d.cx - d.r - 4, d.cy - d.r - 4, d.cx + d.r + 4, d.cy + d.r + 4];
      }, /passes over|overlap/],
      ['two markers alike', (l) => { l.markers[1].kind = l.markers[0].kind; }, /look the same/],
    ],
    distance_order_click: [
      ['order reversed', (l) => { l.order = rev(l.order); }, /distances/],
      ['icon on the marker', (l) => { l.items[0].cx = l.marker[0]; l.items[0].cy = l.marker[1]; }, /marker|close/],
    ],
    connect_dots_click: [
      ['order reversed', (l) => { l.order = rev(l.order); }, /increasing/],
      ['tilted 1', (l) => { l.dots[0].n = 1; l.dots[0].lrot = 30; l.order = l.dots.map((_d: any, i: number) => i).sort((a: number, b: number) => l.dots[a].n - l.dots[b].n); }, /7|repeated/],
      ['dots too close', (l) => { l.dots[1].x = l.dots[0].x + 10; l.dots[1].y = l.dots[0].y; }, /close|closer|collides|overlap/],
    ],
    verify_button: [
      ['target is another button', (l) => { l.target = (l.target + 1) % l.buttons.length; }, /verify button/],
      ['buttons overlap', (l) => { l.buttons[1].box = l.buttons[0].box; }, /overlap/],
    ],
    press_and_hold: [
      ['button too small', (l) => { l.button_box = [20, 92, 60, 110]; }, /small/],
      ['hold time out of range', (l) => { l.hold_ms = 60000; }, /hold/],
    ],
    click_dot_target: [
      ['two dots of the target colour', (l) => { l.dots[1].color = l.target_color; }, /more than one/],
      ['distractor inside the accepted area', (l) => { l.dots[1].cx = l.dots[0].cx + l.dots[0].r + 3; l.dots[1].cy = l.dots[0].cy; }, /touches/],
    ],
    grid_select_category: [
      ['answer misses a target', (l) => { l.answer = l.answer.slice(1); }, /answer|no target/],
      ['icon cut by the tile edge', (l) => { l.tiles[0].dx = 0.4; }, /edge|small/],
    ],
    grid_segment_select: [
      ['recorded coverage off', (l) => { l.coverage[l.answer[0]] = 0.01; }, /recorded coverage/],
      ['threshold that makes a covered tile ambiguous', (l) => { l.threshold = 0.99; }, /grazed|answer/],
    ],
    color_discrimination_select: [
      ['decoy too close to the sample', (l) => { const d = l.patches.findIndex((_p: any, i: number) => !l.answer.includes(i)); l.patches[d].color = rgbToHex(hexToRgb(l.sample).map((v) => v + 9) as [number, number, number]); }, /ΔE/],
      ['answer misses a match', (l) => { l.answer = l.answer.slice(1); }, /answer/],
    ],
    brightness_select: [
      ['tile as bright as the sample', (l) => { l.colors[0] = l.sample; }, /too close/],
      ['relation flipped', (l) => { l.relation = l.relation === 'lighter' ? 'darker' : 'lighter'; }, /answer|both sides/],
    ],
    vowel_select: [
      ['l could be read as I', (l) => { l.letters[0].ch = 'l'; }, /misread/],
      ['answer misses a vowel', (l) => { l.answer = l.answer.slice(1); }, /vowels|need/],
    ],
    inverted_letter_select: [
      ['symmetric letter', (l) => { l.tiles[0].ch = 'N'; }, /ambiguous/],
      ['mirrored letter that is symmetric', (l) => { l.tiles[0].ch = 'T'; l.tiles[0].state = 'mirrored'; }, /mirrored/],
      ['top-bottom symmetric letter (turned over it looks mirrored)', (l) => { l.tiles[0].ch = 'C'; l.tiles[0].state = 'inverted'; }, /ambiguous/],
    ],
    rotated_letter_select: [
      ['tilt in the ambiguous band', (l) => { l.tiles[0].angle = l.threshold; }, /band/],
      ['letter that turns into another', (l) => { l.tiles[0].ch = 'C'; }, /ambiguous/],
    ],
    hollow_pattern_select: [
      ['outline too thick', (l) => { l.stroke = 20; }, /thick/],
      ['fill like the tile', (l) => { l.tiles[0].color = l.tile_tone; }, /close to the tile/],
    ],
    count_match_select: [
      ['objects overlap', (l) => { const c = l.cells.find((x: any[]) => x.length >= 2); c[1].cx = c[0].cx + 1; c[1].cy = c[0].cy; }, /overlap/],
      ['answer misses a cell', (l) => { l.answer = l.answer.slice(1); }, /answer/],
    ],
    multi_script_select: [
      ['answer misses a cell', (l) => { l.answer = l.answer.slice(1); }, /answer/],
      ['glyph outside the pool', (l) => { l.cells[0][0].ch = 'b'; }, /pool/],
    ],
    area_select_point: [
      ['box off the object', (l) => { l.objects[0].box = [l.objects[0].box[0] + 15, l.objects[0].box[1], l.objects[0].box[2] + 15, l.objects[0].box[3]]; }, /box/],
      ['answer misses an instance', (l) => { l.answer = l.answer.slice(1); }, /answer|fewer/],
    ],
  };

  it('covers every type of groups A, B, C, H, I', () => {
    expect(Object.keys(cases).sort()).toEqual([...TYPES].sort());
  });
  for (const [type, list] of Object.entries(cases)) {
    it(type, () => {
      for (const [label, mutate, want, diff] of list) expect(rejects(type, mutate, diff), label).toMatch(want);
    });
  }

  it('rule helpers: dice rolls, precedence, question templates', () => {
    // rolling east then west (or north then south) restores the die
    const d = { top: 1, south: 2, east: 3 };
    expect(roll(roll(d, 'E'), 'W')).toEqual(d);
    expect(roll(roll(d, 'N'), 'S')).toEqual(d);
    expect(roll(d, 'E')).toEqual({ top: 4, south: 2, east: 1 });
    expect(roll(d, 'N')).toEqual({ top: 2, south: 6, east: 3 });
    expect(['N', 'N', 'N', 'N'].reduce((s, x) => roll(s, x as 'N'), d)).toEqual(d);
    expect(evaluate([3, 4, 5], ['+', '*'])).toBe(23);
    expect(evaluate([9, 2, 3], ['-', '*'])).toBe(3);
    expect(buildQuestion('letter_of_word', { word: 'PLANET', index: 3 }).answer).toBe('A');
    expect(buildQuestion('digit_sum', { n: 472 }).answer).toBe('13');
    expect(numberAnswers(42).slice(0, 4)).toEqual(['42', 'forty-two', 'forty two', '四十二']);
    expect(numberAnswers(42)).toContain('zweiundvierzig');
    expect(numberZh(105)).toBe('一百零五');
  });
});

// ------------------------------------------------------------------------------------------------

describe('compositor: canvases, screens, placements', () => {
  it('has at least 70 distinct canvas sizes, portrait and landscape in both contexts', () => {
    const all = new Set([...MOBILE_CANVASES, ...WEB_CANVASES].map(([w, h]) => `${w}x${h}`));
    expect(all.size).toBeGreaterThanOrEqual(70);
    for (const list of [MOBILE_CANVASES, WEB_CANVASES]) {
      expect(list.some(([w, h]) => w > h)).toBe(true);
      expect(list.some(([w, h]) => w < h)).toBe(true);
    }
  });

  it('every screen and placement occurs; placements are integer, inside the canvas, never tiny', () => {
    const doc = (w: number, h: number): string => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#888"/></svg>`;
    const seen = new Set<string>();
    const canvases = new Set<string>();
    for (const [pw, ph] of [[300, 80], [320, 262], [312, 456]] as const) {
      for (let i = 0; i < 160; i++) {
        for (const context of ['mobile', 'web'] as const) {
          const plan = planComposite({
            puzzleSvg: doc(pw, ph), width: pw, height: ph, context, theme: i % 2 ? 'dark' : 'light', locale: i % 3 ? 'en-US' : 'zh-CN',
            accent: '#1a73e8', face: 'inter', rng: new Rng(`plan-${pw}-${i}-${context}`),
          });
          const { x, y, w, h } = plan.place;
          expect([x, y, w, h].every(Number.isInteger)).toBe(true);
          expect(x >= 0 && y >= 0 && x + w <= plan.width && y + h <= plan.height).toBe(true);
          expect(w / pw).toBeGreaterThanOrEqual(0.55);
          expect(Math.abs(w / pw - h / ph)).toBeLessThan(0.02);
          seen.add(`${plan.scenario}/${plan.params.placement}`);
          canvases.add(`${plan.width}x${plan.height}`);
          if (i < 6) expectNoSemanticText(plan.hostSvg, plan.scenario);
        }
      }
    }
    for (const s of MOBILE_SCREENS) for (const p of ['sheet', 'card', 'fullscreen']) expect(seen, `mobile.${s}/${p}`).toContain(`mobile.${s}/${p}`);
    expect([...seen].some((k) => k.startsWith('mobile.') && k.endsWith('/inline'))).toBe(true);
    for (const s of WEB_PAGES) expect([...seen].some((k) => k.startsWith(`web.${s}/`)), `web.${s}`).toBe(true);
    for (const p of ['inline', 'modal', 'interstitial']) expect([...seen].some((k) => k.startsWith('web.') && k.endsWith(`/${p}`)), p).toBe(true);
    expect(canvases.size).toBeGreaterThanOrEqual(60);
  });
});
