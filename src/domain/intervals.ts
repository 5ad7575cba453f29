/** Half-open [start, end) intervals of numbers (instants in ms, minutes of a day). */
export interface Interval {
  start: number
  end: number
}

/** Sorted, merged [start, end) intervals; empty ones dropped. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals
    .filter((interval) => interval.end > interval.start)
    .map((interval) => ({ start: interval.start, end: interval.end }))
    .sort((a, b) => a.start - b.start)
  const merged: Interval[] = []
  for (const interval of sorted) {
    const last = merged.at(-1)
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end)
    else merged.push(interval)
  }
  return merged
}

/** [from, to) minus the intervals. */
export function complementIntervals(
  intervals: readonly Interval[],
  from: number,
  to: number,
): Interval[] {
  const gaps: Interval[] = []
  let cursor = from
  for (const interval of mergeIntervals(intervals)) {
    if (interval.end <= cursor) continue
    if (interval.start >= to) break
    if (interval.start > cursor) gaps.push({ start: cursor, end: interval.start })
    cursor = Math.max(cursor, interval.end)
  }
  if (cursor < to) gaps.push({ start: cursor, end: to })
  return gaps
}
