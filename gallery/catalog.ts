/**
 * The gallery's server-side index over every shard of a dataset (issue 14 items 1, 2, 4, 5): one compact
 * entry per record (facet values, search text, where its line lives in which shard), so the page asks for
 * one page of results, facet counts and chart data without ever loading all records.
 *
 * Facets (one table, {@link FACETS}): each record has zero or more values per facet; a filter selects
 * values, ORed within a facet and ANDed across facets. The count next to a value is the number of records
 * that would match if that value were selected in its facet with every other filter kept (the usual
 * faceted-search count), so counts stay live as filters change. A value's count ignores the selection in
 * its own facet (it is what you would get by adding it). Counts are records, except `verdict` and `reason`,
 * which count scored items (a grounding record holds one item per query).
 */
import { open, readFile } from 'node:fs/promises';
import type { Action } from '../core/actions.js';
import type { UisynthRecord } from '../core/schema.js';
import { shardFile, RefusedPath } from './files.js';
import type { ItemVerdict } from '../score/report.js';

/** Facet table: URL key, label in the page, which record kind it applies to. */
export const FACETS = [
  { key: 'kind', label: 'kind', of: 'all' },
  { key: 'type', label: 'CAPTCHA type', of: 'captcha' },
  { key: 'group', label: 'CAPTCHA group', of: 'captcha' },
  { key: 'difficulty', label: 'difficulty', of: 'captcha' },
  { key: 'context', label: 'CAPTCHA context', of: 'captcha' },
  { key: 'host', label: 'CAPTCHA host', of: 'captcha' },
  { key: 'answer_x', label: 'answer x in puzzle', of: 'captcha' },
  { key: 'family', label: 'grounding family', of: 'grounding' },
  { key: 'platform', label: 'platform', of: 'all' },
  { key: 'locale', label: 'locale', of: 'all' },
  { key: 'theme', label: 'theme', of: 'all' },
  { key: 'dpr', label: 'dpr', of: 'all' },
  { key: 'role', label: 'target role', of: 'grounding' },
  { key: 'style', label: 'query style', of: 'grounding' },
  { key: 'negatives', label: 'hard negatives', of: 'grounding' },
  { key: 'rejection', label: 'hit-test rejection', of: 'grounding' },
  { key: 'target_size', label: 'target size (√area px)', of: 'grounding' },
  { key: 'size', label: 'image size', of: 'all' },
  { key: 'verdict', label: 'verdict (items)', of: 'eval' },
  { key: 'reason', label: 'failure reason (items)', of: 'eval' },
] as const;
export type FacetKey = (typeof FACETS)[number]['key'];
const FI = Object.fromEntries(FACETS.map((f, i) => [f.key, i])) as Record<FacetKey, number>;

/** Bins of √(bbox area) in image px. */
const SIZE_BINS = [16, 32, 64, 128, 256];
function sizeBin(w: number, h: number): string {
  const s = Math.sqrt(Math.max(0, w) * Math.max(0, h));
  let i = 0;
  while (i < SIZE_BINS.length && s >= SIZE_BINS[i]!) i++;
  const lo = i === 0 ? 0 : SIZE_BINS[i - 1]!;
  const hi = SIZE_BINS[i];
  return hi === undefined ? `≥${lo}` : `${String(lo).padStart(3, '0')}–${hi}`;
}
/** Fifths of the puzzle width. */
function fifth(f: number): string {
  const i = Math.min(4, Math.max(0, Math.floor(f * 5)));
  return `${i * 20}–${i * 20 + 20}%`;
}

