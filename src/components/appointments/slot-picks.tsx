import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Button } from 'react-aria-components'
import { toWallClock } from '../../domain/appointment-time'
import { type DaySlotQuery, sameQuery } from '../../machines/day-slots.machine'
import { daySlotsLogic } from './effects'

/** How many quick picks show before "Show all". */
const FIRST_PICKS = 24

/**
 * The free starts of one day as buttons that fill in the time: a quick way to a time that
 * fits (the time field still takes any time, e.g. with the working-hours override).
 * `query` null (service or day missing) says what is needed first.
 */
export function SlotPicks({
  query,
  timeZone,
  selectedTime,
  onPick,
  missing = 'Choose a service and a day to see the free times.',
}: {
  query: DaySlotQuery | null
  timeZone: string
  selectedTime: string | null
  onPick: (time: string) => void
  missing?: string
}) {
  const actor = useActorRef(daySlotsLogic, { input: { query } })
  const slots = useSelector(actor, (s) => s.context.slots)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null))
  const idle = useSelector(actor, (s) => s.matches('idle'))
  const current = useSelector(actor, (s) => s.context.query)

  useEffect(() => {
    if (!sameQuery(current, query)) actor.send({ type: 'slots.query', query })
  }, [actor, current, query])

  const times = slots.map((slot) => toWallClock(slot.starts_at, timeZone).slice(11, 16))
  // Several members free at one time give one start in "any available".
  const unique = [...new Set(times)]

  return (
    <section className="p-slot-picks" aria-label="Free times that day" aria-busy={loading}>
      <h3 className="p-slot-picks__title">Free times that day</h3>
      {idle ? (
        <p className="p-muted p-slot-picks__note">{missing}</p>
      ) : loading ? (
        <div className="p-slot-picks__list" role="status">
          <span className="p-visually-hidden">Loading the free times…</span>
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <span key={key} className="p-skeleton p-slot-picks__placeholder" aria-hidden="true" />
          ))}
        </div>
      ) : failure ? (
        <div className="p-alert" role="alert">
          {failure}{' '}
          <Button
            className="p-button p-button--small"
            onPress={() => actor.send({ type: 'slots.retry' })}
          >
            Try again
          </Button>
        </div>
      ) : unique.length === 0 ? (
        <p className="p-muted p-slot-picks__note">
          No free times that day. Try another day or team member, or book outside working hours.
        </p>
      ) : (
        <SlotButtons times={unique} selectedTime={selectedTime} onPick={onPick} />
      )}
    </section>
  )
}

function SlotButtons({
  times,
  selectedTime,
  onPick,
}: {
  times: string[]
  selectedTime: string | null
  onPick: (time: string) => void
}) {
  const shown = times.length > FIRST_PICKS + 6 ? times.slice(0, FIRST_PICKS) : times
  return (
    <>
      <ul className="p-slot-picks__list">
        {shown.map((time) => (
          <li key={time}>
            <Button
              className="p-slot-pick"
              aria-pressed={time === selectedTime}
              onPress={() => onPick(time)}
            >
              {time}
            </Button>
          </li>
        ))}
      </ul>
      {shown.length < times.length ? (
        <p className="p-muted p-slot-picks__note">
          {times.length - shown.length} later times are free too; type one in the time field.
        </p>
      ) : null}
    </>
  )
}
