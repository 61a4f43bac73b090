/**
 * Wrong answers derived from a CAPTCHA record's gold answer, each of which the strict scorer
 * (score/scorer.ts) must reject: `uisynth verify` reports the perturbation rejection rate. A gold answer
 * that scores 1 together with a perturbation that also scores 1 means the verifier is too lenient.
 */
import type { Action } from '../core/actions.js';
import { pointInBox, type Box, type Point } from '../core/geometry.js';
import type { CaptchaRecord } from '../core/schema.js';

/** A named wrong answer (image px). */
export interface Perturbation {
  name: string;
  actions: Action[];
}

/** Every box the verifier accepts a point in. */
function verifierBoxes(r: CaptchaRecord): Box[] {
  const v = r.verifier;
  const b =
    v.kind === 'click' ? [...v.boxes, ...(v.submit_box ? [v.submit_box] : [])]
    : v.kind === 'text_entry' ? [v.input_box]
    : v.kind === 'drag' || v.kind === 'drag_y' ? [v.handle_box]
    : v.kind === 'drags' ? v.items.flatMap((it) => [it.handle_box, it.target_box])
    : v.boxes;
  return b as Box[];
}

/** A point of the image outside every verifier box (corners first, then a coarse grid), or null. */
export function pointOutside(r: CaptchaRecord): Point | null {
  const boxes = verifierBoxes(r);
  const { width: w, height: h } = r.image;
  const cands: Point[] = [[1, 1], [w - 2, 1], [1, h - 2], [w - 2, h - 2]];
  for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) cands.push([Math.floor(((x + 0.5) * w) / 16), Math.floor(((y + 0.5) * h) / 16)]);
  return cands.find((p) => !boxes.some((b) => pointInBox(p, b))) ?? null;
}

/**
 * The perturbations of a gold answer:
 * - `drop_last`: the last action removed (every verifier needs an exact number of actions);
 * - `extra_action`: the last action repeated once more;
 * - `miss`: the first pointed action moved to a point outside every verifier box (drags: the start);
 * - `swap_order`: the first two clicks swapped, for ordered click sequences whose first two boxes do not
 *   each contain the other's click;
 * - `wrong_text`: the typed answer with one character appended (when that is not also a valid answer);
 * - `overshoot`: a drag's displacement beyond the tolerance (`(1 + 2·rel_tolerance)·expected`);
 * - `off_axis`: a drag drifting 3 px more than allowed across its track.
 */
export function perturbations(r: CaptchaRecord): Perturbation[] {
  const gold = r.solution.actions;
  const out: Perturbation[] = [];
  out.push({ name: 'drop_last', actions: gold.slice(0, -1) });
  out.push({ name: 'extra_action', actions: [...gold, gold[gold.length - 1]!] });
  const outside = pointOutside(r);
  const first = gold.findIndex((a) => 'point' in a || a.type === 'drag');
  if (outside && first >= 0) {
    const a = gold[first]!;
    const moved: Action = a.type === 'drag' ? { ...a, start: outside } : 'point' in a ? { ...a, point: outside } : a;
    out.push({ name: 'miss', actions: gold.map((x, i) => (i === first ? moved : x)) });
  }
  const v = r.verifier;
  if (v.kind === 'click' && v.mode === 'sequence' && v.boxes.length >= 2) {
    const [a, b] = gold as Array<Action & { point: Point }>;
    if (a && b && 'point' in a && 'point' in b && !(pointInBox(b.point, v.boxes[0] as Box) && pointInBox(a.point, v.boxes[1] as Box)))
      out.push({ name: 'swap_order', actions: [b, a, ...gold.slice(2)] });
  }
  if (v.kind === 'text_entry') {
    const t = gold.find((x) => x.type === 'type') as { type: 'type'; text: string } | undefined;
    const wrong = (t?.text ?? '') + (/\d$/.test(t?.text ?? '') ? '7' : 'q');
    const norm = (s: string): string => (v.case_sensitive ? s.trim() : s.trim().toLowerCase());
    if (t && !v.valid_answers.some((x) => norm(x) === norm(wrong))) out.push({ name: 'wrong_text', actions: gold.map((x) => (x === t ? { type: 'type', text: wrong } : x)) });
  }
  if ((v.kind === 'drag' || v.kind === 'drag_y') && gold[0]?.type === 'drag') {
    const d = gold[0];
    const ax: 0 | 1 = v.kind === 'drag' ? 0 : 1;
    const cross: 0 | 1 = ax === 0 ? 1 : 0;
    const exp = v.kind === 'drag' ? v.expected_dx : v.expected_dy;
    const end: [number, number] = [d.end[0], d.end[1]];
    end[ax] = d.start[ax] + exp * (1 + 2 * v.rel_tolerance) + Math.sign(exp) * 2;
    out.push({ name: 'overshoot', actions: [{ ...d, end }] });
    const off: [number, number] = [d.end[0], d.end[1]];
    const lim = v.kind === 'drag' ? v.max_dy : v.max_dx;
    off[cross] = d.start[cross] + lim + 3;
    out.push({ name: 'off_axis', actions: [{ ...d, end: off }] });
  }
  return out;
}
