/**
 * `uisynth verify` (issue 13 "Done when"): a dataset whose records are right passes every check; after
 * one record's point is corrupted (moved onto the other button, a consistent dataset otherwise: shard
 * hash updated), verify reports exactly that record and target, and that the real click hit the other
 * button (known from the fixture's CSS, not from uisynth). CAPTCHA: a corrupted gold answer fails, the
 * perturbations of intact records are all rejected, and the JUnit XML validates against the schema.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VerifyReport } from '../regress/verify.js';
import { perturbations } from '../regress/perturbations.js';
import { scoreCaptcha } from '../score/scorer.js';
import type { CaptchaRecord } from '../core/schema.js';
import { ROOT, run, writeToolbarScenario } from './regress-fixture.js';

let dir: string;
const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Rewrite line `i` of shard 0 with `edit` and keep the manifest's shard hash consistent. */
function editRecord(data: string, i: number, edit: (r: Record<string, unknown>) => void): string {
  const f = join(data, 'shard-00000.jsonl');
  const lines = readFileSync(f, 'utf8').split('\n').filter(Boolean);
  const r = JSON.parse(lines[i]!) as Record<string, unknown>;
  edit(r);
  lines[i] = JSON.stringify(r);
  const body = lines.join('\n') + '\n';
  writeFileSync(f, body);
  const m = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
  m.shards[0].sha256 = sha(body);
  writeFileSync(join(data, 'manifest.json'), JSON.stringify(m, null, 2) + '\n');
  return r.id as string;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uisynth-verify-'));
  const g = run('grounding', '--scenarios', writeToolbarScenario(join(dir, 'sc')), '--families', 'web.regress-*', '--count', '2', '--out', join(dir, 'g'), '--quiet');
  expect(g.code, g.err).toBe(0);
  const c = run('captcha', '--types', 'group:slider_puzzle,rotate_*,text_*', '--count', '6', '--out', join(dir, 'c'), '--quiet');
  expect(c.code, c.err).toBe(0);
});

describe('uisynth verify: grounding', () => {
  it('a correct dataset passes every click and query check', () => {
    const r = run('verify', join(dir, 'g'), '--json');
    expect(r.code, r.err).toBe(0);
    const rep = JSON.parse(r.out) as VerifyReport;
    expect(rep.failures).toEqual([]);
    // two targets (Save, Open) per record, each really clicked
    expect(rep.overall.clicks).toEqual({ checked: 4, passed: 4 });
    expect(rep.by_stratum['web.regress-toolbar']!.records).toBe(2);
  });

  it('a corrupted point is reported as exactly that target, with what was hit instead', () => {
    // t0 (Save, CSS box [20,20,120,60]) gets a point inside Open ([150,20,250,60])
    const id = editRecord(join(dir, 'g'), 1, (r) => {
      const t = (r.targets as Array<{ tid: string; point: number[] }>).find((x) => x.tid === 't0')!;
      t.point = [200, 40];
    });
    const r = run('verify', join(dir, 'g'), '--json');
    expect(r.code).toBe(4);
    const rep = JSON.parse(r.out) as VerifyReport;
    expect(rep.overall.clicks).toEqual({ checked: 4, passed: 3 });
    const clicks = rep.failures.filter((f) => f.check === 'click');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ id, tid: 't0', selector: '#save', point: [200, 40] });
    expect(clicks[0]!.hit![0]).toBe('button#open.rt-b.rt-open');
    // every failure is about that record's t0 (the click, and its point no longer inside its bbox)
    expect(rep.failures.every((f) => f.id === id && f.tid === 't0')).toBe(true);
    expect(rep.failures.map((f) => f.check).sort()).toEqual(['click', 'query']);
    const txt = run('verify', join(dir, 'g'));
    expect(txt.out).toContain(`${id} [web.regress-toolbar] click: click at [200,40] on t0 (#save) hit button#open.rt-b.rt-open`);
  });
});

describe('uisynth verify: CAPTCHA', () => {
  it('every perturbation of an intact gold answer is rejected by the strict scorer', () => {
    const recs = readFileSync(join(dir, 'c', 'shard-00000.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as CaptchaRecord);
    for (const r of recs) {
      expect(scoreCaptcha(r, r.solution.actions).score).toBe(1);
      const ps = perturbations(r);
      expect(ps.map((p) => p.name)).toEqual(expect.arrayContaining(['drop_last', 'extra_action', 'miss']));
      for (const p of ps) expect(scoreCaptcha(r, p.actions), `${r.id} ${p.name}`).toMatchObject({ score: 0 });
    }
  });

  it('a corrupted gold answer fails; JUnit XML validates against the JUnit schema', async () => {
    const id = editRecord(join(dir, 'c'), 0, (r) => {
      const sol = r.solution as { actions: Array<Record<string, unknown>> };
      const a = sol.actions[0]!;
      if ('start' in a) a.start = [0, 0];
      else if ('point' in a) a.point = [0, 0];
    });
    const junit = join(dir, 'verify.xml');
    const r = run('verify', join(dir, 'c'), '--json', '--junit', junit);
    expect(r.code).toBe(4);
    const rep = JSON.parse(r.out) as VerifyReport;
    expect(rep.failures.filter((f) => f.check === 'gold').map((f) => f.id)).toEqual([id]);
    expect(rep.overall.gold).toEqual({ checked: 6, passed: 5 });
    const v = await validateXML({ xml: [{ fileName: 'verify.xml', contents: readFileSync(junit, 'utf8') }], schema: [{ fileName: 'JUnit.xsd', contents: readFileSync(join(ROOT, 'test/fixtures/junit/JUnit.xsd'), 'utf8') }] });
    expect(v.errors).toEqual([]);
    expect(readFileSync(junit, 'utf8')).toMatch(/<failure message="1 failure\(s\), e\.g\. captcha-0-0000000: gold answer scores 0/);
  });
});
