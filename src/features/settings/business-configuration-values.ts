import type { FieldErrors } from '../../machines/entity-form.machine'
import type { BusinessConfiguration } from './setting-pages'

/** The form's values: optional contact fields are '' rather than null while edited. */
export interface BusinessConfigurationValues {
  name: string
  slug: string
  time_zone: string
  currency: string
  locale: string
  address: string
  phone: string
  email: string
}

export const EMPTY_BUSINESS_CONFIGURATION: BusinessConfigurationValues = {
  name: '',
  slug: '',
  time_zone: '',
  currency: '',
  locale: '',
  address: '',
  phone: '',
  email: '',
}

// The contract's patterns, said in the form before the server says them.
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
const CURRENCY = /^[A-Z]{3}$/
const LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function configurationToValues(
  configuration: BusinessConfiguration,
): BusinessConfigurationValues {
  return {
    ...configuration,
    email: configuration.email ?? '',
  }
}

export function valuesToConfiguration(values: BusinessConfigurationValues): BusinessConfiguration {
  const email = values.email.trim()
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    time_zone: values.time_zone,
    currency: values.currency,
    locale: values.locale.trim(),
    address: values.address.trim(),
    phone: values.phone.trim(),
    email: email === '' ? null : email,
  }
}

/**
 * A slug from a business name, for the "use my name" shortcut: "Harbor Street Studio" →
 * "harbor-street-studio"; accents dropped, anything else becomes a hyphen.
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
}

export function validateBusinessConfiguration(values: BusinessConfigurationValues): FieldErrors {
  const errors: FieldErrors = {}
  const name = values.name.trim()
  if (name === '') errors.name = 'Enter the business name.'
  else if (name.length > 120) errors.name = 'Use at most 120 characters.'

  const slug = values.slug.trim()
  if (slug === '') errors.slug = 'Enter a public address for your booking pages.'
  else if (slug.length < 2 || slug.length > 60) errors.slug = 'Use 2 to 60 characters.'
  else if (!SLUG.test(slug)) {
    errors.slug = 'Use lowercase letters and digits, with single hyphens between words.'
  }

  if (values.time_zone === '') errors.time_zone = 'Choose the time zone your business runs in.'
  if (!CURRENCY.test(values.currency)) errors.currency = 'Choose a currency.'
  if (!LOCALE.test(values.locale.trim()))
    errors.locale = 'Choose a language and region, e.g. en-US.'
  if (values.address.length > 500) errors.address = 'Use at most 500 characters.'
  if (values.phone.trim().length > 40) errors.phone = 'Use at most 40 characters.'

  const email = values.email.trim()
  if (email !== '' && !EMAIL_SHAPE.test(email)) {
    errors.email = 'Enter an e-mail address such as hello@example.com.'
  }
  return errors
}

/** Languages and regions offered for the business locale (any valid one typed is kept too). */
export const COMMON_LOCALES: readonly string[] = [
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-NZ',
  'en-ZA',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'es-ES',
  'es-MX',
  'it-IT',
  'nl-NL',
  'nl-BE',
  'pt-PT',
  'pt-BR',
  'da-DK',
  'sv-SE',
  'nb-NO',
  'fi-FI',
  'pl-PL',
  'cs-CZ',
  'hu-HU',
  'ro-RO',
  'el-GR',
  'tr-TR',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'zh-TW',
  'hi-IN',
  'ar-AE',
  'he-IL',
]

/** The offered locales, with the business's current one first when it is not among them. */
export function localeOptions(current: string): string[] {
  return current && !COMMON_LOCALES.includes(current)
    ? [current, ...COMMON_LOCALES]
    : [...COMMON_LOCALES]
}
