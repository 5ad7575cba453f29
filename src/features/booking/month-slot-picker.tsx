// biome-ignore-all lint/a11y/useSemanticElements: the date grid (WAI-ARIA pattern) and the times' radio group hold buttons, which a table or radio inputs cannot carry this way
// biome-ignore-all lint/a11y/useFocusableInteractive: the focus sits on the buttons inside the grid's cells (roving tabindex), never on rows, headers or cells
import { useSelector } from '@xstate/react'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { MessageKey } from '../../../shared/i18n/en'
import { useTranslation } from '../../app/i18n'
import {
  byDayPeriod,
  type DayPeriod,
  freeDays,
  type GridKey,
  gridMove,
  localeUses12Hours,
  localeWeekStart,
  monthOf,
  monthWeeks,
  plusDays,
} from '../../domain/month-grid'
import type { PublicSlot } from '../../machines/booking-context'
import type { monthOfSlotsMachine } from '../../machines/month-of-slots.machine'
import { RetryAlert } from './booking-status'
import { TimeZonePicker } from './time-zone-picker'

const PERIODS: Record<DayPeriod, MessageKey> = {
  morning: 'period_morning',
  afternoon: 'period_afternoon',
  evening: 'period_evening',
}

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
const CLOCK_KEY = 'bookingClock'

const noon = (date: string) => new Date(`${date}T12:00:00Z`)
/** Calendar days (noon UTC stands for a day) in the page's locale. */
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })

function storedClock(locale: string): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(CLOCK_KEY)
    if (stored === '12' || stored === '24') return stored === '12'
  } catch {
    // Storage may be off (private mode, embedded): the locale decides.
  }
  return localeUses12Hours(locale)
}

export interface MonthSlotPickerProps {
  month: ActorRefFrom<typeof monthOfSlotsMachine>
  businessTimeZone: string
  /** The time shown as chosen (rescheduling shows the one being saved). */
  chosen?: string | null
}

/**
 * A month of free times: a date grid (WAI-ARIA date picker keyboard pattern, one Tab stop) with
 * days without times disabled, and the chosen day's times by part of the day as one radio group
 * (one Tab stop, arrows inside). The zone and the 12/24-hour clock are the visitor's to switch.
 */
export function MonthSlotPicker({ month: actor, businessTimeZone, chosen }: MonthSlotPickerProps) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null))
  const slots = useSelector(actor, (s) => s.context.slots)
  const month = useSelector(actor, (s) => s.context.month)
  const day = useSelector(actor, (s) => s.context.day)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const today = useSelector(actor, (s) => s.context.today)
  const canGoBack = useSelector(actor, (s) => s.can({ type: 'month.changed', months: -1 }))
  const canGoForward = useSelector(actor, (s) => s.can({ type: 'month.changed', months: 1 }))
  const canJump = useSelector(actor, (s) => s.can({ type: 'month.nextAvailable' }))
  const { t, say, intl } = useTranslation()
  const [twelveHours, setTwelveHours] = useState(() => storedClock(intl))
  const weekStartsOn = useMemo(() => localeWeekStart(intl), [intl])
  const free = useMemo(
    () =>
      new Set(
        freeDays(
          slots.map((slot) => slot.starts_at),
          timeZone,
        ),
      ),
    [slots, timeZone],
  )

  function setClock(twelve: boolean) {
    setTwelveHours(twelve)
    try {
      globalThis.localStorage?.setItem(CLOCK_KEY, twelve ? '12' : '24')
    } catch {
      // Not remembered then; the switch still works for this visit.
    }
  }

  return (
    <section className="p-month-picker" aria-label={t('choose_time')}>
      <div className="p-month-picker__calendar">
        <MonthGrid
          actor={actor}
          month={month}
          today={today}
          day={day}
          free={free}
          loading={loading}
          canGoBack={canGoBack}
          canGoForward={canGoForward}
          weekStartsOn={weekStartsOn}
        />
        <div className="p-month-picker__settings">
          <TimeZonePicker
            value={timeZone}
            businessTimeZone={businessTimeZone}
            onChange={(zone) => actor.send({ type: 'month.timeZoneChanged', timeZone: zone })}
          />
          <button
            type="button"
            role="switch"
            aria-checked={!twelveHours}
            className="p-month-picker__clock"
            onClick={() => setClock(!twelveHours)}
          >
            <span className="p-month-picker__switch" aria-hidden="true" />
            {t('clock_24')}
          </button>
        </div>
      </div>
      <div className="p-month-picker__times">
        {loading ? (
          <div role="status" className="p-month-picker__times-skeleton">
            <span className="p-visually-hidden">{t('times_loading')}</span>
            {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
              <span key={key} className="p-skeleton p-month-picker__time-skeleton" aria-hidden />
            ))}
          </div>
        ) : error ? (
          <RetryAlert
            title={t('times_failed')}
            message={say(error)}
            onRetry={() => actor.send({ type: 'month.retry' })}
          />
        ) : free.size === 0 ? (
          <div className="p-empty-state">
            <h3 className="p-empty-state__title">{t('month_empty_title')}</h3>
            {canJump ? (
              <button
                type="button"
                className="p-button p-button--primary p-month-picker__next"
                onClick={() => actor.send({ type: 'month.nextAvailable' })}
              >
                {t('next_available')} →
              </button>
            ) : (
              <p className="p-empty-state__text">{t('month_empty_end')}</p>
            )}
          </div>
        ) : day ? (
          <TimeList
            key={`${day}-${timeZone}`}
            actor={actor}
            slots={byDayPeriod(slots, day, timeZone)}
            day={day}
            timeZone={timeZone}
            twelveHours={twelveHours}
            chosen={chosen ?? null}
          />
        ) : (
          <p className="p-muted">{t('choose_day')}</p>
        )}
      </div>
    </section>
  )
}

