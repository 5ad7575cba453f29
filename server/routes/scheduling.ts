import type { FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import {
  type BusinessPolicy,
  createAppointmentRepository,
} from '../db/repositories/appointment-repository.ts'
import { createScheduleRepository } from '../db/repositories/schedule-repository.ts'
import type { PooledSlot } from '../domain/availability/types.ts'
import { workingPeriods } from '../domain/availability/working-periods.ts'
import { addDays, dateRangeInstants, daysBetween, startOfDate } from '../domain/business-time.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../plugins/auth.ts'
import {
  findAvailability,
  findNextSlot,
  NEXT_SLOT_HORIZON_DAYS,
} from '../services/availability-service.ts'
import { activeService, checkPerformer } from '../services/booking-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'

type ProposedSlot = components['schemas']['ProposedSlot']
type Schedule = components['schemas']['Schedule']

/** The longest date range availability and the schedule answer for, in days after the first. */
const MAX_RANGE_DAYS = 92

export interface SchedulingHandlerDeps {
  database: Database
  members: ReturnType<typeof createMembershipService>
}

/** Handlers for the contract's `scheduling` tag (availability, next slot, schedule). */
export function createSchedulingHandlers({ database, members }: SchedulingHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))

  return {
    /**
     * Answered as a JSON string built here: a 90-day range for a team is thousands of slots,
     * and this is the hot path of the calendar and the booking pages.
     */
    async getAvailability(
      request: OperationRequest<'getAvailability'>,
      reply: FastifyReply,
    ): Promise<string> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see availability')
      const { service_id, team_member_id, start_date, end_date } = request.query
      const repo = createAppointmentRepository(database.db)
      const [policy, service] = await Promise.all([
        repo.policy(member.tenantId),
        activeService(database.db, member.tenantId, service_id, 'query.service_id'),
      ])
      if (team_member_id)
        await checkPerformer(
          database.db,
          member.tenantId,
          team_member_id,
          service,
          'query.team_member_id',
        )
      const { from, to } = checkedRange(start_date, end_date, policy.timeZone)
      const slots = await findAvailability(database.db, {
        tenantId: member.tenantId,
        service,
        teamMemberId: team_member_id,
        policy,
        now: Date.now(),
        from,
        to,
      })
      reply.type('application/json; charset=utf-8')
      return availabilityJson(service.id, policy.timeZone, slots)
    },

    async getNextAvailableSlot(
      request: OperationRequest<'getNextAvailableSlot'>,
    ): Promise<ProposedSlot> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see availability')
      const { service_id, team_member_id } = request.query
      const repo = createAppointmentRepository(database.db)
      const [policy, service] = await Promise.all([
        repo.policy(member.tenantId),
        activeService(database.db, member.tenantId, service_id, 'query.service_id'),
      ])
      if (team_member_id)
        await checkPerformer(
          database.db,
          member.tenantId,
          team_member_id,
          service,
          'query.team_member_id',
        )
      const next = await findNextSlot(database.db, {
        tenantId: member.tenantId,
        service,
        teamMemberId: team_member_id,
        policy,
        now: Date.now(),
      })
      if (!next) {
        const who = team_member_id ? 'The team member has' : 'Nobody who performs it has'
        throw new HttpProblem(
          404,
          `${who} a free time for ${service.name} in the next ${NEXT_SLOT_HORIZON_DAYS} days.`,
        )
      }
      return {
        starts_at: new Date(next.slot.startsAt).toISOString(),
        ends_at: new Date(next.slot.endsAt).toISOString(),
        team_member_id: next.teamMemberId,
        team_member_name: next.teamMemberName,
      }
    },

    async getSchedule(request: OperationRequest<'getSchedule'>): Promise<Schedule> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see the schedule')
      const { team_member_id, start_date, end_date } = request.query
      const repo = createAppointmentRepository(database.db)
      const policy = await repo.policy(member.tenantId)
      if (team_member_id && !(await repo.teamMemberExists(member.tenantId, team_member_id))) {
        throw invalid('query.team_member_id', 'is not a team member of this business')
      }
      const { from, to } = checkedRange(start_date, end_date, policy.timeZone)
      // One member is shown whether bookable or not; the team view shows who can be booked.
      const schedules = await createScheduleRepository(database.db).load(member.tenantId, {
        teamMemberId: team_member_id,
        bookableOnly: !team_member_id,
        from,
        to,
      })
      return {
        time_zone: policy.timeZone,
        members: schedules
          .sort(
            (a, b) => a.name.localeCompare(b.name) || a.teamMemberId.localeCompare(b.teamMemberId),
          )
          .map((schedule) => ({
            team_member_id: schedule.teamMemberId,
            name: schedule.name,
            time_zone: schedule.timeZone,
            working_periods: workingPeriods(schedule, from, to).map((period) => ({
              starts_at: iso(period.startsAt),
              ends_at: iso(period.endsAt),
            })),
            time_off: schedule.timeOff
              .map((span, index) => {
                const [start, end] = span.allDay
                  ? [
                      startOfDate(span.startDate, schedule.timeZone),
                      startOfDate(addDays(span.endDate, 1), schedule.timeZone),
                    ]
                  : [span.startsAt.getTime(), span.endsAt.getTime()]
                return { start, end, reason: schedule.timeOffReasons[index] ?? '' }
              })
              .filter((away) => away.start < to && away.end > from)
              .sort((a, b) => a.start - b.start)
              .map((away) => ({
                starts_at: iso(away.start),
                ends_at: iso(away.end),
                reason: away.reason,
              })),
          })),
      }
    },
  }
}

/** start_date…end_date (both inclusive, in the business's zone) as instants, checked. */
function checkedRange(startDate: string, endDate: string, timeZone: BusinessPolicy['timeZone']) {
  const days = daysBetween(startDate, endDate)
  if (days < 0) throw invalid('query.end_date', `must be on or after start_date (${startDate})`)
  if (days > MAX_RANGE_DAYS) {
    throw invalid('query.end_date', `must be at most ${MAX_RANGE_DAYS} days after start_date`)
  }
  return dateRangeInstants(startDate, endDate, timeZone)
}

/** The Availability document as text: plain concatenation, no schema-driven serializer. */
function availabilityJson(serviceId: string, timeZone: string, slots: PooledSlot[]): string {
  const parts = slots.map(
    (slot) =>
      `{"starts_at":"${iso(slot.startsAt)}","ends_at":"${iso(slot.endsAt)}","team_member_ids":${JSON.stringify(slot.teamMemberIds)}}`,
  )
  return `{"service_id":${JSON.stringify(serviceId)},"time_zone":${JSON.stringify(timeZone)},"slots":[${parts.join(',')}]}`
}

function iso(instant: number): string {
  return new Date(instant).toISOString()
}

function invalid(path: string, message: string): HttpProblem {
  return new HttpProblem(400, `${path} ${message}.`, { errors: [{ path, message }] })
}
