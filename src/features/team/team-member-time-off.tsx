import { today } from '@internationalized/date'
import { useState } from 'react'
import { useToast } from '../../app/toast-context'
import { createTimeOff, deleteTimeOff } from './api'
import type { TimeOff } from './team-member-values'
import { TimeOffForm } from './time-off-form'
import { formatTimeOff } from './time-off-format'
import { TimeOffList } from './time-off-list'

function soonestFirst(a: TimeOff, b: TimeOff): number {
  const start = (item: TimeOff) => item.starts_at ?? `${item.start_date ?? ''}T00:00:00`
  return start(a).localeCompare(start(b))
}

/**
 * A member's time off: listed, added and removed at once through their own endpoints (not
 * with the profile's Save). Times are in the member's saved time zone.
 */
export function TeamMemberTimeOff({
  teamMemberId,
  name,
  timeZone,
  initial,
  canEdit,
}: {
  teamMemberId: string
  name: string
  timeZone: string
  initial: readonly TimeOff[]
  canEdit: boolean
}) {
  const toast = useToast()
  const [items, setItems] = useState<TimeOff[]>(() => [...initial].sort(soonestFirst))
  // A new key after each success gives a blank form.
  const [formKey, setFormKey] = useState(0)

  return (
    <section className="p-form-section" aria-labelledby="member-time-off">
      <h2 id="member-time-off" className="p-form-section__title">
        Time off
      </h2>
      <p className="p-form-section__intro">
        Nobody can book {name} during time off. Times are in {timeZone.replaceAll('_', ' ')} time.
      </p>
      <TimeOffList
        items={items}
        timeZone={timeZone}
        canEdit={canEdit}
        onDelete={async (timeOff) => {
          await deleteTimeOff(teamMemberId, timeOff.id)
          setItems((current) => current.filter((item) => item.id !== timeOff.id))
          toast.success(`Removed time off ${formatTimeOff(timeOff, timeZone)}.`, 'Time off removed')
        }}
      />
      {canEdit ? (
        <TimeOffForm
          key={formKey}
          timeZone={timeZone}
          today={today(timeZone).toString()}
          onAdd={(input) => createTimeOff(teamMemberId, input)}
          onAdded={(timeOff) => {
            setItems((current) => [...current, timeOff].sort(soonestFirst))
            setFormKey((key) => key + 1)
            toast.success(`Added time off ${formatTimeOff(timeOff, timeZone)}.`, 'Time off added')
          }}
        />
      ) : null}
    </section>
  )
}
