/**
 * The page state a probe run leaves behind for hittest/capture.ts's follow-up calls, kept on the window
 * under `Symbol.for('uisynth.probe')`: the candidates' elements (for CDP content quads), the grid in a
 * content quad (`regrid`), hiding candidates for the differential painted check (`hide`) and the
 * stability re-measure (`moved`). Indices are candidate indices (`idx`).
 */
import { boxOf } from './frames.js';
import { cs } from './dom.js';
import { quadGrid } from './grid.js';
import { okSet } from './hit.js';
import type { ProbeCandidate, ProbePoint } from './types.js';
import type { Cand } from './walk.js';

/** What `window[Symbol.for('uisynth.probe')]` holds after a probe run. */
export interface ProbeState {
  els: Element[];
  /** Candidates whose client rect changed since the probe measured it (indices). */
  moved(): number[];
  /** Grid inside content quads (CSS px, top coords): per item the nine points, row-major. */
  regrid(items: Array<{ i: number; quad: number[] }>): Array<{ i: number; points: ProbePoint[] }>;
  /** Hide candidates `idx` (and show every other); empty `idx` shows all. */
  hide(idx: number[], measure?: boolean): { hidden: number; moved: number[] };
}

/**
 * Build the state for candidates `cands` (measured as `out`, with their own-root selectors
 * `localSels`) and publish it on the window. Re-measures every box now (the reference for `moved`).
 */
export function keepPageState(cands: Cand[], out: ProbeCandidate[], localSels: string[], dpr: number): ProbeState {
  const sheets = new Map<Document | ShadowRoot, CSSStyleSheet>();
  const rectsB = cands.map((c) => boxOf(c.el));
  const state: ProbeState = {
    els: cands.map((c) => c.el),
    /** Candidates whose client rect changed since the probe measured it (indices). */
    moved(): number[] {
      const out: number[] = [];
      cands.forEach((c, i) => {
        const a = rectsB[i] ?? null;
        const b = boxOf(c.el);
        const same = (a === null && b === null) || (!!a && !!b && a.every((v, j) => Math.abs(v - b[j]!) < 0.01));
        if (!same) out.push(i);
      });
      return out;
    },
    /** Grid inside content quads (CSS px, top coords): per item the nine points, row-major. */
    regrid(items: Array<{ i: number; quad: number[] }>): Array<{ i: number; points: ProbePoint[] }> {
      return items.map(({ i, quad: q }) => {
        const c = cands[i]!;
        const ok = okSet(c);
        const vis = out[i]!.visible;
        return { i, points: quadGrid(q, ok, vis, dpr) };
      });
    },
    /**
     * Hide candidates `idx` (and show every other): `opacity: 0 !important` (`visibility: hidden` for
     * `display: contents`) through a constructed style sheet adopted by each element's root, so that
     * neither layout, focus nor the page's MutationObservers see a change. Empty `idx` shows all.
     * With `measure` (default true) every rect is re-measured first ({@link ProbeState.moved}; the
     * caller's previous capture happened in between: the stability check for free); the caller needs
     * it once, so later calls pass false and `moved` is empty (one layout query pass less per batch).
     */
    hide(idx: number[], measure = true): { hidden: number; moved: number[] } {
      const moved = measure ? state.moved() : [];
      const rules = new Map<Document | ShadowRoot, string[]>();
      for (const r of sheets.keys()) rules.set(r, []);
      let n = 0;
      for (const i of idx) {
        const el = cands[i]?.el;
        const sel = localSels[i];
        if (!el || !sel) continue;
        const root = el.getRootNode() as Document | ShadowRoot;
        const prop = cs(el).display === 'contents' ? 'visibility:hidden' : 'opacity:0';
        const list = rules.get(root) ?? [];
        // extra :not(#id) raise the specificity above ordinary author !important rules
        list.push(`:is(${sel}):not(#__uisynth_a):not(#__uisynth_b):not(#__uisynth_c){${prop} !important}`);
        rules.set(root, list);
        n++;
      }
      for (const [root, list] of rules) {
        let sh = sheets.get(root);
        if (!sh) {
          if (!list.length) continue;
          const w = ((root as Document).defaultView ?? root.ownerDocument?.defaultView ?? window) as Window & typeof globalThis;
          sh = new w.CSSStyleSheet();
          sheets.set(root, sh);
          root.adoptedStyleSheets = [...root.adoptedStyleSheets, sh];
        }
        sh.replaceSync(list.join('\n'));
      }
      return { hidden: n, moved };
    },
  };
  Object.defineProperty(window, Symbol.for('uisynth.probe'), { value: state, configurable: true });
  return state;
}
