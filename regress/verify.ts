/**
 * `uisynth verify DATA_DIR`: the independent oracle as a user command.
 *
 * - every record: the image file exists and its sha256 is the recorded one; shard files match the
 *   manifest's sha256;
 * - grounding: the page is re-rendered (generated scenario from the manifest's config, seed and index,
 *   or the user's `--pages` file) and every target is really clicked at its recorded point
 *   (regress/click.ts: capture-phase listeners, composed path); the query checks: every query names an
 *   existing target or is a hard negative (`tid: null`, style `negative`), qids are unique, texts are
 *   non-empty, and every target's point lies in its bbox;
 * - CAPTCHA: the gold answer scores 1 with the strict scorer and every perturbation
 *   (regress/perturbations.ts) scores 0.
 *
 * Pass rates are reported per scenario family / CAPTCHA type; every failure names the record id, the
 * check, the target and what was hit instead. Exit code 0 when everything passes, 4 otherwise.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptchaRecord, GroundingRecord, UisynthRecord } from '../core/schema.js';
import { pointInBox, type Box, type Point } from '../core/geometry.js';
import { readManifest } from '../dataset/read.js';
import { scoreCaptcha } from '../score/scorer.js';
import { clickTargets } from './click.js';
import { readEntries } from './golden.js';
import { junitXml, type JUnitCase } from './junit.js';
import { perturbations } from './perturbations.js';
import { listIn } from '../core/collections.js';
import { openRegenerator } from './regenerate.js';
import { stratifiedSample, stratumOf } from './selection.js';

/** Pass counts of one check: `passed` of `checked`. */
export interface Rate {
  checked: number;
  passed: number;
}
/** Counts of one stratum (scenario family or CAPTCHA type), or of the whole run. */
export interface VerifyCounts {
  records: number;
  /** Image files present with the recorded sha256. */
  images: Rate;
  /** Grounding: targets whose real click landed on them. */
  clicks: Rate;
  /** Grounding: query checks (one per query, plus one per target for point-in-bbox). */
  queries: Rate;
  /** CAPTCHA: gold answers scoring 1. */
  gold: Rate;
  /** CAPTCHA: perturbed answers scoring 0. */
  perturbations: Rate;
}

/** One failed check. */
export interface VerifyFailure {
  id: string;
  stratum: string;
  check: 'shard' | 'image' | 'render' | 'click' | 'query' | 'gold' | 'perturbation';
  /** The target (grounding) or the perturbation's name (CAPTCHA). */
  tid?: string;
  selector?: string;
  /** Recorded point, image px. */
  point?: [number, number];
  /** Composed path of the real click, top-most first (`tag#id.class`). */
  hit?: string[];
  detail: string;
}

/** What `uisynth verify --json` prints. */
export interface VerifyReport {
  format: 'uisynth-verify/1';
  dataset: string;
  kind: 'grounding' | 'captcha';
  /** Records in the dataset and how many were checked (`--sample`). */
  total_records: number;
  sampled: number;
  chromium: string | null;
  overall: VerifyCounts;
  by_stratum: Record<string, VerifyCounts>;
  failures: VerifyFailure[];
  seconds: number;
}

