/**
 * Error classes with stable `name`s. The CLI prints a {@link UsageError} as one line and exits 2,
 * never with a stack trace; any other error is a bug or an environment failure (exit 1).
 */

/** A user mistake (bad flag, unknown type, unreadable input). `field` names what was wrong. */
export class UsageError extends Error {
  override name = 'UsageError';
  /**
   * @param message one line naming the problem and, where there is a closed set, the allowed values
   * @param field the flag or config field at fault, e.g. `--types`
   */
  constructor(message: string, public readonly field?: string) {
    super(message);
  }
}

/** The environment cannot do what was asked (no Chromium, disk full). Exit 3, one line. */
export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/** A single sample could not be produced (unsolvable puzzle, render timeout). Retried or skipped, logged to rejects. */
export class SampleError extends Error {
  override name = 'SampleError';
  constructor(message: string, public readonly reason: string) {
    super(message);
  }
}

/** Build the standard "allowed values" message: `--types: unknown value 'foo'; allowed: a, b, c`. */
export function badValue(field: string, value: unknown, allowed: readonly string[]): UsageError {
  return new UsageError(`${field}: unknown value '${String(value)}'; allowed: ${allowed.join(', ')}`, field);
}
