/*
 * The time off a schedule reads: whole days with two days' margin (a day is read in each
 * member's zone), timed spans that touch the range; in SQL, and the same test in JavaScript for
 * rows read earlier.
 */
import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { timeOff } from '../schema.ts'
import type { TimeOffRow } from './time-off-repository.ts'

const DAY_MS = 86_400_000

/** Time off that may touch [from, to): whole days are read with two days' margin for zones. */
export async function readTimeOff(
  db: Db,
  tenantId: string,
  ids: string[],
  from: number,
  to: number,
) {
  return db
    .select()
    .from(timeOff)
    .where(timeOffWhere(tenantId, ids, from, to))
    .orderBy(asc(timeOff.startDate), asc(timeOff.startsAt))
}

/** The days whose all-day time off may touch [from, to): two days' margin for zones. */
function dateMargin(from: number, to: number) {
  return {
    firstDate: new Date(from - 2 * DAY_MS).toISOString().slice(0, 10),
    lastDate: new Date(to + 2 * DAY_MS).toISOString().slice(0, 10),
  }
}

/**
 * Whether `timeOff(…, from, to)` would read this row: `timeOffWhere` in JavaScript, for a
 * caller that cuts a wider read (cached) down to what a read of [from, to) finds.
 */
export function timeOffTouches(
  row: Pick<TimeOffRow, 'allDay' | 'startDate' | 'endDate' | 'startsAt' | 'endsAt'>,
  from: number,
  to: number,
): boolean {
  if (row.allDay) {
    const { firstDate, lastDate } = dateMargin(from, to)
    // ISO dates compare as strings exactly as dates do.
    return (
      row.endDate !== null &&
      row.startDate !== null &&
      row.endDate >= firstDate &&
      row.startDate <= lastDate
    )
  }
  return (
    row.startsAt !== null &&
    row.endsAt !== null &&
    row.startsAt.getTime() < to &&
    row.endsAt.getTime() > from
  )
}

export function timeOffWhere(tenantId: string, ids: string[], from: number, to: number) {
  const { firstDate, lastDate } = dateMargin(from, to)
  return and(
    eq(timeOff.tenantId, tenantId),
    inArray(timeOff.teamMemberId, ids),
    or(
      sql`(${timeOff.allDay} and ${timeOff.endDate} >= ${firstDate} and ${timeOff.startDate} <= ${lastDate})`,
      and(
        eq(timeOff.allDay, false),
        lt(timeOff.startsAt, new Date(to)),
        gt(timeOff.endsAt, new Date(from)),
      ),
    ),
  )
}

/** A time-off row as `loadDetailedMember` reads it in JSON: instants in epoch ms. */
export interface TimeOffJson {
  id: string
  allDay: boolean
  startDate: string | null
  endDate: string | null
  startsAt: number | null
  endsAt: number | null
  reason: string
}

export function timeOffFromJson(
  entry: TimeOffJson,
): Pick<TimeOffRow, 'id' | 'allDay' | 'startDate' | 'endDate' | 'startsAt' | 'endsAt'> {
  return {
    id: entry.id,
    allDay: entry.allDay,
    startDate: entry.startDate,
    endDate: entry.endDate,
    startsAt: entry.startsAt === null ? null : new Date(entry.startsAt),
    endsAt: entry.endsAt === null ? null : new Date(entry.endsAt),
  }
}
