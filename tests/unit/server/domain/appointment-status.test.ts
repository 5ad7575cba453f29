import { describe, expect, it } from 'vitest'
import {
  type AppointmentStatus,
  cancelRefusal,
  closeRefusal,
  editRefusal,
} from '../../../../server/domain/appointment-status.ts'

const statuses: AppointmentStatus[] = [
  'confirmed',
  'cancelled',
  'completed',
  'no_show',
  'pending_payment',
  'payment_expired',
]
const now = Date.parse('2026-11-27T10:00:00Z')
const started = now - 60_000
const later = now + 60_000

describe('editing and cancelling', () => {
  it.each(statuses)('%s: editable and cancellable only when confirmed', (status) => {
    expect(editRefusal(status) === null).toBe(status === 'confirmed')
    expect(cancelRefusal(status) === null).toBe(status === 'confirmed')
  })

  it('says that cancelled is final', () => {
    expect(editRefusal('cancelled')).toContain('final')
    expect(cancelRefusal('cancelled')).toBe('This appointment is already cancelled.')
    expect(editRefusal('no_show')).toBe(
      'This appointment is marked as a no-show; only confirmed appointments can be changed.',
    )
  })
})

describe('payment holds', () => {
  it('lets staff neither change, cancel nor close a hold, nor revive one never paid', () => {
    for (const status of ['pending_payment', 'payment_expired'] as const) {
      expect(editRefusal(status)).not.toBeNull()
      expect(cancelRefusal(status)).not.toBeNull()
      expect(closeRefusal(status, 'completed', started, now)).not.toBeNull()
      expect(closeRefusal(status, 'no_show', started, now)).not.toBeNull()
    }
    expect(editRefusal('pending_payment')).toContain('awaiting payment')
    expect(closeRefusal('payment_expired', 'completed', started, now)).toContain('never paid')
  })
})

describe('closing', () => {
  it('closes a started confirmed appointment either way', () => {
    expect(closeRefusal('confirmed', 'completed', started, now)).toBeNull()
    expect(closeRefusal('confirmed', 'no_show', now, now)).toBeNull()
  })

  it('corrects completed to no-show and back', () => {
    expect(closeRefusal('completed', 'no_show', started, now)).toBeNull()
    expect(closeRefusal('no_show', 'completed', started, now)).toBeNull()
  })

  it('refuses before the start, twice the same, and after cancelling', () => {
    expect(closeRefusal('confirmed', 'completed', later, now)).toBe(
      'This appointment has not started yet; it can be marked completed once it has.',
    )
    expect(closeRefusal('confirmed', 'no_show', later, now)).toContain('marked a no-show once')
    expect(closeRefusal('completed', 'completed', started, now)).toBe(
      'This appointment is already completed.',
    )
    expect(closeRefusal('no_show', 'no_show', started, now)).toBe(
      'This appointment is already marked as a no-show.',
    )
    expect(closeRefusal('cancelled', 'completed', started, now)).toContain('final')
  })
})
