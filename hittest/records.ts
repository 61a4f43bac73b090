/**
 * Turning the probe's measurements into records: the acceptance policy per candidate (hittest/policy.ts),
 * the recorded click point, the image-px box and its normalised forms, neighbours and landmark, the
 * rejection of ambiguous boxes (a wrapped text around another target, a row around its own controls),
 * the schema check per target and reading order. Pure: no browser, so a probe result saved from a real
 * run can be turned into records again (test/hittest-records.test.ts).
 *
 * Units: `bbox`, `point` are image px (= CSS px × dpr; boxes floor x1/y1, ceil x2/y2; x2/y2
 * exclusive); `bbox_css` is CSS px of the top-level viewport, rounded to 3 decimals.
 */
import {
  boxArea,
  boxToNorm1,
  boxToNorm1000,
  cssBoxToImage,
  imagePointToCss,
  pointInBox,
  pointToNorm1,
  pointToNorm1000,
  type Box,
  type Point,
} from '../core/geometry.js';
import { Target } from '../core/schema.js';
import { containsText, normText } from '../core/text.js';
import type { ProbeCandidate, ProbeResult, ProbeTextItem } from './page/types.js';
import { judge, type AcceptancePolicy, type PaintedMeasure, type RejectReason } from './policy.js';

/** A rejected candidate, for verifiable hard negatives and debugging. */
export interface RejectedTarget {
  name: string;
  /** Visible text; for an element of which nothing is visible, its own text content (≤ 120 characters). */
  text: string;
  role: string;
  /** First failing check (one of `REJECT_REASONS`). */
  reason: string;
  /** Unique CSS path (see {@link Target} `dom.selector`). */
  selector: string;
  /** Visible part in CSS px, or the full box when nothing is visible, or null when it has no box. */
  bbox_css: Box | null;
  /**
   * Nothing of it can be seen in the screenshot: not rendered, `visibility` hidden, effective opacity 0,
   * wholly outside the viewport or wholly clipped. Only such elements may become hard negatives
   * ("not on screen" is then machine-checked); a partly clipped or faint element may not.
   */
  unseen: boolean;
}

/** Everything the records of one page are made from: JSON as it is (test fixtures save it to a file). */
export interface RecordInput {
  /**
   * The probe's result after hittest/capture.ts's follow-up steps: grid points placed in content
   * quads for transformed candidates, `stable` cleared for candidates that moved.
   */
  probe: ProbeResult;
  /**
   * Painted-pixel measures of the differential check as `[candidate idx, measure]` pairs; a
   * candidate without one (never checked: it failed an earlier check) counts as painted.
   */
  measures: Array<[number, PaintedMeasure]>;
  /** Size of the saved screenshot, image px. */
  size: { width: number; height: number };
  policy: AcceptancePolicy;
}

/** The records of one page. */
export interface PageRecords {
  /** Accepted targets, `tid` `t0`, `t1`, ... in reading order; each fits the zod `Target`. */
  targets: Target[];
  /** Rejected candidates by first failing check (keys from `REJECT_REASONS`, plus `ambiguous_box`, `invalid_target`). */
  rejected: Record<string, number>;
  rejectedTargets: RejectedTarget[];
  /** Every visible text and accessible name, lower-cased, whitespace-collapsed, deduplicated, first-seen order. */
  pageTexts: string[];
}

const r3 = (v: number): number => Math.round(v * 1000) / 1000;

/**
 * Accept or reject every candidate of `input.probe` and build the accepted targets (see module doc).
 * Never throws for a bad candidate: a target the schema rejects is counted as `invalid_target`.
 */
