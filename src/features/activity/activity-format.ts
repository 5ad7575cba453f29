import type { components } from '../../../shared/contract/schema'
import { STAFF_CLOCK } from '../../components/appointments/appointment-format'

export type ActivityEntry = components['schemas']['ActivityEntry']
export type ActivityEntityType = components['schemas']['ActivityEntityType']
export type ActivityActor = NonNullable<ActivityEntry['actor']>

export const ENTITY_TYPE_LABELS: Record<ActivityEntityType, string> = {
  service: 'Service',
  customer: 'Customer',
  team_member: 'Team member',
  time_off: 'Time off',
  settings: 'Settings',
  business: 'Business',
  subscription: 'Subscription',
  payment_account: 'Payment account',
  session: 'Sign-in',
  appointment: 'Appointment',
}

export const ENTITY_TYPES = Object.keys(ENTITY_TYPE_LABELS) as ActivityEntityType[]

export function isEntityType(value: string): value is ActivityEntityType {
  return value in ENTITY_TYPE_LABELS
}

const ACTION_LABELS: Record<ActivityEntry['action'], string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  signed_in: 'Signed in',
  exported: 'Exported',
  erased: 'Erased',
  imported: 'Imported',
}

export function actionLabel(action: ActivityEntry['action']): string {
  return ACTION_LABELS[action]
}

/** Who acted, as a person reads it; a null actor is the system itself (seed, jobs). */
export function actorLabel(actor: ActivityEntry['actor']): string {
  if (!actor) return 'System'
  return actor.name || actor.email || actor.uid
}

/**
 * The instant an entry happened, in the business's time zone: the log stores UTC, but an owner
 * reads "10:05" as their shop's clock, whatever zone the browser is in. The zone is named in the
 * text so a reader abroad is not misled.
 */
export function formatOccurredAt(iso: string, timeZone: string, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  try {
    return new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...STAFF_CLOCK,
      timeZoneName: 'short',
    }).format(date)
  } catch {
    // An unknown zone (a business saved before zone checks) must not blank the whole log.
    return date.toISOString()
  }
}

const FIELD_WORDS: Record<string, string> = {
  email: 'e-mail',
  url: 'URL',
  id: 'ID',
  ids: 'IDs',
}

/** `min_notice_minutes` → "Min notice minutes"; `logo_url` → "Logo URL". */
export function fieldLabel(field: string): string {
  const words = field
    .split(/[_.]/)
    .filter(Boolean)
    .map((word) => FIELD_WORDS[word.toLowerCase()] ?? word.toLowerCase())
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function isMoney(value: object): value is { amount_minor: number; currency: string } {
  return (
    'amount_minor' in value &&
    typeof value.amount_minor === 'number' &&
    'currency' in value &&
    typeof value.currency === 'string'
  )
}

/**
 * One side of a change as text. The log keeps raw JSON values; an empty side reads "(empty)"
 * rather than a blank cell, so "was nothing, is now X" cannot be mistaken for a rendering fault.
 */
export function formatChangeValue(value: unknown, locale?: string): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value)
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)'
    if (value.every((item) => typeof item !== 'object' || item === null)) {
      return value.map((item) => formatChangeValue(item, locale)).join(', ')
    }
    return JSON.stringify(value, null, 2)
  }
  if (typeof value === 'object' && isMoney(value)) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: value.currency }).format(
        value.amount_minor / 10 ** currencyDigits(value.currency, locale),
      )
    } catch {
      return `${value.amount_minor} ${value.currency} (minor units)`
    }
  }
  return JSON.stringify(value, null, 2)
}

function currencyDigits(currency: string, locale?: string): number {
  return (
    new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  )
}

/** A value worth showing on several lines (objects such as working hours), not inline. */
export function isBlockValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && formatChangeValue(value).includes('\n')
}
