/**
 * `uisynth stats DIR`: what a dataset covers. Counts records by platform, scenario family, locale,
 * theme, device (viewport@dpr), density and state; targets by role; queries by style and by query
 * locale; the distribution of target sizes relative to the screen (area share and short side in
 * image px; "small" = under 0.1% of the screen area, as in ScreenSpot-Pro); and a click-point heatmap
 * (target points in normalised coordinates, 128x128 bins) written as a PNG with sharp.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { GroundingRecord } from '../core/schema.js';
import { readManifest, readRecords } from './read.js';

/** Area-share buckets (fraction of the screen area), upper bounds exclusive. */
export const AREA_BUCKETS: ReadonlyArray<[string, number]> = [
  ['<0.01%', 0.0001],
  ['0.01-0.1%', 0.001],
  ['0.1-0.5%', 0.005],
  ['0.5-1%', 0.01],
  ['1-5%', 0.05],
  ['>=5%', Infinity],
];
/** Short-side buckets in image px. */
export const SIDE_BUCKETS: ReadonlyArray<[string, number]> = [
  ['<16px', 16],
  ['16-32px', 32],
  ['32-64px', 64],
  ['64-128px', 128],
  ['>=128px', Infinity],
];

/** The stats document (also written as `stats.json`). */
export interface DatasetStats {
  dataset: string;
  kind: string;
  records: number;
  targets: number;
  queries: number;
  negatives: number;
  by_platform: Record<string, number>;
  by_family: Record<string, number>;
  by_locale: Record<string, number>;
  by_theme: Record<string, number>;
  by_device: Record<string, number>;
  by_density: Record<string, number>;
  by_state: Record<string, number>;
  targets_by_role: Record<string, number>;
  targets_by_platform: Record<string, number>;
  queries_by_style: Record<string, number>;
  queries_by_locale: Record<string, number>;
  /** Queries per positive target (mean). */
  queries_per_target: number;
  target_size: {
    area_share: Record<string, number>;
    short_side_px: Record<string, number>;
    /** Fraction of targets under 0.1% of the screen area. */
    small_share: number;
    /** Same, per platform. */
    small_share_by_platform: Record<string, number>;
    /** Quantiles of the area share. */
    area_share_quantiles: Record<string, number>;
  };
  /** Families and locales seen (sorted), for coverage checks. */
  families: string[];
  locales: string[];
  platforms: string[];
}

const bump = (m: Record<string, number>, k: string, n = 1): void => {
  m[k] = (m[k] ?? 0) + n;
};
const sorted = (m: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(m).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));

const HEAT = 128;

/**
 * Compute the statistics of dataset `dir`, write `stats.json` and `heatmap.png` into `outDir`.
 * @throws UsageError when `dir` is not a dataset
 */
export async function datasetStatsReport(dir: string, outDir: string): Promise<{ stats: DatasetStats; files: { json: string; heatmap: string } }> {
  const manifest = await readManifest(dir);
  const s: DatasetStats = {
    dataset: dir, kind: manifest.kind, records: 0, targets: 0, queries: 0, negatives: 0,
    by_platform: {}, by_family: {}, by_locale: {}, by_theme: {}, by_device: {}, by_density: {}, by_state: {},
    targets_by_role: {}, targets_by_platform: {}, queries_by_style: {}, queries_by_locale: {}, queries_per_target: 0,
    target_size: { area_share: Object.fromEntries(AREA_BUCKETS.map(([k]) => [k, 0])), short_side_px: Object.fromEntries(SIDE_BUCKETS.map(([k]) => [k, 0])), small_share: 0, small_share_by_platform: {}, area_share_quantiles: {} },
    families: [], locales: [], platforms: [],
  };
  const heat = new Float64Array(HEAT * HEAT);
  const areas: number[] = [];
  const smallByPlatform: Record<string, number> = {};
  let positives = 0;
  for await (const { record } of readRecords(dir, manifest)) {
    s.records++;
    bump(s.by_platform, record.platform);
    bump(s.by_family, record.context.scenario);
    bump(s.by_locale, record.locale);
    bump(s.by_theme, record.context.theme);
    bump(s.by_device, `${record.context.viewport.width}x${record.context.viewport.height}@${record.context.dpr}`);
    const params = record.context.params as { density?: unknown; state?: unknown };
    if (typeof params.density === 'string') bump(s.by_density, params.density);
    if (typeof params.state === 'string') bump(s.by_state, params.state);
    if (record.kind !== 'grounding') {
      // CAPTCHA records have one target region each (the verifier); only points are mapped here
      continue;
    }
    const r = record as GroundingRecord;
    const W = r.image.width;
    const H = r.image.height;
    for (const t of r.targets) {
      s.targets++;
      bump(s.targets_by_role, t.role);
      bump(s.targets_by_platform, r.platform);
      const [x1, y1, x2, y2] = t.bbox;
      const share = ((x2 - x1) * (y2 - y1)) / (W * H);
      areas.push(share);
      const ab = AREA_BUCKETS.find(([, hi]) => share < hi)![0];
      bump(s.target_size.area_share, ab);
      const side = Math.min(x2 - x1, y2 - y1);
      bump(s.target_size.short_side_px, SIDE_BUCKETS.find(([, hi]) => side < hi)![0]);
      if (share < 0.001) bump(smallByPlatform, r.platform);
      const [px, py] = t.point_norm1;
      const hx = Math.min(HEAT - 1, Math.max(0, Math.floor(px * HEAT)));
      const hy = Math.min(HEAT - 1, Math.max(0, Math.floor(py * HEAT)));
      heat[hy * HEAT + hx]! += 1;
    }
    for (const q of r.queries) {
      s.queries++;
      bump(s.queries_by_style, q.style);
      bump(s.queries_by_locale, q.locale);
      if (q.tid === null) s.negatives++;
      else positives++;
    }
  }
  s.queries_per_target = s.targets ? Math.round((positives / s.targets) * 100) / 100 : 0;
  areas.sort((a, b) => a - b);
  const q = (p: number): number => (areas.length ? areas[Math.min(areas.length - 1, Math.floor(p * areas.length))]! : 0);
  s.target_size.area_share_quantiles = { p05: q(0.05), p25: q(0.25), p50: q(0.5), p75: q(0.75), p95: q(0.95) };
  s.target_size.small_share = areas.length ? Math.round((areas.filter((a) => a < 0.001).length / areas.length) * 10000) / 10000 : 0;
  for (const [p, n] of Object.entries(s.targets_by_platform)) s.target_size.small_share_by_platform[p] = Math.round(((smallByPlatform[p] ?? 0) / n) * 10000) / 10000;
  for (const k of ['by_platform', 'by_family', 'by_locale', 'by_theme', 'by_device', 'by_density', 'by_state', 'targets_by_role', 'queries_by_style', 'queries_by_locale'] as const) s[k] = sorted(s[k]);
  s.families = Object.keys(s.by_family).sort();
  s.locales = Object.keys(s.by_locale).sort();
  s.platforms = Object.keys(s.by_platform).sort();

  await mkdir(outDir, { recursive: true });
  const json = join(outDir, 'stats.json');
  const heatmap = join(outDir, 'heatmap.png');
  await writeFile(json, JSON.stringify(s, null, 2) + '\n');
  await writeHeatmap(heat, heatmap);
  return { stats: s, files: { json, heatmap } };
}

