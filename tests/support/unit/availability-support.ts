import { Temporal } from 'temporal-polyfill'
import type {
  MemberSchedule,
  ServiceTiming,
  SlotPolicy,
} from '../../../server/domain/availability/types.ts'
import type { WorkingDay } from '../../../server/domain/working-hours.ts'

/** Readable instants in one zone: `at('2026-03-09T09:00')` and back with `iso`. */
export function zone(timeZone: string) {
  return {
    at: (local: string) =>
      Temporal.PlainDateTime.from(local).toZonedDateTime(timeZone, { disambiguation: 'compatible' })
        .epochMilliseconds,
    /** An exact instant given with its offset, for the second occurrence of a repeated hour. */
    exact: (withOffset: string) => Temporal.Instant.from(withOffset).epochMilliseconds,
    /** '2026-03-09T09:00-04:00': wall clock and offset, so DST cases read at a glance. */
    iso: (instant: number) =>
      Temporal.Instant.fromEpochMilliseconds(instant)
        .toZonedDateTimeISO(timeZone)
        .toString({ smallestUnit: 'minute', timeZoneName: 'never' }),
  }
}

export function day(
  weekday: number,
  start: string,
  end: string,
  breaks: [string, string][] = [],
): WorkingDay {
  return { weekday, start, end, breaks: breaks.map(([s, e]) => ({ start: s, end: e })) }
}

/** The same hours on all seven days. */
export function everyDay(start: string, end: string, breaks: [string, string][] = []) {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => day(weekday, start, end, breaks))
}

export function member(overrides: Partial<MemberSchedule> = {}): MemberSchedule {
  return {
    teamMemberId: 'ana',
    timeZone: 'America/New_York',
    workingHours: everyDay('09:00', '17:00'),
    timeOff: [],
    busy: [],
    ...overrides,
  }
}

export function service(overrides: Partial<ServiceTiming> = {}): ServiceTiming {
  return { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, ...overrides }
}

export function policy(overrides: Partial<SlotPolicy> = {}): SlotPolicy {
  return {
    slotIntervalMinutes: 30,
    minNoticeMinutes: 0,
    bookingWindowDays: Number.POSITIVE_INFINITY,
    ...overrides,
  }
}

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** Mid-June 2026 and the days in 2026 on which `timeZone` changes its offset. */
export function changeDates(timeZone: string): string[] {
  const dates = ['2026-06-15']
  let at: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from({
    year: 2026,
    month: 1,
    day: 1,
    timeZone,
  })
  for (;;) {
    at = at.getTimeZoneTransition('next')
    if (!at || at.year > 2026) return dates
    dates.push(at.toPlainDate().toString())
  }
}
