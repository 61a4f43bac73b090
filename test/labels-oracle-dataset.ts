/**
 * Every label oracle of test/labels-oracle.ts over a generated grounding dataset: each record's page is
 * re-rendered from (seed, index) and checked by checkLabels, checkContainerQueries, checkLandmarkNames,
 * checkTableQueries, checkTextPlaces, checkCodeLines and checkIconSpatial. Prints the queries checked per
 * check, the problems by kind, then one JSON line per problem. A measuring tool (not part of `npm test`):
 *
 *   node bin/uisynth.js grounding --count 70 --seed 1 --locales all --out /tmp/g70
 *   npx tsx test/labels-oracle-dataset.ts /tmp/g70
 *
 * The dataset must be made with `--families all --locales all` and both themes (the defaults above), since the
 * scenario of a record is sampled again from that configuration.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { type LabelProblem, checkCodeLines, checkIconSpatial, checkLabels, checkContainerQueries, checkLandmarkNames, checkTableQueries, checkTextPlaces } from './labels-oracle.js';
import type { GroundingRecord } from '../core/schema.js';
import { BrowserPool } from '../renderers/browser.js';
import { GROUNDING_LOCALES, GROUNDING_THEMES, resolveFamilies } from '../generators/grounding/index.js';
import { sampleScenario } from '../generators/grounding/scenarios.js';
import { iconName } from '../generators/grounding/icon-names.js';
import { iconDescription } from '../generators/grounding/phrases.js';
const dir = process.argv[2];
if (!dir) {
  console.error('usage: npx tsx test/labels-oracle-dataset.ts <grounding dataset dir>');
  process.exit(2);
}
const recs = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).flatMap((f) => readFileSync(`${dir}/${f}`, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as GroundingRecord));
const cfg = { families: resolveFamilies('all'), locales: [...GROUNDING_LOCALES], themes: [...GROUNDING_THEMES] };
const pool = await BrowserPool.launch({ concurrency: 1 });
const tot: Record<string, number> = {};
const probs: Array<Record<string, unknown>> = [];
for (const rec of recs) {
  const sc = sampleScenario(cfg, rec.seed, rec.index);
  const opts = { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale };
  const lg = rec.locale.slice(0, 2);
  const describe = (icon: string) => (lg === 'en' ? iconDescription(icon, 'en-US') : lg === 'zh' ? iconDescription(icon, 'zh-CN') : iconName(icon, lg as never));
  const src = { html: sc.html };
  const runs: Array<[string, () => Promise<{ checked: number; problems: LabelProblem[] }>]> = [
    ['labels', () => checkLabels(pool, src, opts, rec)],
    ['container', () => checkContainerQueries(pool, src, opts, rec)],
    ['landmark', () => checkLandmarkNames(pool, src, opts, rec)],
    ['table', () => checkTableQueries(pool, src, opts, rec)],
    ['textplace', () => checkTextPlaces(pool, src, opts, rec)],
    ['code', () => checkCodeLines(pool, src, opts, rec)],
    ['icon', () => checkIconSpatial(pool, src, opts, rec, describe)],
  ];
  for (const [k, f] of runs) {
    const r = await f();
    tot[k] = (tot[k] ?? 0) + r.checked;
    for (const p of r.problems) probs.push({ index: rec.index, family: rec.context.scenario, locale: rec.locale, check: k, ...p });
  }
}
await pool.close();
console.log(JSON.stringify(tot), 'problems', probs.length);
const byKind: Record<string, number> = {};
for (const p of probs) byKind[`${p.check}/${p.kind}`] = (byKind[`${p.check}/${p.kind}`] ?? 0) + 1;
console.log(byKind);
for (const p of probs) console.log(JSON.stringify(p));
