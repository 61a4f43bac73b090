/**
 * #8 text_question_logic (group A, OCR text entry, Click+Type): a rendered question to answer in
 * the input ("What is the 3rd letter of PLANET?", "What is seven plus five?", "Which number is the
 * largest: ..."), MCA-Bench text logic. The question is drawn in the widget's locale; the answer is
 * locale-independent (a letter or a number; numbers are also accepted as words).
 */
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob } from '../../engine.js';
import { wrapPhrases } from '../../lib/draw.js';
import { type Bi, say } from '../../lib/i18n.js';
import { questionPicture, textEntryEngine } from './template.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { ordinal } from '../../lib/english.js';
import { EN_WORDS, numberAnswers, numberEn, numberZh } from '../../lib/words.js';

/** Question templates. */
export const TEMPLATES = ['letter_of_word', 'count_letters', 'largest', 'smallest', 'word_sum', 'next_in_sequence', 'count_letter', 'chain', 'digit_sum'] as const;
export type Template = (typeof TEMPLATES)[number];

/** Latent state of text_question_logic (puzzle px). */
export interface QuestionLogicLatent extends Record<string, unknown> {
  frame: EntryFrame;
  template: Template;
  /** Template parameters (word, index, numbers, ...). */
  params: Record<string, unknown>;
  question: Bi;
  /** Canonical answer: upper-case letter or decimal number. */
  answer: string;
  kind: 'letter' | 'number';
  font_size: number;
  bg_hue: number;
}

const KNOBS = defineKnobs({ templates: knob('question templates drawn from (depth: one lookup, word arithmetic, multi-step)', ['letter_of_word', 'count_letters', 'largest', 'smallest'], ['word_sum', 'next_in_sequence', 'count_letter', 'letter_of_word'], ['chain', 'digit_sum', 'count_letter', 'next_in_sequence']), font_size: knob('question font size, puzzle px', 18, 17, 16) });

const upperWords = EN_WORDS.filter((w) => w.length >= 5 && w.length <= 8).map((w) => w.toUpperCase());
const ZH_ORD = (n: number): string => `第 ${n} 个`;

/** Build a question from a template and parameters; also the answer. Pure. */
export function buildQuestion(t: Template, p: Record<string, unknown>): { question: Bi; answer: string; kind: 'letter' | 'number' } {
  switch (t) {
    case 'letter_of_word': {
      const w = p.word as string;
      const i = p.index as number;
      return { question: { en: `What is the ${ordinal(i)} letter of the word ${w}?`, zh: `单词 ${w} 的${ZH_ORD(i)}字母是什么？` }, answer: w[i - 1]!, kind: 'letter' };
    }
    case 'count_letters': {
      const w = p.word as string;
      return { question: { en: `How many letters are in the word ${w}?`, zh: `单词 ${w} 有几个字母？` }, answer: String(w.length), kind: 'number' };
    }
    case 'largest':
    case 'smallest': {
      const ns = p.numbers as number[];
      const v = t === 'largest' ? Math.max(...ns) : Math.min(...ns);
      const list = ns.join(', ');
      return {
        question: t === 'largest'
          ? { en: `Which number is the largest: ${list}?`, zh: `${ns.join('、')} 中最大的数是几？` }
          : { en: `Which number is the smallest: ${list}?`, zh: `${ns.join('、')} 中最小的数是几？` },
        answer: String(v), kind: 'number',
      };
    }
    case 'word_sum': {
      const a = p.a as number;
      const b = p.b as number;
      const plus = p.op === '+';
      const v = plus ? a + b : a - b;
      return {
        question: { en: `What is ${numberEn(a)} ${plus ? 'plus' : 'minus'} ${numberEn(b)}?`, zh: `${numberZh(a)}${plus ? '加' : '减'}${numberZh(b)}等于几？` },
        answer: String(v), kind: 'number',
      };
    }
    case 'next_in_sequence': {
      const s = p.start as number;
      const d = p.step as number;
      const n = p.shown as number;
      const seq = Array.from({ length: n }, (_, i) => s + i * d);
      return { question: { en: `Which number comes next: ${seq.join(', ')}, ?`, zh: `下一个数是几：${seq.join('、')}、？` }, answer: String(s + n * d), kind: 'number' };
    }
    case 'count_letter': {
      const w = p.word as string;
      const c = p.letter as string;
      return { question: { en: `How many times does the letter ${c} appear in ${w}?`, zh: `字母 ${c} 在 ${w} 中出现了几次？` }, answer: String([...w].filter((x) => x === c).length), kind: 'number' };
    }
    case 'chain': {
      const a = p.a as number;
      const b = p.b as number;
      const c = p.c as number;
      const v = a + b - c;
      return {
        question: { en: `Start with ${numberEn(a)}, add ${numberEn(b)}, then take away ${numberEn(c)}. What do you get?`, zh: `从${numberZh(a)}开始，加上${numberZh(b)}，再减去${numberZh(c)}，结果是几？` },
        answer: String(v), kind: 'number',
      };
    }
    case 'digit_sum': {
      const n = p.n as number;
      const v = [...String(n)].reduce((s, d) => s + Number(d), 0);
      return { question: { en: `What is the sum of the digits of ${n}?`, zh: `${n} 的各位数字之和是几？` }, answer: String(v), kind: 'number' };
    }
  }
}

