/**
 * Icon queries name what an icon depicts in the page's language. Chinese names come from phrases.ts
 * ICON_DESCRIPTIONS; an icon without an entry there fell back to its English lucide name inside a Chinese query
 * ("plus图标按钮"). Oracle: the Chinese text itself (no Latin word outside the letters an icon draws) and
 * the set of icons the other languages name (generators/grounding/icon-names.ts), read from its source.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_DESCRIPTIONS, iconDescription } from '../generators/grounding/phrases.js';
import { writeQueries, type QueryTarget } from '../generators/grounding/queries.js';
import { Rng } from '../core/rng.js';

// Latin allowed in a Chinese icon name: a letter the icon itself draws (字母T, 粗体字母B) and the Wi-Fi mark
const LATIN_OK = /^(Wi-Fi|[A-Z])$/;
const namedIcons = [...readFileSync(new URL('../generators/grounding/icon-names.ts', import.meta.url), 'utf8').matchAll(/^ {2}'?([a-z0-9-]+)'?: \[/gm)].map((m) => m[1]!);

describe('Chinese icon names', () => {
  it('every icon the other languages name has a Chinese name (no English fallback in a zh query)', () => {
    expect(namedIcons.length).toBeGreaterThan(100);
    expect(namedIcons.filter((icon) => !ICON_DESCRIPTIONS[icon])).toEqual([]);
  });
  it('no Chinese name is English', () => {
    const bad = Object.entries(ICON_DESCRIPTIONS).filter(([, d]) => (d.zh.match(/[A-Za-z][A-Za-z-]*/g) ?? []).some((w) => !LATIN_OK.test(w)));
    expect(bad).toEqual([]);
    expect(iconDescription('plus', 'zh-CN')).toBe('加号');
    expect(iconDescription('share', 'zh-CN')).toBe('分享');
  });
});

describe('an icon with no Chinese name', () => {
  it('gets no icon query on a Chinese page (never its English lucide name), while one with a name does', () => {
    expect(ICON_DESCRIPTIONS['folder-input']).toBeUndefined();
    const target = (tid: string, icon: string, x: number): QueryTarget =>
      ({ tid, role: 'button', name: '', text: '', aria: {}, bbox_css: [x, 10, x + 24, 34], dom: { tag: 'button', id: null, selector: `#${tid}` }, context: { neighbors: [], landmark: null }, icon }) as unknown as QueryTarget;
    const targets = [target('t1', 'folder-input', 10), target('t2', 'plus', 60), target('t3', 'trash-2', 110)];
    const qs = writeQueries({ targets, locale: 'zh-CN', recordId: 'grounding-1-0000000', rng: new Rng('icons'), pageTexts: [], textRuns: [{ t: '文件', r: [10, 60, 60, 80] }] });
    const texts = qs.filter((q) => q.tid !== null).map((q) => q.text);
    expect(texts.filter((q) => /[A-Za-z]/.test(q))).toEqual([]);
    expect(texts.some((q) => q.includes('加号图标'))).toBe(true);
  });
});
