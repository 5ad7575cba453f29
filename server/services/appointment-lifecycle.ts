import type { components } from '../../shared/contract/schema.d.ts'
import type { Db } from '../db/database.ts'
import { loadAppointment } from '../db/read-models/appointment-views.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import {
  type AppointmentRow,
  createAppointmentRepository,
} from '../db/repositories/appointment-repository.ts'
import { queueCalendarWrite } from '../db/repositories/calendar-write-repository.ts'
import { changedFields } from '../domain/activity-changes.ts'
import {
  appointmentFields,
  cancelledSummary,
  closedSummary,
} from '../domain/appointment-changes.ts'
import { type ClosingStatus, cancelRefusal, closeRefusal } from '../domain/appointment-status.ts'
import type { CancellationBy } from '../domain/cancellation-refund.ts'
import type { Actor } from '../domain/member.ts'
import { conflict, forbidden, invalidField } from '../domain/refusal.ts'
import type { AppointmentNotifier } from '../notifications/appointment-notifier.ts'
import { notifyAppointmentChange } from '../realtime/live-events.ts'
import { appointmentNotFound } from './booking/booking-lookups.ts'
import { oweCancellationRefund } from './payments/appointment-refunds.ts'

type Appointment = components['schemas']['Appointment']

export interface StatusChange {
  tenantId: string
  appointmentId: string
  /** Only this member's appointments may be changed; null: anyone's. */
  onlyTeamMemberId: string | null
  actor: Actor | null
}

/**
 * Cancels a confirmed appointment with a reason, freeing its time; final. Money paid at
 * booking is given back by the refund rule (`oweCancellationRefund`: owed in this transaction,
 * made by Stripe after it). The customer and the team member are told through the notifier, in
 * the same transaction; the customer's e-mail says what was refunded or kept.
 */
export async function cancelAppointment(
  tx: Db,
  request: StatusChange & {
    reason: string
    notifier: AppointmentNotifier
    /** Who cancels, for the refund rule; the business refunding in full by default. */
    refund?: CancellationBy
    now?: number
  },
): Promise<Appointment> {
  const reason = request.reason.trim()
  if (!reason) {
    throw invalidField('body.reason', 'must not be blank')
  }
  const now = request.now ?? Date.now()
  const cancelled = await changeStatus(tx, request, {
    refusal: (row) => cancelRefusal(row.status),
    columns: { status: 'cancelled', cancelReason: reason, cancelledAt: new Date(now) },
    event: 'appointment.cancelled',
    summary: (before, timeZone) => cancelledSummary(before, reason, timeZone),
  })
  const money = await oweCancellationRefund(tx, {
    tenantId: request.tenantId,
    appointmentId: request.appointmentId,
    startsAt: new Date(cancelled.starts_at),
    who: request.refund ?? { by: 'business', keepPayment: false },
    reason,
    actor: request.actor,
    now,
  })
  await request.notifier.cancelled(tx, request.tenantId, request.appointmentId, now, money)
  await queueCalendarWrite(tx, request.tenantId, request.appointmentId)
  return cancelled
}

/**
 * Marks an appointment that has started as completed or a no-show: from confirmed, or from
 * the other one to correct a mistake.
 */
export async function closeAppointment(
  tx: Db,
  request: StatusChange & { status: ClosingStatus; now?: number },
): Promise<Appointment> {
  const now = request.now ?? Date.now()
  return changeStatus(tx, request, {
    refusal: (row) =>
      request.status === 'no_show' && row.checkedInAt
        ? 'The customer was checked in, so they came; undo the check-in first if that was a mistake.'
        : closeRefusal(row.status, request.status, row.startsAt.getTime(), now),
    columns: { status: request.status },
    event: 'appointment.updated',
    summary: (before, timeZone) => closedSummary(before, request.status, timeZone),
  })
}

/**
 * One change of an appointment's state by staff, the one path for all of them: under the row's
 * lock, refused with a 409 whose detail is `refusal`'s sentence, then written, recorded in the
 * activity log with what changed, and published to every open calendar.
 */
export async function changeStatus(
  tx: Db,
  request: StatusChange,
  change: {
    refusal: (row: AppointmentRow) => string | null
    columns: Partial<
      Pick<AppointmentRow, 'status' | 'cancelReason' | 'cancelledAt' | 'checkedInAt'>
    >
    event: 'appointment.updated' | 'appointment.cancelled'
    summary: (before: Appointment, timeZone: string) => string
  },
): Promise<Appointment> {
  const { tenantId, appointmentId } = request
  const repo = createAppointmentRepository(tx)
  const row = await repo.find(tenantId, appointmentId, { lock: true })
  if (!row) throw appointmentNotFound()
  if (request.onlyTeamMemberId !== null && row.teamMemberId !== request.onlyTeamMemberId) {
    throw forbidden("You don't have permission to change other team members' appointments.")
  }
  const refusal = change.refusal(row)
  // The sentence is the detail the dialogs show (no field of a form is at fault).
  if (refusal) throw conflict(refusal)

  const before = await loadAppointment(tx, tenantId, appointmentId)
  await repo.update(tenantId, appointmentId, change.columns)
  const after = await loadAppointment(tx, tenantId, appointmentId)
  if (!before || !after) throw new Error(`Appointment ${appointmentId} vanished mid-change.`)
  const { timeZone } = await repo.policy(tenantId)
  await createActivityRepository(tx).record({
    tenantId,
    actor: request.actor,
    entityType: 'appointment',
    entityId: appointmentId,
    action: 'updated',
    summary: change.summary(before, timeZone),
    changes: changedFields(before, after, appointmentFields),
  })
  await notifyAppointmentChange(tx, { tenantId, type: change.event, appointmentId })
  return after
}
