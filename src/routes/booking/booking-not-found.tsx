import { useEffect, useRef } from 'react'
import { Link } from 'wouter'
import { buildWizardUrl } from '../../../shared/booking-links'
import { usePageTitle } from '../../components/use-page-title'
import { pageBusiness } from './page-business'

/**
 * A booking link that names nothing here (an unknown profile, service or appointment), said
 * plainly inside the booking layout with the way back to the start. Its heading takes focus,
 * so a screen reader hears at once why the page is not what the link promised.
 */
export function BookingNotFound({ what, detail }: { what: string; detail?: string | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null)
  usePageTitle('Page not found')
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="p-card p-stack" aria-labelledby="booking-not-found">
      <h2 id="booking-not-found" ref={heading} tabIndex={-1} className="p-section-title">
        We could not find this {what}
      </h2>
      <p>
        {detail ?? 'The link may be mistyped, or what it pointed to is no longer offered here.'}
      </p>
      <Link
        className="p-button p-button--primary"
        href={buildWizardUrl({ step: 'start' }, pageBusiness())}
      >
        See everything to book
      </Link>
    </section>
  )
}
