/**
 * Folder import rules (docs/architecture.md, "Layers: which folder may import which"). Run by
 * test/import-rules.test.ts in `npm test`; by hand:
 * `npx depcruise --config .dependency-cruiser.cjs core renderers hittest generators score dataset export gallery regress cli`.
 *
 * Each product folder lists the folders of ours it may import (its own files always); anything else of ours
 * is a violation. The layers, bottom up:
 *
 *   core ─┬─ renderers ── hittest ── generators ─┐
 *         └─ score ── dataset ── export ─────────┴─ gallery, regress, cli
 *
 * plus: no import cycles; score/ and core/ do no file, process or network I/O; hittest/page/ (code that runs
 * in the browser page) imports only itself and core/geometry.ts; the product never imports test/, bench/ or scripts/.
 */
const PRODUCT = ['core', 'renderers', 'hittest', 'generators', 'score', 'dataset', 'export', 'gallery', 'regress', 'cli'];
const TOOLS = ['test', 'bench', 'scripts'];
const OURS = `^(${[...PRODUCT, ...TOOLS].join('|')})/`;

/**
 * Which folders of ours each product folder may import. Keep in sync with the table in docs/architecture.md
 * (test/import-rules.test.ts reads it back from the rules' `pathNot` and compares).
 */
const MAY_IMPORT = {
  core: [],
  renderers: ['core'],
  hittest: ['core', 'renderers'],
  generators: ['core', 'renderers', 'hittest'],
  score: ['core'],
  dataset: ['core', 'score'],
  export: ['core', 'score', 'dataset'],
  gallery: ['core', 'renderers', 'score', 'dataset', 'export'],
  regress: ['core', 'renderers', 'hittest', 'generators', 'score', 'dataset', 'export'],
  cli: ['core', 'renderers', 'hittest', 'generators', 'score', 'dataset', 'export', 'gallery', 'regress'],
};

const WHY = {
  core: 'core/ holds the record schema, geometry, coordinate conventions, the action language and its dialects, model presets, RNG and errors; it imports no other folder.',
  renderers: 'renderers/ (Chromium, compositor, glyphs) know core only.',
  hittest: 'hittest/ measures a rendered page; it knows core and renderers only.',
  generators: 'generators/ make samples; writing datasets (dataset/), scoring (score/), exports and serving sit above them.',
  score: 'score/ is pure: it parses answers and scores them against core types; reading files is dataset/.',
  dataset: 'dataset/ writes, reads, resumes, validates and summarises dataset directories; it may score (validate, `uisynth score`) but never exports or generates.',
  export: 'export/ converts a dataset into trainer formats (prompts, card, budget, round trip); generation is driven from cli/ and regress/.',
  gallery: 'gallery/ serves a dataset; it reads and scores but never generates.',
  regress: 'regress/ runs generators and checks their output against golden data; only cli/ drives it.',
  cli: 'cli/ wires everything; nothing imports it.',
};

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const layerRules = PRODUCT.map((folder) => ({
  name: `${folder}-layer`,
  comment: `${WHY[folder]} May import: ${MAY_IMPORT[folder].join(', ') || 'nothing of ours'}.`,
  severity: 'error',
  from: { path: `^${folder}/` },
  to: { path: OURS, pathNot: `^(${[folder, ...MAY_IMPORT[folder]].join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-cycles',
      comment: 'a cycle between modules means two files are one concept or a type sits in the wrong place.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'score-and-core-do-no-io',
      comment: 'score/ and core/ are pure functions of their arguments: files, processes and the network are dataset/, renderers/ and cli/ business.',
      severity: 'error',
      from: { path: '^(score|core)/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|child_process|net|http|https|http2|dgram|worker_threads|cluster|readline)$' },
    },
    {
      name: 'hittest-page-is-in-page',
      comment: 'hittest/page/ runs inside the browser page (bundled by hittest/bundle.ts): it imports only itself and core/geometry.ts.',
      severity: 'error',
      from: { path: '^hittest/page/' },
      to: { pathNot: '^(hittest/page/|core/geometry\\.ts$)' },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'an import that resolves to nothing is a typo or a moved file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // package `exports` maps resolved as Node resolves an ESM import (tsx/esm/api has no file at that path)
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'], exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
