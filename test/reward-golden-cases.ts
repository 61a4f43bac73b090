/**
 * The golden cases of the RL reward (written to reward/golden_cases.jsonl by scripts/gen-golden-cases.ts).
 * Every `expected` here is set by hand from the rules (the strict rules documented in score/scorer.ts); neither implementation is
 * consulted. Coordinates conventions are spelled out as literal data, not built by core/coords.ts.
 */

export interface GoldenCase {
  name: string;
  /** Which rule or edge the case exercises. */
  rule: string;
  completion: string;
  /** The JSON string a verl row stores in `reward_model.ground_truth`. */
  ground_truth: string;
  expected: 0 | 1;
  /** Optional override of the completion's coordinate convention (a name). */
  coords?: string;
}

type Box = [number, number, number, number];
const V = 'uisynth-reward/1';

const ABS = { name: 'abs', space: 'image_px', order: 'xy', normalized_by: null, quantize: 'none', range: null, resize: null };
const NORM1 = { name: 'norm1', space: 'relative', order: 'xy', normalized_by: 1, quantize: 'none', range: [0, 1], resize: null };
const NORM1000 = { name: 'norm1000', space: 'relative', order: 'xy', normalized_by: 1000, quantize: 'floor', range: [0, 999], resize: null };
const NORM1000R = { name: 'norm1000-1000', space: 'relative', order: 'xy', normalized_by: 1000, quantize: 'round', range: [0, 1000], resize: null };
const QWEN_DEFAULT = { factor: 28, min_pixels: 3136, max_pixels: 12845056 };
const QWEN_1280 = { factor: 28, min_pixels: 3136, max_pixels: 1003520 };
const qwen = (budget: object, resized?: [number, number]) => ({
  name: 'qwen25', space: 'resized_px', order: 'xy', normalized_by: null, quantize: 'round', range: null, resize: budget,
  ...(resized ? { resized } : {}),
});

function gGt(size: [number, number], coords: object, bbox: Box | null): string {
  return JSON.stringify({ v: V, kind: 'grounding', id: 'g', qid: 'q', size, coords, target: bbox ? { bbox } : null });
}
function cGt(size: [number, number], coords: object, verifier: object): string {
  return JSON.stringify({ v: V, kind: 'captcha', id: 'c', size, coords, verifier });
}

