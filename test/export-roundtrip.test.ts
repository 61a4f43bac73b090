/**
 * Exports are right where the model sees them: every exported file is read back as its consumer reads it,
 * the consumer's transcribed preprocessing (export/consumers/preprocess.ts) gives the image size the model
 * sees, the consumer's parser (score/parse.ts; UI-TARS' own parser for the uitars dialect) reads the gold
 * answer, and the answer mapped back to the source image must land in the record's own targets — at the
 * trainer's default settings, at the settings of train-settings.json, and at two non-default pixel budgets.
 * Perturbed answers and changed settings must fail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import tarStream from 'tar-stream';
import { parquetReadObjects } from 'hyparquet';
import { runExport, type ExportManifest } from '../export/formats/index.js';
import type { ExportSample } from '../export/formats/samples.js';
import { MODEL_VISION } from '../core/models.js';
import { checkSample, consumerViews, type ConsumerView } from '../export/roundtrip.js';
import type { TrainSettings } from '../export/train-settings.js';
import { parseUitars } from '../export/consumers/uitars-parser.js';
import { llamaFactorySeen, LLAMAFACTORY_DEFAULTS } from '../export/consumers/preprocess.js';
import { resolveCoords } from '../core/coords.js';
import { reward } from '../score/reward.js';
import { formatActions, type Dialect } from '../core/actions.js';
import { parseCompletion } from '../score/parse.js';
import { readRecords } from '../dataset/read.js';
import type { Action } from '../core/actions.js';
import type { UisynthRecord } from '../core/schema.js';
import { makeDataset } from './formats-fixtures.js';
import { rateEta } from '../cli/progress.js';

let base: string;
const recs = new Map<string, UisynthRecord>();
const DATA = { grounding: '', captcha: '' };

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-roundtrip-'));
  DATA.grounding = join(base, 'ground');
  DATA.captcha = join(base, 'captcha');
  // a desktop screenshot larger than LLaMA-Factory's default 768*768 and a tall phone screenshot; small CAPTCHAs (grown to min_pixels)
  await makeDataset('grounding', DATA.grounding, 2, 2, [[1440, 900], [1080, 2340]]);
  await makeDataset('captcha', DATA.captcha, 3, 3);
  for (const d of [DATA.grounding, DATA.captcha]) for await (const { record } of readRecords(d)) recs.set(record.id, record);
});

/** One exported sample as read back from the written files. */
interface Row {
  id: string;
  qid: string | null;
  answer: string | null;
  groundTruth: string | null;
  prompt: string;
  image: Buffer;
}

const jsonl = (t: string): any[] => t.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const dec = (v: unknown): string => (typeof v === 'string' ? v : Buffer.from(v as Uint8Array).toString('utf8'));
const ab = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

async function files(dir: string, ext: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith(ext)).sort().map((f) => join(dir, f));
}

/** The id / qid of an exported key (`<record id>-<qid>` for grounding). */
function splitKey(key: string): { id: string; qid: string | null } {
  if (recs.has(key)) return { id: key, qid: null };
  const m = /^(.*)-(q\d+)$/.exec(key)!;
  return { id: m[1]!, qid: m[2]! };
}

async function untar(buf: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const ex = tarStream.extract();
  await new Promise<void>((resolve, reject) => {
    ex.on('entry', (h, stream, next) => {
      const parts: Buffer[] = [];
      stream.on('data', (c: unknown) => void parts.push(c as Buffer));
      stream.on('end', () => {
        out.set(h.name, Buffer.concat(parts));
        next();
      });
    });
    ex.on('finish', resolve);
    ex.on('error', reject);
    Readable.from(buf).pipe(ex);
  });
  return out;
}

