import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { BusyAppointment, MemberSchedule } from '../../domain/availability/types.ts'
import type { SeatRow } from '../../domain/group-sessions.ts'
import { takesTimeAt, takesTimeInConstraint } from '../appointment-occupancy.ts'
import type { Db } from '../database.ts'
import { appointments, serviceTeamMembers, teamMembers, timeOff } from '../schema.ts'
import { externalBusyJson, readExternalBusy } from './external-busy-reads.ts'
import { busyReach, busyWhere, readBusyRanges, readBusyRows } from './schedule-busy-reads.ts'
import {
  readTimeOff,
  type TimeOffJson,
  timeOffFromJson,
  timeOffWhere,
} from './schedule-time-off-reads.ts'
import { type TimeOffRow, timeOffSpan } from './time-off-repository.ts'

/** A non-cancelled appointment holding the member's time, as booking needs it. */
export interface BusyRow extends BusyAppointment {
  id: string
  seatGroup: string
}

/**
 * A team member's inputs for the availability engine, with their name. `busy` holds the busy
 * ranges as they are stored (buffers included, so each with zero buffers of its own).
 */
export interface LoadedSchedule extends MemberSchedule {
  name: string
  /** Their calendar colour (`#rrggbb`). */
  color: string
  /** Reasons of `timeOff`, index by index, for the staff calendar. */
  timeOffReasons: string[]
  /**
   * When the first payment hold among `busy` ends (`load` only; absent when it read none): its
   * time is free from then, so what was read holds only until that instant.
   */
  firstHoldEndsAt?: number
}

/** A schedule whose busy appointments keep their ids and seat groups (for booking). */
export interface DetailedSchedule extends LoadedSchedule {
  busy: BusyRow[]
}

export interface ScheduleQuery {
  /** Only members who perform this service. */
  serviceId?: string
  /** Only this member. */
  teamMemberId?: string
  /** Only bookable members (default true). */
  bookableOnly?: boolean
  /** The instants the caller looks at; busy time touching them is read, buffers included. */
  from: number
  to: number
  /** The clock (defaults to now): a payment hold ended by then no longer takes its time. */
  now?: number | undefined
  /** The members as `members()` read them for this query (cached): their query is skipped. */
  members?: readonly ScheduleMember[] | undefined
  /** Their time off as `timeOff()` read it for this range (cached): its query is skipped. */
  timeOff?: readonly TimeOffRow[] | undefined
}

/** A member who may take the query's appointments, with their weekly hours. */
export type ScheduleMember = Awaited<ReturnType<typeof readMembers>>[number]

/**
 * Loads the availability engine's inputs for the team of one business in three queries
 * whatever the team's size or the range's length: members with their weekly hours, their
 * time off, and their busy time.
 */
