import { type CSSProperties, type ReactNode, useEffect } from 'react'
import { Link, useSearch } from 'wouter'
import { bookingHref } from '../../shared/booking-links'
import type { components } from '../../shared/contract/schema'
import { decidePageLanguage, useTranslation } from '../app/i18n'
import { brandStyle } from '../domain/brand-style'
import { Brand } from './brand'
import { LanguageSwitcher } from './language-switcher'
import { PageHeading } from './page-heading'
import { MAIN_CONTENT_ID, SkipLink } from './skip-link'
import { ThemeToggle } from './theme-toggle'
import { formatBookingTitle, useDocumentTitle } from './use-page-title'

type PublicBusiness = components['schemas']['PublicBusiness']

/**
 * What the frame shows of the business: its name, logo, colour, whether to credit Slotwise,
 * and the language settings the page's language is decided from; and how to reach it (address,
 * phone, e-mail), which the booking pages show where a customer may need them.
 */
export type BookingIdentity = Pick<
  PublicBusiness,
  | 'name'
  | 'address'
  | 'phone'
  | 'email'
  | 'brand_color'
  | 'logo_url'
  | 'logo_width'
  | 'logo_height'
  | 'show_powered_by'
  | 'default_language'
  | 'follow_visitor_language'
  | 'locale'
>

/**
 * The public booking area's own minimal frame, in the business's colours, with its logo and
 * name. It must not import anything that reaches Firebase or the auth context: customers
 * booking an appointment never download the sign-in code.
 *
 * `business` is undefined while it loads (the header keeps its height, nothing shifts) and
 * null when there is none to show (then the page is Slotwise's own).
 */
export function BookingLayout({
  title,
  business,
  children,
}: {
  title?: string
  business?: BookingIdentity | null
  children: ReactNode
}) {
  const brand = business ? brandStyle(business.brand_color) : null
  // Not before the business is known: its plan decides whose name the title carries.
  const documentTitle = title && business !== undefined ? formatBookingTitle(title, business) : null
  const { t, tn } = useTranslation()
  // Through the router, so the link the server renders is the one the browser hydrates.
  const pageBusiness = new URLSearchParams(useSearch()).get('business') || null

  useDocumentTitle(documentTitle || null, 'frame')
  useEffect(() => {
    if (business) void decidePageLanguage(business)
  }, [business])

  return (
    <div
      className="p-booking"
      data-brand={brand ? '' : undefined}
      style={(brand ?? undefined) as CSSProperties | undefined}
    >
      <SkipLink label={t('skip_to_content')} />
      <header className="p-booking__header">
        <BusinessIdentity business={business} />
        <ThemeToggle labels={{ toDark: t('theme_to_dark'), toLight: t('theme_to_light') }} />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="p-booking__main">
        {title ? <PageHeading className="p-booking__title">{title}</PageHeading> : null}
        {children}
      </main>
      <footer className="p-booking__footer">
        <LanguageSwitcher />
        {business === null ? null : (
          <Link href={bookingHref('/booking/privacy', pageBusiness)}>{t('privacy_link')}</Link>
        )}
        {business === null || business?.show_powered_by ? (
          <span>{tn('powered_by', { product: <a href="/">Slotwise</a> })}</span>
        ) : null}
      </footer>
    </div>
  )
}

function BusinessIdentity({ business }: { business: BookingIdentity | null | undefined }) {
  const { t } = useTranslation()
  if (business === undefined) {
    return (
      <span className="p-booking__identity" aria-busy="true">
        <span className="p-skeleton" style={{ width: '10rem', height: '1.5rem' }} />
        <span className="p-visually-hidden">{t('loading')}</span>
      </span>
    )
  }
  if (business === null) return <Brand to="/booking" />
  const { logo_url: logo, logo_width: width, logo_height: height } = business
  return (
    <Link href="/booking" className="p-booking__identity">
      {logo ? (
        <img
          className="p-booking__logo"
          src={logo}
          alt={business.name}
          width={width ?? undefined}
          height={height ?? undefined}
          decoding="async"
        />
      ) : null}
      {/* With a logo, its alt text already names the business: say it once to screen readers. */}
      <span className="p-booking__name" aria-hidden={logo ? true : undefined}>
        {business.name}
      </span>
    </Link>
  )
}
