import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from '../../app/i18n'
import { CallTheBusiness } from './business-contact'
import { type ManageActor, VIEW_FOCUS } from './manage-view'
import { formatDayAndTime } from './slot-days'
import { usePageBusiness } from './use-page-business'

/**
 * What the last change came to ("moved to …", "no longer free", "too late"), in a live region
 * that is on the page before it is filled (so screen readers announce it) and that takes the
 * focus, which brings it into view, where the customer is looking.
 */
export function Outcome({ actor }: { actor: ManageActor }) {
  const notice = useSelector(actor, (s) => s.context.notice)
  const appointment = useSelector(actor, (s) => s.context.appointment)
  const timeZone = useSelector(actor, (s) => s.context.timeZone)
  const { t, intl } = useTranslation()
  const business = usePageBusiness()
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (notice) region.current?.focus()
  }, [notice])
  const closed = notice === 'manage_reschedule_closed' || notice === 'manage_cancel_closed'
  return (
    <div
      role="status"
      ref={region}
      tabIndex={-1}
      className="p-booking-outcome"
      {...{ [VIEW_FOCUS]: 'outcome' }}
    >
      {notice ? (
        <p className="p-card p-booking-notice">
          {notice === 'manage_moved' && appointment
            ? t('manage_moved', { time: formatDayAndTime(appointment.starts_at, timeZone, intl) })
            : t(notice)}
          {closed && appointment ? (
            <>
              {' '}
              <CallTheBusiness name={appointment.business_name} business={business} />
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  )
}
