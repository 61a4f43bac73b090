/**
 * #96 pyramid_view_select (group I, Set+Submit): a stepped pyramid of coloured layers in 3D and six flat pictures; select the one
 * showing it from above (nested squares, bottom layer outermost) or from a side (stacked bars, bottom layer lowest), then submit
 * (Spatial-CAPTCHA-Bench pyramid views). Wrong pictures show the other direction or another layer order (`near`: two neighbouring
 * layers swapped). The pyramid is centred: all four sides look alike and the view from above has no turn to guess. */
import { type Box, boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, path } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { selectLayout } from '../../lib/grids.js';
import { polyD } from '../../lib/geometry.js';
import { SCENE_COLORS, SCENE_COLOR_ADJECTIVES, namedColor } from '../../lib/palette.js';
import type { CaptchaLocale } from '../../lib/i18n.js';

/** A layer's colour in a list: the colour's name (lib/palette.ts), French in the masculine ("vert", not "verte"). */
const colourWord = (key: string, locale: CaptchaLocale): string => (locale === 'fr-FR' ? SCENE_COLOR_ADJECTIVES[key]!.fr[0] : say(locale, namedColor(key)));
import { type V3, polycubeCentre, polycubeFaces, shade } from '../../lib/proj3d.js';
import { placeWithRetries } from '../../lib/placement.js';
import { type CellSelectLatent, type KnobsOf, cellSelectEngine } from './template.js';
/** A flat picture: the pyramid's layers (bottom to top) seen from above or from a side. */
interface Picture { view: 'top' | 'side'; layers: number[] }
/** Latent state of pyramid_view_select (puzzle px); `layers` are SCENE_COLORS indices, bottom to top. */
export interface PyramidLatent extends CellSelectLatent { ref_box: Box; layers: number[]; dir: Picture['view']; pitch: number; candidates: Picture[] }
const KNOBS = defineKnobs({ layers: knob('layers of the pyramid', 3, 4, 5), near: knob('wrong pictures differ by one swap of two neighbouring layers', false, true, true) });
const key = (c: Picture): string => `${c.view}:${c.layers.join(',')}`;
const VIEWS = ['top', 'side'] as const;
/** Engine #96 pyramid_view_select (group I, Set+Submit, verifier `click` / `set` + submit). */
export const pyramidViewSelect = cellSelectEngine<PyramidLatent, KnobsOf<typeof KNOBS>>({
  type: 'pyramid_view_select', number: 96, knobs: KNOBS,
  sample(rng, k) {
    const lay = selectLayout(2, 3, 178, 88, 8, 320);
    const layers = rng.sample([...SCENE_COLORS.keys()], k.layers);
    const dir = rng.pick(VIEWS);
    const swap = (i: number, s = [...layers]): number[] => [...s.slice(0, i), s[i + 1]!, s[i]!, ...s.slice(i + 2)];
    const cands: Picture[] = [{ view: dir, layers }, { view: dir === 'top' ? 'side' : 'top', layers }];
    const propose = (): Picture => ({ view: rng.pick(VIEWS), layers: k.near ? swap(rng.int(0, k.layers - 2)) : rng.shuffle(layers) });
    while (cands.length < 6) { const c = placeWithRetries(60, propose, (p) => !cands.some((d) => key(d) === key(p))); if (!c) break; cands.push(c); }
    return { width: 320, height: lay.height, cols: 3, cells: lay.cells, submit_box: lay.submit, ref_box: [14, 44, 306, 170], layers, dir, pitch: rng.int(25, 35), candidates: rng.shuffle(cands) };
  },
  validate(l) {
    if (l.candidates.length !== l.cells.length || new Set(l.candidates.map(key)).size !== l.cells.length) return 'need six different pictures';
    if (new Set(l.layers).size !== l.layers.length || l.layers.some((c) => !SCENE_COLORS[c])) return 'layer colours are not distinct palette colours';
    if (l.candidates.some((c) => [...c.layers].sort().join() !== [...l.layers].sort().join())) return 'a picture uses other colours';
    return l.candidates.filter((c) => key(c) === key({ view: l.dir, layers: l.layers })).length === 1 ? null : 'not exactly one true view';
  },
  prompt: (l, style) => say(style.locale, l.dir === 'top' ? { en: 'Select the pyramid seen from above', zh: '选出从上方看到的金字塔' } : { en: 'Select the pyramid seen from a side', zh: '选出从侧面看到的金字塔' }),
  header(l, style) {
    const n = l.layers.length;
    const cubes: V3[] = l.layers.flatMap((_, y) => Array.from({ length: (2 * (n - y) - 1) ** 2 }, (_, j): V3 => [y + (j % (2 * (n - y) - 1)), y, y + Math.floor(j / (2 * (n - y) - 1))]));
    const v = { yaw: 45, pitch: l.pitch, scale: 56 / n, cx: boxCenter(l.ref_box)[0], cy: boxCenter(l.ref_box)[1] };
    const face = (f: ReturnType<typeof polycubeFaces>[number]): string => path(polyD(f.pts), { fill: SCENE_COLORS[l.layers[cubes[f.owner]![1]]!]!.fill, stroke: 'rgba(0,0,0,0.3)', sw: 0.8 }) + path(polyD(f.pts), { fill: '#000000', opacity: Math.round((1 - shade(f.normal, v)) * 90) / 100 });
    return boxRect(l.ref_box, { fill: style.panel, stroke: style.border, sw: 1, rx: Math.min(style.radius, 8) }) + polycubeFaces(cubes, v, polycubeCentre(cubes)).map(face).join('');
  },
  cell(l, i, style) {
    const { view, layers: ls } = l.candidates[i]!;
    const [cx, cy, u] = [...boxCenter(l.cells[i]!), 70 / (2 * ls.length - 1)];
    const box = (j: number, w: number): Box => (view === 'top' ? [cx - w / 2, cy - w / 2, cx + w / 2, cy + w / 2] : [cx - w / 2, cy + (ls.length / 2 - j - 1) * 1.2 * u, cx + w / 2, cy + (ls.length / 2 - j) * 1.2 * u]);
    return ls.map((h, j) => boxRect(box(j, (2 * (ls.length - j) - 1) * u), { fill: SCENE_COLORS[h]!.fill, stroke: style.text, sw: 1 })).join('');
  },
  hit: (l, i) => key(l.candidates[i]!) === key({ view: l.dir, layers: l.layers }),
  reasoning: (l, locale) => ({ n: l.layers.length, colours: l.layers.map((c) => colourWord(SCENE_COLORS[c]!.key, locale)).join(say(locale, { en: ', ', zh: '、', ja: '、', ar: '، ' })), dir: say(locale, `pyramid_view_select.from_${l.dir}`), looks: say(locale, `pyramid_view_select.looks_${l.dir}`) }),
  instruction: (l, locale) => ({ dir: say(locale, `pyramid_view_select.from_${l.dir}`) }),
});
