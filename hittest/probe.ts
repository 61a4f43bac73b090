/**
 * The in-page probe: ONE `page.evaluate` that finds every grounding candidate of a settled page and
 * measures its geometry and hit-test evidence (DESIGN.md "Nine-point hit-test suite",
 * shared/grounding-pitfalls.md §2.3 and §4). No per-element round trips.
 *
 * {@link probePage} is serialised with `Function.prototype.toString` and run in the page, so it must be
 * self-contained: no imports, no references to anything outside its body (types are erased).
 *
 * Coordinates: every rect/point here is in **CSS px of the top-level viewport** (same-origin frames
 * are offset by their iframe's content-box origin). Grid points are additionally given as integer
 * **image px** (`floor(css * dpr)`) and were hit-tested at exactly `image / dpr`, the point a real
 * mouse click uses.
 *
 * Acceptance is NOT decided here (see hittest/policy.ts); the probe only measures.
 */

/** `[x1, y1, x2, y2]` CSS px (top-level viewport), x2/y2 exclusive. */
export type CssBox = [number, number, number, number];

export interface ProbeArgs {
  /** Device scale factor the image will have (image px per CSS px). */
  dpr: number;
  /** Text leaves longer than this (characters, after whitespace collapse) are not candidates. */
  maxTextLength: number;
  /** Generic clickable containers (`[onclick]`, `[tabindex]`) larger than this fraction of the viewport are skipped. */
  maxContainerArea: number;
  /**
   * Thresholds of the acceptance policy below which a candidate is certainly rejected: its grid is then
   * not hit-tested and its paint extent not measured (saves time; such records are never written).
   */
  doomed?: { minVisibleFraction: number; minOpacity: number; minSizeCss: number; requireCenter?: boolean };
  /**
   * Animation frames between the two rect measurements of the stability check (default 2). 0 skips
   * the wait here: hittest/capture.ts instead re-measures every rect after its captures
   * (`state.moved()`), a longer window that costs no idle time.
   */
  stabilityFrames?: number;
  /** Cut edge strips covered by an element on top off the visible box (default true; see {@link ProbeCandidate.trim}). */
  trimOcclusion?: boolean;
}

export interface ProbePoint {
  /** CSS px that was hit-tested (= img / dpr). */
  css: [number, number];
  /** Integer image px. */
  img: [number, number];
  /** Top-most element there (`tag#id.class`), descending through shadow roots (open, and closed ones kept by the init hook) and same-origin frames. */
  hit: string | null;
  /** The hit is the target, a descendant, or (for labels/controls) its label/control. */
  ok: boolean;
  /** The point lies inside the visible rect (element box or line rect ∩ viewport ∩ clips). */
  inVisible: boolean;
}

export interface ProbeCandidate {
  /** Document order index (walk order). */
  idx: number;
  /** `idx` of the interactive candidates inside this one (DOM descendants; `[onclick]` / `[tabindex]` ones included). */
  controlsInside?: number[];
  /** Why it is a candidate. */
  kind: 'control' | 'container' | 'label' | 'heading' | 'text' | 'image';
  role: string;
  name: string;
  text: string;
  aria: Record<string, string>;
  tag: string;
  id: string | null;
  /** Unique CSS path; segments joined by ` >>> ` cross into an open shadow root or an iframe document. */
  selector: string;
  icon: string | null;
  landmark: string | null;
  /** Full box (border box, or union of text line rects when refined), unclipped. Null when it has no box. */
  rect: CssBox | null;
  /** rect ∩ top-level viewport ∩ frames ∩ clipping ancestors; null when nothing is left. */
  visible: CssBox | null;
  /** Clipped per-line rects (text refinement), empty otherwise. */
  lineRects: CssBox[];
  refined: boolean;
  style: { display: string; visibility: string; opacity: number; content_visibility: string; pointer_events: string };
  /** area(rect ∩ viewport) / area(rect). */
  viewportFraction: number;
  /** area(visible) / area(rect). */
  clipFraction: number;
  /** The most restrictive clip (`viewport`, `iframe#f`, or an ancestor `tag#id.class`), null when unclipped. */
  clippedBy: string | null;
  /** Set when the candidate cannot be measured reliably (e.g. inside a transformed iframe). */
  frameProblem: string | null;
  /** Nine grid points (row-major, index 4 = centre); empty when there is no visible box. */
  points: ProbePoint[];
  /**
   * Client rect equal across `stabilityFrames` animation frames; hittest/capture.ts also clears it when
   * the rect differs after all its captures.
   */
  stable: boolean;
  /**
   * Some ancestor-or-self has a rotation/skew/3-D transform: the box is the axis-aligned hull and the
   * grid must be placed in the content quad (filled in by hittest/capture.ts via CDP `DOM.getContentQuads`
   * and the page state's `regrid`).
   */
  needsQuad: boolean;
  /** Border-box quad, CSS px, `[x1,y1, x2,y2, x3,y3, x4,y4]` clockwise from the box's top-left; null when not transformed. */
  quad: number[] | null;
  /** area(quad) / area(axis-aligned hull of the quad), 1 when not transformed. */
  quadFill: number;
  /** Border box ∪ rendered descendants' boxes ∪ shadow/outline extents, CSS px: what hiding it may change. */
  paintBox: CssBox | null;
  /** Per text line (refined targets): area(line ∩ clips) / area(line). */
  lineVisible: number[];
  /** The text is cut by `text-overflow: ellipsis`; `text` is the visible part with `…`. */
  truncated: boolean;
  /**
   * The element's own text where nothing of it is visible (`text` is then empty: it is built from
   * visible line rects), whitespace-collapsed, at most 120 characters; '' otherwise. Lets an element
   * below the fold become a hard negative by the name people would read.
   */
  hiddenText: string;
  /** `Element.checkVisibility({opacityProperty, visibilityProperty, contentVisibilityAuto})`. */
  checkVisibility: boolean;
  /** Innermost shadow root kind, or null in a document tree. */
  shadow: 'open' | 'closed' | null;
  /** Iframe chain (`iframe#a > iframe#b`), null in the top document. */
  frame: string | null;
  /**
   * Occlusion trim (pitfalls #32): edge strips of the visible box cut off because an element on top
   * covers the whole edge (a fixed or sticky header over the top of a list item). `cut`: CSS px cut
   * from [top, right, bottom, left]; `by`: the element on top at the first trimmed edge's midpoint;
   * `fraction`: area(visible after) / area(visible before), (0,1]. `visible` is already the trimmed
   * box and the grid points were re-tested inside it. Null when nothing was cut.
   */
  trim: { cut: [number, number, number, number]; by: string | null; fraction: number } | null;
}

export interface ProbeTextItem {
  /** Visible text of one element's own text nodes (whitespace-collapsed). */
  t: string;
  /** Union of its visible text rects. */
  r: CssBox;
  /** Its visible text fragments: one rect per text node per rendered line (clipped), DOM order. */
  lines: CssBox[];
}

export interface ProbeResult {
  /** `window.devicePixelRatio` measured in the page. */
  dpr: number;
  /** Iframes whose document is not reachable (cross-origin, sandboxed): their content is not hit-tested. */
  unreachableFrames: string[];
  /** Closed shadow roots walked (kept by the init hook of renderers/browser.ts or registered via CDP). */
  closedRoots: number;
  visualViewportScale: number;
  /** Top-level viewport without scrollbars, CSS px. */
  viewport: { width: number; height: number };
  /** Scroll offset of the top-level visual viewport in its document, CSS px (`pageLeft`, `pageTop`). */
  scroll: { x: number; y: number };
  candidates: ProbeCandidate[];
  /** Visible texts with boxes (for neighbours). */
  texts: ProbeTextItem[];
  /** Visible texts and accessible names, whitespace-collapsed (not yet lower-cased), first-seen order. */
  pageTexts: string[];
  /**
   * Grapheme clusters of the visible texts and candidate texts that no font paints with a real glyph
   * (drawn as the missing-glyph box or as nothing: an emoji without an emoji font), sorted.
   */
  unpainted: string[];
  /** `lang` of the top document's root element (trimmed; empty when absent). */
  lang: string;
  ms: number;
}

/**
 * Run in the page (see module doc). Returns every candidate with its measurements.
 * Never throws for a single odd element: failures are caught per candidate and recorded as a
 * `frameProblem` string.
 */
