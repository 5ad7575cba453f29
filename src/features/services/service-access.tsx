import { Link } from 'wouter'
import { can } from '../../../shared/permissions'
import type { Profile } from '../../machines/auth.machine'

/** Whether this signed-in user may add, change and delete services. */
export function canWriteServices(profile: Profile | null): boolean {
  return profile !== null && can(profile.permission, 'services.write')
}

/** Said instead of a form the user's role may not use (the server would answer 403 anyway). */
export function ServicesReadOnlyNotice({ action }: { action: string }) {
  return (
    <div className="p-card p-stack-sm" role="status">
      <p>
        Your role lets you see services but not {action} them. Ask an owner or admin of your
        business.
      </p>
      <p>
        <Link href="/services">Back to services</Link>
      </p>
    </div>
  )
}
