import { and, eq, gt, gte, inArray, or } from 'drizzle-orm'
import type { TimeOffSpan } from '../../domain/time-off.ts'
import type { Db } from '../database.ts'
import { timeOff } from '../schema.ts'

export type TimeOffRow = typeof timeOff.$inferSelect

const DAY_MS = 24 * 60 * 60 * 1000

/** Time off of a business's team members. Always scoped by tenant and team member. */
export function createTimeOffRepository(db: Db) {
  const inScope = (tenantId: string, teamMemberId: string, id: string) =>
    and(eq(timeOff.tenantId, tenantId), eq(timeOff.teamMemberId, teamMemberId), eq(timeOff.id, id))

  return {
    async create(
      tenantId: string,
      teamMemberId: string,
      span: TimeOffSpan,
      reason: string,
    ): Promise<TimeOffRow> {
      const [row] = await db
        .insert(timeOff)
        .values({
          tenantId,
          teamMemberId,
          allDay: span.allDay,
          startDate: span.allDay ? span.startDate : null,
          endDate: span.allDay ? span.endDate : null,
          startsAt: span.allDay ? null : span.startsAt,
          endsAt: span.allDay ? null : span.endsAt,
          reason,
        })
        .returning()
      if (!row) throw new Error('Inserting time off returned no row.')
      return row
    },

    async find(tenantId: string, teamMemberId: string, id: string) {
      const [row] = await db
        .select()
        .from(timeOff)
        .where(inScope(tenantId, teamMemberId, id))
      return row
    },

    async delete(tenantId: string, teamMemberId: string, id: string): Promise<void> {
      await db.delete(timeOff).where(inScope(tenantId, teamMemberId, id))
    },

    /**
     * Time off of these team members that may not have ended yet: a superset, because whole
     * days end at midnight in each member's own zone. The domain's isCurrentOrUpcoming makes
     * the exact cut; this only keeps old history out of the read.
     */
    async notEndedBefore(
      tenantId: string,
      teamMemberIds: readonly string[],
      now: Date,
    ): Promise<TimeOffRow[]> {
      if (teamMemberIds.length === 0) return []
      // No zone is more than 14 hours behind UTC, so no local "today" is before UTC yesterday.
      const earliestLocalToday = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10)
      return db
        .select()
        .from(timeOff)
        .where(
          and(
            eq(timeOff.tenantId, tenantId),
            inArray(timeOff.teamMemberId, [...teamMemberIds]),
            or(
              and(eq(timeOff.allDay, true), gte(timeOff.endDate, earliestLocalToday)),
              and(eq(timeOff.allDay, false), gt(timeOff.endsAt, now)),
            ),
          ),
        )
    },
  }
}

/** The stored row as the domain's span. */
export function timeOffSpan(
  row: Pick<TimeOffRow, 'id' | 'allDay' | 'startDate' | 'endDate' | 'startsAt' | 'endsAt'>,
): TimeOffSpan {
  if (row.allDay && row.startDate && row.endDate) {
    return { allDay: true, startDate: row.startDate, endDate: row.endDate }
  }
  if (!row.allDay && row.startsAt && row.endsAt) {
    return { allDay: false, startsAt: row.startsAt, endsAt: row.endsAt }
  }
  // The table's CHECK constraint makes any other shape impossible.
  throw new Error(`Time off ${row.id} has neither a date pair nor an instant pair.`)
}
