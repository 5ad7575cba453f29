import type { components } from '../../shared/contract/schema.d.ts'
import { phoneDigits } from './customer-search.ts'
import { isTimeZone } from './time-zones.ts'

type SubmittedDetail = components['schemas']['SubmittedDetail']
export type SubmittedField = components['schemas']['SubmittedDetailField']

/** What a visitor typed into the online booking form; null where they typed nothing. */
export interface TypedDetails {
  name: string | null
  phone: string | null
  timeZone: string | null
}

/** The customer record's values of the same fields. */
export interface RecordDetails {
  name: string
  phone: string | null
  timeZone: string | null
}

/**
 * Where what was typed differs from the record now, in the order forms show the fields: what
 * staff may accept into the record. Nothing typed is no difference (accepting it would only
 * erase), nor is the same phone number punctuated otherwise, nor a time zone this server
 * does not know (the record could not hold it).
 */
export function submittedDifferences(
  typed: TypedDetails,
  record: RecordDetails,
): SubmittedDetail[] {
  const differences: SubmittedDetail[] = []
  const name = typed.name?.trim()
  if (name && name !== record.name) {
    differences.push({ field: 'name', submitted: name, on_record: record.name })
  }
  const phone = typed.phone?.trim()
  if (phone && (record.phone === null || phoneDigits(phone) !== phoneDigits(record.phone))) {
    differences.push({ field: 'phone', submitted: phone, on_record: record.phone })
  }
  const timeZone = typed.timeZone
  if (timeZone && timeZone !== record.timeZone && isTimeZone(timeZone)) {
    differences.push({ field: 'time_zone', submitted: timeZone, on_record: record.timeZone })
  }
  return differences
}
