import './booking-address.css'
import { lazy, Suspense, useState } from 'react'
import { Button } from 'react-aria-components'
import { useToast } from '../app/toast-context'

// The QR library is loaded only when someone asks for the code, outside the main bundle.
const BookingQrCode = lazy(() => import('./booking-qr-code'))

/** The public booking page's address for this business, on this app's origin. */
export function bookingPageUrl(slug: string): string {
  return `${window.location.origin}/booking?business=${encodeURIComponent(slug)}`
}

/** Copies the address, saying whether it worked (some browsers refuse the clipboard). */
export function CopyAddressButton({ url, label = 'Copy link' }: { url: string; label?: string }) {
  const toast = useToast()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Your booking page address is on your clipboard.', 'Copied')
    } catch {
      toast.warn('Copying is not allowed here: select the address and copy it yourself.')
    }
  }
  return (
    <Button className="p-button p-button--small" onPress={() => void copy()}>
      {label}
    </Button>
  )
}

/**
 * The booking page's address with what a business does with it: open it, copy it, show it as a
 * QR code (for the counter or a flyer). `compact` leaves the QR code out.
 */
export function BookingAddress({ slug, compact = false }: { slug: string; compact?: boolean }) {
  const url = bookingPageUrl(slug)
  const [showQr, setShowQr] = useState(false)
  return (
    <div className="p-booking-address">
      <a className="p-booking-address__url" href={url} target="_blank" rel="noreferrer">
        {url}
      </a>
      <div className="p-row">
        <CopyAddressButton url={url} />
        {compact ? null : (
          <Button
            className="p-button p-button--small"
            aria-expanded={showQr}
            onPress={() => setShowQr((shown) => !shown)}
          >
            {showQr ? 'Hide QR code' : 'Show QR code'}
          </Button>
        )}
      </div>
      {showQr ? (
        <Suspense
          fallback={
            <p className="p-muted" role="status">
              Drawing the QR code…
            </p>
          }
        >
          <BookingQrCode url={url} />
        </Suspense>
      ) : null}
    </div>
  )
}
