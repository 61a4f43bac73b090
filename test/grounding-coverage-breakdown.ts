/**
 * Where query-style coverage (issue 15 item 11) is lost: a development tool for the query writer.
 *
 *   npx tsx test/grounding-coverage-breakdown.ts capture /tmp/cq/inputs.json [count] [seed]
 *     renders and hit-tests generated samples 0..count-1 (as `uisynth grounding --count N --seed S
 *     --locales all` does) and saves what the query writer reads (targets, page texts, text runs, ...).
 *   npx tsx test/grounding-coverage-breakdown.ts report /tmp/cq/inputs.json
 *     re-runs the writer on the saved inputs (seconds, no browser) and prints coverage per locale, per
 *     role and per family, and the style sets of uncovered targets.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { BrowserPool } from '../renderers/browser.js';
import { captureAndHitTest } from '../hittest/capture.js';
import { GROUNDING_LOCALES, GROUNDING_THEMES, resolveFamilies, sampleScenario } from '../generators/grounding/index.js';
import { iconCounts, writeQueries, resolveQuery, type QueryWriterInput, type WrittenQuery } from '../generators/grounding/queries.js';
import { Rng, recordId, sampleSeed } from '../core/rng.js';

type Saved = Omit<QueryWriterInput, 'rng'> & { index: number; seed: number; family: string };

async function capture(file: string, count: number, seed: number): Promise<void> {
  const cfg = { families: resolveFamilies('all'), locales: [...GROUNDING_LOCALES], themes: [...GROUNDING_THEMES] };
  const pool = await BrowserPool.launch({ concurrency: 2 });
  const out: Saved[] = [];
  try {
    await Promise.all(
      [0, 1].map(async (w) => {
        for (let i = w; i < count; i += 2) {
          const sc = sampleScenario(cfg, seed, i);
          const opts = { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale };
          // (a loaded machine fails a capture now and then; the shard writer retries the same way)
          let cap;
          for (let attempt = 0; ; attempt++) {
            try {
              cap = await captureAndHitTest(pool, { html: sc.html }, opts);
              break;
            } catch (e) {
              if (attempt >= 3) throw e;
            }
          }
          out.push({
            index: i,
            seed,
            family: sc.family,
            targets: cap.targets,
            locale: sc.locale,
            recordId: recordId('grounding', seed, i),
            pageTexts: cap.pageTexts,
            rejectedTargets: cap.rejectedTargets,
            textRuns: cap.textRuns,
            unpainted: cap.unpainted,
            hints: sc.hints,
            negatives: sc.negatives,
          });
          process.stderr.write('.');
        }
      }),
    );
  } finally {
    await pool.close();
  }
  out.sort((a, b) => a.index - b.index);
  writeFileSync(file, JSON.stringify(out));
}

const CFG = { families: resolveFamilies('all'), locales: [...GROUNDING_LOCALES], themes: [...GROUNDING_THEMES] };
/** The writer's queries for saved inputs, as `groundingSample` writes them (generators/grounding/index.ts). */
export function runSaved(s: Saved): WrittenQuery[] {
  return writeQueries({ ...s, rng: new Rng(sampleSeed('grounding', s.seed, s.index, 'queries')), iconCounts: iconCounts(sampleScenario(CFG, s.seed, s.index).html) });
}

function report(file: string, detail: string | undefined): void {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Saved[];
  const tally = new Map<string, [number, number]>();
  const add = (k: string, ok: boolean): void => {
    const v = tally.get(k) ?? [0, 0];
    v[1]++;
    if (ok) v[0]++;
    tally.set(k, v);
  };
  const missing = new Map<string, number>();
  let total = 0, cov = 0, unresolved = 0;
  for (const s of saved) {
    const qs = runSaved(s);
    for (const q of qs) if (q.tid !== null && resolveQuery(q.spec, s.targets, { locale: s.locale, hints: s.hints }).map((t) => t.tid).join() !== q.tid) unresolved++;
    const styles = new Map<string, Set<string>>();
    for (const q of qs) if (q.tid) (styles.get(q.tid) ?? styles.set(q.tid, new Set()).get(q.tid)!).add(q.style);
    for (const t of s.targets) {
      const st = styles.get(t.tid) ?? new Set();
      const ok = st.size >= 3;
      total++;
      if (ok) cov++;
      add(`locale ${s.locale}`, ok);
      add(`role ${t.role}`, ok);
      add(`family ${s.family}`, ok);
      add(`locale×role ${s.locale} ${t.role}`, ok);
      if (!ok) {
        const k = `${t.role} [${[...st].sort().join(',')}]`;
        missing.set(k, (missing.get(k) ?? 0) + 1);
        if (detail && (s.locale.startsWith(detail) || t.role === detail || s.family.includes(detail)))
          console.log(`  ${s.index} ${s.family} ${s.locale} ${t.tid} ${t.role} ${JSON.stringify(t.text.slice(0, 40))} icon=${t.icon} lm=${t.context.landmark} [${[...st].join(',')}] :: ${qs.filter((q) => q.tid === t.tid).map((q) => q.text).join(' | ')}`);
      }
    }
  }
  console.log(`coverage ${cov}/${total} = ${((100 * cov) / total).toFixed(1)}%  unresolved ${unresolved}`);
  const rows = [...tally].sort((a, b) => a[0].localeCompare(b[0]));
  for (const [k, [a, b]] of rows) if (!k.startsWith('locale×role') || b - a >= 15) console.log(`${k.padEnd(48)} ${String(a).padStart(5)}/${String(b).padEnd(5)} ${((100 * a) / b).toFixed(1)}%  uncovered ${b - a}`);
  console.log('--- uncovered by role [styles]');
  for (const [k, n] of [...missing].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${String(n).padStart(5)} ${k}`);
}

if (process.argv[1] && /grounding-coverage-breakdown\.ts$/.test(process.argv[1])) {
  const [cmd, file, a, b] = process.argv.slice(2);
  if (cmd === 'capture') void capture(file!, Number(a ?? 70), Number(b ?? 1));
  else if (cmd === 'report') report(file!, a);
  else console.error('usage: capture <file> [count] [seed] | report <file> [detail-filter]');
}
