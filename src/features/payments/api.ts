import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import type { FeedPage, FeedPageQuery } from '../../machines/cursor-feed.machine'
import type { PaymentsFilter } from './payments-view'

type Payment = components['schemas']['Payment']

/** One page of payments per request; "Load more" asks for the next. */
export const PAYMENTS_PAGE_SIZE = 25

/** The API query for a filter: what is not narrowed is left out. */
export function paymentsFilterQuery(filter: PaymentsFilter) {
  return {
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.state ? { state: filter.state } : {}),
  }
}

/** listPayments for the machine's query. */
export async function loadPaymentsPage(
  { filter, cursor }: FeedPageQuery<PaymentsFilter>,
  client: Client<paths> = api,
): Promise<FeedPage<Payment>> {
  const page = unwrap(
    await client.GET('/api/v1/payments', {
      params: {
        query: {
          limit: PAYMENTS_PAGE_SIZE,
          ...paymentsFilterQuery(filter),
          ...(cursor ? { cursor } : {}),
        },
      },
    }),
  )
  return { items: page.items, nextCursor: page.next_cursor }
}

/**
 * exportPayments for the list's filter, as a Blob. It goes through the app's one API client,
 * so it carries the bearer token, the timeout and the 401 refresh like any other call.
 */
export async function fetchPaymentsCsv(
  filter: PaymentsFilter,
  client: Client<paths> = api,
): Promise<Blob> {
  return unwrap(
    await client.GET('/api/v1/payments/export.csv', {
      params: { query: paymentsFilterQuery(filter) },
      headers: { Accept: 'text/csv' },
      parseAs: 'blob',
    }),
  )
}
