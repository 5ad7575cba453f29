import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  createEntityListMachine,
  type ListPage,
  type ListQuery,
  listHasQuery,
} from '../../../../src/machines/entity-list.machine'

interface Row {
  id: number
  name: string
}
interface Filters {
  active?: boolean
}

const rows: Row[] = Array.from({ length: 7 }, (_, index) => ({
  id: index + 1,
  name: `Item ${index + 1}`,
}))

/** A fake API: filters, sorts and pages the rows; records each query; answers when told to. */
function fakeApi() {
  const queries: ListQuery<Filters>[] = []
  const pending: Array<{
    query: ListQuery<Filters>
    answer: () => void
    fail: (e: unknown) => void
  }> = []
  const page = (query: ListQuery<Filters>): ListPage<Row> => {
    const matching = rows.filter((row) =>
      row.name.toLowerCase().includes(query.search.toLowerCase()),
    )
    const sorted = query.sort === '-name' ? [...matching].reverse() : matching
    return {
      items: sorted.slice(query.offset, query.offset + query.limit),
      total: matching.length,
    }
  }
  const loadPage = fromPromise<ListPage<Row>, ListQuery<Filters>>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        queries.push(input)
        pending.push({ query: input, answer: () => resolve(page(input)), fail: reject })
      }),
  )
  return {
    queries,
    loadPage,
    /** Answers every pending load, oldest first. */
    async answerAll() {
      for (const call of pending.splice(0)) call.answer()
      await flush()
    },
    async answer(index: number) {
      pending[index]?.answer()
      await flush()
    },
    async failNext(error: unknown) {
      pending.shift()?.fail(error)
      await flush()
    },
    pendingCount: () => pending.length,
  }
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

const listMachine = createEntityListMachine<Row, Filters>()

