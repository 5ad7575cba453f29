/**
 * Model-based test of the cursor feed machine (see support/describe-model.ts), as the payments
 * list: newest page first, "load more" by the server's cursor, a new filter starts again from
 * the newest page and abandons any load still running. The activity log runs on the same
 * machine with other items and filters.
 */
import { describe, expect } from 'vitest'
import type { components } from '../../shared/contract/schema'
import { NO_PAYMENTS_FILTER, type PaymentsFilter } from '../../src/features/payments/payments-view'
import {
  createCursorFeedMachine,
  type FeedEvent,
  type FeedPage,
} from '../../src/machines/cursor-feed.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { loadAnswers, type ModelEvent } from '../support/model/sample-events'

type Payment = components['schemas']['Payment']

const paymentsFeed = createCursorFeedMachine<Payment, PaymentsFilter>()
type PaymentsFeedSnapshot = ReturnType<typeof paymentsFeed.getInitialSnapshot>

function samplePayment(id: string): Payment {
  return {
    id,
    created_at: '2026-03-01T10:00:00Z',
    paid_at: '2026-03-01T10:02:00Z',
    appointment_id: `appointment-${id}`,
    appointment_starts_at: '2026-03-05T10:00:00Z',
    customer_id: 'customer-1',
    customer_name: 'Pia Payer',
    service_name: 'Colour',
    kind: 'deposit',
    method: null,
    state: 'deposit_paid',
    currency: 'EUR',
    amount_minor: 1000,
    refunded_minor: 0,
    net_minor: 1000,
  }
}

const refundedInMarch: PaymentsFilter = {
  from: '2026-03-01T00:00:00.000Z',
  to: '2026-04-01T00:00:00.000Z',
  state: 'refunded',
}

const newest: FeedPage<Payment> = {
  items: [samplePayment('p1'), samplePayment('p2')],
  nextCursor: 'after-p2',
}
const older: FeedPage<Payment> = {
  // p2 again: a cursor that repeats a payment must not show it twice.
  items: [samplePayment('p2'), samplePayment('p3')],
  nextCursor: null,
}

const sampleEvents: ModelEvent<FeedEvent<PaymentsFilter>>[] = [
  { type: 'feed.filterChanged', filter: refundedInMarch, name: 'refunded in March' },
  { type: 'feed.filterChanged', filter: NO_PAYMENTS_FILTER, name: 'everything' },
  { type: 'feed.loadMore' },
  { type: 'feed.retry' },
  ...loadAnswers('loadPage', {
    'newest page': newest,
    'last page': older,
    nothing: { items: [], nextCursor: null },
  }),
]

describe('cursor feed machine paths from its graph', () => {
  describeModel({
    name: 'cursor-feed',
    machine: paymentsFeed,
    starts: [{ input: { filter: NO_PAYMENTS_FILTER } }],
    events: sampleEvents,
    observe: (snapshot: PaymentsFeedSnapshot) => {
      const { context } = snapshot
      return {
        value: snapshot.value,
        filter: context.filter,
        items: context.items.map((payment) => payment.id),
        nextCursor: context.nextCursor,
        failure: context.failure,
        moreFailure: context.moreFailure,
        loading: snapshot.hasTag('loading'),
        loadingMore: snapshot.hasTag('loadingMore'),
      }
    },
    harness: (input, inspect) => {
      const harness = parkedActor(paymentsFeed, { effects: ['loadPage'], input, inspect })
      return {
        ...harness,
        // Every page is asked for under the filter shown, the first without a cursor.
        afterStep: ({ after, at }) => {
          if (harness.asked('loadPage').length === 0) return
          expect(harness.asked('loadPage').at(-1), at).toEqual({
            filter: after.context.filter,
            cursor: after.matches('loadingMore') ? after.context.nextCursor : null,
          })
        },
      }
    },
  })
})
