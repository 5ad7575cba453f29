import type { components, operations } from '../../shared/contract/schema.d.ts'
import { can } from '../../shared/permissions.ts'
import type { Database } from '../db/database.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import { readBusyBlocks } from '../db/repositories/external-busy-reads.ts'
import { createScheduleRepository } from '../db/repositories/schedule-repository.ts'
import type { PooledSlot, WorkingPeriod } from '../domain/availability/types.ts'
import { breakPeriods, workingPeriods } from '../domain/availability/working-periods.ts'
import { addDays, dateRangeInstants, daysBetween, startOfDate } from '../domain/business-time.ts'
import type { Member } from '../domain/member.ts'
import { invalidField, notFound } from '../domain/refusal.ts'
import { findAvailability, findNextSlot, NEXT_SLOT_HORIZON_DAYS } from './availability-service.ts'
import { activeService, checkPerformer } from './booking/booking-lookups.ts'

type ProposedSlot = components['schemas']['ProposedSlot']
type Schedule = components['schemas']['Schedule']
type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>

/** The longest date range availability and the schedule answer for, in days after the first. */
const MAX_RANGE_DAYS = 92

/** Staff scheduling (the contract's `scheduling` tag): availability, next slot, schedule. */
export function createSchedulingService(database: Database) {
  const appointments = () => createAppointmentRepository(database.db)

  /** The active service and, when named, a bookable member who performs it; 400 otherwise. */
  async function bookable(tenantId: string, serviceId: string, teamMemberId?: string) {
    const [policy, service] = await Promise.all([
      appointments().policy(tenantId),
      activeService(database.db, tenantId, serviceId, 'query.service_id'),
    ])
    if (teamMemberId) {
      await checkPerformer(database.db, tenantId, teamMemberId, service, 'query.team_member_id')
    }
    return { policy, service }
  }

  return {
    /** Free starts in the date range, each with who is free then. */
    async availability(
      tenantId: string,
      query: QueryOf<'getAvailability'>,
    ): Promise<{ serviceId: string; timeZone: string; slots: PooledSlot[] }> {
      const { service_id, team_member_id, start_date, end_date } = query
      const { policy, service } = await bookable(tenantId, service_id, team_member_id)
      const { from, to } = checkedRange(start_date, end_date, policy.timeZone)
      const slots = await findAvailability(database.db, {
        tenantId,
        service,
        teamMemberId: team_member_id,
        policy,
        now: Date.now(),
        from,
        to,
      })
      return { serviceId: service.id, timeZone: policy.timeZone, slots }
    },

    async nextSlot(
      tenantId: string,
      query: QueryOf<'getNextAvailableSlot'>,
    ): Promise<ProposedSlot> {
      const { service_id, team_member_id } = query
      const { policy, service } = await bookable(tenantId, service_id, team_member_id)
      const next = await findNextSlot(database.db, {
        tenantId,
        service,
        teamMemberId: team_member_id,
        policy,
        now: Date.now(),
      })
      if (!next) {
        const who = team_member_id ? 'The team member has' : 'Nobody who performs it has'
        throw notFound(
          `${who} a free time for ${service.name} in the next ${NEXT_SLOT_HORIZON_DAYS} days.`,
        )
      }
      return {
        starts_at: iso(next.slot.startsAt),
        ends_at: iso(next.slot.endsAt),
        team_member_id: next.teamMemberId,
        team_member_name: next.teamMemberName,
      }
    },

    /**
     * The team's working time, breaks, time off and busy times from their own calendars; a
     * busy time's title only for the member themselves and whoever may edit the team.
     */
    async schedule(member: Member, query: QueryOf<'getSchedule'>): Promise<Schedule> {
      const { tenantId } = member
      const { team_member_id, start_date, end_date } = query
      const repo = appointments()
      const policy = await repo.policy(tenantId)
      if (team_member_id && !(await repo.teamMemberExists(tenantId, team_member_id))) {
        throw invalidField('query.team_member_id', 'is not a team member of this business')
      }
      const { from, to } = checkedRange(start_date, end_date, policy.timeZone)
      // One member is shown whether bookable or not; the team view shows who can be booked.
      const schedules = await createScheduleRepository(database.db).load(tenantId, {
        teamMemberId: team_member_id,
        bookableOnly: !team_member_id,
        from,
        to,
      })
      const busyBlocks = await readBusyBlocks(
        database.db,
        tenantId,
        schedules.map((schedule) => schedule.teamMemberId),
        { from, to },
      )
      const seesTitlesOf = (teamMemberId: string) =>
        member.teamMemberId === teamMemberId || can(member.permission, 'team.write')
      return {
        time_zone: policy.timeZone,
        members: schedules
          .sort(
            (a, b) => a.name.localeCompare(b.name) || a.teamMemberId.localeCompare(b.teamMemberId),
          )
          .map((schedule) => ({
            team_member_id: schedule.teamMemberId,
            name: schedule.name,
            color: schedule.color,
            time_zone: schedule.timeZone,
            working_periods: workingPeriods(schedule, from, to).map(toPeriod),
            breaks: breakPeriods(schedule, from, to).map(toPeriod),
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
            busy_blocks: busyBlocks
              .filter((busy) => busy.teamMemberId === schedule.teamMemberId)
              .map((busy) => ({
                starts_at: busy.startsAt.toISOString(),
                ends_at: busy.endsAt.toISOString(),
                title: seesTitlesOf(busy.teamMemberId) && busy.summary ? busy.summary : null,
              })),
          })),
      }
    },
  }
}

/** start_date…end_date (both inclusive, in the business's zone) as instants, checked. */
function checkedRange(startDate: string, endDate: string, timeZone: string) {
  const days = daysBetween(startDate, endDate)
  if (days < 0)
    throw invalidField('query.end_date', `must be on or after start_date (${startDate})`)
  if (days > MAX_RANGE_DAYS) {
    throw invalidField('query.end_date', `must be at most ${MAX_RANGE_DAYS} days after start_date`)
  }
  return dateRangeInstants(startDate, endDate, timeZone)
}

function iso(instant: number): string {
  return new Date(instant).toISOString()
}

function toPeriod(period: WorkingPeriod): components['schemas']['Period'] {
  return { starts_at: iso(period.startsAt), ends_at: iso(period.endsAt) }
}
