import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  type DetailsStore,
  forgetSignedInCustomer,
  rememberSignedInCustomer,
  SIGNED_IN_CUSTOMER_KEY,
  signedInCustomerDetails,
} from '../../../../../src/features/booking/signed-in-customer'
import { bookingMachine } from '../../../../../src/machines/booking.machine'
import { EMPTY_CUSTOMER } from '../../../../../src/machines/booking-context'

function memoryStore(): DetailsStore {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

const cara = { name: 'Cara Doe', email: 'cara@example.test', phone: '+1 555 0100' }

describe('the signed-in customer kept for the booking form', () => {
  it('gives the details back for the same business only', () => {
    const store = memoryStore()
    rememberSignedInCustomer({ business: 'harbor-street', ...cara }, store)
    expect(signedInCustomerDetails('harbor-street', store)).toEqual({ ...cara, notes: '' })
    expect(signedInCustomerDetails('other-place', store)).toBeNull()
    expect(signedInCustomerDetails(null, store)).toBeNull()
  })

  it('shows no phone as an empty field, and nothing once forgotten', () => {
    const store = memoryStore()
    rememberSignedInCustomer({ business: null, ...cara, phone: null }, store)
    expect(signedInCustomerDetails(null, store)?.phone).toBe('')
    forgetSignedInCustomer(store)
    expect(signedInCustomerDetails(null, store)).toBeNull()
  })

  it('ignores what it cannot read', () => {
    const store = memoryStore()
    store.setItem(SIGNED_IN_CUSTOMER_KEY, '{not json')
    expect(signedInCustomerDetails(null, store)).toBeNull()
    store.setItem(SIGNED_IN_CUSTOMER_KEY, JSON.stringify({ business: null, name: 'Cara' }))
    expect(signedInCustomerDetails(null, store)).toBeNull()
  })
})

describe('the booking machine', () => {
  const input = {
    route: { step: 'start' } as const,
    timeZone: 'UTC',
    today: '2026-12-01',
    newIdempotencyKey: () => 'key',
  }

  it('starts the customer form with the details it is given, else empty', () => {
    const given = { ...cara, notes: '' }
    const prefilled = createActor(bookingMachine, { input: { ...input, customer: given } })
    expect(prefilled.getSnapshot().context.customer).toEqual(given)
    expect(createActor(bookingMachine, { input }).getSnapshot().context.customer).toEqual(
      EMPTY_CUSTOMER,
    )
  })
})
