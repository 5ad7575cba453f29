/*
 * What may happen to an appointment in each status. Pure: the handlers turn a refusal into a
 * 409 problem whose detail is the returned sentence.
 *
 * - confirmed: editable (reschedule, change service, customer or notes), cancellable, and
 *   closable as completed or no-show once it has started.
 * - cancelled: final. Its time is free again, so reviving it could clash; book anew instead.
 * - completed / no_show: closed. One may be switched to the other to correct a mistake, but
 *   not edited or cancelled: they are the record of what happened.
 */

export type AppointmentStatus = 'confirmed' | 'cancelled' | 'completed' | 'no_show'
export type ClosingStatus = 'completed' | 'no_show'

const described: Record<AppointmentStatus, string> = {
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  completed: 'completed',
  no_show: 'marked as a no-show',
}

/** Why the appointment cannot be edited or rescheduled, or null when it can. */
export function editRefusal(status: AppointmentStatus): string | null {
  if (status === 'confirmed') return null
  if (status === 'cancelled')
    return 'This appointment is cancelled, which is final; book a new one instead.'
  return `This appointment is ${described[status]}; only confirmed appointments can be changed.`
}

/** Why the appointment cannot be cancelled, or null when it can. */
export function cancelRefusal(status: AppointmentStatus): string | null {
  if (status === 'confirmed') return null
  if (status === 'cancelled') return 'This appointment is already cancelled.'
  return `This appointment is ${described[status]}; only confirmed appointments can be cancelled.`
}

/**
 * Why the appointment cannot be closed as `target`, or null when it can: it must have started
 * (at or before `now`), and be confirmed or closed the other way (a correction).
 */
export function closeRefusal(
  status: AppointmentStatus,
  target: ClosingStatus,
  startsAt: number,
  now: number,
): string | null {
  if (status === 'cancelled') return 'This appointment is cancelled, which is final.'
  if (status === target) return `This appointment is already ${described[target]}.`
  if (startsAt > now) {
    const what = target === 'completed' ? 'completed' : 'a no-show'
    return `This appointment has not started yet; it can be marked ${what} once it has.`
  }
  return null
}
