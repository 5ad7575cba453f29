import { join } from 'node:path'
import { startLocalGoogle } from '../../local-google/server.ts'

export interface LocalGoogleRun {
  url: string
  /** What the API needs to talk to it: the variables real Google takes, plus its address. */
  env: {
    GOOGLE_CLIENT_ID: string
    GOOGLE_CLIENT_SECRET: string
    GOOGLE_OAUTH_BASE_URL: string
    GOOGLE_API_BASE_URL: string
  }
  stop(): Promise<void>
}

/**
 * The local Google service for `npm start`, its accounts, calendars and grants kept under the
 * data folder, so a connected calendar survives a restart.
 */
export async function startLocalGoogleFor(options: {
  dataDir: string
  port: number
  host: string
}): Promise<LocalGoogleRun> {
  const google = await startLocalGoogle({
    port: options.port,
    host: options.host,
    dataFile: join(options.dataDir, 'local-google', 'state.json'),
  })
  return {
    url: google.url,
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_OAUTH_BASE_URL: google.url,
      GOOGLE_API_BASE_URL: google.url,
    },
    stop: () => google.stop(),
  }
}
