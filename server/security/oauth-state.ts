import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/*
 * The `state` of an OAuth consent (connecting a Google Calendar): who asked, for which member
 * of which business, until when, signed with an HMAC under the server's secret. The callback
 * reaches us without a bearer token, so this is all it has to go on: a forged, altered or
 * expired state is refused, and one made for another purpose never passes as this one.
 */

export interface OAuthStateClaims {
  tenantId: string
  teamMemberId: string
  /** The signed-in user who started the consent. */
  uid: string
}

export interface OAuthStates {
  sign(claims: OAuthStateClaims, now?: number): string
  /** The claims of a state this server signed and that has not expired; null otherwise. */
  verify(state: string, now?: number): OAuthStateClaims | null
}

/** Long enough to read the consent screen and choose an account, short enough not to linger. */
export const OAUTH_STATE_LIFETIME_MS = 10 * 60_000

interface Payload {
  t: string
  m: string
  u: string
  /** Expires at, epoch ms. */
  x: number
  /** Makes each state unique. */
  n: string
}

export function createOAuthStates(secret: string, purpose: string): OAuthStates {
  const key = createHmac('sha256', secret).update(`oauth-state:${purpose}`).digest()
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url')
  return {
    sign(claims, now = Date.now()) {
      const payload: Payload = {
        t: claims.tenantId,
        m: claims.teamMemberId,
        u: claims.uid,
        x: now + OAUTH_STATE_LIFETIME_MS,
        n: randomBytes(12).toString('base64url'),
      }
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
      return `${body}.${mac(body)}`
    },
    verify(state, now = Date.now()) {
      const [body, signature, extra] = state.split('.')
      if (!body || !signature || extra !== undefined) return null
      const expected = Buffer.from(mac(body))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      const payload = readPayload(body)
      if (!payload || payload.x <= now) return null
      return { tenantId: payload.t, teamMemberId: payload.m, uid: payload.u }
    },
  }
}

function readPayload(body: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>
    const strings = [value.t, value.m, value.u, value.n].every((one) => typeof one === 'string')
    return strings && typeof value.x === 'number' ? (value as Payload) : null
  } catch {
    return null
  }
}
