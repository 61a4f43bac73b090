import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reward, rewardDetail, parseGroundTruth } from '../score/reward.js';
import { formatActions } from '../core/actions.js';
import { parseCompletion, ParseError } from '../score/parse.js';
import type { Action } from '../core/actions.js';
import { goldenCases, type GoldenCase } from './reward-golden-cases.js';

const ROOT = join(import.meta.dirname, '..');
const GOLDEN = join(ROOT, 'reward', 'golden_cases.jsonl');
const PY = join(ROOT, 'reward', 'uisynth_reward.py');
const cases: GoldenCase[] = readFileSync(GOLDEN, 'utf8').trim().split('\n').map((l) => JSON.parse(l));

const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
if (!hasPython) console.warn('SKIPPED: python3 not found — reward/uisynth_reward.py was NOT checked against the golden cases');

describe('golden cases', () => {
  it('the committed file is what scripts/gen-golden-cases.ts writes, with >= 200 cases covering every rule', () => {
    expect(cases).toEqual(JSON.parse(JSON.stringify(goldenCases())));
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const rules = new Set(cases.map((c) => c.rule));
    for (const r of ['grounding', 'refusal', 'coords-abs', 'coords-norm1', 'coords-norm1000', 'coords-norm1000-1000', 'coords-qwen25', 'coords-qwen25-budget',
      'coords-qwen25-round-half-even', 'coords-override', 'click-sequence', 'click-set-submit', 'click-any', 'long-press', 'double-click', 'text-entry',
      'text-entry-case', 'drag', 'drag-left', 'drag-qwen25', 'pair', 'presses', 'presses-wrap', 'presses-maze'])
      expect(rules, r).toContain(r);
    expect(cases.some((c) => c.expected === 1)).toBe(true);
    expect(cases.some((c) => c.expected === 0)).toBe(true);
  });

  it('TypeScript reward gives the expected score on every case', () => {
    const wrong = cases
      .map((c) => ({ c, got: rewardDetail(c.ground_truth, c.completion, c.coords ? { coords: c.coords } : {}) }))
      .filter(({ c, got }) => got.score !== c.expected)
      .map(({ c, got }) => `${c.name}: got ${got.score} (${got.reason}), expected ${c.expected}`);
    expect(wrong).toEqual([]);
  });

  it.skipIf(!hasPython)('Python reward (python3, one process over all cases) gives the expected score on every case', () => {
    const input = cases.map((c) => JSON.stringify({ completion: c.completion, ground_truth: c.ground_truth, coords: c.coords ?? null })).join('\n');
    const r = spawnSync('python3', [PY], { input, encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const got = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(got.length).toBe(cases.length);
    const wrong = cases.map((c, i) => [c, got[i]] as const).filter(([c, g]) => g !== c.expected).map(([c, g]) => `${c.name}: got ${JSON.stringify(g)}, expected ${c.expected}`);
    expect(wrong).toEqual([]);
  });

  it.skipIf(!hasPython)('Python entry points: verl compute_score and the TRL reward_func adapter', () => {
    const c0 = cases.find((c) => c.name === 'grounding/venus inside')!;
    const c1 = cases.find((c) => c.name === 'grounding/venus x2 exclusive')!;
    const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(join(ROOT, 'reward'))})
from uisynth_reward import compute_score, reward_func
gt0, gt1 = ${JSON.stringify(c0.ground_truth)}, ${JSON.stringify(c1.ground_truth)}
print(json.dumps([
  compute_score("uisynth/grounding", ${JSON.stringify(c0.completion)}, gt0, {"index": 0}),
  compute_score("uisynth/grounding", ${JSON.stringify(c1.completion)}, gt1),
  reward_func([${JSON.stringify(c0.completion)}, [{"role": "assistant", "content": ${JSON.stringify(c0.completion)}}],
               [{"role": "assistant", "content": [{"type": "text", "text": ${JSON.stringify(c1.completion)}}]}]],
              ground_truth=[gt0, gt0, gt1], prompts=None),
]))`;
    const r = spawnSync('python3', ['-c', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([1, 0, [1, 1, 0]]);
  });
});

describe('reward API', () => {
  const gt = cases.find((c) => c.name === 'grounding/venus inside')!.ground_truth;
  it('accepts the JSON string or the parsed object; bad ground truths throw, bad completions score 0', () => {
    expect(reward(gt, 'Click(point=(150, 230))')).toBe(1);
    expect(reward(JSON.parse(gt), 'Click(point=(150, 230))')).toBe(1);
    expect(rewardDetail(gt, 'nonsense').reason).toMatch(/unparseable/);
    expect(() => parseGroundTruth('{"v":"other"}')).toThrow(/uisynth-reward\/1/);
    expect(() => parseGroundTruth({ ...JSON.parse(gt), kind: 'captcha', verifier: { kind: 'nope' } })).toThrow(/verifier/);
    expect(() => reward(gt, 'Click(point=(1,1))', { coords: 'pixels' })).toThrow(/--coords: unknown value 'pixels'/);
  });
});

describe('dialects', () => {
  const acts: Action[] = [
    { type: 'click', point: [12, 40] },
    { type: 'long_press', point: [1.5, 2.25] },
    { type: 'double_click', point: [3, 4] },
    { type: 'type', text: "it's (a)\nb\\c" },
    { type: 'drag', start: [5, 6], end: [305, 7] },
    { type: 'scroll', point: [9, 9], direction: 'down' },
    { type: 'refuse' },
  ];
  it('every dialect, with and without thinking, parses back to the same actions', () => {
    for (const d of ['venus', 'uitars'] as const)
      for (const think of [null, 'Step 1: look (carefully). Click(point=(0, 0)) would be wrong.']) {
        const text = formatActions(acts, d, think);
        expect(parseCompletion(text), `${d} ${think ? 'thinking' : ''}\n${text}`).toEqual(acts);
      }
  });
  it('writes the documented forms', () => {
    expect(formatActions([{ type: 'click', point: [966, 546] }], 'uitars')).toBe("Action: click(start_box='(966,546)')");
    expect(formatActions([{ type: 'drag', start: [1, 2], end: [3, 4] }], 'uitars')).toBe("Action: drag(start_box='(1,2)', end_box='(3,4)')");
    expect(formatActions([{ type: 'type', text: 'ab' }], 'uitars')).toBe("Action: type(content='ab')");
    expect(formatActions([{ type: 'long_press', point: [1, 2] }], 'uitars')).toBe("Action: long_press(start_box='(1,2)')");
    expect(formatActions([{ type: 'refuse' }], 'uitars')).toBe('Action: call_user()');
    expect(formatActions([{ type: 'click', point: [1, 2] }, { type: 'type', text: 'ab' }], 'uitars')).toBe("Action: click(start_box='(1,2)')\n\ntype(content='ab')");
    expect(formatActions([{ type: 'click', point: [966, 546] }], 'venus')).toBe('Click(point=(966, 546))');
    expect(formatActions([{ type: 'click', point: [1, 2] }], 'uitars', 'why')).toBe("Thought: why\nAction: click(start_box='(1,2)')");
    expect(formatActions([{ type: 'click', point: [1, 2] }], 'venus', 'why')).toBe('<think>\nwhy\n</think>\nClick(point=(1, 2))');
  });
  it('reads JSON actions and rejects unsupported ones', () => {
    expect(parseCompletion('{"action":"click","coordinate":[1,2]}')).toEqual([{ type: 'click', point: [1, 2] }]);
    expect(() => parseCompletion('{"action":"hover","coordinate":[1,2]}')).toThrow(ParseError);
    expect(() => parseCompletion("hotkey(key='ctrl c')")).toThrow(/unsupported/);
  });
});
