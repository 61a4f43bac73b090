/**
 * The activation-listener registry (renderers/listener-hook.ts) and the probe's reading of it
 * (hittest/page/listeners.ts), in a real Chromium page.
 *
 * Oracle for the registry: the browser's own dispatch. Every case element gets listeners (added,
 * added twice, removed, removed with the other capture flag, aborted through a signal, `once`,
 * `handleEvent` objects, handler properties and attributes) that log `case:type` when they run; after
 * the registry is read, one non-bubbling event of each activation type is dispatched on each element.
 * The types the registry reports for an element must be exactly those whose dispatch ran a listener
 * of that element. The same page rendered without the hook must behave the same (return values,
 * exceptions, the dispatch log).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pageBundle } from '../hittest/bundle.js';
import { BrowserPool, type PageOptions } from '../renderers/browser.js';
import { usePool } from './browser-pool.js';
import { ACTIVATION_TYPES } from '../renderers/listener-hook.js';

const OPTS: PageOptions = { viewport: { width: 800, height: 600 }, dpr: 1, mobile: false, touch: false, colorScheme: 'light', locale: 'en-US' };

const HTML = `<!doctype html><html><head><meta charset="utf-8"></head><body>
<div id="cases">
<span data-case="add-click">a</span><span data-case="dup-removed">b</span><span data-case="capture-mismatch">c</span>
<span data-case="aborted">d</span><span data-case="aborted-before">e</span><span data-case="once">f</span>
<span data-case="handle-event">g</span><span data-case="prop">h</span><span data-case="prop-null">i</span>
<span data-case="attr-mousedown" onmousedown="logIt(this, event)">j</span><span data-case="keydown-only">k</span>
<span data-case="touch-pointerup">l</span><span data-case="none">m</span>
</div>
<ul id="list" data-case="list"><li>one</li><li>two</li></ul>
<div id="chips" data-case="chips"><span class="chip">x</span><span class="chip">y</span></div>
<div id="card" data-case="card"><b>Title</b> text</div>
<div id="root" data-case="root">widget</div>
<script>
window.behaviour = [];
function logIt(el, e) { window.log.push(el.dataset.case + ':' + e.type); }
window.log = [];
const $ = (c) => document.querySelector('[data-case="' + c + '"]');
const f = function (e) { logIt(this, e); };
window.behaviour.push(typeof $('add-click').addEventListener('click', f));
const g = function (e) { logIt(this, e); };
$('dup-removed').addEventListener('mousedown', g); $('dup-removed').addEventListener('mousedown', g);
window.behaviour.push(typeof $('dup-removed').removeEventListener('mousedown', g));
$('capture-mismatch').addEventListener('pointerdown', f, true); $('capture-mismatch').removeEventListener('pointerdown', f, { capture: false });
const ac = new AbortController(); $('aborted').addEventListener('click', f, { signal: ac.signal }); ac.abort();
const ac2 = new AbortController(); ac2.abort(); $('aborted-before').addEventListener('click', f, { signal: ac2.signal });
$('once').addEventListener('mouseup', f, { once: true });
$('handle-event').addEventListener('click', { handleEvent(e) { logIt(e.currentTarget, e); } });
$('prop').onclick = f;
$('prop-null').onclick = f; $('prop-null').onclick = null;
$('keydown-only').addEventListener('keydown', f);
$('touch-pointerup').addEventListener('touchstart', f, { passive: true }); $('touch-pointerup').addEventListener('pointerup', f);
$('list').addEventListener('click', f); $('chips').addEventListener('click', f); $('card').addEventListener('click', f);
['click','dblclick','contextmenu','mousedown','mouseup','mousemove','mouseover','mouseout','pointerdown','pointerup','pointermove',
 'pointerover','pointerout','touchstart','touchend','touchmove','keydown','keyup','input','change','focusin','focusout','beforeinput','wheel']
  .forEach((t) => $('root').addEventListener(t, f));
document.addEventListener('click', f); document.body.addEventListener('click', f); window.addEventListener('click', f);
for (const bad of [null, {}, 1]) {
  try { EventTarget.prototype.addEventListener.call(bad, 'click', f); window.behaviour.push('no error'); } catch (e) { window.behaviour.push(e.name + ': ' + e.message); }
}
try { $('none').addEventListener('click'); window.behaviour.push('no error'); } catch (e) { window.behaviour.push(e.name + ': ' + e.message); }
window.behaviour.push($('none').addEventListener.name, $('none').addEventListener.length, $('none').removeEventListener.length);
</script></body></html>`;

interface Seen {
  behaviour: unknown[];
  log: string[];
  registry: Record<string, string[]>;
  clickable: Record<string, boolean>;
}

/** In the page: registry reading (probe module) first, then the dispatch oracle. */
async function observe(pool: BrowserPool, instrument: boolean): Promise<Seen> {
  const bundle = await pageBundle('listeners.ts', '__uisynthListeners');
  return pool.withPage(OPTS, { html: HTML }, async (h) => {
    const expr = `(() => {
${bundle}
const L = __uisynthListeners;
const registry = {}, clickable = {};
for (const el of document.querySelectorAll('[data-case]')) {
  registry[el.dataset.case] = L.ownActivationTypes(el).sort();
  clickable[el.dataset.case] = L.listenerClickable(el);
}
const types = ${JSON.stringify(ACTIVATION_TYPES)};
for (const el of document.querySelectorAll('[data-case]')) for (const t of types) el.dispatchEvent(new Event(t, { bubbles: false, cancelable: true }));
return JSON.stringify({ behaviour: window.behaviour, log: window.log, registry, clickable });
})()`;
    return JSON.parse((await h.page.evaluate(expr)) as string) as Seen;
  }, { instrument });
}

