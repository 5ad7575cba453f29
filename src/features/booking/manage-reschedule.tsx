import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from '../../app/i18n'
import { Outcome } from './manage-outcome'
import { type ManageActor, SECTION_FOCUS } from './manage-view'
import { MonthSlotPicker } from './month-slot-picker'
import { formatDayAndTime } from './slot-days'

/** The manage link's reschedule part: the month of free times, then the move confirmed. */
export function Reschedule({ actor }: { actor: ManageActor }) {
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const month = useSelector(actor, (s) => s.children.monthOfSlots)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const chosen = useSelector(actor, (s) => s.context.chosen)
  const { t } = useTranslation()
  return (
    <section className="p-card p-stack" aria-labelledby="reschedule-title">
      <h2 id="reschedule-title" className="p-section-title" tabIndex={-1} {...SECTION_FOCUS}>
        {t('manage_choose_new_time')}
      </h2>
      {/* A time taken meanwhile, or a cut-off passed: said above the times to choose again from. */}
      <Outcome actor={actor} />
      {month ? (
        // The same month of free times as the booking's time step: the server refuses times
        // past the booking window, so months beyond it show none.
        <MonthSlotPicker
          month={month}
          businessTimeZone={appointment?.time_zone ?? timeZone}
          chosen={chosen?.starts_at ?? null}
        />
      ) : null}
      {chosen ? <ConfirmMove actor={actor} /> : null}
      <button
        type="button"
        className="p-button p-button--ghost"
        onClick={() => actor.send({ type: 'manage.back' })}
      >
        {t('manage_keep_time')}
      </button>
    </section>
  )
}

/**
 * The chosen time beside the current one, and the button that moves the appointment: a tap on
 * a time only proposes it. It takes the focus when it opens (so it is in view under the times
 * just tapped), and says there whether the move failed.
 */
function ConfirmMove({ actor }: { actor: ManageActor }) {
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const chosen = useSelector(actor, (s) => s.context.chosen)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const saveError = useSelector(actor, (s) =>
    s.matches({ rescheduling: 'saveFailed' }) ? s.context.error : null,
  )
  const { t, intl } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  const startsAt = chosen?.starts_at
  useEffect(() => {
    if (startsAt) heading.current?.focus()
  }, [startsAt])
  if (!appointment || !chosen) return null
  const newTime = formatDayAndTime(chosen.starts_at, timeZone, intl)
  return (
    <section className="p-booking-move p-stack" aria-labelledby="move-title">
      <h3 id="move-title" ref={heading} tabIndex={-1} className="p-section-title">
        {t('manage_confirm_title')}
      </h3>
      <dl className="p-facts">
        <div className="p-facts__item">
          <dt>{t('manage_confirm_from')}</dt>
          <dd>{formatDayAndTime(appointment.starts_at, timeZone, intl)}</dd>
        </div>
        <div className="p-facts__item">
          <dt>{t('manage_confirm_to')}</dt>
          <dd>
            <strong>{newTime}</strong>
          </dd>
        </div>
      </dl>
      <div role="status">{busy ? <p>{t('manage_moving', { time: newTime })}</p> : null}</div>
      {saveError ? (
        <div className="p-alert" role="alert">
          <span className="p-alert__title">{t('manage_not_moved_title')}</span>
          <p>{t(saveError)}</p>
        </div>
      ) : null}
      <div className="p-booking-actions">
        <button
          type="button"
          className="p-button p-button--primary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) actor.send({ type: saveError ? 'manage.retry' : 'manage.moveConfirmed' })
          }}
        >
          {saveError ? t('try_again') : t('manage_confirm_move')}
        </button>
        <button
          type="button"
          className="p-button"
          disabled={busy}
          onClick={() => actor.send({ type: 'manage.moveDeclined' })}
        >
          {t('manage_confirm_other')}
        </button>
      </div>
    </section>
  )
}
