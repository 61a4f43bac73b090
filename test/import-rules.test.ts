/**
 * Folder import rules (.dependency-cruiser.cjs, docs/architecture.md) checked by dependency-cruiser itself:
 * the real tree has no violation; a scratch tree with one forbidden import of each kind fails, naming the
 * rule and the offending edge; and the "may import" table of docs/architecture.md says what the rules say.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const BIN = join(ROOT, 'node_modules', '.bin', 'depcruise');
const FOLDERS = ['core', 'renderers', 'hittest', 'generators', 'score', 'dataset', 'export', 'gallery', 'regress', 'cli'];

function cruise(cwd: string, folders: string[]) {
  return spawnSync(BIN, ['--config', CONFIG, '--output-type', 'err', ...folders], { cwd, encoding: 'utf8' });
}

/** The rules as dependency-cruiser reads them. */
const config = createRequire(__filename)(CONFIG) as { forbidden: Array<{ name: string; from: { path?: string }; to: { pathNot?: string } }> };

describe('folder import rules', () => {
  it('the tree obeys every rule', () => {
    const r = cruise(ROOT, FOLDERS.filter((f) => existsSync(join(ROOT, f))));
    expect(r.stdout + r.stderr).toContain('no dependency violations found');
    expect(r.status).toBe(0);
  });

  it('each kind of forbidden import fails the check and names the rule and the edge', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-depcruise-'));
    const put = (rel: string, text: string): void => {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text);
    };
    try {
      put('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
      put('test/helper.ts', 'export const h = 1;\n');
      put('dataset/write.ts', 'export const write = 1;\n');
      put('score/scorer.ts', 'export const score = 1;\n');
      // core importing score: core is the base
      put('core/geometry.ts', "import { score } from '../score/scorer.js';\nexport const g = score;\n");
      // a generator importing the dataset writer: generators sit beside, not above, dataset/
      put('generators/engine.ts', "import { write } from '../dataset/write.js';\nexport const e = write;\n");
      // score reading a dataset directory: score is pure, reading is dataset/
      put('score/report.ts', "import { write } from '../dataset/write.js';\nimport { readFileSync } from 'node:fs';\nexport const r = [write, readFileSync];\n");
      // the product importing a test helper
      put('export/card.ts', "import { h } from '../test/helper.js';\nexport const c = h;\n");
      // a cycle inside one folder
      put('export/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
      put('export/b.ts', "import { a } from './a.js';\nexport const b = () => a;\n");
      // in-page code (bundled into the browser page) importing a Node-side module
      put('core/errors.ts', 'export const E = 1;\n');
      put('hittest/page/walk.ts', "import { E } from '../../core/errors.js';\nexport const w = E;\n");
      const r = cruise(dir, ['core', 'score', 'generators', 'dataset', 'export', 'hittest']);
      const out = r.stdout + r.stderr;
      expect(r.status, out).not.toBe(0);
      expect(out).toMatch(/core-layer: core\/geometry\.ts → score\/scorer\.ts/);
      expect(out).toMatch(/generators-layer: generators\/engine\.ts → dataset\/write\.ts/);
      expect(out).toMatch(/score-layer: score\/report\.ts → dataset\/write\.ts/);
      expect(out).toMatch(/score-and-core-do-no-io: score\/report\.ts → (node:)?fs/);
      expect(out).toMatch(/export-layer: export\/card\.ts → test\/helper\.ts/);
      expect(out).toMatch(/no-cycles: export\/(a|b)\.ts →/);
      expect(out).toMatch(/hittest-page-is-in-page: hittest\/page\/walk\.ts → core\/errors\.ts/);
      // the allowed imports of the same tree are not reported
      expect(out).not.toMatch(/dataset-layer/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('docs/architecture.md lists for every folder exactly the folders the rules let it import', () => {
    const fromRules = new Map<string, string[]>();
    for (const rule of config.forbidden) {
      const m = /^(\w+)-layer$/.exec(rule.name);
      if (!m) continue;
      const allowed = /^\^\((.*)\)\/$/.exec(rule.to.pathNot ?? '')![1]!.split('|').filter((f) => f !== m[1]);
      fromRules.set(m[1]!, allowed.sort());
    }
    expect([...fromRules.keys()].sort()).toEqual([...FOLDERS].sort());
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Layers'));
    const fromDoc = new Map<string, string[]>();
    for (const m of section.matchAll(/^\| `(\w+)\/` \| ([^|]+) \|/gm)) {
      const cell = m[2]!.trim();
      fromDoc.set(m[1]!, cell === 'nothing' ? [] : [...cell.matchAll(/`(\w+)\/`/g)].map((x) => x[1]!).sort());
    }
    expect(Object.fromEntries(fromDoc)).toEqual(Object.fromEntries(fromRules));
  });
});
