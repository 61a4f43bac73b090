/**
 * Write `schema/record.schema.json` and `schema/manifest.schema.json` (JSON Schema 2020-12) from the zod
 * schemas in core/schema.ts, for non-TypeScript users. Run: `node bin/run-ts.js scripts/emit-schema.ts`.
 * test/schema.test.ts fails when the committed files are stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemas } from '../core/jsonschema.js';

const dir = join(import.meta.dirname, '..', 'schema');
for (const [name, schema] of Object.entries(jsonSchemas())) {
  writeFileSync(join(dir, `${name}.schema.json`), JSON.stringify(schema, null, 2) + '\n');
  process.stdout.write(`wrote schema/${name}.schema.json\n`);
}
