import { toDataURL } from 'qrcode'
import { useEffect, useState } from 'react'

/**
 * The booking page's address as a QR code, with a download for print. Loaded lazily by
 * `booking-address.tsx` (default export for `React.lazy`), so `qrcode` stays out of the
 * main bundle.
 */
export default function BookingQrCode({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let current = true
    // Dark modules on white whatever the theme: scanners read dark on light best.
    toDataURL(url, { margin: 2, width: 320, errorCorrectionLevel: 'M' })
      .then((data) => current && setImage(data))
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [url])
  if (failed) return <p role="alert">The QR code could not be drawn; share the link instead.</p>
  if (!image) {
    return (
      <p className="p-muted" role="status">
        Drawing the QR code…
      </p>
    )
  }
  return (
    <figure className="p-booking-qr">
      <img src={image} width={160} height={160} alt={`QR code that opens ${url}`} />
      <figcaption>
        <a href={image} download="booking-page-qr.png">
          Download the QR code
        </a>
      </figcaption>
    </figure>
  )
}
