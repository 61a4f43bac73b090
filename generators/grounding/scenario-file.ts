/**
 * Scenario files: a scenario family is data (YAML or JSON) validated by zod. Built-in ones live in
 * `scenarios/*.yaml`; users add their own with `uisynth grounding --scenarios '<glob>'`.
 *
 * A file holds one scenario (a mapping with `name`) or several (`scenarios: [...]`). Fields:
 *
 * ```yaml
 * name: desktop.windows.explorer     # family name: <platform>.<app>[.<variant>]
 * platform: desktop.windows          # web | desktop.macos | desktop.windows | mobile.ios | mobile.android
 * app: files                         # app builder for the platform (see APPS in apps/registry.ts) or `template`
 * template: my-page.hbs              # app: template only; relative to the scenario file
 * css: [my-page.css]                 # extra CSS, relative to the scenario file
 * weight: 1                          # how often the family comes up relative to others (integer)
 * locales: [en-US, de-DE]            # default: every locale
 * themes: [light, dark]              # default: both
 * densities: {compact: 1, regular: 2}
 * devices: [laptop-1440x900@2, {width: 2560, height: 1440, dpr: 1, weight: 2}]
 * states: {default: 3, menu: 1, dialog: 1}
 * persona: {interests: [Hiking, Jazz]}
 * negatives: [print, share]          # keys of templates/i18n/negatives.yaml (plausible absent controls)
 * options: {...}                     # free-form, passed to the builder / template
 * strings: {...}, lists: {...}       # extra catalogue entries (see i18n.ts)
 * ```
 * Errors name the file, the scenario, the field and the allowed values.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { UsageError } from '../../core/errors.js';
import { PLATFORMS } from '../../core/schema.js';
import type { DeviceSpec } from './common.js';
import { parseCatalogue, type Catalogue } from './i18n.js';
import { GROUNDING_LOCALES, type GroundingLocale } from './locales.js';
import type { Platform } from './platforms.js';

/** What one `app:` value can draw (a row of the app registry's `APPS`, apps/registry.ts). */
export interface AppFit {
  /** Platforms it has a builder for. */
  platforms: readonly Platform[];
  /** Page locales it is written in. */
  locales: readonly GroundingLocale[];
}

/** Named device presets (CSS viewport, device scale factor, mobile emulation). */
export const DEVICE_PRESETS: Readonly<Record<string, DeviceSpec>> = Object.freeze({
  // phones (CSS px at dpr 2-3)
  'phone-360x800@3': { width: 360, height: 800, dpr: 3, mobile: true, touch: true },
  'phone-360x780@2': { width: 360, height: 780, dpr: 2, mobile: true, touch: true },
  'phone-375x812@3': { width: 375, height: 812, dpr: 3, mobile: true, touch: true },
  'phone-390x844@3': { width: 390, height: 844, dpr: 3, mobile: true, touch: true },
  'phone-393x852@3': { width: 393, height: 852, dpr: 3, mobile: true, touch: true },
  'phone-412x915@3': { width: 412, height: 915, dpr: 3, mobile: true, touch: true },
  'phone-412x892@2': { width: 412, height: 892, dpr: 2, mobile: true, touch: true },
  'phone-430x932@3': { width: 430, height: 932, dpr: 3, mobile: true, touch: true },
  // tablets
  'tablet-768x1024@2': { width: 768, height: 1024, dpr: 2, mobile: true, touch: true },
  'tablet-820x1180@2': { width: 820, height: 1180, dpr: 2, mobile: true, touch: true },
  'tablet-1180x820@2': { width: 1180, height: 820, dpr: 2, mobile: true, touch: true },
  // laptops
  'laptop-1280x800@2': { width: 1280, height: 800, dpr: 2, mobile: false, touch: false },
  'laptop-1366x768@1': { width: 1366, height: 768, dpr: 1, mobile: false, touch: false },
  'laptop-1440x900@1': { width: 1440, height: 900, dpr: 1, mobile: false, touch: false },
  'laptop-1440x900@2': { width: 1440, height: 900, dpr: 2, mobile: false, touch: false },
  'laptop-1536x864@1.25': { width: 1536, height: 864, dpr: 1.25, mobile: false, touch: false },
  // desktops
  'desktop-1920x1080@1': { width: 1920, height: 1080, dpr: 1, mobile: false, touch: false },
  'desktop-2560x1440@1': { width: 2560, height: 1440, dpr: 1, mobile: false, touch: false },
  'desktop-2560x1440@1.5': { width: 2560, height: 1440, dpr: 1.5, mobile: false, touch: false },
  'desktop-3840x2160@1': { width: 3840, height: 2160, dpr: 1, mobile: false, touch: false },
});
/** Names of the device presets. */
export const DEVICE_PRESET_NAMES = Object.keys(DEVICE_PRESETS) as [string, ...string[]];

