/**
 * A cold start of /calendar asks at once for what the screen will ask for
 * (src/features/calendar/start-calls.ts): the same addresses, from the page's address and what
 * the last session stored, so the screen's calls find the early answers.
 */
import { describe, expect, it } from 'vitest'
import { appointmentsPath, schedulePath, teamPagePath } from '../../../../../src/api/call-paths'
import { viewRange } from '../../../../../src/domain/calendar-range'
import { calendarCallsAt } from '../../../../../src/features/calendar/start-calls'

const BERLIN = 'Europe/Berlin'
const MEMBER = '0b6f3c1e-5d2a-4c4e-9f1a-2f7f1b2c3d4e'

/** What the calendar screen asks for when it shows `view` of `date` (calendar-screen.tsx, api.ts). */
function screenCalls(view: 'day' | 'week' | 'month', date: string, memberId: string | null) {
  const call = { range: viewRange(view, date, BERLIN), memberId }
  return [appointmentsPath(call), schedulePath(call), teamPagePath(0)]
}

describe('calendarCallsAt', () => {
  it("asks for the address's view, day and member", () => {
    const calls = calendarCallsAt(
      `?view=week&date=2026-10-22&member=${MEMBER}`,
      { timeZone: BERLIN, view: 'month' },
      false,
    )
    expect(calls).toEqual(screenCalls('week', '2026-10-22', MEMBER))
    expect(calls[0]).toBe(
      `/api/v1/appointments?from=2026-10-18T22%3A00%3A00.000Z&to=2026-10-25T23%3A00%3A00.000Z&team_member_id=${MEMBER}&limit=2000`,
    )
    expect(calls[1]).toBe(
      `/api/v1/schedule?start_date=2026-10-19&end_date=2026-10-25&team_member_id=${MEMBER}`,
    )
    expect(calls[2]).toBe('/api/v1/team-members?limit=100&offset=0')
  })

  it("without a view in the address, the user's stored default; a phone opens on the day", () => {
    expect(calendarCallsAt('?date=2026-11-15', { timeZone: BERLIN, view: 'month' }, false)).toEqual(
      screenCalls('month', '2026-11-15', null),
    )
    expect(calendarCallsAt('?date=2026-11-15', { timeZone: BERLIN, view: 'month' }, true)).toEqual(
      screenCalls('day', '2026-11-15', null),
    )
    // A stored value that is no view reads as the week.
    expect(calendarCallsAt('?date=2026-11-15', { timeZone: BERLIN, view: 'year' }, false)).toEqual(
      screenCalls('week', '2026-11-15', null),
    )
  })

  it('without a day in the address, today in the business zone', () => {
    const [appointments] = calendarCallsAt('?view=day', { timeZone: BERLIN, view: null }, false)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: BERLIN }).format(new Date())
    expect(appointments).toBe(screenCalls('day', today, null)[0])
  })
})
