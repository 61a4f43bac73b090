/** `uisynth families`: the grounding scenario families, as `uisynth types` lists the CAPTCHA types. */
import { UsageError } from '../core/errors.js';

/** One row of `uisynth families`. */
export interface FamilyRow {
  family: string;
  platform: string;
  /** Content builder, or `template` for a pure Handlebars page. */
  app: string;
  locales: string[];
  /** Devices as `WxH@dpr` (CSS px, device scale factor), `m` for mobile emulation. */
  devices: string[];
  weight: number;
  /** `built-in` or the scenario file as given. */
  source: string;
}

/**
 * Every family: built-in, plus those of `scenariosGlob` (fast-glob pattern of YAML/JSON files).
 * @throws UsageError when the glob matches no scenario file or a file is invalid
 */
export async function familyRows(scenariosGlob?: string): Promise<FamilyRow[]> {
  let files: string[] = [];
  if (scenariosGlob !== undefined) {
    const { default: fg } = await import('fast-glob');
    files = (await fg(scenariosGlob, { onlyFiles: true, unique: true })).filter((f) => /\.(ya?ml|json)$/i.test(f)).sort();
    if (files.length === 0) throw new UsageError(`--scenarios: no .yaml/.yml/.json files match '${scenariosGlob}'`, '--scenarios');
  }
  const { scenarioIndex } = await import('../generators/grounding/index.js');
  return [...scenarioIndex(files).values()].map((d) => ({
    family: d.name,
    platform: d.platform,
    app: d.app,
    locales: [...d.locales],
    devices: d.devices.map((v) => `${v.width}x${v.height}@${v.dpr}${v.mobile ? 'm' : ''}`),
    weight: d.weight,
    source: files.includes(d.file) ? d.file : 'built-in',
  }));
}

/** The table printed by `uisynth families`. */
export function formatFamilies(rows: readonly FamilyRow[]): string {
  const w = Math.max(6, ...rows.map((r) => r.family.length));
  const L = [`${'family'.padEnd(w)} ${'platform'.padEnd(15)} ${'app'.padEnd(10)} ${'locales'.padEnd(7)} devices`];
  for (const r of rows)
    L.push(`${r.family.padEnd(w)} ${r.platform.padEnd(15)} ${r.app.padEnd(10)} ${String(r.locales.length).padEnd(7)} ${r.devices.join(', ')}${r.source !== 'built-in' ? `  (${r.source})` : ''}`);
  L.push(`${rows.length} families`);
  return L.join('\n') + '\n';
}
