import type { ReactNode } from 'react'
import { useRouter } from 'wouter'
import { ANY_TEAM_MEMBER, buildWizardUrl, type WizardRoute } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { formatPrice } from '../../components/appointments/appointment-format'
import type { Catalogue, PublicService } from '../../machines/booking.machine'
import { usePageBusinessParam } from './page-business'

/**
 * A choice that works before the page's scripts have run (a tap while a phone still loads
 * them): a form that opens the next step's address, which the server renders. Once the page
 * runs, choosing sends the wizard its event instead, which shows the same step.
 */
function ChoiceButton({
  to,
  onChoose,
  describedBy,
  children,
}: {
  to: WizardRoute
  onChoose: () => void
  describedBy?: string
  children: ReactNode
}) {
  const business = usePageBusinessParam()
  const { base } = useRouter()
  return (
    <form
      method="get"
      action={`${base}${buildWizardUrl(to, null)}`}
      onSubmit={(event) => {
        event.preventDefault()
        onChoose()
      }}
    >
      {business ? <input type="hidden" name="business" value={business} /> : null}
      <button type="submit" className="p-choice" aria-describedby={describedBy}>
        {children}
      </button>
    </form>
  )
}

export function ServiceChoices({
  services,
  nextStep,
  onChoose,
}: {
  services: PublicService[]
  /** The step choosing a service leads to, for the page before its scripts run. */
  nextStep: (serviceId: string) => WizardRoute
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
          <ChoiceButton
            to={nextStep(service.id)}
            onChoose={() => onChoose(service.id)}
            describedBy={`service-${service.id}-meta`}
          >
            <span className="p-choice__title">{service.name}</span>
            <span className="p-choice__meta" id={`service-${service.id}-meta`}>
              {tp('duration_minutes', service.duration_minutes)} ·{' '}
              {formatPrice({ amount_minor: service.price_minor, currency: service.currency }, intl)}
              {service.description ? ` · ${service.description}` : ''}
            </span>
          </ChoiceButton>
        </li>
      ))}
    </ul>
  )
}

export function TeamMemberChoices({
  members,
  anyAllowed,
  nextStep,
  onChoose,
}: {
  members: Catalogue['teamMembers']
  anyAllowed: boolean
  /** The step choosing a team member leads to, for the page before its scripts run. */
  nextStep: (teamMemberId: string) => WizardRoute
  onChoose: (teamMemberId: string) => void
}) {
  const { t } = useTranslation()
  return (
    <ul className="p-choice-list">
      {anyAllowed ? (
        <li>
          <ChoiceButton to={nextStep(ANY_TEAM_MEMBER)} onChoose={() => onChoose(ANY_TEAM_MEMBER)}>
            <span className="p-choice__title">{t('any_available')}</span>
            <span className="p-choice__meta">{t('any_available_hint')}</span>
          </ChoiceButton>
        </li>
      ) : null}
      {members.map((member) => (
        <li key={member.id}>
          <ChoiceButton to={nextStep(member.id)} onChoose={() => onChoose(member.id)}>
            <span className="p-choice__title">{member.name}</span>
            {member.bio ? <span className="p-choice__meta">{member.bio}</span> : null}
          </ChoiceButton>
        </li>
      ))}
    </ul>
  )
}

/**
 * The wizard's first step: the business's services, and its team for a visitor who starts
 * from a person. Rendered by the wizard once it runs, and before that by the start screen
 * (booking-start-screen.tsx), which needs no machine: the same markup either way.
 */
export function StartStep({
  catalogue,
  onServiceChosen,
  onTeamMemberChosen,
}: {
  catalogue: Catalogue
  onServiceChosen: (serviceId: string) => void
  onTeamMemberChosen: (teamMemberId: string) => void
}) {
  const { t } = useTranslation()
  const { business, services, teamMembers } = catalogue
  const byTeamMember = business.team_member_choice !== 'any_available' && teamMembers.length > 0
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
          nextStep={(serviceId) => ({ step: 'serviceTeam', serviceId })}
          onChoose={onServiceChosen}
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
            nextStep={(teamMemberId) => ({ step: 'teamServices', teamMemberId })}
            onChoose={onTeamMemberChosen}
          />
        </section>
      ) : null}
    </>
  )
}
