import type { ActivityChange } from './activity-changes.ts'
import { type FieldWording, listLabels } from './change-summary.ts'

/** Service fields as the API names them: what the activity log compares and records. */
export const serviceFields = [
  'name',
  'description',
  'duration_minutes',
  'price_minor',
  'currency',
  'buffer_before_minutes',
  'buffer_after_minutes',
  'color',
  'category',
  'active',
  'capacity',
  'payment_rule',
  'team_member_ids',
  'booking_questions',
] as const

const wording: Record<string, FieldWording> = {
  duration_minutes: { label: 'duration' },
  price_minor: { label: 'price' },
  buffer_before_minutes: { label: 'buffer before' },
  buffer_after_minutes: { label: 'buffer after' },
  color: { label: 'colour' },
  team_member_ids: { label: 'team members' },
  booking_questions: { label: 'booking questions' },
  payment_rule: { label: 'payment rule' },
}

/**
 * "Changed the price of the service Haircut", "Deactivated the service Haircut", "Renamed
 * the service Cut to Haircut". `name` is the service's name after the change.
 */
export function serviceUpdateSummary(name: string, changes: readonly ActivityChange[]): string {
  const [only] = changes
  if (changes.length === 1 && only?.field === 'active') {
    return `${only.after ? 'Activated' : 'Deactivated'} the service ${name}`
  }
  const rename = changes.find((change) => change.field === 'name')
  if (rename && changes.length === 1) return `Renamed the service ${rename.before} to ${name}`
  const others = changes.filter((change) => change.field !== 'name').map((change) => change.field)
  const fields = listLabels(rename ? ['name', ...others] : others, wording)
  const was = rename ? ` (was ${rename.before})` : ''
  return `Changed the ${fields} of the service ${name}${was}`
}
