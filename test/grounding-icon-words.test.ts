/**
 * Icon queries name what an icon depicts in the page's language. Chinese names come from phrases.ts
 * ICON_DESCRIPTIONS; an icon without an entry there fell back to its English lucide name inside a Chinese query
 * ("plus图标按钮"). Oracle: the Chinese text itself (no Latin word outside the letters an icon draws) and
 * the set of icons the other languages name (generators/grounding/icon-names.ts), read from its source.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_DESCRIPTIONS, iconDescription } from '../generators/grounding/phrases.js';

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
