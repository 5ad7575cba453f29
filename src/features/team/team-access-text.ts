import type { TeamMember } from './team-member-values'

export type TeamMemberAccess = TeamMember['access']

const STATUS_TEXT: Record<
  TeamMemberAccess['status'],
  { label: string; tone: string; since: string | null }
> = {
  active: { label: 'Has access', tone: 'p-badge--success', since: 'Has access since' },
  invited: {
    label: 'Invitation pending',
    tone: 'p-badge--warn',
    since: 'Invitation pending since',
  },
  invitation_withdrawn: {
    label: 'Invitation withdrawn',
    tone: '',
    since: 'Invitation withdrawn on',
  },
  removed: { label: 'Access removed', tone: 'p-badge--danger', since: 'Access removed on' },
  none: { label: 'No e-mail', tone: '', since: null },
}

/** The badge of an access status: its words and its colour class. */
export function accessBadge(access: TeamMemberAccess): { label: string; tone: string } {
  const { label, tone } = STATUS_TEXT[access.status]
  return { label, tone }
}

/**
 * "Has access since 4 May 2026", "Access removed on …": the date in the business's time zone,
 * because that is the calendar the team lives by. Null when there is no date to tell.
 */
export function accessSince(
  access: TeamMemberAccess,
  timeZone: string,
  locale?: string,
): string | null {
  const words = STATUS_TEXT[access.status].since
  if (!words || !access.since) return null
  const instant = new Date(access.since)
  if (Number.isNaN(instant.getTime())) return null
  let date: string
  try {
    date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(instant)
  } catch {
    // An unknown zone must not hide the date.
    date = instant.toISOString().slice(0, 10)
  }
  return `${words} ${date}`
}
