/**
 * CAPTCHA throughput: the full pipeline (sample, validate, draw, solve, composite, encode, schema-valid
 * record) against a bare loop that only rasterises, composites and encodes the same SVGs with sharp.
 * Both run side by side in one process, alternating batches, so machine noise hits both alike.
 */
import sharp from 'sharp';
import { CAPTCHA_TYPES, captchaSample, captchaSampleDetailed, type CaptchaConfig } from '../generators/captcha/index.js';
import { resizeSvg } from '../renderers/compositor.js';
import { CaptchaRecord } from '../core/schema.js';

export interface CaptchaBench {
  samples: number;
  pipeline_per_s: number;
  bare_per_s: number;
  ratio: number;
}

/** Run `rounds` alternating batches of `batch` samples each (mixed types, both contexts). */
export async function benchCaptcha(batch = 40, rounds = 3, seed = 11): Promise<CaptchaBench> {
  const cfg: CaptchaConfig = { types: [...CAPTCHA_TYPES], contexts: ['mobile', 'web'], difficulties: ['easy', 'medium', 'hard'], locales: ['en-US', 'zh-CN'] };
  const total = batch * rounds;
  // Inputs of the bare loop: the very SVGs and placements the pipeline produced.
  const inputs = [];
  for (let i = 0; i < total; i++) {
    const d = await captchaSampleDetailed(cfg, seed, i);
    const pb = d.record.captcha.puzzle_box;
    inputs.push({ puzzleSvg: d.puzzleSvg, hostSvg: d.hostSvg, x: pb[0], y: pb[1], w: pb[2] - pb[0], h: pb[3] - pb[1] });
  }
  let tPipe = 0;
  let tBare = 0;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    for (let i = r * batch; i < (r + 1) * batch; i++) {
      const s = await captchaSample(cfg, seed, i);
      CaptchaRecord.omit({ image: true }).parse(s.record);
    }
    tPipe += performance.now() - t;
    t = performance.now();
    for (let i = r * batch; i < (r + 1) * batch; i++) {
      const p = inputs[i]!;
      const puzzle = await sharp(Buffer.from(resizeSvg(p.puzzleSvg, p.w, p.h))).png().toBuffer();
      await sharp(Buffer.from(p.hostSvg)).composite([{ input: puzzle, left: p.x, top: p.y }]).png().toBuffer();
    }
    tBare += performance.now() - t;
  }
  const pipe = total / (tPipe / 1000);
  const bare = total / (tBare / 1000);
  return { samples: total, pipeline_per_s: pipe, bare_per_s: bare, ratio: pipe / bare };
}
