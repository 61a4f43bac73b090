/**
 * Golden sets and `uisynth regress` (issue 13 "Done when"), through the real CLI on a small user
 * scenario whose geometry is fixed by its CSS (absolute positions at dpr 1), so the expected label
 * values and the edited pixel area follow from the CSS edit, not from our own code:
 * - unchanged inputs -> "no drift" (exit 0);
 * - `.rt-open` moved 50 CSS px right -> "labels changed" (exit 5) naming record, `targets[1].bbox` and
 *   the before/after boxes; nothing about the other button changes;
 * - only the swatch's colour changed -> "pixels changed only" (exit 6) with a diff PNG whose changed
 *   pixels are exactly the swatch's 60x30 rectangle;
 * - the same drift with other font versions than the golden's -> "environment changed" (exit 7);
 * - the JUnit XML validates against the Ant JUnit schema (test/fixtures/junit/JUnit.xsd) with libxml2
 *   (xmllint-wasm) and parses with fast-xml-parser;
 * - `--accept` rewrites the golden set, after which the edited inputs regress as "no drift".
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countDiffPixels } from '../regress/pixels.js';
import type { RegressReport } from '../regress/regress.js';
import { ROOT, TOOLBAR_CSS, run, writeToolbarScenario } from './regress-fixture.js';

let dir: string;
let sc: string;
const report = (out: string): RegressReport => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as RegressReport;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uisynth-regress-'));
  sc = join(dir, 'sc');
  writeToolbarScenario(sc);
  const g = run('grounding', '--scenarios', join(sc, '*.yaml'), '--families', 'web.regress-*', '--count', '1', '--out', join(dir, 'data'), '--quiet');
  expect(g.code, g.err).toBe(0);
  const p = run('golden', join(dir, 'data'), '--out', join(dir, 'golden'), '--sample', '5');
  expect(p.code, p.err).toBe(0);
  expect(p.out).toMatch(/pinned 1 grounding records .*\n.*small enough to commit/);
});

describe('uisynth golden', () => {
  it('is a valid dataset with regeneration info', () => {
    const v = run('validate', join(dir, 'golden'));
    expect(v.code, v.out).toBe(0);
    const info = JSON.parse(readFileSync(join(dir, 'golden', 'golden.json'), 'utf8'));
    expect(info.samples).toEqual([{ id: 'grounding-0-0000000', index: 0, shard: 'shard-00000.jsonl', image: 'images/shard-00000/grounding-0-0000000.png', stratum: 'web.regress-toolbar' }]);
    expect(info.environment.chromium).toMatch(/^Chromium \d+\./);
    expect(info.environment.fonts['@fontsource/inter']).toBe(JSON.parse(readFileSync(join(ROOT, 'node_modules/@fontsource/inter/package.json'), 'utf8')).version);
    expect(Object.keys(info.inputs)).toEqual(expect.arrayContaining([join(sc, 'rt.yaml'), join(sc, 'rt.hbs'), join(sc, 'rt.css'), 'scenarios/web.yaml']));
    expect(info.config.families).toEqual(['web.regress-toolbar']);
  });
});

describe('uisynth regress', () => {
  it('unchanged inputs: no drift (exit 0)', () => {
    const out = join(dir, 'r0');
    const r = run('regress', join(dir, 'golden'), '--out', out, '--quiet');
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toMatch(/verdict: no drift \(exit 0\)/);
    expect(report(out).counts).toMatchObject({ records: 1, no_drift: 1 });
  });

  it('a moved button: labels changed (exit 5), naming record, field and values', () => {
    writeFileSync(join(sc, 'rt.css'), TOOLBAR_CSS.replace('.rt-open { left: 150px; }', '.rt-open { left: 200px; }'));
    const out = join(dir, 'r1');
    const r = run('regress', join(dir, 'golden'), '--out', out, '--quiet');
    expect(r.code, r.out + r.err).toBe(5);
    expect(r.out).toContain('grounding-0-0000000 [web.regress-toolbar]');
    expect(r.out).toContain('targets[1].bbox (t1): [150,20,250,60] -> [200,20,300,60]');
    const rec = report(out).records[0]!;
    expect(rec.status).toBe('labels changed');
    // CSS box: left 150 -> 200, top 20, 100 x 40 at dpr 1
    expect(rec.labels.find((d) => d.path === 'targets[1].bbox')).toEqual({ path: 'targets[1].bbox', field: 'bbox', tid: 't1', before: [150, 20, 250, 60], after: [200, 20, 300, 60] });
    expect(rec.labels.find((d) => d.path === 'targets[1].point')).toMatchObject({ before: [200, 40], after: [250, 40] });
    expect(rec.labels.every((d) => d.path.startsWith('targets[1].'))).toBe(true);
    expect(report(out).inputs_changed.map((c) => c.path)).toEqual([join(sc, 'rt.css')]);
    for (const f of ['before.png', 'after.png', 'diff.png', 'before-labels.png', 'after-labels.png', 'before.json', 'after.json']) expect(existsSync(join(out, 'records', rec.id, f)), f).toBe(true);
  });

  it('a colour-only edit: pixels changed only (exit 6), the diff PNG marks exactly the edited area; JUnit validates', async () => {
    writeFileSync(join(sc, 'rt.css'), TOOLBAR_CSS.replace('#3366cc', '#cc3366'));
    const out = join(dir, 'r2');
    const junit = join(dir, 'junit.xml');
    const r = run('regress', join(dir, 'golden'), '--out', out, '--junit', junit, '--threshold', '0', '--quiet');
    expect(r.code, r.out + r.err).toBe(6);
    const rec = report(out).records[0]!;
    expect(rec.status).toBe('pixels changed only');
    expect(rec.labels).toEqual([]);
    // the swatch: left 20, top 200, 60 x 30 CSS px at dpr 1
    const d = await countDiffPixels(readFileSync(join(out, rec.files!.diff!)));
    expect(d).toEqual({ count: 60 * 30, box: [20, 200, 80, 230] });
    expect(rec.pixels).toMatchObject({ changed: 1800, total: 400 * 300, changed_box: [20, 200, 80, 230] });

    const xml = readFileSync(junit, 'utf8');
    const v = await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [{ fileName: 'JUnit.xsd', contents: readFileSync(join(ROOT, 'test/fixtures/junit/JUnit.xsd'), 'utf8') }] });
    expect(v.errors).toEqual([]);
    expect(v.valid).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = doc.testsuites.testsuite;
    expect(suite).toMatchObject({ name: 'uisynth.regress', tests: '1', failures: '1', errors: '0' });
    expect(suite.testcase).toMatchObject({ name: 'grounding-0-0000000', classname: 'uisynth.regress.web.regress-toolbar', failure: { type: 'pixels changed only' } });
    expect(suite.testcase.failure.message).toBe('1800 px changed in [20,200,80,230]');
    // the schema is not vacuous: the same document without a required attribute is rejected
    const bad = await validateXML({ xml: [{ fileName: 'bad.xml', contents: xml.replace(/ package="[^"]*"/, '') }], schema: [{ fileName: 'JUnit.xsd', contents: readFileSync(join(ROOT, 'test/fixtures/junit/JUnit.xsd'), 'utf8') }] });
    expect(bad.valid).toBe(false);
  });

  it('drift with other font versions than the golden\'s: environment changed (exit 7)', () => {
    const f = join(dir, 'golden', 'golden.json');
    const text = readFileSync(f, 'utf8');
    const info = JSON.parse(text);
    const inter = info.environment.fonts['@fontsource/inter'];
    info.environment.fonts['@fontsource/inter'] = '0.0.1';
    writeFileSync(f, JSON.stringify(info, null, 2) + '\n');
    try {
      const out = join(dir, 'r-env');
      const r = run('regress', join(dir, 'golden'), '--out', out, '--quiet');
      expect(r.code, r.out + r.err).toBe(7);
      expect(report(out).environment.changes).toEqual([`@fontsource/inter: 0.0.1 -> ${inter}`]);
      expect(report(out).verdict).toBe('environment changed');
    } finally {
      writeFileSync(f, text);
    }
  });

  it('--accept rewrites the golden set; the accepted state then shows no drift', () => {
    const a = run('regress', join(dir, 'golden'), '--out', join(dir, 'r3'), '--accept', '--quiet');
    expect(a.code, a.out + a.err).toBe(0);
    expect(a.out).toMatch(/--accept: golden set rewritten/);
    expect(run('validate', join(dir, 'golden')).code).toBe(0);
    const r = run('regress', join(dir, 'golden'), '--out', join(dir, 'r4'), '--quiet');
    expect(r.code, r.out + r.err).toBe(0);
  });

  it('a directory that is not a golden set is a one-line usage error', () => {
    const r = run('regress', join(dir, 'data'), '--out', join(dir, 'r5'));
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(/^uisynth: GOLDEN_DIR: .* has no golden.json \(make one with `uisynth golden DATA_DIR --out .*`\)$/);
  });
});
