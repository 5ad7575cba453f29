import type { ActivityChange } from './activity-changes.ts'
import { describeChanges, type FieldWording } from './change-summary.ts'

/** The business's own details, as the API names them. */
export type BusinessConfiguration = {
  name: string
  slug: string
  time_zone: string
  currency: string
  locale: string
  address: string
  phone: string
  email: string | null
}

export const businessConfigurationFields = [
  'name',
  'slug',
  'time_zone',
  'currency',
  'locale',
  'address',
  'phone',
  'email',
] as const satisfies readonly (keyof BusinessConfiguration)[]

export interface FieldProblem {
  path: string
  message: string
}

const currencies: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'))

/** Whether `code` is an ISO 4217 currency this server can format. */
export function isCurrencyCode(code: string): boolean {
  return currencies.has(code)
}

const CURRENCY_PROBLEM = 'must be an ISO 4217 currency code, e.g. EUR'

/** A sign-up's business: the contract checked the zone; the currency must be a real one. */
export function businessSetupProblems(input: { currency: string }): FieldProblem[] {
  return isCurrencyCode(input.currency)
    ? []
    : [{ path: 'body.currency', message: CURRENCY_PROBLEM }]
}

/**
 * What the contract's patterns cannot check: an ISO 4217 currency, a locale Intl can format
 * for, and a name that is more than blanks. (The time zone is the contract's `time-zone`.)
 */
export function businessConfigurationProblems(input: BusinessConfiguration): FieldProblem[] {
  const problems: FieldProblem[] = []
  if (input.name.trim() === '') problems.push({ path: 'body.name', message: 'must not be blank' })
  problems.push(...businessSetupProblems(input))
  if (Intl.DateTimeFormat.supportedLocalesOf([input.locale]).length === 0) {
    problems.push({ path: 'body.locale', message: 'must be a supported locale, e.g. en-US' })
  }
  return problems
}

const wording: Record<string, FieldWording> = {
  name: { label: 'name' },
  slug: { label: 'public slug' },
  time_zone: { label: 'time zone' },
  currency: { label: 'currency' },
  locale: { label: 'locale' },
  address: { label: 'address' },
  phone: { label: 'phone' },
  email: { label: 'e-mail' },
}

/** "Changed the business details: time zone UTC → Europe/Berlin, currency USD → EUR". */
export function businessChangeSummary(changes: readonly ActivityChange[]): string {
  return `Changed the business details: ${describeChanges(changes, wording)}`
}
