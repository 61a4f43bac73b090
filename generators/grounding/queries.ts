/**
 * Query (referring-expression) writer for grounding records.
 *
 * For every accepted target it writes up to one query per style:
 * - `text`: the visible label with the role ("the "Archive" link", "“归档”链接"), or a content
 *   description from the page's hint (an email row: "the email with the subject "…"");
 * - `state`: the label plus the checked/on state of a checkbox or switch;
 * - `functional`: what the control does ("archive the selected message"), from the page's control hint,
 *   else the accessible-name -> action table, else role templates over the accessible name;
 * - `spatial`: the nearest control of its kind next to a uniquely labelled anchor, or (with no such
 *   anchor) next to an icon drawn once on the page ("the button right of the scissors icon"), or, in a
 *   code editor, the text right beside another on its line ("the text immediately to the right of
 *   "fetchItems" on line 1");
 * - `positional`: ordinal in a list / row of its landmark (controls; texts, headings and icons when every
 *   visible text / icon in that line is counted), row & column among same-label controls, or the one
 *   control of its kind in its landmark ("the search field in the toolbar"), or a table cell by its
 *   column header and a row label (or, when no cell of its row shows a label of its own, the row's
 *   number under the header: "the cell in the "Date Modified" column of the third row below the header");
 * - `icon`: icon-only controls and icons, by what the icon depicts;
 * - `container`: the target inside its item, named by a text unique on screen ("the "Add to cart"
 *   button in the card with "Wool Hat""; generators/grounding/container-queries.ts), or a code editor's
 *   text on the line its gutter numbers ("the text "return" on line 5").
 *
 * Every query carries a machine-readable {@link QuerySpec}; {@link resolveQuery} applies the same rules
 * to a target list, and a query is kept only when it resolves to exactly its own target (and, for
 * label-based specs, no hit-test-rejected element with the same visible label is on screen).
 * Hard negatives (`style: 'negative'`, `tid: null`) name plausible controls that are absent from the
 * page (checked against `pageTexts`), or elements that exist but are not visible at all.
 */
import { intersect, unionBoxes } from '../../core/geometry.js';
import { containsText, normText } from '../../core/text.js';
import type { Rng } from '../../core/rng.js';
import type { Query, Target } from '../../core/schema.js';
import type { RejectedTarget } from '../../hittest/capture.js';
import type { ControlHint } from './common.js';
import { commands } from './commands.js';
import { containerQuery, resolveContainer, type ContainerSpec } from './container-queries.js';
import { LOCALE_TABLE, langOf, type Lang } from './locales.js';
import { negativeItems } from './negatives.js';
import { iconName } from './icon-names.js';
import { listIn } from '../../core/collections.js';
import { gCell, gCellNth, gDir, gDirIcon, gDisabled, gDup, gIcon, gLabelledState, gOnly, gOrdinal, gTextTemplates, lineDirText, lineText, stateOnly, type GLang, type StateWord } from './query-lang.js';
import {
  ACTIONS,
  INTERACTIVE_ROLES,
  LABELLED_ROLES,
  NAME_ACTIONS,
  NEGATIVES,
  OTHER_NOUN,
  ROLE_FUNCTION_TEMPLATES,
  ROLE_NOUNS,
  iconDescription,
  isLandmarkKind,
  landmarkPhrase,
  ordinal,
  type ActionPhrases,
  type QueryLocale,
} from './phrases.js';

/**
 * The fields of a hit-test rejection (hittest/capture.ts {@link RejectedTarget}) the writer reads, so
 * tests can build light fixtures: `unseen` missing = false (only wholly unseen elements become hard
 * negatives); `bbox_css` (visible part, CSS px) missing = no box (a seen rejected element with a box
 * blocks spatial queries past it).
 */
export type RejectedInput = Pick<RejectedTarget, 'name' | 'text' | 'role' | 'reason'> & Partial<Pick<RejectedTarget, 'unseen' | 'bbox_css'>>;

/** The fields of a {@link Target} the writer reads (so tests can build light fixtures). */
export type QueryTarget = Pick<Target, 'tid' | 'role' | 'name' | 'text' | 'aria' | 'bbox_css' | 'dom' | 'context' | 'icon'> & { checks?: Pick<Target['checks'], 'text'> };

/** Machine-readable meaning of a query; {@link resolveQuery} maps it back to targets. */
export type QuerySpec =
  /** Visible label (case-insensitive) and, unless null, role class. */
  | { kind: 'text'; roleClass: string | null; label: string }
  /**
   * A rendered functional / description phrase; resolves to the targets whose phrase set (in `lang`,
   * default the page language) contains it.
   */
  | { kind: 'phrase'; phrase: string; lang?: Lang }
  /** The target(s) of `roleClass` in `state` (within `landmark` unless null): "the unchecked checkbox". */
  | { kind: 'state'; roleClass: string; state: StateWord; landmark: string | null }
  /** Nearest control of `roleClass` in direction `dir` of the target labelled `anchor`. */
  | { kind: 'dir'; roleClass: string; anchor: string; dir: Direction }
  /** Nearest target of `roleClass` in direction `dir` of the one target showing icon `icon` ("the button right of the scissors icon"). */
  | { kind: 'dirIcon'; roleClass: string; icon: string; dir: Direction }
  /** n-th (1-based; -1 = last) member of the (landmark, roleClass) group laid out along `axis`. */
  | { kind: 'ordinal'; roleClass: string; landmark: string | null; axis: 'col' | 'row'; n: number }
  /**
   * Among targets of `roleClass` labelled `label` (or, when `label` is null, unlabelled ones showing
   * `icon`): n-th along `axis`, or (row, col) of a grid.
   */
  | { kind: 'dup'; roleClass: string; label: string | null; icon: string | null; axis: 'col' | 'row' | 'grid'; n: number; row: number; col: number }
  /** The target with this icon (within `landmark` unless null). */
  | { kind: 'icon'; icon: string; landmark: string | null }
  /** The one target of `roleClass` in `landmark`: "the search field in the toolbar". */
  | { kind: 'only'; roleClass: string; landmark: string }
  /**
   * A table cell by its column header and a row label: "the cell in the "Size" column of the
   * "report.pdf" row". `row` / `col` (1-based, header row = 1) locate it in the landmark's table
   * ({@link tableOf}); the labels are the header at (1, col) and a cell of that row.
   */
  | { kind: 'cell'; landmark: string | null; row: number; col: number; colLabel: string; rowLabel: string }
  /**
   * A table cell by its column header and its row counted under the header (`row` 2 = the first row
   * under it): "the cell in the "Kind" column of the second row below the header".
   */
  | { kind: 'cellnth'; landmark: string | null; row: number; col: number; colLabel: string }
  /** A spreadsheet cell by its A1 reference ("cell C3"): the column header labelled `col`, the row header labelled `row` ({@link sheetCell}). */
  | { kind: 'sheet'; col: string; row: string }
  /** The target inside the item named by a visible text: "the "Add to cart" button in the card with "Wool Hat"" (generators/grounding/container-queries.ts). */
  | ContainerSpec
  /**
   * A text of a code editor on the line its gutter numbers `line` ("the text "return" on line 5"): the
   * text target labelled `label` whose box lies in the band of that gutter number ({@link codeLines}).
   */
  | { kind: 'line'; line: string; label: string }
  /** On code line `line`, the text right beside (`dir`) the one text of that line labelled `anchor`: "the text immediately to the right of "fetchItems" on line 1". */
  | { kind: 'lineDir'; line: string; anchor: string; dir: 'left' | 'right' }
  /** Hard negative: refers to nothing on the page. */
  | { kind: 'none'; label: string };

/** Spatial directions. */
export type Direction = 'left' | 'right' | 'above' | 'below';
/** The directions in the order the writer tries them. */
const DIRECTIONS: readonly Direction[] = ['right', 'left', 'below', 'above'];

/** A query plus the spec it was written from. */
export interface WrittenQuery extends Query {
  spec: QuerySpec;
}

/** Inputs of {@link writeQueries}. */
export interface QueryWriterInput {
  /** Accepted targets (from the hit test). */
  targets: readonly QueryTarget[];
  /** Page locale; queries are written in it (zh pages also get a few English text queries). */
  locale: string;
  /** `recordId(...)`; qids are `${recordId}-q${n}`. */
  recordId: string;
  /** Per-sample RNG (e.g. `rng.fork('queries')`). */
  rng: Rng;
  /** Every visible text and accessible name on the page. Compared lower-cased. */
  pageTexts: readonly string[];
  /** Hit-test rejections: used for ambiguity checks and as hard negatives when wholly invisible. */
  rejectedTargets?: readonly RejectedInput[];
  /** Generated pages: per element id, what the control does. */
  hints?: Readonly<Record<string, ControlHint>>;
  /** Scenario family (selects the negative list); null/unknown -> generic list. */
  family?: string | null;
  /** Keys of `templates/i18n/negatives.yaml` (the scenario's `negatives:`); used before the family list. */
  negatives?: readonly string[];
  /** Fraction of all queries that are negatives (default 0.1). */
  negativeRate?: number;
  /**
   * Where hard negatives come from. `'all'` (generated pages, default): the scenario's catalogue of
   * plausible absent controls (we wrote the page, so their absence is known) and elements that exist
   * but are unseen. `'unseen'` (users' `--pages`): only elements the hit test found in the page but
   * wholly unseen on screen, because a catalogued control may be on a user's page under another name
   * ("Log out" vs a visible "Sign out").
   */
  negativeSources?: 'all' | 'unseen';
  /**
   * Probability of an extra English text query per target on a non-English page (default 0: every
   * query is written in the page's language; set it to mix in cross-lingual queries, tagged `en-US`).
   */
  crossLingualRate?: number;
  /**
   * Every visible text run on screen with its box and line boxes (CSS px), targets or not
   * (hittest/capture.ts `textRuns`). When given, a label is quoted only if no other visible text
   * contains it (case-, width- and punctuation-normalised, as a whole word; as a substring in scripts
   * written without spaces), and "the first text below X" counts every run, not only targets.
   */
  textRuns?: ReadonlyArray<{ t: string; r: readonly number[]; lines?: ReadonlyArray<readonly number[]> }>;
  /** Grapheme clusters the screenshot does not paint with a real glyph (capture `unpainted`); never quoted. */
  unpainted?: readonly string[];
  /**
   * How many icons of each name the page's markup draws ({@link iconCounts} of a generated page's HTML,
   * hidden ones included). A query is anchored on an icon ("the button right of the scissors icon") only
   * when its name is drawn once: decorative icons are no targets, so the targets alone cannot tell.
   * Absent (users' pages): no query is anchored on an icon.
   */
  iconCounts?: Readonly<Record<string, number>>;
}

/**
 * Icons drawn by an HTML source, by name: `<svg>` elements with `data-icon="…"` or a `lucide-…` class,
 * and `<img>` elements showing a lucide-static file. Markup added by scripts is not seen: use it for
 * pages whose icons are all in the source (the generated pages).
 */
export function iconCounts(html: string): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (n: string | undefined): void => {
    if (n) out[n] = (out[n] ?? 0) + 1;
  };
  for (const m of html.matchAll(/<svg\b[^>]*>/gi)) add(/\bdata-icon="([\w-]+)"/.exec(m[0])?.[1] ?? /\blucide-([\w-]+)/.exec(m[0])?.[1]);
  // (an <img> counts only with that path in it: a page without the path anywhere has none, and its scan is skipped)
  if (html.includes('lucide-static/icons/')) for (const m of html.matchAll(/<img\b[^>]*>/gi)) add(/lucide-static\/icons\/([\w-]+)\.svg/.exec(m[0])?.[1]);
  return out;
}

// ------------------------------------------------------------------------------------------ basics

/** Recent results of `squash` and `low` (pure; the writer asks for the same names and texts many times per page). */
const SQUASH_MEMO = new Map<string, string>();
const LOW_MEMO = new Map<string, string>();
/** Entries kept before a memo starts afresh (bounds memory on long runs, as core/text.ts does for `normText`). */
const MEMO_MAX = 20_000;
/**
 * A text that squashing leaves as it is: no white space but single inner ASCII spaces, no zero-width
 * space (`\s` and `trim()` cover the same characters).
 */
const NEEDS_SQUASH = /[^\S ]|\u200b| {2}|^ | $/;
/** Whitespace runs (with no-break and zero-width spaces) as one space, trimmed. */
const squashRaw = (s: string): string => (NEEDS_SQUASH.test(s) ? s.replace(/[\s\u00a0\u200b]+/g, ' ').trim() : s);
const squash = (s: string): string => {
  let v = SQUASH_MEMO.get(s);
  if (v === undefined) {
    v = squashRaw(s);
    if (SQUASH_MEMO.size >= MEMO_MAX) SQUASH_MEMO.clear();
    SQUASH_MEMO.set(s, v);
  }
  return v;
};
const low = (s: string): string => {
  let v = LOW_MEMO.get(s);
  if (v === undefined) {
    v = squash(s).toLowerCase();
    if (LOW_MEMO.size >= MEMO_MAX) LOW_MEMO.clear();
    LOW_MEMO.set(s, v);
  }
  return v;
};
/**
 * `containsText(hay, needle)` (core/text.ts), with a plain substring test first: either way it matches
 * only where `needle` occurs in `hay`, and most pairs the writer compares share nothing.
 */
const hasText = (hay: string, needle: string): boolean => hay.includes(needle) && containsText(hay, needle);
/**
 * The spans a query quotes: "…", “…”, „…“, « … », 「…」 (the quote marks of the phrase tables in
 * generators/grounding/phrases.ts and generators/grounding/query-lang.ts). Each names on-screen text.
 */
