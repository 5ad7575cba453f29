import { useEffect, useRef } from 'react'
import { Link } from 'wouter'
import { buildWizardUrl } from '../../../shared/booking-links'
import type { MessageKey } from '../../../shared/i18n/en'
import { useTranslation } from '../../app/i18n'
import { usePageTitle } from '../../components/use-page-title'
import { usePageBusinessParam } from './page-business'

const HEADINGS: Record<'profile' | 'service' | 'team member' | 'appointment', MessageKey> = {
  profile: 'not_found_profile',
  service: 'not_found_service',
  'team member': 'not_found_team_member',
  appointment: 'not_found_appointment',
}

/**
 * A booking link that names nothing here (an unknown profile, service or appointment), said
 * plainly inside the booking layout with the way back to the start. Its heading takes focus,
 * so a screen reader hears at once why the page is not what the link promised.
 */
export function BookingNotFound({
  what,
  detail,
}: {
  what: keyof typeof HEADINGS
  /** Said instead of the usual sentence (already in the page's language). */
  detail?: string | undefined
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  const { t } = useTranslation()
  const business = usePageBusinessParam()
  usePageTitle(t('title_page_not_found'))
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="p-card p-stack" aria-labelledby="booking-not-found">
      <h2 id="booking-not-found" ref={heading} tabIndex={-1} className="p-section-title">
        {t(HEADINGS[what])}
      </h2>
      <p>{detail ?? t('not_found_text')}</p>
      <Link
        className="p-button p-button--primary"
        href={buildWizardUrl({ step: 'start' }, business)}
      >
        {t('see_everything')}
      </Link>
    </section>
  )
}
