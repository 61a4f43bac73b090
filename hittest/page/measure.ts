/**
 * Measuring one candidate: its box (or, for an element that paints only text, its text lines), what
 * of it is visible through the clip chain, its effective style, the nine grid points and the
 * occlusion trim, its name, text, states, selector, landmark, icon and paint extent. Never throws:
 * a failure becomes a candidate with `frameProblem: 'probe_error: ...'` and no box.
 */
import { accName } from './accname.js';
import { ariaOf } from './aria.js';
import { area, inter, union, type B } from './boxes.js';
import { applyClips, clipsFor } from './clip.js';
import { cs, desc, NO_ELS } from './dom.js';
import { boxOf, scopeOf, topVp } from './frames.js';
import { planGrid, testGrid, boxGrid } from './grid.js';
import { okSet } from './hit.js';
import { iconOf, landmarkOf } from './landmark.js';
import { trimOccluded } from './occlusion.js';
import { paintBoxOf, subtreeHasPaint } from './paint.js';
import { composedSelector } from './selector.js';
import { collapse } from './text.js';
import { nestedControls, toLines } from './text-geometry.js';
import { nonAxis } from './transform.js';
import type { ProbeArgs, ProbeCandidate, ProbePoint } from './types.js';
import { visibleText } from './visible-text.js';
import { styleOf } from './visibility.js';
import type { Cand } from './walk.js';

/**
 * Measure candidate `c`; `rectA` is its box measured before the stability wait (null: no box).
 * Returns the candidate and its selector within its own root (for hiding it in the painted check;
 * '' when measuring failed).
 */
