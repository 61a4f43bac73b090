/**
 * Fonts of the settle step (hittest/page/settle.ts step 3; hittest/README.md "Fonts (settle.ts)"): for
 * every used style/weight/stretch/family stack, each `@font-face` family of the stack gets the
 * characters the browser draws with it (those in its faces' `unicode-range` not taken by an earlier
 * family) and is loaded with `document.fonts.load()` for exactly those, then checked with
 * `document.fonts.check()`; then `document.fonts.ready`. Problems are reported, one line each.
 */

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
  const GENERIC = new Set([
    'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace',
    'ui-rounded', 'emoji', 'math', 'fangsong', '-apple-system', 'blinkmacsystemfont',
  ]);
  const unq = (f: string): string => f.trim().replace(/^["']|["']$/g, '');
  // what Chromium's UA style sheet resolves to when no author rule sets a font (body text, form controls)
  const UA_DEFAULTS = new Set(['times new roman', 'arial', 'courier new', 'system-ui']);
  const families = new Set<string>();
  for (const d of docs) {
    const w = d.defaultView ?? window;
    const used = new Map<string, string>();
    /** font -> its style/weight/stretch/size prefix (without the family list) */
    const prefixes = new Map<string, string>();
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
    }
    const declared = new Set<string>();
    // unicode ranges of each declared family (a face without unicode-range covers everything)
    const ranges = new Map<string, Array<[number, number]>>();
    d.fonts.forEach((f) => {
      const fam = unq(f.family).toLowerCase();
      declared.add(fam);
      const list = ranges.get(fam) ?? [];
      for (const part of (f.unicodeRange || 'U+0-10FFFF').split(',')) {
        const m = /U\+([0-9a-f?]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
        if (!m) continue;
        const lo = parseInt(m[1]!.replace(/\?/g, '0'), 16);
        const hi = m[2] ? parseInt(m[2], 16) : parseInt(m[1]!.replace(/\?/g, 'f'), 16);
        list.push([lo, hi]);
      }
      ranges.set(fam, list);
    });
    // per font stack: each declared family gets the characters the browser would draw with it (those in
    // its unicode ranges not taken by an earlier family), exactly the faces rendering needs
    const perFamily: Array<{ font: string; family: string; text: string }> = [];
    for (const [font, text] of used) {
      const fam = (font.split(' 16px ')[1] ?? '').split(',').map(unq).filter(Boolean);
      for (const f of fam) {
        if (!GENERIC.has(f.toLowerCase()) && !declared.has(f.toLowerCase())) undeclared.add(f);
      }
      let remaining = [...new Set(Array.from(text))];
      let system = '';
      for (const f of fam) {
        const rs = ranges.get(f.toLowerCase());
        if (!rs) {
          if (GENERIC.has(f.toLowerCase()) || !declared.has(f.toLowerCase())) {
            system = f; // system font: the rest falls back to it
            break;
          }
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
      // characters no declared face covers are drawn with a font of the machine (the stack's first system
      // family, or the browser's default when the stack names none); control and invisible characters need none
      const drawn = remaining.filter((ch) => !/[\p{C}\p{Z}]/u.test(ch));
      if (drawn.length) systemText.push(`${prefixes.get(font) ?? '16px'} ${system || '(browser default)'}: ${drawn.slice(0, 12).join('')}${drawn.length > 12 ? `… (${drawn.length})` : ''}`);
    }
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
      const fam = (font.split(' 16px ')[1] ?? '').split(',').map(unq).filter(Boolean);
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
