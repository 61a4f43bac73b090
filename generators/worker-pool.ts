/**
 * A small pool of worker threads running the pure, CPU-bound steps of a generator (the grounding
 * generator's scenario sampling and query writing, generators/grounding/tasks.ts) off the main thread, so
 * that the main thread stays free for the browser's replies while they run (issue 16 item 6).
 *
 * A task is an exported function of the task module, called with structured-clone-able arguments; its
 * result is structured-cloned back. Tasks must be pure functions of their arguments (the records are a
 * pure function of generator, config, seed and index, wherever they are computed).
 *
 * Failures on the main thread:
 * - an exception in a task rejects that call with the same class for the project's errors
 *   ({@link SampleError} keeps its `reason`, {@link UsageError} its `field`, {@link EnvironmentError}) and a
 *   plain `Error` otherwise, with the worker's own stack trace (plus the caller's) and its primitive
 *   fields (`code`, `syscall`, `path`, ... so that file-system faults are still recognised as such);
 * - a worker that dies (exits, is terminated, runs out of memory, throws outside a task) rejects every call
 *   it was running with a {@link WorkerExitError} (never a {@link SampleError}: the shard writer treats it
 *   as a bug, retried once, then the run stops with the stack trace in its log); the next call starts a
 *   new worker.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { EnvironmentError, SampleError, UsageError } from '../core/errors.js';

/** A worker thread of a {@link WorkerPool} died while running a call. */
export class WorkerExitError extends Error {
  override name = 'WorkerExitError';
}

interface ErrorData {
  name: string;
  message: string;
  stack: string | undefined;
  fields: Record<string, string | number | boolean | null>;
}

type Reply = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorData };

interface Call {
  id: number;
  task: string;
  args: unknown[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  /** The caller's stack, appended to a task's error. */
  site: Error;
}

interface Slot {
  worker: Worker;
  /** Calls sent to this worker and not answered yet. */
  running: Map<number, Call>;
  dead: boolean;
}

/** The main-thread error for a task's exception `d` (see the module comment). */
function rebuild(d: ErrorData, site: Error, where: string): Error {
  let e: Error;
  if (d.name === 'SampleError') e = new SampleError(d.message, String(d.fields.reason ?? 'error'));
  else if (d.name === 'UsageError') e = new UsageError(d.message, d.fields.field === undefined ? undefined : String(d.fields.field));
  else if (d.name === 'EnvironmentError') e = new EnvironmentError(d.message);
  else {
    e = new Error(d.message);
    e.name = d.name;
  }
  Object.assign(e, d.fields);
  const caller = (site.stack ?? '').split('\n').slice(1).join('\n');
  e.stack = `${d.stack ?? `${d.name}: ${d.message}`}\n    --- in worker thread ${where}, called from:\n${caller}`;
  return e;
}

/**
 * Worker threads running the exported functions of one task module.
 * Workers start on the first {@link WorkerPool.run} (or {@link WorkerPool.start}) and live until
 * {@link WorkerPool.close}; an idle pool does not keep the process alive.
 */
export class WorkerPool {
  private slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  private readonly where: string;

  /**
   * @param module file URL of the task module (a `.ts` or `.js` file; each thread loads its start-up bundle copy when
   *   fresh, else the source through tsx: generators/worker-entry.mjs)
   * @param size worker threads (default 1); calls are spread over them, least busy first
   */
  constructor(
    private readonly module: URL,
    private readonly size = 1,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`WorkerPool: size must be a positive integer, got ${size}`);
    this.where = relative(process.cwd(), fileURLToPath(module)) || fileURLToPath(module);
  }

  /** Start the workers now (they load the task module while the caller does other work). */
  start(): void {
    while (this.slots.length < this.size) this.spawn();
  }

  /**
   * Run task `task` of the module with `args` in a worker thread.
   * @throws the task's exception, rebuilt as described in the module comment
   * @throws WorkerExitError when the worker died while running it
   * @throws Error when the pool is closed
   */
  run<T>(task: string, args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`WorkerPool(${this.where}): run('${task}') after close()`));
    this.slots = this.slots.filter((s) => !s.dead);
    this.start();
    const slot = this.slots.reduce((a, b) => (b.running.size < a.running.size ? b : a));
    const site = new Error('called from');
    return new Promise<T>((resolve, reject) => {
      const call: Call = { id: this.nextId++, task, args, resolve: resolve as (v: unknown) => void, reject, site };
      slot.running.set(call.id, call);
      slot.worker.ref();
      try {
        slot.worker.postMessage({ id: call.id, task, args });
      } catch (e) {
        // arguments that cannot be cloned: a bug of the caller
        slot.running.delete(call.id);
        if (slot.running.size === 0) slot.worker.unref();
        reject(e as Error);
      }
    });
  }

  /** Stop every worker; calls still running reject with a {@link WorkerExitError}. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots;
    this.slots = [];
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Threads currently alive (for tests). */
  get threadIds(): number[] {
    return this.slots.filter((s) => !s.dead).map((s) => s.worker.threadId);
  }

  private spawn(): void {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: { module: this.module.href } });
    worker.unref();
    const slot: Slot = { worker, running: new Map(), dead: false };
    const die = (why: string, cause?: Error): void => {
      if (slot.dead) return;
      slot.dead = true;
      for (const c of slot.running.values()) {
        const e = new WorkerExitError(`worker thread running ${this.where} ${why} during task '${c.task}'`);
        const caller = (c.site.stack ?? '').split('\n').slice(1).join('\n');
        e.stack = `${e.name}: ${e.message}\n${caller}${cause?.stack ? `\n    --- the worker thread's error:\n${cause.stack}` : ''}`;
        c.reject(e);
      }
      slot.running.clear();
    };
    worker.on('message', (m: Reply) => {
      if ('ready' in m) return;
      const c = slot.running.get(m.id);
      if (!c) return;
      slot.running.delete(m.id);
      if (slot.running.size === 0) worker.unref();
      if (m.ok) c.resolve(m.value);
      else c.reject(rebuild(m.error, c.site, this.where));
    });
    // an exception outside a task (the module failed to load, an unhandled rejection) ends the thread
    worker.on('error', (e) => die(`failed (${e.name}: ${e.message.split('\n')[0]})`, e));
    worker.on('exit', (code) => die(this.closed ? 'was stopped (pool closed)' : `exited with code ${code}`));
    this.slots.push(slot);
  }
}