export function quotedIn(q: string): string[] {
  const out: string[] = [];
  const re = /"([^"]+)"|“([^”]+)”|„([^“]+)“|«\s?([^»]+?)\s?»|「([^」]+)」/g;
  for (let m = re.exec(q); m; m = re.exec(q)) out.push((m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5])!);
  return out;
}
/** Remove unpainted grapheme clusters (tofu) from a text. */
function stripGlyphs(s: string, bad: ReadonlySet<string>): string {
  if (!bad.size || !/[^\x00-\x7f]/.test(s)) return s;
  let out = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)) out += bad.has(segment) ? ' ' : segment;
  return squash(out);
}
const qLocale = (locale: string): QueryLocale => (locale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US');
/** Language of a locale or QueryLocale. */
const langOfAny = (l: string): Lang => langOf(l);
/** BCP-47 tag recorded on a query written in `lang`: the page's own tag when it is the page language, else the locale table's. */
const tagOf = (lang: Lang, pageLocale: string): string => (langOf(pageLocale) === lang ? pageLocale : LOCALE_TABLE[lang].tag);
const pick = <T>(l: QueryLocale, en: T, zh: T): T => (l === 'zh-CN' ? zh : en);

/** Roles of rejected elements that make natural hard negatives ("the "About" link"). */
const NEGATIVE_ROLES: ReadonlySet<string> = new Set(['button', 'link', 'checkbox', 'switch', 'radio', 'tab', 'menuitem']);

/** Roles of controls that pages style alike (nav items: links, buttons, role=button spans, tabs, onclick spans). */
const LOOKALIKE: ReadonlySet<string> = new Set(['link', 'button', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'generic', 'option', 'treeitem']);

/** Non-interactive role classes that get positional queries (counted among what a person sees; see `plainLineCountable`). */
// (column headers only where nothing of the table lies beside the header row: "the third column header
// from the left" was checked against the re-rendered pages by an independent count of th /
// [role=columnheader] cells and failed in 9 of 18 queries, an empty checkbox or actions header that is
// no target standing first or last in the row; the guard is in the ordinal groups below)
const COUNTED_PLAIN: ReadonlySet<string> = new Set(['text', 'heading', 'img', 'rowheader', 'columnheader']);

/** Highest row number under a table's header used in "the cell … of the n-th row". */
const MAX_ROW = 10;

/** Longest visible label used in a query. */
const MAX_LABEL = 48;

/** Role class used for matching: interactive roles as is, `heading`, `img`, `columnheader`, `rowheader`, everything else `text`. */
export function roleClass(role: string): string {
  if (INTERACTIVE_ROLES.has(role)) return role;
  // (a column header is named as one: "the "Size" column header", "the column header right of "Name"")
  // (a row header too: "the third row header from the top", the row numbers of a spreadsheet)
  if (role === 'heading' || role === 'img' || role === 'columnheader' || role === 'rowheader') return role;
  return 'text';
}

/** The noun for a role class in a locale. */
export function roleNoun(rc: string, locale: QueryLocale): string {
  const n = ROLE_NOUNS[rc] ?? OTHER_NOUN;
  return locale === 'zh-CN' ? n.zh : n.en;
}

/**
 * The label a person sees for a target, or null: its visible text (or the accessible name when the name
 * is the visible part of a longer text, e.g. "Inbox" of "Inbox 24"); for form controls whose text is
 * empty, the accessible name (their label / placeholder), or a name that is one of its visible neighbours.
 */
export function visibleLabel(t: Pick<QueryTarget, 'role' | 'name' | 'text' | 'context'>): string | null {
  const lab = rawLabel(t);
  // punctuation-only labels ("–", "›") cannot be referred to in words
  return lab !== null && /[\p{L}\p{N}]/u.test(lab) ? lab : null;
}

function rawLabel(t: Pick<QueryTarget, 'role' | 'name' | 'text' | 'context'>): string | null {
  const text = squash(t.text);
  const name = squash(t.name);
  if (text) {
    if (name && name !== text && text.includes(name)) return name.length <= MAX_LABEL ? name : null;
    return text.length <= MAX_LABEL ? text : null;
  }
  if (!name || name.length > MAX_LABEL) return null;
  if (LABELLED_ROLES.has(t.role)) return name;
  if (t.context.neighbors.some((n) => squash(n) === name)) return name;
  return null;
}

type Box4 = [number, number, number, number];
const boxArea4 = (b: Box4): number => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const bx = (t: QueryTarget): Box4 => t.bbox_css as Box4;
const cx = (b: Box4): number => (b[0] + b[2]) / 2;
const cy = (b: Box4): number => (b[1] + b[3]) / 2;
const overlap = (a0: number, a1: number, b0: number, b1: number): number => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

function fill(tpl: string, args: Readonly<Record<string, string>>): string | null {
  let missing = false;
  const out = tpl.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = args[k];
    if (v === undefined || v === '') {
      missing = true;
      return '';
    }
    return v;
  });
  return missing ? null : squash(out);
}

// ------------------------------------------------------------------------------------------ phrases

/** Functional and description phrases of one target. */
export interface PhraseSet {
  fn: string[];
  text: string[];
  /** Where the control is (from a hint's `pos`): positional queries read off the page's own layout. */
  pos?: string[];
  /** Where the phrases came from: the page's control hint, the name table, or role templates. */
  source: 'hint' | 'name' | 'role' | 'none';
  /** Language the phrases are written in (English when the action has none in the page language). */
  lang: Lang;
}

const cmdActions = new Map<string, ActionPhrases>();
/** Phrases of an action key: the ACTIONS table, or `cmd:<key>` from the command catalogue. */
export function actionPhrases(key: string): ActionPhrases | undefined {
  const a = ACTIONS[key];
  if (a) return a;
  if (!key.startsWith('cmd:')) return undefined;
  let c = cmdActions.get(key);
  if (!c) {
    const def = commands().get(key.slice(4));
    if (!def) return undefined;
    c = { fn: def.fn as ActionPhrases['fn'] };
    cmdActions.set(key, c);
  }
  return c;
}

function renderAction(a: ActionPhrases, args: Readonly<Record<string, string>>, state: string | undefined, want: Lang, source: PhraseSet['source']): PhraseSet {
  const fnPair = (state !== undefined && a.fnByState?.[state]) || a.fn;
  const pick = <T,>(x: Partial<Record<Lang, T>> & { en: T }): [T, Lang] => (x[want] !== undefined ? [x[want] as T, want] : [x.en, 'en']);
  const [fnT, lang] = pick(fnPair);
  const fn = fnT.map((t) => fill(t, args)).filter((s): s is string => !!s);
  const textT = a.text ? (a.text[lang] ?? a.text.en) : [];
  const text = textT.map((t) => fill(t, args)).filter((s): s is string => !!s);
  const posT = a.pos ? (a.pos[lang] ?? a.pos.en) : [];
  const pos = posT.map((t) => fill(t, args)).filter((s): s is string => !!s);
  return { fn, text, ...(pos.length ? { pos } : {}), source, lang };
}

/**
 * Every functional / description phrase a target can be called by: from its control hint (generated
 * pages), else from the accessible-name table, else from its role's templates over the accessible name.
 */
export function phrasesFor(t: QueryTarget, locale: QueryLocale | Lang | string, hints?: Readonly<Record<string, ControlHint>>): PhraseSet {
  const want = langOfAny(locale);
  const h = t.dom.id ? hints?.[t.dom.id] : undefined;
  if (h) {
    const a = actionPhrases(h.action);
    if (a) return renderAction(a, h.args ?? {}, h.args?.state, want, 'hint');
  }
  const name = squash(t.name);
  // an element made clickable by `onclick` / `tabindex` (role `generic`, hittest/probe.ts) acts as a button
  const role = t.role === 'generic' ? 'button' : t.role;
  if (!name || name.length > 60 || !INTERACTIVE_ROLES.has(role)) return { fn: [], text: [], source: 'none', lang: want };
  const key = NAME_ACTIONS[name.toLowerCase()];
  if (key && ACTIONS[key]) return renderAction(ACTIONS[key]!, { name }, undefined, want, 'name');
  const rt = ROLE_FUNCTION_TEMPLATES[role];
  if (rt) return renderAction(rt, { name }, t.aria.checked, want, 'role');
  return { fn: [], text: [], source: 'none', lang: want };
}

/** The state words a target can be described by alone. */
function statesOf(t: QueryTarget): StateWord[] {
  const rc = roleClass(t.role);
  const a = t.aria;
  const out: StateWord[] = [];
  if (rc === 'checkbox' || rc === 'radio' || rc === 'menuitemcheckbox') {
    if (a.checked === 'true') out.push('checked');
    if (a.checked === 'false') out.push('unchecked');
  }
  if (rc === 'switch') {
    if (a.checked === 'true') out.push('on');
    if (a.checked === 'false') out.push('off');
  }
  if (a.selected === 'true' && (rc === 'tab' || rc === 'option')) out.push('selected');
  if (a.current && a.current !== 'false') out.push('current');
  if (a.pressed === 'true') out.push('pressed');
  return out;
}

// ------------------------------------------------------------------------------------------ layout

/** Members of `group` laid out as one column (stacked, x-overlapping) or one row; null otherwise. */
function lineLayout(group: readonly QueryTarget[]): { axis: 'col' | 'row'; order: QueryTarget[] } | null {
  if (group.length < 2) return null;
  const byY = [...group].sort((a, b) => bx(a)[1] - bx(b)[1] || bx(a)[0] - bx(b)[0]);
  let col = true;
  for (let i = 1; i < byY.length && col; i++) {
    const a = bx(byY[i - 1]!);
    const b = bx(byY[i]!);
    const minW = Math.min(a[2] - a[0], b[2] - b[0]);
    if (overlap(a[0], a[2], b[0], b[2]) < 0.5 * minW || b[1] < a[3] - 1) col = false;
  }
  if (col) return { axis: 'col', order: byY };
  const byX = [...group].sort((a, b) => bx(a)[0] - bx(b)[0] || bx(a)[1] - bx(b)[1]);
  let row = true;
  for (let i = 1; i < byX.length && row; i++) {
    const a = bx(byX[i - 1]!);
    const b = bx(byX[i]!);
    const minH = Math.min(a[3] - a[1], b[3] - b[1]);
    if (overlap(a[1], a[3], b[1], b[3]) < 0.5 * minH || b[0] < a[2] - 1) row = false;
  }
  return row ? { axis: 'row', order: byX } : null;
}

/** Row/column indices (1-based) of a grid of similar boxes, or null when two share a cell. */
function gridLayout(group: readonly QueryTarget[]): Map<QueryTarget, { row: number; col: number }> | null {
  const cluster = (vals: number[], tol: number): number[] => {
    const sorted = [...new Set(vals)].sort((a, b) => a - b);
    const starts: number[] = [];
    for (const v of sorted) if (!starts.length || v - starts[starts.length - 1]! > tol) starts.push(v);
    return starts;
  };
  const h = Math.min(...group.map((t) => bx(t)[3] - bx(t)[1]));
  const w = Math.min(...group.map((t) => bx(t)[2] - bx(t)[0]));
  const rows = cluster(group.map((t) => cy(bx(t))), h / 2);
  const cols = cluster(group.map((t) => cx(bx(t))), w / 2);
  if (rows.length < 2 || cols.length < 2) return null;
  const idx = (starts: number[], v: number): number => {
    let k = 0;
    for (let i = 0; i < starts.length; i++) if (v >= starts[i]! - 1e-9) k = i;
    return k + 1;
  };
  const out = new Map<QueryTarget, { row: number; col: number }>();
  const seen = new Set<string>();
  for (const t of group) {
    const cell = { row: idx(rows, cy(bx(t))), col: idx(cols, cx(bx(t))) };
    const key = `${cell.row},${cell.col}`;
    if (seen.has(key)) return null;
    seen.add(key);
    out.set(t, cell);
  }
  // "row 1, column 1" is read off a grid a person sees: every row and every column holds at least two
  // of the look-alikes (two "Forward" buttons placed diagonally make no grid of four cells)
  for (const axis of ['row', 'col'] as const) {
    const counts = new Map<number, number>();
    for (const c of out.values()) counts.set(c[axis], (counts.get(c[axis]) ?? 0) + 1);
    if ([...counts.values()].some((n) => n < 2)) return null;
  }
  return out;
}

/**
 * Largest gap (CSS px) between anchor and target in spatial queries. Up to `h` / `v` (controls) or
 * `plain` (texts and icons) the target is "immediately" beside its anchor; up to `farH` / `farV` it is
 * "the first X below Y" (nothing of its kind, and for texts no visible text at all, lies nearer that
 * way, so the sentence still singles it out).
 */
const MAX_GAP = { h: 200, v: 60, plain: 48, farH: 300, farV: 120 };
/** Role classes that may be "the first X below Y" beyond the immediate gap (icons and fields keep the immediate limit). */
const FAR_ROLES: ReadonlySet<string> = new Set(['text', 'heading', 'link', 'button']);

/** Gap (CSS px, >= 0) from box `a` to box `b` in direction `dir`, or null when `b` is not there or not aligned with `a`. */
function dirGap(a: Box4, b: Box4, dir: Direction, minOverlap = 0.4): number | null {
  let gap: number;
  let aligned: boolean;
  if (dir === 'right' || dir === 'left') {
    gap = dir === 'right' ? b[0] - a[2] : a[0] - b[2];
    aligned = overlap(a[1], a[3], b[1], b[3]) >= minOverlap * Math.min(a[3] - a[1], b[3] - b[1]) && overlap(a[1], a[3], b[1], b[3]) > 0;
  } else {
    gap = dir === 'below' ? b[1] - a[3] : a[1] - b[3];
    aligned = overlap(a[0], a[2], b[0], b[2]) >= minOverlap * Math.min(a[2] - a[0], b[2] - b[0]) && overlap(a[0], a[2], b[0], b[2]) > 0;
  }
  // (neighbours drawn overlapping by a few px — a row of avatar buttons — are still beside each other:
  // b lies that way when its centre is past a's edge)
  const past = dir === 'right' ? cx(b) > a[2] : dir === 'left' ? cx(b) < a[0] : dir === 'below' ? cy(b) > a[3] : cy(b) < a[1];
  return (gap < -1 && !past) || !aligned ? null : Math.max(0, gap);
}

/** Box `x` lies between boxes `a` and `b` along direction `dir` (CSS px, 1 px slack), whatever its cross-axis position. */
function between(a: Box4, x: Box4, b: Box4, dir: Direction): boolean {
  if (dir === 'below') return x[1] >= a[3] - 1 && x[3] <= b[1] + 1;
  if (dir === 'above') return x[3] <= a[1] + 1 && x[1] >= b[3] - 1;
  if (dir === 'right') return x[0] >= a[2] - 1 && x[2] <= b[0] + 1;
  return x[2] <= a[0] + 1 && x[0] >= b[2] - 1;
}

