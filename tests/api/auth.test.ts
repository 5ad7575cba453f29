import http from 'node:http'
import https from 'node:https'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Problem } from '../../server/http/problem.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import {
  type EmulatorUser,
  signUp,
  withHeader,
  withPayload,
} from '../support/api/emulator-users.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

let emulatorApp: TestApp
let signedOnlyApp: TestApp
let user: EmulatorUser

beforeAll(async () => {
  ;[emulatorApp, signedOnlyApp, user] = await Promise.all([
    createTestApp(),
    createTestApp({ emulator: false }),
    signUp(),
  ])
})
afterAll(async () => {
  await Promise.all([emulatorApp?.close(), signedOnlyApp?.close()])
})
afterEach(() => {
  vi.restoreAllMocks()
})

function getMe(app: TestApp, authorization?: string) {
  return app.app.inject({
    method: 'GET',
    url: '/api/v1/me/',
    headers: authorization ? { authorization } : {},
  })
}

function expectUnauthorized(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(401)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(response.headers['www-authenticate']).toMatch(/^Bearer/)
  const problem = response.json<Problem>()
  expect(problem).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 })
  expect(problem.instance).toBe('/api/v1/me/')
  return problem
}

describe('authentication on /api/v1/me/', () => {
  it('accepts a real emulator ID token in emulator mode', async () => {
    const response = await getMe(emulatorApp, `Bearer ${user.idToken}`)

    expect(response.statusCode).toBe(200)
    expect(response.json<Profile>().user.uid).toBe(user.uid)
  })

  it('rejects a request without a token', async () => {
    const problem = expectUnauthorized(await getMe(emulatorApp))

    expect(problem.detail).toMatch(/Authorization: Bearer/)
  })

  it('rejects an Authorization header that is not a Bearer token', async () => {
    expectUnauthorized(await getMe(emulatorApp, `Basic ${Buffer.from('a:b').toString('base64')}`))
  })

  it('rejects a garbage token', async () => {
    const problem = expectUnauthorized(await getMe(emulatorApp, 'Bearer not-a-jwt'))

    expect(problem.detail).toMatch(/not a well-formed JWT/)
  })

  it('rejects a token whose payload was changed to another project', async () => {
    const tampered = withPayload(user.idToken, (claims) => {
      claims.aud = 'someone-elses-project'
      claims.iss = 'https://securetoken.google.com/someone-elses-project'
    })

    const problem = expectUnauthorized(await getMe(emulatorApp, `Bearer ${tampered}`))

    expect(problem.detail).toBe('The ID token is invalid.')
  })

  it('rejects an expired token', async () => {
    const hourAgo = Math.floor(Date.now() / 1000) - 3600
    const expired = withPayload(user.idToken, (claims) => {
      claims.iat = hourAgo - 60
      claims.auth_time = hourAgo - 60
      claims.exp = hourAgo
    })

    const problem = expectUnauthorized(await getMe(emulatorApp, `Bearer ${expired}`))

    expect(problem.detail).toMatch(/expired/)
  })

  it('never shows token or verifier internals in the problem', async () => {
    const response = await getMe(emulatorApp, 'Bearer not-a-jwt')

    expect(response.body).not.toMatch(/firebase|stack|auth\//i)
  })
})

describe('authentication with emulator mode off', () => {
  it('rejects an unsigned emulator token without any network call', async () => {
    const httpsRequest = vi.spyOn(https, 'request')
    const httpRequest = vi.spyOn(http, 'request')

    const problem = expectUnauthorized(await getMe(signedOnlyApp, `Bearer ${user.idToken}`))

    expect(problem.detail).toBe('The ID token is not signed.')
    expect(httpsRequest).not.toHaveBeenCalled()
    expect(httpRequest).not.toHaveBeenCalled()
  })

  it('rejects a token relabelled as RS256 with a changed payload and a forged signature', async () => {
    const forged = withHeader(
      withPayload(user.idToken, (claims) => {
        claims.user_id = 'someone-else'
        claims.sub = 'someone-else'
      }),
      { alg: 'RS256', kid: 'forged-key', typ: 'JWT' },
    )
    const withSignature = `${forged}${Buffer.from('forged-signature').toString('base64url')}`

    expectUnauthorized(await getMe(signedOnlyApp, `Bearer ${withSignature}`))
  })

  it('still serves public endpoints', async () => {
    const response = await signedOnlyApp.app.inject({ method: 'GET', url: '/api/v1/health' })

    expect(response.statusCode).toBe(200)
  })
})
