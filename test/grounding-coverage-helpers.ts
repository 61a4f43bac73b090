/**
 * Measures of a grounding run's query set, computed from the written records alone (independent of the
 * query writer): per-target style coverage and the share of queries in the page's language.
 *
 * Command-line use (prints the figures of a shard directory):
 *   npx tsx test/grounding-coverage-helpers.ts /tmp/cov-a
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of a grounding record these measures read. */
export interface CoverageRecord {
  locale: string;
  targets: Array<{ tid: string }>;
  queries: Array<{ text: string; locale: string; style: string; tid: string | null }>;
}

/** Language subtag of a BCP-47 tag, lower-cased ("ja-JP" -> "ja"). */
const lang = (tag: string): string => tag.toLowerCase().split(/[-_]/)[0]!;

/** Characters a query in these languages must contain at least one of (script check beyond the tag). */
const SCRIPT: Record<string, RegExp> = { ja: /[\u3040-\u30ff\u4e00-\u9fff]/, zh: /[\u4e00-\u9fff]/, ar: /[\u0600-\u06ff]/ };

/** Coverage figures of a set of records. */
export interface Coverage {
  /** Accepted targets (all targets listed in the records). */
  targets: number;
  /** Targets with positive queries of at least 3 distinct styles. */
  covered: number;
  /** covered / targets, in [0,1]. */
  share: number;
  /** Positive and negative queries. */
  queries: number;
  /** Queries whose locale tag and script are the page's language. */
  inPageLang: number;
  /** Queries not in the page's language (text, query locale, page locale), for messages. */
  foreign: Array<{ text: string; locale: string; page: string }>;
  /** Per page locale: [covered, targets]. */
  byLocale: Record<string, [number, number]>;
}

/** Coverage of records: distinct `style`s of the queries carrying each target's `tid`. */
export function coverage(records: readonly CoverageRecord[], minStyles = 3): Coverage {
  let targets = 0, covered = 0, queries = 0, inPageLang = 0;
  const foreign: Coverage['foreign'] = [];
  const byLocale: Record<string, [number, number]> = {};
  for (const r of records) {
    const styles = new Map<string, Set<string>>();
    for (const q of r.queries) {
      queries++;
      const pl = lang(r.locale);
      const ok = lang(q.locale) === pl && (!SCRIPT[pl] || SCRIPT[pl]!.test(q.text));
      if (ok) inPageLang++;
      else foreign.push({ text: q.text, locale: q.locale, page: r.locale });
      if (q.tid === null) continue;
      let s = styles.get(q.tid);
      if (!s) styles.set(q.tid, (s = new Set()));
      s.add(q.style);
    }
    const bl = (byLocale[r.locale] ??= [0, 0]);
    for (const t of r.targets) {
      targets++;
      bl[1]++;
      if ((styles.get(t.tid)?.size ?? 0) >= minStyles) {
        covered++;
        bl[0]++;
      }
    }
  }
  return { targets, covered, share: targets ? covered / targets : 0, queries, inPageLang, foreign, byLocale };
}

/** Every record of the `shard-*.jsonl` files in a directory. */
export function readRecords(dir: string): CoverageRecord[] {
  return readdirSync(dir)
    .filter((f) => /^shard-.*\.jsonl$/.test(f))
    .sort()
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as CoverageRecord));
}

if (process.argv[1] && /grounding-coverage-helpers\.ts$/.test(process.argv[1])) {
  const c = coverage(readRecords(process.argv[2] ?? '.'));
  console.log(`coverage >=3 styles: ${c.covered}/${c.targets} = ${(100 * c.share).toFixed(1)}%`);
  console.log(`queries in page language: ${c.inPageLang}/${c.queries} = ${((100 * c.inPageLang) / Math.max(1, c.queries)).toFixed(1)}%`);
  for (const [l, [a, b]] of Object.entries(c.byLocale)) console.log(`  ${l}: ${a}/${b} = ${((100 * a) / b).toFixed(1)}%`);
  for (const f of c.foreign.slice(0, 10)) console.log(`  foreign: [${f.page}] (${f.locale}) ${f.text}`);
}
