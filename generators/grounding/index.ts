/**
 * The grounding generator: scenario page -> one Chromium pass (capture + nine-point hit test) ->
 * queries -> a record (without `image`, which the shard writer fills in) and the PNG.
 *
 * Every sample is a pure function of (config, seed, index): the scenario comes from
 * `sampleSeed('grounding', seed, index)`, the queries from `sampleSeed('grounding', seed, index, 'queries')`.
 */
import { SampleError, badValue } from '../../core/errors.js';
import { recordId, sampleSeed } from '../../core/rng.js';
import { GroundingRecord } from '../../core/schema.js';
import type { BrowserPool } from '../../renderers/browser.js';
import { breathe, captureAndHitTest, type CaptureOptions, type CaptureResult } from '../../hittest/capture.js';
import type { GroundingLocale, GroundingTheme } from './common.js';
import { FAMILY_NAMES, personaLabel, scenarioIndex } from './scenarios.js';
import * as tasks from './tasks.js';
import type { GroundingWorkers, RecordTask, ScenarioTaskResult } from './tasks.js';

export { FAMILY_NAMES, sampleScenario, personaLabel, scenarioIndex, familySchedule, builtinScenarios, type Scenario, type ScenarioConfig } from './scenarios.js';
export { DEVICE_PRESETS, SCENARIO_STATES, parseScenarioText, loadScenarioFiles, type ScenarioDef, type ScenarioFile } from './scenario-file.js';
export { writeQueries, resolveQuery, visibleLabel, roleClass, toRecordQueries, type QuerySpec, type WrittenQuery, type QueryWriterInput } from './queries.js';
export { pageLocale } from './locales.js';
export { GroundingWorkers } from './tasks.js';
export { GROUNDING_LOCALES, GROUNDING_THEMES, type GroundingLocale, type GroundingTheme, type ControlHint } from './common.js';

/** Generator name and version recorded in every record and the manifest. */
export const GROUNDING_GENERATOR = { name: 'grounding', version: '0.1.0' };

/**
 * Samples `uisynth grounding` starts ahead of its browser pool's `concurrency` (dataset/write.ts
 * `lookahead`), and pages its pool may load ahead (renderers/browser.ts `LaunchOptions.preload`): the sample
 * started ahead samples its scenario (and, for a `--pages` file, which gets a fresh context, loads its page)
 * while the pool's open pages are measured, and does its Node-side part (queries, record, PNG hash and
 * write) while the next page is rendered. A generated page, rendered in a kept tab, loads when its turn
 * comes. Bytes do not change.
 */
export const GROUNDING_LOOKAHEAD = 1;

/** Scenario families, in round-robin order. */
export const GROUNDING_FAMILIES: readonly string[] = FAMILY_NAMES;

/** Run configuration of the grounding generator (validated by the CLI). */
export interface GroundingConfig {
  families: string[];
  locales: GroundingLocale[];
  themes: GroundingTheme[];
  /** User scenario files (from `--scenarios`), loaded after the built-in ones. */
  scenarios?: string[];
}

/** A record before the shard writer adds `image`, plus its screenshot. */
export interface GroundingSample {
  record: Omit<GroundingRecord, 'image'>;
  png: Buffer;
}

/** Sample a scenario: in a worker thread of `workers` when given, else here. */
function scenarioOf(workers: GroundingWorkers | undefined, cfg: GroundingConfig, seed: number, index: number): Promise<ScenarioTaskResult> | ScenarioTaskResult {
  return workers ? workers.run<ScenarioTaskResult>('scenario', [cfg, seed, index]) : tasks.scenario(cfg, seed, index);
}

/** Write the queries and build the record: in a worker thread of `workers` when given, else here (after a breath). */
async function recordOf(workers: GroundingWorkers | undefined, t: RecordTask): Promise<Omit<GroundingRecord, 'image'>> {
  if (workers) return workers.run<Omit<GroundingRecord, 'image'>>('record', [t]);
  await breathe();
  const r = tasks.record(t);
  await breathe();
  return r;
}

/**
 * Parse a `--families` value: `all`, or a comma-separated list of family names or prefixes ending in
 * `*` (`desktop.windows.*`, `mobile.*`). Families from `scenarioFiles` (`--scenarios`) count too;
 * `all` includes them.
 * @throws UsageError (via `badValue('--families', …)`) naming the first unknown value and the allowed ones.
 */
export function resolveFamilies(spec: string, scenarioFiles: readonly string[] = []): string[] {
  const known = [...scenarioIndex(scenarioFiles).keys()];
  const s = spec.trim();
  if (s === 'all') return known;
  const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) throw badValue('--families', spec, [...known, 'all']);
  const out: string[] = [];
  for (const p of parts) {
    const hits = p.endsWith('*') ? known.filter((k) => k.startsWith(p.slice(0, -1))) : known.includes(p) ? [p] : [];
    if (hits.length === 0) throw badValue('--families', p, [...known, 'all', "a prefix ending in * ('desktop.windows.*'; only a trailing * matches)"]);
    for (const h of hits) if (!out.includes(h)) out.push(h);
  }
  return out;
}

