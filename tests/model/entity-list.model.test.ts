/**
 * Model-based test of the generic paginated list machine (see support/describe-model.ts), as
 * a customer list: search, sort, pages, filters and reloads each load the query shown, and a
 * page past the end (its last item deleted elsewhere) loads the last page instead.
 *
 * The search waits for typing to pause on a simulated clock. Whether a search timer is running
 * is not in the machine's snapshot, so the harness keeps that one fact: a search starts the
 * timer, a sort stops it, its firing ends it. A `list.searchSettled` step fires the timer when
 * one runs (and checks nothing happens a millisecond before); otherwise it is sent as is, and
 * the machine must take it all the same.
 */
import { describe, expect } from 'vitest'
import { SimulatedClock } from 'xstate'
import {
  createEntityListMachine,
  type ListEvent,
  type ListPage,
} from '../../src/machines/entity-list.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { loadAnswers, type ModelEvent } from '../support/model/sample-events'

interface Customer {
  id: string
  name: string
}
interface CustomerFilters {
  active?: boolean
}

const customerList = createEntityListMachine<Customer, CustomerFilters>()
type ListSnapshot = ReturnType<typeof customerList.getInitialSnapshot>

const DEBOUNCE_MS = 300
const [ann, bob, cleo] = ['Ann', 'Bob', 'Cleo'].map((name) => ({ id: name.toLowerCase(), name }))
const page = (
  items: Customer[],
  total: number,
  nextCursor?: string | null,
): ListPage<Customer> => ({
  items,
  total,
  nextCursor,
})

const sampleEvents: ModelEvent<ListEvent<CustomerFilters>>[] = [
  { type: 'list.search', search: 'ann' },
  { type: 'list.searchSettled' },
  { type: 'list.sort', sort: '-name' },
  { type: 'list.page', offset: 2, name: 'second page' },
  { type: 'list.page', cursor: 'after-bob', name: 'next by cursor' },
  { type: 'list.filter', filters: { active: true } },
  { type: 'list.reload' },
  ...loadAnswers(
    'loadPage',
    {
      'first page': page([ann as Customer, bob as Customer], 3, 'after-bob'),
      'last page': page([cleo as Customer], 3, null),
      nothing: page([], 0),
      'past the end': page([], 3),
    },
    ['offline'],
  ),
]

describe('entity list machine paths from its graph', () => {
  describeModel({
    name: 'entity-list',
    machine: customerList,
    starts: [{ input: { sort: 'name', limit: 2, searchDebounceMs: DEBOUNCE_MS } }],
    events: sampleEvents,
    observe: (snapshot: ListSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        // Which page: the rest of the query is checked where it matters, in each load's input.
        offset: context.query.offset,
        items: context.items.map((item) => item.id),
        total: context.total,
        nextCursor: context.nextCursor,
        error: context.error,
        hasLoaded: context.hasLoaded,
        loading: snapshot.hasTag('loading'),
      }
    },
    harness: (input, inspect) => {
      const clock = new SimulatedClock()
      const harness = parkedActor(customerList, { effects: ['loadPage'], input, inspect, clock })
      let searchTimer = false
      return {
        ...harness,
        deliver: (event, at) => {
          if (event.type !== 'list.searchSettled' || !searchTimer) return false
          const before = harness.actor.getSnapshot()
          clock.increment(DEBOUNCE_MS - 1)
          expect(harness.actor.getSnapshot().context, `${at}: 1 ms before`).toBe(before.context)
          clock.increment(1)
          return true
        },
        afterStep: ({ event, after, at }) => {
          if (event.type === 'list.search') searchTimer = true
          if (event.type === 'list.sort' || event.type === 'list.searchSettled') searchTimer = false
          // Every load asks for the query shown now.
          if (harness.asked('loadPage').length > 0) {
            expect(harness.asked('loadPage').at(-1), at).toEqual(after.context.query)
          }
        },
      }
    },
  })
})
