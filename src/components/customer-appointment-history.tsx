import { type AppointmentSummary, loadCustomerAppointments } from '../api/customers'
import { useProfile } from '../app/auth-context'
import { createEntityListMachine } from '../machines/entity-list.machine'
import { STAFF_CLOCK } from './appointments/appointment-format'
import { EmptyState } from './form/empty-state'
import { formatMoney } from './form/money'
import { useEntityList } from './form/use-entity-list'
import { ListScreenBody } from './list-screen-body'

const historyList = createEntityListMachine<AppointmentSummary>()

const HISTORY_PAGE_SIZE = 10

const STATUS_LABELS: Record<AppointmentSummary['status'], { label: string; tone: string }> = {
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

/** A customer's appointments, newest first, on the customer's edit page. */
export function CustomerAppointmentHistory({ customerId }: { customerId: string }) {
  const profile = useProfile()
  const timeZone = profile?.tenant.time_zone
  const list = useEntityList<AppointmentSummary>({
    machine: historyList,
    // The history is always newest first; the API takes no sort.
    sort: '-starts_at',
    limit: HISTORY_PAGE_SIZE,
    loadPage: (query) => loadCustomerAppointments(customerId, query),
  })

  return (
    <section className="p-form-section" aria-labelledby="customer-history">
      <h2 id="customer-history" className="p-form-section__title">
        Appointment history
      </h2>
      <ListScreenBody
        list={list}
        errorTitle="Couldn't load the appointments"
        skeleton={{ rows: 3, columns: 4, label: 'Loading appointments…' }}
        nothingYet={
          <EmptyState title="No appointments yet">
            Appointments this customer books, or that you book for them, appear here.
          </EmptyState>
        }
        noun="appointments"
      >
        <div
          className={`p-table-wrap${list.isRefreshing ? ' p-list--stale' : ''}`}
          aria-busy={list.isRefreshing || undefined}
        >
          <table className="p-table">
            <caption className="p-visually-hidden">Appointments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Service</th>
                <th scope="col">With</th>
                <th scope="col">Status</th>
                <th scope="col" className="p-numeric">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((appointment) => {
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
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </ListScreenBody>
    </section>
  )
}
