/**
 * Small collection helpers shared by the generators and the regression tool.
 */

/**
 * The list under `k` in `m`, created empty (and stored) when missing: the grouping of values into a map of
 * arrays, `listIn(m, k).push(v)`.
 */
export function listIn<K, V>(m: Map<K, V[]>, k: K): V[] {
  let l = m.get(k);
  if (!l) m.set(k, (l = []));
  return l;
}
