import './access-denied.css'
import { Link } from 'wouter'

/**
 * What a signed-in user sees on a page their role may not open (staff on settings or the
 * activity log; admins on billing). The server refuses the data anyway (403); this says so in words instead of
 * showing an empty or broken page.
 */
export function AccessDenied({
  what,
  who = 'owners and admins',
}: {
  what: string
  /** Who may open it, in words ("owners" for billing). */
  who?: string
}) {
  return (
    <div className="p-card p-access-denied" role="alert">
      <h2 className="p-access-denied__title">You don't have access</h2>
      <p>
        Only {who} can open {what}. If you need something changed here, ask{' '}
        {who === 'owners' ? 'an owner' : 'an owner or admin'} of your business.
      </p>
      <p>
        <Link href="/dashboard" className="p-button">
          Back to the dashboard
        </Link>
      </p>
    </div>
  )
}
