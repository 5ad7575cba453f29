import { Readable } from 'node:stream'
import type { RouteOptions } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's exact bytes, kept only on routes that verify a signature over them. */
    rawBody?: Buffer
  }
}

/**
 * An onRoute hook that keeps the exact request bytes on the given routes: a webhook's
 * signature is over the body as sent, which parsed-and-reserialised JSON would not match.
 * The body is still parsed and validated as usual.
 */
export function keepRawBodyFor(urls: readonly string[]) {
  return (route: RouteOptions) => {
    if (!urls.includes(route.url)) return
    const preParsing = [route.preParsing ?? []].flat()
    route.preParsing = [
      ...preParsing,
      async (request, _reply, payload) => {
        const chunks: Buffer[] = []
        for await (const chunk of payload) chunks.push(Buffer.from(chunk))
        request.rawBody = Buffer.concat(chunks)
        return Readable.from([request.rawBody])
      },
    ]
  }
}
