import type { FieldErrors } from '../../machines/entity-form.machine'

/**
 * Client-side checks for a form machine's `validate`: each entry is a field and either its
 * message or a falsy value when it is fine.
 * `collectErrors({ name: !values.name.trim() && 'Enter a name.' })`
 */
export function collectErrors(
  checks: Record<string, string | false | null | undefined>,
): FieldErrors {
  const errors: FieldErrors = {}
  for (const [field, message] of Object.entries(checks)) {
    if (message) errors[field] = message
  }
  return errors
}

export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === ''
}