export function createScheduleRepository(db: Db) {
  async function loadWith<B>(
    tenantId: string,
    query: ScheduleQuery,
    readBusy: (ids: string[]) => Promise<Map<string, B[]>>,
  ) {
    const members = query.members ?? (await readMembers(db, tenantId, query))
    if (members.length === 0) return []
    const ids = members.map((member) => member.id)
    const [away, busy, external] = await Promise.all([
      query.timeOff ?? readTimeOff(db, tenantId, ids, query.from, query.to),
      readBusy(ids),
      readExternalBusy(db, tenantId, ids, busyReach(query)),
    ])
    return members.map((member) => {
      const memberAway = away.filter((row) => row.teamMemberId === member.id)
      return {
        teamMemberId: member.id,
        name: member.name,
        color: member.color,
        timeZone: member.timeZone,
        workingHours: member.workingHours,
        timeOff: memberAway.map(timeOffSpan),
        timeOffReasons: memberAway.map((row) => row.reason),
        busy: busy.get(member.id) ?? [],
        externalBusy: external.get(member.id) ?? [],
      }
    })
  }

  return {
    /** The members a query covers, with their weekly hours (what `load` reads first). */
    members(tenantId: string, query: Omit<ScheduleQuery, 'from' | 'to' | 'now' | 'members'>) {
      return readMembers(db, tenantId, query)
    },

    /** The members' time off that may touch [from, to) (what `load` reads beside busy time). */
    timeOff(tenantId: string, ids: string[], from: number, to: number): Promise<TimeOffRow[]> {
      return readTimeOff(db, tenantId, ids, from, to)
    },

    /**
     * For slots: busy time as bare ranges, aggregated per member in the database. A 90-day
     * range holds thousands of appointments, and one string per member parses far faster
     * than a row per appointment (measured on PGlite: about a quarter of the time).
     */
    async load(tenantId: string, query: ScheduleQuery): Promise<LoadedSchedule[]> {
      const holdsEnd = new Map<string, number>()
      const schedules: LoadedSchedule[] = await loadWith(tenantId, query, (ids) =>
        readBusyRanges(db, tenantId, ids, query, holdsEnd),
      )
      for (const schedule of schedules) {
        const end = holdsEnd.get(schedule.teamMemberId)
        if (end !== undefined) schedule.firstHoldEndsAt = end
      }
      return schedules
    },

    /** For booking: each busy appointment with its id and seat group. */
    loadDetailed(tenantId: string, query: ScheduleQuery): Promise<DetailedSchedule[]> {
      return loadWith(tenantId, query, (ids) => readBusyRows(db, tenantId, ids, query))
    },

    /**
     * `loadDetailed` of one member, bookable or not, in one statement: their hours, time off
     * and busy appointments as `loadDetailed` reads them (same conditions, same order), for
     * the check under the member's lock, where every round trip holds the lock longer.
     */
    async loadDetailedMember(
      tenantId: string,
      teamMemberId: string,
      range: Pick<ScheduleQuery, 'from' | 'to' | 'now'>,
    ): Promise<DetailedSchedule | undefined> {
      const ids = [teamMemberId]
      const [row] = await db
        .select({
          id: teamMembers.id,
          name: teamMembers.name,
          color: teamMembers.color,
          timeZone: teamMembers.timeZone,
          workingHours: teamMembers.workingHours,
          timeOff: sql<TimeOffJson[]>`(select coalesce(json_agg(json_build_object(
              'id', ${timeOff.id}, 'allDay', ${timeOff.allDay},
              'startDate', ${timeOff.startDate}, 'endDate', ${timeOff.endDate},
              'startsAt', ${epochMsOf(timeOff.startsAt)}, 'endsAt', ${epochMsOf(timeOff.endsAt)},
              'reason', ${timeOff.reason})
            order by ${timeOff.startDate} asc, ${timeOff.startsAt} asc), '[]'::json)
            from ${timeOff} where ${timeOffWhere(tenantId, ids, range.from, range.to)})`,
          busy: sql<BusyRow[]>`(select coalesce(json_agg(json_build_object(
              'id', ${appointments.id}, 'seatGroup', ${appointments.seatGroup},
              'startsAt', ${epochMsOf(appointments.startsAt)},
              'endsAt', ${epochMsOf(appointments.endsAt)},
              'bufferBeforeMinutes', ${appointments.bufferBeforeMinutes},
              'bufferAfterMinutes', ${appointments.bufferAfterMinutes})
            order by ${appointments.startsAt} asc), '[]'::json)
            from ${appointments} where ${busyWhere(tenantId, ids, range)})`,
          externalBusy: externalBusyJson(tenantId, teamMemberId, busyReach(range)),
        })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.id, teamMemberId)))
      if (!row) return undefined
      const away = row.timeOff.map(timeOffFromJson)
      return {
        teamMemberId: row.id,
        name: row.name,
        color: row.color,
        timeZone: row.timeZone,
        workingHours: row.workingHours,
        timeOff: away.map(timeOffSpan),
        timeOffReasons: row.timeOff.map((entry) => entry.reason),
        busy: row.busy,
        externalBusy: row.externalBusy,
      }
    },

    /** Booked seats of the service's group sessions starting in [from, to), by member. */
    async seats(
      tenantId: string,
      serviceId: string,
      teamMemberIds: readonly string[],
      from: number,
      to: number,
      now: number = Date.now(),
    ): Promise<Map<string, SeatRow[]>> {
      const bySeat = new Map<string, SeatRow[]>()
      if (teamMemberIds.length === 0) return bySeat
      const rows = await db
        .select({
          teamMemberId: appointments.teamMemberId,
          seatGroup: appointments.seatGroup,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
          status: appointments.status,
          holdExpiresAt: appointments.holdExpiresAt,
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            inArray(appointments.teamMemberId, [...teamMemberIds]),
            eq(appointments.serviceId, serviceId),
            takesTimeAt(new Date(now)),
            gte(appointments.startsAt, new Date(from)),
            lt(appointments.startsAt, new Date(to)),
            sql`${appointments.seatGroup} like '%@%'`,
          ),
        )
      for (const row of rows) {
        const list = bySeat.get(row.teamMemberId) ?? []
        const seat: SeatRow = {
          seatGroup: row.seatGroup,
          startsAt: row.startsAt.getTime(),
          endsAt: row.endsAt.getTime(),
        }
        if (row.status === 'pending_payment' && row.holdExpiresAt) {
          seat.holdEndsAt = row.holdExpiresAt.getTime()
        }
        list.push(seat)
        bySeat.set(row.teamMemberId, list)
      }
      return bySeat
    },

    /**
     * For fair assignment: each member's non-cancelled appointments starting in [dayStart,
     * dayEnd), and when their latest non-cancelled appointment was booked (null: never).
     */
    async assignmentLoad(
      tenantId: string,
      teamMemberIds: readonly string[],
      dayStart: number,
      dayEnd: number,
    ): Promise<Map<string, { appointmentsThatDay: number; lastAssignedAt: number | null }>> {
      const load = new Map(
        teamMemberIds.map((id) => [
          id,
          { appointmentsThatDay: 0, lastAssignedAt: null as number | null },
        ]),
      )
      if (teamMemberIds.length === 0) return load
      const rows = await db
        .select({
          teamMemberId: appointments.teamMemberId,
          thatDay: sql<number>`count(*) filter (where ${appointments.startsAt} >= ${iso(dayStart)}::timestamptz and ${appointments.startsAt} < ${iso(dayEnd)}::timestamptz)::int`,
          lastCreatedAt: sql<string | null>`max(${appointments.createdAt})`,
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            inArray(appointments.teamMemberId, [...teamMemberIds]),
            takesTimeInConstraint,
          ),
        )
        .groupBy(appointments.teamMemberId)
      for (const row of rows) {
        load.set(row.teamMemberId, {
          appointmentsThatDay: Number(row.thatDay),
          lastAssignedAt: row.lastCreatedAt === null ? null : new Date(row.lastCreatedAt).getTime(),
        })
      }
      return load
    },
  }
}

