import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../../shared/contract/schema'
import { api } from '../../api/client'
import { ProblemError } from '../../components/form/problem-field-errors'
import type { ListPage, ListQuery } from '../../machines/entity-list.machine'
import { type CustomerSort, customerFilterQuery, isCustomerSort } from './customer-list-params'
import type { Customer, CustomerInput, CustomerPatch } from './customer-values'

export type AppointmentSummary = components['schemas']['AppointmentSummary']

export const DUPLICATE_EMAIL_MESSAGE = 'A customer with this e-mail already exists'

/**
 * A 409 for an e-mail another customer of this business has: the message lands at the e-mail
 * field, and the screen links to the customer who is already there.
 */
export class DuplicateCustomerError extends ProblemError {
  readonly existingHref: string | null

  constructor(body: unknown) {
    super(409, body)
    this.name = 'DuplicateCustomerError'
    this.existingHref = this.problem.existing?.href ?? null
    Object.assign(this.fieldErrors, { email: `${DUPLICATE_EMAIL_MESSAGE}.` })
  }
}

function failure(status: number, body: unknown): ProblemError {
  if (status === 409 && typeof body === 'object' && body !== null && 'existing' in body) {
    return new DuplicateCustomerError(body)
  }
  return new ProblemError(status, body)
}

export interface CustomerListFilters {
  tag: string
}

/** listCustomers for the list machine's query. */
export async function loadCustomerPage(
  query: ListQuery<CustomerListFilters>,
  client: Client<paths> = api,
): Promise<ListPage<Customer>> {
  const sort: CustomerSort = isCustomerSort(query.sort) ? query.sort : 'name'
  const { data, error, response } = await client.GET('/api/v1/customers', {
    params: {
      query: {
        ...customerFilterQuery({ search: query.search, sort, tag: query.filters.tag }),
        limit: query.limit,
        offset: query.offset,
      },
    },
  })
  if (data) return { items: data.items, total: data.total }
  throw failure(response.status, error)
}

export async function loadCustomer(id: string, client: Client<paths> = api): Promise<Customer> {
  const { data, error, response } = await client.GET('/api/v1/customers/{customerId}', {
    params: { path: { customerId: id } },
  })
  if (data) return data
  throw failure(response.status, error)
}

export async function createCustomer(
  body: CustomerInput,
  client: Client<paths> = api,
): Promise<Customer> {
  const { data, error, response } = await client.POST('/api/v1/customers', { body })
  if (data) return data
  throw failure(response.status, error)
}

export async function updateCustomer(
  id: string,
  body: CustomerPatch,
  client: Client<paths> = api,
): Promise<Customer> {
  const { data, error, response } = await client.PATCH('/api/v1/customers/{customerId}', {
    params: { path: { customerId: id } },
    body,
  })
  if (data) return data
  throw failure(response.status, error)
}

export async function deleteCustomer(id: string, client: Client<paths> = api): Promise<void> {
  const { error, response } = await client.DELETE('/api/v1/customers/{customerId}', {
    params: { path: { customerId: id } },
  })
  if (response.ok) return
  throw failure(response.status, error)
}

/** listCustomerAppointments for the history's list machine. */
export async function loadCustomerAppointments(
  customerId: string,
  query: ListQuery<Record<string, never>>,
  client: Client<paths> = api,
): Promise<ListPage<AppointmentSummary>> {
  const { data, error, response } = await client.GET(
    '/api/v1/customers/{customerId}/appointments',
    {
      params: {
        path: { customerId },
        query: { limit: query.limit, offset: query.offset },
      },
    },
  )
  if (data) return { items: data.items, total: data.total }
  throw failure(response.status, error)
}
