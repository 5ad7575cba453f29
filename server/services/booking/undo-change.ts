import type { components } from '../../../shared/contract/schema.d.ts'
import type { Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import { createAppointmentChangeRepository } from '../../db/repositories/appointment-change-repository.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { queueCalendarWrite } from '../../db/repositories/calendar-write-repository.ts'
import { changedFields } from '../../domain/activity-changes.ts'
import { appointmentFields, undoneChangeSummary } from '../../domain/appointment-changes.ts'
import { placeOf, samePlace } from '../../domain/appointment-place.ts'
import { editRefusal } from '../../domain/appointment-status.ts'
import type { Actor } from '../../domain/member.ts'
import { conflict, forbidden, notFound } from '../../domain/refusal.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import { appointmentNotFound, mustLoad } from './booking-lookups.ts'
import { guardClash } from './clash.ts'
import { busyRange, MINUTE_MS } from './placement.ts'

type Appointment = components['schemas']['Appointment']

export interface UndoChangeRequest {
  tenantId: string
  appointmentId: string
  changeId: string
  /** Only this member's appointments may be changed back; null: anyone's. */
  onlyTeamMemberId: string | null
  actor: Actor | null
  now?: number
}

/**
 * Puts a moved or resized appointment back exactly where the change found it (time, length,
 * member, buffers, the outside-hours flag and the reminder's bookkeeping), inside the caller's
 * transaction. Only once, only while it is still where the change put it, and only when its
 * old time is still free (the exclusion constraint decides; working hours do not: it was
 * there before). The change's e-mails that have not gone are withdrawn; when one went, the
 * recipients get the move back as a correction.
 */
export async function undoAppointmentChange(
  tx: Db,
  request: UndoChangeRequest,
  notifier: AppointmentNotifier,
): Promise<Appointment> {
  const { tenantId, appointmentId } = request
  const repo = createAppointmentRepository(tx)
  const changes = createAppointmentChangeRepository(tx)
  const current = await repo.find(tenantId, appointmentId, { lock: true })
  if (!current) throw appointmentNotFound()
  const only = request.onlyTeamMemberId
  if (only !== null && current.teamMemberId !== only) {
    throw forbidden("You don't have permission to change other team members' appointments.")
  }
  const change = await changes.findLocked(tenantId, appointmentId, request.changeId)
  if (!change) throw notFound('This appointment has no change with this id.')
  if (change.undoneAt) throw conflict('This change was already undone.')
  const refusal = editRefusal(current.status)
  if (refusal) throw conflict(refusal)
  if (!samePlace(placeOf(current), change.after)) {
    throw conflict('The appointment was changed again since, so this change cannot be undone.')
  }
  const back = change.before
  if (only !== null && back.teamMemberId !== only) {
    throw forbidden("You don't have permission to give appointments to other team members.")
  }

  const before = await mustLoad(tx, tenantId, appointmentId)
  const startsAt = Date.parse(back.startsAt)
  const { busyFrom, busyUntil } = busyRange(startsAt, {
    durationMinutes: (Date.parse(back.endsAt) - startsAt) / MINUTE_MS,
    bufferBeforeMinutes: back.bufferBeforeMinutes,
    bufferAfterMinutes: back.bufferAfterMinutes,
  })
  await repo.lockSchedule(back.teamMemberId)
  const clash = {
    teamMemberId: back.teamMemberId,
    busyFrom,
    busyUntil,
    seatGroup: back.seatGroup,
    exceptId: appointmentId,
  }
  const { timeZone } = await repo.policy(tenantId)
  await guardClash(tenantId, clash, timeZone, () =>
    repo.update(tenantId, appointmentId, {
      teamMemberId: back.teamMemberId,
      startsAt: new Date(startsAt),
      endsAt: new Date(back.endsAt),
      bufferBeforeMinutes: back.bufferBeforeMinutes,
      bufferAfterMinutes: back.bufferAfterMinutes,
      busyFrom,
      busyUntil,
      seatGroup: back.seatGroup,
      outsideWorkingHours: back.outsideWorkingHours,
      reminderQueuedAt: back.reminderQueuedAt === null ? null : new Date(back.reminderQueuedAt),
    }),
  )
  const now = request.now ?? Date.now()
  await changes.markUndone(change.id, new Date(now))
  const after = await mustLoad(tx, tenantId, appointmentId)
  await createActivityRepository(tx).record({
    tenantId,
    actor: request.actor,
    entityType: 'appointment',
    entityId: appointmentId,
    action: 'updated',
    summary: undoneChangeSummary(before, after, timeZone),
    changes: changedFields(before, after, appointmentFields),
  })
  await queueCalendarWrite(tx, tenantId, appointmentId)
  const { toCustomer, toTeam } = await changes.withdrawUnsentNotices(tenantId, change.id)
  if (toCustomer || toTeam) {
    await notifier.rescheduled(tx, tenantId, appointmentId, {
      previousTeamMemberId: change.after.teamMemberId,
      now,
      notifyCustomer: toCustomer,
    })
  }
  await notifyAppointmentChange(tx, { tenantId, type: 'appointment.updated', appointmentId })
  return after
}