/** Members matching the query, with their weekly hours, by id. */
function readMembers(
  db: Db,
  tenantId: string,
  query: Pick<ScheduleQuery, 'serviceId' | 'teamMemberId' | 'bookableOnly'>,
) {
  const conditions: (SQL | undefined)[] = [eq(teamMembers.tenantId, tenantId)]
  if (query.bookableOnly ?? true) conditions.push(eq(teamMembers.bookable, true))
  if (query.teamMemberId) conditions.push(eq(teamMembers.id, query.teamMemberId))
  if (query.serviceId) {
    conditions.push(
      sql`exists (select 1 from ${serviceTeamMembers}
        where ${serviceTeamMembers.tenantId} = ${teamMembers.tenantId}
          and ${serviceTeamMembers.teamMemberId} = ${teamMembers.id}
          and ${serviceTeamMembers.serviceId} = ${query.serviceId})`,
    )
  }
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      color: teamMembers.color,
      timeZone: teamMembers.timeZone,
      workingHours: teamMembers.workingHours,
    })
    .from(teamMembers)
    .where(and(...conditions))
    .orderBy(asc(teamMembers.id))
}

/** An instant as epoch milliseconds (a JSON number), as the driver's Date would hold it. */
const epochMsOf = (column: AnyPgColumn) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`

function iso(instant: number): string {
  return new Date(instant).toISOString()
}