/** Scenario states every builder understands (unsupported ones fall back to `default`). */
export const SCENARIO_STATES = ['default', 'menu', 'dialog', 'filled', 'tab'] as const;
/** UI densities. */
export const DENSITIES = ['compact', 'regular', 'comfortable'] as const;

const Weight = z.number().nonnegative();
const DeviceRef = z.union([
  z.enum(DEVICE_PRESET_NAMES),
  z.object({ preset: z.enum(DEVICE_PRESET_NAMES), weight: Weight.optional() }).strict(),
  z
    .object({
      width: z.int().min(200).max(7680),
      height: z.int().min(200).max(4320),
      dpr: z.number().min(0.5).max(4),
      mobile: z.boolean().optional(),
      touch: z.boolean().optional(),
      weight: Weight.optional(),
    })
    .strict(),
]);

/**
 * The zod schema of one scenario (after defaults). `app` (and whether it fits `platform`) is checked
 * against the registered builders by {@link parseScenarioText}.
 */
export const ScenarioFileSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9]+(?:\.[a-z0-9-]+)+$/, 'lower-case dotted name such as desktop.windows.explorer'),
    platform: z.enum(PLATFORMS),
    app: z.string().min(1),
    description: z.string().optional(),
    template: z.string().optional(),
    css: z.array(z.string()).default([]),
    weight: z.int().min(1).max(100).default(1),
    locales: z.array(z.enum(GROUNDING_LOCALES)).min(1).default([...GROUNDING_LOCALES]),
    themes: z.array(z.enum(['light', 'dark'])).min(1).default(['light', 'dark']),
    densities: z.partialRecord(z.enum(DENSITIES), Weight).default({ regular: 1 }),
    devices: z.array(DeviceRef).min(1),
    states: z.partialRecord(z.enum(SCENARIO_STATES), Weight).default({ default: 1 }),
    persona: z.object({ jobs: z.array(z.string()).optional(), interests: z.array(z.string()).optional() }).strict().optional(),
    negatives: z.array(z.string()).default([]),
    options: z.record(z.string(), z.unknown()).default({}),
    strings: z.record(z.string(), z.unknown()).optional(),
    lists: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
/** A scenario as written in a file (after zod defaults). */
export type ScenarioFile = z.infer<typeof ScenarioFileSchema>;

/** A loaded scenario: the file's fields with devices resolved and weights normalised. */
export interface ScenarioDef extends Omit<ScenarioFile, 'devices' | 'strings' | 'lists' | 'template' | 'css'> {
  /** Where it came from (path as given). */
  file: string;
  devices: Array<DeviceSpec & { weight: number }>;
  /** Absolute path of the page template (`app: template`), else undefined. */
  template?: string;
  /** Absolute paths of extra CSS files. */
  css: string[];
  /** Extra strings / lists from the file (null when none). */
  catalogue: Catalogue | null;
}

function formatIssue(file: string, name: string | undefined, prefix: string, issue: z.core.$ZodIssue): string {
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  let msg = issue.message;
  const anyIssue = issue as { code: string; values?: unknown[]; keys?: string[]; errors?: z.core.$ZodIssue[][] };
  if (anyIssue.code === 'invalid_union' && anyIssue.errors?.length) {
    // a device entry: say which forms are allowed
    if (/devices/.test(path)) msg = `expected a preset name (${DEVICE_PRESET_NAMES.join(', ')}), {preset, weight} or {width, height, dpr, mobile?, touch?, weight?}`;
  }
  if (anyIssue.code === 'unrecognized_keys' && anyIssue.keys) {
    msg = `unknown field(s) ${anyIssue.keys.map((k) => `'${k}'`).join(', ')}; allowed: ${Object.keys(ScenarioFileSchema.shape).join(', ')}`;
  }
  return `${file}${name ? ` (scenario '${name}')` : ''}: field '${path || '(root)'}': ${msg}`;
}

/**
 * Parse and validate the scenarios in one file's text.
 * @param apps the app registry: each `app:` value, the platforms it can be drawn on and the locales it is written in
 * @throws UsageError naming file, scenario, field and allowed values (an app paired with a platform it
 * has no builder for, or asked for a locale it is not written in, is one of them)
 */
