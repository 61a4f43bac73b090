/**
 * The dataset card (`README.md` with YAML front matter) written with every export, in the Hugging Face dataset-card layout:
 * `configs` (config_name + data_files per split), `license`, `pretty_name`, `task_categories`, `tags`,
 * `size_categories`, `annotations_creators: machine-generated`, and a `uisynth` block with the counts,
 * the generator command, the export command, the coordinate convention and the pixel budget.
 */
import { stringify } from 'yaml';
import type { ExportContext, ExportManifest, FormatName } from './formats/context.js';
import { settingsFragments } from './train-settings.js';

const DATA_FILES: Record<FormatName, Array<{ config_name: string; split: string; path: string }>> = {
  llamafactory: [{ config_name: 'default', split: 'train', path: 'data/train-*.jsonl' }],
  swift: [{ config_name: 'default', split: 'train', path: 'data/train-*.jsonl' }],
  trl: [{ config_name: 'default', split: 'train', path: 'data/train-*.parquet' }],
  verl: [{ config_name: 'default', split: 'train', path: 'data/train-*.parquet' }],
  screenspot: [
    { config_name: 'positive', split: 'test', path: 'annotations/positive/*.json' },
    { config_name: 'negative', split: 'test', path: 'annotations/negative/*.json' },
  ],
  'hf-imagefolder': [{ config_name: 'default', split: 'train', path: 'train/**' }],
  webdataset: [{ config_name: 'default', split: 'train', path: 'train-*.tar' }],
};

function sizeCategory(n: number): string {
  if (n < 1000) return 'n<1K';
  if (n < 10_000) return '1K<n<10K';
  if (n < 100_000) return '10K<n<100K';
  if (n < 1_000_000) return '100K<n<1M';
  return '1M<n<10M';
}

const USAGE: Record<FormatName, string> = {
  llamafactory:
    'Point LLaMA-Factory at this directory: `dataset_dir: <this dir>` and `dataset: {name}` (the entry in `dataset_info.json`; image paths are relative to the dataset dir, its default `media_dir`). With `--val-fraction`, the validation split is the entry `{name}_validation`: `eval_dataset: {name}_validation`.',
  swift:
    'Run ms-swift from this directory (image paths are relative): `swift sft --dataset data/ ...` (with `--val-fraction`: `--val_dataset validation/ --split_dataset_ratio 0`). Answers are already in the model\'s frame (no `objects`, so swift does not rewrite them). For GRPO, the `solution` column holds the reward ground truth: `--external_plugins reward/uisynth_reward.py` and `--reward_funcs uisynth` (see the reward module).',
  trl:
    '`datasets.load_dataset("parquet", data_files="data/train-*.parquet")` gives conversational prompt-completion rows with `images`. SFTTrainer trains on `completion`; GRPOTrainer passes `ground_truth` to `reward_func` in `reward/uisynth_reward.py`.',
  verl:
    'Use `data.train_files=data/train-*.parquet` (and `data.val_files=data/validation-*.parquet` with `--val-fraction`), `data.image_key=images`, the `data.max_prompt_length`/`data.image_patch_size` of "Trainer settings" above, and `custom_reward_function.path=reward/uisynth_reward.py` (function `compute_score`, copied into this export).',
  screenspot:
    'ScreenSpot-Pro evaluator: `--screenspot_imgs images --screenspot_test annotations/positive --gt_type positive --language en` (and `annotations/negative` with `--gt_type negative`). `instruction` holds each query in its own language (`language` is its locale\'s code, `cn` for Chinese); `instruction_cn` exists only for Chinese wordings, so `--language cn` is not supported on mixed-language exports.',
  'hf-imagefolder': '`datasets.load_dataset("imagefolder", data_dir=".")`; `metadata.jsonl` sits beside the images in `train/`.',
  webdataset: 'WebDataset shards `train-{000000..N}.tar`; each sample is `<key>.png` + `<key>.json`.',
};

