/*
 * Whether a customer may pick the team member, as the business's "team member choice"
 * setting says: `customer_picks` (a team member must be named), `any_available` (the business
 * assigns one; naming one is refused) or `both`. The booking pages follow the same rule; the
 * server enforces it so a hand-made request cannot get round it.
 */

export type TeamMemberChoice = 'customer_picks' | 'any_available' | 'both'

/**
 * Why this choice is not allowed, or null when it is. `teamMemberId` is the member named,
 * or null for "any available".
 */
export function teamMemberChoiceRefusal(
  setting: TeamMemberChoice,
  teamMemberId: string | null,
): string | null {
  if (setting === 'any_available' && teamMemberId !== null) {
    return 'must be left out: this business assigns the team member'
  }
  if (setting === 'customer_picks' && teamMemberId === null) {
    return 'is required: this business asks you to choose a team member'
  }
  return null
}
