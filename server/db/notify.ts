import { sql } from 'drizzle-orm'
import type { Db } from './database.ts'

/**
 * Sends `payload` on `channel` with pg_notify. Inside a transaction PostgreSQL delivers it only
 * when that transaction commits and drops it on rollback, so pass the transaction whose change
 * the payload announces.
 */
export async function notifyChannel(tx: Db, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`)
}
