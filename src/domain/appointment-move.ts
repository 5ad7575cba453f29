import type { components } from '../../shared/contract/schema'
import { toWallClock } from './appointment-time'
import { offHoursReason, offHoursSentence } from './off-hours-notice'

type Appointment = components['schemas']['Appointment']
type Schedule = components['schemas']['Schedule']

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
 * ("Priya finishes at 18:00 on Tuesdays"), or null when it looks fine. The server stays the judge:
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
    // The same reason, in the same words, as the booking form gives before booking.
    const offDuty = offHoursReason({
      schedule: member,
      date: toWallClock(startsAt, context.timeZone).slice(0, 10),
      startsAt: request.startsAt,
      endsAt: request.endsAt,
      timeZone: context.timeZone,
    })
    if (offDuty) return `${offHoursSentence(offDuty, member.name)}.`
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
