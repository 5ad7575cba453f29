import { and, desc, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { ActivityChange } from '../../domain/activity-changes.ts'
import type { ActivityCursor } from '../../domain/activity-cursor.ts'
import type { Actor } from '../../domain/member.ts'
import type { Db } from '../database.ts'
import { activityLog } from '../schema.ts'

export type ActivityEntityType = (typeof activityLog.$inferInsert)['entityType']
export type ActivityAction = (typeof activityLog.$inferInsert)['action']

export interface ActivityRecord {
  tenantId: string
  actor: Actor | null
  entityType: ActivityEntityType
  entityId: string | null
  action: ActivityAction
  summary: string
  changes?: ActivityChange[]
}

export type ActivityRow = typeof activityLog.$inferSelect

/** An entry with its exact position in the log, for the next page's cursor. */
export interface ActivityListRow extends ActivityRow {
  /** occurred_at in UTC with PostgreSQL's full microsecond precision. */
  position: string
}

export interface ActivityFilter {
  entityType?: ActivityEntityType | undefined
  actorUid?: string | undefined
  /** Inclusive. */
  from?: Date | undefined
  /** Exclusive. */
  to?: Date | undefined
  /** Only entries older than this one (newest-first order). */
  after?: ActivityCursor | null
}

const position = sql<string>`to_char(${activityLog.occurredAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

export function createActivityRepository(db: Db) {
  return {
    /**
     * Appends an entry. Call it with the transaction that makes the change itself, so the
     * change and its record are written together or not at all.
     */
    async record(entry: ActivityRecord): Promise<void> {
      await db.insert(activityLog).values(activityValues(entry))
    },

    /** Up to `limit` entries of the business, newest first (same instant: higher id first). */
    list(tenantId: string, filter: ActivityFilter, limit: number): Promise<ActivityListRow[]> {
      const conditions: (SQL | undefined)[] = [eq(activityLog.tenantId, tenantId)]
      if (filter.entityType) conditions.push(eq(activityLog.entityType, filter.entityType))
      if (filter.actorUid) conditions.push(eq(activityLog.actorUid, filter.actorUid))
      if (filter.from) conditions.push(gte(activityLog.occurredAt, filter.from))
      if (filter.to) conditions.push(lt(activityLog.occurredAt, filter.to))
      if (filter.after) {
        conditions.push(
          sql`(${activityLog.occurredAt}, ${activityLog.id}) < (${filter.after.occurredAt}::timestamptz, ${filter.after.id}::uuid)`,
        )
      }
      return db
        .select({ ...getTableColumns(activityLog), position })
        .from(activityLog)
        .where(and(...conditions))
        .orderBy(desc(activityLog.occurredAt), desc(activityLog.id))
        .limit(limit)
    },

    async findById(tenantId: string, id: string): Promise<ActivityRow | undefined> {
      const [row] = await db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.id, id)))
        .limit(1)
      return row
    },
  }
}

/** The row of an entry, as `record` writes it. */
export function activityValues(entry: ActivityRecord): typeof activityLog.$inferInsert {
  return {
    tenantId: entry.tenantId,
    actorUid: entry.actor?.uid ?? null,
    actorName: entry.actor?.name ?? null,
    actorEmail: entry.actor?.email ?? null,
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    summary: entry.summary,
    changes: entry.changes ?? [],
  }
}
