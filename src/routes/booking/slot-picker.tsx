import { useSelector } from '@xstate/react'
import { useMemo, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { DAYS_PER_WEEK, type weekOfSlotsMachine } from '../../machines/week-of-slots.machine'
import { RetryAlert } from './booking-status'
import { describeTimeZone, formatDay, formatTime, knownTimeZones, slotsByDay } from './slot-days'

export interface SlotPickerProps {
  /** The week of free times a booking or manage machine invoked. */
  week: ActorRefFrom<typeof weekOfSlotsMachine>
  businessTimeZone: string
  /** The time shown as chosen (rescheduling shows the one being saved). */
  chosen?: string | null
}

/**
 * A week of free times, day by day, in the visitor's zone (switchable; the business's zone is
 * named when it differs). Used to book and to reschedule; the machine knows how far the visitor
 * may page (never before today, nor past the business's booking window).
 */
export function SlotPicker({ week: actor, businessTimeZone, chosen }: SlotPickerProps) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null))
  const slots = useSelector(actor, (s) => s.context.slots)
  const weekStart = useSelector(actor, (s) => s.context.weekStart)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const canGoBack = useSelector(actor, (s) => s.can({ type: 'week.changed', weeks: -1 }))
  const canGoForward = useSelector(actor, (s) => s.can({ type: 'week.changed', weeks: 1 }))
  const days = DAYS_PER_WEEK
  const week = useMemo(
    () => slotsByDay(slots, weekStart, DAYS_PER_WEEK, timeZone),
    [slots, weekStart, timeZone],
  )
  const zones = useMemo(() => {
    const all = knownTimeZones()
    return all.includes(timeZone) ? all : [timeZone, ...all]
  }, [timeZone])
  const lastDay = week.at(-1)?.date ?? weekStart
  const weekHeading = useRef<HTMLHeadingElement>(null)
  // The buttons stay focusable (aria-disabled) and the week's heading takes focus after paging:
  // a keyboard user never lands on the page's body when a button turns off or is replaced.
  function page(weeks: 1 | -1) {
    if (weeks === 1 ? !canGoForward : !canGoBack) return
    actor.send({ type: 'week.changed', weeks })
    weekHeading.current?.focus()
  }

  return (
    <section className="p-slot-picker" aria-labelledby="slot-picker-week">
      <div className="p-slot-picker__bar">
        <button
          type="button"
          className="p-button p-button--small"
          aria-disabled={!canGoBack || undefined}
          onClick={() => page(-1)}
        >
          ← Previous week
        </button>
        <h2 id="slot-picker-week" className="p-slot-picker__week" ref={weekHeading} tabIndex={-1}>
          {formatDay(weekStart)} – {formatDay(lastDay)}
        </h2>
        <button
          type="button"
          className="p-button p-button--small"
          aria-disabled={!canGoForward || undefined}
          onClick={() => page(1)}
        >
          Next week →
        </button>
      </div>

      <div className="p-field p-slot-picker__zone">
        <label className="p-field__label" htmlFor="slot-picker-zone">
          Times shown in
        </label>
        <select
          id="slot-picker-zone"
          className="p-input"
          value={timeZone}
          aria-describedby={businessTimeZone !== timeZone ? 'slot-picker-business-zone' : undefined}
          onChange={(event) =>
            actor.send({ type: 'week.timeZoneChanged', timeZone: event.target.value })
          }
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        {businessTimeZone !== timeZone ? (
          <p id="slot-picker-business-zone" className="p-field__description">
            The business is in {describeTimeZone(businessTimeZone)}; you see your times in{' '}
            {describeTimeZone(timeZone)}.
          </p>
        ) : null}
      </div>

      {loading ? (
        <SlotSkeleton days={days} />
      ) : error ? (
        <RetryAlert
          title="The free times did not load"
          message={error}
          onRetry={() => actor.send({ type: 'week.retry' })}
        />
      ) : slots.length === 0 ? (
        <div className="p-empty-state">
          <h3 className="p-empty-state__title">No free times this week — try next week</h3>
          {canGoForward ? (
            <button type="button" className="p-button p-button--primary" onClick={() => page(1)}>
              Show next week
            </button>
          ) : (
            <p className="p-empty-state__text">This is as far ahead as bookings open.</p>
          )}
        </div>
      ) : (
        <ul className="p-slot-picker__days">
          {week
            .filter((day) => day.slots.length > 0)
            .map((day) => (
              <li key={day.date} className="p-slot-picker__day">
                <h3 className="p-slot-picker__day-title" id={`day-${day.date}`}>
                  {formatDay(day.date)}
                </h3>
                <ul className="p-slot-picker__times" aria-labelledby={`day-${day.date}`}>
                  {day.slots.map((slot) => (
                    <li key={slot.starts_at}>
                      <button
                        type="button"
                        className="p-slot-picker__time"
                        aria-pressed={chosen === slot.starts_at}
                        onClick={() => actor.send({ type: 'week.slotChosen', slot })}
                      >
                        {formatTime(slot.starts_at, timeZone)}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
        </ul>
      )}
    </section>
  )
}

function SlotSkeleton({ days }: { days: number }) {
  return (
    <div className="p-slot-picker__days" role="status">
      <span className="p-visually-hidden">Loading free times…</span>
      {Array.from({ length: Math.min(days, 3) }, (_, index) => `skeleton-day-${index}`).map(
        (key) => (
          <div key={key} className="p-slot-picker__day" aria-hidden="true">
            <span className="p-skeleton p-slot-picker__skeleton-title" />
            <div className="p-slot-picker__times">
              <span className="p-skeleton p-slot-picker__skeleton-time" />
              <span className="p-skeleton p-slot-picker__skeleton-time" />
              <span className="p-skeleton p-slot-picker__skeleton-time" />
            </div>
          </div>
        ),
      )}
    </div>
  )
}
