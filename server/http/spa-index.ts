import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isEmbedPath } from '../../shared/booking-links.ts'
import { type ClientConfig, injectClientConfig } from './client-config.ts'
import { contentSecurityPolicy } from './content-security-policy.ts'
import { HttpProblem } from './problem.ts'
import { readStartChunkGroups, startFiles, withStartPreloads } from './start-preloads.ts'

/**
 * Answers a browser navigation to any app route (/dashboard, /booking/...) with the SPA's
 * index.html carrying the client config; the SPA's router takes it from there. The file is
 * read per request so a rebuilt app is served without a restart.
 */
export function createSpaIndexResponder(options: {
  spaDir: string
  clientConfig: ClientConfig
  /**
   * The CSP `frame-ancestors` sources of an embed page (`/embed/…`), from the settings of
   * the business the request is for. Every other page keeps `'none'` and X-Frame-Options.
   */
  embedFrameAncestors?: (request: FastifyRequest) => Promise<string[]>
  /** Adds what a page carries beyond the shell (the booking wizard's inline catalogue). */
  pageData?: (request: FastifyRequest, html: string) => Promise<string>
}) {
  const indexPath = join(options.spaDir, 'index.html')
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    let html: string
    try {
      html = await readFile(indexPath, 'utf8')
    } catch (error) {
      throw new HttpProblem(503, 'The web app has not been built yet (npm run build).', {
        cause: error,
      })
    }
    const pathname = request.url.split('?')[0] ?? ''
    if (options.embedFrameAncestors && isEmbedPath(pathname)) {
      const ancestors = await options.embedFrameAncestors(request)
      // Helmet already wrote its headers on the raw response: re-apply them with this page's
      // frame-ancestors, and drop X-Frame-Options, which knows no list of origins (and which
      // browsers ignore anyway when frame-ancestors is present).
      reply.helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            ...contentSecurityPolicy(options.clientConfig),
            'frame-ancestors': ancestors,
          },
        },
      })
      reply.raw.removeHeader('x-frame-options')
      // The same address answers differently per business (subdomain or ?business=).
      reply.header('vary', 'host')
    }
    if (options.pageData) html = await options.pageData(request, html)
    html = withStartPreloads(html, startFiles(await readStartChunkGroups(options.spaDir), pathname))
    await reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(injectClientConfig(html, options.clientConfig))
  }
}
