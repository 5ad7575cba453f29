/**
 * Durations the settings store in minutes (notice, cut-offs, reminder lead time) are read and
 * typed by people in minutes, hours or days. These convert both ways without losing a minute.
 */
export type DurationUnit = 'minutes' | 'hours' | 'days'

export const MINUTES_PER: Record<DurationUnit, number> = {
  minutes: 1,
  hours: 60,
  days: 1440,
}

export const DURATION_UNITS: readonly DurationUnit[] = ['minutes', 'hours', 'days']

/** The largest unit that holds `minutes` exactly: 2880 → 2 days, 90 → 90 minutes, 0 → 0 hours. */
export function splitMinutes(minutes: number): { amount: number; unit: DurationUnit } {
  if (minutes === 0) return { amount: 0, unit: 'hours' }
  if (minutes % MINUTES_PER.days === 0) return { amount: minutes / MINUTES_PER.days, unit: 'days' }
  if (minutes % MINUTES_PER.hours === 0) {
    return { amount: minutes / MINUTES_PER.hours, unit: 'hours' }
  }
  return { amount: minutes, unit: 'minutes' }
}

export function toMinutes(amount: number, unit: DurationUnit): number {
  return Math.round(amount * MINUTES_PER[unit])
}

const UNIT_WORDS: Record<DurationUnit, [string, string]> = {
  minutes: ['minute', 'minutes'],
  hours: ['hour', 'hours'],
  days: ['day', 'days'],
}

/** 1 → "1 minute", 120 → "2 hours", 2880 → "2 days", 0 → "no time". */
export function formatMinutes(minutes: number): string {
  if (minutes === 0) return 'no time'
  const { amount, unit } = splitMinutes(minutes)
  const [one, many] = UNIT_WORDS[unit]
  return `${amount} ${amount === 1 ? one : many}`
}

/** "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest} min`
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}
