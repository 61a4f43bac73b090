/**
 * The action language (UI-Venus-2 action space, DESIGN.md "Actions").
 *
 * Structured form (records, scorer): `{type: "click", point}`, `{type: "long_press", point}`,
 * `{type: "double_click", point}`, `{type: "type", text}`, `{type: "drag", start, end}`,
 * `{type: "scroll", point, direction}`, and `{type: "refuse"}` for "no such element" answers.
 * Points are image px unless a coordinate space says otherwise.
 *
 * Text form for SFT: `Click(point=(x, y))`, `LongPress(point=(x, y))`, `DoubleClick(point=(x, y))`,
 * `Type(content='...')`, `Drag(start=(x1, y1), end=(x2, y2))`, `Scroll(point=(x, y), direction='down')`,
 * `Refuse()`; several actions are joined by newlines.
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

const fmt = (v: number): string => (Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6));
const pt = (p: readonly [number, number]): string => `(${fmt(p[0])}, ${fmt(p[1])})`;

/** One action in the UI-Venus text form, e.g. `Click(point=(12, 40))`. */
export function actionToText(a: Action): string {
  switch (a.type) {
    case 'click':
      return `Click(point=${pt(a.point)})`;
    case 'long_press':
      return `LongPress(point=${pt(a.point)})`;
    case 'double_click':
      return `DoubleClick(point=${pt(a.point)})`;
    case 'type':
      return `Type(content='${escapeContent(a.text)}')`;
    case 'drag':
      return `Drag(start=${pt(a.start)}, end=${pt(a.end)})`;
    case 'scroll':
      return `Scroll(point=${pt(a.point)}, direction='${a.direction}')`;
    case 'refuse':
      return 'Refuse()';
  }
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
