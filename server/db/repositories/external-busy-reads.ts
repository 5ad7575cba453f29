import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { ExternalBusy } from '../../domain/availability/types.ts'
import type { Db } from '../database.ts'
import { connectedCalendars, externalBusyTimes } from '../schema.ts'

/*
 * The busy times of members' own calendars as availability and the booking's clash check read
 * them: only from calendars checked for conflicts, overlapping a range (the GiST index on
 * (tenant, member, tstzrange) answers it whatever the events' lengths). Written by the sync job
 * (calendar-sync-repository.ts); read here beside the appointments (schedule-repository.ts).
 */

/** The instants a schedule read reaches, as its busy-appointment read does: [from, to). */
export interface BusyReach {
  from: number
  to: number
}

function overlapping(tenantId: string, ids: readonly string[], reach: BusyReach): SQL {
  return and(
    eq(externalBusyTimes.tenantId, tenantId),
    inArray(externalBusyTimes.teamMemberId, [...ids]),
    sql`tstzrange(${externalBusyTimes.startsAt}, ${externalBusyTimes.endsAt}) && tstzrange(${new Date(reach.from).toISOString()}::timestamptz, ${new Date(reach.to).toISOString()}::timestamptz)`,
    sql`exists (select 1 from ${connectedCalendars}
      where ${connectedCalendars.tenantId} = ${externalBusyTimes.tenantId}
        and ${connectedCalendars.id} = ${externalBusyTimes.calendarId}
        and ${connectedCalendars.checkConflicts})`,
  ) as SQL
}

const epochMs = (column: typeof externalBusyTimes.startsAt | typeof externalBusyTimes.endsAt) =>
  sql`floor(extract(epoch from ${column}) * 1000)::bigint`

/** Each member's external busy times meeting the reach (unordered: the engine sorts). */
export async function readExternalBusy(
  db: Db,
  tenantId: string,
  ids: readonly string[],
  reach: BusyReach,
): Promise<Map<string, ExternalBusy[]>> {
  const byMember = new Map<string, ExternalBusy[]>()
  if (ids.length === 0) return byMember
  const rows = await db
    .select({
      teamMemberId: externalBusyTimes.teamMemberId,
      startsAt: sql<string>`${epochMs(externalBusyTimes.startsAt)}::text`,
      endsAt: sql<string>`${epochMs(externalBusyTimes.endsAt)}::text`,
    })
    .from(externalBusyTimes)
    .where(overlapping(tenantId, ids, reach))
  for (const row of rows) {
    const list = byMember.get(row.teamMemberId) ?? []
    list.push({ startsAt: Number(row.startsAt), endsAt: Number(row.endsAt) })
    byMember.set(row.teamMemberId, list)
  }
  return byMember
}

/**
 * One member's external busy times meeting the reach as a JSON array, for a statement that
 * reads the whole schedule at once (the check under the member's lock).
 */
export function externalBusyJson(tenantId: string, teamMemberId: string, reach: BusyReach) {
  return sql<ExternalBusy[]>`(select coalesce(json_agg(json_build_object(
      'startsAt', ${epochMs(externalBusyTimes.startsAt)},
      'endsAt', ${epochMs(externalBusyTimes.endsAt)})), '[]'::json)
    from ${externalBusyTimes} where ${overlapping(tenantId, [teamMemberId], reach)})`
}

/** A busy time as the staff calendar shows it: with its event's title, soonest first. */
export interface BusyBlockRow {
  teamMemberId: string
  startsAt: Date
  endsAt: Date
  summary: string
}

/** The members' busy times meeting the reach, with titles (the caller decides who sees them). */
export async function readBusyBlocks(
  db: Db,
  tenantId: string,
  ids: readonly string[],
  reach: BusyReach,
): Promise<BusyBlockRow[]> {
  if (ids.length === 0) return []
  return db
    .select({
      teamMemberId: externalBusyTimes.teamMemberId,
      startsAt: externalBusyTimes.startsAt,
      endsAt: externalBusyTimes.endsAt,
      summary: externalBusyTimes.summary,
    })
    .from(externalBusyTimes)
    .where(overlapping(tenantId, ids, reach))
    .orderBy(asc(externalBusyTimes.startsAt), asc(externalBusyTimes.endsAt))
}
