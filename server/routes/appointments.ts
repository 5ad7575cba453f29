import type { FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import { can } from '../../shared/permissions.ts'
import type { Database } from '../db/database.ts'
import { loadAppointment, loadAppointments } from '../db/read-models/appointment-views.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import { addDays, dateAt, startOfDate, weekAround } from '../domain/business-time.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { requireCapability } from '../http/require-capability.ts'
import type { AppointmentNotifier } from '../notifications/appointment-notifier.ts'
import { requireIdentity } from '../plugins/auth.ts'
import { cancelAppointment, closeAppointment } from '../services/appointment-lifecycle.ts'
import { appointmentNotFound, type createBookingService } from '../services/booking-service.ts'
import type { createMembershipService, Member } from '../services/membership-service.ts'
import { createSubmittedDetailsService } from '../services/submitted-details-service.ts'

type Appointment = components['schemas']['Appointment']
type AppointmentList = components['schemas']['AppointmentList']
type Dashboard = components['schemas']['Dashboard']

const DAY_MS = 86_400_000
/** The longest range the list answers for: a little over three months of calendar. */
const MAX_LIST_DAYS = 100
const NO_SHOW_PERIOD_DAYS = 30
const UPCOMING_LIMIT = 10
/** Statuses that hold a team member's time (everything but cancelled). */
const HELD = ['confirmed', 'completed', 'no_show'] as const

export interface AppointmentHandlerDeps {
  database: Database
  members: ReturnType<typeof createMembershipService>
  /** The app's one booking service (shared with public booking). */
  bookings: ReturnType<typeof createBookingService>
  /** Tells customer and team member of a cancellation. */
  notifier: AppointmentNotifier
}

/** Handlers for the contract's `appointments` tag (appointments and the dashboard). */
export function createAppointmentHandlers({
  database,
  members,
  bookings,
  notifier,
}: AppointmentHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))
  const submittedDetails = createSubmittedDetailsService(database)

  /** Completed or no-show: the same rules, the same path, one status apart. */
  async function close(
    request: OperationRequest<'completeAppointment' | 'markAppointmentNoShow'>,
    status: 'completed' | 'no_show',
  ): Promise<Appointment> {
    const member = await memberOf(request)
    const own = ownColumn(member, 'close appointments')
    return database.transaction((tx) =>
      closeAppointment(tx, {
        tenantId: member.tenantId,
        appointmentId: request.params.appointmentId,
        status,
        onlyTeamMemberId: own,
        actor: member.actor,
      }),
    )
  }

  return {
    async listAppointments(
      request: OperationRequest<'listAppointments'>,
    ): Promise<AppointmentList> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see appointments')
      const { from, to, team_member_id, customer_id, status, limit = 500 } = request.query
      const range = { from: new Date(from), to: new Date(to) }
      if (range.to.getTime() <= range.from.getTime()) {
        throw invalid('query.to', `must be later than from (${from})`)
      }
      if (range.to.getTime() - range.from.getTime() > MAX_LIST_DAYS * DAY_MS) {
        throw invalid('query.to', `must be at most ${MAX_LIST_DAYS} days after from`)
      }
      const repo = createAppointmentRepository(database.db)
      if (team_member_id && !(await repo.teamMemberExists(member.tenantId, team_member_id))) {
        throw invalid('query.team_member_id', 'is not a team member of this business')
      }
      if (customer_id && !(await repo.customerExists(member.tenantId, customer_id))) {
        throw invalid('query.customer_id', 'is not a customer of this business')
      }
      // One more than asked for tells whether there are more.
      const items = await loadAppointments(database.db, member.tenantId, {
        overlapping: range,
        teamMemberId: team_member_id,
        customerId: customer_id,
        statuses: status,
        limit: limit + 1,
      })
      return { items: items.slice(0, limit), truncated: items.length > limit }
    },

    async getAppointment(request: OperationRequest<'getAppointment'>): Promise<Appointment> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see appointments')
      const appointment = await loadAppointment(
        database.db,
        member.tenantId,
        request.params.appointmentId,
      )
      if (!appointment) throw appointmentNotFound()
      return appointment
    },

    async createAppointment(
      request: OperationRequest<'createAppointment'>,
      reply: FastifyReply,
    ): Promise<Appointment> {
      const member = await memberOf(request)
      const own = ownColumn(member, 'book appointments')
      const input = request.body
      // Staff book in their own column; "any available" from them means themselves.
      if (own !== null && input.team_member_id && input.team_member_id !== own) {
        throw new HttpProblem(403, "You don't have permission to book for other team members.")
      }
      const appointment = await bookings.book({
        tenantId: member.tenantId,
        serviceId: input.service_id,
        teamMemberId: own ?? input.team_member_id,
        customerId: input.customer_id,
        startsAt: new Date(input.starts_at),
        notes: input.notes,
        overrideWorkingHours: input.override_working_hours,
        source: 'staff',
        createdBy: member.uid,
        actor: member.actor,
      })
      reply.code(201)
      return appointment
    },

    async updateAppointment(request: OperationRequest<'updateAppointment'>): Promise<Appointment> {
      const member = await memberOf(request)
      const own = ownColumn(member, 'change appointments')
      const input = request.body
      return bookings.reschedule({
        tenantId: member.tenantId,
        appointmentId: request.params.appointmentId,
        changes: {
          serviceId: input.service_id,
          teamMemberId: input.team_member_id,
          customerId: input.customer_id,
          startsAt: input.starts_at === undefined ? undefined : new Date(input.starts_at),
          notes: input.notes,
        },
        overrideWorkingHours: input.override_working_hours,
        onlyTeamMemberId: own,
        actor: member.actor,
      })
    },

    async cancelAppointment(request: OperationRequest<'cancelAppointment'>): Promise<Appointment> {
      const member = await memberOf(request)
      const own = ownColumn(member, 'cancel appointments')
      return database.transaction((tx) =>
        cancelAppointment(tx, {
          tenantId: member.tenantId,
          appointmentId: request.params.appointmentId,
          reason: request.body.reason,
          onlyTeamMemberId: own,
          actor: member.actor,
          notifier,
        }),
      )
    },

    completeAppointment: (request: OperationRequest<'completeAppointment'>) =>
      close(request, 'completed'),

    async acceptSubmittedDetails(
      request: OperationRequest<'acceptSubmittedDetails'>,
    ): Promise<Appointment> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see appointments')
      requireCapability(member, 'customers.write', 'change customers')
      return submittedDetails.accept(member, request.params.appointmentId, request.body.fields)
    },

    markAppointmentNoShow: (request: OperationRequest<'markAppointmentNoShow'>) =>
      close(request, 'no_show'),

    /**
     * Today and this week (Monday to Sunday) in the business's time zone. Counts leave out
     * cancelled appointments; revenue is the price of confirmed and completed ones in the
     * business currency (prices captured in an earlier currency cannot be added to it); the
     * no-show rate is over the appointments that started in the last 30 days and were closed.
     */
    async getDashboard(request: FastifyRequest): Promise<Dashboard> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see the dashboard')
      const repo = createAppointmentRepository(database.db)
      const { timeZone, currency } = await repo.policy(member.tenantId)
      const now = Date.now()
      const today = dateAt(now, timeZone)
      const week = weekAround(today)
      const dayStart = new Date(startOfDate(today, timeZone))
      const tomorrow = new Date(startOfDate(addDays(today, 1), timeZone))
      const weekStart = new Date(startOfDate(week.startDate, timeZone))
      const weekEnd = new Date(startOfDate(addDays(week.endDate, 1), timeZone))
      const tenantId = member.tenantId

      const todayTotals = await repo.totals(tenantId, dayStart, tomorrow, currency)
      const weekTotals = await repo.totals(tenantId, weekStart, weekEnd, currency)
      const attendance = await repo.attendance(
        tenantId,
        new Date(now - NO_SHOW_PERIOD_DAYS * DAY_MS),
        new Date(now),
      )
      const todayAppointments = await loadAppointments(database.db, tenantId, {
        startingFrom: dayStart,
        startingBefore: tomorrow,
        statuses: HELD,
        limit: 500,
      })
      const upcoming = await loadAppointments(database.db, tenantId, {
        startingFrom: tomorrow,
        statuses: HELD,
        limit: UPCOMING_LIMIT,
      })
      const closed = attendance.completed + attendance.noShows
      return {
        time_zone: timeZone,
        today: { date: today, count: todayTotals.count },
        week: {
          start_date: week.startDate,
          end_date: week.endDate,
          count: weekTotals.count,
          revenue: { amount_minor: weekTotals.revenue, currency },
        },
        no_show_rate: {
          rate: closed === 0 ? null : attendance.noShows / closed,
          no_shows: attendance.noShows,
          attended_or_missed: closed,
          period_days: NO_SHOW_PERIOD_DAYS,
        },
        today_appointments: todayAppointments,
        upcoming,
      }
    },
  }
}

/**
 * Whose appointments the member may book, change or close: null for anyone's
 * ('appointments.write'), their own team-member id for 'appointments.writeOwn'; else 403.
 */
function ownColumn(member: Member, what: string): string | null {
  if (can(member.permission, 'appointments.write')) return null
  requireCapability(member, 'appointments.writeOwn', what)
  if (!member.teamMemberId) {
    throw new HttpProblem(
      403,
      `You don't have permission to ${what}: you have no team-member record.`,
    )
  }
  return member.teamMemberId
}

function invalid(path: string, message: string): HttpProblem {
  return new HttpProblem(400, `${path} ${message}.`, { errors: [{ path, message }] })
}
