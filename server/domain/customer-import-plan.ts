import type { components } from '../../shared/contract/schema.d.ts'
import type { ImportedCustomer, ImportField, ReadRow } from './customer-import-rows.ts'
import { toE164 } from './phone-numbers.ts'

export type DuplicateChoice = components['schemas']['CustomerImportInput']['on_duplicate']
export type ImportRowResult = components['schemas']['CustomerImportRowResult']
export type ImportCounts = components['schemas']['CustomerImportReport']['counts']

/** A customer the business has, as far as matching and merging need it. */
export interface ExistingCustomer {
  id: string
  name: string
  email: string | null
  /** As stored: customers typed in by hand may have any format. */
  phone: string | null
  notes: string
  tags: string[]
  marketingConsent: boolean
}

export type CustomerFieldValues = Omit<ImportedCustomer, 'marketingConsent'> & {
  marketingConsent: boolean
}

export interface ImportPlan {
  results: ImportRowResult[]
  counts: ImportCounts
  /** New customers, in the file's order. */
  creates: CustomerFieldValues[]
  /** Existing customers whose fields change, with all their fields as they will be. */
  updates: (CustomerFieldValues & { id: string })[]
}

type Target =
  | { kind: 'existing'; id: string; name: string; values: CustomerFieldValues }
  | { kind: 'new'; row: number; values: CustomerFieldValues }

/**
 * What importing the rows does, decided without touching the database: each valid row becomes
 * a new customer, or matches one (an existing customer or an earlier row's) by e-mail, any
 * letter case, first, then by phone in E.164, and is skipped or merged into it as `choice`
 * says. E-mail wins because it is unique in a business; a phone can be shared (a family).
 * Existing phones are read in the same region as the file's, so "(555) 010-4477" typed in
 * by hand matches "+15550104477" in the file.
 */
export function planImport(
  rows: readonly ReadRow[],
  existing: readonly ExistingCustomer[],
  choice: DuplicateChoice,
  region: string | null,
): ImportPlan {
  const byEmail = new Map<string, Target>()
  const byPhone = new Map<string, Target>()
  const remember = (target: Target) => {
    const { email, phone } = target.values
    if (email && !byEmail.has(email.toLowerCase())) byEmail.set(email.toLowerCase(), target)
    if (phone && !byPhone.has(phone)) byPhone.set(phone, target)
  }
  for (const customer of existing) {
    const target: Target = {
      kind: 'existing',
      id: customer.id,
      name: customer.name,
      values: { ...customer, tags: [...customer.tags] },
    }
    const email = customer.email?.toLowerCase()
    if (email && !byEmail.has(email)) byEmail.set(email, target)
    const reading = customer.phone ? toE164(customer.phone, region) : null
    if (reading?.ok && !byPhone.has(reading.e164)) byPhone.set(reading.e164, target)
  }

  const results: ImportRowResult[] = []
  const counts: ImportCounts = { created: 0, merged: 0, skipped: 0, errors: 0 }
  const newTargets: Extract<Target, { kind: 'new' }>[] = []
  const existingTouched = new Set<Extract<Target, { kind: 'existing' }>>()

  for (const read of rows) {
    if (!read.ok) {
      counts.errors++
      results.push({
        row: read.row,
        outcome: 'error',
        name: read.name,
        email: read.email,
        phone: null,
        errors: read.errors,
      })
      continue
    }
    const row = read.values
    const emailMatch = row.email ? byEmail.get(row.email.toLowerCase()) : undefined
    const phoneMatch = row.phone ? byPhone.get(row.phone) : undefined
    const target = emailMatch ?? phoneMatch
    const summary = { row: read.row, name: row.name, email: row.email, phone: row.phone }
    if (!target) {
      const created: Target = {
        kind: 'new',
        row: read.row,
        values: { ...row, marketingConsent: row.marketingConsent ?? false },
      }
      newTargets.push(created)
      remember(created)
      counts.created++
      results.push({ ...summary, outcome: 'create', errors: [] })
      continue
    }
    const matched = {
      by: emailMatch ? ('email' as const) : ('phone' as const),
      customer_id: target.kind === 'existing' ? target.id : null,
      customer_name: target.kind === 'existing' ? target.name : target.values.name,
      row: target.kind === 'new' ? target.row : null,
    }
    if (choice === 'skip') {
      counts.skipped++
      results.push({ ...summary, outcome: 'skip', matched, errors: [] })
      continue
    }
    const changedFields = mergeInto(target.values, row, choice)
    if (target.kind === 'existing' && changedFields.length > 0) existingTouched.add(target)
    remember(target)
    counts.merged++
    results.push({
      ...summary,
      outcome: 'merge',
      matched,
      changed_fields: changedFields,
      errors: [],
    })
  }

  return {
    results,
    counts,
    creates: newTargets.map((target) => target.values),
    updates: [...existingTouched].map((target) => ({ id: target.id, ...target.values })),
  }
}

/**
 * Merges a row into a customer's values (changing them) and names the fields that changed.
 * `fill` only fills what is empty; `update` takes every non-empty value of the row. Tags are
 * added either way, never removed. Consent is a person's recorded choice, so only `update`
 * changes it, and only when the file says yes or no.
 */
function mergeInto(
  values: CustomerFieldValues,
  row: ImportedCustomer,
  choice: Exclude<DuplicateChoice, 'skip'>,
): ImportField[] {
  const changed: ImportField[] = []
  const replace = choice === 'update'
  if (replace && row.name !== values.name) {
    values.name = row.name
    changed.push('name')
  }
  if (row.email && (values.email === null || (replace && !sameEmail(row.email, values.email)))) {
    values.email = row.email
    changed.push('email')
  }
  if (row.phone && (values.phone === null || (replace && row.phone !== values.phone))) {
    values.phone = row.phone
    changed.push('phone')
  }
  if (row.notes && (values.notes === '' || (replace && row.notes !== values.notes))) {
    values.notes = row.notes
    changed.push('notes')
  }
  const added = row.tags.filter((tag) => !values.tags.includes(tag))
  if (added.length > 0) {
    values.tags = [...values.tags, ...added]
    changed.push('tags')
  }
  if (
    replace &&
    row.marketingConsent !== undefined &&
    row.marketingConsent !== values.marketingConsent
  ) {
    values.marketingConsent = row.marketingConsent
    changed.push('marketing_consent')
  }
  return changed
}

function sameEmail(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}
