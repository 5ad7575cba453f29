import { describe, expect, it } from 'vitest'
import { businessConfigurationProblems } from '../../../../server/domain/business-configuration.ts'
import {
  clearedFields,
  customerUpdateSummary,
  filledFields,
} from '../../../../server/domain/customer-changes.ts'
import { settingsChangeSummary } from '../../../../server/domain/settings-changes.ts'

describe('settingsChangeSummary', () => {
  it('reads like the issue asks: "minimum notice 2 h → 4 h"', () => {
    expect(
      settingsChangeSummary('booking_policy', [
        { field: 'min_notice_minutes', before: 120, after: 240 },
      ]),
    ).toBe('Changed the booking policy: minimum notice 2 h → 4 h')
  })

  it('words switches, days and choices', () => {
    expect(
      settingsChangeSummary('notifications', [
        { field: 'confirmation_email', before: true, after: false },
      ]),
    ).toBe('Changed the notification settings: confirmation e-mail on → off')
    expect(
      settingsChangeSummary('booking_policy', [
        { field: 'booking_window_days', before: 1, after: 90 },
        { field: 'team_member_choice', before: 'both', after: 'customer_picks' },
      ]),
    ).toBe(
      'Changed the booking policy: booking window 1 day → 90 days, ' +
        'team member choice customer picks or any available → customer picks',
    )
  })
})

describe('customer summaries', () => {
  it('names the changed fields, and both names on a rename', () => {
    const changes = [{ field: 'time_zone', before: null, after: 'UTC' }]
    expect(customerUpdateSummary('Ann', changes)).toBe('Changed time zone of the customer Ann')
    expect(customerUpdateSummary('Ann B', [{ field: 'name', before: 'Ann', after: 'Ann B' }])).toBe(
      'Renamed the customer Ann to Ann B',
    )
    expect(
      customerUpdateSummary('Ann B', [
        { field: 'name', before: 'Ann', after: 'Ann B' },
        { field: 'marketing_consent', before: false, after: true },
      ]),
    ).toBe('Changed name and marketing consent of the customer Ann B')
  })

  it('records only the fields that hold something when a customer is added or deleted', () => {
    const customer = { name: 'Ann', email: null, notes: '', tags: [], marketing_consent: true }
    expect(filledFields(customer)).toEqual([
      { field: 'name', before: null, after: 'Ann' },
      { field: 'marketing_consent', before: null, after: true },
    ])
    expect(clearedFields(customer)).toEqual([
      { field: 'name', before: 'Ann', after: null },
      { field: 'marketing_consent', before: true, after: null },
    ])
  })
})

describe('businessConfigurationProblems', () => {
  const valid = {
    name: 'Salon',
    slug: 'salon',
    time_zone: 'Europe/Berlin',
    currency: 'EUR',
    locale: 'de-DE',
    address: '',
    phone: '',
    email: null,
  }

  it('finds nothing wrong with a valid configuration', () => {
    expect(businessConfigurationProblems(valid)).toEqual([])
  })

  it('names every field the contract cannot check', () => {
    const problems = businessConfigurationProblems({
      ...valid,
      name: ' ',
      currency: 'XYZ',
      locale: 'qq-ZZ',
    })
    expect(problems.map((problem) => problem.path)).toEqual([
      'body.name',
      'body.currency',
      'body.locale',
    ])
  })
})
