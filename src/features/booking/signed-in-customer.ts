import type { CustomerDetails } from '../../machines/booking-context'

/**
 * The signed-in customer's details, kept by the account pages so the booking wizard can start
 * its form with them without loading Firebase itself. One customer at a time: signing out (or
 * in as someone else) replaces or removes them.
 */

export const SIGNED_IN_CUSTOMER_KEY = 'slotwise.booking.signedInCustomer'

/** The slice of Web Storage used here; tests pass an in-memory one. */
export interface DetailsStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

interface Remembered {
  business: string | null
  name: string
  email: string
  phone: string | null
}

function browserStore(): DetailsStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage can be switched off; the wizard then simply starts empty.
    return null
  }
}

export function rememberSignedInCustomer(
  details: Remembered,
  store: DetailsStore | null = browserStore(),
): void {
  store?.setItem(SIGNED_IN_CUSTOMER_KEY, JSON.stringify(details))
}

export function forgetSignedInCustomer(store: DetailsStore | null = browserStore()): void {
  store?.removeItem(SIGNED_IN_CUSTOMER_KEY)
}

/** The form's starting values for this business, or null when no one is remembered for it. */
export function signedInCustomerDetails(
  business: string | null,
  store: DetailsStore | null = browserStore(),
): CustomerDetails | null {
  const text = store?.getItem(SIGNED_IN_CUSTOMER_KEY)
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<Remembered>
    if (value.business !== business || typeof value.name !== 'string') return null
    if (typeof value.email !== 'string') return null
    return {
      name: value.name,
      email: value.email,
      phone: typeof value.phone === 'string' ? value.phone : '',
      notes: '',
    }
  } catch {
    return null
  }
}
