import { Button } from 'react-aria-components'
import { useToast } from '../../app/toast-context'

/** Where customers book: the public booking page's address for this business, to share. */
export function BookingPageLink({ slug }: { slug: string }) {
  const toast = useToast()
  const url = `${window.location.origin}/booking?business=${encodeURIComponent(slug)}`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Your booking page address is on your clipboard.', 'Copied')
    } catch {
      toast.warn('Copying is not allowed here: select the address and copy it yourself.')
    }
  }
  return (
    <section className="p-card p-stack-sm" aria-labelledby="booking-page-link">
      <h2 id="booking-page-link" className="p-settings-card__title">
        Your booking page
      </h2>
      <p className="p-muted">
        Share this address (on your website, in e-mails, as a QR code): customers choose a service
        and a time there and book without an account.
      </p>
      <p>
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </p>
      <div className="p-row">
        <Button className="p-button p-button--small" onPress={() => void copy()}>
          Copy address
        </Button>
      </div>
    </section>
  )
}
