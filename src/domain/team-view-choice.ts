/**
 * Who the team day view shows and in what order, as the user chose it in the Team filter
 * (remembered per browser). Members the choice does not know yet (new to the team) are shown,
 * after the ordered ones, so nobody disappears from the calendar unnoticed.
 */
export interface TeamViewChoice {
  /** Member ids in the chosen order. */
  order: string[]
  /** Member ids left out of the view. */
  hidden: string[]
}

export const NO_TEAM_VIEW_CHOICE: TeamViewChoice = { order: [], hidden: [] }

/** The members in the chosen order (unknown ones after, in their own order). */
export function orderedMembers<T extends { id: string }>(
  members: readonly T[],
  choice: TeamViewChoice,
): T[] {
  const rank = (id: string) => {
    const index = choice.order.indexOf(id)
    return index === -1 ? choice.order.length : index
  }
  return members
    .map((member, position) => ({ member, position }))
    .sort((a, b) => rank(a.member.id) - rank(b.member.id) || a.position - b.position)
    .map(({ member }) => member)
}

/** The members shown, in order; everyone when the choice would hide them all. */
export function shownMembers<T extends { id: string }>(
  members: readonly T[],
  choice: TeamViewChoice,
): T[] {
  const ordered = orderedMembers(members, choice)
  const shown = ordered.filter((member) => !choice.hidden.includes(member.id))
  return shown.length > 0 ? shown : ordered
}

/** The choice with one member moved up (-1) or down (+1) among `members`. */
export function moveInOrder(
  members: readonly { id: string }[],
  choice: TeamViewChoice,
  id: string,
  direction: -1 | 1,
): TeamViewChoice {
  const order = orderedMembers(members, choice).map((member) => member.id)
  const from = order.indexOf(id)
  const to = from + direction
  if (from === -1 || to < 0 || to >= order.length) return choice
  order.splice(from, 1)
  order.splice(to, 0, id)
  return { ...choice, order }
}

/** The choice with one member shown or hidden. */
export function withShown(choice: TeamViewChoice, id: string, shown: boolean): TeamViewChoice {
  const hidden = choice.hidden.filter((other) => other !== id)
  return { ...choice, hidden: shown ? hidden : [...hidden, id] }
}

/** A stored choice, or none when it is missing or not the right shape (hand-edited, stale). */
export function parseTeamViewChoice(raw: unknown): TeamViewChoice {
  if (typeof raw !== 'object' || raw === null) return NO_TEAM_VIEW_CHOICE
  const { order, hidden } = raw as Record<string, unknown>
  const ids = (value: unknown) =>
    Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  return { order: ids(order), hidden: ids(hidden) }
}
