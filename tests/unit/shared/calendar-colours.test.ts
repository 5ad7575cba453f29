import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CALENDAR_COLOURS, nextUnusedColour } from '../../../shared/calendar-colours.ts'

describe('nextUnusedColour', () => {
  it('takes the first palette colour nobody wears, in any letter case', () => {
    expect(nextUnusedColour([])).toBe('#4f46e5')
    expect(nextUnusedColour(['#4F46E5', '#14b8a6'])).toBe('#0ea5e9')
  })

  it('ignores colours outside the palette', () => {
    expect(nextUnusedColour(['#123456'])).toBe('#4f46e5')
  })

  it('wraps to the least worn colour once all are taken', () => {
    const twiceTheFirstTwo = [...CALENDAR_COLOURS, '#4f46e5', '#0ea5e9']
    expect(nextUnusedColour(twiceTheFirstTwo)).toBe('#14b8a6')
  })
})

describe('the migration giving existing members their colours', () => {
  it('uses the same palette, in the same order', () => {
    const sql = readFileSync(
      new URL('../../../server/db/migrations/0023_team-member-colours.sql', import.meta.url),
      'utf8',
    )
    const array = /ARRAY\[([^\]]+)\]/.exec(sql)?.[1] ?? ''
    expect(array.split(',').map((item) => item.trim().replaceAll("'", ''))).toEqual([
      ...CALENDAR_COLOURS,
    ])
  })
})
