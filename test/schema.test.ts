import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemas } from '../core/jsonschema.js';

describe('JSON Schema for non-TypeScript users', () => {
  it('schema/*.schema.json are up to date with core/schema.ts (run scripts/emit-schema.ts)', () => {
    for (const [name, schema] of Object.entries(jsonSchemas())) {
      const onDisk = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schema', `${name}.schema.json`), 'utf8'));
      expect(onDisk).toEqual(schema);
    }
  });
  it('the record schema requires the contract fields', () => {
    const rec = jsonSchemas().record as { oneOf: Array<{ required: string[]; properties: Record<string, unknown> }> };
    const [g, c] = rec.oneOf;
    for (const f of ['id', 'kind', 'generator', 'seed', 'index', 'image', 'platform', 'locale', 'context', 'targets', 'queries']) expect(g!.required).toContain(f);
    for (const f of ['captcha', 'solution', 'verifier', 'latent']) expect(c!.required).toContain(f);
  });
});
