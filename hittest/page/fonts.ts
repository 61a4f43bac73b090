/**
 * Fonts of the settle step (hittest/page/settle.ts step 3; hittest/README.md "Fonts (settle.ts)"): for
 * every used style/weight/stretch/family stack, each `@font-face` family of the stack gets the
 * characters the browser draws with it (those in its faces' `unicode-range` not taken by an earlier
 * family) and is loaded with `document.fonts.load()` for exactly those, then checked with
 * `document.fonts.check()`; then `document.fonts.ready`. Problems are reported, one line each.
 */

/** Generic families and the platform aliases: a font of the machine, never an `@font-face` of the page. */
const GENERIC = new Set([
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace',
  'ui-rounded', 'emoji', 'math', 'fangsong', '-apple-system', 'blinkmacsystemfont',
]);

/** A family name without its quotes. */
const unq = (f: string): string => f.trim().replace(/^["']|["']$/g, '');

/** A computed `font-family` list, split on the commas outside quotes (`"Foo, Bar", serif`: two families), unquoted. */
const familyList = (list: string): string[] => (list.match(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^,]+/g) ?? []).map(unq).filter(Boolean);

/** A `font-style` value (computed or a face's descriptor, `oblique 10deg` included) as the kind font matching compares. */
const styleKind = (style: string): Face['style'] => (style.startsWith('oblique') ? 'oblique' : style === 'italic' ? 'italic' : 'normal');

/** One `@font-face` of a document: its style kind, weight range (one weight: `lo === hi`) and unicode ranges. */
interface Face {
  style: 'normal' | 'italic' | 'oblique';
  lo: number;
  hi: number;
  ranges: Array<[number, number]>;
}

/** Every `@font-face` of `d` by lower-cased, unquoted family, in `document.fonts` order. */
function declaredFaces(d: Document): Map<string, Face[]> {
  const faces = new Map<string, Face[]>();
  d.fonts.forEach((f) => {
    const fam = unq(f.family).toLowerCase();
    const ws = String(f.weight).split(/\s+/).map((x) => (x === 'bold' ? 700 : x === 'normal' ? 400 : Number(x)));
    const lo = Number.isFinite(ws[0]) ? ws[0]! : 400;
    const hi = Number.isFinite(ws[1]) ? ws[1]! : lo;
    const list = faces.get(fam) ?? [];
    list.push({ style: styleKind(f.style), lo, hi, ranges: faceRanges(f) });
    faces.set(fam, list);
  });
  return faces;
}

/**
 * Load and check the fonts the text of `docs` (and of the shadow roots `roots`) uses; every wait is
 * bounded by `timeoutMs` through `withTimeout`. Returns the problems (`fontIssues`), the families no
 * `@font-face` provides (`undeclared`), every family named in a used stack (`families`) and, per used
 * stack, the visible characters no declared face covers, which the machine's own fonts draw
 * (`systemText`, lines `<style weight size> <system family>: <characters>`).
 */
export async function loadUsedFonts(
  docs: Document[],
  roots: ShadowRoot[],
  withTimeout: <T>(p: Promise<T>, ms: number) => Promise<T | undefined>,
  timeoutMs: number,
): Promise<{ fontIssues: string[]; undeclared: Set<string>; families: Set<string>; systemText: string[] }> {
  const fontIssues: string[] = [];
  const systemText: string[] = [];
  const undeclared = new Set<string>();
  // what Chromium's UA style sheet resolves to when no author rule sets a font (body text, form controls)
  const UA_DEFAULTS = new Set(['times new roman', 'arial', 'courier new', 'system-ui']);
  const families = new Set<string>();
  for (const d of docs) {
    const w = d.defaultView ?? window;
    const used = new Map<string, string>();
    /** font -> its style/weight/stretch/size prefix (without the family list) */
    const prefixes = new Map<string, string>();
    /** font -> every distinct character drawn with it, and its computed style and weight */
    const usedChars = new Map<string, Set<string>>();
    const descriptors = new Map<string, { style: string; weight: number }>();
    // text per element: text nodes (one TreeWalker per tree), plus form controls' values
    const ownText = new Map<Element, string>();
    const SKIP = new Set(['script', 'style', 'template', 'noscript', 'title']);
    const trees: Array<Document | ShadowRoot> = [d, ...roots.filter((r) => r.ownerDocument === d)];
    for (const t of trees) {
      const tw = d.createTreeWalker(t, NodeFilter.SHOW_TEXT);
      for (let n = tw.nextNode(); n; n = tw.nextNode()) {
        const data = (n as Text).data;
        const p = n.parentElement ?? ((n.parentNode as ShadowRoot | null)?.host ?? null);
        if (!p || SKIP.has(p.localName) || !/\S/.test(data)) continue;
        ownText.set(p, (ownText.get(p) ?? '') + data);
      }
      for (const el of Array.from(t.querySelectorAll('input, textarea, select'))) {
        const tag = el.localName;
        let own = '';
        if (tag === 'textarea' || (tag === 'input' && !/^(checkbox|radio|range|color|file|hidden|image)$/.test((el as HTMLInputElement).type))) {
          own += (el as HTMLInputElement).value + ((el as HTMLInputElement).placeholder || '');
        }
        if (tag === 'select') own += Array.from((el as HTMLSelectElement).options).map((o) => o.text).join('');
        if (/\S/.test(own)) ownText.set(el, (ownText.get(el) ?? '') + own);
      }
    }
    for (const [el, own] of ownText) {
      // text that is not rendered (display:none subtree, unassigned slot) needs no font
      const s = w.getComputedStyle(el);
      if (typeof el.checkVisibility === 'function' && s.display !== 'contents' && !el.checkVisibility()) continue;
      if (s.display === 'none') continue;
      const KW: Record<string, string> = { '50%': 'ultra-condensed', '62.5%': 'extra-condensed', '75%': 'condensed', '87.5%': 'semi-condensed', '112.5%': 'semi-expanded', '125%': 'expanded', '150%': 'extra-expanded', '200%': 'ultra-expanded' };
      const stretch = KW[s.fontStretch] ?? '';
      const font = `${s.fontStyle === 'normal' ? '' : s.fontStyle} ${s.fontWeight} ${stretch} 16px ${s.fontFamily}`.replace(/\s+/g, ' ').trim();
      prefixes.set(font, `${s.fontStyle === 'normal' ? '' : s.fontStyle} ${s.fontWeight} ${stretch} 16px`.replace(/\s+/g, ' ').trim());
      const prev = used.get(font) ?? '';
      if (prev.length < 4000) used.set(font, prev + own.replace(/\s+/g, ''));
      // every distinct character, without the cap above, for the coverage check (systemText)
      let chars = usedChars.get(font);
      if (!chars) {
        chars = new Set();
        usedChars.set(font, chars);
        descriptors.set(font, { style: s.fontStyle, weight: Number(s.fontWeight) || 400 });
      }
      for (const ch of own) chars.add(ch);
    }
    const faces = declaredFaces(d);
    const declared = new Set(faces.keys());
    // unicode ranges of each declared family, all its faces (a face without unicode-range covers everything)
    const ranges = new Map([...faces].map(([fam, list]) => [fam, list.flatMap((f) => f.ranges)]));
    // per font stack: each declared family gets the characters the browser would draw with it (those in
    // its unicode ranges not taken by an earlier family), exactly the faces rendering needs
    const perFamily: Array<{ font: string; family: string; text: string }> = [];
    for (const [font, text] of used) {
      const fam = familyList(font.split(' 16px ')[1] ?? '');
      for (const f of fam) {
        if (!GENERIC.has(f.toLowerCase()) && !declared.has(f.toLowerCase())) undeclared.add(f);
      }
      let remaining = [...new Set(Array.from(text))];
      for (const f of fam) {
        const rs = ranges.get(f.toLowerCase());
        if (!rs) {
          if (GENERIC.has(f.toLowerCase()) || !declared.has(f.toLowerCase())) break; // system font: the rest falls back to it
          continue;
        }
        const mine = remaining.filter((ch) => {
          const cp = ch.codePointAt(0)!;
          return rs.some(([lo, hi]) => cp >= lo && cp <= hi);
        });
        if (!mine.length) continue;
        perFamily.push({ font: `${prefixes.get(font) ?? '16px'} "${f.replace(/"/g, '\\"')}"`, family: f, text: mine.join('') });
        remaining = remaining.filter((ch) => !mine.includes(ch));
        if (!remaining.length) break;
      }
    }
    systemText.push(...machineDrawn(faces, usedChars, descriptors, prefixes));
    await withTimeout(Promise.all(perFamily.map((p) => d.fonts.load(p.font, p.text).catch(() => undefined))), timeoutMs);
    await withTimeout(d.fonts.ready, timeoutMs);
    const loaded = new Set<string>();
    d.fonts.forEach((f) => {
      if (f.status === 'loaded') loaded.add(unq(f.family).toLowerCase());
    });
    for (const p of perFamily) {
      try {
        if (!d.fonts.check(p.font, p.text)) fontIssues.push(`fonts.check false: ${p.font}`);
      } catch (e) {
        fontIssues.push(`fonts.check error: ${p.font}: ${String(e)}`);
      }
    }
    for (const [font] of used) {
      const fam = familyList(font.split(' 16px ')[1] ?? '');
      for (const f of fam) families.add(f);
      // the primary family must be a web font of the page (a misspelt or missing family falls back to
      // a system font while fonts.ready resolves anyway)
      // (a lone browser default such as a <button>'s 'Arial' is not a mismatch: it stays a warning)
      const primary = fam[0];
      const uaDefault = fam.length === 1 && !!primary && UA_DEFAULTS.has(primary.toLowerCase());
      if (primary && !GENERIC.has(primary.toLowerCase()) && !declared.has(primary.toLowerCase()) && !uaDefault) {
        fontIssues.push(`primary font family not declared by @font-face (system fallback): ${primary}`);
      }
      // some face of the stack's declared families is actually in use (loaded) for this text
      const decl = fam.filter((f) => declared.has(f.toLowerCase()));
      if (decl.length && !decl.some((f) => loaded.has(f.toLowerCase()))) {
        fontIssues.push(`no face of ${decl.join(', ')} loaded for: ${font}`);
      }
    }
    d.fonts.forEach((f) => {
      if (f.status === 'error') fontIssues.push(`font face failed to load: ${f.family} ${f.style} ${f.weight}`);
    });
  }
  return { fontIssues, undeclared, families, systemText };
}

/** A face's `unicode-range` as inclusive code point ranges (`U+4??` is U+400-4FF; none: everything). */
function faceRanges(f: FontFace): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const part of (f.unicodeRange || 'U+0-10FFFF').split(',')) {
    const m = /U\+([0-9a-f?]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
    if (!m) continue;
    const lo = parseInt(m[1]!.replace(/\?/g, '0'), 16);
    const hi = m[2] ? parseInt(m[2], 16) : parseInt(m[1]!.replace(/\?/g, 'f'), 16);
    out.push([lo, hi]);
  }
  return out;
}

