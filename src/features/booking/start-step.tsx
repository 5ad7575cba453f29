import type { ReactNode } from 'react'
import { useRouter } from 'wouter'
import { ANY_TEAM_MEMBER, buildWizardUrl, type WizardRoute } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { formatPrice } from '../../components/appointments/appointment-format'
import { groupByCategory } from '../../domain/service-groups'
import { stepAfterService } from '../../domain/team-choice'
import type { Catalogue, PublicService } from '../../machines/booking-context'
import { BusinessContact, hasContact } from './business-contact'
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
  headingLevel,
}: {
  services: PublicService[]
  /** The step choosing a service leads to, for the page before its scripts run. */
  nextStep: (serviceId: string) => WizardRoute
  onChoose: (serviceId: string) => void
  /** The level of the categories' headings, one below the heading the list sits under. */
  headingLevel: 2 | 3
}) {
  const { t } = useTranslation()
  if (services.length === 0) {
    return (
      <div className="p-empty-state">
        <h3 className="p-empty-state__title">{t('services_empty_title')}</h3>
        <p className="p-empty-state__text">{t('services_empty_text')}</p>
      </div>
    )
  }
  const groups = groupByCategory(services)
  const list = (group: PublicService[]) => (
    <ul className="p-choice-list">
      {group.map((service) => (
        <li key={service.id}>
          <ServiceChoice service={service} nextStep={nextStep} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  )
  // A business that never named a category gets its one list, without a heading.
  if (groups.length === 1 && groups[0]?.category === '') return list(services)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="p-service-groups">
      {groups.map((group) => (
        <section key={group.category} className="p-stack">
          <Heading className="p-service-groups__title">
            {group.category || t('services_other')}
          </Heading>
          {list(group.services)}
        </section>
      ))}
    </div>
  )
}

function ServiceChoice({
  service,
  nextStep,
  onChoose,
}: {
  service: PublicService
  nextStep: (serviceId: string) => WizardRoute
  onChoose: (serviceId: string) => void
}) {
  const { tp, intl } = useTranslation()
  return (
    <ChoiceButton
      to={nextStep(service.id)}
      onChoose={() => onChoose(service.id)}
      describedBy={`service-${service.id}-meta`}
    >
      <span className="p-choice__title">{service.name}</span>
      <span className="p-choice__meta" id={`service-${service.id}-meta`}>
        {tp('duration_minutes', service.duration_minutes)} ·{' '}
        {formatPrice({ amount_minor: service.price_minor, currency: service.currency }, intl)}
        {service.payment ? (
          <>
            {' · '}
            <PaidAtBookingLabel payment={service.payment} />
          </>
        ) : null}
        {service.description ? ` · ${service.description}` : ''}
      </span>
    </ChoiceButton>
  )
}

/** "Deposit $10.00 at booking", "Paid at booking": what booking it will charge, up front. */
function PaidAtBookingLabel({ payment }: { payment: NonNullable<PublicService['payment']> }) {
  const { t, intl } = useTranslation()
  const label =
    payment.kind === 'prepayment'
      ? t('pay_at_booking_full')
      : payment.kind === 'deposit'
        ? t('pay_at_booking_deposit', {
            amount: formatPrice(
              { amount_minor: payment.amount_minor, currency: payment.currency },
              intl,
            ),
          })
        : t('pay_at_booking_card')
  return <strong className="p-choice__charge">{label}</strong>
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
          nextStep={(serviceId) => stepAfterService(catalogue, serviceId)}
          onChoose={onServiceChosen}
          headingLevel={3}
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
      {hasContact(business) ? (
        <section className="p-stack" aria-labelledby="business-contact">
          <h2 id="business-contact" className="p-section-title">
            {t('contact_label', { business: business.name })}
          </h2>
          <BusinessContact business={business} />
        </section>
      ) : null}
    </>
  )
}
