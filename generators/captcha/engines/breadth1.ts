/**
 * Engines added by "CAPTCHA breadth I" (catalogue groups A, B, C, H, I), beyond the skeleton's.
 * Add each new engine here; registry.ts concatenates this list.
 */
import type { CaptchaEngine, Latent } from '../engine.js';
import { plainSample } from '../kit.js';
import { textDictionaryWord } from './text_dictionary_word.js';
import { mathExpressionEntry } from './math_expression_entry.js';
import { textColoredSubset } from './text_colored_subset.js';
import { textOverlapCrowded } from './text_overlap_crowded.js';
import { textOutlineTextured } from './text_outline_textured.js';
import { textMirroredGlyphs } from './text_mirrored_glyphs.js';
import { textQuestionLogic } from './text_question_logic.js';
import { diceSumEntry } from './dice_sum_entry.js';
import { countObjectsEntry } from './count_objects_entry.js';
import { diceRollPathEntry } from './dice_roll_path_entry.js';
import { colorCipherEntry } from './color_cipher_entry.js';
import { phraseOrderClick } from './phrase_order_click.js';
import { letterSequenceClick } from './letter_sequence_click.js';
import { numberAscendingClick } from './number_ascending_click.js';
import { alphabeticalClick } from './alphabetical_click.js';
import { spellWordClick } from './spell_word_click.js';
import { thumbGlyphClick } from './thumb_glyph_click.js';
import { resultDigitsClick } from './result_digits_click.js';
import { shapeAttributeOrdered } from './shape_attribute_ordered.js';
import { sizeOrderClick } from './size_order_click.js';
import { sidesOrderClick } from './sides_order_click.js';
import { clockTimeOrderClick } from './clock_time_order_click.js';
import { routeWaypointClick } from './route_waypoint_click.js';
import { distanceOrderClick } from './distance_order_click.js';
import { connectDotsClick } from './connect_dots_click.js';
import { verifyButton } from './verify_button.js';
import { pressAndHold } from './press_and_hold.js';
import { clickDotTarget } from './click_dot_target.js';
import { gridSelectCategory } from './grid_select_category.js';
import { gridSegmentSelect } from './grid_segment_select.js';
import { colorDiscriminationSelect } from './color_discrimination_select.js';
import { brightnessSelect } from './brightness_select.js';
import { vowelSelect } from './vowel_select.js';
import { invertedLetterSelect } from './inverted_letter_select.js';
import { rotatedLetterSelect } from './rotated_letter_select.js';
import { hollowPatternSelect } from './hollow_pattern_select.js';
import { countMatchSelect } from './count_match_select.js';
import { multiScriptSelect } from './multi_script_select.js';
import { areaSelectPoint } from './area_select_point.js';

/** Every breadth-I engine; sample() results are normalised to plain JSON (no -0, no undefined). */
export const BREADTH_I: readonly CaptchaEngine<Latent>[] = ([
  // A. OCR text entry
  textDictionaryWord,
  mathExpressionEntry,
  textColoredSubset,
  textOverlapCrowded,
  textOutlineTextured,
  textMirroredGlyphs,
  textQuestionLogic,
  diceSumEntry,
  countObjectsEntry,
  diceRollPathEntry,
  colorCipherEntry,
  // B. ordered text click
  phraseOrderClick,
  letterSequenceClick,
  numberAscendingClick,
  alphabeticalClick,
  spellWordClick,
  thumbGlyphClick,
  resultDigitsClick,
  // C. ordered icon click
  shapeAttributeOrdered,
  sizeOrderClick,
  sidesOrderClick,
  clockTimeOrderClick,
  routeWaypointClick,
  distanceOrderClick,
  connectDotsClick,
  // H. one-click verification
  verifyButton,
  pressAndHold,
  clickDotTarget,
  // I. multi-select grid + submit
  gridSelectCategory,
  gridSegmentSelect,
  colorDiscriminationSelect,
  brightnessSelect,
  vowelSelect,
  invertedLetterSelect,
  rotatedLetterSelect,
  hollowPatternSelect,
  countMatchSelect,
  multiScriptSelect,
  areaSelectPoint,
] as unknown as CaptchaEngine<Latent>[]).map(plainSample);
