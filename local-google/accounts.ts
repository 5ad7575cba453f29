import type { ServiceState, StoredCalendar } from './state.ts'

/** The read-only calendar every account has beside its own, as Google adds national holidays. */
export const holidayCalendarId = 'en.german#holiday@group.v.calendar.google.com'

/**
 * The account a person signs in as on the consent page; made on first use with its primary
 * calendar (id = the e-mail, as Google's) and the read-only holiday calendar all accounts share.
 */
export function ensureAccount(state: ServiceState, email: string, timeZone: string): void {
  if (state.accounts[email]) return
  state.calendars[email] = newCalendar(email, email, 'owner', timeZone, true, '#9fe1e7')
  state.calendars[holidayCalendarId] ??= {
    ...newCalendar(holidayCalendarId, '', 'reader', timeZone, false, '#16a765'),
    summary: 'Holidays in Germany',
  }
  state.accounts[email] = { calendarIds: [email, holidayCalendarId] }
}

export function newCalendar(
  id: string,
  owner: string,
  accessRole: StoredCalendar['accessRole'],
  timeZone: string,
  primary: boolean,
  backgroundColor: string,
): StoredCalendar {
  return {
    id,
    owner,
    summary: owner,
    timeZone,
    backgroundColor,
    accessRole,
    primary,
    changeCount: 0,
    syncGeneration: 0,
    events: {},
  }
}
