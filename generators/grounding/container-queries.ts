/**
 * Container queries (query style `container`): a target named inside the item it sits in — "the "Add
 * to cart" button in the card with "Wool Hat"", "“羊毛针织帽”所在卡片中的“加入购物车”按钮", "the text
 * "In stock" in the row with "Re: Budget"". The item and its name come from the hit test (the
 * record's `context.container`: hittest/page/items.ts finds the item, hittest/records.ts names it by
 * a visible text inside it that no other visible text on screen shows).
 *
 * A query is written only when (1) exactly one item of the kind the query names ("row", "card") is named
 * on screen by the quoted anchor, (2) inside that item's box the target is the only target of its role
 * class with that label (or that icon, or — with neither — the only control of its kind, with no
 * look-alike control of another role beside it, or the only image or icon),
 * (3) no other visible text in the item shows the label (normalised, substrings included), and (4) no
 * element the hit test rejected but a person can see lies in the item with the same role class (or, for
 * a label, shows the label). (1) and (2) are what {@link resolveContainer} checks from the targets alone.
 *
 * The query writer (generators/grounding/queries.ts) passes its helpers in ({@link ContainerHelpers})
 * so that this module does not import it (no cycle).
 */
import type { Rng } from '../../core/rng.js';
import type { Target } from '../../core/schema.js';
import { iconName } from './icon-names.js';
import type { Lang } from './locales.js';
import { INTERACTIVE_ROLES, ROLE_NOUNS, OTHER_NOUN, iconDescription } from './phrases.js';
import { gDefNoun, gIcon, gq, gTextTemplates, type GLang } from './query-lang.js';

/** What an item is called ({@link Target} `context.container.kind`). */
export type ContainerKind = NonNullable<Target['context']['container']>['kind'];

/**
 * "the `label` `roleClass` (or the one with `icon`, or the only `roleClass`) in the `item` named
 * `anchor`": resolves, by {@link resolveContainer}, to the targets of that role class (and label or
 * icon) whose centre lies in the one item box of kind `item` named `anchor`.
 */
export interface ContainerSpec {
  kind: 'container';
  roleClass: string;
  /** Visible label (compared normalised), or null. */
  label: string | null;
  /** Icon name of an unlabelled target, or null (with `label` null too: any target of the role class). */
  icon: string | null;
  /** The item's name: a visible text inside it, unique on screen. */
  anchor: string;
  /** What the item is called in the query. */
  item: ContainerKind;
}

/** The target fields read here. */
export type CTarget = Pick<Target, 'tid' | 'role' | 'name' | 'text' | 'bbox_css' | 'icon' | 'context' | 'aria'>;
type Box4 = [number, number, number, number];

/** The writer's helpers (generators/grounding/queries.ts), passed in to keep this module free of it. */
export interface ContainerHelpers {
  roleClass: (role: string) => string;
  visibleLabel: (t: Pick<CTarget, 'role' | 'name' | 'text' | 'context'>) => string | null;
  /** Comparison form of a visible text (NFKC, lower case, punctuation as spaces). */
  normText: (s: string) => string;
  /** `needle` occurs in `hay` (both normalised): whole words, or anywhere in scripts without spaces. */
  containsText: (hay: string, needle: string) => boolean;
}

/** What the writer knows about the screen besides the targets. */
export interface ContainerScreen<T extends CTarget = CTarget> extends ContainerHelpers {
  /** Every visible text run, normalised (`n`), with its box (CSS px). */
  runs: ReadonlyArray<{ n: string; r: Box4 }>;
  /** A visible run belongs to target `t` (its own text). */
  owns: (t: T, run: { n: string; r: Box4 }) => boolean;
  /** Elements the hit test rejected that a person can see: role, lower-cased name and text, box (CSS px). */
  seenRejected: ReadonlyArray<{ role: string; name: string; text: string; box: Box4 }>;
  /** Graphemes not painted on screen (never quoted). */
  unpainted: ReadonlySet<string>;
}

