import { useState } from 'react'
import { FormSelectField } from '../../components/form/select-field'
import type { CalendarConnection } from './api'

const NONE = 'none'

type Choice = { connectionId: string; calendarId: string }

/**
 * The one calendar, across all the member's connections, that bookings are added to (or none).
 * One choice rather than a control per calendar, since choosing one unsets the other; read-only
 * calendars (an iCal address, subscribed ones) are not offered.
 */
export function BookingsCalendarField({
  connections,
  onChoose,
}: {
  connections: readonly CalendarConnection[]
  onChoose: (choice: Choice | null, current: (Choice & { name: string }) | null) => Promise<void>
}) {
  const [saving, setSaving] = useState(false)
  const writable = connections.flatMap((connection) =>
    connection.calendars
      .filter((calendar) => calendar.writable)
      .map((calendar) => ({ connection, calendar })),
  )
  const chosen = writable.find(({ calendar }) => calendar.add_bookings)
  const options = [
    { id: NONE, label: 'Don’t add bookings to a calendar' },
    ...writable.map(({ connection, calendar }) => ({
      id: `${connection.id}/${calendar.id}`,
      label: calendar.name,
      description: connection.display_name,
    })),
  ]
  const current = chosen
    ? {
        connectionId: chosen.connection.id,
        calendarId: chosen.calendar.id,
        name: chosen.calendar.name,
      }
    : null

  return (
    <FormSelectField
      label="Add new bookings to"
      name="add_bookings"
      value={current ? `${current.connectionId}/${current.calendarId}` : NONE}
      options={options}
      isDisabled={saving || writable.length === 0}
      description={
        writable.length === 0
          ? 'None of these calendars can take bookings (they are read-only): connect a CalDAV or Google calendar to have bookings added.'
          : 'Each booking, move and cancellation appears there within seconds.'
      }
      onChange={(value) => {
        const [connectionId = '', calendarId = ''] = value.split('/')
        setSaving(true)
        onChoose(value === NONE ? null : { connectionId, calendarId }, current)
          .catch(() => undefined)
          .finally(() => setSaving(false))
      }}
    />
  )
}
