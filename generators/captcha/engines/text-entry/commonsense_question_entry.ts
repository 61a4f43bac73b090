/**
 * #92 commonsense_question_entry (group A, OCR text entry, Click+Type): a rendered everyday-knowledge
 * question to answer in the input ("How many legs does a spider have?", "Which animal barks?"),
 * MCA-Bench commonsense Q&A. Hard puzzles combine a fact with a small multiplication ("How many legs
 * do 3 spiders have?"). The question is drawn in the widget's locale; every accepted answer in both
 * locales (and synonyms, number words) is listed in the verifier.
 *
 * Validity: the fact is one of the bank's (one accepted reading), no accepted answer is written in the
 * question, and the question fits the picture.
 */
import { defineKnobs, knob } from '../../engine.js';
import { wrapPhrases } from '../../lib/draw.js';
import { type Bi, say } from '../../lib/i18n.js';
import { questionPicture, textEntryEngine } from './template.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { numberAnswers, numberEn, numberZh, stripAccents } from '../../lib/number-words.js';
import { textWidth } from '../../../../renderers/glyphs.js';

/** One fact of the bank: the question and every accepted answer (first = canonical). */
interface Fact {
  id: string;
  q: Bi;
  /** Accepted answers in English and Chinese (other locales' words: {@link WORD_ANSWERS}), or a count for numeric facts. */
  answers: string[] | number;
  /** For counting facts: the question for `k` of the thing ("How many legs do 3 spiders have?"). */
  many?: (k: number) => Bi;
}

/** The fact bank: everyday knowledge with one unambiguous answer. */
export const FACTS: readonly Fact[] = [
  { id: 'spider_legs', q: { en: 'How many legs does a spider have?', zh: '一只蜘蛛有几条腿？' }, answers: 8, many: (k) => ({ en: `How many legs do ${k} spiders have in total?`, zh: `${k} 只蜘蛛一共有几条腿？` }) },
  { id: 'dog_legs', q: { en: 'How many legs does a dog have?', zh: '一只狗有几条腿？' }, answers: 4, many: (k) => ({ en: `How many legs do ${k} dogs have in total?`, zh: `${k} 只狗一共有几条腿？` }) },
  { id: 'week_days', q: { en: 'How many days are there in a week?', zh: '一个星期有几天？' }, answers: 7, many: (k) => ({ en: `How many days are there in ${k} weeks?`, zh: `${k} 个星期一共有几天？` }) },
  { id: 'year_months', q: { en: 'How many months are there in a year?', zh: '一年有几个月？' }, answers: 12, many: (k) => ({ en: `How many months are there in ${k} years?`, zh: `${k} 年一共有几个月？` }) },
  { id: 'bicycle_wheels', q: { en: 'How many wheels does a bicycle have?', zh: '一辆自行车有几个轮子？' }, answers: 2, many: (k) => ({ en: `How many wheels do ${k} bicycles have in total?`, zh: `${k} 辆自行车一共有几个轮子？` }) },
  { id: 'square_corners', q: { en: 'How many corners does a square have?', zh: '正方形有几个角？' }, answers: 4, many: (k) => ({ en: `How many corners do ${k} squares have in total?`, zh: `${k} 个正方形一共有几个角？` }) },
  { id: 'hand_fingers', q: { en: 'How many fingers are there on one hand?', zh: '一只手有几根手指？' }, answers: 5, many: (k) => ({ en: `How many fingers are there on ${k} hands?`, zh: `${k} 只手一共有几根手指？` }) },
  { id: 'day_hours', q: { en: 'How many hours are there in a day?', zh: '一天有多少小时？' }, answers: 24, many: (k) => ({ en: `How many hours are there in ${k} days?`, zh: `${k} 天一共有多少小时？` }) },
  { id: 'hour_minutes', q: { en: 'How many minutes are there in an hour?', zh: '一小时有多少分钟？' }, answers: 60 },
  { id: 'grass', q: { en: 'What colour is fresh grass?', zh: '新鲜的草是什么颜色？' }, answers: ['green', '绿色', '绿'] },
  { id: 'snow', q: { en: 'What colour is fresh snow?', zh: '新下的雪是什么颜色？' }, answers: ['white', '白色', '白'] },
  { id: 'sky', q: { en: 'What colour is the sky on a clear day?', zh: '晴天时天空是什么颜色？' }, answers: ['blue', '蓝色', '蓝'] },
  { id: 'banana', q: { en: 'What colour is a ripe banana?', zh: '成熟的香蕉是什么颜色？' }, answers: ['yellow', '黄色', '黄'] },
  { id: 'meow', q: { en: 'Which animal says "meow"?', zh: '哪种动物会“喵喵”叫？' }, answers: ['cat', 'a cat', 'cats', '猫', '猫咪'] },
  { id: 'bark', q: { en: 'Which pet animal barks?', zh: '哪种宠物会汪汪叫？' }, answers: ['dog', 'a dog', 'dogs', '狗', '小狗'] },
  { id: 'bees', q: { en: 'What sweet food do bees make?', zh: '蜂巢里储存的甜食叫什么？' }, answers: ['honey', '蜂蜜', '蜜'] },
  { id: 'ice', q: { en: 'What do we call frozen water?', zh: '水结冻后叫什么？' }, answers: ['ice', '冰'] },
  { id: 'planet', q: { en: 'Which planet do we live on?', zh: '我们生活在哪颗行星上？' }, answers: ['earth', 'the earth', '地球'] },
  { id: 'scissors', q: { en: 'What tool do you use to cut paper?', zh: '剪纸用什么工具？' }, answers: ['scissors', 'a pair of scissors', '剪刀'] },
  { id: 'after_winter', q: { en: 'Which season comes after winter?', zh: '冬天之后是哪个季节？' }, answers: ['spring', '春天', '春季', '春'] },
  { id: 'after_summer', q: { en: 'Which season comes after summer?', zh: '夏天之后是哪个季节？' }, answers: ['autumn', 'fall', '秋天', '秋季', '秋'] },
  { id: 'opp_hot', q: { en: 'What is the opposite of hot?', zh: '“热”的反义词是什么？' }, answers: ['cold', '冷'] },
  { id: 'opp_up', q: { en: 'What is the opposite of up?', zh: '“上”的反义词是什么？' }, answers: ['down', '下'] },
  { id: 'kitten', q: { en: 'What do we call a baby cat?', zh: '幼小的猫叫什么？' }, answers: ['kitten', 'kitty', '小猫', '猫崽'] },
  { id: 'sunrise', q: { en: 'In which direction does the sun rise?', zh: '太阳从哪个方向升起？' }, answers: ['east', 'the east', '东', '东方', '东边'] },
  { id: 'morning_meal', q: { en: 'What is the first meal of the day called?', zh: '一天中的第一顿饭叫什么？' }, answers: ['breakfast', '早餐', '早饭'] },
  { id: 'giraffe', q: { en: 'Which African animal has the longest neck?', zh: '哪种非洲动物的脖子最长？' }, answers: ['giraffe', 'a giraffe', '长颈鹿'] },
  { id: 'eyes', q: { en: 'How many eyes does a person have?', zh: '一个人有几只眼睛？' }, answers: 2 },
];

