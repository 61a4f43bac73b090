/**
 * In-page modules of hittest/page/ tested alone (not through the whole probe):
 * - roles.ts and accname.ts, each bundled on its own by hittest/bundle.ts and run in a real Chromium page
 *   (test/fixtures/probe/names.html), against the oracle of Chromium's own accessibility tree (CDP
 *   `Accessibility.getPartialAXTree`): role and accessible name of every `data-case` element. Where
 *   grounding deliberately differs from a screen reader (names read from the content of any text
 *   element; a few roles), the difference is listed with its reason;
 * - text.ts, grid.ts and text-geometry.ts's line grouping, which need no DOM, in Node.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBundle } from '../hittest/bundle.js';
import { FR, planGrid } from '../hittest/page/grid.js';
import { collapse, painted } from '../hittest/page/text.js';
import { toLines } from '../hittest/page/text-geometry.js';
import { CHROMIUM_ARGS } from '../renderers/browser.js';

const HTML = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'probe', 'names.html'), 'utf8');

/** Chromium's internal role names for ARIA roles (its AX tree reports these). */
const CHROMIUM_ROLE: Record<string, string> = { image: 'img', DisclosureTriangle: 'button' };

/**
 * Cases where the probe's role deliberately differs from Chromium's: the record's role names what a
 * grounding query can call the element.
 */
const ROLE_DIFFERS: Record<string, { ours: string; why: string }> = {
  'fieldset-legend': { ours: 'text', why: 'groups are not targets; only their legend text is' },
  'progress-label': { ours: 'text', why: 'progress bars have no role of their own in the records' },
  'span-tabindex-neg': { ours: 'text', why: 'tabindex=-1 is not in the tab order: plain text' },
  'a-no-href': { ours: 'text', why: 'an anchor without href is plain text (Chromium ignores it)' },
  'div-role-presentation': { ours: 'text', why: 'presentational elements keep their text' },
  'div-contenteditable': { ours: 'textbox', why: 'an editable region is typed into like a text box' },
};

/**
 * Cases where the probe names an element from its content and Chromium gives no name: grounding names
 * text elements by the text people read (accname.ts NAME_FROM_CONTENT), a screen reader only controls.
 */
const NAMED_FROM_CONTENT = new Set(['div-onclick', 'span-tabindex', 'span-tabindex-neg', 'a-no-href', 'div-role-presentation', 'li', 'p', 'dd', 'blockquote', 'code']);

interface Observed {
  ours: { interactive: string | null; role: string; name: string };
  chromium: { role: string; name: string; ignored: boolean };
}

let browser: Browser;
let page: Page;
const observed = new Map<string, Observed>();

