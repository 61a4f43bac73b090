/**
 * The native record: the single source of truth for what a line of `shard-NNNNN.jsonl` holds
 * (docs/architecture.md "Units"). `schema/record.schema.json` is generated from this file
 * (`node bin/run-ts.js scripts/emit-schema.ts`) for non-TypeScript users; a test keeps them equal.
 *
 * Units: every `bbox`/`point` is in **image px** of the saved image (x2/y2 exclusive); `*_norm1`
 * in [0,1]; `*_norm1000` on the integer [0,999] grid; `bbox_css` in CSS px of the rendered page.
 */
import { z } from 'zod';
import { Action } from './actions.js';

/** `[x1, y1, x2, y2]` integer image px. */
export const BoxSchema = z.tuple([z.int(), z.int(), z.int(), z.int()]);
/** `[x1, y1, x2, y2]` floats (normalised or CSS px). */
export const FBoxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
/** `[x, y]` integer image px. */
export const PointSchema = z.tuple([z.int(), z.int()]);
/** `[x, y]` floats. */
export const FPointSchema = z.tuple([z.number(), z.number()]);

export const PLATFORMS = ['web', 'desktop.macos', 'desktop.windows', 'mobile.ios', 'mobile.android'] as const;
export const Platform = z.enum(PLATFORMS);

/** The eight VenusBench-CAPTCHA interaction groups (A–H) plus the catalogue's extra groups I and J. */
export const CAPTCHA_GROUPS = [
  'ocr_text_entry', // A
  'ordered_text_click', // B
  'ordered_icon_click', // C
  'image_rotation', // D
  'drag_to_end', // E
  'slider_puzzle', // F
  'visual_reasoning', // G
  'one_click', // H
  'multi_select_grid', // I
  'drag_extras', // J
] as const;
export const CaptchaGroup = z.enum(CAPTCHA_GROUPS);
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const Difficulty = z.enum(DIFFICULTIES);
/** A difficulty level, `easy` | `medium` | `hard` (the one type for CAPTCHA engines, the CLI and records). */
export type Difficulty = (typeof DIFFICULTIES)[number];

