/**
 * The strict scorer (VenusBench-CAPTCHA rules, spelled out per verifier kind at {@link scoreVerifier};
 * grounding: a click inside the target box, a refusal for an infeasible query). The same functions are the
 * RL reward (score/reward.ts): 1 for a fully correct answer, 0 otherwise, with a one-line reason.
 *
 * All points passed in are **image px** of the record's image; map model outputs first with
 * {@link actionsFromSpace} or score/reward.ts `actionsFromConvention`.
 */
import type { Action } from '../core/actions.js';
import { mapActionPoints } from '../core/actions.js';
import { pointInBox, pointFromSpace, type Box, type CoordSpace, type Point, type Size } from '../core/geometry.js';
import type { CaptchaRecord, GroundingRecord, Verifier } from '../core/schema.js';

/** Score and why. `reason` is `ok` for score 1. */
export interface ScoreResult {
  score: 0 | 1;
  reason: string;
}

const ok: ScoreResult = { score: 1, reason: 'ok' };
const fail = (reason: string): ScoreResult => ({ score: 0, reason });

/** Map every point of the actions from a coordinate space to image px (see core/geometry `pointFromSpace`). */
export function actionsFromSpace(actions: readonly Action[], space: CoordSpace, size: Size): Action[] {
  return actions.map((a) => mapActionPoints(a, (p) => pointFromSpace(p, space, size) as [number, number]));
}

/** Can each point be assigned to a distinct box (each box used once)? Small bipartite matching by backtracking. */
function distinctAssignment(pts: readonly Point[], boxes: readonly Box[]): boolean {
  const used = new Array<boolean>(boxes.length).fill(false);
  const go = (i: number): boolean => {
    if (i === pts.length) return true;
    for (let j = 0; j < boxes.length; j++) {
      if (!used[j] && pointInBox(pts[i]!, boxes[j]!)) {
        used[j] = true;
        if (go(i + 1)) return true;
        used[j] = false;
      }
    }
    return false;
  };
  return go(0);
}

/** Open-side bit of a unit move ([dcol, drow]) in a `presses` maze: 1 up, 2 right, 4 down, 8 left; 0 for other moves. */
function sideBit(m: readonly [number, number]): number {
  if (m[0] === 0 && m[1] === -1) return 1;
  if (m[0] === 1 && m[1] === 0) return 2;
  if (m[0] === 0 && m[1] === 1) return 4;
  if (m[0] === -1 && m[1] === 0) return 8;
  return 0;
}

/**
 * Replay button presses of a `presses` verifier (indices into `boxes` / `moves`) from `start`; returns
 * the end cell [col, row]. A move leaving the grid is ignored (`clamp`) or wraps (`wrap`); with `open`,
 * a unit move through a closed side of the current cell is ignored.
 */
export function replayPresses(v: Extract<Verifier, { kind: 'presses' }>, pressed: readonly number[]): [number, number] {
  const [cols, rows] = v.grid;
  let [c, r] = v.start;
  for (const b of pressed) {
    const m = v.moves[b]!;
    if (v.open) {
      const bit = sideBit(m);
      if (bit && !((v.open[r * cols + c] ?? 0) & bit)) continue;
    }
    let nc = c + m[0];
    let nr = r + m[1];
    if (v.edge === 'wrap') {
      nc = ((nc % cols) + cols) % cols;
      nr = ((nr % rows) + rows) % rows;
    } else if (nc < 0 || nc >= cols || nr < 0 || nr >= rows) continue;
    c = nc;
    r = nr;
  }
  return [c, r];
}

/**
 * Score actions against a CAPTCHA verifier.
 *
 * - `click`: every action must be `verifier.action`; `sequence` needs exactly k clicks with the i-th in
 *   box i; `set` exactly k clicks in k distinct boxes, any order; `any` exactly one click in any box; with
 *   `submit_box` one more click inside it must come last.
 * - `text_entry`: exactly a click inside the input box followed by one Type whose trimmed text equals an
 *   answer in `valid_answers` (case-insensitive unless `case_sensitive`).
 * - `drag`: exactly one drag; start inside the handle box; signed dx has the expected direction and
 *   `|dx - expected_dx| <= rel_tolerance * |expected_dx|`; `|end.y - start.y| <= max_dy` (VenusBench-CAPTCHA drag rule).
 * - `pair`: exactly two clicks that fall in the two boxes of any valid pair, either order (Bingo rule).
 * - `presses`: only clicks; the last one inside `submit_box`, every earlier one inside a button box; the
 *   presses are replayed from `start` ({@link replayPresses}) and must end on a cell of `goals`. Any
 *   sequence a human would call right counts (an overshoot and back, a detour in a maze), not only the
 *   shortest.
 * - `drag_y`: the `drag` rule with the axes swapped (vertical tracks): exactly one drag starting inside
 *   the handle box, signed dy in the expected direction with `|dy - expected_dy| <= rel_tolerance *
 *   |expected_dy|`, and `|end.x - start.x| <= max_dx`.
 * - `drags`: exactly `count` actions, all drags; each drag matches a distinct item (start inside its
 *   `handle_box`, end inside its `target_box`); with `ordered` the i-th drag must match item i.
 */
