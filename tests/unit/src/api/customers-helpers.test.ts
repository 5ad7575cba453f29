import { describe, expect, it, vi } from 'vitest'
import type { paths } from '../../../../shared/contract/schema'
import { ApiError } from '../../../../src/api/api-error'
import { createApiClient } from '../../../../src/api/client'
import type { Customer } from '../../../../src/api/customers'
import {
  customerToValues,
  EMPTY_CUSTOMER,
  validateCustomer,
  valuesToInput,
  valuesToPatch,
} from '../../../../src/components/customer-values'
import { addTag } from '../../../../src/domain/customer-tags'
import { fetchCustomersCsv } from '../../../../src/features/customers/api'
import { exportFileName } from '../../../../src/features/customers/customer-export'
import {
  customerFilterQuery,
  descriptorToSort,
  knownTags,
  NO_CUSTOMER_FILTER,
  sortToDescriptor,
} from '../../../../src/features/customers/customer-list-params'

const customer: Customer = {
  id: '0b6f2a52-9d1e-4a43-8d0c-6a4f3f0e2c11',
  name: 'Ann Lee',
  email: 'ann@example.test',
  phone: null,
  notes: '',
  tags: ['vip'],
  time_zone: null,
  marketing_consent: false,
  created_at: '2026-03-01T10:00:00Z',
  updated_at: '2026-03-01T10:00:00Z',
}

describe('customer form values', () => {
  it('shows nulls as empty fields and sends empty fields back as null', () => {
    const values = customerToValues(customer)
    expect(values.phone).toBe('')
    expect(values.time_zone).toBe('')
    expect(valuesToInput({ ...values, name: '  Ann  Lee ', email: '  ' })).toEqual({
      name: 'Ann  Lee',
      email: null,
      phone: null,
      notes: '',
      tags: ['vip'],
      time_zone: null,
      marketing_consent: false,
    })
  })

  it('patches only what changed', () => {
    const initial = customerToValues(customer)
    expect(
      valuesToPatch(initial, { ...initial, phone: '+49 30 1234', tags: ['vip', 'late'] }),
    ).toEqual({ phone: '+49 30 1234', tags: ['vip', 'late'] })
    // Trailing spaces typed into a field are not a change.
    expect(valuesToPatch(initial, { ...initial, name: 'Ann Lee ' })).toEqual({})
  })

  it('checks name, e-mail shape and phone characters before the server does', () => {
    expect(validateCustomer(EMPTY_CUSTOMER)).toEqual({ name: 'Enter the customer’s name.' })
    const errors = validateCustomer({ ...EMPTY_CUSTOMER, name: 'A', email: 'ann@', phone: 'abc' })
    expect(Object.keys(errors).sort()).toEqual(['email', 'phone'])
    expect(validateCustomer({ ...EMPTY_CUSTOMER, name: 'A', phone: '+1 (555) 010-2030' })).toEqual(
      {},
    )
  })
})

describe('addTag', () => {
  it('adds a trimmed tag with inner spaces collapsed', () => {
    expect(addTag(['vip'], '  new   client ')).toEqual({ tags: ['vip', 'new client'], error: null })
  })

  it('refuses a second spelling of the same tag, an over-long tag and a 21st tag', () => {
    expect(addTag(['VIP'], 'vip').error).toMatch(/already there/)
    expect(addTag([], 'x'.repeat(41)).error).toMatch(/at most 40 characters/)
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`)
    expect(addTag(twenty, 'one more').error).toMatch(/at most 20 tags/)
    expect(addTag(['vip'], '   ')).toEqual({ tags: ['vip'], error: null })
  })
})

describe('the customers list filter', () => {
  it('sends only the parts that narrow the list', () => {
    expect(customerFilterQuery(NO_CUSTOMER_FILTER)).toEqual({ sort: 'name' })
    expect(customerFilterQuery({ search: '  ann ', sort: '-created_at', tag: 'vip' })).toEqual({
      sort: '-created_at',
      search: 'ann',
      tag: 'vip',
    })
  })

  it('maps table column sorting to the API sort and back', () => {
    expect(sortToDescriptor('-created_at')).toEqual({
      column: 'created_at',
      direction: 'descending',
    })
    expect(descriptorToSort({ column: 'email', direction: 'ascending' })).toBe('email')
    expect(descriptorToSort({ column: 'name', direction: 'descending' })).toBe('-name')
    // A column the API cannot sort by falls back to the default.
    expect(descriptorToSort({ column: 'phone', direction: 'ascending' })).toBe('name')
  })

  it('offers every tag seen so far, sorted, and keeps the one filtered by', () => {
    const tags = knownTags(['late'], [{ tags: ['VIP', 'new'] }, { tags: ['late'] }], 'gold')
    expect(tags).toEqual(['gold', 'late', 'new', 'VIP'])
  })
})

describe('CSV export', () => {
  it('names the file after the day and the filter', () => {
    const day = new Date(2026, 2, 1)
    expect(exportFileName(NO_CUSTOMER_FILTER, day)).toBe('customers-2026-03-01.csv')
    expect(exportFileName({ ...NO_CUSTOMER_FILTER, search: 'Ann Lee', tag: 'VIP' }, day)).toBe(
      'customers-vip-ann-lee-2026-03-01.csv',
    )
  })

  it('asks for CSV of the current filter with the bearer token, and returns the file', async () => {
    const seen: Request[] = []
    const client = createApiClient<paths>({
      baseUrl: 'http://api.test',
      getToken: () => 'token-1',
      getDomain: () => null,
      fetch: async (request) => {
        seen.push(request)
        return new Response('name,email\r\nAnn Lee,ann@example.test\r\n', {
          headers: { 'content-type': 'text/csv' },
        })
      },
    })
    const blob = await fetchCustomersCsv({ search: ' ann ', sort: '-name', tag: 'vip' }, client)
    expect(await blob.text()).toBe('name,email\r\nAnn Lee,ann@example.test\r\n')
    const request = seen[0]
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1')
    expect(request?.headers.get('Accept')).toBe('text/csv')
    const url = new URL(request?.url ?? '')
    expect(url.pathname).toBe('/api/v1/customers/export')
    // The whole filter, not just the page on screen.
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sort: '-name',
      search: 'ann',
      tag: 'vip',
    })
  })

  it('throws the problem when the export is refused', async () => {
    const client = createApiClient<paths>({
      baseUrl: 'http://api.test',
      getToken: () => 'token-1',
      getDomain: () => null,
      fetch: async () =>
        new Response(JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403 }), {
          status: 403,
          headers: { 'content-type': 'application/problem+json' },
        }),
    })
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = await fetchCustomersCsv(NO_CUSTOMER_FILTER, client).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(403)
    expect(consoleError).toHaveBeenCalledWith('Access forbidden')
    consoleError.mockRestore()
  })
})
