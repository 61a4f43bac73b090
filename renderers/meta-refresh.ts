/**
 * Meta refresh in `--pages` documents. Chromium runs a `<meta http-equiv="refresh" content="N; url=…">` on
 * real time, not on the page's paused fake clock (renderers/browser.ts `CLOCK_EPOCH`), so a page with
 * `content="1"` showed its own document in some runs and the other one in others: the same input gave a
 * record once and a `navigated` reject the next time. The page server therefore decides by the page
 * clock instead, before the browser sees the tag:
 *
 * - every refresh tag of a served HTML document is held (its `http-equiv` attribute renamed, so the browser
 *   never schedules it);
 * - the caller rejects the sample as `navigated` when the main document's refresh would fire within the
 *   page time a capture lets pass (`CLOCK_RUN_MS`), and labels the page as it is otherwise, since by page
 *   time it is still showing its own document when it is captured.
 *
 * Tags are found with parse5 (the HTML standard's tree builder, scripting on): a tag inside `<noscript>`,
 * `<template>`, a comment or a script's text is not a tag, as in the browser. A refresh a script inserts
 * later, an iframe's own document and an HTTP `Refresh` header (the page server sends none) are not handled
 * here: a script-inserted refresh still runs on real time.
 */
import { parse } from 'parse5';

/** One refresh tag of a document, as Chromium reads its `content` attribute. */
export interface MetaRefresh {
  /** Delay in seconds after load (Chromium keeps a fractional part: `0.9` is 0.9 s). */
  delaySeconds: number;
  /** Target URL, resolved against the document's URL; the document itself when the tag names none. */
  url: string;
}

/** A document with its refresh tags held (see the module comment). */
export interface HeldDocument {
  /** The document's bytes, every refresh tag's `http-equiv` attribute renamed; the input itself when it has none. */
  body: Buffer;
  /** The refresh tags in document order. */
  refreshes: MetaRefresh[];
}

/** The attribute a held tag carries instead of `http-equiv` (visible to the page's scripts, inert to the browser). */
export const HELD_ATTRIBUTE = 'data-uisynth-held-http-equiv';

/** HTML space characters (the whitespace Chromium skips in a meta tag's refresh value). */
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
const strip = (s: string): string => s.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');

/** Chromium's delay: digits and full stops only, anything from a second full stop on ignored; null when invalid. */
function refreshTime(source: string): number | null {
  if (!/^[0-9.]*$/.test(source)) return null;
  const second = source.indexOf('.', source.indexOf('.') + 1);
  const number = second < 0 ? source : source.slice(0, second);
  // Chromium's String::ToDouble: a decimal number, "." and "" are not
  if (!/^(?:[0-9]+\.?[0-9]*|\.[0-9]+)$/.test(number)) return null;
  return Number(number);
}

/**
 * Read a refresh tag's `content` the way Chromium does: the renderer's behaviour is what decides whether a page
 * leaves. Transcribed from Chromium's `ParseHTTPRefresh` and `ParseRefreshTime`
 * (third_party/blink/renderer/platform/network/http_parsers.cc), which differ from the HTML standard's
 * "shared declarative refresh steps" in fractional delays and quoted URLs; test/meta-refresh.test.ts
 * checks this reading against Chromium itself.
 * @param content the attribute's value
 * @param base the document's URL (the target when none is named, and the base of a relative one)
 * @returns null when Chromium ignores the tag
 */
