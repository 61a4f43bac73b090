/**
 * Parquet helpers for the verl and TRL exporters (hyparquet-writer, explicit schema).
 *
 * Nested columns use the standard three-level LIST layout (`optional group x (LIST) { repeated group
 * list { optional group element {...} } }`, as pyarrow writes it). Images are Hugging Face `Image`
 * structs `{bytes: binary, path: string}`; the `huggingface` key of the footer's key-value metadata
 * carries the `datasets` features (`{"info": {"features": ...}}`, the form `datasets` writes itself), so
 * `datasets.load_dataset("parquet", ...)` decodes `images` as a list of `Image` (not verified here: no
 * Python `datasets` on this machine).
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { SchemaElement } from 'hyparquet';

/** A column description: the Parquet schema subtree and the `datasets` feature of one column. */
export interface ColumnSpec {
  name: string;
  schema: SchemaElement[];
  feature: unknown;
}

const STRING_FEATURE = { dtype: 'string', _type: 'Value' };

/** Optional UTF-8 string leaf. */
export function str(name: string): ColumnSpec {
  return { name, schema: [{ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' }], feature: STRING_FEATURE };
}

/** Optional int64 leaf. */
export function int64(name: string): ColumnSpec {
  return { name, schema: [{ name, type: 'INT64', repetition_type: 'OPTIONAL' }], feature: { dtype: 'int64', _type: 'Value' } };
}

/** Optional struct of the given fields. */
export function struct(name: string, fields: ColumnSpec[]): ColumnSpec {
  return {
    name,
    schema: [{ name, repetition_type: 'OPTIONAL', num_children: fields.length }, ...fields.flatMap((f) => f.schema)],
    feature: Object.fromEntries(fields.map((f) => [f.name, f.feature])),
  };
}

/** Optional LIST whose elements are `element` (a struct or leaf spec; its own name is replaced by `element`). */
export function list(name: string, element: ColumnSpec, elementFeature?: unknown): ColumnSpec {
  const [head, ...rest] = element.schema;
  return {
    name,
    schema: [
      { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      { ...head!, name: 'element' },
      ...rest,
    ],
    feature: [elementFeature ?? element.feature],
  };
}

/** A list of Hugging Face `Image` structs `{bytes, path}`. */
export function imageList(name: string): ColumnSpec {
  const img = struct('element', [
    { name: 'bytes', schema: [{ name: 'bytes', type: 'BYTE_ARRAY', repetition_type: 'OPTIONAL' }], feature: { dtype: 'binary', _type: 'Value' } },
    str('path'),
  ]);
  return list(name, img, { _type: 'Image' });
}

/**
 * Write rows (objects keyed by column name) to a Parquet buffer with the given columns, SNAPPY pages,
 * and the `huggingface` features metadata. Deterministic: same rows -> same bytes.
 */
export function writeParquet(rows: ReadonlyArray<Record<string, unknown>>, columns: ColumnSpec[], createdBy: string): Uint8Array {
  const schema: SchemaElement[] = [{ name: 'root', num_children: columns.length }, ...columns.flatMap((c) => c.schema)];
  const features = Object.fromEntries(columns.map((c) => [c.name, c.feature]));
  const buf = parquetWriteBuffer({
    columnData: columns.map((c) => ({ name: c.name, data: rows.map((r) => r[c.name] ?? null) })),
    schema,
    rowGroupSize: 256,
    kvMetadata: [{ key: 'huggingface', value: JSON.stringify({ info: { features } }) }],
    createdBy,
  });
  return new Uint8Array(buf);
}
