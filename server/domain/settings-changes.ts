import type { ActivityChange } from './activity-changes.ts'
import { describeChanges, type FieldWording, formatMinutes } from './change-summary.ts'

/** The settings sections, as the API names their fields. */
export type SettingsSection =
  | 'booking_policy'
  | 'notifications'
  | 'appearance'
  | 'embed'
  | 'language'
  | 'payments'
  | 'privacy'

export const bookingPolicyFields = [
  'min_notice_minutes',
  'booking_window_days',
  'slot_interval_minutes',
  'cancellation_cutoff_minutes',
  'reschedule_cutoff_minutes',
  'team_member_choice',
] as const

export const notificationFields = [
  'confirmation_email',
  'reminder_email',
  'reminder_lead_minutes',
  'notify_customer_on_staff_change',
] as const

export const appearanceFields = ['brand_color', 'default_theme'] as const

export const embedFields = ['embed_origins', 'embed_any_origin'] as const

const origins = (value: unknown) =>
  Array.isArray(value) ? (value.length > 0 ? value.join(', ') : 'none') : String(value)
export const languageFields = ['default_language', 'follow_visitor_language'] as const
export const paymentSettingsFields = ['payment_hold_minutes'] as const
export const privacySettingsFields = ['privacy_notice'] as const

/** A notice is long: the summary says its size, the change keeps the texts. */
const notice = (value: unknown) =>
  typeof value === 'string' ? `${value.length} characters` : 'the default'

const teamMemberChoices: Record<string, string> = {
  customer_picks: 'customer picks',
  any_available: 'any available',
  both: 'customer picks or any available',
}

const days = (value: unknown) =>
  typeof value === 'number' ? `${value} ${value === 1 ? 'day' : 'days'}` : String(value)

const wording: Record<string, FieldWording> = {
  min_notice_minutes: { label: 'minimum notice', format: formatMinutes },
  booking_window_days: { label: 'booking window', format: days },
  slot_interval_minutes: { label: 'slot interval', format: formatMinutes },
  cancellation_cutoff_minutes: { label: 'cancellation cut-off', format: formatMinutes },
  reschedule_cutoff_minutes: { label: 'reschedule cut-off', format: formatMinutes },
  team_member_choice: {
    label: 'team member choice',
    format: (value) => teamMemberChoices[String(value)] ?? String(value),
  },
  confirmation_email: { label: 'confirmation e-mail' },
  reminder_email: { label: 'reminder e-mail' },
  reminder_lead_minutes: { label: 'reminder lead time', format: formatMinutes },
  notify_customer_on_staff_change: { label: 'e-mail to the customer when staff move a booking' },
  brand_color: { label: 'brand colour' },
  logo: { label: 'logo' },
  default_theme: { label: 'default theme' },
  embed_origins: { label: 'websites that may embed the booking page', format: origins },
  embed_any_origin: { label: 'any website may embed the booking page' },
  default_language: { label: 'default language' },
  follow_visitor_language: { label: "visitor's language" },
  payment_hold_minutes: { label: 'time held while paying', format: formatMinutes },
  privacy_notice: { label: 'privacy notice', format: notice },
}

const sectionNames: Record<SettingsSection, string> = {
  booking_policy: 'the booking policy',
  notifications: 'the notification settings',
  appearance: 'the appearance',
  embed: 'the embed settings',
  language: 'the language settings',
  payments: 'the payment settings',
  privacy: 'the privacy notice',
}

/** "Changed the booking policy: minimum notice 2 h → 4 h". */
export function settingsChangeSummary(
  section: SettingsSection,
  changes: readonly ActivityChange[],
): string {
  return `Changed ${sectionNames[section]}: ${describeChanges(changes, wording)}`
}
