import { useCallback, useEffect, useState } from 'react'
import { Link } from 'wouter'
import { bookingHref } from '../../../shared/booking-links'
import type { components } from '../../../shared/contract/schema'
import { privacyNoticeParagraphs } from '../../../shared/i18n/privacy-notice'
import { useTranslation } from '../../app/i18n'
import { bookingApi } from './api'
import { LoadingCard, RetryAlert } from './booking-status'
import { usePageBusinessParam } from './page-business'

type PublicPrivacyNotice = components['schemas']['PublicPrivacyNotice']

/**
 * `/booking/privacy`: the business's privacy notice, or the default one naming it in the
 * page's language. A lazy route rendered in the browser only, so the booking page's first load
 * carries nothing of it but the link. The notice is plain text: React escapes it, and a blank
 * line starts a paragraph.
 */
export function BookingPrivacyScreen() {
  const { t, language } = useTranslation()
  const business = usePageBusinessParam()
  const [notice, setNotice] = useState<PublicPrivacyNotice | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const load = useCallback(async () => {
    setFailure(null)
    try {
      setNotice(await bookingApi.privacyNotice())
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '')
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  if (failure !== null) {
    return <RetryAlert title={t('privacy_load_failed')} message={failure || null} onRetry={load} />
  }
  if (!notice) return <LoadingCard label={t('loading')} />
  const paragraphs = privacyNoticeParagraphs(notice.privacy_notice, notice.business_name, language)
  return (
    <div className="p-card p-stack-sm p-booking-privacy">
      {paragraphs.map((paragraph, index) => (
        // Paragraphs have no identity beyond their place; the list never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>{paragraph}</p>
      ))}
      <p>
        <Link href={bookingHref('/booking', business)}>{t('book_an_appointment')}</Link>
      </p>
    </div>
  )
}
