import { useSelector } from '@xstate/react'
import { useTranslation } from '../../app/i18n'
import { ListSkeleton } from '../../components/form/list-skeleton'
import { teamMemberWithoutChoice } from '../../domain/team-choice'
import { missingFromLink } from '../../machines/booking-catalogue-rules'
import type { Catalogue } from '../../machines/booking-context'
import { BookingConfirmation } from './booking-confirmation'
import { BookingNotFound } from './booking-not-found'
import { BookingPayment } from './booking-payment'
import { BookingProgress, type ProgressStep, progressSteps } from './booking-progress'
import { RetryAlert } from './booking-status'
import { StartStep } from './start-step'
import { useWizard, useWizardUrlSync, type WizardActor } from './wizard-actor'
import { CalendarStep } from './wizard-calendar-step'
import { ServiceStep, TeamMemberStep } from './wizard-choice-steps'
import { DetailsStep } from './wizard-details-step'
import { registerWizardScreen } from './wizard-presence'

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

// From now on the start step is the wizard's own (see wizard-presence.ts).
registerWizardScreen(BookingWizardScreen)
