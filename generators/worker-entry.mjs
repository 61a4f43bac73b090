// The start of every worker thread of generators/worker-pool.ts (JavaScript, so that it runs before TypeScript can
// be loaded): loads the task module named by `workerData.module` from the start-up bundle when it is fresh, else
// registers tsx's loader in this thread (as bin/run-ts.js does for the main thread) and imports the source; then
// answers `{ id, task, args }` messages with
// `{ id, ok: true, value }` or `{ id, ok: false, error }` (the error's name, message, stack and its own
// primitive fields such as `reason`, `code`, `field`, so the pool can rebuild it on the main thread).
import { parentPort, workerData } from 'node:worker_threads';
import { importBundledOrSource } from '../bin/cli-bundle.mjs';

// the start-up bundle's copy of the task module when it matches the sources (bin/cli-bundle.mjs), else the source
// through tsx
const tasks = await importBundledOrSource(workerData.module);

/** An exception as plain data (structured clone keeps neither an Error's class nor its extra fields). */
function errorData(e) {
  if (!(e instanceof Error)) return { name: 'Error', message: `non-Error thrown: ${String(e)}`, stack: undefined, fields: {} };
  const fields = {};
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return { name: e.name, message: e.message, stack: e.stack, fields };
}

parentPort.on('message', async ({ id, task, args }) => {
  try {
    const f = tasks[task];
    if (typeof f !== 'function') throw new Error(`${workerData.module}: no task '${task}'`);
    parentPort.postMessage({ id, ok: true, value: await f(...args) });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: errorData(e) });
  }
});
parentPort.postMessage({ ready: true });
