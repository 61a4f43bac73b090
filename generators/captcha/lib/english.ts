/**
 * English grammar helpers for reasoning and instruction text: lists, ordinals, plurals.
 */

/** English list "a, b and c". */
export function listEn(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join(', ') + ' and ' + items[items.length - 1];
}

/** Ordinal "1st", "2nd", "3rd", "4th", ... */
export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${s}`;
}

/** English plural of an icon / shape name ("leaf" → "leaves", "star" → "stars"). */
export function plural(en: string): string {
  if (en.endsWith('f')) return en.slice(0, -1) + 'ves';
  if (/(s|x|ch|sh)$/.test(en)) return en + 'es';
  return en + 's';
}
