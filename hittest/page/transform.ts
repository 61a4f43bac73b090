/**
 * Transforms: whether an element or a flat-tree ancestor is rotated, skewed or 3-D transformed (its
 * box is then the axis-aligned hull, and hittest/capture.ts places the grid in its content quad).
 */
import { cs, flatParentEl } from './dom.js';

const nonAxisMemo = new Map<Element, boolean>();

/** Start a probe run: nothing memoised. */
export function resetTransforms(): void {
  nonAxisMemo.clear();
}

/** The element's own transform is a rotation, skew or 3-D (its box is then not its client rect). */
export function ownNonAxis(s: CSSStyleDeclaration): boolean {
  const eps = 1e-6;
  const t = s.transform;
  if (t && t !== 'none') {
    let v: number[] | null = null;
    const m2 = /^matrix\(([^)]*)\)$/.exec(t);
    const m3 = /^matrix3d\(([^)]*)\)$/.exec(t);
    if (m2) v = m2[1]!.split(',').map(Number);
    else if (m3) {
      const q = m3[1]!.split(',').map(Number);
      // 2-D affine in 3-D form (e.g. translateZ(0)) when the z / perspective terms vanish
      const flat = [2, 3, 6, 7, 8, 9, 11].every((k) => Math.abs(q[k] ?? 0) < eps) && Math.abs((q[10] ?? 1) - 1) < eps && Math.abs((q[15] ?? 1) - 1) < eps;
      if (!flat) return true;
      v = [q[0]!, q[1]!, q[4]!, q[5]!];
    } else return true;
    const [a, b, c, d] = v as [number, number, number, number];
    if (!((Math.abs(b) < eps && Math.abs(c) < eps) || (Math.abs(a) < eps && Math.abs(d) < eps))) return true;
  }
  const r = s.rotate;
  if (r && r !== 'none') {
    const m = /^(?:z\s+)?(-?[\d.e+-]+)deg$/.exec(r.trim());
    if (!m) return true;
    const q = Number(m[1]) / 90;
    if (Math.abs(q - Math.round(q)) > 1e-6) return true;
  }
  return false;
}
/** `el` or a flat-tree ancestor has a non-axis-aligned transform (memoised per run). */
export function nonAxis(el: Element): boolean {
  const hit = nonAxisMemo.get(el);
  if (hit !== undefined) return hit;
  const p = flatParentEl(el);
  const v = ownNonAxis(cs(el)) || (!!p && nonAxis(p));
  nonAxisMemo.set(el, v);
  return v;
}
