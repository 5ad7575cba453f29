import type { components } from '../../shared/contract/schema'
import { toWallClock } from './appointment-time'

type Appointment = components['schemas']['Appointment']
type Schedule = components['schemas']['Schedule']
type MemberSchedule = components['schemas']['MemberSchedule']

/**
 * A change of an appointment's place made on the calendar: dragged, resized or moved by
 * keyboard, to a new start, end and (in the team day view) another member's column.
 */
export interface MoveRequest {
  appointmentId: string
  startsAt: string
  endsAt: string
  teamMemberId: string
}

/** What the calendar has at hand to judge a move before asking the server. */
export interface MoveContext {
  /** The loaded working periods and time off; a member missing from it is not judged on hours. */
  schedule: Schedule | null
  /** The loaded appointments, the moved one among them. */
  appointments: readonly Appointment[]
  /** The business's zone: times in the reasons are its wall clock. */
  timeZone: string
  now: number
  /** Who performs each service (service id → member ids), when the catalogue is loaded. */
  performers?: ReadonlyMap<string, readonly string[]> | undefined
}

const MINUTE_MS = 60_000
/** Statuses whose appointments no longer take their time (the server's overlap rule). */
const TAKES_NO_TIME = new Set<Appointment['status']>(['cancelled', 'payment_expired'])

/**
 * Why the server would refuse this move or resize, in plain words for the person dragging
 * ("Priya doesn't work after 18:00"), or null when it looks fine. The server stays the judge:
 * this answers while dragging, from what is loaded, so a drop that cannot land is refused
 * where it lands instead of after a round trip.
 */
export function moveProblem(request: MoveRequest, context: MoveContext): string | null {
  const appointment = context.appointments.find((item) => item.id === request.appointmentId)
  if (!appointment) return null
  const startsAt = Date.parse(request.startsAt)
  const endsAt = Date.parse(request.endsAt)
  if (!(endsAt > startsAt)) return 'An appointment has to end after it starts.'
  if (startsAt !== Date.parse(appointment.starts_at) && startsAt < context.now) {
    return 'That time has already passed.'
  }
  const member = context.schedule?.members.find((m) => m.team_member_id === request.teamMemberId)
  const name = member?.name ?? appointment.team_member_name
  const performers = context.performers?.get(appointment.service_id)
  if (performers && !performers.includes(request.teamMemberId)) {
    return `${name} doesn't do ${appointment.service_name}.`
  }
  const clock = (instant: number | string) => toWallClock(instant, context.timeZone).slice(11)
  if (member) {
    const offDuty = workingTimeProblem(member, startsAt, endsAt, context.timeZone)
    if (offDuty) return offDuty
  }
  const busyFrom = startsAt - appointment.buffer_before_minutes * MINUTE_MS
  const busyUntil = endsAt + appointment.buffer_after_minutes * MINUTE_MS
  const inTheWay = context.appointments.find(
    (other) =>
      other.id !== appointment.id &&
      other.team_member_id === request.teamMemberId &&
      !TAKES_NO_TIME.has(other.status) &&
      !sameSession(other, appointment, startsAt) &&
      Date.parse(other.starts_at) - other.buffer_before_minutes * MINUTE_MS < busyUntil &&
      Date.parse(other.ends_at) + other.buffer_after_minutes * MINUTE_MS > busyFrom,
  )
  if (inTheWay) {
    return `${name} has ${inTheWay.customer_name}'s ${inTheWay.service_name} ${clock(inTheWay.starts_at)}–${clock(inTheWay.ends_at)}.`
  }
  return null
}

/** Seats of one group session share their time: same service, same start. */
function sameSession(other: Appointment, moved: Appointment, startsAt: number): boolean {
  return (
    moved.capacity > 1 &&
    other.service_id === moved.service_id &&
    Date.parse(other.starts_at) === startsAt
  )
}

/**
 * Time off first (it says why), then the working periods: the move must sit inside one of
 * them. Breaks are the gaps between a day's periods, so a time between two periods, or one
 * running from a period into the next, is "on a break".
 */
function workingTimeProblem(
  member: MemberSchedule,
  startsAt: number,
  endsAt: number,
  timeZone: string,
): string | null {
  const clock = (instant: number | string) => toWallClock(instant, timeZone).slice(11)
  const day = (instant: number) => toWallClock(instant, timeZone).slice(0, 10)
  const off = member.time_off.find(
    (period) => Date.parse(period.starts_at) < endsAt && Date.parse(period.ends_at) > startsAt,
  )
  if (off) {
    const reason = off.reason ? ` (${off.reason})` : ''
    return `${member.name} is off ${clock(off.starts_at)}–${clock(off.ends_at)}${reason}.`
  }
  const periods = member.working_periods
    .map((period) => ({ from: Date.parse(period.starts_at), to: Date.parse(period.ends_at) }))
    .sort((a, b) => a.from - b.from)
  if (periods.some((period) => period.from <= startsAt && endsAt <= period.to)) return null
  const sameDay = periods.filter(
    (period) => day(period.from) === day(startsAt) || day(period.to) === day(startsAt),
  )
  const first = sameDay[0]
  const last = sameDay.at(-1)
  if (!first || !last) return `${member.name} doesn't work that day.`
  if (startsAt < first.from) return `${member.name} doesn't start until ${clock(first.from)}.`
  if (endsAt > last.to) return `${member.name} doesn't work after ${clock(last.to)}.`
  const gap = sameDay.findIndex((period, index) => {
    const next = sameDay[index + 1]
    return next !== undefined && period.to < endsAt && next.from > startsAt
  })
  const before = sameDay[gap]
  const after = sameDay[gap + 1]
  if (before && after) {
    return `${member.name} is on a break ${clock(before.to)}–${clock(after.from)}.`
  }
  return `${member.name} doesn't work then.`
}
