import { useSelector } from '@xstate/react'
import { useTranslation } from '../../app/i18n'
import type { Catalogue } from '../../machines/booking-context'
import { ServiceChoices, TeamMemberChoices } from './start-step'
import { useWizard } from './wizard-actor'
import { BackLink } from './wizard-back-link'

/** The wizard's second step: who performs the chosen service, or what the chosen person does. */
export function TeamMemberStep({ catalogue }: { catalogue: Catalogue }) {
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

export function ServiceStep({ catalogue }: { catalogue: Catalogue }) {
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
