import type { Client } from 'openapi-fetch'
import type { paths } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import { type CustomerFilter, customerFilterQuery } from './customer-list-params'

/**
 * `customers-2026-03-01.csv`, or with the search and tag when the export is narrowed, so two
 * exports of different filters on one day do not overwrite each other in Downloads.
 */
export function exportFileName(filter: CustomerFilter, today: Date = new Date()): string {
  const day = [
    today.getFullYear(),
    String(today.getMonth() + 1).padStart(2, '0'),
    String(today.getDate()).padStart(2, '0'),
  ].join('-')
  const narrowed = [filter.tag, filter.search]
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .filter(Boolean)
    .join('-')
    .slice(0, 40)
  return narrowed ? `customers-${narrowed}-${day}.csv` : `customers-${day}.csv`
}

/**
 * exportCustomers for the list's current filter, as a Blob. It goes through the app's one API
 * client, so it carries the bearer token, the timeout and the 401 refresh like any other call.
 */
export async function fetchCustomersCsv(
  filter: CustomerFilter,
  client: Client<paths> = api,
): Promise<Blob> {
  return unwrap(
    await client.GET('/api/v1/customers/export', {
      params: { query: customerFilterQuery(filter) },
      headers: { Accept: 'text/csv' },
      parseAs: 'blob',
    }),
  )
}
