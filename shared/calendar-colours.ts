/**
 * The palette of calendar colours (services and team members): each reads well as a block,
 * stripe or dot in both themes. A new team member takes the first colour nobody in the
 * business wears yet, so the calendar's columns stay apart for the first ten.
 */
export const CALENDAR_COLOURS = [
  '#4f46e5',
  '#0ea5e9',
  '#14b8a6',
  '#16a34a',
  '#ca8a04',
  '#ea580c',
  '#dc2626',
  '#db2777',
  '#9333ea',
  '#64748b',
] as const

/** The first palette colour not in `used` (any letter case); when all are, the least worn. */
export function nextUnusedColour(used: readonly string[]): string {
  const worn = new Map<string, number>(CALENDAR_COLOURS.map((colour) => [colour, 0]))
  for (const colour of used) {
    const key = colour.toLowerCase()
    const count = worn.get(key)
    if (count !== undefined) worn.set(key, count + 1)
  }
  let best: string = CALENDAR_COLOURS[0]
  for (const colour of CALENDAR_COLOURS) {
    if ((worn.get(colour) ?? 0) < (worn.get(best) ?? 0)) best = colour
  }
  return best
}
