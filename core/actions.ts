/**
 * The action language (the UI-Venus-2 action space) and how it is written in every answer dialect.
 *
 * Structured form (records, scorer): `{type: "click", point}`, `{type: "long_press", point}`,
 * `{type: "double_click", point}`, `{type: "type", text}`, `{type: "drag", start, end}`,
 * `{type: "scroll", point, direction}`, and `{type: "refuse"}` for "no such element" answers.
 * Points are image px unless a coordinate space says otherwise.
 *
 * Text form for SFT: `Click(point=(x, y))`, `LongPress(point=(x, y))`, `DoubleClick(point=(x, y))`,
 * `Type(content='...')`, `Drag(start=(x1, y1), end=(x2, y2))`, `Scroll(point=(x, y), direction='down')`,
 * `Refuse()`; several actions are joined by newlines.
 *
 * Answer dialects ({@link DIALECT_SYNTAX}, written by {@link formatActions}; read back by score/parse.ts
 * `parseCompletion`, which accepts all of them):
 * - `venus` — the text form above, one action per line; reasoning first as `<think>\n…\n</think>\n`.
 * - `uitars` — UI-TARS action space (bytedance/UI-TARS prompt and `action_parser.py`):
 *   `click(start_box='(x,y)')`, `long_press(start_box='(x,y)')`, `left_double(start_box='(x,y)')`,
 *   `type(content='...')`, `drag(start_box='(x1,y1)', end_box='(x2,y2)')`,
 *   `scroll(start_box='(x,y)', direction='down')`; a refusal is `call_user()` ("call the user when the
 *   task is unsolvable"). With reasoning the answer is `Thought: ...\nAction: ...`.
 *
 * Coordinates are written as given: convert them to the model's convention first (core/coords.ts).
 */
import { z } from 'zod';

const Pt = z.tuple([z.number(), z.number()]);

export const ClickAction = z.object({ type: z.literal('click'), point: Pt });
export const LongPressAction = z.object({ type: z.literal('long_press'), point: Pt });
export const DoubleClickAction = z.object({ type: z.literal('double_click'), point: Pt });
export const TypeAction = z.object({ type: z.literal('type'), text: z.string() });
export const DragAction = z.object({ type: z.literal('drag'), start: Pt, end: Pt });
export const ScrollAction = z.object({
  type: z.literal('scroll'),
  point: Pt,
  direction: z.enum(['up', 'down', 'left', 'right']),
});
/** The refusal answer for an infeasible grounding query (hard negative). */
export const RefuseAction = z.object({ type: z.literal('refuse') });

/** Any action (zod schema). */
export const Action = z.discriminatedUnion('type', [
  ClickAction,
  LongPressAction,
  DoubleClickAction,
  TypeAction,
  DragAction,
  ScrollAction,
  RefuseAction,
]);
export type Action = z.infer<typeof Action>;
export type ActionType = Action['type'];

/** Escape a string for `Type(content='...')`: backslash and single quote are backslash-escaped, newline as `\n`. */
export function escapeContent(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n');
}

/** A coordinate as answer text: integers as they are, others rounded to 6 decimals. */
export const formatNumber = (v: number): string => (Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6));
const fmt = formatNumber;

/** How a dialect spells each action: call names, argument names and how a point is written. */
export interface ActionSpelling {
  /** Call name per action type, e.g. `Click` / `click`. */
  names: Record<ActionType, string>;
  /** A point as an argument value, e.g. `(12, 40)` / `'(12,40)'`. */
  point(p: readonly [number, number]): string;
  /** Argument names: the point of a click, long press, double click or scroll; a drag's start and end. */
  at: string;
  start: string;
  end: string;
}

/** One action in a spelling (every dialect writes `Type(content='...')` and `direction='...'` alike). */
function spell(a: Action, s: ActionSpelling): string {
  const call = (args: string): string => `${s.names[a.type]}(${args})`;
  switch (a.type) {
    case 'click':
    case 'long_press':
    case 'double_click':
      return call(`${s.at}=${s.point(a.point)}`);
    case 'type':
      return call(`content='${escapeContent(a.text)}'`);
    case 'drag':
      return call(`${s.start}=${s.point(a.start)}, ${s.end}=${s.point(a.end)}`);
    case 'scroll':
      return call(`${s.at}=${s.point(a.point)}, direction='${a.direction}'`);
    case 'refuse':
      return call('');
  }
}

