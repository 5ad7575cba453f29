import { parseDate } from '@internationalized/date'
import { describe, expect, it } from 'vitest'
import {
  EMPTY_ACTIVITY_VIEW,
  formatActivityView,
  isFiltered,
  parseActivityView,
  sameFilter,
  viewToFilter,
} from '../../../../../src/features/activity/activity-search-params'

describe('the activity view in the address', () => {
  it('round-trips every part', () => {
    const view = {
      entityType: 'settings' as const,
      actor: 'uid-1',
      range: { start: parseDate('2026-03-01'), end: parseDate('2026-03-03') },
      entryId: '7c1f0a4e-2b7f-4f5e-9a51-0d4f3b1c2a10',
    }
    const query = formatActivityView(view)
    expect(query).toBe(
      'type=settings&actor=uid-1&from=2026-03-01&to=2026-03-03&entry=7c1f0a4e-2b7f-4f5e-9a51-0d4f3b1c2a10',
    )
    const parsed = parseActivityView(`?${query}`)
    expect(parsed.entityType).toBe('settings')
    expect(parsed.actor).toBe('uid-1')
    expect(parsed.range?.start.toString()).toBe('2026-03-01')
    expect(parsed.range?.end.toString()).toBe('2026-03-03')
    expect(parsed.entryId).toBe(view.entryId)
  })

  it('is empty for the unfiltered log', () => {
    expect(formatActivityView(EMPTY_ACTIVITY_VIEW)).toBe('')
    expect(parseActivityView('')).toEqual(EMPTY_ACTIVITY_VIEW)
    expect(isFiltered(EMPTY_ACTIVITY_VIEW)).toBe(false)
  })

  it('ignores what a hand-edited link gets wrong', () => {
    expect(parseActivityView('type=invoice').entityType).toBeNull()
    expect(parseActivityView('from=2026-03-05&to=2026-03-01').range).toBeNull()
    expect(parseActivityView('from=2026-02-30&to=2026-03-01').range).toBeNull()
    expect(parseActivityView('from=yesterday&to=2026-03-01').range).toBeNull()
    expect(parseActivityView('from=2026-03-01').range).toBeNull()
    expect(parseActivityView('actor=%20%20').actor).toBeNull()
  })
})

describe('viewToFilter', () => {
  it('reads the days in the business zone and leaves the open entry out', () => {
    const view = parseActivityView('type=customer&from=2026-01-10&to=2026-01-10&entry=x')
    expect(viewToFilter(view, 'Asia/Tokyo')).toEqual({
      entityType: 'customer',
      actor: null,
      from: '2026-01-09T15:00:00.000Z',
      to: '2026-01-10T15:00:00.000Z',
    })
  })

  it('treats views that differ only in the open entry as the same filter', () => {
    const a = viewToFilter(parseActivityView('type=customer&entry=1'), 'UTC')
    const b = viewToFilter(parseActivityView('type=customer'), 'UTC')
    const c = viewToFilter(parseActivityView('type=service'), 'UTC')
    expect(sameFilter(a, b)).toBe(true)
    expect(sameFilter(a, c)).toBe(false)
  })
})
