import type { Client } from 'openapi-fetch'
import type { paths } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import type { FeedPage, FeedPageQuery } from '../../machines/cursor-feed.machine'
import type { ActivityEntry } from './activity-format'
import type { ActivityFilter } from './activity-search-params'

/** One page of the log per request; "Load more" asks for the next. */
export const ACTIVITY_PAGE_SIZE = 25

/** listActivity for the machine's query. */
export async function loadActivityPage(
  { filter, cursor }: FeedPageQuery<ActivityFilter>,
  client: Client<paths> = api,
): Promise<FeedPage<ActivityEntry>> {
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
