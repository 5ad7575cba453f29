import type { Client } from 'openapi-fetch'
import type { components, operations, paths } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { api, createApiClient } from '../../api/client'
import { type Customer, type CustomerPatch, unwrapCustomer } from '../../api/customers'
import type {
  CustomerImportInput,
  CustomerImportReport,
} from '../../machines/customer-import.machine'
import { type CustomerFilter, customerFilterQuery } from './customer-list-params'

export type AppointmentSummary = components['schemas']['AppointmentSummary']
export type CustomerListQuery = NonNullable<operations['listCustomers']['parameters']['query']>

/** listCustomers: one page of the business's customers. */
export async function listCustomers(
  query: CustomerListQuery,
  client: Client<paths> = api,
): Promise<{ items: Customer[]; total: number }> {
  const page = unwrapCustomer(await client.GET('/api/v1/customers', { params: { query } }))
  return { items: page.items, total: page.total }
}

export async function loadCustomer(id: string, client: Client<paths> = api): Promise<Customer> {
  return unwrapCustomer(
    await client.GET('/api/v1/customers/{customerId}', { params: { path: { customerId: id } } }),
  )
}

export async function updateCustomer(
  id: string,
  body: CustomerPatch,
  client: Client<paths> = api,
): Promise<Customer> {
  return unwrapCustomer(
    await client.PATCH('/api/v1/customers/{customerId}', {
      params: { path: { customerId: id } },
      body,
    }),
  )
}

export async function deleteCustomer(id: string, client: Client<paths> = api): Promise<void> {
  unwrapCustomer(
    await client.DELETE('/api/v1/customers/{customerId}', {
      params: { path: { customerId: id } },
    }),
  )
}

export type VisitsWhen = NonNullable<
  NonNullable<operations['listCustomerAppointments']['parameters']['query']>['when']
>

/**
 * listCustomerAppointments: one page of a customer's appointments; `past` ones (and `all`)
 * newest first, `upcoming` ones soonest first.
 */
export async function loadCustomerAppointments(
  customerId: string,
  page: { limit: number; offset: number },
  when: VisitsWhen = 'all',
  client: Client<paths> = api,
): Promise<{ items: AppointmentSummary[]; total: number }> {
  const { items, total } = unwrapCustomer(
    await client.GET('/api/v1/customers/{customerId}/appointments', {
      params: { path: { customerId }, query: { limit: page.limit, offset: page.offset, when } },
    }),
  )
  return { items, total }
}

export type CustomerOverview = components['schemas']['CustomerOverview']
export type CustomerNote = components['schemas']['CustomerNote']

/** getCustomerOverview: the client profile's figures, upcoming visits and Book again's prefill. */
export async function loadCustomerOverview(
  customerId: string,
  client: Client<paths> = api,
): Promise<CustomerOverview> {
  return unwrap(
    await client.GET('/api/v1/customers/{customerId}/overview', {
      params: { path: { customerId } },
    }),
  )
}

/** listCustomerNotes: one page of the team's notes about a customer, newest first. */
export async function loadCustomerNotes(
  customerId: string,
  cursor: string | null,
  client: Client<paths> = api,
): Promise<{ items: CustomerNote[]; nextCursor: string | null }> {
  const page = unwrap(
    await client.GET('/api/v1/customers/{customerId}/notes', {
      params: { path: { customerId }, query: cursor ? { cursor } : {} },
    }),
  )
  return { items: page.items, nextCursor: page.next_cursor }
}

export async function addCustomerNote(
  customerId: string,
  text: string,
  client: Client<paths> = api,
): Promise<CustomerNote> {
  return unwrap(
    await client.POST('/api/v1/customers/{customerId}/notes', {
      params: { path: { customerId } },
      body: { text },
    }),
  )
}

export async function deleteCustomerNote(
  customerId: string,
  noteId: string,
  client: Client<paths> = api,
): Promise<void> {
  unwrap(
    await client.DELETE('/api/v1/customers/{customerId}/notes/{noteId}', {
      params: { path: { customerId, noteId } },
    }),
  )
}

/** exportCustomerData: everything stored about one customer, as the JSON file to save. */
export async function exportCustomerData(id: string, client: Client<paths> = api): Promise<Blob> {
  return unwrap(
    await client.GET('/api/v1/customers/{customerId}/export', {
      params: { path: { customerId: id } },
      parseAs: 'blob',
    }),
  )
}

/** eraseCustomer: the customer's personal data removed for good; `confirmName` is their name. */
export async function eraseCustomer(
  id: string,
  confirmName: string,
  client: Client<paths> = api,
): Promise<Customer> {
  return unwrapCustomer(
    await client.POST('/api/v1/customers/{customerId}/erase', {
      params: { path: { customerId: id } },
      body: { confirm_name: confirmName },
    }),
  )
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

/**
 * Two minutes: an import of 10,000 rows is one request and one transaction, measured at under
 * a minute end to end on a loaded machine (docs/benchmarks.md); the 10 s of every other call
 * would give up on an import the server then finishes. Same token, domain and 401 handling.
 */
export const IMPORT_TIMEOUT_MS = 120_000

const importClient = createApiClient({ timeoutMs: IMPORT_TIMEOUT_MS })

/** importCustomers: the dry run (`dry_run: true`) or the import of a file's mapped rows. */
export async function importCustomers(
  body: CustomerImportInput,
  client: Client<paths> = importClient,
): Promise<CustomerImportReport> {
  return unwrap(await client.POST('/api/v1/customers/import', { body }))
}
