/**
 * Writes reward/golden_cases.jsonl: hand-specified (completion, ground_truth, expected) cases for the RL
 * reward. The expected scores are written here by hand from the rules (the strict rules documented in score/scorer.ts), never
 * computed by either implementation; test/reward.test.ts checks that the TypeScript reward and
 * reward/uisynth_reward.py both reproduce every one, and that this file is up to date.
 *
 * Run: `node bin/run-ts.js scripts/gen-golden-cases.ts`
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goldenCases } from '../test/reward-golden-cases.js';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'reward', 'golden_cases.jsonl');
const cases = goldenCases();
writeFileSync(out, cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
process.stdout.write(`${cases.length} cases -> ${out}\n`);
