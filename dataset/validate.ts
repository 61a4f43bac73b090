/**
 * `uisynth validate DIR`: the dataset is complete and of one config, and every record is right.
 * - Completeness: every shard of the slice the manifest declares (`shard_index`/`shard_count`; 0/1 = the whole
 *   dataset, and `--complete` demands that) is listed with its exact index range, exists, and has its sidecar
 *   sealed under the manifest's `config_hash`; each shard's records plus rejects account for every index of
 *   its range; the manifest's `records` is the sum.
 * - One config: every record carries the manifest's seed and generator version, and an index inside its shard.
 * - Every shard's sha256 matches the manifest; every line parses with the zod record schema; every image
 *   exists, decodes fully, and has the recorded size and sha256; geometry is consistent (boxes inside the
 *   image, gold points inside their boxes, normalised values match the pixel values, query tids exist).
 * - Image paths stay inside the dataset: an absolute path or a `..` segment is an error (never followed).
 * - A golden set (`stats.golden`, written by regress/golden.ts) holds a few pinned records of a dataset: its
 *   shards are checked as above except completeness and sidecars.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import sharp from 'sharp';
import { UisynthRecord } from '../core/schema.js';
import { boxToNorm1000, pointInBox, pointToNorm1000, type Box, type Size } from '../core/geometry.js';
import { readManifest } from './read.js';
import { planShards } from './shards.js';
import { shardMeta, shardRejects } from './paths.js';
import type { ShardMeta } from './write.js';
import { scoreCaptcha } from '../score/scorer.js';

export interface ValidationReport {
  shards: number;
  /** The slice checked for completeness: `[index, count]` (`[0, 1]` = the whole dataset). */
  slice: [number, number];
  /** Shards the slice must hold. */
  expected: number;
  records: number;
  images: number;
  errors: string[];
}

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

function boxInside(b: Box, s: Size): boolean {
  return b[0] >= 0 && b[1] >= 0 && b[2] <= s.width && b[3] <= s.height && b[2] > b[0] && b[3] > b[1];
}

/**
 * Validate a dataset directory. Never throws for data problems: they are returned in `errors`
 * (`file:line: message`), capped at `maxErrors`.
 * @throws UsageError when DIR is not a dataset (see readManifest).
 */
