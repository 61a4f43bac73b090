/**
 * The activation-listener registry: an init script that records, per element, the pointer / click
 * listeners the page registers with `addEventListener`, so that the hit test can see elements made
 * clickable by script only (`span.addEventListener('click', …)` with no `onclick` attribute, no role,
 * no tabindex). The DOM has no API to list an element's listeners; wrapping
 * `EventTarget.prototype.addEventListener` / `removeEventListener` before the page's own scripts run
 * is the only way to know.
 *
 * Handlers set as properties (`el.onclick = fn`) need no hook: the probe reads the property itself
 * (hittest/page/listeners.ts), which also sees handlers set before any hook could run.
 *
 * Which recorded listeners make an element a target (delegation, framework roots, large containers)
 * is decided by the probe, hittest/page/listeners.ts.
 */

/** Key (`Symbol.for`) of the per-window registry object installed by {@link ACTIVATION_LISTENER_HOOK}. */
export const ACTIVATION_LISTENERS_KEY = 'uisynth.activationListeners';

/**
 * Event types whose listener makes an element clickable: a real click (or tap) dispatches them on it.
 * (`touchstart` is what touch-first sites listen to; `mouseup` / `pointerup` complete a press.)
 */
export const ACTIVATION_TYPES = ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart'] as const;

/**
 * Shape of the registry on `window[Symbol.for(ACTIVATION_LISTENERS_KEY)]` (read by hittest/page/listeners.ts).
 */
export interface ActivationRegistry {
  /** Activation event types (of {@link ACTIVATION_TYPES}) with at least one live listener on `el` itself. */
  activationTypes(el: Element): string[];
  /** Number of distinct event types of any kind ever listened to on `el` itself (framework roots listen to dozens). */
  typeCount(el: Element): number;
  /** Number of elements that ever got an activation listener in this window (0: nothing to look up). */
  readonly size: number;
}

/**
 * Init script added to every context (runs in every frame before the page's own scripts): wraps
 * `EventTarget.prototype.addEventListener` and `removeEventListener` and keeps, in a `WeakMap` keyed by
 * element (no element is kept alive by it), the live activation listeners registered on each element
 * — with the DOM's own identity rule (type, callback, capture): a second identical registration is
 * not counted twice; `removeEventListener` and an aborted `signal` take one away. `once` listeners
 * stay recorded after they fired (the probe runs before any click). Listeners on `window`, documents
 * and shadow roots are not recorded. The page sees the same behaviour, return values and exceptions
 * as without the hook (checked by test/listener-hook.test.ts); only `addEventListener.toString()` differs.
 */
export const ACTIVATION_LISTENER_HOOK = `(() => {
  const K = Symbol.for(${JSON.stringify(ACTIVATION_LISTENERS_KEY)});
  if (window[K] || typeof EventTarget !== 'function') return;
  const ACT = new Set(${JSON.stringify(ACTIVATION_TYPES)});
  const byEl = new WeakMap(); // Element -> { act: Map<type, Array<[callback, capture]>>, all: Set<type> }
  let size = 0;
  const api = {
    activationTypes(el) {
      const r = byEl.get(el);
      if (!r) return [];
      const out = [];
      for (const [t, l] of r.act) if (l.length) out.push(t);
      return out;
    },
    typeCount(el) {
      const r = byEl.get(el);
      return r ? r.all.size : 0;
    },
    get size() { return size; },
  };
  Object.defineProperty(window, K, { value: api, enumerable: false, configurable: false, writable: false });
  const P = EventTarget.prototype;
  const add = P.addEventListener, rem = P.removeEventListener;
  if (typeof add !== 'function' || typeof rem !== 'function') return;
  const captureOf = (o) => (typeof o === 'boolean' ? o : !!(o && typeof o === 'object' && o.capture));
  const isEl = (t) => { try { return t instanceof Element || (!!t && t.nodeType === 1 && typeof t.localName === 'string'); } catch (e) { return false; } };
  const drop = (el, type, cb, cap) => {
    const r = byEl.get(el);
    const l = r && r.act.get(type);
    if (!l) return;
    const i = l.findIndex((x) => x[0] === cb && x[1] === cap);
    if (i >= 0) l.splice(i, 1);
  };
  const note = (el, type, cb, opts) => {
    let r = byEl.get(el);
    if (!r) { r = { act: new Map(), all: new Set() }; byEl.set(el, r); }
    r.all.add(type);
    if (!ACT.has(type)) return;
    const cap = captureOf(opts);
    let l = r.act.get(type);
    if (!r.act.size) size++;
    if (!l) { l = []; r.act.set(type, l); }
    if (l.some((x) => x[0] === cb && x[1] === cap)) return;
    l.push([cb, cap]);
    const sig = opts && typeof opts === 'object' ? opts.signal : null;
    if (sig && typeof sig === 'object') add.call(sig, 'abort', () => drop(el, type, cb, cap), { once: true });
  };
  Object.defineProperty(P, 'addEventListener', {
    configurable: true, enumerable: true, writable: true,
    // two declared parameters, as the original's \`length\` says (the options are read from \`arguments\`)
    value: function addEventListener(type, callback) {
      const options = arguments[2];
      const r = add.apply(this, arguments);
      try {
        if (callback && isEl(this) && !(options && typeof options === 'object' && options.signal && options.signal.aborted)) note(this, String(type), callback, options);
      } catch (e) { /* never disturb the page */ }
      return r;
    },
  });
  Object.defineProperty(P, 'removeEventListener', {
    configurable: true, enumerable: true, writable: true,
    value: function removeEventListener(type, callback) {
      const options = arguments[2];
      const r = rem.apply(this, arguments);
      try {
        if (callback && isEl(this)) drop(this, String(type), callback, captureOf(options));
      } catch (e) { /* never disturb the page */ }
      return r;
    },
  });
})();`;
