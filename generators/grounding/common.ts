/**
 * Types shared by the grounding scenario side: colour themes, the persona a page belongs to, the
 * per-control hints a page hands to the query writer, the device of a scenario and what a page
 * builder returns.
 */
export { GROUNDING_LOCALES, type GroundingLocale } from './locales.js';
/** Colour themes. */
export const GROUNDING_THEMES = ['light', 'dark'] as const;
/** A colour theme. */
export type GroundingTheme = (typeof GROUNDING_THEMES)[number];

/** The person a generated page belongs to (mail account owner, shopper, phone user). */
export interface Persona {
  name: string;
  job: string;
  email: string;
  /** Interests (in the page locale) that drive content: folders, playlists, news topics, events. */
  interests?: string[];
}

/**
 * What a generated page tells the query writer about one control, keyed by the element's `id`:
 * `action` is a key of the phrase table (queries.ts / phrases.ts) and `args` fill its placeholders.
 */
export interface ControlHint {
  action: string;
  args?: Record<string, string>;
}

/** Viewport and device emulation of one scenario. */
export interface DeviceSpec {
  width: number;
  height: number;
  dpr: number;
  mobile: boolean;
  touch: boolean;
}

/** What a page builder returns (an app through its shell, the `template` app, a legacy app). */
export interface BuiltPage {
  /** Complete HTML document. */
  html: string;
  /** Free-form scenario parameters recorded in `context.params`. */
  params: Record<string, unknown>;
  /** Per element id: what the control does (drives functional queries). */
  hints: Record<string, ControlHint>;
}
