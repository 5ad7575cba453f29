import { useEffect, useState } from 'react'
import { createPublicBookingApi } from '../../api/public-client'
import type { BookingIdentity } from '../../components/booking-layout'
import { inlineBusiness } from './inline-catalogue'
import { pageBusiness, pagePublicClient } from './page-business'

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
    pending = createPublicBookingApi(pagePublicClient)
      .business()
      .catch(() => {
        loaded.delete(key)
        return null
      })
    loaded.set(key, pending)
  }
  return pending
}

/** The business the booking frame wears: undefined while it loads, null when there is none. */
export function usePageBusiness(): BookingIdentity | null | undefined {
  const [business, setBusiness] = useState<BookingIdentity | null | undefined>(undefined)
  useEffect(() => {
    let current = true
    void loadIdentity().then((identity) => {
      if (current) setBusiness(identity)
    })
    return () => {
      current = false
    }
  }, [])
  return business
}
