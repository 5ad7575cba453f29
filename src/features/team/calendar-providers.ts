/**
 * The ways to connect a calendar, as a new owner thinks of them (by the service they use), each
 * with the server address it needs prefilled where there is one and the one thing people get
 * wrong written beside it (iCloud takes an app-specific password, not the Apple ID's).
 */
export type CalendarProviderId = 'icloud' | 'fastmail' | 'nextcloud' | 'caldav' | 'ical' | 'google'

export interface CalendarProvider {
  id: CalendarProviderId
  name: string
  /** How it is connected: a CalDAV sign-in, a secret iCal address, or Google's consent. */
  kind: 'caldav' | 'ical_url' | 'google'
  /** CalDAV: the server address to start from (Nextcloud's needs the user's own host). */
  serverUrl: string
  hint: string
}

export const CALENDAR_PROVIDERS: readonly CalendarProvider[] = [
  {
    id: 'google',
    name: 'Google Calendar',
    kind: 'google',
    serverUrl: '',
    hint: 'You sign in with Google and allow Slotwise to read your busy times and add bookings.',
  },
  {
    id: 'icloud',
    name: 'iCloud',
    kind: 'caldav',
    serverUrl: 'https://caldav.icloud.com/',
    hint: 'Use an app-specific password (appleid.apple.com → Sign-In and Security → App-Specific Passwords), not your Apple ID password.',
  },
  {
    id: 'fastmail',
    name: 'Fastmail',
    kind: 'caldav',
    serverUrl: 'https://caldav.fastmail.com/',
    hint: 'Use an app password with CalDAV access (Settings → Privacy & Security → App passwords).',
  },
  {
    id: 'nextcloud',
    name: 'Nextcloud',
    kind: 'caldav',
    serverUrl: 'https://',
    hint: 'Your Nextcloud address followed by /remote.php/dav, and an app password (Settings → Security).',
  },
  {
    id: 'caldav',
    name: 'Other CalDAV server',
    kind: 'caldav',
    serverUrl: 'https://',
    hint: 'The server’s address: Slotwise finds your calendars from it.',
  },
  {
    id: 'ical',
    name: 'Secret iCal address',
    kind: 'ical_url',
    serverUrl: '',
    hint: 'The private address your calendar publishes (in Google Calendar: Settings → your calendar → Secret address in iCal format). Read-only: it blocks busy times, but bookings cannot be added to it.',
  },
]
