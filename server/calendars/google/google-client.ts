import { calendar, type calendar_v3 } from '@googleapis/calendar'
import type { OAuth2Client } from 'google-auth-library'
import { statusOf } from './google-errors.ts'
import { type GoogleCredentials, oauthClient } from './google-oauth.ts'
import type { GoogleSettings } from './google-settings.ts'

export interface GoogleClientOptions {
  settings: GoogleSettings
  /** Called with the credentials after Google issued a new access token, for the engine to keep. */
  onCredentialsRefreshed?: (credentials: GoogleCredentials) => void | Promise<void>
  /** Per request (default 20 s). */
  timeoutMs?: number
}

/**
 * The Calendar API as one connection's member: @googleapis/calendar on google-auth-library's
 * OAuth2Client, which refreshes the access token when it runs out.
 */
export class GoogleClient {
  readonly api: calendar_v3.Calendar
  private readonly auth: OAuth2Client
  private readonly pendingCallbacks: Promise<void>[] = []

  constructor(
    private readonly credentials: GoogleCredentials,
    options: GoogleClientOptions,
  ) {
    this.auth = oauthClient(options.settings)
    this.auth.setCredentials({
      refresh_token: credentials.refreshToken,
      access_token: credentials.accessToken ?? null,
      expiry_date: credentials.accessTokenExpiresAt ?? null,
    })
    this.auth.on('tokens', (tokens) => {
      if (!tokens.access_token || !options.onCredentialsRefreshed) return
      const refreshed: GoogleCredentials = {
        kind: 'google',
        refreshToken: tokens.refresh_token ?? credentials.refreshToken,
        accessToken: tokens.access_token,
        ...(tokens.expiry_date ? { accessTokenExpiresAt: tokens.expiry_date } : {}),
      }
      this.pendingCallbacks.push(Promise.resolve(options.onCredentialsRefreshed(refreshed)))
    })
    this.api = calendar({
      version: 'v3',
      // The SDK is typed against its own copy of google-auth-library (10.5); the app's (10.9)
      // is the same class at run time, differing only in private fields.
      auth: this.auth as unknown as calendar_v3.Options['auth'],
      rootUrl: options.settings.apiRootUrl,
      // The engine backs off itself (Retry-After included); a sync never waits in a retry loop.
      retry: false,
      timeout: options.timeoutMs ?? 20_000,
    })
  }

  /**
   * One API call. A 401 with a stored access token gets one more try with a fresh one (the
   * token may have been revoked early or the clock be off); a 401 after that is the member's
   * to fix. Refreshed credentials are handed over before the result.
   */
  async call<T>(request: (api: calendar_v3.Calendar) => Promise<{ data: T }>): Promise<T> {
    try {
      return (await request(this.api)).data
    } catch (error) {
      if (statusOf(error) !== 401) throw error
      this.auth.setCredentials({ refresh_token: this.credentials.refreshToken })
      return (await request(this.api)).data
    } finally {
      await Promise.all(this.pendingCallbacks.splice(0))
    }
  }
}
