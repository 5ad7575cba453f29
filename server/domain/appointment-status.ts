/*
 * What may happen to an appointment in each status. Pure: the handlers turn a refusal into a
 * 409 problem whose detail is the returned sentence.
 *
 * - confirmed: editable (reschedule, change service, customer or notes), cancellable, and
 *   closable as completed or no-show once it has started.
 * - cancelled: final. Its time is free again, so reviving it could clash; book anew instead.
 * - completed / no_show: closed. One may be switched to the other to correct a mistake, but
 *   not edited or cancelled: they are the record of what happened.
 * - pending_payment: a hold while the customer pays. Only the payment confirms it and only its
 *   end lets it go, so staff can neither change, cancel nor close it: that would confirm or
 *   free a time someone is paying for.
 * - payment_expired: the hold ran out unpaid; final, like a cancellation.
 */

export type AppointmentStatus =
  | 'confirmed'
  | 'cancelled'
  | 'completed'
  | 'no_show'
  | 'pending_payment'
  | 'payment_expired'
export type ClosingStatus = 'completed' | 'no_show'

const described: Record<AppointmentStatus, string> = {
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  completed: 'completed',
  no_show: 'marked as a no-show',
  pending_payment: 'awaiting payment',
  payment_expired: 'a hold whose payment never came',
}

/** The refusal for a hold or an expired hold, whatever staff try; null for other statuses. */
function holdRefusal(status: AppointmentStatus): string | null {
  if (status === 'pending_payment') {
    return 'This appointment is awaiting payment: it is confirmed when the customer pays, and its time is freed if they do not.'
  }
  if (status === 'payment_expired') {
    return 'This appointment was never paid for and its hold ended, which is final; book a new one instead.'
  }
  return null
}

/** Why the appointment cannot be edited or rescheduled, or null when it can. */
export function editRefusal(status: AppointmentStatus): string | null {
  if (status === 'confirmed') return null
  if (status === 'cancelled')
    return 'This appointment is cancelled, which is final; book a new one instead.'
  return (
    holdRefusal(status) ??
    `This appointment is ${described[status]}; only confirmed appointments can be changed.`
  )
}

/** Why the appointment cannot be cancelled, or null when it can. */
export function cancelRefusal(status: AppointmentStatus): string | null {
  if (status === 'confirmed') return null
  if (status === 'cancelled') return 'This appointment is already cancelled.'
  return (
    holdRefusal(status) ??
    `This appointment is ${described[status]}; only confirmed appointments can be cancelled.`
  )
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
  const hold = holdRefusal(status)
  if (hold) return hold
  if (status === target) return `This appointment is already ${described[target]}.`
  if (startsAt > now) {
    const what = target === 'completed' ? 'completed' : 'a no-show'
    return `This appointment has not started yet; it can be marked ${what} once it has.`
  }
  return null
}

/**
 * Why the customer cannot be checked in, or null when they can: only a confirmed appointment
 * (a check-in is a timestamp on it, not a status, so the overlap rule and the status rules
 * above stay as they are).
 */
export function checkInRefusal(status: AppointmentStatus): string | null {
  if (status === 'confirmed') return null
  if (status === 'cancelled') return 'This appointment is cancelled, which is final.'
  return (
    holdRefusal(status) ??
    `This appointment is ${described[status]}; only a confirmed appointment can be checked in.`
  )
}

/**
 * Why the visit cannot be checked out at the till, or null when it can: a confirmed visit that
 * has started or whose customer is checked in (paying before the start time), or one already
 * marked completed. Never a cancelled visit, a hold or a no-show.
 */
export function checkoutRefusal(
  status: AppointmentStatus,
  visit: { startsAt: number; checkedIn: boolean; now: number },
): string | null {
  if (status === 'completed') return null
  if (status === 'cancelled') return 'This appointment is cancelled, so there is nothing to pay.'
  const hold = holdRefusal(status)
  if (hold) return hold
  if (status === 'no_show') {
    return 'This appointment is marked as a no-show; mark it completed first if the customer came.'
  }
  if (visit.startsAt > visit.now && !visit.checkedIn) {
    return 'This appointment has not started yet; check the customer in first to take payment early.'
  }
  return null
}
