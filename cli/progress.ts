/**
 * Progress reporting: a cli-progress bar on an interactive stderr, otherwise a line every 10% (and at
 * least every 30 s) with rate and ETA.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/** A progress reporter labelled `label`; silent when `quiet`. */
export function progress(label: string, quiet: boolean): Progress {
  if (quiet) return { update() {}, stop() {} };
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {value}/{total} {percentage}% | eta {eta_formatted}`, stream: process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update(done, total) {
        if (!started) {
          bar.start(total, 0);
          started = true;
        }
        bar.update(done);
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  // not a TTY (CI logs, batch jobs): a line at every 10% and at least every 30 s, with rate and ETA
  let lastDecile = -1;
  let lastLine = 0;
  const t0 = Date.now();
  return {
    update(done, total) {
      const d = Math.floor((done / Math.max(total, 1)) * 10);
      const now = Date.now();
      if (d !== lastDecile || now - lastLine >= 30_000) {
        lastDecile = d;
        lastLine = now;
        process.stderr.write(`${label}: ${done}/${total}${rateEta(done, total, (now - t0) / 1000)}\n`);
      }
    },
    stop() {},
  };
}

/** ` (12.3/s, eta 4m05s)` from items done and seconds elapsed; '' before the first second. */
export function rateEta(done: number, total: number, seconds: number): string {
  if (seconds < 1 || done <= 0) return '';
  const rate = done / seconds;
  const left = Math.max(0, total - done) / rate;
  const m = Math.floor(left / 60);
  const sec = Math.round(left % 60);
  return ` (${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)}/s, eta ${m > 0 ? `${m}m${String(sec).padStart(2, '0')}s` : `${sec}s`})`;
}
