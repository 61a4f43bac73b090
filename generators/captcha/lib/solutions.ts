/**
 * Gold actions + verifier builders, one per verifier shape (core/schema.ts `Verifier`): text entry,
 * click any / set + submit / sequence, free drags, horizontal slider drag, arrow presses. Puzzle px.
 */
import type { EntryFrame } from './frames.js';
import type { PuzzleSolution } from '../engine.js';
import { type Box, boxCenter } from '../../../core/geometry.js';

/** Gold click in the input box then Type(answer); verifier `text_entry`. */
export function entrySolve(f: EntryFrame, answer: string, validAnswers: string[], caseSensitive: boolean): PuzzleSolution {
  const valid = [answer, ...validAnswers.filter((a) => a !== answer)];
  return {
    actions: [
      { type: 'click', point: boxCenter(f.input_box) },
      { type: 'type', text: answer },
    ],
    verifier: { kind: 'text_entry', input_box: f.input_box, answer, valid_answers: valid, case_sensitive: caseSensitive },
    ordered: true,
  };
}

/** One click in any of `boxes` (gold: centre of the first). Verifier `click` / `any`. */
export function clickAny(boxes: Box[]): PuzzleSolution {
  return {
    actions: [{ type: 'click', point: boxCenter(boxes[0]!) }],
    verifier: { kind: 'click', action: 'click', mode: 'any', boxes, submit_box: null, min_duration_ms: null },
    ordered: false,
  };
}

/** Click every box once in any order, then submit. Verifier `click` / `set` + `submit_box`. */
export function clickSetSubmit(boxes: Box[], submit: Box): PuzzleSolution {
  return {
    actions: [...boxes.map((b) => ({ type: 'click' as const, point: boxCenter(b) })), { type: 'click', point: boxCenter(submit) }],
    verifier: { kind: 'click', action: 'click', mode: 'set', boxes, submit_box: submit, min_duration_ms: null },
    ordered: false,
  };
}

/**
 * Click the boxes in this order (boxes may repeat: Arrows×k+Submit is the arrow's box k times), then
 * the submit button when given. Verifier `click` / `sequence`.
 */
export function clickSequence(boxes: Box[], submit: Box | null = null): PuzzleSolution {
  return {
    actions: [...boxes.map((b) => ({ type: 'click' as const, point: boxCenter(b) })), ...(submit ? [{ type: 'click' as const, point: boxCenter(submit) }] : [])],
    verifier: { kind: 'click', action: 'click', mode: 'sequence', boxes, submit_box: submit, min_duration_ms: null },
    ordered: true,
  };
}

/**
 * Free 2D drags: each item's handle dragged from its centre to its target's centre. Verifier `drags`
 * (`count` drags; `alternatives` lists further items any of which may be used instead).
 */
export function dragsSolution(items: Array<{ handle_box: Box; target_box: Box }>, opts: { count?: number; ordered?: boolean } = {}): PuzzleSolution {
  const count = opts.count ?? items.length;
  return {
    actions: items.slice(0, count).map((it) => ({ type: 'drag' as const, start: boxCenter(it.handle_box), end: boxCenter(it.target_box) })),
    verifier: { kind: 'drags', items, count, ordered: opts.ordered ?? false },
    ordered: opts.ordered ?? false,
  };
}

/**
 * A horizontal slider drag (VenusBench-CAPTCHA rule): start at the handle centre, end `dx` px to the
 * side. `tolPx` is the accepted absolute error (puzzle px), recorded as a relative tolerance (rounded
 * up to 4 decimals).
 */
export function sliderSolution(handle: Box, track: Box, dx: number, tolPx: number): PuzzleSolution {
  const start = boxCenter(handle);
  return {
    actions: [{ type: 'drag', start, end: [start[0] + Math.round(dx), start[1]] }],
    verifier: {
      kind: 'drag',
      handle_box: handle,
      track_box: track,
      expected_dx: Math.round(dx * 1000) / 1000,
      // rounded up to 4 decimals, so that a drag exactly tolPx off is still accepted
      rel_tolerance: Math.ceil((tolPx / Math.abs(dx)) * 10000 - 1e-9) / 10000,
      max_dy: 5,
    },
    ordered: true,
  };
}

/**
 * Arrows×k+Submit scored by its end state (verifier `presses`, score/scorer.ts): `buttons` move a cell
 * cursor in a `grid` of [cols, rows] from `start`; any press sequence ending on a `goals` cell, then
 * one click on `submit`, is right. The gold actions are the `gold` button presses (indices into
 * `buttons`, normally the shortest sequence) then submit.
 */
export function pressesSolution(opts: {
  buttons: Array<{ box: Box; move: [number, number] }>;
  grid: [number, number];
  start: [number, number];
  goals: Array<[number, number]>;
  edge: 'clamp' | 'wrap';
  open?: number[] | null;
  submit: Box;
  gold: number[];
}): PuzzleSolution {
  return {
    actions: [...opts.gold.map((b) => ({ type: 'click' as const, point: boxCenter(opts.buttons[b]!.box) })), { type: 'click', point: boxCenter(opts.submit) }],
    verifier: {
      kind: 'presses',
      boxes: opts.buttons.map((b) => b.box),
      moves: opts.buttons.map((b) => b.move),
      grid: opts.grid,
      start: opts.start,
      goals: opts.goals,
      edge: opts.edge,
      open: opts.open ?? null,
      submit_box: opts.submit,
    },
    ordered: true,
  };
}
