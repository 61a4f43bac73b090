/**
 * The label oracle itself (test/labels-oracle.ts, issue 15 items 2–3): on one hand-written page, each
 * reading the oracle gained for the spatial and uniqueness checks accepts the sound query and still
 * rejects a defective one beside it. Readings (each found as an oracle blind spot on
 * `grounding --count 70 --seed 1 --locales all`):
 * - a drop-down list shows its chosen option ("A4"): an anchor; the checkbox under it is compared with
 *   the other checkboxes, not with text lines;
 * - a text cut by an ellipsis is quoted as painted ("Temperatur…"): that is the anchor, with every text
 *   whose word starts that way a second place; the uncut text ("… humidity") is not on screen;
 * - an icon target is compared with the other icons; a `<button role="tab">` is a tab, not a button;
 * - a table cell stands for a text in it: the column header over a left-aligned name;
 * - a custom checkbox (its input hidden, the box drawn in its label) is seen as its label;
 * - "Alice · 9:36" written in a pane is one place even though a list row shows "Alice" and, far to its
 *   right, "9:36"; the same name twice in one list row (avatar and title) is one place;
 * - a landmark name quoted by a state query is checkLandmarkNames' question, a label is not;
 * - a text line between anchor and target across their band ("}") is nearer; two buttons side by side
 *   are equally near.
 */
import { describe, expect, it } from 'vitest';
import { usePool } from './browser-pool.js';
import { checkLabels, type LabelProblem } from './labels-oracle.js';
import type { GroundingRecord } from '../core/schema.js';

const pool = usePool();
const OPTS = { viewport: { width: 900, height: 700 }, dpr: 1, mobile: false, touch: false, colorScheme: 'light' as const, locale: 'en-US' };
const ICON = (id: string): string => `<svg id="${id}" data-icon="star" width="16" height="16" viewBox="0 0 16 16" style="position:absolute;LEFT"><rect width="16" height="16" fill="#333"/></svg>`;
const PAGE = `<!doctype html><html><body style="margin:0;font:14px sans-serif">
<div style="position:absolute;left:20px;top:20px"><select id="paper"><option>A4</option><option>Letter</option></select></div>
<input type="checkbox" id="cb1" style="position:absolute;left:20px;top:60px;margin:0">
<input type="checkbox" id="cb2" style="position:absolute;left:20px;top:90px;margin:0">
<div id="cut" style="position:absolute;left:200px;top:20px;width:110px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Temperature and humidity</div>
<div id="under-cut" style="position:absolute;left:200px;top:44px">Exposure</div>
<div style="position:absolute;left:200px;top:80px">Tempo</div>
${ICON('i1').replace('LEFT', 'left:400px;top:22px')}${ICON('i2').replace('LEFT', 'left:430px;top:22px')}
<span id="mail" style="position:absolute;left:452px;top:20px">Mail</span>
<div style="position:absolute;left:400px;top:60px;display:flex;gap:4px"><button role="tab" id="tab1">Sheet1</button><button role="tab" id="tab2">Sheet2</button><button id="add">+</button></div>
<table style="position:absolute;left:20px;top:140px;border-collapse:collapse" border="1"><tr><th id="hA" style="width:120px;text-align:center">A</th><th id="hB" style="width:120px;text-align:center">B</th></tr>
<tr><td id="name" style="text-align:left">Name</td><td style="text-align:right">Total</td></tr></table>
<div style="position:absolute;left:400px;top:140px;width:300px" role="listbox">
  <div role="option" id="row1"><div style="display:flex;justify-content:space-between"><span>Alice</span><span>9:36</span></div><div>Lunch plans</div></div>
  <div role="option" id="row2" style="display:flex;gap:8px"><span aria-hidden="true">Bo</span><span>Bo</span></div>
  <div role="option" id="row3">Carol</div>
</div>
<div style="position:absolute;left:400px;top:220px"><h3 id="subj" style="margin:0">Lunch on Friday</h3><div id="from">Alice · 9:36</div><p id="body" style="margin:4px 0">See you there</p></div>
<nav aria-label="Documentation" style="position:absolute;left:20px;top:260px"><div id="navtitle">Documentation</div><a href="#a" id="cur" aria-current="page">Intro</a> <a href="#b" id="l2">Setup</a></nav>
<input id="search" placeholder="Search documentation" style="position:absolute;left:20px;top:320px">
<pre style="position:absolute;left:20px;top:360px;margin:0;font:14px monospace"><div id="c1">  x = 1;</div><div id="c2">}</div><div id="c3">return x;</div></pre>
<div style="position:absolute;left:400px;top:360px"><h4 id="consent" style="margin:0 0 10px">We value your privacy</h4><button id="b1">Manage</button> <button id="b2">Reject all</button></div>
<div style="position:absolute;left:20px;top:440px">${['Bags', 'Watches', 'Shoes'].map((s, i) => `<label id="lb${i}" style="display:block;margin:4px 0"><input type="checkbox" id="h${i}" style="opacity:0;position:absolute;width:1px;height:1px"><span style="display:inline-block;width:12px;height:12px;border:1px solid #333"></span> ${s}</label>`).join('')}</div>
</body></html>`;

