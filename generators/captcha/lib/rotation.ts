/**
 * Rotation sliders (drag → angle mapping stored in the latent): gold drag, the scaled track,
 * scale / drag sentences, validity, and text drawn rotated with baked glyph transforms. Puzzle px, degrees clockwise.
 */
import { type Box, boxCenter } from '../../../core/geometry.js';
import type { CaptchaLocale, PuzzleSolution, PuzzleStyle } from '../engine.js';
import { sliderSolution } from './solutions.js';
import { label, line, path, sliderTrack } from './draw.js';
import { rotateGlyph } from './controls.js';
import { polyD, rotAbout } from './geometry.js';
import { say } from './i18n.js';
import { charAdvance, glyphAt } from '../../../renderers/glyphs.js';

/**
 * Gold and verifier of a rotation slider: moving the handle right by x px turns the picture clockwise
 * by `x * degPerPx` degrees (the mapping is stored in the latent), so the answer is
 * `dx = needed / degPerPx`, accepted within `tolDeg` degrees (relative tolerance tolDeg / needed).
 */
export function rotationDrag(handle: Box, track: Box, neededDeg: number, degPerPx: number, tolDeg: number): PuzzleSolution {
  return sliderSolution(handle, track, neededDeg / degPerPx, tolDeg / degPerPx);
}

/**
 * The track of a rotation slider with its drag→angle scale drawn on it, so that a one-shot drag can
 * be read off the picture: the track and handle (draw.ts sliderTrack, no hint text), a tick at the
 * top and bottom edge and a label (`90°`, `180°`, `270°`, `360°`) where the handle's centre must stop
 * for that turn (`deg / degPerPx` px right of its start), and a turn sign after the `90°` label:
 * a clockwise arrow (`turn: 'cw'`) or, for a turntable, an arrow along the front pointing right
 * (`'front-right'`). All puzzle px; glyph paths only.
 */
export function rotationTrack(style: PuzzleStyle, track: Box, handle: Box, degPerPx: number, turn: 'cw' | 'front-right'): string {
  let s = sliderTrack(style, track, handle, '');
  const hc = (handle[0] + handle[2]) / 2;
  const mid = (track[1] + track[3]) / 2;
  const col = style.subtext;
  const step = 90 / degPerPx;
  for (const deg of [90, 180, 270, 360]) {
    const x = hc + deg / degPerPx;
    s += line(x, track[1] + 1, x, track[1] + 6, col, 1.5) + line(x, track[3] - 6, x, track[3] - 1, col, 1.5);
    s += label(style, `${deg}°`, x, mid + 4, 11, col, { anchor: 'middle', weight: 700 });
  }
  // turn sign halfway between the 90° and 180° labels
  const gx = hc + 1.5 * step;
  if (turn === 'cw') s += rotateGlyph(gx, mid, 6, true, col);
  else {
    // an arc along the front of a turntable seen from above-front, its arrowhead pointing right
    const pts: Array<[number, number]> = [];
    for (let i = 0; i <= 12; i++) {
      const a = Math.PI * (0.85 - (0.7 * i) / 12);
      pts.push([gx + 10 * Math.cos(a), mid - 2 + 5 * Math.sin(a)]);
    }
    const e = pts[pts.length - 1]!;
    s += path(polyD(pts, false), { stroke: col, sw: 1.8, extra: 'stroke-linecap="round"' });
    s += path(polyD([[e[0] + 4, e[1] - 3.5], [e[0] - 1.5, e[1] - 4.5], [e[0] + 0.5, e[1] + 1.5]]), { fill: col });
  }
  return s;
}

/** One sentence saying how the slider maps to the turn (instructions of the rotation sliders), every locale. */
export function rotationScaleText(locale: CaptchaLocale, turn: 'cw' | 'front-right'): string {
  if (turn === 'cw')
    return say(locale, {
      en: 'Moving the handle to the end of the track turns it one full turn (360°) clockwise; the marks on the track show 90° steps.',
      zh: '把滑块拖到轨道末端对应顺时针转一整圈（360°），轨道上的刻度每格 90°。',
      ja: 'つまみをトラックの端まで動かすと時計回りにちょうど1回転（360°）します。トラックの目盛りは90°ごとです。',
      de: 'Wird der Griff bis ans Ende der Leiste geschoben, dreht es sich einmal ganz (360°) im Uhrzeigersinn; die Markierungen auf der Leiste zeigen 90°-Schritte.',
      es: 'Llevar el control hasta el final del riel lo gira una vuelta completa (360°) en el sentido de las agujas del reloj; las marcas del riel indican pasos de 90°.',
      fr: 'Amener la poignée au bout de la glissière le fait tourner d’un tour complet (360°) dans le sens des aiguilles d’une montre ; les repères de la glissière marquent des pas de 90°.',
      ar: 'تحريك المقبض إلى نهاية المسار يديره دورة كاملة (360°) باتجاه عقارب الساعة؛ وتُظهر العلامات على المسار خطوات من 90°.',
    });
  return say(locale, {
    en: 'Moving the handle to the end of the track turns it one full turn (360°) about the vertical axis, its front moving right; the marks on the track show 90° steps.',
    zh: '把滑块拖到轨道末端对应绕竖直轴转一整圈（360°，正面向右转），轨道上的刻度每格 90°。',
    ja: 'つまみをトラックの端まで動かすと、縦の軸のまわりにちょうど1回転（360°）し、正面は右へ動きます。トラックの目盛りは90°ごとです。',
    de: 'Wird der Griff bis ans Ende der Leiste geschoben, dreht es sich einmal ganz (360°) um die senkrechte Achse, die Vorderseite nach rechts; die Markierungen auf der Leiste zeigen 90°-Schritte.',
    es: 'Llevar el control hasta el final del riel lo gira una vuelta completa (360°) alrededor del eje vertical, con el frente moviéndose hacia la derecha; las marcas del riel indican pasos de 90°.',
    fr: 'Amener la poignée au bout de la glissière le fait tourner d’un tour complet (360°) autour de l’axe vertical, sa face avant allant vers la droite ; les repères de la glissière marquent des pas de 90°.',
    ar: 'تحريك المقبض إلى نهاية المسار يديره دورة كاملة (360°) حول المحور العمودي، مع تحرك واجهته نحو اليمين؛ وتُظهر العلامات على المسار خطوات من 90°.',
  });
}

