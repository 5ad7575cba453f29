import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type Interval,
  mergeIntervals,
  overlaps,
  subtractIntervals,
} from '../../../../../server/domain/availability/intervals.ts'

// Small integer intervals, compared with the set of unit cells [i, i + 1) they cover.
const interval = fc
  .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 12 }))
  .map(([start, length]): Interval => ({ start, end: start + length }))
const intervals = fc.array(interval, { maxLength: 8 })

const cells = (list: readonly Interval[]) => {
  const covered = new Set<number>()
  for (const { start, end } of list) for (let i = start; i < end; i++) covered.add(i)
  return [...covered].sort((a, b) => a - b)
}

const isNormal = (list: readonly Interval[]) =>
  list.every((i, k) => i.start < i.end && (k === 0 || (list[k - 1] as Interval).end < i.start))

describe('intervals', () => {
  it('treats touching as not overlapping, and an empty interval as overlapping nothing', () => {
    expect(overlaps({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false)
    expect(overlaps({ start: 0, end: 10 }, { start: 9, end: 20 })).toBe(true)
    expect(overlaps({ start: 0, end: 10 }, { start: 5, end: 5 })).toBe(false)
  })

  it('merges into sorted, disjoint, non-touching intervals covering the same instants', () => {
    fc.assert(
      fc.property(intervals, (list) => {
        const merged = mergeIntervals(list)
        expect(isNormal(merged)).toBe(true)
        expect(cells(merged)).toEqual(cells(list))
      }),
      { numRuns: 1000 },
    )
  })

  it('subtracts exactly the instants removed', () => {
    fc.assert(
      fc.property(intervals, intervals, (from, remove) => {
        const result = subtractIntervals(mergeIntervals(from), mergeIntervals(remove))
        const removed = new Set(cells(remove))
        expect(cells(result)).toEqual(cells(from).filter((cell) => !removed.has(cell)))
        expect(
          result.every(
            (i, k) => i.start < i.end && (k === 0 || (result[k - 1] as Interval).end <= i.start),
          ),
        ).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })
})