function hittestSummary(cap: CaptureResult): Omit<GroundingRecord, 'image'>['hittest'] {
  return { candidates: cap.candidates, accepted: cap.targets.length, rejected: cap.rejected, ...(cap.warnings.length ? { warnings: cap.warnings } : {}) };
}

/** The query writer's input read off a capture (the caller adds what it knows of the page). */
function writerInput(cap: CaptureResult, locale: string, seed: number, index: number): RecordTask['writer'] {
  const { targets, pageTexts, rejectedTargets, textRuns, unpainted } = cap;
  return { targets, locale, recordId: recordId('grounding', seed, index), pageTexts, rejectedTargets, textRuns, unpainted };
}

/** The record's fields but `image` and `queries`: identity, generator, the page (`where`), targets, hit-test summary. */
function recordFields(
  cap: CaptureResult,
  seed: number,
  index: number,
  where: Pick<RecordTask['fields'], 'platform' | 'locale' | 'context'>,
): RecordTask['fields'] {
  return { id: recordId('grounding', seed, index), kind: 'grounding', generator: { ...GROUNDING_GENERATOR }, seed, index, ...where, targets: cap.targets, hittest: hittestSummary(cap) };
}

/**
 * Generate grounding sample `index` of run `seed`: sample the scenario, render and hit-test it in
 * `pool`, write the queries. The record is validated against the schema (without `image`).
 * @param capture optional capture options (hit-test acceptance policy, e.g. from `--min-points`)
 * @param workers worker threads for the scenario sampling and the query writing (the same bytes; the main
 *   thread stays free for the browser meanwhile); without it both run in this thread
 * @throws SampleError (`no_targets`, or any capture failure) — the shard writer retries or skips it.
 * @throws WorkerExitError (generators/worker-pool.ts) when a worker thread died during the sample (a bug)
 */
export async function groundingSample(
  pool: BrowserPool,
  cfg: GroundingConfig,
  seed: number,
  index: number,
  capture?: CaptureOptions,
  workers?: GroundingWorkers,
): Promise<GroundingSample> {
  const { scenario: sc, iconCounts } = await scenarioOf(workers, cfg, seed, index);
  const cap = await captureAndHitTest(
    pool,
    { html: sc.html },
    { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale },
    capture,
  );
  if (cap.targets.length === 0) throw new SampleError(`no accepted targets on ${sc.family}`, 'no_targets');
  const record = await recordOf(workers, {
    querySeed: sampleSeed('grounding', seed, index, 'queries'),
    writer: { ...writerInput(cap, sc.locale, seed, index), hints: sc.hints, family: sc.family, negatives: sc.negatives, iconCounts },
    fields: recordFields(cap, seed, index, {
      platform: sc.platform,
      locale: sc.locale,
      context: { scenario: sc.family, persona: personaLabel(sc.persona), theme: sc.theme, viewport: sc.viewport, dpr: sc.dpr, page: null, params: sc.params },
    }),
  });
  return { record, png: cap.png };
}

/**
 * `--pages` mode: capture, hit-test and annotate an existing HTML file. The record has
 * `context.page = displayPath` (the path as the user gave it), platform `web`, scenario `user.page`,
 * theme `light`; queries use the generic phrase tables (no hints) and the generic negative list.
 * @param file absolute path of the HTML file
 * @param capture optional capture options (hit-test acceptance policy, e.g. from `--min-points`)
 * @param workers worker threads for the query writing (see {@link groundingSample})
 * @throws SampleError when the page cannot be captured or has no accepted targets
 * @throws WorkerExitError (generators/worker-pool.ts) when a worker thread died during the sample (a bug)
 */
export async function groundingFromPage(
  pool: BrowserPool,
  file: string,
  displayPath: string,
  opts: { viewport: { width: number; height: number }; dpr: number; mobile: boolean; locale: string },
  seed: number,
  index: number,
  capture?: CaptureOptions,
  workers?: GroundingWorkers,
): Promise<GroundingSample> {
  // failures name the page (the shard's rejects file otherwise only has the sample index)
  const cap = await captureAndHitTest(pool, { file }, { viewport: opts.viewport, dpr: opts.dpr, mobile: opts.mobile, touch: opts.mobile, colorScheme: 'light', locale: opts.locale }, capture).catch(
    (e: unknown) => {
      if (e instanceof SampleError && !e.message.includes(displayPath)) throw new SampleError(`${displayPath}: ${e.message}`, e.reason);
      throw e;
    },
  );
  if (cap.targets.length === 0) throw new SampleError(`no accepted targets in ${displayPath}`, 'no_targets');
  const record = await recordOf(workers, {
    querySeed: sampleSeed('grounding', seed, index, 'queries', displayPath),
    writer: { ...writerInput(cap, opts.locale, seed, index), family: null, negativeSources: 'unseen' },
    fields: recordFields(cap, seed, index, {
      platform: 'web',
      locale: opts.locale,
      context: { scenario: 'user.page', persona: null, theme: 'light', viewport: opts.viewport, dpr: opts.dpr, page: displayPath, params: { mobile: opts.mobile } },
    }),
  });
  return { record, png: cap.png };
}
