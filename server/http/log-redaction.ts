import type { FastifyRequest } from 'fastify'

/** Query parameters that are secrets: calendar feed tokens, manage links opened in the app. */
const SECRET_PARAMETERS = ['token']

/** The URL with the value of every secret query parameter replaced, for logs. */
export function withoutSecrets(url: string): string {
  const query = url.indexOf('?')
  if (query === -1) return url
  const parameters = new URLSearchParams(url.slice(query + 1))
  const secrets = SECRET_PARAMETERS.filter((name) => parameters.has(name))
  if (secrets.length === 0) return url
  for (const name of secrets) parameters.set(name, 'redacted')
  return `${url.slice(0, query)}?${parameters}`
}

/**
 * What a request log line says about the request: Fastify's default fields, with secrets taken
 * out of the URL (a feed token in a log would let anyone reading logs subscribe to the feed).
 */
export function requestLogView(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
