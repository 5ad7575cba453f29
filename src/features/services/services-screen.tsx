import { useProfile } from '../../app/auth-context'
import { bookingPageUrl } from '../../components/booking-address'
import { EmptyState } from '../../components/form/empty-state'
import { ListSearchField } from '../../components/form/search-field'
import { FormSelectField } from '../../components/form/select-field'
import { useEntityList } from '../../components/form/use-entity-list'
import { ListScreenBody } from '../../components/list-screen-body'
import { createEntityListMachine } from '../../machines/entity-list.machine'
import { loadServicePage, type ServiceListFilters } from './api'
import { canWriteServices } from './service-access'
import { ServiceTable } from './service-table'
import { isServiceSort, SERVICE_SORT_LABELS, SERVICE_SORTS, type Service } from './service-values'

const serviceList = createEntityListMachine<Service, ServiceListFilters>()

type StatusFilter = 'all' | 'active' | 'inactive'
const STATUS_OPTIONS = [
  { id: 'all', label: 'All services' },
  { id: 'active', label: 'Active only' },
  { id: 'inactive', label: 'Inactive only' },
] as const

function statusOf(active: boolean | undefined): StatusFilter {
  if (active === undefined) return 'all'
  return active ? 'active' : 'inactive'
}

/** /services: search, sort by name, price or duration, filter by status. Staff read only. */
export function ServicesScreen() {
  const profile = useProfile()
  const canEdit = canWriteServices(profile)
  const currency = profile?.currency ?? 'USD'
  const list = useEntityList<Service, ServiceListFilters>({
    machine: serviceList,
    sort: 'name',
    loadPage: loadServicePage,
  })
  const { query } = list
  const sort = isServiceSort(query.sort) ? query.sort : 'name'

  return (
    <div className="p-stack">
      <div className="p-list-toolbar">
        <ListSearchField
          label="Search services"
          placeholder="Name, category or description"
          value={query.search}
          onChange={list.search}
        />
        <FormSelectField
          label="Sort by"
          name="sort"
          value={sort}
          options={SERVICE_SORTS.map((id) => ({ id, label: SERVICE_SORT_LABELS[id] }))}
          onChange={list.sort}
        />
        <FormSelectField
          label="Status"
          name="status"
          value={statusOf(query.filters.active)}
          options={STATUS_OPTIONS}
          onChange={(status) =>
            list.filter({ active: status === 'all' ? undefined : status === 'active' })
          }
        />
      </div>

      <ListScreenBody
        list={list}
        errorTitle="Services could not be loaded"
        skeleton={{ columns: 5, label: 'Loading services…' }}
        noMatch={
          <EmptyState title="No services match">
            <p>Try another search or status.</p>
          </EmptyState>
        }
        nothingYet={
          canEdit ? (
            <EmptyState
              title="No services yet"
              actionLabel="Add your first service"
              actionHref="/services/create"
            >
              <p>Services are what customers book: a haircut, a consultation, a lesson.</p>
              {profile ? (
                <p>
                  Customers will book them on your booking page:{' '}
                  <a href={bookingPageUrl(profile.tenant.slug)} target="_blank" rel="noreferrer">
                    {bookingPageUrl(profile.tenant.slug)}
                  </a>
                </p>
              ) : null}
            </EmptyState>
          ) : (
            <EmptyState title="No services yet">
              <p>An owner or admin of your business adds the services customers can book.</p>
            </EmptyState>
          )
        }
        noun="services"
      >
        <ServiceTable
          services={list.items}
          sort={sort}
          onSort={list.sort}
          currency={currency}
          canEdit={canEdit}
          stale={list.isRefreshing}
        />
      </ListScreenBody>
    </div>
  )
}
