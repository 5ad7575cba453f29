import cors from '@fastify/cors'
import fp from 'fastify-plugin'

/**
 * Cross-origin calls only from the configured origins (a separately hosted app, a custom
 * domain). The SPA served by this server is same-origin and needs no entry.
 */
export const corsPlugin = fp<{ origins: string[] }>(
  async (app, { origins }) => {
    const allowed = new Set(origins)
    await app.register(cors, {
      // false (not an error) for other origins: the request still runs, the browser just
      // does not hand the response to the calling page.
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'Idempotency-Key',
        'sentry-trace',
        'baggage',
      ],
      maxAge: 600,
    })
  },
  { name: 'cors' },
)
