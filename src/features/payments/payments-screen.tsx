import { DayRangeField } from '../../components/form/day-range-field'
import { saveBlob } from '../../components/save-blob'
import '../../components/form/filter-bar.css'
import './payments-list.css'
import { useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link, useLocation, useSearch } from 'wouter'
import type { components } from '../../../shared/contract/schema'
import { can, type Permission } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { AccessDenied } from '../../components/access-denied'
import {
  PAYMENT_KIND_LABELS,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATE_TONES,
  TILL_METHOD_LABELS,
} from '../../components/appointments/payment-format'
import { CursorFeedBody } from '../../components/form/cursor-feed-body'
import { EmptyState } from '../../components/form/empty-state'
import { ListSkeleton } from '../../components/form/list-skeleton'
import { formatMoney } from '../../components/form/money'
import { PendingButton } from '../../components/form/pending-button'
import { FormSelectField } from '../../components/form/select-field'
import { useCursorFeed } from '../../components/form/use-cursor-feed'
import { createCursorFeedMachine } from '../../machines/cursor-feed.machine'
import { fetchPaymentsCsv, loadPaymentsPage } from './api'
import {
  appointmentHref,
  describePaymentsView,
  EMPTY_PAYMENTS_VIEW,
  formatPaymentsView,
  isPaymentsViewFiltered,
  LISTED_PAYMENT_STATES,
  type PaymentsFilter,
  type PaymentsView,
  parsePaymentsView,
  paymentsExportFileName,
  paymentsViewToFilter,
  samePaymentsFilter,
} from './payments-view'

type Payment = components['schemas']['Payment']

const PATH = '/payments'
const ALL = 'all'

const paymentsFeed = createCursorFeedMachine<Payment, PaymentsFilter>()

/** /payments: what customers paid online, refunds and what is kept (owners and admins). */
export function PaymentsListScreen() {
  const profile = useProfile()
  if (!profile) return <ListSkeleton rows={6} columns={6} label="Loading payments…" />
  if (!can(profile.permission, 'payments.read')) {
    return <AccessDenied what="payments" />
  }
  return <PaymentsList timeZone={profile.tenant.time_zone} permission={profile.permission} />
}

function hrefFor(view: PaymentsView): string {
  const query = formatPaymentsView(view)
  return query ? `${PATH}?${query}` : PATH
}

function PaymentsList({ timeZone, permission }: { timeZone: string; permission: Permission }) {
  const toast = useToast()
  const search = useSearch()
  const [, navigate] = useLocation()
  const view = useMemo(() => parsePaymentsView(search), [search])
  const filter = useMemo(() => paymentsViewToFilter(view, timeZone), [view, timeZone])

  const feed = useCursorFeed({
    machine: paymentsFeed,
    filter,
    sameFilter: samePaymentsFilter,
    loadPage: loadPaymentsPage,
  })
  const { items: payments, loading, empty, failure } = feed

  const show = (next: PaymentsView) => navigate(hrefFor(next), { replace: true })

  const [exporting, setExporting] = useState(false)
  const exportCsv = async () => {
    setExporting(true)
    try {
      saveBlob(await fetchPaymentsCsv(filter), paymentsExportFileName(view))
      toast.success('Your CSV file is downloading.', 'Payments exported')
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed.')
    } finally {
      setExporting(false)
    }
  }

  if (failure?.status === 403) return <AccessDenied what="payments" />

  return (
    <div className="p-stack">
      <p className="p-muted">
        What customers paid online when booking, at the till, and no-show fees, newest first. Times
        are in {timeZone}.
      </p>
      <search className="p-activity-filters" aria-label="Filter the payments">
        <FormSelectField
          label="State"
          name="state"
          className="p-activity-filters__field"
          value={view.state ?? ALL}
          options={[
            { id: ALL, label: 'Any state' },
            ...LISTED_PAYMENT_STATES.map((state) => ({
              id: state,
              label: PAYMENT_STATE_LABELS[state],
            })),
          ]}
          onChange={(key) =>
            show({
              ...view,
              state: LISTED_PAYMENT_STATES.find((state) => state === key) ?? null,
            })
          }
        />
        <DayRangeField
          value={view.range}
          timeZone={timeZone}
          onChange={(range) => show({ ...view, range })}
        />
        {isPaymentsViewFiltered(view) ? (
          <Button
            className="p-button p-button--ghost p-activity-filters__clear"
            onPress={() => show(EMPTY_PAYMENTS_VIEW)}
          >
            Clear filters
          </Button>
        ) : null}
        <PendingButton
          className="p-button p-payments-list__export"
          onPress={exportCsv}
          isPending={exporting}
          isDisabled={empty || loading}
        >
          Export CSV
        </PendingButton>
      </search>
      <CursorFeedBody
        feed={feed}
        skeleton={<ListSkeleton rows={6} columns={6} label="Loading payments…" />}
        errorTitle="Couldn't load your payments"
        filtered={isPaymentsViewFiltered(view)}
        noMatch={{
          title: 'No payments match these filters',
          hint: <>Nothing {describePaymentsView(view)}. Try another state or range of days.</>,
          onClear: () => show(EMPTY_PAYMENTS_VIEW),
        }}
        nothingYet={<NoPaymentsYet permission={permission} />}
      >
        <PaymentsTable payments={payments} timeZone={timeZone} />
        <PaymentCards payments={payments} timeZone={timeZone} />
      </CursorFeedBody>
    </div>
  )
}

