import { useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { useTranslation } from '../../app/i18n'
import { byDayPeriod, freeDays, localeUses12Hours, localeWeekStart } from '../../domain/month-grid'
import type { monthOfSlotsMachine } from '../../machines/month-of-slots.machine'
import { RetryAlert } from './booking-status'
import { TimeList } from './day-time-list'
import { MonthGrid } from './month-day-grid'
import { TimeZonePicker } from './time-zone-picker'

const CLOCK_KEY = 'bookingClock'

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
