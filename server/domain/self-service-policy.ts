/*
 * What a customer may do with their own appointment through its manage link. Pure: the
 * handlers turn a refusal into a 409 problem whose detail is the returned sentence.
 * A customer may move or cancel a confirmed appointment until the business's cut-off before
 * its current start (a moved appointment's cut-off follows it); a cancelled one is final.
 */

import type { AppointmentStatus } from './appointment-status.ts'
import { describeMinutes } from './duration-words.ts'

const MINUTE_MS = 60_000

export type SelfServiceAction = 'reschedule' | 'cancel'

export interface Cutoffs {
  rescheduleCutoffMinutes: number
  cancellationCutoffMinutes: number
}

/** The last instant the customer may take the action: the cut-off before the start. */
export function selfServiceDeadline(
  action: SelfServiceAction,
  startsAt: number,
  cutoffs: Cutoffs,
): number {
  const minutes =
    action === 'reschedule' ? cutoffs.rescheduleCutoffMinutes : cutoffs.cancellationCutoffMinutes
  return startsAt - minutes * MINUTE_MS
}

/** Why the customer cannot take the action now, or null when they can. */
export function selfServiceRefusal(
  action: SelfServiceAction,
  appointment: { status: AppointmentStatus; startsAt: number },
  cutoffs: Cutoffs,
  now: number,
): string | null {
  const verb = action === 'reschedule' ? 'moved' : 'cancelled'
  if (appointment.status === 'cancelled') {
    return action === 'cancel'
      ? 'This appointment is already cancelled.'
      : 'This appointment was cancelled, which is final; please book a new one.'
  }
  if (appointment.status === 'pending_payment') {
    return `This appointment is awaiting payment, so it cannot be ${verb} yet.`
  }
  if (appointment.status === 'payment_expired') {
    return 'This appointment was not paid in time, so it was never booked; please book a new one.'
  }
  if (appointment.status !== 'confirmed') {
    return `This appointment has already taken place, so it can no longer be ${verb}.`
  }
  const minutes =
    action === 'reschedule' ? cutoffs.rescheduleCutoffMinutes : cutoffs.cancellationCutoffMinutes
  if (now > selfServiceDeadline(action, appointment.startsAt, cutoffs)) {
    return `Appointments can be ${verb} online until ${describeMinutes(minutes)} before they start. Please contact the business.`
  }
  return null
}
