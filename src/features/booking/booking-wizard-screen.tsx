import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { Link } from 'wouter'
import { ANY_TEAM_MEMBER, buildWizardUrl, type WizardRoute } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { formatPrice } from '../../components/appointments/appointment-format'
import { ListSkeleton } from '../../components/form/list-skeleton'
import { teamMemberWithoutChoice } from '../../domain/team-choice'
import { missingFromLink } from '../../machines/booking-catalogue-rules'
import type { Catalogue } from '../../machines/booking-context'
import { questionsOf } from '../../machines/booking-details-rules'
import { BookingConfirmation } from './booking-confirmation'
import { BookingNotFound } from './booking-not-found'
import { BookingPayment } from './booking-payment'
import { BookingProgress, type ProgressStep, progressSteps } from './booking-progress'
import { BookingQuestionsFields } from './booking-questions-fields'
import { RetryAlert } from './booking-status'
import { BusinessContact } from './business-contact'
import { CustomerForm } from './customer-form'
import { usePageBusinessParam } from './page-business'
import { describeTimeZone, formatDayAndTime } from './slot-days'
import { ServiceChoices, StartStep, TeamMemberChoices } from './start-step'
import { useWizard, useWizardUrlSync, type WizardActor } from './wizard-actor'
import { registerWizardScreen } from './wizard-presence'

// The time step's calendar, times and zone picker load when a visitor reaches that step, so
// the first step's load (the service list most visits start on) does not carry them.
const MonthSlotPicker = lazy(() =>
  import('./month-slot-picker').then((module) => ({ default: module.MonthSlotPicker })),
)

type WizardSnapshot = ReturnType<WizardActor['getSnapshot']>

export { chooseOnBrowserWizard } from './wizard-actor'

/** Which step the machine is at, for the screen and the progress indicator. */
function stepOf(
  snapshot: WizardSnapshot,
): ProgressStep | 'loading' | 'failed' | 'notFound' | 'paying' {
  if (snapshot.matches('loadingCatalogue') || snapshot.matches('routing')) return 'loading'
  if (snapshot.matches('catalogueFailed')) return 'failed'
  if (snapshot.matches('linkNotFound')) return 'notFound'
  if (snapshot.matches('chooseTeamMember')) return 'teamMember'
  if (snapshot.matches('calendar')) return 'time'
  if (snapshot.matches('details')) return 'details'
  if (snapshot.matches('confirmation')) return 'done'
  if (snapshot.matches('paying')) return 'paying'
  // The start, and choosing a service after a team member.
  return 'service'
}

/** Every step of the booking wizard; which one shows is the machine's state, set from the URL. */
export function BookingWizardScreen() {
  const wizard = useWizard()
  useWizardUrlSync(wizard)
  const step = useSelector(wizard, stepOf)
  const catalogue = useSelector(wizard, (s) => s.context.catalogue)
  const notice = useSelector(wizard, (s) => s.context.notice)
  const teamMemberFirst = useSelector(wizard, (s) => s.context.teamMemberFirst)
  const serviceId = useSelector(wizard, (s) => s.context.serviceId)
  // No team step where the business assigns whoever is free, or the service has one performer.
  const choosesTeamMember =
    catalogue?.business.team_member_choice !== 'any_available' &&
    (teamMemberFirst ||
      serviceId === null ||
      teamMemberWithoutChoice(catalogue, serviceId) === null)
  const { t } = useTranslation()

  if (step === 'loading') return <ListSkeleton rows={4} columns={2} label={t('wizard_loading')} />
  if (step === 'failed') return <CatalogueFailed />
  if (step === 'notFound') return <LinkNotFound />

  return (
    <div className="p-booking-wizard">
      {step !== 'done' && step !== 'paying' ? (
        <BookingProgress steps={progressSteps(teamMemberFirst, choosesTeamMember)} current={step} />
      ) : null}
      {notice ? (
        <div className="p-alert p-booking-notice" role="alert">
          {t(notice)}
        </div>
      ) : null}
      {catalogue ? <WizardStep catalogue={catalogue} /> : null}
      {step === 'done' ? <BookingConfirmation /> : null}
      {step === 'paying' ? <BookingPayment /> : null}
    </div>
  )
}

