// The soft open-file limit (`ulimit -n`), read by the launcher bin/uisynth.js (plain Node, before any
// TypeScript is loaded) and by renderers/browser.ts (before Chromium, which inherits it, is launched).
import { readFileSync } from 'node:fs';

/**
 * The soft open-file limit from /proc/self/limits (Linux; reading it needs one free descriptor, free
 * again afterwards), or null where it cannot be read (another OS, or no descriptor left).
 * @returns {number | null}
 */
export function softFdLimit() {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
