/**
 * Screen blocks: the tree an app builder describes a screen with. A block's `t` names its Handlebars
 * partial (`templates/screens/partials/k-<t>.hbs`), the rest is the partial's view model. Also the
 * window / phone / web page specs the shells (shells.ts) draw. Blocks that need the app context
 * (the confirm dialog, an open menu) are in standard-blocks.ts.
 */
import type { FontSpec } from '../templating.js';

/** A block of the screen tree: `t` names the partial (`k-<t>`), the rest is its view model. */
export type Block = { t: string } & Record<string, unknown>;

/** A button (partial `k-btn`). `variant`: default | primary | ghost | icon | link | chip | danger. */
export interface Btn {
  id: string;
  label?: string;
  icon?: string;
  title?: string;
  variant: string;
  cls?: string;
  isz?: number;
  pressedAttr?: 'true' | 'false';
  expandedAttr?: 'true';
  selected?: boolean;
  disabled?: boolean;
  href?: boolean;
  badge?: string;
  caret?: boolean;
  menu?: Block | null;
}

/** Options of `AppContext.btn` (app-context.ts). */
export interface BtnOpts {
  label?: string;
  icon?: string;
  /** Accessible name when different from the label (icon-only buttons). */
  title?: string;
  variant?: string;
  cls?: string;
  isz?: number;
  pressed?: boolean;
  selected?: boolean;
  disabled?: boolean;
  href?: boolean;
  badge?: string;
  caret?: boolean;
  /** Hint action key (see phrases.ts ACTIONS / commands.yaml) and its args. */
  act?: string;
  args?: Record<string, string>;
}

/** One window of a desktop screen. */
export interface WindowSpec {
  /** App kind (CSS class `app-<app>`). */
  app: string;
  /** Window title and accessible name of the window region. */
  title: string;
  body: Block[];
  /** macOS: blocks drawn in a unified title bar (toolbar). */
  unified?: Block[];
  /** Windows: blocks drawn in the title bar instead of the title (browser tabs). */
  titleTabs?: Block[];
  /** Windows title-bar icon (lucide name) and colour. */
  appIcon?: string;
  appColor?: string;
  /** macOS menu bar titles when this window is active (first = app name). */
  menus?: string[];
  /** Preferred size as a fraction of the free desktop area (default by screen size). */
  prefer?: { w: number; h: number };
  dialog?: Block | null;
}

/** One phone screen. */
export interface PhoneSpec {
  appbar?: { title: string; lead?: Btn | null; actions?: Btn[]; large?: boolean; center?: boolean } | null;
  body: Block[];
  tabbar?: { items: Array<{ id: string; icon: string; label: string; selected?: boolean; badge?: string }> } | null;
  fab?: Btn | null;
  dialog?: Block | null;
  /** Android: three-button navigation instead of the gesture handle. */
  navbar3?: boolean;
}

/** One web page (desktop / tablet browser viewport, no browser chrome). */
export interface WebSpec {
  header?: {
    brand: string;
    logoIcon: string;
    links?: Btn[];
    search?: { id: string; placeholder: string; value?: string } | null;
    actions?: Btn[];
    cls?: string;
  } | null;
  body: Block[];
  bodyCls?: string;
  dialog?: Block | null;
  /** Latin face of the page (default Inter). */
  font?: FontSpec;
}

/** A flex box (`row` or `col`). */
export const box = (dir: 'row' | 'col', children: Block[], cls?: string, style?: string, label?: string): Block => ({ t: 'box', dir, children, cls, style, label });
/** A toolbar; `items` are buttons or `{kind: 'sep'|'spacer'|'search'|'select'|'text'|'group'}` entries. */
export const toolbar = (label: string, items: Array<Btn | Record<string, unknown>>, cls?: string): Block => ({
  t: 'toolbar',
  label,
  items: items.map((i) => ('kind' in i ? i : { kind: 'btn', ...i })),
  cls,
});
/** Toolbar separator / spacer entries. */
export const SEP = { kind: 'sep' } as const;
/** Toolbar spacer entry (pushes the following items to the end). */
export const SPACER = { kind: 'spacer' } as const;
