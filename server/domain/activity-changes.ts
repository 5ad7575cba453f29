/** One changed field of an activity-log entry. */
export interface ActivityChange {
  field: string
  before: unknown
  after: unknown
}

/**
 * The fields whose value differs between two versions of a record, as activity-log changes.
 * Values compare structurally (arrays and objects by content), so re-saving an unchanged
 * form records nothing.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
): ActivityChange[] {
  const changes: ActivityChange[] = []
  for (const field of fields) {
    const previous = before?.[field] ?? null
    const next = after?.[field] ?? null
    if (JSON.stringify(previous) !== JSON.stringify(next)) {
      changes.push({ field, before: previous, after: next })
    }
  }
  return changes
}