/**
 * The members of `group` (the targets of one role class, in target order) in direction `dir` of box `a`,
 * aligned with it, nearest first (ties in target order), with their gaps (CSS px).
 */
function nearestIn(a: Box4, dir: Direction, group: readonly QueryTarget[], exclude: QueryTarget | null): Array<{ t: QueryTarget; gap: number }> {
  const out: Array<{ t: QueryTarget; gap: number }> = [];
  for (const t of group) {
    if (t === exclude) continue;
    const gap = dirGap(a, bx(t), dir);
    if (gap !== null) out.push({ t, gap });
  }
  return out.sort((x, y) => x.gap - y.gap);
}

/** Roles of table cells. */
const CELL_ROLES: ReadonlySet<string> = new Set(['cell', 'gridcell', 'columnheader', 'rowheader']);

/**
 * The table of landmark `lm`, read from the targets alone: the targets whose centre lies in the extent
 * of the landmark's cell-role targets, laid out in column bands (merged x-extents) and row bands (merged
 * y-extents) that every (row, column) pair fills exactly once, with a first row of column headers.
 * Null when there is no such complete table (a spanning cell, an empty cell, a missing header).
 * `grid[r][c]` is the target in row r+1, column c+1; `box` the table's extent (CSS px).
 */
function tableOf(targets: readonly QueryTarget[], lm: string | null): { grid: QueryTarget[][]; box: Box4 } | null {
  const inLm = targets.filter((t) => (t.context.landmark ?? null) === lm);
  const cells = inLm.filter((t) => CELL_ROLES.has(t.role));
  if (cells.length < 6) return null;
  const box = unionBoxes(cells.map(bx)) as Box4;
  const members = inLm.filter((t) => cx(bx(t)) >= box[0] && cx(bx(t)) <= box[2] && cy(bx(t)) >= box[1] && cy(bx(t)) <= box[3]);
  const bands = (iv: Array<[number, number]>): Array<[number, number]> => {
    const out: Array<[number, number]> = [];
    for (const [a, b] of [...iv].sort((x, y) => x[0] - y[0])) {
      const last = out[out.length - 1];
      if (last && a < last[1] - 1) last[1] = Math.max(last[1], b);
      else out.push([a, b]);
    }
    return out;
  };
  const cols = bands(members.map((t) => [bx(t)[0], bx(t)[2]]));
  const rows = bands(members.map((t) => [bx(t)[1], bx(t)[3]]));
  if (cols.length < 2 || rows.length < 3 || cols.length * rows.length !== members.length) return null;
  const grid: QueryTarget[][] = rows.map(() => cols.map(() => null as unknown as QueryTarget));
  for (const t of members) {
    const r = rows.findIndex(([a, b]) => cy(bx(t)) >= a && cy(bx(t)) <= b);
    const c = cols.findIndex(([a, b]) => cx(bx(t)) >= a && cx(bx(t)) <= b);
    if (r < 0 || c < 0 || grid[r]![c]) return null;
    grid[r]![c] = t;
  }
  if (!grid[0]!.every((t) => t.role === 'columnheader')) return null;
  return { grid, box };
}

/**
 * The headers of a spreadsheet grid, read from the targets: column headers labelled with letters
 * ("A", "B", … "AA") side by side in one row, and row headers labelled with numbers stacked in one
 * column left of them. Null when the page shows no such grid or a label is shown twice.
 */
function sheetHeaders(targets: readonly QueryTarget[]): { cols: Map<string, QueryTarget>; rows: Map<string, QueryTarget>; headers: Set<QueryTarget> } | null {
  const heads = targets.filter((t) => t.role === 'columnheader' || t.role === 'rowheader');
  const colH = heads.filter((t) => /^[A-Z]{1,2}$/.test(squash(t.text)));
  const rowH = heads.filter((t) => /^\d{1,4}$/.test(squash(t.text)));
  if (colH.length < 2 || rowH.length < 2) return null;
  const cols = new Map(colH.map((t) => [squash(t.text), t]));
  const rows = new Map(rowH.map((t) => [squash(t.text), t]));
  if (cols.size !== colH.length || rows.size !== rowH.length) return null;
  const cl = lineLayout(colH);
  const rl = lineLayout(rowH);
  if (cl?.axis !== 'row' || rl?.axis !== 'col') return null;
  // row headers left of the first column, below the column header row
  const c0 = Math.min(...colH.map((t) => bx(t)[0]));
  const r0 = Math.max(...colH.map((t) => bx(t)[3]));
  if (rowH.some((t) => bx(t)[2] > c0 + 1 || bx(t)[1] < r0 - 1)) return null;
  return { cols, rows, headers: new Set(heads) };
}

/**
 * The lines of the one code editor on screen, read from the targets: a gutter of line numbers (plain
 * texts reading 1, 2, 3 … in ascending order, stacked in one column of one landmark, at least three)
 * and, per number, the plain texts of that landmark right of the gutter whose box overlaps the
 * number's box vertically by half the smaller height (its `band`, CSS px). Null when there is no such
 * gutter, or more than one (two editors side by side both have a line 5).
 */
function codeLines(targets: readonly QueryTarget[]): Map<string, { num: QueryTarget; members: QueryTarget[] }> | null {
  // numbers right-aligned in one column of one landmark (a number literal in the code is elsewhere)
  const byCol = new Map<string, QueryTarget[]>();
  for (const t of targets) {
    if (roleClass(t.role) !== 'text' || !/^\d{1,4}$/.test(squash(t.text))) continue;
    const k = `${t.context.landmark ?? ''}\u0000${Math.round(bx(t)[2] / 3)}`;
    listIn(byCol, k).push(t);
  }
  let found: { lm: string | null; order: QueryTarget[] } | null = null;
  for (const nums of byCol.values()) {
    const lm = nums[0]!.context.landmark ?? null;
    const lay = lineLayout(nums);
    if (!lay || lay.axis !== 'col' || lay.order.length < 3) continue;
    const v = lay.order.map((t) => Number(squash(t.text)));
    if (v.some((x, i) => i > 0 && x <= v[i - 1]!)) continue;
    if (found) return null;
    found = { lm, order: lay.order };
  }
  if (!found) return null;
  const gutterRight = Math.max(...found.order.map((t) => bx(t)[2]));
  const out = new Map<string, { num: QueryTarget; members: QueryTarget[] }>();
  for (const num of found.order) {
    const b = bx(num);
    const members = targets.filter((t) => {
      if (t === num || roleClass(t.role) !== 'text' || (t.context.landmark ?? null) !== found!.lm) return false;
      const c = bx(t);
      return c[0] >= gutterRight - 1 && overlap(b[1], b[3], c[1], c[3]) >= 0.5 * Math.min(b[3] - b[1], c[3] - c[1]);
    });
    out.set(squash(num.text), { num, members });
  }
  return out;
}

// ------------------------------------------------------------------------------------------ resolver

/**
 * Membership in "… in <landmark>" as a reader takes it: the landmark's own targets, and targets of a
 * nested landmark drawn inside its extent (the toolbar of a window is "in the window" too). The extent
 * is the union box (CSS px) of the landmark's own targets.
 */
function drawnIn(targets: readonly QueryTarget[], lm: string): (t: QueryTarget) => boolean {
  const own = targets.filter((t) => (t.context.landmark ?? null) === lm);
  if (!own.length) return () => false;
  const box = unionBoxes(own.map(bx)) as Box4;
  return (t) => (t.context.landmark ?? null) === lm || intersect(box, bx(t)) !== null;
}

/** Context {@link resolveQuery} needs beyond the targets. */
export interface ResolveContext {
  locale: string;
  hints?: Readonly<Record<string, ControlHint>>;
  /** Optional memo of {@link phrasesFor} per target and language (the writer passes one). */
  phraseCache?: Map<string, PhraseSet>;
  /** Optional memo of each target's label keys ({@link labelKeys}; the writer passes one). */
  labelCache?: Map<QueryTarget, LabelKeys>;
  /**
   * Optional indexes of one target list (the writer passes an empty one): which targets answer to a
   * lower-cased label or name, and which carry a phrase per language. Read only for that very list.
   */
  index?: ResolveIndex;
}

/** Lookup tables {@link resolveQuery} builds over `targets` when the context has an `index`. */
export interface ResolveIndex {
  targets?: readonly QueryTarget[];
  /** Lower-cased visible label or accessible name -> the targets answering to it, in target order. */
  byLabel?: Map<string, QueryTarget[]>;
  /** Language -> phrase -> the targets whose phrase set in that language holds it, in target order. */
  byPhrase?: Map<Lang, Map<string, QueryTarget[]>>;
  /** Role class -> its targets, in target order. */
  byRc?: Map<string, QueryTarget[]>;
}

/** The targets of role class `rc` among `targets`, in target order (from `ctx.index` when given). */
function targetsOfRc(targets: readonly QueryTarget[], rc: string, ctx: ResolveContext): readonly QueryTarget[] {
  const ix = indexFor(targets, ctx);
  if (!ix) return targets.filter((t) => roleClass(t.role) === rc);
  if (!ix.byRc) {
    const m = new Map<string, QueryTarget[]>();
    for (const t of targets) {
      const c = roleClass(t.role);
      listIn(m, c).push(t);
    }
    ix.byRc = m;
  }
  return ix.byRc.get(rc) ?? [];
}

/** `ctx.index` reset for `targets` (a context reused with another list starts afresh), or null without one. */
function indexFor(targets: readonly QueryTarget[], ctx: ResolveContext): ResolveIndex | null {
  const ix = ctx.index;
  if (!ix) return null;
  if (ix.targets !== targets) {
    ix.targets = targets;
    ix.byLabel = undefined;
    ix.byPhrase = undefined;
    ix.byRc = undefined;
  }
  return ix;
}

/** The phrase set of `t` in `lg`, from `ctx.phraseCache` when given. */
function cachedPhrases(t: QueryTarget, lg: Lang, ctx: ResolveContext): PhraseSet {
  const key = `${t.tid}|${lg}`;
  let p = ctx.phraseCache?.get(key);
  if (!p) {
    p = phrasesFor(t, lg, ctx.hints);
    ctx.phraseCache?.set(key, p);
  }
  return p;
}

/** A target's {@link visibleLabel} and the lower-case, whitespace-collapsed forms of it and of its name. */
interface LabelKeys {
  lab: string | null;
  lowLab: string | null;
  lowName: string;
}

/** {@link LabelKeys} of `t`, from `ctx.labelCache` when given. */
function labelKeys(t: QueryTarget, ctx: ResolveContext): LabelKeys {
  let k = ctx.labelCache?.get(t);
  if (!k) {
    const lab = visibleLabel(t);
    k = { lab, lowLab: lab === null ? null : low(lab), lowName: low(t.name) };
    ctx.labelCache?.set(t, k);
  }
  return k;
}

/**
 * The targets a spec refers to, by the writer's rules. A well-formed query resolves to exactly one
 * target; a negative resolves to none.
 */