export function scoreVerifier(v: Verifier, actions: readonly Action[]): ScoreResult {
  switch (v.kind) {
    case 'click': {
      const k = v.mode === 'any' ? 1 : v.boxes.length;
      const want = k + (v.submit_box ? 1 : 0);
      if (actions.length !== want) return fail(`expected ${want} ${v.action} actions, got ${actions.length}`);
      const pts: Point[] = [];
      for (const a of actions) {
        if (a.type !== v.action) return fail(`expected only ${v.action}, got ${a.type}`);
        pts.push(a.point);
      }
      const body = pts.slice(0, k);
      if (v.submit_box && !pointInBox(pts[k]!, v.submit_box)) return fail('last click is not on the submit button');
      if (v.mode === 'sequence') {
        for (let i = 0; i < k; i++) if (!pointInBox(body[i]!, v.boxes[i]!)) return fail(`click ${i + 1} is not in target ${i + 1}`);
        return ok;
      }
      if (v.mode === 'any') return v.boxes.some((b) => pointInBox(body[0]!, b)) ? ok : fail('click is not in any target');
      return distinctAssignment(body, v.boxes) ? ok : fail('clicks do not hit every target exactly once');
    }
    case 'text_entry': {
      if (actions.length !== 2) return fail(`expected click + type, got ${actions.length} actions`);
      const [c, t] = actions;
      if (c!.type !== 'click') return fail('first action must be a click in the input box');
      if (!pointInBox(c!.point, v.input_box)) return fail('click is not in the input box');
      if (t!.type !== 'type') return fail('second action must be Type');
      const norm = (s: string): string => (v.case_sensitive ? s.trim() : s.trim().toLowerCase());
      return v.valid_answers.some((ans) => norm(ans) === norm(t!.text)) ? ok : fail('typed text is not the answer');
    }
    case 'drag': {
      if (actions.length !== 1) return fail(`expected exactly one drag, got ${actions.length} actions`);
      const d = actions[0]!;
      if (d.type !== 'drag') return fail(`expected drag, got ${d.type}`);
      if (!pointInBox(d.start, v.handle_box)) return fail('drag does not start on the handle');
      const dx = d.end[0] - d.start[0];
      if (Math.sign(dx) !== Math.sign(v.expected_dx)) return fail('drag goes the wrong way');
      if (Math.abs(dx - v.expected_dx) > v.rel_tolerance * Math.abs(v.expected_dx))
        return fail(`drag distance ${dx.toFixed(1)} outside ${v.expected_dx.toFixed(1)} ± ${(v.rel_tolerance * 100).toFixed(0)}%`);
      if (Math.abs(d.end[1] - d.start[1]) > v.max_dy) return fail(`drag drifts more than ${v.max_dy}px vertically`);
      return ok;
    }
    case 'drag_y': {
      if (actions.length !== 1) return fail(`expected exactly one drag, got ${actions.length} actions`);
      const d = actions[0]!;
      if (d.type !== 'drag') return fail(`expected drag, got ${d.type}`);
      if (!pointInBox(d.start, v.handle_box)) return fail('drag does not start on the handle');
      const dy = d.end[1] - d.start[1];
      if (Math.sign(dy) !== Math.sign(v.expected_dy)) return fail('drag goes the wrong way');
      if (Math.abs(dy - v.expected_dy) > v.rel_tolerance * Math.abs(v.expected_dy))
        return fail(`drag distance ${dy.toFixed(1)} outside ${v.expected_dy.toFixed(1)} ± ${(v.rel_tolerance * 100).toFixed(0)}%`);
      if (Math.abs(d.end[0] - d.start[0]) > v.max_dx) return fail(`drag drifts more than ${v.max_dx}px horizontally`);
      return ok;
    }
    case 'drags': {
      if (actions.length !== v.count) return fail(`expected exactly ${v.count} drags, got ${actions.length} actions`);
      const drags: Array<{ start: Point; end: Point }> = [];
      for (const a of actions) {
        if (a.type !== 'drag') return fail(`expected only drags, got ${a.type}`);
        drags.push(a);
      }
      const fits = (d: { start: Point; end: Point }, j: number): boolean =>
        pointInBox(d.start, v.items[j]!.handle_box) && pointInBox(d.end, v.items[j]!.target_box);
      if (v.ordered) {
        for (let i = 0; i < drags.length; i++) if (!v.items[i] || !fits(drags[i]!, i)) return fail(`drag ${i + 1} does not move item ${i + 1} onto its target`);
        return ok;
      }
      const used = new Array<boolean>(v.items.length).fill(false);
      const go = (i: number): boolean => {
        if (i === drags.length) return true;
        for (let j = 0; j < v.items.length; j++) {
          if (!used[j] && fits(drags[i]!, j)) {
            used[j] = true;
            if (go(i + 1)) return true;
            used[j] = false;
          }
        }
        return false;
      };
      return go(0) ? ok : fail('drags do not move every item onto its target');
    }
    case 'presses': {
      if (actions.length === 0) return fail('expected button presses then Submit, got no actions');
      const pressed: number[] = [];
      for (let i = 0; i < actions.length; i++) {
        const a = actions[i]!;
        if (a.type !== 'click') return fail(`expected only click, got ${a.type}`);
        const last = i === actions.length - 1;
        if (pointInBox(a.point, v.submit_box)) {
          if (!last) return fail(`click ${i + 1} presses Submit before the last action`);
          continue;
        }
        if (last) return fail('last click is not on the submit button');
        const b = v.boxes.findIndex((x) => pointInBox(a.point, x));
        if (b < 0) return fail(`click ${i + 1} is not on a button`);
        pressed.push(b);
      }
      const end = replayPresses(v, pressed);
      return v.goals.some((g) => g[0] === end[0] && g[1] === end[1]) ? ok : fail(`presses end on cell [${end[0]}, ${end[1]}], not on a goal cell`);
    }
    case 'pair': {
      if (actions.length !== 2) return fail(`expected exactly two clicks, got ${actions.length} actions`);
      if (actions.some((a) => a.type !== 'click')) return fail('pair answers are two clicks');
      const [p, q] = actions.map((a) => (a as { point: Point }).point) as [Point, Point];
      for (const [i, j] of v.valid_pairs) {
        const bi = v.boxes[i]!;
        const bj = v.boxes[j]!;
        if ((pointInBox(p, bi) && pointInBox(q, bj)) || (pointInBox(p, bj) && pointInBox(q, bi))) return ok;
      }
      return fail('clicks do not match a valid pair');
    }
  }
}

