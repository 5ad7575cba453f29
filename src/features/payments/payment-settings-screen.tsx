import { createPaymentOnboardingLink, type PaymentAccount } from './api'
import './payment-settings.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { AccessDenied } from '../../components/access-denied'
import { PendingButton } from '../../components/form/pending-button'
import { FormError } from '../../components/form-error'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import { badgeClass } from '../../domain/billing'
import { PAYMENT_STATUS_TEXT, paymentAction, returnedMessage } from '../../domain/payments'
import { messageOf } from '../../machines/call-errors'
import { createPaymentAccountLogic } from './effects'
import { PaymentHoldForm } from './payment-hold-form'

const PAYMENTS_PATH = '/settings/payments'

/**
 * How the page was opened: plainly, back from Stripe's onboarding (`?onboarding=returned`:
 * re-read the account at once, never wait for the webhook), or from an onboarding link that
 * expired or was used already (`?onboarding=refresh`: ask for a fresh one and go back).
 */
type Arrival = 'plain' | 'returned' | 'refresh'

/** /settings/payments: the business's Stripe account for payments at booking (owners). */
export function PaymentsScreen() {
  const profile = useProfile()
  if (!profile) return <PaymentsSkeleton />
  if (!can(profile.permission, 'payments.manage')) {
    return <AccessDenied what="payments" who="owners" />
  }
  return <PaymentsPage />
}

function PaymentsPage() {
  const search = useSearch()
  const [, navigate] = useLocation()
  const toast = useToast()
  const [arrival] = useState<Arrival>(() => {
    const onboarding = new URLSearchParams(search).get('onboarding')
    return onboarding === 'returned' || onboarding === 'refresh' ? onboarding : 'plain'
  })
  const [logic] = useState(() =>
    createPaymentAccountLogic({ syncFromStripe: arrival === 'returned' }),
  )
  const actor = useActorRef(logic)
  const data = useSelector(actor, (s) => s.context.data)
  const failure = useSelector(actor, (s) => s.context.failure)
  const isLoading = useSelector(actor, (s) => s.hasTag('loading'))

  // Told once, then the address loses its marker so a reload does not tell it again.
  const told = useRef(false)
  useEffect(() => {
    if (arrival === 'plain' || told.current) return
    if (arrival === 'returned' && data) {
      told.current = true
      const message = returnedMessage(data.status)
      toast[message.severity](message.text, 'Stripe')
      navigate(PAYMENTS_PATH, { replace: true })
    }
    if (arrival === 'refresh') {
      told.current = true
      navigate(PAYMENTS_PATH, { replace: true })
    }
  }, [arrival, data, navigate, toast])

  if (failure?.status === 403) return <AccessDenied what="payments" who="owners" />
  if (failure) {
    return (
      <LoadFailedAlert
        title="Payments could not be loaded"
        message={failure.message}
        onRetry={() => actor.send({ type: 'load.retry' })}
      />
    )
  }
  if (isLoading || !data) {
    return (
      <PaymentsSkeleton
        label={arrival === 'returned' ? 'Checking your Stripe account…' : undefined}
      />
    )
  }
  return <PaymentAccountDetails account={data} reopen={arrival === 'refresh'} />
}