interface MonthGridProps {
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

function MonthGrid(props: MonthGridProps) {
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

interface TimeListProps {
  actor: ActorRefFrom<typeof monthOfSlotsMachine>
  slots: ReturnType<typeof byDayPeriod<PublicSlot>>
  day: string
  timeZone: string
  twelveHours: boolean
  chosen: string | null
}

function TimeList({ actor, slots, day, timeZone, twelveHours, chosen }: TimeListProps) {
  const all = slots.flatMap((group) => group.slots)
  const [focused, setFocused] = useState(
    () => all.find((slot) => slot.starts_at === chosen)?.starts_at ?? all[0]?.starts_at,
  )
  const list = useRef<HTMLDivElement>(null)
  const { t, tp, intl } = useTranslation()
  const format = new Intl.DateTimeFormat(intl, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    hourCycle: twelveHours ? 'h12' : 'h23',
  })
  const heading = dateFormat(intl, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    noon(day),
  )

  function onKeyDown(event: KeyboardEvent) {
    const index = all.findIndex((slot) => slot.starts_at === focused)
    const step =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? all.length - 1 : step ? index + step : -1
    const next = all[Math.max(0, Math.min(all.length - 1, target))]
    if (target < 0 || !next) return
    event.preventDefault()
    setFocused(next.starts_at)
    list.current?.querySelector<HTMLButtonElement>(`[data-starts="${next.starts_at}"]`)?.focus()
  }

  return (
    <div className="p-time-list">
      <h3 id="time-list-title" className="p-time-list__title">
        {heading}
      </h3>
      <div
        ref={list}
        role="radiogroup"
        aria-label={t('times_on', { day: heading })}
        className="p-time-list__groups"
        onKeyDown={onKeyDown}
      >
        {slots.map((group) => (
          <div key={group.period} className="p-time-list__group">
            <p className="p-time-list__period" aria-hidden="true">
              {t(PERIODS[group.period])}
            </p>
            <div className="p-time-list__times">
              {group.slots.map((slot) => {
                const time = format.format(new Date(slot.starts_at))
                const seats = slot.seats_left === null ? '' : tp('seats_left', slot.seats_left)
                return (
                  <button
                    key={slot.starts_at}
                    type="button"
                    role="radio"
                    data-starts={slot.starts_at}
                    aria-checked={slot.starts_at === chosen}
                    aria-label={`${t(PERIODS[group.period])} ${time}${seats ? `, ${seats}` : ''}`}
                    tabIndex={slot.starts_at === focused ? 0 : -1}
                    className="p-time-list__time"
                    onClick={() => actor.send({ type: 'month.slotChosen', slot })}
                  >
                    <span>{time}</span>
                    {seats ? <span className="p-time-list__seats">{seats}</span> : null}
                  </button>
                )
              })}
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