function WizardStep({ catalogue }: { catalogue: Catalogue }) {
  const wizard = useWizard()
  const state = useSelector(wizard, (s) =>
    s.matches('start')
      ? 'start'
      : s.matches('chooseTeamMember')
        ? 'chooseTeamMember'
        : s.matches('chooseService')
          ? 'chooseService'
          : s.matches('calendar')
            ? 'calendar'
            : s.matches('details')
              ? 'details'
              : null,
  )
  switch (state) {
    case 'start':
      return (
        <StartStep
          catalogue={catalogue}
          onServiceChosen={(serviceId) => wizard.send({ type: 'booking.serviceChosen', serviceId })}
          onTeamMemberChosen={(teamMemberId) =>
            wizard.send({ type: 'booking.teamMemberChosen', teamMemberId })
          }
        />
      )
    case 'chooseTeamMember':
      return <TeamMemberStep catalogue={catalogue} />
    case 'chooseService':
      return <ServiceStep catalogue={catalogue} />
    case 'calendar':
      return <CalendarStep catalogue={catalogue} />
    case 'details':
      return <DetailsStep catalogue={catalogue} />
    default:
      return null
  }
}

/** A link to a service or team member that cannot be booked here. */
function LinkNotFound() {
  const wizard = useWizard()
  const what = useSelector(wizard, (s) => missingFromLink(s.context.route, s.context.catalogue))
  return <BookingNotFound what={what} />
}

function CatalogueFailed() {
  const wizard = useWizard()
  const error = useSelector(wizard, (s) => s.context.error)
  const { t, say } = useTranslation()
  return (
    <RetryAlert
      title={t('wizard_failed')}
      message={error === null ? null : say(error)}
      onRetry={() => wizard.send({ type: 'booking.retry' })}
    />
  )
}

function BackLink({ to, label }: { to: WizardRoute; label: string }) {
  const business = usePageBusinessParam()
  return (
    <Link href={buildWizardUrl(to, business)} className="p-booking-back">
      ← {label}
    </Link>
  )
}

function TeamMemberStep({ catalogue }: { catalogue: Catalogue }) {
  const wizard = useWizard()
  const { t, tn } = useTranslation()
  const serviceId = useSelector(wizard, (s) => s.context.serviceId)
  const service = catalogue.services.find((candidate) => candidate.id === serviceId)
  const members = catalogue.teamMembers.filter((member) =>
    service?.team_member_ids.includes(member.id),
  )
  return (
    <>
      <BackLink to={{ step: 'start' }} label={t('back_services')} />
      <p>{tn('team_member_question', { service: <strong>{service?.name}</strong> })}</p>
      <TeamMemberChoices
        members={members}
        anyAllowed={catalogue.business.team_member_choice === 'both'}
        nextStep={(teamMemberId) => ({
          step: 'calendar',
          serviceId: serviceId ?? '',
          teamMemberId,
        })}
        onChoose={(teamMemberId) => wizard.send({ type: 'booking.teamMemberChosen', teamMemberId })}
      />
    </>
  )
}

function ServiceStep({ catalogue }: { catalogue: Catalogue }) {
  const wizard = useWizard()
  const { t, tn } = useTranslation()
  const teamMemberId = useSelector(wizard, (s) => s.context.teamMemberId)
  const member = catalogue.teamMembers.find((candidate) => candidate.id === teamMemberId)
  const services = catalogue.services.filter((service) =>
    service.team_member_ids.includes(teamMemberId ?? ''),
  )
  return (
    <>
      <BackLink to={{ step: 'start' }} label={t('back_start_again')} />
      <p>{tn('service_question', { member: <strong>{member?.name}</strong> })}</p>
      <ServiceChoices
        headingLevel={2}
        services={services}
        nextStep={(serviceId) => ({
          step: 'calendar',
          serviceId,
          teamMemberId: teamMemberId ?? '',
        })}
        onChoose={(serviceId) => wizard.send({ type: 'booking.serviceChosen', serviceId })}
      />
    </>
  )
}

/** "24 hours", "2 days", "30 minutes" for a cut-off, through Intl's unit formatting. */
function noticeInWords(minutes: number, locale: string): string {
  const [value, unit] =
    minutes % 1440 === 0 && minutes >= 2880
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute']
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
    value as number,
  )
}

