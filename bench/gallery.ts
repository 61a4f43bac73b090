/**
 * Gallery at scale (issue 14): a 100k-record CAPTCHA dataset; time to the first rendered page and the
 * page's memory, plus server index and filter times. Not a test: numbers, printed.
 *
 * The dataset is 200 real CAPTCHA records (`uisynth captcha`) repeated with new ids and indices into
 * 100 shards of 1000 records; the images are shared, so thumbnails of the first page are made once
 * (the server starts making them in the background when it starts listening) and then come from the cache.
 * Usage: node bin/run-ts.js bench/gallery.ts [--records 100000]
 * Targets: first page < 2 s, page JS heap < 300 MB.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serveGallery } from '../gallery/server.js';
import { CHROMIUM_ARGS } from '../renderers/browser.js';

const args = process.argv.slice(2);
const N = args.includes('--records') ? Number(args[args.indexOf('--records') + 1]) : 100_000;
const BASE = 200;
const dir = await mkdtemp(join(tmpdir(), 'uisynth-bench-gallery-'));
try {
  const gen = spawnSync(process.execPath, [join(import.meta.dirname, '..', 'bin', 'uisynth.js'), 'captcha', '--count', String(BASE), '--out', dir, '--quiet'], { encoding: 'utf8' });
  if (gen.status !== 0) throw new Error(gen.stderr);
  const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  const base = (await readFile(join(dir, m.shards[0].file), 'utf8')).trim().split('\n');
  const shards = [];
  for (let s = 0; s * 1000 < N; s++) {
    const lines: string[] = [];
    for (let i = s * 1000; i < Math.min(N, (s + 1) * 1000); i++) {
      const r = JSON.parse(base[i % BASE]!);
      r.id = `captcha-0-${String(i).padStart(7, '0')}`;
      r.index = i;
      lines.push(JSON.stringify(r));
    }
    const body = lines.join('\n') + '\n';
    const file = `shard-${String(s).padStart(5, '0')}.jsonl`;
    await writeFile(join(dir, file), body);
    shards.push({ file, start: s * 1000, end: s * 1000 + lines.length, records: lines.length, sha256: createHash('sha256').update(body).digest('hex') });
  }
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...m, count: N, records: N, shards }));
  const t0 = performance.now();
  const { url, close } = await serveGallery(dir, { port: 0, thumbDir: join(dir, '.thumbs') });
  const indexMs = performance.now() - t0;
  const q0 = performance.now();
  await (await fetch(`${url}api/query?ds=0&difficulty=hard&locale=zh-CN&q=click&limit=60`)).json();
  const filterMs = performance.now() - q0;
  const { findChromium } = (await import('../renderers/find-chromium.mjs' as string)) as { findChromium: () => { path: string } | null };
  const browser = await chromium.launch({ executablePath: findChromium()!.path, headless: true, args: CHROMIUM_ARGS.filter((a) => !a.startsWith('--host-resolver-rules')) });
  const firstPage = async (): Promise<{ ms: number; heapMB: number }> => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const s = performance.now();
    await page.goto(`${url}#/grid?ds=0`);
    await page.waitForFunction(() => document.body.dataset.ready && [...document.querySelectorAll('#grid img')].slice(0, 20).every((i) => (i as HTMLImageElement).complete));
    const ms = performance.now() - s;
    // browse: a later page, a record, the stats view
    for (const h of ['#/grid?ds=0&page=1000', '#/record?ds=0&i=99999', '#/stats?ds=0', '#/grid?ds=0&type=slide_to_end']) {
      await page.goto(`${url}${h}`);
      await page.waitForFunction((hh) => document.body.dataset.ready?.endsWith(hh), h);
    }
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const heap = metrics.find((x) => x.name === 'JSHeapTotalSize')!.value;
    await page.close();
    return { ms, heapMB: heap / 2 ** 20 };
  };
  const cold = await firstPage();
  const warm = await firstPage();
  await browser.close();
  await close();
  const rss = process.memoryUsage().rss / 2 ** 20;
  console.log(`gallery: ${N} CAPTCHA records in ${shards.length} shards | server index ${(indexMs / 1000).toFixed(1)} s, filter+search ${filterMs.toFixed(0)} ms, server RSS ${rss.toFixed(0)} MiB`);
  console.log(`gallery: first page (grid + first 20 thumbnails) opened right after start ${cold.ms.toFixed(0)} ms, opened again ${warm.ms.toFixed(0)} ms (target < 2000) | page JS heap after browsing ${Math.max(cold.heapMB, warm.heapMB).toFixed(0)} MB (target < 300)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
