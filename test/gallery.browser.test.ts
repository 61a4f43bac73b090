/**
 * The gallery in real Chromium (one browser for the file, small hand-written datasets from
 * test/gallery-fixtures.ts): filters against counts computed from the records, a drawn box on the
 * target's pixels (found by colour in a page screenshot) at two zoom levels and two window sizes,
 * verdicts equal to `uisynth score --json`, deep links, keyboard navigation, and a dataset with script
 * payloads in every string field that runs no script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../renderers/browser.js';
import { serveGallery } from '../gallery/server.js';
import { PAYLOADS, writeCaptcha, writeGrounding, writeRegressReport } from './gallery-fixtures.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');
let base: string;
let browser: Browser;
const servers: Array<() => Promise<void>> = [];
let gRecs: any[];
let cRecs: any[];
let plainUrl: string; // ds 0 = captcha, ds 1 = grounding
let predFile: string;

async function start(dir: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { url, close } = await serveGallery(dir, { port: 0, thumbDir: join(base, 'thumbs'), ...extra });
  servers.push(close);
  return url;
}
/** Wait until the page has rendered the view of its current URL (app.js sets body[data-ready]). */
async function settled(page: Page, prev?: string): Promise<void> {
  await page.waitForFunction((p) => {
    const r = document.body.dataset.ready;
    return !!r && r !== p && r.endsWith(location.hash);
  }, prev ?? null);
}
async function open(page: Page, url: string, hash: string): Promise<void> {
  await page.goto(url + hash);
  await settled(page);
}
const ready = (page: Page) => page.evaluate(() => document.body.dataset.ready ?? '');
/** Check exactly the given overlay layers (the checkboxes of the record view). */
async function onlyLayers(page: Page, on: string[]): Promise<void> {
  for (const cb of await page.$$('#tools input[data-layer]')) {
    const want = on.includes((await cb.getAttribute('data-layer'))!);
    if ((await cb.isChecked()) !== want) await cb.click();
  }
}
const countText = async (page: Page) => (await page.textContent('#count')) ?? '';

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-gallery-ui-'));
  cRecs = await writeCaptcha(join(base, 'plain', 'a-captcha'), 9);
  gRecs = await writeGrounding(join(base, 'plain', 'b-grounding'));
  await writeRegressReport(join(base, 'plain', 'c-regress'));
  // predictions for the CAPTCHA set: gold, wrong order, outside, short drag, unparseable, missing
  const preds: string[] = [];
  cRecs.forEach((r, i) => {
    const v = r.verifier;
    let out: string | null;
    const m = i % 5;
    if (m === 0) out = r.solution.actions.map((a: any) => (a.type === 'click' ? `Click(point=(${a.point[0]}, ${a.point[1]}))` : a.type === 'type' ? `Type(content='${a.text}')` : `Drag(start=(${a.start[0]}, ${a.start[1]}), end=(${a.end[0]}, ${a.end[1]}))`)).join('\n');
    else if (m === 1 && v.kind === 'click') out = `Click(point=(340, 240))\nClick(point=(${r.solution.actions[0].point[0]}, 100))`;
    else if (m === 1 && v.kind === 'drag') out = 'Drag(start=(50, 210), end=(120, 210))';
    else if (m === 1) out = "Click(point=(5, 5))\nType(content='ab3')";
    else if (m === 2) out = 'Click(point=(590, 10))';
    else if (m === 3) out = 'no idea';
    else out = null;
    if (out !== null) preds.push(JSON.stringify({ id: r.id, output: out }));
  });
  // grounding: every query answered at the image's top-left pixel (fails, except where that is inside a box)
  for (const r of gRecs) for (const q of r.queries) preds.push(JSON.stringify({ id: r.id, qid: q.qid, output: 'Click(point=(1, 1))' }));
  predFile = join(base, 'preds.jsonl');
  await writeFile(predFile, preds.join('\n') + '\n');
  plainUrl = await start(join(base, 'plain'), { predictions: predFile });
  const { findChromium } = (await import('../renderers/find-chromium.mjs' as string)) as { findChromium: () => { path: string } | null };
  const exe = findChromium();
  if (!exe) throw new Error('no Chromium found (see renderers/find-chromium.mjs)');
  browser = await chromium.launch({ executablePath: exe.path, headless: true, args: CHROMIUM_ARGS.filter((a) => !a.startsWith('--host-resolver-rules')) }); // the gallery is on 127.0.0.1
});
afterAll(async () => {
  await browser?.close();
  for (const close of servers) await close();
  await rm(base, { recursive: true, force: true });
});