beforeAll(async () => {
  const { findChromium } = (await import('../renderers/find-chromium.mjs' as string)) as { findChromium: () => { path: string } | null };
  const exe = findChromium();
  if (!exe) throw new Error('no Chromium found (see renderers/find-chromium.mjs)');
  browser = await chromium.launch({ executablePath: exe.path, headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage();
  await page.setContent(HTML);
  // each module bundled alone: roles.ts and accname.ts need nothing of the probe around them
  await page.addScriptTag({ content: await pageBundle('roles.ts', '__uisynthRoles') });
  await page.addScriptTag({ content: await pageBundle('accname.ts', '__uisynthAccname') });
  const cdp = await page.context().newCDPSession(page);
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1 })) as { root: { nodeId: number } };
  const { nodeIds } = (await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: '[data-case]' })) as { nodeIds: number[] };
  for (const nodeId of nodeIds) {
    const { attributes } = (await cdp.send('DOM.getAttributes', { nodeId })) as { attributes: string[] };
    const key = attributes[attributes.indexOf('data-case') + 1]!;
    const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })) as {
      nodes: Array<{ role?: { value: string }; name?: { value: string }; ignored: boolean }>;
    };
    const ax = nodes[0]!;
    const ours = (await page.evaluate(`(() => {
      const el = document.querySelector('[data-case="${key}"]');
      const interactive = __uisynthRoles.interactiveRole(el);
      const role = interactive ?? __uisynthRoles.implicitRole(el);
      return { interactive, role, name: __uisynthAccname.accName(el, role) };
    })()`)) as Observed['ours'];
    observed.set(key, { ours, chromium: { role: ax.role?.value ?? '', name: ax.name?.value ?? '', ignored: ax.ignored } });
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('roles.ts and accname.ts against Chromium\'s accessibility tree', () => {
  it('reads every case of the page', () => {
    expect(observed.size).toBe((HTML.match(/data-case="/g) ?? []).length);
    expect(observed.size).toBeGreaterThan(50);
  });

  it('roles agree with Chromium except the listed deliberate differences', () => {
    const wrong: string[] = [];
    for (const [key, o] of observed) {
      const theirs = CHROMIUM_ROLE[o.chromium.role] ?? o.chromium.role;
      const want = ROLE_DIFFERS[key]?.ours ?? (o.ours.interactive === 'generic' ? 'generic' : theirs);
      if (o.ours.role !== want) wrong.push(`${key}: ours ${o.ours.role}, want ${want} (Chromium ${o.chromium.role})`);
      // a listed difference must still be one (else the list is stale)
      if (ROLE_DIFFERS[key] && o.ours.role === theirs) wrong.push(`${key}: listed as different but agrees with Chromium`);
    }
    expect(wrong).toEqual([]);
  });

  it('clickable containers ([onclick], [tabindex>=0]) are interactive, tabindex=-1 and plain elements are not', () => {
    expect(observed.get('div-onclick')!.ours.interactive).toBe('generic');
    expect(observed.get('span-tabindex')!.ours.interactive).toBe('generic');
    expect(observed.get('span-tabindex-neg')!.ours.interactive).toBeNull();
    expect(observed.get('a-no-href')!.ours.interactive).toBeNull();
    expect(observed.get('p')!.ours.interactive).toBeNull();
  });

  it('accessible names agree with Chromium (whitespace collapsed)', () => {
    const wrong: string[] = [];
    for (const [key, o] of observed) {
      if (key === 'b-labelledby-hidden') continue; // the known gap below
      const theirs = collapse(o.chromium.name);
      if (NAMED_FROM_CONTENT.has(key)) {
        // named by its content where Chromium gives none
        if (theirs !== '' || o.ours.name === '') wrong.push(`${key}: listed as named from content, ours "${o.ours.name}", Chromium "${theirs}"`);
        continue;
      }
      if (o.ours.name !== theirs) wrong.push(`${key}: ours "${o.ours.name}", Chromium "${theirs}"`);
    }
    expect(wrong).toEqual([]);
  });

  it('names from content leave out aria-hidden, display:none and visibility:hidden content; embedded controls give their value', () => {
    expect(observed.get('b-hidden-star')!.ours.name).toBe('Save');
    expect(observed.get('b-display-none')!.ours.name).toBe('Buy');
    expect(observed.get('b-visibility-hidden')!.ours.name).toBe('Buy');
    expect(observed.get('div-button-embedded-select')!.ours.name).toBe('Flavor Mint');
    expect(observed.get('div-button-embedded-text')!.ours.name).toBe('Send to Ann');
    expect(observed.get('num-in-label')!.ours.name).toBe('Quantity');
    expect(observed.get('a-blocks')!.ours.name).toBe('Line two');
    expect(observed.get('a-inline-spans')!.ours.name).toBe('Signup');
  });

  // Known gap, left as it is (the probe's output must not change in issue 11): accname 2B says an element
  // referenced by aria-labelledby names its referrer even when it is hidden; accname.ts drops hidden
  // referenced content, so the button is named by its own content. Fails until that is fixed.
  it.fails('a hidden element referenced by aria-labelledby names the button (accname step 2B)', () => {
    const o = observed.get('b-labelledby-hidden')!;
    expect(o.chromium.name).toBe('Secret label');
    expect(o.ours.name).toBe('Secret label');
  });
});

describe('the page bundles', () => {
  it('are plain classic scripts: one global each, no __name helpers, no Node or module syntax', async () => {
    for (const [entry, global] of [
      ['probe.ts', '__uisynthProbe'],
      ['settle.ts', '__uisynthSettle'],
    ] as const) {
      const src = await pageBundle(entry, global);
      expect(src.startsWith(`var ${global} = (() => {`)).toBe(true);
      expect(src).not.toMatch(/__name|\brequire\(|\bimport\b|\bexport\b|"use strict"/);
      // evaluating it defines the global with the entry's exports and nothing else
      const defined = new Function(`${src}; return ${global};`)() as Record<string, unknown>;
      expect(Object.keys(defined)).toEqual([entry === 'probe.ts' ? 'probePage' : 'settleInPage']);
    }
  });
});

describe('in-page helpers that need no DOM', () => {
  it('collapse and text-transform as painted', () => {
    expect(collapse('  a\u00a0\u200b b\n\tc ')).toBe('a b c');
    expect(painted('general', 'uppercase')).toBe('GENERAL');
    expect(painted('ÉCOLE', 'lowercase')).toBe('école');
    // capitalize: first letter of every word, after spaces, hyphens, slashes, brackets and quotes
    expect(painted('sign-in to "your" account/(now) élan', 'capitalize')).toBe('Sign-In To "Your" Account/(Now) Élan');
    expect(painted('mixed Case', 'none')).toBe('mixed Case');
  });

  it('text rects group into lines by vertical overlap', () => {
    const lines = toLines([
      [50, 20, 90, 38],
      [0, 0, 40, 18],
      [45, 1, 80, 17],
      [0, 21, 30, 37],
    ]);
    expect(lines).toEqual([
      [0, 0, 80, 18],
      [0, 20, 90, 38],
    ]);
  });

  it('nine grid points at 1/6, 1/2, 5/6 of a box, row-major, centre at index 4', () => {
    const b: [number, number, number, number] = [10, 20, 70, 50];
    const plan = planGrid(b, false, []);
    expect(plan).toHaveLength(9);
    plan.forEach((p, k) => {
      expect(p.x).toBeCloseTo(10 + FR[k % 3]! * 60, 9);
      expect(p.y).toBeCloseTo(20 + FR[Math.floor(k / 3)]! * 30, 9);
      expect(p.vis).toEqual(b);
    });
    expect(plan[4]).toMatchObject({ x: 40, y: 35 });
  });

  it('a wrapped text puts its grid rows on its lines', () => {
    // two lines of equal height: top row on line 1, middle row on the wider line at the boundary, bottom row on line 2
    const l1: [number, number, number, number] = [0, 0, 200, 20];
    const l2: [number, number, number, number] = [0, 20, 80, 40];
    const plan = planGrid([0, 0, 200, 40], true, [l1, l2]);
    expect(plan).toHaveLength(9);
    // rows: stack height 40; 1/6 -> line 1 at local 1/3; midpoint 20 is the boundary -> the wider line 1 at its centre; 5/6 -> line 2 at local 2/3
    expect(plan.slice(0, 3).map((p) => p.vis)).toEqual([l1, l1, l1]);
    expect(plan[0]!.y).toBeCloseTo(20 / 3, 9);
    [200 / 6, 100, 1000 / 6].forEach((x, k) => {
      expect(plan[3 + k]!.x).toBeCloseTo(x, 9);
      expect(plan[3 + k]!.y).toBe(10);
      expect(plan[3 + k]!.vis).toEqual(l1);
    });
    expect(plan.slice(6).map((p) => p.vis)).toEqual([l2, l2, l2]);
    expect(plan[6]!.y).toBeCloseTo(20 + 40 / 3, 9);
    expect(plan[8]!.x).toBeCloseTo((5 / 6) * 80, 9);
  });
});