/** Roles styled alike on pages (the writer's look-alike set): "the button in the card" must not have a link button beside it. */
const LOOKALIKE: ReadonlySet<string> = new Set(['link', 'button', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'generic', 'option', 'treeitem']);
/** Longest quoted label. */
const MAX_LABEL = 48;
/** Longest item name quoted (a title, not a sentence: the spatial anchors' limit). */
const MAX_ANCHOR = 32;

const centre = (b: readonly number[]): [number, number] => [(b[0]! + b[2]!) / 2, (b[1]! + b[3]!) / 2];
const inBox = (p: [number, number], b: readonly number[]): boolean => p[0] >= b[0]! && p[0] <= b[2]! && p[1] >= b[1]! && p[1] <= b[3]!;
const sameBox = (a: readonly number[], b: readonly number[]): boolean => a.every((v, i) => Math.abs(v - b[i]!) < 0.01);
const intersects = (a: readonly number[], b: readonly number[]): boolean => Math.min(a[2]!, b[2]!) > Math.max(a[0]!, b[0]!) && Math.min(a[3]!, b[3]!) > Math.max(a[1]!, b[1]!);

/**
 * The one item box of kind `kind` named `anchor` (the `context.container` of the targets), or null when
 * none or several ("the "8:15" row" and the event item "8:15" inside it are told apart by their kind).
 */
function itemBox(anchor: string, kind: ContainerKind, targets: readonly CTarget[], h: Pick<ContainerHelpers, 'normText'>): Box4 | null {
  const n = h.normText(anchor);
  let box: Box4 | null = null;
  for (const t of targets) {
    const c = t.context.container;
    if (!c || c.kind !== kind || c.name === null || h.normText(c.name) !== n) continue;
    if (box && !sameBox(box, c.bbox_css)) return null;
    box = c.bbox_css as Box4;
  }
  return box;
}

/** The targets a {@link ContainerSpec} refers to (see its doc); a sound query resolves to exactly one. */
export function resolveContainer<T extends CTarget>(spec: ContainerSpec, targets: readonly T[], h: ContainerHelpers): T[] {
  const box = itemBox(spec.anchor, spec.item, targets, h);
  if (!box) return [];
  const want = spec.label === null ? null : h.normText(spec.label);
  return targets.filter((t) => {
    if (h.roleClass(t.role) !== spec.roleClass || !inBox(centre(t.bbox_css), box)) return false;
    const lab = h.visibleLabel(t);
    if (want !== null) return (lab !== null && h.normText(lab) === want) || h.normText(t.name) === want;
    if (spec.icon !== null) return lab === null && t.icon === spec.icon;
    return true;
  });
}

// ------------------------------------------------------------------------------------------ phrases

/** Item nouns: English, Chinese, Japanese; German, Spanish and French with gender; Arabic (construct state). */
const ITEM_NOUNS: Record<ContainerKind, { en: string; zh: string; ja: string; de: [string, 'm' | 'f' | 'n']; es: [string, 'm' | 'f']; fr: [string, 'm' | 'f']; ar: string }> = {
  item: { en: 'item', zh: '条目', ja: '項目', de: ['Eintrag', 'm'], es: ['elemento', 'm'], fr: ['élément', 'm'], ar: 'عنصر' },
  row: { en: 'row', zh: '行', ja: '行', de: ['Zeile', 'f'], es: ['fila', 'f'], fr: ['ligne', 'f'], ar: 'صف' },
  card: { en: 'card', zh: '卡片', ja: 'カード', de: ['Karte', 'f'], es: ['tarjeta', 'f'], fr: ['carte', 'f'], ar: 'بطاقة' },
  message: { en: 'message', zh: '消息', ja: 'メッセージ', de: ['Nachricht', 'f'], es: ['mensaje', 'm'], fr: ['message', 'm'], ar: 'رسالة' },
  option: { en: 'option', zh: '选项', ja: '選択肢', de: ['Option', 'f'], es: ['opción', 'f'], fr: ['option', 'f'], ar: 'خيار' },
  section: { en: 'section', zh: '分组', ja: 'セクション', de: ['Abschnitt', 'm'], es: ['sección', 'f'], fr: ['section', 'f'], ar: 'قسم' },
};

