/**
 * The platform vocabulary of the grounding generator, as one table: per record platform the screen
 * skin, the shell that draws its apps and the plausible absent controls every screen of it gets as
 * hard-negative candidates. The platform names themselves are the record schema's (`PLATFORMS` in
 * core/schema.ts).
 */
import type { PLATFORMS } from '../../core/schema.js';
import type { Skin } from './screens/app-context.js';

/** A record platform (`web`, `desktop.macos`, `desktop.windows`, `mobile.ios`, `mobile.android`). */
export type Platform = (typeof PLATFORMS)[number];

/** Which shell draws a platform's apps: a desktop with windows, a phone screen or a web page. */
export type Shell = 'desktop' | 'phone' | 'web';

/** One row of {@link PLATFORM_TABLE}. */
export interface PlatformRow {
  /** Screen skin (CSS `templates/screens/<skin>.css`). */
  skin: Skin;
  /** The shell, and with it which app builders (`apps/desktop.ts`, `apps/phone.ts`, `apps/web.ts`) fit. */
  shell: Shell;
  /** Keys of `templates/i18n/negatives.yaml` absent from any screen of the platform, added after a scenario's own `negatives:`. */
  negatives: readonly string[];
}

/**
 * The platform table, in the order built-in scenario families are interleaved (one family of each
 * platform in turn).
 */
export const PLATFORM_TABLE = {
  'desktop.macos': {
    skin: 'macos',
    shell: 'desktop',
    negatives: ['spotlight', 'mission-control', 'notification-center', 'software-update', 'print', 'keyboard-shortcuts', 'airdrop'],
  },
  'desktop.windows': {
    skin: 'windows',
    shell: 'desktop',
    negatives: ['widgets', 'copilot', 'snap-layouts', 'notification-center', 'print', 'properties', 'map-drive'],
  },
  'mobile.android': {
    skin: 'android',
    shell: 'phone',
    negatives: ['software-update', 'emergency-sos', 'offline-maps', 'read-receipts', 'pin-chat', 'sticker'],
  },
  'mobile.ios': {
    skin: 'ios',
    shell: 'phone',
    negatives: ['siri', 'software-update', 'face-id', 'emergency-sos', 'offline-maps', 'read-receipts'],
  },
  web: {
    skin: 'web',
    shell: 'web',
    negatives: ['translate-page', 'download-pdf', 'feedback-widget', 'print', 'sign-in-facebook', 'changelog', 'voice-search'],
  },
} as const satisfies Record<Platform, PlatformRow>;

/** The platforms in table order. */
export const PLATFORM_ORDER: readonly Platform[] = Object.keys(PLATFORM_TABLE) as Platform[];
