import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { activityLog, notificationOutbox } from '../schema.ts'
import { type ActivityRecord, activityValues } from './activity-repository.ts'
import type { NewOutboxMessage } from './outbox-repository.ts'

/** What a booking writes beside its appointment. */
export interface BookingRecords {
  /** Its activity-log entries, in order (as `ActivityRepository.record` writes each). */
  activity: readonly ActivityRecord[]
  /** Its e-mails (as `OutboxRepository.queue` writes them). */
  outbox: readonly NewOutboxMessage[]
  /** The live update (as `notifyChannel` sends it: delivered on commit only). */
  notify?: { channel: string; payload: string } | undefined
}

/**
 * Writes a booking's activity entries, e-mails and live update in one statement instead of
 * three: each insert is a data-modifying WITH, which PostgreSQL runs to completion whether or
 * not the statement reads it, and the statement's own select sends the NOTIFY.
 */
export async function writeBookingRecords(db: Db, records: BookingRecords): Promise<void> {
  const parts: SQL[] = []
  if (records.activity.length > 0) {
    const insert = db.insert(activityLog).values(records.activity.map(activityValues))
    parts.push(sql`entries as (${insert.getSQL()})`)
  }
  if (records.outbox.length > 0) {
    const insert = db.insert(notificationOutbox).values([...records.outbox])
    parts.push(sql`messages as (${insert.getSQL()})`)
  }
  const notify = records.notify
  const select = notify
    ? sql`select pg_notify(${notify.channel}, ${notify.payload})`
    : sql`select 1`
  if (parts.length === 0 && !notify) return
  await db.execute(parts.length === 0 ? select : sql`with ${sql.join(parts, sql`, `)} ${select}`)
}
