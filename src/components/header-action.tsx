import { Link } from 'wouter'
import { type Capability, can } from '../../shared/permissions.ts'
import { useProfile } from '../app/auth-context'
import { ComingSoonButton } from './coming-soon-button'

/** The primary button in a staff screen's header. `ready: false` shows it disabled ("Coming soon"). */
export interface HeaderAction {
  label: string
  to: string
  ready: boolean
  /** Shown only to roles that have it (the server refuses the others anyway). */
  capability?: Capability
}

/**
 * The primary action in a screen's header; a "Coming soon" placeholder until its screen ships,
 * and nothing for a role that may not do it (hidden until the profile says which role). On a
 * phone it shrinks to a "+" (its label still its accessible name), so the screen's title keeps
 * the room it needs.
 */
export function HeaderActionButton({ action }: { action: HeaderAction }) {
  const permission = useProfile()?.permission ?? null
  if (action.capability && (permission === null || !can(permission, action.capability))) {
    return null
  }
  if (!action.ready) return <ComingSoonButton label={action.label} />
  return (
    <Link
      href={action.to}
      className="p-button p-button--primary p-header-action"
      title={action.label}
    >
      <span className="p-header-action__icon" aria-hidden="true">
        +
      </span>
      <span className="p-header-action__label">{action.label}</span>
    </Link>
  )
}
