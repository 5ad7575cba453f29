import { describe, expect, it } from 'vitest'
import { createVerifiedTokenCache } from '../../../../server/auth/verified-token-cache.ts'
import type { Identity } from '../../../../server/domain/identity.ts'

const ann: Identity = {
  uid: 'ann',
  email: 'ann@example.com',
  emailVerified: true,
  name: 'Ann',
  authTime: 1,
}
const bob: Identity = { ...ann, uid: 'bob', email: 'bob@example.com', name: 'Bob' }

describe('verified token cache', () => {
  it('answers for a token until its expiry, and not from that instant on', () => {
    let clock = 1_000
    const cache = createVerifiedTokenCache({ now: () => clock })
    cache.set('token-a', ann, 5_000)
    expect(cache.get('token-a')).toEqual(ann)
    clock = 4_999
    expect(cache.get('token-a')).toEqual(ann)
    clock = 5_000
    expect(cache.get('token-a')).toBeUndefined()
    // Gone for good: an earlier clock does not bring it back.
    clock = 1_000
    expect(cache.get('token-a')).toBeUndefined()
  })

  it('knows nothing of a token it was not given', () => {
    const cache = createVerifiedTokenCache({ now: () => 0 })
    cache.set('token-a', ann, 10_000)
    expect(cache.get('token-b')).toBeUndefined()
  })

  it('lets the oldest token go when full', () => {
    const cache = createVerifiedTokenCache({ maxEntries: 2, now: () => 0 })
    cache.set('first', ann, 10_000)
    cache.set('second', bob, 10_000)
    cache.set('third', ann, 10_000)
    expect(cache.get('first')).toBeUndefined()
    expect(cache.get('second')).toEqual(bob)
    expect(cache.get('third')).toEqual(ann)
  })
})
