import type { ReactNode } from 'react'
import { useTranslation } from '../../app/i18n'
import type { BookingIdentity } from '../../components/booking-layout'
import { mailtoHref, mapHref, telHref } from '../../domain/contact-links'

/** What the booking pages know of how to reach a business. */
export type BusinessContactDetails = Pick<BookingIdentity, 'name' | 'address' | 'phone' | 'email'>

/** Whether the business gave any way to reach it that the page can offer as a link. */
export function hasContact(business: BusinessContactDetails): boolean {
  return Boolean(
    telHref(business.phone) ||
      (business.email && mailtoHref(business.email)) ||
      mapHref(business.address),
  )
}

/**
 * The business's phone (tap to call), e-mail (tap to write) and address (tap for a map), each a
 * link a customer on a phone can act on. Nothing when the business gave none of them.
 */
export function BusinessContact({
  business,
  compact = false,
}: {
  business: BusinessContactDetails
  /**
   * Beside the wizard's steps, where each link is one more Tab on a keyboard user's way to the
   * times and the form: the number to call is the one link, the address plain text.
   */
  compact?: boolean
}) {
  const { t } = useTranslation()
  const tel = telHref(business.phone)
  const mail = business.email && !compact ? mailtoHref(business.email) : null
  const map = mapHref(business.address)
  if (!tel && !mail && !map) return null
  return (
    <address className="p-booking-contact">
      {tel ? (
        <span className="p-booking-contact__line">
          <span className="p-muted">{t('contact_phone')}</span>{' '}
          <a href={tel}>{business.phone.trim()}</a>
        </span>
      ) : null}
      {mail ? (
        <span className="p-booking-contact__line">
          <span className="p-muted">{t('contact_email')}</span>{' '}
          <a href={mail}>{business.email?.trim()}</a>
        </span>
      ) : null}
      {map && compact ? (
        <span className="p-booking-contact__line p-booking-contact__address">
          {business.address.trim()}
        </span>
      ) : map ? (
        <a
          className="p-booking-contact__line p-booking-contact__address"
          href={map}
          target="_blank"
          rel="noreferrer"
          aria-label={t('contact_map', { address: business.address.trim() })}
        >
          {business.address.trim()}
        </a>
      ) : null}
    </address>
  )
}

/**
 * "Please call Harbor Street Studio on +1 555 010 0199." wherever the page sends the customer to
 * the business: the number to tap, else the e-mail address to write to, else the name alone.
 */
export function CallTheBusiness({
  name,
  business,
}: {
  name: string
  business: Pick<BusinessContactDetails, 'phone' | 'email'> | null | undefined
}): ReactNode {
  const { t, tn } = useTranslation()
  const tel = business ? telHref(business.phone) : null
  const mail = business?.email ? mailtoHref(business.email) : null
  const who = <strong>{name}</strong>
  if (tel && business) {
    return tn('contact_call', { business: who, phone: <a href={tel}>{business.phone.trim()}</a> })
  }
  if (mail && business?.email) {
    return tn('contact_write', { business: who, email: <a href={mail}>{business.email.trim()}</a> })
  }
  return t('contact_none', { business: name })
}
