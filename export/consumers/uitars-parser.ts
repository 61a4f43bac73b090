/**
 * UI-TARS' own answer parser, transcribed: bytedance/UI-TARS `codes/ui_tars/action_parser.py` (commit 582f3a7e)
 * `parse_action_to_structure_output` L146-276 with `parse_action` L31-72 (Python `ast` on one call with
 * constant keyword arguments) and `escape_single_quotes` L75-78. Behaviour kept on purpose, because it is
 * what a UI-TARS user runs on our answers:
 *
 * - `assert "Action:" in text` (L193): an answer without `Action:` raises;
 * - the actions are `text.split("Action: ")[-1].split(")\n\n")` (L194-196): a blank line separates actions, a
 *   single newline does not (two actions on consecutive lines become one; a `type(content=...)` among them
 *   swallows the rest, L198-217);
 * - `start_box`/`end_box` numbers are divided by the smart-resized height/width for `model_type="qwen25vl"`
 *   (L163-169, L246-257; smart_resize with factor 28, `min_pixels` 100*28*28, `max_pixels` 16384*28*28 unless
 *   given), otherwise by `factor` (1000 for UI-TARS-1.0, L259); a point becomes the box `[x, y, x, y]` (L261-265).
 *
 * The result is relative to the image (0..1 per axis), as the upstream returns it; multiply by the image size
 * as `parsing_response_to_pyautogui_code` does (box centre × width/height).
 */
import { smartResize } from '../../core/coords.js';

/** One parsed action as upstream returns it (`action_inputs` boxes as relative `[x1, y1, x2, y2]`). */
export interface UitarsAction {
  action_type: string;
  action_inputs: Record<string, string | number[]>;
  thought: string | null;
}

/** Upstream raised (assertion, ValueError or `Action can't parse`). */
export class UitarsParseError extends Error {
  override name = 'UitarsParseError';
}

export interface UitarsParseOptions {
  /** `factor` argument (1000 in UI-TARS' README usage). */
  factor?: number;
  /** `origin_resized_height` / `origin_resized_width`: the size of the image given to the model. */
  height: number;
  width: number;
  model_type?: 'qwen25vl' | 'qwen2vl';
  max_pixels?: number;
  min_pixels?: number;
}

/** Python string literal body (between the quotes) -> value; null when it is not a valid literal. */
function pyString(src: string, i: number): { value: string; end: number } | null {
  const q = src[i];
  if (q !== "'" && q !== '"') return null;
  let out = '';
  for (let k = i + 1; k < src.length; k++) {
    const c = src[k]!;
    if (c === '\\') {
      const n = src[++k];
      if (n === undefined) return null;
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n === 'r' ? '\r' : n === '\\' || n === "'" || n === '"' ? n : '\\' + n;
    } else if (c === q) return { value: out, end: k + 1 };
    else if (c === '\n') return null;
    else out += c;
  }
  return null;
}

/** `parse_action` (L31-72): `name(k='v', ...)` -> {function, args}; null where Python's ast.parse would fail. */
export function parseAction(s: string): { function: string; args: Record<string, string> } | null {
  const src = s.trim();
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\(/.exec(src);
  if (!m) return null;
  let i = m[0].length;
  const args: Record<string, string> = {};
  const ws = (): void => {
    while (i < src.length && /[ \t]/.test(src[i]!)) i++;
  };
  ws();
  while (src[i] !== ')') {
    const k = /^([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*/.exec(src.slice(i));
    if (!k) return null;
    i += k[0].length;
    const v = pyString(src, i);
    if (!v) return null;
    args[k[1]!] = v.value;
    i = v.end;
    ws();
    if (src[i] === ',') {
      i++;
      ws();
    } else if (src[i] !== ')') return null;
  }
  if (i !== src.length - 1) return null;
  return { function: m[1]!, args };
}

/** `escape_single_quotes` (L75-78): escape every `'` not preceded by a backslash. */
const escapeSingleQuotes = (t: string): string => t.replace(/(?<!\\)'/g, "\\'");

/**
 * `parse_action_to_structure_output` (L146-276) on one answer.
 * @throws UitarsParseError where upstream raises.
 */
export function parseUitars(text0: string, o: UitarsParseOptions): UitarsAction[] {
  let text = text0.trim();
  if (text.includes('start_point=')) text = text.split('start_point=').join('start_box=');
  if (text.includes('end_point=')) text = text.split('end_point=').join('end_box=');
  if (text.includes('point=')) text = text.split('point=').join('start_box=');
  const modelType = o.model_type ?? 'qwen25vl';
  const factor = o.factor ?? 1000;
  let rh = 0;
  let rw = 0;
  if (modelType === 'qwen25vl')
    [rh, rw] = smartResize(o.height, o.width, { factor: 28, min_pixels: o.min_pixels ?? 100 * 28 * 28, max_pixels: o.max_pixels ?? 16384 * 28 * 28 });
  const tm = /Thought: ([\s\S]+?)(?=\s*Action: |$)/.exec(text);
  const thought = tm ? tm[1]!.trim() : null;
  if (!text.includes('Action:')) throw new UitarsParseError('AssertionError: "Action:" not in text');
  const parts = text.split('Action: ');
  const actionStr = parts[parts.length - 1]!;
  const all: string[] = [];
  for (let a of actionStr.split(')\n\n')) {
    if (a.includes('type(content')) {
      if (!a.trim().endsWith(')')) a = a.trim() + ')';
      const re = /type\(content='(.*?)'\)/;
      if (!re.test(a)) throw new UitarsParseError('ValueError: Pattern not found in the input string.');
      const content = a.replace(new RegExp(re.source, 'g'), (_, c: string) => c);
      a = "type(content='" + escapeSingleQuotes(content) + "')";
    }
    if (!a.trim().endsWith(')')) a = a.trim() + ')';
    all.push(a);
  }
  const out: UitarsAction[] = [];
  for (const raw of all) {
    const p = parseAction(raw.split('\n').join('\\n').replace(/^\s+/, ''));
    if (!p) throw new UitarsParseError(`ValueError: Action can't parse: ${raw}`);
    const inputs: Record<string, string | number[]> = {};
    for (const [name, param0] of Object.entries(p.args)) {
      if (param0 === '') continue;
      const param = param0.replace(/^\s+/, '');
      inputs[name.trim()] = param;
      if (name.includes('start_box') || name.includes('end_box')) {
        const nums = param.replace(/\(/g, '').replace(/\)/g, '').split(',').map((n) => {
          const v = Number(n.trim());
          if (n.trim() === '' || !Number.isFinite(v)) throw new UitarsParseError(`ValueError: could not convert string to float: '${n}'`);
          return v;
        });
        let f = modelType === 'qwen25vl' ? nums.map((v, i) => ((i + 1) % 2 === 0 ? v / rh : v / rw)) : nums.map((v) => v / factor);
        if (f.length === 2) f = [f[0]!, f[1]!, f[0]!, f[1]!];
        inputs[name.trim()] = f;
      }
    }
    out.push({ action_type: p.function, action_inputs: inputs, thought });
  }
  return out;
}