export function recordsFromProbe(input: RecordInput): PageRecords {
  const { probe, size, policy } = input;
  const measures = new Map(input.measures);
  const dpr = probe.dpr;
  const clampBox = (b: Box): Box => [
    Math.max(0, Math.min(size.width, b[0])),
    Math.max(0, Math.min(size.height, b[1])),
    Math.max(0, Math.min(size.width, b[2])),
    Math.max(0, Math.min(size.height, b[3])),
  ];

  const naming = namingTexts(probe);
  const rowNumbers = namingTexts(probe, true);
  const accepted: Array<{ c: ProbeCandidate; target: Omit<Target, 'tid'> }> = [];
  const rejected: Record<string, number> = {};
  const rejectedTargets: RejectedTarget[] = [];
  for (const c of probe.candidates) {
    const box = c.visible ? clampBox(cssBoxToImage(c.visible, dpr)) : null;
    const m: PaintedMeasure = measures.get(c.idx) ?? { ink: 0, diff: { fraction: 0, pixels: 0, batch: -1, drift: false } };
    const v = judge(c, m, policy);
    let reason: RejectReason | null = v.reason;
    let point: Point | null = null;
    if (!reason && box) {
      point = pickPoint(c, box);
      if (!point) reason = 'occluded_center';
    }
    if (reason || !box || !point || !c.visible) {
      const why = reason ?? 'clipped';
      rejected[why] = (rejected[why] ?? 0) + 1;
      rejectedTargets.push({
        name: c.name,
        text: c.text || c.hiddenText,
        role: c.role,
        reason: why,
        selector: c.selector,
        bbox_css: (c.visible ?? c.rect)?.map(r3) as Box | null,
        unseen:
          /^(display_none|visibility_hidden|content_visibility|offscreen)$/.test(why) ||
          (why === 'opacity' && c.style.opacity === 0) ||
          !c.visible ||
          c.viewportFraction <= 0 ||
          c.clipFraction <= 0,
      });
      continue;
    }
    const bboxCss = c.visible.map(r3) as Box;
    accepted.push({
      c,
      target: {
        role: c.role,
        name: c.name,
        text: c.text,
        aria: c.aria,
        bbox: box,
        bbox_norm1: boxToNorm1(box, size),
        bbox_norm1000: boxToNorm1000(box, size),
        bbox_css: bboxCss,
        point,
        point_norm1: pointToNorm1(point, size),
        point_norm1000: pointToNorm1000(point, size),
        dom: { tag: c.tag, id: c.id, selector: c.selector },
        checks: v.checks,
        context: { neighbors: neighbors(c, c.visible, probe.texts), landmark: c.landmark, container: containerOf(c, probe, naming, rowNumbers) },
        icon: c.icon,
      },
    });
  }
  // a text target wrapped over several lines has the union of its lines as its box; when that box
  // holds another target's click point outside every one of its lines (an inline text wrapping
  // around a button), a click on the other target would score as a click on the text: rejected;
  // likewise when its lines fill less than half of the box
  // a target whose box holds the click point of a control nested in it (a clickable row around
  // onclick spans, a link around a role=button): its label would run the controls together and its
  // own point may act on one of them — rejected (ambiguous_box); the nested controls stay targets
  const nestedIn = (a: (typeof accepted)[number]): boolean =>
    !!a.c.controlsInside?.length &&
    accepted.some((o) => o !== a && a.c.controlsInside!.includes(o.c.idx) && pointInBox(imagePointToCss(o.target.point, dpr), a.target.bbox_css));
  const unambiguous = accepted.filter((a) => {
    if (nestedIn(a)) {
      rejected.ambiguous_box = (rejected.ambiguous_box ?? 0) + 1;
      rejectedTargets.push({ name: a.c.name, text: a.c.text, role: a.c.role, reason: 'ambiguous_box', selector: a.c.selector, bbox_css: a.target.bbox_css, unseen: false });
      return false;
    }
    if (!a.c.refined || a.c.lineRects.length < 2) return true;
    const b = a.target.bbox_css;
    // a link wrapping from the end of one line to the start of the next: its union box is mostly the
    // surrounding paragraph's text, not the link
    const sparse = a.c.lineRects.reduce((s, l) => s + boxArea(l), 0) < 0.5 * boxArea(b);
    const clash = sparse || accepted.some((o) => {
      if (o === a) return false;
      const p = imagePointToCss(o.target.point, dpr);
      return pointInBox(p, b) && !a.c.lineRects.some((l) => pointInBox(p, l));
    });
    if (clash) {
      rejected.ambiguous_box = (rejected.ambiguous_box ?? 0) + 1;
      rejectedTargets.push({ name: a.c.name, text: a.c.text, role: a.c.role, reason: 'ambiguous_box', selector: a.c.selector, bbox_css: a.target.bbox_css, unseen: false });
    }
    return !clash;
  });
  // schema check per target (a bug must not kill a whole run: it is counted as a rejection)
  const valid = unambiguous.filter((a) => {
    const ok = Target.safeParse({ tid: 't0', ...a.target }).success;
    if (!ok) {
      rejected.invalid_target = (rejected.invalid_target ?? 0) + 1;
      rejectedTargets.push({ name: a.c.name, text: a.c.text, role: a.c.role, reason: 'invalid_target', selector: a.c.selector, bbox_css: a.target.bbox_css, unseen: false });
    }
    return ok;
  });
  const ordered = readingOrder(valid.map((a) => ({ ...a, box: a.target.bbox })));
  const targets: Target[] = ordered.map((a, i) => ({ tid: `t${i}`, ...a.target }));
  return { targets, rejected, rejectedTargets, pageTexts: pageTextsOf(probe) };
}

