import { describe, expect, it } from 'vitest'
import { clashRefusal } from '../../../../../server/services/booking/clash.ts'
import type { components } from '../../../../../shared/contract/schema.d.ts'

type Appointment = components['schemas']['Appointment']

describe('a clash explained', () => {
  it('names the appointment in the way, its time in the business zone, and where it is shown', () => {
    const blocking = {
      id: 'a1',
      team_member_name: 'Ana',
      service_name: 'Cut',
      customer_name: 'Cleo',
      starts_at: '2026-12-01T09:00:00Z',
      ends_at: '2026-12-01T09:45:00Z',
    } as Appointment
    const refusal = clashRefusal(blocking, 'Europe/Berlin')
    expect(refusal.kind).toBe('conflict')
    expect(refusal.message).toBe(
      'Ana already has Cut for Cleo on Tue 1 Dec 10:00–10:45 (Europe/Berlin), which overlaps this time (buffers included).',
    )
    expect(refusal.existing).toEqual({ id: 'a1', href: '/calendar?appointment=a1' })
  })
})
