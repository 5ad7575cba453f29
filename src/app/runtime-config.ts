/** What the server tells the browser at page load; see `getRuntimeConfig`. */
export interface RuntimeConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string }
  /** Set only where the Auth emulator stands in for Firebase (local runs and tests). */
  authEmulatorUrl: string | null
  sentryDsn: string | null
  environment: string
}

export const RUNTIME_CONFIG_ELEMENT_ID = 'slotwise-config'

/** What the rsbuild dev server gets: it injects no config, and local runs use the emulator. */
export const DEV_RUNTIME_CONFIG: RuntimeConfig = {
  firebase: {
    apiKey: 'demo-api-key',
    authDomain: 'demo-slotwise.firebaseapp.com',
    projectId: 'demo-slotwise',
    appId: '',
  },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  sentryDsn: null,
  environment: 'development',
}

let cached: RuntimeConfig | undefined

/**
 * The config the server injects as `<script type="application/json" id="slotwise-config">`,
 * read once. Without that element (the rsbuild dev server, Node tests) the emulator defaults
 * apply. A present but malformed element throws: silently falling back would point a real
 * deployment at a local emulator.
 */
export function getRuntimeConfig(): RuntimeConfig {
  if (cached) return cached
  const element =
    typeof document === 'undefined' ? null : document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)
  cached = element?.textContent
    ? parseRuntimeConfig(JSON.parse(element.textContent))
    : DEV_RUNTIME_CONFIG
  return cached
}

/** Checks the injected JSON field by field so a server bug surfaces as a clear message. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value) || !isRecord(value.firebase)) {
    throw new Error('Runtime config: expected an object with a "firebase" object')
  }
  const { firebase } = value
  return {
    firebase: {
      apiKey: requireString(firebase.apiKey, 'firebase.apiKey'),
      authDomain: optionalString(firebase.authDomain, 'firebase.authDomain') ?? '',
      projectId: requireString(firebase.projectId, 'firebase.projectId'),
      appId: optionalString(firebase.appId, 'firebase.appId') ?? '',
    },
    authEmulatorUrl: optionalString(value.authEmulatorUrl, 'authEmulatorUrl'),
    sentryDsn: optionalString(value.sentryDsn, 'sentryDsn'),
    environment: optionalString(value.environment, 'environment') ?? 'production',
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new Error(`Runtime config: "${field}" must be a non-empty string`)
  }
  return value
}

function optionalString(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string') throw new Error(`Runtime config: "${field}" must be a string`)
  return value
}