/**
 * The recorded click point: the centre grid point when it passed, else the passing grid point nearest
 * to the centre. Grid points are already integer image px hit-tested at exactly `point / dpr`.
 */
function pickPoint(c: ProbeCandidate, box: Box): Point | null {
  const center = c.points[4];
  if (!center) return null;
  const order = c.points
    .map((p, i) => ({ p, i, d: Math.hypot(p.img[0] - center.img[0], p.img[1] - center.img[1]) }))
    .filter((x) => x.p.ok && pointInBox(x.p.img, box))
    .sort((a, b) => a.d - b.d || a.i - b.i);
  const best = order[0];
  return best ? [best.p.img[0], best.p.img[1]] : null;
}

/** Up to 5 nearby visible texts (within 200 CSS px of the box edge), nearest first, excluding the target's own. */
function neighbors(c: ProbeCandidate, box: Box, texts: ProbeTextItem[]): string[] {
  const own = new Set([c.text.toLowerCase(), c.name.toLowerCase()]);
  const inside = (r: Box): boolean => {
    const cx = (r[0] + r[2]) / 2;
    const cy = (r[1] + r[3]) / 2;
    return cx >= box[0] && cx < box[2] && cy >= box[1] && cy < box[3];
  };
  const gap = (r: Box): number => {
    const dx = Math.max(0, r[0] - box[2], box[0] - r[2]);
    const dy = Math.max(0, r[1] - box[3], box[1] - r[3]);
    return Math.hypot(dx, dy);
  };
  const cand = texts
    .filter((t) => !inside(t.r) && !own.has(t.t.toLowerCase()))
    .map((t) => ({ t: t.t.length > 60 ? t.t.slice(0, 59) + '…' : t.t, d: gap(t.r), y: t.r[1], x: t.r[0] }))
    .filter((t) => t.d <= 200)
    .sort((a, b) => a.d - b.d || a.y - b.y || a.x - b.x);
  const out: string[] = [];
  for (const t of cand) {
    if (!out.includes(t.t)) out.push(t.t);
    if (out.length === 5) break;
  }
  return out;
}

/** Separators trimmed off the ends of a container's name. */
const SEPARATORS = /^[\s·•|\-–—:;,/]+|[\s·•|\-–—:;,/]+$/gu;
/** Longest text used as a container's name (the query writer's longest quoted label). */
const MAX_NAME = 48;

/**
 * Per visible text run of the probe (`probe.texts`), whether it can name the item it lies in: null when
 * it cannot, else its text without separators at the ends. A run can when that is 2 to {@link MAX_NAME}
 * characters, legible (a letter or currency sign, or three or more digits), mostly words, not cut by an ellipsis, paints every glyph, and no other visible text on screen shows it:
 * no other run, and no candidate on screen whose text shows it while its box does not hold the run
 * (text split over elements: "<b>Wool</b> Hat"), normalised, substrings included.
 *
 * With `rowNumbers`, the rule is the one for a row's number instead (a code line's number in the
 * editor gutter, a track or row number): a whole number of one or two digits, shown by no other
 * visible text on screen (whole words: "12" is not in "123" but is in "Ln 12, Col 3"). Such a run
 * names only a row it starts ({@link containerOf}).
 */
