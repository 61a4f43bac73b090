/**
 * #12 color_cipher_entry (group A, OCR text entry, Click+Type): a legend maps coloured symbols to
 * numbers ("red ♥ = 4"); an expression of symbols follows; type its value (NextGen app-style cipher).
 * Hard puzzles reuse a shape in two colours (or a colour on two shapes), so both attributes matter.
 */
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, label, rect } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { namedColor } from '../../lib/palette.js';
import { iconName, iconNoun, iconSvg } from '../../lib/icons.js';
import { numberAnswers } from '../../lib/words.js';
import { type CaptchaLocale, say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

interface Sym {
  kind: string;
  color: string;
  value: number;
}
/** Latent state of color_cipher_entry (puzzle px). */
export interface ColorCipherLatent extends Record<string, unknown> {
  frame: EntryFrame;
  legend: Sym[];
  /** Indices into `legend`, in expression order. */
  expr: number[];
  /** Operators between expression terms. */
  ops: Array<'+' | '-' | '*'>;
  value: number;
}

const KNOBS = defineKnobs({ legend: knob('symbols in the legend', 3, 4, 5), terms: knob('symbols in the expression', 2, 3, 3), ops: knob('operators used', ['+'], ['+', '-'], ['+', '-', '*']), shared: knob('legend symbols share a shape or a colour with another', false, false, true) });
const SHAPES = ['heart', 'star', 'triangle', 'square', 'circle', 'diamond', 'moon', 'drop'];
const COLORS = ['red', 'blue', 'green', 'orange', 'purple'];
const SYM: Record<string, string> = { '+': '+', '-': '\u2212', '*': '\u00d7' };

function evaluate(vals: number[], ops: Array<'+' | '-' | '*'>): number {
  const t = [vals[0]!];
  const s: string[] = [];
  ops.forEach((op, i) => {
    if (op === '*') t[t.length - 1]! *= vals[i + 1]!;
    else {
      t.push(vals[i + 1]!);
      s.push(op);
    }
  });
  return s.reduce((a, op, i) => (op === '+' ? a + t[i + 1]! : a - t[i + 1]!), t[0]!);
}

/**
 * A legend symbol named in `locale`: colour then shape in English and Chinese ("red star", "红色星形"); elsewhere
 * the shape with its colour in the form that needs no agreement ("Stern in Rot", "estrella de color rojo",
 * "étoile de couleur rouge", "赤の星", "نجمة باللون الأحمر"; colour forms of lib/palette.ts NAMED_COLORS).
 */
function symName(s: Sym, locale: CaptchaLocale): string {
  const c = namedColor(s.color);
  const noun = iconNoun(s.kind, locale);
  switch (locale) {
    case 'zh-CN': return `${c.zh}${iconName(s.kind, 'zh-CN')}`;
    case 'ja-JP': return `${c.ja}の${noun}`;
    case 'de-DE': return `${noun} in ${c.de}`;
    case 'es-ES': return `${noun} de color ${c.es}`;
    case 'fr-FR': return `${noun} de couleur ${c.fr}`;
    case 'ar': return `${noun} باللون ${c.ar}`;
    default: return `${c.en} ${iconName(s.kind, 'en-US')}`;
  }
}

/** Engine #12 color_cipher_entry (group A, Click+Type, verifier `text_entry`). */
export const colorCipherEntry = textEntryEngine<ColorCipherLatent, typeof KNOBS>({
  type: 'color_cipher_entry',
  number: 12,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 128);
    const legend: Sym[] = [];
    const values = rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9], k.legend);
    const shapes = rng.sample(SHAPES, k.legend);
    const colors = rng.shuffle(COLORS);
    for (let i = 0; i < k.legend; i++) legend.push({ kind: shapes[i]!, color: colors[i % colors.length]!, value: values[i]! });
    if (k.shared) {
      // second-to-last shares the shape of the first; last shares the colour of the first
      legend[k.legend - 2] = { ...legend[k.legend - 2]!, kind: legend[0]!.kind, color: colors.find((c) => c !== legend[0]!.color && !legend.some((s) => s.kind === legend[0]!.kind && s.color === c))! };
      legend[k.legend - 1] = { ...legend[k.legend - 1]!, color: legend[0]!.color };
    }
    // draw expressions until the value is a non-negative number below 100
    let expr: number[] = [];
    let ops: Array<'+' | '-' | '*'> = [];
    for (let t = 0; t < 30; t++) {
      expr = Array.from({ length: k.terms }, () => rng.int(0, k.legend - 1));
      if (k.shared) expr[rng.int(0, k.terms - 1)] = k.legend - 2;
      ops = Array.from({ length: k.terms - 1 }, () => rng.pick(k.ops));
      const v = evaluate(expr.map((i) => legend[i]!.value), ops);
      if (v >= 0 && v <= 99) break;
    }
    return { frame, legend, expr, ops, value: evaluate(expr.map((i) => legend[i]!.value), ops) };
  },

  check(l) {
    const keys = l.legend.map((s) => `${s.kind}|${s.color}`);
    if (new Set(keys).size !== keys.length) return 'two legend symbols look the same';
    if (l.legend.some((s) => !SHAPES.includes(s.kind) || !COLORS.includes(s.color))) return 'unknown symbol';
    if (l.expr.some((i) => !l.legend[i])) return 'expression uses a symbol not in the legend';
    if (l.ops.length !== l.expr.length - 1) return 'operators do not match terms';
    const v = evaluate(l.expr.map((i) => l.legend[i]!.value), l.ops);
    if (v !== l.value) return 'value does not match';
    if (v < 0 || v > 99) return 'result out of range';
    return null;
  },

  picture(l, style) {
    const ib = l.frame.image_box;
    const light = style.theme === 'light';
    const ink = light ? '#1f2329' : '#eceef1';
    let pic = boxRect(ib, { fill: light ? '#f7f7fb' : '#20232a', stroke: style.border, sw: 1, rx: 4 });
    // legend: up to 3 per row
    const per = 3;
    const cw = (ib[2] - ib[0] - 16) / per;
    l.legend.forEach((s, i) => {
      const x = ib[0] + 8 + (i % per) * cw;
      const y = ib[1] + 8 + Math.floor(i / per) * 30;
      pic += rect(x + 2, y, cw - 4, 26, { fill: light ? '#ffffff' : '#2b2f37', stroke: style.border, sw: 1, rx: 4 });
      pic += iconSvg(s.kind, x + 18, y + 13, 9, 0, namedColor(s.color).hex);
      pic += label(style, `= ${s.value}`, x + 32, y + 18.5, 15, ink, { weight: 700 });
    });
    // expression row
    const rows = Math.ceil(l.legend.length / per);
    const ey = ib[1] + 8 + rows * 30 + 10;
    const ec = (ey + ib[3]) / 2;
    pic += rect(ib[0] + 8, ey, ib[2] - ib[0] - 16, ib[3] - ey - 8, { fill: light ? '#eef1f7' : '#2a2e37', rx: 4 });
    const n = l.expr.length;
    const slot = 34;
    const opW = 22;
    const total = n * slot + (n - 1) * opW + 44;
    let x = (ib[0] + ib[2]) / 2 - total / 2;
    l.expr.forEach((si, i) => {
      const s = l.legend[si]!;
      pic += iconSvg(s.kind, x + slot / 2, ec, 13, 0, namedColor(s.color).hex);
      x += slot;
      if (i < n - 1) {
        pic += label(style, SYM[l.ops[i]!]!, x + opW / 2, ec + 7, 20, ink, { anchor: 'middle', weight: 700 });
        x += opW;
      }
    });
    pic += label(style, '= ?', x + 24, ec + 7, 20, ink, { anchor: 'middle', weight: 700 });
    return { svg: pic };
  },

  answer: (l) => ({ text: String(l.value), valid: numberAnswers(l.value) }),

  reading(l, locale) {
    const legend = l.legend.map((s) => `${symName(s, locale)} = ${s.value}`).join(say(locale, 'color_cipher_entry.list_sep'));
    const terms = l.expr.map((i) => l.legend[i]!);
    const exprNames = terms.map((s, i) => (i ? ` ${SYM[l.ops[i - 1]!]} ` : '') + symName(s, locale)).join('');
    const exprNums = terms.map((s, i) => (i ? ` ${SYM[l.ops[i - 1]!]} ` : '') + s.value).join('');
    return say(locale, 'color_cipher_entry.reasoning', { legend, exprNames, exprNums, value: l.value, mul: l.ops.includes('*') ? say(locale, 'color_cipher_entry.mul_first') : '' });
  },

});
