import { useMemo, useRef } from 'react'
import type { PublicSlot } from '../../machines/booking.machine'
import { RetryAlert } from './booking-status'
import { describeTimeZone, formatDay, formatTime, knownTimeZones, slotsByDay } from './slot-days'

export interface SlotPickerProps {
  slots: PublicSlot[]
  loading: boolean
  /** Why the slots did not load; with `onRetry`. */
  error: string | null
  weekStart: string
  days: number
  timeZone: string
  businessTimeZone: string
  canGoBack: boolean
  canGoForward: boolean
  /** The time shown as chosen (rescheduling shows the current one). */
  chosen?: string | null
  onChoose: (slot: PublicSlot) => void
  onWeek: (weeks: 1 | -1) => void
  onTimeZone: (timeZone: string) => void
  onRetry: () => void
}

/**
 * A week of free times, day by day, in the visitor's zone (switchable; the business's zone is
 * named when it differs). Used to book and to reschedule.
 */
export function SlotPicker(props: SlotPickerProps) {
  const { slots, weekStart, days, timeZone } = props
  const week = useMemo(
    () => slotsByDay(slots, weekStart, days, timeZone),
    [slots, weekStart, days, timeZone],
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
    if (weeks === 1 ? !props.canGoForward : !props.canGoBack) return
    props.onWeek(weeks)
    weekHeading.current?.focus()
  }

  return (
    <section className="p-slot-picker" aria-labelledby="slot-picker-week">
      <div className="p-slot-picker__bar">
        <button
          type="button"
          className="p-button p-button--small"
          aria-disabled={!props.canGoBack || undefined}
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
          aria-disabled={!props.canGoForward || undefined}
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
          aria-describedby={
            props.businessTimeZone !== timeZone ? 'slot-picker-business-zone' : undefined
          }
          onChange={(event) => props.onTimeZone(event.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        {props.businessTimeZone !== timeZone ? (
          <p id="slot-picker-business-zone" className="p-field__description">
            The business is in {describeTimeZone(props.businessTimeZone)}; you see your times in{' '}
            {describeTimeZone(timeZone)}.
          </p>
        ) : null}
      </div>

      {props.loading ? (
        <SlotSkeleton days={days} />
      ) : props.error ? (
        <RetryAlert
          title="The free times did not load"
          message={props.error}
          onRetry={props.onRetry}
        />
      ) : slots.length === 0 ? (
        <div className="p-empty-state">
          <h3 className="p-empty-state__title">No free times this week — try next week</h3>
          {props.canGoForward ? (
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
                        aria-pressed={props.chosen === slot.starts_at}
                        onClick={() => props.onChoose(slot)}
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