/** Facet values of a record, computed here from the record (the oracle for the sidebar). */
function facetValues(r: any): Record<string, string[]> {
  const base: Record<string, string[]> = { kind: [r.kind], platform: [r.platform], locale: [r.locale], theme: [r.context.theme], dpr: [String(r.context.dpr)], size: [`${r.image.width}×${r.image.height}`] };
  if (r.kind === 'captcha') {
    // the answer's decisive point: a drag's end, the last click (no submit box here); a text answer has none
    const acts = r.solution.actions;
    const x = r.verifier.kind === 'drag' ? acts.at(-1).end[0] : r.verifier.kind === 'click' ? acts.filter((a: any) => a.type === 'click').at(-1).point[0] : null;
    const pb = r.captcha.puzzle_box;
    const fifth = x === null ? -1 : Math.min(4, Math.floor(((x - pb[0]) / (pb[2] - pb[0])) * 5));
    return { ...base, type: [r.captcha.type], group: [r.captcha.group], difficulty: [r.captcha.difficulty], context: [r.context.scenario], host: [r.context.params.host], answer_x: fifth < 0 ? [] : [`${fifth * 20}–${fifth * 20 + 20}%`] };
  }
  // target size bins: √(bbox area) in image px, edges 16, 32, 64, 128, 256
  const bin = (b: number[]) => {
    const side = Math.sqrt((b[2]! - b[0]!) * (b[3]! - b[1]!));
    const edges = [0, 16, 32, 64, 128, 256];
    const k = edges.filter((e) => side >= e).length - 1;
    return k === 5 ? '≥256' : `${String(edges[k]).padStart(3, '0')}–${edges[k + 1]}`;
  };
  return {
    ...base, family: [r.context.scenario], target_size: [...new Set<string>(r.targets.map((t: any) => bin(t.bbox)))], role: [...new Set<string>(r.targets.map((t: any) => t.role))], style: [...new Set<string>(r.queries.map((q: any) => q.style))],
    negatives: [r.queries.some((q: any) => q.tid === null) ? 'with hard negatives' : 'none'], rejection: Object.keys(r.hittest.rejected),
  };
}

