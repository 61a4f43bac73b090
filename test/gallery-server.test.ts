/**
 * Gallery server without a browser: path containment (traversal, symlinks out refused, symlinked image
 * storage served), Host header check, CSP on every response, broken shards and missing images reported per
 * record, and facet counts checked against counts computed here from the records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, readFile, rename, rm, symlink, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { serveGallery, CSP } from '../gallery/server.js';
import { insideRoot, RefusedPath } from '../gallery/files.js';
import { writeCaptcha, writeGrounding, writeRegressReport } from './gallery-fixtures.js';

let base: string;
const servers: Array<() => Promise<void>> = [];

/** GET with an explicit Host header (fetch does not allow setting it). */
function get(url: string, host?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const u = new URL(url);
  return new Promise((ok, fail) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers: host ? { host } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}
async function start(dir: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { url, close } = await serveGallery(dir, { port: 0, thumbDir: join(base, 'thumbs'), ...extra });
  servers.push(close);
  return url;
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-gallery-srv-'));
});
afterAll(async () => {
  for (const close of servers) await close();
  await rm(base, { recursive: true, force: true });
});

describe('path containment', () => {
  it('insideRoot refuses absolute paths, .. segments, NUL and backslashes', () => {
    const root = '/data/set';
    expect(insideRoot(root, 'images/a.png')).toBe('/data/set/images/a.png');
    for (const bad of ['../x.png', 'images/../../x.png', '/etc/passwd', 'a\0.png', 'images\\..\\x.png', ''])
      expect(() => insideRoot(root, bad), bad).toThrow(RefusedPath);
  });

  it('serves images by record index: traversal and symlinks out refused, symlinked storage inside the root served', async () => {
    const d = join(base, 'paths');
    const recs = await writeCaptcha(d, 6);
    // record 0: traversal in image.path; 1: absolute path; 2: file symlink out to a non-image;
    // 3: its image directory moved elsewhere and symlinked back (user storage); 4: image missing; 5: normal.
    const secret = join(base, 'secret.txt');
    await writeFile(secret, 'top secret');
    await mkdir(join(d, 'evil'), { recursive: true });
    await symlink(secret, join(d, 'evil', 'leak.png'));
    const store = join(base, 'storage');
    await mkdir(store, { recursive: true });
    await mkdir(join(d, 'images', 'moved'), { recursive: true });
    await rename(join(d, recs[3].image.path), join(store, 'c3.png'));
    await rm(join(d, 'images', 'moved'), { recursive: true });
    await symlink(store, join(d, 'images', 'moved'));
    recs[0].image.path = '../secret.txt';
    recs[1].image.path = secret;
    recs[2].image.path = 'evil/leak.png';
    recs[3].image.path = 'images/moved/c3.png';
    recs[4].image.path = 'images/shard-00000/nope.png';
    await writeFile(join(d, 'shard-00000.jsonl'), recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const url = await start(d);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await get(`${url}image/0/${i}`)).status);
    expect(codes).toEqual([403, 403, 403, 200, 404, 200]);
    const served = await get(`${url}image/0/3`);
    expect(served.body.equals(await readFile(join(store, 'c3.png')))).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    for (let i = 0; i < 3; i++) expect((await get(`${url}image/0/${i}`)).body.toString()).not.toContain('top secret');
    // thumbnails follow the same rules and are WebP
    expect((await get(`${url}thumb/0/2`)).status).toBe(403);
    const th = await get(`${url}thumb/0/3`);
    expect(th.status).toBe(200);
    expect(th.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // no route serves a path from the URL
    for (const p of ['data/0/manifest.json', 'data/0/../../secret.txt', '..%2f..%2fsecret.txt', 'image/0/../../../secret.txt', 'app.js/../../secret.txt'])
      expect((await get(`${url}${p}`)).body.toString(), p).not.toContain('top secret');
    // the missing image says why, for the page to show inline
    expect((await get(`${url}image/0/4`)).body.toString()).toMatch(/image missing \(ENOENT\)/);
  });
});

