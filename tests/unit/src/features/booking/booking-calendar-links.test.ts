import { describe, expect, it } from 'vitest'
import {
  googleCalendarUrl,
  googleDate,
  invitationUrl,
} from '../../../../../src/features/booking/calendar-links'
import { dayOf, daysRange } from '../../../../../src/features/booking/slot-days'

describe('calendar links', () => {
  it('writes Google’s compact UTC dates and a template link', () => {
    expect(googleDate('2026-12-02T10:00:00+01:00')).toBe('20261202T090000Z')
    const url = new URL(
      googleCalendarUrl({
        title: 'Haircut at Harbor Street',
        startsAt: '2026-12-02T09:00:00.000Z',
        endsAt: '2026-12-02T09:30:00.000Z',
        details: 'With Bob',
      }),
    )
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render')
    expect(url.searchParams.get('action')).toBe('TEMPLATE')
    expect(url.searchParams.get('text')).toBe('Haircut at Harbor Street')
    expect(url.searchParams.get('dates')).toBe('20261202T090000Z/20261202T093000Z')
    expect(url.searchParams.get('details')).toBe('With Bob')
  })

  it('puts the token and the business in the .ics link', () => {
    expect(invitationUrl('abc', 'tok', 'acme')).toBe(
      '/api/v1/public/appointments/abc/invitation.ics?token=tok&business=acme',
    )
  })
})

describe('slot days', () => {
  it('asks for whole days in the visitor’s zone', () => {
    expect(daysRange('2026-12-01', 7, 'Asia/Tokyo')).toEqual({
      from: '2026-11-30T15:00:00.000Z',
      to: '2026-12-07T15:00:00.000Z',
    })
  })

  it('files a slot under the visitor’s day, not the UTC one', () => {
    const late = {
      starts_at: '2026-12-01T23:30:00.000Z',
      ends_at: '2026-12-02T00:00:00.000Z',
      seats_left: null,
    }
    expect(dayOf(late.starts_at, 'UTC')).toBe('2026-12-01')
    expect(dayOf(late.starts_at, 'Europe/Berlin')).toBe('2026-12-02')
  })
})
