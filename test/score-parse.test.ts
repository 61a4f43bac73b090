/**
 * The one answer parser (score/parse.ts) on the UI-Venus text form written by core/actions.ts, loose
 * spellings and malformed answers (the cases the removed second parser was tested on), and the tables of
 * core/ it reads with: dialects (core/actions.ts) and coordinate conventions (core/coords.ts).
 * The cross-language cases (JSON, tool calls, UI-TARS, golden cases shared with Python) are in reward.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { actionsToText, DIALECT_SYNTAX, DIALECTS, formatActions, type Action, type Dialect, type DialectSyntax } from '../core/actions.js';
import {
  boxFromConvention, boxToConvention, COORD_CONVENTIONS, COORD_NAMES, convention, coordsHelp, pointFromConvention, pointToConvention, resolveCoords,
  type ConventionSpec, type CoordName,
} from '../core/coords.js';
import { boxToNorm1, boxToNorm1000, pointFromSpace, pointToNorm1, pointToNorm1000 } from '../core/geometry.js';
import { MODEL_FAMILIES, MODEL_FAMILY_NAMES, MODEL_VISION } from '../core/models.js';
import { parseCompletion, ParseError } from '../score/parse.js';

const ACTS: Action[] = [
  { type: 'click', point: [3, 4] },
  { type: 'type', text: "a'b\\c\nd" },
  { type: 'drag', start: [1, 2], end: [3, 4] },
  { type: 'long_press', point: [9, 9] },
  { type: 'double_click', point: [7.5, 8.25] },
  { type: 'scroll', point: [5, 5], direction: 'down' },
];

describe('answer parser (score/parse.ts)', () => {
  it('reads the venus text form back (round trip through core/actions.ts)', () => {
    expect(parseCompletion(actionsToText(ACTS))).toEqual(ACTS);
    expect(parseCompletion('Refuse()')).toEqual([{ type: 'refuse' }]);
  });

  it('reads every dialect the exporter writes, with and without reasoning', () => {
    for (const d of DIALECTS)
      for (const thinking of [null, 'The button (3, 4) is left of it.']) expect(parseCompletion(formatActions(ACTS, d, thinking)), `${d} ${thinking}`).toEqual(ACTS);
  });

  it('reads loose spellings and ignores the text around the actions', () => {
    expect(parseCompletion('Thought: the button.\nAction: click(point=[10.5, 20])')).toEqual([{ type: 'click', point: [10.5, 20] }]);
    expect(parseCompletion('Type(content="ab c")')).toEqual([{ type: 'type', text: 'ab c' }]);
    expect(parseCompletion('CLICK(point=(1, 2)) then, after a pause, LongPress(point=[3,4])')).toEqual([
      { type: 'click', point: [1, 2] },
      { type: 'long_press', point: [3, 4] },
    ]);
    expect(parseCompletion('tap((5, 6))')).toEqual([{ type: 'click', point: [5, 6] }]);
    expect(parseCompletion("Scroll(point=(1, 2), direction='UP')")).toEqual([{ type: 'scroll', point: [1, 2], direction: 'up' }]);
    expect(parseCompletion('[-1, -1, -1, -1]')).toEqual([{ type: 'refuse' }]);
    expect(parseCompletion("Type(content='a (b) c')")).toEqual([{ type: 'type', text: 'a (b) c' }]);
  });

  it('rejects answers with no action or a malformed one, naming why', () => {
    expect(() => parseCompletion('I do not know')).toThrow(ParseError);
    expect(() => parseCompletion('I do not know')).toThrow(/no action found/);
    expect(() => parseCompletion('Click(point=(1, 2)')).toThrow(/unbalanced parentheses/);
    expect(() => parseCompletion('Drag(start=(1, 2))')).toThrow(/needs a start and an end point/);
    expect(() => parseCompletion('Click(point=here)')).toThrow(/no point in click\(\)/);
    expect(() => parseCompletion('Scroll(point=(1, 2))')).toThrow(/needs a point and a direction/);
    expect(() => parseCompletion('Type(content=abc)')).toThrow(/no quoted content/);
    // a bare point is a click only for grounding answers
    expect(() => parseCompletion('(10, 20)')).toThrow(/no action found/);
    expect(parseCompletion('(10, 20)', { grounding: true })).toEqual([{ type: 'click', point: [10, 20] }]);
  });
});

describe('dialects table (core/actions.ts)', () => {
  it('writes venus one action per line and uitars as UI-TARS parses it', () => {
    const two: Action[] = [{ type: 'click', point: [1, 2] }, { type: 'type', text: 'hi' }];
    expect(formatActions(two, 'venus')).toBe("Click(point=(1, 2))\nType(content='hi')");
    expect(formatActions(two, 'venus', 'why')).toBe("<think>\nwhy\n</think>\nClick(point=(1, 2))\nType(content='hi')");
    expect(formatActions(two, 'uitars')).toBe("Action: click(start_box='(1,2)')\n\ntype(content='hi')");
    expect(formatActions(two, 'uitars', 'why')).toBe("Thought: why\nAction: click(start_box='(1,2)')\n\ntype(content='hi')");
    expect(formatActions([{ type: 'refuse' }], 'uitars')).toBe('Action: call_user()');
    expect(Object.keys(DIALECT_SYNTAX)).toEqual([...DIALECTS]);
  });
});

describe('conventions table (core/coords.ts)', () => {
  const size = { width: 1366, height: 768 };
  const pts: Array<[number, number]> = [[0, 0], [1, 1], [683.4, 200.5], [1365, 767], [1000.5, 0.25]];

  it('has one row per convention name, and the CLI help names each', () => {
    expect(Object.keys(COORD_CONVENTIONS)).toEqual([...COORD_NAMES]);
    for (const n of COORD_NAMES) expect(coordsHelp()).toContain(`${n} (`);
    expect(convention('norm1000-999')).toEqual(convention('norm1000'));
  });

  it("the record's norm1 / norm1000 fields equal the table's conversion (hand-computed values)", () => {
    expect(pointToNorm1([683, 192], size)).toEqual([0.5, 0.25]);
    expect(pointToNorm1000([683, 192], size)).toEqual([500, 250]);
    expect(pointToNorm1000([1365.9, 767.9], size)).toEqual([999, 999]);
    expect(boxToNorm1000([0, 0, 1366, 768], size)).toEqual([0, 0, 999, 998]); // last row 767 -> floor(998.7)
    expect(boxToNorm1([683, 192, 1366, 768], size)).toEqual([0.5, 0.25, 1, 1]);
    for (const name of ['norm1', 'norm1000'] as const) {
      const rc = resolveCoords(convention(name), [size.width, size.height]);
      const toRecord = name === 'norm1' ? pointToNorm1 : pointToNorm1000;
      for (const p of pts) {
        expect(toRecord(p, size)).toEqual(pointToConvention(p, rc));
        expect(pointFromSpace(pointToConvention(p, rc), name, size)).toEqual(pointFromConvention(pointToConvention(p, rc), rc));
      }
      const b: [number, number, number, number] = [10, 20, 300, 400];
      expect((name === 'norm1' ? boxToNorm1 : boxToNorm1000)(b, size)).toEqual(boxToConvention(b, rc));
    }
  });

  it('decodes every encoded point back within one quantum, and boxes back around themselves', () => {
    for (const name of COORD_NAMES) {
      const rc = resolveCoords(convention(name), [size.width, size.height]);
      const quantum = rc.space === 'resized_px' ? size.width / rc.resized![0] + 1e-9 : rc.normalized_by === 1000 ? size.width / 1000 + 1e-9 : size.width * 1e-6; // norm1: 6 decimals
      for (const p of pts) {
        const back = pointFromConvention(pointToConvention(p, rc), rc);
        expect(Math.abs(back[0] - p[0]), `${name} ${p}`).toBeLessThanOrEqual(quantum);
      }
      const b: [number, number, number, number] = [10, 20, 300, 400];
      const bb = boxFromConvention(boxToConvention(b, rc), rc);
      expect(bb[0]).toBeLessThanOrEqual(b[0] + quantum);
      expect(bb[2]).toBeGreaterThanOrEqual(b[2] - quantum);
    }
  });
});

describe('model presets (core/models.ts)', () => {
  it('every family has a convention of the table, a dialect and vision defaults', () => {
    for (const f of MODEL_FAMILY_NAMES) {
      expect(COORD_NAMES).toContain(MODEL_FAMILIES[f]!.coords);
      expect(DIALECTS).toContain(MODEL_FAMILIES[f]!.dialect);
      expect(MODEL_VISION[f]!.family).toBe(f);
      expect(MODEL_VISION[f]!.factor).toBe(2 * MODEL_VISION[f]!.patch_size);
    }
    expect(MODEL_FAMILIES['no-such-model']).toBeUndefined();
  });
});

// Compile-time checks (`npx tsc --noEmit` covers test/): each line below must NOT type-check, so a table
// that loses a row, or a row that loses a field, fails the build; an unused @ts-expect-error fails it too.
// @ts-expect-error a conventions table without a row for every CoordName
void ({ abs: COORD_CONVENTIONS.abs } satisfies Record<CoordName, ConventionSpec>);
// @ts-expect-error a dialects table without uitars
void ({ venus: DIALECT_SYNTAX.venus } satisfies Record<Dialect, DialectSyntax>);
// @ts-expect-error a convention row without its resize rule
void ({ ...COORD_CONVENTIONS.abs, resize: undefined } satisfies ConventionSpec);
