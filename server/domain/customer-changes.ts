import type { ActivityChange } from './activity-changes.ts'
import { type FieldWording, listLabels } from './change-summary.ts'

/** Customer fields as the API names them, in the order forms show them. */
export const customerFields = [
  'name',
  'email',
  'phone',
  'notes',
  'tags',
  'time_zone',
  'marketing_consent',
] as const

const wording: Record<string, FieldWording> = {
  email: { label: 'e-mail' },
  time_zone: { label: 'time zone' },
  marketing_consent: { label: 'marketing consent' },
}

/** "Changed e-mail and phone of Jane Doe"; a rename names both. */
export function customerUpdateSummary(name: string, changes: readonly ActivityChange[]): string {
  const rename = changes.find((change) => change.field === 'name')
  const others = changes.filter((change) => change.field !== 'name').map((change) => change.field)
  if (rename && others.length === 0) return `Renamed the customer ${rename.before} to ${name}`
  const fields = listLabels(rename ? ['name', ...others] : others, wording)
  return `Changed ${fields} of the customer ${name}`
}

/** The creation's "changes": every field given a value, from nothing. */
export function filledFields(after: Record<string, unknown>): ActivityChange[] {
  return customerFields
    .filter((field) => !isEmpty(after[field]))
    .map((field) => ({ field, before: null, after: after[field] }))
}

/** The deletion's "changes": every field that had a value, to nothing. */
export function clearedFields(before: Record<string, unknown>): ActivityChange[] {
  return customerFields
    .filter((field) => !isEmpty(before[field]))
    .map((field) => ({ field, before: before[field], after: null }))
}

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  )
}
