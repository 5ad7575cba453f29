import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { Link } from 'wouter'
import { buildWizardUrl } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { formatPrice } from '../../components/appointments/appointment-format'
import { ListSkeleton } from '../../components/form/list-skeleton'
import {
  ANY_TEAM_MEMBER,
  type Catalogue,
  type PublicService,
  questionsOf,
} from '../../machines/booking.machine'
import { BookingConfirmation } from './booking-confirmation'
import { BookingProgress, type ProgressStep, progressSteps } from './booking-progress'
import { BookingQuestionsFields } from './booking-questions-fields'
import { CustomerForm } from './customer-form'
import { pageBusiness } from './page-business'
import { describeTimeZone, formatDayAndTime } from './slot-days'
import { useWizardUrlSync, wizardActor } from './wizard-actor'
import './booking.css'
import { RetryAlert } from './booking-status'

// The time step's calendar, times and zone picker load when a visitor reaches that step, so
// the first step's load (the service list most visits start on) does not carry them.
const MonthSlotPicker = lazy(() =>
  import('./month-slot-picker').then((module) => ({ default: module.MonthSlotPicker })),
)

type WizardSnapshot = ReturnType<typeof wizardActor.getSnapshot>

/** Which step the machine is at, for the screen and the progress indicator. */
function stepOf(snapshot: WizardSnapshot): ProgressStep | 'loading' | 'failed' {
  if (snapshot.matches('loadingCatalogue') || snapshot.matches('routing')) return 'loading'
  if (snapshot.matches('catalogueFailed')) return 'failed'
  if (snapshot.matches('chooseTeamMember')) return 'teamMember'
  if (snapshot.matches('calendar')) return 'time'
  if (snapshot.matches('details')) return 'details'
  if (snapshot.matches('confirmation')) return 'done'
  // The start, and choosing a service after a team member.
  return 'service'
}

const send = wizardActor.send.bind(wizardActor)

/** Every step of the booking wizard; which one shows is the machine's state, set from the URL. */
export function BookingWizardScreen() {
  useWizardUrlSync()
  const step = useSelector(wizardActor, stepOf)
  const catalogue = useSelector(wizardActor, (s) => s.context.catalogue)
  const notice = useSelector(wizardActor, (s) => s.context.notice)
  const teamMemberFirst = useSelector(wizardActor, (s) => s.context.teamMemberFirst)
  const choosesTeamMember = catalogue?.business.team_member_choice !== 'any_available'
  const { t } = useTranslation()

  if (step === 'loading') return <ListSkeleton rows={4} columns={2} label={t('wizard_loading')} />
  if (step === 'failed') return <CatalogueFailed />

  return (
    <div className="p-booking-wizard">
      {step !== 'done' ? (
        <BookingProgress steps={progressSteps(teamMemberFirst, choosesTeamMember)} current={step} />
      ) : null}
      {notice ? (
        <div className="p-alert p-booking-notice" role="alert">
          {t(notice)}
        </div>
      ) : null}
      {catalogue ? <WizardStep catalogue={catalogue} /> : null}
      {step === 'done' ? <BookingConfirmation /> : null}
    </div>
  )
}