/** Options of {@link runVerify}. */
export interface VerifyOptions {
  /** Check a stratified sample of this many records (every family / type first). */
  sample?: number;
  /** Keep only records whose type / family passes. */
  strata?: (stratum: string) => boolean;
  /** Pages in flight (grounding). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
const rate = (): Rate => ({ checked: 0, passed: 0 });
const counts = (): VerifyCounts => ({ records: 0, images: rate(), clicks: rate(), queries: rate(), gold: rate(), perturbations: rate() });

/**
 * Verify a dataset. Never throws for data problems (they are failures in the report).
 * @throws UsageError when DIR is not a dataset; EnvironmentError when Chromium is missing (grounding)
 */
export async function runVerify(dir: string, o: VerifyOptions = {}): Promise<VerifyReport> {
  const t0 = performance.now();
  const m = await readManifest(dir);
  const failures: VerifyFailure[] = [];
  for (const s of m.shards) {
    const p = join(dir, s.file);
    if (!existsSync(p)) failures.push({ id: s.file, stratum: '(dataset)', check: 'shard', detail: `${s.file} missing` });
    else if (sha256(await readFile(p)) !== s.sha256) failures.push({ id: s.file, stratum: '(dataset)', check: 'shard', detail: `${s.file}: sha256 does not match manifest.json (edited after generation?)` });
  }
  const all = (await readEntries(dir, m, (r) => !o.strata || o.strata(stratumOf(r)))).map((e) => e.record);
  const recs = o.sample !== undefined ? stratifiedSample(all, o.sample, stratumOf) : all;
  const overall = counts();
  const by: Record<string, VerifyCounts> = {};
  const bump = (st: string, f: (c: VerifyCounts) => void): void => {
    f(overall);
    f((by[st] ??= counts()));
  };
  const regen = m.kind === 'grounding' ? await openRegenerator(m, o.concurrency ?? 2) : null;
  let done = 0;
  try {
    const one = async (r: UisynthRecord): Promise<void> => {
      const st = stratumOf(r);
      bump(st, (c) => c.records++);
      const img = join(dir, r.image.path);
      const okImg = existsSync(img) && sha256(await readFile(img)) === r.image.sha256;
      bump(st, (c) => ((c.images.checked++), okImg && c.images.passed++));
      if (!okImg) failures.push({ id: r.id, stratum: st, check: 'image', detail: existsSync(img) ? `${r.image.path}: sha256 differs from the record's` : `${r.image.path} missing` });
      if (r.kind === 'grounding') await verifyGrounding(r, st);
      else verifyCaptcha(r, st);
      o.onProgress?.(++done, recs.length);
    };
    const verifyCaptcha = (r: CaptchaRecord, st: string): void => {
      const g = scoreCaptcha(r, r.solution.actions);
      bump(st, (c) => ((c.gold.checked++), g.score === 1 && c.gold.passed++));
      if (g.score !== 1) failures.push({ id: r.id, stratum: st, check: 'gold', detail: `gold answer scores 0: ${g.reason}` });
      for (const p of perturbations(r)) {
        const s = scoreCaptcha(r, p.actions);
        bump(st, (c) => ((c.perturbations.checked++), s.score === 0 && c.perturbations.passed++));
        if (s.score !== 0) failures.push({ id: r.id, stratum: st, check: 'perturbation', tid: p.name, detail: `perturbed answer '${p.name}' is accepted: ${JSON.stringify(p.actions)}` });
      }
    };
    const verifyGrounding = async (r: GroundingRecord, st: string): Promise<void> => {
      const tids = new Set(r.targets.map((t) => t.tid));
      const qids = new Set<string>();
      const q = (ok: boolean, detail: string, tid?: string): void => {
        bump(st, (c) => ((c.queries.checked++), ok && c.queries.passed++));
        if (!ok) failures.push({ id: r.id, stratum: st, check: 'query', ...(tid ? { tid } : {}), detail });
      };
      for (const x of r.queries) {
        const ok = x.text.trim() !== '' && !qids.has(x.qid) && (x.tid === null ? x.style === 'negative' : tids.has(x.tid) && x.style !== 'negative');
        q(ok, `query ${x.qid} ('${x.text}', ${x.style}) ${x.tid === null ? 'is a negative without style negative' : !tids.has(x.tid) ? `names unknown target ${x.tid}` : 'is malformed (empty, duplicate qid or negative style with a target)'}`, x.tid ?? undefined);
        qids.add(x.qid);
      }
      for (const t of r.targets) q(pointInBox(t.point as Point, t.bbox as Box), `target ${t.tid}: point ${JSON.stringify(t.point)} outside its bbox ${JSON.stringify(t.bbox)}`, t.tid);
      let spec;
      try {
        spec = await regen!.page(r.index);
      } catch (e) {
        failures.push({ id: r.id, stratum: st, check: 'render', detail: `cannot rebuild the page: ${(e as Error).message}` });
        bump(st, (c) => (c.clicks.checked += r.targets.length));
        return;
      }
      let res;
      try {
        res = await clickTargets(regen!.pool!, spec.source, spec.options, r.targets.map((t) => ({ tid: t.tid, selector: t.dom.selector, point: t.point as [number, number] })));
      } catch (e) {
        failures.push({ id: r.id, stratum: st, check: 'render', detail: `re-render failed: ${(e as Error).message.split('\n')[0]}` });
        bump(st, (c) => (c.clicks.checked += r.targets.length));
        return;
      }
      for (const c of res) {
        bump(st, (k) => ((k.clicks.checked++), c.ok && k.clicks.passed++));
        if (!c.ok)
          failures.push({ id: r.id, stratum: st, check: 'click', tid: c.tid, selector: c.selector, point: c.point, hit: c.hit, detail: `click at ${JSON.stringify(c.point)} on ${c.tid} (${c.selector}) hit ${c.hit[0] ?? 'nothing'}` });
      }
    };
    // grounding pages in parallel (the pool bounds the pages open at once); captcha is CPU only
    let next = 0;
    const n = m.kind === 'grounding' ? Math.max(1, o.concurrency ?? 2) : 1;
    await Promise.all(Array.from({ length: Math.min(n, Math.max(1, recs.length)) }, async () => {
      while (next < recs.length) await one(recs[next++]!);
    }));
  } finally {
    await regen?.close();
  }
  const order = (a: VerifyFailure, b: VerifyFailure): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    format: 'uisynth-verify/1',
    dataset: dir,
    kind: m.kind,
    total_records: all.length,
    sampled: recs.length,
    chromium: regen?.chromium ?? null,
    overall,
    by_stratum: Object.fromEntries(Object.entries(by).sort(([a], [b]) => a.localeCompare(b))),
    failures: failures.sort(order),
    seconds: Math.round((performance.now() - t0) / 100) / 10,
  };
}

