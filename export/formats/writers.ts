/**
 * The seven exporters. Each gets the export context (samples, records, helpers that write files and
 * register them in the export manifest) and writes its shards; layout per format:
 *
 * Trainer formats (llamafactory, swift, trl, verl) get images at the export's pixel budget size (export/budget.ts).
 *
 * - `llamafactory`: `data/train-NNNNN-of-MMMMM.jsonl` rows `{messages: [{role, content: "<image>..."}, ...],
 *   images: ["images/..."], id}` + `dataset_info.json` (sharegpt formatting, OpenAI-style tags,
 *   `file_name: "data"`, a folder LLaMA-Factory loads whole); images under `images/` (paths are relative
 *   to the dataset_dir, LLaMA-Factory's default `media_dir`).
 * - `swift`: `data/train-*.jsonl` rows `{messages, images, id, solution}`; answers already in the model's frame
 *   (no `objects`, which swift's template would rewrite into `<|box_start|>` tokens); `solution` = reward ground truth.
 * - `trl`: `data/train-*.parquet`, conversational prompt-completion with content-part lists
 *   (`[{type: "image", text: null}, {type: "text", text}]`), an `images` column of `Image` structs, and
 *   `ground_truth` (the reward's JSON) so the same file serves SFTTrainer and GRPOTrainer.
 * - `verl`: `data/train-*.parquet` rows `data_source`, `prompt` (chat list, `<image>` placeholder),
 *   `images` (`Image` structs), `ability`, `reward_model {style: "rule", ground_truth}`, `extra_info`.
 * - `screenspot`: ScreenSpot-Pro-style JSON arrays: `annotations/positive/*.json` and
 *   `annotations/negative/*.json` (the evaluator takes the gt_type per run), images under `images/`.
 * - `hf-imagefolder`: `train/metadata.jsonl` (one row per image, `file_name` relative to `train/`) beside
 *   `train/images/...`.
 * - `webdataset`: `train-NNNNNN.tar` with `<key>.png` + `<key>.json` per record, stored next to each other.
 *
 * With `--val-fraction`, each writer runs once more for the validation split: `validation` in place of
 * `train` in file names (`validation/` folder and a `<name>_validation` dataset entry for LLaMA-Factory).
 */
import { createHash } from 'node:crypto';
import tarStream from 'tar-stream';
import type { ExportContext } from './context.js';
import { imageList, int64, list, str, struct, writeParquet } from './parquet.js';
import type { ExportSample } from './samples.js';

const shardFile = (prefix: string, i: number, n: number, ext: string): string =>
  `${prefix}-${String(i).padStart(5, '0')}-of-${String(n).padStart(5, '0')}.${ext}`;

function chunks<T>(xs: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out.length ? out : [[]];
}

const jsonl = (rows: unknown[]): string => rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');

/**
 * One sharegpt-style row as LLaMA-Factory and ms-swift read it: the user turn is `<image>` + prompt, the
 * assistant turn the answer, `images` the one copied image path (relative to the export), `id` the record key.
 */
const chatRow = (s: ExportSample, img: string) => ({
  messages: [
    { role: 'user', content: `<image>${s.prompt}` },
    { role: 'assistant', content: s.answer },
  ],
  images: [img],
  id: s.key,
});

/** LLaMA-Factory: messages JSONL shards + `dataset_info.json`; images copied (or linked) under `images/`. */
export async function writeLlamaFactory(ctx: ExportContext): Promise<void> {
  const parts = chunks(ctx.samples, ctx.shardSize);
  for (let i = 0; i < parts.length; i++) {
    const rows = [];
    for (const s of parts[i]!) {
      rows.push(chatRow(s, await ctx.copyImage(s.image, s.image, s.fileSize)));
    }
    // LLaMA-Factory loads a folder whole: the validation split gets its own folder and dataset entry
    await ctx.write(`${ctx.split === 'train' ? 'data' : 'validation'}/${shardFile(ctx.split, i, parts.length, 'jsonl')}`, jsonl(rows), rows.length);
  }
  const entry = (folder: string) => ({
    file_name: folder,
    formatting: 'sharegpt',
    columns: { messages: 'messages', images: 'images' },
    tags: { role_tag: 'role', content_tag: 'content', user_tag: 'user', assistant_tag: 'assistant', system_tag: 'system' },
  });
  const info = {
    [ctx.datasetName]: entry('data'),
    ...(ctx.splits.includes('validation') ? { [`${ctx.datasetName}_validation`]: entry('validation') } : {}),
  };
  await ctx.write('dataset_info.json', JSON.stringify(info, null, 2) + '\n');
}

/**
 * ms-swift: `messages` + `images` + `solution` (the reward ground truth, for GRPO). The answer is written in
 * the model's own frame (images already at the size swift's qwen-vl-utils `fetch_image` gives them, see
 * train-settings.json), so no `objects`/`<bbox>`/`<ref-object>` are used: swift's grounding rewrite
 * (`normalize_bbox` + `replace_bbox` -> `<|box_start|>(x,y)<|box_end|>`, swift/template/base.py L299-318 and
 * templates/qwen.py L369-377) would change the action syntax the prompt describes.
 */
