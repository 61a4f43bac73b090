/**
 * Gallery server (issue 14): the page, its scripts, and a JSON API over a server-side index of the
 * dataset(s) (gallery/catalog.ts). Listens on 127.0.0.1 only.
 *
 * Security (item 6): the page is static and fills every dataset value in as text (no HTML built from
 * data); every response carries a strict Content-Security-Policy (scripts only from this origin, no inline
 * script or style, no plugins, no framing); requests whose `Host` header is not this server's loopback
 * address are refused (DNS rebinding); only files allowed by gallery/files.ts are read.
 *
 * Routes (all GET):
 * - `/`, `/app.js`, `/app.css`: the page; `/vendor/chart.umd.min.js`: Chart.js from node_modules.
 * - `/api/datasets`: `[{n, name, kind, records, eval}]`.
 * - `/api/query?ds=N&<facet>=v…&q=text&offset=&limit=`: `{total, all, facets, items, eval}` (one page).
 * - `/api/record?ds=N&i=I&<filter>`: the record, its place in the filtered list (prev/next), its verdicts.
 * - `/api/stats?ds=N&<filter>`: facet counts, point heatmap, answer position per CAPTCHA type.
 * - `/thumb/N/I`, `/image/N/I`: record I's thumbnail (WebP) and full image.
 * - `/api/reports`, `/api/report?r=N`, `/regress/N/I/<file key>`: `uisynth regress` report directories
 *   found next to the datasets (their `report.json` and the PNGs its records name in `files`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createReadStream, existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../core/errors.js';
import { Catalog, FACETS, parseFilter, type Entry, type QueryResult } from './catalog.js';
import { imageFile, RefusedPath } from './files.js';
import { defaultThumbDir, thumbnail } from './thumbs.js';
import { scoreDataset } from '../dataset/score.js';
import type { ItemVerdict, ScoreReport, TypeScore } from '../score/report.js';
import type { CoordConvention } from '../core/coords.js';

const PAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'page');
const CHART_JS = join(dirname(createRequire(import.meta.url).resolve('chart.js')), 'chart.umd.min.js');
const STATIC: Record<string, { file: string; type: string }> = {
  '/': { file: join(PAGE_DIR, 'index.html'), type: 'text/html; charset=utf-8' },
  '/index.html': { file: join(PAGE_DIR, 'index.html'), type: 'text/html; charset=utf-8' },
  '/app.js': { file: join(PAGE_DIR, 'app.js'), type: 'text/javascript; charset=utf-8' },
  '/app.css': { file: join(PAGE_DIR, 'app.css'), type: 'text/css; charset=utf-8' },
  '/vendor/chart.umd.min.js': { file: CHART_JS, type: 'text/javascript; charset=utf-8' },
};

/** The Content-Security-Policy of every response. */
export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; font-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Is `dir` a `uisynth regress` report directory (`report.json` with format `uisynth-regress/1`)? */
function isRegressReport(dir: string): boolean {
  const f = join(dir, 'report.json');
  if (!existsSync(f)) return false;
  try {
    return (JSON.parse(readFileSync(f, 'utf8')) as { format?: unknown }).format === 'uisynth-regress/1';
  } catch {
    return false;
  }
}

/**
 * What the gallery opens below `root`: datasets (a `manifest.json`) and `uisynth regress` report
 * directories (a `report.json`), either `root` itself or its direct subdirectories.
 * @throws UsageError when there is neither
 */