describe('gallery in Chromium', () => {
  it('every filter value: the record count equals the records holding it, and the grid shows them', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    for (const [ds, recs] of [[1, gRecs], [0, cRecs]] as const) {
      await open(page, plainUrl, `#/grid?ds=${ds}`);
      expect(await countText(page)).toBe(`${recs.length} / ${recs.length} records`);
      const facets = await page.$$eval('.facet[data-facet]', (els) => els.map((e) => ({ key: (e as HTMLElement).dataset.facet!, vals: [...e.querySelectorAll('.fv')].map((v) => [(v as HTMLElement).dataset.value!, Number(v.querySelector('.n')!.textContent)] as const) })));
      let checked = 0;
      for (const f of facets) {
        if (!(f.key in facetValues(recs[0]))) continue; // verdict, reason: checked with the predictions
        for (const [v, shown] of f.vals) {
          const want = recs.filter((r) => facetValues(r)[f.key]?.includes(v));
          expect(shown, `${f.key}=${v} count in the sidebar`).toBe(want.length);
          const prev = await ready(page);
          await page.click(`.facet[data-facet="${f.key}"] .fv[data-value="${v}"]`);
          await settled(page, prev);
          expect(await countText(page), `${f.key}=${v}`).toBe(`${want.length} / ${recs.length} records`);
          expect(await page.$$eval('#grid .card', (cs) => cs.map((c) => (c as HTMLElement).dataset.id))).toEqual(want.map((r) => r.id));
          expect(await page.getAttribute(`.facet[data-facet="${f.key}"] .fv[data-value="${v}"]`, 'aria-checked')).toBe('true');
          const prev2 = await ready(page);
          await page.click(`.facet[data-facet="${f.key}"] .fv[data-value="${v}"]`);
          await settled(page, prev2);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(ds === 1 ? 15 : 12);
    }
    // free-text search over query texts (case-insensitive)
    await open(page, plainUrl, '#/grid?ds=1');
    const prev = await ready(page);
    await page.fill('#q', 'TARGET 2 OF RECORD');
    await settled(page, prev);
    const n = gRecs.filter((r) => r.queries.some((q: any) => q.text.includes('target 2 of record'))).length;
    expect(await countText(page)).toBe(`${n} / ${gRecs.length} records`);
    await page.close();
  });

  it('the selected target box lies on the target pixels at two zoom levels and two window sizes', async () => {
    const rec = gRecs[0]; // 2400×300, targets at the far left, far right and middle
    const seen: string[] = [];
    for (const vp of [{ width: 1280, height: 800 }, { width: 600, height: 900 }]) {
      const page = await browser.newPage({ viewport: vp });
      for (const t of rec.targets) {
        for (const zoomKey of ['0', '1+']) {
          await open(page, plainUrl, `#/record?ds=1&i=0&t=${t.tid}`);
          await onlyLayers(page, ['boxes']);
          for (const k of zoomKey) await page.keyboard.press(k);
          const z = await page.evaluate((b) => {
            const vpEl = document.querySelector('#viewport') as HTMLElement;
            const zz = Number((document.querySelector('#canvas') as HTMLElement).dataset.zoom);
            vpEl.scrollLeft = b[0] * zz - 40; // reach the target, wherever it is in the wide image
            vpEl.scrollTop = b[1] * zz - 40;
            return zz;
          }, t.bbox);
          await page.waitForFunction(() => (document.querySelector('#canvas img') as HTMLImageElement).complete);
          const decode = async () => sharp(await page.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
          const withBox = await decode();
          await page.keyboard.press('b'); // the same view without boxes: the target's own pixels, not covered by the stroke
          const without = await decode();
          const info = withBox.info;
          // the pixel's channels are passed as numbers: a subarray per pixel cost ~50 ms CPU per 1280x800 screenshot
          const bboxOf = (data: Buffer, pred: (r: number, g: number, b: number) => boolean, win = [0, 0, info.width, info.height]) => {
            let x1 = Infinity, y1 = Infinity, x2 = -1, y2 = -1;
            for (let y = Math.max(0, win[1]!); y < Math.min(info.height, win[3]!); y++)
              for (let x = Math.max(0, win[0]!); x < Math.min(info.width, win[2]!); x++) {
                const o = (y * info.width + x) * 4;
                if (pred(data[o]!, data[o + 1]!, data[o + 2]!)) { x1 = Math.min(x1, x); y1 = Math.min(y1, y); x2 = Math.max(x2, x + 1); y2 = Math.max(y2, y + 1); }
              }
            return [x1, y1, x2, y2];
          };
          const magenta = bboxOf(withBox.data, (r, g, b) => r > 200 && g < 90 && b > 200);
          expect(magenta[2], `${t.tid} zoom ${zoomKey} window ${vp.width}: box drawn on screen`).toBeGreaterThan(0);
          // any blend of the target green with white counts as the target
          const green = bboxOf(without.data, (r, g, b) => g - r > 30 && g - b > 30, [magenta[0]! - 6, magenta[1]! - 6, magenta[2]! + 6, magenta[3]! + 6]);
          expect(green[2], 'target pixels inside the box').toBeGreaterThan(0);
          // the 3 px stroke is centred on the box edge: its outer edge lies within 3 px of the target's pixels
          for (let k = 0; k < 4; k++) expect(Math.abs(magenta[k]! - green[k]!), `${t.tid} zoom ${z.toFixed(2)} window ${vp.width} edge ${k}: ${magenta} vs ${green}`).toBeLessThanOrEqual(3);
          // and the target is shown at the zoom the page reports
          expect(Math.abs(green[2]! - green[0]! - (t.bbox[2] - t.bbox[0]) * z)).toBeLessThanOrEqual(3);
          seen.push(`${vp.width}:${t.tid}:${z.toFixed(2)}`);
        }
      }
      await page.close();
    }
    expect(new Set(seen.map((s) => s.split(':').slice(0, 1).concat(s.split(':')[2]!).join())).size).toBe(4); // two windows × two zooms
  });

  it('verdicts, reasons and pass@1 per type equal `uisynth score --json`', async () => {
    const perItem = join(base, 'per-item.jsonl');
    const cli = spawnSync(process.execPath, [BIN, 'score', join(base, 'plain', 'a-captcha'), '--predictions', predFile, '--json', '--per-item', perItem], { encoding: 'utf8', timeout: 120_000 });
    expect(cli.status, cli.stderr).toBe(0);
    const rep = JSON.parse(cli.stdout);
    const items = (await readFile(perItem, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(new Set(items.map((i) => i.reason)).size).toBeGreaterThanOrEqual(5); // the fixture exercises several reasons
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, plainUrl, '#/eval?ds=0');
    const rows = await page.$$eval('#bytype tr[data-type]', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual(Object.entries(rep.by_type).map(([k, t]: [string, any]) => [k, String(t.n), String(t.correct), String(t.missing), `${(t.pass_at_1 * 100).toFixed(1)}%`]));
    expect(await page.textContent('#evalpanel')).toContain(`pass@1 ${(rep.pass_at_1 * 100).toFixed(1)}% · ${rep.correct} / ${rep.items} correct · ${rep.missing} missing`);
    // one item per CAPTCHA record: the reason list counts equal the CLI's reasons
    const reasons = await page.$$eval('[data-reason]', (els) => els.map((e) => [(e as HTMLElement).dataset.reason, Number(e.querySelector('.badge')!.textContent)]));
    expect(Object.fromEntries(reasons)).toEqual(rep.reasons);
    // every record view shows the CLI's verdict and reason
    for (let i = 0; i < cRecs.length; i++) {
      await open(page, plainUrl, `#/record?ds=0&i=${i}`);
      const v = await page.$eval('[data-verdict]', (e) => [(e as HTMLElement).dataset.verdict, e.textContent]);
      const it = items.find((x) => x.id === cRecs[i].id);
      expect(v[0], cRecs[i].id).toBe(it.verdict);
      expect(v[1]).toBe(`${it.verdict}${it.reason}`);
    }
    // filtering on a reason keeps exactly the records with it
    const r0 = Object.keys(rep.reasons)[0]!;
    await open(page, plainUrl, `#/eval?ds=0&reason=${encodeURIComponent(r0)}`);
    expect(await countText(page)).toBe(`${rep.reasons[r0]} / ${cRecs.length} records`);
    await page.close();
  });

  it('grounding evaluation counts and filters per query, and lists the failing queries', async () => {
    const perItem = join(base, 'per-item-g.jsonl');
    const cli = spawnSync(process.execPath, [BIN, 'score', join(base, 'plain', 'b-grounding'), '--predictions', predFile, '--json', '--per-item', perItem], { encoding: 'utf8', timeout: 120_000 });
    expect(cli.status, cli.stderr).toBe(0);
    const items = (await readFile(perItem, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const failing = items.filter((i) => i.verdict !== 'pass');
    const byReason: Record<string, number> = {};
    for (const i of failing) byReason[i.reason] = (byReason[i.reason] ?? 0) + 1;
    expect(failing.length).toBeGreaterThan(gRecs.length); // more failing queries than records: the counts must be per query
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, plainUrl, '#/eval?ds=1');
    const reasons = await page.$$eval('[data-reason]', (els) => els.map((e) => [(e as HTMLElement).dataset.reason, Number(e.querySelector('.badge')!.textContent)]));
    expect(Object.fromEntries(reasons)).toEqual(byReason);
    const verdicts = await page.$$eval('.facet[data-facet="verdict"] .fv', (els) => els.map((e) => [(e as HTMLElement).dataset.value, Number(e.querySelector('.n')!.textContent)]));
    expect(Object.fromEntries(verdicts)).toEqual(Object.fromEntries(['pass', 'fail'].map((v) => [v, items.filter((i) => i.verdict === v).length]).filter(([, n]) => n)));
    expect((await page.$$eval('#failing tr[data-item]', (t) => t.map((e) => (e as HTMLElement).dataset.item))).sort()).toEqual(failing.map((i) => `${i.id}\u0000${i.qid}`).sort());
    await page.close();
  });

  it('a malformed field shows an inline error naming it; the image, id and JSON still show', async () => {
    const dir = join(base, 'bad');
    const recs = await writeCaptcha(join(dir, 'c'), 3);
    recs[0].solution.actions = 'click(1, 2)';
    recs[2].verifier.handle_box = 'left';
    await writeFile(join(dir, 'c', 'shard-00000.jsonl'), recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const url = await start(dir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    for (const [i, field] of [[0, 'solution.actions'], [2, 'verifier']] as const) {
      await open(page, url, `#/record?ds=0&i=${i}`);
      expect(await page.textContent('#info b')).toBe(recs[i].id);
      expect(JSON.parse((await page.textContent('#info pre.json'))!)).toEqual(recs[i]);
      await page.waitForFunction(() => (document.querySelector('#canvas img') as HTMLImageElement)?.complete);
      expect(await page.$eval('#canvas img', (im) => (im as HTMLImageElement).naturalWidth)).toBe(600);
      expect(await page.$$eval('[data-field-error]', (els) => els.map((e) => (e as HTMLElement).dataset.fieldError))).toContain(field);
      expect(await page.textContent(`[data-field-error="${field}"]`)).toContain(i === 0 ? 'solution.actions is not a list (it is a string' : 'handle box is not [x1, y1, x2, y2] (it is left)');
    }
    // no predictions loaded: no model-answer toggle
    expect(await page.$$('#tools input[data-layer="pred"]')).toHaveLength(0);
    expect((await page.request.get(url + 'favicon.ico')).status()).toBe(204);
    await page.close();
  });

  it('error deep links name the record or dataset that is not there', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, plainUrl, '#/record?ds=1&i=99');
    expect(await page.textContent('#main .err')).toBe(`record 99 is not in dataset b-grounding (${gRecs.length} records)`);
    expect(await countText(page)).toBe(`${gRecs.length} records`);
    await open(page, plainUrl, '#/record?ds=7&i=0');
    expect(await page.textContent('#main .err')).toContain('dataset 7 does not exist');
    for (const v of ['grid', 'stats', 'eval']) {
      await open(page, plainUrl, `#/${v}?ds=7`);
      expect(await page.textContent('#main .err'), v).toContain('dataset 7 does not exist');
    }
    expect(await page.$$('#tools input[data-layer="pred"]')).toHaveLength(0);
    await open(page, plainUrl, '#/record?ds=0&i=0');
    expect(await page.$$('#tools input[data-layer="pred"]')).toHaveLength(1); // predictions loaded
    await page.close();
  });

  it('regress-only root says so in the dataset menu; the terminal gets the scoring notes', async () => {
    const url = await start(join(base, 'plain', 'c-regress'));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, url, '');
    expect(await page.$$eval('#ds option', (os) => os.map((o) => o.textContent))).toEqual(['no dataset, regress report only']);
    expect(await page.isDisabled('#ds')).toBe(true);
    await page.close();
    const lines: string[] = [];
    await start(join(base, 'plain', 'a-captcha'), { predictions: predFile, log: (l: string) => lines.push(l) });
    const foreign = gRecs.reduce((n, r) => n + r.queries.length, 0); // the grounding predictions match no CAPTCHA item
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${foreign} predictions match no item`);
    const noisy: string[] = [];
    await start(join(base, 'plain', 'b-grounding'), { predictions: predFile, log: (l: string) => noisy.push(l) });
    expect(noisy.some((l) => /warning: --coords abs: .* look normalised/.test(l))).toBe(true); // Click(point=(1, 1)) everywhere
  });

  it('a facet value toggled with Space keeps the keyboard focus; single-value facets are listed', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, plainUrl, '#/grid?ds=0');
    expect(await page.$$eval('.facet[data-facet="kind"] .fv', (e) => e.map((x) => (x as HTMLElement).dataset.value))).toEqual(['captcha']);
    const v = await page.$eval('.facet[data-facet="difficulty"] .fv', (e) => (e as HTMLElement).dataset.value!);
    await page.focus(`.facet[data-facet="difficulty"] .fv[data-value="${v}"]`);
    const prev = await ready(page);
    await page.keyboard.press(' ');
    await settled(page, prev);
    expect(await page.evaluate(() => { const a = document.activeElement as HTMLElement; return [a.closest('.facet')?.getAttribute('data-facet'), a.dataset.value, a.getAttribute('aria-checked')]; })).toEqual(['difficulty', v, 'true']);
    await page.close();
  });

  it('phone: fit shows the whole image, and zoomed in the image scrolls vertically', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await open(page, plainUrl, '#/record?ds=1&i=2'); // 400×800 portrait
    const m = () => page.evaluate(() => { const vp = document.querySelector('#viewport')!, c = document.querySelector('#canvas') as HTMLElement; return { vw: vp.clientWidth, vh: vp.clientHeight, cw: c.offsetWidth, ch: c.offsetHeight, sh: vp.scrollHeight }; });
    const fit = await m();
    expect(fit.cw).toBeLessThanOrEqual(fit.vw);
    expect(fit.ch).toBeLessThanOrEqual(fit.vh);
    expect(fit.vh).toBeLessThan(844);
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    const z = await m();
    expect(z.sh).toBeGreaterThan(z.vh); // the viewport, not the page, holds the overflow
    // a real vertical swipe (touch events through Chromium's input pipeline) pans the image
    const box = (await page.locator('#viewport').boundingBox())!;
    const top0 = await page.$eval('#viewport', (v) => v.scrollTop);
    const cdp = await page.context().newCDPSession(page);
    const x = box.x + box.width / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: box.y + box.height * 0.8 }] });
    for (let k = 1; k <= 8; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: box.y + box.height * (0.8 - 0.07 * k) }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction((t) => document.querySelector('#viewport')!.scrollTop > t + 20, top0);
    await page.close();
  });

  it('deep links open a filter state and a record with its target selected', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, plainUrl, '#/grid?ds=1&platform=desktop.macos&q=record%201');
    expect(await countText(page)).toBe(`1 / ${gRecs.length} records`);
    expect(await page.inputValue('#q')).toBe('record 1');
    expect(await page.getAttribute('.facet[data-facet="platform"] .fv[data-value="desktop.macos"]', 'aria-checked')).toBe('true');
    const link = await page.getAttribute('#grid .card', 'href');
    expect(link).toBe('#/record?ds=1&platform=desktop.macos&q=record+1&i=1');
    await open(page, plainUrl, '#/record?ds=1&platform=desktop.macos&i=1&t=t1');
    expect(await countText(page)).toBe('record 1 / 2');
    expect(await page.textContent('#info b')).toBe(gRecs[1].id);
    expect(await page.$$eval('#info .row.sel', (els) => els.map((e) => (e as HTMLElement).dataset.tid))).toEqual(['t1', 't1']); // its query and the target
    expect(JSON.parse((await page.textContent('#info mark'))!)).toEqual(gRecs[1].targets[1]);
    expect(await page.$$eval('#overlay g[data-tid="t1"] rect', (rs) => rs.map((r) => r.getAttribute('stroke')))).toEqual(['#ff00ff']);
    await page.close();
  });

  it('keyboard: next/previous within the filter, layer toggles, target cycling, Esc back to the grid', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, plainUrl, '#/record?ds=1&platform=desktop.macos&i=1');
    await onlyLayers(page, ['boxes', 'hit']);
    const press = async (k: string) => { const p = await ready(page); await page.keyboard.press(k); await settled(page, p); };
    await press('ArrowRight');
    expect(await page.textContent('#info b')).toBe(gRecs[3].id); // the next desktop.macos record, skipping 2
    expect(await countText(page)).toBe('record 2 / 2');
    await press('ArrowLeft');
    expect(await page.textContent('#info b')).toBe(gRecs[1].id);
    const boxes = () => page.$$eval('#overlay rect[data-layer="boxes"]', (r) => r.length);
    expect(await boxes()).toBe(gRecs[1].targets.length);
    await page.keyboard.press('b');
    expect(await boxes()).toBe(0);
    await page.keyboard.press('b');
    expect(await boxes()).toBe(gRecs[1].targets.length);
    const hits = () => page.$$eval('#overlay circle[data-layer="hit"]', (c) => c.map((e) => e.getAttribute('fill')));
    expect((await hits()).length).toBe(0); // no target selected: no hit-test dots covering small targets
    await page.keyboard.press(']');
    expect(new URL(page.url()).hash).toContain('t=t0');
    const h = await hits(); // nine points of the selected target, the failing one in red
    expect(h.filter((c) => c === '#ff1744').length).toBe(1);
    expect(h.length).toBe(9);
    await press('Escape');
    expect(new URL(page.url()).hash).toBe('#/grid?ds=1&platform=desktop.macos');
    await page.close();
  });

  it('stats: a bar of the chart library filters the grid on its value', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, plainUrl, '#/stats?ds=1');
    expect(await page.evaluate(() => typeof (window as any).Chart)).toBe('function'); // served from node_modules
    // every facet: a chart, or a line of the one-value card (negatives: every fixture record has one)
    for (const k of ['dpr', 'size', 'platform']) expect(await page.$$(`canvas[data-chart="${k}"]`), k).toHaveLength(1);
    expect(await page.textContent('div[data-chart="negatives"]')).toContain(`with hard negatives (${gRecs.length})`);
    // the locale chart: click the centre of the bar of the second label
    const hit = await page.evaluate(() => {
      const cv = document.querySelector('canvas[data-chart="locale"]') as HTMLCanvasElement & { chart: any };
      const bar = cv.chart.getDatasetMeta(0).data[1];
      const r = cv.getBoundingClientRect();
      return { x: r.left + bar.x, y: r.top + (bar.y + bar.base) / 2, label: cv.chart.data.labels[1], n: cv.chart.data.datasets[0].data[1] };
    });
    const prev = await ready(page);
    await page.mouse.click(hit.x, hit.y);
    await settled(page, prev);
    expect(new URL(page.url()).hash).toBe(`#/grid?ds=1&locale=${encodeURIComponent(hit.label)}`);
    expect(hit.n).toBe(gRecs.filter((r) => r.locale === hit.label).length);
    expect(await countText(page)).toBe(`${hit.n} / ${gRecs.length} records`);
    await page.close();
  });

  it('opens a regress report: filters by status, before / after / diff images, label differences', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await open(page, plainUrl, '#/regress?r=0');
    expect(await page.isVisible('#tab-regress')).toBe(true);
    expect(await countText(page)).toBe('3 / 3 records');
    const prev = await ready(page);
    await page.click('.facet[data-facet="status"] .fv[data-value="labels changed"]');
    await settled(page, prev);
    expect(await countText(page)).toBe('1 / 3 records');
    await page.waitForFunction(() => [...document.querySelectorAll('.regress-imgs img')].every((i) => (i as HTMLImageElement).complete));
    expect(await page.$$eval('.regress-imgs img', (is) => is.map((i) => (i as HTMLImageElement).naturalWidth))).toEqual([120, 120, 120]);
    expect(await page.$$eval('.regress-rec td', (tds) => tds.map((t) => t.textContent))).toEqual(['verifier.expected_dx', '120', '131', 'solution.actions[0].end', '[145,55]', '[156,55]']);
    // the pixels-only record's diff points outside the report: an inline error, not a blank
    await open(page, plainUrl, '#/regress?r=0&status=pixels+changed+only');
    await page.waitForSelector('.regress-imgs .err');
    expect(await page.textContent('.regress-imgs .err')).toContain('refused');
    await page.close();
  });

  it('a dataset with script payloads in every string field is browsed, filtered, scored and opened without running script', async () => {
    const dir = join(base, 'xss');
    const g = await writeGrounding(join(dir, 'g'), { xss: true });
    const c = await writeCaptcha(join(dir, 'c'), 3, { xss: true });
    await mkdir(join(dir, 'c', 'images', 'gone'), { recursive: true });
    const pf = join(base, 'xss-preds.jsonl');
    await writeFile(pf, c.map((r, i) => JSON.stringify({ id: r.id, output: `${PAYLOADS[i]} Click(point=(1, 1))` })).join('\n') + '\n');
    const url = await start(dir, { predictions: pf });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    await page.addInitScript(() => {
      (window as any).__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const clean = async (where: string) => {
      expect(await page.evaluate(() => (window as any).__xss), where).toBeUndefined();
      expect(await page.evaluate(() => (window as any).__violations), where).toEqual([]);
      expect(dialogs, where).toEqual([]);
      expect(await page.$$('#main iframe, #side iframe, #main script, #main img[src="x"]'), where).toHaveLength(0);
    };
    for (const [ds, recs] of [[0, c], [1, g]] as const) {
      await open(page, url, `#/grid?ds=${ds}`);
      await page.waitForTimeout(200); // let thumbnails load
      await clean(`grid ${ds}`);
      expect(await page.$$eval('#grid .card', (cs) => cs.map((e) => (e as HTMLElement).dataset.id))).toEqual(recs.map((r) => r.id));
      // filter on values that are payloads
      for (const key of ds === 0 ? ['type', 'host', 'context'] : ['locale', 'role', 'family', 'rejection']) {
        const v = await page.$eval(`.facet[data-facet="${key}"] .fv`, (e) => (e as HTMLElement).dataset.value!);
        expect(PAYLOADS.some((p) => v.includes(p)), `${key} value holds a payload`).toBe(true);
        const prev = await ready(page);
        await page.click(`.facet[data-facet="${key}"] .fv[data-value="${v.replace(/(["\\])/g, '\\$1')}"]`);
        await settled(page, prev);
        await clean(`filter ${key}`);
        expect(Number((await countText(page)).split(' ')[0])).toBeGreaterThan(0);
        await open(page, url, `#/grid?ds=${ds}`);
      }
      const prev = await ready(page);
      await page.fill('#q', '<img src=x');
      await settled(page, prev);
      await clean('search');
      for (let i = 0; i < recs.length; i++) {
        await open(page, url, `#/record?ds=${ds}&i=${i}${ds === 1 ? `&t=${encodeURIComponent(recs[i].targets[0].tid)}` : ''}`);
        await page.waitForTimeout(100);
        await clean(`record ${ds}/${i}`);
        const text = await page.textContent('#info');
        expect(text).toContain(recs[i].id); // the payload is shown, as text
      }
      await open(page, url, `#/stats?ds=${ds}`);
      await clean(`stats ${ds}`);
    }
    await open(page, url, '#/eval?ds=0');
    await clean('eval');
    await page.close();
  });
});
