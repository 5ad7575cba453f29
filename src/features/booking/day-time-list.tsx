// biome-ignore-all lint/a11y/useSemanticElements: the times' radio group holds buttons, which radio inputs cannot carry this way
import { type KeyboardEvent, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { MessageKey } from '../../../shared/i18n/en'
import { useTranslation } from '../../app/i18n'
import type { byDayPeriod, DayPeriod } from '../../domain/month-grid'
import type { PublicSlot } from '../../machines/booking-context'
import type { monthOfSlotsMachine } from '../../machines/month-of-slots.machine'
import { dateFormat, noon } from './day-format'
import { slotClock } from './slot-days'

const PERIODS: Record<DayPeriod, MessageKey> = {
  morning: 'period_morning',
  afternoon: 'period_afternoon',
  evening: 'period_evening',
}

export interface TimeListProps {
  actor: ActorRefFrom<typeof monthOfSlotsMachine>
  slots: ReturnType<typeof byDayPeriod<PublicSlot>>
  day: string
  timeZone: string
  twelveHours: boolean
  chosen: string | null
}

/** A day's free times by part of the day, as one radio group (one Tab stop, arrows inside). */
export function TimeList({ actor, slots, day, timeZone, twelveHours, chosen }: TimeListProps) {
  const all = slots.flatMap((group) => group.slots)
  const [focused, setFocused] = useState(
    () => all.find((slot) => slot.starts_at === chosen)?.starts_at ?? all[0]?.starts_at,
  )
  const list = useRef<HTMLDivElement>(null)
  const { t, tp, intl } = useTranslation()
  const format = slotClock(intl, timeZone, twelveHours)
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
