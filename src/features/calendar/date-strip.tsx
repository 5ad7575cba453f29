import { type KeyboardEvent, useLayoutEffect, useRef } from 'react'
import { addDays } from '../../domain/appointment-time'

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' })
const FULL_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/** The Monday of the week before `date`'s, and the 21 days from it: last, this and next week. */
function stripDays(date: string): string[] {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7
  const first = addDays(date, -weekday - 7)
  return Array.from({ length: 21 }, (_, index) => addDays(first, index))
}

/**
 * The phone's strip of days around the shown one: swiped sideways, tapped to go to a day; by
 * keyboard one tab stop (the shown day), Left and Right go to the day before and after.
 */
export function DateStrip({ date, onDate }: { date: string; onDate: (date: string) => void }) {
  const strip = useRef<HTMLDivElement>(null)
  const days = stripDays(date)

  // The shown day in the middle of the strip (by scrolling the strip, never the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chip marked current changes with the date
  useLayoutEffect(() => {
    const element = strip.current
    const chip = element?.querySelector<HTMLElement>('[aria-current="date"]')
    if (!element || !chip) return
    element.scrollLeft = chip.offsetLeft - (element.clientWidth - chip.offsetWidth) / 2
    if (element.contains(document.activeElement)) chip.focus()
  }, [date])

  const keyDown = (event: KeyboardEvent) => {
    const by = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0
    if (by === 0) return
    event.preventDefault()
    onDate(addDays(date, by))
  }

  return (
    <div className="p-date-strip" ref={strip}>
      {days.map((day) => {
        const shown = day === date
        const noon = new Date(`${day}T12:00:00Z`)
        return (
          <button
            key={day}
            type="button"
            className="p-date-strip__day"
            aria-current={shown ? 'date' : undefined}
            aria-label={FULL_DAY.format(noon)}
            tabIndex={shown ? 0 : -1}
            onClick={() => onDate(day)}
            onKeyDown={keyDown}
          >
            <span className="p-date-strip__weekday" aria-hidden="true">
              {WEEKDAY.format(noon)}
            </span>
            <span className="p-date-strip__number" aria-hidden="true">
              {Number(day.slice(8, 10))}
            </span>
          </button>
        )
      })}
    </div>
  )
}
