/**
 * Folder import rules (docs/architecture.md, "Layers"). Run by test/import-rules.test.ts in `npm test`;
 * by hand: `npx depcruise --config .dependency-cruiser.cjs core renderers hittest generators score export gallery cli regress`.
 *
 * The layers, bottom up: core → renderers → hittest → generators; core → score → export; gallery, regress
 * and cli sit on top. A folder may import only from layers below it.
 */
const PRODUCT = '^(core|renderers|hittest|generators|score|export|gallery|regress|cli)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-is-the-base',
      comment: 'core/ holds the record schema, geometry, actions and errors; it imports no other folder.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(renderers|hittest|generators|score|export|gallery|regress|cli|bench|scripts|test)/' },
    },
    {
      name: 'renderers-below-generators',
      comment: 'renderers/ (Chromium, compositor, glyphs) know core only.',
      severity: 'error',
      from: { path: '^renderers/' },
      to: { path: '^(hittest|generators|score|export|gallery|regress|cli)/' },
    },
    {
      name: 'hittest-below-generators',
      comment: 'hittest/ measures a rendered page; it knows core and renderers only.',
      severity: 'error',
      from: { path: '^hittest/' },
      to: { path: '^(generators|score|export|gallery|regress|cli)/' },
    },
    {
      name: 'generators-do-not-write-or-score',
      comment: 'generators/ make samples; writing datasets (export/), scoring (score/) and serving (gallery/) sit above them.',
      severity: 'error',
      from: { path: '^generators/' },
      to: { path: '^(score|export|gallery|regress|cli)/' },
    },
    {
      name: 'score-is-pure',
      comment:
        'score/ parses answers and scores them; it never renders or generates. Known exception until the ' +
        'layer split of issue 11: score/ reads coordinate conventions and datasets from export/.',
      severity: 'error',
      from: { path: '^score/' },
      to: { path: '^(renderers|hittest|generators|gallery|regress|cli)/' },
    },
    {
      name: 'export-does-not-generate',
      comment: 'export/ writes, reads and converts datasets; generation is driven from cli/ and regress/.',
      severity: 'error',
      from: { path: '^export/' },
      to: { path: '^(renderers|hittest|generators|gallery|regress|cli)/' },
    },
    {
      name: 'gallery-reads-only',
      comment: 'gallery/ serves a dataset; it reads and scores but never generates.',
      severity: 'error',
      from: { path: '^gallery/' },
      to: { path: '^(generators|hittest|cli)/' },
    },
    {
      name: 'product-never-imports-tests-or-tools',
      comment: 'test/, bench/ and scripts/ may import the product, never the other way round.',
      severity: 'error',
      from: { path: PRODUCT },
      to: { path: '^(test|bench|scripts)/' },
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
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
};
