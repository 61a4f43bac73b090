/** Text as people read it on screen: whitespace collapsed, `text-transform` applied. */

/** Collapse runs of whitespace (incl. NBSP and zero-width space) to one space and trim. */
export const collapse = (s: string): string => s.replace(/[\s\u00a0\u200b]+/g, ' ').trim();

/** Text as drawn under `text-transform` (queries quote what the screenshot shows: GENERAL, not General). */
export const painted = (t: string, transform: string): string =>
  transform === 'uppercase'
    ? t.toLocaleUpperCase()
    : transform === 'lowercase'
      ? t.toLocaleLowerCase()
      : transform === 'capitalize'
        ? t.replace(/(^|[\s\-/(\[{"'“‘])(\p{L})/gu, (_m, a: string, b: string) => a + b.toLocaleUpperCase())
        : t;
