import { useState } from 'react'
import { Button } from 'react-aria-components'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { PendingButton } from '../../components/form/pending-button'
import { FormRadioGroupField } from '../../components/form/radio-group-field'
import { FormSwitchField } from '../../components/form/switch-field'
import type { CalendarConnection, CalendarPrivacy, ConnectedCalendar } from './api'
import { healthWords } from './calendar-health'

const KIND_NAMES: Record<CalendarConnection['kind'], string> = {
  caldav: 'CalDAV',
  ical_url: 'Secret iCal address',
  google: 'Google Calendar',
}

const PRIVACY_OPTIONS = [
  { id: 'details', label: 'Full details' },
  { id: 'busy', label: 'Only “Busy”' },
] as const

const BADGE_TONES = { ok: 'success', info: 'info', warn: 'warn', danger: 'danger' } as const

/** What a change to one calendar or to the connection asks the screen to do. */
export interface ConnectionActions {
  onCheckConflicts: (calendar: ConnectedCalendar, on: boolean) => Promise<void>
  onPrivacy: (privacy: CalendarPrivacy) => Promise<void>
  onSync: () => Promise<void>
  onReconnect: () => void
  onDisconnect: () => Promise<void>
}

/**
 * One connected account: its health in plain words (with Reconnect when the sign-in was
 * refused, and a note when its busy times are stale), its calendars with "Check for conflicts",
 * what written bookings show, Sync now, and Disconnect after a confirmation that says what it
 * does. `now` is the clock the relative times are read against.
 */
export function CalendarConnectionCard({
  connection,
  now,
  actions,
}: {
  connection: CalendarConnection
  now: number
  actions: ConnectionActions
}) {
  const [busy, setBusy] = useState<'sync' | 'privacy' | 'disconnect' | string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const health = healthWords(connection, now)
  const titleId = `calendar-connection-${connection.id}`
  const bookingsHere = connection.calendars.find((calendar) => calendar.add_bookings)
  const writable = connection.calendars.some((calendar) => calendar.writable)

  // The screen's actions say themselves why they failed (a toast); here they only end.
  const run = async (what: string, action: () => Promise<void>) => {
    setBusy(what)
    await action().catch(() => undefined)
    setBusy(null)
  }

  return (
    <section className="p-card p-calendar-connection" aria-labelledby={titleId}>
      <header className="p-calendar-connection__head">
        <div>
          <h3 id={titleId} className="p-calendar-connection__name">
            {connection.display_name}
          </h3>
          <p className="p-muted">{KIND_NAMES[connection.kind]}</p>
        </div>
        <span className={`p-badge p-badge--${BADGE_TONES[health.tone]}`}>{health.status}</span>
      </header>
      {health.detail || health.stale ? (
        <div
          className={
            health.tone === 'danger'
              ? 'p-alert'
              : health.stale
                ? 'p-notice p-notice--warn'
                : 'p-notice'
          }
          role={health.tone === 'danger' ? 'alert' : 'status'}
        >
          {health.detail ? <p>{health.detail}</p> : null}
          {health.stale ? <p>{health.stale}</p> : null}
          {connection.health === 'needs_reconnect' ? (
            <div className="p-alert__actions">
              <Button className="p-button p-button--small" onPress={actions.onReconnect}>
                Reconnect
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <ul className="p-calendar-list" aria-label={`Calendars of ${connection.display_name}`}>
        {connection.calendars.map((calendar) => (
          <li key={calendar.id} className="p-calendar-list__item">
            <span className="p-calendar-list__name">
              <span
                className="p-calendar-list__dot"
                style={{ background: calendar.colour ?? 'var(--p-surface-border-strong)' }}
                aria-hidden="true"
              />
              {calendar.name}
              {calendar.add_bookings ? (
                <span className="p-badge p-badge--info">Bookings added here</span>
              ) : null}
              {calendar.writable ? null : <span className="p-badge">Read-only</span>}
            </span>
            <FormSwitchField
              label={`Check ${calendar.name} for conflicts`}
              name={`check-${calendar.id}`}
              value={calendar.check_conflicts}
              isDisabled={busy !== null}
              onChange={(on) => void run(calendar.id, () => actions.onCheckConflicts(calendar, on))}
            />
          </li>
        ))}
      </ul>
      {writable ? (
        <FormRadioGroupField<CalendarPrivacy>
          label="Bookings written to this account show"
          name={`privacy-${connection.id}`}
          value={connection.privacy}
          options={PRIVACY_OPTIONS}
          isDisabled={busy !== null}
          onChange={(privacy) => void run('privacy', () => actions.onPrivacy(privacy))}
          description={
            bookingsHere
              ? `Full details: the service, customer and notes. Only “Busy”: nothing else, for a calendar others can see.`
              : 'Applies once one of its calendars is chosen to add bookings to.'
          }
        />
      ) : null}
      <div className="p-row">
        <PendingButton
          className="p-button"
          isPending={busy === 'sync'}
          isDisabled={busy !== null && busy !== 'sync'}
          onPress={() => void run('sync', actions.onSync)}
        >
          {busy === 'sync' ? 'Syncing…' : 'Sync now'}
        </PendingButton>
        <Button
          className="p-button p-button--danger"
          isDisabled={busy !== null}
          onPress={() => setConfirming(true)}
        >
          Disconnect…
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${connection.display_name}?`}
        confirmLabel="Disconnect"
        busy={busy === 'disconnect'}
        onConfirm={() =>
          void run('disconnect', async () => {
            await actions.onDisconnect()
            setConfirming(false)
          })
        }
      >
        <p>
          Its busy times stop blocking bookings at once, and its calendars are no longer checked.
        </p>
        {bookingsHere ? (
          <p>
            The upcoming appointments Slotwise added to {bookingsHere.name} are removed from it, and
            new bookings are no longer added anywhere until you choose another calendar.
          </p>
        ) : null}
        <p>You can connect it again at any time.</p>
      </ConfirmDialog>
    </section>
  )
}
