import { Link, useLocation } from 'wouter'
import { PageHeading } from '../components/page-heading'
import { PublicLayout } from '../components/public-layout'
import { isBookingPath } from './booking-path'

function NotFoundMessage() {
  const [path] = useLocation()
  const inBooking = isBookingPath(path)
  return (
    <div className="p-card p-not-found">
      <p className="p-eyebrow">404</p>
      <PageHeading>Page not found</PageHeading>
      <p className="p-muted">
        There is no page at <code>{path}</code>. The link may be out of date or mistyped.
      </p>
      <p>
        {inBooking ? (
          <Link href="/booking" className="p-button p-button--primary">
            Start a booking
          </Link>
        ) : (
          <Link href="/" className="p-button p-button--primary">
            Go to the dashboard
          </Link>
        )}
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
