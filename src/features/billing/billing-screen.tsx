import './billing.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { Meter } from 'react-aria-components'
import { Link } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { AccessDenied } from '../../components/access-denied'
import { PendingButton } from '../../components/form/pending-button'
import { FormError } from '../../components/form-error'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import {
  badgeClass,
  billedText,
  cardText,
  formatBillingDate,
  formatMoney,
  INVOICE_STATUS_BADGES,
  subscriptionBadges,
  usageText,
} from '../../domain/billing'
import { messageOf } from '../../machines/call-errors'
import { type BillingOverview, createPortalSession } from './api'
import { overviewLogic } from './effects'

/** /settings/billing: the plan and how it stands, usage, invoices and the card (owners). */
export function BillingScreen() {
  const profile = useProfile()
  if (!profile) return <BillingSkeleton />
  if (!can(profile.permission, 'billing.manage')) {
    return <AccessDenied what="billing" who="owners" />
  }
  return <BillingOverviewPage />
}

function BillingOverviewPage() {
  const actor = useActorRef(overviewLogic)
  const data = useSelector(actor, (s) => s.context.data)
  const failure = useSelector(actor, (s) => s.context.failure)
  const isLoading = useSelector(actor, (s) => s.hasTag('loading'))

  if (failure?.status === 403) return <AccessDenied what="billing" who="owners" />
  if (failure) {
    return (
      <LoadFailedAlert
        title="Billing could not be loaded"
        message={failure.message}
        onRetry={() => actor.send({ type: 'load.retry' })}
      />
    )
  }
  if (isLoading || !data) return <BillingSkeleton />
  return <BillingDetails overview={data} />
}

