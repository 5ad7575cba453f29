import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components'
import { Link } from 'wouter'
import type { Customer } from '../../api/customers'

export interface CustomerSortDescriptor {
  column: string
  direction: 'ascending' | 'descending'
}

function addedOn(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso))
}

/** A row opens the client profile; editing is one press further. */
function profileHref(customer: Customer): string {
  return `/customers/${customer.id}`
}

/**
 * One page of customers: a sortable table on wide screens, cards on phones (the kit's CSS shows
 * one or the other). Sorting by name, e-mail or date added asks the server, so it covers every
 * customer, not just the page on screen.
 */
export function CustomerTable({
  customers,
  sort,
  onSortChange,
  stale,
}: {
  customers: readonly Customer[]
  sort: CustomerSortDescriptor
  onSortChange: (sort: CustomerSortDescriptor) => void
  /** A newer page is loading: dim this one rather than blank it. */
  stale: boolean
}) {
  return (
    <div className={stale ? 'p-list--stale' : undefined} aria-busy={stale || undefined}>
      <div className="p-table-wrap p-table-wrap--responsive">
        <Table
          aria-label="Customers"
          className="p-table"
          sortDescriptor={sort}
          onSortChange={(next) =>
            onSortChange({ column: String(next.column), direction: next.direction })
          }
        >
          <TableHeader>
            <Column id="name" isRowHeader allowsSorting>
              {({ sortDirection }) => <SortLabel label="Name" direction={sortDirection} />}
            </Column>
            <Column id="email" allowsSorting>
              {({ sortDirection }) => <SortLabel label="E-mail" direction={sortDirection} />}
            </Column>
            <Column id="phone">Phone</Column>
            <Column id="tags">Tags</Column>
            <Column id="created_at" allowsSorting>
              {({ sortDirection }) => <SortLabel label="Added" direction={sortDirection} />}
            </Column>
          </TableHeader>
          <TableBody items={customers}>
            {(customer) => (
              <Row id={customer.id}>
                <Cell>
                  <Link href={profileHref(customer)} className="p-table__primary">
                    {customer.name}
                  </Link>
                </Cell>
                <Cell>{customer.email ?? <span className="p-muted">—</span>}</Cell>
                <Cell>{customer.phone ?? <span className="p-muted">—</span>}</Cell>
                <Cell>
                  <CustomerTagList tags={customer.tags} />
                </Cell>
                <Cell>{addedOn(customer.created_at)}</Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <ul className="p-card-list" aria-label="Customers">
        {customers.map((customer) => (
          <li key={customer.id} className="p-list-card">
            <div className="p-list-card__head">
              <Link href={profileHref(customer)} className="p-table__primary">
                {customer.name}
              </Link>
            </div>
            <div className="p-list-card__meta">
              {customer.email ? <span>{customer.email}</span> : null}
              {customer.phone ? <span>{customer.phone}</span> : null}
              <span>Added {addedOn(customer.created_at)}</span>
            </div>
            <CustomerTagList tags={customer.tags} />
          </li>
        ))}
      </ul>
    </div>
  )
}

function SortLabel({
  label,
  direction,
}: {
  label: string
  direction: 'ascending' | 'descending' | undefined
}) {
  return (
    <span className="p-sort-label">
      {label}
      <span aria-hidden="true" className="p-sort-label__arrow">
        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </span>
    </span>
  )
}

export function CustomerTagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null
  return (
    <span className="p-customer-tags">
      {tags.map((tag) => (
        <span key={tag} className="p-badge">
          {tag}
        </span>
      ))}
    </span>
  )
}
