import { describe, expect, it } from 'vitest'
import { en } from '../../shared/i18n/en'
import { startRefusalKey, startRefusalNotice } from '../../src/domain/start-refusals'

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

  it('is a catalogue key, so each page says it in its own language', () => {
    expect(startRefusalKey('/problems/too-soon')).toBe('refusal_too_soon')
    expect(startRefusalNotice('/problems/too-soon')).toBe(en.refusal_too_soon)
    expect(startRefusalKey('/problems/slot-taken')).toBeNull()
  })
})
