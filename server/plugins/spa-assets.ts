import { basename } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

// Rsbuild names built assets like index.3f9a1c2b.js: the content hash changes with the
// content, so such files can be cached for good.
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i

/**
 * Serves the built SPA's files. index.html is left out on purpose: it is only ever served
 * through the history fallback, which injects the client config.
 */
export const spaAssetsPlugin: FastifyPluginAsync<{ spaDir: string }> = async (app, { spaDir }) => {
  await app.register(fastifyStatic, {
    root: spaDir,
    // One route per file found at start-up, instead of a catch-all that would swallow unknown
    // addresses before the not-found handler can answer them with the app or a 404.
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
    // The build writes .br and .gz beside every script and style (rsbuild.config.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // The file asked for, whether its .br or .gz copy is what goes out.
      const name = basename(filePath).replace(/\.(br|gz)$/, '')
      // The host script of the embed is loaded by businesses' own websites: helmet's
      // same-origin resource policy would make their browsers refuse it.
      if (name === 'embed.js') {
        reply.header('cross-origin-resource-policy', 'cross-origin')
      }
      reply.header(
        'cache-control',
        HASHED_FILE.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
}