function WizardStep({ catalogue }: { catalogue: Catalogue }) {
  const state = useSelector(wizardActor, (s) =>
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
      return <StartStep catalogue={catalogue} />
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

function CatalogueFailed() {
  const error = useSelector(wizardActor, (s) => s.context.error)
  const { t, say } = useTranslation()
  return (
    <RetryAlert
      title={t('wizard_failed')}
      message={error === null ? null : say(error)}
      onRetry={() => send({ type: 'booking.retry' })}
    />
  )
}

function ServiceChoices({
  services,
  onChoose,
}: {
  services: PublicService[]
  onChoose: (serviceId: string) => void
}) {
  const { t, tp, intl } = useTranslation()
  if (services.length === 0) {
    return (
      <div className="p-empty-state">
        <h3 className="p-empty-state__title">{t('services_empty_title')}</h3>
        <p className="p-empty-state__text">{t('services_empty_text')}</p>
      </div>
    )
  }
  return (
    <ul className="p-choice-list">
      {services.map((service) => (
        <li key={service.id}>
          <button
            type="button"
            className="p-choice"
            onClick={() => onChoose(service.id)}
            aria-describedby={`service-${service.id}-meta`}
          >
            <span className="p-choice__title">{service.name}</span>
            <span className="p-choice__meta" id={`service-${service.id}-meta`}>
              {tp('duration_minutes', service.duration_minutes)} ·{' '}
              {formatPrice({ amount_minor: service.price_minor, currency: service.currency }, intl)}
              {service.description ? ` · ${service.description}` : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}

function TeamMemberChoices({
  members,
  anyAllowed,
  onChoose,
}: {
  members: Catalogue['teamMembers']
  anyAllowed: boolean
  onChoose: (teamMemberId: string) => void
}) {
  const { t } = useTranslation()
  return (
    <ul className="p-choice-list">
      {anyAllowed ? (
        <li>
          <button type="button" className="p-choice" onClick={() => onChoose(ANY_TEAM_MEMBER)}>
            <span className="p-choice__title">{t('any_available')}</span>
            <span className="p-choice__meta">{t('any_available_hint')}</span>
          </button>
        </li>
      ) : null}
      {members.map((member) => (
        <li key={member.id}>
          <button type="button" className="p-choice" onClick={() => onChoose(member.id)}>
            <span className="p-choice__title">{member.name}</span>
            {member.bio ? <span className="p-choice__meta">{member.bio}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}

function StartStep({ catalogue }: { catalogue: Catalogue }) {
  const { business, services, teamMembers } = catalogue
  const byTeamMember = business.team_member_choice !== 'any_available' && teamMembers.length > 0
  const { t } = useTranslation()
  return (
    <>
      <p className="p-muted">
        {t('start_lead', { business: business.name })} {byTeamMember ? t('start_lead_choice') : ''}
      </p>
      <section className="p-stack" aria-labelledby="choose-service">
        <h2 id="choose-service" className="p-section-title">
          {t('choose_service')}
        </h2>
        <ServiceChoices
          services={services}
          onChoose={(serviceId) => send({ type: 'booking.serviceChosen', serviceId })}
        />
      </section>
      {byTeamMember ? (
        <section className="p-stack" aria-labelledby="choose-team-member">
          <h2 id="choose-team-member" className="p-section-title">
            {t('choose_team_member_instead')}
          </h2>
          <TeamMemberChoices
            members={teamMembers}
            anyAllowed={false}
            onChoose={(teamMemberId) => send({ type: 'booking.teamMemberChosen', teamMemberId })}
          />
        </section>
      ) : null}
    </>
  )
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link href={to} className="p-booking-back">
      ← {label}
    </Link>
  )
}

function TeamMemberStep({ catalogue }: { catalogue: Catalogue }) {
  const serviceId = useSelector(wizardActor, (s) => s.context.serviceId)
  const service = catalogue.services.find((candidate) => candidate.id === serviceId)
  const members = catalogue.teamMembers.filter((member) =>
    service?.team_member_ids.includes(member.id),
  )
  const { t, tn } = useTranslation()
  return (
    <>
      <BackLink to={buildWizardUrl({ step: 'start' }, pageBusiness())} label={t('back_services')} />
      <p>{tn('team_member_question', { service: <strong>{service?.name}</strong> })}</p>
      <TeamMemberChoices
        members={members}
        anyAllowed={catalogue.business.team_member_choice === 'both'}
        onChoose={(teamMemberId) => send({ type: 'booking.teamMemberChosen', teamMemberId })}
      />
    </>
  )
}

function ServiceStep({ catalogue }: { catalogue: Catalogue }) {
  const teamMemberId = useSelector(wizardActor, (s) => s.context.teamMemberId)
  const member = catalogue.teamMembers.find((candidate) => candidate.id === teamMemberId)
  const services = catalogue.services.filter((service) =>
    service.team_member_ids.includes(teamMemberId ?? ''),
  )
  const { t, tn } = useTranslation()
  return (
    <>
      <BackLink
        to={buildWizardUrl({ step: 'start' }, pageBusiness())}
        label={t('back_start_again')}
      />
      <p>{tn('service_question', { member: <strong>{member?.name}</strong> })}</p>
      <ServiceChoices
        services={services}
        onChoose={(serviceId) => send({ type: 'booking.serviceChosen', serviceId })}
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
  const serviceId = useSelector(wizardActor, (s) => s.context.serviceId)
  const teamMemberId = useSelector(wizardActor, (s) => s.context.teamMemberId)
  const service = catalogue.services.find((candidate) => candidate.id === serviceId)
  const member = catalogue.teamMembers.find((candidate) => candidate.id === teamMemberId)
  const { business } = catalogue
  // "brand" adds logo_url to the public business; shown only when it is there.
  const logo = (business as { logo_url?: string | null }).logo_url
  const cutoff = business.cancellation_cutoff_minutes
  const { t, tp, intl } = useTranslation()
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
        {business.address ? <li>{business.address}</li> : null}
        <li>
          {cutoff > 0
            ? t('cancel_before', { notice: noticeInWords(cutoff, intl) })
            : t('cancel_anytime')}
        </li>
      </ul>
    </aside>
  )
}

function CalendarStep({ catalogue }: { catalogue: Catalogue }) {
  const month = useSelector(wizardActor, (s) => s.children.monthOfSlots)
  const serviceId = useSelector(wizardActor, (s) => s.context.serviceId)
  const teamMemberId = useSelector(wizardActor, (s) => s.context.teamMemberId)
  const teamMemberFirst = useSelector(wizardActor, (s) => s.context.teamMemberFirst)
  const back =
    catalogue.business.team_member_choice === 'any_available'
      ? { step: 'start' as const }
      : teamMemberFirst
        ? { step: 'teamServices' as const, teamMemberId: teamMemberId ?? '' }
        : { step: 'serviceTeam' as const, serviceId: serviceId ?? '' }
  const { t } = useTranslation()
  return (
    <>
      <BackLink to={buildWizardUrl(back, pageBusiness())} label={t('back')} />
      <div className="p-booking-time">
        <ChoiceSummary catalogue={catalogue} />
        {month ? (
          <Suspense fallback={<ListSkeleton rows={4} columns={2} label={t('calendar_loading')} />}>
            <MonthSlotPicker month={month} businessTimeZone={catalogue.business.time_zone} />
          </Suspense>
        ) : null}
      </div>
    </>
  )
}

function DetailsStep({ catalogue }: { catalogue: Catalogue }) {
  const slot = useSelector(wizardActor, (s) => s.context.slot)
  const timeZone = useSelector(wizardActor, (s) => s.context.timeZone)
  const customer = useSelector(wizardActor, (s) => s.context.customer)
  const fieldErrors = useSelector(wizardActor, (s) => s.context.fieldErrors)
  const answers = useSelector(wizardActor, (s) => s.context.answers)
  const answerErrors = useSelector(wizardActor, (s) => s.context.answerErrors)
  const busy = useSelector(wizardActor, (s) => s.hasTag('busy'))
  const failure = useSelector(wizardActor, (s) =>
    s.matches({ details: 'offline' })
      ? 'offline'
      : s.matches({ details: 'rateLimited' })
        ? 'rateLimited'
        : s.matches({ details: 'failed' })
          ? 'failed'
          : null,
  )
  const serviceId = useSelector(wizardActor, (s) => s.context.serviceId)
  const teamMemberId = useSelector(wizardActor, (s) => s.context.teamMemberId)
  const { t, intl } = useTranslation()

  return (
    <>
      <BackLink
        to={buildWizardUrl(
          {
            step: 'calendar',
            serviceId: serviceId ?? '',
            teamMemberId: teamMemberId ?? ANY_TEAM_MEMBER,
          },
          pageBusiness(),
        )}
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
        submitLabel={failure ? t('try_again') : t('book_now')}
        onChange={(values) => send({ type: 'booking.customerChanged', values })}
        onSubmit={() => send(failure ? { type: 'booking.retry' } : { type: 'booking.submitted' })}
      >
        <BookingQuestionsFields
          questions={questionsOf({ catalogue, serviceId })}
          answers={answers}
          errors={answerErrors}
          busy={busy}
          onChange={(questionId, value) =>
            send({ type: 'booking.answerChanged', questionId, value })
          }
        />
      </CustomerForm>
    </>
  )
}

function SubmitFailure({ failure }: { failure: 'offline' | 'rateLimited' | 'failed' }) {
  const error = useSelector(wizardActor, (s) => s.context.error)
  const retryAfter = useSelector(wizardActor, (s) => s.context.retryAfterSeconds)
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
