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

export type PaymentAccount = components['schemas']['PaymentAccount']
export type PaymentAccountStatus = components['schemas']['PaymentAccountStatus']

/** Where the business's Stripe account stands, as last synced (owners). */
export async function loadPaymentAccount(): Promise<PaymentAccount> {
  return unwrap(await api.GET('/api/v1/payments/account'))
}

/** Re-reads the account from Stripe: the owner is back from onboarding. */
export async function syncPaymentAccount(): Promise<PaymentAccount> {
  return unwrap(await api.POST('/api/v1/payments/account/sync'))
}

/** A fresh link to Stripe's onboarding (the account is created the first time). */
export async function createPaymentOnboardingLink(): Promise<string> {
  return unwrap(await api.POST('/api/v1/payments/account/onboarding-links')).url
}

export type PaymentSettings = components['schemas']['PaymentSettings']

/** How long a paid booking holds its time while the customer pays (owners). */
export async function loadPaymentSettings(): Promise<PaymentSettings> {
  return unwrap(await api.GET('/api/v1/settings/payments'))
}

export async function savePaymentSettings(settings: PaymentSettings): Promise<PaymentSettings> {
  return unwrap(await api.PUT('/api/v1/settings/payments', { body: settings }))
}
