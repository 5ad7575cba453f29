import { describe, expect, it } from 'vitest'
import type { ServiceRow } from '../../../../../server/db/repositories/appointment-repository.ts'
import {
  appointmentNotFound,
  timingOf,
} from '../../../../../server/services/booking/booking-lookups.ts'
import {
  customerActor,
  typedDetails,
} from '../../../../../server/services/booking/visitor-customer.ts'

describe("the visitor's customer", () => {
  it('is named in the activity log as a customer, by their record id', () => {
    expect(customerActor({ id: 'c1', name: 'Cleo', email: 'cleo@example.com' })).toEqual({
      uid: 'customer:c1',
      name: 'Cleo (customer)',
      email: 'cleo@example.com',
    })
  })

  it('keeps what the visitor typed trimmed, and a blank phone as none', () => {
    expect(typedDetails({ name: ' Cleo ', email: ' cleo@example.com ', phone: '  ' })).toEqual({
      name: 'Cleo',
      email: 'cleo@example.com',
      phone: null,
    })
    expect(typedDetails({ name: 'Cleo', email: 'c@x.org', phone: ' +49 30 1 ' }).phone).toBe(
      '+49 30 1',
    )
  })
})

describe('the lookups other services share', () => {
  it('capture a service duration and buffers', () => {
    const service = {
      durationMinutes: 45,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 10,
      priceMinor: 4500,
    } as ServiceRow
    expect(timingOf(service)).toEqual({
      durationMinutes: 45,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 10,
    })
  })

  it('refuse an unknown appointment as not found', () => {
    const refusal = appointmentNotFound()
    expect(refusal.kind).toBe('not-found')
    expect(refusal.message).toBe('There is no appointment with this id in your business.')
  })
})
