import { describe, expect, it } from 'vitest'
import {
  formatAppointmentTime,
  formatClockTime,
} from '../../../../../src/components/appointments/appointment-format'
import { formatSlotStart } from '../../../../../src/features/dashboard/dashboard-values'

// 14:30–15:15 in Berlin on a winter day.
const startsAt = '2026-12-01T13:30:00Z'
const endsAt = '2026-12-01T14:15:00Z'

describe("the staff app's clock", () => {
  it('is 24-hour in every locale, like the calendar grid and the time fields', () => {
    for (const locale of ['en-US', 'en-GB', 'de-DE']) {
      expect(formatClockTime(startsAt, 'Europe/Berlin', locale)).toBe('14:30')
      expect(formatAppointmentTime(startsAt, endsAt, 'Europe/Berlin', locale)).toMatch(
        /14:30 – 15:15$/,
      )
      expect(formatSlotStart(startsAt, 'Europe/Berlin', locale)).toMatch(/14:30$/)
    }
  })

  it('is told in the business time zone', () => {
    expect(formatClockTime(startsAt, 'America/New_York', 'en-US')).toBe('08:30')
  })
})
