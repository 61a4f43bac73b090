/**
 * Unique CSS selectors of candidates (the record's `dom.selector`, also used to hide candidates in the
 * painted check): a path per root, segments joined by ` >>> ` where it crosses into a shadow root or
 * a frame's document.
 */

/** querySelectorAll counts, memoised per root and selector (many candidates share suffixes). */
const qMemo = new Map<Node, Map<string, { n: number; first: Element | null }>>();
let pathQueryBudget = 300;

/** Start a probe run: no memoised queries, the full query budget. */
export function resetSelectors(): void {
  qMemo.clear();
  pathQueryBudget = 300;
}
/** Unique CSS path of `el` in its root; `shorten`: look for the shortest unique suffix (costs queries). */
export function localPath(el: Element, shorten = true): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  let memo = qMemo.get(root);
  if (!memo) qMemo.set(root, (memo = new Map()));
  const q = (s: string): { n: number; first: Element | null } => {
    let r = memo!.get(s);
    if (!r) {
      try {
        const all = root.querySelectorAll(s);
        r = { n: all.length, first: all[0] ?? null };
      } catch {
        r = { n: 0, first: null };
      }
      memo!.set(s, r);
    }
    return r;
  };
  const esc = (s: string): string => CSS.escape(s);
  const unique = (s: string): boolean => {
    const m = q(s);
    return m.n === 1 && m.first === el;
  };
  if (el.id && unique('#' + esc(el.id))) return '#' + esc(el.id);
  // 1. a path anchored at a unique-id ancestor or at the top of the root; unique by construction
  //    (each segment picks exactly one child of the previous match)
  const parts: string[] = [];
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    if (cur !== el && cur.id && q('#' + esc(cur.id)).n === 1) {
      parts.unshift('#' + esc(cur.id));
      break;
    }
    const parentNode = cur.parentNode as (ParentNode & Node) | null;
    const sibs = parentNode ? Array.from(parentNode.children) : [cur];
    let seg = esc(cur.localName);
    const same = sibs.filter((x) => x.localName === cur!.localName);
    if (same.length > 1) seg += `:nth-of-type(${same.indexOf(cur) + 1})`;
    parts.unshift(seg);
    // top of a shadow root: anchor with `:host >` (the top of a document is its unique <html>)
    if (!cur.parentElement && parentNode?.nodeType === 11) parts[0] = ':host > ' + parts[0];
  }
  // 2. the shortest unique suffix (queries memoised; at most `pathQueryBudget` fresh multi-segment
  //    queries per page so that huge pages stay linear)
  for (let n = 1; shorten && n < parts.length; n++) {
    const sel = parts.slice(-n).join(' > ').replace(/^:host > /, '');
    if (n > 1 && !memo.has(sel)) {
      if (pathQueryBudget <= 0) break;
      pathQueryBudget--;
    }
    if (unique(sel)) return sel;
  }
  return parts.join(' > ');
}
/** Selector of `el` across shadow roots and frames (` >>> ` between roots), outermost root first. */
export function composedSelector(el: Element, shorten = true): string {
  const segs: string[] = [];
  let cur: Element | null = el;
  for (let i = 0; cur && i < 32; i++) {
    segs.unshift(localPath(cur, shorten));
    const root = cur.getRootNode();
    if ((root as ShadowRoot).host) cur = (root as ShadowRoot).host;
    else cur = ((root as Document).defaultView?.frameElement as Element | null) ?? null;
  }
  return segs.join(' >>> ');
}