/** One record in the index. */
export interface Entry {
  /** Position in the dataset (0-based, shard order). */
  i: number;
  id: string;
  kind: string;
  /** Shard number in {@link Catalog.shards} and byte range of the line; -1 when the shard is unreadable. */
  shard: number;
  offset: number;
  length: number;
  /** 1-based line in the shard. */
  line: number;
  /** Why the record cannot be shown (bad JSON, missing shard…), or null. */
  error: string | null;
  /** Facet value ids by facet index (names in {@link Catalog.names}). */
  vals: number[][];
  /** Lower-cased text searched by the free-text box: id, queries, instructions, target names and texts. */
  text: string;
  title: string;
  subtitle: string;
  image: { path: string; width: number; height: number } | null;
  /** Normalised points ([0,1]², x,y interleaved) of targets (grounding) or answer clicks (CAPTCHA), for the heatmap. */
  points: Float32Array;
  /** Verdicts of this record's items when predictions were loaded. */
  verdicts: ItemVerdict[] | null;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

function actionPoints(a: Action): Array<[number, number]> {
  if (!a || typeof a !== 'object') return [];
  if (a.type === 'drag') return [a.start, a.end];
  return 'point' in a && Array.isArray(a.point) ? [a.point] : [];
}

const inBox = (p: [number, number], b: unknown): boolean =>
  Array.isArray(b) && b.length === 4 && p[0] >= Number(b[0]) && p[0] <= Number(b[2]) && p[1] >= Number(b[1]) && p[1] <= Number(b[3]);

/**
 * The decisive point of a CAPTCHA answer (image px), binned by the `answer_x` facet and the bias chart:
 * where the answer is, not where the first action starts. Per verifier kind:
 * - `drag`, `drag_y`, `drags`: the end point of the last drag (the drop; the start is the handle, placed by the layout);
 * - `click`, `pair`, `presses`: the last click that is not inside `verifier.submit_box` (the last answer click
 *   before submitting);
 * - `text_entry`: none (the answer is text; the input box click is layout, not answer);
 * - any other kind: the last point of the last action with a point.
 * Returns null when the actions hold no such point.
 */
export function decisivePoint(verifier: unknown, actions: Action[]): [number, number] | null {
  const v = (verifier && typeof verifier === 'object' ? verifier : {}) as { kind?: unknown; submit_box?: unknown };
  const ok = (p: unknown): p is [number, number] => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'number' && Number.isFinite(x));
  const acts = actions.filter((a) => a && typeof a === 'object');
  if (v.kind === 'text_entry') return null;
  if (v.kind === 'drag' || v.kind === 'drag_y' || v.kind === 'drags') {
    const d = acts.filter((a) => a.type === 'drag').pop() as { end?: unknown } | undefined;
    return d && ok(d.end) ? d.end : null;
  }
  if (v.kind === 'click' || v.kind === 'pair' || v.kind === 'presses') {
    const c = acts.filter((a): a is Action & { point: [number, number] } => a.type === 'click' && ok((a as { point?: unknown }).point) && !inBox((a as { point: [number, number] }).point, v.submit_box)).pop();
    return c ? c.point : null;
  }
  const pts = acts.flatMap((a) => actionPoints(a).filter(ok));
  return pts.length ? pts[pts.length - 1]! : null;
}

/** Build the entry of a parsed record. Never throws for odd field types (a crafted record is shown, not fatal). */
/** An entry whose facet values are still strings (interned by {@link Catalog.build}). */
type RawEntry = Omit<Entry, 'vals'> & { vals: string[][] };

