/**
 * The vocabulary of an export: the `--to` format names, the options of one export, what a format writer is
 * given ({@link ExportContext}, export/formats/writers.ts) and what an export records in
 * `export-manifest.json` ({@link ExportManifest}, also read by the dataset card, export/card.ts).
 */
import type { Dialect } from '../../core/actions.js';
import type { CoordConvention } from '../../core/coords.js';
import type { ExportBudget } from '../budget.js';
import type { TrainSettings } from '../train-settings.js';
import type { RoundTrip } from '../roundtrip.js';
import type { ExportSample } from './samples.js';

/** `--to` values. */
export const FORMATS = ['llamafactory', 'swift', 'trl', 'verl', 'screenspot', 'hf-imagefolder', 'webdataset'] as const;
export type FormatName = (typeof FORMATS)[number];

/** Options of one export (the CLI flags, parsed). */
export interface ExportOptions {
  dataDir: string;
  to: string;
  out: string;
  coords?: string;
  modelFamily?: string;
  dialect?: string;
  maxPixels?: string | number;
  minPixels?: string | number;
  /** Max visual tokens per image (max_pixels = tokens × factor²). */
  pixelBudget?: string | number;
  shardSize?: string | number;
  thinking?: boolean;
  template?: string;
  /** Symlink images (relative) instead of copying them. */
  link?: boolean;
  license?: string;
  /** argv after `uisynth` (recorded with DATA_DIR/OUT placeholders). */
  command?: string[];
  /** At most this many samples per screenshot (record), chosen deterministically (hash of id and qid). */
  maxPerScreenshot?: string | number;
  /** Keep only these query styles (grounding) / CAPTCHA types, comma-separated. */
  styles?: string;
  /** Keep only these languages (ISO 639-1 of the query's locale, e.g. `en,zh`), comma-separated. */
  languages?: string;
  /** Fraction of screenshots (records) in a validation split, chosen by a hash of the record id; 0 = none. */
  valFraction?: string | number;
  /**
   * Export even when the trainer at its DEFAULT settings would misplace labels (a `--max-pixels`/`--pixel-budget`
   * the trainer's defaults undo, e.g. above LLaMA-Factory's image_max_pixels): the labels are then right only
   * with the card's settings. Recorded in the manifest (`roundtrip.default_misses_allowed`).
   */
  allowDefaultMiss?: boolean;
  /** Progress: phase (`read`, `check`, `write`), done, total. */
  onProgress?: (phase: string, done: number, total: number) => void;
}

/** One file of an export, as listed in the manifest. */
export interface ExportFile {
  path: string;
  bytes: number;
  sha256: string;
  rows?: number;
}

/** What exporters get. */
export interface ExportContext {
  out: string;
  /** The split being written (`train` or `validation`); `samples` are that split's. */
  split: 'train' | 'validation';
  /** Splits of this export. */
  splits: Array<'train' | 'validation'>;
  srcDir: string;
  to: FormatName;
  samples: ExportSample[];
  coords: CoordConvention;
  dialect: Dialect;
  thinking: boolean;
  shardSize: number;
  datasetName: string;
  createdBy: string;
  /** Write a file (relative to the export root) and list it in the manifest. */
  write(rel: string, data: string | Uint8Array, rows?: number): Promise<void>;
  /**
   * Copy (or link) a source image to `destRel` once; returns `destRel`. With `size` different from the
   * source's, the image is resized to it (bicubic, like PIL's default) instead.
   */
  copyImage(srcRel: string, destRel: string, size?: readonly [number, number]): Promise<string>;
  /** The export's pixel budget (null: none). */
  budget: ExportBudget | null;
  settings: TrainSettings;
  /** Bytes of a sample's image (sha256-checked against the record). */
  readImage(s: ExportSample): Promise<Uint8Array>;
}

/** The export manifest (`export-manifest.json`). */
export interface ExportManifest {
  format: 'uisynth-export/1';
  to: FormatName;
  uisynth_version: string;
  source: { kind: string; records: number; manifest_sha256: string; generators: Record<string, string>; command: string[] };
  command: string[];
  coords: CoordConvention;
  dialect: Dialect;
  model_family: string | null;
  thinking: boolean;
  template: { source: string; sha256: string };
  /** Images are written at smart_resize size under this budget (null: at their source size). */
  pixel_budget: { factor: number; min_pixels: number; max_pixels: number; source: 'default' | 'flags'; images_resized: boolean } | null;
  /** Consumer round trip of every sample (export/roundtrip.ts). */
  roundtrip: RoundTrip;
  shard_size: number;
  counts: {
    records: number;
    samples: number;
    refusals: number;
    by_style: Record<string, number>;
    skipped: Record<string, number>;
    /** Samples per split. */
    by_split: Record<string, number>;
    /** Samples left out by --styles / --languages / --max-per-screenshot. */
    filtered: Record<string, number>;
  };
  files: ExportFile[];
}

export interface ExportSummary {
  manifest: ExportManifest;
  out: string;
  settings: TrainSettings;
  /** Ready-to-paste trainer settings (also in the card). */
  fragments: Array<{ title: string; lang: string; text: string }>;
}

/** Formats used for RL: the reward module is copied into the export. */