/** What is being booked, with whom, where and on which terms; beside the steps throughout. */
function ChoiceSummary({ catalogue }: { catalogue: Catalogue }) {
  const wizard = useWizard()
  const { t, tp, intl } = useTranslation()
  const serviceId = useSelector(wizard, (s) => s.context.serviceId)
  const teamMemberId = useSelector(wizard, (s) => s.context.teamMemberId)
  const service = catalogue.services.find((candidate) => candidate.id === serviceId)
  const member = catalogue.teamMembers.find((candidate) => candidate.id === teamMemberId)
  const { business } = catalogue
  // "brand" adds logo_url to the public business; shown only when it is there.
  const logo = (business as { logo_url?: string | null }).logo_url
  const cutoff = business.cancellation_cutoff_minutes
  return (
    <aside className="p-booking-choice" aria-label={t('summary_label')}>
      <div className="p-booking-choice__business">
        {logo ? <img src={logo} alt="" className="p-booking-choice__logo" /> : null}
        <span>{business.name}</span>
      </div>
      <p className="p-booking-choice__service">{service?.name}</p>
      <ul className="p-booking-choice__facts">
        {service ? <li>{tp('duration_minutes', service.duration_minutes)}</li> : null}
        {service ? (
          <li>
            {formatPrice({ amount_minor: service.price_minor, currency: service.currency }, intl)}
          </li>
        ) : null}
        <li>
          {member ? t('summary_with_member', { name: member.name }) : t('summary_with_anyone')}
        </li>
        {service?.payment ? (
          <PaymentTerms payment={service.payment} />
        ) : (
          <li>
            {cutoff > 0
              ? t('cancel_before', { notice: noticeInWords(cutoff, intl) })
              : t('cancel_anytime')}
          </li>
        )}
      </ul>
      <BusinessContact business={business} compact />
    </aside>
  )
}

/** What booking charges now and when it is refunded, before the customer commits. */
function PaymentTerms({
  payment,
}: {
  payment: NonNullable<Catalogue['services'][number]['payment']>
}) {
  const { t, intl } = useTranslation()
  const money = (amount_minor: number) =>
    formatPrice({ amount_minor, currency: payment.currency }, intl)
  if (payment.kind === 'card_on_file') {
    return <li>{t('pay_card_on_file', { fee: money(payment.no_show_fee_minor ?? 0) })}</li>
  }
  const { full_refund_until_minutes: cutoff, kept_after_cutoff_minor: kept } = payment.refund
  return (
    <>
      <li>
        <strong>
          {t(payment.kind === 'prepayment' ? 'pay_now_full' : 'pay_now_deposit', {
            amount: money(payment.amount_minor),
          })}
        </strong>
      </li>
      <li>
        {cutoff > 0
          ? t('pay_refund_before', { notice: noticeInWords(cutoff, intl), amount: money(kept) })
          : t('pay_refund_anytime')}
      </li>
    </>
  )
}

function CalendarStep({ catalogue }: { catalogue: Catalogue }) {
  const wizard = useWizard()
  const { t } = useTranslation()
  const month = useSelector(wizard, (s) => s.children.monthOfSlots)
  const serviceId = useSelector(wizard, (s) => s.context.serviceId)
  const teamMemberId = useSelector(wizard, (s) => s.context.teamMemberId)
  const teamMemberFirst = useSelector(wizard, (s) => s.context.teamMemberFirst)
  // Back to the step before: the team step only where there was one to choose from.
  const back: WizardRoute = teamMemberFirst
    ? { step: 'teamServices', teamMemberId: teamMemberId ?? '' }
    : teamMemberWithoutChoice(catalogue, serviceId) !== null
      ? { step: 'start' }
      : { step: 'serviceTeam', serviceId: serviceId ?? '' }
  return (
    <>
      <BackLink to={back} label={t('back')} />
      <div className="p-booking-time">
        <ChoiceSummary catalogue={catalogue} />
        {month ? (
          <Suspense
            fallback={
              // As tall as the calendar that replaces it, so nothing below it jumps.
              <div className="p-month-picker-placeholder">
                <ListSkeleton rows={4} columns={2} label={t('calendar_loading')} />
              </div>
            }
          >
            <MonthSlotPicker month={month} businessTimeZone={catalogue.business.time_zone} />
          </Suspense>
        ) : null}
      </div>
    </>
  )
}

function DetailsStep({ catalogue }: { catalogue: Catalogue }) {
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

// From now on the start step is the wizard's own (see wizard-presence.ts).
registerWizardScreen(BookingWizardScreen)
