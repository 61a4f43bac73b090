/**
 * Cosmetic CAPTCHA defects (issue 15, CAPTCHA item 5), each checked on what the agent sees:
 * - press_and_hold: the widget and the instruction give the same hold time;
 * - matching_pair_pick: the prompt does not call icons "identical" that differ in colour or angle;
 * - grid_segment_select: nothing of the scene is painted outside the tile grid (rendered pixels);
 * - text_colored_subset: the colour swatch never covers the title (rendered pixels, title vs swatch);
 * - zh prompts wrap between phrases, never inside a word (draw.ts wrapPhrases, hand-written cases).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import type { Difficulty, Latent } from '../generators/captcha/engine.js';
import { getEngine } from '../generators/captcha/registry.js';
import { makeStyle } from '../generators/captcha/lib/style.js';
import { label, wrapPhrases } from '../generators/captcha/lib/draw.js';
import { swatch } from '../generators/captcha/lib/palette.js';
import { wrapText } from '../renderers/glyphs.js';
import { rasterSvg } from './captcha-contract-helpers.js';

function latents(type: string, n: number, diffs: Difficulty[] = ['easy', 'medium', 'hard']): any[] {
  const e = getEngine(type);
  const out: Latent[] = [];
  for (const d of diffs) {
    for (let k = 0, got = 0; k < 80 && got < n; k++) {
      const l = e.sample(new Rng(`cosmetics-${type}-${d}-${k}`), d);
      if (e.validate(l) === null) {
        out.push(JSON.parse(JSON.stringify(l)));
        got++;
      }
    }
  }
  return out;
}

describe('press_and_hold', () => {
  it('the widget text gives the hold time the instruction gives (1.5 s is 1.5 s on both)', () => {
    const e = getEngine('press_and_hold');
    const style = makeStyle('classic', 'light', 'en-US');
    const seen = new Set<string>();
    for (const l of latents('press_and_hold', 2)) {
      const sec = /about ([0-9.]+) seconds/.exec(e.instruction(l, 'en-US'))![1]!;
      seen.add(sec);
      expect(Number(sec) * 1000).toBe(l.hold_ms);
      const svg = e.draw(l, style, new Rng('d')).svg;
      const widget = label(style, `Keep holding for about ${sec} s until the bar fills`, 18, 60, 12.5, style.subtext, { maxWidth: l.width - 36 });
      expect(svg.includes(widget)).toBe(true);
    }
    expect(seen).toContain('1.5');
  });
});

describe('matching_pair_pick', () => {
  it('the prompt asks for the same shape, since the pair differs in colour and angle', () => {
    const e = getEngine('matching_pair_pick');
    for (const l of latents('matching_pair_pick', 1)) {
      for (const loc of ['en-US', 'zh-CN'] as const) expect(e.instruction(l, loc)).not.toMatch(/identical|两个相同图标/);
      expect(e.instruction(l, 'en-US')).toMatch(/same shape/);
    }
  });
});

describe('grid_segment_select', () => {
  it('the scene is painted only inside the tile grid', async () => {
    const e = getEngine('grid_segment_select');
    let bad = 0;
    for (const l of latents('grid_segment_select', 4)) {
      const style = makeStyle('classic', 'light', 'en-US');
      const img = await rasterSvg(e.draw(l, style, new Rng('d')).svg);
      const t = l.frame.tiles;
      const g = [t[0][0], t[0][1], t[t.length - 1][2], t[t.length - 1][3]];
      const px = (x: number, y: number): string => Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3)).join();
      // 5 px strips left and right of the grid, over its height: one colour (the card)
      const ref = px(g[0] - 6, g[1] + 2);
      for (let y = g[1] + 1; y < g[3] - 1; y++) for (const x of [g[0] - 5, g[0] - 3, g[0] - 2, g[2] + 1, g[2] + 2, g[2] + 4]) if (px(x, y) !== ref) bad++;
    }
    expect(bad).toBe(0);
  });
});

describe('text_colored_subset', () => {
  it('the colour swatch never covers the title, in every face, also for the longest colour names', async () => {
    const e = getEngine('text_colored_subset');
    const overlaps: string[] = [];
    // the longest colour names make the longest titles
    const long = latents('text_colored_subset', 6).filter((l) => ['orange', 'yellow', 'purple', 'brown', 'green'].includes(l.target_color)).slice(0, 4);
    expect(long.length).toBe(4);
    for (const l of long) {
      for (const [loc, face] of [['en-US', 'roboto'], ['en-US', 'inter'], ['en-US', 'noto-sans'], ['zh-CN', 'noto-sans']] as const) {
        const style = { ...makeStyle('classic', 'light', loc), face };
        const svg = e.draw(l, style, new Rng('d')).svg;
        // the swatch is the one rect of exactly SWATCH px drawn with the colour's fill
        const m = /<rect x="([0-9.]+)" y="([0-9.]+)" width="12" height="12"[^>]*\/>/.exec(svg);
        expect(m, 'swatch rect').not.toBeNull();
        const bare = svg.replace(m![0], '');
        const a = await rasterSvg(svg);
        const b = await rasterSvg(bare);
        // title ink: dark pixels of the render without the swatch, in the title band
        const sx = Number(m![1]);
        for (let y = 14; y < 40; y++) {
          for (let x = Math.floor(sx) - 1; x < sx + 13; x++) {
            const o = (y * b.width + x) * 4;
            const ink = b.data[o]! + b.data[o + 1]! + b.data[o + 2]! < 300;
            const covered = Math.abs(a.data[o]! - b.data[o]!) + Math.abs(a.data[o + 1]! - b.data[o + 1]!) + Math.abs(a.data[o + 2]! - b.data[o + 2]!) > 30;
            if (ink && covered) overlaps.push(`${l.target_color} ${loc} ${face} (${x},${y})`);
          }
        }
      }
    }
    expect(overlaps.slice(0, 5)).toEqual([]);
    expect(swatch(0, 6, 12, '#000', '#fff')).toMatch(/width="12" height="12"/);
  });
});

describe('zh prompts wrap between phrases', () => {
  const cases: Array<[string, string[]]> = [
    ['橙色正方形 → 蓝色五角星 → 红色三角形 → 红色圆形', ['橙色正方形', '蓝色五角星', '红色三角形', '红色圆形']],
    ['紫色正方形 → 紫色圆形 → 黄色三角形 → 红色爱心', ['紫色正方形', '紫色圆形', '黄色三角形', '红色爱心']],
    ['从八开始，加上六，再减去四，结果是几？', ['从八开始', '加上六', '再减去四', '结果是几']],
    ['选出所有与左图形状相同（只旋转、未镜像）的格子，然后提交', ['只旋转', '未镜像', '然后提交']],
    ['Select every tile with the shape on the left, only turned (not mirrored), then submit', ['Select', 'every', 'mirrored', 'submit']],
  ];
  it('no line break inside a word, at every width from 100 to 300 px; lines keep every character', () => {
    const style = { face: 'noto-sans' as const, weight: 700 as const };
    for (const [text, words] of cases) {
      for (let w = 100; w <= 300; w += 6) {
        const lines = wrapPhrases(text, 13, w, style);
        expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
        for (const word of words) expect({ w, word, whole: lines.some((ln) => ln.includes(word)) }).toEqual({ w, word, whole: true });
      }
    }
  });
  it('the plain CJK wrap this replaces does split words (the defect)', () => {
    let split = 0;
    for (let w = 100; w <= 300; w += 6) {
      const lines = wrapText('橙色正方形 → 蓝色五角星 → 红色三角形 → 红色圆形', 13, w, { face: 'noto-sans', weight: 700 });
      if (lines.slice(0, -1).some((ln) => !ln.endsWith('→') && !ln.endsWith('形') && !ln.endsWith('星'))) split++;
    }
    expect(split).toBeGreaterThan(10);
  });
});
