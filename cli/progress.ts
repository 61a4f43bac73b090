/**
 * Progress reporting: a cli-progress bar on an interactive stderr, otherwise a line every 10%.
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
  let lastDecile = -1;
  return {
    update(done, total) {
      const d = Math.floor((done / Math.max(total, 1)) * 10);
      if (d !== lastDecile) {
        lastDecile = d;
        process.stderr.write(`${label}: ${done}/${total}\n`);
      }
    },
    stop() {},
  };
}
