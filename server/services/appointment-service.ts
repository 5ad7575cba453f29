import type { components, operations } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { loadAppointment, loadAppointments } from '../db/read-models/appointment-views.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import type { ClosingStatus } from '../domain/appointment-status.ts'
import { instantRangeRefusal } from '../domain/instant-range.ts'
import type { Actor } from '../domain/member.ts'
import { forbidden, invalidField } from '../domain/refusal.ts'
import type { AppointmentNotifier } from '../notifications/appointment-notifier.ts'
import { cancelAppointment, closeAppointment } from './appointment-lifecycle.ts'
import { appointmentNotFound } from './booking/booking-lookups.ts'
import type { createBookingService } from './booking/booking-service.ts'
import type { AppointmentRefundService } from './payments/appointment-refunds.ts'

type Appointment = components['schemas']['Appointment']
type AppointmentList = components['schemas']['AppointmentList']
type ListQuery = NonNullable<operations['listAppointments']['parameters']['query']>
type NewAppointmentInput = components['schemas']['AppointmentInput']
type AppointmentUpdate = components['schemas']['AppointmentPatch']
type UpdatedAppointment = components['schemas']['UpdatedAppointment']

/** The longest range the list answers for: a little over three months of calendar. */
const MAX_LIST_DAYS = 100

/** Who acts on the staff side, and whose appointments they may write. */
export interface StaffWriter {
  tenantId: string
  /** Only this team member's appointments (their own column); null: anyone's. */
  onlyTeamMemberId: string | null
  /** Uid of the staff user, kept as the booking's creator. */
  uid: string
  actor: Actor
}

/** Staff appointments (the contract's `appointments` tag): read, book, change, cancel, close. */
export function createAppointmentService(deps: {
  database: Database
  /** The app's one booking service (shared with public booking). */
  bookings: ReturnType<typeof createBookingService>
  /** Tells customer and team member of a cancellation. */
  notifier: AppointmentNotifier
  /** Makes the refunds cancellations owe. */
  refunds: AppointmentRefundService
}) {
  const { database, bookings, notifier, refunds } = deps

  return {
    /** One more than asked for is read, to tell whether there are more. */
    async list(tenantId: string, query: ListQuery): Promise<AppointmentList> {
      const { from, to, team_member_id, customer_id, status, limit = 500 } = query
      const tooLong = instantRangeRefusal({ from, to }, MAX_LIST_DAYS)
      if (tooLong) throw invalidField(tooLong.path, tooLong.message)
      const range = { from: new Date(from), to: new Date(to) }
      const repo = createAppointmentRepository(database.db)
      if (team_member_id && !(await repo.teamMemberExists(tenantId, team_member_id))) {
        throw invalidField('query.team_member_id', 'is not a team member of this business')
      }
      if (customer_id && !(await repo.customerExists(tenantId, customer_id))) {
        throw invalidField('query.customer_id', 'is not a customer of this business')
      }
      const items = await loadAppointments(database.db, tenantId, {
        overlapping: range,
        teamMemberId: team_member_id,
        customerId: customer_id,
        statuses: status,
        limit: limit + 1,
      })
      return { items: items.slice(0, limit), truncated: items.length > limit }
    },

    async get(tenantId: string, appointmentId: string): Promise<Appointment> {
      const appointment = await loadAppointment(database.db, tenantId, appointmentId)
      if (!appointment) throw appointmentNotFound()
      return appointment
    },

    /** Staff book in their own column; "any available" from them means themselves. */
    async book(writer: StaffWriter, input: NewAppointmentInput): Promise<Appointment> {
      const own = writer.onlyTeamMemberId
      if (own !== null && input.team_member_id && input.team_member_id !== own) {
        throw forbidden("You don't have permission to book for other team members.")
      }
      return bookings.book({
        tenantId: writer.tenantId,
        serviceId: input.service_id,
        teamMemberId: own ?? input.team_member_id,
        customerId: input.customer_id,
        startsAt: new Date(input.starts_at),
        notes: input.notes,
        overrideWorkingHours: input.override_working_hours,
        source: 'staff',
        createdBy: writer.uid,
        actor: writer.actor,
      })
    },

    /** A move or resize answers its change id, for `undoChange`; its e-mails wait for it. */
    update(
      writer: StaffWriter,
      appointmentId: string,
      input: AppointmentUpdate,
    ): Promise<UpdatedAppointment> {
      const instant = (value: string | undefined) =>
        value === undefined ? undefined : new Date(value)
      return bookings.reschedule({
        tenantId: writer.tenantId,
        appointmentId,
        changes: {
          serviceId: input.service_id,
          teamMemberId: input.team_member_id,
          customerId: input.customer_id,
          startsAt: instant(input.starts_at),
          endsAt: instant(input.ends_at),
          notes: input.notes,
        },
        overrideWorkingHours: input.override_working_hours,
        undoable: { notifyCustomer: input.notify_customer },
        onlyTeamMemberId: writer.onlyTeamMemberId,
        actor: writer.actor,
      })
    },

    undoChange(writer: StaffWriter, appointmentId: string, changeId: string): Promise<Appointment> {
      return bookings.undoChange({
        tenantId: writer.tenantId,
        appointmentId,
        changeId,
        onlyTeamMemberId: writer.onlyTeamMemberId,
        actor: writer.actor,
      })
    },

    /**
     * The business cancelling refunds what the customer paid in full, unless staff keep what
     * the refund rule allows after the cut-off. The refund is owed with the cancellation and
     * made right after it commits (a Stripe outage leaves it to the payment job).
     */
    async cancel(
      writer: StaffWriter,
      appointmentId: string,
      input: { reason: string; keep_payment?: boolean | undefined },
    ): Promise<Appointment> {
      const cancelled = await database.transaction((tx) =>
        cancelAppointment(tx, {
          tenantId: writer.tenantId,
          appointmentId,
          reason: input.reason,
          onlyTeamMemberId: writer.onlyTeamMemberId,
          actor: writer.actor,
          notifier,
          refund: { by: 'business', keepPayment: input.keep_payment ?? false },
        }),
      )
      await refunds.settleOwed(writer.tenantId, appointmentId)
      return cancelled
    },

    /** Completed or no-show: the same rules, the same path, one status apart. */
    close(writer: StaffWriter, appointmentId: string, status: ClosingStatus): Promise<Appointment> {
      return database.transaction((tx) =>
        closeAppointment(tx, {
          tenantId: writer.tenantId,
          appointmentId,
          status,
          onlyTeamMemberId: writer.onlyTeamMemberId,
          actor: writer.actor,
        }),
      )
    },
  }
}
