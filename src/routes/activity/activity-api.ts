import type { Client } from 'openapi-fetch'
import type { paths } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import type { ActivityPageQuery, ActivityPageResult } from '../../machines/activity-log.machine'
import type { ActivityEntry } from './activity-format'

/** One page of the log per request; "Load more" asks for the next. */
export const ACTIVITY_PAGE_SIZE = 25

/** listActivity for the machine's query. */
export async function loadActivityPage(
  { filter, cursor }: ActivityPageQuery,
  client: Client<paths> = api,
): Promise<ActivityPageResult> {
  const page = unwrap(
    await client.GET('/api/v1/activity-log', {
      params: {
        query: {
          limit: ACTIVITY_PAGE_SIZE,
          ...(filter.entityType ? { entity_type: filter.entityType } : {}),
          ...(filter.actor ? { actor: filter.actor } : {}),
          ...(filter.from ? { from: filter.from } : {}),
          ...(filter.to ? { to: filter.to } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
    }),
  )
  return { items: page.items, nextCursor: page.next_cursor }
}

/** getActivityEntry: for an entry opened from a link rather than from the list. */
export async function loadActivityEntry(
  entryId: string,
  client: Client<paths> = api,
): Promise<ActivityEntry> {
  return unwrap(
    await client.GET('/api/v1/activity-log/{entryId}', { params: { path: { entryId } } }),
  )
}
