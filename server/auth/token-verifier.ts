import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import type { Identity } from '../domain/identity.ts'
import { Refusal, unavailable } from '../domain/refusal.ts'
import { createVerifiedTokenCache } from './verified-token-cache.ts'

export interface AuthOptions {
  projectId: string
  /** Accept the Auth emulator's unsigned tokens. Never on in a real deployment. */
  emulator: boolean
}

export interface TokenVerifier {
  /** Resolves the token's identity, or refuses it (unavailable when Google's keys are unreachable). */
  verify(idToken: string): Promise<Identity>
  close(): Promise<void>
}

/** The edge answers it with the Bearer challenge `error="invalid_token"`. */
const invalidToken = (detail: string) => new Refusal('unauthenticated', detail)

/**
 * Verifies Firebase ID tokens with firebase-admin: signature against Google's keys, issuer and
 * audience of this project, expiry.
 */
export function createTokenVerifier(options: AuthOptions): TokenVerifier {
  if (options.emulator && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    // firebase-admin decides emulator mode from this variable alone; without it every
    // emulator token would fail as unsigned.
    throw new Error('Auth emulator mode needs FIREBASE_AUTH_EMULATOR_HOST (host:port) to be set.')
  }
  // A named app per verifier, so several servers (tests) can live in one process.
  const app = initializeApp({ projectId: options.projectId }, `slotwise-auth-${randomUUID()}`)
  const auth = getAuth(app)

  const verified = createVerifiedTokenCache()

  return {
    async verify(idToken) {
      const known = verified.get(idToken)
      if (known) return known
      const header = decodeHeader(idToken)
      if (!header) throw invalidToken('The ID token is not a well-formed JWT.')
      // firebase-admin skips signature checks whenever FIREBASE_AUTH_EMULATOR_HOST is set in the
      // process, so unsigned tokens are refused here unless emulator mode was chosen explicitly.
      if (!options.emulator && header.alg !== 'RS256') {
        throw invalidToken('The ID token is not signed.')
      }
      try {
        const decoded = await auth.verifyIdToken(idToken)
        const identity: Identity = {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified ?? false,
          name: typeof decoded.name === 'string' && decoded.name.trim() ? decoded.name : null,
          authTime: typeof decoded.auth_time === 'number' ? decoded.auth_time : null,
        }
        verified.set(idToken, identity, decoded.exp * 1000)
        return identity
      } catch (error) {
        throw mapVerificationError(error)
      }
    },
    close: () => deleteApp(app),
  }
}

function decodeHeader(token: string): { alg?: unknown } | undefined {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[0]) return undefined
  try {
    const header: unknown = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'))
    return header && typeof header === 'object' ? (header as { alg?: unknown }) : undefined
  } catch {
    return undefined
  }
}

function mapVerificationError(error: unknown): Refusal {
  const code = (error as { code?: unknown }).code
  if (code === 'auth/id-token-expired') {
    return invalidToken('The ID token has expired; sign in again or refresh the token.')
  }
  if (code === 'auth/internal-error') {
    // Google's public keys could not be fetched: our problem, not the caller's token.
    return unavailable('Sign-in cannot be checked right now; try again shortly.', {
      cause: error,
    })
  }
  return invalidToken('The ID token is invalid.')
}