describe('headers and robustness', () => {
  it('refuses a foreign Host header (DNS rebinding) and sends the CSP on every response', async () => {
    const d = join(base, 'hdr');
    await writeGrounding(d);
    const url = await start(d);
    const port = new URL(url).port;
    expect((await get(`${url}api/datasets`, `evil.example:${port}`)).status).toBe(421);
    expect((await get(`${url}api/datasets`, `127.0.0.1.evil.example:${port}`)).status).toBe(421);
    expect((await get(`${url}api/datasets`, '127.0.0.1:1')).status).toBe(421);
    expect((await get(`${url}api/datasets`, `localhost:${port}`)).status).toBe(200);
    for (const p of ['', 'app.js', 'app.css', 'api/datasets', 'api/query?ds=0', 'image/0/0', 'thumb/0/0', 'nope', 'vendor/chart.umd.min.js']) {
      const r = await get(`${url}${p}`);
      expect(r.headers['content-security-policy'], p).toBe(CSP);
      expect(r.headers['x-content-type-options'], p).toBe('nosniff');
    }
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).not.toContain('unsafe-inline');
    const html = (await get(url)).body.toString();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]|\son[a-z]+=|style=/i); // no inline script, handler or style
  });

  it('a line that is not JSON and a missing shard become error entries; the rest is browsable', async () => {
    const d = join(base, 'broken');
    await writeCaptcha(d, 3);
    await appendFile(join(d, 'shard-00000.jsonl'), '{"id": "half a record\n');
    const m = JSON.parse(await readFile(join(d, 'manifest.json'), 'utf8'));
    m.shards.push({ file: 'shard-00001.jsonl', start: 4, end: 5, records: 1, sha256: 'x' }, { file: '../../etc/passwd', start: 5, end: 6, records: 1, sha256: 'x' });
    await writeFile(join(d, 'manifest.json'), JSON.stringify(m));
    const url = await start(d);
    const q = JSON.parse((await get(`${url}api/query?ds=0&limit=10`)).body.toString());
    expect(q.total).toBe(6);
    const errs = q.items.filter((i: { error: string | null }) => i.error).map((i: { error: string }) => i.error);
    expect(errs).toEqual(['shard-00000.jsonl:4: not valid JSON', 'shard-00001.jsonl: cannot read (ENOENT)', '../../etc/passwd: path leaves the dataset (..)']);
    expect(new Map(q.facets.kind)).toEqual(new Map([['captcha', 3], ['(error)', 3]]));
    const rec = JSON.parse((await get(`${url}api/record?ds=0&i=3`)).body.toString());
    expect(rec).toMatchObject({ record: null, error: 'shard-00000.jsonl:4: not valid JSON', line: 4 });
  });
});

describe('index', () => {
  it('facet counts and search equal counts computed from the records', async () => {
    const d = join(base, 'idx');
    const recs = await writeGrounding(d);
    const url = await start(d);
    const api = async (qs: string) => JSON.parse((await get(`${url}api/query?ds=0&${qs}`)).body.toString());
    const all = await api('');
    const oracle: Record<string, (r: any) => string[]> = {
      platform: (r) => [r.platform],
      locale: (r) => [r.locale],
      family: (r) => [r.context.scenario],
      dpr: (r) => [String(r.context.dpr)],
      role: (r) => [...new Set<string>(r.targets.map((t: any) => t.role))],
      style: (r) => [...new Set<string>(r.queries.map((q: any) => q.style))],
      rejection: (r) => Object.keys(r.hittest.rejected),
      size: (r) => [`${r.image.width}×${r.image.height}`],
    };
    for (const [facet, of] of Object.entries(oracle)) {
      const want = new Map<string, number>();
      for (const r of recs) for (const v of of(r)) want.set(v, (want.get(v) ?? 0) + 1);
      expect(new Map(all.facets[facet]), facet).toEqual(want);
      for (const [v, n] of want) expect((await api(`${facet}=${encodeURIComponent(v)}`)).total, `${facet}=${v}`).toBe(n);
    }
    // two facets AND, two values of one facet OR
    const n = recs.filter((r) => r.platform === 'desktop.macos' && (r.locale === 'en-US' || r.locale === 'zh-CN')).length;
    expect((await api('platform=desktop.macos&locale=en-US&locale=zh-CN')).total).toBe(n);
    // live count of an unselected value = matches if it were added
    const only = await api('platform=web');
    expect(new Map(only.facets.platform).get('mobile.ios')).toBe(recs.filter((r) => r.platform === 'mobile.ios').length);
    expect(only.facets.locale).toEqual([['en-US', 1]]);
    // free text over queries, names and ids
    expect((await api('q=TARGET%202%20OF%20RECORD')).total).toBe(recs.filter((r) => r.queries.some((q: any) => q.text.includes('target 2 of record'))).length);
    expect((await api('q=grounding-1-0000001')).total).toBe(1);
  });
});

describe('regress reports', () => {
  it('a folder holding a dataset and a regress report serves both; report images stay inside the report', async () => {
    const root = join(base, 'mixed');
    await writeCaptcha(join(root, 'data'), 2);
    const rep = await writeRegressReport(join(root, 'regress-out'));
    await writeFile(join(base, 'outside.png'), await readFile(join(root, 'regress-out', rep.records[0].files.diff)));
    const url = await start(root);
    expect(JSON.parse((await get(`${url}api/datasets`)).body.toString()).map((d: any) => d.name)).toEqual(['data']);
    expect(JSON.parse((await get(`${url}api/reports`)).body.toString())).toEqual([{ n: 0, name: 'regress-out', verdict: 'labels changed', kind: 'captcha', records: 3 }]);
    expect(JSON.parse((await get(`${url}api/report?r=0`)).body.toString()).records[0].labels).toEqual(rep.records[0].labels);
    const diff = await get(`${url}regress/0/0/diff`);
    expect(diff.status).toBe(200);
    expect(diff.body.equals(await readFile(join(root, 'regress-out', rep.records[0].files.diff)))).toBe(true);
    expect((await get(`${url}regress/0/1/diff`)).status).toBe(403); // ../../outside.png
    expect((await get(`${url}regress/0/2/diff`)).status).toBe(404); // no files for an unchanged record
    // a report directory alone opens too
    const only = await start(join(root, 'regress-out'));
    expect(JSON.parse((await get(`${only}api/datasets`)).body.toString())).toEqual([]);
    expect(JSON.parse((await get(`${only}api/reports`)).body.toString())).toHaveLength(1);
  });
});
