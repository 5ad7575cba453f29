import { type Credentials, OAuth2Client } from 'google-auth-library'
import { type ConnectionCredentials, ConnectorError } from '../connector.ts'
import { toConnectorError } from './google-errors.ts'
import type { GoogleSettings } from './google-settings.ts'

/*
 * The OAuth 2.0 steps of connecting a Google Calendar (the web server flow): the consent
 * address the member is sent to, exchanging the code Google sends back for tokens, and
 * revoking them on disconnect.
 */

export type GoogleCredentials = Extract<ConnectionCredentials, { kind: 'google' }>

/** Write the member's events, read their calendars (and the list of them): nothing more. */
export const googleScopes = [
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
]

export function oauthClient(settings: GoogleSettings, redirectUri?: string): OAuth2Client {
  return new OAuth2Client({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    ...(redirectUri ? { redirectUri } : {}),
    endpoints: {
      oauth2AuthBaseUrl: settings.authUrl,
      oauth2TokenUrl: settings.tokenUrl,
      oauth2RevokeUrl: settings.revokeUrl,
    },
  })
}

/**
 * Where to send the member: offline access (a refresh token, for syncing while they are away),
 * and `prompt=consent`, because Google hands a refresh token out only on a consent it showed.
 */
export function googleConsentUrl(
  settings: GoogleSettings,
  request: { redirectUri: string; state: string; loginHint?: string },
): string {
  return oauthClient(settings, request.redirectUri).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: googleScopes,
    state: request.state,
    include_granted_scopes: true,
    ...(request.loginHint ? { login_hint: request.loginHint } : {}),
  })
}

/** The code from the callback, for the connection's credentials; `invalid_grant` → needs_reconnect. */
export async function exchangeGoogleCode(
  settings: GoogleSettings,
  request: { code: string; redirectUri: string },
): Promise<GoogleCredentials> {
  let tokens: Credentials
  try {
    ;({ tokens } = await oauthClient(settings, request.redirectUri).getToken(request.code))
  } catch (error) {
    throw toConnectorError(error)
  }
  if (!tokens.refresh_token) {
    throw new ConnectorError(
      'protocol',
      'Google gave no refresh token; the member must consent again.',
    )
  }
  return {
    kind: 'google',
    refreshToken: tokens.refresh_token,
    ...(tokens.access_token ? { accessToken: tokens.access_token } : {}),
    ...(tokens.expiry_date ? { accessTokenExpiresAt: tokens.expiry_date } : {}),
  }
}

/** Ends the grant at Google (disconnect); one Google already forgot is not an error. */
export async function revokeGoogleAccess(
  settings: GoogleSettings,
  credentials: GoogleCredentials,
): Promise<void> {
  try {
    await oauthClient(settings).revokeToken(credentials.refreshToken)
  } catch (error) {
    const answer = (error as { response?: { data?: { error?: string } } }).response?.data
    if (answer?.error === 'invalid_token') return
    throw toConnectorError(error)
  }
}