/** Nothing taken yet: how a business starts taking payments (Stripe is the owner's to connect). */
function NoPaymentsYet({ permission }: { permission: Permission }) {
  const owner = can(permission, 'payments.manage')
  return (
    <EmptyState
      title="No payments yet"
      action={
        <div className="p-payments-list__next">
          {owner ? (
            <Link href="/settings/payments" className="p-button p-button--primary">
              Connect Stripe in Settings → Payments
            </Link>
          ) : null}
          <Link href="/services" className="p-button">
            Give a service a payment rule
          </Link>
        </div>
      }
    >
      Customers' payments appear here once they pay online when booking.{' '}
      {owner
        ? 'Connect your Stripe account, then ask for a prepayment, a deposit or a card for no-show fees on a service.'
        : 'Ask the owner to connect Stripe in Settings → Payments, then ask for a prepayment, a deposit or a card for no-show fees on a service.'}
    </EmptyState>
  )
}

function formatWhen(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(instant))
}

function formatDay(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone,
  }).format(new Date(instant))
}

function StateBadge({ payment }: { payment: Payment }) {
  return (
    <span className={`p-badge ${PAYMENT_STATE_TONES[payment.state]}`}>
      {PAYMENT_STATE_LABELS[payment.state]}
    </span>
  )
}

function money(payment: Payment, minor: number): string {
  return formatMoney(minor, payment.currency)
}

/** Wide screens: a table of every column; the appointment opens in the calendar. */
function PaymentsTable({ payments, timeZone }: { payments: Payment[]; timeZone: string }) {
  return (
    <div className="p-table-wrap p-table-wrap--responsive">
      <table className="p-table p-payments-table">
        <caption className="p-visually-hidden">Payments, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col">Service</th>
            <th scope="col">Appointment</th>
            <th scope="col">Kind</th>
            <th scope="col">State</th>
            <th scope="col" className="p-payments-table__amount">
              Amount
            </th>
            <th scope="col" className="p-payments-table__amount">
              Refunded
            </th>
            <th scope="col" className="p-payments-table__amount">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id} data-testid="payment-row">
              <td>
                <time dateTime={payment.created_at}>
                  {formatWhen(payment.created_at, timeZone)}
                </time>
              </td>
              <th scope="row" className="p-payments-table__customer">
                {payment.customer_name}
              </th>
              <td>{payment.service_name}</td>
              <td>
                <Link
                  href={appointmentHref(payment, timeZone)}
                  aria-label={`Open ${payment.customer_name}'s appointment, ${formatDay(payment.appointment_starts_at, timeZone)}`}
                >
                  {formatDay(payment.appointment_starts_at, timeZone)}
                </Link>
              </td>
              <td>{kindText(payment)}</td>
              <td>
                <StateBadge payment={payment} />
              </td>
              <td className="p-payments-table__amount">{money(payment, payment.amount_minor)}</td>
              <td className="p-payments-table__amount">
                {payment.refunded_minor > 0 ? money(payment, payment.refunded_minor) : '—'}
              </td>
              <td className="p-payments-table__amount p-payments-table__net">
                {money(payment, payment.net_minor)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Phones: one card per payment, the same facts stacked, nothing to scroll sideways. */
function PaymentCards({ payments, timeZone }: { payments: Payment[]; timeZone: string }) {
  return (
    <ul className="p-card-list" aria-label="Payments">
      {payments.map((payment) => (
        <li key={payment.id} className="p-list-card" data-testid="payment-card">
          <div className="p-list-card__head">
            <strong>{payment.customer_name}</strong>
            <StateBadge payment={payment} />
          </div>
          <div className="p-list-card__meta">
            <time dateTime={payment.created_at}>{formatWhen(payment.created_at, timeZone)}</time>
            <span>{payment.service_name}</span>
            <span>{kindText(payment)}</span>
          </div>
          <dl className="p-payments-card__amounts">
            <div>
              <dt>Amount</dt>
              <dd>{money(payment, payment.amount_minor)}</dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>{money(payment, payment.refunded_minor)}</dd>
            </div>
            <div>
              <dt>Net</dt>
              <dd>{money(payment, payment.net_minor)}</dd>
            </div>
          </dl>
          <Link href={appointmentHref(payment, timeZone)}>
            Appointment, {formatDay(payment.appointment_starts_at, timeZone)}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** "Deposit", "At the till, cash". */
function kindText(payment: Payment): string {
  const kind = PAYMENT_KIND_LABELS[payment.kind]
  return payment.method ? `${kind}, ${TILL_METHOD_LABELS[payment.method]}` : kind
}
