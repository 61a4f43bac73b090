/**
 * Selecting what to pin (issue 13 item 5): `--types` groups and globs against the registered types
 * (the expected sets computed directly from `uisynth types`' rows), the stratified sample, and
 * `uisynth families` listing every scenario family.
 */
import { describe, expect, it } from 'vitest';
import { describeTypes } from '../generators/captcha/index.js';
import { builtinScenarios } from '../generators/grounding/scenarios.js';
import { UsageError } from '../core/errors.js';
import { expandTypeSpec, stratifiedSample } from '../regress/selection.js';
import { run } from './regress-fixture.js';

const rows = describeTypes();

describe('--types groups and globs', () => {
  it('group:NAME is every type of that group; a glob matches type names; order first-match, no duplicates', () => {
    const slider = rows.filter((r) => r.group === 'slider_puzzle').map((r) => r.type);
    const rotate = rows.filter((r) => r.type.startsWith('rotate_')).map((r) => r.type);
    expect(slider.length).toBeGreaterThan(1);
    expect(rotate.length).toBeGreaterThan(1);
    const got = expandTypeSpec('group:slider_puzzle,rotate_*', rows);
    expect(got).toEqual([...slider, ...rotate.filter((t) => !slider.includes(t))]);
    expect(expandTypeSpec(`${rotate[0]},rotate_*`, rows)).toEqual(rotate);
    expect(expandTypeSpec('all', rows)).toHaveLength(rows.length);
  });
  it('an item matching nothing is a usage error naming it and the groups', () => {
    expect(() => expandTypeSpec('group:nope', rows)).toThrow(UsageError);
    expect(() => expandTypeSpec('zzz_*', rows)).toThrow(/--types: unknown value 'zzz_\*'; allowed: .*group:slider_puzzle/);
  });
  it('uisynth captcha accepts groups and globs', () => {
    const r = run('captcha', '--types', 'group:nope', '--count', '1', '--out', '/tmp/uisynth-never-written');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^uisynth: --types: unknown value 'group:nope'/);
  });
});

describe('stratified sample', () => {
  it('takes the first of every stratum before the second of any, in input order', () => {
    const items = ['a1', 'a2', 'a3', 'b1', 'c1', 'c2'];
    expect(stratifiedSample(items, 3, (s) => s[0]!)).toEqual(['a1', 'b1', 'c1']);
    expect(stratifiedSample(items, 5, (s) => s[0]!)).toEqual(['a1', 'a2', 'b1', 'c1', 'c2']);
    expect(stratifiedSample(items, 10, (s) => s[0]!)).toEqual(items);
  });
});

describe('uisynth families', () => {
  it('lists every built-in scenario family', () => {
    const r = run('families', '--json');
    expect(r.code, r.err).toBe(0);
    const fams = JSON.parse(r.out) as Array<{ family: string; platform: string }>;
    expect(fams.map((f) => f.family)).toEqual(builtinScenarios().map((d) => d.name));
    expect(new Set(fams.map((f) => f.platform))).toEqual(new Set(['web', 'desktop.macos', 'desktop.windows', 'mobile.ios', 'mobile.android']));
    expect(run('families').out).toMatch(new RegExp(`\\n${fams.length} families\\n$`));
  });
});
