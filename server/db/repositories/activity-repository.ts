import type { Db } from '../database.ts'
import { type ActivityChange, activityLog } from '../schema.ts'

export type ActivityEntityType = (typeof activityLog.$inferInsert)['entityType']
export type ActivityAction = (typeof activityLog.$inferInsert)['action']

/** Who did something: the signed-in user, as their token names them. */
export interface Actor {
  uid: string
  name: string | null
  email: string | null
}

export interface ActivityRecord {
  tenantId: string
  actor: Actor | null
  entityType: ActivityEntityType
  entityId: string | null
  action: ActivityAction
  summary: string
  changes?: ActivityChange[]
}

export function createActivityRepository(db: Db) {
  return {
    /**
     * Appends an entry. Call it with the transaction that makes the change itself, so the
     * change and its record are written together or not at all.
     */
    async record(entry: ActivityRecord): Promise<void> {
      await db.insert(activityLog).values({
        tenantId: entry.tenantId,
        actorUid: entry.actor?.uid ?? null,
        actorName: entry.actor?.name ?? null,
        actorEmail: entry.actor?.email ?? null,
        entityType: entry.entityType,
        entityId: entry.entityId,
        action: entry.action,
        summary: entry.summary,
        changes: entry.changes ?? [],
      })
    },
  }
}
