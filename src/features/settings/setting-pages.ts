import type { components } from '../../../shared/contract/schema'
import { LANGUAGE_NAMES } from '../../../shared/i18n/language-choice'
import type { Capability } from '../../../shared/permissions.ts'
import { formatMinutes } from '../../domain/duration-minutes'

export type Settings = components['schemas']['Settings']
export type BookingPolicy = components['schemas']['BookingPolicy']
export type NotificationSettings = components['schemas']['NotificationSettings']
export type AppearanceSettings = components['schemas']['AppearanceSettings']
export type Logo = components['schemas']['Logo']
export type LanguageSettings = components['schemas']['LanguageSettings']
export type BusinessConfiguration = components['schemas']['BusinessConfiguration']
export type EmbedSettings = components['schemas']['EmbedSettings']
export type PrivacySettings = components['schemas']['PrivacySettings']

/** The settings with a page at /settings/{settingId}. */
export type SettingId =
  | 'booking-policy'
  | 'notifications'
  | 'appearance'
  | 'embed'
  | 'language'
  | 'privacy'

export const SETTING_IDS: readonly SettingId[] = [
  'booking-policy',
  'notifications',
  'appearance',
  'embed',
  'language',
  'privacy',
]

export function isSettingId(value: string): value is SettingId {
  return (SETTING_IDS as readonly string[]).includes(value)
}

export interface SettingCard {
  key: 'business-configuration' | SettingId | 'billing' | 'payments'
  title: string
  description: string
  href: string
  /** Who sees the card at all. */
  capability: Capability
}

/** The settings overview, in the order an owner sets a business up. */
export const SETTING_CARDS: readonly SettingCard[] = [
  {
    key: 'business-configuration',
    title: 'Business configuration',
    description: 'Name, public address, time zone, currency, locale and contact details.',
    href: '/settings/business-configuration/edit',
    capability: 'business.write',
  },
  {
    key: 'booking-policy',
    title: 'Booking policy',
    description: 'How soon and how far ahead customers may book, cancel and reschedule.',
    href: '/settings/booking-policy',
    capability: 'settings.write',
  },
  {
    key: 'notifications',
    title: 'Notifications',
    description: 'Confirmation and reminder e-mails to your customers.',
    href: '/settings/notifications',
    capability: 'settings.write',
  },
  {
    key: 'appearance',
    title: 'Appearance',
    description: 'Brand colour and default theme of your booking pages.',
    href: '/settings/appearance',
    capability: 'settings.write',
  },
  {
    key: 'embed',
    title: 'Booking page on your website',
    description: 'The snippet that shows your booking page on your own website, and where.',
    href: '/settings/embed',
    capability: 'settings.write',
  },
  {
    key: 'language',
    title: 'Language',
    description: 'The language of your booking pages and customer e-mails.',
    href: '/settings/language',
    capability: 'settings.write',
  },
  {
    key: 'privacy',
    title: 'Privacy notice',
    description: 'What your booking pages tell customers about the data you keep.',
    href: '/settings/privacy',
    capability: 'settings.write',
  },
  {
    key: 'billing',
    title: 'Billing',
    description: 'Your plan, invoices and payment method.',
    href: '/settings/billing',
    capability: 'billing.manage',
  },
  {
    key: 'payments',
    title: 'Payments',
    description: 'Your Stripe account, on which customers pay and leave deposits when they book.',
    href: '/settings/payments',
    capability: 'payments.manage',
  },
]

export const TEAM_MEMBER_CHOICE_LABELS: Record<BookingPolicy['team_member_choice'], string> = {
  customer_picks: 'Customers pick a team member',
  any_available: 'Customers get any available team member',
  both: 'Customers may pick one or take any available',
}

/** One line for the overview card: what the policy means for a customer. */
export function describeBookingPolicy(policy: BookingPolicy): string {
  const notice =
    policy.min_notice_minutes === 0
      ? 'up to the last minute'
      : `from ${formatMinutes(policy.min_notice_minutes)} before`
  return `Bookable ${notice}, up to ${policy.booking_window_days} ${
    policy.booking_window_days === 1 ? 'day' : 'days'
  } ahead, in ${policy.slot_interval_minutes}-minute slots.`
}

export function describeNotifications(settings: NotificationSettings): string {
  const confirmation = settings.confirmation_email ? 'on' : 'off'
  const reminder = settings.reminder_email
    ? `sent ${formatMinutes(settings.reminder_lead_minutes)} before`
    : 'off'
  return `Confirmation e-mails ${confirmation}; reminders ${reminder}.`
}

const THEME_LABELS: Record<AppearanceSettings['default_theme'], string> = {
  light: 'light',
  dark: 'dark',
  system: 'the visitor’s system',
}

export function describeAppearance(settings: AppearanceSettings): string {
  return `Brand colour ${settings.brand_color.toUpperCase()}; theme follows ${
    THEME_LABELS[settings.default_theme]
  }.`
}

export function describeLanguage(settings: LanguageSettings): string {
  const name = LANGUAGE_NAMES[settings.default_language]
  return settings.follow_visitor_language
    ? `${name}, or the visitor's language when available.`
    : `Always ${name}.`
}

export function describeBusiness(configuration: BusinessConfiguration): string {
  return `${configuration.name} · ${configuration.time_zone} · ${configuration.currency}`
}

/** A change the owner should confirm before saving the business configuration. */
export interface ConfigurationImpact {
  field: 'currency' | 'time_zone'
  title: string
  message: string
}

/**
 * What a change of currency or time zone affects, said before it is saved: neither converts
 * anything already stored, and both change what every screen shows.
 */
export function configurationImpacts(
  before: Pick<BusinessConfiguration, 'currency' | 'time_zone'>,
  after: Pick<BusinessConfiguration, 'currency' | 'time_zone'>,
): ConfigurationImpact[] {
  const impacts: ConfigurationImpact[] = []
  if (before.currency !== after.currency) {
    impacts.push({
      field: 'currency',
      title: `Currency: ${before.currency} → ${after.currency}`,
      message: `Prices will be shown in ${after.currency}. Existing amounts are not converted: a price of 25.00 ${before.currency} becomes 25.00 ${after.currency}.`,
    })
  }
  if (before.time_zone !== after.time_zone) {
    impacts.push({
      field: 'time_zone',
      title: `Time zone: ${before.time_zone} → ${after.time_zone}`,
      message: `Working hours and the calendar will be read in ${after.time_zone}. Booked appointments keep their moment in time, so they may show at a different hour.`,
    })
  }
  return impacts
}
