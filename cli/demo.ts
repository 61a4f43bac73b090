/**
 * `uisynth demo` (what `npm run demo` runs after set-up): a small real dataset of both kinds, validated,
 * with a summary of where it is and how to open the gallery.
 */
import { join, resolve } from 'node:path';
import type { RunSummary } from '../dataset/write.js';

interface Runners {
  runGrounding: (argv: string[], o: never) => Promise<RunSummary>;
  runCaptcha: (argv: string[], o: never) => Promise<RunSummary>;
  runValidate: (dir: string, quiet?: boolean) => Promise<number>;
}

/** Demo size: 36 screenshots (3 families × 2 locales × 2 themes × 3); the puzzles are one of every registered CAPTCHA type. */
export const DEMO = { screenshots: 36 } as const;

/** Run the demo into `out`; returns the exit code (4 when validation finds problems). */
export async function runDemo(out: string, seed: string, r: Runners): Promise<number> {
  const g = join(out, 'grounding');
  const c = join(out, 'captcha');
  const common = { seed, shardSize: '12', quiet: false };
  const gArgs = ['grounding', '--count', String(DEMO.screenshots), '--seed', seed, '--out', g, '--shard-size', '12'];
  const gs = await r.runGrounding(gArgs, {
    ...common,
    count: String(DEMO.screenshots),
    out: g,
    families: 'all',
    locales: 'all',
    themes: 'all',
    viewport: '1280x800',
    dpr: '1',
  } as never);
  // sample i has type i % N (generators/captcha/index.ts), so N puzzles show every type once
  const puzzles = (await import('../generators/captcha/registry.js')).ENGINES.length;
  const cArgs = ['captcha', '--count', String(puzzles), '--seed', seed, '--out', c, '--shard-size', '32'];
  const cs = await r.runCaptcha(cArgs, {
    ...common,
    shardSize: '32',
    count: String(puzzles),
    out: c,
    types: 'all',
    context: 'all',
    difficulty: 'all',
    locales: 'all',
  } as never);
  const errors = (await r.runValidate(g)) + (await r.runValidate(c));
  const gst = gs.manifest.stats as { queries: number; targets: number; scenario: Record<string, number>; locale: Record<string, number> };
  const cst = cs.manifest.stats as { type: Record<string, number>; scenario: Record<string, number>; platform: Record<string, number> };
  process.stdout.write(
    [
      '',
      `grounding: ${gs.manifest.records} screenshots, ${gst.targets} targets, ${gst.queries} queries`,
      `  families: ${Object.entries(gst.scenario).map(([k, v]) => `${k}=${v}`).join(' ')}`,
      `  locales:  ${Object.entries(gst.locale).map(([k, v]) => `${k}=${v}`).join(' ')}`,
      `captcha:   ${cs.manifest.records} puzzles`,
      `  types:    ${Object.entries(cst.type).map(([k, v]) => `${k}=${v}`).join(' ')}`,
      `  hosts:    ${Object.entries(cst.scenario).map(([k, v]) => `${k}=${v}`).join(' ')}`,
      `  platforms: ${Object.entries(cst.platform).map(([k, v]) => `${k}=${v}`).join(' ')}`,
      '',
      `data:    ${resolve(out)}  (grounding/ and captcha/, shard-*.jsonl + images/ + manifest.json)`,
      `gallery: npx uisynth gallery ${out}   then open the printed http://127.0.0.1 address`,
      `check:   npx uisynth validate ${g}  (${errors === 0 ? 'both datasets validated OK' : `${errors} problem(s) found`})`,
      '',
    ].join('\n'),
  );
  return errors ? 4 : 0;
}
