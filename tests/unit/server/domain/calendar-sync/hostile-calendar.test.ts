import { describe, expect, it } from 'vitest'
import { expandBusyTimes } from '../../../../../server/domain/calendar-sync/busy-times.ts'
import { readCalendarText } from '../../../../../server/domain/calendar-sync/ics-events.ts'
import { hostileCalendar } from '../../../../support/calendar-sync/hostile-calendar.ts'

// The hostile calendar the CalDAV and engine tests use, read and expanded here: its
// hand-written busy times and the expansion must agree in spring, in autumn, in both
// hemispheres and in a zone without changes.

describe('the hostile calendar', () => {
  it.each([
    ['Europe/Berlin', '2026-03-20'],
    ['Europe/Berlin', '2026-10-20'],
    ['America/New_York', '2026-03-02'],
    ['America/New_York', '2026-10-28'],
    ['America/Santiago', '2026-03-30'],
    ['Australia/Lord_Howe', '2026-09-25'],
    ['Asia/Kolkata', '2026-03-20'],
  ])('makes exactly its expected busy times for a member in %s from %s', (memberZone, from) => {
    const calendar = hostileCalendar(memberZone, from)
    const events = []
    let skipped = 0
    for (const object of calendar.objects) {
      const reading = readCalendarText(object.text, { ownerEmails: [calendar.ownerEmail] })
      events.push(...reading.events)
      skipped += reading.skipped
    }
    expect(skipped).toBe(1)
    const expanded = expandBusyTimes(events, calendar.window, memberZone)
    expect(expanded.map(({ uid, start, end }) => ({ uid, start, end }))).toEqual(calendar.busy)
    expect(expanded.filter(({ uid }) => calendar.notBusy.includes(uid))).toEqual([])
  })
})
