import { useState } from 'react'
import { Button } from 'react-aria-components'
import type { components } from '../../../shared/contract/schema'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { formatTimeOff } from './time-off-format'
import '../../components/form/form-kit.css'
import './time-off.css'

type TimeOff = components['schemas']['TimeOff']

/**
 * A team member's upcoming time off, each with a Remove button that asks first. `onDelete`
 * calls the API; a failure is shown in the dialog, which stays open.
 */
export function TimeOffList({
  items,
  timeZone,
  onDelete,
  canEdit,
}: {
  items: readonly TimeOff[]
  timeZone: string
  onDelete: (timeOff: TimeOff) => Promise<void>
  canEdit: boolean
}) {
  const [pending, setPending] = useState<TimeOff | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (items.length === 0) {
    return <p className="p-muted">No time off planned.</p>
  }

  const confirm = async () => {
    if (!pending) return
    setBusy(true)
    setError(null)
    try {
      await onDelete(pending)
      setPending(null)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The time off could not be removed.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <ul className="p-time-off-list" aria-label="Time off">
        {items.map((item) => {
          const when = formatTimeOff(item, timeZone)
          return (
            <li key={item.id} className="p-time-off-list__item">
              <div className="p-time-off-list__text">
                <span className="p-time-off-list__when">{when}</span>
                <span className="p-table__secondary">
                  {item.all_day ? 'Whole days' : 'Part of a day'}
                  {item.reason ? ` · ${item.reason}` : ''}
                </span>
              </div>
              {canEdit ? (
                <Button
                  className="p-button p-button--small"
                  aria-label={`Remove time off ${when}`}
                  onPress={() => {
                    setError(null)
                    setPending(item)
                  }}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          )
        })}
      </ul>
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setPending(null)
        }}
        title="Remove this time off?"
        confirmLabel="Remove time off"
        onConfirm={confirm}
        busy={busy}
        error={error}
      >
        <p>
          {pending ? formatTimeOff(pending, timeZone) : ''}
          {pending?.reason ? ` (${pending.reason})` : ''} becomes bookable again.
        </p>
      </ConfirmDialog>
    </>
  )
}