/**
 * "in the card with "Wool Hat"" in language `l` (Japanese: the prefix "「…」がある…の"). Every language
 * says the item CONTAINS the anchor, never that the anchor is its title: the anchor is the first text
 * in the item unique on screen, which may be a member's label (a sidebar group named by one of its
 * links: "the "Inbox" link in the section with "Drafts""), and "in the "Drafts" section" would send a
 * reader to a section titled Drafts. `alt` picks the second English wording ("containing").
 */
function inItem(l: Lang, kind: ContainerKind, anchor: string, alt: boolean): string {
  const k = ITEM_NOUNS[kind];
  const A = gq(l, anchor);
  switch (l) {
    case 'en':
      return alt ? `in the ${k.en} containing ${A}` : `in the ${k.en} with ${A}`;
    case 'zh':
      return `${A}所在${k.zh}中的`;
    case 'ja':
      return `${A}がある${k.ja}の`;
    case 'de':
      return `${k.de[1] === 'f' ? 'in der' : 'im'} ${k.de[0]} mit ${A}`;
    case 'es':
      return `en ${k.es[1] === 'f' ? 'la' : 'el'} ${k.es[0]} con ${A}`;
    case 'fr':
      return `dans ${/^[aeiouéè]/i.test(k.fr[0]) ? 'l’' : k.fr[1] === 'f' ? 'la ' : 'le '}${k.fr[0]} contenant ${A}`;
    case 'ar':
      // definite noun + relative clause agreeing in gender ("in the card that contains …")
      return ARABIC_FEMININE.has(kind) ? `في ال${k.ar} التي تحتوي على ${A}` : `في ال${k.ar} الذي يحتوي على ${A}`;
  }
}

/** Item nouns that are feminine in Arabic (بطاقة card, رسالة message); the others are masculine. */
const ARABIC_FEMININE: ReadonlySet<ContainerKind> = new Set(['card', 'message']);

/** What the query names inside the item, in language `l`: the labelled target, the icon, or the role alone. */
function what(l: Lang, rc: string, v: { label: string } | { icon: string } | null): string | null {
  const en = (ROLE_NOUNS[rc] ?? OTHER_NOUN).en;
  const zh = (ROLE_NOUNS[rc] ?? OTHER_NOUN).zh;
  if (v && 'label' in v) {
    if (l === 'en') return rc === 'text' ? `the text ${gq(l, v.label)}` : rc === 'heading' ? `the heading ${gq(l, v.label)}` : `the ${gq(l, v.label)} ${en}`;
    if (l === 'zh') return rc === 'text' ? `文字${gq(l, v.label)}` : rc === 'heading' ? `标题${gq(l, v.label)}` : `${gq(l, v.label)}${zh}`;
    return gTextTemplates(l as GLang, rc, v.label, false)[0]!.text;
  }
  if (v && 'icon' in v) {
    if (l === 'en') return rc === 'button' ? `the ${iconDescription(v.icon, 'en-US')} icon button` : `the ${iconDescription(v.icon, 'en-US')} icon`;
    if (l === 'zh') {
      const d = iconDescription(v.icon, 'zh-CN');
      return d === null ? null : rc === 'button' ? `${d}图标按钮` : `${d}图标`;
    }
    const d = iconName(v.icon, l as GLang);
    return d === null ? null : gIcon(l as GLang, d, rc, null, false)[0]!;
  }
  if (l === 'en') return `the ${en}`;
  if (l === 'zh') return zh;
  return gDefNoun(l as GLang, rc);
}

/** The query text for `spec` in language `l` (`alt`: the English "in the card containing "X"" form), or null when the language cannot name it. */
export function containerText(l: Lang, spec: ContainerSpec, alt: boolean): string | null {
  const w = what(l, spec.roleClass, spec.label !== null ? { label: spec.label } : spec.icon !== null ? { icon: spec.icon } : null);
  if (w === null) return null;
  const where = inItem(l, spec.item, spec.anchor, alt);
  if (l === 'zh' || l === 'ja') return `${where}${w}`;
  return `${w} ${where}`;
}

