/** The search for the largest size at which text fits, however it is laid out at each size. */

/**
 * The largest whole size from `low` to `high` at which what is laid out fits; undefined when none does. Each size
 * tried is estimated from the last one laid out (`first` at `size`), then one step on to check, and by halves
 * where estimates fail.
 */
export async function largestFitting<Laid>(
  range: { low: number; high: number; size: number; first: Laid },
  estimate: (size: number, laid: Laid) => number,
  layOut: (size: number) => Promise<Laid>,
  fits: (laid: Laid) => boolean,
): Promise<number | undefined> {
  let { low, high } = range;
  let best: number | undefined;
  let next = estimate(range.size, range.first);
  const tried = new Set<number>();
  while (low <= high) {
    next = Math.min(high, Math.max(low, next));
    if (tried.has(next)) next = Math.floor((low + high + 1) / 2);
    tried.add(next);
    const laid = await layOut(next);
    if (fits(laid)) {
      best = next;
      low = next + 1;
      next = Math.max(next + 1, estimate(next, laid));
    } else {
      high = next - 1;
      next = Math.min(next - 1, estimate(next, laid));
    }
  }
  return best;
}