function summarise(r: UisynthRecord, base: Pick<Entry, 'i' | 'shard' | 'offset' | 'length' | 'line'>): RawEntry {
  const vals: string[][] = FACETS.map(() => []);
  const set = (k: FacetKey, ...v: unknown[]): void => {
    const out = vals[FI[k]]!;
    for (const x of v) {
      const s = str(x);
      if (s !== '' && !out.includes(s)) out.push(s);
    }
  };
  const ctx = (r.context ?? {}) as Partial<UisynthRecord['context']>;
  const img = r.image && typeof r.image === 'object' ? r.image : null;
  const W = Number(img?.width) || 1;
  const H = Number(img?.height) || 1;
  set('kind', r.kind);
  set('platform', r.platform);
  set('locale', r.locale);
  set('theme', ctx.theme);
  set('dpr', ctx.dpr === undefined ? '' : String(ctx.dpr));
  if (img) set('size', `${img.width}×${img.height}`);
  const pts: number[] = [];
  const text: unknown[] = [r.id];
  let title = '';
  let subtitle = '';
  if (r.kind === 'captcha') {
    const c = (r.captcha ?? {}) as Partial<UisynthRecord & { kind: 'captcha' }>['captcha'] & object;
    set('type', c.type);
    set('group', c.group);
    set('difficulty', c.difficulty);
    set('context', ctx.scenario);
    set('host', (ctx.params as Record<string, unknown> | undefined)?.host);
    const acts = arr<Action>(r.solution?.actions);
    const pb = arr<number>(c.puzzle_box);
    const dp = decisivePoint(r.verifier, acts);
    if (dp && pb.length === 4 && pb[2]! > pb[0]!) set('answer_x', fifth((dp[0] - pb[0]!) / (pb[2]! - pb[0]!)));
    for (const a of acts) for (const [x, y] of actionPoints(a)) pts.push(x / W, y / H);
    text.push(c.type, c.instruction, ...Object.values(c.instructions ?? {}));
    title = str(c.type);
    subtitle = str(c.instruction);
  } else if (r.kind === 'grounding') {
    set('family', ctx.scenario);
    const targets = arr<Record<string, unknown>>(r.targets);
    const queries = arr<Record<string, unknown>>(r.queries);
    for (const t of targets) {
      set('role', t.role);
      const b = arr<number>(t.bbox);
      if (b.length === 4) set('target_size', sizeBin(b[2]! - b[0]!, b[3]! - b[1]!));
      const p = arr<number>(t.point);
      if (p.length === 2) pts.push(p[0]! / W, p[1]! / H);
      text.push(t.name, t.text);
    }
    for (const q of queries) {
      set('style', q.style);
      text.push(q.text);
    }
    set('negatives', queries.some((q) => q.tid === null) ? 'with hard negatives' : 'none');
    set('rejection', ...Object.keys((r.hittest?.rejected as Record<string, number> | undefined) ?? {}));
    title = str(ctx.scenario);
    subtitle = `${targets.length} targets · ${queries.length} queries`;
  } else {
    title = 'unknown kind';
    subtitle = str((r as { kind?: unknown }).kind);
  }
  return {
    ...base,
    id: str(r.id),
    kind: str(r.kind),
    error: null,
    vals,
    text: text.map(str).join('\n').toLowerCase(),
    title,
    subtitle,
    image: img ? { path: str(img.path), width: W, height: H } : null,
    points: Float32Array.from(pts),
    verdicts: null,
  };
}

function broken(base: Pick<Entry, 'i' | 'shard' | 'offset' | 'length' | 'line'>, id: string, error: string): RawEntry {
  const vals: string[][] = FACETS.map(() => []);
  vals[FI.kind] = ['(error)'];
  return { ...base, id, kind: '(error)', error, vals, text: `${id}\n${error}`.toLowerCase(), title: 'unreadable record', subtitle: error, image: null, points: new Float32Array(0), verdicts: null };
}

/** Filter state: selected values per facet, plus free text. */
export interface Filter {
  sel: Map<number, Set<string>>;
  q: string;
}

/** Read a filter from URL search params (`facet=value` repeated, `q=text`). Unknown keys are ignored. */
export function parseFilter(sp: URLSearchParams): Filter {
  const sel = new Map<number, Set<string>>();
  for (const f of FACETS) {
    const v = sp.getAll(f.key);
    if (v.length) sel.set(FI[f.key], new Set(v));
  }
  return { sel, q: (sp.get('q') ?? '').trim().toLowerCase() };
}

