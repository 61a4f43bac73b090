/**
 * Query writer, spatial queries (issue 15 item 2): "the first X below "Y"" is read by a person against
 * the quoted words and everything drawn near them. Cases the label oracle (test/labels-oracle.ts) found
 * on generated pages (`grounding --count 70 --seed 1 --locales all`), rebuilt as hand-made target lists
 * with their measured boxes (CSS px; no browser); the expectations are written out, not taken from the writer:
 * - a settings row link "SIM 卡" whose value "中国联通" is drawn under its title: the text below "SIM 卡" is
 *   that value, not the next section's caption (mobile.android.settings);
 * - a code line's "}" one line below "cursor.items = true;" and a little to its left is the text below it
 *   (desktop.windows.ide);
 * - three buttons side by side under a heading, the first one a link-styled button whose box was refined
 *   to its text (a few px lower): none of them is "the first button below" the heading (web.news);
 * - avatar buttons drawn overlapping by 2 px: the one directly left of "振东" is "国平", not the one
 *   beyond it (web.project-board);
 * - a table cell's "2:34" whose words lie under the gap between two toolbar buttons: neither is "the button
 *   directly above "2:34"", though the cell's box is mostly under one of them (desktop.windows.media-player, ar);
 * - a font box "Inter" over a size field showing "11" and its unit "pt": "pt" is not "the text immediately
 *   below "Inter"" (desktop.macos.pages).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { resolveQuery, writeQueries, type QueryTarget, type WrittenQuery } from '../generators/grounding/queries.js';

type Box = [number, number, number, number];
let nextId = 0;
function T(role: string, name: string, text: string, box: Box): QueryTarget {
  nextId++;
  return { tid: `t${nextId}`, role, name, text, aria: {}, bbox_css: box, dom: { tag: 'div', id: null, selector: `#x${nextId}` }, context: { neighbors: [], landmark: null }, icon: null } as QueryTarget;
}
function write(targets: QueryTarget[], locale: string, textRuns: Array<{ t: string; r: Box }>, seed = 'spatial'): WrittenQuery[] {
  return writeQueries({ targets, locale, recordId: 'grounding-1-0000000', rng: new Rng(seed), pageTexts: textRuns.map((r) => r.t.toLowerCase()), textRuns });
}
/** The spatial queries of `t` anchored on `anchor` (by their specs). */
const spatialOn = (qs: readonly WrittenQuery[], t: QueryTarget, anchor: string): string[] =>
  qs.filter((q) => q.tid === t.tid && q.style === 'spatial' && q.spec.kind === 'dir' && q.spec.anchor === anchor).map((q) => q.text);

