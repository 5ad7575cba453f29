const calendarScope = 'https://www.googleapis.com/auth/calendar'

/** The scopes the consent page knows, with the line it shows for each. */
export const knownScopes: Record<string, string> = {
  [calendarScope]: 'See, edit, share, and permanently delete all the calendars you can access',
  [`${calendarScope}.readonly`]: 'See and download any calendar you can access',
  [`${calendarScope}.events`]: 'View and edit events on all your calendars',
  [`${calendarScope}.events.readonly`]: 'View events on all your calendars',
  [`${calendarScope}.calendarlist.readonly`]:
    'See the list of Google calendars you’re subscribed to',
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info',
}

/** Which scopes let a token make each kind of Calendar API call (any one is enough). */
export const scopesFor = {
  listCalendars: [
    calendarScope,
    `${calendarScope}.readonly`,
    `${calendarScope}.calendarlist.readonly`,
  ],
  readEvents: [
    calendarScope,
    `${calendarScope}.readonly`,
    `${calendarScope}.events`,
    `${calendarScope}.events.readonly`,
  ],
  writeEvents: [calendarScope, `${calendarScope}.events`],
} as const

export type CallKind = keyof typeof scopesFor
