"""uisynth reward: the strict GUI-action scorer as a dependency-free Python 3 module.

Entry points
------------
* verl:  ``compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs) -> float``
  (set ``custom_reward_function.path`` to this file; the default name ``compute_score`` is used).
* TRL GRPOTrainer:  ``reward_func(completions=..., ground_truth=..., **kwargs) -> list[float]``
  (the dataset's ``ground_truth`` column is passed as a keyword argument).
* ms-swift GRPO: ``reward_func(completions=..., solution=...)``, or the ``uisynth`` ORM registered when
  swift is importable (``--external_plugins reward/uisynth_reward.py --reward_funcs uisynth``).
* OpenRLHF:  ``reward_func(queries, prompts, labels)`` -> ``{"rewards", "scores", "extra_logs"}``.
* ``reward(ground_truth, completion, coords=None) -> float`` and ``reward_detail(...) -> (score, reason)``.

``ground_truth`` is the JSON string uisynth writes (``"v": "uisynth-reward/1"``), see score/reward.ts.
This file is a line-by-line twin of the TypeScript implementation (score/parse.ts, score/scorer.ts,
score/reward.ts, core/coords.ts); both must reproduce every expected score in golden_cases.jsonl.

Rules (README.md "Scoring (strict)", after VenusBench-CAPTCHA): action types and counts must match exactly; a click
counts only inside a box (x1 <= x < x2, y1 <= y < y2); ordered tasks need the order; text entry is a click
in the input box then Type whose text equals an accepted answer after trimming (case-insensitive unless
case_sensitive); a drag is exactly one drag starting in the handle box, with the expected direction,
|dx - expected_dx| <= rel_tolerance * |expected_dx| and |end.y - start.y| <= max_dy (drag_y: the same
with the axes swapped, |end.x - start.x| <= max_dx); drags is exactly `count` drags, each matching a
distinct item (start in its handle_box, end in its target_box; in order when `ordered`); pair tasks are two
clicks matching any valid pair in either order; presses (Arrows×k+Submit) is clicks on buttons, each
moving a cell cursor from `start` by its move (ignored past a `clamp` edge or through a closed maze side,
wrapped with `wrap`), then one click on the submit button, ending on a goal cell; grounding is one click
in the target box, or a refusal when the target is null. Predicted coordinates are decoded from the ground truth's convention first.
"""

import json
import math
import re

__all__ = ["compute_score", "reward_func", "reward", "reward_detail", "parse_completion", "smart_resize", "ParseError"]

GROUND_TRUTH_VERSION = "uisynth-reward/1"


class ParseError(ValueError):
    """The completion holds no action, a malformed one or an unsupported one (scored 0)."""


# ---- parsing (mirror of score/parse.ts) ------------------------------------------------------------

# JavaScript's \s, written out so that both languages agree.
WS = r"[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]"
WS_CHARS = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
NUM = r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?"

_THINK_RE = re.compile(r"<think>[\s\S]*?(?:</think>|\Z)")
_POINT_TAG_RE = re.compile(r"<point>" + WS + r"*(" + NUM + r")(?:" + WS + r"*," + WS + r"*|" + WS + r"+)(" + NUM + r")" + WS + r"*</point>")
_FENCE_RE = re.compile(r"```[A-Za-z]*")
_TOOL_CALL_RE = re.compile(r"<tool_call>([\s\S]*?)</tool_call>")
_CALL_RE = re.compile(
    r"\b(left_double|left_single|double_click|doubleclick|double_tap|long_press|longpress|call_user|right_single|press_home|press_back|open_app|hotkey|finished|refuse|scroll|click|type|drag|wait|tap)"
    + WS + r"*\(",
    re.I | re.A,
)
_PT_RE = re.compile(r"[(\[]" + WS + r"*(" + NUM + r")" + WS + r"*," + WS + r"*(" + NUM + r")" + WS + r"*[)\]]")
_TYPE_RE = re.compile(WS + r"*(?:content" + WS + r"*=" + WS + r"*)?(['\"])((?:\\[\s\S]|(?!\1)[\s\S])*)\1" + WS + r"*")
_DIR_RE = re.compile(r"direction" + WS + r"*=" + WS + r"*['\"]?(up|down|left|right)", re.I | re.A)
_SENTINEL_RE = re.compile(r"\[" + WS + r"*-1" + WS + r"*," + WS + r"*-1" + WS + r"*," + WS + r"*-1" + WS + r"*," + WS + r"*-1" + WS + r"*\]")
_BARE_RE = re.compile(WS + r"*[(\[]" + WS + r"*(" + NUM + r")" + WS + r"*," + WS + r"*(" + NUM + r")" + WS + r"*[)\]]" + WS + r"*")

