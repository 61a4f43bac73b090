/**
 * Folder import rules (.dependency-cruiser.cjs, docs/architecture.md) checked by dependency-cruiser itself:
 * the real tree has no violation, and a tree with a forbidden import fails with the rule's name.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const BIN = join(ROOT, 'node_modules', '.bin', 'depcruise');
const FOLDERS = ['core', 'renderers', 'hittest', 'generators', 'score', 'export', 'gallery', 'regress', 'cli'];

function cruise(cwd: string, folders: string[]) {
  return spawnSync(BIN, ['--config', CONFIG, '--output-type', 'err', ...folders], { cwd, encoding: 'utf8' });
}

describe('folder import rules', () => {
  it('the tree obeys every rule', () => {
    const r = cruise(ROOT, FOLDERS.filter((f) => existsSync(join(ROOT, f))));
    expect(r.stdout + r.stderr).toContain('no dependency violations found');
    expect(r.status).toBe(0);
  });

  it('a forbidden import fails the check and names the rule', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-depcruise-'));
    try {
      for (const f of ['core', 'score', 'generators', 'export']) mkdirSync(join(dir, f));
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
      writeFileSync(join(dir, 'score', 'scorer.ts'), 'export const score = 1;\n');
      writeFileSync(join(dir, 'export', 'writer.ts'), 'export const write = 1;\n');
      // core importing score, and a generator importing the dataset writer: both break the layering.
      writeFileSync(join(dir, 'core', 'geometry.ts'), "import { score } from '../score/scorer.js';\nexport const g = score;\n");
      writeFileSync(join(dir, 'generators', 'engine.ts'), "import { write } from '../export/writer.js';\nexport const e = write;\n");
      const r = cruise(dir, ['core', 'score', 'generators', 'export']);
      const out = r.stdout + r.stderr;
      expect(r.status).not.toBe(0);
      expect(out).toMatch(/core-is-the-base: core\/geometry\.ts → score\/scorer\.ts/);
      expect(out).toMatch(/generators-do-not-write-or-score: generators\/engine\.ts → export\/writer\.ts/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
