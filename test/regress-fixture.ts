/**
 * A user scenario whose geometry is fixed by its CSS (absolute positions, 400x300 CSS px at dpr 1), for
 * the regress and verify tests: expected boxes and pixel areas follow from the CSS, not from uisynth.
 * Save: [20,20,120,60]; Open: [150,20,250,60]; a non-interactive swatch [20,200,80,230].
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');

/** Run the CLI from the repository root. */
export function run(...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 240_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

export const TOOLBAR_CSS = `.rt { position: relative; width: 400px; height: 300px; margin: 0; }
.rt-b { position: absolute; top: 20px; width: 100px; height: 40px; border: 0; background: #dde3ea; color: #111; font: 16px sans-serif; }
.rt-save { left: 20px; }
.rt-open { left: 150px; }
.rt-swatch { position: absolute; left: 20px; top: 200px; width: 60px; height: 30px; background: #3366cc; }
`;

/** Write the scenario (rt.yaml, rt.hbs, rt.css) into `dir`; returns the glob for `--scenarios`. */
export function writeToolbarScenario(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'rt.yaml'),
    'name: web.regress-toolbar\nplatform: web\napp: template\ntemplate: rt.hbs\ncss: [rt.css]\nlocales: [en-US]\nthemes: [light]\ndevices: [{width: 400, height: 300, dpr: 1}]\n',
  );
  writeFileSync(
    join(dir, 'rt.hbs'),
    '<main class="rt">\n  <button type="button" id="save" class="rt-b rt-save">Save</button>\n  <button type="button" id="open" class="rt-b rt-open">Open</button>\n  <div class="rt-swatch"></div>\n</main>\n',
  );
  writeFileSync(join(dir, 'rt.css'), TOOLBAR_CSS);
  return join(dir, '*.yaml');
}