export async function writeSwift(ctx: ExportContext): Promise<void> {
  const parts = chunks(ctx.samples, ctx.shardSize);
  for (let i = 0; i < parts.length; i++) {
    const rows = [];
    for (const s of parts[i]!) {
      rows.push({ ...chatRow(s, await ctx.copyImage(s.image, s.image, s.fileSize)), solution: s.groundTruthJson });
    }
    await ctx.write(`data/${shardFile(ctx.split, i, parts.length, 'jsonl')}`, jsonl(rows), rows.length);
  }
}

const MSG_PARTS = list('content', struct('element', [str('type'), str('text')]));
const TRL_TURNS = (name: string) => list(name, struct('element', [str('role'), MSG_PARTS]));

/** TRL: Parquet, conversational prompt/completion content lists, `images` (HF Image structs), `ground_truth`. */
export async function writeTrl(ctx: ExportContext): Promise<void> {
  const cols = [str('id'), TRL_TURNS('prompt'), TRL_TURNS('completion'), imageList('images'), str('ground_truth'), str('data_source')];
  const parts = chunks(ctx.samples, ctx.shardSize);
  for (let i = 0; i < parts.length; i++) {
    const rows = [];
    for (const s of parts[i]!) {
      rows.push({
        id: s.key,
        prompt: [{ role: 'user', content: [{ type: 'image', text: null }, { type: 'text', text: s.prompt }] }],
        completion: [{ role: 'assistant', content: [{ type: 'text', text: s.answer }] }],
        images: [{ bytes: await ctx.readImage(s), path: s.image.split('/').pop() }],
        ground_truth: s.groundTruthJson,
        data_source: `uisynth/${s.kind}`,
      });
    }
    await ctx.write(`data/${shardFile(ctx.split, i, parts.length, 'parquet')}`, writeParquet(rows, cols, ctx.createdBy), rows.length);
  }
}

/** verl: Parquet rows `data_source, prompt, images, ability, reward_model {style, ground_truth}, extra_info`. */
export async function writeVerl(ctx: ExportContext): Promise<void> {
  const cols = [
    str('data_source'),
    list('prompt', struct('element', [str('role'), str('content')])),
    imageList('images'),
    str('ability'),
    struct('reward_model', [str('style'), str('ground_truth')]),
    struct('extra_info', [str('split'), int64('index'), str('id'), str('qid'), str('kind'), str('style'), str('answer')]),
  ];
  const parts = chunks(ctx.samples, ctx.shardSize);
  let index = 0;
  for (let i = 0; i < parts.length; i++) {
    const rows = [];
    for (const s of parts[i]!) {
      rows.push({
        data_source: `uisynth/${s.kind}`,
        prompt: [{ role: 'user', content: `<image>${s.prompt}` }],
        images: [{ bytes: await ctx.readImage(s), path: s.image.split('/').pop() }],
        ability: s.kind === 'grounding' ? 'gui_grounding' : 'gui_captcha',
        reward_model: { style: 'rule', ground_truth: s.groundTruthJson },
        extra_info: { split: ctx.split, index: BigInt(index++), id: s.record.id, qid: s.qid, kind: s.kind, style: s.style, answer: s.answer },
      });
    }
    await ctx.write(`data/${shardFile(ctx.split, i, parts.length, 'parquet')}`, writeParquet(rows, cols, ctx.createdBy), rows.length);
  }
}

const SSP_PLATFORM: Record<string, string> = {
  web: 'web',
  'desktop.macos': 'macos',
  'desktop.windows': 'windows',
  'mobile.ios': 'ios',
  'mobile.android': 'android',
};