type Tgt = { tid: string; role: string; text: string; sel: string; landmark?: string };
const TARGETS: Tgt[] = [
  // fields, icons, tabs
  { tid: 'cb1', role: 'checkbox', text: '', sel: '#cb1' },
  { tid: 'cb2', role: 'checkbox', text: '', sel: '#cb2' },
  { tid: 'under', role: 'text', text: 'Exposure', sel: '#under-cut' },
  { tid: 'i1', role: 'img', text: '', sel: '#i1' },
  { tid: 'i2', role: 'img', text: '', sel: '#i2' },
  { tid: 'add', role: 'button', text: '+', sel: '#add' },
  { tid: 'tab2', role: 'tab', text: 'Sheet2', sel: '#tab2' },
  // the table, the mail pane and list, the landmark
  { tid: 'hA', role: 'columnheader', text: 'A', sel: '#hA' },
  { tid: 'hB', role: 'columnheader', text: 'B', sel: '#hB' },
  { tid: 'subj', role: 'heading', text: 'Lunch on Friday', sel: '#subj' },
  { tid: 'row1', role: 'option', text: 'Alice 9:36 Lunch plans', sel: '#row1' },
  { tid: 'row3', role: 'option', text: 'Carol', sel: '#row3' },
  { tid: 'cur', role: 'link', text: 'Intro', sel: '#cur', landmark: 'Documentation' },
  { tid: 'l2', role: 'link', text: 'Setup', sel: '#l2', landmark: 'Documentation' },
  // code lines, a consent dialog, custom checkboxes
  { tid: 'c3', role: 'text', text: 'return x;', sel: '#c3' },
  { tid: 'b1', role: 'button', text: 'Manage', sel: '#b1' },
  { tid: 'b2', role: 'button', text: 'Reject all', sel: '#b2' },
  { tid: 'lb1', role: 'checkbox', text: 'Watches', sel: '#lb1' },
  { tid: 'lb2', role: 'checkbox', text: 'Shoes', sel: '#lb2' },
];

/** The oracle's problems for `queries` ([target id, style, text]) on the page. */
async function judge(queries: Array<[string, string, string]>): Promise<Array<Pick<LabelProblem, 'text' | 'kind'>>> {
  const rec = {
    targets: TARGETS.map((t) => ({ tid: t.tid, role: t.role, text: t.text, name: t.text, dom: { selector: t.sel }, context: { landmark: t.landmark ?? null } })),
    queries: queries.map(([tid, style, text], i) => ({ qid: `q${i}`, tid, style, text, locale: 'en-US' })),
  } as unknown as GroundingRecord;
  const r = await checkLabels(pool(), { html: PAGE }, OPTS, rec);
  expect(r.checked).toBe(queries.length);
  return r.problems.map((p) => ({ text: p.text, kind: p.kind }));
}

describe('label oracle readings', () => {
  it('accepts the sound queries', async () => {
    expect(
      await judge([
        ['cb1', 'spatial', 'the first checkbox below "A4"'],
        ['under', 'spatial', 'the text immediately below "Temperatur…"'],
        ['i2', 'spatial', 'the icon immediately to the left of "Mail"'],
        ['add', 'spatial', 'the button immediately to the right of "Sheet1"'],
        ['hA', 'spatial', 'the column header immediately above "Name"'],
        ['subj', 'spatial', 'the heading immediately above "Alice · 9:36"'],
        ['row3', 'spatial', 'the list item immediately below "Bo"'],
        ['cur', 'state', 'the current link in the "Documentation" section'],
        ['lb1', 'spatial', 'the checkbox immediately below "Bags"'],
      ]),
    ).toEqual([]);
  });

  it('still rejects the defective ones beside them', async () => {
    const bad = await judge([
      // a nearer checkbox / icon / header / button of the kind
      ['cb2', 'spatial', 'the first checkbox below "A4"'],
      ['i1', 'spatial', 'the icon immediately to the left of "Mail"'],
      ['hB', 'spatial', 'the column header immediately above "Name"'],
      ['tab2', 'spatial', 'the tab immediately to the right of "A4"'],
      // the uncut text is not painted; a shorter cut matches "Tempo" too
      ['under', 'spatial', 'the text immediately below "Temperature and humidity"'],
      ['under', 'spatial', 'the text immediately below "Temp…"'],
      // "Alice" is shown twice in separate places
      ['subj', 'spatial', 'the first heading above "Alice"'],
      // a landmark name is left to checkLandmarkNames only for a target in that landmark
      ['row3', 'state', 'the selected option in the "Documentation" section'],
      // "}" between "x = 1;" and "return x;"
      ['c3', 'spatial', 'the text immediately below "x = 1;"'],
      // two buttons side by side under the heading
      ['b2', 'spatial', 'the first button below "We value your privacy"'],
      ['lb2', 'spatial', 'the first checkbox below "Bags"'],
    ]);
    expect(bad).toEqual([
      { text: 'the first checkbox below "A4"', kind: 'spatial_not_nearest' },
      { text: 'the icon immediately to the left of "Mail"', kind: 'spatial_not_nearest' },
      { text: 'the column header immediately above "Name"', kind: 'spatial_not_nearest' },
      { text: 'the tab immediately to the right of "A4"', kind: 'spatial_not_nearest' },
      { text: 'the text immediately below "Temperature and humidity"', kind: 'anchor_not_unique' },
      { text: 'the text immediately below "Temp…"', kind: 'anchor_not_unique' },
      { text: 'the first heading above "Alice"', kind: 'anchor_not_unique' },
      { text: 'the selected option in the "Documentation" section', kind: 'second_text' },
      { text: 'the text immediately below "x = 1;"', kind: 'spatial_not_nearest' },
      { text: 'the first button below "We value your privacy"', kind: 'spatial_not_nearest' },
      { text: 'the first checkbox below "Bags"', kind: 'spatial_not_nearest' },
    ]);
  });
});
