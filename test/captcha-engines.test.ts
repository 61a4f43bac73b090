/**
 * CAPTCHA engines in isolation: sampled states validate, hand-made bad states are rejected before
 * drawing, latents are plain JSON, drawings carry no `<text>`, and glyphs come from bundled fonts.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { DIFFICULTIES } from '../core/schema.js';
import { UsageError } from '../core/errors.js';
import { ENGINES, getEngine } from '../generators/captcha/registry.js';
import type { Latent } from '../generators/captcha/engine.js';
import { makeStyle } from '../generators/captcha/lib/style.js';
import { glyphFor, textOutline, textSvg } from '../renderers/glyphs.js';
import { resizeSvg } from '../renderers/compositor.js';
import { hasLine, validSwaps } from '../generators/captcha/engines/pair/match_three_swap.js';
import { checkConfig, mapGoldActions, mapVerifier } from '../generators/captcha/index.js';
import { mapBox, pointInBox, type Box } from '../core/geometry.js';
import type { Verifier } from '../core/schema.js';

/** A valid latent of `type` (first sample that validates). */
function validLatent(type: string, difficulty: (typeof DIFFICULTIES)[number] = 'medium'): Latent {
  const e = getEngine(type);
  for (let k = 0; k < 20; k++) {
    const l = e.sample(new Rng(`valid-${type}-${k}`), difficulty);
    if (e.validate(l) === null) return JSON.parse(JSON.stringify(l)) as Latent;
  }
  throw new Error(`no valid latent for ${type}`);
}
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
/** Validate a mutated copy of a valid latent. */
function rejects(type: string, mutate: (l: any) => void): string | null {
  const l = clone(validLatent(type));
  mutate(l);
  return getEngine(type).validate(l);
}

