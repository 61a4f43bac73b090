/**
 * Record text names a control by the label drawn in the picture: an instruction (and reasoning) that
 * says "press Submit" next to a button reading "Confirm", VERIFY or 确认 is wrong. Every engine, every
 * widget locale, every difficulty, several latents (the grid chrome, hence the button, is sampled):
 * the widget is drawn with every text it draws recorded (lib/draw.ts `label` and `button`, wrapped
 * below), then every text a record carries for that widget (en-US, zh-CN and the widget's own locale,
 * generators/captcha/index.ts) is checked:
 *
 * - a button word (hand-written list below, every language) occurs only inside a quoted span;
 * - a quoted span that is a label this engine draws in some locale is a label drawn in THIS widget;
 * - a puzzle with a submit button (verifier `submit_box`) names it: a quoted drawn button label.
 */
import { describe, expect, it, vi } from 'vitest';

const DRAWN = { buttons: new Set<string>(), texts: new Set<string>() };
vi.mock('../generators/captcha/lib/draw.js', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../generators/captcha/lib/draw.js')>();
  return {
    ...orig,
    button: (...a: Parameters<typeof orig.button>) => {
      DRAWN.buttons.add(a[2]);
      DRAWN.texts.add(a[2]);
      return orig.button(...a);
    },
    label: (...a: Parameters<typeof orig.label>) => {
      DRAWN.texts.add(a[1]);
      return orig.label(...a);
    },
  };
});

import { Rng } from '../core/rng.js';
import { DIFFICULTIES } from '../core/schema.js';
import type { CaptchaLocale } from '../generators/captcha/lib/i18n.js';
import type { CaptchaEngine, Latent } from '../generators/captcha/engine.js';

// The suite runs files in shared workers (vitest.config.ts `isolate: false`): an engine module that an
// earlier file loaded is bound to the real draw.js, and vi.mock alone does not reach it. Dropping the
// module cache and importing afterwards loads every engine against the wrapper above.
vi.resetModules();
const { ENGINES } = await import('../generators/captcha/registry.js');
const { CAPTCHA_LOCALES, RECORD_LOCALES } = await import('../generators/captcha/lib/i18n.js');
const { makeStyle } = await import('../generators/captcha/lib/style.js');

/** Words that name a submit / verify / confirm control, in every language a widget or a text uses (hand-written). */
const BUTTON_WORDS = [
  /\bsubmit\b/i, /\bconfirm\b/i, /\bverify\b/i, /press & hold/i, /click here/i, /not a robot/i,
  /提交/, /确认/, /验证/, /我不是机器人/,
  /送信/, /確認/,
  /Absenden/, /Senden/, /Bestätigen/, /Prüfen/,
  /\benviar\b/i, /Confirmar/, /Verificar/,
  /Envoyer/, /\benvoi\b/, /Confirmer/, /Vérifier/,
  /إرسال/, /تأكيد/,
];
/** Verb uses of those words that name no control ("drag … to verify", "完成验证"). */
const VERB_USES = [/\bto verify\b/, /slide-to-verify/, /para verificar/, /完成验证/, /验证组件/, /滑动验证/, /安全验证/, /人机验证/];

/** Quoted spans of a text, in the quotation marks of the seven locales. */
function quotedSpans(s: string): Array<{ start: number; end: number; text: string }> {
  const out: Array<{ start: number; end: number; text: string }> = [];
  for (const re of [/"([^"]+)"/g, /“([^”]+)”/g, /「([^」]+)」/g, /„([^“]+)“/g, /«\s?([^»]+?)\s?»/g]) {
    for (const m of s.matchAll(re)) out.push({ start: m.index!, end: m.index! + m[0].length, text: m[1]! });
  }
  return out;
}

/** Problems of one record text for a widget that drew `drawn`; `engineLabels`: every text the engine draws in some locale. */
function problems(text: string, drawn: typeof DRAWN, engineLabels: Set<string>, needsSubmit: boolean): string[] {
  const out: string[] = [];
  const spans = quotedSpans(text);
  let masked = text;
  for (const v of VERB_USES) masked = masked.replace(new RegExp(v.source, 'g'), (m) => '_'.repeat(m.length));
  for (const re of BUTTON_WORDS) {
    for (const m of masked.matchAll(new RegExp(re.source, re.flags + 'g'))) {
      const at = m.index!;
      if (!spans.some((q) => q.start <= at && at < q.end)) out.push(`names a control with '${m[0]}' outside a quoted drawn label`);
    }
  }
  for (const q of spans) if (engineLabels.has(q.text) && !drawn.texts.has(q.text)) out.push(`quotes '${q.text}', not drawn in this widget`);
  if (needsSubmit && !spans.some((q) => drawn.buttons.has(q.text))) out.push(`does not name the submit button by its drawn label (${[...drawn.buttons].join(' / ')})`);
  return out;
}

/** A few valid latents of `e` at `d` (several, so that sampled chromes and buttons vary). */
function latents(e: CaptchaEngine, d: (typeof DIFFICULTIES)[number], n: number): Latent[] {
  const out: Latent[] = [];
  for (let k = 0; out.length < n && k < 60; k++) {
    const l = e.sample(new Rng(`labels-${e.type}-${d}-${k}`), d);
    if (!e.validate(l)) out.push(l);
  }
  return out;
}

function draw(e: CaptchaEngine, l: Latent, widget: CaptchaLocale): typeof DRAWN {
  DRAWN.buttons = new Set();
  DRAWN.texts = new Set();
  e.draw(l, makeStyle('classic', 'light', widget), new Rng('labels-draw'));
  return { buttons: DRAWN.buttons, texts: DRAWN.texts };
}

describe('record text names controls by the labels drawn in the widget', () => {
  it('the draw wrapper sees button labels (a grid engine draws one of VERIFY / Submit / Confirm)', () => {
    const e = ENGINES.find((x) => x.type === 'vowel_select')!;
    const seen = new Set<string>();
    for (const l of latents(e, 'easy', 12)) for (const b of draw(e, l, 'en-US').buttons) seen.add(b);
    expect([...seen].every((b) => ['VERIFY', 'Submit', 'Confirm'].includes(b))).toBe(true);
    expect(seen.size).toBeGreaterThan(1);
  });

  it.each(ENGINES.map((e) => [e.type, e] as const))('%s: every instruction and reasoning, every widget locale and difficulty', (_t, e) => {
    const samples = DIFFICULTIES.flatMap((d) => latents(e, d, 3));
    expect(samples.length).toBeGreaterThan(0);
    const engineLabels = new Set<string>();
    const draws = samples.map((l) => CAPTCHA_LOCALES.map((w) => draw(e, l, w)));
    for (const row of draws) for (const d of row) for (const t of d.texts) engineLabels.add(t);
    const bad: string[] = [];
    samples.forEach((l, i) => {
      const v = e.solve(l).verifier;
      const needsSubmit = 'submit_box' in v && v.submit_box !== null;
      CAPTCHA_LOCALES.forEach((widget, j) => {
        const drawn = draws[i]![j]!;
        for (const loc of new Set<CaptchaLocale>([...RECORD_LOCALES, widget])) {
          for (const p of problems(e.instruction(l, loc, widget), drawn, engineLabels, needsSubmit)) bad.push(`instruction ${loc} / widget ${widget}: ${p}: ${e.instruction(l, loc, widget)}`);
          for (const p of problems(e.reasoning(l, loc, undefined, widget), drawn, engineLabels, false)) bad.push(`reasoning ${loc} / widget ${widget}: ${p}`);
        }
      });
    });
    expect([...new Set(bad)].slice(0, 8)).toEqual([]);
  });
});
