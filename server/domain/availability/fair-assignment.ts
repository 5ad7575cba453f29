import type { AssignmentCandidate } from './types.ts'

/**
 * Fair assignment for "any available": the candidate with the fewest appointments that day;
 * a tie goes to the one assigned least recently (never assigned comes first), then to the
 * lower id so the choice is the same on every server. undefined when there is no candidate.
 */
export function chooseTeamMember(candidates: readonly AssignmentCandidate[]): string | undefined {
  let best: AssignmentCandidate | undefined
  for (const candidate of candidates) {
    if (!best || isFairer(candidate, best)) best = candidate
  }
  return best?.teamMemberId
}

function isFairer(a: AssignmentCandidate, b: AssignmentCandidate): boolean {
  if (a.appointmentsThatDay !== b.appointmentsThatDay) {
    return a.appointmentsThatDay < b.appointmentsThatDay
  }
  const aLast = a.lastAssignedAt ?? Number.NEGATIVE_INFINITY
  const bLast = b.lastAssignedAt ?? Number.NEGATIVE_INFINITY
  if (aLast !== bLast) return aLast < bLast
  return a.teamMemberId < b.teamMemberId
}
