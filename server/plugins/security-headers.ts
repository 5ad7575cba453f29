import helmet from '@fastify/helmet'
import fp from 'fastify-plugin'
import type { ClientConfig } from '../http/client-config.ts'
import { contentSecurityPolicy } from '../http/content-security-policy.ts'

export const securityHeadersPlugin = fp<{ clientConfig: ClientConfig }>(
  async (app, { clientConfig }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        // Our own list only: helmet's defaults add upgrade-insecure-requests, which would turn
        // the local Auth emulator's http:// calls into failing https:// ones.
        useDefaults: false,
        directives: contentSecurityPolicy(clientConfig),
      },
      // Google sign-in opens a popup that reports back through window.opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // No page is framed, not even by our own: only the embed pages (/embed/…) lift it, for
      // the websites their business lists (server/http/spa-index.ts).
      frameguard: { action: 'deny' },
    })
  },
  { name: 'security-headers' },
)