/** Score a CAPTCHA record's answer (actions in image px). */
export function scoreCaptcha(rec: Pick<CaptchaRecord, 'verifier'>, actions: readonly Action[]): ScoreResult {
  return scoreVerifier(rec.verifier, actions);
}

/**
 * Score a grounding answer against one target box (actions in image px): exactly one action; with
 * `bbox === null` (infeasible query, hard negative) it must be a refusal; otherwise a click inside
 * `bbox` (x2/y2 exclusive). This is the rule the RL reward uses (score/reward.ts).
 */
export function scoreTarget(bbox: Box | null, actions: readonly Action[]): ScoreResult {
  if (actions.length !== 1) return fail(`expected exactly one action, got ${actions.length}`);
  const a = actions[0]!;
  if (bbox === null) return a.type === 'refuse' ? ok : fail('infeasible query needs a refusal');
  if (a.type === 'refuse') return fail('refused a feasible query');
  if (a.type !== 'click') return fail(`expected click, got ${a.type}`);
  return pointInBox(a.point, bbox) ? ok : fail('click is outside the target box');
}

/**
 * Score a grounding query (actions in image px): exactly one click inside the target's bbox; for an
 * infeasible query (`tid: null`) exactly one refusal. Throws Error when `qid` is not in the record.
 */
export function scoreGrounding(
  rec: Pick<GroundingRecord, 'targets' | 'queries' | 'id'>,
  qid: string,
  actions: readonly Action[],
): ScoreResult {
  const q = rec.queries.find((x) => x.qid === qid);
  if (!q) throw new Error(`query ${qid} not in record ${rec.id}`);
  if (q.tid === null) return scoreTarget(null, actions);
  const t = rec.targets.find((x) => x.tid === q.tid);
  if (!t) throw new Error(`target ${q.tid} of ${qid} not in record ${rec.id}`);
  return scoreTarget(t.bbox, actions);
}
