import './billing.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link, useSearch } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useAuthActions, useProfile } from '../../app/auth-context'
import { AccessDenied } from '../../components/access-denied'
import { LoadingIndicator } from '../../components/loading-indicator'
import { billedText } from '../../domain/billing'
import type { Profile } from '../../machines/auth.machine'
import { createCheckoutReturnLogic } from './effects'

/**
 * /checkout/success?session_id=…: where Stripe sends the owner back. It syncs the session at
 * once (no waiting for a webhook), then confirms the plan now in force, or says why not.
 */
export function CheckoutSuccessScreen() {
  const profile = useProfile()
  const sessionId = new URLSearchParams(useSearch()).get('session_id')
  if (!profile) return <LoadingIndicator label="Loading your business…" />
  if (!can(profile.permission, 'billing.manage')) {
    return <AccessDenied what="plans and billing" who="owners" />
  }
  if (!sessionId) {
    return (
      <div className="p-card p-stack-sm" role="alert">
        <p>This page confirms a checkout, but no checkout session was given.</p>
        <p>
          <Link href="/checkout" className="p-button">
            Choose a plan
          </Link>
        </p>
      </div>
    )
  }
  return <CheckoutReturn sessionId={sessionId} profile={profile} />
}

function CheckoutReturn({ sessionId, profile }: { sessionId: string; profile: Profile }) {
  const { receiveProfile } = useAuthActions()
  // The profile as it is when the plan is activated, not when the page opened.
  const latestProfile = useRef(profile)
  latestProfile.current = profile
  const [logic] = useState(() =>
    // The stored profile (and so the banner and every plan check) follows at once; the live
    // profile update that the server also sends replaces it again.
    createCheckoutReturnLogic((subscription) =>
      receiveProfile({ ...latestProfile.current, subscription }),
    ),
  )
  const actor = useActorRef(logic, { input: { sessionId } })
  const isSyncing = useSelector(actor, (s) => s.hasTag('loading'))
  const activated = useSelector(actor, (s) => s.context.activated)
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null))

  if (isSyncing) {
    return (
      <div className="p-card p-stack-sm" aria-busy="true">
        <LoadingIndicator label="Confirming your payment…" />
      </div>
    )
  }

  if (activated) {
    const { subscription, interval } = activated
    return (
      <section className="p-card p-stack" aria-labelledby="activated-title">
        <h2 id="activated-title" className="p-section-title">
          Subscription Activated
        </h2>
        <p role="status">
          Your business is now on <strong>{subscription.plan_name}</strong>
          {interval ? `, ${billedText(interval)}` : ''}. Thank you!
        </p>
        <div className="p-row">
          <Link href="/settings/billing" className="p-button p-button--primary">
            Go to billing
          </Link>
          <Link href="/dashboard" className="p-button">
            Go to the dashboard
          </Link>
        </div>
      </section>
    )
  }

  return (
    <div className="p-card p-stack-sm" role="alert">
      <h2 className="p-section-title">Your subscription is not active yet</h2>
      <p>{error}</p>
      <div className="p-row">
        <Button className="p-button" onPress={() => actor.send({ type: 'checkout.retry' })}>
          Check again
        </Button>
        <Link href="/checkout" className="p-button p-button--primary">
          Back to plans
        </Link>
      </div>
    </div>
  )
}
