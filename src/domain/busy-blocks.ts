import { toWallClock } from './appointment-time'

/**
 * A time a member is busy in a calendar of their own (issue 25): nobody can book them then.
 * `title` only reaches the member themselves and owners/admins; anyone else sees "Busy".
 */
export interface BusyBlock {
  team_member_id: string
  starts_at: string
  ends_at: string
  title: string | null
}

/** What the block says on itself: its title where the caller may see it, else "Busy". */
export function busyBlockTitle(block: Pick<BusyBlock, 'title'>): string {
  return block.title?.trim() || 'Busy'
}

/**
 * One sentence naming a busy block, for screen readers, tooltips and the notice a click on it
 * gives: "Busy 10:00–11:00 in Alex Kim’s own calendar: Dentist".
 */
export function busyBlockLabel(block: BusyBlock, memberName: string, timeZone: string): string {
  const start = toWallClock(block.starts_at, timeZone)
  const end = toWallClock(block.ends_at, timeZone)
  // A block over midnight (or a whole day) names its days; within one day the times suffice.
  const when =
    start.slice(0, 10) === end.slice(0, 10)
      ? `${start.slice(11)}–${end.slice(11)}`
      : `${start.replace('T', ' ')} – ${end.replace('T', ' ')}`
  const title = block.title?.trim()
  return `Busy ${when} in ${memberName}’s own calendar${title ? `: ${title}` : ''}`
}