/** Validity shared by rotation sliders. Returns a reason or null. */
export function rotationSliderInvalid(l: { needed_deg: number; mapping: { deg_per_px: number }; tol_deg: number; handle_box: Box; track_box: Box; travel: number }): string | null {
  if (l.needed_deg < 20 || l.needed_deg > 340) return 'rotation too close to the answer already';
  const dx = l.needed_deg / l.mapping.deg_per_px;
  const hw = l.handle_box[2] - l.handle_box[0];
  if (l.handle_box[0] + dx + hw > l.track_box[2] + 0.5) return 'handle would leave the track';
  if (Math.abs(l.travel * l.mapping.deg_per_px - 360) > 1e-6) return 'mapping does not cover a full turn';
  if (l.tol_deg / l.mapping.deg_per_px < 2) return 'tolerance under 2 px';
  return null;
}

/** Reasoning tail for a rotation slider (mapping, angle, drag), both locales. */
export function rotationDragText(locale: CaptchaLocale, l: { needed_deg: number; mapping: { deg_per_px: number }; travel: number; handle_box: Box }, m: { sx: number; sy: number; tx: number; ty: number }): string {
  const dxc = Math.round((l.needed_deg / l.mapping.deg_per_px) * m.sx);
  const full = Math.round(l.travel * m.sx);
  const c = boxCenter(l.handle_box);
  const start = `(${Math.round(m.sx * c[0] + m.tx)}, ${Math.round(m.sy * c[1] + m.ty)})`;
  return say(locale, {
      en: `The slider's full travel of ${full} px turns it 360° clockwise; it needs ${l.needed_deg}° clockwise, so drag the handle at ${start} right by about ${dxc} px, keeping it level.`,
      zh: `滑块整条行程 ${full} 像素对应顺时针 360°，需要顺时针转 ${l.needed_deg}°，所以把滑块从 ${start} 水平向右拖动约 ${dxc} 像素。`,
      ja: `スライダーの全行程 ${full} px で時計回りに 360° 回ります。時計回りに ${l.needed_deg}° 必要なので、${start} のつまみを水平のまま右へ約 ${dxc} px ドラッグします。`,
      de: `Der ganze Weg der Leiste von ${full} px dreht es um 360° im Uhrzeigersinn; nötig sind ${l.needed_deg}° im Uhrzeigersinn, also ziehen Sie den Griff bei ${start} waagerecht um etwa ${dxc} px nach rechts.`,
      es: `El recorrido completo del riel, ${full} px, lo gira 360° en el sentido de las agujas del reloj; hacen falta ${l.needed_deg}° en ese sentido, así que arrastra el control de ${start} unos ${dxc} px hacia la derecha, sin moverlo en vertical.`,
      fr: `La course complète de la glissière, ${full} px, le fait tourner de 360° dans le sens des aiguilles d’une montre ; il faut ${l.needed_deg}° dans ce sens, donc faites glisser la poignée en ${start} d’environ ${dxc} px vers la droite, bien à l’horizontale.`,
      ar: `المسار الكامل لشريط التمرير (${full} px) يديره 360° باتجاه عقارب الساعة؛ والمطلوب ${l.needed_deg}° بهذا الاتجاه، لذا اسحب المقبض من ${start} نحو اليمين بنحو ${dxc} px مع إبقائه أفقيًا.`,
    });
}

/**
 * A short text line centred at (cx, cy) and rotated by `rot` degrees clockwise, each glyph placed
 * with its own baked transform (glyph paths, no `transform`).
 */
export function rotatedText(style: PuzzleStyle, s: string, cx: number, cy: number, size: number, rot: number, fill: string, weight: 400 | 700 = 700): string {
  const chars = [...s];
  const adv = chars.map((ch) => charAdvance(ch, size, { face: style.face, weight }));
  const total = adv.reduce((a, b) => a + b, 0);
  let pen = -total / 2;
  let d = '';
  chars.forEach((ch, i) => {
    const mid = pen + adv[i]! / 2;
    const [x, y] = rotAbout(0, 0, mid, 0, rot);
    d += glyphAt(ch, size, cx + x, cy + y, { rot, face: style.face, weight }).d;
    pen += adv[i]!;
  });
  return d ? `<path d="${d}" fill="${fill}"/>` : '';
}
