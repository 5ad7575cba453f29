import { useEffect, useState } from 'react'
import type { BookingIdentity } from '../../components/booking-layout'
import { bookingApi } from './api'
import { inlineBusiness } from './inline-catalogue'
import { pageBusiness } from './page-business'
import { useServedPage } from './served-page'

/** One request per business a page shows, shared by every booking page the visitor opens. */
const loaded = new Map<string, Promise<BookingIdentity | null>>()

function loadIdentity(): Promise<BookingIdentity | null> {
  const key = pageBusiness() ?? ''
  let pending = loaded.get(key)
  const inline = inlineBusiness()
  if (!pending && inline) {
    // The server sent the business with the page (booking-page-data.ts): no request needed.
    pending = Promise.resolve(inline)
    loaded.set(key, pending)
  }
  if (!pending) {
    // No business to show (unknown address, offline): the frame falls back to Slotwise's own.
    pending = bookingApi.business().catch(() => {
      loaded.delete(key)
      return null
    })
    loaded.set(key, pending)
  }
  return pending
}

/**
 * The business the booking frame wears: undefined while it loads, null when there is none.
 * A page that came with its business (rendered on the server, or carrying the data block) has
 * it from the first render, so the header is the business's at once, on the server too.
 */
export function usePageBusiness(): BookingIdentity | null | undefined {
  const served = useServedPage()
  const [business, setBusiness] = useState<BookingIdentity | null | undefined>(
    () => served?.catalogue.business ?? inlineBusiness(),
  )
  useEffect(() => {
    if (business !== undefined) return
    let current = true
    void loadIdentity().then((identity) => {
      if (current) setBusiness(identity)
    })
    return () => {
      current = false
    }
  }, [business])
  return business
}
