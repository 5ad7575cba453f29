import type { Customer, CustomerInput, CustomerPatch } from '../api/customers'
import { MAX_TAGS } from '../domain/customer-tags'
import type { FieldErrors } from '../machines/entity-form.machine'
import { changedFields } from '../machines/entity-form.machine'

/** The customer form's values: every field a string or list a person edits, never null. */
export interface CustomerValues {
  name: string
  email: string
  phone: string
  notes: string
  tags: string[]
  /** '' = no zone of their own (the business's is used). */
  time_zone: string
  marketing_consent: boolean
}

export const EMPTY_CUSTOMER: CustomerValues = {
  name: '',
  email: '',
  phone: '',
  notes: '',
  tags: [],
  time_zone: '',
  marketing_consent: false,
}

// Mirrors the contract's pattern, so the form says it before the server does.
const PHONE_PATTERN = /^[+0-9 ()./-]{3,40}$/
// Deliberately loose: the server's format check is the judge; this only catches typos early.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function customerToValues(customer: Customer): CustomerValues {
  return {
    name: customer.name,
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    notes: customer.notes,
    tags: [...customer.tags],
    time_zone: customer.time_zone ?? '',
    marketing_consent: customer.marketing_consent,
  }
}

const orNull = (text: string): string | null => {
  const trimmed = text.trim()
  return trimmed === '' ? null : trimmed
}

/** The body of createCustomer: trimmed, and empty optional fields sent as null. */
export function valuesToInput(values: CustomerValues): CustomerInput {
  return {
    name: values.name.trim(),
    email: orNull(values.email),
    phone: orNull(values.phone),
    notes: values.notes.trim(),
    tags: values.tags,
    time_zone: orNull(values.time_zone),
    marketing_consent: values.marketing_consent,
  }
}

/** The body of updateCustomer: only what changed since the customer was loaded or saved. */
export function valuesToPatch(initial: CustomerValues, values: CustomerValues): CustomerPatch {
  return changedFields(valuesToInput(initial), valuesToInput(values))
}

/** Checks the browser can make before the server does; the server's answer still wins. */
export function validateCustomer(values: CustomerValues): FieldErrors {
  const errors: FieldErrors = {}
  if (values.name.trim() === '') errors.name = 'Enter the customer’s name.'
  else if (values.name.trim().length > 120) errors.name = 'Use at most 120 characters.'
  const email = values.email.trim()
  if (email !== '' && !EMAIL_SHAPE.test(email)) {
    errors.email = 'Enter an e-mail address such as name@example.com.'
  }
  const phone = values.phone.trim()
  if (phone !== '' && !PHONE_PATTERN.test(phone)) {
    errors.phone = 'Use digits, spaces and + ( ) . / - only (3 to 40 characters).'
  }
  if (values.tags.length > MAX_TAGS) errors.tags = `Use at most ${MAX_TAGS} tags.`
  return errors
}
