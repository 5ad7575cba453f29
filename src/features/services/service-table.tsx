import {
  Cell,
  Column,
  Row,
  type SortDescriptor,
  Table,
  TableBody,
  TableHeader,
} from 'react-aria-components'
import { Link } from 'wouter'
import { formatMoney } from '../../components/form/money'
import { formatDuration } from '../../domain/duration-minutes'
import { NOT_BOOKABLE_ONLINE, type Service, type ServiceSort } from './service-values'

type SortableColumn = 'name' | 'duration' | 'price'

function toDescriptor(sort: ServiceSort): SortDescriptor {
  const descending = sort.startsWith('-')
  return {
    column: descending ? sort.slice(1) : sort,
    direction: descending ? 'descending' : 'ascending',
  }
}

function fromDescriptor(descriptor: SortDescriptor): ServiceSort {
  const column = String(descriptor.column) as SortableColumn
  return descriptor.direction === 'descending' ? `-${column}` : column
}

/** Active, inactive, or active but out of customers' reach: nobody bookable performs it. */
function StatusBadge({ service }: { service: Service }) {
  if (!service.active) return <span className="p-badge">Inactive</span>
  if (!service.bookable_online) {
    return <span className="p-badge p-badge--warn">{NOT_BOOKABLE_ONLINE}</span>
  }
  return <span className="p-badge p-badge--success">Active</span>
}

function ServiceName({ service, linked }: { service: Service; linked: boolean }) {
  const name = (
    <span className="p-table__primary">
      <span className="p-color-dot" style={{ background: service.color }} aria-hidden="true" />
      {service.name}
    </span>
  )
  return (
    <>
      {linked ? <Link href={`/services/${service.id}/edit`}>{name}</Link> : name}
      {service.category ? <span className="p-table__secondary">{service.category}</span> : null}
    </>
  )
}

/**
 * Services as a sortable table (column headers sort on the server) and, on phones, as cards.
 * Names link to the edit page only for roles that may change services.
 */
export function ServiceTable({
  services,
  sort,
  onSort,
  currency,
  canEdit,
  stale,
}: {
  services: Service[]
  sort: ServiceSort
  onSort: (sort: ServiceSort) => void
  currency: string
  canEdit: boolean
  stale: boolean
}) {
  return (
    <div className={stale ? 'p-list--stale' : undefined} aria-busy={stale}>
      <div className="p-table-wrap p-table-wrap--responsive">
        <Table
          aria-label="Services"
          className="p-table"
          sortDescriptor={toDescriptor(sort)}
          onSortChange={(descriptor) => onSort(fromDescriptor(descriptor))}
        >
          <TableHeader>
            <Column id="name" isRowHeader allowsSorting>
              Service
            </Column>
            <Column id="duration" allowsSorting>
              Duration
            </Column>
            <Column id="price" allowsSorting className="p-numeric">
              Price
            </Column>
            <Column id="capacity">Seats</Column>
            <Column id="status">Status</Column>
          </TableHeader>
          {/* The rows read canEdit and currency, which arrive with the profile, often after
              the first page: react-aria caches rendered rows per item until a dependency changes. */}
          <TableBody items={services} dependencies={[canEdit, currency]}>
            {(service) => (
              <Row id={service.id}>
                <Cell>
                  <ServiceName service={service} linked={canEdit} />
                </Cell>
                <Cell>{formatDuration(service.duration_minutes)}</Cell>
                <Cell className="p-numeric">
                  {formatMoney(service.price_minor, service.currency || currency)}
                </Cell>
                <Cell>{service.capacity}</Cell>
                <Cell>
                  <StatusBadge service={service} />
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <ul className="p-card-list" aria-label="Services">
        {services.map((service) => (
          <li key={service.id} className="p-list-card">
            <div className="p-list-card__head">
              <ServiceName service={service} linked={canEdit} />
              <StatusBadge service={service} />
            </div>
            <div className="p-list-card__meta">
              <span>{formatDuration(service.duration_minutes)}</span>
              <span>{formatMoney(service.price_minor, service.currency || currency)}</span>
              {service.capacity > 1 ? <span>{service.capacity} seats</span> : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