/** Latent state of commonsense_question_entry (puzzle px). */
export interface CommonsenseLatent extends Record<string, unknown> {
  frame: EntryFrame;
  fact: string;
  /** Multiplier for hard counting questions (1 = the plain fact). */
  times: number;
  question: Bi;
  answer: string;
  font_size: number;
  bg_hue: number;
}

const KNOBS = defineKnobs({ facts: knob('kinds of facts asked (counts and colours; objects and animals; counts times a small number)', ['count'], ['count', 'word'], ['word', 'times']), font_size: knob('question font size, puzzle px', 18, 17, 16) });

const factById = (id: string): Fact | undefined => FACTS.find((f) => f.id === id);

/** Question and accepted answers of a fact (times > 1: the counting fact multiplied). Pure. */
export function factQuestion(f: Fact, times: number): { question: Bi; answers: string[] } {
  if (typeof f.answers === 'number') {
    const n = f.answers * times;
    return { question: times > 1 && f.many ? f.many(times) : f.q, answers: numberAnswers(n) };
  }
  const more = (WORD_ANSWERS[f.id] ?? []).flatMap((w) => [w, stripAccents(w)]);
  return { question: f.q, answers: [...new Set([...f.answers, ...more])] };
}

/**
 * Answers of the word facts in the other instruction locales (ja, de, es, fr, ar; lower case, as the
 * scorer compares): whoever reads the instruction in their language may answer in it. Each is also
 * accepted without accents. Kept apart from {@link FACTS}, whose `answers` stay English then Chinese.
 */
