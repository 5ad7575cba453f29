/** A half-open stretch of time [start, end) in epoch milliseconds: touching is not overlapping. */
export interface Interval {
  start: number
  end: number
}

/** Whether two intervals share an instant; an empty interval shares none. */
export function overlaps(a: Interval, b: Interval): boolean {
  return Math.max(a.start, b.start) < Math.min(a.end, b.end)
}

/** Whether `inner` lies wholly inside `outer`. */
export function contains(outer: Interval, inner: Interval): boolean {
  return outer.start <= inner.start && inner.end <= outer.end
}

/**
 * The same instants as sorted, disjoint intervals: overlapping and touching intervals are
 * joined (so a zero-length gap is no gap), empty ones dropped.
 */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.start < i.end).sort((a, b) => a.start - b.start)
  const merged: Interval[] = []
  for (const { start, end } of sorted) {
    const last = merged[merged.length - 1]
    if (last && start <= last.end) last.end = Math.max(last.end, end)
    else merged.push({ start, end })
  }
  return merged
}

/** `from` minus `remove`; both sorted and disjoint (as mergeIntervals gives), and so is the result. */
export function subtractIntervals(
  from: readonly Interval[],
  remove: readonly Interval[],
): Interval[] {
  const result: Interval[] = []
  let r = 0
  for (const piece of from) {
    let start = piece.start
    // Removals that end before this piece cannot touch any later piece either.
    while (r < remove.length && (remove[r] as Interval).end <= start) r++
    let k = r
    while (k < remove.length && start < piece.end) {
      const cut = remove[k] as Interval
      if (cut.start >= piece.end) break
      if (cut.start > start) result.push({ start, end: cut.start })
      start = Math.max(start, cut.end)
      k++
    }
    if (start < piece.end) result.push({ start, end: piece.end })
  }
  return result
}