export async function validateDataset(dir: string, maxErrors = 200, opts: { complete?: boolean } = {}): Promise<ValidationReport> {
  const m = await readManifest(dir);
  const plan = planShards(m.count, m.shard_size, Math.min(m.shard_index, m.shard_count - 1), m.shard_count);
  const rep: ValidationReport = { shards: m.shards.length, slice: [m.shard_index, m.shard_count], expected: plan.length, records: 0, images: 0, errors: [] };
  const err = (msg: string): void => {
    if (rep.errors.length < maxErrors) rep.errors.push(msg);
  };
  const hash = m.config.config_hash;
  if (opts.complete && m.shard_count !== 1)
    err(`manifest.json: holds slice ${m.shard_index} of ${m.shard_count} only (--complete asks for the whole dataset; combine the slices with uisynth merge)`);
  // A golden set (regress/golden.ts) pins a few records of a dataset: its shards hold only those records, so
  // it is checked record by record and shard by shard, not for completeness or sealed sidecars.
  const pinned = m.stats.golden === true;
  const listed = new Map(m.shards.map((s) => [s.file, s]));
  if (!pinned) for (const p of plan) {
    const file = `shard-${String(p.shard).padStart(5, '0')}.jsonl`;
    const s = listed.get(file);
    if (!s) err(`${file}: missing (shard ${p.shard}, indices ${p.start}-${p.end - 1}, of ${m.count} records in ${Math.ceil(m.count / m.shard_size)} shards)`);
    else if (s.start !== p.start || s.end !== p.end) err(`${file}: covers indices [${s.start}, ${s.end}), the manifest's count and shard_size say [${p.start}, ${p.end})`);
  }
  const sum = m.shards.reduce((a, s) => a + s.records, 0);
  if (sum !== m.records) err(`manifest.json: records is ${m.records}, its shards hold ${sum}`);
  const ids = new Set<string>();
  for (const s of m.shards) {
    const path = join(dir, s.file);
    if (!existsSync(path)) {
      err(`${s.file}: missing`);
      continue;
    }
    const shard = Number(/(\d{5})\.jsonl$/.exec(s.file)?.[1] ?? -1);
    let meta: ShardMeta | undefined;
    if (!pinned) try {
      meta = JSON.parse(await readFile(shardMeta(dir, shard), 'utf8')) as ShardMeta;
    } catch {
      err(`${s.file}: sidecar ${shardMeta('', shard).slice(1)} missing or unreadable (shard not sealed)`);
    }
    if (meta) {
      if (meta.config_hash !== hash) err(`${s.file}: sealed under config_hash ${meta.config_hash}, the manifest has ${String(hash)} (shards of another seed, config or generator)`);
      if (meta.sha256 !== s.sha256 || meta.records !== s.records) err(`${s.file}: sidecar and manifest disagree (sha256 or records)`);
      const rejected = Object.values(meta.rejects).reduce((a, v) => a + v, 0);
      if (meta.records + rejected !== s.end - s.start)
        err(`${s.file}: ${meta.records} records + ${rejected} rejects do not account for the ${s.end - s.start} indices of its range`);
      if (rejected > 0) {
        const lines = existsSync(shardRejects(dir, shard)) ? (await readFile(shardRejects(dir, shard), 'utf8')).split('\n').filter(Boolean).length : 0;
        if (lines !== rejected) err(`${s.file}: rejects file has ${lines} lines, the sidecar counts ${rejected}`);
      }
    }
    const body = await readFile(path);
    if (sha256(body) !== s.sha256) err(`${s.file}: sha256 does not match manifest`);
    const lines = body.toString('utf8').split('\n').filter(Boolean);
    if (lines.length !== s.records) err(`${s.file}: ${lines.length} records, manifest says ${s.records}`);
    for (let i = 0; i < lines.length; i++) {
      const at = `${s.file}:${i + 1}`;
      rep.records++;
      let parsed;
      try {
        parsed = UisynthRecord.safeParse(JSON.parse(lines[i]!));
      } catch {
        err(`${at}: not JSON`);
        continue;
      }
      if (!parsed.success) {
        const is = parsed.error.issues[0]!;
        err(`${at}: schema: ${is.path.join('.')}: ${is.message}`);
        continue;
      }
      const r = parsed.data;
      if (ids.has(r.id)) err(`${at}: duplicate id ${r.id}`);
      if (r.seed !== m.seed) err(`${at}: seed ${r.seed}, the manifest's seed is ${m.seed} (records of another run mixed in)`);
      if (r.index < s.start || r.index >= s.end) err(`${at}: index ${r.index} outside the shard's range [${s.start}, ${s.end})`);
      if (m.generators[r.generator.name] !== undefined && m.generators[r.generator.name] !== r.generator.version)
        err(`${at}: generator ${r.generator.name} ${r.generator.version}, the manifest has ${m.generators[r.generator.name]}`);
      ids.add(r.id);
      if (isAbsolute(r.image.path) || r.image.path.split(/[\\/]/).includes('..')) {
        err(`${at}: image path ${JSON.stringify(r.image.path)} leaves the dataset directory`);
        continue;
      }
      const img = join(dir, r.image.path);
      if (!existsSync(img)) {
        err(`${at}: image ${r.image.path} missing`);
        continue;
      }
      const buf = await readFile(img);
      rep.images++;
      if (sha256(buf) !== r.image.sha256) err(`${at}: image sha256 mismatch`);
      let meta: { width?: number; height?: number };
      try {
        // a full decode: a truncated PNG has a readable header but no complete image data
        const { info } = await sharp(buf).raw().toBuffer({ resolveWithObject: true });
        meta = info;
      } catch (e) {
        err(`${at}: image ${r.image.path} is not a readable image (${(e as Error).message})`);
        continue;
      }
      if (meta.width !== r.image.width || meta.height !== r.image.height)
        err(`${at}: image is ${meta.width}x${meta.height}, record says ${r.image.width}x${r.image.height}`);
      const size = { width: r.image.width, height: r.image.height };
      if (r.kind === 'grounding') {
        const tids = new Set(r.targets.map((t) => t.tid));
        for (const t of r.targets) {
          if (!boxInside(t.bbox, size)) err(`${at}: target ${t.tid} bbox ${JSON.stringify(t.bbox)} outside image`);
          if (!pointInBox(t.point, t.bbox)) err(`${at}: target ${t.tid} point outside its bbox`);
          if (JSON.stringify(boxToNorm1000(t.bbox, size)) !== JSON.stringify(t.bbox_norm1000)) err(`${at}: target ${t.tid} bbox_norm1000 mismatch`);
          if (JSON.stringify(pointToNorm1000(t.point, size)) !== JSON.stringify(t.point_norm1000)) err(`${at}: target ${t.tid} point_norm1000 mismatch`);
        }
        for (const q of r.queries) if (q.tid !== null && !tids.has(q.tid)) err(`${at}: query ${q.qid} refers to unknown target ${q.tid}`);
      } else {
        if (!boxInside(r.captcha.puzzle_box, size)) err(`${at}: puzzle_box outside image`);
        const v = r.verifier;
        const boxes: Box[] =
          v.kind === 'click' ? [...v.boxes, ...(v.submit_box ? [v.submit_box] : [])]
          : v.kind === 'text_entry' ? [v.input_box]
          : v.kind === 'drag' || v.kind === 'drag_y' ? [v.handle_box]
          : v.kind === 'drags' ? v.items.flatMap((it) => [it.handle_box, it.target_box])
          : v.kind === 'presses' ? [...v.boxes, v.submit_box]
          : v.boxes;
        for (const b of boxes) if (!boxInside(b, size)) err(`${at}: verifier box ${JSON.stringify(b)} outside image`);
        if (r.solution.actions.length !== r.solution.actions_norm1000.length) err(`${at}: actions_norm1000 length mismatch`);
        const gold = scoreCaptcha(r, r.solution.actions);
        if (gold.score !== 1) err(`${at}: gold solution does not score 1 (${gold.reason})`);
      }
    }
  }
  return rep;
}
