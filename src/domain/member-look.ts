/**
 * How a team member is told apart on the calendar: a colour and their initials.
 */

/**
 * Colours by position in the team until members carry their own; mid-tone, so white initials
 * read on each (contrast ≥ 4.5 : 1) in both palettes.
 */
const PALETTE = ['#1d4ed8', '#b91c1c', '#047857', '#7e22ce', '#b45309', '#0e7490', '#be185d']

/** A member's colour: their own when they have one, else the palette's by their position. */
export function memberColor(member: { color?: string | null }, position: number): string {
  return member.color ?? PALETTE[position % PALETTE.length] ?? '#1d4ed8'
}

/** "Priya Natarajan" → "PN"; one name → its first two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length === 1) return (words[0] ?? '').slice(0, 2).toUpperCase()
  return `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}`.toUpperCase()
}
