/**
 * Acceptance policy: turns the probe's measurements (hittest/probe.ts) and the painted-pixel value
 * (hittest/painted.ts) into a {@link HitChecks} record and a verdict. Every measured value is kept in
 * the record, so users can re-apply a stricter or looser policy to existing data.
 */
import type { HitChecks } from '../core/schema.js';
import type { ProbeCandidate } from './probe.js';

/** Thresholds for accepting a candidate as a grounding target. */
export interface AcceptancePolicy {
  /** Minimum grid points (of 9) that must resolve to the target. Default 7. */
  minPointsOk: number;
  /** The centre point must resolve to the target. Default true. */
  requireCenter: boolean;
  /** Minimum fraction of the box inside the viewport, and left after all clipping. Default 0.9. */
  minVisibleFraction: number;
  /** Minimum effective opacity (product through ancestors). Default 0.1. */
  minOpacity: number;
  /** Minimum fraction of box pixels that differ from the box's dominant colour. Default 0.005. */
  minInk: number;
  /** A pixel is "ink" when some RGB channel differs from the dominant colour by more than this (0-255). Default 24. */
  inkThreshold: number;
  /** Minimum width and height of the element box, CSS px. Default 4. */
  minSizeCss: number;
  /** Client rects must be equal across two animation frames. Default true. */
  requireStable: boolean;
}

/** Documented defaults (see the field docs of {@link AcceptancePolicy}). */
export const DEFAULT_POLICY: Readonly<AcceptancePolicy> = Object.freeze({
  minPointsOk: 7,
  requireCenter: true,
  minVisibleFraction: 0.9,
  minOpacity: 0.1,
  minInk: 0.005,
  inkThreshold: 24,
  minSizeCss: 4,
  requireStable: true,
});

/**
 * Rejection reasons, in the order checks are applied; a rejected candidate is counted under the
 * first one that fails.
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
  'unstable',
  'occluded_center',
  'occluded_points',
  'not_painted',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** Result of {@link judge}. */
export interface Verdict {
  checks: HitChecks;
  /** First failing check, or null when accepted. */
  reason: RejectReason | null;
}

/**
 * Apply `policy` to one probed candidate.
 * @param ink fraction of painted pixels in the candidate's image-px box (hittest/painted.ts), 0 when it has no box
 */
export function judge(c: ProbeCandidate, ink: number, policy: AcceptancePolicy = DEFAULT_POLICY): Verdict {
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
  const occlusionPass = (!policy.requireCenter || centerOk) && pointsOk >= policy.minPointsOk;
  const viewportPass = c.viewportFraction >= policy.minVisibleFraction;
  const clipPass = c.clipFraction >= policy.minVisibleFraction;
  const inkPass = ink >= policy.minInk;
  const r = c.rect;
  const small = !r || r[2] - r[0] < policy.minSizeCss || r[3] - r[1] < policy.minSizeCss;
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
              : c.frameProblem
                ? 'frame_transformed'
                : policy.requireStable && !c.stable
                  ? 'unstable'
                  : policy.requireCenter && !centerOk
                    ? 'occluded_center'
                    : pointsOk < policy.minPointsOk
                      ? 'occluded_points'
                      : !inkPass
                        ? 'not_painted'
                        : null));
  const r4 = (v: number): number => Math.round(v * 1e4) / 1e4;
  const checks: HitChecks = {
    style: { ...st, opacity: r4(st.opacity), pass: styleReason === null },
    viewport: { visible_fraction: r4(c.viewportFraction), pass: viewportPass },
    clip: { visible_fraction: r4(c.clipFraction), clipped_by: c.clippedBy, pass: clipPass },
    points: c.points.map((p) => ({ point: [p.img[0], p.img[1]], hit: p.hit, ok: p.ok })),
    points_ok: pointsOk,
    center_ok: centerOk,
    occlusion: { interceptor: firstBad ? firstBad.hit : null, pass: occlusionPass },
    painted: { ink_fraction: r4(ink), pass: inkPass },
    text: { refined: c.refined, lines: c.refined ? c.lineRects.length : 0 },
    stable: c.stable,
    accepted: reason === null,
  };
  return { checks, reason };
}