export function parseScenarioText(text: string, file: string, apps: Readonly<Record<string, AppFit>>): ScenarioDef[] {
  let doc: unknown;
  try {
    doc = file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text);
  } catch (e) {
    throw new UsageError(`${file}: not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(e as Error).message.split('\n')[0]}`, '--scenarios');
  }
  const items: Array<{ raw: unknown; prefix: string }> =
    doc && typeof doc === 'object' && !Array.isArray(doc) && 'scenarios' in (doc as object)
      ? ((doc as { scenarios: unknown }).scenarios instanceof Array
          ? ((doc as { scenarios: unknown[] }).scenarios.map((raw, i) => ({ raw, prefix: `scenarios[${i}]` })))
          : (() => {
              throw new UsageError(`${file}: field 'scenarios': expected a list of scenarios`, '--scenarios');
            })())
      : [{ raw: doc, prefix: '' }];
  const base = dirname(resolve(file));
  return items.map(({ raw, prefix }) => {
    const name = raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string' ? (raw as { name: string }).name : undefined;
    const r = ScenarioFileSchema.safeParse(raw);
    if (!r.success) throw new UsageError(r.error.issues.map((i) => formatIssue(file, name, prefix, i)).join('\n'), '--scenarios');
    const s = r.data;
    const at = (f: string) => `${file}${name ? ` (scenario '${name}')` : ''}: field '${prefix ? prefix + '.' : ''}${f}'`;
    const appKinds = Object.keys(apps);
    if (!appKinds.includes(s.app)) throw new UsageError(`${at('app')}: unknown value '${s.app}'; allowed: ${appKinds.join(', ')}`, '--scenarios');
    const fit = apps[s.app]!;
    if (!fit.platforms.includes(s.platform)) {
      const fits = appKinds.filter((a) => apps[a]!.platforms.includes(s.platform));
      throw new UsageError(`${at('app')}: '${s.app}' has no builder for platform '${s.platform}' (it fits ${fit.platforms.join(', ')}); apps for ${s.platform}: ${fits.join(', ')}`, '--scenarios');
    }
    const unwritten = s.locales.filter((l) => !fit.locales.includes(l));
    if (unwritten.length) {
      throw new UsageError(`${at('locales')}: app '${s.app}' is written only in ${fit.locales.join(', ')}, not ${unwritten.join(', ')}; set locales: [${fit.locales.join(', ')}]`, '--scenarios');
    }
    if (s.app === 'template' && !s.template) throw new UsageError(`${at('template')}: required when app is 'template'`, '--scenarios');
    if (!s.platform.startsWith(platformPrefix(s.name))) {
      throw new UsageError(`${at('name')}: '${s.name}' must start with its platform '${s.platform}' (e.g. ${s.platform}.${s.app})`, '--scenarios');
    }
    const sumW = (o: Record<string, number | undefined>) => Object.values(o).reduce<number>((a, b) => a + (b ?? 0), 0);
    if (sumW(s.states) <= 0) throw new UsageError(`${at('states')}: weights must not all be 0`, '--scenarios');
    if (sumW(s.densities) <= 0) throw new UsageError(`${at('densities')}: weights must not all be 0`, '--scenarios');
    const devices = s.devices.map((d) => {
      if (typeof d === 'string') return { ...DEVICE_PRESETS[d]!, weight: 1 };
      if ('preset' in d) return { ...DEVICE_PRESETS[d.preset]!, weight: d.weight ?? 1 };
      const mobile = d.mobile ?? s.platform.startsWith('mobile.');
      return { width: d.width, height: d.height, dpr: d.dpr, mobile, touch: d.touch ?? mobile, weight: d.weight ?? 1 };
    });
    let catalogue: Catalogue | null = null;
    if (s.strings || s.lists) {
      try {
        catalogue = parseCatalogue({ strings: s.strings, lists: s.lists }, `${file}${name ? ` (scenario '${name}')` : ''}`);
      } catch (e) {
        throw new UsageError((e as Error).message, '--scenarios');
      }
    }
    const { strings: _s, lists: _l, template, css, ...rest } = s;
    return {
      ...rest,
      file,
      devices,
      template: template ? resolve(base, template) : undefined,
      css: css.map((c) => resolve(base, c)),
      catalogue,
    };
  });
}

function platformPrefix(name: string): string {
  const p = name.split('.');
  return p[0] === 'desktop' || p[0] === 'mobile' ? `${p[0]}.${p[1]}` : p[0]!;
}

const fileCache = new Map<string, ScenarioDef[]>();

/**
 * Load scenario files (paths as given; cached per process). Duplicate family names across files are
 * an error.
 * @throws UsageError on unreadable files, invalid content or duplicate names
 */
export function loadScenarioFiles(files: readonly string[], apps: Readonly<Record<string, AppFit>>): ScenarioDef[] {
  const out: ScenarioDef[] = [];
  const seen = new Map<string, string>();
  for (const f of files) {
    let defs = fileCache.get(f);
    if (!defs) {
      let text: string;
      try {
        text = readFileSync(f, 'utf8');
      } catch (e) {
        throw new UsageError(`${f}: cannot read scenario file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, '--scenarios');
      }
      defs = parseScenarioText(text, f, apps);
      fileCache.set(f, defs);
    }
    for (const d of defs) {
      const prev = seen.get(d.name);
      if (prev) throw new UsageError(`${f}: scenario '${d.name}' is already defined in ${prev}`, '--scenarios');
      seen.set(d.name, f);
      out.push(d);
    }
  }
  return out;
}
