import type { components } from '../../shared/contract/schema'
import { addDays, toWallClock, wallClockToInstant } from './appointment-time'

type MemberSchedule = components['schemas']['MemberSchedule']

/*
 * Why a time is outside a team member's working time, said before booking so the front desk can
 * choose to book anyway: "Priya is on a break 13:00–13:30 — book anyway?". Read from the
 * member's schedule of that business-zone day (GET /schedule), the same working time the server
 * holds a booking to (the appointment itself, buffers aside, must lie inside one period).
 */

/** Why [start, end) is outside the member's working time that day. Times are the business's clock. */
export type OffHoursReason =
  | { kind: 'time_off'; reason: string; allDay: boolean; from: string; until: string }
  | { kind: 'break'; from: string; until: string }
  | { kind: 'day_off'; weekday: string }
  | { kind: 'before_start'; startsAt: string; weekday: string }
  | { kind: 'after_end'; endsAt: string; weekday: string }
  | { kind: 'not_working'; at: string }

interface Span {
  start: number
  end: number
}

const spanOf = (period: { starts_at: string; ends_at: string }): Span => ({
  start: new Date(period.starts_at).getTime(),
  end: new Date(period.ends_at).getTime(),
})
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end
const contains = (outer: Span, inner: Span) => outer.start <= inner.start && inner.end <= outer.end

/** `Tuesday` for `2026-11-24`. */
function weekdayOf(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  )
}

/**
 * The reason the appointment [startsAt, endsAt) on `date` (the business's day, `timeZone`) is
 * outside the member's working time, or null when it fits inside one working period.
 */
export function offHoursReason(input: {
  schedule: MemberSchedule
  date: string
  startsAt: string
  endsAt: string
  timeZone: string
}): OffHoursReason | null {
  const { schedule, date, timeZone } = input
  const clock = (instant: number) => toWallClock(instant, timeZone).slice(11, 16)
  const appointment = spanOf({ starts_at: input.startsAt, ends_at: input.endsAt })
  const day = {
    start: new Date(wallClockToInstant(`${date}T00:00`, timeZone)).getTime(),
    end: new Date(wallClockToInstant(`${addDays(date, 1)}T00:00`, timeZone)).getTime(),
  }
  const working = schedule.working_periods.map(spanOf)
  if (working.some((period) => contains(period, appointment))) return null

  const away = schedule.time_off.find((span) => overlaps(spanOf(span), appointment))
  if (away) {
    const span = spanOf(away)
    const shown = { start: Math.max(span.start, day.start), end: Math.min(span.end, day.end) }
    return {
      kind: 'time_off',
      reason: away.reason.trim(),
      allDay: contains(span, day),
      from: clock(shown.start),
      until: shown.end === day.end ? '24:00' : clock(shown.end),
    }
  }
  const pause = schedule.breaks.map(spanOf).find((span) => overlaps(span, appointment))
  if (pause) return { kind: 'break', from: clock(pause.start), until: clock(pause.end) }

  const weekday = weekdayOf(date)
  const ofDay = [...working, ...schedule.breaks.map(spanOf)].filter((span) => overlaps(span, day))
  if (ofDay.length === 0) return { kind: 'day_off', weekday }
  const opens = Math.min(...ofDay.map((span) => span.start))
  const closes = Math.max(...ofDay.map((span) => span.end))
  if (appointment.start < opens) return { kind: 'before_start', startsAt: clock(opens), weekday }
  if (appointment.end > closes) return { kind: 'after_end', endsAt: clock(closes), weekday }
  return { kind: 'not_working', at: clock(appointment.start) }
}

/** The reason in plain words, the member called by their first name. */
export function offHoursSentence(reason: OffHoursReason, memberName: string): string {
  const who = memberName.trim().split(/\s+/)[0] || 'This team member'
  switch (reason.kind) {
    case 'time_off': {
      const why = reason.reason ? ` (${reason.reason})` : ''
      const when = reason.allDay ? 'all day' : `${reason.from}–${reason.until}`
      return `${who} is away${why} ${when}`
    }
    case 'break':
      return `${who} is on a break ${reason.from}–${reason.until}`
    case 'day_off':
      return `${who} does not work on ${reason.weekday}s`
    case 'before_start':
      return `${who} starts at ${reason.startsAt} on ${reason.weekday}s`
    case 'after_end':
      return `${who} finishes at ${reason.endsAt} on ${reason.weekday}s`
    case 'not_working':
      return `${who} is not working at ${reason.at}`
  }
}
