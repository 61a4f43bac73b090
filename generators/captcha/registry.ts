/**
 * The CAPTCHA engine registry: every shipped engine, in catalogue order. To add a type, write
 * `engines/<type>.ts` exporting a {@link CaptchaEngine} (see engine.ts) and add it to the list in
 * `engines/breadth1.ts` (groups A, B, C, H, I) or `engines/breadth2.ts` (groups D, E, F, G, J).
 */
import { badValue } from '../../core/errors.js';
import type { CaptchaEngine, Latent } from './engine.js';
import { textDistortedAlnum } from './engines/text_distorted_alnum.js';
import { wordClickOrdered } from './engines/word_click_ordered.js';
import { iconClickOrdered } from './engines/icon_click_ordered.js';
import { rotateDiscSlider } from './engines/rotate_disc_slider.js';
import { slideToEnd } from './engines/slide_to_end.js';
import { sliderJigsawGap } from './engines/slider_jigsaw_gap.js';
import { matchThreeSwap } from './engines/match_three_swap.js';
import { checkboxNotRobot } from './engines/checkbox_not_robot.js';
import { BREADTH_I } from './engines/breadth1.js';
import { commonsenseQuestionEntry } from './engines/commonsense_question_entry.js';
import { imageMatchingPick } from './engines/image_matching_pick.js';
import { colorCountSelect } from './engines/color_count_select.js';
import { revolutionSolidPick } from './engines/revolution_solid_pick.js';
import { BREADTH_II } from './engines/breadth2.js';

/** Every registered engine, in catalogue order (`number`). */
export const ENGINES: readonly CaptchaEngine<Latent>[] = ([
  textDistortedAlnum,
  wordClickOrdered,
  iconClickOrdered,
  rotateDiscSlider,
  slideToEnd,
  sliderJigsawGap,
  matchThreeSwap,
  checkboxNotRobot,
  ...BREADTH_I,
  // counterparts of public benchmark tasks (catalogue #92 on)
  commonsenseQuestionEntry,
  imageMatchingPick,
  colorCountSelect,
  revolutionSolidPick,
  ...BREADTH_II,
] as unknown as CaptchaEngine<Latent>[]).slice().sort((a, b) => a.number - b.number);

const BY_TYPE = new Map(ENGINES.map((e) => [e.type, e]));
if (BY_TYPE.size !== ENGINES.length) throw new Error('captcha registry: duplicate engine type');

/** Registered type names, catalogue order. */
export const CAPTCHA_TYPES: readonly string[] = ENGINES.map((e) => e.type);

/**
 * The engine for a type name.
 * @throws UsageError (`badValue('--types', name, CAPTCHA_TYPES)`) for an unknown type.
 */
export function getEngine(type: string): CaptchaEngine<Latent> {
  const e = BY_TYPE.get(type);
  if (!e) throw badValue('--types', type, CAPTCHA_TYPES);
  return e;
}
