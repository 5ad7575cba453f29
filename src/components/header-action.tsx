import { Link } from 'wouter'
import type { HeaderAction } from '../routes/route-table'
import { ComingSoonButton } from './coming-soon-button'

/** The primary action in a screen's header; a "Coming soon" placeholder until its screen ships. */
export function HeaderActionButton({ action }: { action: HeaderAction }) {
  if (!action.ready) return <ComingSoonButton label={action.label} />
  return (
    <Link href={action.to} className="p-button p-button--primary">
      {action.label}
    </Link>
  )
}
