import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import { type LoadFailure, toLoadFailure } from './page-load.machine'

type Payment = components['schemas']['Payment']
type PaymentState = components['schemas']['PaymentState']

/** What the list is narrowed to; null = not narrowed. Instants are RFC 3339 UTC. */
export interface PaymentsFilter {
  from: string | null
  to: string | null
  state: PaymentState | null
}

export const NO_PAYMENTS_FILTER: PaymentsFilter = { from: null, to: null, state: null }

export interface PaymentsPageQuery {
  filter: PaymentsFilter
  /** null = the newest page. */
  cursor: string | null
}

export interface PaymentsPageResult {
  items: Payment[]
  nextCursor: string | null
}

export interface PaymentsListContext {
  filter: PaymentsFilter
  payments: Payment[]
  nextCursor: string | null
  failure: LoadFailure | null
  /** A failed "Load more": the payments already shown stay. */
  moreFailure: LoadFailure | null
}

export type PaymentsListEvent =
  | { type: 'payments.filterChanged'; filter: PaymentsFilter }
  | { type: 'payments.loadMore' }
  | { type: 'payments.retry' }

/**
 * The payments list: newest first, narrowed by a filter, paged by the server's cursor. A new
 * filter starts again from the newest page and abandons any load still running, so a slow
 * answer for an old filter never lands under a new one.
 */
export const paymentsListMachine = setup({
  types: {
    context: {} as PaymentsListContext,
    events: {} as PaymentsListEvent,
    input: {} as { filter?: PaymentsFilter },
  },
  actors: {
    loadPage: fromPromise<PaymentsPageResult, PaymentsPageQuery>(async () => {
      throw new Error('provided by the app')
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'paymentsList',
  context: ({ input }) => ({
    filter: input.filter ?? NO_PAYMENTS_FILTER,
    payments: [],
    nextCursor: null,
    failure: null,
    moreFailure: null,
  }),
  initial: 'loading',
  on: {
    'payments.filterChanged': {
      target: '.loading',
      reenter: true,
      actions: assign({
        filter: ({ event }) => event.filter,
        payments: [],
        nextCursor: null,
        failure: null,
        moreFailure: null,
      }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ failure: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, cursor: null }),
        onDone: [
          { guard: ({ event }) => event.output.items.length === 0, target: 'empty' },
          {
            target: 'ready',
            actions: assign({
              payments: ({ event }) => event.output.items,
              nextCursor: ({ event }) => event.output.nextCursor,
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => toLoadFailure(event.error) }),
        },
      },
    },
    ready: {
      on: {
        'payments.loadMore': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    loadingMore: {
      tags: ['loadingMore'],
      entry: assign({ moreFailure: null }),
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          actions: assign({
            payments: ({ context, event }) => appendNew(context.payments, event.output.items),
            nextCursor: ({ event }) => event.output.nextCursor,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ moreFailure: ({ event }) => toLoadFailure(event.error) }),
        },
      },
    },
    empty: {},
    failed: {
      on: { 'payments.retry': 'loading' },
    },
  },
})

// A cursor never repeats a payment, but a repeated id would break the list's keys: skip it.
function appendNew(shown: Payment[], page: Payment[]): Payment[] {
  const ids = new Set(shown.map((payment) => payment.id))
  return [...shown, ...page.filter((payment) => !ids.has(payment.id))]
}
