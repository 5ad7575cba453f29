import { describe, expect, it } from 'vitest'
import { can } from '../../../../shared/permissions.ts'
import { navItemsFor } from '../../../../src/components/nav-items'
import { formatMinutes, splitMinutes, toMinutes } from '../../../../src/domain/duration-minutes'
import {
  configurationImpacts,
  describeAppearance,
  describeBookingPolicy,
  describeLanguage,
  describeNotifications,
  isSettingId,
  SETTING_CARDS,
} from '../../../../src/features/settings/setting-pages'

describe('minutes as people read them', () => {
  it('picks the largest unit that holds the value exactly', () => {
    expect(splitMinutes(2880)).toEqual({ amount: 2, unit: 'days' })
    expect(splitMinutes(120)).toEqual({ amount: 2, unit: 'hours' })
    expect(splitMinutes(90)).toEqual({ amount: 90, unit: 'minutes' })
    expect(splitMinutes(1500)).toEqual({ amount: 25, unit: 'hours' })
    expect(splitMinutes(0)).toEqual({ amount: 0, unit: 'hours' })
  })

  it('converts back without losing a minute', () => {
    for (const minutes of [0, 15, 45, 60, 90, 1440, 1500, 43200]) {
      const { amount, unit } = splitMinutes(minutes)
      expect(toMinutes(amount, unit)).toBe(minutes)
    }
    expect(toMinutes(1.5, 'hours')).toBe(90)
  })

  it('says durations in words', () => {
    expect(formatMinutes(1)).toBe('1 minute')
    expect(formatMinutes(60)).toBe('1 hour')
    expect(formatMinutes(1440 * 3)).toBe('3 days')
    expect(formatMinutes(0)).toBe('no time')
  })
})

describe('the settings overview', () => {
  it('knows the four single-setting pages and nothing else', () => {
    expect(isSettingId('booking-policy')).toBe(true)
    expect(isSettingId('notifications')).toBe(true)
    expect(isSettingId('appearance')).toBe(true)
    expect(isSettingId('embed')).toBe(true)
    expect(isSettingId('billing')).toBe(false)
    expect(isSettingId('payroll')).toBe(false)
  })

  it('shows billing and payments to owners only and nothing to staff', () => {
    const visible = (permission: 'owner' | 'admin' | 'staff') =>
      SETTING_CARDS.filter((card) => can(permission, card.capability)).map((card) => card.key)
    expect(visible('owner')).toEqual([
      'business-configuration',
      'booking-policy',
      'notifications',
      'appearance',
      'embed',
      'language',
      'privacy',
      'billing',
      'payments',
    ])
    expect(visible('admin')).not.toContain('billing')
    expect(visible('admin')).not.toContain('payments')
    expect(visible('admin')).toHaveLength(7)
    expect(visible('staff')).toEqual([])
  })

  it('summarises each setting in one line', () => {
    expect(
      describeBookingPolicy({
        min_notice_minutes: 120,
        booking_window_days: 60,
        slot_interval_minutes: 15,
        cancellation_cutoff_minutes: 1440,
        reschedule_cutoff_minutes: 1440,
        team_member_choice: 'both',
      }),
    ).toBe('Bookable from 2 hours before, up to 60 days ahead, in 15-minute slots.')
    expect(
      describeNotifications({
        confirmation_email: true,
        reminder_email: true,
        reminder_lead_minutes: 1440,
      }),
    ).toBe('Confirmation e-mails on; reminders sent 1 day before.')
    expect(
      describeNotifications({
        confirmation_email: false,
        reminder_email: false,
        reminder_lead_minutes: 60,
      }),
    ).toBe('Confirmation e-mails off; reminders off.')
    expect(describeAppearance({ brand_color: '#4f46e5', default_theme: 'dark' })).toBe(
      'Brand colour #4F46E5; theme follows dark.',
    )
  })
})

describe('configurationImpacts', () => {
  const before = { currency: 'USD', time_zone: 'America/New_York' }

  it('asks nothing when neither currency nor time zone changes', () => {
    expect(configurationImpacts(before, { ...before })).toEqual([])
  })

  it('says a new currency does not convert existing amounts', () => {
    const [impact, ...rest] = configurationImpacts(before, { ...before, currency: 'EUR' })
    expect(rest).toEqual([])
    expect(impact?.field).toBe('currency')
    expect(impact?.message).toMatch(/shown in EUR/)
    expect(impact?.message).toMatch(/not converted/)
  })

  it('says working hours and the calendar are read in a new zone', () => {
    const impacts = configurationImpacts(before, { currency: 'EUR', time_zone: 'Europe/Berlin' })
    expect(impacts.map((impact) => impact.field)).toEqual(['currency', 'time_zone'])
    expect(impacts[1]?.message).toMatch(
      /Working hours and the calendar will be read in Europe\/Berlin/,
    )
  })
})

describe('the sidebar per role', () => {
  const labels = (permission: 'owner' | 'admin' | 'staff' | null) =>
    navItemsFor(permission).map((item) => item.label)

  it('hides insights, settings, billing, payments and the activity log from staff', () => {
    expect(labels('staff')).toEqual(['Dashboard', 'Calendar', 'Services', 'Customers', 'Team'])
  })

  it('shows admins everything but billing, and owners everything', () => {
    expect(labels('admin')).toEqual([
      'Dashboard',
      'Calendar',
      'Services',
      'Customers',
      'Team',
      'Insights',
      'Payments',
      'Settings',
      'Activity Log',
    ])
    expect(labels('owner')).toContain('Billing')
    expect(labels('owner')).toHaveLength(10)
  })

  it('offers no gated item before the profile says who is signed in', () => {
    expect(labels(null)).toEqual(labels('staff'))
  })
})

describe('the language card', () => {
  it('names the default language in its own language and whether visitors get theirs', () => {
    expect(describeLanguage({ default_language: 'de', follow_visitor_language: true })).toBe(
      "Deutsch, or the visitor's language when available.",
    )
    expect(describeLanguage({ default_language: 'fr', follow_visitor_language: false })).toBe(
      'Always Français.',
    )
  })
})
