import { describe, expect, it } from 'vitest'
import { bookableStarts, bookingNoticeRefusal } from '../../../../server/domain/booking-notice.ts'
import { describeMinutes } from '../../../../server/domain/duration-words.ts'

const HOUR = 3_600_000

describe('a start a customer chooses', () => {
  const policy = { minNoticeMinutes: 120, bookingWindowDays: 2 }
  it('must respect minimum notice and the booking window, both bounds inclusive', () => {
    expect(bookableStarts(policy, 0)).toEqual({ earliest: 2 * HOUR, latest: 48 * HOUR })
    expect(bookingNoticeRefusal(2 * HOUR - 1, policy, 0)).toEqual({
      kind: 'too_soon',
      path: 'body.starts_at',
      message: 'must be at least 2 hours from now',
    })
    expect(bookingNoticeRefusal(2 * HOUR, policy, 0)).toBeNull()
    expect(bookingNoticeRefusal(48 * HOUR, policy, 0)).toBeNull()
    expect(bookingNoticeRefusal(48 * HOUR + 1, policy, 0)).toMatchObject({
      kind: 'too_far_ahead',
      message: 'must be within 2 days from now',
    })
  })

  it('has no latest start when the window is unlimited', () => {
    const open = { minNoticeMinutes: 0, bookingWindowDays: Number.POSITIVE_INFINITY }
    expect(bookingNoticeRefusal(1e15, open, 0)).toBeNull()
    expect(bookingNoticeRefusal(-1, open, 0)?.message).toBe('must be at least 0 minutes from now')
  })

  it('names the notice in the largest whole unit', () => {
    expect(describeMinutes(1)).toBe('1 minute')
    expect(describeMinutes(90)).toBe('90 minutes')
    expect(describeMinutes(180)).toBe('3 hours')
    expect(describeMinutes(2880)).toBe('2 days')
  })
})
