/**
 * THE answer parser: a model's raw completion in any dialect the exporter writes (core/actions.ts
 * `DIALECT_SYNTAX`: UI-Venus text form, UI-TARS) plus JSON / tool-call actions, read into {@link Action}s.
 * The scorer, the RL reward and `uisynth score` all read answers through {@link parseCompletion}.
 *
 * The grammar below is mirrored line by line in reward/uisynth_reward.py (`parse_completion`); both must agree
 * on every golden case (reward/golden_cases.jsonl). Regexes use only ASCII classes and an explicit whitespace
 * class equal to JavaScript's `\s`, so Python's `re` gives the same matches.
 *
 * 1. Drop `<think>…</think>` blocks (an unclosed `<think>` runs to the end), the tokens
 *    `<|box_start|>`, `<|box_end|>`, `<answer>`, `</answer>`, and code fences (three backticks plus an
 *    optional language word); rewrite `<point>x y</point>` (space or comma) to `(x,y)`.
 * 2. If `<tool_call>` occurs: every `<tool_call>BODY</tool_call>` BODY must be one JSON object action
 *    (Qwen `{"name": ..., "arguments": {...}}` wrappers are unwrapped).
 * 3. Else if the trimmed text starts with `{` or `[` and is JSON holding an object or a non-empty array
 *    of objects: those are the actions.
 * 4. Else function-call syntax: text after the first `Action:` (if any); every
 *    `name(args)` call with a known name, in order, case-insensitive (quoted strings may hold parentheses).
 *    Points are `(x, y)` or `[x, y]`, optionally quoted; a 4-number `start_box`/`end_box` means its centre.
 *    Unsupported UI-TARS actions (`hotkey`, `wait`, `finished`, `right_single`, `open_app`, `press_home`,
 *    `press_back`) make the answer unparseable (strict: extra actions fail).
 * 5. No call found: the refusal sentinel `[-1,-1,-1,-1]` (refusal-aware ScreenSpot-Pro / OSWorld-G
 *    evaluators) is a refusal; for grounding, a bare `(x, y)` / `[x, y]` answer is one click. Otherwise the
 *    answer is unparseable ({@link ParseError}).
 *
 * JSON action objects: `action` (or `type`) in `click|left_click|tap`, `long_press`,
 * `double_click|left_double|double_tap`, `type` (`text` or `content`), `drag|left_click_drag`
 * (`start_coordinate|start|coordinate` and `end_coordinate|end|coordinate2`), `scroll` (+`direction`),
 * `refuse|call_user`; points from `coordinate|point|position`, each `[x, y]` of finite JSON numbers.
 *
 * Coordinates are returned as written; decode them with core/coords.ts `pointFromConvention`.
 */
import type { Action } from '../core/actions.js';

/** The answer could not be parsed: the scorer treats this as a wrong answer. */
export class ParseError extends Error {
  override name = 'ParseError';
}

/** JavaScript's `\s` written out, so the same class means the same in Python `re`. */
const WS = String.raw`[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]`;
const WS_CHARS = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const NUM = String.raw`-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?`;

/** Trim exactly the characters of {@link WS} (JavaScript `String.prototype.trim`). */
export function trimWs(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && WS_CHARS.includes(s[a]!)) a++;
  while (b > a && WS_CHARS.includes(s[b - 1]!)) b--;
  return s.slice(a, b);
}

