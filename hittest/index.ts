/** Public hit-test API: capture + nine-point suite + differential painted check + acceptance policy + records. */
export {
  captureAndHitTest,
  paintBatches,
  reachClosedShadowRoots,
  settlePage,
  type CaptureInput,
  type CaptureOptions,
  type CaptureResult,
  type PageOptions,
  type RejectedTarget,
} from './capture.js';
export {
  DEFAULT_POLICY,
  REJECT_REASONS,
  judge,
  type AcceptancePolicy,
  type PaintedMeasure,
  type RejectReason,
  type Verdict,
} from './policy.js';
export { changedFraction, changedPixels, decodeImage, inkFraction, type RawImage, type Region } from './painted.js';
export { recordsFromProbe, type PageRecords, type RecordInput } from './records.js';
export { runProbe } from './probe.js';
export { runSettle, type SettleResult } from './settle.js';
export type { ProbeArgs, ProbeCandidate, ProbePoint, ProbeResult, ProbeTextItem, CssBox } from './probe.js';