_CALL_KIND = {
    "click": "click", "tap": "click", "left_single": "click",
    "long_press": "long_press", "longpress": "long_press",
    "double_click": "double_click", "doubleclick": "double_click", "double_tap": "double_click", "left_double": "double_click",
    "type": "type", "drag": "drag", "scroll": "scroll",
    "refuse": "refuse", "call_user": "refuse",
    "right_single": "unsupported", "press_home": "unsupported", "press_back": "unsupported", "open_app": "unsupported",
    "hotkey": "unsupported", "finished": "unsupported", "wait": "unsupported",
}


def _trim(s):
    return s.strip(WS_CHARS)


def _num(s):
    return float(s)


def _closing_paren(s, open_):
    depth = 0
    quote = None
    i = open_
    while i < len(s):
        c = s[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = None
            i += 1
            continue
        if c in ("'", '"'):
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def _unescape(body):
    return re.sub(r"\\([\s\S])", lambda m: "\n" if m.group(1) == "n" else "\t" if m.group(1) == "t" else m.group(1), body)


def _all_points(args):
    return [(_num(m.group(1)), _num(m.group(2))) for m in _PT_RE.finditer(args)]


def _named_point(args, key):
    rx = re.compile(
        r"\b" + key + WS + r"*=" + WS + r"*['\"]?" + WS + r"*[(\[]" + WS + r"*(" + NUM + r")" + WS + r"*," + WS + r"*(" + NUM + r")"
        + WS + r"*(?:," + WS + r"*(" + NUM + r")" + WS + r"*," + WS + r"*(" + NUM + r")" + WS + r"*)?[)\]]",
        re.A,
    )
    m = rx.search(args)
    if not m:
        return None
    if m.group(3) is not None:
        return ((_num(m.group(1)) + _num(m.group(3))) / 2, (_num(m.group(2)) + _num(m.group(4))) / 2)
    return (_num(m.group(1)), _num(m.group(2)))


def _first(*vals):
    for v in vals:
        if v is not None:
            return v
    return None


def _parse_call(kind, name, args):
    if kind == "unsupported":
        raise ParseError("unsupported action %s()" % name)
    if kind in ("click", "long_press", "double_click"):
        pts = _all_points(args)
        p = _first(_named_point(args, "point"), _named_point(args, "start_box"), pts[0] if pts else None)
        if p is None:
            raise ParseError("no point in %s()" % name)
        return {"type": kind, "point": p}
    if kind == "type":
        m = _TYPE_RE.fullmatch(args)
        if not m:
            raise ParseError("no quoted content in %s()" % name)
        return {"type": "type", "text": _unescape(m.group(2))}
    if kind == "drag":
        ps = _all_points(args)
        start = _first(_named_point(args, "start"), _named_point(args, "start_box"), ps[0] if len(ps) > 0 else None)
        end = _first(_named_point(args, "end"), _named_point(args, "end_box"), ps[1] if len(ps) > 1 else None)
        if start is None or end is None:
            raise ParseError("%s() needs a start and an end point" % name)
        return {"type": "drag", "start": start, "end": end}
    if kind == "scroll":
        pts = _all_points(args)
        p = _first(_named_point(args, "point"), _named_point(args, "start_box"), pts[0] if pts else None)
        d = _DIR_RE.search(args)
        if p is None or not d:
            raise ParseError("%s() needs a point and a direction" % name)
        return {"type": "scroll", "point": p, "direction": d.group(1).lower()}
    return {"type": "refuse"}


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _json_point(o, keys):
    for k in keys:
        v = o.get(k)
        if v is None:
            continue
        if isinstance(v, list) and len(v) == 2 and all(_is_number(n) for n in v):
            return (v[0], v[1])
        raise ParseError('"%s" must be [x, y]' % k)
    return None


_COORD_KEYS = ("coordinate", "point", "position")


def _json_action(raw):
    o = raw["arguments"] if isinstance(raw.get("arguments"), dict) and isinstance(raw.get("name"), str) else raw
    t = o.get("action") if isinstance(o.get("action"), str) else o.get("type") if isinstance(o.get("type"), str) else None
    if t is None:
        raise ParseError('JSON action without "action"')

    def need(p):
        if p is None:
            raise ParseError("JSON %s action without a coordinate" % t)
        return p

    k = t.lower()
    if k in ("click", "left_click", "tap"):
        return {"type": "click", "point": need(_json_point(o, _COORD_KEYS))}
    if k == "long_press":
        return {"type": "long_press", "point": need(_json_point(o, _COORD_KEYS))}
    if k in ("double_click", "left_double", "double_tap"):
        return {"type": "double_click", "point": need(_json_point(o, _COORD_KEYS))}
    if k == "type":
        text = _first(o.get("text"), o.get("content"))
        if not isinstance(text, str):
            raise ParseError('JSON type action without "text"')
        return {"type": "type", "text": text}
    if k in ("drag", "left_click_drag"):
        return {
            "type": "drag",
            "start": need(_json_point(o, ("start_coordinate", "start", "coordinate"))),
            "end": need(_json_point(o, ("end_coordinate", "end", "coordinate2"))),
        }
    if k == "scroll":
        d = o.get("direction").lower() if isinstance(o.get("direction"), str) else ""
        if d not in ("up", "down", "left", "right"):
            raise ParseError("JSON scroll needs direction up|down|left|right")
        return {"type": "scroll", "point": need(_json_point(o, _COORD_KEYS)), "direction": d}
    if k in ("refuse", "call_user"):
        return {"type": "refuse"}
    raise ParseError("unsupported JSON action %s" % t)


def _reject_constant(name):
    raise ValueError("non-standard JSON constant " + name)


def _json_loads(s):
    return json.loads(s, parse_constant=_reject_constant)


def parse_completion(text, grounding=False):
    """Parse a completion in any supported dialect (see score/parse.ts) into action dicts.

    Raises ParseError when there is no action, a malformed one or an unsupported one.
    """
    s = _THINK_RE.sub("", text)
    for tok in ("<|box_start|>", "<|box_end|>", "<answer>", "</answer>"):
        s = s.replace(tok, "")
    s = _POINT_TAG_RE.sub(lambda m: "(" + m.group(1) + "," + m.group(2) + ")", s)
    s = _FENCE_RE.sub("", s)

    if "<tool_call>" in s:
        bodies = [m.group(1) for m in _TOOL_CALL_RE.finditer(s)]
        if not bodies:
            raise ParseError("unclosed <tool_call>")
        out = []
        for b in bodies:
            try:
                v = _json_loads(_trim(b))
            except ValueError:
                raise ParseError("<tool_call> body is not JSON")
            if not isinstance(v, dict):
                raise ParseError("<tool_call> body is not a JSON object")
            out.append(_json_action(v))
        return out

    t = _trim(s)
    if t.startswith("{") or t.startswith("["):
        try:
            v = _json_loads(t)
        except (ValueError, RecursionError):
            v = None
        if isinstance(v, dict):
            return [_json_action(v)]
        if isinstance(v, list) and len(v) > 0 and all(isinstance(x, dict) for x in v):
            return [_json_action(x) for x in v]

    c = s
    at = c.find("Action:")
    if at >= 0:
        c = c[at + len("Action:"):]
    out = []
    pos = 0
    while True:
        m = _CALL_RE.search(c, pos)
        if not m:
            break
        open_ = m.end() - 1
        close = _closing_paren(c, open_)
        if close < 0:
            raise ParseError("unbalanced parentheses after " + m.group(1))
        name = m.group(1).lower()
        out.append(_parse_call(_CALL_KIND[name], name, c[open_ + 1:close]))
        pos = close + 1
    if out:
        return out
    if _SENTINEL_RE.search(c):
        return [{"type": "refuse"}]
    if grounding:
        b = _BARE_RE.fullmatch(c)
        if b:
            return [{"type": "click", "point": (_num(b.group(1)), _num(b.group(2)))}]
    raise ParseError("no action found")


# ---- coordinates (mirror of core/coords.ts) -------------------------------------------------------

QWEN25_DEFAULT_BUDGET = {"factor": 28, "min_pixels": 4 * 28 * 28, "max_pixels": 16384 * 28 * 28}


def smart_resize(height, width, factor=28, min_pixels=4 * 28 * 28, max_pixels=16384 * 28 * 28):
    """Qwen2.5-VL smart_resize as in qwen-vl-utils; returns (height, width)."""
    if max(height, width) / min(height, width) > 200:
        raise ValueError("absolute aspect ratio must be smaller than 200, got %s" % (max(height, width) / min(height, width)))
    h_bar = max(factor, round(height / factor) * factor)
    w_bar = max(factor, round(width / factor) * factor)
    if h_bar * w_bar > max_pixels:
        beta = math.sqrt((height * width) / max_pixels)
        h_bar = math.floor(height / beta / factor) * factor
        w_bar = math.floor(width / beta / factor) * factor
    elif h_bar * w_bar < min_pixels:
        beta = math.sqrt(min_pixels / (height * width))
        h_bar = math.ceil(height * beta / factor) * factor
        w_bar = math.ceil(width * beta / factor) * factor
    return h_bar, w_bar


_CONVENTIONS = {
    "abs": {"space": "image_px", "normalized_by": None, "quantize": "none", "resize": None},
    "norm1": {"space": "relative", "normalized_by": 1, "quantize": "none", "resize": None},
    "norm1000": {"space": "relative", "normalized_by": 1000, "quantize": "floor", "resize": None},
    "norm1000-999": {"space": "relative", "normalized_by": 1000, "quantize": "floor", "resize": None},
    "norm1000-1000": {"space": "relative", "normalized_by": 1000, "quantize": "round", "resize": None},
    "qwen25": {"space": "resized_px", "normalized_by": None, "quantize": "round", "resize": dict(QWEN25_DEFAULT_BUDGET)},
}


def _resolve_coords(gt, override=None):
    """(convention dict, size, resized or None) for decoding, like score/reward.ts groundTruthCoords."""
    size = (gt["size"][0], gt["size"][1])
    if override is None:
        c = gt["coords"]
    elif isinstance(override, str):
        if override not in _CONVENTIONS:
            raise ValueError("unknown coords %r; allowed: %s" % (override, ", ".join(_CONVENTIONS)))
        c = _CONVENTIONS[override]
    else:
        c = override
    if c.get("space") != "resized_px":
        return c, size, None
    if override is None and isinstance(gt["coords"].get("resized"), list):
        r = gt["coords"]["resized"]
        return c, size, (r[0], r[1])
    b = c.get("resize") or QWEN25_DEFAULT_BUDGET
    h, w = smart_resize(size[1], size[0], b["factor"], b["min_pixels"], b["max_pixels"])
    return c, size, (w, h)


def _axis_from(m, axis, c, size, resized):
    s = size[axis]
    if c["space"] == "image_px":
        return m
    if c["space"] == "resized_px":
        return m * s / resized[axis]
    nb = c.get("normalized_by")
    if nb is None:
        nb = 1
    if c.get("quantize") == "floor":
        return (m + 0.5) * s / nb
    return m * s / nb


def _map_action(a, f):
    t = a["type"]
    if t in ("click", "long_press", "double_click", "scroll"):
        return dict(a, point=f(a["point"]))
    if t == "drag":
        return dict(a, start=f(a["start"]), end=f(a["end"]))
    return a


# ---- scoring (mirror of score/scorer.ts) ---------------------------------------------------------


def _in_box(p, b):
    return b[0] <= p[0] < b[2] and b[1] <= p[1] < b[3]


def _sign(x):
    return (x > 0) - (x < 0)


def _distinct_assignment(pts, boxes):
    used = [False] * len(boxes)

    def go(i):
        if i == len(pts):
            return True
        for j in range(len(boxes)):
            if not used[j] and _in_box(pts[i], boxes[j]):
                used[j] = True
                if go(i + 1):
                    return True
                used[j] = False
        return False

    return go(0)


def _side_bit(m):
    # open-side bit of a unit move in a presses maze: 1 up, 2 right, 4 down, 8 left; 0 otherwise
    return {(0, -1): 1, (1, 0): 2, (0, 1): 4, (-1, 0): 8}.get((m[0], m[1]), 0)


def _replay_presses(v, pressed):
    """End cell (col, row) of button presses (indices into boxes / moves), like scorer.ts replayPresses."""
    cols, rows = v["grid"]
    c, r = v["start"]
    for b in pressed:
        m = v["moves"][b]
        if v.get("open") is not None:
            bit = _side_bit(m)
            cell = r * cols + c
            side_open = v["open"][cell] if 0 <= cell < len(v["open"]) else 0
            if bit and not (side_open & bit):
                continue
        nc, nr = c + m[0], r + m[1]
        if v["edge"] == "wrap":
            nc, nr = nc % cols, nr % rows
        elif nc < 0 or nc >= cols or nr < 0 or nr >= rows:
            continue
        c, r = nc, nr
    return c, r


def _score_verifier(v, actions):
    kind = v["kind"]
    if kind == "click":
        k = 1 if v["mode"] == "any" else len(v["boxes"])
        want = k + (1 if v.get("submit_box") else 0)
        if len(actions) != want:
            return 0, "expected %d %s actions, got %d" % (want, v["action"], len(actions))
        pts = []
        for a in actions:
            if a["type"] != v["action"]:
                return 0, "expected only %s, got %s" % (v["action"], a["type"])
            pts.append(a["point"])
        body = pts[:k]
        if v.get("submit_box") and not _in_box(pts[k], v["submit_box"]):
            return 0, "last click is not on the submit button"
        if v["mode"] == "sequence":
            for i in range(k):
                if not _in_box(body[i], v["boxes"][i]):
                    return 0, "click %d is not in target %d" % (i + 1, i + 1)
            return 1, "ok"
        if v["mode"] == "any":
            return (1, "ok") if any(_in_box(body[0], b) for b in v["boxes"]) else (0, "click is not in any target")
        return (1, "ok") if _distinct_assignment(body, v["boxes"]) else (0, "clicks do not hit every target exactly once")
    if kind == "text_entry":
        if len(actions) != 2:
            return 0, "expected click + type, got %d actions" % len(actions)
        c, t = actions
        if c["type"] != "click":
            return 0, "first action must be a click in the input box"
        if not _in_box(c["point"], v["input_box"]):
            return 0, "click is not in the input box"
        if t["type"] != "type":
            return 0, "second action must be Type"

        def norm(s):
            return _trim(s) if v["case_sensitive"] else _trim(s).lower()

        return (1, "ok") if any(norm(ans) == norm(t["text"]) for ans in v["valid_answers"]) else (0, "typed text is not the answer")
    if kind in ("drag", "drag_y"):
        # VenusBench drag rule; drag_y is the same rule with the axes swapped
        horizontal = kind == "drag"
        main, cross = (0, 1) if horizontal else (1, 0)
        expected = v["expected_dx"] if horizontal else v["expected_dy"]
        max_drift = v["max_dy"] if horizontal else v["max_dx"]
        if len(actions) != 1:
            return 0, "expected exactly one drag, got %d actions" % len(actions)
        d = actions[0]
        if d["type"] != "drag":
            return 0, "expected drag, got %s" % d["type"]
        if not _in_box(d["start"], v["handle_box"]):
            return 0, "drag does not start on the handle"
        delta = d["end"][main] - d["start"][main]
        if _sign(delta) != _sign(expected):
            return 0, "drag goes the wrong way"
        if abs(delta - expected) > v["rel_tolerance"] * abs(expected):
            return 0, "drag distance outside tolerance"
        if abs(d["end"][cross] - d["start"][cross]) > max_drift:
            return 0, "drag drifts more than %spx %s" % (max_drift, "vertically" if horizontal else "horizontally")
        return 1, "ok"
    if kind == "drags":
        if len(actions) != v["count"]:
            return 0, "expected exactly %d drags, got %d actions" % (v["count"], len(actions))
        if any(a["type"] != "drag" for a in actions):
            return 0, "expected only drags"
        items = v["items"]

        def fits(d, j):
            return _in_box(d["start"], items[j]["handle_box"]) and _in_box(d["end"], items[j]["target_box"])

        if v["ordered"]:
            for i, d in enumerate(actions):
                if i >= len(items) or not fits(d, i):
                    return 0, "drag %d does not move item %d onto its target" % (i + 1, i + 1)
            return 1, "ok"
        used = [False] * len(items)

        def go(i):
            if i == len(actions):
                return True
            for j in range(len(items)):
                if not used[j] and fits(actions[i], j):
                    used[j] = True
                    if go(i + 1):
                        return True
                    used[j] = False
            return False

        return (1, "ok") if go(0) else (0, "drags do not move every item onto its target")
    if kind == "presses":
        if len(actions) == 0:
            return 0, "expected button presses then Submit, got no actions"
        pressed = []
        for i, a in enumerate(actions):
            if a["type"] != "click":
                return 0, "expected only click, got %s" % a["type"]
            last = i == len(actions) - 1
            if _in_box(a["point"], v["submit_box"]):
                if not last:
                    return 0, "click %d presses Submit before the last action" % (i + 1)
                continue
            if last:
                return 0, "last click is not on the submit button"
            b = next((j for j, box in enumerate(v["boxes"]) if _in_box(a["point"], box)), -1)
            if b < 0:
                return 0, "click %d is not on a button" % (i + 1)
            pressed.append(b)
        end = _replay_presses(v, pressed)
        if any(g[0] == end[0] and g[1] == end[1] for g in v["goals"]):
            return 1, "ok"
        return 0, "presses end on cell [%d, %d], not on a goal cell" % end
    if kind == "pair":
        if len(actions) != 2:
            return 0, "expected exactly two clicks, got %d actions" % len(actions)
        if any(a["type"] != "click" for a in actions):
            return 0, "pair answers are two clicks"
        p, q = actions[0]["point"], actions[1]["point"]
        for i, j in v["valid_pairs"]:
            bi, bj = v["boxes"][i], v["boxes"][j]
            if (_in_box(p, bi) and _in_box(q, bj)) or (_in_box(p, bj) and _in_box(q, bi)):
                return 1, "ok"
        return 0, "clicks do not match a valid pair"
    raise ValueError("ground truth: unknown verifier kind %r" % kind)


def _score_target(bbox, actions):
    if len(actions) != 1:
        return 0, "expected exactly one action, got %d" % len(actions)
    a = actions[0]
    if bbox is None:
        return (1, "ok") if a["type"] == "refuse" else (0, "infeasible query needs a refusal")
    if a["type"] == "refuse":
        return 0, "refused a feasible query"
    if a["type"] != "click":
        return 0, "expected click, got %s" % a["type"]
    return (1, "ok") if _in_box(a["point"], bbox) else (0, "click is outside the target box")


# ---- entry points -------------------------------------------------------------------------------


def _parse_ground_truth(ground_truth):
    gt = json.loads(ground_truth) if isinstance(ground_truth, (str, bytes)) else ground_truth
    if not isinstance(gt, dict) or gt.get("v") != GROUND_TRUTH_VERSION:
        raise ValueError('ground truth: v must be "%s"' % GROUND_TRUTH_VERSION)
    if not isinstance(gt.get("size"), list) or len(gt["size"]) != 2:
        raise ValueError("ground truth: size must be [width, height]")
    if not isinstance(gt.get("coords"), dict):
        raise ValueError("ground truth: coords missing")
    if gt.get("kind") == "grounding":
        t = gt.get("target")
        if t is not None and not (isinstance(t, dict) and isinstance(t.get("bbox"), list) and len(t["bbox"]) == 4):
            raise ValueError("ground truth: grounding needs target {bbox} or null")
    elif gt.get("kind") == "captcha":
        if not isinstance(gt.get("verifier"), dict):
            raise ValueError("ground truth: captcha needs a verifier")
    else:
        raise ValueError("ground truth: kind must be grounding or captcha")
    return gt


def reward_detail(ground_truth, completion, coords=None):
    """(score, reason) for one completion; score is 1.0 or 0.0. Raises ValueError for a bad ground truth."""
    gt = _parse_ground_truth(ground_truth)
    try:
        actions = parse_completion(completion, grounding=gt["kind"] == "grounding")
    except ParseError as e:
        return 0.0, "unparseable output (%s)" % e
    c, size, resized = _resolve_coords(gt, coords)

    def f(p):
        return (_axis_from(p[0], 0, c, size, resized), _axis_from(p[1], 1, c, size, resized))

    px = [_map_action(a, f) for a in actions]
    if gt["kind"] == "grounding":
        t = gt.get("target")
        score, reason = _score_target(t["bbox"] if t else None, px)
    else:
        score, reason = _score_verifier(gt["verifier"], px)
    return float(score), reason


def reward(ground_truth, completion, coords=None):
    """1.0 for a fully correct completion, else 0.0."""
    return reward_detail(ground_truth, completion, coords)[0]


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs):
    """verl custom reward entry point (``custom_reward_function.path`` = this file).

    Extra keyword arguments (verl's ``custom_reward_function.reward_kwargs``, or the ``sandbox_fusion_url`` /
    ``concurrent_semaphore`` / ``memory_limit_mb`` that verl's ``default_compute_score`` takes) are accepted and
    ignored; ``coords`` among them overrides the ground truth's convention.
    """
    return reward(ground_truth, solution_str, kwargs.get("coords"))


