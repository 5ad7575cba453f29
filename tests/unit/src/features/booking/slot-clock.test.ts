import { describe, expect, it } from 'vitest'
import { slotClock } from '../../../../../src/features/booking/slot-days'

const midnightInBerlin = new Date('2026-11-29T23:00:00Z')
const nineInBerlin = new Date('2026-11-30T08:00:00Z')

describe('slotClock', () => {
  it('prints every hour with two digits on the 24-hour clock, midnight too', () => {
    for (const locale of ['de', 'fr', 'es', 'en-GB']) {
      const clock = slotClock(locale, 'Europe/Berlin', false)
      expect(clock.format(midnightInBerlin), locale).toBe('00:00')
      expect(clock.format(nineInBerlin), locale).toBe('09:00')
    }
  })

  it('prints the hour as a number with AM/PM on the 12-hour clock', () => {
    const clock = slotClock('en-US', 'Europe/Berlin', true)
    expect(clock.format(midnightInBerlin)).toBe('12:00 AM')
    expect(clock.format(nineInBerlin)).toBe('9:00 AM')
  })
})
