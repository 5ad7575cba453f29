import { bookableStarts } from '../booking-notice.ts'
import { bufferedRange, bufferedSlot } from './busy.ts'
import { type Interval, mergeIntervals } from './intervals.ts'
import { MINUTE_MS } from './local-time.ts'
import { gridIndexFrom, gridStepMs } from './slot-grid.ts'
import type { MemberSchedule, ServiceTiming, Slot, SlotPolicy } from './types.ts'
import { workingTime } from './working-periods.ts'

/*
 * Free start times for one member.
 * - Candidates: from each working period's start instant, every slot interval in real elapsed
 *   minutes (a 15-minute grid stays 15 minutes apart across a DST change, and the repeated
 *   hour of a fall-back day gives distinct instants).
 * - A candidate fits when the appointment [start, start + duration) lies inside that one
 *   period (not across a break or time off), and its buffered range [start − before,
 *   end + after) overlaps no busy appointment's buffered range and no busy time of the
 *   member's own calendars (`externalBusy`, which has no buffers). Ranges are half-open:
 *   touching is not overlapping.
 * - Policy: start ≥ now + minimum notice, start ≤ now + booking window days × 24 h, and
 *   from ≤ start < to.
 *
 * Cost: busy ranges are merged once and swept with one pointer, since candidates come in
 * ascending order across the ascending, disjoint periods.
 */

export interface SlotQuery {
  schedule: MemberSchedule
  service: ServiceTiming
  policy: SlotPolicy
  now: number
  from: number
  to: number
}

/** Free start times for one member, ascending, no duplicates, within [from, to). */
export function memberSlots({ schedule, service, policy, now, from, to }: SlotQuery): Slot[] {
  const bookable = bookableStarts(policy, now)
  const earliest = Math.max(from, bookable.earliest)
  const latest = bookable.latest
  // Inclusive `latest`, exclusive `to`; a range end just past `latest` finds every period needed.
  const end = Math.min(to, latest + 1)
  if (!(earliest < end)) return []

  const step = gridStepMs(policy.slotIntervalMinutes)
  const duration = service.durationMinutes * MINUTE_MS
  const before = service.bufferBeforeMinutes * MINUTE_MS
  const after = service.bufferAfterMinutes * MINUTE_MS
  const busy = busyRanges(schedule, service, earliest, end)
  const { periods } = workingTime(schedule, earliest, end)

  const slots: Slot[] = []
  let next = 0 // the first busy range that ends after the current candidate's buffer starts
  for (const period of periods) {
    let k = gridIndexFrom(period.start, earliest, step)
    for (;;) {
      const start = period.start + k * step
      // Written so that a NaN anywhere ends the period rather than the loop never ending.
      if (!(start + duration <= period.end && start < to && start <= latest)) break
      while (next < busy.length && (busy[next] as Interval).end <= start - before) next++
      const clash = busy[next]
      if (clash && clash.start < start + duration + after) {
        // Every later candidate clashes too until its buffer starts at or after the clash ends.
        k = Math.max(k + 1, gridIndexFrom(period.start, clash.end + before, step))
        continue
      }
      slots.push({ startsAt: start, endsAt: start + duration })
      k++
    }
  }
  return slots
}

/**
 * The member's busy buffered ranges, and their calendars' busy times, that could touch a
 * candidate in [from, to), merged.
 */
function busyRanges(
  schedule: MemberSchedule,
  service: ServiceTiming,
  from: number,
  to: number,
): Interval[] {
  const reach = { start: bufferedSlot(service, from).start, end: bufferedSlot(service, to).end }
  const ranges: Interval[] = []
  for (const appointment of schedule.busy) {
    const range = bufferedRange(appointment)
    if (range.end > reach.start && range.start < reach.end) ranges.push(range)
  }
  for (const busy of schedule.externalBusy ?? []) {
    if (busy.endsAt > reach.start && busy.startsAt < reach.end) {
      ranges.push({ start: busy.startsAt, end: busy.endsAt })
    }
  }
  return mergeIntervals(ranges)
}