describe('engines: sampling and validation', () => {
  it.each(ENGINES.map((e) => [e.type]))('%s: 40 samples per difficulty validate (or fail with a reason), latents are JSON', (type) => {
    const e = getEngine(type);
    for (const d of DIFFICULTIES) {
      let ok = 0;
      for (let i = 0; i < 40; i++) {
        const l = e.sample(new Rng(`t-${i}`), d);
        expect(JSON.parse(JSON.stringify(l))).toEqual(l); // plain JSON
        const why = e.validate(l);
        if (why === null) ok++;
        else expect(typeof why).toBe('string');
      }
      expect(ok).toBeGreaterThanOrEqual(30);
    }
  });

  it.each(ENGINES.map((e) => [e.type]))('%s: sample is a pure function of the rng', (type) => {
    const e = getEngine(type);
    expect(JSON.stringify(e.sample(new Rng('same'), 'hard'))).toBe(JSON.stringify(e.sample(new Rng('same'), 'hard')));
  });

  it.each(ENGINES.map((e) => [e.type]))('%s: draw is SVG with glyph paths only, instruction/reasoning in both locales', (type) => {
    const e = getEngine(type);
    const l = validLatent(type);
    for (const loc of ['en-US', 'zh-CN'] as const) {
      const d = e.draw(l, makeStyle('classic', 'dark', loc), new Rng('draw'));
      expect(d.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(d.svg).not.toMatch(/<text\b|<tspan\b|font-family/);
      expect(d.svg).toContain(`width="${d.width}" height="${d.height}"`);
      expect(e.instruction(l, loc).length).toBeGreaterThan(5);
      expect(e.reasoning(l, loc).length).toBeGreaterThan(20);
    }
    expect(e.reasoning(l, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
    expect(e.instruction(l, 'en-US')).not.toMatch(/[\u4e00-\u9fff]{4}/);
  });
});

describe('engines: hand-made bad states are rejected before drawing', () => {
  it('text_distorted_alnum', () => {
    expect(rejects('text_distorted_alnum', (l) => { l.text = 'O' + l.text.slice(1); l.glyphs[0].ch = 'O'; })).toMatch(/ambiguous/);
    expect(rejects('text_distorted_alnum', (l) => { l.glyphs[0].size = 10; })).toMatch(/small/);
    expect(rejects('text_distorted_alnum', (l) => { l.glyphs[1].cx = l.glyphs[0].cx + 2; })).toMatch(/close|outside/);
    expect(rejects('text_distorted_alnum', (l) => { l.glyphs[0].cy = 0; })).toMatch(/outside/);
    expect(rejects('text_distorted_alnum', (l) => { l.text = l.text + 'K'; })).toMatch(/spell/);
  });
  it('word_click_ordered', () => {
    expect(rejects('word_click_ordered', (l) => { l.items[1].box = l.items[0].box; l.items[1].cx = l.items[0].cx; l.items[1].cy = l.items[0].cy; })).toMatch(/overlap/);
    expect(rejects('word_click_ordered', (l) => { const d = l.items.find((_: unknown, i: number) => !l.order.includes(i)); d.ch = l.targets[0]; })).toMatch(/duplicate/);
    expect(rejects('word_click_ordered', (l) => { l.order = [...l.order].reverse(); })).toMatch(/order/);
    expect(rejects('word_click_ordered', (l) => { l.items[0].size = 12; })).toMatch(/small|outside/);
    expect(rejects('word_click_ordered', (l) => { l.items[0].box = [0, 0, 30, 30]; })).toMatch(/outside/);
  });
  it('icon_click_ordered', () => {
    expect(rejects('icon_click_ordered', (l) => { l.items[1].box = l.items[0].box; })).toMatch(/overlap/);
    expect(rejects('icon_click_ordered', (l) => { const d = l.items.find((_: unknown, i: number) => !l.order.includes(i)); d.kind = l.targets[0]; })).toMatch(/duplicate/);
    expect(rejects('icon_click_ordered', (l) => { l.items[0].kind = 'circle'; })).toMatch(/not allowed|duplicate/);
    expect(rejects('icon_click_ordered', (l) => { l.items[0].r = 6; })).toMatch(/small/);
  });
  it('rotate_disc_slider', () => {
    expect(rejects('rotate_disc_slider', (l) => { l.theta = 0; l.needed_deg = 0; })).toMatch(/upright|undo/);
    expect(rejects('rotate_disc_slider', (l) => { l.needed_deg = (l.needed_deg + 10) % 360; })).toMatch(/undo/);
    expect(rejects('rotate_disc_slider', (l) => { l.mapping.deg_per_px = 1; })).toMatch(/track|full turn/);
    expect(rejects('rotate_disc_slider', (l) => { l.cues = ['tree']; })).toMatch(/cue/);
  });
  it('slide_to_end', () => {
    expect(rejects('slide_to_end', (l) => { l.rtl = !l.rtl; })).toMatch(/direction/);
    expect(rejects('slide_to_end', (l) => { l.track_box[2] = l.handle_box[2] + 20; })).toMatch(/short/);
    expect(rejects('slide_to_end', (l) => { l.handle_box[0] = l.track_box[0] - 10; })).toMatch(/outside/);
  });
  it('slider_jigsaw_gap', () => {
    expect(rejects('slider_jigsaw_gap', (l) => { l.gap.x = l.piece_x0 + 10; })).toMatch(/overlap|close/);
    expect(rejects('slider_jigsaw_gap', (l) => { l.decoys = [{ x: l.gap.x - l.size - 8 > l.piece_x0 + l.size + 8 ? l.gap.x - l.size - 8 : l.gap.x + l.size + 8, y: l.gap.y + 3 }]; l.decoys_wanted = 1; })).toMatch(/row|overlap|outside/);
    expect(rejects('slider_jigsaw_gap', (l) => { l.gap.y = l.image_box[3] - 5; })).toMatch(/outside/);
    expect(rejects('slider_jigsaw_gap', (l) => { l.size = 20; })).toMatch(/small/);
    expect(rejects('slider_jigsaw_gap', (l) => { l.decoys_wanted += 1; })).toMatch(/decoy/);
  });
  it('match_three_swap', () => {
    expect(rejects('match_three_swap', (l) => { l.board[0] = l.board[1] = l.board[2] = 'star'; })).toMatch(/already|match|valid/);
    expect(rejects('match_three_swap', (l) => { l.board = ['star', 'heart', 'moon', 'heart', 'moon', 'star', 'moon', 'star', 'heart']; })).toMatch(/no valid swap|valid/);
    expect(rejects('match_three_swap', (l) => { l.valid_pairs = [[0, 8]]; })).toMatch(/valid_pairs/);
    expect(rejects('match_three_swap', (l) => { l.cells[1] = l.cells[0]; })).toMatch(/overlap/);
  });
  it('match_three_swap rules: lines and adjacent swaps', () => {
    expect(hasLine(['a', 'a', 'a', 'b', 'c', 'b', 'c', 'b', 'c'])).toBe(true);
    expect(hasLine(['a', 'b', 'a', 'b', 'a', 'b', 'c', 'c', 'd'])).toBe(false); // diagonals do not count
    // swapping cells 2 and 5 completes row 1 (a a _ / _ _ a)
    const b = ['a', 'a', 'b', 'c', 'd', 'a', 'd', 'c', 'b'];
    expect(validSwaps(b)).toContainEqual([2, 5]);
    expect(validSwaps(b).every(([i, j]) => j === i + 1 || j === i + 3)).toBe(true);
  });
  it('checkbox_not_robot', () => {
    expect(rejects('checkbox_not_robot', (l) => { l.checkbox_box = [10, 10, 18, 18]; })).toMatch(/small/);
    expect(rejects('checkbox_not_robot', (l) => { l.click_box = [0, 0, 5, 5]; })).toMatch(/contain/);
  });
});

describe('registry, glyphs, compositor helpers', () => {
  it('unknown type → UsageError naming --types and the allowed values', () => {
    expect(() => getEngine('nope')).toThrow(UsageError);
    expect(() => getEngine('nope')).toThrow(/--types: unknown value 'nope'; allowed: text_distorted_alnum, /);
  });
  it('glyphs come from the bundled fonts (Latin from @fontsource, CJK from the right Noto Sans SC subset)', () => {
    for (const ch of ['A', '7', '天', '龙', '验', '¥']) expect(glyphFor(ch).glyph.index).toBeGreaterThan(0);
    const o = textOutline('Hi 天', 10, 40, 20);
    expect(o.d).toMatch(/^M/);
    expect(o.width).toBeGreaterThan(30);
    expect(textSvg('Verify', 0, 20, 14, '#000')).toMatch(/^<path d="M[^"]+" fill="#000"\/>$/);
    expect(() => glyphFor('\u{10FFFD}')).toThrow(/no bundled font/);
  });
  it('the same character at two places has different path data (no look-up by path)', () => {
    const a = textOutline('K', 0, 20, 20).d;
    const b = textOutline('K', 13, 20, 20).d;
    expect(a).not.toBe(b);
  });
  it('resizeSvg rewrites only the root size', () => {
    const s = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"><rect width="10" height="10"/></svg>';
    expect(resizeSvg(s, 150, 75)).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="150" height="75" viewBox="0 0 100 50"><rect width="10" height="10"/></svg>');
  });
  it('checkConfig names the flag and the allowed values', () => {
    const ok = { types: ['slide_to_end'], contexts: ['web'], difficulties: ['easy'], locales: ['en-US'] } as const;
    expect(() => checkConfig({ ...ok, types: [...ok.types], contexts: [], difficulties: [...ok.difficulties], locales: [...ok.locales] })).toThrow(/--context: empty list; allowed: mobile, web/);
    expect(() => checkConfig({ types: ['slide_to_end'], contexts: ['desktop' as 'web'], difficulties: ['easy'], locales: ['en-US'] })).toThrow(/--context: unknown value 'desktop'/);
    expect(() => checkConfig({ types: ['slide_to_end'], contexts: ['web'], difficulties: ['insane' as 'easy'], locales: ['en-US'] })).toThrow(UsageError);
    expect(() => checkConfig({ types: ['slide_to_end'], contexts: ['web'], difficulties: ['easy'], locales: ['pt-BR' as 'en-US'] })).toThrow(/--locales: unknown value 'pt-BR'; allowed: en-US, zh-CN, ja-JP, de-DE, es-ES, fr-FR, ar/);
  });
});

describe('mapping puzzle px → canvas px', () => {
  const maps = [
    { sx: 0.37, sy: 0.37, tx: 3, ty: 7 },
    { sx: 1.2949, sy: 1.2951, tx: 411, ty: 230 },
    { sx: 0.913, sy: 0.9115, tx: 17, ty: 350 },
  ];
  it('click gold points stay inside their mapped boxes, even for 1-px boxes at odd scales', () => {
    for (const m of maps) {
      for (let x = 0; x < 40; x += 3) {
        const boxes: Box[] = [[x, x, x + 1, x + 1], [x + 5, 2, x + 30, 20]];
        const v: Verifier = { kind: 'click', action: 'click', mode: 'sequence', boxes, submit_box: null, min_duration_ms: null };
        const gold = mapGoldActions([{ type: 'click', point: [x, x] }, { type: 'click', point: [x + 29, 19] }], v, m);
        const mv = mapVerifier(v, m);
        if (mv.kind !== 'click') throw new Error('kind');
        gold.forEach((a, i) => {
          if (a.type !== 'click') throw new Error('type');
          expect(Number.isInteger(a.point[0]) && Number.isInteger(a.point[1])).toBe(true);
          expect(pointInBox(a.point, mv.boxes[i]!)).toBe(true);
        });
      }
    }
  });
  it('drag: start in the mapped handle, dx = round(expected_dx * sx), same row; expected_dx scales by sx', () => {
    for (const m of maps) {
      const v: Verifier = { kind: 'drag', handle_box: [10, 200, 60, 240], track_box: [10, 200, 310, 240], expected_dx: 151.5, rel_tolerance: 0.04, max_dy: 5 };
      const mv = mapVerifier(v, m);
      if (mv.kind !== 'drag') throw new Error('kind');
      expect(mv.expected_dx).toBeCloseTo(151.5 * m.sx, 5);
      expect(mv.max_dy).toBe(5);
      expect(mv.handle_box).toEqual(mapBox(m, v.handle_box));
      const [g] = mapGoldActions([{ type: 'drag', start: [35, 220], end: [186, 220] }], v, m);
      if (g?.type !== 'drag') throw new Error('type');
      expect(pointInBox(g.start, mv.handle_box)).toBe(true);
      expect(g.end[0] - g.start[0]).toBe(Math.round(151.5 * m.sx));
      expect(g.end[1]).toBe(g.start[1]);
    }
  });
});