/**
 * Text a font of the machine draws (`SettleResult.systemText`): per used font stack, the visible characters
 * that no `@font-face` of the stack covers, as `<style weight 16px> <first system family>: <characters>`.
 *
 * A family covers a character when a face of it that CSS font matching selects for the text's style and
 * weight has it in its `unicode-range` (a face without one covers everything). Matching (CSS Fonts 4,
 * "font-style" then "font-weight" matching): style `italic` prefers italic faces, then oblique, then
 * normal ones; `oblique` prefers oblique, italic, normal; `normal` prefers normal, oblique, italic. Among
 * those, a weight in [400, 500] takes the faces at or above it up to 500, then below it (descending), then
 * above 500; a weight below 400 the faces at or below it (descending), then above; a weight above 500 the
 * faces at or above it, then below (descending). The faces with the chosen descriptors together make the
 * family's font for that text; the others are not used for it, whatever their ranges. Stretch is not matched.
 *
 * Not seen (the check reads text nodes and form values only, and trusts `unicode-range`): text generated by
 * CSS (`::before`/`::after` content, list markers, a `::placeholder` with its own font, a file input's button)
 * and a character inside a face's range that the font file itself lacks.
 */
function machineDrawn(
  faces: ReadonlyMap<string, readonly Face[]>,
  usedChars: ReadonlyMap<string, ReadonlySet<string>>,
  descriptors: ReadonlyMap<string, { style: string; weight: number }>,
  prefixes: ReadonlyMap<string, string>,
): string[] {
  const STYLE_ORDER: Record<Face['style'], Array<Face['style']>> = {
    italic: ['italic', 'oblique', 'normal'],
    oblique: ['oblique', 'italic', 'normal'],
    normal: ['normal', 'oblique', 'italic'],
  };
  /** Sort key of weight `w` for wanted weight `want` (lower is preferred). */
  const rank = (want: number, w: number): number => {
    if (want >= 400 && want <= 500) {
      if (w >= want && w <= 500) return w - want;
      if (w < want) return 1000 + (want - w);
      return 2000 + (w - 500);
    }
    if (want < 400) return w <= want ? want - w : 1000 + (w - want);
    return w >= want ? w - want : 1000 + (want - w);
  };
  /** The ranges of the faces of `fam` that matching selects for (style, weight), or null when none is declared. */
  const coverage = (fam: string, style: string, weight: number): Array<[number, number]> | null => {
    const list = faces.get(fam.toLowerCase());
    if (!list?.length) return null;
    let pool: Face[] = [];
    for (const k of STYLE_ORDER[styleKind(style)]) {
      pool = list.filter((f) => f.style === k);
      if (pool.length) break;
    }
    // a face's own weight nearest to the wanted one within its range (variable fonts declare a range)
    const eff = (f: Face): number => (weight >= f.lo && weight <= f.hi ? weight : rank(weight, f.lo) <= rank(weight, f.hi) ? f.lo : f.hi);
    let best = Infinity;
    for (const f of pool) best = Math.min(best, rank(weight, eff(f)));
    return pool.filter((f) => rank(weight, eff(f)) === best).flatMap((f) => f.ranges);
  };
  // control characters, separators and variation selectors draw nothing of their own
  const INVISIBLE = /[\p{C}\p{Z}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/u;
  const out: string[] = [];
  for (const [font, chars] of usedChars) {
    const desc = descriptors.get(font) ?? { style: 'normal', weight: 400 };
    const fam = familyList(font.split(' 16px ')[1] ?? '');
    let remaining = [...chars].filter((ch) => !INVISIBLE.test(ch));
    let system = '';
    for (const f of fam) {
      const rs = coverage(f, desc.style, desc.weight);
      if (!rs) {
        if (GENERIC.has(f.toLowerCase()) || !faces.has(f.toLowerCase())) {
          system = f; // a font of the machine: the rest falls back to it
          break;
        }
        continue;
      }
      remaining = remaining.filter((ch) => {
        const cp = ch.codePointAt(0)!;
        return !rs.some(([lo, hi]) => cp >= lo && cp <= hi);
      });
      if (!remaining.length) break;
    }
    if (remaining.length) {
      out.push(`${prefixes.get(font) ?? '16px'} ${system || '(browser default)'}: ${remaining.slice(0, 12).join('')}${remaining.length > 12 ? `… (${remaining.length})` : ''}`);
    }
  }
  return out;
}
