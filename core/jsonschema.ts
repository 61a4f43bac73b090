/** JSON Schema (2020-12) renderings of the zod record and manifest schemas (zod's built-in `toJSONSchema`). */
import { z } from 'zod';
import { Manifest, UisynthRecord } from './schema.js';

/** `{record, manifest}` JSON Schemas with `$id`s under `https://uisynth.dev/schema/`. */
export function jsonSchemas(): Record<'record' | 'manifest', Record<string, unknown>> {
  return {
    record: { $id: 'https://uisynth.dev/schema/record.schema.json', title: 'uisynth record', ...z.toJSONSchema(UisynthRecord) },
    manifest: { $id: 'https://uisynth.dev/schema/manifest.schema.json', title: 'uisynth manifest', ...z.toJSONSchema(Manifest) },
  };
}
