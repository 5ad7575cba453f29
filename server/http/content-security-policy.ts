import type { FastifyRequest } from 'fastify'
import type { ClientConfig } from './client-config.ts'
import { THEME_BOOT_SCRIPT_SOURCE } from './theme-boot-script.ts'

export type CspDirectives = Record<string, string[]>

/**
 * The Content-Security-Policy for the SPA, the API docs and every API response. Only what the
 * app really loads is allowed: our own origin, Firebase Auth (and its emulator when on), Google
 * sign-in, and Sentry when a DSN is set.
 */
export function contentSecurityPolicy(config: ClientConfig): CspDirectives {
  const emulator = config.authEmulatorUrl ? [config.authEmulatorUrl] : []
  const sentry = config.sentryDsn ? sentryOrigins(config.sentryDsn) : []
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // The hash: the theme's few lines in a server-rendered booking page's head.
    'script-src': ["'self'", THEME_BOOT_SCRIPT_SOURCE, 'https://apis.google.com'],
    'script-src-attr': ["'none'"],
    // react-hot-toast and Swagger UI set inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      ...emulator,
      ...sentry,
    ],
    // Google sign-in runs in a frame on the project's auth domain.
    'frame-src': [`https://${config.firebase.authDomain}`, ...emulator],
    // Sentry session replay compresses in a worker it creates from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  }
}

/**
 * The `frame-ancestors` sources of an embed page (`/embed/…`): the websites the business the
 * page is for listed, that business found as its API calls will find it. A page for no
 * business (or an unknown one) is framed by nobody.
 */
export function createEmbedFrameAncestors(deps: {
  resolveBusiness: (request: FastifyRequest) => Promise<{ id: string }>
  settings: { frameAncestors(tenantId: string): Promise<string[]> }
}) {
  return async (request: FastifyRequest): Promise<string[]> => {
    const tenant = await deps.resolveBusiness(request).catch(() => null)
    if (!tenant) return ["'none'"]
    return deps.settings.frameAncestors(tenant.id)
  }
}

function sentryOrigins(dsn: string): string[] {
  const origins = ['https://*.ingest.sentry.io', 'https://*.ingest.us.sentry.io']
  try {
    const { origin } = new URL(dsn)
    if (!origins.includes(origin)) origins.push(origin)
  } catch {
    // readConfig validated the DSN; the wildcard hosts still cover sentry.io.
  }
  return origins
}