/** The UI-Venus text form (see the module doc). */
const VENUS_SPELLING: ActionSpelling = {
  names: { click: 'Click', long_press: 'LongPress', double_click: 'DoubleClick', type: 'Type', drag: 'Drag', scroll: 'Scroll', refuse: 'Refuse' },
  point: (p) => `(${fmt(p[0])}, ${fmt(p[1])})`,
  at: 'point',
  start: 'start',
  end: 'end',
};

/** One action in the UI-Venus text form, e.g. `Click(point=(12, 40))`. */
export function actionToText(a: Action): string {
  return spell(a, VENUS_SPELLING);
}

/** Several actions, one per line. */
export function actionsToText(actions: readonly Action[]): string {
  return actions.map(actionToText).join('\n');
}

/** Apply a point transform to every point of an action (used for coordinate-space conversion and compositing). */
export function mapActionPoints(a: Action, f: (p: [number, number]) => [number, number]): Action {
  switch (a.type) {
    case 'click':
    case 'long_press':
    case 'double_click':
    case 'scroll':
      return { ...a, point: f(a.point) };
    case 'drag':
      return { ...a, start: f(a.start), end: f(a.end) };
    default:
      return a;
  }
}

// ---- answer dialects ------------------------------------------------------------------------------

/** Answer syntaxes the exporter can write. */
export const DIALECTS = ['venus', 'uitars'] as const;
export type Dialect = (typeof DIALECTS)[number];

/** How one dialect writes an answer: each action, the separator between actions, and the reasoning. */
export interface DialectSyntax {
  /** One action as text. */
  action(a: Action): string;
  /** Text before the first action. */
  prefix: string;
  /** Between two actions. */
  separator: string;
  /** The reasoning block written before the answer (`--thinking`). */
  thinking(text: string): string;
}

/** The UI-TARS action space (see the module doc); a refusal is `call_user()`. */
const UITARS_SPELLING: ActionSpelling = {
  names: { click: 'click', long_press: 'long_press', double_click: 'left_double', type: 'type', drag: 'drag', scroll: 'scroll', refuse: 'call_user' },
  point: (p) => `'(${fmt(p[0])},${fmt(p[1])})'`,
  at: 'start_box',
  start: 'start_box',
  end: 'end_box',
};

/** One action in UI-TARS syntax, e.g. `click(start_box='(12,40)')`. */
export function actionToUitars(a: Action): string {
  return spell(a, UITARS_SPELLING);
}

/**
 * The dialects table, checked complete at compile time. uitars is written exactly as UI-TARS' parser reads
 * it (bytedance/UI-TARS `codes/ui_tars/action_parser.py` L193-196: it asserts `Action:` and splits actions
 * on `")\n\n"`): `Action: ` then the actions separated by a blank line; with reasoning, `Thought: …\n` first.
 */
export const DIALECT_SYNTAX = {
  venus: { action: actionToText, prefix: '', separator: '\n', thinking: (t) => `<think>\n${t}\n</think>\n` },
  uitars: { action: actionToUitars, prefix: 'Action: ', separator: '\n\n', thinking: (t) => `Thought: ${t}\n` },
} as const satisfies Record<Dialect, DialectSyntax>;

/** One action in `dialect` (e.g. the refusal: `Refuse()` / `call_user()`). */
export function actionInDialect(a: Action, dialect: Dialect): string {
  return DIALECT_SYNTAX[dialect].action(a);
}

/**
 * Actions (already in the model's coordinate convention) as answer text in `dialect`, with `thinking`
 * (reasoning, when non-empty) first.
 */
export function formatActions(actions: readonly Action[], dialect: Dialect, thinking?: string | null): string {
  const d: DialectSyntax = DIALECT_SYNTAX[dialect];
  const body = d.prefix + actions.map((a) => d.action(a)).join(d.separator);
  return thinking ? d.thinking(thinking) + body : body;
}

/** `--dialect` help from the table: each dialect with a click written in it. */
export function dialectsHelp(): string {
  return DIALECTS.map((d) => `${d} (${actionInDialect({ type: 'click', point: [12, 40] }, d)})`).join(' or ');
}
