import type { components } from '../../shared/contract/schema.d.ts'
import type { ActivityChange } from './activity-changes.ts'
import { describeInstant } from './business-time.ts'
import { type FieldWording, listLabels } from './change-summary.ts'

type Appointment = components['schemas']['Appointment']

/**
 * Appointment fields as the API names them: what the activity log compares and records.
 * Names rather than ids for the service, team member and customer, because a person reads
 * the log, and a renamed or deleted record must not change what the entry says.
 */
export const appointmentFields = [
  'service_name',
  'team_member_name',
  'customer_name',
  'starts_at',
  'ends_at',
  'status',
  'notes',
  'cancel_reason',
  'price',
  'outside_working_hours',
  'checked_in_at',
] as const

type Described = Pick<
  Appointment,
  'service_name' | 'customer_name' | 'team_member_name' | 'starts_at' | 'ends_at'
>

const wording: Record<string, FieldWording> = {
  service_name: { label: 'service' },
  team_member_name: { label: 'team member' },
  customer_name: { label: 'customer' },
  starts_at: { label: 'time' },
  ends_at: { label: 'end' },
  cancel_reason: { label: 'cancellation reason' },
  outside_working_hours: { label: 'working-hours override' },
  checked_in_at: { label: 'check-in' },
}

/** "Checked in Haircut for … (Europe/Berlin)": the customer arrived. */
export function checkedInSummary(appointment: Described, timeZone: string): string {
  return `Checked in ${describeAppointment(appointment, timeZone)}`
}

/** "Undid the check-in of Haircut for … (Europe/Berlin)". */
export function checkInUndoneSummary(appointment: Described, timeZone: string): string {
  return `Undid the check-in of ${describeAppointment(appointment, timeZone)}`
}

/** "Checked out Haircut for … (Europe/Berlin): $45.00 taken by cash (tip $5.00)". */
export function checkedOutSummary(appointment: Described, taken: string, timeZone: string): string {
  return `Checked out ${describeAppointment(appointment, timeZone)}: ${taken}`
}

/** "Haircut for Ana Lopez with Bob, Thu 27 Nov 10:00 (Europe/Berlin)". */
export function describeAppointment(appointment: Described, timeZone: string): string {
  return `${appointment.service_name} for ${appointment.customer_name} with ${appointment.team_member_name}, ${when(appointment.starts_at, timeZone)}`
}

/** "Booked Haircut for Ana Lopez with Bob, Thu 27 Nov 10:00 (Europe/Berlin)". */
export function bookedSummary(appointment: Described, timeZone: string): string {
  return `Booked ${describeAppointment(appointment, timeZone)}`
}

/** "Held Haircut for … (Europe/Berlin) while the customer pays". */
export function heldSummary(appointment: Described, timeZone: string): string {
  return `Held ${describeAppointment(appointment, timeZone)} while the customer pays`
}

/** "Confirmed Haircut for … (Europe/Berlin): paid". */
export function confirmedHoldSummary(appointment: Described, timeZone: string): string {
  return `Confirmed ${describeAppointment(appointment, timeZone)}: paid`
}

/** "Cancelled Haircut for … (Europe/Berlin): Customer is ill". */
export function cancelledSummary(appointment: Described, reason: string, timeZone: string): string {
  return `Cancelled ${describeAppointment(appointment, timeZone)}: ${reason}`
}

/** "Marked Haircut for … as completed", "Marked … as a no-show". */
export function closedSummary(
  appointment: Described,
  status: 'completed' | 'no_show',
  timeZone: string,
): string {
  const as = status === 'completed' ? 'completed' : 'a no-show'
  return `Marked ${describeAppointment(appointment, timeZone)} as ${as}`
}

/**
 * The line for an edit, described as the appointment was before it:
 * - a new time: "Rescheduled Haircut for Ana Lopez with Bob, Thu 27 Nov 10:00 (Europe/Berlin)
 *   to Fri 28 Nov 11:00 (Europe/Berlin)" (and " with Carla" for a new team member), plus
 *   "; changed the notes" for the rest; a new team member only: "Reassigned … to Carla";
 * - a new end alone (a resize): "Changed the end of Haircut for … to Thu 27 Nov 10:45 (…)";
 * - otherwise: "Changed the service and notes of Haircut for Ana Lopez with Bob, …".
 */
export function updateSummary(
  before: Described,
  after: Described,
  changes: readonly ActivityChange[],
  timeZone: string,
): string {
  const changed = new Set(changes.map((change) => change.field))
  const moved = changed.has('starts_at') || changed.has('team_member_name')
  // A new start carries the end along; a new end alone is a resize.
  const others = changes
    .map((change) => change.field)
    .filter((field) => !['starts_at', 'ends_at', 'team_member_name'].includes(field))
  const subject = describeAppointment(before, timeZone)
  if (!moved && changed.has('ends_at') && others.length === 0) {
    return `Changed the end of ${subject} to ${when(after.ends_at, timeZone)}`
  }
  if (!moved) return `Changed the ${listLabels(others, wording)} of ${subject}`

  const rest = others.length > 0 ? `; changed the ${listLabels(others, wording)}` : ''
  if (!changed.has('starts_at')) return `Reassigned ${subject} to ${after.team_member_name}${rest}`
  const withWhom = changed.has('team_member_name') ? ` with ${after.team_member_name}` : ''
  return `Rescheduled ${subject} to ${when(after.starts_at, timeZone)}${withWhom}${rest}`
}

/**
 * "Undid the last change of Haircut for Ana Lopez with Carla, Fri 28 Nov 11:00 (Europe/Berlin):
 * back to Thu 27 Nov 10:00 (Europe/Berlin) with Bob", described as it was before the undo.
 */
export function undoneChangeSummary(before: Described, after: Described, timeZone: string): string {
  const withWhom =
    before.team_member_name !== after.team_member_name ? ` with ${after.team_member_name}` : ''
  return `Undid the last change of ${describeAppointment(before, timeZone)}: back to ${when(after.starts_at, timeZone)}${withWhom}`
}

/**
 * A decision on a change made to the appointment's event in its member's own calendar:
 * "Accepted the move of Haircut for … made in iCloud, to Fri 28 Nov 15:00 (Europe/Berlin)",
 * "Kept Haircut for … as it is: turned down its deletion in Google Calendar".
 */
export function calendarChangeSummary(
  appointment: Described,
  change: { kind: 'moved' | 'deleted'; calendarName: string; startsAt: string | null },
  decision: 'accept' | 'keep',
  timeZone: string,
): string {
  const subject = describeAppointment(appointment, timeZone)
  const where = change.calendarName
  const to = change.startsAt === null ? '' : `, to ${when(change.startsAt, timeZone)}`
  if (decision === 'accept') {
    return change.kind === 'moved'
      ? `Accepted the move of ${subject} made in ${where}${to}`
      : `Accepted the deletion of ${subject} in ${where}: cancelled`
  }
  return change.kind === 'moved'
    ? `Kept ${subject} as it is: turned down its move in ${where}${to}`
    : `Kept ${subject} as it is: turned down its deletion in ${where}`
}

function when(instant: string, timeZone: string): string {
  return `${describeInstant(Date.parse(instant), timeZone)} (${timeZone})`
}
