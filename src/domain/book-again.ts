import { addDays, toWallClock, wallClockToInstant } from './appointment-time'

/** What a new booking starts from when booked again: the same customer, service and member. */
export interface BookAgainPrefill {
  customerId: string | null
  serviceId: string | null
  teamMemberId: string | null
  /** A suggested start (an instant): a week after the visit, same time on the business clock. */
  startsAt: string | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The start a week after `startsAt`, at the same wall-clock time (across a DST change too). */
export function nextWeekSameTime(startsAt: string, timeZone: string): string {
  const wallClock = toWallClock(startsAt, timeZone)
  return wallClockToInstant(`${addDays(wallClock.slice(0, 10), 7)}${wallClock.slice(10)}`, timeZone)
}

/**
 * "Book again" from a visit (or a client): the calendar's booking dialog, prefilled, as an
 * address (`/calendar?new=1&customer=…&service=…&member=…&start=…`), so any screen can link
 * to it and Back closes it.
 */
export function bookAgainHref(prefill: Partial<BookAgainPrefill>): string {
  const params = new URLSearchParams({ new: '1' })
  if (prefill.customerId) params.set('customer', prefill.customerId)
  if (prefill.serviceId) params.set('service', prefill.serviceId)
  if (prefill.teamMemberId) params.set('member', prefill.teamMemberId)
  if (prefill.startsAt) params.set('start', prefill.startsAt)
  return `/calendar?${params.toString()}`
}

/** Reads the prefill of a calendar address; anything malformed is left out. */
export function parseBookAgain(search: string): BookAgainPrefill {
  const params = new URLSearchParams(search)
  const id = (key: string) => {
    const value = params.get(key)?.trim() ?? ''
    return UUID.test(value) ? value.toLowerCase() : null
  }
  const start = params.get('start')
  return {
    customerId: id('customer'),
    serviceId: id('service'),
    teamMemberId: id('member'),
    startsAt: start && !Number.isNaN(Date.parse(start)) ? new Date(start).toISOString() : null,
  }
}
