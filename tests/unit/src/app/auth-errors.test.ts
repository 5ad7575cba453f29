import { describe, expect, it } from 'vitest'
import {
  describeAuthError,
  describeAuthFailure,
  GENERIC_AUTH_ERROR,
} from '../../../../src/app/auth-errors'

// Every code the product must explain, with a word the sentence has to contain.
const cases: Array<[code: string, mustMention: RegExp]> = [
  ['auth/wrong-password', /password is incorrect/],
  ['auth/invalid-credential', /password is incorrect/],
  ['auth/user-not-found', /no account/],
  ['auth/email-already-in-use', /already exists/],
  ['auth/weak-password', /too weak/],
  ['auth/password-does-not-meet-requirements', /requirements/],
  ['auth/too-many-requests', /Too many attempts/],
  ['auth/network-request-failed', /internet connection/],
  ['auth/popup-blocked', /blocked/],
  ['auth/popup-closed-by-user', /closed/],
  ['auth/cancelled-popup-request', /already open/],
  ['auth/unauthorized-domain', /not enabled for this web address/],
  ['auth/user-mismatch', /not the one that is signed in/],
  ['auth/invalid-api-key', /not configured correctly/],
  ['auth/multi-factor-auth-required', /second sign-in step/],
  ['auth/missing-recaptcha-token', /bot check/],
  ['auth/operation-not-supported-in-this-environment', /does not support/],
  ['auth/web-storage-unsupported', /storage/],
  ['auth/user-disabled', /disabled/],
  ['auth/invalid-email', /valid e-mail/],
]

describe('describeAuthError', () => {
  for (const [code, mustMention] of cases) {
    it(`${code} becomes a plain sentence`, () => {
      const sentence = describeAuthError(code)
      expect(sentence).toMatch(mustMention)
      expect(sentence).toMatch(/^[A-Z].*\.$/)
      expect(sentence).not.toContain('auth/')
      expect(sentence).not.toBe(GENERIC_AUTH_ERROR)
    })
  }

  it('accepts codes without the auth/ prefix', () => {
    expect(describeAuthError('weak-password')).toBe(describeAuthError('auth/weak-password'))
  })

  it('falls back to a generic sentence, never the raw code', () => {
    expect(describeAuthError('auth/internal-error')).toBe(GENERIC_AUTH_ERROR)
    expect(describeAuthError('')).toBe(GENERIC_AUTH_ERROR)
    expect(GENERIC_AUTH_ERROR).not.toMatch(/auth\//)
  })
})

describe('describeAuthFailure', () => {
  it('reads the code of a thrown FirebaseError-like value', () => {
    const error = Object.assign(new Error('Firebase: Error (auth/user-disabled).'), {
      code: 'auth/user-disabled',
    })
    expect(describeAuthFailure(error)).toBe(describeAuthError('auth/user-disabled'))
  })

  it('treats anything else as the generic failure', () => {
    expect(describeAuthFailure(new Error('auth/user-disabled'))).toBe(GENERIC_AUTH_ERROR)
    expect(describeAuthFailure('nope')).toBe(GENERIC_AUTH_ERROR)
    expect(describeAuthFailure(null)).toBe(GENERIC_AUTH_ERROR)
  })
})
