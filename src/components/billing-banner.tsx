import './billing-banner.css'
import { useState } from 'react'
import { Link, useLocation } from 'wouter'
import { can } from '../../shared/permissions'
import { useProfile } from '../app/auth-context'
import { billingBanner } from '../domain/billing'

const DISMISSED_KEY = 'slotwise.billingBannerDismissed'

function dismissedFor(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY)
  } catch {
    return null
  }
}

/**
 * Above every signed-in page, for the owner only: a failed payment (past due or unpaid) with
 * the way to fix it, or a trial in its last days. It reads the profile, so a live profile update
 * shows or removes it at once. Dismissing hides that message for this browser session only.
 */
export function BillingBanner() {
  const profile = useProfile()
  const [location] = useLocation()
  const [dismissed, setDismissed] = useState(dismissedFor)
  const banner = profile
    ? billingBanner(profile.subscription, can(profile.permission, 'billing.manage'), new Date())
    : null
  if (!banner || !profile) return null
  // The message is keyed by what it says, so a new problem shows even after a dismissal.
  const key = `${banner.kind}:${profile.subscription.plan_id}:${profile.subscription.status}`
  if (dismissed === key || location.startsWith('/checkout')) return null

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, key)
    } catch {
      // Without session storage the banner still hides until the next page load.
    }
    setDismissed(key)
  }

  const failed = banner.kind === 'paymentFailed'
  return (
    <div
      className={failed ? 'p-billing-banner' : 'p-billing-banner p-billing-banner--info'}
      role={failed ? 'alert' : 'status'}
    >
      <span className="p-billing-banner__text">
        {failed ? (
          <>
            {banner.message} <Link href="/settings/billing">Go to billing</Link>
          </>
        ) : (
          <Link href="/checkout">{banner.message}</Link>
        )}
      </span>
      <button type="button" className="p-button p-button--small p-button--ghost" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  )
}
