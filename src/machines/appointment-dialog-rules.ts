import type { components } from '../../shared/contract/schema'
import { type AppointmentAccess, mayChangeAppointment } from '../domain/appointment-access'
import { joinWallClock, toWallClock, wallClockToInstant } from '../domain/appointment-time'
import type { FieldErrors } from './entity-form.machine'

/**
 * The appointment dialog's data and pure rules: what the machine holds, the events it takes,
 * who may change what, and the reschedule step's checks and PATCH body. The machine
 * (`appointment-dialog.machine.ts`) is built from these; the appointment form reads
 * `blockingOf` and `Blocking` too.
 */
export type Appointment = components['schemas']['Appointment']
export type AppointmentPatch = components['schemas']['AppointmentPatch']

/** Who may change what (see src/domain/appointment-access.ts). */
export type DialogAccess = AppointmentAccess

/** The reschedule step's fields: business-zone day and time, a team member, the override. */
export interface RescheduleValues {
  /** `2026-11-27` */
  date: string | null
  /** `10:30` */
  time: string | null
  teamMemberId: string
  overrideWorkingHours: boolean
}

/** The record a 409 names as being in the way (`problem.existing`). */
export interface Blocking {
  id: string
  href: string
}

export interface AppointmentDialogContext {
  appointmentId: string
  appointment: Appointment | null
  timeZone: string
  access: DialogAccess
  now: () => number
  reschedule: RescheduleValues
  notes: string
  fieldErrors: FieldErrors
  /** Why the last step failed (a sentence), or why the appointment could not be loaded. */
  error: string | null
  /** HTTP status of a failed load (404: no such appointment in this business). */
  loadStatus: number | null
  blocking: Blocking | null
}

export interface AppointmentDialogInput {
  appointmentId: string
  /** Known already (clicked in a list): shown at once, no load. */
  appointment?: Appointment | null
  timeZone: string
  access: DialogAccess
  now?: () => number
}

export type AppointmentDialogEvent =
  | { type: 'appointment.retry' }
  /** A newer version from elsewhere (a live update, another dialog). */
  | { type: 'appointment.received'; appointment: Appointment }
  | { type: 'appointment.reschedule' }
  | { type: 'appointment.editNotes' }
  | { type: 'appointment.complete' }
  | { type: 'appointment.noShow' }
  | { type: 'appointment.cancel' }
  /** The customer arrived; or that was a mistake. */
  | { type: 'appointment.checkIn' }
  | { type: 'appointment.undoCheckIn' }
  /** Open the till. */
  | { type: 'appointment.checkout' }
  /** The till recorded the payment and completed the visit. */
  | { type: 'checkout.done'; appointment: Appointment }
  /** The till was closed without checking out. */
  | { type: 'checkout.dismiss' }
  | { type: 'reschedule.change'; values: Partial<RescheduleValues> }
  | { type: 'notes.change'; notes: string }
  | { type: 'step.submit' }
  | { type: 'step.back' }
  /** The cancel dialog cancelled it. */
  | { type: 'cancel.done'; appointment: Appointment }
  /** The cancel dialog was closed without cancelling. */
  | { type: 'cancel.dismiss' }

/** What a finished step did, for the app's message. */
export type AppointmentChange =
  | 'rescheduled'
  | 'notesSaved'
  | 'completed'
  | 'noShow'
  | 'cancelled'
  | 'checkedIn'
  | 'checkInUndone'
  | 'checkedOut'

export const LOAD_ERROR = 'This appointment could not be loaded.'

export function statusOf(error: unknown): number | null {
  return typeof error === 'object' && error !== null && 'status' in error
    ? Number(error.status) || null
    : null
}

/** `problem.existing` of a thrown ApiError (duck-typed: the machine knows no HTTP). */
export function blockingOf(error: unknown): Blocking | null {
  const problem =
    typeof error === 'object' && error !== null && 'problem' in error ? error.problem : null
  const existing =
    typeof problem === 'object' && problem !== null && 'existing' in problem
      ? problem.existing
      : null
  if (typeof existing !== 'object' || existing === null) return null
  const { id, href } = existing as { id?: unknown; href?: unknown }
  return typeof id === 'string' && typeof href === 'string' ? { id, href } : null
}

export function mayChange(access: DialogAccess, appointment: Appointment | null): boolean {
  return appointment !== null && mayChangeAppointment(access, appointment)
}

/** The values the reschedule step starts from: where the appointment is now. */
export function rescheduleValuesOf(appointment: Appointment, timeZone: string): RescheduleValues {
  const wallClock = toWallClock(appointment.starts_at, timeZone)
  return {
    date: wallClock.slice(0, 10),
    time: wallClock.slice(11, 16),
    teamMemberId: appointment.team_member_id,
    overrideWorkingHours: false,
  }
}

function sameInstant(a: string, b: string): boolean {
  return new Date(a).getTime() === new Date(b).getTime()
}

/** What the browser checks before asking the server to move the appointment. */
export function validateReschedule(
  appointment: Appointment,
  values: RescheduleValues,
  timeZone: string,
  now: number,
): FieldErrors {
  const wallClock = joinWallClock(values.date, values.time)
  if (values.date === null) return { date: 'Choose a day.' }
  if (wallClock === null) return { starts_at: 'Choose a time.' }
  const startsAt = wallClockToInstant(wallClock, timeZone)
  if (
    sameInstant(startsAt, appointment.starts_at) &&
    values.teamMemberId === appointment.team_member_id
  ) {
    return { starts_at: 'Choose a new time or another team member.' }
  }
  if (new Date(startsAt).getTime() <= now) return { starts_at: 'Choose a time in the future.' }
  return {}
}

/** The PATCH body for a reschedule: only what moved, and the override when it is asked for. */
export function reschedulePatch(
  appointment: Appointment,
  values: RescheduleValues,
  timeZone: string,
): AppointmentPatch {
  const patch: AppointmentPatch = { override_working_hours: values.overrideWorkingHours }
  const wallClock = joinWallClock(values.date, values.time)
  if (wallClock) {
    const startsAt = wallClockToInstant(wallClock, timeZone)
    if (!sameInstant(startsAt, appointment.starts_at)) patch.starts_at = startsAt
  }
  if (values.teamMemberId !== appointment.team_member_id) {
    patch.team_member_id = values.teamMemberId
  }
  return patch
}
