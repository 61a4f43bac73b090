import { describe, expect, it, beforeAll } from 'vitest';
import { mkdtemp, readFile, readdir, writeFile, mkdir, lstat } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import tarStream from 'tar-stream';
import sharp from 'sharp';
import { parse as parseYaml } from 'yaml';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { runExport, FORMATS, type ExportManifest } from '../export/formats/index.js';
import { recordSamples } from '../export/formats/samples.js';
import { convention, pointToConvention, resolveCoords, COORD_CHOICES } from '../core/coords.js';
import { loadPrompts } from '../export/prompts/index.js';
import { reward } from '../score/reward.js';
import { formatActions, DIALECTS, type Dialect } from '../core/actions.js';
import { parseCompletion } from '../score/parse.js';
import { scoreDataset } from '../dataset/score.js';
import { readRecords } from '../dataset/read.js';
import { UsageError } from '../core/errors.js';
import { mapActionPoints, type Action } from '../core/actions.js';
import type { UisynthRecord } from '../core/schema.js';
import { makeDataset } from './formats-fixtures.js';

const sha = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');
let base: string;
const G = (): string => join(base, 'ground');
const C = (): string => join(base, 'captcha');

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(relative(dir, p));
    }
  };
  await walk(dir);
  return out.sort();
}

async function manifestOf(out: string): Promise<ExportManifest> {
  return JSON.parse(await readFile(join(out, 'export-manifest.json'), 'utf8')) as ExportManifest;
}

/** Every file is listed with the right sha256, and nothing else is in the directory. */
async function checkManifest(out: string): Promise<ExportManifest> {
  const m = await manifestOf(out);
  for (const f of m.files) expect(sha(await readFile(join(out, f.path))), f.path).toBe(f.sha256);
  expect(await listFiles(out)).toEqual([...m.files.map((f) => f.path), 'export-manifest.json'].sort());
  return m;
}

async function exportTo(name: string, o: Parameters<typeof runExport>[0] extends infer T ? Omit<T & object, 'out'> : never): Promise<string> {
  const out = join(base, 'x', name);
  await runExport({ ...o, out } as Parameters<typeof runExport>[0]);
  return out;
}

const jsonlRows = (text: string): any[] => text.trim().split('\n').map((l) => JSON.parse(l));

