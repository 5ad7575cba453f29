import './access-denied.css'
import { Link } from 'wouter'

/**
 * What a signed-in user sees on a page their role may not open (staff on settings or the
 * activity log). The server refuses the data anyway (403); this says so in words instead of
 * showing an empty or broken page.
 */
export function AccessDenied({ what }: { what: string }) {
  return (
    <div className="p-card p-access-denied" role="alert">
      <h2 className="p-access-denied__title">You don't have access</h2>
      <p>
        Only owners and admins can open {what}. If you need something changed here, ask an owner or
        admin of your business.
      </p>
      <p>
        <Link href="/dashboard" className="p-button">
          Back to the dashboard
        </Link>
      </p>
    </div>
  )
}
