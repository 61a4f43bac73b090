import { describe, expect, it, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');
function run(...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 240_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}
/** A user mistake: non-zero exit, one line on stderr, no stack trace. */
function expectUsage(r: { code: number; err: string }, re: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.err).toMatch(re);
  expect(r.err).not.toMatch(/\n\s+at /);
  expect(r.err.trim().split('\n'), r.err).toHaveLength(1);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uisynth-cli-'));
});

describe('CLI usage errors are one clear line', () => {
  it('unknown flag names the allowed flags', () => expectUsage(run('captcha', '--colour', 'red'), /unknown option '--colour'; allowed: --count, .*--types/));
  it('missing argument', () => expectUsage(run('validate'), /validate: missing required argument 'dir'/));
  it('unknown command', () => expectUsage(run('frobnicate'), /unknown command 'frobnicate'/));
  it('bad --coords names the allowed values', () =>
    expectUsage(run('score', dir, '--predictions', 'x.jsonl', '--coords', 'pixels'), /abs, norm1, norm1000/));
  it('missing dataset', () => expectUsage(run('validate', join(dir, 'nope')), /does not exist/));
  it('gallery of a directory that does not exist: its one line, nothing announced first', () => expectUsage(run('gallery', join(dir, 'nope')), /^uisynth: DIR: .*nope is not a directory\n$/));
  it('bad --count', () => expectUsage(run('captcha', '--count', '-3', '--out', join(dir, 'x')), /--count: expected an integer/));
  it('numbers must be plain decimals (no empty value, hex, binary, octal)', async () => {
    const { intOpt, numOpt } = await import('../cli/options.js');
    for (const v of ['', ' ', '0x1', '0b11', '0o7', '7.5', 'abc', '1e1']) expect(() => intOpt('--min-points', v, 0, 9), `'${v}'`).toThrow(/--min-points: expected an integer in \[0, 9\]/);
    for (const v of ['', ' ', '0x2', '0b1', 'Infinity', 'NaN', '1,5']) expect(() => numOpt('--dpr', v, 0.5, 4), `'${v}'`).toThrow(/--dpr: expected a number in \[0.5, 4\]/);
    expect(intOpt('--min-points', '8', 0, 9)).toBe(8);
    expect(numOpt('--dpr', '2.625', 0.5, 4)).toBe(2.625);
    expect(numOpt('--min-visible', '.95', 0, 1)).toBe(0.95);
    expectUsage(run('grounding', '--pages', 'x/*.html', '--min-points', '', '--out', join(dir, 'y')), /--min-points: expected an integer in \[0, 9\], got ''/);
  });
  it('bad --context', () => expectUsage(run('captcha', '--context', 'tv', '--out', join(dir, 'x')), /--context: unknown value 'tv'; allowed: mobile, web, all/));
  it('bad --viewport', () => expectUsage(run('grounding', '--pages', 'x/*.html', '--viewport', 'big'), /--viewport: expected WIDTHxHEIGHT/));
  it('--help works on every command', () => {
    for (const c of ['grounding', 'captcha', 'validate', 'types', 'score', 'gallery', 'demo']) {
      const r = run(c, '--help');
      expect(r.code, c).toBe(0);
      expect(r.out, c).toMatch(/Usage: uisynth/);
    }
  });
});

describe('CLI end to end (captcha)', () => {
  it('generates, validates and scores gold answers at 100%; a later bad run leaves shards intact', () => {
    const out = join(dir, 'c');
    const g = run('captcha', '--count', '16', '--seed', '5', '--out', out, '--shard-size', '8', '--quiet');
    expect(g.code, g.err).toBe(0);
    const v = run('validate', out);
    expect(v.code, v.out).toBe(0);
    expect(v.out).toMatch(/OK — 2 shard\(s\), 16 records, 16 images/);
    const before = readFileSync(join(out, 'shard-00000.jsonl'), 'utf8');
    const preds = before.trim().split('\n').concat(readFileSync(join(out, 'shard-00001.jsonl'), 'utf8').trim().split('\n'))
      .map((l) => JSON.parse(l)).map((r) => JSON.stringify({ id: r.id, output: r.solution.text })).join('\n');
    const pf = join(dir, 'gold.jsonl');
    writeFileSync(pf, preds);
    const s = run('score', out, '--predictions', pf, '--json');
    expect(s.code, s.err).toBe(0);
    expect(JSON.parse(s.out)).toMatchObject({ items: 16, correct: 16, pass_at_1: 1 });
    expectUsage(run('captcha', '--count', '16', '--seed', '5', '--out', out, '--types', 'nope'), /--types: unknown value 'nope'; allowed: /);
    expect(readFileSync(join(out, 'shard-00000.jsonl'), 'utf8')).toBe(before);
    expect(readdirSync(out).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });
});

describe('hit-test warnings reach the user', () => {
  it('--pages with a sandboxed frame: record hittest.warnings, manifest stats, one stderr line', () => {
    const out = join(dir, 'warn');
    const r = run('grounding', '--pages', join(import.meta.dirname, 'fixtures', 'pages', 'iframe-transformed.html'), '--viewport', '800x600', '--out', out, '--quiet');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/hit-test warnings \(pages\): .*frame not reachable \(cross-origin or sandboxed\), its content is not hit-tested ×1/);
    const shard = readdirSync(out).find((f) => /^shard-\d+\.jsonl$/.test(f))!;
    const rec = JSON.parse(readFileSync(join(out, shard), 'utf8').trim().split('\n')[0]!);
    expect(rec.hittest.warnings.some((w: string) => w.startsWith('frame not reachable'))).toBe(true);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.stats.hittest_warnings['frame not reachable (cross-origin or sandboxed), its content is not hit-tested']).toBe(1);
  });
});

describe('--pages failures name the page', () => {
  it('a mobile page without a viewport meta tag: the rejects file names the page and says what to do', () => {
    const pages = join(dir, 'mob');
    mkdirSync(pages, { recursive: true });
    writeFileSync(join(pages, 'no-meta.html'), '<!doctype html><html><body><button>Fine</button></body></html>');
    const out = join(dir, 'mob-out');
    const r = run('grounding', '--pages', join(pages, '*.html'), '--mobile', '--viewport', '390x844', '--out', out, '--quiet');
    expect(r.code).toBe(4);
    const rej = readFileSync(join(out, 'shard-00000.rejects.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rej).toHaveLength(1);
    expect(rej[0].reason).toBe('viewport_scale');
    expect(rej[0].message).toContain(join(pages, 'no-meta.html'));
    expect(rej[0].message).toMatch(/meta name="viewport"/);
  });
});
