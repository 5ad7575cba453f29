import type { Customer } from '../../api/customers'
import { saveBlob } from '../../components/save-blob'
import './customers.css'
import { useEffect, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link } from 'wouter'
import { can } from '../../../shared/permissions'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { EmptyState } from '../../components/form/empty-state'
import { PendingButton } from '../../components/form/pending-button'
import { ListSearchField } from '../../components/form/search-field'
import { FormSelectField } from '../../components/form/select-field'
import { useEntityList } from '../../components/form/use-entity-list'
import { ListScreenBody } from '../../components/list-screen-body'
import { createEntityListMachine } from '../../machines/entity-list.machine'
import { fetchCustomersCsv } from './api'
import { exportFileName } from './customer-export'
import {
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  type CustomerFilter,
  type CustomerListFilters,
  descriptorToSort,
  isCustomerSort,
  knownTags,
  loadCustomerPage,
  sortToDescriptor,
} from './customer-list-params'
import { CustomerTable } from './customer-table'

const customerList = createEntityListMachine<Customer, CustomerListFilters>()

// Select keys cannot be empty strings; the API's "no tag" is ''.
const ALL_TAGS = '*all*'

/** /customers: searched, sorted, filtered and paged on the server; CSV of the current filter. */
export function CustomersScreen() {
  const toast = useToast()
  const permission = useProfile()?.permission ?? null
  const mayImport = permission !== null && can(permission, 'customers.import')
  const list = useEntityList<Customer, CustomerListFilters>({
    machine: customerList,
    sort: 'name',
    limit: CUSTOMER_PAGE_SIZE,
    filters: { tag: '' },
    loadPage: (query) => loadCustomerPage(query),
  })
  const { query } = list
  const sort = isCustomerSort(query.sort) ? query.sort : 'name'
  const filter: CustomerFilter = { search: query.search, sort, tag: query.filters.tag }

  const [tags, setTags] = useState<string[]>([])
  useEffect(() => {
    setTags((previous) => knownTags(previous, list.items, query.filters.tag))
  }, [list.items, query.filters.tag])

  const [exporting, setExporting] = useState(false)
  const exportCsv = async () => {
    setExporting(true)
    try {
      saveBlob(await fetchCustomersCsv(filter), exportFileName(filter))
      toast.success('Your CSV file is downloading.', 'Customers exported')
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed.')
    } finally {
      setExporting(false)
    }
  }

  const nothingYet = list.isEmpty && !list.isEmptyMatch

  return (
    <div className="p-stack">
      <div className="p-list-toolbar">
        <ListSearchField
          label="Search customers"
          placeholder="Name, e-mail or phone"
          value={query.search}
          onChange={list.search}
        />
        <FormSelectField
          label="Tag"
          name="tag"
          value={query.filters.tag || ALL_TAGS}
          options={[
            { id: ALL_TAGS, label: 'All tags' },
            ...tags.map((tag) => ({ id: tag, label: tag })),
          ]}
          onChange={(tag) => list.filter({ tag: tag === ALL_TAGS ? '' : tag })}
        />
        <FormSelectField
          label="Sort by"
          name="sort"
          value={sort}
          options={CUSTOMER_SORTS.map((id) => ({ id, label: CUSTOMER_SORT_LABELS[id] }))}
          onChange={(next) => list.sort(next)}
        />
        <PendingButton
          className="p-button p-customers__export"
          onPress={exportCsv}
          isPending={exporting}
          isDisabled={nothingYet}
        >
          Export CSV
        </PendingButton>
        {mayImport ? (
          <Link href="/customers/import" className="p-button">
            Import
          </Link>
        ) : null}
      </div>

      <ListScreenBody
        list={list}
        errorTitle="Couldn't load your customers"
        skeleton={{ rows: 8, columns: 5, label: 'Loading customers…' }}
        noMatch={
          <EmptyState
            title="No customers match"
            action={
              <Button
                className="p-button"
                onPress={() => {
                  list.search('')
                  list.filter({ tag: '' })
                }}
              >
                Clear search and filters
              </Button>
            }
          >
            Nobody matches {query.search.trim() ? `“${query.search.trim()}”` : 'this search'}
            {query.filters.tag ? ` with the tag “${query.filters.tag}”` : ''}.
          </EmptyState>
        }
        nothingYet={
          <EmptyState
            title="No customers yet"
            actionLabel="Add customer"
            actionHref="/customers/create"
          >
            Add the people who book with you, or they appear here when they book online.
            {mayImport ? (
              <>
                {' '}
                Moving from another tool? <Link href="/customers/import">Import your clients</Link>{' '}
                from a CSV file.
              </>
            ) : null}
          </EmptyState>
        }
        noun="customers"
      >
        <p className="p-muted p-customers__count" aria-live="polite">
          {list.total === 1 ? '1 customer' : `${list.total} customers`}
          {query.search.trim() || query.filters.tag ? ' match' : ''}
        </p>
        <CustomerTable
          customers={list.items}
          sort={sortToDescriptor(sort)}
          onSortChange={(descriptor) => list.sort(descriptorToSort(descriptor))}
          stale={list.isRefreshing}
        />
      </ListScreenBody>
    </div>
  )
}
