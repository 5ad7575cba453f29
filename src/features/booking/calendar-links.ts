/**
 * Links from the confirmation page into the visitor's own calendar: the `.ics` file the server
 * writes (the token travels in the query, as a download link cannot send headers) and a Google
 * Calendar template.
 */

/** The appointment's calendar file, for the download link. */
export function invitationUrl(
  appointmentId: string,
  token: string,
  business: string | null = null,
): string {
  const query = new URLSearchParams({ token })
  if (business) query.set('business', business)
  return `/api/v1/public/appointments/${appointmentId}/invitation.ics?${query}`
}

/** `2026-12-02T09:00:00.000Z` → `20261202T090000Z`, the form Google's `dates` takes. */
export function googleDate(instant: string): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** An "add to Google Calendar" link, prefilled; Google asks before it saves anything. */
export function googleCalendarUrl(event: {
  title: string
  startsAt: string
  endsAt: string
  details: string
  location?: string
}): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${googleDate(event.startsAt)}/${googleDate(event.endsAt)}`,
    details: event.details,
  })
  if (event.location) query.set('location', event.location)
  return `https://calendar.google.com/calendar/render?${query}`
}
