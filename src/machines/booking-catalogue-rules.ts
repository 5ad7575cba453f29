import { ANY_TEAM_MEMBER, type WizardRoute } from '../../shared/booking-links'
import type { BookingContext, Catalogue } from './booking-context'

/*
 * What the business's catalogue lets a visitor book (booking.machine.ts's guards, and the
 * wizard's not-found card): which service, which team member, which pair of the two.
 */

export function findService(context: BookingContext, serviceId: string | null) {
  return context.catalogue?.services.find((service) => service.id === serviceId)
}

/**
 * What a wizard link names that cannot be booked here (the machine is then in
 * `linkNotFound`): the team member when the link names only one; the service when the
 * business has no such one; the team member when it has no such one; else the service (not
 * with that team member, or not chosen that way here).
 */
export function missingFromLink(
  route: WizardRoute,
  catalogue: Catalogue | null,
): 'service' | 'team member' {
  if (!('serviceId' in route)) return 'team member'
  if (!catalogue?.services.some((service) => service.id === route.serviceId)) return 'service'
  const teamMemberId = 'teamMemberId' in route ? route.teamMemberId : ANY_TEAM_MEMBER
  const knownMember =
    teamMemberId === ANY_TEAM_MEMBER ||
    catalogue.teamMembers.some((member) => member.id === teamMemberId)
  return knownMember ? 'service' : 'team member'
}

/** Whether the business lets the visitor pick this team member (or "any") for this service. */
export function isBookablePair(context: BookingContext, serviceId: string, teamMemberId: string) {
  const choice = context.catalogue?.business.team_member_choice
  const service = findService(context, serviceId)
  if (!service) return false
  if (teamMemberId === ANY_TEAM_MEMBER) return choice !== 'customer_picks'
  return choice !== 'any_available' && service.team_member_ids.includes(teamMemberId)
}

export function routeServiceId(route: WizardRoute): string | null {
  return 'serviceId' in route ? route.serviceId : null
}
