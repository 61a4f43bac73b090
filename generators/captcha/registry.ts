/**
 * The CAPTCHA engine registry: every shipped engine, in catalogue order (`number`; the catalogue is
 * generated from this list: `uisynth types --markdown` writes docs/captcha-types.md). To add a type,
 * write `engines/<action-form>/<type>.ts` exporting a {@link CaptchaEngine} (see engine.ts and
 * docs/recipes/add-captcha-type.md) and add it to {@link ENGINES} below.
 *
 * Every engine's `sample` is wrapped so that a latent state equals its stored JSON (no `-0`, no
 * `undefined` fields): see {@link normalised}.
 */
import { badValue } from '../../core/errors.js';
import type { CaptchaEngine, Latent } from './engine.js';
import { reasonsIn } from './lib/i18n.js';
import { plainJson } from './lib/plain-json.js';
import { connectIconPick } from './engines/arrows/connect_icon_pick.js';
import { countMatchArrows } from './engines/arrows/count_match_arrows.js';
import { gridCoordinateMove } from './engines/arrows/grid_coordinate_move.js';
import { imageMatchingPick } from './engines/arrows/image_matching_pick.js';
import { orbitMatch } from './engines/arrows/orbit_match.js';
import { pathNavigateArrows } from './engines/arrows/path_navigate_arrows.js';
import { rotateArrowsMatchRef } from './engines/arrows/rotate_arrows_match_ref.js';
import { sumMatchArrows } from './engines/arrows/sum_match_arrows.js';
import { dragClockHand } from './engines/drag/drag_clock_hand.js';
import { dragConnectPairs } from './engines/drag/drag_connect_pairs.js';
import { dragDropPiece2d } from './engines/drag/drag_drop_piece_2d.js';
import { dragItemToTarget } from './engines/drag/drag_item_to_target.js';
import { dragSortOrder } from './engines/drag/drag_sort_order.js';
import { jigsawTileSwap } from './engines/drag/jigsaw_tile_swap.js';
import { multiPieceJigsaw } from './engines/drag/multi_piece_jigsaw.js';
import { areaSelectPoint } from './engines/grid-select/area_select_point.js';
import { backmostLayerSelect } from './engines/grid-select/backmost_layer_select.js';
import { brightnessSelect } from './engines/grid-select/brightness_select.js';
import { colorCountSelect } from './engines/grid-select/color_count_select.js';
import { colorDiscriminationSelect } from './engines/grid-select/color_discrimination_select.js';
import { countMatchSelect } from './engines/grid-select/count_match_select.js';
import { gridSegmentSelect } from './engines/grid-select/grid_segment_select.js';
import { gridSelectCategory } from './engines/grid-select/grid_select_category.js';
import { holeCountSelect } from './engines/grid-select/hole_count_select.js';
import { hollowPatternSelect } from './engines/grid-select/hollow_pattern_select.js';
import { illusoryRibbonsSelect } from './engines/grid-select/illusory_ribbons_select.js';
import { invertedLetterSelect } from './engines/grid-select/inverted_letter_select.js';
import { layeredStackSelect } from './engines/grid-select/layered_stack_select.js';
import { multiScriptSelect } from './engines/grid-select/multi_script_select.js';
import { pyramidViewSelect } from './engines/grid-select/pyramid_view_select.js';
import { rotatedLetterSelect } from './engines/grid-select/rotated_letter_select.js';
import { rotationMatchSelect } from './engines/grid-select/rotation_match_select.js';
import { shadowDirectionSelect } from './engines/grid-select/shadow_direction_select.js';
import { subwayPathsSelect } from './engines/grid-select/subway_paths_select.js';
import { viewpointSelect } from './engines/grid-select/viewpoint_select.js';
import { vowelSelect } from './engines/grid-select/vowel_select.js';
import { alphabeticalClick } from './engines/ordered-click/alphabetical_click.js';
import { clockTimeOrderClick } from './engines/ordered-click/clock_time_order_click.js';
import { connectDotsClick } from './engines/ordered-click/connect_dots_click.js';
import { distanceOrderClick } from './engines/ordered-click/distance_order_click.js';
import { iconClickOrdered } from './engines/ordered-click/icon_click_ordered.js';
import { letterSequenceClick } from './engines/ordered-click/letter_sequence_click.js';
import { numberAscendingClick } from './engines/ordered-click/number_ascending_click.js';
import { phraseOrderClick } from './engines/ordered-click/phrase_order_click.js';
import { resultDigitsClick } from './engines/ordered-click/result_digits_click.js';
import { routeWaypointClick } from './engines/ordered-click/route_waypoint_click.js';
import { shapeAttributeOrdered } from './engines/ordered-click/shape_attribute_ordered.js';
import { sidesOrderClick } from './engines/ordered-click/sides_order_click.js';
import { sizeOrderClick } from './engines/ordered-click/size_order_click.js';
import { spellWordClick } from './engines/ordered-click/spell_word_click.js';
import { thumbGlyphClick } from './engines/ordered-click/thumb_glyph_click.js';
import { wordClickOrdered } from './engines/ordered-click/word_click_ordered.js';
import { occludedCountOrderClick } from './engines/ordered-click/occluded_count_order_click.js';
import { gobangMove } from './engines/pair/gobang_move.js';
import { matchThreeSwap } from './engines/pair/match_three_swap.js';
import { avoidDecoyClick } from './engines/single-click/avoid_decoy_click.js';
import { checkboxNotRobot } from './engines/single-click/checkbox_not_robot.js';
import { clickDotTarget } from './engines/single-click/click_dot_target.js';
import { clockReadClick } from './engines/single-click/clock_read_click.js';
import { cubeNetFoldPick } from './engines/single-click/cube_net_fold_pick.js';
import { geometryClick } from './engines/single-click/geometry_click.js';
import { largestRegionClick } from './engines/single-click/largest_region_click.js';
import { leastFrequentIcon } from './engines/single-click/least_frequent_icon.js';
import { matchingPairPick } from './engines/single-click/matching_pair_pick.js';
import { mirrorPick } from './engines/single-click/mirror_pick.js';
import { oddOneOutClick } from './engines/single-click/odd_one_out_click.js';
import { pathEndClick } from './engines/single-click/path_end_click.js';
import { pickUpright } from './engines/single-click/pick_upright.js';
import { pressAndHold } from './engines/single-click/press_and_hold.js';
import { revolutionSolidPick } from './engines/single-click/revolution_solid_pick.js';
import { spatialRelationClick } from './engines/single-click/spatial_relation_click.js';
import { verifyButton } from './engines/single-click/verify_button.js';
import { concatRestoreSlider } from './engines/slider/concat_restore_slider.js';
import { curveAlignSlider } from './engines/slider/curve_align_slider.js';
import { dialRotateToMark } from './engines/slider/dial_rotate_to_mark.js';
import { rotate3dToMatch } from './engines/slider/rotate_3d_to_match.js';
import { rotateDiscSlider } from './engines/slider/rotate_disc_slider.js';
import { rotateInnerOuterAlign } from './engines/slider/rotate_inner_outer_align.js';
import { shapeFitSlider } from './engines/slider/shape_fit_slider.js';
import { slideToEnd } from './engines/slider/slide_to_end.js';
import { slideToZone } from './engines/slider/slide_to_zone.js';
import { sliderJigsawGap } from './engines/slider/slider_jigsaw_gap.js';
import { sliderMultiGapDecoy } from './engines/slider/slider_multi_gap_decoy.js';
import { swipeUpUnlock } from './engines/slider/swipe_up_unlock.js';
import { colorCipherEntry } from './engines/text-entry/color_cipher_entry.js';
import { commonsenseQuestionEntry } from './engines/text-entry/commonsense_question_entry.js';
import { countObjectsEntry } from './engines/text-entry/count_objects_entry.js';
import { diceRollPathEntry } from './engines/text-entry/dice_roll_path_entry.js';
import { diceSumEntry } from './engines/text-entry/dice_sum_entry.js';
import { mathExpressionEntry } from './engines/text-entry/math_expression_entry.js';
import { occludedPatternCountEntry } from './engines/text-entry/occluded_pattern_count_entry.js';
import { textColoredSubset } from './engines/text-entry/text_colored_subset.js';
import { textDictionaryWord } from './engines/text-entry/text_dictionary_word.js';
import { textDistortedAlnum } from './engines/text-entry/text_distorted_alnum.js';
import { textMirroredGlyphs } from './engines/text-entry/text_mirrored_glyphs.js';
import { textOutlineTextured } from './engines/text-entry/text_outline_textured.js';
import { textOverlapCrowded } from './engines/text-entry/text_overlap_crowded.js';
import { textQuestionLogic } from './engines/text-entry/text_question_logic.js';