/** ScreenSpot-Pro-style JSON arrays (xyxy image px, `img_size`), positives and negatives in separate folders. */
export async function writeScreenspot(ctx: ExportContext): Promise<void> {
  for (const gt of ['positive', 'negative'] as const) {
    const samples = ctx.samples.filter((s) => (gt === 'negative') === s.refusal);
    const parts = chunks(samples, ctx.shardSize);
    for (let i = 0; i < parts.length; i++) {
      const rows = [];
      for (const s of parts[i]!) {
        const r = s.record;
        if (r.kind !== 'grounding') continue;
        const rel = s.image.replace(/^images\//, '');
        await ctx.copyImage(s.image, `images/${rel}`);
        const q = r.queries.find((x) => x.qid === s.qid)!;
        const t = q.tid === null ? null : r.targets.find((x) => x.tid === q.tid)!;
        const isZh = (locale: string): boolean => locale.toLowerCase().startsWith('zh');
        // a Chinese wording of the same target: this query, or another query of the record for the same target
        const cn = isZh(q.locale) ? q.text : (r.queries.find((x) => x.tid === q.tid && x.tid !== null && isZh(x.locale))?.text ?? null);
        rows.push({
          id: s.key,
          img_filename: rel,
          img_size: [r.image.width, r.image.height],
          bbox: t ? t.bbox : null,
          instruction: q.text,
          ...(cn !== null ? { instruction_cn: cn } : {}),
          // ScreenSpot-Pro writes Chinese as `cn`; other languages keep their ISO 639-1 code from the locale
          language: isZh(q.locale) ? 'cn' : q.locale.split('-')[0]!.toLowerCase(),
          application: r.context.scenario,
          platform: SSP_PLATFORM[r.platform] ?? r.platform,
          group: r.platform.split('.')[0],
          ui_type: q.style === 'icon' || (t !== null && !t.text.trim()) ? 'icon' : 'text',
          gt_type: gt,
          instruction_style: q.style,
        });
      }
      await ctx.write(`annotations/${gt}/${shardFile(`uisynth-${gt}`, i, parts.length, 'json')}`, (rows.length ? `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n` : '[]\n'), rows.length);
    }
  }
}

/** Per-record rows (imagefolder / webdataset): every sample of the record with prompt, answer, ground truth. */
function recordRows(ctx: ExportContext): Array<{ key: string; image: string; samples: ExportSample[] }> {
  const by = new Map<string, { key: string; image: string; samples: ExportSample[] }>();
  for (const s of ctx.samples) {
    const e = by.get(s.record.id) ?? { key: s.record.id, image: s.image, samples: [] };
    e.samples.push(s);
    by.set(s.record.id, e);
  }
  return [...by.values()];
}

/** One sample in imagefolder / webdataset rows: the same keys for every kind (`qid`, `bbox` null where absent). */
const sampleView = (s: ExportSample) => ({
  qid: s.qid ?? null,
  style: s.style,
  instruction: s.instruction,
  prompt: s.prompt,
  answer: s.answer,
  refusal: s.refusal,
  bbox: s.bbox ?? null,
  ground_truth: s.groundTruthJson,
});

/** Hugging Face ImageFolder: `train/metadata.jsonl` (one row per image, its samples as a list) beside `train/images/`. */
export async function writeImageFolder(ctx: ExportContext): Promise<void> {
  const rows = [];
  for (const e of recordRows(ctx)) {
    const r = e.samples[0]!.record;
    const rel = `images/${e.image.replace(/^images\//, '')}`;
    await ctx.copyImage(e.image, `${ctx.split}/${rel}`, e.samples[0]!.fileSize);
    rows.push({
      file_name: rel,
      id: r.id,
      kind: r.kind,
      platform: r.platform,
      locale: r.locale,
      width: r.image.width,
      height: r.image.height,
      coords: ctx.coords.name,
      samples: e.samples.map(sampleView),
    });
  }
  await ctx.write(`${ctx.split}/metadata.jsonl`, jsonl(rows), rows.length);
}

/** Deterministic tar (fixed mtime, uid/gid 0, mode 0644) of name -> bytes entries, in order. */
async function tarBuffer(entries: Array<[string, Uint8Array]>): Promise<Buffer> {
  const pack = tarStream.pack();
  const chunksOut: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    pack.on('data', (c: unknown) => void chunksOut.push(c as Buffer));
    pack.on('end', () => resolve());
    pack.on('error', reject);
  });
  for (const [name, data] of entries) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, size: data.length, mode: 0o644, mtime: new Date(0), uid: 0, gid: 0, uname: '', gname: '', type: 'file' }, Buffer.from(data), (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  }
  pack.finalize();
  await done;
  return Buffer.concat(chunksOut);
}

/** WebDataset: `train-NNNNNN.tar` shards of `<key>.png` + `<key>.json` per record (deterministic tar headers). */
export async function writeWebDataset(ctx: ExportContext): Promise<void> {
  const recs = recordRows(ctx);
  const parts = chunks(recs, ctx.shardSize);
  for (let i = 0; i < parts.length; i++) {
    const entries: Array<[string, Uint8Array]> = [];
    for (const e of parts[i]!) {
      const r = e.samples[0]!.record;
      const key = e.key.replace(/\./g, '_');
      entries.push([`${key}.png`, await ctx.readImage(e.samples[0]!)]);
      // one JSON structure for every sample of a kind (Hugging Face infers the WebDataset schema from the
      // first samples): fixed keys, null for absent values, the record (whose nested shape varies with the
      // verifier, knobs and latent state) as a JSON string
      const meta = {
        id: r.id,
        kind: r.kind,
        platform: r.platform,
        locale: r.locale,
        width: e.samples[0]!.fileSize[0],
        height: e.samples[0]!.fileSize[1],
        coords: ctx.coords.name,
        samples: e.samples.map(sampleView),
        record_json: JSON.stringify(r),
      };
      entries.push([`${key}.json`, Buffer.from(JSON.stringify(meta))]);
    }
    await ctx.write(`${ctx.split}-${String(i).padStart(6, '0')}.tar`, await tarBuffer(entries), parts[i]!.length);
  }
}

/** sha256 hex of bytes. */
export const sha256 = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');
