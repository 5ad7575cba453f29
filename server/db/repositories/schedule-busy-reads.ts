/*
 * The appointments a schedule reads as busy time: those whose busy range (buffers included)
 * could meet the query's appointments, as ranges for availability or as rows for booking.
 */
import { and, asc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { BusyAppointment } from '../../domain/availability/types.ts'
import { takesTimeAt } from '../appointment-occupancy.ts'
import type { Db } from '../database.ts'
import { appointments } from '../schema.ts'
import type { BusyRow, ScheduleQuery } from './schedule-repository.ts'

const MINUTE_MS = 60_000
/**
 * Bounds that let the busy-time query use the (tenant, member, starts_at) index: no service
 * lasts longer than a day (a CHECK on services) and no buffer is longer than 240 minutes
 * (the contract's limit on a service's buffers, which bookings copy).
 */
const LONGEST_APPOINTMENT_MS = 1440 * MINUTE_MS
const LONGEST_BUFFER_MS = 240 * MINUTE_MS

/**
 * What busy time (buffers included) could meet an appointment starting in [from, to):
 * [from − a buffer, to + a day and a buffer), which covers any new service's duration and
 * buffers.
 */
export function busyReach({ from, to }: Pick<ScheduleQuery, 'from' | 'to'>) {
  return { from: from - LONGEST_BUFFER_MS, to: to + LONGEST_APPOINTMENT_MS + LONGEST_BUFFER_MS }
}

/** Non-cancelled appointments whose busy range overlaps the query's `busyReach`. */
export function busyWhere(tenantId: string, ids: string[], query: ScheduleQuery): SQL | undefined {
  const { from: reachFrom, to: reachTo } = busyReach(query)
  const { now } = query
  return and(
    eq(appointments.tenantId, tenantId),
    inArray(appointments.teamMemberId, ids),
    takesTimeAt(new Date(now ?? Date.now())),
    // The index range: starts_at within the reach widened by the longest appointment and buffer.
    gt(appointments.startsAt, new Date(reachFrom - LONGEST_APPOINTMENT_MS - LONGEST_BUFFER_MS)),
    lt(appointments.startsAt, new Date(reachTo + LONGEST_BUFFER_MS)),
    lt(appointments.busyFrom, new Date(reachTo)),
    gt(appointments.busyUntil, new Date(reachFrom)),
  )
}

const epochMs = (column: typeof appointments.busyFrom | typeof appointments.busyUntil) =>
  sql`((extract(epoch from ${column}) * 1000)::bigint)::text`

/**
 * Busy ranges per member, read as one "from until from until …" string (epoch ms) each. The
 * earliest end of a payment hold among them goes into `holdsEnd` by member (rounded down to
 * the millisecond, so a reader of the clock never trusts the ranges past it).
 */
export async function readBusyRanges(
  db: Db,
  tenantId: string,
  ids: string[],
  query: ScheduleQuery,
  holdsEnd?: Map<string, number>,
): Promise<Map<string, BusyAppointment[]>> {
  const rows = await db
    .select({
      teamMemberId: appointments.teamMemberId,
      // Unordered (sorting in the database costs more than the engine's sort of nearly sorted input).
      ranges: sql<string>`string_agg(${epochMs(appointments.busyFrom)} || ' ' || ${epochMs(appointments.busyUntil)}, ' ')`,
      firstHoldEnd: sql<
        string | null
      >`(min(floor(extract(epoch from ${appointments.holdExpiresAt}) * 1000)) filter (where ${appointments.status} = 'pending_payment'))::bigint::text`,
    })
    .from(appointments)
    .where(busyWhere(tenantId, ids, query))
    .groupBy(appointments.teamMemberId)
  const byMember = new Map<string, BusyAppointment[]>()
  for (const row of rows) {
    if (row.firstHoldEnd !== null) holdsEnd?.set(row.teamMemberId, Number(row.firstHoldEnd))
    const numbers = row.ranges.split(' ')
    const busy: BusyAppointment[] = new Array(numbers.length / 2)
    for (let i = 0; i < busy.length; i++) {
      busy[i] = {
        startsAt: Number(numbers[2 * i]),
        endsAt: Number(numbers[2 * i + 1]),
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
      }
    }
    byMember.set(row.teamMemberId, busy)
  }
  return byMember
}

export async function readBusyRows(
  db: Db,
  tenantId: string,
  ids: string[],
  query: ScheduleQuery,
): Promise<Map<string, BusyRow[]>> {
  const rows = await db
    .select({
      id: appointments.id,
      teamMemberId: appointments.teamMemberId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      bufferBeforeMinutes: appointments.bufferBeforeMinutes,
      bufferAfterMinutes: appointments.bufferAfterMinutes,
      seatGroup: appointments.seatGroup,
    })
    .from(appointments)
    .where(busyWhere(tenantId, ids, query))
    .orderBy(asc(appointments.startsAt))
  const byMember = new Map<string, BusyRow[]>()
  for (const row of rows) {
    const list = byMember.get(row.teamMemberId) ?? []
    list.push({
      id: row.id,
      seatGroup: row.seatGroup,
      startsAt: row.startsAt.getTime(),
      endsAt: row.endsAt.getTime(),
      bufferBeforeMinutes: row.bufferBeforeMinutes,
      bufferAfterMinutes: row.bufferAfterMinutes,
    })
    byMember.set(row.teamMemberId, list)
  }
  return byMember
}