/**
 * The same engine with `sample` passed through {@link plainJson} (a latent compares equal to its JSON
 * record), and `reasoning` in English whole (sentences and the nouns, colours, positions placed in them)
 * for a locale the type's reasoning is not written in yet ({@link reasonsIn}): never a sentence mixing
 * two languages.
 */
function normalised<L extends Latent>(e: CaptchaEngine<L>): CaptchaEngine<L> {
  return {
    ...e,
    sample: (rng, d) => plainJson(e.sample(rng, d)),
    reasoning: (l, locale, m, widget) => e.reasoning(l, reasonsIn(e.type, locale) ? locale : 'en-US', m, widget ?? locale),
  };
}

/** Every registered engine, in catalogue order (`number`). */
export const ENGINES: readonly CaptchaEngine<Latent>[] = ([
  textDistortedAlnum,
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
  wordClickOrdered,
  phraseOrderClick,
  letterSequenceClick,
  numberAscendingClick,
  alphabeticalClick,
  spellWordClick,
  thumbGlyphClick,
  resultDigitsClick,
  iconClickOrdered,
  shapeAttributeOrdered,
  sizeOrderClick,
  sidesOrderClick,
  clockTimeOrderClick,
  routeWaypointClick,
  distanceOrderClick,
  connectDotsClick,
  rotateDiscSlider,
  rotateInnerOuterAlign,
  rotateArrowsMatchRef,
  pickUpright,
  rotate3dToMatch,
  dragClockHand,
  dialRotateToMark,
  rotationMatchSelect,
  slideToEnd,
  swipeUpUnlock,
  slideToZone,
  dragItemToTarget,
  curveAlignSlider,
  sliderJigsawGap,
  sliderMultiGapDecoy,
  dragDropPiece2d,
  concatRestoreSlider,
  jigsawTileSwap,
  multiPieceJigsaw,
  shapeFitSlider,
  geometryClick,
  oddOneOutClick,
  leastFrequentIcon,
  pathEndClick,
  largestRegionClick,
  avoidDecoyClick,
  spatialRelationClick,
  gobangMove,
  matchThreeSwap,
  countMatchArrows,
  sumMatchArrows,
  gridCoordinateMove,
  pathNavigateArrows,
  connectIconPick,
  orbitMatch,
  matchingPairPick,
  mirrorPick,
  cubeNetFoldPick,
  backmostLayerSelect,
  holeCountSelect,
  layeredStackSelect,
  subwayPathsSelect,
  shadowDirectionSelect,
  viewpointSelect,
  clockReadClick,
  checkboxNotRobot,
  verifyButton,
  pressAndHold,
  clickDotTarget,
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
  dragConnectPairs,
  dragSortOrder,
  commonsenseQuestionEntry,
  imageMatchingPick,
  colorCountSelect,
  revolutionSolidPick,
  pyramidViewSelect,
  occludedCountOrderClick,
  illusoryRibbonsSelect,
  occludedPatternCountEntry,
] as unknown as CaptchaEngine<Latent>[]).map(normalised).sort((a, b) => a.number - b.number);

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
