import type { ActivityChange } from './activity-changes.ts'

/** How a field reads in an activity-log summary: its label, and how to show its values. */
export interface FieldWording {
  label: string
  format?: (value: unknown) => string
}

/** "e-mail", "e-mail and phone", "name, e-mail and phone": fields by their labels. */
export function listLabels(
  fields: readonly string[],
  wording: Readonly<Record<string, FieldWording>>,
): string {
  const labels = fields.map((field) => labelOf(field, wording))
  if (labels.length <= 1) return labels[0] ?? ''
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`
}

/** "minimum notice 2 h → 4 h, slot interval 15 min → 30 min". */
export function describeChanges(
  changes: readonly ActivityChange[],
  wording: Readonly<Record<string, FieldWording>>,
): string {
  return changes
    .map((change) => {
      const format = wording[change.field]?.format ?? formatValue
      const show = (value: unknown) => (isBlank(value) ? 'none' : format(value))
      return `${labelOf(change.field, wording)} ${show(change.before)} → ${show(change.after)}`
    })
    .join(', ')
}

/** 45 → "45 min", 120 → "2 h", 90 → "1 h 30 min", 2880 → "2 d". */
export function formatMinutes(value: unknown): string {
  if (typeof value !== 'number') return String(value)
  if (value === 0) return '0 min'
  if (value % 1440 === 0) return `${value / 1440} d`
  if (value % 60 === 0) return `${value / 60} h`
  if (value > 60) return `${Math.floor(value / 60)} h ${value % 60} min`
  return `${value} min`
}

function labelOf(field: string, wording: Readonly<Record<string, FieldWording>>): string {
  return wording[field]?.label ?? field.replaceAll('_', ' ')
}

function formatValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  if (Array.isArray(value)) return value.map(String).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === ''
}
