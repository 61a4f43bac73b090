/**
 * Acceptance policy: turns the probe's measurements (hittest/page/probe.ts) and the painted-pixel values
 * (hittest/painted.ts: ink on the capture, differential change when the target is hidden) into a
 * {@link HitChecks} record and a verdict. Every measured value is kept in the record, so users can
 * re-apply a stricter or looser policy to existing data (`uisynth grounding --min-points ...`).
 */
import type { HitChecks } from '../core/schema.js';
import type { ProbeCandidate } from './probe.js';

/** Thresholds for accepting a candidate as a grounding target. */
export interface AcceptancePolicy {
  /** Minimum grid points (of 9) that must resolve to the target. Default 7 (`--min-points`). */
  minPointsOk: number;
  /** The centre point must resolve to the target. Default true (`--no-require-center`). */
  requireCenter: boolean;
  /**
   * Minimum fraction of the box inside the viewport, left after all clipping, and left after cutting
   * edge strips covered by an element on top (hittest/page/occlusion.ts). Default 0.9 (`--min-visible`).
   */
  minVisibleFraction: number;
  /** Minimum effective opacity (product through ancestors and frames). Default 0.1 (`--min-opacity`). */
  minOpacity: number;
  /**
   * Minimum fraction of box pixels that differ from the box's dominant colour ("not flat"). Default 0:
   * off, because the differential check ({@link minPaintedDiff}) proves painting directly and a flat
   * box (a colour swatch, a solid button) is a valid target (`--min-ink`).
   */
  minInk: number;
  /** A pixel is "ink" when some RGB channel differs from the dominant colour by more than this (0-255). Default 24. */
  inkThreshold: number;
  /**
   * Differential check: the target passes when at least `minPaintedPx` CSS px² of its box change when it
   * is hidden (`opacity: 0`), or at least this fraction of the box, whichever is less (small boxes need
   * the fraction, sparse text in a wide box the absolute count). Default 0.01 (`--min-painted`); 0
   * still measures but never rejects.
   */
  minPaintedDiff: number;
  /** See {@link minPaintedDiff}. Default 8 CSS px² (`--min-painted-px`). */
  minPaintedPx: number;
  /** A pixel counts as changed when some RGB channel differs by more than this (0-255). Default 24. */
  diffThreshold: number;
  /**
   * Rotated/skewed targets: minimum area(content quad) / area(axis-aligned box); below it the record box
   * would be mostly background. Default 0.5 (`--min-quad-fill`).
   */
  minQuadFill: number;
  /** Minimum width and height of the element box, CSS px. Default 4 (`--min-size`). */
  minSizeCss: number;
  /** Client rects equal across two animation frames and no pixel drift between captures. Default true. */
  requireStable: boolean;
}

/** Documented defaults (see the field docs of {@link AcceptancePolicy}). */
export const DEFAULT_POLICY: Readonly<AcceptancePolicy> = Object.freeze({
  minPointsOk: 7,
  requireCenter: true,
  minVisibleFraction: 0.9,
  minOpacity: 0.1,
  minInk: 0,
  inkThreshold: 24,
  minPaintedDiff: 0.01,
  minPaintedPx: 8,
  diffThreshold: 24,
  minQuadFill: 0.5,
  minSizeCss: 4,
  requireStable: true,
});

/**
 * Rejection reasons, in the order checks are applied; a rejected candidate is counted under the
 * first one that fails (the manifest's `stats.hittest_rejected` uses exactly these keys).
 */