export function resolveQuery(spec: QuerySpec, targets: readonly QueryTarget[], ctx: ResolveContext): QueryTarget[] {
  switch (spec.kind) {
    case 'none':
      return [];
    case 'container':
      return resolveContainer(spec, targets, { roleClass, visibleLabel, normText, containsText: hasText });
    case 'state': {
      const within = spec.landmark === null ? null : drawnIn(targets, spec.landmark);
      return targets.filter((t) => roleClass(t.role) === spec.roleClass && (within === null || within(t)) && statesOf(t).includes(spec.state));
    }
    case 'text': {
      const want = low(spec.label);
      // a target answers to its visible label and to its accessible name (an icon button named "Reply"
      // makes "the Reply button" ambiguous even though it shows no text)
      const ix = indexFor(targets, ctx);
      if (ix) {
        // (the same targets as the filter below: each listed once under each of its keys, in target order)
        if (!ix.byLabel) {
          const m = new Map<string, QueryTarget[]>();
          const add = (k: string, t: QueryTarget): void => void listIn(m, k).push(t);
          for (const t of targets) {
            const k = labelKeys(t, ctx);
            if (k.lowLab !== null) add(k.lowLab, t);
            if (k.lowName !== k.lowLab) add(k.lowName, t);
          }
          ix.byLabel = m;
        }
        const hit = ix.byLabel.get(want) ?? [];
        return spec.roleClass === null ? [...hit] : hit.filter((t) => roleClass(t.role) === spec.roleClass);
      }
      return targets.filter((t) => {
        if (spec.roleClass !== null && roleClass(t.role) !== spec.roleClass) return false;
        const k = labelKeys(t, ctx);
        return k.lowLab === want || k.lowName === want;
      });
    }
    case 'phrase': {
      const lg = spec.lang ?? langOfAny(ctx.locale);
      const ix = indexFor(targets, ctx);
      if (ix) {
        // (the same targets as the filter below: each listed once under each phrase of its set, in target order)
        ix.byPhrase ??= new Map();
        let m = ix.byPhrase.get(lg);
        if (!m) {
          m = new Map();
          for (const t of targets) {
            const p = cachedPhrases(t, lg, ctx);
            for (const list of [p.fn, p.text, p.pos ?? []]) {
              for (const ph of list) {
                const l = listIn(m, ph);
                if (l[l.length - 1] !== t) l.push(t);
              }
            }
          }
          ix.byPhrase.set(lg, m);
        }
        return [...(m.get(spec.phrase) ?? [])];
      }
      return targets.filter((t) => {
        const p = cachedPhrases(t, lg, ctx);
        return p.fn.includes(spec.phrase) || p.text.includes(spec.phrase) || !!p.pos?.includes(spec.phrase);
      });
    }
    case 'dir': {
      const want = low(spec.anchor);
      const anchors = targets.filter((t) => labelKeys(t, ctx).lowLab === want);
      if (anchors.length !== 1) return [];
      const c = nearestIn(bx(anchors[0]!), spec.dir, targetsOfRc(targets, spec.roleClass, ctx), anchors[0]!);
      if (!c.length || c[0]!.gap > (spec.dir === 'left' || spec.dir === 'right' ? MAX_GAP.farH : MAX_GAP.farV)) return [];
      return c.filter((x) => x.gap <= c[0]!.gap + 4).map((x) => x.t);
    }
    case 'dirIcon': {
      const anchors = targets.filter((t) => t.icon === spec.icon);
      if (anchors.length !== 1) return [];
      const c = nearestIn(bx(anchors[0]!), spec.dir, targetsOfRc(targets, spec.roleClass, ctx), anchors[0]!);
      if (!c.length || c[0]!.gap > (spec.dir === 'left' || spec.dir === 'right' ? MAX_GAP.farH : MAX_GAP.farV)) return [];
      return c.filter((x) => x.gap <= c[0]!.gap + 4).map((x) => x.t);
    }
    case 'ordinal': {
      const group = targets.filter((t) => roleClass(t.role) === spec.roleClass && (spec.landmark === null || (t.context.landmark ?? null) === spec.landmark));
      const lay = lineLayout(group);
      if (!lay || lay.axis !== spec.axis) return [];
      const i = spec.n === -1 ? lay.order.length - 1 : spec.n - 1;
      return lay.order[i] ? [lay.order[i]!] : [];
    }
    case 'dup': {
      const group = targets.filter((t) => {
        if (roleClass(t.role) !== spec.roleClass) return false;
        const k = labelKeys(t, ctx);
        return spec.label !== null ? k.lowLab === low(spec.label) : k.lab === null && t.icon === spec.icon;
      });
      if (spec.axis === 'grid') {
        const g = gridLayout(group);
        if (!g) return [];
        return group.filter((t) => g.get(t)!.row === spec.row && g.get(t)!.col === spec.col);
      }
      const lay = lineLayout(group);
      if (!lay || lay.axis !== spec.axis) return [];
      return lay.order[spec.n - 1] ? [lay.order[spec.n - 1]!] : [];
    }
    case 'icon': {
      const within = spec.landmark === null ? null : drawnIn(targets, spec.landmark);
      return targets.filter((t) => t.icon === spec.icon && (within === null || within(t)));
    }
    case 'only':
      return targets.filter((t) => roleClass(t.role) === spec.roleClass && (t.context.landmark ?? null) === spec.landmark);
    case 'cellnth': {
      const tb = tableOf(targets, spec.landmark);
      const head = tb?.grid[0]![spec.col - 1];
      if (!tb || !head || low(visibleLabel(head) ?? '') !== low(spec.colLabel)) return [];
      const t = tb.grid[spec.row - 1]?.[spec.col - 1];
      return t ? [t] : [];
    }
    case 'sheet': {
      const h = sheetHeaders(targets);
      const c = h?.cols.get(spec.col);
      const r = h?.rows.get(spec.row);
      if (!h || !c || !r) return [];
      return targets.filter((t) => !h.headers.has(t) && cx(bx(t)) >= bx(c)[0] && cx(bx(t)) <= bx(c)[2] && cy(bx(t)) >= bx(r)[1] && cy(bx(t)) <= bx(r)[3]);
    }
    case 'line': {
      const cl = codeLines(targets);
      const g = cl?.get(spec.line);
      if (!g) return [];
      const n = normText(spec.label);
      return g.members.filter((t) => normText(visibleLabel(t) ?? '') === n);
    }
    case 'lineDir': {
      const g = codeLines(targets)?.get(spec.line);
      if (!g) return [];
      const n = normText(spec.anchor);
      const as = g.members.filter((t) => normText(visibleLabel(t) ?? '') === n);
      if (as.length !== 1) return [];
      const a = bx(as[0]!);
      const side = g.members
        .filter((t) => t !== as[0] && (spec.dir === 'right' ? bx(t)[0] >= a[2] - 1 : bx(t)[2] <= a[0] + 1))
        .map((t) => ({ t, gap: spec.dir === 'right' ? bx(t)[0] - a[2] : a[0] - bx(t)[2] }))
        .sort((x, y) => x.gap - y.gap);
      return side.length ? side.filter((x) => x.gap <= side[0]!.gap + 0.5).map((x) => x.t) : [];
    }
    case 'cell': {
      const tb = tableOf(targets, spec.landmark);
      if (!tb) return [];
      const at = (r: number, c: number): QueryTarget | undefined => tb.grid[r - 1]?.[c - 1];
      const head = at(1, spec.col);
      if (!head || low(visibleLabel(head) ?? '') !== low(spec.colLabel)) return [];
      // the row label must be shown by exactly one target, in that row
      const keys = targets.filter((t) => low(visibleLabel(t) ?? '') === low(spec.rowLabel));
      if (keys.length !== 1 || !tb.grid[spec.row - 1]!.includes(keys[0]!)) return [];
      const t = at(spec.row, spec.col);
      return t && t !== keys[0] ? [t] : [];
    }
  }
}

// ------------------------------------------------------------------------------------------ writer

const Q = (s: string): string => `"${s}"`;
const ZQ = (s: string): string => `“${s}”`;

/** Text-style templates; `roleless` ones name no role and need a label unique across all targets. */
function textTemplates(rc: string, label: string, l: QueryLocale, allowRoleless: boolean): Array<{ text: string; roleless: boolean }> {
  const noun = roleNoun(rc, l);
  const R = (text: string, roleless = false) => ({ text, roleless });
  if (l === 'zh-CN') {
    if (rc === 'heading') return [R(`标题${ZQ(label)}`), R(`${ZQ(label)}这个标题`)];
    if (rc === 'text') return [R(`文字${ZQ(label)}`), R(`写着${ZQ(label)}的文字`)];
    if (rc === 'img') return [R(`${ZQ(label)}图片`)];
    const t = [R(`${ZQ(label)}${noun}`), R(`点击${ZQ(label)}${noun}`)];
    if (allowRoleless) t.push(R(`点击${ZQ(label)}`, true));
    return t;
  }
  if (rc === 'heading') return [R(`the heading ${Q(label)}`), R(`the ${Q(label)} heading`)];
  if (rc === 'text') return [R(`the text ${Q(label)}`), R(`the words ${Q(label)}`)];
  if (rc === 'img') return [R(`the ${Q(label)} image`)];
  const t = [R(`the ${Q(label)} ${noun}`), R(`click the ${Q(label)} ${noun}`)];
  if (allowRoleless) t.push(R(`click ${Q(label)}`, true));
  return t;
}

/** "the disabled "Search" field" in the page language (a disabled control gets no action query). */
function disabledTemplate(lang: Lang, rc: string, label: string): string {
  if (lang === 'en') return `the disabled ${Q(label)} ${roleNoun(rc, 'en-US')}`;
  if (lang === 'zh') return `已禁用的${ZQ(label)}${roleNoun(rc, 'zh-CN')}`;
  return gDisabled(lang as GLang, rc, label);
}

function stateTemplate(rc: string, label: string, checked: boolean, l: QueryLocale): string | null {
  if (rc === 'switch') {
    return l === 'zh-CN'
      ? `当前处于${checked ? '开启' : '关闭'}状态的${ZQ(label)}开关`
      : `the ${Q(label)} switch that is currently ${checked ? 'on' : 'off'}`;
  }
  if (rc === 'checkbox') {
    return l === 'zh-CN' ? `${checked ? '已勾选' : '未勾选'}的${ZQ(label)}复选框` : `the ${checked ? 'checked' : 'unchecked'} ${Q(label)} checkbox`;
  }
  return null;
}

/** Spatial query in English / Chinese; `far`: the target is not right beside the anchor ("the first X below Y" only). */
function dirTemplate(dir: Direction, noun: string, anchor: string, l: QueryLocale, rng: Rng, far = false): string {
  if (l === 'zh-CN') {
    const side = { left: '左边', right: '右边', above: '上方', below: '下方' }[dir];
    const first = `${ZQ(anchor)}${side}的第一个${noun}`;
    return far ? first : rng.pick([`${ZQ(anchor)}${side}紧挨着的${noun}`, first]);
  }
  const rel = { left: 'to the left of', right: 'to the right of', above: 'above', below: 'below' }[dir];
  const first = `the first ${noun} ${rel} ${Q(anchor)}`;
  return far ? first : rng.pick([`the ${noun} immediately ${rel} ${Q(anchor)}`, first]);
}

/** Spatial query anchored on an icon in English / Chinese: "the button immediately to the right of the scissors icon". */
function dirIconTemplate(dir: Direction, noun: string, desc: string, l: QueryLocale, rng: Rng, far = false): string {
  if (l === 'zh-CN') {
    const side = { left: '左边', right: '右边', above: '上方', below: '下方' }[dir];
    const first = `${desc}图标${side}的第一个${noun}`;
    return far ? first : rng.pick([`${desc}图标${side}紧挨着的${noun}`, first]);
  }
  const rel = { left: 'to the left of', right: 'to the right of', above: 'above', below: 'below' }[dir];
  const first = `the first ${noun} ${rel} the ${desc} icon`;
  return far ? first : rng.pick([`the ${noun} immediately ${rel} the ${desc} icon`, first]);
}

/** Role classes given spatial queries anchored on an icon (those the label oracle can check: test/labels-oracle.ts). */
const ICON_SPATIAL: ReadonlySet<string> = new Set(['button', 'link', 'text']);

function ordinalTemplate(n: number, axis: 'col' | 'row', noun: string, landmark: string | null, l: QueryLocale): string {
  const lm = landmark ? landmarkPhrase(landmark, l) : null;
  if (l === 'zh-CN') {
    const where = lm ? `${lm}中` : '';
    if (n === -1) return `${where}最后一个${noun}`;
    return `${where}${axis === 'col' ? '从上往下数' : '从左往右数'}${ordinal(n, l)}个${noun}`;
  }
  const where = lm ? ` in ${lm}` : '';
  if (n === -1) return `the last ${noun}${where}`;
  const from = axis === 'col' ? (lm ? '' : ' from the top') : ' from the left';
  return `the ${ordinal(n, l)} ${noun}${from}${where}`;
}

function iconTemplates(icon: string, rc: string, landmark: string | null, l: QueryLocale, labelled = false): string[] {
  const d = iconDescription(icon, l);
  if (d === null) return []; // no Chinese name for the icon
  const lm = landmark ? landmarkPhrase(landmark, l) : null;
  if (labelled) {
    // a control showing text beside its icon, named by the icon
    const noun = roleNoun(rc, l);
    return [l === 'zh-CN' ? `${lm ? `${lm}中` : ''}带${d}图标的${noun}` : `the ${noun} with the ${d} icon${lm ? ` in ${lm}` : ''}`];
  }
  if (l === 'zh-CN') {
    const base = rc === 'button' ? [`${d}图标按钮`, `带${d}图标的按钮`] : [`${d}图标`];
    return lm ? base.map((b) => `${lm}中的${b}`) : base;
  }
  const base = rc === 'button' ? [`the ${d} icon button`, `the button with the ${d} icon`] : [`the ${d} icon`];
  return lm ? base.map((b) => `${b} in ${lm}`) : base;
}

/**
 * Write the queries of one record. Deterministic given the inputs and the RNG state.
 * Returns positives (target order, several styles each) followed by negatives; qids are numbered in
 * that order from 0. Queries are written in the page language; functional and icon phrases fall back
 * to English (tagged `en-US`) where the phrase tables have no entry in that language, and non-English
 * pages get some extra English text queries.
 */
