/**
 * Engines added by "CAPTCHA breadth II" (catalogue groups D, E, F, G, J), beyond the skeleton's.
 * Add each new engine here; registry.ts concatenates this list.
 */
import type { CaptchaEngine, Latent } from '../engine.js';
import { rotateInnerOuterAlign } from './rotate_inner_outer_align.js';
import { rotateArrowsMatchRef } from './rotate_arrows_match_ref.js';
import { pickUpright } from './pick_upright.js';
import { rotate3dToMatch } from './rotate_3d_to_match.js';
import { dragClockHand } from './drag_clock_hand.js';
import { dialRotateToMark } from './dial_rotate_to_mark.js';
import { rotationMatchSelect } from './rotation_match_select.js';
import { swipeUpUnlock } from './swipe_up_unlock.js';
import { slideToZone } from './slide_to_zone.js';
import { dragItemToTarget } from './drag_item_to_target.js';
import { curveAlignSlider } from './curve_align_slider.js';
import { sliderMultiGapDecoy } from './slider_multi_gap_decoy.js';
import { dragDropPiece2d } from './drag_drop_piece_2d.js';
import { concatRestoreSlider } from './concat_restore_slider.js';
import { jigsawTileSwap } from './jigsaw_tile_swap.js';
import { multiPieceJigsaw } from './multi_piece_jigsaw.js';
import { shapeFitSlider } from './shape_fit_slider.js';
import { geometryClick } from './geometry_click.js';
import { oddOneOutClick } from './odd_one_out_click.js';
import { leastFrequentIcon } from './least_frequent_icon.js';
import { pathEndClick } from './path_end_click.js';
import { largestRegionClick } from './largest_region_click.js';
import { avoidDecoyClick } from './avoid_decoy_click.js';
import { matchingPairPick } from './matching_pair_pick.js';
import { mirrorPick } from './mirror_pick.js';
import { clockReadClick } from './clock_read_click.js';
import { countMatchArrows } from './count_match_arrows.js';
import { sumMatchArrows } from './sum_match_arrows.js';
import { gridCoordinateMove } from './grid_coordinate_move.js';
import { pathNavigateArrows } from './path_navigate_arrows.js';
import { connectIconPick } from './connect_icon_pick.js';
import { orbitMatch } from './orbit_match.js';
import { backmostLayerSelect } from './backmost_layer_select.js';
import { layeredStackSelect } from './layered_stack_select.js';
import { holeCountSelect } from './hole_count_select.js';
import { subwayPathsSelect } from './subway_paths_select.js';
import { shadowDirectionSelect } from './shadow_direction_select.js';
import { cubeNetFoldPick } from './cube_net_fold_pick.js';
import { viewpointSelect } from './viewpoint_select.js';
import { spatialRelationClick } from './spatial_relation_click.js';
import { gobangMove } from './gobang_move.js';
import { dragConnectPairs } from './drag_connect_pairs.js';
import { dragSortOrder } from './drag_sort_order.js';

export const BREADTH_II: readonly CaptchaEngine<Latent>[] = [
  // D image rotation
  rotateInnerOuterAlign,
  rotateArrowsMatchRef,
  pickUpright,
  rotate3dToMatch,
  dragClockHand,
  dialRotateToMark,
  rotationMatchSelect,
  // E drag-to-end
  swipeUpUnlock,
  slideToZone,
  dragItemToTarget,
  curveAlignSlider,
  // F slider puzzle
  sliderMultiGapDecoy,
  dragDropPiece2d,
  concatRestoreSlider,
  jigsawTileSwap,
  multiPieceJigsaw,
  shapeFitSlider,
  // G visual reasoning
  geometryClick,
  oddOneOutClick,
  leastFrequentIcon,
  pathEndClick,
  largestRegionClick,
  avoidDecoyClick,
  matchingPairPick,
  mirrorPick,
  clockReadClick,
  countMatchArrows,
  sumMatchArrows,
  gridCoordinateMove,
  pathNavigateArrows,
  connectIconPick,
  orbitMatch,
  backmostLayerSelect,
  layeredStackSelect,
  holeCountSelect,
  subwayPathsSelect,
  shadowDirectionSelect,
  cubeNetFoldPick,
  viewpointSelect,
  spatialRelationClick,
  gobangMove,
  // J drag extras
  dragConnectPairs,
  dragSortOrder,
] as unknown as CaptchaEngine<Latent>[];