/** Read an export the way its consumer does (rows, answers, ground truths, image bytes). */
async function readBack(out: string, to: string): Promise<Row[]> {
  const rows: Row[] = [];
  if (to === 'llamafactory' || to === 'swift') {
    for (const f of await files(join(out, 'data'), '.jsonl'))
      for (const r of jsonl(await readFile(f, 'utf8')))
        rows.push({ ...splitKey(r.id), answer: r.messages[1].content, groundTruth: r.solution ?? null, prompt: r.messages[0].content, image: await readFile(join(out, r.images[0])) });
  } else if (to === 'trl' || to === 'verl') {
    for (const f of await files(join(out, 'data'), '.parquet')) {
      const buf = await readFile(f);
      const objs = (await parquetReadObjects({ file: ab(buf), utf8: false })) as any[];
      for (const o of objs) {
        if (to === 'trl')
          rows.push({ ...splitKey(dec(o.id)), answer: dec(o.completion[0].content[0].text), groundTruth: dec(o.ground_truth), prompt: dec(o.prompt[0].content[1].text), image: Buffer.from(o.images[0].bytes) });
        else {
          const id = dec(o.extra_info.id);
          const qid = o.extra_info.qid === null || o.extra_info.qid === undefined ? null : dec(o.extra_info.qid);
          rows.push({ id, qid, answer: dec(o.extra_info.answer), groundTruth: dec(o.reward_model.ground_truth), prompt: dec(o.prompt[0].content).replace(/^<image>/, ''), image: Buffer.from(o.images[0].bytes) });
        }
      }
    }
  } else if (to === 'screenspot') {
    for (const gt of ['positive', 'negative'])
      for (const f of await files(join(out, 'annotations', gt), '.json'))
        for (const r of JSON.parse(await readFile(f, 'utf8')))
          rows.push({ ...splitKey(r.id), answer: null, groundTruth: null, prompt: r.instruction, image: await readFile(join(out, 'images', r.img_filename)) });
  } else if (to === 'hf-imagefolder') {
    for (const r of jsonl(await readFile(join(out, 'train', 'metadata.jsonl'), 'utf8')))
      for (const s of r.samples) rows.push({ id: r.id, qid: s.qid, answer: s.answer, groundTruth: s.ground_truth, prompt: s.prompt, image: await readFile(join(out, 'train', r.file_name)) });
  } else if (to === 'webdataset') {
    for (const f of await files(out, '.tar')) {
      const entries = await untar(await readFile(f));
      for (const [name, data] of entries) {
        if (!name.endsWith('.json')) continue;
        const j = JSON.parse(data.toString('utf8'));
        for (const s of j.samples) rows.push({ id: j.id, qid: s.qid, answer: s.answer, groundTruth: s.ground_truth, prompt: s.prompt, image: entries.get(name.replace(/\.json$/, '.png'))! });
      }
    }
  }
  return rows;
}

/** A read-back row as the round-trip checker's sample: geometry from the SOURCE record, sizes from the written image. */
async function asSample(r: Row, m: ExportManifest): Promise<ExportSample> {
  const rec = recs.get(r.id)!;
  const meta = await sharp(r.image).metadata();
  const size: [number, number] = [rec.image.width, rec.image.height];
  let bbox = null;
  let actionsPx: Action[] = [];
  let refusal = false;
  if (rec.kind === 'grounding') {
    const q = rec.queries.find((x) => x.qid === r.qid)!;
    const t = q.tid === null ? null : rec.targets.find((x) => x.tid === q.tid)!;
    bbox = t ? t.bbox : null;
    refusal = t === null;
    actionsPx = t ? [{ type: 'click', point: t.point }] : [{ type: 'refuse' }];
  } else actionsPx = rec.solution.actions;
  return {
    key: r.qid ? `${r.id}-${r.qid}` : r.id,
    record: rec,
    kind: rec.kind,
    qid: r.qid,
    style: '',
    image: rec.image.path,
    size,
    fileSize: [meta.width!, meta.height!],
    coords: resolveCoords(m.coords, size),
    instruction: '',
    prompt: r.prompt,
    answer: r.answer ?? '',
    actions: [],
    actionsPx,
    refusal,
    bbox,
    reasoning: null,
    groundTruth: (r.groundTruth ? JSON.parse(r.groundTruth) : null) as ExportSample['groundTruth'],
    groundTruthJson: r.groundTruth ?? '',
  };
}