export function findSources(root: string): { datasets: Array<{ name: string; dir: string }>; reports: Array<{ name: string; dir: string }> } {
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`DIR: ${root} is not a directory`, 'DIR');
  const abs = realpathSync(root);
  const self = root.replace(/\/+$/, '').split('/').pop() || root;
  if (existsSync(join(abs, 'manifest.json'))) return { datasets: [{ name: self, dir: abs }], reports: [] };
  if (isRegressReport(abs)) return { datasets: [], reports: [{ name: self, dir: abs }] };
  const subs = readdirSync(abs).sort().map((d) => ({ name: d, dir: join(abs, d) }));
  const datasets = subs.filter((d) => existsSync(join(d.dir, 'manifest.json'))).map((d) => ({ name: d.name, dir: realpathSync(d.dir) }));
  const reports = subs.filter((d) => isRegressReport(d.dir)).map((d) => ({ name: d.name, dir: realpathSync(d.dir) }));
  if (datasets.length + reports.length === 0)
    throw new UsageError(`DIR: no manifest.json (dataset) or report.json (regress report) in ${root} or its subdirectories (generate data first, e.g. npm run demo)`, 'DIR');
  return { datasets, reports };
}

/** Datasets below `root`: `[{name, dir}]` (see {@link findSources}). Throws UsageError when there are none. */
export function findDatasets(root: string): Array<{ name: string; dir: string }> {
  const d = findSources(root).datasets;
  if (d.length === 0) throw new UsageError(`DIR: no manifest.json in ${root} or its subdirectories (generate data first, e.g. npm run demo)`, 'DIR');
  return d;
}

/** Options of {@link serveGallery}. */
export interface GalleryOptions {
  /** Port; 0 picks a free one. */
  port: number;
  /** Predictions JSONL to score and show (dataset/score.ts format); applied to every dataset whose ids match. */
  predictions?: string;
  /** Coordinate convention of the predictions (default abs). */
  coords?: string | CoordConvention;
  /** Thumbnail cache directory (default gallery/thumbs.ts `defaultThumbDir`). */
  thumbDir?: string;
  /**
   * Where the scoring notes go (one line each, no newline): the scorer's warnings and how many predictions
   * matched no item, per dataset. Default: the terminal (stderr).
   */
  log?: (line: string) => void;
  /** Called once `root` is known to hold datasets or reports, before any of them is read (the CLI's "indexing" line). */
  onIndexing?: () => void;
}

/**
 * The part of a `uisynth regress` report (`report.json`, format `uisynth-regress/1`) the gallery reads:
 * the verdict, and per record its status, label differences and report files (paths relative to the
 * report directory: before / after / diff / before_labels / after_labels PNGs).
 */
interface RegressReportFile {
  format: 'uisynth-regress/1';
  verdict: string;
  kind: string;
  records: Array<{ id: string; stratum: string; status: string; files?: Record<string, string> }>;
}

interface Loaded {
  name: string;
  dir: string;
  kind: string;
  catalog: Catalog;
  /** The `uisynth score` report for the predictions, or null. */
  report: ScoreReport | null;
  /** Why predictions did not apply to this dataset, or null. */
  evalNote: string | null;
}

/** Does an item match the `verdict` / `reason` selection of the URL (empty selection: every item)? */
function itemFilter(sp: URLSearchParams): (v: ItemVerdict) => boolean {
  const verdicts = new Set(sp.getAll('verdict'));
  const reasons = new Set(sp.getAll('reason'));
  return (v) => (verdicts.size === 0 || verdicts.has(v.verdict)) && (reasons.size === 0 || (v.verdict !== 'pass' && reasons.has(v.reason)));
}

/** Pass@1 per type over the verdicts of the given entries that pass `keep` (items, not records). */
function passByType(entries: Entry[], keep: (v: ItemVerdict) => boolean = () => true): { items: number; correct: number; pass_at_1: number; by_type: Record<string, TypeScore> } {
  const by: Record<string, TypeScore> = {};
  let items = 0;
  let correct = 0;
  for (const e of entries)
    for (const v of (e.verdicts ?? []).filter(keep)) {
      const t = (by[v.type] ??= { n: 0, correct: 0, missing: 0, pass_at_1: 0 });
      t.n++;
      items++;
      if (v.verdict === 'pass') (t.correct++, correct++);
      if (v.verdict === 'missing') t.missing++;
    }
  for (const t of Object.values(by)) t.pass_at_1 = t.n ? t.correct / t.n : 0;
  return { items, correct, pass_at_1: items ? correct / items : 0, by_type: Object.fromEntries(Object.entries(by).sort(([a], [b]) => (a < b ? -1 : 1))) };
}

