/*
 * Where the Google connector finds Google: its own addresses by default, or one root that
 * serves them all (the local Google service `npm start` runs when no credentials are set).
 */

/** The app's OAuth client in Google Cloud and the addresses it talks to. */
export interface GoogleSettings {
  clientId: string
  clientSecret: string
  authUrl: string
  tokenUrl: string
  revokeUrl: string
  /** @googleapis/calendar's `rootUrl`. */
  apiRootUrl: string
}

/** What a person (or `npm start`) configures: GOOGLE_CLIENT_ID, _SECRET, and optional roots. */
export interface GoogleSettingsInput {
  clientId: string
  clientSecret: string
  /** GOOGLE_OAUTH_BASE_URL: serves `/o/oauth2/v2/auth`, `/token` and `/revoke`. */
  oauthBaseUrl?: string | undefined
  /** GOOGLE_API_BASE_URL: serves `/calendar/v3/…`. */
  apiBaseUrl?: string | undefined
}

export function googleSettings(input: GoogleSettingsInput): GoogleSettings {
  const oauth = input.oauthBaseUrl?.replace(/\/$/, '')
  return {
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    authUrl: oauth ? `${oauth}/o/oauth2/v2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: oauth ? `${oauth}/token` : 'https://oauth2.googleapis.com/token',
    revokeUrl: oauth ? `${oauth}/revoke` : 'https://oauth2.googleapis.com/revoke',
    apiRootUrl: input.apiBaseUrl
      ? `${input.apiBaseUrl.replace(/\/$/, '')}/`
      : 'https://www.googleapis.com/',
  }
}