const pct = (r: Rate): string => (r.checked ? `${r.passed}/${r.checked} (${((100 * r.passed) / r.checked).toFixed(1)}%)` : '-');

/** The table printed by `uisynth verify` (pass rates per family / type, then every failure). */
export function formatVerify(r: VerifyReport, maxFailures = 50): string {
  const g = r.kind === 'grounding';
  const cols = g ? (['images', 'clicks', 'queries'] as const) : (['images', 'gold', 'perturbations'] as const);
  const w = Math.max(8, ...Object.keys(r.by_stratum).map((k) => k.length));
  const L = [`verify: ${r.dataset}: ${r.sampled} of ${r.total_records} ${r.kind} records${r.chromium ? ` (${r.chromium})` : ''} in ${r.seconds} s`];
  L.push(`${(g ? 'family' : 'type').padEnd(w)} ${'records'.padStart(7)}  ${cols.map((c) => c.padEnd(20)).join(' ')}`);
  for (const [k, c] of Object.entries(r.by_stratum)) L.push(`${k.padEnd(w)} ${String(c.records).padStart(7)}  ${cols.map((x) => pct(c[x]).padEnd(20)).join(' ')}`);
  L.push(`${'overall'.padEnd(w)} ${String(r.overall.records).padStart(7)}  ${cols.map((x) => pct(r.overall[x]).padEnd(20)).join(' ')}`);
  if (r.failures.length) {
    L.push(`${r.failures.length} failure(s):`);
    for (const f of r.failures.slice(0, maxFailures)) L.push(`  ${f.id} [${f.stratum}] ${f.check}: ${f.detail}${f.hit && f.hit.length > 1 ? ` (path: ${f.hit.join(' < ')})` : ''}`);
    if (r.failures.length > maxFailures) L.push(`  ... ${r.failures.length - maxFailures} more (--json lists all)`);
  } else L.push('all checks passed');
  return L.join('\n') + '\n';
}

/** The verify report as JUnit XML: one test case per family / type (classname `uisynth.verify`), failing with its failures. */
export function verifyJUnit(r: VerifyReport, at: Date): string {
  const byStratum = new Map<string, VerifyFailure[]>();
  for (const f of r.failures) listIn(byStratum, f.stratum).push(f);
  const names = [...Object.keys(r.by_stratum), ...(byStratum.has('(dataset)') ? ['(dataset)'] : [])];
  const per = names.length ? r.seconds / names.length : 0;
  const cases: JUnitCase[] = names.map((stratum) => {
    const fs = byStratum.get(stratum) ?? [];
    const c: JUnitCase = { name: stratum, classname: 'uisynth.verify', seconds: per };
    if (fs.length)
      c.failure = { message: `${fs.length} failure(s), e.g. ${fs[0]!.id}: ${fs[0]!.detail}`, type: fs[0]!.check, text: fs.map((f) => `${f.id} ${f.check}: ${f.detail}`).join('\n') };
    return c;
  });
  return junitXml('uisynth.verify', cases, { dataset: r.dataset, chromium: r.chromium ?? '' }, at, formatVerify(r));
}
