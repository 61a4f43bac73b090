/**
 * CAPTCHA contact sheet: one sample per type with its gold solution drawn over it, as one PNG.
 *
 *   node bin/run-ts.js scripts/captcha-contact-sheet.ts --types a,b,c --out docs/sheet.png [--seed 1]
 *     [--difficulty medium] [--context mobile|web|alt] [--cols 5] [--full]
 *
 * `--types` takes type names or `all`. Each tile shows the puzzle region of the final canvas
 * (puzzle_box plus a margin; `--full` shows the whole canvas) with: target boxes (green, numbered in
 * click order for ordered tasks), the submit box (blue), gold click points (red dots with their index,
 * a ring for a long press), drag arrows (handle boxes orange, drop targets dashed green), the typed
 * answer in the caption, and a caption with type, group, difficulty, host scenario and canvas size. A
 * click region made of many boxes is shaded green; `presses` buttons are orange with their move.
 * Overlays are drawn in the record's canvas px, so a box off by a few pixels shows as such.
 */
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { captchaSampleDetailed, resolveCaptchaTypes } from '../generators/captcha/index.js';
import { textSvg } from '../renderers/glyphs.js';
import type { Box } from '../core/geometry.js';

/** Options of {@link contactSheet}. */
export interface SheetOptions {
  types: string[];
  out: string;
  seed: number;
  difficulty: 'easy' | 'medium' | 'hard';
  /** Host context of every tile; `alt` alternates mobile, web. */
  context: 'mobile' | 'web' | 'alt';
  cols: number;
  /** Show the whole canvas instead of the puzzle region. */
  full: boolean;
}

function parse(argv: string[]): SheetOptions {
  const get = (k: string): string | undefined => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const types = get('--types');
  const out = get('--out');
  if (!types || !out) throw new Error('usage: captcha-contact-sheet.ts --types a,b,c|all --out file.png [--seed N] [--difficulty d] [--context mobile|web|alt] [--cols N] [--full]');
  return {
    types: resolveCaptchaTypes(types),
    out,
    seed: Number(get('--seed') ?? 1),
    difficulty: (get('--difficulty') ?? 'medium') as SheetOptions['difficulty'],
    context: (get('--context') ?? 'alt') as SheetOptions['context'],
    cols: Number(get('--cols') ?? 5),
    full: argv.includes('--full'),
  };
}

const TW = 340; // tile width
const IH = 400; // image area height per tile
const CAP = 46; // caption height