/**
 * Index the dataset(s) under `root` and start the gallery.
 * @returns the URL (`http://127.0.0.1:PORT/`), the server, and `close()` which stops the background
 *   thumbnail warm-up, waits for it and closes the server; resolves once listening
 * @throws UsageError for a missing dataset, a bad predictions file, or a port in use
 */
export async function serveGallery(root: string, portOrOpts: number | GalleryOptions): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const o: GalleryOptions = typeof portOrOpts === 'number' ? { port: portOrOpts } : portOrOpts;
  const thumbDir = o.thumbDir ?? defaultThumbDir();
  const sets: Loaded[] = [];
  const sources = findSources(root);
  o.onIndexing?.();
  const reports: Array<{ name: string; dir: string; report: RegressReportFile }> = [];
  for (const r of sources.reports) reports.push({ ...r, report: JSON.parse(await readFile(join(r.dir, 'report.json'), 'utf8')) as RegressReportFile });
  for (const s of sources.datasets) {
    let manifest: { kind?: string; shards?: unknown };
    try {
      manifest = JSON.parse(await readFile(join(s.dir, 'manifest.json'), 'utf8')) as typeof manifest;
    } catch (e) {
      throw new UsageError(`${join(s.dir, 'manifest.json')}: not valid JSON (${(e as Error).message})`, 'DIR');
    }
    const catalog = await Catalog.build(s.dir, { shards: Array.isArray(manifest.shards) ? (manifest.shards as Array<{ file: string }>) : [] });
    let report: ScoreReport | null = null;
    let evalNote: string | null = null;
    if (o.predictions) {
      const items: ItemVerdict[] = [];
      try {
        report = await scoreDataset(s.dir, o.predictions, o.coords ?? 'abs', (it) => void items.push(it));
        catalog.attachVerdicts(items);
        const log = o.log ?? ((l: string) => void process.stderr.write(`${l}\n`));
        log(`gallery: ${s.name}: pass@1 ${(report.pass_at_1 * 100).toFixed(1)}% (${report.correct} / ${report.items} items, ${report.missing} missing, ${report.unknown_predictions} predictions match no item)`);
        for (const w of report.warnings ?? []) log(`gallery: ${s.name}: warning: ${w}`);
      } catch (e) {
        if (!(e instanceof UsageError)) throw e;
        if (/does not exist|not a file|not valid JSON|needs string|duplicate/.test(e.message)) throw e;
        evalNote = e.message;
      }
    }
    sets.push({ name: s.name, dir: s.dir, kind: typeof manifest.kind === 'string' ? manifest.kind : '?', catalog, report, evalNote });
  }
  if (o.predictions && sets.length && sets.every((s) => !s.report)) throw new UsageError(sets[0]!.evalNote ?? '--predictions: no prediction matches', '--predictions');

  // Recent query results (paging, stats and record navigation reuse the same filter).
  const recent = new Map<string, QueryResult>();
  const query = (set: Loaded, sp: URLSearchParams): QueryResult => {
    const f = parseFilter(sp);
    const key = `${sets.indexOf(set)}|${f.q}|${[...f.sel.entries()].map(([k, v]) => `${k}=${[...v].sort().join('\u0001')}`).join('&')}`;
    let r = recent.get(key);
    if (r) recent.delete(key);
    else r = set.catalog.query(f);
    recent.set(key, r);
    if (recent.size > 16 + sets.length) recent.delete(recent.keys().next().value!);
    return r;
  };

  // The unfiltered view of every dataset is what the page asks for first: count it now.
  for (const set of sets) query(set, new URLSearchParams());

  let allowedHosts = new Set<string>();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const headers = {
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    };
    const send = (code: number, body: string | Buffer, type = 'text/plain; charset=utf-8'): void => {
      res.writeHead(code, { ...headers, 'content-type': type });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const json = (v: unknown): void => send(200, JSON.stringify(v), 'application/json; charset=utf-8');
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) return send(421, 'unexpected Host header (the gallery answers only on its own loopback address)');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      return send(400, 'bad URL');
    }
    // no icon: answer "no content" so the browser stops asking (and no 404 shows in its console)
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204, headers);
      return void res.end();
    }
    const st = STATIC[url.pathname];
    if (st) return send(200, await readFile(st.file), st.type);
    const sp = url.searchParams;
    const setOf = (v: string | null | undefined): Loaded | undefined => (v !== null && v !== undefined && /^\d+$/.test(v) ? sets[Number(v)] : undefined);
    if (url.pathname === '/api/datasets')
      return json(sets.map((s, n) => ({ n, name: s.name, kind: s.kind, records: s.catalog.entries.length, eval: s.report, eval_note: s.evalNote })));
    if (url.pathname === '/api/facets') return json(FACETS);
    if (url.pathname === '/api/reports')
      return json(reports.map((r, n) => ({ n, name: r.name, verdict: r.report.verdict, kind: r.report.kind, records: Array.isArray(r.report.records) ? r.report.records.length : 0 })));
    if (url.pathname === '/api/report') {
      const r = reports[Number(sp.get('r') ?? '0')];
      if (!r) return send(404, 'no such report');
      return json(r.report);
    }
    const rf = /^\/regress\/(\d+)\/(\d+)\/([a-z_]+)$/.exec(url.pathname);
    if (rf) {
      const r = reports[Number(rf[1])];
      const rec = Array.isArray(r?.report.records) ? r.report.records[Number(rf[2])] : undefined;
      const rel = rec?.files?.[rf[3]!];
      if (!r || typeof rel !== 'string') return send(404, 'no such report file');
      let img;
      try {
        img = await imageFile(r.dir, rel);
      } catch (err) {
        if (err instanceof RefusedPath) return send(403, `refused: ${err.message}`);
        return send(404, `image missing (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      }
      res.writeHead(200, { ...headers, 'content-type': img.type, 'content-length': img.size });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(img.path).pipe(res);
      return;
    }
    if (url.pathname === '/api/query' || url.pathname === '/api/stats') {
      const set = setOf(sp.get('ds') ?? '0');
      if (!set) return send(404, 'no such dataset');
      const r = query(set, sp);
      if (url.pathname === '/api/stats')
        return json({ total: r.total, all: r.all, facets: r.facets, heatmap: set.catalog.heatmap(r.matches), heatmap_n: 32, answer_x_by_type: set.catalog.crossTab(r.matches, 'type', 'answer_x') });
      const offset = Math.max(0, Number(sp.get('offset')) || 0);
      const limit = Math.min(500, Math.max(0, Number(sp.get('limit') ?? 60) || 0));
      const items = r.matches.slice(offset, offset + limit).map((i) => {
        const e = set.catalog.entries[i]!;
        const v = e.verdicts;
        return {
          i, id: e.id, kind: e.kind, title: e.title, subtitle: e.subtitle, error: e.error, image: e.image,
          verdict: v ? (v.length === 1 ? v[0]!.verdict : `${v.filter((x) => x.verdict === 'pass').length}/${v.length} pass`) : null,
        };
      });
      let evalSummary = null;
      if (set.report) {
        const keep = itemFilter(sp);
        const ents = r.matches.map((i) => set.catalog.entries[i]!);
        // the failing items (queries for grounding) of the filtered records that match the verdict / reason selection
        const failing: Array<{ i: number; id: string; qid: string | null; type: string; verdict: string; reason: string }> = [];
        let failingTotal = 0;
        for (const e of ents)
          for (const v of e.verdicts ?? [])
            if (v.verdict !== 'pass' && keep(v) && failingTotal++ < 200) failing.push({ i: e.i, id: e.id, qid: v.qid, type: v.type, verdict: v.verdict, reason: v.reason });
        evalSummary = { ...passByType(ents, keep), failing, failing_total: failingTotal };
      }
      return json({ total: r.total, all: r.all, offset, facets: r.facets, items, eval: evalSummary });
    }
    if (url.pathname === '/api/record') {
      const set = setOf(sp.get('ds') ?? '0');
      const i = Number(sp.get('i'));
      const e = set && Number.isInteger(i) ? set.catalog.entries[i] : undefined;
      if (!set || !e) return send(404, 'no such record');
      const r = query(set, sp);
      const pos = r.matches.indexOf(i);
      const nav = { pos, total: r.total, prev: pos > 0 ? r.matches[pos - 1] : null, next: pos >= 0 && pos + 1 < r.matches.length ? r.matches[pos + 1] : null };
      const where = { i, id: e.id, shard: set.catalog.shards[e.shard]?.file ?? null, line: e.line };
      if (e.error) return json({ ...where, error: e.error, record: null, nav, verdicts: null });
      let record: unknown = null;
      let error: string | null = null;
      try {
        record = JSON.parse(await set.catalog.line(e));
      } catch (err) {
        error = `${where.shard}:${e.line}: cannot read the record (${(err as Error).message}); the shard changed since the gallery started?`;
      }
      return json({ ...where, error, record, nav, verdicts: e.verdicts });
    }
    const m = /^\/(thumb|image)\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (m) {
      const set = sets[Number(m[2])];
      const e = set?.catalog.entries[Number(m[3])];
      if (!set || !e) return send(404, 'no such record');
      if (!e.image) return send(404, 'record has no image');
      let img;
      try {
        img = await imageFile(set.dir, e.image.path);
      } catch (err) {
        if (err instanceof RefusedPath) return send(403, `refused: ${err.message}`);
        return send(404, `image missing (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      }
      if (m[1] === 'image') {
        res.writeHead(200, { ...headers, 'content-type': img.type, 'content-length': img.size, 'cache-control': 'private, max-age=60' });
        if (req.method === 'HEAD') return void res.end();
        createReadStream(img.path).pipe(res);
        return;
      }
      let thumb: string;
      try {
        thumb = await thumbnail(img, thumbDir);
      } catch (err) {
        return send(422, `cannot make a thumbnail (${(err as Error).message})`);
      }
      res.writeHead(200, { ...headers, 'content-type': 'image/webp', 'cache-control': 'private, max-age=3600' });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(thumb).pipe(res);
      return;
    }
    send(404, 'not found');
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // Our bug: log the stack on the server, one line to the page.
      process.stderr.write(`gallery: ${(e as Error).stack ?? String(e)}\n`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': CSP });
      res.end('internal error (see the gallery terminal)');
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(e.code === 'EADDRINUSE' ? new UsageError(`--port: ${o.port} is in use; pick another or --port 0`, '--port') : e),
    );
    server.listen(o.port, '127.0.0.1', () => ok());
  });
  // Make the first grid page's thumbnails now, one at a time in the background, before the browser asks.
  let stopped = false;
  const warming = (async () => {
    for (const set of sets)
      for (const e of set.catalog.entries.slice(0, 60)) {
        if (stopped) return;
        if (e.image) await imageFile(set.dir, e.image.path).then((img) => thumbnail(img, thumbDir)).catch(() => undefined);
      }
  })();
  const close = async (): Promise<void> => {
    stopped = true;
    await warming;
    await new Promise<void>((ok) => server.close(() => ok()));
  };
  const addr = server.address();
  const p = typeof addr === 'object' && addr ? addr.port : o.port;
  allowedHosts = new Set([`127.0.0.1:${p}`, `localhost:${p}`]);
  return { url: `http://127.0.0.1:${p}/`, server, close };
}
