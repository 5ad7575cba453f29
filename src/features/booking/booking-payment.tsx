import { useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { ANY_TEAM_MEMBER, buildWizardUrl, type WizardRoute } from '../../../shared/booking-links'
import { isEmbedded } from '../../app/embed-host'
import { useTranslation } from '../../app/i18n'
import { formatPrice } from '../../components/appointments/appointment-format'
import type {
  bookingPaymentMachine,
  PublicBookingPayment,
} from '../../machines/booking-payment.machine'
import { BookingNotFound } from './booking-not-found'
import { LoadingCard, RetryAlert } from './booking-status'
import { usePageBusinessParam } from './page-business'
import { formatDayAndTime } from './slot-days'
import { useWizard, type WizardActor } from './wizard-actor'

type WizardSnapshot = ReturnType<WizardActor['getSnapshot']>
type PaymentActor = ActorRefFrom<typeof bookingPaymentMachine>
type PaymentSnapshot = SnapshotFrom<typeof bookingPaymentMachine>

/** Which part of paying at booking the flow is in. */
function payingStateOf(snapshot: PaymentSnapshot) {
  for (const state of [
    'redirected',
    'returned',
    'confirming',
    'failed',
    'expired',
    'refunded',
    'syncFailed',
  ] as const) {
    if (snapshot.matches(state)) return state
  }
  return null
}

/**
 * Paying at booking, between the details and the confirmation: on the way to Stripe's page,
 * back from it while the payment is checked, and every way it may not have gone through.
 * Waiting says itself as a status; what went wrong as an alert whose heading takes focus.
 */
export function BookingPayment() {
  const wizard = useWizard()
  // The wizard's paying flow (booking-payment.machine.ts), while it pays.
  const flow = useSelector(wizard, (s) => s.children.bookingPayment)
  return flow ? <PaymentStep flow={flow} /> : null
}

function PaymentStep({ flow }: { flow: PaymentActor }) {
  const state = useSelector(flow, payingStateOf)
  const payment = useSelector(flow, (s) => s.context.confirmation?.payment ?? null)
  const { t } = useTranslation()
  const [embedded] = useState(isEmbedded)

  switch (state) {
    case 'redirected':
      // Framed, Stripe's page opened in a new tab (it refuses frames): this one waits, and
      // the link opens it again (a click, which no popup blocker refuses).
      if (embedded) {
        return (
          <div className="p-card p-stack">
            <p role="status">{t('paying_new_tab')}</p>
            {payment?.checkout_url ? (
              <a
                className="p-button p-button--primary"
                href={payment.checkout_url}
                target="_blank"
                rel="noopener"
              >
                {t('open_payment_page')}
              </a>
            ) : null}
          </div>
        )
      }
      return (
        <div className="p-card p-stack" role="status">
          <p>{t('paying_redirect')}</p>
          {payment?.checkout_url ? (
            <a className="p-button p-button--primary" href={payment.checkout_url}>
              {t('continue_to_payment')}
            </a>
          ) : null}
        </div>
      )
    case 'returned':
      return <LoadingCard label={t('paying_checking')} />
    case 'confirming':
      return (
        <div className="p-card p-stack" role="status">
          <p>{t('paying_confirming')}</p>
          <span className="p-skeleton p-booking-confirmation__skeleton" aria-hidden="true" />
        </div>
      )
    case 'failed':
      return <PaymentFailed flow={flow} />
    case 'expired':
      return <HoldExpired flow={flow} />
    case 'refunded':
      return <PaymentRefunded payment={payment} />
    case 'syncFailed':
      return <SyncFailed flow={flow} />
    default:
      return null
  }
}

/**
 * A card whose title and `message` are an alert, the title taking focus when it appears so it
 * is heard first; `children` (a countdown, the way on) stay outside the live region.
 */
function PaymentAlert({
  title,
  message,
  children,
}: {
  title: string
  message: string
  children?: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="p-card p-stack p-booking-payment" aria-labelledby="booking-payment-title">
      <div role="alert" className="p-stack">
        <h2 id="booking-payment-title" ref={heading} tabIndex={-1} className="p-section-title">
          {title}
        </h2>
        <p>{message}</p>
      </div>
      {children}
    </section>
  )
}

function PaymentFailed({ flow }: { flow: PaymentActor }) {
  const route = useSelector(flow, (s) => s.context.route)
  const holdExpiresAt = useSelector(
    flow,
    (s) => s.context.confirmation?.payment?.hold_expires_at ?? null,
  )
  const { t } = useTranslation()
  // Back by the success address yet still unpaid: Stripe's word may only be late.
  const paidButUnconfirmed = route.step === 'payment' && route.outcome === 'paid'
  return (
    <PaymentAlert
      title={t('paying_failed_title')}
      message={paidButUnconfirmed ? t('paying_unconfirmed') : t('paying_failed')}
    >
      {holdExpiresAt ? <TimeLeft until={holdExpiresAt} /> : null}
      <div className="p-booking-actions">
        <button
          type="button"
          className="p-button p-button--primary"
          onClick={() => flow.send({ type: 'payment.payAgain' })}
        >
          {t('pay_again')}
        </button>
      </div>
    </PaymentAlert>
  )
}

/**
 * How long the time is still held, counting down. Outside the alert, and not a live region:
 * a screen reader hears it when it reads the page, not every second.
 */
function TimeLeft({ until }: { until: string }) {
  const { t, intl } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  const seconds = Math.max(0, Math.ceil((Date.parse(until) - now) / 1_000))
  const minutes = Math.floor(seconds / 60)
  const format = (value: number, unit: 'minute' | 'second') =>
    new Intl.NumberFormat(intl, { style: 'unit', unit, unitDisplay: 'long' }).format(value)
  const time =
    minutes > 0
      ? `${format(minutes, 'minute')} ${format(seconds % 60, 'second')}`
      : format(seconds, 'second')
  return (
    <p className="p-booking-payment__time-left" data-testid="hold-time-left">
      {t('paying_time_left', { time })}
    </p>
  )
}

/** Where to choose another time: the same service, with the same person if the visit knows. */
function anotherTimeRoute(snapshot: WizardSnapshot, bookedServiceId: string | null): WizardRoute {
  const { context } = snapshot
  const serviceId = context.serviceId ?? bookedServiceId ?? ''
  if (context.teamMemberId) {
    return { step: 'calendar', serviceId, teamMemberId: context.teamMemberId ?? ANY_TEAM_MEMBER }
  }
  // Back from Stripe on a fresh page: who was chosen is not known; the team step asks again
  // (or, where the business assigns whoever is free, goes straight to the times).
  return { step: 'serviceTeam', serviceId }
}

function HoldExpired({ flow }: { flow: PaymentActor }) {
  const wizard = useWizard()
  const bookedServiceId = useSelector(
    flow,
    (s) => s.context.confirmation?.appointment.service.id ?? null,
  )
  const to = useSelector(wizard, (s) => anotherTimeRoute(s, bookedServiceId))
  const startsAt = useSelector(flow, (s) => s.context.confirmation?.appointment.starts_at)
  const timeZone = useSelector(wizard, (s) => s.context.timeZone)
  const business = usePageBusinessParam()
  const { t, intl } = useTranslation()
  return (
    <PaymentAlert title={t('paying_expired_title')} message={t('paying_expired')}>
      {startsAt ? (
        <p className="p-booking-when">{formatDayAndTime(startsAt, timeZone, intl)}</p>
      ) : null}
      <Link className="p-button p-button--primary" href={buildWizardUrl(to, business)}>
        {t('choose_another_time')}
      </Link>
    </PaymentAlert>
  )
}

function PaymentRefunded({ payment }: { payment: PublicBookingPayment | null }) {
  const business = usePageBusinessParam()
  const { t, intl } = useTranslation()
  const amount = payment
    ? formatPrice({ amount_minor: payment.amount_minor, currency: payment.currency }, intl)
    : ''
  return (
    <PaymentAlert title={t('paying_refunded_title')} message={t('paying_refunded', { amount })}>
      <Link
        className="p-button p-button--primary"
        href={buildWizardUrl({ step: 'start' }, business)}
      >
        {t('book_an_appointment')}
      </Link>
    </PaymentAlert>
  )
}

function SyncFailed({ flow }: { flow: PaymentActor }) {
  const error = useSelector(flow, (s) => s.context.error)
  const notFound = useSelector(flow, (s) => s.context.notFound)
  const { t, say } = useTranslation()
  if (notFound) return <BookingNotFound what="appointment" />
  return (
    <RetryAlert
      title={t('paying_sync_failed')}
      message={error === null ? null : say(error)}
      onRetry={() => flow.send({ type: 'payment.retry' })}
    />
  )
}

/** What the confirmation says of a payment at booking: what was paid, and the refund rule. */
export function PaidAtBooking({
  payment,
  cancelDeadline,
  timeZone,
}: {
  payment: PublicBookingPayment
  cancelDeadline: string
  timeZone: string
}) {
  const { t, intl } = useTranslation()
  if (payment.status !== 'succeeded') return null
  if (payment.kind === 'card_on_file') {
    return <p className="p-booking-paid">{t('confirmation_card_kept')}</p>
  }
  const amount = formatPrice(
    { amount_minor: payment.amount_minor, currency: payment.currency },
    intl,
  )
  return (
    <div className="p-booking-paid">
      <p>
        <strong>
          {t(
            payment.kind === 'deposit'
              ? 'confirmation_paid_deposit'
              : 'confirmation_paid_prepayment',
            { amount },
          )}
        </strong>
      </p>
      <p>
        {t('confirmation_refund_rule', {
          deadline: formatDayAndTime(cancelDeadline, timeZone, intl),
          kept: amount,
        })}
      </p>
    </div>
  )
}
