/*
 * The one way the CalDAV and iCal-address connectors reach a provider over HTTP. A
 * connection's address is typed by a member, so every request (each redirect hop too) is
 * refused when its host resolves to a loopback, private or link-local address, unless the
 * deployment allows it (tests, a Radicale on the office network), and a redirect to another
 * origin does not carry the member's password along; every request has a short
 * timeout; and the answers that mean the same whatever was asked become a `ConnectorError`
 * here: a network failure or a 5xx ('unreachable'), 401 ('needs_reconnect'), 429
 * ('rate_limited', with Retry-After). What a 403, 404 or 412 means depends on the request:
 * the connectors read those themselves.
 */

import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { ConnectorError } from './connector.ts'

export interface ProviderFetchOptions {
  /** Each request, its body included, is abandoned after this long. */
  timeoutMs: number
  /** Lets requests reach loopback and private addresses (tests, a server on the same network). */
  allowPrivateAddresses: boolean
}

/** The global fetch's shape, so that tsdav can be handed it. */
export type ProviderFetch = typeof fetch

const MAX_REDIRECTS = 5

const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')
}

/** Whether an address is one a member's calendar address must not lead to. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return isNonPublicAddress(mapped)
  const family = isIP(address)
  if (family === 0) return true
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** A fetch for one connection's requests, with the checks above. */
export function providerFetch(options: ProviderFetchOptions): ProviderFetch {
  return async (input, init = {}) => {
    let url = new URL(input instanceof Request ? input.url : input)
    let request = init
    for (let hop = 0; ; hop++) {
      if (!options.allowPrivateAddresses) await refuseNonPublic(url)
      const response = await fetchOnce(url, request, options.timeoutMs)
      const location = response.headers.get('location')
      const followed = init.redirect !== 'manual' && isRedirect(response.status) && location
      if (!followed) return failIfAlwaysFailure(response, url)
      if (hop === MAX_REDIRECTS)
        throw new ConnectorError('protocol', `${url.host} redirects in a loop`)
      await response.body?.cancel()
      const next = new URL(location, url)
      // As browsers do: a 303 turns the request into a GET, the other codes repeat it, and
      // the credentials stay with the origin they were typed for.
      if (response.status === 303) request = { ...request, method: 'GET', body: null }
      if (next.origin !== url.origin)
        request = { ...request, headers: withoutAuthorization(request) }
      url = next
    }
  }
}

function withoutAuthorization(init: RequestInit): Headers {
  const headers = new Headers(init.headers)
  headers.delete('authorization')
  return headers
}

async function refuseNonPublic(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new ConnectorError('unreachable', `${url.host} has no address`)
        },
      )
  if (addresses.some(isNonPublicAddress)) throw new PrivateAddressError(url)
}

/** A request refused because its host is local or private: the member typed a wrong address. */
export class PrivateAddressError extends ConnectorError {
  constructor(url: URL) {
    super(
      'unreachable',
      `${url.host} is a local or private address, which calendar connections may not reach`,
    )
  }
}

async function fetchOnce(url: URL, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw unreachable(url, error)
  }
}

function isRedirect(status: number): boolean {
  return [301, 302, 303, 307, 308].includes(status)
}

function failIfAlwaysFailure(response: Response, url: URL): Response {
  if (response.status === 401) {
    throw new ConnectorError('needs_reconnect', `${url.host} refused the credentials (401)`)
  }
  if (response.status === 429) {
    throw new ConnectorError(
      'rate_limited',
      `${url.host} asks us to slow down (429)`,
      retryAfterMs(response.headers.get('retry-after')),
    )
  }
  if (response.status >= 500) {
    throw new ServerFailure(
      response.status,
      `${url.host} answered ${response.status}`,
      retryAfterMs(response.headers.get('retry-after')),
    )
  }
  return response
}

/** A 5xx: 'unreachable', with the status for the callers that read more into it. */
export class ServerFailure extends ConnectorError {
  constructor(
    readonly status: number,
    message: string,
    retryAfterMs: number | undefined,
  ) {
    super('unreachable', message, retryAfterMs)
  }
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

function unreachable(url: URL, error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error
  const timedOut = error instanceof Error && error.name === 'TimeoutError'
  return new ConnectorError(
    'unreachable',
    timedOut ? `${url.host} did not answer in time` : `${url.host} could not be reached`,
  )
}

/**
 * Runs one operation of a connector so that it fails only with a ConnectorError: its own errors
 * pass through, a timeout while a body was being read is 'unreachable', and anything else (an
 * answer that could not be read) is 'protocol'.
 */
export async function asConnectorOperation<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    throw asConnectorError(error)
  }
}

function asConnectorError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new ConnectorError('unreachable', 'The calendar server did not answer in time')
  }
  const detail = error instanceof Error ? error.message : String(error)
  return new ConnectorError('protocol', `The calendar server's answer could not be read: ${detail}`)
}
