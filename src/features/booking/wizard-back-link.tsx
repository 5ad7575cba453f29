import { Link } from 'wouter'
import { buildWizardUrl, type WizardRoute } from '../../../shared/booking-links'
import { usePageBusinessParam } from './page-business'

/** Back to an earlier step of the wizard, as a link to its address. */
export function BackLink({ to, label }: { to: WizardRoute; label: string }) {
  const business = usePageBusinessParam()
  return (
    <Link href={buildWizardUrl(to, business)} className="p-booking-back">
      ← {label}
    </Link>
  )
}
