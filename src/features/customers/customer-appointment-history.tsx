import { useProfile } from '../../app/auth-context'
import { STAFF_CLOCK } from '../../components/appointments/appointment-format'
import { EmptyState } from '../../components/form/empty-state'
import { formatMoney } from '../../components/form/money'
import { useEntityList } from '../../components/form/use-entity-list'
import { ListScreenBody } from '../../components/list-screen-body'
import { createEntityListMachine } from '../../machines/entity-list.machine'
import { type AppointmentSummary, loadCustomerAppointments } from './api'

const historyList = createEntityListMachine<AppointmentSummary>()

const HISTORY_PAGE_SIZE = 10

export const STATUS_LABELS: Record<AppointmentSummary['status'], { label: string; tone: string }> =
  {
    confirmed: { label: 'Confirmed', tone: 'p-badge--info' },
    completed: { label: 'Completed', tone: 'p-badge--success' },
    cancelled: { label: 'Cancelled', tone: '' },
    no_show: { label: 'No-show', tone: 'p-badge--warn' },
    pending_payment: { label: 'Awaiting payment', tone: 'p-badge--warn' },
    payment_expired: { label: 'Not paid in time', tone: '' },
  }

function formatWhen(iso: string, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(undefined, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: STAFF_CLOCK.hourCycle,
    }).format(new Date(iso))
  } catch {
    return iso
  }
}

/**
 * Visits as a table: when, service, member, status, price and what was received for it.
 * Phones read each row as a card (the kit's responsive table).
 */
export function VisitsTable({
  items,
  caption,
  stale = false,
}: {
  items: readonly AppointmentSummary[]
  caption: string
  stale?: boolean
}) {
  const profile = useProfile()
  const timeZone = profile?.tenant.time_zone
  return (
    <div className={stale ? 'p-list--stale' : undefined} aria-busy={stale || undefined}>
      <div className="p-table-wrap p-table-wrap--responsive">
        <table className="p-table">
          <caption className="p-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Service</th>
              <th scope="col">With</th>
              <th scope="col">Status</th>
              <th scope="col" className="p-numeric">
                Price
              </th>
              <th scope="col" className="p-numeric">
                Paid
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((appointment) => {
              const status = STATUS_LABELS[appointment.status]
              return (
                <tr key={appointment.id}>
                  <td>
                    <time dateTime={appointment.starts_at}>
                      {formatWhen(appointment.starts_at, timeZone)}
                    </time>
                  </td>
                  <td>{appointment.service_name}</td>
                  <td>{appointment.team_member_name}</td>
                  <td>
                    <span className={`p-badge ${status.tone}`}>{status.label}</span>
                  </td>
                  <td className="p-numeric">
                    {formatMoney(appointment.price.amount_minor, appointment.price.currency)}
                  </td>
                  <td className="p-numeric">
                    {appointment.paid ? (
                      formatMoney(appointment.paid.amount_minor, appointment.paid.currency)
                    ) : (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="p-visually-hidden">No payment recorded</span>
                      </>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <ul className="p-card-list" aria-label={caption}>
        {items.map((appointment) => {
          const status = STATUS_LABELS[appointment.status]
          return (
            <li key={appointment.id} className="p-list-card">
              <div className="p-list-card__head">
                <strong>{appointment.service_name}</strong>
                <span className={`p-badge ${status.tone}`}>{status.label}</span>
              </div>
              <div className="p-list-card__meta">
                <time dateTime={appointment.starts_at}>
                  {formatWhen(appointment.starts_at, timeZone)}
                </time>
                <span>with {appointment.team_member_name}</span>
                <span>
                  {formatMoney(appointment.price.amount_minor, appointment.price.currency)}
                  {appointment.paid
                    ? `, paid ${formatMoney(appointment.paid.amount_minor, appointment.paid.currency)}`
                    : ''}
                </span>
              </div>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/**
 * A customer's appointments, a page at a time: all of them newest first (the edit page), or
 * the past visits on the client profile (`when="past"`).
 */
export function CustomerAppointmentHistory({
  customerId,
  when = 'all',
  title = 'Appointment history',
}: {
  customerId: string
  when?: 'all' | 'past'
  title?: string
}) {
  const list = useEntityList<AppointmentSummary>({
    machine: historyList,
    // The history is always newest first; the API takes no sort.
    sort: '-starts_at',
    limit: HISTORY_PAGE_SIZE,
    loadPage: (query) => loadCustomerAppointments(customerId, query, when),
  })
  const headingId = `customer-history-${when}`

  return (
    <section className="p-form-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="p-form-section__title">
        {title}
      </h2>
      <ListScreenBody
        list={list}
        errorTitle="Couldn't load the appointments"
        skeleton={{ rows: 3, columns: 4, label: 'Loading appointments…' }}
        nothingYet={
          <EmptyState title={when === 'past' ? 'No past visits yet' : 'No appointments yet'}>
            Appointments this customer books, or that you book for them, appear here.
          </EmptyState>
        }
        noun="appointments"
      >
        <VisitsTable
          items={list.items}
          caption={when === 'past' ? 'Past visits, newest first' : 'Appointments, newest first'}
          stale={list.isRefreshing}
        />
      </ListScreenBody>
    </section>
  )
}