export function parseRefresh(content: string, base: string): MetaRefresh | null {
  const len = content.length;
  let pos = 0;
  const skip = (p: number): number => {
    while (p < len && isSpace(content[p])) p++;
    return p;
  };
  pos = skip(pos);
  if (pos >= len) return null;
  while (pos < len && content[pos] !== ',' && content[pos] !== ';' && !isSpace(content[pos])) pos++;
  const delaySeconds = refreshTime(strip(pos === len ? content : content.slice(0, pos)));
  if (delaySeconds === null) return null;
  if (pos === len) return { delaySeconds, url: base };
  pos = skip(pos);
  if (pos < len && (content[pos] === ',' || content[pos] === ';')) pos++;
  pos = skip(pos);
  let start = pos;
  if (content.slice(start, start + 3).toLowerCase() === 'url') {
    start = skip(start + 3);
    if (content[start] === '=') start = skip(start + 1);
    else start = pos; // "0; url.html"
  }
  let end = len;
  const quote = content[start];
  if (quote === '"' || quote === "'") {
    start++;
    // the LAST matching quote ends the URL; with none, everything after the opening quote
    while (end > start) {
      end--;
      if (content[end] === quote) break;
    }
    if (end === start) end = len;
  }
  try {
    return { delaySeconds, url: new URL(strip(content.slice(start, end)), base).href };
  } catch {
    return null;
  }
}

/**
 * The refresh Chromium runs when a document has several tags: a later tag replaces the one scheduled unless
 * that one's delay is strictly shorter (so the last of the shortest wins). Checked against Chromium in
 * test/meta-refresh.test.ts. Undefined for none.
 */
export function effectiveRefresh(refreshes: readonly MetaRefresh[]): MetaRefresh | undefined {
  let current: MetaRefresh | undefined;
  for (const r of refreshes) if (!current || !(current.delaySeconds < r.delaySeconds)) current = r;
  return current;
}

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  sourceCodeLocation?: { attrs?: Record<string, { startOffset: number; endOffset: number }> } | null;
}

/**
 * Hold every refresh tag of an HTML document (see the module comment).
 * @param body the document's bytes as served; read as Latin-1 so that offsets are byte offsets and the
 *   ASCII markup of the tags is found in any ASCII-compatible encoding (UTF-8, Windows-1252, Shift_JIS…).
 *   A UTF-16 document (byte-order mark FE FF or FF FE) is returned unchanged.
 * @param url the document's URL (for relative targets)
 */
export function holdMetaRefresh(body: Buffer, url: string): HeldDocument {
  if ((body[0] === 0xfe && body[1] === 0xff) || (body[0] === 0xff && body[1] === 0xfe)) return { body, refreshes: [] };
  const text = body.toString('latin1');
  // cheap exit for the common page without any refresh
  if (!/refresh/i.test(text)) return { body, refreshes: [] };
  const doc = parse(text, { sourceCodeLocationInfo: true }) as unknown as Node;
  const spans: Array<{ startOffset: number; endOffset: number }> = [];
  const refreshes: MetaRefresh[] = [];
  const walk = (n: Node): void => {
    if (n.tagName === 'meta') {
      const equiv = n.attrs?.find((a) => a.name === 'http-equiv');
      if (equiv && equiv.value.toLowerCase() === 'refresh') {
        const loc = n.sourceCodeLocation?.attrs?.['http-equiv'];
        if (loc) spans.push(loc);
        const content = n.attrs?.find((a) => a.name === 'content');
        const r = content ? parseRefresh(content.value, url) : null;
        if (r) refreshes.push(r);
      }
    }
    for (const c of n.childNodes ?? []) walk(c);
  };
  walk(doc);
  if (spans.length === 0) return { body, refreshes };
  const parts: Buffer[] = [];
  let last = 0;
  for (const s of spans.sort((a, b) => a.startOffset - b.startOffset)) {
    parts.push(body.subarray(last, s.startOffset));
    // `http-equiv="refresh"` -> `data-uisynth-held-http-equiv="refresh"` (the value keeps its bytes and quotes)
    parts.push(Buffer.from(HELD_ATTRIBUTE, 'latin1'), body.subarray(s.startOffset + 'http-equiv'.length, s.endOffset));
    last = s.endOffset;
  }
  parts.push(body.subarray(last));
  return { body: Buffer.concat(parts), refreshes };
}