export function writeQueries(input: QueryWriterInput): WrittenQuery[] {
  const { rng } = input;
  // what the screenshot shows: graphemes drawn as tofu are not part of any quoted label
  const bad = new Set(input.unpainted ?? []);
  const targets: readonly QueryTarget[] = bad.size
    ? input.targets.map((t) => ({ ...t, text: stripGlyphs(t.text, bad), name: stripGlyphs(t.name, bad), context: { ...t.context, neighbors: t.context.neighbors.map((n) => stripGlyphs(n, bad)) } }))
    : input.targets;
  const runs = (input.textRuns ?? []).map((r) => ({ n: normText(stripGlyphs(r.t, bad)), r: r.r as unknown as Box4, lines: (r.lines?.length ? r.lines : [r.r]) as unknown as Box4[] }));
  const disabled = (t: QueryTarget): boolean => t.aria.disabled === 'true';
  const lang = langOfAny(input.locale);
  const l = qLocale(input.locale);
  const g: GLang | null = lang === 'en' || lang === 'zh' ? null : (lang as GLang);
  const rctx: ResolveContext = { locale: input.locale, hints: input.hints, phraseCache: new Map(), labelCache: new Map(), index: {} };
  /** The targets of role class `rc`, in target order (the resolver's index of this very list). */
  const ofRc = (rc: string): readonly QueryTarget[] => targetsOfRc(targets, rc, rctx);
  const rejected = input.rejectedTargets ?? [];
  const seenRejected = rejected
    .filter((r) => !r.unseen && r.bbox_css && r.bbox_css.length === 4 && r.bbox_css[2]! > r.bbox_css[0]! && r.bbox_css[3]! > r.bbox_css[1]!)
    .map((r) => ({ role: r.role, name: low(r.name), text: low(r.text), box: r.bbox_css as Box4 }));
  const pageLow = input.pageTexts.map(low);
  const pageSet = new Set(pageLow);
  const visibleOnScreen = (s: string): boolean => pageSet.has(low(s));
  const out: Array<Omit<WrittenQuery, 'qid'>> = [];
  const used = new Set<string>();
  const emit = (t: QueryTarget | null, style: Query['style'], text: string, spec: QuerySpec, locale: string = input.locale): boolean => {
    // (`low(text)` without its memo: a written query is seldom written twice)
    const key = squashRaw(text).toLowerCase();
    if (!text || used.has(key)) return false;
    used.add(key);
    out.push({ text, locale, style, tid: t ? t.tid : null, spec });
    return true;
  };
  const resolvesTo = (spec: QuerySpec, t: QueryTarget): boolean => {
    const r = resolveQuery(spec, targets, rctx);
    return r.length === 1 && r[0] === t;
  };
  // label-based specs are also ambiguous when a rejected element with that label is visible on screen
  // (an element nobody can see — a hidden duplicate of a responsive menu — is no competitor; the
  // label being on screen says nothing, the target itself shows it)
  // (per seen rejection, what the test reads of it, computed once: its role class, its label and name
  // lower-cased, whether its name or text is on screen; the answer per (role class, label) is memoised)
  const seenRejectedKeys = rejected
    .filter((r) => !r.unseen)
    .map((r) => {
      const rl = visibleLabel({ role: r.role, name: r.name, text: r.text, context: { neighbors: [], landmark: null } });
      return { rc: roleClass(r.role), lowLab: rl === null ? null : low(rl), lowName: low(r.name), onScreen: visibleOnScreen(r.name) || visibleOnScreen(r.text) };
    });
  const rejectedClashMemo = new Map<string, boolean>();
  const rejectedClash = (rc: string | null, label: string): boolean => {
    const key = `${rc === null ? '0' : `1${rc}`}\u0000${label}`;
    let v = rejectedClashMemo.get(key);
    if (v === undefined) {
      const want = low(label);
      v = seenRejectedKeys.some((r) => (rc === null || r.rc === rc) && (r.lowLab === want || r.lowName === want) && r.onScreen);
      rejectedClashMemo.set(key, v);
    }
    return v;
  };
  const rejectedNameClash = (t: QueryTarget): boolean =>
    rejected.some((r) => !r.unseen && r.role === t.role && low(r.name) === low(t.name) && visibleOnScreen(r.name || r.text));
  /** Text templates in the page language (English / Chinese ones, or the grammar of the other languages). */
  const texts = (rc: string, label: string, roleless: boolean, lg: Lang = lang): Array<{ text: string; roleless: boolean }> =>
    lg === 'en' || lg === 'zh'
      ? textTemplates(rc, label, lg === 'zh' ? 'zh-CN' : 'en-US', roleless)
      : gTextTemplates(lg as GLang, rc, label, roleless).map((x) => ({ text: x.text, roleless: !!x.roleless }));
  // a rejected element of this role/state would make a state-only phrase ambiguous for people
  const rejectedRoles = new Set(rejected.filter((r) => !r.unseen && (visibleOnScreen(r.name) || visibleOnScreen(r.text))).map((r) => roleClass(r.role)));
  // a visible text run belongs to a target when it lies mostly inside the target's box, or when it is
  // the visible label of a field that shows no text of its own ("Email" beside its input)
  /** Per target: its normalised name when it shows no text of its own (a field's label stands for it), else null. */
  const labelOnlyMemo = new Map<QueryTarget, string | null>();
  const labelOnly = (t: QueryTarget): string | null => {
    let k = labelOnlyMemo.get(t);
    if (k === undefined) labelOnlyMemo.set(t, (k = squash(t.text) ? null : normText(t.name)));
    return k;
  };
  const owns = (t: QueryTarget, run: { n: string; r: Box4 }): boolean => {
    // (core/geometry.ts `intersect` and its area, without building the box: the same arithmetic)
    const a = bx(t);
    const r = run.r;
    const x0 = Math.max(a[0], r[0]);
    const y0 = Math.max(a[1], r[1]);
    const x1 = Math.min(a[2], r[2]);
    const y1 = Math.min(a[3], r[3]);
    if (x1 > x0 && y1 > y0 && (x1 - x0) * (y1 - y0) >= 0.5 * boxArea4(r)) return true;
    const k = labelOnly(t);
    return k !== null && run.n === k;
  };
  /**
   * Another visible text on screen shows `label` (normalised, whole words): a run not belonging to `t`,
   * or another target's visible label. Then a quote of it does not single `t` out.
   */
  const textClashMemo = new Map<QueryTarget, Map<string, boolean>>();
  let normLabs: Array<string | null> | null = null;
  const textClash = (t: QueryTarget, label: string): boolean => {
    // (a pure function of the target and the label on this page: asked again for the same pair, answered from the memo)
    let m = textClashMemo.get(t);
    if (!m) textClashMemo.set(t, (m = new Map()));
    let v = m.get(label);
    if (v === undefined) m.set(label, (v = textClashOf(t, label)));
    return v;
  };
  const textClashOf = (t: QueryTarget, label: string): boolean => {
    const n = normText(label);
    if (!n) return true;
    if (!runs.length) return false;
    // (the text test first: the cheaper one, and both are pure)
    for (const run of runs) if (hasText(run.n, n) && !owns(t, run)) return true;
    // (each target's visible label normalised once per page: `normLabs[i]` for `targets[i]`, null without a label)
    normLabs ??= targets.map((o) => {
      const ol = labelKeys(o, rctx).lab;
      return ol ? normText(ol) : null;
    });
    for (let i = 0; i < targets.length; i++) {
      const nl = normLabs[i]!;
      if (targets[i] === t || nl === null) continue;
      if (hasText(nl, n) && labelOnly(t) !== nl) return true;
    }
    return false;
  };
  /**
   * A phrase (from the page's hint or the name table: "段国良发来的“回复：年度总结”") quotes a text that
   * another visible text shows too (the subject of the open mail, repeated in the reading pane): the same
   * rule as for text queries, applied to every quoted span.
   */
  const quoteClash = (t: QueryTarget, phrase: string): boolean => quotedIn(phrase).some((q) => textClash(t, q));
  /**
   * A landmark may be named in a query ("im Bereich „Ordner“", "the first button in the "Inbox"
   * section") only when what the screen shows under that name is the landmark itself. A kind (`nav`,
   * `toolbar`) is described, not named: always fine. A name is refused when
   * - a target shows it cut by an ellipsis ("models.py — we…"): quote only what is painted, or nothing;
   * - another landmark's target shows it as its whole label (the "Inbox" folder link beside a message
   *   list named "Inbox");
   * - a visible text reading just that name (normalised) is not the landmark's title: outside the landmark's width, or below
   *   one of the landmark's targets (a section heading "Ordner" in the middle of a sidebar named
   *   "Ordner" heads only the items under it, not the whole sidebar).
   * The landmark's extent is the union box of its targets (CSS px).
   */
  const lmMemo = new Map<string, boolean>();
  const lmNameable = (lm: string | null): boolean => {
    if (lm === null || isLandmarkKind(lm)) return true;
    let v = lmMemo.get(lm);
    if (v === undefined) lmMemo.set(lm, (v = lmNameCheck(lm)));
    return v;
  };
  const lmNameCheck = (lm: string): boolean => {
    const n = normText(lm);
    if (!n) return false;
    const own = targets.filter((x) => (x.context.landmark ?? null) === lm);
    if (!own.length) return false;
    for (const x of targets) {
      // (a truncated target keeps its whole text in its name: "大小" painted as "大…")
      const cut = !!x.checks?.text?.truncated || /…$/.test(squash(x.text));
      if (cut && hasText(normText(x.name), n) && !hasText(normText(x.text), n)) return false;
      // (an icon button's accessible name is not shown: the Activity Bar's "Explorer" button beside the "Explorer" pane)
      if ((x.context.landmark ?? null) !== lm && squash(x.text) && normText(visibleLabel(x) ?? '') === n) return false;
    }
    const box = unionBoxes(own.map(bx)) as Box4;
    for (const run of runs) {
      if (run.n !== n) continue;
      // (an icon-only control named like the text, a Dock icon "Music" beside the window title "Music",
      // does not show it: the run is not its)
      if (targets.some((x) => (x.context.landmark ?? null) !== lm && owns(x, run) && !(x.icon && !squash(x.text)))) return false;
      const c = cx(run.r);
      if (c < box[0] - 1 || c > box[2] + 1) return false;
      if (own.some((x) => !owns(x, run) && bx(x)[3] <= run.r[1] + 1)) return false;
    }
    return true;
  };

  // a phrase that quotes a control's accessible name needs that name itself on screen, not just some
  // text of the control: a calendar day shows "17" while its name is "17. Jan." ("die Funktion „17. Jan.“
  // ausführen" quoted what the screen does not show). The target's own text counts whole: "11:30" and
  // "Daily stand-up" are two runs of one event's text, and a field's placeholder is its text but no run.
  // An icon's accessible name says what the icon depicts ("Microsoft Edge" on its logo): it may be named.
  // (Without text runs, as in light fixtures, names count.)
  const nameShown = (t: QueryTarget, name: string): boolean => {
    if (!runs.length || t.icon) return true;
    const n = normText(name);
    return hasText(normText(t.text), n) || runs.some((r) => hasText(r.n, n));
  };
  // uniquely labelled targets (anchors for spatial queries)
  // A control showing text of its own is labelled by it; one showing no text (a checkbox, a field) is labelled
  // by its accessible name only where some visible text on screen shows that name (its <label>); a name that
  // lives only in aria-label ("Select #26254" on a row checkbox that shows nothing) is not quoted: the control
  // is then named by its kind, place or item instead.
  const shown = (t: QueryTarget, lab: string): boolean => !!squash(t.text) || nameShown(t, lab);
  const labels = new Map<QueryTarget, string>();
  for (const t of targets) {
    const lab = visibleLabel(t);
    if (lab && shown(t, lab)) labels.set(t, lab);
  }
  // how many targets answer to a word (by visible label or accessible name)
  const labelCount = new Map<string, number>();
  for (const t of targets) {
    const keys = new Set([labels.get(t), t.name].filter((x): x is string => !!x && !!squash(x)).map(low));
    for (const k of keys) labelCount.set(k, (labelCount.get(k) ?? 0) + 1);
  }
  const anchors = targets.filter((t) => {
    const lab = labels.get(t);
    // (a word, an amount, or a number of three or more digits: "4,135" is read as one thing, "7" is not)
    if (lab === undefined) return false;
    const legible = /[\p{L}\p{Sc}]/u.test(lab) || (lab.replace(/\D/g, '').length >= 3 && /^[\d\s.,:/%+-]+$/.test(lab));
    return lab !== undefined && lab.length >= 2 && lab.length <= 32 && legible && labelCount.get(low(lab)) === 1 && !rejectedClash(null, lab) && !textClash(t, lab);
  });

  // a seen element of role class `rc` that the hit test rejected (a button under a tooltip) within the
  // extent of `grp`: counting "the third button" among the targets alone would skip it
  const seenAmong = (rc: string, grp: readonly QueryTarget[], label: string | null = null): boolean => {
    const u = unionBoxes(grp.map(bx));
    return seenRejected.some((r) => roleClass(r.role) === rc && intersect(u, r.box) !== null && (label === null || r.name === low(label) || r.text === low(label)));
  };
  /** Union box (CSS px) of the targets in landmark `lm`: the extent a person counts in "… in the sidebar". */
  const landmarkBox = (lm: string | null): Box4 => unionBoxes(targets.filter((x) => (x.context.landmark ?? null) === lm).map(bx)) as Box4;
  /** Box `b` lies in the line of `u` (a row: shares its height; a column: shares its width), by at least 15% of the smaller extent. */
  const inLineOf = (u: Box4, b: Box4, axis: 'col' | 'row'): boolean =>
    axis === 'row' ? overlap(u[1], u[3], b[1], b[3]) > 0.15 * Math.min(u[3] - u[1], b[3] - b[1]) : overlap(u[0], u[2], b[0], b[2]) > 0.15 * Math.min(u[2] - u[0], b[2] - b[0]);
  /**
   * Texts, headings and icons are counted by what a person sees, not by the targets: "the third text
   * from the top in the sidebar" needs every visible text in the landmark to be one of the group (a link,
   * a heading or an untargeted caption there would be counted too); "the second icon" needs
   * no other icon (an icon button) in the line; headings are counted among headings (rejected ones are
   * checked by `seenAmong`).
   */
  const plainLineCountable = (grp: readonly QueryTarget[], rc: string, axis: 'col' | 'row', lm: string | null): boolean => {
    const u = unionBoxes(grp.map(bx)) as Box4;
    const lb = landmarkBox(lm);
    if (rc === 'text') {
      // "the second text from the left in the main area" is read against all the text there: every
      // visible text in the landmark's extent must be one of the group (which then is one line)
      if (!runs.length) return false;
      if (runs.some((run) => intersect(run.r, lb) !== null && !grp.some((m) => owns(m, run)))) return false;
      // the landmark's extent is known only from its targets: a text just outside it (an avatar's initials
      // beside the first line, a caption above the first text) may still be inside it for a reader; only
      // texts of another landmark's targets are known to lie elsewhere
      const elsewhere = (run: { r: Box4 }): boolean => targets.some((x) => (x.context.landmark ?? null) !== lm && owns(x, run as { n: string; r: Box4 }));
      const onLine = (run: { r: Box4 }): boolean => grp.some((m) => overlap(bx(m)[1], bx(m)[3], run.r[1], run.r[3]) > 1);
      const before = (run: { r: Box4 }): boolean =>
        axis === 'col' ? run.r[3] <= u[1] + 1 && overlap(run.r[0], run.r[2], lb[0], lb[2]) > 0 : false;
      return !runs.some((run) => !grp.some((m) => owns(m, run)) && (onLine(run) || before(run)) && !elsewhere(run));
    }
    if (rc === 'img') return !targets.some((x) => !grp.includes(x) && x.icon && (x.context.landmark ?? null) === lm && inLineOf(u, bx(x), axis));
    return true;
  };
  // ordinal groups
  const ordinalOf = new Map<QueryTarget, QuerySpec>();
  const groups = new Map<string, QueryTarget[]>();
  for (const t of targets) {
    const rc = roleClass(t.role);
    if (!INTERACTIVE_ROLES.has(rc) && !COUNTED_PLAIN.has(rc)) continue;
    if (rc === 'img' && !t.icon) continue;
    const k = `${t.context.landmark ?? ''}\u0000${rc}`;
    listIn(groups, k).push(t);
  }
  for (const [, grp] of groups) {
    const lay = lineLayout(grp);
    if (!lay) continue;
    const rc = roleClass(grp[0]!.role);
    const lm = grp[0]!.context.landmark ?? null;
    if (seenAmong(rc, grp) || !lmNameable(lm)) continue;
    if (!INTERACTIVE_ROLES.has(rc) && !plainLineCountable(grp, rc, lay.axis, lm)) continue;
    if (rc === 'columnheader') {
      // "the third column header from the left" only where the headers span the whole table: no
      // element of the landmark below them lies left of the first or right of the last (an empty
      // checkbox or actions header, no target, would be counted by a reader: see COUNTED_PLAIN)
      // Read only off evenly spaced headers (a calendar's weekdays, a sheet's letters), whose pitch
      // gives each column's extent: every element below them starts inside a column (left-to-right
      // pages) or ends inside one (right-to-left pages).
      if (lay.axis !== 'row') continue;
      const o = lay.order.map(bx);
      const pitch = (o[o.length - 1]![0] - o[0]![0]) / (o.length - 1);
      if (!(pitch > 0) || o.some((b, i) => i > 0 && Math.abs(b[0] - o[i - 1]![0] - pitch) > 0.1 * pitch)) continue;
      const below = targets.filter((x) => !grp.includes(x) && (x.context.landmark ?? null) === lm && cy(bx(x)) > o[0]![3]);
      // (by the page's writing direction: a column beside the first header on a left-to-right page, or
      // beside the last on a right-to-left one, is the checkbox column the comment above warns of)
      const fits = lang === 'ar'
        ? below.every((x) => bx(x)[2] <= o[o.length - 1]![2] + 12 && bx(x)[2] >= o[0]![2] - pitch + 12)
        : below.every((x) => bx(x)[0] >= o[0]![0] - 12 && bx(x)[0] <= o[o.length - 1]![0] + pitch - 12);
      if (!fits) continue;
      if (seenRejected.some((r) => overlap(r.box[1], r.box[3], o[0]![1], o[0]![3]) > 0 && (r.box[2] < o[0]![0] || r.box[0] > o[o.length - 1]![2]))) continue;
    }
    // a nav bar mixing links, buttons and role=button items that look alike: "the third link" counted
    // among links only is not the third item a person sees; no ordinal unless the group is the whole line
    {
      const u = unionBoxes(grp.map(bx)) as Box4;
      // another control in the same row (for a row) or column (for a column), anywhere along it
      const inLine = (b: Box4): boolean =>
        lay.axis === 'row' ? overlap(u[1], u[3], b[1], b[3]) >= 0.5 * Math.min(u[3] - u[1], b[3] - b[1]) : overlap(u[0], u[2], b[0], b[2]) >= 0.5 * Math.min(u[2] - u[0], b[2] - b[0]);
      // (only controls that can be styled alike: a search field beside toolbar buttons is no look-alike)
      const mixed =
        LOOKALIKE.has(rc) &&
        targets.some((x) => !grp.includes(x) && LOOKALIKE.has(x.role) && roleClass(x.role) !== rc && (x.context.landmark ?? null) === lm && inLine(bx(x)));
      if (mixed) continue;
    }
    // without a landmark the phrase is page-wide: only when the group holds every target of that role
    if (lm === null && targets.some((x) => roleClass(x.role) === rc && (x.context.landmark ?? null) !== null)) continue;
    const lastOk = !rejected.some((r) => roleClass(r.role) === rc);
    lay.order.forEach((t, i) => {
      const useLast = lastOk && i === lay.order.length - 1 && i >= 2 && rng.bool(0.5);
      ordinalOf.set(t, { kind: 'ordinal', roleClass: rc, landmark: lm, axis: lay.axis, n: useLast ? -1 : i + 1 });
    });
  }
  // the one control (or heading, or icon) of its kind in a landmark: "the search field in the toolbar"
  const onlyOf = new Map<QueryTarget, QuerySpec>();
  for (const [, grp] of groups) {
    const t = grp[0]!;
    const rc = roleClass(t.role);
    const lm = t.context.landmark ?? null;
    if (grp.length !== 1 || lm === null || !lmNameable(lm)) continue;
    // "the text in the taskbar" (the clock beside icon-only buttons): only where the text is the one
    // thing written in the landmark's extent, every visible run there being its own, and no seen
    // rejected element lies there; controls: no seen rejected one of the kind anywhere
    if (rc === 'text') {
      // (the landmark's extent is known from its targets only: a margin of MAX_GAP.plain around it,
      // where an untargeted caption of the same landmark may still be written)
      const b0 = landmarkBox(lm);
      const m = MAX_GAP.plain;
      const lb: Box4 = [b0[0] - m, b0[1] - m, b0[2] + m, b0[3] + m];
      const elsewhere = (run: { n: string; r: Box4 }): boolean => intersect(run.r, b0) === null && targets.some((x) => (x.context.landmark ?? null) !== lm && owns(x, run));
      if (!runs.length || runs.some((run) => intersect(run.r, lb) !== null && !owns(t, run) && !elsewhere(run)) || seenRejected.some((r) => intersect(r.box, lb) !== null)) continue;
    } else if (rejected.some((r) => !r.unseen && roleClass(r.role) === rc)) continue;
    const inLm = targets.filter((x) => x !== t && (x.context.landmark ?? null) === lm);
    // the landmark's extent is known from its targets: with the target alone there, a nav bar drawn
    // inside the header (its own landmark) could not be told from it
    if (!inLm.length) continue;
    // look-alikes of another role (a link among role=button items) or another icon in the landmark would be named too
    // (an icon-only control is no look-alike of controls showing text, nor the reverse: a kanban column's
    // "+" beside its cards, which are links, is "the button in the column")
    const alike = (x: QueryTarget): boolean => LOOKALIKE.has(t.role) && LOOKALIKE.has(x.role) && !!squash(t.text) === !!squash(x.text);
    if (inLm.some(alike)) continue;
    if (rc === 'img' && inLm.some((x) => x.icon)) continue;
    // a control of the same kind drawn inside the landmark's extent but belonging to a nested landmark
    const lb = landmarkBox(lm);
    if (targets.some((x) => (x.context.landmark ?? null) !== lm && (roleClass(x.role) === rc || alike(x)) && intersect(lb, bx(x)) !== null)) continue;
    onlyOf.set(t, { kind: 'only', roleClass: rc, landmark: lm });
  }
  // duplicate-label groups
  const dupOf = new Map<QueryTarget, QuerySpec>();
  const dupGroups = new Map<string, QueryTarget[]>();
  for (const t of targets) {
    const lab = labels.get(t);
    const k = lab !== undefined ? `${roleClass(t.role)}\u0000L${low(lab)}` : t.icon ? `${roleClass(t.role)}\u0000I${t.icon}` : null;
    if (k) listIn(dupGroups, k).push(t);
  }
  for (const [, grp] of dupGroups) {
    if (grp.length < 2) continue;
    const rc = roleClass(grp[0]!.role);
    const lab = labels.get(grp[0]!) ?? null;
    if (seenAmong(rc, grp, lab ?? '')) continue;
    const plain = !INTERACTIVE_ROLES.has(rc);
    if (plain) {
      // a repeated text ("Folder" in every row of a Kind column), counted in a line: every visible
      // text showing the label must be one of the group
      if (!COUNTED_PLAIN.has(rc) || lab === null || !runs.length) continue;
      const n = normText(lab);
      if (!n || runs.some((run) => hasText(run.n, n) && !grp.some((m) => owns(m, run)))) continue;
      if (targets.some((x) => !grp.includes(x) && hasText(normText(visibleLabel(x) ?? ''), n))) continue;
    }
    const icon = lab === null ? grp[0]!.icon : null;
    const lay = lineLayout(grp);
    if (plain && !lay) continue;
    if (lay) lay.order.forEach((t, i) => dupOf.set(t, { kind: 'dup', roleClass: rc, label: lab, icon, axis: lay.axis, n: i + 1, row: 0, col: 0 }));
    else {
      const grid = gridLayout(grp);
      if (grid) for (const [t, c] of grid) dupOf.set(t, { kind: 'dup', roleClass: rc, label: lab, icon, axis: 'grid', n: 0, row: c.row, col: c.col });
    }
  }

  // table cells by column header and row label ("the cell in the "Size" column of the "a.pdf" row"):
  // only when every visible text in the table is one of its cells (the table seen is the table read)
  const cellOf = new Map<QueryTarget, QuerySpec>();
  /** Cells by column header and row number, where no label names the row. */
  const tableNth = new Map<QueryTarget, QuerySpec>();
  for (const lm of new Set(targets.filter((t) => CELL_ROLES.has(t.role)).map((t) => t.context.landmark ?? null))) {
    const tb = tableOf(targets, lm);
    if (!tb || !runs.length) continue;
    const members = tb.grid.flat();
    if (runs.some((run) => intersect(run.r, tb.box) !== null && boxArea4(intersect(run.r, tb.box)!) > 0.5 * boxArea4(run.r) && !members.some((m) => owns(m, run)))) continue;
    if (seenRejected.some((r) => intersect(r.box, tb.box) !== null)) continue;
    // a quoted header or row label must be unique on screen, and whole (not cut by an ellipsis: "Siz…")
    const unique = (t: QueryTarget): string | null => {
      const lab = labels.get(t);
      return lab !== undefined && /[\p{L}\p{N}]/u.test(lab) && !lab.endsWith('…') && labelCount.get(low(lab)) === 1 && !rejectedClash(null, lab) && !textClash(t, lab) ? lab : null;
    };
    const heads = tb.grid[0]!.map(unique);
    tb.grid.forEach((row, r) => {
      if (r === 0) return;
      row.forEach((t, c) => {
        if (!CELL_ROLES.has(t.role) || heads[c] === null) return;
        // the row named by another cell of it with a unique label (the first one from the left)
        const key = row.find((x, k) => k !== c && unique(x) !== null);
        if (key) cellOf.set(t, { kind: 'cell', landmark: lm, row: r + 1, col: c + 1, colLabel: heads[c]!, rowLabel: unique(key)! });
        // else by its row's place under the header (people count up to about ten rows)
        else if (r <= MAX_ROW) tableNth.set(t, { kind: 'cellnth', landmark: lm, row: r + 1, col: c + 1, colLabel: heads[c]! });
      });
    });
  }

  // spreadsheet cells by their A1 reference ("cell C3": the letters and numbers the grid shows in its headers)
  const sheet = sheetHeaders(targets);
  if (sheet) {
    for (const t of targets) {
      if (t.role !== 'gridcell' && t.role !== 'cell') continue;
      const col = [...sheet.cols].find(([, h]) => cx(bx(t)) >= bx(h)[0] && cx(bx(t)) <= bx(h)[2]);
      const row = [...sheet.rows].find(([, h]) => cy(bx(t)) >= bx(h)[1] && cy(bx(t)) <= bx(h)[3]);
      if (col && row) cellOf.set(t, { kind: 'sheet', col: col[0], row: row[0] });
    }
  }

  // code editor lines ("the text "return" on line 5"): a text whose words no other visible text on its
  // line shows (every run right of the gutter in the number's band, across the whole screen)
  const lineOf = new Map<QueryTarget, QuerySpec>();
  const code = codeLines(targets);
  // another column of numbers on screen (a track list, a second editor that is no target) has its
  // own "line 5": a run reading N with one reading N-1 or N+1 right above or below it, not the gutter's
  const numberedElsewhere = (line: string, num: QueryTarget): boolean => {
    const k = Number(line);
    return runs.some(
      (r) =>
        r.n === line &&
        !owns(num, r) &&
        runs.some((o) => (o.n === String(k - 1) || o.n === String(k + 1)) && overlap(r.r[0], r.r[2], o.r[0], o.r[2]) > 0 && Math.abs(o.r[1] - r.r[1]) < 3 * (r.r[3] - r.r[1])),
    );
  };
  if (code && runs.length) {
    for (const [line, { num, members }] of code) {
      if (numberedElsewhere(line, num)) continue;
      const b = bx(num);
      const right = bx(num)[2];
      const onLine = runs.filter((run) => run.r[0] >= right - 1 && run.lines.some((ln) => overlap(b[1], b[3], ln[1], ln[3]) >= 0.5 * Math.min(b[3] - b[1], ln[3] - ln[1])));
      for (const t of members) {
        const lab = labels.get(t);
        const n = lab === undefined ? '' : normText(lab);
        if (!n || !/\p{L}/u.test(lab!) || lab!.length > MAX_LABEL) continue;
        if (onLine.some((run) => !owns(t, run) && hasText(run.n, n))) continue;
        if (seenRejected.some((r) => overlap(b[1], b[3], r.box[1], r.box[3]) > 0 && r.box[0] >= right - 1)) continue;
        lineOf.set(t, { kind: 'line', line, label: lab! });
      }
    }
  }

  // beside a text of a code line ("the text immediately to the right of "fetchItems" on line 1"): the
  // anchor's words shown by no other visible text on the line, the target's run the nearest visible run
  // that way (every run on the line counts, punctuation too)
  const lineDirOf = new Map<QueryTarget, QuerySpec>();
  if (code && runs.length) {
    for (const [line, { num, members }] of code) {
      if (numberedElsewhere(line, num)) continue;
      const b = bx(num);
      const onLine = runs.filter((run) => run.r[0] >= b[2] - 1 && run.lines.some((ln) => overlap(b[1], b[3], ln[1], ln[3]) >= 0.5 * Math.min(b[3] - b[1], ln[3] - ln[1])));
      if (seenRejected.some((r) => overlap(b[1], b[3], r.box[1], r.box[3]) > 0 && r.box[0] >= b[2] - 1)) continue;
      for (const a of members) {
        const lab = labels.get(a);
        const n = lab === undefined ? '' : normText(lab);
        if (!n || !/\p{L}/u.test(lab!) || lab!.length > 32 || onLine.some((run) => !owns(a, run) && hasText(run.n, n))) continue;
        const aRuns = onLine.filter((run) => owns(a, run));
        if (aRuns.length !== 1) continue;
        const ar = aRuns[0]!.r;
        for (const dir of ['right', 'left'] as const) {
          const side = onLine
            .filter((run) => run !== aRuns[0] && (dir === 'right' ? run.r[0] >= ar[2] - 1 : run.r[2] <= ar[0] + 1))
            .map((run) => ({ run, gap: dir === 'right' ? run.r[0] - ar[2] : ar[0] - run.r[2] }))
            .sort((x, y) => x.gap - y.gap);
          const first = side[0];
          if (!first || (side[1] && side[1].gap <= first.gap + 2)) continue;
          const t = members.find((m) => m !== a && owns(m, first.run));
          if (!t || lineDirOf.has(t)) continue;
          lineDirOf.set(t, { kind: 'lineDir', line, anchor: lab!, dir });
        }
      }
    }
  }

  // icon anchors for spatial queries: an icon-only target (no text of its own) whose icon no other
  // target shows, with a name for the icon in the page's language
  const iconAnchorDesc = new Map<QueryTarget, string>();
  for (const a of targets) {
    if (!a.icon || squash(a.text) || input.iconCounts?.[a.icon] !== 1 || targets.some((x) => x !== a && x.icon === a.icon)) continue;
    const desc = g ? iconName(a.icon, g) : iconDescription(a.icon, lang === 'zh' ? 'zh-CN' : 'en-US');
    if (desc) iconAnchorDesc.set(a, desc);
  }
  const iconAnchors = [...iconAnchorDesc.keys()];
  const iconRng = rng.fork('icon-anchor');

  // container queries see every visible run and seen rejected element; their own RNG stream keeps the
  // other styles' draws as they were
  const containerScreen = { roleClass, visibleLabel: (t: Pick<QueryTarget, 'role' | 'name' | 'text' | 'context'>): string | null => labels.get(t as QueryTarget) ?? null, normText, containsText: hasText, runs, owns, seenRejected, unpainted: bad };
  const containerRng = rng.fork('container');
  // the targets of class `rc` in direction `dir` of anchor `a` (`nearestIn` over that class's targets)
  // depend only on the anchor, the direction and the role class, not on the target being described:
  // computed once per triple (memo per anchor, per role class, per direction; read only, never mutated)
  const nearestMemo = new Map<QueryTarget, Map<string, Partial<Record<Direction, ReadonlyArray<{ t: QueryTarget; gap: number }>>>>>();
  const nearestFrom = (a: QueryTarget, dir: Direction, rc: string): ReadonlyArray<{ t: QueryTarget; gap: number }> => {
    let m = nearestMemo.get(a);
    if (!m) nearestMemo.set(a, (m = new Map()));
    let byDir = m.get(rc);
    if (!byDir) m.set(rc, (byDir = {}));
    return (byDir[dir] ??= nearestIn(bx(a), dir, ofRc(rc), a));
  };
  /** The anchors (text / icon) of each landmark, in anchor order: spatial queries pair a target only with anchors of its own landmark. */
  const byLandmark = (list: readonly QueryTarget[]): Map<string | null, QueryTarget[]> => {
    const m = new Map<string | null, QueryTarget[]>();
    for (const a of list) {
      const lm = a.context.landmark ?? null;
      listIn(m, lm).push(a);
    }
    return m;
  };
  const anchorsByLm = byLandmark(anchors);
  const iconAnchorsByLm = byLandmark(iconAnchors);
  /**
   * Per anchor (a pure function of it, memoised): `aRuns`, the visible runs of `a` that show its quoted
   * label (all its runs when none does alone), and `aWords`, the union box of their lines (null without any).
   */
  const anchorWordsMemo = new Map<QueryTarget, { aRuns: typeof runs; aWords: Box4 | null }>();
  const anchorWords = (a: QueryTarget): { aRuns: typeof runs; aWords: Box4 | null } => {
    let w = anchorWordsMemo.get(a);
    if (!w) {
      const own = runs.filter((run) => owns(a, run));
      const lab = normText(labels.get(a) ?? '');
      const part = own.filter((run) => run.n && hasText(lab, run.n));
      const aRuns = part.length ? part : own;
      const aLines = aRuns.flatMap((run) => run.lines);
      w = { aRuns, aWords: aLines.length ? (unionBoxes(aLines) as Box4) : null };
      anchorWordsMemo.set(a, w);
    }
    return w;
  };
  /**
   * Per landmark and role class: for each target, the (anchor, direction) pairs of `anchorsOf(landmark)`
   * whose nearest target of that class that way is it, in anchor order then direction order (the order the
   * spatial loop below tried every pair in; a pair whose nearest is another target gave nothing).
   */
  const nearestPairs = (list: Map<string | null, QueryTarget[]>, memo: Map<string, Map<QueryTarget, Array<{ a: QueryTarget; dir: Direction }>>>, lm: string | null, rc: string) => {
    const key = `${lm ?? ''}\u0000${lm === null ? 0 : 1}\u0000${rc}`;
    let m = memo.get(key);
    if (!m) {
      m = new Map();
      for (const a of list.get(lm) ?? []) {
        for (const dir of DIRECTIONS) {
          const c = nearestFrom(a, dir, rc);
          const n = c[0]?.t;
          if (!n || (n.context.landmark ?? null) !== lm) continue;
          listIn(m, n).push({ a, dir });
        }
      }
      memo.set(key, m);
    }
    return m;
  };
  const textPairs = new Map<string, Map<QueryTarget, Array<{ a: QueryTarget; dir: Direction }>>>();
  const iconPairs = new Map<string, Map<QueryTarget, Array<{ a: QueryTarget; dir: Direction }>>>();
  for (const t of targets) {
    const rc = roleClass(t.role);
    const noun = roleNoun(rc, l);
    const lab = labels.get(t) ?? null;
    const interactive = INTERACTIVE_ROLES.has(rc);
    // a text without a usable label, or an image that is neither labelled nor a known icon, is not describable
    if (!interactive && !lab && !(rc === 'img' && t.icon) && !lineDirOf.has(t)) continue;
    // ---- disabled controls: a click does nothing, so no action query; only "the disabled X button"
    if (interactive && disabled(t)) {
      if (lab && !rejectedClash(rc, lab) && !textClash(t, lab)) {
        const spec: QuerySpec = { kind: 'text', roleClass: rc, label: lab };
        if (resolvesTo(spec, t)) emit(t, 'state', disabledTemplate(lang, rc, lab), spec);
      }
      continue;
    }
    // ---- text
    let wroteText = false;
    if (lab && !rejectedClash(rc, lab) && !textClash(t, lab)) {
      // plain text and headings are only named by their words: the label must be unique on the page
      const spec: QuerySpec = { kind: 'text', roleClass: INTERACTIVE_ROLES.has(rc) ? rc : null, label: lab };
      if (resolvesTo(spec, t)) {
        const roleless = INTERACTIVE_ROLES.has(rc) && labelCount.get(low(lab)) === 1 && !rejectedClash(null, lab);
        const tpl = rng.pick(texts(rc, lab, roleless));
        const spec2: QuerySpec = tpl.roleless ? { kind: 'text', roleClass: null, label: lab } : spec;
        wroteText = resolvesTo(spec2, t) && emit(t, 'text', tpl.text, spec2);
        // state with the label
        const checked = t.aria.checked;
        if (checked === 'true' || checked === 'false') {
          const st = g ? gLabelledState(g, rc, lab, checked === 'true') : stateTemplate(rc, lab, checked === 'true', l);
          if (st) emit(t, 'state', st, spec);
        }
        // cross-lingual English text query on non-English pages
        if (lang !== 'en' && (input.crossLingualRate ?? 0) > 0 && rng.bool(input.crossLingualRate!)) {
          emit(t, 'text', rng.pick(textTemplates(rc, lab, 'en-US', false)).text, spec, 'en-US');
        }
      }
    }
    // (the resolver may have computed this target's phrases already: the same set, phrasesFor being pure)
    const ph = rctx.phraseCache!.get(`${t.tid}|${lang}`) ?? phrasesFor(t, lang, input.hints);
    rctx.phraseCache!.set(`${t.tid}|${ph.lang}`, ph);
    const phTag = tagOf(ph.lang, input.locale);
    // phrases derived from the accessible name clash with a visible rejected element of the same name
    // (a role template quotes the accessible name: only where the screen shows that name, see `shown`)
    const nameClash = ph.source !== 'hint' && (rejectedNameClash(t) || textClash(t, t.name) || (ph.source === 'role' && !nameShown(t, squash(t.name))));
    // ---- description text from the hint (e.g. an email row) when there is no plain label
    // (only in the page's language: an English phrase about a German page is another task)
    if (!wroteText && ph.text.length && ph.lang === lang) {
      const cands = rng.shuffle(ph.text);
      for (const p of cands) {
        const sp: QuerySpec = { kind: 'phrase', phrase: p, lang: ph.lang };
        if (!nameClash && !quoteClash(t, p) && resolvesTo(sp, t) && emit(t, 'text', p, sp, phTag)) break;
      }
    }
    // ---- functional
    let wroteFn = false;
    if (ph.fn.length && !nameClash && ph.lang === lang) {
      for (const p of rng.shuffle(ph.fn)) {
        const sp: QuerySpec = { kind: 'phrase', phrase: p, lang: ph.lang };
        if (!quoteClash(t, p) && resolvesTo(sp, t) && emit(t, 'functional', p, sp, phTag)) {
          wroteFn = true;
          break;
        }
      }
    }
    // the page's language has no phrase for this control's action, or its phrase is shared by another
    // control (the same command in a toolbar and a menu): ask by its name, in that language
    if (g && !wroteFn && (ph.source === 'hint' || ph.source === 'name') && !rejectedNameClash(t) && nameShown(t, squash(t.name))) {
      const rt = ROLE_FUNCTION_TEMPLATES[t.role];
      const name = squash(t.name);
      const own = rt?.fn[lang];
      if (own && name && name.length <= 40) {
        for (const tpl of rng.shuffle(own)) {
          const p = fill(tpl, { name });
          if (!p) continue;
          // the phrase names the control: it refers to whatever answers to that name in that role
          const sp: QuerySpec = { kind: 'text', roleClass: rc, label: name };
          if (!rejectedClash(rc, name) && !textClash(t, name) && resolvesTo(sp, t) && emit(t, 'functional', p, sp)) break;
        }
      }
    }
    // ---- state on its own ("the unchecked checkbox", "the selected tab in the toolbar")
    if (interactive && !rejectedRoles.has(rc)) {
      for (const st of statesOf(t)) {
        const lm = t.context.landmark ?? null;
        const whole: QuerySpec = { kind: 'state', roleClass: rc, state: st, landmark: null };
        const inLm: QuerySpec = { kind: 'state', roleClass: rc, state: st, landmark: lm };
        const sp = resolvesTo(whole, t) ? whole : lm && lmNameable(lm) && resolvesTo(inLm, t) ? inLm : null;
        if (!sp || sp.kind !== 'state') continue;
        const lmPhrase = (x: string): string => (lang === 'en' || lang === 'zh' ? landmarkPhrase(x, l) : x);
        emit(t, 'state', stateOnly(lang, st, rc, sp.landmark, lmPhrase), sp);
        break;
      }
    }
    // ---- spatial
    {
      /** The gap to `t` when it is the one nearest thing of its kind in direction `dir` of anchor `a` (CSS px), else null. */
      const spatialFrom = (a: QueryTarget, dir: Direction): { gap: number; far: boolean } | null => {
        {
          const c = nearestFrom(a, dir, rc);
          if (!c.length || c[0]!.t !== t) return null;
          // in line with the anchor's words too, not only with its box: a link above the edge of a wide
          // button is "above" its frame but not above the label a reader looks at. The words are the
          // quoted label's, not every text of the anchor: a card's avatar initials at its right edge, a
          // settings row's value under its title ("SIM 卡" over "中国联通") are other texts to a reader
          const { aRuns, aWords } = anchorWords(a);
          if (aWords && dirGap(aWords, bx(t), dir) === null) return null;
          const horiz = dir === 'left' || dir === 'right';
          const near = interactive ? (horiz ? MAX_GAP.h : MAX_GAP.v) : MAX_GAP.plain;
          const far = c[0]!.gap > near;
          if (c[0]!.gap > (far && FAR_ROLES.has(rc) ? (horiz ? MAX_GAP.farH : MAX_GAP.farV) : near) || (c[1] && c[1].gap <= c[0]!.gap + 4)) return null;
          // another of its kind side by side with it that way (a link-styled button whose box was refined
          // to its text sits a few px lower than the framed button beside it) is just as "first below X"
          if (c.slice(1).some((x) => (horiz ? overlap(bx(x.t)[0], bx(x.t)[2], bx(t)[0], bx(t)[2]) : overlap(bx(x.t)[1], bx(x.t)[3], bx(t)[1], bx(t)[3])) > 0.5 * Math.min(horiz ? bx(t)[2] - bx(t)[0] : bx(t)[3] - bx(t)[1], horiz ? bx(x.t)[2] - bx(x.t)[0] : bx(x.t)[3] - bx(x.t)[1]))) return null;
          // "the first X below Y" across a gap: no other control at all lies between them that way
          if (far && targets.some((x) => x !== t && x !== a && INTERACTIVE_ROLES.has(roleClass(x.role)) && (dirGap(bx(a), bx(x), dir, 0.15) ?? Infinity) < c[0]!.gap)) return null;
          // a control of the same kind between them whose box was refined to its text (a block link whose
          // row spans the page, item 10) may be "in line" by its element box: "the first X below Y" is unsure
          if (far && ofRc(rc).some((x) => x !== t && x !== a && x.checks?.text?.refined && between(bx(a), bx(x), bx(t), dir))) return null;
          // a neighbour of the same kind only partly in line with the anchor is just as "first below X" to a reader
          if (ofRc(rc).some((x) => x !== t && x !== a && (dirGap(bx(a), bx(x), dir, 0.15) ?? Infinity) <= c[0]!.gap + 4)) return null;
          // ... and one that any part of the quoted words lies in line with, as near as the target: a label
          // under the gap between two buttons ("2:34" below a player's two buttons) has both "directly above" it
          if (aWords) {
            const wt = dirGap(aWords, bx(t), dir, 0) ?? Infinity;
            if (ofRc(rc).some((x) => x !== t && x !== a && (dirGap(aWords, bx(x), dir, 0) ?? Infinity) <= wt + 4)) return null;
          }
          // a seen element of the same kind that the hit test rejected (rotated, partly covered) is just
          // as "first below X" on the screenshot: the sentence would be ambiguous
          // (one that overlaps the anchor, e.g. a button under a tooltip anchor, is nearer on both sides)
          if (seenRejected.some((r) => roleClass(r.role) === rc && (intersect(bx(a), r.box) !== null || (dirGap(bx(a), r.box, dir, 0.15) ?? Infinity) <= c[0]!.gap + 4))) return null;
          // "the text below X" is read against everything written on screen, not only the targets:
          // no visible line of another element may come first in that direction
          // (the line test first: the cheaper one, and all three are pure)
          if (!interactive && runs.some((run) => run.lines.some((ln) => (dirGap(bx(a), ln, dir, 0.15) ?? Infinity) <= c[0]!.gap + 4) && !owns(t, run) && !aRuns.includes(run))) return null;
          // ... nor a control showing a value of its own, which is no text run of the page (a size field's
          // "11" under a font box "Inter" is what a reader finds below "Inter", not the unit "pt" beside it)
          if (!interactive && targets.some((x) => x !== t && x !== a && x.text && INTERACTIVE_ROLES.has(roleClass(x.role)) && (dirGap(bx(a), bx(x), dir, 0.15) ?? Infinity) <= c[0]!.gap + 4)) return null;
          if (!interactive && aWords) {
            // ... measured from the quoted words as well, and no line between them across the band the
            // words and the target span (the "}" closing a block, one line below "cursor.items = true;"
            // and a little to its left, is the text below it to a reader)
            const tb = bx(t);
            const wg = dirGap(aWords, tb, dir) ?? Infinity;
            // (the band widened by a line height: "}" one indent to the left still reads as the next line)
            const lh = aWords[3] - aWords[1];
            const band: [number, number] = horiz ? [Math.min(aWords[1], tb[1]), Math.max(aWords[3], tb[3])] : [Math.min(aWords[0], tb[0]) - lh, Math.max(aWords[2], tb[2]) + lh];
            const across = (ln: Box4): boolean => (horiz ? overlap(ln[1], ln[3], band[0], band[1]) : overlap(ln[0], ln[2], band[0], band[1])) > 1;
            if (runs.some((run) => run.lines.some((ln) => (dirGap(aWords, ln, dir, 0.15) ?? Infinity) <= wg + 4 || (across(ln) && between(aWords, ln, tb, dir))) && !owns(t, run) && !aRuns.includes(run))) return null;
          }
          return { gap: c[0]!.gap, far };
        }
      };
      const opts: Array<{ anchor: QueryTarget; dir: Direction; gap: number; far: boolean }> = [];
      // only anchors in the same landmark: "right of X" across two panes reads as nonsense
      for (const { a, dir } of nearestPairs(anchorsByLm, textPairs, t.context.landmark ?? null, rc).get(t) ?? []) {
        if (a === t) continue;
        const o = spatialFrom(a, dir);
        if (o) opts.push({ anchor: a, dir, ...o });
      }
      opts.sort((x, y) => x.gap - y.gap);
      const best = opts.slice(0, 3);
      if (best.length) {
        const o = rng.pick(best);
        const anchor = labels.get(o.anchor)!;
        const spec: QuerySpec = { kind: 'dir', roleClass: rc, anchor, dir: o.dir };
        if (resolvesTo(spec, t)) emit(t, 'spatial', g ? gDir(g, o.dir, rc, anchor, rng.bool(0.5), o.far) : dirTemplate(o.dir, noun, anchor, l, rng, o.far), spec);
      } else if (ICON_SPATIAL.has(rc)) {
        // no text anchor: an icon next to it that no other target shows ("the button right of the scissors
        // icon"), named in the page's language (its own RNG stream keeps the other draws as they were)
        const iopts: Array<{ anchor: QueryTarget; desc: string; dir: Direction; gap: number; far: boolean }> = [];
        for (const { a, dir } of nearestPairs(iconAnchorsByLm, iconPairs, t.context.landmark ?? null, rc).get(t) ?? []) {
          if (a === t) continue;
          const o = spatialFrom(a, dir);
          if (o) iopts.push({ anchor: a, desc: iconAnchorDesc.get(a)!, dir, ...o });
        }
        iopts.sort((x, y) => x.gap - y.gap);
        if (iopts.length) {
          const o = iconRng.pick(iopts.slice(0, 3));
          const spec: QuerySpec = { kind: 'dirIcon', roleClass: rc, icon: o.anchor.icon!, dir: o.dir };
          if (resolvesTo(spec, t)) emit(t, 'spatial', g ? gDirIcon(g, o.dir, rc, o.desc, iconRng.bool(0.5), o.far) : dirIconTemplate(o.dir, noun, o.desc, l, iconRng, o.far), spec);
        }
      }
    }
    // ---- or beside a text of its code line
    {
      const ld = lineDirOf.get(t);
      if (ld?.kind === 'lineDir' && !out.some((q) => q.tid === t.tid && q.style === 'spatial') && resolvesTo(ld, t)) emit(t, 'spatial', lineDirText(lang, ld.dir, ld.anchor, ld.line), ld);
    }
    // ---- positional
    {
      const d = dupOf.get(t);
      const o = ordinalOf.get(t);
      const spec = cellOf.get(t) ?? (d && (!o || rng.bool(0.5)) ? d : o) ?? onlyOf.get(t) ?? tableNth.get(t);
      if (spec && resolvesTo(spec, t)) {
        let text: string;
        if (spec.kind === 'dup') {
          if (g) {
            // an icon the language has no name for is not described in English: no query
            const iconDesc = spec.icon ? iconName(spec.icon, g) : null;
            text = spec.label === null && iconDesc === null ? '' : gDup(g, { label: spec.label, iconDesc }, rc, spec.axis, spec.n, spec.row, spec.col);
          } else if (spec.label === null && iconDescription(spec.icon!, l) === null) {
            text = ''; // no Chinese name for the icon (never the English one)
          } else {
            // what the repeated controls look like: their label, or their icon
            const what =
              spec.label !== null
                ? l === 'zh-CN' ? `${ZQ(spec.label)}${noun}` : `${Q(spec.label)} ${noun}`
                : l === 'zh-CN' ? `${iconDescription(spec.icon!, l)}图标${noun}` : `${iconDescription(spec.icon!, l)} icon ${noun}`;
            if (spec.axis === 'grid') {
              text = l === 'zh-CN' ? `第${spec.row}行第${spec.col}列的${what}` : `the ${what} in row ${spec.row}, column ${spec.col}`;
            } else {
              const from = spec.axis === 'col' ? pick(l, 'from the top', '从上往下数') : pick(l, 'from the left', '从左往右数');
              text = l === 'zh-CN' ? `${from}${ordinal(spec.n, l)}个${what}` : `the ${ordinal(spec.n, l)} ${what} ${from}`;
            }
          }
        } else if (spec.kind === 'ordinal') {
          text = g ? gOrdinal(g, spec.n, spec.axis, rc, spec.landmark) : ordinalTemplate(spec.n, spec.axis, noun, spec.landmark, l);
        } else if (spec.kind === 'cell') {
          text = g
            ? gCell(g, spec.colLabel, spec.rowLabel)
            : l === 'zh-CN'
              ? `${ZQ(spec.rowLabel)}这一行中${ZQ(spec.colLabel)}列的单元格`
              : `the cell in the ${Q(spec.colLabel)} column of the ${Q(spec.rowLabel)} row`;
        } else if (spec.kind === 'cellnth') {
          const n = spec.row - 1;
          text = g
            ? gCellNth(g, spec.colLabel, n)
            : l === 'zh-CN'
              ? `表头下方${ordinal(n, l)}行中${ZQ(spec.colLabel)}列的单元格`
              : `the cell in the ${Q(spec.colLabel)} column of the ${ordinal(n, l)} row below the header`;
        } else if (spec.kind === 'sheet') {
          const ref = `${spec.col}${spec.row}`;
          text = { en: `cell ${ref}`, zh: `单元格 ${ref}`, ja: `セル ${ref}`, de: `die Zelle ${ref}`, es: `la celda ${ref}`, fr: `la cellule ${ref}`, ar: `الخلية ${ref}` }[lang];
        } else if (spec.kind === 'only') {
          const lm = landmarkPhrase(spec.landmark, l);
          text = g ? gOnly(g, rc, spec.landmark) : l === 'zh-CN' ? `${lm}中的${noun}` : `the ${noun} in ${lm}`;
        } else text = '';
        emit(t, 'positional', text, spec);
      }
    }
    // ---- or its place as the page's hint gives it ("the leftmost of the three window controls of the
    // Music window"), where no other positional query was written (no draw from the RNG)
    if (ph.pos?.length && ph.lang === lang && !nameClash && !out.some((q) => q.tid === t.tid && q.style === 'positional')) {
      for (const p of ph.pos) {
        const sp: QuerySpec = { kind: 'phrase', phrase: p, lang: ph.lang };
        if (!quoteClash(t, p) && resolvesTo(sp, t) && emit(t, 'positional', p, sp, phTag)) break;
      }
    }
    // ---- icon (in the page's language; none where the language has no name for the icon)
    const gIconName = g && t.icon ? iconName(t.icon, g) : null;
    // (a control showing text beside its icon is named by its icon too: "the link with the folder icon")
    const withText = !!squash(t.text) && rc !== 'img';
    if (t.icon && (!g || gIconName !== null) && iconDescription(t.icon, l) !== null && (!withText || interactive)) {
      const lm = t.context.landmark ?? null;
      const whole: QuerySpec = { kind: 'icon', icon: t.icon, landmark: null };
      const inLm: QuerySpec = { kind: 'icon', icon: t.icon, landmark: lm };
      const spec = resolvesTo(whole, t) ? whole : lm && lmNameable(lm) && resolvesTo(inLm, t) ? inLm : null;
      if (spec && spec.kind === 'icon') {
        emit(t, 'icon', rng.pick(g ? gIcon(g, gIconName!, rc, spec.landmark, withText) : iconTemplates(t.icon, rc, spec.landmark, l, withText)), spec);
      }
    }
    // ---- container: "the "Add to cart" button in the card with "Wool Hat"" (generators/grounding/container-queries.ts)
    {
      const cq = containerQuery(t, targets, containerScreen, lang, containerRng);
      const wrote = !!cq && resolvesTo(cq.spec, t) && emit(t, 'container', cq.text, cq.spec);
      // ---- or its line in a code editor: the line is the item, named by its number in the gutter
      const ln = lineOf.get(t);
      if (!wrote && ln?.kind === 'line' && resolvesTo(ln, t)) emit(t, 'container', lineText(lang, ln.label, ln.line), ln);
    }
  }

  // ---- hard negatives
  const positives = out.length;
  const want = positives === 0 ? 0 : Math.max(1, Math.round((positives * (input.negativeRate ?? 0.1)) / (1 - (input.negativeRate ?? 0.1))));
  if (want > 0) {
    const targetText = targets.flatMap((t) => [low(t.name), low(t.text)]).filter(Boolean);
    const absent = (s: string): boolean => {
      const x = low(s);
      return x.length > 0 && !pageLow.some((p) => p.includes(x)) && !targetText.some((p) => p.includes(x));
    };
    const pool: Array<{ text: string; label: string; locale: string }> = [];
    // the scenario's list; pages in languages without a hand-written list (e.g. --pages in ja-JP) use generic web controls
    // (users' pages, negativeSources 'unseen': catalogue negatives are not verifiable there)
    const fromCatalogue = (input.negativeSources ?? 'all') === 'all';
    const catalogued = fromCatalogue
      ? negativeItems(input.negatives?.length ? input.negatives : g ? ['print', 'download-pdf', 'translate-page', 'feedback-widget', 'changelog', 'voice-search', 'sign-in-facebook'] : [])
      : [];
    if (catalogued.length) {
      // the scenario's plausible controls, named in the page language (and by function on English pages)
      for (const it of catalogued) {
        const label = it.label[lang] ?? it.label.en;
        if (!absent(label) || !absent(it.label.en)) continue;
        // every phrasing of the absent control ("the X button", "click X"): the first pass below takes one
        // per label, later passes the others when more negatives are wanted (more positives are written
        // per target now than there are absent labels)
        for (const tx of texts(roleClass(it.role), label, true)) pool.push({ text: tx.text, label, locale: input.locale });
        // (the catalogue's functional phrase is English: asked only on English pages, so that a page's
        // queries stay in its language)
        if (lang === 'en') pool.push({ text: it.fn, label, locale: 'en-US' });
      }
    } else if (fromCatalogue && !g) {
      const items = NEGATIVES[input.family ?? ''] ?? NEGATIVES.generic!;
      for (const it of items) {
        const label = l === 'zh-CN' ? it.label.zh : it.label.en;
        if (!absent(label)) continue;
        // the same absent control asked for in two ways: by its label, and by what it would do
        pool.push({ text: rng.pick(textTemplates(roleClass(it.role), label, l, true)).text, label, locale: input.locale });
        if (it.fn) pool.push({ text: l === 'zh-CN' ? it.fn.zh : it.fn.en, label, locale: input.locale });
      }
    }
    // elements that exist but are not visible anywhere on screen (e.g. below the fold)
    for (const r of rejected) {
      const name = squash(r.name);
      if (!r.unseen || !NEGATIVE_ROLES.has(r.role) || !name || name.length > 40) continue;
      // only names people would see (its own text), not aria-labels such as "Add X to cart"
      if (!low(r.text).includes(low(name))) continue;
      if (!absent(name) || (r.text && !absent(r.text))) continue;
      pool.push({ text: rng.pick(texts(roleClass(r.role), name, false)).text, label: name, locale: input.locale });
    }
    // first pass: one query per absent label; then the other phrasings, if more are wanted
    const order = rng.shuffle(pool);
    const seenLabels = new Set<string>();
    let n = 0;
    for (const pass of [0, 1, 2]) {
      for (const p of order) {
        if (n >= want) break;
        if (pass === 0 && seenLabels.has(low(p.label))) continue;
        seenLabels.add(low(p.label));
        if (emit(null, 'negative', p.text, { kind: 'none', label: p.label }, p.locale)) n++;
      }
    }
  }
  return out.map((q, i) => ({ qid: `${input.recordId}-q${i}`, ...q }));
}

/** Strip the specs: the record's `queries[]`. */
export function toRecordQueries(qs: readonly WrittenQuery[]): Query[] {
  return qs.map(({ qid, text, locale, style, tid }) => ({ qid, text, locale, style, tid }));
}
