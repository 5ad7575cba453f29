import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  answerConsent,
  calendarScopes,
  connectedClient,
  control,
  failureOf,
  type LocalGoogle,
  oauthFor,
  redirectUri,
  startLocalGoogle,
} from '../support/local-google/service.ts'

let service: LocalGoogle
beforeAll(async () => {
  service = await startLocalGoogle()
})
afterAll(async () => {
  await service.stop()
})

function consentUrl(extra: Record<string, string> = {}) {
  return oauthFor(service).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: calendarScopes,
    state: 'state-42',
    ...extra,
  })
}

describe('the consent page', () => {
  it('shows the account and what the app asks for, escaped, and refuses to be framed', async () => {
    const page = await fetch(
      `${consentUrl()}&login_hint=${encodeURIComponent('a"<b>@example.com')}`,
    )
    expect(page.status).toBe(200)
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    const html = await page.text()
    expect(html).toContain('<h1>Slotwise wants to access your Google Account</h1>')
    expect(html).toContain('View and edit events on all your calendars')
    expect(html).toContain('value="a&quot;&lt;b&gt;@example.com"')
    expect(html).not.toContain('<b>@')
  })

  it('sends the browser back with a code and the state on Allow, access_denied on Deny', async () => {
    const allowed = await answerConsent(consentUrl())
    expect(`${allowed.origin}${allowed.pathname}`).toBe(redirectUri)
    expect(allowed.searchParams.get('state')).toBe('state-42')
    expect(allowed.searchParams.get('code')).toMatch(/^4\//)
    expect(allowed.searchParams.get('scope')).toBe(calendarScopes.join(' '))

    const denied = await answerConsent(consentUrl(), 'deny')
    expect(denied.searchParams.get('error')).toBe('access_denied')
    expect(denied.searchParams.get('state')).toBe('state-42')
    expect(denied.searchParams.has('code')).toBe(false)
  })

  it("answers Google's error page for an unknown client or scope", async () => {
    const unknownClient = await fetch(consentUrl().replace(service.clientId, 'someone-else'))
    expect(unknownClient.status).toBe(401)
    expect(await unknownClient.text()).toContain('Error 401: invalid_client')
    const badScope = await fetch(consentUrl({ scope: 'https://www.googleapis.com/auth/drive' }))
    expect(badScope.status).toBe(400)
    expect(await badScope.text()).toContain('invalid_scope')
  })
})

describe('the token endpoint', () => {
  it('exchanges a code once for a refresh and an access token', async () => {
    const auth = oauthFor(service)
    const code = (await answerConsent(consentUrl())).searchParams.get('code') ?? ''
    const { tokens } = await auth.getToken(code)
    expect(tokens.refresh_token).toMatch(/^1\/\//)
    expect(tokens.access_token).toMatch(/^ya29\./)
    expect(tokens.token_type).toBe('Bearer')
    expect(tokens.scope).toBe(calendarScopes.join(' '))
    expect(tokens.expiry_date).toBeGreaterThan(Date.now() + 3_500_000)

    const reused = await failureOf(auth.getToken(code))
    expect(reused.status).toBe(400)
    expect(reused.data).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' })
  })

  it('gives a refresh token again only when the app asks with prompt=consent', async () => {
    const email = 'second@example.com'
    const auth = oauthFor(service)
    const first = await answerConsent(consentUrl({ prompt: '' }), 'allow', email)
    expect(
      (await auth.getToken(first.searchParams.get('code') ?? '')).tokens.refresh_token,
    ).toBeTruthy()
    const again = await answerConsent(consentUrl({ prompt: '' }), 'allow', email)
    expect(
      (await auth.getToken(again.searchParams.get('code') ?? '')).tokens.refresh_token,
    ).toBeUndefined()
    const forced = await answerConsent(consentUrl(), 'allow', email)
    expect(
      (await auth.getToken(forced.searchParams.get('code') ?? '')).tokens.refresh_token,
    ).toBeTruthy()
  })

  it('refuses a wrong client secret as invalid_client and a wrong redirect URI', async () => {
    const code = (await answerConsent(consentUrl())).searchParams.get('code') ?? ''
    const wrongSecret = await failureOf(oauthFor(service, 'not-the-secret').getToken(code))
    expect(wrongSecret.status).toBe(401)
    expect(wrongSecret.data).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' })
    const elsewhere = await failureOf(
      oauthFor(service).getToken({ code, redirect_uri: 'http://elsewhere.test/callback' }),
    )
    expect(elsewhere.data?.error).toBe('redirect_uri_mismatch')
  })

  it('refreshes an access token, and answers invalid_grant once the grant is revoked', async () => {
    const { auth, api, refreshToken } = await connectedClient(service)
    const refreshed = await auth.refreshAccessToken()
    expect(refreshed.credentials.access_token).toMatch(/^ya29\./)
    expect((await api.calendarList.list()).status).toBe(200)

    await auth.revokeToken(refreshToken)
    const revoked = await failureOf(auth.refreshAccessToken())
    expect(revoked.status).toBe(400)
    expect(revoked.data).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    })
    const again = await failureOf(auth.revokeToken(refreshToken))
    expect(again.data?.error).toBe('invalid_token')
  })
})

describe('access tokens at the Calendar API', () => {
  it("answers 401 with Google's body for an expired token", async () => {
    const { api } = await connectedClient(service, 'expiring@example.com')
    await control(service, '/_local/tokens/expire', { email: 'expiring@example.com' })
    const failure = await failureOf(api.calendarList.list())
    expect(failure.status).toBe(401)
    expect(failure.data?.error?.errors[0]?.reason).toBe('authError')
    expect(failure.data?.error?.message).toBe('Invalid Credentials')
  })

  it('answers 403 insufficientPermissions for a call the scopes do not cover', async () => {
    const { api } = await connectedClient(service, 'narrow@example.com', [
      'https://www.googleapis.com/auth/calendar.events',
    ])
    const failure = await failureOf(api.calendarList.list())
    expect(failure.status).toBe(403)
    expect(failure.data?.error?.errors[0]?.reason).toBe('insufficientPermissions')
    expect((await api.events.list({ calendarId: 'primary' })).status).toBe(200)
  })
})
