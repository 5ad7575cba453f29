import { type FieldError, HttpProblem } from './problem.ts'

/**
 * Throws the same 400 problem+json the contract's schema validation gives, for the checks a
 * schema cannot express (a real time zone, a blank name), so forms handle both alike.
 */
export function assertValid(errors: readonly FieldError[]): void {
  const [first] = errors
  if (!first) return
  const detail =
    errors.length === 1
      ? `${first.path} ${first.message}.`
      : `${errors.length} values in the request are invalid.`
  throw new HttpProblem(400, detail, { errors: [...errors] })
}
