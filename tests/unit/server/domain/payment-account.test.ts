import { describe, expect, it } from 'vitest'
import { connectedAccountStatus, missingItems } from '../../../../server/domain/payment-account.ts'
import { countryOf } from '../../../../server/services/payments/payment-account-service.ts'

describe('connectedAccountStatus', () => {
  it('is active whenever charges are on, pending before onboarding, restricted after it', () => {
    expect(connectedAccountStatus({ chargesEnabled: false, detailsSubmitted: false })).toBe(
      'pending',
    )
    expect(connectedAccountStatus({ chargesEnabled: false, detailsSubmitted: true })).toBe(
      'restricted',
    )
    expect(connectedAccountStatus({ chargesEnabled: true, detailsSubmitted: true })).toBe('active')
    // Stripe can enable charges before every detail is in: the account can take payments.
    expect(connectedAccountStatus({ chargesEnabled: true, detailsSubmitted: false })).toBe('active')
  })
})

describe('missingItems', () => {
  it('says each requirement in plain words, once, in Stripe’s order', () => {
    expect(
      missingItems([
        'external_account',
        'tos_acceptance.date',
        'individual.verification.document',
        'tos_acceptance.ip',
        'individual.dob.day',
        'individual.dob.month',
      ]),
    ).toEqual([
      { codes: ['external_account'], text: 'A bank account for payouts' },
      {
        codes: ['tos_acceptance.date', 'tos_acceptance.ip'],
        text: 'Accepting Stripe’s terms of service',
      },
      {
        codes: ['individual.verification.document'],
        text: 'An identity document (passport, ID card or licence)',
      },
      { codes: ['individual.dob.day', 'individual.dob.month'], text: 'Your date of birth' },
    ])
  })

  it('takes the most specific rule: a proof of address is not the identity document', () => {
    expect(missingItems(['individual.verification.additional_document'])[0]?.text).toBe(
      'A second identity document (proof of address)',
    )
    expect(missingItems(['individual.verification.document'])[0]?.text).toMatch(/^An identity/)
  })

  it('reads a representative’s requirement under its person id', () => {
    expect(missingItems(['person_1AbC.verification.document'])).toEqual([
      {
        codes: ['person_1AbC.verification.document'],
        text: 'Details of the person representing the business',
      },
    ])
  })

  it('never drops a requirement it has no words for', () => {
    expect(missingItems(['some_new_thing.sub_field', 'lonely_field'])).toEqual([
      { codes: ['some_new_thing.sub_field'], text: 'Some new thing: sub field' },
      { codes: ['lonely_field'], text: 'Lonely field' },
    ])
  })

  it('is empty when nothing is missing, and a repeated code is counted once', () => {
    expect(missingItems([])).toEqual([])
    expect(missingItems(['external_account', 'external_account'])).toEqual([
      { codes: ['external_account'], text: 'A bank account for payouts' },
    ])
  })
})

describe('countryOf', () => {
  it('opens the account in the business’s region, or the likeliest one for its language', () => {
    expect(countryOf('de-DE')).toBe('DE')
    expect(countryOf('en-GB')).toBe('GB')
    expect(countryOf('en')).toBe('US')
    expect(countryOf('fr')).toBe('FR')
    expect(countryOf('not a locale')).toBe('US')
  })
})