export function goldenCases(): GoldenCase[] {
  const out: GoldenCase[] = [];
  const add = (rule: string, name: string, ground_truth: string, completion: string, expected: 0 | 1, coords?: string): void => {
    out.push({ name: `${rule}/${name}`, rule, completion, ground_truth, expected, ...(coords ? { coords } : {}) });
  };

  // ---- grounding, absolute px: point in box (x2/y2 exclusive), dialects, strictness ----
  const G = gGt([1920, 1080], ABS, [100, 200, 300, 260]);
  const g = (name: string, c: string, e: 0 | 1): void => add('grounding', name, G, c, e);
  g('venus inside', 'Click(point=(150, 230))', 1);
  g('venus top-left corner inclusive', 'Click(point=(100, 200))', 1);
  g('venus x2 exclusive', 'Click(point=(300, 230))', 0);
  g('venus y2 exclusive', 'Click(point=(150, 260))', 0);
  g('venus last pixel', 'Click(point=(299, 259))', 1);
  g('venus float just inside', 'Click(point=(299.5, 259.9))', 1);
  g('venus float just left', 'Click(point=(99.999, 230))', 0);
  g('venus float just above', 'Click(point=(150, 199.5))', 0);
  g('venus square brackets', 'Click(point=[150, 230])', 1);
  g('venus uppercase name', 'CLICK(point=(150,230))', 1);
  g('venus scientific notation', 'Click(point=(1.5e2, 2.3e2))', 1);
  g('venus negative x', 'Click(point=(-150, 230))', 0);
  g('uitars start_box', "click(start_box='(150,230)')", 1);
  g('uitars box tokens', "click(start_box='<|box_start|>(150,230)<|box_end|>')", 1);
  g('uitars point tag', "click(point='<point>150 230</point>')", 1);
  g('uitars point tag comma', "click(point='<point>150,230</point>')", 1);
  g('uitars 4-number box centre inside', "click(start_box='[100, 200, 300, 260]')", 1);
  g('uitars 4-number box centre outside', "click(start_box='(0,0,100,200)')", 0);
  g('uitars thought action', "Thought: The Save button is in the toolbar.\nAction: click(start_box='(150,230)')", 1);
  g('uitars left_single', "left_single(start_box='(150,230)')", 1);
  g('uitars x2 exclusive', "click(start_box='(300,230)')", 0);
  g('positional numbers are not a point literal', 'tap(150, 230)', 0);
  g('tap with point literal', 'tap((150, 230))', 1);
  g('bare point parens', '(150, 230)', 1);
  g('bare point brackets', '[150,230]', 1);
  g('bare point outside', '(300, 230)', 0);
  g('bare point tag', '<point>150 230</point>', 1);
  g('bare box tokens', '<|box_start|>(150,230)<|box_end|>', 1);
  g('bare point after Action:', 'Action: (150,230)', 1);
  g('bare point with prose is not bare', 'I think it is at (150, 230).', 0);
  g('json click', '{"action": "click", "coordinate": [150, 230]}', 1);
  g('json click outside', '{"action": "click", "coordinate": [300, 230]}', 0);
  g('json left_click', '{"action": "left_click", "coordinate": [150, 230]}', 1);
  g('json native action', '{"type": "click", "point": [150, 230]}', 1);
  g('json array one action', '[{"action": "click", "coordinate": [150, 230]}]', 1);
  g('json array two actions', '[{"action": "click", "coordinate": [150, 230]}, {"action": "click", "coordinate": [150, 230]}]', 0);
  g('json string coordinates', '{"action": "click", "coordinate": ["150", "230"]}', 0);
  g('json NaN is not JSON', '{"action": "click", "coordinate": [NaN, 230]}', 0);
  g('json bool coordinate', '{"action": "click", "coordinate": [true, 230]}', 0);
  g('json fenced', '```json\n{"action": "click", "coordinate": [150, 230]}\n```', 1);
  g('tool_call computer_use', '<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [150, 230]}}\n</tool_call>', 1);
  g('tool_call with thinking text', 'The button is at the top.\n<tool_call>{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [150, 230]}}</tool_call>', 1);
  g('tool_call bad json', '<tool_call>{"name": "computer_use", "arguments": {"action": "left_click"</tool_call>', 0);
  g('tool_call unclosed', '<tool_call>{"action": "click", "coordinate": [150, 230]}', 0);
  g('tool_call missing coordinate', '<tool_call>{"name": "computer_use", "arguments": {"action": "left_click"}}</tool_call>', 0);
  g('think stripped', '<think>Maybe Click(point=(5, 5)) first? No.</think>\nClick(point=(150, 230))', 1);
  g('think unclosed swallows answer', '<think>I will answer Click(point=(150, 230))', 0);
  g('answer tags', '<answer>Click(point=(150, 230))</answer>', 1);
  g('answer tags bare point', '<answer>(150,230)</answer>', 1);
  g('extra click', 'Click(point=(150, 230))\nClick(point=(150, 230))', 0);
  g('click then finished', "click(start_box='(150,230)')\nfinished()", 0);
  g('hotkey only', "hotkey(key='enter')", 0);
  g('wait only', 'wait()', 0);
  g('long press is not a click', 'LongPress(point=(150, 230))', 0);
  g('double click is not a click', 'DoubleClick(point=(150, 230))', 0);
  g('refusal on feasible', 'Refuse()', 0);
  g('sentinel on feasible', '[-1, -1, -1, -1]', 0);
  g('call_user on feasible', 'call_user()', 0);
  g('no action', "I don't know where that is.", 0);
  g('empty', '', 0);
  g('unbalanced', 'Click(point=(150, 230)', 0);
  g('click without point', 'Click()', 0);
  g('quoted paren in prose before call', "Thought: the label says 'Save (draft)'.\nAction: click(start_box='(150,230)')", 1);
  g('unicode prose around', '点击保存按钮。Click(point=(150, 230)) 完成', 1);

  // ---- grounding hard negatives: only a refusal is correct ----
  const N = gGt([1920, 1080], ABS, null);
  const n = (name: string, c: string, e: 0 | 1): void => add('refusal', name, N, c, e);
  n('Refuse()', 'Refuse()', 1);
  n('refuse() lowercase', 'refuse()', 1);
  n('uitars call_user', 'call_user()', 1);
  n('uitars thought call_user', 'Thought: There is no such button on this screen.\nAction: call_user()', 1);
  n('sentinel', '[-1,-1,-1,-1]', 1);
  n('sentinel spaced', '[ -1, -1 , -1,-1 ]', 1);
  n('sentinel in prose', 'No such element: [-1, -1, -1, -1]', 1);
  n('json refuse', '{"action": "refuse"}', 1);
  n('json call_user', '{"action": "call_user"}', 1);
  n('tool_call call_user', '<tool_call>{"name": "mobile_use", "arguments": {"action": "call_user"}}</tool_call>', 1);
  n('click instead', 'Click(point=(150, 230))', 0);
  n('bare point instead', '(150, 230)', 0);
  n('two refusals', 'Refuse()\nRefuse()', 0);
  n('refuse plus click', 'Refuse()\nClick(point=(1, 1))', 0);
  n('prose only', 'There is no such element.', 0);
  n('finished is not a refusal', "finished(content='not found')", 0);
  n('three -1 is not the sentinel', '[-1, -1, -1]', 0);

  // ---- coordinate conventions (grounding) ----
  const box: Box = [256, 256, 512, 512];
  const S: [number, number] = [1024, 1024];
  const conv = (rule: string, coords: object, cases: Array<[string, string, 0 | 1]>): void => {
    const gt = gGt(S, coords, box);
    for (const [name, c, e] of cases) add(rule, name, gt, c, e);
  };
  conv('coords-abs', ABS, [
    ['inside', 'Click(point=(300, 300))', 1],
    ['last pixel', 'Click(point=(511, 511))', 1],
    ['x2', 'Click(point=(512, 300))', 0],
    ['normalised answer is wrong in abs', 'Click(point=(0.3, 0.3))', 0],
  ]);
  conv('coords-norm1', NORM1, [
    ['x1 exact', 'Click(point=(0.25, 0.25))', 1],
    ['last pixel 511/1024', 'Click(point=(0.4990234375, 0.4990234375))', 1],
    ['x2 exact', 'Click(point=(0.5, 0.3))', 0],
    ['left of x1 255/1024', 'Click(point=(0.2490234375, 0.3))', 0],
    ['uitars', "click(start_box='(0.3,0.3)')", 1],
    ['json', '{"action": "click", "coordinate": [0.3, 0.3]}', 1],
    ['absolute answer is wrong', 'Click(point=(300, 300))', 0],
  ]);
  conv('coords-norm1000', NORM1000, [
    ['cell 250 centre 256.512', 'Click(point=(250, 250))', 1],
    ['cell 249 centre 255.488', 'Click(point=(249, 300))', 0],
    ['cell 499 centre 511.488', 'Click(point=(499, 499))', 1],
    ['cell 500 centre 512.512', 'Click(point=(500, 300))', 0],
    ['uitars box tokens', "click(start_box='<|box_start|>(300,300)<|box_end|>')", 1],
    ['bare point', '(300, 300)', 1],
  ]);
  conv('coords-norm1000-1000', NORM1000R, [
    ['250 -> 256 exact', 'Click(point=(250, 250))', 1],
    ['249 -> 254.976', 'Click(point=(249, 300))', 0],
    ['499 -> 510.976', 'Click(point=(499, 499))', 1],
    ['500 -> 512 exclusive', 'Click(point=(500, 300))', 0],
    ['json', '{"action": "click", "coordinate": [300, 300]}', 1],
  ]);
  // override: ground truth says abs, the caller says the model answered in another convention
  const gAbs = gGt(S, ABS, box);
  add('coords-override', 'norm1000 override', gAbs, 'Click(point=(300, 300))', 1, 'norm1000');
  add('coords-override', 'norm1000-999 alias', gAbs, 'Click(point=(499, 499))', 1, 'norm1000-999');
  add('coords-override', 'norm1000-999 alias x2', gAbs, 'Click(point=(500, 300))', 0, 'norm1000-999');
  add('coords-override', 'norm1 override', gAbs, 'Click(point=(0.3, 0.3))', 1, 'norm1');
  add('coords-override', 'norm1000-1000 override boundary', gAbs, 'Click(point=(500, 300))', 0, 'norm1000-1000');
  add('coords-override', 'abs answer under norm1 override', gAbs, 'Click(point=(300, 300))', 0, 'norm1');

  // qwen25: 1920x1080 -> smart_resize 1932x1092 (default budget), 1316x728 (1280 tokens)
  const Q = [1920, 1080] as [number, number];
  const qcases = (rule: string, coords: object, bx: Box, cases: Array<[string, string, 0 | 1]>): void => {
    const gt = gGt(Q, coords, bx);
    for (const [name, c, e] of cases) add(rule, name, gt, c, e);
  };
  for (const [label, coords] of [
    ['stored resized', qwen(QWEN_DEFAULT, [1932, 1092])],
    ['recomputed', qwen(QWEN_DEFAULT)],
  ] as const) {
    qcases(`coords-qwen25`, coords, [100, 200, 300, 260], [
      [`${label}: gold 151,233`, 'Click(point=(151, 233))', 1],
      [`${label}: 301 -> 299.13`, 'Click(point=(301, 233))', 1],
      [`${label}: 302 -> 300.12 outside`, 'Click(point=(302, 233))', 0],
      [`${label}: uitars`, "click(start_box='(151,233)')", 1],
    ]);
    qcases(`coords-qwen25`, coords, [1900, 1060, 1920, 1080], [
      [`${label}: corner gold 1922,1082`, 'Click(point=(1922, 1082))', 1],
      [`${label}: unconverted original px miss`, 'Click(point=(1910, 1070))', 0],
      [`${label}: json corner`, '{"action": "click", "coordinate": [1922, 1082]}', 1],
    ]);
  }
  for (const [label, coords] of [
    ['1280-token budget stored', qwen(QWEN_1280, [1316, 728])],
    ['1280-token budget recomputed', qwen(QWEN_1280)],
  ] as const) {
    qcases('coords-qwen25-budget', coords, [1900, 1060, 1920, 1080], [
      [`${label}: gold 1309,721`, 'Click(point=(1309, 721))', 1],
      [`${label}: default-budget answer misses`, 'Click(point=(1922, 1082))', 0],
      [`${label}: 1316 -> 1920 x2 exclusive`, 'Click(point=(1316, 721))', 0],
    ]);
  }
  // smart_resize rounds with Python's round-half-even: 1078/28 = 38.5 -> 38 -> 1064 (half-up would give 1092)
  add('coords-qwen25-round-half-even', 'height 1078 -> 1064', gGt([1036, 1078], qwen(QWEN_DEFAULT), [0, 1000, 1036, 1020]), 'Click(point=(500, 1000))', 1);
  add('coords-qwen25-round-half-even', 'half-up would be 1092', gGt([1036, 1078], qwen(QWEN_DEFAULT), [0, 980, 1036, 1000]), 'Click(point=(500, 1000))', 0);
  // min_pixels: 14x14 -> 28x28 is below 3136 px², beta = 4 -> 56x56
  add('coords-qwen25-min-pixels', 'upscaled 56 inside', gGt([14, 14], qwen(QWEN_DEFAULT), [7, 7, 14, 14]), 'Click(point=(50, 50))', 1);
  add('coords-qwen25-min-pixels', 'upscaled 56 is x2', gGt([14, 14], qwen(QWEN_DEFAULT), [7, 7, 14, 14]), 'Click(point=(56, 50))', 0);
  add('coords-qwen25-min-pixels', 'original px misread', gGt([14, 14], qwen(QWEN_DEFAULT), [7, 7, 14, 14]), 'Click(point=(10, 10))', 0);

  // ---- CAPTCHA: ordered clicks ----
  const seqV = { kind: 'click', action: 'click', mode: 'sequence', boxes: [[0, 0, 10, 10], [20, 0, 30, 10], [40, 0, 50, 10]], submit_box: null, min_duration_ms: null };
  const SEQ = cGt([400, 300], ABS, seqV);
  const s = (name: string, c: string, e: 0 | 1): void => add('click-sequence', name, SEQ, c, e);
  s('venus in order', 'Click(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(45, 5))', 1);
  s('venus on one line', 'Click(point=(5, 5)) Click(point=(25, 5)) Click(point=(45, 5))', 1);
  s('uitars in order', "click(start_box='(5,5)')\nclick(start_box='(25,5)')\nclick(start_box='(45,5)')", 1);
  s('uitars thought action', "Thought: A, then B, then C.\nAction: click(start_box='(5,5)')\n\nclick(start_box='(25,5)')\n\nclick(start_box='(45,5)')", 1);
  s('json array', '[{"action":"click","coordinate":[5,5]},{"action":"click","coordinate":[25,5]},{"action":"click","coordinate":[45,5]}]', 1);
  s('tool calls', '<tool_call>{"name":"mobile_use","arguments":{"action":"click","coordinate":[5,5]}}</tool_call>\n<tool_call>{"name":"mobile_use","arguments":{"action":"click","coordinate":[25,5]}}</tool_call>\n<tool_call>{"name":"mobile_use","arguments":{"action":"click","coordinate":[45,5]}}</tool_call>', 1);
  s('think then answer', '<think>The order is square, circle, star.</think>\nClick(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(45, 5))', 1);
  s('wrong order', 'Click(point=(25, 5))\nClick(point=(5, 5))\nClick(point=(45, 5))', 0);
  s('last two swapped', 'Click(point=(5, 5))\nClick(point=(45, 5))\nClick(point=(25, 5))', 0);
  s('missing one', 'Click(point=(5, 5))\nClick(point=(25, 5))', 0);
  s('extra click', 'Click(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(45, 5))\nClick(point=(45, 5))', 0);
  s('extra type', "Click(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(45, 5))\nType(content='x')", 0);
  s('x2 exclusive on third', 'Click(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(50, 5))', 0);
  s('y2 exclusive on third', 'Click(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(45, 10))', 0);
  s('corners inclusive', 'Click(point=(0, 0))\nClick(point=(20, 0))\nClick(point=(49, 9))', 1);
  s('long press instead', 'LongPress(point=(5, 5))\nLongPress(point=(25, 5))\nLongPress(point=(45, 5))', 0);
  s('one long press mixed in', 'Click(point=(5, 5))\nLongPress(point=(25, 5))\nClick(point=(45, 5))', 0);
  s('refusal', 'Refuse()', 0);
  s('bare point is not accepted for captcha', '(5, 5)', 0);
  s('unsupported finished at end', "click(start_box='(5,5)')\nclick(start_box='(25,5)')\nclick(start_box='(45,5)')\nfinished()", 0);

  // set + submit
  const setV = { ...seqV, mode: 'set', submit_box: [0, 50, 50, 60] };
  const SET = cGt([400, 300], ABS, setV);
  const st = (name: string, c: string, e: 0 | 1): void => add('click-set-submit', name, SET, c, e);
  st('any order then submit', 'Click(point=(45, 5))\nClick(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(10, 55))', 1);
  st('in order then submit', 'Click(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(45, 5))\nClick(point=(49, 59))', 1);
  st('same box twice', 'Click(point=(45, 5))\nClick(point=(45, 6))\nClick(point=(25, 5))\nClick(point=(10, 55))', 0);
  st('no submit', 'Click(point=(45, 5))\nClick(point=(5, 5))\nClick(point=(25, 5))', 0);
  st('submit first', 'Click(point=(10, 55))\nClick(point=(45, 5))\nClick(point=(5, 5))\nClick(point=(25, 5))', 0);
  st('submit at x2', 'Click(point=(45, 5))\nClick(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(50, 55))', 0);
  st('submit at y2', 'Click(point=(45, 5))\nClick(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(10, 60))', 0);
  st('uitars', "click(start_box='(25,5)')\nclick(start_box='(45,5)')\nclick(start_box='(5,5)')\nclick(start_box='(10,55)')", 1);
  st('miss one target', 'Click(point=(45, 5))\nClick(point=(15, 5))\nClick(point=(25, 5))\nClick(point=(10, 55))', 0);

  // any
  const ANY = cGt([400, 300], ABS, { ...seqV, mode: 'any' });
  const an = (name: string, c: string, e: 0 | 1): void => add('click-any', name, ANY, c, e);
  an('one click in a box', 'Click(point=(25, 5))', 1);
  an('between boxes', 'Click(point=(15, 5))', 0);
  an('two clicks', 'Click(point=(25, 5))\nClick(point=(5, 5))', 0);
  an('json', '{"action":"click","coordinate":[45,9]}', 1);
  an('box x2', 'Click(point=(10, 5))', 0);

  // long press and double click verifiers
  const LP = cGt([400, 300], ABS, { ...seqV, action: 'long_press', boxes: [[0, 0, 10, 10], [20, 0, 30, 10]] });
  const lp = (name: string, c: string, e: 0 | 1): void => add('long-press', name, LP, c, e);
  lp('venus', 'LongPress(point=(5, 5))\nLongPress(point=(25, 5))', 1);
  lp('uitars', "long_press(start_box='(5,5)')\nlong_press(start_box='(25,5)')", 1);
  lp('json', '[{"action":"long_press","coordinate":[5,5]},{"action":"long_press","coordinate":[25,5]}]', 1);
  lp('clicks instead', 'Click(point=(5, 5))\nClick(point=(25, 5))', 0);
  lp('wrong order', 'LongPress(point=(25, 5))\nLongPress(point=(5, 5))', 0);
  const DC = cGt([400, 300], ABS, { ...seqV, action: 'double_click', mode: 'any' });
  const dc = (name: string, c: string, e: 0 | 1): void => add('double-click', name, DC, c, e);
  dc('venus', 'DoubleClick(point=(25, 5))', 1);
  dc('uitars left_double', "left_double(start_box='(25,5)')", 1);
  dc('json double_tap', '{"action":"double_tap","coordinate":[25,5]}', 1);
  dc('single click', 'Click(point=(25, 5))', 0);
  dc('outside', 'DoubleClick(point=(15, 5))', 0);

  // ---- CAPTCHA: text entry ----
  const teV = { kind: 'text_entry', input_box: [0, 0, 100, 30], answer: 'aB3k', valid_answers: ['aB3k'], case_sensitive: false };
  const TE = cGt([400, 300], ABS, teV);
  const te = (name: string, c: string, e: 0 | 1): void => add('text-entry', name, TE, c, e);
  te('exact', "Click(point=(50, 15))\nType(content='aB3k')", 1);
  te('trim and case', "Click(point=(50, 15))\nType(content=' ab3K ')", 1);
  te('double quotes', 'Click(point=(50, 15))\nType(content="AB3K")', 1);
  te('no content= keyword', "Click(point=(50, 15))\nType('aB3k')", 1);
  te('trailing newline escape trimmed', "Click(point=(50, 15))\nType(content='aB3k\\n')", 1);
  te('unicode spaces trimmed', "Click(point=(50, 15))\nType(content='\u3000aB3k\u00a0')", 1);
  te('zero width space is not whitespace', "Click(point=(50, 15))\nType(content='\u200baB3k')", 0);
  te('inner space kept', "Click(point=(50, 15))\nType(content='aB 3k')", 0);
  te('prefix only', "Click(point=(50, 15))\nType(content='aB3')", 0);
  te('click outside input', "Click(point=(150, 15))\nType(content='aB3k')", 0);
  te('click at input x2', "Click(point=(100, 15))\nType(content='aB3k')", 0);
  te('type only', "Type(content='aB3k')", 0);
  te('type then click', "Type(content='aB3k')\nClick(point=(50, 15))", 0);
  te('extra click after', "Click(point=(50, 15))\nType(content='aB3k')\nClick(point=(50, 15))", 0);
  te('two types', "Click(point=(50, 15))\nType(content='aB')\nType(content='3k')", 0);
  te('uitars', "click(start_box='(50,15)')\ntype(content='aB3k')", 1);
  te('uitars with submit newline', "click(start_box='(50,15)')\ntype(content='aB3k\\n')", 1);
  te('json', '[{"action":"click","coordinate":[50,15]},{"action":"type","text":"AB3K"}]', 1);
  te('json content key', '[{"action":"click","coordinate":[50,15]},{"action":"type","content":"ab3k"}]', 1);
  te('json type without text', '[{"action":"click","coordinate":[50,15]},{"action":"type"}]', 0);
  te('unterminated quote', "Click(point=(50, 15))\nType(content='aB3k)", 0);
  te('long press into input', "LongPress(point=(50, 15))\nType(content='aB3k')", 0);
  const TES = cGt([400, 300], ABS, { ...teV, case_sensitive: true });
  add('text-entry-case', 'case sensitive exact', TES, "Click(point=(50, 15))\nType(content=' aB3k ')", 1);
  add('text-entry-case', 'case sensitive wrong case', TES, "Click(point=(50, 15))\nType(content='ab3k')", 0);
  const TEM = cGt([400, 300], ABS, { ...teV, answer: '0', valid_answers: ['0', 'zero'] });
  add('text-entry-multi', 'second valid answer any case', TEM, "Click(point=(50, 15))\nType(content='ZERO')", 1);
  add('text-entry-multi', 'first valid answer', TEM, "Click(point=(50, 15))\nType(content='0')", 1);
  add('text-entry-multi', 'not an answer', TEM, "Click(point=(50, 15))\nType(content='o')", 0);
  // number words of other languages (generators/captcha/lib/number-words.ts): non-ASCII lower-casing agrees in TS and Python
  const TEW = cGt([400, 300], ABS, { ...teV, answer: '12', valid_answers: ['12', 'twelve', '十二', 'zwölf', 'zwolf', 'doce', 'douze', 'اثنا عشر', '١٢', '１２'] });
  add('text-entry-multi', 'German word upper case with umlaut', TEW, "Click(point=(50, 15))\nType(content='ZWÖLF')", 1);
  add('text-entry-multi', 'Arabic words', TEW, "Click(point=(50, 15))\nType(content='اثنا عشر')", 1);
  add('text-entry-multi', 'Arabic-Indic digits', TEW, "Click(point=(50, 15))\nType(content='١٢')", 1);
  add('text-entry-multi', 'full-width digits', TEW, "Click(point=(50, 15))\nType(content='１２')", 1);
  add('text-entry-multi', 'another number in French', TEW, "Click(point=(50, 15))\nType(content='treize')", 0);
  const TEQ = cGt([400, 300], ABS, { ...teV, answer: "it's a)b", valid_answers: ["it's a)b"] });
  add('text-entry-escapes', 'escaped quote and paren', TEQ, "Click(point=(50, 15))\nType(content='it\\'s a)b')", 1);
  add('text-entry-escapes', 'double quoted', TEQ, 'Click(point=(50, 15))\nType(content="it\'s a)b")', 1);
  add('text-entry-escapes', 'json', TEQ, '[{"action":"click","coordinate":[50,15]},{"action":"type","text":"it\'s a)b"}]', 1);

  // ---- CAPTCHA: drag (relative tolerance, direction, 5 px vertical bound) ----
  const dV = { kind: 'drag', handle_box: [0, 0, 40, 40], track_box: null, expected_dx: 200, rel_tolerance: 0.1, max_dy: 5 };
  const DR = cGt([400, 300], ABS, dV);
  const d = (name: string, c: string, e: 0 | 1): void => add('drag', name, DR, c, e);
  d('exact', 'Drag(start=(20, 20), end=(220, 20))', 1);
  d('upper tolerance edge +20', 'Drag(start=(20, 20), end=(240, 20))', 1);
  d('lower tolerance edge -20', 'Drag(start=(20, 20), end=(200, 20))', 1);
  d('just over upper', 'Drag(start=(20, 20), end=(240.5, 20))', 0);
  d('just under lower', 'Drag(start=(20, 20), end=(199.5, 20))', 0);
  d('far short', 'Drag(start=(20, 20), end=(120, 20))', 0);
  d('dy +5 edge', 'Drag(start=(20, 20), end=(220, 25))', 1);
  d('dy -5 edge', 'Drag(start=(20, 20), end=(220, 15))', 1);
  d('dy 5.5', 'Drag(start=(20, 20), end=(220, 25.5))', 0);
  d('dy -6', 'Drag(start=(20, 20), end=(220, 14))', 0);
  d('both edges at once', 'Drag(start=(20, 20), end=(240, 25))', 1);
  d('wrong direction', 'Drag(start=(20, 20), end=(-180, 20))', 0);
  d('zero displacement', 'Drag(start=(20, 20), end=(20, 20))', 0);
  d('start at handle x2', 'Drag(start=(40, 20), end=(240, 20))', 0);
  d('start at handle last pixel', 'Drag(start=(39, 39), end=(239, 39))', 1);
  d('start off handle', 'Drag(start=(50, 20), end=(250, 20))', 0);
  d('two drags', 'Drag(start=(20, 20), end=(220, 20))\nDrag(start=(20, 20), end=(220, 20))', 0);
  d('click instead', 'Click(point=(220, 20))', 0);
  d('drag needs two points', 'Drag(start=(20, 20))', 0);
  d('positional points', 'Drag((20, 20), (220, 20))', 1);
  d('uitars', "drag(start_box='(20,20)', end_box='(220,20)')", 1);
  d('uitars box tokens', "drag(start_box='<|box_start|>(20,20)<|box_end|>', end_box='<|box_start|>(220,20)<|box_end|>')", 1);
  d('uitars point tags', "drag(start_point='<point>20 20</point>', end_point='<point>220 20</point>')", 1);
  d('uitars 4-number boxes', "drag(start_box='[0,0,40,40]', end_box='[200,0,240,40]')", 1);
  d('uitars over tolerance', "drag(start_box='(20,20)', end_box='(245,20)')", 0);
  d('json start/end coordinate', '{"action":"drag","start_coordinate":[20,20],"end_coordinate":[220,20]}', 1);
  d('json coordinate/coordinate2', '{"action":"drag","coordinate":[20,20],"coordinate2":[220,22]}', 1);
  d('json left_click_drag', '{"action":"left_click_drag","start_coordinate":[20,20],"end_coordinate":[220,20]}', 1);
  d('json native', '{"type":"drag","start":[20,20],"end":[220,20]}', 1);
  d('json missing end', '{"action":"drag","start_coordinate":[20,20]}', 0);
  d('json dy too big', '{"action":"drag","coordinate":[20,20],"coordinate2":[220,26]}', 0);
  const DL = cGt([400, 300], ABS, { ...dV, handle_box: [300, 0, 340, 40], expected_dx: -150, rel_tolerance: 0.05 });
  add('drag-left', 'leftwards exact', DL, 'Drag(start=(320, 20), end=(170, 20))', 1);
  add('drag-left', 'leftwards edge 5%', DL, 'Drag(start=(320, 20), end=(162.5, 20))', 1);
  add('drag-left', 'leftwards over 5%', DL, 'Drag(start=(320, 20), end=(162, 20))', 0);
  add('drag-left', 'rightwards', DL, 'Drag(start=(320, 20), end=(470, 20))', 0);
  // drag decoded from qwen25 px: 1920x1080 -> 1932x1092
  const DQ = cGt([1920, 1080], qwen(QWEN_DEFAULT, [1932, 1092]), { ...dV, handle_box: [100, 500, 160, 560], expected_dx: 600, rel_tolerance: 0.05 });
  add('drag-qwen25', 'gold converted', DQ, 'Drag(start=(131, 536), end=(735, 536))', 1);
  add('drag-qwen25', 'short by 35 px', DQ, 'Drag(start=(131, 536), end=(700, 536))', 0);
  add('drag-qwen25', 'uitars converted', DQ, "drag(start_box='(131,536)', end_box='(735,536)')", 1);
  add('drag-qwen25', 'start left of handle after decoding', DQ, 'Drag(start=(100, 536), end=(704, 536))', 0);
  const DN = cGt([400, 300], NORM1000, { ...dV, handle_box: [0, 0, 40, 40], expected_dx: 200, rel_tolerance: 0.1 });
  // norm1000 on 400x300: x = (m + 0.5) * 0.4, y = (m + 0.5) * 0.3
  add('drag-norm1000', 'gold cells', DN, 'Drag(start=(50, 66), end=(550, 66))', 1);
  add('drag-norm1000', 'vertical drift 20 cells = 6 px', DN, 'Drag(start=(50, 66), end=(550, 86))', 0);
  add('drag-norm1000', 'absolute px misread', DN, 'Drag(start=(20, 20), end=(220, 20))', 0);

  // ---- CAPTCHA: pair (Bingo) ----
  const PV = { kind: 'pair', boxes: [[0, 0, 10, 10], [10, 0, 20, 10], [20, 0, 30, 10]], valid_pairs: [[0, 2]] };
  const PR = cGt([400, 300], ABS, PV);
  const p = (name: string, c: string, e: 0 | 1): void => add('pair', name, PR, c, e);
  p('valid pair', 'Click(point=(5, 5))\nClick(point=(25, 5))', 1);
  p('valid pair reversed', 'Click(point=(25, 5))\nClick(point=(5, 5))', 1);
  p('invalid pair', 'Click(point=(5, 5))\nClick(point=(15, 5))', 0);
  p('same box twice', 'Click(point=(5, 5))\nClick(point=(6, 6))', 0);
  p('single click', 'Click(point=(5, 5))', 0);
  p('three clicks', 'Click(point=(5, 5))\nClick(point=(25, 5))\nClick(point=(15, 5))', 0);
  p('x=10 belongs to box 1', 'Click(point=(10, 5))\nClick(point=(25, 5))', 0);
  p('x2 of last box', 'Click(point=(5, 5))\nClick(point=(30, 5))', 0);
  p('long presses', 'LongPress(point=(5, 5))\nLongPress(point=(25, 5))', 0);
  p('uitars', "click(start_box='(25,5)')\nclick(start_box='(5,5)')", 1);
  p('json', '[{"action":"click","coordinate":[5,5]},{"action":"click","coordinate":[25,5]}]', 1);
  const PR2 = cGt([400, 300], ABS, { ...PV, valid_pairs: [[0, 1], [1, 2]] });
  add('pair-multi', 'second valid pair', PR2, 'Click(point=(25, 5))\nClick(point=(15, 5))', 1);
  add('pair-multi', 'not a listed pair', PR2, 'Click(point=(5, 5))\nClick(point=(25, 5))', 0);

  // ---- CAPTCHA: presses (Arrows×k+Submit scored by end state) ----
  // option pager: 4 options, frame on option 2 (index 1), answer option 4 (index 3); ← (10,10) → (50,10) Submit (130,10)
  const KV = {
    kind: 'presses', boxes: [[0, 0, 20, 20], [40, 0, 60, 20]], moves: [[-1, 0], [1, 0]], grid: [4, 1], start: [1, 0], goals: [[3, 0]],
    edge: 'clamp', open: null, submit_box: [100, 0, 160, 20],
  };
  const KR = cGt([400, 300], ABS, KV);
  const k = (name: string, c: string, e: 0 | 1): void => add('presses', name, KR, c, e);
  const [Lk, Rk, Sk, Xk] = ['Click(point=(10, 10))', 'Click(point=(50, 10))', 'Click(point=(130, 10))', 'Click(point=(30, 10))'];
  const seq = (...xs: string[]): string => xs.join('\n');
  k('shortest', seq(Rk, Rk, Sk), 1);
  k('back and forth, ends on the answer', seq(Rk, Lk, Rk, Rk, Sk), 1);
  k('extra press at the end is ignored (greyed arrow)', seq(Rk, Rk, Rk, Sk), 1);
  k('presses at the left end are ignored', seq(Lk, Lk, Lk, Rk, Rk, Rk, Sk), 1);
  k('clamped overshoot then back ends one short', seq(Rk, Rk, Rk, Lk, Sk), 0);
  k('one press short', seq(Rk, Sk), 0);
  k('wrong direction', seq(Lk, Lk, Sk), 0);
  k('submit only', Sk, 0);
  k('no submit', seq(Rk, Rk), 0);
  k('submit twice', seq(Rk, Rk, Sk, Sk), 0);
  k('submit in the middle', seq(Rk, Sk, Rk), 0);
  k('click between the buttons', seq(Rk, Xk, Rk, Sk), 0);
  k('x2 of the right arrow is off it', seq(Rk, 'Click(point=(60, 10))', Sk), 0);
  k('submit x2 exclusive', seq(Rk, Rk, 'Click(point=(160, 10))'), 0);
  k('long presses', seq('LongPress(point=(50, 10))', 'LongPress(point=(50, 10))', 'LongPress(point=(130, 10))'), 0);
  k('a drag among the clicks', seq(Rk, 'Drag(start=(50, 10), end=(50, 10))', Sk), 0);
  k('uitars', "click(start_box='(50,10)')\nclick(start_box='(50,10)')\nclick(start_box='(130,10)')", 1);
  k('json', '[{"action":"click","coordinate":[50,10]},{"action":"click","coordinate":[50,10]},{"action":"click","coordinate":[130,10]}]', 1);
  add('presses-norm1000', 'gold in norm1000 on 400x300', cGt([400, 300], NORM1000, KV), 'Click(point=(125, 33))\nClick(point=(125, 33))\nClick(point=(325, 33))', 1);
  // wrap-around: 6 states, from 4 to 1 either way round
  const WR = cGt([400, 300], ABS, { ...KV, grid: [6, 1], start: [4, 0], goals: [[1, 0]], edge: 'wrap' });
  add('presses-wrap', 'forward over the end', WR, seq(Rk, Rk, Rk, Sk), 1);
  add('presses-wrap', 'backward', WR, seq(Lk, Lk, Lk, Sk), 1);
  add('presses-wrap', 'one short', WR, seq(Rk, Rk, Sk), 0);
  add('presses-wrap', 'a full turn too many', WR, seq(Rk, Rk, Rk, Rk, Rk, Rk, Rk, Rk, Rk, Sk), 1);
  // 2x2 maze: passages (0,0)-(1,0), (1,0)-(1,1), (0,0)-(0,1); wall between (0,1) and (1,1). Token (0,1), flag (1,1).
  // up (30,40) left (10,60) right (50,60) down (30,80) Submit (130,60)
  const MV = {
    kind: 'presses', boxes: [[20, 30, 40, 50], [40, 50, 60, 70], [20, 70, 40, 90], [0, 50, 20, 70]], moves: [[0, -1], [1, 0], [0, 1], [-1, 0]],
    grid: [2, 2], start: [0, 1], goals: [[1, 1]], edge: 'clamp', open: [6, 12, 1, 1], submit_box: [100, 50, 160, 70],
  };
  const MR = cGt([400, 300], ABS, MV);
  const [U, Ri, D, Le, S2] = ['Click(point=(30, 40))', 'Click(point=(50, 60))', 'Click(point=(30, 80))', 'Click(point=(10, 60))', 'Click(point=(130, 60))'];
  add('presses-maze', 'the path', MR, seq(U, Ri, D, S2), 1);
  add('presses-maze', 'through the wall', MR, seq(Ri, S2), 0);
  add('presses-maze', 'press into the wall does nothing', MR, seq(Ri, U, Ri, D, S2), 1);
  add('presses-maze', 'detour into a dead end and back', MR, seq(U, D, U, Ri, D, S2), 1);
  add('presses-maze', 'off the grid does nothing', MR, seq(D, S2), 0);
  add('presses-maze', 'left into the wall at the flag', MR, seq(U, Ri, D, Le, S2), 1);
  add('presses-maze', 'stops one short', MR, seq(U, Ri, S2), 0);
  add('presses-maze', 'several goals', cGt([400, 300], ABS, { ...MV, goals: [[0, 0], [1, 1]] }), seq(U, S2), 1);

  // ---- conventions on CAPTCHA clicks: norm1000 on 400x300 -> x (m+0.5)*0.4, y (m+0.5)*0.3 ----
  const SEQN = cGt([400, 300], NORM1000, seqV);
  add('click-norm1000', 'gold cells', SEQN, 'Click(point=(12, 16))\nClick(point=(62, 16))\nClick(point=(112, 16))', 1);
  add('click-norm1000', 'x cell 24 -> 9.8 inside', SEQN, 'Click(point=(24, 16))\nClick(point=(62, 16))\nClick(point=(112, 16))', 1);
  add('click-norm1000', 'x cell 25 -> 10.2 outside', SEQN, 'Click(point=(25, 16))\nClick(point=(62, 16))\nClick(point=(112, 16))', 0);
  add('click-norm1000', 'y cell 32 -> 9.75 inside', SEQN, 'Click(point=(12, 32))\nClick(point=(62, 16))\nClick(point=(112, 16))', 1);
  add('click-norm1000', 'y cell 33 -> 10.05 outside', SEQN, 'Click(point=(12, 33))\nClick(point=(62, 16))\nClick(point=(112, 16))', 0);
  const SEQ1 = cGt([400, 300], NORM1, seqV);
  add('click-norm1', 'gold', SEQ1, 'Click(point=(0.0125, 0.0166667))\nClick(point=(0.0625, 0.0166667))\nClick(point=(0.1125, 0.0166667))', 1);
  add('click-norm1', 'x2 of first box 0.025', SEQ1, 'Click(point=(0.025, 0.0166667))\nClick(point=(0.0625, 0.0166667))\nClick(point=(0.1125, 0.0166667))', 0);
  const SEQR = cGt([400, 300], NORM1000R, seqV);
  // norm1000-1000 on 400x300: x = m * 0.4, y = m * 0.3
  add('click-norm1000-1000', 'gold', SEQR, 'Click(point=(13, 17))\nClick(point=(63, 17))\nClick(point=(113, 17))', 1);
  add('click-norm1000-1000', 'x 25 -> 10 exclusive', SEQR, 'Click(point=(25, 17))\nClick(point=(63, 17))\nClick(point=(113, 17))', 0);
  const TEQW = cGt([1920, 1080], qwen(QWEN_DEFAULT, [1932, 1092]), { ...teV, input_box: [800, 500, 1100, 560] });
  add('text-entry-qwen25', 'gold converted', TEQW, "Click(point=(956, 536))\nType(content='aB3k')", 1);
  add('text-entry-qwen25', 'uitars converted', TEQW, "click(start_box='(956,536)')\ntype(content='ab3k')", 1);
  add('text-entry-qwen25', 'input x2 after decoding', TEQW, "Click(point=(1107, 536))\nType(content='aB3k')", 0);
  const PRQ = cGt([1920, 1080], NORM1000R, { ...PV, boxes: [[0, 0, 96, 54], [96, 0, 192, 54], [192, 0, 288, 54]] });
  // norm1000-1000 on 1920x1080: x = m * 1.92, y = m * 1.08
  add('pair-norm1000-1000', 'gold', PRQ, 'Click(point=(25, 25))\nClick(point=(125, 25))', 1);
  add('pair-norm1000-1000', 'x 50 -> 96 is box 1', PRQ, 'Click(point=(50, 25))\nClick(point=(125, 25))', 0);

  // ---- CAPTCHA: drag_y (vertical track; VenusBench drag rule with the axes swapped) ----
  const dyV = { kind: 'drag_y', handle_box: [100, 400, 140, 440], track_box: [100, 100, 140, 440], expected_dy: -300, rel_tolerance: 0.1, max_dx: 5 };
  const DY = cGt([400, 500], ABS, dyV);
  const dy = (name: string, c: string, e: 0 | 1): void => add('drag-y', name, DY, c, e);
  dy('exact swipe up', 'Drag(start=(120, 420), end=(120, 120))', 1);
  dy('tolerance edge -330', 'Drag(start=(120, 420), end=(120, 90))', 1);
  dy('tolerance edge -270', 'Drag(start=(120, 420), end=(120, 150))', 1);
  dy('over tolerance -331', 'Drag(start=(120, 420), end=(120, 89))', 0);
  dy('short -269', 'Drag(start=(120, 420), end=(120, 151))', 0);
  dy('downwards', 'Drag(start=(120, 420), end=(120, 480))', 0);
  dy('dx +5 edge', 'Drag(start=(120, 420), end=(125, 120))', 1);
  dy('dx -6', 'Drag(start=(120, 420), end=(114, 120))', 0);
  dy('start above handle', 'Drag(start=(120, 399), end=(120, 99))', 0);
  dy('horizontal drag', 'Drag(start=(120, 420), end=(420, 420))', 0);
  dy('two drags', 'Drag(start=(120, 420), end=(120, 120))\nDrag(start=(120, 420), end=(120, 120))', 0);
  dy('click', 'Click(point=(120, 420))', 0);
  dy('json', '{"action":"drag","start_coordinate":[120,420],"end_coordinate":[121,121]}', 1);
  const DYN = cGt([400, 500], NORM1000, dyV);
  // norm1000 on 400x500: x = (m + 0.5) * 0.4, y = (m + 0.5) * 0.5
  add('drag-y-norm1000', 'gold cells', DYN, 'Drag(start=(299, 839), end=(299, 239))', 1);
  add('drag-y-norm1000', 'x drift 15 cells = 6 px', DYN, 'Drag(start=(299, 839), end=(314, 239))', 0);

  // ---- CAPTCHA: drags (free 2D drags, each onto its target box) ----
  const dsV = {
    kind: 'drags',
    items: [
      { handle_box: [0, 0, 40, 40], target_box: [200, 0, 240, 40] },
      { handle_box: [0, 50, 40, 90], target_box: [200, 50, 240, 90] },
    ],
    count: 2,
    ordered: false,
  };
  const DS = cGt([400, 300], ABS, dsV);
  const ds = (name: string, c: string, e: 0 | 1): void => add('drags', name, DS, c, e);
  ds('both, listed order', 'Drag(start=(20, 20), end=(220, 20))\nDrag(start=(20, 70), end=(220, 70))', 1);
  ds('both, other order', 'Drag(start=(20, 70), end=(220, 70))\nDrag(start=(20, 20), end=(220, 20))', 1);
  ds('free 2D end anywhere in target', 'Drag(start=(5, 5), end=(239, 39))\nDrag(start=(39, 89), end=(200, 50))', 1);
  ds('end on target x2 exclusive', 'Drag(start=(20, 20), end=(240, 20))\nDrag(start=(20, 70), end=(220, 70))', 0);
  ds('swapped targets', 'Drag(start=(20, 20), end=(220, 70))\nDrag(start=(20, 70), end=(220, 20))', 0);
  ds('same item twice', 'Drag(start=(20, 20), end=(220, 20))\nDrag(start=(20, 20), end=(220, 20))', 0);
  ds('one drag only', 'Drag(start=(20, 20), end=(220, 20))', 0);
  ds('three drags', 'Drag(start=(20, 20), end=(220, 20))\nDrag(start=(20, 70), end=(220, 70))\nDrag(start=(20, 70), end=(220, 70))', 0);
  ds('click mixed in', 'Drag(start=(20, 20), end=(220, 20))\nClick(point=(220, 70))', 0);
  ds('start off handle', 'Drag(start=(45, 20), end=(220, 20))\nDrag(start=(20, 70), end=(220, 70))', 0);
  ds('json list', '[{"action":"drag","start_coordinate":[20,20],"end_coordinate":[220,20]},{"action":"drag","start_coordinate":[20,70],"end_coordinate":[220,70]}]', 1);
  const DSO = cGt([400, 300], ABS, { ...dsV, ordered: true });
  add('drags-ordered', 'listed order', DSO, 'Drag(start=(20, 20), end=(220, 20))\nDrag(start=(20, 70), end=(220, 70))', 1);
  add('drags-ordered', 'other order', DSO, 'Drag(start=(20, 70), end=(220, 70))\nDrag(start=(20, 20), end=(220, 20))', 0);
  const DSA = cGt([400, 300], ABS, {
    kind: 'drags',
    items: [
      { handle_box: [0, 0, 40, 40], target_box: [100, 100, 140, 140] },
      { handle_box: [100, 100, 140, 140], target_box: [0, 0, 40, 40] },
    ],
    count: 1,
    ordered: false,
  });
  add('drags-alternatives', 'A onto B', DSA, 'Drag(start=(20, 20), end=(120, 120))', 1);
  add('drags-alternatives', 'B onto A', DSA, 'Drag(start=(120, 120), end=(20, 20))', 1);
  add('drags-alternatives', 'both (one too many)', DSA, 'Drag(start=(20, 20), end=(120, 120))\nDrag(start=(120, 120), end=(20, 20))', 0);
  add('drags-alternatives', 'A onto itself', DSA, 'Drag(start=(20, 20), end=(25, 25))', 0);
  // ---- Arrows×k+Submit: the arrow's box repeated k times, then submit ----
  const arV = { kind: 'click', action: 'click', mode: 'sequence', boxes: [[0, 0, 30, 30], [0, 0, 30, 30], [0, 0, 30, 30]], submit_box: [100, 0, 160, 30], min_duration_ms: null };
  const AR = cGt([400, 300], ABS, arV);
  add('arrows-submit', 'arrow x3 then submit', AR, 'Click(point=(15, 15))\nClick(point=(16, 14))\nClick(point=(15, 15))\nClick(point=(130, 15))', 1);
  add('arrows-submit', 'arrow x2 then submit', AR, 'Click(point=(15, 15))\nClick(point=(15, 15))\nClick(point=(130, 15))', 0);
  add('arrows-submit', 'arrow x4 then submit', AR, 'Click(point=(15, 15))\nClick(point=(15, 15))\nClick(point=(15, 15))\nClick(point=(15, 15))\nClick(point=(130, 15))', 0);
  add('arrows-submit', 'no submit', AR, 'Click(point=(15, 15))\nClick(point=(15, 15))\nClick(point=(15, 15))', 0);
  add('arrows-submit', 'submit first', AR, 'Click(point=(130, 15))\nClick(point=(15, 15))\nClick(point=(15, 15))\nClick(point=(15, 15))', 0);

  return out;
}
