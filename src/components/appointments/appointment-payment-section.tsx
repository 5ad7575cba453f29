import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Button } from 'react-aria-components'
import { can } from '../../../shared/permissions.ts'
import type { Appointment, AppointmentPayment, PaymentState } from '../../api/appointments'
import type { Profile } from '../../machines/auth.machine'
import { formatMoney } from '../form/money'
import { STAFF_CLOCK } from './appointment-format'
import { createAppointmentPaymentsLogic } from './effects'
import { TILL_METHOD_LABELS } from './payment-format'
import { RefundPaymentDialog } from './refund-payment-dialog'

const STATE_LABELS: Record<PaymentState, { label: string; tone: string }> = {
  pending: { label: 'Awaiting payment', tone: 'p-badge--warn' },
  paid: { label: 'Paid', tone: 'p-badge--success' },
  deposit_paid: { label: 'Deposit paid', tone: 'p-badge--success' },
  partly_refunded: { label: 'Partly refunded', tone: 'p-badge--info' },
  refunded: { label: 'Refunded', tone: '' },
  failed: { label: 'Payment failed', tone: 'p-badge--danger' },
  expired: { label: 'Not paid', tone: '' },
  card_on_file: { label: 'Card on file', tone: 'p-badge--info' },
}

const KIND_LABELS: Record<AppointmentPayment['kind'], string> = {
  prepayment: 'Paid at booking',
  deposit: 'Deposit at booking',
  card_on_file: 'Card kept for a no-show fee',
  no_show_fee: 'No-show fee',
  in_person: 'Paid at the till',
}

const CAUSE_LABELS = {
  cancellation: 'on cancellation',
  staff: 'by staff',
  late_payment: 'paid after the hold ran out',
} as const

/**
 * The appointment's money for staff: its payment state in words, the amounts, every payment
 * with its refunds (and a refund still owed while Stripe has not made it), and "Refund…" for
 * owners and admins. Renders nothing for an appointment without payments. `version` changes
 * whenever the appointment does (a cancellation refunds), which loads the money again.
 */
export function AppointmentPaymentSection(props: {
  appointment: Appointment
  profile: Profile
  /** The dialog's step: refunds are offered only while it is just showing the appointment. */
  canAct: boolean
  /** Changes when the money may have changed without the appointment (a cancellation's refund). */
  version: number
}) {
  const { appointment, version, ...rest } = props
  // A fresh load (a new machine) for each change of the appointment and after each refund.
  const [refunds, setRefunds] = useState(0)
  return (
    <PaymentSection
      key={`${appointment.updated_at}|${appointment.status}|${refunds}|${version}`}
      appointment={appointment}
      {...rest}
      onRefunded={() => setRefunds((count) => count + 1)}
    />
  )
}

function PaymentSection({
  appointment,
  profile,
  canAct,
  onRefunded,
}: {
  appointment: Appointment
  profile: Profile
  canAct: boolean
  onRefunded: () => void
}) {
  const actor = useActorRef(createAppointmentPaymentsLogic(appointment.id))
  const data = useSelector(actor, (s) => s.context.data)
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const [refunding, setRefunding] = useState<AppointmentPayment | null>(null)

  if (failed) {
    return (
      <section className="p-payment-section" aria-labelledby={`payment-${appointment.id}`}>
        <h3 id={`payment-${appointment.id}`} className="p-appointment-step__title">
          Payment
        </h3>
        <p role="alert">
          The payment could not be loaded.{' '}
          <button
            type="button"
            className="p-link-button"
            onClick={() => actor.send({ type: 'load.retry' })}
          >
            Try again
          </button>
        </p>
      </section>
    )
  }
  if (!data?.summary) return null
  const { summary } = data
  // Payments exist (there is a summary), so they have their currency.
  const currency = data.currency ?? 'USD'
  const money = (amount: number) => formatMoney(amount, currency)
  const state = STATE_LABELS[summary.state]
  const mayRefund = canAct && can(profile.permission, 'payments.refund')
  const timeZone = profile.tenant.time_zone

  return (
    <section className="p-payment-section" aria-labelledby={`payment-${appointment.id}`}>
      <div className="p-payment-section__head">
        <h3 id={`payment-${appointment.id}`} className="p-appointment-step__title">
          Payment
        </h3>
        <span className={`p-badge ${state.tone}`} data-testid="payment-state">
          {state.label}
        </span>
      </div>
      {summary.paid_minor > 0 ? (
        <p className="p-payment-section__amounts">
          {money(summary.paid_minor)} paid
          {summary.refunded_minor > 0 ? `, ${money(summary.refunded_minor)} refunded` : ''}
        </p>
      ) : null}
      <ul className="p-payment-section__list">
        {data.payments.map((payment) => (
          <li key={payment.id} className="p-payment-section__payment">
            <div className="p-payment-section__row">
              <span>
                {KIND_LABELS[payment.kind]}
                {payment.method ? ` by ${TILL_METHOD_LABELS[payment.method]}` : ''}
                {payment.amount_minor > 0 ? `: ${money(payment.amount_minor)}` : ''}
                {payment.status === 'pending' ? ' (not paid yet)' : ''}
                {payment.status === 'expired' ? ' (never paid)' : ''}
                {payment.status === 'failed' ? ' (declined)' : ''}
              </span>
              {mayRefund && payment.refundable_minor > 0 ? (
                <Button className="p-button p-button--small" onPress={() => setRefunding(payment)}>
                  Refund…
                </Button>
              ) : null}
            </div>
            {payment.failure_message ? (
              <p className="p-payment-section__failure">{payment.failure_message}</p>
            ) : null}
            {payment.refunds.length > 0 ? (
              <ul className="p-payment-section__refunds" aria-label="Refunds">
                {payment.refunds.map((refund) => (
                  <li key={refund.id}>
                    {payment.kind === 'in_person' && refund.status === 'refunded'
                      ? `${money(refund.amount_minor)} given back at the till`
                      : refund.status === 'owed'
                        ? `${money(refund.amount_minor)} to be refunded (waiting for Stripe)`
                        : `${money(refund.amount_minor)} refunded`}{' '}
                    {CAUSE_LABELS[refund.cause]}
                    {refund.by ? ` (${refund.by})` : ''}, {whenDone(refund.created_at, timeZone)}
                    {refund.reason ? (
                      <span className="p-payment-section__reason">{refund.reason}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {refunding ? (
        <RefundPaymentDialog
          appointment={appointment}
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={() => {
            setRefunding(null)
            onRefunded()
          }}
        />
      ) : null}
    </section>
  )
}

/** "27 Nov, 10:05" in the business time zone, as the rest of the staff app shows times. */
function whenDone(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    ...STAFF_CLOCK,
    timeZone,
  }).format(new Date(instant))
}
