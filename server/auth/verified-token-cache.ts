import type { Identity } from '../domain/identity.ts'

/** Most tokens verified in the last minutes that a process keeps. */
const MAX_CACHED_TOKENS = 2_000

/**
 * Tokens already verified, until they expire. A token is immutable and its verification (a
 * signature, issuer, audience and expiry; revocation is not checked) gives the same answer
 * every time until `exp`, so a client calling repeatedly with one token (an hour's worth) is
 * checked once. Oldest entries go first when full. Only who the caller is gets cached, never what
 * they may do: each request still reads their access from the database, so removing someone's
 * access refuses their next request even with a token cached here.
 */
export function createVerifiedTokenCache(
  options: { maxEntries?: number; now?: () => number } = {},
) {
  const maxEntries = options.maxEntries ?? MAX_CACHED_TOKENS
  const now = options.now ?? Date.now
  const entries = new Map<string, { identity: Identity; expiresAt: number }>()
  return {
    get(token: string): Identity | undefined {
      const entry = entries.get(token)
      if (!entry) return undefined
      if (entry.expiresAt <= now()) {
        entries.delete(token)
        return undefined
      }
      return entry.identity
    },
    /** `expiresAt`: the token's `exp`, in milliseconds. */
    set(token: string, identity: Identity, expiresAt: number) {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(token, { identity, expiresAt })
    },
  }
}
