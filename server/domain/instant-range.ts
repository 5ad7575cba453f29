/*
 * The from…to range a list or availability query asks for: `to` after `from`, and no longer
 * than the endpoint answers for. One wording for every such query, as the error of `query.to`.
 */

const DAY_MS = 86_400_000

/** Why the range cannot be answered, or null. `from` is quoted as the caller sent it. */
export function instantRangeRefusal(
  range: { from: string; to: string },
  maxDays: number,
): { path: 'query.to'; message: string } | null {
  const from = Date.parse(range.from)
  const to = Date.parse(range.to)
  if (to <= from) return { path: 'query.to', message: `must be later than from (${range.from})` }
  if (to - from > maxDays * DAY_MS) {
    return { path: 'query.to', message: `must be at most ${maxDays} days after from` }
  }
  return null
}