function sampleParams(rng: Rng, t: Template): Record<string, unknown> {
  switch (t) {
    case 'letter_of_word': {
      const word = rng.pick(upperWords);
      return { word, index: rng.int(1, word.length) };
    }
    case 'count_letters':
      return { word: rng.pick(upperWords) };
    case 'largest':
    case 'smallest':
      return { numbers: rng.sample([...Array(60).keys()].map((i) => i + 2), 4) };
    case 'word_sum': {
      const op = rng.bool() ? '+' : '-';
      const a = rng.int(3, 15);
      const b = rng.int(2, op === '+' ? 12 : a - 1);
      return { a, b, op };
    }
    case 'next_in_sequence':
      return { start: rng.int(1, 20), step: rng.int(2, 9), shown: 4 };
    case 'count_letter': {
      const word = rng.pick(upperWords.filter((w) => new Set(w).size < w.length) as string[]);
      const counts = new Map<string, number>();
      for (const c of word) counts.set(c, (counts.get(c) ?? 0) + 1);
      const rep = [...counts.entries()].filter(([, n]) => n > 1).map(([c]) => c);
      return { word, letter: rng.pick(rep.length && rng.bool(0.7) ? rep : [...new Set(word)]) };
    }
    case 'chain': {
      const a = rng.int(4, 15);
      const b = rng.int(2, 12);
      return { a, b, c: rng.int(1, a + b - 1) };
    }
    case 'digit_sum':
      return { n: rng.int(102, 989) };
  }
}

/** Engine #8 text_question_logic (group A, Click+Type, verifier `text_entry`). */
export const textQuestionLogic = textEntryEngine<QuestionLogicLatent, typeof KNOBS>({
  type: 'text_question_logic',
  number: 8,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 96);
    const template = rng.pick(k.templates);
    const params = sampleParams(rng, template);
    const q = buildQuestion(template, params);
    return { frame, template, params, question: q.question, answer: q.answer, kind: q.kind, font_size: k.font_size, bg_hue: rng.int(0, 359) };
  },

  check(l) {
    if (!TEMPLATES.includes(l.template)) return 'unknown template';
    const q = buildQuestion(l.template, l.params);
    if (q.answer !== l.answer || q.question.en !== l.question.en || q.question.zh !== l.question.zh) return 'question and answer do not match the template';
    if (l.kind === 'number' && (!/^\d+$/.test(l.answer) || Number(l.answer) > 999)) return 'answer is not a small non-negative integer';
    if (l.kind === 'letter' && !/^[A-Z]$/.test(l.answer)) return 'answer is not a single letter';
    if (l.template === 'largest' || l.template === 'smallest') {
      const ns = l.params.numbers as number[];
      if (new Set(ns).size !== ns.length) return 'repeated number makes the extreme ambiguous';
    }
    if (l.font_size < 14) return 'question text too small';
    const w = l.frame.image_box[2] - l.frame.image_box[0] - 24;
    const h = l.frame.image_box[3] - l.frame.image_box[1];
    for (const loc of ['en-US', 'zh-CN'] as const) {
      const lines = wrapPhrases(say(loc, l.question), l.font_size, w, { weight: 700 });
      if (lines.length * l.font_size * 1.35 > h - 14) return 'question does not fit the picture';
    }
    return null;
  },

  picture: (l, style, rng) => questionPicture(l, say(style.locale, l.question), style, rng),

  answer: (l) => ({ text: l.answer, valid: l.kind === 'number' ? numberAnswers(Number(l.answer)) : [l.answer] }),

  reading(l, locale, _m, widget) {
    const T = 'text_question_logic';
    const p = l.params;
    let why = '';
    switch (l.template) {
      case 'letter_of_word': {
        const w = p.word as string;
        why = say(locale, `${T}.why_letter_of_word`, { word: w, letters: [...w].join(say(locale, `${T}.letter_sep`)), index: p.index as number, answer: l.answer });
        break;
      }
      case 'count_letters':
        why = say(locale, `${T}.why_count_letters`, { word: p.word as string, answer: l.answer });
        break;
      case 'largest':
      case 'smallest':
        why = say(locale, `${T}.why_${l.template}`, { numbers: (p.numbers as number[]).join(say(locale, `${T}.list_sep`)), answer: l.answer });
        break;
      case 'word_sum':
        why = say(locale, `${T}.why_word_sum`, { a: p.a as number, op: p.op as string, b: p.b as number, answer: l.answer });
        break;
      case 'next_in_sequence':
        why = say(locale, `${T}.why_next_in_sequence`, { step: p.step as number, answer: l.answer });
        break;
      case 'count_letter':
        why = say(locale, `${T}.why_count_letter`, { letter: p.letter as string, word: p.word as string, answer: l.answer });
        break;
      case 'chain':
        why = say(locale, `${T}.why_chain`, { a: p.a as number, b: p.b as number, ab: (p.a as number) + (p.b as number), c: p.c as number, answer: l.answer });
        break;
      case 'digit_sum':
        why = say(locale, `${T}.why_digit_sum`, { digits: [...String(p.n)].join(' + '), answer: l.answer });
        break;
    }
    // the question as the picture shows it (`picture` draws say(style.locale, question))
    return say(locale, `${T}.reasoning`, { question: say(widget, l.question), why });
  },

});