/** Render one tile (PNG buffer TW x (IH + CAP)). */
async function tile(type: string, i: number, o: SheetOptions): Promise<Buffer> {
  const context = o.context === 'alt' ? (i % 2 ? 'web' : 'mobile') : o.context;
  const s = await captchaSampleDetailed({ types: [type], contexts: [context], difficulties: [o.difficulty], locales: ['en-US', 'zh-CN'] }, o.seed, i);
  const r = s.record;
  const W = r.context.viewport.width;
  const H = r.context.viewport.height;
  const pb = r.captcha.puzzle_box;
  const m = 16;
  const crop: Box = o.full ? [0, 0, W, H] : [Math.max(0, pb[0] - m), Math.max(0, pb[1] - m), Math.min(W, pb[2] + m), Math.min(H, pb[3] + m)];
  const cw = crop[2] - crop[0];
  const ch = crop[3] - crop[1];
  const k = Math.min(TW / cw, IH / ch);
  const X = (x: number): number => (x - crop[0]) * k;
  const Y = (y: number): number => (y - crop[1]) * k;
  let ov = '';
  const boxSvg = (b: Box, col: string, dash = false): string =>
    `<rect x="${X(b[0])}" y="${Y(b[1])}" width="${(b[2] - b[0]) * k}" height="${(b[3] - b[1]) * k}" fill="none" stroke="${col}" stroke-width="2"${dash ? ' stroke-dasharray="4 3"' : ''}/>`;
  const v = r.verifier;
  const tag = (n: string, x: number, y: number, col: string): string =>
    `<circle cx="${x}" cy="${y}" r="8" fill="${col}"/>` + textSvg(n, x, y + 4, 11, '#fff', { anchor: 'middle', weight: 700 });
  const fillSvg = (b: Box, col: string): string =>
    `<rect x="${X(b[0])}" y="${Y(b[1])}" width="${(b[2] - b[0]) * k}" height="${(b[3] - b[1]) * k}" fill="${col}" fill-opacity="0.45"/>`;
  if (v.kind === 'click' && v.mode === 'any' && v.boxes.length > 6) {
    // a region given as many boxes (lib/click-regions.ts): shade it
    for (const b of v.boxes) ov += fillSvg(b, '#00d26a');
  } else if (v.kind === 'presses') {
    v.boxes.forEach((b, j) => {
      ov += boxSvg(b, '#ff9500');
      ov += textSvg(`${v.moves[j]![0]},${v.moves[j]![1]}`, X(b[0]) + 2, Y(b[3]) - 3, 10, '#ff9500', { weight: 700 });
    });
    ov += boxSvg(v.submit_box, '#2f7bff');
  } else if (v.kind === 'click' || v.kind === 'pair') {
    v.boxes.forEach((b, j) => {
      ov += boxSvg(b, '#00d26a');
      if (v.kind === 'click' && v.mode === 'sequence') ov += tag(String(j + 1), X(b[0]) + 8, Y(b[1]) + 8, '#00a050');
    });
    if (v.kind === 'click' && v.submit_box) ov += boxSvg(v.submit_box, '#2f7bff');
  } else if (v.kind === 'text_entry') {
    ov += boxSvg(v.input_box, '#00d26a');
  } else {
    if ('handle_box' in v) ov += boxSvg(v.handle_box, '#ff9500');
    if ('track_box' in v && v.track_box) ov += boxSvg(v.track_box, '#ff9500', true);
    if (v.kind === 'drags') for (const it of v.items) ov += boxSvg(it.handle_box, '#ff9500') + boxSvg(it.target_box, '#00d26a', true);
  }
  r.solution.actions.forEach((a, j) => {
    if (a.type === 'click' || a.type === 'long_press' || a.type === 'double_click') {
      ov += `<circle cx="${X(a.point[0])}" cy="${Y(a.point[1])}" r="4.5" fill="#ff2d55" stroke="#fff" stroke-width="1.5"/>`;
      if (r.solution.actions.length > 1) ov += textSvg(String(j + 1), X(a.point[0]) + 6, Y(a.point[1]) - 5, 11, '#ff2d55', { weight: 700 });
      if (a.type === 'long_press') ov += `<circle cx="${X(a.point[0])}" cy="${Y(a.point[1])}" r="11" fill="none" stroke="#ff2d55" stroke-width="2"/>`;
    } else if (a.type === 'drag') {
      const [x1, y1, x2, y2] = [X(a.start[0]), Y(a.start[1]), X(a.end[0]), Y(a.end[1])];
      ov += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#ff2d55" stroke-width="2.5"/><circle cx="${x1}" cy="${y1}" r="4" fill="#ff2d55"/><circle cx="${x2}" cy="${y2}" r="5" fill="none" stroke="#ff2d55" stroke-width="2"/>`;
    }
  });
  const typed = r.solution.actions.find((a) => a.type === 'type');
  const iw = Math.round(cw * k);
  const ih = Math.round(ch * k);
  const img = await sharp(s.png).extract({ left: crop[0], top: crop[1], width: cw, height: ch }).resize(iw, ih).png().toBuffer();
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${iw}" height="${ih}">${ov}</svg>`);
  const ans = typed && typed.type === 'type' ? `type "${typed.text}"` : `${r.solution.actions.length} action(s)`;
  const cap1 = `${r.captcha.type}  [${r.captcha.group}]`;
  const cap2 = `${r.captcha.difficulty} · ${r.context.scenario}/${String(r.context.params.placement ?? '')} · ${W}x${H} · ${ans}`;
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TW}" height="${CAP}"><rect width="${TW}" height="${CAP}" fill="#111"/>` +
      textSvg(cap1, 6, 18, 13, '#fff', { weight: 700 }) +
      textSvg(cap2.length > 64 ? cap2.slice(0, 64) + '…' : cap2, 6, 37, 11, '#bbb') +
      '</svg>',
  );
  return sharp({ create: { width: TW, height: IH + CAP, channels: 3, background: '#2a2a2a' } })
    .composite([
      { input: img, left: Math.round((TW - iw) / 2), top: Math.round((IH - ih) / 2) },
      { input: overlay, left: Math.round((TW - iw) / 2), top: Math.round((IH - ih) / 2) },
      { input: await sharp(caption).png().toBuffer(), left: 0, top: IH },
    ])
    .png()
    .toBuffer();
}

/**
 * Build the sheet for `o.types` (sample i of type i, seed `o.seed`) and write it to `o.out`
 * (directories created). Returns the path. Deterministic for equal options.
 */
export async function contactSheet(o: Partial<SheetOptions> & { types: string[]; out: string }): Promise<string> {
  const opts: SheetOptions = { seed: 1, difficulty: 'medium', context: 'alt', cols: 5, full: false, ...o };
  const tiles: Buffer[] = [];
  for (const [i, t] of opts.types.entries()) tiles.push(await tile(t, i, opts));
  const cols = Math.min(opts.cols, tiles.length);
  const rows = Math.ceil(tiles.length / cols);
  const g = 6;
  const W = cols * TW + (cols + 1) * g;
  const H = rows * (IH + CAP) + (rows + 1) * g;
  mkdirSync(dirname(opts.out), { recursive: true });
  await sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
    .composite(tiles.map((b, i) => ({ input: b, left: g + (i % cols) * (TW + g), top: g + Math.floor(i / cols) * (IH + CAP + g) })))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(opts.out);
  return opts.out;
}

// run as a script (through bin/run-ts.js or tsx) when given --types
if (process.argv.includes('--types')) {
  const o = parse(process.argv.slice(2));
  const t0 = performance.now();
  const out = await contactSheet(o);
  process.stdout.write(`${out}: ${o.types.length} tiles in ${Math.round(performance.now() - t0)} ms\n`);
}
