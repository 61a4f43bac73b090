/**
 * The grounding generator's CPU-bound, browser-free steps as plain-data functions: building a scenario page
 * and writing a record's queries. generators/grounding/index.ts calls them either in this thread or, with a
 * {@link GroundingWorkers} pool (what `uisynth grounding` uses), in a worker thread (generators/worker-pool.ts), so
 * the main thread stays free for the browser's replies while they run (issue 16 item 6). Arguments and
 * results are structured-clone-able data; every result is a pure function of its arguments, so the bytes
 * are the same in either thread.
 */
import { Rng } from '../../core/rng.js';
import { GroundingRecord } from '../../core/schema.js';
import { WorkerPool } from '../worker-pool.js';
import { sampleScenario, type Scenario, type ScenarioConfig } from './scenarios.js';
import { iconCounts, toRecordQueries, writeQueries, type QueryWriterInput } from './queries.js';

const RecordNoImage = GroundingRecord.omit({ image: true });

/** A sampled scenario and the icon counts of its HTML (what the query writer needs of the markup). */
export interface ScenarioTaskResult {
  scenario: Scenario;
  iconCounts: Record<string, number>;
}

/** Sample scenario `index` of run `seed` (generators/grounding/scenarios.ts `sampleScenario`) and count its icons. */
export function scenario(cfg: ScenarioConfig, seed: number, index: number): ScenarioTaskResult {
  const sc = sampleScenario(cfg, seed, index);
  return { scenario: sc, iconCounts: iconCounts(sc.html) };
}

/** What {@link record} needs: the writer's input with its RNG's seed instead of the RNG, and the record's other fields. */
export interface RecordTask {
  /** Seed string of the queries' RNG (`sampleSeed(..., 'queries', ...)`). */
  querySeed: string;
  writer: Omit<QueryWriterInput, 'rng'>;
  /** Every field of the record but `image` and `queries`. */
  fields: Omit<GroundingRecord, 'image' | 'queries'>;
}

/**
 * Write the queries and return the schema-checked record without `image`.
 * @throws ZodError when the record does not match the schema (a bug)
 */
export function record(t: RecordTask): Omit<GroundingRecord, 'image'> {
  const queries = writeQueries({ ...t.writer, rng: new Rng(t.querySeed) });
  const { hittest, ...rest } = t.fields;
  return RecordNoImage.parse({ ...rest, queries: toRecordQueries(queries), hittest });
}

/**
 * Worker threads running this module's tasks (one by default: on a 2-core machine the browser needs the other
 * core). Create once per run, pass to `groundingSample` / `groundingFromPage`, {@link WorkerPool.close} at the end.
 */
export class GroundingWorkers extends WorkerPool {
  constructor(size = 1) {
    super(new URL(import.meta.url), size);
  }
}