describe('spatial queries are measured from the quoted words', () => {
  it('a row\'s second line under its title comes before the next text below (no "first text below "SIM 卡"")', () => {
    nextId = 0;
    const above = T('link', '移动网络', '移动网络 已连接', [0, 108, 390, 180]);
    const sim = T('link', 'SIM 卡', 'SIM 卡 中国联通', [0, 180, 390, 252]);
    const caption = T('text', '飞行模式', '飞行模式', [64, 278, 128, 297]);
    const runs: Array<{ t: string; r: Box }> = [
      { t: '移动网络', r: [64, 123, 128, 142] },
      { t: '已连接', r: [64, 150, 112, 168] },
      { t: 'SIM 卡', r: [64, 195, 112, 214] },
      { t: '中国联通', r: [64, 222, 128, 240] },
      { t: '飞行模式', r: [64, 278, 128, 297] },
    ];
    for (const seed of ['a', 'b', 'c', 'd']) expect(spatialOn(write([above, sim, caption], 'zh-CN', runs, seed), caption, 'SIM 卡')).toEqual([]);
    // the caption is still asked for below a row whose title is its only text
    const plain = T('link', '蓝牙', '蓝牙', [0, 180, 390, 252]);
    const runs2 = runs.filter((r) => !['SIM 卡', '中国联通'].includes(r.t)).concat([{ t: '蓝牙', r: [64, 205, 96, 224] }]);
    expect(spatialOn(write([above, plain, caption], 'zh-CN', runs2), caption, '蓝牙').length).toBe(1);
  });

  it('a code line\'s "}" between the anchor and the next statement blocks "the text below"', () => {
    nextId = 0;
    const lines: Array<[string, Box]> = [
      ['for (const cursor of message.querys) {', [409, 565, 707, 580]],
      ['cursor.items = true;', [425, 585, 582, 600]],
      ['}', [409, 605, 417, 620]],
      ['return message.id;', [409, 625, 550, 640]],
    ];
    const ts = lines.map(([s, box]) => T('text', s, s, box));
    const runs = ts.map((t) => ({ t: t.text, r: t.bbox_css as Box }));
    for (const seed of ['a', 'b', 'c', 'd']) expect(spatialOn(write(ts, 'en-US', runs, seed), ts[3]!, 'cursor.items = true;')).toEqual([]);
    // a "}" one indent left of the anchor's words, with no overlap at all, is the next line too
    const out = [T('text', 'return record;', 'return record;', [409, 907, 519, 922]), T('text', '}', '}', [394, 928, 401, 942]), T('text', "cart.order = 'out of stock';", "cart.order = 'out of stock';", [409, 948, 628, 963])];
    expect(spatialOn(write(out, 'en-US', out.map((t) => ({ t: t.text, r: t.bbox_css as Box }))), out[2]!, 'return record;')).toEqual([]);
    // without the brace, the statement is the text below
    const noBrace = [ts[0]!, ts[1]!, ts[3]!];
    expect(spatialOn(write(noBrace, 'en-US', runs.filter((r) => r.t !== '}')), ts[3]!, 'cursor.items = true;').length).toBe(1);
  });

  it('buttons side by side under a heading: none is "the first button below" it', () => {
    nextId = 0;
    const head = T('heading', 'Nous respectons votre vie privée', 'Nous respectons votre vie privée', [392, 359, 671, 382]);
    const manage = T('button', 'Gérer les préférences', 'Gérer les préférences', [401, 478, 544, 497]);
    const reject = T('button', 'Tout refuser', 'Tout refuser', [556, 471, 664, 505]);
    const accept = T('button', 'Tout accepter', 'Tout accepter', [672, 471, 788, 505]);
    const ts = [head, manage, reject, accept];
    const runs = ts.map((t) => ({ t: t.text, r: t.bbox_css as Box }));
    for (const seed of ['a', 'b', 'c', 'd']) {
      const qs = write(ts, 'fr-FR', runs, seed);
      for (const b of [manage, reject, accept]) expect(spatialOn(qs, b, head.text)).toEqual([]);
    }
  });

  it('a neighbour overlapping by 2 px is the one beside', () => {
    nextId = 0;
    const ts = [
      T('button', '康军', '康军', [351, 157, 381, 187]),
      T('button', '柴国平', '国平', [379, 157, 409, 187]),
      T('button', '申振东', '振东', [407, 157, 437, 187]),
      T('button', '宋瑞霖', '瑞霖', [435, 157, 465, 187]),
    ];
    const left = resolveQuery({ kind: 'dir', roleClass: 'button', anchor: '振东', dir: 'left' }, ts, { locale: 'zh-CN' });
    expect(left.map((t) => t.text)).toEqual(['国平']);
    const runs = ts.map((t) => ({ t: t.text, r: t.bbox_css as Box }));
    for (const seed of ['a', 'b', 'c', 'd']) expect(spatialOn(write(ts, 'zh-CN', runs, seed), ts[0]!, '振东')).toEqual([]);
  });

  it('words under the gap between two buttons: neither button is "directly above" them', () => {
    nextId = 0;
    const shuffle = T('button', 'ترتيب عشوائي', 'ترتيب عشوائي', [117, 71, 239.859, 101]);
    const play = T('button', 'تشغيل', 'تشغيل', [247.859, 71, 333.297, 101]);
    const cell = T('cell', '2:34', '2:34', [222.734, 140.234, 380.422, 172.234]);
    const ts = [shuffle, play, cell];
    const runs = [
      { t: 'ترتيب عشوائي', r: [130, 78, 227, 94] as Box },
      { t: 'تشغيل', r: [262, 78, 319, 94] as Box },
      { t: '2:34', r: [234, 148, 264, 164] as Box },
    ];
    for (const seed of ['a', 'b', 'c', 'd']) expect(spatialOn(write(ts, 'ar', runs, seed), play, '2:34')).toEqual([]);
    // words right under the play button alone: it is the button above them
    const under = runs.map((r) => (r.t === '2:34' ? { t: r.t, r: [270, 148, 302, 164] as Box } : r));
    const seen = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].flatMap((seed) => spatialOn(write(ts, 'ar', under, seed), play, '2:34'));
    expect(seen.length).toBeGreaterThan(0);
  });

  it('a field\'s value between the anchor and the text: no "text immediately below"', () => {
    nextId = 0;
    const font = T('combobox', 'Font', 'Inter', [1692, 229.094, 1830, 253.094]);
    const size = T('textbox', 'Size', '11', [1692, 256.094, 1788, 278.094]);
    const pt = T('text', 'pt', 'pt', [1819.641, 259.313, 1830, 273.313]);
    const runs = [{ t: 'pt', r: [1819.641, 259.313, 1830, 273.313] as Box }];
    for (const seed of ['a', 'b', 'c', 'd']) expect(spatialOn(write([font, size, pt], 'en-US', runs, seed), pt, 'Inter')).toEqual([]);
    // with no field in between, "pt" is the text below "Inter"
    const seen = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].flatMap((seed) => spatialOn(write([font, pt], 'en-US', runs, seed), pt, 'Inter'));
    expect(seen.length).toBeGreaterThan(0);
  });
});
