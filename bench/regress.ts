/**
 * `uisynth regress` cost against generation (issue 13: regress on a 200-record golden set takes under
 * 2x the time of generating those 200 records). Generates N records into a fresh dataset through the
 * CLI's own run functions, pins all of them as a golden set, and times `runRegress` on it (regenerate,
 * compare labels and pixels, write the report). Both include their browser launch (grounding).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCaptcha, runGrounding, VERSION } from '../cli/main.js';
import { makeGolden } from '../regress/golden.js';
import { runRegress } from '../regress/regress.js';
import { formatDiff } from '../regress/labels.js';

export interface RegressBench {
  kind: 'captcha' | 'grounding';
  records: number;
  generate_s: number;
  regress_s: number;
  /** regress_s / generate_s (target < 2). */
  ratio: number;
  verdict: string;
  /** One line per record that drifted (id, family / type, first differences): regenerating should reproduce every record. */
  drifted: string[];
}

/** Time generating `n` records of `kind` and regressing all of them. */
export async function benchRegress(kind: 'captcha' | 'grounding', n = 200): Promise<RegressBench> {
  const dir = mkdtempSync(join(tmpdir(), 'uisynth-bench-regress-'));
  try {
    const common = { count: String(n), seed: '3', out: join(dir, 'data'), shardSize: '1000', quiet: true };
    let t = performance.now();
    if (kind === 'captcha') await runCaptcha([], { ...common, types: 'all', context: 'all', difficulty: 'all', locales: 'all' });
    else await runGrounding([], { ...common, families: 'all', locales: 'all', themes: 'all', viewport: '1280x800', dpr: '1' });
    const generate_s = (performance.now() - t) / 1000;
    await makeGolden(join(dir, 'data'), join(dir, 'golden'), { sample: n, uisynthVersion: VERSION });
    t = performance.now();
    const r = await runRegress(join(dir, 'golden'), { out: join(dir, 'report'), uisynthVersion: VERSION });
    const regress_s = (performance.now() - t) / 1000;
    const drifted = r.records
      .filter((x) => x.status !== 'no drift')
      .map((x) => `${x.id} [${x.stratum}] ${x.status}: ${x.error ?? (x.labels_total ? x.labels.slice(0, 3).map((d) => formatDiff(d, 80)).join('; ') : `${x.pixels.changed} px in ${JSON.stringify(x.pixels.changed_box)}`)}`);
    return { kind, records: r.counts.records, generate_s, regress_s, ratio: regress_s / generate_s, verdict: r.verdict, drifted };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