/** Result of {@link Catalog.query}. */
export interface QueryResult {
  total: number;
  all: number;
  /** Per facet key: `[value, count]` by count, then value. Only facets with at least one value. */
  facets: Record<string, Array<[string, number]>>;
  /** Entry indices matching the filter, in dataset order. */
  matches: number[];
}

/** A dataset's index. Build with {@link Catalog.build}. */
export class Catalog {
  /** Per facet: value name by id. */
  readonly names: string[][] = FACETS.map(() => []);
  private readonly ids: Array<Map<string, number>> = FACETS.map(() => new Map());
  readonly entries: Entry[] = [];

  private constructor(
    readonly root: string,
    readonly shards: Array<{ file: string; path: string | null }>,
  ) {}

  /** The id of a facet value, made on first sight. */
  private intern(k: number, v: string): number {
    let id = this.ids[k]!.get(v);
    if (id === undefined) {
      id = this.names[k]!.length;
      this.names[k]!.push(v);
      this.ids[k]!.set(v, id);
    }
    return id;
  }

  private add(e: RawEntry): void {
    this.entries.push({ ...e, vals: e.vals.map((vs, k) => vs.map((v) => this.intern(k, v))) });
  }

  /**
   * Index every shard listed in `manifest.shards` of the dataset at `root` (a real, absolute path).
   * A missing or refused shard and a line that is not JSON become error entries, shown in the page.
   */
  static async build(root: string, manifest: { shards: Array<{ file: string; records?: number }> }): Promise<Catalog> {
    const shards: Array<{ file: string; path: string | null }> = [];
    const cat = new Catalog(root, shards);
    for (const s of arr<{ file: string; records?: number }>(manifest.shards)) {
      const n = shards.length;
      const file = str(s?.file);
      let path: string | null = null;
      let buf: Buffer | null = null;
      try {
        path = await shardFile(root, file);
        buf = await readFile(path);
      } catch (e) {
        const why = e instanceof RefusedPath ? e.message : `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
        shards.push({ file, path: null });
        cat.add(broken({ i: cat.entries.length, shard: -1, offset: 0, length: 0, line: 0 }, file, `${file}: ${why}`));
        continue;
      }
      shards.push({ file, path });
      let start = 0;
      let line = 0;
      while (start < buf.length) {
        let end = buf.indexOf(10, start);
        if (end < 0) end = buf.length;
        line++;
        if (end > start) {
          const base = { i: cat.entries.length, shard: n, offset: start, length: end - start, line };
          let r: unknown;
          try {
            r = JSON.parse(buf.toString('utf8', start, end));
          } catch {
            cat.add(broken(base, `${file}:${line}`, `${file}:${line}: not valid JSON`));
            start = end + 1;
            continue;
          }
          if (r === null || typeof r !== 'object' || Array.isArray(r)) cat.add(broken(base, `${file}:${line}`, `${file}:${line}: not a record object`));
          else {
            try {
              cat.add(summarise(r as UisynthRecord, base));
            } catch (e) {
              cat.add(broken(base, `${file}:${line}`, `${file}:${line}: malformed record (${(e as Error).message})`));
            }
          }
        }
        start = end + 1;
      }
    }
    return cat;
  }

  /**
   * Attach per-item verdicts (from dataset/score.ts) to their records: fills the `verdict` and `reason` facets.
   * These two facets hold one value per item (per query for grounding, repeats kept), so their counts count
   * items, not records; filtering on them keeps the records holding at least one such item.
   */
  attachVerdicts(items: ItemVerdict[]): void {
    const byId = new Map<string, Entry>();
    for (const e of this.entries) if (!e.error && !byId.has(e.id)) byId.set(e.id, e);
    for (const it of items) {
      const e = byId.get(it.id);
      if (!e) continue;
      (e.verdicts ??= []).push(it);
      for (const [k, v] of [[FI.verdict, it.verdict], [FI.reason, it.verdict === 'pass' ? '' : it.reason]] as const) {
        if (!v) continue;
        e.vals[k]!.push(this.intern(k, v));
      }
    }
  }

  /** Filter, count and list (see the module comment for count semantics). */
  query(f: Filter): QueryResult {
    const nf = FACETS.length;
    const counts = this.names.map((n) => new Int32Array(n.length));
    const matches: number[] = [];
    // selected values as flags by id; a selected value no record has matches nothing
    const sel: Array<[number, Uint8Array]> = [...f.sel.entries()].map(([k, want]) => {
      const flags = new Uint8Array(this.names[k]!.length);
      for (const v of want) {
        const id = this.ids[k]!.get(v);
        if (id !== undefined) flags[id] = 1;
      }
      return [k, flags];
    });
    for (const e of this.entries) {
      if (f.q && !e.text.includes(f.q)) continue;
      let failed = -1;
      let fails = 0;
      for (const [k, flags] of sel) {
        const vs = e.vals[k]!;
        let hit = false;
        for (let j = 0; j < vs.length; j++) if (flags[vs[j]!]) { hit = true; break; }
        if (!hit) {
          fails++;
          failed = k;
          if (fails > 1) break;
        }
      }
      if (fails > 1) continue;
      if (fails === 1) {
        const c = counts[failed]!;
        for (const v of e.vals[failed]!) c[v]!++;
        continue;
      }
      matches.push(e.i);
      for (let k = 0; k < nf; k++) {
        const c = counts[k]!;
        for (const v of e.vals[k]!) c[v]!++;
      }
    }
    const facets: Record<string, Array<[string, number]>> = {};
    FACETS.forEach((fa, k) => {
      const out: Array<[string, number]> = [];
      counts[k]!.forEach((n, id) => {
        if (n > 0 || f.sel.get(k)?.has(this.names[k]![id]!)) out.push([this.names[k]![id]!, n]);
      });
      for (const v of f.sel.get(k) ?? []) if (!this.ids[k]!.has(v)) out.push([v, 0]);
      if (out.length) facets[fa.key] = out.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    });
    return { total: matches.length, all: this.entries.length, facets, matches };
  }

  /** The record's JSON line (raw text) read from its shard; throws the fs error when unreadable. */
  async line(e: Entry): Promise<string> {
    const s = this.shards[e.shard];
    if (!s?.path) throw new Error('shard unreadable');
    const fh = await open(s.path, 'r');
    try {
      const b = Buffer.alloc(e.length);
      await fh.read(b, 0, e.length, e.offset);
      return b.toString('utf8');
    } finally {
      await fh.close();
    }
  }

  /** Point heatmap over the matches: `n`×`n` counts, row-major (y rows), of normalised target / answer points. */
  heatmap(matches: number[], n = 32): number[] {
    const grid = new Array<number>(n * n).fill(0);
    for (const i of matches) {
      const p = this.entries[i]!.points;
      for (let j = 0; j + 1 < p.length; j += 2) {
        const x = Math.min(n - 1, Math.max(0, Math.floor(p[j]! * n)));
        const y = Math.min(n - 1, Math.max(0, Math.floor(p[j + 1]! * n)));
        grid[y * n + x]!++;
      }
    }
    return grid;
  }

  /** Cross-tab of two facets over the matches: `{[a]: {[b]: count}}` (e.g. answer position per CAPTCHA type). */
  crossTab(matches: number[], a: FacetKey, b: FacetKey): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const i of matches) {
      const e = this.entries[i]!;
      for (const ia of e.vals[FI[a]]!)
        for (const ib of e.vals[FI[b]]!) {
          const va = this.names[FI[a]]![ia]!;
          const vb = this.names[FI[b]]![ib]!;
          (out[va] ??= {})[vb] = (out[va]![vb] ?? 0) + 1;
        }
    }
    return out;
  }
}