/** Write README.md for an export (through `ctx.write`, so it is listed in the manifest). */
export async function writeCard(ctx: ExportContext, m: ExportManifest, license?: string): Promise<void> {
  const languages = [...new Set(ctx.samples.map((s) => s.record.locale.split('-')[0]!.toLowerCase()))].sort();
  const pb = m.pixel_budget;
  const configs = new Map<string, Array<{ split: string; path: string }>>();
  const dataFiles = [...DATA_FILES[m.to]];
  if ((m.counts.by_split.validation ?? 0) > 0)
    for (const d of DATA_FILES[m.to])
      dataFiles.push({ ...d, split: 'validation', path: m.to === 'llamafactory' ? 'validation/validation-*.jsonl' : d.path.replace(/train/g, 'validation') });
  for (const d of dataFiles) configs.set(d.config_name, [...(configs.get(d.config_name) ?? []), { split: d.split, path: d.path }]);
  const front = {
    license: license ?? 'mit',
    pretty_name: `uisynth ${m.source.kind} (${m.to})`,
    language: languages,
    task_categories: ['image-text-to-text'],
    tags: ['gui-agent', m.source.kind, 'synthetic', 'uisynth', m.to],
    annotations_creators: ['machine-generated'],
    source_datasets: ['original'],
    size_categories: [sizeCategory(m.counts.samples)],
    configs: [...configs].map(([config_name, data_files], i) => ({ config_name, data_files, ...(i === 0 ? { default: true } : {}) })),
    uisynth: {
      format: m.to,
      counts: m.counts,
      generator_command: `uisynth ${m.source.command.join(' ')}`.trim(),
      export_command: `uisynth ${m.command.join(' ')}`,
      generators: m.source.generators,
      coordinate_convention: {
        name: m.coords.name,
        space: m.coords.space,
        order: m.coords.order,
        normalized_by: m.coords.normalized_by,
        quantize: m.coords.quantize,
        range: m.coords.range,
      },
      pixel_budget: m.pixel_budget,
      train_settings: ctx.settings,
      roundtrip: { checked: m.roundtrip.checked, ok: m.roundtrip.ok, by_consumer: Object.fromEntries(Object.entries(m.roundtrip.by_consumer).map(([k, v]) => [k, { checked: v.checked, ok: v.ok }])) },
      dialect: m.dialect,
      model_family: m.model_family,
      thinking: m.thinking,
    },
  };
  const coordLine =
    m.coords.name === 'qwen25'
      ? `Coordinates are absolute pixels of the image after ${m.model_family === 'qwen3-vl' ? 'Qwen3-VL' : 'Qwen2.5-VL'} \`smart_resize\` (factor ${pb!.factor}, min_pixels ${pb!.min_pixels}, max_pixels ${pb!.max_pixels}); ` +
        (pb!.images_resized
          ? 'the image files are already at that size, so the trainer\'s preprocessing must leave them unchanged: use the settings below.'
          : 'the image files are the originals: run the processor with the same budget. The ground truth carries the resized size of every image.')
      : `Coordinates: \`${m.coords.name}\` (${m.coords.space}${m.coords.normalized_by ? `, normalised by ${m.coords.normalized_by}, ${m.coords.quantize}` : ''}), x first.` +
        (pb?.images_resized ? ` Images are written at their smart_resize size (factor ${pb.factor}, min_pixels ${pb.min_pixels}, max_pixels ${pb.max_pixels}).` : '') +
        (m.coords.space === 'image_px'
          ? ' These are pixels of the image file. Qwen-VL processors resize images (smart_resize) before the model sees them, so the model does not see the image at this size: use `--coords qwen25` or a `--model-family` for coordinates in the frame the model sees.'
          : '');
  const frags = settingsFragments(ctx.settings);
  const settingsLines = frags.length
    ? [
        '## Trainer settings',
        '',
        pb
          ? 'Every setting the labels depend on (also in `train-settings.json`). With them the trainer sees each image at the size its coordinates refer to; the export checked this for every sample (`roundtrip` in `export-manifest.json`).'
          : 'Settings the export depends on (also in `train-settings.json`); the export checked every sample under them (`roundtrip` in `export-manifest.json`).',
        '',
        ...frags.flatMap((f) => [`${f.title}:`, '', '```' + f.lang, f.text, '```', '']),
      ]
    : [];
  const rtLines = [
    '## Round trip',
    '',
    `Gold answers mapped back through each consumer's own preprocessing and parser: ${m.roundtrip.ok} of ${m.roundtrip.checked} checks land in their targets.`,
    '',
    ...Object.entries(m.roundtrip.by_consumer).map(([k, v]) => `- ${k}: ${v.ok}/${v.checked}`),
    ...(m.roundtrip.verl_default_prompt_length
      ? [`- verl's default data.max_prompt_length ${m.roundtrip.verl_default_prompt_length.limit} is too short for ${m.roundtrip.verl_default_prompt_length.samples_over} samples: set the value above.`]
      : []),
    '',
  ];
  const body = [
    `# uisynth ${m.source.kind} dataset — ${m.to} export`,
    '',
    `Synthetic, verified GUI-agent data generated by uisynth ${m.uisynth_version}: ${m.counts.records} records, ${m.counts.samples} samples` +
      (m.source.kind === 'grounding' ? ` (${m.counts.refusals} hard negatives whose answer is a refusal).` : '.'),
    '',
    `- Generator command: \`${front.uisynth.generator_command}\``,
    `- Export command: \`${front.uisynth.export_command}\``,
    `- Answer dialect: \`${m.dialect}\`${m.thinking ? ' with the reasoning first' : ''}.`,
    `- ${coordLine}`,
    Object.keys(m.counts.skipped).length
      ? `- Skipped samples: ${Object.entries(m.counts.skipped).map(([k, v]) => `${k}=${v}`).join(', ')} (the gold answer cannot be written exactly in this convention).`
      : '- No sample was skipped.',
    '',
    ...settingsLines,
    ...rtLines,
    '## Usage',
    '',
    USAGE[m.to].replaceAll('{name}', ctx.datasetName),
    '',
    `Rewards: \`reward/uisynth_reward.py\` (${['swift', 'trl', 'verl'].includes(m.to) ? 'copied into this export' : 'in the uisynth repository'}; verl \`compute_score\`, TRL \`reward_func\`) scores an answer against the`,
    'ground-truth JSON stored with each sample with the strict rules (point in box with x2/y2 exclusive, order, exact action counts, drag',
    'tolerance and 5 px vertical bound, text trimmed, refusal for hard negatives).',
    '',
    '## Files',
    '',
    '`export-manifest.json` lists every file with its size and sha256.',
    '',
  ].join('\n');
  await ctx.write('README.md', `---\n${stringify(front, { lineWidth: 0 })}---\n\n${body}`);
}