function BillingDetails({ overview }: { overview: BillingOverview }) {
  const { plan, subscription, usage } = overview
  const badges = subscriptionBadges(subscription, {
    now: new Date(),
    trialDaysLeft: overview.trial_days_left,
  })
  const limit = plan.team_member_limit
  const used = usage.bookable_team_members
  const share = limit ? Math.min(1, used / limit) : 0

  return (
    <div className="p-stack-lg">
      {overview.billing_available ? null : (
        <div className="p-notice p-notice--warn" role="note">
          Billing is not set up on this server, so plans cannot be bought or changed here. Your
          plan, trial and usage are shown below.
        </div>
      )}

      <div className="p-billing-grid">
        <section className="p-card p-billing-card" aria-labelledby="billing-plan">
          <h2 id="billing-plan" className="p-billing-card__title">
            Plan
          </h2>
          <p className="p-billing-card__value">{plan.name}</p>
          <p className="p-badges">
            {badges.map((badge) => (
              <span key={badge.label} className={badgeClass(badge.tone)}>
                {badge.label}
              </span>
            ))}
          </p>
          <p className="p-muted">
            {overview.interval
              ? `${formatMoney(plan.prices[overview.interval])}, ${billedText(overview.interval)}.`
              : plan.description}
          </p>
          {subscription.current_period_end && !subscription.cancel_at_period_end ? (
            <p className="p-muted">
              Renews on {formatBillingDate(subscription.current_period_end)}.
            </p>
          ) : null}
        </section>

        <section className="p-card p-billing-card" aria-labelledby="billing-usage">
          <h2 id="billing-usage" className="p-billing-card__title">
            Team members
          </h2>
          <p>{usageText(plan, used)}</p>
          {limit !== null ? (
            <Meter
              aria-label="Bookable team members used"
              minValue={0}
              maxValue={limit}
              value={Math.min(used, limit)}
              valueLabel={`${used} of ${limit}`}
              className="p-meter"
            >
              <div
                className={share >= 1 ? 'p-meter__bar p-meter__bar--full' : 'p-meter__bar'}
                style={{ width: `${share * 100}%` }}
              />
            </Meter>
          ) : null}
          {limit !== null && used > limit ? (
            <p className="p-muted">
              You have more than your plan allows: everyone stays bookable, but you cannot add more
              until you choose a bigger plan.
            </p>
          ) : null}
        </section>

        <section className="p-card p-billing-card" aria-labelledby="billing-next">
          <h2 id="billing-next" className="p-billing-card__title">
            Next invoice
          </h2>
          {overview.next_invoice ? (
            <>
              <p className="p-billing-card__value">{formatMoney(overview.next_invoice.amount)}</p>
              <p className="p-muted">On {formatBillingDate(overview.next_invoice.date)}</p>
            </>
          ) : (
            <p className="p-muted">No invoice is coming up.</p>
          )}
        </section>

        <section className="p-card p-billing-card" aria-labelledby="billing-card">
          <h2 id="billing-card" className="p-billing-card__title">
            Payment method
          </h2>
          <p>{overview.payment_method ? cardText(overview.payment_method) : 'No card on file.'}</p>
        </section>
      </div>

      <BillingActions overview={overview} />

      <section className="p-stack-sm" aria-labelledby="billing-invoices">
        <h2 id="billing-invoices" className="p-section-title">
          Invoices
        </h2>
        {overview.invoices.length === 0 ? (
          <p className="p-muted">
            No invoices yet — your first invoice appears after you subscribe.
          </p>
        ) : (
          <div className="p-billing-table-wrap">
            <table className="p-billing-table">
              <caption className="p-visually-hidden">Past invoices, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Number</th>
                  <th scope="col" className="p-billing-table__amount">
                    Amount
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="p-visually-hidden">Links</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {overview.invoices.map((invoice) => {
                  const status = INVOICE_STATUS_BADGES[invoice.status]
                  const name = invoice.number ?? formatBillingDate(invoice.created)
                  return (
                    <tr key={invoice.id}>
                      <td>{formatBillingDate(invoice.created)}</td>
                      <td>{invoice.number ?? '—'}</td>
                      <td className="p-billing-table__amount">{formatMoney(invoice.amount)}</td>
                      <td>
                        <span className={badgeClass(status.tone)}>{status.label}</span>
                      </td>
                      <td>
                        <span className="p-row">
                          {invoice.hosted_invoice_url ? (
                            <a
                              href={invoice.hosted_invoice_url}
                              target="_blank"
                              rel="noopener noreferrer"
                              aria-label={`View invoice ${name} (opens in a new tab)`}
                            >
                              View
                            </a>
                          ) : null}
                          {invoice.invoice_pdf ? (
                            <a
                              href={invoice.invoice_pdf}
                              target="_blank"
                              rel="noopener noreferrer"
                              aria-label={`Download invoice ${name} as PDF`}
                            >
                              PDF
                            </a>
                          ) : null}
                        </span>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}

/** "Manage billing" (Stripe's portal, a full-page navigation) and "Change plan". */
function BillingActions({ overview }: { overview: BillingOverview }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const portalReason = !overview.billing_available
    ? 'Billing is not set up on this server.'
    : !overview.portal_available
      ? 'Available once you have subscribed to a plan.'
      : null

  const openPortal = async () => {
    setBusy(true)
    setError(null)
    try {
      const { url } = await createPortalSession()
      window.location.assign(url)
    } catch (failure) {
      setError(messageOf(failure, 'The billing portal could not be opened.'))
      setBusy(false)
    }
  }

  return (
    <div className="p-stack-sm">
      <div className="p-checkout-actions">
        <PendingButton
          className="p-button p-button--primary"
          isDisabled={portalReason !== null}
          isPending={busy}
          aria-describedby={portalReason ? 'portal-reason' : undefined}
          onPress={() => void openPortal()}
        >
          Manage billing
        </PendingButton>
        {overview.billing_available ? (
          <Link href="/checkout" className="p-button">
            Change plan
          </Link>
        ) : null}
      </div>
      {portalReason ? (
        <p id="portal-reason" className="p-field__description">
          Manage billing: {portalReason}
        </p>
      ) : (
        <p className="p-field__description">
          Update your card, download invoices or cancel on Stripe’s secure billing page.
        </p>
      )}
      <span className="p-visually-hidden" role="status">
        {busy ? 'Opening the billing portal…' : ''}
      </span>
      {error ? <FormError title="The billing portal could not be opened" message={error} /> : null}
    </div>
  )
}

const SKELETON_CARDS = ['plan', 'usage', 'invoice', 'card']

function BillingSkeleton() {
  return (
    <div className="p-billing-grid" aria-busy="true">
      <span className="p-visually-hidden" role="status">
        Loading billing…
      </span>
      {SKELETON_CARDS.map((key) => (
        <div key={key} className="p-card p-stack-sm" aria-hidden="true">
          <span className="p-skeleton" style={{ width: '40%' }} />
          <span className="p-skeleton" style={{ width: '70%', height: '1.75rem' }} />
          <span className="p-skeleton" style={{ width: '90%' }} />
        </div>
      ))}
    </div>
  )
}
