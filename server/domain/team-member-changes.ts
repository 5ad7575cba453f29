import type { ActivityChange } from './activity-changes.ts'
import { type FieldWording, listLabels } from './change-summary.ts'

/** Team-member fields as the API names them: what the activity log compares and records. */
export const teamMemberFields = [
  'name',
  'email',
  'permission',
  'slug',
  'bio',
  'time_zone',
  'bookable',
  'service_ids',
  'working_hours',
  'color',
] as const

const wording: Record<string, FieldWording> = {
  email: { label: 'e-mail' },
  slug: { label: 'public slug' },
  time_zone: { label: 'time zone' },
  bookable: { label: 'bookable flag' },
  service_ids: { label: 'services' },
  working_hours: { label: 'working hours' },
  color: { label: 'calendar colour' },
}

const article: Record<string, string> = { owner: 'an owner', admin: 'an admin', staff: 'staff' }

/**
 * "Changed the working hours of Ana Ruiz", "Made Ana Ruiz an admin", "Renamed Ana to Ana
 * Ruiz". `name` is the team member's name after the change.
 */
export function teamMemberUpdateSummary(name: string, changes: readonly ActivityChange[]): string {
  const [only] = changes
  if (changes.length === 1 && only?.field === 'permission') {
    return `Made ${name} ${article[String(only.after)] ?? String(only.after)}`
  }
  const rename = changes.find((change) => change.field === 'name')
  if (rename && changes.length === 1) return `Renamed ${rename.before} to ${name}`
  const others = changes.filter((change) => change.field !== 'name').map((change) => change.field)
  const fields = listLabels(rename ? ['name', ...others] : others, wording)
  const was = rename ? ` (was ${rename.before})` : ''
  return `Changed the ${fields} of ${name}${was}`
}
