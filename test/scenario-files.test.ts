/**
 * Scenario files (issue 4): validation errors name the file, the scenario, the field and the allowed
 * values; a user's scenario + template (no code) loads, joins `--families all`, renders with its own
 * strings and lists, and declares control hints with `data-act`; every built-in scenario is valid
 * and names only catalogued hard negatives; `uisynth stats` counts a dataset and draws the heatmap.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../core/errors.js';
import { APPS } from '../generators/grounding/apps/registry.js';
import { parseScenarioText } from '../generators/grounding/scenario-file.js';
import { builtinScenarios, sampleScenario, scenarioIndex } from '../generators/grounding/scenarios.js';
import { resolveFamilies } from '../generators/grounding/index.js';
import { negativeCatalogue } from '../generators/grounding/negatives.js';
import { datasetStatsReport, formatStats } from '../dataset/stats.js';
import { makeDataset } from './formats-fixtures.js';

const ROOT = resolve(import.meta.dirname, '..');
const EXAMPLE = 'docs/examples/scenarios/bakery.yaml';
const ok = `name: web.mine\nplatform: web\napp: admin\ndevices: [laptop-1366x768@1]\n`;
const err = (text: string, file = 'my.yaml'): string => {
  try {
    parseScenarioText(text, file, APPS);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
};

describe('scenario file validation', () => {
  it('accepts a minimal scenario and fills defaults', () => {
    const [d] = parseScenarioText(ok, 'my.yaml', APPS);
    expect(d).toMatchObject({ name: 'web.mine', platform: 'web', app: 'admin', weight: 1, themes: ['light', 'dark'], states: { default: 1 }, densities: { regular: 1 } });
    expect(d!.locales).toHaveLength(7);
    expect(d!.devices[0]).toMatchObject({ width: 1366, height: 768, dpr: 1, mobile: false, weight: 1 });
  });
  it('names file, field and allowed values', () => {
    expect(err(ok.replace('platform: web', 'platform: tv'))).toMatch(/^my\.yaml \(scenario 'web\.mine'\): field 'platform': .*"web".*"desktop\.macos"/);
    expect(err(ok.replace('app: admin', 'app: spaceship'))).toMatch(/my\.yaml \(scenario 'web\.mine'\): field 'app': unknown value 'spaceship'; allowed: files, .*admin/);
    expect(err(ok + 'locales: [en-US, xx-XX]\n')).toMatch(/field 'locales\[1\]': .*"ja-JP".*"ar"/);
    expect(err(ok.replace('laptop-1366x768@1', 'phone-9x9'))).toMatch(/field 'devices\[0\]': expected a preset name \(phone-360x800@3, .*desktop-3840x2160@1\)/);
    expect(err(ok + 'colour: red\n')).toMatch(/unknown field\(s\) 'colour'; allowed: name, platform, app/);
    expect(err(ok + 'states: {sleeping: 1}\n')).toMatch(/field 'states.sleeping'|field 'states'/);
    expect(err(ok.replace('name: web.mine', 'name: desktop.macos.mine'))).toMatch(/must start with its platform 'web'/);
    expect(err(`scenarios:\n  - ${ok.trim().split('\n').join('\n    ')}\n  - name: web.two\n    platform: web\n    app: admin\n`, 'many.yaml')).toMatch(/^many\.yaml \(scenario 'web\.two'\): field 'scenarios\[1\]\.devices'/);
    expect(err('name: [', 'bad.yaml')).toMatch(/^bad\.yaml: not valid YAML/);
  });
  it('refuses an app paired with a platform it has no builder for, naming the apps that fit', () => {
    // a desktop app on a phone, a phone app on the web, a legacy app off its own platform
    const phone = ok.replace('name: web.mine', 'name: mobile.ios.mine').replace('platform: web', 'platform: mobile.ios');
    const m = err(phone.replace('app: admin', 'app: spreadsheet'));
    expect(m).toMatch(/^my\.yaml \(scenario 'mobile\.ios\.mine'\): field 'app': 'spreadsheet' has no builder for platform 'mobile\.ios' \(it fits desktop\.macos, desktop\.windows\); apps for mobile\.ios: chat, .*template$/);
    expect(m).not.toContain('\n');
    expect(m).not.toMatch(/apps for mobile\.ios: .*(legacy-android-settings|spreadsheet|admin)/);
    expect(err(ok.replace('app: admin', 'app: chat'))).toMatch(/'chat' has no builder for platform 'web' \(it fits mobile\.android, mobile\.ios\)/);
    expect(err(phone.replace('app: admin', 'app: legacy-android-settings'))).toMatch(/'legacy-android-settings' has no builder for platform 'mobile\.ios' \(it fits mobile\.android\)/);
    // a legacy app is written in en-US and zh-CN only: the default (every locale) and any other are refused
    const shop = ok.replace('name: web.mine', 'name: web.myshop').replace('app: admin', 'app: legacy-shop');
    expect(err(shop)).toBe(`my.yaml (scenario 'web.myshop'): field 'locales': app 'legacy-shop' is written only in en-US, zh-CN, not ja-JP, de-DE, es-ES, fr-FR, ar; set locales: [en-US, zh-CN]`);
    expect(err(shop + 'locales: [zh-CN, de-DE]\n')).toMatch(/written only in en-US, zh-CN, not de-DE;/);
    expect(parseScenarioText(shop + 'locales: [zh-CN]\n', 'my.yaml', APPS)[0]!.locales).toEqual(['zh-CN']);
    // what fits loads: the same app names on their own platforms, `template` anywhere
    expect(parseScenarioText(phone.replace('app: admin', 'app: chat'), 'my.yaml', APPS)[0]!.app).toBe('chat');
    expect(parseScenarioText(phone.replace('app: admin', 'app: template\ntemplate: x.hbs'), 'my.yaml', APPS)[0]!.app).toBe('template');
  });
  it('every built-in scenario is valid and names only catalogued negatives', () => {
    const neg = negativeCatalogue();
    const defs = builtinScenarios();
    expect(defs.length).toBeGreaterThanOrEqual(40);
    for (const d of defs) for (const k of d.negatives) expect(neg.has(k), `${d.name}: ${k}`).toBe(true);
  });
});

describe('user scenario files (no code)', () => {
  it('join --families all and render their template with strings, lists, persona and data-act hints', () => {
    const files = [EXAMPLE];
    expect(resolveFamilies('all', files)).toContain('web.example-bakery');
    expect(resolveFamilies('web.example-*', files)).toEqual(['web.example-bakery']);
    expect(scenarioIndex(files).get('web.example-bakery')!.template).toBe(resolve(ROOT, 'docs/examples/scenarios/bakery.hbs'));
    const sc = sampleScenario({ families: ['web.example-bakery'], locales: ['de-DE'], themes: ['light'], scenarios: files }, 1, 0);
    expect(sc.html).toContain('Brot des Tages');
    expect(sc.html).toContain('Sauerteigbrot');
    expect(sc.html).toContain(sc.persona.name);
    expect(sc.html).toContain('.bk-grid');
    expect(sc.hints['add-0']).toEqual({ action: 'add-to-cart', args: { name: 'Sauerteigbrot' } });
    expect(sc.hints.cart).toEqual({ action: 'open-cart' });
    expect(sc.negatives).toContain('gift-wrap');
  });
  it('the CLI rejects a bad scenario file with a one-line usage error (exit 2)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-sc-'));
    writeFileSync(join(dir, 'bad.yaml'), ok.replace('platform: web', 'platform: tv'));
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'uisynth.js'), 'grounding', '--scenarios', join(dir, '*.yaml'), '--out', join(dir, 'out'), '--quiet'], { encoding: 'utf8', cwd: ROOT });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.yaml \(scenario 'web\.mine'\): field 'platform'/);
    // an app on the wrong platform is refused before anything is rendered, in one line
    writeFileSync(join(dir, 'bad.yaml'), ok.replace('app: admin', 'app: chat'));
    const r2 = spawnSync(process.execPath, [join(ROOT, 'bin', 'uisynth.js'), 'grounding', '--scenarios', join(dir, '*.yaml'), '--out', join(dir, 'out2'), '--quiet'], { encoding: 'utf8', cwd: ROOT });
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/bad\.yaml \(scenario 'web\.mine'\): field 'app': 'chat' has no builder for platform 'web'/);
    expect(r2.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(join(dir, 'out2'))).toBe(false);
  });
});

describe('uisynth stats', () => {
  it('counts by platform, family, locale, role and style; size buckets; writes stats.json and heatmap.png', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-stats-'));
    await makeDataset('grounding', dir, 6);
    const out = join(dir, 'report');
    const { stats, files } = await datasetStatsReport(dir, out);
    expect(stats.records).toBe(6);
    expect(stats.targets).toBeGreaterThan(0);
    expect(Object.values(stats.by_platform).reduce((a, b) => a + b, 0)).toBe(6);
    expect(Object.values(stats.targets_by_role).reduce((a, b) => a + b, 0)).toBe(stats.targets);
    expect(Object.values(stats.target_size.area_share).reduce((a, b) => a + b, 0)).toBe(stats.targets);
    expect(Object.values(stats.queries_by_style).reduce((a, b) => a + b, 0)).toBe(stats.queries);
    expect(stats.negatives).toBe(stats.queries_by_style.negative ?? 0);
    expect(JSON.parse(readFileSync(files.json, 'utf8'))).toEqual(stats);
    const meta = await sharp(files.heatmap).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([512, 512, 'png']);
    const table = formatStats(stats, files);
    for (const s of ['records by platform', 'records by family', 'records by locale', 'targets by role', 'queries by style', 'target area / screen area', 'small targets']) expect(table).toContain(s);
    // the CLI prints the same table
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'uisynth.js'), 'stats', dir, '--out', join(dir, 'cli')], { encoding: 'utf8', cwd: ROOT });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('records by family');
    expect(existsSync(join(dir, 'cli', 'heatmap.png'))).toBe(true);
  });
});
