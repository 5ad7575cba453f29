import type { calendar_v3 } from '@googleapis/calendar'
import type { ServiceContext } from '../context.ts'
import type { Caller } from './access.ts'

/** calendarList.list: every calendar the account sees, with its access role and colour. */
export function listCalendars(
  context: ServiceContext,
  caller: Caller,
): calendar_v3.Schema$CalendarList {
  const ids = context.state.accounts[caller.email]?.calendarIds ?? []
  const items = ids.flatMap((id): calendar_v3.Schema$CalendarListEntry[] => {
    const calendar = context.state.calendars[id]
    if (!calendar) return []
    return [
      {
        kind: 'calendar#calendarListEntry',
        etag: `"${calendar.changeCount}"`,
        id: calendar.id,
        summary: calendar.summary,
        timeZone: calendar.timeZone,
        colorId: '14',
        backgroundColor: calendar.backgroundColor,
        foregroundColor: '#000000',
        selected: true,
        accessRole: calendar.accessRole,
        defaultReminders: [],
        conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
        ...(calendar.primary ? { primary: true } : {}),
      },
    ]
  })
  return { kind: 'calendar#calendarList', etag: `"l${items.length}"`, items }
}