/** An answer moved out of its targets, in the same frame and dialect: points 45% of the image further, or the order reversed. */
function perturb(s: ExportSample, dialect: Dialect): string {
  const acts = parseCompletion(s.answer, { grounding: s.kind === 'grounding' });
  if (s.refusal) return formatActions([{ type: 'click', point: acts.length ? [1, 1] : [1, 1] }], dialect);
  if (acts.length > 1 && acts.some((a) => a.type !== acts[0]!.type)) return formatActions([...acts].reverse(), dialect);
  const w = s.coords.space === 'relative' ? (s.coords.normalized_by ?? 1) : s.fileSize[0];
  const shift = (p: [number, number]): [number, number] => [(p[0] + 0.45 * w) % w, p[1]];
  return formatActions(
    acts.map((a) => (a.type === 'drag' ? { ...a, start: shift(a.start), end: shift(a.end) } : a.type === 'type' || a.type === 'refuse' ? a : { ...a, point: shift(a.point) })),
    dialect,
  );
}

interface Case {
  to: string;
  kind: 'grounding' | 'captcha';
  family: string;
  budget: { maxPixels?: number; pixelBudget?: number } | null;
}

const TO = ['llamafactory', 'swift', 'trl', 'verl', 'screenspot', 'webdataset', 'hf-imagefolder'] as const;
/** The exporter's default budget and two non-default ones (a token budget and a pixel budget). */
const BUDGETS = [null, { pixelBudget: 1280 }, { maxPixels: 2_000_000 }];
const CASES: Case[] = [];
for (const to of TO)
  for (const kind of ['grounding', 'captcha'] as const) {
    if (to === 'screenspot' && kind === 'captcha') continue;
    for (const budget of to === 'screenspot' ? [null] : BUDGETS) CASES.push({ to, kind, family: 'qwen2.5-vl', budget });
  }
// UI-TARS-1.5 (its own parser, Action: prefix, blank-line separator) and Qwen3-VL (factor 32, 0-1000)
for (const to of ['llamafactory', 'verl', 'swift'] as const) for (const kind of ['grounding', 'captcha'] as const) CASES.push({ to, kind, family: 'ui-tars-1.5', budget: null });
for (const to of ['trl', 'llamafactory', 'swift'] as const) for (const kind of ['grounding', 'captcha'] as const) CASES.push({ to, kind, family: 'qwen3-vl', budget: { pixelBudget: 1024 } });
// UI-TARS-1.5 on the formats a user feeds to the processor and parser themselves, with a budget smaller than the images
for (const to of ['hf-imagefolder', 'webdataset'] as const) for (const kind of ['grounding', 'captcha'] as const) CASES.push({ to, kind, family: 'ui-tars-1.5', budget: { pixelBudget: 1280 } });

const label = (c: Case): string => `${c.to} ${c.kind} ${c.family} ${c.budget ? JSON.stringify(c.budget) : 'default budget'}`;
const figures: Record<string, { checked: number; ok: number }> = {};

async function exportCase(c: Case, i: number): Promise<{ out: string; m: ExportManifest; settings: TrainSettings; samples: ExportSample[] }> {
  const out = join(base, 'x', `${i}`);
  // a chosen budget may be one the trainer's defaults undo (LLaMA-Factory's 768*768): that needs the explicit opt-out
  await runExport({ dataDir: DATA[c.kind], to: c.to, out, modelFamily: c.family, ...(c.budget ?? {}), allowDefaultMiss: c.budget !== null });
  const m = JSON.parse(await readFile(join(out, 'export-manifest.json'), 'utf8')) as ExportManifest;
  const settings = JSON.parse(await readFile(join(out, 'train-settings.json'), 'utf8')) as TrainSettings;
  const samples = await Promise.all((await readBack(out, c.to)).map((r) => asSample(r, m)));
  return { out, m, settings, samples };
}

