import { describe, expect, it } from 'vitest'
import { startRefusalKey, startRefusalNotice } from '../../../../src/domain/start-refusals'

describe('the notice for a refused start', () => {
  it('names each reason apart, and none for other problems', () => {
    const types = [
      '/problems/not-on-slot-grid',
      '/problems/outside-working-hours',
      '/problems/time-off',
      '/problems/too-soon',
      '/problems/too-far-ahead',
    ]
    const notices = types.map(startRefusalNotice)
    expect(new Set(notices).size).toBe(types.length)
    for (const notice of notices) expect(notice).not.toMatch(/taken|someone booked/i)
    expect(startRefusalNotice('/problems/slot-taken')).toBeNull()
    expect(startRefusalNotice('about:blank')).toBeNull()
    expect(startRefusalNotice(null)).toBeNull()
  })

  it('gives the booking page the catalogue key, said in English by the manage page', () => {
    expect(startRefusalKey('/problems/time-off')).toBe('refusal_time_off')
    expect(startRefusalNotice('/problems/time-off')).toBe(
      'Nobody is available at that time. Here are the times that are free.',
    )
    expect(startRefusalKey('/problems/slot-taken')).toBeNull()
  })
})