/** Colour map (black -> blue -> cyan -> yellow -> white) of log-scaled counts, upscaled 4x. */
async function writeHeatmap(heat: Float64Array, file: string): Promise<void> {
  const max = Math.max(1, ...heat);
  const px = Buffer.alloc(HEAT * HEAT * 3);
  const stops: Array<[number, [number, number, number]]> = [[0, [8, 8, 24]], [0.25, [30, 60, 200]], [0.5, [0, 200, 220]], [0.75, [250, 220, 40]], [1, [255, 255, 255]]];
  for (let i = 0; i < heat.length; i++) {
    const v = heat[i]! > 0 ? Math.log1p(heat[i]!) / Math.log1p(max) : 0;
    let j = 0;
    while (j < stops.length - 2 && v > stops[j + 1]![0]) j++;
    const [a, ca] = stops[j]!;
    const [b, cb] = stops[j + 1]!;
    const f = (v - a) / (b - a);
    for (let c = 0; c < 3; c++) px[i * 3 + c] = Math.round(ca[c]! + (cb[c]! - ca[c]!) * Math.min(1, Math.max(0, f)));
  }
  await sharp(px, { raw: { width: HEAT, height: HEAT, channels: 3 } }).resize(HEAT * 4, HEAT * 4, { kernel: 'nearest' }).png().toFile(file);
}

const pct = (n: number, d: number): string => (d ? `${((n / d) * 100).toFixed(1)}%` : '-');

/** The stats as a printed table. */
export function formatStats(s: DatasetStats, files: { json: string; heatmap: string }): string {
  const lines: string[] = [];
  lines.push(`${s.dataset}: ${s.records} records, ${s.targets} targets, ${s.queries} queries (${s.negatives} negatives, ${pct(s.negatives, s.queries)}), ${s.queries_per_target} positive queries per target`);
  const section = (title: string, m: Record<string, number>, total: number, limit = 80): void => {
    lines.push('', `${title} (${Object.keys(m).length})`);
    const w = Math.max(12, ...Object.keys(m).map((k) => k.length));
    for (const [k, v] of Object.entries(m).slice(0, limit)) lines.push(`  ${k.padEnd(w)} ${String(v).padStart(7)}  ${pct(v, total).padStart(6)}`);
  };
  section('records by platform', s.by_platform, s.records);
  section('records by family', s.by_family, s.records);
  section('records by locale', s.by_locale, s.records);
  section('records by theme', s.by_theme, s.records);
  section('records by device (viewport@dpr)', s.by_device, s.records);
  if (Object.keys(s.by_density).length) section('records by density', s.by_density, s.records);
  if (Object.keys(s.by_state).length) section('records by state', s.by_state, s.records);
  section('targets by role', s.targets_by_role, s.targets, 25);
  section('queries by style', s.queries_by_style, s.queries);
  section('queries by locale', s.queries_by_locale, s.queries);
  section('target area / screen area', s.target_size.area_share, s.targets);
  section('target short side (image px)', s.target_size.short_side_px, s.targets);
  lines.push('', `small targets (< 0.1% of the screen): ${pct(s.target_size.small_share * s.targets, s.targets)} overall; by platform: ${Object.entries(s.target_size.small_share_by_platform).map(([p, v]) => `${p} ${(v * 100).toFixed(1)}%`).join(', ')}`);
  const qq = s.target_size.area_share_quantiles;
  lines.push(`area share quantiles: p05 ${(qq.p05! * 100).toFixed(4)}%, p25 ${(qq.p25! * 100).toFixed(4)}%, median ${(qq.p50! * 100).toFixed(4)}%, p75 ${(qq.p75! * 100).toFixed(4)}%, p95 ${(qq.p95! * 100).toFixed(4)}%`);
  lines.push('', `wrote ${files.json} and ${files.heatmap}`, '');
  return lines.join('\n');
}
