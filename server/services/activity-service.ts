import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import {
  type ActivityEntityType,
  type ActivityRow,
  createActivityRepository,
} from '../db/repositories/activity-repository.ts'
import { pageOf, readCursor } from '../domain/activity-cursor.ts'
import type { Member } from '../domain/member.ts'
import { assertValid, notFound } from '../domain/refusal.ts'

export type ActivityEntry = components['schemas']['ActivityEntry']
export type ActivityPage = components['schemas']['ActivityPage']

export interface ActivityQuery {
  entity_type?: ActivityEntityType | undefined
  actor?: string | undefined
  from?: string | undefined
  to?: string | undefined
  cursor?: string | undefined
  limit: number
}

/** Reading the member's business's activity log; nothing here writes to it. */
export function createActivityService(database: Database) {
  const entries = createActivityRepository(database.db)
  return {
    async list(member: Member, query: ActivityQuery): Promise<ActivityPage> {
      const { after, errors: cursorErrors } = readCursor(query.cursor)
      const from = query.from === undefined ? undefined : new Date(query.from)
      const to = query.to === undefined ? undefined : new Date(query.to)
      assertValid([
        ...cursorErrors,
        ...(from && to && to < from
          ? [{ path: 'query.to', message: 'must not be before from' }]
          : []),
      ])
      // One more than asked says whether another page follows.
      const rows = await entries.list(
        member.tenantId,
        { entityType: query.entity_type, actorUid: query.actor, from, to, after },
        query.limit + 1,
      )
      return pageOf(rows, query.limit, toEntry)
    },

    async get(member: Member, id: string): Promise<ActivityEntry> {
      const row = await entries.findById(member.tenantId, id)
      if (!row) throw notFound('There is no activity entry with this id.')
      return toEntry(row)
    },
  }
}

export function toEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    actor: row.actorUid ? { uid: row.actorUid, name: row.actorName, email: row.actorEmail } : null,
    entity_type: row.entityType,
    entity_id: row.entityId,
    action: row.action,
    summary: row.summary,
    changes: row.changes,
  }
}
