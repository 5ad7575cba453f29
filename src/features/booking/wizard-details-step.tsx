import { useSelector } from '@xstate/react'
import { ANY_TEAM_MEMBER } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import type { Catalogue } from '../../machines/booking-context'
import { questionsOf } from '../../machines/booking-details-rules'
import { BookingQuestionsFields } from './booking-questions-fields'
import { ChoiceSummary } from './choice-summary'
import { CustomerForm } from './customer-form'
import { describeTimeZone, formatDayAndTime } from './slot-days'
import { useWizard } from './wizard-actor'
import { BackLink } from './wizard-back-link'

/** The wizard's details step: the chosen time, the visitor's details and answers, and sending. */
export function DetailsStep({ catalogue }: { catalogue: Catalogue }) {
  const wizard = useWizard()
  const { t, intl } = useTranslation()
  const slot = useSelector(wizard, (s) => s.context.slot)
  const timeZone = useSelector(wizard, (s) => s.context.timeZone)
  const customer = useSelector(wizard, (s) => s.context.customer)
  const fieldErrors = useSelector(wizard, (s) => s.context.fieldErrors)
  const answers = useSelector(wizard, (s) => s.context.answers)
  const answerErrors = useSelector(wizard, (s) => s.context.answerErrors)
  const busy = useSelector(wizard, (s) => s.hasTag('busy'))
  const failure = useSelector(wizard, (s) =>
    s.matches({ details: 'offline' })
      ? 'offline'
      : s.matches({ details: 'rateLimited' })
        ? 'rateLimited'
        : s.matches({ details: 'failed' })
          ? 'failed'
          : null,
  )
  const serviceId = useSelector(wizard, (s) => s.context.serviceId)
  const teamMemberId = useSelector(wizard, (s) => s.context.teamMemberId)
  // A service paid at booking goes on to Stripe's page: the button says so.
  const paid = Boolean(catalogue.services.find((service) => service.id === serviceId)?.payment)

  return (
    <>
      <BackLink
        to={{
          step: 'calendar',
          serviceId: serviceId ?? '',
          teamMemberId: teamMemberId ?? ANY_TEAM_MEMBER,
        }}
        label={t('back_other_times')}
      />
      <ChoiceSummary catalogue={catalogue} />
      {slot ? (
        <p className="p-booking-when">
          <strong>{formatDayAndTime(slot.starts_at, timeZone, intl)}</strong>{' '}
          <span className="p-muted">({describeTimeZone(timeZone)})</span>
        </p>
      ) : null}
      {failure ? <SubmitFailure failure={failure} /> : null}
      <CustomerForm
        values={customer}
        errors={fieldErrors}
        busy={busy}
        submitLabel={failure ? t('try_again') : paid ? t('continue_to_payment') : t('book_now')}
        onChange={(values) => wizard.send({ type: 'booking.customerChanged', values })}
        onSubmit={() =>
          wizard.send(failure ? { type: 'booking.retry' } : { type: 'booking.submitted' })
        }
      >
        <BookingQuestionsFields
          questions={questionsOf({ catalogue, serviceId })}
          answers={answers}
          errors={answerErrors}
          busy={busy}
          onChange={(questionId, value) =>
            wizard.send({ type: 'booking.answerChanged', questionId, value })
          }
        />
      </CustomerForm>
    </>
  )
}

function SubmitFailure({ failure }: { failure: 'offline' | 'rateLimited' | 'failed' }) {
  const wizard = useWizard()
  const error = useSelector(wizard, (s) => s.context.error)
  const retryAfter = useSelector(wizard, (s) => s.context.retryAfterSeconds)
  const { t, tp, say } = useTranslation()
  const text =
    failure === 'offline'
      ? t('submit_offline')
      : failure === 'rateLimited'
        ? retryAfter
          ? tp('submit_rate_limited', retryAfter)
          : t('submit_rate_limited_moment')
        : error === null
          ? null
          : say(error)
  return (
    <div className="p-alert" role="alert">
      <span className="p-alert__title">
        {failure === 'offline' ? t('submit_offline_title') : t('submit_failed_title')}
      </span>
      <p>{text}</p>
    </div>
  )
}
