/**
 * Regenerating samples of an existing dataset from its manifest: the generator, configuration and seed
 * recorded there drive the same sample functions `uisynth grounding` / `uisynth captcha` use
 * (cli/main.ts `runGrounding` / `runCaptcha`), so sample `index` comes out exactly as the shard writer
 * made it (a sample is a pure function of generator, config, seed and index).
 */
import { createHash } from 'node:crypto';
import { relative, resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { UisynthRecord, type Manifest } from '../core/schema.js';
import type { BrowserPool, PageOptions, PageSource } from '../renderers/browser.js';
import type { CaptureOptions } from '../hittest/capture.js';

/** One regenerated sample: the complete record (with `image`, path as given) and its PNG bytes. */
export interface Regenerated {
  record: UisynthRecord;
  png: Buffer;
}

/** What a re-render of a grounding record needs: the page and the options it was captured with. */
export interface PageSpec {
  source: PageSource;
  options: PageOptions;
}

/** Regenerates samples of one dataset; call {@link Regenerator.close} when done. */
export interface Regenerator {
  /** `Chromium <version>` for grounding data, null for CAPTCHA data. */
  chromium: string | null;
  /** Files (as given in the config) that define the pages: `--scenarios` files and their templates/CSS, `--pages` HTML. */
  userFiles: string[];
  /** True when the pages come from the built-in scenario and template folders. */
  builtinInputs: boolean;
  /**
   * Regenerate sample `index`; `imagePath` becomes `record.image.path` (width, height and sha256 are
   * measured from the new PNG). Throws what the generator throws (SampleError for a sample that no
   * longer succeeds).
   */
  produce(index: number, imagePath: string): Promise<Regenerated>;
  /** Grounding only: the page and options sample `index` renders (for `uisynth verify`'s re-render). */
  page(index: number): Promise<PageSpec>;
  /** The shared browser (grounding), for re-rendering; null for CAPTCHA data. */
  pool: BrowserPool | null;
  close(): Promise<void>;
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

function withImage(rec: object, png: Buffer, path: string): UisynthRecord {
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) throw new Error('regenerated image is not a PNG');
  return UisynthRecord.parse({ ...rec, image: { path, width: png.readUInt32BE(16), height: png.readUInt32BE(20), sha256: sha256(png) } });
}

/**
 * The files that define a dataset's pages (paths as given in its config): `--pages` HTML files, or
 * `--scenarios` files plus the templates and CSS they name; `builtin` when the built-in scenario and
 * template folders are inputs too (generated grounding data). CAPTCHA data has none.
 */
export async function pageInputs(m: Manifest): Promise<{ files: string[]; builtin: boolean }> {
  const cfg = m.config as { files?: string[]; scenarios?: string[] };
  if (m.kind !== 'grounding') return { files: [], builtin: false };
  if (Array.isArray(cfg.files)) return { files: [...cfg.files], builtin: false };
  const sc = cfg.scenarios ?? [];
  if (!sc.length) return { files: [], builtin: true };
  const { scenarioIndex } = await import('../generators/grounding/index.js');
  const extra = new Set<string>();
  for (const d of scenarioIndex(sc).values()) if (sc.includes(d.file)) for (const f of [...(d.template ? [d.template] : []), ...d.css]) extra.add(f);
  // templates and CSS are absolute paths in the scenario index: keyed relative to the working directory like the scenario files
  return { files: [...sc, ...[...extra].map((f) => (relative(process.cwd(), f).startsWith('..') ? f : relative(process.cwd(), f))).sort()], builtin: true };
}

/**
 * Open a regenerator for a dataset's manifest (grounding data launches Chromium).
 * @param concurrency pages open at once (grounding)
 * @throws UsageError when the manifest's config is not one this version can regenerate
 * @throws EnvironmentError when Chromium is missing (grounding)
 */
export async function openRegenerator(m: Manifest, concurrency = 2): Promise<Regenerator> {
  const cfg = m.config as Record<string, unknown>;
  if (m.kind === 'captcha') {
    const { captchaSample } = await import('../generators/captcha/index.js');
    const c = { types: cfg.types as string[], contexts: cfg.contexts as never, difficulties: cfg.difficulties as never, locales: cfg.locales as never };
    if (!Array.isArray(c.types)) throw new UsageError('manifest.json: config has no CAPTCHA types; not a dataset made by `uisynth captcha`', 'DATA_DIR');
    return {
      chromium: null,
      userFiles: [],
      builtinInputs: false,
      pool: null,
      async produce(index, imagePath) {
        const s = await captchaSample(c, m.seed, index);
        return { record: withImage(s.record, s.png, imagePath), png: s.png };
      },
      page() {
        return Promise.reject(new Error('CAPTCHA records have no page'));
      },
      async close() {},
    };
  }
  const g = await import('../generators/grounding/index.js');
  const { BrowserPool } = await import('../renderers/browser.js');
  const policy = cfg.policy as CaptureOptions['policy'] | undefined;
  const capture: CaptureOptions | undefined = policy ? { policy } : undefined;
  let userFiles: string[];
  let produce: (pool: BrowserPool, i: number) => Promise<{ record: object; png: Buffer }>;
  let page: (i: number) => PageSpec;
  if (Array.isArray(cfg.files)) {
    const files = cfg.files as string[];
    const o = { viewport: cfg.viewport as { width: number; height: number }, dpr: cfg.dpr as number, mobile: Boolean(cfg.mobile), locale: cfg.locale as string };
    userFiles = [...files];
    const file = (i: number): string => {
      const f = files[i];
      if (f === undefined) throw new UsageError(`manifest.json: sample ${i} is outside the --pages file list (${files.length} files)`, 'DATA_DIR');
      return f;
    };
    produce = (pool, i) => g.groundingFromPage(pool, resolve(file(i)), file(i), o, m.seed, i, capture);
    page = (i) => ({
      source: { file: resolve(file(i)) },
      options: { viewport: o.viewport, dpr: o.dpr, mobile: o.mobile, touch: o.mobile, colorScheme: 'light', locale: o.locale },
    });
  } else {
    if (!Array.isArray(cfg.families)) throw new UsageError('manifest.json: config has no families; not a dataset made by `uisynth grounding`', 'DATA_DIR');
    const scenarios = (cfg.scenarios as string[] | undefined) ?? undefined;
    const sc = { families: cfg.families as string[], locales: cfg.locales as never[], themes: cfg.themes as never[], ...(scenarios ? { scenarios } : {}) };
    userFiles = (await pageInputs(m)).files;
    produce = (pool, i) => g.groundingSample(pool, sc, m.seed, i, capture);
    page = (i) => {
      const s = g.sampleScenario(sc, m.seed, i);
      return {
        source: { html: s.html },
        options: { viewport: s.viewport, dpr: s.dpr, mobile: s.mobile, touch: s.touch, colorScheme: s.theme, locale: s.locale },
      };
    };
  }
  const pool = await BrowserPool.launch({ concurrency });
  return {
    chromium: pool.version,
    userFiles,
    builtinInputs: !Array.isArray(cfg.files),
    pool,
    async produce(index, imagePath) {
      const s = await produce(pool, index);
      return { record: withImage(s.record, s.png, imagePath), png: s.png };
    },
    page: async (i) => page(i),
    close: () => pool.close(),
  };
}