export const ImageRef = z.object({
  /** Path relative to the dataset root, e.g. `images/00000/grounding-7-0000012.png`. Never reveals an answer. */
  path: z.string().min(1),
  width: z.int().positive(),
  height: z.int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const Context = z.object({
  /** Scenario family (grounding) or host context (captcha), e.g. `desktop.mail`, `mobile.login`. */
  scenario: z.string(),
  /** Persona that drove the content, if any. */
  persona: z.string().nullable(),
  theme: z.enum(['light', 'dark']),
  /** Viewport in CSS px. */
  viewport: z.object({ width: z.int().positive(), height: z.int().positive() }),
  /** Device scale factor: image px per CSS px. */
  dpr: z.number().positive(),
  /** `--pages` input path as the user gave it; null for generated pages. */
  page: z.string().nullable(),
  /** Free-form scenario parameters (density, state, host page kind). */
  params: z.record(z.string(), z.unknown()),
});

/** Result at one of the nine grid points. `point` in image px. */
export const PointCheck = z.object({
  point: PointSchema,
  /** Short description of the top-most element at that point (`tag#id.class` or `null`): the interceptor when `ok` is false. */
  hit: z.string().nullable(),
  /** The hit resolves to the target or a descendant (through shadow roots / slots / label control). */
  ok: z.boolean(),
  /** The CSS px point that was hit-tested (= `point / dpr`, top-level viewport). Always filled by uisynth >= 0.2. */
  css: FPointSchema.optional(),
  /** The point lies in the visible rect (box ∩ viewport ∩ clips; for text, its line rect). Always filled by uisynth >= 0.2. */
  in_visible: z.boolean().optional(),
});

/** Every hit-test check with its measured value (hittest/README.md). */
export const HitChecks = z.object({
  style: z.object({
    display: z.string(),
    visibility: z.string(),
    /** Product of opacities through all ancestors, [0,1]. */
    opacity: z.number(),
    content_visibility: z.string(),
    pointer_events: z.string(),
    /** `checkVisibility({opacityProperty, visibilityProperty, contentVisibilityAuto})` (informative cross-check). Always filled by uisynth >= 0.2. */
    check_visibility: z.boolean().optional(),
    pass: z.boolean(),
  }),
  /** Element box in CSS px (border box, or text lines when refined). Always filled by uisynth >= 0.2. */
  size: z.object({ width_css: z.number(), height_css: z.number(), pass: z.boolean() }).optional(),
  viewport: z.object({ visible_fraction: z.number(), pass: z.boolean() }),
  clip: z.object({
    /** Fraction of the box left after clipping by overflow / clip-path ancestors and the viewport. */
    visible_fraction: z.number(),
    clipped_by: z.string().nullable(),
    pass: z.boolean(),
  }),
  points: z.array(PointCheck),
  points_ok: z.int().min(0),
  center_ok: z.boolean(),
  occlusion: z.object({
    interceptor: z.string().nullable(),
    /** Every distinct element hit at a failing grid point. Always filled by uisynth >= 0.2. */
    interceptors: z.array(z.string()).optional(),
    /**
     * CSS px cut off the visible box as [top, right, bottom, left] because an element on top covers
     * that edge along its whole length (a fixed or sticky header); `bbox` is
     * already the trimmed box. Null when nothing was cut. Filled by uisynth >= 0.3.
     */
    trimmed_css: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable().optional(),
    /** area(bbox after clipping and trimming) / area(element box), [0,1]; compared with `--min-visible`. */
    visible_fraction: z.number().optional(),
    pass: z.boolean(),
  }),
  painted: z.object({
    /** Fraction of box pixels that differ from the box's dominant (background) colour, [0,1]. */
    ink_fraction: z.number(),
    pass: z.boolean(),
  }),
  /**
   * Differential painted-pixel check: the target's box captured with and without the target painted
   * (`opacity: 0`, batched with other non-overlapping targets). Catches overlays hit testing cannot
   * see (`pointer-events: none`). Always filled by uisynth >= 0.2.
   */
  painted_diff: z
    .object({
      /** Fraction of the box's pixels (CSS resolution) that change by more than `threshold` in some channel, [0,1]. */
      changed_fraction: z.number(),
      /** The same as a count of CSS px² (one pixel per CSS px). */
      changed_px: z.int().min(0),
      /** Channel difference (0-255) above which a pixel counts as changed. */
      threshold: z.int(),
      /** Which extra capture of the page measured it (0-based). */
      batch: z.int(),
      /** Pixels inside the box changed between captures although nothing in it was hidden (page not frozen). */
      drift: z.boolean(),
      pass: z.boolean(),
    })
    .optional(),
  /** CSS transforms: the border-box quad the grid was placed in (CSS px, clockwise from top-left) and how much of the box it fills. Always filled by uisynth >= 0.2. */
  transform: z
    .object({
      quad: z.array(z.number()).length(8).nullable(),
      /** area(quad) / area(box), 1 without rotation/skew. */
      fill: z.number(),
      pass: z.boolean(),
    })
    .optional(),
  /** Same-origin iframe chain (`iframe#a > iframe#b`) or null; transformed frames fail. Always filled by uisynth >= 0.2. */
  frame: z.object({ path: z.string().nullable(), transformed: z.boolean(), pass: z.boolean() }).optional(),
  /** Innermost shadow root (`open` / `closed`) or null. Always filled by uisynth >= 0.2. */
  shadow: z.enum(['open', 'closed']).nullable().optional(),
  text: z.object({
    refined: z.boolean(),
    lines: z.int().min(0),
    /** Per rendered line: fraction left after clipping. Always filled by uisynth >= 0.2. */
    line_visible: z.array(z.number()).optional(),
    /** Cut by `text-overflow: ellipsis`; `text` is then the visible part ending in `…`. Always filled by uisynth >= 0.2. */
    truncated: z.boolean().optional(),
  }),
  stable: z.boolean(),
  accepted: z.boolean(),
});
export type HitChecks = z.infer<typeof HitChecks>;

/** What an item container is called in queries ({@link Target} `context.container.kind`). */
export const CONTAINER_KINDS = ['item', 'row', 'card', 'message', 'option', 'section'] as const;

export const Target = z.object({
  tid: z.string(),
  /** ARIA role (explicit or implicit), e.g. `button`, `link`, `textbox`. */
  role: z.string(),
  /** Accessible name. */
  name: z.string(),
  /** Visible text (may be empty for icons). */
  text: z.string(),
  aria: z.record(z.string(), z.string()),
  bbox: BoxSchema,
  bbox_norm1: FBoxSchema,
  bbox_norm1000: BoxSchema,
  bbox_css: FBoxSchema,
  point: PointSchema,
  point_norm1: FPointSchema,
  point_norm1000: PointSchema,
  dom: z.object({ tag: z.string(), id: z.string().nullable(), selector: z.string() }),
  checks: HitChecks,
  context: z.object({
    neighbors: z.array(z.string()),
    landmark: z.string().nullable(),
    /**
     * The item the target sits in (hittest/page/items.ts): the nearest ancestor that is a list item,
     * table row, card, message, option or a group of controls (`section`) and shows visible text besides the target. `bbox_css` is its
     * border box within the viewport (CSS px); `name` a visible text inside it, outside the target,
     * that no other visible text on screen shows (normalised, substrings included; hittest/records.ts),
     * or null when it has none. Null when the target is in no item; absent in records written before containers were recorded.
     */
    container: z
      .object({
        kind: z.enum(CONTAINER_KINDS),
        bbox_css: FBoxSchema,
        name: z.string().nullable(),
      })
      .nullable()
      .optional(),
  }),
  /** Icon semantic label when the target is (or holds) an icon. */
  icon: z.string().nullable(),
});
export type Target = z.infer<typeof Target>;

/**
 * Query styles. `container`: the target named inside its item ("the "Add to cart" button in the "Wool
 * Hat" card"), from `context.container`.
 */
export const QUERY_STYLES = ['text', 'functional', 'spatial', 'icon', 'positional', 'state', 'container', 'negative'] as const;
export const Query = z.object({
  qid: z.string(),
  text: z.string().min(1),
  locale: z.string(),
  style: z.enum(QUERY_STYLES),
  /** The target the query refers to; null for an infeasible query (hard negative: the answer is a refusal). */
  tid: z.string().nullable(),
});
export type Query = z.infer<typeof Query>;

/** What the scorer needs for a CAPTCHA (score/scorer.ts applies it). Boxes in image px. */
export const Verifier = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('click'),
    action: z.enum(['click', 'long_press', 'double_click']),
    /**
     * `sequence`: exactly boxes.length clicks, i-th in boxes[i] (Click×k, ordered). Boxes may repeat
     * (a press sequence that the instruction asks to be the shortest, e.g. rotate_arrows_match_ref;
     * Arrows×k+Submit puzzles that only ask for an end state use the `presses` kind);
     * `set`: exactly boxes.length clicks in distinct boxes, any order (Set+Submit);
     * `any`: exactly one click in any one box.
     */
    mode: z.enum(['sequence', 'set', 'any']),
    boxes: z.array(BoxSchema).min(1),
    /** When set, one more click inside this box must end the answer. */
    submit_box: BoxSchema.nullable(),
    /** Long press: minimum hold in ms (informative; the action language has no duration). */
    min_duration_ms: z.int().nullable(),
  }),
  z.object({
    kind: z.literal('text_entry'),
    input_box: BoxSchema,
    answer: z.string(),
    /** Every accepted answer (includes `answer`). */
    valid_answers: z.array(z.string()).min(1),
    case_sensitive: z.boolean(),
  }),
  z.object({
    kind: z.literal('drag'),
    handle_box: BoxSchema,
    track_box: BoxSchema.nullable(),
    /** Expected signed horizontal displacement, image px. */
    expected_dx: z.number(),
    /** |dx - expected_dx| <= rel_tolerance * |expected_dx| (VenusBench-CAPTCHA drag rule). */
    rel_tolerance: z.number().positive(),
    /** |end.y - start.y| <= max_dy image px (5 px in VenusBench-CAPTCHA). */
    max_dy: z.number().nonnegative(),
  }),
  z.object({
    kind: z.literal('drag_y'),
    handle_box: BoxSchema,
    track_box: BoxSchema.nullable(),
    /** Expected signed vertical displacement, image px (negative = upwards). */
    expected_dy: z.number(),
    /**
     * |dy - expected_dy| <= rel_tolerance * |expected_dy|: the VenusBench-CAPTCHA drag rule with the
     * axes swapped (vertical swipe tracks, e.g. swipe_up_unlock).
     */
    rel_tolerance: z.number().positive(),
    /** |end.x - start.x| <= max_dx image px (5 px, the VenusBench-CAPTCHA off-axis bound). */
    max_dx: z.number().nonnegative(),
  }),
  z.object({
    kind: z.literal('drags'),
    /**
     * Drag moves: a drag matches an item when it starts inside `handle_box` and ends inside
     * `target_box` (free 2D drags: drop a piece into a slot, connect twins, sort tiles into slots).
     */
    items: z.array(z.object({ handle_box: BoxSchema, target_box: BoxSchema })).min(1),
    /**
     * Exactly `count` drags and nothing else; each drag matches a distinct item. With `count` <
     * items.length the items are alternatives (e.g. jigsaw_tile_swap: A onto B or B onto A).
     */
    count: z.int().positive(),
    /** When true, `count` equals items.length and the i-th drag must match items[i]. */
    ordered: z.boolean(),
  }),
  z.object({
    kind: z.literal('presses'),
    /**
     * Arrows×k+Submit scored by its end state: clicks on buttons move a cell cursor in a `grid`
     * (cols x rows; a counter or a list of options is rows = 1), starting at `start`; a click inside
     * boxes[i] adds moves[i] ([dcol, drow]). A move leaving the grid does nothing (`edge: 'clamp'`,
     * the greyed arrow) or wraps around (`'wrap'`); with `open`, a move through a closed side of the
     * current cell does nothing. The answer is any number of presses (each click inside a button
     * box) followed by exactly one click inside `submit_box`, ending on a cell of `goals`.
     */
    boxes: z.array(BoxSchema).min(1),
    /** [dcol, drow] of each button, parallel to `boxes`. */
    moves: z.array(z.tuple([z.int(), z.int()])).min(1),
    /** [cols, rows] of the state grid. */
    grid: z.tuple([z.int().positive(), z.int().positive()]),
    /** [col, row] before any press. */
    start: z.tuple([z.int(), z.int()]),
    /** Accepted end cells, [col, row]. */
    goals: z.array(z.tuple([z.int(), z.int()])).min(1),
    edge: z.enum(['clamp', 'wrap']),
    /**
     * Maze walls or null: per cell (row-major, cols x rows) a bitmask of open sides (1 up, 2 right,
     * 4 down, 8 left); a unit move needs the side it leaves through open.
     */
    open: z.array(z.int()).nullable(),
    submit_box: BoxSchema,
  }),
  z.object({
    kind: z.literal('pair'),
    boxes: z.array(BoxSchema).min(2),
    /** Index pairs into `boxes`; exactly two clicks matching any pair, either order. */
    valid_pairs: z.array(z.tuple([z.int(), z.int()])).min(1),
  }),
]);
export type Verifier = z.infer<typeof Verifier>;

