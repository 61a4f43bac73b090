/**
 * Test fixtures for the dataset writer: a tiny, schema-valid CAPTCHA sample (pure function of seed and index)
 * and a byte-level snapshot of a dataset directory tree.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import type { SampleOutput } from '../dataset/write.js';
import { Rng, recordId, sampleSeed } from '../core/rng.js';
import { boxCenter, pointToNorm1, pointToNorm1000, type Box } from '../core/geometry.js';
import { actionsToText, mapActionPoints, type Action } from '../core/actions.js';
import type { CaptchaRecord } from '../core/schema.js';

/** A tiny but schema-valid CAPTCHA sample: one red square to click on a 64x48 canvas. */
export async function fakeSample(seed: number, index: number): Promise<SampleOutput> {
  const rng = new Rng(sampleSeed('fake', seed, index));
  const x = rng.int(0, 40);
  const y = rng.int(0, 24);
  const box: Box = [x, y, x + 20, y + 20];
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fff' } })
    .composite([{ input: Buffer.from(`<svg width="64" height="48"><rect x="${x}" y="${y}" width="20" height="20" fill="red"/></svg>`) }])
    .png()
    .toBuffer();
  const size = { width: 64, height: 48 };
  const actions: Action[] = [{ type: 'click', point: boxCenter(box) }];
  return {
    png,
    record: {
      id: recordId('captcha', seed, index), kind: 'captcha' as const, generator: { name: 'captcha', version: 'test' }, seed, index,
      platform: 'web', locale: 'en-US',
      context: { scenario: 'web.test', persona: null, theme: 'light', viewport: size, dpr: 1, page: null, params: {} },
      captcha: { type: 'fake_square', group: 'one_click', difficulty: 'easy', knobs: {}, instruction: 'Click the square', instructions: { 'en-US': 'Click the square' }, style: 'plain', puzzle_box: [0, 0, 64, 48] },
      solution: {
        actions,
        actions_norm1: actions.map((a) => mapActionPoints(a, (p) => pointToNorm1(p, size))),
        actions_norm1000: actions.map((a) => mapActionPoints(a, (p) => pointToNorm1000(p, size))),
        text: actionsToText(actions), ordered: false, reasoning: 'The square is the only shape.', reasonings: {},
      },
      verifier: { kind: 'click', action: 'click', mode: 'any', boxes: [box], submit_box: null, min_duration_ms: null },
      latent: { x, y },
    } satisfies Omit<CaptchaRecord, 'image'>,
  };
}


/**
 * sha256 of every file under `dir` by relative path, without the run's own bookkeeping (`.uisynth/`: locks,
 * completion markers, error log), which is not part of the dataset.
 */
export function treeHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== '.uisynth') walk(p);
      } else out[relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
