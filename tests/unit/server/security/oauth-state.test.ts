import { describe, expect, it } from 'vitest'
import {
  createOAuthStates,
  OAUTH_STATE_LIFETIME_MS,
} from '../../../../server/security/oauth-state.ts'

const SECRET = 'a server secret of at least thirty-two characters'
const claims = { tenantId: 'tenant-1', teamMemberId: 'member-1', uid: 'user-1' }

describe('the state of an OAuth consent', () => {
  const states = createOAuthStates(SECRET, 'google-calendar')

  it('gives back what it was signed with until it expires, and nothing after', () => {
    const now = Date.parse('2026-11-30T10:00:00Z')
    const state = states.sign(claims, now)
    expect(states.verify(state, now + OAUTH_STATE_LIFETIME_MS - 1)).toEqual(claims)
    expect(states.verify(state, now + OAUTH_STATE_LIFETIME_MS)).toBeNull()
  })

  it('is unique each time', () => {
    expect(states.sign(claims)).not.toBe(states.sign(claims))
  })

  it('refuses one altered, signed under another secret or purpose, or not a state at all', () => {
    const state = states.sign(claims)
    const [body, signature] = state.split('.')
    const altered = Buffer.from(
      Buffer.from(body ?? '', 'base64url')
        .toString()
        .replace('member-1', 'member-2'),
    ).toString('base64url')
    expect(states.verify(`${altered}.${signature}`)).toBeNull()
    expect(createOAuthStates(`${SECRET}!`, 'google-calendar').verify(state)).toBeNull()
    expect(createOAuthStates(SECRET, 'another-provider').verify(state)).toBeNull()
    for (const junk of ['', '.', 'abc', `${state}.extra`, `${body}.`]) {
      expect(states.verify(junk)).toBeNull()
    }
  })
})
