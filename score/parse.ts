/**
 * Parse a model's raw answer text into {@link Action}s.
 *
 * Dialect: the UI-Venus-2 text form (DESIGN.md "Actions"): `Click(point=(x, y))`, `LongPress(point=(x, y))`,
 * `DoubleClick(point=(x, y))`, `Type(content='...')`, `Drag(start=(x1, y1), end=(x2, y2))`,
 * `Scroll(point=(x, y), direction='down')`, and a refusal, written `Refuse()` or the sentinel
 * `[-1,-1,-1,-1]` (refusal-aware ScreenSpot-Pro / OSWorld-G evaluators). Action names are case-insensitive;
 * points may be written `(x, y)` or `[x, y]`; text before and between actions (e.g. `Thought: ...`,
 * `Action:`) is ignored. Several actions per answer are allowed, in order.
 *
 * Coordinates are returned as written (whatever space the caller's model used); map them with
 * `pointFromSpace` before scoring.
 */
import type { Action } from '../core/actions.js';

/** The answer could not be parsed: the scorer treats this as a wrong answer. */
export class ParseError extends Error {
  override name = 'ParseError';
}

const NAMES: Record<string, Action['type']> = {
  click: 'click',
  tap: 'click',
  longpress: 'long_press',
  long_press: 'long_press',
  doubleclick: 'double_click',
  double_click: 'double_click',
  type: 'type',
  drag: 'drag',
  scroll: 'scroll',
  refuse: 'refuse',
};

const CALL_RE = /\b(click|tap|long_?press|double_?click|type|drag|scroll|refuse)\s*\(/gi;
const NUM = String.raw`-?\d+(?:\.\d+)?(?:e-?\d+)?`;
const PT_RE = new RegExp(String.raw`[(\[]\s*(${NUM})\s*,\s*(${NUM})\s*[)\]]`, 'g');

/** Index of the parenthesis closing the one at `open`, skipping quoted strings. -1 when unbalanced. */
function closingParen(s: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function unescape(body: string): string {
  return body.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

function points(args: string): Array<[number, number]> {
  return [...args.matchAll(PT_RE)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]);
}

function namedPoint(args: string, key: string): [number, number] | null {
  const m = new RegExp(String.raw`\b${key}\s*=\s*[(\[]\s*(${NUM})\s*,\s*(${NUM})\s*[)\]]`).exec(args);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function parseCall(type: Action['type'], args: string, raw: string): Action {
  switch (type) {
    case 'click':
    case 'long_press':
    case 'double_click': {
      const p = namedPoint(args, 'point') ?? namedPoint(args, 'start_box') ?? points(args)[0];
      if (!p) throw new ParseError(`no point in ${raw}`);
      return { type, point: p };
    }
    case 'type': {
      const m = /^\s*(?:content\s*=\s*)?(['"])((?:\\.|(?!\1).)*)\1\s*$/s.exec(args);
      if (!m) throw new ParseError(`no quoted content in ${raw}`);
      return { type: 'type', text: unescape(m[2]!) };
    }
    case 'drag': {
      const ps = points(args);
      const start = namedPoint(args, 'start') ?? ps[0];
      const end = namedPoint(args, 'end') ?? ps[1];
      if (!start || !end) throw new ParseError(`drag needs start and end in ${raw}`);
      return { type: 'drag', start, end };
    }
    case 'scroll': {
      const p = namedPoint(args, 'point') ?? points(args)[0];
      const d = /direction\s*=\s*['"]?(up|down|left|right)/i.exec(args);
      if (!p || !d) throw new ParseError(`scroll needs point and direction in ${raw}`);
      return { type: 'scroll', point: p, direction: d[1]!.toLowerCase() as 'up' | 'down' | 'left' | 'right' };
    }
    case 'refuse':
      return { type: 'refuse' };
  }
}

const REFUSAL_SENTINEL = /\[\s*-1\s*,\s*-1\s*,\s*-1\s*,\s*-1\s*\]/;

/**
 * Parse every action in `text`, in order.
 * @throws ParseError when an action call is malformed, or when the text holds no action at all.
 */
export function parseActions(text: string): Action[] {
  const out: Action[] = [];
  CALL_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CALL_RE.exec(text))) {
    const open = m.index + m[0].length - 1;
    const close = closingParen(text, open);
    if (close < 0) throw new ParseError(`unbalanced parentheses after ${m[1]}`);
    const type = NAMES[m[1]!.toLowerCase()]!;
    out.push(parseCall(type, text.slice(open + 1, close), text.slice(m.index, close + 1)));
    CALL_RE.lastIndex = close + 1;
  }
  if (out.length === 0 && REFUSAL_SENTINEL.test(text)) return [{ type: 'refuse' }];
  if (out.length === 0) throw new ParseError('no action found');
  return out;
}
