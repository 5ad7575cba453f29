import { describe, expect, it } from 'vitest'
import { describeSignInFailure } from '../../../../../src/features/booking/customer-account-effects'
import {
  addressWithoutSignInCode,
  profileReturnPath,
  signInContinueUrl,
} from '../../../../../src/features/booking/customer-links'

describe('customer account links', () => {
  it('brings the sign-in link back to the account page of the same business', () => {
    expect(signInContinueUrl('https://book.example', 'harbor-street')).toBe(
      'https://book.example/booking/my-appointments?business=harbor-street',
    )
    expect(signInContinueUrl('https://book.example', null)).toBe(
      'https://book.example/booking/my-appointments',
    )
  })

  it('takes the one-time code out of the address and keeps the business', () => {
    expect(
      addressWithoutSignInCode(
        'https://book.example/booking/my-appointments?business=harbor-street&apiKey=k&oobCode=c&mode=signIn&lang=en',
      ),
    ).toBe('/booking/my-appointments?business=harbor-street')
    expect(
      addressWithoutSignInCode(
        'https://book.example/booking/my-appointments?oobCode=c&mode=signIn',
      ),
    ).toBe('/booking/my-appointments')
  })

  it('returns from the profile only to a booking page of this site', () => {
    const business = 'harbor-street'
    const home = '/booking/my-appointments?business=harbor-street'
    expect(profileReturnPath('?next=%2Fbooking%3Fbusiness%3Dharbor-street', business)).toBe(
      '/booking?business=harbor-street',
    )
    expect(profileReturnPath('', business)).toBe(home)
    expect(profileReturnPath('?next=https://evil.example/booking', business)).toBe(home)
    expect(profileReturnPath('?next=//evil.example/booking', business)).toBe(home)
    expect(profileReturnPath('?next=/bookingevil', business)).toBe(home)
  })
})

describe('describeSignInFailure', () => {
  it('words Firebase’s link failures for the customer, in the page’s catalogue', () => {
    expect(describeSignInFailure({ code: 'auth/invalid-action-code' })).toBe('account_link_expired')
    expect(describeSignInFailure({ code: 'auth/invalid-email' })).toBe('account_link_other_address')
    expect(describeSignInFailure({ code: 'auth/network-request-failed' })).toBe(
      'account_sign_in_offline',
    )
    expect(describeSignInFailure({ code: 'auth/something-new' })).toBe('account_sign_in_failed')
    // No code (a chunk that did not load): the machine's own wording applies.
    expect(describeSignInFailure(new TypeError('Failed to fetch'))).toBeNull()
  })
})
