import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../../shared/contract/schema'
import type { Customer } from '../../api/customers'
import type { ListPage, ListQuery } from '../../machines/entity-list.machine'
import { listCustomers } from './api'

export type CustomerSort = components['parameters']['CustomerSort']

export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  email: 'E-mail, A to Z',
  '-email': 'E-mail, Z to A',
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
}

export const CUSTOMER_SORTS = Object.keys(CUSTOMER_SORT_LABELS) as CustomerSort[]

export function isCustomerSort(value: string): value is CustomerSort {
  return value in CUSTOMER_SORT_LABELS
}

export const CUSTOMER_PAGE_SIZE = 25

/** What narrows the customers list (and its CSV export); '' = not narrowed by it. */
export interface CustomerFilter {
  search: string
  sort: CustomerSort
  tag: string
}

export const NO_CUSTOMER_FILTER: CustomerFilter = { search: '', sort: 'name', tag: '' }

/** The API query for a filter: empty parts left out, search trimmed. */
export function customerFilterQuery(filter: CustomerFilter): {
  sort: CustomerSort
  search?: string
  tag?: string
} {
  const search = filter.search.trim()
  return {
    sort: filter.sort,
    ...(search ? { search } : {}),
    ...(filter.tag ? { tag: filter.tag } : {}),
  }
}

/** A table column's sort (react-aria's SortDescriptor) ⇄ the API's `sort` value. */
export function sortToDescriptor(sort: string): {
  column: string
  direction: 'ascending' | 'descending'
} {
  const descending = sort.startsWith('-')
  return {
    column: descending ? sort.slice(1) : sort,
    direction: descending ? 'descending' : 'ascending',
  }
}

export function descriptorToSort(descriptor: {
  column: string | number
  direction: 'ascending' | 'descending'
}): CustomerSort {
  const sort = `${descriptor.direction === 'descending' ? '-' : ''}${descriptor.column}`
  return isCustomerSort(sort) ? sort : NO_CUSTOMER_FILTER.sort
}

/**
 * Tags seen so far on the pages shown, for the tag filter (the API has no list of tags).
 * Sorted without case; the tag filtered by stays listed even when no shown customer has it.
 */
export function knownTags(
  previous: readonly string[],
  customers: readonly { tags: readonly string[] }[],
  current: string,
): string[] {
  const all = new Set(previous)
  for (const customer of customers) for (const tag of customer.tags) all.add(tag)
  if (current) all.add(current)
  return [...all].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }))
}

export interface CustomerListFilters {
  tag: string
}

/** listCustomers for the list machine's query. */
export function loadCustomerPage(
  query: ListQuery<CustomerListFilters>,
  client?: Client<paths>,
): Promise<ListPage<Customer>> {
  const sort: CustomerSort = isCustomerSort(query.sort) ? query.sort : 'name'
  return listCustomers(
    {
      ...customerFilterQuery({ search: query.search, sort, tag: query.filters.tag }),
      limit: query.limit,
      offset: query.offset,
    },
    client,
  )
}
