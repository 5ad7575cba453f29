import type { components } from '../../shared/contract/schema'
import { addDays, toWallClock, wallClockToInstant } from './appointment-time'

type WorkingDay = components['schemas']['WorkingDay']

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

/** "Mon–Fri", "Mon, Wed, Fri", "Mon–Wed, Sat" for ISO weekdays (1 = Monday). */
function dayRanges(weekdays: readonly number[]): string {
  const sorted = [...weekdays].sort((a, b) => a - b)
  const runs: [number, number][] = []
  for (const day of sorted) {
    const last = runs.at(-1)
    if (last && day === last[1] + 1) last[1] = day
    else runs.push([day, day])
  }
  return runs
    .map(([from, to]) => {
      const first = WEEKDAYS[from - 1]
      if (from === to) return first
      return `${first}${to === from + 1 ? ', ' : '–'}${WEEKDAYS[to - 1]}`
    })
    .join(', ')
}

/**
 * A member's week in a few words: "Mon–Fri 09:00–17:00"; days with other hours are listed on
 * their own ("Mon–Fri 09:00–17:00, Sat 10:00–14:00"). Breaks are left out.
 */
export function hoursSummary(days: readonly WorkingDay[]): string {
  if (days.length === 0) return 'no working hours'
  const byHours = new Map<string, number[]>()
  for (const day of days) {
    const hours = `${day.start}–${day.end}`
    byHours.set(hours, [...(byHours.get(hours) ?? []), day.weekday])
  }
  return [...byHours]
    .sort(([, a], [, b]) => Math.min(...a) - Math.min(...b))
    .map(([hours, weekdays]) => `${dayRanges(weekdays)} ${hours}`)
    .join(', ')
}

/** A wall-clock time in `from` on `date`, read on the clocks of `to`: 09:00 UTC → 04:00 in New York. */
export function clockIn(clock: string, date: string, from: string, to: string): string {
  // 24:00, where hours may end, is the next day's midnight.
  const wallClock = clock === '24:00' ? `${addDays(date, 1)}T00:00` : `${date}T${clock}`
  return toWallClock(wallClockToInstant(wallClock, from), to).slice(11)
}

export interface ZoneMovePreview {
  /** Members on the business's old zone: what moving them does, one line each. */
  moving: { id: string; name: string; before: string; after: string }[]
  /** What the same members' hours become on the new zone's clocks if they stay. */
  ifStaying: { id: string; name: string; reading: string }[]
  /** Members already on another zone: never moved. */
  elsewhere: { id: string; name: string; timeZone: string }[]
}

/**
 * What a business's change of time zone means for its team, said before it is saved: the
 * members still on the old zone keep their clock times in the new one when moved ("Ana:
 * Mon–Fri 09:00–17:00 UTC → Mon–Fri 09:00–17:00 America/New_York"); left behind, their hours
 * land elsewhere on the new zone's clock (read on `date`, as daylight saving decides).
 */
export function zoneMovePreview(
  members: readonly {
    id: string
    name: string
    time_zone: string
    working_hours: readonly WorkingDay[]
  }[],
  from: string,
  to: string,
  date: string,
): ZoneMovePreview {
  const preview: ZoneMovePreview = { moving: [], ifStaying: [], elsewhere: [] }
  for (const member of members) {
    if (member.time_zone !== from) {
      preview.elsewhere.push({ id: member.id, name: member.name, timeZone: member.time_zone })
      continue
    }
    const hours = hoursSummary(member.working_hours)
    preview.moving.push({
      id: member.id,
      name: member.name,
      before: `${hours} ${from}`,
      after: `${hours} ${to}`,
    })
    const first = member.working_hours[0]
    if (first) {
      const start = clockIn(first.start, date, from, to)
      const end = clockIn(first.end, date, from, to)
      preview.ifStaying.push({
        id: member.id,
        name: member.name,
        reading: `${first.start}–${first.end} ${from} is ${start}–${end} in ${to}`,
      })
    }
  }
  return preview
}
