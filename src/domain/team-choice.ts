import { ANY_TEAM_MEMBER, type WizardRoute } from '../../shared/booking-links'

interface TeamChoiceCatalogue {
  business: { team_member_choice: 'customer_picks' | 'any_available' | 'both' }
  services: { id: string; team_member_ids: string[] }[]
}

/**
 * Who takes a service when the customer has no one to choose: "any available" where the
 * business assigns whoever is free, the one person who performs it where only one does; null
 * when the customer chooses (the team step is shown).
 */
export function teamMemberWithoutChoice(
  catalogue: TeamChoiceCatalogue | null,
  serviceId: string | null,
): string | null {
  if (!catalogue) return null
  if (catalogue.business.team_member_choice === 'any_available') return ANY_TEAM_MEMBER
  const performers = catalogue.services.find((service) => service.id === serviceId)?.team_member_ids
  return performers?.length === 1 ? (performers[0] ?? null) : null
}

/** Where choosing a service first leads: the team step, or straight to the times without one. */
export function stepAfterService(catalogue: TeamChoiceCatalogue, serviceId: string): WizardRoute {
  const teamMemberId = teamMemberWithoutChoice(catalogue, serviceId)
  return teamMemberId === null
    ? { step: 'serviceTeam', serviceId }
    : { step: 'calendar', serviceId, teamMemberId }
}
