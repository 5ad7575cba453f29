import { calendar, type calendar_v3 } from '@googleapis/calendar'
import { OAuth2Client } from 'google-auth-library'
import { type LocalGoogle, startLocalGoogle } from '../../../local-google/server.ts'

export const redirectUri = 'http://app.test/api/v1/calendar-connections/google/callback'
export const calendarScopes = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
]

export { type LocalGoogle, startLocalGoogle }

/** google-auth-library's client pointed at the local service, as the app points it. */
export function oauthFor(service: LocalGoogle, secret = service.clientSecret): OAuth2Client {
  return new OAuth2Client({
    clientId: service.clientId,
    clientSecret: secret,
    redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: `${service.url}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${service.url}/token`,
      oauth2RevokeUrl: `${service.url}/revoke`,
    },
  })
}

/**
 * Opens a consent address and answers it as a person would (the page's form, Allow or Deny),
 * returning where Google sends the browser back.
 */
export async function answerConsent(
  consentUrl: string,
  decision: 'allow' | 'deny' = 'allow',
  email?: string,
): Promise<URL> {
  const page = await fetch(consentUrl)
  if (page.status !== 200) throw new Error(`Consent page answered ${page.status}`)
  const html = await page.text()
  const action = html.match(/<form method="post" action="([^"]+)"/)?.[1]
  const fields = new URLSearchParams()
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields.set(name as string, decodeEntities(value as string))
  }
  const shown = html.match(/name="email" type="email" value="([^"]*)"/)?.[1] ?? ''
  fields.set('email', email ?? decodeEntities(shown))
  fields.set('decision', decision)
  const sent = await fetch(new URL(action ?? '', consentUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields,
  })
  if (sent.status !== 302) throw new Error(`Consent form answered ${sent.status}`)
  return new URL(sent.headers.get('location') ?? '')
}

/** A member's consent and code exchange: a client holding their refresh and access tokens. */
export async function connectedClient(
  service: LocalGoogle,
  email = 'member@example.com',
  scope: string[] = calendarScopes,
): Promise<{ auth: OAuth2Client; api: calendar_v3.Calendar; refreshToken: string }> {
  const auth = oauthFor(service)
  const back = await answerConsent(
    auth.generateAuthUrl({ access_type: 'offline', prompt: 'consent', scope, state: 's' }),
    'allow',
    email,
  )
  const { tokens } = await auth.getToken(back.searchParams.get('code') ?? '')
  auth.setCredentials(tokens)
  return { auth, api: apiFor(service, auth), refreshToken: tokens.refresh_token ?? '' }
}

export function apiFor(service: LocalGoogle, auth: OAuth2Client): calendar_v3.Calendar {
  return calendar({
    version: 'v3',
    auth: auth as unknown as calendar_v3.Options['auth'],
    rootUrl: `${service.url}/`,
    retry: false,
  })
}

/** Calls a `/_local/…` control route. */
export async function control(service: LocalGoogle, path: string, body: object = {}) {
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as Record<string, unknown>
}

/** What a failed SDK call answered: its status and Google's error body. */
export async function failureOf(call: Promise<unknown>) {
  try {
    await call
  } catch (error) {
    const failure = error as {
      status?: number
      response?: { status: number; data: unknown; headers: Headers }
    }
    return {
      status: failure.response?.status ?? failure.status,
      data: failure.response?.data as Record<string, unknown> & {
        error?: { code: number; message: string; errors: { reason: string }[] }
      },
      headers: failure.response?.headers,
    }
  }
  throw new Error('The call succeeded')
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}
