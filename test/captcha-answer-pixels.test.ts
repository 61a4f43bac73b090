/**
 * Independent pixel checks of the answers of groups D-J (issue 6 item 5), on rendered pixels rather than
 * on the latent state:
 * - slider puzzles: render the puzzle twice, with and without the true gap; the pixels that differ lie
 *   inside the latent gap frame, and gap centre - piece centre agrees with the verifier's displacement;
 * - rotation puzzles: the rendered patch turned back by the answer matches the upright rendering within
 *   a tolerance, and clearly better than when turned by a wrong angle;
 * - strip puzzle: the shifted strip moved back by the answer matches the unshifted picture.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { boxCenter, type Box } from '../core/geometry.js';
import { getEngine } from '../generators/captcha/registry.js';
import { makeStyle } from '../generators/captcha/lib/style.js';
import type { Latent, PuzzleStyle } from '../generators/captcha/engine.js';
import { drawMultiGap, type MultiGapLatent } from '../generators/captcha/engines/slider/slider_multi_gap_decoy.js';
import { drawDragDrop, type DragDropLatent } from '../generators/captcha/engines/drag/drag_drop_piece_2d.js';
import { drawShapeFit, type ShapeFitLatent } from '../generators/captcha/engines/slider/shape_fit_slider.js';
import { stripBox, type ConcatLatent } from '../generators/captcha/engines/slider/concat_restore_slider.js';
import { gapFrame } from '../generators/captcha/lib/sliders.js';
import { diffBox, rasterSvg, rotatedDiscDiff } from './captcha-contract-helpers.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
function latents(type: string, d: 'easy' | 'medium' | 'hard', n: number): any[] {
  const e = getEngine(type);
  const out: Latent[] = [];
  for (let k = 0; out.length < n && k < 50; k++) {
    const l = e.sample(new Rng(`px-${type}-${d}-${k}`), d);
    if (e.validate(l) === null) out.push(clone(l));
  }
  return out;
}
const styles: PuzzleStyle[] = [makeStyle('classic', 'light', 'en-US'), makeStyle('violet', 'dark', 'zh-CN')];
const grow = (b: Box, d: number): Box => [b[0] - d, b[1] - d, b[2] + d, b[3] + d];
const within = (a: Box, b: Box): boolean => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3];

describe('slider gaps found by image difference lie where the latent says', () => {
  it('slider_jigsaw_gap (skeleton): removing the true gap changes only pixels inside its frame', async () => {
    for (const d of ['easy', 'medium', 'hard'] as const) {
      for (const [i, l] of latents('slider_jigsaw_gap', d, 2).entries()) {
        const e = getEngine('slider_jigsaw_gap');
        const svg = e.draw(l, styles[i % 2]!, new Rng('draw')).svg;
        // the true gap is the first path painted with the gap paint (the decoys follow it)
        const m = /<path d="[^"]*" fill="rgba\((0,0,0,0\.5|255,255,255,0\.6)\)"[^>]*\/>/.exec(svg);
        expect(m).not.toBeNull();
        const without = svg.slice(0, m!.index) + svg.slice(m!.index + m![0].length);
        const box = diffBox(await rasterSvg(svg), await rasterSvg(without));
        expect(box).not.toBeNull();
        const frame: Box = [l.gap.x, l.gap.y, l.gap.x + l.size, l.gap.y + l.size];
        expect(within(box!, grow(frame, 0.25 * l.size)), `${d}: ${box} in ${frame}`).toBe(true);
        const v = e.solve(l).verifier;
        if (v.kind !== 'drag') throw new Error('kind');
        // the gap's centre measured in pixels minus the piece centre = the expected displacement
        const measured = (box![0] + box![2]) / 2 - (l.piece_x0 + l.size / 2);
        expect(Math.abs(measured - v.expected_dx), d).toBeLessThanOrEqual(l.tol_px + 3);
      }
    }
  });

  const cases: Array<{ type: string; draw: (l: any, s: PuzzleStyle, r: Rng, o: { omit?: number[] }) => { svg: string }; gaps: (l: any) => any[]; piece: (l: any) => [number, number] }> = [
    { type: 'slider_multi_gap_decoy', draw: drawMultiGap as never, gaps: (l: MultiGapLatent) => l.gaps, piece: (l: MultiGapLatent) => [l.piece.cx, l.piece.cy] },
    { type: 'drag_drop_piece_2d', draw: drawDragDrop as never, gaps: (l: DragDropLatent) => l.gaps, piece: (l: DragDropLatent) => [l.piece.cx, l.piece.cy] },
    { type: 'shape_fit_slider', draw: drawShapeFit as never, gaps: (l: ShapeFitLatent) => l.holes, piece: (l: ShapeFitLatent) => [l.shape.cx, l.shape.cy] },
  ];
  it.each(cases.map((c) => [c.type, c]))('%s: true gap and every decoy found by difference at their latent frames; displacement agrees', async (type, c) => {
    const e = getEngine(type);
    for (const d of ['easy', 'medium', 'hard'] as const) {
      for (const [i, l] of latents(type, d, 2).entries()) {
        const style = styles[i % 2]!;
        const full = await rasterSvg(c.draw(l, style, new Rng('draw'), {}).svg);
        const gaps = c.gaps(l);
        const boxes: Box[] = [];
        for (const [g, gap] of gaps.entries()) {
          const box = diffBox(full, await rasterSvg(c.draw(l, style, new Rng('draw'), { omit: [g] }).svg));
          expect(box, `${type} ${d} gap ${g}`).not.toBeNull();
          const frame = gapFrame(gap);
          expect(within(box!, grow(frame, 1)), `${type} ${d} gap ${g}: ${box} in ${frame}`).toBe(true);
          expect(box![2] - box![0], `${type} ${d} gap ${g} size`).toBeGreaterThanOrEqual(gap.r);
          boxes.push(box!);
        }
        // the true gap's measured centre (its difference box from the loop above, gap 0) vs the gold answer
        const box0 = boxes[0]!;
        const [mx, my] = boxCenter(box0);
        const [px, py] = c.piece(l);
        const v = e.solve(l).verifier;
        if (v.kind === 'drag') expect(Math.abs(mx - px - v.expected_dx), `${type} ${d}`).toBeLessThanOrEqual(0.4 * gaps[0].r + 2);
        else if (v.kind === 'drags') {
          const t = v.items[0]!.target_box;
          expect(Math.abs(mx - (t[0] + t[2]) / 2) + Math.abs(my - (t[1] + t[3]) / 2), `${type} ${d}`).toBeLessThanOrEqual(0.8 * gaps[0].r + 4);
          expect(Math.hypot(px - (v.items[0]!.handle_box[0] + v.items[0]!.handle_box[2]) / 2, py - (v.items[0]!.handle_box[1] + v.items[0]!.handle_box[3]) / 2)).toBeLessThanOrEqual(1);
        } else throw new Error(`unexpected verifier ${v.kind}`);
      }
    }
  });
});

describe('rotation answers undo the rotation in pixels', () => {
  /** Render l and the upright variant; return [true-angle diff, wrong-angle diff]. */
  async function check(type: string, l: any, upright: any, cx: number, cy: number, r: number, deg: number, style: PuzzleStyle): Promise<[number, number]> {
    const e = getEngine(type);
    const a = await rasterSvg(e.draw(l, style, new Rng('draw')).svg);
    const b = await rasterSvg(e.draw(upright, style, new Rng('draw')).svg);
    return [rotatedDiscDiff(a, b, cx, cy, r, deg), rotatedDiscDiff(a, b, cx, cy, r, deg + 25)];
  }
  const report: string[] = [];

  it('rotate_disc_slider (skeleton), rotate_inner_outer_align, dial_rotate_to_mark: disc turned back by needed_deg matches the upright rendering', async () => {
    for (const d of ['easy', 'medium', 'hard'] as const) {
      for (const [i, l] of latents('rotate_disc_slider', d, 2).entries()) {
        const [ok, wrong] = await check('rotate_disc_slider', l, { ...l, theta: 0 }, l.disc.cx, l.disc.cy, l.disc.r - 3, l.needed_deg, styles[i % 2]!);
        report.push(`rotate_disc_slider ${d}: ${ok.toFixed(1)} vs ${wrong.toFixed(1)}`);
        expect(ok, `rotate_disc_slider ${d}`).toBeLessThan(d === 'easy' ? 6 : 12);
        expect(ok * 2, `rotate_disc_slider ${d}`).toBeLessThan(wrong);
      }
      for (const [i, l] of latents('rotate_inner_outer_align', d, 2).entries()) {
        const [ok, wrong] = await check('rotate_inner_outer_align', l, { ...l, theta: 0 }, l.disc.cx, l.disc.cy, l.disc.r_in - 4, l.needed_deg, styles[i % 2]!);
        report.push(`rotate_inner_outer_align ${d}: ${ok.toFixed(1)} vs ${wrong.toFixed(1)}`);
        expect(ok, `rotate_inner_outer_align ${d}`).toBeLessThan(d === 'easy' ? 6 : 12);
        expect(ok * 2, `rotate_inner_outer_align ${d}`).toBeLessThan(wrong);
      }
      for (const [i, l] of latents('dial_rotate_to_mark', d, 2).entries()) {
        const [ok, wrong] = await check('dial_rotate_to_mark', l, { ...l, theta: (l.theta + l.needed_deg) % 360 }, l.dial.cx, l.dial.cy, l.dial.r - 3, l.needed_deg, styles[i % 2]!);
        report.push(`dial_rotate_to_mark ${d}: ${ok.toFixed(1)} vs ${wrong.toFixed(1)}`);
        expect(ok, `dial_rotate_to_mark ${d}`).toBeLessThan(6);
        expect(ok * 2, `dial_rotate_to_mark ${d}`).toBeLessThan(wrong);
      }
    }
  });

  it('pick_upright: every copy turned back by its angle matches the upright copy; rotate_arrows_match_ref: the object turned by the presses matches the reference pose', async () => {
    for (const [i, l] of latents('pick_upright', 'easy', 2).entries()) {
      const upright = { ...l, angles: l.angles.map(() => 0) };
      for (const [j, c] of (l.cells as Box[]).entries()) {
        const [cx, cy] = boxCenter(c);
        const r = (c[2] - c[0]) / 2 - 9;
        const [ok, wrong] = await check('pick_upright', l, upright, cx, cy, r, -l.angles[j], styles[i % 2]!);
        report.push(`pick_upright copy ${j}: ${ok.toFixed(1)} vs ${wrong.toFixed(1)}`);
        expect(ok).toBeLessThan(8);
        expect(ok * 2).toBeLessThan(wrong);
      }
    }
    for (const d of ['easy', 'medium', 'hard'] as const) {
      for (const [i, l] of latents('rotate_arrows_match_ref', d, 2).entries()) {
        const [cx, cy] = boxCenter(l.cur_box);
        const [ok, wrong] = await check('rotate_arrows_match_ref', l, { ...l, cur_rot: l.ref_rot }, cx, cy, (l.cur_box[2] - l.cur_box[0]) / 2 - 4, l.presses * l.step, styles[i % 2]!);
        report.push(`rotate_arrows_match_ref ${d}: ${ok.toFixed(1)} vs ${wrong.toFixed(1)}`);
        expect(ok).toBeLessThan(6);
        expect(ok * 2).toBeLessThan(wrong);
      }
    }
  });

  it('concat_restore_slider: the shifted strips moved right by the answer match the unshifted picture', async () => {
    const e = getEngine('concat_restore_slider');
    for (const d of ['easy', 'medium', 'hard'] as const) {
      for (const [i, l] of latents('concat_restore_slider', d, 2).entries()) {
        const a = await rasterSvg(e.draw(l, styles[i % 2]!, new Rng('draw')).svg);
        const b = await rasterSvg(e.draw({ ...(l as ConcatLatent), shift: 0 }, styles[i % 2]!, new Rng('draw')).svg);
        const v = e.solve(l).verifier;
        if (v.kind !== 'drag') throw new Error('kind');
        const diffAt = (dx: number): number => {
          let acc = 0;
          let n = 0;
          const [x1, , x2] = l.image_box as Box;
          const w = x2 - x1;
          for (let s = 1; s < l.strips; s += 2) {
            const sb = stripBox(l, s);
            for (let y = sb[1] + 2; y < sb[3] - 2; y++) {
              for (let x = x1 + 2; x < x2 - 2; x++) {
                const src = x1 + ((((x - x1 - dx) % w) + w) % w);
                const o = (y * a.width + x) * 4;
                const p = (y * a.width + src) * 4;
                // moved strip: pixel at x comes from x - dx of the rendering
                acc += (Math.abs(a.data[p]! - b.data[o]!) + Math.abs(a.data[p + 1]! - b.data[o + 1]!) + Math.abs(a.data[p + 2]! - b.data[o + 2]!)) / 3;
                n++;
              }
            }
          }
          return acc / n;
        };
        const ok = diffAt(Math.round(v.expected_dx));
        const wrong = diffAt(Math.round(v.expected_dx) + 20);
        report.push(`concat_restore_slider ${d}: ${ok.toFixed(1)} vs ${wrong.toFixed(1)}`);
        expect(ok).toBeLessThan(4);
        expect(ok * 3).toBeLessThan(wrong);
      }
    }
    console.log(`pixel checks (mean |RGB| diff at the answer vs at a wrong answer):\n${report.join('\n')}`);
  });
});
