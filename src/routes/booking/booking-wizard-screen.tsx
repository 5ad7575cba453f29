import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { Link } from 'wouter'
import { buildWizardUrl } from '../../../shared/booking-links'
import { formatPrice } from '../../components/appointments/appointment-format'
import { ListSkeleton } from '../../components/form/list-skeleton'
import {
  ANY_TEAM_MEMBER,
  type Catalogue,
  missingFromLink,
  type PublicService,
  questionsOf,
} from '../../machines/booking.machine'
import { BookingConfirmation } from './booking-confirmation'
import { BookingNotFound } from './booking-not-found'
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
function stepOf(snapshot: WizardSnapshot): ProgressStep | 'loading' | 'failed' | 'notFound' {
  if (snapshot.matches('loadingCatalogue') || snapshot.matches('routing')) return 'loading'
  if (snapshot.matches('catalogueFailed')) return 'failed'
  if (snapshot.matches('linkNotFound')) return 'notFound'
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

  if (step === 'loading')
    return <ListSkeleton rows={4} columns={2} label="Loading the booking page…" />
  if (step === 'failed') return <CatalogueFailed />
  if (step === 'notFound') return <LinkNotFound />

  return (
    <div className="p-booking-wizard">
      {step !== 'done' ? (
        <BookingProgress steps={progressSteps(teamMemberFirst, choosesTeamMember)} current={step} />
      ) : null}
      {notice ? (
        <div className="p-alert p-booking-notice" role="alert">
          {notice}
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

/** A link to a service or team member that cannot be booked here. */
function LinkNotFound() {
  const what = useSelector(wizardActor, (s) =>
    missingFromLink(s.context.route, s.context.catalogue),
  )
  return <BookingNotFound what={what} />
}

function CatalogueFailed() {
  const error = useSelector(wizardActor, (s) => s.context.error)
  return (
    <RetryAlert
      title="The booking page did not load"
      message={error}
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
  if (services.length === 0) {
    return (
      <div className="p-empty-state">
        <h3 className="p-empty-state__title">Nothing to book online yet</h3>
        <p className="p-empty-state__text">Please contact the business directly.</p>
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
              {service.duration_minutes} min ·{' '}
              {formatPrice({ amount_minor: service.price_minor, currency: service.currency })}
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
  return (
    <ul className="p-choice-list">
      {anyAllowed ? (
        <li>
          <button type="button" className="p-choice" onClick={() => onChoose(ANY_TEAM_MEMBER)}>
            <span className="p-choice__title">Any available</span>
            <span className="p-choice__meta">The most times to choose from</span>
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
  return (
    <>
      <p className="p-muted">
        Book with {business.name}. {byTeamMember ? 'Start with a service or a person.' : ''}
      </p>
      <section className="p-stack" aria-labelledby="choose-service">
        <h2 id="choose-service" className="p-section-title">
          Choose a service
        </h2>
        <ServiceChoices
          services={services}
          onChoose={(serviceId) => send({ type: 'booking.serviceChosen', serviceId })}
        />
      </section>
      {byTeamMember ? (
        <section className="p-stack" aria-labelledby="choose-team-member">
          <h2 id="choose-team-member" className="p-section-title">
            Or choose who you would like to see
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
  return (
    <>
      <BackLink to={buildWizardUrl({ step: 'start' }, pageBusiness())} label="Services" />
      <p>
        <strong>{service?.name}</strong> — who would you like to see?
      </p>
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
  return (
    <>
      <BackLink to={buildWizardUrl({ step: 'start' }, pageBusiness())} label="Start again" />
      <p>
        What would you like to book with <strong>{member?.name}</strong>?
      </p>
      <ServiceChoices
        services={services}
        onChoose={(serviceId) => send({ type: 'booking.serviceChosen', serviceId })}
      />
    </>
  )
}

/** The summary panel's words, in one place for the translation catalogue. */
const SUMMARY_TEXT = {
  label: 'Your booking',
  duration: (minutes: number) => `${minutes} min`,
  with: (name: string) => `with ${name}`,
  anyone: 'with any available team member',
  cancelAnytime: 'Free cancellation up to the start.',
  cancelBefore: (notice: string) => `Free cancellation up to ${notice} before the start.`,
}

/** "24 hours", "2 days", "30 minutes" for a cut-off, through Intl's unit formatting. */
function noticeInWords(minutes: number): string {
  const [value, unit] =
    minutes % 1440 === 0 && minutes >= 2880
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute']
  return new Intl.NumberFormat(undefined, { style: 'unit', unit, unitDisplay: 'long' }).format(
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
  return (
    <aside className="p-booking-choice" aria-label={SUMMARY_TEXT.label}>
      <div className="p-booking-choice__business">
        {logo ? <img src={logo} alt="" className="p-booking-choice__logo" /> : null}
        <span>{business.name}</span>
      </div>
      <p className="p-booking-choice__service">{service?.name}</p>
      <ul className="p-booking-choice__facts">
        {service ? <li>{SUMMARY_TEXT.duration(service.duration_minutes)}</li> : null}
        {service ? (
          <li>{formatPrice({ amount_minor: service.price_minor, currency: service.currency })}</li>
        ) : null}
        <li>{member ? SUMMARY_TEXT.with(member.name) : SUMMARY_TEXT.anyone}</li>
        {business.address ? <li>{business.address}</li> : null}
        <li>
          {cutoff > 0
            ? SUMMARY_TEXT.cancelBefore(noticeInWords(cutoff))
            : SUMMARY_TEXT.cancelAnytime}
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
  return (
    <>
      <BackLink to={buildWizardUrl(back, pageBusiness())} label="Back" />
      <div className="p-booking-time">
        <ChoiceSummary catalogue={catalogue} />
        {month ? (
          <Suspense fallback={<ListSkeleton rows={4} columns={2} label="Loading the calendar…" />}>
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
        label="Other times"
      />
      <ChoiceSummary catalogue={catalogue} />
      {slot ? (
        <p className="p-booking-when">
          <strong>{formatDayAndTime(slot.starts_at, timeZone)}</strong>{' '}
          <span className="p-muted">({describeTimeZone(timeZone)})</span>
        </p>
      ) : null}
      {failure ? <SubmitFailure failure={failure} /> : null}
      <CustomerForm
        values={customer}
        errors={fieldErrors}
        busy={busy}
        submitLabel={failure ? 'Try again' : 'Book now'}
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
  const text =
    failure === 'offline'
      ? 'We could not reach the booking service — check your connection. Your details are kept; trying again will not book twice.'
      : failure === 'rateLimited'
        ? `Too many booking attempts. Please wait ${retryAfter ? `${retryAfter} seconds` : 'a moment'} and try again.`
        : error
  return (
    <div className="p-alert" role="alert">
      <span className="p-alert__title">
        {failure === 'offline' ? 'You seem to be offline' : 'Not booked yet'}
      </span>
      <p>{text}</p>
    </div>
  )
}