export const REJECT_REASONS = [
  'probe_error',
  'display_none',
  'visibility_hidden',
  'content_visibility',
  'opacity',
  'pointer_events_none',
  'too_small',
  'offscreen',
  'viewport_clipped',
  'clipped',
  'frame_transformed',
  'rotated',
  'unstable',
  'occluded_center',
  'occluded_points',
  'occluded_edge',
  'not_painted',
  'flat',
  'ambiguous_box',
  'invalid_target',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** Pixel measurements of one candidate (hittest/painted.ts). */
export interface PaintedMeasure {
  /** Ink fraction of the candidate's box (see {@link AcceptancePolicy.minInk}), 0 when it has no box. */
  ink: number;
  /**
   * Differential check: fraction and count (CSS px²) of changed pixels, capture index and whether pixels
   * drifted inside the box between captures; null while not measured yet (passes provisionally).
   */
  diff: { fraction: number; pixels: number; batch: number; drift: boolean } | null;
}

/** Result of {@link judge}. */
export interface Verdict {
  checks: HitChecks;
  /** First failing check, or null when accepted. */
  reason: RejectReason | null;
}

const r4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/**
 * Apply `policy` to one probed candidate.
 * @param m painted measurements; `m.diff === null` judges everything but the differential check (used
 *   to pick the candidates worth an extra capture)
 */
export function judge(c: ProbeCandidate, m: PaintedMeasure, policy: AcceptancePolicy = DEFAULT_POLICY): Verdict {
  const st = c.style;
  const styleReason: RejectReason | null =
    st.display === 'none' || st.display === ''
      ? 'display_none'
      : st.visibility !== 'visible'
        ? 'visibility_hidden'
        : /hidden|skipped/.test(st.content_visibility)
          ? 'content_visibility'
          : st.opacity < policy.minOpacity
            ? 'opacity'
            : st.pointer_events === 'none'
              ? 'pointer_events_none'
              : null;
  const pointsOk = c.points.filter((p) => p.ok).length;
  const center = c.points[4];
  const centerOk = !!center && center.ok;
  const firstBad = (!centerOk ? center : undefined) ?? c.points.find((p) => !p.ok);
  const interceptors = [...new Set([...c.points.filter((p) => !p.ok && p.hit).map((p) => p.hit!), ...(c.trim?.by ? [c.trim.by] : [])])];
  // what is left visible after clipping and after cutting edge strips covered by an element on top
  const unoccluded = c.clipFraction * (c.trim ? c.trim.fraction : 1);
  const edgePass = unoccluded >= policy.minVisibleFraction;
  const occlusionPass = (!policy.requireCenter || centerOk) && pointsOk >= policy.minPointsOk && edgePass;
  const viewportPass = c.viewportFraction >= policy.minVisibleFraction;
  const clipPass = c.clipFraction >= policy.minVisibleFraction;
  const inkPass = m.ink >= policy.minInk;
  const drift = m.diff?.drift ?? false;
  const diffPass =
    m.diff === null ||
    m.diff.fraction >= policy.minPaintedDiff ||
    (m.diff.pixels >= policy.minPaintedPx && m.diff.pixels > 0);
  const quadPass = c.quadFill >= policy.minQuadFill;
  const r = c.rect;
  const w = r ? r[2] - r[0] : 0;
  const h = r ? r[3] - r[1] : 0;
  const small = !r || w < policy.minSizeCss || h < policy.minSizeCss;
  const frameTransformed = !!c.frameProblem && !c.frameProblem.startsWith('probe_error');
  const stable = c.stable && !drift;
  const reason: RejectReason | null = c.frameProblem?.startsWith('probe_error')
    ? 'probe_error'
    : (styleReason ??
      (small
        ? 'too_small'
        : c.viewportFraction <= 0
          ? 'offscreen'
          : !viewportPass
            ? 'viewport_clipped'
            : !clipPass || !c.visible
              ? 'clipped'
              : frameTransformed
                ? 'frame_transformed'
                : !quadPass
                  ? 'rotated'
                  : policy.requireStable && !stable
                    ? 'unstable'
                    : policy.requireCenter && !centerOk
                      ? 'occluded_center'
                      : pointsOk < policy.minPointsOk
                        ? 'occluded_points'
                        : !edgePass
                          ? 'occluded_edge'
                          : !diffPass
                          ? 'not_painted'
                          : !inkPass
                            ? 'flat'
                            : null));
  const checks: HitChecks = {
    style: { ...st, opacity: r4(st.opacity), check_visibility: c.checkVisibility, pass: styleReason === null },
    size: { width_css: r4(w), height_css: r4(h), pass: !small },
    viewport: { visible_fraction: r4(c.viewportFraction), pass: viewportPass },
    clip: { visible_fraction: r4(c.clipFraction), clipped_by: c.clippedBy, pass: clipPass },
    points: c.points.map((p) => ({ point: [p.img[0], p.img[1]], hit: p.hit, ok: p.ok, css: [r4(p.css[0]), r4(p.css[1])], in_visible: p.inVisible })),
    points_ok: pointsOk,
    center_ok: centerOk,
    occlusion: {
      interceptor: firstBad ? firstBad.hit : (c.trim?.by ?? null),
      interceptors,
      trimmed_css: c.trim ? c.trim.cut : null,
      visible_fraction: r4(unoccluded),
      pass: occlusionPass,
    },
    painted: { ink_fraction: r4(m.ink), pass: inkPass },
    painted_diff: {
      changed_fraction: r4(m.diff?.fraction ?? 0),
      changed_px: m.diff?.pixels ?? 0,
      threshold: policy.diffThreshold,
      batch: m.diff?.batch ?? -1,
      drift,
      pass: diffPass,
    },
    transform: { quad: c.quad ? c.quad.map(r4) : null, fill: r4(c.quadFill), pass: quadPass },
    frame: { path: c.frame, transformed: frameTransformed, pass: !frameTransformed },
    shadow: c.shadow,
    text: { refined: c.refined, lines: c.refined ? c.lineRects.length : 0, line_visible: c.lineVisible, truncated: c.truncated },
    stable,
    accepted: reason === null,
  };
  return { checks, reason };
}
