/**
 * What the in-page probe (hittest/page/probe.ts) is given and what it returns. Shared by the page
 * modules and by Node (hittest/capture.ts, hittest/records.ts), which read the result as JSON.
 *
 * Coordinates: every rect/point here is in **CSS px of the top-level viewport** (same-origin frames
 * are offset by their iframe's content-box origin). Grid points are additionally given as integer
 * **image px** (`floor(css * dpr)`) and were hit-tested at exactly `image / dpr`, the point a real
 * mouse click uses.
 */


/** `[x1, y1, x2, y2]` CSS px (top-level viewport), x2/y2 exclusive. */
export type CssBox = [number, number, number, number];

/** What an item container is called in queries (hittest/page/items.ts). */
export type ItemKind = 'item' | 'row' | 'card' | 'message' | 'option' | 'section';

/** The item container of a candidate (hittest/page/items.ts). */
export interface ItemRef {
  kind: ItemKind;
  /** Border box ∩ viewport, CSS px of the top-level viewport. */
  box: CssBox;
  /** Indices into {@link ProbeResult.texts} of the visible text runs in the container and outside the candidate, DOM order. */
  texts: number[];
  /** Index into {@link ProbeResult.texts} of the container's first visible text run (DOM order, the candidate's own included). */
  first: number;
}

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
   * Occlusion trim (hittest/README.md "Occlusion trim"): edge strips of the visible box cut off because an element on top
   * covers the whole edge (a fixed or sticky header over the top of a list item). `cut`: CSS px cut
   * from [top, right, bottom, left]; `by`: the element on top at the first trimmed edge's midpoint;
   * `fraction`: area(visible after) / area(visible before), (0,1]. `visible` is already the trimmed
   * box and the grid points were re-tested inside it. Null when nothing was cut.
   */
  trim: { cut: [number, number, number, number]; by: string | null; fraction: number } | null;
  /** Nearest item container (list item, row, card, message, option) holding visible text besides the candidate; null when none. */
  item?: ItemRef | null;
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