function start(api: ReturnType<typeof fakeApi>, limit = 3) {
  const actor = createActor(listMachine.provide({ actors: { loadPage: api.loadPage } }), {
    input: { sort: 'name', limit, searchDebounceMs: 300 },
  }).start()
  return actor
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('entity list machine', () => {
  it('loads the first page, then shows it as ready', async () => {
    const api = fakeApi()
    const actor = start(api)
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    expect(api.queries[0]).toEqual({
      search: '',
      sort: 'name',
      limit: 3,
      offset: 0,
      cursor: null,
      filters: {},
    })
    await api.answerAll()
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('ready')
    expect(snapshot.context.items.map((row) => row.id)).toEqual([1, 2, 3])
    expect(snapshot.context.total).toBe(7)
    expect(snapshot.context.hasLoaded).toBe(true)
  })

  it('waits for typing to pause before searching, and searches from the first page', async () => {
    const api = fakeApi()
    const actor = start(api)
    await api.answerAll()
    actor.send({ type: 'list.page', offset: 3 })
    await api.answerAll()

    actor.send({ type: 'list.search', search: 'I' })
    vi.advanceTimersByTime(200)
    actor.send({ type: 'list.search', search: 'Item 7' })
    expect(actor.getSnapshot().context.query.search).toBe('Item 7')
    vi.advanceTimersByTime(299)
    expect(api.queries).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(api.queries).toHaveLength(3)
    expect(api.queries[2]).toMatchObject({ search: 'Item 7', offset: 0 })
    await api.answerAll()
    expect(actor.getSnapshot().context.items.map((row) => row.id)).toEqual([7])
  })

  it('a search with no matches is empty, and listHasQuery tells it from "nothing yet"', async () => {
    const api = fakeApi()
    const actor = start(api)
    await api.answerAll()
    actor.send({ type: 'list.search', search: 'zebra' })
    vi.advanceTimersByTime(300)
    await api.answerAll()
    expect(actor.getSnapshot().value).toBe('empty')
    expect(listHasQuery(actor.getSnapshot().context.query)).toBe(true)
    expect(listHasQuery({ ...actor.getSnapshot().context.query, search: '  ' })).toBe(false)
  })

  it('sorting starts again from the first page and drops a pending search timer', async () => {
    const api = fakeApi()
    const actor = start(api)
    await api.answerAll()
    actor.send({ type: 'list.page', offset: 3 })
    await api.answerAll()
    actor.send({ type: 'list.search', search: 'Item' })
    actor.send({ type: 'list.sort', sort: '-name' })
    expect(api.queries.at(-1)).toMatchObject({ sort: '-name', offset: 0, search: 'Item' })
    vi.advanceTimersByTime(1000)
    // The search was already part of the sort's load; no second load for it.
    expect(api.queries).toHaveLength(3)
    await api.answerAll()
    expect(actor.getSnapshot().context.items.map((row) => row.id)).toEqual([7, 6, 5])
  })

  it('keeps the previous page on screen while the next one loads', async () => {
    const api = fakeApi()
    const actor = start(api)
    await api.answerAll()
    actor.send({ type: 'list.page', offset: 3 })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    expect(actor.getSnapshot().context.items.map((row) => row.id)).toEqual([1, 2, 3])
    await api.answerAll()
    expect(actor.getSnapshot().context.items.map((row) => row.id)).toEqual([4, 5, 6])
  })

  it('a newer query wins over a slower older one', async () => {
    const api = fakeApi()
    const actor = start(api)
    await api.answerAll()
    actor.send({ type: 'list.page', offset: 3 })
    actor.send({ type: 'list.page', offset: 6 })
    // The newer load answers first, the stale one later: the stale answer is ignored.
    await api.answer(1)
    await api.answer(0)
    expect(actor.getSnapshot().context.query.offset).toBe(6)
    expect(actor.getSnapshot().context.items.map((row) => row.id)).toEqual([7])
  })

  it('a failed load says why, and list.reload tries the same query again', async () => {
    const api = fakeApi()
    const actor = start(api)
    await api.failNext(new Error('The server could not complete this.'))
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe('The server could not complete this.')
    actor.send({ type: 'list.reload' })
    expect(api.queries).toHaveLength(2)
    await api.answerAll()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('filters merge, go back to the first page, and reach the loader', async () => {
    const api = fakeApi()
    const actor = start(api)
    await api.answerAll()
    actor.send({ type: 'list.page', offset: 3 })
    await api.answerAll()
    actor.send({ type: 'list.filter', filters: { active: false } })
    expect(api.queries.at(-1)).toMatchObject({ offset: 0, filters: { active: false } })
    expect(listHasQuery(actor.getSnapshot().context.query)).toBe(true)
  })

  it('a page past the end (its last item deleted) loads the last page instead', async () => {
    const api = fakeApi()
    const actor = start(api)
    await api.answerAll()
    actor.send({ type: 'list.page', offset: 9 })
    await api.answerAll()
    expect(api.queries.at(-1)?.offset).toBe(6)
    await api.answerAll()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.items.map((row) => row.id)).toEqual([7])
  })

  it('cursor pages pass the cursor and keep the next one', async () => {
    const api = fakeApi()
    const cursorPages = fromPromise<ListPage<Row>, ListQuery<Filters>>(async ({ input }) => {
      api.queries.push(input)
      return input.cursor === null
        ? { items: rows.slice(0, 2), total: 0, nextCursor: 'c2' }
        : { items: rows.slice(2, 4), total: 0, nextCursor: null }
    })
    const actor = createActor(listMachine.provide({ actors: { loadPage: cursorPages } }), {
      input: { sort: '-occurred_at' },
    }).start()
    await flush()
    expect(actor.getSnapshot().context.nextCursor).toBe('c2')
    actor.send({ type: 'list.page', cursor: 'c2' })
    await flush()
    expect(api.queries.at(-1)?.cursor).toBe('c2')
    expect(actor.getSnapshot().context.items.map((row) => row.id)).toEqual([3, 4])
    expect(actor.getSnapshot().context.nextCursor).toBeNull()
  })
})
