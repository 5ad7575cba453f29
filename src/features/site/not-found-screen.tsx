import { Link, useLocation } from 'wouter'
import { useTranslation } from '../../app/i18n'
import { PageHeading } from '../../components/page-heading'
import { isBookingPath } from '../../routes/booking-path'
import { PublicLayout } from './public-layout'

function NotFoundMessage() {
  const [path] = useLocation()
  if (isBookingPath(path)) return <BookingNotFoundMessage path={path} />
  return (
    <div className="p-card p-not-found">
      <p className="p-eyebrow">404</p>
      <PageHeading>Page not found</PageHeading>
      <p className="p-muted">
        There is no page at <code>{path}</code>. The link may be out of date or mistyped.
      </p>
      <p>
        <Link href="/" className="p-button p-button--primary">
          Go to the dashboard
        </Link>
      </p>
    </div>
  )
}

/** The same, inside the booking layout: in the page's language, with the way to book. */
function BookingNotFoundMessage({ path }: { path: string }) {
  const { t, tn } = useTranslation()
  return (
    <div className="p-card p-not-found">
      <p className="p-eyebrow">404</p>
      <PageHeading>{t('title_page_not_found')}</PageHeading>
      <p className="p-muted">{tn('not_found_no_page', { path: <code>{path}</code> })}</p>
      <p>
        <Link href="/booking" className="p-button p-button--primary">
          {t('start_a_booking')}
        </Link>
      </p>
    </div>
  )
}

/** Under /booking the booking layout frames this page; elsewhere it brings the public frame. */
export function NotFoundScreen() {
  const [path] = useLocation()
  if (isBookingPath(path)) return <NotFoundMessage />
  return (
    <PublicLayout>
      <NotFoundMessage />
    </PublicLayout>
  )
}
