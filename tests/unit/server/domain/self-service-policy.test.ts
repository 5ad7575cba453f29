import { describe, expect, it } from 'vitest'
import {
  selfServiceDeadline,
  selfServiceRefusal,
} from '../../../../server/domain/self-service-policy.ts'

const HOUR = 3_600_000
const cutoffs = { rescheduleCutoffMinutes: 120, cancellationCutoffMinutes: 1440 }
const startsAt = 100 * HOUR

describe("a customer's changes to their appointment", () => {
  it('are allowed until each cut-off before the start, inclusive', () => {
    expect(selfServiceDeadline('reschedule', startsAt, cutoffs)).toBe(98 * HOUR)
    expect(selfServiceDeadline('cancel', startsAt, cutoffs)).toBe(76 * HOUR)
    const confirmed = { status: 'confirmed' as const, startsAt }
    expect(selfServiceRefusal('reschedule', confirmed, cutoffs, 98 * HOUR)).toBeNull()
    expect(selfServiceRefusal('reschedule', confirmed, cutoffs, 98 * HOUR + 1)).toBe(
      'Appointments can be moved online until 2 hours before they start. Please contact the business.',
    )
    expect(selfServiceRefusal('cancel', confirmed, cutoffs, 80 * HOUR)).toBe(
      'Appointments can be cancelled online until 1 day before they start. Please contact the business.',
    )
  })

  it('are refused once cancelled or closed, whatever the time', () => {
    const cancelled = { status: 'cancelled' as const, startsAt }
    expect(selfServiceRefusal('cancel', cancelled, cutoffs, 0)).toBe(
      'This appointment is already cancelled.',
    )
    expect(selfServiceRefusal('reschedule', cancelled, cutoffs, 0)).toContain('final')
    expect(selfServiceRefusal('cancel', { status: 'completed', startsAt }, cutoffs, 0)).toContain(
      'already taken place',
    )
  })
})
