/**
 * Dataset layout (native format):
 * ```
 * OUT/manifest.json                    dataset index (rebuilt from shard metas at the end of every run)
 * OUT/shard-00000.jsonl                records of shard 0 (written as .partial, renamed when complete)
 * OUT/shard-00000.meta.json            shard sidecar: index range, record count, sha256, rejects
 * OUT/shard-00000.rejects.jsonl        samples that failed, with reasons
 * OUT/images/shard-00000/<id>.png      images; file names carry only the record id (no answers)
 * ```
 */
import { join } from 'node:path';

/** `shard-00042` */
export const shardName = (s: number): string => `shard-${String(s).padStart(5, '0')}`;
export const shardJsonl = (out: string, s: number): string => join(out, `${shardName(s)}.jsonl`);
export const shardMeta = (out: string, s: number): string => join(out, `${shardName(s)}.meta.json`);
export const shardRejects = (out: string, s: number): string => join(out, `${shardName(s)}.rejects.jsonl`);
/** Image path relative to the dataset root. */
export const imageRel = (s: number, id: string): string => `images/${shardName(s)}/${id}.png`;
export const manifestPath = (out: string): string => join(out, 'manifest.json');
