import type { components } from '../../../shared/contract/schema.d.ts'
import type { Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import {
  type AppointmentChanges,
  createAppointmentRepository,
} from '../../db/repositories/appointment-repository.ts'
import { changedFields } from '../../domain/activity-changes.ts'
import { appointmentFields, updateSummary } from '../../domain/appointment-changes.ts'
import { type AppointmentPlace, placeOf } from '../../domain/appointment-place.ts'
import { editRefusal } from '../../domain/appointment-status.ts'
import type { ServiceTiming } from '../../domain/availability/types.ts'
import { conflict, forbidden, invalidField } from '../../domain/refusal.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import {
  activeService,
  appointmentNotFound,
  checkPerformer,
  mustLoad,
  timingOf,
} from './booking-lookups.ts'
import type { RescheduleRequest } from './booking-requests.ts'
import { checkInFuture, unknownCustomer } from './booking-rules.ts'
import { guardClash } from './clash.ts'
import { clashOf, MINUTE_MS, type Placement, place, placedColumns } from './placement.ts'

type Appointment = components['schemas']['Appointment']

/** The longest an appointment may be made by a resize. */
const MAX_LENGTH_MINUTES = 24 * 60

/**
 * Changes a confirmed appointment inside the caller's transaction: a new start, team member or
 * service moves it under the booking rules (a new service re-captures duration, buffers and
 * price; otherwise what was captured stays); customer and notes change in place. Re-sending
 * what is already there writes and logs nothing. `moved`: the time, member or service changed,
 * which the customer and the members (the one who had it, and the one who has it) are told of.
 */
export async function rescheduleAppointment(
  tx: Db,
  request: RescheduleRequest,
): Promise<{
  appointment: Appointment
  moved: boolean
  previousTeamMemberId: string
  /** Where a move or resize took it from and to; null when it stayed or its service changed. */
  places: { before: AppointmentPlace; after: AppointmentPlace } | null
}> {
  const { tenantId, changes } = request
  const repo = createAppointmentRepository(tx)
  const now = request.now ?? Date.now()
  const current = await repo.find(tenantId, request.appointmentId, { lock: true })
  if (!current) throw appointmentNotFound()
  const only = request.onlyTeamMemberId
  if (only !== null && current.teamMemberId !== only) {
    throw forbidden("You don't have permission to change other team members' appointments.")
  }
  if (only !== null && changes.teamMemberId !== undefined && changes.teamMemberId !== only) {
    throw forbidden("You don't have permission to give appointments to other team members.")
  }
  const refusal = editRefusal(current.status)
  if (refusal) throw conflict(refusal)

  const columns: AppointmentChanges = {}
  const serviceChanged = changes.serviceId !== undefined && changes.serviceId !== current.serviceId
  const service = serviceChanged
    ? await activeService(tx, tenantId, changes.serviceId as string, 'body.service_id')
    : await repo.service(tenantId, current.serviceId)
  if (!service) throw new Error(`The service of appointment ${current.id} is missing.`)
  const teamMemberId = changes.teamMemberId ?? current.teamMemberId
  const memberChanged = teamMemberId !== current.teamMemberId
  const startsAt = changes.startsAt?.getTime() ?? current.startsAt.getTime()
  const currentMinutes = (current.endsAt.getTime() - current.startsAt.getTime()) / MINUTE_MS
  const durationMinutes = changes.endsAt
    ? lengthOf(startsAt, changes.endsAt.getTime(), serviceChanged)
    : currentMinutes
  const timeChanged = startsAt !== current.startsAt.getTime() || durationMinutes !== currentMinutes
  if (startsAt !== current.startsAt.getTime()) checkInFuture(startsAt, now)
  if (memberChanged || serviceChanged) {
    const path = changes.teamMemberId !== undefined ? 'body.team_member_id' : 'body.service_id'
    await checkPerformer(tx, tenantId, teamMemberId, service, path)
  }
  if (changes.customerId !== undefined && changes.customerId !== current.customerId) {
    if (!(await repo.customerExists(tenantId, changes.customerId))) throw unknownCustomer()
    columns.customerId = changes.customerId
  }
  if (changes.notes !== undefined && changes.notes !== current.notes) columns.notes = changes.notes

  const policy = await repo.policy(tenantId)
  let placement: Placement | undefined
  if (timeChanged || memberChanged || serviceChanged) {
    const timing: ServiceTiming = serviceChanged
      ? timingOf(service)
      : {
          durationMinutes,
          bufferBeforeMinutes: current.bufferBeforeMinutes,
          bufferAfterMinutes: current.bufferAfterMinutes,
        }
    placement = await place(tx, {
      tenantId,
      appointmentId: current.id,
      teamMemberId,
      serviceId: service.id,
      capacity: service.capacity,
      timing,
      startsAt,
      override: request.overrideWorkingHours === true,
      timeZone: policy.timeZone,
      now,
    })
    Object.assign(columns, {
      serviceId: service.id,
      teamMemberId,
      startsAt: new Date(startsAt),
      endsAt: placement.endsAt,
      ...placedColumns(timing, placement),
    } satisfies AppointmentChanges)
    if (serviceChanged) {
      columns.priceMinor = service.priceMinor
      columns.currency = service.currency
    }
  }

  const before = await mustLoad(tx, tenantId, current.id)
  const previousTeamMemberId = current.teamMemberId
  if (Object.keys(columns).length === 0) {
    return { appointment: before, moved: false, previousTeamMemberId, places: null }
  }
  const update = () => repo.update(tenantId, current.id, columns)
  if (placement) await guardClash(tenantId, clashOf(placement), policy.timeZone, update)
  else await update()
  const after = await mustLoad(tx, tenantId, current.id)
  const diff = changedFields(before, after, appointmentFields)
  if (diff.length > 0) {
    await createActivityRepository(tx).record({
      tenantId,
      actor: request.actor,
      entityType: 'appointment',
      entityId: current.id,
      action: 'updated',
      summary: updateSummary(before, after, diff, policy.timeZone),
      changes: diff,
    })
  }
  await notifyAppointmentChange(tx, {
    tenantId,
    type: 'appointment.updated',
    appointmentId: current.id,
  })
  const moved = placement !== undefined
  const places =
    moved && !serviceChanged
      ? { before: placeOf(current), after: placeOf({ ...current, ...columns }) }
      : null
  return { appointment: after, moved, previousTeamMemberId, places }
}

/** The new length in minutes of a resize to `endsAt`, refused where it cannot be. */
function lengthOf(startsAt: number, endsAt: number, serviceChanged: boolean): number {
  if (serviceChanged) {
    throw invalidField(
      'body.ends_at',
      'cannot be set with a new service: it takes the service’s own length',
    )
  }
  const minutes = (endsAt - startsAt) / MINUTE_MS
  if (minutes <= 0) throw invalidField('body.ends_at', 'must be after the start')
  if (!Number.isInteger(minutes)) throw invalidField('body.ends_at', 'must be a whole minute')
  if (minutes > MAX_LENGTH_MINUTES)
    throw invalidField('body.ends_at', 'must be at most 24 hours after the start')
  return minutes
}
