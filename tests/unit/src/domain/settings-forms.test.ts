import { describe, expect, it } from 'vitest'
import { currencyOptions } from '../../../../src/domain/business-region'
import {
  bookingPolicyBody,
  validateBookingPolicy,
} from '../../../../src/features/settings/booking-policy-form'
import {
  configurationToValues,
  localeOptions,
  slugFromName,
  validateBusinessConfiguration,
  valuesToConfiguration,
} from '../../../../src/features/settings/business-configuration-values'
import { validateNotifications } from '../../../../src/features/settings/notifications-form'

const policy = {
  min_notice_minutes: 120,
  booking_window_days: 60,
  slot_interval_minutes: 15 as const,
  cancellation_cutoff_minutes: 1440,
  reschedule_cutoff_minutes: 720,
  team_member_choice: 'both' as const,
}

describe('booking policy form', () => {
  it('accepts the contract’s range and sends the values as they are', () => {
    expect(validateBookingPolicy(policy)).toEqual({})
    expect(bookingPolicyBody(policy)).toEqual(policy)
  })

  it('names each empty or out-of-range field', () => {
    const errors = validateBookingPolicy({
      ...policy,
      min_notice_minutes: null,
      booking_window_days: 0,
      cancellation_cutoff_minutes: 43201,
      reschedule_cutoff_minutes: 1.5,
    })
    expect(Object.keys(errors).sort()).toEqual([
      'booking_window_days',
      'cancellation_cutoff_minutes',
      'min_notice_minutes',
      'reschedule_cutoff_minutes',
    ])
    expect(errors.booking_window_days).toMatch(/1 to 730/)
  })
})

describe('notifications form', () => {
  it('wants a reminder lead time from 15 minutes to 7 days', () => {
    const base = {
      confirmation_email: true,
      reminder_email: true,
      notify_customer_on_staff_change: true,
    }
    expect(validateNotifications({ ...base, reminder_lead_minutes: 15 })).toEqual({})
    expect(validateNotifications({ ...base, reminder_lead_minutes: 10080 })).toEqual({})
    expect(
      validateNotifications({ ...base, reminder_lead_minutes: 14 }).reminder_lead_minutes,
    ).toBe('Use 15 minutes to 7 days, in whole minutes.')
    expect(validateNotifications({ ...base, reminder_lead_minutes: null })).toHaveProperty(
      'reminder_lead_minutes',
    )
  })
})

describe('business configuration form', () => {
  const configuration = {
    name: 'Harbor Street Studio',
    slug: 'harbor-street',
    time_zone: 'Europe/Berlin',
    currency: 'EUR',
    locale: 'de-DE',
    address: 'Harbor Street 1',
    phone: '+49 30 1234',
    email: null,
  }

  it('edits null contact fields as empty text and sends empty text back as null', () => {
    const values = configurationToValues(configuration)
    expect(values.email).toBe('')
    expect(valuesToConfiguration({ ...values, name: ' Harbor ', email: ' ' })).toEqual({
      ...configuration,
      name: 'Harbor',
    })
    expect(validateBusinessConfiguration(values)).toEqual({})
  })

  it('checks slug, locale, currency and e-mail like the contract does', () => {
    const values = configurationToValues(configuration)
    const errors = validateBusinessConfiguration({
      ...values,
      slug: 'Harbor--Street',
      locale: 'german',
      currency: 'eur',
      email: 'hello@',
    })
    expect(Object.keys(errors).sort()).toEqual(['currency', 'email', 'locale', 'slug'])
    expect(validateBusinessConfiguration({ ...values, name: '  ', time_zone: '' })).toEqual({
      name: 'Enter the business name.',
      time_zone: 'Choose the time zone your business runs in.',
    })
  })

  it('suggests a slug from the name', () => {
    expect(slugFromName('Harbor Street Studio')).toBe('harbor-street-studio')
    expect(slugFromName('  Café Zoë & Co. ')).toBe('cafe-zoe-co')
    expect(slugFromName('x'.repeat(80))).toHaveLength(60)
  })

  it('keeps the current locale and currency selectable even when unusual', () => {
    expect(localeOptions('en-US')[0]).toBe('en-US')
    expect(localeOptions('gsw-CH')[0]).toBe('gsw-CH')
    expect(currencyOptions('EUR')).toContain('EUR')
    expect(currencyOptions('XYZ')[0]).toBe('XYZ')
  })
})