const Base = {
  id: z.string(),
  generator: z.object({ name: z.string(), version: z.string() }),
  seed: z.int(),
  index: z.int().nonnegative(),
  image: ImageRef,
  platform: Platform,
  /** BCP-47 locale of the page / instruction. */
  locale: z.string(),
  context: Context,
};

export const GroundingRecord = z.object({
  ...Base,
  kind: z.literal('grounding'),
  targets: z.array(Target),
  queries: z.array(Query),
  /** Candidates seen by the hit test and rejections by reason (the first failing check). */
  hittest: z.object({
    candidates: z.int(),
    accepted: z.int(),
    rejected: z.record(z.string(), z.int()),
    /**
     * Non-fatal problems of this page: fonts falling back to system fonts, blocked requests, frames
     * that could not be reached (cross-origin or sandboxed: their content is not hit-tested), pixels
     * drifting between captures. Filled by uisynth >= 0.3 when there are any.
     */
    warnings: z.array(z.string()).optional(),
  }),
});
export type GroundingRecord = z.infer<typeof GroundingRecord>;

export const CaptchaRecord = z.object({
  ...Base,
  kind: z.literal('captcha'),
  captcha: z.object({
    type: z.string(),
    group: CaptchaGroup,
    difficulty: Difficulty,
    /** Raw knob values the difficulty mapped to. */
    knobs: z.record(z.string(), z.unknown()),
    instruction: z.string().min(1),
    /** The instruction in every supported locale (`en-US`, `zh-CN`). */
    instructions: z.record(z.string(), z.string()),
    /** Visual style name (widget chrome / palette). */
    style: z.string(),
    /** Where the puzzle widget sits in the final canvas, image px. */
    puzzle_box: BoxSchema,
  }),
  solution: z.object({
    actions: z.array(Action).min(1),
    actions_norm1: z.array(Action),
    actions_norm1000: z.array(Action),
    /** UI-Venus text form of `actions`, one per line. */
    text: z.string(),
    ordered: z.boolean(),
    /**
     * Short reasoning from the visible state to the actions, in the record's locale: `reasonings[locale]`,
     * or `''` when the CAPTCHA type has no reasoning written in that locale yet (exports then write no
     * thought; the English and Chinese texts stay in `reasonings`).
     */
    reasoning: z.string(),
    /**
     * The reasoning by locale: always `en-US` and `zh-CN`, and the record's own locale when the type's
     * reasoning is written in it (a key is present only with text in that language).
     */
    reasonings: z.record(z.string(), z.string()),
  }),
  verifier: Verifier,
  latent: z.record(z.string(), z.unknown()),
});
export type CaptchaRecord = z.infer<typeof CaptchaRecord>;

/** One line of a shard. */
export const UisynthRecord = z.discriminatedUnion('kind', [GroundingRecord, CaptchaRecord]);
export type UisynthRecord = z.infer<typeof UisynthRecord>;

/** `manifest.json` at the dataset root. */
export const Manifest = z.object({
  format: z.literal('uisynth/1'),
  uisynth_version: z.string(),
  kind: z.enum(['grounding', 'captcha']),
  /** argv after `uisynth`, and the resolved config. */
  command: z.array(z.string()),
  config: z.record(z.string(), z.unknown()),
  seed: z.int(),
  count: z.int(),
  shard_size: z.int(),
  shard_index: z.int(),
  shard_count: z.int(),
  generators: z.record(z.string(), z.string()),
  chromium: z.string().nullable(),
  shards: z.array(
    z.object({
      file: z.string(),
      /** Global sample indices covered, [start, end). */
      start: z.int(),
      end: z.int(),
      records: z.int(),
      sha256: z.string(),
    }),
  ),
  records: z.int(),
  rejects: z.record(z.string(), z.int()),
  stats: z.record(z.string(), z.unknown()),
});
export type Manifest = z.infer<typeof Manifest>;