const WORD_ANSWERS: Readonly<Record<string, readonly string[]>> = {
  grass: ['緑', 'みどり', '緑色', 'grün', 'gruen', 'verde', 'vert', 'أخضر'],
  snow: ['白', 'しろ', '白色', 'weiß', 'weiss', 'blanco', 'blanca', 'blanc', 'blanche', 'أبيض'],
  sky: ['青', 'あお', '青色', 'blau', 'azul', 'bleu', 'أزرق'],
  banana: ['黄色', 'きいろ', 'gelb', 'amarillo', 'amarilla', 'jaune', 'أصفر'],
  meow: ['ねこ', 'ネコ', 'katze', 'eine katze', 'gato', 'un gato', 'chat', 'un chat', 'قطة', 'قط', 'القطة'],
  bark: ['犬', 'いぬ', 'イヌ', 'hund', 'ein hund', 'perro', 'un perro', 'chien', 'un chien', 'كلب', 'الكلب'],
  bees: ['はちみつ', 'ハチミツ', 'honig', 'miel', 'la miel', 'le miel', 'عسل', 'العسل'],
  ice: ['氷', 'こおり', 'eis', 'hielo', 'glace', 'la glace', 'جليد', 'الجليد'],
  planet: ['ちきゅう', 'erde', 'die erde', 'tierra', 'la tierra', 'terre', 'la terre', 'الأرض', 'أرض'],
  scissors: ['はさみ', 'ハサミ', 'schere', 'eine schere', 'tijeras', 'unas tijeras', 'ciseaux', 'des ciseaux', 'مقص', 'المقص'],
  after_winter: ['はる', 'frühling', 'fruehling', 'frühjahr', 'primavera', 'la primavera', 'printemps', 'le printemps', 'الربيع', 'ربيع'],
  after_summer: ['あき', 'herbst', 'der herbst', 'otoño', 'el otoño', 'automne', 'l’automne', "l'automne", 'الخريف', 'خريف'],
  opp_hot: ['冷たい', '寒い', 'つめたい', 'さむい', 'kalt', 'frío', 'fría', 'froid', 'froide', 'بارد'],
  opp_up: ['した', 'unten', 'runter', 'abajo', 'bas', 'en bas', 'أسفل', 'تحت'],
  kitten: ['子猫', 'こねこ', 'kätzchen', 'kaetzchen', 'gatito', 'chaton', 'هريرة', 'قطة صغيرة'],
  sunrise: ['東', 'ひがし', 'osten', 'im osten', 'este', 'el este', 'est', 'l’est', "l'est", 'الشرق', 'شرق'],
  morning_meal: ['朝食', '朝ごはん', 'あさごはん', 'frühstück', 'fruehstueck', 'desayuno', 'el desayuno', 'petit-déjeuner', 'petit déjeuner', 'le petit-déjeuner', 'فطور', 'الفطور', 'الإفطار'],
  giraffe: ['キリン', 'きりん', 'giraffe', 'eine giraffe', 'jirafa', 'la jirafa', 'girafe', 'la girafe', 'زرافة', 'الزرافة'],
};

/** Engine #92 commonsense_question_entry (group A, Click+Type, verifier `text_entry`). */
export const commonsenseQuestionEntry = textEntryEngine<CommonsenseLatent, typeof KNOBS>({
  type: 'commonsense_question_entry',
  number: 92,
  knobs: KNOBS,

  sample(rng, k) {
    const kind = rng.pick(k.facts);
    const pool = FACTS.filter((f) => (kind === 'word' ? typeof f.answers !== 'number' : typeof f.answers === 'number' && (kind === 'count' || f.many)));
    const f = rng.pick(pool);
    const times = kind === 'times' ? rng.int(2, 4) : 1;
    const q = factQuestion(f, times);
    return { frame: entryFrame(rng, 96), fact: f.id, times, question: q.question, answer: q.answers[0]!, font_size: k.font_size, bg_hue: rng.int(0, 359) };
  },

  check(l) {
    const f = factById(l.fact);
    if (!f) return 'unknown fact';
    if (l.times < 1 || l.times > 4 || (l.times > 1 && !f.many)) return 'multiplier not allowed for this fact';
    const q = factQuestion(f, l.times);
    if (q.question.en !== l.question.en || q.question.zh !== l.question.zh || q.answers[0] !== l.answer) return 'question and answer do not match the fact';
    for (const a of q.answers) {
      for (const text of [l.question.en, l.question.zh]) {
        const hit = /^[0-9]+$/.test(a) ? new RegExp(`(^|[^0-9])${a}([^0-9]|$)`).test(text) : /^[a-z ]+$/.test(a) ? new RegExp(`\\b${a}\\b`, 'i').test(text) : text.includes(a);
        if (hit) return `the answer '${a}' is written in the question`;
      }
    }
    const w = l.frame.image_box[2] - l.frame.image_box[0] - 24;
    const h = l.frame.image_box[3] - l.frame.image_box[1];
    for (const loc of ['en-US', 'zh-CN'] as const) {
      const lines = wrapPhrases(say(loc, l.question), l.font_size, w, { weight: 700 });
      if (lines.length * l.font_size * 1.35 > h - 14) return 'question does not fit the picture';
      if (lines.some((ln) => textWidth(ln, l.font_size, { weight: 700 }) > w)) return 'question line wider than the picture';
    }
    return null;
  },

  picture: (l, style, rng) => questionPicture(l, say(style.locale, l.question), style, rng),

  answer: (l) => ({ text: l.answer, valid: factQuestion(factById(l.fact)!, l.times).answers }),

  reading(l, locale, _m, widget) {
    const f = factById(l.fact)!;
    let why: string;
    if (typeof f.answers === 'number' && l.times > 1) {
      const n = f.answers;
      why = say(locale, 'commonsense_question_entry.reasoning_times', { q_en: f.q.en, q: say(locale, f.q), numberEn: numberEn(n), numberZh: numberZh(n), n, times: l.times, answer: l.answer });
    } else why = say(locale, 'commonsense_question_entry.reasoning_known', { answer: l.answer });
    // the question as the picture shows it (`picture` draws say(style.locale, question))
    return say(locale, 'commonsense_question_entry.reasoning', { question: say(widget, l.question), why });
  },

});
