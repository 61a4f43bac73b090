/**
 * The option pager of Arrows×k+Submit puzzles whose options are all visible: layout, controls,
 * gold presses (verifier `presses`), the move sentence and its validity check. Puzzle px.
 */
import type { Box } from '../../../core/geometry.js';
import { gridBoxes } from './grids.js';
import type { CaptchaLocale, PuzzleSolution, PuzzleStyle } from '../engine.js';
import { arrowGlyph, glyphButton, selectionFrame, submitButton } from './controls.js';
import { label } from './draw.js';
import { pressesSolution } from './solutions.js';
import { say, timesText } from './i18n.js';

/** Geometry of an option pager: option boxes, the two arrow buttons and the submit button. */
export interface PagerLayout {
  options: Box[];
  left: Box;
  right: Box;
  submit: Box;
}

/**
 * Lay out `n` options in `rows` rows inside `area`, and a control row (← page →, submit) of height
 * 36 px at `controlsY`.
 */
export function pagerLayout(area: Box, n: number, rows: number, controlsY: number, width: number): PagerLayout {
  const cols = Math.ceil(n / rows);
  const options = gridBoxes(area, rows, cols, 10).slice(0, n);
  return {
    options,
    left: [14, controlsY, 54, controlsY + 36],
    right: [126, controlsY, 166, controlsY + 36],
    submit: [width - 104, controlsY, width - 14, controlsY + 36],
  };
}

/**
 * Draw the pager controls: arrows (the one that cannot move further is greyed), a `cursor+1 / n`
 * counter between them, the selection frame on the current option and the submit button.
 */
export function pagerControls(style: PuzzleStyle, lay: PagerLayout, cursor: number): string {
  const n = lay.options.length;
  let s = '';
  s += glyphButton(style, lay.left, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'left', c), cursor === 0);
  s += glyphButton(style, lay.right, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'right', c), cursor === n - 1);
  const mid = (lay.left[2] + lay.right[0]) / 2;
  s += label(style, `${cursor + 1} / ${n}`, mid, lay.left[1] + 23, 14, style.subtext, { anchor: 'middle' });
  s += selectionFrame(style, lay.options[cursor]!);
  s += submitButton(style, lay.submit);
  return s;
}

/**
 * Arrows×k+Submit gold for a pager: `|target - cursor|` presses of → (or ←), then submit; verifier
 * `presses` over the options (a 1-row grid, arrows greyed at the ends), so any press sequence that
 * leaves the frame on the answer is right.
 */
export function pagerSolution(lay: PagerLayout, cursor: number, target: number): PuzzleSolution {
  const k = Math.abs(target - cursor);
  return pressesSolution({
    buttons: [{ box: lay.left, move: [-1, 0] }, { box: lay.right, move: [1, 0] }],
    grid: [lay.options.length, 1],
    start: [cursor, 0],
    goals: [[target, 0]],
    edge: 'clamp',
    submit: lay.submit,
    gold: Array.from({ length: k }, () => (target > cursor ? 1 : 0)),
  });
}

/** Reasoning sentence for a pager move (what to press how often), in `locale`. */
export function pagerMoveText(locale: CaptchaLocale, cursor: number, target: number, at: { arrow: string; submit: string; button: string }): string {
  const k = Math.abs(target - cursor);
  const right = target > cursor;
  const times = timesText(locale, k);
  return say(locale, {
      en: `The frame is on option ${cursor + 1} and the answer is option ${target + 1}, so press the ${right ? 'right' : 'left'} arrow at ${at.arrow} ${k} time${k > 1 ? 's' : ''}, then ${at.button} at ${at.submit}.`,
      zh: `当前选中第 ${cursor + 1} 项，目标是第 ${target + 1} 项，所以点击${right ? '右' : '左'}箭头 ${at.arrow} ${k} 次，再点击${at.button} ${at.submit}。`,
      ja: `枠は選択肢${cursor + 1}にあり、答えは選択肢${target + 1}なので、${at.arrow} の${right ? '右' : '左'}矢印を ${times}押してから、${at.submit} の${at.button}を押します。`,
      de: `Der Rahmen steht auf Option ${cursor + 1}, die Antwort ist Option ${target + 1}: Drücken Sie ${times} den ${right ? 'rechten' : 'linken'} Pfeil bei ${at.arrow} und dann bei ${at.submit} auf ${at.button}.`,
      es: `El marco está en la opción ${cursor + 1} y la respuesta es la opción ${target + 1}, así que pulsa ${times} la flecha ${right ? 'derecha' : 'izquierda'} en ${at.arrow} y luego ${at.button} en ${at.submit}.`,
      fr: `La sélection est sur l’option ${cursor + 1} et la réponse est l’option ${target + 1} : appuyez ${times} sur la flèche ${right ? 'droite' : 'gauche'} en ${at.arrow}, puis sur ${at.button} en ${at.submit}.`,
      ar: `التحديد على الخيار ${cursor + 1} والإجابة هي الخيار ${target + 1}، لذا اضغط السهم ${right ? 'الأيمن' : 'الأيسر'} عند ${at.arrow} ${times}، ثم ${at.button} عند ${at.submit}.`,
    });
}

/** Pager validity: the cursor is a valid option and differs from the target. */
export function pagerInvalid(n: number, cursor: number, target: number): string | null {
  if (cursor < 0 || cursor >= n || target < 0 || target >= n) return 'cursor or target outside the options';
  if (cursor === target) return 'cursor already on the answer (no arrow press)';
  return null;
}

/** Ordinal option words ("option 3" / "第3个"). */
export const optWord = (i: number, locale: CaptchaLocale): string =>
  say(locale, { en: `option ${i + 1}`, zh: `第${i + 1}个`, ja: `選択肢${i + 1}`, de: `Option ${i + 1}`, es: `la opción ${i + 1}`, fr: `l’option ${i + 1}`, ar: `الخيار ${i + 1}` });