describe('round trip through every consumer (read back from the written files)', () => {
  it.each(CASES.map((c, i) => [label(c), c, i] as const))('%s', async (_l, c, i) => {
    const { m, settings, samples } = await exportCase(c, i);
    expect(samples.length).toBe(m.counts.samples);
    expect(samples.length).toBeGreaterThan(0);
    const views = consumerViews(c.to, MODEL_VISION[c.family]!, settings);
    for (const v of views) {
      // trainer defaults are only promised for the budget the exporter chose
      const must = v.setting === 'card' || c.budget === null;
      const misses = samples.map((s) => [s.key, checkSample(s, v, m.dialect)] as const).filter(([, why]) => why !== null);
      const f = (figures[`${c.to}@${v.setting}`] ??= { checked: 0, ok: 0 });
      f.checked += samples.length;
      f.ok += samples.length - misses.length;
      if (must) expect(misses, `${v.consumer}@${v.setting}`).toEqual([]);
      // perturbed answers (shifted out of the box, wrong order, a click for a refusal) fail in every path
      if (!v.screenspot)
        for (const s of samples) {
          const bad = perturb(s, m.dialect);
          expect(checkSample(s, v, m.dialect, bad), `${s.key}: ${bad}`).not.toBeNull();
          if (s.groundTruthJson) expect(reward(s.groundTruthJson, bad)).toBe(0);
        }
    }
    // the manifest records the same round trip
    expect(m.roundtrip.checked).toBeGreaterThan(0);
    for (const [k, v] of Object.entries(m.roundtrip.by_consumer)) if (k.endsWith('@card') || c.budget === null) expect(v.ok, k).toBe(v.checked);
    // the uitars answers are read by UI-TARS' own parser
    if (m.dialect === 'uitars') for (const s of samples) expect(() => parseUitars(s.answer, { height: s.fileSize[1], width: s.fileSize[0] })).not.toThrow();
  });

  it('ms-swift + Qwen3-VL: the card sets IMAGE_MAX_TOKEN_NUM/IMAGE_MIN_TOKEN_NUM (qwen-vl-utils >= 0.0.14), not MAX_PIXELS', async () => {
    const r = await runExport({ dataDir: DATA.grounding, to: 'swift', out: join(base, 'x', 'sq3'), modelFamily: 'qwen3-vl', pixelBudget: 1024 });
    expect(r.settings.swift).toEqual({ IMAGE_MAX_TOKEN_NUM: 1024, IMAGE_MIN_TOKEN_NUM: 65536 / 1024 });
    expect(r.fragments.find((f) => f.title.startsWith('ms-swift'))!.text).toBe('IMAGE_MAX_TOKEN_NUM=1024 IMAGE_MIN_TOKEN_NUM=64 swift sft ...');
    const q25 = await runExport({ dataDir: DATA.grounding, to: 'swift', out: join(base, 'x', 'sq25'), modelFamily: 'qwen2.5-vl' });
    expect(q25.settings.swift).toEqual({ MAX_PIXELS: 16384 * 28 * 28, MIN_PIXELS: 4 * 28 * 28 });
  });

  it('a budget the trainer undoes at its defaults fails the export unless --allow-default-miss is given', async () => {
    const o = { dataDir: DATA.grounding, to: 'llamafactory', modelFamily: 'qwen2.5-vl', maxPixels: 2_000_000 };
    await expect(runExport({ ...o, out: join(base, 'x', 'dm1') })).rejects.toThrow(/llamafactory at its default settings.*--allow-default-miss/);
    const r = await runExport({ ...o, out: join(base, 'x', 'dm2'), allowDefaultMiss: true });
    expect(r.manifest.roundtrip.default_misses_allowed).toBe(true);
    const d = r.manifest.roundtrip.by_consumer['llamafactory@default']!;
    expect(d.ok).toBeLessThan(d.checked);
    expect(r.manifest.roundtrip.by_consumer['llamafactory@card']!.ok).toBe(r.manifest.roundtrip.by_consumer['llamafactory@card']!.checked);
  });

  it('changing a card setting breaks the round trip (the settings are load-bearing)', async () => {
    const mk = async (c: Case, i: number) => exportCase(c, 1000 + i);
    const cases: Array<[Case, (t: TrainSettings) => void]> = [
      [{ to: 'llamafactory', kind: 'grounding', family: 'qwen2.5-vl', budget: { maxPixels: 2_000_000 } }, (t) => void (t.llamafactory!.image_max_pixels = LLAMAFACTORY_DEFAULTS.image_max_pixels)],
      [{ to: 'swift', kind: 'grounding', family: 'qwen2.5-vl', budget: null }, (t) => void (t.swift!.MAX_PIXELS = 200704)],
      [{ to: 'swift', kind: 'captcha', family: 'qwen2.5-vl', budget: null }, (t) => void (t.swift!.MIN_PIXELS = 200704)],
      [{ to: 'verl', kind: 'grounding', family: 'qwen2.5-vl', budget: null }, (t) => void (t.verl!['data.max_prompt_length'] = 512)],
      [{ to: 'verl', kind: 'captcha', family: 'qwen2.5-vl', budget: null }, (t) => void (t.verl!['data.image_patch_size'] = 16)],
      [{ to: 'trl', kind: 'grounding', family: 'qwen2.5-vl', budget: null }, (t) => void (t.processor!.max_pixels = 200704)],
    ];
    for (let i = 0; i < cases.length; i++) {
      const [c, change] = cases[i]!;
      const { m, settings, samples } = await mk(c, i);
      const card = consumerViews(c.to, MODEL_VISION[c.family]!, settings).find((v) => v.setting === 'card')!;
      expect(samples.every((s) => checkSample(s, card, m.dialect) === null), label(c)).toBe(true);
      const changed = structuredClone(settings);
      change(changed);
      const v2 = consumerViews(c.to, MODEL_VISION[c.family]!, changed).find((v) => v.setting === 'card') as ConsumerView;
      expect(samples.some((s) => checkSample(s, v2, m.dialect) !== null), `${label(c)} with a changed setting`).toBe(true);
    }
  });

  it('LLaMA-Factory: Qwen2VLPlugin preprocessing at its defaults shrinks 1440x900 to 971x607 (the issue\'s example), the exported 952x588 stays', () => {
    const proc = { factor: 28, min_pixels: 3136, max_pixels: 12845056 };
    expect(llamaFactorySeen([1440, 900], LLAMAFACTORY_DEFAULTS, proc)).toEqual([980, 616]);
    expect(llamaFactorySeen([952, 588], LLAMAFACTORY_DEFAULTS, proc)).toEqual([952, 588]);
  });

  it('UI-TARS parser (transcribed): Action: is required, actions split on a blank line, a single newline merges them', () => {
    const o = { height: 224, width: 364 };
    expect(() => parseUitars("click(start_box='(10,20)')", o)).toThrow(/Action:/);
    const two = parseUitars("Action: click(start_box='(10,20)')\n\ntype(content='it\\'s')", o);
    expect(two.map((a) => a.action_type)).toEqual(['click', 'type']);
    expect(two[1]!.action_inputs.content).toBe("it's");
    expect(two[0]!.action_inputs.start_box).toEqual([10 / 364, 20 / 224, 10 / 364, 20 / 224]);
    const merged = parseUitars("Action: click(start_box='(10,20)')\ntype(content='ab')", o);
    expect(merged.map((a) => a.action_type)).toEqual(['type']);
  });

  it('webdataset: one JSON structure for every sample of a kind (keys and value types; nulls, never missing keys)', async () => {
    // every key path of a JSON value (arrays by their first element)
    const keys = (v: unknown, p = ''): string[] =>
      v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v as object).flatMap(([k, x]) => [`${p}${k}`, ...keys(x, `${p}${k}.`)]) : Array.isArray(v) && v.length ? keys(v[0], `${p}[].`) : [];
    for (const kind of ['grounding', 'captcha'] as const) {
      const out = join(base, 'x', `wds-${kind}`);
      await runExport({ dataDir: DATA[kind], to: 'webdataset', out, modelFamily: 'qwen2.5-vl' });
      const metas: unknown[] = [];
      for (const f of await files(out, '.tar')) for (const [n, d] of await untar(await readFile(f))) if (n.endsWith('.json')) metas.push(JSON.parse(d.toString('utf8')));
      expect(metas.length).toBeGreaterThan(1);
      const k0 = keys(metas[0]).sort();
      for (const m of metas) {
        expect(keys(m).sort()).toEqual(k0);
        for (const smp of (m as { samples: unknown[] }).samples) expect(keys(smp).sort()).toEqual(keys((metas[0] as { samples: unknown[] }).samples[0]).sort());
        expect(typeof (m as { record_json: unknown }).record_json).toBe('string');
      }
    }
  });

  it('RL exports carry the reward module; its verl, TRL, swift and OpenRLHF entry points score the exported gold answers', async () => {
    const out = join(base, 'x', 'rl-reward');
    await runExport({ dataDir: DATA.captcha, to: 'verl', out, modelFamily: 'qwen2.5-vl' });
    const m = JSON.parse(await readFile(join(out, 'export-manifest.json'), 'utf8')) as ExportManifest;
    expect(m.files.map((f) => f.path)).toContain('reward/uisynth_reward.py');
    const rows = await readBack(out, 'verl');
    const py = [
      'import json, sys',
      `sys.path.insert(0, ${JSON.stringify(join(out, 'reward'))})`,
      'import uisynth_reward as u',
      'rows = json.load(sys.stdin)',
      'a = [r["answer"] for r in rows]; g = [r["gt"] for r in rows]',
      'print(json.dumps({',
      ' "verl": [u.compute_score("uisynth/captcha", x, y, {"index": 0}, sandbox_fusion_url=None, memory_limit_mb=1024) for x, y in zip(a, g)],',
      ' "trl": u.reward_func(prompts=["p"] * len(a), completions=[[{"role": "assistant", "content": x}] for x in a], ground_truth=g, completion_ids=None),',
      ' "swift": u.reward_func(completions=a, solution=g),',
      ' "openrlhf": list(map(float, u.reward_func(["P" + x for x in a], ["P"] * len(a), g)["rewards"])),',
      ' "bad": u.reward_func(completions=["Click(point=(-5, -5))"] * len(a), ground_truth=g),',
      '}))',
    ].join('\n');
    const r = spawnSync('python3', ['-c', py], { input: JSON.stringify(rows.map((x) => ({ answer: x.answer, gt: x.groundTruth }))), encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const got = JSON.parse(r.stdout);
    for (const k of ['verl', 'trl', 'swift', 'openrlhf']) expect(got[k], k).toEqual(rows.map(() => 1));
    expect(got.bad).toEqual(rows.map(() => 0));
  });

  it('selection: --max-per-screenshot, --styles, --languages and a deterministic --val-fraction split by screenshot', async () => {
    const run = async (name: string, extra: Record<string, unknown>) => {
      const out = join(base, 'x', name);
      await runExport({ dataDir: DATA.grounding, to: 'verl', out, ...extra });
      return { out, m: JSON.parse(await readFile(join(out, 'export-manifest.json'), 'utf8')) as ExportManifest };
    };
    const all = await run('sel-all', {});
    const capped = await run('sel-cap', { maxPerScreenshot: 2 });
    expect(capped.m.counts.samples).toBe(4);
    expect(capped.m.counts.filtered.max_per_screenshot).toBe(all.m.counts.samples - 4);
    const perRec = new Map<string, number>();
    for (const r of await readBack(capped.out, 'verl')) perRec.set(r.id, (perRec.get(r.id) ?? 0) + 1);
    expect([...perRec.values()]).toEqual([2, 2]);
    const again = await run('sel-cap2', { maxPerScreenshot: 2 });
    expect(again.m.files).toEqual(capped.m.files);
    const neg = await run('sel-style', { styles: 'negative' });
    expect(Object.keys(neg.m.counts.by_style)).toEqual(['grounding/negative']);
    await expect(run('sel-bad', { styles: 'nope' })).rejects.toThrow(/--styles: no sample has style nope; present: icon, negative, text/);
    // the two screenshots here are English: zh keeps nothing and says what is present; en keeps everything
    await expect(run('sel-zh', { languages: 'zh' })).rejects.toThrow(/--languages: no sample is in zh; present: en/);
    expect((await run('sel-en', { languages: 'en' })).m.counts.samples).toBe(all.m.counts.samples);
    // validation split: whole screenshots, the same ones on every run, listed in the card
    const val = await run('sel-val', { valFraction: 0.5 });
    const split = await run('sel-val2', { valFraction: 0.5 });
    expect(split.m.files).toEqual(val.m.files);
    const names = val.m.files.map((f) => f.path);
    expect(val.m.counts.by_split.train! + (val.m.counts.by_split.validation ?? 0)).toBe(all.m.counts.samples);
    // sha256("val:" + id) / 2^32 < 0.5: grounding-7-0000000 (0.018) is validation, grounding-7-0000001 (0.795) train
    expect(val.m.counts.by_split).toEqual({ train: 4, validation: 4 });
    const valRows = (await readBack(val.out, 'verl')).filter((r) => r.id === 'grounding-7-0000000');
    expect(valRows.length).toBe(4);
    expect(names.some((n) => n.startsWith('data/validation-'))).toBe(true);
    expect(await readFile(join(val.out, 'README.md'), 'utf8')).toContain('split: validation');
    await expect(run('sel-val-bad', { valFraction: 0.9 })).rejects.toThrow(/--val-fraction: expected a number in \[0, 0.5\]/);
  });

  it('a miss fails the export before anything is written, naming the sample, the consumer and its settings', async () => {
    const small = join(base, 'small');
    await makeDataset('grounding', small, 1, 1);
    // UI-TARS' parser reads 0-999 grid values as m/1000 (not the cell centre): the 1 px target at x=300 of 320 px is missed
    const out = join(base, 'x', 'miss');
    await expect(runExport({ dataDir: small, to: 'trl', out, coords: 'norm1000', dialect: 'uitars' })).rejects.toThrow(
      /round trip: 1 of 4 samples miss under trl at its default settings; first: sample grounding-7-0000000-q3: UI-TARS action_parser: click is outside the target box/,
    );
    await expect(readdir(out)).rejects.toThrow();
  });

  it('a failed export (image missing mid-copy) leaves --out as it was, and the same command then succeeds', async () => {
    const src = join(base, 'partial-src');
    await makeDataset('grounding', src, 2, 2);
    const recsIn: UisynthRecord[] = [];
    for await (const { record } of readRecords(src)) recsIn.push(record);
    const img = join(src, recsIn[recsIn.length - 1]!.image.path);
    const bytes = await readFile(img);
    const out = join(base, 'x', 'partial');
    const o = { dataDir: src, to: 'llamafactory', out, modelFamily: 'qwen2.5-vl' };
    await rm(img);
    await expect(runExport(o)).rejects.toThrow(/missing/);
    await expect(readdir(out)).rejects.toThrow(); // nothing half-written
    expect((await readdir(join(base, 'x'))).filter((n) => n.includes('partial-src') || n.includes('uisynth-export-partial'))).toEqual([]);
    await writeFile(img, bytes);
    const first = await runExport(o);
    const before = await readFile(join(out, 'export-manifest.json'), 'utf8');
    // a failing re-export over a previous export keeps the previous one whole
    await rm(img);
    await expect(runExport(o)).rejects.toThrow(/missing/);
    expect(await readFile(join(out, 'export-manifest.json'), 'utf8')).toBe(before);
    for (const f of first.manifest.files) await expect(readFile(join(out, f.path))).resolves.toBeTruthy();
    await writeFile(img, bytes);
    const again = await runExport(o);
    expect(again.manifest.files).toEqual(first.manifest.files);
  });

  it('user-facing messages and cards say what they mean (review items)', async () => {
    const { loadPrompts, templateError } = await import('../export/prompts/index.js');
    const { chooseBudget } = await import('../export/budget.js');
    const v = MODEL_VISION['qwen2.5-vl']!;
    expect(() => chooseBudget(v, { maxPixels: 1000 }, null)).toThrow(/below uisynth's quality floor of 256 tokens/);
    expect(() => chooseBudget(v, { maxPixels: 10 ** 9 }, null)).toThrow(/above the qwen2.5-vl processor's max_pixels/);
    expect(() => chooseBudget(v, { pixelBudget: 10 }, null)).toThrow(/below uisynth's quality floor of 256 tokens/);
    await expect(runExport({ dataDir: DATA.grounding, to: 'screenspot', out: join(base, 'x', 'ssn1'), coords: 'norm1' })).rejects.toThrow(/norm1 is not allowed for --to screenspot/);
    // locale codes select their language
    const es = await runExport({ dataDir: DATA.grounding, to: 'trl', out: join(base, 'x', 'lang'), languages: 'en-US' });
    expect(es.manifest.counts.samples).toBeGreaterThan(0);
    // template errors: one line with the detail
    const bad = join(base, 'bad.hbs');
    await writeFile(bad, '{{#if thinking}}x\n');
    expect(() => loadPrompts('venus', bad)).toThrow(/Parse error on line 2: Expecting .*got 'EOF' \(near '\{\{#if thinking\}\}x'\)/);
    expect(templateError(new Error('"nosuch" not defined in [object Object] - 1:6'))).toMatch(/^\{\{nosuch\}\} is not a template variable \(available: kind, /);
    // UI-TARS CAPTCHA prompt asks for the blank line its parser splits on
    const cap = await runExport({ dataDir: DATA.captcha, to: 'verl', out: join(base, 'x', 'capu'), modelFamily: 'ui-tars-1.5', valFraction: 0.5 });
    const card = await readFile(join(cap.out, 'README.md'), 'utf8');
    expect(card).toMatch(/copied into this export; verl `compute_score`/);
    expect(card).toMatch(/of "Trainer settings" above/);
    const lf = await runExport({ dataDir: DATA.grounding, to: 'llamafactory', out: join(base, 'x', 'lfv'), modelFamily: 'qwen2.5-vl', valFraction: 0.5 });
    expect(await readFile(join(lf.out, 'README.md'), 'utf8')).toMatch(/eval_dataset: uisynth_grounding_validation/);
    const q3 = await runExport({ dataDir: DATA.grounding, to: 'trl', out: join(base, 'x', 'q3c'), modelFamily: 'qwen3-vl', coords: 'qwen25', pixelBudget: 1024 });
    expect(await readFile(join(q3.out, 'README.md'), 'utf8')).toMatch(/after Qwen3-VL `smart_resize` \(factor 32/);
    const abs = await runExport({ dataDir: DATA.grounding, to: 'trl', out: join(base, 'x', 'absc') });
    expect(await readFile(join(abs.out, 'README.md'), 'utf8')).toMatch(/the model does not see the image at this size/);
    const p = loadPrompts('uitars');
    const ctx = { kind: 'captcha', isGrounding: false, isCaptcha: true, instruction: 'i', dialect: 'uitars', thinking: false, coords_text: '', refusal: 'call_user()', width: 1, height: 1, platform: 'web', locale: 'en-US', captcha_type: 't', captcha_group: 'g' } as const;
    expect(p.render(ctx as any)).toMatch(/a blank line between actions/);
    expect(loadPrompts('venus').render({ ...ctx, dialect: 'venus' } as any)).toMatch(/one action per line/);
  });

  it('non-TTY progress lines carry rate and ETA', () => {
    expect(rateEta(50, 200, 10)).toBe(' (5.0/s, eta 30s)');
    expect(rateEta(1000, 40000, 20)).toBe(' (50/s, eta 13m00s)');
    expect(rateEta(0, 10, 5)).toBe('');
  });

  it('prints figures', () => {
    // eslint-disable-next-line no-console
    console.log(Object.entries(figures).map(([k, v]) => `${k}: ${v.ok}/${v.checked}`).join('\n'));
    expect(Object.keys(figures).length).toBeGreaterThan(0);
  });
});
