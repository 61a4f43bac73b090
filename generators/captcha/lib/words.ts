/**
 * Vocabularies for the text engines: common English words, four-character Chinese idioms (成语),
 * (number words: number-words.ts). Lists are curated by hand; {@link uniqueChars} and the
 * engines' validators filter what a puzzle may use (e.g. no repeated letters where clicks must be
 * unambiguous).
 */

/** Common English words, 4–9 letters, lower case (text_dictionary_word, spell_word_click, phrase_order_click). */
export const EN_WORDS: readonly string[] = [
  'able', 'acid', 'army', 'aunt', 'baby', 'bake', 'band', 'bank', 'barn', 'bear', 'bird', 'boat', 'bone', 'book', 'bread', 'brick',
  'bring', 'brush', 'cake', 'camp', 'card', 'chair', 'chalk', 'chest', 'child', 'cloud', 'coast', 'cold', 'corn', 'crane', 'crowd',
  'dance', 'dark', 'dream', 'drink', 'earth', 'field', 'fight', 'flame', 'floor', 'frame', 'fruit', 'ghost', 'glove', 'grain',
  'grape', 'grass', 'heart', 'horse', 'house', 'judge', 'knife', 'lamp', 'laugh', 'lemon', 'light', 'lunch', 'magic', 'maple',
  'march', 'metal', 'money', 'month', 'mouth', 'music', 'night', 'noise', 'ocean', 'paint', 'paper', 'party', 'peach', 'piano',
  'plane', 'plant', 'plate', 'price', 'queen', 'quiet', 'radio', 'river', 'robin', 'round', 'salt', 'scale', 'shape', 'sheep',
  'shirt', 'shore', 'sight', 'smile', 'snake', 'sound', 'space', 'spoon', 'sport', 'stamp', 'stone', 'storm', 'sugar', 'table',
  'tiger', 'toast', 'tower', 'train', 'truck', 'voice', 'water', 'whale', 'wheat', 'woman', 'world', 'yacht', 'youth',
  'animal', 'basket', 'branch', 'bridge', 'bucket', 'button', 'camera', 'candle', 'carpet', 'castle', 'circle', 'coffee',
  'cotton', 'danger', 'desert', 'dinner', 'doctor', 'dragon', 'engine', 'family', 'farmer', 'flower', 'forest', 'friend',
  'garden', 'ginger', 'guitar', 'hammer', 'island', 'jacket', 'jungle', 'kitten', 'ladder', 'letter', 'market', 'mirror',
  'monkey', 'number', 'orange', 'pencil', 'pepper', 'pickle', 'planet', 'pocket', 'purple', 'rabbit', 'rocket', 'saddle',
  'silver', 'singer', 'spring', 'square', 'summer', 'ticket', 'tomato', 'travel', 'turkey', 'turtle', 'valley', 'window',
  'winter', 'yellow', 'balloon', 'blanket', 'cabinet', 'captain', 'chicken', 'compass', 'cottage', 'country', 'diamond',
  'dolphin', 'feather', 'holiday', 'kitchen', 'lantern', 'library', 'machine', 'morning', 'mountain', 'pumpkin', 'rainbow',
  'sandwich', 'science', 'student', 'teacher', 'thunder', 'volcano', 'weather', 'whistle', 'elephant', 'hospital', 'umbrella',
  'keyboard', 'notebook', 'painting', 'sunlight', 'triangle', 'vacation', 'treasure', 'butterfly', 'chocolate', 'pineapple',
];

/** Four-character idioms (成语) in common use (phrase_order_click); every character is in the bundled Noto Sans SC subsets. */
export const ZH_IDIOMS: readonly string[] = [
  '一帆风顺', '马到成功', '画蛇添足', '守株待兔', '对牛弹琴', '亡羊补牢', '井底之蛙', '叶公好龙', '杯弓蛇影', '胸有成竹',
  '狐假虎威', '掩耳盗铃', '自相矛盾', '刻舟求剑', '望梅止渴', '卧薪尝胆', '破釜沉舟', '四面楚歌', '精卫填海', '愚公移山',
  '鸟语花香', '春暖花开', '万紫千红', '山清水秀', '风和日丽', '五湖四海', '心想事成', '龙飞凤舞', '画龙点睛', '百花齐放',
  '金玉满堂', '三心二意', '七上八下', '九牛一毛', '鹤立鸡群', '雪中送炭', '锦上添花', '水落石出', '海阔天空', '天长地久',
  '花好月圆', '欢天喜地', '门庭若市', '取长补短', '一石二鸟', '千方百计', '争分夺秒', '风雨同舟', '同舟共济', '日积月累',
  '学以致用', '温故知新', '举一反三', '专心致志', '全神贯注', '坐井观天', '滥竽充数', '拔苗助长', '杞人忧天', '塞翁失马',
  '指鹿为马', '纸上谈兵', '完璧归赵', '负荆请罪', '草木皆兵', '闻鸡起舞', '程门立雪', '凿壁偷光', '铁杵成针', '一鸣惊人',
  '开门见山', '东山再起', '如鱼得水', '世外桃源', '入木三分', '青出于蓝', '众志成城', '万众一心', '笨鸟先飞',
];

/** True when no character repeats. */
export function uniqueChars(s: string): boolean {
  const a = [...s];
  return new Set(a).size === a.length;
}

/** The characters of `s` sorted (anagram key). */
export const anagramKey = (s: string): string => [...s].sort().join('');

/** Number words and accepted numeric answers live in ONE table per locale: number-words.ts. */
export { numberAnswers, numberEn, numberZh } from './number-words.js';