export function measureCandidate(c: Cand, rectA: B | null, args: ProbeArgs): { cand: ProbeCandidate; localSelector: string } {
  const dpr = args.dpr;
  const el = c.el;
  const sc = scopeOf(el);
  let cand: ProbeCandidate;
  let localSelector: string;
  try {
    const box = boxOf(el);
    const a = rectA;
    const stable = (a === null && box === null) || (!!a && !!box && a.every((v, j) => Math.abs(v - box[j]!) < 0.01));
    const style = styleOf(el);
    // a label merged with its control is clickable through the control (hittest/README.md "Candidates")
    if (c.control && style.pointer_events === 'none') style.pointer_events = cs(c.control).pointerEvents;
    const role = c.role;
    const tag = el.localName;
    const needsQuad = !sc.problem && nonAxis(el);
    // text refinement
    let rect: B | null = box;
    let visible: B | null = null;
    let lineRects: B[] = [];
    let lineVisible: number[] = [];
    let refined = false;
    const nested = c.kind === 'text' || c.kind === 'heading' || c.kind === 'container' ? nestedControls(el) : NO_ELS;
    const { pieces: perNode, text: visText, truncated } = visibleText(el, c.kind, nested);
    // text refinement: when what is painted is only text (no box paint, no replaced content)
    // (a label's nested text control is a target of its own and does not count)
    const textish = !needsQuad && c.kind !== 'image' && !subtreeHasPaint(el, c.kind === 'label' ? (el as HTMLLabelElement).control : null, nested);
    const clips = clipsFor(el, false);
    if (textish) {
      const raw = perNode.flatMap((p) => p.raw);
      const vis = perNode.flatMap((p) => p.vis);
      if (raw.length) {
        refined = true;
        // a list marker inside the box (a <summary>'s disclosure triangle) is painted and clickable:
        // the first line reaches back to the content edge where the marker sits
        const st = cs(el);
        if (box && st.display.includes('list-item') && st.listStyleType !== 'none' && st.listStylePosition === 'inside') {
          const rtl = st.direction === 'rtl';
          const edge = rtl
            ? box[2] - (parseFloat(st.borderRightWidth) || 0) - (parseFloat(st.paddingRight) || 0)
            : box[0] + (parseFloat(st.borderLeftWidth) || 0) + (parseFloat(st.paddingLeft) || 0);
          const ext = (rs: B[]): void => {
            const first = rs.reduce((a, r) => (r[1] < a[1] - 0.5 || (Math.abs(r[1] - a[1]) <= 0.5 && (rtl ? r[2] > a[2] : r[0] < a[0])) ? r : a), rs[0]!);
            const i = rs.indexOf(first);
            rs[i] = rtl ? [first[0], first[1], Math.max(first[2], edge), first[3]] : [Math.min(first[0], edge), first[1], first[2], first[3]];
          };
          ext(raw);
          if (vis.length) ext(vis);
        }
        const rawLines = toLines(raw);
        rect = union(rawLines);
        lineRects = toLines(vis)
          .map((l) => applyClips(l, clips))
          .filter((l): l is B => !!l);
        visible = union(lineRects);
        lineVisible = rawLines.map((l) => {
          const la = area(l);
          let v = 0;
          for (const r of lineRects) v += area(inter(r, l));
          return la > 0 ? Math.round(Math.min(1, v / la) * 1e4) / 1e4 : 0;
        });
      }
    }
    if (!refined) visible = applyClips(rect, clips);
    // fractions
    const ra = area(rect);
    const viewportFraction = ra > 0 ? area(inter(rect, topVp)) / ra : 0;
    const clipFraction = ra > 0 ? area(visible) / ra : 0;
    let clippedBy: string | null = null;
    if (ra > 0 && clipFraction < 0.9999) {
      let worst = Infinity;
      for (const cl of clips) {
        const f = area(inter(rect, cl.r));
        if (f < worst - 1e-9) {
          worst = f;
          clippedBy = cl.by;
        }
      }
      if (worst >= ra - 1e-9) clippedBy = refined ? desc(el) : null;
    }
    // nine points (skipped when an earlier check certainly rejects the candidate)
    const dm = args.doomed;
    const doomed =
      !!dm &&
      (!!sc.problem ||
        style.display === 'none' ||
        style.visibility !== 'visible' ||
        style.pointer_events === 'none' ||
        style.opacity < dm.minOpacity ||
        !rect ||
        rect[2] - rect[0] < dm.minSizeCss ||
        rect[3] - rect[1] < dm.minSizeCss ||
        viewportFraction < dm.minVisibleFraction ||
        clipFraction < dm.minVisibleFraction);
    const ok = okSet(c);
    // planned first, hit-tested after: the centre (index 4) goes first, and when it fails and the
    // policy requires it, the other eight are not tested (`hit: null`; such candidates are rejected)
    const plan = visible && !doomed ? planGrid(visible, refined, lineRects) : [];
    let points: ProbePoint[] = plan.length === 9 ? testGrid(plan, ok, dpr, !!dm?.requireCenter && !needsQuad) : [];
    // occlusion trim (hittest/README.md "Occlusion trim"): a strip covered along a whole edge is cut
    // off the box, so the record box holds only the target's pixels; partial (corner) occlusion is
    // left to the points
    let trim: ProbeCandidate['trim'] = null;
    if (args.trimOcclusion !== false && points.length === 9 && points[4]!.ok && !needsQuad && visible && !(refined && lineRects.length > 1)) {
      const t = trimOccluded(visible, el, ok, dpr);
      if (t) {
        trim = { cut: t.cut, by: t.by, fraction: area(visible) > 0 ? Math.round((area(t.box) / area(visible)) * 1e4) / 1e4 : 0 };
        visible = t.box;
        if (refined) lineRects = [t.box];
        points = boxGrid(t.box, ok, dpr);
      }
    }
    const control = c.control;
    const name = accName(el, role) || (control ? accName(control, role) : '');
    let text = visText;
    if (tag === 'input') {
      const inp = el as HTMLInputElement;
      if (['button', 'submit', 'reset'].includes(inp.type)) text = collapse(inp.value || (inp.type === 'submit' ? 'Submit' : inp.type === 'reset' ? 'Reset' : ''));
      else if (!['checkbox', 'radio', 'range', 'file', 'color', 'hidden', 'image', 'password'].includes(inp.type)) text = collapse(inp.value || inp.placeholder || '');
      else text = '';
    } else if (tag === 'textarea') text = collapse((el as HTMLTextAreaElement).value || (el as HTMLTextAreaElement).placeholder || '');
    else if (tag === 'select') text = collapse((el as HTMLSelectElement).selectedOptions[0]?.text ?? '');
    const root = el.getRootNode() as ShadowRoot | Document;
    const shadow = root.nodeType === 11 ? ((root as ShadowRoot).mode === 'closed' ? 'closed' : 'open') : null;
    let checkVis = true;
    try {
      if (typeof el.checkVisibility === 'function') {
        checkVis = el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true } as CheckVisibilityOptions);
      }
    } catch {
      checkVis = true;
    }
    // certainly-rejected candidates get the plain (unique, query-free) path
    const selector = composedSelector(el, !doomed);
    localSelector = selector.split(' >>> ').pop() ?? '';
    cand = {
      idx: c.idx,
      kind: c.kind,
      role,
      name,
      text,
      aria: ariaOf(el, control),
      tag,
      id: el.getAttribute('id'),
      selector,
      icon: iconOf(el),
      landmark: landmarkOf(el),
      rect,
      visible,
      lineRects: refined ? lineRects : [],
      refined,
      style,
      viewportFraction,
      clipFraction,
      clippedBy,
      frameProblem: sc.problem,
      points,
      stable,
      needsQuad,
      quad: null,
      quadFill: 1,
      paintBox: doomed ? null : paintBoxOf(el, box),
      lineVisible,
      truncated,
      hiddenText: !visText && c.kind !== 'image' && !['input', 'textarea', 'select'].includes(tag) ? collapse(el.textContent ?? '').slice(0, 120) : '',
      checkVisibility: checkVis,
      shadow,
      frame: sc.path,
      trim,
    };
  } catch (e) {
    cand = {
      idx: c.idx, kind: c.kind, role: c.role, name: '', text: '', aria: {}, tag: el.localName, id: el.getAttribute('id'),
      selector: '', icon: null, landmark: null, rect: null, visible: null, lineRects: [], refined: false,
      style: { display: '', visibility: '', opacity: 0, content_visibility: '', pointer_events: '' },
      viewportFraction: 0, clipFraction: 0, clippedBy: null, frameProblem: 'probe_error: ' + String(e), points: [], stable: false,
      needsQuad: false, quad: null, quadFill: 1, paintBox: null, lineVisible: [], truncated: false, hiddenText: '', checkVisibility: false, shadow: null, frame: null, trim: null,
    };
    localSelector = '';
  }
  return { cand, localSelector };
}