export async function probePage(args: ProbeArgs): Promise<ProbeResult> {
  type B = [number, number, number, number];
  const realNow = ((window as unknown as Record<symbol, unknown>)[Symbol.for('uisynth.now')] as (() => number) | undefined) ?? (() => performance.now());
  const t0 = realNow();
  const dpr = args.dpr;
  const FR = [1 / 6, 1 / 2, 5 / 6];

  // ---------------------------------------------------------------- helpers: boxes
  const area = (b: B | null): number => (b ? Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]) : 0);
  const inter = (a: B | null, b: B | null): B | null => {
    if (!a || !b) return null;
    const r: B = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
    return r[2] > r[0] && r[3] > r[1] ? r : null;
  };
  const union = (bs: B[]): B | null => {
    if (!bs.length) return null;
    const u: B = [...bs[0]!] as B;
    for (const b of bs) {
      u[0] = Math.min(u[0], b[0]);
      u[1] = Math.min(u[1], b[1]);
      u[2] = Math.max(u[2], b[2]);
      u[3] = Math.max(u[3], b[3]);
    }
    return u;
  };
  const collapse = (s: string): string => s.replace(/[\s\u00a0\u200b]+/g, ' ').trim();

  // ---------------------------------------------------------------- scopes (documents / frames)
  interface Scope {
    doc: Document;
    ox: number;
    oy: number;
    /** Viewport of this document in top coords. */
    vp: B;
    frame: HTMLIFrameElement | null;
    problem: string | null;
    /** `iframe#a > iframe#b`, null for the top document. */
    path: string | null;
  }
  type WS = Window & Record<symbol, unknown>;
  /** The page's rAF may be frozen by settle.ts; the original is kept under this key. */
  const raf: (cb: FrameRequestCallback) => number =
    ((window as unknown as WS)[Symbol.for('uisynth.raf')] as typeof requestAnimationFrame | undefined) ?? requestAnimationFrame.bind(window);
  // closed shadow roots kept by the init hook of renderers/browser.ts (per window), by host
  const CLOSED = Symbol.for('uisynth.closedShadowRoots');
  const closedByHost = new Map<Element, ShadowRoot>();
  const addClosed = (w: Window | null): void => {
    const l = w ? (w as unknown as WS)[CLOSED] : null;
    if (Array.isArray(l)) for (const r of l as ShadowRoot[]) if (r && r.host) closedByHost.set(r.host, r);
  };
  addClosed(window);
  /** Open or closed shadow root of `el`, when reachable. */
  const shadowOf = (el: Element): ShadowRoot | null => el.shadowRoot ?? closedByHost.get(el) ?? null;
  const unreachableFrames: string[] = [];
  const scopes = new Map<Document, Scope>();
  const topVV = window.visualViewport;
  // the layout viewport without scrollbars (equal to the visual viewport at scale 1, which capture
  // asserts; the layout viewport does not change while a screenshot is taken)
  const vpEl = document.compatMode === 'BackCompat' && document.body ? document.body : document.documentElement;
  const topVp: B = [0, 0, vpEl.clientWidth, vpEl.clientHeight];
  scopes.set(document, { doc: document, ox: 0, oy: 0, vp: topVp, frame: null, problem: null, path: null });

  const styleCache = new Map<Element, CSSStyleDeclaration>();
  const cs = (el: Element): CSSStyleDeclaration => {
    let s = styleCache.get(el);
    if (!s) {
      const v = el.ownerDocument.defaultView ?? window;
      s = v.getComputedStyle(el);
      styleCache.set(el, s);
    }
    return s;
  };

  function frameScope(f: HTMLIFrameElement): Scope | null {
    let doc: Document | null = null;
    try {
      doc = f.contentDocument;
    } catch {
      doc = null;
    }
    if (!doc || !doc.documentElement) return null;
    const have = scopes.get(doc);
    if (have) return have;
    const parent = scopes.get(f.ownerDocument);
    if (!parent) return null;
    const r = f.getBoundingClientRect();
    const s = cs(f);
    const ow = (f as HTMLElement).offsetWidth;
    const oh = (f as HTMLElement).offsetHeight;
    let problem: string | null = parent.problem;
    if (ow > 0 && oh > 0 && (Math.abs(r.width / ow - 1) > 0.005 || Math.abs(r.height / oh - 1) > 0.005)) {
      problem = 'frame_transformed';
    }
    const px = (v: string): number => parseFloat(v) || 0;
    const ox = parent.ox + r.left + px(s.borderLeftWidth) + px(s.paddingLeft);
    const oy = parent.oy + r.top + px(s.borderTopWidth) + px(s.paddingTop);
    const w = doc.defaultView;
    const vw = w?.visualViewport ? w.visualViewport.width : doc.documentElement.clientWidth;
    const vh = w?.visualViewport ? w.visualViewport.height : doc.documentElement.clientHeight;
    const sc: Scope = { doc, ox, oy, vp: [ox, oy, ox + vw, oy + vh], frame: f, problem, path: (parent.path ? parent.path + ' > ' : '') + desc(f) };
    scopes.set(doc, sc);
    addClosed(doc.defaultView);
    return sc;
  }
  const scopeOf = (el: Element | Node): Scope => {
    const doc = (el as Node).ownerDocument ?? (el as Document);
    const s = scopes.get(doc);
    if (s) return s;
    const f = doc.defaultView?.frameElement as HTMLIFrameElement | null;
    return (f && frameScope(f)) || { doc, ox: 0, oy: 0, vp: topVp, frame: null, problem: 'unknown_frame', path: null };
  };

  // ---------------------------------------------------------------- tree navigation
  /** Parent in the composed tree by DOM (ShadowRoot -> host, Document -> frame element). */
  const domUp = (n: Node): Node | null => {
    const p = n.parentNode;
    if (!p) return null;
    if (p.nodeType === 11) return (p as ShadowRoot).host ?? null;
    if (p.nodeType === 9) return ((p as Document).defaultView?.frameElement as Element | null) ?? null;
    return p;
  };
  /** Parent in the flat tree (slotted -> slot). */
  const flatUp = (n: Node): Node | null => {
    const slot = (n as Element | Text).assignedSlot;
    if (slot) return slot;
    return domUp(n);
  };
  /** Flat-tree parent element for style/clip purposes (within frames, then up to the iframe element). */
  const flatParentEl = (el: Element): Element | null => {
    let p = flatUp(el);
    while (p && p.nodeType !== 1) p = flatUp(p);
    return (p as Element) ?? null;
  };

  const isEl = (n: Node | null): n is Element => !!n && n.nodeType === 1;

  // ---------------------------------------------------------------- element description
  const desc = (el: Element | null): string | null => {
    if (!el) return null;
    let d = el.localName;
    if (el.id) d += '#' + el.id;
    const cls = typeof el.className === 'string' ? el.className : el.getAttribute('class') || '';
    const c = cls.trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (c.length) d += '.' + c.join('.');
    return d;
  };

  // ---------------------------------------------------------------- roles
  const INTERACTIVE_ROLES = new Set([
    'button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch',
    'option', 'treeitem', 'textbox', 'combobox', 'slider', 'searchbox', 'spinbutton',
  ]);
  const explicitRole = (el: Element): string => (el.getAttribute('role') || '').trim().split(/\s+/)[0]!.toLowerCase();
  const inputRole = (el: HTMLInputElement): string | null => {
    const t = (el.getAttribute('type') || 'text').toLowerCase();
    switch (t) {
      case 'hidden':
        return null;
      case 'checkbox':
        return 'checkbox';
      case 'radio':
        return 'radio';
      case 'range':
        return 'slider';
      case 'button':
      case 'submit':
      case 'reset':
      case 'image':
        return 'button';
      case 'number':
        return 'spinbutton';
      case 'search':
        return el.hasAttribute('list') ? 'combobox' : 'searchbox';
      default:
        return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
  };
  /** Interactive role, or null. `generic` for `[onclick]` / `[tabindex]` containers. */
  const interactiveRole = (el: Element): string | null => {
    const r = explicitRole(el);
    if (r && INTERACTIVE_ROLES.has(r)) return r;
    const tag = el.localName;
    if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : null;
    if (tag === 'button') return 'button';
    if (tag === 'input') return inputRole(el as HTMLInputElement);
    if (tag === 'select') {
      const s = el as HTMLSelectElement;
      return s.multiple || s.size > 1 ? 'listbox' : 'combobox';
    }
    if (tag === 'textarea') return 'textbox';
    if (tag === 'summary') return 'button';
    const ce = el.getAttribute('contenteditable');
    if (ce !== null && ce !== 'false') return 'textbox';
    if (el.hasAttribute('onclick')) return 'generic';
    const ti = el.getAttribute('tabindex');
    if (ti !== null && parseInt(ti, 10) >= 0 && tag !== 'iframe') return 'generic';
    return null;
  };
  const implicitRole = (el: Element): string => {
    const r = explicitRole(el);
    if (r && r !== 'presentation' && r !== 'none') return r;
    const tag = el.localName;
    if (/^h[1-6]$/.test(tag)) return 'heading';
    switch (tag) {
      case 'img':
      case 'svg':
        return 'img';
      case 'li':
        return 'listitem';
      case 'p':
        return 'paragraph';
      case 'td':
        return 'cell';
      case 'th':
        return 'columnheader';
      case 'label':
        return 'label';
      case 'dt':
        return 'term';
      case 'dd':
        return 'definition';
      case 'caption':
      case 'figcaption':
        return 'caption';
      case 'legend':
        return 'legend';
      case 'blockquote':
        return 'blockquote';
      case 'code':
        return 'code';
      default:
        return 'text';
    }
  };

  // ---------------------------------------------------------------- visibility (style)
  const isHiddenForName = (el: Element): boolean => {
    if (el.getAttribute('aria-hidden') === 'true') return true;
    const s = cs(el);
    return s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse';
  };

  /** Text as drawn under `text-transform` (queries quote what the screenshot shows: GENERAL, not General). */
  const painted = (t: string, transform: string): string =>
    transform === 'uppercase'
      ? t.toLocaleUpperCase()
      : transform === 'lowercase'
        ? t.toLocaleLowerCase()
        : transform === 'capitalize'
          ? t.replace(/(^|[\s\-/(\[{"'“‘])(\p{L})/gu, (_m, a: string, b: string) => a + b.toLocaleUpperCase())
          : t;

  // ---------------------------------------------------------------- accessible name
  const childNodesFlat = (n: Node): Node[] => {
    const el = n as Element;
    const sr = isEl(n) ? shadowOf(el) : null;
    if (sr) return Array.from(sr.childNodes);
    if (isEl(n) && el.localName === 'slot') {
      const a = (el as HTMLSlotElement).assignedNodes({ flatten: true });
      return a.length ? a : Array.from(el.childNodes);
    }
    return Array.from(n.childNodes);
  };
  const BLOCKISH = /^(block|flex|grid|list-item|table|table-row|table-cell|flow-root)/;
  function contentText(n: Node, exclude: Element | null, depth = 0): string {
    if (depth > 40) return '';
    if (n.nodeType === 3) return (n as Text).data;
    if (!isEl(n)) return '';
    const el = n as Element;
    if (el === exclude) return '';
    const tag = el.localName;
    if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') return '';
    if (isHiddenForName(el)) return '';
    // an embedded control contributes its value, not its aria-label (accname 2C/2E); a checkbox,
    // radio or file input nested in a label contributes nothing (its aria-label is not visible text)
    if (depth > 0 && tag === 'input' && ['checkbox', 'radio', 'range', 'file', 'color', 'hidden'].includes((el as HTMLInputElement).type)) return '';
    if (depth > 0 && tag === 'select') {
      const o = (el as HTMLSelectElement).selectedOptions[0];
      return ' ' + (o ? o.text : '') + ' ';
    }
    const al = el.getAttribute('aria-label');
    if (al && al.trim() && depth > 0) return ' ' + al.trim() + ' ';
    if (tag === 'img' || (tag === 'input' && (el as HTMLInputElement).type === 'image')) return ' ' + (el.getAttribute('alt') || '') + ' ';
    if (tag === 'svg') {
      const t = el.querySelector('title');
      return t ? ' ' + (t.textContent || '') + ' ' : '';
    }
    if (tag === 'input') {
      const i = el as HTMLInputElement;
      if (['button', 'submit', 'reset'].includes(i.type)) return ' ' + (i.value || '') + ' ';
      if (['checkbox', 'radio', 'range', 'file', 'color', 'hidden'].includes(i.type)) return '';
      return ' ' + (i.type === 'password' ? '' : i.value) + ' ';
    }
    if (tag === 'select') {
      const o = (el as HTMLSelectElement).selectedOptions[0];
      return ' ' + (o ? o.text : '') + ' ';
    }
    if (tag === 'textarea') return ' ' + (el as HTMLTextAreaElement).value + ' ';
    let out = '';
    for (const c of childNodesFlat(el)) out += contentText(c, exclude, depth + 1);
    if (BLOCKISH.test(cs(el).display) || tag === 'br') out = ' ' + out + ' ';
    return out;
  }
  const byIds = (el: Element, ids: string): Element[] => {
    const root = el.getRootNode() as Document | ShadowRoot;
    return ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => root.getElementById(id))
      .filter((e): e is HTMLElement => !!e);
  };
  const NAME_FROM_CONTENT = new Set([
    'button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch', 'option',
    'treeitem', 'heading', 'cell', 'columnheader', 'rowheader', 'row', 'tooltip', 'label', 'listitem', 'text',
    'paragraph', 'term', 'definition', 'caption', 'legend', 'generic', 'gridcell', 'code', 'blockquote',
  ]);
  function labelText(label: Element, control: Element | null): string {
    return collapse(contentText(label, control));
  }
  function accName(el: Element, role: string): string {
    const lb = el.getAttribute('aria-labelledby');
    if (lb) {
      const t = collapse(byIds(el, lb).map((r) => contentText(r, null, 1)).join(' '));
      if (t) return t;
    }
    const al = collapse(el.getAttribute('aria-label') || '');
    if (al) return al;
    const tag = el.localName;
    if (tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'meter' || tag === 'progress') {
      const i = el as HTMLInputElement;
      if (tag === 'input' && ['button', 'submit', 'reset'].includes(i.type)) {
        return collapse(i.value || (i.type === 'submit' ? 'Submit' : i.type === 'reset' ? 'Reset' : ''));
      }
      if (tag === 'input' && i.type === 'image') return collapse(el.getAttribute('alt') || el.getAttribute('title') || '');
      const labels = (el as HTMLInputElement).labels;
      if (labels && labels.length) {
        const t = collapse(Array.from(labels).map((l) => labelText(l, el)).join(' '));
        if (t) return t;
      }
      const t = collapse(el.getAttribute('title') || el.getAttribute('placeholder') || '');
      if (t) return t;
      return '';
    }
    if (tag === 'label') {
      const c = (el as HTMLLabelElement).control;
      return labelText(el, c && el.contains(c) && (c as HTMLInputElement).type !== 'checkbox' && (c as HTMLInputElement).type !== 'radio' ? c : null);
    }
    if (tag === 'img' || tag === 'area') {
      const t = collapse(el.getAttribute('alt') || el.getAttribute('title') || '');
      if (t) return t;
    }
    if (tag === 'svg') {
      const t = el.querySelector('title');
      if (t && collapse(t.textContent || '')) return collapse(t.textContent || '');
    }
    if (tag === 'fieldset') {
      const lg = el.querySelector('legend');
      if (lg) return collapse(contentText(lg, null));
    }
    if (NAME_FROM_CONTENT.has(role)) {
      const t = collapse(contentText(el, null));
      if (t) return t;
    }
    return collapse(el.getAttribute('title') || '');
  }

  // ---------------------------------------------------------------- aria & states
  const ID_REF = new Set(['label', 'labelledby', 'describedby', 'controls', 'owns', 'flowto', 'details', 'activedescendant', 'errormessage']);
  function ariaOf(el: Element, control: Element | null): Record<string, string> {
    const a: Record<string, string> = {};
    for (const src of control && control !== el ? [el, control] : [el]) {
      for (const at of Array.from(src.attributes)) {
        if (!at.name.startsWith('aria-')) continue;
        const k = at.name.slice(5);
        if (!ID_REF.has(k)) a[k] = at.value;
      }
    }
    const c = (control ?? el) as HTMLInputElement;
    const tag = c.localName;
    if (tag === 'input' && (c.type === 'checkbox' || c.type === 'radio')) {
      if (a.checked === undefined) a.checked = c.indeterminate ? 'mixed' : String(c.checked);
    }
    if (tag === 'input' && c.type === 'range') {
      a.valuenow ??= c.value;
      a.valuemin ??= c.min || '0';
      a.valuemax ??= c.max || '100';
    }
    try {
      if (c.matches(':disabled')) a.disabled = 'true';
    } catch {
      /* not a form element */
    }
    if ((c as HTMLInputElement).required) a.required ??= 'true';
    if ((c as HTMLInputElement).readOnly && (tag === 'input' || tag === 'textarea')) a.readonly ??= 'true';
    if (tag === 'option') a.selected ??= String((c as unknown as HTMLOptionElement).selected);
    if (tag === 'summary' && c.parentElement?.localName === 'details') a.expanded ??= String((c.parentElement as HTMLDetailsElement).open);
    const h = /^h([1-6])$/.exec(el.localName);
    if (h) a.level ??= h[1]!;
    if (el.localName === 'a' && el.getAttribute('aria-current')) a.current = el.getAttribute('aria-current')!;
    return a;
  }

  // ---------------------------------------------------------------- landmark & icon
  const LANDMARK_TAG: Record<string, string> = { header: 'header', nav: 'nav', main: 'main', aside: 'aside', footer: 'footer', dialog: 'dialog', form: 'form', search: 'search' };
  const LANDMARK_ROLE: Record<string, string> = {
    banner: 'header', navigation: 'nav', main: 'main', complementary: 'aside', contentinfo: 'footer', dialog: 'dialog',
    alertdialog: 'dialog', form: 'form', search: 'search', region: 'region', toolbar: 'toolbar', menubar: 'menubar', tablist: 'tablist',
  };
  function landmarkOf(el: Element): string | null {
    for (let n: Node | null = domUp(el); n; n = domUp(n)) {
      if (!isEl(n)) continue;
      const r = explicitRole(n);
      let kind = (r && LANDMARK_ROLE[r]) || LANDMARK_TAG[n.localName] || null;
      if (!kind && n.localName === 'section' && (n.hasAttribute('aria-label') || n.hasAttribute('aria-labelledby'))) kind = 'region';
      if (!kind) continue;
      const lb = n.getAttribute('aria-labelledby');
      const name = collapse(n.getAttribute('aria-label') || (lb ? byIds(n, lb).map((x) => x.textContent || '').join(' ') : ''));
      return name || kind;
    }
    return null;
  }
  const LUCIDE_SRC = /lucide-static\/icons\/([\w-]+)\.svg/;
  function iconOfOne(e: Element): string | null {
    const di = e.getAttribute('data-icon');
    if (di) return di;
    if (e.localName === 'svg') {
      const al = e.getAttribute('aria-label');
      if (al) return collapse(al);
      const m = /(?:^|\s)lucide-([\w-]+)/.exec(e.getAttribute('class') || '');
      if (m) return m[1]!;
    }
    if (e.localName === 'img') {
      const m = LUCIDE_SRC.exec(e.getAttribute('src') || '');
      if (m) return m[1]!;
    }
    return null;
  }
  function iconOf(el: Element): string | null {
    const own = iconOfOne(el);
    if (own) return own;
    const root = shadowOf(el) ?? el;
    const cand = root.querySelector('[data-icon], svg, img');
    return cand ? iconOfOne(cand) : null;
  }

  // ---------------------------------------------------------------- selectors
  /** querySelectorAll counts, memoised per root and selector (many candidates share suffixes). */
  const qMemo = new Map<Node, Map<string, { n: number; first: Element | null }>>();
  let pathQueryBudget = 300;
  /** Unique CSS path of `el` in its root; `shorten`: look for the shortest unique suffix (costs queries). */
  function localPath(el: Element, shorten = true): string {
    const root = el.getRootNode() as Document | ShadowRoot;
    let memo = qMemo.get(root);
    if (!memo) qMemo.set(root, (memo = new Map()));
    const q = (s: string): { n: number; first: Element | null } => {
      let r = memo!.get(s);
      if (!r) {
        try {
          const all = root.querySelectorAll(s);
          r = { n: all.length, first: all[0] ?? null };
        } catch {
          r = { n: 0, first: null };
        }
        memo!.set(s, r);
      }
      return r;
    };
    const esc = (s: string): string => CSS.escape(s);
    const unique = (s: string): boolean => {
      const m = q(s);
      return m.n === 1 && m.first === el;
    };
    if (el.id && unique('#' + esc(el.id))) return '#' + esc(el.id);
    // 1. a path anchored at a unique-id ancestor or at the top of the root; unique by construction
    //    (each segment picks exactly one child of the previous match)
    const parts: string[] = [];
    for (let cur: Element | null = el; cur; cur = cur.parentElement) {
      if (cur !== el && cur.id && q('#' + esc(cur.id)).n === 1) {
        parts.unshift('#' + esc(cur.id));
        break;
      }
      const parentNode = cur.parentNode as (ParentNode & Node) | null;
      const sibs = parentNode ? Array.from(parentNode.children) : [cur];
      let seg = esc(cur.localName);
      const same = sibs.filter((x) => x.localName === cur!.localName);
      if (same.length > 1) seg += `:nth-of-type(${same.indexOf(cur) + 1})`;
      parts.unshift(seg);
      // top of a shadow root: anchor with `:host >` (the top of a document is its unique <html>)
      if (!cur.parentElement && parentNode?.nodeType === 11) parts[0] = ':host > ' + parts[0];
    }
    // 2. the shortest unique suffix (queries memoised; at most `pathQueryBudget` fresh multi-segment
    //    queries per page so that huge pages stay linear)
    for (let n = 1; shorten && n < parts.length; n++) {
      const sel = parts.slice(-n).join(' > ').replace(/^:host > /, '');
      if (n > 1 && !memo.has(sel)) {
        if (pathQueryBudget <= 0) break;
        pathQueryBudget--;
      }
      if (unique(sel)) return sel;
    }
    return parts.join(' > ');
  }
  function composedSelector(el: Element, shorten = true): string {
    const segs: string[] = [];
    let cur: Element | null = el;
    for (let i = 0; cur && i < 32; i++) {
      segs.unshift(localPath(cur, shorten));
      const root = cur.getRootNode();
      if ((root as ShadowRoot).host) cur = (root as ShadowRoot).host;
      else cur = ((root as Document).defaultView?.frameElement as Element | null) ?? null;
    }
    return segs.join(' >>> ');
  }

  // ---------------------------------------------------------------- walk: candidates and text nodes
  interface Cand {
    el: Element;
    kind: ProbeCandidate['kind'];
    role: string;
    control: Element | null; // merged label's control
    idx: number;
  }
  const cands: Cand[] = [];
  const textNodes: Array<{ node: Text; parent: Element }> = [];
  const allShadowRoots: ShadowRoot[] = [];
  const SKIP_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base']);
  const ATOMIC = new Set(['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch', 'option', 'treeitem', 'textbox', 'combobox', 'slider', 'searchbox', 'spinbutton', 'listbox']);
  const vpArea = area(topVp);
  const hasOwnText = (el: Element): boolean => {
    for (const c of Array.from(el.childNodes)) if (c.nodeType === 3 && /\S/.test((c as Text).data)) return true;
    return false;
  };
  let idx = 0;

  interface Ctx {
    atomic: boolean;
    textOwner: boolean;
    /** Inside an `<svg>`: only interactive elements (`a[href]`, roles, tabindex, onclick) are candidates. */
    svg?: boolean;
  }
  function visitChildren(parent: Node, ctx: Ctx): void {
    for (const c of Array.from(parent.childNodes)) {
      if (c.nodeType === 3) {
        if (/\S/.test((c as Text).data) && isEl(parent)) textNodes.push({ node: c as Text, parent: parent as Element });
        else if (/\S/.test((c as Text).data) && (parent as ShadowRoot).host) textNodes.push({ node: c as Text, parent: (parent as ShadowRoot).host });
      } else if (c.nodeType === 1) visit(c as Element, ctx);
    }
  }
  function visit(el: Element, ctx: Ctx): void {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    if ((tag === 'option' || tag === 'optgroup') && el.closest('select')) return;
    let next: Ctx = ctx;
    const add = (kind: Cand['kind'], role: string, control: Element | null = null): void => {
      cands.push({ el, kind, role, control, idx: idx++ });
    };
    if (ctx.svg && !ctx.atomic) {
      // inside <svg>: links and elements made interactive by role / tabindex / onclick only
      const ir = interactiveRole(el);
      if (ir) {
        add(ir === 'generic' ? 'container' : 'control', ir === 'generic' ? explicitRole(el) || 'generic' : ir);
        next = { atomic: ATOMIC.has(ir) || ir === 'link', textOwner: true, svg: true };
      }
    } else if (ctx.atomic && !ctx.svg) {
      // a control nested in another control (an onclick span or a role=button inside a link or a
      // role=button row): a click there acts on it, so it is a target of its own (the outer control's
      // box then holds its click point and capture.ts rejects the outer one as ambiguous_box)
      const ir = interactiveRole(el);
      if (ir && !(tag === 'input' && el.closest('label'))) {
        add(ir === 'generic' ? 'container' : 'control', ir === 'generic' ? explicitRole(el) || 'generic' : ir);
        next = { atomic: true, textOwner: true };
      }
    } else if (!ctx.atomic) {
      const ir = interactiveRole(el);
      if (tag === 'label' && (el as HTMLLabelElement).control) {
        const c = (el as HTMLLabelElement).control!;
        const cr = interactiveRole(c) ?? 'checkbox';
        if (el.contains(c) && (cr === 'checkbox' || cr === 'radio' || cr === 'switch')) {
          add('control', cr, c);
          // another control inside the label (a link to the terms) is a target of its own; its pixels
          // are not the checkbox's (resolvesTo fails grid points on it)
          const other = Array.from(el.querySelectorAll('a[href], button, input, select, textarea, [role]')).some((x) => x !== c && (interactiveRole(x) ?? 'generic') !== 'generic');
          next = { atomic: !other, textOwner: true };
        } else if (!ctx.textOwner) {
          add('label', 'label');
          next = { atomic: false, textOwner: true };
        }
      } else if (ir && ir !== 'generic') {
        if (tag === 'input' && el.closest('label') && ['checkbox', 'radio'].includes((el as HTMLInputElement).type) && (el.closest('label') as HTMLLabelElement).control === el) {
          // merged into its wrapping label
        } else add('control', ir);
        if (ATOMIC.has(ir)) next = { atomic: true, textOwner: true };
      } else if (ir === 'generic') {
        const txt = collapse(el.textContent || '');
        const r = el.getBoundingClientRect();
        if (txt.length <= args.maxTextLength && r.width * r.height <= args.maxContainerArea * vpArea) {
          add('container', explicitRole(el) || 'generic');
          next = { atomic: false, textOwner: true };
        }
      } else if (/^h[1-6]$/.test(tag) || explicitRole(el) === 'heading') {
        if (!ctx.textOwner) {
          add('heading', 'heading');
          next = { atomic: false, textOwner: true };
        }
      } else if (
        (tag === 'img' && collapse(el.getAttribute('alt') || '')) ||
        ((tag === 'svg' || explicitRole(el) === 'img') && (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby'))) ||
        (el.hasAttribute('data-icon') && tag !== 'body')
      ) {
        add('image', implicitRole(el) === 'text' ? 'img' : implicitRole(el));
        next = { atomic: false, textOwner: true };
      } else if (!ctx.textOwner && tag !== 'body' && tag !== 'html' && tag !== 'svg' && !shadowOf(el) && hasOwnText(el)) {
        const t = collapse(contentText(el, null));
        if (t && t.length <= args.maxTextLength) {
          add('text', implicitRole(el));
          next = { atomic: false, textOwner: true };
        }
      }
    }
    if (tag === 'select' || tag === 'textarea') return;
    if (tag === 'svg') {
      if (next.atomic || !el.querySelector('a[href], [role], [tabindex], [onclick]')) return;
      next = { ...next, svg: true };
    }
    if (tag === 'iframe' || tag === 'frame') {
      const sc = frameScope(el as HTMLIFrameElement);
      if (sc && sc.doc.body) visit(sc.doc.documentElement, { atomic: false, textOwner: false });
      else if (!sc) unreachableFrames.push(desc(el)!);
      return;
    }
    const sr = shadowOf(el);
    if (sr) {
      allShadowRoots.push(sr);
      visitChildren(sr, next);
    }
    visitChildren(el, next);
  }
  visit(document.documentElement, { atomic: false, textOwner: false });

  // ---------------------------------------------------------------- geometry
  const toTop = (r: DOMRect | { left: number; top: number; right: number; bottom: number }, sc: Scope): B => [
    r.left + sc.ox,
    r.top + sc.oy,
    r.right + sc.ox,
    r.bottom + sc.oy,
  ];
  function boxOf(el: Element, depth = 0): B | null {
    const sc = scopeOf(el);
    const s = cs(el);
    if (s.display === 'contents' && depth < 8) {
      const parts: B[] = [];
      for (const c of childNodesFlat(el)) {
        if (isEl(c)) {
          const b = boxOf(c, depth + 1);
          if (b) parts.push(b);
        } else if (c.nodeType === 3 && /\S/.test((c as Text).data)) {
          const rg = el.ownerDocument.createRange();
          rg.selectNodeContents(c);
          const r = rg.getBoundingClientRect();
          if (r.width > 0 && r.height > 0) parts.push(toTop(r, sc));
        }
      }
      return union(parts);
    }
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return null;
    return toTop(r, sc);
  }

  // clipping along the containing-block chain
  const isAbsCB = (s: CSSStyleDeclaration): boolean =>
    s.position !== 'static' || isFixedCB(s);
  const isFixedCB = (s: CSSStyleDeclaration): boolean =>
    s.transform !== 'none' ||
    s.perspective !== 'none' ||
    s.filter !== 'none' ||
    (s.backdropFilter || 'none') !== 'none' ||
    /paint|layout|strict|content/.test(s.contain || '') ||
    /transform|perspective|filter/.test(s.willChange || '') ||
    (s.containerType || 'normal') !== 'normal';
  interface Clip {
    by: string;
    r: B | null;
  }
  /** Padding box (clip rect for overflow) of an element, top coords. */
  function paddingBox(el: Element): B | null {
    const b = boxOf(el);
    if (!b) return null;
    const s = cs(el);
    const ow = (el as HTMLElement).offsetWidth;
    const z = ow ? (b[2] - b[0]) / ow : 1;
    const px = (v: string): number => (parseFloat(v) || 0) * (isFinite(z) && z > 0 ? z : 1);
    return [b[0] + px(s.borderLeftWidth), b[1] + px(s.borderTopWidth), b[2] - px(s.borderRightWidth), b[3] - px(s.borderBottomWidth)];
  }
  function ownClips(el: Element, includeOverflow: boolean, out: Clip[]): void {
    const s = cs(el);
    // overflow of <html>, and of <body> when <html> has none, propagates to the viewport (handled there)
    const de = el.ownerDocument.documentElement;
    if (el === de) includeOverflow = false;
    else if (el === el.ownerDocument.body) {
      const ds = cs(de);
      if (ds.overflowX === 'visible' && ds.overflowY === 'visible') includeOverflow = false;
    }
    if (includeOverflow && (s.overflowX !== 'visible' || s.overflowY !== 'visible' || /paint|strict|content/.test(s.contain || ''))) {
      const pb = paddingBox(el);
      const b = boxOf(el);
      if (pb && b) {
        // overflow-x: visible with overflow-y: hidden still clips both axes in practice (computed becomes auto)
        const r: B = [
          s.overflowX === 'visible' && !/paint|strict|content/.test(s.contain || '') ? -1e9 : pb[0],
          s.overflowY === 'visible' && !/paint|strict|content/.test(s.contain || '') ? -1e9 : pb[1],
          s.overflowX === 'visible' && !/paint|strict|content/.test(s.contain || '') ? 1e9 : pb[2],
          s.overflowY === 'visible' && !/paint|strict|content/.test(s.contain || '') ? 1e9 : pb[3],
        ];
        out.push({ by: desc(el)!, r: r[2] > r[0] && r[3] > r[1] ? r : null });
      } else out.push({ by: desc(el)!, r: null });
    }
    if (s.clipPath && s.clipPath !== 'none') out.push({ by: desc(el)! + '(clip-path)', r: boxOf(el) });
    if ((s.position === 'absolute' || s.position === 'fixed') && s.clip && s.clip !== 'auto') {
      const m = /rect\(([^)]*)\)/.exec(s.clip);
      const b = boxOf(el);
      if (m && b) {
        const v = m[1]!.split(/[\s,]+/).map((x) => parseFloat(x));
        const [t, rr, bb, l] = [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0, v[3] ?? 0];
        const r: B = [b[0] + l, b[1] + t, b[0] + rr, b[1] + bb];
        out.push({ by: desc(el)! + '(clip)', r: r[2] > r[0] && r[3] > r[1] ? r : null });
      }
    }
  }
  const clipCache = new Map<string, Clip[]>();
  const elKeys = new Map<Element, number>();
  let keySeq = 0;
  /** Clip rects that apply to `el`'s box (includeSelf=false) or to its content (includeSelf=true). Nearest first. */
  function clipsFor(el: Element, includeSelf: boolean): Clip[] {
    let k = elKeys.get(el);
    if (k === undefined) elKeys.set(el, (k = keySeq++));
    const key = k + (includeSelf ? 'c' : 'b');
    const hit = clipCache.get(key);
    if (hit) return hit;
    const out: Clip[] = [];
    ownClips(el, includeSelf, out);
    const pos = cs(el).position;
    out.push(...chainClips(flatParentEl(el), pos === 'fixed' || pos === 'absolute' ? pos : 'static', el.ownerDocument));
    clipCache.set(key, out);
    return out;
  }
  const chainMemo = new Map<Element, Partial<Record<'static' | 'absolute' | 'fixed', Clip[]>>>();
  /**
   * Clips applied by `p` and its ancestors to a box in positioning `mode`, following the containing-
   * block chain (abs-pos skips non-positioned ancestors, fixed skips all but transform/filter/contain
   * ones), ending with the viewport / iframe clips. Memoised per (ancestor, mode): siblings share it.
   */
  function chainClips(p: Element | null, mode: 'static' | 'absolute' | 'fixed', doc: Document): Clip[] {
    if (!p || p.ownerDocument !== doc) {
      const sc = scopes.get(doc) ?? scopeOf(doc.documentElement);
      const tail: Clip[] = [];
      if (mode === 'fixed' && sc.frame === null) tail.push({ by: 'viewport', r: topVp });
      else tail.push({ by: sc.frame ? desc(sc.frame)! : 'viewport', r: sc.vp });
      if (sc.frame) tail.push(...clipsFor(sc.frame, false));
      return tail;
    }
    let m = chainMemo.get(p);
    const hit = m?.[mode];
    if (hit) return hit;
    const s = cs(p);
    let res: Clip[];
    if ((mode === 'fixed' && !isFixedCB(s)) || (mode === 'absolute' && !isAbsCB(s))) res = chainClips(flatParentEl(p), mode, doc);
    else {
      const own: Clip[] = [];
      ownClips(p, true, own);
      const next = s.position === 'fixed' || s.position === 'absolute' ? s.position : 'static';
      res = own.length ? own.concat(chainClips(flatParentEl(p), next, doc)) : chainClips(flatParentEl(p), next, doc);
    }
    if (!m) chainMemo.set(p, (m = {}));
    m[mode] = res;
    return res;
  }
  const applyClips = (b: B | null, clips: Clip[]): B | null => {
    let r = b;
    for (const c of clips) r = inter(r, c.r);
    return r;
  };

  // style through ancestors (flat tree, across frames)
  function styleOf(el: Element): ProbeCandidate['style'] {
    const s = cs(el);
    let opacity = 1;
    let displayNone = false;
    let cvHidden = false;
    for (let n: Element | null = el; n; n = flatParentEl(n)) {
      const ns = cs(n);
      opacity *= parseFloat(ns.opacity);
      if (ns.display === 'none') displayNone = true;
      if (n !== el && (ns.contentVisibility === 'hidden')) cvHidden = true;
    }
    let cv = s.contentVisibility || 'visible';
    if (cvHidden) cv = 'hidden';
    else if (s.display !== 'contents' && typeof el.checkVisibility === 'function' && !displayNone) {
      // not rendered at all (e.g. a light child assigned to no slot): like display:none
      if (!el.checkVisibility()) displayNone = true;
      else if (!el.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions)) cv = cv === 'auto' ? 'auto (skipped)' : 'hidden (ancestor)';
    }
    return {
      display: displayNone ? 'none' : s.display,
      visibility: s.visibility,
      opacity: Math.round(opacity * 1e4) / 1e4,
      content_visibility: cv,
      pointer_events: s.pointerEvents,
    };
  }

  // text node rects
  function textRange(node: Text): Range | null {
    const d = node.data;
    const i0 = d.search(/\S/);
    if (i0 < 0) return null;
    let i1 = d.length;
    while (i1 > i0 && /\s/.test(d[i1 - 1]!)) i1--;
    const rg = node.ownerDocument.createRange();
    rg.setStart(node, i0);
    rg.setEnd(node, i1);
    return rg;
  }
  /** Visible (clipped) rects of a text node in top coords, plus the unclipped ones. */
  function textRects(node: Text, parent: Element): { raw: B[]; vis: B[] } {
    const rg = textRange(node);
    if (!rg) return { raw: [], vis: [] };
    const sc = scopeOf(node);
    const raw = Array.from(rg.getClientRects())
      .filter((r) => r.width > 0 && r.height > 0)
      .map((r) => toTop(r, sc));
    const clips = clipsFor(parent, true);
    const vis: B[] = [];
    for (const r of raw) {
      const v = applyClips(r, clips);
      if (v) vis.push(v);
    }
    return { raw, vis };
  }
  /** Text nodes under `el` (flat tree), skipping form controls, svg, iframes. */
  const NO_ELS: ReadonlySet<Element> = new Set();
  /**
   * Controls nested in a text or heading candidate (`<p>Delete your account <button>…</button></p>`):
   * targets of their own, so the text's box and text leave them out.
   */
  function nestedControls(el: Element): Set<Element> {
    const out = new Set<Element>();
    // elements made clickable by onclick / tabindex count too: "Share: <span onclick>Save</span>"
    for (const x of Array.from(el.querySelectorAll('a[href], button, input, select, textarea, summary, [role], [contenteditable], [onclick], [tabindex]'))) {
      if (interactiveRole(x) !== null) out.add(x);
    }
    return out;
  }
  function textNodesUnder(el: Element, skip: ReadonlySet<Element> = NO_ELS): Array<{ node: Text; parent: Element }> {
    const out: Array<{ node: Text; parent: Element }> = [];
    const rec = (n: Node, parent: Element, depth: number): void => {
      if (depth > 60) return;
      for (const c of childNodesFlat(n)) {
        if (c.nodeType === 3) {
          if (/\S/.test((c as Text).data)) out.push({ node: c as Text, parent: isEl(n) ? (n as Element) : parent });
        } else if (isEl(c)) {
          const t = c.localName;
          if (SKIP_TAGS.has(t) || t === 'svg' || t === 'select' || t === 'textarea' || t === 'iframe' || t === 'input' || skip.has(c as Element)) continue;
          rec(c, c, depth + 1);
        }
      }
    };
    rec(el, el, 0);
    return out;
  }
  /** Group rects into lines (vertical overlap >= half the smaller height), union per line, top to bottom. */
  function toLines(rects: B[]): B[] {
    const sorted = [...rects].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const lines: B[] = [];
    for (const r of sorted) {
      const h = r[3] - r[1];
      const line = lines.find((l) => Math.min(l[3], r[3]) - Math.max(l[1], r[1]) >= 0.5 * Math.min(h, l[3] - l[1]));
      if (line) {
        line[0] = Math.min(line[0], r[0]);
        line[1] = Math.min(line[1], r[1]);
        line[2] = Math.max(line[2], r[2]);
        line[3] = Math.max(line[3], r[3]);
      } else lines.push([...r] as B);
    }
    return lines.sort((a, b) => a[1] - b[1]);
  }
  /**
   * The element paints a box of its own: a filled background, a shadow, an outline, or borders on at
   * least three sides. A lone separator line (a menu row's `border-bottom`, top + bottom rules) draws
   * no box a person would click inside: such text-like elements are refined to their text.
   */
  const hasBoxPaint = (el: Element): boolean => {
    const s = cs(el);
    const transparent = (c: string): boolean => c === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(c);
    if (!transparent(s.backgroundColor) || s.backgroundImage !== 'none' || s.boxShadow !== 'none') return true;
    if (s.outlineStyle !== 'none' && (parseFloat(s.outlineWidth) || 0) > 0 && !transparent(s.outlineColor)) return true;
    let sides = 0;
    for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
      const w = parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) || 0;
      const st = s.getPropertyValue(`border-${side.toLowerCase()}-style`);
      const col = s.getPropertyValue(`border-${side.toLowerCase()}-color`);
      if (w > 0 && st !== 'none' && st !== 'hidden' && !transparent(col)) sides++;
    }
    return sides >= 3;
  };
  const REPLACED = new Set(['img', 'svg', 'canvas', 'video', 'picture', 'input', 'select', 'textarea', 'iframe', 'object', 'embed', 'meter', 'progress']);
  /** The element or a rendered descendant (flat tree) paints a box or replaced content. */
  function subtreeHasPaint(el: Element, skip: Element | null, skipSet: ReadonlySet<Element> = NO_ELS): boolean {
    let budget = 400;
    const rec = (e: Element): boolean => {
      if (--budget < 0) return true;
      if (e === skip || skipSet.has(e)) return false;
      if (REPLACED.has(e.localName)) return true;
      const s = cs(e);
      if (s.display === 'none') return false;
      if (hasBoxPaint(e)) return true;
      // generated content (::before / ::after icons, arrows) is painted but not a text node: use the element box
      const v = e.ownerDocument.defaultView ?? window;
      for (const p of ['::before', '::after']) {
        const ps = v.getComputedStyle(e, p);
        if (ps.content && ps.content !== 'none' && ps.content !== 'normal' && ps.display !== 'none') return true;
      }
      for (const c of childNodesFlat(e)) if (isEl(c) && rec(c)) return true;
      return false;
    };
    return rec(el);
  }

  // ---------------------------------------------------------------- hit testing
  function hitAt(x: number, y: number): Element | null {
    let el: Element | null = document.elementFromPoint(x, y);
    let ox = 0;
    let oy = 0;
    for (let guard = 0; el && guard < 64; guard++) {
      const sr = shadowOf(el);
      if (sr) {
        let inner = sr.elementFromPoint(x - ox, y - oy);
        if (!inner || inner === el) {
          // over slotted text elementFromPoint retargets to the host; the first entry of
          // elementsFromPoint is the shadow element actually on top (pitfalls #26, #27)
          const first = sr.elementsFromPoint(x - ox, y - oy)[0];
          inner = first && first !== el && first.getRootNode() === sr ? first : null;
        }
        if (inner && inner !== el) {
          el = inner;
          continue;
        }
      }
      if (el.localName === 'iframe' || el.localName === 'frame') {
        const sc = frameScope(el as HTMLIFrameElement);
        if (sc && x >= sc.vp[0] && x < sc.vp[2] && y >= sc.vp[1] && y < sc.vp[3]) {
          const inner = sc.doc.elementFromPoint(x - sc.ox, y - sc.oy);
          if (inner) {
            el = inner;
            ox = sc.ox;
            oy = sc.oy;
            continue;
          }
        }
      }
      break;
    }
    return el;
  }
  function okSet(c: Cand): Set<Element> {
    const s = new Set<Element>([c.el]);
    if (c.control) s.add(c.control);
    if (c.el.localName === 'label' && (c.el as HTMLLabelElement).control) s.add((c.el as HTMLLabelElement).control!);
    const labels = (c.el as HTMLInputElement).labels;
    if (labels) for (const l of Array.from(labels)) s.add(l);
    return s;
  }
  /**
   * The hit is the target (or its label/control) or inside it — and not inside another control nested
   * in the target (a link in a checkbox's label, a button on a clickable card: a click there acts on
   * that control, not on the target).
   */
  function resolvesTo(hit: Element | null, ok: Set<Element>): boolean {
    if (!hit) return false;
    for (const step of [flatUp, domUp]) {
      let foreign = false;
      for (let n: Node | null = hit, g = 0; n && g < 400; n = step(n), g++) {
        if (!isEl(n)) continue;
        if (ok.has(n)) {
          if (!foreign) return true;
          break;
        }
        const r = interactiveRole(n);
        if (r !== null && r !== 'generic') foreign = true;
      }
    }
    return false;
  }

  /** `h` is `el` or one of its ancestors (composed and flat tree, across frames): behind the target, not on top. */
  function onChain(h: Element, el: Element): boolean {
    for (const step of [flatUp, domUp]) {
      for (let n: Node | null = el, g = 0; n && g < 400; n = step(n), g++) if (n === h) return true;
    }
    return false;
  }
  /**
   * Occlusion trim: for each edge of `v` (CSS px), when the element on top at the first device pixel
   * inside the edge, at both ends and at 1/4, 1/2 and 3/4 along it, is neither the target nor behind it (an ancestor),
   * binary-search per column for the first device pixel towards the centre that resolves to the target
   * and cut the strip (the deepest column wins; a column covered up to the centre belongs to another
   * edge's strip meeting this one in a corner and is left to that edge). A rounded corner or clip-path never trims (the hit
   * there is an ancestor). Returns null when no edge is covered along its whole length.
   */
  function trimOccluded(v: B, el: Element, ok: Set<Element>): { box: B; cut: [number, number, number, number]; by: string | null } | null {
    const X1 = Math.ceil(v[0] * dpr - 1e-6);
    const X2 = Math.floor(v[2] * dpr + 1e-6) - 1;
    const Y1 = Math.ceil(v[1] * dpr - 1e-6);
    const Y2 = Math.floor(v[3] * dpr + 1e-6) - 1;
    if (X2 - X1 < 4 || Y2 - Y1 < 4) return null;
    const XM = Math.floor((X1 + X2) / 2);
    const YM = Math.floor((Y1 + Y2) / 2);
    let by: string | null = null;
    // Chromium's elementFromPoint reports the top-most element meeting the CSS px square [x, x+1) x
    // [y, y+1) (measured: with a boundary at y = 100.5, y = 99.55 already hits the element below), so
    // a device pixel on a bottom/right edge is tested through the square that ends where it ends
    const on = (ix: number, iy: number, endX: boolean, endY: boolean): Element | null => {
      const h = hitAt(endX ? (ix + 1) / dpr - 1 : ix / dpr, endY ? (iy + 1) / dpr - 1 : iy / dpr);
      return h && !resolvesTo(h, ok) && !onChain(h, el) ? h : null;
    };
    // vertical edges (top/bottom): columns across x; horizontal (left/right): rows across y
    const edge = (horizontal: boolean, from: number, to: number): number | null => {
      const lo = horizontal ? X1 : Y1;
      const hi = horizontal ? X2 : Y2;
      // both ends and three inner positions: an occluder that leaves a corner free is not a strip
      const across = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(lo + f * (hi - lo)));
      const mc = across[2]!;
      const end = from > to;
      const at = (a: number, d: number): Element | null => (horizontal ? on(a, d, a > mc, end) : on(d, a, end, a > mc));
      const mid = at(mc, from);
      if (!mid) return null;
      for (const a of across) if (a !== mc && !at(a, from)) return null;
      let deepest = from;
      for (const a of across) {
        if (at(a, to)) {
          // covered up to the centre: at the middle this is no strip (the points decide); elsewhere
          // it is another edge's strip meeting this one in a corner (a sticky header and a fixed side bar)
          if (a === mc) return null;
          continue;
        }
        // invariant: covered at `c`, free at `f`
        let c = from;
        let f = to;
        while (Math.abs(f - c) > 1) {
          const m = Math.trunc((c + f) / 2);
          if (at(a, m)) c = m;
          else f = m;
        }
        if (Math.abs(f - from) > Math.abs(deepest - from)) deepest = f;
      }
      by ??= desc(mid);
      return deepest;
    };
    const top = edge(true, Y1, YM);
    const bottom = edge(true, Y2, YM);
    const left = edge(false, X1, XM);
    const right = edge(false, X2, XM);
    if (top === null && bottom === null && left === null && right === null) return null;
    const box: B = [
      left === null ? v[0] : Math.max(v[0], left / dpr),
      top === null ? v[1] : Math.max(v[1], top / dpr),
      right === null ? v[2] : Math.min(v[2], (right + 1) / dpr),
      bottom === null ? v[3] : Math.min(v[3], (bottom + 1) / dpr),
    ];
    if (box[2] <= box[0] || box[3] <= box[1]) return null;
    const r = (x: number): number => Math.round(x * 1e4) / 1e4;
    return { box, cut: [r(box[1] - v[1]), r(v[2] - box[2]), r(v[3] - box[3]), r(box[0] - v[0])], by };
  }

  // ---------------------------------------------------------------- transforms (content quads)
  const nonAxisMemo = new Map<Element, boolean>();
  /** The element's own transform is a rotation, skew or 3-D (its box is then not its client rect). */
  function ownNonAxis(s: CSSStyleDeclaration): boolean {
    const eps = 1e-6;
    const t = s.transform;
    if (t && t !== 'none') {
      let v: number[] | null = null;
      const m2 = /^matrix\(([^)]*)\)$/.exec(t);
      const m3 = /^matrix3d\(([^)]*)\)$/.exec(t);
      if (m2) v = m2[1]!.split(',').map(Number);
      else if (m3) {
        const q = m3[1]!.split(',').map(Number);
        // 2-D affine in 3-D form (e.g. translateZ(0)) when the z / perspective terms vanish
        const flat = [2, 3, 6, 7, 8, 9, 11].every((k) => Math.abs(q[k] ?? 0) < eps) && Math.abs((q[10] ?? 1) - 1) < eps && Math.abs((q[15] ?? 1) - 1) < eps;
        if (!flat) return true;
        v = [q[0]!, q[1]!, q[4]!, q[5]!];
      } else return true;
      const [a, b, c, d] = v as [number, number, number, number];
      if (!((Math.abs(b) < eps && Math.abs(c) < eps) || (Math.abs(a) < eps && Math.abs(d) < eps))) return true;
    }
    const r = s.rotate;
    if (r && r !== 'none') {
      const m = /^(?:z\s+)?(-?[\d.e+-]+)deg$/.exec(r.trim());
      if (!m) return true;
      const q = Number(m[1]) / 90;
      if (Math.abs(q - Math.round(q)) > 1e-6) return true;
    }
    return false;
  }
  function nonAxis(el: Element): boolean {
    const hit = nonAxisMemo.get(el);
    if (hit !== undefined) return hit;
    const p = flatParentEl(el);
    const v = ownNonAxis(cs(el)) || (!!p && nonAxis(p));
    nonAxisMemo.set(el, v);
    return v;
  }

  // ---------------------------------------------------------------- paint extent (for batching the painted diff)
  /** Extent (CSS px, per side) of box-shadow / outline / filter painting outside the border box. */
  function overflowPaint(s: CSSStyleDeclaration): number {
    let e = 0;
    if (s.boxShadow && s.boxShadow !== 'none') {
      for (const part of s.boxShadow.split(/,(?![^(]*\))/)) {
        if (/\binset\b/.test(part)) continue;
        const nums = (part.replace(/rgba?\([^)]*\)|hsla?\([^)]*\)|#[0-9a-f]+/gi, '').match(/-?[\d.]+px/g) ?? []).map((x) => Math.abs(parseFloat(x)));
        e = Math.max(e, (nums[0] ?? 0) + (nums[1] ?? 0) + (nums[2] ?? 0) + (nums[3] ?? 0));
      }
    }
    if (s.outlineStyle && s.outlineStyle !== 'none') e = Math.max(e, (parseFloat(s.outlineWidth) || 0) + Math.max(0, parseFloat(s.outlineOffset) || 0));
    if (s.textShadow && s.textShadow !== 'none') e = Math.max(e, 8);
    if (s.filter && s.filter !== 'none') e = Math.max(e, 16);
    return e;
  }
  function paintBoxOf(el: Element, box: B | null): B | null {
    let u: B | null = box ? ([...box] as B) : null;
    const grow = (b: B | null, s: CSSStyleDeclaration): void => {
      if (!b) return;
      const e = overflowPaint(s);
      const g: B = [b[0] - e, b[1] - e, b[2] + e, b[3] + e];
      u = u ? [Math.min(u[0], g[0]), Math.min(u[1], g[1]), Math.max(u[2], g[2]), Math.max(u[3], g[3])] : g;
    };
    grow(box, cs(el));
    let budget = 200;
    const rec = (e: Element, depth: number): void => {
      if (depth > 30) return;
      for (const c of childNodesFlat(e)) {
        if (!isEl(c) || --budget < 0) continue;
        const t = c.localName;
        if (SKIP_TAGS.has(t)) continue;
        const s = cs(c);
        if (s.display === 'none') continue;
        grow(boxOf(c), s);
        if (t !== 'svg' && t !== 'iframe') rec(c, depth + 1);
      }
    };
    rec(el, 0);
    return u;
  }

  // ---------------------------------------------------------------- ellipsis
  /**
   * The block container of `e` when it truncates its text on purpose: `text-overflow: ellipsis` (one
   * line) or `-webkit-line-clamp` (several lines), with overflow clipped.
   */
  function ellipsisOwner(e: Element): Element | null {
    for (let n: Element | null = e, g = 0; n && g < 40; n = flatParentEl(n), g++) {
      const s = cs(n);
      if (s.display === 'inline' || s.display === 'contents') continue;
      if (s.textOverflow === 'ellipsis' && s.overflowX !== 'visible') return n;
      const clamp = (s as CSSStyleDeclaration & { webkitLineClamp?: string }).webkitLineClamp;
      if (clamp && clamp !== 'none' && s.overflowY !== 'visible') return n;
      return null;
    }
    return null;
  }
  const isClamp = (o: Element): boolean => {
    const c = (cs(o) as CSSStyleDeclaration & { webkitLineClamp?: string }).webkitLineClamp;
    return !!c && c !== 'none';
  };
  const ellipsisWidth = new Map<Element, number>();
  let canvasCtx: CanvasRenderingContext2D | null = null;
  function ellipsisWidthOf(o: Element): number {
    let w = ellipsisWidth.get(o);
    if (w !== undefined) return w;
    w = 0;
    try {
      canvasCtx ??= document.createElement('canvas').getContext('2d');
      const s = cs(o);
      if (canvasCtx) {
        canvasCtx.font = s.font || `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const ow = (o as HTMLElement).offsetWidth;
        const r = o.getBoundingClientRect();
        const z = ow > 0 ? r.width / ow : 1;
        w = canvasCtx.measureText('\u2026').width * (isFinite(z) && z > 0 ? z : 1);
      }
    } catch {
      w = 0;
    }
    ellipsisWidth.set(o, w);
    return w;
  }
  /**
   * Visible part of a text node cut by its ellipsis owner `o` (clip rect `clip`, top coords): the
   * longest prefix whose glyphs end before the ellipsis glyph (LTR: right edge; RTL: left edge).
   */
  function visiblePrefix(node: Text, o: Element, clip: B): { text: string; cut: boolean } {
    const d = node.data;
    const i0 = d.search(/\S/);
    if (i0 < 0) return { text: '', cut: false };
    let i1 = d.length;
    while (i1 > i0 && /\s/.test(d[i1 - 1]!)) i1--;
    const sc = scopeOf(node);
    const rtl = cs(o).direction === 'rtl';
    const ew = ellipsisWidthOf(o);
    const limR = clip[2] - sc.ox - ew + 0.5;
    const limL = clip[0] - sc.ox + ew - 0.5;
    const rg = node.ownerDocument.createRange();
    let fits: (k: number) => boolean;
    if (isClamp(o)) {
      // line clamp: whole lines up to the clip's bottom; the last of them ends before the ellipsis
      const bottom = clip[3] - sc.oy + 0.5;
      rg.setStart(node, i0);
      rg.setEnd(node, i1);
      const tops = Array.from(rg.getClientRects()).filter((r) => r.height > 0 && r.bottom <= bottom).map((r) => r.top);
      const lastTop = tops.length ? Math.max(...tops) : -Infinity;
      const ch = node.ownerDocument.createRange();
      fits = (k: number): boolean => {
        if (k <= i0) return true;
        ch.setStart(node, k - 1);
        ch.setEnd(node, k);
        const r = ch.getBoundingClientRect();
        if (r.bottom > bottom) return false;
        if (r.top < lastTop - 0.5) return true;
        return rtl ? r.left >= limL : r.right <= limR;
      };
    } else {
      fits = (k: number): boolean => {
        rg.setStart(node, i0);
        rg.setEnd(node, k);
        const r = rg.getBoundingClientRect();
        return rtl ? r.left >= limL : r.right <= limR;
      };
    }
    if (fits(i1)) return { text: d.slice(i0, i1), cut: false };
    let lo = i0;
    let hi = i1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    // never split a surrogate pair
    if (lo > i0 && /[\uD800-\uDBFF]/.test(d[lo - 1]!)) lo--;
    return { text: d.slice(i0, lo), cut: true };
  }

  // ---------------------------------------------------------------- phase A: rects, then two frames
  const rectsA = cands.map((c) => boxOf(c.el));
  const frames = args.stabilityFrames ?? 2;
  if (frames > 0) {
    for (let f = 0; f < frames; f++) await new Promise<void>((r) => raf(() => r()));
    styleCache.clear();
  }

  // ---------------------------------------------------------------- phase B: measure
  const out: ProbeCandidate[] = [];
  const testPoint = (x: number, y: number, ok: Set<Element>, vis: B | null): ProbePoint => {
    const ix = Math.floor(x * dpr);
    const iy = Math.floor(y * dpr);
    const px = ix / dpr;
    const py = iy / dpr;
    const h = hitAt(px, py);
    const inVisible = !!vis && px >= vis[0] && px < vis[2] && py >= vis[1] && py < vis[3];
    return { css: [px, py], img: [ix, iy], hit: desc(h), ok: resolvesTo(h, ok), inVisible };
  };
  const localSels: string[] = [];
  cands.forEach((c, i) => {
    const el = c.el;
    const sc = scopeOf(el);
    let cand: ProbeCandidate;
    try {
      const box = boxOf(el);
      const a = rectsA[i] ?? null;
      const stable = (a === null && box === null) || (!!a && !!box && a.every((v, j) => Math.abs(v - box[j]!) < 0.01));
      const style = styleOf(el);
      // a label merged with its control is clickable through the control (pitfalls #25)
      if (c.control && style.pointer_events === 'none') style.pointer_events = cs(c.control).pointerEvents;
      const role = c.role;
      const tag = el.localName;
      const needsQuad = !sc.problem && nonAxis(el);
      // text refinement
      let rect: B | null = box;
      let visible: B | null = null;
      let lineRects: B[] = [];
      let lineVisible: number[] = [];
      let refined = false;
      let truncated = false;
      let visText = '';
      const nested = c.kind === 'text' || c.kind === 'heading' || c.kind === 'container' ? nestedControls(el) : NO_ELS;
      const tn = c.kind === 'image' ? [] : textNodesUnder(el, nested);
      const perNode = tn.map((t) => {
        const tr = textRects(t.node, t.parent);
        const o = tr.raw.length ? ellipsisOwner(t.parent) : null;
        let shown: string | null = null;
        let raw = tr.raw;
        if (o) {
          const pb = paddingBox(o);
          const cut = pb ? visiblePrefix(t.node, o, pb) : null;
          if (cut && cut.cut) {
            shown = cut.text;
            truncated = true;
            // intentional truncation is not clipping: measure against the owner's box
            raw = raw.map((r) => inter(r, pb)).filter((r): r is B => !!r);
          }
        }
        return { ...t, raw, vis: tr.vis, shown };
      });
      {
        let prevLine: B | null = null;
        let prevTrail = false;
        for (const p of perNode) {
          if (!p.vis.length) continue;
          const pcs = cs(p.parent);
          if (pcs.visibility !== 'visible') continue;
          const d = p.node.data;
          const lead = /^\s/.test(d);
          const first = p.vis[0]!;
          const sep = visText && (lead || prevTrail || (prevLine && (first[1] >= prevLine[3] - 1 || first[0] - prevLine[2] > 2)));
          visText += (sep ? ' ' : '') + painted(collapse(p.shown ?? d), pcs.textTransform);
          prevLine = p.vis[p.vis.length - 1]!;
          prevTrail = /\s$/.test(d);
          if (p.shown !== null) break; // nothing after the ellipsis is visible
        }
        if (truncated && visText) visText += '\u2026';
      }
      // text refinement: when what is painted is only text (no box paint, no replaced content)
      // (a label's nested text control is a target of its own and does not count)
      const textish = !needsQuad && c.kind !== 'image' && !subtreeHasPaint(el, c.kind === 'label' ? (el as HTMLLabelElement).control : null, nested);
      const clips = clipsFor(el, false);
      if (textish) {
        const raw = perNode.flatMap((p) => p.raw);
        const vis = perNode.flatMap((p) => p.vis);
        if (raw.length) {
          refined = true;
          // a list marker inside the box (a <summary>'s disclosure triangle) is painted and clickable:
          // the first line reaches back to the content edge where the marker sits
          const st = cs(el);
          if (box && st.display.includes('list-item') && st.listStyleType !== 'none' && st.listStylePosition === 'inside') {
            const rtl = st.direction === 'rtl';
            const edge = rtl
              ? box[2] - (parseFloat(st.borderRightWidth) || 0) - (parseFloat(st.paddingRight) || 0)
              : box[0] + (parseFloat(st.borderLeftWidth) || 0) + (parseFloat(st.paddingLeft) || 0);
            const ext = (rs: B[]): void => {
              const first = rs.reduce((a, r) => (r[1] < a[1] - 0.5 || (Math.abs(r[1] - a[1]) <= 0.5 && (rtl ? r[2] > a[2] : r[0] < a[0])) ? r : a), rs[0]!);
              const i = rs.indexOf(first);
              rs[i] = rtl ? [first[0], first[1], Math.max(first[2], edge), first[3]] : [Math.min(first[0], edge), first[1], first[2], first[3]];
            };
            ext(raw);
            if (vis.length) ext(vis);
          }
          const rawLines = toLines(raw);
          rect = union(rawLines);
          lineRects = toLines(vis)
            .map((l) => applyClips(l, clips))
            .filter((l): l is B => !!l);
          visible = union(lineRects);
          lineVisible = rawLines.map((l) => {
            const la = area(l);
            let v = 0;
            for (const r of lineRects) v += area(inter(r, l));
            return la > 0 ? Math.round(Math.min(1, v / la) * 1e4) / 1e4 : 0;
          });
        }
      }
      if (!refined) visible = applyClips(rect, clips);
      // fractions
      const ra = area(rect);
      const viewportFraction = ra > 0 ? area(inter(rect, topVp)) / ra : 0;
      const clipFraction = ra > 0 ? area(visible) / ra : 0;
      let clippedBy: string | null = null;
      if (ra > 0 && clipFraction < 0.9999) {
        let worst = Infinity;
        for (const cl of clips) {
          const f = area(inter(rect, cl.r));
          if (f < worst - 1e-9) {
            worst = f;
            clippedBy = cl.by;
          }
        }
        if (worst >= ra - 1e-9) clippedBy = refined ? desc(el) : null;
      }
      // nine points (skipped when an earlier check certainly rejects the candidate)
      const dm = args.doomed;
      const doomed =
        !!dm &&
        (!!sc.problem ||
          style.display === 'none' ||
          style.visibility !== 'visible' ||
          style.pointer_events === 'none' ||
          style.opacity < dm.minOpacity ||
          !rect ||
          rect[2] - rect[0] < dm.minSizeCss ||
          rect[3] - rect[1] < dm.minSizeCss ||
          viewportFraction < dm.minVisibleFraction ||
          clipFraction < dm.minVisibleFraction);
      const points: ProbePoint[] = [];
      const ok = okSet(c);
      // planned first, hit-tested after: the centre (index 4) goes first, and when it fails and the
      // policy requires it, the other eight are not tested (`hit: null`; such candidates are rejected)
      const plan: Array<{ x: number; y: number; vis: B | null }> = [];
      const test = (x: number, y: number, vis: B | null): void => {
        plan.push({ x, y, vis });
      };
      if (visible && !doomed) {
        if (refined && lineRects.length > 1) {
          const L = lineRects;
          const hs = L.map((l) => l[3] - l[1]);
          const H = hs.reduce((s, v) => s + v, 0);
          const at = (pos: number): { line: B; local: number } => {
            let acc = 0;
            for (let j = 0; j < L.length; j++) {
              if (pos < acc + hs[j]! || j === L.length - 1) return { line: L[j]!, local: (pos - acc) / hs[j]! };
              acc += hs[j]!;
            }
            return { line: L[L.length - 1]!, local: 0.5 };
          };
          // middle row: the widest line holding the stack midpoint (ties: wider), at its vertical centre
          const rows = FR.map((f, ri) => {
            if (ri === 1) {
              const m = at(H / 2);
              let best = m.line;
              if (Math.abs(m.local) < 1e-9 || Math.abs(m.local - 1) < 1e-9) {
                const j = L.indexOf(m.line);
                const prev = L[j - 1];
                if (prev && prev[2] - prev[0] > best[2] - best[0]) best = prev;
              }
              return { line: best, fy: 0.5 };
            }
            const m = at(f * H);
            return { line: m.line, fy: Math.min(5 / 6, Math.max(1 / 6, m.local)) };
          });
          for (const r of rows) for (const fx of FR) test(r.line[0] + fx * (r.line[2] - r.line[0]), r.line[1] + r.fy * (r.line[3] - r.line[1]), r.line);
        } else {
          const v = refined && lineRects.length === 1 ? lineRects[0]! : visible;
          for (const fy of FR) for (const fx of FR) test(v[0] + fx * (v[2] - v[0]), v[1] + fy * (v[3] - v[1]), v);
        }
      }
      if (plan.length === 9) {
        const centre = testPoint(plan[4]!.x, plan[4]!.y, ok, plan[4]!.vis);
        const skip = !centre.ok && !!dm?.requireCenter && !needsQuad;
        plan.forEach((p, k) => {
          if (k === 4) points.push(centre);
          else if (skip) {
            const ix = Math.floor(p.x * dpr);
            const iy = Math.floor(p.y * dpr);
            points.push({ css: [ix / dpr, iy / dpr], img: [ix, iy], hit: null, ok: false, inVisible: false });
          } else points.push(testPoint(p.x, p.y, ok, p.vis));
        });
      }
      // occlusion trim (pitfalls #32): a strip covered along a whole edge is cut off the box, so the
      // record box holds only the target's pixels; partial (corner) occlusion is left to the points
      let trim: ProbeCandidate['trim'] = null;
      if (args.trimOcclusion !== false && points.length === 9 && points[4]!.ok && !needsQuad && visible && !(refined && lineRects.length > 1)) {
        const t = trimOccluded(visible, el, ok);
        if (t) {
          trim = { cut: t.cut, by: t.by, fraction: area(visible) > 0 ? Math.round((area(t.box) / area(visible)) * 1e4) / 1e4 : 0 };
          visible = t.box;
          if (refined) lineRects = [t.box];
          points.length = 0;
          for (const fy of FR) for (const fx of FR) points.push(testPoint(t.box[0] + fx * (t.box[2] - t.box[0]), t.box[1] + fy * (t.box[3] - t.box[1]), ok, t.box));
        }
      }
      const control = c.control;
      const name = accName(el, role) || (control ? accName(control, role) : '');
      let text = visText;
      if (tag === 'input') {
        const inp = el as HTMLInputElement;
        if (['button', 'submit', 'reset'].includes(inp.type)) text = collapse(inp.value || (inp.type === 'submit' ? 'Submit' : inp.type === 'reset' ? 'Reset' : ''));
        else if (!['checkbox', 'radio', 'range', 'file', 'color', 'hidden', 'image', 'password'].includes(inp.type)) text = collapse(inp.value || inp.placeholder || '');
        else text = '';
      } else if (tag === 'textarea') text = collapse((el as HTMLTextAreaElement).value || (el as HTMLTextAreaElement).placeholder || '');
      else if (tag === 'select') text = collapse((el as HTMLSelectElement).selectedOptions[0]?.text ?? '');
      const root = el.getRootNode() as ShadowRoot | Document;
      const shadow = root.nodeType === 11 ? ((root as ShadowRoot).mode === 'closed' ? 'closed' : 'open') : null;
      let checkVis = true;
      try {
        if (typeof el.checkVisibility === 'function') {
          checkVis = el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true } as CheckVisibilityOptions);
        }
      } catch {
        checkVis = true;
      }
      // certainly-rejected candidates get the plain (unique, query-free) path
      const selector = composedSelector(el, !doomed);
      localSels[i] = selector.split(' >>> ').pop() ?? '';
      cand = {
        idx: c.idx,
        kind: c.kind,
        role,
        name,
        text,
        aria: ariaOf(el, control),
        tag,
        id: el.getAttribute('id'),
        selector,
        icon: iconOf(el),
        landmark: landmarkOf(el),
        rect,
        visible,
        lineRects: refined ? lineRects : [],
        refined,
        style,
        viewportFraction,
        clipFraction,
        clippedBy,
        frameProblem: sc.problem,
        points,
        stable,
        needsQuad,
        quad: null,
        quadFill: 1,
        paintBox: doomed ? null : paintBoxOf(el, box),
        lineVisible,
        truncated,
        hiddenText: !visText && c.kind !== 'image' && !['input', 'textarea', 'select'].includes(tag) ? collapse(el.textContent ?? '').slice(0, 120) : '',
        checkVisibility: checkVis,
        shadow,
        frame: sc.path,
        trim,
      };
    } catch (e) {
      cand = {
        idx: c.idx, kind: c.kind, role: c.role, name: '', text: '', aria: {}, tag: el.localName, id: el.getAttribute('id'),
        selector: '', icon: null, landmark: null, rect: null, visible: null, lineRects: [], refined: false,
        style: { display: '', visibility: '', opacity: 0, content_visibility: '', pointer_events: '' },
        viewportFraction: 0, clipFraction: 0, clippedBy: null, frameProblem: 'probe_error: ' + String(e), points: [], stable: false,
        needsQuad: false, quad: null, quadFill: 1, paintBox: null, lineVisible: [], truncated: false, hiddenText: '', checkVisibility: false, shadow: null, frame: null, trim: null,
      };
      localSels[i] = '';
    }
    out.push(cand);
  });
  // interactive candidates nested in another candidate (capture.ts: the outer one must not cover them)
  cands.forEach((c, i) => {
    const inside: number[] = [];
    for (const o of cands) if (o !== c && (o.kind === 'control' || o.kind === 'container') && o.el !== c.control && c.el.contains(o.el)) inside.push(o.idx);
    if (inside.length) out[i]!.controlsInside = inside;
  });

  // ---------------------------------------------------------------- page state kept for the follow-up steps
  // (hittest/capture.ts: content-quad grid via CDP, batched hiding for the differential painted check)
  const sheets = new Map<Document | ShadowRoot, CSSStyleSheet>();
  const rectsB = cands.map((c) => boxOf(c.el));
  const state = {
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
        const pts: ProbePoint[] = [];
        for (const fy of FR) {
          for (const fx of FR) {
            const tx = q[0]! + fx * (q[2]! - q[0]!);
            const ty = q[1]! + fx * (q[3]! - q[1]!);
            const bx = q[6]! + fx * (q[4]! - q[6]!);
            const by = q[7]! + fx * (q[5]! - q[7]!);
            pts.push(testPoint(tx + fy * (bx - tx), ty + fy * (by - ty), ok, vis));
          }
        }
        return { i, points: pts };
      });
    },
    /**
     * Hide candidates `idx` (and show every other): `opacity: 0 !important` (`visibility: hidden` for
     * `display: contents`) through a constructed style sheet adopted by each element's root, so that
     * neither layout, focus nor the page's MutationObservers see a change. Empty `idx` shows all.
     */
    hide(idx: number[]): { hidden: number; moved: number[] } {
      // rects first (the caller's previous capture happened in between): stability check for free
      const moved = state.moved();
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

  // ---------------------------------------------------------------- visible texts
  const texts: ProbeTextItem[] = [];
  const pageTexts: string[] = [];
  const seen = new Set<string>();
  const addPT = (s: string): void => {
    const t = collapse(s);
    if (t && !seen.has(t)) {
      seen.add(t);
      pageTexts.push(t);
    }
  };
  const byParent = new Map<Element, { t: string; r: B[] }>();
  for (const { node, parent } of textNodes) {
    let visibleStyle = true;
    let op = 1;
    for (let n: Element | null = parent; n; n = flatParentEl(n)) {
      const s = cs(n);
      op *= parseFloat(s.opacity);
      if (s.display === 'none') visibleStyle = false;
    }
    if (!visibleStyle || op < 0.05 || cs(parent).visibility !== 'visible') continue;
    const { vis } = textRects(node, parent);
    const inVp = vis.filter((r) => area(r) >= 4);
    if (!inVp.length) continue;
    const e = byParent.get(parent) ?? { t: '', r: [] };
    e.t += node.data;
    e.r.push(...inVp);
    byParent.set(parent, e);
  }
  for (const [, v] of byParent) {
    const t = collapse(v.t);
    if (!t) continue;
    texts.push({ t, r: union(v.r)!, lines: v.r });
    addPT(t);
  }
  for (const c of out) {
    if (c.style.display === 'none' || c.style.visibility !== 'visible' || c.style.opacity < 0.05 || c.viewportFraction <= 0 || !c.visible) continue;
    addPT(c.name);
    addPT(c.text);
  }
  // ---------------------------------------------------------------- unpainted glyphs
  // A grapheme is unpainted when it draws exactly like a code point no font has (U+10FFFD): the
  // missing-glyph box of the fallback chain, or nothing. Drawn on a canvas in the font of the element
  // it appears in (canvas text uses the same font fallback as the page). ASCII is always painted.
  const unpainted = new Set<string>();
  {
    const byFont = new Map<string, Set<string>>();
    const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const note = (text: string, el: Element): void => {
      if (!/[^\x00-\x7f]/.test(text)) return;
      const st = cs(el);
      const font = `${st.fontStyle} ${st.fontWeight} 32px ${st.fontFamily}`;
      const set = byFont.get(font) ?? byFont.set(font, new Set()).get(font)!;
      for (const { segment } of seg.segment(text)) if (/[^\x00-\x7f]/.test(segment) && /\S/.test(segment)) set.add(segment);
    };
    for (const { node, parent } of textNodes) note(node.data, parent);
    for (const c of cands) if (isEl(c.el)) note(c.el.getAttribute('aria-label') || '', c.el);
    const cv = document.createElement('canvas');
    cv.width = 96;
    cv.height = 48;
    const ctx2 = cv.getContext('2d', { willReadFrequently: true });
    if (ctx2) {
      const draw = (g: string, font: string): string => {
        ctx2.clearRect(0, 0, 96, 48);
        ctx2.font = font;
        ctx2.fillStyle = '#000';
        ctx2.textBaseline = 'middle';
        ctx2.fillText(g, 4, 24);
        const d = ctx2.getImageData(0, 0, 96, 48).data;
        let h = 0;
        for (let i = 3; i < d.length; i += 4) h = (Math.imul(h, 31) + d[i]!) | 0;
        return `${h}|${ctx2.measureText(g).width.toFixed(2)}`;
      };
      for (const [font, gs] of byFont) {
        const missing = draw('\u{10FFFD}', font);
        const missing2 = draw('\u{10FFFD}\u{10FFFD}', font);
        for (const g of gs) {
          const d = draw(g, font);
          if (d === missing || d === missing2) unpainted.add(g);
        }
      }
    }
  }
  return {
    dpr: window.devicePixelRatio,
    lang: (document.documentElement.getAttribute('lang') || '').trim(),
    unpainted: [...unpainted].sort(),
    unreachableFrames,
    closedRoots: allShadowRoots.filter((r) => r.mode === 'closed').length,
    visualViewportScale: topVV ? topVV.scale : 1,
    viewport: { width: topVp[2], height: topVp[3] },
    scroll: { x: window.scrollX, y: window.scrollY },
    candidates: out,
    texts,
    pageTexts,
    ms: realNow() - t0,
  };
}