const pool = usePool();
let hooked: Seen;
let plain: Seen;
beforeAll(async () => {
  hooked = await observe(pool(), true);
  plain = await observe(pool(), false);
});

describe('activation-listener registry', () => {
  it('reports exactly the activation types whose dispatch runs a listener of the element itself', () => {
    const fired: Record<string, Set<string>> = {};
    for (const e of hooked.log) {
      const [c, t] = e.split(':') as [string, string];
      (fired[c] ??= new Set()).add(t);
    }
    expect(hooked.log.length).toBeGreaterThan(5);
    for (const [c, types] of Object.entries(hooked.registry)) expect(types, c).toEqual([...(fired[c] ?? [])].sort());
    // the cases mean what they say
    expect(hooked.registry['add-click']).toEqual(['click']);
    expect(hooked.registry['dup-removed']).toEqual([]);
    expect(hooked.registry['capture-mismatch']).toEqual(['pointerdown']);
    expect(hooked.registry['aborted']).toEqual([]);
    expect(hooked.registry['prop-null']).toEqual([]);
    expect(hooked.registry['touch-pointerup']).toEqual(['pointerup', 'touchstart']);
  });

  it('the page behaves the same with and without the hook', () => {
    expect(hooked.behaviour).toEqual(plain.behaviour);
    expect(hooked.log).toEqual(plain.log);
    // without the hook only handler properties and attributes are seen
    expect(plain.registry['add-click']).toEqual([]);
    expect(plain.registry['prop']).toEqual(['click']);
  });

  it('a listener makes its own element clickable, not a delegation host', () => {
    const c = hooked.clickable;
    for (const k of ['add-click', 'capture-mismatch', 'once', 'handle-event', 'prop', 'attr-mousedown', 'touch-pointerup', 'card']) expect(c[k], k).toBe(true);
    for (const k of ['dup-removed', 'aborted', 'aborted-before', 'prop-null', 'keydown-only', 'none']) expect(c[k], k).toBe(false);
    // a list, repeated children, a framework root listening to every event type
    for (const k of ['list', 'chips', 'root']) expect(c[k], k).toBe(false);
  });
});