function PaymentAccountDetails({ account, reopen }: { account: PaymentAccount; reopen: boolean }) {
  const status = PAYMENT_STATUS_TEXT[account.status]
  return (
    <div className="p-stack-lg">
      <section className="p-card p-stack-sm" aria-labelledby="payments-account">
        <h2 id="payments-account" className="p-billing-card__title">
          Stripe account
        </h2>
        <p className="p-badges">
          <span className={badgeClass(status.tone)} data-testid="payment-status">
            {status.label}
          </span>
        </p>
        <p>{status.summary}</p>
        {account.stripe_account_id ? (
          <dl className="p-payments-facts">
            <div>
              <dt>Account</dt>
              <dd>
                <code>{account.stripe_account_id}</code>
              </dd>
            </div>
            <div>
              <dt>Card payments</dt>
              <dd>{account.charges_enabled ? 'On' : 'Off'}</dd>
            </div>
            <div>
              <dt>Payouts to your bank</dt>
              <dd>{account.payouts_enabled ? 'On' : 'Off'}</dd>
            </div>
          </dl>
        ) : null}
      </section>

      {account.missing.length > 0 ? (
        <section className="p-card p-stack-sm" aria-labelledby="payments-missing">
          <h2 id="payments-missing" className="p-billing-card__title">
            What Stripe still needs
          </h2>
          <ul className="p-payments-missing">
            {account.missing.map((item) => (
              <li key={item.codes.join(' ')}>{item.text}</li>
            ))}
          </ul>
          <p className="p-muted">You give these to Stripe directly; Slotwise never sees them.</p>
        </section>
      ) : null}

      <OnboardingAction account={account} reopen={reopen} />
      <PaymentHoldForm />
    </div>
  )
}

/**
 * "Connect with Stripe" / "Continue setup": a fresh single-use link each time, then a full-page
 * navigation to Stripe's onboarding. With `reopen` (an expired link brought the owner here) it
 * asks for the fresh link by itself.
 */
function OnboardingAction({ account, reopen }: { account: PaymentAccount; reopen: boolean }) {
  const action = paymentAction(account)
  const planName = useProfile()?.subscription?.plan_name
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const open = async () => {
    setBusy(true)
    setError(null)
    try {
      window.location.assign(await createPaymentOnboardingLink())
    } catch (failure) {
      setError(messageOf(failure, 'Stripe’s setup could not be opened.'))
      setBusy(false)
    }
  }

  const canOpen =
    action.kind === 'connect' || action.kind === 'continue' || action.kind === 'reconnect'
  const reopened = useRef(false)
  useEffect(() => {
    if (!reopen || !canOpen || reopened.current) return
    reopened.current = true
    void open()
  })

  // Back from Stripe through the browser's cache: the button must not stay busy.
  useEffect(() => {
    const cameBack = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false)
    }
    window.addEventListener('pageshow', cameBack)
    return () => window.removeEventListener('pageshow', cameBack)
  }, [])

  if (action.kind === 'none') return null
  if (action.kind === 'unavailable') {
    return action.reason === 'plan' ? (
      <div className="p-notice p-notice--warn p-stack-sm" role="note">
        <p>
          Taking payments and deposits at booking is part of the Pro plan
          {planName ? `; your business is on ${planName}` : ''}. Choose Pro to connect Stripe.
        </p>
        <p>
          <Link href="/settings/billing" className="p-button">
            Go to billing
          </Link>
        </p>
      </div>
    ) : (
      <div className="p-notice p-notice--warn" role="note">
        Payments are not set up on this server, so Stripe cannot be connected here.
      </div>
    )
  }

  return (
    <div className="p-stack-sm">
      <div>
        <PendingButton
          className="p-button p-button--primary"
          isPending={busy}
          onPress={() => void open()}
        >
          {action.label}
        </PendingButton>
      </div>
      <p className="p-field__description">
        {action.kind === 'connect' || action.kind === 'reconnect'
          ? 'You set up your account on Stripe’s secure pages and come back here when done.'
          : 'Stripe shows what is left; you come back here when done.'}
      </p>
      <span className="p-visually-hidden" role="status">
        {busy ? 'Opening Stripe…' : ''}
      </span>
      {error ? <FormError title="Stripe could not be opened" message={error} /> : null}
    </div>
  )
}

function PaymentsSkeleton({ label = 'Loading payments…' }: { label?: string | undefined }) {
  return (
    <div className="p-card p-stack-sm" aria-busy="true">
      <span className="p-visually-hidden" role="status">
        {label}
      </span>
      <span className="p-skeleton" style={{ width: '30%' }} aria-hidden="true" />
      <span className="p-skeleton" style={{ width: '20%', height: '1.5rem' }} aria-hidden="true" />
      <span className="p-skeleton" style={{ width: '80%' }} aria-hidden="true" />
    </div>
  )
}
