import { BookingAddress } from '../../components/booking-address'

/** Where customers book: the public booking page's address for this business, to share. */
export function BookingPageLink({ slug }: { slug: string }) {
  return (
    <section className="p-card p-stack-sm" aria-labelledby="booking-page-link">
      <h2 id="booking-page-link" className="p-settings-card__title">
        Your booking page
      </h2>
      <p className="p-muted">
        Share this address (on your website, in e-mails, as a QR code): customers choose a service
        and a time there and book without an account.
      </p>
      <BookingAddress slug={slug} />
    </section>
  )
}
