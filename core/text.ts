/**
 * Text comparison shared by the hit test (hittest/records.ts, naming an item by a text no other visible
 * text shows) and the query writer (generators/grounding/queries.ts, the uniqueness rules): one rule, so a
 * name the hit test records is unique by the same test the writer applies.
 */

/** Recent results of {@link normText} (a pure function; the query writer asks for the same texts many times per page). */
const NORM_MEMO = new Map<string, string>();
/** Entries kept before the memo starts afresh (bounds memory on long runs). */
const NORM_MEMO_MAX = 20_000;

/** Comparison form of a visible text: NFKC, lower case, punctuation and symbols as spaces, whitespace collapsed. */
export const normText = (s: string): string => {
  let n = NORM_MEMO.get(s);
  if (n === undefined) {
    n = s.normalize('NFKC').toLowerCase().replace(/[\p{P}\p{S}\s\u200b]+/gu, ' ').trim();
    if (NORM_MEMO.size >= NORM_MEMO_MAX) NORM_MEMO.clear();
    NORM_MEMO.set(s, n);
  }
  return n;
};

/** Scripts written without spaces between words: a needle in them matches anywhere. */
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** `needle` (normalised, {@link normText}) occurs in `hay` (normalised): as whole words, or anywhere in scripts written without spaces. */
export const containsText = (hay: string, needle: string): boolean =>
  needle !== '' && (NO_SPACE_SCRIPT.test(needle) ? hay.includes(needle) : ` ${hay} `.includes(` ${needle} `));
