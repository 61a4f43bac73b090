/**
 * Option parsing helpers: every bad value becomes a one-line {@link UsageError} naming the flag and the
 * allowed values.
 */
import { UsageError, badValue } from '../core/errors.js';

/** Integer flag value within [min, max]. */
export function intOpt(flag: string, v: string | number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  // decimal digits only: Number('') is 0 and Number('0x1') is 1, neither is what the user meant
  const n = typeof v === 'number' ? v : /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${flag}: expected an integer in [${min}, ${max === Number.MAX_SAFE_INTEGER ? '∞' : max}], got '${v}'`, flag);
  return n;
}

/** Positive number flag value (e.g. --dpr 2.625). */
export function numOpt(flag: string, v: string, min: number, max: number): number {
  // plain decimal notation only (no '', ' ', 0x.., 0b.., 0o.., Infinity)
  const n = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`${flag}: expected a number in [${min}, ${max}], got '${v}'`, flag);
  return n;
}

/** `WxH` in CSS px, e.g. `1280x800`. */
export function sizeOpt(flag: string, v: string): { width: number; height: number } {
  const m = /^(\d+)x(\d+)$/.exec(v.trim());
  if (!m) throw new UsageError(`${flag}: expected WIDTHxHEIGHT in CSS px, e.g. 1280x800, got '${v}'`, flag);
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width < 100 || height < 100 || width > 7680 || height > 7680)
    throw new UsageError(`${flag}: width and height must be in [100, 7680], got '${v}'`, flag);
  return { width, height };
}

/**
 * Comma list restricted to `allowed`; `all` expands to every allowed value. Order follows `allowed`,
 * duplicates are dropped.
 */
export function listOpt<T extends string>(flag: string, v: string, allowed: readonly T[]): T[] {
  const parts = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (parts.length === 0) throw new UsageError(`${flag}: empty list; allowed: ${allowed.join(', ')}, all`, flag);
  if (parts.includes('all')) return [...allowed];
  for (const p of parts) if (!allowed.includes(p as T)) throw badValue(flag, p, [...allowed, 'all']);
  return allowed.filter((a) => parts.includes(a));
}