// ------------------------------------------------------------------------------------------ writer

/**
 * The container query of target `t`, or null (see the module doc for when one is written). Draws one
 * boolean from `rng` (the English phrasing) only when a query is returned.
 */
export function containerQuery<T extends CTarget>(t: T, targets: readonly T[], screen: ContainerScreen<T>, l: Lang, rng: Rng): { text: string; spec: ContainerSpec } | null {
  const c = t.context.container;
  if (!c || c.name === null) return null;
  const anchor = c.name;
  if (anchor.length > MAX_ANCHOR || [...screen.unpainted].some((g) => anchor.includes(g))) return null;
  const h = screen;
  const box = itemBox(anchor, c.kind, targets, h);
  if (!box || !sameBox(box, c.bbox_css) || !inBox(centre(t.bbox_css), box)) return null;
  const rc = h.roleClass(t.role);
  const interactive = INTERACTIVE_ROLES.has(rc);
  const members = targets.filter((x) => x !== t && inBox(centre(x.bbox_css), box));
  const rejectedIn = screen.seenRejected.filter((r) => intersects(r.box, box));
  const lab = h.visibleLabel(t);
  const na = h.normText(anchor);
  let spec: ContainerSpec | null = null;
  if (lab !== null && lab.length <= MAX_LABEL && !lab.endsWith('\u2026')) {
    const n = h.normText(lab);
    const clash =
      !n ||
      n === na ||
      h.containsText(na, n) ||
      [...screen.unpainted].some((g) => lab.includes(g)) ||
      screen.runs.some((run) => inBox(centre(run.r), box) && !screen.owns(t, run) && h.containsText(run.n, n)) ||
      members.some((x) => h.roleClass(x.role) === rc && h.containsText(h.normText(h.visibleLabel(x) ?? x.name), n)) ||
      rejectedIn.some((r) => h.containsText(h.normText(r.name), n) || h.containsText(h.normText(r.text), n));
    if (!clash) spec = { kind: 'container', roleClass: rc, label: lab, icon: null, anchor, item: c.kind };
  } else if (lab === null && t.icon) {
    const clash = members.some((x) => x.icon === t.icon) || rejectedIn.some((r) => h.roleClass(r.role) === rc);
    if (!clash) spec = { kind: 'container', roleClass: rc, label: null, icon: t.icon, anchor, item: c.kind };
  }
  if (!spec && rc === 'img' && lab === null) {
    // the only image or icon in the item: "the icon in the card with "Wool Hat""
    const clash = members.some((x) => h.roleClass(x.role) === 'img' || x.icon) || rejectedIn.some((r) => h.roleClass(r.role) === 'img');
    if (!clash) spec = { kind: 'container', roleClass: rc, label: null, icon: null, anchor, item: c.kind };
  }
  if (!spec && interactive && lab === null) {
    // the only control of its kind in the item, and no look-alike control of another role beside it
    const clash =
      members.some((x) => h.roleClass(x.role) === rc || (LOOKALIKE.has(t.role) && LOOKALIKE.has(x.role))) ||
      rejectedIn.some((r) => h.roleClass(r.role) === rc || (LOOKALIKE.has(t.role) && LOOKALIKE.has(r.role)));
    if (!clash) spec = { kind: 'container', roleClass: rc, label: null, icon: null, anchor, item: c.kind };
  }
  if (!spec) return null;
  const text = containerText(l, spec, l === 'en' && rng.bool(0.5));
  // (an icon named like the item, "das Symbol „WLAN“ im Eintrag „WLAN“", says nothing)
  if (text === null || (spec.icon !== null && h.containsText(na, h.normText(what(l, rc, { icon: spec.icon }) ?? '').replace(/^(the|das|die|der|el|la|le|l) /, '')))) return null;
  return { text, spec };
}
