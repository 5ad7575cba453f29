import type { components } from '../../shared/contract/schema.d.ts'
import { toE164 } from './phone-numbers.ts'

export type ImportRowInput = components['schemas']['CustomerImportRow']
export type ImportField = components['schemas']['CustomerImportField']

export interface RowError {
  field: ImportField
  message: string
}

/** A row read into a customer's values, or the reasons it cannot be. */
export type ReadRow =
  | { row: number; ok: true; values: ImportedCustomer }
  | { row: number; ok: false; errors: RowError[]; name: string | null; email: string | null }

export interface ImportedCustomer {
  name: string
  email: string | null
  /** E.164. */
  phone: string | null
  notes: string
  tags: string[]
  /** Undefined when the file says nothing about consent (no column, or an empty cell). */
  marketingConsent: boolean | undefined
}

// A customer's own limits (CustomerFields in the contract): an imported customer must be one
// the customer form can save again unchanged.
const NAME_MAX = 120
const EMAIL_MAX = 254
const NOTES_MAX = 5000
const TAG_MAX = 40
const TAGS_MAX = 20

// ajv-formats' "email" (fast mode), the contract's format for a customer's e-mail: an address
// accepted here is one the customer form accepts later.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i

const CONSENT_YES = new Set([
  'yes',
  'y',
  'true',
  '1',
  'x',
  'subscribed',
  'opted in',
  'opt-in',
  'opted-in',
  'accepted',
  'on',
])
const CONSENT_NO = new Set([
  'no',
  'n',
  'false',
  '0',
  'unsubscribed',
  'opted out',
  'opt-out',
  'opted-out',
  'declined',
  'off',
  'never subscribed',
  'not subscribed',
])

/**
 * Reads one row of a file into a customer's values: the name from `name` or first and last
 * names, the e-mail checked, the phone in E.164 (numbers without a country code read in
 * `region`), tags split on commas or semicolons, consent from the usual yes/no spellings.
 * Every problem of the row is named, not just the first.
 */
export function readImportRow(input: ImportRowInput, region: string | null): ReadRow {
  const errors: RowError[] = []
  const name = (
    input.name?.trim() ||
    [input.first_name, input.last_name]
      .map((part) => part?.trim() ?? '')
      .filter(Boolean)
      .join(' ')
  ).replace(/\s+/g, ' ')
  if (name === '') errors.push({ field: 'name', message: 'is missing' })
  else if (name.length > NAME_MAX)
    errors.push({ field: 'name', message: `is longer than ${NAME_MAX} characters` })

  const email = input.email?.trim() || null
  if (email !== null && (email.length > EMAIL_MAX || !EMAIL.test(email)))
    errors.push({ field: 'email', message: 'is not a valid e-mail address' })

  let phone: string | null = null
  const writtenPhone = input.phone?.trim()
  if (writtenPhone) {
    const reading = toE164(writtenPhone, region)
    if (reading.ok) phone = reading.e164
    else errors.push({ field: 'phone', message: `“${writtenPhone}” ${reading.message}` })
  }

  const notes = input.notes?.trim() ?? ''
  if (notes.length > NOTES_MAX)
    errors.push({ field: 'notes', message: `are longer than ${NOTES_MAX} characters` })

  const tags = [
    ...new Set(
      (input.tags ?? '')
        .split(/[,;]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ]
  if (tags.some((tag) => tag.length > TAG_MAX))
    errors.push({ field: 'tags', message: `hold a tag longer than ${TAG_MAX} characters` })
  else if (tags.length > TAGS_MAX)
    errors.push({ field: 'tags', message: `are more than ${TAGS_MAX}` })

  const consent = readConsent(input.marketing_consent)
  if (consent === 'unknown')
    errors.push({ field: 'marketing_consent', message: 'must be yes or no' })

  if (errors.length > 0) return { row: input.row, ok: false, errors, name: name || null, email }
  return {
    row: input.row,
    ok: true,
    values: {
      name,
      email,
      phone,
      notes,
      tags,
      marketingConsent: consent === 'unknown' ? undefined : consent,
    },
  }
}

function readConsent(cell: string | undefined): boolean | undefined | 'unknown' {
  const text = cell?.trim().toLowerCase().replace(/\s+/g, ' ')
  if (!text) return undefined
  if (CONSENT_YES.has(text)) return true
  if (CONSENT_NO.has(text)) return false
  return 'unknown'
}
