import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../../../src/api/api-error'
import type { ActivityEntry } from '../../../../src/features/activity/activity-format'
import {
  type ActivityFilter,
  NO_ACTIVITY_FILTER,
} from '../../../../src/features/activity/activity-search-params'
import {
  createCursorFeedMachine,
  type FeedPage,
  type FeedPageQuery,
} from '../../../../src/machines/cursor-feed.machine'

// The activity log's feed: the machine is generic, these are its real items and filters.
const activityFeed = createCursorFeedMachine<ActivityEntry, ActivityFilter>()
type ActivityPageQuery = FeedPageQuery<ActivityFilter>
type ActivityPageResult = FeedPage<ActivityEntry>

function entry(id: string, uid = 'owner'): ActivityEntry {
  return {
    id,
    occurred_at: '2026-03-01T10:00:00Z',
    actor: { uid, name: uid, email: null },
    entity_type: 'customer',
    entity_id: null,
    action: 'created',
    summary: `Entry ${id}`,
    changes: [],
  }
}

/** A loadPage whose answers the test releases by hand, to control ordering. */
function manualLoader() {
  const calls: Array<{
    query: ActivityPageQuery
    resolve: (page: ActivityPageResult) => void
    reject: (error: unknown) => void
  }> = []
  const loadPage = fromPromise<ActivityPageResult, ActivityPageQuery>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push({ query: input, resolve, reject })
      }),
  )
  return { calls, loadPage }
}

function start(
  loadPage: ReturnType<typeof manualLoader>['loadPage'],
  filter: ActivityFilter = NO_ACTIVITY_FILTER,
) {
  return createActor(activityFeed.provide({ actors: { loadPage } }), {
    input: { filter },
  }).start()
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('cursor feed machine (the activity log)', () => {
  it('loads the newest page, then appends the next one by cursor', async () => {
    const { calls, loadPage } = manualLoader()
    const actor = start(loadPage)
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    expect(calls[0]?.query).toEqual({ filter: NO_ACTIVITY_FILTER, cursor: null })

    calls[0]?.resolve({ items: [entry('1'), entry('2', 'admin')], nextCursor: 'c1' })
    await waitFor(actor, (s) => s.matches('ready'))

    actor.send({ type: 'feed.loadMore' })
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true)
    expect(calls[1]?.query.cursor).toBe('c1')
    // An entry repeated across pages is shown once.
    calls[1]?.resolve({ items: [entry('2', 'admin'), entry('3', 'staff')], nextCursor: null })
    await waitFor(actor, (s) => s.matches('ready'))

    const { items, nextCursor } = actor.getSnapshot().context
    expect(items.map((e) => e.id)).toEqual(['1', '2', '3'])
    expect(nextCursor).toBeNull()

    // The last page: "Load more" does nothing.
    actor.send({ type: 'feed.loadMore' })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(calls).toHaveLength(2)
  })

  it('says empty when nothing matches', async () => {
    const { calls, loadPage } = manualLoader()
    const actor = start(loadPage)
    calls[0]?.resolve({ items: [], nextCursor: null })
    await waitFor(actor, (s) => s.matches('empty'))
  })

  it('a new filter starts from the newest page and a stale answer never lands', async () => {
    const { calls, loadPage } = manualLoader()
    const actor = start(loadPage)
    const customers: ActivityFilter = { ...NO_ACTIVITY_FILTER, entityType: 'customer' }
    actor.send({ type: 'feed.filterChanged', filter: customers })
    expect(calls[1]?.query).toEqual({ filter: customers, cursor: null })

    calls[1]?.resolve({ items: [entry('new')], nextCursor: null })
    await waitFor(actor, (s) => s.matches('ready'))
    // The first (unfiltered) load answers late: it was abandoned.
    calls[0]?.resolve({ items: [entry('old')], nextCursor: 'x' })
    await flush()
    expect(actor.getSnapshot().context.items.map((e) => e.id)).toEqual(['new'])
    expect(actor.getSnapshot().context.filter).toEqual(customers)
  })

  it('keeps the shown entries when "Load more" fails, and can try again', async () => {
    const { calls, loadPage } = manualLoader()
    const actor = start(loadPage)
    calls[0]?.resolve({ items: [entry('1')], nextCursor: 'c1' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'feed.loadMore' })
    calls[1]?.reject(new Error('Network down'))
    await waitFor(actor, (s) => s.matches('ready') && s.context.moreFailure !== null)
    expect(actor.getSnapshot().context.moreFailure?.message).toBe('Network down')
    expect(actor.getSnapshot().context.items).toHaveLength(1)

    actor.send({ type: 'feed.loadMore' })
    expect(actor.getSnapshot().context.moreFailure).toBeNull()
    calls[2]?.resolve({ items: [entry('2')], nextCursor: null })
    await waitFor(actor, (s) => s.matches('ready') && s.context.items.length === 2)
  })

  it('fails with the problem’s status, so a 403 can read as "no access", and retries', async () => {
    const { calls, loadPage } = manualLoader()
    const actor = start(loadPage)
    calls[0]?.reject(
      new ApiError(403, { title: 'Forbidden', status: 403, detail: 'Owners and admins only.' }),
    )
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toEqual({
      status: 403,
      message: 'Owners and admins only.',
    })
    actor.send({ type: 'feed.retry' })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    calls[1]?.resolve({ items: [entry('1')], nextCursor: null })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().context.failure).toBeNull()
  })
})