const THINK_RE = /<think>[\s\S]*?(?:<\/think>|$)/g;
const POINT_TAG_RE = new RegExp(String.raw`<point>${WS}*(${NUM})(?:${WS}*,${WS}*|${WS}+)(${NUM})${WS}*</point>`, 'g');
const FENCE_RE = /```[A-Za-z]*/g;
const TOOL_CALL_RE = /<tool_call>([\s\S]*?)<\/tool_call>/g;
const CALL_RE = new RegExp(
  String.raw`\b(left_double|left_single|double_click|doubleclick|double_tap|long_press|longpress|call_user|right_single|press_home|press_back|open_app|hotkey|finished|refuse|scroll|click|type|drag|wait|tap)${WS}*\(`,
  'gi',
);
const PT_RE = new RegExp(String.raw`[(\[]${WS}*(${NUM})${WS}*,${WS}*(${NUM})${WS}*[)\]]`, 'g');
const TYPE_RE = new RegExp(String.raw`^${WS}*(?:content${WS}*=${WS}*)?(['"])((?:\\[\s\S]|(?!\1)[\s\S])*)\1${WS}*$`);
const DIR_RE = new RegExp(String.raw`direction${WS}*=${WS}*['"]?(up|down|left|right)`, 'i');
const SENTINEL_RE = new RegExp(String.raw`\[${WS}*-1${WS}*,${WS}*-1${WS}*,${WS}*-1${WS}*,${WS}*-1${WS}*\]`);
const BARE_RE = new RegExp(String.raw`^${WS}*[(\[]${WS}*(${NUM})${WS}*,${WS}*(${NUM})${WS}*[)\]]${WS}*$`);

type Kind = Action['type'] | 'unsupported';
const CALL_KIND: Record<string, Kind> = {
  click: 'click',
  tap: 'click',
  left_single: 'click',
  long_press: 'long_press',
  longpress: 'long_press',
  double_click: 'double_click',
  doubleclick: 'double_click',
  double_tap: 'double_click',
  left_double: 'double_click',
  type: 'type',
  drag: 'drag',
  scroll: 'scroll',
  refuse: 'refuse',
  call_user: 'refuse',
  right_single: 'unsupported',
  press_home: 'unsupported',
  press_back: 'unsupported',
  open_app: 'unsupported',
  hotkey: 'unsupported',
  finished: 'unsupported',
  wait: 'unsupported',
};

type Pt = [number, number];

/** Index of the parenthesis closing the one at `open`, skipping quoted strings (backslash escapes). -1 when unbalanced. */
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

function unescapeContent(body: string): string {
  return body.replace(/\\([\s\S])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

function allPoints(args: string): Pt[] {
  return [...args.matchAll(PT_RE)].map((m) => [Number(m[1]), Number(m[2])] as Pt);
}

function namedPoint(args: string, key: string): Pt | null {
  const re = new RegExp(
    String.raw`\b${key}${WS}*=${WS}*['"]?${WS}*[(\[]${WS}*(${NUM})${WS}*,${WS}*(${NUM})${WS}*(?:,${WS}*(${NUM})${WS}*,${WS}*(${NUM})${WS}*)?[)\]]`,
  );
  const m = re.exec(args);
  if (!m) return null;
  if (m[3] !== undefined) return [(Number(m[1]) + Number(m[3])) / 2, (Number(m[2]) + Number(m[4])) / 2];
  return [Number(m[1]), Number(m[2])];
}

function parseCall(kind: Kind, name: string, args: string): Action {
  switch (kind) {
    case 'unsupported':
      throw new ParseError(`unsupported action ${name}()`);
    case 'click':
    case 'long_press':
    case 'double_click': {
      const p = namedPoint(args, 'point') ?? namedPoint(args, 'start_box') ?? allPoints(args)[0];
      if (!p) throw new ParseError(`no point in ${name}()`);
      return { type: kind, point: p };
    }
    case 'type': {
      const m = TYPE_RE.exec(args);
      if (!m) throw new ParseError(`no quoted content in ${name}()`);
      return { type: 'type', text: unescapeContent(m[2]!) };
    }
    case 'drag': {
      const ps = allPoints(args);
      const start = namedPoint(args, 'start') ?? namedPoint(args, 'start_box') ?? ps[0];
      const end = namedPoint(args, 'end') ?? namedPoint(args, 'end_box') ?? ps[1];
      if (!start || !end) throw new ParseError(`${name}() needs a start and an end point`);
      return { type: 'drag', start, end };
    }
    case 'scroll': {
      const p = namedPoint(args, 'point') ?? namedPoint(args, 'start_box') ?? allPoints(args)[0];
      const d = DIR_RE.exec(args);
      if (!p || !d) throw new ParseError(`${name}() needs a point and a direction`);
      return { type: 'scroll', point: p, direction: d[1]!.toLowerCase() as 'up' | 'down' | 'left' | 'right' };
    }
    case 'refuse':
      return { type: 'refuse' };
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonPoint(o: Record<string, unknown>, keys: readonly string[]): Pt | null {
  for (const k of keys) {
    const v = o[k];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n))) return [v[0] as number, v[1] as number];
    throw new ParseError(`"${k}" must be [x, y]`);
  }
  return null;
}

const COORD_KEYS = ['coordinate', 'point', 'position'] as const;

/** One JSON action object (see the module doc) to an Action. */
function jsonAction(raw: Record<string, unknown>): Action {
  const o = isObj(raw.arguments) && typeof raw.name === 'string' ? raw.arguments : raw;
  const t = typeof o.action === 'string' ? o.action : typeof o.type === 'string' ? o.type : null;
  if (t === null) throw new ParseError('JSON action without "action"');
  const need = (p: Pt | null): Pt => {
    if (!p) throw new ParseError(`JSON ${t} action without a coordinate`);
    return p;
  };
  switch (t.toLowerCase()) {
    case 'click':
    case 'left_click':
    case 'tap':
      return { type: 'click', point: need(jsonPoint(o, COORD_KEYS)) };
    case 'long_press':
      return { type: 'long_press', point: need(jsonPoint(o, COORD_KEYS)) };
    case 'double_click':
    case 'left_double':
    case 'double_tap':
      return { type: 'double_click', point: need(jsonPoint(o, COORD_KEYS)) };
    case 'type': {
      const text = o.text ?? o.content;
      if (typeof text !== 'string') throw new ParseError('JSON type action without "text"');
      return { type: 'type', text };
    }
    case 'drag':
    case 'left_click_drag':
      return {
        type: 'drag',
        start: need(jsonPoint(o, ['start_coordinate', 'start', 'coordinate'])),
        end: need(jsonPoint(o, ['end_coordinate', 'end', 'coordinate2'])),
      };
    case 'scroll': {
      const d = typeof o.direction === 'string' ? o.direction.toLowerCase() : '';
      if (d !== 'up' && d !== 'down' && d !== 'left' && d !== 'right') throw new ParseError('JSON scroll needs direction up|down|left|right');
      return { type: 'scroll', point: need(jsonPoint(o, COORD_KEYS)), direction: d };
    }
    case 'refuse':
    case 'call_user':
      return { type: 'refuse' };
    default:
      throw new ParseError(`unsupported JSON action ${t}`);
  }
}

/** Options for {@link parseCompletion}. */
export interface ParseOptions {
  /** Grounding answers: a bare `(x, y)` means one click. */
  grounding?: boolean;
}

/**
 * Parse a model's raw completion in any supported dialect into actions (coordinates as written).
 * @throws ParseError when the text holds no action, a malformed one, or an unsupported one.
 */
export function parseCompletion(text: string, opts: ParseOptions = {}): Action[] {
  let s = text.replace(THINK_RE, '');
  for (const tok of ['<|box_start|>', '<|box_end|>', '<answer>', '</answer>']) s = s.split(tok).join('');
  s = s.replace(POINT_TAG_RE, '($1,$2)').replace(FENCE_RE, '');

  if (s.includes('<tool_call>')) {
    const bodies = [...s.matchAll(TOOL_CALL_RE)].map((m) => m[1]!);
    if (bodies.length === 0) throw new ParseError('unclosed <tool_call>');
    return bodies.map((b) => {
      let v: unknown;
      try {
        v = JSON.parse(trimWs(b));
      } catch {
        throw new ParseError('<tool_call> body is not JSON');
      }
      if (!isObj(v)) throw new ParseError('<tool_call> body is not a JSON object');
      return jsonAction(v);
    });
  }

  const t = trimWs(s);
  if (t.startsWith('{') || t.startsWith('[')) {
    let v: unknown = undefined;
    try {
      v = JSON.parse(t);
    } catch {
      v = undefined;
    }
    if (isObj(v)) return [jsonAction(v)];
    if (Array.isArray(v) && v.length > 0 && v.every(isObj)) return v.map((o) => jsonAction(o as Record<string, unknown>));
  }

  let c = s;
  const at = c.indexOf('Action:');
  if (at >= 0) c = c.slice(at + 'Action:'.length);
  const out: Action[] = [];
  const re = new RegExp(CALL_RE.source, CALL_RE.flags);
  let m: RegExpExecArray | null;
  while ((m = re.exec(c))) {
    const open = m.index + m[0].length - 1;
    const close = closingParen(c, open);
    if (close < 0) throw new ParseError(`unbalanced parentheses after ${m[1]}`);
    const name = m[1]!.toLowerCase();
    out.push(parseCall(CALL_KIND[name]!, name, c.slice(open + 1, close)));
    re.lastIndex = close + 1;
  }
  if (out.length) return out;
  if (SENTINEL_RE.test(c)) return [{ type: 'refuse' }];
  if (opts.grounding) {
    const b = BARE_RE.exec(c);
    if (b) return [{ type: 'click', point: [Number(b[1]), Number(b[2])] }];
  }
  throw new ParseError('no action found');
}
