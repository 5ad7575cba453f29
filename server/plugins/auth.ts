import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { TokenVerifier } from '../auth/token-verifier.ts'
import type { Identity } from '../domain/identity.ts'
import { HttpProblem } from '../http/problem.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies the request's Bearer token and sets `request.identity`, or throws a 401. */
    authenticate(request: FastifyRequest): Promise<Identity>
    /** Verifies a bare ID token (the live-updates socket's `auth` message), or throws a 401. */
    verifyToken(idToken: string): Promise<Identity>
  }
  interface FastifyRequest {
    identity: Identity | null
  }
}

const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i

/** `verifier` comes from the composition root, which also closes it. */
export const authPlugin = fp<{ verifier: TokenVerifier }>(
  async (app, { verifier }) => {
    app.decorateRequest('identity', null)
    app.decorate('verifyToken', (idToken: string) => verifier.verify(idToken))
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization
      if (!header) {
        throw new HttpProblem(
          401,
          'Sign in first: send the Firebase ID token as "Authorization: Bearer <token>".',
          { headers: { 'www-authenticate': 'Bearer' } },
        )
      }
      const token = BEARER.exec(header)?.[1]
      if (!token) {
        throw new HttpProblem(401, 'The Authorization header must be "Bearer <token>".', {
          headers: { 'www-authenticate': 'Bearer error="invalid_request"' },
        })
      }
      const identity = await verifier.verify(token)
      request.identity = identity
      return identity
    })
  },
  { name: 'auth' },
)
