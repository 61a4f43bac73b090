/** Public hit-test API: capture + nine-point suite + painted-pixel check + acceptance policy. */
export {
  captureAndHitTest,
  settlePage,
  type CaptureInput,
  type CaptureOptions,
  type CaptureResult,
  type PageOptions,
  type RejectedTarget,
} from './capture.js';
export { DEFAULT_POLICY, REJECT_REASONS, judge, type AcceptancePolicy, type RejectReason, type Verdict } from './policy.js';
export { decodeImage, inkFraction, type RawImage } from './painted.js';
export { evaluateFn, type SettleResult } from './settle.js';
export type { ProbeCandidate, ProbePoint, ProbeResult, ProbeTextItem, CssBox } from './probe.js';