function namingTexts(probe: ProbeResult, rowNumbers = false): Array<string | null> {
  const norms = probe.texts.map((t) => normText(t.t));
  const shown = probe.candidates.filter((c) => c.visible && c.viewportFraction > 0 && c.style.opacity >= 0.05 && c.style.visibility === 'visible' && c.text).map((c) => ({ n: normText(c.text), box: c.visible! }));
  return probe.texts.map((t, i) => {
    const n = norms[i]!;
    // the words of the run without separators at its ends ("· 2 hours ago" -> "2 hours ago")
    const name = t.t.replace(SEPARATORS, '');
    // legible: a word or an amount, or a number of three or more digits (as spatial anchors)
    const legible = /[\p{L}\p{Sc}]/u.test(name) || (name.replace(/\D/g, '').length >= 3 && /^[\d\s.,:/%+-]+$/.test(name));
    if (rowNumbers ? !/^\d{1,2}$/.test(name) : !n || name.length < 2 || name.length > MAX_NAME || t.t.endsWith('\u2026') || !legible) return null;
    // mostly words: not a row of separators between links ("Tags | | |")
    if ((name.match(/[^\p{L}\p{N}\p{M}\p{Sc}\s]/gu)?.length ?? 0) > 0.25 * name.replace(/\s/g, '').length) return null;
    if (probe.unpainted.some((g) => t.t.includes(g))) return null;
    if (norms.some((m, j) => j !== i && containsText(m, n))) return null;
    const mid: Point = [(t.r[0] + t.r[2]) / 2, (t.r[1] + t.r[3]) / 2];
    if (shown.some((c) => containsText(c.n, n) && !pointInBox(mid, c.box))) return null;
    return name;
  });
}

/**
 * The record's `context.container` of candidate `c`: its item container (hittest/page/items.ts) with
 * the first run inside it (DOM order; one with letters before an amount or a number) that can name it
 * ({@link namingTexts}) and is not the candidate's own text; null when the candidate is in no item.
 */
function containerOf(c: ProbeCandidate, probe: ProbeResult, naming: Array<string | null>, rowNumbers: Array<string | null>): NonNullable<Target['context']['container']> | null {
  const it = c.item;
  if (!it) return null;
  const own = new Set([normText(c.text), normText(c.name)]);
  const usable = it.texts.filter((i) => {
    const n = naming[i];
    const t = probe.texts[i];
    if (!n || !t || own.has(normText(n))) return false;
    // a run drawn inside the candidate's box is its text to a reader (a label overlaid on a control)
    return !(c.visible && pointInBox([(t.r[0] + t.r[2]) / 2, (t.r[1] + t.r[3]) / 2], c.visible));
  });
  // words first (a title), an amount or a number only when the item shows no unique words
  const first = usable.find((i) => /\p{L}/u.test(naming[i]!)) ?? usable[0];
  let name = first === undefined ? null : naming[first]!;
  // a row with no such text is named by its number when the number is the row's first text ("line 12"
  // of a code editor: the row of the gutter number and the line's text), and not the candidate's own
  if (name === null && it.kind === 'row' && it.texts.length && it.first === it.texts[0]) name = rowNumbers[it.texts[0]!] ?? null;
  return { kind: it.kind, bbox_css: it.box.map(r3) as Box, name };
}

/** Rows top to bottom (an item joins a row when its centre lies within the row's first item's height), left to right within a row. */
function readingOrder<T extends { box: Box; c: ProbeCandidate }>(items: T[]): T[] {
  const byY = [...items].sort((a, b) => (a.box[1] + a.box[3]) / 2 - (b.box[1] + b.box[3]) / 2 || a.box[0] - b.box[0] || a.c.idx - b.c.idx);
  const rows: T[][] = [];
  for (const it of byY) {
    const row = rows[rows.length - 1];
    const cy = (it.box[1] + it.box[3]) / 2;
    if (row && cy >= row[0]!.box[1] && cy < row[0]!.box[3]) row.push(it);
    else rows.push([it]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.box[0] - b.box[0] || a.box[1] - b.box[1] || a.c.idx - b.c.idx));
}

function pageTextsOf(p: ProbeResult): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of p.pageTexts) {
    const l = t.toLowerCase();
    if (!seen.has(l)) {
      seen.add(l);
      out.push(l);
    }
  }
  return out;
}

