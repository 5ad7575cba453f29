// biome-ignore-all lint/a11y/useSemanticElements: the date grid (WAI-ARIA pattern) holds buttons, which a table cannot carry this way
// biome-ignore-all lint/a11y/useFocusableInteractive: the focus sits on the buttons inside the grid's cells (roving tabindex), never on rows, headers or cells
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { useTranslation } from '../../app/i18n'
import { type GridKey, gridMove, monthOf, monthWeeks, plusDays } from '../../domain/month-grid'
import type { monthOfSlotsMachine } from '../../machines/month-of-slots.machine'
import { dateFormat, noon } from './day-format'

const GRID_KEYS = new Set<string>([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
])
export interface MonthGridProps {
  actor: ActorRefFrom<typeof monthOfSlotsMachine>
  month: string
  today: string
  day: string | null
  free: Set<string>
  loading: boolean
  canGoBack: boolean
  canGoForward: boolean
  weekStartsOn: number
}

/** The month's days as a WAI-ARIA date grid: one Tab stop, arrows, Home/End, Page Up/Down. */
export function MonthGrid(props: MonthGridProps) {
  const { actor, month, today, day, free, loading, canGoBack, canGoForward, weekStartsOn } = props
  const weeks = useMemo(() => monthWeeks(month, weekStartsOn), [month, weekStartsOn])
  // The one cell in the Tab order: where the keyboard left it, else the chosen or first day.
  const [focused, setFocused] = useState<string | null>(null)
  const focusNext = useRef(false)
  const grid = useRef<HTMLDivElement>(null)
  const active = focused && monthOf(focused) === month ? focused : (day ?? `${month}-01`)
  const { t, intl } = useTranslation()
  const title = dateFormat(intl, { month: 'long', year: 'numeric' }).format(noon(`${month}-01`))
  const weekdays = (weeks[0] ?? []).map((_, index) => {
    // 4 January 2026 is a Sunday: count weekdays from there.
    const date = plusDays('2026-01-04', (weekStartsOn + index) % 7)
    return {
      short: dateFormat(intl, { weekday: 'narrow' }).format(noon(date)),
      long: dateFormat(intl, { weekday: 'long' }).format(noon(date)),
    }
  })

  useEffect(() => {
    if (!focusNext.current) return
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${active}"]`)?.focus()
  })

  function move(key: GridKey) {
    const next = gridMove(active, key, weekStartsOn)
    if (next < today) return
    const months = monthOf(next) > month ? 1 : monthOf(next) < month ? -1 : 0
    if (months !== 0) {
      if (!actor.getSnapshot().can({ type: 'month.changed', months })) return
      actor.send({ type: 'month.changed', months })
    }
    focusNext.current = true
    setFocused(next)
  }

  function onKeyDown(event: KeyboardEvent) {
    if (!GRID_KEYS.has(event.key)) return
    event.preventDefault()
    move(event.key as GridKey)
  }

  function page(months: 1 | -1) {
    focusNext.current = false
    setFocused(null)
    actor.send({ type: 'month.changed', months })
  }

  return (
    <div className="p-month-grid">
      <div className="p-month-grid__bar">
        <h2 id="month-grid-title" className="p-month-grid__title" aria-live="polite">
          {title}
        </h2>
        <button
          type="button"
          className="p-month-grid__nav"
          aria-label={t('previous_month')}
          aria-disabled={!canGoBack || undefined}
          onClick={() => canGoBack && page(-1)}
        >
          ‹
        </button>
        <button
          type="button"
          className="p-month-grid__nav"
          aria-label={t('next_month')}
          aria-disabled={!canGoForward || undefined}
          onClick={() => canGoForward && page(1)}
        >
          ›
        </button>
      </div>
      <div
        ref={grid}
        role="grid"
        aria-labelledby="month-grid-title"
        aria-busy={loading || undefined}
        className="p-month-grid__table"
        onKeyDown={onKeyDown}
        onBlur={() => {
          focusNext.current = false
        }}
      >
        <div role="row" className="p-month-grid__row">
          {weekdays.map((weekday) => (
            <div
              key={weekday.long}
              role="columnheader"
              aria-label={weekday.long}
              className="p-month-grid__weekday"
            >
              {/* Visible text (a header needs some), named in full by its label. */}
              {weekday.short}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" className="p-month-grid__row" key={week.find(Boolean) ?? 'blank'}>
            {week.map((date, index) =>
              date === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have only a place
                <div key={`blank-${index}`} role="gridcell" aria-hidden="true" />
              ) : (
                <div key={date} role="gridcell" aria-selected={date === day}>
                  <button
                    type="button"
                    data-date={date}
                    tabIndex={date === active ? 0 : -1}
                    className="p-month-grid__day"
                    data-free={(!loading && free.has(date)) || undefined}
                    data-today={date === today || undefined}
                    aria-disabled={loading || !free.has(date) || undefined}
                    aria-label={`${dateFormat(intl, { weekday: 'long', day: 'numeric', month: 'long' }).format(noon(date))}${!loading && !free.has(date) ? `, ${t('day_no_times')}` : ''}`}
                    onClick={() => {
                      setFocused(date)
                      if (free.has(date)) actor.send({ type: 'month.dayChosen', day: date })
                    }}
                  >
                    {Number(date.slice(8))}
                  </button>
                </div>
              ),
            )}
          </div>
        ))}
      </div>
    </div>
  )
}