/** DuckDB column types without identifier quotes (DuckDB quotes keywords such as "path" or "role"). */
async function duckTypes(file: string): Promise<Record<string, string>> {
  return Object.fromEntries((await duck(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).map((r) => [r.column_name, String(r.column_type).replace(/"/g, '')]));
}

async function duck(sql: string): Promise<any[]> {
  const inst = await DuckDBInstance.create(':memory:');
  const con = await inst.connect();
  const r = await con.runAndReadAll(sql);
  const rows = r.getRowObjectsJson();
  con.closeSync();
  return rows as any[];
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-formats-'));
  await makeDataset('grounding', G(), 3, 2);
  await makeDataset('captcha', C(), 6, 4);
});

describe('llamafactory', () => {
  it('messages JSONL with one <image> per image path, dataset_info entry, gold answers that score 1', async () => {
    for (const [src, n] of [[G(), 12], [C(), 6]] as const) {
      const out = await exportTo(`lf-${n}`, { dataDir: src, to: 'llamafactory', coords: 'qwen25', dialect: 'uitars', shardSize: 5 });
      const m = await checkManifest(out);
      const info = JSON.parse(await readFile(join(out, 'dataset_info.json'), 'utf8'));
      const [name, entry] = Object.entries(info)[0] as [string, any];
      expect(name).toMatch(/^uisynth_/);
      expect(entry).toEqual({
        file_name: 'data', formatting: 'sharegpt', columns: { messages: 'messages', images: 'images' },
        tags: { role_tag: 'role', content_tag: 'content', user_tag: 'user', assistant_tag: 'assistant', system_tag: 'system' },
      });
      const shards = (await readdir(join(out, 'data'))).sort();
      expect(shards[0]).toMatch(/^train-00000-of-0000\d\.jsonl$/);
      const rows = (await Promise.all(shards.map((f) => readFile(join(out, 'data', f), 'utf8')))).flatMap(jsonlRows);
      expect(rows.length).toBe(n);
      expect(m.counts.samples).toBe(n);
      for (const r of rows) {
        expect(r.messages.map((x: any) => x.role)).toEqual(['user', 'assistant']);
        const tags = r.messages.map((x: any) => x.content.split('<image>').length - 1).reduce((a: number, b: number) => a + b, 0);
        expect(tags).toBe(r.images.length);
        for (const p of r.images) expect(existsSync(join(out, p)), p).toBe(true);
        expect(() => parseCompletion(r.messages[1].content, { grounding: n === 12 })).not.toThrow();
      }
    }
  });
});

describe('swift', () => {
  it('messages + images + solution; answers in the model frame without <bbox>/<ref-object> (swift does not rewrite them)', async () => {
    for (const [src, n] of [[G(), 12], [C(), 6]] as const) {
      for (const dialect of DIALECTS) {
        const out = await exportTo(`swift-${n}-${dialect}`, { dataDir: src, to: 'swift', dialect, modelFamily: 'qwen2.5-vl' });
        await checkManifest(out);
        const rows = jsonlRows(await readFile(join(out, 'data', 'train-00000-of-00001.jsonl'), 'utf8'));
        expect(rows.length).toBe(n);
        for (const r of rows) {
          const [user, asst] = r.messages.map((x: any) => x.content as string);
          expect(user.split('<image>').length - 1).toBe(r.images.length);
          expect(r.objects).toBeUndefined();
          for (const t of ['<bbox>', '<ref-object>', '<|box_start|>', '<|object_ref_start|>']) expect(user + asst).not.toContain(t);
          expect(reward(r.solution, asst), asst).toBe(1);
        }
      }
    }
  });
});

describe('trl (Parquet, read back by DuckDB and hyparquet)', () => {
  it('conversational prompt/completion content lists, an images column of Image structs, ground_truth', async () => {
    const out = await exportTo('trl', { dataDir: C(), to: 'trl', coords: 'norm1000', dialect: 'venus', thinking: true });
    await checkManifest(out);
    const file = join(out, 'data', 'train-00000-of-00001.parquet');
    const types = await duckTypes(file);
    expect(types.prompt).toBe('STRUCT(role VARCHAR, content STRUCT(type VARCHAR, text VARCHAR)[])[]');
    expect(types.completion).toBe(types.prompt);
    expect(types.images).toBe('STRUCT(bytes BLOB, path VARCHAR)[]');
    expect(types.ground_truth).toBe('VARCHAR');
    const rows = await duck(`SELECT id, prompt, completion, images[1].path AS p, ground_truth FROM read_parquet('${file}') ORDER BY id`);
    expect(rows.length).toBe(6);
    for (const r of rows) {
      expect(r.prompt[0].role).toBe('user');
      expect(r.prompt[0].content.map((c: any) => c.type)).toEqual(['image', 'text']);
      const answer = r.completion[0].content[0].text as string;
      expect(answer).toMatch(/^<think>\n/);
      expect(reward(r.ground_truth, answer)).toBe(1);
      expect(r.p).toBe(`${r.id}.png`);
    }
    const buf = readFileSync(file);
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    const hf = JSON.parse(parquetMetadata(ab).key_value_metadata!.find((k) => k.key === 'huggingface')!.value!);
    expect(hf.info.features.images).toEqual([{ _type: 'Image' }]);
    expect(hf.info.features.prompt).toEqual([{ role: { dtype: 'string', _type: 'Value' }, content: [{ type: { dtype: 'string', _type: 'Value' }, text: { dtype: 'string', _type: 'Value' } }] }]);
  });
});

describe('verl (Parquet, read back by DuckDB and hyparquet with nested columns intact)', () => {
  it('data_source, prompt, images, ability, reward_model {style, ground_truth}, extra_info', async () => {
    const out = await exportTo('verl', { dataDir: G(), to: 'verl', modelFamily: 'ui-tars-1.5', shardSize: 8 });
    const m = await checkManifest(out);
    expect(m.coords.name).toBe('qwen25');
    expect(m.dialect).toBe('uitars');
    const files = m.files.filter((f) => f.path.endsWith('.parquet')).map((f) => join(out, f.path));
    expect(files.map((f) => f.slice(out.length + 1))).toEqual(['data/train-00000-of-00002.parquet', 'data/train-00001-of-00002.parquet']);
    const glob = join(out, 'data', '*.parquet');
    expect(await duckTypes(glob)).toEqual({
      data_source: 'VARCHAR',
      prompt: 'STRUCT(role VARCHAR, content VARCHAR)[]',
      images: 'STRUCT(bytes BLOB, path VARCHAR)[]',
      ability: 'VARCHAR',
      reward_model: 'STRUCT(style VARCHAR, ground_truth VARCHAR)',
      extra_info: 'STRUCT(split VARCHAR, index BIGINT, id VARCHAR, qid VARCHAR, kind VARCHAR, style VARCHAR, answer VARCHAR)',
    });
    const rows = await duck(`SELECT data_source, prompt, ability, reward_model, extra_info, sha256(images[1].bytes) AS img_sha FROM read_parquet('${glob}') ORDER BY extra_info.index`);
    expect(rows.length).toBe(12);
    const recs = new Map<string, UisynthRecord>();
    for await (const { record } of readRecords(G())) recs.set(record.id, record);
    rows.forEach((r, i) => {
      expect(r.data_source).toBe('uisynth/grounding');
      expect(r.ability).toBe('gui_grounding');
      expect(r.prompt).toHaveLength(1);
      expect(r.prompt[0].content.startsWith('<image>')).toBe(true);
      expect(r.reward_model.style).toBe('rule');
      expect(Number(r.extra_info.index)).toBe(i);
      // images are written at the smart_resize size the model sees
      expect(r.img_sha).not.toBe(recs.get(r.extra_info.id)!.image.sha256);
      expect(reward(r.reward_model.ground_truth, r.extra_info.answer)).toBe(1);
      const gt = JSON.parse(r.reward_model.ground_truth);
      // UI-TARS-1.5: smart_resize with its parser's min_pixels 100*28*28 (320x200 -> 364x224)
      expect(gt.coords.resized).toEqual([364, 224]);
    });
    // hyparquet: nested objects come back as nested JS values
    const buf = readFileSync(files[0]!);
    const objs = await parquetReadObjects({ file: buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength), utf8: false, columns: ['prompt', 'images', 'reward_model', 'extra_info'] });
    expect(objs).toHaveLength(8);
    const first = objs[0] as any;
    const dec = (v: unknown): string => (typeof v === 'string' ? v : Buffer.from(v as Uint8Array).toString('utf8'));
    expect(dec(first.prompt[0].role)).toBe('user');
    expect(dec(first.reward_model.style)).toBe('rule');
    const meta = await sharp(Buffer.from(first.images[0].bytes)).metadata();
    expect([meta.width, meta.height]).toEqual([364, 224]);
  });
});

describe('screenspot', () => {
  it('ScreenSpot-Pro fields, xyxy px boxes inside img_size, negatives in their own files', async () => {
    const out = await exportTo('ssp', { dataDir: G(), to: 'screenspot' });
    const m = await checkManifest(out);
    const pos = JSON.parse(await readFile(join(out, 'annotations/positive/uisynth-positive-00000-of-00001.json'), 'utf8'));
    const neg = JSON.parse(await readFile(join(out, 'annotations/negative/uisynth-negative-00000-of-00001.json'), 'utf8'));
    expect(pos.length + neg.length).toBe(m.counts.samples);
    expect(neg.length).toBe(3);
    for (const r of pos) {
      for (const k of ['id', 'img_filename', 'img_size', 'bbox', 'instruction', 'application', 'platform', 'group', 'ui_type']) expect(r, k).toHaveProperty(k);
      expect(existsSync(join(out, 'images', r.img_filename))).toBe(true);
      const [x1, y1, x2, y2] = r.bbox;
      expect(x1 >= 0 && y1 >= 0 && x2 <= r.img_size[0] && y2 <= r.img_size[1] && x2 > x1 && y2 > y1).toBe(true);
      expect(['text', 'icon']).toContain(r.ui_type);
    }
    expect(pos.some((r: any) => r.ui_type === 'icon')).toBe(true);
    expect(pos.some((r: any) => r.instruction_cn === '保存草稿')).toBe(true);
    // language from the locale; instruction_cn only where there is a Chinese wording
    for (const r of [...pos, ...neg]) {
      expect(r.language).toBe(r.instruction_cn === r.instruction ? 'cn' : 'en');
      if ('instruction_cn' in r) expect(r.instruction_cn).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(pos.filter((r: any) => 'instruction_cn' in r).length).toBe(1);
    for (const r of neg) expect(r.bbox).toBeNull();
  });
});

describe('hf-imagefolder', () => {
  it('train/metadata.jsonl beside the images, file_name relative to train/', async () => {
    const out = await exportTo('imf', { dataDir: C(), to: 'hf-imagefolder', coords: 'norm1' });
    await checkManifest(out);
    const rows = jsonlRows(await readFile(join(out, 'train', 'metadata.jsonl'), 'utf8'));
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      expect(existsSync(join(out, 'train', r.file_name))).toBe(true);
      for (const s of r.samples) expect(reward(s.ground_truth, s.answer)).toBe(1);
    }
  });
});

describe('webdataset', () => {
  it('tar shards with <key>.png next to <key>.json, keys without dots, deterministic headers', async () => {
    const out = await exportTo('wds', { dataDir: G(), to: 'webdataset', shardSize: 2, coords: 'norm1000-1000' });
    const m = await checkManifest(out);
    const tars = m.files.filter((f) => f.path.endsWith('.tar')).map((f) => f.path);
    expect(tars).toEqual(['train-000000.tar', 'train-000001.tar']);
    const names: string[] = [];
    const recs = new Map<string, UisynthRecord>();
    for await (const { record } of readRecords(G())) recs.set(record.id, record);
    for (const t of tars) {
      const ex = tarStream.extract();
      const done = new Promise<void>((resolve, reject) => {
        ex.on('entry', (h, stream, next) => {
          const parts: Buffer[] = [];
          stream.on('data', (c: unknown) => void parts.push(c as Buffer));
          stream.on('end', () => {
            const body = Buffer.concat(parts);
            names.push(h.name);
            expect(h.mtime?.getTime()).toBe(0);
            const key = h.name.slice(0, h.name.indexOf('.'));
            if (h.name.endsWith('.png')) expect(sha(body)).toBe(recs.get(key)!.image.sha256);
            else {
              const j = JSON.parse(body.toString('utf8'));
              // the record travels as a JSON string so every sample has one structure
              expect(JSON.parse(j.record_json).id).toBe(key);
              for (const s of j.samples) expect(reward(s.ground_truth, s.answer)).toBe(1);
            }
            next();
          });
          stream.resume();
        });
        ex.on('finish', resolve);
        ex.on('error', reject);
      });
      Readable.from(await readFile(join(out, t))).pipe(ex);
      await done;
    }
    expect(names).toHaveLength(6);
    for (let i = 0; i < names.length; i += 2) {
      expect(names[i]!.replace(/\.png$/, '')).toBe(names[i + 1]!.replace(/\.json$/, ''));
      expect(names[i]!.split('.').length).toBe(2);
    }
  });
});

describe('dataset card, manifest, determinism, errors', () => {
  it('README.md has YAML front matter with configs, license, counts, generator command, convention and budget', async () => {
    const out = await exportTo('card', { dataDir: G(), to: 'verl', coords: 'qwen25', maxPixels: 1003520, license: 'cc-by-4.0' });
    const text = await readFile(join(out, 'README.md'), 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n/.exec(text)!;
    const y = parseYaml(m[1]!);
    expect(y.license).toBe('cc-by-4.0');
    expect(y.configs).toEqual([{ config_name: 'default', data_files: [{ split: 'train', path: 'data/train-*.parquet' }], default: true }]);
    expect(y.uisynth.counts).toMatchObject({ records: 3, samples: 12, refusals: 3 });
    expect(y.uisynth.generator_command).toBe('uisynth grounding --count 3');
    expect(y.uisynth.coordinate_convention).toMatchObject({ name: 'qwen25', space: 'resized_px', order: 'xy' });
    expect(y.uisynth.pixel_budget).toMatchObject({ factor: 28, min_pixels: 3136, max_pixels: 1003520 });
    expect(y.annotations_creators).toEqual(['machine-generated']);
  });

  it('same input -> same bytes (every format, into different directories)', async () => {
    for (const to of FORMATS) {
      const src = to === 'screenspot' ? G() : C();
      const a = join(base, 'det', `${to}-a`);
      const b = join(base, 'det', `${to}-b`);
      await runExport({ dataDir: src, to, out: a, command: ['export', src, '--to', to, '--out', a] });
      await runExport({ dataDir: src, to, out: b, command: ['export', src, '--to', to, '--out', b] });
      const fa = await listFiles(a);
      expect(fa).toEqual(await listFiles(b));
      for (const f of fa) expect(sha(await readFile(join(a, f))), `${to}: ${f}`).toBe(sha(await readFile(join(b, f))));
    }
  });

  it('re-exports over a previous export; refuses a foreign non-empty directory; links images on request', async () => {
    const out = join(base, 'again');
    await runExport({ dataDir: G(), to: 'llamafactory', out, shardSize: 2 });
    await runExport({ dataDir: G(), to: 'llamafactory', out, shardSize: 100 });
    await checkManifest(out);
    const foreign = join(base, 'foreign');
    await mkdir(foreign, { recursive: true });
    await writeFile(join(foreign, 'notes.txt'), 'mine');
    await expect(runExport({ dataDir: G(), to: 'swift', out: foreign })).rejects.toThrow(/--out: .* is not empty/);
    const linked = join(base, 'linked');
    await runExport({ dataDir: G(), to: 'llamafactory', out: linked, link: true });
    const img = (await manifestOf(linked)).files.find((f) => f.path.endsWith('.png'))!;
    expect((await lstat(join(linked, img.path))).isSymbolicLink()).toBe(true);
    await checkManifest(linked);
  });

  it('bad flags are UsageErrors naming the flag and the allowed values', async () => {
    const o = { dataDir: G(), out: join(base, 'err') };
    await expect(runExport({ ...o, to: 'parquet' })).rejects.toThrow(/--to: unknown value 'parquet'; allowed: llamafactory, swift, trl, verl, screenspot, hf-imagefolder, webdataset/);
    await expect(runExport({ ...o, to: 'verl', coords: 'pixels' })).rejects.toThrow(/--coords: unknown value 'pixels'; allowed: abs, norm1, norm1000, norm1000-999, norm1000-1000, qwen25/);
    await expect(runExport({ ...o, to: 'verl', dialect: 'pyautogui' })).rejects.toThrow(/--dialect: unknown value 'pyautogui'; allowed: venus, uitars/);
    await expect(runExport({ ...o, to: 'verl', modelFamily: 'gpt' })).rejects.toThrow(/--model-family: unknown value 'gpt'; allowed: qwen2.5-vl/);
    await expect(runExport({ ...o, to: 'swift', coords: 'qwen25', maxPixels: 1000 })).rejects.toThrow(/--max-pixels: 1000 is below uisynth's quality floor of 256 tokens .*allowed: 200704\.\.12845056/);
    await expect(runExport({ ...o, to: 'trl', modelFamily: 'qwen3-vl', pixelBudget: 20000 })).rejects.toThrow(/--pixel-budget: 20000 tokens is above the qwen3-vl processor's max of 16384 tokens .*allowed: 256\.\.16384 tokens \(factor 32\)/);
    await expect(runExport({ ...o, to: 'trl', modelFamily: 'ui-tars-1.5', minPixels: 3136 })).rejects.toThrow(/--min-pixels: 3136 is outside the allowed range 78400\.\./);
    await expect(runExport({ ...o, to: 'verl', coords: 'abs', maxPixels: 1000 })).rejects.toThrow(/--max-pixels/);
    await expect(runExport({ ...o, to: 'verl', coords: 'qwen25', maxPixels: 'lots' })).rejects.toThrow(/--max-pixels: expected a positive integer/);
    await expect(runExport({ ...o, to: 'verl', shardSize: 0 })).rejects.toThrow(/--shard-size/);
    await expect(runExport({ ...o, dataDir: C(), to: 'screenspot' })).rejects.toThrow(/--to screenspot: needs a grounding dataset/);
    await expect(runExport({ ...o, to: 'verl', template: join(base, 'none.hbs') })).rejects.toThrow(/--template: .* does not exist/);
    await expect(runExport({ ...o, to: 'verl', dataDir: join(base, 'nope') })).rejects.toThrow(UsageError);
  });

  it('a user template replaces the built-ins; an unknown variable is a --template UsageError', async () => {
    const t = join(base, 'mine.hbs');
    await writeFile(t, '{{#if isGrounding}}Find: {{instruction}}{{else}}Solve: {{instruction}} ({{captcha_type}}){{/if}}');
    const out = await exportTo('tpl', { dataDir: C(), to: 'llamafactory', template: t });
    const rows = jsonlRows(await readFile(join(out, 'data', 'train-00000-of-00001.jsonl'), 'utf8'));
    expect(rows[0].messages[0].content).toBe('<image>Solve: Click the square (fake_square)');
    await writeFile(t, 'Find: {{instrucion}}');
    await expect(runExport({ dataDir: C(), to: 'llamafactory', out: join(base, 'tpl2'), template: t })).rejects.toThrow(/--template: .*instrucion/);
  });

  it('a budget too small to keep small targets hittable is refused up front with the allowed range', async () => {
    // 320x200 at max_pixels 3136 would resize to 56x28: one model px is ~5.7 image px
    await expect(exportTo('skip', { dataDir: G(), to: 'verl', coords: 'qwen25', maxPixels: 3136 })).rejects.toThrow(/--max-pixels: 3136 is below uisynth's quality floor .*allowed: 200704\.\.12845056/);
  });
});

/** Gold predictions (and shifted ones) for every item, written in a dialect and convention. */
async function predictions(dir: string, conv: string, dialect: Dialect, shift: boolean, budget?: number): Promise<string> {
  const c = convention(conv, budget ? { max_pixels: budget } : {});
  const prompts = loadPrompts(dialect);
  const lines: string[] = [];
  for await (const { record } of readRecords(dir)) {
    for (const r of recordSamples(record, { coords: c, dialect, thinking: false, prompts })) {
      if (!r.ok) throw new Error(r.reason);
      const s = r.sample;
      let output = s.answer;
      if (shift) {
        const rc = resolveCoords(c, s.size);
        // move every point well off its target (off the right edge of the box / image), refusals become clicks
        const dx = (a: Action): Action => mapActionPoints(a, (p) => [p[0] + s.size[0] / 2 + 60, p[1]]);
        const moved: Action[] = s.refusal ? [{ type: 'click', point: [5, 5] }] : s.actionsPx.map(dx);
        output = formatActions(moved.map((a) => mapActionPoints(a, (p) => pointToConvention(p, rc))), dialect);
      }
      lines.push(JSON.stringify({ id: record.id, ...(s.qid ? { qid: s.qid } : {}), output }));
    }
  }
  const f = join(base, `preds-${conv}-${dialect}-${shift}-${budget ?? ''}.jsonl`);
  await writeFile(f, lines.join('\n') + '\n');
  return f;
}

describe('uisynth score on exported answers', () => {
  it('gold answers score 100% and shifted answers 0% in every dialect and convention', async () => {
    for (const dir of [G(), C()])
      for (const conv of COORD_CHOICES)
        for (const dialect of DIALECTS) {
          const gold = await scoreDataset(dir, await predictions(dir, conv, dialect, false), conv);
          expect(gold.pass_at_1, `${dir} ${conv} ${dialect} ${JSON.stringify(gold.reasons)}`).toBe(1);
          const bad = await scoreDataset(dir, await predictions(dir, conv, dialect, true), conv);
          expect(bad.correct, `${dir} ${conv} ${dialect} shifted`).toBe(0);
          expect(bad.items).toBe(gold.items);
        }
    // a non-default budget, passed as a convention
    const c1280 = convention('qwen25', { max_pixels: 1003520 });
    expect((await scoreDataset(C(), await predictions(C(), 'qwen25', 'uitars', false, 1003520), c1280)).pass_at_1).toBe(1);
  });

  it('the CLI scores every dialect (its --coords accepts abs, norm1, norm1000) and runs export end to end', () => {
    const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 600_000 });
    return (async () => {
      for (const conv of ['abs', 'norm1', 'norm1000'])
        for (const dialect of DIALECTS) {
          const r = run('score', G(), '--predictions', await predictions(G(), conv, dialect, false), '--coords', conv, '--json');
          expect(r.status, r.stderr).toBe(0);
          expect(JSON.parse(r.stdout)).toMatchObject({ items: 12, correct: 12, pass_at_1: 1 });
        }
      const out = join(base, 'cli-export');
      const e = run('export', C(), '--to', 'verl', '--out', out, '--model-family', 'ui-tars-1.5', '--max-pixels', '1003520', '--thinking');
      expect(e.status, e.stderr).toBe(0);
      expect(e.stdout).toMatch(/verl: 6 samples from 6 records/);
      const m = await manifestOf(out);
      expect(m.command).toEqual(['export', 'DATA_DIR', '--to', 'verl', '--out', 'OUT', '--model-family', 'ui-tars-1.5', '--max-pixels', '1003520', '--thinking']);
      const bad = run('export', C(), '--to', 'parquet', '--out', join(base, 'cli-bad'));
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(/^uisynth: --to: unknown value 'parquet'; allowed: llamafactory, swift, trl, verl, screenspot, hf-imagefolder, webdataset\n$/);
    })();
  });
});

describe('real CAPTCHA generator (generators/captcha) through every exporter', () => {
  it('all engines: exported gold answers score 1 with the reward and 100% with uisynth score, in qwen25 and norm1000', async () => {
    const { captchaSample, CAPTCHA_TYPES, CAPTCHA_GENERATOR } = await import('../generators/captcha/index.js');
    const { runShards } = await import('../dataset/write.js');
    const dir = join(base, 'real-captcha');
    const cfg = { types: [...CAPTCHA_TYPES], contexts: ['mobile', 'web'] as const, difficulties: ['easy', 'hard'] as const, locales: ['en-US', 'zh-CN'] as const };
    const count = CAPTCHA_TYPES.length; // one record per type (the sampler cycles types by index)
    await runShards({
      kind: 'captcha', out: dir, count, seed: 11, shardSize: 8, shardIndex: 0, shardCount: 1, command: ['captcha', '--count', String(count)], config: cfg,
      generators: { uisynth: '0.0.0-test', [CAPTCHA_GENERATOR.name]: CAPTCHA_GENERATOR.version }, chromium: null, concurrency: 2, force: false,
      produce: (i) => captchaSample({ ...cfg, contexts: [...cfg.contexts], difficulties: [...cfg.difficulties], locales: [...cfg.locales] }, 11, i),
    });
    for (const [coords, dialect] of [['qwen25', 'uitars'], ['norm1000', 'venus']] as const) {
      const out = join(base, `real-verl-${coords}`);
      const r = await runExport({ dataDir: dir, to: 'verl', out, coords, dialect, thinking: true });
      expect(r.manifest.counts.samples + Object.values(r.manifest.counts.skipped).reduce((a, b) => a + b, 0)).toBe(r.manifest.counts.records);
      const rows = await duck(`SELECT reward_model.ground_truth AS gt, extra_info.answer AS answer, extra_info.style AS type FROM read_parquet('${join(out, 'data', '*.parquet')}')`);
      expect(rows.length).toBe(r.manifest.counts.samples);
      for (const row of rows) expect(reward(row.gt, row.answer), `${row.type}: ${row.answer}`).toBe(1);
      const rep = await scoreDataset(dir, await predictions(dir, coords, dialect, false), coords);
      expect(rep.pass_at_1, JSON.stringify(rep.reasons)).toBe(1);
      expect((await scoreDataset(dir, await predictions(dir, coords, dialect, true), coords)).correct).toBe(0);
    }
    for (const to of FORMATS.filter((f) => f !== 'screenspot')) await checkManifest(await exportTo(`real-${to}`, { dataDir: dir, to, coords: to === 'swift' ? 'abs' : 'qwen25' }));
  });
});
