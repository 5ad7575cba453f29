import type { Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { changedFields } from '../../domain/activity-changes.ts'
import { appointmentFields, confirmedHoldSummary } from '../../domain/appointment-changes.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import { appointmentNotFound, mustLoad } from './booking-lookups.ts'
import type { HeldAppointment, HoldConfirmation } from './booking-requests.ts'
import { expireHoldsInTheWay } from './placement.ts'
import { sessionIsFull } from './seats.ts'

/**
 * The hold confirmed, inside the caller's transaction, under its member's schedule lock (taken
 * before the row's, as bookings take them) so no booking of its time runs in between.
 */
export async function confirmHeld(tx: Db, input: HeldAppointment): Promise<HoldConfirmation> {
  const { tenantId, appointmentId } = input
  const now = input.now ?? Date.now()
  const repo = createAppointmentRepository(tx)
  const unlocked = await repo.find(tenantId, appointmentId)
  if (!unlocked) throw appointmentNotFound()
  await repo.lockSchedule(unlocked.teamMemberId)
  const current = await repo.find(tenantId, appointmentId, { lock: true })
  if (!current) throw appointmentNotFound()
  const answer = async (outcome: HoldConfirmation['outcome']) => ({
    outcome,
    appointment: await mustLoad(tx, tenantId, appointmentId),
  })
  if (current.status === 'confirmed') return answer('already_confirmed')
  if (current.status !== 'pending_payment' && current.status !== 'payment_expired') {
    return answer('not_held')
  }
  const stillHeld =
    current.status === 'pending_payment' &&
    current.holdExpiresAt !== null &&
    current.holdExpiresAt.getTime() > now
  if (!stillHeld) {
    // Ran out: ended holds in the way (this one too) let go first; then the time is either
    // still free, and taken again, or someone else's.
    await expireHoldsInTheWay(tx, tenantId, current.teamMemberId, current, now)
    const blocking = await repo.findBlocking(tenantId, {
      teamMemberId: current.teamMemberId,
      busyFrom: current.busyFrom,
      busyUntil: current.busyUntil,
      seatGroup: current.seatGroup,
      exceptId: current.id,
    })
    if (blocking || (await sessionIsFull(tx, tenantId, current))) return answer('taken')
  }
  const before = await mustLoad(tx, tenantId, appointmentId)
  await repo.update(tenantId, appointmentId, { status: 'confirmed', holdExpiresAt: null })
  const after = await mustLoad(tx, tenantId, appointmentId)
  const { timeZone } = await repo.policy(tenantId)
  await createActivityRepository(tx).record({
    tenantId,
    actor: null,
    entityType: 'appointment',
    entityId: appointmentId,
    action: 'updated',
    summary: confirmedHoldSummary(after, timeZone),
    changes: changedFields(before, after, appointmentFields),
  })
  await notifyAppointmentChange(tx, { tenantId, type: 'appointment.updated', appointmentId })
  return { outcome: stillHeld ? 'confirmed' : 'retaken', appointment: after }
}
