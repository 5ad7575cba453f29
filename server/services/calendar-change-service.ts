import type { components } from '../../shared/contract/schema.d.ts'
import type { Database, Db } from '../db/database.ts'
import { loadAppointment } from '../db/read-models/appointment-views.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import {
  type CalendarChangeRow,
  createCalendarChangeRepository,
} from '../db/repositories/calendar-change-repository.ts'
import { queueCalendarWrite } from '../db/repositories/calendar-write-repository.ts'
import { calendarChangeSummary } from '../domain/appointment-changes.ts'
import { conflict, forbidden } from '../domain/refusal.ts'
import type { AppointmentNotifier } from '../notifications/appointment-notifier.ts'
import { notifyAppointmentChange } from '../realtime/live-events.ts'
import { cancelAppointment } from './appointment-lifecycle.ts'
import type { StaffWriter } from './appointment-service.ts'
import { appointmentNotFound, mustLoad } from './booking/booking-lookups.ts'
import type { createBookingService } from './booking/booking-service.ts'
import type { AppointmentRefundService } from './payments/appointment-refunds.ts'

type Appointment = components['schemas']['Appointment']
export type CalendarChangeDecision = components['schemas']['CalendarChangeDecision']['decision']

/*
 * Staff's answer to a change made outside Slotwise to an appointment's event in its member's
 * calendar (issue 25, item 5; the sync raises it, calendar-outside-changes.ts). Accepting a
 * move reschedules through the booking core (its rules, its clash check, the customer told);
 * accepting a deletion cancels as staff would (refund owed included); keeping ours writes the
 * event back. Each decision is one entry in the activity log.
 */
export function createCalendarChangeService(deps: {
  database: Database
  bookings: ReturnType<typeof createBookingService>
  notifier: AppointmentNotifier
  refunds: AppointmentRefundService
}) {
  const { database, bookings, notifier, refunds } = deps

  /** Takes the change as decided and records the decision, in the decision's transaction. */
  async function settle(
    tx: Db,
    writer: StaffWriter,
    before: Appointment,
    change: CalendarChangeRow,
    decision: CalendarChangeDecision,
  ): Promise<void> {
    if (!(await createCalendarChangeRepository(tx).take(change))) throw changedMeanwhile()
    const { timeZone } = await createAppointmentRepository(tx).policy(writer.tenantId)
    await createActivityRepository(tx).record({
      tenantId: writer.tenantId,
      actor: writer.actor,
      entityType: 'appointment',
      entityId: before.id,
      action: 'updated',
      summary: calendarChangeSummary(
        before,
        {
          kind: change.kind,
          calendarName: change.calendarName,
          startsAt: change.startsAt?.toISOString() ?? null,
        },
        decision,
        timeZone,
      ),
    })
  }

  return {
    async decide(
      writer: StaffWriter,
      appointmentId: string,
      decision: CalendarChangeDecision,
    ): Promise<Appointment> {
      const { tenantId } = writer
      const before = await loadAppointment(database.db, tenantId, appointmentId)
      if (!before) throw appointmentNotFound()
      if (writer.onlyTeamMemberId !== null && before.team_member_id !== writer.onlyTeamMemberId) {
        throw forbidden("You don't have permission to change other team members' appointments.")
      }
      const change = await createCalendarChangeRepository(database.db).waiting(
        tenantId,
        appointmentId,
      )
      if (!change || before.status !== 'confirmed') {
        throw conflict(
          'This appointment has no change from its team member’s calendar to decide on.',
        )
      }

      if (decision === 'keep') {
        await database.transaction(async (tx) => {
          await createAppointmentRepository(tx).find(tenantId, appointmentId, { lock: true })
          await settle(tx, writer, before, change, decision)
          // Written again as Slotwise has it: over the moved event, or anew where it was deleted.
          await queueCalendarWrite(tx, tenantId, appointmentId)
          await notifyAppointmentChange(tx, {
            tenantId,
            type: 'appointment.updated',
            appointmentId,
          })
        })
      } else if (change.kind === 'moved' && change.startsAt && change.endsAt) {
        await bookings.reschedule({
          tenantId,
          appointmentId,
          changes: { startsAt: change.startsAt, endsAt: change.endsAt },
          onlyTeamMemberId: writer.onlyTeamMemberId,
          actor: writer.actor,
          alsoInTransaction: (tx) => settle(tx, writer, before, change, decision),
        })
      } else {
        await database.transaction(async (tx) => {
          await cancelAppointment(tx, {
            tenantId,
            appointmentId,
            reason: `Deleted in ${change.calendarName}`,
            onlyTeamMemberId: writer.onlyTeamMemberId,
            actor: writer.actor,
            notifier,
            refund: { by: 'business', keepPayment: false },
          })
          await settle(tx, writer, before, change, decision)
        })
        await refunds.settleOwed(tenantId, appointmentId)
      }
      return mustLoad(database.db, tenantId, appointmentId)
    },
  }
}

function changedMeanwhile() {
  return conflict(
    'This change was decided meanwhile, or the calendar changed it again; look again.',
  )
}