def _completion_text(c):
    """TRL passes strings (standard format) or message lists (conversational format)."""
    if isinstance(c, str):
        return c
    if isinstance(c, list):
        parts = []
        for m in c:
            content = m.get("content") if isinstance(m, dict) else m
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(p.get("text") or "" for p in content if isinstance(p, dict) and p.get("type") == "text")
        return "\n".join(parts)
    if isinstance(c, dict):
        return _completion_text([c])
    return str(c)


def reward_func(queries=None, prompts=None, labels=None, completions=None, ground_truth=None, solution=None, **kwargs):
    """One reward function for three trainers; one float per completion.

    * TRL ``GRPOTrainer(reward_funcs=[reward_func])``: called with keywords ``prompts``, ``completions``
      (strings or message lists) and every dataset column, here ``ground_truth`` (uisynth's trl export).
    * ms-swift GRPO: the ``solution`` column (uisynth's swift export) instead of ``ground_truth``.
    * OpenRLHF (``--remote_rm_url reward/uisynth_reward.py --label_key ground_truth``): called as
      ``reward_func(queries, prompts, labels)`` where a query is prompt + response; the response is the
      query after its prompt. Returns ``{"rewards", "scores", "extra_logs"}`` (torch tensors when torch is
      importable, else lists).
    """
    gts = ground_truth if ground_truth is not None else solution
    if completions is None and gts is not None and labels is None:
        completions = queries  # reward_func(completions, ground_truth=...) called positionally
    if completions is not None:
        if gts is None:
            raise ValueError("reward_func: needs the ground_truth (trl export) or solution (swift export) column")
        return [reward(gt, _completion_text(c)) for c, gt in zip(completions, gts)]
    if queries is None or labels is None:
        raise ValueError("reward_func: pass completions= and ground_truth= (TRL), or queries, prompts, labels (OpenRLHF)")
    prompts = prompts if prompts is not None else [""] * len(queries)
    scores = [reward(gt, q[len(p):] if isinstance(q, str) and isinstance(p, str) and q.startswith(p) else _completion_text(q)) for q, p, gt in zip(queries, prompts, labels)]
    try:
        import torch  # OpenRLHF expects tensors

        t = torch.tensor(scores, dtype=torch.float)
        return {"rewards": t, "scores": t, "extra_logs": {}}
    except ImportError:
        return {"rewards": scores, "scores": scores, "extra_logs": {}}


try:  # ms-swift: `--external_plugins reward/uisynth_reward.py --reward_funcs uisynth`
    from swift.plugin import ORM, orms  # type: ignore

    class UisynthORM(ORM):
        """ms-swift outcome reward model over the ``solution`` column of uisynth's swift export."""

        def __call__(self, completions, solution, **kwargs):
            return [reward(gt, _completion_text(c)) for c, gt in zip(completions, solution)]

    orms["uisynth"] = UisynthORM
except Exception:  # swift not installed (or another version): the plain functions above still work
    pass


if __name__ == "__main__":
    # Batch mode for tests: JSON lines {"completion", "ground_truth", "coords"?} on stdin -> one score per line.
    import sys

    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        try:
            print(json.dumps(reward(case["ground_truth"], case["completion"], case.get("coords"))))
        except ValueError as e:
            print(json.dumps({"error": str(e)}))
